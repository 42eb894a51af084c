/**
 * Navigation over stdio, in a temporary workspace of several tool files (written to disk and opened):
 * definition from a mention or a successor to the tool in another file, references across files, rename
 * across files (the WorkspaceEdit applied and linted again), refused renames, document and workspace symbols,
 * and completion of tool names after "use " and of `type` values.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { CompletionItem, CompletionList, DocumentSymbol, Location, PublishDiagnosticsParams, SymbolInformation, TextDocumentEdit, TextEdit, WorkspaceEdit } from 'vscode-languageserver-protocol';
import { ResponseError } from 'vscode-jsonrpc';
import { SymbolKind } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';
import { lintWorkspace } from '../../shared/src/linter';

const param = '"parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] }';

const A = `[
  { "name": "get_forecast", "description": "Use this when the user asks for the weather in the next days in a city. Returns daily highs and lows.", ${param} },
  { "name": "get_weather", "description": "Deprecated: use get_forecast instead. Use this when the user asks for the current weather in a city.", "deprecated": { "since": "2026-11-01", "replacedBy": ["get_forecast"] }, ${param} }
]
`;
const B = `[
  { "type": "function", "function": { "name": "plan_trip", "description": "Use this when the user wants to plan a trip to a city. Call get_forecast first, then \`get_local_time\` for the time zone. Returns an itinerary.", "parameters": { "type": "object", "properties": {
    "city": { "type": "string", "description": "Destination city, for example Paris." },
    "dates": { "type": "object", "description": "Travel dates.", "properties": { "start": { "type": "string", "format": "date", "description": "First day." }, "end": { "type": "string", "format": "date", "description": "Last day." } }, "required": ["start"] }
  }, "required": ["city", "dates"] } } }
]
`;
const C = `{ "tools": [
  { "name": "get_local_time", "description": "Use this when the user asks what time it is in a city. Returns the local time and the time zone.", "inputSchema": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] } }
] }
`;
/** On disk, never opened: the server indexes it at start-up. */
const E = `[
  { "name": "pack_bags", "description": "Use this when the user asks what to pack for a trip. Call get_forecast before answering. Returns a packing list.", ${param} }
]
`;

function positionOf(text: string, needle: string, delta = 0): { line: number; character: number } {
  const off = text.indexOf(needle);
  assert.ok(off >= 0, `${needle} not in text`);
  return positionAt(text, off + delta);
}

function positionAt(text: string, off: number): { line: number; character: number } {
  const before = text.slice(0, off).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

function offsetAt(text: string, p: { line: number; character: number }): number {
  const lines = text.split('\n');
  let off = 0;
  for (let i = 0; i < p.line; i++) off += lines[i]!.length + 1;
  return off + p.character;
}

function textAt(text: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): string {
  return text.slice(offsetAt(text, range.start), offsetAt(text, range.end));
}

function applyLspEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = edits.map((e) => ({ start: offsetAt(text, e.range.start), end: offsetAt(text, e.range.end), newText: e.newText })).sort((a, b) => b.start - a.start);
  let out = text;
  for (const e of sorted) out = out.slice(0, e.start) + e.newText + out.slice(e.end);
  return out;
}

const codes = (p: PublishDiagnosticsParams) => p.diagnostics.map((d) => String(d.code));

