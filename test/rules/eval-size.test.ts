import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-size';
import { CASES, FIVE, ISSUE_TOOLS, issueSet } from '../evalFixtures';

const evalSet = { tools: ISSUE_TOOLS };
const eleven = Array.from({ length: 11 }, (_, i) => CASES.login.replace('"open-login-bugs"', `"login-${i + 1}"`));

runRuleTests(rule, {
  valid: [
    { name: 'five cases', code: issueSet(FIVE), evalSet },
    { name: 'ten cases', code: issueSet([...FIVE, ...FIVE.map((c) => c.replace(/"id": "([^"]+)"/, '"id": "$1-again"'))]), evalSet },
    { name: 'no cases list at all (eval-set-invalid says so, not this rule)', code: '{ "tools": "./weather.tool.json" }', evalSet },
  ],
  invalid: [
    {
      name: 'three cases',
      code: issueSet([CASES.login, CASES.vague, CASES.closeAll]),
      evalSet,
      errors: [{ messageId: 'tooFew', at: '"cases"', data: { count: 3, more: 2 }, messageIncludes: 'add 2 more' }],
    },
    {
      name: 'an empty list',
      code: '{ "tools": "./weather.tool.json", "cases": [] }',
      evalSet,
      errors: [{ messageId: 'tooFew', at: '"cases"', data: { count: 0, more: 5 } }],
    },
    {
      name: 'eleven cases',
      code: issueSet(eleven),
      evalSet,
      errors: [{ messageId: 'tooMany', range: '3:3-3:10', data: { count: 11 } }],
    },
  ],
});
