/**
 * Navigation over tool files (pure, no I/O): what is at a position (a tool's name, a tool name mentioned in a
 * description, a successor in a deprecation marker), the outline of a file (tools and their parameters), the
 * occurrences of a tool name across the workspace (definition, references, rename), workspace symbols, and
 * completion inside tool files (tool names in descriptions and markers, `type` values, new-tool snippets).
 *
 * Mentions use the identifier rule of the workspace index (`indexFile` in workspace.ts), so what navigation
 * finds under the cursor is what the index holds; the one addition is a tool's own name in its own
 * description (the index leaves it out of references; a rename must change it too).
 */
import { findNodeAtOffset } from 'jsonc-parser';
import { ToolDocument, child, elements, entries, isArray, isObject, type Node } from './document';
import type { ToolInfo } from './discover';
import type { FileLint } from './linter';
import { SUCCESSOR_KEYS, deprecationOf, descriptionSaysDeprecated, markerNode } from './analysis/versions';
import { MAX_INDEXED_DESCRIPTION, wordsOfString, type ToolLocation, type WorkspaceModel } from './workspace';
import { DIALECT_LABEL, PORTABLE_NAME, PROFILE_LABEL } from './profiles';
import { SNAKE_CASE, appendAll } from './text';
import { snakeName } from './analysis/names';
import { typeNames } from './schemaWalk';
import { layoutOf } from './fixes/edits';
import type { Dialect, Range } from './types';
import type { EvalSetInfo } from './evaluation/evalSet';


/** The string nodes of a tool's deprecation marker that name successors. */
export function successorNodes(tool: ToolInfo): Node[] {
  const marker = markerNode(tool);
  if (!marker) return [];
  const v = marker.node;
  if (v.type === 'string') return [v];
  const out: Node[] = [];
  if (v.type === 'object') {
    for (const k of SUCCESSOR_KEYS) {
      const c = child(v, k);
      if (c?.type === 'string') out.push(c);
      else if (c?.type === 'array') appendAll(out, elements(c).filter((e) => e.type === 'string'));
    }
  }
  return out.filter((n) => n.length > 2);
}

/** The tool whose entry contains `offset` (the innermost). */
function toolAtOffset(tools: readonly ToolInfo[], offset: number): ToolInfo | undefined {
  let best: ToolInfo | undefined;
  for (const t of tools) {
    if (offset >= t.outer.offset && offset <= t.outer.offset + t.outer.length && (!best || t.outer.length < best.outer.length)) best = t;
  }
  return best;
}

// ---------------------------------------------------------------------------------------------
// What is at a position

export interface NavTarget {
  /**
   * `tool`: the tool's own name; `mention`: a tool name in a description; `successor`: a name in a deprecation
   * marker; `case`: an evaluation case's expected or allowed tool.
   */
  kind: 'tool' | 'mention' | 'successor' | 'case';
  /** The name, exactly as written. */
  name: string;
  /** Offset and range of the name's characters (inside the JSON string). */
  offset: number;
  length: number;
  range: Range;
  /** The tool whose name, description or marker holds it (none for a case). */
  tool: ToolInfo | undefined;
}

/**
 * What is at `offset`: a tool's name (the cursor anywhere on its string, quotes included), an identifier-shaped
 * word of a tool's description (the cursor on it or right after it), a successor in a deprecation marker, or
 * undefined.
 */
