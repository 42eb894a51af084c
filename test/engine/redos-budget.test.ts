/**
 * Catastrophic patterns in numbers (found by an independent audit): 400 distinct `^(a|a)*(b+)+$<i>` patterns in a
 * 47 KB file ran the CLI out of memory (redos-detector's WeakRefs kept every fork of every analysis alive until the
 * end of the synchronous lint, about 20 MB per pattern) after two minutes. Now: the analysis keeps nothing once it
 * returns, at most REGEX_ANALYSES_PER_LINT distinct patterns are analysed per lint, and a tool whose lint left a
 * pattern unanalysed is not cached, so the next lint goes on with the rest.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { clearEngineCaches, lintText } from '../../shared/src/linter';
import { REGEX_ANALYSES_PER_LINT, refillRegexTime, regexSafety } from '../../shared/src/analysis/jsonSchema';

setFlagsFromString('--expose_gc');
const gc = runInNewContext('gc') as () => void;

function file(n: number, seed: string): string {
  const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { type: 'string', description: 'A code.', pattern: `^(a|a)*(b+)+$${seed}${i}` }]));
  return JSON.stringify({ name: 'get_weather', description: 'Use this when the user asks about the weather now. Returns the temperature.', parameters: { type: 'object', properties } }, null, 1);
}

describe('catastrophic patterns in numbers', () => {
  it('an analysis keeps no memory once it returns', () => {
    clearEngineCaches();
    gc();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < 20; i++) assert.equal(regexSafety(`^(a|a)*(b+)+$mem${i}`), 'exponential');
    gc();
    const grown = (process.memoryUsage().heapUsed - before) / 1e6;
    assert.ok(grown < 40, `heap grew by ${grown.toFixed(0)} MB over 20 analyses (about 400 MB before)`);
  });

  it('a lint analyses at most the budget of distinct patterns; the next lints go on with the rest', () => {
    clearEngineCaches();
    const text = file(REGEX_ANALYSES_PER_LINT * 2 + 5, 'b');
    // The process-wide time bucket is refilled before each lint: on a loaded machine 64 analyses can spend it, and
    // this test is about the per-lint count.
    const count = () => {
      refillRegexTime();
      return lintText('file:///redos.tool.json', text).findings.filter((f) => f.rule === 'pattern-unsafe').length;
    };
    assert.equal(count(), REGEX_ANALYSES_PER_LINT);
    assert.equal(count(), REGEX_ANALYSES_PER_LINT * 2, 'the tool was not cached with the first half');
    assert.equal(count(), REGEX_ANALYSES_PER_LINT * 2 + 5);
    assert.equal(count(), REGEX_ANALYSES_PER_LINT * 2 + 5, 'and stays complete');
  });
});
