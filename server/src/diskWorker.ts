/**
 * The Node server's DiskWork (server/src/diskWork.ts) in a worker process. Parsing the largest tool files of a
 * workspace (megabytes, thousands of tools each) grows a V8 heap by hundreds of megabytes, which V8 keeps once
 * grown; in the worker that heap is the worker's, and all of it goes back to the system when the worker ends.
 * The server only receives the small results (index entries, findings).
 *
 * A child process rather than a worker thread: a worker thread's heap is freed when it ends, but the C
 * allocator's memory it used (message buffers, compiler zones) stays in the server process, about 50 MB after
 * indexing 2,000 files (measured with /proc/self/smaps; see README "Performance").
 *
 * The worker is the server's own script with DISK_WORKER_ARG (server.ts starts `runDiskWorker`), started on
 * the first request and ended when it has been idle for a moment or when the server releases it (after
 * indexing the workspace). Lint requests carry the workspace's names when they changed since the worker last
 * saw them (cross-file rules). If the worker cannot start or dies, its pending and later requests run in
 * process (after three failures, for good), and the reason goes to the output channel.
 */
import { fork } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { NameIndex, type NameSnapshot } from '../../shared/src/linter';
import { inProcessDiskWork, indexFromDisk, lintFromDisk, type DiskWork, type IndexReply, type LintJob, type LintReply, type WorkerReply, type WorkerRequest } from './diskWork';
import type { EvalResults } from '../../shared/src/evaluation/results';
import type { IndexedFile } from '../../shared/src/workspace';

export interface WorkerDiskWorkOptions {
  /** The script the worker runs (the server's bundle). */
  script: string;
  /** The workspace's names (the server's index). */
  names: Pick<NameIndex, 'version' | 'snapshot' | 'viewFrom'>;
  log(message: string): void;
  /** Idle time after which the worker ends (default 5 s; the server also ends it after indexing the workspace). */
  idleMs?: number;
  /**
   * Bytes of files the server reads itself rather than start a worker, per SMALL_WORK_WINDOW_MS (default
   * SMALL_WORK_BYTES; 0: always the worker).
   */
  inProcessBytes?: number;
}

/**
 * Starting the worker costs a process and a load of the server's bundle: 0.4–0.5 s on a slow machine, where
 * reading and linting one small file changed on disk takes a few milliseconds. When no worker is running, a
 * request for files of at most this many bytes in all (their size on disk) runs in the server, whose heap such
 * files do not grow. The budget is per window, so a burst of changes (a branch switch: one request per file)
 * still goes to the worker once it has used the budget.
 */
export const SMALL_WORK_BYTES = 512 * 1024;
const SMALL_WORK_WINDOW_MS = 2000;

/** The argument that makes server.ts run `runDiskWorker` in a child process. */
export const DISK_WORKER_ARG = '--toolschema-disk-worker';

interface Channel {
  send(request: WorkerRequest): void;
  /** Whether requests are pending: only then does the channel keep the server's event loop alive. */
  busy(pending: boolean): void;
  end(): Promise<void>;
}

interface ChannelEvents {
  message(reply: WorkerReply): void;
  failed(why: string): void;
  output(text: string): void;
}

/*
 * The child process speaks JSON over its IPC pipe (Node's default serialization): the server reads it in small
 * chunks into strings of its JS heap, which V8 gives back after a collection, where the "advanced" (structured
 * clone) serialization gathers each message in one native buffer the size of the message (megabytes for the
 * findings of a large file), memory that the C allocator keeps once freed. JSON has no Set or Map: the few in
 * the messages are sent as arrays.
 */
type Wire<T, K extends keyof T, V> = Omit<T, K> & { [P in K]: V };
type WireResults = Wire<EvalResults, 'toolHashes' | 'cases', [string, unknown][]>;
type WireLintJob = Omit<LintJob, 'evaluation'> & { evaluation: { sets: readonly string[]; results: WireResults[] } };
type WireRequest = Exclude<WorkerRequest, { kind: 'lint' }> | (Omit<Extract<WorkerRequest, { kind: 'lint' }>, 'jobs'> & { jobs: WireLintJob[] });
type WireIndexReply = Exclude<IndexReply, { entry: IndexedFile }> | (Omit<Extract<IndexReply, { entry: IndexedFile }>, 'entry'> & { entry: Wire<IndexedFile, 'names', string[]> });
type WireReply = Exclude<WorkerReply, { index: IndexReply[] }> | { id: number; index: WireIndexReply[] };

