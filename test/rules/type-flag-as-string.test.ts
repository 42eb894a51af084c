import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-flag-as-string';

const slack = `{ "name": "list_user_groups", "description": "Use this to list user groups.", "parameters": { "type": "object", "properties": { "include_count": { "type": "string", "enum": ["true", "false"], "description": "Whether to include member counts." } } } }`;

const mcp = `{ "name": "book_reservation", "description": "Use this to book a flight.", "inputSchema": { "type": "object", "properties": { "dry_run": { "type": "string" }, "notifications_enabled": { "type": "string" }, "insurance": { "type": "string", "enum": ["yes", "no"] } } } }`;

// Anthropic, two-space indentation: a yes/no enum, its default, and a length limit.
const anthropicBlock = `{
  "name": "send_newsletter",
  "description": "Use this when the user wants to send the weekly newsletter.",
  "input_schema": {
    "type": "object",
    "properties": {
      "is_test": {
        "type": "string",
        "enum": ["yes", "no"],
        "maxLength": 3,
        "default": "yes",
        "description": "Send only to the test list."
      }
    }
  }
}`;
const anthropicBlockFixed = anthropicBlock.replace(`"type": "string",
        "enum": ["yes", "no"],
        "maxLength": 3,
        "default": "yes",`, `"type": "boolean",
        "default": true,`);

// OpenAI chat: an untyped true/false enum, a flag nested in array items, a nullable anyOf branch.
const openai = `{ "type": "function", "function": { "name": "update_alert_rules", "description": "Use this to change alert rules.", "parameters": { "type": "object", "properties": { "notify": { "enum": ["true", "false"], "description": "Whether to notify the owner." }, "rules": { "type": "array", "items": { "type": "object", "properties": { "enabled": { "type": "string", "default": "false" } } } }, "is_public": { "anyOf": [{ "type": "string", "enum": ["yes", "no"] }, { "type": "null" }] } } } } }`;

const gemini = `{ "functionDeclarations": [{ "name": "set_alarm", "description": "Use this to set an alarm.", "parameters": { "type": "OBJECT", "properties": { "vibrate": { "type": "STRING", "enum": ["true", "false"], "description": "Whether the phone vibrates." } } } }] }`;

const noFix = `{ "name": "run_backup", "description": "Use this to back up a database.", "inputSchema": { "type": "object", "properties": { "verbose": { "type": "string", "default": "auto" }, "force": { "type": "string", "examples": ["true", "always"] } } } }`;

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
      code: slack,
      errors: [
        {
          messageId: 'enumBoolean',
          at: '"string"',
          data: { name: 'include_count', values: '"true" / "false"' },
          fixes: [{ title: 'Change the type of "include_count" to "boolean" and remove its "enum"', kind: 'suggestion', output: slack.replace('"type": "string", "enum": ["true", "false"],', '"type": "boolean",') }],
        },
      ],
    },
    {
      name: 'strong flag names typed string (MCP), and a yes/no enum on any name',
      code: mcp,
      errors: [
        { messageId: 'flagName', at: '"string"', occurrence: 1, data: { name: 'dry_run' }, fixes: [{ title: 'Change the type of "dry_run" to "boolean"', output: mcp.replace('"dry_run": { "type": "string" }', '"dry_run": { "type": "boolean" }') }] },
        { messageId: 'flagName', at: '"string"', occurrence: 2, data: { name: 'notifications_enabled' } },
        { messageId: 'enumBoolean', at: '"string"', occurrence: 3, data: { name: 'insurance' }, fixes: [{ output: mcp.replace('{ "type": "string", "enum": ["yes", "no"] }', '{ "type": "boolean" }') }] },
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
    {
      name: 'multi-line Anthropic tool: a "yes" default becomes true, the enum and maxLength go',
      code: anthropicBlock,
      errors: [{ messageId: 'enumBoolean', at: '"string"', occurrence: 1, fixes: [{ title: 'Change the type of "is_test" to "boolean" and remove its "enum"', output: anthropicBlockFixed }] }],
    },
    {
      name: 'untyped enum replaced by the type in place; a flag in array items; a nullable anyOf branch (OpenAI chat)',
      code: openai,
      errors: [
        { messageId: 'enumBoolean', at: '"notify"', fixes: [{ output: openai.replace('"notify": { "enum": ["true", "false"],', '"notify": { "type": "boolean",') }] },
        { messageId: 'flagName', at: '"string"', occurrence: 1, data: { name: 'enabled' }, fixes: [{ output: openai.replace('"enabled": { "type": "string", "default": "false" }', '"enabled": { "type": "boolean", "default": false }') }] },
        { messageId: 'enumBoolean', at: '"string"', occurrence: 2, data: { name: 'is_public' }, fixes: [{ output: openai.replace('[{ "type": "string", "enum": ["yes", "no"] }', '[{ "type": "boolean" }') }] },
      ],
    },
    {
      name: 'Gemini keeps upper-case type names',
      code: gemini,
      errors: [{ messageId: 'enumBoolean', at: '"STRING"', fixes: [{ title: 'to "BOOLEAN"', output: gemini.replace('"type": "STRING", "enum": ["true", "false"],', '"type": "BOOLEAN",') }] }],
    },
    {
      name: 'no fix when a default or an example is not a yes/no word',
      code: noFix,
      errors: [
        { messageId: 'flagName', at: '"string"', occurrence: 1, data: { name: 'verbose' }, fixes: [] },
        { messageId: 'flagName', at: '"string"', occurrence: 2, data: { name: 'force' }, fixes: [] },
      ],
    },
  ],
});
