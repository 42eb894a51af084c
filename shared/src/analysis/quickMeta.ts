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

/** What schemaOk checks of a keyword's value: one look-up per member, not up to six set look-ups in turn. */
const enum Kind {
  String = 1,
  Boolean,
  Number,
  Count,
  MultipleOf,
  Type,
  Enum,
  Required,
  Examples,
  AnyValue,
  Properties,
  Subschema,
  Items,
  SchemaArray,
}
const KIND: ReadonlyMap<string, Kind> = (() => {
  const m = new Map<string, Kind>();
  const add = (keys: Iterable<string>, kind: Kind) => {
    for (const k of keys) if (!m.has(k)) m.set(k, kind);
  };
  add(STRINGS, Kind.String);
  add(BOOLEANS, Kind.Boolean);
  add(NUMBERS, Kind.Number);
  add(COUNTS, Kind.Count);
  add(['multipleOf'], Kind.MultipleOf);
  add(['type'], Kind.Type);
  add(['enum'], Kind.Enum);
  add(['required'], Kind.Required);
  add(['examples'], Kind.Examples);
  add(['default', 'const'], Kind.AnyValue);
  add(['properties'], Kind.Properties);
  add(SUBSCHEMAS, Kind.Subschema);
  add(['items'], Kind.Items);
  add(SCHEMA_ARRAYS, Kind.SchemaArray);
  return m;
})();

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
    switch (KIND.get(k)) {
      case Kind.String:
        if (v.type !== 'string') return false;
        break;
      case Kind.Boolean:
        if (v.type !== 'boolean') return false;
        break;
      case Kind.Number:
        if (!finiteNumber(v)) return false;
        break;
      case Kind.Count:
        if (!finiteNumber(v) || !Number.isInteger(v.value) || (v.value as number) < 0) return false;
        break;
      case Kind.MultipleOf:
        if (!finiteNumber(v) || (v.value as number) <= 0) return false;
        break;
      case Kind.Type:
        if (v.type === 'string') {
          if (!JSON_TYPES.has(v.value as string)) return false;
        } else if (!distinctStrings(v, JSON_TYPES) || (v.children ?? []).length === 0) return false;
        break;
      case Kind.Enum:
        if (v.type !== 'array' || (draft === '07' && !enum07(v))) return false;
        break;
      case Kind.Required:
        if (!distinctStrings(v)) return false;
        break;
      case Kind.Examples:
        if (v.type !== 'array') return false;
        break;
      case Kind.AnyValue:
        break;
      case Kind.Properties:
        if (v.type !== 'object') return false;
        for (const p of v.children ?? []) {
          const sub = p.children?.[1];
          if (!sub || !schemaOk(sub, draft, budget, depth + 1)) return false;
        }
        break;
      case Kind.Subschema:
        if (!schemaOk(v, draft, budget, depth + 1)) return false;
        break;
      case Kind.Items:
        if (v.type !== 'array') {
          if (!schemaOk(v, draft, budget, depth + 1)) return false;
        } else if (draft === '07') {
          if (!schemaList(v, draft, budget, depth)) return false;
        } else if (STANDARD_KEYWORDS.has(k)) return false;
        break;
      case Kind.SchemaArray:
        if (!schemaList(v, draft, budget, depth)) return false;
        break;
      default:
        // A keyword the meta-schema constrains in a way not read here ($defs, patternProperties, prefixItems...).
        if (STANDARD_KEYWORDS.has(k)) return false;
      // Any other key (`nullable`, `x-...`, a typo) is not constrained by the meta-schemas.
    }
  }
  return true;
}

/** A non-empty array of schemas (allOf, anyOf, oneOf; draft-07's array `items`). */
function schemaList(v: Node, draft: Draft, budget: { left: number }, depth: number): boolean {
  const list = v.type === 'array' ? (v.children ?? []) : undefined;
  if (!list || list.length === 0) return false;
  for (const sub of list) if (!schemaOk(sub, draft, budget, depth + 1)) return false;
  return true;
}
