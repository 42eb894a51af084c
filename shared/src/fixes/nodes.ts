/** Navigation from a finding's node to the schema objects a fix edits. */
import type { Node } from '../document';

/** The object holding a property's value (`{"type": "int"}` for the "int" node; the element's object for `["int", "null"]`). */
export function owningObject(valueNode: Node | undefined): Node | undefined {
  let n = valueNode?.parent;
  if (n?.type === 'array') n = n.parent;
  if (n?.type === 'property') n = n.parent;
  return n?.type === 'object' ? n : undefined;
}

/** The key node of the property whose value is `valueNode`. */
export function keyOf(valueNode: Node | undefined): Node | undefined {
  const p = valueNode?.parent;
  return p?.type === 'property' && p.children?.[1] === valueNode ? p.children?.[0] : undefined;
}
