import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-unknown-tool';
import { CASES, FIVE, ISSUE_TOOLS, issueSet } from '../evalFixtures';

const evalSet = { tools: ISSUE_TOOLS };

runRuleTests(rule, {
  valid: [
    { name: 'every expected and allowed tool exists', code: issueSet(FIVE), evalSet },
    { name: 'null expectations name no tool', code: issueSet([CASES.chat, CASES.closeAll]), evalSet },
    { name: 'the tool file is not known (nothing to check against)', code: issueSet([CASES.issue42.replace('"get_issue"', '"get_ticket"')]), evalSet: {} },
  ],
  invalid: [
    {
      name: 'a renamed tool: the case still expects the old name',
      code: issueSet([CASES.login, CASES.issue42.replace('"get_issue"', '"get_issues"'), CASES.closeAll]),
      evalSet,
      errors: [{ messageId: 'unknownTool', at: '"get_issues"', data: { case: 'issue-42', tool: 'get_issues', file: 'weather.tool.json' }, messageIncludes: 'did you mean "get_issue"?' }],
    },
    {
      name: 'an allowed tool that does not exist, far from any name (no suggestion)',
      code: issueSet([CASES.login, CASES.closeAll.replace('"get_issue"]', '"get_issue", "export_repository"]')]),
      evalSet,
      errors: [{ messageId: 'unknownAllowed', at: '"export_repository"', data: { case: 'close-everything', hint: '' } }],
    },
    {
      name: 'the tool file named in "tools" does not exist',
      code: issueSet(FIVE, './issues.tool.json'),
      evalSet: { tools: null },
      errors: [{ messageId: 'toolFileMissing', at: '"./issues.tool.json"', data: { file: './issues.tool.json' } }],
    },
    {
      name: 'the tool file defines no named tool (empty, not JSON, another kind of file): one error, not one per case',
      code: issueSet(FIVE, './issues.tool.json'),
      evalSet: { tools: '[]' },
      errors: [{ messageId: 'noTools', at: '"./issues.tool.json"', data: { file: 'weather.tool.json' } }],
    },
  ],
});
