/**
 * JSON Schema machinery shared by the "Schema validity" rules: the known keyword lists, meta-schema
 * validation (ajv, draft-07 and 2020-12), pointer roles for readable messages, regular-expression checks
 * (syntax and ReDoS safety, never executing a pattern on input), and value validation of defaults and enum
 * values through a bounded cache of compiled validators, so identical shapes compile once.
 */
import type { default as Ajv, ErrorObject, ValidateFunction } from 'ajv';
import type { default as Ajv2020 } from 'ajv/dist/2020';
import { META_SCHEMA_IDS, META_VALIDATOR_OPTIONS, nullPrototypeIndices } from './metaSchemaIds';
import { validate as metaValidate07 } from './generated/metaSchema07';
import { validate as metaValidate2020 } from './generated/metaSchema2020';
import { isSafePattern, type RedosDetectorResult } from 'redos-detector';
import { distance } from 'fastest-levenshtein';
import { child, entries, isObject, str, valueWithin, type JsonValue, type Node } from '../document';
import type { ToolInfo } from '../discover';
import { StringCache, appendAll, hash53, ownString } from '../text';
import { quickValid } from './quickValid';

export type Draft = '07' | '2020';

interface AjvModules {
  Ajv: typeof Ajv;
  Ajv2020: typeof Ajv2020;
  addFormats: typeof import('ajv-formats').default;
}
let ajvModules: AjvModules | undefined;

/**
 * ajv's classes and ajv-formats, loaded on first use. Loading them took about 8 ms of every CLI start on a slow
 * machine, and most lints compile no schema: the generated meta-schema validators, quickMeta and quickValid
 * answer for nearly every tool.
 */
export function ajvModule(): AjvModules {
  return (ajvModules ??= {
    Ajv: (require('ajv') as typeof import('ajv')).default,
    Ajv2020: (require('ajv/dist/2020') as typeof import('ajv/dist/2020')).default,
    addFormats: (require('ajv-formats') as typeof import('ajv-formats')).default,
  });
}

// ---------------------------------------------------------------------------------------------
// Keywords

/** Keywords of JSON Schema draft-07, 2019-09 and 2020-12 (validation, applicators, core, annotations). */
export const STANDARD_KEYWORDS: ReadonlySet<string> = new Set([
  // core
  '$schema', '$id', '$ref', '$comment', '$anchor', '$dynamicAnchor', '$dynamicRef', '$recursiveRef', '$recursiveAnchor',
  '$vocabulary', '$defs', 'definitions',
  // annotations
  'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'format',
  'contentMediaType', 'contentEncoding', 'contentSchema',
  // any type
  'type', 'enum', 'const', 'allOf', 'anyOf', 'oneOf', 'not', 'if', 'then', 'else',
  // numbers
  'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum',
  // strings
  'maxLength', 'minLength', 'pattern',
  // arrays
  'items', 'additionalItems', 'prefixItems', 'maxItems', 'minItems', 'uniqueItems', 'contains', 'minContains', 'maxContains',
  'unevaluatedItems',
  // objects
  'properties', 'patternProperties', 'additionalProperties', 'required', 'maxProperties', 'minProperties', 'propertyNames',
  'dependencies', 'dependentRequired', 'dependentSchemas', 'unevaluatedProperties',
]);

/** OpenAPI 3 / Gemini schema extras that providers read. */
export const OPENAPI_KEYWORDS: ReadonlySet<string> = new Set(['nullable', 'example', 'propertyOrdering', 'discriminator', 'xml', 'externalDocs']);

/** Vendor annotations that are not JSON Schema but are deliberate (VS Code settings schemas, ajv-errors). */
export const VENDOR_KEYWORDS: ReadonlySet<string> = new Set([
  'enumDescriptions', 'markdownDescription', 'markdownEnumDescriptions', 'deprecationMessage', 'errorMessage', 'patternErrorMessage',
]);

export function isKnownKeyword(key: string): boolean {
  return STANDARD_KEYWORDS.has(key) || OPENAPI_KEYWORDS.has(key) || VENDOR_KEYWORDS.has(key) || key.startsWith('x-');
}

/** Keywords a typo is compared with (the ones people write; the rare core ones are left out to avoid odd guesses). */
const TYPO_CANDIDATES: readonly string[] = [
  'type', 'description', 'title', 'default', 'examples', 'example', 'enum', 'const', 'format', 'properties', 'required',
  'items', 'additionalProperties', 'patternProperties', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum',
  'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'pattern', 'multipleOf', 'anyOf', 'oneOf', 'allOf',
  'nullable', 'deprecated', 'readOnly', 'writeOnly', 'minProperties', 'maxProperties', 'propertyNames', 'prefixItems',
  'additionalItems', 'dependentRequired', 'dependencies', 'definitions', '$defs', '$ref', '$schema', 'contains',
  'propertyOrdering',
];

/** Common misspellings and snake_case forms that are plainly one keyword. */
const KEYWORD_ALIASES: ReadonlyMap<string, string> = new Map([
  ['additional_properties', 'additionalProperties'],
  ['enums', 'enum'],
  ['requried', 'required'],
  ['minimun', 'minimum'],
  ['maximun', 'maximum'],
  ['descripton', 'description'],
  ['max_length', 'maxLength'],
  ['min_length', 'minLength'],
  ['max_items', 'maxItems'],
  ['min_items', 'minItems'],
  ['unique_items', 'uniqueItems'],
  ['one_of', 'oneOf'],
  ['any_of', 'anyOf'],
  ['all_of', 'allOf'],
  ['multiple_of', 'multipleOf'],
]);

function normalizeKey(k: string): string {
  return k.toLowerCase().replace(/[_\-\s]/g, '');
}

export interface KeywordSuggestion {
  keyword: string;
  /** One candidate only: a mechanical rename is safe. */
  unambiguous: boolean;
  /** How it was found: a known misspelling, the same word in another case or style, or an edit distance. */
  how?: 'alias' | 'sameWord' | 'edit';
  /** Edit distance between the normalised key and keyword (a swap of two letters counts 1); 0 for alias / sameWord. */
  distance?: number;
  /** Several candidates were as close; the one written in the key's style was picked. */
  tieBroken?: boolean;
}

/** True when `a` becomes `b` by swapping two adjacent characters. */
function isTransposition(a: string, b: string): boolean {
  if (a.length !== b.length || a === b) return false;
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i < a.length - 1 && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

/**
 * The keyword `key` most likely misspells, among `candidates`: an alias, the same word in another case or
 * with underscores, or within edit distance 2 (1 for four-letter keys; shorter keys only by case).
 */
export function closestKey(key: string, candidates: readonly string[], aliases?: ReadonlyMap<string, string>, maxDistance = 2, minLengthForTwo = 5): KeywordSuggestion | undefined {
  const alias = aliases?.get(key) ?? aliases?.get(key.toLowerCase());
  if (alias) return { keyword: alias, unambiguous: true, how: 'alias', distance: 0 };
  const norm = normalizeKey(key);
  // `schema` or `defs` are not `$schema` / `$defs` typos: a `$` is never forgotten by accident.
  candidates = candidates.filter((c) => c.startsWith('$') === key.startsWith('$'));
  const sameWord = candidates.filter((c) => normalizeKey(c) === norm);
  if (sameWord.length > 0) return { keyword: sameWord[0]!, unambiguous: sameWord.length === 1, how: 'sameWord', distance: 0 };
  if (norm.length < 4) return undefined;
  const limit = norm.length < minLengthForTwo ? 1 : maxDistance;
  let best: string[] = [];
  let bestD = Infinity;
  for (const c of candidates) {
    const nc = normalizeKey(c);
    if (Math.abs(nc.length - norm.length) > limit) continue;
    let d = distance(norm, nc);
    if (d === 2 && isTransposition(norm, nc)) d = 1;
    if (d > limit) continue;
    if (d < bestD) {
      bestD = d;
      best = [c];
    } else if (d === bestD) best.push(c);
  }
  if (best.length === 0) return undefined;
  if (best.length > 1) {
    // `input_schema` / `inputSchema`: keep the one written in the same style as the key.
    const styled = best.filter((c) => c.includes('_') === key.includes('_'));
    if (styled.length === 1) return { keyword: styled[0]!, unambiguous: true, how: 'edit', distance: bestD, tieBroken: true };
  }
  return { keyword: best[0]!, unambiguous: best.length === 1, how: 'edit', distance: bestD };
}

/**
 * Whether renaming `key` to the suggested keyword is a mechanical correction with one right answer (a safe
 * fix): a single candidate (no tie), found through the misspelling table, as the same word in another case or
 * style, or within one edit (two for keys of eight letters or more).
 */
export function isSafeRename(key: string, s: KeywordSuggestion): boolean {
  if (!s.unambiguous || s.tieBroken) return false;
  if (s.how === 'alias' || s.how === 'sameWord') return true;
  if (s.how !== 'edit' || s.distance === undefined) return false;
  return s.distance <= 1 || (s.distance === 2 && normalizeKey(key).length >= 8);
}

export function suggestKeyword(key: string): KeywordSuggestion | undefined {
  const s = closestKey(key, TYPO_CANDIDATES, KEYWORD_ALIASES);
  if (!s) return undefined;
  // A plural or singular of a keyword that is itself a keyword (`example`/`examples`) never gets here; a key
  // that only differs from a keyword by one letter but is a common English word is still a likely typo.
  return s;
}

// ---------------------------------------------------------------------------------------------
// Schema positions

/** Keywords whose value maps names to schemas. */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is one schema. */
const SINGLE_KEYWORDS = new Set([
  'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else',
  'unevaluatedProperties', 'unevaluatedItems', 'contentSchema',
]);
/** Keywords whose value is an array of schemas. */
const ARRAY_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);

