import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-set-invalid';
import { CASES, FIVE, ISSUE_TOOLS, issueSet } from '../evalFixtures';

const evalSet = { tools: ISSUE_TOOLS };

runRuleTests(rule, {
  valid: [
    { name: 'the documented shape', code: issueSet(FIVE), evalSet },
    {
      name: 'extensions: a description, notes, messages with content blocks',
      code: `{ "description": "Issue tracker tools", "cases": [${CASES.login.replace('"category"', '"notes": "the common case", "category"')}, { "id": "blocks", "category": "ambiguous", "messages": [{ "role": "user", "content": [{ "type": "text", "text": "Anything new?" }] }], "expect": { "tool": null } }] }`,
      evalSet,
    },
  ],
  invalid: [
    {
      name: 'a category outside normal / ambiguous / adversarial',
      code: issueSet([CASES.login.replace('"normal"', '"typical"')]),
      evalSet,
      errors: [{ messageId: 'invalid', at: '"typical"', messageIncludes: 'Case 1 "category" must be "normal", "ambiguous" or "adversarial".' }],
    },
    {
      name: 'no user input, and no expected tool',
      code: issueSet([`{ "id": "empty", "category": "normal", "expect": { "arguments": { "query": "x" } } }`]),
      evalSet,
      errors: [
        { messageId: 'invalid', at: '"empty"', messageIncludes: 'Case 1 needs the user input: "prompt" (a string) or "messages"' },
        { messageId: 'invalid', at: '"arguments"', messageIncludes: 'Case 1 "expect" needs "tool"' },
      ],
    },
    {
      name: 'two cases with one id',
      code: issueSet([CASES.login, CASES.issue42.replace('"issue-42"', '"open-login-bugs"')]),
      evalSet,
      errors: [{ messageId: 'invalid', at: '"open-login-bugs"', occurrence: 2, messageIncludes: 'is also the id of case 1;' }],
    },
    {
      name: 'not an object',
      code: '[]',
      evalSet,
      errors: [{ messageId: 'invalid', at: '[]', messageIncludes: 'An evaluation set is a JSON object' }],
    },
  ],
});
