/**
 * Literal prefixes of a regular expression, for a cheap first pass (a gate) in front of many patterns.
 *
 * description-injection's caseless patterns would each be tried at every word start of every description, and
 * most word starts begin none of them. A gate built from the words every match must begin with ("ignore", "before
 * calling", "the user", ...), as a trie, fails at most word starts after a character or two; where it matches, a
 * trie of the same prefixes names the patterns to try (descriptions.ts, the dispatch). The prefixes must be sound:
 * every match of the pattern begins with one of them (with `\s+` between words). Anything this reader does not
 * understand gives no prefixes at all (the pattern is then not dispatched), never a wrong one;
 * `test/engine/descriptionScans.test.ts` checks each dispatched pattern's matches against the gate and the trie on
 * the corpus, the red-team sets and generated strings.
 */
import { appendAll } from '../text';

/** Word separators in a prefix: `\s+` in the pattern, a space here. */
const SEP = ' ';

/**
 * Strings every match of `source` begins with (one of them, words separated by one space standing for `\s+`), at
 * most `maxWords` words each; undefined when that cannot be told. Reads lower-case ASCII letters and digits, `\b`
 * and lookarounds (skipped: they match no characters), groups with alternatives, `?`, `*`, `+` and `{…}` on a
 * group or a letter, and `\s+` between words. The source must be one alternative of the caller's alternation
 * (or an alternation whose every branch is read).
 */
export function literalPrefixes(source: string, maxWords = 2): string[] | undefined {
  const branches = splitAlternatives(source);
  if (!branches) return undefined;
  const out: string[] = [];
  for (const b of branches) {
    const p = prefixesOf(b, 1, maxWords);
    if (!p) return undefined;
    appendAll(out, p);
  }
  return out;
}

/** The most prefixes one word may branch into before the word alone is kept (a gate of bounded size). */
const MAX_BRANCHES = 24;

function prefixesOf(s: string, words: number, maxWords: number): string[] | undefined {
  let i = 0;
  // Zero-width assertions at the start: the match begins with what follows them.
  for (;;) {
    if (s.startsWith('\\b', i)) i += 2;
    else if (s.startsWith('(?=', i) || s.startsWith('(?!', i) || s.startsWith('(?<=', i) || s.startsWith('(?<!', i)) {
      const end = closingParen(s, i);
      if (end < 0) return undefined;
      i = end + 1;
    } else break;
  }
  const c = s[i];
  if (c === undefined) return undefined; // an empty match (or one of assertions only): no prefix
  if (c === '(') {
    const end = closingParen(s, i);
    if (end < 0) return undefined;
    const body = groupBody(s.slice(i + 1, end));
    const branches = body === undefined ? undefined : splitAlternatives(body);
    if (!branches) return undefined;
    const rest = s.slice(end + 1);
    const q = quantifier(rest);
    if (q === undefined) return undefined;
    if (q.min === 0) {
      // Optional: a match begins with the group's own prefixes or with what follows it.
      const own = alternativesAlone(branches, words, maxWords);
      const after = own && prefixesOf(rest.slice(q.length), words, maxWords);
      return own && after ? [...own, ...after] : undefined;
    }
    if (q.length > 0) return alternativesAlone(branches, words, maxWords);
    // Each branch goes on with what follows the group.
    const out: string[] = [];
    for (const b of branches) {
      const p = prefixesOf(b + rest, words, maxWords);
      if (!p) return undefined;
      appendAll(out, p);
    }
    return out;
  }
  if (!isLiteral(c)) return undefined;
  let j = i;
  let word = '';
  while (j < s.length && isLiteral(s[j]!)) {
    const q = quantifier(s.slice(j + 1));
    if (q === undefined) return undefined;
    if (q.length > 0) {
      // A quantified letter: the word so far, or, for the first letter, that letter optional.
      if (q.min > 0) return [word + s[j]];
      if (word) return [word];
      const after = prefixesOf(s.slice(j + 1 + q.length), words, maxWords);
      return after && [s[j]!, ...after];
    }
    word += s[j];
    j++;
  }
  if (words < maxWords && s.startsWith('\\s+', j)) {
    const next = prefixesOf(s.slice(j + 3), words + 1, maxWords);
    if (next && next.length <= MAX_BRANCHES) return next.map((p) => word + SEP + p);
  }
  return [word];
}

