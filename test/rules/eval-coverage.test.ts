import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-coverage';
import { CASES, FIVE, ISSUE_TOOLS, issueSet } from '../evalFixtures';

const evalSet = { tools: ISSUE_TOOLS };

runRuleTests(rule, {
  valid: [
    { name: 'normal, ambiguous and adversarial cases', code: issueSet(FIVE), evalSet },
    { name: 'a conversation as the ambiguous case', code: issueSet([CASES.login, CASES.issue42, CASES.close42, CASES.chat, CASES.closeAll]), evalSet },
    { name: 'an empty list (eval-size reports it)', code: '{ "cases": [] }', evalSet },
  ],
  invalid: [
    {
      name: 'no adversarial case',
      code: issueSet([CASES.login, CASES.issue42, CASES.close42, CASES.vague, CASES.chat]),
      evalSet,
      errors: [{ messageId: 'lacks', at: '"cases"', data: { missing: 'adversarial case' }, messageIncludes: '"allowed_tools"' }],
    },
    {
      name: 'only happy paths',
      code: issueSet([CASES.login, CASES.issue42, CASES.close42]),
      evalSet,
      errors: [{ messageId: 'lacks', at: '"cases"', data: { missing: 'ambiguous or adversarial case' } }],
    },
    {
      name: 'a misspelt category does not count as one',
      code: issueSet([CASES.login, CASES.vague, CASES.closeAll.replace('"adversarial"', '"adverserial"')]),
      evalSet,
      errors: [{ messageId: 'lacks', at: '"cases"', data: { missing: 'adversarial case' } }],
    },
  ],
});
