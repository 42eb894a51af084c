/**
 * FixPass (shared/src/fix.ts), the choice of fixes in one fix-all pass: a fix is taken unless its edits touch the
 * text of a fix already taken, or it writes a key of an object that one already taken writes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FixPass, PassEdits } from '../../shared/src/fix';
import type { TextEdit } from '../../shared/src/fixes/edits';

const edit = (offset: number, length: number, writes?: { object: number; key: string }): TextEdit => ({ offset, length, content: 'x', ...(writes ? { writes } : {}) });

describe('FixPass', () => {
  it('takes fixes whose edits are apart, refuses one that touches or overlaps a taken edit', () => {
    const pass = new FixPass();
    assert.equal(pass.take([edit(10, 5)]), true);
    assert.equal(pass.take([edit(30, 0), edit(40, 2)]), true);
    assert.equal(pass.take([edit(12, 1)]), false, 'inside');
    assert.equal(pass.take([edit(15, 0)]), false, 'touching its end');
    assert.equal(pass.take([edit(50, 1), edit(41, 0)]), false, 'one of its edits overlaps: none is taken');
    assert.equal(pass.take([edit(50, 1)]), true, 'the refused fix took nothing');
  });

  it('refuses a second writer of one key of one object, wherever its text is; other keys and objects are free', () => {
    const pass = new FixPass();
    assert.equal(pass.take([edit(100, 23, { object: 40, key: 'additionalProperties' })]), true, 'a rename');
    assert.equal(pass.take([edit(200, 0, { object: 40, key: 'additionalProperties' })]), false, 'an insertion of the same key in the same object');
    assert.equal(pass.take([edit(210, 0, { object: 40, key: 'required' })]), true);
    assert.equal(pass.take([edit(220, 0, { object: 41, key: 'additionalProperties' })]), true, 'another object');
    assert.equal(pass.take([edit(230, 0), edit(240, 0, { object: 40, key: 'required' })]), false);
    assert.equal(pass.take([edit(230, 0)]), true, 'the refused fix took no text');
  });

  it('an edit list offered again (one fix handed to several findings) is refused without a new check, and so is one refused before', () => {
    const pass = new FixPass();
    const shared = [edit(10, 1), edit(20, 1)];
    assert.equal(pass.take(shared), true);
    assert.equal(pass.take(shared), false, 'the same list again');
    const refused = [edit(21, 1)];
    assert.equal(pass.take(refused), false);
    assert.equal(pass.take(refused), false, 'still refused');
    assert.equal(pass.take([edit(30, 1)]), true);
  });
});

/** The mapping PassEdits replaces: every edit looked at in order, for each offset. */
function offsetBeforeLinear(offset: number, edits: readonly TextEdit[]): number {
  let delta = 0;
  for (const e of [...edits].sort((a, b) => a.offset - b.offset)) {
    const start = e.offset + delta;
    if (offset < start) break;
    if (offset < start + e.content.length) return e.offset;
    delta += e.content.length - e.length;
  }
  return offset - delta;
}

describe('PassEdits', () => {
  /** A seeded generator (mulberry32), so a failure can be reproduced. */
  function random(seed: number): () => number {
    return () => {
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
  }

  it('maps every offset of the text after a pass back as the edit-by-edit walk does, for 2,000 seeded passes', () => {
    const rnd = random(7);
    const int = (n: number) => Math.floor(rnd() * n);
    for (let run = 0; run < 2000; run++) {
      // Non-overlapping edits (insertions, deletions, replacements; touching, or several insertions at one offset),
      // shuffled. Only insertions share an offset: an insertion and a replacement at one offset have an order
      // that sorting by offset does not keep, and a fix-all pass never holds them (FixPass refuses touching fixes).
      const edits: TextEdit[] = [];
      let at = int(3);
      for (let k = int(6); k > 0; k--) {
        const length = rnd() < 0.3 ? 0 : int(4);
        const prev = edits[edits.length - 1];
        if (prev && prev.offset === at && length > 0) at++;
        edits.push({ offset: at, length, content: 'y'.repeat(rnd() < 0.3 ? 0 : int(5)) });
        at += length + (rnd() < 0.2 ? 0 : int(4));
      }
      edits.sort(() => rnd() - 0.5);
      const sorted = [...edits].sort((a, b) => a.offset - b.offset);
      const size = at + 5;
      const after = size + sorted.reduce((n, e) => n + e.content.length - e.length, 0);
      const pass = new PassEdits(edits);
      for (let o = 0; o <= after; o++) {
        assert.equal(pass.offsetBefore(o), offsetBeforeLinear(o, sorted), `run ${run}, offset ${o}: ${JSON.stringify(sorted)}`);
      }
    }
  });

  it('maps the end of a range inside written text to the end of the text it replaced, and one before it to its start', () => {
    // "abcdefghij": "cd" (2..4) replaced by "XYZW", and "h" inserted before 7: "abXYZWefgHhij".
    const pass = new PassEdits([{ offset: 7, length: 0, content: 'H' }, { offset: 2, length: 2, content: 'XYZW' }]);
    assert.equal(pass.offsetBefore(3), 2, 'inside "XYZW": where the replaced text began');
    assert.equal(pass.endBefore(3), 4, 'an end inside "XYZW": where the replaced text ended');
    assert.equal(pass.endBefore(6), 4, 'the end of "XYZW"');
    assert.equal(pass.endBefore(2), 2, 'an end just before "XYZW" stays before it');
    assert.equal(pass.endBefore(8), 6, '"f" ends at 6');
    assert.equal(pass.endBefore(10), 7, 'the end of the inserted "H"');
    assert.equal(pass.endBefore(11), 8, 'after the insertion');
    assert.equal(pass.offsetBefore(11), 8);
  });
});
