import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/description-when-missing';

const params = '"type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"]';
const tool = (description: string, key = 'input_schema') => `{ "name": "get_forecast", "description": ${JSON.stringify(description)}, "${key}": { ${params} } }`;

runRuleTests(rule, {
  valid: [
    { name: '"if the customer gives" situation and "Run this after" directive', code: tool('If the customer gives an order number, returns the forecast for its delivery city. Run this after get_order.') },
    { name: 'sentence-initial "Only for" restriction', code: tool('Only for trips in the next 7 days; returns the daily forecast for a city.') },
    { name: '"Use this when"', code: tool('Use this when the user asks about the weather in the coming days. Returns a 7-day forecast.') },
    { name: '"Do not use for" redirect', code: tool('Returns the daily forecast for a city. Do not use for the current weather; use get_current_weather instead.', 'inputSchema') },
    { name: '"Call this tool when"', code: `{ "type": "function", "function": { "name": "get_forecast", "description": "Call this tool when someone plans a trip and wants to know whether it will rain.", "parameters": { ${params} } } }` },
    { name: '"Useful for" fitness statement', code: tool('Daily forecast for a city. Useful for planning outdoor events over the next week.') },
    { name: '"if the user" situation', code: tool('Returns the forecast. Only relevant if the user mentions a future date or the coming days.') },
    { name: 'empty description is description-missing', code: tool('') },
  ],
  invalid: [
    {
      name: 'a failure condition "if the user has…" and "used for" after a noun are not usage cues',
      code: tool('Deletes the forecast subscription used for alerts. Fails if the user has no subscription.'),
      errors: [{ messageId: 'noUsageCue', at: '"Deletes the forecast subscription used for alerts. Fails if the user has no subscription."' }],
    },
    {
      name: 'only what the tool does',
      code: tool('Returns the minimum and maximum temperature and the chance of rain for each of the next 7 days.'),
      errors: [{ messageId: 'noUsageCue', at: '"Returns the minimum and maximum temperature and the chance of rain for each of the next 7 days."' }],
    },
    {
      name: '"you can use this tool." says nothing about when (ToolBench style)',
      code: tool('This is the subfunction for tool weather_api, you can use this tool. Get the 7-day forecast.', 'parameters'),
      errors: [{ messageId: 'noUsageCue', at: '"This is the subfunction for tool weather_api, you can use this tool. Get the 7-day forecast."' }],
    },
    {
      name: '"parameters to use when" is not a usage cue (MCP)',
      code: `{ "name": "list_prompts", "description": "Lists stored prompts with the model and invocation parameters to use when generating outputs.", "inputSchema": { "type": "object", "properties": {} } }`,
      errors: [{ messageId: 'noUsageCue', at: '"Lists stored prompts with the model and invocation parameters to use when generating outputs."' }],
    },
  ],
});
