/**
 * validatorFor (server/src/eval/host.ts): the parameter schema a model's call is checked against. Schemas whose
 * validation would never end or take exponential time are refused with a reason, not compiled and run (an
 * independent fuzzer: a 4 KB tool file whose 30 definitions each reference the next twice from an anyOf ran the
 * CLI out of memory).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { validatorFor } from '../../server/src/eval/host';
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
