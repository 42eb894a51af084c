/**
 * `npm run bench`: prints, for generated files of 10, 100, 1,000 and 10,000 tools and for the corpus, the
 * median time of jsonc-parser's parse alone and of the full lint, and their ratio; then the server's
 * didChange → publishDiagnostics median on the 1,000-tool file beside vscode-json-languageservice's own
 * parse + doValidation of the same file against the tool-file JSON schema, measured in the same run; then the
 * workspace index over 2,000 files (the corpus plus generated files): build time, memory, and the re-lint after a
 * one-character edit in one file (that file plus the files the edit can affect).
 */
import { parseTree } from 'jsonc-parser';
import { readFileSync } from 'node:fs';
import { spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { getLanguageService } from 'vscode-json-languageservice';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lintDocument, lintText, lintWorkspace } from '../shared/src/linter';
import { ToolDocument } from '../shared/src/document';
import { WorkspaceModel } from '../shared/src/workspace';
import { toolFileSchema } from '../shared/src/toolFileSchema';
import { corpusFiles } from '../tools/corpus';
import { generatedFile } from './generate';

const ROOT = resolve(__dirname, '../..');

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(fn: () => void, runs: number): number {
  const out: number[] = [];
  fn(); // warm-up
  for (let i = 0; i < runs; i++) {
    const t = process.hrtime.bigint();
    fn();
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

const fmt = (ms: number) => (ms < 10 ? ms.toFixed(2) : ms.toFixed(1)).padStart(8) + ' ms';

async function serverLatency(text: string, edits: number): Promise<number> {
  const proc = spawn(process.execPath, [resolve(ROOT, 'dist/server/server.js'), '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const waiting = new Map<number, () => void>();
  conn.onNotification('textDocument/publishDiagnostics', (p: { version?: number }) => {
    if (p.version !== undefined) waiting.get(p.version)?.();
  });
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: {} });
  await conn.sendNotification('initialized', {});
  const uri = 'file:///bench/tools.tool.json';
  const published = (v: number) => new Promise<void>((r) => waiting.set(v, r));
  let p = published(1);
  await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'tool-json', version: 1, text } });
  await p;
  // One-character edits inside a description in the middle of the file, as a user types.
  const at = text.indexOf('Returns the', Math.floor(text.length / 2));
  const before = text.slice(0, at).split('\n');
  const pos = { line: before.length - 1, character: before[before.length - 1]!.length };
  const out: number[] = [];
  for (let v = 2; v < edits + 2; v++) {
    p = published(v);
    const t = process.hrtime.bigint();
    await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [{ range: { start: pos, end: pos }, text: 'x' }] });
    await p;
    out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  conn.dispose();
  return median(out);
}

