/**
 * The protocol fuzzer: drives the built language server over stdio with a seeded stream of requests and
 * notifications for every method it handles, their params valid or broken (null, arrays, negative or fractional
 * positions, URIs of other schemes or of no document, `__proto__` objects, lone surrogates), mixed with edits that
 * break and mend the open document. It checks that every request is answered within a time limit; that an error
 * reply is one the server means (InvalidParams, InvalidRequest, ContentModified for a stale command, RequestCancelled,
 * or its own RequestFailed refusals) and never reads
 * like an internal error (a TypeError's text); that no log line does; that the server is still running; and that,
 * at the end, a valid change is linted and published. `server/src/messageChecks.ts` is what it exercises first.
 *
 * `npm run fuzz:protocol -- [--seed S] [--steps N] [--sessions K]` (after `npm run build`); a short seeded run is in
 * `npm test` (test/lsp/malformed-messages.test.ts).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageWriter } from 'vscode-jsonrpc/node';
import { messageReader } from '../../tools/messageReader';
import { ErrorCodes, LSPErrorCodes } from 'vscode-languageserver-protocol';
import { rng } from './fuzz';

/** Text that reads like an error from inside a handler rather than an answer the server means. */
export const INTERNAL_ERROR = /Cannot read|is not a function|is not iterable|of undefined|of null|TypeError|RangeError|Unhandled|Uncaught|failed/;

