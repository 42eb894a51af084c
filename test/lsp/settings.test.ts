/**
 * VS Code settings (`toolschema.*`, pulled with workspace/configuration) reach the engine, and JSON files
 * selected by the `files` globs are linted like *.tool.json files.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';

const TOOL = '{ "name": "weather", "description": "Use this when the user asks for the current weather in a city. Returns the temperature.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } }';

describe('settings over LSP', () => {
  const dir = mkdtempSync(join(tmpdir(), 'toolschema-settings-'));
  const client = new TestClient();
  after(() => {
    client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('applies toolschema.* settings from the client and re-lints on didChangeConfiguration', async () => {
    client.settings = { rules: { 'name-verb-first': 'error' }, files: ['**/*.tool.json', 'agents/*.json'], trace: { server: 'off' }, profile: null };
    await client.initialize(pathToFileURL(dir).href, { workspace: { configuration: true } });
    const uri = pathToFileURL(join(dir, 'w.tool.json')).href;
    await client.open(uri, TOOL);
    // The settings are pulled after initialization: the document is linted again once they arrive.
    const first = await client.waitForDiagnostics((p) => p.uri === uri && p.diagnostics.some((d) => d.code === 'name-verb-first' && d.severity === 1));
    assert.ok(first, 'severity error from the settings');

    client.settings = { rules: { 'name-verb-first': 'off' } };
    const before = client.published.length;
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const next = await client.waitForDiagnostics((p) => p.uri === uri && client.published.indexOf(p) >= before);
    assert.ok(!next.diagnostics.some((d) => d.code === 'name-verb-first'), 'rule switched off');
  });

  it('lints a plain JSON document matched by the files globs, and ignores other JSON', async () => {
    client.settings = { files: ['**/*.tool.json', 'agents/*.json'] };
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    writeFileSync(join(dir, 'package.json'), '{}');
    const matched = pathToFileURL(join(dir, 'agents', 'crm.json')).href;
    const other = pathToFileURL(join(dir, 'package.json')).href;
    await client.open(other, '{ "name": "x", "version": "1.0.0" }', 'json');
    await client.open(matched, TOOL, 'json');
    const pub = await client.waitForDiagnostics((p) => p.uri === matched);
    assert.ok(pub.diagnostics.some((d) => d.code === 'name-verb-first'));
    assert.ok(!client.published.some((p) => p.uri === other), 'package.json is not a tool file');
    assert.deepEqual(client.logs.filter((l) => /Unhandled|Uncaught|failed/.test(l)), [], 'the server logged no error');
  });

  it('publishes at most toolschema.maxNumberOfProblems diagnostics per file, errors first, and all of them with 0', async () => {
    // 30 parameters without a description (warnings) after one of an unknown type (an error).
    const props = ['"n": { "type": "int", "description": "A number." }', ...Array.from({ length: 30 }, (_, i) => `"p${i}": { "type": "string" }`)].join(', ');
    const text = `{ "name": "get_record", "description": "Use this when the user asks for a record by its number. Returns the record.", "parameters": { "type": "object", "properties": { ${props} } } }`;
    const uri = pathToFileURL(join(dir, 'many.tool.json')).href;
    client.settings = { maxNumberOfProblems: 5 };
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    await client.open(uri, text);
    const capped = await client.waitForDiagnostics((p) => p.uri === uri && p.diagnostics.length === 5);
    const shown = capped.diagnostics.slice(1);
    assert.equal(shown[0]!.code, 'type-unknown', 'the error is kept although it is not first among 31 findings by rule');
    assert.deepEqual(shown.map((d) => d.severity), [1, 2, 2, 2], 'the error, then the first warnings');
    assert.deepEqual(shown.slice(1).map((d) => d.range.start.character), [...shown.slice(1).map((d) => d.range.start.character)].sort((a, b) => a - b), 'in their order in the file');
    const notice = capped.diagnostics[0]!;
    assert.equal(notice.code, undefined);
    assert.equal(notice.severity, 3);
    assert.deepEqual(notice.range.start, { line: 0, character: 0 });
    client.settings = { maxNumberOfProblems: 0 };
    const before = client.published.length;
    await client.conn.sendNotification('workspace/didChangeConfiguration', { settings: null });
    const full = await client.waitForDiagnostics((p) => p.uri === uri && client.published.indexOf(p) >= before);
    assert.ok(full.diagnostics.length > 31, `every finding: ${full.diagnostics.length}`);
    assert.ok(full.diagnostics.every((d) => d.code !== undefined), 'no notice');
    assert.match(notice.message, new RegExp(`^${full.diagnostics.length - 4} more problems in this file not shown: the file has 1 error, 30 warnings and 1 other; 4 are shown with this notice`));
  });
});

/** Makes the client answer workspace/configuration (with its settings) only once the returned function is called. */
function holdConfiguration(client: TestClient): () => void {
  let release: () => void = () => undefined;
  const held = new Promise<void>((r) => (release = r));
  client.conn.onRequest('workspace/configuration', async (p: { items: unknown[] }) => {
    await held;
    return p.items.map(() => client.settings);
  });
  return release;
}

