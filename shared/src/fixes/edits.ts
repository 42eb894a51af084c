/**
 * Minimal text edits against a parsed document. Every edit is computed from the jsonc-parser tree already
 * parsed for linting (offsets of keys, values and separators), so a fix touches only the bytes it is about and
 * keeps the user's layout: a property added to a one-line object stays on that line, one added to a
 * multi-line object gets its own line at the indentation of its siblings.
 *
 * jsonc-parser's `modify` is not used here on purpose: it re-parses the whole text on every call (a fix-all
 * over a large file would parse it hundreds of times) and it re-formats a one-line object or array it
 * touches into several lines. Its `applyEdits` applies the edits.
 */
import { applyEdits as applyJsonEdits } from 'jsonc-parser';
import type { Node, ToolDocument } from '../document';
import { propertyNode } from '../document';

/** One replacement in the document text: `length` characters at `offset` become `content`. */
export interface TextEdit {
  offset: number;
  length: number;
  content: string;
  /**
   * The property this edit writes (a key added or renamed): the offset of its object and the key. Two fixes that
   * write one key of one object do not touch each other's text, yet applied together they would leave the key
   * twice (a misspelt "additional_properties" renamed while "additionalProperties" is added): fix-all applies
   * one of them per pass.
   */
  writes?: { object: number; key: string };
}

/** The `writes` of an edit that puts `key` into `obj` (nothing when the object is unknown). */
export function writing(edit: TextEdit, obj: Node | undefined, key: string): TextEdit {
  if (obj) edit.writes = { object: obj.offset, key };
  return edit;
}

/**
 * The text with the edits applied, as jsonc-parser's applyEdits (sorted by offset, then length, stable; an edit
 * that overlaps the next throws "Overlapping edit") but in one pass: jsonc-parser copies the whole text once per
 * edit, so a fix of 2,000 edits in a 100 KB file copied 200 MB.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  if (edits.length < 8) return applyJsonEdits(text, [...edits]);
  const sorted = [...edits].sort((a, b) => a.offset - b.offset || a.length - b.length);
  if (sorted[0]!.offset < 0) return applyJsonEdits(text, sorted);
  const parts: string[] = [];
  let pos = 0;
  for (const e of sorted) {
    if (e.offset < pos) throw new Error('Overlapping edit');
    parts.push(text.slice(pos, e.offset), e.content);
    pos = e.offset + e.length;
  }
  if (pos > text.length) throw new Error('Overlapping edit');
  parts.push(text.slice(pos));
  return parts.join('');
}

export interface Layout {
  /** One level of indentation: a tab or n spaces. */
  unit: string;
  eol: string;
}

const layouts = new WeakMap<ToolDocument, Layout>();

/** The indentation unit and line ending the file already uses (two spaces and \n for a one-line file). */
export function layoutOf(doc: ToolDocument): Layout {
  let l = layouts.get(doc);
  if (l) return l;
  const text = doc.text;
  // A file that breaks lines with a lone \r (old Mac style) keeps it; \r\n wins over \n, as in VS Code's detection.
  const eol = text.includes('\r\n') ? '\r\n' : text.includes('\n') ? '\n' : text.includes('\r') ? '\r' : '\n';
  let unit = '  ';
  let smallest = Infinity;
  const re = /[\r\n]([ \t]+)\S/g;
  let m: RegExpExecArray | null;
  let seen = 0;
  while ((m = re.exec(text)) && seen < 200) {
    seen++;
    const ws = m[1]!;
    if (ws.startsWith('\t')) {
      unit = '\t';
      smallest = 0;
      break;
    }
    if (ws.length < smallest) smallest = ws.length;
  }
  if (smallest !== 0 && Number.isFinite(smallest)) unit = ' '.repeat(Math.min(smallest, 8));
  l = { unit, eol };
  layouts.set(doc, l);
  return l;
}

/** Where the line holding `offset` starts; a line ends at \n, \r\n or a lone \r, as LSP counts lines. */
export function lineStartOf(text: string, offset: number): number {
  // Scanned back to the line break: lastIndexOf('\r') went back to the start of every file without one, which
  // made fixes quadratic in the file's size (a fix adding 2,000 names to "required" took 22 s).
  let i = Math.min(offset, text.length);
  while (i > 0) {
    const c = text.charCodeAt(i - 1);
    if (c === 10 || c === 13) break;
    i--;
  }
  return i;
}

/** Whether `text` breaks a line between `from` and `to` (\n, \r\n or a lone \r). */
export function hasLineBreak(text: string, from: number, to: number): boolean {
  for (let i = Math.max(0, from), end = Math.min(to, text.length); i < end; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) return true;
  }
  return false;
}

