/**
 * The CLI's `--cache`: a second run of an unchanged workspace prints the same from the cache; changing one
 * file, a configuration value, or a tool name in another file (cross-file rules) gives exactly what a run
 * without the cache gives; `--fix` updates the cache; a corrupt or unwritable cache never breaks a run.
 * TOOLSCHEMA_STATS=1 says how many results came from the cache, so a cache that is silently ignored fails.
 */
import { describe, it, beforeEach, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, lstatSync, mkdtempSync, mkdirSync, writeFileSync, rmSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', TOOLSCHEMA_STATS: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

function tool(name: string, sibling?: string, type = 'string'): string {
  const redirect = sibling ? ` Do not use for lists: use \`${sibling}\` instead.` : '';
  return JSON.stringify(
    {
      name,
      description: `Use this when the user asks about one record they identify by its number. Returns its status and dates.${redirect}`,
      parameters: { type: 'object', properties: { record_id: { type, description: 'The record number, for example "A-1000".' } }, required: ['record_id'] },
    },
    null,
    2,
  );
}

/** How many results came from the cache (TOOLSCHEMA_STATS line). */
function fromCache(stderr: string): number {
  const m = /(\d+) files: (\d+) from the cache/.exec(stderr);
  assert.ok(m, stderr);
  return Number(m[2]);
}

describe('CLI --cache', () => {
  let dir: string;
  const write = (p: string, text: string) => {
    mkdirSync(resolve(dir, p, '..'), { recursive: true });
    writeFileSync(join(dir, p), text);
  };
  /** The run with the cache, and the same run without it: same stdout and exit code. */
  const cachedMatchesFresh = (args: string[] = []) => {
    const cached = run(['lint', 'tools', '--format', 'json', '--cache', ...args], dir);
    const fresh = run(['lint', 'tools', '--format', 'json', ...args], dir);
    assert.equal(cached.stdout, fresh.stdout);
    assert.equal(cached.code, fresh.code);
    return cached;
  };
  const rules = (stdout: string, path: string) => (JSON.parse(stdout) as { files: { path: string; diagnostics: { rule: string }[] }[] }).files.find((f) => f.path === path)!.diagnostics.map((d) => d.rule);

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-cache-'));
    write('tools/a.tool.json', tool('get_order', 'query_orders'));
    write('tools/b.tool.json', tool('query_orders'));
    write('tools/c.tool.json', tool('get_invoice', undefined, 'str'));
    write('tools/d.tool.json', tool('get_invoice'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('a second run of an unchanged workspace gives the same output, every result from the cache', () => {
    const first = run(['lint', 'tools', '--format', 'json', '--cache'], dir);
    assert.equal(first.code, 1, first.stderr);
    assert.equal(fromCache(first.stderr), 0);
    assert.ok(existsSync(join(dir, '.toolschemacache')), 'default location: .toolschemacache in the working directory');
    for (const format of ['json', 'text', 'sarif']) {
      const fresh = run(['lint', 'tools', '--format', format], dir);
      const second = run(['lint', 'tools', '--format', format, '--cache'], dir);
      assert.equal(fromCache(second.stderr), 4, format);
      assert.equal(second.stdout, fresh.stdout, format);
      assert.equal(second.code, fresh.code);
    }
  });

  it('the cache file is ASCII (other characters as \\u escapes) and gives back names, messages and values in any script', () => {
    write('tools/e.tool.json', tool('get_café_😀').replace('"string"', '"strïng"'));
    const fresh = run(['lint', 'tools', '--format', 'json'], dir);
    for (const word of ['"tool": "get_café_😀"', 'strïng']) assert.ok(fresh.stdout.includes(word), word);
    run(['lint', 'tools', '--format', 'json', '--cache'], dir);
    const bytes = readFileSync(join(dir, '.toolschemacache'));
    assert.ok(bytes.every((b) => b < 0x80), 'only ASCII bytes');
    assert.match(bytes.toString('latin1'), /\\u00e9/);
    const second = run(['lint', 'tools', '--format', 'json', '--cache'], dir);
    assert.equal(fromCache(second.stderr), 5);
    assert.equal(second.stdout, fresh.stdout);
  });

  it('the results do come from the cache file (an entry edited by hand shows)', () => {
    run(['lint', 'tools', '--cache'], dir);
    const cacheFile = join(dir, '.toolschemacache');
    // Format 2: [key, answered, tools, queries, findings]; a finding's rule (0) and message (2) are places in `strings`.
    const cache = JSON.parse(readFileSync(cacheFile, 'utf8')) as { strings: string[]; files: Record<string, [string, string, unknown, unknown, number[][]]> };
    const finding = Object.values(cache.files).flatMap((e) => e[4]).find((f) => cache.strings[f[0]!] === 'type-unknown')!;
    cache.strings.push('FROM THE CACHE');
    finding[2] = cache.strings.length - 1;
    writeFileSync(cacheFile, JSON.stringify(cache));
    assert.match(run(['lint', 'tools', '--cache'], dir).stdout, /FROM THE CACHE/);
  });

  it("changing one file's text re-lints that file only, and its findings change", () => {
    run(['lint', 'tools', '--cache'], dir);
    write('tools/c.tool.json', tool('get_invoice'));
    const r = cachedMatchesFresh();
    assert.equal(fromCache(r.stderr), 3);
    assert.ok(!rules(r.stdout, 'tools/c.tool.json').includes('type-unknown'));
  });

  it('changing a configuration value invalidates every entry', () => {
    run(['lint', 'tools', '--cache'], dir);
    write('toolschema.config.json', JSON.stringify({ rules: { 'type-unknown': 'warning', 'name-duplicate': 'off' } }));
    const r = cachedMatchesFresh();
    assert.equal(fromCache(r.stderr), 0);
    assert.ok(!rules(r.stdout, 'tools/c.tool.json').includes('name-duplicate'));
    const again = cachedMatchesFresh();
    assert.equal(fromCache(again.stderr), 4);
  });

  it('renaming a tool in ANOTHER file changes the cross-file findings of the files that name it', () => {
    run(['lint', 'tools', '--cache'], dir);
    assert.ok(!rules(run(['lint', 'tools', '--format', 'json', '--cache'], dir).stdout, 'tools/a.tool.json').includes('description-sibling-unknown'));
    // a.tool.json redirects to query_orders, which b.tool.json defines: renamed there, a's mention is unknown.
    write('tools/b.tool.json', tool('query_all_orders'));
    const renamed = cachedMatchesFresh();
    assert.ok(rules(renamed.stdout, 'tools/a.tool.json').includes('description-sibling-unknown'));
    // d.tool.json's duplicate of get_invoice (c.tool.json) is gone once c is renamed.
    assert.ok(rules(renamed.stdout, 'tools/d.tool.json').includes('name-duplicate'));
    write('tools/c.tool.json', tool('get_invoice_v2', undefined, 'str'));
    // What the cache misses, linted in a worker thread (one: one file changed): c, then d against the new names.
    const dedup = cachedMatchesFresh(['--concurrency', '2']);
    assert.match(dedup.stderr, /1 linted, 1 linted again .* in 1 worker thread \(2 files\)/);
    assert.ok(!rules(dedup.stdout, 'tools/d.tool.json').includes('name-duplicate'));
    assert.equal(fromCache(dedup.stderr), 2, 'a.tool.json and b.tool.json are unaffected by the rename in c');
  });

  it('--fix updates the cache: the next run takes every result from it and matches a fresh run', () => {
    run(['lint', 'tools', '--cache'], dir);
    const fix = run(['lint', 'tools', '--fix', '--cache'], dir);
    assert.match(fix.stdout, /Fixed 1 problem in 1 file: type-unknown \(1\)/);
    const r = cachedMatchesFresh();
    assert.equal(fromCache(r.stderr), 4);
    assert.ok(!rules(r.stdout, 'tools/c.tool.json').includes('type-unknown'));
  });

  it('--fix records every cross-file question of each file it caches, also for two files holding the same tool', () => {
    // Two copies of one tool naming a sibling no file defines. Before: --fix linted the second copy with the
    // first one's per-tool findings, so its cache entry did not record that it looks up "list_orders", and once
    // a file defined that name, `lint --cache` kept reporting description-sibling-unknown on it.
    rmSync(join(dir, 'tools'), { recursive: true });
    write('tools/a.tool.json', tool('get_order', 'list_orders'));
    write('tools/b.tool.json', tool('get_order', 'list_orders'));
    const fix = run(['lint', 'tools', '--fix', '--cache', '--format', 'json'], dir);
    assert.ok(rules(fix.stdout, 'tools/b.tool.json').includes('description-sibling-unknown'));
    write('tools/c.tool.json', tool('list_orders'));
    const r = cachedMatchesFresh();
    assert.ok(!rules(r.stdout, 'tools/b.tool.json').includes('description-sibling-unknown'), r.stdout);
  });

  it('a cache cut short, of another run or with malformed entries is ignored and replaced; an unwritable one is reported and the run goes on', () => {
    const fresh = run(['lint', 'tools', '--format', 'json'], dir);
    const cacheFile = join(dir, '.toolschemacache');
    const valid = () => {
      run(['lint', 'tools', '--cache'], dir);
      return JSON.parse(readFileSync(cacheFile, 'utf8')) as { strings: unknown[]; files: Record<string, unknown[]> };
    };
    // Entries that are not what this version writes: each must be linted again, not read.
    const corrupt = (change: (c: ReturnType<typeof valid>) => void) => {
      const c = valid();
      change(c);
      return JSON.stringify(c);
    };
    const badEntries = [
      corrupt((c) => Object.values(c.files).forEach((e) => (e[4] = [[0, 0, 0, 999_999, -1, 0, 0, 0, 0, 0, 0, 0]]))), // severity out of the table
      corrupt((c) => Object.values(c.files).forEach((e) => (e[4] = [{ rule: 'x', severity: 'fatal' }]))), // a format 1 finding
      corrupt((c) => Object.values(c.files).forEach((e) => (e[4] = (e[4] as unknown[][]).map((f) => [...f.slice(0, 6), -1, ...f.slice(7)])))), // a negative line
      corrupt((c) => Object.values(c.files).forEach((e) => (e[2] = [[0, 'unknown-profile']]))),
      corrupt((c) => Object.values(c.files).forEach((e) => e.pop())),
      corrupt((c) => (c.strings = c.strings.map(() => 7))),
      corrupt((c) => Object.values(c.files).forEach((e) => (e[4] = [[0, 0, 0, 0, -1, 0, 0, 0, 0, 0, 0, 0, { x: [] }]]))), // data not strings or numbers
    ];
    for (const bad of ['{"format":2,"run":"abc","files":{"/a.tool.json":{"key', '', '{"format":2,"run":"other","strings":[],"files":{}}', '{"format":1,"run":"old","files":{"x":1}}', ...badEntries]) {
      writeFileSync(cacheFile, bad);
      const r = run(['lint', 'tools', '--format', 'json', '--cache'], dir);
      assert.equal(r.stdout, fresh.stdout, `${bad.slice(0, 20)}: ${r.stderr}`);
      assert.equal(r.code, fresh.code);
      assert.equal(fromCache(r.stderr), 0);
      assert.doesNotThrow(() => JSON.parse(readFileSync(cacheFile, 'utf8')), 'rewritten as a valid cache');
    }
    writeFileSync(join(dir, 'afile'), 'x');
    const unwritable = run(['lint', 'tools', '--format', 'json', '--cache', '--cache-location', 'afile/cache.json'], dir);
    assert.equal(unwritable.stdout, fresh.stdout);
    assert.equal(unwritable.code, fresh.code);
    assert.match(unwritable.stderr, /cannot write the cache file "afile\/cache\.json"/);
  });

  it('never replaces what is not a cache: a linted tool file, other files, a FIFO, a link to a device; the run stops with exit 2', () => {
    const fresh = run(['lint', 'tools', '--format', 'json'], dir);
    const notes = join(dir, 'notes.txt');
    writeFileSync(notes, 'my notes');
    writeFileSync(join(dir, 'data.json'), '{"format": "csv"}');
    writeFileSync(join(dir, '.toolschemacache'), '"just a string"');
    symlinkSync('/dev/null', join(dir, 'null-link'));
    spawnSync('mkfifo', [join(dir, 'pipe')]);
    // A tool file is refused before it is read: the next run would lint the cache as one.
    const toolFile = run(['lint', 'tools', '--cache', '--cache-location', 'tools/a.tool.json'], dir);
    assert.equal(toolFile.code, 2);
    assert.match(toolFile.stderr, /the cache file "tools\/a\.tool\.json" would be linted as a tool file or evaluation file by the next run/);
    // The default cache, a dot file, named by a "files" glob: the walk takes it, and the next run linted it (an
    // independent tester).
    const sub = join(dir, 'dotglob');
    mkdirSync(sub);
    writeFileSync(join(sub, 'toolschema.config.json'), JSON.stringify({ files: ['*.tool.json', '.toolschemacache'] }));
    writeFileSync(join(sub, 'a.tool.json'), readFileSync(join(dir, 'tools', 'a.tool.json')));
    const dot = run(['lint', '--cache'], sub);
    assert.equal(dot.code, 2, dot.stderr);
    assert.match(dot.stderr, /the cache file "\.toolschemacache" would be linted as a tool file or evaluation file by the next run/);
    rmSync(sub, { recursive: true, force: true });
    const cases: [string, RegExp][] = [
      ['notes.txt', /not a toolschema cache file/],
      ['data.json', /not a toolschema cache file/],
      ['.toolschemacache', /not a toolschema cache file/],
      ['pipe', /a FIFO \(named pipe\), not a regular file/],
      ['null-link', /a character device, not a regular file/],
    ];
    const before = new Map(cases.map(([p]) => [p, lstatSync(join(dir, p))] as const));
    const texts = new Map(['tools/a.tool.json', 'notes.txt', 'data.json', '.toolschemacache'].map((p) => [p, readFileSync(join(dir, p), 'utf8')] as const));
    for (const [location, reason] of cases) {
      for (const args of [['--cache-location', location], ...(location === '.toolschemacache' ? [[]] : [])]) {
        const r = run(['lint', 'tools', '--cache', ...args], dir);
        assert.equal(r.code, 2, `${location}: ${r.stderr}`);
        assert.equal(r.stdout, '');
        assert.match(r.stderr, new RegExp(`the cache file "${location.replace(/\./g, '\\.')}" would replace what is there: `));
        assert.match(r.stderr, reason);
        assert.match(r.stderr, /Remove it, or give another --cache-location/);
      }
      const st = lstatSync(join(dir, location));
      assert.equal(st.ino, before.get(location)!.ino, `${location} is the same file`);
      assert.equal(st.mode, before.get(location)!.mode);
    }
    for (const [p, t] of texts) assert.equal(readFileSync(join(dir, p), 'utf8'), t, p);
    assert.ok(lstatSync(join(dir, 'pipe')).isFIFO());
    assert.ok(lstatSync(join(dir, 'null-link')).isSymbolicLink());
    // --fix-dry-run neither reads nor writes the cache: not refused.
    assert.equal(run(['lint', 'tools', '--cache', '--cache-location', 'notes.txt', '--fix-dry-run', '--format', 'json'], dir).code, fresh.code);
  });

  it('--cache-location takes a file or a folder', () => {
    run(['lint', 'tools', '--cache', '--cache-location', 'my.cache'], dir);
    assert.ok(existsSync(join(dir, 'my.cache')));
    assert.equal(fromCache(run(['lint', 'tools', '--cache', '--cache-location', 'my.cache'], dir).stderr), 4);
    run(['lint', 'tools', '--cache', '--cache-location', 'cachedir/'], dir);
    assert.ok(existsSync(join(dir, 'cachedir', '.toolschemacache')));
    assert.equal(fromCache(run(['lint', 'tools', '--cache', '--cache-location', 'cachedir'], dir).stderr), 4);
    assert.ok(!existsSync(join(dir, '.toolschemacache')), 'the default location is not used');
  });
});
