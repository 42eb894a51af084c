import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/description-sibling-unknown';

const city = '"type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"]';
const tool = (name: string, description: string, params = city) => `{ "name": "${name}", "description": ${JSON.stringify(description)}, "input_schema": { ${params} } }`;
const forecast = tool('get_forecast', 'Use this when the user asks about the weather in the coming days.');

runRuleTests(rule, {
  valid: [
    { name: 'redirect to a sibling that exists', code: `[${tool('get_current_weather', 'Use this for the weather right now. Do not use for forecasts; use `get_forecast` instead.')}, ${forecast}]` },
    {
      name: 'parameter names, enum values and assignments are not tools',
      code: `[${tool('list_logs', 'Use this to read audit logs. Use fetch_all=true to get every page, use `start_index` to resume, and call with mode "only_errors" to filter.', '"type": "object", "properties": { "fetch_all": { "type": "boolean", "description": "All pages." }, "mode": { "type": "string", "enum": ["all", "only_errors"], "description": "Which entries." } }')}]`,
    },
    { name: 'own name and a non-existent concept', code: tool('get_network_pools', 'Use get_network_pools for pool data. Use this instead of any "get_top_pools" concept: there is no such tool.') },
    { name: 'snake_case words that are not tool-shaped', code: tool('search_docs', 'Use this when the user asks about the API. Results are ranked by best_match and include the page_title.') },
    {
      name: 'a sibling defined in another file of the workspace is not reported here (single file: mcp__ prefix stripped to a local tool)',
      code: `[${tool('create_issue', 'Use this when the user wants to file a bug.')}, ${tool('list_issues', 'Use this to browse issues; to file one, call mcp__github__create_issue.')}]`,
    },
  ],
  invalid: [
    {
      name: 'a typo in a backticked sibling name: range is the name only',
      code: `[${tool('get_current_weather', 'Use this for the weather right now. Do not use for forecasts; use `get_forecst` instead.')}, ${forecast}]`,
      errors: [{ messageId: 'unknownSiblingSuggest', at: 'get_forecst', data: { mention: 'get_forecst', suggestion: 'get_forecast' } }],
    },
    {
      name: 'a removed tool, bare snake_case before "tool"',
      code: `{ "tools": [ { "name": "search_flights", "description": "Use this to find flights. To pay, use the book_flight tool after the user confirms.", "inputSchema": { "type": "object", "properties": {} } } ] }`,
      errors: [{ messageId: 'unknownSibling', at: 'book_flight', data: { mention: 'book_flight' } }],
    },
    {
      name: 'a name missing its namespace prefix',
      code: `[${tool('mobile_use_device', 'Select a device. Use the list_available_devices tool to get a list of devices.')}, ${tool('mobile_list_available_devices', 'Use this to list the simulators and phones that are connected.')}]`,
      errors: [{ messageId: 'unknownSiblingSuggest', at: 'list_available_devices', data: { suggestion: 'mobile_list_available_devices' } }],
    },
    {
      name: 'escaped quotes before the name: the range still lands on the name',
      code: `{ "type": "function", "function": { "name": "get_order", "description": "Use this for one order. For the \\"full\\" history call \\"list_orders\\" first.", "parameters": { "type": "object", "properties": {} } } }`,
      errors: [{ messageId: 'unknownSibling', at: 'list_orders' }],
    },
  ],
});
