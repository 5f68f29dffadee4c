// How long a person waits before the viewer shows something: for a few pages, the time from the
// start of navigation to the first contentful paint (the first text or picture on the page) and
// to the first frame on screen, from the Vite dev server and from a production build served by
// `vite preview`, in Debian's Chromium with software WebGL (as the browser tests run it). The
// first frame is on screen when the animation frame after it starts: the page publishes
// `window.__contactkit` with frame >= 1 once it has drawn, and Chromium starts the next frame
// only after the compositor has taken this one (with software WebGL, after reading its pixels
// back). A measurement, not a test: it prints a table.
//
//   node examples/viewer/scripts/first-frame.mjs [--only=dev|build] [--baseline=<dir>] [runs] [scene ...]
//
// Each load is a new browser context (an empty cache). The dev server's first load of a page
// also waits for Vite to transform the modules ("first load"); the median is over the `runs`
// loads after it (default 5). --baseline names another copy of examples/viewer (an older commit,
// e.g. from `git archive`, its node_modules linked to this one's): both are served at once and
// loaded in turn, so that both see the same load on a shared machine. Nothing is written into
// the repository but dist/ (and the baseline's dist/).
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, createServer, preview } from 'vite';
import { chromium } from 'playwright-core';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const option = (name) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const only = option('only');
const baseline = option('baseline');
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const runs = Number(args[0] ?? 5);
const scenes = args.length > 1 ? args.slice(1) : ['box-box-face', 'circle-polygon', 'pinball'];
const roots = baseline ? [['baseline', resolve(baseline)], ['this', root]] : [['this', root]];

// Records the start of the animation frame after the page first publishes a drawn frame,
// whichever page it is (the scenes' main.ts and the programs assign `window.__contactkit` once a
// frame is drawn).
const recordFirstFrame = () => {
  let state, drawn = false;
  Object.defineProperty(window, '__contactkit', {
    configurable: true,
    get: () => state,
    set: (value) => {
      if (!drawn && value && value.frame >= 1) {
        drawn = true;
        requestAnimationFrame(() => (window.__firstFrame = performance.now()));
      }
      state = value;
    },
  });
};

const browser = await chromium.launch({
  executablePath: '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--use-angle=swiftshader', '--enable-unsafe-swiftshader'],
});

/** One load of `url` in a fresh context: [first contentful paint, first frame], ms. */
async function load(url) {
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(recordFirstFrame);
  await page.goto(url);
  await page.waitForFunction(() => window.__firstFrame !== undefined, undefined, {
    timeout: 60_000,
  });
  // The paint entry arrives once the compositor has shown the paint: wait for it a little.
  await page.waitForFunction(
    () => performance.getEntriesByName('first-contentful-paint').length > 0,
    undefined,
    { timeout: 5_000 },
  ).catch(() => {});
  const times = await page.evaluate(() => [
    performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
    window.__firstFrame,
  ]);
  await context.close();
  return times;
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const ms = (value) => (Number.isNaN(value) ? '-' : `${Math.round(value)}`);

/** Loads every scene from every server in turn; prints a row per server and scene. */
async function measure(kind, servers) {
  for (const scene of scenes) {
    const results = servers.map(() => ({ first: [], paints: [], frames: [] }));
    for (let run = 0; run <= runs; run++) {
      for (const [i, [, url]] of servers.entries()) {
        const [paint, frame] = await load(`${url}?scene=${scene}`);
        if (run === 0) results[i].first = [paint, frame];
        else {
          results[i].paints.push(paint);
          results[i].frames.push(frame);
        }
      }
    }
    for (const [i, [label]] of servers.entries()) {
      const { first, paints, frames } = results[i];
      console.log(
        `| ${kind} | ${label} | ${scene} | ${ms(first[0])} / ${ms(first[1])} | ${
          ms(median(paints))
        } / ${ms(median(frames))} | ${ms(Math.min(...frames))}-${ms(Math.max(...frames))} |`,
      );
    }
  }
}

async function measureDev() {
  const servers = [];
  for (const [label, viewer] of roots) {
    const server = await createServer({
      root: viewer,
      configFile: join(viewer, 'vite.config.ts'),
      logLevel: 'warn',
      server: { host: '127.0.0.1', port: 0, strictPort: false },
    });
    await server.listen();
    servers.push([label, server.resolvedUrls.local[0], server]);
  }
  try {
    await measure('dev', servers);
  } finally {
    for (const [, , server] of servers) await server.close();
  }
}

async function measureBuild() {
  const servers = [];
  for (const [label, viewer] of roots) {
    const configFile = join(viewer, 'vite.config.ts');
    await build({
      root: viewer,
      configFile,
      logLevel: 'warn',
      build: { outDir: join(viewer, 'dist'), emptyOutDir: true },
    });
    const server = await preview({
      root: viewer,
      configFile,
      logLevel: 'warn',
      build: { outDir: join(viewer, 'dist') },
      preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
    });
    servers.push([label, server.resolvedUrls.local[0], server]);
  }
  try {
    await measure('build', servers);
  } finally {
    for (const [, , server] of servers) await server.close();
  }
}

try {
  console.log(
    `Chromium ${browser.version()}, software WebGL; ms from navigation start: ` +
      'first contentful paint / first frame on screen',
  );
  console.log(`| server | viewer | page | first load | median of ${runs} | first frame range |`);
  console.log('| --- | --- | --- | --- | --- | --- |');
  if (only !== 'build') await measureDev();
  if (only !== 'dev') await measureBuild();
} finally {
  await browser.close();
}
