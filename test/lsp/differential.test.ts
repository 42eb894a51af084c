/**
 * A short, seeded profile of the differential fuzz (tools/fuzz-server/drive.mjs, README "Fuzzing"): the built
 * language server, driven over stdio through editing sessions with files changed on disk, must converge at
 * every quiet point to what the CLI reports on the same files. The long runs are `npm run fuzz:server`.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { SERVER } from './lspClient';

const DRIVER = resolve(__dirname, '../../../tools/fuzz-server/drive.mjs');

interface Totals {
  sessions: number;
  edits: number;
  comparisons: number;
  failed: number[];
}

function drive(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [DRIVER, ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TOOLSCHEMA_SERVER: SERVER } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

describe('the language server against the CLI (differential fuzz, short profile)', { timeout: 240_000 }, () => {
  it('two seeded editing sessions with disk changes end with the CLI\'s diagnostics at every quiet point', async () => {
    // Seed 7's first two sessions change, create and delete files on disk beside open documents that mention
    // their tools (cross-file findings), and edit the open documents.
    const r = await drive(['--seed', '7', '--sessions', '2', '--steps', '25']);
    const last = r.stdout.trim().split('\n').pop() ?? '';
    let totals: Totals | undefined;
    try {
      totals = JSON.parse(last) as Totals;
    } catch {
      assert.fail(`the driver printed no totals (exit ${r.code}):\n${r.stdout}\n${r.stderr}`);
    }
    assert.deepEqual(totals.failed, [], `sessions failed (their logs are kept, paths above):\n${r.stdout}\n${r.stderr}`);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(totals.sessions, 2);
    assert.ok(totals.edits >= 50, `only ${totals.edits} edits`);
    assert.ok(totals.comparisons >= 20, `only ${totals.comparisons} file comparisons`);
  });
});
