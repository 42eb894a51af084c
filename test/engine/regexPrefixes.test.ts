/**
 * The literal prefixes of a pattern (shared/src/analysis/regexPrefixes.ts) must be sound: every match begins with
 * one of them, so a gate built from them never hides a match. Checked on hand-written constructs and on random
 * patterns of the grammar the reader understands (words, groups, alternatives, quantifiers, lookarounds, `\s+`),
 * each against random texts of the same words.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { literalPrefixes, prefixTrieSource } from '../../shared/src/analysis/regexPrefixes';

/** Every index where `source` matches in `text` is one where the gate of its prefixes matches. */
function assertSound(source: string, text: string): void {
  const prefixes = literalPrefixes(source);
  if (!prefixes) return; // no gate: nothing hidden
  const gate = new RegExp(prefixTrieSource(prefixes).replace(/^\\b/, ''), 'y');
  for (const m of text.matchAll(new RegExp(source, 'g'))) {
    if (m[0] === '') continue;
    gate.lastIndex = m.index;
    assert.ok(gate.test(text), `${JSON.stringify(source)} matches ${JSON.stringify(m[0])} at ${m.index} of ${JSON.stringify(text)}; prefixes ${JSON.stringify(prefixes)}`);
  }
}

describe('literal prefixes of a pattern (the gate of description-injection)', () => {
  it('reads words, alternatives, optional parts, quantified letters and lookarounds', () => {
    assert.deepEqual(literalPrefixes('\\bignore\\s+previous'), ['ignore previous']);
    assert.deepEqual(literalPrefixes('\\b(?:ignore|disregard)\\s+(?:all\\s+)?rules'), ['ignore all', 'ignore rules', 'disregard all', 'disregard rules']);
    assert.deepEqual(literalPrefixes('\\btokens?\\b'), ['token']);
    assert.deepEqual(literalPrefixes('\\bdon[\'’]t\\s+tell'), ['don']);
    assert.deepEqual(literalPrefixes('\\bskip(?<!\\bnot\\s+skip)\\s+the'), ['skip']);
    assert.deepEqual(literalPrefixes('\\b(?:(?:full|entire)\\s+)?(?:text|contents?)'), ['full', 'entire', 'text', 'content']);
    assert.deepEqual(literalPrefixes('(?=x)\\ba+b'), ['a']);
    assert.deepEqual(literalPrefixes('\\bx?yz'), ['x', 'yz']);
    assert.deepEqual(literalPrefixes('\\bone\\s+two\\s+three'), ['one two'], 'two words at most');
    assert.deepEqual(literalPrefixes('\\b(?<name>ab|cd)e'), ['abe', 'cde']);
    assert.deepEqual(literalPrefixes('\\b(?:ab)+c'), ['ab']);
    assert.deepEqual(literalPrefixes('\\b(?:ab)??c'), ['ab', 'c']);
  });

  it('gives no prefixes for what it does not read, or where a match can begin with anything', () => {
    for (const source of ['\\b[a-z]+', '\\b\\w+\\s+now', '.*ignore', '\\b(?:ignore|\\d+)', '\\b(?i:ab)', '', '\\b', '\\b(?:ab|)', 'Ignore', '\\b(?:a', '\\bab\\s*cd(']) {
      const p = literalPrefixes(source);
      assert.ok(p === undefined || !p.includes(''), `${JSON.stringify(source)}: ${JSON.stringify(p)}`);
    }
    assert.equal(literalPrefixes('\\b[a-z]+'), undefined);
    assert.deepEqual(literalPrefixes('\\b(?:ab|)c'), ['abc', 'c'], 'an empty alternative: what follows the group');
  });

  it('the trie matches where a kept prefix begins, and nowhere else', () => {
    const prefixes = ['do', 'do not', 'document', 'the user', 'the system', 'tell', 'a'];
    const gate = new RegExp(`^(?:${prefixTrieSource(prefixes).slice(2)})`);
    for (const yes of ['do', 'dog', 'do not', 'the user x', 'the  system', 'tell me', 'a', 'abc']) assert.ok(gate.test(yes), yes);
    for (const no of ['d', 'the', 'the users'.slice(0, 7), 'tel', 'b', 'th user']) assert.ok(!gate.test(no), no);
  });

  it('is sound on random patterns of the grammar it reads, against random texts of their words', () => {
    const word = fc.constantFrom('ab', 'abc', 'b', 'ca', 'cab', 'x', 'xy');
    // Patterns as source text, built from the constructs literalPrefixes reads (and some it gives up on).
    const pattern: fc.Arbitrary<string> = fc.letrec<{ seq: string; atom: string; alt: string }>((tie) => ({
      atom: fc.oneof(
        { weight: 4, arbitrary: word },
        { weight: 1, arbitrary: fc.tuple(word, fc.constantFrom('?', '*', '+', '{2}', '??')).map(([w, q]) => w + q) },
        { weight: 2, arbitrary: fc.tuple(tie('alt'), fc.constantFrom('', '', '?', '*', '+', '{1,2}', '??')).map(([a, q]) => `(?:${a})${q}`) },
        { weight: 1, arbitrary: fc.constantFrom('\\s+', '\\s+', '\\s*', '\\b', '[ab]', '\\w', '(?=a)', '(?!b)', '(?<=a)', '(?<!x)') },
      ),
      seq: fc.array(tie('atom'), { minLength: 1, maxLength: 4 }).map((a) => a.join('')),
      alt: fc.array(tie('seq'), { minLength: 1, maxLength: 3 }).map((a) => a.join('|')),
    })).alt;
    const text = fc.array(fc.constantFrom('ab', 'abc', 'b', 'ca', 'cab', 'x', 'xy', ' ', '  ', '\n', 'a', 'c', 'y'), { maxLength: 12 }).map((a) => a.join(''));
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 5 }), (source, texts) => {
        const src = `\\b(?:${source})`;
        for (const t of texts) assertSound(src, t);
      }),
      { numRuns: 3000, seed: 17 },
    );
  });
});
