import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/description-too-short';

const schema = (key: string) => `"${key}": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] }`;

runRuleTests(rule, {
  valid: [
    {
      name: 'a full description (Anthropic)',
      code: `{ "name": "get_weather", "description": "Use this when the user asks about the current weather in a city. Returns temperature and conditions.", ${schema('input_schema')} }`,
    },
    {
      name: 'eight words exactly, with more than the name',
      code: `{ "name": "get_weather", "description": "Returns current temperature and conditions for one city.", ${schema('input_schema')} }`,
    },
    {
      name: 'Chinese description: counted by characters, not spaces',
      code: `{ "name": "get_weather", "description": "当用户询问某个城市当前的天气时使用，返回温度和天气状况。", ${schema('inputSchema')} }`,
    },
    {
      name: 'empty description is description-missing, not this rule',
      code: `{ "name": "get_weather", "description": "", ${schema('inputSchema')} }`,
    },
    {
      name: 'long description that repeats name words but adds others',
      code: `{ "type": "function", "function": { "name": "search_issues", "description": "Search issues by title, label or assignee; returns the 20 most recent matches.", ${schema('parameters')} } }`,
    },
  ],
  invalid: [
    {
      name: 'restates the name (MCP)',
      code: `{ "name": "get_weather", "description": "Gets the weather.", ${schema('inputSchema')} }`,
      errors: [{ messageId: 'restatesName', at: '"Gets the weather."', data: { name: 'get_weather' } }],
    },
    {
      name: 'restates the name in ten words (OpenAI)',
      code: `{ "type": "function", "function": { "name": "get_team_event_match_keys", "description": "Get match keys for a team at a specific event", ${schema('parameters')} } }`,
      errors: [{ messageId: 'restatesName', at: '"Get match keys for a team at a specific event"' }],
    },
    {
      name: 'too few words',
      code: `{ "name": "delete_secret", "description": "Delete a secret by ID", ${schema('input_schema')} }`,
      errors: [{ messageId: 'tooShort', at: '"Delete a secret by ID"', data: { count: 5, min: 8 } }],
    },
    {
      name: 'configured minimum',
      code: `{ "name": "calculate_bmi", "description": "Calculate the body mass index from weight and height.", ${schema('parameters')} }`,
      config: { budgets: { descriptionLength: 1024, descriptionMinWords: 12, toolsetSize: 20 } },
      errors: [{ messageId: 'tooShort', at: '"Calculate the body mass index from weight and height."', data: { count: 9, min: 12 } }],
    },
  ],
});
