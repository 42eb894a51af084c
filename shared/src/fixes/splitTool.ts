/**
 * The "Split multi-purpose tool" refactor (issue #3, item 2; SPEC Service rule 5): a tool whose operation
 * parameter (`operation`, `action`, `mode`...) selects between reads and writes becomes one tool per operation
 * value, named verb-first from the operation and the entity (`get_record`, `create_record`, `list_records`),
 * each with only the parameters it needs and a description drafted from the original. The original is removed,
 * or kept and marked deprecated with the new tools as its successors.
 *
 * `planSplit` decides (names, parameters, `required`, descriptions) from the parsed tool alone;
 * `splitToolEdits` turns a plan into text edits. Every new tool is the original's own text with small edits
 * (name, description, removed properties, `required`), so key order, quoting and indentation are kept.
 */
import { child, elements, entries, hasRepeatedKey, isArray, isObject, propertyNode, type Node } from '../document';
import type { ToolInfo } from '../discover';
import type { WorkspaceIndex } from '../rule';
import { descriptionOf } from '../schemaWalk';
import { MAX_COPIED_KEY, StringCache, appendAll, identWords, isVerb, nameParts, ownString, sharedPrefixes, singular, STOP_WORDS, type VerbKind } from '../text';
import {
  ENTITY_NAMES, OPERATION_NAMES, PAYLOAD_NAMES, WEAK_OPERATION_NAMES, closedSetValues, countLike, enumStrings, hasKeyword, nameKey,
  onlyType, operationKind, operationMix, preferredName, quotedValues, typeSlots,
} from '../analysis/params';
import { markerNode } from '../analysis/versions';
import { hasLineBreak, indentAt, removeMembers, type EditBuilder, type TextEdit } from './edits';
import { placeTools, replaceTool, rewriteWithin } from './toolEdits';
import { deprecationBlocker, markDeprecatedEdits } from './versioning';
import { fixAll } from '../fix';
import type { Config } from '../config';

// ---------------------------------------------------------------------------------------------
// Plan

/** What a new tool does, which decides its parameters. */
export type SplitCategory = 'get' | 'many' | 'create' | 'update' | 'delete' | 'other';

export interface SplitOperation {
  /** The operation value as written in the original (enum value or value listed in the description). */
  value: string;
  /** The new tool's name. */
  name: string;
  /** The parameters the new tool keeps, in the original's order. */
  params: string[];
  /** The new tool's `required` (original order, then added ones). */
  required: string[];
  /** The drafted description. */
  description: string;
  category: SplitCategory;
}

export interface SplitPlan {
  operationParam: string;
  operations: SplitOperation[];
  /** The entity the tools work on (`record`), snake_case. */
  entity?: string;
}

export interface SplitContext {
  tools: readonly ToolInfo[];
  workspace: WorkspaceIndex;
  extraVerbs?: ReadonlyMap<string, VerbKind>;
  /** Split on this parameter (the one a finding reports); otherwise the likeliest operation selector. */
  param?: string;
  /** fileNamesOf(tools), when the caller plans the split of many tools of one file (computed once, not per tool). */
  fileNames?: FileNames;
}

export interface FileNames {
  /** The names of the file's tools. */
  names: ReadonlySet<string>;
  /** Their shared prefixes (sharedPrefixes). */
  namespaces: ReadonlySet<string>;
}

export function fileNamesOf(tools: readonly ToolInfo[]): FileNames {
  const names = new Set<string>();
  for (const t of tools) if (t.name) names.add(t.name);
  return { names, namespaces: sharedPrefixes([...names]) };
}

/** The longest name a split writes: OpenAI's bound on tool names (Anthropic's is 128). */
const MAX_SPLIT_NAME = 64;
const STARTS_WITH_LETTER = /^[A-Za-z]/;
const MAX_OPERATIONS = 12;

/** Object words that do not name an entity: `manage_data`, `crud_operation`, `default_function`. */
const GENERIC = new Set(['data', 'info', 'operation', 'operations', 'op', 'ops', 'crud', 'tool', 'function', 'default', 'api', 'action', 'actions', 'request', 'handler', 'manager', 'db', 'database', 'resource', 'resources', 'entity', 'entities', 'object', 'objects', 'thing', 'things', 'stuff', 'task', 'command']);
const PREPOSITIONS = new Set(['for', 'of', 'in', 'on', 'by', 'with', 'from', 'to', 'at', 'via', 'into']);

/** The entity a tool name works on: `manage_records` → record, `edit_alert_for_deals` → alert; `item` when none. */
export function entityOf(name: string | undefined, extra?: ReadonlyMap<string, VerbKind>, namespaces?: ReadonlySet<string>): string {
  if (!name) return 'item';
  const parts = nameParts(name, extra, namespaces);
  // "edit_alert_for_cheapshark_deals" → alert: the entity ends at the first preposition.
  const cut = parts.object.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const object = cut > 0 ? parts.object.slice(0, cut) : parts.object;
  // A version suffix is not part of the entity: `manage_event_v2` → event, not event_v.
  const words = object.filter((w, i) => !GENERIC.has(w) && !/^\d+$/.test(w) && !(w === 'v' && /^\d+$/.test(object[i + 1] ?? '')));
  if (words.length === 0) return 'item';
  const last = words.length - 1;
  return words.map((w, i) => (i === last ? singular(w) : w)).slice(-3).join('_');
}

/** English plural of a word (the last word of a snake_case phrase). */
export function plural(word: string): string {
  const cut = word.lastIndexOf('_');
  if (cut >= 0) return word.slice(0, cut + 1) + plural(word.slice(cut + 1));
  if (/[^aeiou]y$/.test(word)) return word.slice(0, -1) + 'ies';
  if (/(?:s|x|z|ch|sh)$/.test(word)) return word + 'es';
  return word + 's';
}

