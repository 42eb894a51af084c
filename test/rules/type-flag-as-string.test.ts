import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-flag-as-string';

runRuleTests(rule, {
  valid: [
    {
      name: 'boolean flags (OpenAI chat)',
      code: `{ "type": "function", "function": { "name": "list_users", "description": "Use this to list workspace members.", "parameters": { "type": "object", "properties": { "include_disabled": { "type": "boolean" }, "is_admin": { "type": "boolean" } } } } }`,
    },
    {
      name: 'ToolBench keyword escapes is_id / is_from, and show_date (show as a noun)',
      code: `{ "name": "get_showtimes", "description": "Use this to find showtimes.", "parameters": { "type": "object", "properties": { "is_id": { "type": "string", "description": "Cinema ID." }, "is_from": { "type": "string", "description": "Currency to convert from." }, "show_date": { "type": "string", "description": "Date of the show, YYYY-MM-DD." } } } }`,
    },
    {
      name: 'a tri-state enum is not a boolean (BFCL dontcare)',
      code: `{ "name": "find_attractions", "description": "Use this to browse attractions in a city.", "parameters": { "type": "object", "properties": { "free_entry": { "type": "string", "enum": ["True", "False", "dontcare"], "description": "Whether entry is free; dontcare for no preference." } } } }`,
    },
    {
      name: 'weak flag names without yes/no wording, and a search query mentioning merge:true|false (MCP)',
      code: `{ "name": "search_commits", "description": "Use this to search commits.", "inputSchema": { "type": "object", "properties": { "include_fields": { "type": "string", "description": "Field names to add to each result." }, "query": { "type": "string", "description": "Search query. Qualifiers: author:, merge:true|false, hash:." } } } }`,
    },
    {
      name: 'checkbox or combobox value: true/false is one case among several',
      code: `{ "name": "fill_form_field", "description": "Use this to fill one field of a web form.", "input_schema": { "type": "object", "properties": { "value": { "type": "string", "description": "Value to fill in. If the field is a checkbox, the value should be true or false. Otherwise the text of the option." } } } }`,
    },
  ],
  invalid: [
    {
      name: 'string enum of "true"/"false" (Slack-style)',
      code: `{ "name": "list_user_groups", "description": "Use this to list user groups.", "parameters": { "type": "object", "properties": { "include_count": { "type": "string", "enum": ["true", "false"], "description": "Whether to include member counts." } } } }`,
      errors: [{ messageId: 'enumBoolean', at: '"string"', data: { name: 'include_count', values: '"true" / "false"' } }],
    },
    {
      name: 'strong flag names typed string (MCP), and a yes/no enum on any name',
      code: `{ "name": "book_reservation", "description": "Use this to book a flight.", "inputSchema": { "type": "object", "properties": { "dry_run": { "type": "string" }, "notifications_enabled": { "type": "string" }, "insurance": { "type": "string", "enum": ["yes", "no"] } } } }`,
      errors: [
        { messageId: 'flagName', at: '"string"', occurrence: 1, data: { name: 'dry_run' } },
        { messageId: 'flagName', at: '"string"', occurrence: 2, data: { name: 'notifications_enabled' } },
        { messageId: 'enumBoolean', at: '"string"', occurrence: 3, data: { name: 'insurance' } },
      ],
    },
    {
      name: 'weak name with yes/no wording, and a description giving true or false (Anthropic)',
      code: `{ "name": "get_fiscal_years", "description": "Use this to list fiscal years.", "input_schema": { "type": "object", "properties": { "includeRemoved": { "type": "string", "description": "If true, removed years are listed too." }, "diffandsplits": { "type": "string", "description": "Diff and splits of the history. Allows one of following : true|false. Default as false" } } } }`,
      errors: [
        { messageId: 'flagName', at: '"string"', occurrence: 1, data: { name: 'includeRemoved' } },
        { messageId: 'describedBoolean', at: '"string"', occurrence: 2, data: { name: 'diffandsplits' } },
      ],
    },
  ],
});
