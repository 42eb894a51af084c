/** `npm run gen` writes the generated files; `npm run gen:check` fails when any is out of date. */
import { existsSync, mkdirSync, readFileSync, readdirSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { generatedFiles } from './generate';

const root = resolve(__dirname, '../..');
const check = process.argv.includes('--check');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const files = generatedFiles(readme);
const stale: string[] = [];
for (const [rel, content] of files) {
  const p = join(root, rel);
  const current = existsSync(p) ? readFileSync(p, 'utf8') : undefined;
  if (current === content) continue;
  stale.push(rel);
  if (!check) {
    mkdirSync(dirname(p), { recursive: true });
    writeFileSync(p, content);
  }
}
// Docs of rules that no longer exist.
for (const f of readdirSync(join(root, 'docs/rules'))) {
  if (!files.has(`docs/rules/${f}`)) {
    stale.push(`docs/rules/${f} (no such rule)`);
    if (!check) unlinkSync(join(root, 'docs/rules', f));
  }
}
if (check && stale.length) {
  console.error(`Generated files are out of date (run "npm run gen"):\n  ${stale.join('\n  ')}`);
  process.exit(1);
}
console.log(stale.length ? `Updated ${stale.length} file(s).` : 'Generated files are up to date.');
