/**
 * Table-driven rule tests (ESLint RuleTester style) on node:test. Each case lints real text through the
 * whole engine and compares the findings of one rule: message id, exact range, severity, data.
 *
 * A range is given either as `at`: a substring of the code whose n-th occurrence (`occurrence`, default 1)
 * must be exactly the reported span, or as `range: "L:C-L:C"` (1-based, end exclusive, like editors).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintEvalSet, lintText, type EvaluationState, type FileLint } from '../shared/src/linter';
import { ToolDocument } from '../shared/src/document';
import { discoverTools } from '../shared/src/discover';
import { parseResults } from '../shared/src/evaluation/results';
import { fixesFor, type Fix, type FixKind } from '../shared/src/fix';
import { applyEdits } from '../shared/src/fixes/edits';
import { toolAt } from '../shared/src/fix';
import { defaultConfig, type Config } from '../shared/src/config';
import type { RuleModule } from '../shared/src/rule';
import type { Finding, Severity } from '../shared/src/types';

export interface ValidCase {
  name: string;
  code: string;
  config?: Partial<Config>;
  /** The file at the git baseline (read at "HEAD"), for the rules that compare with it. */
  baseline?: string;
  /**
   * The code is an evaluation set (`file:///weather.eval.json`) testing this tool file (`file:///weather.tool.json`;
   * null: the tool file does not exist), with these recorded results (`file:///weather.eval-results.json`).
   */
  evalSet?: { tools?: string | null; results?: string };
  /** The code is a tool file; whether an evaluation set tests it, and its recorded results. */
  evaluation?: { hasSet: boolean; results?: string };
}

export const EVAL_URI = 'file:///weather.eval.json';
export const TOOL_URI = 'file:///weather.tool.json';
export const RESULTS_URI = 'file:///weather.eval-results.json';

/** The evaluation state of a tool file, as the CLI and the server build it. */
export function evaluationState(e: { hasSet: boolean; results?: string | undefined }): EvaluationState {
  return { sets: e.hasSet ? [EVAL_URI] : [], results: e.results !== undefined ? [parseResults(RESULTS_URI, e.results)] : [] };
}

/** Lints an evaluation set the way the CLI and the server do. */
export function lintEvalText(code: string, e: { tools?: string | null | undefined; results?: string | undefined }, config?: Partial<Config>) {
  const errors: string[] = [];
  const target = e.tools === null ? null : e.tools === undefined ? undefined : { uri: TOOL_URI, tools: discoverTools(new ToolDocument(TOOL_URI, e.tools).tree).tools };
  const res = lintEvalSet(new ToolDocument(EVAL_URI, code), {
    config: configWith(config),
    ...(target !== undefined ? { target } : {}),
    ...(e.results !== undefined ? { results: parseResults(RESULTS_URI, e.results) } : {}),
    onRuleError: (id, err) => errors.push(`${id}: ${String((err as Error)?.stack ?? err)}`),
  });
  assert.deepEqual(errors, [], 'a rule threw');
  return res;
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
  /**
   * The fixes offered for this finding, in order, each with its whole output text. Every offered fix is
   * also checked for the general invariants (see checkFix) whether it is listed or not.
   */
  fixes?: ExpectedFix[];
}

export interface ExpectedFix {
  /** A substring of the title. */
  title?: string;
  kind?: FixKind;
  /** The whole file after the fix. */
  output: string;
}

/** Every fix test runs on this date, so deprecation markers are deterministic. */
export const TEST_TODAY = '2026-11-22';

export interface InvalidCase extends ValidCase {
  errors: ExpectedFinding[];
  /** The case's fixes may edit outside the tool (a fix that removes the whole tool with its separator). */
  fixOutsideTool?: boolean;
}

export function configWith(partial?: Partial<Config>): Config {
  const c = defaultConfig();
  if (!partial) return c;
  return { ...c, ...partial, rules: { ...c.rules, ...partial.rules }, budgets: { ...c.budgets, ...partial.budgets }, verbs: { ...c.verbs, ...partial.verbs } };
}

export function lintOf(code: string, config?: Partial<Config>, baseline?: string, evaluation?: ValidCase['evaluation']): FileLint {
  const errors: string[] = [];
  const res = lintText(evaluation ? TOOL_URI : 'file:///test.tool.json', code, {
    ...(evaluation ? { evaluation: evaluationState(evaluation) } : {}),
    config: configWith(config),
    today: TEST_TODAY,
    onRuleError: (id, e) => errors.push(`${id}: ${String((e as Error)?.stack ?? e)}`),
    ...(baseline !== undefined ? { baseline: { text: baseline, ref: 'HEAD' } } : {}),
  });
  assert.deepEqual(errors, [], 'a rule threw');
  return res;
}

export function findingsOf(rule: string, code: string, config?: Partial<Config>, baseline?: string, c?: Pick<ValidCase, 'evalSet' | 'evaluation'>): Finding[] {
  const findings = c?.evalSet ? lintEvalText(code, c.evalSet, config).findings : lintOf(code, config, baseline, c?.evaluation).findings;
  return findings.filter((f) => f.rule === rule);
}

/** The fixes offered for a finding (a fix that throws fails the test). */
export function fixesOf(lint: FileLint, finding: Finding, config?: Partial<Config>, baseline?: string): Fix[] {
  const errors: string[] = [];
  const fixes = fixesFor(lint, finding, {
    config: configWith(config),
    today: TEST_TODAY,
    onRuleError: (id, e) => errors.push(`${id}: ${String((e as Error)?.stack ?? e)}`),
    ...(baseline !== undefined ? { baseline: { text: baseline, ref: 'HEAD' } } : {}),
  });
  assert.deepEqual(errors, [], 'a fix threw');
  return fixes;
}

