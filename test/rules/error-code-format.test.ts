import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/error-code-format';

const mcp = (output: string) => `{
  "name": "get_invoice",
  "description": "Use this when the user asks for the details of one invoice.",
  "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] },
  "outputSchema": ${output}
}`;

const snake = mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["not_found", "AccessDenied", "TIMEOUT"] }, "retry_hint": { "type": "string" } } }`);

const numeric = `{ "type": "function", "function": { "name": "get_invoice", "description": "Use this when the user asks for the details of one invoice.", "parameters": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] }, "response_schema": { "type": "object", "properties": { "invoice": { "type": "object" }, "error": { "type": "object", "properties": { "code": { "type": "integer", "enum": [404, 500] }, "message": { "type": "string" } } } } } } }`;

const branches = mcp(`{ "oneOf": [
    { "type": "object", "properties": { "invoice": { "type": "object" } } },
    { "type": "object", "properties": { "error": { "type": "string" }, "code": { "const": "invoice-not-found" }, "retry_hint": { "type": "string" } } },
    { "type": "object", "properties": { "error_code": { "type": "string", "examples": ["quotaExceeded"] } } }
  ] }`);

const repeated = `{
  "name": "get_invoice",
  "description": "Use this when the user asks for the details of one invoice.",
  "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string" } }, "required": ["invoice_id"] },
  "outputSchema": {
    "type": "object",
    "properties": {
      "success": { "type": "boolean" },
      "error": {
        "type": "object",
        "properties": {
          "code": {
            "type": "string",
            "enum": ["notFound", "rateLimited"],
            "default": "notFound",
            "examples": ["notFound"]
          },
          "message": { "type": "string" },
          "retry_hint": { "type": "string" }
        }
      }
    }
  }
}`;

const duplicate = mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["NOT_FOUND", "not_found", "TIMEOUT"] }, "retry_hint": { "type": "string" } } }`);

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
      code: snake,
      errors: [
        {
          messageId: 'notUpper',
          at: '"not_found"',
          data: { suggestion: 'NOT_FOUND' },
          fixes: [{ title: 'Replace "not_found" with "NOT_FOUND"', kind: 'suggestion', output: snake.replace('"not_found"', '"NOT_FOUND"') }],
        },
        { messageId: 'notUpper', at: '"AccessDenied"', data: { suggestion: 'ACCESS_DENIED' }, fixes: [{ kind: 'suggestion', output: snake.replace('"AccessDenied"', '"ACCESS_DENIED"') }] },
      ],
    },
    {
      name: 'numeric HTTP-style codes in a nested error object (project result field)',
      code: numeric,
      errors: [
        { messageId: 'numeric', at: '404', fixes: [] },
        { messageId: 'numeric', at: '500', fixes: [] },
      ],
    },
    {
      name: 'const in an error branch and an error_code example',
      code: branches,
      errors: [
        { messageId: 'notUpper', at: '"invoice-not-found"', data: { suggestion: 'INVOICE_NOT_FOUND' }, fixes: [{ output: branches.replace('"invoice-not-found"', '"INVOICE_NOT_FOUND"') }] },
        { messageId: 'notUpper', at: '"quotaExceeded"', data: { suggestion: 'QUOTA_EXCEEDED' }, fixes: [{ output: branches.replace('"quotaExceeded"', '"QUOTA_EXCEEDED"') }] },
      ],
    },
    {
      name: 'a camelCase code repeated in default and examples is rewritten everywhere in its schema (multi-line)',
      code: repeated,
      errors: [
        { messageId: 'notUpper', at: '"notFound"', fixes: [{ title: 'Replace "notFound" with "NOT_FOUND"', output: repeated.replace(/"notFound"/g, '"NOT_FOUND"') }] },
        { messageId: 'notUpper', at: '"rateLimited"', fixes: [{ output: repeated.replace('"rateLimited"', '"RATE_LIMITED"') }] },
        { messageId: 'notUpper', at: '"notFound"', occurrence: 2, fixes: [{ output: repeated.replace(/"notFound"/g, '"NOT_FOUND"') }] },
        { messageId: 'notUpper', at: '"notFound"', occurrence: 3, fixes: [{ output: repeated.replace(/"notFound"/g, '"NOT_FOUND"') }] },
      ],
    },
    {
      name: 'the upper-case form is already listed: the duplicate is removed',
      code: duplicate,
      errors: [
        {
          messageId: 'notUpper',
          at: '"not_found"',
          fixes: [{ title: 'Remove "not_found" from "enum" ("NOT_FOUND" is already listed)', output: duplicate.replace('"enum": ["NOT_FOUND", "not_found", "TIMEOUT"]', '"enum": ["NOT_FOUND", "TIMEOUT"]') }],
        },
      ],
    },
    {
      name: 'a code with no letters to start an identifier: no fix',
      code: mcp(`{ "type": "object", "properties": { "success": { "type": "boolean" }, "error": { "type": "string" }, "code": { "type": "string", "enum": ["404", "NOT_FOUND"] } } }`),
      errors: [{ messageId: 'notUpper', at: '"404"', fixes: [] }],
    },
  ],
});
