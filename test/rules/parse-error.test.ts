import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/parse-error';

const ok = '{ "name": "get_weather", "description": "Use this when the user asks for the weather in a city.", "parameters": { "type": "object", "properties": {} } }';

runRuleTests(rule, {
  valid: [
    { name: 'a valid tool', code: ok },
    { name: 'an empty list', code: '[]' },
    { name: 'the same key in sibling and nested objects is not a repeat', code: '[{ "a": { "a": 1 }, "b": [{ "a": 2 }, { "a": 3 }] }, { "a": 4 }]' },
    { name: 'keys that differ only by an escape are different keys only if they decode differently', code: '{ "ab": 1, "a\\u0062c": 2 }' },
    { name: 'unicode escapes and CRLF line ends', code: ok.replace('weather in', 'weather \\u00e0 in').replace(/, /g, ',\r\n') },
  ],
  invalid: [
    { name: 'a comment', code: '{\n  // the tool\n  "name": "get_weather"\n}', errors: [{ messageId: 'syntax', at: '// the tool', messageIncludes: 'Comments are not allowed' }] },
    { name: 'a trailing comma', code: '{ "name": "get_weather", }', errors: [{ messageId: 'syntax', at: '}', messageIncludes: 'Trailing comma' }] },
    { name: 'a truncated file', code: '{ "name": "get_weather", "description": "x"', errors: [{ messageId: 'syntax', range: '1:44-1:44', messageIncludes: '"}"' }] },
    // The rest of the file is still parsed and linted (offsets unchanged): one finding only, at the BOM.
    { name: 'a UTF-8 byte-order mark', code: '\uFEFF' + ok, errors: [{ messageId: 'syntax', range: '1:1-1:2', messageIncludes: 'byte-order mark' }] },
    // Duplicate keys, on the strict path (valid JSON: the fast parser) and on jsonc-parser's (a trailing comma).
    {
      name: 'a repeated key in a tool and in a schema: a warning on each member JSON.parse ignores, naming the kept one',
      code: '{\n  "name": "Get Weather",\n  "name": "get_weather",\n  "description": "Use this when the user asks for the weather in a city.",\n  "parameters": { "type": "object", "properties": { "city": { "type": "str", "type": "string" } } }\n}',
      errors: [
        { messageId: 'duplicateKey', at: '"name"', severity: 'warning', messageIncludes: 'Key "name" appears again in this object (line 3): JSON.parse' },
        { messageId: 'duplicateKey', at: '"type"', occurrence: 2, severity: 'warning', messageIncludes: 'Key "type" appears again in this object (line 5, column 78)' },
      ],
    },
    {
      name: 'a key three times (the first two warned), in an object of more than 8 members, beside a syntax error',
      code: `{ ${Array.from({ length: 9 }, (_, i) => `"k${i}": ${i}`).join(', ')}, "k1": "a", "k1": "b", }`,
      errors: [
        { messageId: 'duplicateKey', at: '"k1"', severity: 'warning', messageIncludes: '"k1" appears again in this object (line 1, column 95)' },
        { messageId: 'duplicateKey', at: '"k1"', occurrence: 2, severity: 'warning' },
        { messageId: 'syntax', at: '}', occurrence: 1, messageIncludes: 'Trailing comma' },
      ],
    },
    { name: 'nesting deeper than 512 levels', code: '['.repeat(600) + ']'.repeat(600), errors: [{ messageId: 'tooDeep', range: '1:1-1:1' }] },
  ],
});
