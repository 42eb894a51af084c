/**
 * Emacs (Debian's emacs-nox with elpa-eglot, batch mode) against the language server over stdio, configured
 * with the README's tools/editors/emacs/toolschema.el, the server installed from `npm pack` as a user gets it.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ROOT, installPackedServer, makeWorkspace, requireBinary } from './env';

interface EmacsResult {
  error: string | null;
  mode: string;
  server: boolean;
  languageId: string;
  diagnostics: { line: number; text: string }[];
  hover: string | null;
}

describe('Emacs eglot over stdio (toolschema-language-server from the npm package)', () => {
  let server: string;
  before(() => {
    server = installPackedServer();
  });

  it('receives diagnostics in Flymake and the rule documentation on hover', { timeout: 90_000 }, () => {
    const emacs = requireBinary('/usr/bin/emacs', 'emacs-nox elpa-eglot');
    const ws = makeWorkspace();
    const out = join(ws, 'emacs-result.json');
    const r = spawnSync(emacs, ['--batch', '-l', join(ROOT, 'test/editors/emacs/test.el')], {
      cwd: ws,
      timeout: 80_000,
      encoding: 'utf8',
      env: { ...process.env, TS_CONFIG: join(ROOT, 'tools/editors/emacs/toolschema.el'), TS_SERVER: server, TS_FILE: join(ws, 'crm-bad.tool.json'), TS_OUT: out, TS_MIN: '18' },
    });
    assert.ok(existsSync(out), `emacs wrote no result (status ${r.status}, signal ${r.signal}): ${r.stderr}${r.stdout}`);
    const res = JSON.parse(readFileSync(out, 'utf8')) as EmacsResult;
    assert.equal(res.error, null, 'no Lisp error');
    assert.equal(res.mode, 'tool-json-mode');
    assert.equal(res.server, true, 'eglot connected');
    assert.equal(res.languageId, 'tool-json');
    assert.equal(res.diagnostics.length, 18, `18 diagnostics in Flymake: ${res.diagnostics.map((d) => d.text.slice(0, 40)).join(' | ')}`);
    assert.ok(res.diagnostics.some((d) => d.line === 26 && d.text.includes('"str" is not a JSON Schema type')), 'type-unknown on line 27');
    assert.ok(res.hover?.includes('type-unknown'), `hover: ${res.hover?.slice(0, 200)}`);
  });
});
