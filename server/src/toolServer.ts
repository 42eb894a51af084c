/**
 * LSP wiring only: documents, configuration, diagnostics, hover and the JSON editing features. Every
 * answer comes from the engine (shared/) or from vscode-json-languageservice; nothing here knows a rule.
 */
import {
  type Connection,
  type InitializeParams,
  type InitializeResult,
  type Diagnostic,
  type Hover,
  type HoverParams,
  type SelectionRange,
  type SelectionRangeParams,
  TextDocuments,
  TextDocumentSyncKind,
  DiagnosticSeverity,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  type FileEvent,
  WatchKind,
  MarkupKind,
  CodeActionKind,
  ResponseError,
  ErrorCodes,
  LSPErrorCodes,
  type ApplyWorkspaceEditResult,
  type CancellationToken,
  type ExecuteCommandParams,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { getLanguageService as getJsonLanguageService, type LanguageService as JsonLanguageService } from 'vscode-json-languageservice';
import { readTextBounded, readTextOrWhy, tryReadText } from './safeRead';
import { lstatSync, readdirSync, type Dirent } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { relative, sep } from 'node:path';
import { ToolDocument } from '../../shared/src/document';
import { hash53, lintDocument, startLint, type FileLint, type LintOptions, type LintRun } from '../../shared/src/linter';
import { WorkspaceModel, changedNames, movedNames, type IndexedFile } from '../../shared/src/workspace';
import { discoverTools, type ToolInfo } from '../../shared/src/discover';
import { EVAL_SET_SCHEMA } from '../../shared/src/evaluation/evalSet';
import { isEvalSetUri, isEvaluationFileUri, siblingEvalSetUri } from '../../shared/src/evaluation/paths';
import { evalSetSkeleton } from '../../shared/src/evaluation/skeleton';
import { fileKey } from '../../shared/src/evaluation/model';
import { createEvaluationFiles } from './evaluationFiles';
import { CONFIG_FILE_NAME, defaultConfig, parseConfigText, resolveConfig, type Config } from '../../shared/src/config';
import { getHover } from '../../shared/src/hover';
import { ruleDocUrl } from '../../shared/src/docs';
import { toolFileSchema } from '../../shared/src/toolFileSchema';
import type { Finding, Severity } from '../../shared/src/types';
import { GONE_TOOL_MESSAGES } from '../../shared/src/rules/breaking-change';
import { parseBaseline, type BaselineInput } from '../../shared/src/analysis/baseline';
import { clipValue, type VerbKind } from '../../shared/src/text';
import { KNOWN_RULES, filePathOf, findConfigFile, findEvalSets, findToolFiles, ignoredPath, toolFileMatcher } from './files';
import { FIX_ALL_KIND, checkCommand, codeActions, createFileEdit, fixAllEdits, resolveCodeAction, runRefactor, toolAtPointer, toolSummaries, workspaceEditFor, type ActionContext } from './codeActions';
import { createBaselineProvider } from './baselineProvider';
import { ALL_SERVER_COMMANDS, ServerCommands, ToolsRequest, type CommandResult, type ToolsParams, type ToolsResult } from '../../shared/src/protocol';
import { refactorRefusal, type RefactorId } from '../../shared/src/fixes/refactors';
import { navigationCapabilities, registerNavigation } from './navigation';
import { LintScheduler } from './scheduler';
import { reclaimMemoryAfterBurst, reclaimMemoryWhenIdle } from './memory';
import { inProcessDiskWork, indexText, type DiskWork, type IndexReply, type LintReply } from './diskWork';
import { formatEdits } from './formatting';
import { requestVersionGuard } from './requestVersion';

const SEVERITY: Record<Severity, DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  info: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** Finding → LSP Diagnostic: the one conversion (code = rule id, link to the rule's doc). */
export function toDiagnostic(f: Finding): Diagnostic {
  return {
    range: f.range,
    severity: SEVERITY[f.severity],
    code: f.rule,
    codeDescription: { href: ruleDocUrl(f.rule) },
    source: 'toolschema',
    message: f.message,
    data: { pointer: f.pointer, tool: f.tool },
  };
}

/**
 * The most diagnostics published for one file by default (`toolschema.maxNumberOfProblems`; 0: no limit). A file
 * of 200,000 undescribed properties has as many findings: a 40 MB publish that the editor then holds and draws,
 * for a list nobody reads past its first screens. As `cSpell.maxNumberOfProblems` and the LSP sample's setting.
 */
export const DEFAULT_MAX_PROBLEMS = 1000;

const SEVERITY_RANK: Record<Severity, number> = { error: 0, warning: 1, info: 2, hint: 3 };

/**
 * The diagnostics published for a file's findings: all of them, or, over `max` (0: no limit), a notice at the start
 * of the file saying how many are not shown and how many of each severity the file has, then the `max - 1` most
 * severe (errors first, then by their order in the file), in their order: `max` diagnostics in all. The notice
 * comes first and counts in `max`: VS Code shows 1,000 diagnostics per file, the first ones sent, and dropped the
 * notice sent as the 1,001st at the default (its own line said "1 further", of thousands; an independent tester).
 * Quick fixes and fix-all still work on every finding.
 */
export function diagnosticsFor(findings: readonly Finding[], max: number): Diagnostic[] {
  if (max <= 0 || findings.length <= max) return findings.map(toDiagnostic);
  const shown = Math.max(1, max - 1);
  const kept = findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => SEVERITY_RANK[a.f.severity] - SEVERITY_RANK[b.f.severity] || a.i - b.i)
    .slice(0, shown)
    .sort((a, b) => a.i - b.i)
    .map((x) => toDiagnostic(x.f));
  const hidden = findings.length - shown;
  const count = (s: Severity) => findings.reduce((n, f) => n + (f.severity === s ? 1 : 0), 0);
  const n = (k: number, word: string) => `${k.toLocaleString('en-US')} ${word}${k === 1 ? '' : 's'}`;
  const notice: Diagnostic = {
    range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    severity: DiagnosticSeverity.Information,
    source: 'toolschema',
    message: `${n(hidden, 'more problem')} in this file not shown: the file has ${n(count('error'), 'error')}, ${n(count('warning'), 'warning')} and ${n(count('info') + count('hint'), 'other')}; ${shown.toLocaleString('en-US')} are shown with this notice, errors first (setting toolschema.maxNumberOfProblems; 0 shows all that the editor shows: VS Code, 1,000 per file). \`toolschema lint\` lists them all.`,
  };
  return [notice, ...kept];
}

/** `toolschema.maxNumberOfProblems` from the raw settings: a whole number ≥ 0, else the default. */
export function maxProblemsSetting(raw: unknown): number {
  const v = raw && typeof raw === 'object' && !Array.isArray(raw) ? (raw as Record<string, unknown>).maxNumberOfProblems : undefined;
  return typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 ? v : DEFAULT_MAX_PROBLEMS;
}

/**
 * Documents with more JSON values (structural tokens) than this get no completion from vscode-json-languageservice:
 * matching a position against the tool-file schema's alternatives collects a schema for every node and appends
 * those lists with `push.apply`, which overflows the stack from about 130,000 values (8,000 small tools, 1.5 MB).
 * The engine's own completions (tool names, types, keys) still answer.
 */
export const MAX_JSON_COMPLETION_VALUES = 100_000;

/**
 * The longest wait at start-up for the client's answer to workspace/configuration before linting with the settings
 * known so far (initializationOptions, else the defaults); a late answer lints everything again.
 */
export const INITIAL_SETTINGS_WAIT_MS = 5000;

/** Files per request to the disk work (index, lint). */
const DISK_BATCH = 25;

interface Folder {
  uri: string;
  path: string;
}

export interface ServerOptions {
  /**
   * Where files that are not open are read, indexed and linted (server/src/diskWork.ts): the Node server
   * passes a worker process; by default (the browser server) in process.
   */
  diskWork?(names: WorkspaceModel, log: (message: string) => void): DiskWork;
  /**
   * The client's own spelling of an open document's URI (messageChecks.ts writes every `file:` URI it receives in
   * one spelling): diagnostics are published under it, for clients that match URIs as strings.
   */
  clientUri?(uri: string): string;
}

export function startServer(connection: Connection, options: ServerOptions = {}): void {
  const documents = new TextDocuments(TextDocument);
  const lints = new Map<string, FileLint & { version: number }>();
  /** Every tool file of the workspace (on disk, or open in the editor, whose text wins): rules and navigation read it. */
  const index = new WorkspaceModel();
  /** Files indexed from disk that are not open: their diagnostics are published too. */
  const diskFiles = new Set<string>();
  /** Reads, indexes and lints files that are not open (the index keeps no text of them: the disk is their truth). */
  const disk = options.diskWork?.(index, (m) => connection.console.log(m)) ?? inProcessDiskWork(index);
  /** Per file on disk: the hash of the text it was indexed from (the git baseline compares it). */
  const diskHashes = new Map<string, string>();
  /** Per file: the latest index request and lint request sent for it; an older reply is dropped. */
  const indexSeq = new Map<string, number>();
  const lintSeq = new Map<string, number>();
  /** Index requests under way (navigation waits for them: indexSettled). */
  const pendingIndex = new Set<Promise<unknown>>();
  /**
   * Documents of a workspace folder closed while their text on disk is read again: when the file is not on disk
   * (a new file never saved, or deleted while open), the diagnostics published while it was open are cleared.
   */
  const closedToDisk = new Set<string>();
  const bump = (m: Map<string, number>, uri: string): number => {
    const n = (m.get(uri) ?? 0) + 1;
    m.set(uri, n);
    return n;
  };
  let folders: Folder[] = [];
  let hasConfigurationCapability = false;
  let hasWatchedFilesDynamic = false;
  let hasWorkspaceFolders = false;
  /** The client takes InsertReplaceEdit in completion items. */
  let completionInsertReplace = false;
  let settings: Config = defaultConfig();
  /** `toolschema.maxNumberOfProblems`: the most diagnostics published per file (diagnosticsFor). */
  let maxProblems = DEFAULT_MAX_PROBLEMS;
  const diagnostics = (findings: readonly Finding[]): Diagnostic[] => diagnosticsFor(findings, maxProblems);
  /** Per open tool document: the last diagnostics its own lint published, and for which version. */
  const lastPublished = new Map<string, { version: number; diagnostics: Diagnostic[] }>();
  /**
   * The last publish sent per URI (in order of sending) and its version: an open document's lint, published a few
   * turns after it ran (publishUnlessClosed), is not sent over one sent since for the same or a newer version. The
   * lint of version 1 reached the client after version 2's, and a lint made under the configuration before an
   * edit of it after the empty publish that edit caused (an independent tester of the server under churn).
   */
  const sent = new Map<string, { seq: number; version: number | undefined; lint: number | undefined }>();
  let sentCount = 0;
  /** Open documents' lints, numbered as they run (publishUnlessClosed). */
  let lintCount = 0;
  /**
   * Publishes diagnostics. An open document's lint (`ofLint`) does not publish again what it last published for the
   * same version: a document linted again without a change (after the start-up index, a file's names changed
   * elsewhere) shows the same problems, and the editor's list need not be redrawn. Any other publish for the URI
   * forgets what was published.
   */
  const publish = (params: { uri: string; version?: number; diagnostics: Diagnostic[] }, ofLint = false, lint?: number): void => {
    // Nothing found is published before the configuration is loaded (a watched-file event for a closed file was
    // linted with the defaults): once it is, open documents are linted again and the workspace is indexed.
    // (A configuration file's own problems are found while it is loaded: they are published.)
    if (!configLoaded && params.diagnostics.length > 0 && !params.uri.endsWith(`/${CONFIG_FILE_NAME}`)) return;
    if (ofLint && params.version !== undefined) {
      const last = lastPublished.get(params.uri);
      if (last && last.version === params.version && JSON.stringify(last.diagnostics) === JSON.stringify(params.diagnostics)) return;
      lastPublished.set(params.uri, { version: params.version, diagnostics: params.diagnostics });
    } else {
      lastPublished.delete(params.uri);
    }
    sent.set(params.uri, { seq: ++sentCount, version: params.version, lint });
    if (sent.size > 50_000) sent.delete(sent.keys().next().value!);
    const target = options.clientUri?.(params.uri) ?? params.uri;
    if (target !== params.uri && !respelled.has(params.uri)) {
      // The file's diagnostics from disk went out under the server's spelling before the client opened it under
      // its own: cleared there first, for a client that tells the two apart (VS Code reads both as one file).
      respelled.add(params.uri);
      void connection.sendDiagnostics({ uri: params.uri, diagnostics: [] });
    }
    void connection.sendDiagnostics(target === params.uri ? params : { ...params, uri: target });
  };
  /** The files published under the client's spelling so far (see publish). */
  const respelled = new Set<string>();
  /** Per workspace folder: the config file's effective config (settings overlaid by the file). */
  const folderConfigs = new Map<string, { config: Config; configUri: string | undefined }>();
  let jsonService: JsonLanguageService | undefined;
  /**
   * Whether the configuration (the client's settings and each folder's toolschema.config.json) has been loaded
   * once, after `initialized`. Until then nothing is linted or published, and requests that read a lint wait
   * (afterConfig): a document opened right after `initialized` was linted with the defaults, its diagnostics
   * published, then published again under the configuration (rules the user turned off flashed up).
   */
  let configLoaded = false;
  let markConfigLoaded: () => void = () => undefined;
  const configReady = new Promise<void>((resolve) => (markConfigLoaded = resolve));
  /** Runs `fn` now when the configuration is loaded, else once it is. */
  const afterConfig = <T>(fn: () => T | Promise<T>): T | Promise<T> => (configLoaded ? fn() : configReady.then(fn));
  /** Each tool file at the git baseline (breaking-change, param-added-required), read in the background. */
  const baselines = createBaselineProvider({ log: (m) => connection.console.log(m), onReady: (uri) => (documents.get(uri) ? relint(uri) : lintDiskFile(uri)) });

  let canCreateFiles = false;
  let canResolveEdits = false;
  let canVersionEdits = false;
  /** Tools of indexed files that are not open, read from disk once per index entry (evaluation sets read them). */
  const parsedTools = new WeakMap<IndexedFile, ToolInfo[]>();
  /** Evaluation sets and results: indexed, linted, and the evaluation state of every tool-file lint. */
  const evalFiles = createEvaluationFiles({
    index,
    configFor: (uri) => configFor(uri),
    openDocument: (uri) => {
      const d = documents.get(uri);
      return d ? { text: d.getText(), version: d.version } : undefined;
    },
    toolsOf: (uri) => {
      if (isEvaluationFileUri(uri)) return undefined;
      if (documents.get(uri)) return currentLint(uri)?.discovery.tools;
      const entry = index.file(uri);
      if (!entry) return undefined;
      let tools = parsedTools.get(entry);
      if (!tools) {
        let text = '';
        try {
          const path = filePathOf(uri);
          if (path !== undefined) text = readTextBounded(path);
        } catch {
          // unreadable: no tools (the watcher will report the file gone)
        }
        const d = new ToolDocument(uri, text);
        tools = d.tree && !d.refused ? discoverTools(d.tree, configFor(uri).profile).tools : [];
        parsedTools.set(entry, tools);
      }
      return tools;
    },
    relintTool: (uri) => {
      const known = knownUri(uri);
      if (!known) return;
      if (documents.get(known)) relint(known);
      else lintDiskFile(known);
    },
    publish: (uri, findings, version) => publish({ uri, ...(version !== undefined ? { version } : {}), diagnostics: diagnostics(findings) }),
    logError: (m) => connection.console.error(m),
  });

  /** The URI under which the server knows a file (open or indexed), whatever its percent-encoding. */
  function knownUri(uri: string): string | undefined {
    if (documents.get(uri) || index.has(uri)) return uri;
    const key = fileKey(uri);
    for (const d of documents.all()) if (fileKey(d.uri) === key) return d.uri;
    for (const u of index.uris()) if (fileKey(u) === key) return u;
    return undefined;
  }

  const jsonLs = (): JsonLanguageService => {
    if (!jsonService) {
      jsonService = getJsonLanguageService({});
      jsonService.configure({
        validate: false,
        allowComments: false,
        schemas: [
          { uri: 'toolschema://schemas/eval-set.schema.json', fileMatch: ['*.eval.json'], schema: EVAL_SET_SCHEMA as unknown as object },
          { uri: 'toolschema://schemas/tool-file.schema.json', fileMatch: ['*', '!*.eval.json'], schema: toolFileSchema() },
        ],
      });
    }
    return jsonService;
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities;
    hasConfigurationCapability = !!caps.workspace?.configuration;
    hasWatchedFilesDynamic = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    hasWorkspaceFolders = !!caps.workspace?.workspaceFolders;
    canCreateFiles = !!caps.workspace?.workspaceEdit?.resourceOperations?.includes('create');
    canResolveEdits = !!caps.textDocument?.codeAction?.resolveSupport?.properties.includes('edit');
    canVersionEdits = !!caps.workspace?.workspaceEdit?.documentChanges;
    completionInsertReplace = caps.textDocument?.completion?.completionItem?.insertReplaceSupport === true;
    folders = foldersOf(params.workspaceFolders ?? (params.rootUri ? [{ uri: params.rootUri, name: 'root' }] : []));
    const init = params.initializationOptions as { settings?: unknown } | undefined;
    // Trusted when the client says true or says nothing (other editors, which manage trust themselves); any other
    // value ("false", 0, null…) is untrusted: a client that meant to restrict must not get git by a wrong type.
    const trusted = (params.initializationOptions as { trusted?: unknown } | null | undefined)?.trusted;
    baselines.setTrusted(trusted === undefined || trusted === true);
    if (init?.settings) {
      settings = resolveConfig(stripUnset(init.settings)).config;
      maxProblems = maxProblemsSetting(init.settings);
    }
    return {
      capabilities: {
        textDocumentSync: TextDocumentSyncKind.Incremental,
        hoverProvider: true,
        documentFormattingProvider: true,
        documentRangeFormattingProvider: true,
        foldingRangeProvider: true,
        selectionRangeProvider: true,
        codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, FIX_ALL_KIND], resolveProvider: true },
        executeCommandProvider: { commands: [...ALL_SERVER_COMMANDS] },
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        ...navigationCapabilities,
      },
      serverInfo: { name: 'toolschema-language-server' },
    };
  });

  connection.onInitialized(async () => {
    // The configuration first: nothing is linted before it (configLoaded), and documents opened meanwhile are linted
    // once it is, before the workspace is indexed (they are linted again after, with the whole index).
    await pullSettings(INITIAL_SETTINGS_WAIT_MS);
    loadFolderConfigs();
    configLoaded = true;
    markConfigLoaded();
    for (const d of documents.all()) relint(d.uri);
    lastReloadKey = reloadKey();
    if (hasConfigurationCapability) await connection.client.register(DidChangeConfigurationNotification.type, { section: 'toolschema' }).catch(() => undefined);
    // Deletions of anything too: a folder deleted (or moved away) is one event for the folder, not one per file.
    if (hasWatchedFilesDynamic) await connection.client.register(DidChangeWatchedFilesNotification.type, { watchers: [{ globPattern: `**/${CONFIG_FILE_NAME}` }, { globPattern: '**/*.json' }, { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete }] }).catch(() => undefined);
    if (hasWorkspaceFolders) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        folders = folders.filter((f) => !e.removed.some((r) => r.uri === f.uri));
        folders.push(...foldersOf(e.added));
        void reloadAll();
      });
    }
    await indexWorkspace();
    for (const d of documents.all()) relint(d.uri);
  });

  // ------------------------------------------------------------------ configuration

  /** The client's settings (workspace/configuration); with `waitMs`, waits that long at most for the answer. */
  async function pullSettings(waitMs?: number): Promise<void> {
    if (!hasConfigurationCapability) return;
    try {
      const pending: Promise<unknown> = connection.workspace.getConfiguration({ section: 'toolschema' });
      const late = Symbol('late');
      let timer: ReturnType<typeof setTimeout> | undefined;
      const raw: unknown =
        waitMs === undefined
          ? await pending
          : await Promise.race([pending, new Promise<typeof late>((resolve) => (timer = setTimeout(() => resolve(late), waitMs)))]).finally(() => clearTimeout(timer));
      if (raw === late) {
        connection.console.warn(`toolschema: the client did not answer workspace/configuration within ${waitMs} ms; linting with the settings known so far until it does.`);
        void pending.then(
          () => reloadAll(),
          () => undefined,
        );
        return;
      }
      settings = resolveConfig(stripUnset(raw)).config;
      maxProblems = maxProblemsSetting(raw);
    } catch {
      // keep the previous settings
    }
  }

  /**
   * The workspace folders on this machine's file system. A folder whose URI names no path here (another scheme;
   * a `file:` URI with a remote host, an encoded `/` or broken percent-encoding) is left out with a log line:
   * its files are still linted when opened, as files outside any folder.
   */
  function foldersOf(list: readonly { uri: string }[]): Folder[] {
    const out: Folder[] = [];
    for (const f of list) {
      const path = filePathOf(f.uri);
      if (path !== undefined) out.push({ uri: f.uri, path });
      else if (f.uri.startsWith('file:')) connection.console.warn(`Workspace folder ${JSON.stringify(f.uri.slice(0, 200))} is not a path on this machine: its tool files are not indexed.`);
    }
    return out;
  }

  /** The innermost workspace folder holding `uri` (a folder holds itself: its configuration chooses its tool files). */
  function folderOf(uri: string): Folder | undefined {
    let best: Folder | undefined;
    for (const f of folders) if ((uri === f.uri || uri.startsWith(f.uri.endsWith('/') ? f.uri : f.uri + '/')) && (!best || f.uri.length > best.uri.length)) best = f;
    return best;
  }

  /** The configuration files whose last publish had diagnostics. */
  let configsPublished = new Set<string>();
  /** Reads each folder's toolschema.config.json (the open editor's text wins over the disk). */
  function loadFolderConfigs(): void {
    folderConfigs.clear();
    const configDiagnostics = new Map<string, Diagnostic[]>();
    for (const f of folders) {
      const path = findConfigFile(f.path, (p) => documents.get(pathToFileURL(p).href) !== undefined);
      if (!path) {
        folderConfigs.set(f.uri, { config: settings, configUri: undefined });
        continue;
      }
      const uri = pathToFileURL(path).href;
      const read = documents.get(uri)?.getText() ?? readTextOrWhy(path, true);
      if (typeof read !== 'string') {
        folderConfigs.set(f.uri, { config: settings, configUri: undefined });
        // There but unreadable: said on the file (the defaults are used), as the CLI says it.
        if (read.unreadable) configDiagnostics.set(uri, [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: 'toolschema', code: 'config-invalid', message: `This configuration could not be read: ${read.unreadable}. The settings of the editor are used instead.` }]);
        continue;
      }
      const text = read;
      const { config, findings } = parseConfigText(uri, text, KNOWN_RULES, settings);
      folderConfigs.set(f.uri, { config, configUri: uri });
      configDiagnostics.set(uri, findings.map(toDiagnostic));
    }
    for (const [uri, diags] of configDiagnostics) publish({ uri, diagnostics: diags });
    // A configuration that is no longer read (deleted, its folder removed from the workspace) keeps no diagnostics:
    // its config-invalid stayed in the Problems panel for good (an independent tester).
    for (const uri of configsPublished) if (!configDiagnostics.has(uri)) publish({ uri, diagnostics: [] });
    configsPublished = new Set([...configDiagnostics].filter(([, d]) => d.length > 0).map(([u]) => u));
  }

  /** The effective configuration of every folder, as one comparable string. */
  function configsKey(): string {
    return JSON.stringify([...folderConfigs].map(([f, c]) => [f, c.config]));
  }

  function configFor(uri: string): Config {
    const f = folderOf(uri);
    return (f && folderConfigs.get(f.uri)?.config) || settings;
  }

  /**
   * A file's path relative to its workspace folder, with forward slashes (as the globs are written); undefined
   * when its URI names no path here (`a%2Fb.tool.json`): such a file is treated as outside the folder.
   */
  function folderPath(f: Folder, uri: string): string | undefined {
    const path = filePathOf(uri);
    return path === undefined ? undefined : relative(f.path, path).split(sep).join('/');
  }

  /** Whether a file of a workspace folder lies in a path that folder's `ignore` globs (or node_modules) name. */
  function ignoredUri(uri: string): boolean {
    const f = uri.startsWith('file:') ? folderOf(uri) : undefined;
    const path = f && folderPath(f, uri);
    return path !== undefined && ignoredPath(configFor(uri), path);
  }

  /** Whether a document is a tool file: language tool-json, or a JSON file matching the config's globs. */
  function isToolDocument(doc: TextDocument): boolean {
    if (doc.uri.endsWith('/' + CONFIG_FILE_NAME) || isEvaluationFileUri(doc.uri)) return false;
    // A path of a workspace folder that the `ignore` globs name is never linted, open or not (as ESLint's
    // ignore files); otherwise the language (tool-json, *.tool.json) or the `files` globs make a tool file.
    if (ignoredUri(doc.uri)) return false;
    if (doc.languageId === 'tool-json' || doc.uri.endsWith('.tool.json')) return true;
    const f = doc.uri.startsWith('file:') ? folderOf(doc.uri) : undefined;
    const path = f && folderPath(f, doc.uri);
    return path !== undefined && toolFileMatcher(configFor(doc.uri))(path);
  }

  /** Configuration changed: every open document is linted again (same version, new settings). */
  async function reloadAll(): Promise<void> {
    await pullSettings();
    loadFolderConfigs();
    // Nothing that indexes, lints or publishes changed (VS Code sends didChangeConfiguration as soon as the server
    // registers for it, and for any change of a toolschema.* setting or of the configuration file's text): the
    // index and the lints stand. The whole workspace was indexed and linted twice at every start.
    const key = reloadKey();
    if (key === lastReloadKey) return;
    lastReloadKey = key;
    await indexWorkspace();
    for (const d of documents.all()) relint(d.uri);
  }
  /** What the index and the lints were last made under: each folder's configuration, the problem limit. */
  let lastReloadKey: string | undefined;
  function reloadKey(): string {
    return `${configsKey()}\u0000${maxProblems}\u0000${folders.map((f) => f.uri).join('\u0000')}`;
  }

  connection.onDidChangeConfiguration(async (change) => {
    if (!hasConfigurationCapability) {
      const s = (change.settings as { toolschema?: unknown } | undefined)?.toolschema;
      if (s) {
        settings = resolveConfig(stripUnset(s)).config;
        maxProblems = maxProblemsSetting(s);
      }
    }
    await reloadAll();
  });

  connection.onDidChangeWatchedFiles(async (e) => {
    if (e.changes.some((c) => c.uri.endsWith('/' + CONFIG_FILE_NAME) && (c.type !== FileChangeType.Changed || !documents.get(c.uri)))) {
      await reloadAll();
      return;
    }
    // Tool files changed on disk: the open ones follow the editor's text; the others are read again.
    for (const change of withFolderContents(e.changes)) {
      let c = change;
      if (documents.get(c.uri) || !c.uri.startsWith('file:')) continue;
      // A file outside every workspace folder is not read for an event (a client may report any path).
      if (c.type !== FileChangeType.Deleted && folders.length > 0 && !folderOf(c.uri)) continue;
      // The disk is the truth, not the event: a file deleted and created again before the event is handled is
      // still there (it was dropped for good), and a link (or a path through a linked folder), which the
      // workspace walk never follows, is as good as absent (links created while the server ran were indexed).
      // Both found by an independent tester of the server under churn.
      if (c.uri.endsWith('.json')) {
        const state = diskState(c.uri);
        if (state !== 'file') c = { uri: c.uri, type: FileChangeType.Deleted };
        else if (state === 'file' && c.type === FileChangeType.Deleted) c = { uri: c.uri, type: FileChangeType.Changed };
      }
      if (c.type === FileChangeType.Deleted && !c.uri.endsWith('.json')) {
        // A folder deleted: every indexed file under it goes (their diagnostics, and their names in the others').
        const prefix = c.uri.endsWith('/') ? c.uri : c.uri + '/';
        for (const u of [...index.uris()]) if (u.startsWith(prefix) && !documents.get(u) && diskFiles.has(u)) forgetDiskFile(u);
        for (const u of evalFiles.setUris()) if (u.startsWith(prefix) && !documents.get(u)) evalFiles.forget(u);
        continue;
      }
      if (isEvaluationFileUri(c.uri)) {
        if (c.type === FileChangeType.Deleted || ignoredUri(c.uri)) evalFiles.forget(c.uri);
        else evalFiles.readFromDisk(c.uri);
        continue;
      }
      if (!isToolUri(c.uri)) continue;
      if (c.type === FileChangeType.Deleted) forgetDiskFile(c.uri);
      else indexDiskFile(c.uri, true);
    }
  });

  // ------------------------------------------------------------------ workspace index

  /**
   * The events, with a created event for each JSON file under a folder created (or moved in: `mv dir ws/` is one
   * event, for the folder; its files went unindexed). Links are not followed, node_modules and .git are skipped, as
   * the workspace walk does; at most MAX_FOLDER_EVENT_FILES files.
   */
  function withFolderContents(changes: readonly FileEvent[]): FileEvent[] {
    const out: FileEvent[] = [];
    for (const c of changes) {
      out.push(c);
      if (c.type !== FileChangeType.Created || c.uri.endsWith('.json') || !c.uri.startsWith('file:') || !folderOf(c.uri)) continue;
      const root = filePathOf(c.uri);
      if (root === undefined) continue;
      const stack = [root];
      let budget = MAX_FOLDER_EVENT_FILES;
      while (stack.length > 0 && budget > 0) {
        const dir = stack.pop()!;
        let entries: Dirent[];
        try {
          entries = readdirSync(dir, { withFileTypes: true });
        } catch {
          continue;
        }
        for (const d of entries) {
          if (d.isSymbolicLink() || d.name === 'node_modules' || d.name === '.git') continue;
          const path = dir + sep + d.name;
          if (d.isDirectory()) stack.push(path);
          else if (d.isFile() && d.name.endsWith('.json') && budget-- > 0) out.push({ uri: pathToFileURL(path).href, type: FileChangeType.Created });
        }
      }
    }
    return out;
  }
  const MAX_FOLDER_EVENT_FILES = 20_000;

  /**
   * What a watched-file event's path is on disk now: a regular file (or anything else that is not a link), a link
   * (the file, or a folder on its way from its workspace folder), or gone.
   */
  function diskState(uri: string): 'file' | 'link' | 'gone' {
    const path = filePathOf(uri);
    if (path === undefined) return 'gone';
    try {
      if (lstatSync(path).isSymbolicLink()) return 'link';
    } catch {
      return 'gone';
    }
    const f = folderOf(uri);
    if (f) {
      // The folders between the workspace folder and the file.
      const parts = relative(f.path, path).split(sep).slice(0, -1);
      let dir = f.path;
      for (const part of parts) {
        if (part === '..' || part === '') break;
        dir = dir + sep + part;
        try {
          if (lstatSync(dir).isSymbolicLink()) return 'link';
        } catch {
          return 'gone';
        }
      }
    }
    return 'file';
  }

  /**
   * Whether a file URI is a tool file under its folder's configuration (files / ignore globs), as the start-up
   * index finds them; outside any folder, any `*.tool.json` out of node_modules.
   */
  function isToolUri(uri: string): boolean {
    if (uri.endsWith('/' + CONFIG_FILE_NAME) || isEvaluationFileUri(uri)) return false;
    const f = folderOf(uri);
    const path = f && folderPath(f, uri);
    if (path === undefined) return uri.endsWith('.tool.json') && !/\/node_modules\//.test(uri);
    return toolFileMatcher(configFor(uri))(path);
  }

  let indexing: Promise<void> | undefined;
  /**
   * Resolved once the latest workspace index has read every file (navigation waits for it: indexSettled). Pending
   * from the start: a rename sent before the first index began (right after the first diagnostics) waits too.
   */
  let firstReadDone: (() => void) | undefined;
  let indexRead: Promise<void> = new Promise<void>((resolve) => (firstReadDone = resolve));

  /**
   * Indexes every tool file of every workspace folder (start-up, configuration change): reads them, lints the
   * ones not open in the editor and publishes their diagnostics. Yields between files, so requests are served
   * meanwhile, and reports progress when the client supports it.
   */
  function indexWorkspace(): Promise<void> {
    let resolveRead: () => void = () => undefined;
    indexRead = new Promise<void>((resolve) => (resolveRead = resolve));
    const first = firstReadDone;
    firstReadDone = undefined;
    const readDone = () => {
      resolveRead();
      first?.();
    };
    indexing = (indexing ?? Promise.resolve()).then(async () => {
      try {
        await readWorkspace(readDone);
      } finally {
        readDone();
      }
    });
    return indexing;
  }

  /** The work of indexWorkspace: every file read into the index (then `read()`), then linted. */
  async function readWorkspace(read: () => void): Promise<void> {
    const found = new Set<string>();
    for (const f of folders) {
      try {
        for (const path of findToolFiles(f.path, configFor(f.uri))) found.add(pathToFileURL(path).href);
      } catch (e) {
        connection.console.error(`cannot list tool files in ${f.path}: ${String(e)}`);
      }
    }
    for (const uri of [...diskFiles]) if (!found.has(uri)) forgetDiskFile(uri);
    const todo = [...found].filter((u) => !documents.get(u));
    const progress = todo.length > 50 ? await connection.window.createWorkDoneProgress().catch(() => undefined) : undefined;
    progress?.begin('toolschema: indexing tool files', 0, `${todo.length} files`, false);
    const started = Date.now();
    let indexed = 0;
    await inBatches(todo, async (batch) => {
      await indexOnDisk(batch);
      indexed += batch.length;
      progress?.report(Math.round((indexed / todo.length) * 100), `${indexed} / ${todo.length} files`);
    });
    // Evaluation sets and results, before any tool file is linted (eval-missing and eval-stale read them).
    const sets = new Set<string>();
    let listed = true;
    for (const f of folders) {
      try {
        for (const path of findEvalSets(f.path, configFor(f.uri), true)) {
          const uri = pathToFileURL(path).href;
          sets.add(uri);
          if (!documents.get(uri)) evalFiles.readFromDisk(uri, false);
        }
      } catch (e) {
        listed = false;
        connection.console.error(`cannot list evaluation sets in ${f.path}: ${String(e)}`);
      }
    }
    // Sets of a workspace folder that are no longer found (the configuration now ignores their path) leave the
    // index, as tool files do; open ones follow their own lint.
    if (listed) for (const uri of evalFiles.setUris()) if (!sets.has(uri) && !documents.get(uri) && folderOf(uri)) evalFiles.forget(uri);
    evalFiles.lintAllSets();
    read();
    // Cross-file rules: lint every unopened file once the whole index is built.
    await inBatches(todo, (batch) => lintOnDisk(batch));
    // The worker's memory (the parse trees of the whole workspace) goes back to the system; so does the
    // garbage of this burst in the server's own heap (server/src/memory.ts).
    await disk.release();
    reclaimMemoryAfterBurst();
    progress?.done();
    if (todo.length > 0) connection.console.log(`toolschema: indexed ${todo.length} tool file(s) in ${Date.now() - started} ms.`);
  }

  /**
   * Runs `run` on slices of `items`, two slices in flight at a time (the worker reads the next while the server
   * takes in the last), yielding to the event loop between slices so requests are served meanwhile.
   */
  async function inBatches(items: readonly string[], run: (batch: string[]) => Promise<void>): Promise<void> {
    const inFlight: Promise<void>[] = [];
    for (let i = 0; i < items.length; i += DISK_BATCH) {
      inFlight.push(run(items.slice(i, i + DISK_BATCH)));
      if (inFlight.length >= 2) await inFlight.shift();
      await new Promise((r) => setImmediate(r));
    }
    await Promise.all(inFlight);
  }

  /** Reads files from disk into the index (an open document keeps its editor text); the entries stored. */
  async function indexOnDisk(uris: readonly string[]): Promise<Map<string, { before: IndexedFile | undefined; entry: IndexedFile }>> {
    const seqs = uris.map((u) => bump(indexSeq, u));
    const request = disk.index(uris.map((uri) => ({ uri, profile: configFor(uri).profile })));
    pendingIndex.add(request);
    let replies: IndexReply[];
    try {
      replies = await request;
    } finally {
      pendingIndex.delete(request);
    }
    const stored = new Map<string, { before: IndexedFile | undefined; entry: IndexedFile }>();
    replies.forEach((r, i) => {
      if (indexSeq.get(r.uri) !== seqs[i] || documents.get(r.uri)) return; // superseded, or opened meanwhile
      const before = index.file(r.uri);
      const entry = applyIndexReply(r);
      if (entry) stored.set(r.uri, { before, entry });
    });
    return stored;
  }

  function applyIndexReply(r: IndexReply): IndexedFile | undefined {
    if ('missing' in r) {
      forgetDiskFile(r.uri);
      if (r.unreadable) publishUnreadable(r.uri, r.unreadable);
      return undefined;
    }
    if (r.error) connection.console.error(r.error);
    closedToDisk.delete(r.uri); // its lint from disk publishes its diagnostics
    const entry = index.updateEntry(r.entry);
    diskHashes.set(r.uri, r.hash);
    diskFiles.add(r.uri);
    return entry;
  }

  /** Reads a tool file from disk into the index; with `relintNow`, lints it and the files it affects. */
  function indexDiskFile(uri: string, relintNow: boolean): void {
    void indexOnDisk([uri]).then((stored) => {
      const s = stored.get(uri);
      if (!s || !relintNow) return;
      lintDiskFile(uri);
      // The sets that test it check their cases against its tools (schemas and names), as for an open file.
      evalFiles.toolChanged(uri);
      relintAffected(uri, s.before?.names ?? new Set(), s.entry.names, movedNames(s.before, s.entry));
    });
  }

  /**
   * Checks files that are not open against their text on disk, before navigation answers with places in them
   * (rename edits, references, definitions): the index holds what a file was when it was last read, and a file
   * changed on disk without a watcher event (a client without didChangeWatchedFiles, or before its event
   * arrives) would get edits landing on the wrong bytes. A file whose text changed is indexed again from the
   * text just read (and linted, with what it affects); one gone from the disk leaves the index. True when any
   * entry changed: the answer is computed again.
   */
  function refreshFromDisk(uris: Iterable<string>): boolean {
    let changed = false;
    for (const uri of new Set(uris)) {
      if (documents.get(uri)) continue;
      const path = filePathOf(uri);
      if (path === undefined) continue;
      if (isEvaluationFileUri(uri)) {
        const set = evalFiles.setOf(uri);
        if (!set) continue;
        if (tryReadText(path) !== set.doc.text) {
          evalFiles.readFromDisk(uri);
          changed = true;
        }
        continue;
      }
      if (!diskFiles.has(uri)) continue;
      // A link put in the file's place since it was indexed (a folder walk never follows one): no edits through it.
      const text = isLink(path) ? undefined : tryReadText(path);
      if (text === undefined) {
        forgetDiskFile(uri);
        changed = true;
        continue;
      }
      if (hash53(text) === diskHashes.get(uri)) continue;
      changed = true;
      bump(indexSeq, uri); // a reply of the worker under way, read before, is superseded
      const before = index.file(uri);
      const entry = applyIndexReply(indexText({ uri, profile: configFor(uri).profile }, text));
      if (!entry) continue;
      lintDiskFile(uri);
      evalFiles.toolChanged(uri);
      relintAffected(uri, before?.names ?? new Set(), entry.names, movedNames(before, entry));
    }
    return changed;
  }

  function forgetDiskFile(uri: string): void {
    bump(indexSeq, uri);
    bump(lintSeq, uri);
    diskHashes.delete(uri);
    // A document just closed that is not on disk had its diagnostics published while open: they are cleared too.
    const justClosed = closedToDisk.delete(uri);
    const wasOnDisk = diskFiles.delete(uri) || justClosed;
    // An open document keeps its entry and its diagnostics: its own lint decides them (dropOpenDocument when it
    // is no longer a tool file), and its close puts the file on disk back. An unversioned empty publish here
    // would land after the document's own, and the index would lose the names the editor shows.
    if (documents.get(uri)) return;
    goneTools.delete(uri);
    const before = index.file(uri)?.names ?? new Set<string>();
    index.delete(uri);
    if (wasOnDisk) publish({ uri, diagnostics: [] });
    evalFiles.toolChanged(uri);
    relintAffected(uri, before, new Set());
  }

  /**
   * An open document that is no longer linted (the configuration now ignores its path): it leaves the index, its
   * diagnostics are cleared, and the files and sets that read its names are linted again.
   */
  function dropOpenDocument(uri: string, version: number): void {
    const linted = lints.delete(uri);
    if (!linted && !index.has(uri)) return;
    const before = index.file(uri)?.names ?? new Set<string>();
    index.delete(uri);
    publish({ uri, version, diagnostics: [] });
    evalFiles.toolChanged(uri);
    relintAffected(uri, before, new Set());
  }

  /** Files waiting to be linted from disk (sent together on the next turn of the event loop). */
  const lintQueue = new Set<string>();

  /** Lints a file that is not open, from its text on disk, and publishes its diagnostics (soon: see lintQueue). */
  function lintDiskFile(uri: string): void {
    if (isEvaluationFileUri(uri)) {
      if (!documents.get(uri)) evalFiles.lintSet(uri);
      return;
    }
    if (!index.has(uri) || documents.get(uri)) return;
    if (lintQueue.size === 0) setImmediate(flushLints);
    lintQueue.add(uri);
  }

  function flushLints(): void {
    const uris = [...lintQueue];
    lintQueue.clear();
    for (let i = 0; i < uris.length; i += DISK_BATCH) void lintOnDisk(uris.slice(i, i + DISK_BATCH));
  }

  /** Lints files that are not open from disk and publishes their diagnostics. */
  async function lintOnDisk(uris: readonly string[]): Promise<void> {
    const todo = uris.filter((u) => index.has(u) && !documents.get(u));
    const seqs = todo.map((u) => bump(lintSeq, u));
    const jobs = todo.map((uri) => {
      const config = configFor(uri);
      const hash = diskHashes.get(uri);
      return { uri, config, baseline: baselines.forLint(uri, config, hash !== undefined ? { hash } : undefined), evaluation: evalFiles.stateFor(uri) };
    });
    const replies = await disk.lint(jobs);
    replies.forEach((r, i) => {
      if (lintSeq.get(r.uri) !== seqs[i] || documents.get(r.uri) || !index.has(r.uri)) return; // superseded
      applyLintReply(r);
    });
  }

  function applyLintReply(r: LintReply): void {
    if ('missing' in r) {
      forgetDiskFile(r.uri);
      if (r.unreadable) publishUnreadable(r.uri, r.unreadable);
      return;
    }
    for (const e of r.errors) connection.console.error(e);
    if (r.findings) {
      noteGoneTools(r.uri, reportedGone(r.findings));
      publish({ uri: r.uri, diagnostics: diagnostics(r.findings) });
    }
  }

  /**
   * A tool file of the workspace that is there but cannot be read (no permission, not a regular file): one error
   * on it, as the CLI reports it (it was skipped without a word, so the editor looked clean where CI failed).
   */
  function publishUnreadable(uri: string, reason: string): void {
    publish({ uri, diagnostics: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, severity: DiagnosticSeverity.Error, source: 'toolschema', code: 'parse-error', message: `This file could not be read: ${reason}.` }] });
  }

  /**
   * Per file: tools its git baseline defines and it no longer does (breaking-change reports them unless another
   * file defines them: a tool moved into another file). When some file starts or stops defining such a name, these
   * files are linted again; the workspace index knows what files define and mention, not what their baselines held.
   * For an open document, every such name; for a file on disk (linted in the worker), the names it was reported for.
   */
  const goneTools = new Map<string, ReadonlySet<string>>();
  function noteGoneTools(uri: string, names: ReadonlySet<string> | undefined): void {
    if (names && names.size > 0) goneTools.set(uri, names);
    else goneTools.delete(uri);
  }
  function reportedGone(findings: readonly Finding[]): Set<string> | undefined {
    let names: Set<string> | undefined;
    for (const f of findings) if (f.rule === 'breaking-change' && GONE_TOOL_MESSAGES.has(f.messageId) && typeof f.data?.tool === 'string') (names ??= new Set()).add(f.data.tool);
    return names;
  }
  function baselineOnly(baseline: BaselineInput | null, profile: Config['profile'], names: ReadonlySet<string>): Set<string> | undefined {
    if (!baseline) return undefined;
    let out: Set<string> | undefined;
    for (const n of parseBaseline(baseline, profile).tools.keys()) if (!names.has(n)) (out ??= new Set()).add(n);
    return out;
  }

  /** After a file's defined names changed: re-lint only the files whose results can change. */
  function relintAffected(uri: string, before: ReadonlySet<string>, after: ReadonlySet<string>, moved: readonly string[] = []): void {
    const affected = new Set(index.affectedBy(uri, before, after, moved));
    if (goneTools.size > 0) {
      const changed = changedNames(before, after, moved);
      for (const [u, names] of goneTools) if (u !== uri && [...names].some((n) => changed.has(n))) affected.add(u);
    }
    for (const other of affected) {
      if (documents.get(other)) relint(other);
      else scheduler.scheduleBackground(other);
    }
  }

  // ------------------------------------------------------------------ linting

  // When to lint (coalescing, background slices, superseded work): server/src/scheduler.ts.
  const scheduler = new LintScheduler({ lintOpen: (uri) => lintNow(uri), lintBackground: (uri) => lintDiskFile(uri), onError: (uri, e) => connection.console.error(`lint failed on ${uri}: ${(e as Error)?.stack ?? String(e)}`) });
  const schedule = (uri: string): void => scheduler.schedule(uri);

  /**
   * The lint of an open document that goes in slices (SLICED_LINT_CHARS and up), until it finishes or a newer lint of
   * the document replaces it. A 10,000-tool file's first lint took seconds, in which no other document's request or
   * diagnostics were served (an independent LSP tester: 6 s on a busy machine); a keystroke's lint of it, half a
   * second, ran to its end although the next keystroke had made it useless.
   */
  const slicedLints = new Map<string, { version: number; run: LintRun; finish: (result: FileLint) => void }>();

  /** `whole`: lint to the end now (a request needs the result); else a large document is linted in slices. */
  function lintNow(uri: string, whole = false): void {
    slicedLints.delete(uri); // superseded: this lint reads the document as it is now
    const doc = documents.get(uri);
    if (!doc || !configLoaded) return; // linted once the configuration is loaded (onInitialized)
    if (uri.endsWith('/' + CONFIG_FILE_NAME)) {
      const before = configsKey();
      loadFolderConfigs();
      // The open text is the configuration: when it changed what applies (not on every keystroke, most leave it
      // as it was), the files that are not open are found (files / ignore globs) and linted again too, as when
      // the file changes on disk.
      const relintOpen = () => {
        for (const d of documents.all()) if (d.uri !== uri) relint(d.uri);
      };
      // The open documents at once (severities, profile), and again once the files the globs now name are in the
      // index: linted before, they would keep findings against the old set of files (a name defined in a folder
      // the configuration no longer ignores stayed unknown).
      if (configsKey() !== before) {
        lastReloadKey = reloadKey();
        void indexWorkspace().then(relintOpen);
      }
      relintOpen();
      return;
    }
    if (isEvaluationFileUri(uri)) {
      if (ignoredUri(uri)) evalFiles.forget(uri);
      else evalFiles.changed(uri);
      return;
    }
    if (!isToolDocument(doc)) {
      dropOpenDocument(uri, doc.version);
      return;
    }
    const before = lints.get(uri);
    if (before && before.version === doc.version) return;
    const config = configFor(uri);
    const toolDoc = new ToolDocument(uri, doc.getText());
    const discovery = toolDoc.tree && !toolDoc.refused ? discoverTools(toolDoc.tree, config.profile) : { tools: [], problems: [] };
    const entryBefore = index.file(uri);
    const entry = index.update(toolDoc, discovery);
    const baseline = baselines.forLint(uri, config, toolDoc.text);
    // A lint on a keystroke spends at most INTERACTIVE_REGEX_MS on ReDoS analyses; what it leaves is analysed by a
    // lint of the same version once typing pauses (DEFERRED_LINT_MS), with no cap.
    const full = fullRegexLint.delete(uri);
    clearTimeout(deferredLints.get(uri));
    deferredLints.delete(uri);
    const options: LintOptions = { config, workspace: index.viewFrom(uri), baseline, evaluation: evalFiles.stateFor(uri), ...(full ? {} : { regexTimeMs: INTERACTIVE_REGEX_MS }), onRuleError: (id, e) => connection.console.error(`rule ${id} failed on ${uri}: ${(e as Error)?.stack ?? String(e)}`) };
    const finish = (result: FileLint) => linted(uri, doc, toolDoc, result, entryBefore, entry, baseline, config);
    if (whole || toolDoc.text.length < SLICED_LINT_CHARS) {
      finish(lintDocument(toolDoc, options, discovery));
      return;
    }
    const job = { version: doc.version, run: startLint(toolDoc, options, discovery), finish };
    slicedLints.set(uri, job);
    const step = () => {
      if (slicedLints.get(uri) !== job) return; // replaced by a newer lint, finished by a request, or closed
      const end = performance.now() + LINT_SLICE_MS;
      let done: boolean;
      try {
        done = job.run.advance(() => performance.now() >= end);
      } catch (e) {
        slicedLints.delete(uri);
        connection.console.error(`lint failed on ${uri}: ${(e as Error)?.stack ?? String(e)}`);
        return;
      }
      if (!done) {
        setImmediate(step);
        return;
      }
      slicedLints.delete(uri);
      job.finish(job.run.finish());
    };
    step();
  }

  /** What follows an open document's lint: keep it, publish it, and lint again what depends on its names. */
  function linted(uri: string, doc: TextDocument, toolDoc: ToolDocument, result: FileLint, entryBefore: IndexedFile | undefined, entry: IndexedFile, baseline: BaselineInput | null | undefined, config: Config): void {
    lints.set(uri, { ...result, version: doc.version });
    if (result.deferred) {
      const timer = setTimeout(() => {
        deferredLints.delete(uri);
        if (documents.get(uri)?.version !== doc.version) return; // a newer version's lint has its own
        fullRegexLint.add(uri);
        relint(uri);
      }, DEFERRED_LINT_MS);
      timer.unref?.();
      deferredLints.set(uri, timer);
    }
    // The baseline was parsed by the lint (parseBaseline keeps the last few): no second parse.
    noteGoneTools(uri, baseline && baseline.text !== toolDoc.text ? baselineOnly(baseline, config.profile, entry.names) : undefined);
    publishUnlessClosed(doc, { uri, version: doc.version, diagnostics: diagnostics(result.findings) });
    // Each lint of a large file leaves its previous tree and texts as garbage, which V8 collects lazily while memory
    // is plentiful: once typing stops (5 s after the last such lint), one full collection gives it back (typing in
    // a 10,000-tool file stayed at 0.8 to 1.3 GB of RSS when idle; README "Limits").
    if (toolDoc.text.length >= LARGE_DOCUMENT_CHARS) reclaimMemoryWhenIdle();
    // The evaluation sets that test this file check their cases against its tools.
    evalFiles.toolChanged(uri);
    // Cross-file rules: the files (open or not) whose results depend on the names this file defines.
    // A name whose profile changed (another dialect; a configuration that sets the profile) counts as changed.
    relintAffected(uri, entryBefore?.names ?? new Set(), entry.names, movedNames(entryBefore, entry));
  }

  /** Opens and closes processed so far: publishUnlessClosed waits until they stop arriving. */
  let openCloseEvents = 0;
  /**
   * Publishes an open document's lint once the messages received while it ran are handled, unless the document was
   * closed meanwhile (and perhaps opened again under the same version: a new document, which its own lint publishes).
   * A lint is synchronous (about 1 s for a 17 MB file); a close and a reopen sent meanwhile wait in the input, and the
   * lint's diagnostics, published at once, reached the client after the reopen under the version the reopened
   * document had too: the closed text's problems on the new one until its own lint (an independent LSP tester, F2).
   * Input read after a lint is handled a few turns of the event loop later (stdin, the framing check, then
   * vscode-jsonrpc, which handles one message per turn: a close sent during a 1.8 s lint was handled on the third
   * turn after it), so this waits for SETTLE_QUIET_TURNS turns in a row without an open or a close (at most
   * MAX_SETTLE_TURNS). A change does not hold the publish back: while typing in a large file each lint is still
   * published, with its version.
   */
  function publishUnlessClosed(doc: TextDocument, params: { uri: string; version: number; diagnostics: Diagnostic[] }): void {
    const since = sentCount;
    const lint = ++lintCount;
    let seen = openCloseEvents;
    let quiet = 0;
    let turns = 0;
    const step = () => {
      if (seen === openCloseEvents) quiet++;
      else {
        seen = openCloseEvents;
        quiet = 0;
      }
      if (quiet < SETTLE_QUIET_TURNS && ++turns < MAX_SETTLE_TURNS) {
        setImmediate(step);
        return;
      }
      if (documents.get(params.uri) !== doc) return;
      // Not over a newer lint's publish (one of a later version, or of this version linted again), nor over any other
      // publish sent since this lint ran (an empty one: the configuration came to ignore the file). A newer lint's
      // publish may be overtaken by an older lint's one, so lints are told apart by their number, not their time.
      const last = sent.get(params.uri);
      if (last && (last.lint !== undefined ? last.lint > lint : last.seq > since && (last.version === undefined || last.version >= params.version))) return;
      publish(params, true, lint);
    };
    setImmediate(step);
  }
  const SETTLE_QUIET_TURNS = 4;
  const MAX_SETTLE_TURNS = 50;

  /** Documents from this size on (about 600 tools) ask for a collection once idle after each lint (lintNow). */
  const LARGE_DOCUMENT_CHARS = 1_000_000;
  /** Open documents from this size on (about 600 tools) are linted in slices of LINT_SLICE_MS (slicedLints). */
  const SLICED_LINT_CHARS = 1_000_000;
  const LINT_SLICE_MS = 20;

  /**
   * ReDoS analysis per lint of an open document (a keystroke): the rest waits for a lint DEFERRED_LINT_MS after the
   * last one. Typing inside a `pattern` analysed a new pattern on every keystroke, 100 to 400 ms each.
   */
  const INTERACTIVE_REGEX_MS = 10;
  const DEFERRED_LINT_MS = 400;

  /** Open documents whose last lint left ReDoS analyses for later: the timer of the lint that makes them. */
  const deferredLints = new Map<string, ReturnType<typeof setTimeout>>();
  /** Open documents whose next lint makes every analysis (no time cap). */
  const fullRegexLint = new Set<string>();

  function relint(uri: string): void {
    lints.delete(uri);
    slicedLints.delete(uri); // its result would be stale: the next lint reads the document again
    schedule(uri);
  }

  // Each open and change discards the previous lint before scheduling the next: lintNow skips a document whose lint
  // is for its current version, and a client that sends a change under the version it already has (or opens an open
  // document again with its version) changed the text all the same. Its diagnostics and symbols went on describing
  // the text before, with no publish, until the next change (an independent LSP tester).
  documents.onDidOpen((e) => {
    openCloseEvents++;
    closedToDisk.delete(e.document.uri);
    relint(e.document.uri);
  });
  documents.onDidChangeContent((e) => relint(e.document.uri));
  documents.onDidClose((e) => {
    openCloseEvents++;
    const uri = e.document.uri;
    scheduler.cancel(uri); // a pending lint of the closed version is superseded
    slicedLints.delete(uri);
    clearTimeout(deferredLints.get(uri));
    deferredLints.delete(uri);
    fullRegexLint.delete(uri);
    lastPublished.delete(uri);
    baselines.closed(uri);
    reclaimMemoryWhenIdle();
    if (isEvaluationFileUri(uri)) {
      evalFiles.closed(uri);
      return;
    }
    const linted = lints.delete(uri);
    if (uri.endsWith('/' + CONFIG_FILE_NAME)) {
      void reloadAll();
      return;
    }
    // A workspace tool file goes back to its text on disk (unsaved edits are dropped) and its diagnostics, linted
    // or not while it was open: the configuration may have stopped ignoring its path just before (its lint was
    // dropped then), after the workspace index that now takes in its folder had left it out as an open document.
    // Before, such a file kept no diagnostics until it changed on disk (the differential fuzz, session 77001).
    if (uri.startsWith('file:') && folderOf(uri) && isToolUri(uri)) {
      closedToDisk.add(uri);
      indexDiskFile(uri, true);
      return;
    }
    // A document whose lint was pending when it closed (another file's change scheduled it again) has no lint but
    // is still in the index: it must leave it all the same.
    if (!linted && !index.has(uri)) return;
    // Any other document leaves the index.
    const before = index.file(uri)?.names ?? new Set<string>();
    index.delete(uri);
    publish({ uri, diagnostics: [] });
    relintAffected(uri, before, new Set());
  });

  /** The lint of the document's current version (computed now if the scheduled one has not run yet). */
  function currentLint(uri: string): FileLint | undefined {
    const doc = documents.get(uri);
    if (!doc || !isToolDocument(doc)) return undefined;
    const l = lints.get(uri);
    if (l && l.version === doc.version) return l;
    const job = slicedLints.get(uri);
    if (job && job.version === doc.version) {
      // A request needs it: what is left of the lint in slices runs now.
      slicedLints.delete(uri);
      job.finish(job.run.finish());
      return lints.get(uri);
    }
    lintNow(uri, true);
    return lints.get(uri);
  }

  // ------------------------------------------------------------------ features

  /** Requests answered for the document version they were sent for (requestVersion.ts). */
  const versions = requestVersionGuard({
    version: (uri) => documents.get(uri)?.version ?? null,
    lint: (uri) => void currentLint(uri),
  });
  /** `fn` after the configuration is loaded, for the version of `uri` the request was sent for (else refused). */
  const forVersion = <T>(uri: string, token: CancellationToken | undefined, fn: () => T | Promise<T>): T | Promise<T> => {
    const asked = versions.asked(uri);
    return afterConfig(() => versions.run(uri, asked, token, fn));
  };

  connection.onHover((params, token): Hover | null | Promise<Hover | null> => forVersion(params.textDocument.uri, token, () => hoverAt(params)));

  function hoverAt(params: HoverParams): Hover | null | Promise<Hover | null> {
    const doc = documents.get(params.textDocument.uri);
    if (!doc) return null;
    // The JSON service answers an empty hover ({"contents": [""]}) where its schema has no description (an
    // `allowed_tools` entry, white space): no hover there.
    if (isEvalSetUri(doc.uri)) return withJson(doc.uri, (d) => Promise.resolve(jsonLs().doHover(d, params.position, jsonLs().parseJSONDocument(d))).then((h) => (h && hoverText(h.contents) ? h : null)), null);
    const lint = currentLint(doc.uri);
    if (!lint) return null;
    const config = configFor(doc.uri);
    const extra = new Map<string, VerbKind>();
    for (const k of ['query', 'mutation', 'action'] as const) for (const v of config.verbs[k]) extra.set(v.toLowerCase(), k);
    const h = getHover(lint, doc.offsetAt(params.position), extra);
    if (!h) return null;
    return { contents: { kind: MarkupKind.Markdown, value: h.markdown }, range: h.range };
  }

  /** The text of a hover's contents, of any of LSP's shapes (MarkupContent, MarkedString, or a list of those). */
  const hoverText = (c: Hover['contents']): string => (Array.isArray(c) ? c.map((x) => (typeof x === 'string' ? x : x.value)).join('') : typeof c === 'string' ? c : c.value).trim();

  /** Runs a vscode-json-languageservice feature, never on a document the engine refused (too large or deep). */
  const withJson = <T>(uri: string, fn: (doc: TextDocument) => T | Promise<T>, fallback: T): T | Promise<T> => afterConfig(() => jsonFeature(uri, fn, fallback));
  const jsonFeature = <T>(uri: string, fn: (doc: TextDocument) => T | Promise<T>, fallback: T): T | Promise<T> => {
    const doc = documents.get(uri);
    if (!doc) return fallback;
    // Tool files, and evaluation sets (their JSON schema completes and explains the format).
    if (isEvalSetUri(uri) ? evalFiles.setOf(uri)?.doc.refused !== undefined : !isToolDocument(doc) || currentLint(uri)?.doc.refused) return fallback;
    try {
      return fn(doc);
    } catch (e) {
      // A refusal meant for the client (formatting too large) is its answer.
      if (e instanceof ResponseError) throw e;
      connection.console.error(`json language service failed on ${uri}: ${String(e)}`);
      return fallback;
    }
  };

  // Navigation: definition, references, rename, document and workspace symbols, completion (merged with the JSON service's).
  registerNavigation(connection, {
    model: index,
    configured: () => configReady,
    indexSettled: async () => {
      // The workspace index read in full (at start-up, after a configuration change), then the reads under way.
      await indexRead;
      // The replies are taken in a microtask after the request resolves: wait for that too.
      await Promise.all([...pendingIndex].map((p) => p.catch(() => undefined)));
      await new Promise((r) => setImmediate(r));
    },
    lintOf: (uri) => currentLint(uri),
    indexOpen: (uri) => {
      const doc = documents.get(uri);
      if (!doc || !isToolDocument(doc) || lints.get(uri)?.version === doc.version || slicedLints.get(uri)?.version === doc.version) return;
      lintNow(uri);
    },
    versions,
    insertReplace: () => completionInsertReplace,
    refreshFromDisk: (uris) => refreshFromDisk(uris),
    documentVersion: (uri) => documents.get(uri)?.version ?? null,
    canVersionEdits: () => canVersionEdits,
    evalSetOf: (uri) => {
      if (!isEvalSetUri(uri)) return undefined;
      // Edits not linted yet (the lint runs after pending messages): index the editor's text now.
      const open = documents.get(uri);
      if (open && evalFiles.setOf(uri)?.doc.text !== open.getText()) evalFiles.changed(uri);
      return evalFiles.setOf(uri);
    },
    jsonCompletion: (params) => {
      const uri = params.textDocument.uri;
      const values = (isEvalSetUri(uri) ? evalFiles.setOf(uri)?.doc : currentLint(uri)?.doc)?.tokens ?? 0;
      if (values > MAX_JSON_COMPLETION_VALUES) return null;
      // A position past the end of its line or of the text is read as that end (as LSP says): the JSON service
      // would otherwise answer edits whose ranges end there, outside the document.
      return withJson(uri, (doc) => Promise.resolve(jsonLs().doComplete(doc, doc.positionAt(doc.offsetAt(params.position)), jsonLs().parseJSONDocument(doc))), null);
    },
  });
  connection.onDocumentFormatting((params, token) => forVersion(params.textDocument.uri, token, () => withJson(params.textDocument.uri, (doc) => formatEdits(doc, undefined, params.options), [])));
  connection.onDocumentRangeFormatting((params, token) => forVersion(params.textDocument.uri, token, () => withJson(params.textDocument.uri, (doc) => formatEdits(doc, params.range, params.options), [])));
  connection.onFoldingRanges((params, token) => forVersion(params.textDocument.uri, token, () => withJson(params.textDocument.uri, (doc) => jsonLs().getFoldingRanges(doc), [])));
  // Positions past the end of their line or of the text are read as that end (as for completion): the JSON service
  // answers a position outside every node with an empty range at that position, outside the document.
  // One answer per position, as LSP wants, also where the JSON service does not run (a file refused for its nesting or
  // its size: it answered [] for two positions; an independent tester): the position itself.
  connection.onSelectionRanges((params, token) => forVersion(params.textDocument.uri, token, () => selectionRanges(params)));
  function selectionRanges(params: SelectionRangeParams): SelectionRange[] | Promise<SelectionRange[]> {
    const doc = documents.get(params.textDocument.uri);
    const itself = params.positions.map((p) => {
      const at = doc ? doc.positionAt(doc.offsetAt(p)) : p;
      return { range: { start: at, end: at } };
    });
    return withJson(params.textDocument.uri, (doc) => jsonLs().getSelectionRanges(doc, params.positions.map((p) => doc.positionAt(doc.offsetAt(p))), jsonLs().parseJSONDocument(doc)), itself);
  }

  // ------------------------------------------------------------------ fixes, refactors, commands

  /** Everything a code action or command needs about a document's current version. */
  function actionContext(uri: string): ActionContext | undefined {
    const doc = documents.get(uri);
    const lint = doc && currentLint(uri);
    if (!doc || !lint) return undefined;
    return { uri, version: doc.version, lint, config: configFor(uri), workspace: index.viewFrom(uri), toDiagnostic, canCreateFiles, canResolveEdits, canVersionEdits, fileExists };
  }

  /** Whether a document is open at the URI or a file exists at its path (a stat: nothing is read or run). */
  function fileExists(uri: string): boolean {
    if (documents.get(uri)) return true;
    const path = filePathOf(uri);
    if (path === undefined) return false;
    try {
      lstatSync(path);
      return true;
    } catch (e) {
      return (e as NodeJS.ErrnoException)?.code !== 'ENOENT';
    }
  }

  // Code actions and commands read the lint of the document: not before the configuration is loaded.
  connection.onCodeAction((params, token) =>
    forVersion(params.textDocument.uri, token, () => {
      try {
        const ctx = actionContext(params.textDocument.uri);
        return ctx ? codeActions(ctx, params) : [];
      } catch (e) {
        connection.console.error(`code actions failed on ${params.textDocument.uri}: ${(e as Error)?.stack ?? String(e)}`);
        return [];
      }
    }),
  );

  connection.onCodeActionResolve((action) => afterConfig(() => resolveCodeAction(action, actionContext)));

  connection.onRequest(ToolsRequest, (params: ToolsParams, token): ToolsResult | null | Promise<ToolsResult | null> =>
    forVersion(params && typeof params.uri === 'string' ? params.uri : '', token, () => {
      const ctx = params && typeof params.uri === 'string' ? actionContext(params.uri) : undefined;
      return ctx ? { version: ctx.version, tools: toolSummaries(ctx) } : null;
    }),
  );

  // Commands on one document run one after the other, and a command's edit is sent only if the document is still
  // the version it was computed on. After an edit is applied, a command on that same version waits for the client's
  // didChange (up to 2 s): a client that applies unversioned edits (Neovim 0.7 sends no documentChanges support, and
  // debounces its didChange by some 150 ms) took a second Bump at the old version and applied it to the new text,
  // which wrote the same tool twice and invalid JSON.
  const commandQueues = new Map<string, Promise<unknown>>();
  const COMMAND_WAIT_MS = 15_000;
  const editedAt = new Map<string, { version: number; until: number }>();
  documents.onDidChangeContent((e) => editedAt.delete(e.document.uri));
  const inTurn = <T>(uri: string, run: () => Promise<T>): Promise<T> => {
    // A client that never answers an edit request would hold every later command: the wait is bounded (15 s), after
    // which the command runs and its own version check decides.
    const previous = commandQueues.get(uri);
    const waitAtMost = () =>
      new Promise<void>((r) => {
        const t = setTimeout(r, COMMAND_WAIT_MS) as unknown as { unref?: () => void };
        t.unref?.(); // Node; a browser worker's timer is a number
      });
    const before = previous ? Promise.race([previous, waitAtMost()]) : Promise.resolve();
    const mine = before.then(run, run);
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    commandQueues.set(uri, settled);
    void settled.then(() => {
      if (commandQueues.get(uri) === settled) commandQueues.delete(uri);
    });
    return mine;
  };
  const stillCurrent = (ctx: ActionContext) => {
    const now = documents.get(ctx.uri)?.version;
    const edited = editedAt.get(ctx.uri);
    const pending = edited !== undefined && edited.version === ctx.version && Date.now() < edited.until;
    if (now !== ctx.version || pending) {
      throw new ResponseError(-32801 /* ContentModified */, `The document changed since the command was issued (version ${ctx.version}${now !== undefined && now !== ctx.version ? `, now ${now}` : ', an edit is being applied'}); run the command again.`);
    }
  };
  const applyCommandEdit = async (ctx: ActionContext, label: string, edit: WorkspaceEdit) => {
    stillCurrent(ctx);
    // A client may answer with no result at all (null): not applied, said so, not a TypeError.
    const answer = (await connection.workspace.applyEdit({ label, edit })) as ApplyWorkspaceEditResult | null | undefined;
    const result: ApplyWorkspaceEditResult = answer && typeof answer === 'object' ? answer : { applied: false, failureReason: 'the editor answered the edit request without a result' };
    if (result.applied) editedAt.set(ctx.uri, { version: ctx.version, until: Date.now() + 2000 });
    return result;
  };

  connection.onExecuteCommand(async (params, token): Promise<CommandResult> => {
    await configReady;
    if (!ALL_SERVER_COMMANDS.includes(params.command)) throw new ResponseError(ErrorCodes.InvalidRequest, `Unknown command ${params.command}.`);
    const arg = params.arguments?.[0] as { uri?: unknown } | undefined;
    return inTurn(typeof arg?.uri === 'string' ? arg.uri : '', () => executeCommand(params, token));
  });

  async function executeCommand(params: ExecuteCommandParams, token: CancellationToken): Promise<CommandResult> {
    const { args, ctx } = checkCommand(params.arguments?.[0], actionContext);
    stillCurrent(ctx);
    let edits;
    let names: string[] | undefined;
    let label: string;
    if (params.command === ServerCommands.createEvaluationSet) return createEvaluationSet(ctx);
    if (params.command === ServerCommands.fixAll) {
      edits = fixAllEdits(ctx);
      label = 'toolschema: fix all';
      if (edits.length === 0) return { applied: false, fixed: 0, message: 'No safe fixes to apply.' };
    } else {
      if (typeof args.pointer !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'Expected the tool\'s pointer in the command argument.');
      const id: RefactorId =
        params.command === ServerCommands.bumpVersion ? 'bumpVersion' : params.command === ServerCommands.markDeprecated ? 'markDeprecated' : args.keepOriginal ? 'splitKeep' : 'splitRemove';
      const successors = Array.isArray(args.successors) ? args.successors.filter((x): x is string => typeof x === 'string') : undefined;
      const tool = toolAtPointer(ctx.lint, args.pointer);
      // A successor is another tool that exists, in this file or in another file of the workspace (README "Mark
      // deprecated"): the command wrote whatever a client sent (the tool itself, an unknown name, 100,000 characters;
      // an independent tester). The VS Code client offers only the file's other tools.
      const unknownSuccessor = id === 'markDeprecated' && tool ? successors?.find((s) => s === tool.name || (!ctx.lint.discovery.tools.some((t) => t.name === s) && ctx.workspace.definitions(s).count === 0)) : undefined;
      if (unknownSuccessor !== undefined) {
        throw new ResponseError(ErrorCodes.InvalidParams, `Cannot deprecate this tool in favour of ${JSON.stringify(clipValue(unknownSuccessor))}: ${unknownSuccessor === tool!.name ? 'a tool cannot succeed itself' : 'no tool of that name is defined in this file or the workspace'}.`);
      }
      const refusal = tool && refactorRefusal(ctx.lint, tool, id, ctx.workspace);
      const r = refusal ? undefined : runRefactor(ctx, args.pointer, id, successors ? { successors } : {});
      if (!r) {
        const why = !tool?.name ? 'no tool with a name at that position' : refusal ?? (id.startsWith('split') ? 'no operation parameter with known values to split on' : 'no tool with a name at that position');
        throw new ResponseError(ErrorCodes.InvalidRequest, `Cannot ${id === 'bumpVersion' ? 'bump the version of' : id === 'markDeprecated' ? 'deprecate' : 'split'} this tool: ${why}.`);
      }
      edits = r.edits;
      names = r.names;
      label = `toolschema: ${id}`;
    }
    // The edits took a while on a large file (seconds for 100,000 fixes): a cancellation sent meanwhile waits in the
    // message queue. It is read now (two turns of the event loop: the input is read between them), and a cancelled
    // command edits nothing (a cancelled Fix All still applied).
    for (let turn = 0; turn < 2; turn++) await new Promise((r) => setImmediate(r));
    if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'The command was cancelled; nothing was changed.');
    const result = await applyCommandEdit(ctx, label, workspaceEditFor(ctx, edits));
    return { applied: result.applied, ...(names ? { names } : {}), ...(result.failureReason ? { message: result.failureReason } : {}) };
  }

  /** Create Evaluation Set: a skeleton `<base>.eval.json` beside the tool file, unless a set already tests it. */
  async function createEvaluationSet(ctx: ActionContext): Promise<CommandResult> {
    const existing = evalFiles.stateFor(ctx.uri).sets;
    if (existing.length > 0) return { applied: false, message: `${existing.map((u) => decodeURIComponent(u.slice(u.lastIndexOf('/') + 1))).join(', ')} already tests this tool file.` };
    if (!ctx.lint.discovery.tools.some((t) => t.name)) return { applied: false, message: 'This file defines no named tool to write cases for.' };
    if (ctx.uri.startsWith('untitled:')) return { applied: false, message: 'Save the tool file first: the evaluation set is created beside it, and its "tools" names it by path.' };
    if (!canCreateFiles) throw new ResponseError(ErrorCodes.InvalidRequest, 'This editor cannot create files through the language server (workspace edit resource operations).');
    const uri = siblingEvalSetUri(ctx.uri);
    const sibling = evalFiles.targetOfSet(uri);
    if (sibling !== undefined) {
      const name = (u: string) => decodeURIComponent(u.slice(u.lastIndexOf('/') + 1));
      return { applied: false, message: `${name(uri)} already exists and tests another tool file (${name(sibling)}): point its "tools" at this file, or rename it and create the set again.` };
    }
    if (fileExists(uri)) return { applied: false, message: `${decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1))} already exists: open it and point its "tools" at this file, or rename it and create the set again.` };
    const result = await applyCommandEdit(ctx, 'toolschema: create evaluation set', createFileEdit({ uri, text: evalSetSkeleton(uri, ctx.uri, ctx.lint.discovery.tools) }));
    return { applied: result.applied, names: [uri], ...(result.failureReason ? { message: result.failureReason } : {}) };
  }

  documents.listen(connection);
  connection.listen();
}

/** VS Code returns every declared setting, with null for unset ones: drop those so defaults apply. */
function stripUnset(raw: unknown): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    if (k === 'trace' || k === 'enable' || k === 'maxNumberOfProblems') continue;
    out[k] = v;
  }
  return out;
}

/** Whether the path itself is a symbolic link. */
function isLink(path: string): boolean {
  try {
    return lstatSync(path).isSymbolicLink();
  } catch {
    return false;
  }
}
