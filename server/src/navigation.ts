/**
 * Navigation over LSP: definition, references, rename (with prepare), document and workspace symbols, and
 * completion (tool names in descriptions and markers, `type` values, new-tool snippets) merged with the JSON
 * language service's. Every answer comes from the engine (shared/src/navigation.ts) over the workspace model;
 * this file only converts shapes and picks document versions.
 */
import {
  type CancellationToken,
  type Connection,
  type Disposable,
  type CompletionItem,
  type CompletionList,
  type CompletionParams,
  type DocumentSymbol,
  type Location,
  type ServerCapabilities,
  type SymbolInformation,
  type TextDocumentEdit,
  type WorkspaceEdit,
  CompletionItemKind,
  CompletionItemTag,
  CompletionTriggerKind,
  InsertTextFormat,
  LSPErrorCodes,
  ResponseError,
  SymbolKind,
  SymbolTag,
} from 'vscode-languageserver';
import type { FileLint } from '../../shared/src/linter';
import type { ToolDocument } from '../../shared/src/document';
import type { RequestVersionGuard } from './requestVersion';
import type { ToolInfo } from '../../shared/src/discover';
import { parseEvalSet } from '../../shared/src/evaluation/evalSet';
import type { WorkspaceModel } from '../../shared/src/workspace';
import {
  caseTargetAt,
  completionsAt,
  evalSetCompletionsAt,
  prepareRenameOf,
  definitionsOf,
  documentOutline,
  evalSetOutline,
  occurrencesOf,
  renameTool,
  targetAt,
  workspaceSymbols,
  JSON_SCHEMA_TYPES,
  type CompletionCandidate,
  type OutlineSymbol,
} from '../../shared/src/navigation';

/** The capabilities this module serves (spread into the server's capabilities). */
export const navigationCapabilities = {
  definitionProvider: true,
  referencesProvider: true,
  renameProvider: { prepareProvider: true },
  documentSymbolProvider: { label: 'toolschema' },
  workspaceSymbolProvider: true,
  // " and : as before (JSON keys and values); a space and a backtick for tool names after "use " and in `…`.
  completionProvider: { triggerCharacters: ['"', ':', ' ', '`'], resolveProvider: false },
} satisfies ServerCapabilities;

export interface NavigationDeps {
  model: WorkspaceModel;
  /** The current lint of an open document (undefined when it is not an open tool file). */
  lintOf(uri: string): FileLint | undefined;
  /**
   * Puts an open document's current text into the index (its names), without waiting for its lint to end: a large
   * document linted in slices is in the index from the lint's start. Unset: lintOf.
   */
  indexOpen?(uri: string): void;
  /** The version of an open document, or null when it is not open. */
  documentVersion(uri: string): number | null;
  /** The client takes versioned `documentChanges` in a workspace edit (else the plain `changes` map); unset: it does. */
  canVersionEdits?(): boolean;
  /** An evaluation set (its current text, indexed) and the tools of the file it tests; undefined for other URIs. */
  evalSetOf(uri: string): { doc: ToolDocument; tools: readonly ToolInfo[] | undefined } | undefined;
  /**
   * Resolves when the files being read into the index (from disk, in the background) are in it: requests that
   * read the whole workspace wait for it, so they answer from the index as of the request.
   */
  indexSettled?(): Promise<void>;
  /** Resolves once the configuration is loaded (start-up): every request that reads a lint waits for it. */
  configured?(): Promise<void>;
  /**
   * The longest wait for indexSettled (default INDEX_WAIT_MS): past it, the request answers from the files indexed
   * so far and says so in the log. A request cancelled while it waits is answered RequestCancelled.
   */
  indexWaitMs?: number;
  /**
   * Checks the files among `uris` that are not open against their text on disk, indexing again those that
   * changed (or dropping those gone): true when any entry changed, so the answer must be computed again.
   */
  refreshFromDisk?(uris: Iterable<string>): boolean;
  /** Answers for the document version a request was sent for (requestVersion.ts); unset: none checked. */
  versions?: RequestVersionGuard;
  /** Whether the client takes InsertReplaceEdit in completion items (textDocument.completion.completionItem.insertReplaceSupport). */
  insertReplace?(): boolean;
  /** The JSON language service's completion at the same position. */
  jsonCompletion(params: CompletionParams): CompletionList | CompletionItem[] | null | undefined | Promise<CompletionList | CompletionItem[] | null | undefined>;
}

