/** ToolDocument's offset ↔ position mapping, for each line-ending style (LSP counts \n, \r\n and \r as line breaks). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ToolDocument } from '../../shared/src/document';

const doc = (text: string) => new ToolDocument('file:///d.tool.json', text);

describe('ToolDocument positions', () => {
  it('LF: offsets on, before and after each line break', () => {
    const d = doc('{\n  "a": 1\n}\n');
    assert.deepEqual(d.positionAt(0), { line: 0, character: 0 });
    assert.deepEqual(d.positionAt(1), { line: 0, character: 1 }); // the \n itself ends line 0
    assert.deepEqual(d.positionAt(2), { line: 1, character: 0 });
    assert.deepEqual(d.positionAt(4), { line: 1, character: 2 }); // the opening quote of "a"
    assert.deepEqual(d.positionAt(11), { line: 2, character: 0 }); // }
    assert.deepEqual(d.positionAt(13), { line: 3, character: 0 }); // end of text, after the last \n
    assert.equal(d.offsetAt({ line: 1, character: 2 }), 4);
    assert.equal(d.offsetAt({ line: 1, character: 99 }), 11, 'clamped to the start of the next line');
    assert.equal(d.offsetAt({ line: 9, character: 0 }), 13, 'past the last line: end of text');
  });

  it('CRLF, CR alone and mixed endings: \\r\\n is one break', () => {
    const crlf = doc('{\r\n  "a": 1\r\n}');
    assert.deepEqual(crlf.positionAt(3), { line: 1, character: 0 });
    assert.deepEqual(crlf.positionAt(5), { line: 1, character: 2 });
    assert.deepEqual(crlf.positionAt(13), { line: 2, character: 0 });
    assert.equal(crlf.offsetAt({ line: 2, character: 0 }), 13);

    const mixed = doc('[\r1,\n2,\r\n3]');
    assert.deepEqual(mixed.positionAt(2), { line: 1, character: 0 }); // after \r
    assert.deepEqual(mixed.positionAt(5), { line: 2, character: 0 }); // after \n
    assert.deepEqual(mixed.positionAt(9), { line: 3, character: 0 }); // after \r\n
    assert.deepEqual(mixed.rangeOf(9, 2), { start: { line: 3, character: 0 }, end: { line: 3, character: 2 } });
  });

  it('a text without line breaks is one line', () => {
    const d = doc('[1, 2]');
    assert.deepEqual(d.positionAt(5), { line: 0, character: 5 });
    assert.equal(d.offsetAt({ line: 0, character: 3 }), 3);
  });
});