export function targetAt(lint: FileLint, offset: number): NavTarget | undefined {
  const { doc } = lint;
  if (!doc.tree || doc.refused) return undefined;
  const tool = toolAtOffset(lint.discovery.tools, offset);
  if (!tool) return undefined;
  const make = (kind: NavTarget['kind'], name: string, start: number, length: number): NavTarget => ({ kind, name, offset: start, length, range: doc.rangeOf(start, length), tool });
  const n = tool.nameNode;
  if (n && n.type === 'string' && tool.name && offset >= n.offset && offset <= n.offset + n.length) return make('tool', tool.name, n.offset + 1, n.length - 2);
  const d = tool.descriptionNode;
  if (d && d.type === 'string' && offset > d.offset && offset < d.offset + d.length && d.length <= 100_000) {
    for (const m of wordsOfString(doc.text, d)) {
      if (offset >= m.offset && offset <= m.offset + m.length) return make('mention', m.name, m.offset, m.length);
      if (m.offset > offset) break;
    }
    return undefined;
  }
  for (const s of successorNodes(tool)) {
    if (offset >= s.offset && offset <= s.offset + s.length) return make('successor', s.value as string, s.offset + 1, s.length - 2);
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Occurrences of a tool name across the workspace

export interface Occurrence {
  uri: string;
  kind: 'definition' | 'mention' | 'successor' | 'case';
  /** Offset and range of the name's characters in the indexed text of the file. */
  offset: number;
  length: number;
  range: Range;
  /** The tool whose name, description or marker holds it. */
  inTool: string | undefined;
}

/** Mentions of a tool's own name in its own description (the index keeps them apart from references). */
function selfMentions(def: ToolLocation): Occurrence[] {
  return def.selfMentions.map((m) => ({ uri: def.uri, kind: 'mention', offset: m.offset, length: m.length, range: m.range, inTool: def.name }));
}

/** The definitions of `name` in the workspace (several when it is defined more than once). */
export function definitionsOf(model: WorkspaceModel, name: string): Occurrence[] {
  return model.definitionsOf(name).map((d) => ({ uri: d.uri, kind: 'definition', offset: d.nameOffset, length: d.nameLength, range: d.nameRange, inTool: d.name }));
}

/**
 * Every place naming the tool `name`: description mentions (its own description included) and successor
 * markers, in every file; with `includeDeclaration`, its definitions too. Sorted by file and offset.
 */
export function occurrencesOf(model: WorkspaceModel, name: string, includeDeclaration: boolean): Occurrence[] {
  const out: Occurrence[] = [];
  const defs = model.definitionsOf(name);
  if (includeDeclaration) appendAll(out, definitionsOf(model, name));
  for (const r of model.referencesTo(name)) out.push({ uri: r.uri, kind: r.kind, offset: r.offset, length: r.length, range: r.range, inTool: r.inTool });
  for (const d of defs) appendAll(out, selfMentions(d));
  const seen = new Set<string>();
  return out
    .filter((o) => {
      const k = `${o.uri}\u0000${o.offset}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    })
    .sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : a.offset - b.offset));
}

// ---------------------------------------------------------------------------------------------
// Rename

export interface NameEdit {
  offset: number;
  length: number;
  range: Range;
  newText: string;
}

export interface FileRename {
  uri: string;
  edits: NameEdit[];
}

export type RenameResult = { ok: true; files: FileRename[] } | { ok: false; reason: string };

/** The file name of a URI, for messages. */
export function fileLabel(uri: string): string {
  const last = uri.replace(/[?#].*$/, '').split('/').pop() ?? uri;
  try {
    return decodeURIComponent(last) || uri;
  } catch {
    return last || uri;
  }
}

/** Why `newName` cannot replace `oldName`, or undefined when it can. */
export function renameRefusal(model: WorkspaceModel, oldName: string, newName: string): string | undefined {
  if (newName === oldName) return `"${oldName}" is already the tool's name.`;
  if (!PORTABLE_NAME.test(newName)) {
    const bad = [...new Set(newName.replace(/[a-zA-Z0-9_-]/g, ''))].slice(0, 5).map((c) => (c === ' ' ? 'spaces' : `"${c}"`));
    const why = newName.length === 0 ? 'it is empty' : newName.length > 64 ? `it has ${newName.length} characters (at most 64)` : `it contains ${bad.join(', ')}`;
    return `"${newName}" is not a valid tool name: ${why}. Use 1 to 64 ASCII letters, digits, "_" or "-" (^[a-zA-Z0-9_-]{1,64}$, the pattern every provider accepts).`;
  }
  if (SNAKE_CASE.test(oldName) && !SNAKE_CASE.test(newName)) {
    const s = snakeName(newName);
    const suggestion = s && SNAKE_CASE.test(s) ? ` Use "${s}".` : '';
    return `"${newName}" is not snake_case: tool names are lower-case words joined by underscores, starting with a letter (like "${oldName}"), so the model sees one consistent style (name-format).${suggestion}`;
  }
  const taken = model.definitionsOf(newName);
  if (taken.length > 0) {
    const files = [...new Set(taken.map((t) => fileLabel(t.uri)))].join(', ');
    return `A tool named "${newName}" is already defined (in ${files}): two tools would share that name, and every description or marker naming it would point at both. Choose another name, or remove that tool first.`;
  }
  return undefined;
}

/**
 * Edits renaming the tool `oldName` to `newName` across the workspace: the name of every definition, every
 * description that names it (its own included) and every deprecation marker that names it as a successor.
 * Refused (with the reason the user sees) for an invalid or taken name, or when no tool has that name.
 */
export function renameTool(model: WorkspaceModel, oldName: string, newName: string): RenameResult {
  if (model.definitionsOf(oldName).length === 0) return { ok: false, reason: `No tool named "${oldName}" is defined in the workspace, so there is nothing to rename.` };
  const reason = renameRefusal(model, oldName, newName);
  if (reason) return { ok: false, reason };
  // A description too long to be indexed word by word may name the tool: rename could not edit it, and would leave
  // it naming a tool that no longer exists (description-sibling-unknown; an independent tester).
  for (const uri of model.uris()) {
    const long = model.file(uri)?.longNames;
    if (long === 'many' || long?.includes(oldName)) {
      return { ok: false, reason: `"${oldName}" ${long === 'many' ? 'may be' : 'is'} named in a description of more than ${MAX_INDEXED_DESCRIPTION.toLocaleString('en-US')} characters in ${fileLabel(uri)}, which rename does not edit (nor Find References list). Rename it there by hand, or shorten that description, then rename.` };
    }
  }
  const byUri = new Map<string, NameEdit[]>();
  for (const o of occurrencesOf(model, oldName, true)) {
    let list = byUri.get(o.uri);
    if (!list) byUri.set(o.uri, (list = []));
    list.push({ offset: o.offset, length: o.length, range: o.range, newText: newName });
  }
  return { ok: true, files: [...byUri].map(([uri, edits]) => ({ uri, edits })) };
}

/**
 * The tool named by an evaluation case at `offset` of an indexed evaluation set (`expect.tool`, an
 * `allowed_tools` entry; the cursor on the name or its quotes), or undefined.
 */
export function caseTargetAt(model: WorkspaceModel, uri: string, offset: number): NavTarget | undefined {
  for (const r of model.file(uri)?.refs ?? []) {
    if (r.kind === 'case' && offset >= r.offset - 1 && offset <= r.offset + r.length + 1) return { kind: 'case', name: r.name, offset: r.offset, length: r.length, range: r.range, tool: undefined };
  }
  return undefined;
}

/** What a rename at `offset` would rename (the range to edit in place), or why it cannot. */
export function prepareRename(model: WorkspaceModel, lint: FileLint, offset: number): { ok: true; target: NavTarget } | { ok: false; reason: string } {
  return prepareRenameOf(model, targetAt(lint, offset));
}

/** Whether a navigation target can be renamed: it names a tool defined in the workspace. */
export function prepareRenameOf(model: WorkspaceModel, target: NavTarget | undefined): { ok: true; target: NavTarget } | { ok: false; reason: string } {
  if (!target) return { ok: false, reason: 'Nothing to rename here: place the cursor on a tool\'s name, on a tool name mentioned in a description, on a successor in a deprecation marker, or on an evaluation case\'s tool.' };
  if (model.definitionsOf(target.name).length === 0) return { ok: false, reason: `No tool named "${target.name}" is defined in the workspace, so there is nothing to rename.` };
  return { ok: true, target };
}

// ---------------------------------------------------------------------------------------------
// Document symbols

export interface OutlineSymbol {
  name: string;
  detail: string;
  /**
   * `tool`: a tool; `parameter`: one of its parameters; `property`: a field of an object parameter (nested); `case`:
   * a case of an evaluation set.
   */
  kind: 'tool' | 'parameter' | 'property' | 'case';
  deprecated: boolean;
  range: Range;
  selectionRange: Range;
  children: OutlineSymbol[];
}

/** The most tools an outline lists (the corpus's largest file has 8,010). */
export const MAX_OUTLINE_TOOLS = 20_000;
/** The most parameters and nested properties an outline lists, over all its tools, in the file's order. */
export const MAX_OUTLINE_PROPERTIES = 5000;
const MAX_OUTLINE_DEPTH = 24;

/**
 * The outline of a file: its tools (dialect, profile, deprecated) with their parameters, nested objects nested.
 * Every tool is listed (up to MAX_OUTLINE_TOOLS); past MAX_OUTLINE_PROPERTIES, the later tools' parameters are
 * left out, not the tools (a shared budget of 5,000 symbols listed the first 500 tools of 1,000 with 9 parameters
 * each, and nothing said that the others were missing; an independent tester).
 */
export function documentOutline(lint: FileLint): OutlineSymbol[] {
  const { doc } = lint;
  if (!doc.tree || doc.refused) return [];
  const budget = { left: MAX_OUTLINE_PROPERTIES };
  const out: OutlineSymbol[] = [];
  for (const t of lint.discovery.tools) {
    if (out.length >= MAX_OUTLINE_TOOLS) break;
    const deprecated = deprecationOf(t) !== undefined;
    const range = doc.nodeRange(t.outer);
    const n = t.nameNode;
    const selectionRange = n ? doc.nodeRange(n) : doc.rangeOf(t.outer.offset, 1);
    const detail = [DIALECT_LABEL[t.dialect], PROFILE_LABEL[t.profile], t.strict ? 'strict' : '', deprecated ? 'deprecated' : ''].filter(Boolean).join(' · ');
    out.push({ name: t.name ? t.name : `(tool ${t.index + 1}, no name)`, detail, kind: 'tool', deprecated, range, selectionRange, children: t.params ? propertySymbols(doc, t.params, 'parameter', 0, budget) : [] });
  }
  return out;
}

/**
 * The outline of an evaluation set: its cases, in order, each named by its id, with its category and what it
 * expects ("get_weather", "no call") as detail. A case without an id (or with a blank one) is named by its place.
 */
export function evalSetOutline(doc: ToolDocument, set: EvalSetInfo): OutlineSymbol[] {
  if (!doc.tree || doc.refused) return [];
  const out: OutlineSymbol[] = [];
  for (const c of set.cases) {
    if (out.length >= MAX_OUTLINE_TOOLS) break;
    // A symbol's name may not be empty nor only white space (VS Code rejects the whole outline).
    const name = c.id !== undefined && c.id.trim() !== '' ? c.id : c.id !== undefined ? JSON.stringify(c.id) : `(case ${c.index + 1}, no id)`;
    const expects = c.tool === null ? 'expects no call' : c.tool !== undefined ? `expects ${c.tool}` : '';
    const detail = [c.category ?? '', expects].filter(Boolean).join(' · ');
    out.push({ name, detail, kind: 'case', deprecated: false, range: doc.nodeRange(c.node), selectionRange: doc.nodeRange(c.idNode ?? c.node), children: [] });
  }
  return out;
}

/** The properties of an object schema (also of its array items and its anyOf/oneOf/allOf branches). */
function propertySymbols(doc: ToolDocument, schema: Node, kind: 'parameter' | 'property', depth: number, budget: { left: number }): OutlineSymbol[] {
  if (!isObject(schema) || depth > MAX_OUTLINE_DEPTH) return [];
  const out: OutlineSymbol[] = [];
  const seen = new Set<string>();
  const collect = (s: Node | undefined) => {
    if (!isObject(s)) return;
    const required = new Set<string>();
    for (const r of elements(child(s, 'required'))) if (r.type === 'string') required.add(r.value as string);
    for (const [name, keyNode, value] of entries(child(s, 'properties'))) {
      if (seen.has(name) || --budget.left < 0) continue;
      seen.add(name);
      const prop = keyNode.parent ?? keyNode;
      const req = required.has(name);
      const deprecated = isObject(value) && child(value, 'deprecated')?.value === true;
      out.push({
        name: name === '' ? '""' : name,
        detail: `${typeLabel(value)}${req ? ' · required' : ''}`,
        kind,
        deprecated,
        range: doc.nodeRange(prop),
        selectionRange: doc.nodeRange(keyNode),
        children: propertySymbols(doc, value, 'property', depth + 1, budget),
      });
    }
  };
  collect(schema);
  const items = child(schema, 'items');
  if (isObject(items)) collect(items);
  for (const k of ['anyOf', 'oneOf', 'allOf']) {
    for (const b of elements(child(schema, k))) {
      collect(b);
      if (isObject(child(b, 'items'))) collect(child(b, 'items'));
    }
  }
  return out;
}

/** A short type label: `string`, `integer | null`, `array of string`, `string enum`, `$ref Address`. */
export function typeLabel(schema: Node): string {
  if (schema.type === 'boolean') return schema.value ? 'any' : 'never';
  if (schema.type !== 'object') return 'any';
  let label = typeNames(schema).join(' | ');
  if (!label) {
    const branches = [...elements(child(schema, 'anyOf')), ...elements(child(schema, 'oneOf'))].map((b) => (isObject(b) ? typeNames(b).join(' | ') || (child(b, '$ref') ? 'ref' : 'any') : 'any'));
    const ref = child(schema, '$ref');
    if (branches.length > 0) label = [...new Set(branches)].join(' | ');
    else if (ref?.type === 'string') label = `$ref ${String(ref.value).split('/').pop()}`;
    else if (child(schema, 'const')) label = 'const';
    else if (child(schema, 'enum')) label = 'enum';
    else label = 'any';
  }
  const items = child(schema, 'items');
  if (/^array\b/i.test(label) && isObject(items)) {
    const it = typeNames(items).join(' | ') || (child(items, '$ref') ? 'ref' : 'any');
    label = label.replace(/^array/i, (a) => `${a} of ${it}`);
  }
  if (isArray(child(schema, 'enum')) && label !== 'enum') label += ' enum';
  return label;
}

// ---------------------------------------------------------------------------------------------
// Workspace symbols

export interface WorkspaceToolSymbol {
  name: string;
  uri: string;
  range: Range;
  /** The file name. */
  containerName: string;
  dialect: Dialect;
  deprecated: boolean;
}

/**
 * Tools whose name matches `query`: a case-insensitive substring first (exact, then prefix, then anywhere),
 * then a subsequence (`gfc` → get_forecast); separators in the query are optional. At most `limit`.
 */
export function workspaceSymbols(model: WorkspaceModel, query: string, limit = 256): WorkspaceToolSymbol[] {
  const q = query.trim().toLowerCase();
  const qLoose = q.replace(/[\s_\-.]+/g, '');
  const scored: { score: number; t: ToolLocation }[] = [];
  for (const t of model.allTools()) {
    const score = matchScore(t.name.toLowerCase(), q, qLoose);
    if (score !== undefined) scored.push({ score, t });
  }
  scored.sort((a, b) => a.score - b.score || a.t.name.localeCompare(b.t.name) || (a.t.uri < b.t.uri ? -1 : a.t.uri > b.t.uri ? 1 : 0));
  return scored.slice(0, limit).map(({ t }) => ({ name: t.name, uri: t.uri, range: t.nameRange, containerName: fileLabel(t.uri), dialect: t.dialect, deprecated: descriptionSaysDeprecated(t.description) }));
}

function matchScore(name: string, q: string, qLoose: string): number | undefined {
  if (!q) return 3;
  if (name === q) return 0;
  if (name.startsWith(q)) return 1;
  const i = name.indexOf(q);
  if (i >= 0) return /[_\-.]/.test(name[i - 1] ?? '') ? 2 : 3;
  const loose = name.replace(/[_\-.]+/g, '');
  if (qLoose && loose.includes(qLoose)) return 4;
  // Subsequence.
  let j = 0;
  for (let k = 0; k < loose.length && j < qLoose.length; k++) if (loose[k] === qLoose[j]) j++;
  return qLoose && j === qLoose.length ? 5 : undefined;
}

// ---------------------------------------------------------------------------------------------
// Completion

export interface CompletionCandidate {
  label: string;
  kind: 'tool' | 'type' | 'snippet';
  detail?: string;
  documentation?: string;
  /** Text (a snippet when `snippet`) replacing the range. */
  insertText: string;
  snippet: boolean;
  /** The characters replaced: the word typed so far (empty at the cursor). */
  replaceOffset: number;
  replaceLength: number;
  range: Range;
  /**
   * The whole word the cursor is in, the rest after the cursor too (`"s|tr"`: `str`), when it goes on past the
   * cursor: what a client replaces in its replace mode (LSP InsertReplaceEdit), and what a client without it gets
   * replaced, as the JSON language service's items do (inserting at the cursor left `"stringtr"`).
   */
  replaceRange?: Range;
  sortText: string;
  filterText?: string;
  deprecated?: boolean;
}

export interface CompletionResult {
  /** `toolName`: a description or a marker's successor; `typeValue`: a `type` value; `newTool`: a tool list. */
  context: 'toolName' | 'typeValue' | 'newTool';
  items: CompletionCandidate[];
  /** True when the list was cut (more names match than are returned). */
  incomplete: boolean;
}

const MAX_NAME_ITEMS = 500;
export const JSON_SCHEMA_TYPES = ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null'] as const;
export const GEMINI_TYPES = ['STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'OBJECT', 'ARRAY', 'NULL'] as const;
const TYPE_DOCS: Record<string, string> = {
  string: 'Text. Prefer a narrower type when the value is a count (integer), a flag (boolean), a list (array) or a closed set (enum).',
  integer: 'A whole number (a count, an id, a limit): bound it with minimum and maximum.',
  number: 'Any number, fractions included (an amount, a coordinate).',
  boolean: 'true or false (a flag).',
  object: 'A set of named fields, declared in properties.',
  array: 'A list: give the element type in items.',
  null: 'null (beside another type, a nullable value: required in strict mode, but may be null).',
};

/**
 * Completion in an evaluation set: the tool names of the file it tests, inside `expect.tool` or an
 * `expect.allowed_tools` entry; undefined elsewhere (the JSON schema of the format completes the rest).
 */
export function evalSetCompletionsAt(doc: ToolDocument, offset: number, tools: readonly ToolInfo[] | undefined): CompletionResult | undefined {
  if (!doc.tree || doc.refused || !tools) return undefined;
  const node = findNodeAtOffset(doc.tree, offset, false);
  if (node && node.type === 'string' && insideString(doc.text, node, offset)) {
    const prop = node.parent?.type === 'property' ? node.parent : node.parent?.type === 'array' && node.parent.parent?.type === 'property' ? node.parent.parent : undefined;
    const key = prop?.children?.[0]?.value;
    if (!inExpect(prop) || (key !== 'tool' && key !== 'allowed_tools')) return undefined;
    const start = node.offset + 1;
    return { context: 'toolName', items: caseToolItems(doc, tools, start, offset, false, new Set()), incomplete: false };
  }
  // A value not started yet (no quote): `"tool": |`, `"tool": get|`, `"allowed_tools": [|]`, `[…, |]`. The names
  // come quoted; `expect.tool` also offers null (no call).
  const word = /[A-Za-z0-9_.-]*$/.exec(doc.text.slice(Math.max(0, offset - 200), offset))![0];
  const start = offset - word.length;
  const before = doc.text.slice(Math.max(0, start - 100), start);
  const toolKey = /"tool"\s*:\s*$/.exec(before);
  if (toolKey) {
    const keyNode = findNodeAtOffset(doc.tree, start - toolKey[0].length + 1, false);
    const prop = keyNode?.parent;
    if (prop?.type !== 'property' || prop.children?.[0] !== keyNode || !inExpect(prop)) return undefined;
    const items = caseToolItems(doc, tools, start, offset, true, new Set());
    if ('null'.startsWith(word.toLowerCase())) items.push({ label: 'null', kind: 'snippet', detail: 'the model must call no tool', insertText: 'null', snippet: false, replaceOffset: start, replaceLength: offset - start, range: doc.rangeOf(start, offset - start), ...wordRange(doc, start, offset), sortText: '1_null' });
    return { context: 'toolName', items, incomplete: false };
  }
  if (!/(?:\[|,)\s*$/.test(before)) return undefined;
  const array = findNodeAtOffset(doc.tree, start, false);
  const prop = array?.type === 'array' ? array.parent : undefined;
  if (prop?.type !== 'property' || prop.children?.[0]?.value !== 'allowed_tools' || !inExpect(prop)) return undefined;
  const listed = new Set(elements(array).flatMap((e) => (e.type === 'string' ? [e.value as string] : [])));
  return { context: 'toolName', items: caseToolItems(doc, tools, start, offset, true, listed), incomplete: false };
}

/** Whether a property of an evaluation case is one of its `expect` object. */
function inExpect(prop: Node | undefined): boolean {
  const expect = prop?.parent?.parent;
  return expect?.type === 'property' && expect.children?.[0]?.value === 'expect';
}

/** The tool file's names containing the word typed from `start`, but those in `skip`; quoted when no quote is typed yet. */
function caseToolItems(doc: ToolDocument, tools: readonly ToolInfo[], start: number, offset: number, quoted: boolean, skip: ReadonlySet<string>): CompletionCandidate[] {
  const word = doc.text.slice(start, offset).toLowerCase();
  const range = doc.rangeOf(start, offset - start);
  const whole = wordRange(doc, start, offset);
  const items: CompletionCandidate[] = [];
  const seen = new Set<string>();
  for (const t of tools) {
    if (!t.name || skip.has(t.name) || seen.has(t.name) || (word && !t.name.toLowerCase().includes(word))) continue;
    seen.add(t.name);
    items.push({ label: t.name, kind: 'tool', detail: `${DIALECT_LABEL[t.dialect]} · the tool file`, ...(t.description ? { documentation: t.description } : {}), insertText: quoted ? JSON.stringify(t.name) : JSON.stringify(t.name).slice(1, -1), snippet: false, replaceOffset: start, replaceLength: offset - start, range, ...whole, sortText: `0_${t.name}`, ...(quoted ? { filterText: t.name } : {}) });
  }
  return items;
}

/** What to complete at `offset`, or undefined when the position is none of the contexts handled here. */
export function completionsAt(lint: FileLint, offset: number, model?: Pick<WorkspaceModel, 'allTools'>): CompletionResult | undefined {
  const { doc } = lint;
  if (!doc.tree || doc.refused) return undefined;
  const tools = lint.discovery.tools;
  const node = findNodeAtOffset(doc.tree, offset, false);
  const tool = toolAtOffset(tools, offset);
  if (node && node.type === 'string' && tool && insideString(doc.text, node, offset)) {
    const prop = node.parent?.type === 'property' && node.parent.children?.[1] === node ? node.parent : undefined;
    const key = prop ? String(prop.children?.[0]?.value) : undefined;
    if ((node === tool.descriptionNode || key === 'description' || key === 'modelDescription') && within(node, tool.outer)) return toolNamesInDescription(lint, tool, node, offset, model);
    if (successorNodes(tool).includes(node) || isSuccessorSlot(tool, node)) return toolNameItems(lint, tool, node.offset + 1, offset, model);
    const typeProp = key === 'type' ? prop : node.parent?.type === 'array' && node.parent.parent?.type === 'property' && node.parent.parent.children?.[0]?.value === 'type' ? node.parent.parent : undefined;
    if (typeProp && inSchema(tool, typeProp)) return typeItems(lint, tool, node.offset + 1, offset, true);
  }
  // `"type": |` with no value yet.
  if (tool) {
    const before = doc.text.slice(Math.max(0, offset - 40), offset);
    const m = /"type"\s*:\s*([A-Za-z]*)$/.exec(before);
    if (m) {
      const keyNode = findNodeAtOffset(doc.tree, offset - m[0].length + 1, false);
      if (keyNode?.parent?.type === 'property' && keyNode.parent.children?.[0] === keyNode && inSchema(tool, keyNode.parent)) return typeItems(lint, tool, offset - m[1]!.length, offset, false);
    }
  }
  return newToolSnippets(lint, offset, model);
}

function within(n: Node, outer: Node): boolean {
  return n.offset >= outer.offset && n.offset + n.length <= outer.offset + outer.length;
}

/** The cursor is between the quotes of a string node (an unterminated string runs to its end). */
function insideString(text: string, n: Node, offset: number): boolean {
  if (offset <= n.offset) return false;
  const end = n.offset + n.length;
  const closed = n.length >= 2 && text[end - 1] === '"' && text[end - 2] !== '\\';
  return closed ? offset < end : offset <= end;
}

/** A new string in a marker's successor list (`"replacedBy": ["|"]`) before the index knows it. */
function isSuccessorSlot(tool: ToolInfo, n: Node): boolean {
  const holder = n.parent?.type === 'array' ? n.parent.parent : n.parent;
  if (holder?.type !== 'property') return false;
  const key = String(holder.children?.[0]?.value);
  return SUCCESSOR_KEYS.includes(key) && holder.parent === markerNode(tool)?.node;
}

/** Whether a `type` property belongs to a schema of the tool (its parameters or its result). */
function inSchema(tool: ToolInfo, typeProp: Node): boolean {
  const obj = typeProp.parent;
  if (!obj || obj === tool.node || obj === tool.outer) return false;
  // `"properties": { "type": … }` names a parameter called "type"; it is not the keyword.
  const holder = obj.parent?.type === 'property' ? String(obj.parent.children?.[0]?.value) : '';
  if (holder === 'properties' || holder === 'patternProperties' || holder === '$defs' || holder === 'definitions') return false;
  return [tool.params, tool.result].some((r) => !!r && within(obj, r));
}

/** The rest of the word at `offset` (name characters, at most 200 read): its end, when it goes on past `offset`. */
function wordRange(doc: ToolDocument, start: number, offset: number): { replaceRange?: Range } {
  let end = offset;
  while (end < doc.text.length && end - offset < 200 && /[A-Za-z0-9_.-]/.test(doc.text[end]!)) end++;
  return end > offset ? { replaceRange: doc.rangeOf(start, end - start) } : {};
}

const NAME_TRIGGER = /(?:^|[^A-Za-z0-9_])(?:use|call|instead\s+of)\s+$/i;

function toolNamesInDescription(lint: FileLint, tool: ToolInfo, node: Node, offset: number, model?: Pick<WorkspaceModel, 'allTools'>): CompletionResult | undefined {
  const raw = lint.doc.text.slice(node.offset + 1, offset);
  // The name being typed: the run of name characters before the cursor, found backwards (/[A-Za-z0-9_.\-]*$/ tried
  // every start: quadratic, 0.35 s on 20,000 such characters, minutes on a 1 MB description).
  let from = raw.length;
  while (from > 0 && /[A-Za-z0-9_.-]/.test(raw[from - 1]!)) from--;
  const word = raw.slice(from);
  const before = raw.slice(0, raw.length - word.length);
  const inBackticks = before.endsWith('`') && (before.match(/`/g)?.length ?? 0) % 2 === 1;
  if (!inBackticks && !NAME_TRIGGER.test(before)) return undefined;
  return toolNameItems(lint, tool, offset - word.length, offset, model);
}

/** The workspace's tool names (this file's first), replacing the word from `start` to `offset`. */
function toolNameItems(lint: FileLint, tool: ToolInfo, start: number, offset: number, model?: Pick<WorkspaceModel, 'allTools'>): CompletionResult {
  const { doc } = lint;
  const word = doc.text.slice(start, offset);
  const prefix = word.toLowerCase();
  const range = doc.rangeOf(start, word.length);
  const whole = wordRange(doc, start, offset);
  const byName = new Map<string, { where: string; dialect: Dialect; description: string | undefined; local: boolean }>();
  for (const t of lint.discovery.tools) if (t.name && t !== tool && !byName.has(t.name)) byName.set(t.name, { where: 'this file', dialect: t.dialect, description: t.description, local: true });
  if (model) {
    for (const t of model.allTools()) {
      if (byName.has(t.name) || t.uri === doc.uri) continue;
      byName.set(t.name, { where: fileLabel(t.uri), dialect: t.dialect, description: t.description, local: false });
    }
  }
  byName.delete(tool.name ?? '\u0000');
  const items: CompletionCandidate[] = [];
  let incomplete = false;
  for (const [name, info] of [...byName].sort((a, b) => a[0].localeCompare(b[0]))) {
    if (prefix && !name.toLowerCase().includes(prefix)) continue;
    if (items.length >= MAX_NAME_ITEMS) {
      incomplete = true;
      break;
    }
    const deprecated = descriptionSaysDeprecated(info.description);
    items.push({
      label: name,
      kind: 'tool',
      detail: `${DIALECT_LABEL[info.dialect]} · ${info.where}`,
      ...(info.description ? { documentation: info.description } : {}),
      insertText: name,
      snippet: false,
      replaceOffset: start,
      replaceLength: word.length,
      range,
      ...whole,
      sortText: `${deprecated ? 2 : info.local ? 0 : 1}_${name}`,
      ...(deprecated ? { deprecated: true } : {}),
    });
  }
  items.sort((a, b) => (a.sortText < b.sortText ? -1 : a.sortText > b.sortText ? 1 : 0));
  return { context: 'toolName', items, incomplete };
}

/** Whether the tool's schema is Gemini's OpenAPI subset (upper-case type names). */
function usesGeminiTypes(tool: ToolInfo): boolean {
  return tool.dialect === 'gemini' && tool.paramsKey !== 'parametersJsonSchema';
}

function typeItems(lint: FileLint, tool: ToolInfo, start: number, offset: number, quoted: boolean): CompletionResult {
  const { doc } = lint;
  const word = doc.text.slice(start, offset);
  const range = doc.rangeOf(start, word.length);
  const whole = wordRange(doc, start, offset);
  const names: readonly string[] = usesGeminiTypes(tool) ? GEMINI_TYPES : JSON_SCHEMA_TYPES;
  const items = names.map((t, i): CompletionCandidate => ({
    label: t,
    kind: 'type',
    detail: usesGeminiTypes(tool) ? 'Gemini Schema type' : 'JSON Schema type',
    documentation: TYPE_DOCS[t.toLowerCase()]!,
    insertText: quoted ? t : `"${t}"`,
    snippet: false,
    replaceOffset: start,
    replaceLength: word.length,
    range,
    ...whole,
    sortText: `0${i}`,
  }));
  return { context: 'typeValue', items, incomplete: false };
}

/** Arrays that hold (or can hold) tools, with the dialect of the tools they hold. */
function toolLists(lint: FileLint): Map<Node, Dialect | undefined> {
  const lists = new Map<Node, Dialect | undefined>();
  for (const t of lint.discovery.tools) {
    const p = t.outer.parent;
    if (p?.type === 'array' && !lists.has(p)) lists.set(p, t.dialect);
  }
  const root = lint.doc.tree;
  const addEmpty = (a: Node | undefined, dialect: Dialect | undefined) => {
    if (isArray(a) && !lists.has(a) && elements(a).length === 0) lists.set(a, dialect);
  };
  if (isArray(root)) {
    addEmpty(root, undefined);
    for (const e of elements(root)) for (const k of ['functionDeclarations', 'function_declarations']) addEmpty(child(e, k), 'gemini');
  }
  if (isObject(root)) {
    addEmpty(child(root, 'tools'), undefined);
    addEmpty(child(child(root, 'result'), 'tools'), 'mcp');
    for (const k of ['functionDeclarations', 'function_declarations']) addEmpty(child(root, k), 'gemini');
    for (const e of elements(child(root, 'tools'))) for (const k of ['functionDeclarations', 'function_declarations']) addEmpty(child(e, k), 'gemini');
  }
  return lists;
}

/** Snippets for a new tool when the cursor is between the elements of a tool list (in the list's dialect). */
function newToolSnippets(lint: FileLint, offset: number, model?: Pick<WorkspaceModel, 'allTools'>): CompletionResult | undefined {
  const { doc } = lint;
  let list: Node | undefined;
  let dialect: Dialect | undefined;
  for (const [a, d] of toolLists(lint)) {
    if (offset <= a.offset || offset >= a.offset + a.length) continue;
    if (elements(a).some((e) => offset > e.offset && offset < e.offset + e.length)) continue;
    if (!list || a.length < list.length) {
      list = a;
      dialect = d;
    }
  }
  if (!list) return undefined;
  const els = elements(list);
  const prev = [...els].reverse().find((e) => e.offset + e.length <= offset);
  const next = els.find((e) => e.offset >= offset);
  const prefix = prev && !doc.text.slice(prev.offset + prev.length, offset).includes(',') ? ',' : '';
  const suffix = next && !doc.text.slice(offset, next.offset).includes(',') ? ',' : '';
  const taken = new Set<string>(lint.discovery.tools.flatMap((t) => (t.name ? [t.name] : [])));
  if (model) for (const t of model.allTools()) taken.add(t.name);
  const name = ['get_item', 'get_record', 'get_entry', 'get_resource', 'get_item_details'].find((n) => !taken.has(n)) ?? 'get_item';
  const unit = layoutOf(doc).unit;
  const dialects: Dialect[] = dialect ? [dialect] : ['openai-chat', 'anthropic', 'mcp', 'gemini', 'generic'];
  const range = doc.rangeOf(offset, 0);
  const items = dialects.map((d, i): CompletionCandidate => ({
    label: `New tool (${DIALECT_LABEL[d]})`,
    kind: 'snippet',
    detail: `A ${DIALECT_LABEL[d]} tool: verb-first name, "Use this when … Returns …" description, one typed parameter`,
    insertText: prefix + toolSnippet(d, name, unit) + suffix,
    snippet: true,
    replaceOffset: offset,
    replaceLength: 0,
    range,
    sortText: `0${i}`,
    filterText: 'tool',
  }));
  return { context: 'newTool', items, incomplete: false };
}

/** A new tool as an LSP snippet, in a dialect's shape, indented with `unit` (relative to the cursor's line). */
export function toolSnippet(dialect: Dialect, name: string, unit: string): string {
  const gemini = dialect === 'gemini';
  const types = gemini ? 'STRING,INTEGER,NUMBER,BOOLEAN' : 'string,integer,number,boolean';
  const schema = (level: number) => {
    const i = (n: number) => unit.repeat(level + n);
    return [
      '{',
      `${i(1)}"type": "${gemini ? 'OBJECT' : 'object'}",`,
      `${i(1)}"properties": {`,
      `${i(2)}"\${4:item_id}": { "type": "\${5|${types}|}", "description": "\${6:What the value is, with an example.}" }`,
      `${i(1)}},`,
      `${i(1)}"required": ["\${4}"]${gemini ? '' : ','}`,
      ...(gemini ? [] : [`${i(1)}"additionalProperties": false`]),
      `${i(0)}}`,
    ].join('\n');
  };
  const head = (level: number) => [`${unit.repeat(level)}"name": "\${1:${name}}",`, `${unit.repeat(level)}"description": "Use this when \${2:…}. Returns \${3:…}.",`];
  const paramsKey = dialect === 'anthropic' ? 'input_schema' : dialect === 'mcp' ? 'inputSchema' : 'parameters';
  if (dialect === 'openai-chat') {
    return ['{', `${unit}"type": "function",`, `${unit}"function": {`, ...head(2), `${unit.repeat(2)}"parameters": ${schema(2)}`, `${unit}}`, '}$0'].join('\n');
  }
  if (dialect === 'openai-responses') {
    return ['{', `${unit}"type": "function",`, ...head(1), `${unit}"parameters": ${schema(1)}`, '}$0'].join('\n');
  }
  return ['{', ...head(1), `${unit}"${paramsKey}": ${schema(1)}`, '}$0'].join('\n');
}

/** A snippet with each placeholder replaced by its default text (the first choice for a choice). */
export function expandSnippet(snippet: string): string {
  const values = new Map<string, string>();
  let out = snippet.replace(/\$\{(\d+)\|([^|]*)\|\}/g, (_, n: string, choices: string) => {
    const v = choices.split(',')[0] ?? '';
    values.set(n, v);
    return v;
  });
  out = out.replace(/\$\{(\d+):([^}]*)\}/g, (_, n: string, v: string) => {
    values.set(n, v);
    return v;
  });
  return out.replace(/\$\{(\d+)\}|\$(\d+)/g, (_, a: string | undefined, b: string | undefined) => values.get(a ?? b ?? '') ?? '');
}
