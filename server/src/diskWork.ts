/**
 * Work on tool files that are not open in the editor (issue: server memory with a 2,000-file workspace). The
 * server keeps no text of such a file: indexing reads it from disk, parses it and keeps only its index entry
 * (the names it defines, where its tools and references are); linting reads it from disk again. Both run
 * either in a worker process (server/src/diskWorker.ts, the Node server: the parse trees of the largest files
 * never grow the main heap, and the worker's memory goes back to the system when it ends) or in process (the
 * browser server, which has no processes and no disk files, and the fallback when a worker cannot start).
 *
 * Requests answer in order; a job that fails (unreadable file, a rule that throws) answers with what it could
 * do, never by rejecting the batch.
 */
import { readToolFileOrWhy } from './safeRead';
import { encodingFinding, type DecodedFile } from './encoding';
import { fileURLToPath } from 'node:url';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { hash53, lintDocument, type EvaluationState, type NameIndex, type NameSnapshot } from '../../shared/src/linter';
import { indexFile, type IndexedFile } from '../../shared/src/workspace';
import type { Config } from '../../shared/src/config';
import type { BaselineInput } from '../../shared/src/analysis/baseline';
import type { Finding, Profile } from '../../shared/src/types';
import type { WorkspaceIndex } from '../../shared/src/rule';

export interface IndexJob {
  uri: string;
  profile: Profile | 'auto';
}

/**
 * A file's index entry and the hash of the text it was built from (`error`: indexing threw, the entry is
 * empty); `missing` when the file cannot be read.
 */
/** `missing`: not on disk, or there but unreadable (`unreadable`: why, for its diagnostic). */
export type IndexReply = { uri: string; entry: IndexedFile; hash: string; error?: string } | { uri: string; missing: true; unreadable?: string };

export interface LintJob {
  uri: string;
  config: Config;
  baseline: BaselineInput | null;
  evaluation: EvaluationState;
}

/**
 * A file's findings (null: the lint itself threw, nothing to publish), and the errors thrown (for the output
 * channel); `missing` when the file cannot be read.
 */
export type LintReply = { uri: string; findings: Finding[] | null; errors: string[] } | { uri: string; missing: true; unreadable?: string };

export interface DiskWork {
  /** Reads, parses and indexes files. */
  index(jobs: IndexJob[]): Promise<IndexReply[]>;
  /** Reads and lints files against the workspace's names (cross-file rules). */
  lint(jobs: LintJob[]): Promise<LintReply[]>;
  /** Gives back what is held for the work (the worker ends, once its pending requests are answered; started again on the next request). */
  release(): Promise<void>;
}

function readText(uri: string): DecodedFile | { unreadable?: string } {
  try {
    return readToolFileOrWhy(fileURLToPath(uri));
  } catch {
    return {}; // not a file: URI
  }
}

const describe = (e: unknown): string => (e as Error)?.stack ?? String(e);

/** Indexes one file from disk. */
export function indexFromDisk(job: IndexJob): IndexReply {
  const read = readText(job.uri);
  if (!('text' in read)) return { uri: job.uri, missing: true, ...read };
  return indexText(job, read.text);
}

/** Indexes one file from its text (read from disk by the caller). */
export function indexText(job: IndexJob, text: string): IndexReply {
  try {
    const doc = new ToolDocument(job.uri, text);
    const discovery = doc.tree && !doc.refused ? discoverTools(doc.tree, job.profile) : { tools: [], problems: [] };
    return { uri: job.uri, entry: indexFile(doc, discovery), hash: hash53(text) };
  } catch (e) {
    return { uri: job.uri, entry: { uri: job.uri, tools: [], refs: [], names: new Set() }, hash: '', error: `indexing ${job.uri} failed: ${describe(e)}` };
  }
}

/** Lints one file from disk (its per-tool findings are not cached: it is linted again only when something changes). */
export function lintFromDisk(job: LintJob, workspace: WorkspaceIndex): LintReply {
  const read = readText(job.uri);
  if (!('text' in read)) return { uri: job.uri, missing: true, ...read };
  const { text, problem } = read;
  const errors: string[] = [];
  try {
    const result = lintDocument(new ToolDocument(job.uri, text), {
      config: job.config,
      workspace,
      baseline: job.baseline,
      evaluation: job.evaluation,
      cache: false,
      onRuleError: (id, e) => errors.push(`rule ${id} failed on ${job.uri}: ${describe(e)}`),
    });
    // A file whose bytes an editor decodes differently (a byte-order mark, UTF-16, invalid UTF-8): said, as the CLI says it.
    return { uri: job.uri, findings: problem ? [encodingFinding(text, problem), ...result.findings] : result.findings, errors };
  } catch (e) {
    return { uri: job.uri, findings: null, errors: [...errors, `lint failed on ${job.uri}: ${describe(e)}`] };
  }
}

/** The work done in the server's own thread, against the server's own name index. */
export function inProcessDiskWork(names: Pick<NameIndex, 'viewFrom'>): DiskWork {
  return {
    index: (jobs) => Promise.resolve(jobs.map(indexFromDisk)),
    lint: (jobs) => Promise.resolve(jobs.map((j) => lintFromDisk(j, names.viewFrom(j.uri)))),
    release: () => Promise.resolve(),
  };
}

/** Messages to the worker (server/src/diskWorker.ts). */
export type WorkerRequest =
  | { id: number; kind: 'index'; jobs: IndexJob[] }
  | { id: number; kind: 'lint'; jobs: LintJob[]; names: NameSnapshot | undefined };

/** Messages from the worker: the replies of a request, or why it failed as a whole. */
export type WorkerReply = { id: number; index: IndexReply[] } | { id: number; lint: LintReply[] } | { id: number; error: string };
