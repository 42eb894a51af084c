/**
 * The CLI's code cache (server/src/cli/compileCache.ts, used by dist/cli/toolschema.js): a run writes the cache,
 * the next one uses it without writing it again, and a corrupt, truncated or foreign cache file, an unwritable
 * cache folder, a disabled cache or source maps never change what the CLI prints or its exit code.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, readFileSync, readdirSync, statSync, existsSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { cacheDigest, crc32, crc32Js, defaultCacheDir } from '../../server/src/cli/compileCache';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

const BAD = `{
  "name": "weather",
  "description": "Use this when the user asks for the current weather in a city; it returns the temperature.",
  "parameters": { "type": "object", "properties": { "city": { "type": "str", "description": "The city name." } }, "required": ["city"] }
}
`;

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe('CLI code cache', () => {
  let dir: string;
  let expected: Run;
  const run = (cacheDir: string | undefined, nodeArgs: string[] = []): Run => {
    const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
    delete env.NODE_DISABLE_COMPILE_CACHE;
    if (cacheDir === undefined) delete env.TOOLSCHEMA_CACHE_DIR;
    else env.TOOLSCHEMA_CACHE_DIR = cacheDir;
    const r = spawnSync(process.execPath, [...nodeArgs, CLI, 'lint', 'bad.tool.json', '--format', 'json'], { cwd: dir, encoding: 'utf8', env, timeout: 30_000 });
    assert.equal(r.error, undefined, 'the CLI finished within 30 s');
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  const cacheFiles = (d: string) => (existsSync(d) ? readdirSync(d).filter((f) => f.endsWith('.bin')) : []);
  /** The single cache file of a folder and its inode (a rewrite renames a new file over it). */
  const theCacheFile = (d: string) => {
    const files = cacheFiles(d);
    assert.equal(files.length, 1, `one cache file in ${d}: ${files.join(', ')}`);
    const path = join(d, files[0]!);
    return { path, ino: statSync(path).ino, data: readFileSync(path) };
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-cache-'));
    writeFileSync(join(dir, 'bad.tool.json'), BAD);
    expected = run('');
    assert.equal(expected.code, 1, expected.stderr);
    assert.match(expected.stdout, /type-unknown/);
    assert.equal(expected.stderr, '');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the first run writes the cache, the next ones use it without writing it again', () => {
    const cache = join(dir, 'c1');
    assert.deepEqual(run(cache), expected);
    const first = theCacheFile(cache);
    assert.ok(first.data.length > 100_000, `cache size ${first.data.length}`);
    assert.deepEqual(run(cache), expected);
    assert.deepEqual(run(cache), expected);
    assert.equal(theCacheFile(cache).ino, first.ino, 'an accepted cache is not written again');
  });

  it('a corrupt, truncated, empty or foreign cache file is replaced, with the same output', () => {
    const cache = join(dir, 'c2');
    run(cache);
    const good = theCacheFile(cache);
    assert.equal(good.data.subarray(0, 8).toString(), 'TSCC0003');
    assert.equal(good.data.readUInt32LE(8), crc32(good.data.subarray(12)), 'the file holds the CRC-32 of its data');
    const flipped = Buffer.from(good.data);
    for (let i = 40; i < flipped.length; i += 997) flipped[i] = flipped[i]! ^ 0x5a;
    const garbage = Buffer.alloc(good.data.length, 0x41);
    // Valid framing (magic and the data's checksum) around data V8 itself must reject.
    const junk = Buffer.from('not V8 code cache data '.repeat(100));
    const check = Buffer.alloc(4);
    check.writeUInt32LE(crc32(junk));
    const foreign = Buffer.concat([good.data.subarray(0, 8), check, junk]);
    for (const [label, bytes] of [['flipped bytes', flipped], ['truncated', good.data.subarray(0, good.data.length >> 1)], ['empty', Buffer.alloc(0)], ['garbage', garbage], ['foreign', foreign]] as const) {
      writeFileSync(good.path, bytes);
      const before = statSync(good.path).ino;
      assert.deepEqual(run(cache), expected, label);
      const now = theCacheFile(cache);
      assert.notEqual(now.ino, before, `${label}: the cache was written again`);
      assert.deepEqual(run(cache), expected, `${label}, then the rewritten cache`);
      assert.equal(theCacheFile(cache).ino, now.ino, `${label}: the rewritten cache is accepted`);
    }
  });

  it('a FIFO, a link to /dev/zero or a folder in place of the cache file is not read, with the same output', () => {
    // An independent tester: a FIFO made the loader wait forever for a writer, /dev/zero was read until 6 GB.
    const cache = join(dir, 'c4');
    run(cache);
    const { path } = theCacheFile(cache);
    for (const [label, make] of [
      ['FIFO', () => spawnSync('mkfifo', [path])],
      ['link to /dev/zero', () => symlinkSync('/dev/zero', path)],
      ['folder', () => mkdirSync(path)],
    ] as const) {
      rmSync(path, { recursive: true, force: true });
      make();
      assert.deepEqual(run(cache), expected, label);
    }
  });

  it('an unwritable cache folder, a disabled cache and source maps change nothing', () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    assert.deepEqual(run(join(file, 'cache')), expected, 'cache folder below a file (ENOTDIR)');
    const readOnly = join(dir, 'c3');
    mkdirSync(readOnly);
    writeFileSync(join(readOnly, 'main-0123456789abcdef.bin'), 'stale');
    assert.deepEqual(run(readOnly, ['--enable-source-maps']), expected, 'source maps: loaded by require');
    assert.deepEqual(cacheFiles(readOnly), ['main-0123456789abcdef.bin'], 'no cache written with source maps');
    assert.deepEqual(run(''), expected, 'TOOLSCHEMA_CACHE_DIR empty: no cache');
  });
});

