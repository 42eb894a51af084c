/**
 * The CLI's workspace lint: every tool file parsed and linted once in the usual case, in worker threads when
 * the input is large enough, with results reused from the lint cache (`--cache`) when nothing they depend on
 * changed. The plan (see `lintWorkspaceEach` in shared/src/linter.ts, which does the same in one thread):
 *
 * 1. Files with a valid cache entry take it; every other file is linted as if no other file defined a tool,
 *    recording what the cross-file rules asked the workspace index (`RecordingIndex`).
 * 2. The workspace index is built from every file's tool names, in the order of the files.
 * 3. A file whose recorded questions get other answers from that index (a name it looks for is defined in
 *    another file, or no longer is) is linted again against it.
 *
 * The result is exactly that of linting every file against the whole workspace's names, whichever files were
 * linted where; reports come back in the order of the files.
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { answersKey, lintRecorded, NameIndex, type EvaluationState, type WorkspaceQuery } from '../../../shared/src/linter';
import type { WorkspaceIndex } from '../../../shared/src/rule';
import type { Config } from '../../../shared/src/config';
import type { BaselineInput } from '../../../shared/src/analysis/baseline';
import type { Finding, Profile } from '../../../shared/src/types';

/** One tool file to lint, with everything its result depends on besides the configuration and the workspace. */
export interface LintJob {
  uri: string;
  text: string;
  baseline: BaselineInput | null;
  evaluation: EvaluationState | undefined;
}

/** What the CLI keeps of a file's lint (sent back by workers, stored in the cache). */
export interface FileRecord {
  findings: Finding[];
  /** The tools the file defines, for the workspace index (their count is reported). */
  tools: { name: string | undefined; profile: Profile }[];
  /** What the cross-file rules asked the workspace index, and a key of the answers they got. */
  queries: WorkspaceQuery[];
  answered: string;
  /** Internal rule errors ("rule-id: message"): such a result is never cached. */
  errors: string[];
}

/** Everything a lint depends on that is the same for every file of the run. */
export interface RunSettings {
  config: Config;
  /** YYYY-MM-DD, one date for the whole run (and its workers). */
  today: string;
}

/** Lints one file against `workspace` (default: no other file defines anything). */
export function lintJob(job: LintJob, settings: RunSettings, workspace?: WorkspaceIndex): FileRecord {
  const errors: string[] = [];
  const { result, queries, answered } = lintRecorded(job, {
    config: settings.config,
    today: settings.today,
    cache: false,
    ...(workspace ? { workspace } : {}),
    onRuleError: (id, e) => errors.push(`${id}: ${(e as Error)?.message ?? String(e)}`),
  });
  return { findings: result.findings, tools: result.discovery.tools.map((t) => ({ name: t.name, profile: t.profile })), queries, answered, errors };
}

/** The names table sent to workers for step 3: each file's tools, in the order of the files. */
export type NamesTable = [uri: string, tools: FileRecord['tools']][];

export function indexOf(table: NamesTable): NameIndex {
  const index = new NameIndex();
  for (const [uri, tools] of table) index.set(uri, tools);
  return index;
}

/** Where a run may take finished records from and put new ones (the lint cache). */
export interface RecordStore {
  get(job: LintJob): FileRecord | undefined;
  set(job: LintJob, record: FileRecord): void;
}

/** How many worker threads: `--concurrency` "off" (none), a number, or "auto" (by input size and cores). */
export function workerCount(setting: string, files: number, bytes: number): number {
  if (setting === 'off') return 0;
  if (setting !== 'auto') return Math.min(Number(setting), files);
  // A worker costs about 150 ms to start (load the engine, compile the meta-schema and patterns); the lint
  // runs at roughly 10 MB/s per thread, so below a few MB one thread finishes first.
  const n = Math.min(availableParallelism(), Math.floor(bytes / AUTO_BYTES_PER_WORKER), files);
  return n >= 2 ? n : 0;
}
const AUTO_BYTES_PER_WORKER = 2_000_000;

/** The worker script, beside the CLI bundle (absent when the CLI runs from a test bundle: no workers then). */
export function workerScript(): string | undefined {
  const p = join(__dirname, 'lintWorker.js');
  return existsSync(p) ? p : undefined;
}

