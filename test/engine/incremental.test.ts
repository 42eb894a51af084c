/**
 * The per-tool cache (issue 7): a keystroke inside one tool runs the per-tool visitors of every rule on that tool
 * only; cross-tool checks (fileEnd) run once per lint over the tools' summaries; the result equals an uncached lint.
 */
import { describe, it, after } from 'node:test';
import assert from 'node:assert/strict';
import { RULES } from '../../shared/src/rules';
import type { RuleModule, RuleVisitor } from '../../shared/src/rule';
import { clearToolCache, lintText } from '../../shared/src/linter';
import { generatedFile } from '../../bench/generate';

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
});
