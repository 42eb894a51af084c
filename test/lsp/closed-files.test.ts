/**
 * Navigation into files that are not open, after they changed on disk without a watcher event (a client
 * without didChangeWatchedFiles, or before its event arrives): the index holds what a file was when last read,
 * so rename edits (version null: applied to the text on disk) and reference or definition ranges once landed
 * on the wrong bytes and broke the JSON. The server now checks those files against the disk first.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync, unlinkSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Location, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const A = '[{"name": "get_weather", "description": "Use this when the user asks about the weather. Returns the temperature; get_time gives the time.", "parameters": {"type": "object", "properties": {"city": {"type": "string", "description": "City."}}}}]\n';
const B = '[{"name": "get_time", "description": "Use this when the user asks the time; use get_weather for weather. Returns the time.", "parameters": {"type": "object", "properties": {}}}]\n';
/** Mentions get_weather too; deleted on disk before the rename. */
const D = '[{"name": "get_date", "description": "Use this when the user asks the date; use get_weather for weather. Returns the date.", "parameters": {"type": "object", "properties": {}}}]\n';
const SET = JSON.stringify({ tools: './a.tool.json', cases: [{ id: 'paris', category: 'normal', prompt: 'Weather in Paris?', expect: { tool: 'get_weather' } }] }) + '\n';

/** The same JSON, laid out again (what a formatter, a `git pull` or another editor does to a file). */
const relaid = (text: string) => JSON.stringify(JSON.parse(text), null, 2) + '\n';

function offsetAt(text: string, p: { line: number; character: number }): number {
  const lines = text.split('\n');
  let off = 0;
  for (let i = 0; i < p.line; i++) off += lines[i]!.length + 1;
  return off + p.character;
}

function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const off = text.indexOf(needle) + delta;
  const before = text.slice(0, off).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

const textAt = (text: string, r: { start: { line: number; character: number }; end: { line: number; character: number } }) => text.slice(offsetAt(text, r.start), offsetAt(text, r.end));

function applyEdits(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].sort((a, b) => offsetAt(text, b.range.start) - offsetAt(text, a.range.start))) out = out.slice(0, offsetAt(out, e.range.start)) + e.newText + out.slice(offsetAt(out, e.range.end));
  return out;
}

describe('navigation into closed files changed on disk without a watcher event', () => {
  let dir: string;
  let client: TestClient;
  const uri = (f: string) => pathToFileURL(join(dir, f)).href;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-closed-'));
    writeFileSync(join(dir, 'a.tool.json'), A);
    writeFileSync(join(dir, 'b.tool.json'), B);
    writeFileSync(join(dir, 'd.tool.json'), D);
    writeFileSync(join(dir, 'w.eval.json'), SET);
    client = new TestClient();
    // No didChangeWatchedFiles: the server hears of no change on disk.
    await client.initialize(pathToFileURL(dir).href, { workspace: { workspaceEdit: { documentChanges: true } } });
    // The closed files are indexed and linted at start-up.
    for (const f of ['b.tool.json', 'd.tool.json', 'w.eval.json']) await client.waitForDiagnostics((p) => p.uri === uri(f));
    writeFileSync(join(dir, 'b.tool.json'), relaid(B));
    writeFileSync(join(dir, 'w.eval.json'), relaid(SET));
    unlinkSync(join(dir, 'd.tool.json'));
    await client.open(uri('a.tool.json'), A);
    await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && p.version === 1);
  });
  after(() => {
    client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const at = positionOf(A, '"get_weather"', 3);

  it('computes rename edits for closed files on their text on disk, and none for a deleted file', async () => {
    const edit = (await client.conn.sendRequest('textDocument/rename', { textDocument: { uri: uri('a.tool.json') }, position: at, newName: 'fetch_weather' })) as WorkspaceEdit;
    const changes = edit.documentChanges as TextDocumentEdit[];
    assert.deepEqual(changes.map((c) => c.textDocument.uri).sort(), [uri('a.tool.json'), uri('b.tool.json'), uri('w.eval.json')]);
    const b = changes.find((c) => c.textDocument.uri === uri('b.tool.json'))!;
    assert.equal(b.textDocument.version, null);
    const after = applyEdits(relaid(B), b.edits);
    assert.equal(after, relaid(B).replace('get_weather', 'fetch_weather'));
    const set = changes.find((c) => c.textDocument.uri === uri('w.eval.json'))!;
    assert.equal(applyEdits(relaid(SET), set.edits), relaid(SET).replace('get_weather', 'fetch_weather'));
  });

  it('answers references and definitions in closed files at their places on disk', async () => {
    const refs = (await client.conn.sendRequest('textDocument/references', { textDocument: { uri: uri('a.tool.json') }, position: at, context: { includeDeclaration: false } })) as Location[];
    const texts = new Map([[uri('b.tool.json'), relaid(B)], [uri('w.eval.json'), relaid(SET)]]);
    assert.deepEqual(refs.map((r) => `${r.uri.slice(r.uri.lastIndexOf('/') + 1)} ${textAt(texts.get(r.uri)!, r.range)}`).sort(), ['b.tool.json get_weather', 'w.eval.json get_weather']);
    const defs = (await client.conn.sendRequest('textDocument/definition', { textDocument: { uri: uri('a.tool.json') }, position: positionOf(A, 'get_time gives', 2) })) as Location[];
    assert.equal(defs.length, 1);
    assert.equal(defs[0]!.uri, uri('b.tool.json'));
    assert.equal(textAt(relaid(B), defs[0]!.range), 'get_time');
  });
});

