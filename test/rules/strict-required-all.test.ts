import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/strict-required-all';

const chat = (params: string, strict = '"strict": true,') => `{
  "type": "function",
  "function": {
    "name": "search_products",
    "description": "Use this when the user looks for products in the catalog by keyword.",
    ${strict}
    "parameters": ${params}
  }
}`;

const optionalPrice = `{
      "type": "object",
      "properties": {
        "query": { "type": "string", "description": "Search words." },
        "max_price": { "type": "number", "description": "Upper price limit in EUR; omit for no limit." }
      },
      "required": ["query"],
      "additionalProperties": false
    }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'strict OpenAI tool with every property required, optional ones nullable',
      code: chat(`{
      "type": "object",
      "properties": {
        "query": { "type": "string", "description": "Search words." },
        "max_price": { "type": ["number", "null"], "description": "Upper price limit in EUR; null for no limit." },
        "filters": {
          "type": "object",
          "properties": { "brand": { "type": ["string", "null"] } },
          "required": ["brand"],
          "additionalProperties": false
        }
      },
      "required": ["query", "max_price", "filters"],
      "additionalProperties": false
    }`),
    },
    { name: 'non-strict Chat Completions tool (strict omitted): optional fields are fine', code: chat(optionalPrice, '') },
    { name: 'Responses tool with "strict": false', code: `{ "type": "function", "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": false, "parameters": ${optionalPrice} }` },
    {
      name: 'Anthropic strict tool use allows optional parameters',
      code: `{ "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "input_schema": ${optionalPrice} }`,
    },
    {
      name: 'MCP tools are never strict',
      code: `{ "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "inputSchema": ${optionalPrice} }`,
    },
  ],
  invalid: [
    {
      name: 'strict Chat Completions tool with an optional property',
      code: chat(optionalPrice),
      errors: [{ messageId: 'notRequired', at: '"max_price"', data: { name: 'max_price', type: 'number' } }],
    },
    {
      name: 'nested object and a nullable property not listed (bare tool with strict: true)',
      code: `{
  "name": "create_shipment",
  "description": "Use this to book a parcel shipment once the user has confirmed the address.",
  "strict": true,
  "parameters": {
    "type": "object",
    "properties": {
      "address": {
        "type": "object",
        "properties": {
          "street": { "type": "string" },
          "zip": { "type": "string" },
          "apartment": { "type": ["string", "null"] }
        },
        "required": ["street", "zip"],
        "additionalProperties": false
      },
      "note": { "type": "string" }
    },
    "required": ["address"],
    "additionalProperties": false
  }
}`,
      errors: [
        { messageId: 'notRequiredNullable', at: '"apartment"' },
        { messageId: 'notRequired', at: '"note"' },
      ],
    },
    {
      name: 'Responses tool without "strict": implicit strict mode, reported as a warning',
      code: `{ "type": "function", "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "parameters": ${optionalPrice} }`,
      errors: [{ messageId: 'notRequired', at: '"max_price"', severity: 'warning', messageIncludes: 'on by default for a Responses tool' }],
    },
    {
      name: 'no required list at all: every property is reported',
      code: chat(`{ "type": "object", "properties": { "query": { "type": "string" }, "page": { "type": "integer" } }, "additionalProperties": false }`),
      errors: [
        { messageId: 'notRequired', at: '"query"' },
        { messageId: 'notRequired', at: '"page"', data: { type: 'integer' } },
      ],
    },
    {
      name: 'OpenAI profile forced by configuration on an Anthropic-shaped strict tool',
      code: `{ "name": "search_products", "description": "Use this when the user looks for products in the catalog by keyword.", "strict": true, "input_schema": ${optionalPrice} }`,
      config: { profile: 'openai' },
      errors: [{ messageId: 'notRequired', at: '"max_price"' }],
    },
  ],
});
