/**
 * The CLI's workspace lint: every tool file parsed and linted once in the usual case, in worker threads when
 * the input is large enough, with results reused from the lint cache (`--cache`) when nothing they depend on
 * changed. The plan (`RecordingIndex` in shared/src/linter.ts says why it is exact):
 *
 * 1. Files with a valid cache entry take it; every other file is linted as if no other file defined a tool,
 *    recording what the cross-file rules asked the workspace index (`RecordingIndex`), except large files,
 *    only read for their names (NAMES_FIRST_BYTES).
 * 2. The workspace index is built from every file's tool names, in the order of the files.
 * 3. A file whose recorded questions get other answers from that index (a name it looks for is defined in
 *    another file, or no longer is) is linted again against it, and the large files are linted.
 *
 * The result is exactly that of linting every file against the whole workspace's names, whichever files were
 * linted where; reports come back in the order of the files.
 */
import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type * as WorkerThreads from 'node:worker_threads';
import type { Worker } from 'node:worker_threads';
import { answersKey, lintRecorded, NameIndex, type EvaluationState, type WorkspaceQuery } from '../../../shared/src/linter';
import type { WorkspaceIndex } from '../../../shared/src/rule';
import { ToolDocument } from '../../../shared/src/document';
import { discoverTools } from '../../../shared/src/discover';
import type { Config } from '../../../shared/src/config';
import type { BaselineInput } from '../../../shared/src/analysis/baseline';
import { lazyModule } from '../lazyModule';
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
  /** Time each rule (TIMING=1): ruleTimes() gives this thread's totals. */
  timing?: boolean;
}

/** This thread's time per rule id in ms, when the run times its rules (TIMING=1). */
const RULE_TIMES = new Map<string, number>();

/** This thread's time per rule since the last call, and the totals cleared. */
export function takeRuleTimes(): [string, number][] {
  const out = [...RULE_TIMES];
  RULE_TIMES.clear();
  return out;
}

/**
 * Files from this size on are only read for their names in step 1 and linted in step 3, against every name: a
 * large file defines and mentions many names, so it is likely to need the second lint, which would cost more
 * than reading it twice (the corpus's largest files: 0.3 to 2.7 MB, 400 to 8,010 tools, all of them).
 */
export const NAMES_FIRST_BYTES = 256_000;
/** The `answered` key of a file read for its names only: no index answers like that, so step 3 lints it. */
const NAMES_ONLY = 'names only';

/**
 * Lints one file against `workspace`; without one (step 1), as if no other file defined anything, and a large
 * file is only read for its names.
 */
