/**
 * Lints every file of the shared corpus (../shared/corpus) and writes per-rule counts, so a reader can judge
 * each rule's noise on real tools written by other people.
 *
 *   node dist/tools/corpusReport.js [out.md]                       write the report (default: stdout)
 *   node dist/tools/corpusReport.js --rule <id> [--samples N]      print N sample findings of one rule
 */
import { readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { lintWorkspace } from '../shared/src/linter';
import { RULES } from '../shared/src/rules';
import type { Finding } from '../shared/src/types';

export function corpusDir(): string {
  return resolve(__dirname, '../../../shared/corpus');
}

export function corpusFiles(dir = corpusDir()): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (f.endsWith('.json')) out.push(p);
    }
  };
  walk(dir);
  return out;
}

export interface CorpusStats {
  files: number;
  tools: number;
  byRule: Map<string, { findings: number; tools: Set<string>; files: Set<string> }>;
  errors: string[];
  findings: { file: string; finding: Finding; line: string }[];
}

export function lintCorpus(dir = corpusDir()): CorpusStats {
  const files = corpusFiles(dir);
  const errors: string[] = [];
  // Each top-level folder is linted as one workspace, as the CLI does for a folder.
  const groups = new Map<string, string[]>();
  for (const f of files) {
    const g = relative(dir, f).split('/')[0]!;
    groups.set(g, [...(groups.get(g) ?? []), f]);
  }
  const stats: CorpusStats = { files: files.length, tools: 0, byRule: new Map(), errors, findings: [] };
  for (const r of RULES) stats.byRule.set(r.id, { findings: 0, tools: new Set(), files: new Set() });
  for (const [, group] of groups) {
    const results = lintWorkspace(group.map((f) => ({ uri: f, text: readFileSync(f, 'utf8') })), {
      onRuleError: (id, e) => errors.push(`${id}: ${String((e as Error)?.stack ?? e)}`),
    });
    for (const r of results) {
      stats.tools += r.discovery.tools.length;
      const rel = relative(dir, r.uri);
      const lines = r.doc.text.split('\n');
      for (const f of r.findings) {
        const s = stats.byRule.get(f.rule)!;
        s.findings++;
        s.files.add(rel);
        s.tools.add(`${rel}#${f.tool ?? ''}`);
        stats.findings.push({ file: rel, finding: f, line: (lines[f.range.start.line] ?? '').trim().slice(0, 160) });
      }
    }
  }
  return stats;
}

function main(): void {
  const args = process.argv.slice(2);
  const ruleIdx = args.indexOf('--rule');
  const stats = lintCorpus();
  if (ruleIdx >= 0) {
    const id = args[ruleIdx + 1];
    const nIdx = args.indexOf('--samples');
    const n = nIdx >= 0 ? Number(args[nIdx + 1]) : 25;
    const hits = stats.findings.filter((f) => f.finding.rule === id);
    console.log(`${id}: ${hits.length} findings`);
    // Spread the samples over the whole list so one big file does not fill them.
    const step = Math.max(1, Math.floor(hits.length / n));
    for (let i = 0; i < hits.length && i / step < n; i += step) {
      const h = hits[i]!;
      console.log(`- ${h.file}:${h.finding.range.start.line + 1} [${h.finding.tool}] ${h.finding.message}\n    ${h.line}`);
    }
    if (stats.errors.length) console.log(`\nRULE ERRORS:\n${stats.errors.slice(0, 5).join('\n')}`);
    return;
  }
  const rows = [...stats.byRule.entries()].sort((a, b) => b[1].findings - a[1].findings);
  const md = [
    '# Corpus report',
    '',
    `Every file of \`../shared/corpus/\` linted with the default configuration (each top-level folder as one workspace): ${stats.files} files, ${stats.tools} tools. Regenerate with \`npm run report:corpus\`.`,
    '',
    '| rule | findings | tools | files |',
    '|---|---:|---:|---:|',
    ...rows.map(([id, s]) => `| ${id} | ${s.findings} | ${s.tools.size} | ${s.files.size} |`),
    '',
    stats.errors.length ? `Rule errors: ${stats.errors.length}` : 'Rule errors: none.',
    '',
  ].join('\n');
  const out = args[0];
  if (out) writeFileSync(out, md);
  else console.log(md);
}

if (require.main === module) main();
