/**
 * The workspace index over stdio: at start-up the server indexes and lints every tool file on disk (open or
 * not, with progress for large workspaces), cross-file rules see the whole workspace, a change in one file
 * updates the diagnostics of the files it affects (and only those), and files changed or deleted on disk
 * (workspace/didChangeWatchedFiles) update the index.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, renameSync, writeFileSync, rmSync, symlinkSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const tool = (name: string, description: string) => `{ "name": "${name}", "description": "${description}", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } }`;

const A = `[\n  ${tool('get_forecast', 'Use this when the user asks for the weather in the next days in a city. Returns daily highs and lows.')},\n  ${tool('get_local_time', 'Use this when the user asks what time it is in a city. Returns the local time.')}\n]\n`;
const B = `[\n  ${tool('get_weather', 'Deprecated: use get_forecst instead. Use this when the user asks for the weather in a city.')}\n]\n`;
const C = `[\n  ${tool('get_local_time', 'Use this when the user asks for the local time in a city. Returns the time and the time zone.')}\n]\n`;
const D = `[\n  ${tool('convert_currency', 'Use this when the user asks to convert an amount between two currencies. Returns the converted amount.')}\n]\n`;

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));

/**
 * Runs `run` with a new temporary folder and a language server client, and always stops the server and removes the
 * folder (and the other folders `temp` made).
 */
async function inWorkspace(prefix: string, run: (w: { dir: string; client: TestClient; uri: (f: string) => string; temp: (prefix: string) => string }) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const others: string[] = [];
  const client = new TestClient();
  try {
    await run({ dir, client, uri: (f) => pathToFileURL(join(dir, f)).href, temp: (p) => (others.push(mkdtempSync(join(tmpdir(), p))), others[others.length - 1]!) });
  } finally {
    client.proc.kill();
    for (const d of [dir, ...others]) rmSync(d, { recursive: true, force: true });
  }
}

