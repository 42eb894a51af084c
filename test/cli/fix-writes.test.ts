/**
 * What `toolschema lint --fix` writes when it cannot, or must not, write a file: one file that cannot be written
 * does not stop the others (they are fixed, the report is printed, the exit code is 2), and a file named through
 * a symbolic link is linted but never written through the link. Run as root (CI here), the CLI runs as the user
 * "nobody" (uid 65534), for whom a file of root's with mode 444 cannot be written, as for any user.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, linkSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync, lstatSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generatedFile } from '../../bench/generate';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');
const asRoot = process.getuid?.() === 0;

const tool = (name: string) => `{
  "name": "${name}",
  "description": "Use this when the user asks for the current weather in a city; it returns the temperature.",
  "parameters": { "type": "object", "properties": { "city": { "type": "str", "description": "The city name." } }, "required": ["city"] }
}
`;

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, NO_COLOR: '1', HOME: cwd, TOOLSCHEMA_CACHE_DIR: '' },
    ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('toolschema lint --fix: files it cannot or must not write', () => {
  let dir: string;
  let outside: string;
  /** A folder (or a file with `text`) that the CLI, run as nobody, can write. */
  const writableDir = (path: string) => {
    mkdirSync(path, { mode: 0o777 });
    chmodSync(path, 0o777);
    return path;
  };
  const writableFile = (path: string, text: string) => {
    writeFileSync(path, text);
    chmodSync(path, 0o666);
    return path;
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-fixw-'));
    outside = mkdtempSync(join(tmpdir(), 'toolschema-fixw-outside-'));
    for (const d of [dir, outside]) chmodSync(d, 0o777);
  });
  after(() => {
    rmSync(dir, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  it('one unwritable file: the others are fixed, the report is printed, it says which file was not written; exit 2', () => {
    const sub = writableDir(join(dir, 'unwritable'));
    for (const n of ['a', 'b', 'c']) {
      writeFileSync(join(sub, `${n}.tool.json`), tool(`get_weather_${n}`));
      chmodSync(join(sub, `${n}.tool.json`), n === 'b' ? 0o444 : 0o666);
    }
    const r = run(['lint', '.', '--fix', '--format', 'json'], sub);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^toolschema: "b\.tool\.json" cannot be written \(permission denied \(EACCES\)\); its 1 fix was not applied\.$/m);
    const files = new Map((JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string }[] }[] }).files.map((f) => [f.path, f.diagnostics.map((d) => d.rule)]));
    assert.deepEqual([...files.keys()].sort(), ['a.tool.json', 'b.tool.json', 'c.tool.json']);
    for (const n of ['a', 'c']) {
      assert.match(readFileSync(join(sub, `${n}.tool.json`), 'utf8'), /"type": "string"/, `${n} fixed`);
      assert.ok(!files.get(`${n}.tool.json`)!.includes('type-unknown'));
    }
    assert.equal(readFileSync(join(sub, 'b.tool.json'), 'utf8'), tool('get_weather_b'));
    assert.ok(files.get('b.tool.json')!.includes('type-unknown'), 'reported as it is on disk');
  });

  it('a file named through a symbolic link is linted, not written through the link; exit by its findings', () => {
    const sub = writableDir(join(dir, 'links'));
    const target = writableFile(join(outside, 'target.tool.json'), tool('get_weather_t'));
    symlinkSync(target, join(sub, 'link.tool.json'));
    writableFile(join(sub, 'own.tool.json'), tool('get_weather_o'));
    const r = run(['lint', 'link.tool.json', 'own.tool.json', '--fix'], sub);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stdout, /^Fixed 1 problem in 1 file: type-unknown \(1\)\. 1 fix was not applied: see the messages above\.$/m);
    assert.match(r.stderr, /^toolschema: "link\.tool\.json" is reached through a symbolic link \(the file is \/.*\/target\.tool\.json\): --fix does not write through links \(run it on the file itself\); its 1 fix was not applied\.$/m);
    assert.equal(readFileSync(target, 'utf8'), tool('get_weather_t'), 'the target is unchanged');
    assert.ok(lstatSync(join(sub, 'link.tool.json')).isSymbolicLink());
    assert.match(r.stdout, /^link\.tool\.json$/m);
    assert.match(r.stdout, /error +.*type-unknown$/m);
    assert.match(readFileSync(join(sub, 'own.tool.json'), 'utf8'), /"type": "string"/);
  });

  it('a link to a folder outside: never written through, whether named, globbed or in the configuration\'s "files"', () => {
    const sub = writableDir(join(dir, 'folderlink'));
    const away = writableDir(join(outside, 'away'));
    const target = join(away, 'a.tool.json');
    symlinkSync(away, join(sub, 'linkdir'));
    writableFile(join(sub, 'own.tool.json'), tool('get_weather_o'));
    const reset = () => writableFile(target, tool('get_weather_a'));
    for (const args of [['linkdir/*.tool.json'], ['linkdir'], ['linkdir/a.tool.json']]) {
      reset();
      const r = run(['lint', ...args, '--fix'], sub);
      assert.equal(readFileSync(target, 'utf8'), tool('get_weather_a'), `${args.join(' ')}: the file outside is unchanged`);
      assert.equal(r.code, 2, r.stderr);
      assert.match(r.stdout, /^No fixes were applied\. 1 fix was not applied: see the messages above\.$/m);
      assert.match(r.stderr, /^toolschema: "linkdir\/a\.tool\.json" is reached through a symbolic link .*; its 1 fix was not applied\.$/m, args.join(' '));
    }
    // The repository's own configuration: what it finds through the link is not linted at all, nor written.
    symlinkSync(target, join(sub, 'filelink.tool.json'));
    for (const glob of ['linkdir/*.tool.json', 'linkdir/a.tool.json', 'linkdir/**/*.tool.json', '**/*.tool.json', 'filelink.tool.json']) {
      reset();
      writableFile(join(sub, 'toolschema.config.json'), JSON.stringify({ files: [glob, 'own.tool.json'] }));
      const r = run(['lint', '--fix', '--format', 'json'], sub);
      assert.equal(readFileSync(target, 'utf8'), tool('get_weather_a'), `${glob}: the file outside is unchanged`);
      const paths = (JSON.parse(r.stdout) as { files: { path: string }[] }).files.map((f) => f.path);
      assert.ok(!paths.some((p) => p.startsWith('linkdir') || p.startsWith('filelink')), `${glob}: ${paths.join(', ')}`);
    }
  });

  it('a file with another hard link (possibly outside the repository) is not written', () => {
    const sub = writableDir(join(dir, 'hardlink'));
    const outsideFile = writableFile(join(outside, 'hard.tool.json'), tool('get_weather_h'));
    linkSync(outsideFile, join(sub, 'h.tool.json'));
    const r = run(['lint', '.', '--fix'], sub);
    assert.equal(r.code, 2, r.stderr);
    assert.match(r.stderr, /^toolschema: "h\.tool\.json" has 1 other hard link: --fix does not write a file that other names share \(one may be outside the repository\); its 1 fix was not applied\.$/m);
    assert.equal(readFileSync(outsideFile, 'utf8'), tool('get_weather_h'));
  });

  it('a file changed on disk while the run lints is not overwritten; the other files are fixed; exit 2', async () => {
    const sub = writableDir(join(dir, 'changed'));
    const small = writableFile(join(sub, 'a.tool.json'), tool('get_weather_c'));
    // A large file (5,000 tools, 8 MB, seconds of linting and fixing), read after the small one.
    const large = writableFile(join(sub, 'b.tool.json'), generatedFile(5_000).replace(/"type": "string"/, '"type": "str"'));
    const largeBefore = readFileSync(large, 'utf8');
    const child = spawn(process.execPath, [CLI, 'lint', 'a.tool.json', 'b.tool.json', '--fix'], {
      cwd: sub,
      env: { ...process.env, NO_COLOR: '1', HOME: sub, TOOLSCHEMA_CACHE_DIR: '' },
      ...(asRoot ? { uid: 65534, gid: 65534 } : {}),
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    // Once the process has read as many bytes as both files hold (its own script is smaller than the large
    // file), the small file, named first, has been read: it is edited now, while the large one is linted.
    const needed = Buffer.byteLength(largeBefore) + Buffer.byteLength(tool('get_weather_c'));
    let readSoFar = 0;
    let ended = false;
    void exited.then(() => (ended = true));
    while (!ended && readSoFar < needed) {
      try {
        readSoFar = Number(/rchar:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/io`, 'utf8'))?.[1] ?? 0);
      } catch {
        break;
      }
      await new Promise((r) => setTimeout(r, 5));
    }
    assert.ok(!ended, `the run ended before the edit (it read ${readSoFar} bytes): ${stderr}`);
    const edited = tool('get_weather_c').replace('The city name.', 'The city name, edited meanwhile.');
    writeFileSync(small, edited);
    const code = await exited;
    assert.equal(code, 2, stderr);
    assert.match(stderr, /^toolschema: "a\.tool\.json" changed on disk while it was linted: --fix does not overwrite that change \(run it again\); its 1 fix was not applied\.$/m);
    assert.equal(readFileSync(small, 'utf8'), edited, 'the edit made during the run is kept');
    const largeAfter = readFileSync(large, 'utf8');
    assert.notEqual(largeAfter, largeBefore, 'the other file is fixed');
    assert.ok(!largeAfter.includes('"type": "str"'));
  });
});
