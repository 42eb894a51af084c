/**
 * A parsed tool file: the text, the jsonc-parser tree (parsed once, with offsets), and the one place where
 * nodes become ranges and RFC 6901 pointers. Nothing here knows about rules.
 */
import { parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { collectDuplicateKeys, parseStrictJson } from './fastParse';
import type { Position, Range } from './types';

export type { Node } from 'jsonc-parser';

export interface SyntaxProblem {
  message: string;
  offset: number;
  length: number;
}

/** Files above this size (32 MiB) are not linted rule by rule (one diagnostic instead); see README "Limits". */
export const MAX_FILE_BYTES = 32 * 1024 * 1024;
/** Nesting above this depth is reported and the file is not linted rule by rule. */
export const MAX_NESTING = 512;
/**
 * Files with more structural tokens than this (`{`, `[`, `,` and `:` outside strings: about one per value or
 * member) are reported and not parsed: the parse tree costs about 300 bytes per token, so this bounds one
 * document's tree near 300 MB. The 10,000-tool benchmark file (16.8 MB) has 745,000.
 */
export const MAX_TOKENS = 1_000_000;

/**
 * Documents whose last parse found a syntax error, by URI (at most 256: a hint, never a result; both parsers
 * build the same tree for valid JSON, so a wrong hint costs time only).
 */
const NOT_STRICT = new Set<string>();

/** The duplicate keys of a tree jsonc-parser built (the fast parser collects them as it goes), in text order. */
function duplicateKeysIn(tree: Node): Node[] {
  const out: Node[] = [];
  const stack: Node[] = [tree];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (!n.children) continue;
    if (n.type === 'object') collectDuplicateKeys(n.children, out);
    for (const c of n.children) if (c.children) stack.push(c);
  }
  return out.sort((a, b) => a.offset - b.offset);
}

/**
 * Members that a later member of their object repeats (the copies JSON.parse ignores): the rules read what JSON.parse
 * reads, so entries() and the schema walk skip them (integer-unbounded and default-invalid reported the first of two
 * "properties", at a pointer JSON.parse's document does not have, and strict-required-all's fix edited the ignored
 * copy). description-injection still reads them (other parsers keep the first), and parse-error reports each.
 */
const SHADOWED = new WeakSet<Node>();
let anyShadowed = false;

function markShadowed(keys: readonly Node[]): void {
  for (const k of keys) {
    if (!k.parent) continue;
    SHADOWED.add(k.parent);
    anyShadowed = true;
  }
}

/** Whether an object member is repeated by a later member of its object (JSON.parse ignores it). */
export function isShadowed(member: Node): boolean {
  return anyShadowed && SHADOWED.has(member);
}

/**
 * Whether an object in the subtree repeats a key (a member JSON.parse ignores), the members of `except` aside.
 * Refactors that copy a tool decline then: the copies would carry the repeated key into every new tool, and which
 * copy counts differs by parser.
 */
export function hasRepeatedKey(root: Node | undefined, except?: Node): boolean {
  if (!anyShadowed || !root) return false;
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (n.type === 'property' && SHADOWED.has(n) && n.parent !== except) return true;
    if (n.children) for (const c of n.children) stack.push(c);
  }
  return false;
}

/** For a key of ToolDocument.duplicateKeys: the key of the last member of its object with the same name (the one JSON.parse keeps). */
export function keptKeyOf(key: Node): Node {
  const members = key.parent?.parent?.children ?? [];
  for (let i = members.length - 1; i >= 0; i--) {
    const k = members[i]!.children?.[0];
    if (k && k.value === key.value) return k;
  }
  return key;
}

const HAS_CR = /\r/;

export class ToolDocument {
  readonly tree: Node | undefined;
  readonly syntaxProblems: SyntaxProblem[] = [];
  /**
   * Key nodes of members that a later member of the same object repeats (the ones JSON.parse ignores), in text
   * order (all of them; parse-error reports the first MAX_DUPLICATE_KEYS); empty without a tree.
   */
  readonly duplicateKeys: readonly Node[] = [];
  /** Set when the file was not parsed (too large, too deep). */
  readonly refused: 'size' | 'depth' | 'values' | undefined;
  /** Structural tokens counted before parsing (`{` `[` `,` `:`: about one per value or member); 0 for a file refused for its size. */
  readonly tokens: number = 0;
  private lineStarts: number[] | undefined;

