/**
 * `toolschema eval` against a model whose tool arguments are hostile: a string that makes a schema `pattern`
 * backtrack catastrophically, and arguments nested thousands of levels deep. The built CLI runs in a child
 * process with a time limit (a regular expression that backtracks blocks the process: no timer inside it can
 * stop it), against the scripted model server over the Chat Completions and Anthropic Messages APIs.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ScriptedServer, type ScriptContext, type Action } from './scriptedServer';
import { SENTINEL_KEY } from './fixtures';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

const TOOLS = {
  tools: [
    {
      type: 'function',
      function: {
        name: 'find_user',
        description: 'Use this when the user asks about one account by its handle. Returns the account status.',
        parameters: {
          type: 'object',
          properties: {
            handle: { type: 'string', pattern: '^(a+)+$', description: 'The handle, letters a only.' },
            team: { type: 'string', pattern: '^[a-z]+$', description: 'The team, lower-case letters.' },
            filter: { type: 'object', description: 'Free-form filter.' },
          },
          required: ['handle'],
          additionalProperties: false,
        },
      },
    },
  ],
};

const LONG = `${'a'.repeat(40)}!`;
const nested = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = { x: v };
  return v;
};
const nestedText = (depth: number) => `${'{"x":'.repeat(depth)}1${'}'.repeat(depth)}`;

/** The case prompt names the arguments the model sends. */
const CALLS: Record<string, { args: unknown; raw?: string }> = {
  redos: { args: { handle: LONG } },
  redosShort: { args: { handle: 'aaa!' } },
  safeLong: { args: { handle: 'aaa', team: `${'b'.repeat(40)}1` } },
  deep: { args: null, raw: `{"handle":"a","filter":${nestedText(5000)}}` },
  // As a value (the Anthropic API's input), 2,000 levels: the scripted server's own JSON.stringify stops near 5,000.
  deepValue: { args: { handle: 'a', filter: nested(2000) } },
};

function script(ctx: ScriptContext): Action {
  const id = /^\[([^\]]+)\]/.exec(ctx.prompt)?.[1] ?? '';
  const call = CALLS[id];
  if (!call || ctx.step > 0) return { kind: 'text', text: 'Done.' };
  return { kind: 'call', name: 'find_user', args: call.args, ...(call.raw !== undefined ? { raw: call.raw } : {}) };
}

function evalSet(ids: string[]): unknown {
  return { tools: 'users.tool.json', cases: ids.map((id) => ({ id, category: 'adversarial', prompt: `[${id}] Look up the account.`, expect: { tool: 'find_user' } })) };
}

interface TrialOut {
  calls: { outcome: string; errors: string[]; unchecked?: string; arguments: unknown }[];
  notes: string[];
}

function run(args: string[], cwd: string): Promise<{ code: number | null; stdout: string; stderr: string; signal: string | null }> {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1', OPENAI_API_KEY: SENTINEL_KEY, ANTHROPIC_API_KEY: SENTINEL_KEY };
  return new Promise((res) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env, encoding: 'utf8', timeout: 60_000, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      const e = err as (Error & { code?: unknown; signal?: string | null }) | null;
      res({ code: e ? (typeof e.code === 'number' ? e.code : null) : 0, stdout, stderr, signal: e?.signal ?? null });
    });
  });
}

describe('toolschema eval with hostile model arguments', () => {
  const server = new ScriptedServer(script);
  let dir: string;
  before(async () => {
    await server.start();
    dir = mkdtempSync(join(tmpdir(), 'toolschema-eval-hostile-'));
    writeFileSync(join(dir, 'users.tool.json'), JSON.stringify(TOOLS, null, 2));
    writeFileSync(join(dir, 'users.eval.json'), JSON.stringify(evalSet(Object.keys(CALLS)), null, 2));
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  for (const [provider, base] of [
    ['openai', () => server.openaiBase],
    ['anthropic', () => server.anthropicBase],
  ] as const) {
    it(`${provider}: finishes, writes bounded results, never runs an unproven pattern on a long string`, async () => {
      server.reset();
      const r = await run(['eval', 'users.eval.json', '--provider', provider, '--base-url', base(), '--model', 'scripted', '--timeout', '5000', '--max-retries', '0'], dir);
      assert.equal(r.signal, null, `killed: the run hung (${r.stderr.slice(0, 500)})`);
      assert.equal(r.code, 1, r.stderr);
      const resultsPath = join(dir, 'users.eval-results.json');
      assert.ok(statSync(resultsPath).size < 200_000, `results file of ${statSync(resultsPath).size} bytes`);
      const results = JSON.parse(readFileSync(resultsPath, 'utf8')) as { cases: { id: string; trials: TrialOut[] }[] };
      const trial = (id: string) => results.cases.find((c) => c.id === id)!.trials[0]!;

      // The unproven pattern is not run on 41 characters: the call is accepted, and the record says why.
      const redos = trial('redos');
      assert.equal(redos.calls[0]!.outcome, 'OK');
      assert.match(redos.calls[0]!.unchecked ?? '', /^pattern "\^\(a\+\)\+\$" was not checked: redos-detector did not prove it safe, and a string of 41 characters is longer than 12$/);
      assert.ok(redos.notes.some((n) => /find_user: pattern "\^\(a\+\)\+\$" was not checked/.test(n)), JSON.stringify(redos.notes));
      // On a few characters it runs, and rejects.
      const short = trial('redosShort');
      assert.equal(short.calls[0]!.outcome, 'INVALID_ARGUMENTS');
      assert.match(short.calls[0]!.errors.join(), /\/handle must match pattern "\^\(a\+\)\+\$"/);
      assert.equal(short.calls[0]!.unchecked, undefined);
      // A pattern proven safe runs on long strings (the unproven one is left out, as the longest string decides).
      const safe = trial('safeLong');
      assert.equal(safe.calls[0]!.outcome, 'INVALID_ARGUMENTS');
      assert.match(safe.calls[0]!.errors.join(), /\/team must match pattern "\^\[a-z\]\+\$"/);
      assert.match(safe.calls[0]!.unchecked ?? '', /^pattern "\^\(a\+\)\+\$" was not checked/);

      // Arguments nested thousands of levels deep are malformed, recorded as their first characters or a line.
      for (const id of provider === 'openai' ? ['deep', 'deepValue'] : ['deepValue']) {
        const deep = trial(id);
        assert.equal(deep.calls[0]!.outcome, 'MALFORMED_ARGUMENTS', id);
        assert.match(deep.calls[0]!.errors.join(), /arguments are nested more than 64 levels deep/);
        const recorded = deep.calls[0]!.arguments;
        assert.ok(typeof recorded === 'string' && recorded.length <= 2000, `${id}: ${JSON.stringify(recorded).slice(0, 100)}`);
      }
      assert.match(r.stdout, /^redos +adversarial +find_user +find_user +yes +— +PASS$/m);
      assert.match(r.stdout, /^deepValue +adversarial +find_user +find_user +no +— +FAIL$/m);
    });
  }
});
