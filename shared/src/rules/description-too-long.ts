import { defineRule } from '../rule';

export default defineRule<'tooLong'>({
  id: 'description-too-long',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'A tool description is longer than the configured budget (`budgets.descriptionLength`, default 1024 characters).',
      why: 'Every tool description is sent with every request, whether or not the tool is used: a long one costs context and latency on each turn, and buries the sentence that says when to call the tool (SPEC Service rule 2: the description states when to call the tool and what it does). Move per-parameter details into the parameter descriptions and drop implementation notes. The budget is a setting (`budgets.descriptionLength`).',
      spec: 'Service rule 2',
      bad: `{ "name": "search_issues", "description": "${'Search issues in the tracker by text, label, state or assignee. '.repeat(18).trim()}", "input_schema": { "type": "object", "properties": { "query": { "type": "string", "description": "Text to search for in issue titles and bodies." } }, "required": ["query"] } }`,
      good: '{ "name": "search_issues", "description": "Use this when the user looks for existing issues by text, label, state or assignee. Returns up to 20 matching issues with their number, title and state; use get_issue for the full text of one issue.", "input_schema": { "type": "object", "properties": { "query": { "type": "string", "description": "Text to search for in issue titles and bodies." } }, "required": ["query"] } }',
    },
    messages: {
      tooLong: 'The description is {{length}} characters, over the budget of {{budget}}: it is sent with every request. Keep when to call the tool and what it returns; move parameter details into the parameter descriptions and cut the rest.',
    },
  },
  create(ctx) {
    const budget = ctx.config.budgets.descriptionLength;
    return {
      tool(t) {
        const d = t.descriptionNode;
        if (!d || d.type !== 'string') return;
        const length = (d.value as string).length;
        if (length > budget) ctx.report({ node: d, messageId: 'tooLong', data: { length, budget } });
      },
    };
  },
});
