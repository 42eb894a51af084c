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
import { PROFILES, type Finding, type Profile } from '../../../shared/src/types';
import type { WorkspaceQuery } from '../../../shared/src/linter';
import type { FileRecord, LintJob, RecordStore } from './lintFiles';
import { readBounded, unreadable } from '../safeRead';
import { writeReplacing } from '../safeWrite';

export const DEFAULT_CACHE_FILE = '.toolschemacache';
/**
 * 2: findings as arrays whose strings are places in one table of the file's distinct strings (the 70,000 findings of
 * the bench workspace: 37 MB as objects, read in 400 to 550 ms; 17 MB this way, read in about 150 ms).
 */
const FORMAT = 2;
/** How every cache file begins (save() writes `format`, then `run`). */
const CACHE_START = /^\{"format":\d+,"run":"/;
/** A cache file larger than this is not read (a run of the 2,000-file bench workspace writes about 16 MB). */
const MAX_CACHE_FILE_BYTES = 256 * 1024 * 1024;

interface CacheEntry {
  key: string;
  record: FileRecord;
}

/**
 * A finding as written: rule, messageId, message, severity, tool (-1: none) and pointer as places in the string
 * table; the range's start line and character, end line and character; offset; length; and its data, if any.
 */
type StoredFinding = [number, number, number, number, number, number, number, number, number, number, number, number, Record<string, string | number>?];

/** A file's entry as written: its key, the key of its answers, its tools ([name or -1, profile]), queries, findings. */
type StoredEntry = [key: string, answered: string, tools: [number, Profile][], queries: WorkspaceQuery[], findings: StoredFinding[]];

interface CacheFile {
  format: number;
  run: string;
  strings: string[];
  files: Record<string, StoredEntry>;
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
    try {
      mkdirSync(dirname(this.path), { recursive: true });
      writeReplacing(this.path, asciiJson(JSON.stringify(encode(this.run, this.next))));
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
  if (raw.format !== FORMAT || raw.run !== run || !Array.isArray(raw.strings) || !raw.strings.every((x) => typeof x === 'string')) return { entries: {} };
  const strings = raw.strings as string[];
  const out: Record<string, CacheEntry> = {};
  for (const [uri, e] of Object.entries(raw.files)) {
    const entry = decodeEntry(e, strings);
    if (entry) out[uri] = entry;
  }
  return { entries: out };
}

/** The cache file's data: every string of the findings and tools once, in a table. */
function encode(run: string, entries: Record<string, CacheEntry>): CacheFile {
  const table = new Map<string, number>();
  const at = (s: string) => {
    let i = table.get(s);
    if (i === undefined) table.set(s, (i = table.size));
    return i;
  };
  const files: Record<string, StoredEntry> = {};
  for (const [uri, { key, record }] of Object.entries(entries)) {
    const findings = record.findings.map((f): StoredFinding => {
      const row: StoredFinding = [at(f.rule), at(f.messageId), at(f.message), at(f.severity), f.tool === null ? -1 : at(f.tool), at(f.pointer), f.range.start.line, f.range.start.character, f.range.end.line, f.range.end.character, f.offset, f.length];
      if (f.data) row.push(f.data);
      return row;
    });
    files[uri] = [key, record.answered, record.tools.map((t) => [t.name === undefined ? -1 : at(t.name), t.profile]), record.queries, findings];
  }
  return { format: FORMAT, run, strings: [...table.keys()], files };
}

/**
 * JSON text with every character past ASCII written as a \u escape. Read back, the file decodes on UTF-8's ASCII
 * fast path and parses into one-byte strings: 12 ms instead of 47 to decode the bench workspace's 16 MB cache, and
 * 100 ms instead of 130 to parse it (messages hold "…", names any script).
 */
export function asciiJson(json: string): string {
  return json.replace(NON_ASCII, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
const NON_ASCII = /[\u0080-\uffff]/g;

type Obj = Record<string, unknown>;
const isObject = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const isInt = (v: unknown): v is number => Number.isInteger(v) && (v as number) >= 0;
const SEVERITIES: readonly unknown[] = ['error', 'warning', 'info', 'hint'];
const PROFILE_SET: readonly unknown[] = PROFILES;

/** A file's entry read back, every field the report reads checked (a bad entry is skipped: that file is linted). */
function decodeEntry(v: unknown, strings: readonly string[]): CacheEntry | undefined {
  if (!Array.isArray(v) || v.length !== 5) return undefined;
  const [key, answered, tools, queries, rows] = v as unknown[];
  if (typeof key !== 'string' || typeof answered !== 'string' || !Array.isArray(tools) || !Array.isArray(queries) || !Array.isArray(rows)) return undefined;
  const str = (i: unknown): string | undefined => (isInt(i) && i < strings.length ? strings[i] : undefined);
  const record: FileRecord = { findings: [], tools: [], queries: [], answered, errors: [] };
  for (const t of tools) {
    if (!Array.isArray(t) || t.length !== 2 || !PROFILE_SET.includes(t[1])) return undefined;
    const name = t[0] === -1 ? undefined : str(t[0]);
    if (name === undefined && t[0] !== -1) return undefined;
    record.tools.push({ name, profile: t[1] as Profile });
  }
  for (const q of queries) {
    if (!Array.isArray(q) || q.length !== 2 || typeof q[0] !== 'string' || !(q[1] === null || PROFILE_SET.includes(q[1]))) return undefined;
    record.queries.push([q[0], q[1]] as WorkspaceQuery);
  }
  for (const r of rows) {
    const f = decodeFinding(r, str);
    if (!f) return undefined;
    record.findings.push(f);
  }
  return { key, record };
}

function decodeFinding(r: unknown, str: (i: unknown) => string | undefined): Finding | undefined {
  if (!Array.isArray(r) || r.length < 12 || r.length > 13) return undefined;
  const rule = str(r[0]);
  const messageId = str(r[1]);
  const message = str(r[2]);
  const severity = str(r[3]);
  const tool = r[4] === -1 ? null : str(r[4]);
  const pointer = str(r[5]);
  if (rule === undefined || messageId === undefined || message === undefined || !SEVERITIES.includes(severity) || tool === undefined || pointer === undefined) return undefined;
  for (let i = 6; i < 12; i++) if (!isInt(r[i])) return undefined;
  const data: unknown = r[12];
  if (data !== undefined && !(isObject(data) && Object.values(data).every((x) => typeof x === 'string' || typeof x === 'number'))) return undefined;
  const n = r as number[];
  return {
    rule,
    messageId,
    message,
    severity: severity as Finding['severity'],
    tool,
    pointer,
    range: { start: { line: n[6]!, character: n[7]! }, end: { line: n[8]!, character: n[9]! } },
    offset: n[10]!,
    length: n[11]!,
    ...(data !== undefined ? { data: data as Record<string, string | number> } : {}),
  };
}
