import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-list-as-string';

const anthropic = `{ "name": "create_note", "description": "Use this to save a note.", "input_schema": { "type": "object", "properties": { "text": { "type": "string" }, "tags": { "type": "string", "description": "Comma-separated tags, for example work,urgent." } }, "required": ["text"] } }`;

const mcp = `{ "name": "send_invite", "description": "Use this to invite people to a meeting.", "inputSchema": { "type": "object", "properties": { "attendees": { "type": "string" }, "user_ids": { "type": "string" }, "labelList": { "type": "string" } } } }`;

// OpenAI chat, four-space indentation: a joined default, a list pattern and length limits move into items.
const openaiBlock = `{
    "type": "function",
    "function": {
        "name": "tag_document",
        "description": "Use this when the user wants to tag a document.",
        "parameters": {
            "type": "object",
            "properties": {
                "document_id": { "type": "string", "description": "Document to tag." },
                "labels": {
                    "type": "string",
                    "pattern": "^[a-z]+(,[a-z]+)*$",
                    "maxLength": 200,
                    "default": "inbox,todo",
                    "description": "Labels to apply, comma-separated."
                }
            },
            "required": ["document_id"]
        }
    }
}`;
const openaiBlockFixed = openaiBlock.replace(`"type": "string",
                    "pattern": "^[a-z]+(,[a-z]+)*$",
                    "maxLength": 200,
                    "default": "inbox,todo",`, `"type": "array",
                    "items": { "type": "string", "pattern": "^[a-z]+$", "maxLength": 200 },
                    "default": ["inbox", "todo"],`);

// Gemini (upper case), a semicolon-separated default, a nullable type list, a nullable anyOf branch.
const gemini = `{ "functionDeclarations": [{ "name": "find_recipes", "description": "Use this to find recipes.", "parameters": { "type": "OBJECT", "properties": { "ingredients": { "type": "STRING", "description": "Ingredients separated by semicolons.", "default": "salt; pepper" } } } }] }`;

const nullable = `{ "name": "share_file", "description": "Use this to share a file.", "input_schema": { "type": "object", "properties": { "emails": { "type": ["string", "null"], "default": null }, "group_ids": { "anyOf": [{ "type": "string" }, { "type": "null" }], "examples": ["g1,g2"] } } } }`;

const noFix = `{ "name": "label_issue", "description": "Use this to label an issue.", "inputSchema": { "type": "object", "properties": { "tags": { "type": "string", "default": 5 }, "topics": { "type": "string", "items": { "type": "string" }, "minLength": 1 } } } }`;

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
      code: anthropic,
      errors: [
        {
          messageId: 'describedList',
          at: '"string"',
          occurrence: 2,
          data: { name: 'tags' },
          fixes: [{ title: 'Change the type of "tags" to an array of strings', kind: 'suggestion', output: anthropic.replace('"tags": { "type": "string",', '"tags": { "type": "array", "items": { "type": "string" },') }],
        },
      ],
    },
    {
      name: 'list-like names without a description cue (MCP)',
      code: mcp,
      errors: [
        { messageId: 'listName', at: '"string"', occurrence: 1, data: { name: 'attendees' }, fixes: [{ output: mcp.replace('"attendees": { "type": "string" }', '"attendees": { "type": "array", "items": { "type": "string" } }') }] },
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
    {
      name: 'multi-line OpenAI chat tool: pattern and maxLength move into items, the default is split',
      code: openaiBlock,
      errors: [
        {
          messageId: 'describedList',
          at: '"string"',
          occurrence: 2,
          fixes: [{ title: 'Change the type of "labels" to an array of strings (moving "pattern", "maxLength" into "items")', output: openaiBlockFixed }],
        },
      ],
    },
    {
      name: 'Gemini keeps upper case; a semicolon-separated default is split at semicolons',
      code: gemini,
      errors: [
        {
          messageId: 'describedList',
          at: '"STRING"',
          fixes: [{ output: gemini.replace('"type": "STRING", "description": "Ingredients separated by semicolons.", "default": "salt; pepper"', '"type": "ARRAY", "items": { "type": "STRING" }, "description": "Ingredients separated by semicolons.", "default": ["salt", "pepper"]') }],
        },
      ],
    },
    {
      name: 'nullable type list and nullable anyOf branch (Anthropic): items go beside the type, examples are split',
      code: nullable,
      errors: [
        { messageId: 'listName', at: '"string"', occurrence: 1, data: { name: 'emails' }, fixes: [{ output: nullable.replace('"type": ["string", "null"], "default": null', '"type": ["array", "null"], "items": { "type": "string" }, "default": null') }] },
        {
          messageId: 'listName',
          at: '"string"',
          occurrence: 2,
          data: { name: 'group_ids' },
          fixes: [{ output: nullable.replace('[{ "type": "string" }, { "type": "null" }], "examples": ["g1,g2"]', '[{ "type": "array", "items": { "type": "string" } }, { "type": "null" }], "examples": [["g1", "g2"]]') }],
        },
      ],
    },
    {
      name: 'no fix when the default is not a string, or items are already there with keywords to merge',
      code: noFix,
      errors: [
        { messageId: 'listName', at: '"string"', occurrence: 1, data: { name: 'tags' }, fixes: [] },
        { messageId: 'listName', at: '"string"', occurrence: 2, data: { name: 'topics' }, fixes: [] },
      ],
    },
  ],
});
