/**
 * Evaluation sets (`*.eval.json`) and recorded results (`*.eval-results.json`) in the language server: read
 * from disk at start-up and on watched-file changes (the editor's text wins for open ones), linted open or
 * not against the tool file they test, and the evaluation state every tool-file lint reads. This module also
 * decides what to re-lint after a change:
 * - a set appears, disappears or names another tool file: that tool file (eval-missing);
 * - a results file changes: its set and the set's tool file (eval-stale, eval-records-incomplete);
 * - a tool file changes: the sets that test it (eval-unknown-tool, eval-args-invalid, eval-stale).
 */
import { existsSync, lstatSync } from 'node:fs';
import { readTextBounded, tryReadText, unreadable } from './safeRead';
import { fileURLToPath } from 'node:url';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools, type ToolInfo } from '../../shared/src/discover';
import { lintEvalSet, type EvalLint, type EvaluationState } from '../../shared/src/linter';
import { EvaluationModel, fileKey } from '../../shared/src/evaluation/model';
import { evalSetUriOfResults, isEvalResultsUri, isEvalSetUri, resolveToolsRef, resultsUriFor } from '../../shared/src/evaluation/paths';
import { toolsRefAsTyped } from '../../shared/src/evaluation/evalSet';
import type { WorkspaceModel } from '../../shared/src/workspace';
import type { Config } from '../../shared/src/config';
import type { Finding } from '../../shared/src/types';

export interface EvaluationFilesDeps {
  index: WorkspaceModel;
  configFor(uri: string): Config;
  /** The open document's text and version, or undefined when it is not open. */
  openDocument(uri: string): { text: string; version: number } | undefined;
  /** The tools of a tool file the server knows (open or indexed), or undefined when it is none. */
  toolsOf(uri: string): readonly ToolInfo[] | undefined;
  /** Re-lint a tool file, open or on disk. */
  relintTool(uri: string): void;
  publish(uri: string, findings: Finding[], version: number | undefined): void;
  logError(message: string): void;
}

export interface EvaluationFiles {
  /** The evaluation sets testing a tool file and their results (the `evaluation` lint option). */
  stateFor(toolUri: string): EvaluationState;
  /**
   * Reads a set or results file from disk into the index (an open one keeps its editor text) and lints what it
   * affects; with `relint` false (start-up indexing), only indexes: lintAllSets and the tool-file pass follow.
   */
  readFromDisk(uri: string, relint?: boolean): void;
  /** Lints every indexed set (after start-up indexing). */
  lintAllSets(): void;
  /** A set or results file was deleted, or left the workspace. */
  forget(uri: string): void;
  /** An open set or results document has new text (or was just opened): index it and re-lint. */
  changed(uri: string): void;
  /** An open document was closed: back to the text on disk, or out of the index when it is not on disk. */
  closed(uri: string): void;
  /** A tool file changed: re-lint the sets that test it. */
  toolChanged(toolUri: string): void;
  /** Lints a set (open or not) and publishes its diagnostics. */
  lintSet(uri: string): EvalLint | undefined;
  /** The parsed set and the tools of the file it tests (navigation, completion). */
  setOf(uri: string): { doc: ToolDocument; tools: readonly ToolInfo[] | undefined } | undefined;
  /** The tool file an indexed set tests (undefined when no set is indexed at that URI). */
  targetOfSet(uri: string): string | undefined;
  /** Sets read from disk (start-up indexing reports them). */
  readonly size: number;
  /** The URIs of the indexed sets. */
  setUris(): string[];
}

