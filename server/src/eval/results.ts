/**
 * The results file (`<base>.eval-results.json`) written after a run: model, provider, date, trials, the hash
 * per tool of what was run (so `eval-stale` notices a later description or schema edit), and the per-case,
 * per-trial records (so `eval-records-incomplete` can check them). Never holds an API key.
 */
import { dirname, relative } from 'node:path';
import type { ToolInfo } from '../../../shared/src/discover';
import { toolHashes, type ToolHashes } from '../../../shared/src/evaluation/hashes';
import { reportUriFor, resultsUriFor } from '../../../shared/src/evaluation/paths';
import type { RunResult } from './runner';

export const resultsPathFor = resultsUriFor;
export const reportPathFor = reportUriFor;

/** How every results file begins, as written by JSON.stringify(resultsFile(…), null, 2) (files.ts recognises ours by it). */
export const RESULTS_START = /^\{\n {2}"version": \d+,\n {2}"tools": "/;

export function resultsFile(run: RunResult, infos: readonly ToolInfo[], where: { evalPath: string; toolFile: string; compare?: { label: string; run: RunResult } | undefined }): unknown {
  // Per tool, what eval-stale compares with later: the description and the key-sorted parameter schema.
  const hashes: Record<string, ToolHashes> = {};
  for (const t of infos) if (t.name && !Object.prototype.hasOwnProperty.call(hashes, t.name)) Object.defineProperty(hashes, t.name, { value: toolHashes(t), enumerable: true });
  const out: Record<string, unknown> = {
    version: 1,
    tools: relative(dirname(where.evalPath), where.toolFile).split('\\').join('/'),
    provider: run.provider,
    model: run.model,
    date: run.date,
    trials: run.trials,
    limits: run.limits,
    toolHashes: hashes,
    totals: run.totals,
    cases: run.cases,
  };
  if (run.baseURL) out.baseURL = run.baseURL;
  if (run.cancelled) out.cancelled = true;
  if (where.compare) out.compare = { tools: where.compare.label, totals: where.compare.run.totals, cases: where.compare.run.cases };
  return out;
}
