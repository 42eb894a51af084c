import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/single-purpose';

runRuleTests(rule, {
  valid: [
    {
      name: 'a shell tool\'s command and a maps tool\'s travel mode are not operation selectors (OpenAI chat)',
      code: `[{ "type": "function", "function": { "name": "run_shell_command", "description": "Use this to run a command in the sandbox.", "parameters": { "type": "object", "properties": { "command": { "type": "string", "description": "The shell command to run, for example 'ls -la && cat notes.txt'." } }, "required": ["command"] } } },
        { "type": "function", "function": { "name": "get_directions", "description": "Use this to plan a route.", "parameters": { "type": "object", "properties": { "origin": { "type": "string" }, "mode": { "type": "string", "description": "Travel mode: driving, walking or transit." } } } } }]`,
    },
    {
      name: 'all-action enum (browser automation) and an all-read enum (GitHub issue_read)',
      code: `[{ "name": "browser_interact", "description": "Use this to act on the open page.", "inputSchema": { "type": "object", "properties": { "action": { "type": "string", "enum": ["click", "type", "scroll", "hover"] }, "selector": { "type": "string" } } } },
        { "name": "issue_read", "description": "Use this to read an issue.", "inputSchema": { "type": "object", "properties": { "method": { "type": "string", "enum": ["get", "get_comments", "get_sub_issues", "get_labels"] }, "issue_number": { "type": "integer" } } } }]`,
    },
    {
      name: 'a generic HTTP client: method is GET/POST/PUT/DELETE (Anthropic)',
      code: `{ "name": "send_http_request", "description": "Use this to call a web API.", "input_schema": { "type": "object", "properties": { "url": { "type": "string" }, "method": { "type": "string", "enum": ["GET", "POST", "PUT", "DELETE"] }, "body": { "type": "string" } } } }`,
    },
    {
      name: 'an "action" that is data, not a selector; an all-write enum',
      code: `[{ "name": "suggest_climate_actions", "description": "Use this to estimate emissions saved.", "parameters": { "type": "object", "properties": { "action": { "type": "string", "description": "The action proposed to reduce emissions, e.g. 'plant trees' or 'install solar panels'." } } } },
        { "name": "label_write", "description": "Use this to change labels.", "parameters": { "type": "object", "properties": { "method": { "type": "string", "enum": ["create", "update", "delete"] }, "name": { "type": "string" } } } }]`,
    },
  ],
  invalid: [
    {
      name: 'free-form operation with a table name and a string payload (SPEC Service rule 5)',
      code: `{ "name": "manage_records", "description": "Use this to read or change rows in the customer database.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "description": "What to do: get, create, update or delete." }, "table": { "type": "string" }, "payload": { "type": "string" } }, "required": ["operation", "table"] } }`,
      errors: [{ messageId: 'freeFormCrud', at: '"operation"', data: { tool: 'manage_records', entityParam: 'table', payload: 'payload' }, messageIncludes: '"get_record"' }],
    },
    {
      name: 'enum mixing reads and writes is a warning (MCP memory tool)',
      code: `{ "name": "memory", "description": "Use this to keep notes between sessions.", "inputSchema": { "type": "object", "properties": { "command": { "type": "string", "enum": ["view", "create", "str_replace", "delete"] }, "path": { "type": "string" } }, "required": ["command"] } }`,
      errors: [{ messageId: 'mixedEnum', at: '"command"', severity: 'warning', data: { reads: '"view"', writes: '"create", "str_replace", "delete"' } }],
    },
    {
      name: 'free-form action with listed operations (Mistral booking tool)',
      code: `{ "type": "function", "function": { "name": "manage_booking", "description": "Use this when the user wants to change or cancel a booking.", "parameters": { "type": "object", "properties": { "booking_id": { "type": "string" }, "action": { "type": "string", "description": "The action to perform. Can be 'modify' or 'cancel'." } }, "required": ["booking_id", "action"] } } }`,
      errors: [{ messageId: 'freeForm', at: '"action"', data: { split: '"modify_booking", "cancel_booking"' } }],
    },
    {
      name: 'a "mode" that selects reads and writes, and a bare free-form "op"',
      code: `[{ "name": "todo_tool", "description": "Use this to work with the todo list.", "input_schema": { "type": "object", "properties": { "mode": { "type": "string", "description": "One of 'list', 'add' or 'remove'." }, "text": { "type": "string" } } } },
        { "name": "edit_note", "description": "Use this to edit a note.", "input_schema": { "type": "object", "properties": { "op": { "type": "string" }, "content": { "type": "string" } } } }]`,
      errors: [
        { messageId: 'freeForm', at: '"mode"', data: { tool: 'todo_tool', split: '"list_todos", "add_todo", "remove_todo"' } },
        { messageId: 'freeForm', at: '"op"', data: { tool: 'edit_note' } },
      ],
    },
  ],
});
