import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/parameters-not-object';

const DESC = 'Use this when the user asks for the current weather in a city. Returns temperature and conditions.';

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
      errors: [{ messageId: 'missing', at: '"get_time"', data: { key: 'parameters' } }],
    },
    {
      name: 'root without type (bare properties)',
      code: `{"name": "get_weather", "description": "${DESC}", "input_schema": {"properties": {"city": {"type": "string"}}, "required": ["city"]}}`,
      errors: [{ messageId: 'noType', at: '"input_schema"', data: { key: 'input_schema' } }],
    },
    {
      name: 'empty parameter object for a no-argument tool (OpenAI chat)',
      code: `{"type": "function", "function": {"name": "get_server_time", "description": "Use this when the user asks for the server time.", "parameters": {}}}`,
      errors: [{ messageId: 'empty', at: '"parameters"' }],
    },
    {
      name: 'root typed string',
      code: `{"type": "function", "function": {"name": "translate_text", "description": "Use this to translate text.", "parameters": {"type": "string", "description": "Text to translate."}}}`,
      errors: [{ messageId: 'wrongType', at: '"string"', occurrence: 1 }],
    },
    {
      name: 'parameters is an array',
      code: `{"name": "get_weather", "description": "${DESC}", "parameters": [{"name": "city", "type": "string"}]}`,
      errors: [{ messageId: 'notObject', at: '[{"name": "city", "type": "string"}]' }],
    },
    {
      name: 'MCP inputSchema missing names the MCP key',
      code: `{"name": "get_weather", "description": "${DESC}", "inputSchema": null}`,
      errors: [{ messageId: 'notObject', at: 'null', data: { key: 'inputSchema' } }],
    },
  ],
});
