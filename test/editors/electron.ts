/**
 * `npm run test:electron`: the same mocha extension-host suite (out/e2e/suite) in desktop VS Code, through
 * @vscode/test-electron, which downloads VS Code from Microsoft's update server. Use it where that server is
 * reachable; where it is not (as on the build machines of this repository), `npm test` runs the suite in the
 * VS Code server bundled in code-server instead (test/editors/vscode-host.editor.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runTests } from '@vscode/test-electron';
import { ROOT, makeWorkspace, tempDir } from './env';

async function main(): Promise<void> {
  const results = join(tempDir('electron'), 'results.json');
  const version = process.env.TOOLSCHEMA_VSCODE_VERSION ?? 'stable';
  try {
    await runTests({
      version,
      extensionDevelopmentPath: ROOT,
      extensionTestsPath: join(ROOT, 'out/e2e/suite/index'),
      launchArgs: [makeWorkspace(), '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
      extensionTestsEnv: { TOOLSCHEMA_E2E_RESULTS: results },
    });
  } catch (e) {
    process.stderr.write(`@vscode/test-electron failed: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 1;
  }
  if (existsSync(results)) {
    const r = JSON.parse(readFileSync(results, 'utf8')) as { passes: number; failures: number };
    process.stdout.write(`extension-host suite in desktop VS Code (${version}): ${r.passes} passed, ${r.failures} failed\n`);
    if (r.failures > 0) process.exitCode = 1;
  } else {
    process.exitCode = 1;
  }
}

void main();
