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
    { name: 'configured extra verb', code: tool('geolocate_ip'), config: { verbs: { query: ['geolocate'], mutation: [], action: [] } } },
  ],
  invalid: [
    { name: 'noun only', code: tool('weather'), errors: [{ messageId: 'notVerbFirst', at: '"weather"', data: { suggestion: '"get_weather" or "query_weather"' } }] },
    { name: 'object then info', code: tool('user_info'), errors: [{ messageId: 'notVerbFirst', at: '"user_info"' }] },
    { name: 'verb last', code: tool('temperature_get'), errors: [{ messageId: 'notVerbFirst', at: '"temperature_get"', data: { suggestion: '"get_temperature"' } }] },
    { name: 'compound noun then a verb (pull request + read)', code: tool('pull_request_read'), errors: [{ messageId: 'notVerbFirst', at: '"pull_request_read"', data: { suggestion: '"read_pull_request"' } }] },
    { name: 'BFCL dotted noun', code: tool('math.factorial'), errors: [{ messageId: 'notVerbFirst', at: '"math.factorial"' }] },
  ],
});
