/**
 * Tool files read from disk by the CLI and the language server: JSON must be UTF-8 without a byte-order mark
 * (RFC 8259 §8.1). A file that is not (a UTF-8 byte-order mark, invalid byte sequences, or UTF-16 with a
 * byte-order mark) is still linted, from the text an editor shows for it (VS Code and Neovim drop the mark and
 * decode UTF-16), so positions are the editor's, and gets one `parse-error` saying so; `--fix` never rewrites it,
 * since writing the decoded text back would replace its bytes (the mark, U+FFFD for each invalid sequence)
 * outside the fixes.
 */
import { isUtf8 } from 'node:buffer';
import type { Finding } from '../../shared/src/types';

export interface DecodedFile {
  text: string;
  /** Set when the bytes are not UTF-8: the finding to report, at a position of `text`. */
  problem?: { offset: number; message: string };
}

const BOM_MESSAGE =
  "The file starts with a UTF-8 byte-order mark (bytes EF BB BF): JSON.parse and Python's json.loads reject it (RFC 8259 §8.1: JSON text must not begin with one). It was linted without it, as editors show it; --fix leaves it as it is. Save the file as UTF-8 without BOM.";

export function decodeToolFile(buf: Buffer): DecodedFile {
  if (buf.length >= 2 && ((buf[0] === 0xff && buf[1] === 0xfe) || (buf[0] === 0xfe && buf[1] === 0xff))) {
    const le = buf[0] === 0xff;
    const body = Buffer.from(buf.subarray(2, buf.length - (buf.length % 2)));
    if (!le) body.swap16();
    return {
      text: body.toString('utf16le'),
      problem: { offset: 0, message: `The file is UTF-16 (${le ? 'little' : 'big'}-endian, byte-order mark ${le ? 'FF FE' : 'FE FF'}): JSON must be UTF-8 (RFC 8259 §8.1), and JSON.parse and Python's json.loads reject it. It was linted as decoded from UTF-16; --fix leaves it as it is. Save the file as UTF-8.` },
    };
  }
  if (buf.length >= 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) {
    // The editor's text has no mark: positions on the first line counted it, one character to the right of the
    // editor's (a rename edit in a closed file landed one character early; an independent LSP tester).
    // One mark, as editors strip it: what follows is read as UTF-8 even if it starts with another mark (the editor
    // shows that one as U+FEFF, which the parse reports; stripping both moved every position on the first line one
    // character to the left of the editor's; an independent fuzzer) or with the bytes of a UTF-16 mark.
    const decoded = decodeUtf8(buf.subarray(3));
    if (decoded.problem) return decoded;
    return { text: decoded.text, problem: { offset: 0, message: BOM_MESSAGE } };
  }
  return decodeUtf8(buf);
}

/** Bytes read as UTF-8, with the first invalid sequence as the problem, if any. */
function decodeUtf8(buf: Buffer): DecodedFile {
  const text = buf.toString('utf8');
  if (isUtf8(buf)) return { text };
  const at = firstInvalidUtf8(buf);
  // The bytes before `at` are valid, so their decoded length is the offset of the replacement character.
  const offset = buf.subarray(0, at).toString('utf8').length;
  const bytes = [...buf.subarray(at, Math.min(buf.length, at + 4))].map((b) => b.toString(16).toUpperCase().padStart(2, '0')).join(' ');
  return {
    text,
    problem: { offset, message: `The file is not valid UTF-8 (bytes ${bytes} here): JSON must be UTF-8 (RFC 8259 §8.1), and Python's json.load rejects it. It was linted with U+FFFD in place of each invalid sequence; --fix leaves it as it is. Save the file as UTF-8.` },
  };
}

/** Byte offset of the first byte that does not begin a well-formed UTF-8 sequence (RFC 3629), or -1. */
export function firstInvalidUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (n === 0 || i + n >= b.length) return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = b[i + k]!;
      if ((d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    if (cp < [0, 0x80, 0x800, 0x10000][n]! || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return -1;
}

/** The finding for a file that is not UTF-8 (a file-level parse-error, one character long). */
export function encodingFinding(text: string, problem: { offset: number; message: string }): Finding {
  const before = text.slice(0, problem.offset);
  const lines = before.split(/\r\n|\r|\n/);
  const character = lines[lines.length - 1]!.length;
  const line = lines.length - 1;
  const length = Math.min(1, text.length - problem.offset);
  return {
    rule: 'parse-error',
    messageId: 'syntax',
    message: problem.message,
    severity: 'error',
    tool: null,
    pointer: '',
    range: { start: { line, character }, end: { line, character: character + length } },
    offset: problem.offset,
    length,
  };
}