  constructor(readonly uri: string, readonly text: string) {
    if (text.length > MAX_FILE_BYTES) {
      this.refused = 'size';
      return;
    }
    // A UTF-8 byte-order mark: reported (JSON.parse and Python's json.loads reject it; RFC 8259 §8.1 forbids it),
    // then parsed as a space, so offsets stay those of the text and the rest of the file is linted. Editors strip
    // it from the buffer, so only the CLI and the workspace index (files read from disk) see it.
    const bom = text.charCodeAt(0) === 0xfeff;
    const source = bom ? ' ' + text.slice(1) : text;
    // A text of a million characters or more could hold more values than the bound: measured first (one linear
    // scan), so no tree is built for a file that is then refused. Below that the fast pass bounds itself.
    let shape = text.length >= MAX_TOKENS ? scanShape(text) : undefined;
    if (shape) {
      this.tokens = shape.tokens;
      this.refused = refusalFor(shape);
      if (this.refused) return;
    }
    // Strict JSON within the bounds (nearly every file that is not being typed in): one pass that builds the tree
    // and counts the tokens. Anything else is measured, then refused or parsed by jsonc-parser. A document whose
    // last version had a syntax error (being typed in) goes straight to jsonc-parser: the fast pass would mostly
    // run up to the error and be thrown away.
    const strict = NOT_STRICT.has(uri) ? undefined : parseStrictJson(source, MAX_NESTING, MAX_TOKENS);
    if (strict) {
      if (bom) this.syntaxProblems.push({ message: BOM, offset: 0, length: 1 });
      this.tokens = strict.tokens;
      this.tree = strict.tree;
      if (strict.duplicates.length > 0) markShadowed((this.duplicateKeys = strict.duplicates.sort((a, b) => a.offset - b.offset)));
      return;
    }
    if (!shape) {
      shape = scanShape(text);
      this.tokens = shape.tokens;
      this.refused = refusalFor(shape);
      if (this.refused) return;
    }
    if (bom) this.syntaxProblems.push({ message: BOM, offset: 0, length: 1 });
    const errors: ParseError[] = [];
    this.tree = parseTree(source, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: true });
    if (this.tree) markShadowed((this.duplicateKeys = duplicateKeysIn(this.tree)));
    if (errors.length === 0) NOT_STRICT.delete(uri);
    else {
      if (NOT_STRICT.size >= 256) NOT_STRICT.clear();
      NOT_STRICT.add(uri);
    }
    // One problem per position (jsonc-parser reports cascades at the same offset), at most 20, inside the text.
    const seen = new Set<number>();
    for (const e of errors) {
      if (seen.has(e.offset) || this.syntaxProblems.length >= 20) continue;
      seen.add(e.offset);
      const offset = Math.min(e.offset, text.length);
      this.syntaxProblems.push({ message: syntaxMessage(e, text), offset, length: Math.max(0, Math.min(e.length, text.length - offset)) });
    }
  }

  positionAt(offset: number): Position {
    // Inside the text, and never between the "\r" and "\n" of a line break (a position LSP cannot name: it was
    // read as a character past the end of the line): the end of a string or comment cut short at a CRLF can fall
    // there, and jsonc-parser can end a node one character past the text.
    if (offset > this.text.length) offset = this.text.length;
    if (offset > 0 && this.text.charCodeAt(offset) === 10 && this.text.charCodeAt(offset - 1) === 13) offset--;
    const starts = this.getLineStarts();
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: offset - starts[lo]! };
  }

  offsetAt(position: Position): number {
    const starts = this.getLineStarts();
    if (position.line >= starts.length) return this.text.length;
    if (position.line < 0) return 0;
    const start = starts[position.line]!;
    // A character past the line's length is read as its end, before the line break (LSP: "defaults back to the line
    // length"); it was read as the next line's start, so hover, rename and definition past the end of a line
    // answered for the first word of the next one (an independent tester).
    let end = this.text.length;
    if (position.line + 1 < starts.length) {
      const next = starts[position.line + 1]!;
      end = next >= 2 && this.text.charCodeAt(next - 2) === 13 && this.text.charCodeAt(next - 1) === 10 ? next - 2 : next - 1;
    }
    return Math.max(start, Math.min(start + position.character, end));
  }

  /**
   * Whether [from, to) holds a line-break character, by binary search over the line starts: fixes ask it of whole
   * objects, and scanning a one-line file's object for each of 24,000 findings made fix-all quadratic (67 s).
   */
  hasLineBreak(from: number, to: number): boolean {
    from = Math.max(0, from);
    to = Math.min(to, this.text.length);
    if (from >= to) return false;
    const starts = this.getLineStarts();
    // The first line start after `from`: the break before it is the first one that can reach into the range.
    let lo = 0;
    let hi = starts.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]! <= from) lo = mid + 1;
      else hi = mid;
    }
    if (lo >= starts.length) return false;
    const s = starts[lo]!;
    const breakStart = s >= 2 && this.text.charCodeAt(s - 2) === 13 && this.text.charCodeAt(s - 1) === 10 ? s - 2 : s - 1;
    return Math.max(breakStart, from) < to;
  }

  rangeOf(offset: number, length: number): Range {
    return { start: this.positionAt(offset), end: this.positionAt(offset + length) };
  }

  nodeRange(node: Node): Range {
    return this.rangeOf(node.offset, node.length);
  }

  private getLineStarts(): number[] {
    if (!this.lineStarts) {
      const starts = [0];
      const t = this.text;
      // A regular expression, not indexOf('\r'): inlined into the optimized positionAt, indexOf took about 5 s on a
      // one-line file of 2.6 MB once the rules were warm (10 s instead of 0.5 s for a lint answered by the cache; an
      // optimizer pathology of V8 in Node 20, not reproduced outside the linter), while a regular expression runs
      // in its own compiled code.
      if (!HAS_CR.test(t)) {
        // LF only (the usual case): indexOf is native, about twice as fast as a character loop (3.5 → 1.6 ms at 1,000 tools).
        for (let i = t.indexOf('\n'); i >= 0; i = t.indexOf('\n', i + 1)) starts.push(i + 1);
        this.lineStarts = starts;
        return starts;
      }
      for (let i = 0; i < t.length; i++) {
        const c = t.charCodeAt(i);
        if (c === 10) starts.push(i + 1);
        else if (c === 13) {
          if (t.charCodeAt(i + 1) === 10) i++;
          starts.push(i + 1);
        }
      }
      this.lineStarts = starts;
    }
    return this.lineStarts;
  }
}

