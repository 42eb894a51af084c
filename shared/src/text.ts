/**
 * Words in identifiers and descriptions, the verb lexicon (with the query / mutation / action kinds of
 * SPEC Service rule 4) and small English helpers. Shared by the name, description, type and purpose rules.
 */

export type VerbKind = 'query' | 'mutation' | 'action';

/**
 * A copy of a string that holds only its own characters, for what a module-level cache keeps. A string read
 * from a parsed document (jsonc-parser's values are substrings of the text), sliced from its text or
 * concatenated from such pieces is, in V8, a view that keeps the whole document text alive: caches keyed by
 * descriptions, names and schema texts kept one old version of the document per entry (typing 30 characters
 * into a description of a 3 MB file kept all 30 versions, 90 MB, until the caches were cleared). Slicing a
 * concatenation makes V8 flatten it into a new string first; strings under 13 characters are always copies.
 */
export function ownString(s: string): string {
  return s.length < 13 ? s : (' ' + s).slice(1);
}

/**
 * Keys longer than this are not copied by a StringCache: it keeps one such key, its last, as given. A copy in each
 * of the engine's caches would multiply a hostile 10 MB description by ten on every keystroke.
 */
export const MAX_COPIED_KEY = 65_536;

const STRING_CACHES: StringCache<unknown>[] = [];

/** Empties every StringCache (clearEngineCaches in linter.ts: a lint measured cold again). */
export function clearStringCaches(): void {
  for (const c of STRING_CACHES) c.clear();
}

const CACHED_UNDEFINED: unique symbol = Symbol('undefined');

/**
 * A bounded module-level cache keyed by strings from documents. Keys up to MAX_COPIED_KEY characters are stored
 * as own copies (see ownString), with values computed from the copy: at most `maxEntries` of them and `maxChars`
 * characters of keys (all dropped when either bound is reached). Of longer keys it keeps only the last, as given,
 * which keeps at most one version of one document alive.
 */
export class StringCache<V> {
  private readonly map = new Map<string, V | typeof CACHED_UNDEFINED>();
  /** Look-ups answered from the cache so far (memoByString adapts to it). */
  hits = 0;
  private chars = 0;
  private long: { key: string; value: V } | undefined;

  constructor(
    private readonly maxEntries = 20_000,
    private readonly maxChars = 16_000_000,
  ) {
    // Every instance is module-level (one per analysis), so the list does not grow with use.
    STRING_CACHES.push(this);
  }

  clear(): void {
    this.map.clear();
    this.chars = 0;
    this.long = undefined;
  }

  /** The value cached for `key`, or undefined (nothing computed). */
  peek(key: string): V | undefined {
    if (key.length > MAX_COPIED_KEY) return this.long && this.long.key === key ? this.long.value : undefined;
    const hit = this.map.get(key);
    return hit === CACHED_UNDEFINED ? undefined : hit;
  }

  /** The value cached for `key`, else `compute`'s, stored; `compute` gets the string to compute from (the cache's copy of the key). */
  get(key: string, compute: (key: string) => V): V {
    if (key.length > MAX_COPIED_KEY) {
      if (this.long && this.long.key === key) return this.long.value;
      const value = compute(key);
      this.long = { key, value };
      return value;
    }
    const hit = this.map.get(key);
    // One look-up on a hit or a miss: an undefined value is stored as CACHED_UNDEFINED.
    if (hit !== undefined) {
      this.hits++;
      return hit === CACHED_UNDEFINED ? (undefined as V) : hit;
    }
    const own = ownString(key);
    const value = compute(own);
    if (this.map.size >= this.maxEntries || this.chars + own.length > this.maxChars) {
      this.map.clear();
      this.chars = 0;
    }
    this.map.set(own, value === undefined ? CACHED_UNDEFINED : value);
    this.chars += own.length;
    return value;
  }
}

/** A record with ownString copies of its string values (finding data kept by a cache). */
export function ownRecord<T extends Record<string, string | number>>(r: T): T {
  const out: Record<string, string | number> = {};
  for (const k of Object.keys(r)) {
    const v = r[k]!;
    out[k] = typeof v === 'string' ? ownString(v) : v;
  }
  return out as T;
}

