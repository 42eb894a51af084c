/**
 * Incremental text sync: the server's copy of a document must stay the editor's after ranged edits that create or
 * join line breaks at their edges. vscode-languageserver-textdocument 1.0.12 counted a "\r" typed before an existing
 * "\n" (or a "\n" after a lone "\r") as a line break of its own: every later ranged edit landed a line off, so the
 * server's text diverged from the editor's (diagnostics on text the editor did not have, formatting edits that
 * garbled the document). The text is kept here with positions computed independently of that library, and the
 * server's view of it is probed through its diagnostics (a comment's parse-error, a type it reports) and symbols.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import type { Diagnostic, DocumentSymbol } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

interface Pos {
  line: number;
  character: number;
}

/** Line starts as LSP counts them: "\r\n", "\r" and "\n" are each one line break. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\r' && text[i + 1] === '\n') i++;
    if (c === '\r' || c === '\n') starts.push(i + 1);
  }
  return starts;
}

function positionAt(text: string, offset: number): Pos {
  const starts = lineStarts(text);
  let line = 0;
  while (line + 1 < starts.length && starts[line + 1]! <= offset) line++;
  return { line, character: offset - starts[line]! };
}

/** The ranged change that replaces [from, to) with `insert`, and the text after it. */
function edit(text: string, from: number, to: number, insert: string): { change: { range: { start: Pos; end: Pos }; text: string }; text: string } {
  return { change: { range: { start: positionAt(text, from), end: positionAt(text, to) }, text: insert }, text: text.slice(0, from) + insert + text.slice(to) };
}

// A comment makes it JSONC: the tolerant parse, with a parse-error at the comment; "str" is reported by type-unknown.
const BASE = '{\n  "name": "get_weather", // c\n  "description": "Use this when the user asks about the weather now in a city. Returns the temperature.",\n  "parameters": {"type": "object", "properties": {"city": {"type": "str", "description": "City name."}}}\n}\n';

/**
 * Ranged edits at line-break edges: [name, text before, offset of the edit (in that text), what to insert, characters
 * replaced]. No edit starts or ends inside a "\r\n" (LSP cannot name that position).
 */
const CASES: [string, string, (t: string) => number, string, number][] = [
  ['"\\r" typed before an existing "\\n"', BASE, (t) => t.indexOf('\n'), '\r', 0],
  ['"x\\r" before an existing "\\n"', BASE, (t) => t.indexOf('// c') + 4, 'x\r', 0],
  ['"\\r\\r" before an existing "\\n"', BASE, (t) => t.indexOf('\n'), '\r\r', 0],
  ['"\\n" after a lone "\\r" (old Mac line ends)', BASE.replace(/\n/g, '\r'), (t) => t.indexOf('\r') + 1, '\n', 0],
  ['"\\n  " after a lone "\\r" at a line start', BASE.replace('{\n', '{\r'), (t) => t.indexOf('\r') + 1, '\n  ', 0],
  ['a space between "\\r" and "\\n" deleted (they join)', BASE.replace('{\n', '{\r \n'), (t) => t.indexOf('\r') + 1, '', 1],
  ['a "\\r\\n" replaced by "\\r" before "\\n"', BASE.replace(/\n/g, '\r\n'), (t) => t.indexOf('\r'), '\r', 2],
  ['"\\r\\n" typed mid-line', BASE, (t) => t.indexOf('"description"'), '\r\n  ', 0],
];

describe('incremental sync at line-break edges', () => {
  let client: TestClient;
  before(async () => {
    client = new TestClient();
    await client.initialize(null, { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } });
  });
  after(async () => {
    await client.shutdown();
  });

  const starts = (ds: Diagnostic[], code: string) => ds.filter((d) => d.code === code).map((d) => d.range.start);

  for (const [k, [name, start, at, insert, removed]] of CASES.entries()) {
    it(name, async () => {
      const uri = `file:///sync/case${k}.tool.json`;
      await client.open(uri, start);
      await client.waitForDiagnostics((p) => p.uri === uri && p.version === 1);
      // The edit at the line-break edge, then one on a later line: "str" → "string".
      const first = edit(start, at(start), at(start) + removed, insert);
      await client.change(uri, 2, [first.change]);
      const s = first.text.indexOf('"str"') + 1;
      const second = edit(first.text, s, s + 3, 'string');
      await client.change(uri, 3, [second.change]);
      const text = second.text;
      const published = await client.waitForDiagnostics((p) => p.uri === uri && p.version === 3);
      assert.deepEqual(starts(published.diagnostics, 'type-unknown'), [], 'the second edit replaced "str" (it landed elsewhere)');
      assert.deepEqual(starts(published.diagnostics, 'parse-error'), [positionAt(text, text.indexOf('//'))], 'the comment is where the editor has it');
      const symbols = (await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } })) as DocumentSymbol[];
      const named = symbols.find((x) => x.name === 'get_weather');
      assert.ok(named, JSON.stringify(symbols));
      assert.deepEqual(named.selectionRange.start, positionAt(text, text.indexOf('"get_weather"')));
      await client.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
    });
  }
});
