/**
 * The meta-schema validators generated ahead of time (shared/src/analysis/generated/, ajv standalone code)
 * against the validators ajv compiles at run time with the same options: the same verdict and the same errors
 * for every object of the corpus files, for hand-written broken schemas and for random values with schema
 * keywords.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import fc from 'fast-check';
import { validate as generated07 } from '../../shared/src/analysis/generated/metaSchema07';
import { validate as generated2020 } from '../../shared/src/analysis/generated/metaSchema2020';
import { META_SCHEMA_IDS, META_VALIDATOR_OPTIONS } from '../../shared/src/analysis/metaSchemaIds';
import { corpusFiles } from '../../tools/corpus';

const compiled07 = new Ajv({ ...META_VALIDATOR_OPTIONS }).getSchema(META_SCHEMA_IDS['07'])!;
const compiled2020 = new Ajv2020({ ...META_VALIDATOR_OPTIONS }).getSchema(META_SCHEMA_IDS['2020'])!;

type Validate = ((data: unknown) => boolean) & { errors?: unknown };
function outcome(v: Validate, value: unknown): { valid: boolean; errors: unknown } {
  const valid = v(value);
  return { valid, errors: valid ? null : structuredClone(v.errors) };
}

/** Compares both drafts' validators on a value; returns how many of the two rejected it. */
function same(value: unknown, where: string): number {
  let rejected = 0;
  for (const [a, b, draft] of [[generated07, compiled07, '07'], [generated2020, compiled2020, '2020']] as const) {
    const g = outcome(a, value);
    assert.deepEqual(g, outcome(b, value), `${where} (draft ${draft})`);
    if (!g.valid) rejected++;
  }
  return rejected;
}

const BROKEN: unknown[] = [
  { type: 'str' },
  { type: 'object', properties: { a: { type: 'integer', minimum: 'one' } }, required: 'a' },
  { type: ['string', 'nope'], enum: [], items: 3 },
  { anyOf: [], allOf: {}, oneOf: [true, 5] },
  { $ref: 5, $defs: [], definitions: { x: { type: 7 } } },
  { properties: { a: { pattern: 7, format: 2, maxLength: -1, multipleOf: 0 } }, additionalProperties: 'no' },
  { prefixItems: {}, $dynamicRef: 1, dependentSchemas: { a: 2 }, unevaluatedProperties: [] },
  { if: 1, then: {}, else: null, not: 'x', const: undefined, contains: [], minContains: 1.5 },
];

describe('generated meta-schema validators', () => {
  it('give the errors ajv gives for hand-written broken schemas, and accept both meta-schemas', () => {
    for (const [i, s] of BROKEN.entries()) assert.ok(same(s, `broken #${i}`) > 0, `broken #${i} is rejected`);
    for (const id of Object.values(META_SCHEMA_IDS)) {
      const meta = id.includes('2020') ? compiled2020.schema : compiled07.schema;
      assert.equal(same(meta, id), 0);
    }
  });

  it('give the errors ajv gives for every object of the corpus files', () => {
    let objects = 0;
    let rejected = 0;
    for (const file of corpusFiles()) {
      let root: unknown;
      try {
        root = JSON.parse(readFileSync(file, 'utf8'));
      } catch {
        continue;
      }
      const stack = [root];
      while (stack.length > 0) {
        const v = stack.pop();
        if (v === null || typeof v !== 'object') continue;
        if (!Array.isArray(v)) {
          objects++;
          rejected += same(v, file);
        }
        for (const c of Object.values(v)) stack.push(c);
      }
    }
    assert.ok(objects > 10_000, `objects compared: ${objects}`);
    assert.ok(rejected > 100, `objects rejected: ${rejected}`);
  });

  it('give the errors ajv gives for random values with schema keywords', () => {
    const keys = ['type', 'properties', 'items', 'required', 'enum', 'anyOf', 'oneOf', 'allOf', 'not', '$ref', '$defs', 'definitions', 'additionalProperties', 'minimum', 'pattern', 'format', 'prefixItems', 'const', 'if', 'then', 'dependencies', 'dependentRequired', '$id', '$schema', 'x'];
    const value = fc.letrec((tie) => ({
      node: fc.oneof({ depthSize: 'small' }, fc.jsonValue({ maxDepth: 1 }), fc.dictionary(fc.constantFrom(...keys), tie('node'), { maxKeys: 4 }), fc.array(tie('node'), { maxLength: 3 })),
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        same(v, JSON.stringify(v).slice(0, 200));
      }),
      { numRuns: 2000, seed: 20261123 },
    );
  });
});
