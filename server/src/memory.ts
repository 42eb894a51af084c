/**
 * Returning memory after bursts (issue 7). Indexing a workspace allocates a lot in a short time (the results
 * of every file: index entries, diagnostics); most of it is garbage right after, but V8 keeps the heap it grew
 * to (RSS stays at the peak of the burst). After such a burst the server asks for one full, compacting garbage
 * collection at once, and another a moment later: V8 shrinks the young generation (up to 32 MB after a burst)
 * only in a collection that sees a low allocation rate. Uses `--expose-gc` set at run time
 * (v8.setFlagsFromString), which Node supports for this flag; if that is not available it does nothing.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

let gc: (() => void) | null | undefined;

/**
 * The old generation grows to at most twice what the last full collection left live (V8's own factor, up to 4
 * while collections are cheap, let it grow to four times that). Every keystroke in a large open file allocates
 * that file's whole parse tree again, so the heap climbed by a tree per keystroke until a full collection: typing
 * in a 10,000-tool file (16.8 MB, 250 to 400 MB live) took the server's RSS from 0.6 to 1.8 GB, and it stayed
 * above 1.3 GB when idle. With factor 2 the same 40 keystrokes peak near 1 GB at the same median latency
 * (README "Limits"). Set at run time, before anything large is allocated; V8 reads the flag at each collection. A
 * `--heap-growing-percent` given on the command line is kept.
 */
export function boundHeapGrowth(percent = 100): void {
  if (process.execArgv.some((a) => a.startsWith('--heap-growing-percent') || a.startsWith('--heap_growing_percent'))) return;
  try {
    setFlagsFromString(`--heap-growing-percent=${percent}`);
  } catch {
    // a runtime without V8 flags: V8's own growth applies
  }
}

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

/** `fn` run `delayMs` after the last call of the function returned (each call postpones it; the timer is unref'd). */
function postponed(fn: () => void): (delayMs: number) => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return (delayMs) => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn();
    }, delayMs);
    timer.unref?.();
  };
}

const collectLater = postponed(reclaimMemory);

/**
 * After a burst: two full garbage collections now, and another after `delayMs` (postponed by a new call). The
 * second of the two finds the first's sweeping done and gives its pages back at once: after one, V8 unmapped them
 * in the background, a fraction of a second later (the server's RSS when it reported the 2,000-file workspace
 * indexed was 244 MB with one, 146 to 167 MB with two; 115 MB after the later one, which also shrinks the young
 * generation once V8 sees the allocation rate fall).
 */
export function reclaimMemoryAfterBurst(delayMs = 6000): void {
  reclaimMemory();
  reclaimMemory();
  collectLater(delayMs);
}

// Two collections, as after a burst: the second, in a quiet moment, lets V8 shrink the heap it grew.
const burstLater = postponed(() => reclaimMemoryAfterBurst());

/**
 * One full garbage collection `delayMs` after the last call (each call postpones it): for what a closed document
 * leaves behind. V8 collects lazily while memory is plentiful: opening and closing 2,000 files (20 tools each)
 * left 320 MB of heap in use, 62 MB of it live, and nothing was collected in 30 s of idleness (RSS 426 MB).
 */
export function reclaimMemoryWhenIdle(delayMs = 5000): void {
  burstLater(delayMs);
}
