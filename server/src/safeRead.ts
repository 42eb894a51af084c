/**
 * Reading the files of a repository that may be hostile (issue 7). A path named like a tool file, an evaluation
 * set, its results or a configuration file may be a FIFO (`readFileSync` waits for a writer forever: the CLI and
 * the language server stall), a link to `/dev/zero` or `/dev/urandom` (read until memory runs out), or a sparse
 * file of gigabytes (`readFileSync` fails past 2 GiB and decoding past 512 MiB, after allocating all of it). So
 * every such read goes through `readBounded`: it opens without waiting (O_NONBLOCK), accepts regular files only,
 * checked on the open descriptor (no window between a check and the read), and reads at most READ_LIMIT bytes.
 */
import { closeSync, constants, fstatSync, openSync, readSync, type Stats } from 'node:fs';
import { MAX_FILE_BYTES } from '../../shared/src/document';
import { decodeToolFile, type DecodedFile } from './encoding';

/**
 * Bytes read at most from one file: three per character of the largest document linted (a UTF-16 code unit takes
 * at most three bytes of UTF-8), so a file cut at this size would have been refused for its size anyway.
 */
export const READ_LIMIT = 3 * MAX_FILE_BYTES;

/** A file that is not read: not a regular file, or an error from the system (`code`: ENOENT, ELOOP, EACCES, …). */
export class UnreadableFileError extends Error {
  constructor(
    readonly path: string,
    readonly code: string,
    /** Why, for messages: "it is a FIFO (named pipe), not a regular file". */
    readonly reason: string,
  ) {
    super(`cannot read "${path}": ${reason}`);
  }
}

/** What a stat describes, for messages ("a FIFO (named pipe)"). */
export function fileKind(st: Stats): string {
  if (st.isFIFO()) return 'a FIFO (named pipe)';
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a folder';
  return 'not a regular file';
}

const REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  ELOOP: 'a loop of symbolic links',
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EISDIR: 'it is a folder',
  ENOTDIR: 'a part of the path is not a folder',
  ENAMETOOLONG: 'the name is too long',
  EMFILE: 'too many open files',
  EIO: 'input/output error',
  ENOSPC: 'no space left on the device',
  EROFS: 'a read-only file system',
  EEXIST: 'a file of that name exists',
};

/** An error from the file system as an UnreadableFileError with a readable reason. */
export function unreadable(path: string, e: unknown): UnreadableFileError {
  if (e instanceof UnreadableFileError) return e;
  return new UnreadableFileError(path, (e as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN', fsErrorReason(e));
}

/** Why a file-system call failed, for messages: "permission denied (EACCES)", else the error's own message. */
export function fsErrorReason(e: unknown): string {
  if (e instanceof UnreadableFileError) return e.reason;
  const code = (e as NodeJS.ErrnoException)?.code ?? 'EUNKNOWN';
  return REASONS[code] ? `${REASONS[code]} (${code})` : ((e as Error)?.message ?? code);
}

export interface BoundedRead {
  bytes: Buffer;
  /** False when the file holds more than `limit` bytes: `bytes` are then its first bytes, at most `limit`. */
  complete: boolean;
}

/**
 * The bytes of a regular file of at most `limit` bytes; of a larger one, its first `keep` bytes (at most `limit`)
 * and `complete: false`. Throws UnreadableFileError for anything else (a FIFO, a device, a socket, a folder, a
 * missing or unreadable file).
 */
export function readBounded(path: string, limit = READ_LIMIT, keep = MAX_FILE_BYTES + 1): BoundedRead {
  let fd: number;
  try {
    // O_NONBLOCK: opening a FIFO for reading does not wait for a writer (it is then refused below). Not on Windows.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
  } catch (e) {
    throw unreadable(path, e);
  }
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new UnreadableFileError(path, 'ENOTREG', `it is ${fileKind(st)}, not a regular file`);
    if (st.size > limit) {
      const head = Buffer.allocUnsafe(Math.min(keep, limit));
      return { bytes: head.subarray(0, fill(fd, head, 0)), complete: false };
    }
    // The size may change while the file is read: read until the end or the limit, whichever comes first.
    let buf = Buffer.allocUnsafe(Math.min(limit + 1, Math.max(st.size, 0) + 1));
    let n = fill(fd, buf, 0);
    while (n === buf.length && buf.length <= limit) {
      const bigger = Buffer.allocUnsafe(Math.min(limit + 1, buf.length * 2));
      buf.copy(bigger, 0, 0, n);
      buf = bigger;
      n = fill(fd, buf, n);
    }
    return n > limit ? { bytes: buf.subarray(0, Math.min(keep, limit)), complete: false } : { bytes: buf.subarray(0, n), complete: true };
  } catch (e) {
    throw unreadable(path, e);
  } finally {
    closeSync(fd);
  }
}

/** Reads into `buf` from offset `n` until it is full or the file ends; the new offset. */
function fill(fd: number, buf: Buffer, n: number): number {
  while (n < buf.length) {
    const got = readSync(fd, buf, n, buf.length - n, null);
    if (got === 0) break;
    n += got;
  }
  return n;
}

/**
 * A file's text, decoded as an editor does (readToolFile), within READ_LIMIT. Over the limit: its first
 * MAX_FILE_BYTES + 1 bytes, one character each, which ToolDocument refuses for their size (the one `parse-error` a file over
 * 32 MiB gets) without anything decoding or holding the rest. Throws UnreadableFileError.
 */
export function readTextBounded(path: string): string {
  return readToolFile(path).text;
}

/**
 * A file's text as an editor shows it (decodeToolFile: without a UTF-8 byte-order mark, UTF-16 decoded) and what
 * is wrong with its encoding, within READ_LIMIT (over it, as readTextBounded). Throws UnreadableFileError.
 */
export function readToolFile(path: string): DecodedFile {
  const r = readBounded(path);
  return r.complete ? decodeToolFile(r.bytes) : { text: r.bytes.toString('latin1', 0, MAX_FILE_BYTES + 1) };
}

/**
 * readTextBounded, or why the file is there but cannot be read (permission denied, a loop of links…); `{}` when
 * it does not exist, a part of its path is not a folder, or it is not a regular file (a FIFO, a device: skipped
 * without a word, as the CLI's walk skips them), unless `notRegularToo` (a configuration file: said).
 */
export function readTextOrWhy(path: string, notRegularToo = false): string | { unreadable?: string } {
  const read = readToolFileOrWhy(path, notRegularToo);
  return 'text' in read ? read.text : read;
}

/** readToolFile, or why the file cannot be read, as readTextOrWhy. */
export function readToolFileOrWhy(path: string, notRegularToo = false): DecodedFile | { unreadable?: string } {
  try {
    return readToolFile(path);
  } catch (e) {
    if (e instanceof UnreadableFileError && e.code !== 'ENOENT' && e.code !== 'ENOTDIR' && (notRegularToo || e.code !== 'ENOTREG')) return { unreadable: e.reason };
    return {};
  }
}

/** readTextBounded, or undefined when the file cannot be read (missing, not a regular file, …). */
export function tryReadText(path: string): string | undefined {
  try {
    return readTextBounded(path);
  } catch {
    return undefined;
  }
}
