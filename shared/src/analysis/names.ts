/**
 * Helpers shared by the Names rules (SPEC Service rule 4): what makes a tool name vague, which verbs clearly
 * read or write (for MCP annotation checks), the tool list a tool belongs to (duplicates, toolset size), and
 * a `<thing>_id` suggestion from a tool's name.
 */
import { bool, child, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { identWords, nameParts, singular, stem, verbKind, type NameParts, type VerbKind, NOUN_LIKE_VERBS, SNAKE_CASE } from '../text';
import { NameView, type NameDerivation } from '../nameView';

// ---------------------------------------------------------------------------------------------
// Vague names

/**
 * Verbs that say nothing on their own: a tool named only by one of them (`fetch`, `search`, `run`) does not
 * tell the model what it works on. Arithmetic-like verbs (`add`, `sum`, `calculate`) and self-contained
 * actions (`ping`, `think`, `screenshot`, `translate`) are not listed: alone they still read as one purpose.
 */
const LONE_VAGUE_VERBS = new Set(`get fetch retrieve read load query search find lookup list show view run execute exec
  process handle do perform call invoke manage operate make use act apply create update set delete remove edit modify
  write save store put post patch send submit trigger dispatch`.split(/\s+/));

/** Verbs that hide several operations whatever follows them (`manage_users`, `do_task`). */
const UMBRELLA_VERBS = new Set(['manage', 'do']);

/** Verbs that only say "something happens": with a vague object the name says nothing at all. */
const HOLLOW_VERBS = new Set(['process', 'handle', 'execute', 'exec', 'run', 'perform', 'do', 'make', 'call', 'invoke', 'operate', 'act', 'dispatch', 'manage']);

/** Object words that never name a thing: `get_data`, `fetch_info`, `get_details`. */
const VAGUE_OBJECTS = new Set(['data', 'info', 'information', 'details', 'detail', 'stuff', 'thing', 'things', 'payload', 'payloads', 'params', 'parameters', 'args', 'arguments', 'misc', 'everything', 'result', 'results', 'response', 'responses']);

/**
 * Object words vague after a hollow verb (`handle_request`, `execute_action`, `process_input`), but that name
 * a real thing after a specific verb (`list_requests` of a network inspector, `get_value` of a key-value store).
 */
const VAGUE_AFTER_HOLLOW = new Set(['request', 'requests', 'action', 'actions', 'operation', 'operations', 'input', 'inputs', 'output', 'outputs', 'value', 'values', 'object', 'objects', 'item', 'items', 'entity', 'entities', 'something', 'anything', 'generic',
  'task', 'tasks', 'tool', 'tools', 'function', 'functions', 'event', 'events', 'api', 'apis', 'work']);

/** Words that add nothing to an object (`get_all_data`, `fetch_raw_info`, `get_data_by_id`, `get_info_v2`). */
const FILLER = new Set(['all', 'any', 'some', 'the', 'a', 'an', 'my', 'new', 'latest', 'raw', 'more', 'basic', 'general', 'other', 'extra', 'additional', 'full', 'current', 'various', 'custom', 'relevant', 'by', 'id', 'ids', 'from', 'for', 'of', 'with', 'v']);

const DIGITS = /^[0-9]+$/;
const ALNUM = /[A-Za-z0-9]/;

export type Vagueness =
  | { kind: 'loneVerb'; verb: string }
  | { kind: 'umbrellaVerb'; verb: string }
  | { kind: 'vagueObject'; verb: string; object: string };

/**
 * Why a tool name says nothing about what it does, or undefined when it is specific enough. The name's
 * context counts: a dotted prefix (`weather.get`, `employee.fetch_data`) or a namespace shared by the file's
 * tools (`browser_navigate`, `web_search`) names the object.
 */
export function nameVagueness(name: string, extra?: ReadonlyMap<string, VerbKind>, namespaces?: ReadonlySet<string>): Vagueness | undefined {
  const parts = nameParts(name, extra, namespaces);
  const verb = parts.verb;
  if (verb === undefined) return undefined;
  if (UMBRELLA_VERBS.has(verb) && parts.object.length > 0) return { kind: 'umbrellaVerb', verb };
  const context = parts.namespace.length > 0 || hasDottedPrefix(name);
  const object = parts.object.filter((w) => !FILLER.has(w) && !DIGITS.test(w));
  if (parts.object.every((w) => w === 'v' || DIGITS.test(w))) {
    // Nothing after the verb but a version (`search`, `fetch_v2`).
    if (!context && LONE_VAGUE_VERBS.has(verb)) return { kind: 'loneVerb', verb };
    return undefined;
  }
  // Only filler after the verb (`get_all`, `fetch_by_id`): as empty as a lone verb.
  if (object.length === 0) return !context && LONE_VAGUE_VERBS.has(verb) ? { kind: 'loneVerb', verb } : undefined;
  const hollow = HOLLOW_VERBS.has(verb);
  if (hollow && object.every((w) => VAGUE_OBJECTS.has(w) || VAGUE_AFTER_HOLLOW.has(w))) return { kind: 'vagueObject', verb, object: object.join('_') };
  if (!context && object.every((w) => VAGUE_OBJECTS.has(w))) return { kind: 'vagueObject', verb, object: object.join('_') };
  return undefined;
}

function hasDottedPrefix(name: string): boolean {
  const dot = name.lastIndexOf('.');
  return dot > 0 && ALNUM.test(name.slice(0, dot));
}

// ---------------------------------------------------------------------------------------------
// Verbs against MCP annotations

/**
 * Query verbs that only read or compute: a tool named with one of them should not modify anything. Verbs that
 * often write a result somewhere are left out (`export`, `download`, `convert`, `verify_email`, `classify_ticket`).
 */
export const READ_ONLY_VERBS = new Set(`get list query search find count read fetch lookup look retrieve show view describe browse
  inspect peek preview validate calculate compute estimate compare diff summarize summarise analyze analyse detect geocode
  forecast explain`.split(/\s+/));

/**
 * Verbs that change the environment (mutations and side-effecting actions). Ambiguous ones are left out:
 * `run`/`execute` (a read-only SQL query), `take` (a screenshot), `open`, `check` (`check_in`), `test`, and
 * verbs that lead noun phrases as often as they act (`order_status`, `book_search`, `post_comments`,
 * `close_price`, `tag_list`, `like_count`, `refund_status`).
 */
export const WRITE_VERBS = new Set(`create add insert update set delete remove edit write modify put upload rename move
  append prepend save register unregister assign unassign attach detach unlink untag unarchive restore reset clear
  purge truncate replace upsert enable disable toggle unmark unstar unpin unlike follow unfollow subscribe
  unsubscribe unblock ban unban grant revoke approve reject reopen unlock publish unpublish rebase revert rollback
  install uninstall upgrade downgrade purchase buy pay withdraw send deploy start stop launch trigger kill restart
  reboot shutdown cancel destroy erase wipe overwrite invite kick enroll`.split(/\s+/));

/**
 * Mutation verbs that also lead noun phrases (`close_price`, `archive_search`, `lock_status`, `merge_request`):
 * they count as writes only when the name does not read as such a noun phrase (see `isNounPhraseName`).
 */
export const AMBIGUOUS_WRITE_VERBS = new Set(['archive', 'close', 'merge', 'lock', 'mark', 'star', 'pin', 'refund', 'import', 'sync', 'book', 'reserve', 'accept', 'decline']);

/**
 * Words that are nouns far more often than verbs at the head of a tool name: `order_status`, `email_history`,
 * `file_search` are noun phrases even though the lexicon also knows `order`, `email`, `file` as verbs.
 */
const PURE_NOUN_HEADS = new Set(['order', 'email', 'message', 'request', 'note', 'job', 'file', 'text', 'state', 'status', 'input', 'output', 'quote', 'chat', 'alert', 'queue', 'comment', 'call', 'forecast', 'schedule']);
const NOUN_HEADS = new Set([...PURE_NOUN_HEADS, 'book', ...AMBIGUOUS_WRITE_VERBS]);

/**
 * Attribute nouns (and trailing query verbs) that make a name a noun phrase when they are its whole object:
 * `order_status`, `call_history`, `close_price`, `customer_lookup`. Never objects a head verb acts on.
 */
const NOUN_TAILS = new Set(['status', 'statuses', 'state', 'history', 'details', 'detail', 'info', 'information', 'summary', 'results', 'result', 'stats', 'statistics',
  'metadata', 'count', 'counts', 'total', 'totals', 'log', 'logs', 'list', 'lookup', 'search', 'finder', 'tracker', 'tracking', 'price', 'prices', 'breakdown', 'overview',
  'timeline', 'analytics', 'metrics', 'feed', 'viewer', 'checker', 'validator', 'diff', 'diffs', 'requests', 'request', 'code', 'codes', 'id', 'ids']);

/**
 * Whether a name whose first word the lexicon reads as a verb is really a noun phrase: a noun-like head
 * followed only by attribute nouns (`order_status`, `email_history`, `file_search`, `lock_status`).
 */
export function isNounPhraseName(parts: NameParts): boolean {
  const verb = parts.verb;
  if (verb === undefined || !NOUN_HEADS.has(verb) || parts.object.length === 0) return false;
  return parts.object.every((w) => NOUN_TAILS.has(w) || DIGITS.test(w));
}

/**
 * Whether a name is `<noun>_<verb>` with a head that is nearly always a noun (`order_create`, `email_send`,
 * `file_delete`): the verb comes last although the lexicon also knows the head as a verb.
 */
export function isNounVerbName(parts: NameParts, extra?: ReadonlyMap<string, VerbKind>): boolean {
  const verb = parts.verb;
  // The second word must be a clear verb: `order_create`, not `schedule_post` (a post is a thing to schedule).
  const second = parts.object[0];
  return verb !== undefined && parts.object.length === 1 && PURE_NOUN_HEADS.has(verb) && verbKind(second!, extra) !== undefined && !NOUN_LIKE_VERBS.has(second!);
}

/** Whether the name's object joins another verb (`get_or_create_user`, `search_and_replace`): it says it does both. */
export function joinsAnotherVerb(parts: NameParts, extra?: ReadonlyMap<string, VerbKind>): boolean {
  for (let i = 0; i + 1 < parts.object.length; i++) {
    const w = parts.object[i]!;
    if ((w === 'and' || w === 'or' || w === 'then') && verbKind(parts.object[i + 1]!, extra) !== undefined) return true;
  }
  return false;
}

/** Whether the name ends with a read verb (`reset_status_get`, `archive_search`): its first word is then a noun. */
export function endsWithReadVerb(parts: NameParts): boolean {
  const last = parts.object[parts.object.length - 1];
  return last !== undefined && READ_ONLY_VERBS.has(last);
}

export interface Hint {
  value: boolean;
  node: Node;
}

/** An MCP annotation hint explicitly set to a boolean (absent, null or non-boolean values do not count). */
export function explicitHint(t: ToolInfo, key: 'readOnlyHint' | 'destructiveHint' | 'idempotentHint' | 'openWorldHint'): Hint | undefined {
  const node = child(t.annotations, key);
  const value = bool(node);
  return node && value !== undefined ? { value, node } : undefined;
}

// ---------------------------------------------------------------------------------------------
// Tool lists

const LIST_KEYS = new Set(['tools', 'functions']);

/**
 * The tool list a tool belongs to: the nearest enclosing `tools` / `functions` value, or the file's root.
 * A catalog of several servers has one list per server; Gemini `functionDeclarations` groups inside one
 * `tools` array form one list (they are sent together).
 */
export function toolListOf(t: ToolInfo): Node {
  let n: Node | undefined = t.outer.parent;
  let last: Node = t.outer;
  while (n) {
    if (n.type === 'property') {
      const key = n.children?.[0]?.value;
      if (typeof key === 'string' && LIST_KEYS.has(key) && n.children?.[1] === last) return last;
    }
    last = n;
    n = n.parent;
  }
  return last;
}

/** Tools grouped by the list they belong to, in document order. */
export function toolLists(tools: readonly ToolInfo[]): ToolInfo[][] {
  const byList = new Map<Node, ToolInfo[]>();
  for (const t of tools) {
    const list = toolListOf(t);
    let group = byList.get(list);
    if (!group) byList.set(list, (group = []));
    group.push(t);
  }
  return [...byList.values()];
}

/**
 * The tools in an order that does not depend on the order of keys in the file: by their path from the root, array
 * positions in document order, object keys by code units. For lists (arrays) it is document order; in a catalog
 * keyed by tool or server name, name order. Rules that report "the 21st tool" use it: in a keyed catalog, the tool
 * reported moved with the order the keys were written in (an independent fuzzer).
 */
export function inKeyOrder(tools: readonly ToolInfo[]): readonly ToolInfo[] {
  if (tools.length < 2 || tools.every((t) => t.outer.parent?.type === 'array' && t.outer.parent === tools[0]!.outer.parent)) return tools;
  const paths = new Map<ToolInfo, (string | number)[]>();
  for (const t of tools) {
    const path: (string | number)[] = [];
    for (let n: Node = t.outer; n.parent; n = n.parent) {
      const p: Node = n.parent;
      if (p.type === 'array') path.push(p.children!.indexOf(n));
      else if (p.type === 'property') {
        const key = p.children?.[0]?.value;
        path.push(typeof key === 'string' ? key : '');
      }
    }
    paths.set(t, path.reverse());
  }
  return [...tools].sort((a, b) => {
    const pa = paths.get(a)!;
    const pb = paths.get(b)!;
    for (let i = 0; i < Math.min(pa.length, pb.length); i++) {
      const x = pa[i]!;
      const y = pb[i]!;
      if (x === y) continue;
      if (typeof x === 'number' && typeof y === 'number') return x - y;
      // Code units, not a collator: the order only has to be fixed (this runs on every lint of a keyed catalog).
      const sx = String(x);
      const sy = String(y);
      return sx < sy ? -1 : sx > sy ? 1 : 0;
    }
    return pa.length - pb.length;
  });
}

// ---------------------------------------------------------------------------------------------
// `<thing>_id`

const STOP_AT = new Set(['by', 'for', 'from', 'with', 'of', 'in', 'on', 'to', 'and', 'or']);

/** The thing a tool works on, as snake_case singular words (`get_user_profile` → `user_profile`), or ''. */
export function toolThing(parts: NameParts): string {
  const words: string[] = [];
  for (const w of parts.object) {
    if (STOP_AT.has(w)) break;
    if (FILLER.has(w) || VAGUE_OBJECTS.has(w) || DIGITS.test(w)) continue;
    words.push(w);
  }
  const kept = words.slice(-2);
  if (kept.length === 0) return '';
  kept[kept.length - 1] = singular(kept[kept.length - 1]!);
  return kept.join('_');
}

// ---------------------------------------------------------------------------------------------
// snake_case

/** Dots separate namespace segments (`weather.get_forecast`); their portability is name-portable's business. */
export function isSnakeTool(name: string): boolean {
  for (const seg of name.split('.')) if (!SNAKE_CASE.test(seg)) return false;
  return true;
}

/**
 * The snake_case form of a tool name, each dotted segment converted and the segments joined by `joiner` ("." keeps
 * the namespace dots, "_" makes a portable name), or '' when it does not start with a letter. name-format and
 * name-portable suggest the same name ("get.UserProfile" → "get_user_profile"), so following one does not leave
 * the other's warning.
 */
export function snakeToolName(name: string, joiner: '.' | '_'): string {
  const s = name
    .split('.')
    .map((seg) => snakeName(seg))
    .filter((seg) => seg !== '')
    .join(joiner);
  return s && /^[a-z]/.test(s) ? s : '';
}

/**
 * The snake_case form of a name, keeping letter-digit runs together (`get-9to5mac-news` → `get_9to5mac_news`,
 * `getUserID` → `get_user_id`, `listDatacentersV1` → `list_datacenters_v1`). Empty when nothing ASCII is left.
 */
export function snakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1_') // as ([A-Z]+)([A-Z][a-z]) → $1_$2, without its O(n²) on a run of capitals
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

// ---------------------------------------------------------------------------------------------
// Verb-first rename candidates (name-verb-first's message and fix)

/** Whether a name read by `nameParts` starts with a verb that makes it verb-first (what name-verb-first accepts). */
export function isVerbFirst(parts: NameParts, extra?: ReadonlyMap<string, VerbKind>): boolean {
  if (parts.words.length === 0) return true;
  return parts.verbIndex >= 0 && !isNounPhraseName(parts) && !isNounVerbName(parts, extra);
}

type NameStyle = 'snake' | 'kebab' | 'camel' | 'pascal';

function nameStyle(segment: string): NameStyle {
  if (segment.includes('_')) return 'snake';
  if (segment.includes('-')) return 'kebab';
  if (/^[A-Z][a-z0-9]+[A-Z]/.test(segment)) return 'pascal';
  if (/^[a-z][a-z0-9]*[A-Z]/.test(segment)) return 'camel';
  return 'snake';
}

function joinStyled(words: readonly string[], style: NameStyle): string {
  const cap = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);
  switch (style) {
    case 'kebab':
      return words.join('-');
    case 'camel':
      return words.map((w, i) => (i === 0 ? w : cap(w))).join('');
    case 'pascal':
      return words.map(cap).join('');
    default:
      return words.join('_');
  }
}

