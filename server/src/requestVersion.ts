/**
 * Requests about a document are answered for the version they were sent for, or refused (issue 7: "requests for an
 * old document version are cancelled or refused").
 *
 * A request's positions mean something only in the text the client had when it sent it. Two things can put a newer
 * text under them:
 * - the request waits (for the configuration, for the workspace index: navigation's `settled`), and the edits sent
 *   after it are applied meanwhile; a rename sent for version 1, then an edit deleting the tool before it, renamed
 *   the tool that came next in version 2 (an independent tester);
 * - the request first lints the document (the scheduled lint of the last edit had not run yet): a 10,000-tool file
 *   takes about a second, and the `$/cancelRequest` the client sends meanwhile is read only after it. The request
 *   was then computed and answered although cancelled (same tester).
 *
 * So the version is taken when the request arrives; after a wait, or after a lint that took longer than
 * LONG_LINT_MS (when the messages that came meanwhile are read first: a few turns of the event loop), a request the
 * client cancelled is answered RequestCancelled and one whose document changed ContentModified, as LSP asks. A
 * request that neither waited nor linted for long is computed at once, as before.
 */
import { LSPErrorCodes, ResponseError, type CancellationToken } from 'vscode-languageserver';

/** A lint longer than this (ms) lets the messages received meanwhile in before the request is computed. */
export const LONG_LINT_MS = 30;

/**
 * Turns of the event loop a request waits after a long lint, for the messages received meanwhile to be read: the
 * first reads the input (the poll phase), and vscode-jsonrpc's reader then hands on one message per turn (its
 * semaphore runs each in a setImmediate), so a cancel behind two other messages is read by the third.
 */
const READ_TURNS = 4;

/** Resolves after `n` turns of the event loop (setImmediate), or earlier once `done()`. */
function turns(n: number, done: () => boolean): Promise<void> {
  return new Promise<void>((resolve) => {
    const step = (left: number) => (left <= 0 || done() ? resolve() : setImmediate(() => step(left - 1)));
    setImmediate(() => step(n - 1));
  });
}

export interface RequestVersionDeps {
  /** The version of an open document, null when it is not open. */
  version(uri: string): number | null;
  /** Lints the document's current version if its lint is older (tool files open in the editor); else nothing. */
  lint(uri: string): void;
}

export interface RequestVersionGuard {
  /** The version to answer for: the document's when the request arrives. */
  asked(uri: string): number | null;
  /**
   * Ready to compute the answer for `asked`: undefined at once (the document is at that version and its lint was
   * quick), else a promise that settles after a few turns of the event loop, rejected with RequestCancelled or
   * ContentModified when the request was cancelled or the document changed. Throws those at once when the
   * document already changed.
   */
  ready(uri: string, asked: number | null, token?: CancellationToken): Promise<void> | undefined;
  /** `fn` once ready (synchronously when ready at once). */
  run<T>(uri: string, asked: number | null, token: CancellationToken | undefined, fn: () => T | Promise<T>): T | Promise<T>;
}

export function requestVersionGuard(deps: RequestVersionDeps): RequestVersionGuard {
  const check = (uri: string, asked: number | null, token?: CancellationToken) => {
    if (token?.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
    const now = deps.version(uri);
    if (now !== asked) throw new ResponseError(LSPErrorCodes.ContentModified, `The document changed since the request was sent (version ${asked ?? 'none'}, now ${now ?? 'closed'}); ask again.`);
  };
  const ready = (uri: string, asked: number | null, token?: CancellationToken): Promise<void> | undefined => {
    check(uri, asked, token);
    const start = performance.now();
    deps.lint(uri);
    if (performance.now() - start < LONG_LINT_MS) return undefined;
    return turns(READ_TURNS, () => !!token?.isCancellationRequested || deps.version(uri) !== asked).then(() => check(uri, asked, token));
  };
  return {
    asked: (uri) => deps.version(uri),
    ready,
    run(uri, asked, token, fn) {
      const wait = ready(uri, asked, token);
      return wait ? wait.then(fn) : fn();
    },
  };
}
