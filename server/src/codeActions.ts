/**
 * Code actions and server commands: engine fixes and refactors turned into LSP shapes. Quick fixes carry their
 * edit inline (a versioned TextDocumentEdit, so a stale edit is refused by the client); refactors are resolved
 * on demand (codeAction/resolve); commands re-check the document version before they send workspace/applyEdit.
 */
import {
  CodeActionKind,
  ErrorCodes,
  ResponseError,
  type CodeAction,
  type CodeActionParams,
  type Diagnostic,
  type TextEdit as LspTextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { FileLint } from '../../shared/src/linter';
import type { ToolDocument } from '../../shared/src/document';
import { nodeAtPointer, pointerOf } from '../../shared/src/document';
import type { Config } from '../../shared/src/config';
import type { WorkspaceIndex } from '../../shared/src/rule';
import type { Finding } from '../../shared/src/types';
import { diffEdits, fixAll, fixesFor, todayIso, toolAt, type Fix } from '../../shared/src/fix';
import type { TextEdit } from '../../shared/src/fixes/edits';
import { refactorEdits, refactorsFor, type RefactorId } from '../../shared/src/fixes/refactors';
import { deprecationOf } from '../../shared/src/analysis/versions';
import { nextVersionName, versionsByBase } from '../../shared/src/fixes/versioning';
import { fileNamesOf, planSplit } from '../../shared/src/fixes/splitTool';
import { RULES_BY_ID } from '../../shared/src/rules';
import { ServerCommands, type CommandArgs, type ToolSummary } from '../../shared/src/protocol';

export const FIX_ALL_KIND = `${CodeActionKind.SourceFixAll}.toolschema`;

export interface ActionContext {
  uri: string;
  version: number;
  lint: FileLint;
  config: Config;
  workspace: WorkspaceIndex;
  toDiagnostic(f: Finding): Diagnostic;
  /** The client applies workspace edits that create files (workspace.workspaceEdit.resourceOperations). */
  canCreateFiles: boolean;
  /** The client resolves a code action's edit on demand (textDocument.codeAction.resolveSupport has "edit"). */
  canResolveEdits?: boolean;
  /**
   * The client takes versioned `documentChanges` (workspace.workspaceEdit.documentChanges); without it, edits go
   * in the plain `changes` map every client reads. Unset means it does.
   */
  canVersionEdits?: boolean;
  /**
   * Whether a file exists at the URI (on disk, or open). A quick fix that creates a file is not offered over an
   * existing one: some clients (Neovim 0.7) truncate a file a `create` names even without `overwrite`.
   */
  fileExists?(uri: string): boolean;
}

/**
 * The findings of one code action request whose fixes are computed and offered. A range over a whole hostile file
 * (200,000 findings) would otherwise send 200,000 actions; no editor shows more than a screenful of them.
 */
export const MAX_FINDINGS_PER_REQUEST = 500;

/** A workspace edit creating a file with its text; it fails rather than overwrite an existing file. */
export function createFileEdit(file: { uri: string; text: string }): WorkspaceEdit {
  return {
    documentChanges: [
      { kind: 'create', uri: file.uri, options: { overwrite: false, ignoreIfExists: false } },
      { textDocument: { uri: file.uri, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: file.text }] },
    ],
  };
}

export function toLspEdits(doc: ToolDocument, edits: readonly TextEdit[]): LspTextEdit[] {
  return edits.map((e) => ({ range: doc.rangeOf(e.offset, e.length), newText: e.content }));
}

function workspaceEdit(ctx: ActionContext, edits: readonly TextEdit[]): WorkspaceEdit {
  if (ctx.canVersionEdits === false) return { changes: { [ctx.uri]: toLspEdits(ctx.lint.doc, edits) } };
  return { documentChanges: [{ textDocument: { uri: ctx.uri, version: ctx.version }, edits: toLspEdits(ctx.lint.doc, edits) }] };
}

function overlaps(f: Finding, start: number, end: number): boolean {
  return f.offset <= end && f.offset + f.length >= start;
}

