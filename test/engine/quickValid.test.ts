/**
 * quickValid (shared/src/analysis/quickValid.ts) against ajv with the options `default-invalid` checks values
 * with (jsonSchema.ts valueAjv): on generated schemas and values, a definite answer is ajv's answer. The schemas
 * mix the keywords quickValid reads with keywords it leaves to ajv, odd keyword values (a string bound, a type
 * ajv does not know, an object in an enum) and names every object inherits (`toString`, `__proto__`).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { ValidateFunction } from 'ajv';
import type { JsonValue } from '../../shared/src/document';
import { quickValid } from '../../shared/src/analysis/quickValid';
import { valueAjv, type Draft } from '../../shared/src/analysis/jsonSchema';

type Obj = { [k: string]: JsonValue };

/** Objects built as the engine builds them (document.ts valueOf, jsonSchema.ts copySchema): own keys by defineProperty. */
function obj(pairs: readonly (readonly [string, JsonValue])[]): Obj {
  const o: Obj = {};
  for (const [k, v] of pairs) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  return o;
}

const KEYS = ['a', 'b', 'id', 'toString', '__proto__', 'constructor', 'x y'];
const key = fc.constantFrom(...KEYS);
const str = fc.oneof(
  fc.constantFrom('', 'a', 'abc', 'open', 'shipped', '\ud83d\ude00', '\ud800', '\ude00\ude00', 'x\ud83d', 'é', 'x'.repeat(12), '10'),
  fc.string({ maxLength: 6 }),
);
// Few distinct numbers, so that a value often equals a bound.
const num = fc.oneof(fc.integer({ min: -2, max: 4 }), fc.constantFrom(0.5, -0, 2.5, 1e21, 1e400, -1e400, Number.MAX_SAFE_INTEGER + 2));

const valueArb: fc.Arbitrary<JsonValue> = fc.letrec<{ v: JsonValue }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constant(null),
    fc.boolean(),
    { arbitrary: num, weight: 3 },
    { arbitrary: str, weight: 2 },
    fc.array(tie('v'), { maxLength: 4 }),
    fc.array(fc.tuple(key, tie('v')), { maxLength: 4 }).map(obj),
  ),
})).v;

const TYPE_NAMES = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null', 'str', 'int', 'String'];

/** The keywords on numbers and strings, with ordinary and odd values. */
const plainKeyword: fc.Arbitrary<readonly [string, JsonValue]> = fc.oneof(
  fc.tuple(fc.constant('type'), fc.oneof(fc.constantFrom(...TYPE_NAMES), fc.array(fc.constantFrom(...TYPE_NAMES), { maxLength: 3 }))),
  fc.tuple(fc.constant('type'), fc.constantFrom('integer', 'number', 'string')),
  fc.tuple(fc.constant('enum'), fc.array(fc.oneof(fc.constant(null), fc.boolean(), num, str), { maxLength: 4 })),
  fc.tuple(fc.constant('const'), fc.oneof(fc.constant(null), fc.boolean(), num, str)),
  fc.tuple(fc.constantFrom('minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'), fc.oneof({ arbitrary: num, weight: 4 }, fc.boolean(), fc.constant('3'))),
  fc.tuple(fc.constantFrom('minLength', 'maxLength', 'minItems', 'maxItems', 'minProperties', 'maxProperties'), fc.oneof({ arbitrary: fc.integer({ min: 0, max: 4 }), weight: 4 }, fc.constant(1.5), fc.constant('2'))),
);
const plainSchemaArb = fc.array(plainKeyword, { minLength: 1, maxLength: 2 }).map(obj);

const schemaArb: fc.Arbitrary<JsonValue> = fc.letrec<{ s: JsonValue; top: JsonValue }>((tie) => {
  const keyword: fc.Arbitrary<readonly [string, JsonValue]> = fc.oneof(
    { arbitrary: plainKeyword, weight: 3 },
    fc.tuple(fc.constant('enum'), fc.oneof(fc.array(valueArb, { maxLength: 3 }), str)),
    fc.tuple(fc.constant('const'), valueArb),
    fc.tuple(fc.constant('required'), fc.oneof(fc.array(key, { maxLength: 3 }), fc.constant(['a', 1] as JsonValue))),
    fc.tuple(fc.constant('properties'), fc.array(fc.tuple(key, tie('s')), { maxLength: 3 }).map(obj)),
    fc.tuple(fc.constant('additionalProperties'), fc.oneof(fc.boolean(), tie('s'))),
    fc.tuple(fc.constant('items'), fc.oneof(fc.boolean(), tie('s'), fc.array(tie('s'), { maxLength: 2 }))),
    // Keywords left to ajv.
    fc.tuple(fc.constantFrom('pattern', 'format'), fc.constantFrom('^a', 'email', 'date', '[')),
    fc.tuple(fc.constantFrom('multipleOf', 'nullable', 'uniqueItems'), fc.oneof(fc.constant(2), fc.boolean())),
    fc.tuple(fc.constantFrom('anyOf', 'oneOf', 'allOf', 'prefixItems'), fc.array(tie('s'), { minLength: 1, maxLength: 2 })),
  );
  return {
    s: fc.oneof({ depthSize: 'small', withCrossShrink: true }, { arbitrary: fc.array(keyword, { minLength: 1, maxLength: 3 }).map(obj), weight: 4 }, fc.boolean()),
    top: fc.array(keyword, { minLength: 1, maxLength: 3 }).map(obj),
  };
}).top;

