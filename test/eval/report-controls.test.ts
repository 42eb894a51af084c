/**
 * The Markdown report quotes what the model chose (tool names, its words in notes) and the set (case ids): control
 * characters in them (ESC sequences, BEL, a lone CR, C1 controls, bidirectional overrides) are written as visible
 * `\u001b`-style escapes, as stdout shows them, so `cat`ting the report in a terminal runs nothing.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedServer } from './scriptedServer';
import { SENTINEL_KEY, TOOLS } from './fixtures';
import { runEvaluation, DEFAULT_LIMITS } from '../../server/src/eval/runner';
import { readEvalSet } from '../../server/src/eval/evalSet';
import { loadTools } from '../../server/src/eval/tools';
import { markdownReport } from '../../server/src/eval/report';

const EVIL = 'get\u001b]0;pwned\u0007\u001b[2J\rfake\u0085\u202eweather';

describe('Markdown report with control characters', () => {
  const server = new ScriptedServer((ctx) => (ctx.step > 0 ? { kind: 'text', text: 'Done.' } : { kind: 'call', name: EVIL, args: {} }));
  before(() => server.start());
  after(() => server.stop());

  it('escapes C0, C1 and bidirectional controls from tool names and case ids', async () => {
    const set = readEvalSet('/x/weather.eval.json', JSON.stringify({ tools: 'weather.tool.json', cases: [{ id: 'paris\u001b[31m-now', category: 'normal', prompt: 'Weather?', expect: { tool: 'get_weather' } }] }));
    const tools = loadTools('/x/weather.tool.json', JSON.stringify(TOOLS));
    const run = await runEvaluation(set.cases, tools.tools, { provider: 'openai', model: 'scripted', apiKey: SENTINEL_KEY, baseURL: server.openaiBase, trials: 1, limits: { ...DEFAULT_LIMITS, timeoutMs: 5000, maxRetries: 0 }, maxTokens: 64 });
    assert.equal(run.cases[0]!.trials[0]!.selected, EVIL);
    const md = markdownReport('weather.eval.json', [{ label: 'weather.tool.json', run }]);
    assert.doesNotMatch(md, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    assert.ok(md.includes('get\\u001b]0;pwned\\u0007\\u001b[2J\\u000dfake\\u0085\\u202eweather'), md);
    assert.ok(md.includes('| paris\\u001b[31m-now |'), md);
    assert.match(md, /expected "get_weather", the model called "get\\u001b/);
  });
});
