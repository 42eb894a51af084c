/**
 * description-too-short's "only restates the name" (restatedNameWords) reads the description one word at a time
 * and stops at the first word the name lacks. It must answer as the version it replaced, which split the whole
 * description with textWords first. Compared on every (name, description) pair of the shared corpus, the
 * fuzzer's hostile strings, Unicode whose lower case changes a word's boundaries, and 100,000 seeded
 * descriptions made of the name's own words, filler words and other words (so that many restate the name).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { FILLER_WORDS, restatedNameWords } from '../../shared/src/analysis/descriptions';
import { identWords, singular, stem, textWords } from '../../shared/src/text';
import { corpusDir, corpusFiles } from '../../tools/corpus';
import { HOSTILE_STRINGS, rng } from '../fuzz/fuzz';

/** The version restatedNameWords replaced: every word of the description first, then the same test. */
function reference(description: string, name: string): string[] | undefined {
  const nameWords = new Set<string>();
  for (const w of identWords(name)) nameWords.add(stem(singular(w)));
  if (nameWords.size === 0) return undefined;
  const content: string[] = [];
  for (const w of textWords(description)) {
    if (FILLER_WORDS.has(w)) continue;
    if (!/^\p{L}+$/u.test(w)) return undefined;
    if (!nameWords.has(stem(singular(w)))) return undefined;
    content.push(w);
  }
  return content.length > 0 ? content : undefined;
}

function corpusPairs(): [string, string][] {
  const dir = corpusDir();
  if (!existsSync(dir)) return [];
  const out: [string, string][] = [];
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      if (typeof o.name === 'string' && typeof o.description === 'string') out.push([o.name, o.description]);
      for (const x of Object.values(o)) walk(x);
    }
  };
  for (const f of corpusFiles(dir)) {
    try {
      walk(JSON.parse(readFileSync(f, 'utf8')));
    } catch {
      // not JSON: no pairs from it
    }
  }
  return out;
}

/**
 * Each pair's answer against the reference's. The answers of a batch are computed before its references: the
 * reference's textWords resets the pattern the two share, which would hide a call that leaves it mid-text.
 */
function compare(pairs: Iterable<[string, string]>): { checked: number; restated: number } {
  let checked = 0;
  let restated = 0;
  let batch: [string, string][] = [];
  const flush = () => {
    const got = batch.map(([name, description]) => restatedNameWords(description, name));
    batch.forEach(([name, description], i) => {
      const want = reference(description, name);
      assert.deepEqual(got[i], want, JSON.stringify([name, description]));
      checked++;
      if (want) restated++;
    });
    batch = [];
  };
  for (const pair of pairs) {
    batch.push(pair);
    if (batch.length === 1000) flush();
  }
  flush();
  return { checked, restated };
}

describe('restatedNameWords answers as the whole-description split it replaced', () => {
  it('on the corpus, the hostile strings and Unicode whose lower case changes word boundaries', (t) => {
    const names = ['get_weather', 'list_orders', 'İstanbul_search', 'read_file', 'x'];
    const texts = [
      'Gets the weather.',
      'Get weather',
      'Lists the orders, simply.',
      'İstanbul search',
      'İSTANBUL searches',
      'Read the file. 2 files',
      'The K\u212Aelvin weather', // the Kelvin sign lower-cases to k
      'weather\u0130 weather',
      '',
      ' the the tool ',
      ...HOSTILE_STRINGS,
    ];
    const pairs: [string, string][] = [...corpusPairs()];
    for (const n of names) for (const d of texts) pairs.push([n, d]);
    const r = compare(pairs);
    t.diagnostic(`${r.checked} pairs, ${r.restated} restating the name`);
    assert.ok(r.restated > 0, 'some descriptions restate the name');
  });

  it('on 100,000 seeded descriptions of name words, filler words and others, one after another', (t) => {
    // One after another: a call that stops early must not leave the shared pattern's position for the next.
    const nameWords = ['get', 'weather', 'orders', 'order', 'reading', 'files', 'user', 'profile'];
    const others = ['forecast', 'city', '2024', 'x1', 'données', 'İ', 'K\u212A', "user's", 'it’s'];
    const fillers = [...FILLER_WORDS].slice(0, 40);
    const seps = [' ', ' ', ', ', '. ', '\n', '_', '-', "'"];
    const random = rng(5);
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)]!;
    function* pairs(): Generator<[string, string]> {
      for (let n = 0; n < 100_000; n++) {
        const own = [pick(nameWords), pick(nameWords)];
        const name = own.join(pick(['_', '', '-']));
        // The name's own words, as written or in another form ("orders" for order, "reading" for read).
        const forms = [...own, ...own.map((w) => w + 's'), ...own.map((w) => w + 'ing'), pick(nameWords)];
        const parts: string[] = [];
        const len = Math.floor(random() * 6);
        for (let k = 0; k < len; k++) {
          const c = random();
          let w = c < 0.5 ? pick(forms) : c < 0.95 ? pick(fillers) : pick(others);
          if (random() < 0.2) w = w.toUpperCase();
          parts.push(w, pick(seps));
        }
        yield [name, parts.join('')];
      }
    }
    const r = compare(pairs());
    t.diagnostic(`${r.checked} pairs, ${r.restated} restating the name`);
    assert.ok(r.restated > 10_000, `${r.restated} restating`);
    assert.ok(r.checked - r.restated > 10_000, `${r.checked - r.restated} not restating`);
  });
});
