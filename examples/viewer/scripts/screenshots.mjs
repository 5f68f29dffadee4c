// Screenshots of viewer scenes at several window sizes, for a person to look at: builds the
// viewer, serves it with `vite preview` and drives Debian's Chromium through playwright-core.
//
//   node examples/viewer/scripts/screenshots.mjs [outDir] [scene ...]
//     [--query=extra&params] [--hover=N]
//
// --hover=N points the mouse at contact N first, so the shot shows its highlighted features.
// Writes <outDir>/<scene>-<width>x<height>.png (default outDir /tmp/viewer-screenshots); with no
// scenes named, every scene in the menu. Nothing is written into the repository but dist/.
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, preview } from 'vite';
import { chromium } from 'playwright-core';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const args = process.argv.slice(2);
const query = args.find((a) => a.startsWith('--query='))?.slice('--query='.length) ?? '';
const hover = args.find((a) => a.startsWith('--hover='))?.slice('--hover='.length);
const plain = args.filter((a) => !a.startsWith('--'));
const outDir = plain[0] ?? '/tmp/viewer-screenshots';
const sizes = [[1200, 800], [800, 600], [390, 844]];
mkdirSync(outDir, { recursive: true });

const configFile = join(root, 'vite.config.ts');
await build({
  root,
  configFile,
  logLevel: 'warn',
  build: { outDir: join(root, 'dist'), emptyOutDir: true },
});
const server = await preview({
  root,
  configFile,
  logLevel: 'warn',
  preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
});
const url = server.resolvedUrls.local[0];
const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
  page.on('pageerror', (e) => console.log('page error:', e.message));
  await page.goto(url);
  await page.waitForFunction(() => (window.__contactkit?.frame ?? 0) > 2);
  const scenes = plain.length > 1
    ? plain.slice(1)
    : await page.$$eval('#scene-menu a', (links) => links.map((a) => a.dataset.scene));
  for (const [width, height] of sizes) {
    await page.setViewportSize({ width, height });
    for (const scene of scenes) {
      await page.goto(`${url}?scene=${scene}${query ? `&${query}` : ''}`);
      await page.waitForFunction(() => (window.__contactkit?.frame ?? 0) > 3);
      if (hover !== undefined) {
        const target = await page.evaluate((i) => {
          const contact = window.__contactkit.contacts[Number(i)];
          return contact ? window.__contactkit.project(contact.point) : null;
        }, hover);
        if (target) {
          const box = await page.locator('#view').boundingBox();
          await page.mouse.move(box.x + target[0] + 2, box.y + target[1] + 1);
          const frame = await page.evaluate(() => window.__contactkit.frame);
          await page.waitForFunction((f) => window.__contactkit.frame > f + 2, frame);
        }
      }
      const file = join(outDir, `${scene}-${width}x${height}.png`);
      await page.screenshot({ path: file, fullPage: width < 500 });
      console.log(file);
    }
  }
} finally {
  await browser.close();
  await server.close();
}
