/**
 * A validity check of a value against the plain keywords of a schema, without compiling it.
 *
 * `default-invalid` checks each `default` and `enum` value of a parameter schema with ajv. Compiling a validator
 * costs about 1 ms, and nearly every tool has a different schema, so on a workspace of tools the linter has
 * not seen, the compilations were the costliest part of the rule pass (0.48 s of 2.7 s for 2,000 corpus tools).
 * Nearly every value is valid and nearly every schema uses only the keywords below, so the answer "valid" is
 * computed here, and ajv compiles only for a value found invalid (for its error, which the message quotes) or
 * for a schema with any other keyword.
 *
 * The contract is one-sided: `true` only when ajv (the options of jsonSchema.ts valueAjv) would accept the value
 * too; `undefined` when not sure. The caller then asks ajv, so a keyword left out here costs time, never a wrong
 * answer. test/engine/quickValid.test.ts compares it with ajv on generated schemas and values.
 */
import type { JsonValue } from '../document';
import { JSON_TYPES } from './params';

type Obj = { [k: string]: JsonValue };

const own = Object.prototype.hasOwnProperty;

/** Keywords read here. Any other key of a schema object makes the answer "not sure". */
const KNOWN: ReadonlySet<string> = new Set([
  'type', 'enum', 'const', 'required', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minLength', 'maxLength',
  'minItems', 'maxItems', 'minProperties', 'maxProperties', 'items', 'properties', 'additionalProperties',
]);

/** The work allowed for one answer (schema keywords and value nodes visited); past it, "not sure". */
const BUDGET = 5000;

/** `true`: ajv accepts `value` against `schema`; `false`: it does not (here, "ask ajv"); `undefined`: not sure. */
export function quickValid(schema: JsonValue, value: JsonValue): boolean | undefined {
  const budget = { left: BUDGET };
  return valid(schema, value, budget);
}

function isObj(v: JsonValue | undefined): v is Obj {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Not NaN or an infinity (`1e400` parses to Infinity). Left to ajv: its options decide such a value, and in a
 * schema it is compiled from JSON text, where an infinity is written `null`.
 */
function finite(v: JsonValue): boolean {
  return typeof v !== 'number' || Number.isFinite(v);
}

function typeMatches(t: string, v: JsonValue): boolean {
  switch (t) {
    case 'string':
      return typeof v === 'string';
    case 'number':
      return typeof v === 'number';
    case 'integer':
      return typeof v === 'number' && Number.isInteger(v);
    case 'boolean':
      return typeof v === 'boolean';
    case 'null':
      return v === null;
    case 'array':
      return Array.isArray(v);
    default:
      return isObj(v);
  }
}

/** String length in code points, as ajv counts it (its `ucs2length`: a lone surrogate counts as one). */
function codePoints(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    n++;
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length && (s.charCodeAt(i + 1) & 0xfc00) === 0xdc00) i++;
  }
  return n;
}

/**
 * A name every object has through its prototype (`toString`, `__proto__`...). ajv reads `data[name]`, which finds
 * it on a value without that key: its answer is left to it.
 */
function inherited(name: string): boolean {
  return (Object.prototype as unknown as Record<string, unknown>)[name] !== undefined;
}

function num(schema: Obj, k: string): number | undefined | null {
  if (!own.call(schema, k)) return undefined;
  const v = schema[k];
  // A bound that is not a finite number (draft-04's boolean `exclusiveMinimum`, a string): ajv decides.
  return typeof v === 'number' && Number.isFinite(v) ? v : null;
}

