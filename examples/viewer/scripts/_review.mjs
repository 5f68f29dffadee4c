import { build, preview } from 'vite';
import { chromium } from 'playwright-core';
import { join } from 'node:path';
const root = '/work/main/examples/viewer';
const outDir = '/tmp/shots/dist';
const configFile = join(root, 'vite.config.ts');
await build({ root, configFile, logLevel: 'warn', build: { outDir, emptyOutDir: true } });
const server = await preview({ root, configFile, logLevel: 'warn', build: { outDir }, preview: { host: '127.0.0.1', port: 0 } });
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
page.on('pageerror', (e) => console.log('page error:', e.message));
for (const [w, h] of [[1200, 800], [390, 844]]) {
  await page.setViewportSize({ width: w, height: h });
  await page.goto(`${url}?scene=digitiser`);
  await page.waitForFunction(() => window.__contactkit?.image);
  await page.click('#trace-button');
  await page.waitForTimeout(300);
  await page.screenshot({ path: `/tmp/shots/dig-traced-${w}.png`, fullPage: w < 500 });
  await page.goto(`${url}?scene=comet&vectors=1`);
  await page.waitForFunction(() => window.__contactkit?.frame > 2);
  await page.check('#stop-at-impact');
  await page.waitForFunction(() => window.__contactkit.paused, undefined, { timeout: 20000 });
  await page.screenshot({ path: `/tmp/shots/comet-impact-${w}.png`, fullPage: w < 500 });
}
await browser.close();
await server.close();
