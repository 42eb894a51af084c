/**
 * Classification of parameters by name and description, shared by the Types rules and single-purpose:
 * count-like, flag-like and list-like names, closed value sets written in descriptions, numeric bounds
 * written in descriptions, type slots (a property's declared types, also inside a nullable anyOf), JSON
 * Schema type names, and the read / write kind of operation names.
 *
 * Everything here is pure and cheap: module-level regular expressions, no allocation beyond the result.
 */
import { child, elements, isArray, isObject, type Node } from '../document';
import { StringCache, identWords, verbKind } from '../text';

// ---------------------------------------------------------------------------------------------
// Types

/** The seven JSON Schema type names. */
export const JSON_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/** One declared type: the `type` string (or one element of a `type` array) and the schema holding it. */
export interface TypeSlot {
  /** The string node holding the type name (report this to highlight the type). */
  node: Node;
  /** The type name as written. */
  raw: string;
  /** Lower-cased. */
  name: string;
  /** The schema object the `type` belongs to (the property schema, or an anyOf/oneOf branch). */
  holder: Node;
}

function ownSlots(schema: Node, out: TypeSlot[]): void {
  const t = child(schema, 'type');
  if (!t) return;
  if (t.type === 'string') out.push({ node: t, raw: t.value as string, name: (t.value as string).toLowerCase(), holder: schema });
  else if (isArray(t)) {
    for (const e of elements(t)) {
      if (e.type === 'string') out.push({ node: e, raw: e.value as string, name: (e.value as string).toLowerCase(), holder: schema });
    }
  }
}

/**
 * The declared types of a property: its own `type`, or, when it has none, the types of its anyOf / oneOf
 * branches (the `anyOf: [{type: integer}, {type: null}]` shape that Pydantic and zod emit for optionals).
 * The result is shared by every schema without a type (callers must not change it); property visitors ask
 * propertySlots (schemaWalk.ts), which computes it once per property.
 */
export function typeSlots(schema: Node): readonly TypeSlot[] {
  if (!isObject(schema)) return NO_SLOTS;
  const found: TypeSlot[] = [];
  ownSlots(schema, found);
  if (found.length === 0 && !child(schema, 'type')) {
    for (let i = 0; i < ONE_OR_ANY.length; i++) {
      const branches = elements(child(schema, ONE_OR_ANY[i]!));
      for (let j = 0; j < branches.length; j++) if (isObject(branches[j])) ownSlots(branches[j]!, found);
    }
  }
  return found.length > 0 ? found : NO_SLOTS;
}

const NO_SLOTS: readonly TypeSlot[] = Object.freeze([]);
const ONE_OR_ANY = ['anyOf', 'oneOf'] as const;
const BRANCH_KEYWORDS = ['anyOf', 'oneOf', 'allOf'] as const;

/** The non-null slots when every one of them is `kind` (case-insensitive), else undefined. */
export function onlyType(slots: readonly TypeSlot[], kind: string): TypeSlot | undefined {
  let first: TypeSlot | undefined;
  for (const s of slots) {
    if (s.name === 'null') continue;
    if (s.name !== kind) return undefined;
    first ??= s;
  }
  return first;
}

/**
 * Whether the schema, or one of its anyOf / oneOf / allOf branches, has the keyword. Indexed loops here and in
 * enumStrings: asked several times of every property, their for-of loops allocated an iterator result per step
 * (a twelfth of what a lint of new tools allocated).
 */
export function hasKeyword(schema: Node, key: string): boolean {
  if (!isObject(schema)) return false;
  if (child(schema, key) !== undefined) return true;
  for (let i = 0; i < BRANCH_KEYWORDS.length; i++) {
    const branches = elements(child(schema, BRANCH_KEYWORDS[i]!));
    for (let j = 0; j < branches.length; j++) {
      const b = branches[j]!;
      if (b.type === 'object' && child(b, key) !== undefined) return true;
    }
  }
  return false;
}

/** A string `enum` or `const` restricts the value already. */
export function isRestricted(schema: Node): boolean {
  return hasKeyword(schema, 'enum') || hasKeyword(schema, 'const');
}

/** Strings of the schema's `enum` (own or in a branch). */
export function enumStrings(schema: Node): string[] {
  const out: string[] = [];
  collectEnum(schema, out);
  for (let i = 0; i < ONE_OR_ANY.length; i++) {
    const branches = elements(child(schema, ONE_OR_ANY[i]!));
    for (let j = 0; j < branches.length; j++) collectEnum(branches[j], out);
  }
  return out;
}

function collectEnum(n: Node | undefined, out: string[]): void {
  const values = elements(child(n, 'enum'));
  for (let i = 0; i < values.length; i++) {
    const e = values[i]!;
    if (e.type === 'string') out.push(e.value as string);
  }
}

const TYPE_ALIASES: ReadonlyMap<string, string> = new Map(Object.entries({
  int: 'integer', int8: 'integer', int16: 'integer', int32: 'integer', int64: 'integer', uint: 'integer', uint8: 'integer',
  uint16: 'integer', uint32: 'integer', uint64: 'integer', long: 'integer', short: 'integer', byte: 'integer', bigint: 'integer',
  biginteger: 'integer', i32: 'integer', i64: 'integer', u32: 'integer', u64: 'integer', usize: 'integer', isize: 'integer', natural: 'integer',
  float: 'number', double: 'number', decimal: 'number', real: 'number', float32: 'number', float64: 'number', f32: 'number', f64: 'number',
  bigdecimal: 'number', numeric: 'number', num: 'number',
  str: 'string', text: 'string', char: 'string', character: 'string', varchar: 'string', charsequence: 'string', unicode: 'string', bytes: 'string',
  bool: 'boolean', bit: 'boolean',
  dict: 'object', dictionary: 'object', map: 'object', hashmap: 'object', record: 'object', struct: 'object', json: 'object', jsonobject: 'object',
  list: 'array', tuple: 'array', set: 'array', arraylist: 'array', vector: 'array', sequence: 'array', seq: 'array', slice: 'array', collection: 'array',
  none: 'null', nonetype: 'null', nil: 'null', void: 'null', undefined: 'null',
}));
/** Types that are strings with a `format`. */
const FORMAT_TYPES: ReadonlyMap<string, string> = new Map(Object.entries({
  date: 'date', datetime: 'date-time', 'date-time': 'date-time', timestamp: 'date-time', time: 'time', duration: 'duration',
  uuid: 'uuid', email: 'email', uri: 'uri', url: 'uri', hostname: 'hostname', ipv4: 'ipv4', ipv6: 'ipv6',
}));
const ANY_TYPES = new Set(['any', 'anytype', 'unknown', 'mixed', 'object?', '*']);

export type TypeCorrection =
  | { kind: 'upper'; type: string }
  | { kind: 'alias'; type: string; items?: string }
  | { kind: 'format'; type: 'string'; format: string }
  | { kind: 'any' }
  | { kind: 'unknown' };

/** The JSON Schema type name type-unknown's fix writes for `raw` ("str" → "string", "List[str]" → "array"), if any. */
export function correctedTypeName(raw: string): string | undefined {
  const c = correctType(raw);
  if (!c) return undefined;
  if (c.kind === 'upper') return c.type;
  if (c.kind === 'alias') return c.items ? 'array' : c.type;
  if (c.kind === 'format') return 'string';
  return undefined;
}