describe('CLI start-up', () => {
  it('a lint of one file loads neither node:crypto, node:child_process nor node:worker_threads', () => {
    // Each is loaded on first use (the --cache file's hashes, git, worker threads): together about 15 ms of a start.
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-startup-'));
    try {
      writeFileSync(join(dir, 'bad.tool.json'), BAD);
      const probe = join(dir, 'probe.js');
      const out = join(dir, 'modules.txt');
      writeFileSync(probe, `process.on('exit', () => require('fs').writeFileSync(${JSON.stringify(out)}, process.moduleLoadList.join('\\n')));`);
      const r = spawnSync(process.execPath, ['--require', probe, CLI, 'lint', 'bad.tool.json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
      assert.equal(r.status, 1, r.stderr);
      assert.match(r.stdout, /type-unknown/);
      const loaded = readFileSync(out, 'utf8').split('\n');
      assert.ok(loaded.includes('NativeModule fs'), 'the list names built-in modules as "NativeModule <name>"');
      for (const m of ['crypto', 'child_process', 'worker_threads']) assert.ok(!loaded.includes(`NativeModule ${m}`), `${m} was loaded`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('defaultCacheDir', () => {
  it('follows TOOLSCHEMA_CACHE_DIR, NODE_DISABLE_COMPILE_CACHE, XDG_CACHE_HOME and the platform', () => {
    assert.equal(defaultCacheDir({ TOOLSCHEMA_CACHE_DIR: '/x/y' }, 'linux'), '/x/y');
    assert.equal(defaultCacheDir({ TOOLSCHEMA_CACHE_DIR: '' }, 'linux'), null);
    assert.equal(defaultCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1', XDG_CACHE_HOME: '/c' }, 'linux'), null);
    assert.equal(defaultCacheDir({ XDG_CACHE_HOME: '/c' }, 'linux'), join('/c', 'toolschema'));
    assert.equal(defaultCacheDir({ LOCALAPPDATA: 'C:\\Users\\u\\AppData\\Local' }, 'win32'), join('C:\\Users\\u\\AppData\\Local', 'toolschema'));
    assert.match(defaultCacheDir({}, 'darwin')!, /Library[\\/]Caches[\\/]toolschema$/);
    assert.match(defaultCacheDir({}, 'linux')!, /\.cache[\\/]toolschema$/);
  });
});

describe('cacheDigest', () => {
  it('changes with any one changed byte, with truncation and with length', () => {
    let seed = 12345;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const data = Buffer.alloc(100_003);
    for (let i = 0; i < data.length; i++) data[i] = Math.floor(random() * 256);
    const base = cacheDigest(data).toString('hex');
    assert.equal(base.length, 40);
    // Every byte of the first and last 64, and 2,000 others (the tail bytes after the last whole word too).
    const positions = [...Array(64).keys(), ...Array.from({ length: 64 }, (_, k) => data.length - 1 - k), ...Array.from({ length: 2000 }, () => Math.floor(random() * data.length))];
    const seen = new Set([base]);
    for (const at of positions) {
      const changed = Buffer.from(data);
      changed[at] = changed[at]! ^ (1 + Math.floor(random() * 255));
      const d = cacheDigest(changed).toString('hex');
      assert.notEqual(d, base, `byte ${at} changed`);
      seen.add(d);
    }
    for (let cut = 1; cut <= 8; cut++) assert.notEqual(cacheDigest(data.subarray(0, data.length - cut)).toString('hex'), base, `${cut} bytes cut`);
    const zeros = new Set(Array.from({ length: 64 }, (_, n) => cacheDigest(Buffer.alloc(n)).toString('hex')));
    assert.equal(zeros.size, 64, 'runs of zeros of 0 to 63 bytes have distinct digests');
    assert.equal(cacheDigest(Buffer.from(data)).toString('hex'), base, 'the same bytes, the same digest');
  });
});

describe('crc32', () => {
  it('is the CRC-32 of zlib and gzip, natively and in JavaScript', () => {
    // The check value of CRC-32/ISO-HDLC.
    assert.equal(crc32(Buffer.from('123456789')), 0xcbf43926);
    assert.equal(crc32Js(Buffer.from('123456789')), 0xcbf43926);
    assert.equal(crc32Js(Buffer.alloc(0)), 0);
    let seed = 99;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (const length of [1, 2, 3, 4, 5, 7, 8, 9, 255, 256, 4099, 1 << 20]) {
      const data = Buffer.alloc(length);
      for (let i = 0; i < length; i++) data[i] = Math.floor(random() * 256);
      assert.equal(crc32Js(data), crc32(data), `${length} bytes`);
    }
  });

  it('changes with any one changed byte and with truncation', () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const data = Buffer.alloc(100_003);
    for (let i = 0; i < data.length; i++) data[i] = Math.floor(random() * 256);
    const base = crc32(data);
    for (const at of [...Array(64).keys(), ...Array.from({ length: 64 }, (_, k) => data.length - 1 - k), ...Array.from({ length: 2000 }, () => Math.floor(random() * data.length))]) {
      const changed = Buffer.from(data);
      changed[at] = changed[at]! ^ (1 + Math.floor(random() * 255));
      assert.notEqual(crc32(changed), base, `byte ${at} changed`);
    }
    for (let cut = 1; cut <= 8; cut++) assert.notEqual(crc32(data.subarray(0, data.length - cut)), base, `${cut} bytes cut`);
  });
});
