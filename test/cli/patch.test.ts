/**
 * The patch of `--fix-dry-run` (server/src/cli/patch.ts): jsdiff's own diff while it is small, one hunk from the
 * first changed line to the last past 2,000 changed lines. Either way, jsdiff's applyPatch turns the text before
 * into the text after, for random line edits, texts with and without a last line break, and empty texts.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyPatch, parsePatch, formatPatch } from 'diff';
import { fixPatch, oneHunkPatch } from '../../server/src/cli/patch';

const line = fc.constantFrom('{', '}', '  "a": 1,', '  "b": "x",', '', '    "type": "string"', '\t"c": true');
const text = fc.tuple(fc.array(line, { maxLength: 30 }), fc.boolean()).map(([ls, eol]) => ls.join('\n') + (eol && ls.length > 0 ? '\n' : ''));
/** A text and another made from it by replacing, inserting and deleting lines, and maybe the last line break. */
const pair = fc.tuple(text, fc.array(fc.tuple(fc.nat(), fc.nat({ max: 3 }), fc.array(line, { maxLength: 3 })), { maxLength: 6 }), fc.boolean()).map(([before, ops, flipEol]) => {
  const ls = before.split('\n');
  for (const [at, del, ins] of ops) ls.splice(at % (ls.length + 1), del, ...ins);
  let after = ls.join('\n');
  if (flipEol) after = after.endsWith('\n') ? after.slice(0, -1) : `${after}\n`;
  return [before, after] as const;
});

describe('--fix-dry-run patch', () => {
  it('applies to the text before and gives the text after, from jsdiff and as one hunk', () => {
    fc.assert(
      fc.property(pair, ([before, after]) => {
        assert.equal(applyPatch(before, fixPatch('a.tool.json', before, after)), after);
        const one = formatPatch(oneHunkPatch('a.tool.json', before, after));
        assert.equal(applyPatch(before, one), after, one);
        assert.ok(parsePatch(one)[0]!.hunks.length <= 1);
      }),
      { numRuns: 2000, seed: 3 },
    );
  });

  it('past 2,000 changed lines, one hunk from the first change to the last, with two lines of context', () => {
    const before = ['{', ...Array.from({ length: 3000 }, (_, i) => `  "p${i}": { "type": "int" },`), '  "end": 1', '}', ''].join('\n');
    const after = before.replace(/"int"/g, '"integer"');
    const patch = fixPatch('big.tool.json', before, after);
    const hunks = parsePatch(patch)[0]!.hunks;
    assert.equal(hunks.length, 1);
    assert.deepEqual([hunks[0]!.oldStart, hunks[0]!.oldLines, hunks[0]!.newStart, hunks[0]!.newLines], [1, 3003, 1, 3003]);
    assert.equal(hunks[0]!.lines[0], ' {');
    assert.equal(hunks[0]!.lines.at(-1), ' }');
    assert.equal(applyPatch(before, patch), after);
    // A small change keeps jsdiff's hunks.
    const small = before.replace('"p10": { "type": "int" }', '"p10": { "type": "integer" }').replace('"p2000": { "type": "int" }', '"p2000": { "type": "integer" }');
    assert.equal(parsePatch(fixPatch('big.tool.json', before, small))[0]!.hunks.length, 2);
  });

  it('a line break in the file name is escaped in the headers: the name cannot add lines to the patch', () => {
    const patch = fixPatch('x\n+++ b:other.tool.json\n@@ -1 +1 @@.tool.json', '{"a": 1}\n', '{"a": 2}\n');
    assert.equal(parsePatch(patch).length, 1);
    assert.ok(patch.split('\n').every((l) => !l.startsWith('+++ b:other')), patch);
    assert.match(patch, /^Index: x\\u000a\+\+\+ b:other\.tool\.json\\u000a@@ -1 \+1 @@\.tool\.json$/m);
    assert.equal(applyPatch('{"a": 1}\n', patch), '{"a": 2}\n');
  });
});
