/**
 * Helpers shared by the Names rules (SPEC Service rule 4): what makes a tool name vague, which verbs clearly
 * read or write (for MCP annotation checks), the tool list a tool belongs to (duplicates, toolset size), and
 * a `<thing>_id` suggestion from a tool's name.
 */
import { bool, child, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { nameParts, singular, verbKind, type NameParts, type VerbKind, NOUN_LIKE_VERBS } from '../text';

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

/**
 * The snake_case form of a name, keeping letter-digit runs together (`get-9to5mac-news` → `get_9to5mac_news`,
 * `getUserID` → `get_user_id`, `listDatacentersV1` → `list_datacenters_v1`). Empty when nothing ASCII is left.
 */
export function snakeName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}
