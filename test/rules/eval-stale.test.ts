import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { runRuleTests } from '../ruleTester';
import rule from '../../shared/src/rules/eval-stale';
import { canonicalJson, shortHash } from '../../shared/src/evaluation/hashes';
import { FIVE, ISSUE_TOOLS, idsOf, issueSet, resultsFor } from '../evalFixtures';

const results = resultsFor(ISSUE_TOOLS, idsOf(FIVE));
const evaluation = { hasSet: true, results };

const reworded = ISSUE_TOOLS.replace('Use this when the user names one issue by its number', 'Use this for any question about one issue');
const widened = ISSUE_TOOLS.replace('"enum": ["completed", "not_planned"]', '"enum": ["completed", "not_planned", "duplicate"]');
const added = ISSUE_TOOLS.replace(/\n  \]\n\}$/, `,
    { "name": "reopen_issue", "description": "Use this when the user asks to reopen a closed issue by number. Returns the issue.", "inputSchema": { "type": "object", "properties": { "issue_number": { "type": "integer", "minimum": 1, "description": "The issue to reopen." } }, "required": ["issue_number"], "additionalProperties": false } }
  ]
}`);
// Reformatted and with keys in another order: the same schema.
const reformatted = ISSUE_TOOLS.replace('"properties": { "issue_number": { "type": "integer", "minimum": 1, "description": "The issue number." } },', '"properties": {\n          "issue_number": { "minimum": 1, "description": "The issue number.", "type": "integer" }\n        },');

describe('eval-stale hashes', () => {
  it('are the first 16 hex digits of SHA-256 of the text', () => {
    assert.equal(shortHash('abc'), createHash('sha256').update('abc').digest('hex').slice(0, 16));
    assert.equal(shortHash('abc'), 'ba7816bf8f01cfea');
  });
  it('hash schemas in a canonical form: keys sorted at every depth, values as JSON', () => {
    assert.equal(canonicalJson({ b: 1, a: { d: [2, { z: null, y: 'x' }], c: true } }), '{"a":{"c":true,"d":[2,{"y":"x","z":null}]},"b":1}');
  });
});

runRuleTests(rule, {
  valid: [
    { name: 'nothing changed since the run', code: ISSUE_TOOLS, evaluation },
    { name: 'reformatted, keys reordered', code: reformatted, evaluation },
    { name: 'results that record no hashes (another runner)', code: reworded, evaluation: { hasSet: true, results: '{"cases": []}' } },
    { name: 'never run', code: reworded, evaluation: { hasSet: true } },
  ],
  invalid: [
    {
      name: 'a description reworded after the run',
      code: reworded,
      evaluation,
      errors: [{ messageId: 'descriptionChanged', at: '"Use this for any question about one issue and wants its details. Returns title, state, labels and body."', tool: 'get_issue', data: { tool: 'get_issue', run: 'the run of 2026-11-20', results: 'weather.eval-results.json', set: 'weather.eval.json' }, messageIncludes: 'toolschema eval weather.eval.json' }],
    },
    {
      name: 'an enum value added to a parameter',
      code: widened,
      evaluation,
      errors: [{ messageId: 'schemaChanged', at: '"inputSchema"', occurrence: 3, tool: 'close_issue' }],
    },
    {
      name: 'a tool added after the run',
      code: added,
      evaluation,
      errors: [{ messageId: 'notEvaluated', at: '"reopen_issue"', tool: 'reopen_issue' }],
    },
    {
      // An independent tester: these gave nothing, while hashes for one tool of two said the other was added.
      name: 'tool hashes that cannot tell what was run are said so; an empty toolHashes recorded no tool',
      code: issueSet(FIVE),
      evalSet: { tools: ISSUE_TOOLS, results: results.replace(/"toolHashes": \{[\s\S]*?\n {2}\},/, '"toolHashes": 5,') },
      errors: [{ messageId: 'hashesUnusable', at: '"./weather.tool.json"', messageIncludes: '"toolHashes" is a number, not an object of hashes per tool' }],
    },
    {
      name: 'hash entries without a hash',
      code: issueSet(FIVE),
      evalSet: { tools: ISSUE_TOOLS, results: results.replace(/"toolHashes": \{[\s\S]*?\n {2}\},/, '"toolHashes": { "search_issues": {}, "get_issue": { "description": 5, "parameters": null }, "close_issue": { "description": "x" } },') },
      errors: [
        { messageId: 'hashesUnusable', at: '"./weather.tool.json"', messageIncludes: '2 of its 3 tools in "toolHashes" have no description or parameters hash' },
        { messageId: 'setStale', at: '"./weather.tool.json"', data: { changes: 'close_issue (description)' } },
      ],
    },
    {
      name: 'an empty toolHashes: every tool was added after the run',
      code: issueSet(FIVE),
      evalSet: { tools: ISSUE_TOOLS, results: results.replace(/"toolHashes": \{[\s\S]*?\n {2}\},/, '"toolHashes": {},') },
      errors: [{ messageId: 'setStale', at: '"./weather.tool.json"', data: { changes: 'search_issues (added), get_issue (added), close_issue (added)' } }],
    },
    {
      name: 'the evaluation set says its results are stale, with what changed',
      code: issueSet(FIVE),
      evalSet: { tools: reworded.replace(/,\n    \{\n      "name": "close_issue"[\s\S]*\n    \}\n  \]/, '\n  ]'), results },
      errors: [{ messageId: 'setStale', at: '"./weather.tool.json"', data: { changes: 'get_issue (description), close_issue (removed)' } }],
    },
  ],
});

describe('eval-stale: the run date in messages', () => {
  it('is the UTC day of a real date-time; a date that is not one is "the last recorded run"', async () => {
    const { runLabel } = await import('../../shared/src/evaluation/results');
    const label = (date: string | undefined) => runLabel({ date } as Parameters<typeof runLabel>[0]);
    assert.equal(label('2026-11-20T10:00:00Z'), 'the run of 2026-11-20');
    assert.equal(label('2026-11-20T23:30:00-05:00'), 'the run of 2026-11-21');
    assert.equal(label('2026-02-30T10:00:00Z'), 'the last recorded run');
    assert.equal(label('2026-02-28T99:99:99Z'), 'the last recorded run');
    assert.equal(label('yesterday'), 'the last recorded run');
    assert.equal(label(undefined), 'the last recorded run');
  });
});
