/**
 * The installed .vsix in code-server, driven through headless Chromium as a user would: opening a tool file
 * shows the tool-json language mode and squiggles, the Problems panel lists the diagnostics with their rule
 * ids, hover shows the rule's documentation, the quick-fix menu offers the fix and applying it changes the
 * file (saved and read back from disk), the palette lists the commands and the Settings UI describes the
 * settings. Screenshots are saved in out/artifacts/ (the README's come from here).
 * Waiting is always for an element or a condition, with a deadline; never a fixed sleep.
 */
import assert from 'node:assert/strict';
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { ARTIFACTS, CODE_SERVER, NODE24, buildVsix, freePort, installVsix, launchChromium, makeWorkspace, mkdirs, poll, requireInstalled, startGroup, tempDir, waitForHttp, type Proc } from './env';

const T = 30_000;

describe('the .vsix in code-server, through the UI (headless Chromium)', () => {
  let server: Proc;
  let browser: Browser;
  let page: Page;
  let ws: string;

  const shot = async (name: string) => {
    mkdirs(ARTIFACTS);
    await page.screenshot({ path: join(ARTIFACTS, `${name}.png`) });
  };
  /** Runs a step; on failure saves a screenshot named after it, to see what the page showed. */
  const step = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
    } catch (e) {
      await shot(`failed-${name}`).catch(() => undefined);
      throw e;
    }
  };

  before(async () => {
    mkdirs(ARTIFACTS);
    for (const f of readdirSync(ARTIFACTS)) if (f.startsWith('failed-')) rmSync(join(ARTIFACTS, f));
    const node = requireInstalled('node24', NODE24);
    const entry = requireInstalled('code-server', join(CODE_SERVER, 'out/node/entry.js'));
    const vsix = buildVsix();
    const dir = tempDir('ui');
    const ext = join(dir, 'extensions');
    const user = join(dir, 'user');
    installVsix(vsix, ext, user);
    mkdirSync(join(user, 'User'), { recursive: true });
    writeFileSync(join(user, 'User/settings.json'), JSON.stringify({
      'workbench.startupEditor': 'none', 'workbench.tips.enabled': false, 'security.workspace.trust.enabled': false,
      'extensions.ignoreRecommendations': true, 'workbench.colorTheme': 'Default Dark Modern', 'chat.disableAIFeatures': true,
      'workbench.secondarySideBar.defaultVisibility': 'hidden', 'editor.minimap.enabled': false, 'telemetry.telemetryLevel': 'off',
    }));
    const config = join(dir, 'config.yaml');
    writeFileSync(config, 'auth: none\ncert: false\n');
    ws = makeWorkspace();
    const port = await freePort();
    server = startGroup(node, [entry, '--auth', 'none', '--bind-addr', `127.0.0.1:${port}`, '--config', config, '--user-data-dir', user, '--extensions-dir', ext,
      '--disable-telemetry', '--disable-update-check', '--disable-workspace-trust', '--disable-getting-started-override', ws], { env: { ...process.env, HOME: dir } });
    await waitForHttp(`http://127.0.0.1:${port}/healthz`, server);
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 760 } });
    await page.goto(`http://127.0.0.1:${port}/?folder=${encodeURIComponent(ws)}`);
    await page.waitForSelector('.monaco-workbench .part.statusbar', { timeout: 60_000 });
  });

  after(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('opens a tool file in the tool-json language with squiggles', { timeout: 120_000 }, async () => {
    await step('open', async () => {
      await page.keyboard.press('Control+P');
      await page.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: T });
      await page.keyboard.type('crm-bad.tool.json');
      await page.waitForSelector('.quick-input-list .monaco-list-row', { timeout: T });
      await page.keyboard.press('Enter');
      await page.waitForSelector('.monaco-editor .view-lines', { timeout: T });
      await page.waitForSelector('.statusbar-item:has-text("LLM Tool Definition")', { timeout: T });
      await page.waitForSelector('.monaco-editor .squiggly-error', { timeout: 60_000 });
      await page.waitForSelector('.statusbar-item:has-text("toolschema")', { timeout: T });
    });
  });

  it('lists the diagnostics in the Problems panel with their rule ids', { timeout: 60_000 }, async () => {
    await step('problems', async () => {
      await page.keyboard.press('Control+Shift+M');
      const panel = page.locator('.markers-panel');
      await panel.waitFor({ state: 'visible', timeout: T });
      await page.locator('.markers-panel .monaco-list-row:has-text("type-unknown")').first().waitFor({ timeout: T });
      const text = await panel.innerText();
      // The list is virtualised: only the rows on screen are in the page.
      for (const s of ['crm-bad.tool.json', '"str" is not a JSON Schema type: use "string".', 'type-unknown', 'single-purpose', 'name-vague', 'toolschema']) assert.ok(text.includes(s), `Problems panel shows ${s}`);
      const badge = await page.locator('.markers-panel .monaco-count-badge').first().innerText();
      assert.equal(badge.trim(), '18', 'the file has 18 problems (17, and eval-missing: no evaluation set tests it)');
      await shot('problems');
    });
  });

  it('shows the rule documentation on hover', { timeout: 60_000 }, async () => {
    await step('hover', async () => {
      await page.locator('.monaco-editor .view-lines').first().click();
      await goTo(page, 27, 31);
      await page.keyboard.press('Control+K');
      await page.keyboard.press('Control+I');
      const hover = page.locator('.monaco-hover:visible');
      await hover.first().waitFor({ timeout: T });
      const text = await poll('the hover to show the rule documentation', async () => {
        const t = (await hover.allInnerTexts()).join('\n');
        return t.includes('type-unknown') && t.includes('Bad:') ? t : undefined;
      }, T);
      assert.ok(text.includes('"str" is not a JSON Schema type'), `hover: ${text.slice(0, 200)}`);
      assert.ok(text.includes('The parameter schema is JSON Schema'), `the rule's documentation: ${text.slice(0, 300)}`);
      await shot('hover');
      await page.keyboard.press('Escape');
    });
  });

  it('offers the quick fix and applying it changes the file', { timeout: 120_000 }, async () => {
    await step('quick-fix', async () => {
      const item = page.locator('.action-widget .monaco-list-row:has-text("Replace \\"str\\" with \\"string\\"")');
      // Once, in a full `npm test` on a loaded machine, the menu never showed the fix within 30 s (the next run
      // of this file passed; the screenshot was not kept). The menu lists what was answered when it opened, and
      // Ctrl+. does nothing with the focus outside the editor: close it, focus the editor and ask again, as a
      // user would.
      await poll('the quick fix menu to list the fix', async () => {
        await page.keyboard.press('Escape');
        await page.locator('.monaco-editor .view-lines').first().click();
        await goTo(page, 27, 31);
        await page.keyboard.press('Control+.');
        return item
          .first()
          .waitFor({ timeout: 8_000 })
          .then(() => true)
          .catch(() => false);
      }, 60_000);
      await shot('quick-fix');
      await item.first().click();
      // Monaco renders spaces as no-break spaces.
      await poll('the fix in the editor', async () => (await page.locator('.monaco-editor .view-lines').first().innerText()).replace(/\u00a0/g, ' ').includes('"id": { "type": "string" }'), T);
      await page.keyboard.press('Control+S');
      const file = join(ws, 'crm-bad.tool.json');
      await poll('the saved file to carry the fix', () => readFileSync(file, 'utf8').includes('"id": { "type": "string" }'), T);
      await poll('the badge to drop to 17 problems', async () => (await page.locator('.markers-panel .monaco-count-badge').first().innerText()).trim() === '17', T);
    });
  });

  it('lists the commands in the command palette', { timeout: 60_000 }, async () => {
    await step('palette', async () => {
      await page.keyboard.press('Control+Shift+P');
      await page.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: T });
      await page.keyboard.type('Toolschema:');
      await page.locator('.quick-input-list .monaco-list-row:has-text("Toolschema: Bump Tool Version")').first().waitFor({ timeout: T });
      const text = await page.locator('.quick-input-list').innerText();
      for (const c of ['Fix All', 'Split Tool', 'Mark Tool Deprecated', 'Restart Language Server']) assert.ok(text.includes(c), `palette lists Toolschema: ${c}`);
      await shot('palette');
      await page.keyboard.press('Escape');
    });
  });

  it('shows the settings with their descriptions in the Settings UI', { timeout: 60_000 }, async () => {
    await step('settings', async () => {
      await page.keyboard.press('Control+Comma');
      const search = page.locator('.settings-editor .suggest-input-container .view-lines, .settings-editor .search-container textarea, .settings-editor .search-container input');
      await search.first().waitFor({ timeout: T });
      await page.keyboard.type('toolschema.profile');
      const desc = page.locator('.settings-editor .setting-item-description:has-text("Provider profile whose name rules")');
      await desc.first().waitFor({ timeout: T });
      await shot('settings');
    });
  });
});

/** Go to line:column with Ctrl+G (`line:column`). */
async function goTo(page: Page, line: number, column: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: T });
  await page.keyboard.type(`${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForSelector('.quick-input-widget', { state: 'hidden', timeout: T });
}
