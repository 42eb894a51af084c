import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/description-too-long';

const params = '"input_schema": { "type": "object", "properties": { "query": { "type": "string", "description": "Text to search for." } } }';
const sentence = 'Search the knowledge base for articles that match the text, the tags or the author. ';
const long = sentence.repeat(13).trim(); // 83 * 13 - 1 = 1091 characters
const exactly = 'x'.repeat(1024);

runRuleTests(rule, {
  valid: [
    { name: 'a normal description', code: `{ "name": "search_articles", "description": "Use this when the user asks a question the help center may answer. Returns up to 10 articles with title and URL.", ${params} }` },
    { name: 'exactly at the budget', code: `{ "name": "search_articles", "description": "${exactly}", ${params} }` },
    { name: 'a raised budget', code: `{ "name": "search_articles", "description": "${long}", ${params} }`, config: { budgets: { descriptionLength: 2000, descriptionMinWords: 8, toolsetSize: 20 } } },
  ],
  invalid: [
    {
      name: 'over the default budget',
      code: `{ "name": "search_articles", "description": "${long}", ${params} }`,
      errors: [{ messageId: 'tooLong', at: `"${long}"`, data: { length: long.length, budget: 1024 } }],
    },
    {
      name: 'a lowered budget, MCP tool',
      code: `{ "name": "get_user", "description": "Use this when you need the profile of one user: name, email, team and role.", "inputSchema": { "type": "object", "properties": { "user_id": { "type": "string", "description": "The user's id." } } } }`,
      config: { budgets: { descriptionLength: 40, descriptionMinWords: 8, toolsetSize: 20 } },
      errors: [{ messageId: 'tooLong', at: '"Use this when you need the profile of one user: name, email, team and role."', messageIncludes: 'budget of 40' }],
    },
    {
      name: 'VS Code modelDescription',
      code: `{ "name": "copilot_search", "modelDescription": "${long}", "inputSchema": { "type": "object", "properties": {} } }`,
      errors: [{ messageId: 'tooLong', at: `"${long}"` }],
    },
  ],
});
