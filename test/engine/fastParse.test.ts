/**
 * The strict-JSON fast path (shared/src/fastParse.ts) against jsonc-parser's `parseTree`, which it stands in
 * for: on every corpus file and on mutated real files, it returns a tree exactly when jsonc-parser reports no
 * error, and then the same tree (types, offsets, lengths, colon offsets, values, parents, own properties) and
 * the token count `scanShape` gives. Where it gives up, ToolDocument falls back to jsonc-parser, so a give-up on
 * valid JSON would only cost time, and a tree for invalid JSON would hide a parse-error: both are failures here.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { parseTree, type ParseError } from 'jsonc-parser';
import { parseStrictJson } from '../../shared/src/fastParse';
import { MAX_NESTING, MAX_TOKENS, scanShape, ToolDocument } from '../../shared/src/document';
import { corpusFiles } from '../../tools/corpus';
import { applyCase, caseArb, loadSources, rng } from '../fuzz/fuzz';

function jsonc(text: string) {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: true });
  return { tree, errors };
}

/** The property: a tree exactly when jsonc-parser parses without error, and then the same tree and token count. */
function agrees(text: string, label: string): boolean {
  const fast = parseStrictJson(text, MAX_NESTING, MAX_TOKENS);
  const slow = jsonc(text);
  const shape = scanShape(text);
  const strictJson = slow.errors.length === 0 && slow.tree !== undefined && shape.depth <= MAX_NESTING && shape.tokens <= MAX_TOKENS;
  assert.equal(fast !== undefined, strictJson, `${label}: fast path ${fast ? 'accepted' : 'gave up on'} a text jsonc-parser ${slow.errors.length ? `rejects (${slow.errors.length} errors)` : 'accepts'}`);
  if (fast) {
    assert.deepStrictEqual(fast.tree, slow.tree, `${label}: same tree`);
    assert.equal(fast.tokens, shape.tokens, `${label}: same token count as scanShape`);
  }
  return fast !== undefined;
}

