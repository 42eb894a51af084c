/**
 * The editor command's logic (server/src/eval/session.ts) with a fake VS Code side: refused when the
 * workspace is untrusted, the key from the environment or SecretStorage (asked once, then stored and reused),
 * progress reported, cancellation through the AbortSignal (no results file replaced), and the key absent from
 * what is written; and the extension's file side (server/src/eval/files.ts) on a real disk. The VS Code glue
 * itself (client/src/eval.ts) cannot run here without VS Code.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedServer } from './scriptedServer';
import { SENTINEL_KEY, TOOLS, evalSet, script } from './fixtures';
import { runEvalSession, secretName, type SessionHost } from '../../server/src/eval/session';
import { diskSessionFiles } from '../../server/src/eval/files';
import { mkdtempSync, mkdirSync, writeFileSync, readFileSync, readdirSync, rmSync, symlinkSync, lstatSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function fakeHost(files: Map<string, string>, over: Partial<SessionHost> = {}): SessionHost & { secrets: Map<string, string>; asked: number; progress: (m: string, i: number) => void; messages: string[] } {
  const secrets = new Map<string, string>();
  const messages: string[] = [];
  const host = {
    isTrusted: true,
    env: {},
    secrets,
    asked: 0,
    messages,
    getSecret: async (n: string) => secrets.get(n),
    storeSecret: async (n: string, v: string) => {
      secrets.set(n, v);
    },
    askKey: async () => {
      host.asked++;
      return SENTINEL_KEY;
    },
    readText: async (p: string) => {
      const t = files.get(p);
      if (t === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT', path: p });
      return t;
    },
    writeText: async (p: string, t: string) => {
      files.set(p, t);
    },
    label: (p: string) => p.replace('/ws/', ''),
    progress: (m: string) => {
      messages.push(m);
    },
    signal: new AbortController().signal,
    ...over,
  };
  return host;
}

describe('Run Evaluation Set (session logic, fake VS Code)', () => {
  const server = new ScriptedServer(script);
  before(() => server.start());
  after(() => server.stop());
  const files = () => new Map([
    ['/ws/weather.tool.json', JSON.stringify(TOOLS)],
    ['/ws/weather.eval.json', JSON.stringify(evalSet(['correct', 'refuse']))],
  ]);

  it('says in the progress notification that it waits to retry after a 429', async () => {
    const fs = new Map([
      ['/ws/weather.tool.json', JSON.stringify(TOOLS)],
      ['/ws/weather.eval.json', JSON.stringify(evalSet(['rate']))],
    ]);
    const host = fakeHost(fs);
    const r = await runEvalSession('/ws/weather.eval.json', { provider: 'openai', baseUrl: server.openaiBase, timeoutMs: 2000 }, host);
    assert.equal(r.status, 'done', r.message);
    assert.ok(host.messages.some((m) => /^rate: HTTP 429 \(rate limited\), retry 1 of \d+ in 0 ms$/.test(m)), host.messages.join('\n'));
  });

  it('refuses in an untrusted workspace before asking for anything', async () => {
    const host = fakeHost(files(), { isTrusted: false });
    const r = await runEvalSession('/ws/weather.eval.json', { provider: 'openai', baseUrl: server.openaiBase }, host);
    assert.equal(r.status, 'refused');
    assert.equal(host.asked, 0);
  });

  it('asks for the key once, stores it in the secret storage, reuses it; writes results and report without it', async () => {
    const fs = files();
    const host = fakeHost(fs);
    const r = await runEvalSession('/ws/weather.eval.json', { provider: 'anthropic', baseUrl: server.anthropicBase, timeoutMs: 2000 }, host);
    assert.equal(r.status, 'done', r.message);
    assert.equal(host.asked, 1);
    assert.equal(host.secrets.get(secretName('anthropic')), SENTINEL_KEY);
    assert.ok(host.messages.length >= 2, 'progress reported per trial');
    assert.ok(fs.has('/ws/weather.eval-results.json') && fs.has('/ws/weather.eval-report.md'));
    for (const [p, t] of fs) assert.ok(!t.includes(SENTINEL_KEY), p);
    if (r.status === 'done') assert.equal(r.run.totals.passedTrials, 2);
    const again = await runEvalSession('/ws/weather.eval.json', { provider: 'anthropic', baseUrl: server.anthropicBase }, host);
    assert.equal(again.status, 'done');
    assert.equal(host.asked, 1, 'not asked twice');
  });

  it('the environment variable wins; cancelling mid-run keeps the earlier results file', async () => {
    const fs = files();
    fs.set('/ws/weather.eval-results.json', '{"previous": true}');
    const ctrl = new AbortController();
    const host = fakeHost(fs, { env: { MY_KEY: SENTINEL_KEY }, signal: ctrl.signal, askKey: async () => assert.fail('must not ask') });
    host.progress = () => ctrl.abort();
    const r = await runEvalSession('/ws/weather.eval.json', { provider: 'openai', baseUrl: server.openaiBase, apiKeyEnv: 'MY_KEY' }, host);
    assert.equal(r.status, 'done');
    if (r.status === 'done') {
      assert.equal(r.run.cancelled, true);
      assert.match(r.message, /^cancelled/);
    }
    assert.equal(fs.get('/ws/weather.eval-results.json'), '{"previous": true}');
  });

  it('a missing tool file, a dismissed key prompt and a bad provider are messages, not crashes', async () => {
    const fs = new Map([['/ws/weather.eval.json', JSON.stringify(evalSet(['correct']))]]);
    let r = await runEvalSession('/ws/weather.eval.json', { provider: 'openai', baseUrl: server.openaiBase }, fakeHost(fs, { env: { OPENAI_API_KEY: 'x-key' } }));
    assert.equal(r.status, 'error');
    assert.match(r.message, /^cannot read "weather\.tool\.json": no such file \(ENOENT\)$/);
    r = await runEvalSession('/ws/weather.eval.json', { provider: 'openai' }, fakeHost(fs, { askKey: async () => undefined }));
    assert.equal(r.status, 'no-key');
    r = await runEvalSession('/ws/weather.eval.json', { provider: 'gemini' }, fakeHost(fs));
    assert.equal(r.status, 'error');
  });

  it('on disk (the extension\'s files): a FIFO as the set\'s tool file is refused, not waited on; results replace a link', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-session-disk-'));
    try {
      const ws = join(dir, 'ws');
      const outside = join(dir, 'outside');
      mkdirSync(ws);
      mkdirSync(outside);
      writeFileSync(join(ws, 'weather.tool.json'), JSON.stringify(TOOLS));
      writeFileSync(join(ws, 'weather.eval.json'), JSON.stringify(evalSet(['correct'])));
      writeFileSync(join(ws, 'piped.eval.json'), JSON.stringify(evalSet(['correct'], 'fifo.tool.json')));
      const r0 = spawnSync('mkfifo', [join(ws, 'fifo.tool.json')]);
      assert.equal(r0.status, 0, `mkfifo: ${String(r0.stderr)}`);
      writeFileSync(join(outside, 'victim.json'), 'keep me');
      symlinkSync(join(outside, 'victim.json'), join(ws, 'weather.eval-results.json'));
      // The open editor's text wins over the disk: the set on disk is not read.
      const openSet = JSON.stringify(evalSet(['correct', 'refuse']));
      const onDisk = diskSessionFiles((p) => (p === join(ws, 'weather.eval.json') ? openSet : undefined));
      const host = fakeHost(new Map(), { ...onDisk, env: { OPENAI_API_KEY: 'x-key' } });

      const piped = await runEvalSession(join(ws, 'piped.eval.json'), { provider: 'openai', baseUrl: server.openaiBase }, host);
      assert.equal(piped.status, 'error');
      assert.match(piped.message, /fifo\.tool\.json.*a FIFO \(named pipe\), not a regular file/);

      const r = await runEvalSession(join(ws, 'weather.eval.json'), { provider: 'openai', baseUrl: server.openaiBase, timeoutMs: 2000 }, host);
      assert.equal(r.status, 'done', r.message);
      if (r.status === 'done') assert.equal(r.run.totals.trials, 2, 'the open text of the set (two cases) was run');
      assert.equal(readFileSync(join(outside, 'victim.json'), 'utf8'), 'keep me');
      assert.ok(lstatSync(join(ws, 'weather.eval-results.json')).isFile(), 'the link is replaced by the results');
      assert.match(readFileSync(join(ws, 'weather.eval-results.json'), 'utf8'), /"correct"/);
      assert.deepEqual(readdirSync(ws).filter((f) => f.endsWith('.tmp')), [], 'no temporary file left');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('on disk: a folder or someone else\'s file at the results or report path is refused before any model request', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-session-out-'));
    try {
      writeFileSync(join(dir, 'weather.tool.json'), JSON.stringify(TOOLS));
      writeFileSync(join(dir, 'weather.eval.json'), JSON.stringify(evalSet(['correct'])));
      mkdirSync(join(dir, 'weather.eval-results.json'));
      writeFileSync(join(dir, 'weather.eval-report.md'), 'my notes');
      const host = fakeHost(new Map(), { ...diskSessionFiles(() => undefined, (p) => p.slice(dir.length + 1)), env: { OPENAI_API_KEY: 'x-key' } });
      server.requests.length = 0;
      const r = await runEvalSession(join(dir, 'weather.eval.json'), { provider: 'openai', baseUrl: server.openaiBase, timeoutMs: 2000 }, host);
      assert.equal(r.status, 'error');
      assert.match(r.message, /^the results file "weather\.eval-results\.json" would replace what is there: it is a folder, not a regular file\. Remove it, or rename the evaluation set/);
      assert.equal(server.requests.length, 0, 'no model request');
      rmSync(join(dir, 'weather.eval-results.json'), { recursive: true });
      const r2 = await runEvalSession(join(dir, 'weather.eval.json'), { provider: 'openai', baseUrl: server.openaiBase, timeoutMs: 2000 }, host);
      assert.equal(r2.status, 'error');
      assert.match(r2.message, /^the report "weather\.eval-report\.md" would replace what is there: it is not a toolschema evaluation report/);
      assert.equal(server.requests.length, 0, 'no model request');
      assert.equal(readFileSync(join(dir, 'weather.eval-report.md'), 'utf8'), 'my notes');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
