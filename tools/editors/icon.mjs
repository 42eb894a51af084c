// Renders media/icon.png (128×128) from the SVG below with headless Chromium (Debian's /usr/bin/chromium):
// `node tools/editors/icon.mjs`. The PNG is committed; run this only to change the icon.
import { chromium } from 'playwright-core';
import { fileURLToPath } from 'node:url';

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">
  <rect x="4" y="4" width="120" height="120" rx="24" fill="#1e2a3a"/>
  <text x="20" y="86" font-family="DejaVu Sans Mono, monospace" font-size="64" font-weight="bold" fill="#7fb3ff">{</text>
  <text x="70" y="86" font-family="DejaVu Sans Mono, monospace" font-size="64" font-weight="bold" fill="#7fb3ff">}</text>
  <path d="M46 64 L58 77 L84 46" fill="none" stroke="#5ee08a" stroke-width="10" stroke-linecap="round" stroke-linejoin="round"/>
</svg>`;
const out = fileURLToPath(new URL('../../media/icon.png', import.meta.url));
const browser = await chromium.launch({ executablePath: process.env.TOOLSCHEMA_CHROMIUM ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
const page = await browser.newPage({ viewport: { width: 128, height: 128 } });
await page.setContent(`<html><body style="margin:0;background:transparent">${svg}</body></html>`);
await page.screenshot({ path: out, omitBackground: true, clip: { x: 0, y: 0, width: 128, height: 128 } });
await browser.close();
console.log(`wrote ${out}`);