/** Splits an identifier in any case style into lower-case words: `getUserInfo`, `get-user.info` → get,user,info. */
export function identWords(name: string): string[] {
  // Many rules split the same names: memoised (bounded). Callers must not mutate the result.
  return WORDS_CACHE.get(name, splitIdent);
}

const WORDS_CACHE = new StringCache<string[]>();

function splitIdent(name: string): string[] {
  const out: string[] = [];
  for (const part of name.split(/[^A-Za-z0-9]+/)) {
    if (!part) continue;
    // camelCase / PascalCase / digits boundaries: "getHTTPResponse2" → get, http, response, 2
    const pieces = part.match(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g);
    if (pieces) for (const p of pieces) out.push(p.toLowerCase());
  }
  return out;
}

/** The text without leading and trailing "_" (a loop: /^_+|_+$/ is quadratic on a long run of "_" inside a name). */
export function trimUnderscores(s: string): string {
  let a = 0;
  let b = s.length;
  while (a < b && s.charCodeAt(a) === 95) a++;
  while (b > a && s.charCodeAt(b - 1) === 95) b--;
  return s.slice(a, b);
}

/** snake_case form of an identifier. */
export function toSnakeCase(name: string): string {
  return identWords(name).join('_');
}

export const SNAKE_CASE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

const QUERY = `get list query search find count read fetch lookup look retrieve show view describe check
  browse inspect introspect explore scan peek preview poll watch monitor track verify validate test compare
  diff estimate calculate compute convert translate summarize analyze analyse extract parse detect classify
  predict recommend suggest resolve explain locate identify measure evaluate score rank sort filter match
  download load export print render plot visualize visualise display lint review audit lookup geocode
  transcribe recognize ocr forecast research discover query_ fetch_ see determine infer interpret
  tell ask answer solve simulate plan think reason aggregate sum average tally collect gather crawl scrape
  sample concat concatenate multiply divide subtract reverse`;
const MUTATION = `create add insert update set delete remove edit write modify patch put upload rename move
  copy append prepend save store register unregister assign unassign attach detach link unlink tag untag
  label archive unarchive restore reset clear purge flush clean drop truncate replace upsert merge import
  enable disable toggle mark unmark star unstar pin unpin like unlike follow unfollow subscribe unsubscribe
  block unblock ban unban grant revoke approve reject accept decline close reopen open lock unlock publish
  unpublish commit push fork rebase revert rollback configure init initialize provision install uninstall
  upgrade downgrade scale resize rotate crop format sync mute unmute invite kick book reserve order purchase
  buy sell pay refund transfer withdraw deposit charge cancel_ apply fill set_ change adjust increment
  decrement allocate deallocate populate generate compose draft fix annotate comment reply react vote rate
  review_ post enroll join leave share unshare hide unhide protect unprotect encrypt decrypt sign log
  destroy erase wipe overwrite clone flip reschedule`;
const ACTION = `send run start stop cancel execute trigger invoke call launch kill restart reboot shutdown
  pause resume play skip deploy build compile notify alert email message ping navigate click type press
  hover drag drop scroll tap swipe select submit wait sleep dispatch emit broadcast publish_ schedule
  process handle perform do make use manage operate act speak say capture screenshot record take snap
  login logout authenticate authorize connect disconnect open_ close_ exec spawn evaluate_ render_ focus
  go visit dial chat reply_ forward escalate request ask_ queue enqueue dequeue retry rerun test_ commit_
  speak listen translate_ convert_ turn switch set_ flash blink greet handover`;

const VERB_KIND = new Map<string, VerbKind>();
function addVerbs(list: string, kind: VerbKind): void {
  for (const w of list.split(/\s+/)) {
    const v = w.replace(/_$/, '');
    if (v && !VERB_KIND.has(v)) VERB_KIND.set(v, kind);
  }
}
addVerbs(QUERY, 'query');
addVerbs(MUTATION, 'mutation');
addVerbs(ACTION, 'action');
// Predicates read state: is_x, has_x, can_x (query).
for (const v of ['is', 'has', 'can', 'should', 'does', 'exists', 'contains']) VERB_KIND.set(v, 'query');

/** The kind of a verb, or undefined when the word is not a known verb. `extra` adds verbs from configuration. */
export function verbKind(word: string, extra?: ReadonlyMap<string, VerbKind>): VerbKind | undefined {
  const w = word.toLowerCase();
  return extra?.get(w) ?? VERB_KIND.get(w);
}

