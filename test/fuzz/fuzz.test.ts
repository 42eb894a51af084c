/**
 * The fast, seeded fuzz profile run by `npm test`: fast-check mutations of real tool files (test/fuzz/fuzz.ts)
 * with every property checked on each input: no throw, ranges inside the document, every quick fix parses,
 * removes its diagnostic and changes nothing outside its tool, fix-all reaches a fixed point, findings do not
 * depend on key order. Same seed, same inputs: a failure here replays exactly. Time per KB is checked by the
 * long profile, `npm run fuzz -- --runs N`, not here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyCase, caseArb, checkText, generateToolFile, loadSources, mutate, HOSTILE_STRINGS } from './fuzz';
import { ToolDocument } from '../../shared/src/document';
import { lintEvalSet } from '../../shared/src/linter';
import { checkEvalSet, evalInputArb, toolFileArb } from './values';

const SEED = 20261123;
const RUNS = 3000;

describe('fuzz (fast seeded profile)', { timeout: 300_000 }, () => {
  const sources = loadSources(48 * 1024);

  it('sources: the corpus, examples and clean fixtures', () => {
    assert.ok(sources.length > 150, `${sources.length} source files`);
    assert.ok(sources.some((s) => s.name.startsWith('examples/')));
  });

  it('the mutations are deterministic and change the text', () => {
    const text = sources[0]!.text;
    const m = { kind: 'nest' as const, node: 3, depth: 2, arr: false };
    assert.equal(mutate(text, m), mutate(text, m));
    assert.notEqual(mutate(text, m), text);
    assert.notEqual(mutate(text, { kind: 'hostileString', node: 1, s: HOSTILE_STRINGS.indexOf('\\u0000') }), text);
  });

  it('every property holds on mutated real files', () => {
    let inputs = 0;
    let fixes = 0;
    fc.assert(
      fc.property(caseArb(sources.length, 3), (c) => {
        const r = checkText(applyCase(sources, c), { maxFixedFindings: 3, keyOrder: true, fixAll: true });
        inputs++;
        fixes += r.fixes;
        if (r.problems.length > 0) throw new Error(r.problems.join('\n'));
      }),
      { seed: SEED, numRuns: RUNS },
    );
    assert.ok(inputs >= RUNS);
    assert.ok(fixes > 50, `${fixes} fixes checked`);
  });

  it('generated tool files are deterministic, parse, and hold every property (a sample)', () => {
    assert.equal(generateToolFile(7), generateToolFile(7));
    assert.notEqual(generateToolFile(7), generateToolFile(8));
    for (let seed = 0; seed < 100; seed++) {
      const text = generateToolFile(seed);
      assert.deepEqual(new ToolDocument('file:///g.tool.json', text).syntaxProblems, [], text);
      // Every other one against a git baseline where one value was another (breaking-change, param-added-required).
      const baseline = seed % 2 === 1 ? { text: mutate(text, { kind: 'swap', node: seed * 13, value: seed % 20 }), ref: 'HEAD' } : undefined;
      assert.deepEqual(checkText(text, { maxFixedFindings: 3, keyOrder: true, fixAll: seed % 3 === 0, ...(baseline ? { lint: { baseline } } : {}) }).problems, [], `seed ${seed}`);
    }
  });

  it('every property holds on tool files made of arbitrary JSON values (test/fuzz/values.ts)', () => {
    let fixes = 0;
    let inputs = 0;
    fc.assert(
      fc.property(toolFileArb, (text) => {
        const r = checkText(text, { maxFixedFindings: 8, keyOrder: true, fixAll: true });
        inputs++;
        fixes += r.fixes;
        if (r.problems.length > 0) throw new Error(r.problems.join('\n'));
      }),
      { seed: SEED, numRuns: 120 },
    );
    assert.ok(inputs >= 120);
    assert.ok(fixes > 100, `${fixes} fixes checked`);
  });

  it('evaluation sets and results files made of arbitrary JSON values: no throw, ranges inside, same findings with keys reversed', () => {
    let inputs = 0;
    fc.assert(
      fc.property(evalInputArb, (input) => {
        inputs++;
        const problems = checkEvalSet(input);
        if (problems.length > 0) throw new Error(problems.join('\n'));
      }),
      { seed: SEED, numRuns: 600 },
    );
    assert.ok(inputs >= 600);
  });

  it('the evaluation-set check catches a lint that throws, reports outside the text, or depends on key order', () => {
    const input = { set: { tools: './issues.tool.json', cases: [{ id: 'a', prompt: 'x' }, { prompt: 'y', id: 'b' }] }, results: undefined, indent: 2 };
    assert.deepEqual(checkEvalSet(input), []);
    const throwing: typeof lintEvalSet = () => {
      throw new Error('boom');
    };
    assert.match(checkEvalSet(input, throwing).join('\n'), /lint threw: Error: boom/);
    const outside: typeof lintEvalSet = (doc, o) => {
      const r = lintEvalSet(doc, o);
      return { ...r, findings: [{ ...r.findings[0]!, offset: doc.text.length, length: 1 }] };
    };
    assert.match(checkEvalSet(input, outside).join('\n'), /outside a text of/);
    // Names the set's first key as the text has it: "tools" as written, "cases" with every object's keys reversed.
    const firstKey: typeof lintEvalSet = (doc, o) => {
      const r = lintEvalSet(doc, o);
      return { ...r, findings: [{ ...r.findings[0]!, message: `first key ${/"(\w+)":/.exec(doc.text)?.[1]}` }] };
    };
    assert.match(checkEvalSet(input, firstKey).join('\n'), /findings depend on key order/);
  });

  it('every property holds on the unmutated sources (a sample)', () => {
    for (let i = 0; i < sources.length; i += 7) {
      const r = checkText(sources[i]!.text, { maxFixedFindings: 2, keyOrder: true, fixAll: false });
      assert.deepEqual(r.problems, [], sources[i]!.name);
    }
  });
});
