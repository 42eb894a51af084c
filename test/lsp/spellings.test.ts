/**
 * Files on disk as an editor sees them, over stdio (found by an independent LSP tester):
 * - a closed file that starts with a UTF-8 byte-order mark is linted without it, so its positions are the
 *   editor's (they were one character to the right on the first line), and gets one parse-error saying so;
 * - a closed UTF-16 file is decoded (it was read as UTF-8: 20 parse-errors and its tools not indexed);
 * - a file the client names in another spelling of its `file:` URI (VS Code escapes `(`, `)`, `+`, `@`: the server
 *   wrote `weather%20(1).tool.json` for what VS Code calls `weather%20%281%29.tool.json`) is one document, whose
 *   diagnostics are published under the client's spelling, and a watched-file deletion in that spelling is not
 *   dropped.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const tool = (name: string, description = 'Use this when the user asks for the weather in a city; returns the conditions.') =>
  `{"name":"${name}","description":"${description}","parameters":{"type":"object","properties":{"city":{"type":"string","description":"City name."}},"required":["city"]}}`;

/** VS Code's spelling of a path's URI (vscode-uri): Node's, with `( ) + @` escaped too. */
const vscodeSpelling = (path: string) => pathToFileURL(path).href.replace(/[()+@]/g, (c) => '%' + c.charCodeAt(0).toString(16).toUpperCase());

async function inFolder(name: string, files: Record<string, string | Buffer>, run: (w: { dir: string; client: TestClient }) => Promise<void>): Promise<void> {
  const dir = join(mkdtempSync(join(tmpdir(), 'toolschema-spell-')), name);
  const client = new TestClient();
  try {
    mkdirSync(dir);
    for (const [f, text] of Object.entries(files)) writeFileSync(join(dir, f), text);
    await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true } } });
    await run({ dir, client });
  } finally {
    client.proc.kill();
    rmSync(join(dir, '..'), { recursive: true, force: true });
  }
}

const rules = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => d.code).sort();

describe('files on disk as the editor sees them', () => {
  it('a closed file with a UTF-8 byte-order mark: positions without it, and one parse-error saying so', async () => {
    const text = `[${tool('getWeather')}]`;
    await inFolder('bom', { 'a.tool.json': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text)]), 'b.tool.json': `[${tool('get_city')}]` }, async ({ dir, client }) => {
      const uri = pathToFileURL(join(dir, 'a.tool.json')).href;
      const p = await client.waitForDiagnostics((x) => x.uri === uri && x.diagnostics.some((d) => d.code === 'name-format'));
      const bom = p.diagnostics.filter((d) => d.code === 'parse-error');
      assert.equal(bom.length, 1, JSON.stringify(p.diagnostics));
      assert.match(bom[0]!.message, /starts with a UTF-8 byte-order mark/);
      const name = p.diagnostics.find((d) => d.code === 'name-format')!;
      // Where the name is in the text the editor shows (no mark).
      assert.deepEqual(name.range.start, { line: 0, character: text.indexOf('"getWeather"') });
    });
  });

  it('a closed UTF-16 file is decoded: one parse-error saying so, and its own findings', async () => {
    const text = `[${tool('getWeather')}]`;
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    await inFolder('utf16', { 'a.tool.json': utf16 }, async ({ dir, client }) => {
      const uri = pathToFileURL(join(dir, 'a.tool.json')).href;
      const p = await client.waitForDiagnostics((x) => x.uri === uri && x.diagnostics.length > 0);
      const parse = p.diagnostics.filter((d) => d.code === 'parse-error');
      assert.equal(parse.length, 1, JSON.stringify(p.diagnostics.map((d) => d.message)));
      assert.match(parse[0]!.message, /UTF-16 \(little-endian/);
      assert.ok(p.diagnostics.some((d) => d.code === 'name-format' && d.range.start.character === text.indexOf('"getWeather"')), JSON.stringify(rules(p)));
    });
  });

  it('a file opened under another spelling of its URI is one document, published under that spelling', async () => {
    await inFolder('ws (x)+@', { 'weather (1).tool.json': `[${tool('get_weather')}]`, 'other.tool.json': `[${tool('get_city')}]` }, async ({ dir, client }) => {
      const path = join(dir, 'weather (1).tool.json');
      const nodeUri = pathToFileURL(path).href;
      const clientUri = vscodeSpelling(path);
      assert.notEqual(clientUri, nodeUri, 'test error: the two spellings must differ');
      await client.waitForDiagnostics((x) => x.uri === nodeUri); // indexed and linted from disk
      const n = client.published.length;
      await client.open(clientUri, `[${tool('get_weather')}]`);
      const mine = await client.waitForDiagnostics((x) => client.published.indexOf(x) >= n && x.uri === clientUri);
      assert.deepEqual(
        mine.diagnostics.filter((d) => d.code === 'name-duplicate').map((d) => d.message),
        [],
      );
      // The disk lint's diagnostics under the server's spelling are cleared, for clients that tell the two apart.
      const cleared = client.published.slice(n).filter((x) => x.uri === nodeUri);
      assert.deepEqual(cleared.map((x) => x.diagnostics.length), [0]);
    });
  });

  it('a watched-file deletion in the client’s spelling is not dropped', async () => {
    await inFolder('del (x)', { 'weather (1).tool.json': `[${tool('get_weather')}]`, 'b.tool.json': `[${tool('get_weather')}]` }, async ({ dir, client }) => {
      const bUri = pathToFileURL(join(dir, 'b.tool.json')).href;
      await client.waitForDiagnostics((x) => x.uri === bUri && x.diagnostics.some((d) => d.code === 'name-duplicate'));
      const path = join(dir, 'weather (1).tool.json');
      unlinkSync(path);
      const n = client.published.length;
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: vscodeSpelling(path), type: 3 }] });
      const after = await client.waitForDiagnostics((x) => client.published.indexOf(x) >= n && x.uri === bUri);
      assert.deepEqual(
        after.diagnostics.filter((d) => d.code === 'name-duplicate'),
        [],
      );
    });
  });
});