/** Whether the client asked for this kind (no `only` means every kind). */
function wants(only: string[] | undefined, kind: string): boolean {
  return !only || only.some((o) => kind === o || kind.startsWith(o + '.'));
}

export function codeActions(ctx: ActionContext, params: CodeActionParams): CodeAction[] {
  const { lint } = ctx;
  const only = params.context.only;
  const out: CodeAction[] = [];
  const doc = lint.doc;
  const options = { config: ctx.config, workspace: ctx.workspace, today: todayIso() };

  if (only && wants(only, FIX_ALL_KIND) && only.some((o) => o.startsWith(CodeActionKind.Source))) {
    const edits = fixAllEdits(ctx);
    if (edits.length > 0) out.push({ title: 'Fix all safe toolschema problems', kind: FIX_ALL_KIND, edit: workspaceEdit(ctx, edits) });
    return out;
  }

  const start = doc.offsetAt(params.range.start);
  const end = doc.offsetAt(params.range.end);
  if (wants(only, CodeActionKind.QuickFix)) {
    // The client's diagnostics by rule and message (it sends those in the range: one lookup per finding, not a scan).
    const sent = new Map<string, Diagnostic>();
    for (const d of params.context.diagnostics) {
      const key = `${String(d.code)}\0${d.message}`;
      if (!sent.has(key)) sent.set(key, d);
    }
    const offeredRuleFixAll = new Set<string>();
    let taken = 0;
    const ruleFixAll = new Map<string, { edits: TextEdit[]; remaining: FileLint }>();
    for (const f of lint.findings) {
      if (!overlaps(f, start, end)) continue;
      if (++taken > MAX_FINDINGS_PER_REQUEST) break;
      const diagnostic = sent.get(`${f.rule}\0${f.message}`) ?? ctx.toDiagnostic(f);
      const fixes: Fix[] = fixesFor(lint, f, options);
      fixes.forEach((fix, i) => {
        // A fix that writes a new file needs a client that can create one, and no file there already.
        if (fix.createFile && (!ctx.canCreateFiles || ctx.fileExists?.(fix.createFile.uri))) return;
        out.push({ title: fix.title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], isPreferred: fix.kind === 'safe' && i === 0, edit: fix.createFile ? createFileEdit(fix.createFile) : workspaceEdit(ctx, fix.edits) });
      });
      if (fixes.some((x) => x.kind === 'safe') && !offeredRuleFixAll.has(f.rule) && (safeCounts(lint).get(f.rule) ?? 0) > 1) {
        const title = `Fix all ${f.rule} problems in this file`;
        if (ctx.canResolveEdits) {
          // Fix-all lints the whole file again, several times: only when the user picks it (codeAction/resolve).
          offeredRuleFixAll.add(f.rule);
          const data: RuleFixAllData = { uri: ctx.uri, version: ctx.version, fixAllRule: f.rule };
          out.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], data });
        } else {
          let all = ruleFixAll.get(f.rule);
          if (!all) ruleFixAll.set(f.rule, (all = fixAllResult(ctx, (g) => g.rule === f.rule)));
          // Offered for this diagnostic only when it resolves it: fix-all drops the fixes of a tool whose errors
          // they would increase, which the fixes of other rules may have offset in a whole-file fix-all (a misspelt
          // "Name" renamed alone can make a tool's types checked against a stricter profile).
          if (all.edits.length > 0 && resolves(lint, all.remaining, f)) {
            offeredRuleFixAll.add(f.rule);
            out.push({ title, kind: CodeActionKind.QuickFix, diagnostics: [diagnostic], edit: workspaceEdit(ctx, all.edits) });
          }
        }
      }
    }
  }

  if (wants(only, CodeActionKind.RefactorRewrite)) {
    const tool = toolAt(lint.discovery.tools, start);
    if (tool) {
      const pointer = pointerOf(tool.outer);
      for (const r of refactorsFor(lint, tool, options)) {
        if (ctx.canResolveEdits === false) {
          // A client that cannot resolve an action's edit later (eglot 1.9) gets the command that computes and applies
          // it: an action with neither an edit nor a command did nothing when picked.
          out.push({ title: r.title, kind: r.kind, command: { title: r.title, command: REFACTOR_COMMANDS[r.id], arguments: [refactorArgs(ctx, pointer, r.id)] } });
        } else {
          out.push({ title: r.title, kind: r.kind, data: { uri: ctx.uri, version: ctx.version, pointer, refactor: r.id } });
        }
      }
    }
  }
  return out;
}

