/**
 * Breaking changes against git, end to end: a temporary git repository created here (git init, a committed tool
 * file, then an edit), read by server/src/git.ts; the language server's baseline provider (with a fake reader:
 * pending → ready, freshness, trust, logging once); and the built CLI with `--base` inside and outside a
 * repository and without git on the PATH. Needs `node esbuild.mjs` (dist/cli) and git.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync, realpathSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { GitFileCache, readAtRef, readAtRefSync, readFollowingRenames, readFollowingRenamesSync, gitShowArgs, type GitRead } from '../../server/src/git';
import { createBaselineProvider } from '../../server/src/baselineProvider';
import { defaultConfig } from '../../shared/src/config';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

const COMMITTED = `[
  {
    "name": "get_weather",
    "description": "Use this when the user asks for the current weather in a city; returns temperature and conditions.",
    "parameters": {
      "type": "object",
      "properties": {
        "city": { "type": "string", "description": "City name, e.g. Paris." },
        "units": { "type": "string", "enum": ["metric", "imperial"], "description": "Unit system for temperatures." }
      },
      "required": ["city"]
    }
  }
]
`;

/** The working copy: "units" lost a value, a required parameter was added, a description changed. */
const EDITED = COMMITTED.replace('["metric", "imperial"]', '["metric"]')
  .replace('"description": "City name, e.g. Paris." }', '"description": "City or town name." },\n        "country": { "type": "string", "description": "ISO country code." }')
  .replace('"required": ["city"]', '"required": ["city", "country"]');

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8', env: { ...process.env, GIT_CEILING_DIRECTORIES: tmpdir() } });
}

