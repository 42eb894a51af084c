/** cutText (server/src/eval/host.ts): what the results record of long text never ends in half an emoji. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cutText } from '../../server/src/eval/host';

describe('cutText', () => {
  it('cuts at n code units, one fewer when that would split a surrogate pair; short text is kept', () => {
    const emoji = '😀'.repeat(1500); // 3,000 code units
    assert.equal(cutText(emoji, 2000), '😀'.repeat(1000));
    assert.equal(cutText(`a${emoji}`, 2000), `a${'😀'.repeat(999)}`);
    assert.equal(cutText('abc', 2000), 'abc');
    assert.equal(cutText('x'.repeat(2001), 2000).length, 2000);
    for (let n = 1; n < 40; n++) assert.doesNotMatch(cutText(`a${emoji}`, n), /[\ud800-\udbff]$/, String(n));
  });
});
