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
import { markdownReport, textReport } from '../../server/src/eval/report';

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
    // The escapes, written for Markdown (a backslash and "[" escaped): the preview shows get\u001b]0;pwned…
    assert.ok(md.includes('get\\\\u001b\\]0;pwned\\\\u0007\\\\u001b\\[2J\\\\u000dfake\\\\u0085\\\\u202eweather'), md);
    assert.ok(md.includes('| paris\\\\u001b\\[31m-now |'), md);
    assert.match(md, /expected "get_weather", the model called "get\\\\u001b/);
  });
});

describe('Markdown report with Markdown and HTML from the model', () => {
  const NAMES = ['![](https://attacker.example/pixel.png)', '[Re-authenticate](https://attacker.example/phish)', '<img src="https://attacker.example/b.png?run=1">', '<script>alert(1)</script>', 'a|b`c*d'];
  const server = new ScriptedServer((ctx) => (ctx.step > 0 ? { kind: 'text', text: 'Done.' } : { kind: 'call', name: NAMES[Number(/^\[(\d)\]/.exec(ctx.prompt)?.[1])]!, args: {} }));
  before(() => server.start());
  after(() => server.stop());

  it('escapes them: no image, link or HTML element reaches the preview, each name stays one table cell', async () => {
    const set = readEvalSet('/x/weather.eval.json', JSON.stringify({ tools: 'weather.tool.json', cases: NAMES.map((_, i) => ({ id: `c${i}`, category: 'normal', prompt: `[${i}] Weather?`, expect: { tool: 'get_weather' } })) }));
    const tools = loadTools('/x/weather.tool.json', JSON.stringify(TOOLS));
    const run = await runEvaluation(set.cases, tools.tools, { provider: 'openai', model: 'scripted', apiKey: SENTINEL_KEY, baseURL: server.openaiBase, trials: 1, limits: { ...DEFAULT_LIMITS, timeoutMs: 5000, maxRetries: 0 }, maxTokens: 64 });
    const md = markdownReport('weather.eval.json', [{ label: 'weather.tool.json', run }]);
    // Every "!", "[", "<" and "`" of a name is escaped, so none opens an image, a link, an element or a code span.
    assert.doesNotMatch(md, /(?<!\\)!\[|(?<!\\)\[Re-|(?<!\\)<(?:img|script)|(?<!\\)`c/, md);
    assert.ok(md.includes('\\!\\[\\](https://attacker.example/pixel.png)'), md);
    assert.ok(md.includes('\\<img src="https://attacker.example/b.png?run=1"\\>'), md);
    for (const [i] of NAMES.entries()) {
      const row = md.split('\n').find((l) => l.startsWith(`| c${i} |`))!;
      assert.equal(row.split(/(?<!\\)\|/).length, 9, row);
    }
  });
});

describe('text report (the terminal) with line breaks from the model and the set', () => {
  const FORGED = 'get_current_weather\r\n\ntool-selection accuracy  100% (1/1 trials)\npassed                   1/1 (100%)\n';
  const server = new ScriptedServer((ctx) => (ctx.step > 0 ? { kind: 'text', text: 'Done.' } : { kind: 'call', name: FORGED, args: {} }));
  before(() => server.start());
  after(() => server.stop());

  it('prints each case on one line: a model cannot forge summary lines with a tool name', async () => {
    const set = readEvalSet('/x/weather.eval.json', JSON.stringify({ tools: 'weather.tool.json', cases: [{ id: 'two\nlines\tand tab', category: 'normal', prompt: 'Weather?', expect: { tool: 'get_weather' } }] }));
    const tools = loadTools('/x/weather.tool.json', JSON.stringify(TOOLS));
    const run = await runEvaluation(set.cases, tools.tools, { provider: 'openai', model: 'scripted', apiKey: SENTINEL_KEY, baseURL: server.openaiBase, trials: 1, limits: { ...DEFAULT_LIMITS, timeoutMs: 5000, maxRetries: 0 }, maxTokens: 64 });
    const text = textReport('weather.eval.json', [{ label: 'weather.tool.json', run }]);
    assert.equal(text.match(/^tool-selection accuracy/gm)?.length, 1, text);
    assert.equal(text.match(/^passed /gm)?.length, 1, text);
    assert.match(text, /^passed +0\/1 \(0%\)$/m);
    assert.match(text, /^two\\u000alines\\u0009and tab +normal +get_weather +get_current_weather\\u000d\\u000a\\u000atool-selec/m, text);
    assert.match(text, /^ {2}two\\u000alines\\u0009and tab: expected "get_weather", the model called "get_current_weather\\u000d\\u000a/m, text);
  });
});

describe('the "args valid" column', () => {
  const server = new ScriptedServer((ctx) => (ctx.step > 0 ? { kind: 'text', text: 'Done.' } : { kind: 'call', name: 'get_weather', args: { city: 'Paris' } }));
  before(() => server.start());
  after(() => server.stop());

  it('says whether the arguments were valid, as the total counts them; a valid call that does not match is "(mismatch)"', async () => {
    const set = readEvalSet('/x/weather.eval.json', JSON.stringify({ tools: 'weather.tool.json', cases: [{ id: 'oslo', category: 'normal', prompt: 'Weather in Oslo?', expect: { tool: 'get_weather', arguments: { city: 'Oslo' } } }] }));
    const tools = loadTools('/x/weather.tool.json', JSON.stringify(TOOLS));
    for (const [trials, cell] of [[1, 'yes (mismatch)'], [2, '2/2 (2 mismatch)']] as const) {
      const run = await runEvaluation(set.cases, tools.tools, { provider: 'openai', model: 'scripted', apiKey: SENTINEL_KEY, baseURL: server.openaiBase, trials, limits: { ...DEFAULT_LIMITS, timeoutMs: 5000, maxRetries: 0 }, maxTokens: 64 });
      const text = textReport('weather.eval.json', [{ label: 'weather.tool.json', run }]);
      assert.match(text, new RegExp(`^oslo +normal +get_weather +get_weather +${cell.replace(/[()]/g, '\\$&')} `, 'm'), text);
      assert.match(text, /^argument validity +100%$/m);
    }
  });
});
