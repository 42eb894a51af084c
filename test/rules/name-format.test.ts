import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/name-format';

const openai = (name: string, props = '{}') =>
  `{ "type": "function", "function": { "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": ${props} } } }`;
const mcp = (name: string, props = '{}') =>
  `{ "name": "${name}", "description": "Use this when the user asks for it.", "inputSchema": { "type": "object", "properties": ${props} } }`;
const anthropic = (name: string, props = '{}') =>
  `{ "name": "${name}", "description": "Use this when the user asks for it.", "input_schema": { "type": "object", "properties": ${props} } }`;
const bare = (name: string, props = '{}') =>
  `{ "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": ${props} } }`;

runRuleTests(rule, {
  valid: [
    { name: 'snake_case tool and parameters (OpenAI)', code: openai('get_weather', '{ "city_name": { "type": "string" }, "unit": { "type": "string", "enum": ["celsius", "fahrenheit"] } }') },
    { name: 'digits and version suffix', code: anthropic('get_weather_v2', '{ "s3_bucket": { "type": "string" }, "top_k": { "type": "integer" } }') },
    { name: 'dotted namespace: dots are name-portable\'s business', code: bare('weather.get_forecast', '{ "days": { "type": "integer" } }') },
    {
      name: 'HTTP header names inside a headers object are fixed by the protocol',
      code: mcp('send_http_request', '{ "url": { "type": "string" }, "headers": { "type": "object", "properties": { "Content-Type": { "type": "string" }, "X-API-Key": { "type": "string" } } } }'),
    },
    { name: 'non-string name: another rule handles the shape', code: `{ "name": 42, "description": "Use this when the user asks.", "parameters": { "type": "object", "properties": {} } }` },
  ],
  invalid: [
    {
      name: 'camelCase tool and parameter (MCP, still inside the MCP pattern)',
      code: mcp('getWeather', '{ "cityName": { "type": "string" } }'),
      errors: [
        { messageId: 'toolName', at: '"getWeather"', data: { suggestion: '"get_weather"' } },
        { messageId: 'paramName', at: '"cityName"', data: { suggestion: '"city_name"' } },
      ],
    },
    {
      name: 'kebab-case MCP names and nested camelCase property',
      code: `[${mcp('list-tags', '{ "filter": { "type": "object", "properties": { "pageSize": { "type": "integer" } } } }')}, ${mcp('get-9to5mac-news')}]`,
      errors: [
        { messageId: 'toolName', at: '"list-tags"', data: { suggestion: '"list_tags"' } },
        { messageId: 'paramName', at: '"pageSize"', data: { suggestion: '"page_size"' } },
        { messageId: 'toolName', at: '"get-9to5mac-news"', data: { suggestion: '"get_9to5mac_news"' } },
      ],
    },
    {
      name: 'spaces break the OpenAI pattern: error',
      code: openai('Compound Interest Calculator', '{ "Principal": { "type": "number" } }'),
      errors: [
        { messageId: 'toolNameProvider', at: '"Compound Interest Calculator"', severity: 'error', data: { suggestion: '"compound_interest_calculator"', provider: 'OpenAI' }, messageIncludes: '^[a-zA-Z0-9_-]{1,64}$' },
        { messageId: 'paramName', at: '"Principal"', data: { suggestion: '"principal"' } },
      ],
    },
    {
      name: 'generic profile has no own pattern: warning only',
      code: bare('Get User ID', '{ "userID": { "type": "string" } }'),
      errors: [
        { messageId: 'toolName', at: '"Get User ID"', data: { suggestion: '"get_user_id"' } },
        { messageId: 'paramName', at: '"userID"', data: { suggestion: '"user_id"' } },
      ],
    },
    {
      name: 'PascalCase segments of a dotted name',
      code: bare('OpenWeatherMap.get_current_weather'),
      errors: [{ messageId: 'toolName', at: '"OpenWeatherMap.get_current_weather"', data: { suggestion: '"open_weather_map.get_current_weather"' } }],
    },
  ],
});