export type PointerRole =
  | {
      kind: 'schema';
      /** The keyword leading to this schema ('' at the root). */
      keyword: string;
      /** The map key when the schema is an entry of `properties`, `$defs`... */
      name?: string;
      /** The position when the schema is an element of `anyOf`, `items`... */
      index?: number;
    }
  | {
      kind: 'keyword';
      keyword: string;
      /** 0: the keyword's value itself; more: inside it. */
      depth: number;
    };

function unescapeSegment(s: string): string {
  return s.replace(/~1/g, '/').replace(/~0/g, '~');
}

/** What an RFC 6901 pointer below a schema root designates: a subschema, or (a part of) a keyword's value. */
export function classifyPointer(pointer: string): PointerRole {
  const segs = pointer === '' ? [] : pointer.slice(1).split('/').map(unescapeSegment);
  type State = 'schema' | 'map' | 'array' | 'items' | 'deps' | 'depValue' | 'value';
  let state: State = 'schema';
  let keyword = '';
  let name: string | undefined;
  let index: number | undefined;
  let depth = 0;
  for (const seg of segs) {
    // `items` holds either one schema (the segment is a keyword of it) or an array of schemas (an index).
    if (state === 'items' && !/^\d+$/.test(seg)) state = 'schema';
    switch (state) {
      case 'schema':
        keyword = seg;
        name = undefined;
        index = undefined;
        depth = 0;
        if (MAP_KEYWORDS.has(seg)) state = 'map';
        else if (seg === 'dependencies') state = 'deps';
        else if (seg === 'items') state = 'items';
        else if (ARRAY_KEYWORDS.has(seg)) state = 'array';
        else if (SINGLE_KEYWORDS.has(seg)) state = 'schema';
        else state = 'value';
        break;
      case 'map':
        name = seg;
        state = 'schema';
        break;
      case 'array':
      case 'items':
        index = Number(seg);
        state = 'schema';
        break;
      case 'deps':
        name = seg;
        state = 'depValue';
        break;
      case 'depValue':
      case 'value':
        depth++;
        state = 'value';
        break;
    }
  }
  if (state === 'schema' || state === 'items' || state === 'depValue') {
    const role: PointerRole = { kind: 'schema', keyword };
    if (name !== undefined) role.name = name;
    if (index !== undefined) role.index = index;
    return role;
  }
  return { kind: 'keyword', keyword, depth };
}

// ---------------------------------------------------------------------------------------------
// Meta-schema validation

/** A meta-schema validator: a compiled ajv validator or the same code generated ahead of time. */
type MetaValidate = ((data: unknown) => boolean) & { errors?: ErrorObject[] | null };

/**
 * The meta-schema validator of a draft (the schema's own `$schema` is never trusted), every error: ajv's
 * standalone code for the meta-schema, generated by `npm run gen` with META_VALIDATOR_OPTIONS (compiling the
 * meta-schema took about 15 ms in every process).
 */
function metaValidator(draft: Draft): MetaValidate {
  return draft === '2020' ? metaValidate2020 : metaValidate07;
}

let firstAjv07: Ajv | undefined;
let firstAjv2020: Ajv2020 | undefined;

/**
 * The same meta-schema, stopping at the first error. For large schemas only: with allErrors, ajv appends the
 * errors of every recursive `$ref` call to a copy of the list so far, which is quadratic in the number of
 * errors (a schema with 40,000 invalid properties took seconds; 1,000,000 would not finish).
 */
function firstErrorValidator(draft: Draft): MetaValidate {
  if (draft === '2020') {
    firstAjv2020 ??= new (ajvModule().Ajv2020)({ ...META_VALIDATOR_OPTIONS, allErrors: false });
    return firstAjv2020.getSchema(META_SCHEMA_IDS['2020'])!;
  }
  firstAjv07 ??= new (ajvModule().Ajv)({ ...META_VALIDATOR_OPTIONS, allErrors: false });
  return firstAjv07.getSchema(META_SCHEMA_IDS['07'])!;
}

/** Schemas with more values than this are checked up to their first meta-schema error (see firstErrorValidator). */
export const META_ALL_ERRORS_MAX_VALUES = 10_000;

/** Whether a plain value has more than `limit` values (objects, arrays and leaves), stopping as soon as it does. */
function moreValuesThan(v: JsonValue, limit: number): boolean {
  let left = limit;
  const stack: JsonValue[] = [v];
  while (stack.length > 0) {
    const x = stack.pop()!;
    if (--left < 0) return true;
    if (Array.isArray(x)) for (const c of x) stack.push(c);
    else if (x !== null && typeof x === 'object') for (const k in x) stack.push(x[k]!);
  }
  return false;
}

/** Enum arrays longer than this are checked for duplicates by takeLongEnums07, not by ajv. */
export const LONG_ENUM = 1000;

/**
 * The draft-07 meta-schema says `"enum": { "type": "array", "items": true, "minItems": 1, "uniqueItems": true }`.
 * For `uniqueItems` on items of no declared type, ajv compares every pair of items (its `loopN2`): an enum of
 * 1,000,000 distinct numbers, which is within the document limits, would take hours. So every `enum` that the
 * meta-schema validates (found by walking the same subschema keywords as draft-07's meta-schema) and that is
 * longer than LONG_ENUM is checked here with one canonical key per item, and replaced, in `v` (a value built for
 * this check alone), by its first item: the meta-schema accepts that exactly when it accepts the whole array
 * without its duplicates, so ajv's other errors are unchanged. Returns the error ajv would have reported for
 * each array with duplicates (the same pair of indices: the last item equal to an earlier one, and the latest
 * such earlier one).
 */
function takeLongEnums07(v: JsonValue): MetaError[] {
  const out: MetaError[] = [];
  const stack: { s: JsonValue; path: string }[] = [{ s: v, path: '' }];
  const pushSchema = (s: JsonValue | undefined, path: string) => {
    if (s !== undefined && s !== null && typeof s === 'object' && !Array.isArray(s)) stack.push({ s, path });
  };
  const seg = (k: string) => '/' + k.replace(/~/g, '~0').replace(/\//g, '~1');
  while (stack.length > 0) {
    const { s, path } = stack.pop()!;
    if (s === null || typeof s !== 'object' || Array.isArray(s)) continue;
    const own = (k: string): JsonValue | undefined => (Object.prototype.hasOwnProperty.call(s, k) ? s[k] : undefined);
    const en = own('enum');
    if (Array.isArray(en) && en.length > LONG_ENUM) {
      const dup = lastDuplicate(en);
      if (dup) {
        out.push({ instancePath: path + '/enum', schemaPath: '#/properties/enum/uniqueItems', keyword: 'uniqueItems', params: { i: dup.i, j: dup.j }, message: `must NOT have duplicate items (items ## ${dup.j} and ${dup.i} are identical)` });
      }
      Object.defineProperty(s, 'enum', { value: [en[0]!], enumerable: true, writable: true, configurable: true });
    }
    for (const k of ['additionalItems', 'contains', 'additionalProperties', 'propertyNames', 'if', 'then', 'else', 'not']) pushSchema(own(k), path + seg(k));
    const items = own('items');
    if (Array.isArray(items)) items.forEach((x, i) => pushSchema(x, `${path}/items/${i}`));
    else pushSchema(items, path + '/items');
    for (const k of ['allOf', 'anyOf', 'oneOf']) {
      const a = own(k);
      if (Array.isArray(a)) a.forEach((x, i) => pushSchema(x, `${path}${seg(k)}/${i}`));
    }
    for (const k of ['definitions', 'properties', 'patternProperties', 'dependencies']) {
      const m = own(k);
      if (m !== null && typeof m === 'object' && !Array.isArray(m)) for (const name of Object.keys(m)) pushSchema(m[name], path + seg(k) + seg(name));
    }
  }
  return out;
}

/** A key equal for values ajv's `equal` (fast-deep-equal) finds equal: key order ignored, -0 equal to 0. */
function canonicalKey(v: JsonValue): string {
  if (v === null) return 'n';
  if (typeof v === 'boolean') return v ? 't' : 'f';
  if (typeof v === 'number') return 'd' + String(v);
  if (typeof v === 'string') return JSON.stringify(v);
  if (Array.isArray(v)) return '[' + v.map(canonicalKey).join(',') + ']';
  return '{' + Object.keys(v).sort().map((k) => JSON.stringify(k) + ':' + canonicalKey(v[k]!)).join(',') + '}';
}

/** The pair ajv's uniqueItems reports (it scans i down from the end, and j down from i): largest i, then largest j. */
function lastDuplicate(a: readonly JsonValue[]): { i: number; j: number } | undefined {
  // Numbers and strings keyed by themselves (Map's SameValueZero also makes -0 equal to 0), the rest canonically.
  const numbers = new Map<number, number>();
  const strings = new Map<string, number>();
  const others = new Map<string, number>();
  let dup: { i: number; j: number } | undefined;
  for (let i = 0; i < a.length; i++) {
    const x = a[i]!;
    let j: number | undefined;
    if (typeof x === 'number') {
      j = numbers.get(x);
      numbers.set(x, i);
    } else if (typeof x === 'string') {
      j = strings.get(x);
      strings.set(x, i);
    } else {
      const k = canonicalKey(x);
      j = others.get(k);
      others.set(k, i);
    }
    if (j !== undefined) dup = { i, j };
  }
  return dup;
}

export interface MetaError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  params: Record<string, unknown>;
  message: string;
}

