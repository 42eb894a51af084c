import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/result-explicit-status';

const mcp = (output: string) => `{
  "name": "get_order",
  "description": "Use this when the customer asks about the status of one of their orders.",
  "inputSchema": { "type": "object", "properties": { "order_id": { "type": "string" } }, "required": ["order_id"] },
  "outputSchema": ${output}
}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'success envelope with error fields (MCP outputSchema)',
      code: mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "data": { "type": "object" }, "error": { "type": "string" }, "retry_hint": { "type": "string" } }, "required": ["success"] }`),
    },
    {
      name: 'union of a success shape and a structured error (oneOf with $defs)',
      code: mcp(`{
    "$defs": { "Failure": { "type": "object", "properties": { "error": { "type": "string" }, "code": { "type": "string" }, "retry_hint": { "type": "string" } }, "required": ["error", "code"] } },
    "oneOf": [
      { "type": "object", "properties": { "order": { "type": "object" } }, "required": ["order"] },
      { "$ref": "#/$defs/Failure" }
    ]
  }`),
    },
    {
      name: 'BFCL response with a *_status field, and a tool without a result shape',
      code: `[
  { "name": "send_message", "description": "Send a message to a user.", "parameters": { "type": "dict", "properties": { "receiver_id": { "type": "string" }, "message": { "type": "string" } }, "required": ["receiver_id", "message"] }, "response": { "type": "dict", "properties": { "sent_status": { "type": "boolean", "description": "True if the message was sent." }, "message_id": { "type": "integer" } } } },
  { "name": "list_users", "description": "List all users in the workspace.", "parameters": { "type": "dict", "properties": {}, "required": [] } }
]`,
    },
    {
      name: 'framework-generated wrapper around a plain return value (FastMCP) and a free-form object',
      code: `[
  { "name": "get_weather", "description": "Use this to get the current weather for a city.", "inputSchema": { "type": "object", "properties": { "city": { "type": "string" } }, "required": ["city"] }, "outputSchema": { "type": "object", "properties": { "result": { "type": "string", "title": "Result" } }, "required": ["result"], "title": "_WrappedResult", "x-fastmcp-wrap-result": true } },
  { "name": "get_config", "description": "Use this to read the server configuration.", "inputSchema": { "type": "object", "properties": {} }, "outputSchema": { "type": "object", "additionalProperties": true } }
]`,
    },
    {
      name: 'a result that is not an object (array of strings)',
      code: `{ "name": "list_tags", "description": "Use this to list the tags of the repository.", "parameters": { "type": "object", "properties": {} }, "returns": { "type": "array", "items": { "type": "string" } } }`,
    },
  ],
  invalid: [
    {
      name: 'MCP outputSchema with data only',
      code: mcp(`{ "type": "object", "properties": { "order": { "type": "object", "description": "The order, with its lines and delivery date." } } }`),
      errors: [{ messageId: 'noStatus', at: '"outputSchema"', data: { tool: 'get_order' } }],
    },
    {
      name: 'BFCL response declaring an empty object (mkdir)',
      code: `{ "name": "mkdir", "description": "Create a new directory in the current directory.", "parameters": { "type": "dict", "properties": { "dir_name": { "type": "string" } }, "required": ["dir_name"] }, "response": { "type": "dict", "properties": {} } }`,
      errors: [{ messageId: 'noStatus', at: '"response"' }],
    },
    {
      name: 'project result field on an OpenAI chat tool',
      code: `{ "type": "function", "function": { "name": "get_balance", "description": "Use this when the user asks how much money is on an account.", "parameters": { "type": "object", "properties": { "account_id": { "type": "string" } }, "required": ["account_id"] }, "result_schema": { "type": "object", "properties": { "balance_cents": { "type": "integer" }, "currency": { "type": "string" } }, "required": ["balance_cents", "currency"] } } }`,
      errors: [{ messageId: 'noStatus', at: '"result_schema"' }],
    },
    {
      name: 'anyOf of two data shapes, neither with a status',
      code: mcp(`{ "anyOf": [ { "type": "object", "properties": { "order": { "type": "object" } } }, { "type": "object", "properties": { "orders": { "type": "array" } } } ] }`),
      errors: [{ messageId: 'noStatus', at: '"outputSchema"' }],
    },
  ],
});
