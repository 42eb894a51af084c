/**
 * The versioning refactors (SPEC "Versioning" 2): mark a tool deprecated, add a `<name>_v<N+1>` copy, and
 * bump (both at once). Each returns edits; nothing is applied here.
 */
import { child, isObject, propertyNode } from '../document';
import type { ToolInfo } from '../discover';
import type { WorkspaceIndex } from '../rule';
import { removeMembers, type EditBuilder, type TextEdit } from './edits';
import { appendAll } from '../text';
import { placeTools, rewriteWithin } from './toolEdits';
import { MCP_META_KEY, deprecationOf, markerNode, parseVersioned, versionedName, withRedirect, withoutRedirect } from '../analysis/versions';
export { versionsByBase } from '../analysis/versions';
import { NameView } from '../nameView';

/** The marker value written by the deprecate refactor. */
/** The marker written: its date, and its successors when there are any (no empty `replacedBy` list). */
export function markerValue(successors: readonly string[], today: string): { since: string; replacedBy?: string[] } {
  return successors.length > 0 ? { since: today, replacedBy: [...successors] } : { since: today };
}

/**
 * Why marking the tool deprecated would replace what the user wrote, or undefined: a marker already there (its
 * date, successor and other fields), a description that is not a string, an MCP `_meta` that is not an object.
 */
export function deprecationBlocker(tool: ToolInfo): string | undefined {
  if (deprecationOf(tool)) return `"${tool.name}" is already deprecated`;
  const kind: string | undefined = tool.descriptionNode?.type;
  if (kind !== undefined && kind !== 'string') return `its "description" is not a string (${kind}), and the redirect sentence would replace it`;
  if (tool.dialect === 'mcp') {
    const meta = child(tool.node, '_meta');
    if (meta && meta.type !== 'object') return `its "_meta" is not an object (${meta.type}), and the deprecation marker would replace it`;
  }
  return undefined;
}

/**
 * Marks a tool deprecated: the machine-readable marker (MCP `_meta`, `deprecated` elsewhere) with the date and
 * successors, and the description opened by "Deprecated: use <successor> instead." (SPEC service rule 3: the
 * model reads the description, not the marker).
 */
export function markDeprecatedEdits(edit: EditBuilder, tool: ToolInfo, successors: readonly string[], today: string): TextEdit[] {
  const edits: TextEdit[] = [];
  const marker = markerValue(successors, today);
  const existing = markerNode(tool);
  if (existing) {
    edits.push(edit.replaceValue(existing.node, marker));
  } else if (tool.dialect === 'mcp') {
    const meta = child(tool.node, '_meta');
    if (isObject(meta)) edits.push(edit.setProperty(meta, MCP_META_KEY, marker));
    else edits.push(edit.setProperty(tool.node, '_meta', { [MCP_META_KEY]: marker }));
  } else {
    edits.push(edit.setProperty(tool.node, 'deprecated', marker));
  }
  const description = withRedirect(tool.description, successors);
  if (tool.descriptionNode && tool.descriptionNode.type === 'string') {
    if (description !== tool.description) edits.push(edit.replaceString(tool.descriptionNode, description));
  } else if (tool.descriptionNode) {
    edits.push(edit.replaceValue(tool.descriptionNode, description));
  } else {
    edits.push(edit.setProperty(tool.node, tool.dialect === 'gemini' ? 'description' : 'description', description, { after: propertyNode(tool.node, 'name') ? 'name' : undefined }));
  }
  return edits;
}

/**
 * Highest version of `base` among the names of the file (a list; the map from versionsByBase when called once
 * per tool; or the rules' NameView, which answers from such a map and records the question for the per-tool
 * cache) or, probing the names that follow it one by one (at most 49), in the workspace; 1 when none.
 */
export function latestVersion(base: string, names: Iterable<string | undefined> | ReadonlyMap<string, number>, workspace: WorkspaceIndex): number {
  let max = 1;
  if (names instanceof Map) {
    max = Math.max(max, names.get(base) ?? 1);
  } else if (names instanceof NameView) {
    max = Math.max(max, names.maxVersion(base));
  } else {
    for (const n of names as Iterable<string | undefined>) {
      if (!n) continue;
      const v = parseVersioned(n);
      if (v && v.base === base && v.version > max) max = v.version;
    }
  }
  // At most 49 probes past the file's highest: the bound moved with `max`, so a chain of N consecutive versions
  // across the workspace cost each of its tools N probes (4,000 files of one tool's versions: quadratic).
  const last = max + 49;
  for (let n = max + 1; n <= last; n++) {
    if (workspace.definitions(versionedName(base, n)).count === 0) break;
    max = n;
  }
  return max;
}