/** The whitespace at the start of the line holding `offset`. */
export function indentAt(text: string, offset: number): string {
  const lineStart = lineStartOf(text, offset);
  let i = lineStart;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  return text.slice(lineStart, i);
}


/** A value written on one line, `{ "a": 1, "b": ["x", "y"] }` style. */
export function inlineJson(value: unknown): string {
  if (Array.isArray(value)) return value.length === 0 ? '[]' : `[${value.map(inlineJson).join(', ')}]`;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${JSON.stringify(k)}: ${inlineJson(v)}`);
    return parts.length === 0 ? '{}' : `{ ${parts.join(', ')} }`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Small values (up to 72 characters, flat) stay on one line even in a multi-line file (`"items": { "type": "string" }`). */
function fitsInline(value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  const s = inlineJson(value);
  if (s.length > 72) return false;
  const members = Array.isArray(value) ? value : Object.values(value as Record<string, unknown>);
  return members.every((m) => m === null || typeof m !== 'object' || (Array.isArray(m) && m.every((x) => x === null || typeof x !== 'object')));
}

/** A value written over several lines, starting at indentation `indent`. */
export function blockJson(value: unknown, indent: string, layout: Layout): string {
  if (fitsInline(value)) return inlineJson(value);
  const inner = indent + layout.unit;
  if (Array.isArray(value)) {
    return `[${layout.eol}${value.map((v) => inner + blockJson(v, inner, layout)).join(',' + layout.eol)}${layout.eol}${indent}]`;
  }
  const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${blockJson(v, inner, layout)}`);
  return `{${layout.eol}${parts.join(',' + layout.eol)}${layout.eol}${indent}}`;
}

/**
 * Removes several members (properties or elements) at once: runs of neighbours are removed as one span, so the
 * edits never overlap, and a container losing every member keeps its brackets.
 */
export function removeMembers(members: readonly Node[]): TextEdit[] {
  const byParent = new Map<Node, Set<Node>>();
  for (const m of members) {
    const p = m.parent;
    if (!p) continue;
    let set = byParent.get(p);
    if (!set) byParent.set(p, (set = new Set()));
    set.add(m);
  }
  const out: TextEdit[] = [];
  for (const [container, set] of byParent) {
    const kids = container.children ?? [];
    if (kids.every((k) => set.has(k))) {
      out.push({ offset: container.offset + 1, length: Math.max(0, container.length - 2), content: '' });
      continue;
    }
    for (let i = 0; i < kids.length; i++) {
      if (!set.has(kids[i]!)) continue;
      let j = i;
      while (j + 1 < kids.length && set.has(kids[j + 1]!)) j++;
      const first = kids[i]!;
      const last = kids[j]!;
      const next = kids[j + 1];
      const prev = kids[i - 1];
      if (next) out.push({ offset: first.offset, length: next.offset - first.offset, content: '' });
      else if (prev) {
        const end = prev.offset + prev.length;
        out.push({ offset: end, length: last.offset + last.length - end, content: '' });
      }
      i = j;
    }
  }
  return out;
}

/** Builds edits against one document; every method returns edits, nothing is applied. */
export class EditBuilder {
  readonly layout: Layout;

  constructor(readonly doc: ToolDocument) {
    this.layout = layoutOf(doc);
  }

  get text(): string {
    return this.doc.text;
  }

  /** Whether a node spans several lines (the document's line index answers: no scan of the node's text). */
  private multiLine(node: Node): boolean {
    return this.doc.hasLineBreak(node.offset, node.offset + node.length);
  }

  /** Replaces a node's text with a value, written inline, or as a block when the node spans several lines. */
  replaceValue(node: Node, value: unknown): TextEdit {
    const content = this.multiLine(node) ? blockJson(value, indentAt(this.text, node.offset), this.layout) : inlineJson(value);
    return { offset: node.offset, length: node.length, content };
  }

  /** Renames a property: only the key's text changes. */
  renameKey(keyNode: Node, newKey: string): TextEdit {
    return writing({ offset: keyNode.offset, length: keyNode.length, content: JSON.stringify(newKey) }, keyNode.parent?.parent, newKey);
  }

  /**
   * Renames a property and every member of its object with the same key (copies a later one repeats, which JSON.parse
   * ignores): renaming only the last would leave an ignored copy to take its place under the old name.
   */
  renameKeyAll(keyNode: Node, newKey: string): TextEdit[] {
    const edits = [this.renameKey(keyNode, newKey)];
    for (const m of keyNode.parent?.parent?.children ?? []) {
      const k = m.children?.[0];
      if (k && k !== keyNode && k.value === keyNode.value) edits.push(this.renameKey(k, newKey));
    }
    return edits;
  }