/** Verbs of operation values, mapped to the verb of the new name and what the tool does. */
type VerbCategory = SplitCategory | 'read';
const VERB_MAP = new Map<string, { verb: string; category: VerbCategory }>();
function mapVerbs(words: string, verb: string | undefined, category: VerbCategory): void {
  for (const w of words.split(' ')) VERB_MAP.set(w, { verb: verb ?? w, category });
}
mapVerbs('get read view fetch retrieve show lookup describe cat inspect peek info details detail', 'get', 'read');
mapVerbs('query', 'query', 'many');
mapVerbs('list ls browse', 'list', 'many');
mapVerbs('search find', 'search', 'many');
mapVerbs('count', 'count', 'many');
mapVerbs('create new insert post', 'create', 'create');
mapVerbs('add', 'add', 'create');
mapVerbs('update edit modify patch put change', 'update', 'update');
mapVerbs('set upsert replace rename move', undefined, 'update');
mapVerbs('delete remove rm del destroy erase', 'delete', 'delete');
mapVerbs('drop purge clear truncate wipe', undefined, 'delete');

/** Parameters that identify the one entity an operation acts on. */
const ID_NAMES = new Set(['id', 'uuid', 'guid', 'pk', 'key', 'primary_key', 'record_id', 'row_id', 'item_id', 'doc_id', 'document_id', 'object_id', 'entry_id', 'entity_id', 'resource_id', 'ids', 'record_ids', 'row_ids', 'item_ids']);
const ID_SUFFIXES = new Set(['id', 'ids', 'uuid', 'guid', 'key', 'number', 'no']);
/** Parameters that locate the one thing an operation acts on, for every operation (a directory to list, a file to create). */
const LOCATOR_NAMES = new Set(['path', 'file_path', 'filepath', 'filename', 'file_name', 'file', 'uri', 'url']);
/** Payload-like parameters (the data written by a create or update). */
const PAYLOAD_EXTRA = new Set(['updates', 'update', 'changes', 'patch', 'new_values', 'fields', 'values', 'record', 'body', 'data', 'doc', 'set']);
/** Filters of a read-many operation. */
const FILTER_NAMES = new Set(['query', 'q', 'filter', 'filters', 'where', 'search', 'search_query', 'search_term', 'keyword', 'keywords', 'term', 'terms', 'sort', 'sort_by', 'order', 'order_by', 'sort_order', 'direction', 'conditions', 'criteria', 'match']);
/** Pagination of a read-many operation. */
const PAGE_NAMES = new Set(['cursor', 'page_token', 'next_token', 'next_page_token', 'continuation_token', 'start_after', 'after', 'before']);
const PROJECTION = /\b(?:to\s+return|to\s+include|returned|to\s+select|in\s+the\s+(?:response|result|output)|projection)\b/i;

type ParamClass = 'entityId' | 'payload' | 'filter' | 'page' | 'projection' | 'other';

const ALLOWED: Record<SplitCategory, ReadonlySet<ParamClass>> = {
  get: new Set<ParamClass>(['entityId', 'projection', 'other']),
  many: new Set<ParamClass>(['filter', 'page', 'projection', 'other']),
  create: new Set<ParamClass>(['payload', 'other']),
  update: new Set<ParamClass>(['entityId', 'payload', 'other']),
  delete: new Set<ParamClass>(['entityId', 'other']),
  other: new Set<ParamClass>(['entityId', 'payload', 'filter', 'page', 'projection', 'other']),
};

interface Candidate {
  name: string;
  schema: Node;
  values: string[];
  score: number;
}

/** The line a docstring-style tool description gives a parameter ("Args:\n    operation: Operation type (\"add\", \"remove\")"). */
function docLine(toolDescription: string | undefined, param: string): string | undefined {
  if (!toolDescription || toolDescription.length > 8000 || !toolDescription.includes(param)) return undefined;
  const esc = param.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(String.raw`^[ \t]*(?:[-*•][ \t]*)?[\x60'"]?${esc}[\x60'"]?[ \t]*(?:\([^)\n]*\))?[ \t]*:[ \t]*(\S.*)$`, 'm').exec(toolDescription);
  return m?.[1];
}

/** The operation names (OPERATION_NAMES, WEAK_OPERATION_NAMES) without their "_". */
const OPERATION_LETTERS = new Set([...OPERATION_NAMES, ...WEAK_OPERATION_NAMES].map((k) => k.replace(/_/g, '')));
const MAX_OPERATION_LETTERS = Math.max(...[...OPERATION_LETTERS].map((k) => k.length));

/**
 * Whether a parameter name can be an operation selector: its ASCII letters and digits, lower-cased, spell an
 * operation name (nameKey keeps exactly those, joined by "_", so this is necessary for nameKey to match). A loop
 * over a few characters, no word split: it runs on every property of the tool at the cursor on every code action
 * request, and a hostile tool has 200,000 of them.
 */
function mayNameOperation(name: string): boolean {
  let s = '';
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122)) s += name[i];
    else if (c >= 65 && c <= 90) s += String.fromCharCode(c + 32);
    else continue;
    if (s.length > MAX_OPERATION_LETTERS) return false;
  }
  return OPERATION_LETTERS.has(s);
}

/** Whether an object of properties has a member that can select an operation (see mayNameOperation). */
function hasOperationLikeKey(propsNode: Node): boolean {
  for (const p of propsNode.children ?? []) {
    const k = p.children?.[0];
    if (k && typeof k.value === 'string' && mayNameOperation(k.value)) return true;
  }
  return false;
}

/** Properties that select an operation, with their values (from the enum or the description), best first. */
function operationCandidates(props: readonly [string, Node, Node][], toolDescription: string | undefined): Candidate[] {
  const maybe = props.filter(([name]) => mayNameOperation(name));
  if (maybe.length === 0) return [];
  let hasEntity = false;
  let hasPayload = false;
  for (const [name] of props) {
    const k = nameKey(name);
    if (ENTITY_NAMES.has(k)) hasEntity = true;
    if (PAYLOAD_NAMES.has(k)) hasPayload = true;
  }
  const out: Candidate[] = [];
  for (const [name, , schema] of maybe) {
    const key = nameKey(name);
    const strong = OPERATION_NAMES.has(key);
    if (!strong && !WEAK_OPERATION_NAMES.has(key)) continue;
    if (!isObject(schema)) continue;
    const slots = typeSlots(schema);
    if (slots.some((x) => x.name !== 'null') && !onlyType(slots, 'string')) continue;
    let values = enumStrings(schema);
    if (values.length === 0) {
      if (hasKeyword(schema, 'const') || hasKeyword(schema, 'enum')) continue;
      const listed = (desc: string) => closedSetValues(desc)?.values ?? quotedValues(desc);
      values = listed(descriptionOf(schema));
      // A docstring-style tool description may document the parameter instead ("operation: Operation type ("add", "remove")").
      if (values.length < 2) values = listed(docLine(toolDescription, name) ?? '');
    }
    const seen = new Set<string>();
    values = values.filter((v) => {
      const w = identWords(v);
      if (w.length === 0 || w.length > 5 || seen.has(v)) return false;
      seen.add(v);
      return true;
    });
    if (values.length < 2 || values.length > MAX_OPERATIONS) continue;
    const mix = operationMix(values);
    const mixed = mix.reads.length > 0 && mix.writes.length > 0;
    if (mix.reads.length + mix.writes.length === 0) continue;
    if (!strong && !mixed && !(hasEntity && hasPayload)) continue;
    out.push({ name, schema, values, score: (mixed ? 2 : 0) + (strong ? 1 : 0) });
  }
  return out.sort((a, b) => b.score - a.score);
}