const MAX_WORKSPACE_SYMBOLS = 256;
/** How long navigation waits for the files being indexed before answering from the index as it is. */
export const INDEX_WAIT_MS = 3000;
/** Times an answer is computed again because files it names had changed on disk (they keep changing: refused). */
const MAX_REFRESH_ROUNDS = 5;
/** The most closed files of the last rename checked against the disk before each answer (renamedClosed). */
const MAX_RENAMED_CLOSED = 500;
const TYPE_NAMES = new Set<string>(JSON_SCHEMA_TYPES);

export function registerNavigation(connection: Connection, deps: NavigationDeps): void {
  const { model } = deps;
  const log = (what: string, uri: string, e: unknown) => connection.console.error(`${what} failed on ${uri}: ${(e as Error)?.stack ?? String(e)}`);

  /** Brings the index up to date with every open document's current text (edits may still be pending). */
  const syncOpen = () => {
    for (const u of model.uris()) if (deps.documentVersion(u) !== null) (deps.indexOpen ?? deps.lintOf)(u);
  };

  /** The navigation target at a position: in a tool file, or an evaluation case's tool in an evaluation set. */
  const targetOf = (uri: string, position: { line: number; character: number }) => {
    const lint = deps.lintOf(uri);
    if (lint) {
      const offset = lint.doc.offsetAt(position);
      syncOpen();
      return { offset, target: targetAt(lint, offset) };
    }
    const set = deps.evalSetOf(uri);
    if (!set) return undefined;
    const offset = set.doc.offsetAt(position);
    syncOpen();
    return { offset, target: caseTargetAt(model, uri, offset) };
  };
  /**
   * An answer naming places in files (`urisOf`) computed from their text on disk as it is now, not as it was
   * indexed: computed again while a file it names had changed (deps.refreshFromDisk). `fresh` is false when
   * the files kept changing through every round.
   */
  /**
   * The closed files the last rename edited (at most MAX_RENAMED_CLOSED): checked against the disk before every
   * answer too, until the next rename. A client that writes a rename's edits of closed files to disk without a
   * watcher event left the index with their old text; the files that only then named the new name were in no
   * answer, so nothing read them again (a second rename missed them; an independent tester).
   */
  let renamedClosed: string[] = [];
  const fromCurrentText = <T>(compute: () => T, urisOf: (value: T) => Iterable<string>): { value: T; fresh: boolean } => {
    if (renamedClosed.length > 0) deps.refreshFromDisk?.(renamedClosed);
    let value = compute();
    for (let round = 0; round < MAX_REFRESH_ROUNDS; round++) {
      if (!deps.refreshFromDisk?.(urisOf(value))) return { value, fresh: true };
      value = compute();
    }
    return { value, fresh: false };
  };
  const NOT_HERE = 'Rename works on tool names in tool files and in evaluation sets.';
  /**
   * Set while the index has not settled within the wait (a disk worker stalled on a hung mount, a huge workspace):
   * later requests answer at once from the index as it is, until it settles.
   */
  let indexLate = false;
  /**
   * Waits for the configuration and the index (deps.indexSettled), at most `indexWaitMs` for the index; throws
   * RequestCancelled when the client cancels the request meanwhile (LSP wants an answer to a cancelled request).
   */
  const settled = async (what: string, token?: CancellationToken): Promise<void> => {
    let subscription: Disposable | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const cancelled = new Promise<'cancelled'>((resolve) => {
      if (token?.isCancellationRequested) resolve('cancelled');
      else subscription = token?.onCancellationRequested(() => resolve('cancelled'));
    });
    try {
      if (deps.configured && (await Promise.race([deps.configured(), cancelled])) === 'cancelled') throw cancelledError();
      const pending = deps.indexSettled?.();
      if (!pending) return;
      if (indexLate) {
        void pending.then(() => (indexLate = false));
        if (token?.isCancellationRequested) throw cancelledError();
        return;
      }
      const waitMs = deps.indexWaitMs ?? INDEX_WAIT_MS;
      const timeout = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), waitMs)));
      const outcome = await Promise.race([pending.then(() => 'settled' as const), timeout, cancelled]);
      if (outcome === 'cancelled') throw cancelledError();
      if (outcome === 'timeout') {
        indexLate = true;
        void pending.then(() => (indexLate = false));
        connection.console.warn(`toolschema: ${what}: the workspace index is still being read after ${waitMs} ms; answering from the files indexed so far (answers may miss files until it completes).`);
      }
    } finally {
      clearTimeout(timer);
      subscription?.dispose();
    }
  };
  const cancelledError = () => new ResponseError(LSPErrorCodes.RequestCancelled, 'The request was cancelled.');
  /**
   * Waits as `settled` does, then for the document to be linted at the version the request was sent for
   * (`asked`, taken before the wait): RequestCancelled or ContentModified when it was cancelled or the document
   * changed meanwhile (a rename sent for version 1 was computed on version 2 with version 1's position).
   */
  const readyFor = async (what: string, uri: string, asked: number | null, token: CancellationToken): Promise<void> => {
    await settled(what, token);
    await deps.versions?.ready(uri, asked, token);
  };
  const askedOf = (uri: string) => deps.versions?.asked(uri) ?? null;

  connection.onDefinition(async (params, token): Promise<Location[] | null> => {
    const asked = askedOf(params.textDocument.uri);
    await readyFor('definition', params.textDocument.uri, asked, token);
    try {
      const at = targetOf(params.textDocument.uri, params.position);
      if (!at?.target) return null;
      const name = at.target.name;
      const defs = fromCurrentText(() => definitionsOf(model, name), (ds) => ds.map((d) => d.uri)).value;
      if (defs.length === 0 && at.target.kind === 'tool') return [{ uri: params.textDocument.uri, range: at.target.range }];
      return defs.map((d) => ({ uri: d.uri, range: d.range }));
    } catch (e) {
      log('definition', params.textDocument.uri, e);
      return null;
    }
  });

  connection.onReferences(async (params, token): Promise<Location[] | null> => {
    const asked = askedOf(params.textDocument.uri);
    await readyFor('references', params.textDocument.uri, asked, token);
    try {
      const at = targetOf(params.textDocument.uri, params.position);
      if (!at?.target) return null;
      const name = at.target.name;
      return fromCurrentText(() => occurrencesOf(model, name, params.context.includeDeclaration), (os) => os.map((o) => o.uri)).value.map((o) => ({ uri: o.uri, range: o.range }));
    } catch (e) {
      log('references', params.textDocument.uri, e);
      return null;
    }
  });

  connection.onPrepareRename(async (params, token) => {
    const asked = askedOf(params.textDocument.uri);
    await readyFor('prepare rename', params.textDocument.uri, asked, token);
    const at = targetOf(params.textDocument.uri, params.position);
    if (!at) throw new ResponseError(LSPErrorCodes.RequestFailed, NOT_HERE);
    const p = prepareRenameOf(model, at.target);
    if (!p.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, p.reason);
    return { range: p.target.range, placeholder: p.target.name };
  });

  connection.onRenameRequest(async (params, token): Promise<WorkspaceEdit> => {
    const asked = askedOf(params.textDocument.uri);
    await readyFor('rename', params.textDocument.uri, asked, token);
    const at = targetOf(params.textDocument.uri, params.position);
    if (!at) throw new ResponseError(LSPErrorCodes.RequestFailed, NOT_HERE);
    const p = prepareRenameOf(model, at.target);
    if (!p.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, p.reason);
    // The edits of files that are not open are computed on their text on disk now (no version says which text
    // they apply to): never on the text they had when last indexed.
    const { value: r, fresh } = fromCurrentText(
      () => renameTool(model, p.target.name, params.newName),
      (x) => (x.ok ? x.files.map((f) => f.uri) : []),
    );
    if (!r.ok) throw new ResponseError(LSPErrorCodes.RequestFailed, r.reason);
    if (!fresh) throw new ResponseError(LSPErrorCodes.RequestFailed, 'Files this rename would edit kept changing on disk while it was computed: try again.');
    renamedClosed = r.files.filter((f) => deps.documentVersion(f.uri) === null).map((f) => f.uri).slice(0, MAX_RENAMED_CLOSED);
    const edits = (f: (typeof r.files)[number]) => [...f.edits].sort((a, b) => a.offset - b.offset).map((e) => ({ range: e.range, newText: e.newText }));
    if (deps.canVersionEdits?.() === false) return { changes: Object.fromEntries(r.files.map((f) => [f.uri, edits(f)])) };
    const documentChanges: TextDocumentEdit[] = r.files.map((f) => ({ textDocument: { uri: f.uri, version: deps.documentVersion(f.uri) }, edits: edits(f) }));
    return { documentChanges };
  });

  connection.onDocumentSymbol(async (params, token): Promise<DocumentSymbol[]> => {
    const asked = askedOf(params.textDocument.uri);
    if (deps.configured) await Promise.race([deps.configured(), new Promise<void>((resolve) => token.onCancellationRequested(() => resolve()))]);
    if (token.isCancellationRequested) throw cancelledError();
    await deps.versions?.ready(params.textDocument.uri, asked, token);
    try {
      const lint = deps.lintOf(params.textDocument.uri);
      if (lint) return documentOutline(lint).map(toDocumentSymbol);
      const set = deps.evalSetOf(params.textDocument.uri);
      return set ? evalSetOutline(set.doc, parseEvalSet(set.doc)).map(toDocumentSymbol) : [];
    } catch (e) {
      log('document symbols', params.textDocument.uri, e);
      return [];
    }
  });

  connection.onWorkspaceSymbol(async (params, token): Promise<SymbolInformation[]> => {
    await settled('workspace symbols', token);
    try {
      syncOpen();
      return workspaceSymbols(model, typeof params.query === 'string' ? params.query : '', MAX_WORKSPACE_SYMBOLS).map((s) => ({
        name: s.name,
        kind: SymbolKind.Function,
        location: { uri: s.uri, range: s.range },
        containerName: s.containerName,
        ...(s.deprecated ? { tags: [SymbolTag.Deprecated] } : {}),
      }));
    } catch (e) {
      log('workspace symbols', '(workspace)', e);
      return [];
    }
  });

  const toItem = (c: CompletionCandidate) => toCompletionItem(c, deps.insertReplace?.() ?? false);
  connection.onCompletion(async (params, token): Promise<CompletionList | null> => {
    const uri = params.textDocument.uri;
    let mine: ReturnType<typeof completionsAt>;
    const asked = askedOf(uri);
    await readyFor('completion', uri, asked, token);
    try {
      const lint = deps.lintOf(uri);
      if (lint) {
        syncOpen();
        mine = completionsAt(lint, lint.doc.offsetAt(params.position), model);
      } else {
        const set = deps.evalSetOf(uri);
        if (set) mine = evalSetCompletionsAt(set.doc, set.doc.offsetAt(params.position), set.tools);
      }
    } catch (e) {
      log('completion', uri, e);
    }
    const trigger = params.context?.triggerKind === CompletionTriggerKind.TriggerCharacter ? params.context.triggerCharacter : undefined;
    // A space or a backtick asks for tool names only; inside a description the JSON service has nothing to add.
    if (trigger === ' ' || trigger === '`' || mine?.context === 'toolName') return mine && mine.items.length > 0 ? { isIncomplete: mine.incomplete, items: mine.items.map(toItem) } : null;
    let json: CompletionList | CompletionItem[] | null | undefined;
    try {
      json = await deps.jsonCompletion(params);
    } catch (e) {
      log('json completion', uri, e);
    }
    let jsonItems = Array.isArray(json) ? json : (json?.items ?? []);
    // Type values: ours know the dialect (Gemini's upper case); drop the JSON service's lower-case ones.
    if (mine?.context === 'typeValue') jsonItems = jsonItems.filter((i) => !TYPE_NAMES.has(i.label.replace(/"/g, '').toLowerCase()));
    if (!mine && !json) return null;
    return { isIncomplete: !!mine?.incomplete || (!Array.isArray(json) && !!json?.isIncomplete), items: [...(mine?.items.map(toItem) ?? []), ...jsonItems] };
  });
}

function toDocumentSymbol(s: OutlineSymbol): DocumentSymbol {
  return {
    name: s.name,
    detail: s.detail,
    kind: s.kind === 'tool' ? SymbolKind.Function : s.kind === 'parameter' ? SymbolKind.Field : s.kind === 'case' ? SymbolKind.Object : SymbolKind.Property,
    range: s.range,
    selectionRange: s.selectionRange,
    ...(s.deprecated ? { tags: [SymbolTag.Deprecated] } : {}),
    children: s.children.map(toDocumentSymbol),
  };
}

/**
 * An item replacing the word typed so far; where the word goes on past the cursor, an InsertReplaceEdit for a client
 * that takes one (insert: up to the cursor; replace: the whole word), else the whole word replaced.
 */
function toCompletionItem(c: CompletionCandidate, insertReplace: boolean): CompletionItem {
  return {
    label: c.label,
    kind: c.kind === 'tool' ? CompletionItemKind.Function : c.kind === 'type' ? CompletionItemKind.EnumMember : CompletionItemKind.Snippet,
    ...(c.detail ? { detail: c.detail } : {}),
    ...(c.documentation ? { documentation: c.documentation } : {}),
    textEdit: !c.replaceRange ? { range: c.range, newText: c.insertText } : insertReplace ? { newText: c.insertText, insert: c.range, replace: c.replaceRange } : { range: c.replaceRange, newText: c.insertText },
    insertTextFormat: c.snippet ? InsertTextFormat.Snippet : InsertTextFormat.PlainText,
    sortText: c.sortText,
    ...(c.filterText ? { filterText: c.filterText } : {}),
    ...(c.deprecated ? { tags: [CompletionItemTag.Deprecated] } : {}),
  };
}
