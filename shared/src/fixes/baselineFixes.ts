/**
 * Fixes for the baseline rules (breaking-change, param-added-required): move a breaking change into a new
 * versioned tool (the original restored from the baseline and marked deprecated), and make a new required
 * parameter optional (with its default when the description states one) or nullable in strict mode.
 */
import { child, elements, isArray, isObject, propertyNode, str, type JsonValue, type Node } from '../document';
import type { ToolInfo } from '../discover';
import type { WorkspaceIndex } from '../rule';
import type { Baseline } from '../analysis/baseline';
import { correctType } from '../analysis/params';
import { EditBuilder, indentAt, type TextEdit } from './edits';
import { createScanner, SyntaxKind } from 'jsonc-parser';
import { placeToolBefore, placeTools, rewriteWithin } from './toolEdits';
import { copyText, markDeprecatedEdits, nextVersionName } from './versioning';
import { deprecationOf } from '../analysis/versions';

/**
 * Re-indents the lines after the first of a tool's text written in another layout (the baseline's): from base
 * indentation `from` with unit `fromUnit` to `to` with unit `toUnit`, with the file's line ending.
 */
function reindent(text: string, from: string, fromUnit: string, to: string, toUnit: string, eol: string): string {
  const same = from === to && fromUnit === toUnit;
  return text
    .split(/\r\n?|\n/)
    .map((l, i) => {
      if (i === 0 || same || !l.startsWith(from)) return l;
      let rest = l.slice(from.length);
      let levels = 0;
      while (fromUnit && rest.startsWith(fromUnit)) {
        rest = rest.slice(fromUnit.length);
        levels++;
      }
      return to + toUnit.repeat(levels) + rest;
    })
    .join(eol);
}

/**
 * Baseline text to write into the current file: as committed, unless the baseline has comments or trailing commas
 * (it is compared all the same) and the current file is plain JSON; then without them, so the fix leaves JSON.
 */
function asWritable(text: string, baseline: Baseline, edit: EditBuilder): string {
  return baseline.doc.syntaxProblems.length > 0 && edit.doc.syntaxProblems.length === 0 ? withoutCommentsAndTrailingCommas(text) : text;
}

/** JSONC made JSON: comments removed (a line left blank by one goes with it) and commas before a closing bracket. */
export function withoutCommentsAndTrailingCommas(text: string): string {
  const scanner = createScanner(text, false);
  const cuts: [number, number][] = [];
  let comma = -1;
  for (let t = scanner.scan(); t !== SyntaxKind.EOF; t = scanner.scan()) {
    const at = scanner.getTokenOffset();
    const end = at + scanner.getTokenLength();
    if (t === SyntaxKind.LineCommentTrivia || t === SyntaxKind.BlockCommentTrivia) {
      // The comment and the blanks before it; its whole line when nothing else is on it.
      let from = at;
      while (from > 0 && (text[from - 1] === ' ' || text[from - 1] === '\t')) from--;
      let to = end;
      const lineStart = from === 0 || text[from - 1] === '\n' || text[from - 1] === '\r';
      if (lineStart) {
        while (to < text.length && (text[to] === ' ' || text[to] === '\t')) to++;
        if (text[to] === '\r' && text[to + 1] === '\n') to += 2;
        else if (text[to] === '\n' || text[to] === '\r') to++;
        else to = end;
      }
      cuts.push([from, to]);
      continue;
    }
    if (t === SyntaxKind.Trivia || t === SyntaxKind.LineBreakTrivia) continue;
    if ((t === SyntaxKind.CloseBraceToken || t === SyntaxKind.CloseBracketToken) && comma >= 0) cuts.push([comma, comma + 1]);
    comma = t === SyntaxKind.CommaToken ? at : -1;
  }
  if (cuts.length === 0) return text;
  cuts.sort((a, b) => a[0] - b[0]);
  let out = '';
  let last = 0;
  for (const [from, to] of cuts) {
    if (from < last) continue;
    out += text.slice(last, from);
    last = to;
  }
  return out + text.slice(last);
}

/**
 * "Move this change into <name>_v<N+1>": the tool's entry becomes the baseline's entry, marked deprecated with
 * the new version as its successor, and the current (changed) tool follows it, renamed to the new version.
 */
export function moveChangeToVersionEdits(
  edit: EditBuilder,
  tool: ToolInfo,
  baseline: Baseline,
  tools: readonly ToolInfo[],
  workspace: WorkspaceIndex,
  today: string,
): { name: string; edits: TextEdit[] } | undefined {
  if (!tool.name || !tool.nameNode) return undefined;
  const base = baseline.tools.get(tool.name);
  if (!base) return undefined;
  const name = nextVersionName(tool.name, tools, workspace);
  const baseEdit = new EditBuilder(baseline.doc);
  const restored = asWritable(rewriteWithin(baseline.text, base.outer, markDeprecatedEdits(baseEdit, base, [name], today)), baseline, edit);
  const original = reindent(restored, indentAt(baseline.text, base.outer.offset), baseEdit.layout.unit, indentAt(edit.text, tool.outer.offset), edit.layout.unit, edit.layout.eol);
  const copy = copyText(edit, tool, name);
  return { name, edits: placeTools(edit, tool, original, [{ name, text: copy }]) };
}

/**
 * For a tool that is already deprecated: its parameter schema restored as in the baseline, nothing else of it
 * changed. Moving the change into a new version would replace its marker (its date, which the deprecation period
 * counts from, and its successor) and describe a third tool as its successor; a deprecated tool keeps its schema
 * until it is removed, and the change belongs in its successor. Undefined when either side has no schema.
 */
