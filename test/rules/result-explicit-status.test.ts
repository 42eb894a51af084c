import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/result-explicit-status';

const mcp = (output: string) => `{
  "name": "get_order",
  "description": "Use this when the customer asks about the status of one of their orders.",
  "inputSchema": { "type": "object", "properties": { "order_id": { "type": "string" } }, "required": ["order_id"] },
  "outputSchema": ${output}
}`;

const dataOnly = mcp(`{ "type": "object", "properties": { "order": { "type": "object", "description": "The order, with its lines and delivery date." } } }`);

const mkdir = `{ "name": "mkdir", "description": "Create a new directory in the current directory.", "parameters": { "type": "dict", "properties": { "dir_name": { "type": "string" } }, "required": ["dir_name"] }, "response": { "type": "dict", "properties": {} } }`;

const balance = `{ "type": "function", "function": { "name": "get_balance", "description": "Use this when the user asks how much money is on an account.", "parameters": { "type": "object", "properties": { "account_id": { "type": "string" } }, "required": ["account_id"] }, "result_schema": { "type": "object", "properties": { "balance_cents": { "type": "integer" }, "currency": { "type": "string" } }, "required": ["balance_cents", "currency"] } } }`;

const union = mcp(`{ "anyOf": [ { "type": "object", "properties": { "order": { "type": "object" } } }, { "type": "object", "properties": { "orders": { "type": "array" } } } ] }`);

const multiLine = `{
    "name": "get_order",
    "description": "Use this when the customer asks about the status of one of their orders.",
    "inputSchema": { "type": "object", "properties": { "order_id": { "type": "string" } }, "required": ["order_id"] },
    "outputSchema": {
        "type": "object",
        "properties": {
            "order": { "type": "object" },
            "retry_hint": { "type": "string" }
        },
        "required": [
            "order"
        ]
    }
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
      code: dataOnly,
      errors: [
        {
          messageId: 'noStatus',
          at: '"outputSchema"',
          data: { tool: 'get_order' },
          fixes: [
            {
              title: 'Add a failure envelope',
              kind: 'suggestion',
              output: mcp(
                `{ "type": "object", "properties": { "success": { "type": "boolean" }, "order": { "type": "object", "description": "The order, with its lines and delivery date." }, "error": { "type": "string" }, "retry_hint": { "type": "string" } }, "required": ["success"] }`,
              ),
            },
          ],
        },
      ],
    },
    {
      name: 'BFCL response declaring an empty object (mkdir)',
      code: mkdir,
      errors: [
        {
          messageId: 'noStatus',
          at: '"response"',
          fixes: [
            {
              output: mkdir.replace(
                '"response": { "type": "dict", "properties": {} }',
                '"response": { "type": "dict", "properties": { "success": { "type": "boolean" }, "error": { "type": "string" }, "retry_hint": { "type": "string" } }, "required": ["success"] }',
              ),
            },
          ],
        },
      ],
    },
    {
      name: 'project result field on an OpenAI chat tool',
      code: balance,
      errors: [
        {
          messageId: 'noStatus',
          at: '"result_schema"',
          fixes: [
            {
              output: balance
                .replace('"properties": { "balance_cents"', '"properties": { "success": { "type": "boolean" }, "balance_cents"')
                .replace('"currency": { "type": "string" } }', '"currency": { "type": "string" }, "error": { "type": "string" }, "retry_hint": { "type": "string" } }')
                .replace('"required": ["balance_cents", "currency"] }', '"required": ["balance_cents", "currency", "success"] }'),
            },
          ],
        },
      ],
    },
    {
      name: 'anyOf of two data shapes, neither with a status: a failure branch is added',
      code: union,
      errors: [
        {
          messageId: 'noStatus',
          at: '"outputSchema"',
          fixes: [
            {
              title: 'Add a failure branch',
              output: union.replace(
                '{ "orders": { "type": "array" } } } ]',
                '{ "orders": { "type": "array" } } }, { "type": "object", "properties": { "success": { "const": false }, "error": { "type": "string" }, "retry_hint": { "type": "string" } }, "required": ["success", "error"] } ]',
              ),
            },
          ],
        },
      ],
    },
    {
      name: 'multi-line MCP outputSchema (4-space indentation), retry_hint already there',
      code: multiLine,
      errors: [
        {
          messageId: 'noStatus',
          at: '"outputSchema"',
          fixes: [
            {
              output: `{
    "name": "get_order",
    "description": "Use this when the customer asks about the status of one of their orders.",
    "inputSchema": { "type": "object", "properties": { "order_id": { "type": "string" } }, "required": ["order_id"] },
    "outputSchema": {
        "type": "object",
        "properties": {
            "success": { "type": "boolean" },
            "order": { "type": "object" },
            "retry_hint": { "type": "string" },
            "error": { "type": "string" }
        },
        "required": [
            "order",
            "success"
        ]
    }
}`,
            },
          ],
        },
      ],
    },
    {
      name: 'oneOf of data shapes: no fix (a new branch could match alongside the others)',
      code: mcp(`{ "oneOf": [ { "type": "object", "properties": { "order": { "type": "object" } } }, { "type": "object", "properties": { "orders": { "type": "array" } } } ] }`),
      errors: [{ messageId: 'noStatus', at: '"outputSchema"', fixes: [] }],
    },
  ],
});
