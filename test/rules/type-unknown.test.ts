import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/type-unknown';

// BFCL-style tool: Python type names, "dict" at the root.
const bfcl = `[{
  "name": "calculate_bmi",
  "description": "Use this when the user asks for their body mass index.",
  "parameters": {
    "type": "dict",
    "properties": {
      "weight": { "type": "float", "description": "Weight in kilograms." },
      "height": { "type": "int", "description": "Height in centimetres." },
      "notes": { "type": "list", "items": { "type": "str" }, "description": "Extra notes." }
    },
    "required": ["weight", "height"]
  }
}]`;

const gemini = `{ "tools": [{ "functionDeclarations": [{
  "name": "set_light_values",
  "description": "Use this when the user wants to change the brightness or colour of a light.",
  "parameters": {
    "type": "OBJECT",
    "properties": {
      "brightness": { "type": "INTEGER", "description": "Light level from 0 to 100." },
      "color_temp": { "type": "STRING", "enum": ["daylight", "cool", "warm"], "description": "Colour temperature." }
    },
    "required": ["brightness", "color_temp"]
  }
}] }] }`;

const javaCode = `{ "name": "schedule_task", "description": "Use this to schedule a background task.", "input_schema": { "type": "object", "properties": { "name": { "type": "String" }, "payload": { "type": "any" }, "run_at": { "type": "datetime" }, "ids": { "type": "string[]" }, "retries": { "type": ["long", "null"] } } } }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'OpenAI chat tool with JSON Schema types, nullable union',
      code: `{ "type": "function", "function": { "name": "get_weather", "description": "Use this when the user asks for the weather.", "parameters": { "type": "object", "properties": { "city": { "type": "string" }, "days": { "type": ["integer", "null"] } }, "required": ["city", "days"], "additionalProperties": false }, "strict": true } }`,
    },
    { name: 'Gemini function declarations accept upper-case OpenAPI types', code: gemini },
    {
      name: 'MCP tool whose property is named "type" (a property name, not a type keyword)',
      code: `{ "name": "create_issue", "description": "Use this to file an issue.", "inputSchema": { "type": "object", "properties": { "type": { "type": "string", "enum": ["bug", "feature"] }, "labels": { "type": "array", "items": { "type": "string" } } } } }`,
    },
    {
      name: 'Anthropic tool with every JSON Schema type name',
      code: `{ "name": "record_reading", "description": "Use this to store a sensor reading.", "input_schema": { "type": "object", "properties": { "a": { "type": "string" }, "b": { "type": "number" }, "c": { "type": "integer" }, "d": { "type": "boolean" }, "e": { "type": "object" }, "f": { "type": "array", "items": {} }, "g": { "type": "null" } } } }`,
    },
  ],
  invalid: [
    {
      // The fix writes no type twice: ["string", "string"] is invalid (the meta-schema wants unique items).
      name: 'a list of types that already has the corrected name: an entry an earlier one covers is removed, one a later one has takes its place',
      code: '{ "name": "get_city", "description": "Use this when the user asks about a city. Returns its facts.", "parameters": { "type": "object", "properties": { "a": { "type": ["str", "string"], "description": "A." }, "b": { "type": ["int", "INTEGER", "null"], "description": "B." } } } }',
      errors: [
        { messageId: 'alias', at: '"str"', fixes: [{ title: 'Replace "str" with "string" (and remove the later "string")', kind: 'safe', output: '{ "name": "get_city", "description": "Use this when the user asks about a city. Returns its facts.", "parameters": { "type": "object", "properties": { "a": { "type": ["string"], "description": "A." }, "b": { "type": ["int", "INTEGER", "null"], "description": "B." } } } }' }] },
        { messageId: 'alias', at: '"int"', fixes: [{ title: 'Replace "int" with "integer" (and remove the later "INTEGER")', kind: 'safe', output: '{ "name": "get_city", "description": "Use this when the user asks about a city. Returns its facts.", "parameters": { "type": "object", "properties": { "a": { "type": ["str", "string"], "description": "A." }, "b": { "type": ["integer", "null"], "description": "B." } } } }' }] },
        { messageId: 'upper', at: '"INTEGER"', fixes: [{ title: 'Remove "INTEGER" (the list already has "integer")', kind: 'safe', output: '{ "name": "get_city", "description": "Use this when the user asks about a city. Returns its facts.", "parameters": { "type": "object", "properties": { "a": { "type": ["str", "string"], "description": "A." }, "b": { "type": ["int", "null"], "description": "B." } } } }' }] },
      ],
    },
    {
      name: 'BFCL Python type names, root included',
      code: bfcl,
      errors: [
        {
          messageId: 'alias',
          at: '"dict"',
          data: { type: 'dict', suggestion: 'object' },
          fixes: [{ title: 'Replace "dict" with "object"', kind: 'safe', output: bfcl.replace('"type": "dict"', '"type": "object"') }],
        },
        { messageId: 'alias', at: '"float"', data: { suggestion: 'number' } },
        { messageId: 'alias', at: '"int"', data: { suggestion: 'integer' } },
        { messageId: 'alias', at: '"list"', data: { suggestion: 'array' } },
        { messageId: 'alias', at: '"str"', data: { suggestion: 'string' } },
      ],
    },
    {
      name: 'upper-case types in a bare (non-Gemini) OpenAI-style tool',
      code: `{ "type": "function", "function": { "name": "get_stock_price", "description": "Use this when the user asks for a share price.", "parameters": { "type": "object", "properties": { "ticker": { "type": "STRING", "description": "Ticker symbol." } }, "required": ["ticker"] } } }`,
      errors: [{ messageId: 'upper', at: '"STRING"', data: { suggestion: 'string' } }],
    },
    {
      name: 'Java-style names, any, a date type and one entry of a type array',
      code: javaCode,
      errors: [
        { messageId: 'alias', at: '"String"', data: { suggestion: 'string' } },
        {
          messageId: 'any',
          at: '"any"',
          fixes: [{ kind: 'safe', output: javaCode.replace('"payload": { "type": "any" }', '"payload": {}') }],
        },
        {
          messageId: 'format',
          at: '"datetime"',
          data: { format: 'date-time' },
          fixes: [{ kind: 'safe', output: javaCode.replace('{ "type": "datetime" }', '{ "type": "string", "format": "date-time" }') }],
        },
        {
          messageId: 'arrayOf',
          at: '"string[]"',
          data: { items: 'string' },
          fixes: [{ kind: 'safe', output: javaCode.replace('{ "type": "string[]" }', '{ "type": "array", "items": { "type": "string" } }') }],
        },
        { messageId: 'alias', at: '"long"', data: { suggestion: 'integer' }, fixes: [{ kind: 'safe', output: javaCode.replace('"long"', '"integer"') }] },
      ],
    },
    {
      name: 'hostile type names are plain unknown names (no prototype lookups)',
      code: `{ "name": "upload_file", "description": "Use this to upload a file.", "inputSchema": { "type": "object", "properties": { "a": { "type": "constructor" }, "b": { "type": "__proto__" }, "c": { "type": 42 } } } }`,
      errors: [{ messageId: 'unknown', at: '"constructor"' }, { messageId: 'unknown', at: '"__proto__"' }],
    },
    {
      name: 'unknown name with no mapping',
      code: `{ "name": "upload_file", "description": "Use this to upload a file.", "inputSchema": { "type": "object", "properties": { "file": { "type": "binary" } } } }`,
      errors: [{ messageId: 'unknown', at: '"binary"' }],
    },
  ],
});