/** Attribute nouns dropped from a `get_` candidate (`user_info` → `get_user`). */
const DROPPED_TAILS = new Set(['info', 'information', 'details', 'detail', 'data']);
/** Words ending in s that are not plurals of a listable thing (`news`, `stats`, `settings` read as one thing). */
const NOT_LISTABLE = new Set([...NOUN_TAILS, 'news', 'series', 'species', 'settings', 'preferences', 'analytics', 'physics', 'mathematics', 'economics', 'credentials', 'permissions', 'contents', 'headlines', 'weather']);
/** Verbs read as nouns at the end of a name (`weather_forecast`, `sales_report`): not moved to the front. */
const TRAILING_NOUNS = new Set([...NOUN_LIKE_VERBS].filter((w) => !['search', 'query', 'list', 'count', 'export', 'import', 'download', 'upload', 'check', 'track', 'watch', 'view', 'share', 'transfer', 'charge', 'store', 'call', 'test', 'filter', 'sort', 'play'].includes(w)));
/** Verbs that say nothing about what a tool does: never taken from a description. */
const DESCRIPTION_VERB_SKIP = new Set([...HOLLOW_VERBS, ...UMBRELLA_VERBS, 'use', 'ask', 'tell', 'answer', 'is', 'has', 'can', 'should', 'does', 'help', 'return', 'provide', 'allow', 'let', 'enable', 'take', 'see', 'try', 'wait', 'think']);

