/**
 * The files an evaluation run reads and writes, for `toolschema eval` (cli.ts) and the extension's
 * **Run Evaluation Set** (client/src/eval.ts): the same guards against a repository that may be hostile (issue 7).
 */
import { lstatSync, realpathSync, statSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { MAX_FILE_BYTES } from '../../../shared/src/document';
import { fileKind, fsErrorReason, readBounded, unreadable, UnreadableFileError, type BoundedRead } from '../safeRead';
import { writeReplacing } from '../safeWrite';
import { REPORT_HEADING, REPORT_MARK } from './report';
import { RESULTS_START } from './results';
import type { SessionHost } from './session';

/**
 * An evaluation set or its tool file, whole, as text: a regular file of at most 32 MiB, opened without waiting
 * (a FIFO or a device named in `"tools"` is refused, not read). Throws UnreadableFileError.
 */
export function readEvalInput(path: string): string {
  const read = readBounded(path, MAX_FILE_BYTES);
  if (!read.complete) throw new UnreadableFileError(path, 'EFBIG', 'it is larger than 32 MiB');
  return read.bytes.toString('utf8');
}

/**
 * The file side of an editor's session host (server/src/eval/session.ts) on the local disk: the text of a file open
 * in the editor first (`openText`), else the file read as `toolschema eval` reads it; results and report written
 * as it writes them (writeReplacing: a link shipped as `x.eval-results.json` is replaced, not written through).
 */
export function diskSessionFiles(openText: (path: string) => string | undefined, label: (path: string) => string = (p) => p): Pick<SessionHost, 'readText' | 'writeText' | 'outputsRefusal'> {
  const other = { results: 'rename the evaluation set (the results go beside it)', report: 'rename the evaluation set (the report goes beside it)' };
  return {
    readText: async (path) => openText(path) ?? readEvalInput(path),
    writeText: async (path, text) => writeReplacing(path, text),
    outputsRefusal: (results, report, inputs) => outputsRefusal({ path: results, label: label(results) }, { path: report, label: label(report) }, inputs, other),
  };
}

/** A results file larger than this is recognised by its first bytes only (as the results writer begins every file). */
const MAX_OUTPUT_CHECK_BYTES = 64 * 1024 * 1024;
const OUTPUT_HEAD_BYTES = 4096;

export type OutputKind = 'results' | 'report';

/**
 * Why the results file or the report must not be written at `path`, or undefined when it may be. Written by
 * renaming over the path (writeReplacing), the output replaces whatever is there: so only a missing file (in an
 * existing folder), a symbolic link (replaced itself, never followed), an empty file, or a results file or report
 * of ours (recognised by its content) is replaced. A FIFO, a device, a folder, a tool file, notes: refused.
 * `folder`: the path's folder is missing or unusable (nothing there would be replaced).
 */
export function outputRefusal(path: string, kind: OutputKind): { why: string; folder?: true } | undefined {
  let isLink = false;
  try {
    const st = lstatSync(path);
    isLink = st.isSymbolicLink();
    if (!isLink && !st.isFile()) return { why: `it is ${fileKind(st)}, not a regular file` };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') {
      // A new file: its folder must be there (found now, not after every model request).
      try {
        const dir = statSync(dirname(path));
        return dir.isDirectory() ? undefined : { why: `"${basename(dirname(path))}" is ${dir.isFile() ? 'a file' : fileKind(dir)}, not a folder`, folder: true };
      } catch (e2) {
        const c2 = (e2 as NodeJS.ErrnoException).code;
        return { why: c2 === 'ENOENT' || c2 === 'ENOTDIR' ? 'its folder does not exist' : `its folder cannot be used: ${fsErrorReason(e2)}`, folder: true };
      }
    }
    return { why: fsErrorReason(e) };
  }
  if (isLink) return undefined;
  let read: BoundedRead;
  try {
    // Bounded and regular files only (checked again on the open descriptor).
    read = readBounded(path, MAX_OUTPUT_CHECK_BYTES, OUTPUT_HEAD_BYTES);
  } catch (e) {
    return { why: unreadable(path, e).reason };
  }
  if (read.bytes.length === 0) return undefined;
  const text = read.bytes.toString('utf8');
  if (kind === 'report') return text.startsWith(REPORT_HEADING) && text.trimEnd().endsWith(REPORT_MARK) ? undefined : { why: `it is not a toolschema evaluation report (one begins with "# Evaluation: " and ends with "${REPORT_MARK}")` };
  return isResultsText(text, read.complete) ? undefined : { why: 'it is not a toolschema results file' };
}

/** A results file as resultsFile() writes it: whole, with its fields; cut short or too large to parse, by its beginning. */
function isResultsText(text: string, complete: boolean): boolean {
  if (complete) {
    try {
      const v: unknown = JSON.parse(text);
      if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
        const o = v as Record<string, unknown>;
        if (typeof o.version === 'number' && typeof o.tools === 'string' && typeof o.provider === 'string' && typeof o.model === 'string' && typeof o.date === 'string' && Array.isArray(o.cases)) return true;
      }
      return false;
    } catch {
      // cut short (a full disk): recognised by its beginning below
    }
  }
  return RESULTS_START.test(text);
}

/** The path with its folder's links resolved (the last part as named: a link there is what is replaced). */
function canonical(path: string): string {
  try {
    return join(realpathSync.native(dirname(path)), basename(path));
  } catch {
    return path;
  }
}

/**
 * Why an evaluation run must not write its results at `out` and its report at `report`, or undefined: checked
 * before any model request. `inputs`: the files the run reads (the set, its tool file), never replaced. `other`: what
 * else the user can do, per output (the CLI: "give another --out"; the editor, whose paths are fixed: rename the set).
 */
export function outputsRefusal(
  out: { path: string; label: string },
  report: { path: string; label: string },
  inputs: readonly { path: string; what: string }[],
  other: { results: string; report: string } = { results: 'give another --out', report: 'give another --report' },
): string | undefined {
  if (canonical(out.path) === canonical(report.path)) return `--out and --report name the same file "${out.label}"; give them different paths.`;
  for (const [o, kind] of [[out, 'results'], [report, 'report']] as const) {
    const option = other[kind];
    const c = canonical(o.path);
    const input = inputs.find((i) => canonical(i.path) === c);
    const what = kind === 'results' ? 'results file' : 'report';
    const r = input ? { why: `it is the ${input.what}` } : outputRefusal(o.path, kind);
    if (r?.folder) return `the ${what} "${o.label}" cannot be written: ${r.why}. Create the folder, or ${option}.`;
    if (r) return `the ${what} "${o.label}" would replace what is there: ${r.why}. Remove it, or ${option}.`;
  }
  return undefined;
}
