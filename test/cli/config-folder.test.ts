/**
 * The CLI run as CI and pre-commit hooks run it (found by an independent tester):
 * - from a subfolder of the configuration's folder, the configuration's `files` and `ignore` globs are read from
 *   its folder (they were read from the working folder: `ignore: ["fixtures/**"]` did not apply inside fixtures/,
 *   `files: ["tools/**"]` found nothing inside tools/);
 * - SARIF paths are relative to the git repository (GitHub code scanning reads them so), not the working folder;
 * - a configuration file named as an input is not linted as a tool file (it was reported twice);
 * - the suggestion for an absolute glob is the path from the configuration's folder.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { globProblem } from '../../shared/src/config';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');
const run = (args: string[], cwd: string) => {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const GOOD = readFileSync(resolve(__dirname, '../../../examples/weather.tool.json'), 'utf8');
const BAD = '[{ "name": "getWeather", "description": "weather", "parameters": { "type": "object", "properties": { "city": { "type": "str" } } } }]';
const pathsOf = (stdout: string) => (JSON.parse(stdout) as { files: { path: string }[] }).files.map((f) => f.path).sort();

describe('the CLI from a subfolder of its configuration, in CI', () => {
  let dir: string;
  const write = (path: string, text: string) => {
    mkdirSync(resolve(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-cfgdir-'));
    write('toolschema.config.json', JSON.stringify({ files: ['tools/**/*.tool.json', 'pkg/**/*.tool.json'], ignore: ['tools/fixtures/**', 'pkg/fixtures/**'], rules: { 'eval-missing': 'off' } }));
    write('tools/a.tool.json', GOOD);
    write('tools/fixtures/bad.tool.json', BAD);
    write('pkg/b.tool.json', GOOD);
    write('pkg/fixtures/bad.tool.json', BAD);
    write('other/c.tool.json', BAD);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('reads the globs from the configuration\'s folder: files under it, ignored folders left out', () => {
    assert.deepEqual(pathsOf(run(['lint', '--format', 'json'], dir).stdout), ['pkg/b.tool.json', 'tools/a.tool.json']);
    const tools = run(['lint', '--format', 'json'], join(dir, 'tools'));
    assert.equal(tools.code, 0, tools.stderr);
    assert.deepEqual(pathsOf(tools.stdout), ['a.tool.json']);
    const pkg = run(['lint', '--format', 'json', '.'], join(dir, 'pkg'));
    assert.deepEqual(pathsOf(pkg.stdout), ['b.tool.json']);
    // A folder named from the top, and a glob typed in a subfolder: the ignore globs still apply.
    assert.deepEqual(pathsOf(run(['lint', '--format', 'json', 'pkg'], dir).stdout), ['pkg/b.tool.json']);
    assert.deepEqual(pathsOf(run(['lint', '--format', 'json', '**/*.tool.json'], join(dir, 'pkg')).stdout), ['b.tool.json']);
  });

  it('inside an ignored folder finds no tool file (exit 2, saying why), as from the top', () => {
    const r = run(['lint'], join(dir, 'tools/fixtures'));
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no tool files found/);
  });

  it('a folder the globs leave out holds no tool file; a file named there is linted all the same', () => {
    const r = run(['lint', '--format', 'json', 'other'], dir);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /no tool files found in "other"/);
    assert.deepEqual(pathsOf(run(['lint', '--format', 'json', 'other/c.tool.json'], dir).stdout), ['other/c.tool.json']);
  });
});

describe('SARIF paths from a subfolder of a git repository', () => {
  let repo: string;
  before(() => {
    repo = mkdtempSync(join(tmpdir(), 'toolschema-sarif-repo-'));
    mkdirSync(join(repo, '.git'));
    mkdirSync(join(repo, 'packages/agent/tools'), { recursive: true });
    writeFileSync(join(repo, 'packages/agent/tools/crm.tool.json'), BAD);
  });
  after(() => rmSync(repo, { recursive: true, force: true }));

  it('are relative to the repository, %SRCROOT% its folder', () => {
    const r = run(['lint', '--format', 'sarif', 'tools'], join(repo, 'packages/agent'));
    const log = JSON.parse(r.stdout) as { runs: { originalUriBaseIds: Record<string, { uri: string }>; results: { locations: { physicalLocation: { artifactLocation: { uri: string; uriBaseId?: string } } }[] }[] }[] };
    const uris = new Set(log.runs[0]!.results.map((x) => JSON.stringify(x.locations[0]!.physicalLocation.artifactLocation)));
    assert.deepEqual([...uris], [JSON.stringify({ uri: 'packages/agent/tools/crm.tool.json', uriBaseId: '%SRCROOT%' })]);
    assert.equal(log.runs[0]!.originalUriBaseIds['%SRCROOT%']!.uri, `file://${repo}/`);
  });
});