describe('workspace index over stdio', () => {
  let dir: string;
  let client: TestClient;
  const uri = (f: string) => pathToFileURL(join(dir, f)).href;
  const last = (u: string) => [...client.published].reverse().find((p) => p.uri === u);

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-ws-'));
    writeFileSync(join(dir, 'a.tool.json'), A);
    writeFileSync(join(dir, 'b.tool.json'), B);
    writeFileSync(join(dir, 'c.tool.json'), C);
    writeFileSync(join(dir, 'd.tool.json'), D);
    mkdirSync(join(dir, 'many'));
    for (let i = 0; i < 60; i++) writeFileSync(join(dir, 'many', `t${i}.tool.json`), `[${tool(`get_item_${i}`, 'Use this when the user asks about one item of the catalog. Returns the item.')}]`);
    client = new TestClient();
    await client.initialize(pathToFileURL(dir).href, { window: { workDoneProgress: true }, workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
  });
  after(() => {
    client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('indexes and lints every tool file at start-up, opened or not, with progress', async () => {
    const b = await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json'));
    assert.ok(codes(b).includes('description-sibling-unknown'), `b: ${codes(b).join(', ')}`);
    const a = await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('name-duplicate'));
    assert.match(a.diagnostics.find((d) => d.code === 'name-duplicate')!.message, /c\.tool\.json/);
    await client.waitForDiagnostics((p) => p.uri === uri('many/t59.tool.json'));
    await client.waitForProgressEnd();
    const kinds = client.progress.map((p) => p.value.kind);
    assert.deepEqual([kinds[0], kinds[kinds.length - 1]], ['begin', 'end'], `progress: ${kinds.join(',')}`);
    assert.match(client.progress[0]!.value.title ?? '', /indexing/);
  });

  it('an edit in an open file updates the files it affects, and only those', async () => {
    await client.open(uri('b.tool.json'), B);
    await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json') && p.version === 1);
    const dCount = client.published.filter((p) => p.uri === uri('d.tool.json')).length;
    // Renaming get_local_time in c removes the duplicate in a (a is not open).
    await client.open(uri('c.tool.json'), C);
    await client.change(uri('c.tool.json'), 2, [{ text: C.replace('"get_local_time"', '"get_time_zone"') }]);
    await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && !codes(p).includes('name-duplicate'));
    // d defines and mentions nothing that changed: it is not linted again.
    assert.equal(client.published.filter((p) => p.uri === uri('d.tool.json')).length, dCount);
  });

  it('a file changed on disk (not open) updates the index: the mention in b resolves', async () => {
    writeFileSync(join(dir, 'a.tool.json'), A.replace('"get_local_time"', '"get_clock_time"').replace('"get_forecast"', '"get_forecst"'));
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('a.tool.json'), type: 2 }] });
    const b = await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json') && p.version === 1 && !codes(p).includes('description-sibling-unknown') && client.published.indexOf(p) > 0);
    assert.ok(!codes(b).includes('description-sibling-unknown'), codes(b).join(', '));
  });

  it('a file deleted on disk leaves the index and its diagnostics are cleared', async () => {
    unlinkSync(join(dir, 'a.tool.json'));
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('a.tool.json'), type: 3 }] });
    await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && p.diagnostics.length === 0);
    // b mentions get_forecst again, which no file defines now.
    const b = await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json') && codes(p).includes('description-sibling-unknown') && p === last(uri('b.tool.json')));
    assert.ok(b);
  });

  it('a folder deleted on disk (one event for the folder) takes every file under it out of the index', async () => {
    // many/ holds 60 tool files, indexed and published at start-up.
    await client.waitForDiagnostics((p) => p.uri === uri('many/t7.tool.json'));
    rmSync(join(dir, 'many'), { recursive: true, force: true });
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('many'), type: 3 }] });
    for (const i of [0, 7, 59]) await client.waitForDiagnostics((p) => p.uri === uri(`many/t${i}.tool.json`) && p.diagnostics.length === 0 && p === last(uri(`many/t${i}.tool.json`)));
    // An event for a file outside the workspace folder is not read nor published.
    const outside = mkdtempSync(join(tmpdir(), 'toolschema-ws-outside-'));
    try {
      writeFileSync(join(outside, 'x.tool.json'), tool('get_x', 'x'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: pathToFileURL(join(outside, 'x.tool.json')).href, type: 1 }] });
      // Then a file inside: once its diagnostics arrive, the earlier event has been handled.
      writeFileSync(join(dir, 'e.tool.json'), D.replace('convert_currency', 'convert_units'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('e.tool.json'), type: 1 }] });
      await client.waitForDiagnostics((p) => p.uri === uri('e.tool.json'));
      assert.equal(client.published.filter((p) => p.uri.startsWith(pathToFileURL(outside).href)).length, 0);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('closing an open workspace file goes back to its text on disk and keeps its diagnostics', async () => {
    await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: uri('c.tool.json') } });
    // On disk c still defines get_local_time (the editor's rename was never saved).
    const c = await client.waitForDiagnostics((p) => p.uri === uri('c.tool.json') && p.version === undefined && p === last(uri('c.tool.json')));
    assert.ok(Array.isArray(c.diagnostics));
  });
});

