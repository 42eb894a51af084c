/**
 * The workspace model: every tool file of the workspace, in memory and keyed by URI, with where each tool is
 * defined and where each tool name is referenced (a description that names it, a deprecation marker's
 * successor). Fed by the server (files on disk and open documents) and by the CLI (the files it was given);
 * pure, no I/O. It is also the NameIndex the cross-file rules read, so one structure answers both the rules
 * and navigation (definition, references, rename, workspace symbols).
 */
import { ToolDocument, child, elements, pointerOf, type Node } from './document';
import { discoverTools, type Discovery, type ToolInfo } from './discover';
import { NameIndex } from './linter';
import { SUCCESSOR_KEYS, markerNode } from './analysis/versions';
import type { Dialect, Profile, Range } from './types';
import type { EvalSetInfo } from './evaluation/evalSet';
import { appendAll, escapedStarts } from './text';

/** The tool names an evaluation set's cases name: `expect.tool` and the `expect.allowed_tools` entries. */
export function evalSetRefs(doc: ToolDocument, set: EvalSetInfo): ReferenceLocation[] {
  const refs: ReferenceLocation[] = [];
  for (const c of set.cases) {
    const strings = [...(c.toolNode?.type === 'string' ? [c.toolNode] : []), ...c.allowedNodes];
    for (const n of strings) {
      const name = n.value as string;
      if (!name) continue;
      // The string's raw text inside its quotes, escapes and all ("get\u005fweather"): a rename replaces it whole. Names
      // written with escapes were left out, so rename skipped them and the set then named a tool that no longer
      // existed (an independent tester).
      refs.push({ uri: doc.uri, name, kind: 'case', offset: n.offset + 1, length: n.length - 2, range: doc.rangeOf(n.offset + 1, n.length - 2), inTool: undefined });
    }
  }
  return refs;
}

export interface ToolLocation {
  uri: string;
  name: string;
  profile: Profile;
  dialect: Dialect;
  /** Pointer of the tool's entry. */
  pointer: string;
  /** The tool's entry. */
  range: Range;
  /** The name's characters (inside the quotes). */
  nameRange: Range;
  nameOffset: number;
  /** Length of the name's characters in the text (longer than the name when it has escapes). */
  nameLength: number;
  description: string | undefined;
  /**
   * The tool's own name in its own description (the index does not list them as references; a rename changes
   * them too): offset and range of each.
   */
  selfMentions: { offset: number; length: number; range: Range }[];
}

export interface ReferenceLocation {
  uri: string;
  /** The name referenced, exactly as written. */
  name: string;
  /** `case`: an evaluation case's expected or allowed tool (`expect.tool`, `expect.allowed_tools`). */
  kind: 'mention' | 'successor' | 'case';
  /** Offset and range of the name's characters in the file (inside the JSON string). */
  offset: number;
  length: number;
  range: Range;
  /** The tool whose description or marker holds the reference (for a case: undefined). */
  inTool: string | undefined;
}

/**
 * What the index holds of a file: no text (the language server keeps only open documents' texts; the truth of
 * the others is the disk), only what cross-file rules and navigation read.
 */
export interface IndexedFile {
  uri: string;
  tools: ToolLocation[];
  refs: ReferenceLocation[];
  /** Names defined in the file. */
  names: ReadonlySet<string>;
  /**
   * The distinct tool-shaped words of its descriptions too long to index word by word (over MAX_INDEXED_DESCRIPTION
   * characters), or 'many' past MAX_LONG_NAMES of them: rename refuses a name they may hold, which it cannot edit.
   */
  longNames?: string[] | 'many';
}

/** The longest description (raw characters) whose words are indexed one by one, with their places. */
export const MAX_INDEXED_DESCRIPTION = 100_000;
/** The most distinct words kept of a file's longer descriptions (longNames). */
const MAX_LONG_NAMES = 10_000;

/**
 * Names a file defines both before and after a change whose profiles changed (a new dialect, or a configuration
 * that sets another profile): the other files' cross-file findings for them (name-duplicate) are asked per
 * profile, so they change as if the name had.
 */
