/**
 * What a model or an endpoint can make the evaluation host hold or send, found by an independent tester and
 * bounded: arguments a client parsed (Anthropic's `input`) held to the same size as a JSON text; arguments too
 * large or too deep not sent back in the history (a 100,000-level `input` stopped the next request with "Maximum
 * call stack size exceeded"); a conversation that grows past 32 MiB stopped; a reply cut off mid-body retried as a
 * connection error; a base URL with credentials refused, and one with a query recorded without its values.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { ScriptedServer, type Action, type ScriptContext } from './scriptedServer';
import { SENTINEL_KEY, TOOLS } from './fixtures';
import { runEvaluation, DEFAULT_LIMITS, withoutCredentials, baseUrlProblem, type RunResult, type TrialRecord } from '../../server/src/eval/runner';
import { readEvalSet } from '../../server/src/eval/evalSet';
import { loadTools } from '../../server/src/eval/tools';
import type { ProviderId } from '../../server/src/eval/providers';

const LIMITS = { ...DEFAULT_LIMITS, timeoutMs: 20_000, maxSteps: 4, maxRetries: 2, retryBaseDelayMs: 5, maxRetryDelayMs: 20 };
const tools = () => loadTools('/x/weather.tool.json', JSON.stringify(TOOLS)).tools;
const set = (ids: string[]) => readEvalSet('/x/weather.eval.json', JSON.stringify({ tools: 'weather.tool.json', cases: ids.map((id) => ({ id, category: 'normal', prompt: `[${id}] Weather in Paris?`, expect: { tool: 'get_weather' } })) }));
const trialOf = (r: RunResult, id: string): TrialRecord => r.cases.find((c) => c.id === id)!.trials[0]!;
const DEEP = `${'{"x":'.repeat(100_000)}1${'}'.repeat(100_000)}`;

describe('conversation bounds', () => {
  const server = new ScriptedServer((ctx: ScriptContext): Action => {
    const id = /^\[([^\]]+)\]/.exec(ctx.prompt)?.[1] ?? '';
    if (ctx.step > 0) return { kind: 'text', text: 'Done.' };
    if (id === 'huge') return { kind: 'call', name: 'get_weather', args: { city: 'x'.repeat(1_100_000) } };
    if (id === 'deep') {
      return { kind: 'raw', contentType: 'application/json', body: `{"id":"m1","type":"message","role":"assistant","model":"scripted","content":[{"type":"tool_use","id":"toolu_1","name":"get_weather","input":${DEEP}}],"stop_reason":"tool_use","usage":{"input_tokens":1,"output_tokens":1}}` };
    }
    if (id === 'flood') return { kind: 'calls', calls: Array.from({ length: 150 }, (_, i) => ({ name: 'get_weather', args: { city: `${i}${'y'.repeat(120_000)}` } })) };
    if (id === 'cut' && ctx.attempt === 1) return { kind: 'cut' };
    return { kind: 'call', name: 'get_weather', args: { city: 'Paris' } };
  });
  before(() => server.start());
  after(() => server.stop());
  const run = (provider: ProviderId, ids: string[]) =>
    runEvaluation(set(ids).cases, tools(), { provider, model: 'scripted', apiKey: SENTINEL_KEY, baseURL: provider === 'anthropic' ? server.anthropicBase : server.openaiBase, trials: 1, limits: LIMITS, maxTokens: 64 });

  it('Anthropic: arguments over 1,000,000 characters as JSON are MALFORMED_ARGUMENTS, as through OpenAI', async () => {
    for (const provider of ['anthropic', 'openai'] as const) {
      server.reset();
      const t = trialOf(await run(provider, ['huge']), 'huge');
      assert.equal(t.calls[0]!.outcome, 'MALFORMED_ARGUMENTS', provider);
      assert.match(t.calls[0]!.errors.join(), /characters long(?: as JSON)?, more than 1000000|more than 1000000 characters long as JSON/, provider);
      assert.equal(t.pass, false);
    }
  });

  it('Anthropic: a 100,000-level input is refused and not sent back: the next request goes out, the model sees the error', async () => {
    server.reset();
    const t = trialOf(await run('anthropic', ['deep']), 'deep');
    assert.equal(t.calls[0]!.outcome, 'MALFORMED_ARGUMENTS');
    assert.deepEqual(t.failures, [], JSON.stringify(t.failures));
    assert.equal(server.requests.filter((q) => q.prompt.startsWith('[deep]')).length, 2, 'the follow-up request was sent');
    assert.equal(t.stop, 'model-stopped');
  });

  it('a conversation that grows past 32 MiB of calls and results is stopped, not sent again and again', async () => {
    server.reset();
    const t = trialOf(await run('openai', ['flood']), 'flood');
    assert.equal(t.stop, 'request-failed');
    assert.match(t.error ?? '', /^the conversation grew past 32 MiB of tool calls and results .*: the trial was stopped after step 1$/);
    assert.equal(server.requests.filter((q) => q.prompt.startsWith('[flood]')).length, 1);
  });

  it('a reply cut off mid-body is a connection error, retried', async () => {
    for (const provider of ['openai', 'anthropic'] as const) {
      server.reset();
      const t = trialOf(await run(provider, ['cut']), 'cut');
      assert.equal(t.failures.length, 1, `${provider}: ${JSON.stringify(t.failures)}`);
      assert.equal(t.failures[0]!.kind, 'network');
      assert.equal(t.failures[0]!.message, 'the connection was closed before the reply was complete (terminated)');
      assert.equal(t.retries, 1);
      assert.equal(t.pass, true, provider);
    }
  });
});

describe('base URLs', () => {
  it('refuses credentials in the URL (fetch cannot send to it), records a query without its values', () => {
    assert.match(baseUrlProblem('http://alice:hunter2@localhost:1/v1') ?? '', /must not hold a user name or password/);
    assert.match(baseUrlProblem('ftp://x/') ?? '', /must be an http\(s\) URL/);
    assert.equal(baseUrlProblem('https://gateway.example/v1?token=abc'), undefined);
    assert.equal(withoutCredentials('https://gateway.example/v1?token=gateway-secret-999&team=a'), 'https://gateway.example/v1?token=[REDACTED]&team=[REDACTED]');
    assert.equal(withoutCredentials('http://alice:hunter2@localhost:1/v1'), 'http://localhost:1/v1');
    assert.equal(withoutCredentials('https://api.example/v1'), 'https://api.example/v1');
  });
});
