import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/name-vague';

const bare = (name: string, props = '{}') =>
  `{ "name": "${name}", "description": "Use this when the user asks about it. Returns the result.", "parameters": { "type": "object", "properties": ${props} } }`;
const mcp = (name: string) =>
  `{ "name": "${name}", "description": "Use this when the user asks about it.", "inputSchema": { "type": "object", "properties": { "url": { "type": "string", "description": "Page address." } }, "required": ["url"] } }`;
const openai = (name: string) =>
  `{ "type": "function", "function": { "name": "${name}", "description": "Use this when the user asks about it.", "parameters": { "type": "object", "properties": {} } } }`;
const anthropic = (name: string) =>
  `{ "name": "${name}", "description": "Use this when the user asks about it.", "input_schema": { "type": "object", "properties": {} } }`;

runRuleTests(rule, {
  valid: [
    { name: 'specific object after info (get_user_info)', code: bare('get_user_info', '{ "user_id": { "type": "string" } }') },
    { name: 'specific objects after generic verbs', code: `[${openai('fetch_weather')}, ${openai('run_tests')}, ${openai('execute_sql_query')}, ${openai('process_payment')}]` },
    { name: 'MCP browser namespace names the object of bare verbs', code: `{ "tools": [${mcp('browser_navigate')}, ${mcp('browser_click')}, ${mcp('browser_close')}] }` },
    { name: 'dotted namespace names the object (BFCL)', code: `[${bare('weather.get')}, ${bare('employee.fetch_data')}]` },
    { name: 'arithmetic and self-contained verbs alone', code: `[${anthropic('add')}, ${anthropic('think')}, ${anthropic('ping')}]` },
    { name: 'data as part of a specific object', code: bare('get_market_data') },
    { name: 'not verb-first: left to name-verb-first', code: bare('user_info') },
    { name: 'hostile input: non-string name, __proto__ keys', code: `[{ "name": { "__proto__": "fetch" }, "parameters": { "type": "object", "properties": { "__proto__": {} } } }, ${bare('get_weather')}]` },
    { name: 'shell and S3 style names stay specific (run_command, get_object, run_job)', code: `[${openai('run_command')}, ${openai('get_object')}, ${openai('run_job')}]` },
  ],
  invalid: [
    {
      name: 'MCP fetch server: bare "fetch"',
      code: mcp('fetch'),
      errors: [{ messageId: 'loneVerb', at: '"fetch"', data: { verb: 'fetch' }, messageIncludes: 'get_<thing>' }],
    },
    {
      name: 'spec examples: process_data and handle_request',
      code: `[${bare('process_data', '{ "input": { "type": "string" } }')}, ${bare('handle_request')}]`,
      errors: [
        { messageId: 'vagueObject', at: '"process_data"', data: { object: 'data' } },
        { messageId: 'vagueObject', at: '"handle_request"', data: { object: 'request' } },
      ],
    },
    {
      name: 'OpenAI tools: execute, run, do_action',
      code: `[${openai('execute')}, ${openai('run')}, ${openai('do_action')}]`,
      errors: [
        { messageId: 'loneVerb', at: '"execute"' },
        { messageId: 'loneVerb', at: '"run"' },
        { messageId: 'umbrellaVerb', at: '"do_action"', data: { verb: 'do' } },
      ],
    },
    {
      name: 'manage_* hides several operations, even namespaced',
      code: `[${anthropic('manage_users')}, ${anthropic('salesforce_manage_object')}]`,
      errors: [
        { messageId: 'umbrellaVerb', at: '"manage_users"', data: { verb: 'manage' } },
        { messageId: 'umbrellaVerb', at: '"salesforce_manage_object"' },
      ],
    },
    {
      name: 'vague objects: get_data, getInfo, fetch_all_details',
      code: `[${bare('get_data')}, ${bare('getInfo')}, ${bare('fetch_all_details')}]`,
      errors: [
        { messageId: 'vagueObject', at: '"get_data"' },
        { messageId: 'vagueObject', at: '"getInfo"', data: { object: 'info' } },
        { messageId: 'vagueObject', at: '"fetch_all_details"', data: { object: 'details' } },
      ],
    },
    {
      name: 'bare verb with a version suffix',
      code: anthropic('fetch_v2'),
      errors: [{ messageId: 'loneVerb', at: '"fetch_v2"', data: { verb: 'fetch' } }],
    },
    {
      name: 'bare search tool in an MCP tools/list result',
      code: `{ "result": { "tools": [${mcp('search')}] } }`,
      errors: [{ messageId: 'loneVerb', at: '"search"' }],
    },
    {
      name: 'hollow verb with a generic task/tool/function object',
      code: `[${openai('perform_task')}, ${openai('invoke_function')}, ${openai('call_api')}]`,
      errors: [
        { messageId: 'vagueObject', at: '"perform_task"', data: { object: 'task' } },
        { messageId: 'vagueObject', at: '"invoke_function"', data: { object: 'function' } },
        { messageId: 'vagueObject', at: '"call_api"', data: { object: 'api' } },
      ],
    },
    {
      name: 'only filler or a generic result after a generic verb (get_all, get_results)',
      code: `[${anthropic('get_all')}, ${anthropic('get_results')}]`,
      errors: [{ messageId: 'loneVerb', at: '"get_all"', data: { verb: 'get' } }, { messageId: 'vagueObject', at: '"get_results"', data: { object: 'results' } }],
    },
  ],
});