/** Why a file of this shape is not parsed (nested too deep, too many values), or undefined. */
function refusalFor(shape: { depth: number; tokens: number }): 'depth' | 'values' | undefined {
  return shape.depth > MAX_NESTING ? 'depth' : shape.tokens > MAX_TOKENS ? 'values' : undefined;
}

/** Bracket depth outside strings; a cheap pre-check so the recursive parser never sees hostile nesting. */
export function maxDepth(text: string): number {
  return scanShape(text).depth;
}

/**
 * One linear scan before parsing: the bracket depth and the number of structural tokens (`{`, `[`, `,`, `:`)
 * outside strings, so the recursive parser never sees hostile nesting and no tree is built for millions of keys.
 */
export function scanShape(text: string): { depth: number; tokens: number } {
  let depth = 0;
  let max = 0;
  let tokens = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) {
      // Jump to the closing quote with indexOf (native, and most of a tool file is strings): a quote preceded
      // by an odd number of backslashes is escaped. An unterminated string runs to the end of the text.
      let j = i;
      for (;;) {
        j = text.indexOf('"', j + 1);
        if (j < 0) return { depth: max, tokens };
        let b = j - 1;
        while (text.charCodeAt(b) === 92) b--;
        if ((j - 1 - b) % 2 === 0) break;
      }
      i = j;
    } else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      // A block comment (a parse-error; the tolerant parse skips it, and so does the count): brackets, commas and
      // quotes in it are not the file's. Unterminated, it runs to the end of the text.
      const j = text.indexOf('*/', i + 2);
      if (j < 0) break;
      i = j + 1;
    } else if (c === 47 && text.charCodeAt(i + 1) === 47) {
      // A line comment, to the line break (as jsonc-parser ends it: \r or \n).
      let j = i + 2;
      while (j < n && text.charCodeAt(j) !== 10 && text.charCodeAt(j) !== 13) j++;
      i = j;
    } else if (c === 123 || c === 91) {
      tokens++;
      if (++depth > max) max = depth;
    } else if (c === 125 || c === 93) {
      if (depth > 0) depth--;
    } else if (c === 44 || c === 58) tokens++;
  }
  return { depth: max, tokens };
}

