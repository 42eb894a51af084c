/**
 * Breaking changes against a baseline (SPEC "Versioning" 1-2): the same file at an earlier version (the git
 * baseline, `HEAD` by default, is read by the server and the CLI; nothing here runs git). A tool's current
 * parameter schema is compared with the same-named tool of the baseline, parameter by parameter and down into
 * object parameters and array items:
 *
 * - breaking (`breaking-change`): a parameter removed or renamed, its default changed, its type changed or narrowed
 *   (`["string", "null"]` → `"string"`, number → integer), an enum value removed (or an enum / const added),
 *   an optional parameter made required, a bound tightened (minimum raised, maximum lowered, maxLength lowered,
 *   pattern or format added or changed, multipleOf stricter, uniqueItems added);
 * - `param-added-required`: a new parameter that is required (in strict mode: required but not nullable).
 *
 * Widening (a type or enum value added, a bound relaxed, a parameter made optional) and description edits are
 * not breaking, nor is a type or `items` given to a parameter that had none (it documents what was sent). Tuple
 * slots, map values (`additionalProperties`, `patternProperties`) and anyOf / oneOf branches are compared too; a
 * lone `allOf` wrapper is read through. A schema neither side can read (a `$ref` outside the file, several `allOf`
 * parts, `not`) is not compared.
 * Pure: works on parsed documents; parsing a baseline text is memoised by text.
 */
import { ToolDocument, child, elements, entries, isArray, isObject, jsonTypeOf, str, stringItems, valueOf, type JsonValue, type Node } from '../document';
import { discoverTools, type ToolInfo } from '../discover';
import { allowsNull } from '../schemaWalk';
import { correctType } from './params';
import { resolveRef } from './results';
import { strictInfo } from './strict';
import type { Profile } from '../types';
import { hash53 } from '../text';
import { parseTree, type ParseError } from 'jsonc-parser';

/** A parsed baseline: the file's text at the baseline ref and its tools by name. */
export interface Baseline {
  /** The ref it was read at ("HEAD", "origin/main"...), for messages; "the baseline" when unknown. */
  ref: string;
  text: string;
  doc: ToolDocument;
  /**
   * Tools by name, for names defined once (a name defined several times is ambiguous: name-duplicate reports it,
   * and no tool is compared with it). Empty when the baseline has a syntax error other than comments, trailing
   * commas and a byte-order mark.
   */
  tools: ReadonlyMap<string, ToolInfo>;
  /** Every named tool of the baseline, in file order (a catalog's servers may each have a tool of one name). */
  all: readonly ToolInfo[];
  /** A short hash of the text and ref (part of the per-tool cache key). */
  hash: string;
}

/** What the engine is given: the baseline file's text, and the ref it comes from. */
export interface BaselineInput {
  text: string;
  ref?: string;
}

const MEMO_MAX = 32;
/** Parsed baselines by profile, then by text (a small LRU: the server lints several files against their baselines). */
const memo = new Map<string, Map<string, Baseline>>();
let memoSize = 0;

/** Parses a baseline text once (memoised by text, profile and ref). */
export function parseBaseline(input: BaselineInput, profile: Profile | 'auto' = 'auto'): Baseline {
  const ref = input.ref && input.ref.trim() ? input.ref : 'the baseline';
  const key = `${profile}\u0000${ref}`;
  let byText = memo.get(key);
  const hit = byText?.get(input.text);
  if (hit) {
    // Refresh its place in the LRU order.
    byText!.delete(input.text);
    byText!.set(input.text, hit);
    return hit;
  }
  const doc = new ToolDocument('baseline:' + ref, input.text);
  const tools = new Map<string, ToolInfo>();
  const all: ToolInfo[] = [];
  if (doc.tree && !doc.refused && (doc.syntaxProblems.length === 0 || onlyCommentsAndCommas(input.text))) {
    const twice = new Set<string>();
    for (const t of discoverTools(doc.tree, profile).tools) {
      if (t.name === undefined) continue;
      all.push(t);
      if (tools.has(t.name)) twice.add(t.name);
      else tools.set(t.name, t);
    }
    for (const n of twice) tools.delete(n);
  }
  const parsed: Baseline = { ref, text: input.text, doc, tools, all, hash: `${hash53(input.text)}:${input.text.length}:${ref}` };
  if (memoSize >= MEMO_MAX) {
    memo.clear();
    memoSize = 0;
  }
  if (!byText) memo.set(key, (byText = new Map()));
  byText.set(input.text, parsed);
  memoSize++;
  return parsed;
}

