import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/result-error-fields';

const mcp = (output: string) => `{
  "name": "create_payment",
  "description": "Use this to charge the customer's saved card once they confirm the amount.",
  "inputSchema": { "type": "object", "properties": { "amount_cents": { "type": "integer", "minimum": 1 } }, "required": ["amount_cents"] },
  "outputSchema": ${output}
}`;

const envelope = mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "payment_id": { "type": "string" }, "message": { "type": "string" } }, "required": ["success"] }`);

const branch = mcp(`{ "oneOf": [
    { "type": "object", "properties": { "payment_id": { "type": "string" } }, "required": ["payment_id"] },
    { "type": "object", "properties": { "error": { "type": "string" } }, "required": ["error"] }
  ] }`);

const failed = `{
  "name": "book_flight",
  "description": "Use this to book a flight once the traveler has confirmed the itinerary.",
  "parameters": { "type": "object", "properties": { "flight_id": { "type": "string" } }, "required": ["flight_id"] },
  "returns": {
    "$defs": {
      "Booked": { "type": "object", "properties": { "success": { "const": true }, "booking_id": { "type": "string" } } },
      "Failed": { "type": "object", "properties": { "success": { "const": false }, "error": { "type": "string" } } }
    },
    "anyOf": [{ "$ref": "#/$defs/Booked" }, { "$ref": "#/$defs/Failed" }]
  }
}`;

const refund = `{ "name": "create_refund", "description": "Use this to refund a captured payment when the customer asks for their money back.", "input_schema": { "type": "object", "properties": { "payment_id": { "type": "string" } }, "required": ["payment_id"] }, "output_schema": { "type": "object", "properties": { "refund_id": { "type": "string" }, "error": { "type": "object", "properties": { "message": { "type": "string" } } } } } }`;

const bareError = `{ "type": "function", "function": { "name": "send_sms", "description": "Use this to text the customer a short update about their order.", "parameters": { "type": "object", "properties": { "to": { "type": "string" }, "text": { "type": "string" } }, "required": ["to", "text"] }, "returns": { "type": "object", "properties": { "message_id": { "type": "string" }, "error": { "type": "object" } } } } }`;

const tabbed = `{
\t"name": "create_payment",
\t"description": "Use this to charge the customer's saved card once they confirm the amount.",
\t"inputSchema": { "type": "object", "properties": { "amount_cents": { "type": "integer", "minimum": 1 } }, "required": ["amount_cents"] },
\t"outputSchema": {
\t\t"type": "object",
\t\t"properties": {
\t\t\t"success": { "type": "boolean" },
\t\t\t"message": { "type": "string" }
\t\t},
\t\t"required": ["success"]
\t}
}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'failure envelope with error and retry_hint',
      code: mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "payment_id": { "type": "string" }, "error": { "type": "string" }, "retry_hint": { "type": "string" } }, "required": ["success"] }`),
    },
    {
      name: 'success envelope (success const true) next to a complete structured error',
      code: mcp(`{ "oneOf": [
    { "type": "object", "properties": { "success": { "const": true }, "data": { "type": "object" } }, "required": ["success", "data"] },
    { "type": "object", "properties": { "error": { "type": "string" }, "code": { "type": "string" }, "retry_hint": { "type": "string" } }, "required": ["error", "code", "retry_hint"] }
  ] }`),
    },
    {
      name: 'nested error object carrying code and retry guidance',
      code: mcp(`{ "type": "object", "properties": { "payment_id": { "type": "string" }, "error": { "type": "object", "properties": { "code": { "type": "string" }, "message": { "type": "string" }, "retryable": { "type": "boolean" } } } } }`),
    },
    {
      name: 'a result with no error shape at all (BFCL response)',
      code: `{ "name": "cat", "description": "Display the contents of a file.", "parameters": { "type": "dict", "properties": { "file_name": { "type": "string" } }, "required": ["file_name"] }, "response": { "type": "dict", "properties": { "file_content": { "type": "string" } } } }`,
    },
  ],
  invalid: [
    {
      name: 'envelope with a message instead of error, no retry_hint (MCP)',
      code: envelope,
      errors: [
        {
          messageId: 'envelope',
          at: '"properties"',
          occurrence: 2,
          data: { missing: '"error" and "retry_hint"' },
          fixes: [
            {
              title: 'Add "error" and "retry_hint" to the error shape',
              kind: 'suggestion',
              output: envelope.replace('"message": { "type": "string" } }', '"message": { "type": "string" }, "error": { "type": "string" }, "retry_hint": { "type": "string" } }'),
            },
          ],
        },
      ],
    },
    {
      name: 'structured error branch lacking code and retry_hint (oneOf)',
      code: branch,
      errors: [
        {
          messageId: 'structured',
          at: '"properties"',
          occurrence: 3,
          data: { missing: '"code" and "retry_hint"' },
          fixes: [{ output: branch.replace('"properties": { "error": { "type": "string" } }', '"properties": { "error": { "type": "string" }, "code": { "type": "string" }, "retry_hint": { "type": "string" } }') }],
        },
      ],
    },
    {
      name: 'failure definition with success const false (project result field)',
      code: failed,
      errors: [
        {
          messageId: 'envelope',
          at: '"properties"',
          occurrence: 3,
          data: { missing: '"retry_hint"' },
          fixes: [{ title: 'Add "retry_hint"', output: failed.replace('"error": { "type": "string" } } }', '"error": { "type": "string" }, "retry_hint": { "type": "string" } } }') }],
        },
      ],
    },
    {
      name: 'nested error object without code (Anthropic tool with output_schema)',
      code: refund,
      errors: [
        {
          messageId: 'structured',
          at: '"error"',
          data: { missing: '"code" and "retry_hint"' },
          fixes: [{ output: refund.replace('"message": { "type": "string" } }', '"message": { "type": "string" }, "code": { "type": "string" }, "retry_hint": { "type": "string" } }') }],
        },
      ],
    },
    {
      name: 'an error object without properties gets them (OpenAI chat, project result field)',
      code: bareError,
      errors: [
        {
          messageId: 'structured',
          at: '"error"',
          fixes: [
            {
              title: 'Add "code" and "retry_hint" to the error object',
              output: bareError.replace('"error": { "type": "object" }', '"error": { "type": "object", "properties": { "code": { "type": "string" }, "retry_hint": { "type": "string" } } }'),
            },
          ],
        },
      ],
    },
    {
      name: 'multi-line failure envelope (tab indentation)',
      code: tabbed,
      errors: [
        {
          messageId: 'envelope',
          at: '"properties"',
          occurrence: 2,
          data: { missing: '"error" and "retry_hint"' },
          fixes: [
            {
              output: tabbed.replace(
                '\t\t\t"message": { "type": "string" }\n',
                '\t\t\t"message": { "type": "string" },\n\t\t\t"error": { "type": "string" },\n\t\t\t"retry_hint": { "type": "string" }\n',
              ),
            },
          ],
        },
      ],
    },
  ],
});
