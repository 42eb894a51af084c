/**
 * The per-tool cache (issue 7): a keystroke inside one tool runs the per-tool visitors of every rule on that tool
 * only; cross-tool checks (fileEnd) run once per lint over the tools' summaries; the result equals an uncached lint.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { RULES } from '../../shared/src/rules';
import type { RuleModule, RuleVisitor } from '../../shared/src/rule';
import { clearToolCache, lintText, NameIndex } from '../../shared/src/linter';
import { generatedFile } from '../../bench/generate';
import { corpusFiles } from '../../tools/corpus';
import { readFileSync } from 'node:fs';
import { ToolDocument } from '../../shared/src/document';
import { discoverTools } from '../../shared/src/discover';
import { toolMentions } from '../../shared/src/analysis/descriptions';

const visited: string[] = [];
/** Rules made to look like the old contract (per-tool visitors feeding fileEnd, no cachePerTool). */
const legacy = new Set<string>();
let fileEnds = 0;
const originals = new Map<RuleModule, RuleModule['create']>();
for (const rule of RULES) {
  const create = rule.create;
  originals.set(rule, create);
  (rule as { create: RuleModule['create'] }).create = (ctx) => {
    const v: RuleVisitor = create(ctx);
    const w: RuleVisitor = { ...v };
    if (v.tool) w.tool = (t) => (visited.push(`${rule.id}:tool:${t.name}`), v.tool!(t));
    if (v.schema) w.schema = (s, t) => (visited.push(`${rule.id}:schema:${t.name}`), v.schema!(s, t));
    if (v.property) w.property = (p, t) => (visited.push(`${rule.id}:property:${t.name}`), v.property!(p, t));
    if (v.fileEnd) w.fileEnd = (tools) => (fileEnds++, v.fileEnd!(tools));
    if (legacy.has(rule.id)) delete w.cachePerTool;
    return w;
  };
}