const REFACTOR_COMMANDS: Record<RefactorId, string> = {
  bumpVersion: ServerCommands.bumpVersion,
  markDeprecated: ServerCommands.markDeprecated,
  splitRemove: ServerCommands.splitTool,
  splitKeep: ServerCommands.splitTool,
};

function refactorArgs(ctx: ActionContext, pointer: string, id: RefactorId): CommandArgs {
  return { uri: ctx.uri, version: ctx.version, pointer, ...(id === 'splitKeep' ? { keepOriginal: true } : id === 'splitRemove' ? { keepOriginal: false } : {}) };
}

/** Per lint: how many findings each rule with safe fixes has (counted once per document version, not per request). */
const SAFE_COUNTS = new WeakMap<FileLint, Map<string, number>>();

function safeCounts(lint: FileLint): Map<string, number> {
  let counts = SAFE_COUNTS.get(lint);
  if (!counts) {
    counts = new Map();
    for (const f of lint.findings) {
      if (RULES_BY_ID.get(f.rule)?.meta.fixable === 'safe') counts.set(f.rule, (counts.get(f.rule) ?? 0) + 1);
    }
    SAFE_COUNTS.set(lint, counts);
  }
  return counts;
}

/** The edits of fix-all (every safe fix, several passes), as small per-region edits against the current text. */
export function fixAllEdits(ctx: ActionContext, only?: (f: Finding) => boolean): TextEdit[] {
  return fixAllResult(ctx, only).edits;
}

function fixAllResult(ctx: ActionContext, only?: (f: Finding) => boolean): { edits: TextEdit[]; remaining: FileLint } {
  const text = ctx.lint.doc.text;
  // With the file's baseline: a safe fix that makes a breaking change (renaming a misspelt "requried" makes its
  // parameters required) adds a breaking-change error, so fix-all's judgement drops it (an independent UI tester).
  const r = fixAll(ctx.uri, text, { config: ctx.config, workspace: ctx.workspace, today: todayIso(), ...(ctx.lint.baseline ? { baseline: ctx.lint.baseline } : {}) }, only);
  return { edits: diffEdits(text, r.output), remaining: r.remaining };
}

/** Whether `after` has fewer findings like `f` (rule, pointer, message) than `before`. */
function resolves(before: FileLint, after: FileLint, f: Finding): boolean {
  const like = (l: FileLint) => l.findings.filter((g) => g.rule === f.rule && g.pointer === f.pointer && g.message === f.message).length;
  return like(after) < like(before);
}

interface RefactorData {
  uri: string;
  version: number;
  pointer: string;
  refactor: RefactorId;
}

function isRefactorData(d: unknown): d is RefactorData {
  const x = d as RefactorData;
  return !!x && typeof x.uri === 'string' && typeof x.version === 'number' && typeof x.pointer === 'string' && typeof x.refactor === 'string';
}

/** "Fix all <rule> problems in this file", resolved on demand. */
interface RuleFixAllData {
  uri: string;
  version: number;
  fixAllRule: string;
}

function isRuleFixAllData(d: unknown): d is RuleFixAllData {
  const x = d as RuleFixAllData;
  return !!x && typeof x.uri === 'string' && typeof x.version === 'number' && typeof x.fixAllRule === 'string';
}

/**
 * Fills in a refactor's or a rule's fix-all edit. When the document changed (or closed) since the action was
 * offered, an error the client shows: the action, returned without an edit, did nothing and said nothing.
 */