function cli(args: string[], cwd: string, env: NodeJS.ProcessEnv = {}): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', GIT_CEILING_DIRECTORIES: tmpdir(), ...env } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('baseline from git', () => {
  let repo: string;
  let outside: string;
  let file: string;
  const savedCeiling = process.env.GIT_CEILING_DIRECTORIES;

  before(() => {
    // Folders under the temporary directory never see a repository above it.
    process.env.GIT_CEILING_DIRECTORIES = tmpdir();
    repo = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-git-')));
    outside = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-nogit-')));
    git(repo, 'init', '-q');
    git(repo, 'config', 'user.name', 'toolschema test');
    git(repo, 'config', 'user.email', 'test@example.com');
    git(repo, 'config', 'commit.gpgsign', 'false');
    mkdirSync(join(repo, 'tools'));
    file = join(repo, 'tools', 'weather.tool.json');
    writeFileSync(file, COMMITTED);
    git(repo, 'add', '.');
    git(repo, 'commit', '-q', '-m', 'weather tool');
    writeFileSync(file, EDITED);
    writeFileSync(join(repo, 'tools', 'new.tool.json'), COMMITTED.replace('get_weather', 'get_forecast'));
    writeFileSync(join(outside, 'weather.tool.json'), EDITED);
  });
  after(() => {
    if (savedCeiling === undefined) delete process.env.GIT_CEILING_DIRECTORIES;
    else process.env.GIT_CEILING_DIRECTORIES = savedCeiling;
    rmSync(repo, { recursive: true, force: true });
    rmSync(outside, { recursive: true, force: true });
  });

  describe('server/src/git.ts', () => {
    it('reads the committed text at HEAD (sync and async), not the working copy', async () => {
      assert.deepEqual(readAtRefSync('HEAD', file), { kind: 'ok', text: COMMITTED });
      assert.deepEqual(await readAtRef('HEAD', file), { kind: 'ok', text: COMMITTED });
    });

    it('passes the ref and path as arguments (no shell), the path relative to the file\'s folder', () => {
      assert.deepEqual(gitShowArgs('origin/main', '/x/y/a b.tool.json').slice(-2), ['--no-textconv', 'origin/main:./a b.tool.json']);
      assert.equal(gitShowArgs('HEAD', '/x/y/a.tool.json')[1], '/x/y');
    });

    it('a repository\'s own configuration cannot make git run a program: a partial clone\'s missing blob is not fetched', async () => {
      // Found by an independent tester: the blob of the committed file is missing, the repository is a partial clone
      // of a promisor remote whose uploadpack is a shell command; git show fetched it lazily and ran the command.
      const pc = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-git-partial-')));
      const marker = join(pc, 'EXECUTED');
      try {
        git(pc, 'init', '-q');
        writeFileSync(join(pc, 'a.tool.json'), COMMITTED);
        git(pc, 'add', '.');
        git(pc, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'x');
        const blob = git(pc, 'rev-parse', 'HEAD:a.tool.json').trim();
        rmSync(join(pc, '.git', 'objects', blob.slice(0, 2), blob.slice(2)));
        git(pc, 'config', 'extensions.partialClone', 'origin');
        git(pc, 'config', 'remote.origin.promisor', 'true');
        git(pc, 'config', 'remote.origin.url', pathToFileURL(join(pc, 'nowhere')).href);
        git(pc, 'config', 'remote.origin.uploadpack', `touch '${marker}'; false`);
        git(pc, 'config', 'core.sshCommand', `touch '${marker}'; false`);
        git(pc, 'config', 'log.showSignature', 'true');
        git(pc, 'config', 'gpg.program', marker);
        for (const r of [readAtRefSync('HEAD', join(pc, 'a.tool.json')), await readAtRef('HEAD', join(pc, 'a.tool.json'))]) {
          assert.equal(r.kind, 'error', JSON.stringify(r));
          assert.match((r as Extract<GitRead, { kind: 'error' }>).message, /not in the local repository \(a partial clone\), and toolschema does not fetch it/);
        }
        assert.equal(existsSync(marker), false, 'the repository\'s command ran');
      } finally {
        rmSync(pc, { recursive: true, force: true });
      }
    });

    it('a file that is not in the ref (new, untracked) has no baseline', async () => {
      assert.deepEqual(readAtRefSync('HEAD', join(repo, 'tools', 'new.tool.json')), { kind: 'absent' });
      assert.deepEqual(await readAtRef('HEAD', join(repo, 'tools', 'new.tool.json')), { kind: 'absent' });
    });

    it('a folder outside any repository gives the no-git result', async () => {
      const r = readAtRefSync('HEAD', join(outside, 'weather.tool.json'));
      assert.equal(r.kind, 'no-git');
      assert.equal((r as Extract<GitRead, { kind: 'no-git' }>).reason, 'not-a-repository');
      assert.equal((await readAtRef('HEAD', join(outside, 'weather.tool.json'))).kind, 'no-git');
    });

    it('an unknown ref is bad-ref; a ref that could be read as an option is refused before git runs', () => {
      assert.equal(readAtRefSync('no-such-branch', file).kind, 'bad-ref');
      for (const ref of ['-c', '--output=/tmp/x', 'a b', 'HEAD:x', '', 'x\ny']) assert.equal(readAtRefSync(ref, file).kind, 'bad-ref', ref);
    });

    it('a repository without a commit yet: nothing is committed, so no baseline', () => {
      const fresh = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-unborn-')));
      try {
        git(fresh, 'init', '-q');
        writeFileSync(join(fresh, 'a.tool.json'), COMMITTED);
        assert.deepEqual(readAtRefSync('HEAD', join(fresh, 'a.tool.json')), { kind: 'absent' });
      } finally {
        rmSync(fresh, { recursive: true, force: true });
      }
    });

    it('without git on the PATH: the no-git result (not-installed)', () => {
      const saved = process.env.PATH;
      process.env.PATH = join(outside, 'no-bin');
      try {
        const r = readAtRefSync('HEAD', file);
        assert.equal(r.kind, 'no-git');
        assert.equal((r as Extract<GitRead, { kind: 'no-git' }>).reason, 'not-installed');
      } finally {
        process.env.PATH = saved;
      }
    });
  });

  describe('GitFileCache', () => {
    it('reuses a fresh result, shares a read under way, reads again once stale', async () => {
      let t = 0;
      let calls = 0;
      const cache = new GitFileCache({
        now: () => t,
        freshMs: 1000,
        read: async () => {
          calls++;
          return { kind: 'ok', text: `v${calls}` };
        },
      });
      const [a, b] = await Promise.all([cache.read('HEAD', '/r/a.tool.json'), cache.read('HEAD', '/r/a.tool.json')]);
      assert.deepEqual([a, b, calls], [{ kind: 'ok', text: 'v1' }, { kind: 'ok', text: 'v1' }, 1]);
      t = 999;
      assert.deepEqual(await cache.read('HEAD', '/r/a.tool.json'), { kind: 'ok', text: 'v1' });
      assert.equal(calls, 1);
      assert.equal(cache.peek('HEAD', '/r/a.tool.json')?.fresh, true);
      t = 1000;
      assert.equal(cache.peek('HEAD', '/r/a.tool.json')?.fresh, false);
      assert.deepEqual(await cache.read('HEAD', '/r/a.tool.json'), { kind: 'ok', text: 'v2' });
      assert.equal(calls, 2);
      // Another ref of the same file is another entry.
      await cache.read('origin/main', '/r/a.tool.json');
      assert.equal(calls, 3);
    });

    it('runs at most `concurrency` reads at once', async () => {
      let running = 0;
      let peak = 0;
      const releases: (() => void)[] = [];
      const cache = new GitFileCache({
        concurrency: 2,
        read: () =>
          new Promise<GitRead>((done) => {
            running++;
            peak = Math.max(peak, running);
            releases.push(() => {
              running--;
              done({ kind: 'absent' });
            });
          }),
      });
      const all = Promise.all([1, 2, 3, 4, 5].map((i) => cache.read('HEAD', `/r/${i}.tool.json`)));
      // Release the reads one at a time, as they start.
      for (let released = 0; released < 5; released++) {
        while (releases.length === 0) await new Promise((r) => setImmediate(r));
        releases.shift()!();
      }
      await all;
      assert.equal(peak, 2);
    });

    it('holds at most maxChars of committed text: the oldest texts are dropped, a forgotten read is not counted', async () => {
      let calls = 0;
      const cache = new GitFileCache({
        maxChars: 250,
        read: async (_ref, path) => {
          calls++;
          return { kind: 'ok', text: path.slice(-1).repeat(100) };
        },
      });
      for (const f of ['a', 'b', 'c']) await cache.read('HEAD', `/r/${f}`);
      // 300 characters read: the oldest (a) went, b and c stay.
      assert.equal(cache.peek('HEAD', '/r/a'), undefined);
      assert.equal(cache.peek('HEAD', '/r/b')?.result.kind, 'ok');
      assert.equal(cache.peek('HEAD', '/r/c')?.result.kind, 'ok');
      // Forgetting b frees its room: d fits beside c without dropping it.
      cache.forget('/r/b');
      await cache.read('HEAD', '/r/d');
      assert.equal(cache.peek('HEAD', '/r/c')?.result.kind, 'ok');
      assert.equal(cache.peek('HEAD', '/r/d')?.result.kind, 'ok');
      // A read forgotten (everything) while under way settles uncounted: e and f then both fit.
      const pending = cache.read('HEAD', '/r/x');
      cache.forget();
      await pending;
      await cache.read('HEAD', '/r/e');
      await cache.read('HEAD', '/r/f');
      assert.equal(cache.peek('HEAD', '/r/e')?.result.kind, 'ok');
      assert.equal(cache.peek('HEAD', '/r/f')?.result.kind, 'ok');
      assert.equal(calls, 7);
      // A text larger than the budget alone is kept (the file's own baseline), and drops the rest.
      const big = new GitFileCache({ maxChars: 50, read: async () => ({ kind: 'ok', text: 'z'.repeat(80) }) });
      await big.read('HEAD', '/r/1');
      await big.read('HEAD', '/r/2');
      assert.equal(big.peek('HEAD', '/r/1'), undefined);
      assert.equal(big.peek('HEAD', '/r/2')?.result.kind, 'ok');
    });
  });

  describe('baseline provider (language server)', () => {
    const uri = pathToFileURL('/r/weather.tool.json').href;

    function fakeProvider(results: Map<string, GitRead>, options: { trusted?: boolean } = {}) {
      const logs: string[] = [];
      const ready: string[] = [];
      let readyWaiter: (() => void) | undefined;
      let reads = 0;
      const provider = createBaselineProvider({
        log: (m) => logs.push(m),
        onReady: (u) => {
          ready.push(u);
          readyWaiter?.();
        },
        read: async (_ref, path) => {
          reads++;
          return results.get(path) ?? { kind: 'absent' };
        },
        ...options,
      });
      const nextReady = () => new Promise<void>((r) => (readyWaiter = r));
      /** Lets every pending read settle (each is a chain of resolved promises). */
      const settle = async () => {
        for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
      };
      return { provider, logs, ready, nextReady, settle, reads: () => reads };
    }

    it('answers pending, reads in the background, then asks for a re-lint and serves the text', async () => {
      const f = fakeProvider(new Map([['/r/weather.tool.json', { kind: 'ok', text: COMMITTED }]]));
      const config = defaultConfig();
      const ready = f.nextReady();
      assert.equal(f.provider.get(uri, config, EDITED), 'pending');
      assert.equal(f.provider.forLint(uri, config, EDITED), null, 'pending lints without a baseline');
      await ready;
      assert.deepEqual(f.ready, [uri]);
      assert.deepEqual(f.provider.get(uri, config, EDITED), { text: COMMITTED, ref: 'HEAD' });
      assert.equal(f.reads(), 1, 'one git read for several requests within the freshness window');
    });

    it('no re-lint when the baseline equals the document (nothing can be breaking)', async () => {
      const f = fakeProvider(new Map([['/r/weather.tool.json', { kind: 'ok', text: COMMITTED }]]));
      assert.equal(f.provider.get(uri, defaultConfig(), COMMITTED), 'pending');
      await f.settle();
      assert.deepEqual(f.ready, []);
      assert.deepEqual(f.provider.get(uri, defaultConfig(), COMMITTED), { text: COMMITTED, ref: 'HEAD' });
    });

    it('never runs git for other schemes, an untrusted workspace or baseline: false; says so once', async () => {
      const f = fakeProvider(new Map(), { trusted: false });
      assert.equal(f.provider.get(uri, defaultConfig()), null);
      assert.equal(f.provider.get(uri, defaultConfig()), null);
      assert.equal(f.logs.filter((l) => /not trusted/.test(l)).length, 1);
      f.provider.setTrusted(true);
      assert.equal(f.provider.get('untitled:Untitled-1', defaultConfig()), null);
      assert.equal(f.provider.get(uri, { ...defaultConfig(), baseline: false }), null);
      await f.settle();
      assert.equal(f.reads(), 0);
    });

    it('without git: no baseline, one line in the output channel for every file', async () => {
      const missing: GitRead = { kind: 'no-git', reason: 'not-installed', message: 'git was not found on the PATH' };
      const f = fakeProvider(new Map([['/r/a.tool.json', missing], ['/r/b.tool.json', missing]]));
      for (const name of ['a', 'b']) f.provider.get(pathToFileURL(`/r/${name}.tool.json`).href, defaultConfig());
      await f.settle();
      for (const name of ['a', 'b']) assert.equal(f.provider.get(pathToFileURL(`/r/${name}.tool.json`).href, defaultConfig()), null);
      assert.equal(f.logs.length, 1, f.logs.join('\n'));
      assert.match(f.logs[0]!, /git was not found/);
      assert.deepEqual(f.ready, [], 'nothing changed: no re-lint');
    });
  });

  describe('toolschema lint --base', () => {
    it('reports breaking-change and param-added-required against HEAD (exit 1)', () => {
      const r = cli(['lint', '--base', 'HEAD', '--format', 'json'], repo);
      assert.equal(r.code, 1, r.stderr);
      assert.equal(r.stderr, '');
      const out = JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string }[] }[] };
      const weather = out.files.find((f) => f.path === 'tools/weather.tool.json')!;
      const rules = weather.diagnostics.filter((d) => d.rule === 'breaking-change' || d.rule === 'param-added-required').map((d) => `${d.rule}: ${d.message.split(':')[0]}`);
      assert.deepEqual(rules, ['param-added-required: New parameter "country" of "get_weather" is required, but it is not in HEAD', 'breaking-change: "units" in "get_weather" no longer accepts "imperial" (in its enum at HEAD)']);
      const fresh = out.files.find((f) => f.path === 'tools/new.tool.json')!;
      assert.deepEqual(fresh.diagnostics.filter((d) => d.rule === 'breaking-change'), [], 'a new file has nothing to break');
    });

    it('without --base (and no "baseline" in the configuration) git is not used', () => {
      const r = cli(['lint', '--format', 'json'], repo);
      assert.equal(r.stderr, '');
      assert.doesNotMatch(r.stdout, /breaking-change|param-added-required/);
    });

    it('"baseline" in toolschema.config.json turns it on; --base overrides it', () => {
      writeFileSync(join(repo, 'toolschema.config.json'), '{ "baseline": "HEAD" }');
      try {
        const r = cli(['lint', 'tools'], repo);
        assert.equal(r.code, 1, r.stderr);
        assert.match(r.stdout, /error +"units" in "get_weather" no longer accepts "imperial".*breaking-change$/m);
        const bad = cli(['lint', 'tools', '--base', 'no-such-branch'], repo);
        assert.equal(bad.code, 2);
        assert.match(bad.stderr, /"no-such-branch" is not a revision of this repository/);
      } finally {
        rmSync(join(repo, 'toolschema.config.json'));
      }
    });

    it('a ref of the repository linted that a nested repository (a submodule) lacks: that file is skipped with one line, the others compared', () => {
      const nested = join(repo, 'vendor');
      mkdirSync(nested);
      try {
        git(nested, 'init', '-q');
        writeFileSync(join(nested, 'news.tool.json'), COMMITTED.replace('get_weather', 'search_news'));
        git(nested, 'add', '.');
        git(nested, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'nested');
        git(repo, 'tag', 'release');
        const r = cli(['lint', 'tools', 'vendor', '--base', 'release'], repo);
        assert.equal(r.code, 1, r.stderr);
        assert.match(r.stdout, /"units" in "get_weather" no longer accepts "imperial".*breaking-change$/m);
        assert.deepEqual(r.stderr.trim().split('\n'), ['toolschema: vendor/news.tool.json is in a repository where --base "release" names no revision (a submodule or a nested repository); breaking-change and param-added-required were skipped for it and any other such file.']);
        // A ref that no repository has is still a usage error.
        const bad = cli(['lint', 'tools', 'vendor', '--base', 'no-such-tag'], repo);
        assert.equal(bad.code, 2);
      } finally {
        git(repo, 'tag', '-d', 'release');
        rmSync(nested, { recursive: true, force: true });
      }
    });

    it('a tool file renamed or moved since the ref (git mv, staged or committed) is compared with its text under the old name', async () => {
      const moved = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-git-mv-')));
      try {
        git(moved, 'init', '-q');
        writeFileSync(join(moved, 'weather.tool.json'), COMMITTED);
        git(moved, 'add', '.');
        git(moved, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'base');
        mkdirSync(join(moved, 'tools'));
        git(moved, 'mv', 'weather.tool.json', 'tools/forecast.tool.json');
        // One value removed (git pairs a deleted and an added file as a rename when they are at least half alike).
        writeFileSync(join(moved, 'tools', 'forecast.tool.json'), COMMITTED.replace('["metric", "imperial"]', '["metric"]'));
        const staged = cli(['lint', 'tools/forecast.tool.json', '--base', 'HEAD'], moved);
        assert.equal(staged.code, 1, staged.stderr);
        assert.match(staged.stdout, /"units" in "get_weather" no longer accepts "imperial".*breaking-change$/m);
        assert.equal(readFollowingRenamesSync('HEAD', join(moved, 'tools', 'forecast.tool.json')).kind, 'ok');
        // The language server's reader (the git cache's default) follows it too.
        assert.deepEqual(await readFollowingRenames('HEAD', join(moved, 'tools', 'forecast.tool.json')), { kind: 'ok', text: COMMITTED });
        git(moved, 'add', '-A');
        git(moved, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'moved');
        const committed = cli(['lint', 'tools/forecast.tool.json', '--base', 'HEAD~1'], moved);
        assert.match(committed.stdout, /"units" in "get_weather" no longer accepts "imperial".*breaking-change$/m);
        // A file git does not see as renamed is still new: nothing to compare.
        writeFileSync(join(moved, 'tools', 'other.tool.json'), EDITED.replace('get_weather', 'get_other'));
        assert.equal(readFollowingRenamesSync('HEAD', join(moved, 'tools', 'other.tool.json')).kind, 'absent');
      } finally {
        rmSync(moved, { recursive: true, force: true });
      }
    });

    it('--fix with a baseline does not apply a safe fix that makes a breaking change (a misspelt "requried" renamed makes its parameters required)', () => {
      const r = realpathSync(mkdtempSync(join(tmpdir(), 'toolschema-git-fix-')));
      try {
        const text = COMMITTED.replace('"required": ["city"]', '"requried": ["city"]');
        git(r, 'init', '-q');
        writeFileSync(join(r, 'w.tool.json'), text);
        git(r, 'add', '.');
        git(r, '-c', 'user.name=t', '-c', 'user.email=t@example.com', '-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'typo');
        const withBase = cli(['lint', 'w.tool.json', '--fix', '--base', 'HEAD'], r);
        assert.equal(readFileSync(join(r, 'w.tool.json'), 'utf8'), text, withBase.stdout);
        assert.doesNotMatch(withBase.stdout, /breaking-change/);
        assert.match(withBase.stdout, /keyword-unknown/);
        // Without a baseline nothing says it breaks anything: the typo is fixed.
        cli(['lint', 'w.tool.json', '--fix'], r);
        assert.equal(readFileSync(join(r, 'w.tool.json'), 'utf8'), COMMITTED);
      } finally {
        rmSync(r, { recursive: true, force: true });
      }
    });

    it('outside a repository: the two rules are skipped and one clear line goes to stderr', () => {
      const r = cli(['lint', '--base', 'HEAD', '--format', 'json'], outside);
      assert.equal(r.code, 0, r.stdout);
      assert.deepEqual(r.stderr.trim().split('\n'), ['toolschema: weather.tool.json is not in a git repository; breaking-change and param-added-required were skipped.']);
      assert.doesNotMatch(r.stdout, /breaking-change|param-added-required/);
    });

    it('without git on the PATH: skipped, one line', () => {
      const r = cli(['lint', '--base', 'HEAD', 'tools'], repo, { PATH: join(outside, 'no-bin') });
      assert.equal(r.code, 0, r.stdout);
      assert.deepEqual(r.stderr.trim().split('\n'), ['toolschema: git was not found; breaking-change and param-added-required were skipped.']);
    });

    it('an option-like ref is a usage error (exit 2)', () => {
      const r = cli(['lint', '--base=-p', 'tools'], repo);
      assert.equal(r.code, 2);
      assert.match(r.stderr, /--base "-p" is not a git revision/);
    });

    it('a range or a set of commits is a usage error (exit 2), from --base and from "baseline" (config-invalid)', () => {
      // git reads "HEAD..:./weather.tool.json" as a range ending at the staged file: the comparison found nothing.
      // A tree or a blob names no commit either ("HEAD^{tree}" was accepted and compared).
      for (const ref of ['HEAD..', '..', 'HEAD...HEAD', '^HEAD', 'HEAD^!', 'HEAD^@', 'HEAD^-1', 'HEAD^{tree}', 'HEAD^{blob}']) {
        const r = cli(['lint', `--base=${ref}`, 'tools'], repo);
        assert.equal(r.code, 2, `${ref}: ${r.stdout}`);
        assert.match(r.stderr, new RegExp(`--base "${ref.replace(/[.^]/g, '\\$&')}" is not a git revision \\(one branch, tag or commit .* not a range such as HEAD\\.\\.main\\)`));
      }
      for (const ref of ['HEAD~0', 'HEAD^0', 'HEAD@{0}', 'HEAD^{commit}', 'HEAD^{}']) assert.notEqual(cli(['lint', `--base=${ref}`, 'tools'], repo).code, 2, ref);
      // Revisions git cannot resolve here (no upstream, past the reflog, no such branch) are not git errors to skip.
      for (const ref of ['@{u}', 'HEAD@{99}', 'nonexist@{u}']) {
        const r = cli(['lint', `--base=${ref}`, 'tools'], repo);
        assert.equal(r.code, 2, `${ref}: ${r.stderr}`);
        assert.match(r.stderr, /is not a revision of this repository/, ref);
      }
      // In the configuration: config-invalid, a tree or a blob too (an independent tester: "HEAD^{tree}" there gave
      // no finding and turned the comparison off in silence).
      for (const ref of ['HEAD..', 'HEAD^{tree}', 'HEAD^{blob}']) {
        writeFileSync(join(repo, 'toolschema.config.json'), JSON.stringify({ baseline: ref }));
        try {
          const r = cli(['lint', 'tools', '--format', 'json'], repo);
          const config = (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string }[] }[] }).files.find((f) => f.path === 'toolschema.config.json');
          assert.ok(config?.diagnostics.some((d) => d.rule === 'config-invalid' && /not a range such as "HEAD\.\.main", not a tree or a blob/.test(d.message)), `${ref}: ${r.stdout}`);
        } finally {
          rmSync(join(repo, 'toolschema.config.json'));
        }
      }
      // An unknown revision in the configuration is named as the configuration's, not as --base.
      writeFileSync(join(repo, 'toolschema.config.json'), '{ "baseline": "nope" }');
      try {
        const r = cli(['lint', 'tools'], repo);
        assert.equal(r.code, 2, r.stderr);
        assert.match(r.stderr, /^toolschema: "baseline" in toolschema\.config\.json: "nope" is not a revision of this repository/);
      } finally {
        rmSync(join(repo, 'toolschema.config.json'));
      }
    });
  });
});
