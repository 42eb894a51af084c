/**
 * Every file of ../shared/corpus/ (about 20,000 real tool definitions in every dialect): no rule throws,
 * every listed shape is understood (no shape-unknown), and the per-rule counts are written to
 * out/corpus-report.md for a reader to judge.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lintCorpus } from '../../tools/corpus';
import { RULES } from '../../shared/src/rules';

/** Files whose shape is not a function-calling dialect (SOURCES.md says so): one shape-unknown each. */
const NOT_TOOL_SHAPES = ['misc/fairyshine__Seal-Tools__tool.tool.json', 'misc/OpenBMB__ToolBench__rapidapi_api_list.tool.json'];

describe('corpus', () => {
  const stats = lintCorpus();

  it('lints every file without a rule error', () => {
    assert.ok(stats.files > 200, `corpus files: ${stats.files}`);
    assert.ok(stats.tools > 15_000, `tools found: ${stats.tools}`);
    assert.deepEqual(stats.errors.slice(0, 5), []);
  });

  it('understands every listed shape: shape-unknown only on the non-tool datasets', () => {
    const unknown = stats.findings.filter((f) => f.finding.rule === 'shape-unknown');
    const files = [...new Set(unknown.map((f) => f.file))].sort();
    assert.deepEqual(files, [...NOT_TOOL_SHAPES].sort(), unknown.slice(0, 5).map((u) => `${u.file}: ${u.finding.message}`).join('\n'));
    for (const f of NOT_TOOL_SHAPES) assert.equal(unknown.filter((u) => u.file === f).length, 1, `one diagnostic for ${f}`);
  });

  it('writes the per-rule counts to out/corpus-report.md', () => {
    const rows = RULES.map((r) => {
      const s = stats.byRule.get(r.id)!;
      return `| ${r.id} | ${s.findings} | ${s.tools.size} | ${s.files.size} |`;
    });
    const out = resolve(__dirname, '../../corpus-report.md');
    mkdirSync(resolve(out, '..'), { recursive: true });
    writeFileSync(out, ['# Corpus report', '', `${stats.files} files, ${stats.tools} tools.`, '', '| rule | findings | tools | files |', '|---|---:|---:|---:|', ...rows, ''].join('\n'));
    assert.equal(rows.length, RULES.length);
  });
});
