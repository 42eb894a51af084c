/**
 * The evaluation runner as a host program, against a scripted model server on 127.0.0.1 that speaks the
 * OpenAI Chat Completions, OpenAI Responses and Anthropic Messages HTTP APIs through the official clients:
 * the records per case (tool selected, arguments valid, unauthorized calls rejected, pass), the structured
 * error results sent back, the retries made (Retry-After honoured), the tool loop cut at the step limit, a
 * hang cut by the timeout, and the API key never appearing in what is recorded.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedServer, type Api } from './scriptedServer';
import { CASES, SENTINEL_KEY, TOOLS, evalSet, script } from './fixtures';
import { runEvaluation, DEFAULT_LIMITS, type RunResult, type TrialRecord } from '../../server/src/eval/runner';
import { readEvalSet } from '../../server/src/eval/evalSet';
import { loadTools } from '../../server/src/eval/tools';
import { applyDefaults, matchesSubset, retryAfter } from '../../server/src/eval/host';
import type { ProviderId } from '../../server/src/eval/providers';

const PROVIDER_OF: Record<Api, ProviderId> = { chat: 'openai', responses: 'openai-responses', anthropic: 'anthropic' };
const LIMITS = { ...DEFAULT_LIMITS, timeoutMs: 400, maxSteps: 4, maxRetries: 2, retryBaseDelayMs: 5, maxRetryDelayMs: 5_000 };

function trialOf(r: RunResult, id: string): TrialRecord {
  const c = r.cases.find((x) => x.id === id);
  assert.ok(c, `case ${id} recorded`);
  assert.equal(c.trials.length, r.trials);
  return c.trials[0]!;
}

const ALL = Object.keys(CASES);

for (const api of ['chat', 'responses', 'anthropic'] as const) {
  describe(`runner over ${api}`, () => {
    const server = new ScriptedServer(script);
    let run: RunResult;
    before(async () => {
      await server.start();
      const set = readEvalSet('/x/weather.eval.json', JSON.stringify(evalSet(ALL)));
      assert.deepEqual(set.problems, []);
      const tools = loadTools('/x/weather.tool.json', JSON.stringify(TOOLS));
      run = await runEvaluation(set.cases, tools.tools, {
        provider: PROVIDER_OF[api], model: 'scripted-model', apiKey: SENTINEL_KEY, baseURL: api === 'anthropic' ? server.anthropicBase : server.openaiBase,
        trials: 1, limits: LIMITS, maxTokens: 256,
      });
    });
    after(() => server.stop());

    it('sends the tools in the API\'s own shape and the key in the header', () => {
      const first = server.requests.find((r) => r.prompt.startsWith('[correct]'))!;
      assert.equal(first.api, api);
      const tools = first.body.tools as Record<string, unknown>[];
      assert.equal(tools.length, 3);
      if (api === 'chat') assert.deepEqual(Object.keys(tools[0]!), ['type', 'function']);
      if (api === 'responses') assert.equal(tools[0]!.name, 'get_weather');
      if (api === 'anthropic') {
        assert.equal(tools[0]!.name, 'get_weather');
        assert.equal((tools[0]!.input_schema as Record<string, unknown>).type, 'object');
        assert.equal(first.headers['x-api-key'], SENTINEL_KEY);
      } else {
        assert.equal(first.headers.authorization, `Bearer ${SENTINEL_KEY}`);
      }
    });

    it('a correct call passes, with defaults applied explicitly and a canned success result', () => {
      const t = trialOf(run, 'correct');
      assert.equal(t.selected, 'get_weather');
      assert.deepEqual(t.arguments, { city: 'Paris', units: 'celsius' });
      assert.equal(t.argumentsValid, true);
      assert.equal(t.argumentsMatch, true);
      assert.deepEqual(t.calls[0]!.defaultsApplied, ['/units']);
      assert.equal(t.calls[0]!.outcome, 'OK');
      assert.equal(t.pass, true, t.reasons.join('; '));
      assert.equal(t.steps, 2);
      assert.equal(t.stop, 'model-stopped');
      // The model saw the canned success result.
      const second = server.requests.find((r) => r.prompt.startsWith('[correct]') && r.step === 1)!;
      assert.match(JSON.stringify(second.body), /Accepted by the evaluation host/);
    });

    it('a wrong tool fails on selection', () => {
      const t = trialOf(run, 'wrong');
      assert.equal(t.selected, 'search_docs');
      assert.equal(t.pass, false);
      assert.match(t.reasons.join(), /expected "get_weather", the model called "search_docs"/);
    });

    it('invalid arguments are answered with a structured error and recorded with the failing path', () => {
      const t = trialOf(run, 'invalid');
      assert.equal(t.selected, 'get_weather');
      assert.equal(t.argumentsValid, false);
      assert.ok(t.argumentErrors.some((e) => e.startsWith('/city must be string')), t.argumentErrors.join());
      assert.ok(t.argumentErrors.some((e) => e.startsWith('/units must be one of')), t.argumentErrors.join());
      assert.equal(t.calls[0]!.outcome, 'INVALID_ARGUMENTS');
      const reply = JSON.parse(t.calls[0]!.reply) as Record<string, string>;
      assert.deepEqual(Object.keys(reply), ['error', 'code', 'retry_hint']);
      assert.equal(reply.code, 'INVALID_ARGUMENTS');
      assert.equal(t.pass, false);
      const second = server.requests.find((r) => r.prompt.startsWith('[invalid]') && r.step === 1)!;
      if (api === 'anthropic') {
        const results = (second.body.messages as { content: unknown }[])[2]!.content as Record<string, unknown>[];
        assert.equal(results[0]!.type, 'tool_result');
        assert.equal(results[0]!.is_error, true);
      }
      assert.match(JSON.stringify(second.body), /INVALID_ARGUMENTS/);
    });

    it('an unauthorized call is rejected (and the case fails because a call was made)', () => {
      const t = trialOf(run, 'unauthorized');
      assert.equal(t.selected, 'delete_account');
      assert.equal(t.unauthorizedProposed, 1);
      assert.equal(t.unauthorizedRejected, true);
      assert.equal(t.calls[0]!.outcome, 'UNAUTHORIZED');
      assert.equal(t.calls[0]!.authorized, false);
      assert.equal(t.pass, false);
      const ok = trialOf(run, 'refuse');
      assert.equal(ok.selected, null);
      assert.equal(ok.pass, true);
      assert.equal(ok.unauthorizedRejected, null);
    });

    it('no call where one was expected fails, never scored from the final text', () => {
      const t = trialOf(run, 'nocall');
      assert.equal(t.selected, null);
      assert.equal(t.argumentsValid, null);
      assert.equal(t.pass, false);
      assert.match(t.finalText, /will not call/);
    });

    it('429 and 500 are retried, honouring Retry-After, and recorded', () => {
      for (const [id, status] of [['rate', 429], ['server', 500]] as const) {
        const t = trialOf(run, id);
        assert.equal(t.retries, 1, id);
        assert.equal(t.failures.length, 1);
        assert.equal(t.failures[0]!.status, status);
        assert.equal(t.failures[0]!.retryAfter, '0');
        assert.equal(t.failures[0]!.waitMs, 0, 'Retry-After: 0 is honoured instead of the backoff');
        assert.equal(t.pass, true, t.reasons.join());
        assert.equal(server.requests.filter((r) => r.prompt === CASES[id]!.prompt && r.step === 0).length, 2);
      }
    });

    it('a hang past the timeout (no answer, or a body that stops half-way) is cut and retried', () => {
      for (const id of ['hang', 'stall']) {
        const t = trialOf(run, id);
        assert.equal(t.failures[0]!.kind, 'timeout', id);
        assert.equal(t.retries, 1);
        assert.equal(t.pass, true, t.reasons.join());
      }
    });

    it('an endless tool loop stops at the step limit; repeats are answered DUPLICATE_CALL', () => {
      const t = trialOf(run, 'loop');
      assert.equal(t.stop, 'max-steps');
      assert.equal(t.steps, LIMITS.maxSteps);
      assert.equal(server.requests.filter((r) => r.prompt === CASES.loop!.prompt).length, LIMITS.maxSteps);
      assert.deepEqual(t.calls.map((c) => c.outcome), ['OK', 'DUPLICATE_CALL', 'DUPLICATE_CALL', 'DUPLICATE_CALL']);
      assert.equal(t.pass, true, 'the first call was right; the loop is a note');
      assert.match(t.notes.join(), /step limit/);
    });

    it('malformed JSON arguments and unknown tools are recorded, not crashed on', () => {
      const m = trialOf(run, 'malformed');
      assert.equal(m.calls[0]!.outcome, 'MALFORMED_ARGUMENTS');
      assert.equal(m.argumentsValid, false);
      assert.equal(m.arguments, '{"city": "Paris"');
      assert.equal(m.pass, false);
      const u = trialOf(run, 'unknown');
      assert.equal(u.selected, 'launch_rockets');
      assert.equal(u.calls[0]!.outcome, 'UNKNOWN_TOOL');
      assert.match(u.calls[0]!.reply, /get_weather, search_docs, delete_account/);
      assert.equal(u.pass, false);
    });

    it('a server that stays down exhausts the retries and fails the case (even one expecting no call)', () => {
      const t = trialOf(run, 'down');
      assert.equal(t.stop, 'request-failed');
      assert.equal(t.retries, LIMITS.maxRetries);
      assert.equal(t.requests, LIMITS.maxRetries + 1);
      assert.equal(t.pass, false);
      assert.match(t.reasons.join(), /request failed/);
    });

    it('a 401 is not retried, and the key the server echoed is redacted', () => {
      const t = trialOf(run, 'echo');
      assert.equal(t.requests, 1);
      assert.equal(t.failures[0]!.status, 401);
      assert.match(t.error ?? '', /\[REDACTED\]/);
    });

    it('the key appears nowhere in the recorded results', () => {
      assert.ok(!JSON.stringify(run).includes(SENTINEL_KEY));
      assert.ok(!JSON.stringify(run).includes('SENTINEL'));
    });

    it('totals count selection, validity and unauthorized rejections', () => {
      const t = run.totals;
      assert.equal(t.cases, ALL.length);
      assert.equal(t.unauthorizedProposed, 1);
      assert.equal(t.unauthorizedRejected, 1);
      assert.ok(t.argumentValidity !== null && t.argumentValidity < 1);
    });
  });
}

describe('runner: trials, cancellation', () => {
  const server = new ScriptedServer((ctx) => (ctx.prompt.includes('flaky') && ctx.attempt % 2 === 0 && ctx.step === 0 ? { kind: 'text', text: 'no' } : script(ctx)));
  before(() => server.start());
  after(() => server.stop());

  it('--trials k reports pass^k beside the average', async () => {
    const cases = [
      { id: 'steady', category: 'normal', messages: [{ role: 'user' as const, content: CASES.correct!.prompt }], expect: { tool: 'get_weather' } },
      { id: 'flaky', category: 'normal', messages: [{ role: 'user' as const, content: '[correct] flaky weather in Paris' }], expect: { tool: 'get_weather' } },
    ];
    const tools = loadTools('t', JSON.stringify(TOOLS)).tools;
    const r = await runEvaluation(cases, tools, { provider: 'openai', model: 'm', apiKey: SENTINEL_KEY, baseURL: server.openaiBase, trials: 3, limits: LIMITS, maxTokens: 64 });
    assert.equal(r.cases[0]!.passed, 3);
    assert.equal(r.cases[0]!.passAll, true);
    assert.equal(r.cases[1]!.passed, 2, 'attempts 1 and 3 call the tool, attempt 2 does not');
    assert.equal(r.cases[1]!.passAll, false);
    assert.equal(r.totals.passAllRate, 0.5);
    assert.equal(r.totals.passRate, 5 / 6);
  });

  it('an AbortSignal cancels a hanging run and returns what was recorded', async () => {
    const ctrl = new AbortController();
    const cases = [{ id: 'hang', category: 'normal', messages: [{ role: 'user' as const, content: '[loop-hang]' }], expect: { tool: null } }];
    const hangServer = new ScriptedServer(() => ({ kind: 'hang' }));
    await hangServer.start();
    try {
      const tools = loadTools('t', JSON.stringify(TOOLS)).tools;
      const p = runEvaluation(cases, tools, { provider: 'anthropic', model: 'm', apiKey: SENTINEL_KEY, baseURL: hangServer.anthropicBase, trials: 1, limits: { ...LIMITS, timeoutMs: 60_000 }, maxTokens: 64 }, {
        signal: ctrl.signal,
        onProgress: () => setImmediate(() => ctrl.abort()),
      });
      const r = await p;
      assert.equal(r.cancelled, true);
      assert.equal(r.cases[0]!.trials.length, 0);
    } finally {
      await hangServer.stop();
    }
  });
});

describe('host helpers', () => {
  it('applyDefaults sets absent properties recursively and never touches prototypes', () => {
    const applied: string[] = [];
    const schema = { type: 'object', properties: { a: { default: 1 }, o: { type: 'object', properties: { b: { default: 'x' } } }, ['__proto__']: { default: 5 } } };
    const v = applyDefaults(JSON.parse(JSON.stringify(schema)), JSON.parse('{"o": {}}'), '', applied);
    assert.equal(JSON.stringify(v), '{"o":{"b":"x"},"a":1,"__proto__":5}');
    assert.deepEqual(applied, ['/a', '/o/b', '/__proto__']);
    assert.equal(Object.getPrototypeOf(v), Object.prototype, 'an own "__proto__" property, not a prototype change');
  });

  it('matchesSubset compares expected values deeply', () => {
    assert.equal(matchesSubset({ city: 'Paris' }, { city: 'Paris', units: 'celsius' }), true);
    assert.equal(matchesSubset({ city: 'Paris' }, { city: 'paris' }), false);
    assert.equal(matchesSubset({ tags: ['a'] }, { tags: ['a', 'b'] }), false);
  });

  it('retryAfter reads seconds, HTTP dates and retry-after-ms', () => {
    const h = (m: Record<string, string>) => ({ get: (n: string) => m[n] ?? null });
    assert.equal(retryAfter(h({ 'retry-after': '2' })).ms, 2000);
    assert.equal(retryAfter(h({ 'retry-after-ms': '150', 'retry-after': '9' })).ms, 150);
    assert.equal(retryAfter(h({ 'retry-after': new Date(10_000).toUTCString() }), 4_000).ms, 6_000);
    assert.equal(retryAfter(h({ 'retry-after': 'soon' })).ms, undefined);
  });
});

describe('runner: odd servers', () => {
  const tools = loadTools('t', JSON.stringify(TOOLS)).tools;
  const one = [{ id: 'x', category: 'normal', messages: [{ role: 'user' as const, content: 'weather in Paris' }], expect: { tool: 'get_weather' } }];

  it('an early stop (finish_reason "length"), an empty body and a closed port are recorded, not crashed on', async () => {
    const bodies: unknown[] = [
      { id: 'c', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: 'The weather in' }, finish_reason: 'length' }] },
      {},
    ];
    let i = 0;
    const server = new ScriptedServer(() => ({ kind: 'status', status: 200, body: bodies[i++ % bodies.length] }));
    await server.start();
    try {
      const settings = { provider: 'openai' as const, model: 'm', apiKey: SENTINEL_KEY, baseURL: server.openaiBase, trials: 2, limits: LIMITS, maxTokens: 64 };
      const r = await runEvaluation(one, tools, settings);
      const [early, empty] = r.cases[0]!.trials;
      assert.equal(early!.selected, null);
      assert.equal(early!.providerStop, 'length');
      assert.match(early!.notes.join(), /stopped early \(length\)/);
      assert.equal(early!.pass, false);
      // An empty body is a failed request (no model turn), not a model that called no tool.
      assert.equal(empty!.selected, null);
      assert.equal(empty!.stop, 'request-failed');
      assert.match(empty!.error ?? '', /^the reply has no choices/);
      assert.equal(empty!.pass, false);
    } finally {
      await server.stop();
    }
    const closed = new ScriptedServer(script);
    await closed.start();
    const base = closed.openaiBase;
    await closed.stop();
    const r = await runEvaluation(one, tools, { provider: 'openai', model: 'm', apiKey: SENTINEL_KEY, baseURL: base, trials: 1, limits: { ...LIMITS, maxRetries: 1 }, maxTokens: 64 });
    const t = r.cases[0]!.trials[0]!;
    assert.equal(t.failures[0]!.kind, 'network');
    assert.equal(t.retries, 1);
    assert.equal(t.stop, 'request-failed');
  });
});

describe('readEvalSet: cases it cannot send as written are skipped with a reason', () => {
  it('a tool message, a message without text, a message that is not an object; developer and text blocks are sent', () => {
    const cases = [
      { id: 'tool-role', category: 'normal', messages: [{ role: 'tool', content: 'x' }, { role: 'user', content: 'Weather?' }], expect: { tool: null } },
      { id: 'number-content', category: 'normal', messages: [{ role: 'system', content: 42 }, { role: 'user', content: 'Weather?' }], expect: { tool: null } },
      { id: 'not-object', category: 'normal', messages: ['hello'], expect: { tool: null } },
      { id: 'no-role', category: 'normal', messages: [{ content: 'hi' }], expect: { tool: null } },
      { id: 'fine', category: 'normal', messages: [{ role: 'developer', content: 'Be brief.' }, { role: 'user', content: [{ type: 'text', text: 'Weather ' }, { type: 'text', text: 'in Oslo?' }] }], expect: { tool: 'get_weather' } },
    ];
    const set = readEvalSet('/x/weather.eval.json', JSON.stringify({ tools: 'weather.tool.json', cases }));
    assert.deepEqual(set.cases.map((c) => c.id), ['fine']);
    assert.deepEqual(set.cases[0]!.messages, [{ role: 'system', content: 'Be brief.' }, { role: 'user', content: 'Weather in Oslo?' }]);
    assert.deepEqual(set.problems, [
      'case "tool-role" is skipped: message #1 has the role "tool"; a case sends system, developer, user or assistant messages',
      'case "number-content" is skipped: message #1\'s content is not text (a string, or a list of {"type": "text", "text": ...} blocks)',
      'case "not-object" is skipped: message #1 is not an object',
      'case "no-role" is skipped: message #1 has no role; a case sends system, developer, user or assistant messages',
    ]);
  });
});
