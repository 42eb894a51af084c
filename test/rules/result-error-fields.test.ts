import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/result-error-fields';

const mcp = (output: string) => `{
  "name": "create_payment",
  "description": "Use this to charge the customer's saved card once they confirm the amount.",
  "inputSchema": { "type": "object", "properties": { "amount_cents": { "type": "integer", "minimum": 1 } }, "required": ["amount_cents"] },
  "outputSchema": ${output}
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
      code: mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "payment_id": { "type": "string" }, "message": { "type": "string" } }, "required": ["success"] }`),
      errors: [{ messageId: 'envelope', at: '"properties"', occurrence: 2, data: { missing: '"error" and "retry_hint"' } }],
    },
    {
      name: 'structured error branch lacking code and retry_hint (oneOf)',
      code: mcp(`{ "oneOf": [
    { "type": "object", "properties": { "payment_id": { "type": "string" } }, "required": ["payment_id"] },
    { "type": "object", "properties": { "error": { "type": "string" } }, "required": ["error"] }
  ] }`),
      errors: [{ messageId: 'structured', at: '"properties"', occurrence: 3, data: { missing: '"code" and "retry_hint"' } }],
    },
    {
      name: 'failure definition with success const false (project result field)',
      code: `{
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
}`,
      errors: [{ messageId: 'envelope', at: '"properties"', occurrence: 3, data: { missing: '"retry_hint"' } }],
    },
    {
      name: 'nested error object without code (Anthropic tool with output_schema)',
      code: `{ "name": "create_refund", "description": "Use this to refund a captured payment when the customer asks for their money back.", "input_schema": { "type": "object", "properties": { "payment_id": { "type": "string" } }, "required": ["payment_id"] }, "output_schema": { "type": "object", "properties": { "refund_id": { "type": "string" }, "error": { "type": "object", "properties": { "message": { "type": "string" } } } } } }`,
      errors: [{ messageId: 'structured', at: '"error"', data: { missing: '"code" and "retry_hint"' } }],
    },
  ],
});
