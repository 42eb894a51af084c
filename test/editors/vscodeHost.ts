/**
 * Runs the mocha extension-host suite (out/e2e/suite/index.js) in the real Node extension host of the VS Code
 * server bundled in code-server, opened in headless Chromium: the `extensionTestsPath` route of
 * @vscode/test-electron, without downloading VS Code. The workbench, started with
 * `--enable-smoke-test-driver`, runs the tests and reports through the page functions codeAutomationLog and
 * codeAutomationExit; the suite also writes a JSON summary (TOOLSCHEMA_E2E_RESULTS).
 */
import { existsSync, readFileSync } from 'node:fs';

import { join } from 'node:path';
import { format } from 'node:util';
import { CODE_SERVER, NODE24, ROOT, freePort, launchChromium, makeWorkspace, requireInstalled, startGroup, tempDir, waitForHttp } from './env';

export interface HostRun {
  exitCode: number;
  log: string;
  results: { passes: number; failures: number; tests: { title: string; state: string; error?: string }[] } | undefined;
}

export async function runExtensionHostSuite(opts: { timeoutMs: number; only?: string }): Promise<HostRun> {
  const node = requireInstalled('node24', NODE24);
  const serverMain = requireInstalled('code-server', join(CODE_SERVER, 'lib/vscode/out/server-main.js'));
  const testsPath = join(ROOT, 'out/e2e/suite/index.js');
  if (!existsSync(testsPath)) throw new Error(`${testsPath} is missing: run npm run build`);
  const tmp = tempDir('host');
  const ws = makeWorkspace();
  const resultsFile = join(tmp, 'results.json');
  const port = await freePort();
  const server = startGroup(node, [
    serverMain, '--host', '127.0.0.1', '--port', String(port), '--without-connection-token', '--accept-server-license-terms',
    '--enable-smoke-test-driver', '--disable-workspace-trust', '--disable-telemetry',
    '--server-data-dir', join(tmp, 'server-data'), '--user-data-dir', join(tmp, 'user-data'), '--extensions-dir', join(tmp, 'extensions'),
  ], { env: { ...process.env, TOOLSCHEMA_E2E_RESULTS: resultsFile, ...(opts.only ? { TOOLSCHEMA_E2E_ONLY: opts.only } : {}) } });
  const browser = await (async () => {
    try {
      await waitForHttp(`http://127.0.0.1:${port}/version`, server);
      return await launchChromium();
    } catch (e) {
      await server.stop();
      throw e;
    }
  })();
  let log = '';
  try {
    const page = await browser.newPage();
    const exit = new Promise<number>((resolve) => {
      void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code));
    });
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown[]) => {
      log += `${format(...args)}\n`;
      void type;
    });
    const remote = (p: string) => `vscode-remote://127.0.0.1:${port}${p}`;
    const payload = [['extensionDevelopmentPath', remote(ROOT)], ['extensionTestsPath', remote(testsPath.replace(/\.js$/, ''))]];
    const url = `http://127.0.0.1:${port}/?folder=${encodeURIComponent(remote(ws))}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
    await page.goto(url);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<number>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`the extension-host suite did not finish within ${opts.timeoutMs} ms.\n--- test log ---\n${log.slice(-4000)}\n--- server ---\n${server.output().slice(-3000)}`)), opts.timeoutMs);
    });
    const exitCode = await Promise.race([exit, timeout]).finally(() => clearTimeout(timer));
    const results = existsSync(resultsFile) ? (JSON.parse(readFileSync(resultsFile, 'utf8')) as HostRun['results']) : undefined;
    return { exitCode, log, results };
  } finally {
    await browser.close();
    await server.stop();
  }
}