const TEXT = JSON.stringify(
  [{ type: 'function', function: { name: 'get_weather', description: 'Use this when the user asks for the current weather in one city. Returns the temperature in Celsius.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'The city name, for example "Paris".' } }, required: ['city'] } } }],
  null,
  2,
);

export interface ProtocolFuzzOptions {
  seed: number;
  steps: number;
  /** The built server (dist/server/server.js). */
  server: string;
  /** Longest wait for one reply (default 20 s). */
  timeoutMs?: number;
}

export interface ProtocolFuzzResult {
  problems: string[];
  /** Replies by outcome: 'ok' or the error code. */
  replies: Map<string, number>;
  slowestMs: number;
  /** The request that took `slowestMs`. */
  slowest: string;
}

/** One seeded session against a fresh server in a temporary workspace folder. */
export async function fuzzProtocol(opts: ProtocolFuzzOptions): Promise<ProtocolFuzzResult> {
  const rand = rng(opts.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const dir = mkdtempSync(join(tmpdir(), 'toolschema-protocol-'));
  const file = join(dir, 'weather.tool.json');
  writeFileSync(file, TEXT);
  const uri = pathToFileURL(file).href;
  const uris = [uri, 'file:///nonexistent/a.tool.json', 'untitled:Untitled-1', '', 'not a uri', 'file://', pathToFileURL(dir).href, uri.toUpperCase(), uri + '#x'];
  const junk = (): unknown =>
    pick<() => unknown>([() => null, () => undefined, () => -1, () => 2 ** 31, () => 0.5, () => 'x', () => '', () => [], () => ({}), () => true, () => '\u0000\ud800', () => JSON.parse('{"__proto__":{"uri":"file:///x"}}'), () => ({ line: -5, character: 'a' }), () => ({ line: 1e9, character: 1e9 })])();
  const maybe = <T>(f: () => T): unknown => (rand() < 0.8 ? f() : junk());
  const position = () => maybe(() => ({ line: Math.floor(rand() * 40), character: Math.floor(rand() * 60) }));
  const range = () => maybe(() => ({ start: position(), end: position() }));
  const td = () => maybe(() => ({ uri: rand() < 0.7 ? uri : pick(uris) }));
  const requests: [string, () => unknown][] = [
    ['textDocument/hover', () => ({ textDocument: td(), position: position() })],
    ['textDocument/definition', () => ({ textDocument: td(), position: position() })],
    ['textDocument/references', () => ({ textDocument: td(), position: position(), context: { includeDeclaration: rand() < 0.5 } })],
    ['textDocument/prepareRename', () => ({ textDocument: td(), position: position() })],
    ['textDocument/rename', () => ({ textDocument: td(), position: position(), newName: maybe(() => pick(['get_forecast', '', 'a b', 'x'.repeat(3000)])) })],
    ['textDocument/documentSymbol', () => ({ textDocument: td() })],
    ['workspace/symbol', () => ({ query: maybe(() => pick(['', 'get', '(', '.*'])) })],
    ['textDocument/completion', () => ({ textDocument: td(), position: position(), context: maybe(() => ({ triggerKind: pick([1, 2, 3]) })) })],
    ['textDocument/formatting', () => ({ textDocument: td(), options: maybe(() => ({ tabSize: pick([2, 0, 1e6]), insertSpaces: rand() < 0.5 })) })],
    ['textDocument/rangeFormatting', () => ({ textDocument: td(), range: range(), options: { tabSize: 2, insertSpaces: true } })],
    ['textDocument/foldingRange', () => ({ textDocument: td() })],
    ['textDocument/selectionRange', () => ({ textDocument: td(), positions: maybe(() => [position(), position()]) })],
    ['textDocument/codeAction', () => ({ textDocument: td(), range: range(), context: maybe(() => ({ diagnostics: maybe(() => [{ range: range(), message: 'x', code: pick(['name-vague', 'description-missing', 5]), data: junk() }]), only: maybe(() => [pick(['quickfix', 'source.fixAll', 'refactor'])]) })) })],
    ['codeAction/resolve', () => maybe(() => ({ title: 'x', kind: 'quickfix', data: maybe(() => ({ uri, version: pick([1, -1]), pointer: pick(['/0', '']), refactor: pick(['split', 'bump', 5]) })) }))],
    ['toolschema/tools', () => maybe(() => ({ uri: pick(uris) }))],
    ['workspace/executeCommand', () => ({ command: pick(['toolschema.server.fixAll', 'toolschema.server.bumpVersion', 'toolschema.server.splitTool', 'toolschema.server.markDeprecated', 'toolschema.server.createEvaluationSet', 'nope']), arguments: maybe(() => [maybe(() => ({ uri: pick(uris), version: pick([1, -1, 'x']), pointer: maybe(() => pick(['/0', '/0/function', '', '/x'])), keepOriginal: junk(), successors: maybe(() => [pick(['get_forecast', '', 5])]) }))]) })],
  ];
  let version = 1;
  let text = TEXT;
  const notifications: (() => [string, unknown])[] = [
    () => {
      if (rand() < 0.7) {
        const i = Math.floor(rand() * (text.length + 1));
        text = text.slice(0, i) + pick(['', '{', '}', '"', ',', '[', ':', 'x', '\u0000', '\ud800', '"name": "a.b"', '"__proto__": 1', '\n']) + text.slice(i + Math.floor(rand() * 12));
        return ['textDocument/didChange', { textDocument: { uri, version: ++version }, contentChanges: [{ text }] }];
      }
      return ['textDocument/didChange', { textDocument: maybe(() => ({ uri, version: junk() })), contentChanges: maybe(() => [{ range: range(), text: junk() }]) }];
    },
    () => ['textDocument/didOpen', { textDocument: maybe(() => ({ uri: pick(uris.slice(1)), languageId: pick(['tool-json', 'json']), version: 1, text: pick<unknown>([TEXT, '', '{', 5, null]) })) }],
    () => ['textDocument/didClose', { textDocument: maybe(() => ({ uri: pick(uris.slice(1)) })) }],
    () => ['textDocument/didSave', { textDocument: td() }],
    () => ['workspace/didChangeConfiguration', { settings: maybe(() => ({ toolschema: junk() })) }],
    () => ['workspace/didChangeWatchedFiles', { changes: maybe(() => [{ uri: pick(uris), type: pick([1, 2, 3, 9]) }]) }],
    () => ['$/cancelRequest', { id: pick([1, 2, 'x', null]) }],
  ];

  const problems: string[] = [];
  const replies = new Map<string, number>();
  let slowestMs = 0;
  let slowest = '';
  const proc = spawn(process.execPath, [opts.server, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  let exited: number | null | undefined;
  proc.on('exit', (code) => (exited = code));
  const conn = createMessageConnection(messageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const logs: string[] = [];
  let published: { uri: string; version?: number; codes: unknown[] } | undefined;
  conn.onNotification('window/logMessage', (p: { message: string }) => logs.push(p.message));
  conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number; diagnostics: { code?: unknown }[] }) => {
    if (p.uri === uri) published = { uri: p.uri, version: p.version, codes: p.diagnostics.map((d) => d.code) };
  });
  conn.onNotification('$/progress', () => undefined);
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => (rand() < 0.7 ? null : junk())));
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.onRequest('workspace/applyEdit', () => ({ applied: rand() < 0.5 }));
  conn.listen();
  const timeout = opts.timeoutMs ?? 20_000;
  /** The reply's outcome ('ok' or the error code) and message, or undefined when none came in time. */
  const send = async (method: string, params: unknown): Promise<{ code: string; message: string } | undefined> => {
    const t = Date.now();
    let timer: NodeJS.Timeout | undefined;
    try {
      const late = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), timeout)));
      return await Promise.race([conn.sendRequest(method, params).then(() => ({ code: 'ok', message: '' }), (e: { code?: number; message?: string }) => ({ code: String(e.code), message: String(e.message) })), late]);
    } finally {
      clearTimeout(timer);
      if (Date.now() - t > slowestMs) {
        slowestMs = Date.now() - t;
        slowest = `${method} ${JSON.stringify(params)?.slice(0, 200)}`;
      }
    }
  };
  try {
    await send('initialize', { processId: null, rootUri: pathToFileURL(dir).href, workspaceFolders: [{ uri: pathToFileURL(dir).href, name: 'w' }], capabilities: { workspace: { configuration: true, workspaceEdit: { documentChanges: true } }, textDocument: { codeAction: { resolveSupport: { properties: ['edit'] } } } } });
    await conn.sendNotification('initialized', {});
    await conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'tool-json', version: 1, text } });
    const allowed = new Set(['ok', ...[ErrorCodes.InvalidParams, ErrorCodes.InvalidRequest, LSPErrorCodes.RequestFailed, LSPErrorCodes.ContentModified, LSPErrorCodes.RequestCancelled].map(String)]);
    for (let step = 0; step < opts.steps && exited === undefined; step++) {
      if (rand() < 0.3) {
        const [m, p] = pick(notifications)();
        await conn.sendNotification(m, p);
        continue;
      }
      const [method, make] = pick(requests);
      const params = make();
      const r = await send(method, params);
      const shown = `${method} ${JSON.stringify(params)?.slice(0, 300)}`;
      if (!r) {
        problems.push(`no reply in ${timeout} ms: ${shown}`);
        break;
      }
      replies.set(r.code, (replies.get(r.code) ?? 0) + 1);
      if (!allowed.has(r.code)) problems.push(`error ${r.code} "${r.message}": ${shown}`);
      else if (INTERNAL_ERROR.test(r.message)) problems.push(`internal error "${r.message}": ${shown}`);
    }
    if (exited !== undefined) problems.push(`the server exited (${exited}); stderr: ${stderr.slice(0, 500)}`);
    else {
      // Still linting: a valid text is published for its version.
      const end = ++version;
      await conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: end }, contentChanges: [{ text: TEXT.replace('get_weather', 'fetch') }] });
      const symbols = await send('textDocument/documentSymbol', { textDocument: { uri } });
      const deadline = Date.now() + timeout;
      while (published?.version !== end && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      // The stream never closes this document (its didOpen and didClose go to other URIs), so it is still open.
      if (published?.version !== end) problems.push(`no diagnostics for the last version (${end}); last published: ${JSON.stringify(published)}`);
      else if (!published.codes.includes('name-vague')) problems.push(`the last version's diagnostics lack name-vague: ${JSON.stringify(published.codes)}`);
      if (symbols?.code !== 'ok') problems.push(`documentSymbol at the end: ${JSON.stringify(symbols)}`);
    }
    for (const l of new Set(logs.filter((m) => INTERNAL_ERROR.test(m)))) problems.push(`log: ${l.slice(0, 400)}`);
  } finally {
    conn.dispose();
    proc.kill();
    rmSync(dir, { recursive: true, force: true });
  }
  return { problems, replies, slowestMs, slowest };
}
