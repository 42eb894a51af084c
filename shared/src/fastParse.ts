/**
 * A fast path for jsonc-parser's `parseTree` on valid JSON (RFC 8259), which is what nearly every tool file is
 * while it is not being typed in: one recursive descent over the text that builds the same tree `parseTree`
 * builds (the same node types, offsets, lengths, colon offsets, values, parents and own properties), 2 to 7
 * times faster (README, Performance), since it goes through no scanner tokens or visitor callbacks and sizes a
 * member's children array for its two children. On anything that is not strict JSON (a syntax error, a
 * comment, a trailing comma, a control character in a string, an empty text) it gives up and returns
 * `undefined`, and the caller (ToolDocument) parses the text with jsonc-parser, whose error recovery and
 * messages it does not try to copy. `test/engine/fastParse.test.ts` compares the two trees on the corpus and
 * on mutated files.
 */
import type { Node, NodeType } from 'jsonc-parser';

/** A node while it is built (jsonc-parser's `Node` is read-only). */
type Building = { -readonly [K in keyof Node]: Node[K] };

/** Thrown inside the parse to give up; caught at the top, never escapes. */
const GIVE_UP = Symbol('not strict JSON');

/**
 * The tree of `text` as jsonc-parser's `parseTree` would build it, with the number of structural tokens (`{` `[`
 * `,` `:`, as `scanShape` in document.ts counts them), or undefined when the text is not strict JSON, nests deeper
 * than `maxDepth` or has more than `maxTokens` tokens (the caller then measures and refuses it, or parses it with
 * jsonc-parser). The depth bound keeps the recursion off the stack's limit. `duplicates`: as
 * collectDuplicateKeys gives them, in text order of their objects' ends.
 */
export function parseStrictJson(text: string, maxDepth: number, maxTokens: number): { tree: Node; tokens: number; duplicates: Node[] } | undefined {
  const p = new StrictParser(text, maxDepth, maxTokens);
  try {
    p.ws();
    if (p.pos >= text.length) return undefined;
    const tree = p.value(undefined, 0);
    p.ws();
    if (p.pos !== text.length) return undefined;
    return { tree, tokens: p.tokens, duplicates: p.duplicates };
  } catch (e) {
    if (e === GIVE_UP) return undefined;
    throw e;
  }
}

/** A backslash or a control character (which strict JSON does not allow raw in a string). */
const ESCAPE_OR_CONTROL = /[\x00-\x1f\\]/;

class StrictParser {
  pos = 0;
  tokens = 0;
  /** Key nodes of members a later member of the same object repeats (collectDuplicateKeys). */
  readonly duplicates: Node[] = [];
  constructor(private readonly text: string, private readonly maxDepth: number, private readonly maxTokens: number) {}

  /** Counts a structural token; gives up past the bound. */
  private token(): void {
    if (++this.tokens > this.maxTokens) throw GIVE_UP;
  }

  /** Skips JSON's four whitespace characters. */
  ws(): void {
    const t = this.text;
    let i = this.pos;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    this.pos = i;
  }

  /** A value at `pos` (after whitespace); `parent` undefined for the root, which, as in parseTree, has no `parent` property. */
  value(parent: Node | undefined, depth: number): Node {
    const t = this.text;
    const start = this.pos;
    const c = t.charCodeAt(start);
    if (c === 123 || c === 91) {
      if (depth >= this.maxDepth) throw GIVE_UP;
      this.token();
      return c === 123 ? this.object(parent, start, depth + 1) : this.array(parent, start, depth + 1);
    }
    if (c === 34) {
      const value = this.string();
      return literal('string', start, this.pos - start, parent, value);
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      this.number();
      return literal('number', start, this.pos - start, parent, Number(t.slice(start, this.pos)));
    }
    if (c === 116 && t.startsWith('true', start)) {
      this.pos = start + 4;
      return literal('boolean', start, 4, parent, true);
    }
    if (c === 102 && t.startsWith('false', start)) {
      this.pos = start + 5;
      return literal('boolean', start, 5, parent, false);
    }
    if (c === 110 && t.startsWith('null', start)) {
      this.pos = start + 4;
      return literal('null', start, 4, parent, null);
    }
    throw GIVE_UP;
  }