/** What to write instead of a `type` value that is not a JSON Schema type name; undefined when it is one. */
export function correctType(raw: string): TypeCorrection | undefined {
  if (JSON_TYPES.has(raw)) return undefined;
  const lower = raw.trim().toLowerCase();
  if (JSON_TYPES.has(lower)) return raw === raw.toUpperCase() ? { kind: 'upper', type: lower } : { kind: 'alias', type: lower };
  if (ANY_TYPES.has(lower)) return { kind: 'any' };
  // Java / TypeScript arrays and generics: string[], List<String>, Array<int>, list[str].
  const arr = /^(?:(\w+)\s*\[\s*\]|(?:list|array|arraylist|set|tuple|sequence|iterable|collection)\s*[<[]\s*(\w+)\s*[>\]])$/.exec(lower);
  if (arr) {
    const inner = arr[1] ?? arr[2] ?? '';
    const it = JSON_TYPES.has(inner) ? inner : TYPE_ALIASES.get(inner);
    return it && it !== 'null' ? { kind: 'alias', type: 'array', items: it } : { kind: 'alias', type: 'array' };
  }
  if (/^(?:map|dict|hashmap|record)\s*[<[]/.test(lower)) return { kind: 'alias', type: 'object' };
  const alias = TYPE_ALIASES.get(lower);
  if (alias) return { kind: 'alias', type: alias };
  const fmt = FORMAT_TYPES.get(lower);
  if (fmt) return { kind: 'format', type: 'string', format: fmt };
  return { kind: 'unknown' };
}

// ---------------------------------------------------------------------------------------------
// Names

/** snake_case key of a name's words: `perPage` → per_page, `max-results` → max_results. */
export function nameKey(name: string): string {
  return identWords(name).join('_');
}

export type CountKind = 'limit' | 'page' | 'offset' | 'count';

export interface CountInfo {
  /** limit: how many to return (needs a maximum); page / offset: position; count: any other quantity. */
  kind: CountKind;
  /** Only whole values make sense (a `number` type is reported too). */
  whole: boolean;
  /** Flag only a string type (hours may be fractional). */
  stringOnly: boolean;
  /** The minimum that fits when the description says nothing. */
  floor: number;
}

const LIMIT_NAMES = new Set([
  'limit', 'count', 'page_size', 'pagesize', 'per_page', 'perpage', 'top_k', 'top_n', 'topk', 'topn', 'num_results', 'max_results',
  'results_per_page', 'hits_per_page', 'items_per_page', 'n_results', 'retries', 'max_retries', 'attempts', 'max_attempts', 'result_limit',
  'num_items', 'max_items', 'max_count',
]);
const PAGE_NAMES = new Set(['page', 'page_number', 'page_num', 'page_no', 'pageno', 'page_index']);
const OFFSET_NAMES = new Set(['offset', 'skip', 'start_index']);
const COUNT_NAMES = new Set([
  'quantity', 'qty', 'guests', 'adults', 'children', 'kids', 'infants', 'nights', 'passengers', 'seats', 'tickets', 'rooms',
  'travelers', 'travellers', 'k', 'days', 'weeks', 'months', 'hours', 'num_pages', 'number_of_results',
]);
/** Whole-number quantities (a `number` type is reported for these). */
const DISCRETE = new Set([
  'results', 'result', 'items', 'item', 'tokens', 'pages', 'rows', 'records', 'entries', 'retries', 'attempts', 'tries', 'hits', 'messages',
  'files', 'lines', 'words', 'steps', 'iterations', 'count', 'posts', 'comments', 'tweets', 'videos', 'images', 'documents', 'docs',
  'matches', 'candidates', 'sentences', 'paragraphs', 'redirects', 'turns', 'rounds', 'epochs', 'responses', 'suggestions', 'completions',
  'choices', 'links', 'articles', 'products', 'reviews', 'photos', 'tracks', 'songs', 'users', 'issues', 'events', 'emails', 'depth',
  'length', 'chars', 'characters', 'guests', 'adults', 'children', 'passengers', 'seats', 'tickets', 'rooms', 'nights', 'pages',
]);
/** Plurals that measure rather than count (fractional values make sense). */
const MEASURES = new Set([
  'miles', 'kilometers', 'kilometres', 'meters', 'metres', 'km', 'calories', 'degrees', 'dollars', 'euros', 'grams', 'pounds', 'kg', 'lbs',
  'hours', 'minutes', 'seconds', 'ms', 'bytes', 'points', 'percent', 'stars', 'ratings', 'years', 'decibels', 'watts', 'volts', 'liters',
  'litres', 'ounces', 'inches', 'feet', 'yards', 'acres', 'credits', 'fees', 'prices', 'sales',
]);
const NOT_LIMIT_WORDS = new Set(['time', 'budget', 'price', 'cost', 'rate', 'memory', 'size', 'credit', 'spend', 'spending', 'amount', 'speed', 'temperature', 'weight', 'upper', 'lower', 'speed', 'age', 'date', 'distance']);

/** Nouns for what a call returns: a max_ / num_ of these caps the response. */
const RESULTISH = /^(?:results?|items?|hits|matches|candidates|choices|completions|responses|suggestions|documents|docs|records|rows|entries|tokens|pages|messages|posts|comments|tweets|articles|products|reviews|videos|images|photos|tracks|songs|events|issues|users|links|files|lines)$/;

function isPlural(w: string): boolean {
  return w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w);
}

/** Whether a parameter name is a count: how many (limit, count, max_results...), a page or an offset. */
export function countLike(name: string): CountInfo | undefined {
  const w = identWords(name);
  if (w.length === 0) return undefined;
  const s = w.join('_');
  const last = w[w.length - 1]!;
  const first = w[0]!;
  if (LIMIT_NAMES.has(s)) return { kind: 'limit', whole: true, stringOnly: false, floor: 1 };
  if (PAGE_NAMES.has(s)) return { kind: 'page', whole: true, stringOnly: false, floor: 1 };
  if (OFFSET_NAMES.has(s)) return { kind: 'offset', whole: true, stringOnly: false, floor: 0 };
  if (COUNT_NAMES.has(s)) {
    const fractional = s === 'days' || s === 'weeks' || s === 'months' || s === 'hours' || s === 'quantity' || s === 'qty';
    return { kind: 'count', whole: !fractional, stringOnly: s === 'hours', floor: s === 'days' || s === 'hours' || s === 'children' || s === 'kids' || s === 'infants' ? 0 : 1 };
  }
  if (w.length < 2) return undefined;
  if (last === 'only' || first === 'include' || first === 'show' || first === 'with' || first === 'return' || first === 'is' || first === 'has') return undefined;
  // results_per_page, itemsPerPage, default_page_size
  if ((w[w.length - 2] === 'per' && last === 'page') || (w[w.length - 2] === 'page' && last === 'size')) {
    return { kind: 'limit', whole: true, stringOnly: false, floor: 1 };
  }
  if (first === 'max' || first === 'maximum' || first === 'min' || first === 'minimum') {
    const rest = w.slice(1);
    const noun = last;
    if (rest.length > 3 || MEASURES.has(noun)) return undefined;
    const countable = DISCRETE.has(noun) || noun === 'count' || (isPlural(noun) && !NOT_LIMIT_WORDS.has(noun));
    if (!countable) return undefined;
    // max_results / max_tokens cap what comes back (a limit); max_beds / min_followers filter (a count).
    const isLimit = (first === 'max' || first === 'maximum') && RESULTISH.test(noun);
    return { kind: isLimit ? 'limit' : 'count', whole: DISCRETE.has(noun) || noun === 'count', stringOnly: false, floor: isLimit ? 1 : 0 };
  }
  if (last === 'count') return { kind: 'count', whole: true, stringOnly: false, floor: 0 };
  if (first === 'count' && w.length === 2 && isPlural(w[1]!)) return { kind: 'count', whole: true, stringOnly: false, floor: 0 };
  if ((first === 'num' || first === 'n') && /^[a-z]{3,}$/.test(last) && !MEASURES.has(last)) {
    return { kind: RESULTISH.test(last) ? 'limit' : 'count', whole: true, stringOnly: false, floor: 1 };
  }
  if (first === 'number' && w[1] === 'of' && w.length > 2 && !MEASURES.has(last)) return { kind: 'count', whole: true, stringOnly: false, floor: 1 };
  if (last === 'limit' && !w.slice(0, -1).some((x) => NOT_LIMIT_WORDS.has(x))) {
    const whole = w.slice(0, -1).every((x) => DISCRETE.has(x) || x === 'result' || x === 'page' || x === 'search' || x === 'query' || x === 'request' || x === 'response');
    return { kind: 'limit', whole, stringOnly: false, floor: 1 };
  }
  return undefined;
}

export type FlagStrength = 'strong' | 'weak';

const FLAG_EXACT = new Set(['enabled', 'disabled', 'dry_run', 'dryrun', 'force', 'verbose', 'debug', 'recursive', 'overwrite']);
const FLAG_PREFIX_STRONG = new Set(['is', 'has', 'can', 'should', 'enable', 'disable', 'allow']);
const FLAG_PREFIX_WEAK = new Set(['include', 'use', 'show', 'with', 'skip', 'exclude', 'hide', 'return', 'only', 'auto', 'no']);
/** `is_id`, `is_from`: ToolBench escapes of Python keywords and builtins, not predicates. */
const NOT_PREDICATE = new Set([
  'id', 'ids', 'from', 'for', 'to', 'in', 'by', 'of', 'on', 'at', 'as', 'a', 'an', 'the', 'type', 'class', 'format', 'name', 'key', 'value',
  'get', 'lookup', 'api', 'not', 'or', 'and', 'with', 'if', 'global', 'import', 'return', 'lambda', 'pass',
]);