const DESCRIPTION_LEAD = /^\s*(?:(?:use\s+this|call\s+this)(?:\s+(?:tool|function))?\s+(?:to|when\s+(?:the\s+user|a\s+user|you)\s+(?:asks?|wants?|needs?)(?:\s+you)?\s+to)\s+|this\s+(?:tool|function)\s+(?:will\s+|can\s+)?)?([A-Za-z]+)\b/i;

/** The verb a description opens with (`Calculates the…`, `Use this to convert…`), when it is a specific one. */
export function descriptionVerb(description: string | undefined, extra?: ReadonlyMap<string, VerbKind>): string | undefined {
  if (!description) return undefined;
  const m = DESCRIPTION_LEAD.exec(description.slice(0, 200));
  if (!m) return undefined;
  const word = m[1]!.toLowerCase();
  for (const v of [word, stem(word)]) {
    if (DESCRIPTION_VERB_SKIP.has(v)) return undefined;
    if (verbKind(v, extra) !== undefined) return v;
  }
  return undefined;
}

export interface VerbFirstOptions {
  extra?: ReadonlyMap<string, VerbKind>;
  namespaces?: ReadonlySet<string>;
  /** The tool's description: a specific verb it opens with is offered first. */
  description?: string;
  /** The tool changes things (MCP readOnlyHint false or destructiveHint true): no `get_`/`list_` candidates. */
  writes?: boolean;
  /** Names already taken (the file's tools): never suggested; prefixes they share with a verb after it are namespaces. */
  taken?: ReadonlySet<string>;
}