  /**
   * Adds `"key": value` to an object: after its last property (or first, with `first`), on the same line for a
   * one-line object, on a new line at the siblings' indentation otherwise. An existing key is replaced instead.
   */
  setProperty(obj: Node, key: string, value: unknown, options: { first?: boolean; after?: string } = {}): TextEdit {
    return writing(this.propertyEdit(obj, key, value, options), obj, key);
  }

  private propertyEdit(obj: Node, key: string, value: unknown, options: { first?: boolean; after?: string }): TextEdit {
    const existing = propertyNode(obj, key);
    if (existing?.children?.[1]) return this.replaceValue(existing.children[1], value);
    const props = obj.children ?? [];
    const text = this.text;
    const { eol, unit } = this.layout;
    const keyText = JSON.stringify(key);
    if (props.length === 0) {
      if (!this.multiLine(obj)) return { offset: obj.offset, length: obj.length, content: `{ ${keyText}: ${inlineJson(value)} }` };
      const outer = indentAt(text, obj.offset);
      const inner = outer + unit;
      return { offset: obj.offset, length: obj.length, content: `{${eol}${inner}${keyText}: ${blockJson(value, inner, this.layout)}${eol}${outer}}` };
    }
    const anchorAfter = options.after ? propertyNode(obj, options.after) : undefined;
    const multi = this.multiLine(obj);
    if (options.first && !anchorAfter) {
      const firstProp = props[0]!;
      if (!multi) return { offset: firstProp.offset, length: 0, content: `${keyText}: ${inlineJson(value)}, ` };
      const indent = indentAt(text, firstProp.offset);
      const sameLineAsBrace = !this.doc.hasLineBreak(obj.offset + 1, firstProp.offset);
      if (sameLineAsBrace) return { offset: firstProp.offset, length: 0, content: `${keyText}: ${inlineJson(value)}, ` };
      return { offset: firstProp.offset, length: 0, content: `${keyText}: ${blockJson(value, indent, this.layout)},${eol}${indent}` };
    }
    const last = anchorAfter ?? props[props.length - 1]!;
    const end = last.offset + last.length;
    if (!multi) return { offset: end, length: 0, content: `, ${keyText}: ${inlineJson(value)}` };
    const indent = indentAt(text, last.offset);
    const lastOnBraceLine = !this.doc.hasLineBreak(obj.offset + 1, last.offset);
    if (lastOnBraceLine) return { offset: end, length: 0, content: `, ${keyText}: ${blockJson(value, indent, this.layout)}` };
    return { offset: end, length: 0, content: `,${eol}${indent}${keyText}: ${blockJson(value, indent, this.layout)}` };
  }

  /** Removes a property node or an array element with its separator, keeping the neighbours' layout. */
  removeMember(member: Node): TextEdit {
    return removeMembers([member])[0] ?? { offset: member.offset, length: member.length, content: '' };
  }

  /** Removes the property `key` of an object (no edit when it is absent). */
  removeProperty(obj: Node, key: string): TextEdit | undefined {
    const p = propertyNode(obj, key);
    return p ? this.removeMember(p) : undefined;
  }

  /** Appends a value to an array, in the array's own layout. */
  appendItem(arr: Node, value: unknown): TextEdit {
    const items = arr.children ?? [];
    const text = this.text;
    if (items.length === 0) {
      if (!this.multiLine(arr)) return { offset: arr.offset, length: arr.length, content: `[${inlineJson(value)}]` };
      const outer = indentAt(text, arr.offset);
      return { offset: arr.offset, length: arr.length, content: `[${this.layout.eol}${outer}${this.layout.unit}${inlineJson(value)}${this.layout.eol}${outer}]` };
    }
    const last = items[items.length - 1]!;
    const end = last.offset + last.length;
    const multi = this.multiLine(arr) && this.doc.hasLineBreak(arr.offset + 1, last.offset);
    if (!multi) return { offset: end, length: 0, content: `, ${inlineJson(value)}` };
    const indent = indentAt(text, last.offset);
    return { offset: end, length: 0, content: `,${this.layout.eol}${indent}${blockJson(value, indent, this.layout)}` };
  }

  /** Replaces a string node's value. */
  replaceString(node: Node, value: string): TextEdit {
    return { offset: node.offset, length: node.length, content: JSON.stringify(value) };
  }
}
