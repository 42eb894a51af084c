/**
 * Lints every file of the shared corpus (../shared/corpus) and writes per-rule counts, so a reader can judge
 * each rule's noise on real tools written by other people.
 *
 *   node dist/tools/corpusReport.js [out.md]                       write the report (default: stdout)
 *   node dist/tools/corpusReport.js --rule <id> [--samples N]      print N sample findings of one rule
 */
import { writeFileSync } from 'node:fs';
import { lintCorpus } from './corpus';

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

main();
