/**
 * Files on disk that a hostile repository can hold (issue 7): a FIFO named like a tool file (reading it waited for a
 * writer forever), links to /dev/zero and /dev/urandom (read until memory ran out), a loop of links, a sparse file
 * of gigabytes (the CLI stopped with "Cannot create a string longer than 0x1fffffe8 characters" and linted
 * nothing). Through safeRead.ts and the built CLI; every CLI run has a time limit, so a hang fails the test.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeFileSync, rmSync, symlinkSync, truncateSync, mkdirSync, readFileSync, readdirSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { READ_LIMIT, readBounded, readTextBounded, tryReadText, UnreadableFileError } from '../../server/src/safeRead';
import { MAX_FILE_BYTES, ToolDocument } from '../../shared/src/document';
import { writeReplacing } from '../../server/src/safeWrite';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');
const posix = process.platform !== 'win32';

type JsonOutput = { files: { path: string; diagnostics: { rule: string; message: string }[] }[] };
const files = (stdout: string) => new Map((JSON.parse(stdout) as JsonOutput).files.map((f) => [f.path, f.diagnostics]));

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string; signal: NodeJS.Signals | null } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000 });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr, signal: r.signal };
}

const OK = '[{"type":"function","function":{"name":"get_weather","description":"Use this when the user asks for the weather in a city. Returns the temperature.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name."}},"required":["city"],"additionalProperties":false}}}]\n';

/** mkfifo is not in Node: the system's (coreutils), present wherever the CLI tests run (Linux, macOS). */
function mkfifo(path: string): void {
  const r = spawnSync('mkfifo', [path]);
  assert.equal(r.status, 0, `mkfifo ${path}: ${r.stderr}`);
}