/** Whether a schema subtree names `name` (a key or a string value): conditional schemas on the operation. */
function mentionsName(node: Node | undefined, name: string, depth = 0): boolean {
  if (!node || depth > 32) return false;
  if (node.type === 'string') return node.value === name;
  for (const c of node.children ?? []) if (mentionsName(c, name, depth + 1)) return true;
  return false;
}

const CONDITIONAL_KEYS = ['if', 'then', 'else', 'allOf', 'anyOf', 'oneOf', 'not', 'dependentRequired', 'dependentSchemas', 'dependencies'];

// --- words and mentions --------------------------------------------------------------------------

/** A crude normal form so that "creating", "created", "creates" and "create" compare equal. */
function norm(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ied')) w = w.slice(0, -3) + 'y';
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && /(?:ch|sh|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  if (w.length > 2 && /([b-df-hj-np-tv-z])\1$/.test(w)) w = w.slice(0, -1);
  return w;
}

interface Token {
  text: string;
  lower: string;
  norm: string;
  index: number;
  end: number;
}

function tokens(text: string): Token[] {
  const out: Token[] = [];
  const re = /[\p{L}\p{N}_]+(?:-[\p{L}\p{N}_]+)*/gu;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) && out.length < 2000) out.push({ text: m[0], lower: m[0].toLowerCase(), norm: norm(m[0]), index: m.index, end: m.index + m[0].length });
  return out;
}

/** Which operation value (index) a token names, if any. */
function valueMatcher(values: readonly string[]): (t: Token) => number {
  const single = new Map<string, number>();
  const whole = new Map<string, number>();
  const firsts = new Map<string, number[]>();
  values.forEach((v, i) => {
    const w = identWords(v);
    if (w.length === 1 && !single.has(norm(w[0]!))) single.set(norm(w[0]!), i);
    if (!whole.has(v.toLowerCase())) whole.set(v.toLowerCase(), i);
    if (w.length > 1) firsts.set(norm(w[0]!), [...(firsts.get(norm(w[0]!)) ?? []), i]);
  });
  // A verb-first value is also named by its verb alone ("when creating" for create_issue), when no other value shares it.
  for (const [f, idx] of firsts) if (idx.length === 1 && !single.has(f)) single.set(f, idx[0]!);
  return (t) => whole.get(t.lower) ?? (t.lower.includes('_') ? -1 : single.get(t.norm) ?? -1);
}

const SKIP = new Set(['and', 'or', 'either', 'nor', 'the', 'is', 'equals', 'equal', 'set', 'action', 'operation', 'op', 'mode', 'command', 'method', 'type', 'value']);
const CUES = new Set(['for', 'when', 'if', 'on', 'during', 'only', 'required', 'needed', 'used', 'ignored', 'except', 'unless', 'to', 'by', 'excluding', 'unused']);
const AFTER_CUES = new Set(['only', 'operation', 'operations', 'action', 'actions', 'op', 'ops', 'mode', 'request', 'requests', 'call', 'calls']);
const NEGATIVE_CUES = new Set(['ignored', 'except', 'unless', 'excluding', 'unused']);
const NEGATABLE = new Set(['used', 'needed', 'applicable', 'allowed', 'supported', 'relevant', 'valid', 'for']);

interface ParamMentions {
  positive: Set<number>;
  negative: Set<number>;
  required: Set<number>;
}

/**
 * The operations a parameter's description ties it to: "required for update", "only when action is 'delete'",
 * "for create and update" (positive), "ignored for list", "not used for delete" (negative). A word that merely
 * equals an operation ("a comma-separated list of tags") is not a mention: it needs quotes or a cue.
 */
function paramMentions(desc: string, values: readonly string[], opParam: string): ParamMentions {
  const out: ParamMentions = { positive: new Set(), negative: new Set(), required: new Set() };
  if (!desc || desc.length > 4000) return out;
  const toks = tokens(desc);
  const which = valueMatcher(values);
  const hits = toks.map(which);
  const opKey = opParam.toLowerCase();
  toks.forEach((t, i) => {
    const v = hits[i]!;
    if (v < 0) return;
    const before = desc[t.index - 1];
    const after = desc[t.end];
    const quoted = before !== undefined && /['"`‘“]/.test(before) && after !== undefined && /['"`’”]/.test(after);
    let j = i - 1;
    while (j >= 0 && (SKIP.has(toks[j]!.lower) || hits[j]! >= 0 || toks[j]!.lower === opKey)) j--;
    const cue = j >= 0 ? toks[j]!.lower : '';
    const next = toks[i + 1]?.lower ?? '';
    const cued = CUES.has(cue) || AFTER_CUES.has(next);
    if (!quoted && !cued) return;
    const prev = j >= 1 ? toks[j - 1]!.lower : '';
    const prev2 = j >= 2 ? toks[j - 2]!.lower : '';
    // "Not required for create" says nothing about which operations use it.
    if ((cue === 'required' && prev === 'not') || (prev === 'required' && prev2 === 'not')) return;
    const negative = NEGATIVE_CUES.has(cue) || NEGATIVE_CUES.has(prev) || prev === 'not' || (NEGATABLE.has(prev) && prev2 === 'not') || cue === 'not';
    if (negative) {
      out.negative.add(v);
      return;
    }
    out.positive.add(v);
    // "Required for `create`.", "only required when using `set`": the clause before the mention says so.
    const clauseStart = Math.max(desc.lastIndexOf('.', t.index - 1), desc.lastIndexOf(';', t.index - 1), desc.lastIndexOf('\n', t.index - 1)) + 1;
    const clause = desc.slice(clauseStart, t.index);
    if (/\brequired\b/i.test(clause) && !/\bnot\s+(?:\w+\s+)?required\b|\boptional\b/i.test(clause)) out.required.add(v);
  });
  return out;
}

/** Sentences of a description (kept as written). */
function sentences(text: string): string[] {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) for (const s of line.split(/(?<=[.!?])\s+(?=[^\s])/)) if (s.trim()) out.push(s.trim());
  return out;
}

