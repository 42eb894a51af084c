/**
 * Edits at the level of whole tools: the text of a modified copy of a tool, inserting new tools beside one,
 * replacing a tool by several, removing one. Used by the refactors (versioned copy, split, deprecate) and by
 * the version fixes. A new tool is always the original's own text with small edits applied, so it keeps the
 * file's key order, quoting and indentation.
 */
import { applyEdits, hasLineBreak, indentAt, lineStartOf, type EditBuilder, type TextEdit } from './edits';
import type { Node } from '../document';
import type { ToolInfo } from '../discover';

/** The text of `node` after `edits` (absolute offsets, all inside the node) are applied. */
export function rewriteWithin(text: string, node: Node, edits: readonly TextEdit[]): string {
  const shifted = edits.map((e) => ({ offset: e.offset - node.offset, length: e.length, content: e.content }));
  for (const e of shifted) if (e.offset < 0 || e.offset + e.length > node.length) throw new Error('edit outside the tool');
  return applyEdits(text.slice(node.offset, node.offset + node.length), shifted);
}

/** Indents every line after the first by `extra`. */
function indentLines(s: string, extra: string, eol: string): string {
  return s.split(/\r\n?|\n/).join(eol + extra);
}

/**
 * Edits that put `replacement` (the tool's new text, or undefined to keep it as is) and `added` tool texts in
 * place of the tool's entry. In an array the new entries follow the original, in its layout; in a map keyed
 * by name each gets its key; a file that holds a single tool becomes an array of tools.
 */
export function placeTools(edit: EditBuilder, tool: ToolInfo, replacement: string | undefined, added: readonly { name: string; text: string }[]): TextEdit[] {
  const text = edit.text;
  const outer = tool.outer;
  const { eol, unit } = edit.layout;
  const parent = outer.parent;
  const own = replacement ?? text.slice(outer.offset, outer.offset + outer.length);
  if (!parent) {
    // The whole file is this tool: make it an array of tools.
    const base = indentAt(text, outer.offset);
    const inner = base + unit;
    const items = [own, ...added.map((a) => a.text)].map((t) => inner + indentLines(t, unit, eol));
    return [{ offset: outer.offset, length: outer.length, content: `[${eol}${items.join(',' + eol)}${eol}${base}]` }];
  }
  const edits: TextEdit[] = [];
  if (parent.type === 'property') {
    // A map keyed by tool name: {"get_weather": {...}}.
    const prop = parent;
    const container = prop.parent!;
    const end = prop.offset + prop.length;
    const sameLine = !hasLineBreak(text, container.offset, container.offset + container.length);
    const indent = indentAt(text, prop.offset);
    const sep = sameLine ? ', ' : ',' + eol + indent;
    let content = '';
    for (const a of added) content += `${sep}${JSON.stringify(a.name)}: ${a.text}`;
    if (replacement !== undefined) edits.push({ offset: outer.offset, length: outer.length, content: replacement });
    edits.push({ offset: end, length: 0, content });
    return edits;
  }
  // An array of tools.
  const siblings = parent.children ?? [];
  const i = siblings.indexOf(outer);
  const prev = siblings[i - 1];
  const next = siblings[i + 1];
  const multi = prev ? hasLineBreak(text, prev.offset + prev.length, outer.offset) : next ? hasLineBreak(text, outer.offset + outer.length, next.offset) : hasLineBreak(text, parent.offset, outer.offset);
  // The indentation of an entry that starts its own line (`[{…},\n {…}]`: the first entry shares the bracket's line).
  const startsLine = (n: typeof outer) => /^[ \t]*$/.test(text.slice(lineStartOf(text, n.offset), n.offset));
  const model = [outer, next, prev].find((n) => n && startsLine(n));
  const indent = model ? indentAt(text, model.offset) : indentAt(text, parent.offset) + unit;
  const sep = multi ? ',' + eol + indent : ', ';
  const content = added.map((a) => sep + a.text).join('');
  if (replacement !== undefined) edits.push({ offset: outer.offset, length: outer.length, content: replacement + content });
  else edits.push({ offset: outer.offset + outer.length, length: 0, content });
  return edits;
}

/**
 * An edit that puts a tool's text (`name` is its key in a map keyed by name) just before `tool`'s entry, in the
 * list's layout; undefined for a file that is a single tool (placeTools puts it after).
 */
export function placeToolBefore(edit: EditBuilder, tool: ToolInfo, added: { name: string; text: string }): TextEdit | undefined {
  const text = edit.text;
  const parent = tool.outer.parent;
  if (!parent) return undefined;
  const entry = parent.type === 'property' ? parent : tool.outer;
  const container = entry.parent!;
  const startsLine = /^[ \t]*$/.test(text.slice(lineStartOf(text, entry.offset), entry.offset));
  const sep = hasLineBreak(text, container.offset, container.offset + container.length) && startsLine ? ',' + edit.layout.eol + indentAt(text, entry.offset) : ', ';
  const own = parent.type === 'property' ? `${JSON.stringify(added.name)}: ${added.text}` : added.text;
  return { offset: entry.offset, length: 0, content: own + sep };
}

/** Replaces the tool's entry by several tools (split with the original removed). */
export function replaceTool(edit: EditBuilder, tool: ToolInfo, tools: readonly { name: string; text: string }[]): TextEdit[] {
  const [first, ...rest] = tools;
  if (!first) return [];
  if (tool.outer.parent?.type === 'property') {
    // Keyed map: the first new tool takes the original's key.
    const keyNode = tool.outer.parent.children![0]!;
    return [edit.renameKey(keyNode, first.name), ...placeTools(edit, tool, first.text, rest)];
  }
  return placeTools(edit, tool, first.text, rest);
}

/** Removes a tool's entry from its container (undefined for a file that is a single tool). */
export function removeTool(edit: EditBuilder, tool: ToolInfo): TextEdit | undefined {
  const parent = tool.outer.parent;
  if (!parent) return undefined;
  return edit.removeMember(parent.type === 'property' ? parent : tool.outer);
}
