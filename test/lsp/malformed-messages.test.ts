/**
 * Messages out of the protocol's lifecycle or with params not of its shape (server/src/messageChecks.ts): a
 * request is answered with the error LSP names (ServerNotInitialized, InvalidRequest, InvalidParams naming the
 * wrong field), a notification is dropped (with a log line for wrong params), and neither reaches a handler
 * (before the checks, `null` for a position or a didOpen without text surfaced as TypeErrors from inside the
 * handlers, and such a document failed every later request; requests before initialize were answered).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ErrorCodes, type Message, type RequestMessage } from 'vscode-languageserver-protocol';
import { CHECKED_METHODS, MessageChecks, REFUSE_METHOD, paramsProblem } from '../../server/src/messageChecks';
import { SERVER, TestClient } from './lspClient';
import { fuzzProtocol, INTERNAL_ERROR } from '../fuzz/protocol';

const uri = 'file:///malformed/weather.tool.json';
const TEXT = JSON.stringify(
  [{ type: 'function', function: { name: 'get_weather', description: 'Use this when the user asks for the current weather in one city. Returns the temperature in Celsius.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name, for example "Paris".' } }, required: ['city'] } } }],
  null,
  2,
);
const doc = { uri };
const pos = { line: 3, character: 4 };

describe('paramsProblem', () => {
  it('passes the params a client sends, with fields the handlers do not read', () => {
    const valid: [string, unknown][] = [
      ['textDocument/hover', { textDocument: doc, position: pos, workDoneToken: 'x' }],
      ['textDocument/rename', { textDocument: doc, position: pos, newName: 'get_forecast' }],
      ['textDocument/codeAction', { textDocument: doc, range: { start: pos, end: pos }, context: { diagnostics: [{ range: { start: pos, end: pos }, message: 'm', code: 'name-vague', data: null }] } }],
      ['textDocument/didOpen', { textDocument: { uri, languageId: 'tool-json', version: 1, text: '' } }],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ text: 'x' }, { range: { start: pos, end: pos }, rangeLength: 0, text: '' }] }],
      ['workspace/executeCommand', { command: 'toolschema.server.fixAll' }],
      ['workspace/didChangeWatchedFiles', { changes: [] }],
      ['initialize', { processId: null, rootUri: null, capabilities: {} }],
      ['shutdown', undefined],
      ['some/unknownMethod', 'anything'],
    ];
    for (const [method, params] of valid) assert.equal(paramsProblem(method, params), undefined, method);
  });

  it('names the first wrong field and what it must be', () => {
    const cases: [string, unknown, string][] = [
      ['textDocument/hover', { textDocument: doc, position: null }, 'params.position must be { line, character } (got null)'],
      ['textDocument/hover', { textDocument: doc, position: { line: -1, character: 0 } }, 'params.position.line must be a whole number from 0 to 2147483647 (got -1)'],
      ['textDocument/hover', { textDocument: doc, position: { line: 0.5, character: 0 } }, 'params.position.line must be a whole number from 0 to 2147483647 (got 0.5)'],
      ['textDocument/definition', { position: pos }, 'params.textDocument must be { uri } (got nothing)'],
      ['textDocument/documentSymbol', { textDocument: { uri: 5 } }, 'params.textDocument.uri must be a string (got 5)'],
      ['textDocument/documentSymbol', null, 'params must be an object (got null)'],
      ['textDocument/documentSymbol', [], 'params must be an object (got an array of 0)'],
      ['textDocument/rename', { textDocument: doc, position: pos, newName: ['x'] }, 'params.newName must be a string (got an array of 1)'],
      // A references request without its context (a TypeError in the handler, logged, before; an independent tester).
      ['textDocument/references', { textDocument: doc, position: pos }, 'params.context must be { includeDeclaration } (got nothing)'],
      ['textDocument/references', { textDocument: doc, position: pos, context: { includeDeclaration: 1 } }, 'params.context.includeDeclaration must be true or false (got 1)'],
      ['textDocument/references', { textDocument: doc, position: pos, context: { includeDeclaration: false } }, ''],
      ['textDocument/selectionRange', { textDocument: doc, positions: [pos, 'a'] }, 'params.positions[1] must be { line, character } (got the string "a")'],
      ['textDocument/formatting', { textDocument: doc, options: { tabSize: 2, insertSpaces: 'y' } }, 'params.options.insertSpaces must be true or false (got the string "y")'],
      ['textDocument/codeAction', { textDocument: doc, range: { start: pos, end: pos }, context: { diagnostics: true } }, 'params.context.diagnostics must be an array (got true)'],
      ['textDocument/didOpen', { textDocument: { uri, languageId: 'tool-json', version: 1, text: 5 } }, 'params.textDocument.text must be a string (got 5)'],
      ['textDocument/didChange', { textDocument: { uri, version: 2 }, contentChanges: [{ range: { start: pos, end: {} }, text: '' }] }, 'params.contentChanges[0].range.end.line must be a whole number from 0 to 2147483647 (got nothing)'],
      ['workspace/didChangeWatchedFiles', { changes: null }, 'params.changes must be an array (got null)'],
      ['initialize', { capabilities: { textDocument: { codeAction: { resolveSupport: { properties: 'edit' } } } } }, 'params.capabilities.textDocument.codeAction.resolveSupport.properties must be an array (got the string "edit")'],
      ['toolschema/tools', { uri: 'x'.repeat(100) }, ''],
    ];
    for (const [method, params, expected] of cases) assert.equal(paramsProblem(method, params), expected || undefined, method);
  });

  it('reads only own fields: an inherited or __proto__ key is not a field', () => {
    const params = JSON.parse('{"__proto__": {"uri": "file:///x"}}');
    assert.equal(paramsProblem('textDocument/documentSymbol', { textDocument: params }), 'params.textDocument.uri must be a string (got nothing)');
  });

  it('covers every request and notification the server advertises', () => {
    for (const m of ['initialize', 'textDocument/hover', 'textDocument/definition', 'textDocument/references', 'textDocument/prepareRename', 'textDocument/rename', 'textDocument/documentSymbol', 'workspace/symbol', 'textDocument/completion', 'textDocument/formatting', 'textDocument/rangeFormatting', 'textDocument/foldingRange', 'textDocument/selectionRange', 'textDocument/codeAction', 'codeAction/resolve', 'workspace/executeCommand', 'toolschema/tools', 'textDocument/didOpen', 'textDocument/didChange', 'textDocument/didClose', 'workspace/didChangeWatchedFiles', 'workspace/didChangeWorkspaceFolders']) {
      assert.ok(CHECKED_METHODS.includes(m), m);
    }
  });
});

describe('MessageChecks (the message strategy)', () => {
  /** Runs the messages through one strategy: what it handed on, and what it logged. */
  const run = (...messages: Message[]) => {
    const checks = new MessageChecks();
    const logged: string[] = [];
    checks.log = (m: string) => logged.push(m);
    const passed: Message[] = [];
    for (const m of messages) checks.handleMessage(m, (x: Message) => passed.push(x));
    return { passed, logged };
  };
  const request = (id: number | string, method: string, params?: unknown) => ({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) }) as RequestMessage;
  const notification = (method: string, params?: unknown) => ({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) }) as Message;
  const refused = (id: number | string, code: number, message: string) => ({ jsonrpc: '2.0', id, method: REFUSE_METHOD, params: { code, message } });
  const init = request(0, 'initialize', { processId: null, rootUri: null, capabilities: {} });

  it('hands valid messages on unchanged', () => {
    const hover = request(7, 'textDocument/hover', { textDocument: doc, position: pos });
    const { passed, logged } = run(init, notification('initialized', {}), hover);
    assert.equal(passed.length, 3);
    assert.equal(passed[2], hover);
    assert.deepEqual(logged, []);
  });

  it('refuses a request with wrong params as InvalidParams, with its id and the problem', () => {
    const { passed, logged } = run(init, request('a1', 'textDocument/hover', { textDocument: doc }));
    assert.deepEqual(passed.slice(1), [refused('a1', ErrorCodes.InvalidParams, 'Invalid textDocument/hover request: params.position must be { line, character } (got nothing).')]);
    assert.deepEqual(logged, []);
  });

  it('drops a notification with wrong params and logs why', () => {
    const { passed, logged } = run(init, notification('textDocument/didClose', {}));
    assert.deepEqual(passed, [init]);
    assert.deepEqual(logged, ['Ignored textDocument/didClose: params.textDocument must be { uri } (got nothing).']);
  });

  it('before initialize: requests refused as ServerNotInitialized, notifications dropped, exit handed on', () => {
    const open = notification('textDocument/didOpen', { textDocument: { uri, languageId: 'tool-json', version: 1, text: TEXT } });
    const exit = notification('exit');
    const { passed } = run(request(1, 'textDocument/hover', { textDocument: doc, position: pos }), open, request(2, 'shutdown'), exit);
    assert.deepEqual(passed, [refused(1, ErrorCodes.ServerNotInitialized, 'The server is not initialized: textDocument/hover before initialize.'), refused(2, ErrorCodes.ServerNotInitialized, 'The server is not initialized: shutdown before initialize.'), exit]);
  });

  it('initialize once; after shutdown, requests refused as InvalidRequest and notifications dropped', () => {
    const shutdown = request(3, 'shutdown');
    const exit = notification('exit');
    const { passed } = run(init, request(1, 'initialize', { capabilities: {} }), shutdown, request(4, 'textDocument/documentSymbol', { textDocument: doc }), notification('textDocument/didClose', { textDocument: doc }), request(5, 'shutdown'), exit);
    assert.deepEqual(passed, [init, refused(1, ErrorCodes.InvalidRequest, 'initialize was already received: it may be sent once.'), shutdown, refused(4, ErrorCodes.InvalidRequest, 'The server is shut down: textDocument/documentSymbol after shutdown.'), refused(5, ErrorCodes.InvalidRequest, 'The server is shut down: shutdown after shutdown.'), exit]);
  });

  it('an initialize with wrong params is refused and leaves the server uninitialized', () => {
    const { passed } = run(request(1, 'initialize', { capabilities: 5 }), request(2, 'textDocument/documentSymbol', { textDocument: doc }), init);
    assert.deepEqual(passed, [refused(1, ErrorCodes.InvalidParams, 'Invalid initialize request: params.capabilities must be an object (got 5).'), refused(2, ErrorCodes.ServerNotInitialized, 'The server is not initialized: textDocument/documentSymbol before initialize.'), init]);
  });
});

