/**
 * Neovim (Debian's, headless) against the language server over stdio, configured with the README's
 * tools/editors/neovim/lua/toolschema.lua, and started as a user gets it: `npm pack`, installed into a fresh
 * prefix, `toolschema-language-server --stdio` from the package's bin.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { ROOT, installPackedServer, makeWorkspace, requireBinary } from './env';

interface NvimResult {
  filetype: string;
  clients: number;
  waited: boolean;
  error?: string;
  diagnostics: { code: string; source: string; lnum: number; col: number; end_lnum: number; end_col: number; message: string }[];
  hover: { kind: string; value: string } | null;
}

describe('Neovim over stdio (toolschema-language-server from the npm package)', () => {
  let server: string;
  before(() => {
    server = installPackedServer();
  });

  it('receives diagnostics with rule ids and ranges, and the rule documentation on hover', { timeout: 90_000 }, () => {
    const nvim = requireBinary('/usr/bin/nvim', 'neovim');
    const ws = makeWorkspace();
    const out = join(ws, 'nvim-result.json');
    const r = spawnSync(nvim, ['--headless', '--clean', '-u', join(ROOT, 'test/editors/neovim/test.lua')], {
      cwd: ws,
      timeout: 80_000,
      encoding: 'utf8',
      env: { ...process.env, TS_CONFIG_DIR: join(ROOT, 'tools/editors/neovim'), TS_SERVER: server, TS_FILE: join(ws, 'crm-bad.tool.json'), TS_OUT: out, TS_MIN: '18' },
    });
    assert.ok(existsSync(out), `nvim wrote no result (status ${r.status}, signal ${r.signal}): ${r.stderr}${r.stdout}`);
    const res = JSON.parse(readFileSync(out, 'utf8')) as NvimResult;
    assert.equal(res.error, undefined, 'no Lua error');
    assert.equal(res.filetype, 'json');
    assert.equal(res.clients, 1, 'one toolschema client attached');
    assert.equal(res.waited, true, `18 diagnostics arrived (got ${res.diagnostics.length})`);
    assert.equal(res.diagnostics.length, 18);
    const typeUnknown = res.diagnostics.find((d) => d.code === 'type-unknown');
    assert.deepEqual(typeUnknown && [typeUnknown.lnum, typeUnknown.col, typeUnknown.end_lnum, typeUnknown.end_col], [26, 28, 26, 33], 'type-unknown range');
    assert.equal(typeUnknown?.source, 'toolschema');
    assert.ok(res.hover && res.hover.kind === 'markdown' && res.hover.value.includes('type-unknown'), `hover: ${JSON.stringify(res.hover)?.slice(0, 300)}`);
  });
});
