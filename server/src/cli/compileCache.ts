/**
 * Loads the CLI bundle with a V8 code cache, so a run does not compile its JavaScript again: the bundle is
 * compiled with `new vm.Script(source, { cachedData })` from a cache file written by an earlier run (after that
 * run, so the cache also holds the functions it compiled lazily). Node ≥ 22.1 has this built in
 * (`module.enableCompileCache`), which is used instead.
 *
 * The cache is an optimisation only: a missing, unreadable, corrupt or stale cache file, or an unwritable cache
 * folder, means an ordinary compilation, never an error. A cache file is named by the bundle's build hash, the
 * Node version and the architecture, and holds a checksum of its data (crc32), checked before V8 sees it (V8 itself
 * only checks the data's version, flags and length). With source maps enabled (`--enable-source-maps`) the bundle
 * is loaded by `require` as usual, so stack traces map to the TypeScript sources.
 */
import Module, { createRequire } from 'node:module';
import { closeSync, constants, fstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { basename, dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { lazyModule } from '../lazyModule';

export interface CompileCacheOptions {
  /** Folder of the cache files; null loads the bundle without a cache. */
  dir: string | null;
  /** The bundle's content hash (computed when it was built). */
  key: string;
}

/** What happened, for tests: loaded by `require`, compiled with an accepted cache, or compiled without one. */
export type CacheOutcome = 'require' | 'hit' | 'miss';

/**
 * 0003: the data's checksum is its CRC-32 (0002 files, with cacheDigest's, and 0001 files, with a SHA-1, are read
 * as corrupt and replaced).
 */
const MAGIC = Buffer.from('TSCC0003');
const CHECK_BYTES = 4;
const MAX_CACHE_BYTES = 256 * 1024 * 1024;
/** Cache files of other builds (or Node versions) of the same bundle kept beside the current one. */
const KEEP_OTHER_FILES = 3;

/**
 * The cache folder: `TOOLSCHEMA_CACHE_DIR` (empty: no cache), else `toolschema` in the user's cache folder
 * (`XDG_CACHE_HOME`, `~/.cache`, `~/Library/Caches` on macOS, `%LOCALAPPDATA%` on Windows). No cache when
 * `NODE_DISABLE_COMPILE_CACHE` is set, as with Node's own compile cache, or without a home folder. The cache
 * holds code the CLI runs: it belongs in a folder only the user can write.
 */
export function defaultCacheDir(env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform): string | null {
  if (env.TOOLSCHEMA_CACHE_DIR !== undefined) return env.TOOLSCHEMA_CACHE_DIR === '' ? null : env.TOOLSCHEMA_CACHE_DIR;
  if (env.NODE_DISABLE_COMPILE_CACHE) return null;
  let base = env.XDG_CACHE_HOME || (platform === 'win32' ? env.LOCALAPPDATA : undefined);
  if (!base) {
    try {
      base = platform === 'darwin' ? join(homedir(), 'Library', 'Caches') : join(homedir(), '.cache');
    } catch {
      // No home folder: no cache. Never a shared temporary folder, where another user could plant cache data.
      return null;
    }
  }
  return join(base, 'toolschema');
}

/**
 * A 160-bit hash of `data`, five 32-bit lanes mixed over its 32-bit words (one changed word always changes the
 * first lane: each step is a bijection of it): names the cache files. It once checked their data too, but running
 * cold, as it does at every start, it cost 55 to 120 million instructions on a 1.4 MB cache; crc32 does that now.
 */
export function cacheDigest(data: Buffer): Buffer {
  const words = data.length >>> 2;
  let h1 = 0xdeadbeef ^ data.length;
  let h2 = 0x41c6ce57;
  let h3 = 0x9e3779b9;
  let h4 = 0x85ebca6b;
  for (let i = 0; i < words; i++) {
    const w = data.readUInt32LE(i << 2);
    h1 = Math.imul(h1 ^ w, 2654435761);
    h2 = Math.imul(h2 ^ w, 1597334677);
    h3 = (Math.imul(h3 ^ h1, 2246822507) + w) | 0;
    h4 = (Math.imul(h4 ^ h2, 3266489909) + w) | 0;
  }
  for (let i = words << 2; i < data.length; i++) {
    h1 = Math.imul(h1 ^ data[i]!, 2654435761);
    h2 = Math.imul(h2 ^ data[i]!, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const out = Buffer.alloc(20);
  out.writeUInt32LE(h1 >>> 0, 0);
  out.writeUInt32LE(h2 >>> 0, 4);
  out.writeUInt32LE(h3 >>> 0, 8);
  out.writeUInt32LE(h4 >>> 0, 12);
  out.writeUInt32LE((h1 ^ h3 ^ Math.imul(h4, 0x27d4eb2d)) >>> 0, 16);
  return out;
}

const zlib = lazyModule(() => require('node:zlib') as { crc32?: (data: Uint8Array) => number });

/**
 * The CRC-32 (ISO-HDLC, as zlib and gzip compute it) of `data`: zlib's native one where Node has it (20.15 and
 * later; about 1 million instructions for a 1.4 MB cache), else crc32Js. A CRC-32 finds every change of one to 32
 * consecutive bits and all but one in 4 billion others: a damaged file. Like any checksum stored beside the data,
 * it is no defence against someone who can write the cache folder (see defaultCacheDir).
 */
export function crc32(data: Uint8Array): number {
  const native = zlib().crc32;
  return typeof native === 'function' ? native(data) >>> 0 : crc32Js(data);
}

let crcTable: Int32Array | undefined;

/** The same CRC-32 in JavaScript, one table look-up per byte (exported for its test). */
export function crc32Js(data: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Int32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c;
    }
  }
  let crc = -1;
  for (let i = 0; i < data.length; i++) crc = crcTable[(crc ^ data[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ -1) >>> 0;
}

function checkBytes(payload: Uint8Array): Buffer {
  const out = Buffer.alloc(CHECK_BYTES);
  out.writeUInt32LE(crc32(payload), 0);
  return out;
}

/** The cache file of a bundle: `<bundle name>-<hash of key, Node version, architecture and source length>.bin`. */
export function cacheFileFor(dir: string, file: string, key: string, sourceLength: number): string {
  const id = cacheDigest(Buffer.from(`${key}\0${process.version}\0${process.arch}\0${sourceLength}`)).toString('hex').slice(0, 16);
  return join(dir, `${basename(file, '.js')}-${id}.bin`);
}

/** The cache data of a cache file, or undefined when it is missing, unreadable or corrupt. */
function readCache(path: string): Buffer | undefined {
  let data: Buffer;
  let fd: number | undefined;
  try {
    // Only a regular file of at most MAX_CACHE_BYTES: a FIFO in its place waited forever for a writer, and a link to
    // /dev/zero was read until memory ran out (6 GB in 20 s; an independent tester). O_NONBLOCK: opening a FIFO
    // does not wait; fstat then refuses it.
    fd = openSync(path, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0));
    const st = fstatSync(fd);
    if (!st.isFile() || st.size > MAX_CACHE_BYTES) return undefined;
    data = Buffer.allocUnsafe(st.size);
    let n = 0;
    while (n < data.length) {
      const got = readSync(fd, data, n, data.length - n, null);
      if (got === 0) break;
      n += got;
    }
    data = data.subarray(0, n);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
  const head = MAGIC.length + CHECK_BYTES;
  if (data.length <= head || data.length > MAX_CACHE_BYTES || !data.subarray(0, MAGIC.length).equals(MAGIC)) return undefined;
  const payload = data.subarray(head);
  return checkBytes(payload).equals(data.subarray(MAGIC.length, head)) ? payload : undefined;
}

/** Writes a cache file atomically (a temporary file renamed). */
function writeCache(path: string, payload: Buffer): void {
  const dir = dirname(path);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(tmp, Buffer.concat([MAGIC, checkBytes(payload), payload]));
    renameSync(tmp, path);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // nothing was written
    }
    throw e;
  }
  // Other builds or Node versions leave their own files: keep the newest few.
  const name = basename(path);
  const prefix = name.slice(0, name.lastIndexOf('-') + 1);
  const others = readdirSync(dir)
    .filter((f) => f !== name && f.startsWith(prefix) && /^[0-9a-f]{16}\.bin$/.test(f.slice(prefix.length)))
    .map((f) => {
      try {
        return { f, t: statSync(join(dir, f)).mtimeMs };
      } catch {
        return { f, t: 0 };
      }
    })
    .sort((a, b) => b.t - a.t);
  for (const { f } of others.slice(KEEP_OTHER_FILES)) {
    try {
      unlinkSync(join(dir, f));
    } catch {
      // another process may have removed it
    }
  }
}

type ModuleWrapper = (exports: unknown, require: NodeJS.Require, module: Module, filename: string, dirname: string) => void;

/**
 * Loads a CommonJS bundle (as `require(file)` would) and returns its exports, compiled with the code cache of
 * `options.dir`. `onOutcome` is told how it was loaded.
 */
export function loadWithCompileCache(file: string, options: CompileCacheOptions, onOutcome?: (o: CacheOutcome) => void): unknown {
  const plain = (): unknown => {
    onOutcome?.('require');
    return require(file) as unknown;
  };
  const builtin = (Module as unknown as { enableCompileCache?: (dir?: string) => unknown }).enableCompileCache;
  if (typeof builtin === 'function') {
    if (options.dir !== null) {
      try {
        builtin(join(options.dir, 'node'));
      } catch {
        // no cache
      }
    }
    return plain();
  }
  if (options.dir === null || process.sourceMapsEnabled) return plain();

  let source: string;
  try {
    source = readFileSync(file, 'utf8');
  } catch {
    return plain(); // require reports the error as usual
  }
  let cacheFile: string | undefined;
  let cached: Buffer | undefined;
  try {
    cacheFile = cacheFileFor(options.dir, file, options.key, source.length);
    cached = readCache(cacheFile);
  } catch {
    cacheFile = undefined;
  }
  // A shebang line is valid only at the very start of a script; the wrapper keeps every line where it was.
  const body = source.startsWith('#!') ? '//' + source.slice(2) : source;
  let script: Script;
  try {
    script = new Script(Module.wrap(body), { filename: file, ...(cached ? { cachedData: cached } : {}) });
  } catch {
    return plain(); // a syntax error: require reports it as usual
  }
  const hit = cached !== undefined && !script.cachedDataRejected;
  if (!hit && cacheFile !== undefined) {
    const target = cacheFile;
    // After the run, so the cache also holds the functions compiled while it ran.
    process.once('exit', () => {
      try {
        writeCache(target, script.createCachedData());
      } catch {
        // an unwritable cache folder: the next run compiles again
      }
    });
  }
  onOutcome?.(hit ? 'hit' : 'miss');
  const wrapper = script.runInThisContext({ displayErrors: true }) as ModuleWrapper;
  const mod = new Module(file, module);
  mod.filename = file;
  mod.paths = (Module as unknown as { _nodeModulePaths(dir: string): string[] })._nodeModulePaths(dirname(file));
  wrapper.call(mod.exports, mod.exports, createRequire(file), mod, file, dirname(file));
  mod.loaded = true;
  return mod.exports;
}
