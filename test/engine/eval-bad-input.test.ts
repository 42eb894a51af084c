/**
 * Broken and hostile evaluation sets and results files never crash the Evaluation rules and get a clear
 * diagnostic: empty, truncated at every length, not an object, wrong types everywhere, `__proto__` ids and
 * tool names, a deeply nested set, a set naming itself as its tool file, results that are not JSON or not
 * of the expected shape. Every finding lies inside the document.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintEvalSet } from '../../shared/src/linter';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { parseResults } from '../../shared/src/evaluation/results';
import { EvaluationModel } from '../../shared/src/evaluation/model';
import { FIVE, ISSUE_TOOLS, idsOf, issueSet, resultsFor } from '../evalFixtures';

const TOOLS = discoverTools(new ToolDocument('file:///w/issues.tool.json', ISSUE_TOOLS).tree).tools;

function lintSet(text: string, results?: string) {
  const errors: string[] = [];
  const res = lintEvalSet(new ToolDocument('file:///w/issues.eval.json', text), {
    target: { uri: 'file:///w/issues.tool.json', tools: TOOLS },
    ...(results !== undefined ? { results: parseResults('file:///w/issues.eval-results.json', results) } : {}),
    onRuleError: (id, e) => errors.push(`${id}: ${String((e as Error)?.stack ?? e)}`),
  });
  assert.deepEqual(errors, [], 'no rule may throw');
  for (const f of res.findings) {
    assert.ok(f.offset >= 0 && f.offset + f.length <= text.length, `range inside the document: ${f.rule}`);
    assert.ok(f.message.length > 10 && !/\{\{/.test(f.message), `clear message: ${f.message}`);
  }
  return res.findings;
}

const SET = issueSet(FIVE);

describe('evaluation sets: bad input', { timeout: 60_000 }, () => {
  it('an empty file is reported as an empty set', () => {
    const f = lintSet('');
    assert.deepEqual(f.map((x) => x.rule), ['eval-set-invalid']);
    assert.match(f[0]!.message, /The evaluation set is empty/);
  });

  it('truncated at every length: parse-error, never a throw', () => {
    for (let i = 1; i < SET.length; i += 11) {
      const f = lintSet(SET.slice(0, i));
      assert.ok(f.some((x) => x.rule === 'parse-error'), `prefix ${i}`);
    }
  });

  it('values of the wrong type everywhere are format problems, not crashes', () => {
    for (const text of ['null', '[]', '42', '"cases"', '{"cases": {}}', '{"cases": [null, 1, "x", []]}', '{"tools": 7, "cases": [{"id": 1, "category": ["normal"], "prompt": {}, "expect": []}]}', '{"cases": [{"id": "a", "category": "normal", "messages": "hi", "expect": {"tool": 5, "arguments": [], "allowed_tools": "get_issue"}}]}']) {
      const f = lintSet(text);
      assert.ok(f.some((x) => x.rule === 'eval-set-invalid'), `${text}: ${f.map((x) => x.rule).join(',')}`);
    }
  });

  it('__proto__, constructor and prototype as ids, tool names and argument names', () => {
    const text = `{"cases": [
      {"id": "__proto__", "category": "normal", "prompt": "x", "expect": {"tool": "__proto__", "arguments": {"__proto__": {"a": 1}, "constructor": 1}}},
      {"id": "constructor", "category": "ambiguous", "prompt": "x", "expect": {"tool": "search_issues", "arguments": {"__proto__": 1, "prototype": 2}}},
      {"id": "prototype", "category": "adversarial", "prompt": "x", "expect": {"tool": null, "allowed_tools": ["constructor", "toString"]}}
    ]}`;
    const results = '{"toolHashes": {"__proto__": {"description": "x"}}, "cases": [{"id": "__proto__", "trials": [{"__proto__": 1}]}, {"id": "constructor"}]}';
    const f = lintSet(text, results);
    assert.ok(f.some((x) => x.rule === 'eval-unknown-tool' && x.message.includes('"__proto__"')));
    assert.ok(f.some((x) => x.rule === 'eval-args-invalid' && x.message.includes('"__proto__"')), 'an unknown parameter named __proto__ is reported');
    assert.ok(f.some((x) => x.rule === 'eval-records-incomplete'));
    assert.equal(({} as Record<string, unknown>).a, undefined, 'no prototype was polluted');
  });

  it('a deeply nested set and a 10,000-case set are linted', () => {
    const deep = `{"cases": [{"id": "d", "category": "normal", "prompt": "x", "expect": {"tool": "search_issues", "arguments": {"query": ${'['.repeat(300)}${']'.repeat(300)}}}}]}`;
    assert.ok(lintSet(deep).some((x) => x.rule === 'eval-args-invalid'));
    const many = issueSet(Array.from({ length: 10_000 }, (_, i) => FIVE[i % 5]!.replace(/"id": "([^"]+)"/, `"id": "$1-${i}"`)));
    assert.deepEqual(lintSet(many).map((x) => x.rule), ['eval-size']);
  });

  it('a set refused before linting says why: nested too deep, or too many values', () => {
    const deep = lintSet(`{"cases": ${'['.repeat(600)}${']'.repeat(600)}}`);
    assert.deepEqual(deep.map((x) => x.rule), ['parse-error']);
    assert.match(deep[0]!.message, /nested more than 512 levels deep/);
    const many = lintSet(`{"tools": "./issues.tool.json", "cases": [${Array.from({ length: 1_100_000 }, () => '0').join(',')}]}`);
    assert.deepEqual(many.map((x) => x.rule), ['parse-error']);
    assert.match(many[0]!.message, /more than 1,000,000 JSON values/);
  });

  it('results files that are not JSON, not objects, or of another shape', () => {
    const complete = resultsFor(ISSUE_TOOLS, idsOf(FIVE));
    assert.deepEqual(lintSet(SET, complete), []);
    for (const r of ['', 'not json', '[]', 'null', '{"cases": 5, "toolHashes": []}', '{"cases": [1, null, {"id": 3}], "toolHashes": {"get_issue": 5}}']) {
      const f = lintSet(SET, r);
      // Unreadable results, or readable ones that record no case of the set (and hashes of one tool only).
      assert.ok(f.length > 0 && f.every((x) => x.rule === 'eval-records-incomplete' || x.rule === 'eval-stale'), `${JSON.stringify(r)}: ${f.map((x) => x.message).join(' | ')}`);
      assert.ok(f.some((x) => x.rule === 'eval-records-incomplete'));
    }
  });

  it('a set that names itself, or a folder, as its tool file is indexed without a crash', () => {
    const model = new EvaluationModel();
    const self = model.updateSet('file:///w/issues.eval.json', '{"tools": "./issues.eval.json", "cases": []}');
    assert.equal(self.entry.target, 'file:///w/issues.eval.json');
    const up = model.updateSet('file:///w/a/b.eval.json', '{"tools": "../../../../x.tool.json", "cases": []}');
    assert.equal(up.entry.target, 'file:///x.tool.json');
    const path = model.updateSet('/w/sets/c.eval.json', '{"tools": "..\\\\tools\\\\c.tool.json", "cases": []}');
    assert.equal(path.entry.target, '/w/tools/c.tool.json');
    assert.deepEqual(model.stateFor('/w/tools/c.tool.json').sets, ['/w/sets/c.eval.json']);
  });
});
