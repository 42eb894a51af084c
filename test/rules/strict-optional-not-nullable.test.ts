import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/strict-optional-not-nullable';

const chat = (props: string, required: string, strict = '"strict": true,') => `{
  "type": "function",
  "function": {
    "name": "list_invoices",
    "description": "Use this when the user asks for their invoices, optionally filtered by status.",
    ${strict}
    "parameters": {
      "type": "object",
      "properties": ${props},
      "required": ${required},
      "additionalProperties": false
    }
  }
}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'optional fields are nullable',
      code: chat(`{
        "status": { "type": ["string", "null"], "enum": ["paid", "open", null], "description": "Status filter; null for all. Defaults to all." },
        "limit": { "type": ["integer", "null"], "default": 20, "description": "Maximum invoices; null for 20." }
      }`, '["status", "limit"]'),
    },
    {
      name: 'nullable through anyOf',
      code: chat(`{ "since": { "anyOf": [{ "type": "string", "format": "date" }, { "type": "null" }], "description": "Optional start date." } }`, '["since"]'),
    },
    {
      name: 'a non-strict tool is not concerned',
      code: chat(`{ "limit": { "type": "integer", "description": "Maximum invoices. Defaults to 20." } }`, '["limit"]', ''),
    },
    {
      name: 'a required field whose description mentions an optional feature of the value',
      code: chat(`{ "query": { "type": "string", "description": "Search text; supports the optional operators AND and OR." } }`, '["query"]'),
    },
    {
      name: 'Anthropic strict: optional parameters are simply not required',
      code: `{ "name": "list_invoices", "description": "Use this when the user asks for their invoices.", "strict": true, "input_schema": { "type": "object", "properties": { "limit": { "type": "integer", "description": "Maximum invoices. Defaults to 20." } }, "required": ["limit"], "additionalProperties": false } }`,
    },
  ],
  invalid: [
    {
      name: 'required with a default, type not nullable',
      code: chat(`{
        "status": { "type": "string", "enum": ["paid", "open", "void"], "description": "Invoice status to filter by." },
        "limit": { "type": "integer", "default": 20, "description": "Maximum invoices to return." }
      }`, '["status", "limit"]'),
      errors: [{ messageId: 'notNullable', at: '"integer"', data: { name: 'limit', reason: 'it has a default (20)', type: 'integer' } }],
    },
    {
      name: 'description says optional; enum needs null too',
      code: chat(`{ "status": { "type": "string", "enum": ["paid", "open"], "description": "Optional status filter." } }`, '["status"]'),
      errors: [{ messageId: 'notNullable', at: '"string"', messageIncludes: 'null in its "enum"' }],
    },
    {
      name: 'no type (a $ref): reported on the key',
      code: `{
  "name": "create_report",
  "description": "Use this to build a sales report for a period the user names.",
  "strict": true,
  "parameters": {
    "type": "object",
    "$defs": { "Period": { "type": "string", "enum": ["day", "week", "month"] } },
    "properties": { "period": { "$ref": "#/$defs/Period", "description": "Report period. Defaults to week." } },
    "required": ["period"],
    "additionalProperties": false
  }
}`,
      errors: [{ messageId: 'notNullable', at: '"period"' }],
    },
    {
      name: 'implicit strict Responses tool',
      code: `{ "type": "function", "name": "list_invoices", "description": "Use this when the user asks for their invoices.", "parameters": { "type": "object", "properties": { "limit": { "type": "integer", "description": "Maximum invoices. If omitted, 20 are returned." } }, "required": ["limit"], "additionalProperties": false } }`,
      errors: [{ messageId: 'notNullable', at: '"integer"', messageIncludes: 'Responses' }],
    },
  ],
});
