/**
 * A Node.js built-in module loaded on first use rather than at start-up (a plain CLI lint needs neither git,
 * worker threads nor hashes: node:crypto, node:child_process and node:worker_threads cost about 14 ms of a start).
 * `load` is a literal `require('node:…')`, so that esbuild still resolves it (the web server's bundle replaces
 * node:child_process with server/src/browser/shims.ts). `test/cli/compile-cache.test.ts` checks that a one-file
 * lint loads none of the three.
 */
export function lazyModule<T>(load: () => T): () => T {
  let loaded: T | undefined;
  return () => (loaded ??= load());
}
