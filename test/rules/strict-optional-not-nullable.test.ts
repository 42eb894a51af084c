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

const withDefault = chat(`{
        "status": { "type": "string", "enum": ["paid", "open", "void"], "description": "Invoice status to filter by." },
        "limit": { "type": "integer", "default": 20, "description": "Maximum invoices to return." }
      }`, '["status", "limit"]');

const optionalEnum = chat(`{ "status": { "type": "string", "enum": ["paid", "open"], "description": "Optional status filter." } }`, '["status"]');

const period = `{
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
}`;

const responses = `{ "type": "function", "name": "list_invoices", "description": "Use this when the user asks for their invoices.", "parameters": { "type": "object", "properties": { "limit": { "type": "integer", "description": "Maximum invoices. If omitted, 20 are returned." } }, "required": ["limit"], "additionalProperties": false } }`;

const fourSpaces = `{
    "type": "function",
    "function": {
        "name": "create_order",
        "description": "Use this to place an order once the customer has confirmed the cart.",
        "strict": true,
        "parameters": {
            "type": "object",
            "properties": {
                "lines": {
                    "type": "array",
                    "items": {
                        "type": "object",
                        "properties": {
                            "sku": { "type": "string", "description": "Product SKU." },
                            "note": { "type": ["string"], "description": "Optional note printed on the line." },
                            "qty": { "anyOf": [{ "type": "integer" }, { "type": "string" }], "description": "Quantity. Defaults to 1." }
                        },
                        "required": ["sku", "note", "qty"],
                        "additionalProperties": false
                    }
                }
            },
            "required": ["lines"],
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
      code: withDefault,
      errors: [
        {
          messageId: 'notNullable',
          at: '"integer"',
          data: { name: 'limit', reason: 'it has a default (20)', type: 'integer' },
          fixes: [{ title: 'Make "limit" nullable', kind: 'suggestion', output: withDefault.replace('"limit": { "type": "integer"', '"limit": { "type": ["integer", "null"]') }],
        },
      ],
    },
    {
      name: 'description says optional; enum needs null too',
      code: optionalEnum,
      errors: [
        {
          messageId: 'notNullable',
          at: '"string"',
          messageIncludes: 'null in its "enum"',
          fixes: [{ kind: 'suggestion', output: optionalEnum.replace('"type": "string", "enum": ["paid", "open"]', '"type": ["string", "null"], "enum": ["paid", "open", null]') }],
        },
      ],
    },
    {
      name: 'no type (a $ref): reported on the key',
      code: period,
      errors: [
        {
          messageId: 'notNullable',
          at: '"period"',
          fixes: [{ kind: 'suggestion', output: period.replace('{ "$ref": "#/$defs/Period",', '{ "anyOf": [{ "$ref": "#/$defs/Period" }, { "type": "null" }],') }],
        },
      ],
    },
    {
      name: 'implicit strict Responses tool',
      code: responses,
      errors: [
        {
          messageId: 'notNullable',
          at: '"integer"',
          messageIncludes: 'Responses',
          fixes: [{ kind: 'suggestion', output: responses.replace('"type": "integer"', '"type": ["integer", "null"]') }],
        },
      ],
    },
    {
      name: 'nested in array items, a type list and an anyOf (4-space indentation)',
      code: fourSpaces,
      errors: [
        {
          messageId: 'notNullable',
          at: '["string"]',
          fixes: [{ kind: 'suggestion', output: fourSpaces.replace('["string"]', '["string", "null"]') }],
        },
        {
          messageId: 'notNullable',
          at: '"qty"',
          fixes: [{ kind: 'suggestion', output: fourSpaces.replace('{ "type": "integer" }, { "type": "string" }]', '{ "type": "integer" }, { "type": "string" }, { "type": "null" }]') }],
        },
      ],
    },
    {
      name: 'an enum without a type gets null in the enum',
      code: chat(`{ "order": { "enum": ["asc", "desc"], "description": "Sort order. Defaults to asc." } }`, '["order"]'),
      errors: [
        {
          messageId: 'notNullable',
          at: '"order"',
          fixes: [{ title: 'Make "order" nullable (null in "enum")', output: chat(`{ "order": { "enum": ["asc", "desc", null], "description": "Sort order. Defaults to asc." } }`, '["order"]') }],
        },
      ],
    },
    {
      name: 'a const cannot be made nullable cleanly: no fix',
      code: chat(`{ "mode": { "const": "fast", "description": "Search mode. Defaults to fast." } }`, '["mode"]'),
      errors: [{ messageId: 'notNullable', at: '"mode"', fixes: [] }],
    },
  ],
});