export function resolveCodeAction(action: CodeAction, current: (uri: string) => ActionContext | undefined): CodeAction {
  const data: unknown = action.data;
  if (!isRefactorData(data) && !isRuleFixAllData(data)) return action;
  const ctx = current(data.uri);
  if (!ctx) throw new ResponseError(ErrorCodes.InvalidParams, `${data.uri} is not an open tool file.`);
  if (ctx.version !== data.version) {
    throw new ResponseError(-32801 /* ContentModified */, `The document changed since this action was offered (version ${data.version}, now ${ctx.version}); pick it again.`);
  }
  if (isRuleFixAllData(data)) {
    const edits = fixAllEdits(ctx, (g) => g.rule === data.fixAllRule);
    if (edits.length > 0) action.edit = workspaceEdit(ctx, edits);
    return action;
  }
  const r = runRefactor(ctx, data.pointer, data.refactor, {});
  if (r) action.edit = workspaceEdit(ctx, r.edits);
  return action;
}

export function toolAtPointer(lint: FileLint, pointer: string) {
  const node = nodeAtPointer(lint.doc.tree, pointer);
  return node ? lint.discovery.tools.find((t) => t.outer === node) : undefined;
}

export function runRefactor(ctx: ActionContext, pointer: string, id: RefactorId, extra: { successors?: string[] }) {
  const tool = toolAtPointer(ctx.lint, pointer);
  if (!tool) return undefined;
  return refactorEdits(ctx.lint, tool, id, { workspace: ctx.workspace, today: todayIso(), ...(extra.successors ? { successors: extra.successors } : {}) });
}

/** Checks a command's arguments against the current document; throws a ResponseError the client shows. */
export function checkCommand(args: unknown, current: (uri: string) => ActionContext | undefined): { args: CommandArgs; ctx: ActionContext } {
  const a = args as CommandArgs | undefined;
  if (!a || typeof a.uri !== 'string' || typeof a.version !== 'number') throw new ResponseError(ErrorCodes.InvalidParams, 'Expected { uri, version } as the command argument.');
  const ctx = current(a.uri);
  if (!ctx) throw new ResponseError(ErrorCodes.InvalidParams, `${a.uri} is not an open tool file (open it; a .json file outside the "files" globs of toolschema.config.json needs the language mode tool-json).`);
  if (a.keepOriginal !== undefined && typeof a.keepOriginal !== 'boolean') throw new ResponseError(ErrorCodes.InvalidParams, `keepOriginal must be true or false, got ${JSON.stringify(a.keepOriginal)}.`);
  if (ctx.version !== a.version) {
    throw new ResponseError(-32801 /* ContentModified */, `The document changed since the command was issued (version ${a.version}, now ${ctx.version}); run the command again.`);
  }
  if (!ctx.lint.doc.tree || ctx.lint.doc.syntaxProblems.length > 0) throw new ResponseError(ErrorCodes.InvalidRequest, 'The file has JSON syntax errors; fix them first.');
  return { args: a, ctx };
}

export function workspaceEditFor(ctx: ActionContext, edits: readonly TextEdit[]): WorkspaceEdit {
  return workspaceEdit(ctx, edits);
}

/**
 * The tools of a document for the palette commands. What every tool's summary reads about the others (their names'
 * versions, the names a split must avoid) is gathered once: per tool, it made 10,000 tools of one name quadratic.
 */
export function toolSummaries(ctx: ActionContext): ToolSummary[] {
  const { lint } = ctx;
  const tools = lint.discovery.tools;
  const versions = versionsByBase(tools.map((t) => t.name));
  const fileNames = fileNamesOf(tools);
  return tools.flatMap((t) => {
    if (!t.name) return [];
    const plan = planSplit(t, { tools, workspace: ctx.workspace, fileNames });
    return [
      {
        name: t.name,
        pointer: pointerOf(t.outer),
        range: lint.doc.nodeRange(t.outer),
        deprecated: !!deprecationOf(t),
        nextVersion: nextVersionName(t.name, versions, ctx.workspace),
        split: plan && plan.operations.length > 1 ? plan.operations.map((o) => o.name) : null,
      },
    ];
  });
}
