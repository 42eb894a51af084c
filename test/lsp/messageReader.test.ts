/**
 * tools/messageReader.ts: the reader of the clients that drive the server over stdio leaves no timer behind when
 * the server's output ends in the middle of a message (a server killed while writing), so a test process exits
 * once its tests are done. Before it, `out/test/lsp/workspace.test.js` hung about once in 15 runs under load
 * after every test had passed: a self-re-arming partial-message timer of vscode-jsonrpc kept it alive.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { messageReader } from '../../tools/messageReader';

const timers = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** A connection over `reader` that receives half a message, then the end of its stream; disposed after. */
async function halfMessageThenEnd(reader: StreamMessageReader, input: PassThrough): Promise<number> {
  const before = timers();
  const conn = createMessageConnection(reader, new StreamMessageWriter(new PassThrough()));
  conn.listen();
  input.write('Content-Length: 120\r\n\r\n{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","par');
  input.end();
  await sleep(100);
  conn.dispose();
  await sleep(50);
  return timers() - before;
}

describe('messageReader (tools/messageReader.ts)', () => {
  it('vscode-jsonrpc\'s own reader keeps a timer alive after its stream ended mid-message, even once disposed', async () => {
    const input = new PassThrough();
    const reader = new StreamMessageReader(input);
    reader.partialMessageTimeout = 20; // re-arms every 20 ms, instead of every 10 s, for as long as the message is incomplete
    assert.equal(await halfMessageThenEnd(reader, input), 1, 'the reason for messageReader: a timer outlives the stream and the connection');
    reader.partialMessageTimeout = 0; // its next firing does not re-arm it, so this test's process can exit
    await sleep(60);
  });

  it('leaves no timer behind', async () => {
    const input = new PassThrough();
    assert.equal(await halfMessageThenEnd(messageReader(input), input), 0);
  });

  it('still reads whole messages', async () => {
    const input = new PassThrough();
    const conn = createMessageConnection(messageReader(input), new StreamMessageWriter(new PassThrough()));
    const got = new Promise<unknown>((r) => conn.onNotification('x/y', (p: unknown) => r(p)));
    conn.listen();
    const body = JSON.stringify({ jsonrpc: '2.0', method: 'x/y', params: { a: 'é' } });
    const frame = `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
    input.write(frame.slice(0, 30)); // in two chunks
    await sleep(10);
    input.write(frame.slice(30));
    assert.deepEqual(await got, { a: 'é' });
    conn.dispose();
  });
});
