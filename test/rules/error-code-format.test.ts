import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/error-code-format';

const mcp = (output: string) => `{
  "name": "get_invoice",
  "description": "Use this when the user asks for the details of one invoice.",
  "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] },
  "outputSchema": ${output}
}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'UPPER_CASE codes in enum and examples',
      code: mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["NOT_FOUND", "ACCESS_DENIED", "RATE_LIMITED_2"], "examples": ["NOT_FOUND"] }, "retry_hint": { "type": "string" } } }`),
    },
    {
      name: 'a code that is not an error code (currency of an amount), and an untyped code without values',
      code: mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "total": { "type": "object", "properties": { "amount": { "type": "number" }, "code": { "type": "string", "enum": ["eur", "usd"] } } }, "error": { "type": "object", "properties": { "code": { "type": "string" } } } } }`),
    },
    {
      name: 'codes in the parameter schema are not results',
      code: `{ "name": "list_errors", "description": "Use this to list recent API errors of a given code.", "parameters": { "type": "object", "properties": { "error": { "type": "string" }, "code": { "type": "string", "enum": ["not_found", "timeout"] } } } }`,
    },
  ],
  invalid: [
    {
      name: 'snake_case and PascalCase values in an enum (MCP)',
      code: mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["not_found", "AccessDenied", "TIMEOUT"] }, "retry_hint": { "type": "string" } } }`),
      errors: [
        { messageId: 'notUpper', at: '"not_found"', data: { suggestion: 'NOT_FOUND' } },
        { messageId: 'notUpper', at: '"AccessDenied"', data: { suggestion: 'ACCESS_DENIED' } },
      ],
    },
    {
      name: 'numeric HTTP-style codes in a nested error object (project result field)',
      code: `{ "type": "function", "function": { "name": "get_invoice", "description": "Use this when the user asks for the details of one invoice.", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] }, "response_schema": { "type": "object", "properties": { "invoice": { "type": "object" }, "error": { "type": "object", "properties": { "code": { "type": "integer", "enum": [404, 500] }, "message": { "type": "string" } } } } } } }`,
      errors: [
        { messageId: 'numeric', at: '404' },
        { messageId: 'numeric', at: '500' },
      ],
    },
    {
      name: 'const in an error branch and an error_code example',
      code: mcp(`{ "oneOf": [
    { "type": "object", "properties": { "invoice": { "type": "object" } } },
    { "type": "object", "properties": { "error": { "type": "string" }, "code": { "const": "invoice-not-found" }, "retry_hint": { "type": "string" } } },
    { "type": "object", "properties": { "error_code": { "type": "string", "examples": ["quotaExceeded"] } } }
  ] }`),
      errors: [
        { messageId: 'notUpper', at: '"invoice-not-found"', data: { suggestion: 'INVOICE_NOT_FOUND' } },
        { messageId: 'notUpper', at: '"quotaExceeded"', data: { suggestion: 'QUOTA_EXCEEDED' } },
      ],
    },
  ],
});
