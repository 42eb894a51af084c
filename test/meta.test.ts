/**
 * Rules, tests, docs and generated files agree: every rule has a test file and complete docs whose bad
 * example triggers it and good example does not; every RULES.md id of the sections in scope is registered;
 * README rule table, docs/rules/*.md and schemas/*.json are up to date (npm run gen).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { RULES, RULES_BY_ID } from '../shared/src/rules';
import { lintText } from '../shared/src/linter';
import { configWith, lintEvalText, evaluationState } from './ruleTester';
import { generatedFiles } from '../tools/generate';

const ROOT = resolve(__dirname, '../..');
const ENGINE_RULES = new Set(['parse-error', 'shape-unknown', 'config-invalid']);
const IN_SCOPE = ['Names', 'Descriptions', 'One purpose', 'Types', 'Schema validity', 'Required and strict mode', 'Results', 'Versioning', 'Evaluation'];

describe('rule metadata', () => {
  it('every RULES.md rule of the sections in scope is registered', () => {
    const catalog = readFileSync(resolve(ROOT, '../shared/RULES.md'), 'utf8');
    const ids: string[] = [];
    let inScope = false;
    for (const line of catalog.split('\n')) {
      const h = /^## (.+?)( \[|$)/.exec(line);
      if (h) inScope = IN_SCOPE.some((s) => h[1]!.startsWith(s));
      const row = /^\| ([a-z][a-z0-9-]+) \|/.exec(line);
      if (row && inScope && row[1] !== 'id') ids.push(row[1]!);
    }
    assert.ok(ids.length >= 40, `found ${ids.length} ids`);
    assert.deepEqual(ids.filter((id) => !RULES_BY_ID.has(id)), []);
  });

  for (const rule of RULES) {
    describe(rule.id, () => {
      it('has complete docs and messages', () => {
        const d = rule.meta.docs;
        for (const k of ['description', 'why', 'spec', 'bad', 'good'] as const) assert.ok(d[k] && d[k].trim().length > 5, `docs.${k}`);
        assert.ok(/[.)]$/.test(d.description.trim()), 'description is a sentence');
        assert.ok(Object.keys(rule.meta.messages).length > 0);
        for (const m of Object.values(rule.meta.messages)) assert.ok(m.length > 0);
        if (rule.meta.fixable) assert.ok(d.fix, 'a fixable rule says what its fix does');
        assert.equal(!!rule.fix, rule.meta.fixable !== false, rule.fix ? 'a rule with a fix declares meta.fixable' : 'meta.fixable is set but the rule has no fix()');
        for (const s of d.sources ?? []) assert.match(s.checked, /^\d{4}-\d{2}-\d{2}$/);
      });
      it('has a test file', () => {
        assert.ok(existsSync(resolve(ROOT, 'test/rules', `${rule.id}.test.ts`)), `test/rules/${rule.id}.test.ts`);
      });
      if (!ENGINE_RULES.has(rule.id)) {
        it('reports its bad example and not its good example', () => {
          const config = configWith(rule.meta.docs.exampleConfig);
          // Rules that compare with the git baseline get the example's baseline text.
          const baseline = rule.meta.docs.exampleBaseline !== undefined ? { text: rule.meta.docs.exampleBaseline, ref: 'HEAD' } : undefined;
          // Evaluation rules: an evaluation set with its tool file, or a tool file with its evaluation state.
          const ev = rule.meta.docs.exampleEvaluation;
          const lintExample = (text: string, which: 'bad' | 'good') =>
            ev?.toolFile !== undefined
              ? lintEvalText(text, { tools: ev.toolFile, results: ev.results }, rule.meta.docs.exampleConfig).findings
              : lintText(ev ? 'file:///weather.tool.json' : `file:///${which}.tool.json`, text, { config, baseline, ...(ev ? { evaluation: evaluationState({ hasSet: ev.hasSet?.[which] ?? true, results: ev.results }) } : {}) }).findings;
          const bad = lintExample(rule.meta.docs.bad, 'bad').filter((f) => f.rule === rule.id);
          assert.ok(bad.length > 0, 'docs.bad must trigger the rule');
          const good = lintExample(rule.meta.docs.good, 'good');
          assert.deepEqual(good.filter((f) => f.rule === rule.id).map((f) => f.message), [], 'docs.good must not trigger the rule');
          assert.deepEqual(good.filter((f) => f.rule === 'parse-error').map((f) => f.message), [], 'docs.good is valid JSON');
        });
      }
    });
  }

  it('every test file in test/rules belongs to a rule', () => {
    for (const f of readdirSync(resolve(ROOT, 'test/rules'))) assert.ok(RULES_BY_ID.has(f.replace(/\.test\.ts$/, '')), f);
  });
});

describe('generated files', () => {
  it('README rule table, docs/rules and schemas are up to date (run `npm run gen`)', () => {
    const readme = readFileSync(resolve(ROOT, 'README.md'), 'utf8');
    const stale = [...generatedFiles(readme)].filter(([rel, content]) => !existsSync(resolve(ROOT, rel)) || readFileSync(resolve(ROOT, rel), 'utf8') !== content).map(([rel]) => rel);
    assert.deepEqual(stale, []);
  });
});

describe('source', () => {
  it('spreads no list of unbounded length into push(...) or Math.max/min(...): one argument per item overflows the stack (fix-all of 150,000 fixes did)', () => {
    // The spreads left are of lists bounded by their construction: a couple of edits, workspace folders, at most
    // ten errors, a report's totals lines and its two runs.
    const allowed = ['edits.push(...insertProperties(', 'folders.push(...foldersOf(', '.push(...(v.errors ?? []).slice(0, 10)', 'out.push(...totalsLines(', 'out.push(...runs.map(', 'Math.max(...tl', '...[...OPERATION_LETTERS]'];
    const offending: string[] = [];
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = resolve(dir, e.name);
        if (e.isDirectory()) {
          if (e.name !== 'generated') walk(p);
        } else if (e.name.endsWith('.ts')) {
          readFileSync(p, 'utf8').split('\n').forEach((line, i) => {
            if (/^\s*(?:\/\/|\*)/.test(line)) return;
            if (/\.push\(\.\.\.|Math\.(?:max|min)\(\.\.\./.test(line) && !allowed.some((a) => line.includes(a))) offending.push(`${p.slice(ROOT.length + 1)}:${i + 1}: ${line.trim()}`);
          });
        }
      }
    };
    for (const d of ['shared/src', 'server/src', 'client/src']) walk(resolve(ROOT, d));
    assert.deepEqual(offending, []);
  });
});