// --- names ---------------------------------------------------------------------------------------

type Style = 'snake' | 'camel' | 'pascal' | 'kebab';

function styleOf(name: string): Style {
  if (name.includes('_')) return 'snake';
  if (name.includes('-')) return 'kebab';
  if (/^[a-z][a-z0-9]*[A-Z]/.test(name)) return 'camel';
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(name)) return 'pascal';
  return 'snake';
}

function joinWords(words: readonly string[], style: Style): string {
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  switch (style) {
    case 'camel':
      return words.map((w, i) => (i === 0 ? w : cap(w))).join('');
    case 'pascal':
      return words.map(cap).join('');
    case 'kebab':
      return words.join('-');
    default:
      return words.join('_');
  }
}

interface Naming {
  /** Name words without the namespace. */
  words: string[];
  category: VerbCategory;
  /** The verb of the lead sentence and usage cue. */
  verb: string;
  /** The words after the verb, for sentences (empty: use the entity). */
  object: string[];
  /** The value already is a verb-first name. */
  asIs: boolean;
}

/** How one operation value becomes a name: `read` → get (or query), `create_issue` as is, `str_replace` → replace_str_<entity>. */
function nameOperation(value: string, entity: string, extra: ReadonlyMap<string, VerbKind> | undefined, sql: boolean): Naming {
  const w = identWords(value);
  const first = w[0]!;
  const e = entity.split('_');
  // "select" reads beside SQL writes (select / insert / update); in a browser it picks a tab.
  const mapped = first === 'select' && sql ? { verb: 'get', category: 'read' as const } : VERB_MAP.get(first);
  if (w.length > 1 && isVerb(first, extra)) {
    return { words: [...w], category: mapped?.category ?? 'other', verb: first, object: w.slice(1), asIs: true };
  }
  if (w.length > 1 && mapped) {
    // A shorthand verb leads (`new_tab` → create_tab, `ls_files` → list_files).
    return { words: [mapped.verb, ...w.slice(1)], category: mapped.category, verb: mapped.verb, object: w.slice(1), asIs: true };
  }
  if (w.length === 1) {
    if (mapped) {
      const many = mapped.category === 'many';
      return { words: [mapped.verb, ...(many ? plural(entity).split('_') : e)], category: mapped.category, verb: mapped.verb, object: [], asIs: false };
    }
    if (isVerb(first, extra)) return { words: [first, ...e], category: 'other', verb: first, object: [], asIs: false };
    if (operationKind(first) === 'read') return { words: ['get', ...e, first], category: 'other', verb: 'get', object: [...e, first], asIs: false };
    return { words: [first, ...e], category: 'other', verb: first, object: [], asIs: false };
  }
  // Several words, not verb-first: the first verb leads (`str_replace` → replace_str_memory).
  const k = w.findIndex((x) => isVerb(x, extra));
  if (k > 0) {
    const verb = w[k]!;
    const m = VERB_MAP.get(verb);
    const rest = [...w.slice(0, k), ...w.slice(k + 1)];
    return { words: [m && m.category !== 'read' ? m.verb : verb, ...rest, ...e], category: m?.category ?? 'other', verb: m && m.category !== 'read' ? m.verb : verb, object: [...rest, ...e], asIs: false };
  }
  if (operationKind(value) === 'read') return { words: ['get', ...e, ...w], category: 'other', verb: 'get', object: [...e, ...w], asIs: false };
  return { words: [...w, ...e], category: 'other', verb: first, object: [...w.slice(1), ...e], asIs: false };
}

function article(phrase: string): string {
  const w = phrase.toLowerCase();
  if (/^u[bcdfghjklmnpqrstvwxz][aeiouy]/.test(w) || /^eu|^one\b/.test(w)) return 'a';
  return /^[aeiou]/.test(w) || /^hour/.test(w) ? 'an' : 'a';
}

function thirdPerson(verb: string): string {
  if (/[^aeiou]y$/.test(verb)) return verb.slice(0, -1) + 'ies';
  if (/(?:s|x|z|ch|sh|o)$/.test(verb)) return verb + 'es';
  return verb + 's';
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** "a record", "an issue", "comments". */
function nounPhrase(words: readonly string[]): string {
  const p = words.join(' ');
  const last = words[words.length - 1] ?? '';
  return /s$/.test(last) && !/ss$/.test(last) ? p : `${article(p)} ${p}`;
}

// --- entity ----------------------------------------------------------------------------------------

/** The one entity a table/collection parameter names (a `const` or a one-value `enum`), snake_case. */
function singleEntityValue(schema: Node): string | undefined {
  if (!isObject(schema)) return undefined;
  const c = child(schema, 'const');
  let v: string | undefined;
  if (c && c.type === 'string') v = c.value as string;
  else {
    const en = child(schema, 'enum');
    const items = elements(en);
    if (isArray(en) && items.length === 1 && items[0]!.type === 'string') v = items[0]!.value as string;
  }
  if (v === undefined) return undefined;
  const w = identWords(v).filter((x) => !GENERIC.has(x));
  if (w.length === 0) return undefined;
  return [...w.slice(0, -1), singular(w[w.length - 1]!)].slice(-3).join('_');
}

const CONTAINER_RE = /\b([a-z][a-z-]{2,})\s+(?:database|db|table|tables|collection|collections|store|catalog|catalogue|inventory|registry|records|entries|rows|documents)\b/gi;
const MANAGE_RE = /\bmanag(?:e|es|ing)\s+(?:the\s+|your\s+|all\s+)?([a-z]{3,}s)\b/i;

/** The entity a description names: "rows in the customer database" → customer. */
function entityFromDescription(desc: string | undefined, extra?: ReadonlyMap<string, VerbKind>): string | undefined {
  if (!desc) return undefined;
  const ok = (w: string) => !STOP_WORDS.has(w) && !GENERIC.has(w) && !isVerb(w, extra) && !PREPOSITIONS.has(w);
  CONTAINER_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = CONTAINER_RE.exec(desc))) {
    const w = m[1]!.toLowerCase();
    if (ok(w)) return singular(w).replace(/-/g, '_');
  }
  const mm = MANAGE_RE.exec(desc);
  if (mm && ok(mm[1]!.toLowerCase())) return singular(mm[1]!.toLowerCase());
  return undefined;
}