export function lintJob(job: LintJob, settings: RunSettings, workspace?: WorkspaceIndex): FileRecord {
  if (!workspace && job.text.length >= NAMES_FIRST_BYTES) {
    const doc = new ToolDocument(job.uri, job.text);
    const tools = doc.tree && !doc.refused ? discoverTools(doc.tree, settings.config.profile).tools : [];
    return { findings: [], tools: tools.map((t) => ({ name: t.name, profile: t.profile })), queries: [], answered: NAMES_ONLY, errors: [] };
  }
  const errors: string[] = [];
  const { result, queries, answered } = lintRecorded(job, {
    config: settings.config,
    today: settings.today,
    cache: false,
    ...(workspace ? { workspace } : {}),
    ...(settings.timing ? { timings: RULE_TIMES } : {}),
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
  // A number is capped at the CPU cores (4 on smaller machines): more threads than cores only add warm-ups and
  // memory (each holds its own engine: --concurrency 999 on 2 cores started 999 threads and took 6 GB).
  if (setting !== 'auto') return Math.min(Number(setting), files, maxWorkers());
  // Each thread pays the engine's warm-up (V8 compiling and optimising the engine's code, the meta-schema,
  // the patterns): about 0.5 to 1 s of CPU before it lints at full speed (about 1 ms per 12 KB file). On 2 cores
  // the second thread's warm-up ate the gain (2,000 generated files: 2.3 s of CPU in one thread, 3.5 s in two
  // workers, no shorter), and below a few MB per thread one thread finishes first.
  const cores = availableParallelism();
  if (cores < AUTO_MIN_CORES) return 0;
  const n = Math.min(cores, Math.floor(bytes / AUTO_BYTES_PER_WORKER), files);
  return n >= 2 ? n : 0;
}
const AUTO_MIN_CORES = 4;

/** The most worker threads a run starts: one per CPU core, at least 4. */
export function maxWorkers(): number {
  return Math.max(availableParallelism(), 4);
}

/** Loaded when the first worker starts: a run without workers (the default below 4 cores) does not load it. */
const workerThreads = lazyModule(() => require('node:worker_threads') as typeof WorkerThreads);
const AUTO_BYTES_PER_WORKER = 4_000_000;

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
  /** Large files read for their names in step 1 and linted in step 3 (counted in neither of the above). */
  namesFirst: number;
  /** Files linted (both steps) by each worker thread; empty when everything ran in this thread. */
  perWorker: number[];
}

export function formatStats(s: RunStats): string {
  const n = s.perWorker.length;
  const where = n ? ` in ${n} worker thread${n > 1 ? 's' : ''} (${s.perWorker.join(', ')} files)` : ' in the main thread';
  return `toolschema: ${s.files} files: ${s.cached} from the cache, ${s.linted} linted, ${s.again} linted again for names defined in other files, ${s.namesFirst} large files read for their names first${where}.\n`;
}

/**
 * How many rules `TIMING` asks to list, as ESLint reads it: unset or empty, none (rules are not timed); "all", every
 * one; a number above 10, that many; anything else, 10.
 */
export function timingRows(value: string | undefined): number | undefined {
  if (!value) return undefined;
  if (value.toLowerCase() === 'all') return Infinity;
  const n = Number.parseInt(value, 10);
  return n > 10 ? n : 10;
}

/** The slowest `rows` rules as ESLint's TIMING table: rule, time in ms, share of all the rules' time. */
export function formatRuleTimes(times: readonly [string, number][], rows: number): string {
  const total = times.reduce((n, [, ms]) => n + ms, 0);
  const top = [...times].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, rows);
  const cells = top.map(([id, ms]) => [id, ms.toFixed(3), `${total > 0 ? ((100 * ms) / total).toFixed(1) : '0.0'}%`]);
  const head = ['Rule', 'Time (ms)', 'Relative'];
  const width = head.map((h, c) => Math.max(h.length, ...cells.map((r) => r[c]!.length)));
  const line = (r: string[]) => `${r[0]!.padEnd(width[0]!)} | ${r[1]!.padStart(width[1]!)} | ${r[2]!.padStart(width[2]!)}\n`;
  const rule = `:${'-'.repeat(width[0]!)}|${'-'.repeat(width[1]! + 1)}:|${'-'.repeat(width[2]!)}:\n`;
  return line(head) + rule + cells.map(line).join('');
}

/** Lints the jobs in this thread. */
export function lintFilesSync(jobs: readonly LintJob[], settings: RunSettings, store?: RecordStore): { records: FileRecord[]; stats: RunStats } {
  const found = fromStore(jobs, store);
  const records = found.map((r, i) => r ?? lintJob(jobs[i]!, settings));
  const { index, indices, namesFirst } = stale(jobs, records);
  for (const i of indices) records[i] = lintJob(jobs[i]!, settings, index.viewFrom(jobs[i]!.uri));
  return finish(jobs, found, records, indices, namesFirst, [], store);
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
    const { table, index, indices, namesFirst } = stale(jobs, records);
    if (indices.length > 0) {
      const again = await pool.run(jobs, indices, table);
      for (const i of indices) records[i] = again.get(i) ?? lintJob(jobs[i]!, settings, index.viewFrom(jobs[i]!.uri));
    }
    return finish(jobs, found, records, indices, namesFirst, pool.counts(), store);
  } finally {
    await pool.close();
  }
}

/** Messages to a worker: lint a batch of jobs (against the names table, once sent), or take the names table. */
export type ToWorker = { kind: 'names'; table: NamesTable } | { kind: 'lint'; batch: { i: number; job: LintJob }[] };
/** Messages from a worker: a batch's records, or an exception no rule guard caught. */
export type FromWorker = { kind: 'done'; records: { i: number; record: FileRecord }[]; ruleTimes?: [string, number][] } | { kind: 'failed'; message: string };

type Batch = { i: number; job: LintJob }[];

/**
 * Workers taking batches of files from queues: each its own contiguous share, then, when idle, batches from
 * the end of the others' queues, so a worker with large files does not hold the others up. A file linted
 * again (step 3) goes back to the worker that linted it first, whose caches (compiled validators, description
 * analyses) already hold its tools.
 */
class LintPool {
  private readonly workers: Worker[] = [];
  /** The workers that have not failed. */
  private readonly alive = new Set<Worker>();
  /** Files linted by each worker; which worker linted each file. */
  private readonly linted = new Map<Worker, number>();
  private readonly owner = new Map<number, Worker>();
  /** The current run: batches for each worker (or any: null), the batch each busy worker holds, what came back. */
  private readonly queues = new Map<Worker | null, Batch[]>();
  private readonly busy = new Map<Worker, Batch>();
  private out = new Map<number, FileRecord>();
  private failed: Error | undefined;
  private done: (() => void) | undefined;
  private closing = false;

