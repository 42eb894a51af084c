/**
 * Rename fixes of the Names rules: a tool's `name` value (name-verb-first, name-format), and a property key
 * with its entries in the sibling `required` array (name-format, param-name-vague). Both refuse a rename that
 * would collide with an existing name or leave a dangling reference behind.
 */
import { child, elements, isArray, isObject, propertyNode, type Node } from '../document';
import type { ToolInfo } from '../discover';
import type { FixContext, FixProposal } from '../fix';
import { NAME_RULES } from '../profiles';
import { mentionBase, toolMentions } from '../analysis/descriptions';
import type { TextEdit } from './edits';
import { keyOf } from './nodes';

/** Whether a description in the file refers to `name` as a tool (a rename would leave that mention dangling). */
export function mentionedAsTool(tools: readonly ToolInfo[], name: string): boolean {
  for (const t of tools) {
    const d = t.description;
    if (!d || !d.includes(name)) continue;
    for (const m of toolMentions(d)) if (m.name === name || mentionBase(m.name) === name) return true;
  }
  return false;
}

/** Whether `name` passes the provider name pattern of the tool's profile (always true without one). */
function providerAccepts(tool: ToolInfo, name: string): boolean {
  const rule = NAME_RULES[tool.profile];
  return !rule || rule.pattern.test(name);
}

/**
 * Fixes that rename the tool of the finding to each of `candidates` (only the `name` string changes). None when
 * the name is not a string, when a description in the file mentions the current name as a tool, and no
 * candidate that another tool of the file already has or that the provider's pattern rejects (when the current
 * name passes it).
 */
export function toolRenames(ctx: FixContext, candidates: readonly string[]): FixProposal[] {
  const tool = ctx.tool;
  const node = tool?.nameNode;
  if (!tool || !node || node.type !== 'string' || tool.name === undefined) return [];
  const old = tool.name;
  if (mentionedAsTool(ctx.tools, old)) return [];
  const taken = new Set<string>();
  for (const t of ctx.tools) if (t !== tool && t.name !== undefined) taken.add(t.name);
  const strictPattern = providerAccepts(tool, old);
  const out: FixProposal[] = [];
  for (const c of candidates) {
    if (!c || c === old || taken.has(c)) continue;
    if (strictPattern && !providerAccepts(tool, c)) continue;
    if (out.some((f) => f.title.endsWith(`"${c}"`))) continue;
    out.push({ title: `Rename "${old}" to "${c}"`, kind: 'suggestion', edits: [ctx.edit.replaceString(node, c)] });
  }
  return out;
}

/**
 * Edits renaming the property whose value (schema) node is `value` to `newKey`: its key, and the same name in
 * the `required` array of the schema object that holds the `properties` map. Undefined when the node is not a
 * property of a `properties` map, or `newKey` is already a property there.
 */
export function renamePropertyEdits(ctx: FixContext, value: Node | undefined, newKey: string): TextEdit[] | undefined {
  const key = keyOf(value);
  const props = key?.parent?.parent;
  if (!key || typeof key.value !== 'string' || !isObject(props) || !newKey || key.value === newKey) return undefined;
  if (propertyNode(props, newKey)) return undefined;
  const holder = props.parent;
  if (holder?.type !== 'property' || holder.children?.[0]?.value !== 'properties') return undefined;
  const schema = holder.parent;
  const old = key.value;
  const edits: TextEdit[] = ctx.edit.renameKeyAll(key, newKey);
  const required = isObject(schema) ? child(schema, 'required') : undefined;
  if (isArray(required)) {
    for (const e of elements(required)) if (e.type === 'string' && e.value === old) edits.push(ctx.edit.replaceString(e, newKey));
  }
  return edits;
}

/** A suggestion renaming the property of the finding to `newKey` (and in `required`), or none. */
export function propertyRename(ctx: FixContext, newKey: string): FixProposal[] {
  const key = keyOf(ctx.node);
  const edits = renamePropertyEdits(ctx, ctx.node, newKey);
  if (!key || !edits) return [];
  return [{ title: `Rename "${String(key.value)}" to "${newKey}"`, kind: 'suggestion', edits }];
}
