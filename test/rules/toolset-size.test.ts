import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/toolset-size';

const openai = (name: string) => `{ "type": "function", "function": { "name": "${name}", "description": "Use this when the user asks for it.", "parameters": { "type": "object", "properties": {} } } }`;
const mcp = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks for it.", "inputSchema": { "type": "object", "properties": {} } }`;
const many = (n: number, make: (name: string) => string) => Array.from({ length: n }, (_, i) => make(`get_item_${i + 1}`)).join(',\n');

runRuleTests(rule, {
  valid: [
    { name: 'exactly 20 tools (the default budget)', code: `[${many(20, openai)}]` },
    { name: 'a configured larger budget', code: `{ "tools": [${many(30, mcp)}] }`, config: { budgets: { descriptionLength: 1024, descriptionMinWords: 8, toolsetSize: 40 } } },
    {
      name: 'catalog of two servers, each under the budget',
      code: `{ "server-a": { "tools": [${many(15, mcp)}] }, "server-b": { "tools": [${many(15, mcp)}] } }`,
    },
  ],
  invalid: [
    {
      name: '35 tools in one OpenAI request: reported on tool 21',
      code: `{ "model": "gpt-4.1", "tools": [${many(35, openai)}] }`,
      errors: [{ messageId: 'tooMany', at: '"get_item_21"', severity: 'info', tool: null, data: { count: 35, budget: 20, index: 21 }, messageIncludes: 'tool 21 of 35' }],
    },
    {
      name: 'configured budget of 10 (Gemini advice)',
      code: `[${many(12, mcp)}]`,
      config: { budgets: { descriptionLength: 1024, descriptionMinWords: 8, toolsetSize: 10 } },
      errors: [{ messageId: 'tooMany', at: '"get_item_11"', severity: 'info', data: { count: 12, index: 11 } }],
    },
    {
      name: 'catalog: only the oversized server is reported',
      code: `{ "server-a": { "tools": [${many(5, mcp)}] }, "server-b": { "tools": [${many(22, mcp)}] } }`,
      errors: [{ messageId: 'tooMany', at: '"get_item_21"', severity: 'info', data: { count: 22 } }],
    },
  ],
});
