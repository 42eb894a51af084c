/**
 * Navigation waits for the files being read into the index, but not forever: a disk worker stalled on a hung
 * mount (or a workspace still indexing) left definition, references, rename and workspace symbols unanswered
 * for good, and $/cancelRequest did not end them. Here, in process, over a connection whose index never settles:
 * a cancelled request is answered RequestCancelled, and one left alone is answered from the index as it is,
 * with a line in the log.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createConnection } from 'vscode-languageserver/node';
import { CancellationTokenSource, createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { LSPErrorCodes, type Location, type SymbolInformation } from 'vscode-languageserver-protocol';
import { registerNavigation } from '../../server/src/navigation';
import { WorkspaceModel } from '../../shared/src/workspace';
import { ToolDocument } from '../../shared/src/document';
import { lintDocument } from '../../shared/src/linter';

const URI = 'file:///wait/a.tool.json';
const TEXT = '[{"name": "get_weather", "description": "Use this when the user asks about the weather. Returns the temperature.", "parameters": {"type": "object", "properties": {}}}]\n';
const AT = { line: 0, character: 14 };

describe('navigation while the workspace index never settles', () => {
  let client: MessageConnection;
  const logs: string[] = [];
  const streams = [new PassThrough(), new PassThrough()] as const;

  before(() => {
    const [toServer, toClient] = streams;
    const server = createConnection(new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
    const model = new WorkspaceModel();
    model.updateText(URI, TEXT);
    registerNavigation(server, {
      model,
      lintOf: (uri) => (uri === URI ? lintDocument(new ToolDocument(uri, TEXT), { workspace: model.viewFrom(uri) }) : undefined),
      documentVersion: (uri) => (uri === URI ? 1 : null),
      evalSetOf: () => undefined,
      indexSettled: () => new Promise<void>(() => undefined), // a disk worker that never answers
      indexWaitMs: 1000,
      jsonCompletion: () => null,
    });
    server.listen();
    client = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
    client.onNotification('window/logMessage', (p: { message: string }) => logs.push(p.message));
    client.listen();
  });
  after(() => {
    client.dispose();
    for (const s of streams) s.destroy();
  });

  it('answers a request cancelled while it waits with RequestCancelled', { timeout: 20_000 }, async () => {
    for (const [method, params] of [
      ['textDocument/definition', { textDocument: { uri: URI }, position: AT }],
      ['textDocument/references', { textDocument: { uri: URI }, position: AT, context: { includeDeclaration: true } }],
      ['textDocument/rename', { textDocument: { uri: URI }, position: AT, newName: 'fetch_weather' }],
      ['workspace/symbol', { query: 'weather' }],
    ] as const) {
      const source = new CancellationTokenSource();
      const answer = client.sendRequest(method, params, source.token);
      // The request is under way (dispatched: the server is waiting for the index) when it is cancelled.
      await new Promise((r) => setImmediate(r));
      source.cancel();
      await assert.rejects(answer, (e: unknown) => e instanceof ResponseError && e.code === LSPErrorCodes.RequestCancelled, method);
    }
    assert.deepEqual(logs, []);
  });

  it('answers from the index as it is once the wait is over, and says so in the log', { timeout: 20_000 }, async () => {
    const defs = (await client.sendRequest('textDocument/definition', { textDocument: { uri: URI }, position: AT })) as Location[];
    assert.deepEqual(defs.map((d) => d.uri), [URI]);
    assert.equal(logs.filter((l) => /index is still being read/.test(l)).length, 1, logs.join('\n'));
    // Later requests do not wait again while the index is late.
    const symbols = (await client.sendRequest('workspace/symbol', { query: 'weather' })) as SymbolInformation[];
    assert.deepEqual(symbols.map((s) => s.name), ['get_weather']);
    const refs = (await client.sendRequest('textDocument/references', { textDocument: { uri: URI }, position: AT, context: { includeDeclaration: true } })) as Location[];
    assert.equal(refs.length, 1);
    assert.equal(logs.filter((l) => /index is still being read/.test(l)).length, 1, logs.join('\n'));
  });
});
