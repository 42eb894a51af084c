/**
 * Whether a schema is valid against its draft's meta-schema, read from the parse tree for the keywords nearly
 * every tool schema is made of, without building its value or running the meta-schema validator.
 *
 * `schema-invalid` validated each schema root with the generated meta-schema validator after building the
 * schema's plain value: on 2,000 corpus tools linted for the first time (as the CLI lints), 0.4 s of 4.3 s, the
 * costliest rule. Nearly every schema is valid and made of a few keywords, so that answer comes from one walk
 * of the tree here; the validator runs only for a schema with any other keyword, or one found invalid.
 *
 * One-sided: `true` only when the meta-schema validator (the generated ones of jsonSchema.ts) finds no error;
 * `false` when not sure. test/engine/quickMeta.test.ts compares it with the validators on every object of the
 * corpus and on generated schemas.
 */
import type { Node } from '../document';
import { STANDARD_KEYWORDS, type Draft } from './jsonSchema';
import { JSON_TYPES } from './params';

/**
 * Keywords whose value the meta-schemas require to be a string (their `format`, such as uri, is not checked: the
 * validators are generated without formats). Not `$id`: 2020-12 also gives it a pattern.
 */
const STRINGS: ReadonlySet<string> = new Set(['title', 'description', '$comment', 'format', 'contentMediaType', 'contentEncoding', 'pattern', '$ref', '$schema']);
const BOOLEANS: ReadonlySet<string> = new Set(['readOnly', 'writeOnly', 'uniqueItems', 'deprecated']);
const NUMBERS: ReadonlySet<string> = new Set(['maximum', 'minimum', 'exclusiveMaximum', 'exclusiveMinimum']);
const COUNTS: ReadonlySet<string> = new Set(['maxLength', 'minLength', 'maxItems', 'minItems', 'maxProperties', 'minProperties']);
const SUBSCHEMAS: ReadonlySet<string> = new Set(['additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'additionalItems']);
const SCHEMA_ARRAYS: ReadonlySet<string> = new Set(['allOf', 'anyOf', 'oneOf']);

/** Nodes visited for one answer; past it, "not sure" (the validator decides). */
const BUDGET = 20_000;
const MAX_DEPTH = 64;

/** `true`: the meta-schema of `draft` accepts the schema at `root`. `false`: not sure. */
export function quickMetaValid(root: Node, draft: Draft): boolean {
  return schemaOk(root, draft, { left: BUDGET }, 0);
}

function finiteNumber(n: Node): boolean {
  return n.type === 'number' && Number.isFinite(n.value as number);
}

/** A list of distinct strings (`required`), or of distinct simple type names (`type`). */
function distinctStrings(n: Node, allowed?: ReadonlySet<string>): boolean {
  if (n.type !== 'array') return false;
  const seen = new Set<string>();
  for (const el of n.children ?? []) {
    if (el.type !== 'string') return false;
    const s = el.value as string;
    if (seen.has(s) || (allowed && !allowed.has(s))) return false;
    seen.add(s);
  }
  return true;
}

/** Draft-07's `enum`: at least one value, no two equal. Objects and arrays (deep equality) are left to ajv. */
function enum07(n: Node): boolean {
  const items = n.children ?? [];
  if (items.length === 0) return false;
  const seen = new Set<string | number | boolean | null>();
  for (const el of items) {
    if (el.type === 'object' || el.type === 'array') return false;
    if (el.type === 'number' && !Number.isFinite(el.value as number)) return false;
    const v = el.type === 'null' ? null : (el.value as string | number | boolean);
    if (seen.has(v)) return false;
    seen.add(v);
  }
  return true;
}

function schemaOk(node: Node, draft: Draft, budget: { left: number }, depth: number): boolean {
  if (--budget.left < 0 || depth > MAX_DEPTH) return false;
  if (node.type === 'boolean') return true;
  if (node.type !== 'object') return false;
  for (const member of node.children ?? []) {
    const keyNode = member.children?.[0];
    const v = member.children?.[1];
    if (!keyNode || !v || typeof keyNode.value !== 'string') return false;
    const k = keyNode.value;
    if (--budget.left < 0) return false;
    if (STRINGS.has(k)) {
      if (v.type !== 'string') return false;
    } else if (BOOLEANS.has(k)) {
      if (v.type !== 'boolean') return false;
    } else if (NUMBERS.has(k)) {
      if (!finiteNumber(v)) return false;
    } else if (COUNTS.has(k)) {
      if (!finiteNumber(v) || !Number.isInteger(v.value) || (v.value as number) < 0) return false;
    } else if (k === 'multipleOf') {
      if (!finiteNumber(v) || (v.value as number) <= 0) return false;
    } else if (k === 'type') {
      if (v.type === 'string') {
        if (!JSON_TYPES.has(v.value as string)) return false;
      } else if (!distinctStrings(v, JSON_TYPES) || (v.children ?? []).length === 0) return false;
    } else if (k === 'enum') {
      if (v.type !== 'array' || (draft === '07' && !enum07(v))) return false;
    } else if (k === 'required') {
      if (!distinctStrings(v)) return false;
    } else if (k === 'examples') {
      if (v.type !== 'array') return false;
    } else if (k === 'default' || k === 'const') {
      // Any value.
    } else if (k === 'properties') {
      if (v.type !== 'object') return false;
      for (const p of v.children ?? []) {
        const sub = p.children?.[1];
        if (!sub || !schemaOk(sub, draft, budget, depth + 1)) return false;
      }
    } else if (SUBSCHEMAS.has(k)) {
      if (!schemaOk(v, draft, budget, depth + 1)) return false;
    } else if (k === 'items' && v.type !== 'array') {
      if (!schemaOk(v, draft, budget, depth + 1)) return false;
    } else if (SCHEMA_ARRAYS.has(k) || (k === 'items' && draft === '07')) {
      const list = v.type === 'array' ? (v.children ?? []) : undefined;
      if (!list || list.length === 0) return false;
      for (const sub of list) if (!schemaOk(sub, draft, budget, depth + 1)) return false;
    } else if (STANDARD_KEYWORDS.has(k)) {
      // A keyword the meta-schema constrains in a way not read here ($defs, patternProperties, prefixItems...).
      return false;
    }
    // Any other key (`nullable`, `x-...`, a typo) is not constrained by the meta-schemas.
  }
  return true;
}
