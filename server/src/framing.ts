/**
 * Checks the framing of the LSP byte stream the server reads on standard input (`--stdio`), passing the bytes
 * through unchanged.
 *
 * vscode-jsonrpc's reader, given a header without a `Content-Length` or with one that is not a whole number,
 * reports an error and goes on reading: the body after that header is then read as the next header, and every
 * later message is lost. The server stayed alive and answered nothing, not even `shutdown`, until its input
 * closed. Nothing in the stream says where the next message starts, so a stream with such a header cannot be read
 * further: `FramingGuard` stops there and says why, and the server exits (the client may start it again).
 */
import { Transform, type TransformCallback } from 'node:stream';

/** The longest header block accepted (LSP's has one or two short fields). */
export const MAX_HEADER_BYTES = 64 * 1024;

const CRLFCRLF = Buffer.from('\r\n\r\n');

/** Why a header block (without its closing blank line) cannot frame a message, or its body's length. */
export function headerProblem(header: string): string | number {
  let length: number | undefined;
  for (const line of header.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon <= 0) return `a header line is not "Name: value" (${JSON.stringify(line.slice(0, 80))})`;
    if (line.slice(0, colon).trim().toLowerCase() !== 'content-length') continue;
    const value = line.slice(colon + 1).trim();
    if (!/^\d{1,15}$/.test(value)) return `Content-Length is not a whole number of bytes (${JSON.stringify(value.slice(0, 80))})`;
    length = Number(value);
  }
  return length ?? `a header has no Content-Length (${JSON.stringify(header.slice(0, 120))})`;
}

export class FramingGuard extends Transform {
  /** Bytes of the current header read so far (a header can span chunks). */
  private header = Buffer.alloc(0);
  /** Bytes of the current body still to pass. */
  private body = 0;
  private failed = false;

  constructor(private readonly onViolation: (why: string) => void) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    if (this.failed) return done();
    let at = 0;
    while (at < chunk.length) {
      if (this.body > 0) {
        const n = Math.min(this.body, chunk.length - at);
        this.body -= n;
        at += n;
        continue;
      }
      // In a header: find its blank line, which may start in the bytes kept from earlier chunks.
      const kept = this.header.length;
      const bytes = kept > 0 ? Buffer.concat([this.header, chunk.subarray(at)]) : chunk.subarray(at);
      const end = bytes.indexOf(CRLFCRLF);
      if (end > MAX_HEADER_BYTES || (end < 0 && bytes.length > MAX_HEADER_BYTES + 3)) return this.fail(chunk, at - kept, `a header is longer than ${MAX_HEADER_BYTES} bytes`, done);
      if (end < 0) {
        this.header = Buffer.from(bytes); // a copy: the chunk's memory is not kept
        break;
      }
      const length = headerProblem(bytes.subarray(0, end).toString('latin1'));
      if (typeof length === 'string') return this.fail(chunk, at - kept, length, done);
      this.header = Buffer.alloc(0);
      this.body = length;
      at += end + 4 - kept;
    }
    this.push(chunk);
    done();
  }

  /** Passes the bytes before the bad header (whole messages), then stops. */
  private fail(chunk: Buffer, headerStart: number, why: string, done: TransformCallback): void {
    this.failed = true;
    if (headerStart > 0) this.push(chunk.subarray(0, headerStart));
    this.onViolation(`The LSP input stream is broken: ${why}. Nothing after it can be read.`);
    done();
  }
}
