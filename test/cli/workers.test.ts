/**
 * The CLI's worker threads (`--concurrency`): the same output, byte for byte, and the same exit code as the
 * single-threaded run on a folder of several files, in every format, cross-file findings included (a name
 * defined in two files; a description naming a tool another file defines, which the first pass, done before
 * the workspace's names are known, reports and the second pass clears). TOOLSCHEMA_STATS=1 shows that the
 * workers did the linting.
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { formatRuleTimes, maxWorkers, timingRows, workerCount } from '../../server/src/cli/lintFiles';
import { RULES } from '../../shared/src/rules';
import { join, resolve } from 'node:path';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

function run(args: string[], cwd: string): { code: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', TOOLSCHEMA_STATS: '1' } });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A valid tool whose description optionally redirects to `sibling`. */
function tool(name: string, sibling?: string): string {
  const redirect = sibling ? ` Do not use for lists: use \`${sibling}\` instead.` : '';
  return JSON.stringify(
    {
      name,
      description: `Use this when the user asks about one record they identify by its number. Returns its status and dates.${redirect}`,
      parameters: { type: 'object', properties: { record_id: { type: 'string', description: 'The record number, for example "A-1000".' } }, required: ['record_id'] },
    },
    null,
    2,
  );
}

interface Out {
  files: { path: string; diagnostics: { rule: string; message: string }[] }[];
}