export function movedNames(before: IndexedFile | undefined, after: IndexedFile | undefined): string[] {
  if (!before || !after) return [];
  const profiles = (f: IndexedFile) => {
    const m = new Map<string, string[]>();
    for (const t of f.tools) {
      const list = m.get(t.name);
      if (list) list.push(t.profile);
      else m.set(t.name, [t.profile]);
    }
    return m;
  };
  const a = profiles(before);
  const out: string[] = [];
  for (const [name, list] of profiles(after)) {
    const was = a.get(name);
    if (was && was.sort().join() !== list.sort().join()) out.push(name);
  }
  return out;
}

/** Identifier-shaped words of more than one part (`get_weather`, `get-weather`, `getWeather`, `list_orders_v2`). */
const IDENT = /(?<![A-Za-z0-9_\-])([A-Za-z][A-Za-z0-9]*(?:(?:[_-][A-Za-z0-9]+)+|(?:[A-Z][a-z0-9]+)+))(?![A-Za-z0-9_\-])/g;

/**
 * Identifier-shaped words of a description's raw JSON text (between the quotes): the words the index records
 * as mentions and navigation finds (an escape inside a word breaks it, so every match is the decoded text too).
 */
export function identifiersIn(raw: string): { index: number; name: string }[] {
  const out: { index: number; name: string }[] = [];
  IDENT.lastIndex = 0;
  for (let m = IDENT.exec(raw); m; m = IDENT.exec(raw)) out.push({ index: m.index, name: m[1]! });
  return out;
}

/**
 * The identifier-shaped words of a JSON string node (a description), each with the place of its raw text in the
 * document: the words of the decoded string, so that an escape inside a word (get\u005fweather) does not hide it
 * and "\n" before one is a line break, not part of it. The index's mentions and navigation both read them.
 */
export function wordsOfString(docText: string, d: Node): { name: string; offset: number; length: number }[] {
  const raw = docText.slice(d.offset + 1, d.offset + d.length - 1);
  const starts = raw.includes('\\') && typeof d.value === 'string' ? escapedStarts(raw) : undefined;
  return identifiersIn(starts ? (d.value as string) : raw).map((w) => {
    const from = starts ? starts[w.index]! : w.index;
    const to = starts ? starts[w.index + w.name.length]! : w.index + w.name.length;
    return { name: w.name, offset: d.offset + 1 + from, length: to - from };
  });
}

/** Where a tool's name characters are, inside the quotes of its `name` string. */
function nameSpan(tool: ToolInfo): { offset: number; length: number } | undefined {
  const n = tool.nameNode;
  if (!n || n.type !== 'string') return undefined;
  return { offset: n.offset + 1, length: Math.max(0, n.length - 2) };
}

