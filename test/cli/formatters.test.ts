/**
 * The CLI formatters on large reports: writeJson prints what JSON.stringify(value, null, 2) prints, byte for byte,
 * in chunks (a SARIF report of 200,000 findings is longer than a string may be); the text format lays out 200,000
 * findings of one file (its column widths took Math.max(...) of every row: "Maximum call stack size exceeded").
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatJson, formatText, uriPath, writeJson, type FileReport } from '../../server/src/cli/formatters';
import type { Finding } from '../../shared/src/types';

function collect(f: (write: (s: string) => void) => void): { text: string; chunks: number } {
  const parts: string[] = [];
  f((s) => parts.push(s));
  return { text: parts.join(''), chunks: parts.length };
}

const finding = (i: number): Finding => ({
  rule: 'param-description-missing',
  messageId: 'missing',
  message: `Parameter "p${i}" has no description.`,
  severity: 'warning',
  tool: 'get_weather',
  pointer: `/parameters/properties/p${i}`,
  range: { start: { line: i + 1, character: 4 }, end: { line: i + 1, character: 9 } },
  offset: i * 10,
  length: 5,
});

describe('CLI formatters on large reports', () => {
  it('writeJson equals JSON.stringify(value, null, 2) plus a line break, for any JSON value and undefined members', () => {
    const value = fc.oneof(fc.jsonValue(), fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), fc.constant(undefined))), fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined))));
    fc.assert(
      fc.property(value, (v) => {
        assert.equal(collect((w) => writeJson(w, v)).text, `${JSON.stringify(v, null, 2)}\n`);
      }),
      { numRuns: 2000, seed: 5 },
    );
  });

  it('writeJson writes the same whichever parts it stringifies whole (budgets of 0 to 12 values) and however deep', () => {
    const value = fc.oneof(fc.jsonValue({ maxDepth: 6 }), fc.array(fc.oneof(fc.jsonValue(), fc.constant(undefined)), { maxLength: 30 }));
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 12 }), (v, small) => {
        assert.equal(collect((w) => writeJson(w, v, small)).text, `${JSON.stringify(v, null, 2)}\n`);
      }),
      { numRuns: 2000, seed: 11 },
    );
    // Line breaks and look-alikes inside strings, and a toJSON object, at every depth.
    const tricky = { a: ['x\ny', { 'k\n': 'v\r\n', d: new Date(0), n: [1, [2, [3, { e: '\u2028' }]]] }], b: { c: { d: { e: [] } } } };
    for (let small = 0; small <= 20; small++) assert.equal(collect((w) => writeJson(w, tricky, small)).text, `${JSON.stringify(tricky, null, 2)}\n`);
  });

  it('formatJson writes JSON.stringify(report, null, 2) of the public JSON shape, for any files, findings, fixes and outputs', () => {
    const str = fc.string({ unit: 'binary', maxLength: 12 });
    const int = fc.nat({ max: 100_000 });
    const found = fc.record({
      rule: str,
      messageId: str,
      message: fc.oneof(str, fc.constantFrom('line\nbreak "quoted" \\ \u2028', '')),
      severity: fc.constantFrom('error', 'warning', 'info', 'hint'),
      tool: fc.option(str, { nil: null }),
      pointer: str,
      range: fc.record({ start: fc.record({ line: int, character: int }), end: fc.record({ line: int, character: int }) }),
      offset: int,
      length: int,
    }) as fc.Arbitrary<Finding>;
    const report = fc.record(
      { path: str, findings: fc.array(found, { maxLength: 5 }), tools: int, fixed: fc.array(found, { maxLength: 3 }), output: str },
      { requiredKeys: ['path', 'findings', 'tools'] },
    ) as fc.Arbitrary<FileReport>;
    fc.assert(
      fc.property(fc.array(report, { maxLength: 4 }), (files) => {
        const expected = {
          version: 1,
          files: files.map((f) => ({
            path: f.path,
            ...(f.fixed ? { fixed: f.fixed.map((d) => ({ rule: d.rule, message: d.message, tool: d.tool, pointer: d.pointer, line: d.range.start.line, character: d.range.start.character })) } : {}),
            ...(f.output !== undefined ? { output: f.output } : {}),
            diagnostics: f.findings.map((d) => ({ rule: d.rule, severity: d.severity, message: d.message, tool: d.tool, pointer: d.pointer, range: d.range })),
          })),
        };
        assert.equal(collect((w) => formatJson(files, w)).text, `${JSON.stringify(expected, null, 2)}\n`);
      }),
      { numRuns: 1000, seed: 3 },
    );
  });

  it('200,000 findings in one file: JSON in several chunks equal to one JSON.stringify; text laid out in columns', () => {
    const findings = Array.from({ length: 200_000 }, (_, i) => finding(i));
    const files: FileReport[] = [{ path: 'big.tool.json', findings, tools: 1 }];
    const json = collect((w) => formatJson(files, w));
    assert.ok(json.chunks > 10, `${json.chunks} chunks`);
    const parsed = JSON.parse(json.text) as { files: { diagnostics: unknown[] }[] };
    assert.equal(parsed.files[0]!.diagnostics.length, 200_000);
    assert.equal(json.text, `${JSON.stringify(parsed, null, 2)}\n`);
    const text = formatText(files, false);
    const lines = text.split('\n');
    assert.equal(lines[3], '  3:5       warning  Parameter "p1" has no description.  param-description-missing');
    assert.equal(lines[200_001], '  200001:5  warning  Parameter "p199999" has no description.  param-description-missing');
    assert.match(text, /✖ 200000 problems \(0 errors, 200000 warnings\) in 1 file, 1 tool\.\n$/);
  });

  it('SARIF paths are URI paths: "#", "?", "%" and spaces escaped, slashes kept, and they read back as the path', () => {
    for (const p of ['report #1?.tool.json', 'a b/c%d.tool.json', 'dir\\win.tool.json', 'ü/漢字.tool.json', '/abs/x#y.tool.json']) {
      const u = uriPath(p, true);
      assert.doesNotMatch(u, /[#? ]/, u);
      assert.equal(new URL(`file:///base/${u.replace(/^\//, '')}`).pathname.split('/').map(decodeURIComponent).join('/'), `/base/${p.replace(/\\/g, '/').replace(/^\//, '')}`);
    }
  });

  it('SARIF paths: a backslash is a separator on Windows only, elsewhere a character of the name (%5C)', () => {
    // An independent tester: "a\\b.tool.json", a legal name on Linux, was written as the URI of b.tool.json in a/.
    assert.equal(uriPath('a\\b.tool.json', false), 'a%5Cb.tool.json');
    assert.equal(uriPath('a\\b.tool.json', true), 'a/b.tool.json');
    if (process.platform !== 'win32') assert.equal(uriPath('x/a\\b.tool.json'), 'x/a%5Cb.tool.json');
  });
});