/** Bounded cache of meta-validation results keyed by draft and schema text (most tools do not change per keystroke). */
const metaCache = new Map<string, readonly MetaError[]>();
let metaCacheChars = 0;
const META_CACHE_MAX_ENTRIES = 20_000;
const META_CACHE_MAX_CHARS = 24_000_000;

/**
 * Meta-schema errors of a schema. `text` is the schema's source text (the cache key); `value` builds the
 * plain value (document.ts valueOf, safe against `__proto__`) only on a cache miss.
 */
export function metaErrors(text: string, draft: Draft, value: () => JsonValue | undefined): readonly MetaError[] {
  const key = draft + '\u0000' + text;
  const hit = metaCache.get(key);
  if (hit) {
    metaCache.delete(key);
    metaCache.set(key, hit);
    return hit;
  }
  const v = value();
  let out: MetaError[] = [];
  if (v !== undefined) {
    const firstOnly = moreValuesThan(v, META_ALL_ERRORS_MAX_VALUES);
    const validate = firstOnly ? firstErrorValidator(draft) : metaValidator(draft);
    // Long `enum` arrays are checked for duplicates here, in linear time, and ajv sees one item of each.
    const duplicates = draft === '07' ? takeLongEnums07(v) : [];
    try {
      // Up to the first error: the first in an order that does not depend on how the keys were written.
      if (!validate(firstOnly ? withSortedKeys(v) : v)) {
        out = (validate.errors ?? []).map((e: ErrorObject) => ({ instancePath: e.instancePath, schemaPath: e.schemaPath, keyword: e.keyword, params: e.params as Record<string, unknown>, message: e.message ?? '' }));
      }
    } catch {
      out = [];
    }
    if (!firstOnly || out.length === 0) appendAll(out, firstOnly ? duplicates.slice(0, 1) : duplicates);
  }
  if (key.length <= META_CACHE_MAX_CHARS / 4) {
    // The cache's own copies (see ownString): the key is sliced from the document, and the errors' paths and
    // params hold its keys and values; a round trip through JSON makes new strings of them.
    if (out.length > 0) out = JSON.parse(JSON.stringify(out)) as MetaError[];
    metaCache.set(ownString(key), out);
    metaCacheChars += key.length;
    while (metaCache.size > META_CACHE_MAX_ENTRIES || metaCacheChars > META_CACHE_MAX_CHARS) {
      const oldest = metaCache.keys().next().value as string;
      metaCache.delete(oldest);
      metaCacheChars -= oldest.length;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Regular expressions

export interface RegexProblem {
  /** The engine's reason, e.g. "Invalid escape". */
  reason: string;
  /** True when the pattern compiles without the `u` flag: only Unicode mode rejects it. */
  onlyUnicode: boolean;
}

const regexSyntaxCache = new StringCache<RegexProblem | null>(2000, 2_000_000);

/**
 * Whether a pattern compiles as an ECMA-262 regular expression in Unicode mode, as JSON Schema validators
 * (ajv and others) compile it. Constructing a RegExp never runs it.
 */
export function regexProblem(pattern: string): RegexProblem | undefined {
  return regexSyntaxCache.get(pattern, regexProblemUncached) ?? undefined;
}

function regexProblemUncached(pattern: string): RegexProblem | null {
  let out: RegexProblem | null = null;
  try {
    new RegExp(pattern, 'u');
  } catch (e) {
    let onlyUnicode = false;
    try {
      new RegExp(pattern);
      onlyUnicode = true;
    } catch {
      onlyUnicode = false;
    }
    const msg = e instanceof Error ? e.message : String(e);
    const i = msg.lastIndexOf(': ');
    out = { reason: i >= 0 ? msg.slice(i + 2) : msg, onlyUnicode };
  }
  return out;
}

/**
 * ReDoS verdict for a pattern: 'safe' (redos-detector proves no backtracking blow-up), 'exponential'
 * (redos-detector found two ways for one loop to consume the same input: nested or overlapping
 * quantifiers, the catastrophic kind), 'polynomial' (ambiguous but with no exponential evidence, e.g. the
 * usual e-mail pattern), 'unknown' (the analysis gave up or failed).
 */
export type RegexSafety = 'safe' | 'exponential' | 'polynomial' | 'unknown';

/**
 * redos-detector's bounds. The verdict must not depend on the machine's load, so the work is bounded by steps
 * and score (at these bounds the slowest patterns measured, `^(\w+\s?)+$`, an IPv4 pattern, a 1,352-character
 * pattern, stop after 100 to 370 ms on the 2-core machine; common safe patterns take about 1 ms), and the
 * wall-clock timeout is only a safety net, far above that. 500 steps would cut the worst to about 140 ms but
 * lost the exponential verdict of `^(a|a)*(a|a)*…$` and the proof of safety of a semver pattern.
 */
const REDOS_BOUNDS = { maxSteps: 2000, maxScore: 20, timeout: 1000 };
const safetyCache = new StringCache<RegexSafety>(2000, 2_000_000);

export function regexSafety(pattern: string): RegexSafety {
  const known = safetyCache.peek(pattern);
  if (known !== undefined) return known;
  // Over this lint's budget (count, time bucket, or the lint's own time cap), or an analysis cut short by that cap:
  // not proven safe, and not cached (a later lint analyses it; the linter does not cache the findings of a tool
  // whose lint met this, see regexBudgetSkips, and says the lint was `deferred`).
  const verdict = analysesLeft <= 0 || !analysisTimeLeft() || Date.now() >= deadline ? DEFERRED : regexSafetyUncached(pattern);
  if (verdict === DEFERRED) {
    budgetSkips++;
    return 'unknown';
  }
  return safetyCache.get(pattern, () => verdict);
}

/** An analysis not made, or cut short by the lint's time cap (regexTimeMs): no verdict. */
const DEFERRED = Symbol('deferred');
/** When this lint's analysis time ends (resetRegexBudget). */
let deadline = Infinity;

/**
 * Distinct patterns analysed per lint (resetRegexBudget, called by each lint): each costs up to about 0.3 s, so a
 * file of 400 distinct catastrophic patterns held the CLI for minutes. Past the budget a pattern's verdict is
 * 'unknown' (it is not reported, and not taken as safe) until a later lint has budget for it.
 */
export const REGEX_ANALYSES_PER_LINT = 64;
let analysesLeft = REGEX_ANALYSES_PER_LINT;

let budgetSkips = 0;

/**
 * Analysis time across lints, as a bucket of milliseconds: 8 s to spend, refilled at half a second per second. The
 * per-lint count bounds one file; this bounds many (30 files of 64 catastrophic patterns took 110 s in the CLI, and
 * held the language server as long). Past it, patterns wait for later lints, as past the count.
 */
const BUCKET_MS = 8000;
const REFILL_PER_MS = 0.5;
let bucket = BUCKET_MS;
let bucketAt = Date.now();

function analysisTimeLeft(): boolean {
  const now = Date.now();
  bucket = Math.min(BUCKET_MS, bucket + (now - bucketAt) * REFILL_PER_MS);
  bucketAt = now;
  return bucket > 0;
}

function spend(ms: number): void {
  bucket -= ms;
}

/** Fills the time bucket, as in a fresh process (tests of the per-lint count, which a slow machine's clock must not decide). */
export function refillRegexTime(): void {
  bucket = BUCKET_MS;
  bucketAt = Date.now();
}

/** A new lint's budget: the per-lint count, and its own time cap in ms (LintOptions.regexTimeMs; none by default). */
export function resetRegexBudget(timeMs?: number): void {
  analysesLeft = REGEX_ANALYSES_PER_LINT;
  deadline = timeMs === undefined ? Infinity : Date.now() + timeMs;
}

/** What is left of a lint's budget, kept while the lint pauses (a lint in slices: linter.ts startLint). */
export interface RegexBudgetState {
  analysesLeft: number;
  /** Milliseconds left of its time cap (Infinity: none). */
  msLeft: number;
}

/** The budget of the lint that pauses now (another lint may run before it goes on). */
export function pauseRegexBudget(): RegexBudgetState {
  return { analysesLeft, msLeft: deadline === Infinity ? Infinity : Math.max(0, deadline - Date.now()) };
}

/** The budget of a lint that goes on, as it was when it paused: its time cap counts the time it runs, not the pause. */
export function resumeRegexBudget(state: RegexBudgetState): void {
  analysesLeft = state.analysesLeft;
  deadline = state.msLeft === Infinity ? Infinity : Date.now() + state.msLeft;
}

/** How many verdicts the budget has left unknown so far (the linter compares it before and after a tool). */
export function regexBudgetSkips(): number {
  return budgetSkips;
}

/**
 * redos-detector forks its iterators and tracks the forks with WeakRef and FinalizationRegistry. A WeakRef keeps
 * its target alive until the end of the current job (ECMAScript's KeepDuringJob), and a lint is one synchronous
 * job: every fork of every pattern analysed in it stayed alive, about 20 MB per pattern (400 patterns in a 47 KB
 * file ran the CLI out of memory, and the language server with it). During an analysis the library gets plain
 * strong references and a registry that registers nothing: its forks are then garbage as soon as it returns.
 */
class StrongRef<T> {
  constructor(private readonly target: T) {}
  deref(): T {
    return this.target;
  }
}
class NoRegistry {
  register(): void {}
  unregister(): boolean {
    return false;
  }
}

function analyse(pattern: string, unicode: boolean, timeout: number): RedosDetectorResult {
  const g = globalThis as { WeakRef: unknown; FinalizationRegistry: unknown };
  const weakRef = g.WeakRef;
  const registry = g.FinalizationRegistry;
  g.WeakRef = StrongRef;
  g.FinalizationRegistry = NoRegistry;
  try {
    return isSafePattern(pattern, { unicode, ...REDOS_BOUNDS, timeout });
  } finally {
    g.WeakRef = weakRef;
    g.FinalizationRegistry = registry;
  }
}

/**
 * Whether a pattern could backtrack exponentially, read from its text alone: only a loop (`*`, `+`, `{n,m}` with m
 * over 1; `?` is none) around a group that itself holds a variable quantifier (not a fixed count such as `{4}`) or
 * an alternation can match one text in exponentially many ways (`(a+)+`, `(a|a)*`, `(\w\s?)*`); a back-reference
 * is taken as a maybe. (`(\.\d+)?` in an ISO date-time pattern cost 60 ms of analysis, for nothing.) False means it cannot; true, that the
 * analysis decides. Character classes and escapes are skipped as the regex syntax reads them.
 */
export function mayBacktrackExponentially(pattern: string): boolean {
  const stack: { quant: boolean; alt: boolean }[] = [{ quant: false, alt: false }];
  // Whether the atom just read is a group holding a quantifier or an alternation.
  let complexAtom = false;
  const n = pattern.length;
  for (let i = 0; i < n; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const d = pattern[i + 1] ?? '';
      if (/[1-9]/.test(d) || (d === 'k' && pattern[i + 2] === '<')) return true;
      i++;
      complexAtom = false;
    } else if (c === '[') {
      for (i++; i < n && pattern[i] !== ']'; i++) if (pattern[i] === '\\') i++;
      complexAtom = false;
    } else if (c === '(') {
      stack.push({ quant: false, alt: false });
      if (pattern[i + 1] === '?') {
        // (?: (?= (?! (?<= (?<! (?<name>: the "?" is no quantifier.
        const m = /^\?(?::|=|!|<=|<!|<[A-Za-z_$][\w$]*>)/.exec(pattern.slice(i + 1, i + 40));
        if (m) i += m[0].length;
      }
      complexAtom = false;
    } else if (c === ')') {
      const f = stack.length > 1 ? stack.pop()! : { quant: false, alt: false };
      const top = stack[stack.length - 1]!;
      top.quant ||= f.quant;
      top.alt ||= f.alt;
      complexAtom = f.quant || f.alt;
    } else if (c === '|') {
      stack[stack.length - 1]!.alt = true;
      complexAtom = false;
    } else if (c === '*' || c === '+' || c === '?' || (c === '{' && /^\{\d+(?:,\d*)?\}/.test(pattern.slice(i, i + 24)))) {
      // How often the atom may repeat: `?` (at most once) is no loop, and a fixed count (`\d{4}`) chooses nothing.
      let min = c === '+' ? 1 : 0;
      let max = c === '?' ? 1 : Infinity;
      if (c === '{') {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i, i + 24))!;
        min = Number(m[1]);
        max = m[2] === undefined ? min : m[3] ? Number(m[3]) : Infinity;
        i = pattern.indexOf('}', i);
      }
      if (complexAtom && max > 1) return true;
      if (pattern[i + 1] === '?') i++; // lazy
      if (min !== max) stack[stack.length - 1]!.quant = true;
      complexAtom = false;
    } else complexAtom = false;
  }
  return false;
}