describe('navigation over stdio', () => {
  let dir: string;
  let client: TestClient;
  const texts = new Map<string, string>();
  const uri = (f: string) => pathToFileURL(join(dir, f)).href;
  const req = <T>(method: string, params: unknown) => client.conn.sendRequest(method, params) as Promise<T>;
  const refusal = async (method: string, params: unknown): Promise<string> => {
    try {
      await client.conn.sendRequest(method, params);
    } catch (e) {
      assert.ok(e instanceof ResponseError, String(e));
      return e.message;
    }
    assert.fail(`${method} was not refused`);
  };

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-nav-'));
    for (const [f, t] of [['a.tool.json', A], ['b.tool.json', B], ['c.tool.json', C], ['e.tool.json', E]] as const) {
      writeFileSync(join(dir, f), t);
      texts.set(uri(f), t);
    }
    client = new TestClient();
    const init = await client.initialize(pathToFileURL(dir).href, { workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceEdit: { documentChanges: true } } });
    const caps = init.capabilities;
    assert.equal(caps.definitionProvider, true);
    assert.equal(caps.referencesProvider, true);
    assert.deepEqual(caps.renameProvider, { prepareProvider: true });
    assert.ok(caps.documentSymbolProvider);
    assert.equal(caps.workspaceSymbolProvider, true);
    assert.ok(caps.completionProvider?.triggerCharacters?.includes(' '));
    for (const f of ['a.tool.json', 'b.tool.json', 'c.tool.json']) await client.open(uri(f), texts.get(uri(f))!);
    for (const f of ['a.tool.json', 'b.tool.json', 'c.tool.json']) await client.waitForDiagnostics((p) => p.uri === uri(f) && p.version === 1);
    // e.tool.json is not open: its diagnostics come from the start-up indexing.
    await client.waitForDiagnostics((p) => p.uri === uri('e.tool.json'));
  });
  after(() => {
    client.proc.kill();
    rmSync(dir, { recursive: true, force: true });
  });

  it('goes to the definition in another file from a description mention and from a successor', async () => {
    const fromMention = await req<Location[]>('textDocument/definition', { textDocument: { uri: uri('b.tool.json') }, position: positionOf(B, 'get_forecast first', 3) });
    assert.equal(fromMention.length, 1);
    assert.equal(fromMention[0]!.uri, uri('a.tool.json'));
    assert.deepEqual(fromMention[0]!.range, { start: positionOf(A, '"get_forecast"', 1), end: positionOf(A, '"get_forecast"', 1 + 'get_forecast'.length) });
    const fromSuccessor = await req<Location[]>('textDocument/definition', { textDocument: { uri: uri('a.tool.json') }, position: positionOf(A, '["get_forecast"]', 5) });
    assert.deepEqual(fromSuccessor, fromMention);
    const fromBackticks = await req<Location[]>('textDocument/definition', { textDocument: { uri: uri('b.tool.json') }, position: positionOf(B, 'get_local_time`', 2) });
    assert.equal(fromBackticks[0]!.uri, uri('c.tool.json'));
    assert.equal(textAt(C, fromBackticks[0]!.range), 'get_local_time');
    // Nothing to go to from an ordinary word.
    assert.equal(await req('textDocument/definition', { textDocument: { uri: uri('b.tool.json') }, position: positionOf(B, 'itinerary', 2) }), null);
  });

  it('finds every reference of a tool across files, open or not, with the declaration on request', async () => {
    const refs = await req<Location[]>('textDocument/references', { textDocument: { uri: uri('a.tool.json') }, position: positionOf(A, '"get_forecast"', 3), context: { includeDeclaration: true } });
    const shown = refs.map((r) => `${r.uri.slice(uri('x').length - 1)} ${textAt(texts.get(r.uri)!, r.range)} ${r.range.start.line}`).sort();
    assert.deepEqual(shown, ['a.tool.json get_forecast 1', 'a.tool.json get_forecast 2', 'a.tool.json get_forecast 2', 'b.tool.json get_forecast 1', 'e.tool.json get_forecast 1']);
    const noDecl = await req<Location[]>('textDocument/references', { textDocument: { uri: uri('b.tool.json') }, position: positionOf(B, 'get_forecast first', 1), context: { includeDeclaration: false } });
    assert.equal(noDecl.length, 4);
  });

  it('outlines the tools of a document with their parameters', async () => {
    const symbols = await req<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri('b.tool.json') } });
    const show = (s: DocumentSymbol, depth = 0): string[] => [`${'  '.repeat(depth)}${s.kind} ${s.name} [${s.detail}]`, ...(s.children ?? []).flatMap((c) => show(c, depth + 1))];
    assert.deepEqual(symbols.flatMap((s) => show(s)), [
      '12 plan_trip [OpenAI Chat Completions · OpenAI]',
      '  8 city [string · required]',
      '  8 dates [object · required]',
      '    7 start [string · required]',
      '    7 end [string]',
    ]);
    assert.equal(textAt(B, symbols[0]!.selectionRange), '"plan_trip"');
    const a = await req<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: uri('a.tool.json') } });
    assert.deepEqual(a.map((s) => `${s.name} ${JSON.stringify(s.tags ?? [])}`), ['get_forecast []', 'get_weather [1]']);
  });

  it('outlines the cases of an evaluation set: id, category and what each expects; a case without an id by its place', async () => {
    const set = `{
  "tools": "./a.tool.json",
  "cases": [
    { "id": "paris-now", "category": "normal", "messages": [{ "role": "user", "content": "Weather in Paris?" }], "expect": { "tool": "get_forecast" } },
    { "category": "adversarial", "messages": [{ "role": "user", "content": "Delete my account" }], "expect": { "tool": null } },
    { "id": "  ", "messages": [{ "role": "user", "content": "Hi" }], "expect": { "tool": "get_weather" } }
  ]
}
`;
    const setUri = uri('a.eval.json');
    writeFileSync(join(dir, 'a.eval.json'), set);
    await client.open(setUri, set);
    try {
      const symbols = await req<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: setUri } });
      assert.deepEqual(symbols.map((s) => `${s.kind} ${s.name} [${s.detail}]`), [
        `${SymbolKind.Object} paris-now [normal · expects get_forecast]`,
        `${SymbolKind.Object} (case 2, no id) [adversarial · expects no call]`,
        `${SymbolKind.Object} "  " [expects get_weather]`,
      ]);
      assert.equal(textAt(set, symbols[0]!.selectionRange), '"paris-now"');
      assert.ok(textAt(set, symbols[1]!.range).startsWith('{ "category": "adversarial"'));
    } finally {
      // The later tests rename get_forecast: a set naming it would be edited too.
      await client.close(setUri);
      rmSync(join(dir, 'a.eval.json'));
    }
  });

  it('finds tools by name across the workspace', async () => {
    const forecast = await req<SymbolInformation[]>('workspace/symbol', { query: 'forecast' });
    assert.deepEqual(forecast.map((s) => `${s.name} ${s.location.uri.slice(uri('x').length - 1)} ${s.kind}`), ['get_forecast a.tool.json 12']);
    assert.equal(textAt(A, forecast[0]!.location.range), 'get_forecast');
    const fuzzy = await req<SymbolInformation[]>('workspace/symbol', { query: 'getloc' });
    assert.deepEqual(fuzzy.map((s) => `${s.name} ${s.containerName}`), ['get_local_time c.tool.json']);
    const all = await req<SymbolInformation[]>('workspace/symbol', { query: '' });
    assert.deepEqual(all.map((s) => s.name).sort(), ['get_forecast', 'get_local_time', 'get_weather', 'pack_bags', 'plan_trip']);
  });

  it('completes tool names after "use " in a description', async () => {
    const text = `[\n  { "name": "plan_route", "description": "Use this when the user asks how to get somewhere. For the weather use ", ${param} }\n]\n`;
    const u = uri('f.tool.json');
    await client.open(u, text);
    const position = positionOf(text, 'use ", ', 4);
    const res = await req<CompletionList>('textDocument/completion', { textDocument: { uri: u }, position, context: { triggerKind: 2, triggerCharacter: ' ' } });
    const labels = res.items.map((i) => i.label);
    assert.deepEqual([...labels].sort(), ['get_forecast', 'get_local_time', 'get_weather', 'pack_bags', 'plan_trip']);
    const item = res.items.find((i) => i.label === 'get_forecast')!;
    assert.equal(item.kind, 3);
    assert.deepEqual(item.textEdit, { range: { start: position, end: position }, newText: 'get_forecast' });
    assert.match(item.detail ?? '', /a\.tool\.json/);
    // A space anywhere else asks for nothing.
    assert.equal(await req('textDocument/completion', { textDocument: { uri: u }, position: positionOf(text, 'how to', 3), context: { triggerKind: 2, triggerCharacter: ' ' } }), null);
  });

  it('completes type values, upper case in a Gemini file, with no duplicates from the JSON service', async () => {
    const text = C.replace('"type": "string"', '"type": ""');
    await client.change(uri('c.tool.json'), 2, [{ text }]);
    const res = await req<CompletionList | CompletionItem[]>('textDocument/completion', { textDocument: { uri: uri('c.tool.json') }, position: positionOf(text, '"type": ""', 9) });
    const labels = (Array.isArray(res) ? res : res.items).map((i) => i.label);
    assert.deepEqual(labels, ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);
    await client.change(uri('c.tool.json'), 3, [{ text: C }]);
    const gemini = '{ "functionDeclarations": [\n  { "name": "get_tide", "description": "Use this when the user asks for the tides at a beach.", "parameters": { "type": "OBJECT", "properties": { "beach": { "type": "" } } } }\n] }\n';
    const g = uri('g.tool.json');
    await client.open(g, gemini);
    const gres = await req<CompletionList | CompletionItem[]>('textDocument/completion', { textDocument: { uri: g }, position: positionOf(gemini, '"type": "" }', 9) });
    const glabels = (Array.isArray(gres) ? gres : gres.items).map((i) => i.label.replace(/"/g, ''));
    assert.deepEqual(glabels.filter((l) => /^[a-z]+$/i.test(l)), ['STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'OBJECT', 'ARRAY', 'NULL']);
  });

  it('refuses a rename to a taken or invalid name, or where there is no tool, with the reason', async () => {
    const at = { textDocument: { uri: uri('b.tool.json') }, position: positionOf(B, 'get_forecast first', 2) };
    assert.match(await refusal('textDocument/rename', { ...at, newName: 'get_local_time' }), /A tool named "get_local_time" is already defined \(in c\.tool\.json\)/);
    assert.match(await refusal('textDocument/rename', { ...at, newName: 'get forecast' }), /not a valid tool name/);
    assert.match(await refusal('textDocument/rename', { ...at, newName: 'getDailyForecast' }), /not snake_case.*"get_daily_forecast"/);
    assert.match(await refusal('textDocument/prepareRename', { textDocument: { uri: uri('b.tool.json') }, position: positionOf(B, 'itinerary', 2) }), /Nothing to rename here/);
  });

  it('renames a tool across files in one versioned edit; the results lint clean of dangling names', async () => {
    const at = { textDocument: { uri: uri('b.tool.json') }, position: positionOf(B, 'get_forecast first', 2) };
    const prepared = await req<{ range: unknown; placeholder: string }>('textDocument/prepareRename', at);
    assert.deepEqual(prepared, { range: { start: positionOf(B, 'get_forecast first'), end: positionOf(B, 'get_forecast first', 'get_forecast'.length) }, placeholder: 'get_forecast' });
    const edit = await req<WorkspaceEdit>('textDocument/rename', { ...at, newName: 'get_daily_forecast' });
    const changes = edit.documentChanges as TextDocumentEdit[];
    assert.deepEqual(changes.map((c) => `${c.textDocument.uri.slice(uri('x').length - 1)} v${c.textDocument.version} ${c.edits.length}`).sort(), ['a.tool.json v1 3', 'b.tool.json v1 1', 'e.tool.json vnull 1']);
    const after = new Map(texts);
    for (const c of changes) after.set(c.textDocument.uri, applyLspEdits(after.get(c.textDocument.uri)!, c.edits));
    assert.doesNotMatch(after.get(uri('a.tool.json'))!, /get_forecast/);
    assert.match(after.get(uri('a.tool.json'))!, /"replacedBy": \["get_daily_forecast"\]/);
    assert.match(after.get(uri('b.tool.json'))!, /Call get_daily_forecast first/);
    assert.match(after.get(uri('e.tool.json'))!, /Call get_daily_forecast before/);
    // The engine's verdict on the edited workspace.
    const lints = lintWorkspace([...after].map(([u, t]) => ({ uri: u, text: t })));
    const found = lints.flatMap((l) => l.findings.map((f) => f.rule));
    assert.ok(!found.includes('description-sibling-unknown') && !found.includes('deprecated-no-successor'), found.join(', '));
    // The server's: the open files get the new text, the file on disk is rewritten.
    for (const f of ['a.tool.json', 'b.tool.json']) await client.change(uri(f), 10, [{ text: after.get(uri(f))! }]);
    writeFileSync(join(dir, 'e.tool.json'), after.get(uri('e.tool.json'))!);
    await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('e.tool.json'), type: 2 }] });
    for (const f of ['a.tool.json', 'b.tool.json']) {
      const p = await client.waitForDiagnostics((d) => d.uri === uri(f) && d.version === 10);
      assert.ok(!codes(p).includes('description-sibling-unknown') && !codes(p).includes('deprecated-no-successor'), `${f}: ${codes(p).join(', ')}`);
    }
    for (const [u, t] of after) texts.set(u, t);
    // The index follows: references of the new name are the renamed places.
    const refs = await req<Location[]>('textDocument/references', { textDocument: { uri: uri('a.tool.json') }, position: positionOf(texts.get(uri('a.tool.json'))!, '"get_daily_forecast"', 2), context: { includeDeclaration: true } });
    assert.deepEqual(refs.map((r) => textAt(texts.get(r.uri)!, r.range)), Array(5).fill('get_daily_forecast'));
  });

  it('a rename whose edit of a closed file is written to disk without a watcher event: the next answers read that file again', async () => {
    // After the test above: get_daily_forecast is defined in a (open), named in b (open) and in e (closed).
    const rename = async (from: string, to: string): Promise<Map<string, string>> => {
      const a = texts.get(uri('a.tool.json'))!;
      const edit = await req<WorkspaceEdit>('textDocument/rename', { textDocument: { uri: uri('a.tool.json') }, position: positionOf(a, `"${from}"`, 2), newName: to });
      const changes = edit.documentChanges as TextDocumentEdit[];
      const after = new Map<string, string>();
      for (const c of changes) after.set(c.textDocument.uri, applyLspEdits(texts.get(c.textDocument.uri)!, c.edits));
      return after;
    };
    let version = 20;
    const apply = async (after: Map<string, string>) => {
      version++;
      for (const [u, t] of after) {
        texts.set(u, t);
        if (u === uri('e.tool.json')) writeFileSync(join(dir, 'e.tool.json'), t); // no didChangeWatchedFiles
        else await client.change(u, version, [{ text: t }]);
      }
      await client.waitForDiagnostics((d) => d.uri === uri('a.tool.json') && d.version === version);
    };
    const first = await rename('get_daily_forecast', 'get_forecast_days');
    assert.ok(first.has(uri('e.tool.json')), [...first.keys()].join(', '));
    await apply(first);
    assert.match(texts.get(uri('e.tool.json'))!, /get_forecast_days/);
    const refs = await req<Location[]>('textDocument/references', { textDocument: { uri: uri('a.tool.json') }, position: positionOf(texts.get(uri('a.tool.json'))!, '"get_forecast_days"', 2), context: { includeDeclaration: false } });
    assert.ok(refs.some((r) => r.uri === uri('e.tool.json')), `e.tool.json names get_forecast_days: ${refs.map((r) => r.uri).join(', ')}`);
    const second = await rename('get_forecast_days', 'get_weekly_forecast');
    assert.ok(second.has(uri('e.tool.json')), `the second rename edits e.tool.json: ${[...second.keys()].join(', ')}`);
    assert.doesNotMatch(second.get(uri('e.tool.json'))!, /get_forecast_days/);
    await apply(second);
  });
});
