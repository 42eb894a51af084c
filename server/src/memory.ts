/**
 * Returning memory after bursts (issue 7). Indexing a workspace parses every tool file once; the parse trees are
 * garbage right after, but V8 keeps the heap it grew to (RSS stays at the peak of the burst). After such a burst
 * the server asks for one full, compacting garbage collection, so the pages are given back to the system.
 * Uses `--expose-gc` set at run time (v8.setFlagsFromString), which Node supports for this flag; if that is not
 * available it does nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

function collector(): (() => void) | null {
  if (gc !== undefined) return gc;
  try {
    const existing = (globalThis as { gc?: () => void }).gc;
    if (typeof existing === 'function') return (gc = existing);
    setFlagsFromString('--expose-gc');
    const fn = runInNewContext('gc') as unknown;
    gc = typeof fn === 'function' ? (fn as () => void) : null;
  } catch {
    gc = null;
  }
  return gc;
}

/** One full garbage collection, now (a few milliseconds to a few hundred on a large heap). */
export function reclaimMemory(): void {
  try {
    collector()?.();
  } catch {
    // nothing to do
  }
}