/** Whether a name reads as a yes/no flag: strong (is_*, *_enabled, dry_run) or weak (include_*, use_*, *_only). */
export function flagLike(name: string): FlagStrength | undefined {
  const w = identWords(name);
  if (w.length === 0) return undefined;
  const s = w.join('_');
  if (FLAG_EXACT.has(s)) return 'strong';
  if (w.length < 2) return undefined;
  const first = w[0]!;
  const last = w[w.length - 1]!;
  // allow_list, enable_ids: a list of things, not a switch
  if (last === 'list' || last === 'ids') return undefined;
  if (FLAG_PREFIX_STRONG.has(first)) {
    if (w.length === 2 && NOT_PREDICATE.has(w[1]!)) return undefined;
    return 'strong';
  }
  if (last === 'enabled' || last === 'disabled') return 'strong';
  if (FLAG_PREFIX_WEAK.has(first) || last === 'only' || last === 'flag') return 'weak';
  return undefined;
}

const LIST_NAMES = new Set([
  'tags', 'labels', 'ids', 'emails', 'recipients', 'attendees', 'participants', 'categories', 'topics', 'fields', 'columns', 'urls', 'paths',
  'symbols', 'tickers', 'languages', 'countries', 'genres', 'ingredients', 'skills', 'hashtags', 'domains', 'permissions', 'scopes', 'roles',
  'assignees', 'reviewers', 'members', 'usernames', 'filenames', 'file_paths', 'email_addresses', 'phone_numbers', 'channels',
  'repositories', 'repos', 'branches', 'allergies', 'amenities', 'cuisines', 'interests', 'dependencies', 'packages', 'modules',
  'extensions', 'currencies', 'stocks',
]);

/** Whether a name says it holds several values: tags, *_ids, *_list, userIds. */
export function listLike(name: string): boolean {
  const w = identWords(name);
  if (w.length === 0) return false;
  const s = w.join('_');
  if (LIST_NAMES.has(s)) return true;
  const last = w[w.length - 1]!;
  if (w.length >= 2 && (last === 'ids' || last === 'list' || last === 'uuids' || last === 'urls' || last === 'tags' || last === 'emails')) return true;
  if (w.length >= 2 && LIST_NAMES.has(last) && (w[0] === 'target' || w[0] === 'selected' || w[0] === 'allowed' || w[0] === 'excluded' || w[0] === 'included')) return true;
  return false;
}

const CLOSED_SET_NAMES = new Set([
  'unit', 'units', 'priority', 'status', 'level', 'log_level', 'sort_order', 'sort_direction', 'order_direction', 'sort_dir', 'direction',
  'severity', 'visibility', 'temperature_unit', 'temp_unit', 'unit_system', 'units_system', 'measurement_system', 'gender', 'sex',
]);

/** Whether a name is, by itself, a closed set of values (unit, priority, status, sort_order...). */
export function closedSetName(name: string): boolean {
  return CLOSED_SET_NAMES.has(nameKey(name));
}

// ---------------------------------------------------------------------------------------------
// Descriptions: boolean, list and closed-set wording

const BOOL_WORDS = new Set(['true', 'false', 'yes', 'no', 'y', 'n', 'on', 'off', '0', '1']);

/** Whether every value is a boolean word (true/false, yes/no) and both sides are there. */
export function booleanValues(values: readonly string[]): boolean {
  if (values.length < 2 || values.length > 4) return false;
  const lower = values.map((v) => v.toLowerCase());
  if (!lower.every((v) => BOOL_WORDS.has(v))) return false;
  const hasTrue = lower.some((v) => v === 'true' || v === 'yes' || v === 'y');
  const hasFalse = lower.some((v) => v === 'false' || v === 'no' || v === 'n');
  return hasTrue && hasFalse;
}

