/**
 * applyEdits (shared/src/fixes/edits.ts) gives what jsonc-parser's applyEdits gives, text or "Overlapping edit",
 * for random texts and edits: inserts at one offset, replacements, edits past the end, overlaps.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyEdits as jsoncApplyEdits } from 'jsonc-parser';
import { applyEdits, type TextEdit } from '../../shared/src/fixes/edits';

const outcome = (f: () => string): string => {
  try {
    return `ok:${f()}`;
  } catch (e) {
    return `throws:${(e as Error).message}`;
  }
};

describe('applyEdits', () => {
  it('matches jsonc-parser on random edits (8 to 40 of them, where the one-pass path runs)', () => {
    const edit = (len: number) => fc.record({ offset: fc.nat({ max: len + 2 }), length: fc.nat({ max: 4 }), content: fc.string({ maxLength: 5 }) });
    const random = fc.string({ minLength: 0, maxLength: 60 }).chain((text) => fc.tuple(fc.constant(text), fc.array(edit(text.length), { minLength: 8, maxLength: 40 })));
    // Edits that do not overlap by construction (gaps of 0 to 3 characters, inserts at one offset included), shuffled.
    const disjoint = fc
      .tuple(fc.string({ minLength: 40, maxLength: 120 }), fc.array(fc.tuple(fc.nat({ max: 3 }), fc.nat({ max: 3 }), fc.string({ maxLength: 5 })), { minLength: 8, maxLength: 30 }), fc.nat())
      .map(([text, steps, seed]): [string, TextEdit[]] => {
        let pos = 0;
        const edits = steps.map(([gap, length, content]) => {
          const e = { offset: pos + gap, length, content };
          pos = e.offset + length;
          return e;
        });
        const shuffled = edits.map((e, i) => [((i + 1) * (seed + 7919)) % 104729, e] as const).sort((a, b) => a[0] - b[0]).map(([, e]) => e);
        return [text, shuffled];
      });
    const arb = fc.oneof(random, disjoint);
    let applied = 0;
    fc.assert(
      fc.property(arb, ([text, edits]: [string, TextEdit[]]) => {
        const expected = outcome(() => jsoncApplyEdits(text, edits));
        if (expected.startsWith('ok:')) applied++;
        assert.equal(outcome(() => applyEdits(text, edits)), expected);
      }),
      { numRuns: 3000, seed: 7 },
    );
    assert.ok(applied > 100, `only ${applied} cases applied without overlap`);
  });

  it('applies non-overlapping edits, inserts at one offset in their order', () => {
    // 0 to 4 inserted at 2; 5 to 9 at 11 to 15 (before l, m, n, o, p).
    const edits: TextEdit[] = Array.from({ length: 10 }, (_, i) => ({ offset: i < 5 ? 2 : 6 + i, length: 0, content: String(i) }));
    assert.equal(applyEdits('abcdefghijklmnopqrstuvwxyz', edits), 'ab01234cdefghijk5l6m7n8o9pqrstuvwxyz');
  });
});
