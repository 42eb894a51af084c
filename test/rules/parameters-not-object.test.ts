import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/parameters-not-object';

const DESC = 'Use this when the user asks for the current weather in a city. Returns temperature and conditions.';

const noType = `{"name": "get_weather", "description": "${DESC}", "input_schema": {"properties": {"city": {"type": "string"}}, "required": ["city"]}}`;

const emptyChat = `{"type": "function", "function": {"name": "get_server_time", "description": "Use this when the user asks for the server time.", "parameters": {}}}`;

const descriptors = `{"name": "get_weather", "description": "${DESC}", "parameters": [{"name": "city", "type": "string"}]}`;

const mcpNull = `{"name": "get_weather", "description": "${DESC}", "inputSchema": null}`;

const mcpMissing = `{
  "name": "list_projects",
  "title": "List projects",
  "description": "Use this to list the projects the user can open."
}`;

const strictMissing = `{"type": "function", "function": {"name": "get_server_time", "description": "Use this when the user asks for the server time.", "strict": true}}`;

const bareMap = `{
    "name": "get_weather",
    "description": "${DESC}",
    "parameters": {
        "city": { "type": "string", "description": "City name." },
        "unit": {
            "type": "string",
            "enum": ["celsius", "fahrenheit"]
        }
    }
}`;

runRuleTests(rule, {
  valid: [
    {
      name: 'OpenAI chat wrapper with an object schema',
      code: `{"type": "function", "function": {"name": "get_weather", "description": "${DESC}", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City name."}}, "required": ["city"]}}}`,
    },
    {
      name: 'MCP tool without arguments',
      code: `{"name": "list_projects", "description": "Use this to list the projects the user can open.", "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false}}`,
    },
    {
      name: 'Gemini upper-case OBJECT root',
      code: `{"functionDeclarations": [{"name": "get_weather", "description": "${DESC}", "parameters": {"type": "OBJECT", "properties": {"city": {"type": "STRING"}}, "required": ["city"]}}]}`,
    },
    {
      name: 'Python dict alias is left to type-unknown',
      code: `[{"name": "get_weather", "description": "${DESC}", "parameters": {"type": "dict", "properties": {"city": {"type": "string"}}, "required": ["city"]}}]`,
    },
    {
      name: 'nullable object root written as a type array',
      code: `{"name": "search_notes", "description": "Use this to search the user's notes.", "input_schema": {"type": ["object"], "properties": {"query": {"type": "string"}}}}`,
    },
  ],
  invalid: [
    {
      name: 'tool without any parameter schema',
      code: `{"name": "get_time", "description": "Use this when the user asks what time it is in a city."}`,
      errors: [
        {
          messageId: 'missing',
          at: '"get_time"',
          data: { key: 'parameters' },
          fixes: [
            {
              title: 'Add "parameters": { "type": "object", "properties": {} }',
              kind: 'suggestion',
              output: `{"name": "get_time", "description": "Use this when the user asks what time it is in a city.", "parameters": { "type": "object", "properties": {} }}`,
            },
          ],
        },
      ],
    },
    {
      name: 'root without type (bare properties)',
      code: noType,
      errors: [
        {
          messageId: 'noType',
          at: '"input_schema"',
          data: { key: 'input_schema' },
          fixes: [{ title: 'Add "type": "object"', kind: 'suggestion', output: noType.replace('"input_schema": {"properties"', '"input_schema": {"type": "object", "properties"') }],
        },
      ],
    },
    {
      name: 'empty parameter object for a no-argument tool (OpenAI chat)',
      code: emptyChat,
      errors: [{ messageId: 'empty', at: '"parameters"', fixes: [{ title: 'Replace {} with', output: emptyChat.replace('"parameters": {}', '"parameters": { "type": "object", "properties": {} }') }] }],
    },
    {
      name: 'root typed string: no clean fix',
      code: `{"type": "function", "function": {"name": "translate_text", "description": "Use this to translate text.", "parameters": {"type": "string", "description": "Text to translate."}}}`,
      errors: [{ messageId: 'wrongType', at: '"string"', occurrence: 1, fixes: [] }],
    },
    {
      name: 'parameters is an array of named descriptors',
      code: descriptors,
      errors: [
        {
          messageId: 'notObject',
          at: '[{"name": "city", "type": "string"}]',
          fixes: [{ title: 'Convert the parameter list', output: descriptors.replace('[{"name": "city", "type": "string"}]', '{ "type": "object", "properties": { "city": { "type": "string" } } }') }],
        },
      ],
    },
    {
      name: 'MCP inputSchema null names the MCP key',
      code: mcpNull,
      errors: [{ messageId: 'notObject', at: 'null', data: { key: 'inputSchema' }, fixes: [{ output: mcpNull.replace('null', '{ "type": "object", "additionalProperties": false }') }] }],
    },
    {
      name: 'MCP profile, tool without inputSchema (multi-line): the MCP no-parameter schema',
      code: mcpMissing,
      config: { profile: 'mcp' },
      errors: [
        {
          messageId: 'missing',
          at: '"list_projects"',
          data: { key: 'inputSchema' },
          fixes: [
            {
              output: mcpMissing.replace(
                '"description": "Use this to list the projects the user can open."\n',
                '"description": "Use this to list the projects the user can open.",\n  "inputSchema": { "type": "object", "additionalProperties": false }\n',
              ),
            },
          ],
        },
      ],
    },
    {
      name: 'strict OpenAI chat tool without parameters: closed empty object',
      code: strictMissing,
      errors: [
        {
          messageId: 'missing',
          at: '"get_server_time"',
          fixes: [{ output: strictMissing.replace('server time.", "strict"', 'server time.", "parameters": { "type": "object", "properties": {}, "additionalProperties": false }, "strict"') }],
        },
      ],
    },
    {
      name: 'Gemini declaration without parameters: no fix (Gemini accepts a declaration without them)',
      code: `{"functionDeclarations": [{"name": "get_server_time", "description": "Use this when the user asks for the server time."}]}`,
      errors: [{ messageId: 'missing', at: '"get_server_time"', fixes: [] }],
    },
    {
      name: 'a misspelt schema key: adding an empty schema would hide it, so no fix',
      code: `{"name": "get_weather", "description": "${DESC}", "paramters": {"type": "object", "properties": {"city": {"type": "string"}}}}`,
      errors: [{ messageId: 'missing', at: '"get_weather"', fixes: [] }],
    },
    {
      name: 'bare property map as the root (multi-line, 4-space indentation): wrapped in properties',
      code: bareMap,
      errors: [
        {
          messageId: 'noType',
          at: '"parameters"',
          fixes: [
            {
              title: 'Wrap the parameters',
              output: `{
    "name": "get_weather",
    "description": "${DESC}",
    "parameters": {
        "type": "object",
        "properties": {
            "city": { "type": "string", "description": "City name." },
            "unit": {
                "type": "string",
                "enum": ["celsius", "fahrenheit"]
            }
        }
    }
}`,
            },
          ],
        },
      ],
    },
  ],
});
