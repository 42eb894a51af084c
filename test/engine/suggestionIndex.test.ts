/**
 * description-sibling-unknown's SuggestionIndex against the scan it replaced (every name, per mention): the same
 * suggestion for seeded random names and mentions, with separators, case differences and ties.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { distance } from 'fastest-levenshtein';
import { SuggestionIndex } from '../../shared/src/rules/description-sibling-unknown';
import { rng } from '../fuzz/fuzz';

/** The former suggest(): a pass over every name per mention. */
function reference(mention: string, names: readonly string[], self: string | undefined): string | undefined {
  const lower = mention.toLowerCase();
  const candidates: string[] = [];
  const suffixed = new Set<string>();
  for (const n of names) {
    if (n === self) continue;
    const l = n.toLowerCase();
    if (l.length > lower.length && l.endsWith(lower) && /[_.\-]/.test(l[l.length - lower.length - 1]!)) suffixed.add(n);
    if (Math.abs(n.length - mention.length) <= 3 && candidates.length < 500) candidates.push(n);
  }
  if (suffixed.size > 0) return suffixed.size === 1 ? [...suffixed][0] : undefined;
  if (candidates.length === 0) return undefined;
  const limit = Math.min(3, Math.max(1, Math.floor(mention.length / 4)));
  let best: string | undefined;
  let bestDistance = Infinity;
  let tie = false;
  for (const c of new Set(candidates)) {
    const d = distance(mention, c);
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
      tie = false;
    } else if (d === bestDistance) tie = true;
  }
  return best !== undefined && !tie && bestDistance <= limit ? best : undefined;
}

describe('SuggestionIndex', () => {
  it('suggests what a scan of every name suggests (seeded, 20,000 mentions)', () => {
    const random = rng(7);
    const word = (alphabet: string, max: number) => Array.from({ length: 1 + Math.floor(random() * max) }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
    let suggested = 0;
    for (let set = 0; set < 400; set++) {
      const alphabet = random() < 0.5 ? 'abAB_.-é1' : 'getordxyz_';
      const names = [...new Set(Array.from({ length: Math.floor(random() * 40) }, () => word(alphabet, 12)))];
      const index = new SuggestionIndex(names);
      for (let k = 0; k < 50; k++) {
        const from = names.length > 0 && random() < 0.5 ? names[Math.floor(random() * names.length)]! : undefined;
        // Mentions near a name (an edit or two, a dropped prefix) as often as random ones.
        let mention = word(alphabet, 12);
        if (from && random() < 0.6) mention = random() < 0.5 ? from.slice(Math.floor(random() * from.length)) : from.slice(0, -1) + word(alphabet, 2);
        const self = names.length > 0 && random() < 0.3 ? names[Math.floor(random() * names.length)] : undefined;
        const want = reference(mention, names, self);
        assert.equal(index.suggest(mention, self), want, `mention ${JSON.stringify(mention)} self ${JSON.stringify(self)} names ${JSON.stringify(names)}`);
        if (want !== undefined) suggested++;
      }
    }
    // The generator must exercise suggestions, not only their absence.
    assert.ok(suggested > 2000, `${suggested} suggestions`);
  });

  it('over 500 names of similar length: the first 500 of the file are the candidates, as before', () => {
    const names = Array.from({ length: 1200 }, (_, i) => `tool_${String(i).padStart(4, '0')}`);
    const index = new SuggestionIndex(names);
    for (const mention of ['tool_0007x', 'tool_1100x', 'tool_0499', 'tool_0500']) assert.equal(index.suggest(mention, undefined), reference(mention, names, undefined), mention);
  });
});