describe('CLI worker threads', () => {
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-workers-'));
    mkdirSync(join(dir, 'tools', 'billing'), { recursive: true });
    writeFileSync(join(dir, 'tools', 'a.tool.json'), tool('get_order'));
    writeFileSync(join(dir, 'tools', 'b.tool.json'), tool('get_order')); // name-duplicate across files
    writeFileSync(join(dir, 'tools', 'c.tool.json'), tool('get_invoice', 'query_invoices')); // defined in billing/d
    writeFileSync(join(dir, 'tools', 'billing', 'd.tool.json'), tool('query_invoices'));
    writeFileSync(join(dir, 'tools', 'e.tool.json'), tool('get_refund', 'query_refunds')); // defined nowhere
    writeFileSync(join(dir, 'tools', 'broken.tool.json'), '{ "name": ');
    writeFileSync(join(dir, 'tools', 'bad.tool.json'), tool('weather').replace('"string"', '"str"'));
    for (let i = 0; i < 9; i++) writeFileSync(join(dir, 'tools', `gen${i}.tool.json`), tool(`get_item_${i}`, i % 2 ? `get_item_${i - 1}` : undefined));
    // A large file (read for its names first, linted once against all of them) redefining a small file's tool.
    const many = Array.from({ length: 700 }, (_, i) => JSON.parse(tool(i === 350 ? 'get_item_3' : `list_things_${i}`)) as unknown);
    writeFileSync(join(dir, 'tools', 'large.tool.json'), JSON.stringify(many, null, 2));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('the cross-file findings are right in both modes (the second pass clears what the first could not know)', () => {
    for (const concurrency of ['off', '2']) {
      const r = run(['lint', 'tools', '--format', 'json', '--concurrency', concurrency], dir);
      assert.equal(r.code, 1, r.stderr);
      const out = JSON.parse(r.stdout) as Out;
      const rules = (p: string) => out.files.find((f) => f.path === p)!.diagnostics.map((d) => d.rule);
      assert.ok(rules('tools/a.tool.json').includes('name-duplicate'), concurrency);
      assert.ok(rules('tools/b.tool.json').includes('name-duplicate'), concurrency);
      assert.ok(!rules('tools/c.tool.json').includes('description-sibling-unknown'), `${concurrency}: query_invoices is defined in billing/d`);
      assert.ok(rules('tools/e.tool.json').includes('description-sibling-unknown'), concurrency);
      assert.ok(!rules('tools/gen1.tool.json').includes('description-sibling-unknown'), concurrency);
      assert.ok(rules('tools/broken.tool.json').includes('parse-error'), concurrency);
      assert.ok(rules('tools/large.tool.json').includes('name-duplicate'), concurrency);
      assert.ok(rules('tools/gen3.tool.json').includes('name-duplicate'), `${concurrency}: get_item_3 is in large.tool.json too`);
      const stats = /17 files: 0 from the cache, 16 linted, [1-9]\d* linted again for names defined in other files, 1 large files read for their names first/;
      assert.match(r.stderr, stats);
      if (concurrency === 'off') assert.match(r.stderr, / in the main thread\./);
      else assert.match(r.stderr, / in 2 worker threads \([1-9]\d*, [1-9]\d* files\)\./, 'both workers linted files');
    }
  });

  it('every format prints the same with 2 or 3 workers as in one thread, with the same exit code', () => {
    for (const args of [['--format', 'json'], ['--format', 'sarif'], ['--format', 'text'], ['--format', 'text', '--max-warnings', '0']]) {
      const single = run(['lint', 'tools', ...args, '--concurrency', 'off'], dir);
      assert.ok(single.stdout.length > 100, single.stderr);
      for (const n of ['2', '3']) {
        const multi = run(['lint', 'tools', ...args, '--concurrency', n], dir);
        assert.match(multi.stderr, new RegExp(`in ${n} worker threads`));
        assert.equal(multi.stdout, single.stdout, `${args.join(' ')}, ${n} workers`);
        assert.equal(multi.code, single.code);
      }
    }
  });

  it('"auto" lints a small folder in the main thread; a bad --concurrency is a usage error', () => {
    const r = run(['lint', 'tools', '--format', 'json'], dir);
    assert.match(r.stderr, /in the main thread/);
    for (const bad of ['0', 'many', '-1']) {
      const u = run(['lint', 'tools', '--concurrency', bad], dir);
      assert.equal(u.code, 2, bad);
      assert.match(u.stderr, /--concurrency must be/);
    }
  });

  it('TIMING=1 prints the slowest rules (as ESLint) on stderr, from the workers too; the report is unchanged', () => {
    const plain = run(['lint', 'tools', '--format', 'json', '--concurrency', 'off'], dir);
    for (const [concurrency, timing, rows] of [['off', '1', 10], ['2', '1', 10], ['2', 'all', RULES.length - 2], ['off', '12', 12]] as const) {
      const r = spawnSync(process.execPath, [CLI, 'lint', 'tools', '--format', 'json', '--concurrency', concurrency], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', TIMING: timing } });
      assert.equal(r.stdout, plain.stdout, `${concurrency}: the report is the same`);
      const lines = r.stderr.trimEnd().split('\n');
      assert.match(lines[0]!, /^Rule +\| Time \(ms\) \| Relative$/);
      assert.match(lines[1]!, /^:-+\|-+:\|-+:$/);
      assert.equal(lines[1]!.length, lines[0]!.length, 'the rule line is as wide as the header');
      const table = lines.slice(2).map((l) => /^([a-z][a-z0-9-]*) +\| +(\d+\.\d{3}) \| +(\d+\.\d)%$/.exec(l));
      assert.ok(table.every((m) => m), r.stderr);
      // As many rows as asked (every rule a tool file runs: all but parse-error and shape-unknown, which the linter
      // reports itself), slowest first, each a rule id, shares of at most 100%.
      assert.equal(table.length, rows, `${concurrency} ${timing}`);
      const ms = table.map((m) => Number(m![2]));
      assert.deepEqual(ms, [...ms].sort((a, b) => b - a));
      assert.ok(table.every((m) => RULES.some((x) => x.id === m![1])));
      assert.ok(ms[0]! > 0, 'the rules took time');
      const share = table.reduce((n, m) => n + Number(m![3]), 0);
      assert.ok(share <= 100.5, `${share}%`);
      if (timing === 'all') assert.ok(share > 99, `every rule listed: ${share}%`);
    }
  });

  it('--fix and --fix-dry-run give the same result whatever --concurrency says', () => {
    const fixDir = mkdtempSync(join(tmpdir(), 'toolschema-workers-fix-'));
    try {
      for (const n of ['off', '2']) {
        writeFileSync(join(fixDir, 'x.tool.json'), tool('get_order').replace('"string"', '"str"'));
        writeFileSync(join(fixDir, 'y.tool.json'), tool('get_order'));
        const dry = run(['lint', '--fix-dry-run', '--format', 'json', '--concurrency', n], fixDir);
        const out = JSON.parse(dry.stdout) as { files: { path: string; fixed: { rule: string }[]; diagnostics: { rule: string }[] }[] };
        assert.deepEqual(out.files.find((f) => f.path === 'x.tool.json')!.fixed.map((f) => f.rule), ['type-unknown'], n);
        assert.ok(out.files.find((f) => f.path === 'y.tool.json')!.diagnostics.some((d) => d.rule === 'name-duplicate'), n);
        const fix = run(['lint', '--fix', '--concurrency', n], fixDir);
        assert.match(fix.stdout, /Fixed 1 problem in 1 file: type-unknown \(1\)/, n);
      }
    } finally {
      rmSync(fixDir, { recursive: true, force: true });
    }
  });
});

describe('workerCount', () => {
  it('a number is capped at the CPU cores (at least 4) and at the files; "off" is none', () => {
    const cap = Math.max(availableParallelism(), 4);
    assert.equal(maxWorkers(), cap);
    assert.equal(workerCount('999', 100_000, 1e9), cap);
    assert.equal(workerCount('1', 100_000, 1e9), 1);
    assert.equal(workerCount('3', 100_000, 1e9), 3);
    assert.equal(workerCount(String(cap + 1), 100_000, 1e9), cap);
    assert.equal(workerCount('999', 1, 1e9), 1);
    assert.equal(workerCount('off', 100_000, 1e9), 0);
  });
});

describe('TIMING', () => {
  it('reads the variable as ESLint: unset or empty off, "all" every rule, a number above 10 that many, else 10', () => {
    assert.equal(timingRows(undefined), undefined);
    assert.equal(timingRows(''), undefined);
    assert.equal(timingRows('1'), 10);
    assert.equal(timingRows('true'), 10);
    assert.equal(timingRows('ALL'), Infinity);
    assert.equal(timingRows('25'), 25);
    assert.equal(timingRows('3'), 10);
  });

  it('the table: slowest first (ties by id), times to the microsecond, shares of the total', () => {
    assert.equal(
      formatRuleTimes([['b-rule', 1], ['a-rule', 1], ['long-rule-name', 2]], 2),
      ['Rule           | Time (ms) | Relative', ':--------------|----------:|--------:', 'long-rule-name |     2.000 |    50.0%', 'a-rule         |     1.000 |    25.0%', ''].join('\n'),
    );
    assert.equal(formatRuleTimes([], 10), 'Rule | Time (ms) | Relative\n:----|----------:|--------:\n');
  });
});
