/**
 * The .vsix as a user installs it: `npm run package` builds it; it holds the production bundles (desktop and
 * web), the grammar, README, CHANGELOG, licence and icon, and no tests, sources, source maps or node_modules;
 * its manifest states engines, categories and capabilities; `code-server --install-extension` installs it.
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { buildVsix, installVsix, packageVersion, tempDir, zipEntries } from './env';

describe('the .vsix package', () => {
  let vsix: string;
  let files: string[];
  before(() => {
    vsix = buildVsix();
    files = zipEntries(vsix);
  });

  it('is small and named toolschema-<version>.vsix', () => {
    assert.ok(vsix.endsWith(`toolschema-${packageVersion()}.vsix`));
    const size = statSync(vsix).size;
    process.stdout.write(`    .vsix: ${(size / 1024 / 1024).toFixed(2)} MB, ${files.length} files\n`);
    assert.ok(size < 3 * 1024 * 1024, `under 3 MB (${size} bytes)`);
  });

  it('holds the bundles, the grammar, the docs and the icon', () => {
    for (const f of [
      'extension/package.json', 'extension/readme.md', 'extension/changelog.md', 'extension/LICENSE.txt', 'extension/media/icon.png',
      'extension/dist/client/extension.js', 'extension/dist/server/server.js', 'extension/dist/web/extension.js', 'extension/dist/web/server.js',
      'extension/syntaxes/tool-json.tmLanguage.json', 'extension/syntaxes/language-configuration.json',
      'extension/schemas/tool-file.schema.json', 'extension/schemas/toolschema.config.schema.json', 'extension/docs/rules/type-unknown.md',
      'extension/media/walkthrough/open.md',
    ]) assert.ok(files.includes(f), `${f} in the .vsix`);
  });

  it('holds no tests, sources, source maps or dependencies', () => {
    const bad = files.filter((f) => /\.ts$|\.map$|^extension\/(test|out|node_modules|shared|server\/src|client\/src|tools|bench|\.cache)\//.test(f));
    assert.deepEqual(bad, []);
  });

  it('states engines, categories, capabilities, the web entry and a walkthrough', () => {
    const pkg = JSON.parse(execFileSync('unzip', ['-p', vsix, 'extension/package.json'], { encoding: 'utf8' })) as Record<string, any>;
    assert.match(pkg.engines.vscode, /^\^1\.\d+\.\d+$/);
    assert.deepEqual(pkg.categories, ['Linters', 'Programming Languages']);
    assert.equal(pkg.icon, 'media/icon.png');
    assert.equal(pkg.browser, './dist/web/extension.js');
    assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.equal(pkg.capabilities.virtualWorkspaces.supported, 'limited');
    assert.ok(pkg.contributes.walkthroughs[0].steps.length >= 3);
    const readme = execFileSync('unzip', ['-p', vsix, 'extension/readme.md'], { encoding: 'utf8' });
    assert.ok(/!\[[^\]]*\]\([^)]*problems[^)]*\.png\)/.test(readme), 'the README shows the Problems panel screenshot');
    assert.ok(/!\[[^\]]*\]\([^)]*quick-fix[^)]*\.png\)/.test(readme), 'the README shows the quick fix screenshot');
  });

  it('installs with code-server --install-extension', { timeout: 120_000 }, () => {
    const dir = tempDir('install');
    const out = installVsix(vsix, join(dir, 'extensions'), join(dir, 'user'));
    assert.match(out, /was successfully installed/, out);
    const installed = readdirSync(join(dir, 'extensions')).filter((d) => d.startsWith('toolschema.toolschema-'));
    assert.deepEqual(installed, [`toolschema.toolschema-${packageVersion()}`]);
    const pkg = JSON.parse(readFileSync(join(dir, 'extensions', installed[0]!, 'package.json'), 'utf8')) as { name: string };
    assert.equal(pkg.name, 'toolschema');
  });
});
