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

const lineItems = (outer: string, inner: string) =>
  `{ "type": "function", "function": { "name": "add_line_items", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": { "${outer}": { "type": "array", "description": "Lines.", "items": { "type": "object", "properties": { "${inner}": { "type": "number" } }, "required": ["${inner}"] } } }, "required": ["${outer}"] } } }`;

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
        { messageId: 'toolName', at: '"getWeather"', data: { suggestion: '"get_weather"' }, fixes: [{ title: 'Rename "getWeather" to "get_weather"', kind: 'suggestion', output: mcp('get_weather', '{ "cityName": { "type": "string" } }') }] },
        { messageId: 'paramName', at: '"cityName"', data: { suggestion: '"city_name"' }, fixes: [{ title: 'Rename "cityName" to "city_name"', kind: 'suggestion', output: mcp('getWeather', '{ "city_name": { "type": "string" } }') }] },
      ],
    },
    {
      name: 'kebab-case MCP names and nested camelCase property',
      code: `[${mcp('list-tags', '{ "filter": { "type": "object", "properties": { "pageSize": { "type": "integer" } } } }')}, ${mcp('get-9to5mac-news')}]`,
      errors: [
        { messageId: 'toolName', at: '"list-tags"', data: { suggestion: '"list_tags"' }, fixes: [{ output: `[${mcp('list_tags', '{ "filter": { "type": "object", "properties": { "pageSize": { "type": "integer" } } } }')}, ${mcp('get-9to5mac-news')}]` }] },
        { messageId: 'paramName', at: '"pageSize"', data: { suggestion: '"page_size"' }, fixes: [{ output: `[${mcp('list-tags', '{ "filter": { "type": "object", "properties": { "page_size": { "type": "integer" } } } }')}, ${mcp('get-9to5mac-news')}]` }] },
        { messageId: 'toolName', at: '"get-9to5mac-news"', data: { suggestion: '"get_9to5mac_news"' }, fixes: [{ output: `[${mcp('list-tags', '{ "filter": { "type": "object", "properties": { "pageSize": { "type": "integer" } } } }')}, ${mcp('get_9to5mac_news')}]` }] },
      ],
    },
    {
      name: 'spaces break the OpenAI pattern: error, fixed by the rename',
      code: openai('Compound Interest Calculator', '{ "Principal": { "type": "number" } }'),
      errors: [
        {
          messageId: 'toolNameProvider',
          at: '"Compound Interest Calculator"',
          severity: 'error',
          data: { suggestion: '"compound_interest_calculator"', provider: 'OpenAI' },
          messageIncludes: '^[a-zA-Z0-9_-]{1,64}$',
          fixes: [{ title: 'Rename "Compound Interest Calculator" to "compound_interest_calculator"', output: openai('compound_interest_calculator', '{ "Principal": { "type": "number" } }') }],
        },
        { messageId: 'paramName', at: '"Principal"', data: { suggestion: '"principal"' }, fixes: [{ output: openai('Compound Interest Calculator', '{ "principal": { "type": "number" } }') }] },
      ],
    },
    {
      name: 'generic profile has no own pattern: warning only',
      code: bare('Get User ID', '{ "userID": { "type": "string" } }'),
      errors: [
        { messageId: 'toolName', at: '"Get User ID"', data: { suggestion: '"get_user_id"' }, fixes: [{ output: bare('get_user_id', '{ "userID": { "type": "string" } }') }] },
        { messageId: 'paramName', at: '"userID"', data: { suggestion: '"user_id"' }, fixes: [{ output: bare('Get User ID', '{ "user_id": { "type": "string" } }') }] },
      ],
    },
    {
      name: 'PascalCase segments of a dotted name: the dots become "_" as name-portable suggests too (one rename satisfies both)',
      code: bare('OpenWeatherMap.get_current_weather'),
      errors: [{ messageId: 'toolName', at: '"OpenWeatherMap.get_current_weather"', data: { suggestion: '"open_weather_map_get_current_weather"' }, fixes: [{ output: bare('open_weather_map_get_current_weather') }] }],
    },
    {
      name: 'PascalCase segments of a dotted name, name-portable off (dotted MCP names wanted): the dots are kept',
      code: bare('OpenWeatherMap.get_current_weather'),
      config: { rules: { 'name-portable': 'off' } },
      errors: [{ messageId: 'toolName', at: '"OpenWeatherMap.get_current_weather"', data: { suggestion: '"open_weather_map.get_current_weather"' }, fixes: [{ output: bare('open_weather_map.get_current_weather') }] }],
    },
    {
      name: 'Anthropic, 4-space indentation: the key and its entry in "required" are renamed, nothing else',
      code: `{
    "name": "create_contact",
    "description": "Use this when the user wants to save a new contact.",
    "input_schema": {
        "type": "object",
        "properties": {
            "firstName": { "type": "string", "description": "Given name, as in firstName of the CRM." },
            "email": { "type": "string", "description": "Email address." }
        },
        "required": [
            "firstName",
            "email"
        ]
    }
}`,
      errors: [
        {
          messageId: 'paramName',
          at: '"firstName"',
          fixes: [
            {
              title: 'Rename "firstName" to "first_name"',
              output: `{
    "name": "create_contact",
    "description": "Use this when the user wants to save a new contact.",
    "input_schema": {
        "type": "object",
        "properties": {
            "first_name": { "type": "string", "description": "Given name, as in firstName of the CRM." },
            "email": { "type": "string", "description": "Email address." }
        },
        "required": [
            "first_name",
            "email"
        ]
    }
}`,
            },
          ],
        },
      ],
    },
    {
      name: 'OpenAI chat wrapper: a property inside array items, with its own required (the outer required is untouched)',
      code: lineItems('lineItems', 'unitPrice'),
      errors: [
        { messageId: 'paramName', at: '"lineItems"', fixes: [{ output: lineItems('line_items', 'unitPrice') }] },
        { messageId: 'paramName', at: '"unitPrice"', fixes: [{ output: lineItems('lineItems', 'unit_price') }] },
      ],
    },
    {
      name: 'Gemini declaration with tab indentation',
      code: '{\n\t"functionDeclarations": [\n\t\t{\n\t\t\t"name": "findFlights",\n\t\t\t"description": "Use this when the user wants flights between two airports.",\n\t\t\t"parameters": { "type": "OBJECT", "properties": { "origin": { "type": "STRING", "description": "IATA code." } } }\n\t\t}\n\t]\n}',
      errors: [{ messageId: 'toolName', at: '"findFlights"', fixes: [{ output: '{\n\t"functionDeclarations": [\n\t\t{\n\t\t\t"name": "find_flights",\n\t\t\t"description": "Use this when the user wants flights between two airports.",\n\t\t\t"parameters": { "type": "OBJECT", "properties": { "origin": { "type": "STRING", "description": "IATA code." } } }\n\t\t}\n\t]\n}' }] }],
    },
    {
      name: 'no rename onto an existing property, a tool name already taken, or a name with nothing ASCII',
      code: `[${mcp('getUser', '{ "userId": { "type": "string" }, "user_id": { "type": "string" }, "名前": { "type": "string" } }')}, ${mcp('get_user')}]`,
      errors: [
        { messageId: 'toolName', at: '"getUser"', fixes: [] },
        { messageId: 'paramName', at: '"userId"', fixes: [] },
        { messageId: 'paramName', at: '"名前"', data: { suggestion: 'a snake_case name of ASCII letters, digits and underscores' }, fixes: [] },
      ],
    },
    {
      name: 'no tool rename while a sibling\'s description calls it by its current name',
      code: `[${mcp('getUser')}, { "name": "update_user", "description": "Use this to change a profile; call \`getUser\` first.", "inputSchema": { "type": "object", "properties": {} } }]`,
      errors: [{ messageId: 'toolName', at: '"getUser"', fixes: [] }],
    },
  ],
});