function regexSafetyUncached(pattern: string): RegexSafety | typeof DEFERRED {
  let verdict: RegexSafety = 'unknown';
  if (pattern.length <= 2000) {
    analysesLeft--;
    const started = Date.now();
    // The lint's cap, when it is shorter than the safety net: a timeout then says nothing about the pattern.
    const timeout = Math.max(1, Math.min(REDOS_BOUNDS.timeout, deadline - started));
    let result: RedosDetectorResult | undefined;
    for (const unicode of [true, false]) {
      try {
        result = analyse(pattern, unicode, timeout);
        break;
      } catch {
        result = undefined;
      }
    }
    spend(Date.now() - started);
    if (result) {
      if (result.safe) verdict = 'safe';
      else if (hasExponentialEvidence(result)) verdict = 'exponential';
      else if (result.error === 'timedOut') return timeout < REDOS_BOUNDS.timeout ? DEFERRED : 'unknown';
      else verdict = 'polynomial';
    }
  }
  return verdict;
}

interface QuantifierRef {
  node: { start: { offset: number }; end: { offset: number }; source: string };
  iteration: number;
}

function sameNode(a: QuantifierRef, b: QuantifierRef): boolean {
  return a.node.start.offset === b.node.start.offset && a.node.end.offset === b.node.end.offset;
}

/** A loop is a risk when it can repeat many times: `*`, `+`, `{n,}` or `{n,m}` with m of 16 or more. */
function isLongLoop(source: string): boolean {
  const s = source.endsWith('?') && source.length > 1 && /[*+?}]\?$/.test(source) ? source.slice(0, -1) : source;
  if (s.endsWith('*') || s.endsWith('+')) return true;
  const m = /\{(\d+)(,(\d*))?\}$/.exec(s);
  if (!m) return false;
  if (m[2] === undefined) return false;
  if (m[3] === '') return true;
  return Number(m[3]) >= 16;
}

/**
 * Exponential backtracking needs one loop whose body can consume the same input in two ways. In
 * redos-detector's trails that shows as both sides inside the same long loop, either at different
 * iteration counts of a loop whose body holds another quantifier or an alternation (`(a+)+`, `(a|aa)+`), or
 * diverging inside one iteration and meeting again in a later one (`(a|a)*`, `(\w|\d)+`).
 */