describe('strict-JSON fast path', { timeout: 120_000 }, () => {
  it('builds the same tree as jsonc-parser on every corpus file', () => {
    let accepted = 0;
    const files = corpusFiles();
    assert.ok(files.length > 200, `${files.length} corpus files`);
    let large = 0;
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      if (agrees(text, f)) accepted++;
      // Texts of a million characters or more are measured before the fast pass (ToolDocument): same tree.
      if (text.length >= MAX_TOKENS) {
        large++;
        const doc = new ToolDocument('file:///large.tool.json', text);
        assert.deepStrictEqual(doc.tree, jsonc(text).tree, f);
        assert.equal(doc.tokens, scanShape(text).tokens, f);
      }
    }
    // The corpus is valid JSON throughout: the fast path must take every file.
    assert.equal(accepted, files.length);
    assert.ok(large > 0, 'some corpus files are over a million characters');
  });

  it('agrees with jsonc-parser on hand-picked valid and invalid texts', () => {
    const valid = [
      '{}', '[]', ' \t\r\n{ } \n', '0', '-0', '1e400', '-1.5E-3', '0.5e+2', '123456789012345678901234567890', 'true', 'false', 'null', '""',
      '"a\\"b\\\\c\\/d\\b\\f\\n\\r\\t"', '"\\u00e9\\u00C9\\uD83D\\uDE00"', '"\\uD800 lone"', '"\ud800 raw lone surrogate"', '"\u2028\u2029 separators"',
      '"\u007f\u0080 DEL"', '{"__proto__":{"constructor":1},"prototype":[]}', '{"a":1,"a":2}', '{"":""}', '[[[[]]]]', '[1,[2,{"x":[3]}],"4"]',
      '{\n  "name": "get_weather",\n  "parameters": {"type": "object"}\n}', '"' + 'x'.repeat(70_000) + '"', '"\\\\"', '"\\\\\\""',
    ];
    const invalid = [
      '', '   ', '{', '}', '[', '[1,]', '{"a":1,}', '{"a" 1}', '{"a":}', '{a:1}', "{'a':1}", '[1 2]', '01', '1.', '.5', '-', '+1', '1e', '1e+',
      '0x10', 'NaN', 'Infinity', '-Infinity', 'tru', 'nul', 'truex', 'True', 'null1', '"unterminated', '"a\\x"', '"\\u12"', '"\\u12G4"', '"tab\there"',
      '"new\nline"', '"nul\u0000"', '// c\n{}', '{} /* c */', '{}{}', '[] x', '\u000b{}', '\f[]', '\u00a0{}', '\ufeff{}', '{"a":1}\u2028', '{"a"\u00a0:1}',
    ];
    for (const t of valid) assert.ok(agrees(t, JSON.stringify(t.slice(0, 40))), `valid: ${JSON.stringify(t.slice(0, 40))}`);
    for (const t of invalid) assert.ok(!agrees(t, JSON.stringify(t)), `invalid: ${JSON.stringify(t)}`);
  });

  it('gives up past the nesting and token bounds (the document then refuses the file)', () => {
    const nested = (n: number) => '['.repeat(n) + ']'.repeat(n);
    assert.ok(parseStrictJson(nested(MAX_NESTING), MAX_NESTING, MAX_TOKENS));
    assert.equal(parseStrictJson(nested(MAX_NESTING + 1), MAX_NESTING, MAX_TOKENS), undefined);
    assert.equal(parseStrictJson(nested(100_000), MAX_NESTING, MAX_TOKENS), undefined);
    assert.equal(parseStrictJson('[1,2,3]', MAX_NESTING, 2), undefined);
    assert.equal(parseStrictJson('[1,2,3]', MAX_NESTING, 3)?.tokens, 3);
    assert.equal(parseStrictJson('{"a":[1],"b":{}}', MAX_NESTING, 100)?.tokens, 6);
    assert.equal(new ToolDocument('file:///deep.tool.json', nested(MAX_NESTING + 1)).refused, 'depth');
    const zeros = (n: number) => '[' + '0,'.repeat(n - 1) + '0]';
    const over = new ToolDocument('file:///values.tool.json', zeros(MAX_TOKENS + 1));
    assert.equal(over.refused, 'values');
    assert.equal(over.tree, undefined);
    const under = new ToolDocument('file:///values.tool.json', zeros(MAX_TOKENS - 1));
    assert.equal(under.refused, undefined);
    assert.equal(under.tree?.children?.length, MAX_TOKENS - 1);
    assert.equal(under.tokens, MAX_TOKENS - 1);
    const doc = new ToolDocument('file:///ok.tool.json', nested(MAX_NESTING));
    assert.equal(doc.refused, undefined);
    assert.ok(doc.tree);
  });

  it('a byte-order mark is still reported once, with the tree parsed as after a space', () => {
    const doc = new ToolDocument('file:///bom.tool.json', '\ufeff{"name":"x"}');
    assert.equal(doc.syntaxProblems.length, 1);
    assert.match(doc.syntaxProblems[0]!.message, /byte-order mark/);
    assert.equal(doc.tree?.offset, 1);
    assert.equal(doc.tree?.children?.[0]?.children?.[1]?.value, 'x');
  });

  it('a document typed through syntax errors (one URI: valid, invalid, valid) gets the tree and problems of each version', () => {
    const uri = 'file:///typed.tool.json';
    const versions = ['{"name":"get_x"}', '{"name":"get_x",}', '{"name":"get_x", "d', '{"name":"get_x", "d":1}', '{"name":"get_x", "d":1}', '\ufeff{"name":1'];
    for (const text of versions) {
      const doc = new ToolDocument(uri, text);
      const slow = jsonc(text.replace(/^\ufeff/, ' '));
      assert.deepStrictEqual(doc.tree, slow.tree, text);
      assert.equal(doc.syntaxProblems.length > 0, slow.errors.length > 0 || text.startsWith('\ufeff'), text);
      assert.equal(doc.tokens, scanShape(text).tokens, text);
    }
  });

  it('agrees with jsonc-parser on mutated real files (seeded)', () => {
    const sources = loadSources(16 * 1024);
    let accepted = 0;
    let rejected = 0;
    fc.assert(
      fc.property(caseArb(sources.length, 3), (c) => {
        if (agrees(applyCase(sources, c), `case ${JSON.stringify(c).slice(0, 200)}`)) accepted++;
        else rejected++;
      }),
      { seed: 20261123, numRuns: 1500 },
    );
    // Both sides of the property were exercised.
    assert.ok(accepted > 100 && rejected > 100, `accepted ${accepted}, rejected ${rejected}`);
  });

  it('finds the same repeated keys on both paths as a brute-force reference, on seeded objects', () => {
    const random = rng(7);
    const int = (n: number) => Math.floor(random() * n);
    const KEYS = ['name', 'type', 'a', 'b', 'description', 'na\\u006de', 'x'];
    /** A random value: objects of 0 to 12 members drawing keys from a small set, so repeats are common. */
    const value = (depth: number): string => {
      const r = int(depth > 3 ? 2 : 4);
      if (r === 0) return String(int(100));
      if (r === 1) return '"s"';
      if (r === 2) return `[${Array.from({ length: int(3) }, () => value(depth + 1)).join(', ')}]`;
      return `{${Array.from({ length: int(13) }, () => `"${KEYS[int(KEYS.length)]}": ${value(depth + 1)}`).join(', ')}}`;
    };
    /** Offsets of keys that a later member of their object repeats, from jsonc-parser's tree, pair by pair. */
    const reference = (text: string): number[] => {
      const out: number[] = [];
      const visit = (n: ReturnType<typeof parseTree>) => {
        if (!n?.children) return;
        if (n.type === 'object') {
          const keys = n.children.map((m) => m.children![0]!);
          keys.forEach((k, i) => {
            if (keys.slice(i + 1).some((l) => l.value === k.value)) out.push(k.offset);
          });
        }
        n.children.forEach(visit);
      };
      visit(parseTree(text));
      return out.sort((a, b) => a - b);
    };
    let repeated = 0;
    let distinct = 0;
    for (let i = 0; i < 2000; i++) {
      const text = value(0);
      const expected = reference(text);
      if (expected.length) repeated++;
      else distinct++;
      const strict = new ToolDocument('file:///dup-strict.json', text);
      assert.deepEqual(strict.duplicateKeys.map((k) => k.offset), expected, `strict path: ${text}`);
      // A comment at the end: not strict JSON, so jsonc-parser builds the tree (same offsets).
      const loose = new ToolDocument('file:///dup-loose.json', text + ' //');
      assert.ok(loose.syntaxProblems.length > 0);
      assert.deepEqual(loose.duplicateKeys.map((k) => k.offset), expected, `jsonc-parser path: ${text}`);
    }
    assert.ok(repeated > 200 && distinct > 200, `repeated ${repeated}, distinct ${distinct}`);
  });
});