describe('a configuration file named as an input (a pre-commit hook naming every *.json)', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-cfg-input-'));
    writeFileSync(join(dir, 'a.tool.json'), GOOD);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('is read as the configuration, not linted as a tool file', () => {
    writeFileSync(join(dir, 'toolschema.config.json'), JSON.stringify({ rules: { 'eval-missing': 'off' } }));
    const ok = run(['lint', '--format', 'json', 'toolschema.config.json', 'a.tool.json'], dir);
    assert.equal(ok.code, 0, ok.stdout);
    assert.deepEqual(pathsOf(ok.stdout), ['a.tool.json']);
    // Alone: nothing to lint, which is no mistake.
    assert.equal(run(['lint', 'toolschema.config.json'], dir).code, 0);
    // An invalid one is reported once, as the configuration.
    writeFileSync(join(dir, 'toolschema.config.json'), JSON.stringify({ rules: { 'eval-missing': 'sometimes' } }));
    const bad = run(['lint', '--format', 'json', 'toolschema.config.json', 'a.tool.json'], dir);
    const files = (JSON.parse(bad.stdout) as { files: { path: string; diagnostics: { rule: string }[] }[] }).files;
    assert.deepEqual(
      files.map((f) => [f.path, [...new Set(f.diagnostics.map((d) => d.rule))]]),
      [['toolschema.config.json', ['config-invalid']], ['a.tool.json', files[1]!.diagnostics.length ? [...new Set(files[1]!.diagnostics.map((d) => d.rule))] : []]],
    );
  });
});

describe('the suggestion for an absolute glob', () => {
  it('is the path from the configuration\'s folder, or none for another place of the machine', () => {
    assert.match(globProblem('/work/repo/tools/*.json', '/work/repo')!, /write "tools\/\*\.json"/);
    assert.match(globProblem('/tools/*.json', '/work/repo')!, /write "tools\/\*\.json"/);
    assert.doesNotMatch(globProblem('/work/other/tools/*.json', '/work/repo')!, /write/);
    assert.match(globProblem('/tools/*.json')!, /write "tools\/\*\.json"/);
  });
});

describe('--base in a shallow clone (CI checkouts)', () => {
  let dir: string;
  const git = (cwd: string, ...args: string[]) => spawnSync('git', args, { cwd, encoding: 'utf8' });
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-shallow-'));
    const up = join(dir, 'up');
    mkdirSync(up);
    git(up, 'init', '-q', '-b', 'main');
    git(up, 'config', 'user.email', 'test@example.com');
    git(up, 'config', 'user.name', 'toolschema test');
    git(up, 'config', 'commit.gpgsign', 'false');
    writeFileSync(join(up, 'w.tool.json'), GOOD);
    git(up, 'add', '.');
    git(up, 'commit', '-q', '-m', 'one');
    git(up, 'checkout', '-q', '-b', 'feature');
    writeFileSync(join(up, 'w.tool.json'), GOOD + '\n');
    git(up, 'commit', '-q', '-am', 'two');
    git(dir, 'clone', '-q', '--depth', '1', '--branch', 'feature', `file://${up}`, 'clone');
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('a base the clone lacks is a usage error that says how to fetch it; fetched so, it is compared', () => {
    const clone = join(dir, 'clone');
    const r = run(['lint', '--base', 'origin/main'], clone);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /This clone is shallow \(git clone --depth\): fetch the revision first, e\.g\. git fetch --depth=1 origin main:refs\/remotes\/origin\/main\./);
    assert.equal(git(clone, 'fetch', '-q', '--depth=1', 'origin', 'main:refs/remotes/origin/main').status, 0);
    const again = run(['lint', '--base', 'origin/main'], clone);
    assert.notEqual(again.code, 2, again.stderr);
  });
});