export function createEvaluationFiles(deps: EvaluationFilesDeps): EvaluationFiles {
  const model = new EvaluationModel();

  const readText = (uri: string): string | undefined => {
    const open = deps.openDocument(uri);
    if (open) return open.text;
    if (!uri.startsWith('file:')) return undefined;
    try {
      return tryReadText(fileURLToPath(uri));
    } catch {
      return undefined;
    }
  };

  /** The tool file a set tests: known to the server, else read from disk, else null (it does not exist). */
  const targetOf = (targetUri: string): { uri: string; tools: readonly ToolInfo[] } | null => {
    const known = deps.toolsOf(targetUri) ?? findKnown(targetUri);
    if (known) return { uri: targetUri, tools: known };
    if (targetUri.startsWith('file:')) {
      try {
        const path = fileURLToPath(targetUri);
        if (existsSync(path)) {
          const doc = new ToolDocument(targetUri, readTextBounded(path));
          return { uri: targetUri, tools: doc.tree && !doc.refused ? discoverTools(doc.tree, deps.configFor(targetUri).profile).tools : [] };
        }
      } catch {
        // unreadable: treated as missing
      }
    }
    return null;
  };

  /** A tool file the server knows under another spelling of the same URI (percent-encoding). */
  const findKnown = (targetUri: string): readonly ToolInfo[] | undefined => {
    const key = fileKey(targetUri);
    for (const u of deps.index.uris()) if (u !== targetUri && fileKey(u) === key) return deps.toolsOf(u);
    return undefined;
  };

  const lintSet = (uri: string): EvalLint | undefined => {
    const entry = model.set(uri);
    if (!entry) return undefined;
    try {
      const results = model.resultsOf(uri);
      const lint = lintEvalSet(entry.doc, {
        config: deps.configFor(uri),
        target: targetOf(entry.target),
        set: entry.set,
        ...(results ? { results } : {}),
        onRuleError: (id, e) => deps.logError(`rule ${id} failed on ${uri}: ${(e as Error)?.stack ?? String(e)}`),
      });
      deps.publish(uri, lint.findings, deps.openDocument(uri)?.version);
      return lint;
    } catch (e) {
      deps.logError(`evaluation set ${uri} could not be linted: ${(e as Error)?.stack ?? String(e)}`);
      return undefined;
    }
  };

  /**
   * Why the file at a results URI cannot be read (a FIFO, a folder, a device, a loop of links), or undefined when
   * nothing is there or it reads. The folder walk lists regular files only, so such a results file was never read
   * and its set linted as if no results existed, where the CLI reports it (an independent tester).
   */
  const unreadableResults = (uri: string): string | undefined => {
    if (!uri.startsWith('file:') || deps.openDocument(uri)) return undefined;
    let path: string;
    try {
      path = fileURLToPath(uri);
      lstatSync(path);
    } catch {
      return undefined;
    }
    try {
      readTextBounded(path);
      return undefined;
    } catch (e) {
      return unreadable(path, e).reason;
    }
  };

  /** Indexes a set's text; re-lints it, and its tool file when the set is new or names another file. */
  const updateSet = (uri: string, text: string, relint: boolean) => {
    const before = model.set(uri)?.target;
    const doc = new ToolDocument(uri, text);
    const results = resultsUriFor(uri);
    if (!model.resultsOf(uri)) {
      const why = unreadableResults(results);
      if (why !== undefined) model.updateResults(results, '', why);
    }
    const { entry } = model.updateSetDoc(doc);
    deps.index.updateEvalSet(doc, entry.set);
    if (!relint) return;
    lintSet(uri);
    if (before === undefined || fileKey(before) !== fileKey(entry.target)) {
      if (before !== undefined) deps.relintTool(before);
      deps.relintTool(entry.target);
    }
  };

  const updateResults = (uri: string, text: string, relint: boolean) => {
    const setUri = model.updateResults(uri, text);
    if (relint) afterResultsChange(setUri);
  };

  const afterResultsChange = (setUri: string) => {
    const entry = model.set(setUri);
    if (!entry) return;
    lintSet(setUri);
    deps.relintTool(entry.target);
  };

  const forget = (uri: string) => {
    if (isEvalSetUri(uri)) {
      const target = model.removeSet(uri);
      deps.index.delete(uri);
      deps.publish(uri, [], undefined);
      if (target) deps.relintTool(target);
    } else if (isEvalResultsUri(uri)) {
      afterResultsChange(model.removeResults(uri));
    }
  };

  const refresh = (uri: string, relint = true) => {
    const text = readText(uri);
    const why = text === undefined && isEvalResultsUri(uri) ? unreadableResults(uri) : undefined;
    if (why !== undefined) {
      model.updateResults(uri, '', why);
      if (relint) afterResultsChange(evalSetUriOfResults(uri));
      return;
    }
    if (text === undefined) return forget(uri);
    if (isEvalSetUri(uri)) updateSet(uri, text, relint);
    else if (isEvalResultsUri(uri)) updateResults(uri, text, relint);
  };

  return {
    stateFor: (toolUri) => model.stateFor(toolUri),
    readFromDisk: refresh,
    lintAllSets() {
      for (const s of model.allSets()) lintSet(s.uri);
    },
    forget,
    changed: (uri) => refresh(uri),
    closed: (uri) => refresh(uri),
    toolChanged(toolUri) {
      for (const s of model.setsFor(toolUri)) lintSet(s.uri);
    },
    lintSet,
    targetOfSet(uri) {
      return model.set(uri)?.target;
    },
    setOf(uri) {
      const entry = model.set(uri);
      if (!entry) return undefined;
      // A set with a syntax error is indexed without its "tools" (nothing of it is read): completion, asked mostly
      // while a value is being typed, still offers the names of the tool file it names.
      const typed = entry.doc.syntaxProblems.length > 0 ? toolsRefAsTyped(entry.doc) : undefined;
      return { doc: entry.doc, tools: targetOf(typed ? resolveToolsRef(uri, typed) : entry.target)?.tools };
    },
    setUris() {
      return [...model.allSets()].map((x) => x.uri);
    },
    get size() {
      let n = 0;
      for (const _ of model.allSets()) n++;
      return n;
    },
  };
}
