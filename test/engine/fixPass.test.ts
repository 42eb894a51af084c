/**
 * FixPass (shared/src/fix.ts), the choice of fixes in one fix-all pass: a fix is taken unless its edits touch the
 * text of a fix already taken, or it writes a key of an object that one already taken writes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FixPass } from '../../shared/src/fix';
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
});
