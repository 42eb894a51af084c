/**
 * The files an evaluation run reads and writes, for `toolschema eval` (cli.ts) and the extension's
 * **Run Evaluation Set** (client/src/eval.ts): the same guards against a repository that may be hostile (issue 7).
 */
import { MAX_FILE_BYTES } from '../../../shared/src/document';
import { readBounded, UnreadableFileError } from '../safeRead';
import { writeReplacing } from '../safeWrite';
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
export function diskSessionFiles(openText: (path: string) => string | undefined): Pick<SessionHost, 'readText' | 'writeText'> {
  return {
    readText: async (path) => openText(path) ?? readEvalInput(path),
    writeText: async (path, text) => writeReplacing(path, text),
  };
}
