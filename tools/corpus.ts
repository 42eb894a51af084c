/** Lints every file of the shared corpus (../shared/corpus): the library behind tools/corpusReport.ts. */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { lintWorkspace } from '../shared/src/linter';
import { RULES } from '../shared/src/rules';
import type { Finding } from '../shared/src/types';

/** ../shared/corpus beside the checkout, found from the project root (wherever the bundle runs from). */
export function corpusDir(): string {
  let d = __dirname;
  while (!existsSync(join(d, 'package.json')) && dirname(d) !== d) d = dirname(d);
  return resolve(d, '../shared/corpus');
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

/** Every distinct string value of the corpus's JSON files (none when the corpus is absent). */
export function corpusStrings(dir = corpusDir()): string[] {
  if (!existsSync(dir)) return [];
  const out = new Set<string>();
  const walk = (v: unknown): void => {
    if (typeof v === 'string') out.add(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') for (const x of Object.values(v)) walk(x);
  };
  for (const f of corpusFiles(dir)) {
    try {
      walk(JSON.parse(readFileSync(f, 'utf8')));
    } catch {
      // not JSON: no strings from it
    }
  }
  return [...out];
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