const BOM = 'The file starts with a byte-order mark (U+FEFF): JSON.parse and Python\'s json.loads reject it. Save the file as UTF-8 without BOM.';

const TRAILING_COMMA = 'Trailing comma: remove it (JSON does not allow a comma before a closing bracket).';

function isTrailingComma(offset: number, text: string): boolean {
  const c = text.charAt(offset);
  if (c !== '}' && c !== ']') return false;
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text.charAt(i))) i--;
  return text.charAt(i) === ',';
}

function syntaxMessage(e: ParseError, text: string): string {
  const code = printParseErrorCode(e.error);
  switch (code) {
    case 'InvalidCommentToken':
      return 'Comments are not allowed in JSON: the host program reading this file with JSON.parse will fail. Remove the comment.';
    case 'CommaExpected':
      return 'Expected a comma between items. Add the missing comma.';
    case 'PropertyNameExpected':
      return isTrailingComma(e.offset, text) ? TRAILING_COMMA : 'Expected a property name in double quotes (check for an unquoted key).';
    case 'ValueExpected':
      return isTrailingComma(e.offset, text) ? TRAILING_COMMA : 'Expected a JSON value here.';
    case 'ColonExpected':
      return 'Expected a colon after the property name.';
    case 'CloseBraceExpected':
      return 'Expected "}" to close the object (the file may be truncated).';
    case 'CloseBracketExpected':
      return 'Expected "]" to close the array (the file may be truncated).';
    case 'EndOfFileExpected':
      return 'Unexpected content after the end of the JSON value.';
    case 'UnexpectedEndOfString':
      return 'Unterminated string: add the closing double quote.';
    case 'InvalidEscapeCharacter':
      return 'Invalid escape sequence in a string.';
    case 'InvalidUnicode':
      return 'Invalid \\u escape in a string.';
    case 'InvalidCharacter':
      return 'Invalid character in a string (control characters must be escaped).';
    case 'InvalidSymbol':
      return 'Invalid symbol: not valid JSON.';
    case 'InvalidNumberFormat':
      return 'Invalid number format.';
    default:
      return `Invalid JSON (${code}).`;
  }
}

// ---------------------------------------------------------------------------------------------
// Node helpers. Property nodes have children [keyNode, valueNode].

/** The property node (key + value) for `key` in an object node. */
export function propertyNode(obj: Node | undefined, key: string): Node | undefined {
  if (!obj || obj.type !== 'object' || !obj.children) return undefined;
  const children = obj.children;
  if (children.length >= 32) return propertyIndex(obj, children).get(key);
  let found: Node | undefined;
  for (const p of children) {
    const k = p.children?.[0];
    if (k && k.value === key) found = p; // last one wins, as JSON.parse does
  }
  return found;
}

/**
 * Indexes of large containers are kept on the node itself, under a non-enumerable symbol, and die with the tree.
 * Not in a WeakMap: V8's scavenger treats a WeakMap entry's value as live, so an index (which points back into the
 * tree) kept a whole young tree alive until the next full GC: a lint at 100 tools cost 1.7× its parse in GC alone.
 */
