/**
 * Checks every message before a handler sees it: its place in the protocol's lifecycle (below), and its params
 * against the protocol's shapes, so that a client sending `null` for a position, a number for a URI or a document without its text gets
 * a clear answer instead of a TypeError from deep inside a handler (or, for a didOpen without text, a document
 * that fails every later request).
 *
 * - A request with params of the wrong shape is answered with InvalidParams (-32602) saying which field is wrong
 *   and what it must be: the message is handed on under `REFUSE_METHOD`, whose handler (`registerRefusals`)
 *   throws that error, so the reply keeps the request's id and order.
 * - A notification with params of the wrong shape is dropped, with one log line; the documents are unchanged.
 *   So is a didChange numbered below the document's current version.
 *
 * Only what the handlers read is checked (LSP allows clients to send more). Methods not listed here pass as
 * they come: vscode-jsonrpc answers MethodNotFound for those without a handler.
 *
 * `file:` URIs in params are written in one spelling (canonicalFileUri), the one the server writes for files it
 * finds on disk.
 */
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ErrorCodes, Message, ResponseError, type MessageStrategy, type RequestMessage } from 'vscode-languageserver';

/** A field's problem, or undefined: `at` is the field's path (`params.position.line`). */
type Check = (value: unknown, at: string) => string | undefined;

const MAX_UINTEGER = 2 ** 31 - 1;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A short rendering of a wrong value for a message (never the whole of a large one). */
function shown(v: unknown): string {
  if (v === undefined) return 'nothing';
  if (Array.isArray(v)) return `an array of ${v.length}`;
  if (typeof v === 'object' && v !== null) return 'an object';
  const s = typeof v === 'string' ? JSON.stringify(v.length > 40 ? v.slice(0, 40) + '…' : v) : String(v);
  return `${typeof v === 'string' ? 'the string ' : ''}${s}`;
}

const problem = (at: string, what: string, v: unknown) => `${at} must be ${what} (got ${shown(v)})`;

const str: Check = (v, at) => (typeof v === 'string' ? undefined : problem(at, 'a string', v));
const bool: Check = (v, at) => (typeof v === 'boolean' ? undefined : problem(at, 'true or false', v));
const uinteger: Check = (v, at) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_UINTEGER ? undefined : problem(at, `a whole number from 0 to ${MAX_UINTEGER}`, v);
const integer: Check = (v, at) => (typeof v === 'number' && Number.isInteger(v) ? undefined : problem(at, 'a whole number', v));
const any: Check = () => undefined;

/** Absent (undefined) or `check`. */
const opt =
  (check: Check): Check =>
  (v, at) =>
    v === undefined ? undefined : check(v, at);
/** Null, absent or `check`. */
const nullable =
  (check: Check): Check =>
  (v, at) =>
    v === undefined || v === null ? undefined : check(v, at);
/** An object whose listed fields pass their checks (other fields are not read). */
const obj =
  (fields: Record<string, Check>, what = 'an object'): Check =>
  (v, at) => {
    if (!isRecord(v)) return problem(at, what, v);
    for (const k of Object.keys(fields)) {
      const p = fields[k]!(Object.prototype.hasOwnProperty.call(v, k) ? v[k] : undefined, `${at}.${k}`);
      if (p) return p;
    }
    return undefined;
  };
const arrayOf =
  (check: Check): Check =>
  (v, at) => {
    if (!Array.isArray(v)) return problem(at, 'an array', v);
    for (let i = 0; i < v.length; i++) {
      const p = check(v[i], `${at}[${i}]`);
      if (p) return p;
    }
    return undefined;
  };

const position = obj({ line: uinteger, character: uinteger }, '{ line, character }');
const range = obj({ start: position, end: position }, '{ start, end }');
const documentId = obj({ uri: str }, '{ uri }');
const documentPosition = obj({ textDocument: documentId, position });
const formattingOptions = obj({ tabSize: uinteger, insertSpaces: bool }, '{ tabSize, insertSpaces }');
const diagnostic = obj({ range, message: str });