/**
 * Whether a text's only syntax errors are comments, trailing commas or a byte-order mark: the tree read around them
 * is the file as written, so a baseline committed that way is compared (it was not, and a breaking change passed
 * with exit 0; an independent tester). A baseline with any other error is not: its tree is a guess.
 */
export function onlyCommentsAndCommas(text: string): boolean {
  const errors: ParseError[] = [];
  parseTree(text.charCodeAt(0) === 0xfeff ? ' ' + text.slice(1) : text, errors, { disallowComments: false, allowTrailingComma: true, allowEmptyContent: false });
  return errors.length === 0;
}

// ---------------------------------------------------------------------------------------------
// Changes

export type ChangeKind =
  /** A parameter of the baseline is gone. */
  | 'removed'
  /** A parameter is gone and a new one with the same schema (or type and description) took its place. */
  | 'renamed'
  /** The parameter accepts other types than before (string → integer). */
  | 'typeChanged'
  /** The parameter accepts fewer types than before (["string", "null"] → "string", number → integer). */
  | 'typeNarrowed'
  /** Values were removed from the parameter's enum. */
  | 'enumValueRemoved'
  /** An optional parameter is now required. */
  | 'madeRequired'
  /** A bound or restriction is tighter (minimum raised, maxLength lowered, pattern added, enum added...). */
  | 'tightened'
  /** The default is another value: a call that leaves the parameter out now means something else. */
  | 'defaultChanged'
  /** A new parameter that is required (not breaking-change: param-added-required). */
  | 'addedRequired';

export interface SchemaChange {
  kind: ChangeKind;
  /** The parameter's path: "city", "filters.status", "tags[]", "tags[].name". */
  path: string;
  /** Where to report it in the current document. */
  node: Node;
  /** What changed, for messages: `"string" → "integer"`, `maximum 100 → 50`, `"eu", "us"`. */
  detail: string;
  /** For renamed: the new path. */
  newPath?: string;
  /** addedRequired / madeRequired: the property's current schema. */
  schema?: Node;
}

/** Schemas deeper than this are not compared. */
const MAX_DEPTH = 32;

/**
 * The last comparison, kept on the current tool under a non-enumerable symbol (not in a WeakMap: V8's scavenger
 * keeps a WeakMap entry's value alive, and the changes point into the young tree).
 */
const COMPARED = Symbol('toolschema.compared');
type Compared = ToolInfo & { [COMPARED]?: { base: ToolInfo; changes: SchemaChange[] } };

/**
 * The changes from the baseline tool to the current tool (both kinds: breaking and added-required). Memoised
 * per current tool, so the two rules reading it compare once per lint.
 */
export function compareTools(base: ToolInfo, current: ToolInfo): SchemaChange[] {
  const hit = (current as Compared)[COMPARED];
  if (hit && hit.base === base) return hit.changes;
  const changes: SchemaChange[] = [];
  const strict = strictInfo(current) !== undefined;
  const cmp = new Comparer(base.params, current.params, strict, changes, current);
  if (isObject(base.params)) {
    if (isObject(current.params)) cmp.schema(base.params, current.params, '', 0);
    else cmp.allRemoved(base.params, current.paramsKeyNode ?? current.nameNode ?? current.node);
  }
  // A tool that had no parameter schema and now has one: every required parameter is new.
  else if (isObject(current.params)) cmp.addedOnly(current.params, '');
  Object.defineProperty(current, COMPARED, { value: { base, changes }, writable: true, configurable: true, enumerable: false });
  return changes;
}

/** The baseline tool a current tool is compared with (same name), when there is one. */
export function baselineToolOf(baseline: Baseline | undefined, tool: ToolInfo): ToolInfo | undefined {
  if (!baseline || tool.name === undefined) return undefined;
  return baseline.tools.get(tool.name);
}

// ---------------------------------------------------------------------------------------------
// Types

type TypeInfo = { kind: 'any' } | { kind: 'set'; types: ReadonlySet<string> } | { kind: 'unknown' };

const ANY: TypeInfo = { kind: 'any' };
const UNKNOWN: TypeInfo = { kind: 'unknown' };

