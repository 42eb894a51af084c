import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/deprecated-no-successor';

const tool = (name: string, extra = '') => `{ "name": "${name}", "description": "Use this when the user asks for the weather in a city.", "parameters": { "type": "object", "properties": { "city": { "type": "string" } } }${extra} }`;

runRuleTests(rule, {
  valid: [
    { name: 'successor defined in the file', code: `[${tool('get_weather', ', "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }')}, ${tool('get_weather_v2')}]` },
    { name: 'deprecated with no successor (being removed)', code: tool('get_weather', ', "deprecated": { "since": "2026-11-01" }') },
    { name: 'deprecated: true', code: tool('get_weather', ', "deprecated": true') },
    { name: 'replacedBy null: no successor, as an absent one', code: tool('get_weather', ', "deprecated": { "since": "2026-11-01", "replacedBy": null }') },
  ],
  invalid: [
    {
      name: 'replacedBy names the tool itself, or values that are not names',
      code: `[${tool('get_weather', ', "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather", 42, { "name": "x" }] }')}]`,
      errors: [
        { messageId: 'selfSuccessor', at: '"get_weather"', occurrence: 2, data: { name: 'get_weather' } },
        { messageId: 'notAName', at: '42', data: { what: 'a number' } },
        { messageId: 'notAName', at: '{ "name": "x" }', data: { what: 'an object' } },
      ],
    },
    {
      name: 'replacedBy names a tool that does not exist',
      code: `[${tool('get_weather', ', "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }')}, ${tool('get_forecast')}]`,
      errors: [{ messageId: 'unknownSuccessor', at: '"get_weather_v2"', data: { name: 'get_weather', successor: 'get_weather_v2' } }],
    },
    {
      name: 'MCP _meta marker, string successor form and one of two missing',
      code: `[
  { "name": "search_docs", "description": "Use this to search the documentation.", "inputSchema": { "type": "object" }, "_meta": { "io.github.toolschema/deprecated": { "replacedBy": ["search_pages", "search_code"] } } },
  { "name": "search_pages", "description": "Use this to search documentation pages.", "inputSchema": { "type": "object" } },
  { "name": "list_docs", "description": "Use this to list documents.", "inputSchema": { "type": "object" }, "deprecated": "list_documents" }
]`,
      errors: [
        { messageId: 'unknownSuccessor', at: '"search_code"', data: { successor: 'search_code' } },
        { messageId: 'unknownSuccessor', at: '"list_documents"', data: { name: 'list_docs' } },
      ],
    },
  ],
});
