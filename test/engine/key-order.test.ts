/**
 * Findings do not depend on the order keys are written in (issue 7's fuzzing property), for the findings that
 * name one of several candidates: the first error ajv meets (default-invalid, schema-invalid past 10,000 values),
 * the object reported as nested too deep, the parameter past Anthropic's per-request limit. Each case writes the
 * same JSON with its keys in two orders and compares the findings' rules, pointers and messages. A generated
 * fuzz case (fast-check JSON values as defaults) found the first three; one of evaluation sets, the last.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintEvalSet, lintText } from '../../shared/src/linter';
import { fixAll } from '../../shared/src/fix';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { ISSUE_TOOLS } from '../evalFixtures';

const TODAY = '2026-11-24';

/** The findings of `rule`, as "pointer message", sorted. */
function findings(text: string, rule: string): string[] {
  return lintText('file:///key-order.tool.json', text, { today: TODAY })
    .findings.filter((f) => f.rule === rule)
    .map((f) => `${f.pointer} ${f.message}`)
    .sort();
}

/** A tool file: one Chat Completions tool, strict or not, around the parameter schema. */
const tool = (params: unknown, strict = false) =>
  JSON.stringify([{ type: 'function', function: { name: 'get_report', description: 'Use this when the user asks for a report. Returns the report.', ...(strict ? { strict: true } : {}), parameters: params } }], null, 2);

/** `o` with its keys in reverse order, at every level. */
function reversed(o: unknown): unknown {
  if (Array.isArray(o)) return o.map(reversed);
  if (o === null || typeof o !== 'object') return o;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(o).reverse()) out[k] = reversed((o as Record<string, unknown>)[k]);
  return out;
}

function sameBothWays(params: unknown, rule: string, strict = false): string[] {
  const a = findings(tool(params, strict), rule);
  const b = findings(tool(reversed(params), strict), rule);
  assert.ok(a.length > 0, `no ${rule} finding`);
  assert.deepEqual(b, a);
  return a;
}

describe('findings that name one of several candidates do not depend on key order', () => {
  it('default-invalid: a default with two properties the schema does not allow names the same one', () => {
    const params = { type: 'object', properties: { window: { type: 'object', properties: { from: { type: 'string' } }, additionalProperties: false, default: { zone: 'UTC', to: '2024-12-31', from: '2024-01-01' } } } };
    const [f] = sameBothWays(params, 'default-invalid');
    assert.match(f!, /has the property "to", which the schema does not allow/);
  });

  it('default-invalid: a default with two invalid members, whichever order the schema lists them in', () => {
    const params = { type: 'object', properties: { range: { type: 'object', properties: { start: { type: 'integer' }, end: { type: 'integer' } }, default: { start: 'a', end: 'b' } } } };
    sameBothWays(params, 'default-invalid');
  });

  it('schema-invalid past 10,000 values (first error only): the same error in either order', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 4000; i++) properties[`field_${i}`] = { type: 'string', description: `Field ${i}.` };
    properties.zeta = { type: 'string', minLength: -1 };
    properties.alpha = { type: 'string', maxLength: -2 };
    const [f, more] = sameBothWays({ type: 'object', properties }, 'schema-invalid');
    assert.equal(more, undefined);
    assert.match(f!, /^\/0\/function\/parameters\/properties\/alpha\/maxLength /);
  });

  it('strict-limits: of two objects nested too deep, the same one is reported', () => {
    const deep = (levels: number, leaf: string): unknown => (levels === 0 ? { type: 'string' } : { type: 'object', properties: { [`${leaf}_${levels}`]: deep(levels - 1, leaf) }, required: [`${leaf}_${levels}`], additionalProperties: false });
    const params = { type: 'object', properties: { beta: deep(11, 'b'), alpha: deep(11, 'a') }, required: ['beta', 'alpha'], additionalProperties: false };
    const [f, more] = sameBothWays(params, 'strict-limits', true);
    assert.equal(more, undefined);
    assert.match(f!, /^\/0\/function\/parameters\/properties\/alpha\/(properties\/a_\d+\/)+properties\/a_3 This object is nested 11 levels deep/);
  });

  it('strict-limits: the Anthropic optional parameter past the limit is the same one, counted in name order', () => {
    const properties: Record<string, unknown> = {};
    for (let i = 0; i < 25; i++) properties[`opt_${i}`] = { type: 'string' };
    const file = (props: Record<string, unknown>) =>
      JSON.stringify([{ name: 'get_metric', description: 'Use this when the user asks for a metric. Returns the metric.', strict: true, input_schema: { type: 'object', properties: props, required: [], additionalProperties: false } }]);
    const a = findings(file(properties), 'strict-limits');
    const b = findings(file(reversed(properties) as Record<string, unknown>), 'strict-limits');
    assert.deepEqual(b, a);
    assert.equal(a.length, 1);
    assert.match(a[0]!, /"opt_24" is optional parameter number 25/);
  });

  it('strict-limits and toolset-size: in a catalog keyed by tool name, the tool past the limit is the same one in either order', () => {
    // An independent fuzzer: 22 strict Anthropic tools keyed by name; the 21st (and the toolset's 21st) moved with the keys.
    const tools: Record<string, unknown> = {};
    for (let i = 0; i < 22; i++) {
      const name = `get_item_${String.fromCharCode(97 + i)}`;
      tools[name] = { name, description: 'Gets the item for the user. Use when the user asks about an item.', strict: true, input_schema: { type: 'object', properties: { q: { type: 'string', description: 'q' }, r: { type: ['string', 'integer'], description: 'r' } }, required: ['q'], additionalProperties: false } };
    }
    const lint = (o: unknown) =>
      lintText('file:///catalog.tool.json', JSON.stringify({ tools: o }, null, 1), { today: TODAY })
        .findings.filter((f) => f.rule === 'strict-limits' || f.rule === 'toolset-size')
        .map((f) => `${f.rule} ${f.pointer} ${f.message}`)
        .sort();
    const reversedTools = Object.fromEntries(Object.entries(tools).reverse());
    const a = lint(tools);
    assert.deepEqual(lint(reversedTools), a);
    assert.ok(a.some((f) => f.startsWith('strict-limits /tools/get_item_u/name')), a.join('\n'));
    assert.ok(a.some((f) => f.startsWith('toolset-size /tools/get_item_u/name')), a.join('\n'));
  });

  it('eval-set-invalid: something missing from an object is shown at the same member in either order', () => {
    const tools = discoverTools(new ToolDocument('file:///w/issues.tool.json', ISSUE_TOOLS).tree).tools;
    const lint = (value: unknown) => {
      const text = JSON.stringify(value, null, 2);
      return lintEvalSet(new ToolDocument('file:///w/issues.eval.json', text), { target: { uri: 'file:///w/issues.tool.json', tools } })
        .findings.filter((f) => f.rule === 'eval-set-invalid')
        .map((f) => `${f.pointer} ${f.message}`)
        .sort();
    };
    const cases = [
      // No "cases", two unknown keys: shown at the key that sorts first.
      { zeta: 1, alpha: 2 },
      // A case without "expect": shown at its "prompt".
      { tools: './issues.tool.json', cases: [{ category: 'normal', note: 'x', prompt: 'Find issues about login.' }] },
    ];
    const expected = ['/alpha The evaluation set needs "cases"', '/cases/0/prompt Case 1 needs an "id"'];
    cases.forEach((value, i) => {
      const a = lint(value);
      assert.deepEqual(lint(reversed(value)), a);
      assert.ok(a.some((f) => f.startsWith(expected[i]!)), a.join('\n'));
    });
  });
});

