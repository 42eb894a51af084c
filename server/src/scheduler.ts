/**
 * When the server lints (issue 7): on every keystroke, but never a version that is already superseded, never
 * a stale result over a newer one, and never in a way that starves requests.
 *
 * - Open documents: a change schedules a lint of the document's latest version. The lint waits only until the
 *   messages the server has already received are processed (two event-loop turns without a new change), so a
 *   burst of queued keystrokes (typed while a 10,000-tool file was being linted) is linted once, at its last
 *   version, with no timer delay on the ordinary path. That is the only debounce.
 * - Background work (files that are not open, re-linted because another file's names changed): a queue processed
 *   in slices of a few milliseconds, so edits and requests are served in between; a file queued twice is linted
 *   once, and a file that is opened (or changed in the editor) leaves the queue, its pending lint superseded.
 * - Requests the client cancels before the server has dispatched them (VS Code cancels hover, code actions,
 *   completion... when the document changes) are answered RequestCancelled without being computed
 *   (`cancelQueuedRequests`, the connection strategy passed to createConnection in server.ts).
 *
 * A lint in progress runs to completion (it is synchronous: about 1 s for a 17 MB file of 10,000 tools); what
 * queued behind it is coalesced as above. Publishing carries the document version, and a lint always reads the
 * document's current text, so an older version is never published after a newer one.
 */
import { LSPErrorCodes, ResponseError, type ConnectionStrategy, type Message, type ResponseMessage } from 'vscode-languageserver';

export interface LintSchedulerOptions {
  /** Lints an open document's current version and publishes it. */
  lintOpen(uri: string): void;
  /** Lints a file that is not open (from the workspace index) and publishes it. */
  lintBackground(uri: string): void;
  /** Time budget of one background slice (default 8 ms). */
  sliceMs?: number;
  /** Longest wait for a quiet queue before linting anyway (default 50 turns of the event loop). */
  maxWaitTurns?: number;
  /** Reports an error thrown by a lint (the scheduler goes on). */
  onError?(uri: string, error: unknown): void;
}

export class LintScheduler {
  private readonly open = new Set<string>();
  private readonly background = new Set<string>();
  /** Bumped by every change to an open document: the scheduler waits until it stops moving. */
  private generation = 0;
  private armed = false;
  private draining = false;
  private readonly sliceMs: number;
  private readonly maxWaitTurns: number;

  constructor(private readonly options: LintSchedulerOptions) {
    this.sliceMs = options.sliceMs ?? 8;
    this.maxWaitTurns = options.maxWaitTurns ?? 50;
  }

  /** An open document changed (or must be linted again): lint its latest version soon. */
  schedule(uri: string): void {
    this.generation++;
    this.open.add(uri);
    this.background.delete(uri); // superseded by the editor's version
    this.arm();
  }

  /** A file that is not open must be linted again (another file's names changed, or the disk changed). */
  scheduleBackground(uri: string): void {
    if (this.open.has(uri)) return;
    this.background.add(uri);
    this.arm();
  }

  /** Drops pending work for a document (closed, deleted). */
  cancel(uri: string): void {
    this.open.delete(uri);
    this.background.delete(uri);
  }

  private arm(): void {
    if (this.armed) return;
    this.armed = true;
    let seen = -1;
    let turns = 0;
    const step = () => {
      // Wait while changes keep arriving from the queue of received messages (each is processed in its own turn).
      if (seen !== this.generation && turns++ < this.maxWaitTurns) {
        seen = this.generation;
        setImmediate(step);
        return;
      }
      this.armed = false;
      this.drain();
    };
    setImmediate(step);
  }

  private drain(): void {
    if (this.draining) return;
    this.draining = true;
    try {
      for (const uri of [...this.open]) {
        this.open.delete(uri);
        this.run(uri, true);
      }
      const start = Date.now();
      for (const uri of this.background) {
        if (Date.now() - start >= this.sliceMs || this.open.size > 0) break;
        this.background.delete(uri);
        this.run(uri, false);
      }
    } finally {
      this.draining = false;
    }
    if (this.open.size > 0 || this.background.size > 0) this.arm();
  }

  private run(uri: string, open: boolean): void {
    try {
      if (open) {
        this.options.lintOpen(uri);
      } else {
        this.options.lintBackground(uri);
      }
    } catch (e) {
      this.options.onError?.(uri, e);
    }
  }
}

/**
 * Connection strategy: a request cancelled by the client while still waiting in the server's queue is answered
 * at once with RequestCancelled, instead of being computed for a document version the client no longer shows.
 */
export const cancelQueuedRequests: ConnectionStrategy = {
  cancelUndispatched(message: Message): ResponseMessage | undefined {
    const id = (message as { id?: number | string | null }).id;
    if (id === undefined) return undefined;
    return { jsonrpc: message.jsonrpc, id, error: new ResponseError(LSPErrorCodes.RequestCancelled, 'Request cancelled before it was run.').toJson() };
  },
};