/** A type name as JSON Schema spells it ("STRING", "int", "str" → the JSON Schema name), or undefined for any / unknown names. */
function normalType(raw: string): string | 'any' | undefined {
  const lower = raw.trim().toLowerCase();
  const c = correctType(lower);
  if (!c) return lower;
  if (c.kind === 'alias' || c.kind === 'upper' || c.kind === 'format') return c.type;
  if (c.kind === 'any') return 'any';
  return undefined;
}

/** The set of JSON types a schema accepts, as far as it can be read. */
function typeInfo(schema: Node, depth = 0): TypeInfo {
  if (schema.type === 'boolean') return schema.value === true ? ANY : UNKNOWN;
  if (!isObject(schema)) return UNKNOWN;
  const t = child(schema, 'type');
  if (t) {
    const names = t.type === 'string' ? [t] : isArray(t) ? elements(t) : [];
    if (names.length === 0 || names.some((n) => n.type !== 'string')) return UNKNOWN;
    const set = new Set<string>();
    for (const n of names) {
      const name = normalType(n.value as string);
      if (name === 'any') return ANY;
      if (name === undefined) return UNKNOWN;
      set.add(name);
    }
    if (child(schema, 'nullable')?.value === true) set.add('null');
    return { kind: 'set', types: set };
  }
  if (child(schema, '$ref') || child(schema, 'allOf') || child(schema, 'not') || child(schema, 'if')) return UNKNOWN;
  const union = child(schema, 'anyOf') ?? child(schema, 'oneOf');
  if (union) {
    if (!isArray(union) || depth > 4) return UNKNOWN;
    const set = new Set<string>();
    for (const b of elements(union)) {
      const bi = typeInfo(b, depth + 1);
      if (bi.kind !== 'set') return bi;
      for (const x of bi.types) set.add(x);
    }
    if (child(schema, 'nullable')?.value === true) set.add('null');
    return set.size ? { kind: 'set', types: set } : UNKNOWN;
  }
  const en = child(schema, 'enum');
  if (isArray(en)) {
    const set = new Set<string>();
    for (const e of elements(en)) set.add(jsonTypeOf(e));
    if (set.has('unknown')) return UNKNOWN;
    if (child(schema, 'nullable')?.value === true) set.add('null');
    return set.size ? { kind: 'set', types: set } : UNKNOWN;
  }
  const c = child(schema, 'const');
  if (c) {
    const ct = jsonTypeOf(c);
    return ct === 'unknown' ? UNKNOWN : { kind: 'set', types: new Set([ct]) };
  }
  return ANY;
}

/** Whether type `t` is accepted by the set (number accepts integer). */
function accepts(types: ReadonlySet<string>, t: string): boolean {
  return types.has(t) || (t === 'integer' && types.has('number'));
}

function typeLabel(info: TypeInfo): string {
  if (info.kind === 'any') return 'any type';
  if (info.kind === 'unknown') return 'an unknown type';
  const list = [...info.types];
  return list.length === 1 ? `"${list[0]}"` : `[${list.map((x) => `"${x}"`).join(', ')}]`;
}

/** Compares the accepted types: undefined when nothing narrowed. */
function typeChange(before: TypeInfo, after: TypeInfo): 'typeChanged' | 'typeNarrowed' | undefined {
  // A type given to a parameter that had none documents what was sent all along: not reported.
  if (before.kind !== 'set' || after.kind !== 'set') return undefined;
  const lost = [...before.types].filter((t) => !accepts(after.types, t));
  if (lost.length === 0) return undefined;
  // Everything still accepted was accepted before: narrowed; otherwise the type changed.
  return [...after.types].every((t) => accepts(before.types, t)) ? 'typeNarrowed' : 'typeChanged';
}

// ---------------------------------------------------------------------------------------------
// Values and bounds

/** A canonical JSON string of a node's value (keys sorted), for comparing enum values and schemas. */
function canonical(node: Node | undefined): string {
  return node ? stable(valueOf(node, 64)) : '';
}

