/**
 * Reading a tool file as committed at a git revision (the baseline of breaking-change and param-added-required):
 * `git -C <dir> show <ref>:./<file>`, a child process with its arguments as an array (no shell), a timeout and
 * a bounded output. The ref is validated first (no leading "-", no whitespace or ":"), so it can never be read
 * as an option. Results are cached per (ref, absolute path) for a few seconds: the language server lints on
 * every keystroke and must not start git more than once per file in that window.
 */
import type * as ChildProcess from 'node:child_process';
import { realpathSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { isValidBaselineRef } from '../../shared/src/config';
import { MAX_FILE_BYTES } from '../../shared/src/document';
import { lazyModule } from './lazyModule';

/** Loaded on the first git read: a run that reads nothing from git does not load it. */
const childProcess = lazyModule(() => require('node:child_process') as typeof ChildProcess);

export type GitRead =
  /** The file's text at the ref. */
  | { kind: 'ok'; text: string }
  /** The file is not in the ref (a new file), or the repository has no commit yet: nothing can be breaking. */
  | { kind: 'absent' }
  /** git is not installed, or the folder is not in a repository (or one git refuses to use). */
  | { kind: 'no-git'; reason: 'not-installed' | 'not-a-repository' | 'unsafe-repository'; message: string }
  /** The ref is not a revision of the repository (or not a valid ref at all). */
  | { kind: 'bad-ref'; message: string }
  /** Anything else: a timeout, a file too large, an unexpected git error. */
  | { kind: 'error'; message: string };

export const GIT_TIMEOUT_MS = 5000;
const MAX_BUFFER = MAX_FILE_BYTES + 1024 * 1024;

/**
 * Options that keep a repository's own configuration (`.git/config`, which a cloned repository's author does not
 * control but a shared folder's can) from making git run a program while it reads a blob: no file-system monitor
 * hook (`core.fsmonitor`), no pager, no textconv filter, no signature check (`log.showSignature` runs
 * `gpg.program`), and no transport at all: in a partial clone a blob not yet fetched made git fetch it, running
 * the remote's `uploadpack` (or `core.sshCommand`) through the shell (found by an independent tester). Such a
 * blob is reported as not available, never fetched (GIT_NO_LAZY_FETCH too, where git knows it).
 */
export const GIT_SAFETY_ARGS: readonly string[] = ['-c', 'core.fsmonitor=false', '-c', 'protocol.allow=never', '-c', 'log.showSignature=false', '--no-pager'];

/** The git command line for a file at a ref (exported for tests). */
export function gitShowArgs(ref: string, absPath: string): string[] {
  return ['-C', dirname(absPath), ...GIT_SAFETY_ARGS, 'show', '--no-textconv', `${ref}:./${basename(absPath)}`];
}

/**
 * The environment git runs with: English messages (they are classified below), no prompt, no inherited repository,
 * no lazy fetch (see GIT_SAFETY_ARGS).
 */
export function gitEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, LC_ALL: 'C', LANGUAGE: 'C', GIT_TERMINAL_PROMPT: '0', GIT_OPTIONAL_LOCKS: '0', GIT_NO_LAZY_FETCH: '1', GIT_PROTOCOL_FROM_USER: '0' };
  for (const k of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_INDEX_FILE', 'GIT_OBJECT_DIRECTORY', 'GIT_PAGER', 'GIT_EXTERNAL_DIFF']) delete env[k];
  return env;
}

interface ExecFailure {
  code?: string | number;
  killed?: boolean;
  signal?: string | null;
  stderr?: string | Buffer;
  message?: string;
}

