/**
 * The built language server over a real stdio JSON-RPC connection: initialize, didOpen → diagnostics,
 * didChange → diagnostics for the new version, hover, completion, configuration file problems, shutdown.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Hover, CompletionList, CompletionItem, MarkupContent } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const WEATHER = `{
  "type": "function",
  "function": {
    "name": "weather",
    "description": "Use this when the user asks for the current weather in a city. Returns the temperature.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name, for example Paris." },
        "days": { "type": "integer", "description": "Forecast length in days.", "minimum": 1, "maximum": 7, "default": 1 }
      },
      "required": ["city"]
    }
  }
}
`;

function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const off = text.indexOf(needle) + delta;
  assert.ok(off >= delta, `${needle} not in text`);
  const before = text.slice(0, off).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

describe('language server over stdio', () => {
  let client: TestClient;
  let dir: string;
  const uri = 'file:///virtual/weather.tool.json';

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-lsp-'));
    client = new TestClient();
  });
  after(async () => {
    client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('initializes with the advertised capabilities', async () => {
    const res = await client.initialize(pathToFileURL(dir).href, { workspace: { configuration: true, didChangeWatchedFiles: { dynamicRegistration: true } } });
    assert.equal(res.serverInfo?.name, 'toolschema-language-server');
    assert.equal(res.capabilities.textDocumentSync, 2);
    assert.equal(res.capabilities.hoverProvider, true);
    assert.ok(res.capabilities.completionProvider);
    assert.equal(res.capabilities.documentFormattingProvider, true);
  });

  it('publishes diagnostics with the rule id, a doc link and an exact range on didOpen', async () => {
    await client.open(uri, WEATHER);
    const pub = await client.waitForDiagnostics((p) => p.uri === uri && p.version === 1);
    const d = pub.diagnostics.find((x) => x.code === 'name-verb-first');
    assert.ok(d, `name-verb-first expected in ${JSON.stringify(pub.diagnostics.map((x) => x.code))}`);
    assert.deepEqual(d.range, { start: positionOf(WEATHER, '"weather"'), end: positionOf(WEATHER, '"weather"', '"weather"'.length) });
    assert.equal(d.severity, 2);
    assert.equal(d.source, 'toolschema');
    assert.match(d.codeDescription!.href, /docs\/rules\/name-verb-first\.md$/);
    assert.match(d.message, /get_weather/);
  });

  it('hover over a flagged name shows the rule documentation and the tool summary', async () => {
    const hover = (await client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: positionOf(WEATHER, '"weather"', 3) })) as Hover;
    const value = (hover.contents as MarkupContent).value;
    assert.match(value, /name-verb-first/);
    assert.match(value, /Bad:/);
    assert.match(value, /Good:/);
    assert.match(value, /\*\*`weather`\*\*/);
    assert.match(value, /OpenAI Chat Completions/);
    assert.match(value, /\| `days` \| integer \| no \| 1 \| ≥ 1, ≤ 7 \|/);
  });

  it('hover over a JSON Schema keyword gives its meaning from the specification', async () => {
    const hover = (await client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: positionOf(WEATHER, '"default"', 2) })) as Hover;
    assert.match((hover.contents as MarkupContent).value, /program applies defaults explicitly/);
  });

  it('re-lints on didChange and publishes diagnostics for the new version', async () => {
    const start = positionOf(WEATHER, '"weather"', 1);
    await client.change(uri, 2, [{ range: { start, end: { line: start.line, character: start.character + 'weather'.length } }, text: 'get_weather' }]);
    const pub = await client.waitForDiagnostics((p) => p.uri === uri && p.version === 2);
    assert.equal(pub.diagnostics.filter((x) => x.code === 'name-verb-first').length, 0);
  });

  it('hover over the renamed tool name shows its kind', async () => {
    const text = WEATHER.replace('"weather"', '"get_weather"');
    const hover = (await client.conn.sendRequest('textDocument/hover', { textDocument: { uri }, position: positionOf(text, '"get_weather"', 2) })) as Hover;
    assert.match((hover.contents as MarkupContent).value, /\*\*`get_weather`\*\* — query/);
  });

  it('reports broken JSON without crashing, then recovers', async () => {
    await client.change(uri, 3, [{ text: '{ "name": "get_weather", ' }]);
    const broken = await client.waitForDiagnostics((p) => p.uri === uri && p.version === 3);
    assert.ok(broken.diagnostics.some((x) => x.code === 'parse-error'));
    await client.change(uri, 4, [{ text: WEATHER }]);
    const fixed = await client.waitForDiagnostics((p) => p.uri === uri && p.version === 4);
    assert.ok(!fixed.diagnostics.some((x) => x.code === 'parse-error'));
  });

  it('offers completion of JSON Schema keywords from the tool-file schema', async () => {
    const text = '{ "name": "get_weather", "description": "x", "parameters": { "type": "object", "properties": { "city": { "" } } } }';
    const u = 'file:///virtual/complete.tool.json';
    await client.open(u, text);
    const pos = positionOf(text, '{ "" }', 3);
    const res = (await client.conn.sendRequest('textDocument/completion', { textDocument: { uri: u }, position: pos })) as CompletionList | CompletionItem[];
    const items = Array.isArray(res) ? res : res.items;
    const labels = items.map((i) => i.label);
    assert.ok(labels.includes('enum'), `labels: ${labels.join(', ')}`);
    assert.ok(labels.includes('minimum'));
  });

  it('puts configuration problems on toolschema.config.json and keeps linting', async () => {
    const cfgUri = pathToFileURL(join(dir, 'toolschema.config.json')).href;
    const text = '{ "rules": { "name-verb-first": "loud", "no-such-rule": "off" }, "profil": "openai" }';
    writeFileSync(join(dir, 'toolschema.config.json'), text);
    await client.open(cfgUri, text, 'json');
    const pub = await client.waitForDiagnostics((p) => p.uri === cfgUri && p.diagnostics.length >= 3);
    const messages = pub.diagnostics.map((d) => d.message).join('\n');
    assert.match(messages, /unknown severity/);
    assert.match(messages, /Unknown rule id "no-such-rule"/);
    assert.match(messages, /Unknown setting "profil"/);
    const toolUri = pathToFileURL(join(dir, 'a.tool.json')).href;
    await client.open(toolUri, WEATHER);
    const tool = await client.waitForDiagnostics((p) => p.uri === toolUri);
    assert.ok(tool.diagnostics.some((d) => d.code === 'name-verb-first'), 'linting goes on with defaults');
  });

  it('a hostile file (10,000-deep nesting) gets one diagnostic and every request still answers', async () => {
    const u = 'file:///virtual/deep.tool.json';
    await client.open(u, '['.repeat(10_000) + ']'.repeat(10_000));
    const pub = await client.waitForDiagnostics((p) => p.uri === u);
    assert.deepEqual(pub.diagnostics.map((d) => d.code), ['parse-error']);
    const position = { line: 0, character: 5000 };
    for (const method of ['textDocument/completion', 'textDocument/hover', 'textDocument/foldingRange', 'textDocument/documentSymbol', 'textDocument/selectionRange']) {
      await client.conn.sendRequest(method, { textDocument: { uri: u }, position, positions: [position] });
    }
  });

  it('shuts down cleanly', async () => {
    const code = await client.shutdown();
    assert.equal(code, 0);
    assert.doesNotMatch(client.stderr, /Error/);
    assert.deepEqual(client.logs.filter((l) => /Unhandled|Uncaught|failed/.test(l)), [], 'the server logged no error');
  });
});
