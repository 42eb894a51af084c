import { defineRule } from '../rule';

/** Reported by the engine itself (linter.ts): the file could not be read as JSON. */
export default defineRule<'syntax' | 'tooLarge' | 'tooDeep' | 'tooManyValues' | 'duplicateKey'>({
  id: 'parse-error',
  meta: {
    section: 'File',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'The file is not valid JSON (syntax error, comment, trailing comma), is too large, too deeply nested or holds too many values to lint, or repeats a key in an object (a warning).',
      why: 'Providers and host programs read tool files with a strict JSON parser: a comment or a trailing comma that an editor tolerates makes the whole tool set fail to load. Files over 32 MB, nested deeper than 512 levels, or holding more than 1,000,000 values are refused with this one diagnostic instead of being linted rule by rule, so a hostile file cannot stall the editor. A key repeated in one object is legal JSON that parsers read differently (RFC 8259 §4: JSON.parse and Python keep the last, others the first or reject the file), so a reviewer can read one description while the model gets another; each member a later one repeats gets a warning, and the rules read the last, as JSON.parse does.',
      spec: 'Resources and their fields: Tool definition',
      bad: '{\n  "name": "get_weather",\n  // the city\n  "description": "Use this when the user asks for the current weather in a city.",\n}',
      good: '{\n  "name": "get_weather",\n  "description": "Use this when the user asks for the current weather in a city.",\n  "parameters": { "type": "object", "properties": {} }\n}',
    },
    messages: {
      syntax: '{{detail}}',
      tooLarge: 'File is larger than 32 MB: it is not linted rule by rule. Split it into smaller files (a tool set, or an evaluation set, per file).',
      tooDeep: 'File is nested more than 512 levels deep: it is not linted rule by rule. Flatten the schema (providers reject such depth anyway).',
      tooManyValues: 'File holds more than 1,000,000 JSON values (keys, items): it is not linted rule by rule. Split it into smaller files (a tool set, or an evaluation set, per file).',
      duplicateKey: 'Key "{{key}}" appears again in this object ({{where}}): JSON.parse and Python\'s json keep that one and ignore this one, while other parsers keep the first or reject the file, so the model may not get what a reviewer reads here. Keep one of them.',
    },
  },
  create: () => ({}),
});