/**
 * Whether some name of `names` puts the word prefix `prefix` (words joined by NUL) right before a verb. The prefixes
 * are built once per name set (asking each tool's name against every other name was quadratic: 8,000 tools, a
 * second per lint); through a NameView the answer is recorded as one question (nameView.ts), not as a read of
 * every name.
 */
function prefixBeforeVerb(names: ReadonlySet<string>, prefix: string, extra: ReadonlyMap<string, VerbKind> | undefined): boolean {
  const derive = beforeVerbDerivation(extra);
  if (names instanceof NameView) return names.inDerived(derive, prefix);
  let set = beforeVerbCache.get(names)?.get(derive);
  if (!set) {
    set = derive(names);
    const perSet = beforeVerbCache.get(names) ?? new Map<NameDerivation, ReadonlySet<string>>();
    perSet.set(derive, set);
    beforeVerbCache.set(names, perSet);
  }
  return set.has(prefix);
}

const beforeVerbCache = new WeakMap<ReadonlySet<string>, Map<NameDerivation, ReadonlySet<string>>>();

/**
 * One derivation per set of extra verbs, by content (its identity keys the derived set, and a cached tool's
 * question: each lint makes its own map of the configuration's verbs, and a derivation per map would make every
 * cached tool's question a new set to build).
 */