const INDEX = Symbol('toolschema.index');
type Indexed<T> = Node & { [INDEX]?: T };

function storedIndex<T>(node: Node): T | undefined {
  return (node as Indexed<T>)[INDEX];
}

function setIndex<T>(node: Node, value: T): void {
  Object.defineProperty(node, INDEX, { value, writable: true, configurable: true, enumerable: false });
}

/**
 * Key → property of a large object, built once per node: looking keys up one by one in an object of n members
 * would make every rule that walks it O(n²) (a schema with 100,000 properties).
 */
function propertyIndex(obj: Node, children: Node[]): Map<string, Node> {
  let idx = storedIndex<{ size: number; map: Map<string, Node> }>(obj);
  if (!idx || idx.size !== children.length) {
    const map = new Map<string, Node>();
    for (const p of children) {
      const k = p.children?.[0];
      if (k && typeof k.value === 'string') map.set(k.value, p); // last one wins, as JSON.parse does
    }
    idx = { size: children.length, map };
    setIndex(obj, idx);
  }
  return idx.map;
}

/** The value node for `key` in an object node. */
export function child(obj: Node | undefined, key: string): Node | undefined {
  return propertyNode(obj, key)?.children?.[1];
}

export function keyNodeOf(obj: Node | undefined, key: string): Node | undefined {
  return propertyNode(obj, key)?.children?.[0];
}

export function str(node: Node | undefined): string | undefined {
  return node && node.type === 'string' ? (node.value as string) : undefined;
}

export function bool(node: Node | undefined): boolean | undefined {
  return node && node.type === 'boolean' ? (node.value as boolean) : undefined;
}

export function num(node: Node | undefined): number | undefined {
  return node && node.type === 'number' ? (node.value as number) : undefined;
}

export function isObject(node: Node | undefined): node is Node {
  return !!node && node.type === 'object';
}

export function isArray(node: Node | undefined): node is Node {
  return !!node && node.type === 'array';
}

/** Each property of an object as [key, keyNode, valueNode] (an array: cheaper than a generator in the hot schema walks). */
export function entries(obj: Node | undefined): [string, Node, Node][] {
  const out: [string, Node, Node][] = [];
  if (!obj || obj.type !== 'object' || !obj.children) return out;
  for (const p of obj.children) {
    const k = p.children?.[0];
    const v = p.children?.[1];
    if (k && v && typeof k.value === 'string' && !isShadowed(p)) out.push([k.value, k, v]);
  }
  return out;
}

/** The elements of an array node; a shared empty list for anything else (do not change the result). */
export function elements(arr: Node | undefined): readonly Node[] {
  return arr && arr.type === 'array' && arr.children ? arr.children : NO_NODES;
}

const NO_NODES: readonly Node[] = Object.freeze([]);

/** Strings of a string array (non-strings skipped). */
export function stringItems(arr: Node | undefined): string[] {
  const out: string[] = [];
  for (const e of elements(arr)) if (e.type === 'string') out.push(e.value as string);
  return out;
}

/** Position of an element in its array: indexOf for short arrays, an index built once for long ones. */
function indexInArray(arr: Node, el: Node): number {
  const children = arr.children ?? [];
  if (children.length < 32) return Math.max(0, children.indexOf(el));
  let idx = storedIndex<{ size: number; map: Map<Node, number> }>(arr);
  if (!idx || idx.size !== children.length) {
    const map = new Map<Node, number>();
    children.forEach((c, i) => map.set(c, i));
    idx = { size: children.length, map };
    setIndex(arr, idx);
  }
  return idx.map.get(el) ?? 0;
}

