/**
 * Making a property schema accept null, the strict-mode way to say "omitted" (SPEC "Required versus optional"
 * 2): `"type": "string"` → `["string", "null"]`, a type list gets "null", an `enum` gets null (otherwise the
 * enum still rejects it), an `anyOf` / `oneOf` union gets a `{"type": "null"}` branch, and a bare `$ref` becomes
 * `"anyOf": [{"$ref": ...}, {"type": "null"}]`. Edits only; nothing is re-serialised beyond the touched values.
 */
import { child, elements, isArray, isObject, propertyNode, type Node } from '../document';
import { writing, type EditBuilder, type TextEdit } from './edits';

export interface NullableChange {
  /** Edits that make the schema accept null; empty when it already does. */
  edits: TextEdit[];
  /** What changes, for a fix title ("type" → ["integer", "null"]); '' when nothing changes. */
  summary: string;
}

function typeAdmitsNull(t: Node): boolean {
  if (t.type === 'string') return String(t.value).toLowerCase() === 'null';
  return elements(t).some((e) => e.type === 'string' && String(e.value).toLowerCase() === 'null');
}

function branchIsNull(b: Node): boolean {
  const t = child(b, 'type');
  if (t && typeAdmitsNull(t)) return true;
  const c = child(b, 'const');
  return !!c && c.type === 'null';
}

const JSON_TYPES = new Set(['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']);

/**
 * The edits that make `schema` admit null, or undefined when no clean edit exists (a `const`, an `allOf`, a
 * `not`, a `$ref` beside a type, a `type` that is neither a string nor a list). Every keyword that restricts
 * the value is widened: `type`, `enum` and the `anyOf` / `oneOf` union. Already nullable (or unrestricted,
 * such as `{}`): an empty change.
 */
export function makeNullable(edit: EditBuilder, schema: Node | undefined): NullableChange | undefined {
  if (!isObject(schema)) return undefined;
  const edits: TextEdit[] = [];
  const parts: string[] = [];
  const t = child(schema, 'type');
  const en = child(schema, 'enum');
  const c = child(schema, 'const');
  const anyOf = child(schema, 'anyOf');
  const oneOf = child(schema, 'oneOf');
  const ref = propertyNode(schema, '$ref');
  // A const other than null, an allOf or a not (which may exclude null), or two unions: no single keyword to widen.
  if ((c && c.type !== 'null') || propertyNode(schema, 'allOf') || propertyNode(schema, 'not') || (anyOf && oneOf)) return undefined;
  if (t) {
    // A type that is no JSON Schema type ("", "str", "dict") is corrected first (type-unknown): `["", "null"]` would
    // wrap a non-type in a union, and the correction then lands inside it.
    if (t.type === 'string' && !JSON_TYPES.has(String(t.value))) return undefined;
    if (isArray(t) && elements(t).some((e) => e.type !== 'string' || !JSON_TYPES.has(String(e.value)))) return undefined;
    if (t.type === 'string') {
      if (!typeAdmitsNull(t)) {
        const name = String(t.value);
        edits.push(edit.replaceValue(t, [name, 'null']));
        parts.push(`"type": ["${name}", "null"]`);
      }
    } else if (isArray(t)) {
      if (elements(t).some((e) => e.type !== 'string')) return undefined;
      if (!typeAdmitsNull(t)) {
        edits.push(edit.appendItem(t, 'null'));
        parts.push('"null" in "type"');
      }
    } else return undefined;
  }
  if (en) {
    if (!isArray(en)) return undefined;
    if (!elements(en).some((e) => e.type === 'null')) {
      edits.push(edit.appendItem(en, null));
      parts.push('null in "enum"');
    }
  }
  const union = anyOf ?? oneOf;
  if (union) {
    if (!isArray(union)) return undefined;
    const key = anyOf ? 'anyOf' : 'oneOf';
    if (!elements(union).some((b) => isObject(b) && branchIsNull(b))) {
      edits.push(edit.appendItem(union, { type: 'null' }));
      parts.push(`{"type": "null"} in "${key}"`);
    }
  }
  if (ref) {
    // A $ref beside other restricting keywords would still reject null through its target.
    const refValue = ref.children?.[1];
    if (t || en || union || !refValue) return undefined;
    const refText = edit.text.slice(refValue.offset, refValue.offset + refValue.length);
    edits.push(writing({ offset: ref.offset, length: ref.length, content: `"anyOf": [{ "$ref": ${refText} }, { "type": "null" }]` }, ref.parent, 'anyOf'));
    parts.push('"anyOf" with a null branch');
  }
  // `properties` or `items` without a type do not exclude null; nothing else restricts the value.
  return { edits, summary: parts.join(' and ') };
}

/** Whether `makeNullable` would change nothing: the schema already admits null in every keyword that restricts it. */
export function isNullable(edit: EditBuilder, schema: Node | undefined): boolean {
  const c = makeNullable(edit, schema);
  return !!c && c.edits.length === 0;
}
