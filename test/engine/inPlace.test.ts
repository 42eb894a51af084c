/**
 * inPlaceProblem (analysis/jsonSchema.ts): whether validating a value against a schema would recurse forever (a
 * `$ref` cycle that never moves into the value) or explode. Only what validation can reach counts: an unused
 * cycle in `$defs` turned `eval-args-invalid` and `default-invalid` off for the whole tool (an independent tester).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { inPlaceProblem } from '../../shared/src/analysis/jsonSchema';

const cycle = { a: { $ref: '#/$defs/b' }, b: { $ref: '#/$defs/a' } };
const base = { type: 'object', properties: { v: { type: 'string' } }, additionalProperties: false };

describe('inPlaceProblem', () => {
  it('an unused cycle in $defs or definitions is no problem', () => {
    assert.equal(inPlaceProblem({ ...base, $defs: cycle }), undefined);
    assert.equal(inPlaceProblem({ ...base, definitions: { a: { $ref: '#/definitions/a' } } }), undefined);
  });

  it('a cycle that a used schema reaches is a loop, through properties, items, allOf or another definition', () => {
    assert.equal(inPlaceProblem({ type: 'object', properties: { v: { $ref: '#/$defs/a' } }, $defs: cycle }), 'loop');
    assert.equal(inPlaceProblem({ type: 'array', items: { allOf: [{ $ref: '#/$defs/c' }] }, $defs: { ...cycle, c: { $ref: '#/$defs/a' } } }), 'loop');
    assert.equal(inPlaceProblem({ $ref: '#/$defs/a', $defs: cycle }), 'loop');
  });

  it('a property named "definitions" or "$defs" is a schema like any other', () => {
    assert.equal(inPlaceProblem({ type: 'object', properties: { definitions: { allOf: [{ $ref: '#/properties/definitions' }] } } }), 'loop');
    assert.equal(inPlaceProblem({ type: 'object', properties: { $defs: { anyOf: [{ $ref: '#/properties/%24defs' }, { $ref: '#/properties/$defs' }] } } }), 'loop');
  });

  it('a cycle that moves into the value ends with it', () => {
    assert.equal(inPlaceProblem({ $ref: '#/$defs/node', $defs: { node: { type: 'object', properties: { next: { $ref: '#/$defs/node' } } } } }), undefined);
  });
});
