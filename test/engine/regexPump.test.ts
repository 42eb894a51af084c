/**
 * Patterns of the engine that backtracked polynomially on long runs of one character (found by the regex pump of
 * `npm run fuzz`, test/fuzz/regexPump.ts): they still find what they found, and the inputs that hung the linter
 * lint. The hanging inputs go through the built CLI in a child process with a 60 s limit: before the fix they
 * took hours (a 793-byte file with 600 spaces, 37 s), after it 0.3 s, so the limit tells a hang from a slow
 * machine; in this process a hang would block the test runner's own timeout.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { statedBounds } from '../../shared/src/analysis/params';
import { toolMentions } from '../../shared/src/analysis/descriptions';
import { collectRegexes, describeInput } from '../fuzz/regexPump';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');
const INTEGER = { integer: true, limit: false, position: false };
const bounds = (d: string) => {
  const b = statedBounds(d, INTEGER);
  return b && { minimum: b.minimum, maximum: b.maximum };
};

function countTool(description: string): string {
  return JSON.stringify({ name: 'list_items', description: 'Use this when the user asks for items. Returns the items.', parameters: { type: 'object', properties: { count: { type: 'integer', description } } } });
}

describe('patterns rewritten against polynomial backtracking', { timeout: 60_000 }, () => {
  it('stated bounds: "range", "min" and "max" phrasings are found as before', () => {
    assert.deepEqual(bounds('Values range: [1, 10].'), { minimum: 1, maximum: 10 });
    assert.deepEqual(bounds('A value in [0..9]'), { minimum: 0, maximum: 9 });
    assert.deepEqual(bounds('Scale of 1-10'), { minimum: 1, maximum: 10 });
    assert.deepEqual(bounds('Min value is 3'), { minimum: 3, maximum: undefined });
    assert.deepEqual(bounds('minimum = 2 items'), { minimum: 2, maximum: undefined });
    assert.deepEqual(bounds('Maximum: 100'), { minimum: undefined, maximum: 100 });
    assert.deepEqual(bounds('max value of 50'), { minimum: undefined, maximum: 50 });
    // A size unit is not a bound, with or without the range words.
    assert.equal(bounds('Value in 1 to 10 kb'), undefined);
    assert.equal(bounds('maximum of 5 MB'), undefined);
  });

  it('stated bounds across runs of whitespace', () => {
    // Runs of 60: long ones go through the CLI below (in this process the old patterns would block the runner).
    assert.deepEqual(bounds('range' + ' '.repeat(60) + '1 to 10'), { minimum: 1, maximum: 10 });
    assert.deepEqual(bounds('min value' + '\t'.repeat(60) + ': 4'), { minimum: 4, maximum: undefined });
    assert.deepEqual(bounds('maximum' + '\n'.repeat(60) + '7'), { minimum: undefined, maximum: 7 });
  });

  it('a parameter description of a range word, 3,990 whitespace characters and "1 x" lints (it took hours), as with one space', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-pump-'));
    try {
      const words = ['range', 'in', 'values', 'min', 'minimum', 'max', 'maximum'];
      for (const [i, word] of words.entries()) {
        writeFileSync(join(dir, `long-${i}.tool.json`), countTool(word + [' ', '\t', '\n'][i % 3]!.repeat(3_990) + '1 x'));
        writeFileSync(join(dir, `short-${i}.tool.json`), countTool(word + ' 1 x'));
      }
      const r = spawnSync(process.execPath, [CLI, 'lint', '**/*.tool.json', '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 26 });
      assert.equal(r.error, undefined, 'the CLI finished within 60 s');
      assert.ok(r.status === 0 || r.status === 1, `exit ${r.status}: ${r.stderr}`);
      const report = (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string }[] }[] }).files;
      const rules = (name: string) => report.find((f) => f.path.endsWith(name))!.diagnostics.map((m) => m.rule);
      for (const i of words.keys()) {
        assert.deepEqual(rules(`long-${i}.tool.json`), rules(`short-${i}.tool.json`), words[i]);
        assert.ok(rules(`long-${i}.tool.json`).includes('integer-unbounded'), words[i]);
      }
      // "min … 1" states a minimum: the finding says so, in the same words as with one space (the run of
      // whitespace is quoted as one space, not 3,990 of them).
      for (const i of [3, 4, 5, 6]) {
        const message = (name: string) => report.find((f) => f.path.endsWith(name))!.diagnostics.find((m) => m.rule === 'integer-unbounded')!.message;
        assert.equal(message(`long-${i}.tool.json`), message(`short-${i}.tool.json`), words[i]);
        assert.match(message(`long-${i}.tool.json`), /states its bounds only in the description \("(?:min|minimum|max|maximum) 1"\)/, words[i]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a tool description of "SELECT " repeated (1 MB) lints (the SQL pattern scanned to the end from every SELECT: 177 s), and SQL is still found', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolschema-pump-sql-'));
    try {
      const tool = (description: string) => JSON.stringify({ name: 'get_user', description, parameters: { type: 'object', properties: {} } });
      writeFileSync(join(dir, 'select.tool.json'), tool('SELECT '.repeat(150_000)));
      writeFileSync(join(dir, 'tabs.tool.json'), tool('SELECT' + '\t'.repeat(1_000_000) + '!'));
      writeFileSync(join(dir, 'sql.tool.json'), tool('Returns one user. Runs SELECT name, email FROM users WHERE id = ? for the user asked about.'));
      const r = spawnSync(process.execPath, [CLI, 'lint', '*.tool.json', '--format', 'json'], { cwd: dir, encoding: 'utf8', timeout: 60_000, maxBuffer: 1 << 26 });
      assert.equal(r.error, undefined, 'the CLI finished within 60 s');
      const report = (JSON.parse(r.stdout) as { files: { path: string; diagnostics: { rule: string; message: string }[] }[] }).files;
      const sql = report.find((f) => f.path === 'sql.tool.json')!.diagnostics.filter((d) => d.rule === 'description-implementation-detail');
      assert.equal(sql.length, 1);
      assert.match(sql[0]!.message, /SELECT name, email FROM u/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('tool mentions: a name followed by "tool" / "function" / "instead", after quotes and a parenthesis', () => {
    const context = (d: string) => toolMentions(d).map((m) => [m.name, m.context]);
    assert.deepEqual(context('Mention `get_forecast` tool for forecasts.'), [['get_forecast', 'strong']]);
    assert.deepEqual(context('Mention "get_forecast" (the daily one) function.'), [['get_forecast', 'strong']]);
    assert.deepEqual(context('Mention `get_forecast` instead.'), [['get_forecast', 'weak']]);
    assert.deepEqual(context('Mention `get_forecast`' + ' '.repeat(3_000) + 'tool.'), [], 'beyond the 70 characters looked at');
  });
});

describe('the regex pump of the long fuzz profile', () => {
  it('collects every pattern run through exec, test, match, matchAll, replace and split, once, and puts exec back', () => {
    const exec = RegExp.prototype.exec;
    const found = collectRegexes(() => {
      /a+b/.test('aab');
      'x1y2'.match(/\d/g);
      [...'x1y2'.matchAll(/(\d)/g)];
      'a-b'.replace(/-/y, '+');
      'a,b'.split(/,/);
      /a+b/.exec('b');
    });
    assert.equal(RegExp.prototype.exec, exec);
    assert.deepEqual(found.map((r) => `/${r.source}/${r.flags}`).sort(), ['/(\\d)/', '/,/', '/-/', '/\\d/', '/a+b/']);
  });

  it('describes a pumped input by its prefix, repeated character and tail', () => {
    assert.equal(describeInput('range' + ' '.repeat(400) + '1 x'), '"range" + " "×400 + "1 x"');
    assert.equal(describeInput('short'), '"short"');
  });
});
