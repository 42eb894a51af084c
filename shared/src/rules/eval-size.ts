import { defineRule } from '../rule';
import { EXAMPLE_CASES, EXAMPLE_TOOL_FILE, GOOD_SET, exampleSet } from '../evaluation/docExamples';

export default defineRule<'tooFew' | 'tooMany'>({
  id: 'eval-size',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'An evaluation set with fewer than 5 or more than 10 cases.',
      why: 'The specification fixes the size of an evaluation set at 5 to 10 cases (Limits 3, Versioning 4): fewer cannot cover normal, ambiguous and adversarial inputs, and one success does not show a schema is reliable; more makes the set slow and costly to rerun after every description change (Service rule 6), so it stops being rerun. Keep a larger regression suite in another file if you need one.',
      spec: 'Limits 3; Versioning 4',
      bad: exampleSet([EXAMPLE_CASES.paris, EXAMPLE_CASES.weekend, EXAMPLE_CASES.inject]),
      good: GOOD_SET,
      exampleEvaluation: { toolFile: EXAMPLE_TOOL_FILE },
    },
    messages: {
      tooFew: 'This evaluation set has {{count}} case(s); the specification asks for 5 to 10 fixed cases: add {{more}} more (typical requests, requests that could match several tools or none, and requests the host must refuse).',
      tooMany: 'This evaluation set has {{count}} cases; the specification asks for 5 to 10, small enough to rerun after every description change: keep the 10 that matter most here and move the others to a separate set.',
    },
  },
  create(ctx) {
    return {
      evalSet({ set }) {
        if (set.casesNode?.type !== 'array' || !set.casesKeyNode) return;
        const count = set.cases.length;
        if (count < 5) ctx.report({ node: set.casesKeyNode, messageId: 'tooFew', data: { count, more: 5 - count } });
        else if (count > 10) ctx.report({ node: set.casesKeyNode, messageId: 'tooMany', data: { count } });
      },
    };
  },
});