function hasExponentialEvidence(result: RedosDetectorResult): boolean {
  for (const t of result.trails) {
    const diverged = new Map<string, number>();
    for (const step of t.trail) {
      const A = step.a.quantifierIterations as readonly QuantifierRef[];
      const B = step.b.quantifierIterations as readonly QuantifierRef[];
      const sameAt = step.a.node.start.offset === step.b.node.start.offset && step.a.node.end.offset === step.b.node.end.offset;
      for (const qa of A) {
        const qb = B.find((q) => sameNode(q, qa));
        if (!qb || !isLongLoop(qa.node.source)) continue;
        const k = `${qa.node.start.offset}:${qa.node.end.offset}`;
        if (qa.iteration !== qb.iteration) {
          const within = (q: QuantifierRef) => q.node.start.offset >= qa.node.start.offset && q.node.end.offset <= qa.node.end.offset && !sameNode(q, qa);
          if (A.some(within) || B.some(within) || qa.node.source.includes('|')) return true;
          continue;
        }
        const innerDiff = !sameAt || A.some((x) => !B.some((y) => sameNode(x, y) && x.iteration === y.iteration));
        if (innerDiff) {
          if (!diverged.has(k)) diverged.set(k, qa.iteration);
        } else {
          const at = diverged.get(k);
          if (at !== undefined && qa.iteration > at) return true;
        }
      }
    }
  }
  return false;
}

// ---------------------------------------------------------------------------------------------
// Value validation (defaults, enum values) with a bounded cache of compiled validators

/** Keywords that constrain values; everything else (annotations, unknown keys) is left out of the copy. */
const VALUE_KEYWORDS = new Set([
  'type', 'enum', 'const', 'required', 'pattern', 'format', 'nullable', 'multipleOf', 'maximum', 'exclusiveMaximum', 'minimum',
  'exclusiveMinimum', 'maxLength', 'minLength', 'maxItems', 'minItems', 'uniqueItems', 'maxProperties', 'minProperties',
  'minContains', 'maxContains', 'dependentRequired', '$ref', 'items', 'dependencies',
  ...MAP_KEYWORDS, ...SINGLE_KEYWORDS, ...ARRAY_KEYWORDS,
]);
const GEMINI_TYPES = new Set(['STRING', 'NUMBER', 'INTEGER', 'BOOLEAN', 'ARRAY', 'OBJECT', 'NULL']);
const MAX_COPY_NODES = 5000;
/** Strings longer than this are never matched against a schema pattern. */
export const MAX_PATTERN_INPUT = 10_000;
/** A pattern not proven safe is only run on strings up to this length (2^12 steps at worst). */
export const MAX_UNPROVEN_PATTERN_INPUT = 12;

interface CopyState {
  nodes: number;
  refs: boolean;
  /** A reference the copy cannot resolve on its own (`#`, `#/properties/...`, remote, dynamic). */
  unsupported: boolean;
  /** Objects holding a `pattern`, so it can be dropped for a value it could hang on. */
  patterns: { holder: { [k: string]: JsonValue }; pattern: string }[];
  patternKeys: string[];
}

function define(obj: { [k: string]: JsonValue }, k: string, v: JsonValue): void {
  Object.defineProperty(obj, k, { value: v, enumerable: true, writable: true, configurable: true });
}

/** A node's plain value within the copy's node budget and depth (document.ts valueWithin). */
function plain(node: Node, st: CopyState, depth: number): JsonValue | undefined {
  const budget = { left: MAX_COPY_NODES - st.nodes };
  const v = valueWithin(node, budget, 64 - depth);
  st.nodes = MAX_COPY_NODES - Math.max(0, budget.left);
  if (v === undefined) st.unsupported = true;
  return v;
}

/** A validation-only copy of a schema node: constraint keywords kept, annotations and unknown keys dropped. */
function copySchema(node: Node, st: CopyState, depth: number, gemini: boolean, drop?: ReadonlySet<string>): JsonValue | undefined {
  if (node.type === 'boolean') return node.value as boolean;
  if (node.type !== 'object' || depth > 64) {
    st.unsupported = true;
    return undefined;
  }
  if (++st.nodes > MAX_COPY_NODES) {
    st.unsupported = true;
    return undefined;
  }
  const out: { [k: string]: JsonValue } = {};
  for (const [k, , v] of entries(node)) {
    if (drop?.has(k)) continue;
    if (k === '$dynamicRef' || k === '$recursiveRef') {
      st.unsupported = true;
      continue;
    }
    if (!VALUE_KEYWORDS.has(k)) continue;
    if (MAP_KEYWORDS.has(k)) {
      if (!isObject(v)) {
        st.unsupported = true;
        continue;
      }
      const m: { [k: string]: JsonValue } = {};
      for (const [name, , sub] of entries(v)) {
        const c = copySchema(sub, st, depth + 1, gemini);
        if (c !== undefined) define(m, name, c);
        if (k === 'patternProperties') st.patternKeys.push(name);
      }
      define(out, k, m);
    } else if (SINGLE_KEYWORDS.has(k) || (k === 'items' && v.type !== 'array')) {
      const c = copySchema(v, st, depth + 1, gemini);
      if (c !== undefined) define(out, k, c);
    } else if (ARRAY_KEYWORDS.has(k) || k === 'items') {
      if (v.type !== 'array') {
        st.unsupported = true;
        continue;
      }
      const arr: JsonValue[] = [];
      for (const sub of v.children ?? []) {
        const c = copySchema(sub, st, depth + 1, gemini);
        if (c !== undefined) arr.push(c);
      }
      define(out, k, arr);
    } else if (k === 'dependencies') {
      if (!isObject(v)) continue;
      const m: { [k: string]: JsonValue } = {};
      for (const [name, , sub] of entries(v)) {
        const c = sub.type === 'array' ? plain(sub, st, depth + 1) : copySchema(sub, st, depth + 1, gemini);
        if (c !== undefined) define(m, name, c);
      }
      define(out, k, m);
    } else if (k === '$ref') {
      const ref = str(v);
      if (ref !== undefined && (ref.startsWith('#/$defs/') || ref.startsWith('#/definitions/'))) {
        st.refs = true;
        define(out, k, ref);
      } else st.unsupported = true;
    } else if (k === 'type' && gemini) {
      const t = plain(v, st, depth + 1);
      const lower = (x: JsonValue): JsonValue => (typeof x === 'string' && GEMINI_TYPES.has(x) ? x.toLowerCase() : x);
      if (typeof t === 'string' && t === 'TYPE_UNSPECIFIED') continue;
      if (t !== undefined) define(out, k, Array.isArray(t) ? t.map(lower) : lower(t));
    } else if (k === 'pattern') {
      const p = str(v);
      if (p === undefined) {
        st.unsupported = true;
        continue;
      }
      define(out, k, p);
      st.patterns.push({ holder: out, pattern: p });
    } else {
      const pv = plain(v, st, depth + 1);
      if (pv !== undefined) define(out, k, pv);
    }
  }
  return out;
}

type ValueAjv = Ajv | Ajv2020;
let valueAjv07: Ajv | undefined;
let valueAjv2020: Ajv2020 | undefined;

/** The ajv instance values are checked with (exported for test/engine/quickValid.test.ts, which compares with it). */
export function valueAjv(draft: Draft): ValueAjv {
  // strictNumbers: a number too large for a double (1e400, read as Infinity) is no number: it passed `type: number`
  // and `type: integer` (an independent tester), and no JSON reader can give it back as written.
  const opts = { strict: false, allErrors: true, logger: false as const, validateSchema: false, strictNumbers: true, code: { process: nullPrototypeIndices } };
  if (draft === '2020') {
    if (!valueAjv2020) {
      const { Ajv2020, addFormats } = ajvModule();
      valueAjv2020 = new Ajv2020(opts);
      addFormats(valueAjv2020);
    }
    return valueAjv2020;
  }
  if (!valueAjv07) {
    const { Ajv, addFormats } = ajvModule();
    valueAjv07 = new Ajv(opts);
    addFormats(valueAjv07);
  }
  return valueAjv07;
}

const VALIDATOR_CACHE_MAX = 2000;

/** Drops the meta-validation results and the compiled validators (clearEngineCaches in linter.ts). */
export function clearSchemaCaches(): void {
  metaCache.clear();
  metaCacheChars = 0;
  validatorCache.clear();
  for (const [id, draft] of definitionSets) valueAjv(draft).removeSchema(id);
  definitionSets.clear();
  tooDeep.clear();
  refillRegexTime(); // as in a fresh process
}
const validatorCache = new Map<string, { fn: ValidateFunction | null; draft: Draft }>();

/** The compiled validator of a schema given as JSON text; identical shapes share one compilation. */
function compileCached(json: string, draft: Draft): ValidateFunction | null {
  const key = draft + '\u0000' + json;
  const hit = cachedValidator(key);
  if (hit !== undefined) return hit;
  // A fresh object per compilation: ajv caches by object identity. JSON.parse keeps `__proto__` an own key.
  return storeValidator(key, compileOrNull(valueAjv(draft), JSON.parse(json) as object | boolean), draft);
}