async function jsonServiceValidation(text: string, runs: number): Promise<number> {
  const ls = getLanguageService({});
  ls.configure({ validate: true, schemas: [{ uri: 'toolschema://tool-file.schema.json', fileMatch: ['*'], schema: toolFileSchema() }] });
  const out: number[] = [];
  for (let i = 0; i <= runs; i++) {
    const doc = TextDocument.create('file:///bench/tools.tool.json', 'json', i, text + ' '.repeat(i));
    const t = process.hrtime.bigint();
    const jsonDoc = ls.parseJSONDocument(doc);
    await ls.doValidation(doc, jsonDoc);
    if (i > 0) out.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return median(out);
}

/** The first lint of a generated file in a fresh process (no warm caches). */
function coldLint(n: number): number {
  const r = spawnSync(process.execPath, [__filename, '--cold', String(n)], { encoding: 'utf8' });
  return Number(r.stdout.trim());
}

async function main(): Promise<void> {
  const coldArg = process.argv.indexOf('--cold');
  if (coldArg >= 0) {
    const text = generatedFile(Number(process.argv[coldArg + 1]));
    const t = process.hrtime.bigint();
    lintText('file:///bench.tool.json', text);
    console.log(Number(process.hrtime.bigint() - t) / 1e6);
    return;
  }
  console.log(`toolschema benchmark — node ${process.version}, ${new Date().toISOString().slice(0, 10)}`);
  console.log('\nEngine: jsonc-parser parseTree alone vs the full lint. "lint" is the median of repeated lints of the same');
  console.log('text (as on a keystroke, where per-tool results of unchanged tools are cached); "edit" is the median lint after a');
  console.log('one-character edit in one tool; "cold" is the first lint in a fresh process (no cache at all).\n');
  console.log('  file                size      parse        lint   lint/parse        edit   edit/parse        cold   cold/parse');
  let file1000 = '';
  for (const n of [10, 100, 1000, 10000]) {
    const text = generatedFile(n);
    if (n === 1000) file1000 = text;
    const runs = n >= 10000 ? 5 : n >= 1000 ? 11 : 31;
    const parse = time(() => parseTree(text, [], { disallowComments: true }), runs);
    const lint = time(() => lintText('file:///bench.tool.json', text), runs);
    // One-character edits in the middle tool: each run edits a different character, so the tool is new each time.
    const at = text.indexOf('Returns the', Math.floor(text.length / 2));
    let k = 0;
    const edit = time(() => {
      k++;
      lintText('file:///bench.tool.json', text.slice(0, at) + 'x'.repeat(k) + text.slice(at));
    }, runs);
    const cold = coldLint(n);
    console.log(`  ${String(n).padStart(6)} tools  ${(text.length / 1e6).toFixed(2).padStart(6)} MB ${fmt(parse)} ${fmt(lint)}   ${(lint / parse).toFixed(2).padStart(5)}×  ${fmt(edit)}   ${(edit / parse).toFixed(2).padStart(5)}×  ${fmt(cold)}   ${(cold / parse).toFixed(2).padStart(5)}×`);
  }
  const files = corpusFiles().map((f) => ({ uri: f, text: readFileSync(f, 'utf8') }));
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  const parseCorpus = time(() => files.forEach((f) => parseTree(f.text, [], { disallowComments: true })), 5);
  const lintCorpusMs = time(() => lintWorkspace(files), 5);
  console.log(`  corpus ${String(files.length).padStart(4)} files ${(bytes / 1e6).toFixed(2).padStart(6)} MB ${fmt(parseCorpus)} ${fmt(lintCorpusMs)}   ${(lintCorpusMs / parseCorpus).toFixed(2)}×`);

  console.log(`\nServer: didChange → publishDiagnostics on the 1,000-tool file (${(file1000.length / 1e6).toFixed(2)} MB), one-character edits, median`);
  const server = await serverLatency(file1000, 15);
  const jsonLs = await jsonServiceValidation(file1000, 7);
  console.log(`  toolschema-language-server       ${fmt(server)}`);
  console.log(`  vscode-json-languageservice      ${fmt(jsonLs)}   (parse + doValidation against the tool-file schema)`);
  console.log(`  ratio                            ${(server / jsonLs).toFixed(2)}×`);

  workspaceIndex(files);
}

/** The workspace index as the server builds it: 2,000 files (the corpus plus generated 5-tool files). */
function workspaceIndex(corpus: { uri: string; text: string }[]): void {
  const files = [...corpus];
  for (let i = 0; files.length < 2000; i++) files.push({ uri: `file:///bench/gen/f${i}.tool.json`, text: generatedFile(5).replace(/"name": "(\w+)"/g, `"name": "$1_${i}"`) });
  const bytes = files.reduce((n, f) => n + f.text.length, 0);
  (globalThis as { gc?: () => void }).gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  let t = process.hrtime.bigint();
  const model = new WorkspaceModel();
  for (const f of files) model.updateText(f.uri, f.text);
  const indexMs = Number(process.hrtime.bigint() - t) / 1e6;
  (globalThis as { gc?: () => void }).gc?.();
  const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
  t = process.hrtime.bigint();
  for (const f of files) lintDocument(new ToolDocument(f.uri, f.text), { workspace: model.viewFrom(f.uri) });
  const lintAllMs = Number(process.hrtime.bigint() - t) / 1e6;
  // A one-character edit in one generated file, then its re-lint plus the files it affects.
  const target = files[files.length - 1]!;
  const runs: number[] = [];
  let affected = 0;
  for (let k = 1; k <= 7; k++) {
    const text = target.text.replace('Returns the', 'Returns' + ' '.repeat(k) + 'the');
    const start = process.hrtime.bigint();
    const before = model.file(target.uri)!.names;
    const entry = model.updateText(target.uri, text);
    lintDocument(new ToolDocument(target.uri, text), { workspace: model.viewFrom(target.uri) });
    const others = model.affectedBy(target.uri, before, entry.names);
    affected = others.length;
    for (const u of others) lintDocument(new ToolDocument(u, model.file(u)!.text), { workspace: model.viewFrom(u) });
    runs.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  console.log(`\nWorkspace index: ${files.length} files (${corpus.length} from the corpus), ${(bytes / 1e6).toFixed(1)} MB`);
  console.log(`  build the index                  ${fmt(indexMs)}   (parse + discover + definitions and references of every file)`);
  console.log(`  memory held by the index         ${heapMb.toFixed(1).padStart(8)} MB`);
  console.log(`  first lint of every file         ${fmt(lintAllMs)}`);
  console.log(`  one-character edit in one file   ${fmt(median(runs))}   (re-index + lint it + ${affected} affected file(s), median)`);
}

void main();
