/**
 * What the CLI prints from a repository's files (server/src/cli/terminal.ts): control characters in tool names,
 * values quoted in messages and file names reach the terminal as visible escapes, never as the ESC, BEL or CR a
 * hostile repository put there (terminal title, cursor moves, erased lines, OSC 52 clipboard writes).
 */
import { describe, it, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { printable, useColor } from '../../server/src/cli/terminal';

const CLI = resolve(__dirname, '../../../dist/cli/toolschema.js');

/** Any character a terminal acts on, besides tab and line feed. */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
/** Our own colour codes: ESC [ digits m, and nothing else. */
const COLOR = /\u001b\[\d+m/g;

describe('printable', () => {
  it('escapes C0 and C1 controls, DEL and bidirectional controls; leaves other text as it is', () => {
    assert.equal(printable('get\u001b]0;pwned\u0007x'), 'get\\u001b]0;pwned\\u0007x');
    assert.equal(printable('a\rb\u202ec\u0085d\u007f'), 'a\\u000db\\u202ec\\u0085d\\u007f');
    assert.equal(printable('one\ttwo\nthree'), 'one\\u0009two\\u000athree');
    // Line and paragraph separators break lines in some terminals; U+FEFF is invisible (an independent audit).
    assert.equal(printable('a\u2028b\u2029c\ufeffd', true), 'a\\u2028b\\u2029c\\ufeffd');
    // A lone surrogate shows as U+FFFD in a terminal: escaped; a whole pair (an emoji) is kept.
    assert.equal(printable('get_\ud800weather \udc00 \ud83d\ude00'), 'get_\\ud800weather \\udc00 \ud83d\ude00');
    const plain = 'Tool name "get_weather" is fine: é 😀 — «»';
    assert.equal(printable(plain), plain);
    assert.equal(printable(''), '');
  });

  it('with layout, keeps tab, line feed and CR LF, and escapes a lone CR', () => {
    assert.equal(printable('a\tb\r\nc\nd\re\u001b[2J', true), 'a\tb\r\nc\nd\\u000de\\u001b[2J');
  });
});

describe('useColor', () => {
  it('flags first, then NO_COLOR, then FORCE_COLOR, then whether stdout is a terminal', () => {
    assert.equal(useColor(true, false, { NO_COLOR: '1' }), true);
    assert.equal(useColor(false, true, { FORCE_COLOR: '1' }), false);
    assert.equal(useColor(undefined, true, { NO_COLOR: '1' }), false);
    assert.equal(useColor(undefined, true, { NO_COLOR: '' }), true, 'an empty NO_COLOR is unset');
    assert.equal(useColor(undefined, false, { FORCE_COLOR: '1' }), true);
    assert.equal(useColor(undefined, true, { FORCE_COLOR: '0' }), false);
    assert.equal(useColor(undefined, false, { FORCE_COLOR: '' }), true, 'set but empty: on, as Node reads it');
    assert.equal(useColor(undefined, false, {}), false);
    assert.equal(useColor(undefined, true, {}), true);
  });
});

describe('the CLI prints no control character from the files it reads', () => {
  let dir: string;
  const evilName = 'get\u001b]0;pwned\u0007\u001b[2J\rfake\u202e';
  const evilFile = 'b\u001b[31m\nfake.tool.json';
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolschema-terminal-'));
    const tools = [{ name: evilName, description: 'x\u001b[8m', parameters: { type: 'object', properties: {} } }];
    writeFileSync(join(dir, 'a.tool.json'), JSON.stringify(tools));
    writeFileSync(join(dir, evilFile), JSON.stringify(tools));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  const expectEscaped = (stdout: string, stderr: string) => {
    const out = stdout.replace(COLOR, '');
    assert.doesNotMatch(out, CONTROL);
    assert.doesNotMatch(stderr, CONTROL);
    assert.match(out, /Tool name "get\\u001b\]0;pwned\\u0007\\u001b\[2J\\u000dfake\\u202e"/);
    assert.match(out, /^b\\u001b\[31m\\u000afake\.tool\.json$/m);
  };

  it('text output: names, quoted values and file names as escapes', () => {
    const r = spawnSync(process.execPath, [CLI, 'lint', '.'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(r.status, 1, r.stderr);
    expectEscaped(r.stdout, r.stderr);
  });

  it('text output in colour (--color): only its own colour codes', () => {
    const r = spawnSync(process.execPath, [CLI, 'lint', '.', '--color'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(r.status, 1, r.stderr);
    assert.match(r.stdout, COLOR, 'in colour');
    expectEscaped(r.stdout, r.stderr);
  });

  it('stderr: a named file that cannot be read is quoted as escapes too', () => {
    const r = spawnSync(process.execPath, [CLI, 'lint', 'missing\u001b[2J.tool.json'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    assert.equal(r.status, 2);
    assert.doesNotMatch(r.stderr, CONTROL);
    assert.match(r.stderr, /missing\\u001b\[2J\.tool\.json/);
  });
});
