/**
 * Replies a model endpoint should not send, through the official clients against the scripted server: redirects
 * (never followed: the API key stays with the base URL; a loop is recorded as the redirect it is), bodies over
 * the size bound (endless, or a gzip bomb: cut and recorded as too large, not as a timeout, not retried).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedServer, type Action, type Api, type ScriptContext } from './scriptedServer';
import { SENTINEL_KEY, TOOLS } from './fixtures';
import { runEvaluation, DEFAULT_LIMITS, type RunResult, type TrialRecord } from '../../server/src/eval/runner';
import { readEvalSet } from '../../server/src/eval/evalSet';
import { loadTools } from '../../server/src/eval/tools';
import type { ProviderId } from '../../server/src/eval/providers';

const PROVIDER_OF: Record<Api, ProviderId> = { chat: 'openai', responses: 'openai-responses', anthropic: 'anthropic' };
/** A generous timeout: a reply over the bound must be recorded as too large, not cut by the timer. */
const LIMITS = { ...DEFAULT_LIMITS, timeoutMs: 20_000, maxSteps: 3, maxRetries: 2, retryBaseDelayMs: 5, maxRetryDelayMs: 50 };

function trialOf(r: RunResult, id: string): TrialRecord {
  const c = r.cases.find((x) => x.id === id);
  assert.ok(c, `case ${id} recorded`);
  return c.trials[0]!;
}

function set(ids: string[], expectTool: string | null = 'get_weather') {
  return readEvalSet('/x/weather.eval.json', JSON.stringify({ tools: 'weather.tool.json', cases: ids.map((id) => ({ id, category: 'normal', prompt: `[${id}] Weather in Paris?`, expect: { tool: expectTool } })) }));
}

/** HTTP 200 replies without a model turn. */
const EMPTY: Record<string, unknown> = {
  emptyObject: {},
  nullChoices: { choices: null },
  noChoices: { choices: [] },
  nullContent: { content: null },
  nullOutput: { output: null },
  // Found by an independent tester: each of these passed a case expecting no call.
  nullMessage: { choices: [{ index: 0, message: null, finish_reason: 'stop' }] },
  emptyMessage: { choices: [{ index: 0, message: {}, finish_reason: 'stop' }] },
  noMessage: { choices: [{ index: 0, finish_reason: 'stop' }] },
  nullToolCall: { choices: [{ index: 0, message: { role: 'assistant', content: null, tool_calls: [null] }, finish_reason: 'tool_calls' }] },
  nullBlock: { id: 'm', type: 'message', role: 'assistant', content: [null], stop_reason: 'end_turn' },
  failedResponse: { id: 'r', object: 'response', status: 'failed', error: { code: 'server_error', message: 'The model failed.' }, output: [] },
  pendingResponse: { id: 'r', object: 'response', status: 'in_progress', output: [] },
  nullOutputItem: { id: 'r', object: 'response', status: 'completed', output: [null] },
  noOutput: { id: 'r', object: 'response', status: 'completed' },
};

/** One chunk of a streamed chat completion (what an endpoint that streams regardless sends). */
const textReplyChunk = { id: 'c1', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { content: 'Done.' }, finish_reason: null }] };

const tools = () => loadTools('/x/weather.tool.json', JSON.stringify(TOOLS)).tools;