describe('closing documents over stdio', () => {
  it('a document closed while its lint was pending leaves the index and its diagnostics are cleared', async () => {
    // Closing a.tool.json relints b.tool.json (its duplicate is gone); b closes before that lint runs. Before,
    // b had no lint at that moment, so the close kept its names in the index for good: a document opened later
    // got "also defined in b.tool.json", and b's diagnostics were never cleared.
    const client = new TestClient();
    try {
      await client.initialize(null, {});
      const a = 'file:///virtual/close/a.tool.json';
      const b = 'file:///virtual/close/b.tool.json';
      const c = 'file:///virtual/close/c.tool.json';
      const text = `[\n  ${tool('get_weather', 'Use this when the user asks for the current weather in a city. Returns the temperature.')}\n]\n`;
      await client.open(a, text);
      await client.open(b, text);
      await client.waitForDiagnostics((p) => p.uri === b && codes(p).includes('name-duplicate'));
      // Both notifications in one write: the server reads them together, as when an editor closes all files.
      const frame = (uri: string) => {
        const body = JSON.stringify({ jsonrpc: '2.0', method: 'textDocument/didClose', params: { textDocument: { uri } } });
        return `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
      };
      client.proc.stdin!.write(frame(a) + frame(b));
      await client.open(c, text);
      const published = await client.waitForDiagnostics((p) => p.uri === c);
      assert.deepEqual(codes(published).filter((x) => x === 'name-duplicate'), [], published.diagnostics.map((d) => d.message).join(' | '));
      const lastOfB = [...client.published].reverse().find((p) => p.uri === b);
      assert.deepEqual(lastOfB?.diagnostics, [], 'b.tool.json is closed: its diagnostics are cleared');
    } finally {
      client.proc.kill();
    }
  });
});

describe('toolschema.config.json of a workspace folder', () => {
  it('the files and ignore globs of toolschema.config.json choose the files indexed at start-up', async () => {
    // Before, the start-up index looked the globs up in the settings only (the folder was not "in" itself), so a file
    // the configuration ignores was linted and one its files globs add was not (the CLI honoured both).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-cfg-'));
    const client = new TestClient();
    try {
      writeFileSync(join(dir, 'toolschema.config.json'), '{ "files": ["**/*.tool.json", "agents/*.json"], "ignore": ["a.tool.json"] }\n');
      writeFileSync(join(dir, 'a.tool.json'), D);
      writeFileSync(join(dir, 'b.tool.json'), A);
      mkdirSync(join(dir, 'agents'));
      writeFileSync(join(dir, 'agents', 'x.json'), C);
      const uri = (f: string) => pathToFileURL(join(dir, f)).href;
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('agents/x.json') && codes(p).includes('name-duplicate'));
      // One batch, published in path order: a.tool.json would have come before b.tool.json.
      await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json'));
      assert.deepEqual(client.published.filter((p) => p.uri === uri('a.tool.json')), [], 'a.tool.json is ignored');
      // Changed on disk, it stays ignored (before, any *.tool.json that changed was indexed and linted).
      const seen = client.published.length;
      writeFileSync(join(dir, 'a.tool.json'), C);
      writeFileSync(join(dir, 'b.tool.json'), A.replace('"get_local_time"', '"get_clock_time"'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('a.tool.json'), type: 2 }, { uri: uri('b.tool.json'), type: 2 }] });
      await client.waitForDiagnostics((p) => p.uri === uri('agents/x.json') && !codes(p).includes('name-duplicate'));
      await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json') && client.published.indexOf(p) >= seen);
      assert.deepEqual(client.published.filter((p) => p.uri === uri('a.tool.json')), [], 'a.tool.json is still ignored');
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a configuration open in the editor but not on disk applies, and gets its diagnostics', async () => {
    // An independent LSP tester: a new toolschema.config.json (or one deleted on disk while open) was ignored,
    // its settings and its problems alike; the same text saved on disk applied.
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-cfg-open-'));
    const client = new TestClient();
    try {
      writeFileSync(join(dir, 'a.tool.json'), `[\n  ${tool('weather_forecast', 'Use this when the user asks for the weather in the next days in a city. Returns daily highs and lows.')}\n]\n`);
      const cfg = pathToFileURL(join(dir, 'toolschema.config.json')).href;
      const a = pathToFileURL(join(dir, 'a.tool.json')).href;
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === a && codes(p).includes('name-verb-first'));
      await client.open(cfg, '{ "rules": { "name-verb-first": "off" }, "ignore": ["/etc/**"] }\n', 'json');
      await client.waitForDiagnostics((p) => p.uri === cfg && codes(p).includes('config-invalid'));
      await client.waitForDiagnostics((p) => p.uri === a && !codes(p).includes('name-verb-first'));
      // Closed without saving: the defaults again.
      await client.close(cfg);
      await client.waitForDiagnostics((p) => p.uri === a && codes(p).includes('name-verb-first'));
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('an edit that changes the configuration re-lints the files that are not open (and re-reads the files globs)', async () => {
    // The open config's text is the configuration (it wins over the disk), but before, an edit to it re-linted only
    // the open documents: the files that are not open kept diagnostics from the old configuration until the config
    // was closed (the CLI, run on the same texts, reported the new severities).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-cfg-'));
    const client = new TestClient();
    try {
      writeFileSync(join(dir, 'toolschema.config.json'), '{}\n');
      writeFileSync(join(dir, 'a.tool.json'), `[\n  ${tool('getForecast', 'Use this when the user asks for the weather in the next days in a city. Returns daily highs and lows.')}\n]\n`);
      const cfg = pathToFileURL(join(dir, 'toolschema.config.json')).href;
      const a = pathToFileURL(join(dir, 'a.tool.json')).href;
      const severityOf = (p: PublishDiagnosticsParams) => p.diagnostics.find((d) => d.code === 'name-format')?.severity;
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === a && severityOf(p) === 2);
      await client.open(cfg, '{}\n', 'json');
      await client.change(cfg, 2, [{ text: '{ "rules": { "name-format": "error" } }\n' }]);
      await client.waitForDiagnostics((p) => p.uri === a && severityOf(p) === 1);
      // files / ignore globs: a.tool.json is no longer a tool file, so it leaves the index and its diagnostics go.
      await client.change(cfg, 3, [{ text: '{ "ignore": ["a.tool.json"] }\n' }]);
      await client.waitForDiagnostics((p) => p.uri === a && p.diagnostics.length === 0);
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('ignore globs over stdio: never linted, open or not', () => {
  it('an open document and an evaluation set in a path the configuration comes to ignore are dropped, with their diagnostics', async () => {
    // The setting says "globs never linted" (as ESLint's ignore files). Before, an open tool document was linted
    // whatever the globs said (its names stayed in the workspace: name-duplicate in other files), and a set read
    // from a folder kept its diagnostics after the configuration came to ignore that folder (the CLI reports neither).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-ign-'));
    const client = new TestClient();
    try {
      const uri = (f: string) => pathToFileURL(join(dir, f)).href;
      writeFileSync(join(dir, 'toolschema.config.json'), '{}\n');
      writeFileSync(join(dir, 'a.tool.json'), A);
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'c.tool.json'), C);
      writeFileSync(join(dir, 'sub', 'c.eval.json'), '{ "tools": "./c.tool.json", "cases": [] }\n');
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('name-duplicate'));
      await client.waitForDiagnostics((p) => p.uri === uri('sub/c.eval.json') && p.diagnostics.length > 0);
      await client.open(uri('sub/c.tool.json'), C);
      await client.waitForDiagnostics((p) => p.uri === uri('sub/c.tool.json') && p.version === 1 && codes(p).includes('name-duplicate'));
      const before = client.published.length;
      writeFileSync(join(dir, 'toolschema.config.json'), '{ "ignore": ["sub/**"] }\n');
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('toolschema.config.json'), type: 2 }] });
      const after = (p: PublishDiagnosticsParams) => client.published.indexOf(p) >= before;
      const dropped = await client.waitForDiagnostics((p) => after(p) && p.uri === uri('sub/c.tool.json') && p.version === 1 && p.diagnostics.length === 0);
      // Publishes of the lints in flight when the configuration changed may come before the drop, none after it.
      const since = (p: PublishDiagnosticsParams) => client.published.indexOf(p) > client.published.indexOf(dropped);
      await client.waitForDiagnostics((p) => after(p) && p.uri === uri('sub/c.eval.json') && p.diagnostics.length === 0);
      await client.waitForDiagnostics((p) => after(p) && p.uri === uri('a.tool.json') && !codes(p).includes('name-duplicate'));
      // Typing in the ignored document lints nothing; an edit to a.tool.json afterwards is the barrier.
      await client.change(uri('sub/c.tool.json'), 2, [{ text: C.replace('get_local_time', 'get_local_tim') }]);
      writeFileSync(join(dir, 'a.tool.json'), A.replace('"get_forecast"', '"getForecast"'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('a.tool.json'), type: 2 }] });
      await client.waitForDiagnostics((p) => after(p) && p.uri === uri('a.tool.json') && codes(p).includes('name-format'));
      assert.deepEqual(client.published.filter((p) => since(p) && p.uri.includes('/sub/') && p.diagnostics.length > 0).map((p) => [p.uri, p.version, codes(p)]), []);
      assert.equal(client.stderr, '');
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an edit to the open configuration in the same tick as an open or a change of a file it comes to ignore', () => {
  it('the lint made under the configuration before is never published after the file\'s diagnostics were cleared', async () => {
    // An independent tester: the file's diagnostics were cleared (an empty publish for version 1), then the lint of
    // its open, made under the configuration before the edit, was published after it and stayed.
    await inWorkspace('toolschema-ign-tick-', async ({ dir, client, uri }) => {
      writeFileSync(join(dir, 'toolschema.config.json'), '{}\n');
      writeFileSync(join(dir, 'a.tool.json'), A);
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'c.tool.json'), C);
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('name-duplicate'));
      const cfg = uri('toolschema.config.json');
      await client.open(cfg, '{}\n', 'json');
      await new Promise((r) => setTimeout(r, 1000));
      let version = 1;
      const lastFor = (u: string) => [...client.published].reverse().find((p) => p.uri === u);
      const barrier = async (k: number) => {
        writeFileSync(join(dir, 'a.tool.json'), A.replace('"get_forecast"', `"getForecast${k}"`));
        await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('a.tool.json'), type: 2 }] });
        await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && p.diagnostics.some((d) => d.message.includes(`getForecast${k}`)));
        // A few more turns for any publish still held back (publishUnlessClosed waits some turns of the event loop).
        await new Promise((r) => setTimeout(r, 300));
      };
      // Notifications written to the server's input at once (one chunk: handled in a row, the lint of the first
      // still waiting to be published when the second is handled).
      const atOnce = (...messages: { method: string; params: unknown }[]) => {
        const frames = messages.map((m) => {
          const body = Buffer.from(JSON.stringify({ jsonrpc: '2.0', ...m }), 'utf8');
          return `Content-Length: ${body.length}\r\n\r\n${body.toString('utf8')}`;
        });
        client.proc.stdin!.write(frames.join(''));
      };
      const changeConfig = (text: string) => ({ method: 'textDocument/didChange', params: { textDocument: { uri: cfg, version: ++version }, contentChanges: [{ text }] } });
      // The open and the edit in one tick.
      atOnce({ method: 'textDocument/didOpen', params: { textDocument: { uri: uri('sub/c.tool.json'), languageId: 'tool-json', version: 1, text: C } } }, changeConfig('{ "ignore": ["sub/**"] }\n'));
      await barrier(1);
      assert.deepEqual(lastFor(uri('sub/c.tool.json'))?.diagnostics, []);
      // The same with a change of the open file in the same tick as the edit.
      await client.change(cfg, ++version, [{ text: '{}\n' }]);
      await client.waitForDiagnostics((p) => p.uri === uri('sub/c.tool.json') && codes(p).includes('name-duplicate'));
      atOnce({ method: 'textDocument/didChange', params: { textDocument: { uri: uri('sub/c.tool.json'), version: 2 }, contentChanges: [{ text: C.replace('local time in a city', 'local time in a town') }] } }, changeConfig('{ "ignore": ["sub/**"] }\n'));
      await barrier(2);
      assert.deepEqual(lastFor(uri('sub/c.tool.json'))?.diagnostics, []);
    });
  });
});

describe('watched-file events are checked against the disk', () => {
  it('a link created while the server runs is not indexed (to a file, to a folder outside), a deleted event for a file that is there is a change, and a deleted configuration takes its config-invalid with it', async () => {
    // An independent tester of the server under churn: the running server indexed links a fresh start skips
    // (blink.tool.json → a.tool.json made a "also defined in blink.tool.json" on a), dropped for good a file
    // deleted and created again before the event was handled, and kept a deleted configuration's findings.
    await inWorkspace('toolschema-events-', async ({ dir, client, uri, temp }) => {
      const outside = temp('toolschema-outside-');
      writeFileSync(join(dir, 'toolschema.config.json'), '{ "rules": { "no-such-rule": "off" } }\n');
      writeFileSync(join(dir, 'a.tool.json'), A);
      writeFileSync(join(dir, 'c.tool.json'), C);
      writeFileSync(join(outside, 'e.tool.json'), D);
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('name-duplicate'));
      await client.waitForDiagnostics((p) => p.uri === uri('toolschema.config.json') && codes(p).includes('config-invalid'));
      const before = client.published.length;
      const events = (changes: [string, number][]) => client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: changes.map(([f, type]) => ({ uri: uri(f), type })) });
      symlinkSync(join(dir, 'a.tool.json'), join(dir, 'blink.tool.json'));
      symlinkSync(outside, join(dir, 'linkdir'));
      await events([['blink.tool.json', 1], ['linkdir/e.tool.json', 1], ['c.tool.json', 3]]);
      // The barrier: a change on disk to c, which keeps its name (get_local_time, also in a).
      writeFileSync(join(dir, 'c.tool.json'), C.replace('Returns the time', 'Returns the local time'));
      await events([['c.tool.json', 2]]);
      await client.waitForDiagnostics((p) => client.published.indexOf(p) >= before && p.uri === uri('c.tool.json') && codes(p).includes('name-duplicate'));
      unlinkSync(join(dir, 'toolschema.config.json'));
      await events([['toolschema.config.json', 3]]);
      await client.waitForDiagnostics((p) => client.published.indexOf(p) >= before && p.uri === uri('toolschema.config.json') && p.diagnostics.length === 0);
      await new Promise((r) => setTimeout(r, 500));
      const after = client.published.slice(before);
      assert.deepEqual(after.filter((p) => p.uri.includes('blink') || p.uri.includes('linkdir')).map((p) => p.uri), []);
      const lastA = [...after].reverse().find((p) => p.uri === uri('a.tool.json'));
      assert.ok(!lastA || codes(lastA).includes('name-duplicate'), JSON.stringify(lastA));
      assert.ok(!lastA || !lastA.diagnostics.some((d) => d.message.includes('blink')), JSON.stringify(lastA));
      // c was never taken out: no empty publish for it.
      assert.deepEqual(after.filter((p) => p.uri === uri('c.tool.json') && p.diagnostics.length === 0).length, 0);
      const lastC = [...after].reverse().find((p) => p.uri === uri('c.tool.json'));
      assert.ok(lastC && codes(lastC).includes('name-duplicate'), JSON.stringify(lastC));
    });
  });
});

describe('a configuration change that changes nothing', () => {
  it('does not index the workspace again (VS Code sends one as the server registers for it); a change that matters does', async () => {
    await inWorkspace('toolschema-samecfg-', async ({ dir, client, uri }) => {
      writeFileSync(join(dir, 'a.tool.json'), A);
      writeFileSync(join(dir, 'c.tool.json'), C);
      client.settings = { deprecationPeriodDays: 90 };
      await client.initialize(pathToFileURL(dir).href, { workspace: { configuration: true, didChangeConfiguration: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('c.tool.json') && codes(p).includes('name-duplicate'));
      const indexed = () => client.logs.filter((l) => /indexed \d+ tool file/.test(l)).length;
      const until = async (pred: () => boolean) => {
        for (let i = 0; i < 100 && !pred(); i++) await new Promise((r) => setTimeout(r, 50));
      };
      await until(() => indexed() === 1);
      assert.equal(indexed(), 1);
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
      // A change that matters (a rule turned off) is the barrier: it indexes again.
      client.settings = { deprecationPeriodDays: 90, rules: { 'name-duplicate': 'off' } };
      await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
      await client.waitForDiagnostics((p) => p.uri === uri('c.tool.json') && !codes(p).includes('name-duplicate'));
      await until(() => indexed() === 2);
      assert.equal(indexed(), 2, client.logs.join('\n'));
    });
  });
});

describe('a folder moved into the workspace', () => {
  it('one created event for the folder indexes the tool files under it (links and node_modules left out)', async () => {
    // `mv dir ws/` is one event, for the folder: its files went unindexed (an independent tester).
    await inWorkspace('toolschema-movein-', async ({ dir, client, uri, temp }) => {
      const outside = temp('toolschema-movein-src-');
      writeFileSync(join(dir, 'a.tool.json'), A);
      mkdirSync(join(outside, 'pack', 'deep', 'node_modules'), { recursive: true });
      writeFileSync(join(outside, 'pack', 'deep', 'c.tool.json'), C);
      writeFileSync(join(outside, 'pack', 'deep', 'node_modules', 'd.tool.json'), D);
      const init = await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      assert.ok(init.capabilities);
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json'));
      renameSync(join(outside, 'pack'), join(dir, 'pack'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('pack'), type: 1 }] });
      await client.waitForDiagnostics((p) => p.uri === uri('pack/deep/c.tool.json') && codes(p).includes('name-duplicate'));
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('name-duplicate'));
      await new Promise((r) => setTimeout(r, 300));
      assert.deepEqual(client.published.filter((p) => p.uri.includes('node_modules')).map((p) => p.uri), []);
    });
  });
});

describe('publishes in version order', () => {
  it('an open document\'s older version is never published after a newer one (opens, closes, an edit and a configuration event in one burst)', async () => {
    // An independent tester's random session, reduced by delta debugging: in one burst, open z, y and x, close y,
    // change x to version 2, write the configuration (with its event), close z. x's version 1 lint was published
    // after version 2's, in 10 runs of 10.
    const fixture = JSON.parse(readFileSync(resolve(__dirname, '../../../test/lsp/fixtures/version-order.json'), 'utf8')) as { init: Record<string, string>; acts: { a: 'change' | 'close' | 'write'; f: string; text?: string }[] };
    await inWorkspace('toolschema-order-', async ({ dir, client, uri }) => {
      for (const [f, t] of Object.entries(fixture.init)) writeFileSync(join(dir, f), t);
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('x.tool.json'));
      await new Promise((r) => setTimeout(r, 1000));
      const versions = new Map<string, number>();
      const frames: string[] = [];
      const send = (method: string, params: unknown) => {
        const body = JSON.stringify({ jsonrpc: '2.0', method, params });
        frames.push(`Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`);
      };
      for (const x of fixture.acts) {
        const u = uri(x.f);
        if (x.a === 'change' && !versions.has(u)) {
          versions.set(u, 1);
          send('textDocument/didOpen', { textDocument: { uri: u, languageId: 'tool-json', version: 1, text: x.text } });
        } else if (x.a === 'change') {
          versions.set(u, versions.get(u)! + 1);
          send('textDocument/didChange', { textDocument: { uri: u, version: versions.get(u) }, contentChanges: [{ text: x.text }] });
        } else if (x.a === 'close') {
          versions.delete(u);
          send('textDocument/didClose', { textDocument: { uri: u } });
        } else {
          writeFileSync(join(dir, x.f), x.text!);
          send('workspace/didChangeWatchedFiles', { changes: [{ uri: u, type: 2 }] });
        }
      }
      const before = client.published.length;
      client.proc.stdin!.write(frames.join(''));
      await client.waitForDiagnostics((p) => client.published.indexOf(p) >= before && p.uri === uri('x.tool.json') && p.version === 2);
      await new Promise((r) => setTimeout(r, 1500));
      const order = client.published.slice(before).filter((p) => p.uri === uri('x.tool.json')).map((p) => p.version);
      for (let i = 1; i < order.length; i++) assert.ok(order[i]! >= order[i - 1]!, `versions published for x.tool.json: ${order.join(', ')}`);
    });
  });
});

describe('closing a document goes back to its file on disk', () => {
  it('a document closed just after the open configuration stopped ignoring its folder gets the diagnostics of its file', async () => {
    // The configuration's edit indexes the folders it no longer ignores, leaving out the documents open then; a
    // document closed right after it had no lint (it was ignored) and no index entry, so its close did nothing:
    // the file kept no diagnostics until it changed on disk, while the CLI reported it (the differential fuzz,
    // session 77001, where the close reached the server between the configuration's lint and the document's own).
    // Here the close usually comes after the document's own lint; the test pins the outcome, the fuzz the race.
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-unign-close-'));
    const client = new TestClient();
    try {
      const uri = (f: string) => pathToFileURL(join(dir, f)).href;
      writeFileSync(join(dir, 'toolschema.config.json'), '{ "ignore": ["sub/**"] }\n');
      writeFileSync(join(dir, 'a.tool.json'), A);
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'c.tool.json'), C);
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json'));
      await client.open(uri('toolschema.config.json'), '{ "ignore": ["sub/**"] }\n', 'json');
      await client.open(uri('sub/c.tool.json'), C);
      // An edit in the ignored document is the barrier: it is not linted, a.tool.json's change after it is.
      await client.change(uri('sub/c.tool.json'), 2, [{ text: C.replace('get_local_time', 'get_local_tim') }]);
      writeFileSync(join(dir, 'a.tool.json'), A.replace('"get_forecast"', '"getForecast"'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('a.tool.json'), type: 2 }] });
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('name-format'));
      const before = client.published.length;
      await client.change(uri('toolschema.config.json'), 2, [{ text: '{}\n' }]);
      // The configuration's lint has run (it publishes the configuration's own diagnostics) when this arrives.
      await client.waitForDiagnostics((p) => client.published.indexOf(p) >= before && p.uri === uri('toolschema.config.json'));
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: uri('sub/c.tool.json') } });
      // The file on disk (get_local_time, as in a.tool.json): its diagnostics, with the duplicate name.
      const onDisk = await client.waitForDiagnostics((p) => client.published.indexOf(p) >= before && p.uri === uri('sub/c.tool.json') && p.version === undefined && codes(p).includes('name-duplicate'));
      assert.ok(onDisk.diagnostics.some((d) => d.message.includes('get_local_time')));
      assert.equal(client.stderr, '');
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('cross-file names and profiles over stdio', () => {
  it('a tool whose profile changes, its name kept, re-lints the other files that define that name', async () => {
    // name-duplicate compares tools of one profile. Before, only a change of names re-linted the other files, so a
    // file on disk kept its diagnostics when an open document's tool moved to its profile (a new dialect, or a
    // configuration that sets the profile: the differential fuzz of the server against the CLI found it so).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-prof-'));
    const client = new TestClient();
    try {
      const uri = (f: string) => pathToFileURL(join(dir, f)).href;
      const params = '{ "type": "object", "properties": { "tag_id": { "type": "string", "description": "The tag." } }, "required": ["tag_id"] }';
      const desc = 'Use this when the user asks about one release tag of a repository. Returns its commit and date.';
      writeFileSync(join(dir, 'a.tool.json'), `[\n  { "name": "get_tag", "description": "${desc}", "inputSchema": ${params} }\n]\n`);
      const openai = `[\n  { "type": "function", "function": { "name": "get_tag", "description": "${desc}", "parameters": ${params} } }\n]\n`;
      const mcp = `[\n  { "name": "get_tag", "description": "${desc}", "inputSchema": ${params} }\n]\n`;
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json'));
      await client.open(uri('b.tool.json'), openai);
      const first = await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json') && p.version === 1);
      assert.ok(!codes(first).includes('name-duplicate'), 'an OpenAI tool and an MCP tool of one name are not duplicates');
      await client.change(uri('b.tool.json'), 2, [{ text: mcp }]);
      await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json') && p.version === 2 && codes(p).includes('name-duplicate'));
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('name-duplicate'));
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('an edit to the open configuration that changes the globs', () => {
  it('lints the open documents again once the files it no longer ignores are indexed', async () => {
    // Before, the open documents were linted at once, before the newly found files were read: a name defined in a
    // folder the configuration stopped ignoring stayed unknown to them (the differential fuzz, session 5002).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-unign-'));
    const client = new TestClient();
    try {
      const uri = (f: string) => pathToFileURL(join(dir, f)).href;
      writeFileSync(join(dir, 'toolschema.config.json'), '{ "ignore": ["sub/**"] }\n');
      mkdirSync(join(dir, 'sub'));
      writeFileSync(join(dir, 'sub', 'r.tool.json'), `[\n  ${tool('get_latest_release', 'Use this when the user asks for the newest release of a repository. Returns its tag and date.')}\n]\n`);
      const a = `[\n  ${tool('list_releases', 'Use this when the user asks for the releases of a repository. Returns tags and dates; use get_latest_release for the newest one.')}\n]\n`;
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.open(uri('toolschema.config.json'), '{ "ignore": ["sub/**"] }\n', 'json');
      await client.open(uri('a.tool.json'), a);
      await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && codes(p).includes('description-sibling-unknown'));
      await client.change(uri('toolschema.config.json'), 2, [{ text: '{}\n' }]);
      await client.waitForDiagnostics((p) => p.uri === uri('sub/r.tool.json'));
      const last = await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && p.version === 1 && !codes(p).includes('description-sibling-unknown'));
      assert.ok(last);
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('closing a document that is not on disk', () => {
  it('clears its diagnostics: a new file never saved, and a file deleted while it was open', async () => {
    // Closed, a workspace document goes back to its file on disk; when there is none, the diagnostics published
    // while it was open stayed in the editor for good (the black-box run: no publish at all after the close).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-unsaved-close-'));
    const client = new TestClient();
    try {
      const uri = (f: string) => pathToFileURL(join(dir, f)).href;
      writeFileSync(join(dir, 'a.tool.json'), A);
      writeFileSync(join(dir, 'b.tool.json'), B);
      await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
      await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json'));
      const bad = '[{"name": "x", "parameters": {"type": "str"}}]';
      await client.open(uri('new.tool.json'), bad);
      const open = await client.waitForDiagnostics((p) => p.uri === uri('new.tool.json') && p.version === 1);
      assert.ok(open.diagnostics.length > 0);
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: uri('new.tool.json') } });
      await client.waitForDiagnostics((p) => client.published.indexOf(p) > client.published.indexOf(open) && p.uri === uri('new.tool.json') && p.diagnostics.length === 0);
      // b.tool.json: opened, deleted on disk (the watcher says so), then closed.
      await client.open(uri('b.tool.json'), bad);
      const openB = await client.waitForDiagnostics((p) => p.uri === uri('b.tool.json') && p.version === 1);
      assert.ok(openB.diagnostics.length > 0);
      unlinkSync(join(dir, 'b.tool.json'));
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('b.tool.json'), type: 3 }] });
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri: uri('b.tool.json') } });
      await client.waitForDiagnostics((p) => client.published.indexOf(p) > client.published.indexOf(openB) && p.uri === uri('b.tool.json') && p.diagnostics.length === 0);
      // Neither is in the index any more.
      const symbols = (await client.conn.sendRequest('workspace/symbol', { query: '' })) as { location: { uri: string } }[];
      assert.deepEqual([...new Set(symbols.map((s) => s.location.uri))], [uri('a.tool.json')]);
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
