import { distance } from 'fastest-levenshtein';
import { defineRule } from '../rule';
import type { Node } from '../document';
import type { FixContext } from '../fix';
import type { TextEdit } from '../fixes/edits';
import { positionsByLength } from '../text';
import { findPoisoning, looksLikeToolName, mentionBase, schemaVocabulary, subStringNode, toolMentions } from '../analysis/descriptions';

export default defineRule<'unknownSibling' | 'unknownSiblingSuggest'>({
  id: 'description-sibling-unknown',
  meta: {
    section: 'Descriptions',
    defaultSeverity: 'error',
    fixable: 'suggestion',
    docs: {
      description: 'A tool description redirects to another tool (a tool-shaped name in backticks or quotes, or a snake_case name, after "use", "call", "instead of"… or before "tool", "instead", "first") that no tool file in the workspace defines.',
      why: 'A description may name sibling tools to redirect the model ("do not use for forecasts, use get_forecast instead", SPEC Service rule 3). The model takes that name literally: if no tool has it (a typo, a renamed or removed tool, a tool of another server), it calls a tool that does not exist or gives up. Names are checked against the tools of this file and of every other tool file of the workspace; the tool\'s own name, its parameter names and enum values are not treated as tool names, nor is a name inside an instruction about how another tool must be called ("when the send_email tool is used, always add … in bcc"), which `description-injection` reports as tool poisoning.',
      spec: 'Service rule 3',
      bad: '[ { "name": "get_current_weather", "description": "Use this when the user asks about the weather right now. Do not use for forecasts; use `get_forecst` instead.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } }, { "name": "get_forecast", "description": "Use this when the user asks about the weather in the coming days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } } ]',
      good: '[ { "name": "get_current_weather", "description": "Use this when the user asks about the weather right now. Do not use for forecasts; use `get_forecast` instead.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } }, { "name": "get_forecast", "description": "Use this when the user asks about the weather in the coming days.", "parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name." } }, "required": ["city"] } } ]',
      fix: 'Suggests replacing the mention by the tool name of the file it clearly means: the only tool whose name ends with it (a missing namespace prefix), else the only closest name within 3 edits (and a quarter of its length). Every occurrence of the mention in the description changes; only those characters are edited, unless escapes in the string\'s JSON text hide them (then the whole string is rewritten). No fix when two names are as close.',
    },
    messages: {
      unknownSiblingSuggest: 'The description refers to "{{mention}}", which no tool defines: did you mean "{{suggestion}}"?',
      unknownSibling: 'The description refers to "{{mention}}", which no tool in this file or workspace defines: define that tool or remove the mention (the model would call a tool that does not exist).',
    },
  },
  create(ctx) {
    const defined = (n: string) => ctx.names.has(n) || ctx.workspace.definitions(n).count > 0;
    // Built on the first unknown mention of this lint, from every name of the file.
    let index: SuggestionIndex | undefined;
    return {
      tool(t) {
        const d = t.descriptionNode;
        if (!d || d.type !== 'string') return;
        const text = d.value as string;
        if (text.length < 8) return;
        const mentions = toolMentions(text);
        if (mentions.length === 0) return;
        let vocabulary: Set<string> | undefined;
        let paramsText: string | undefined;
        // A parameter name or an enum/const/default value of the tool's own schema is not a tool (schemaVocabulary).
        // Such a word is a JSON string of the schema's text: a word of letters, digits, `_ . - $` is written
        // `"word"` there unless a \u escape spells one of its characters, so a schema without that text is not
        // walked (the walk was a third of this rule's time on the generated workspace).
        const inSchema = (word: string): boolean => {
          const p = t.params;
          if (!p) return false;
          paramsText ??= ctx.doc.text.slice(p.offset, p.offset + p.length);
          if (PLAIN_WORD.test(word) && !paramsText.includes('\\u') && !paramsText.includes(`"${word}"`)) return false;
          vocabulary ??= schemaVocabulary(p);
          return vocabulary.has(word);
        };
        for (const m of mentions) {
          const base = mentionBase(m.name);
          if (m.name === t.name || base === t.name || defined(m.name) || defined(base)) continue;
          if (!looksLikeToolName(m, ctx.extraVerbs, ctx.namespaces)) continue;
          if (inSchema(m.name) || inSchema(base)) continue;
          // A name inside an instruction about how another tool must be called ("when the send_email tool is used,
          // always add … in bcc") is no redirect: description-injection reports the sentence as tool poisoning, and
          // "define that tool" would be the wrong advice.
          const injection = findPoisoning(text).injection;
          if (injection?.kind === 'shadowing' && m.index >= injection.index && m.index < injection.index + injection.phrase.length) continue;
          // Every name is a candidate: this tool's findings then depend on all of them (readAll, nameView.ts).
          const names = ctx.names.readAll();
          index ??= new SuggestionIndex(names);
          const suggestion = index.suggest(base, t.name);
          const node = subStringNode(ctx.doc.text, d, text, m.index, m.name.length) ?? d;
          if (suggestion) ctx.report({ node, messageId: 'unknownSiblingSuggest', data: { mention: m.name, suggestion } });
          else ctx.report({ node, messageId: 'unknownSibling', data: { mention: m.name } });
        }
      },
    };
  },
  fix(ctx) {
    const mention = ctx.finding.data?.mention;
    const suggestion = ctx.finding.data?.suggestion;
    const d = ctx.node;
    if (ctx.finding.messageId !== 'unknownSiblingSuggest' || typeof mention !== 'string' || typeof suggestion !== 'string') return [];
    if (!d || d.type !== 'string' || !ctx.tools.some((t) => t.name === suggestion)) return [];
    const base = mentionBase(mention);
    const renamed = mention.slice(0, mention.length - base.length) + suggestion;
    const edits = mentionEdits(ctx, d, mention, suggestion);
    return edits.length > 0 ? [{ title: `Replace "${mention}" with "${renamed}"`, kind: 'suggestion', edits }] : [];
  },
});

