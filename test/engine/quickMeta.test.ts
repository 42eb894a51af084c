/**
 * quickMetaValid (shared/src/analysis/quickMeta.ts) against the meta-schema validation `schema-invalid` runs
 * otherwise (jsonSchema.ts metaErrors): wherever it answers "valid", the validator finds no error, on every
 * object of the corpus files, on generated schemas, and for both drafts. It answers for most tool schemas.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import fc from 'fast-check';
import { ToolDocument, valueOf, type Node } from '../../shared/src/document';
import { quickMetaValid } from '../../shared/src/analysis/quickMeta';
import { metaErrors, STANDARD_KEYWORDS, type Draft } from '../../shared/src/analysis/jsonSchema';
import { corpusFiles } from '../../tools/corpus';

const DRAFTS: readonly Draft[] = ['07', '2020'];

function validatorErrors(doc: ToolDocument, node: Node, draft: Draft): number {
  return metaErrors(doc.text.slice(node.offset, node.offset + node.length), draft, () => valueOf(node)).length;
}

/** Compares on one schema node; returns how many of the two drafts quickMetaValid answered "valid" for. */
function agrees(doc: ToolDocument, node: Node, where: string): number {
  let answered = 0;
  for (const draft of DRAFTS) {
    if (!quickMetaValid(node, draft)) continue;
    answered++;
    assert.equal(validatorErrors(doc, node, draft), 0, `${where} (draft ${draft}): ${doc.text.slice(node.offset, node.offset + Math.min(node.length, 300))}`);
  }
  return answered;
}

describe('quickMetaValid', { timeout: 300_000 }, () => {
  it('answers "valid" only where the meta-schema validator finds no error: every object of the corpus', () => {
    let objects = 0;
    let answered = 0;
    let parameterSchemas = 0;
    let parameterAnswered = 0;
    for (const file of corpusFiles()) {
      const doc = new ToolDocument('file:///c.tool.json', readFileSync(file, 'utf8'));
      if (!doc.tree || doc.duplicateKeys.length > 0) continue;
      const stack: Node[] = [doc.tree];
      while (stack.length > 0) {
        const n = stack.pop()!;
        if (n.type === 'object') {
          objects++;
          const a = agrees(doc, n, file);
          answered += a;
          const key = n.parent?.children?.[0]?.value;
          if (key === 'parameters' || key === 'input_schema' || key === 'inputSchema') {
            if (a > 0) parameterAnswered++;
            // Valid parameter schemas: the ones it should answer for.
            if (a > 0 || validatorErrors(doc, n, '07') === 0) parameterSchemas++;
          }
        }
        for (const c of n.children ?? []) stack.push(c);
      }
    }
    assert.ok(objects > 50_000, `objects compared: ${objects}`);
    console.log(`corpus: ${objects} objects, ${answered} answers "valid" (of ${objects * 2}), valid parameter schemas ${parameterAnswered} of ${parameterSchemas}`);
    assert.ok(answered > 50_000, `answered: ${answered}`);
    // The point of it: nearly every valid parameter schema needs no validator run.
    assert.ok(parameterAnswered > parameterSchemas * 0.95, `valid parameter schemas answered: ${parameterAnswered} of ${parameterSchemas}`);
  });

  it('answers "valid" only where the meta-schema validator finds no error: generated schemas', () => {
    const KEYS = ['type', 'properties', 'items', 'required', 'enum', 'const', 'default', 'examples', 'anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'additionalProperties', 'minimum', 'maximum', 'exclusiveMinimum', 'multipleOf', 'minLength', 'maxItems', 'pattern', 'format', 'title', 'description', 'deprecated', 'readOnly', 'uniqueItems', '$defs', 'prefixItems', 'patternProperties', '$id', '$schema', 'nullable', 'x-a'];
    const scalar = fc.oneof(fc.constantFrom('string', 'integer', 'object', 'array', 'null', 'STRING', 'int', '', 'a', 'a#b', '#'), fc.constantFrom(0, 1, -1, 2.5, 1e400, -0, true, false, null));
    const schema = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        scalar,
        fc.dictionary(fc.constantFrom(...KEYS), tie('node'), { maxKeys: 4 }),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.array(fc.constantFrom('string', 'integer', 'a', 'a', 1, null), { maxLength: 3 }),
      ),
    })).node;
    let answered = 0;
    let runs = 0;
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...KEYS), schema, { minKeys: 1, maxKeys: 4 }), (v) => {
        runs++;
        const doc = new ToolDocument('file:///g.tool.json', JSON.stringify(v));
        if (!doc.tree) return;
        answered += agrees(doc, doc.tree, 'generated');
      }),
      { seed: 31, numRuns: 6000 },
    );
    assert.ok(answered > runs * 0.1, `answered ${answered} of ${runs}`);
  });

  it('knows every keyword the meta-schemas constrain: each is read or left to the validator', () => {
    const require = createRequire(__filename);
    const metas = [
      'ajv/dist/refs/json-schema-draft-07.json',
      ...['core', 'applicator', 'unevaluated', 'validation', 'meta-data', 'format-annotation', 'content'].map((m) => `ajv/dist/refs/json-schema-2020-12/meta/${m}.json`),
      'ajv/dist/refs/json-schema-2020-12/schema.json',
    ];
    let keys = 0;
    for (const m of metas) {
      const meta = require(m) as { properties?: Record<string, unknown> };
      for (const k of Object.keys(meta.properties ?? {})) {
        keys++;
        assert.ok(STANDARD_KEYWORDS.has(k), `${m}: "${k}" is constrained by the meta-schema but not in STANDARD_KEYWORDS`);
      }
    }
    assert.ok(keys > 60, `meta-schema keywords: ${keys}`);
  });

  it('reads the common keywords right', () => {
    const ok = (text: string, draft: Draft = '07') => quickMetaValid(new ToolDocument('file:///t.tool.json', text).tree!, draft);
    assert.equal(ok('{"type":"object","properties":{"city":{"type":"string","description":"City."},"n":{"type":"integer","minimum":1,"maximum":5}},"required":["city"]}'), true);
    assert.equal(ok('{"type":"object","required":"city"}'), false);
    assert.equal(ok('{"type":"object","required":["a","a"]}'), false);
    assert.equal(ok('{"type":"str"}'), false);
    assert.equal(ok('{"type":["string","string"]}'), false);
    assert.equal(ok('{"type":[]}'), false);
    assert.equal(ok('{"enum":[]}', '07'), false);
    assert.equal(ok('{"enum":[]}', '2020'), true);
    assert.equal(ok('{"enum":["a",1,"a"]}', '07'), false);
    assert.equal(ok('{"minLength":-1}'), false);
    assert.equal(ok('{"minLength":1.5}'), false);
    assert.equal(ok('{"multipleOf":0}'), false);
    assert.equal(ok('{"items":[{"type":"string"}]}', '07'), true);
    assert.equal(ok('{"items":[{"type":"string"}]}', '2020'), false);
    assert.equal(ok('{"anyOf":[]}'), false);
    assert.equal(ok('{"nullable":"yes","x-a":{}}'), true, 'keys the meta-schemas do not constrain');
    assert.equal(ok('{"$defs":{}}'), false, 'left to the validator');
    assert.equal(ok('{"$id":"a#b"}', '2020'), false, '2020-12 gives $id a pattern: left to the validator');
    assert.equal(ok('{"$schema":"http://json-schema.org/draft-07/schema#","type":"object"}'), true);
    assert.equal(ok('{"properties":{"a":3}}'), false);
  });
});
