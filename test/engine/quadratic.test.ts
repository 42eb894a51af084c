/**
 * Shapes that were quadratic in the rules, linted by the built CLI in a child process with a 60 s limit: before
 * their fixes they took minutes, after them seconds, so the limit tells a regression from a slow machine (in this
 * process a hang would also block the test runner's own timeout).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

function lintWithin60s(files: Record<string, string>, paths = ['*.tool.json']): { path: string; diagnostics: { rule: string; message: string }[] }[] {
  const dir = mkdtempSync(join(tmpdir(), 'toolschema-quadratic-'));
  try {
    for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
    const r = spawnSync(process.execPath, [CLI, 'lint', ...paths, '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 28 });
    assert.equal(r.error, undefined, 'the CLI finished within 60 s');
    assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
    return (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string }[] }[] }).files;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `toolschema lint --fix` on one file in a child process with a 60 s limit; returns the fixed text and the report. */
function fixWithin60s(text: string): { output: string; fixed: { rule: string; pointer: string }[]; remaining: { rule: string }[] } {
  const dir = mkdtempSync(join(tmpdir(), 'toolschema-quadratic-fix-'));
  try {
    const file = join(dir, 'x.tool.json');
    writeFileSync(file, text);
    const r = spawnSync(process.execPath, [CLI, 'lint', 'x.tool.json', '--fix', '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 28 });
    assert.equal(r.error, undefined, 'the CLI finished within 60 s');
    assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
    const report = (JSON.parse(r.stdout) as { files: { fixed: { rule: string; pointer: string }[]; diagnostics: { rule: string }[] }[] }).files[0]!;
    return { output: readFileSync(file, 'utf8'), fixed: report.fixed, remaining: report.diagnostics };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('shapes that were quadratic', { timeout: 120_000 }, () => {
  it('32,000 parameters with a default, each a $ref into a chain of 1,000 definitions (the verdict cache keyed each by the whole 2 MB schema: 105 s with 4,990)', () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 1000; i++) defs[`a${i}`] = { $ref: `#/$defs/a${i + 1}` };
    defs.a1000 = { type: 'integer' };
    const properties = Object.fromEntries(Array.from({ length: 32_000 }, (_, i) => [`p${i}`, { $ref: '#/$defs/a0', description: 'd', default: i === 31_999 ? 'x' : 1 }]));
    const tool = { name: 'get_weather_report', description: 'Gets the weather report for a city. Use when the user asks about the weather forecast.', parameters: { type: 'object', properties, $defs: defs } };
    const [file] = lintWithin60s({ 'x.tool.json': JSON.stringify(tool) });
    // Still checked: the one default the integer type rejects, and only it.
    const invalid = file!.diagnostics.filter((d) => d.rule === 'default-invalid');
    assert.equal(invalid.length, 1);
    assert.match(invalid[0]!.message, /Default "x" is not valid for this parameter \(must be integer\)/);
  });

  it('2,000 parameters with a default, each a $ref into a ring of 200 definitions (the definitions were copied and compiled with each: 6 s for 100 of them; an independent fuzzer), and 600 into a ring of 300 (ajv overflows its stack on it, for each parameter)', () => {
    const ring = (k: number, n: number) => {
      const defs: Record<string, unknown> = {};
      for (let i = 0; i < k; i++) defs[`Node${i}`] = { type: 'object', properties: { value: { type: 'string' }, child: { $ref: `#/$defs/Node${(i + 1) % k}` } } };
      // Every other default is invalid (a number for a string); each parameter's schema is its own (maxProperties).
      const properties = Object.fromEntries(Array.from({ length: n }, (_, i) => [`p${i}`, { $ref: `#/$defs/Node${i % k}`, maxProperties: 10 + i, description: 'P.', default: i % 2 ? { value: i } : { child: { value: 'x' } } }]));
      return JSON.stringify({ name: 'get_record', description: 'Use this when the user asks for the record by its id. Returns the record with its fields.', parameters: { type: 'object', $defs: defs, properties } });
    };
    const files = lintWithin60s({ 'ring.tool.json': ring(200, 2000), 'deep.tool.json': ring(300, 600) });
    const invalid = files.find((f) => f.path === 'ring.tool.json')!.diagnostics.filter((d) => d.rule === 'default-invalid');
    assert.equal(invalid.length, 1000);
    assert.match(invalid[0]!.message, /^Default \{"value":1\} is not valid for this parameter \(value must be string\)/);
    // Too deep for ajv: not checked (no finding), and no error.
    assert.deepEqual(files.find((f) => f.path === 'deep.tool.json')!.diagnostics.filter((d) => d.rule === 'default-invalid'), []);
  });

  it('"did you mean" over names of 150,000 characters: required-unknown and eval-unknown-tool charge a distance by its length (99 s and 15 s before)', () => {
    // An independent fuzzer: the budgets counted distances, each of which took about a second on such names.
    const long = (c: string) => c + 'x_y'.repeat(50_000);
    const tool = { name: 'get_x', description: 'Gets x for the user. Use when the user asks about x values.', parameters: { type: 'object', properties: Object.fromEntries(['a', 'b', 'c', 'd'].map((c) => [long(c), { type: 'string', description: 'd' }])), required: ['a', 'b', 'c', 'd'].map((c) => long(c) + 'z') } };
    const named = { name: long('get_'), description: 'Gets x for the user. Use when the user asks about x values.', parameters: { type: 'object', properties: {} } };
    const set = { tools: './b.tool.json', cases: [{ id: 'a', category: 'normal', prompt: 'p', expect: { tool: long('get_') + 'z' } }] };
    const files = lintWithin60s({ 'a.tool.json': JSON.stringify(tool), 'b.tool.json': JSON.stringify([named]), 'b.eval.json': JSON.stringify(set) }, ['*.tool.json', '*.eval.json']);
    const a = files.find((f) => f.path.endsWith('a.tool.json'))!;
    assert.equal(a.diagnostics.filter((d) => d.rule === 'required-unknown').length, 4);
    const e = files.find((f) => f.path.endsWith('b.eval.json'));
    assert.equal(e?.diagnostics.filter((d) => d.rule === 'eval-unknown-tool').length, 1);
  });

  it('a configuration with 200,000 wrong entries in "ignore" and in "verbs" (each problem was looked up in the list of those found: over 2 minutes)', () => {
    // An independent tester; a repository can ship such a file.
    const config = { ignore: Array(200_000).fill(5), verbs: { query: Array.from({ length: 200_000 }, (_, i) => `v${i}`) } };
    const tool = { name: 'get_weather', description: 'Use this when the user asks for the weather in a city. Returns the conditions.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City name.' } }, required: ['city'] } };
    const files = lintWithin60s({ 'toolschema.config.json': JSON.stringify(config), 'a.tool.json': JSON.stringify(tool) }, ['*.tool.json', 'toolschema.config.json']);
    const cfg = files.find((f) => f.path.endsWith('toolschema.config.json'));
    assert.ok(cfg && cfg.diagnostics.filter((d) => d.rule === 'config-invalid').length >= 400_000, String(cfg?.diagnostics.length));
  });

  it('--fix on one line: 24,000 properties of a strict schema, none in "required" (one fix shared by every finding, checked again for each, and the object scanned for line breaks per fix: 67 s)', () => {
    const properties = Object.fromEntries(Array.from({ length: 24_000 }, (_, i) => [`field_${i}`, { type: 'string', description: 'A field.' }]));
    const tool = { type: 'function', name: 'get_report', description: 'Gets a report. Use this when the user asks for a report.', strict: true, parameters: { type: 'object', properties, additionalProperties: false } };
    const r = fixWithin60s(JSON.stringify([tool]));
    const out = JSON.parse(r.output) as [{ parameters: { required: string[]; properties: Record<string, { type: unknown }> } }];
    assert.equal(out[0].parameters.required.length, 24_000);
    assert.deepEqual(out[0].parameters.properties.field_23999!.type, ['string', 'null']);
    // Every finding the one fix resolved is listed (only the first was, before).
    assert.equal(r.fixed.filter((f) => f.rule === 'strict-required-all').length, 24_000);
    assert.equal(r.remaining.filter((d) => d.rule === 'strict-required-all').length, 0);
  });

  it('--fix: 24,000 Python type names in a strict schema (a fix refused as overlapping was checked again for each finding: 71 s at 12,000)', () => {
    const properties = Object.fromEntries(Array.from({ length: 24_000 }, (_, i) => [`p${i}`, { type: 'int', description: 'd' }]));
    const tool = { type: 'function', name: 'get_x', description: 'Use this when the user asks for x. Returns x.', strict: true, parameters: { type: 'object', properties, additionalProperties: false } };
    const r = fixWithin60s(JSON.stringify([tool], null, 1));
    const out = JSON.parse(r.output) as [{ parameters: { properties: Record<string, { type: unknown }> } }];
    assert.deepEqual(out[0].parameters.properties.p23999!.type, ['integer', 'null']);
    assert.equal(r.remaining.filter((d) => d.rule === 'type-unknown' || d.rule === 'strict-required-all').length, 0);
  });

  it('required-unknown: an anyOf of 24,000 branches, each requiring an unknown name (a "did you mean" search per list over every name: 410 s)', () => {
    const branches = Array.from({ length: 24_000 }, (_, i) => ({ type: 'object', properties: { [`p${i}`]: { type: 'string' } }, required: [`p${i}`, `zz${i}`] }));
    const tool = { name: 'get_weather', description: 'Use this when the user asks for the weather in a city. Returns the forecast.', parameters: { type: 'object', properties: { q: { description: 'x', anyOf: branches } } } };
    // A small schema in the same run still gets its suggestion.
    const small = { name: 'get_city', description: 'Use this when the user asks about a city. Returns its facts.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City.' } }, required: ['cty'] } };
    const report = lintWithin60s({ 'wide.tool.json': JSON.stringify(tool), 'small.tool.json': JSON.stringify(small) });
    const wide = report.find((f) => f.path === 'wide.tool.json')!.diagnostics.filter((d) => d.rule === 'required-unknown');
    assert.equal(wide.length, 24_000);
    assert.match(report.find((f) => f.path === 'small.tool.json')!.diagnostics.find((d) => d.rule === 'required-unknown')!.message, /did you mean "city"\?/);
  });
});
