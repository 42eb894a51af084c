// Bundles the long fuzz runner (test/fuzz/main.ts) to dist/fuzz/main.js and the scale fuzzer (test/fuzz/scale.ts)
// to dist/fuzz/scale.js, and the protocol fuzzer (test/fuzz/protocolMain.ts) to dist/fuzz/protocol.js with the project's esbuild
// settings (`npm run fuzz`, `npm run fuzz:scale`, `npm run fuzz:protocol` run them). The fast profile, test/fuzz/fuzz.test.ts, is bundled by esbuild.mjs with every test.
import * as esbuild from 'esbuild';

const importMeta = 'var __importMetaUrl = require("url").pathToFileURL(__filename).href;';
await esbuild.build({
  entryPoints: { main: 'test/fuzz/main.ts', scale: 'test/fuzz/scale.ts', protocol: 'test/fuzz/protocolMain.ts' },
  outdir: 'dist/fuzz',
  bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'warning', legalComments: 'none', sourcemap: true,
  mainFields: ['module', 'main'],
  define: { 'import.meta.url': '__importMetaUrl' },
  banner: { js: importMeta },
});