/** Turns a failed git run into a result. */
export function classifyGitFailure(ref: string, e: ExecFailure): GitRead {
  if (e.code === 'ENOENT') return { kind: 'no-git', reason: 'not-installed', message: 'git was not found on the PATH' };
  if (e.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') return { kind: 'error', message: 'the file at the baseline is too large' };
  if (e.killed || e.signal === 'SIGTERM' || e.code === 'ETIMEDOUT') return { kind: 'error', message: `git did not answer within ${GIT_TIMEOUT_MS / 1000} s` };
  const stderr = String(e.stderr ?? '').trim();
  const first = stderr.split('\n').find((l) => l.trim()) ?? e.message ?? 'git failed';
  if (/not a git repository|cannot change to/i.test(stderr)) return { kind: 'no-git', reason: 'not-a-repository', message: 'not a git repository' };
  if (/dubious ownership|unsafe repository/i.test(stderr)) return { kind: 'no-git', reason: 'unsafe-repository', message: 'git refuses to use this repository (safe.directory)' };
  if (/does not exist in|exists on disk, but not in|is outside repository/i.test(stderr)) return { kind: 'absent' };
  // A partial clone's blob that is not here: git may not fetch it (GIT_SAFETY_ARGS).
  if (/lazy fetching disabled|transport '[^']*' not allowed/i.test(stderr)) return { kind: 'error', message: `the file at ${ref} is not in the local repository (a partial clone), and toolschema does not fetch it: run git fetch` };
  // Also the revisions of the reflog and of upstreams git cannot resolve (`@{u}` without an upstream, `HEAD@{5}`
  // past the log): they were taken for git errors, the comparison skipped with exit 0.
  if (/invalid object name|unknown revision|bad revision|ambiguous argument|not a valid object name|invalid reference|not a tree object|bad object|no upstream configured|has no upstream|upstream branch .* not stored|no such branch|log for .* only has \d+ entr|log for .* is empty/i.test(stderr)) {
    // An unborn HEAD (a repository without a commit): nothing is committed yet, so nothing can break.
    if (ref === 'HEAD') return { kind: 'absent' };
    return { kind: 'bad-ref', message: `"${ref}" is not a revision of this repository` };
  }
  return { kind: 'error', message: first.replace(/^fatal:\s*/, '') };
}

function refProblem(ref: string): GitRead | undefined {
  return isValidBaselineRef(ref) ? undefined : { kind: 'bad-ref', message: `"${ref}" is not a valid git revision` };
}

/** Reads `absPath` at `ref`, synchronously (the CLI). */
export function readAtRefSync(ref: string, absPath: string): GitRead {
  const bad = refProblem(ref);
  if (bad) return bad;
  try {
    const text = childProcess().execFileSync('git', gitShowArgs(ref, resolve(absPath)), { encoding: 'utf8', timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    return { kind: 'ok', text };
  } catch (e) {
    return classifyGitFailure(ref, e as ExecFailure);
  }
}

/**
 * Whether `ref` names a commit of the repository holding `dir` (`git rev-parse --verify`): tells a ref that exists
 * in the repository being linted, but not in a submodule or nested repository under it, from a mistyped one.
 */
export function isRevisionSync(ref: string, dir: string): boolean {
  if (refProblem(ref)) return false;
  try {
    childProcess().execFileSync('git', ['-C', dir, ...GIT_SAFETY_ARGS, 'rev-parse', '--verify', '--quiet', `${ref}^{commit}`], { encoding: 'utf8', timeout: GIT_TIMEOUT_MS, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Renames git sees from `ref` to the work tree, per repository and ref: new absolute path → the path at the ref,
 * relative to the repository's root. Kept a few seconds (a CLI run, a burst of lints in the server).
 */
const renameMaps = new Map<string, { at: number; map: Map<string, string> | undefined }>();
const RENAMES_FRESH_MS = 4000;

/** `git diff -M --name-status -z <ref>` read into new absolute path → old root-relative path. */
export function parseRenames(root: string, out: string): Map<string, string> {
  const map = new Map<string, string>();
  const parts = out.split('\0');
  for (let i = 0; i < parts.length; ) {
    const status = parts[i++] ?? '';
    if (status.startsWith('R') || status.startsWith('C')) {
      const from = parts[i++];
      const to = parts[i++];
      if (status.startsWith('R') && from && to) map.set(resolve(root, to), from);
    } else if (status) i++;
  }
  return map;
}

function gitSync(dir: string, args: string[]): string | undefined {
  try {
    return childProcess().execFileSync('git', ['-C', dir, ...GIT_SAFETY_ARGS, ...args], { encoding: 'utf8', timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, env: gitEnv(), stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true });
  } catch {
    return undefined;
  }
}

function gitAsync(dir: string, args: string[]): Promise<string | undefined> {
  return new Promise((done) => {
    try {
      childProcess().execFile('git', ['-C', dir, ...GIT_SAFETY_ARGS, ...args], { encoding: 'utf8', timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, env: gitEnv(), windowsHide: true }, (err, stdout) => done(err ? undefined : stdout));
    } catch {
      done(undefined);
    }
  });
}

/** The path with its folder's links resolved, as git names the repository's root (`/tmp` may be a link). */
function realPath(absPath: string): string {
  const p = resolve(absPath);
  try {
    return join(realpathSync(dirname(p)), basename(p));
  } catch {
    return p;
  }
}

const RENAMES_ARGS = (ref: string) => ['-c', 'core.quotepath=off', 'diff', '-M', '--name-status', '-z', '--no-ext-diff', '--no-textconv', ref, '--'];

/**
 * A file that is not at `ref` under its name may have been renamed or moved since (`git mv`, committed or not):
 * its text at the ref under the name it had, when git sees the rename. Otherwise `absent` as before. A rename
 * made the file new to the baseline rules, and a breaking change in it passed (an independent tester).
 */
export function readFollowingRenamesSync(ref: string, absPath: string): GitRead {
  const r = readAtRefSync(ref, absPath);
  if (r.kind !== 'absent') return r;
  const root = gitSync(dirname(resolve(absPath)), ['rev-parse', '--show-toplevel'])?.trim();
  if (!root) return r;
  const key = `${root}\0${ref}`;
  let hit = renameMaps.get(key);
  if (!hit || Date.now() - hit.at > RENAMES_FRESH_MS) {
    const out = gitSync(root, RENAMES_ARGS(ref));
    renameMaps.set(key, (hit = { at: Date.now(), map: out === undefined ? undefined : parseRenames(root, out) }));
  }
  if (renameMaps.size > 64) renameMaps.delete(renameMaps.keys().next().value!);
  const from = hit.map?.get(realPath(absPath));
  if (from === undefined) return r;
  const text = gitSync(root, ['show', '--no-textconv', `${ref}:${from}`]);
  return text === undefined ? r : { kind: 'ok', text };
}

/** readFollowingRenamesSync without blocking (the language server). Never rejects. */
export async function readFollowingRenames(ref: string, absPath: string): Promise<GitRead> {
  const r = await readAtRef(ref, absPath);
  if (r.kind !== 'absent') return r;
  const root = (await gitAsync(dirname(resolve(absPath)), ['rev-parse', '--show-toplevel']))?.trim();
  if (!root) return r;
  const key = `${root}\0${ref}`;
  let hit = renameMaps.get(key);
  if (!hit || Date.now() - hit.at > RENAMES_FRESH_MS) {
    const out = await gitAsync(root, RENAMES_ARGS(ref));
    renameMaps.set(key, (hit = { at: Date.now(), map: out === undefined ? undefined : parseRenames(root, out) }));
    if (renameMaps.size > 64) renameMaps.delete(renameMaps.keys().next().value!);
  }
  const from = hit.map?.get(realPath(absPath));
  if (from === undefined) return r;
  const text = await gitAsync(root, ['show', '--no-textconv', `${ref}:${from}`]);
  return text === undefined ? r : { kind: 'ok', text };
}

/** Reads `absPath` at `ref` without blocking (the language server). Never rejects. */
export function readAtRef(ref: string, absPath: string): Promise<GitRead> {
  const bad = refProblem(ref);
  if (bad) return Promise.resolve(bad);
  return new Promise((done) => {
    try {
      childProcess().execFile('git', gitShowArgs(ref, resolve(absPath)), { encoding: 'utf8', timeout: GIT_TIMEOUT_MS, maxBuffer: MAX_BUFFER, env: gitEnv(), windowsHide: true }, (err, stdout, stderr) => {
        if (err) done(classifyGitFailure(ref, { code: (err as ExecFailure).code, killed: err.killed, signal: err.signal, stderr, message: err.message }));
        else done({ kind: 'ok', text: stdout });
      });
    } catch (e) {
      done(classifyGitFailure(ref, e as ExecFailure));
    }
  });
}

interface CacheEntry {
  at: number;
  result: GitRead | undefined;
  pending: Promise<GitRead> | undefined;
}

export interface GitCacheOptions {
  /** How long a result is fresh (default 4 s). */
  freshMs?: number;
  /** Parallel git processes at most (default 4). */
  concurrency?: number;
  now?: () => number;
  /** The reader (tests replace it). */
  read?: (ref: string, absPath: string) => Promise<GitRead>;
  readSync?: (ref: string, absPath: string) => GitRead;
  /** The committed texts held at most, in characters (default 32M): the oldest are dropped first. */
  maxChars?: number;
}

const MAX_ENTRIES = 10_000;

/** The characters a result holds (the committed text). */
function resultChars(r: GitRead | undefined): number {
  return r?.kind === 'ok' ? r.text.length : 0;
}

/**
 * Results of `git show` per (ref, absolute path): a result younger than `freshMs` is reused; concurrent reads of
 * one file share one process; at most `concurrency` processes run at once (the server indexes whole workspaces).
 */
export class GitFileCache {
  private readonly entries = new Map<string, CacheEntry>();
  readonly freshMs: number;
  private readonly concurrency: number;
  private readonly now: () => number;
  private readonly reader: (ref: string, absPath: string) => Promise<GitRead>;
  private readonly readerSync: (ref: string, absPath: string) => GitRead;
  private running = 0;
  private readonly queue: (() => void)[] = [];
  /** Set once git is found missing: it is not looked for again. */
  private missing: GitRead | undefined;
  /**
   * Folders found outside a repository, with when: the other files of that folder are not asked for the next
   * `freshMs` (a 2,000-file workspace outside git cost 2,000 git processes at start-up, 13 s of CPU).
   */
  private readonly notRepository = new Map<string, { at: number; result: GitRead }>();
  /** The characters of the settled entries' texts, against maxChars. */
  private chars = 0;
  private readonly maxChars: number;

  constructor(options: GitCacheOptions = {}) {
    this.maxChars = options.maxChars ?? 32_000_000;
    this.freshMs = options.freshMs ?? 4000;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.now = options.now ?? (() => Date.now());
    this.reader = options.read ?? readFollowingRenames;
    this.readerSync = options.readSync ?? readFollowingRenamesSync;
  }

  private key(ref: string, absPath: string): string {
    return `${ref}\u0000${resolve(absPath)}`;
  }

  /** The last result for the file (fresh or not) and whether it is fresh; undefined before the first read ends. */
  peek(ref: string, absPath: string): { result: GitRead; fresh: boolean } | undefined {
    if (this.missing) return { result: this.missing, fresh: true };
    const e = this.entries.get(this.key(ref, absPath));
    if (!e?.result) return undefined;
    return { result: e.result, fresh: this.now() - e.at < this.freshMs };
  }

  /** Whether a read of the file is under way. */
  reading(ref: string, absPath: string): boolean {
    return !!this.entries.get(this.key(ref, absPath))?.pending;
  }

  /** The file at the ref: the fresh cached result, the read under way, or a new read. */
  read(ref: string, absPath: string): Promise<GitRead> {
    if (this.missing) return Promise.resolve(this.missing);
    const key = this.key(ref, absPath);
    const e = this.entries.get(key);
    if (e?.pending) return e.pending;
    if (e?.result && this.now() - e.at < this.freshMs) return Promise.resolve(e.result);
    const entry: CacheEntry = e ?? { at: 0, result: undefined, pending: undefined };
    const folder = dirname(resolve(absPath));
    const pending = this.limited(() => {
      const known = this.notRepository.get(folder);
      if (known && this.now() - known.at < this.freshMs) return Promise.resolve(known.result);
      return this.reader(ref, resolve(absPath));
    }).then((result) => {
      this.settle(key, entry, result);
      entry.pending = undefined;
      if (result.kind === 'no-git' && result.reason === 'not-installed') this.missing = result;
      if (result.kind === 'no-git' && result.reason === 'not-a-repository') {
        if (this.notRepository.size >= 1000) this.notRepository.clear();
        this.notRepository.set(folder, { at: this.now(), result });
      }
      return result;
    });
    entry.pending = pending;
    this.store(key, entry);
    return pending;
  }

  /** The file at the ref, synchronously (the CLI): the fresh cached result or a new read. */
  readSync(ref: string, absPath: string): GitRead {
    if (this.missing) return this.missing;
    const key = this.key(ref, absPath);
    const e = this.entries.get(key);
    if (e?.result && this.now() - e.at < this.freshMs) return e.result;
    const result = this.readerSync(ref, resolve(absPath));
    if (result.kind === 'no-git' && result.reason === 'not-installed') this.missing = result;
    const entry: CacheEntry = e ?? { at: 0, result: undefined, pending: undefined };
    this.store(key, entry);
    this.settle(key, entry, result);
    return result;
  }

  /** Records a read's result, within the budget of characters: the oldest settled texts are dropped to make room. */
  private settle(key: string, entry: CacheEntry, result: GitRead): void {
    // Only an entry still in the map counts (forget() may have dropped it while it was read).
    const counted = this.entries.get(key) === entry;
    if (counted) this.chars -= resultChars(entry.result);
    entry.result = result;
    entry.at = this.now();
    if (!counted) return;
    this.chars += resultChars(result);
    if (this.chars <= this.maxChars) return;
    for (const [k, v] of this.entries) {
      if (this.chars <= this.maxChars) break;
      if (v.pending || k === key) continue;
      this.drop(k);
    }
  }

  private drop(key: string): void {
    const e = this.entries.get(key);
    if (!e) return;
    this.chars -= resultChars(e.result);
    this.entries.delete(key);
  }

  /** Forgets one file (every ref), or everything. */
  forget(absPath?: string): void {
    if (absPath === undefined) {
      this.entries.clear();
      this.chars = 0;
      return;
    }
    const suffix = `\u0000${resolve(absPath)}`;
    for (const k of [...this.entries.keys()]) if (k.endsWith(suffix) && !this.entries.get(k)!.pending) this.drop(k);
  }

  private store(key: string, entry: CacheEntry): void {
    if (!this.entries.has(key) && this.entries.size >= MAX_ENTRIES) {
      // Drop the oldest settled entry (Map keeps insertion order).
      for (const [k, v] of this.entries) {
        if (!v.pending) {
          this.drop(k);
          break;
        }
      }
    }
    this.entries.set(key, entry);
  }

  private limited<T>(task: () => Promise<T>): Promise<T> {
    return new Promise<T>((done, fail) => {
      const start = () => {
        this.running++;
        task()
          .then(done, fail)
          .finally(() => {
            this.running--;
            this.queue.shift()?.();
          });
      };
      if (this.running < this.concurrency) start();
      else this.queue.push(start);
    });
  }
}