/** A word that JSON writes as it is, unless a \u escape spells one of its characters. */
const PLAIN_WORD = /^[\w.$-]*$/;

/**
 * The tool a mention clearly means: the only defined name that ends with it after a separator (a namespaced
 * tool), else the one defined name closest to it, when no other is as close and it is within 3 edits and a
 * quarter of the mention's length.
 *
 * Built once per lint of a file and asked once per unknown mention: a scan of every name per mention made a file
 * of N tools that each mention an unknown name cost N² (10,000 tools: about a minute). Here a mention costs a
 * binary search for the suffix and at most MAX_CANDIDATES distances.
 */
export class SuggestionIndex {
  /** Every name, lower-cased and reversed, with the name, sorted: the names ending with S are a range. */
  private readonly reversed: [reversedLower: string, name: string][];
  /** Positions in `order` of the names of each length, ascending. */
  private readonly byLength: Map<number, number[]>;
  private readonly order: string[];
  /** Per name (by position in `order`), the set of its characters as two 32-bit masks (charMask). */
  private readonly masks: Int32Array;

  constructor(names: Iterable<string>) {
    this.order = [...names];
    this.masks = new Int32Array(this.order.length * 2);
    this.order.forEach((n, i) => charMask(n, this.masks, i * 2));
    this.reversed = this.order.map((n) => [reverse(n.toLowerCase()), n] as [string, string]);
    this.reversed.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    this.byLength = positionsByLength(this.order);
  }

  suggest(mention: string, self: string | undefined): string | undefined {
    const suffixed = this.endingWith(mention.toLowerCase(), self);
    if (suffixed.length > 0) return suffixed.length === 1 ? suffixed[0] : undefined;
    const limit = Math.min(3, Math.max(1, Math.floor(mention.length / 4)));
    let best: string | undefined;
    let bestDistance = Infinity;
    let tie = false;
    const mask = new Int32Array(2);
    charMask(mention, mask, 0);
    for (const i of this.sameLength(mention.length, self)) {
      const c = this.order[i]!;
      // Two lower bounds of the distance, each cheaper than computing it: the length difference, and half the
      // characters present in one string only (an edit adds or removes at most one from each side). A name
      // further than `limit` cannot be the answer, nor tie with one that is (a best distance over the limit
      // gives no suggestion either way).
      if (Math.abs(c.length - mention.length) > limit) continue;
      if (popCount(mask[0]! ^ this.masks[i * 2]!) + popCount(mask[1]! ^ this.masks[i * 2 + 1]!) > 2 * limit) continue;
      const d = distance(mention, c);
      if (d < bestDistance) {
        best = c;
        bestDistance = d;
        tie = false;
      } else if (d === bestDistance) tie = true;
    }
    return best !== undefined && !tie && bestDistance <= limit ? best : undefined;
  }

  /** Up to two names (other than self) whose lower-cased form ends with `lower` after a separator (_ . -). */
  private endingWith(lower: string, self: string | undefined): string[] {
    const out: string[] = [];
    const r = reverse(lower);
    for (const sep of SEPARATORS) {
      const prefix = r + sep;
      for (let i = this.lowerBound(prefix); i < this.reversed.length && out.length < 2; i++) {
        const [key, name] = this.reversed[i]!;
        if (!key.startsWith(prefix)) break;
        if (name !== self) out.push(name);
      }
    }
    return out;
  }

