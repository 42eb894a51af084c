/**
 * Requests are answered for the document version they were sent for, or refused (server/src/requestVersion.ts):
 * a request followed in the same chunk by an edit that moves the text under its position gets ContentModified (or
 * the answer for its own version), never an answer computed on the new text with the old position; and a request
 * the client cancels while the server lints for it is answered RequestCancelled. Found by an independent tester:
 * a rename of get_order sent for version 1, then an edit deleting get_order, renamed get_invoice in version 2.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import { generatedFile } from '../../bench/generate';

const URI = 'file:///request-version/orders.tool.json';

const tool = (name: string) => ({
  type: 'function',
  function: {
    name,
    description: `Use this when the user asks for one ${name.split('_')[1]} by its identifier. Returns the record with its status and owner.`,
    parameters: { type: 'object', properties: { id: { type: 'string', description: 'The identifier.' } }, required: ['id'] },
  },
});

interface RawResponse {
  id: string;
  result?: unknown;
  error?: { code: number; message: string };
}

/** Messages written to the server's input in one chunk, and the responses to the requests among them (by id). */
function rawSession(client: TestClient) {
  const responses = new Map<string, RawResponse>();
  const waiting = new Map<string, (r: RawResponse) => void>();
  let buf = Buffer.alloc(0);
  // A second reader of the server's output, beside the client's: it keeps the responses to the raw requests.
  client.proc.stdout!.on('data', (d: Buffer) => {
    buf = Buffer.concat([buf, d]);
    for (;;) {
      const h = buf.indexOf('\r\n\r\n');
      if (h < 0) return;
      const n = Number(/Content-Length: (\d+)/i.exec(buf.subarray(0, h).toString())![1]);
      if (buf.length < h + 4 + n) return;
      const m = JSON.parse(buf.subarray(h + 4, h + 4 + n).toString('utf8')) as RawResponse & { method?: string };
      buf = buf.subarray(h + 4 + n);
      if (m.method === undefined && typeof m.id === 'string' && m.id.startsWith('raw-')) {
        responses.set(m.id, m);
        waiting.get(m.id)?.(m);
      }
    }
  });
  return {
    send(...messages: Record<string, unknown>[]) {
      client.proc.stdin!.write(messages.map((m) => {
        const body = JSON.stringify({ jsonrpc: '2.0', ...m });
        return `Content-Length: ${Buffer.byteLength(body, 'utf8')}\r\n\r\n${body}`;
      }).join(''));
    },
    response(id: string): Promise<RawResponse> {
      const r = responses.get(id);
      return r ? Promise.resolve(r) : new Promise((resolve) => waiting.set(id, resolve));
    },
  };
}

/** The text an answer's range covers in `text`. */
function covered(text: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): string {
  const lines = text.split('\n');
  assert.equal(range.start.line, range.end.line);
  return lines[range.start.line]!.slice(range.start.character, range.end.character);
}

describe('requests answered for the version they were sent for', { timeout: 120_000 }, () => {
  it('rename, prepareRename, references, definition and completion sent just before an edit that deletes the tool: refused (ContentModified) or answered for their version', async () => {
    const v1 = JSON.stringify([tool('get_order'), tool('get_invoice')], null, 2);
    // Version 2: the first tool deleted, so get_invoice's name is where get_order's was.
    const v2 = '[\n' + v1.slice(v1.indexOf('  {', v1.indexOf('"get_invoice"') - 200));
    const lines = v1.split('\n');
    const line = lines.findIndex((l) => l.includes('"get_order"'));
    const position = { line, character: lines[line]!.indexOf('get_order') + 2 };
    const requests: [string, Record<string, unknown>][] = [
      ['textDocument/rename', { position, newName: 'get_order_record' }],
      ['textDocument/prepareRename', { position }],
      ['textDocument/references', { position, context: { includeDeclaration: true } }],
      ['textDocument/definition', { position }],
      ['textDocument/completion', { position }],
    ];
    for (const [k, [method, params]] of requests.entries()) {
      const client = new TestClient();
      try {
        await client.initialize(null, { workspace: { workspaceEdit: { documentChanges: true } } });
        await client.open(URI, v1);
        await client.waitForDiagnostics((p) => p.uri === URI && p.version === 1);
        const raw = rawSession(client);
        const id = `raw-${k}`;
        raw.send({ id, method, params: { textDocument: { uri: URI }, ...params } }, { method: 'textDocument/didChange', params: { textDocument: { uri: URI, version: 2 }, contentChanges: [{ text: v2 }] } });
        const r = await raw.response(id);
        if (r.error) {
          assert.equal(r.error.code, -32801, `${method}: ${r.error.message}`);
          assert.match(r.error.message, /The document changed since the request was sent \(version 1, now 2\)/);
          continue;
        }
        // An answer must be about get_order in version 1.
        if (method === 'textDocument/rename') {
          const change = (r.result as { documentChanges: { textDocument: { version: number }; edits: { range: never }[] }[] }).documentChanges[0]!;
          assert.equal(change.textDocument.version, 1, JSON.stringify(r.result));
          for (const e of change.edits) assert.equal(covered(v1, e.range), 'get_order');
        } else if (method === 'textDocument/prepareRename') {
          assert.equal((r.result as { placeholder: string }).placeholder, 'get_order', JSON.stringify(r.result));
        } else if (method === 'textDocument/completion') {
          assert.fail(`completion answered for version 2 with the position of version 1: ${JSON.stringify(r.result).slice(0, 300)}`);
        } else {
          for (const loc of r.result as { range: never }[]) assert.equal(covered(v1, loc.range), 'get_order', `${method}: ${JSON.stringify(r.result)}`);
        }
      } finally {
        await client.shutdown();
      }
    }
  });

  it('a hover the client cancels while the server lints the edit before it is answered RequestCancelled', async () => {
    // 1,000 tools, then a version where every description changed (every tool is new to the lint: it takes a while),
    // the hover right behind it, and the cancel a little later, while that lint runs.
    const client = new TestClient();
    try {
      await client.initialize();
      const text = generatedFile(1000);
      await client.open(URI, text);
      await client.waitForDiagnostics((p) => p.uri === URI && p.version === 1);
      const raw = rawSession(client);
      const answers: (number | string)[] = [];
      for (let v = 2; v <= 4; v++) {
        const id = `raw-hover-${v}`;
        const changed = text.replace(/"Use this when/g, `"Use this ${'x'.repeat(v)} when`);
        raw.send({ method: 'textDocument/didChange', params: { textDocument: { uri: URI, version: v }, contentChanges: [{ text: changed }] } }, { id, method: 'textDocument/hover', params: { textDocument: { uri: URI }, position: { line: 4, character: 20 } } });
        await new Promise((r) => setTimeout(r, 15));
        raw.send({ method: '$/cancelRequest', params: { id } });
        const r = await raw.response(id);
        answers.push(r.error ? r.error.code : 'result');
        await client.waitForDiagnostics((p) => p.uri === URI && p.version === v, 30_000);
      }
      assert.deepEqual(answers, [-32800, -32800, -32800]);
      // Not cancelled, the same request is answered (for the version it was sent for).
      raw.send({ id: 'raw-hover-plain', method: 'textDocument/hover', params: { textDocument: { uri: URI }, position: { line: 4, character: 20 } } });
      const plain = await raw.response('raw-hover-plain');
      assert.equal(plain.error, undefined);
      assert.match(JSON.stringify(plain.result), /get_order_0/);
    } finally {
      await client.shutdown();
    }
  });
});