/** What a run did, for `TOOLSCHEMA_STATS=1` (and the tests): where each file's result came from. */
export interface RunStats {
  files: number;
  /** Results taken from the cache (and kept: a cached result linted again is counted in `again`). */
  cached: number;
  /** Files linted (step 1). */
  linted: number;
  /** Files linted again against the workspace's names (step 3). */
  again: number;
  /** Files linted (both steps) by each worker thread; empty when everything ran in this thread. */
  perWorker: number[];
}

export function formatStats(s: RunStats): string {
  const n = s.perWorker.length;
  const where = n ? ` in ${n} worker thread${n > 1 ? 's' : ''} (${s.perWorker.join(', ')} files)` : ' in the main thread';
  return `toolschema: ${s.files} files: ${s.cached} from the cache, ${s.linted} linted, ${s.again} linted again for names defined in other files${where}.\n`;
}

/** Lints the jobs in this thread. */
export function lintFilesSync(jobs: readonly LintJob[], settings: RunSettings, store?: RecordStore): { records: FileRecord[]; stats: RunStats } {
  const found = fromStore(jobs, store);
  const records = found.map((r, i) => r ?? lintJob(jobs[i]!, settings));
  const { index, indices } = stale(jobs, records);
  for (const i of indices) records[i] = lintJob(jobs[i]!, settings, index.viewFrom(jobs[i]!.uri));
  return finish(jobs, found, records, indices, [], store);
}

/**
 * Lints the jobs in `count` worker threads (steps 1 and 3; step 2 here). A worker that fails (it cannot start,
 * runs out of memory) hands its work back to the others, the last one's to this thread: the run finishes.
 */
export async function lintFilesParallel(jobs: readonly LintJob[], settings: RunSettings, count: number, script: string, store?: RecordStore): Promise<{ records: FileRecord[]; stats: RunStats }> {
  const found = fromStore(jobs, store);
  const pool = new LintPool(script, count, settings);
  try {
    const todo = [...found.keys()].filter((i) => !found[i]);
    const first = await pool.run(jobs, todo);
    const records = found.map((r, i) => r ?? first.get(i) ?? lintJob(jobs[i]!, settings));
    const { table, index, indices } = stale(jobs, records);
    if (indices.length > 0) {
      const again = await pool.run(jobs, indices, table);
      for (const i of indices) records[i] = again.get(i) ?? lintJob(jobs[i]!, settings, index.viewFrom(jobs[i]!.uri));
    }
    return finish(jobs, found, records, indices, pool.counts(), store);
  } finally {
    await pool.close();
  }
}

/** Messages to a worker: lint a batch of jobs (against the names table, once sent), or take the names table. */
export type ToWorker = { kind: 'names'; table: NamesTable } | { kind: 'lint'; batch: { i: number; job: LintJob }[] };
/** Messages from a worker: a batch's records, or an exception no rule guard caught. */
export type FromWorker = { kind: 'done'; records: { i: number; record: FileRecord }[] } | { kind: 'failed'; message: string };

type Batch = { i: number; job: LintJob }[];

/** Workers taking batches of files from one queue, so a worker with large files does not hold the others up. */
class LintPool {
  private readonly workers: Worker[] = [];
  /** The workers that have not failed. */
  private readonly alive = new Set<Worker>();
  /** Files linted by each worker. */
  private readonly linted = new Map<Worker, number>();
  /** The current run: its queue, the batch each busy worker holds, what came back, how it ends. */
  private queue: Batch[] = [];
  private readonly busy = new Map<Worker, Batch>();
  private out = new Map<number, FileRecord>();
  private failed: Error | undefined;
  private done: (() => void) | undefined;
  private closing = false;

  constructor(script: string, count: number, settings: RunSettings) {
    for (let k = 0; k < count; k++) {
      const w = new Worker(script, { workerData: settings });
      this.workers.push(w);
      this.alive.add(w);
      w.on('message', (m: FromWorker) => this.received(w, m));
      // A worker that cannot start or dies (out of memory): its batch goes back to the queue.
      w.on('error', () => this.lost(w));
      w.on('exit', () => this.lost(w));
    }
  }