function errorCounts(lint: FileLint): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of lint.findings) if (f.severity === 'error') m.set(f.rule, (m.get(f.rule) ?? 0) + 1);
  return m;
}

/**
 * The invariants every fix must keep (issue #3): the output parses; the finding it targets is gone (the rule
 * reports less than before); no rule reports more errors than before; computing the fixes again on the output
 * does not offer the same fix for the same place; every byte outside the edited tool is unchanged.
 */
export function checkFix(code: string, lint: FileLint, finding: Finding, fix: Fix, config?: Partial<Config>, options: { outside?: boolean; baseline?: string } = {}): string {
  const label = `fix "${fix.title}"`;
  if (fix.createFile) {
    // A fix that creates a file leaves this one as it is; the new file must be one the engine reads cleanly.
    assert.deepEqual(fix.edits, [], `${label}: a file-creating fix edits nothing else`);
    const created = new ToolDocument(fix.createFile.uri, fix.createFile.text);
    assert.deepEqual(created.syntaxProblems.map((p) => p.message), [], `${label}: the created file does not parse`);
    return code;
  }
  const output = applyEdits(code, fix.edits);
  assert.notEqual(output, code, `${label}: changes nothing`);
  const after = lintOf(output, config, options.baseline);
  assert.deepEqual(after.doc.syntaxProblems.map((p) => p.message), [], `${label}: output does not parse:\n${output}`);
  const before = lint.findings.filter((f) => f.rule === finding.rule).length;
  const remaining = after.findings.filter((f) => f.rule === finding.rule);
  assert.ok(remaining.length < before, `${label}: ${finding.rule} still reports ${remaining.length} (was ${before}):\n${remaining.map((f) => f.message).join('\n')}\n${output}`);
  const errorsBefore = errorCounts(lint);
  for (const [rule, n] of errorCounts(after)) {
    assert.ok(n <= (errorsBefore.get(rule) ?? 0), `${label}: new ${rule} error(s) after the fix:\n${after.findings.filter((f) => f.rule === rule).map((f) => f.message).join('\n')}\n${output}`);
  }
  for (const f of remaining) {
    if (f.pointer !== finding.pointer) continue;
    for (const again of fixesOf(after, f, config, options.baseline)) assert.notEqual(again.title, fix.title, `${label}: offered again after it was applied`);
  }
  const tool = toolAt(lint.discovery.tools, finding.offset);
  if (tool && !options.outside) {
    const start = tool.outer.offset;
    const end = tool.outer.offset + tool.outer.length;
    for (const e of fix.edits) assert.ok(e.offset >= start && e.offset + e.length <= end, `${label}: edit at ${e.offset}+${e.length} is outside the tool (${start}-${end})`);
    assert.ok(output.startsWith(code.slice(0, start)), `${label}: text before the tool changed`);
    assert.ok(output.endsWith(code.slice(end)), `${label}: text after the tool changed`);
  }
  return output;
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
    if (rule.fix) {
      assert.ok(cases.invalid.some((c) => c.errors.some((e) => e.fixes && e.fixes.length > 0)), `${rule.id}: a fixable rule needs at least one invalid case with expected fix output`);
    }
    for (const c of cases.valid) {
      it(`valid: ${c.name}`, () => {
        const found = findingsOf(rule.id, c.code, c.config, c.baseline, c);
        assert.deepEqual(found.map((f) => `${f.messageId} ${formatRange(f)}: ${f.message}`), [], 'expected no findings');
      });
    }
    for (const c of cases.invalid) {
      it(`invalid: ${c.name}`, () => {
        assert.ok(c.errors.length > 0, 'an invalid case must list its errors');
        const evalLint = c.evalSet ? lintEvalText(c.code, c.evalSet, c.config) : undefined;
        const lint = evalLint ? undefined : lintOf(c.code, c.config, c.baseline, c.evaluation);
        const found = (evalLint ?? lint)!.findings.filter((f) => f.rule === rule.id);
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
          const fixes = lint ? fixesOf(lint, f, c.config, c.baseline) : [];
          for (const fix of fixes) {
            assert.ok(rule.meta.fixable !== false, `finding ${i}: rule declares no fix but offered "${fix.title}"`);
            if (fix.kind === 'safe') assert.equal(rule.meta.fixable, 'safe', `finding ${i}: safe fix "${fix.title}" from a rule whose fixes are suggestions`);
            checkFix(c.code, lint!, f, fix, c.config, { outside: c.fixOutsideTool, baseline: c.baseline });
          }
          if (e.fixes) {
            assert.equal(fixes.length, e.fixes.length, `finding ${i}: fixes offered: ${fixes.map((x) => `${x.kind}: ${x.title}`).join(' | ')}`);
            e.fixes.forEach((x, k) => {
              const fix = fixes[k]!;
              if (x.title !== undefined) assert.ok(fix.title.includes(x.title), `finding ${i}: fix ${k} title "${fix.title}" should include "${x.title}"`);
              if (x.kind !== undefined) assert.equal(fix.kind, x.kind, `finding ${i}: fix ${k} kind`);
              assert.equal(fix.createFile ? fix.createFile.text : applyEdits(c.code, fix.edits), x.output, `finding ${i}: output of fix ${k} "${fix.title}"`);
            });
          }
        });
      });
    }
  });
}
