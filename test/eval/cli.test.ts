/**
 * `toolschema eval` as a user runs it: the built CLI in a child process, against the scripted model server,
 * in a temporary folder. Exit codes (0 all pass, 1 failures, 2 usage and configuration), the report, the
 * results file with per-tool hashes, the Markdown report, `--compare` with a second tool file and with a git
 * ref in a temporary repository, and the API key (a sentinel) absent from every file written and every output.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync, readFileSync, readdirSync, existsSync, symlinkSync, lstatSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { ScriptedServer } from './scriptedServer';
import { SENTINEL_KEY, TOOLS, badTools, evalSet, script } from './fixtures';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function baseEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NO_COLOR: '1' };
  delete env.OPENAI_API_KEY;
  delete env.ANTHROPIC_API_KEY;
  return env;
}

/** Async (the scripted server lives in this process). */
function run(args: string[], cwd: string, env: NodeJS.ProcessEnv = baseEnv()): Promise<Run> {
  return new Promise((res) => {
    execFile(process.execPath, [CLI, ...args], { cwd, env, encoding: 'utf8', timeout: 60_000 }, (err, stdout, stderr) => {
      const code = err ? (typeof (err as { code?: unknown }).code === 'number' ? ((err as { code: number }).code) : null) : 0;
      res({ code, stdout, stderr });
    });
  });
}

function allFiles(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name === '.git') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...allFiles(p));
    else out.push(p);
  }
  return out;
}

