import { defineRule } from '../rule';
import { EXAMPLE_CASES, EXAMPLE_TOOL_FILE, GOOD_SET, exampleSet } from '../evaluation/docExamples';

export default defineRule<'invalid'>({
  id: 'eval-set-invalid',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'error',
    fixable: false,
    docs: {
      description: 'An evaluation set that departs from the format: a case without an id, a category other than normal / ambiguous / adversarial, no prompt or messages, no `expect.tool`, or two cases with one id.',
      why: 'The runner and the other Evaluation rules read cases by these fields: the category tells whether the set covers normal, ambiguous and adversarial inputs (Limits 3), `expect.tool` is what tool selection is scored against, and results are recorded per case id, so a case the format does not describe is silently skipped or scored wrongly. The format is the JSON schema `schemas/eval-set.schema.json` (README "Evaluation sets"), which also drives completion and hover in the editor.',
      spec: 'Limits 3',
      bad: exampleSet([EXAMPLE_CASES.paris, EXAMPLE_CASES.osloF.replace('"category": "normal"', '"category": "typical"'), EXAMPLE_CASES.rome3, EXAMPLE_CASES.weekend, EXAMPLE_CASES.inject]),
      good: GOOD_SET,
      exampleEvaluation: { toolFile: EXAMPLE_TOOL_FILE },
    },
    messages: {
      invalid: '{{detail}}',
    },
  },
  create(ctx) {
    return {
      evalSet({ set }) {
        for (const p of set.problems) {
          const node = p.node ?? ctx.doc.tree;
          if (node) ctx.report({ node, messageId: 'invalid', data: { detail: p.message } });
        }
      },
    };
  },
});
