/**
 * CaselessRegExp (shared/src/analysis/caseless.ts): a case-insensitive pattern run without the `i` flag on the
 * lower-cased text must give what the pattern with `i` gives: the same index and the same matched text (taken
 * from the text as written), on the corpus, hostile strings and seeded strings of the patterns' own words in
 * mixed case, with the characters whose case mappings leave or enter ASCII (İ, ı, the Kelvin sign, ſ, ẞ, σ/ς/Σ).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CASELESS_SOURCES, CaselessRegExp, lowerCaseOf, uncaselessLetter } from '../../shared/src/analysis/caseless';
import { RULES } from '../../shared/src/rules';
import { INJECTION_DISPATCH_GATE, INJECTION_DISPATCHED, INJECTION_PATTERNS, USAGE_CUE_SOURCE, injectionCaselessSources } from '../../shared/src/analysis/descriptions';
import { corpusStrings } from '../../tools/corpus';
import { HOSTILE_STRINGS, wordSoup } from '../fuzz/fuzz';
import { readFileSync } from 'node:fs';
import { appendAll } from '../../shared/src/text';

/** The sources of the engine's CaselessRegExps, made when its modules loaded (before this file makes its own). */
const ENGINE_SOURCES = [...CASELESS_SOURCES];

/**
 * The injection patterns with the `i` flag, combined in scans as descriptions.ts made them before it dispatched most
 * of them one by one (injectionCaselessSources): each runs on the lower-cased text either way.
 */
const INJECTION_CASELESS_SOURCES = injectionCaselessSources();
const SOURCES: Record<string, string> = { 'usage cues': USAGE_CUE_SOURCE, ...Object.fromEntries(INJECTION_CASELESS_SOURCES.map((s, i) => [`injection patterns ${i + 1}`, s])) };

/** Characters around ASCII letters' case: each maps into ASCII, out of it, or not at all, by case. */
const ODD = ['\u0130', '\u0131', '\u212A', '\u017F', '\u1E9E', '\u00DF', '\u03A3', '\u03C3', '\u03C2', '\u00C9', '\u00E9', 'I', 'K', 'S', '\uD801\uDC00', '\uD800'];

function compare(source: string, strings: Iterable<string>): { checked: number; hits: number } {
  const caseless = new CaselessRegExp(source);
  const withFlag = new RegExp(source, 'i');
  let checked = 0;
  let hits = 0;
  for (const s of strings) {
    const want = withFlag.exec(s);
    const got = caseless.exec(s);
    assert.deepEqual(got && { index: got.index, text: got[0] }, want && { index: want.index, text: want[0] }, JSON.stringify(s));
    assert.equal(caseless.test(s), want !== null, JSON.stringify(s));
    checked++;
    if (want) hits++;
  }
  return { checked, hits };
}

function seeded(source: string, seed: number, count: number): Iterable<string> {
  return wordSoup([...new Set(source.match(/[a-z]{2,}/g) ?? [])], {
    seed,
    count,
    seps: [' ', ' ', ' ', '  ', ', ', '. ', '\n', ': ', "'", '’', ' - '],
    upper: 0.15,
    capital: 0.3,
    // One letter replaced by a character whose case mapping leaves or enters ASCII.
    alter: {
      below: 0.4,
      fn: (w, random) => {
        const at = Math.floor(random() * w.length);
        return w.slice(0, at) + ODD[Math.floor(random() * ODD.length)]! + w.slice(at + 1);
      },
    },
    inserts: [{ p: 0.05, from: HOSTILE_STRINGS }],
  });
}

/** The strings of the red-team sets' poisoned tools (test/fixtures/injection-cases.json): text the injection scans match. */
function attackStrings(): string[] {
  const out: string[] = [];
  const stack: unknown[] = (JSON.parse(readFileSync('test/fixtures/injection-cases.json', 'utf8')) as { expect: string; text: string }[]).filter((c) => c.expect === 'flag').map((c) => JSON.parse(c.text) as unknown);
  while (stack.length > 0) {
    const v = stack.pop();
    if (typeof v === 'string') out.push(v);
    else if (v && typeof v === 'object') appendAll(stack, Object.values(v));
  }
  return out;
}

