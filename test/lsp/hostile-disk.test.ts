/**
 * A workspace holding files a hostile repository can hold (issue 7), through the language server over stdio: a
 * FIFO named like a tool file, links to /dev/zero, a sparse 3 GiB tool file, and evaluation sets whose "tools"
 * name a FIFO and /dev/zero. Before safeRead.ts the server read the /dev/zero target of such a set until memory
 * ran out, and a FIFO target blocked it for good. Now each is reported or skipped, and the server keeps answering.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync, rmSync, symlinkSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';
import { FIVE, issueSet } from '../evalFixtures';

const OK = '[{"type":"function","function":{"name":"get_weather","description":"Use this when the user asks for the weather in a city. Returns the temperature.","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name."}},"required":["city"],"additionalProperties":false}}}]\n';

describe('a hostile workspace on disk over stdio', { skip: process.platform === 'win32' && 'FIFOs and /dev need a POSIX system', timeout: 120_000 }, () => {
  let dir: string;
  let client: TestClient;
  const uri = (f: string) => pathToFileURL(join(dir, f)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-hostile-ws-'));
    writeFileSync(join(dir, 'ok.tool.json'), OK);
    assert.equal(spawnSync('mkfifo', [join(dir, 'fifo.tool.json')]).status, 0);
    assert.equal(spawnSync('mkfifo', [join(dir, 'pipe-target.json')]).status, 0);
    symlinkSync('/dev/zero', join(dir, 'zero.tool.json'));
    writeFileSync(join(dir, 'huge.tool.json'), '');
    truncateSync(join(dir, 'huge.tool.json'), 3 * 1024 ** 3);
    writeFileSync(join(dir, 'pipe.eval.json'), issueSet(FIVE, './pipe-target.json'));
    writeFileSync(join(dir, 'zero.eval.json'), issueSet(FIVE, 'file:///dev/zero'));
    // Results that are a FIFO, or a loop of links: the folder walk lists neither (it lists regular files).
    writeFileSync(join(dir, 'res.eval.json'), issueSet(FIVE, './ok.tool.json'));
    assert.equal(spawnSync('mkfifo', [join(dir, 'res.eval-results.json')]).status, 0);
    writeFileSync(join(dir, 'loop.eval.json'), issueSet(FIVE, './ok.tool.json'));
    symlinkSync('loop.eval-results.json', join(dir, 'loop.eval-results.json'));
    client = new TestClient();
    await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
  });
  after(async () => {
    try {
      assert.equal(await client.shutdown(), 0, 'the server shuts down cleanly');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('evaluation sets naming a FIFO and /dev/zero get "does not exist"', async () => {
    for (const [set, target] of [['pipe.eval.json', /pipe-target\.json/], ['zero.eval.json', /dev\/zero/]] as const) {
      const p = await client.waitForDiagnostics((d) => d.uri === uri(set) && d.diagnostics.some((x) => x.code === 'eval-unknown-tool'), 60_000);
      const missing = p.diagnostics.find((x) => x.code === 'eval-unknown-tool' && /does not exist/.test(x.message));
      assert.ok(missing, `${set}: ${p.diagnostics.map((x) => x.message).join(' | ')}`);
      assert.match(missing.message, target);
    }
  });

  it('a results file that is a FIFO or a loop of links is reported on its set, as the CLI does (it was passed over)', async () => {
    for (const [set, what] of [['res.eval.json', /cannot be read: it is a FIFO/], ['loop.eval.json', /cannot be read: .*loop of symbolic links/]] as const) {
      const p = await client.waitForDiagnostics((d) => d.uri === uri(set) && d.diagnostics.some((x) => x.code === 'eval-records-incomplete'), 60_000);
      assert.ok(p.diagnostics.some((x) => x.code === 'eval-records-incomplete' && what.test(x.message)), `${set}: ${p.diagnostics.map((x) => x.message).join(' | ')}`);
    }
  });

  it('the sparse 3 GiB tool file gets its one "larger than 32 MB" diagnostic; the regular file is linted', async () => {
    const huge = await client.waitForDiagnostics((d) => d.uri === uri('huge.tool.json'), 60_000);
    assert.deepEqual(huge.diagnostics.map((d) => d.code), ['parse-error']);
    assert.match(huge.diagnostics[0]!.message, /larger than 32 MB/);
    await client.waitForDiagnostics((d) => d.uri === uri('ok.tool.json'), 60_000);
  });

  it('a watched FIFO appearing, and the sets changing on disk, do not stall the server', async () => {
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', {
      changes: [
        { uri: uri('fifo.tool.json'), type: 1 },
        { uri: uri('zero.tool.json'), type: 1 },
        { uri: uri('pipe.eval.json'), type: 2 },
      ],
    });
    const hover = await client.conn.sendRequest('textDocument/hover', { textDocument: { uri: uri('ok.tool.json') }, position: { line: 0, character: 40 } });
    assert.ok(hover === null || typeof hover === 'object');
    await client.open(uri('ok.tool.json'), OK);
    const p = await client.waitForDiagnostics((d) => d.uri === uri('ok.tool.json') && d.version === 1, 60_000);
    assert.ok(Array.isArray(p.diagnostics));
  });
});

describe('files the server may not read', () => {
  it('an unreadable tool file gets one "could not be read" error, an unreadable configuration one config-invalid (both were skipped without a word)', async () => {
    const asRoot = process.getuid?.() === 0;
    const ws = mkdtempSync(join(tmpdir(), 'toolschema-unreadable-'));
    chmodSync(ws, 0o777);
    const client = new TestClient(['--stdio'], asRoot ? { uid: 65534, gid: 65534 } : undefined);
    try {
      writeFileSync(join(ws, 'main.tool.json'), '{"name":"get_weather","description":"Use this when the user asks for the weather in a city. Returns it.","parameters":{"type":"object","properties":{}}}');
      writeFileSync(join(ws, 'secret.tool.json'), '{"name":"get_secret"}');
      chmodSync(join(ws, 'secret.tool.json'), 0o000);
      writeFileSync(join(ws, 'toolschema.config.json'), '{"rules": {"eval-missing": "off"}}');
      chmodSync(join(ws, 'toolschema.config.json'), 0o000);
      chmodSync(join(ws, 'main.tool.json'), 0o644);
      await client.initialize(pathToFileURL(ws).href);
      const secret = await client.waitForDiagnostics((p) => p.uri === pathToFileURL(join(ws, 'secret.tool.json')).href);
      assert.deepEqual(secret.diagnostics.map((d) => [d.code, d.message]), [['parse-error', 'This file could not be read: permission denied (EACCES).']]);
      const config = await client.waitForDiagnostics((p) => p.uri === pathToFileURL(join(ws, 'toolschema.config.json')).href);
      assert.deepEqual(config.diagnostics.map((d) => d.code), ['config-invalid']);
      assert.match(config.diagnostics[0]!.message, /^This configuration could not be read: permission denied \(EACCES\)/);
      // The readable file is linted with the editor's settings.
      const main = await client.waitForDiagnostics((p) => p.uri === pathToFileURL(join(ws, 'main.tool.json')).href);
      assert.ok(main.diagnostics.some((d) => d.code === 'eval-missing'));
    } finally {
      await client.shutdown();
      rmSync(ws, { recursive: true, force: true });
    }
  });
});
