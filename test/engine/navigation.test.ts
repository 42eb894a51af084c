/**
 * The navigation engine: what is at a position, occurrences of a tool name across the workspace, rename edits
 * and refusals, the document outline, workspace symbols and completion (tool names, type values, new-tool
 * snippets).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MAX_INDEXED_DESCRIPTION, WorkspaceModel, indexFile } from '../../shared/src/workspace';
import { parseEvalSet } from '../../shared/src/evaluation/evalSet';
import { lintText, lintWorkspace, type FileLint } from '../../shared/src/linter';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { applyEdits } from '../../shared/src/fixes/edits';
import { identifiersIn } from '../../shared/src/workspace';
import {
  completionsAt,
  evalSetCompletionsAt,
  documentOutline,
  MAX_OUTLINE_PROPERTIES,
  expandSnippet,
  occurrencesOf,
  prepareRename,
  renameTool,
  targetAt,
  toolSnippet,
  workspaceSymbols,
  type OutlineSymbol,
} from '../../shared/src/navigation';
import type { Dialect } from '../../shared/src/types';

const param = '"parameters": { "type": "object", "properties": { "city": { "type": "string", "description": "City name, for example Paris." } }, "required": ["city"] }';
const tool = (name: string, description: string, extra = '') => `{ "name": "${name}", "description": "${description}", ${param}${extra} }`;

const WEATHER = `[
  ${tool('get_forecast', 'Use this when the user asks for the weather in the next days in a city. Returns daily highs and lows; get_forecast covers at most 7 days.')},
  ${tool('get_weather', 'Deprecated: use get_forecast instead. Use this when the user asks for the current weather in a city.', ', "deprecated": { "since": "2026-11-01", "replacedBy": ["get_forecast"] }')}
]
`;
const TRIP = `[
  ${tool('plan_trip', 'Use this when the user wants to plan a trip to a city. Call get_forecast first, then call `get_local_time` for the time zone.')}
]
`;
const TIME = `[
  ${tool('get_local_time', 'Use this when the user asks what time it is in a city. Returns the local time and the time zone.')}
]
`;
const FILES: Record<string, string> = {
  'file:///w/weather.tool.json': WEATHER,
  'file:///w/trip.tool.json': TRIP,
  'file:///w/time.tool.json': TIME,
};

/** The text each model was built from (the index keeps no text). */
const texts = new WeakMap<WorkspaceModel, Record<string, string>>();

function model(files: Record<string, string> = FILES): WorkspaceModel {
  const m = new WorkspaceModel();
  for (const [uri, text] of Object.entries(files)) m.updateText(uri, text);
  texts.set(m, files);
  return m;
}

function lintOf(m: WorkspaceModel, uri: string, text = texts.get(m)![uri]!): FileLint {
  return lintText(uri, text, { workspace: m.viewFrom(uri), today: '2026-11-22' });
}

/** Offset of `needle` (the n-th occurrence) plus `delta`. */
function at(text: string, needle: string, delta = 0, nth = 0): number {
  let i = -1;
  for (let k = 0; k <= nth; k++) {
    i = text.indexOf(needle, i + 1);
    assert.ok(i >= 0, `${needle} not found`);
  }
  return i + delta;
}

/** Applies a rename to the files' texts. */
function applyRename(files: Record<string, string>, r: ReturnType<typeof renameTool>): Record<string, string> {
  assert.ok(r.ok, r.ok ? '' : r.reason);
  const out = { ...files };
  for (const f of r.files) out[f.uri] = applyEdits(out[f.uri]!, f.edits.map((e) => ({ offset: e.offset, length: e.length, content: e.newText })));
  return out;
}

