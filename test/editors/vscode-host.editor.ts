/**
 * The extension-host suite (test/e2e/suite, mocha) in the real VS Code extension host: here through the VS Code
 * server bundled in code-server (tools/editors/setup.sh installs it); `npm run test:electron` runs the same
 * suite in desktop VS Code through @vscode/test-electron where VS Code can be downloaded.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { ARTIFACTS, mkdirs } from './env';
import { runExtensionHostSuite } from './vscodeHost';

describe('VS Code extension host (VS Code server of code-server, headless Chromium)', () => {
  it('runs the mocha suite: diagnostics, hover, quick fix, bump version, workspace index, settings, evaluation run', { timeout: 240_000 }, async () => {
    const run = await runExtensionHostSuite({ timeoutMs: 200_000 });
    mkdirs(ARTIFACTS);
    writeFileSync(join(ARTIFACTS, 'vscode-host.log'), run.log);
    for (const t of run.results?.tests ?? []) process.stdout.write(`    ${t.state === 'passed' ? '✔' : '✖'} [extension host] ${t.title}\n`);
    assert.ok(run.results, `the suite wrote no results file; exit code ${run.exitCode}; log:\n${run.log}`);
    const failed = run.results.tests.filter((t) => t.state !== 'passed');
    assert.deepEqual(failed, [], 'failed extension-host tests');
    assert.equal(run.results.passes, 12, `all 12 extension-host tests passed: ${run.results.tests.map((t) => t.title).join(' | ')}`);
    assert.equal(run.exitCode, 0, 'codeAutomationExit code');
  });
});
