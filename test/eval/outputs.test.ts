/**
 * `toolschema eval --out / --report`: what is at those paths is checked before any model request. Only a missing
 * file in an existing folder, an empty file, a link (replaced itself) or a results file / report of ours is
 * replaced; a FIFO, a device, a folder, the set, its tool file, someone's notes, or the same path for both are
 * refused with exit 2, nothing requested and nothing written. The built CLI in a child process, with a time limit.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readFileSync, readdirSync, mkdirSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ScriptedServer } from './scriptedServer';
import { SENTINEL_KEY, TOOLS, evalSet, script } from './fixtures';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

function run(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string; signal: string | null }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', OPENAI_API_KEY: SENTINEL_KEY };
  return new Promise((res) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env, encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) => {
      const e = err as (Error & { code?: unknown; signal?: string | null }) | null;
      res({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, stdout, stderr, signal: e?.signal ?? null });
    });
  });
}

describe('toolschema eval --out / --report', () => {
  const server = new ScriptedServer(script);
  let dir: string;
  const TOOL_TEXT = JSON.stringify(TOOLS, null, 2);
  const SET_TEXT = JSON.stringify(evalSet(['correct']), null, 2);
  const evalArgs = () => ['eval', 'weather.eval.json', '--base-url', server.openaiBase, '--model', 'scripted', '--timeout', '5000', '--max-retries', '0'];

  before(async () => {
    await server.start();
  });
  after(async () => {
    await server.stop();
  });

  /** A fresh folder with the set and its tool file. */
  function fresh(): string {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-eval-out-'));
    writeFileSync(join(dir, 'weather.tool.json'), TOOL_TEXT);
    writeFileSync(join(dir, 'weather.eval.json'), SET_TEXT);
    return dir;
  }

  async function refused(args: string[], message: RegExp, setup: (d: string) => void): Promise<void> {
    const d = fresh();
    try {
      setup(d);
      const before = readdirSync(d).sort();
      server.reset();
      const r = await run([...evalArgs(), ...args], d);
      assert.equal(r.signal, null, `killed: the run hung (${r.stderr.slice(0, 300)})`);
      assert.equal(r.code, 2, `${args.join(' ')}: ${r.stderr}${r.stdout.slice(0, 300)}`);
      assert.match(r.stderr, message);
      assert.equal(server.requests.length, 0, `${args.join(' ')}: no model request is made`);
      assert.deepEqual(readdirSync(d).sort(), before, 'nothing written');
      assert.equal(readFileSync(join(d, 'weather.tool.json'), 'utf8'), TOOL_TEXT);
      assert.equal(readFileSync(join(d, 'weather.eval.json'), 'utf8'), SET_TEXT);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  }

  it('refuses a FIFO, a device, a folder, a missing folder, the set, its tool file, notes, and one path for both', async () => {
    await refused(['--out', 'pipe'], /results file "pipe" would replace what is there: it is a FIFO \(named pipe\), not a regular file\. Remove it, or give another --out\./, (d) => {
      assert.equal(spawnSync('mkfifo', [join(d, 'pipe')]).status, 0);
    });
    await refused(['--out', 'results'], /"results" would replace what is there: it is a folder, not a regular file/, (d) => mkdirSync(join(d, 'results')));
    await refused(['--report', 'nowhere/r.md'], /report "nowhere\/r\.md" cannot be written: its folder does not exist\. Create the folder, or give another --report\./, () => undefined);
    await refused(['--out', 'weather.tool.json/r.json'], /results file "weather\.tool\.json\/r\.json" cannot be written: "weather\.tool\.json" is a file, not a folder\. Create the folder/, () => undefined);
    await refused(['--out', ''], /--out needs a file path, got an empty one\./, () => undefined);
    await refused(['--report', '  '], /--report needs a file path, got an empty one\./, () => undefined);
    await refused(['--out', 'weather.tool.json'], /"weather\.tool\.json" would replace what is there: it is the set's tool file/, () => undefined);
    await refused(['--report', 'weather.eval.json'], /"weather\.eval\.json" would replace what is there: it is the evaluation set/, () => undefined);
    await refused(['--out', 'same.json', '--report', './same.json'], /--out and --report name the same file "same\.json"/, () => undefined);
    await refused(['--out', 'notes.json'], /"notes\.json" would replace what is there: it is not a toolschema results file/, (d) => writeFileSync(join(d, 'notes.json'), '{"mine": true}\n'));
    await refused(['--report', 'notes.md'], /"notes\.md" would replace what is there: it is not a toolschema evaluation report/, (d) => writeFileSync(join(d, 'notes.md'), '# My notes\n'));
    // A note of the user's that begins as a report does (it was replaced; an independent tester).
    await refused(['--report', 'shortlist.md'], /"shortlist\.md" would replace what is there: it is not a toolschema evaluation report/, (d) => writeFileSync(join(d, 'shortlist.md'), '# Evaluation: vendor shortlist Q3 (hand-written)\n\n- vendor A\n'));
    // A device node (as root, the old code replaced /dev/null this way): made here when mknod is allowed.
    const probe = mkdtempSync(join(tmpdir(), 'toolschema-mknod-'));
    const canMknod = spawnSync('mknod', [join(probe, 'null'), 'c', '1', '3']).status === 0;
    rmSync(probe, { recursive: true, force: true });
    if (canMknod) {
      await refused(['--out', 'devnull'], /"devnull" would replace what is there: it is a character device, not a regular file/, (d) => {
        assert.equal(spawnSync('mknod', [join(d, 'devnull'), 'c', '1', '3']).status, 0);
      });
    }
  });

  it('replaces a missing or empty file, and its own results and report from an earlier run', async () => {
    const d = fresh();
    try {
      writeFileSync(join(d, 'empty.json'), '');
      server.reset();
      let r = await run([...evalArgs(), '--out', 'empty.json', '--report', 'new.md'], d);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(server.requests.length > 0);
      assert.equal((JSON.parse(readFileSync(join(d, 'empty.json'), 'utf8')) as { model: string }).model, 'scripted');
      assert.match(readFileSync(join(d, 'new.md'), 'utf8'), /^# Evaluation: weather\.eval\.json$/m);
      // Again over the files just written, and over a results file cut short.
      r = await run([...evalArgs(), '--out', 'empty.json', '--report', 'new.md'], d);
      assert.equal(r.code, 0, r.stderr);
      writeFileSync(join(d, 'cut.json'), readFileSync(join(d, 'empty.json'), 'utf8').slice(0, 100));
      r = await run([...evalArgs(), '--out', 'cut.json', '--report', 'new.md'], d);
      assert.equal(r.code, 0, r.stderr);
      assert.ok(lstatSync(join(d, 'cut.json')).size > 100);
    } finally {
      rmSync(d, { recursive: true, force: true });
    }
  });
});
