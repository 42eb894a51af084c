/**
 * Which evaluation sets test which tool file, and each set's recorded results: the evaluation state the
 * tool-file rules read (eval-missing, eval-stale) and what an evaluation set is linted against. Pure and in
 * memory, keyed by URI (or path, in the CLI); the CLI fills it from disk, the server from its index and the
 * open editors.
 */
import { ToolDocument } from '../document';
import { parseEvalSet, type EvalSetInfo } from './evalSet';
import { defaultToolUri, evalSetUriOfResults, resolveToolsRef } from './paths';
import { parseResults, type EvalResults } from './results';
import type { EvaluationState } from '../linter';

/** One spelling per file: a URI's percent-encoding decoded, `\` as `/` (a set's `tools` may be written either way). */
export function fileKey(uri: string): string {
  let u = uri;
  // A URI's escapes are decoded; a plain path's "%" is a character of the name (the CLI read "./weather%2Etool.json"
  // as weather.tool.json, which the language server and toolschema eval do not; an independent tester).
  if (/^[a-zA-Z][a-zA-Z0-9+.-]+:/.test(uri) && !/^[a-zA-Z]:[\\/]/.test(uri)) {
    try {
      u = decodeURIComponent(uri);
    } catch {
      // keep it as written
    }
  }
  return u.replace(/\\/g, '/');
}

export interface IndexedEvalSet {
  uri: string;
  doc: ToolDocument;
  set: EvalSetInfo;
  /** The tool file it tests (resolved `tools`, else `<base>.tool.json` beside it). */
  target: string;
}

export class EvaluationModel {
  private sets = new Map<string, IndexedEvalSet>();
  private results = new Map<string, EvalResults>();
  /** Bumped on every change (callers use it to tell whether a tool file's state may have changed). */
  version = 0;

  /** Parses and records an evaluation set; returns the tool files whose state changed (old and new target). */
  updateSet(uri: string, text: string): { entry: IndexedEvalSet; affected: string[] } {
    return this.updateSetDoc(new ToolDocument(uri, text));
  }

  updateSetDoc(doc: ToolDocument): { entry: IndexedEvalSet; affected: string[] } {
    const before = this.sets.get(doc.uri);
    const set = parseEvalSet(doc);
    const target = set.toolsRef ? resolveToolsRef(doc.uri, set.toolsRef) : defaultToolUri(doc.uri);
    const entry = { uri: doc.uri, doc, set, target };
    this.sets.set(doc.uri, entry);
    this.version++;
    const affected = [target];
    if (before && fileKey(before.target) !== fileKey(target)) affected.push(before.target);
    return { entry, affected };
  }

  /** Forgets a set (deleted, or no longer an evaluation file); returns the tool file it tested. */
  removeSet(uri: string): string | undefined {
    const before = this.sets.get(uri);
    if (!before) return undefined;
    this.sets.delete(uri);
    this.version++;
    return before.target;
  }

  /**
   * Records a results file (its set is `<base>.eval.json` beside it); returns the set's URI. `unreadable`: why the
   * file that is there could not be read (its text is then ignored).
   */
  updateResults(uri: string, text: string, unreadable?: string): string {
    this.results.set(evalSetUriOfResults(uri), parseResults(uri, text, unreadable));
    this.version++;
    return evalSetUriOfResults(uri);
  }

  removeResults(uri: string): string {
    if (this.results.delete(evalSetUriOfResults(uri))) this.version++;
    return evalSetUriOfResults(uri);
  }

  set(uri: string): IndexedEvalSet | undefined {
    return this.sets.get(uri);
  }

  resultsOf(setUri: string): EvalResults | undefined {
    return this.results.get(setUri);
  }

  /** The sets that test a tool file. */
  setsFor(toolUri: string): IndexedEvalSet[] {
    const key = fileKey(toolUri);
    const out: IndexedEvalSet[] = [];
    for (const s of this.sets.values()) if (fileKey(s.target) === key) out.push(s);
    return out;
  }

  /** What the tool-file rules read: the sets testing the file and their recorded results. */
  stateFor(toolUri: string): EvaluationState {
    const sets = this.setsFor(toolUri);
    const results: EvalResults[] = [];
    for (const s of sets) {
      const r = this.results.get(s.uri);
      if (r) results.push(r);
    }
    return { sets: sets.map((s) => s.uri), results };
  }

  allSets(): IterableIterator<IndexedEvalSet> {
    return this.sets.values();
  }
}