  /** Lints `indices` of `jobs` (against `table` when given); records missing from the answer were not linted. */
  run(jobs: readonly LintJob[], indices: readonly number[], table?: NamesTable): Promise<Map<number, FileRecord>> {
    const bytes = indices.reduce((n, i) => n + jobs[i]!.text.length, 0);
    // Batches of about 1/8 of a worker's share, by size and by count: few messages, and a balanced finish.
    const parts = Math.max(1, this.alive.size) * 8;
    const maxBytes = bytes / parts;
    const maxFiles = Math.ceil(indices.length / parts);
    const batches: Batch[] = [];
    let batch: Batch = [];
    let size = 0;
    for (const i of indices) {
      batch.push({ i, job: jobs[i]! });
      size += jobs[i]!.text.length;
      if (size >= maxBytes || batch.length >= maxFiles) {
        batches.push(batch);
        batch = [];
        size = 0;
      }
    }
    if (batch.length) batches.push(batch);
    this.queue = batches.reverse(); // taken with pop(), in order
    this.out = new Map();
    this.failed = undefined;
    return new Promise((resolve, reject) => {
      this.done = () => {
        this.done = undefined;
        if (this.failed) reject(this.failed);
        else resolve(this.out); // batches left when every worker failed are linted by the caller
      };
      for (const w of this.alive) {
        if (table) w.postMessage({ kind: 'names', table } satisfies ToWorker);
        this.feed(w);
      }
      this.settle();
    });
  }

  private feed(w: Worker): void {
    const next = this.failed ? undefined : this.queue.pop();
    if (!next) return;
    this.busy.set(w, next);
    w.postMessage({ kind: 'lint', batch: next } satisfies ToWorker);
  }

  private settle(): void {
    if (this.busy.size === 0 && (this.queue.length === 0 || this.alive.size === 0 || this.failed)) this.done?.();
  }

  private received(w: Worker, m: FromWorker): void {
    this.busy.delete(w);
    if (m.kind === 'failed') this.failed ??= new Error(m.message);
    else {
      for (const r of m.records) this.out.set(r.i, r.record);
      this.linted.set(w, (this.linted.get(w) ?? 0) + m.records.length);
    }
    this.feed(w);
    this.settle();
  }

  private lost(w: Worker): void {
    if (this.closing || !this.alive.delete(w)) return;
    const batch = this.busy.get(w);
    if (batch) {
      this.busy.delete(w);
      this.queue.push(batch);
      for (const other of this.alive) if (!this.busy.has(other)) this.feed(other);
    }
    this.settle();
  }

  counts(): number[] {
    return this.workers.map((w) => this.linted.get(w) ?? 0);
  }

  async close(): Promise<void> {
    this.closing = true;
    await Promise.all(this.workers.map((w) => w.terminate()));
  }
}

function fromStore(jobs: readonly LintJob[], store: RecordStore | undefined): (FileRecord | undefined)[] {
  return jobs.map((j) => store?.get(j));
}

/** The workspace index over every file's names and the files whose recorded answers it changes. */
function stale(jobs: readonly LintJob[], records: readonly FileRecord[]): { table: NamesTable; index: NameIndex; indices: number[] } {
  const table: NamesTable = jobs.map((j, i) => [j.uri, records[i]!.tools]);
  const index = indexOf(table);
  const indices: number[] = [];
  for (const [i, j] of jobs.entries()) if (answersKey(records[i]!.queries, index.viewFrom(j.uri)) !== records[i]!.answered) indices.push(i);
  return { table, index, indices };
}

function finish(jobs: readonly LintJob[], found: readonly (FileRecord | undefined)[], records: FileRecord[], again: readonly number[], perWorker: number[], store: RecordStore | undefined): { records: FileRecord[]; stats: RunStats } {
  if (store) for (const [i, j] of jobs.entries()) if (records[i]!.errors.length === 0) store.set(j, records[i]!);
  const cached = found.filter((r) => r).length;
  const stale = again.filter((i) => found[i]).length;
  return { records, stats: { files: jobs.length, cached: cached - stale, linted: jobs.length - cached, again: again.length, perWorker } };
}
