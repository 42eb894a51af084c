/**
 * The unified diff `--fix-dry-run` reports for a file. jsdiff's Myers diff costs O(N·D) (lines × lines changed):
 * a fix-all that rewrote 8,000 lines of a 12,000-line schema spent 7 s in it. So the diff is searched only up to
 * MAX_EDIT_LINES changed lines; past that, the patch is one hunk from the first changed line to the last (with
 * the same context), which applies to the same text and is formatted by jsdiff's own formatPatch.
 */
import { createTwoFilesPatch, formatPatch, type StructuredPatch } from 'diff';
import { printable } from './terminal';

const CONTEXT = 2;
/** Changed lines (removed plus added) the Myers search may go to before the one-hunk patch is used. */
const MAX_EDIT_LINES = 2000;
const NO_NEWLINE = '\\ No newline at end of file';

export function fixPatch(file: string, before: string, after: string): string {
  // A line break or other control character in the file's name would add lines of its choosing to the patch.
  const path = printable(file);
  const patch = createTwoFilesPatch(path, path, before, after, 'before', 'after --fix', { context: CONTEXT, maxEditLength: MAX_EDIT_LINES });
  return patch ?? formatPatch(oneHunkPatch(path, before, after));
}

/** Lines with their line break (the last one may have none). */
function linesOf(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

/** The patch as one hunk: the lines between the common first and last lines, with CONTEXT lines around them. */
export function oneHunkPatch(path: string, before: string, after: string): StructuredPatch {
  const a = linesOf(before);
  const b = linesOf(after);
  let pre = 0;
  while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  const from = Math.max(0, pre - CONTEXT);
  const tail = Math.min(suf, CONTEXT);
  const lines: string[] = [];
  const add = (prefix: string, line: string) => {
    lines.push(prefix + (line.endsWith('\n') ? line.slice(0, -1) : line));
    if (!line.endsWith('\n')) lines.push(NO_NEWLINE);
  };
  for (const l of a.slice(from, pre)) add(' ', l);
  for (const l of a.slice(pre, a.length - suf)) add('-', l);
  for (const l of b.slice(pre, b.length - suf)) add('+', l);
  for (const l of a.slice(a.length - suf, a.length - suf + tail)) add(' ', l);
  const oldLines = a.length - suf + tail - from;
  const newLines = b.length - suf + tail - from;
  return {
    oldFileName: path,
    newFileName: path,
    oldHeader: 'before',
    newHeader: 'after --fix',
    hunks: pre === a.length && pre === b.length ? [] : [{ oldStart: from + 1, oldLines, newStart: from + 1, newLines, lines }],
  };
}