function isEntityId(name: string, entity: string): boolean {
  const k = nameKey(name);
  if (ID_NAMES.has(k)) return true;
  const w = k.split('_');
  if (w.length < 2 || !ID_SUFFIXES.has(w[w.length - 1]!)) return false;
  const prefix = w.slice(0, -1).map((x) => singular(x)).join('_');
  const ent = entity.split('_');
  return prefix === entity || prefix === ent[ent.length - 1];
}

function classOf(name: string, schema: Node, entityIds: ReadonlySet<string>): ParamClass {
  if (entityIds.has(name)) return 'entityId';
  const k = nameKey(name);
  if (PAYLOAD_NAMES.has(k) || PAYLOAD_EXTRA.has(k)) {
    if ((k === 'fields' || k === 'properties' || k === 'attributes') && PROJECTION.test(descriptionOf(schema))) return 'projection';
    return 'payload';
  }
  if (FILTER_NAMES.has(k) || /^(?:filter|sort|order)_/.test(k)) return 'filter';
  const c = countLike(name);
  if (c && (c.kind === 'limit' || c.kind === 'page' || c.kind === 'offset')) return 'page';
  if (PAGE_NAMES.has(k)) return 'page';
  return 'other';
}

/**
 * The entity a multi-purpose tool works on, snake_case: the one entity its table/collection parameter names (a
 * `const` or one-value `enum`; that parameter is then `entityParam`), else its name's object words
 * (`manage_records` → record), else its description ("rows in the customer database" → customer), else "item".
 */
export function splitEntity(tool: ToolInfo, extra?: ReadonlyMap<string, VerbKind>, namespaces?: ReadonlySet<string>, skip?: string): { entity: string; entityParam: string | undefined } {
  const single = new Map<string, string>();
  for (const [name, , schema] of entries(child(tool.params, 'properties'))) {
    if (name === skip || !ENTITY_NAMES.has(nameKey(name))) continue;
    const value = singleEntityValue(schema);
    if (value && !single.has(name)) single.set(name, value);
  }
  const entityParam = preferredName([...single.keys()], ENTITY_NAMES);
  if (entityParam) return { entity: single.get(entityParam)!, entityParam };
  const fromName = entityOf(tool.name, extra, namespaces);
  if (fromName !== 'item') return { entity: fromName, entityParam: undefined };
  return { entity: entityFromDescription(tool.description, extra) ?? 'item', entityParam: undefined };
}

/**
 * The split of a multi-purpose tool: one operation per value of its operation parameter, or undefined when the
 * tool has no operation parameter with at least two listed operation values (nothing to split on).
 */
