import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/name-verb-first';

const tool = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks about it.", "parameters": { "type": "object", "properties": {} } }`;
const rename = (code: string, from: string, to: string) => code.replace(`"name": "${from}"`, `"name": "${to}"`);

const openaiMulti = `{
  "type": "function",
  "function": {
    "name": "invoice",
    "description": "Use this to create an invoice for a customer once the order is confirmed.",
    "parameters": {
      "type": "object",
      "properties": { "order_id": { "type": "string", "description": "Order to bill." } },
      "required": ["order_id"]
    }
  }
}`;
const mcpWrites = `{
	"name": "user_settings",
	"description": "Use this when the user wants to change their notification settings.",
	"inputSchema": { "type": "object", "properties": { "email_alerts": { "type": "boolean", "description": "Send alerts by email." } } },
	"annotations": { "readOnlyHint": false }
}`;
const gemini = `{ "functionDeclarations": [ { "name": "weatherForecast", "description": "Use this when the user asks about the weather in the coming days.", "parameters": { "type": "OBJECT", "properties": { "city": { "type": "STRING", "description": "City name." } } } } ] }`;

runRuleTests(rule, {
  valid: [
    { name: 'get_<thing>', code: tool('get_weather') },
    { name: 'camelCase verb first', code: tool('searchIssues') },
    { name: 'namespace prefix followed by a verb and an object', code: tool('github_create_issue') },
    { name: 'namespace shared by the file', code: `[${tool('browser_navigate')}, ${tool('browser_click')}]` },
    { name: 'dotted namespace (BFCL style)', code: tool('weather.get_forecast') },
    { name: 'verb then a noun that is also a verb (schedule a post), and "log" as a verb', code: `[${tool('schedule_post')}, ${tool('log_meal')}]` },
    { name: 'configured extra verb', code: tool('geolocate_ip'), config: { verbs: { query: ['geolocate'], mutation: [], action: [] } } },
    { name: 'noun-like verbs acting on a real object (order_pizza, email_report, sync_calendar)', code: `[${tool('order_pizza')}, ${tool('email_report')}, ${tool('sync_calendar')}, ${tool('call_number')}]` },
  ],
  invalid: [
    {
      name: 'noun only',
      code: tool('weather'),
      errors: [{ messageId: 'notVerbFirst', at: '"weather"', data: { suggestion: '"get_weather"' }, fixes: [{ title: 'Rename "weather" to "get_weather"', kind: 'suggestion', output: rename(tool('weather'), 'weather', 'get_weather') }] }],
    },
    {
      name: 'object then info: get_user first, then get_user_info',
      code: tool('user_info'),
      errors: [
        {
          messageId: 'notVerbFirst',
          at: '"user_info"',
          data: { suggestion: '"get_user" or "get_user_info"' },
          fixes: [
            { title: 'Rename "user_info" to "get_user"', output: rename(tool('user_info'), 'user_info', 'get_user') },
            { title: 'Rename "user_info" to "get_user_info"', output: rename(tool('user_info'), 'user_info', 'get_user_info') },
          ],
        },
      ],
    },
    {
      name: 'verb last',
      code: tool('temperature_get'),
      errors: [{ messageId: 'notVerbFirst', at: '"temperature_get"', data: { suggestion: '"get_temperature"' }, fixes: [{ output: rename(tool('temperature_get'), 'temperature_get', 'get_temperature') }] }],
    },
    { name: 'compound noun then a verb (pull request + read)', code: tool('pull_request_read'), errors: [{ messageId: 'notVerbFirst', at: '"pull_request_read"', data: { suggestion: '"read_pull_request"' } }] },
    {
      name: 'BFCL dotted noun: the prefix is kept, the description\'s verb comes first',
      code: `{ "name": "math.factorial", "description": "Calculates the factorial of a whole number.", "parameters": { "type": "object", "properties": { "n": { "type": "integer", "description": "The number." } } } }`,
      errors: [
        {
          messageId: 'notVerbFirst',
          at: '"math.factorial"',
          data: { suggestion: '"math.calculate_factorial" or "math.get_factorial"' },
          fixes: [
            { title: 'Rename "math.factorial" to "math.calculate_factorial"', output: `{ "name": "math.calculate_factorial", "description": "Calculates the factorial of a whole number.", "parameters": { "type": "object", "properties": { "n": { "type": "integer", "description": "The number." } } } }` },
            { title: 'Rename "math.factorial" to "math.get_factorial"', output: `{ "name": "math.get_factorial", "description": "Calculates the factorial of a whole number.", "parameters": { "type": "object", "properties": { "n": { "type": "integer", "description": "The number." } } } }` },
          ],
        },
      ],
    },
    { name: 'noun that is also a verb, then an attribute noun (order_status)', code: tool('order_status'), errors: [{ messageId: 'notVerbFirst', at: '"order_status"', data: { suggestion: '"get_order_status"' }, fixes: [{ output: rename(tool('order_status'), 'order_status', 'get_order_status') }] }] },
    {
      name: 'noun-first with a trailing verb (file_search, order_create)',
      code: `[${tool('file_search')}, ${tool('order_create')}]`,
      errors: [
        { messageId: 'notVerbFirst', at: '"file_search"', data: { suggestion: '"search_file"' }, fixes: [{ output: `[${tool('search_file')}, ${tool('order_create')}]` }] },
        { messageId: 'notVerbFirst', at: '"order_create"', data: { suggestion: '"create_order"' }, fixes: [{ output: `[${tool('file_search')}, ${tool('create_order')}]` }] },
      ],
    },
    {
      name: 'Anthropic noun phrase email_history',
      code: `{ "name": "email_history", "description": "Use this when the user asks which emails they exchanged with a contact.", "input_schema": { "type": "object", "properties": { "contact_email": { "type": "string" } }, "required": ["contact_email"] } }`,
      errors: [{ messageId: 'notVerbFirst', at: '"email_history"', fixes: [{ output: `{ "name": "get_email_history", "description": "Use this when the user asks which emails they exchanged with a contact.", "input_schema": { "type": "object", "properties": { "contact_email": { "type": "string" } }, "required": ["contact_email"] } }` }] }],
    },
    {
      name: 'OpenAI chat wrapper over several lines: the description\'s verb (create) before get',
      code: openaiMulti,
      errors: [
        {
          messageId: 'notVerbFirst',
          at: '"invoice"',
          tool: 'invoice',
          fixes: [
            { title: 'Rename "invoice" to "create_invoice"', output: openaiMulti.replace('"name": "invoice"', '"name": "create_invoice"') },
            { title: 'Rename "invoice" to "get_invoice"', output: openaiMulti.replace('"name": "invoice"', '"name": "get_invoice"') },
          ],
        },
      ],
    },
    {
      name: 'MCP tool annotated as writing (tabs): the description\'s verb, no get_ rename',
      code: mcpWrites,
      errors: [{ messageId: 'notVerbFirst', at: '"user_settings"', data: { suggestion: '"change_user_settings"' }, fixes: [{ title: 'Rename "user_settings" to "change_user_settings"', output: mcpWrites.replace('"user_settings"', '"change_user_settings"') }] }],
    },
    {
      name: 'MCP tool annotated as destructive without a verb to take: no rename',
      code: mcpWrites.replace('Use this when the user wants to change their notification settings.', 'Use this for notification settings.').replace('"readOnlyHint": false', '"destructiveHint": true'),
      errors: [{ messageId: 'notVerbFirst', at: '"user_settings"', messageIncludes: 'with a verb that says what calling it does', fixes: [] }],
    },
    {
      name: 'Gemini camelCase name: the rename keeps the case style',
      code: gemini,
      errors: [{ messageId: 'notVerbFirst', at: '"weatherForecast"', data: { suggestion: '"getWeatherForecast"' }, fixes: [{ output: gemini.replace('"weatherForecast"', '"getWeatherForecast"') }] }],
    },
    {
      name: 'plural object: list_ first; namespace of the file kept in front',
      code: `[${tool('browser_tabs')}, ${tool('browser_navigate')}, ${tool('browser_click')}]`,
      errors: [
        {
          messageId: 'notVerbFirst',
          at: '"browser_tabs"',
          data: { suggestion: '"browser_list_tabs" or "browser_get_tabs"' },
          fixes: [
            { output: `[${tool('browser_list_tabs')}, ${tool('browser_navigate')}, ${tool('browser_click')}]` },
            { output: `[${tool('browser_get_tabs')}, ${tool('browser_navigate')}, ${tool('browser_click')}]` },
          ],
        },
      ],
    },
    {
      name: 'no rename to a name another tool has (get_weather exists)',
      code: `[${tool('weather')}, { "name": "get_weather", "description": "Use this when the user asks for the weather now.", "parameters": { "type": "object", "properties": {} } }]`,
      errors: [{ messageId: 'notVerbFirst', at: '"weather"', fixes: [] }],
    },
    {
      name: 'no rename while a description calls the tool by its current name (the mention would dangle)',
      code: `[${tool('user_info')}, { "name": "update_user", "description": "Use this when the user wants to change a profile. Call user_info first to read it.", "parameters": { "type": "object", "properties": {} } }]`,
      errors: [{ messageId: 'notVerbFirst', at: '"user_info"', fixes: [] }],
    },
    {
      name: 'a vague name gets no rename (get_data would be as vague)',
      code: tool('data'),
      errors: [{ messageId: 'notVerbFirst', at: '"data"', fixes: [] }],
    },
  ],
});
