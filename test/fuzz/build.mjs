// Bundles the long fuzz runner (test/fuzz/main.ts) to dist/fuzz/main.js with the project's esbuild settings
// (`npm run fuzz` runs it). The fast profile, test/fuzz/fuzz.test.ts, is bundled by esbuild.mjs with every test.
import * as esbuild from 'esbuild';

const importMeta = 'var __importMetaUrl = require("url").pathToFileURL(__filename).href;';
await esbuild.build({
  entryPoints: ['test/fuzz/main.ts'],
  outfile: 'dist/fuzz/main.js',
  bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', legalComments: 'none', sourcemap: true,
  mainFields: ['module', 'main'],
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: importMeta },
});
