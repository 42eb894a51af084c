/**
 * The refactors and generated files never lose or break what the user wrote (found by an independent tester of
 * the language server): no Bump or Mark deprecated over an existing deprecation marker, a description that is not a
 * string or an MCP `_meta` that is not an object; no successor that does not exist; a copy without any copy of a
 * repeated marker key, and with its description exactly as written; no new name over 64 characters; unique case
 * ids and a readable "tools" path in a new evaluation set; no second "type" key from the flag fix.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { lintText } from '../../shared/src/linter';
import { applyEdits } from '../../shared/src/fixes/edits';
import { refactorEdits, refactorRefusal, refactorsFor, type RefactorId } from '../../shared/src/fixes/refactors';
import { evalSetSkeleton } from '../../shared/src/evaluation/skeleton';
import { fixesFor } from '../../shared/src/fix';
import { child, entries } from '../../shared/src/document';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { corpusDir } from '../../tools/corpus';

const TODAY = '2026-11-25';

function setup(code: string, name: string) {
  const lint = lintText('file:///t.tool.json', code, { today: TODAY });
  const tool = lint.discovery.tools.find((t) => t.name === name);
  assert.ok(tool, name);
  return { lint, tool };
}

function offered(code: string, name: string): RefactorId[] {
  const { lint, tool } = setup(code, name);
  return refactorsFor(lint, tool, { today: TODAY }).map((r) => r.id);
}

describe('refactors that would lose what the user wrote are refused, saying why', () => {
  it('a tool already deprecated keeps its marker: no Bump, no Mark deprecated', () => {
    const code = `[{ "name": "get_weather", "description": "Deprecated: use get_weather_v2 instead. Weather.", "deprecated": { "since": "2026-01-15", "replacedBy": ["get_weather_v2"], "reason": "upstream API retired" }, "parameters": { "type": "object", "properties": {} } },
 { "name": "get_weather_v2", "description": "Use this when the user asks for the weather.", "parameters": { "type": "object", "properties": {} } }]`;
    assert.deepEqual(offered(code, 'get_weather').filter((id) => id === 'bumpVersion' || id === 'markDeprecated'), []);
    const { lint, tool } = setup(code, 'get_weather');
    assert.equal(refactorEdits(lint, tool, 'bumpVersion', { today: TODAY }), undefined);
    assert.equal(refactorEdits(lint, tool, 'markDeprecated', { today: TODAY }), undefined);
    assert.match(refactorRefusal(lint, tool, 'bumpVersion')!, /already deprecated: bump its successor instead/);
  });

  it('a description that is not a string, or an MCP _meta that is not an object, is not replaced', () => {
    const objDesc = `{ "name": "get_invoice", "description": { "en": "Gets an invoice.", "de": "Ruft eine Rechnung ab." }, "parameters": { "type": "object", "properties": {} } }`;
    const { lint, tool } = setup(objDesc, 'get_invoice');
    assert.match(refactorRefusal(lint, tool, 'markDeprecated')!, /"description" is not a string \(object\)/);
    assert.deepEqual(offered(objDesc, 'get_invoice').filter((id) => id !== 'splitRemove' && id !== 'splitKeep'), []);
    const meta = `{ "name": "list_issues", "description": "Use this to list issues.", "_meta": "opaque-vendor-token", "inputSchema": { "type": "object", "properties": {} } }`;
    const m = setup(meta, 'list_issues');
    assert.match(refactorRefusal(m.lint, m.tool, 'bumpVersion')!, /"_meta" is not an object \(string\)/);
    assert.equal(refactorEdits(m.lint, m.tool, 'markDeprecated', { today: TODAY }), undefined);
  });

  it('an object with a name but neither a description nor parameters (a ToolBench response template) is not bumped or marked', () => {
    // Bump wrote "description": "Deprecated: use str_v2 instead." into the template and a "str_v2" member beside it.
    const code = `{ "category_name": "Logistics", "tool_name": "Transportistas de Argentina", "api_name": "/cities/states", "api_description": "List of states for Argentina with iso code.", "required_parameters": [], "optional_parameters": [], "method": "GET", "template_response": { "name": "str", "iso_code": "str" } }`;
    const lint = lintText('file:///t.tool.json', code, { today: TODAY });
    const template = lint.discovery.tools.find((t) => t.name === 'str');
    assert.ok(template, lint.discovery.tools.map((t) => t.name).join(', '));
    for (const id of ['bumpVersion', 'markDeprecated', 'splitKeep'] as const) assert.match(refactorRefusal(lint, template, id)!, /neither a description nor parameters/, id);
    assert.deepEqual(refactorsFor(lint, template, { today: TODAY }).map((r) => r.id), []);
    assert.equal(refactorEdits(lint, template, 'bumpVersion', { today: TODAY }), undefined);
    // The same from the corpus file where it was found, whichever object discovery reads there as a tool.
    const corpus = readFileSync(join(corpusDir(), 'misc/OpenBMB__ToolBench__rapidapi_api_list.tool.json'), 'utf8');
    const c = lintText('file:///c.tool.json', corpus, { today: TODAY });
    const bare = c.discovery.tools.filter((t) => t.name && !t.descriptionNode && !t.params);
    assert.ok(bare.length > 0, 'the corpus file still has such an object');
    for (const t of bare.slice(0, 20)) assert.deepEqual(refactorsFor(c, t, { today: TODAY }).map((r) => r.id).filter((id) => id !== 'splitRemove'), [], t.name);
  });

  it('a new name over 64 characters is refused', () => {
    const name = 'get_quarterly_revenue_breakdown_by_region_and_product_line_total';
    assert.equal(name.length, 64);
    const code = `{ "name": "${name}", "description": "Use this when the user asks for revenue.", "parameters": { "type": "object", "properties": {} } }`;
    const { lint, tool } = setup(code, name);
    assert.match(refactorRefusal(lint, tool, 'bumpVersion')!, /would have 67 characters \(at most 64/);
    assert.ok(!offered(code, name).includes('bumpVersion'));
  });
});

describe('refactors write only what exists and copy exactly', () => {
  it('x_v0 is marked deprecated without a successor when x_v1 does not exist', () => {
    const code = `[{ "name": "create_report_v0", "description": "Use this when the user asks for a report.", "parameters": { "type": "object", "properties": {} } }]`;
    const { lint, tool } = setup(code, 'create_report_v0');
    const r = refactorEdits(lint, tool, 'markDeprecated', { today: TODAY });
    const out = applyEdits(code, r!.edits);
    assert.ok(!out.includes('create_report_v1'), out);
    // A marker with its date and no successor list (an empty "replacedBy" said nothing; an independent UI tester).
    assert.match(out, /"deprecated": \{ ?"since": "\d{4}-\d{2}-\d{2}" ?\}/);
    assert.ok(!out.includes('replacedBy'), out);
  });

  it('a tool that repeats a key is not bumped (the copy would repeat it; which copy counts differs by parser)', () => {
    const code = `[{ "name": "get_rate", "description": "Exchange rate.", "deprecated": { "since": "2025-01-01", "replacedBy": ["get_rate_legacy"] }, "deprecated": false, "parameters": { "type": "object", "properties": {} } }]`;
    const { lint, tool } = setup(code, 'get_rate');
    assert.match(refactorRefusal(lint, tool, 'bumpVersion')!, /repeats a key/);
    assert.equal(refactorEdits(lint, tool, 'bumpVersion', { today: TODAY }), undefined);
  });

  it('a bump copy keeps its description exactly as written (leading whitespace too)', () => {
    const code = `[{ "name": "get_rate", "description": "\\n  Exchange rate of a currency pair.", "parameters": { "type": "object", "properties": {} } }]`;
    const { lint, tool } = setup(code, 'get_rate');
    const r = refactorEdits(lint, tool, 'bumpVersion', { today: TODAY });
    const after = JSON.parse(applyEdits(code, r!.edits)) as { name: string; description: string }[];
    assert.equal(after.find((t) => t.name === 'get_rate_v2')!.description, '\n  Exchange rate of a currency pair.');
  });
});

describe('a new evaluation set', () => {
  it('gives every case its own id, and names the tool file as it is written', () => {
    const tools = lintText('file:///x/m%C3%A9t%C3%A9o%20api.tool.json', `[{ "name": "get_user", "description": "d" }, { "name": "get-user", "description": "d" }, { "name": "ambiguous", "description": "d" }]`).discovery.tools;
    const set = JSON.parse(evalSetSkeleton('file:///x/m%C3%A9t%C3%A9o%20api.eval.json', 'file:///x/m%C3%A9t%C3%A9o%20api.tool.json', tools)) as { tools: string; cases: { id: string }[] };
    const ids = set.cases.map((c) => c.id);
    assert.equal(new Set(ids).size, ids.length, ids.join(', '));
    assert.equal(set.tools, './météo api.tool.json');
  });
});

describe('type-flag-as-string fix', () => {
  it('writes no second "type" key beside "type": "null"', () => {
    const code = `{ "name": "list_orders", "description": "Use this to list orders.", "parameters": { "type": "object", "properties": { "include_archived": { "type": "null", "enum": ["yes", "no"], "description": "Whether to include archived orders" } } } }`;
    const lint = lintText('file:///t.tool.json', code);
    for (const f of lint.findings.filter((x) => x.rule === 'type-flag-as-string')) {
      for (const fix of fixesFor(lint, f, {})) {
        const out = applyEdits(code, fix.edits);
        assert.ok(!lintText('file:///t.tool.json', out).findings.some((g) => g.rule === 'parse-error'), `${fix.title}:\n${out}`);
      }
    }
  });
});

describe('split', () => {
  it('keeps a parameter no operation takes in every new tool, so none vanishes with the original', () => {
    // From an independent tester: contact_id (list/create) and sort_order (get/update) were in no new tool.
    const code = readFileSync(join(__dirname, '../../../test/fixtures/split-unplaced.tool.json'), 'utf8');
    const lint = lintText('file:///t.tool.json', code, { today: TODAY });
    for (const tool of lint.discovery.tools) {
      const r = refactorEdits(lint, tool, 'splitRemove', { today: TODAY });
      assert.ok(r, `${tool.name} splits`);
      const after = lintText('file:///t.tool.json', applyEdits(code, r.edits), { today: TODAY });
      const params = new Set(after.discovery.tools.filter((t) => r.names.includes(t.name!)).flatMap((t) => entries(child(t.params, 'properties')).map(([n]) => n)));
      const before = entries(child(tool.params, 'properties')).map(([n]) => n).filter((n) => n !== 'operation');
      assert.deepEqual(before.filter((n) => !params.has(n)), [], `${tool.name}: every parameter is in some new tool`);
    }
  });
});

describe('bump in a catalog keyed by name', () => {
  it('takes the next free key: a placeholder member named like the next version is not overwritten or repeated', () => {
    const code = `{
  "tools": {
    "get_quote": {
      "name": "get_quote",
      "description": "Gets a price quote for a product. Use this when the user asks how much something costs.",
      "parameters": { "type": "object", "properties": { "sku": { "type": "string", "description": "Product SKU" } } }
    },
    "get_quote_v2": { "status": "planned", "owner": "pricing-team" }
  }
}`;
    const { lint, tool } = setup(code, 'get_quote');
    assert.ok(refactorsFor(lint, tool, { today: TODAY }).some((r) => r.title.startsWith('Add versioned copy "get_quote_v3"')));
    const r = refactorEdits(lint, tool, 'bumpVersion', { today: TODAY });
    assert.deepEqual(r?.names, ['get_quote_v3']);
    const out = applyEdits(code, r!.edits);
    const after = lintText('file:///t.tool.json', out, { today: TODAY });
    assert.ok(!after.findings.some((f) => f.rule === 'parse-error'), out);
    const parsed = JSON.parse(out) as { tools: Record<string, { name?: string; status?: string }> };
    assert.equal(parsed.tools.get_quote_v2?.status, 'planned', 'the placeholder is kept');
    assert.equal(parsed.tools.get_quote_v3?.name, 'get_quote_v3');
  });
});

describe('eval-missing in an unsaved document', () => {
  it('offers no "Create evaluation set" (there is no folder to create it in)', () => {
    const code = `[{ "name": "get_weather", "description": "Use this when the user asks for the weather.", "parameters": { "type": "object", "properties": {} } }]`;
    for (const uri of ['untitled:Untitled-1', 'file:///w/weather.tool.json']) {
      const lint = lintText(uri, code, { evaluation: { sets: [], results: [] } });
      const f = lint.findings.find((x) => x.rule === 'eval-missing');
      assert.ok(f, `eval-missing in ${uri}`);
      assert.equal(fixesFor(lint, f, {}).length, uri.startsWith('untitled:') ? 0 : 1, uri);
    }
  });
});

describe('split of a tool that repeats a key', () => {
  it('is not offered: every new tool would carry the repeated key (found by the fuzzer, seed 62)', () => {
    const code = `[{ "name": "manage_orders", "description": "Use this to list, create or delete orders.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "enum": ["list", "create", "delete"] }, "order_id": { "type": "string", "description": "The order." } }, "definitions": { "b": { "type": "string", "nullable": false, "nullable": true } } } }]`;
    const { lint, tool } = setup(code, 'manage_orders');
    assert.deepEqual(refactorsFor(lint, tool, { today: TODAY }).map((r) => r.id).filter((id) => id.startsWith('split')), []);
    const withoutRepeat = code.replace('"nullable": false, ', '');
    const w = setup(withoutRepeat, 'manage_orders');
    assert.deepEqual(refactorsFor(w.lint, w.tool, { today: TODAY }).map((r) => r.id).filter((id) => id.startsWith('split')), ['splitRemove', 'splitKeep']);
  });
});

describe('split keeping the original, and split in a catalog keyed by name', () => {
  it('is not offered, and computes nothing, where marking the original deprecated would replace what the user wrote', () => {
    const ops = `"parameters": { "type": "object", "properties": { "operation": { "type": "string", "enum": ["list", "create", "delete"] }, "order_id": { "type": "string", "description": "The order." } } }`;
    for (const [label, code] of [
      ['a marker', `[{ "name": "manage_orders", "description": "Use this to list, create or delete orders.", "deprecated": { "since": "2026-01-15", "replacedBy": ["x"], "reason": "r" }, ${ops} }]`],
      ['an object description', `[{ "name": "manage_orders", "description": { "en": "Orders." }, ${ops} }]`],
      ['a string _meta', `[{ "name": "manage_orders", "description": "Use this to list, create or delete orders.", "_meta": "token", ${ops.replace('"parameters"', '"inputSchema"')} }]`],
    ] as const) {
      const { lint, tool } = setup(code, 'manage_orders');
      assert.ok(!refactorsFor(lint, tool, { today: TODAY }).some((r) => r.id === 'splitKeep'), label);
      assert.equal(refactorEdits(lint, tool, 'splitKeep', { today: TODAY }), undefined, label);
    }
  });

  it('takes no key a member of the catalog already has', () => {
    const code = `{ "tools": { "manage_orders": { "name": "manage_orders", "description": "Use this to list, create or delete orders.", "parameters": { "type": "object", "properties": { "operation": { "type": "string", "enum": ["list", "create", "delete"] }, "order_id": { "type": "string", "description": "The order." } } } }, "create_order": { "status": "planned" } } }`;
    const { lint, tool } = setup(code, 'manage_orders');
    const r = refactorEdits(lint, tool, 'splitRemove', { today: TODAY });
    assert.ok(r);
    assert.ok(!r.names.includes('create_order'), r.names.join(', '));
    const out = applyEdits(code, r.edits);
    assert.ok(!lintText('file:///t.tool.json', out).findings.some((f) => f.rule === 'parse-error'), out);
    assert.equal((JSON.parse(out) as { tools: Record<string, { status?: string }> }).tools.create_order?.status, 'planned');
  });
});
