import { defineRule } from '../rule';
import { inKeyOrder, toolLists } from '../analysis/names';
import { SOURCES } from '../profiles';

export default defineRule<'tooMany'>({
  id: 'toolset-size',
  meta: {
    section: 'Names',
    defaultSeverity: 'info',
    fixable: false,
    docs: {
      description: 'More tools in one tool list than the configured budget (`budgets.toolsetSize`, default 20, the providers\' published advice).',
      why: 'The model chooses among all the tools it is given by name and description (Service rule 4); the longer the list, the more often it picks a wrong or merely similar tool, and every definition costs context on every request. OpenAI advises "fewer than 20 functions at any one time" and Gemini an active set of "10-20" tools. Split large sets into smaller ones loaded per task. In a catalog that lists several servers, each server\'s tool list is counted on its own.',
      spec: 'Service rule 4',
      bad: '[\n  { "name": "get_order", "description": "Use this when the user asks about one order.", "parameters": { "type": "object", "properties": {} } },\n  { "name": "list_orders", "description": "Use this when the user asks for their recent orders.", "parameters": { "type": "object", "properties": {} } },\n  { "name": "cancel_order", "description": "Use this when the user wants to cancel an open order.", "parameters": { "type": "object", "properties": {} } }\n]',
      good: '[\n  { "name": "get_order", "description": "Use this when the user asks about one order.", "parameters": { "type": "object", "properties": {} } },\n  { "name": "list_orders", "description": "Use this when the user asks for their recent orders.", "parameters": { "type": "object", "properties": {} } }\n]',
      exampleConfig: { budgets: { descriptionLength: 1024, descriptionMinWords: 8, toolsetSize: 2 } },
      sources: [SOURCES.openaiFunctionCalling, SOURCES.geminiFunctionCalling],
    },
    messages: {
      tooMany: 'This tool list defines {{count}} tools, more than the budget of {{budget}} (this is tool {{index}} of {{count}}). Providers advise fewer at once (OpenAI: fewer than 20; Gemini: 10-20) because the model picks wrong tools more often in long lists: split the tools into smaller sets loaded per task, or raise "budgets.toolsetSize".',
    },
  },
  create(ctx) {
    return {
      fileEnd(tools) {
        const budget = ctx.config.budgets.toolsetSize;
        if (!(budget >= 1) || tools.length <= budget) return;
        for (const list of toolLists(inKeyOrder(tools))) {
          if (list.length <= budget) continue;
          const first = list[budget]!;
          ctx.report({ node: first.nameNode ?? first.outer, tool: null, messageId: 'tooMany', data: { count: list.length, budget, index: budget + 1 } });
        }
      },
    };
  },
});