export function isVerb(word: string, extra?: ReadonlyMap<string, VerbKind>): boolean {
  return verbKind(word, extra) !== undefined;
}

/** Verbs that are more often nouns inside a name (`pull_request`, `sales_order`, `blog_post`). */
export const NOUN_LIKE_VERBS = new Set(['request', 'order', 'book', 'post', 'record', 'message', 'email', 'schedule', 'comment', 'tag', 'label', 'test', 'review', 'plan', 'sample', 'score', 'rank', 'match', 'filter', 'sort', 'format', 'alert', 'queue', 'chat', 'text', 'reply', 'vote', 'rate', 'note', 'trigger', 'report', 'search', 'query', 'list', 'count', 'map', 'export', 'import', 'download', 'upload', 'call', 'check', 'store', 'build', 'job', 'file', 'play', 'share', 'view', 'watch', 'track', 'charge', 'transfer', 'quote', 'forecast', 'estimate', 'draft', 'input', 'output', 'state', 'status']);

/** Verbs that delete or overwrite data (destructive mutations). */
export const DESTRUCTIVE_VERBS = new Set(['delete', 'remove', 'drop', 'truncate', 'purge', 'clear', 'destroy', 'erase', 'wipe', 'reset', 'overwrite', 'replace', 'kill', 'revoke', 'ban']);

/** Common English stop words, ignored when comparing descriptions with names. */
export const STOP_WORDS = new Set(
  `a an the of for to in on at by with from and or this that these those it its is are be been being as
  into onto about over under via per some any all each every your you user users their them given specified
  provided new current based using use used`.split(/\s+/),
);

/** A crude singular form, enough to compare `records`/`record`, `entries`/`entry`. */
export function singular(word: string): string {
  const w = word.toLowerCase();
  if (w.length <= 3) return w;
  if (/(ss|us|is)$/.test(w)) return w;
  if (w.endsWith('ies')) return w.slice(0, -3) + 'y';
  if (/(ches|shes|xes|zes|sses)$/.test(w)) return w.slice(0, -2);
  if (w.endsWith('s')) return w.slice(0, -1);
  return w;
}

/** A crude stem for comparing a description's verbs with a name's: gets→get, searching→search. */
export function stem(word: string): string {
  let w = word.toLowerCase();
  if (w.length > 5 && w.endsWith('ing')) w = w.slice(0, -3);
  else if (w.length > 4 && w.endsWith('ed')) w = w.slice(0, -2);
  else if (w.length > 4 && w.endsWith('es') && /(ch|sh|x|z|ss)es$/.test(w)) w = w.slice(0, -2);
  else if (w.length > 3 && w.endsWith('s') && !w.endsWith('ss')) w = w.slice(0, -1);
  return w;
}

/**
 * textWords' pattern (global: `match` resets it; a caller that runs `exec` one word at a time starts from
 * lastIndex 0 and leaves it at 0).
 */
export const TEXT_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** Words of free text (letters and digits), lower-cased. */
export function textWords(text: string): string[] {
  return text.toLowerCase().match(TEXT_WORD) ?? [];
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af\uf900-\ufaff]/g;

/**
 * Approximate word count of a description. Scripts written without spaces (Chinese, Japanese, Korean) count
 * one word per two characters, so a well-written description in those languages is not called short.
 */