/** The checked methods and their params' shapes. */
const PARAMS: ReadonlyMap<string, Check> = new Map<string, Check>([
  [
    'initialize',
    obj({
      capabilities: obj({
        workspace: opt(obj({ workspaceEdit: opt(obj({ resourceOperations: opt(arrayOf(str)) })) })),
        textDocument: opt(obj({ codeAction: opt(obj({ resolveSupport: opt(obj({ properties: arrayOf(str) })) })) })),
      }),
      rootUri: opt(nullable(str)),
      workspaceFolders: opt(nullable(arrayOf(obj({ uri: str })))),
    }),
  ],
  ['textDocument/hover', documentPosition],
  ['textDocument/definition', documentPosition],
  ['textDocument/references', obj({ textDocument: documentId, position, context: obj({ includeDeclaration: bool }, '{ includeDeclaration }') })],
  ['textDocument/prepareRename', documentPosition],
  ['textDocument/rename', obj({ textDocument: documentId, position, newName: str })],
  ['textDocument/completion', documentPosition],
  ['textDocument/documentSymbol', obj({ textDocument: documentId })],
  ['workspace/symbol', obj({ query: str })],
  ['textDocument/formatting', obj({ textDocument: documentId, options: formattingOptions })],
  ['textDocument/rangeFormatting', obj({ textDocument: documentId, range, options: formattingOptions })],
  ['textDocument/foldingRange', obj({ textDocument: documentId })],
  ['textDocument/selectionRange', obj({ textDocument: documentId, positions: arrayOf(position) })],
  ['textDocument/codeAction', obj({ textDocument: documentId, range, context: obj({ diagnostics: arrayOf(diagnostic), only: opt(arrayOf(str)) }) })],
  ['codeAction/resolve', obj({ title: str })],
  ['workspace/executeCommand', obj({ command: str, arguments: opt(nullable(arrayOf(any))) })],
  ['toolschema/tools', obj({ uri: str })],
  ['textDocument/didOpen', obj({ textDocument: obj({ uri: str, languageId: str, version: integer, text: str }) })],
  ['textDocument/didChange', obj({ textDocument: obj({ uri: str, version: integer }), contentChanges: arrayOf(obj({ text: str, range: opt(range) })) })],
  ['textDocument/didClose', obj({ textDocument: documentId })],
  ['textDocument/didSave', obj({ textDocument: documentId, text: opt(str) })],
  ['textDocument/willSave', obj({ textDocument: documentId })],
  ['workspace/didChangeWatchedFiles', obj({ changes: arrayOf(obj({ uri: str, type: uinteger })) })],
  ['workspace/didChangeWorkspaceFolders', obj({ event: obj({ added: arrayOf(obj({ uri: str })), removed: arrayOf(obj({ uri: str })) }) })],
]);

/** The methods whose params are checked. */
export const CHECKED_METHODS: readonly string[] = [...PARAMS.keys()];

/** What is wrong with a message's params, or undefined when its method is not checked or they fit. */
export function paramsProblem(method: string, params: unknown): string | undefined {
  const check = PARAMS.get(method);
  return check ? check(params, 'params') : undefined;
}

/** The method a refused request is handed on as; its handler answers the error the strategy chose. */
export const REFUSE_METHOD = 'toolschema/$refuse';

interface Refusal {
  code: number;
  message: string;
}

/** Where the connection is in the protocol's lifecycle: before `initialize`, running, after `shutdown`. */
type Phase = 'new' | 'running' | 'shut down';

/**
 * The connection's message strategy (vscode-jsonrpc calls it for each message it dispatches, in order). Besides
 * the params, it keeps the lifecycle LSP sets: before `initialize`, a request is answered ServerNotInitialized
 * (-32002) and a notification other than `exit` is dropped; `initialize` is accepted once; after `shutdown`, a
 * request is answered InvalidRequest and a notification other than `exit` is dropped. `log` is set once the
 * connection exists.
 */
export class MessageChecks implements MessageStrategy {
  log: (message: string) => void = () => undefined;
  private phase: Phase = 'new';
  /** The client's spelling of each document it opened whose URI is not canonical (canonicalFileUri); the last 10,000. */
  private readonly spellings = new Map<string, string>();

  /** The client's spelling of `uri` when it opened that document in another spelling; else `uri`. */
  clientUri(uri: string): string {
    return this.spellings.get(uri) ?? uri;
  }

  /** The version of each open document (didOpen, then each didChange applied). */
  private readonly versions = new Map<string, number>();

