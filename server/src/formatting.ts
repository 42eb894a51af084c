/**
 * Document and range formatting: jsonc-parser's formatter, with the options vscode-json-languageservice gives it.
 * A hostile file gets about one edit per JSON value (a document of 1,000,000 values: 1,000,000 edits, each a
 * TextEdit with two positions, then serialized into one message); above MAX_FORMAT_EDITS the answer is one edit
 * replacing the span they cover with its formatted text.
 */
import { format as formatJson, type EditResult } from 'jsonc-parser';
import type { FormattingOptions, Range, TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** Above this many edits, formatting answers one edit over the whole span the edits cover. */
export const MAX_FORMAT_EDITS = 10_000;

export function formatEdits(doc: TextDocument, range: Range | undefined, options: FormattingOptions): TextEdit[] {
  const text = doc.getText();
  const offsets = range ? { offset: doc.offsetAt(range.start), length: doc.offsetAt(range.end) - doc.offsetAt(range.start) } : undefined;
  // As vscode-json-languageservice's format (5.7) calls it.
  const edits = completeFormatEdits(
    formatJson(text, offsets, { tabSize: options.tabSize, insertSpaces: options.insertSpaces === true, insertFinalNewline: options.insertFinalNewline === true, eol: '\n', keepLines: options.keepLines === true }),
    text,
    options,
  );
  if (edits.length <= MAX_FORMAT_EDITS) return edits.map((e) => ({ range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + e.length) }, newText: e.content }));
  return [spanEdit(doc, text, edits)];
}

/** One edit replacing the text from the first edit's start to the last one's end with the edited text. */
function spanEdit(doc: TextDocument, text: string, edits: EditResult): TextEdit {
  const sorted = edits.every((e, i) => i === 0 || edits[i - 1]!.offset + edits[i - 1]!.length <= e.offset) ? edits : [...edits].sort((a, b) => a.offset - b.offset);
  const start = sorted[0]!.offset;
  const last = sorted[sorted.length - 1]!;
  const end = last.offset + last.length;
  const parts: string[] = [];
  let at = start;
  for (const e of sorted) {
    parts.push(text.slice(at, e.offset), e.content);
    at = e.offset + e.length;
  }
  return { range: { start: doc.positionAt(start), end: doc.positionAt(end) }, newText: parts.join('') };
}

/**
 * jsonc-parser 3.3's formatter caches line breaks followed by 0 to 199 indentation characters and checks the
 * bound with `>` instead of `>=`: a line indented by exactly 200 characters (level 100 with tabSize 2, 50 with 4,
 * 200 with tabs) gets an edit whose content is undefined, which is not a TextEdit (editors fail to apply the
 * whole formatting, or insert "undefined"). Those edits are completed here with what the formatter meant: the
 * line break its other edits use (else the document's first one, else "\n") and 200 indentation characters.
 */
export function completeFormatEdits(edits: EditResult, text: string, options: { insertSpaces: boolean }): EditResult {
  if (edits.every((e) => typeof e.content === 'string')) return edits;
  const eolOf = (s: string) => /\r\n|\r|\n/.exec(s)?.[0];
  let eol: string | undefined;
  for (const e of edits) if (typeof e.content === 'string' && (eol = eolOf(e.content))) break;
  eol ??= eolOf(text) ?? '\n';
  const indent = eol + (options.insertSpaces ? ' ' : '\t').repeat(200);
  return edits.map((e) => (typeof e.content === 'string' ? e : { offset: e.offset, length: e.length, content: indent }));
}
