/**
 * The `toolschema` command (dist/cli/toolschema.js): loads the CLI (dist/cli/main.js) with a V8 code cache
 * (compileCache.ts) and runs it. Kept tiny: everything it imports is compiled on every run.
 */
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { defaultCacheDir, loadWithCompileCache } from './compileCache';

/** The SHA-1 of dist/cli/main.js, set by esbuild.mjs when it builds this file. */
declare const TOOLSCHEMA_CLI_HASH: string;

// The engine's regular expressions are large (descriptions.ts): V8 compiles each one first to bytecode and, on
// its second use, again to machine code, which was a fifth of a one-file run. Machine code at once halves that;
// the matches are the same. Set before the bundle is compiled (V8's code cache records the flags).
setFlagsFromString('--no-regexp-tier-up');

const cli = loadWithCompileCache(join(__dirname, 'main.js'), { dir: defaultCacheDir(), key: TOOLSCHEMA_CLI_HASH }) as { main(): void };
cli.main();