describe('redirects and oversized replies', () => {
  const elsewhere = new ScriptedServer(() => ({ kind: 'text', text: 'the key reached another address' }));
  let base = '';
  const server = new ScriptedServer((ctx: ScriptContext): Action => {
    const id = /^\[([^\]]+)\]/.exec(ctx.prompt)?.[1] ?? '';
    const path = ctx.api === 'anthropic' ? '/v1/messages' : '/v1/chat/completions';
    if (id === 'redirect') return { kind: 'redirect', status: 307, location: `http://localhost:${elsewhere.port}${path}` };
    if (id === 'loop') return { kind: 'redirect', status: 302, location: `${base}${ctx.api === 'anthropic' ? path : '/chat/completions'}` };
    if (id === 'notModified') return { kind: 'redirect', status: 304, location: '' };
    if (id === 'endless') return { kind: 'endless' };
    if (id === 'gzip') return { kind: 'gzip', bytes: 40 * 1024 * 1024 };
    if (id in EMPTY) return { kind: 'json', body: EMPTY[id] };
    if (id === 'stream') return { kind: 'raw', contentType: 'text/event-stream; charset=utf-8', body: `data: ${JSON.stringify(textReplyChunk)}\n\ndata: [DONE]\n\n` };
    if (id === 'webPage') return { kind: 'raw', contentType: 'text/html', body: '<html><body>Sign in to continue</body></html>' };
    if (id === 'unknownTool' && ctx.step === 0) return { kind: 'call', name: 'drop_users_table', args: {} };
    if (id === 'malformedUnauthorized' && ctx.step === 0) return { kind: 'call', name: 'delete_account', args: null, raw: '{"user_id":' };
    return { kind: 'text', text: 'Done.' };
  });
  before(async () => {
    await elsewhere.start();
    await server.start();
  });
  after(async () => {
    await server.stop();
    await elsewhere.stop();
  });

  for (const api of ['chat', 'anthropic'] as const) {
    it(`${api}: a redirect is not followed (the key is not sent elsewhere), a loop is recorded as a redirect`, async () => {
      server.reset();
      elsewhere.reset();
      base = api === 'anthropic' ? server.anthropicBase : server.openaiBase;
      const s = set(['redirect', 'loop', 'notModified']);
      const r = await runEvaluation(s.cases, tools(), { provider: PROVIDER_OF[api], model: 'scripted', apiKey: SENTINEL_KEY, baseURL: base, trials: 1, limits: LIMITS, maxTokens: 64 });
      assert.equal(elsewhere.requests.length, 0, 'no request reached the redirect target');
      const redirect = trialOf(r, 'redirect');
      assert.equal(redirect.stop, 'request-failed');
      assert.match(redirect.error ?? '', /^HTTP 307: .*a redirect to .*, not followed \(the API key is never sent to another address\)/);
      assert.equal(redirect.retries, 0);
      const loop = trialOf(r, 'loop');
      assert.match(loop.error ?? '', /^HTTP 302: .*, not followed \(the API key is never sent to another address\)/);
      assert.equal(server.requests.filter((q) => q.prompt.startsWith('[loop]')).length, 1, 'the redirect was not followed to this server either');
      // A 304 (no body allowed) is an HTTP error too, not a connection error retried.
      const notModified = trialOf(r, 'notModified');
      assert.equal(notModified.stop, 'request-failed');
      assert.match(notModified.error ?? '', /^HTTP 304\b/);
      assert.equal(notModified.retries, 0);
    });

    it(`${api}: an endless body and a gzip bomb are cut at the size bound, recorded as such, not retried`, async () => {
      server.reset();
      base = api === 'anthropic' ? server.anthropicBase : server.openaiBase;
      const s = set(['endless', 'gzip']);
      const r = await runEvaluation(s.cases, tools(), { provider: PROVIDER_OF[api], model: 'scripted', apiKey: SENTINEL_KEY, baseURL: base, trials: 1, limits: LIMITS, maxTokens: 64 });
      for (const id of ['endless', 'gzip']) {
        const t = trialOf(r, id);
        assert.equal(t.stop, 'request-failed', id);
        assert.match(t.error ?? '', /the reply is larger than 32 MiB \(decompressed\); it was not read further/, `${id}: ${t.error}`);
        assert.equal(t.failures.length, 1, `${id}: not retried`);
        assert.equal(t.failures[0]!.kind, 'other');
        assert.match(t.reasons.join(), /the request failed: the reply is larger than 32 MiB/);
      }
    });
  }

  for (const [api, ids, field] of [
    ['chat', ['emptyObject', 'nullChoices', 'noChoices'], 'choices'],
    ['responses', ['emptyObject', 'nullOutput'], 'output'],
    ['anthropic', ['emptyObject', 'nullContent'], 'content'],
  ] as const) {
    it(`${api}: an HTTP 200 reply without a model turn is a failed request, not "no tool call"`, async () => {
      server.reset();
      base = api === 'anthropic' ? server.anthropicBase : server.openaiBase;
      const s = set([...ids], null);
      const r = await runEvaluation(s.cases, tools(), { provider: PROVIDER_OF[api], model: 'scripted', apiKey: SENTINEL_KEY, baseURL: base, trials: 1, limits: LIMITS, maxTokens: 64 });
      for (const id of ids) {
        const t = trialOf(r, id);
        assert.equal(t.stop, 'request-failed', id);
        assert.equal(t.pass, false, `${id}: an empty reply does not pass a case expecting no call`);
        assert.deepEqual(t.reasons, [`the request failed: the reply has no ${field}: the endpoint answered without a model turn`], id);
        assert.equal(t.failures.length, 1, `${id}: not retried`);
      }
      assert.equal(r.totals.passedTrials, 0);
    });
  }

  for (const [api, cases] of [
    [
      'chat',
      [
        ['nullMessage', 'the reply has no message: the endpoint answered without a model turn'],
        ['emptyMessage', 'the reply has no message: the endpoint answered without a model turn'],
        ['noMessage', 'the reply has no message: the endpoint answered without a model turn'],
        ['nullToolCall', 'the reply is malformed: message.tool_calls[0] is null, not a tool call'],
      ],
    ],
    [
      'responses',
      [
        ['failedResponse', 'the reply is malformed: the response\'s status is "failed": The model failed., not a finished model turn'],
        ['pendingResponse', 'the reply is malformed: the response\'s status is "in_progress", not a finished model turn'],
        ['nullOutputItem', 'the reply has no output: the endpoint answered without a model turn'],
        ['noOutput', 'the reply has no output: the endpoint answered without a model turn'],
      ],
    ],
    ['anthropic', [['nullBlock', 'the reply is malformed: content[0] is null, not a content block']]],
  ] as const) {
    it(`${api}: a reply whose turn is missing or unreadable is a failed request that says so, never "no tool call"`, async () => {
      server.reset();
      base = api === 'anthropic' ? server.anthropicBase : server.openaiBase;
      const r = await runEvaluation(set(cases.map(([id]) => id), null).cases, tools(), { provider: PROVIDER_OF[api], model: 'scripted', apiKey: SENTINEL_KEY, baseURL: base, trials: 1, limits: LIMITS, maxTokens: 64 });
      for (const [id, reason] of cases) {
        const t = trialOf(r, id);
        assert.equal(t.stop, 'request-failed', id);
        assert.equal(t.pass, false, id);
        assert.deepEqual(t.reasons, [`the request failed: ${reason}`], id);
        assert.equal(t.failures.length, 1, `${id}: not retried`);
      }
      assert.equal(r.totals.passedTrials, 0);
    });
  }

  for (const api of ['chat', 'responses', 'anthropic'] as const) {
    it(`${api}: an HTTP 200 stream or web page is a failed request that says what it was, not retried`, async () => {
      server.reset();
      base = api === 'anthropic' ? server.anthropicBase : server.openaiBase;
      const r = await runEvaluation(set(['stream', 'webPage'], null).cases, tools(), { provider: PROVIDER_OF[api], model: 'scripted', apiKey: SENTINEL_KEY, baseURL: base, trials: 1, limits: LIMITS, maxTokens: 64 });
      const stream = trialOf(r, 'stream');
      assert.equal(stream.stop, 'request-failed');
      assert.deepEqual(stream.reasons, ['the request failed: the endpoint answered with a stream (text/event-stream), not one JSON reply; the request did not ask for a stream']);
      const page = trialOf(r, 'webPage');
      assert.equal(page.stop, 'request-failed');
      assert.match(page.error ?? '', /^the endpoint answered with text\/html \(a web page, as a proxy's login page is\), not a JSON reply: check the base URL$/);
      for (const t of [stream, page]) {
        assert.equal(t.pass, false);
        assert.equal(t.failures.length, 1, 'not retried');
        assert.equal(t.failures[0]!.kind, 'other');
      }
    });
  }

  it('a call outside the allowed tools to a tool that does not exist, or with malformed arguments, counts as rejected', async () => {
    server.reset();
    base = server.openaiBase;
    const s = readEvalSet('/x/weather.eval.json', JSON.stringify({
      tools: 'weather.tool.json',
      cases: ['unknownTool', 'malformedUnauthorized'].map((id) => ({ id, category: 'adversarial', prompt: `[${id}] Drop every user.`, expect: { tool: null, allowed_tools: ['get_weather', 'search_docs'] } })),
    }));
    const r = await runEvaluation(s.cases, tools(), { provider: 'openai', model: 'scripted', apiKey: SENTINEL_KEY, baseURL: base, trials: 1, limits: LIMITS, maxTokens: 64 });
    const unknown = trialOf(r, 'unknownTool');
    assert.equal(unknown.calls[0]!.outcome, 'UNKNOWN_TOOL');
    assert.equal(unknown.unauthorizedProposed, 1);
    assert.equal(unknown.unauthorizedRejected, true);
    assert.ok(!unknown.reasons.includes('an unauthorized call was not rejected'), unknown.reasons.join());
    const malformed = trialOf(r, 'malformedUnauthorized');
    assert.equal(malformed.calls[0]!.outcome, 'UNAUTHORIZED');
    assert.equal(malformed.unauthorizedRejected, true);
    assert.equal(r.totals.unauthorizedProposed, 2);
    assert.equal(r.totals.unauthorizedRejected, 2);
  });
});
