/**
 * How an evaluation set's `"tools"` names its tool file, the same in the CLI (paths), the language server (URIs)
 * and `toolschema eval` (server/src/eval/evalSet.ts): `\` is a separator on every system, separators run together
 * count as one, `%` is a character of the name (not an escape), and a trailing separator names a folder. The three
 * read "./weather%2Etool.json", "./weather.tool.json/" and ".\\weather.tool.json" differently (an independent tester).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { resolveToolsRef, siblingEvalSetUri, defaultToolUri } from '../../shared/src/evaluation/paths';
import { fileKey } from '../../shared/src/evaluation/model';
import { readEvalSet } from '../../server/src/eval/evalSet';

const set = (tools: string) => JSON.stringify({ tools, cases: [{ id: 'a', category: 'normal', prompt: 'p', expect: { tool: null } }] });

describe('"tools" of an evaluation set', () => {
  const cases: [ref: string, path: string, uri: string][] = [
    ['./weather.tool.json', '/w/weather.tool.json', 'file:///w/weather.tool.json'],
    ['.\\weather.tool.json', '/w/weather.tool.json', 'file:///w/weather.tool.json'],
    ['.\\\\weather.tool.json', '/w/weather.tool.json', 'file:///w/weather.tool.json'],
    ['..\\tools\\weather.tool.json', '/tools/weather.tool.json', 'file:///tools/weather.tool.json'],
    ['./weather%2Etool.json', '/w/weather%2Etool.json', 'file:///w/weather%252Etool.json'],
    ['./weather.tool.json/', '/w/weather.tool.json/', 'file:///w/weather.tool.json/'],
    ['./a b.tool.json', '/w/a b.tool.json', 'file:///w/a%20b.tool.json'],
  ];
  it('names one file, whether the set is read by path (CLI, toolschema eval) or by URI (the language server)', () => {
    for (const [ref, path, uri] of cases) {
      assert.equal(resolveToolsRef('/w/x.eval.json', ref), path, `path: ${ref}`);
      assert.equal(resolveToolsRef('file:///w/x.eval.json', ref), uri, `uri: ${ref}`);
      assert.equal(readEvalSet('/w/x.eval.json', set(ref)).toolFile, path, `eval: ${ref}`);
      assert.equal(fileKey(path) === fileKey('/w/weather.tool.json'), fileKey(uri) === fileKey('file:///w/weather.tool.json'), `same verdict: ${ref}`);
    }
  });

  it('a path\'s "%" is a character of its name; a URI\'s escapes are decoded', () => {
    assert.notEqual(fileKey('/w/weather%2Etool.json'), fileKey('/w/weather.tool.json'));
    assert.equal(fileKey('file:///w/a%20b.tool.json'), fileKey('file:///w/a b.tool.json'));
    assert.equal(fileKey('C:\\w\\a%20b.tool.json'), 'C:/w/a%20b.tool.json');
  });
});

describe('file names holding "#" or "?"', () => {
  it('are whole names in a path (the CLI cut them at "#": a#b.tool.json looked for a.eval.json); a URI\'s query and fragment are not part of its name', () => {
    assert.equal(siblingEvalSetUri('/w/a#b.tool.json'), '/w/a#b.eval.json');
    assert.equal(siblingEvalSetUri('/w/a?b.tool.json'), '/w/a?b.eval.json');
    assert.equal(defaultToolUri('/w/a#b.eval.json'), '/w/a#b.tool.json');
    assert.equal(siblingEvalSetUri('file:///w/a%23b.tool.json'), 'file:///w/a%23b.eval.json');
    assert.equal(siblingEvalSetUri('file:///w/a.tool.json#frag'), 'file:///w/a.eval.json');
  });
});