/** The prefixes of each alternative of a group on its own (what follows the group not read). */
function alternativesAlone(branches: readonly string[], words: number, maxWords: number): string[] | undefined {
  const out: string[] = [];
  for (const b of branches) {
    const p = prefixesOf(b, words, maxWords);
    if (!p) return undefined;
    appendAll(out, p);
  }
  return out;
}

const isLiteral = (c: string) => (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');

/** The quantifier at the start of `s`: how many repetitions at least, and its length (0: none); undefined if unread. */
function quantifier(s: string): { min: number; length: number } | undefined {
  const c = s[0];
  let q: { min: number; length: number };
  if (c === '?' || c === '*') q = { min: 0, length: 1 };
  else if (c === '+') q = { min: 1, length: 1 };
  else if (c === '{') {
    const m = /^\{(\d+)(?:,\d*)?\}/.exec(s);
    if (!m) return undefined;
    q = { min: Number(m[1]), length: m[0].length };
  } else return { min: 1, length: 0 };
  // A lazy quantifier matches the same starts.
  if (s[q.length] === '?') q.length++;
  return q;
}

/** The alternatives of a group's body without its `?:` or `?<name>`; undefined for a lookaround or anything else. */
function groupBody(body: string): string | undefined {
  if (!body.startsWith('?')) return body;
  if (body.startsWith('?:')) return body.slice(2);
  const named = /^\?<([A-Za-z_$][\w$]*)>/.exec(body);
  return named ? body.slice(named[0].length) : undefined;
}

/** The index of the `)` closing the group opened at `open`, or -1. */
function closingParen(s: string, open: number): number {
  let depth = 0;
  let inClass = false;
  for (let j = open; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j;
  }
  return -1;
}

/** The top-level alternatives of a source; undefined when its parentheses do not balance. */
export function splitAlternatives(s: string): string[] | undefined {
  const out: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let j = 0; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')' && --depth < 0) return undefined;
    else if (c === '|' && depth === 0) {
      out.push(s.slice(start, j));
      start = j + 1;
    }
  }
  if (depth !== 0 || inClass) return undefined;
  out.push(s.slice(start));
  return out;
}

/**
 * A pattern matching where any of `prefixes` begins (after a word boundary), written as a trie: alternatives
 * grouped by their first character, shared beginnings written once, so a position fails after a character or two
 * instead of after trying every prefix. A prefix that another one begins with is left out (the shorter one
 * already matches there).
 */
export function prefixTrieSource(prefixes: readonly string[]): string {
  // In sorted order the strings beginning with a prefix come right after it.
  const kept: string[] = [];
  for (const p of [...new Set(prefixes)].sort()) if (kept.length === 0 || !p.startsWith(kept[kept.length - 1]!)) kept.push(p);
  return `\\b(?:${trie(kept)})`;
}

function trie(words: readonly string[]): string {
  const byFirst = new Map<string, string[]>();
  for (const w of words) {
    const list = byFirst.get(w[0]!);
    if (list) list.push(w);
    else byFirst.set(w[0]!, [w]);
  }
  const parts: string[] = [];
  for (const group of byFirst.values()) {
    if (group.length === 1) {
      parts.push(escape(group[0]!));
      continue;
    }
    let common = group[0]!;
    for (const w of group) while (!w.startsWith(common)) common = common.slice(0, -1);
    parts.push(`${escape(common)}(?:${trie(group.map((w) => w.slice(common.length)))})`);
  }
  return parts.join('|');
}

const escape = (s: string) => s.split(SEP).join('\\s+');
