import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/shape-unknown';

const tool = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": {} } }`;

runRuleTests(rule, {
  valid: [
    { name: 'OpenAI Chat Completions request body', code: `{ "model": "gpt-5", "tools": [{ "type": "function", "function": ${tool('get_weather')} }] }` },
    { name: 'Gemini functionDeclarations nested inside tools', code: `{ "tools": [{ "functionDeclarations": [${tool('get_weather')}] }, { "googleSearch": {} }] }` },
    { name: 'JSON-RPC tools/list result', code: `{ "jsonrpc": "2.0", "id": 1, "result": { "tools": [{ "name": "get_weather", "description": "d", "inputSchema": { "type": "object" } }] } }` },
    { name: 'built-in tools next to functions', code: `[{ "type": "web_search_preview" }, { "type": "web_search_20250305", "name": "web_search", "max_uses": 3 }, ${tool('get_weather')}]` },
    { name: 'six levels of catalogs keyed by name are read', code: `{"tools": {"k5": {"tools": {"k4": {"tools": {"k3": {"tools": {"k2": {"tools": {"k1": {"tools": {"k0": ${tool('get_weather')}}}}}}}}}}}}}` },
    { name: 'three levels of {"tools": [...]} are read', code: `{"tools": [{"tools": [{"tools": [${tool('get_weather')}]}]}]}` },
    { name: 'OpenAI Responses tool', code: `{ "type": "function", "name": "get_weather", "description": "d", "parameters": { "type": "object" } }` },
  ],
  invalid: [
    { name: 'a dataset record that is not a tool', code: '{ "api_name": "getWeather", "api_description": "Weather" }', errors: [{ messageId: 'unknownFile', at: '{', messageIncludes: '"api_name"' }] },
    { name: 'an empty file', code: '', errors: [{ messageId: 'emptyFile', range: '1:1-1:1' }] },
    { name: 'a stray entry in a tool list', code: `[${tool('get_weather')},\n${tool('get_forecast')},\n  { "title": "oops" }]`, errors: [{ messageId: 'unknownEntry', range: '3:3-3:4', messageIncludes: '"title"' }] },
    { name: 'a number in a tool list', code: `[${tool('get_weather')}, 42]`, errors: [{ messageId: 'notObject', at: '42' }] },
    {
      // An independent fuzzer: four levels were "No problems, 0 tools" (three are read).
      name: 'tools nested past the depth read: one finding on the first container not read',
      code: `{"tools": [{"tools": [{"tools": [{"tools": [${tool('get_weather')}]}]}]}]}`,
      errors: [{ messageId: 'tooDeep', range: '1:44-1:45', messageIncludes: 'at most 6 containers deep' }],
    },
    {
      name: 'the same in catalogs keyed by name',
      code: `{"tools": {"k6": {"tools": {"k5": {"tools": {"k4": {"tools": {"k3": {"tools": {"k2": {"tools": {"k1": {"tools": {"k0": ${tool('get_weather')}}}}}}}}}}}}}}}`,
      errors: [{ messageId: 'tooDeep', messageIncludes: 'at most 6 containers deep', range: '1:113-1:114' }],
    },
  ],
});
