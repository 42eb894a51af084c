/**
 * The Node server's DiskWork (server/src/diskWork.ts) in a worker thread. Parsing the largest tool files of a
 * workspace (megabytes, thousands of tools each) grows a V8 heap by hundreds of megabytes, which V8 keeps once
 * grown; in the worker that heap is the worker's, and it goes back to the system when the worker ends. The
 * server's own heap only receives the small results (index entries, findings).
 *
 * The worker is the server's own script (server.ts starts `runDiskWorker` when it is loaded as this worker),
 * started on the first request and ended when it has been idle for a moment or when the server releases it
 * (after indexing the workspace). Lint requests carry the workspace's names when they changed since the
 * worker last saw them (cross-file rules). If the worker cannot start or dies, its pending and later requests
 * run in process (after three failures, for good), and the reason goes to the output channel.
 */
import { Worker, type MessagePort } from 'node:worker_threads';
import { NameIndex, type NameSnapshot } from '../../shared/src/linter';
import { inProcessDiskWork, indexFromDisk, lintFromDisk, type DiskWork, type IndexReply, type LintReply, type WorkerReply, type WorkerRequest } from './diskWork';

/** workerData that makes server.ts run `runDiskWorker` instead of a server. */
export const DISK_WORKER_DATA = { toolschemaDiskWorker: 1 } as const;

export function isDiskWorkerData(data: unknown): boolean {
  return typeof data === 'object' && data !== null && (data as { toolschemaDiskWorker?: unknown }).toolschemaDiskWorker === 1;
}

export interface WorkerDiskWorkOptions {
  /** The script the worker runs (the server's bundle). */
  script: string;
  /** The workspace's names (the server's index). */
  names: Pick<NameIndex, 'version' | 'snapshot' | 'viewFrom'>;
  log(message: string): void;
  /** Idle time after which the worker ends (default 1.5 s). */
  idleMs?: number;
}

interface Pending {
  request: WorkerRequest;
  resolve(reply: WorkerReply): void;
}

export function workerDiskWork(options: WorkerDiskWorkOptions): DiskWork {
  const fallback = inProcessDiskWork(options.names);
  const idleMs = options.idleMs ?? 1500;
  let worker: Worker | undefined;
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
    if (!w) return Promise.resolve();
    w.removeAllListeners();
    w.on('error', () => undefined);
    return w.terminate().then(
      () => undefined,
      () => undefined,
    );
  };

  const idle = () => {
    if (pending.size > 0) return;
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

  const failed = (w: Worker, why: string) => {
    if (worker !== w) return;
    failures++;
    options.log(`toolschema: the worker that reads unopened tool files stopped (${why}); ${failures >= 3 ? 'they are read in the server from now on' : 'starting another'}.`);
    worker = undefined;
    namesVersion = undefined;
    const left = [...pending.values()];
    pending.clear();
    void Promise.all(left.map((p) => inProcess(p.request).then(p.resolve))).then(idle);
  };

  const start = (): Worker | undefined => {
    if (worker) return worker;
    if (failures >= 3) return undefined;
    let w: Worker;
    try {
      w = new Worker(options.script, { workerData: DISK_WORKER_DATA, stdout: true, stderr: true });
    } catch (e) {
      failures = 3;
      options.log(`toolschema: cannot start a worker thread (${String(e)}); unopened tool files are read in the server.`);
      return undefined;
    }
    worker = w;
    w.unref();
    // The server's stdout may be the LSP channel: whatever the worker prints goes to the output channel.
    w.stdout.on('data', (d: Buffer) => options.log(`toolschema worker: ${d.toString().trimEnd()}`));
    w.stderr.on('data', (d: Buffer) => options.log(`toolschema worker: ${d.toString().trimEnd()}`));
    w.on('message', (reply: WorkerReply) => {
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
    });
    w.on('error', (e) => failed(w, (e as Error)?.stack ?? String(e)));
    w.on('exit', (code) => failed(w, `exit code ${code}`));
    return w;
  };

  const send = (make: (id: number, w: Worker | undefined) => WorkerRequest): Promise<WorkerReply> => {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = undefined;
    const w = start();
    const request = make(nextId++, w);
    if (!w) return inProcess(request);
    return new Promise<WorkerReply>((resolve) => {
      pending.set(request.id, { request, resolve });
      try {
        w.postMessage(request);
      } catch (e) {
        pending.delete(request.id);
        options.log(`toolschema: cannot send work to the worker (${String(e)}); it is run in the server.`);
        void inProcess(request).then(resolve);
      }
    });
  };

  return {
    async index(jobs) {
      if (jobs.length === 0) return [];
      const reply = await send((id) => ({ id, kind: 'index', jobs }));
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
      });
      return 'lint' in reply ? reply.lint : [];
    },
    release() {
      if (pending.size === 0) return stop();
      return new Promise<void>((resolve) => released.push(resolve));
    },
  };
}

/** The worker's side: answers index and lint requests from the server, one at a time, in order. */
export function runDiskWorker(port: MessagePort): void {
  let names = new NameIndex();
  port.on('message', (request: WorkerRequest) => {
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
    port.postMessage(reply);
  });
}
