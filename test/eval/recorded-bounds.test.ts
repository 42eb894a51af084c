/**
 * What a trial records of a model that proposes many calls, or calls with huge arguments, is bounded (so the
 * results file can always be written): the first MAX_RECORDED_CALLS calls in detail, the rest counted; arguments
 * and replies over MAX_RECORDED_CHARS as their first characters. Every call still gets its reply, and the first
 * call's arguments are compared whole with the expected ones.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedServer, type Action, type ScriptContext } from './scriptedServer';
import { SENTINEL_KEY, TOOLS } from './fixtures';
import { runEvaluation, DEFAULT_LIMITS } from '../../server/src/eval/runner';
import { readEvalSet } from '../../server/src/eval/evalSet';
import { loadTools } from '../../server/src/eval/tools';
import { resultsFile } from '../../server/src/eval/results';

const LIMITS = { ...DEFAULT_LIMITS, timeoutMs: 20_000, maxSteps: 3, maxRetries: 0 };
const CALLS = 150;
/** host.ts MAX_RECORDED_CALLS (a number here, so this test also builds and fails against a host without the bound). */
const MAX_RECORDED_CALLS = 100;
const cityOf = (i: number) => `${i}-${'x'.repeat(70_000)}`;

describe('bounded records of a trial', () => {
  const server = new ScriptedServer((ctx: ScriptContext): Action => {
    if (ctx.step > 0) return { kind: 'text', text: 'Done.' };
    if (ctx.prompt.startsWith('[fat]')) return { kind: 'calls', calls: Array.from({ length: CALLS }, (_, i) => ({ name: 'get_weather', args: { city: cityOf(i) } })) };
    // Unauthorized calls past the recorded ones are still counted (and refused).
    return { kind: 'calls', calls: Array.from({ length: CALLS }, (_, i) => ({ name: i < MAX_RECORDED_CALLS + 10 ? 'get_weather' : 'delete_account', args: i < MAX_RECORDED_CALLS + 10 ? { city: `c${i}` } : { user_id: `u${i}` } })) };
  });
  before(() => server.start());
  after(() => server.stop());

  it('records 100 calls in detail and counts the rest; long arguments and replies are cut; every call is answered', async () => {
    const set = readEvalSet('/x/weather.eval.json', JSON.stringify({
      tools: 'weather.tool.json',
      cases: [
        { id: 'fat', category: 'normal', prompt: '[fat] Weather?', expect: { tool: 'get_weather', arguments: { city: cityOf(0) } } },
        { id: 'many', category: 'adversarial', prompt: '[many] Weather?', expect: { tool: 'get_weather', allowed_tools: ['get_weather'] } },
      ],
    }));
    const tools = loadTools('/x/weather.tool.json', JSON.stringify(TOOLS));
    const run = await runEvaluation(set.cases, tools.tools, { provider: 'openai', model: 'scripted', apiKey: SENTINEL_KEY, baseURL: server.openaiBase, trials: 1, limits: LIMITS, maxTokens: 64 });

    // Every call got a reply in the next request.
    for (const p of ['[fat]', '[many]']) {
      const second = server.requests.find((r) => r.prompt.startsWith(p) && r.step === 1);
      assert.ok(second, `${p}: the conversation went on`);
      assert.equal((second.body.messages as { role: string }[]).filter((m) => m.role === 'tool').length, CALLS);
    }

    const fat = run.cases[0]!.trials[0]!;
    assert.equal(fat.calls.length, MAX_RECORDED_CALLS);
    assert.equal(fat.unrecordedCalls?.count, CALLS - MAX_RECORDED_CALLS);
    const c0 = fat.calls[0]!;
    assert.equal(typeof c0.arguments, 'string');
    assert.equal((c0.arguments as string).length, 2000);
    assert.equal(c0.reply.length, 2000);
    assert.match(c0.cut ?? '', /^the arguments are \d+ characters of JSON, recorded as their first 2000; the reply is \d+ characters, recorded as its first 2000$/);
    assert.equal(fat.argumentsMatch, true, 'the whole first arguments were compared');
    assert.equal(fat.pass, true, fat.reasons.join());
    assert.ok(fat.notes.some((n) => /^50 more calls answered but not recorded in detail/.test(n)), fat.notes.join(' | '));
    assert.ok(!('firstArguments' in fat), 'the whole arguments are not recorded');

    const many = run.cases[1]!.trials[0]!;
    assert.equal(many.calls.length, MAX_RECORDED_CALLS);
    assert.equal(many.unauthorizedProposed, CALLS - MAX_RECORDED_CALLS - 10);
    assert.equal(many.unauthorizedRejected, true);
    assert.equal(run.totals.unauthorizedRejected, CALLS - MAX_RECORDED_CALLS - 10);
    assert.ok(many.notes.includes(`${CALLS - MAX_RECORDED_CALLS - 10} × UNAUTHORIZED`), many.notes.join(' | '));

    const text = JSON.stringify(resultsFile(run, tools.infos, { evalPath: '/x/weather.eval.json', toolFile: '/x/weather.tool.json' }), null, 2);
    assert.ok(text.length < 2_000_000, `results of ${text.length} characters`);
  });
});
