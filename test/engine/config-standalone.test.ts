/**
 * The configuration validator generated ahead of time (shared/src/generated/configSchema.js, ajv standalone
 * code) against the validator ajv compiles from CONFIG_SCHEMA at run time with the same options: the same verdict
 * and the same errors for hand-written configurations and for random values made of the configuration's keys.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import Ajv from 'ajv';
import fc from 'fast-check';
import { validate as generated } from '../../shared/src/generated/configSchema';
import { CONFIG_SCHEMA, CONFIG_VALIDATOR_OPTIONS, resolveConfig } from '../../shared/src/config';

const compiled = new Ajv({ ...CONFIG_VALIDATOR_OPTIONS }).compile(CONFIG_SCHEMA);

function outcome(v: ((data: unknown) => boolean) & { errors?: unknown }, value: unknown): { valid: boolean; errors: unknown } {
  const valid = v(value);
  return { valid, errors: valid ? null : structuredClone(v.errors) };
}

const CONFIGS: unknown[] = [
  {},
  { profile: 'openai', rules: { 'name-format': 'error', 'description-too-short': 'off' }, files: ['**/*.tool.json'], ignore: ['dist/**'] },
  { verbs: ['summon'] },
  { verbs: { query: ['peek'], mutation: ['zap'], action: ['ping'] } },
  { budgets: { descriptionLength: 2000, descriptionMinWords: 5, toolsetSize: 40 } },
  { profile: 'openia' },
  { rules: { 'Name-Format': 'warn', x: 3 } },
  { files: [''], ignore: 'dist' },
  { verbs: { query: ['two words'], other: [] } },
  { budgets: { descriptionLength: 0, toolsetSize: 2.5, extra: 1 } },
  { unknownKey: true, __proto__: { profile: 'x' } },
  JSON.parse('{"__proto__": {"rules": 1}, "constructor": 2}'),
  [],
  'auto',
  null,
  42,
];

const KEYS = ['$schema', 'profile', 'rules', 'files', 'ignore', 'verbs', 'budgets', 'baseline', 'evaluation', 'query', 'mutation', 'action', 'descriptionLength', 'toolsetSize', 'name-format', 'X', '__proto__'];
const valueArb: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom(null, true, 0, 1, -1, 2.5, '', 'auto', 'openai', 'off', 'error', 'warn', '**/*.json', 'peek', 'two words'),
    fc.array(tie('v'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.constantFrom(...KEYS), tie('v')), { maxLength: 4 }).map((pairs) => {
      const o: Record<string, unknown> = {};
      for (const [k, v] of pairs) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
      return o;
    }),
  ),
})).v;

describe('generated configuration validator', () => {
  it('gives the verdict and errors of the compiled one on hand-written configurations', () => {
    let rejected = 0;
    for (const c of CONFIGS) {
      const g = outcome(generated, c);
      assert.deepEqual(g, outcome(compiled, c), JSON.stringify(c));
      if (!g.valid) rejected++;
    }
    assert.equal(rejected, CONFIGS.length - 5, 'the first five are valid, the rest are not');
  });

  it('gives the verdict and errors of the compiled one on random values', () => {
    let rejected = 0;
    fc.assert(
      fc.property(valueArb, (v) => {
        const g = outcome(generated, v);
        assert.deepEqual(g, outcome(compiled, v));
        if (!g.valid) rejected++;
      }),
      { seed: 17, numRuns: 3000 },
    );
    assert.ok(rejected > 300 && rejected < 2900, `rejected ${rejected} of 3000`);
  });

  it('is the one resolveConfig uses: a problem per invalid key', () => {
    const { problems } = resolveConfig({ profile: 'openia', budgets: { toolsetSize: 0 } });
    assert.equal(problems.length, 2, JSON.stringify(problems));
  });
});