  // object() and array() repeat their loop on purpose: one loop shared by both, choosing member or item inside
  // it, parsed the corpus 10-20% slower (three interleaved runs: medians 151-154 → 167-194 ms).
  object(parent: Node | undefined, start: number, depth: number): Node {
    const t = this.text;
    const children: Node[] = [];
    const node: Building = parent ? { type: 'object', offset: start, length: -1, parent, children } : { type: 'object', offset: start, length: -1, children };
    this.pos = start + 1;
    this.ws();
    if (t.charCodeAt(this.pos) === 125) {
      this.pos++;
      node.length = this.pos - start;
      return node;
    }
    for (;;) {
      const keyStart = this.pos;
      if (t.charCodeAt(keyStart) !== 34) throw GIVE_UP;
      const name = this.string();
      const keyLength = this.pos - keyStart;
      // The member's two children in an array of two (an empty array grows to 17 slots on its first push).
      const key: Building = { type: 'string', value: name, offset: keyStart, length: keyLength, parent: undefined };
      const pair: Node[] = [key, key];
      const prop: Building = { type: 'property', offset: keyStart, length: -1, parent: node, children: pair, colonOffset: -1 };
      key.parent = prop;
      this.ws();
      if (t.charCodeAt(this.pos) !== 58) throw GIVE_UP;
      this.token();
      prop.colonOffset = this.pos;
      this.pos++;
      this.ws();
      const v = this.value(prop, depth);
      pair[1] = v;
      prop.length = v.offset + v.length - keyStart;
      children.push(prop);
      this.ws();
      const c = t.charCodeAt(this.pos);
      this.pos++;
      if (c === 44) {
        this.token();
        this.ws();
        continue;
      }
      if (c === 125) break;
      throw GIVE_UP;
    }
    node.length = this.pos - start;
    if (children.length > 1) collectDuplicateKeys(children, this.duplicates);
    return node;
  }

  array(parent: Node | undefined, start: number, depth: number): Node {
    const t = this.text;
    const children: Node[] = [];
    const node: Building = parent ? { type: 'array', offset: start, length: -1, parent, children } : { type: 'array', offset: start, length: -1, children };
    this.pos = start + 1;
    this.ws();
    if (t.charCodeAt(this.pos) === 93) {
      this.pos++;
      node.length = this.pos - start;
      return node;
    }
    for (;;) {
      children.push(this.value(node, depth));
      this.ws();
      const c = t.charCodeAt(this.pos);
      this.pos++;
      if (c === 44) {
        this.token();
        this.ws();
        continue;
      }
      if (c === 93) break;
      throw GIVE_UP;
    }
    node.length = this.pos - start;
    return node;
  }

