/**
 * Writing a whole file the CLI or the extension owns (an evaluation run's results and report, the `--cache`
 * file) in a folder a hostile repository may have prepared: through a temporary file created anew, never opened
 * if something is there (`wx`: a planted link at the temporary name is not followed), then renamed over the path
 * (a link at the path is replaced, not written through; a reader never sees half a file).
 */
import { renameSync, rmSync, writeFileSync } from 'node:fs';

/** Writes `text` to `path` as above. Throws the system's error (its `code`: EACCES, ENOSPC, …). */
export function writeReplacing(path: string, text: string): void {
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    try {
      writeFileSync(tmp, text, { flag: 'wx' });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      // Left by an earlier process of the same id, or planted: removed (a link itself, not what it points at), once.
      rmSync(tmp, { force: true });
      writeFileSync(tmp, text, { flag: 'wx' });
    }
    renameSync(tmp, path);
  } catch (e) {
    rmSync(tmp, { force: true });
    throw e;
  }
}