/** A ResponseError's code and message, or 'ok' when the request succeeded. */
async function outcome(client: TestClient, method: string, params: unknown): Promise<{ code: number | 'ok'; message: string }> {
  try {
    await client.conn.sendRequest(method, params);
    return { code: 'ok', message: '' };
  } catch (e) {
    return { code: (e as { code: number }).code, message: (e as Error).message };
  }
}


describe('malformed params over stdio', { timeout: 120_000 }, () => {
  it('answers InvalidParams naming the field; drops wrong notifications; the document is unharmed', async () => {
    const client = new TestClient();
    try {
      await client.initialize();
      await client.open(uri, TEXT);
      await client.waitForDiagnostics((p) => p.uri === uri && p.version === 1);
      const requests: [string, unknown, RegExp][] = [
        ['textDocument/hover', { textDocument: doc, position: null }, /^Invalid textDocument\/hover request: params\.position must be \{ line, character \} \(got null\)\.$/],
        // vscode-jsonrpc sends a lone non-object parameter by position: `[null]`.
        ['textDocument/documentSymbol', null, /^Invalid textDocument\/documentSymbol request: params must be an object \(got an array of 1\)\.$/],
        ['textDocument/formatting', { textDocument: doc }, /params\.options must be \{ tabSize, insertSpaces \} \(got nothing\)/],
        ['textDocument/codeAction', { textDocument: doc, range: { start: pos, end: pos } }, /params\.context must be an object/],
        ['textDocument/selectionRange', { textDocument: doc, positions: 'x' }, /params\.positions must be an array/],
        ['textDocument/rename', { textDocument: doc, position: pos, newName: 3 }, /params\.newName must be a string \(got 3\)/],
        ['workspace/symbol', {}, /params\.query must be a string/],
        ['toolschema/tools', 'x', /params must be an object \(got an array of 1\)/],
      ];
      for (const [method, params, expected] of requests) {
        const r = await outcome(client, method, params);
        assert.equal(r.code, ErrorCodes.InvalidParams, `${method}: ${r.message}`);
        assert.match(r.message, expected);
      }
      // Notifications with wrong params change nothing: a didOpen without text, a change with a broken range.
      await client.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: 'file:///malformed/other.tool.json', languageId: 'tool-json', version: 1, text: 5 } });
      await client.change(uri, 2, [{ range: { start: pos, end: null }, text: 'x' }]);
      await client.conn.sendNotification('workspace/didChangeWatchedFiles', { changes: null });
      await client.conn.sendNotification('textDocument/didClose', { textDocument: null });
      // The document is still version 1's text: a valid change to version 3 lints it, and requests answer.
      await client.change(uri, 3, [{ text: TEXT.replace('get_weather', 'fetch') }]);
      const p = await client.waitForDiagnostics((d) => d.uri === uri && d.version === 3);
      assert.ok(p.diagnostics.some((d) => d.code === 'name-vague'), JSON.stringify(p.diagnostics.map((d) => d.code)));
      const symbols = (await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: doc })) as { name: string }[];
      assert.deepEqual(symbols.map((s) => s.name), ['fetch']);
      const other = await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: 'file:///malformed/other.tool.json' } });
      assert.deepEqual(other, []);
      for (const m of ['textDocument/didOpen: params.textDocument.text must be a string (got 5)', 'textDocument/didChange: params.contentChanges[0].range.end must be { line, character } (got null)', 'workspace/didChangeWatchedFiles: params.changes must be an array (got null)', 'textDocument/didClose: params.textDocument must be { uri } (got null)']) {
        assert.ok(client.logs.includes(`Ignored ${m}.`), `${m}\n${client.logs.join('\n')}`);
      }
      assert.deepEqual(client.logs.filter((l) => INTERNAL_ERROR.test(l)), []);
    } finally {
      assert.equal(await client.shutdown(), 0);
    }
  });

  it('keeps the lifecycle: nothing answered before initialize, nothing after shutdown, exit ends the process', async () => {
    const client = new TestClient();
    let exited = false;
    try {
      await client.open(uri, TEXT);
      const before = await outcome(client, 'textDocument/documentSymbol', { textDocument: doc });
      assert.deepEqual(before, { code: ErrorCodes.ServerNotInitialized, message: 'The server is not initialized: textDocument/documentSymbol before initialize.' });
      await client.initialize();
      const again = await outcome(client, 'initialize', { processId: null, rootUri: null, capabilities: {} });
      assert.equal(again.code, ErrorCodes.InvalidRequest);
      // The didOpen sent before initialize was dropped: the document is not open.
      assert.deepEqual(await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: doc }), []);
      assert.ok(!client.published.some((p) => p.uri === uri));
      await client.open(uri, TEXT);
      await client.waitForDiagnostics((p) => p.uri === uri);
      assert.equal(((await client.conn.sendRequest('textDocument/documentSymbol', { textDocument: doc })) as unknown[]).length, 1);
      await client.conn.sendRequest('shutdown');
      const after = await outcome(client, 'textDocument/documentSymbol', { textDocument: doc });
      assert.deepEqual(after, { code: ErrorCodes.InvalidRequest, message: 'The server is shut down: textDocument/documentSymbol after shutdown.' });
      const code = new Promise<number | null>((r) => client.proc.once('exit', (c) => r(c)));
      await client.conn.sendNotification('exit');
      assert.equal(await code, 0);
      exited = true;
    } finally {
      client.conn.dispose();
      if (!exited) client.proc.kill();
    }
  });

  it('a seeded stream of random and broken messages (the protocol fuzzer, test/fuzz/protocol.ts): every request answered as meant, the server still lints', async () => {
    const r = await fuzzProtocol({ seed: 20261124, steps: 300, server: SERVER });
    assert.deepEqual(r.problems, []);
    // The stream reached both sides: answers, and refusals of broken params.
    assert.ok((r.replies.get('ok') ?? 0) > 50 && (r.replies.get(String(ErrorCodes.InvalidParams)) ?? 0) > 20, JSON.stringify([...r.replies]));
  });
});
