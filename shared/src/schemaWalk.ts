/**
 * One walk over a JSON Schema held as jsonc-parser nodes: every subschema (via properties, items, anyOf...)
 * with its context (depth, the property it defines, whether that property is required). Rules read this
 * instead of walking on their own, so a tool's schema is walked once per lint.
 */
import { child, elements, entries, isArray, isObject, isShadowed, str, stringItems, type Node } from './document';
import { typeSlots, type TypeSlot } from './analysis/params';

/** Keywords whose value is a map of name → schema. */
export const SCHEMA_MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
/** Keywords whose value is one schema. */
export const SCHEMA_KEYWORDS = new Set([
  'additionalProperties', 'additionalItems', 'contains', 'propertyNames', 'not', 'if', 'then', 'else',
  'unevaluatedProperties', 'unevaluatedItems', 'contentSchema', 'items',
]);
/** Keywords whose value is an array of schemas. */
export const SCHEMA_ARRAY_KEYWORDS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items']);

/** Deeper subschemas are not visited (strict-limits reports depth long before this). */
export const MAX_SCHEMA_DEPTH = 64;

export interface PropertyVisit {
  name: string;
  keyNode: Node;
  /** The property's schema (any JSON value; usually an object). */
  schema: Node;
  /** The object schema whose `properties` holds this property. */
  owner: SchemaVisit;
  required: boolean;
  /** True for the tool's own parameters (properties of the root schema). */
  topLevel: boolean;
  /** typeSlots(schema), once asked (propertySlots): six rules ask it of every property. */
  slots: readonly TypeSlot[] | undefined;
}

/** The declared types of the property's schema (typeSlots), computed once per visit. */
export function propertySlots(p: PropertyVisit): readonly TypeSlot[] {
  return (p.slots ??= typeSlots(p.schema));
}

export interface SchemaVisit {
  node: Node;
  /** The keyword that led here from the parent ('' at the root). */
  via: string;
  parent: SchemaVisit | undefined;
  /** Set when this schema is the value of a `properties` entry. */
  property: PropertyVisit | undefined;
  /** Object nesting level: 1 at the root, +1 per nested object or array-of-objects level. */
  depth: number;
  isRoot: boolean;
  /** Declared type names (the `type` string or array), as written. */
  types: string[];
  /** Names listed in `required` (strings only). */
  required: ReadonlySet<string>;
}

export interface WalkHandlers {
  schema?(s: SchemaVisit): void;
  property?(p: PropertyVisit): void;
}

export function typeNames(schema: Node): string[] {
  const t = child(schema, 'type');
  if (!t) return [];
  if (t.type === 'string') return [t.value as string];
  if (isArray(t)) return stringItems(t);
  return [];
}

const NONE_REQUIRED: ReadonlySet<string> = new Set();

/** The strings of a schema's `required`; one shared empty set for the many schemas without one. */
function requiredNames(node: Node): ReadonlySet<string> {
  const list = child(node, 'required');
  return list ? new Set(stringItems(list)) : NONE_REQUIRED;
}

/** Walks every subschema below `root` (an object node), calling handlers in document order. */
export function walkSchema(root: Node, handlers: WalkHandlers): void {
  visit(root, '', undefined, undefined, 1);

  function visit(node: Node, via: string, parent: SchemaVisit | undefined, property: PropertyVisit | undefined, depth: number): void {
    if (!isObject(node) || depth > MAX_SCHEMA_DEPTH) return;
    const s: SchemaVisit = {
      node,
      via,
      parent,
      property,
      depth,
      isRoot: parent === undefined,
      types: typeNames(node),
      required: requiredNames(node),
    };
    handlers.schema?.(s);
    // The members as entries() gives them, read in place: no array per member on this hot path.
    for (const member of node.children ?? []) {
      const value = member.children?.[1];
      const key = member.children?.[0]?.value;
      // A member a later one repeats is not walked: JSON.parse reads the last.
      if (!value || typeof key !== 'string' || isShadowed(member)) continue;
      if (key === 'properties') {
        if (!isObject(value)) continue;
        for (const prop of value.children ?? []) {
          const keyNode = prop.children?.[0];
          const propSchema = prop.children?.[1];
          const name = keyNode?.value;
          if (!propSchema || typeof name !== 'string' || isShadowed(prop)) continue;
          const p: PropertyVisit = { name, keyNode: keyNode!, schema: propSchema, owner: s, required: s.required.has(name), topLevel: s.isRoot, slots: undefined };
          handlers.property?.(p);
          visit(propSchema, 'properties', s, p, depth + 1);
        }
      } else if (SCHEMA_MAP_KEYWORDS.has(key)) {
        if (isObject(value)) for (const [, , sub] of entries(value)) visit(sub, key, s, undefined, depth + 1);
      } else if (key === 'items' && isObject(value)) {
        visit(value, key, s, undefined, depth + (isObject(child(value, 'properties')) ? 1 : 0));
      } else if (SCHEMA_ARRAY_KEYWORDS.has(key)) {
        if (isArray(value)) for (const sub of elements(value)) visit(sub, key, s, undefined, depth);
      } else if (SCHEMA_KEYWORDS.has(key)) {
        visit(value, key, s, undefined, key === 'additionalProperties' ? depth + 1 : depth);
      }
    }
  }
}

/** Whether the schema's type admits null (type array with "null", `nullable: true`, or a null branch). */
export function allowsNull(schema: Node): boolean {
  if (typeNames(schema).some((t) => t.toLowerCase() === 'null')) return true;
  if (child(schema, 'nullable')?.value === true) return true;
  for (const k of ['anyOf', 'oneOf']) {
    for (const b of elements(child(schema, k))) {
      if (typeNames(b).some((t) => t.toLowerCase() === 'null')) return true;
    }
  }
  const en = child(schema, 'enum');
  if (isArray(en) && elements(en).some((e) => e.type === 'null')) return true;
  return false;
}

/** The description string of a schema, or ''. */
export function descriptionOf(schema: Node | undefined): string {
  return str(child(schema, 'description')) ?? '';
}

/** Lower-cased primary type: the first non-null declared type. */
export function primaryType(types: readonly string[]): string | undefined {
  for (const t of types) if (t.toLowerCase() !== 'null') return t.toLowerCase();
  return undefined;
}
