/**
 * The extensionTestsPath module of the Node extension host (VS Code desktop through @vscode/test-electron, or
 * the VS Code server bundled in code-server): runs every *.e2e.js beside it with mocha. When the launcher sets
 * TOOLSCHEMA_E2E_RESULTS, a JSON summary (passes, failures, titles, errors) is written there too.
 */
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 60_000, reporter: 'spec' });
  const only = process.env.TOOLSCHEMA_E2E_ONLY; // e.g. "extension" to run extension.e2e.js alone
  for (const f of readdirSync(__dirname).filter((f) => f.endsWith('.e2e.js') && (!only || f.includes(only))).sort()) mocha.addFile(join(__dirname, f));
  const results: { title: string; state: string; error?: string }[] = [];
  return new Promise((resolve, reject) => {
    const runner = mocha.run((failures) => {
      const out = process.env.TOOLSCHEMA_E2E_RESULTS;
      if (out) writeFileSync(out, JSON.stringify({ passes: results.filter((r) => r.state === 'passed').length, failures, tests: results }, null, 2));
      if (failures > 0) reject(new Error(`${failures} extension-host test(s) failed.`));
      else resolve();
    });
    runner.on('pass', (t) => results.push({ title: t.fullTitle(), state: 'passed' }));
    runner.on('fail', (t, err: Error) => results.push({ title: t.fullTitle(), state: 'failed', error: err?.stack ?? String(err) }));
  });
}