describe('navigation: what is at a position', () => {
  const m = model();
  const lint = lintOf(m, 'file:///w/weather.tool.json');

  it('finds a tool name, from the quotes to the last character', () => {
    for (const delta of [0, 1, 5, 'get_forecast'.length + 1]) {
      const t = targetAt(lint, at(WEATHER, '"get_forecast"', delta));
      assert.equal(t?.kind, 'tool', `delta ${delta}`);
      assert.equal(t?.name, 'get_forecast');
      assert.equal(WEATHER.slice(t!.offset, t!.offset + t!.length), 'get_forecast');
    }
  });

  it('finds a mention in a description (cursor on it or right after it), with its exact range', () => {
    const start = at(WEATHER, 'use get_forecast instead', 4);
    for (const off of [start, start + 3, start + 'get_forecast'.length]) {
      const t = targetAt(lint, off);
      assert.equal(t?.kind, 'mention');
      assert.equal(t?.name, 'get_forecast');
      assert.equal(t?.tool?.name, 'get_weather');
      assert.equal(t?.offset, start);
      assert.deepEqual(t?.range, lint.doc.rangeOf(start, 'get_forecast'.length));
    }
    // A tool's own name in its own description is a mention of itself.
    const self = targetAt(lint, at(WEATHER, 'get_forecast covers', 2));
    assert.equal(self?.kind, 'mention');
    assert.equal(self?.name, 'get_forecast');
    // An ordinary word is nothing.
    assert.equal(targetAt(lint, at(WEATHER, 'weather in the next', 2)), undefined);
  });

  it('finds a successor in a deprecation marker', () => {
    const t = targetAt(lint, at(WEATHER, '["get_forecast"]', 4));
    assert.equal(t?.kind, 'successor');
    assert.equal(t?.name, 'get_forecast');
    assert.equal(WEATHER.slice(t!.offset, t!.offset + t!.length), 'get_forecast');
  });

  it('finds nothing between tools, on keys, or in a file that does not parse', () => {
    assert.equal(targetAt(lint, at(WEATHER, '},\n  {', 2)), undefined);
    assert.equal(targetAt(lint, at(WEATHER, '"description"', 3)), undefined);
    assert.equal(targetAt(lint, at(WEATHER, 'Paris.', 1)), undefined);
    const broken = lintText('file:///w/b.tool.json', '{ "name": "get_x", "description": "use get_y');
    assert.doesNotThrow(() => targetAt(broken, 30));
    assert.equal(targetAt(lintText('file:///w/deep.tool.json', '['.repeat(600) + ']'.repeat(600)), 300), undefined);
  });

  it('reads mentions with the same identifier rule as the workspace index', () => {
    const descriptions = [
      'Use get_forecast, getForecast or get-forecast; not get__x, _private, x_, a.b, list_orders_v2.',
      'Call `weather.get_forecast` or mcp__weather__get_forecast then GetForecast (then UPPER_CASE and e-mail).',
      'Escapes \\"quoted_name\\" and \\u0067et_x and tab\\tget_tab_name here.',
    ];
    for (const d of descriptions) {
      const text = `[${tool('zz_self', d)}]`;
      const doc = new ToolDocument('file:///w/x.tool.json', text);
      const lint = lintText('file:///w/x.tool.json', text);
      const indexed = indexFile(doc, discoverTools(doc.tree)).refs.filter((r) => r.kind === 'mention').map((r) => `${r.offset}+${r.length}:${r.name}`);
      // What targetAt finds at the first character of each word is the word the index recorded there.
      const ours = indexed.map((r) => {
        const t = targetAt(lint, Number(r.split('+')[0]));
        return t ? `${t.offset}+${t.length}:${t.name}` : 'nothing';
      });
      assert.deepEqual(ours, indexed, d);
      assert.ok(ours.length >= 3, d);
    }
    // Escapes: the decoded words, each over its raw text (a \u escape inside a word, a \t before one).
    const escaped = `[${tool('zz_self', descriptions[2]!)}]`;
    const names = indexFile(new ToolDocument('file:///w/x.tool.json', escaped), discoverTools(new ToolDocument('file:///w/x.tool.json', escaped).tree)).refs.map((r) => `${r.name}=${escaped.slice(r.offset, r.offset + r.length)}`);
    assert.deepEqual(names, ['quoted_name=quoted_name', 'get_x=\\u0067et_x', 'get_tab_name=get_tab_name']);
    assert.deepEqual(identifiersIn('a_b'), [{ index: 0, name: 'a_b' }]);
  });
});