export function encodeRequest(r: WorkerRequest): WireRequest {
  if (r.kind !== 'lint') return r;
  return { ...r, jobs: r.jobs.map((j) => ({ ...j, evaluation: { sets: j.evaluation.sets, results: j.evaluation.results.map((e) => ({ ...e, toolHashes: [...e.toolHashes], cases: [...e.cases] })) } })) };
}

export function decodeRequest(r: WireRequest): WorkerRequest {
  if (r.kind !== 'lint') return r;
  return {
    ...r,
    jobs: r.jobs.map((j) => ({
      ...j,
      evaluation: { sets: j.evaluation.sets, results: j.evaluation.results.map((e) => ({ ...e, toolHashes: new Map(e.toolHashes) as EvalResults['toolHashes'], cases: new Map(e.cases) as EvalResults['cases'] })) },
    })),
  };
}

export function encodeReply(r: WorkerReply): WireReply {
  if (!('index' in r)) return r;
  return { id: r.id, index: r.index.map((x) => ('entry' in x ? { ...x, entry: { ...x.entry, names: [...x.entry.names] } } : x)) };
}

export function decodeReply(r: WireReply): WorkerReply {
  if (!('index' in r)) return r;
  return { id: r.id, index: r.index.map((x) => ('entry' in x ? { ...x, entry: { ...x.entry, names: new Set(x.entry.names) } } : x)) };
}

/** The child process's side of the channel (server.ts): requests in, replies out, as JSON. */
export function processPort(proc: NodeJS.Process): Parameters<typeof runDiskWorker>[0] {
  return {
    onRequest: (listener) => proc.on('message', (m) => listener(decodeRequest(m as WireRequest))),
    reply: (r) => void proc.send?.(encodeReply(r)),
  };
}

function openProcess(script: string, on: ChannelEvents): Channel {
  // No inherited execArgv (an --inspect port would clash); the environment is inherited (ELECTRON_RUN_AS_NODE
  // in VS Code). Whatever the worker prints goes to the output channel (the server's stdout may be the LSP channel).
  const child = fork(script, [DISK_WORKER_ARG], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], execArgv: [] });
  child.unref();
  child.channel?.unref();
  child.stdout?.on('data', (d: Buffer) => on.output(d.toString()));
  child.stderr?.on('data', (d: Buffer) => on.output(d.toString()));
  child.on('message', (reply) => on.message(decodeReply(reply as WireReply)));
  child.on('error', (e) => on.failed((e as Error)?.stack ?? String(e)));
  child.on('exit', (code, signal) => on.failed(`exit code ${code ?? signal}`));
  return {
    busy: (pending) => {
      if (pending) {
        child.ref();
        child.channel?.ref();
      } else {
        child.unref();
        child.channel?.unref();
      }
    },
    send: (request) => {
      child.send(encodeRequest(request), (e) => {
        if (e) on.failed(`cannot send work: ${String(e)}`);
      });
    },
    end: () => {
      child.removeAllListeners();
      child.on('error', () => undefined);
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
      return new Promise<void>((resolve) => {
        // Closing the channel ends it (server.ts); a worker busy in a long lint is killed after a moment.
        const timer = setTimeout(() => child.kill(), 1000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        if (child.connected) child.disconnect();
        else child.kill();
      });
    },
  };
}

interface Pending {
  request: WorkerRequest;
  resolve(reply: WorkerReply): void;
}