  handleMessage(message: Message, next: (message: Message) => void): void {
    const request = Message.isRequest(message);
    if (!request && !Message.isNotification(message)) return next(message);
    const method = message.method;
    const refuse = (code: number, text: string) => {
      if (request) next({ jsonrpc: message.jsonrpc, id: message.id, method: REFUSE_METHOD, params: { code, message: text } satisfies Refusal } as RequestMessage);
    };
    if (method === 'exit') return next(message);
    if (this.phase === 'shut down') return refuse(ErrorCodes.InvalidRequest, `The server is shut down: ${method} after shutdown.`);
    if (this.phase === 'new' && method !== 'initialize') return refuse(ErrorCodes.ServerNotInitialized, `The server is not initialized: ${method} before initialize.`);
    if (this.phase === 'running' && method === 'initialize') return refuse(ErrorCodes.InvalidRequest, 'initialize was already received: it may be sent once.');
    const problem = paramsProblem(method, message.params);
    if (problem) {
      if (request) return refuse(ErrorCodes.InvalidParams, `Invalid ${method} request: ${problem}.`);
      return this.log(`Ignored ${method}: ${problem}.`);
    }
    if (method === 'textDocument/didOpen') {
      // Kept after the close: the file's diagnostics from disk replace the open document's under the same spelling.
      const uri = (message.params as { textDocument: { uri: string } }).textDocument.uri;
      const canonical = canonicalFileUri(uri);
      if (canonical !== uri) {
        this.spellings.delete(canonical);
        this.spellings.set(canonical, uri);
        if (this.spellings.size > 10_000) this.spellings.delete(this.spellings.keys().next().value!);
      }
    }
    canonicalizeUris(message.params);
    if (method === 'initialize') this.phase = 'running';
    else if (method === 'shutdown') this.phase = 'shut down';
    else if (method.startsWith('textDocument/did')) {
      // LSP: a document's version increases with every change. A change numbered below the version the server
      // has would be linted and published under an older version number than results already published, which a
      // client that drops older versions would keep showing: it is dropped.
      const doc = (message.params as { textDocument: { uri: string; version?: number } }).textDocument;
      if (method === 'textDocument/didOpen') this.versions.set(doc.uri, doc.version!);
      else if (method === 'textDocument/didClose') this.versions.delete(doc.uri);
      else if (method === 'textDocument/didChange') {
        const last = this.versions.get(doc.uri);
        if (last !== undefined && doc.version! < last) return this.log(`Ignored textDocument/didChange: version ${doc.version} of ${doc.uri.slice(0, 200)} is older than version ${last}, which the server has (versions must increase with every change).`);
        this.versions.set(doc.uri, doc.version!);
      }
    }
    next(message);
  }
}

/**
 * A `file:` URI in the spelling Node.js writes for its path (`pathToFileURL`), which the server uses for the files it
 * finds on disk; other URIs as they are. One file has several spellings: VS Code escapes `( ) ' & = + @ ,` and a
 * drive's colon (`weather%20%281%29.tool.json`), Node.js does not (`weather%20(1).tool.json`), other clients differ
 * again. Compared as strings, an open file was a second document beside its indexed copy ("also defined in
 * weather (1).tool.json", itself), a deletion in another spelling was dropped, and a workspace folder so named
 * held none of its files (an independent LSP tester). Clients map the URIs the server sends back to their files
 * by decoding them, so they find theirs in either spelling. A URI with a query or a fragment, or that names no
 * path here, is left as it is.
 */
export function canonicalFileUri(uri: string): string {
  if (!uri.startsWith('file:') || uri.includes('?') || uri.includes('#')) return uri;
  try {
    return pathToFileURL(fileURLToPath(uri)).href;
  } catch {
    return uri;
  }
}

/** Rewrites, in place, the `file:` URIs of a message's params (fields named `uri` or `…Uri`, at any depth up to 8). */
function canonicalizeUris(v: unknown, depth = 0): void {
  if (depth > 8 || typeof v !== 'object' || v === null) return;
  if (Array.isArray(v)) {
    for (const x of v) if (typeof x === 'object') canonicalizeUris(x, depth + 1);
    return;
  }
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    const x = o[k];
    if (typeof x === 'string') {
      if ((k === 'uri' || k.endsWith('Uri')) && x.startsWith('file:')) o[k] = canonicalFileUri(x);
    } else if (typeof x === 'object' && x !== null && k !== 'text') canonicalizeUris(x, depth + 1);
  }
}

/** Registers the handler answering the requests the strategy refused. */
export function registerRefusals(connection: { onRequest(method: string, handler: (params: unknown) => never): unknown }): void {
  connection.onRequest(REFUSE_METHOD, (p: unknown) => {
    // Only the strategy sends this method with a refusal; a client sending it is refused too.
    const r = isRecord(p) && typeof p.code === 'number' && typeof p.message === 'string' ? (p as unknown as Refusal) : { code: ErrorCodes.MethodNotFound, message: `Unhandled method ${REFUSE_METHOD}` };
    throw new ResponseError(r.code, r.message);
  });
}
