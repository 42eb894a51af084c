/**
 * The refactors offered on any tool (code actions of kind refactor, and the palette commands): add a versioned
 * copy / bump the version, mark deprecated, split a multi-purpose tool. Each is listed cheaply (title only) and
 * its edits are computed when the user picks it (codeAction/resolve, workspace/executeCommand).
 */
import type { FileLint } from '../linter';
import { hasRepeatedKey } from '../document';
import type { ToolInfo } from '../discover';
import { EMPTY_INDEX, type WorkspaceIndex } from '../rule';
import { deprecationOf, parseVersioned, versionedName } from '../analysis/versions';
import { EditBuilder, type TextEdit } from './edits';
import { bumpName, bumpVersionEdits, deprecationBlocker, latestVersion, markDeprecatedEdits } from './versioning';
import { planSplit, splitToolEdits } from './splitTool';

export type RefactorId = 'bumpVersion' | 'markDeprecated' | 'splitRemove' | 'splitKeep';

export interface RefactorOptions {
  workspace?: WorkspaceIndex;
  today: string;
  /** Successors for markDeprecated (default: the newest version of the tool, if one exists). */
  successors?: string[];
}

export interface RefactorOffer {
  id: RefactorId;
  title: string;
  /** LSP code action kind. */
  kind: 'refactor.rewrite';
}

export interface RefactorResult {
  edits: TextEdit[];
  /** Names of the tools created. */
  names: string[];
}

/** True when the lint's document can take edits (parsed, no syntax errors). */
function editable(lint: FileLint): boolean {
  return !!lint.doc.tree && !lint.doc.refused && lint.doc.syntaxProblems.length === 0;
}

function newestSuccessor(tool: ToolInfo, lint: FileLint, workspace: WorkspaceIndex): string | undefined {
  if (!tool.name) return undefined;
  const parsed = parseVersioned(tool.name);
  const base = parsed?.base ?? tool.name;
  const names = lint.discovery.tools.map((t) => t.name);
  const latest = latestVersion(base, names, workspace);
  if (latest <= (parsed?.version ?? 1)) return undefined;
  // Only a tool that exists: latestVersion answers at least 1, and `x_v0` was deprecated in favour of a missing `x_v1`.
  const successor = versionedName(base, latest);
  return names.includes(successor) || workspace.definitions(successor).count > 0 ? successor : undefined;
}

/**
 * Why a refactor would lose or break what the user wrote, as a sentence, or undefined when it applies. Bump and
 * Mark deprecated replace the deprecation marker and the description: not on a tool already deprecated (its
 * marker's date, successor and other fields would be lost), nor over a description that is not a string or an MCP
 * `_meta` that is not an object (the value would be replaced). Bump also needs a new name every provider accepts.
 */
export function refactorRefusal(lint: FileLint, tool: ToolInfo, id: RefactorId, workspace: WorkspaceIndex = EMPTY_INDEX): string | undefined {
  // Split keeping the original marks it deprecated as Mark deprecated does: the same refusals.
  if (id !== 'bumpVersion' && id !== 'markDeprecated' && id !== 'splitKeep') return undefined;
  if (!tool.name) return 'the tool has no name';
  // A name and nothing else may be a record that only looks like a tool (a ToolBench "template_response" of
  // {"name": "str", ...}): a copy or a marker would rewrite the user's data.
  if (!tool.descriptionNode && !tool.params) return 'the object has neither a description nor parameters, so it may not be a tool: add them first';
  const blocker = deprecationBlocker(tool);
  if (blocker) return deprecationOf(tool) ? `${blocker}${id === 'bumpVersion' ? ': bump its successor instead' : id === 'splitKeep' ? ': split it removing it, or split its successor' : ''}` : blocker;
  if (id === 'bumpVersion') {
    if (hasRepeatedKey(tool.outer)) return 'the tool repeats a key in one of its objects (JSON.parse keeps the last, other parsers the first): keep one of them first, the copy would repeat it too';
    const next = bumpName(tool, lint.discovery.tools, workspace);
    if (next.length > 64) return `the new name "${next}" would have ${next.length} characters (at most 64, the limit every provider accepts): shorten the name first`;
  }
  return undefined;
}

/** The refactors that apply to a tool, with their titles (nothing computed beyond what the titles need). */
export function refactorsFor(lint: FileLint, tool: ToolInfo, options: RefactorOptions): RefactorOffer[] {
  if (!editable(lint) || !tool.name || !tool.nameNode) return [];
  const workspace = options.workspace ?? EMPTY_INDEX;
  const out: RefactorOffer[] = [];
  const next = bumpName(tool, lint.discovery.tools, workspace);
  if (!refactorRefusal(lint, tool, 'bumpVersion', workspace)) out.push({ id: 'bumpVersion', title: `Add versioned copy "${next}" and deprecate "${tool.name}"`, kind: 'refactor.rewrite' });
  if (!refactorRefusal(lint, tool, 'markDeprecated', workspace)) {
    const successor = options.successors ?? (newestSuccessor(tool, lint, workspace) ? [newestSuccessor(tool, lint, workspace)!] : []);
    out.push({ id: 'markDeprecated', title: successor.length ? `Mark "${tool.name}" deprecated in favour of "${successor.join('", "')}"` : `Mark "${tool.name}" deprecated`, kind: 'refactor.rewrite' });
  }
  const plan = planSplit(tool, { tools: lint.discovery.tools, workspace });
  if (plan && plan.operations.length > 1) {
    const names = plan.operations.map((o) => o.name).join(', ');
    out.push({ id: 'splitRemove', title: `Split "${tool.name}" into ${names} (remove "${tool.name}")`, kind: 'refactor.rewrite' });
    if (!refactorRefusal(lint, tool, 'splitKeep', workspace)) out.push({ id: 'splitKeep', title: `Split "${tool.name}" into ${names} (keep "${tool.name}", deprecated)`, kind: 'refactor.rewrite' });
  }
  return out;
}

/** Computes a refactor's edits; undefined when it does not apply (the tool changed, no operation to split on). */
export function refactorEdits(lint: FileLint, tool: ToolInfo, id: RefactorId, options: RefactorOptions): RefactorResult | undefined {
  if (!editable(lint) || !tool.name) return undefined;
  const workspace = options.workspace ?? EMPTY_INDEX;
  if (refactorRefusal(lint, tool, id, workspace)) return undefined;
  const edit = new EditBuilder(lint.doc);
  switch (id) {
    case 'bumpVersion': {
      const r = bumpVersionEdits(edit, tool, lint.discovery.tools, workspace, options.today);
      return r && { edits: r.edits, names: [r.name] };
    }
    case 'markDeprecated': {
      const successors = options.successors ?? (newestSuccessor(tool, lint, workspace) ? [newestSuccessor(tool, lint, workspace)!] : []);
      return { edits: markDeprecatedEdits(edit, tool, successors, options.today), names: [] };
    }
    case 'splitRemove':
    case 'splitKeep': {
      const r = splitToolEdits(edit, tool, lint.discovery.tools, workspace, { keepOriginal: id === 'splitKeep', today: options.today });
      return r && { edits: r.edits, names: r.names };
    }
  }
}