export function restoreParametersEdits(edit: EditBuilder, tool: ToolInfo, baseline: Baseline): TextEdit[] | undefined {
  if (!tool.name || !tool.params) return undefined;
  const base = baseline.tools.get(tool.name);
  if (!base?.params) return undefined;
  const baseEdit = new EditBuilder(baseline.doc);
  const text = asWritable(baseline.text.slice(base.params.offset, base.params.offset + base.params.length), baseline, edit);
  const restored = reindent(text, indentAt(baseline.text, base.params.offset), baseEdit.layout.unit, indentAt(edit.text, tool.params.offset), edit.layout.unit, edit.layout.eol);
  return [{ offset: tool.params.offset, length: tool.params.length, content: restored }];
}

/**
 * "Restore <name> as at <ref>": a tool of the baseline that is gone from the file put back, as committed, into
 * `list` (the list it was in, as the finding names it): before the version that replaced it, else after the tool
 * that preceded it there, else before the one that followed it, else at the list's end; marked deprecated with
 * `successors` unless it already was (its marker keeps the date its period counts from). In a map keyed by name it
 * gets its baseline key. Undefined (no fix) when the list holds no tool to place it beside, when its tools are now
 * written in another dialect (the baseline's text would not fit), or when the map already has its key.
 */
export function restoreToolEdits(edit: EditBuilder, base: ToolInfo, baseline: Baseline, tools: readonly ToolInfo[], today: string, successors: readonly string[], list: Node | undefined): TextEdit[] | undefined {
  const name = base.name;
  if (name === undefined || !list) return undefined;
  const baseEdit = new EditBuilder(baseline.doc);
  const restored = (anchor: ToolInfo) => {
    const marked = deprecationOf(base) ? baseline.text.slice(base.outer.offset, base.outer.offset + base.outer.length) : rewriteWithin(baseline.text, base.outer, markDeprecatedEdits(baseEdit, base, successors, today));
    return reindent(asWritable(marked, baseline, edit), indentAt(baseline.text, base.outer.offset), baseEdit.layout.unit, indentAt(edit.text, anchor.outer.offset), edit.layout.unit, edit.layout.eol);
  };
  // A file that is now one tool (get_weather renamed get_weather_v2 in its own file): a list of the two.
  const single = tools.length === 1 && tools[0]!.outer === list && !list.parent ? tools[0]! : undefined;
  if (single) {
    if (single.name === name) return undefined;
    if (single.dialect !== base.dialect) return undefined;
    return placeTools(edit, single, restored(single), [{ name: single.name ?? '', text: edit.text.slice(single.outer.offset, single.outer.offset + single.outer.length) }]);
  }
  const inList = tools.filter((t) => t.outer.parent === list || t.outer.parent?.parent === list);
  if (inList.some((t) => t.name === name)) return undefined;
  const last = inList[inList.length - 1];
  if (!last || inList.some((t) => t.dialect !== base.dialect)) return undefined;
  const baseKey = base.outer.parent?.type === 'property' ? String(base.outer.parent.children?.[0]?.value ?? name) : name;
  if (list.type === 'object' && (list.children ?? []).some((p) => p.children?.[0]?.value === baseKey)) return undefined;
  const named = (n: string | undefined) => inList.find((t) => t.name === n);
  // The order of its list at the baseline.
  const listOf = (t: ToolInfo) => (t.outer.parent?.type === 'property' ? t.outer.parent.parent : t.outer.parent);
  const order = baseline.all.filter((t) => listOf(t) === listOf(base)).map((t) => t.name);
  const at = order.indexOf(name);
  let before = successors.length === 1 ? named(successors[0]) : undefined;
  let after: ToolInfo | undefined;
  for (let i = at - 1; i >= 0 && !before && !after; i--) after = named(order[i]);
  for (let i = at + 1; i < order.length && !before && !after; i++) before = named(order[i]);
  const anchor = before ?? after ?? last;
  const text = restored(anchor);
  if (before) {
    const e = placeToolBefore(edit, before, { name: baseKey, text });
    return e ? [e] : undefined;
  }
  return placeTools(edit, anchor, undefined, [{ name: baseKey, text }]);
}

/** "Defaults to 10", "default: `celsius`", "(default \"en\")", "Default is false". */
const STATED_DEFAULT = /\bdefaults?(?:\s+value)?\s*(?:to|is|:|=)?\s*(["'`]?)([^\s"'`.,;:)]+(?:\.\d+)?)\1/i;

/**
 * The default a property's own description states, when it fits the property's schema (a number for a
 * number, true/false for a boolean, an enum member, a quoted string for a string); undefined otherwise.
 */
export function statedDefault(schema: Node | undefined): JsonValue | undefined {
  if (!isObject(schema) || propertyNode(schema, 'default')) return undefined;
  const m = STATED_DEFAULT.exec(str(child(schema, 'description')) ?? '');
  if (!m) return undefined;
  const quoted = m[1] !== '';
  const raw = m[2]!;
  const t = child(schema, 'type');
  const typeName = t?.type === 'string' ? (correctType(String(t.value)) as { type?: string } | undefined)?.type ?? String(t.value).toLowerCase() : undefined;
  const en = child(schema, 'enum');
  if (isArray(en)) {
    const hit = elements(en).find((e) => (e.type === 'string' && e.value === raw) || (e.type === 'number' && String(e.value) === raw));
    return hit ? (hit.value as JsonValue) : undefined;
  }
  switch (typeName) {
    case 'integer':
      return /^-?\d+$/.test(raw) && !quoted ? Number(raw) : undefined;
    case 'number':
      return /^-?\d+(?:\.\d+)?$/.test(raw) && !quoted ? Number(raw) : undefined;
    case 'boolean':
      return /^(?:true|false)$/i.test(raw) && !quoted ? raw.toLowerCase() === 'true' : undefined;
    case 'string':
      return quoted ? raw : undefined;
    default:
      return undefined;
  }
}
