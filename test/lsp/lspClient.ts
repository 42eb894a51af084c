/**
 * A minimal LSP client for tests: spawns the built server (`dist/server/server.js --stdio`) and speaks
 * JSON-RPC to it with vscode-jsonrpc. Waits on messages (with a timeout), never on sleeps.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import { createMessageConnection, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { messageReader } from '../../tools/messageReader';
import type { PublishDiagnosticsParams, InitializeResult } from 'vscode-languageserver-protocol';

export const SERVER = process.env.TOOLSCHEMA_SERVER ?? resolve(__dirname, '../../../dist/server/server.js');

export class TestClient {
  readonly proc: ChildProcess;
  readonly conn: MessageConnection;
  /** Every publishDiagnostics received, in order. */
  readonly published: PublishDiagnosticsParams[] = [];
  readonly logs: string[] = [];
  private waiters: { pred: (p: PublishDiagnosticsParams) => boolean; resolve: (p: PublishDiagnosticsParams) => void }[] = [];
  stderr = '';
  /** What the client answers to workspace/configuration (the `toolschema` section). */
  settings: unknown = null;
  /** Every workspace/applyEdit the server sent, in order (the client answers `applyEditResult`). */
  readonly appliedEdits: { label?: string; edit: unknown }[] = [];
  applyEditResult: { applied: boolean; failureReason?: string } = { applied: true };
  /** Work-done progress: tokens the server created and the $/progress values it sent. */
  readonly progress: { token: unknown; value: { kind: string; title?: string; message?: string } }[] = [];
  private progressEndWaiters: (() => void)[] = [];

  /** Resolves when a work-done progress has ended (at once if one already has). */
  waitForProgressEnd(timeoutMs = 10_000): Promise<void> {
    if (this.progress.some((p) => p.value.kind === 'end')) return Promise.resolve();
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => reject(new Error(`no progress end; got ${this.progress.map((p) => p.value.kind).join(',')}`)), timeoutMs);
      this.progressEndWaiters.push(() => {
        clearTimeout(timer);
        resolvePromise();
      });
    });
  }

  /** `as`: the user and group to run the server as (tests of files it may not read run it as nobody when root). */
  constructor(args: string[] = ['--stdio'], as?: { uid: number; gid: number }) {
    this.proc = spawn(process.execPath, [SERVER, ...args], { stdio: ['pipe', 'pipe', 'pipe'], ...(as ?? {}) });
    this.proc.stderr!.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.conn = createMessageConnection(messageReader(this.proc.stdout!), new StreamMessageWriter(this.proc.stdin!));
    this.conn.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      this.published.push(p);
      this.waiters = this.waiters.filter((w) => {
        if (w.pred(p)) {
          w.resolve(p);
          return false;
        }
        return true;
      });
    });
    this.conn.onNotification('window/logMessage', (p: { message: string }) => this.logs.push(p.message));
    this.conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => this.settings));
    this.conn.onRequest('client/registerCapability', () => null);
    this.conn.onRequest('window/workDoneProgress/create', () => null);
    this.conn.onNotification('$/progress', (p: { token: unknown; value: { kind: string } }) => {
      this.progress.push(p);
      if (p.value.kind === 'end') for (const w of this.progressEndWaiters.splice(0)) w();
    });
    this.conn.onRequest('workspace/applyEdit', (p: { label?: string; edit: unknown }) => {
      this.appliedEdits.push(p);
      return this.applyEditResult;
    });
    this.conn.listen();
  }

  async initialize(rootUri: string | null = null, capabilities: Record<string, unknown> = {}): Promise<InitializeResult> {
    const result = (await this.conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: rootUri ? [{ uri: rootUri, name: 'root' }] : null,
      capabilities,
    })) as InitializeResult;
    await this.conn.sendNotification('initialized', {});
    return result;
  }

  /** Resolves with the first (already received or future) publishDiagnostics matching `pred`. */
  waitForDiagnostics(pred: (p: PublishDiagnosticsParams) => boolean, timeoutMs = 10_000): Promise<PublishDiagnosticsParams> {
    const seen = this.published.find(pred);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolvePromise, reject) => {
      const timer = setTimeout(() => reject(new Error(`timed out waiting for diagnostics; received: ${JSON.stringify(this.published.map((p) => ({ uri: p.uri, version: p.version, n: p.diagnostics.length })))}\nstderr: ${this.stderr}`)), timeoutMs);
      this.waiters.push({
        pred,
        resolve: (p) => {
          clearTimeout(timer);
          resolvePromise(p);
        },
      });
    });
  }

  open(uri: string, text: string, languageId = 'tool-json', version = 1): Promise<void> {
    return this.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
  }

  close(uri: string): Promise<void> {
    return this.conn.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  change(uri: string, version: number, changes: unknown[]): Promise<void> {
    return this.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: changes });
  }

  async shutdown(): Promise<number | null> {
    const exited = new Promise<number | null>((r) => this.proc.once('exit', (code) => r(code)));
    await this.conn.sendRequest('shutdown');
    await this.conn.sendNotification('exit');
    const code = await exited;
    this.conn.dispose();
    return code;
  }
}
