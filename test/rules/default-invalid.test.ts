import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/default-invalid';

const DESC = 'Use this when the user asks to see their recent orders. Returns orders, newest first.';
const chat = (props: string, extra = '') => `{"type": "function", "function": {"name": "list_orders", "description": "${DESC}", "parameters": {"type": "object", "properties": ${props}${extra}}}}`;

runRuleTests(rule, {
  valid: [
    {
      // A pattern not proven safe is not run on a long value; under `not` or `if`, dropping it added an error (found
      // by an independent audit: "must NOT be valid" on a default that plainly does not match `^(a+)+$`).
      name: 'an unproven pattern under not / if / oneOf: a long default or enum value is not checked, not reported',
      code: chat(`{"city": {"type": "string", "description": "City name.", "not": {"pattern": "^(a+)+$"}, "default": "hello world, this is a normal value", "enum": ["hello world, this is a normal value", "short"]}, "code": {"type": "string", "description": "Code.", "if": {"pattern": "^(a+)+$"}, "then": {"maxLength": 3}, "default": "hello world, this is a normal value"}}`),
    },
    {
      name: 'defaults and enums that fit their schema',
      code: chat(`{"limit": {"type": "integer", "minimum": 1, "maximum": 50, "default": 10}, "status": {"type": "string", "enum": ["open", "shipped"], "default": "open"}, "since": {"type": "string", "format": "date", "default": "2024-01-01"}}`),
    },
    {
      name: 'null default means "no default"; nullable enum in strict style',
      code: `{"type": "function", "name": "list_orders", "description": "${DESC}", "strict": true, "parameters": {"type": "object", "properties": {"status": {"type": ["string", "null"], "enum": ["open", "shipped", null]}, "note": {"type": "string", "default": null}}, "required": ["status", "note"], "additionalProperties": false}}`,
    },
    {
      name: 'Gemini upper-case types and nullable',
      code: `{"functionDeclarations": [{"name": "list_orders", "description": "${DESC}", "parameters": {"type": "OBJECT", "properties": {"limit": {"type": "INTEGER", "default": 20}, "status": {"type": "STRING", "format": "enum", "enum": ["open", "shipped"], "nullable": true, "default": "open"}}}}]}`,
    },
    {
      name: 'default checked against a $ref to $defs',
      code: `{"name": "set_theme", "description": "Use this to change the color theme.", "input_schema": {"type": "object", "properties": {"theme": {"$ref": "#/$defs/theme", "default": "dark"}}, "$defs": {"theme": {"type": "string", "enum": ["light", "dark"]}}}}`,
    },
    {
      name: 'hostile ReDoS pattern with a long default finishes instantly (pattern not run)',
      code: `{"name": "create_user", "description": "Use this to create a user.", "inputSchema": {"type": "object", "properties": {"handle": {"type": "string", "pattern": "^(a+)+$", "default": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa!"}}}}`,
    },
    {
      name: 'Python types (BFCL) are not compiled',
      code: `[{"name": "calc.mean", "description": "Computes a mean.", "parameters": {"type": "dict", "properties": {"values": {"type": "array", "items": {"type": "float"}, "default": ["x"]}, "precision": {"type": "int", "default": "two"}}}}]`,
    },
    {
      // Generative fuzzer: ajv recursed until the stack overflowed and the rule threw.
      name: 'a $ref cycle that never moves into the value (a definition referring to itself) is not checked',
      code: `{"name": "get_weather", "description": "Use this when the user asks for the weather.", "parameters": {"type": "object", "definitions": {"a": {"type": "string", "default": 1, "$ref": "#/definitions/a"}}}}`,
    },
    {
      // Independent fuzzer: 30 definitions, each an anyOf (or allOf) of two references to the next, 2^30 schemas
      // applied to the default; ajv kept an error per failed branch and the CLI ran out of memory on a 4 KB file.
      name: 'definitions that apply more than 10,000 subschemas to one value are not checked (anyOf, allOf, enum)',
      code: `{"name": "get_weather", "description": "Use this when the user asks for the weather.", "inputSchema": {"type": "object", "properties": {"m": {"$ref": "#/$defs/a0", "default": "x"}, "n": {"$ref": "#/$defs/b0", "enum": ["x", "y"]}}, "$defs": {${Array.from({ length: 30 }, (_, i) => `"a${i}": {"anyOf": [{"$ref": "#/$defs/a${i + 1}"}, {"$ref": "#/$defs/a${i + 1}"}]}, "b${i}": {"allOf": [{"$ref": "#/$defs/b${i + 1}"}, {"$ref": "#/$defs/b${i + 1}"}]}`).join(', ')}, "a30": {"type": "string", "minLength": 5}, "b30": {"type": "string", "minLength": 5}}}}`,
    },
    {
      // Independent fuzzer: two keywords reaching the same part of the value through a chain of definitions (items
      // and contains, properties and patternProperties): the work doubled with each level of the default (2 KB
      // file: 17 s and 2 GB at 22 levels).
      name: 'definitions that reach the same parts of the default twice at each level are not checked (items + contains, properties + patternProperties)',
      code: `{"name": "get_weather", "description": "Use this when the user asks for the weather.", "inputSchema": {"type": "object", "properties": {"m": {"$ref": "#/$defs/a0", "default": ${'['.repeat(22)}"x"${']'.repeat(22)}}, "n": {"$ref": "#/$defs/b0", "default": ${'{"k":'.repeat(22)}"x"${'}'.repeat(22)}}}, "$defs": {${Array.from({ length: 22 }, (_, i) => `"a${i}": {"type": "array", "items": {"$ref": "#/$defs/a${i + 1}"}, "contains": {"$ref": "#/$defs/a${i + 1}"}}, "b${i}": {"type": "object", "properties": {"k": {"$ref": "#/$defs/b${i + 1}"}}, "patternProperties": {"^k$": {"$ref": "#/$defs/b${i + 1}"}}}`).join(', ')}, "a22": {"type": "string", "minLength": 5}, "b22": {"type": "string", "minLength": 5}}}}`,
    },
    {
      name: 'the same through anyOf and allOf, with an enum',
      code: `{"name": "get_weather", "description": "Use this when the user asks for the weather.", "inputSchema": {"type": "object", "properties": {"unit": {"$ref": "#/$defs/a", "enum": ["c", 1]}}, "$defs": {"a": {"anyOf": [{"$ref": "#/$defs/b"}]}, "b": {"allOf": [{"$ref": "#/$defs/a"}], "default": 3}}}}`,
    },
  ],
  invalid: [
    {
      // An independent tester: 1e400 is read as Infinity, which passed `type: number` and was quoted as null.
      name: 'a default or enum value too large for a double is no number, quoted as written',
      code: chat(`{"limit": {"type": "number", "default": 1e400, "description": "Most results."}, "step": {"type": "integer", "enum": [1, -1e999], "description": "Step."}}`),
      errors: [
        { messageId: 'defaultInvalid', at: '1e400', data: { value: '1e400' }, messageIncludes: 'must be number' },
        { messageId: 'enumInvalid', at: '-1e999', data: { value: '-1e999' } },
      ],
    },
    {
      name: 'an invalid default in the MCP result schema',
      code: `{ "name": "get_invoice", "description": "Use this when the user asks about one invoice by its number. Returns the invoice.", "inputSchema": { "type": "object", "properties": { "invoice_id": { "type": "string", "description": "Invoice number." } }, "required": ["invoice_id"] }, "outputSchema": { "type": "object", "properties": { "success": { "type": "boolean" }, "pages": { "type": "integer", "default": "many", "description": "Page count." } } } }`,
      errors: [{ messageId: 'defaultInvalid', at: '"many"' }],
    },
    {
      name: 'default of the wrong type, default outside the enum (OpenAI chat)',
      code: chat(`{"limit": {"type": "integer", "default": "ten"}, "status": {"type": "string", "enum": ["open", "shipped", "delivered"], "default": "pending"}}`),
      errors: [
        { messageId: 'defaultInvalid', at: '"ten"', data: { reason: 'must be integer', what: 'type' } },
        { messageId: 'defaultInvalid', at: '"pending"', messageIncludes: 'must be one of "open", "shipped", "delivered"' },
      ],
    },
    {
      name: 'enum value the type rejects; inverted bounds reported once (Anthropic)',
      code: `{"name": "book_room", "description": "Use this to book a hotel room.", "input_schema": {"type": "object", "properties": {"guests": {"type": "integer", "enum": [1, 2, "3"]}, "nights": {"type": "integer", "minimum": 4, "maximum": 2, "default": 3}}}}`,
      errors: [
        { messageId: 'enumInvalid', at: '"3"' },
        { messageId: 'rangeInverted', at: '"minimum"', data: { minValue: 4, maxValue: 2 } },
      ],
    },
    {
      name: 'default violating bounds and pattern (MCP)',
      code: `{"name": "get_page", "description": "Use this to read one page of results.", "inputSchema": {"type": "object", "properties": {"page_size": {"type": "integer", "minimum": 1, "maximum": 100, "default": 500}, "cursor": {"type": "string", "pattern": "^[A-Za-z0-9]+$", "default": "not a cursor"}, "sort": {"type": "string", "minLength": 5, "maxLength": 3}}}}`,
      errors: [
        { messageId: 'defaultInvalid', at: '500', messageIncludes: 'must be <= 100' },
        { messageId: 'defaultInvalid', at: '"not a cursor"', messageIncludes: 'pattern' },
        { messageId: 'rangeInverted', at: '"minLength"' },
      ],
    },
    {
      name: 'the same shape kept small (2^10 subschemas) is checked',
      code: `{"name": "get_weather", "description": "Use this when the user asks for the weather.", "inputSchema": {"type": "object", "properties": {"m": {"$ref": "#/$defs/a0", "default": "x"}}, "$defs": {${Array.from({ length: 10 }, (_, i) => `"a${i}": {"anyOf": [{"$ref": "#/$defs/a${i + 1}"}, {"$ref": "#/$defs/a${i + 1}"}]}`).join(', ')}, "a10": {"type": "string", "minLength": 5}}}}`,
      errors: [{ messageId: 'defaultInvalid', at: '"x"' }],
    },
    {
      name: 'the same keywords over 8 levels are checked',
      code: `{"name": "get_weather", "description": "Use this when the user asks for the weather.", "inputSchema": {"type": "object", "properties": {"m": {"$ref": "#/$defs/a0", "default": ${'['.repeat(8)}"x"${']'.repeat(8)}}}, "$defs": {${Array.from({ length: 8 }, (_, i) => `"a${i}": {"type": "array", "items": {"$ref": "#/$defs/a${i + 1}"}, "contains": {"$ref": "#/$defs/a${i + 1}"}}`).join(', ')}, "a8": {"type": "string", "minLength": 5}}}}`,
      errors: [{ messageId: 'defaultInvalid', at: `${'['.repeat(8)}"x"${']'.repeat(8)}`, messageIncludes: 'must NOT have fewer than 5 characters' }],
    },
    {
      name: 'a $ref cycle through properties ends with the value: checked',
      code: `{"name": "get_weather", "description": "Use this when the user asks for the weather.", "parameters": {"type": "object", "properties": {"x": {"$ref": "#/$defs/a", "default": {"next": {"x": 1}}}}, "$defs": {"a": {"type": "object", "properties": {"next": {"$ref": "#/$defs/a"}}, "additionalProperties": false}}}}`,
      errors: [{ messageId: 'defaultInvalid', at: '{"next": {"x": 1}}', messageIncludes: 'next has the property "x"' }],
    },
    {
      // Generative fuzzer: ajv's uniqueItems code kept the strings seen in a plain {}, so "__proto__" twice passed.
      name: 'a default with the same item twice under uniqueItems, "__proto__" included',
      code: chat(`{"tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true, "default": ["__proto__", "__proto__"]}, "ids": {"type": "array", "uniqueItems": true, "default": [1, 2, 1]}}`),
      errors: [
        { messageId: 'defaultInvalid', at: '["__proto__", "__proto__"]', messageIncludes: '(has the same item twice (items 1 and 2))' },
        { messageId: 'defaultInvalid', at: '[1, 2, 1]', messageIncludes: '(has the same item twice (items 1 and 3))' },
      ],
    },
    {
      name: 'enum on an array parameter instead of on its items',
      code: chat(`{"fields": {"type": "array", "items": {"type": "string"}, "enum": ["id", "total", "status"]}}`),
      errors: [{ messageId: 'enumOnArray', at: '"enum"' }],
    },
    {
      name: 'string "false" for a boolean; object default missing a required key',
      code: chat(`{"include_archived": {"type": "boolean", "default": "false"}, "window": {"type": "object", "properties": {"from": {"type": "string"}, "to": {"type": "string"}}, "required": ["from"], "default": {"to": "2024-12-31"}}}`),
      errors: [
        { messageId: 'defaultInvalid', at: '"false"', occurrence: 1 },
        { messageId: 'defaultInvalid', at: '{"to": "2024-12-31"}', messageIncludes: '"from"' },
      ],
    },
    {
      name: 'bad default under a __proto__ property name',
      code: chat(`{"__proto__": {"type": "integer", "default": "x"}, "constructor": {"type": "string", "enum": ["a", 1]}}`),
      errors: [
        { messageId: 'defaultInvalid', at: '"x"' },
        { messageId: 'enumInvalid', at: '1', occurrence: 1 },
      ],
    },
  ],
});