/** The validator cached under `key` (now the most recent), null when it did not compile, undefined when none. */
function cachedValidator(key: string): ValidateFunction | null | undefined {
  const hit = validatorCache.get(key);
  if (!hit) return undefined;
  validatorCache.delete(key);
  validatorCache.set(key, hit);
  return hit.fn;
}

/** Caches `fn` under `key`, dropping the oldest validators (and their schemas from ajv) past VALIDATOR_CACHE_MAX. */
function storeValidator(key: string, fn: ValidateFunction | null, draft: Draft): ValidateFunction | null {
  validatorCache.set(key, { fn, draft });
  while (validatorCache.size > VALIDATOR_CACHE_MAX) {
    const oldestKey = validatorCache.keys().next().value as string;
    const oldest = validatorCache.get(oldestKey)!;
    validatorCache.delete(oldestKey);
    if (oldest.fn && typeof oldest.fn.schema === 'object') valueAjv(oldest.draft).removeSchema(oldest.fn.schema);
  }
  return fn;
}

/** ajv's validator for `schema`, or null when it does not compile (then ajv keeps nothing of it). */
function compileOrNull(ajv: ValueAjv, schema: object | boolean, onError?: (e: unknown) => void): ValidateFunction | null {
  try {
    return ajv.compile(schema);
  } catch (e) {
    onError?.(e);
    if (typeof schema === 'object') ajv.removeSchema(schema);
    return null;
  }
}

/** The definitions added to each ajv instance (by `$id`), oldest first: at most DEFINITIONS_MAX. */
const definitionSets = new Map<string, Draft>();
/** Definitions whose compilation overflowed the stack (by `$id`; dropped with them). */
const tooDeep = new Set<string>();
const DEFINITIONS_MAX = 200;

/**
 * A validator for a subschema whose `$ref`s point into definitions given apart (splitDefinitions): the definitions
 * are added to ajv once, under an `$id` made from their text, and the subschema's `#/$defs/…` and
 * `#/definitions/…` refer to them there; ajv compiles each definition once for every subschema that reaches it.
 * (Only refs of those two forms are copied: copySchema.) Validates as the subschema with the definitions merged in.
 */
function compileWithDefinitions(own: string, definitions: { json: string; hash: string }, draft: Draft): ValidateFunction | null {
  const id = `urn:toolschema:definitions:${draft}:${definitions.json.length}:${definitions.hash}`;
  const key = `${draft}\u0000${id}\u0000${own}`;
  const hit = cachedValidator(key);
  if (hit !== undefined) return hit;
  const ajv = valueAjv(draft);
  if (definitionSets.has(id)) {
    definitionSets.delete(id);
    definitionSets.set(id, draft);
  } else {
    try {
      // Another set under this id (added before the caches were cleared) is replaced: the id is made from the text.
      ajv.removeSchema(id);
      ajv.addSchema({ ...(JSON.parse(definitions.json) as JsonObject), $id: id });
    } catch {
      return storeValidator(key, null, draft);
    }
    definitionSets.set(id, draft);
    while (definitionSets.size > DEFINITIONS_MAX) {
      const [oldest, d] = definitionSets.entries().next().value as [string, Draft];
      definitionSets.delete(oldest);
      tooDeep.delete(oldest);
      // Validators compiled against them keep what they compiled; a later subschema adds them again.
      valueAjv(d).removeSchema(oldest);
    }
  }
  const schema = JSON.parse(own) as JsonValue;
  rebaseRefs(schema, id, 0);
  // ajv compiles a chain of references depth first, one call deeper per reference: a chain of a few hundred
  // definitions overflows the stack, for every subschema that enters it (600 parameters into a ring of 300: 4 s of
  // failed compilations). Once that happened, these definitions are not compiled again.
  const fn = tooDeep.has(id) ? null : compileOrNull(ajv, schema as object, (e) => e instanceof RangeError && tooDeep.add(id));
  return storeValidator(key, fn, draft);
}

/** Prefixes `base` to every `$ref` of a schema copy (copySchema's keywords: the schema positions only, never values). */
function rebaseRefs(s: JsonValue | undefined, base: string, depth: number): void {
  if (!isJsonObject(s ?? null) || depth > 80) return;
  const o = s as JsonObject;
  for (const k of Object.keys(o)) {
    const v = o[k]!;
    if (k === '$ref') {
      if (typeof v === 'string') o[k] = base + v;
    } else if (MAP_KEYWORDS.has(k) || k === 'dependencies') {
      if (isJsonObject(v)) for (const name of Object.keys(v)) rebaseRefs(v[name], base, depth + 1);
    } else if (SINGLE_KEYWORDS.has(k) || ARRAY_KEYWORDS.has(k) || k === 'items') {
      if (Array.isArray(v)) for (const x of v) rebaseRefs(x, base, depth + 1);
      else rebaseRefs(v, base, depth + 1);
    }
  }
}

/** Longest string (or object key) in a value, bounded work. */
function longestString(v: JsonValue, budget = { left: 10000 }): number {
  if (--budget.left < 0) return Infinity;
  if (typeof v === 'string') return v.length;
  if (Array.isArray(v)) {
    let m = 0;
    for (const x of v) m = Math.max(m, longestString(x, budget));
    return m;
  }
  if (v && typeof v === 'object') {
    let m = 0;
    for (const k of Object.keys(v)) m = Math.max(m, k.length, longestString(v[k]!, budget));
    return m;
  }
  return 0;
}

export interface ValueCheckOptions {
  draft: Draft;
  /** Gemini's OpenAPI subset: upper-case type names are read as JSON Schema types. */
  gemini: boolean;
  /** Keywords of the subschema itself to leave out (`enum` when checking the enum's own values). */
  without?: ReadonlySet<string>;
}

export interface ValueVerdict {
  valid: boolean;
  errors: readonly ErrorObject[];
}

/** Keywords that apply a subschema to the same value (not to a part of it). */
const IN_PLACE_SINGLE = ['not', 'if', 'then', 'else'] as const;
const IN_PLACE_ARRAY = ['allOf', 'anyOf', 'oneOf'] as const;
const IN_PLACE_MAP = ['dependentSchemas', 'dependencies'] as const;
/** Keywords whose value maps names to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', ...IN_PLACE_MAP]);

type JsonObject = { [k: string]: JsonValue };
const isJsonObject = (v: JsonValue | undefined): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The subschema a local `$ref` ("#/$defs/a/properties/b") points to in a validation copy. */
function resolveLocal(root: JsonObject, ref: string): JsonValue | undefined {
  let cur: JsonValue | undefined = root;
  for (const raw of ref.slice(2).split('/')) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    } catch {
      return undefined;
    }
    if (Array.isArray(cur)) cur = /^(?:0|[1-9]\d*)$/.test(seg) ? cur[Number(seg)] : undefined;
    else if (isJsonObject(cur)) cur = Object.prototype.hasOwnProperty.call(cur, seg) ? cur[seg] : undefined;
    else return undefined;
  }
  return cur;
}

/**
 * The most subschemas a validator may apply to one value, following `$ref`s (see inPlaceProblem). Hand-written
 * schemas stay far below it (a few dozen); a chain of 30 definitions that each reference the next twice from an
 * `anyOf` applies 2^30 (a 4 KB file that ran the CLI out of memory in 20 s: ajv, with all errors kept, recorded
 * one per failed branch).
 */
export const MAX_IN_PLACE_APPLICATIONS = 10_000;

/**
 * What keeps a validation copy from being validated safely:
 * - 'loop': a `$ref` cycle that applies a schema to the same value again and again, through `$ref`,
 *   `allOf`/`anyOf`/`oneOf`, `not`, `if`/`then`/`else` or `dependentSchemas` only: validating any value against
 *   it recurses until the stack overflows. A cycle through `properties`, `items`... ends with the value.
 * - 'explodes': a subschema that applies more than MAX_IN_PLACE_APPLICATIONS subschemas to the same value through
 *   those keywords (shared definitions counted each time they are reached): the work of validating one value
 *   doubles with each level of such a chain. Through `properties`, `items`... the work is bounded by the value's
 *   size times this count.
 */
