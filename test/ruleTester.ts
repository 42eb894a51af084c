/**
 * Table-driven rule tests (ESLint RuleTester style) on node:test. Each case lints real text through the
 * whole engine and compares the findings of one rule: message id, exact range, severity, data.
 *
 * A range is given either as `at`: a substring of the code whose n-th occurrence (`occurrence`, default 1)
 * must be exactly the reported span, or as `range: "L:C-L:C"` (1-based, end exclusive, like editors).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../shared/src/linter';
import { defaultConfig, type Config } from '../shared/src/config';
import type { RuleModule } from '../shared/src/rule';
import type { Finding, Severity } from '../shared/src/types';

export interface ValidCase {
  name: string;
  code: string;
  config?: Partial<Config>;
}

export interface ExpectedFinding {
  messageId: string;
  /** The exact reported text. */
  at?: string;
  occurrence?: number;
  /** "line:col-line:col", 1-based. */
  range?: string;
  severity?: Severity;
  /** Expected entries of the finding's data (a subset). */
  data?: Record<string, string | number>;
  /** Expected tool name (null for file-level). */
  tool?: string | null;
  /** A substring the message must contain. */
  messageIncludes?: string;
}

export interface InvalidCase extends ValidCase {
  errors: ExpectedFinding[];
}

export function configWith(partial?: Partial<Config>): Config {
  const c = defaultConfig();
  if (!partial) return c;
  return { ...c, ...partial, rules: { ...c.rules, ...partial.rules }, budgets: { ...c.budgets, ...partial.budgets }, verbs: { ...c.verbs, ...partial.verbs } };
}

export function findingsOf(rule: string, code: string, config?: Partial<Config>): Finding[] {
  const errors: string[] = [];
  const res = lintText('file:///test.tool.json', code, { config: configWith(config), onRuleError: (id, e) => errors.push(`${id}: ${String((e as Error)?.stack ?? e)}`) });
  assert.deepEqual(errors, [], 'a rule threw');
  return res.findings.filter((f) => f.rule === rule);
}

function offsetOf(code: string, at: string, occurrence: number): number {
  let from = 0;
  let idx = -1;
  for (let i = 0; i < occurrence; i++) {
    idx = code.indexOf(at, from);
    assert.notEqual(idx, -1, `test error: ${JSON.stringify(at)} (occurrence ${occurrence}) is not in the code`);
    from = idx + 1;
  }
  return idx;
}

function formatRange(f: Finding): string {
  return `${f.range.start.line + 1}:${f.range.start.character + 1}-${f.range.end.line + 1}:${f.range.end.character + 1}`;
}

export function runRuleTests(rule: RuleModule, cases: { valid: ValidCase[]; invalid: InvalidCase[] }): void {
  describe(rule.id, () => {
    assert.ok(cases.valid.length >= 2, `${rule.id}: at least two valid cases`);
    assert.ok(cases.invalid.length >= 2, `${rule.id}: at least two invalid cases`);
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const found = findingsOf(rule.id, c.code, c.config);
        assert.deepEqual(found.map((f) => `${f.messageId} ${formatRange(f)}: ${f.message}`), [], 'expected no findings');
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        assert.ok(c.errors.length > 0, 'an invalid case must list its errors');
        const found = findingsOf(rule.id, c.code, c.config);
        assert.equal(found.length, c.errors.length, `expected ${c.errors.length} finding(s), got:\n${found.map((f) => `  ${f.messageId} ${formatRange(f)}: ${f.message}`).join('\n')}`);
        c.errors.forEach((e, i) => {
          const f = found[i]!;
          assert.ok(e.messageId in rule.meta.messages, `test error: unknown messageId ${e.messageId}`);
          assert.equal(f.messageId, e.messageId, `finding ${i}: message id`);
          assert.ok(e.at !== undefined || e.range !== undefined, 'each expected finding needs `at` or `range`');
          if (e.at !== undefined) {
            const off = offsetOf(c.code, e.at, e.occurrence ?? 1);
            assert.equal(c.code.slice(f.offset, f.offset + f.length), c.code.slice(off, off + e.at.length), `finding ${i}: reported text`);
            assert.equal(f.offset, off, `finding ${i}: offset (reported ${formatRange(f)})`);
            assert.equal(f.length, e.at.length, `finding ${i}: length`);
          }
          if (e.range !== undefined) assert.equal(formatRange(f), e.range, `finding ${i}: range`);
          assert.equal(f.severity, e.severity ?? rule.meta.defaultSeverity, `finding ${i}: severity`);
          if (e.tool !== undefined) assert.equal(f.tool, e.tool, `finding ${i}: tool`);
          if (e.data) for (const [k, v] of Object.entries(e.data)) assert.equal(f.data?.[k], v, `finding ${i}: data.${k}`);
          if (e.messageIncludes) assert.ok(f.message.includes(e.messageIncludes), `finding ${i}: message "${f.message}" should include "${e.messageIncludes}"`);
          assert.ok(!/\{\{\w+\}\}/.test(f.message), `finding ${i}: message has an unfilled placeholder: ${f.message}`);
        });
      });
    }
  });
}
