import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/name-verb-first';

const tool = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks about it.", "parameters": { "type": "object", "properties": {} } }`;

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
    { name: 'noun only', code: tool('weather'), errors: [{ messageId: 'notVerbFirst', at: '"weather"', data: { suggestion: '"get_weather" or "query_weather"' } }] },
    { name: 'object then info', code: tool('user_info'), errors: [{ messageId: 'notVerbFirst', at: '"user_info"' }] },
    { name: 'verb last', code: tool('temperature_get'), errors: [{ messageId: 'notVerbFirst', at: '"temperature_get"', data: { suggestion: '"get_temperature"' } }] },
    { name: 'compound noun then a verb (pull request + read)', code: tool('pull_request_read'), errors: [{ messageId: 'notVerbFirst', at: '"pull_request_read"', data: { suggestion: '"read_pull_request"' } }] },
    { name: 'BFCL dotted noun', code: tool('math.factorial'), errors: [{ messageId: 'notVerbFirst', at: '"math.factorial"' }] },
    { name: 'noun that is also a verb, then an attribute noun (order_status)', code: tool('order_status'), errors: [{ messageId: 'notVerbFirst', at: '"order_status"', data: { suggestion: '"get_order_status" or "query_order_status"' } }] },
    { name: 'noun-first with a trailing verb (file_search, order_create)', code: `[${tool('file_search')}, ${tool('order_create')}]`, errors: [{ messageId: 'notVerbFirst', at: '"file_search"', data: { suggestion: '"search_file"' } }, { messageId: 'notVerbFirst', at: '"order_create"', data: { suggestion: '"create_order"' } }] },
    { name: 'Anthropic noun phrase email_history', code: `{ "name": "email_history", "description": "Use this when the user asks which emails they exchanged with a contact.", "input_schema": { "type": "object", "properties": { "contact_email": { "type": "string" } }, "required": ["contact_email"] } }`, errors: [{ messageId: 'notVerbFirst', at: '"email_history"' }] },
  ],
});