export function workerDiskWork(options: WorkerDiskWorkOptions): DiskWork {
  const fallback = inProcessDiskWork(options.names);
  const idleMs = options.idleMs ?? 5000;
  const smallBytes = options.inProcessBytes ?? SMALL_WORK_BYTES;
  let smallSpent = 0;
  let smallSince = 0;
  let worker: Channel | undefined;
  /** The names version the current worker holds. */
  let namesVersion: number | undefined;
  let failures = 0;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Callers of release() waiting for the pending requests to be answered and the worker to end. */
  let released: (() => void)[] = [];

  const stop = (): Promise<void> => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    const w = worker;
    worker = undefined;
    namesVersion = undefined;
    return w ? w.end() : Promise.resolve();
  };

  const idle = () => {
    if (pending.size > 0) return;
    worker?.busy(false);
    if (released.length > 0) {
      const waiting = released;
      released = [];
      void stop().then(() => waiting.forEach((r) => r()));
      return;
    }
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(stop, idleMs);
    idleTimer.unref?.();
  };

  /** Answers a request in process (the worker failed). */
  const inProcess = async (request: WorkerRequest): Promise<WorkerReply> =>
    request.kind === 'index' ? { id: request.id, index: await fallback.index(request.jobs) } : { id: request.id, lint: await fallback.lint(request.jobs) };

  const failed = (w: Channel, why: string) => {
    if (worker !== w) return;
    failures++;
    options.log(`toolschema: the worker that reads unopened tool files stopped (${why}); ${failures >= 3 ? 'they are read in the server from now on' : 'starting another'}.`);
    worker = undefined;
    namesVersion = undefined;
    const left = [...pending.values()];
    pending.clear();
    void Promise.all(left.map((p) => inProcess(p.request).then(p.resolve))).then(idle);
  };

  const start = (): Channel | undefined => {
    if (worker) return worker;
    if (failures >= 3) return undefined;
    let w: Channel | undefined;
    const events: ChannelEvents = {
      output: (text) => options.log(`toolschema worker: ${text.trimEnd()}`),
      failed: (why) => {
        if (w) failed(w, why);
      },
      message: (reply) => {
        if (worker !== w) return;
        const p = pending.get(reply.id);
        if (!p) return;
        pending.delete(reply.id);
        if ('error' in reply) {
          options.log(`toolschema: the worker failed a request (${reply.error}); it is run in the server.`);
          void inProcess(p.request).then(p.resolve);
        } else {
          p.resolve(reply);
        }
        idle();
      },
    };
    try {
      w = openProcess(options.script, events);
    } catch (e) {
      failures = 3;
      options.log(`toolschema: cannot start a worker (${String(e)}); unopened tool files are read in the server.`);
      return undefined;
    }
    worker = w;
    return w;
  };

  /** Whether a request for these files runs in the server: no worker running, and within the budget of small work. */
  const small = (uris: readonly string[]): boolean => {
    if (worker || pending.size > 0 || smallBytes <= 0) return false;
    const now = Date.now();
    if (now - smallSince > SMALL_WORK_WINDOW_MS) {
      smallSince = now;
      smallSpent = 0;
    }
    let bytes = smallSpent;
    for (const uri of uris) {
      bytes += sizeOnDisk(uri);
      if (bytes > smallBytes) return false;
    }
    smallSpent = bytes;
    return true;
  };

  const send = (make: (id: number, w: Channel | undefined) => WorkerRequest, uris: readonly string[]): Promise<WorkerReply> => {
    if (small(uris)) return inProcess(make(nextId++, undefined));
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    const w = start();
    const request = make(nextId++, w);
    if (!w) return inProcess(request);
    return new Promise<WorkerReply>((resolve) => {
      pending.set(request.id, { request, resolve });
      w.busy(true);
      try {
        w.send(request);
      } catch (e) {
        pending.delete(request.id);
        namesVersion = undefined; // a snapshot in this request did not reach the worker
        options.log(`toolschema: cannot send work to the worker (${String(e)}); it is run in the server.`);
        void inProcess(request).then(resolve);
      }
    });
  };

  return {
    async index(jobs) {
      if (jobs.length === 0) return [];
      const reply = await send(
        (id) => ({ id, kind: 'index', jobs }),
        jobs.map((j) => j.uri),
      );
      return 'index' in reply ? reply.index : [];
    },
    async lint(jobs) {
      if (jobs.length === 0) return [];
      const reply = await send((id, w) => {
        let names: NameSnapshot | undefined;
        if (w && namesVersion !== options.names.version) {
          names = options.names.snapshot();
          namesVersion = names.version;
        }
        return { id, kind: 'lint', jobs, names };
      }, jobs.map((j) => j.uri));
      return 'lint' in reply ? reply.lint : [];
    },
    release() {
      if (pending.size === 0) return stop();
      return new Promise<void>((resolve) => released.push(resolve));
    },
  };
}

/** A file's size on disk (0 when it cannot be stat'ed: its job then answers `missing` at once). */
function sizeOnDisk(uri: string): number {
  try {
    return statSync(fileURLToPath(uri)).size;
  } catch {
    return 0;
  }
}

/** The worker's side: answers index and lint requests from the server, one at a time, in order. */
export function runDiskWorker(port: { onRequest(listener: (request: WorkerRequest) => void): void; reply(reply: WorkerReply): void }): void {
  let names = new NameIndex();
  port.onRequest((request) => {
    let reply: WorkerReply;
    try {
      if (request.kind === 'index') {
        const index: IndexReply[] = request.jobs.map(indexFromDisk);
        reply = { id: request.id, index };
      } else {
        if (request.names) names = NameIndex.fromSnapshot(request.names);
        const lint: LintReply[] = request.jobs.map((j) => lintFromDisk(j, names.viewFrom(j.uri)));
        reply = { id: request.id, lint };
      }
    } catch (e) {
      reply = { id: request.id, error: (e as Error)?.stack ?? String(e) };
    }
    port.reply(reply);
  });
}
