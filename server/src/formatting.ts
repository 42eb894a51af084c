/**
 * Document and range formatting: jsonc-parser's formatter, with the options vscode-json-languageservice gives it.
 * A hostile file gets about one edit per JSON value (a document of 1,000,000 values: 1,000,000 edits, each a
 * TextEdit with two positions, then serialized into one message); above MAX_FORMAT_EDITS the answer is one edit
 * replacing the span they cover with its formatted text.
 *
 * The formatted text's size is the indentation it adds: each value on its own line, indented by its depth times the
 * tab size. A client sending a tab size of 1,000,000 made 270 MB of edits for a 1 KB file (12 s), and 100,000,000
 * ran out of string length after 34 s; a file of many values nested hundreds of levels deep does the same at any
 * tab size. So the tab size is capped at MAX_TAB_SIZE, and formatting whose indentation would exceed
 * MAX_FORMAT_INDENT characters is refused with a message (counted in one scan of the text, before formatting).
 */
import { format as formatJson, type EditResult } from 'jsonc-parser';
import { LSPErrorCodes, ResponseError, type FormattingOptions, type Range, type TextEdit } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';

/** Above this many edits, formatting answers one edit over the whole span the edits cover. */
export const MAX_FORMAT_EDITS = 10_000;
/** Larger tab sizes format as this many spaces (editors offer 1 to 8). */
export const MAX_TAB_SIZE = 32;
/** Formatting that would add more indentation characters than this is refused (64 Mi: twice the document limit). */
export const MAX_FORMAT_INDENT = 64 * 1024 * 1024;

export function formatEdits(doc: TextDocument, range: Range | undefined, options: FormattingOptions): TextEdit[] {
  const text = doc.getText();
  const tabSize = Math.min(Math.max(0, Math.floor(options.tabSize)) || 0, MAX_TAB_SIZE);
  const unit = options.insertSpaces === true ? tabSize : 1;
  const indent = indentationChars(text, unit, MAX_FORMAT_INDENT);
  if (indent > MAX_FORMAT_INDENT) {
    throw new ResponseError(LSPErrorCodes.RequestFailed, `Formatting this file would add more than ${MAX_FORMAT_INDENT / 1024 / 1024} MB of indentation (values nested deep, one per line${unit > 1 ? `, ${unit} spaces per level` : ''}): not formatted.`);
  }
  const offsets = range ? { offset: doc.offsetAt(range.start), length: doc.offsetAt(range.end) - doc.offsetAt(range.start) } : undefined;
  // As vscode-json-languageservice's format (5.7) calls it.
  const edits = completeFormatEdits(
    formatJson(text, offsets, { tabSize, insertSpaces: options.insertSpaces === true, insertFinalNewline: options.insertFinalNewline === true, eol: '\n', keepLines: options.keepLines === true }),
    text,
    options,
  );
  if (edits.length <= MAX_FORMAT_EDITS) return edits.map((e) => ({ range: { start: doc.positionAt(e.offset), end: doc.positionAt(e.offset + e.length) }, newText: e.content }));
  return [spanEdit(doc, text, edits)];
}

/**
 * The indentation characters formatting `text` would write, counted up to just past `limit`: one line per value
 * and per closing bracket of a non-empty container, indented by its depth times `unit` (strings skipped; the
 * text need not be valid JSON).
 */
export function indentationChars(text: string, unit: number, limit: number): number {
  let depth = 0;
  let total = 0;
  for (let i = 0; i < text.length && total <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Skip the string: to the next quote not escaped.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 92) i++;
        else if (d === 34) break;
      }
    } else if (c === 123 || c === 91) {
      depth++;
      total += depth * unit;
    } else if (c === 44) {
      total += depth * unit;
    } else if (c === 125 || c === 93) {
      if (depth > 0) depth--;
      total += depth * unit;
    }
  }
  return total;
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
