import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-records-incomplete';
import { CASES, FIVE, ISSUE_TOOLS, idsOf, issueSet, resultsFor } from '../evalFixtures';

const complete = resultsFor(ISSUE_TOOLS, idsOf(FIVE));
/** Another runner's results: flat snake_case records, no trials. */
const flat = JSON.stringify({ cases: idsOf(FIVE).map((id) => ({ id, selected_tool: 'search_issues', arguments_valid: true, unauthorized_rejected: true })) });

runRuleTests(rule, {
  valid: [
    { name: 'every case recorded with all three fields', code: issueSet(FIVE), evalSet: { tools: ISSUE_TOOLS, results: complete } },
    { name: 'no results yet (never run)', code: issueSet(FIVE), evalSet: { tools: ISSUE_TOOLS } },
    { name: 'flat snake_case records of another runner', code: issueSet(FIVE), evalSet: { tools: ISSUE_TOOLS, results: flat } },
  ],
  invalid: [
    {
      name: 'a case added after the run',
      code: issueSet([...FIVE, CASES.chat]),
      evalSet: { tools: ISSUE_TOOLS, results: complete },
      errors: [{ messageId: 'noRecord', at: '"thanks"', data: { case: 'thanks', results: 'weather.eval-results.json', run: 'the run of 2026-11-20' } }],
    },
    {
      name: 'trials that scored only the final text',
      code: issueSet([CASES.login, CASES.issue42]),
      evalSet: { tools: ISSUE_TOOLS, results: resultsFor(ISSUE_TOOLS, ['open-login-bugs', 'issue-42'], '{ "trial": 1, "selected": "search_issues", "finalText": "Here are the issues.", "pass": true }') },
      errors: [
        { messageId: 'incomplete', at: '"open-login-bugs"', data: { missing: 'whether the arguments were valid, whether unauthorized input was rejected' } },
        { messageId: 'incomplete', at: '"issue-42"' },
      ],
    },
    {
      // An independent tester: values of the wrong kind were read as recorded.
      name: 'records of the wrong kind ("yes", 5, {}, []) are no records',
      code: issueSet([CASES.login, CASES.issue42]),
      evalSet: { tools: ISSUE_TOOLS, results: resultsFor(ISSUE_TOOLS, ['open-login-bugs', 'issue-42'], '{ "trial": 1, "selected": 5, "argumentsValid": "yes", "unauthorizedRejected": {} }') },
      errors: [
        { messageId: 'incomplete', at: '"open-login-bugs"', data: { missing: 'the tool selected, whether the arguments were valid, whether unauthorized input was rejected' } },
        { messageId: 'incomplete', at: '"issue-42"' },
      ],
    },
    {
      name: 'results that are not JSON',
      code: issueSet(FIVE),
      evalSet: { tools: ISSUE_TOOLS, results: '{ "cases": [' },
      errors: [{ messageId: 'unreadable', at: '"./weather.tool.json"', messageIncludes: 'is not valid JSON' }],
    },
  ],
});
