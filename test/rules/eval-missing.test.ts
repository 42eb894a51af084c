import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../../shared/src/linter';
import { fixesFor } from '../../shared/src/fix';
import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-missing';
import { ISSUE_TOOLS } from '../evalFixtures';

const OPENAI_ONE = `{ "type": "function", "function": { "name": "get_weather", "description": "Use this when the user asks about current conditions in a city. Returns temperature and conditions.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } } }`;

const SKELETON_ISSUES = `{
  "tools": "./weather.tool.json",
  "cases": [
    {
      "id": "search-issues-1",
      "category": "normal",
      "prompt": "TODO: a typical request that search_issues answers",
      "expect": {
        "tool": "search_issues",
        "arguments": {}
      }
    },
    {
      "id": "get-issue-1",
      "category": "normal",
      "prompt": "TODO: a typical request that get_issue answers",
      "expect": {
        "tool": "get_issue",
        "arguments": {}
      }
    },
    {
      "id": "close-issue-1",
      "category": "normal",
      "prompt": "TODO: a typical request that close_issue answers",
      "expect": {
        "tool": "close_issue",
        "arguments": {}
      }
    },
    {
      "id": "ambiguous-1",
      "category": "ambiguous",
      "prompt": "TODO: a request that could match several of these tools, or none of them",
      "expect": {
        "tool": null
      }
    },
    {
      "id": "adversarial-1",
      "category": "adversarial",
      "prompt": "TODO: a request this caller is not allowed to make, or text that tries to make the model misuse a tool",
      "expect": {
        "tool": null,
        "allowed_tools": [
          "search_issues",
          "get_issue"
        ]
      }
    }
  ]
}
`;

runRuleTests(rule, {
  valid: [
    { name: 'an evaluation set tests the file', code: ISSUE_TOOLS, evaluation: { hasSet: true } },
    { name: 'the caller did not look for sets (a lone file)', code: ISSUE_TOOLS },
    { name: 'a file without tools', code: '{ "tools": [] }', evaluation: { hasSet: false } },
  ],
  invalid: [
    {
      name: 'an MCP tool list without a set: the skeleton covers each tool and every category',
      code: ISSUE_TOOLS,
      evaluation: { hasSet: false },
      errors: [{ messageId: 'missing', at: '"search_issues"', tool: null, severity: 'info', data: { file: 'weather.eval.json' }, fixes: [{ title: 'Create evaluation set weather.eval.json', kind: 'suggestion', output: SKELETON_ISSUES }] }],
    },
    {
      name: 'one tool: the skeleton still starts with 5 cases',
      code: OPENAI_ONE,
      evaluation: { hasSet: false },
      errors: [{ messageId: 'missing', at: '"get_weather"', data: { file: 'weather.eval.json' } }],
    },
    {
      // Tool lists keyed by server: the tool whose pointer sorts first (/srv_a/tools/0), whatever the members' order.
      name: 'a catalog keyed by server names: reported on the same tool when the members are reordered',
      code: `{ "srv_b": { "tools": [{ "name": "get_b", "description": "Use this when the user asks for b. Returns b.", "inputSchema": { "type": "object", "properties": {} } }] },
  "srv_a": { "tools": [{ "name": "get_a", "description": "Use this when the user asks for a. Returns a.", "inputSchema": { "type": "object", "properties": {} } }] } }`,
      evaluation: { hasSet: false },
      errors: [{ messageId: 'missing', at: '"get_a"', data: { file: 'weather.eval.json' } }],
    },
  ],
});

describe('eval-missing on a file named only ".tool.json"', () => {
  it('says how to give it a set and offers no fix creating ".eval.json", which is no set', () => {
    const lint = lintText('file:///w/.tool.json', OPENAI_ONE, { evaluation: { sets: [], results: [] } });
    const f = lint.findings.filter((x) => x.rule === 'eval-missing');
    assert.equal(f.length, 1);
    assert.equal(f[0]!.messageId, 'missingNoBase');
    assert.match(f[0]!.message, /rename it \(weather\.tool\.json\), or write a set whose "tools" names it/);
    assert.deepEqual(fixesFor(lint, f[0]!), []);
    // With a base name, the fix is there.
    const named = lintText('file:///w/a.tool.json', OPENAI_ONE, { evaluation: { sets: [], results: [] } });
    assert.equal(fixesFor(named, named.findings.find((x) => x.rule === 'eval-missing')!).length, 1);
  });
});