function stable(v: JsonValue | undefined): string {
  if (v === undefined) return '';
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(stable).join(',')}]`;
  return `{${Object.keys(v)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${stable(v[k])}`)
    .join(',')}}`;
}

/** A numeric keyword's value (numbers, or numeric strings as Gemini's int64 fields are written). */
function numberOf(schema: Node, key: string): number | undefined {
  const n = child(schema, key);
  if (!n) return undefined;
  if (n.type === 'number' && Number.isFinite(n.value)) return n.value as number;
  if (n.type === 'string' && /^-?\d+(?:\.\d+)?$/.test(String(n.value).trim())) return Number(n.value);
  return undefined;
}

interface Bound {
  value: number;
  exclusive: boolean;
}

/** The effective lower (or upper) bound of a number schema from minimum / exclusiveMinimum (also the draft-04 boolean form). */
function numericBound(schema: Node, side: 'min' | 'max', integer: boolean): Bound | undefined {
  const inc = numberOf(schema, side === 'min' ? 'minimum' : 'maximum');
  const exNode = child(schema, side === 'min' ? 'exclusiveMinimum' : 'exclusiveMaximum');
  let ex = numberOf(schema, side === 'min' ? 'exclusiveMinimum' : 'exclusiveMaximum');
  let incBound: Bound | undefined = inc !== undefined ? { value: inc, exclusive: exNode?.type === 'boolean' && exNode.value === true } : undefined;
  if (exNode?.type === 'boolean') ex = undefined;
  let exBound: Bound | undefined = ex !== undefined ? { value: ex, exclusive: true } : undefined;
  // For integers an exclusive bound is the next integer, inclusive.
  const toInt = (b: Bound | undefined): Bound | undefined => {
    if (!b || !integer) return b;
    if (side === 'min') return { value: b.exclusive ? Math.floor(b.value) + 1 : Math.ceil(b.value), exclusive: false };
    return { value: b.exclusive ? Math.ceil(b.value) - 1 : Math.floor(b.value), exclusive: false };
  };
  incBound = toInt(incBound);
  exBound = toInt(exBound);
  if (!incBound) return exBound;
  if (!exBound) return incBound;
  return tighter(incBound, exBound, side) ? incBound : exBound;
}

/** Whether bound `a` is strictly tighter than `b` on that side. */
function tighter(a: Bound, b: Bound, side: 'min' | 'max'): boolean {
  if (a.value !== b.value) return side === 'min' ? a.value > b.value : a.value < b.value;
  return a.exclusive && !b.exclusive;
}

function boundText(b: Bound | undefined, side: 'min' | 'max'): string {
  if (!b) return 'none';
  return `${side === 'min' ? (b.exclusive ? '>' : '>=') : b.exclusive ? '<' : '<='} ${b.value}`;
}

const LOWER_COUNTS = ['minLength', 'minItems', 'minProperties'] as const;
const UPPER_COUNTS = ['maxLength', 'maxItems', 'maxProperties'] as const;

// ---------------------------------------------------------------------------------------------
// The walk

class Comparer {
  private seen = new Set<string>();

  constructor(
    private readonly baseRoot: Node | undefined,
    private readonly curRoot: Node | undefined,
    private readonly strict: boolean,
    private readonly out: SchemaChange[],
    private readonly tool: ToolInfo,
  ) {}

  /** Compares one schema (a parameter's, or the root) at `path`. */
  schema(before: Node, after: Node, path: string, depth: number): void {
    if (depth > MAX_DEPTH) return;
    const b = unwrapped(before, this.baseRoot);
    const a = unwrapped(after, this.curRoot);
    if (!isObject(b) || !isObject(a)) return;
    // $ref cycles: each pair of schemas is compared once.
    const key = `${b.offset}:${a.offset}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const anchor = path === '' ? (this.tool.paramsKeyNode ?? a) : keyOrSelf(after);

    const tb = typeInfo(b);
    const ta = typeInfo(a);
    const tc = typeChange(tb, ta);
    if (tc && path !== '') {
      this.out.push({ kind: tc, path, node: child(a, 'type') ?? anchor, detail: `${typeLabel(tb)} → ${typeLabel(ta)}` });
      return; // the rest of this parameter's comparison would only repeat it
    }
    if (path !== '') {
      this.values(b, a, path);
      this.bounds(b, a, path, anchor, ta);
    }
    // A schema whose properties come from several allOf parts cannot be compared property by property.
    if (!composed(b) && !composed(a)) this.properties(b, a, path, depth);
    const bi = child(b, 'items');
    const ai = child(a, 'items');
    if (isObject(bi) && isObject(ai)) this.schema(bi, ai, `${path}[]`, depth + 1);
    this.tuple(isArray(bi) ? bi : child(b, 'prefixItems'), isArray(ai) ? ai : child(a, 'prefixItems'), path, depth);
    this.maps(b, a, path, depth);
    this.branches(b, a, path, depth);
  }

  /** Tuple slots (`prefixItems`, or draft-07 `items` as a list): each slot kept is compared. */
  private tuple(b: Node | undefined, a: Node | undefined, path: string, depth: number): void {
    if (!isArray(b) || !isArray(a)) return;
    const bs = elements(b);
    const as = elements(a);
    for (let i = 0; i < Math.min(bs.length, as.length); i++) this.schema(bs[i]!, as[i]!, `${path}[${i}]`, depth + 1);
  }

  /**
   * Maps: the schema of the values of any other key (`additionalProperties`) and of the keys matching a pattern
   * (`patternProperties`, pattern by pattern), compared as parameters; a map whose other keys are refused now
   * (`additionalProperties` a schema, then `false`) is tightened.
   */
  private maps(b: Node, a: Node, path: string, depth: number): void {
    const prefix = path ? `${path}.` : '';
    const bap = child(b, 'additionalProperties');
    const aap = child(a, 'additionalProperties');
    if (isObject(bap) && isObject(aap)) this.schema(bap, aap, `${prefix}*`, depth + 1);
    else if (isObject(bap) && aap?.type === 'boolean' && aap.value === false) {
      this.out.push({ kind: 'tightened', path: path || '(parameters)', node: aap, detail: `additionalProperties ${shortValue(bap)} → false: the other keys of the map are refused` });
    }
    const bpp = child(b, 'patternProperties');
    const app = child(a, 'patternProperties');
    if (!isObject(bpp) || !isObject(app)) return;
    const before = propMap(bpp);
    for (const [pattern, cur] of propMap(app)) {
      const old = before.get(pattern);
      if (old) this.schema(old.schema, cur.schema, `${prefix}/${pattern}/`, depth + 1);
    }
  }

  /**
   * The branches of anyOf / oneOf: a branch kept as it was is matched first; then each other branch of the
   * baseline with the one current branch of the same type, compared as the parameter; a branch whose type no
   * current branch has left is a type narrowing (reported by the type comparison), and one of a type other
   * branches still have, removed, is tightened. Two candidates of one type: not compared (no guess).
   */
  private branches(b: Node, a: Node, path: string, depth: number): void {
    const bu = child(b, 'anyOf') ?? child(b, 'oneOf');
    const au = child(a, 'anyOf') ?? child(a, 'oneOf');
    if (!isArray(bu) || !isArray(au)) return;
    const left = elements(au).map((n) => ({ n, shape: shapeOf(n, this.curRoot), type: typeKey(n, this.curRoot) }));
    const unmatched: Node[] = [];
    for (const n of elements(bu)) {
      const shape = shapeOf(n, this.baseRoot);
      const i = left.findIndex((x) => x.shape === shape);
      if (i >= 0) left.splice(i, 1);
      else unmatched.push(n);
    }
    for (const n of unmatched) {
      const type = typeKey(n, this.baseRoot);
      if (type === 'unknown' || type === 'any') continue;
      const same = left.filter((x) => x.type === type);
      if (same.length === 1) {
        left.splice(left.indexOf(same[0]!), 1);
        this.schema(n, same[0]!.n, path, depth + 1);
      } else if (same.length === 0 && elements(au).some((x) => typeKey(x, this.curRoot) === type)) {
        this.out.push({ kind: 'tightened', path: path || '(parameters)', node: au, detail: `${/^[aeiou]/.test(type) ? 'an' : 'a'} ${type} branch removed from ${child(a, 'anyOf') ? 'anyOf' : 'oneOf'}: ${shortValue(n)}` });
      }
    }
  }

  /** enum and const. */
  private values(b: Node, a: Node, path: string): void {
    const be = child(b, 'enum');
    const ae = child(a, 'enum');
    if (isArray(ae)) {
      if (isArray(be)) {
        const now = new Set(elements(ae).map(canonical));
        const gone = elements(be).filter((e) => !now.has(canonical(e)));
        // A null removed from the enum of a type that no longer admits null is the same narrowing as the type's.
        if (gone.length) {
          this.out.push({ kind: 'enumValueRemoved', path, node: ae, detail: gone.slice(0, 6).map((e) => shortValue(e)).join(', ') + (gone.length > 6 ? ', …' : '') });
        }
      } else if (!child(b, 'const')) {
        this.out.push({ kind: 'tightened', path, node: ae, detail: `enum added: only ${elements(ae).slice(0, 6).map(shortValue).join(', ')}${elements(ae).length > 6 ? ', …' : ''}` });
      }
    }
    const bd = child(b, 'default');
    const ad = child(a, 'default');
    if (bd && ad && canonical(bd) !== canonical(ad)) this.out.push({ kind: 'defaultChanged', path, node: ad, detail: `${shortValue(bd)} → ${shortValue(ad)}` });
    const bc = child(b, 'const');
    const ac = child(a, 'const');
    if (ac) {
      if (!bc) {
        const wasOnly = isArray(be) && elements(be).length === 1 && canonical(elements(be)[0]) === canonical(ac);
        if (!wasOnly) this.out.push({ kind: 'tightened', path, node: ac, detail: `const ${shortValue(ac)} added` });
      } else if (canonical(bc) !== canonical(ac)) {
        this.out.push({ kind: 'tightened', path, node: ac, detail: `const ${shortValue(bc)} → ${shortValue(ac)}` });
      }
    }
  }

  /** Numeric bounds, lengths, counts, pattern, format, multipleOf, uniqueItems. */
  private bounds(b: Node, a: Node, path: string, anchor: Node, ta: TypeInfo): void {
    const integer = ta.kind === 'set' && [...ta.types].every((t) => t === 'integer' || t === 'null');
    for (const side of ['min', 'max'] as const) {
      const before = numericBound(b, side, integer);
      const after = numericBound(a, side, integer);
      if (after && (!before || tighter(after, before, side))) {
        const keys = side === 'min' ? ['minimum', 'exclusiveMinimum'] : ['maximum', 'exclusiveMaximum'];
        const node = keys.map((k) => child(a, k)).find((n) => n !== undefined) ?? anchor;
        this.out.push({ kind: 'tightened', path, node, detail: `${side === 'min' ? 'minimum' : 'maximum'} ${boundText(before, side)} → ${boundText(after, side)}` });
      }
    }
    for (const k of LOWER_COUNTS) {
      const before = numberOf(b, k);
      const after = numberOf(a, k);
      if (after !== undefined && after > (before ?? 0)) this.out.push({ kind: 'tightened', path, node: child(a, k)!, detail: `${k} ${before ?? 'none'} → ${after}` });
    }
    for (const k of UPPER_COUNTS) {
      const before = numberOf(b, k);
      const after = numberOf(a, k);
      if (after !== undefined && (before === undefined || after < before)) this.out.push({ kind: 'tightened', path, node: child(a, k)!, detail: `${k} ${before ?? 'none'} → ${after}` });
    }
    for (const k of ['pattern', 'format'] as const) {
      const before = k === 'format' ? formatOf(b) : str(child(b, k));
      const after = child(a, k);
      if (after && after.type === 'string' && before !== after.value) {
        this.out.push({ kind: 'tightened', path, node: after, detail: before !== undefined ? `${k} ${JSON.stringify(before)} → ${shortValue(after)}` : `${k} ${shortValue(after)} added` });
      }
    }
    const bm = numberOf(b, 'multipleOf');
    const am = numberOf(a, 'multipleOf');
    if (am !== undefined && am > 0 && (bm === undefined || !isMultiple(bm, am))) {
      this.out.push({ kind: 'tightened', path, node: child(a, 'multipleOf')!, detail: `multipleOf ${bm ?? 'none'} → ${am}` });
    }
    const bu = child(b, 'uniqueItems')?.value === true;
    const au = child(a, 'uniqueItems');
    if (au?.value === true && !bu) this.out.push({ kind: 'tightened', path, node: au, detail: 'uniqueItems added' });
  }

  /** Properties of an object schema: removed, renamed, made required, added as required, and each one compared. */
  private properties(b: Node, a: Node, path: string, depth: number): void {
    const bp = child(b, 'properties');
    const ap = child(a, 'properties');
    if (!isObject(bp) && !isObject(ap)) return;
    const beforeProps = propMap(bp);
    const afterProps = propMap(ap);
    const beforeReq = new Set(stringItems(child(b, 'required')));
    const afterReqNode = child(a, 'required');
    const afterReq = new Set(stringItems(afterReqNode));
    const prefix = path ? `${path}.` : '';
    const removed = [...beforeProps.keys()].filter((n) => !afterProps.has(n));
    const added = [...afterProps.keys()].filter((n) => !beforeProps.has(n));
    const renamedTo = matchRenames(removed, added, beforeProps, afterProps, this.baseRoot, this.curRoot);
    const consumed = new Set(renamedTo.values());
    const anchor = (isObject(ap) ? keyOrSelf(ap) : undefined) ?? (path === '' ? (this.tool.paramsKeyNode ?? a) : keyOrSelf(a));
    for (const name of removed) {
      const to = renamedTo.get(name);
      if (to !== undefined) {
        this.out.push({ kind: 'renamed', path: prefix + name, newPath: prefix + to, node: afterProps.get(to)!.key, detail: `"${prefix + name}" → "${prefix + to}"` });
      } else {
        this.out.push({ kind: 'removed', path: prefix + name, node: anchor, detail: `"${prefix + name}"` });
      }
    }
    for (const [name, cur] of afterProps) {
      const old = beforeProps.get(name);
      if (old) {
        if (afterReq.has(name) && !beforeReq.has(name) && !(this.strict && isObject(cur.schema) && allowsNull(cur.schema))) {
          const reqEntry = elements(afterReqNode).find((e) => e.type === 'string' && e.value === name);
          this.out.push({ kind: 'madeRequired', path: prefix + name, node: reqEntry ?? cur.key, detail: `"${prefix + name}"`, schema: cur.schema });
        }
        this.schema(old.schema, cur.schema, prefix + name, depth + 1);
      } else if (!consumed.has(name) && afterReq.has(name)) {
        if (this.strict && isObject(cur.schema) && allowsNull(this.curRoot ? resolveRef(cur.schema, this.curRoot) : cur.schema)) continue;
        this.out.push({ kind: 'addedRequired', path: prefix + name, node: cur.key, detail: `"${prefix + name}"`, schema: cur.schema });
      }
    }
  }

  /** The whole parameter schema is gone: every parameter of the baseline was removed. */
  allRemoved(before: Node, anchor: Node): void {
    for (const name of propMap(child(before, 'properties')).keys()) this.out.push({ kind: 'removed', path: name, node: anchor, detail: `"${name}"` });
  }

  /** A parameter schema where the baseline had none: its required parameters are new. */
  addedOnly(after: Node, path: string): void {
    const req = new Set(stringItems(child(after, 'required')));
    for (const [name, p] of propMap(child(after, 'properties'))) {
      if (!req.has(name)) continue;
      if (this.strict && isObject(p.schema) && allowsNull(p.schema)) continue;
      this.out.push({ kind: 'addedRequired', path: path ? `${path}.${name}` : name, node: p.key, detail: `"${name}"`, schema: p.schema });
    }
  }
}

/**
 * A schema read through `$ref` and a lone `allOf` wrapper (`{"allOf": [{"$ref": "#/$defs/Unit"}], "description": …}`,
 * as Pydantic writes a field of a model type): the schema that says what is accepted.
 */
function unwrapped(schema: Node, root: Node | undefined): Node {
  let s = root ? resolveRef(schema, root) : schema;
  for (let i = 0; i < 8 && isObject(s); i++) {
    const all = child(s, 'allOf');
    if (!isArray(all) || elements(all).length !== 1 || child(s, 'properties') || child(s, 'anyOf') || child(s, 'oneOf')) break;
    const inner = elements(all)[0]!;
    s = root ? resolveRef(inner, root) : inner;
  }
  return s;
}

/** A schema whose accepted properties come from several allOf parts (then not compared property by property). */
function composed(schema: Node): boolean {
  const all = child(schema, 'allOf');
  return isArray(all) && elements(all).length > 1;
}

/** The schema's `format`, or the one its type name implies (`"type": "datetime"` is a string in date-time format, as type-unknown's fix writes it). */
function formatOf(schema: Node): string | undefined {
  const f = str(child(schema, 'format'));
  if (f !== undefined) return f;
  const t = str(child(schema, 'type'));
  const c = t !== undefined ? correctType(t.trim().toLowerCase()) : undefined;
  return c?.kind === 'format' ? c.format : undefined;
}

function isMultiple(of: number, step: number): boolean {
  const r = of / step;
  return Math.abs(r - Math.round(r)) < 1e-9;
}

/** The key naming a schema (`"city": {...}` → the "city" key), or the node itself. */
function keyOrSelf(n: Node): Node {
  const p = n.parent;
  if (p && p.type === 'property' && p.children?.[1] === n && p.children[0]) return p.children[0];
  return n;
}

function shortValue(n: Node): string {
  const s = canonical(n);
  return s.length > 40 ? s.slice(0, 39) + '…' : s;
}

interface Prop {
  key: Node;
  schema: Node;
}

/** A `properties` map by name (the last duplicate wins, as JSON.parse does). */
function propMap(props: Node | undefined): Map<string, Prop> {
  const m = new Map<string, Prop>();
  for (const [name, key, schema] of entries(props)) m.set(name, { key, schema });
  return m;
}

/** The description-free canonical form of a schema, for rename matching. */
function shapeOf(schema: Node, root: Node | undefined): string {
  const s = root ? resolveRef(schema, root) : schema;
  const v = valueOf(s, 32);
  if (v && typeof v === 'object' && !Array.isArray(v)) {
    const copy: { [k: string]: JsonValue } = {};
    for (const k of Object.keys(v)) if (k !== 'description' && k !== 'title' && k !== 'examples') Object.defineProperty(copy, k, { value: v[k], enumerable: true, writable: true, configurable: true });
    return stable(copy);
  }
  return stable(v);
}

function typeKey(schema: Node, root: Node | undefined): string {
  const t = typeInfo(root ? resolveRef(schema, root) : schema);
  return t.kind === 'set' ? [...t.types].sort().join('|') : t.kind;
}

/**
 * Pairs removed with added parameters of one object that are the same parameter under a new name: the same
 * schema (descriptions aside), or the same type and the same description; or, when exactly one parameter was
 * removed and one added, the same type.
 */
/** How alike two names are: the length of their common prefix plus that of their common suffix (case-insensitive). */
function nameAffinity(x: string, y: string): number {
  const a = x.toLowerCase();
  const b = y.toLowerCase();
  const n = Math.min(a.length, b.length);
  let pre = 0;
  while (pre < n && a[pre] === b[pre]) pre++;
  let suf = 0;
  while (suf < n - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
  return pre + suf;
}

function matchRenames(removed: readonly string[], added: readonly string[], before: Map<string, Prop>, after: Map<string, Prop>, baseRoot: Node | undefined, curRoot: Node | undefined): Map<string, string> {
  const out = new Map<string, string>();
  if (removed.length === 0 || added.length === 0) return out;
  const taken = new Set<string>();
  const desc = (p: Prop) => str(child(p.schema, 'description'))?.trim() ?? '';
  // Among equally shaped candidates, the closest names pair first (`unit_old` → `unit`, not `retries`), then by
  // name: never by the order of the properties, which would change the findings when the keys move.
  const pass = (same: (r: Prop, a: Prop) => boolean) => {
    const pairs: { r: string; a: string; score: number }[] = [];
    for (const r of removed) {
      if (out.has(r)) continue;
      for (const a of added) if (!taken.has(a) && same(before.get(r)!, after.get(a)!)) pairs.push({ r, a, score: nameAffinity(r, a) });
    }
    pairs.sort((x, y) => y.score - x.score || (x.r < y.r ? -1 : x.r > y.r ? 1 : 0) || (x.a < y.a ? -1 : x.a > y.a ? 1 : 0));
    for (const { r, a } of pairs) {
      if (out.has(r) || taken.has(a)) continue;
      out.set(r, a);
      taken.add(a);
    }
  };
  pass((r, a) => shapeOf(r.schema, baseRoot) === shapeOf(a.schema, curRoot));
  pass((r, a) => typeKey(r.schema, baseRoot) === typeKey(a.schema, curRoot) && desc(r) !== '' && desc(r) === desc(a));
  if (removed.length === 1 && added.length === 1 && out.size === 0) {
    const r = before.get(removed[0]!)!;
    const a = after.get(added[0]!)!;
    const k = typeKey(r.schema, baseRoot);
    if (k !== 'unknown' && k === typeKey(a.schema, curRoot)) out.set(removed[0]!, added[0]!);
  }
  return out;
}
