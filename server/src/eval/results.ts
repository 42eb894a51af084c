/**
 * The results file (`<base>.eval-results.json`) written after a run: model, provider, date, trials, the hash
 * per tool of what was run (so `eval-stale` notices a later description or schema edit), and the per-case,
 * per-trial records (so `eval-records-incomplete` can check them). Never holds an API key.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, join, relative } from 'node:path';
import { valueOf } from '../../../shared/src/document';
import type { ToolInfo } from '../../../shared/src/discover';
import type { RunResult } from './runner';

export function resultsPathFor(evalPath: string): string {
  return join(dirname(evalPath), `${baseOf(evalPath)}.eval-results.json`);
}

export function reportPathFor(evalPath: string): string {
  return join(dirname(evalPath), `${baseOf(evalPath)}.eval-report.md`);
}

function baseOf(evalPath: string): string {
  const name = basename(evalPath);
  return name.endsWith('.eval.json') ? name.slice(0, -'.eval.json'.length) : name.replace(/\.json$/, '');
}

function hashTool(t: ToolInfo): string {
  return createHash('sha256').update(JSON.stringify({ description: t.description ?? null, parameters: valueOf(t.params) ?? null })).digest('hex').slice(0, 16);
}

export function resultsFile(run: RunResult, infos: readonly ToolInfo[], where: { evalPath: string; toolFile: string; compare?: { label: string; run: RunResult } | undefined }): unknown {
  const toolHashes: Record<string, string> = {};
  for (const t of infos) if (t.name && !(t.name in toolHashes)) toolHashes[t.name] = hashTool(t);
  const out: Record<string, unknown> = {
    version: 1,
    tools: relative(dirname(where.evalPath), where.toolFile).split('\\').join('/'),
    provider: run.provider,
    model: run.model,
    date: run.date,
    trials: run.trials,
    limits: run.limits,
    toolHashes,
    totals: run.totals,
    cases: run.cases,
  };
  if (run.baseURL) out.baseURL = run.baseURL;
  if (run.cancelled) out.cancelled = true;
  if (where.compare) out.compare = { tools: where.compare.label, totals: where.compare.run.totals, cases: where.compare.run.cases };
  return out;
}
