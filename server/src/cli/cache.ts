/**
 * The CLI's lint cache (`--cache`, as ESLint's): one JSON file holding, per linted file, its findings, its tool
 * names and what its cross-file rules asked the workspace index, keyed by
 * - the run: toolschema's version and the code that runs (a hash of the CLI bundle), the configuration and
 *   the date (rules read it); another run key drops every entry;
 * - the file: a hash of its text, of its baseline (`--base`) text and ref, and of its evaluation state (the
 *   sets testing it and their recorded results);
 * - the workspace: an entry is used only when the workspace index gives the same answers to the questions its
 *   cross-file rules asked (lintFiles.ts), so renaming a tool in another file re-lints the files that name it.
 * A cache of another run or format is dropped; anything else at the cache's path (a tool file, a FIFO, a device,
 * a folder, a file that is not a cache) is never replaced: the run stops with a usage error. A cache that cannot be
 * written is reported on stderr and the run goes on.
 */
import type * as Crypto from 'node:crypto';
import { mkdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { lazyModule } from '../lazyModule';
import type { Config } from '../../../shared/src/config';
import { PROFILES, type Finding } from '../../../shared/src/types';
import type { FileRecord, LintJob, RecordStore } from './lintFiles';
import { readBounded, unreadable } from '../safeRead';
import { writeReplacing } from '../safeWrite';

export const DEFAULT_CACHE_FILE = '.toolschemacache';
const FORMAT = 1;
/** How every cache file begins (save() writes `format`, then `run`). */
const CACHE_START = /^\{"format":\d+,"run":"/;
/** A cache file larger than this is not read (a run of the 2,000-file bench workspace writes about 40 MB). */
const MAX_CACHE_FILE_BYTES = 256 * 1024 * 1024;

interface CacheEntry {
  key: string;
  record: FileRecord;
}

interface CacheFile {
  format: number;
  run: string;
  files: Record<string, CacheEntry>;
}

/** The cache file for `--cache-location` (a file, or a folder to hold `.toolschemacache`), from `cwd`. */
export function cachePath(location: string | undefined, cwd: string): string {
  if (location === undefined) return resolve(cwd, DEFAULT_CACHE_FILE);
  const p = resolve(cwd, location);
  let dir = /[\\/]$/.test(location);
  try {
    dir ||= statSync(p).isDirectory();
  } catch {
    // a file to be created
  }
  return dir ? join(p, DEFAULT_CACHE_FILE) : p;
}

/** Loaded by the first hash: a run without `--cache` does not load it. */
const crypto = lazyModule(() => require('node:crypto') as typeof Crypto);
const sha1 = (s: string | Buffer) => crypto().createHash('sha1').update(s).digest('base64');

/** The run key: what every file's result depends on besides the file and the workspace (`code`: the bundles that run). */
export function runKey(version: string, code: readonly (string | undefined)[], config: Config, today: string): string {
  const codeHashes = code.map((f) => {
    try {
      return f ? sha1(readFileSync(f)) : '';
    } catch {
      return 'unreadable';
    }
  });
  return sha1(JSON.stringify({ FORMAT, version, codeHashes, config, today }));
}

/** The file key: its text, its baseline and its evaluation state (Maps written as entry lists). */
export function fileKey(job: LintJob): string {
  const evaluation = job.evaluation ? JSON.stringify(job.evaluation, (_k, v: unknown) => (v instanceof Map ? [...v.entries()] : v instanceof Set ? [...v] : v)) : '-';
  return `${sha1(job.text)}:${job.baseline ? sha1(`${job.baseline.ref ?? ''}\u0000${job.baseline.text}`) : '-'}:${sha1(evaluation)}`;
}

export class LintCache implements RecordStore {
  private readonly next: Record<string, CacheEntry> = {};
  private readonly keys = new Map<LintJob, string>();
  /** Whether this run's entries differ from the file's (a run answered wholly from the cache writes nothing). */
  private changed = false;

  /**
   * The cache at `path` for this run, or why the file there must not be replaced by one. The path may name
   * anything (a linted tool file, a device, a FIFO, someone's notes) and a cache is written by renaming over it, so
   * only a missing file, an empty one or a toolschema cache (of any run or format) is replaced.
   */
  static open(path: string, run: string): LintCache | { refusal: string } {
    const read = readCache(path, run);
    return 'refusal' in read ? read : new LintCache(path, run, read.entries);
  }

  private constructor(
    readonly path: string,
    private readonly run: string,
    private readonly old: Record<string, CacheEntry>,
  ) {}

  private keyOf(job: LintJob): string {
    let k = this.keys.get(job);
    if (k === undefined) this.keys.set(job, (k = fileKey(job)));
    return k;
  }

  get(job: LintJob): FileRecord | undefined {
    const e = Object.prototype.hasOwnProperty.call(this.old, job.uri) ? this.old[job.uri] : undefined;
    if (!e || e.key !== this.keyOf(job)) return undefined;
    return e.record;
  }

  set(job: LintJob, record: FileRecord): void {
    const key = this.keyOf(job);
    const old = Object.prototype.hasOwnProperty.call(this.old, job.uri) ? this.old[job.uri] : undefined;
    if (old && old.key === key && old.record === record) {
      this.next[job.uri] = old;
      return;
    }
    this.changed = true;
    this.next[job.uri] = { key, record: { ...record, errors: [] } };
  }

  /** Writes this run's entries (files not linted in this run are dropped); returns an error message or undefined. */
  save(): string | undefined {
    if (!this.changed && Object.keys(this.next).length === Object.keys(this.old).length) return undefined;
    const data: CacheFile = { format: FORMAT, run: this.run, files: this.next };
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      writeReplacing(this.path, JSON.stringify(data));
      return undefined;
    } catch (e) {
      return (e as NodeJS.ErrnoException).code ?? (e as Error).message;
    }
  }
}

/**
 * The entries of the cache file when it is one of this run (same key); none when it is missing, empty or another
 * run's or format's cache; a refusal for anything else (not a regular file, unreadable, too large, not a cache).
 */
function readCache(path: string, run: string): { entries: Record<string, CacheEntry> } | { refusal: string } {
  let raw: unknown;
  let text = '';
  try {
    // Bounded, regular files only: a .toolschemacache committed as a FIFO or a link to /dev/zero is no cache.
    const read = readBounded(path, MAX_CACHE_FILE_BYTES, 0);
    if (!read.complete) return { refusal: `it is larger than ${MAX_CACHE_FILE_BYTES / 1024 / 1024} MB, too large to be a toolschema cache` };
    if (read.bytes.length === 0) return { entries: {} };
    text = read.bytes.toString('utf8');
    raw = JSON.parse(text);
  } catch (e) {
    if (e instanceof SyntaxError) raw = undefined;
    else {
      const err = unreadable(path, e);
      // Nothing there (ENOTDIR: a part of the path is a file; writing will fail and be reported).
      return err.code === 'ENOENT' || err.code === 'ENOTDIR' ? { entries: {} } : { refusal: err.reason };
    }
  }
  if (!isObject(raw) || typeof raw.format !== 'number' || typeof raw.run !== 'string' || !isObject(raw.files)) {
    // A cache of ours cut short (a full disk, a merge) still begins as every cache is written: replaced.
    return CACHE_START.test(text) ? { entries: {} } : { refusal: 'it is not a toolschema cache file' };
  }
  if (raw.format !== FORMAT || raw.run !== run) return { entries: {} };
  const out: Record<string, CacheEntry> = {};
  for (const [uri, e] of Object.entries(raw.files)) if (isEntry(e)) out[uri] = e;
  return { entries: out };
}

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const isPosition = (v: unknown) => isObject(v) && isInt(v.line) && isInt(v.character);
const SEVERITIES: readonly unknown[] = ['error', 'warning', 'info', 'hint'];
const PROFILE_SET: readonly unknown[] = PROFILES;

/** A cache entry as this version writes it (every field the report reads is checked: a bad entry is skipped). */
function isEntry(v: unknown): v is CacheEntry {
  if (!isObject(v) || typeof v.key !== 'string' || !isObject(v.record)) return false;
  const r = v.record;
  return (
    typeof r.answered === 'string' &&
    Array.isArray(r.errors) &&
    r.errors.length === 0 &&
    Array.isArray(r.tools) &&
    r.tools.every((t) => isObject(t) && (t.name === undefined || typeof t.name === 'string') && PROFILE_SET.includes(t.profile)) &&
    Array.isArray(r.queries) &&
    r.queries.every((q) => Array.isArray(q) && q.length === 2 && typeof q[0] === 'string' && (q[1] === null || PROFILE_SET.includes(q[1]))) &&
    Array.isArray(r.findings) &&
    r.findings.every(isFinding)
  );
}

function isFinding(v: unknown): v is Finding {
  return (
    isObject(v) &&
    typeof v.rule === 'string' &&
    typeof v.messageId === 'string' &&
    typeof v.message === 'string' &&
    SEVERITIES.includes(v.severity) &&
    (v.tool === null || typeof v.tool === 'string') &&
    typeof v.pointer === 'string' &&
    isObject(v.range) &&
    isPosition(v.range.start) &&
    isPosition(v.range.end) &&
    isInt(v.offset) &&
    isInt(v.length) &&
    (v.data === undefined || (isObject(v.data) && Object.values(v.data).every((x) => typeof x === 'string' || typeof x === 'number')))
  );
}