  /** The string starting at `pos` (a quote), unescaped; `pos` ends after the closing quote. */
  string(): string {
    const t = this.text;
    // Up to the next quote, a stretch with no backslash and no control character is the whole string: found by
    // indexOf and one test of a character class, both native, instead of a loop over its characters here (the
    // parse of the 2,000 generated files: 10 to 30% fewer instructions). Otherwise the loop below reads it.
    const quote = t.indexOf('"', this.pos + 1);
    if (quote < 0) throw GIVE_UP;
    const plain = t.slice(this.pos + 1, quote);
    if (!ESCAPE_OR_CONTROL.test(plain)) {
      this.pos = quote + 1;
      return plain;
    }
    let i = this.pos + 1;
    let from = i;
    let out = '';
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 34) break;
      if (c === 92) {
        out += t.slice(from, i);
        const e = t.charCodeAt(i + 1);
        i += 2;
        switch (e) {
          case 34: out += '"'; break;
          case 92: out += '\\'; break;
          case 47: out += '/'; break;
          case 98: out += '\b'; break;
          case 102: out += '\f'; break;
          case 110: out += '\n'; break;
          case 114: out += '\r'; break;
          case 116: out += '\t'; break;
          case 117: {
            let code = 0;
            for (let k = 0; k < 4; k++) {
              const h = t.charCodeAt(i + k);
              if (h >= 48 && h <= 57) code = code * 16 + h - 48;
              else if (h >= 65 && h <= 70) code = code * 16 + h - 55;
              else if (h >= 97 && h <= 102) code = code * 16 + h - 87;
              else throw GIVE_UP;
            }
            out += String.fromCharCode(code);
            i += 4;
            break;
          }
          default:
            throw GIVE_UP;
        }
        from = i;
        continue;
      }
      // A control character (jsonc-parser reports it) or the end of the text (NaN): not strict JSON.
      if (!(c >= 32)) throw GIVE_UP;
      i++;
    }
    this.pos = i + 1;
    // Every escape adds a character, so an empty `out` means the string had none: one slice.
    return out === '' ? t.slice(from, i) : out + t.slice(from, i);
  }

  /** A number by JSON's grammar: -?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?; anything else gives up. */
  number(): void {
    const t = this.text;
    let i = this.pos;
    if (t.charCodeAt(i) === 45) i++;
    let c = t.charCodeAt(i);
    if (c === 48) i++;
    else if (c >= 49 && c <= 57) {
      do i++;
      while ((c = t.charCodeAt(i)) >= 48 && c <= 57);
    } else throw GIVE_UP;
    if (t.charCodeAt(i) === 46) {
      i++;
      c = t.charCodeAt(i);
      if (!(c >= 48 && c <= 57)) throw GIVE_UP;
      do i++;
      while ((c = t.charCodeAt(i)) >= 48 && c <= 57);
    }
    c = t.charCodeAt(i);
    if (c === 101 || c === 69) {
      i++;
      c = t.charCodeAt(i);
      if (c === 43 || c === 45) i++;
      c = t.charCodeAt(i);
      if (!(c >= 48 && c <= 57)) throw GIVE_UP;
      do i++;
      while ((c = t.charCodeAt(i)) >= 48 && c <= 57);
    }
    this.pos = i;
  }
}

function literal(type: NodeType, offset: number, length: number, parent: Node | undefined, value: string | number | boolean | null): Node {
  return parent ? { type, offset, length, parent, value } : { type, offset, length, value };
}

/**
 * Duplicate keys reported per document at most (a hostile file can repeat one key 200,000 times). All of them are
 * collected: each marks a member the rules skip (document.ts isShadowed); capped at 1,000, the 1,001st and later
 * were linted (and fixed) as if JSON.parse read them (an independent fuzzer).
 */
export const MAX_DUPLICATE_KEYS = 1000;

/**
 * Adds to `out` the key node of every member of an object (its `children`, properties in text order) that a later
 * member repeats: the members JSON.parse and Python's json ignore, as they keep the last (RFC 8259 §4 leaves it
 * to each parser: others keep the first or reject the text). Members without a key node (jsonc-parser's recovery)
 * are skipped.
 */
export function collectDuplicateKeys(children: readonly Node[], out: Node[]): void {
  const n = children.length;
  if (n < 2) return;
  if (n <= 8) {
    // A tool's objects have a few members: comparing them pairwise costs less than building a set.
    for (let i = 0; i < n - 1; i++) {
      const k = children[i]!.children?.[0]?.value;
      if (typeof k !== 'string') continue;
      for (let j = i + 1; j < n; j++) {
        if (children[j]!.children?.[0]?.value === k) {
          out.push(children[i]!.children![0]!);
          break;
        }
      }
    }
    return;
  }
  const last = new Map<string, number>();
  for (let i = 0; i < n; i++) {
    const k = children[i]!.children?.[0]?.value;
    if (typeof k === 'string') last.set(k, i);
  }
  if (last.size === n) return;
  for (let i = 0; i < n; i++) {
    const key = children[i]!.children?.[0];
    if (typeof key?.value === 'string' && last.get(key.value) !== i) out.push(key);
  }
}
