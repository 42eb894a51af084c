/**
 * Edits shared by the type-tightening fixes of the Types rules (type-count-as-string, type-flag-as-string,
 * type-list-as-string, type-closed-set-as-string, array-items-missing, integer-unbounded): where a reported
 * type sits (the property schema, or its anyOf / oneOf branch), changing it while keeping the author's case
 * (Gemini's `STRING` becomes `INTEGER`), converting the values the new type would reject, removing or moving
 * keywords of the old type, and adding several properties at one place without overlapping edits.
 */
import { child, elements, isArray, propertyNode, valueOf, type JsonValue, type Node } from '../document';
import { applyEdits, inlineJson, writing, type EditBuilder, type TextEdit } from './edits';

/** Where a reported `type` (or an untyped property schema) sits. */
export interface TypeSite {
  /** The property schema: its description, default and examples live here. */
  schema: Node;
  /** The object holding the `type` (the schema itself, or the anyOf / oneOf branch of a nullable union). */
  holder: Node;
  /** The reported type name node ("string" in `"type": "string"` or in `["string", "null"]`); undefined when untyped. */
  typeNode: Node | undefined;
}

/** The site of a finding reported at a type name node or at an (untyped) property schema object. */
export function typeSite(node: Node | undefined): TypeSite | undefined {
  if (!node) return undefined;
  let holder: Node | undefined;
  let typeNode: Node | undefined;
  if (node.type === 'object') holder = node;
  else if (node.type === 'string') {
    let p = node.parent;
    if (p?.type === 'array') p = p.parent;
    if (p?.type !== 'property' || p.children?.[0]?.value !== 'type') return undefined;
    holder = p.parent;
    typeNode = node;
  }
  if (!holder || holder.type !== 'object') return undefined;
  let schema = holder;
  const arr = holder.parent;
  const prop = arr?.type === 'array' ? arr.parent : undefined;
  const key = prop?.type === 'property' ? prop.children?.[0]?.value : undefined;
  if ((key === 'anyOf' || key === 'oneOf') && prop?.parent?.type === 'object') schema = prop.parent;
  return { schema, holder, typeNode };
}

/** The objects of a site where value keywords may be written (the schema, and the branch when it differs). */
export function scopes(site: TypeSite): Node[] {
  return site.holder === site.schema ? [site.schema] : [site.schema, site.holder];
}

/** A type name written in the case of the one it replaces: "STRING" → "INTEGER", "string" → "integer". */
export function sameCase(raw: string, name: string): string {
  return raw.length > 0 && raw === raw.toUpperCase() && raw !== raw.toLowerCase() ? name.toUpperCase() : name;
}

/** The edit that changes the site's type to `name` (added first when the schema has none). */
export function setType(edit: EditBuilder, site: TypeSite, name: string): TextEdit {
  if (site.typeNode) return edit.replaceString(site.typeNode, sameCase(String(site.typeNode.value), name));
  return edit.setProperty(site.schema, 'type', name, { first: true });
}

/** Whether the type list holding the site's type also admits null (`["string", "null"]`). */
export function typeListHasNull(site: TypeSite): boolean {
  const t = child(site.holder, 'type');
  return isArray(t) && elements(t).some((e) => e.type === 'string' && String(e.value).toLowerCase() === 'null');
}

/** Converts a value the old type accepted; `undefined` means it cannot be converted (no fix then). */
export type Convert = (value: JsonValue) => JsonValue | undefined;

/** Keywords holding one value of the schema, and those holding a list of them. */
const SINGLE_VALUE_KEYS = ['default', 'const', 'example'] as const;
const VALUE_LIST_KEYS = ['examples', 'enum'] as const;

/**
 * Edits converting every `default`, `const`, `example`, `examples` and `enum` value of the site's objects, each
 * value replaced in place (the layout of lists is kept). Undefined when one of them cannot be converted. `skip`
 * names keywords the caller handles itself (an enum it removes).
 */