export function wordCount(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  const rest = text.replace(CJK, ' ');
  const words = rest.match(/[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu)?.length ?? 0;
  return words + Math.ceil(cjk / 2);
}

const WORD = /[\p{L}\p{N}][\p{L}\p{N}'’_-]*/gu;

/** wordCount(text), counted only up to `limit` (a text of `limit` words or more gives `limit`): no word list built. */
export function wordCountUpTo(text: string, limit: number): number {
  CJK.lastIndex = 0;
  if (CJK.test(text)) return Math.min(limit, wordCount(text));
  WORD.lastIndex = 0;
  let n = 0;
  while (n < limit && WORD.test(text)) n++; // test, not exec: no match array per word
  return n;
}

/** The first sentence-ish line of a description, for messages. */
export function excerpt(text: string, max = 60): string {
  const one = text.replace(/\s+/g, ' ').trim();
  return one.length > max ? one.slice(0, max - 1) + '…' : one;
}

/** Splits a tool name into its verb, object words and namespace prefix. */
export interface NameParts {
  words: string[];
  /** Index of the verb in `words`, or -1. */
  verbIndex: number;
  verb: string | undefined;
  kind: VerbKind | undefined;
  /** Words after the verb. */
  object: string[];
  /** Words before the verb (a namespace such as `github_` in `github_create_issue`). */
  namespace: string[];
}

/**
 * Reads a tool name: the last dotted segment is the tool (BFCL `math.factorial`, MCP `server.tool`), a
 * leading namespace word is allowed when a verb follows it and is not the last word.
 */
export function nameParts(name: string, extra?: ReadonlyMap<string, VerbKind>, namespaces?: ReadonlySet<string>): NameParts {
  const lastSegment = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1) || name : name;
  const words = identWords(lastSegment);
  let verbIndex = -1;
  if (words.length > 0 && isVerb(words[0]!, extra)) verbIndex = 0;
  else {
    // Namespace prefix: words shared with sibling tools, or one word followed by a verb that has an object.
    let i = 0;
    while (i < words.length - 1 && namespaces?.has(words.slice(0, i + 1).join('_'))) i++;
    // Sibling tools that share the verb too (`flights_4_search_oneway`, `flights_4_search_roundtrip`) share a
    // prefix that runs past it: the verb is the last shared word that is one.
    while (i > 0 && !isVerb(words[i]!, extra)) i--;
    if (i > 0 && i < words.length && isVerb(words[i]!, extra)) verbIndex = i;
    // One namespace word, then a verb with an object (`github_create_issue`); not when that "verb" is a word
    // usually read as a noun and the name ends with a verb (`pull_request_read`: "pull request" + "read").
    else if (words.length >= 3 && isVerb(words[1]!, extra) && !(NOUN_LIKE_VERBS.has(words[1]!) && isVerb(words[words.length - 1]!, extra))) verbIndex = 1;
  }
  const verb = verbIndex >= 0 ? words[verbIndex] : undefined;
  return {
    words,
    verbIndex,
    verb,
    kind: verb ? verbKind(verb, extra) : undefined,
    object: verbIndex >= 0 ? words.slice(verbIndex + 1) : words,
    namespace: verbIndex > 0 ? words.slice(0, verbIndex) : [],
  };
}

/** Positions in `names` of the names of each length, ascending (candidates for a distance within k: lengths ±k). */
export function positionsByLength(names: readonly string[]): Map<number, number[]> {
  const out = new Map<number, number[]>();
  names.forEach((n, i) => {
    const list = out.get(n.length);
    if (list) list.push(i);
    else out.set(n.length, [i]);
  });
  return out;
}

/** Prefixes (joined words) shared by at least two tool names in a file: their namespace. */
export function sharedPrefixes(names: readonly string[]): Set<string> {
  const counts = new Map<string, number>();
  for (const n of names) {
    const w = identWords(n.includes('.') ? n.slice(n.lastIndexOf('.') + 1) : n);
    // Namespaces are short (`github_`, `google_drive_`): prefixes of up to 8 words, so a hostile name of
    // thousands of words costs 8 joins, not thousands.
    for (let i = 1; i < Math.min(w.length, 9); i++) {
      const p = w.slice(0, i).join('_');
      counts.set(p, (counts.get(p) ?? 0) + 1);
    }
  }
  const out = new Set<string>();
  for (const [p, c] of counts) if (c >= 2) out.add(p);
  return out;
}

/** Renders `{{key}}` placeholders. */
export function interpolate(template: string, data: Record<string, string | number> | undefined): string {
  if (!data) return template;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (m, k: string) => (k in data ? clipValue(String(data[k])) : m));
}

/**
 * The most characters of one value a message quotes; a longer one ends in "…" (the finding's data keeps it whole,
 * for fixes). The corpus's longest is 170 characters (an enum list); a hostile 100,000-character `$ref` or name
 * is not copied into its message, nor into every editor's Problems panel.
 */
export const MAX_MESSAGE_VALUE = 300;