/** Builds the index entry of one parsed file. */
export function indexFile(doc: ToolDocument, discovery: Discovery): IndexedFile {
  const tools: ToolLocation[] = [];
  const refs: ReferenceLocation[] = [];
  const names = new Set<string>();
  let longNames: Set<string> | 'many' | undefined;
  const text = doc.text;
  for (const t of discovery.tools) {
    const span = nameSpan(t);
    let self: ToolLocation['selfMentions'] | undefined;
    if (t.name !== undefined && span) {
      names.add(t.name);
      self = [];
      tools.push({
        uri: doc.uri,
        name: t.name,
        profile: t.profile,
        dialect: t.dialect,
        pointer: pointerOf(t.outer),
        range: doc.nodeRange(t.outer),
        nameRange: doc.rangeOf(span.offset, span.length),
        nameOffset: span.offset,
        nameLength: span.length,
        description: t.description,
        selfMentions: self,
      });
    }
    // Mentions: identifier-shaped words of the description. Without a backslash the raw text is the decoded one;
    // with one, the decoded text is read and each word's place mapped back to the raw text, so a mention written
    // with an escape (get\u005fweather) is found and renamed (its raw span replaced), as the rules read it (it was
    // missed by references and rename, and a file naming a tool that way was not linted again when the tool was
    // renamed; an independent tester), and "\nlist_orders" is not read as the word "nlist_orders".
    const d = t.descriptionNode;
    if (d && d.type === 'string' && d.length > MAX_INDEXED_DESCRIPTION && longNames !== 'many' && typeof d.value === 'string') {
      longNames ??= new Set();
      for (const w of identifiersIn(d.value)) {
        if (w.name === t.name) continue;
        longNames.add(w.name);
        if (longNames.size > MAX_LONG_NAMES) {
          longNames = 'many';
          break;
        }
      }
    }
    if (d && d.type === 'string' && d.length <= MAX_INDEXED_DESCRIPTION) {
      for (const { name, offset, length } of wordsOfString(text, d)) {
        if (name === t.name) {
          self?.push({ offset, length, range: doc.rangeOf(offset, length) });
          continue;
        }
        refs.push({ uri: doc.uri, name, kind: 'mention', offset, length, range: doc.rangeOf(offset, length), inTool: t.name });
      }
    }
    // Successors named by the deprecation marker.
    const marker = markerNode(t);
    if (marker) {
      const v = marker.node;
      const holders: Node[] = v.type === 'string' ? [v] : [];
      if (v.type === 'object') {
        for (const k of SUCCESSOR_KEYS) {
          const c = child(v, k);
          if (c?.type === 'string') holders.push(c);
          else if (c?.type === 'array') appendAll(holders, elements(c).filter((e) => e.type === 'string'));
        }
      }
      for (const h of holders) {
        const name = h.value as string;
        if (!name) continue;
        refs.push({ uri: doc.uri, name, kind: 'successor', offset: h.offset + 1, length: h.length - 2, range: doc.rangeOf(h.offset + 1, h.length - 2), inTool: t.name });
      }
    }
  }
  return { uri: doc.uri, tools, refs, names, ...(longNames === undefined ? {} : { longNames: longNames === 'many' ? 'many' : [...longNames] }) };
}

/** Short strings that recur in every entry (profiles, dialects, reference kinds), one copy each. */
const common = new Map<string, string>();

function shared(s: string): string {
  const v = common.get(s);
  if (v !== undefined) return v;
  if (s.length <= 24 && common.size < 256) common.set(s, s);
  return s;
}

/**
 * An entry that crossed a thread boundary (the language server indexes files in a worker) holds its own copy
 * of every string it repeats: the file's URI in each tool and reference, the profile and dialect of each tool,
 * the kind of each reference. Makes them one copy each (tens of thousands of tools: megabytes).
 */
export function shareStrings(entry: IndexedFile): IndexedFile {
  const names = new Map<string, string>();
  for (const t of entry.tools) {
    t.uri = entry.uri;
    t.profile = shared(t.profile) as Profile;
    t.dialect = shared(t.dialect) as Dialect;
    names.set(t.name, t.name);
  }
  for (const r of entry.refs) {
    r.uri = entry.uri;
    r.kind = shared(r.kind) as ReferenceLocation['kind'];
    if (r.inTool !== undefined) r.inTool = names.get(r.inTool) ?? r.inTool;
  }
  entry.names = new Set(names.keys());
  return entry;
}

/** The names a file's edit changed: defined before or after but not both, and those whose profile moved. */
export function changedNames(before: ReadonlySet<string>, after: ReadonlySet<string>, moved: Iterable<string> = []): Set<string> {
  const changed = new Set<string>(moved);
  for (const n of before) if (!after.has(n)) changed.add(n);
  for (const n of after) if (!before.has(n)) changed.add(n);
  return changed;
}

/** The workspace: a NameIndex for the rules plus definitions and references for navigation. */
export class WorkspaceModel extends NameIndex {
  private files = new Map<string, IndexedFile>();
  /** Name → URIs whose references include it (for references and affected files). */
  private referrers = new Map<string, Set<string>>();

  /** Indexes a parsed file (replacing what the URI held before). */
  update(doc: ToolDocument, discovery: Discovery): IndexedFile {
    return this.updateEntry(indexFile(doc, discovery), discovery.tools);
  }