/** "true or false", "'true'/'false'", "yes or no", "true|false" with no further alternative after it. */
const BOOL_PAIR = /(?<![\w:=-])(['"`]?)(true|yes)\1\s*(?:,\s*or|,|or|\/|\|)\s*(['"`]?)(false|no)\3(?![\w-])([^.;\n]*)/i;
/** "set to 'true'", "specify "true" to", "Default is `false`" on a string. */
const BOOL_SET = /\b(?:set(?:\s+it)?\s+to|specify|pass|use|default(?:s)?(?:\s+is|\s+to|\s+value\s+is)?\s*:?)\s+(['"`])(true|false)\1/i;
/** Boolean wording for weak flag names. */
const BOOL_CUE = /\b(?:whether|if true|if false|if set|when true|when set|set (?:it )?to (?:true|false)|true\/false|true or false|yes\/no|yes or no|flag|toggle)\b/i;

/** Whether a string's description says its values are true/false or yes/no. */
export function describesBoolean(desc: string): boolean {
  const m = BOOL_PAIR.exec(desc);
  if (m) {
    // "Either true, false or a number", "true or false (default) or 'auto'": more alternatives follow.
    const rest = m[5] ?? '';
    if (/\bor\b|,\s*['"`]/i.test(rest)) return false;
    // "If the field is a checkbox, the value should be true or false": one case among several.
    const start = desc.lastIndexOf('.', m.index) + 1;
    if (/^\s*(?:if|when|for)\b/i.test(desc.slice(start, m.index))) return false;
    return true;
  }
  return BOOL_SET.test(desc) && !/\bor\b[^.]*['"`]\w/i.test(desc.replace(BOOL_SET, ''));
}

/** Whether a description has boolean wording ("whether", "if true", "flag"). */
export function hasBooleanCue(desc: string): boolean {
  return BOOL_CUE.test(desc);
}

const LIST_CUE = new RegExp(
  [
    String.raw`\b(?:comma|space|semicolon|pipe|newline|whitespace|colon)[\s-]*(?:separated|delimited|seperated|joined)\b`,
    String.raw`\b(?:separated|delimited|seperated|joined)\s+(?:by|with)\s+(?:an?\s+)?(?:commas?|spaces?|semicolons?|pipes?|newlines?|['"\x60]?[,;|]['"\x60]?)`,
    String.raw`\bcoma[\s-]separated\b`,
    String.raw`^\s*(?:an?\s+|the\s+)?(?:optional\s+)?(?:(?:comma|space)[\s-]separated\s+|json\s+)?(?:list|array)\s+of\b`,
    String.raw`\b(?:as|is|accepts|takes|provide|give|specify|enter|be)\s+an?\s+(?:json\s+)?(?:list|array)\s+(?:of\b|\()`,
    String.raw`\bmultiple\s+values?\s+(?:can\s+be\s+|are\s+)?separated\b`,
    String.raw`\byou can (?:use|separate with) commas\b`,
  ].join('|'),
  'i',
);
/** JSON objects in a string are a different problem (an object, not a list). */
const OBJECT_CUE = /\b(?:json\s+object|key[\s-]value|dictionary|mapping of|map of)\b/i;

const CSV_FORMAT = /\bcomma[\s-]separated\s+values?\b(?:\s*\(csv\))?\s+(?:format|file)\b|\bfor\s+comma[\s-]separated\s+values?\b/gi;
const SPACE_CUE = /\b(?:space|whitespace)[\s-]*(?:separated|delimited)\b|\bseparated\s+(?:by|with)\s+(?:an?\s+)?(?:spaces?|whitespace)\b/i;
const QUERY_NAMES = new Set(['query', 'q', 'keywords', 'keyword', 'search', 'search_query', 'search_terms', 'search_term', 'terms', 'term', 'filter', 'text', 'prompt', 'command', 'cmd', 'expression']);

/** Whether a name is a free-text search or prompt string (query, q, keywords, prompt...): never a closed set. */
export function queryName(name: string): boolean {
  const k = nameKey(name);
  return QUERY_NAMES.has(k) && !NOT_FREE_QUERY.has(k);
}
/** Query-ish names that can still take a closed set ("filter": "all, unread or starred"). */
const NOT_FREE_QUERY = new Set(['filter', 'command', 'cmd', 'expression']);

/** Whether a description says the string holds a list ("comma-separated", "list of ..."). */
export function describesList(desc: string, name = ''): boolean {
  const d = desc.replace(CSV_FORMAT, ' ');
  if (!LIST_CUE.test(d) || OBJECT_CUE.test(d)) return false;
  // "search terms separated by spaces" on a query is a search string, not a list.
  if (QUERY_NAMES.has(nameKey(name)) && SPACE_CUE.test(d) && !/\bcomma|semicolon|pipe\b/i.test(d)) return false;
  return true;
}

/** Whether a description speaks of a JSON object / key-value map. */
export function describesObject(desc: string): boolean {
  return OBJECT_CUE.test(desc);
}

// --- closed value sets ---------------------------------------------------------------------------

/** Quoted token (no apostrophes: the quote may not touch a letter on its outer side). */
const QUOTED = /(?<![\w'’])'([^'\n]{1,40})'(?![\w])|"([^"\n]{1,40})"|`([^`\n]{1,40})`|‘([^’\n]{1,40})’|“([^”\n]{1,40})”/g;
const EXAMPLE_CUE = /\b(?:e\.?\s?g\b\.?|eg\b|for example|for instance|such as|like|including|include[sd]?\s+but|examples?|sample|ex\s*:|etc\b)/i;
/** Words that introduce the full value set. */
const SET_CUE = new RegExp(
  [
    String.raw`\b(?:one|any)\s+of(?:\s+the)?(?:\s+followings?)?(?:\s+(?:values|options))?(?:\s+is\s+allowed)?\s*(?:\(|:|-)?`,
    String.raw`\b(?:possible|allowed|valid|accepted|acceptable|supported|available|permitted|legal)\s+(?:\w+\s+)?(?:values?|options?|choices?|types?|modes?|formats?|units?|statuses|states|levels|inputs?|strings?|directions|orders?)\s*(?:are|is|include|includes|:)?\s*:?`,
    String.raw`\b(?:options|choices|values)\s*(?:are|include|:)\s*:?`,
    // "Supported sizes are 256x256, 512x512 and 1024x1024", "Available voices: alloy, echo, nova"
    String.raw`\b(?:supported|allowed|valid|accepted|permitted|available)\s+(?:\w+\s+)?\w{3,}s\s*(?:are|:)\s*:?`,
    String.raw`\b(?:must|should|can|could|may)\s+(?:only\s+)?be\s+(?:either\s+|one\s+of\s+)?`,
    String.raw`\b(?:accepts|allows|supports)\s+(?:either\s+|only\s+|one\s+of(?:\s+the)?(?:\s+followings?)?\s*:?\s*)?`,
    String.raw`\b(?:choose|select|pick)\s+(?:between|from|one\s+of)\s*:?`,
    String.raw`\beither\s*:?`,
    String.raw`\[enum\]\s*:?`,
    String.raw`\benum\s*:`,
  ].join('|'),
  'gi',
);
/** Words that, as list items, name a kind of input rather than a value: "either the ID or the email". */
const KIND_WORDS = new Set([
  'id', 'ids', 'name', 'names', 'email', 'url', 'uri', 'path', 'address', 'username', 'handle', 'code', 'number', 'title', 'slug', 'key',
  'token', 'string', 'text', 'value', 'integer', 'int', 'json', 'object', 'array', 'list', 'date', 'time', 'timestamp', 'query', 'keyword',
  'phone', 'hash', 'sha', 'link', 'file', 'filename', 'directory', 'folder', 'coordinates', 'latitude', 'longitude', 'lat', 'lng', 'lon',
  'zip', 'postcode', 'domain', 'ip', 'uuid', 'symbol', 'ticker', 'city', 'state', 'country', 'region', 'street', 'x', 'y', 'z', 'width',
  'height', 'null', 'empty', 'none', 'omitted', 'blank', 'nothing', 'identifier', 'label', 'description', 'message', 'content', 'body',
  'regex', 'pattern', 'expression', 'range', 'offset', 'index', 'location', 'both', 'neither', 'other', 'others', 'more', 'multiple',
  'single', 'all', 'any', 'full', 'keywords', 'terms', 'words', 'phrase', 'phrases', 'topic', 'topics', 'question',
]);
const STOP_ITEM = new Set([
  'a', 'an', 'the', 'some', 'this', 'that', 'these', 'those', 'its', 'their', 'your', 'in', 'on', 'at', 'of', 'for', 'to', 'from', 'with',
  'by', 'default', 'defaults', 'optional', 'required', 'eg', 'ie', 'etc', 'if', 'when', 'which', 'where', 'will', 'is', 'are', 'be',
  'not', 'only', 'also', 'then', 'than', 'it', 'they', 'we', 'you', 'use', 'used', 'set', 'should', 'must', 'can', 'may', 'provided',
  'specified', 'given', 'passed', 'returned', 'valid', 'specific', 'such', 'similar', 'same', 'another', 'see', 'http', 'https',
  // adjectives that describe a value rather than name one: "should be absolute or relative"
  'absolute', 'relative', 'unique', 'invalid', 'positive', 'negative', 'lowercase', 'uppercase', 'non-empty', 'greater', 'less', 'added',
]);
const FORMATISH = /\b(?:yyyy|yy|mm|dd|hh|ss)\b|[{}<>]|^\s*$|%[a-z]/i;
const TOKEN = /^[\p{L}\p{N}][\p{L}\p{N}_.+#:-]*(?: [\p{L}\p{N}][\p{L}\p{N}_.+#:-]*){0,2}$/u;

function sentences(text: string): string[] {
  const t = text
    .replace(/\be\.\s?g\.,?/gi, 'eg ')
    .replace(/\bi\.\s?e\.,?/gi, 'ie ')
    .replace(/\betc\./gi, 'etc ')
    .replace(/\bvs\./gi, 'vs ')
    .replace(/\bex\./gi, 'ex ');
  return t.split(/(?<=[.!?])\s+|\n+|;\s+/);
}

function quotedIn(text: string): { value: string; index: number; end: number }[] {
  const out: { value: string; index: number; end: number }[] = [];
  QUOTED.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = QUOTED.exec(text))) {
    const v = (m[1] ?? m[2] ?? m[3] ?? m[4] ?? m[5] ?? '').trim().replace(/^["'`]+|["'`]+$/g, '');
    out.push({ value: v, index: m.index, end: m.index + m[0].length });
  }
  return out;
}

const NO_NAMES: ReadonlySet<string> = new Set();

function validToken(v: string, siblings: NameLookup): boolean {
  if (v.length === 0 || v.length > 40) return false;
  if (FORMATISH.test(v)) return false;
  if (!TOKEN.test(v)) return false;
  if (siblings.has(v)) return false;
  return true;
}

function unquotedItem(raw: string): string | undefined {
  let v = raw.trim().replace(/^[*_]+|[*_]+$/g, '');
  // glosses: "asc for ascending", "C - Celsius", "metric = SI units"
  v = v.replace(/\s+(?:for|means|meaning|which|=|-|–|:)\s.*$/i, '').trim();
  v = v.replace(/[.,:;!?]+$/, '').trim();
  if (!v) return undefined;
  const words = v.split(/\s+/);
  if (words.length > 2) return undefined;
  for (const w of words) {
    const lw = w.toLowerCase();
    if (STOP_ITEM.has(lw) || KIND_WORDS.has(lw)) return undefined;
  }
  if (!/^[\p{L}\p{N}][\p{L}\p{N}_.+#-]*(?: [\p{L}\p{N}][\p{L}\p{N}_.+#-]*)?$/u.test(v)) return undefined;
  if (/^\d+\s*-\s*\d+$/.test(v)) return undefined;
  return v;
}

/** Splits an unquoted list region ("low, medium or high") into items; undefined when any item is prose. */
function splitUnquoted(region: string, allowSlash: boolean): string[] | undefined {
  let r = region.replace(/\([^)]*\)/g, ' ').replace(/[[\]]/g, ' ').replace(/\s+/g, ' ').trim();
  // stop at words that end the list
  r = r.replace(/\s+(?:default(?:s)?|by default|if|when|which|where|depending|otherwise|unless|based)\b.*$/i, '').trim();
  r = r.replace(/[.,:;]+$/, '');
  if (/\b(?:etc|and so on|and more|among others)\b/i.test(r)) return undefined;
  const parts = r.split(allowSlash ? /\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*\|\s*|\s*\/\s*/i : /\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+|\s*\|\s*/i);
  const out: string[] = [];
  for (const p of parts) {
    if (!p.trim()) continue;
    const item = unquotedItem(p);
    if (item === undefined) return undefined;
    out.push(item);
  }
  return out.length >= 2 ? out : undefined;
}

function dedupe(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    if (!seen.has(v)) {
      seen.add(v);
      out.push(v);
    }
  }
  return out.slice(0, 50);
}

/** Context words before a parenthesis that make "(walk, bike, transit)" a value list. */
const SET_NOUN = /\b(?:mode|modes|type|types|unit|units|format|order|direction|level|method|kind|style|strategy|priority|status|category|sort|system|scale|option|options)\b[^.(,]{0,25}$/i;
const PIPE_LIST = /(?<![\w|/{}:=-])([\w.+-]{1,30}(?:\s?\|\s?[\w.+-]{1,30})+)(?![\w|/{}-])/;
/** Text before quoted tokens that makes them references to other things, not values. */
const REFERENCE_BEFORE = /\b(?:returned\s+by|by\s+calling|calling|call|see|via|together\s+with|combined\s+with|as\s+in|parameters?|fields?|arguments?|options?\s+of)\s*$/i;
/** Text after the last quoted value that leaves the set open: ", or a number", "etc.", "or specific sizes like". */
const OPEN_AFTER = /^\s*(?:\([^)]*\)\s*)?(?:,?\s*(?:or|and)\s+(?!['"`‘“])\w|,?\s*etc\b|,?\s*and\s+(?:so\s+on|more)\b|\s*(?:params?|parameters?|fields?|arguments?)\b)/i;

export interface ClosedSet {
  values: string[];
  /** How the values were found (for tests and messages). */
  via: 'cue' | 'quoted' | 'pipe' | 'parenthesis' | 'phrase' | 'bullets';
}

/** Names a value must not be (a quoted sibling name is a cross-reference, not a value). */
export interface NameLookup {
  has(name: string): boolean;
  readonly size: number;
}

/**
 * The values a description lists as the complete set for a string ("one of: low, medium, high",
 * "'asc' or 'desc'", "either metric or imperial", "The unit of temperature, celsius or fahrenheit",
 * "a|b|c"). Examples ("e.g.", "such as", "like", "including") are not a closed set. `siblings` are the
 * other parameter names of the object (a quoted sibling name is a cross-reference, not a value).
 */
export function closedSetValues(desc: string, siblings: NameLookup = NO_NAMES): ClosedSet | undefined {
  if (!desc || desc.length > 4000 || !MAY_LIST.test(desc)) return undefined;
  // Several rules ask about the same description: cache the answer without sibling names. Sibling names only
  // reject candidates, so no answer without them means no answer with them.
  const plain = CACHE.get(desc, (own) => findClosedSet(own, NO_NAMES) ?? null);
  if (plain === null) return undefined;
  return siblings.size === 0 ? plain : findClosedSet(desc, siblings);
}

/** Cheap pre-check: a description without any of these cannot list values. */
const MAY_LIST = /['"`‘“|(\[]|\bor\b|\bone of\b|\beither\b|\bvalues?\b|\boptions?\b|\bchoices?\b|\benum\b|\b(?:accepts|allows|supports)\b|\b(?:choose|select|pick)\b|\b(?:supported|allowed|valid|accepted|permitted|available)\b|:\s*-/i;
const CACHE = new StringCache<ClosedSet | null>();

function findClosedSet(desc: string, siblings: NameLookup): ClosedSet | undefined {
  // HTML entities (ToolBench: "DATE&#95;ASCENDING") and glosses after a quoted value ("'popularity' (default order: 'desc')").
  const text = desc
    .replace(/&#(\d{2,3});/g, (_, c: string) => String.fromCharCode(Number(c)))
    .replace(/&amp;/g, '&')
    .replace(/(['"`’”])\s*\([^()]*\)/g, '$1');
  let first = true;
  for (const s of sentences(text)) {
    const found = inSentence(s, siblings, first);
    if (found) return found;
    first = false;
  }
  return bullets(text, siblings);
}

function inSentence(s: string, siblings: NameLookup, firstSentence: boolean): ClosedSet | undefined {
  // "If the field is a checkbox, the value should be true or false": one case among several.
  if (/^\s*(?:if|when|unless|for\s+\w+\s*=)\b/i.test(s)) return undefined;
  // "'single', 'double', 'deluxe', etc.": an open list.
  if (/\b(?:etc|and so on|and more|among others)\b/i.test(s)) return undefined;
  const exampleAt = s.search(EXAMPLE_CUE);
  const beforeExample = (i: number) => exampleAt < 0 || i < exampleAt;
  // 1. A cue followed by the list.
  SET_CUE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = SET_CUE.exec(s))) {
    const start = m.index + m[0].length;
    if (!beforeExample(m.index)) break;
    let region = s.slice(start);
    const ex = region.search(EXAMPLE_CUE);
    if (ex >= 0) region = region.slice(0, ex);
    const quoted = quotedIn(region);
    if (quoted.length >= 2) {
      // quoted tokens right after the cue (within the list, not a later unrelated quote)
      const first = quoted[0]!;
      const last = quoted[quoted.length - 1]!;
      if (first.index <= 12 && !OPEN_AFTER.test(region.slice(last.end))) {
        const values = quoted.map((q) => q.value);
        // after an explicit cue, a value may coincide with a sibling's name ("sort by 'name' or 'date'")
        if (values.every((v) => validToken(v, NO_NAMES))) return { values: dedupe(values), via: 'cue' };
      }
    }
    const cueWord = m[0].toLowerCase();
    // "must be one of new, used, refurbished": "one of" makes a weak cue ("must be", "accepts") a full one.
    const weakCue = /^(?:must|should|can|could|may|accepts|allows|supports|either)/.test(cueWord.trim()) && !/\bone\s+of\b/.test(cueWord);
    const items = splitUnquoted(region, !weakCue);
    if (items && (!weakCue || items.length <= 6) && items.every((v) => validToken(v, weakCue ? siblings : NO_NAMES))) {
      // a weak cue ("can be", "either") needs an explicit "or" between the items: "can be metric or imperial"
      if (!weakCue || /\bor\b|\|/.test(region)) return { values: dedupe(items), via: 'cue' };
    }
  }
  // 2. Quoted alternatives joined by "or" / "," / "/" with no example cue before them: "'asc' for ascending or 'desc'".
  const quoted = quotedIn(s).filter((q) => beforeExample(q.index));
  if (quoted.length >= 2) {
    const first = quoted[0]!;
    const joined = quoted.slice(1).some((q, i) => /(?:\bor\b|\/|,|\band\b)/i.test(s.slice(quoted[i]!.end, q.index)));
    const hasOr = /\bor\b|\//i.test(s.slice(first.end, quoted[quoted.length - 1]!.index));
    const prefix = s.slice(0, first.index);
    const last = quoted[quoted.length - 1]!;
    if (joined && hasOr && beforeExample(first.index) && !/\bformat\b|\bexample/i.test(prefix) && !REFERENCE_BEFORE.test(prefix) && !OPEN_AFTER.test(s.slice(last.end))) {
      const values = quoted.map((q) => q.value);
      if (values.every((v) => validToken(v, siblings)) && values.length <= 30) return { values: dedupe(values), via: 'quoted' };
    }
  }
  // 3. Pipe lists: "a|b|c".
  const pipe = PIPE_LIST.exec(s);
  if (pipe && beforeExample(pipe.index)) {
    const items = pipe[1]!.split(/\s?\|\s?/).map((x) => x.trim());
    if (items.length >= 2 && items.every((v) => unquotedItem(v) === v && validToken(v, siblings))) return { values: dedupe(items), via: 'pipe' };
  }
  // 4. Parenthesised list after a set noun: "The mode of transportation (walk, bike, transit, drive)".
  const paren = /\(([^()]{3,120})\)/g;
  let p: RegExpExecArray | null;
  while (firstSentence && (p = paren.exec(s))) {
    if (!beforeExample(p.index) || !SET_NOUN.test(s.slice(0, p.index))) continue;
    const inner = p[1]!;
    if (EXAMPLE_CUE.test(inner) || !/,|\bor\b/.test(inner)) continue;
    const q = quotedIn(inner);
    const items = q.length >= 2 ? q.map((x) => x.value) : splitUnquoted(inner, false);
    if (items && items.length >= 2 && items.every((v) => validToken(v, siblings) && /^[\p{L}\p{N}_.+-]+$/u.test(v))) return { values: dedupe(items), via: 'parenthesis' };
  }
  // 5. The whole description is the list: "celsius or fahrenheit", "Either on or off.", "low, medium or high".
  const whole = /^\s*(?:either\s+)?([\p{L}][\p{L}\d_-]*(?:\s*,\s*[\p{L}][\p{L}\d_-]*)*)\s*,?\s+or\s+([\p{L}][\p{L}\d_-]*)\s*[.!]?\s*$/iu.exec(s);
  if (whole && firstSentence) {
    const items = [...whole[1]!.split(/\s*,\s*/), whole[2]!];
    if (items.length <= 8 && items.every((v) => !KIND_WORDS.has(v.toLowerCase()) && validToken(v, siblings))) return { values: dedupe(items), via: 'phrase' };
  }
  // 6. ", X or Y" / ": X, Y or Z" closing a short phrase: "The unit of temperature, celsius or fahrenheit.",
  // "How to travel: driving, walking, bicycling or transit." The phrase before has two words at least
  // ("Apartment, suite or floor" is itself the list).
  const phrase = /^([\p{L}\s'’-]{3,60})(?:,|:|\s[-–])\s*(?:either\s+)?([\p{L}][\p{L}\d_-]*(?:\s*,\s*[\p{L}][\p{L}\d_-]*){0,6})\s*,?\s+or\s+([\p{L}][\p{L}\d_-]*)\s*[.!]?\s*$/u.exec(s);
  if (phrase && exampleAt < 0 && !/\bformat\b/i.test(s) && /\S\s+\S/.test(phrase[1]!.trim())) {
    const items = [...phrase[2]!.split(/\s*,\s*/), phrase[3]!];
    if (items.every((v) => unquotedItem(v) === v && validToken(v, siblings))) return { values: dedupe(items), via: 'phrase' };
  }
  return undefined;
}

/** "Options are: - 'add' - adds a comment. - 'reply' - replies." / "1. get - Get details. 2. get_diff - ..." */
function bullets(desc: string, siblings: NameLookup): ClosedSet | undefined {
  const cue = /\b(?:options|values|one of|methods|actions|operations|modes)\b[^.:\n]{0,30}:/i.exec(desc);
  if (!cue) return undefined;
  const rest = desc.slice(cue.index + cue[0].length);
  const re = /(?:^|\s)(?:[-*•]|\d+[.)])\s+['"`]{0,3}([\w.-]{1,40})['"`]{0,3}(?=\s*(?:[-–—(]|:(?!\/\/)|$))/g;
  const values: string[] = [];
  let m: RegExpExecArray | null;
  while ((m = re.exec(rest))) values.push(m[1]!);
  if (values.length >= 2 && values.every((v) => validToken(v, siblings))) return { values: dedupe(values), via: 'bullets' };
  return undefined;
}

// --- numeric bounds --------------------------------------------------------------------------------

export interface Bounds {
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  /** The text that stated them, for the message. */
  text: string[];
}

// Whitespace in these patterns belongs to the optional word after it ("(?:\s*:)?", not "\s*:?\s*"): two runs of
// \s* with only optional text between them can split a run of spaces in n² ways, tried again at every start, and
// "range" + 600 spaces + "1 x" took 37 s (n⁴ here; a 4,000-character description, hours). Same matches as before
// on every corpus string and 300,000 generated ones (scratch comparison, not kept); test/engine/regexPump.test.ts.
const NUM = String.raw`(-?\d{1,15}(?:,\d{3})*(?:\.\d+)?)`;
const NOT_SIZE_UNIT = String.raw`(?!\s?(?:kb|mb|gb|tb|kib|mib|gib|k|m|b|%)\b)(?![\w.:/-]*\d)`;
const RANGE_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\bbetween\s+${NUM}\s*(?:\([^)]*\)\s*)?(?:and|&)\s+${NUM}${NOT_SIZE_UNIT}`, 'i'),
  new RegExp(String.raw`\bfrom\s+${NUM}\s*(?:\([^)]*\)\s*)?(?:to|through|-|–)\s*${NUM}${NOT_SIZE_UNIT}`, 'i'),
  new RegExp(String.raw`\b(?:range|ranging|ranges|values?|scale|in)(?:\s*(?:is|of|from))?(?:\s*:)?(?:\s*\[)?\s*${NUM}\s*(?:to|-|–|\.\.|,)\s*${NUM}(?:\s*\])?${NOT_SIZE_UNIT}`, 'i'),
  new RegExp(String.raw`\(\s*${NUM}\s*(?:to|-|–|\.\.)\s*${NUM}\s*(?:[,;)]|inclusive)`, 'i'),
  new RegExp(String.raw`(?<![\w.:/+-])(\d{1,9})\s?(?:-|–|\.\.)\s?(\d{1,9})(?![\w.:/-]*\d)(?!\s?(?:kb|mb|gb|tb|%|[a-z]{1,2}\b))`, 'i'),
];
const MIN_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b(?:min|minimum)(?:\s+value)?(?:\s*(?:is|of|:|=))?(?:\s*:)?\s*${NUM}(?![\w.:/-]*\d)`, 'i'),
  new RegExp(String.raw`\b(?:at\s+least|no\s+(?:less|fewer)\s+than|not\s+(?:less|lower)\s+than|greater\s+than\s+or\s+equal\s+to|>=|≥)\s*${NUM}(?![\w.:/-]*\d)`, 'i'),
];
const MAX_PATTERNS: RegExp[] = [
  new RegExp(String.raw`\b(?:max|maximum)(?:\s+value)?(?:\s*(?:is|of|:|=))?(?:\s*:)?\s*${NUM}${NOT_SIZE_UNIT}`, 'i'),
  new RegExp(String.raw`\b(?:at\s+most|no\s+more\s+than|not\s+(?:more|greater|higher)\s+than|cannot\s+exceed|must\s+not\s+exceed|should\s+not\s+exceed|can't\s+exceed|up\s+to\s+a\s+maximum\s+of|less\s+than\s+or\s+equal\s+to|<=|≤)\s*${NUM}${NOT_SIZE_UNIT}`, 'i'),
];
const UP_TO = new RegExp(String.raw`\bup\s+to\s+${NUM}${NOT_SIZE_UNIT}`, 'i');
const EXCL_MIN = new RegExp(String.raw`\b(?:must|should|has\s+to|needs\s+to)\s+be\s+(?:an?\s+\w+\s+)?(?:greater|more|larger|higher|bigger)\s+than\s+${NUM}(?![\w.:/-]*\d)`, 'i');
const EXCL_MAX = new RegExp(String.raw`\b(?:must|should|has\s+to|needs\s+to)\s+be\s+(?:an?\s+\w+\s+)?(?:less|lower|smaller|fewer)\s+than\s+${NUM}(?![\w.:/-]*\d)|\band\s+(?:less|lower|smaller)\s+than\s+${NUM}(?![\w.:/-]*\d)`, 'i');
const POSITIVE = /\b(?:must be (?:a )?positive(?:\s+(?:integer|number|whole number|value|int))?|positive (?:integer|number|whole number|value|int)|greater than (?:zero|0)\b(?!\.\d))/i;
const NON_NEGATIVE = /\b(?:non-?negative|zero or (?:greater|more|positive)|0 or (?:greater|more|positive)|>=\s*0\b(?!\.\d))/i;

const TIME_UNIT_AFTER = /^\s*(milliseconds?|ms|seconds?|secs?|minutes?|mins?|hours?|hrs?|days?|weeks?|months?|years?)\b/i;
const TIME_UNIT_DECLARED = /\b(?:in|as)\s+(milliseconds|ms|seconds|secs|minutes|mins|hours|hrs|days|weeks|months|years)\b/i;

function unitKey(u: string): string {
  const l = u.toLowerCase();
  if (l === 'ms' || l.startsWith('milli')) return 'ms';
  return l.replace(/s$/, '').replace(/^sec$/, 'second').replace(/^min$/, 'minute').replace(/^hr$/, 'hour');
}

/** A number that reads as a bound of this parameter: not "100.000" (a thousands separator), not in another unit. */
function plausible(m: RegExpExecArray, group: number, text: string): boolean {
  const raw = m[group];
  if (raw === undefined) return false;
  if (/^\d{1,3}\.000$/.test(raw)) return false;
  const at = m.index + m[0].lastIndexOf(raw) + raw.length;
  const after = TIME_UNIT_AFTER.exec(text.slice(at));
  const declared = TIME_UNIT_DECLARED.exec(text);
  if (after && declared && unitKey(after[1]!) !== unitKey(declared[1]!)) return false;
  return true;
}

function toNumber(s: string): number {
  return Number(s.replace(/,/g, ''));
}

export interface BoundOptions {
  integer: boolean;
  /** The parameter counts results (limit-like): "up to 50" is its maximum. */
  limit: boolean;
  /** A page or offset: "up to 10 results per page" talks about something else. */
  position: boolean;
}

/** Numeric bounds a description states ("1-100", "between 1 and 50", "up to 20", "at least 1", "positive"). */
export function statedBounds(desc: string, opts: BoundOptions): Bounds | undefined {
  if (!desc || desc.length > 4000 || !/\d|positive|negative|zero/i.test(desc)) return undefined;
  const b: Bounds = { text: [] };
  // Examples are not bounds: "(e.g., per_page=5&page=3 returns appearances 11-15)".
  const text = desc
    .replace(/\be\.\s?g\.,?/gi, 'eg ')
    .replace(/\((?:eg|for example|for instance|example)\b[^)]*\)/gi, ' ')
    .replace(/\b(?:eg|for example|for instance|such as)\b[^.;)]*/gi, ' ');
  const ok = (m: RegExpExecArray, ...groups: number[]) => groups.every((g) => plausible(m, g, text));
  for (const re of RANGE_PATTERNS) {
    const m = re.exec(text);
    if (!m || !ok(m, 1, 2)) continue;
    const lo = toNumber(m[1]!);
    const hi = toNumber(m[2]!);
    if (!(lo < hi) || !Number.isFinite(lo) || !Number.isFinite(hi)) continue;
    // "ISO 3166-1", years such as "1990-2020" in a non-year parameter are not bounds: require a plausible bound.
    if (re === RANGE_PATTERNS[4] && (m[1]!.length > 1 && m[1]!.startsWith('0'))) continue;
    b.minimum = lo;
    b.maximum = hi;
    b.text.push(m[0].trim().replace(/[,;(]$/, '').replace(/^\((?!.*\))/, '').trim());
    break;
  }
  if (b.minimum === undefined) {
    for (const re of MIN_PATTERNS) {
      const m = re.exec(text);
      if (m && ok(m, 1)) {
        b.minimum = toNumber(m[1]!);
        b.text.push(m[0].trim());
        break;
      }
    }
    if (b.minimum === undefined) {
      const m = EXCL_MIN.exec(text);
      const negative = /(?<![\w-])-\d/.test(text);
      if (m && ok(m, 1)) {
        const v = toNumber(m[1]!);
        if (opts.integer) b.minimum = Number.isInteger(v) ? v + 1 : Math.ceil(v);
        else b.exclusiveMinimum = v;
        b.text.push(m[0].trim());
      } else if (!negative && POSITIVE.test(text)) {
        if (opts.integer) b.minimum = 1;
        else b.exclusiveMinimum = 0;
        b.text.push(POSITIVE.exec(text)![0]);
      } else if (!negative && NON_NEGATIVE.test(text)) {
        b.minimum = 0;
        b.text.push(NON_NEGATIVE.exec(text)![0]);
      }
    }
  }
  if (b.maximum === undefined) {
    for (const re of MAX_PATTERNS) {
      const m = re.exec(text);
      if (m && ok(m, 1) && !(opts.position && /at\s+most|no\s+more/i.test(m[0]))) {
        b.maximum = toNumber(m[1]!);
        b.text.push(m[0].trim());
        break;
      }
    }
    if (b.maximum === undefined && opts.limit && !opts.position) {
      const m = UP_TO.exec(text);
      if (m && ok(m, 1)) {
        b.maximum = toNumber(m[1]!);
        b.text.push(m[0].trim());
      }
    }
    if (b.maximum === undefined) {
      const m = EXCL_MAX.exec(text);
      if (m && ok(m, m[1] !== undefined ? 1 : 2)) {
        const v = toNumber(m[1] ?? m[2]!);
        if (opts.integer) b.maximum = Number.isInteger(v) ? v - 1 : Math.floor(v);
        else b.exclusiveMaximum = v;
        b.text.push(m[0].trim());
      }
    }
  }
  // Inconsistent readings (minimum above maximum) are dropped rather than reported.
  const lo = b.minimum ?? b.exclusiveMinimum;
  const hi = b.maximum ?? b.exclusiveMaximum;
  if (lo !== undefined && hi !== undefined && lo > hi) return undefined;
  if (b.text.length === 0) return undefined;
  // Quoted in the message: a run of whitespace or line breaks in the description reads as one space.
  b.text = b.text.map((t) => t.replace(/\s+/g, ' '));
  return b;
}

// ---------------------------------------------------------------------------------------------
// Operations (single-purpose)

/** Names of a parameter that selects the operation a tool performs. */
export const OPERATION_NAMES = new Set(['operation', 'op', 'action', 'crud', 'operation_type', 'action_type', 'verb', 'operation_name', 'action_name', 'crud_operation', 'db_operation']);
/** Names that select an operation only with evidence (a shell `command`, a travel `mode` do not). */
export const WEAK_OPERATION_NAMES = new Set(['mode', 'method', 'command', 'cmd', 'task', 'sub_command', 'subcommand']);
/**
 * Of several parameter names in a name set (ENTITY_NAMES, PAYLOAD_NAMES), the one whose key comes first in the
 * set, ties broken by the name: never "the first in the file", which would move with the order of the properties.
 */
export function preferredName(names: readonly string[], set: ReadonlySet<string>): string | undefined {
  const keys = names.map(nameKey);
  for (const key of set) {
    let best: string | undefined;
    for (let i = 0; i < names.length; i++) if (keys[i] === key && (best === undefined || names[i]! < best)) best = names[i];
    if (best !== undefined) return best;
  }
  return undefined;
}

/** Parameters naming the entity an operation applies to. */
export const ENTITY_NAMES = new Set(['table', 'collection', 'entity', 'resource', 'model', 'object_type', 'table_name', 'collection_name', 'entity_type', 'entity_name', 'resource_type', 'resource_name', 'model_name', 'object_name', 'index_name', 'sheet', 'sheet_name']);
/** Parameters carrying a free payload. */
export const PAYLOAD_NAMES = new Set(['payload', 'data', 'body', 'record', 'values', 'fields', 'document', 'content', 'attributes', 'properties', 'item', 'row', 'json', 'params', 'arguments', 'args']);

const READ_EXTRA = new Set(['select', 'status', 'info', 'details', 'detail', 'stats', 'history', 'log', 'logs', 'ls', 'cat', 'head', 'tail', 'exists', 'peek', 'preview', 'get', 'list', 'read', 'search', 'find', 'query', 'fetch', 'retrieve', 'show', 'view', 'describe', 'count', 'lookup', 'browse', 'inspect', 'download', 'diff', 'check', 'explain', 'print', 'dump']);
const READ_AMBIGUOUS = new Set(['resolve', 'watch', 'monitor', 'track', 'poll', 'test', 'ask', 'tell', 'answer', 'plan', 'think', 'reason', 'render', 'load', 'sample', 'match', 'sort', 'filter', 'rank', 'score', 'validate', 'verify', 'review', 'evaluate', 'simulate', 'compare', 'convert', 'translate', 'transcribe', 'predict', 'recommend', 'suggest', 'generate']);
const WRITE_EXTRA = new Set(['destroy', 'erase', 'wipe', 'new', 'str_replace', 'overwrite', 'mkdir', 'rm', 'mv', 'cp', 'touch', 'put', 'post', 'patch', 'insert', 'upsert', 'drop', 'truncate', 'alter']);
const WRITE_AMBIGUOUS = new Set(['format', 'apply', 'fill', 'generate', 'compose', 'draft', 'rate', 'vote', 'fix', 'review', 'order', 'open', 'sign', 'configure', 'scale']);
export const HTTP_METHODS = new Set(['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace', 'connect']);

export type OperationKind = 'read' | 'write' | 'other';

/** Whether an operation value (`get`, `list_issues`, `create`, `delete_pending`) reads or writes. */
export function operationKind(value: string): OperationKind {
  const w = identWords(value);
  const first = w[0];
  if (!first) return 'other';
  const whole = w.join('_');
  if (WRITE_EXTRA.has(whole)) return 'write';
  if (READ_EXTRA.has(whole)) return 'read';
  if (WRITE_EXTRA.has(first)) return 'write';
  if (READ_EXTRA.has(first)) return 'read';
  const k = verbKind(first);
  if (k === 'query' && !READ_AMBIGUOUS.has(first)) return 'read';
  if (k === 'mutation' && !WRITE_AMBIGUOUS.has(first)) return 'write';
  return 'other';
}

/** Read and write values of an operation set (empty when it is all HTTP methods: a generic HTTP client). */
export function operationMix(values: readonly string[]): { reads: string[]; writes: string[] } {
  const reads: string[] = [];
  const writes: string[] = [];
  if (values.length > 0 && values.every((v) => HTTP_METHODS.has(v.toLowerCase()))) return { reads, writes };
  // "select" reads only beside SQL writes (select / insert / update); in a browser it picks a tab.
  const sql = values.some((v) => /^(?:insert|update|upsert)$/i.test(v));
  for (const v of values) {
    if (!sql && /^select\b/i.test(v)) continue;
    const k = operationKind(v);
    if (k === 'read') reads.push(v);
    else if (k === 'write') writes.push(v);
  }
  return { reads, writes };
}

/** Names of the properties of an object schema. */
export function propertyNames(schema: Node | undefined): Set<string> {
  const out = new Set<string>();
  const props = child(schema, 'properties');
  if (!isObject(props) || !props.children) return out;
  for (const p of props.children) {
    const k = p.children?.[0];
    if (k && typeof k.value === 'string') out.add(k.value);
  }
  return out;
}

/** Every short quoted token of a description (examples included). */
export function quotedValues(desc: string): string[] {
  if (!desc || desc.length > 4000) return [];
  return dedupe(quotedIn(desc).map((q) => q.value).filter((v) => validToken(v, NO_NAMES)));
}

// ---------------------------------------------------------------------------------------------
// Values for the type-tightening fixes: a string value read as the tightened type, patterns that only restate
// the tightened type, the separator of a list held in a string, the element type of an array.

/** "10" → 10: a whole number written as a string (optional sign, no separators); undefined otherwise. */
export function integerString(s: string): number | undefined {
  const t = s.trim();
  if (!/^[-+]?\d{1,15}$/.test(t)) return undefined;
  const n = Number(t);
  return Number.isSafeInteger(n) ? n : undefined;
}

const TRUE_WORDS = new Set(['true', 'yes', 'y', 'on', '1']);
const FALSE_WORDS = new Set(['false', 'no', 'n', 'off', '0']);

/** "true" / "yes" → true, "false" / "no" → false (case-insensitive); undefined for any other string. */
export function booleanWord(s: string): boolean | undefined {
  const t = s.trim().toLowerCase();
  if (TRUE_WORDS.has(t)) return true;
  if (FALSE_WORDS.has(t)) return false;
  return undefined;
}

/** A pattern that only admits whole numbers: "^\\d+$", "^[0-9]{1,3}$", "^-?[1-9][0-9]*$", "^(0|[1-9]\\d*)$". */
export function digitsPattern(pattern: string): boolean {
  if (pattern.length > 200) return false;
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '');
  if (!/\\d|\[0-9\]|\[1-9\]/.test(body)) return false;
  return body.replace(/\\d|\[0-9\]|\[1-9\]|\[\+-\]|\[-\+\]|\\[+-]|\{\d+(?:,\d*)?\}|\?:|[+*?()|]|-|\d/g, '') === '';
}

/** A pattern that only admits boolean words: "^(true|false)$", "^(?:yes|no)$". */
export function booleanPattern(pattern: string): boolean {
  if (pattern.length > 200) return false;
  const body = pattern.replace(/^\^/, '').replace(/\$$/, '').replace(/^\((?:\?:)?/, '').replace(/\)$/, '').replace(/^\(\?i\)/, '');
  const alts = body.split('|');
  return alts.length >= 2 && alts.every((a) => booleanWord(a) !== undefined);
}

/**
 * A pattern written for one element of a joined list, "^X(,X)*$" → "^X$"; other patterns are returned as they
 * are (most of them also accept one element: "^[a-z-]+$").
 */
export function elementPattern(pattern: string): string {
  const m = /^\^(.{1,200}?)\((?:\?:)?(?:\\s\*)?(?:,|;|\\\|)(?:\\s\*| ?)\1\)\*\$$/.exec(pattern);
  return m ? `^${m[1]}$` : pattern;
}

/** The items of a list written in a string ("a, b" → ["a", "b"]; a JSON array of strings is read as one). */
export function splitListString(value: string, desc: string): string[] {
  const t = value.trim();
  if (t === '') return [];
  if (t.startsWith('[') && t.endsWith(']')) {
    try {
      const parsed: unknown = JSON.parse(t);
      if (Array.isArray(parsed) && parsed.every((x): x is string => typeof x === 'string')) return parsed;
    } catch {
      // not JSON: split as text
    }
  }
  let sep: RegExp;
  if (/\bsemicolon|separated\s+(?:by|with)\s+['"`]?;/i.test(desc)) sep = /\s*;\s*/;
  else if (/\bpipe|separated\s+(?:by|with)\s+['"`]?\|/i.test(desc)) sep = /\s*\|\s*/;
  else if (/\bnewline|\bline[\s-](?:separated|delimited)|one\s+per\s+line/i.test(desc)) sep = /\s*\r?\n\s*/;
  else if (SPACE_CUE.test(desc) && !/\bcomma/i.test(desc)) sep = /\s+/;
  else if (t.includes(',')) sep = /\s*,\s*/;
  else if (t.includes(';')) sep = /\s*;\s*/;
  else if (t.includes('|')) sep = /\s*\|\s*/;
  else return [t];
  return t.split(sep).map((x) => x.trim()).filter((x) => x !== '');
}

export type ElementType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array';

/** The one JSON Schema type of every value (integers inside numbers are numbers), or undefined when they differ. */
export function commonType(values: readonly unknown[]): ElementType | undefined {
  let out: ElementType | undefined;
  for (const v of values) {
    let t: ElementType;
    if (typeof v === 'string') t = 'string';
    else if (typeof v === 'boolean') t = 'boolean';
    else if (typeof v === 'number') t = Number.isInteger(v) ? 'integer' : 'number';
    else if (Array.isArray(v)) t = 'array';
    else if (v !== null && typeof v === 'object') t = 'object';
    else return undefined;
    if (out === undefined || out === t) out = t;
    else if ((out === 'integer' && t === 'number') || (out === 'number' && t === 'integer')) out = 'number';
    else return undefined;
  }
  return out;
}

const ITEM_WORD: ReadonlyMap<string, ElementType> = new Map(Object.entries({
  integer: 'integer', integers: 'integer', int: 'integer', ints: 'integer', 'whole number': 'integer', 'whole numbers': 'integer',
  number: 'number', numbers: 'number', float: 'number', floats: 'number', decimal: 'number', decimals: 'number',
  string: 'string', strings: 'string', boolean: 'boolean', booleans: 'boolean', object: 'object', objects: 'object',
}));
const ITEMS_OF = /\b(?:list|array|set|sequence|collection|tuple)\s+of\s+(?:(?:positive|non-?negative|unique|distinct|numeric)\s+)?(integers?|ints?|whole\s+numbers?|numbers?|floats?|decimals?|strings?|booleans?|objects?)\b(?!\s+(?:of|for)\b)/i;
/** On a list of IDs: the IDs are said to be numbers ("integer IDs", "IDs of the tickets (integers)", "numeric"). */
const INTEGER_IDS = /\b(?:integers?|ints|numeric|whole\s+numbers?)\b|\b(?:ids?|identifiers?)\s*\(\s*numbers?\s*\)|\b(?:ids?|identifiers?)\s+(?:are|as)\s+numbers\b/i;
const NUMERIC_LISTS = new Set(['coordinates', 'coords', 'vector', 'embedding', 'bbox', 'bounding_box', 'weights', 'scores', 'probabilities']);
const INTEGER_LISTS = new Set(['indices', 'indexes', 'line_numbers', 'page_numbers', 'ports', 'years']);

/**
 * The element type an array's name or description makes evident: "list of integers", "integer IDs" or
 * "IDs (integers)" on a `*_ids` name, coordinates (numbers), line_numbers (integers); undefined when nothing does.
 */
export function describedItemType(name: string, desc: string): ElementType | undefined {
  const d = desc.length > 4000 ? desc.slice(0, 4000) : desc;
  const m = ITEMS_OF.exec(d);
  if (m) {
    const t = ITEM_WORD.get(m[1]!.toLowerCase().replace(/\s+/g, ' '));
    if (t) return t;
  }
  const w = identWords(name);
  const last = w[w.length - 1] ?? '';
  if ((last === 'ids' || last === 'identifiers' || LIST_NAMES.has(w.join('_'))) && INTEGER_IDS.test(d)) return 'integer';
  const key = w.join('_');
  if (NUMERIC_LISTS.has(key) || NUMERIC_LISTS.has(last)) return 'number';
  if (INTEGER_LISTS.has(key) || INTEGER_LISTS.has(last)) return 'integer';
  return undefined;
}

/** Pages counted from zero: "0-based", "zero-indexed", "starts at 0", "first page is 0". */
const ZERO_BASED = /\b(?:0|zero)[\s-]?(?:based|indexed)\b|\bstarts?\s+(?:at|from)\s+(?:0|zero)\b|\bfirst\s+page\s+is\s+(?:0|zero)\b/i;

/**
 * The lower bound of a count-like parameter when its description states none: the kind's floor (1 for limits
 * and pages, 0 for offsets), 0 for a page counted from zero, and never above an integer default (a default of
 * 0 retries makes 0 the floor). Undefined when the default is negative (a sentinel such as -1 for "all").
 */
export function countFloor(info: CountInfo, desc: string, defaultValue?: unknown): number | undefined {
  let floor = info.floor;
  if (info.kind === 'page' && floor > 0 && ZERO_BASED.test(desc)) floor = 0;
  if (typeof defaultValue === 'number' && Number.isFinite(defaultValue)) {
    if (defaultValue < 0) return undefined;
    if (defaultValue < floor) floor = Math.floor(defaultValue);
  }
  return floor;
}