describe('reading files from a hostile repository', { skip: !posix && 'FIFOs and /dev need a POSIX system' }, () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-hostile-disk-'));
    writeFileSync(join(dir, 'ok.tool.json'), OK);
    mkfifo(join(dir, 'fifo.tool.json'));
    symlinkSync('/dev/zero', join(dir, 'zero.tool.json'));
    symlinkSync('/dev/urandom', join(dir, 'random.tool.json'));
    symlinkSync('loop-b.tool.json', join(dir, 'loop-a.tool.json'));
    symlinkSync('loop-a.tool.json', join(dir, 'loop-b.tool.json'));
    // Sparse: 3 GiB of size, no blocks on disk.
    writeFileSync(join(dir, 'huge.tool.json'), '');
    truncateSync(join(dir, 'huge.tool.json'), 3 * 1024 ** 3);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  /** Runs `body` with a new folder `name` of the repository and a folder outside it (removed afterwards). */
  function withOutside(name: string, body: (sub: string, outside: string) => void): void {
    const outside = mkdtempSync(join(tmpdir(), 'toolschema-outside-'));
    const sub = join(dir, name);
    mkdirSync(sub);
    try {
      body(sub, outside);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  }

  it('readBounded refuses what is not a regular file, without waiting, and says what it is', () => {
    const cases: [string, RegExp][] = [
      ['fifo.tool.json', /it is a FIFO \(named pipe\), not a regular file/],
      ['zero.tool.json', /it is a character device, not a regular file/],
      ['random.tool.json', /it is a character device, not a regular file/],
      ['loop-a.tool.json', /a loop of symbolic links \(ELOOP\)/],
      ['missing.tool.json', /no such file \(ENOENT\)/],
      ['.', /it is a folder, not a regular file/],
    ];
    for (const [name, reason] of cases) {
      assert.throws(
        () => readBounded(join(dir, name)),
        (e: unknown) => e instanceof UnreadableFileError && reason.test(e.reason),
        name,
      );
      assert.equal(tryReadText(join(dir, name)), undefined, name);
    }
  });

  it('a regular file is read whole up to the limit; past it, only its head, marked incomplete', () => {
    assert.equal(readTextBounded(join(dir, 'ok.tool.json')), OK);
    const p = join(dir, 'ten.bin');
    writeFileSync(p, '0123456789');
    assert.deepEqual(readBounded(p, 10), { bytes: Buffer.from('0123456789'), complete: true });
    const over = readBounded(p, 9, 4);
    assert.equal(over.complete, false);
    assert.equal(over.bytes.toString(), '0123');
    rmSync(p);
  });

  it('a sparse 3 GiB file is read as its first 32 MiB + 1 bytes, which ToolDocument refuses for their size', () => {
    const r = readBounded(join(dir, 'huge.tool.json'));
    assert.equal(r.complete, false);
    assert.equal(r.bytes.length, MAX_FILE_BYTES + 1);
    assert.ok(READ_LIMIT >= 3 * MAX_FILE_BYTES, 'any file cut at the limit has more characters than the size bound');
    const text = readTextBounded(join(dir, 'huge.tool.json'));
    assert.equal(text.length, MAX_FILE_BYTES + 1);
    assert.equal(new ToolDocument('file:///huge.tool.json', text).refused, 'size');
  });

  it('the CLI on the folder lints the regular files, reports the huge one as too large, and skips the rest', () => {
    const r = run(['.', '--format', 'json'], dir);
    assert.equal(r.signal, null, 'no hang');
    assert.equal(r.code, 1, r.stderr);
    const byFile = files(r.stdout);
    assert.deepEqual([...byFile.keys()].sort(), ['huge.tool.json', 'ok.tool.json']);
    assert.deepEqual(byFile.get('huge.tool.json')!.map((m) => m.rule), ['parse-error']);
    assert.match(byFile.get('huge.tool.json')![0]!.message, /larger than 32 MB/);
  });

  it('a glob that matches the FIFO and the device links lints only the regular files', () => {
    const r = run(['*.tool.json', '--format', 'json'], dir);
    assert.equal(r.signal, null, 'no hang');
    assert.deepEqual([...files(r.stdout).keys()].sort(), ['huge.tool.json', 'ok.tool.json']);
  });

  it('naming a FIFO, a device link or a link loop is a usage error that says what it is (exit 2)', () => {
    const cases: [string, RegExp][] = [
      ['fifo.tool.json', /"fifo\.tool\.json" is a FIFO \(named pipe\), not a regular file: toolschema reads regular files only\./],
      ['zero.tool.json', /"zero\.tool\.json" is a character device, not a regular file/],
      ['loop-a.tool.json', /cannot read "loop-a\.tool\.json": a loop of symbolic links \(ELOOP\)\./],
      ['missing.tool.json', /no such file or folder: "missing\.tool\.json"/],
    ];
    for (const [name, message] of cases) {
      const r = run([name], dir);
      assert.equal(r.signal, null, `${name}: no hang`);
      assert.equal(r.code, 2, `${name}: ${r.stdout}${r.stderr}`);
      assert.match(r.stderr, message, name);
    }
  });

  it('files found by the walk that cannot be read (a name that is not UTF-8) are reported as errors; the others are linted', () => {
    const sub = join(dir, 'names');
    mkdirSync(sub);
    writeFileSync(join(sub, 'ok.tool.json'), OK);
    // Bytes that are not UTF-8 in a name: Node.js lists it with U+FFFD and cannot open it by that name. Linux file
    // systems take any bytes but "/" and NUL; one that refuses them (APFS: EILSEQ) cannot hold such a file, and
    // there the CLI must simply lint the rest.
    const badName = (suffix: string) => Buffer.concat([Buffer.from(join(sub, 'bad')), Buffer.from([0xff]), Buffer.from(suffix)]);
    let refused: string | undefined;
    try {
      writeFileSync(badName('.tool.json'), OK);
      writeFileSync(badName('.eval.json'), '{ "cases": [] }');
    } catch (e) {
      refused = (e as NodeJS.ErrnoException).code;
      assert.ok(refused === 'EILSEQ' || refused === 'EINVAL', String(e));
    }
    const r = run(['.', '--format', 'json'], sub);
    assert.equal(r.signal, null, 'no hang');
    assert.equal(r.code, refused ? 0 : 1, r.stderr);
    const byFile = files(r.stdout);
    if (refused) {
      assert.deepEqual([...byFile.keys()], ['ok.tool.json']);
      return;
    }
    assert.deepEqual([...byFile.keys()].sort(), ['bad\uFFFD.eval.json', 'bad\uFFFD.tool.json', 'ok.tool.json']);
    for (const name of ['bad\uFFFD.tool.json', 'bad\uFFFD.eval.json']) {
      assert.deepEqual(byFile.get(name)!.map((m) => m.rule), ['parse-error'], name);
      assert.match(byFile.get(name)![0]!.message, /^This file could not be read: no such file \(ENOENT\)\. Its name is not valid UTF-8/, name);
    }
    assert.ok(byFile.get('ok.tool.json')!.every((m) => m.rule !== 'parse-error'));
  });

  it('a glob, like a folder walk, skips symbolic links: --fix never writes through one to a file outside the folder', () => {
    withOutside('links', (sub, outside) => {
      const target = join(outside, 'victim.tool.json');
      const fixable = '{"name":"get_x","description":"Use this when the user asks for x. Returns x.","parameters":{"type":"object","properties":{"n":{"type":"str","description":"N."}}}}';
      writeFileSync(target, fixable);
      symlinkSync(target, join(sub, 'link.tool.json'));
      writeFileSync(join(sub, 'ok.tool.json'), OK);
      for (const args of [['*.tool.json', '--fix'], ['.', '--fix']]) {
        const r = run(args, sub);
        assert.equal(r.code, 0, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
        assert.doesNotMatch(r.stdout, /link\.tool\.json/, args.join(' '));
        assert.equal(readFileSync(target, 'utf8'), fixable, `${args.join(' ')}: the file outside is unchanged`);
      }
      // Named on the command line, a link is followed: the user asked for that file.
      const named = run(['link.tool.json', '--format', 'json'], sub);
      assert.deepEqual([...files(named.stdout).keys()], ['link.tool.json']);
      assert.ok(files(named.stdout).get('link.tool.json')!.some((m) => m.rule === 'type-unknown'));
    });
  });

  it('an evaluation set whose tool file is a FIFO is treated as missing; a FIFO as --cache file is refused, not replaced', () => {
    const sub = join(dir, 'evals');
    mkdirSync(sub);
    writeFileSync(join(sub, 'ok.tool.json'), OK);
    mkfifo(join(sub, 'pipe.tool.json.fifo'));
    const cases = Array.from({ length: 5 }, (_, i) => `{ "id": "c${i}", "prompt": "What is the weather in Paris ${i}?", "expect": { "tool": "get_weather" } }`).join(', ');
    writeFileSync(join(sub, 'ok.eval.json'), `{ "tools": "./pipe.tool.json.fifo", "cases": [${cases}] }`);
    mkfifo(join(sub, '.toolschemacache'));
    const refused = run(['.', '--cache', '--format', 'json'], sub);
    assert.equal(refused.signal, null, 'no hang');
    assert.equal(refused.code, 2);
    assert.match(refused.stderr, /the cache file "\.toolschemacache" would replace what is there: it is a FIFO \(named pipe\), not a regular file/);
    assert.ok(lstatSync(join(sub, '.toolschemacache')).isFIFO());
    const r = run(['.', '--format', 'json'], sub);
    assert.equal(r.signal, null, 'no hang');
    assert.ok(r.code === 0 || r.code === 1, r.stderr);
    const set = files(r.stdout).get('ok.eval.json');
    assert.ok(set, r.stdout);
    assert.ok(set.some((m) => m.rule === 'eval-unknown-tool' && /pipe\.tool\.json\.fifo does not exist/.test(m.message)), JSON.stringify(set));
  });

  it('a report that cannot be written (standard output on a full device) is a message and exit code 2, not a stack trace', () => {
    // /dev/full: every write fails with ENOSPC (found by an independent audit: an uncaught exception, exit 1).
    const full = openSync('/dev/full', 'w');
    let r;
    try {
      r = spawnSync(process.execPath, [CLI, 'lint', '--format', 'json', 'ok.tool.json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000, stdio: ['ignore', full, 'pipe'] });
    } finally {
      closeSync(full);
    }
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^toolschema: cannot write the report to standard output \(no space left on the device \(ENOSPC\)\)/);
    assert.ok(!/\n\s+at /.test(r.stderr), `no stack trace: ${r.stderr}`);
  });

  it('a usage error whose message cannot be written (standard error on a full device) still exits 2', () => {
    const full = openSync('/dev/full', 'w');
    let r;
    try {
      r = spawnSync(process.execPath, [CLI, 'lint', '--format', 'xml'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' }, timeout: 60_000, stdio: ['ignore', 'pipe', full] });
    } finally {
      closeSync(full);
    }
    assert.equal(r.status, 2, 'exit code of a usage error (it was 1: the failed write threw)');
  });

  it('files the CLI writes replace a link at their path or at their temporary name, never write through it', () => {
    withOutside('writes', (sub, outside) => {
      const victim = join(outside, 'victim.txt');
      const reset = () => writeFileSync(victim, 'keep me');
      // writeReplacing: a link at the path, then one planted at this process's temporary name.
      reset();
      symlinkSync(victim, join(sub, 'out.json'));
      writeReplacing(join(sub, 'out.json'), 'new');
      assert.equal(readFileSync(victim, 'utf8'), 'keep me');
      assert.ok(lstatSync(join(sub, 'out.json')).isFile());
      assert.equal(readFileSync(join(sub, 'out.json'), 'utf8'), 'new');
      symlinkSync(victim, join(sub, `out.json.${process.pid}.tmp`));
      writeReplacing(join(sub, 'out.json'), 'newer');
      assert.equal(readFileSync(victim, 'utf8'), 'keep me');
      assert.equal(readFileSync(join(sub, 'out.json'), 'utf8'), 'newer');
      assert.deepEqual(readdirSync(sub).sort(), ['out.json']);
      // --cache: a repository shipping .toolschemacache as a link to a file of the user's (refused: not a cache),
      // or to a cache (the link is replaced by the new cache).
      writeFileSync(join(sub, 'ok.tool.json'), OK);
      symlinkSync(victim, join(sub, '.toolschemacache'));
      const refused = run(['ok.tool.json', '--cache'], sub);
      assert.equal(refused.code, 2, refused.stderr);
      assert.match(refused.stderr, /not a toolschema cache file/);
      assert.equal(readFileSync(victim, 'utf8'), 'keep me');
      assert.ok(lstatSync(join(sub, '.toolschemacache')).isSymbolicLink());
      writeFileSync(victim, '{"format":1,"run":"another","files":{}}');
      const r = run(['ok.tool.json', '--cache'], sub);
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      assert.equal(readFileSync(victim, 'utf8'), '{"format":1,"run":"another","files":{}}');
      assert.ok(lstatSync(join(sub, '.toolschemacache')).isFile(), 'the link is replaced by the cache');
    });
  });

  it('a toolschema.config.json that is a FIFO, a link to /dev/zero or a folder is an error, not passed over in silence', () => {
    // An independent tester: the run went on with the defaults (exit 0, nothing said), where --config on the same
    // file exits 2; a parent folder's configuration could have applied instead.
    for (const [label, make] of [
      ['FIFO', (p: string) => mkfifo(p)],
      ['link to /dev/zero', (p: string) => symlinkSync('/dev/zero', p)],
      ['folder', (p: string) => mkdirSync(p)],
    ] as const) {
      withOutside(`config-${label.replace(/\W+/g, '-')}`, (sub) => {
        writeFileSync(join(sub, 'a.tool.json'), OK);
        make(join(sub, 'toolschema.config.json'));
        const r = run(['lint', '--format', 'json'], sub);
        assert.equal(r.signal, null, `${label}: finished`);
        assert.equal(r.code, 2, `${label}: ${r.stderr}`);
        assert.match(r.stderr, /cannot read configuration file ".*toolschema\.config\.json": .*not a regular file/, label);
      });
    }
  });
});