export function planSplit(tool: ToolInfo, ctx: SplitContext): SplitPlan | undefined {
  // A tool that repeats a key somewhere its text is copied: every new tool would carry the repeat (which copy counts
  // differs by parser). A repeated parameter in `properties` is fine: each new tool gets the member that applies.
  if (hasRepeatedKey(tool.outer, child(tool.params, 'properties'))) return undefined;
  if (!tool.name || !tool.nameNode || tool.nameNode.type !== 'string') return undefined;
  const params = tool.params;
  const propsNode = child(params, 'properties');
  // Most tools have no operation parameter: that is found without splitting every parameter name into words.
  if (!isObject(params) || !isObject(propsNode) || !hasOperationLikeKey(propsNode)) return undefined;
  const props = entries(propsNode);
  if (props.length === 0) return undefined;
  const candidates = operationCandidates(props, tool.description);
  const op = ctx.param !== undefined ? candidates.find((c) => c.name === ctx.param) : candidates[0];
  if (!op) return undefined;
  // A second operation selector would be copied into every new tool.
  if (candidates.some((c) => c !== op && c.score >= 2)) return undefined;
  // Conditional schemas keyed on the operation ("if operation is create then data is required") do not split.
  for (const k of CONDITIONAL_KEYS) if (mentionsName(child(params, k), op.name)) return undefined;
  const extra = ctx.extraVerbs;
  const { names, namespaces } = ctx.fileNames ?? fileNamesOf(ctx.tools);

  const { entity, entityParam } = splitEntity(tool, extra, namespaces, op.name);

  // Name prefix kept from the original: a dotted prefix and a namespace (`github_manage_issues` → github_).
  const dot = tool.name.lastIndexOf('.');
  const dotted = dot > 0 ? tool.name.slice(0, dot + 1) : '';
  const last = tool.name.slice(dot + 1);
  const style = styleOf(last);
  const parts = nameParts(last, extra, namespaces);
  const namespace = parts.namespace;

  // Every kept parameter: its class and the operations its description ties it to.
  const values = op.values;
  const sql = values.some((v) => /^(?:insert|update|upsert)$/i.test(v));
  const kept = props.filter(([name]) => name !== op.name && name !== entityParam);
  let entityIds = new Set(kept.filter(([name]) => isEntityId(name, entity)).map(([name]) => name));
  if (entityIds.size === 0 && entity === 'item') {
    const ids = kept.filter(([name]) => /(?:^|_)id$/.test(nameKey(name)));
    if (ids.length === 1) entityIds = new Set([ids[0]![0]]);
  }
  const info = kept.map(([name, , schema]) => ({ name, cls: classOf(name, schema, entityIds), locator: LOCATOR_NAMES.has(nameKey(name)), mentions: paramMentions([descriptionOf(schema), docLine(tool.description, name) ?? ''].join('\n'), values, op.name) }));
  const requiredNode = child(params, 'required');
  const originalRequired = isArray(requiredNode) ? elements(requiredNode).filter((e) => e.type === 'string').map((e) => e.value as string) : [];

  // Names already taken: the file's tools (the original too) and the workspace's.
  // In a catalog keyed by name (`{"tools": {"manage_x": {...}}}`) a member key is taken too, tool or not: a second
  // key of that name would hide the new tool from JSON.parse.
  const holder = tool.outer.parent?.type === 'property' ? tool.outer.parent.parent : undefined;
  const taken = (n: string) => names.has(n) || ctx.workspace.definitions(n).count > 0 || (holder !== undefined && propertyNode(holder, n) !== undefined);
  const used = new Set<string>();
  const operations: SplitOperation[] = [];
  const idOf = new Map<string, string>();
  const ownVerb = new Map<number, string>();
  values.forEach((value, vi) => {
    const naming = nameOperation(value, entity, extra, sql);
    const inOp = (p: (typeof info)[number], category: SplitCategory): boolean => {
      const m = p.mentions;
      if (m.positive.size > 0) return m.positive.has(vi) && !m.negative.has(vi);
      if (m.negative.has(vi)) return false;
      return ALLOWED[category].has(p.cls);
    };
    let category: SplitCategory;
    let words = naming.words;
    if (naming.category === 'read') {
      const hasId = info.some((p) => (p.cls === 'entityId' && inOp(p, 'get')) || (p.locator && inOp(p, 'get')));
      category = hasId ? 'get' : 'many';
      if (!hasId && !naming.asIs) words = ['query', ...plural(entity).split('_')];
    } else {
      category = naming.category;
    }
    const chosen = info.filter((p) => inOp(p, category));
    // Updates and deletes without an identifier select their targets with the filters.
    if ((category === 'update' || category === 'delete') && !chosen.some((p) => p.cls === 'entityId')) {
      for (const p of info) if (p.cls === 'filter' && p.mentions.positive.size === 0 && !p.mentions.negative.has(vi) && !chosen.includes(p)) chosen.push(p);
    }
    const keptNames = new Set(chosen.map((p) => p.name));
    const ordered = kept.map(([name]) => name).filter((n) => keptNames.has(n));
    const required = originalRequired.filter((r, i) => keptNames.has(r) && originalRequired.indexOf(r) === i);
    const addRequired = (n: string) => {
      if (!required.includes(n)) required.push(n);
    };
    if (category === 'get' || category === 'update' || category === 'delete') for (const p of chosen) if (p.cls === 'entityId') addRequired(p.name);
    for (const p of chosen) if (p.mentions.required.has(vi)) addRequired(p.name);

    // The name: verb-first, in the original's style, with its namespace; never one already defined.
    const base = dotted + joinWords([...namespace, ...words], style);
    let name = base;
    if (used.has(name) && !naming.asIs && identWords(value).length === 1) {
      // `remove` and `delete` both map to delete_<entity>: the second keeps its own verb.
      name = dotted + joinWords([...namespace, identWords(value)[0]!, ...(category === 'many' ? plural(entity).split('_') : entity.split('_'))], style);
      ownVerb.set(vi, identWords(value)[0]!);
    }
    // A number after a taken name reads as a version of it (`x_2`, version-suffix-format): "alt" does not.
    const sep = style === 'snake' ? '_' : style === 'kebab' ? '-' : '';
    const alt = style === 'snake' || style === 'kebab' ? 'alt' : 'Alt';
    for (let n = 1; used.has(name) || taken(name); n++) name = `${base}${sep}${alt}${n > 1 ? n : ''}`;
    used.add(name);
    operations.push({ value, name, params: ordered, required, description: '', category });
    const id = chosen.find((p) => p.cls === 'entityId') ?? chosen.find((p) => p.locator);
    if (id) idOf.set(name, id.name);
  });
  if (operations.length < 2) return undefined;
  // A name no provider takes (over 64 characters: OpenAI's bound) or that starts with a digit (operation "3d" of a
  // model tool): no split is offered, rather than one that writes tools the next lint rejects.
  if (operations.some((o) => o.name.length > MAX_SPLIT_NAME || !STARTS_WITH_LETTER.test(o.name))) return undefined;
  // A parameter that no operation takes (its name and description fit none of them) goes to every new tool, not
  // required: a split must not drop what the user wrote (`contact_id` of list/create, "Id to give the new
  // contact; generated when omitted", vanished from the file with the original).
  const placed = new Set(operations.flatMap((o) => o.params));
  const unplaced = new Set(kept.map(([name]) => name).filter((n) => !placed.has(n)));
  if (unplaced.size > 0) {
    for (const o of operations) {
      const mine = new Set(o.params);
      o.params = kept.map(([name]) => name).filter((n) => mine.has(n) || unplaced.has(n));
    }
  }
  const paramNames = new Set(props.map(([name]) => name));
  operations.forEach((o, i) => {
    const naming = nameOperation(o.value, entity, extra, sql);
    const verb = ownVerb.get(i);
    o.description = draftDescription(o, values, entity, tool.description, verb ? { ...naming, verb } : naming, idOf.get(o.name), paramNames);
  });
  return { operationParam: op.name, operations, entity };
}

/** How a lead sentence names an identifier: `record_id` → "ID", `path` → "path", `issue_number` → "number". */
function idPhrase(param: string | undefined, entityWords: readonly string[]): string {
  const w = param ? identWords(param).filter((x) => !entityWords.includes(singular(x))) : [];
  if (w.length === 0 || w[w.length - 1] === 'id' || w[w.length - 1] === 'ids') return 'ID';
  return w.map((x) => (x === 'uuid' || x === 'guid' || x === 'url' || x === 'uri' ? x.toUpperCase() : x)).join(' ');
}

/** Replaces the value where it reads as an operation name: quoted, or tool-shaped (`str_replace`). */
function renameValue(sentence: string, value: string, name: string): string {
  const esc = value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const q = `['"\`‘“]${esc}['"\`’”]`;
  const nouns = String.raw`\s+(?:command|action|operation|mode|op|method)\b`;
  let out = sentence
    // "- `view`: View the contents of a file." (a list of operations) → "View the contents of a file."
    .replace(new RegExp(String.raw`^\s*(?:[-*•]|\d+[.)])?\s*(?:['"\`‘“]${esc}['"\`’”]|${esc})\s*(?:[:–—]|\s-)\s*`, 'i'), '')
    // "Use 'view' to read a note" → "Use this to read a note".
    .replace(new RegExp(String.raw`\b(use|call|choose|pick|select)\s+(?:the\s+)?${q}(?:${nouns})?`, 'gi'), '$1 this')
    // "The 'str_replace' command replaces…" → "This tool replaces…".
    .replace(new RegExp(String.raw`\b(the|a|an)\s+${q}${nouns}`, 'gi'), (_m, det: string) => (det[0] === det[0]!.toUpperCase() ? 'This tool' : 'this tool'));
  // A tool-shaped value left names the new tool.
  if (/[_A-Z]/.test(value)) out = out.replace(new RegExp(String.raw`(?<![\w-])${esc}(?![\w-])`, 'g'), name);
  return out;
}

