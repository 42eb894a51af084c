/**
 * Completion inside a word over stdio (an independent LSP tester: accepting "string" at `"s|tr"` gave "stringtr"):
 * a client that takes InsertReplaceEdit gets the word typed so far to insert over and the whole word to replace;
 * another client gets the whole word replaced, as the JSON language service's own items do.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { CompletionItem, CompletionList, InsertReplaceEdit, TextEdit } from 'vscode-languageserver-protocol';
import { TestClient } from './lspClient';

const TEXT = '[{ "name": "get_x", "description": "Use this when the user asks for x.", "parameters": { "type": "object", "properties": { "a": { "type": "str", "description": "A." } } } }]';
const URI = 'file:///completion/t.tool.json';
const at = (needle: string, delta: number) => ({ line: 0, character: TEXT.indexOf(needle) + delta });

async function stringItem(insertReplaceSupport: boolean): Promise<CompletionItem> {
  const client = new TestClient();
  try {
    await client.initialize(null, { textDocument: { completion: { completionItem: { insertReplaceSupport, snippetSupport: true } } } });
    await client.open(URI, TEXT);
    await client.waitForDiagnostics((p) => p.uri === URI);
    const list = (await client.conn.sendRequest('textDocument/completion', { textDocument: { uri: URI }, position: at('str"', 1) })) as CompletionList;
    const item = list.items.find((i) => i.label === 'string');
    assert.ok(item, JSON.stringify(list.items.map((i) => i.label)));
    return item;
  } finally {
    await client.shutdown();
  }
}

describe('completion inside a word over stdio', () => {
  it('with InsertReplaceEdit: insert up to the cursor, replace the whole word', async () => {
    const edit = (await stringItem(true)).textEdit as InsertReplaceEdit;
    assert.deepEqual(edit, { newText: 'string', insert: { start: at('str"', 0), end: at('str"', 1) }, replace: { start: at('str"', 0), end: at('str"', 3) } });
  });

  it('without it: the whole word replaced', async () => {
    const edit = (await stringItem(false)).textEdit as TextEdit;
    assert.deepEqual(edit, { newText: 'string', range: { start: at('str"', 0), end: at('str"', 3) } });
  });
});