/** RFC 6901 pointer of a node (value nodes; for a key node, the pointer of its property). */
export function pointerOf(node: Node): string {
  const segs: string[] = [];
  let n: Node | undefined = node;
  if (n.parent?.type === 'property' && n.parent.children?.[0] === n) n = n.parent.children?.[1] ?? n.parent;
  while (n && n.parent) {
    const p: Node = n.parent;
    if (p.type === 'property') {
      segs.push(String(p.children?.[0]?.value ?? ''));
      n = p.parent;
    } else if (p.type === 'array') {
      segs.push(String(indexInArray(p, n)));
      n = p;
    } else {
      n = p;
    }
  }
  let out = '';
  for (let i = segs.length - 1; i >= 0; i--) out += '/' + segs[i]!.replace(/~/g, '~0').replace(/\//g, '~1');
  return out;
}

/** The node at an RFC 6901 pointer below `root`. */
export function nodeAtPointer(root: Node | undefined, pointer: string): Node | undefined {
  if (pointer === '') return root;
  // RFC 6901: a pointer starts with "/", and an array index is a decimal number without leading zeros ("0" and "/"
  // named the first tool: a client's wrong pointer edited it rather than failing).
  if (!pointer.startsWith('/')) return undefined;
  let n = root;
  for (const raw of pointer.slice(1).split('/')) {
    const seg = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!n) return undefined;
    if (n.type === 'object') n = child(n, seg);
    else if (n.type === 'array') n = /^(?:0|[1-9][0-9]{0,15})$/.test(seg) ? n.children?.[Number(seg)] : undefined;
    else return undefined;
  }
  return n;
}

export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/**
 * The plain value of a node. Safe for hostile keys: objects are built with defineProperty, so a
 * `__proto__` key is an ordinary own property and never changes a prototype. Depth is bounded: deeper
 * containers come back empty.
 */
export function valueOf(node: Node | undefined, maxDepthLeft = 256): JsonValue | undefined {
  return convert(node, maxDepthLeft, undefined);
}

/**
 * The plain value of a node, or undefined when it has more than `budget.left` nodes or is deeper than
 * `maxDepthLeft` (nothing truncated). `budget.left` is decremented per node, so one budget can span calls.
 */
export function valueWithin(node: Node, budget: { left: number }, maxDepthLeft: number): JsonValue | undefined {
  return convert(node, maxDepthLeft, budget);
}

const OVER = Symbol('over budget');

function convert(node: Node | undefined, depthLeft: number, budget: { left: number } | undefined): JsonValue | undefined {
  const r = convertOrOver(node, depthLeft, budget);
  return r === OVER ? undefined : r;
}

function convertOrOver(node: Node | undefined, depthLeft: number, budget: { left: number } | undefined): JsonValue | undefined | typeof OVER {
  if (!node) return undefined;
  if (budget && --budget.left < 0) return OVER;
  switch (node.type) {
    case 'string':
    case 'number':
    case 'boolean':
      return node.value as JsonValue;
    case 'null':
      return null;
    case 'array': {
      const out: JsonValue[] = [];
      if (depthLeft <= 0) return budget ? OVER : out;
      for (const c of node.children ?? []) {
        const v = convertOrOver(c, depthLeft - 1, budget);
        if (v === OVER) return OVER;
        if (v !== undefined) out.push(v);
      }
      return out;
    }
    case 'object': {
      const out: { [key: string]: JsonValue } = {};
      if (depthLeft <= 0) return budget ? OVER : out;
      for (const p of node.children ?? []) {
        const k = p.children?.[0];
        const v = convertOrOver(p.children?.[1], depthLeft - 1, budget);
        if (v === OVER) return OVER;
        if (k && typeof k.value === 'string' && v !== undefined) {
          Object.defineProperty(out, k.value, { value: v, enumerable: true, writable: true, configurable: true });
        }
      }
      return out;
    }
    default:
      return undefined;
  }
}

/** The JSON type name of a node as a JSON Schema would call it. */
export function jsonTypeOf(node: Node): 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object' | 'unknown' {
  switch (node.type) {
    case 'number':
      return Number.isInteger(node.value) ? 'integer' : 'number';
    case 'string':
    case 'boolean':
    case 'null':
    case 'array':
    case 'object':
      return node.type;
    default:
      return 'unknown';
  }
}