const compiled = new Map<string, ValidateFunction | null>();
function ajvValid(schema: JsonValue, value: JsonValue, draft: Draft): boolean | undefined {
  const k = draft + JSON.stringify(schema);
  let fn = compiled.get(k);
  if (fn === undefined) {
    try {
      fn = valueAjv(draft).compile(JSON.parse(JSON.stringify(schema)) as object);
    } catch {
      fn = null;
    }
    compiled.set(k, fn);
  }
  return fn ? (fn(value) as boolean) : undefined;
}

function agreesWithAjv(schemas: fc.Arbitrary<JsonValue>, values: fc.Arbitrary<JsonValue>, draft: Draft, seed: number, minAnswered: number): void {
  let answered = 0;
  let valid = 0;
  let invalid = 0;
  let runs = 0;
  fc.assert(
    fc.property(schemas, values, (schema, value) => {
      runs++;
      const q = quickValid(schema, value);
      if (q === undefined) return true;
      const a = ajvValid(schema, value, draft);
      // A schema ajv cannot compile gives no verdict either way (prepareValueCheck): nothing to compare.
      if (a === undefined) return true;
      answered++;
      if (q) valid++;
      else invalid++;
      assert.equal(q, a, `schema ${JSON.stringify(schema)}, value ${JSON.stringify(value)}`);
      return true;
    }),
    { seed, numRuns: 5000 },
  );
  // Not a vacuous pass: many pairs get an answer, both ways.
  assert.ok(answered > runs * minAnswered, `answered ${answered} of ${runs}`);
  assert.ok(valid > 200 && invalid > 200, `valid ${valid}, invalid ${invalid}`);
}

describe('quickValid', () => {
  for (const draft of ['07', '2020'] as const) {
    it(`gives ajv's answer on the keywords of numbers and strings (draft ${draft})`, () => {
      agreesWithAjv(plainSchemaArb, fc.oneof(num, str, fc.constant(null), fc.boolean()), draft, draft === '07' ? 11 : 12, 0.5);
    });

    it(`gives ajv's answer wherever it answers (draft ${draft})`, () => {
      agreesWithAjv(schemaArb, valueArb, draft, draft === '07' ? 7 : 2020, 0.2);
    });
  }
});

describe('quickValid, by hand', () => {
  it('answers for the schemas tool parameters are made of, and leaves the rest to ajv', () => {
    const s = obj([['type', 'object'], ['properties', obj([['limit', obj([['type', 'integer'], ['minimum', 1], ['maximum', 50]])], ['tags', obj([['type', 'array'], ['items', obj([['type', 'string'], ['enum', ['a', 'b']]])]])]])], ['required', ['limit']]]);
    assert.equal(quickValid(s, obj([['limit', 10], ['tags', ['a']]])), true);
    assert.equal(quickValid(s, obj([['limit', 0]])), false);
    assert.equal(quickValid(s, obj([['tags', ['c']], ['limit', 3]])), false);
    assert.equal(quickValid(s, obj([['tags', []]])), false, 'required limit missing');
    assert.equal(quickValid(obj([['type', 'string'], ['maxLength', 1]]), '\ud83d\ude00'), true, 'one code point');
    assert.equal(quickValid(obj([['type', 'string'], ['maxLength', 1]]), 'ab'), false);
    assert.equal(quickValid(obj([['type', 'string'], ['pattern', '^a']]), 'abc'), undefined, 'pattern: ajv');
    assert.equal(quickValid(obj([['type', 'string'], ['format', 'email']]), 'x'), undefined, 'format: ajv');
    assert.equal(quickValid(obj([['type', 'str']]), 'x'), undefined, 'unknown type: ajv');
    assert.equal(quickValid(obj([['required', ['toString']]]), obj([])), undefined, 'an inherited name: ajv');
    assert.equal(quickValid(obj([['type', 'number']]), 1e400), undefined, 'not finite: ajv');
    assert.equal(quickValid(obj([['enum', [obj([['a', 1]])]]]), obj([['a', 1]])), undefined, 'deep equality: ajv');
  });

  it('counts string length in code points as ajv does, lone surrogates included', () => {
    const strings = ['\ud83d\ude00', '\ud800', '\ude00\ude00', '\ud800\ud800', 'x\ud83d', '\ud83dx', '\ude00\ud83d\ude00', 'é', 'e\u0301', ''];
    let checked = 0;
    for (const s of strings) {
      for (let bound = 0; bound <= 3; bound++) {
        for (const k of ['minLength', 'maxLength']) {
          const schema = obj([[k, bound]]);
          assert.equal(quickValid(schema, s), ajvValid(schema, s, '07'), `${k} ${bound}, ${JSON.stringify(s)}`);
          checked++;
        }
      }
    }
    assert.equal(checked, 80);
  });

  it('gives up past its budget on a huge value', () => {
    const big = Array.from({ length: 10_000 }, (_, i) => i);
    assert.equal(quickValid(obj([['type', 'array'], ['items', obj([['type', 'integer']])]]), big), undefined);
    assert.equal(quickValid(obj([['type', 'array'], ['items', obj([['type', 'integer']])]]), big.slice(0, 100)), true);
  });
});
