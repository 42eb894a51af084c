import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/deprecated-no-redirect';

const v2 = `{ "name": "get_weather_v2", "description": "Use this when the user asks for the weather at a place.", "parameters": { "type": "object" } }`;
const noText = `[
  {
    "name": "get_weather",
    "description": "Use this when the user asks for the weather in a city.",
    "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] },
    "parameters": { "type": "object" }
  },
  ${v2}
]`;
const noSuccessor = `[{ "name": "get_weather", "description": "DEPRECATED. Use this when the user asks for the weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object" } }, ${v2}]`;
const noDescription = `[{ "name": "delete_cache", "deprecated": true, "parameters": { "type": "object" } }]`;

runRuleTests(rule, {
  valid: [
    { name: 'redirect names the successor', code: `[{ "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Use this for the weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_weather_v2"] }, "parameters": { "type": "object" } }, ${v2}]` },
    { name: 'deprecated with no successor, description says so', code: `[{ "name": "delete_cache", "description": "Deprecated: do not use this tool; it will be removed.", "deprecated": { "since": "2026-11-01" }, "parameters": { "type": "object" } }]` },
    { name: 'not deprecated', code: `[${v2}]` },
  ],
  invalid: [
    {
      name: 'marker but the description does not say deprecated (multi-line)',
      code: noText,
      errors: [{ messageId: 'noRedirect', at: '"Use this when the user asks for the weather in a city."', fixes: [{ title: 'Start the description with "Deprecated: use get_weather_v2 instead."', output: noText.replace('"Use this when the user asks for the weather in a city."', '"Deprecated: use get_weather_v2 instead. Use this when the user asks for the weather in a city."') }] }],
    },
    {
      name: 'says deprecated but not what to use instead: the leading sentence is replaced',
      code: noSuccessor,
      errors: [{ messageId: 'noSuccessorInText', at: '"DEPRECATED. Use this when the user asks for the weather in a city."', fixes: [{ output: noSuccessor.replace('"DEPRECATED. Use this', '"Deprecated: use get_weather_v2 instead. Use this') }] }],
    },
    {
      name: 'no description at all: one is added after the name',
      code: noDescription,
      errors: [{ messageId: 'noRedirect', at: '"delete_cache"', fixes: [{ output: noDescription.replace('"delete_cache", ', '"delete_cache", "description": "Deprecated: do not use this tool; it will be removed.", ') }] }],
    },
  ],
});
