import { defineRule } from '../rule';
import { EVAL_CATEGORIES } from '../evaluation/evalSet';
import { EXAMPLE_CASES, EXAMPLE_TOOL_FILE, GOOD_SET, exampleSet } from '../evaluation/docExamples';

const WHAT: Record<string, string> = {
  normal: 'a normal case (a typical request and the tool it needs)',
  ambiguous: 'an ambiguous case (a request that could match several tools, or none)',
  adversarial: 'an adversarial case (a request the host must refuse, with "allowed_tools" for the caller)',
};

export default defineRule<'lacks'>({
  id: 'eval-coverage',
  meta: {
    section: 'Evaluation',
    defaultSeverity: 'warning',
    fixable: false,
    docs: {
      description: 'An evaluation set without a normal, an ambiguous or an adversarial case.',
      why: 'The evaluation set covers normal, ambiguous and adversarial inputs (Limits 3): normal cases show the right tool is picked, ambiguous ones show sibling tools are told apart (Service rule 3), and adversarial ones record whether the program rejected unauthorized input (Authentication). A set of only happy paths passes while the schema still misleads the model where it matters.',
      spec: 'Limits 3; Authentication',
      bad: exampleSet([EXAMPLE_CASES.paris, EXAMPLE_CASES.osloF, EXAMPLE_CASES.rome3, EXAMPLE_CASES.weekend, EXAMPLE_CASES.capital]),
      good: GOOD_SET,
      exampleEvaluation: { toolFile: EXAMPLE_TOOL_FILE },
    },
    messages: {
      lacks: 'This evaluation set has no {{missing}}: add {{what}}. The specification asks for normal, ambiguous and adversarial inputs.',
    },
  },
  create(ctx) {
    return {
      evalSet({ set }) {
        if (!set.casesKeyNode || set.cases.length === 0) return;
        const present = new Set(set.cases.map((c) => c.category));
        const missing = EVAL_CATEGORIES.filter((c) => !present.has(c));
        if (missing.length === 0) return;
        ctx.report({ node: set.casesKeyNode, messageId: 'lacks', data: { missing: `${missing.join(' or ')} case`, what: missing.map((m) => WHAT[m]).join('; ') } });
      },
    };
  },
});
