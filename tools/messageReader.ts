/**
 * The message reader of the clients that drive the built server over stdio (the LSP tests, the protocol fuzzer,
 * the bench): vscode-jsonrpc's StreamMessageReader with its partial-message timer off.
 *
 * When the stream ends in the middle of a message (the server killed while it was writing one, as a test's
 * `proc.kill()` can do under load), vscode-jsonrpc 8.2's reader keeps a 10-second timer that re-arms itself for
 * as long as that message stays incomplete, which is forever: neither the stream's close nor the connection's
 * dispose clears it, so the client process never exits. A timeout of 0 never arms it; the timer only reports
 * a slow message (`onPartialMessage`), which these clients do not listen to.
 */
import type { Readable } from 'node:stream';
import { StreamMessageReader } from 'vscode-jsonrpc/node';

export function messageReader(stream: Readable): StreamMessageReader {
  const reader = new StreamMessageReader(stream);
  reader.partialMessageTimeout = 0;
  return reader;
}