describe('fix-all does not depend on key order', () => {
  /** Parsed, keys sorted and `required` as a set: what a reader of the JSON sees. */
  const normal = (v: unknown, key = ''): unknown => {
    if (Array.isArray(v)) return key === 'required' ? [...v].map(String).sort() : v.map((x) => normal(x));
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, normal((v as Record<string, unknown>)[k], k)]));
  };
  const fixedBothWays = (value: unknown) => {
    const a = fixAll('file:///a.tool.json', JSON.stringify(value, null, 1), { today: TODAY });
    const b = fixAll('file:///b.tool.json', JSON.stringify(reversed(value), null, 1), { today: TODAY });
    assert.deepEqual(normal(JSON.parse(b.output)), normal(JSON.parse(a.output)));
    assert.deepEqual(b.fixed.map((f) => `${f.rule} ${f.pointer}`).sort(), a.fixed.map((f) => `${f.rule} ${f.pointer}`).sort());
    return a;
  };
  // Each found by an independent fuzzer: the output differed with the order of the keys.
  it('two misspellings of one keyword: the same one is renamed', () => {
    const r = fixedBothWays({ type: 'function', name: 'get_x', description: 'Gets x for the user. Use when the user asks about x values.', parameters: { type: 'object', properties: { n: { type: 'string', Description: 'first', descripton: 'second' } }, required: ['n'], additionalProperties: false } });
    assert.match(r.output, /"description"/);
  });

  it('strict mode: "required" is added (and nested fixes made) whether "type" comes before "properties" or after', () => {
    fixedBothWays({ type: 'function', name: 'list_users', description: 'Gets the thing for the user. Use when the user asks about the thing in detail.', strict: true, parameters: { type: 'object', properties: { limit: { type: 'any', description: 'Optional. Defaults to 5.', properties: { x0: { Type: 'STRING', descripton: 'Optional. Defaults to 5.' } } } }, required: ['limit'], additionalProperties: false } });
    const r = fixedBothWays({ tools: [{ function: { description: 'Gets the thing for the user. Use when the user asks about the thing in detail.', strict: true, parameters: { type: 'object', properties: { unit: { propertis: { x2: {} } }, b: {} } } } }] });
    assert.deepEqual((normal(JSON.parse(r.output)) as { tools: [{ function: { parameters: { required: string[] } } }] }).tools[0].function.parameters.required, ['b', 'unit']);
  });

  it('a keyword rename that writes an invalid schema is not applied because another tool\'s fix removes an error', () => {
    const r = fixedBothWays({ tools: [{ description: 'Gets the thing for the user. Use when the user asks about the thing in detail.', inputSchema: { properties: { limit: { type: 'any', desciption: '' } } } }, { function: { description: 'Gets the thing for the user. Use when the user asks about the thing in detail.', parameters: { properties: { a: { items: { enums: [] } }, count: { type: 'dict' } } } } }] });
    assert.match(r.output, /"enums": \[\]/);
    assert.equal(r.remaining.findings.filter((f) => f.rule === 'schema-invalid').length, 0);
  });
});