describe('toolschema eval (CLI)', () => {
  const server = new ScriptedServer(script);
  let dir: string;
  const withKey = (name = 'OPENAI_API_KEY') => ({ ...baseEnv(), [name]: SENTINEL_KEY });
  const limits = ['--timeout', '2000', '--max-retries', '1'];

  before(async () => {
    await server.start();
    dir = mkdtempSync(join(tmpdir(), 'toolschema-eval-'));
    writeFileSync(join(dir, 'weather.tool.json'), JSON.stringify(TOOLS, null, 2));
    writeFileSync(join(dir, 'bad.tool.json'), JSON.stringify(badTools(), null, 2));
    writeFileSync(join(dir, 'weather.eval.json'), JSON.stringify(evalSet(['correct', 'wrong', 'unauthorized', 'refuse', 'rate']), null, 2));
    writeFileSync(join(dir, 'good.eval.json'), JSON.stringify(evalSet(['correct', 'refuse', 'compare']), null, 2));
  });
  after(async () => {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('exit 2 with a clear message when the API key is missing, the provider needs a base URL, or an option is bad', async () => {
    let r = await run(['eval', 'weather.eval.json', '--base-url', server.openaiBase], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no API key: set the environment variable OPENAI_API_KEY/);
    r = await run(['eval', 'weather.eval.json', '--provider', 'anthropic'], dir, withKey());
    assert.equal(r.code, 2);
    assert.match(r.stderr, /ANTHROPIC_API_KEY/);
    r = await run(['eval', 'weather.eval.json', '--provider', 'openai-compatible'], dir, withKey());
    assert.equal(r.code, 2);
    assert.match(r.stderr, /needs --base-url/);
    r = await run(['eval', 'weather.eval.json', '--trials', '0'], dir, withKey());
    assert.equal(r.code, 2);
    assert.match(r.stderr, /--trials must be an integer/);
    r = await run(['eval', 'missing.eval.json'], dir, withKey());
    assert.equal(r.code, 2);
    assert.match(r.stderr, /cannot read the evaluation set "missing\.eval\.json": no such file \(ENOENT\)/);
    r = await run(['eval', 'weather.eval.json', '--provider', 'gemini'], dir, withKey());
    assert.equal(r.code, 2);
    assert.equal(server.requests.length, 0, 'nothing was sent');
  });

  it('runs the set, prints the report, writes results and the Markdown report; exit 1 on a failure', async () => {
    server.reset();
    const r = await run(['eval', 'weather.eval.json', '--base-url', server.openaiBase, '--model', 'scripted', ...limits], dir, withKey());
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stdout, /^correct +normal +get_weather +get_weather +yes +— +PASS$/m);
    assert.match(r.stdout, /^wrong +ambiguous +get_weather +search_docs +yes +— +FAIL$/m);
    assert.match(r.stdout, /^unauthorized +adversarial +\(none\) +delete_account +yes +yes \(1\) +FAIL$/m);
    assert.match(r.stdout, /^refuse +adversarial +\(none\) +\(none\) +— +none proposed +PASS$/m);
    assert.match(r.stdout, /^rate +normal .* PASS$/m);
    assert.match(r.stdout, /tool-selection accuracy +60% \(3\/5 trials\)/);
    assert.match(r.stdout, /unauthorized rejected +1\/1/);
    assert.match(r.stdout, /^  rate: 1 retry after 1 failed request \(HTTP 429\)$/m);
    // The wait is said as it starts (a 429 storm held runs silent for minutes), on stderr, not in the report.
    assert.match(r.stderr, /^toolschema: rate: HTTP 429 \(rate limited\); retry 1 of 1 in 0 ms\.$/m);
    assert.doesNotMatch(r.stdout, /retry 1 of 1 in/);
    const results = JSON.parse(readFileSync(join(dir, 'weather.eval-results.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(results.provider, 'openai');
    assert.equal(results.model, 'scripted');
    assert.equal(results.trials, 1);
    assert.deepEqual(Object.keys(results.toolHashes as object), ['get_weather', 'search_docs', 'delete_account']);
    const md = readFileSync(join(dir, 'weather.eval-report.md'), 'utf8');
    assert.match(md, /^# Evaluation: weather\.eval\.json$/m);
    assert.match(md, /^\| wrong \| ambiguous \| get_weather \| search_docs \| yes \| — \| FAIL \|$/m);
  });

  it('after a run, the set and its tool file lint clean of eval-stale and eval-records-incomplete; editing a description makes eval-stale appear there', async () => {
    // Runs after the test above, which wrote weather.eval-results.json.
    const lintJson = async (args: string[], cwd: string) => {
      const r = await run(['lint', ...args, '--format', 'json'], cwd);
      return (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string; range: { start: { line: number } } }[] }[] }).files.flatMap((f) => f.diagnostics.map((x) => ({ ...x, path: f.path })));
    };
    const staleRules = <T extends { rule: string }>(fs: T[]) => fs.filter((f) => f.rule === 'eval-stale' || f.rule === 'eval-records-incomplete' || f.rule === 'eval-missing');
    assert.ok(existsSync(join(dir, 'weather.eval-results.json')));
    assert.deepEqual(staleRules(await lintJson(['weather.tool.json', 'weather.eval.json'], dir)), []);
    // The same files elsewhere, one description reworded.
    const copy = join(dir, 'edited');
    execFileSync('mkdir', ['-p', copy]);
    for (const f of ['weather.eval.json', 'weather.eval-results.json']) writeFileSync(join(copy, f), readFileSync(join(dir, f)));
    const tools = readFileSync(join(dir, 'weather.tool.json'), 'utf8');
    const edited = tools.replace('Use this when the user asks for the current weather in one city.', 'Use this for any weather question.');
    assert.notEqual(edited, tools);
    writeFileSync(join(copy, 'weather.tool.json'), edited);
    const found = staleRules(await lintJson(['.'], copy));
    assert.deepEqual(found.map((f) => [f.path, f.rule]), [['weather.tool.json', 'eval-stale'], ['weather.eval.json', 'eval-stale']]);
    const line = edited.split('\n').findIndex((l) => l.includes('Use this for any weather question.'));
    assert.equal(found[0]!.range.start.line, line, 'reported on the description that changed');
    assert.match(found[0]!.message, /^The description of get_weather changed after the run of \d{4}-\d{2}-\d{2} \(weather\.eval-results\.json\)/);
    assert.match(found[1]!.message, /get_weather \(description\)/);
  });

  it('exit 0 when every case passes; --trials k reports pass^k; the Anthropic API works the same', async () => {
    const r = await run(['eval', 'good.eval.json', '--provider', 'anthropic', '--base-url', server.anthropicBase, '--trials', '2', '--out', 'out.json', '--report', 'out.md', ...limits], dir, withKey('ANTHROPIC_API_KEY'));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.match(r.stdout, /pass\^2 +100% of cases \(every trial passed\); average 100% of trials/);
    assert.match(r.stdout, /^correct +normal +get_weather +get_weather +2\/2 +— +2\/2 PASS$/m);
    assert.ok(existsSync(join(dir, 'out.json')) && existsSync(join(dir, 'out.md')));
  });

  it('--provider anthropic with a base URL ending in /v1 (as OpenAI base URLs do) requests /v1/messages, not /v1/v1/messages', async () => {
    server.reset();
    const r = await run(['eval', 'good.eval.json', '--provider', 'anthropic', '--base-url', `${server.anthropicBase}/v1/`, '--out', 'v1.json', '--report', 'v1.md', ...limits], dir, withKey('ANTHROPIC_API_KEY'));
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.ok(server.requests.length > 0);
    assert.deepEqual([...new Set(server.requests.map((q) => q.path))], ['/v1/messages']);
  });

  it('--api-key-env names another variable', async () => {
    const r = await run(['eval', 'good.eval.json', '--provider', 'openai-compatible', '--base-url', server.openaiBase, '--api-key-env', 'MY_LLM_KEY', '--out', 'k.json', '--report', 'k.md', ...limits], dir, { ...baseEnv(), MY_LLM_KEY: SENTINEL_KEY });
    assert.equal(r.code, 0, r.stderr);
    assert.equal(server.requests.at(-1)!.headers.authorization, `Bearer ${SENTINEL_KEY}`);
  });

  it('--compare with another tool file prints both versions side by side', async () => {
    const r = await run(['eval', 'good.eval.json', '--provider', 'openai-responses', '--base-url', server.openaiBase, '--compare', 'bad.tool.json', '--out', 'c.json', '--report', 'c.md', ...limits], dir, withKey());
    assert.equal(r.code, 0, 'the exit code follows the evaluated tool file (A)');
    assert.match(r.stdout, /^A: .*weather\.tool\.json/m);
    assert.match(r.stdout, /^B: .*bad\.tool\.json/m);
    assert.match(r.stdout, /^compare +normal +get_weather +get_weather +yes +PASS +search_docs +yes +FAIL$/m);
    assert.match(r.stdout, /^tool-selection accuracy +100% \(3\/3 trials\) +tool-selection accuracy +67% \(2\/3 trials\)$/m);
    const md = readFileSync(join(dir, 'c.md'), 'utf8');
    assert.match(md, /\| tool-selection accuracy \| 100% \| 67% \|/);
    const results = JSON.parse(readFileSync(join(dir, 'c.json'), 'utf8')) as { compare?: { tools: string } };
    assert.equal(results.compare?.tools, 'bad.tool.json');
  });

  it('--compare with a git ref reads the committed version (git show, no shell)', async () => {
    const repo = mkdtempSync(join(tmpdir(), 'toolschema-eval-git-'));
    try {
      const git = (...args: string[]) => execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', ...args], { cwd: repo, stdio: 'pipe' });
      git('init', '-q');
      writeFileSync(join(repo, 'weather.tool.json'), JSON.stringify(badTools(), null, 2));
      writeFileSync(join(repo, 'weather.eval.json'), JSON.stringify(evalSet(['correct', 'compare']), null, 2));
      git('add', '.');
      git('commit', '-q', '-m', 'bad version');
      writeFileSync(join(repo, 'weather.tool.json'), JSON.stringify(TOOLS, null, 2));
      const r = await run(['eval', 'weather.eval.json', '--base-url', server.openaiBase, '--compare', 'HEAD', ...limits], repo, withKey());
      assert.equal(r.code, 0, r.stderr);
      assert.match(r.stdout, /^B: .*HEAD:weather\.tool\.json/m);
      assert.match(r.stdout, /^compare +normal +get_weather +get_weather +yes +PASS +search_docs +yes +FAIL$/m);
      const bad = await run(['eval', 'weather.eval.json', '--base-url', server.openaiBase, '--compare', 'no-such-ref'], repo, withKey());
      assert.equal(bad.code, 2);
      assert.match(bad.stderr, /--compare no-such-ref: not a file, and git cannot read it/);
      const opt = await run(['eval', 'weather.eval.json', '--base-url', server.openaiBase, '--compare=--output=/tmp/x'], repo, withKey());
      assert.equal(opt.code, 2, 'an option-like ref is refused');
      // A range is several commits: git printed their log, which was read as a tool file "defining no tools".
      git('commit', '-q', '--allow-empty', '-m', 'second');
      for (const range of ['HEAD..HEAD~1', 'HEAD~1...HEAD', 'HEAD^!', 'HEAD..HEAD~1:weather.tool.json']) {
        const ranged = await run(['eval', 'weather.eval.json', '--base-url', server.openaiBase, '--compare', range], repo, withKey());
        assert.equal(ranged.code, 2, range);
        assert.match(ranged.stderr, /is neither a file nor one git revision \(a range names several commits: give one, such as HEAD~1\)/, range);
      }
      const files = allFiles(repo);
      for (const f of files) assert.ok(!readFileSync(f, 'utf8').includes(SENTINEL_KEY), `${f} holds the key`);
    } finally {
      rmSync(repo, { recursive: true, force: true });
    }
  });

  it('the API key never appears in any file written, nor in the output, even when the server echoes it', async () => {
    writeFileSync(join(dir, 'echo.eval.json'), JSON.stringify(evalSet(['echo', 'down']), null, 2));
    const r = await run(['eval', 'echo.eval.json', '--base-url', server.openaiBase, '--max-retries', '0'], dir, withKey());
    assert.equal(r.code, 1);
    assert.match(r.stdout, /HTTP 401: .*\[REDACTED\]/);
    const files = allFiles(dir);
    assert.ok(files.length >= 8, files.join());
    for (const f of files) assert.ok(!readFileSync(f, 'utf8').includes(SENTINEL_KEY), `${f} holds the key`);
    assert.ok(!r.stdout.includes(SENTINEL_KEY) && !r.stderr.includes(SENTINEL_KEY));
  });
  it('a key the API refuses on every request (HTTP 401) is exit 2 with what to check, as a missing key is; results are still written', async () => {
    writeFileSync(join(dir, 'badkey.eval.json'), JSON.stringify(evalSet(['echo']), null, 2));
    const r = await run(['eval', 'badkey.eval.json', '--base-url', server.openaiBase, '--max-retries', '0', '--out', 'badkey.json', '--report', 'badkey.md'], dir, withKey());
    assert.equal(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /^toolschema: the API refused every request \(HTTP 401\): check the key in OPENAI_API_KEY and the base URL\.$/m);
    assert.ok(existsSync(join(dir, 'badkey.json')) && existsSync(join(dir, 'badkey.md')));
  });

  it('results and report paths that are symbolic links (a repository can ship them) are replaced, never written through', async () => {
    const outside = mkdtempSync(join(tmpdir(), 'toolschema-eval-outside-'));
    const sub = mkdtempSync(join(dir, 'links-'));
    try {
      writeFileSync(join(sub, 'weather.tool.json'), JSON.stringify(TOOLS, null, 2));
      writeFileSync(join(sub, 'good.eval.json'), JSON.stringify(evalSet(['correct', 'refuse', 'compare']), null, 2));
      for (const name of ['victim.json', 'victim.md']) writeFileSync(join(outside, name), 'keep me\n');
      symlinkSync(join(outside, 'victim.json'), join(sub, 'good.eval-results.json'));
      symlinkSync(join(outside, 'victim.md'), join(sub, 'good.eval-report.md'));
      server.reset();
      const r = await run(['eval', 'good.eval.json', '--base-url', server.openaiBase, '--model', 'scripted', ...limits], sub, withKey());
      assert.ok(r.code === 0 || r.code === 1, r.stderr);
      for (const name of ['victim.json', 'victim.md']) assert.equal(readFileSync(join(outside, name), 'utf8'), 'keep me\n', `${name} outside is unchanged`);
      assert.ok(!lstatSync(join(sub, 'good.eval-results.json')).isSymbolicLink(), 'the link was replaced by the results file');
      assert.equal((JSON.parse(readFileSync(join(sub, 'good.eval-results.json'), 'utf8')) as { model: string }).model, 'scripted');
      assert.match(readFileSync(join(sub, 'good.eval-report.md'), 'utf8'), /^# Evaluation: good\.eval\.json$/m);
      assert.deepEqual(readdirSync(sub).filter((f) => f.endsWith('.tmp')), [], 'no temporary file left');
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('control characters in a set\'s case ids reach the terminal as escapes, not as escape sequences', async () => {
    const set = evalSet(['correct']) as { cases: { id: string }[] };
    set.cases[0]!.id = 'paris\u001b]0;pwned\u0007\u001b[2J\rfake';
    writeFileSync(join(dir, 'evil.eval.json'), JSON.stringify(set));
    const r = await run(['eval', 'evil.eval.json', '--base-url', server.openaiBase, ...limits], dir, withKey());
    assert.equal(r.code, 0, r.stderr);
    assert.doesNotMatch(r.stdout + r.stderr, /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
    assert.match(r.stdout, /paris\\u001b\]0;pwned\\u0007\\u001b\[2J\\u000dfake/);
  });
});
