/**
 * Schema-level edits shared by the schema-validity, required/strict and result fixes: several properties
 * added to an object in one edit, a sentence appended to a schema's description, a name added to or removed
 * from `required`, the schema object a property belongs to.
 */
import { child, elements, isArray, isObject, propertyNode, type Node } from '../document';
import { writing, type EditBuilder, type TextEdit } from './edits';
import { owningObject } from './nodes';

/**
 * Adds properties to an object in one edit (setProperty per key would insert several times at one offset,
 * which counts as overlapping). Keys already present are skipped. `first` puts them before the first member.
 */
export function addProperties(edit: EditBuilder, obj: Node, props: readonly [string, unknown][], options: { first?: boolean; after?: string } = {}): TextEdit | undefined {
  const todo = props.filter(([k]) => !propertyNode(obj, k));
  if (todo.length === 0) return undefined;
  if (!obj.children || obj.children.length === 0) {
    const value: Record<string, unknown> = {};
    for (const [k, v] of todo) Object.defineProperty(value, k, { value: v, enumerable: true, writable: true, configurable: true });
    return edit.replaceValue(obj, value);
  }
  const parts = todo.map(([k, v]) => edit.setProperty(obj, k, v, options));
  // Every part is an insertion at the same offset; `first` parts end with their separator, others start with it.
  return { offset: parts[0]!.offset, length: 0, content: parts.map((p) => p.content).join('') };
}

/** The schema object that holds `properties` in which `propertySchema` is the value of one entry. */
export function ownerOfProperty(propertySchema: Node | undefined): Node | undefined {
  const props = owningObject(propertySchema);
  if (!props) return undefined;
  const p = props.parent;
  if (p?.type !== 'property' || p.children?.[0]?.value !== 'properties' || p.children?.[1] !== props) return undefined;
  return owningObject(props);
}

/** The name of the property whose schema is `propertySchema`. */
export function propertyNameOf(propertySchema: Node | undefined): string | undefined {
  const p = propertySchema?.parent;
  if (p?.type !== 'property' || p.children?.[1] !== propertySchema) return undefined;
  const k = p.children?.[0]?.value;
  return typeof k === 'string' ? k : undefined;
}

/** Adds `name` to the object's `required` list (created after `properties` when absent); undefined when `required` is not an array. */
export function addToRequired(edit: EditBuilder, obj: Node, name: string): TextEdit | undefined | 'present' {
  const req = child(obj, 'required');
  if (!req) return edit.setProperty(obj, 'required', [name], propertyNode(obj, 'properties') ? { after: 'properties' } : {});
  if (!isArray(req)) return undefined;
  if (elements(req).some((e) => e.type === 'string' && e.value === name)) return 'present';
  return edit.appendItem(req, name);
}

/**
 * Removes every entry `name` from a `required` array: one element with its separator, or, when the name is
 * listed more than once, the array rewritten without it.
 */
export function removeFromRequired(edit: EditBuilder, req: Node, name: string): TextEdit | undefined {
  if (!isArray(req)) return undefined;
  const hits = elements(req).filter((e) => e.type === 'string' && e.value === name);
  if (hits.length === 0) return undefined;
  if (hits.length === 1) return edit.removeMember(hits[0]!);
  const rest: unknown[] = [];
  for (const e of elements(req)) {
    if (e.type === 'string' && e.value === name) continue;
    if (e.type === 'string' || e.type === 'number' || e.type === 'boolean') rest.push(e.value);
    else if (e.type === 'null') rest.push(null);
    else return undefined; // an odd entry this rewrite could not keep as written
  }
  return edit.replaceValue(req, rest);
}

/** `text` followed by `sentence`, with the punctuation between them. */
export function appendSentence(text: string, sentence: string): string {
  const t = text.replace(/\s+$/, '');
  if (!t) return sentence;
  return /[.!?:;]$/.test(t) ? `${t} ${sentence}` : `${t}. ${sentence}`;
}

/**
 * Removes `member` (a property of `schema`) and keeps its meaning as `sentence` in the schema's description:
 * appended to an existing string description, or written in the removed member's place when there is none.
 */
export function replaceWithDescription(edit: EditBuilder, schema: Node, member: Node, sentence: string): TextEdit[] | undefined {
  if (!isObject(schema) || member.parent !== schema) return undefined;
  const desc = propertyNode(schema, 'description');
  if (!desc) return [writing({ offset: member.offset, length: member.length, content: `"description": ${JSON.stringify(sentence)}` }, schema, 'description')];
  const dv = desc.children?.[1];
  if (!dv || dv.type !== 'string' || desc === member) return undefined;
  return [edit.replaceString(dv, appendSentence(dv.value as string, sentence)), edit.removeMember(member)];
}

/** Appends a sentence to a schema's description (creating it after `type`, or last, when absent). */
export function describeIn(edit: EditBuilder, schema: Node, sentence: string): TextEdit | undefined {
  const dv = child(schema, 'description');
  if (dv) return dv.type === 'string' ? edit.replaceString(dv, appendSentence(dv.value as string, sentence)) : undefined;
  return edit.setProperty(schema, 'description', sentence, propertyNode(schema, 'type') ? { after: 'type' } : {});
}

/**
 * Appends several values to an array in one edit (one `appendItem` per value would insert several times at
 * one offset, which counts as overlapping).
 */
export function appendItems(edit: EditBuilder, arr: Node, values: readonly unknown[]): TextEdit | undefined {
  if (!isArray(arr) || values.length === 0) return undefined;
  if (elements(arr).length === 0) {
    if (values.length === 1) return edit.appendItem(arr, values[0]);
    return edit.replaceValue(arr, values);
  }
  const parts = values.map((v) => edit.appendItem(arr, v));
  return { offset: parts[0]!.offset, length: 0, content: parts.map((p) => p.content).join('') };
}

/** Adds names to the object's `required` list in one edit (created after `properties` when absent); undefined when `required` is not an array. */
export function addAllToRequired(edit: EditBuilder, obj: Node, names: readonly string[]): TextEdit | undefined {
  const req = child(obj, 'required');
  if (!req) return names.length ? edit.setProperty(obj, 'required', [...names], propertyNode(obj, 'properties') ? { after: 'properties' } : {}) : undefined;
  if (!isArray(req)) return undefined;
  const listed = new Set(elements(req).filter((e) => e.type === 'string').map((e) => e.value as string));
  return appendItems(edit, req, names.filter((n) => !listed.has(n)));
}