export function convertValues(edit: EditBuilder, site: TypeSite, convert: Convert, skip: ReadonlySet<string> = new Set()): TextEdit[] | undefined {
  const out: TextEdit[] = [];
  const one = (n: Node): boolean => {
    const v = valueOf(n, 32);
    if (v === undefined) return false;
    if (v === null) return true;
    const c = convert(v);
    if (c === undefined) return false;
    if (!sameJson(c, v)) out.push(edit.replaceValue(n, c));
    return true;
  };
  for (const obj of scopes(site)) {
    for (const key of SINGLE_VALUE_KEYS) {
      if (skip.has(key)) continue;
      const n = child(obj, key);
      if (n && !one(n)) return undefined;
    }
    for (const key of VALUE_LIST_KEYS) {
      if (skip.has(key)) continue;
      const n = child(obj, key);
      if (!n) continue;
      if (!isArray(n)) {
        if (!one(n)) return undefined;
        continue;
      }
      for (const e of elements(n)) if (!one(e)) return undefined;
    }
  }
  return out;
}

function sameJson(a: JsonValue, b: JsonValue): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  return inlineJson(a) === inlineJson(b);
}

/** The property nodes of `keys` in the site's objects, in document order. */
export function keywordProps(site: TypeSite, keys: readonly string[]): { key: string; prop: Node; value: Node }[] {
  const out: { key: string; prop: Node; value: Node }[] = [];
  for (const obj of scopes(site)) {
    for (const key of keys) {
      const prop = propertyNode(obj, key);
      const value = prop?.children?.[1];
      if (prop && value) out.push({ key, prop, value });
    }
  }
  return out;
}

export { removeMembers } from './edits';

/** A plain object from pairs (keys set as own properties, so `__proto__` is an ordinary key). */
export function objectOf(pairs: readonly (readonly [string, JsonValue])[]): { [key: string]: JsonValue } {
  const o: { [key: string]: JsonValue } = {};
  for (const [k, v] of pairs) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

/** Adds several properties to an object at one place (after `after` when it is there, else at the end). */
export function insertProperties(edit: EditBuilder, obj: Node, pairs: readonly (readonly [string, JsonValue])[], after?: string): TextEdit[] {
  if (pairs.length === 0) return [];
  if (!obj.children || obj.children.length === 0) return [edit.replaceValue(obj, objectOf(pairs))];
  return pairs.map(([k, v]) => edit.setProperty(obj, k, v, after && propertyNode(obj, after) ? { after } : {}));
}

/** Replaces a whole property (key and value) with another one, in place. */
export function replaceProperty(prop: Node, key: string, value: JsonValue): TextEdit {
  return writing({ offset: prop.offset, length: prop.length, content: `${JSON.stringify(key)}: ${inlineJson(value)}` }, prop.parent, key);
}

/**
 * One fix's edits as non-overlapping, non-touching edits: edits that touch or share an offset (a type replaced
 * and a property inserted right after it) become one edit over the span they cover. Insertions at the same
 * offset keep their order. Throws on edits that really overlap (the fix is then dropped).
 */
export function mergeEdits(text: string, edits: readonly (TextEdit | undefined)[]): TextEdit[] {
  const sorted = edits
    .filter((e): e is TextEdit => e !== undefined)
    .map((e, i) => ({ e, i }))
    .sort((a, b) => a.e.offset - b.e.offset || a.e.length - b.e.length || a.i - b.i)
    .map((x) => x.e);
  const out: TextEdit[] = [];
  let group: TextEdit[] = [];
  let start = 0;
  let end = 0;
  const flush = () => {
    if (group.length === 0) return;
    const slice = text.slice(start, end);
    const content = group.length === 1 ? group[0]!.content : applyEdits(slice, group.map((g) => ({ offset: g.offset - start, length: g.length, content: g.content })));
    out.push({ offset: start, length: end - start, content });
    group = [];
  };
  for (const e of sorted) {
    if (group.length > 0 && e.offset <= end) {
      group.push(e);
      end = Math.max(end, e.offset + e.length);
    } else {
      flush();
      group = [e];
      start = e.offset;
      end = e.offset + e.length;
    }
  }
  flush();
  return out;
}

/** A value for a fix title, shortened: `["low", "medium", "high"]`. */
export function titleJson(value: JsonValue, max = 60): string {
  const s = inlineJson(value);
  return s.length <= max ? s : `${s.slice(0, max - 1)}…`;
}
