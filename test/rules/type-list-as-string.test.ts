import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-list-as-string';

runRuleTests(rule, {
  valid: [
    {
      name: 'arrays of strings (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "create_note", "description": "Use this to save a note.", "parameters": { "type": "object", "properties": { "tags": { "type": "array", "items": { "type": "string" } }, "recipient_ids": { "type": "array", "items": { "type": "string" } } } } } }`,
    },
    {
      name: 'free-text plurals are not lists: notes, details, instructions, address',
      code: `{ "name": "create_order", "description": "Use this to place an order.", "input_schema": { "type": "object", "properties": { "notes": { "type": "string" }, "details": { "type": "string" }, "instructions": { "type": "string" }, "address": { "type": "string" } } } }`,
    },
    {
      name: 'a search query with space-separated terms, a mailing list address, a CSV format choice (MCP)',
      code: `{ "name": "search_products", "description": "Use this to search the catalogue.", "inputSchema": { "type": "object", "properties": { "keywords": { "type": "string", "description": "The search terms used to find products, separated by spaces." }, "mailing_list": { "type": "string", "description": "The address of the mailing list to notify." }, "datatype": { "type": "string", "description": "Set to csv for comma-separated values format." } } } }`,
    },
    {
      name: 'a list-like name whose description gives one closed choice (Okta recipients)',
      code: `{ "name": "replace_email_settings", "description": "Use this to change who receives an email type.", "inputSchema": { "type": "object", "properties": { "recipients": { "type": "string", "description": "Who receives this email type. Valid values: ALL_USERS, ADMINS_ONLY, NO_USERS." } } } }`,
    },
  ],
  invalid: [
    {
      name: 'comma-separated tags (Anthropic)',
      code: `{ "name": "create_note", "description": "Use this to save a note.", "input_schema": { "type": "object", "properties": { "text": { "type": "string" }, "tags": { "type": "string", "description": "Comma-separated tags, for example work,urgent." } }, "required": ["text"] } }`,
      errors: [{ messageId: 'describedList', at: '"string"', occurrence: 2, data: { name: 'tags' } }],
    },
    {
      name: 'list-like names without a description cue (MCP)',
      code: `{ "name": "send_invite", "description": "Use this to invite people to a meeting.", "inputSchema": { "type": "object", "properties": { "attendees": { "type": "string" }, "user_ids": { "type": "string" }, "labelList": { "type": "string" } } } }`,
      errors: [
        { messageId: 'listName', at: '"string"', occurrence: 1, data: { name: 'attendees' } },
        { messageId: 'listName', at: '"string"', occurrence: 2, data: { name: 'user_ids' } },
        { messageId: 'listName', at: '"string"', occurrence: 3, data: { name: 'labelList' } },
      ],
    },
    {
      name: '"list of", "separated by commas" and a semicolon list (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "find_recipes", "description": "Use this to find recipes.", "parameters": { "type": "object", "properties": { "ingredients": { "type": "string", "description": "List of ingredients to include." }, "exclude": { "type": "string", "description": "Ingredients to avoid, separated by commas." }, "steps": { "type": "string", "description": "Extra build commands, semicolon-separated." } } } } }`,
      errors: [
        { messageId: 'describedList', at: '"string"', occurrence: 1, data: { name: 'ingredients' } },
        { messageId: 'describedList', at: '"string"', occurrence: 2, data: { name: 'exclude' } },
        { messageId: 'describedList', at: '"string"', occurrence: 3, data: { name: 'steps' } },
      ],
    },
  ],
});
