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
});