const beforeVerbDerivations = new Map<string, NameDerivation>();
function beforeVerbDerivation(extra: ReadonlyMap<string, VerbKind> | undefined): NameDerivation {
  const key = extra && extra.size > 0 ? [...extra].map(([v, k]) => `${v}\u0000${k}`).sort().join('\u0001') : '';
  let d = beforeVerbDerivations.get(key);
  if (!d) {
    // Configurations are few; a process linting under very many is bounded all the same.
    if (beforeVerbDerivations.size >= 64) beforeVerbDerivations.clear();
    const verbs = extra && extra.size > 0 ? new Map(extra) : undefined;
    beforeVerbDerivations.set(key, (d = (names) => prefixesBeforeVerb(names, verbs)));
  }
  return d;
}

/** Every word prefix (words joined by NUL) that some name of `names` puts right before a verb. */
function prefixesBeforeVerb(names: ReadonlySet<string>, extra: ReadonlyMap<string, VerbKind> | undefined): Set<string> {
  const prefixes = new Set<string>();
  for (const n of names) {
    const o = identWords(n.includes('.') ? n.slice(n.lastIndexOf('.') + 1) : n);
    for (let i = 1; i < o.length; i++) if (verbKind(o[i]!, extra) !== undefined) prefixes.add(o.slice(0, i).join('\u0000'));
  }
  return prefixes;
}

