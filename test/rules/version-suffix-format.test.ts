import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/version-suffix-format';

const weather = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for the current weather at a place.", "parameters": { "type": "object", "properties": { "location": { "type": "string", "description": "City name or lat,lon." } }, "required": ["location"] } }`;

const camel = `[\n  ${weather('get_weather')},\n  ${weather('getWeatherV2')}\n]`;
const bare = `[\n  ${weather('get_weather')},\n  ${weather('get_weather2')}\n]`;
const word = `{ "tools": [\n  ${weather('get_weather')},\n  ${weather('get_weather_v2')},\n  ${weather('get_weather_new')}\n] }`;

runRuleTests(rule, {
  valid: [
    { name: 'the <tool_name>_v<N> pattern', code: `[\n  ${weather('get_weather')},\n  ${weather('get_weather_v2')},\n  ${weather('get_weather_v3')}\n]` },
    { name: 'digits that are part of the name (no base tool defined)', code: `[\n  ${weather('encode_base64')},\n  ${weather('list_s3_buckets')},\n  ${weather('get_ec2')}\n]` },
    { name: '"latest" naming data, not a version (no get_sensor_readings tool)', code: weather('get_sensor_readings_latest') },
    { name: 'a single-word base with "new" is not a version', code: weather('open_new') },
    { name: '_v1 alone (no tool of the base name): a name like any other', code: weather('search_v1') },
  ],
  invalid: [
    {
      name: 'camelCase V2 beside its predecessor',
      code: camel,
      errors: [{ messageId: 'style', at: '"getWeatherV2"', data: { suggestion: 'get_weather_v2' }, fixes: [{ title: 'Rename "getWeatherV2" to "get_weather_v2"', kind: 'suggestion', output: camel.replace('"getWeatherV2"', '"get_weather_v2"') }] }],
    },
    {
      name: 'a bare number after an existing tool name',
      code: bare,
      errors: [{ messageId: 'bareNumber', at: '"get_weather2"', data: { base: 'get_weather', version: 2, suggestion: 'get_weather_v2' }, fixes: [{ output: bare.replace('"get_weather2"', '"get_weather_v2"') }] }],
    },
    {
      name: '_v1 beside the tool it versions: the new version of a tool is 2',
      code: `[\n  ${weather('get_weather')},\n  ${weather('get_weather_v1')}\n]`,
      errors: [{ messageId: 'number', at: '"get_weather_v1"', data: { suggestion: 'get_weather_v2' }, fixes: [{ output: `[\n  ${weather('get_weather')},\n  ${weather('get_weather_v2')}\n]` }] }],
    },
    {
      name: 'a word suffix becomes the next free version',
      code: word,
      errors: [{ messageId: 'word', at: '"get_weather_new"', data: { suggestion: 'get_weather_v3' }, fixes: [{ output: word.replace('"get_weather_new"', '"get_weather_v3"') }] }],
    },
    {
      name: 'other spellings: dash, version word, prefix (MCP tools)',
      code: `[
  { "name": "search_docs-v2", "description": "Use this to search the documentation.", "inputSchema": { "type": "object", "properties": {} } },
  { "name": "list_users_version3", "description": "Use this to list the users of the workspace.", "inputSchema": { "type": "object", "properties": {} } },
  { "name": "v2_create_invoice", "description": "Use this to create an invoice for a customer.", "inputSchema": { "type": "object", "properties": {} } },
  { "name": "get_report_v02", "description": "Use this to fetch a generated report.", "inputSchema": { "type": "object", "properties": {} } }
]`,
      errors: [
        { messageId: 'style', at: '"search_docs-v2"', data: { suggestion: 'search_docs_v2' } },
        { messageId: 'style', at: '"list_users_version3"', data: { suggestion: 'list_users_v3' } },
        { messageId: 'style', at: '"v2_create_invoice"', data: { suggestion: 'create_invoice_v2' } },
        { messageId: 'number', at: '"get_report_v02"', data: { suggestion: 'get_report_v2' } },
      ],
    },
  ],
});