  constructor(script: string, count: number, settings: RunSettings) {
    for (let k = 0; k < count; k++) {
      const w = new (workerThreads().Worker)(script, { workerData: settings });
      this.workers.push(w);
      this.alive.add(w);
      w.on('message', (m: FromWorker) => this.received(w, m));
      // A worker that cannot start or dies (out of memory): its batches go back to the others.
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
    const open = new Map<Worker | null, { batch: Batch; size: number }>();
    this.queues.clear();
    // Each worker starts with a contiguous share of the files (files side by side tend to share tools, which a
    // worker's caches then compile once), and a file linted again goes back to its worker.
    const workers = [...this.alive];
    let before = 0;
    for (const i of indices) {
      const o = this.owner.get(i);
      const w = o && this.alive.has(o) ? o : (workers[Math.min(workers.length - 1, Math.floor((before * workers.length) / Math.max(1, bytes)))] ?? null);
      before += jobs[i]!.text.length;
      let cur = open.get(w);
      if (!cur) open.set(w, (cur = { batch: [], size: 0 }));
      cur.batch.push({ i, job: jobs[i]! });
      cur.size += jobs[i]!.text.length;
      if (cur.size >= maxBytes || cur.batch.length >= maxFiles) {
        this.enqueue(w, cur.batch);
        open.delete(w);
      }
    }
    for (const [w, cur] of open) this.enqueue(w, cur.batch);
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

  private enqueue(w: Worker | null, batch: Batch): void {
    let q = this.queues.get(w);
    if (!q) this.queues.set(w, (q = []));
    q.push(batch);
  }

  /** The next batch for `w`: its own, then anyone's, then the last one of the longest other queue (taken from its end, far from what that worker is linting). */
  private take(w: Worker): Batch | undefined {
    const own = this.queues.get(w);
    if (own?.length) return own.shift();
    const any = this.queues.get(null);
    if (any?.length) return any.shift();
    let longest: Batch[] | undefined;
    for (const q of this.queues.values()) if (q.length > (longest?.length ?? 0)) longest = q;
    return longest?.pop();
  }

  private feed(w: Worker): void {
    const next = this.failed ? undefined : this.take(w);
    if (!next) return;
    this.busy.set(w, next);
    w.postMessage({ kind: 'lint', batch: next } satisfies ToWorker);
  }

  private settle(): void {
    const queued = [...this.queues.values()].some((q) => q.length > 0);
    if (this.busy.size === 0 && (!queued || this.alive.size === 0 || this.failed)) this.done?.();
  }

  private received(w: Worker, m: FromWorker): void {
    this.busy.delete(w);
    if (m.kind === 'failed') this.failed ??= new Error(m.message);
    else {
      for (const r of m.records) {
        this.out.set(r.i, r.record);
        this.owner.set(r.i, w);
      }
      this.linted.set(w, (this.linted.get(w) ?? 0) + m.records.length);
      for (const [id, ms] of m.ruleTimes ?? []) RULE_TIMES.set(id, (RULE_TIMES.get(id) ?? 0) + ms);
    }
    this.feed(w);
    this.settle();
  }

  private lost(w: Worker): void {
    if (this.closing || !this.alive.delete(w)) return;
    const batch = this.busy.get(w);
    this.busy.delete(w);
    if (batch) this.enqueue(null, batch);
    for (const b of this.queues.get(w) ?? []) this.enqueue(null, b);
    this.queues.delete(w);
    for (const other of this.alive) if (!this.busy.has(other)) this.feed(other);
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
function stale(jobs: readonly LintJob[], records: readonly FileRecord[]): { table: NamesTable; index: NameIndex; indices: number[]; namesFirst: number } {
  const table: NamesTable = jobs.map((j, i) => [j.uri, records[i]!.tools]);
  const index = indexOf(table);
  const indices: number[] = [];
  for (const [i, j] of jobs.entries()) if (answersKey(records[i]!.queries, index.viewFrom(j.uri)) !== records[i]!.answered) indices.push(i);
  return { table, index, indices, namesFirst: indices.filter((i) => records[i]!.answered === NAMES_ONLY).length };
}

function finish(jobs: readonly LintJob[], found: readonly (FileRecord | undefined)[], records: FileRecord[], again: readonly number[], namesFirst: number, perWorker: number[], store: RecordStore | undefined): { records: FileRecord[]; stats: RunStats } {
  if (store) for (const [i, j] of jobs.entries()) if (records[i]!.errors.length === 0) store.set(j, records[i]!);
  const cached = found.filter((r) => r).length;
  const stale = again.filter((i) => found[i]).length;
  return { records, stats: { files: jobs.length, cached: cached - stale, linted: jobs.length - cached - namesFirst, again: again.length - namesFirst, namesFirst, perWorker } };
}
