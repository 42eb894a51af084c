import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/schema-invalid';

const DESC = 'Use this when the user asks for the current weather in a city. Returns temperature and conditions.';
const chat = (params: string) => `{"type": "function", "function": {"name": "get_weather", "description": "${DESC}", "parameters": ${params}}}`;
const mcp = (schema: string) => `{"name": "search_issues", "description": "Use this to find issues by text.", "inputSchema": ${schema}}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'OpenAI chat tool with enum, bounds and a local $ref',
      code: chat(`{"type": "object", "properties": {"city": {"type": "string"}, "unit": {"$ref": "#/$defs/unit"}, "days": {"type": "integer", "minimum": 1, "maximum": 7}}, "required": ["city"], "additionalProperties": false, "$defs": {"unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}}`),
    },
    {
      name: 'property names that are keywords ("type", "required", "items") are names',
      code: mcp(`{"type": "object", "properties": {"type": {"type": "string"}, "required": {"type": "boolean"}, "items": {"type": "array", "items": {"type": "string"}}}}`),
    },
    {
      name: 'Python type names are left to type-unknown (BFCL)',
      code: `[{"name": "calc.area", "description": "Computes an area.", "parameters": {"type": "dict", "properties": {"sides": {"type": "array", "items": {"type": "float"}}, "unit": {"type": "str"}}, "required": ["sides"]}}]`,
    },
    {
      name: 'Gemini upper-case types and nullable',
      code: `{"functionDeclarations": [{"name": "get_weather", "description": "${DESC}", "parameters": {"type": "OBJECT", "properties": {"city": {"type": "STRING", "nullable": true}, "days": {"type": "ARRAY", "items": {"type": "INTEGER"}}}}}]}`,
    },
    {
      name: 'draft-04 exclusiveMinimum boolean under a draft-04 $schema',
      code: `{"name": "set_volume", "description": "Use this to set the speaker volume.", "input_schema": {"$schema": "http://json-schema.org/draft-04/schema#", "type": "object", "properties": {"level": {"type": "number", "minimum": 0, "exclusiveMinimum": true}}}}`,
    },
    {
      name: 'valid Unicode-mode pattern and anchor-style $ref are accepted',
      code: mcp(`{"type": "object", "properties": {"repo": {"type": "string", "pattern": "^[\\\\w.-]+/[\\\\w.-]+$"}, "tree": {"$ref": "#"}}}`),
    },
  ],
  invalid: [
    {
      name: 'a non-array required in the MCP result schema',
      code: `{ "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number. Returns the invoice.", "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice number." } }, "required": ["invoice_id"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" } }, "required": "success" } }`,
      errors: [{ messageId: 'keywordValue', at: '"success"', occurrence: 2 }],
    },
    {
      name: '"required" written as a string',
      code: chat(`{"type": "object", "properties": {"city": {"type": "string"}}, "required": "city"}`),
      errors: [{ messageId: 'keywordValue', at: '"city"', occurrence: 2, data: { keyword: 'required' }, messageIncludes: 'write ["city"]' }],
    },
    {
      name: 'property schema written as a bare type name',
      code: `{"name": "get_weather", "description": "${DESC}", "input_schema": {"type": "object", "properties": {"city": "string", "days": {"type": "integer"}}}}`,
      errors: [{ messageId: 'notSchema', at: '"string"', data: { where: 'property "city"', example: '{"type": "string"}' } }],
    },
    {
      name: 'draft-03 "required": true on a property, and a negative maxLength',
      code: mcp(`{"type": "object", "properties": {"query": {"type": "string", "required": true, "maxLength": -1}}}`),
      errors: [
        { messageId: 'keywordValue', at: 'true', data: { keyword: 'required' }, messageIncludes: 'draft-03' },
        { messageId: 'keywordValue', at: '-1', data: { keyword: 'maxLength' } },
      ],
    },
    {
      name: 'pattern invalid in Unicode mode, and a pattern that never compiles',
      code: chat(`{"type": "object", "properties": {"sku": {"type": "string", "pattern": "^[A-Z]{3}\\\\-\\\\d+$"}, "tag": {"type": "string", "pattern": "([a-z]+"}}}`),
      errors: [
        { messageId: 'regexUnicode', at: '"^[A-Z]{3}\\\\-\\\\d+$"' },
        { messageId: 'regex', at: '"([a-z]+"' },
      ],
    },
    {
      name: 'dangling local $ref and duplicate required entry',
      code: mcp(`{"type": "object", "properties": {"state": {"$ref": "#/$defs/State"}, "query": {"type": "string"}}, "required": ["query", "query"]}`),
      errors: [
        { messageId: 'refUnresolved', at: '"#/$defs/State"' },
        { messageId: 'duplicate', at: '"query"', occurrence: 3, data: { keyword: 'required' } },
      ],
    },
    {
      // Generative fuzzer: ajv's uniqueItems code kept the strings seen in a plain {}, so "__proto__" twice passed.
      name: 'duplicate "__proto__" in required, draft-07 and 2020-12',
      code: `[${chat(`{"type": "object", "properties": {"__proto__": {"type": "string"}}, "required": ["__proto__", "__proto__"]}`)}, ${mcp(`{"type": "object", "properties": {"__proto__": {"type": "string"}}, "required": ["__proto__", "__proto__"]}`)}]`,
      errors: [
        { messageId: 'duplicate', at: '"__proto__"', occurrence: 3, data: { keyword: 'required' } },
        { messageId: 'duplicate', at: '"__proto__"', occurrence: 6, data: { keyword: 'required' } },
      ],
    },
    {
      name: 'a duplicate number is quoted as written (1e400 is no JSON number a reader gives back: it was quoted as null)',
      code: chat(`{"type": "object", "properties": {"size": {"type": "number", "enum": [1e400, 2, 1E400]}}}`),
      errors: [{ messageId: 'duplicate', at: '1E400', data: { keyword: 'enum', value: '1E400' } }],
    },
    {
      name: '2020-12 (MCP default) rejects the tuple form of items',
      code: mcp(`{"type": "object", "properties": {"point": {"type": "array", "items": [{"type": "number"}, {"type": "number"}]}}}`),
      errors: [{ messageId: 'notSchema', at: '[{"type": "number"}, {"type": "number"}]' }],
    },
    {
      name: '__proto__ and constructor keys do not break validation',
      code: mcp(`{"type": "object", "properties": {"__proto__": {"type": "string"}, "constructor": {"type": "string", "enum": "a"}}}`),
      errors: [{ messageId: 'keywordValue', at: '"a"', data: { keyword: 'enum' } }],
    },
  ],
});
