import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/parse-error';

const ok = '{ "name": "get_weather", "description": "Use this when the user asks for the weather in a city.", "parameters": { "type": "object", "properties": {} } }';

runRuleTests(rule, {
  valid: [
    { name: 'a valid tool', code: ok },
    { name: 'an empty list', code: '[]' },
    { name: 'unicode escapes and CRLF line ends', code: ok.replace('weather in', 'weather \\u00e0 in').replace(/, /g, ',\r\n') },
  ],
  invalid: [
    { name: 'a comment', code: '{\n  // the tool\n  "name": "get_weather"\n}', errors: [{ messageId: 'syntax', at: '// the tool', messageIncludes: 'Comments are not allowed' }] },
    { name: 'a trailing comma', code: '{ "name": "get_weather", }', errors: [{ messageId: 'syntax', at: '}', messageIncludes: 'Trailing comma' }] },
    { name: 'a truncated file', code: '{ "name": "get_weather", "description": "x"', errors: [{ messageId: 'syntax', range: '1:44-1:44', messageIncludes: '"}"' }] },
    // The rest of the file is still parsed and linted (offsets unchanged): one finding only, at the BOM.
    { name: 'a UTF-8 byte-order mark', code: '\uFEFF' + ok, errors: [{ messageId: 'syntax', range: '1:1-1:2', messageIncludes: 'byte-order mark' }] },
    { name: 'nesting deeper than 512 levels', code: '['.repeat(600) + ']'.repeat(600), errors: [{ messageId: 'tooDeep', range: '1:1-1:1' }] },
  ],
});