function valid(schema: JsonValue, value: JsonValue, budget: { left: number }): boolean | undefined {
  if (--budget.left < 0) return undefined;
  if (schema === true) return true;
  if (schema === false) return false;
  if (!isObj(schema)) return undefined;
  if (!finite(value)) return undefined;
  let result: boolean | undefined = true;
  for (const k in schema) {
    if (!own.call(schema, k)) continue;
    if (!KNOWN.has(k)) return undefined;
  }
  if (own.call(schema, 'type')) {
    const t = schema.type;
    const list = typeof t === 'string' ? [t] : Array.isArray(t) && t.length > 0 ? t : undefined;
    if (!list) return undefined;
    let any = false;
    for (const x of list) {
      if (typeof x !== 'string' || !JSON_TYPES.has(x)) return undefined;
      if (typeMatches(x, value)) any = true;
    }
    if (!any) result = false;
  }
  if (own.call(schema, 'enum')) {
    const e = schema.enum;
    if (!Array.isArray(e) || e.length === 0) return undefined;
    let any = false;
    for (const x of e) {
      // Objects and arrays are compared by ajv's deep equality: left to it.
      if ((typeof x === 'object' && x !== null) || !finite(x)) return undefined;
      if (x === value) any = true;
    }
    if (!any) result = false;
  }
  if (own.call(schema, 'const')) {
    const c = schema.const;
    if ((typeof c === 'object' && c !== null) || !finite(c)) return undefined;
    if (c !== value) result = false;
  }
  for (const [k, ok] of NUMBER_BOUNDS) {
    const b = num(schema, k);
    if (b === null) return undefined;
    if (b !== undefined && typeof value === 'number' && !ok(value, b)) result = false;
  }
  for (const [k, applies, size, ok] of SIZE_BOUNDS) {
    const b = num(schema, k);
    if (b === null) return undefined;
    if (b !== undefined && applies(value) && !ok(size(value), b)) result = false;
  }
  if (own.call(schema, 'items')) {
    const items = schema.items;
    if (typeof items !== 'boolean' && !isObj(items)) return undefined;
    if (Array.isArray(value)) {
      for (const x of value) {
        const r = valid(items, x, budget);
        if (r === undefined) return undefined;
        if (!r) result = false;
      }
    }
  }
  let props: Obj | undefined;
  if (own.call(schema, 'properties')) {
    const p = schema.properties;
    if (!isObj(p)) return undefined;
    for (const name of Object.keys(p)) if (inherited(name)) return undefined;
    props = p;
  }
  let additional: JsonValue | undefined;
  if (own.call(schema, 'additionalProperties')) {
    additional = schema.additionalProperties;
    if (typeof additional !== 'boolean' && !isObj(additional)) return undefined;
  }
  let required: JsonValue[] | undefined;
  if (own.call(schema, 'required')) {
    const r = schema.required;
    if (!Array.isArray(r) || r.some((x) => typeof x !== 'string' || inherited(x))) return undefined;
    required = r;
  }
  if (isObj(value)) {
    for (const name of required ?? []) if (!own.call(value, name as string)) result = false;
    for (const k of Object.keys(value)) {
      if (--budget.left < 0) return undefined;
      const sub = props && own.call(props, k) ? props[k] : additional;
      if (sub === undefined) continue;
      const r = valid(sub, value[k]!, budget);
      if (r === undefined) return undefined;
      if (!r) result = false;
    }
  }
  return result;
}

// Ajv's own comparisons (lib/vocabularies/validation/limitNumber.ts, limitLength.ts, limitItems.ts).
const NUMBER_BOUNDS: readonly [string, (v: number, b: number) => boolean][] = [
  ['minimum', (v, b) => v >= b],
  ['maximum', (v, b) => v <= b],
  ['exclusiveMinimum', (v, b) => v > b],
  ['exclusiveMaximum', (v, b) => v < b],
];
const atLeast = (v: number, b: number) => v >= b;
const atMost = (v: number, b: number) => v <= b;
const isString = (v: JsonValue) => typeof v === 'string';
const stringSize = (v: JsonValue) => codePoints(v as string);
const isArray = (v: JsonValue) => Array.isArray(v);
const arraySize = (v: JsonValue) => (v as JsonValue[]).length;
const objectSize = (v: JsonValue) => Object.keys(v as Obj).length;
const SIZE_BOUNDS: readonly [string, (v: JsonValue) => boolean, (v: JsonValue) => number, (v: number, b: number) => boolean][] = [
  ['minLength', isString, stringSize, atLeast],
  ['maxLength', isString, stringSize, atMost],
  ['minItems', isArray, arraySize, atLeast],
  ['maxItems', isArray, arraySize, atMost],
  ['minProperties', isObj, objectSize, atLeast],
  ['maxProperties', isObj, objectSize, atMost],
];