  /**
   * Stores an entry built elsewhere (`indexFile` in the language server's worker), replacing what the URI held
   * before; `tools` are the names and profiles the file defines (default: the entry's named tools).
   */
  updateEntry(entry: IndexedFile, tools: Iterable<{ name: string | undefined; profile: Profile }> = entry.tools): IndexedFile {
    shareStrings(entry);
    this.delete(entry.uri, true);
    this.store(entry);
    this.set(entry.uri, tools);
    return entry;
  }

  /** Indexes an evaluation set: it defines no tool; its cases reference tools (navigation, rename, affected files). */
  updateEvalSet(doc: ToolDocument, set: EvalSetInfo): IndexedFile {
    this.delete(doc.uri, true);
    const entry: IndexedFile = { uri: doc.uri, tools: [], refs: evalSetRefs(doc, set), names: new Set() };
    this.store(entry);
    this.set(doc.uri, []);
    return entry;
  }

  private store(entry: IndexedFile): void {
    this.files.set(entry.uri, entry);
    for (const r of entry.refs) {
      let s = this.referrers.get(r.name);
      if (!s) this.referrers.set(r.name, (s = new Set()));
      s.add(entry.uri);
    }
  }

  /** Parses and indexes a file's text. */
  updateText(uri: string, text: string, profile: Profile | 'auto' = 'auto'): IndexedFile {
    const doc = new ToolDocument(uri, text);
    const discovery = doc.tree && !doc.refused ? discoverTools(doc.tree, profile) : { tools: [], problems: [] };
    return this.update(doc, discovery);
  }

  delete(uri: string, keepNames = false): void {
    const old = this.files.get(uri);
    if (old) {
      for (const r of old.refs) {
        const s = this.referrers.get(r.name);
        s?.delete(uri);
        if (s?.size === 0) this.referrers.delete(r.name);
      }
      this.files.delete(uri);
    }
    if (!keepNames) this.remove(uri);
  }

  has(uri: string): boolean {
    return this.files.has(uri);
  }

  file(uri: string): IndexedFile | undefined {
    return this.files.get(uri);
  }

  uris(): string[] {
    return [...this.files.keys()];
  }

  get size(): number {
    return this.files.size;
  }

  /** Every tool named `name`, in every file. */
  definitionsOf(name: string): ToolLocation[] {
    const out: ToolLocation[] = [];
    for (const uri of this.filesDefining(name)) for (const t of this.files.get(uri)?.tools ?? []) if (t.name === name) out.push(t);
    return out;
  }

  /** Every place that names the tool: description mentions and successor markers. */
  referencesTo(name: string): ReferenceLocation[] {
    const out: ReferenceLocation[] = [];
    for (const uri of this.referrers.get(name) ?? []) for (const r of this.files.get(uri)?.refs ?? []) if (r.name === name) out.push(r);
    return out;
  }

  /** Every tool of the workspace (workspace symbols). */
  *allTools(): Generator<ToolLocation> {
    for (const f of this.files.values()) yield* f.tools;
  }

  /**
   * Other files whose lint can change when a file's defined names go from `before` to `after`: those that
   * reference a name that appeared or disappeared, those that define one of them (duplicates), and those that
   * define another version of it (`x` beside a new `x_v2`).
   */
  affectedBy(uri: string, before: ReadonlySet<string>, after: ReadonlySet<string>, moved: Iterable<string> = []): string[] {
    const changed = changedNames(before, after, moved);
    if (changed.size === 0) return [];
    const out = new Set<string>();
    const bases = new Set<string>();
    for (const n of changed) {
      for (const u of this.referrers.get(n) ?? []) out.add(u);
      for (const u of this.filesDefining(n)) out.add(u);
      bases.add(n.replace(/_v\d{1,4}$/, ''));
    }
    for (const f of this.files.values()) {
      if (out.has(f.uri)) continue;
      for (const t of f.tools) {
        if (bases.has(t.name.replace(/_v\d{1,4}$/, ''))) {
          out.add(f.uri);
          break;
        }
      }
    }
    out.delete(uri);
    return [...out];
  }
}