describe('navigation: occurrences and rename', () => {
  it('lists every reference across files (its own description included), and the definition on request', () => {
    const m = model();
    const occ = occurrencesOf(m, 'get_forecast', false);
    assert.deepEqual(occ.map((o) => `${o.uri.slice(10)} ${o.kind} ${o.inTool}`), [
      'trip.tool.json mention plan_trip',
      'weather.tool.json mention get_forecast',
      'weather.tool.json mention get_weather',
      'weather.tool.json successor get_weather',
    ]);
    for (const o of occ) assert.equal(FILES[o.uri]!.slice(o.offset, o.offset + o.length), 'get_forecast');
    const withDecl = occurrencesOf(m, 'get_forecast', true);
    assert.equal(withDecl.length, 5);
    assert.ok(withDecl.some((o) => o.kind === 'definition' && o.offset === at(WEATHER, '"get_forecast"', 1)));
  });

  it('renames a tool across files: definition, mentions, its own description and successor markers', () => {
    const m = model();
    const r = renameTool(m, 'get_forecast', 'get_daily_forecast');
    const after = applyRename(FILES, r);
    assert.ok(r.ok);
    assert.deepEqual(r.files.map((f) => [f.uri.slice(10), f.edits.length]).sort(), [['trip.tool.json', 1], ['weather.tool.json', 4]]);
    assert.doesNotMatch(after['file:///w/weather.tool.json']!, /get_forecast/);
    assert.match(after['file:///w/weather.tool.json']!, /"replacedBy": \["get_daily_forecast"\]/);
    assert.match(after['file:///w/weather.tool.json']!, /Deprecated: use get_daily_forecast instead/);
    assert.match(after['file:///w/trip.tool.json']!, /Call get_daily_forecast first/);
    assert.equal(after['file:///w/time.tool.json'], TIME);
    const lints = lintWorkspace(Object.entries(after).map(([uri, text]) => ({ uri, text })), { today: '2026-11-22' });
    const codes = lints.flatMap((l) => l.findings.map((f) => f.rule));
    assert.ok(!codes.includes('description-sibling-unknown'), codes.join(', '));
    assert.ok(!codes.includes('deprecated-no-successor'), codes.join(', '));
    assert.ok(!codes.includes('parse-error'));
  });

  it('finds and renames a mention written with a JSON escape, and reads "\\n" before a word as a line break', () => {
    // An independent tester: "call get\\u005fweather instead" reads as get_weather (the rules saw it) but references
    // and rename missed it; the renamed tool then left an unknown mention behind.
    const files = {
      'file:///w/a.tool.json': `[${tool('get_weather', 'Use this when the user asks for the current weather in a city.')}]`,
      'file:///w/b.tool.json': `[${tool('plan_trip', 'Use this when the user plans a trip. Call get\\u005fweather first.\\nget_weather again on arrival.')}]`,
    };
    const m = model(files);
    const refs = occurrencesOf(m, 'get_weather', false).filter((o) => o.uri === 'file:///w/b.tool.json');
    assert.deepEqual(refs.map((o) => files['file:///w/b.tool.json'].slice(o.offset, o.offset + o.length)), ['get\\u005fweather', 'get_weather']);
    const after = applyRename(files, renameTool(m, 'get_weather', 'get_current_weather'));
    assert.match(after['file:///w/b.tool.json']!, /Call get_current_weather first\.\\nget_current_weather again/);
    const lints = lintWorkspace(Object.entries(after).map(([uri, text]) => ({ uri, text })), { today: '2026-11-22' });
    assert.deepEqual(lints.flatMap((l) => l.findings.filter((f) => f.rule === 'description-sibling-unknown')), []);
  });

  it('finds and renames a case\'s tool written with a JSON escape in an evaluation set (rename skipped it, leaving the set naming no tool)', () => {
    const files = { 'file:///w/a.tool.json': `[${tool('get_weather', 'Use this when the user asks for the current weather in a city.')}]` };
    const setText = '{ "tools": "./a.tool.json", "cases": [ { "id": "oslo", "category": "normal", "prompt": "Oslo?", "expect": { "tool": "get\\u005fweather", "allowed_tools": ["get_weathe\\u0072"] } } ] }';
    const m = model(files);
    const doc = new ToolDocument('file:///w/a.eval.json', setText);
    m.updateEvalSet(doc, parseEvalSet(doc));
    const refs = occurrencesOf(m, 'get_weather', false).filter((o) => o.uri === 'file:///w/a.eval.json');
    assert.deepEqual(refs.map((o) => setText.slice(o.offset, o.offset + o.length)), ['get\\u005fweather', 'get_weathe\\u0072']);
    const r = renameTool(m, 'get_weather', 'get_current_weather');
    assert.ok(r.ok);
    const edits = r.files.find((f) => f.uri === 'file:///w/a.eval.json')!.edits.sort((x, y) => y.offset - x.offset);
    let after = setText;
    for (const e of edits) after = after.slice(0, e.offset) + e.newText + after.slice(e.offset + e.length);
    assert.deepEqual((JSON.parse(after) as { cases: { expect: unknown }[] }).cases[0]!.expect, { tool: 'get_current_weather', allowed_tools: ['get_current_weather'] });
  });

  it('renames a name defined twice in both places, and only whole words', () => {
    const files = {
      'file:///w/a.tool.json': `[${tool('get_order', 'Use this when the user asks about one order. Use get_order_v2 for refunds; get_orders lists them.')}]`,
      'file:///w/b.tool.json': `[${tool('get_order', 'Use this when the user asks about an order by its number.')}]`,
    };
    const after = applyRename(files, renameTool(model(files), 'get_order', 'fetch_order'));
    assert.match(after['file:///w/a.tool.json']!, /"name": "fetch_order".*get_order_v2 for refunds; get_orders lists/);
    assert.match(after['file:///w/b.tool.json']!, /"name": "fetch_order"/);
  });

  it('refuses to rename a name a description too long to index may hold; renames it under the limit', () => {
    const withPadding = (chars: number) => {
      const description = `Use this when asked for one item; use get_item_1 instead for lists. ${'word '.repeat(Math.ceil(chars / 5))}`.slice(0, chars);
      return { 'file:///w/a.tool.json': `[${tool('get_item_0', description)}, ${tool('get_item_1', 'Use this when asked for a list of items.')}]` };
    };
    const under = withPadding(MAX_INDEXED_DESCRIPTION - 100);
    const ok = renameTool(model(under), 'get_item_1', 'list_items');
    assert.ok(ok.ok, JSON.stringify(ok));
    assert.doesNotMatch(applyRename(under, ok)['file:///w/a.tool.json']!, /get_item_1/);
    const over = renameTool(model(withPadding(MAX_INDEXED_DESCRIPTION + 100)), 'get_item_1', 'list_items');
    assert.ok(!over.ok && /"get_item_1" is named in a description of more than 100,000 characters in a\.tool\.json, which rename does not edit/.test(over.reason), JSON.stringify(over).slice(0, 300));
    // A name the long description does not hold is renamed.
    assert.ok(renameTool(model(withPadding(MAX_INDEXED_DESCRIPTION + 100)), 'get_item_0', 'get_one_item').ok);
    // Past 10,000 distinct words in long descriptions, every rename in the workspace is refused ("may be").
    const many = Array.from({ length: 10_500 }, (_, i) => `use_word_${i}`).join(' ');
    const crowded = renameTool(model({ 'file:///w/a.tool.json': `[${tool('get_item_0', `Use this when asked. ${many}`)}, ${tool('get_item_1', 'Use this when asked for a list of items.')}]` }), 'get_item_1', 'list_items');
    assert.ok(!crowded.ok && /may be named in a description/.test(crowded.reason));
  });

  it('prepares a rename from a name, a mention or a successor, and refuses elsewhere', () => {
    const m = model();
    const lint = lintOf(m, 'file:///w/trip.tool.json');
    const p = prepareRename(m, lint, at(TRIP, 'get_forecast first', 2));
    assert.ok(p.ok && p.target.name === 'get_forecast' && p.target.kind === 'mention');
    const nothing = prepareRename(m, lint, at(TRIP, 'plan a trip', 2));
    assert.ok(!nothing.ok && /place the cursor on a tool's name/.test(nothing.reason));
    // A mention of a tool that no file defines.
    const m2 = model({ ...FILES, 'file:///w/time.tool.json': '[]' });
    const unknown = prepareRename(m2, lintOf(m2, 'file:///w/trip.tool.json'), at(TRIP, 'get_local_time', 2));
    assert.ok(!unknown.ok && /No tool named "get_local_time" is defined/.test(unknown.reason), JSON.stringify(unknown));
  });

  it('refuses an invalid name, a non-snake_case name (unless the old one was not), a taken name, the same name', () => {
    const m = model();
    const reason = (oldName: string, newName: string, mm = m) => {
      const r = renameTool(mm, oldName, newName);
      return r.ok ? 'accepted' : r.reason;
    };
    assert.match(reason('get_forecast', 'get forecast'), /not a valid tool name: it contains spaces.*\^\[a-zA-Z0-9_-\]\{1,64\}\$/);
    assert.match(reason('get_forecast', 'weather.get_forecast'), /not a valid tool name: it contains "\."/);
    assert.match(reason('get_forecast', 'get_' + 'x'.repeat(70)), /74 characters \(at most 64\)/);
    assert.match(reason('get_forecast', ''), /it is empty/);
    assert.match(reason('get_forecast', 'getDailyForecast'), /"getDailyForecast" is not snake_case: .* Use "get_daily_forecast"\./);
    assert.match(reason('get_forecast', 'get-daily-forecast'), /not snake_case/);
    assert.match(reason('get_forecast', 'get_local_time'), /A tool named "get_local_time" is already defined \(in time\.tool\.json\)/);
    assert.match(reason('get_forecast', 'get_forecast'), /already the tool's name/);
    assert.match(reason('get_nothing', 'get_something'), /No tool named "get_nothing"/);
    // The old name was camelCase already: camelCase is accepted.
    const camel = model({ 'file:///w/c.tool.json': `[${tool('getForecast', 'Use this when the user asks for the weather in the next days.')}]` });
    assert.equal(reason('getForecast', 'getDailyForecast', camel), 'accepted');
  });
});

describe('navigation: document outline and workspace symbols', () => {
  it('outlines tools (dialect, profile, deprecated) with parameters, nested objects nested', () => {
    const text = `[
  { "type": "function", "function": { "name": "create_order", "description": "Use this when the user wants to order items.", "parameters": { "type": "object", "properties": {
    "customer_id": { "type": "string", "description": "Customer id." },
    "address": { "type": "object", "description": "Where to ship.", "properties": { "street": { "type": "string" }, "zip": { "type": ["string", "null"] } }, "required": ["street"] },
    "items": { "type": "array", "items": { "type": "object", "properties": { "sku": { "type": "string" }, "quantity": { "type": "integer" } } } },
    "priority": { "type": "string", "enum": ["low", "high"] }
  }, "required": ["customer_id", "items"] } } },
  { "type": "function", "function": { "name": "get_order", "description": "Deprecated: use get_order_v2 instead.", "deprecated": true, "parameters": { "type": "object", "properties": {} } } }
]`;
    const outline = documentOutline(lintText('file:///w/o.tool.json', text));
    const show = (s: OutlineSymbol, depth = 0): string[] => [`${'  '.repeat(depth)}${s.kind} ${s.name} [${s.detail}]${s.deprecated ? ' (deprecated)' : ''}`, ...s.children.flatMap((c) => show(c, depth + 1))];
    assert.deepEqual(outline.flatMap((s) => show(s)), [
      'tool create_order [OpenAI Chat Completions · OpenAI]',
      '  parameter customer_id [string · required]',
      '  parameter address [object]',
      '    property street [string · required]',
      '    property zip [string | null]',
      '  parameter items [array of object · required]',
      '    property sku [string]',
      '    property quantity [integer]',
      '  parameter priority [string enum]',
      'tool get_order [OpenAI Chat Completions · OpenAI · deprecated] (deprecated)',
    ]);
    const doc = new ToolDocument('file:///w/o.tool.json', text);
    const first = outline[0]!;
    assert.equal(doc.offsetAt(first.range.start), text.indexOf('{ "type": "function"'));
    assert.equal(doc.offsetAt(first.selectionRange.start), text.indexOf('"create_order"'));
    const address = first.children[1]!;
    assert.equal(doc.offsetAt(address.selectionRange.start), text.indexOf('"address"'));
    assert.equal(doc.offsetAt(address.range.end), text.indexOf(', "required": ["street"] }') + ', "required": ["street"] }'.length);
  });

  it('outlines other dialects and survives odd input', () => {
    const gemini = '{ "functionDeclarations": [ { "name": "get_weather", "description": "Use this when asked.", "parameters": { "type": "OBJECT", "properties": { "city": { "type": "STRING" } } } } ] }';
    assert.deepEqual(documentOutline(lintText('file:///w/g.tool.json', gemini)).map((s) => `${s.name} ${s.detail} ${s.children.map((c) => c.detail).join()}`), ['get_weather Gemini · Gemini STRING']);
    const odd = '[{ "name": 3, "parameters": { "properties": { "": true, "__proto__": { "type": "string" } } } }]';
    const o = documentOutline(lintText('file:///w/odd.tool.json', odd));
    assert.equal(o[0]!.name, '(tool 1, no name)');
    assert.deepEqual(o[0]!.children.map((c) => `${c.name}:${c.detail}`), ['"":any', '__proto__:string']);
    // A file being typed: the partial tool is outlined, nothing throws.
    assert.deepEqual(documentOutline(lintText('file:///w/broken.tool.json', '{ "name": ')).map((s) => s.name), ['(tool 1, no name)']);
    assert.deepEqual(documentOutline(lintText('file:///w/deep.tool.json', '['.repeat(600) + ']'.repeat(600))), []);
  });

  it('lists every tool of a large file; past the parameter budget the later tools lose their parameters, not their place', () => {
    const props = Object.fromEntries(Array.from({ length: 9 }, (_, k) => [`field_${k}`, { type: 'string' }]));
    const tools = Array.from({ length: 1000 }, (_, i) => ({ name: `get_item_${i}`, description: 'Use this when asked for one item.', parameters: { type: 'object', properties: props } }));
    const outline = documentOutline(lintText('file:///w/large.tool.json', JSON.stringify(tools, null, 1)));
    assert.equal(outline.length, 1000);
    assert.equal(outline[999]!.name, 'get_item_999');
    const listed = outline.reduce((n, t) => n + t.children.length, 0);
    assert.equal(listed, MAX_OUTLINE_PROPERTIES);
    assert.equal(outline[0]!.children.length, 9);
    assert.equal(outline[999]!.children.length, 0);
  });

  it('finds tools by name across files: exact, prefix, substring, then subsequence; capped', () => {
    const m = model();
    assert.deepEqual(workspaceSymbols(m, 'get_forecast').map((s) => s.name), ['get_forecast']);
    assert.deepEqual(workspaceSymbols(m, 'time').map((s) => `${s.name} ${s.containerName}`), ['get_local_time time.tool.json']);
    assert.deepEqual(workspaceSymbols(m, 'get').map((s) => s.name), ['get_forecast', 'get_local_time', 'get_weather']);
    assert.deepEqual(workspaceSymbols(m, 'gfc').map((s) => s.name), ['get_forecast']);
    assert.deepEqual(workspaceSymbols(m, 'getlocal').map((s) => s.name), ['get_local_time']);
    assert.equal(workspaceSymbols(m, '').length, 4);
    assert.equal(workspaceSymbols(m, '', 2).length, 2);
    assert.deepEqual(workspaceSymbols(m, 'zzz'), []);
    const s = workspaceSymbols(m, 'plan_trip')[0]!;
    assert.equal(s.uri, 'file:///w/trip.tool.json');
    assert.deepEqual(s.range, m.definitionsOf('plan_trip')[0]!.nameRange);
    assert.equal(workspaceSymbols(m, 'get_weather')[0]!.deprecated, true);
  });
});

describe('navigation: completion', () => {
  const m = model();

  it('offers the workspace\'s tool names after "use ", "call ", "instead of " and in backticks', () => {
    for (const lead of ['Use ', 'then call ', 'instead of ', 'see `']) {
      const text = `[${tool('plan_trip', `Use this when the user plans a trip. ${lead}get_`)}]`;
      const lint = lintOf(m, 'file:///w/trip.tool.json', text);
      const off = at(text, 'get_"', 4);
      const r = completionsAt(lint, off, m);
      assert.equal(r?.context, 'toolName', lead);
      assert.deepEqual(r!.items.map((i) => i.label), ['get_forecast', 'get_local_time', 'get_weather'], lead);
      const item = r!.items[0]!;
      assert.equal(item.replaceOffset, off - 4);
      assert.equal(item.replaceLength, 4);
      assert.match(item.detail!, /weather\.tool\.json/);
      assert.match(item.documentation!, /next days/);
      assert.ok(r!.items.find((i) => i.label === 'get_weather')!.deprecated, 'deprecated tools are marked');
    }
  });

  it('offers no names elsewhere in a description, and never the tool itself', () => {
    const text = `[${tool('plan_trip', 'Use this when the user plans a trip to ')}]`;
    const lint = lintOf(m, 'file:///w/trip.tool.json', text);
    assert.equal(completionsAt(lint, at(text, 'to "', 3), m), undefined);
    const text2 = `[${tool('plan_trip', 'Call ')}, ${tool('get_local_time', 'Use this when asked for the time.')}]`;
    const r = completionsAt(lintOf(m, 'file:///w/trip.tool.json', text2), at(text2, 'Call "', 5), m);
    const labels = r!.items.map((i) => i.label);
    assert.ok(!labels.includes('plan_trip'));
    assert.equal(r!.items[0]!.label, 'get_local_time', 'this file\'s tools first');
    assert.match(r!.items[0]!.detail!, /this file/);
  });

  it('offers tool names in a deprecation marker\'s successor list', () => {
    const text = `[${tool('get_weather', 'Deprecated: use get_forecast instead.', ', "deprecated": { "since": "2026-11-01", "replacedBy": ["get_f"] }')}]`;
    const r = completionsAt(lintOf(m, 'file:///w/x.tool.json', text), at(text, 'get_f"]', 5), m);
    assert.equal(r?.context, 'toolName');
    assert.deepEqual(r!.items.map((i) => i.label), ['get_forecast']);
  });

  it('offers JSON Schema type names for a type value, upper case in Gemini files', () => {
    const text = `[{ "name": "get_x", "description": "Use this when asked.", "parameters": { "type": "object", "properties": { "a": { "type": "" }, "b": { "type": ["string", ""] } } } }]`;
    const lint = lintText('file:///w/t.tool.json', text);
    const r = completionsAt(lint, at(text, '"type": "" }', 9));
    assert.equal(r?.context, 'typeValue');
    assert.deepEqual(r!.items.map((i) => i.label), ['string', 'integer', 'number', 'boolean', 'object', 'array', 'null']);
    assert.equal(r!.items[0]!.insertText, 'string');
    assert.equal(completionsAt(lint, at(text, '""] }', 1))?.context, 'typeValue');
    const gemini = '{ "functionDeclarations": [ { "name": "get_x", "description": "Use this when asked.", "parameters": { "type": "OBJECT", "properties": { "a": { "type": "ST" } } } } ] }';
    const g = completionsAt(lintText('file:///w/g.tool.json', gemini), at(gemini, 'ST"', 2));
    assert.deepEqual(g!.items.map((i) => i.label), ['STRING', 'INTEGER', 'NUMBER', 'BOOLEAN', 'OBJECT', 'ARRAY', 'NULL']);
    assert.equal(g!.items[0]!.replaceLength, 2);
    // No quotes typed yet: the value is inserted quoted.
    const bare = `[{ "name": "get_x", "description": "Use this when asked.", "parameters": { "type": "object", "properties": { "a": { "type":  } } } }]`;
    const b = completionsAt(lintText('file:///w/b.tool.json', bare), at(bare, '"type":  }', 8));
    assert.equal(b?.context, 'typeValue');
    assert.equal(b!.items[0]!.insertText, '"string"');
    // A parameter named "type" is not the keyword.
    const named = `[{ "name": "get_x", "description": "Use this when asked.", "parameters": { "type": "object", "properties": { "type":  } } }]`;
    assert.notEqual(completionsAt(lintText('file:///w/n.tool.json', named), at(named, '"type":  }', 8))?.context, 'typeValue');
    // The tool wrapper's own "type" is not a schema type.
    const chat = '[{ "type": "", "function": { "name": "get_x", "parameters": { "type": "object" } } }]';
    assert.notEqual(completionsAt(lintText('file:///w/c.tool.json', chat), at(chat, '""', 1))?.context, 'typeValue');
  });

  it('inside a word, gives the whole word to replace (the rest after the cursor too): a type, a tool name, an evaluation case\'s tool', () => {
    // An independent LSP tester: accepting "string" at "s|tr" gave "stringtr".
    const text = `[{ "name": "get_x", "description": "Use this when asked; use get_wea instead for weather.", "parameters": { "type": "object", "properties": { "a": { "type": "str" } } } }, { "name": "get_weather", "description": "Use this when the user asks for the weather." }]`;
    const lint = lintText('file:///w/t.tool.json', text);
    const t = completionsAt(lint, at(text, 'str"', 1))!.items[0]!;
    assert.deepEqual([t.range, t.replaceRange], [lint.doc.rangeOf(at(text, 'str"', 0), 1), lint.doc.rangeOf(at(text, 'str"', 0), 3)]);
    const n = completionsAt(lint, at(text, 'get_wea instead', 4))!.items.find((i) => i.label === 'get_weather')!;
    assert.deepEqual(n.replaceRange, lint.doc.rangeOf(at(text, 'get_wea instead', 0), 'get_wea'.length));
    // At the end of the word, nothing more to replace.
    assert.equal(completionsAt(lint, at(text, 'str"', 3))!.items[0]!.replaceRange, undefined);
    const set = '{ "tools": "./t.tool.json", "cases": [ { "id": "a", "prompt": "p", "expect": { "tool": "get_wthr" } } ] }';
    const setDoc = new ToolDocument('file:///w/t.eval.json', set);
    const c = evalSetCompletionsAt(setDoc, at(set, 'wthr"', 1), lint.discovery.tools)!.items[0]!;
    assert.deepEqual(c.replaceRange, setDoc.rangeOf(at(set, 'get_wthr', 0), 'get_wthr'.length));
  });

  it('offers a new-tool snippet in the list\'s dialect between elements, adding the commas it needs', () => {
    const text = `[\n  { "type": "function", "function": { "name": "get_x", "description": "Use this when asked.", "parameters": { "type": "object", "properties": {} } } }\n  \n]`;
    const lint = lintText('file:///w/s.tool.json', text);
    const off = at(text, '}\n  \n]', 4);
    const r = completionsAt(lint, off, m);
    assert.equal(r?.context, 'newTool');
    assert.deepEqual(r!.items.map((i) => i.label), ['New tool (OpenAI Chat Completions)']);
    const item = r!.items[0]!;
    assert.ok(item.snippet);
    assert.ok(item.insertText.startsWith(',{'), 'a comma after the previous element');
    const after = text.slice(0, off) + expandSnippet(item.insertText) + text.slice(off);
    const l = lintText('file:///w/s.tool.json', after);
    assert.deepEqual(l.doc.syntaxProblems, []);
    assert.deepEqual(l.discovery.tools.map((t) => `${t.name} ${t.dialect}`), ['get_x openai-chat', 'get_item openai-chat']);
    // Before the first element: a comma after the snippet instead.
    const first = completionsAt(lint, 1, m)!.items[0]!;
    assert.ok(first.insertText.endsWith('},') || first.insertText.endsWith('$0,'), first.insertText.slice(-5));
    const l2 = lintText('file:///w/s.tool.json', text.slice(0, 1) + expandSnippet(first.insertText) + text.slice(1));
    assert.deepEqual(l2.doc.syntaxProblems, []);
    assert.equal(l2.discovery.tools.length, 2);
    // Not inside an element.
    assert.notEqual(completionsAt(lint, at(text, '"function"', 0), m)?.context, 'newTool');
  });

  it('offers every dialect in an empty list, Gemini in functionDeclarations; each snippet is a clean tool', () => {
    const empty = completionsAt(lintText('file:///w/e.tool.json', '[\n  \n]'), 3, m);
    assert.deepEqual(empty!.items.map((i) => i.label), ['New tool (OpenAI Chat Completions)', 'New tool (Anthropic Messages)', 'New tool (MCP)', 'New tool (Gemini)', 'New tool (bare {name, description, parameters})']);
    const gem = '{ "functionDeclarations": [ ] }';
    assert.deepEqual(completionsAt(lintText('file:///w/g.tool.json', gem), gem.indexOf('[ ') + 1, m)!.items.map((i) => i.label), ['New tool (Gemini)']);
    const expected: Record<string, { dialect: Dialect; params: string }> = {
      'openai-chat': { dialect: 'openai-chat', params: 'parameters' },
      'openai-responses': { dialect: 'openai-responses', params: 'parameters' },
      anthropic: { dialect: 'anthropic', params: 'input_schema' },
      mcp: { dialect: 'mcp', params: 'inputSchema' },
      gemini: { dialect: 'gemini', params: 'parameters' },
      generic: { dialect: 'generic', params: 'parameters' },
    };
    for (const [d, e] of Object.entries(expected)) {
      const snippet = toolSnippet(d as Dialect, 'get_item', '  ');
      assert.match(snippet, /"description": "Use this when \$\{2:…\}\. Returns \$\{3:…\}\."/);
      assert.match(snippet, /"\$\{1:get_item\}"/);
      const text = d === 'gemini' ? `{ "functionDeclarations": [${expandSnippet(snippet)}] }` : `[${expandSnippet(snippet)}]`;
      const l = lintText('file:///w/x.tool.json', text, { today: '2026-11-22' });
      assert.deepEqual(l.doc.syntaxProblems, [], d);
      const t = l.discovery.tools[0]!;
      assert.equal(t.dialect, e.dialect, d);
      assert.equal(t.paramsKey, e.params, d);
      assert.equal(t.name, 'get_item');
      const errors = l.findings.filter((f) => f.severity === 'error').map((f) => `${f.rule}: ${f.message}`);
      assert.deepEqual(errors, [], d);
      assert.ok(!l.findings.some((f) => f.rule.startsWith('type-') || f.rule === 'name-verb-first' || f.rule === 'required-unknown'), l.findings.map((f) => f.rule).join());
    }
    // Gemini types are upper case, the others lower case.
    assert.match(toolSnippet('gemini', 'get_item', '  '), /"type": "OBJECT".*\$\{5\|STRING,INTEGER,NUMBER,BOOLEAN\|\}/s);
    assert.match(toolSnippet('mcp', 'get_item', '\t'), /\n\t"inputSchema": \{\n\t\t"type": "object"/);
  });

  it('picks a placeholder name no tool has, and answers nothing for odd input', () => {
    const mm = model({ 'file:///w/i.tool.json': `[${tool('get_item', 'Use this when the user asks about an item.')}]` });
    const r = completionsAt(lintText('file:///w/e.tool.json', '[ ]'), 1, mm);
    assert.match(r!.items[0]!.insertText, /\$\{1:get_record\}/);
    assert.equal(completionsAt(lintText('file:///w/x.tool.json', ''), 0, mm), undefined);
    assert.equal(completionsAt(lintText('file:///w/x.tool.json', '['.repeat(600) + ']'.repeat(600)), 300, mm), undefined);
    assert.doesNotThrow(() => completionsAt(lintText('file:///w/x.tool.json', '{ "name": "x", "description": "use '), 36, mm));
  });
});