  /** The first MAX_CANDIDATES names (other than self), in the file's order, within 3 characters of `length`: their positions. */
  private sameLength(length: number, self: string | undefined): number[] {
    const lists: number[][] = [];
    for (let l = Math.max(0, length - 3); l <= length + 3; l++) {
      const list = this.byLength.get(l);
      if (list) lists.push(list);
    }
    // A merge of the ascending lists, stopped at MAX_CANDIDATES.
    const at = lists.map(() => 0);
    const out: number[] = [];
    while (out.length < MAX_CANDIDATES) {
      let pick = -1;
      for (let k = 0; k < lists.length; k++) if (at[k]! < lists[k]!.length && (pick < 0 || lists[k]![at[k]!]! < lists[pick]![at[pick]!]!)) pick = k;
      if (pick < 0) break;
      const i = lists[pick]![at[pick]!++]!;
      if (this.order[i] !== self) out.push(i);
    }
    return out;
  }

  private lowerBound(key: string): number {
    let lo = 0;
    let hi = this.reversed.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.reversed[mid]![0] < key) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }
}

const SEPARATORS = ['_', '.', '-'];
/** Names compared by edit distance per mention, at most (the first ones of the file, by length). */
const MAX_CANDIDATES = 500;

/**
 * The characters of `s` as a set of 64 buckets, written to out[at] (0–31) and out[at + 1] (32–63): letters,
 * digits and "_" each have their own, other characters share by code. Distinct set bits of two masks' XOR stand
 * for distinct characters present in one string only, so the XOR's bit count is at most that number.
 */
function charMask(s: string, out: Int32Array, at: number): void {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    const b = c >= 97 && c <= 122 ? c - 97 : c >= 65 && c <= 90 ? c - 39 : c >= 48 && c <= 57 ? c + 4 : c === 95 ? 62 : 63;
    if (b < 32) lo |= 1 << b;
    else hi |= 1 << (b - 32);
  }
  out[at] = lo;
  out[at + 1] = hi;
}

function popCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

function reverse(s: string): string {
  let out = '';
  for (let i = s.length - 1; i >= 0; i--) out += s[i];
  return out;
}

const IDENT_CHAR = /[A-Za-z0-9_]/;

/** Start offsets of `word` in `text` where it is not part of a longer identifier. */
function wordOccurrences(text: string, word: string): number[] {
  const out: number[] = [];
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + word.length)) {
    const before = i > 0 ? text[i - 1]! : ' ';
    const after = i + word.length < text.length ? text[i + word.length]! : ' ';
    if (!IDENT_CHAR.test(before) && !IDENT_CHAR.test(after)) out.push(i);
  }
  return out;
}

/**
 * For each index of the decoded value of a JSON string (and one past the end), the index of the raw text
 * between its quotes where that character's text starts.
 */
function decodedToRaw(raw: string): number[] {
  const out: number[] = [];
  for (let r = 0; r < raw.length; ) {
    out.push(r);
    if (raw[r] === '\\') r += raw[r + 1] === 'u' ? 6 : 2;
    else r += 1;
  }
  out.push(raw.length);
  return out;
}

/**
 * Edits replacing every occurrence of `mention` in a description string by the mention with its tool-name part
 * (`mentionBase`) changed to `suggestion`. When every occurrence is written verbatim in the string's JSON text
 * (escapes elsewhere do not matter), only those characters change; otherwise the whole string is rewritten.
 */
function mentionEdits(ctx: FixContext, d: Node, mention: string, suggestion: string): TextEdit[] {
  const decoded = d.value as string;
  const base = mentionBase(mention);
  const keep = mention.length - base.length;
  const found = wordOccurrences(decoded, mention);
  if (found.length === 0) return [];
  const rawStart = d.offset + 1;
  const raw = ctx.doc.text.slice(rawStart, d.offset + d.length - 1);
  const map = decodedToRaw(raw);
  const inRaw = found.map((i) => map[i]).filter((r): r is number => r !== undefined && raw.slice(r, r + mention.length) === mention);
  if (map.length === decoded.length + 1 && inRaw.length === found.length) {
    const content = JSON.stringify(suggestion).slice(1, -1);
    return inRaw.map((r) => ({ offset: rawStart + r + keep, length: base.length, content }));
  }
  let out = '';
  let from = 0;
  for (const i of found) {
    out += decoded.slice(from, i + keep) + suggestion;
    from = i + mention.length;
  }
  out += decoded.slice(from);
  return [ctx.edit.replaceString(d, out)];
}