/**
 * Up to three verb-first names for a tool name that does not start with a verb, best first, in the name's own
 * case style, keeping a dotted prefix, a shared namespace and a version suffix: the trailing verb moved to the
 * front (`temperature_get` → `get_temperature`), else a verb the description opens with, `list_` for a plural,
 * and `get_` (`user_info` → `get_user`, `get_user_info`). Candidates that are still not verb-first, vague or
 * taken are left out.
 */
export function verbFirstNames(name: string, options: VerbFirstOptions = {}): string[] {
  const { extra, namespaces } = options;
  const dot = name.lastIndexOf('.');
  const prefix = dot > 0 && dot < name.length - 1 ? name.slice(0, dot + 1) : '';
  const segment = prefix ? name.slice(dot + 1) : name;
  const style = nameStyle(segment);
  const words = identWords(segment);
  if (words.length === 0) return [];
  const parts = nameParts(segment, extra, namespaces);
  // Version suffix (`_v2`, `_2`).
  let end = words.length;
  if (end >= 2 && DIGITS.test(words[end - 1]!) && words[end - 2] === 'v') end -= 2;
  else if (end >= 2 && DIGITS.test(words[end - 1]!)) end -= 1;
  const version = words.slice(end);
  // Namespace: the name's own (a noun phrase after a prefix), or the longest prefix the file's tools share.
  let start = parts.verbIndex > 0 ? parts.verbIndex : 0;
  if (start === 0 && namespaces && options.taken) {
    // A prefix counts as a namespace when another tool puts a verb right after it (`browser_navigate`).
    for (let i = 1; i < Math.min(end, 9); i++) {
      // Namespaces have at most 8 words (sharedPrefixes).
      if (!namespaces.has(words.slice(0, i).join('_'))) continue;
      if (prefixBeforeVerb(options.taken, words.slice(0, i).join('\u0000'), extra)) start = i;
    }
  }
  const ns = words.slice(0, start);
  const core = words.slice(start, end);
  // Nothing but a verb after the namespace: no word order to fix.
  if (core.length === 0 || (core.length === 1 && verbKind(core[0]!, extra) !== undefined)) return [];
  const cores: string[][] = [];
  const last = core[core.length - 1]!;
  // A numbered service prefix before a verb (`Weather_1_GetWeather`, `Flights_4_SearchOnewayFlight`).
  const afterNumber = core.findIndex((w, i) => i >= 2 && i < core.length - 1 && DIGITS.test(core[i - 1]!) && verbKind(w, extra) !== undefined);
  if (core.length >= 2 && verbKind(last, extra) !== undefined && !TRAILING_NOUNS.has(last)) {
    cores.push([last, ...core.slice(0, -1)]);
  } else if (afterNumber > 0) {
    cores.push(core.slice(afterNumber));
  } else {
    const verb = descriptionVerb(options.description, extra);
    if (verb && verb !== 'get' && !core.includes(verb)) cores.push([verb, ...core]);
    if (!options.writes) {
      if (last.length > 3 && singular(last) !== last && !NOT_LISTABLE.has(last)) cores.push(['list', ...core]);
      const stripped = core.length > 1 && DROPPED_TAILS.has(last) ? core.slice(0, -1) : core;
      cores.push(['get', ...stripped]);
      if (stripped !== core) cores.push(['get', ...core]);
    }
  }
  const out: string[] = [];
  for (const c of cores) {
    const seg = joinStyled([...ns, ...c, ...version], style);
    const candidate = prefix + seg;
    if (candidate === name || out.includes(candidate) || options.taken?.has(candidate)) continue;
    if (!isVerbFirst(nameParts(seg, extra, namespaces), extra)) continue;
    if (nameVagueness(candidate, extra, namespaces)) continue;
    out.push(candidate);
    if (out.length === 3) break;
  }
  return out;
}

/** The verb-first candidates of a tool: its description and MCP annotations count (see `verbFirstNames`). */
export function toolVerbFirstNames(t: ToolInfo, extra: ReadonlyMap<string, VerbKind>, namespaces: ReadonlySet<string>, names: ReadonlySet<string>): string[] {
  if (t.name === undefined) return [];
  const readOnly = explicitHint(t, 'readOnlyHint');
  const destructive = explicitHint(t, 'destructiveHint');
  const writes = readOnly?.value === false || destructive?.value === true;
  // The tool's own name may stay in `taken`: a candidate always differs from it.
  return verbFirstNames(t.name, { extra, namespaces, description: t.description, writes, taken: names });
}
