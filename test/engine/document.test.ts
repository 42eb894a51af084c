/** ToolDocument's offset ↔ position mapping, for each line-ending style (LSP counts \n, \r\n and \r as line breaks). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { ToolDocument, child, nodeAtPointer, pointerOf, propertyNode } from '../../shared/src/document';
import { hasLineBreak } from '../../shared/src/fixes/edits';

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
    assert.equal(d.offsetAt({ line: 1, character: 8 }), 10, 'the end of the line');
    assert.equal(d.offsetAt({ line: 1, character: 99 }), 10, 'past the end of the line: its end, before the break (LSP), not the next line');
    assert.equal(d.offsetAt({ line: 9, character: 0 }), 13, 'past the last line: end of text');
  });

  it('CRLF, CR alone and mixed endings: \\r\\n is one break', () => {
    const crlf = doc('{\r\n  "a": 1\r\n}');
    assert.deepEqual(crlf.positionAt(3), { line: 1, character: 0 });
    assert.deepEqual(crlf.positionAt(5), { line: 1, character: 2 });
    assert.deepEqual(crlf.positionAt(13), { line: 2, character: 0 });
    assert.equal(crlf.offsetAt({ line: 2, character: 0 }), 13);
    assert.equal(crlf.offsetAt({ line: 0, character: 2 }), 1, 'past the end of a line: before its \\r\\n');
    assert.equal(crlf.offsetAt({ line: 2, character: 99 }), 14, 'past the end of the last line: end of text');

    const mixed = doc('[\r1,\n2,\r\n3]');
    assert.deepEqual(mixed.positionAt(2), { line: 1, character: 0 }); // after \r
    assert.deepEqual(mixed.positionAt(5), { line: 2, character: 0 }); // after \n
    assert.deepEqual(mixed.positionAt(9), { line: 3, character: 0 }); // after \r\n
    assert.deepEqual(mixed.rangeOf(9, 2), { start: { line: 3, character: 0 }, end: { line: 3, character: 2 } });
    assert.deepEqual([0, 1, 2].map((line) => mixed.offsetAt({ line, character: 50 })), [1, 4, 7], 'before \\r, \\n and \\r\\n');
  });

  it('a text without line breaks is one line', () => {
    const d = doc('[1, 2]');
    assert.deepEqual(d.positionAt(5), { line: 0, character: 5 });
    assert.equal(d.offsetAt({ line: 0, character: 3 }), 3);
  });
});

describe('indexes of large containers (32 members or more)', () => {
  // A property's key and an array element's position are looked up through an index built once per large
  // container and kept on the node (a WeakMap kept young parse trees alive through minor GCs).
  const members = Array.from({ length: 40 }, (_, i) => `"k${i}": ${i}`);
  const text = `{"obj": {${members.join(', ')}, "k7": "last"}, "arr": [${Array.from({ length: 40 }, (_, i) => `{"i": ${i}}`).join(', ')}]}`;

  it('finds every key of a large object, the last of duplicate keys, and nothing for missing keys', () => {
    const d = doc(text);
    const obj = child(d.tree, 'obj')!;
    assert.equal(child(obj, 'k0')!.value, 0);
    assert.equal(child(obj, 'k39')!.value, 39);
    assert.equal(child(obj, 'k7')!.value, 'last', 'the last duplicate wins, as JSON.parse');
    assert.equal(propertyNode(obj, 'k40'), undefined);
    assert.equal(propertyNode(obj, '__proto__'), undefined);
  });

  it('gives the pointer of each element of a large array, in both orders of lookup', () => {
    const d = doc(text);
    const arr = child(d.tree, 'arr')!;
    assert.equal(pointerOf(arr.children![39]!), '/arr/39');
    assert.equal(pointerOf(arr.children![0]!), '/arr/0');
    assert.equal(pointerOf(child(arr.children![23], 'i')!), '/arr/23/i');
  });

  it('leaves no enumerable trace on the nodes (trees still compare and serialise as before)', () => {
    const a = doc(text);
    const b = doc(text);
    const arr = child(a.tree, 'arr')!;
    pointerOf(arr.children![5]!);
    child(child(a.tree, 'obj'), 'k3');
    assert.deepEqual(Object.keys(arr), Object.keys(child(b.tree, 'arr')!));
    assert.equal(JSON.stringify(arr, (k, v) => (k === 'parent' ? undefined : v)), JSON.stringify(child(b.tree, 'arr'), (k, v) => (k === 'parent' ? undefined : v)));
  });

  it('rebuilds an index when the container changed size (a tree edited in place)', () => {
    const d = doc(text);
    const obj = child(d.tree, 'obj')!;
    assert.equal(child(obj, 'k1')!.value, 1);
    const removed = obj.children!.splice(1, 1);
    assert.equal(propertyNode(obj, 'k1'), undefined, 'the removed key is gone from the index');
    obj.children!.push(removed[0]!);
    assert.equal(child(obj, 'k1')!.value, 1);
  });
});

describe('nodeAtPointer reads RFC 6901 pointers only', () => {
  it('"" is the root, "/0" the first element; "0", "/", "/00", "/+0" and "/ 1" name nothing', () => {
    const doc = new ToolDocument('file:///p.json', '[{"name":"a"},{"name":"b"},{"":"empty key"}]');
    assert.equal(nodeAtPointer(doc.tree, ''), doc.tree);
    assert.equal(nodeAtPointer(doc.tree, '/1/name')?.value, 'b');
    for (const p of ['0', '/', '/00', '/+0', '/ 1', '/1e0', '/-1']) assert.equal(nodeAtPointer(doc.tree, p), undefined, p);
    // The member "" of an object is "/2/" (found by an independent tester: "/" and "0" named the first tool).
    assert.equal(nodeAtPointer(doc.tree, '/2/')?.value, 'empty key');
  });
});

describe('ToolDocument.hasLineBreak', () => {
  it('answers as a scan of the range does, for every range of texts mixing \\n, \\r\\n and lone \\r', () => {
    let seed = 11;
    const rnd = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    const pieces = ['a', 'b', ' ', '\n', '\r\n', '\r'];
    let ranges = 0;
    for (let run = 0; run < 300; run++) {
      let text = '';
      for (let k = Math.floor(rnd() * 14); k > 0; k--) text += pieces[Math.floor(rnd() * pieces.length)];
      const d = doc(text);
      for (let from = -1; from <= text.length + 1; from++) {
        for (let to = from - 1; to <= text.length + 2; to++) {
          assert.equal(d.hasLineBreak(from, to), hasLineBreak(text, from, to), `${JSON.stringify(text)} [${from}, ${to})`);
          ranges++;
        }
      }
    }
    assert.ok(ranges > 10_000, `${ranges} ranges`);
  });
});
