/**
 * Property tests of the fixes over the shared corpus (real tool files written by other people):
 * - fix-all on every file: the result parses whenever the input did, it has no more errors than before, and
 *   fix-all on the result changes nothing (it reached a fixed point);
 * - every fix offered (suggestions too) for a sample of findings of every fixable rule: the result parses,
 *   the rule reports less, no rule reports more errors, and nothing outside the tool changes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { corpusDir, corpusFiles } from '../../tools/corpus';
import { lintText, type FileLint } from '../../shared/src/linter';
import { fixAll, fixesFor, toolAt } from '../../shared/src/fix';
import { applyEdits } from '../../shared/src/fixes/edits';
import { RULES } from '../../shared/src/rules';

const TODAY = '2026-11-22';

function errorsByRule(l: FileLint): Map<string, number> {
  const m = new Map<string, number>();
  for (const f of l.findings) if (f.severity === 'error') m.set(f.rule, (m.get(f.rule) ?? 0) + 1);
  return m;
}

function errorTotal(l: FileLint): number {
  return l.findings.filter((f) => f.severity === 'error').length;
}

function newErrors(before: FileLint, after: FileLint): string[] {
  const b = errorsByRule(before);
  const out: string[] = [];
  for (const [rule, n] of errorsByRule(after)) if (n > (b.get(rule) ?? 0)) out.push(`${rule} ${b.get(rule) ?? 0} → ${n}`);
  return out;
}

describe('fixes over the corpus', () => {
  const dir = corpusDir();
  const files = corpusFiles(dir).map((f) => ({ path: f, rel: relative(dir, f), text: readFileSync(f, 'utf8') }));

  it('fix-all: every result parses, has no more errors per rule, and is a fixed point', () => {
    assert.ok(files.length > 200);
    const problems: string[] = [];
    let fixedFiles = 0;
    let fixes = 0;
    for (const f of files) {
      const before = lintText(f.path, f.text, { today: TODAY });
      const r = fixAll(f.path, f.text, { today: TODAY, onRuleError: (id, e) => problems.push(`${f.rel}: ${id} threw ${String(e)}`) });
      if (r.output === f.text) continue;
      fixedFiles++;
      fixes += r.fixed.length;
      const after = r.remaining;
      if (before.doc.syntaxProblems.length === 0 && after.doc.syntaxProblems.length > 0) problems.push(`${f.rel}: no longer parses: ${after.doc.syntaxProblems[0]!.message}`);
      // A corrected type can make a bad default visible (default-invalid): fix-all may trade one error for
      // another, never add one.
      if (errorTotal(after) > errorTotal(before)) problems.push(`${f.rel}: more errors after fix-all: ${errorTotal(before)} → ${errorTotal(after)} (${newErrors(before, after).join(', ')})`);
      const again = fixAll(f.path, r.output, { today: TODAY });
      if (again.output !== r.output) problems.push(`${f.rel}: fix-all is not a fixed point (${again.fixed.map((x) => x.rule).join(', ')})`);
    }
    assert.deepEqual(problems.slice(0, 10), []);
    // The corpus has Python type names and strict tools without additionalProperties: fix-all must find them.
    assert.ok(fixedFiles > 5 && fixes > 50, `fixed ${fixes} problems in ${fixedFiles} files`);
  });

  it('every offered fix, on a sample of findings of each fixable rule, keeps the file sound', () => {
    const perRule = new Map<string, number>();
    const SAMPLE = 12;
    const problems: string[] = [];
    // Small files only: each fix re-lints the whole file.
    for (const f of files) {
      if (f.text.length > 150_000) continue;
      const lint = lintText(f.path, f.text, { today: TODAY });
      if (lint.doc.syntaxProblems.length > 0) continue;
      for (const finding of lint.findings) {
        const rule = RULES.find((r) => r.id === finding.rule);
        if (!rule?.fix || (perRule.get(rule.id) ?? 0) >= SAMPLE) continue;
        const fixes = fixesFor(lint, finding, { today: TODAY, onRuleError: (id, e) => problems.push(`${f.rel}: ${id} fix threw ${String(e)}`) });
        if (fixes.length === 0) continue;
        perRule.set(rule.id, (perRule.get(rule.id) ?? 0) + 1);
        for (const fix of fixes) {
          const where = `${f.rel} ${finding.pointer} "${fix.title}"`;
          const output = applyEdits(f.text, fix.edits);
          const after = lintText(f.path, output, { today: TODAY });
          if (after.doc.syntaxProblems.length > 0) {
            problems.push(`${where}: output does not parse`);
            continue;
          }
          const more = newErrors(lint, after);
          if (more.length) problems.push(`${where}: more errors: ${more.join(', ')}`);
          if (after.findings.filter((x) => x.rule === finding.rule).length >= lint.findings.filter((x) => x.rule === finding.rule).length) problems.push(`${where}: ${finding.rule} does not report less`);
          const tool = toolAt(lint.discovery.tools, finding.offset);
          if (tool && finding.rule !== 'deprecation-expired') {
            const end = tool.outer.offset + tool.outer.length;
            if (!output.startsWith(f.text.slice(0, tool.outer.offset)) || !output.endsWith(f.text.slice(end))) problems.push(`${where}: changed text outside the tool`);
          }
        }
      }
    }
    assert.deepEqual(problems.slice(0, 15), [], `${problems.length} problem(s)`);
    const sampled = [...perRule.keys()].sort();
    assert.ok(sampled.length >= 15, `rules with fixes exercised on the corpus: ${sampled.join(', ')}`);
  });
});