const toolName = (entry: string) => entry.split(':')[2];
const strict = (text: string) => text.replace(/"type": "function",\n(\s+)"function": \{/g, '"type": "function",\n$1"function": {\n$1  "strict": true,');

describe('incremental lint (per-tool cache)', () => {
  after(() => {
    for (const [rule, create] of originals) (rule as { create: RuleModule['create'] }).create = create;
  });

  for (const [label, make] of [['plain tools', (n: number) => generatedFile(n)], ['strict tools', (n: number) => strict(generatedFile(n))]] as const) {
    it(`${label}: a one-character edit in one tool visits that tool only`, () => {
      clearToolCache();
      const text = make(20);
      lintText('file:///inc.tool.json', text);
      const at = text.indexOf('Returns the', text.indexOf('"get_ticket_6"'));
      const edited = text.slice(0, at) + 'x' + text.slice(at);
      visited.length = 0;
      fileEnds = 0;
      const warm = lintText('file:///inc.tool.json', edited);
      assert.ok(visited.length > 10, 'the edited tool went through the rules');
      assert.deepEqual([...new Set(visited.map(toolName))], ['get_ticket_6']);
      assert.ok(fileEnds > 0 && fileEnds <= RULES.length, 'cross-tool checks ran once per lint');
      // Nothing visited at all when the text is unchanged.
      visited.length = 0;
      lintText('file:///inc.tool.json', edited);
      assert.deepEqual(visited, []);
      clearToolCache();
      const cold = lintText('file:///inc.tool.json', edited);
      assert.deepEqual(warm.findings, cold.findings);
    });
  }

  it('a rule with per-tool visitors and fileEnd but no cachePerTool runs on every tool on every lint', () => {
    legacy.add('strict-limits');
    try {
      clearToolCache();
      const text = strict(generatedFile(6));
      lintText('file:///legacy.tool.json', text);
      visited.length = 0;
      lintText('file:///legacy.tool.json', text);
      const names = new Set(visited.filter((v) => v.startsWith('strict-limits:')).map(toolName));
      assert.equal(names.size, 6);
      assert.ok(visited.every((v) => v.startsWith('strict-limits:')), 'the other rules stay cached');
    } finally {
      legacy.delete('strict-limits');
    }
  });

  it('cross-tool counts stay right when tools come from the cache (Anthropic strict tools per request)', () => {
    clearToolCache();
    const tool = (i: number) => `{"name":"get_metric_${i}","description":"Use this when the user asks for the current value of dashboard metric number ${i}.","strict":true,"input_schema":{"type":"object","properties":{"a${i}":{"type":"string","description":"An optional filter."}},"additionalProperties":false}}`;
    const text = `[${Array.from({ length: 26 }, (_, i) => tool(i)).join(',')}]`;
    const first = lintText('file:///limits.tool.json', text).findings.filter((f) => f.rule === 'strict-limits').map((f) => f.messageId);
    const again = lintText('file:///limits.tool.json', text).findings.filter((f) => f.rule === 'strict-limits').map((f) => f.messageId);
    assert.deepEqual(first.sort(), ['optionalParams', 'strictTools']);
    assert.deepEqual(again.sort(), first);
  });

  // The file's names are not part of the cache key (nameView.ts): a keystroke in a tool's name re-runs that tool
  // and the tools whose rules asked about the names that changed, not every tool.
  it('a keystroke in a tool name visits that tool and the tools that asked about the old or new name', () => {
    clearToolCache();
    const text = generatedFile(20);
    lintText('file:///names.tool.json', text);
    // query_orders_0's description names get_order_0; renaming get_order_0 to get_order_0x leaves that mention
    // undefined (description-sibling-unknown), so query_orders_0 must be linted again too.
    const at = text.indexOf('"get_order_0"') + '"get_order_0'.length;
    const edited = text.slice(0, at) + 'x' + text.slice(at);
    visited.length = 0;
    const warm = lintText('file:///names.tool.json', edited);
    const again = new Set(visited.map(toolName));
    assert.ok(again.has('get_order_0x'), 'the renamed tool was linted');
    assert.ok(again.has('query_orders_0'), 'the tool mentioning the old name was linted');
    assert.ok(again.size <= 4, `only the tools concerned were linted, not all 20: ${[...again].join(', ')}`);
    assert.ok(warm.findings.some((f) => f.rule === 'description-sibling-unknown' && f.tool === 'query_orders_0'));
    clearToolCache();
    assert.deepEqual(warm.findings, lintText('file:///names.tool.json', edited).findings);
  });

  // name-verb-first asks whether another tool puts a word prefix before a verb ("browser" in browser_navigate): a
  // question about one prefix (NameView.inDerived), not a read of every name, which re-linted every tool with a
  // shared prefix on each keystroke in any name.
  it('a keystroke in a name re-lints the tools with a shared prefix only when the prefix stops (or starts) being a namespace', () => {
    clearToolCache();
    const tool = (name: string) => `{ "name": "${name}", "description": "Use this when the user asks the browser to do ${name.replace(/_/g, ' ')} on the current page.", "inputSchema": { "type": "object", "properties": {} } }`;
    const file = (names: string[]) => `{ "tools": [\n${names.map(tool).join(',\n')}\n] }`;
    const names = ['browser_navigate', 'browser_click', 'browser_screenshot', 'browser_tabs', 'browser_console_messages', 'browser_network_requests', 'browser_pdf', 'get_weather', 'list_orders'];
    const suggestionFor = (findings: { rule: string; tool: string | null; message: string }[], name: string) => findings.find((f) => f.rule === 'name-verb-first' && f.tool === name)?.message;
    const first = lintText('file:///ns.tool.json', file(names)).findings;
    assert.match(suggestionFor(first, 'browser_tabs') ?? '', /"browser_list_tabs"/);
    // browser_click -> browser_clickx: "browser" is still put before a verb (navigate, screenshot).
    visited.length = 0;
    const typed = names.map((n) => (n === 'browser_click' ? 'browser_clickx' : n));
    const warm = lintText('file:///ns.tool.json', file(typed)).findings;
    const again = new Set(visited.map(toolName));
    for (const n of ['browser_tabs', 'browser_console_messages', 'browser_network_requests', 'browser_pdf']) assert.ok(!again.has(n), `${n} linted again: ${[...again].join(', ')}`);
    assert.ok(again.has('browser_clickx'));
    clearToolCache();
    assert.deepEqual(warm, lintText('file:///ns.tool.json', file(typed)).findings);
    // No tool puts "browser" before a verb any more: the tools that asked are linted again, and their advice changes.
    lintText('file:///ns.tool.json', file(names));
    const renamed = names.map((n) => (/navigate|click|screenshot/.test(n) ? `${n}x` : n));
    visited.length = 0;
    const warm2 = lintText('file:///ns.tool.json', file(renamed)).findings;
    assert.ok(new Set(visited.map(toolName)).has('browser_tabs'));
    assert.doesNotMatch(suggestionFor(warm2, 'browser_tabs') ?? '', /"browser_list_tabs"/);
    clearToolCache();
    assert.deepEqual(warm2, lintText('file:///ns.tool.json', file(renamed)).findings);
  });

  it('after renaming a tool, a lint with the warm cache equals an uncached lint (corpus files and generated files)', () => {
    const files = corpusFiles()
      .filter((_, i) => i % 8 === 0)
      .map((f) => ({ uri: 'file://' + f, text: readFileSync(f, 'utf8') }))
      .filter((f) => f.text.length < 200_000);
    files.push({ uri: 'file:///gen.tool.json', text: generatedFile(24) });
    let checked = 0;
    for (const f of files) {
      const doc = new ToolDocument(f.uri, f.text);
      if (!doc.tree) continue;
      const tools = discoverTools(doc.tree, 'auto').tools.filter((t) => t.name && t.nameNode?.type === 'string');
      if (tools.length < 2) continue;
      const mentions = tools.flatMap((t) => (t.description ? toolMentions(t.description).map((m) => m.name) : []));
      for (const i of [0, tools.length - 1]) {
        const t = tools[i]!;
        const other = tools[(i + 1) % tools.length]!.name!;
        // A new name, a version of it, a later version of another tool, a name some description mentions, a
        // duplicate of another tool's name, a namespace prefix.
        for (const name of [`${t.name}x`, `${t.name}_v2`, `${other}_v3`, mentions[i % Math.max(1, mentions.length)] ?? 'get_thing', other, `get_${t.name}`]) {
          const n = t.nameNode!;
          const text = f.text.slice(0, n.offset) + JSON.stringify(name) + f.text.slice(n.offset + n.length);
          lintText(f.uri, f.text);
          const warm = lintText(f.uri, text);
          clearToolCache();
          assert.deepEqual(warm.findings, lintText(f.uri, text).findings, `${f.uri}: ${t.name} renamed to ${name}`);
          checked++;
        }
      }
    }
    assert.ok(checked > 100, `renames checked: ${checked}`);
  });

  it('a change in another file\'s names re-lints only the tools that asked about those names', () => {
    clearToolCache();
    // The server's index holds every file's names, the edited file's too: its version changes with every keystroke
    // in a name anywhere, so it is not part of the cache key; each tool records what it asked the index.
    const text = generatedFile(20).replace('Use get_order_0 for the details', 'Use get_order_detail for the details');
    const index = new NameIndex();
    index.set('file:///other.tool.json', [{ name: 'list_things', profile: 'generic' }]);
    const first = lintText('file:///ws.tool.json', text, { workspace: index.viewFrom('file:///ws.tool.json') });
    assert.ok(first.findings.some((f) => f.rule === 'description-sibling-unknown' && f.tool === 'query_orders_0'));
    // Another file now defines the mentioned tool.
    index.set('file:///other.tool.json', [{ name: 'list_things', profile: 'generic' }, { name: 'get_order_detail', profile: 'generic' }]);
    visited.length = 0;
    const warm = lintText('file:///ws.tool.json', text, { workspace: index.viewFrom('file:///ws.tool.json') });
    assert.deepEqual([...new Set(visited.map(toolName))], ['query_orders_0']);
    assert.ok(!warm.findings.some((f) => f.rule === 'description-sibling-unknown'));
    clearToolCache();
    assert.deepEqual(warm.findings, lintText('file:///ws.tool.json', text, { workspace: index.viewFrom('file:///ws.tool.json') }).findings);
    // An unrelated name in the other file: nothing is linted again.
    index.set('file:///other.tool.json', [{ name: 'get_order_detail', profile: 'generic' }, { name: 'list_more_things', profile: 'generic' }]);
    lintText('file:///ws.tool.json', text, { workspace: index.viewFrom('file:///ws.tool.json') });
    visited.length = 0;
    index.set('file:///other.tool.json', [{ name: 'get_order_detail', profile: 'generic' }, { name: 'list_other_things', profile: 'generic' }]);
    lintText('file:///ws.tool.json', text, { workspace: index.viewFrom('file:///ws.tool.json') });
    assert.deepEqual(visited, []);
  });
});