export function inPlaceProblem(root: JsonObject): 'loop' | 'explodes' | undefined {
  const state = new Map<JsonObject, 1 | 2>(); // 1: on the current path, 2: done
  // Subschemas applied to a value by each finished subschema, itself included (capped: the sums can double per level).
  const applied = new Map<JsonObject, number>();
  const edges = (s: JsonObject): JsonObject[] => {
    const out: JsonObject[] = [];
    const add = (v: JsonValue | undefined) => {
      if (isJsonObject(v)) out.push(v);
    };
    const ref = s.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) add(resolveLocal(root, ref));
    for (const k of IN_PLACE_SINGLE) if (Object.prototype.hasOwnProperty.call(s, k)) add(s[k]);
    for (const k of IN_PLACE_ARRAY) {
      const arr = Object.prototype.hasOwnProperty.call(s, k) ? s[k] : undefined;
      if (Array.isArray(arr)) for (const x of arr) add(x);
    }
    for (const k of IN_PLACE_MAP) {
      const m = Object.prototype.hasOwnProperty.call(s, k) ? s[k] : undefined;
      if (isJsonObject(m)) for (const name of Object.keys(m)) add(m[name]);
    }
    return out;
  };
  // Every subschema validation can reach may be where it enters a cycle: the root's subschemas, and what their
  // local `$ref`s name, not the definitions nothing uses (an unused cycle a -> b -> a in `$defs` turned the check
  // off for the whole tool; an independent tester). Any other object is walked too (more starts only find more).
  // Iterative DFS (the copy is bounded).
  const all: JsonObject[] = [];
  const seen = new Set<JsonObject>();
  const collect: JsonValue[] = [root];
  while (collect.length > 0) {
    const v = collect.pop()!;
    if (Array.isArray(v)) {
      for (const x of v) collect.push(x);
      continue;
    }
    if (!isJsonObject(v) || seen.has(v)) continue;
    seen.add(v);
    all.push(v);
    for (const k of Object.keys(v)) {
      const x = v[k]!;
      if (k === '$defs' || k === 'definitions') continue;
      // A map of names to schemas: its values are schemas (a property named "definitions" included).
      if (SCHEMA_MAPS.has(k) && isJsonObject(x)) for (const name of Object.keys(x)) collect.push(x[name]!);
      else collect.push(x);
    }
    const ref = v.$ref;
    if (typeof ref === 'string' && ref.startsWith('#/')) {
      const target = resolveLocal(root, ref);
      if (target !== undefined) collect.push(target);
    }
  }
  for (const start of all) {
    if (state.has(start)) continue;
    const stack: { node: JsonObject; next: JsonObject[]; i: number }[] = [{ node: start, next: edges(start), i: 0 }];
    state.set(start, 1);
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      if (top.i >= top.next.length) {
        state.set(top.node, 2);
        // Every edge's target is done (a target still on the path is a loop, returned above).
        let count = 1;
        for (const n of top.next) count = Math.min(count + applied.get(n)!, MAX_IN_PLACE_APPLICATIONS + 1);
        if (count > MAX_IN_PLACE_APPLICATIONS) return 'explodes';
        applied.set(top.node, count);
        stack.pop();
        continue;
      }
      const n = top.next[top.i++]!;
      const st = state.get(n);
      if (st === 1) return 'loop';
      if (st === undefined) {
        state.set(n, 1);
        stack.push({ node: n, next: edges(n), i: 0 });
      }
    }
  }
  return undefined;
}

/**
 * The most (subschema, part of the value) pairs a validator may visit for one value (see validationWork). A default
 * against a hand-written schema visits a few dozen.
 */
export const MAX_VALIDATION_WORK = 200_000;

/**
 * An upper bound on the (subschema, part of the value) pairs that validating `value` against a validation copy
 * visits, counted without validating, stopping past `cap`: every `$ref`, `allOf`/`anyOf`/`oneOf`, `not`,
 * `if`/`then`/`else` and `dependentSchemas` branch applies to the value, and every `items`, `prefixItems`,
 * `additionalItems`, `contains`, `unevaluatedItems` to each element, every `properties` entry to its member and
 * every `patternProperties` (as if each pattern matched), `additionalProperties`, `unevaluatedProperties` and
 * `propertyNames` to each member. Two of them reaching the same part (`items` and `contains`, `properties` and
 * `patternProperties`) through a chain of definitions double the work at each level of the value: an independent
 * fuzzer's 2 KB file took 17 s and 2 GB, one more level twice that (the in-place count, inPlaceProblem, does not
 * see them: they apply to parts of the value).
 */
export function validationWork(root: JsonObject, value: JsonValue, cap = MAX_VALIDATION_WORK): number {
  let work = 0;
  const todo: [JsonValue | undefined, JsonValue][] = [[root, value]];
  const push = (s: JsonValue | undefined, v: JsonValue) => {
    if (isJsonObject(s)) {
      work++;
      todo.push([s, v]);
    }
  };
  const own = (o: JsonObject, k: string): JsonValue | undefined => (Object.prototype.hasOwnProperty.call(o, k) ? o[k] : undefined);
  while (todo.length > 0 && work <= cap) {
    const [s, v] = todo.pop()!;
    if (!isJsonObject(s)) continue;
    const ref = own(s, '$ref');
    if (typeof ref === 'string' && ref.startsWith('#/')) push(resolveLocal(root, ref), v);
    for (const k of IN_PLACE_SINGLE) push(own(s, k), v);
    for (const k of IN_PLACE_ARRAY) {
      const arr = own(s, k);
      if (Array.isArray(arr)) for (const x of arr) push(x, v);
    }
    for (const k of IN_PLACE_MAP) {
      const m = own(s, k);
      if (isJsonObject(m)) for (const name of Object.keys(m)) push(m[name], v);
    }
    if (Array.isArray(v)) {
      const items = own(s, 'items');
      const prefix = own(s, 'prefixItems');
      for (let i = 0; i < v.length && work <= cap; i++) {
        const e = v[i]!;
        if (Array.isArray(items)) push(items[i], e);
        else push(items, e);
        if (Array.isArray(prefix)) push(prefix[i], e);
        push(own(s, 'additionalItems'), e);
        push(own(s, 'contains'), e);
        push(own(s, 'unevaluatedItems'), e);
      }
    } else if (isJsonObject(v)) {
      const props = own(s, 'properties');
      const patterns = own(s, 'patternProperties');
      const patternSchemas = isJsonObject(patterns) ? Object.keys(patterns).map((k) => patterns[k]) : [];
      for (const key of Object.keys(v)) {
        if (work > cap) break;
        const member = v[key]!;
        if (isJsonObject(props)) push(own(props, key), member);
        for (const ps of patternSchemas) push(ps, member);
        push(own(s, 'additionalProperties'), member);
        push(own(s, 'unevaluatedProperties'), member);
        push(own(s, 'propertyNames'), key);
      }
    }
  }
  return work;
}

export interface ValueChecker {
  /** undefined when this value cannot be checked safely (a pattern not proven safe on a long string). */
  check(value: JsonValue): ValueVerdict | undefined;
}

const VALID: ValueVerdict = { valid: true, errors: [] };
const ALWAYS_VALID: ValueChecker = { check: () => VALID };

/**
 * Prepares validation of values against the subschema `schema` (a node of the schema rooted at `root`),
 * without its annotations and the `without` keywords. Returns undefined when that cannot be decided: the
 * copy uses references it cannot resolve on its own, or is too large. A subschema that does not compile
 * checks nothing (schema-invalid reports it). A `pattern` not proven safe by redos-detector is only run
 * on strings of a few characters; no pattern is run on strings over 10,000 characters.
 */
