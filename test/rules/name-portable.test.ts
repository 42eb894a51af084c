import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/name-portable';

const mcp = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for it.", "inputSchema": { "type": "object", "properties": {} } }`;
const openai = (name: string) => `{ "type": "function", "function": { "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": {} } } }`;
const anthropic = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for it.", "input_schema": { "type": "object", "properties": {} } }`;
const bare = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": {} } }`;
const gemini = (name: string) => `{ "functionDeclarations": [{ "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "OBJECT", "properties": {} } }] }`;

const long65 = 'get_' + 'x'.repeat(61);

runRuleTests(rule, {
  valid: [
    { name: 'snake_case', code: openai('get_weather') },
    { name: 'kebab-case and camelCase are portable (style is name-format\'s business)', code: `[${mcp('list-tags')}, ${mcp('getUser')}]` },
    { name: 'exactly 64 characters', code: anthropic('get_' + 'x'.repeat(60)) },
    { name: 'non-string name: another rule handles the shape', code: `{ "name": ["get_weather"], "description": "Use this.", "parameters": { "type": "object", "properties": {} } }` },
  ],
  invalid: [
    {
      name: 'MCP dotted name: allowed by MCP, warning',
      code: mcp('admin.tools.list'),
      errors: [{ messageId: 'notPortable', at: '"admin.tools.list"', messageIncludes: 'OpenAI rejects them', data: { problem: 'contains dots', suggestion: 'Rename it to "admin_tools_list".' } }],
    },
    {
      name: 'OpenAI dotted name: rejected by the active profile, error',
      code: openai('weather.get_forecast'),
      errors: [{ messageId: 'providerRejects', at: '"weather.get_forecast"', severity: 'error', data: { provider: 'OpenAI' } }],
    },
    {
      name: 'BFCL bare dotted name: warning',
      code: bare('math.factorial'),
      errors: [{ messageId: 'notPortable', at: '"math.factorial"', data: { who: 'some providers reject it' } }],
    },
    {
      name: 'Anthropic name with spaces and a slash',
      code: anthropic('Summarize Detection/v2'),
      // The snake_case form name-format suggests too: following one rule's advice does not leave the other's warning.
      errors: [{ messageId: 'providerRejects', at: '"Summarize Detection/v2"', severity: 'error', data: { problem: 'contains spaces and slashes', suggestion: 'Rename it to "summarize_detection_v2".' } }],
    },
    {
      name: 'a dotted PascalCase name: the suggestion is the one name-format makes (get_user_profile, not get_UserProfile)',
      code: mcp('get.UserProfile'),
      errors: [{ messageId: 'notPortable', at: '"get.UserProfile"', data: { problem: 'contains dots', suggestion: 'Rename it to "get_user_profile".' } }],
    },
    {
      name: 'name-format off (another case style wanted): only the characters are replaced',
      code: mcp('get.UserProfile'),
      config: { rules: { 'name-format': 'off' } },
      errors: [{ messageId: 'notPortable', at: '"get.UserProfile"', data: { suggestion: 'Rename it to "get_UserProfile".' } }],
    },
    {
      name: 'over 64 characters: MCP accepts, others do not',
      code: mcp(long65),
      errors: [{ messageId: 'notPortable', at: `"${long65}"`, data: { problem: 'is 65 characters long (over 64)', who: 'MCP accepts it but other providers do not' } }],
    },
    {
      name: 'Gemini allows a colon but other providers do not',
      code: gemini('files:list'),
      errors: [{ messageId: 'notPortable', at: '"files:list"', data: { problem: 'contains the character ":"' } }],
    },
  ],
});
