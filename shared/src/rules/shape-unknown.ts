import { defineRule } from '../rule';

/** Reported by the engine itself (linter.ts) from tool discovery (discover.ts). */
export default defineRule<'emptyFile' | 'unknownFile' | 'unknownEntry' | 'notObject' | 'tooDeep'>({
  id: 'shape-unknown',
  meta: {
    section: 'File',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'The file, or an entry of its tool list, is not a tool definition shape the linter understands.',
      why: 'A tool the linter cannot find is a tool nothing checks. Rather than stay silent, the linter says what it expected: a tool object ({name, description, parameters | input_schema | inputSchema}), an OpenAI {"type":"function","function":{...}} wrapper, a list of tools, {"tools": [...]}, Gemini {"functionDeclarations": [...]}, or a tools/list result.',
      spec: 'Resources and their fields: Tool definition',
      bad: '{ "api_name": "getWeather", "api_description": "Weather for a city" }',
      good: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city.",\n  "parameters": { "type": "object", "properties": {} }\n}',
    },
    messages: {
      emptyFile: 'The file is empty: add a tool definition, or a list of them.',
      unknownFile: 'No tool definitions found: expected a tool object with "name", a list of tools, {"tools": [...]}, {"functionDeclarations": [...]} or a tools/list result, but found {{found}}.',
      unknownEntry: 'This entry is not a tool definition (found {{found}}): give it a "name", "description" and "parameters" (or "input_schema" / "inputSchema"), or wrap it as {"type": "function", "function": {...}}.',
      notObject: 'A tool definition must be a JSON object, but this is {{found}}.',
      tooDeep: 'Tool definitions are read at most {{max}} containers deep, and this one is deeper: its tools are not linted. Move them up into one list, such as {"tools": [...]}.',
    },
  },
  create: () => ({}),
});