/** Lead sentence + the original's sentences about this operation + a usage cue. */
function draftDescription(op: SplitOperation, values: readonly string[], entity: string, original: string | undefined, naming: Naming, idParam: string | undefined, paramNames: ReadonlySet<string>): string {
  const e = entity.split('_');
  const ent = e.join(' ');
  const many = plural(entity).split('_').join(' ');
  let lead: string;
  let cue: string;
  if (naming.asIs) {
    const obj = naming.object.length > 0 ? nounPhrase(naming.object) : `${article(ent)} ${ent}`;
    lead = `${capitalize(thirdPerson(naming.verb))} ${obj}.`;
    cue = `${naming.verb} ${obj}`;
  } else {
    switch (op.category) {
      case 'get':
        lead = `Gets ${article(ent)} ${ent} by its ${idPhrase(idParam, e)}.`;
        cue = `look up a specific ${ent}`;
        break;
      case 'many': {
        const v = naming.category === 'read' ? 'query' : naming.verb;
        lead = v === 'query' ? `Finds the ${many} that match the given criteria.` : v === 'search' ? `Searches ${many}.` : `${capitalize(thirdPerson(v))} ${many}.`;
        cue = v === 'query' ? `find ${many}` : v === 'search' ? `search for ${many}` : `${v} ${many}`;
        break;
      }
      case 'create':
        lead = `${capitalize(thirdPerson(naming.verb))} a new ${ent}.`;
        cue = `${naming.verb} a new ${ent}`;
        break;
      case 'update':
        if (naming.verb === 'update') {
          lead = `Updates an existing ${ent}.`;
          cue = `update an existing ${ent}`;
        } else {
          lead = `${capitalize(thirdPerson(naming.verb))} ${article(ent)} ${ent}.`;
          cue = `${naming.verb} ${article(ent)} ${ent}`;
        }
        break;
      default: {
        const obj = naming.object.length > 0 ? nounPhrase(naming.object) : `${article(ent)} ${ent}`;
        lead = `${capitalize(thirdPerson(naming.verb))} ${obj}.`;
        cue = `${naming.verb} ${obj}`;
      }
    }
  }
  const parts = [lead];
  if (original) {
    const which = valueMatcher(values);
    const self = values.indexOf(op.value);
    for (const s of sentences(original)) {
      if (/\b(?:use|call|invoke)\s+this\b|\bthis\s+(?:tool|function)\b/i.test(s)) continue;
      if (/^\s*deprecated\b/i.test(s)) continue;
      // A docstring line documenting a parameter ("text: Text of the link (for add)") belongs to the parameter.
      const arg = /^[-*•]?\s*[\x60'"]?([\w.-]+)[\x60'"]?\s*(?:\([^)]*\))?\s*:/.exec(s);
      if (arg && paramNames.has(arg[1]!)) continue;
      const hit = new Set(tokens(s).map(which).filter((i) => i >= 0));
      if (hit.size !== 1 || !hit.has(self)) continue;
      // References to the operation now refer to this tool: "Use 'view' to read" → "Use this to read".
      const rewritten = op.value === op.name ? s : renameValue(s, op.value, op.name);
      if (!rewritten.trim()) continue;
      parts.push(capitalize(/[.!?]$/.test(rewritten) ? rewritten : `${rewritten}.`));
    }
  }
  parts.push(`Use this when the user asks to ${cue}.`);
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Edits

/** Title Case of a name's words: `get_record` → "Get Record". */
function titleOf(name: string): string {
  return identWords(name.slice(name.lastIndexOf('.') + 1)).map(capitalize).join(' ');
}

const READ_CATEGORIES = new Set<SplitCategory>(['get', 'many']);

/** The text of the new tool for one operation: the original's text with its name, description, parameters and `required` edited. */
function toolText(edit: EditBuilder, tool: ToolInfo, op: SplitOperation): string {
  const edits: TextEdit[] = [];
  const text = edit.text;
  edits.push(edit.replaceString(tool.nameNode!, op.name));
  if (tool.descriptionNode?.type === 'string') edits.push(edit.replaceString(tool.descriptionNode, op.description));
  else if (tool.descriptionNode) edits.push(edit.replaceValue(tool.descriptionNode, op.description));
  else edits.push(edit.setProperty(tool.node, 'description', op.description, { after: 'name' }));

  const params = tool.params!;
  const propsNode = child(params, 'properties')!;
  const keep = new Set(op.params);
  // A repeated key is copied once, as the member that applies (the last, as JSON.parse reads it): copying both into
  // every new tool would repeat the shadowed one in each.
  const last = new Map<unknown, Node>();
  for (const p of propsNode.children ?? []) last.set(p.children?.[0]?.value, p);
  const removed = (propsNode.children ?? []).filter((p) => {
    const k = p.children?.[0]?.value;
    return typeof k !== 'string' || !keep.has(k) || last.get(k) !== p;
  });
  appendAll(edits, removeMembers(removed));

  const requiredNode = child(params, 'required');
  const wanted = new Set(op.required);
  if (isArray(requiredNode)) {
    const items = elements(requiredNode);
    const seen = new Set<string>();
    const drop = items.filter((e) => {
      if (e.type !== 'string') return false;
      const v = e.value as string;
      const ok = wanted.has(v) && !seen.has(v);
      seen.add(v);
      return !ok;
    });
    const stays = items.filter((e) => !drop.includes(e));
    const stayValues = new Set(stays.filter((e) => e.type === 'string').map((e) => e.value as string));
    const add = op.required.filter((r) => !stayValues.has(r));
    if (stays.length === 0 && add.length === 0) {
      edits.push(edit.removeMember(requiredNode.parent!));
    } else if (stays.length === 0) {
      edits.push(edit.replaceValue(requiredNode, add));
    } else {
      appendAll(edits, removeMembers(drop));
      if (add.length > 0) {
        const lastKept = stays[stays.length - 1]!;
        const multi = hasLineBreak(text, requiredNode.offset + 1, lastKept.offset);
        const sep = multi ? `,${edit.layout.eol}${indentAt(text, lastKept.offset)}` : ', ';
        edits.push({ offset: lastKept.offset + lastKept.length, length: 0, content: add.map((a) => sep + JSON.stringify(a)).join('') });
      }
    }
  } else if (op.required.length > 0 && !requiredNode) {
    edits.push(edit.setProperty(params, 'required', op.required));
  }

  // Display titles and MCP hints that described the whole multi-purpose tool.
  for (const key of ['title', 'displayName']) {
    const title = child(tool.node, key);
    if (title?.type === 'string') edits.push(edit.replaceString(title, titleOf(op.name)));
  }
  // VS Code language model tools: the `#name` users type must stay unique.
  const ref = child(tool.node, 'toolReferenceName');
  if (ref?.type === 'string') edits.push(edit.replaceString(ref, op.name));
  const ann = tool.annotations;
  if (isObject(ann)) {
    const annTitle = child(ann, 'title');
    if (annTitle?.type === 'string') edits.push(edit.replaceString(annTitle, titleOf(op.name)));
    const reads = READ_CATEGORIES.has(op.category);
    const ro = child(ann, 'readOnlyHint');
    if (ro?.type === 'boolean' && ro.value !== reads) edits.push({ offset: ro.offset, length: ro.length, content: String(reads) });
    const destructive = child(ann, 'destructiveHint');
    if (destructive?.type === 'boolean') {
      if (reads) edits.push(edit.removeMember(destructive.parent!));
      else if (op.category === 'delete' && destructive.value !== true) edits.push({ offset: destructive.offset, length: destructive.length, content: 'true' });
      else if (op.category === 'create' && destructive.value !== false) edits.push({ offset: destructive.offset, length: destructive.length, content: 'false' });
    }
  }

  // A copy of a deprecated tool is not deprecated.
  const marker = markerNode(tool);
  if (marker) {
    const prop = marker.node.parent!;
    const container = prop.parent!;
    if (marker.via === '_meta' && container.children?.length === 1 && container.parent) edits.push(edit.removeMember(container.parent));
    else edits.push(edit.removeMember(prop));
  }
  return rewriteWithin(text, tool.outer, edits);
}

/**
 * The copies with the safe fixes of their errors applied (a Python type name, a keyword typo, strict-mode
 * shape): an error of the original's shared parameters would otherwise be repeated in every new tool. The
 * copies are linted in a scratch document laid out like the file (same indentation unit and depth).
 */
function cleanCopies(edit: EditBuilder, tool: ToolInfo, texts: readonly string[], config: Config | undefined, today: string): string[] {
  const { eol, unit } = edit.layout;
  const indent = indentAt(edit.text, tool.outer.offset);
  // Element 0 only fixes the indentation unit the scratch document is read with. Gemini declarations stay in
  // a `functionDeclarations` list (their dialect, and so their rules, depend on it).
  const list = `[${eol}${unit}0${texts.map((t) => `,${eol}${indent}${t}`).join('')}${eol}]`;
  const gemini = tool.dialect === 'gemini';
  const scratch = gemini ? `{"functionDeclarations": ${list}}` : list;
  const copy = gemini ? /^\/functionDeclarations\/[1-9]\d*(?:\/|$)/ : /^\/[1-9]\d*(?:\/|$)/;
  // Both proposals (original removed / kept) clean the same copies: remember the last few answers.
  const key = `${today}\u0000${config ? JSON.stringify(config) : ''}\u0000${scratch}`;
  const out = CLEAN_CACHE.get(key, () => {
    const res = fixAll('file:///split.tool.json', scratch, { config, today }, (f) => f.severity === 'error' && copy.test(f.pointer));
    let cleaned = [...texts];
    if (res.fixed.length > 0) {
      const root = res.remaining.doc.tree;
      const items = elements(gemini ? child(root, 'functionDeclarations') : root);
      if (items.length === texts.length + 1) cleaned = items.slice(1).map((n) => res.output.slice(n.offset, n.offset + n.length));
    }
    // The texts are made of pieces of the document: copies (see ownString), unless the cache keeps the key as is.
    return key.length > MAX_COPIED_KEY ? cleaned : cleaned.map(ownString);
  });
  return [...out];
}

const CLEAN_CACHE = new StringCache<string[]>(8);

/**
 * The edits that split `tool`: one new tool per operation, placed where the original was (`keepOriginal`
 * false) or after it, the original then marked deprecated with the new tools as successors. A file holding a
 * single tool becomes an array. Undefined when there is nothing to split on.
 */
export function splitToolEdits(
  edit: EditBuilder,
  tool: ToolInfo,
  tools: readonly ToolInfo[],
  workspace: WorkspaceIndex,
  options: { keepOriginal: boolean; today: string; extraVerbs?: ReadonlyMap<string, VerbKind>; param?: string; config?: Config },
): { names: string[]; edits: TextEdit[] } | undefined {
  try {
    // Kept, the original is marked deprecated: not over a marker, description or _meta that marking would replace.
    if (options.keepOriginal && deprecationBlocker(tool)) return undefined;
    const plan = planSplit(tool, { tools, workspace, extraVerbs: options.extraVerbs, param: options.param });
    if (!plan) return undefined;
    const texts = cleanCopies(edit, tool, plan.operations.map((op) => toolText(edit, tool, op)), options.config, options.today);
    const added = plan.operations.map((op, i) => ({ name: op.name, text: texts[i]! }));
    const names = added.map((a) => a.name);
    if (!options.keepOriginal) return { names, edits: replaceTool(edit, tool, added) };
    const deprecated = markDeprecatedEdits(edit, tool, names, options.today);
    if (!tool.outer.parent) return { names, edits: placeTools(edit, tool, rewriteWithin(edit.text, tool.outer, deprecated), added) };
    return { names, edits: [...deprecated, ...placeTools(edit, tool, undefined, added)] };
  } catch {
    return undefined;
  }
}