/**
 * The name a new version of `name` gets: `get_weather` → `get_weather_v2`, `x_v3` → `x_v4` (or past any later one).
 * `tools`: the file's tools, or versionsByBase of their names when called once per tool (else each call reads every name).
 */
export function nextVersionName(name: string, tools: readonly ToolInfo[] | ReadonlyMap<string, number>, workspace: WorkspaceIndex): string {
  const parsed = parseVersioned(name);
  const base = parsed?.base ?? name;
  const names = tools instanceof Map ? tools : (tools as readonly ToolInfo[]).map((t) => t.name);
  return versionedName(base, Math.max(parsed?.version ?? 1, latestVersion(base, names, workspace)) + 1);
}

/** The text of a copy of `tool` renamed to `newName`, with the deprecation marker and redirect removed. */
export function copyText(edit: EditBuilder, tool: ToolInfo, newName: string): string {
  const edits: TextEdit[] = [];
  if (tool.nameNode) edits.push(edit.replaceString(tool.nameNode, newName));
  const marker = markerNode(tool);
  if (marker) {
    const prop = marker.node.parent!;
    const container = prop.parent!;
    // Every copy of a repeated marker key: JSON.parse reads the last, other parsers the first, and a copy that kept
    // an earlier `"deprecated": {...}` before a later `"deprecated": false` was born deprecated.
    const key = prop.children?.[0]?.value;
    const markers = (container.children ?? []).filter((m) => m.children?.[0]?.value === key);
    // An MCP `_meta` left empty by the removal goes too.
    if (marker.via === '_meta' && container.children?.length === markers.length && container.parent) edits.push(edit.removeMember(container.parent));
    else appendAll(edits, removeMembers(markers));
  }
  if (tool.description !== undefined && tool.descriptionNode) {
    const clean = withoutRedirect(tool.description);
    if (clean !== tool.description) edits.push(edit.replaceString(tool.descriptionNode, clean));
  }
  return rewriteWithin(edit.text, tool.outer, edits);
}

/**
 * The name Bump gives the copy: nextVersionName, past any key of a catalog keyed by name (`{"tools": {"get_quote":
 * {...}}}`) that a tool does not hold (a placeholder `"get_quote_v2": {"status": "planned"}` got a second
 * "get_quote_v2" key, and JSON.parse kept the placeholder).
 */
export function bumpName(tool: ToolInfo, tools: readonly ToolInfo[], workspace: WorkspaceIndex): string {
  let name = nextVersionName(tool.name!, tools, workspace);
  const holder = tool.outer.parent?.type === 'property' ? tool.outer.parent.parent : undefined;
  const parsed = parseVersioned(name);
  if (holder && parsed) for (let v = parsed.version; propertyNode(holder, name) && v < parsed.version + 1000; ) name = versionedName(parsed.base, ++v);
  return name;
}

/**
 * Bump: inserts `<name>_v<N+1>` right after the tool (a full copy to edit) and marks the original deprecated
 * with the new tool as its successor.
 */
export function bumpVersionEdits(edit: EditBuilder, tool: ToolInfo, tools: readonly ToolInfo[], workspace: WorkspaceIndex, today: string): { name: string; edits: TextEdit[] } | undefined {
  if (!tool.name || !tool.nameNode) return undefined;
  const name = bumpName(tool, tools, workspace);
  const copy = copyText(edit, tool, name);
  const deprecated = markDeprecatedEdits(edit, tool, [name], today);
  if (!tool.outer.parent) {
    // A single-tool file becomes an array: the deprecated original, then the copy.
    return { name, edits: placeTools(edit, tool, rewriteWithin(edit.text, tool.outer, deprecated), [{ name, text: copy }]) };
  }
  return { name, edits: [...deprecated, ...placeTools(edit, tool, undefined, [{ name, text: copy }])] };
}