export function prepareValueCheck(schema: Node, root: Node, opts: ValueCheckOptions): ValueChecker | undefined {
  const st: CopyState = { nodes: 0, refs: false, unsupported: false, patterns: [], patternKeys: [] };
  const copy = copySchema(schema, st, 0, opts.gemini, opts.without);
  if (copy === undefined || st.unsupported) return undefined;
  // The root's definitions, copied once per root (definitionsOf), when the subschema has none of its own: then
  // they are compiled once per root too, for all its subschemas (compileWithDefinitions).
  let shared: SharedDefinitions | undefined;
  if (copy !== null && typeof copy === 'object' && !Array.isArray(copy)) {
    if (Object.keys(copy).length === 0) return ALWAYS_VALID;
    if (st.refs) {
      const own = (k: string) => Object.prototype.hasOwnProperty.call(copy, k);
      const ownDefinitions = own('$defs') || own('definitions');
      const defs = definitionsOf(root, opts.gemini);
      let nodes = st.nodes;
      let unsupported = false;
      for (const d of defs.maps) {
        if (own(d.key)) continue;
        define(copy, d.key, d.map);
        nodes += d.nodes;
        unsupported ||= d.unsupported;
        appendAll(st.patterns, d.patterns);
        appendAll(st.patternKeys, d.patternKeys);
      }
      // As if copied here: over the bound, or with what a copy cannot hold, the value is not checked.
      if (unsupported || nodes > MAX_COPY_NODES) return undefined;
      if (!ownDefinitions && defs.maps.length > 0) shared = defs;
      // A `$ref` cycle that never moves to a part of the value ({"a": {"$ref": "#/$defs/a"}}) recurses forever;
      // definitions that reference the next ones twice or more take exponential time and memory.
      if (inPlaceProblem(copy)) return undefined;
    }
  }
  let full: string | undefined;
  // With shared definitions: the subschema's own keywords apart (the definitions' text is the root's, made once).
  const ownPart = shared && Object.fromEntries(Object.entries(copy as JsonObject).filter(([k]) => !shared!.maps.some((d) => d.key === k)));
  let ownJson: string | undefined;
  // Verdicts are computed only when a long string needs them (redos analysis is cached per pattern).
  const safe: (boolean | undefined)[] = [];
  const isSafe = (i: number) => (safe[i] ??= regexSafety(st.patterns[i]!.pattern) === 'safe');
  let safeKeys: boolean | undefined;
  const keysSafe = () => (safeKeys ??= st.patternKeys.every((k) => regexSafety(k) === 'safe'));
  return {
    check(value: JsonValue): ValueVerdict | undefined {
      // Valid by the plain keywords alone: no validator to compile (quickValid.ts).
      if (quickValid(copy, value) === true) return VALID;
      const longest = longestString(value);
      if (st.patternKeys.length > 0 && (longest > MAX_PATTERN_INPUT || (longest > MAX_UNPROVEN_PATTERN_INPUT && !keysSafe()))) return undefined;
      const dropped: number[] = [];
      for (let i = 0; i < st.patterns.length; i++) {
        if (longest > MAX_PATTERN_INPUT || (longest > MAX_UNPROVEN_PATTERN_INPUT && !isSafe(i))) dropped.push(i);
      }
      // Keys sorted, in the schema (ajv checks `properties` in their order) and in the value (it visits members in
      // theirs): the error quoted in the message then does not depend on the order the keys were written in.
      let json = shared ? '' : (full ??= JSON.stringify(withSortedKeys(copy)));
      let own = shared ? (ownJson ??= JSON.stringify(withSortedKeys(ownPart!))) : '';
      let definitions = shared && dropped.length === 0 ? sharedText(shared) : undefined;
      if (dropped.length > 0) {
        // A schema without its pattern accepts more: that only drops errors, except under `not`, `if` (and its
        // `then` / `else`) and `oneOf`, where it can add one (a default that plainly does not match `^(a+)+$` was
        // "not valid (must NOT be valid)"). With any of those keywords in the schema, the value is not checked.
        if (shared ? NEGATING.test(own) || NEGATING.test(sharedText(shared).json) : NEGATING.test(json)) return undefined;
        for (const i of dropped) delete st.patterns[i]!.holder.pattern;
        if (shared) {
          own = JSON.stringify(withSortedKeys(ownPart!));
          const text = definitionsJson(shared);
          definitions = { json: text, hash: hash53(text) };
        } else json = JSON.stringify(withSortedKeys(copy));
        for (const i of dropped) define(st.patterns[i]!.holder, 'pattern', st.patterns[i]!.pattern);
      }
      // Definitions that reach the same parts of the value twice or more (see validationWork): not validated.
      if (st.refs && validationWork(copy as JsonObject, value) > MAX_VALIDATION_WORK) return undefined;
      const fn = definitions ? compileWithDefinitions(own, definitions, opts.draft) : compileCached(json, opts.draft);
      if (!fn) return undefined;
      const valid = fn(withSortedKeys(value)) as boolean;
      return { valid, errors: valid ? [] : [...(fn.errors ?? [])] };
    },
  };
}

/** Keywords under which a schema without one of its patterns can reject more (prepareValueCheck). */
const NEGATING = /"(?:not|if|oneOf)":/;

/** A root's definitions (`$defs`, `definitions`) as copySchema copies them, made once per root node. */
interface SharedDefinitions {
  maps: { key: string; map: JsonObject; nodes: number; unsupported: boolean; patterns: CopyState['patterns']; patternKeys: string[] }[];
  /** Their JSON text (keys sorted) and its hash, made once. */
  text?: { json: string; hash: string };
}

/**
 * The root's definitions, copied once per root node (and Gemini reading): every subschema that uses `$ref` carries
 * them. Copied with each, 2,000 parameters that each refer into a chain of 2,000 definitions (350 KB) copied 4
 * million definitions (12 s; an independent fuzzer). The copies are shared: nothing changes them but the drop of a
 * pattern during one check, which puts it back.
 */
const definitionsByRoot = [new WeakMap<Node, SharedDefinitions>(), new WeakMap<Node, SharedDefinitions>()];
function definitionsOf(root: Node, gemini: boolean): SharedDefinitions {
  const cache = definitionsByRoot[gemini ? 1 : 0]!;
  let d = cache.get(root);
  if (d) return d;
  d = { maps: [] };
  for (const key of ['$defs', 'definitions']) {
    const defs = child(root, key);
    if (!isObject(defs)) continue;
    const st: CopyState = { nodes: 0, refs: false, unsupported: false, patterns: [], patternKeys: [] };
    const map: JsonObject = {};
    for (const [name, , sub] of entries(defs)) {
      const c = copySchema(sub, st, 1, gemini);
      if (c !== undefined) define(map, name, c);
    }
    d.maps.push({ key, map, nodes: st.nodes, unsupported: st.unsupported, patterns: st.patterns, patternKeys: st.patternKeys });
  }
  cache.set(root, d);
  return d;
}

/** The definitions' JSON text, keys sorted (as they stand: a dropped pattern is left out). */
function definitionsJson(d: SharedDefinitions): string {
  const o: JsonObject = {};
  for (const m of d.maps) define(o, m.key, m.map);
  return JSON.stringify(withSortedKeys(o));
}

function sharedText(d: SharedDefinitions): { json: string; hash: string } {
  if (!d.text) {
    const json = definitionsJson(d);
    d.text = { json, hash: hash53(json) };
  }
  return d.text;
}

// ---------------------------------------------------------------------------------------------
// Tool helpers

/** True for a schema in Gemini's OpenAPI subset (upper-case types, `nullable`), not `parametersJsonSchema`. */
export function isGeminiSubset(tool: ToolInfo): boolean {
  return tool.dialect === 'gemini' && tool.paramsKey !== 'parametersJsonSchema';
}

const SCHEMA_SHAPE_KEYS = ['type', 'properties', '$ref', 'anyOf', 'oneOf', 'allOf', 'items', 'enum', 'const', '$schema'];

/** The tool's declared result schema, when it is an object that looks like a schema. */
export function resultSchemaOf(tool: ToolInfo): Node | undefined {
  const r = tool.result;
  if (!isObject(r)) return undefined;
  for (const k of SCHEMA_SHAPE_KEYS) if (child(r, k) !== undefined) return r;
  return undefined;
}

/** The schema roots of a tool checked by the validity rules: the parameter schema and the result schema. */
export function schemaRootsOf(tool: ToolInfo): Node[] {
  const out: Node[] = [];
  if (isObject(tool.params)) out.push(tool.params);
  const r = resultSchemaOf(tool);
  if (r) out.push(r);
  return out;
}

/**
 * A "tool" whose `name` is itself a property schema (`{"name": {"type": "str", ...}, "age": {...}}`) is a
 * properties map that discovery took for a tool, not a tool: the validity rules say nothing about it.
 */
export function isMisreadPropertyMap(tool: ToolInfo): boolean {
  const n = tool.nameNode;
  return !!n && n.type === 'object' && child(n, 'type') !== undefined && !tool.paramsKey;
}

/** Declared `$schema` of draft-04 or older: `exclusiveMinimum: true` and `id` are legitimate there. */
export function isLegacyDraft(root: Node): boolean {
  return /draft-0[34]/.test(str(child(root, '$schema')) ?? '');
}

/** How a JSON node reads in a message: "a string", "an array"... */
export function describeType(node: Node): string {
  switch (node.type) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return node.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'array':
      return 'an array';
    case 'object':
      return 'an object';
    default:
      return 'a value';
  }
}

/** A short JSON rendering of a value for messages. */
/**
 * A deep copy of `v` with every object's keys in code-unit order (own properties defined, so `__proto__` stays a
 * key). ajv visits an object's members in their order, so which error comes first (the one reported where only
 * one is) would otherwise depend on the order the keys were written in.
 */
export function withSortedKeys(v: JsonValue): JsonValue {
  if (v === null || typeof v !== 'object') return v;
  if (Array.isArray(v)) return v.map(withSortedKeys);
  const out: { [k: string]: JsonValue } = {};
  for (const k of Object.keys(v).sort()) define(out, k, withSortedKeys(v[k]!));
  return out;
}

export function shortJson(v: JsonValue | undefined, max = 40): string {
  let s: string;
  try {
    // Object keys sorted: a message must not depend on the order of keys in the file.
    s = (v === undefined ? undefined : JSON.stringify(withSortedKeys(v))) ?? 'undefined';
  } catch {
    s = String(v);
  }
  return s.length > max ? s.slice(0, max - 1) + '…' : s;
}
