/**
 * validatorFor (server/src/eval/host.ts): the parameter schema a model's call is checked against. Schemas whose
 * validation would never end or take exponential time are refused with a reason, not compiled and run (an
 * independent fuzzer: a 4 KB tool file whose 30 definitions each reference the next twice from an anyOf ran the
 * CLI out of memory).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validatorFor } from '../../server/src/eval/host';
import { MAX_VALIDATION_WORK, validationWork } from '../../shared/src/analysis/jsonSchema';
import type { JsonValue } from '../../shared/src/document';

/** Definitions a0 … a(n-1), each an `keyword` of two references to the next; the last a string of 5 or more. */
function chain(n: number, keyword: 'anyOf' | 'allOf' | 'oneOf'): JsonValue {
  const defs: { [k: string]: JsonValue } = {};
  for (let i = 0; i < n; i++) defs[`a${i}`] = { [keyword]: [{ $ref: `#/$defs/a${i + 1}` }, { $ref: `#/$defs/a${i + 1}` }] };
  defs[`a${n}`] = { type: 'string', minLength: 5 };
  return { type: 'object', properties: { m: { $ref: '#/$defs/a0' } }, $defs: defs };
}

describe('validatorFor', () => {
  it('refuses definitions that apply more than 10,000 subschemas to one value, for every combining keyword', () => {
    for (const k of ['anyOf', 'allOf', 'oneOf'] as const) {
      const v = validatorFor(chain(30, k), '2020');
      assert.equal(typeof v, 'string', k);
      assert.match(v as string, /more than 10,000 subschemas to one value/, k);
    }
  });

  it('refuses a cycle that applies a schema to the same value again', () => {
    const v = validatorFor({ type: 'object', properties: { m: { $ref: '#/$defs/a' } }, $defs: { a: { anyOf: [{ $ref: '#/$defs/b' }] }, b: { allOf: [{ $ref: '#/$defs/a' }] } } }, '2020');
    assert.match(String(v), /in a cycle/);
  });

  it('compiles and runs the same shape when it stays small (2^10 applications), and a cycle through properties', () => {
    const small = validatorFor(chain(10, 'anyOf'), '2020');
    assert.equal(typeof small, 'function');
    if (typeof small === 'string') return;
    assert.equal(small({ m: 'long enough' }), true);
    assert.equal(small({ m: 'x' }), false);
    const tree = validatorFor({ type: 'object', properties: { node: { $ref: '#/$defs/n' } }, $defs: { n: { type: 'object', properties: { next: { $ref: '#/$defs/n' } }, additionalProperties: false } } }, '2020');
    assert.equal(typeof tree, 'function');
    if (typeof tree === 'string') return;
    assert.equal(tree({ node: { next: { next: {} } } }), true);
    assert.equal(tree({ node: { next: { other: 1 } } }), false);
  });
});

describe('validationWork', () => {
  /** Definitions a0 … a(n-1), each applying two keywords to the same parts of the value, and a value n levels deep. */
  const pairs = (n: number, kind: 'items' | 'properties'): [{ [k: string]: JsonValue }, JsonValue] => {
    const defs: { [k: string]: JsonValue } = {};
    let value: JsonValue = 'x';
    for (let i = 0; i < n; i++) {
      const r = { $ref: `#/$defs/a${i + 1}` };
      defs[`a${i}`] = kind === 'items' ? { items: r, contains: r } : { properties: { k: r }, patternProperties: { '^k$': r } };
      value = kind === 'items' ? [value] : { k: value };
    }
    defs[`a${n}`] = { type: 'string' };
    return [{ $ref: '#/$defs/a0', $defs: defs }, value];
  };

  it('doubles with each level where two keywords reach the same part, and stops past its cap', () => {
    for (const kind of ['items', 'properties'] as const) {
      const [s10, v10] = pairs(10, kind);
      const [s11, v11] = pairs(11, kind);
      const w10 = validationWork(s10, v10);
      assert.ok(w10 >= 2 ** 10 && w10 < 2 ** 12, `${kind}: ${w10}`);
      assert.ok(validationWork(s11, v11) >= 2 * w10 - 2, kind);
      const [s40, v40] = pairs(40, kind);
      const w40 = validationWork(s40, v40);
      assert.ok(w40 > MAX_VALIDATION_WORK && w40 < MAX_VALIDATION_WORK + 100, `${kind}: ${w40}`);
    }
  });

  it('grows with the value only where the schema reaches it: a recursive schema and a flat one', () => {
    const tree = { type: 'object', properties: { next: { $ref: '#/$defs/n' } }, $defs: { n: { type: 'object', properties: { next: { $ref: '#/$defs/n' } } } } };
    let deep: JsonValue = {};
    for (let i = 0; i < 100; i++) deep = { next: deep };
    assert.ok(validationWork(tree, { next: deep }) < 400);
    assert.ok(validationWork({ type: 'array', items: { type: 'integer' } }, Array.from({ length: 1000 }, (_, i) => i)) <= 1001);
  });
});