describe('rename: a link planted after indexing, and a rename sent before the start-up index is read', () => {
  let dir: string;
  let client: TestClient;
  const uri = (f: string) => pathToFileURL(join(dir, 'ws', f)).href;
  const MANY = 1500;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-closed-link-'));
    mkdirSync(join(dir, 'ws', 'many'), { recursive: true });
    mkdirSync(join(dir, 'outside'));
    writeFileSync(join(dir, 'ws', 'a.tool.json'), A);
    writeFileSync(join(dir, 'ws', 'e.tool.json'), D);
    writeFileSync(join(dir, 'outside', 'e.tool.json'), D);
    for (let i = 0; i < MANY; i++) writeFileSync(join(dir, 'ws', 'many', `m${i}.tool.json`), D.replace('get_date', `get_date_${i}`));
    client = new TestClient();
    await client.initialize(pathToFileURL(join(dir, 'ws')).href, { workspace: { workspaceEdit: { documentChanges: true } } });
    await client.open(uri('a.tool.json'), A);
    await client.waitForDiagnostics((p) => p.uri === uri('a.tool.json') && p.version === 1);
  });
  after(() => {
    client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  const rename = async () => {
    const edit = (await client.conn.sendRequest('textDocument/rename', { textDocument: { uri: uri('a.tool.json') }, position: positionOf(A, '"get_weather"', 3), newName: 'fetch_weather' })) as WorkspaceEdit;
    return (edit.documentChanges as TextDocumentEdit[]).map((c) => c.textDocument.uri);
  };

  it('right after the first diagnostics, the rename waits for the start-up index: every file that names the tool is edited', async () => {
    const files = await rename();
    assert.equal(files.filter((u) => u.includes('/many/')).length, MANY);
    assert.ok(files.includes(uri('e.tool.json')));
  });

  it('a closed file replaced by a link (to a file outside) after indexing gets no edits through the link', async () => {
    unlinkSync(join(dir, 'ws', 'e.tool.json'));
    symlinkSync(join(dir, 'outside', 'e.tool.json'), join(dir, 'ws', 'e.tool.json'));
    const files = await rename();
    assert.ok(!files.includes(uri('e.tool.json')), files.filter((u) => !u.includes('/many/')).join(', '));
    assert.ok(files.includes(uri('a.tool.json')));
  });
});