describe('CaselessRegExp finds what the pattern with the i flag finds', () => {
  const corpus = corpusStrings();
  const attacks = attackStrings();
  for (const [label, source] of Object.entries(SOURCES)) {
    it(`${label}: on every string of the corpus and the hostile strings`, (t) => {
      const r = compare(source, [...corpus, ...attacks, ...HOSTILE_STRINGS, ...HOSTILE_STRINGS.map((h) => `Use it when the user asks. ${h}`)]);
      t.diagnostic(`${r.checked} strings, ${r.hits} matched`);
      assert.ok(r.hits > 0);
    });
    it(`${label}: on 100,000 seeded strings of its words in mixed case, with letters whose case leaves ASCII`, (t) => {
      // The red-team attacks too, upper-cased, and with one letter in ten replaced as the seeded words' are: the word
      // soup seldom makes the long phrases of the later injection patterns.
      const odd = attacks.map((a, k) => a.toUpperCase().replace(/[A-Z]/g, (c, at: number) => ((at + k) % 10 === 0 ? ODD[(at + k) % ODD.length]! : c)));
      const r = compare(source, [...seeded(source, label.length, 100_000), ...attacks.map((a) => a.toUpperCase()), ...odd]);
      t.diagnostic(`${r.checked} strings, ${r.hits} matched`);
      // A floor that shows the strings reach the patterns (a scan of a few patterns, the last part of a split one,
      // is matched less often than a whole one).
      assert.ok(r.hits > 20, `${r.hits} matched`);
    });
  }

  it('texts with İ or the Kelvin sign, whose lower case is ASCII, keep them as written in the lower-cased text', () => {
    assert.equal(lowerCaseOf('\u0130S \u212AEY Σ'), '\u0130s \u212Aey σ');
    assert.equal(lowerCaseOf('\u0130'.repeat(3)).length, 3);
    const re = new CaselessRegExp(String.raw`\bkey\b|\bis\b`);
    // "\u212Aey" lower-cases to "key", which the i pattern does not match (the Kelvin sign upper-cases to itself).
    assert.equal(re.exec('\u212Aey'), null);
    assert.equal(re.test('\u212Aey'), false);
    // "İs" lower-cases to "i̇s" (3 code units): no match, and the index of a later match is the text's own.
    const m = re.exec('\u0130s KEY');
    assert.deepEqual(m && [m.index, m[0]], [3, 'KEY']);
    // Without them: the matched text is as written, not lower-cased.
    const plain = re.exec('An Is');
    assert.deepEqual(plain && [plain.index, plain[0]], [3, 'Is']);
  });
});

describe('CaselessRegExp patterns are ones the lower-cased text can match', () => {
  it('every one the engine makes (its rules loaded)', (t) => {
    assert.ok(RULES.length > 0);
    const sources = [...new Set(ENGINE_SOURCES)];
    assert.ok(sources.includes(USAGE_CUE_SOURCE) && sources.includes(INJECTION_DISPATCH_GATE), 'the usage cues and the dispatch gate are among them');
    assert.ok(INJECTION_DISPATCHED.length > 50 && INJECTION_DISPATCHED.every((i) => sources.includes(INJECTION_PATTERNS[i]!.re.source)), 'and every dispatched injection pattern');
    // Every pattern with the `i` flag and no condition is in one of the combined scans of the test, once.
    INJECTION_PATTERNS.forEach((p, i) => {
      if (p.unlessConditional || p.re.flags !== 'i') return;
      assert.equal(INJECTION_CASELESS_SOURCES.filter((s) => s.includes(`(?<p${i}>${p.re.source})`)).length, 1, `pattern ${i}`);
    });
    for (const source of sources) assert.equal(uncaselessLetter(source), undefined, source.slice(0, 200));
    t.diagnostic(`${sources.length} patterns`);
  });

  it('upper-case ASCII letters and letters with a case outside ASCII, written or escaped', () => {
    assert.equal(uncaselessLetter('abc'), undefined);
    assert.equal(uncaselessLetter(String.raw`\S+\B\W\D\p{Lu}\P{L}\x60[A-Za-z]当用户’`), undefined);
    assert.equal(uncaselessLetter('abC'), 'C');
    assert.equal(uncaselessLetter(String.raw`a\x41`), 'A');
    assert.equal(uncaselessLetter(String.raw`\u00e9`), 'é');
    assert.equal(uncaselessLetter('σ'), 'σ');
    assert.equal(uncaselessLetter('[0-9A-F]'), 'A');
    assert.throws(() => new CaselessRegExp('sql', 'i'), /flags/);
    assert.throws(() => new CaselessRegExp('sql', 'u'), /flags/);
  });
});
