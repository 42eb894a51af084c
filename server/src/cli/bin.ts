/**
 * The `toolschema` command (dist/cli/toolschema.js): loads the CLI (dist/cli/main.js) with a V8 code cache
 * (compileCache.ts) and runs it. Kept tiny: everything it imports is compiled on every run.
 */
import { join } from 'node:path';
import { defaultCacheDir, loadWithCompileCache } from './compileCache';

/** The SHA-1 of dist/cli/main.js, set by esbuild.mjs when it builds this file. */
declare const TOOLSCHEMA_CLI_HASH: string;

const cli = loadWithCompileCache(join(__dirname, 'main.js'), { dir: defaultCacheDir(), key: TOOLSCHEMA_CLI_HASH }) as { main(): void };
cli.main();
