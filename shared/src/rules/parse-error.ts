import { defineRule } from '../rule';

/** Reported by the engine itself (linter.ts): the file could not be read as JSON. */
export default defineRule<'syntax' | 'tooLarge' | 'tooDeep' | 'tooManyValues'>({
  id: 'parse-error',
  meta: {
    section: 'File',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'The file is not valid JSON (syntax error, comment, trailing comma), or is too large, too deeply nested or holds too many values to lint.',
      why: 'Providers and host programs read tool files with a strict JSON parser: a comment or a trailing comma that an editor tolerates makes the whole tool set fail to load. Files over 32 MB, nested deeper than 512 levels, or holding more than 1,000,000 values are refused with this one diagnostic instead of being linted rule by rule, so a hostile file cannot stall the editor.',
      spec: 'Resources and their fields: Tool definition',
      bad: '{\n  "name": "get_weather",\n  // the city\n  "description": "Use this when the user asks for the current weather in a city.",\n}',
      good: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city.",\n  "parameters": { "type": "object", "properties": {} }\n}',
    },
    messages: {
      syntax: '{{detail}}',
      tooLarge: 'File is larger than 32 MB: it is not linted rule by rule. Split the tool set into smaller files.',
      tooDeep: 'File is nested more than 512 levels deep: it is not linted rule by rule. Flatten the schema (providers reject such depth anyway).',
      tooManyValues: 'File holds more than 1,000,000 JSON values (keys, items): it is not linted rule by rule. Split the tool set into smaller files.',
    },
  },
  create: () => ({}),
});
