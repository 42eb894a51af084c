/**
 * A case-insensitive regular expression run as a case-sensitive one on the lower-cased text.
 *
 * Why: V8 compiles a large pattern with the `i` flag two to three times as slowly as the same pattern without it
 * (each letter gets its case equivalents), and compiles it twice: to bytecode on its first use, to machine code on
 * its second. description-when-missing's usage cues and description-injection's combined patterns cost some 170
 * million instructions that way in every process that lints a tool, about a third of what the CLI's start-up adds
 * to Node's own; without the flag, about 60% less (see the README, Performance).
 *
 * Why it finds what the `i` pattern finds: without the `u` flag, `i` matches a character of the text to a letter of
 * the pattern when both upper-case to the same character, and never an ASCII letter to a character outside ASCII
 * (ECMA-262, Canonicalize). So for a pattern whose letters are lower-case ASCII (its classes written `[A-Za-z]` or
 * without letters), upper-casing is the same as lower-casing the ASCII letters of the text. `toLowerCase` does more:
 * it also lower-cases letters outside ASCII, which no such pattern can tell apart (they are not `\w` either way),
 * except two that it turns into ASCII: U+0130 (İ, into "i" and a combining dot, two code units) and U+212A (the Kelvin
 * sign, into "k"). The `i` pattern matches neither to an ASCII letter (each upper-cases to itself), so lowerCaseOf
 * leaves both as written. Every other character keeps its length, so indices in the lower-cased text are indices
 * in the text.
 *
 * `test/engine/caseless.test.ts` compares both on the corpus, hostile strings and seeded strings of mixed case.
 */

/**
 * The source of every CaselessRegExp made in this process, for the test of their letters. Make them once, at module
 * level, as regular expression literals are: each one made adds its source here.
 */
export const CASELESS_SOURCES: string[] = [];

/** The two characters whose lower case is or contains ASCII. */
const LOWERS_TO_ASCII = /[\u0130\u212A]/;
const NOT_LOWERS_TO_ASCII = /[^\u0130\u212A]+/g;

/**
 * The text lower-cased for a CaselessRegExp's scan, index for index: U+0130 and U+212A are kept as written (the `i`
 * pattern matches them to no ASCII letter, as the lower-cased scan then does not either; lower-cased, the first
 * would also take two code units).
 */
export function lowerCaseOf(text: string): string {
  return LOWERS_TO_ASCII.test(text) ? text.replace(NOT_LOWERS_TO_ASCII, (run) => run.toLowerCase()) : text.toLowerCase();
}

export class CaselessRegExp {
  /** The pattern without `i`, for the lower-cased text. */
  private readonly lower: RegExp;

  /**
   * @param source a pattern whose letters are lower-case ASCII, except in `A-Z` ranges (see uncaselessLetter).
   * @param flags its flags without `i` and without `u` (under `u`, `i` folds ſ into s and the Kelvin sign into k),
   *   nor `g` or `y`.
   */
  constructor(
    readonly source: string,
    readonly flags = '',
  ) {
    if (/[iuvgy]/.test(flags)) throw new Error(`CaselessRegExp: flags "${flags}" (no i, u, v, g or y)`);
    // The letters are checked by test/engine/caseless.test.ts (uncaselessLetter on every source made so far), not
    // here: reading the sources a character at a time cost about 25 million instructions of every start.
    CASELESS_SOURCES.push(source);
    this.lower = new RegExp(source, flags);
  }

  /**
   * What `new RegExp(source, flags + 'i').exec(text)` returns, except the groups: `[0]` and `index` are the
   * text's; the groups hold the lower-cased text (use them to know which matched, or slice the text).
   */
  exec(text: string): RegExpExecArray | null {
    return this.execLowered(text, lowerCaseOf(text));
  }

  /** exec(text), given lowerCaseOf(text) (several scans of one text lower-case it once). */
  execLowered(text: string, lowered: string): RegExpExecArray | null {
    const m = this.lower.exec(lowered);
    if (m) m[0] = text.slice(m.index, m.index + m[0].length);
    return m;
  }

  test(text: string): boolean {
    return this.lower.test(lowerCaseOf(text));
  }
}

/**
 * A letter of `source` that the lower-cased text could not match as the `i` pattern does, if any: an upper-case
 * ASCII letter, or any letter outside ASCII that has a case (`σ` would not match `ς`; with `i` both upper-case to
 * `Σ`). Escapes are read for the character they stand for (`\x41` is `A`); the others (`\S`, `\B`, `\W`, `\D`,
 * `\p{L}`) and `A-Z` ranges are not letters of the text.
 */
export function uncaselessLetter(source: string): string | undefined {
  const literal = source.replace(/\\(?:x([0-9A-Fa-f]{2})|u\{([0-9A-Fa-f]+)\}|u([0-9A-Fa-f]{4})|[pP]\{[^}]*\}|c[A-Za-z]|k<[^>]*>|.)|A-Z/gs, (_m, x?: string, braced?: string, u?: string) => {
    const hex = x ?? braced ?? u;
    return hex === undefined ? '' : String.fromCodePoint(Math.min(parseInt(hex, 16), 0x10ffff));
  });
  for (const c of literal) {
    if (c >= 'A' && c <= 'Z') return c;
    if (c > '\x7f' && c.toLowerCase() !== c.toUpperCase()) return c;
  }
  return undefined;
}