export function clipValue(s: string): string {
  if (s.length <= MAX_MESSAGE_VALUE) return s;
  let end = MAX_MESSAGE_VALUE - 1;
  const c = s.charCodeAt(end - 1);
  if (c >= 0xd800 && c <= 0xdbff) end--; // not half of a surrogate pair
  return s.slice(0, end) + '…';
}

/** Quoted, comma-joined list for messages: "a", "b" and "c". */
export function humanList(items: readonly string[], quote = '"'): string {
  const q = items.map((i) => `${quote}${i}${quote}`);
  if (q.length <= 1) return q.join('');
  return q.slice(0, -1).join(', ') + ' and ' + q[q.length - 1];
}

/**
 * Memoises a pure function of a string (a StringCache: bounded, cleared when full). Descriptions rarely change
 * between two lints, so the text analyses of unchanged tools cost a map lookup on each keystroke.
 *
 * A cache pays only when strings repeat. A miss hashes the string twice and copies it: at 200 characters about
 * 0.9 µs, a hit 0.45 µs, where the analyses scan such a string in about 1.5 µs; below about 45% of hits, caching
 * costs more than it saves. On the corpus a quarter of the descriptions repeat, in generated files most parameter
 * descriptions do. So strings shorter than `adaptBelow` are cached while at least 40% of the look-ups of a window
 * of 512 hit; after a window below that, the next 2,048 are computed without the cache, then a window is tried again.
 * Longer strings are always cached (their scan costs more than their look-up).
 */
export function memoByString<R>(fn: (key: string) => R, max = 20_000, adaptBelow = 0): (key: string) => R {
  const cache = new StringCache<R>(max);
  if (adaptBelow <= 0) return (key: string) => cache.get(key, fn);
  let lookups = 0;
  let hits = 0;
  let bypass = 0;
  return (key: string) => {
    if (key.length >= adaptBelow) return cache.get(key, fn);
    if (bypass > 0) {
      bypass--;
      return fn(key);
    }
    const before = cache.hits;
    const value = cache.get(key, fn);
    if (cache.hits !== before) hits++;
    if (++lookups === ADAPT_WINDOW) {
      if (hits < ADAPT_WINDOW * 0.4) bypass = ADAPT_WINDOW * 4;
      lookups = hits = 0;
    }
    return value;
  };
}

const ADAPT_WINDOW = 512;

/**
 * Appends every item of `items` to `out`, in a loop: `out.push(...items)` passes each item as an argument, and an
 * array of some 120,000 items or more overflows the call stack ("Maximum call stack size exceeded": fix-all of
 * 150,000 fixes failed that way).
 */
export function appendAll<T>(out: T[], items: readonly T[]): T[] {
  for (const x of items) out.push(x);
  return out;
}

/**
 * For the raw text of a JSON string (between its quotes), where each UTF-16 unit of the decoded string starts in it,
 * plus its end: "\uXXXX" is one unit, any other escape one character.
 */
export function escapedStarts(raw: string): number[] {
  const starts: number[] = [];
  let i = 0;
  while (i < raw.length) {
    starts.push(i);
    i += raw.charCodeAt(i) !== 92 ? 1 : raw.charCodeAt(i + 1) === 117 ? 6 : 2;
  }
  starts.push(Math.min(i, raw.length));
  return starts;
}

/** Created on first use: creating a collator loads ICU's collation data, about 70 million instructions. */
let names: Intl.Collator | undefined;
/** Names in a fixed order: as people sort them (digits by value), then by code units where the collator sees no difference. */
export function byName(a: string, b: string): number {
  return (names ??= new Intl.Collator('en', { numeric: true })).compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}

/**
 * What one Levenshtein distance between strings of these lengths costs, in units of a distance between two names
 * of up to 32 characters (fastest-levenshtein compares 32 characters of one string at a time against each
 * character of the other). The rules' "did you mean" budgets are counted in these units: counted in comparisons,
 * 200 names of 1,000 characters cost 17–20 s at 410 KB (an independent fuzzer).
 */
export function distanceCost(a: number, b: number): number {
  return Math.max(1, Math.ceil(Math.min(a, b) / 32) * Math.ceil(Math.max(a, b) / 32));
}

/** cyrb53: a fast 53-bit string hash (collisions are negligible for cache keys of this size). */
export function hash53(str: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}