describe('the first diagnostics after start-up', () => {
  it('follow toolschema.config.json and the client settings, however late the settings come; code actions wait for them', async () => {
    // Before, a document opened right after `initialized` was linted with the defaults while the settings were
    // being pulled: its diagnostics (and code actions) showed rules the configuration turns off, then were
    // published again. Here the client holds its answer to workspace/configuration until the server has handled
    // the didOpen and a code action request (a request for an unknown method, answered in order, marks that).
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-first-'));
    const client = new TestClient();
    try {
      writeFileSync(join(dir, 'toolschema.config.json'), JSON.stringify({ rules: { 'type-unknown': 'off' } }));
      const text = '[{"name": "get_weather", "description": "Use this when the user asks about the weather. Returns the temperature.", "parameters": {"type": "object", "properties": {"city": {"type": "str"}, "unit": {"type": "string"}, "day": {"type": "string"}}}}]';
      writeFileSync(join(dir, 'w.tool.json'), text);
      const uri = pathToFileURL(join(dir, 'w.tool.json')).href;
      client.settings = { maxNumberOfProblems: 1 };
      const release = holdConfiguration(client);
      await client.initialize(pathToFileURL(dir).href, { workspace: { configuration: true } });
      await client.open(uri, text);
      const range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
      const actions = client.conn.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics: [], only: ['source.fixAll'] } });
      await assert.rejects(client.conn.sendRequest('toolschema/noSuchMethod', {}));
      release();
      const answered = JSON.stringify(await actions);
      const published = await client.waitForDiagnostics((p) => p.uri === uri && p.version === 1);
      assert.equal(published.diagnostics.length, 2, JSON.stringify(published.diagnostics));
      assert.match(published.diagnostics[0]!.message, /^\d+ more problems? in this file not shown: .* 1 are shown with this notice/);
      for (const p of client.published.filter((x) => x.uri === uri)) {
        assert.ok(!p.diagnostics.some((d) => d.code === 'type-unknown'), `type-unknown is off: ${JSON.stringify(p.diagnostics.map((d) => d.code))}`);
        assert.ok(p.diagnostics.length <= 2, `at most one problem shown: ${p.diagnostics.length}`);
      }
      assert.ok(!answered.includes('type-unknown'), answered);
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a watched-file event for a closed file before the settings come publishes nothing under the defaults', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-first-watch-'));
    const client = new TestClient();
    try {
      writeFileSync(join(dir, 'toolschema.config.json'), JSON.stringify({ rules: { 'type-unknown': 'off' } }));
      const text = '[{"name": "get_weather", "description": "Use this when the user asks about the weather. Returns the temperature.", "parameters": {"type": "object", "properties": {"city": {"type": "str"}}}}]';
      writeFileSync(join(dir, 'b.tool.json'), text);
      const uri = pathToFileURL(join(dir, 'b.tool.json')).href;
      const release = holdConfiguration(client);
      await client.initialize(pathToFileURL(dir).href, { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: false } } });
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
      // The event is handled (messages are answered in order), and the file read and linted meanwhile, if it is.
      await assert.rejects(client.conn.sendRequest('toolschema/noSuchMethod', {}));
      await new Promise((r) => setTimeout(r, 500));
      release();
      await client.waitForDiagnostics((p) => p.uri === uri);
      for (const p of client.published.filter((x) => x.uri === uri)) assert.ok(!p.diagnostics.some((d) => d.code === 'type-unknown'), `type-unknown is off: ${JSON.stringify(p.diagnostics.map((d) => d.code))}`);
    } finally {
      client.proc.kill();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
