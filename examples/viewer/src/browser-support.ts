/**
 * Test support for the browser tests: build the viewer once with Vite's JS API, serve `dist`
 * with Vite's preview server on 127.0.0.1, launch Debian's Chromium through playwright-core
 * (`browserSession` does all three for a test file), read the state a page publishes on
 * `window.__contactkit`, and read pixels out of PNG screenshots.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { build, preview } from 'vite';
import type { PreviewServer } from 'vite';
import { chromium } from 'playwright-core';
import type { Browser, Page } from 'playwright-core';
import { PNG } from 'pngjs';

export const VIEWER_ROOT = dirname(dirname(fileURLToPath(import.meta.url)));
export const CHROMIUM_PATH = '/usr/bin/chromium';

/**
 * Builds the viewer into `outDir` (`dist` unless given: a test file that runs beside the others
 * passes a folder of its own) and serves it; returns the server and its base URL.
 */
export async function buildAndServe(
  outDir = join(VIEWER_ROOT, 'dist'),
): Promise<{ server: PreviewServer; url: string; }> {
  const configFile = join(VIEWER_ROOT, 'vite.config.ts');
  await build({
    root: VIEWER_ROOT,
    configFile,
    logLevel: 'warn',
    build: { outDir, emptyOutDir: true },
  });
  const server = await preview({
    root: VIEWER_ROOT,
    configFile,
    logLevel: 'warn',
    build: { outDir },
    preview: { host: '127.0.0.1', port: 0, strictPort: false, open: false },
  });
  const url = server.resolvedUrls?.local[0];
  if (!url) throw new Error('vite preview did not report a local URL');
  return { server, url };
}

/** Calls `report` with the text of every console error and uncaught exception of `page`. */
export function onPageErrors(page: Page, report: (message: string) => void): void {
  page.on('console', (message) => {
    if (message.type() === 'error') report(message.text());
  });
  page.on('pageerror', (error) => report(error.message));
}

/**
 * Chromium from the Debian package, headless with software WebGL; fails clearly when it is missing.
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `The viewer's browser tests need Chromium at ${CHROMIUM_PATH}: ` +
        'run `apt-get install -y chromium` (as .ci/run does).',
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
      '--use-angle=swiftshader',
      '--enable-unsafe-swiftshader',
    ],
  });
}

/** What a browser test file asks of its session. */
export interface BrowserSessionOptions {
  /**
   * A name for the file's own build folder (`contactkit-<name>-*` in the system's temporary
   * folder, removed at the end), so that the file can run beside the others; without it the
   * build goes to `dist`.
   */
  buildFolder?: string;
  /** The page's size in CSS pixels (the device pixel ratio is 1). */
  viewport: { width: number; height: number; };
  /**
   * Before each test, empty `errors` and set the viewport back, for files whose tests resize the
   * page; without it `errors` gathers over the whole file.
   */
  resetEachTest?: boolean;
}

/** A test file's one browser page, on the viewer's production build. */
export interface BrowserSession {
  /** The page (from `beforeAll` on). */
  readonly page: Page;
  /** The build's base URL (from `beforeAll` on). */
  readonly url: string;
  /** The page's console errors and uncaught exceptions, as their text. */
  readonly errors: string[];
  /** Opens `?<query>` of the build on the page and waits until it has drawn its first frames. */
  open(query: string): Promise<void>;
  /** Waits until the page has drawn `n` more frames. */
  waitFrames(n: number): Promise<void>;
  /** What the page publishes on `window.__contactkit`, without its functions. */
  state<T>(): Promise<T>;
  /** A point of the page's world (or picture) -> page pixels, through its published `project`. */
  toPage(point: readonly number[]): Promise<[number, number]>;
}

/**
 * Sets up a browser test file: before its tests, Chromium is launched (first: a missing one fails
 * at once with the install command), the viewer is built and served, and one page is opened,
 * its errors gathered; after them all is closed and the build folder removed.
 */
export function browserSession(options: BrowserSessionOptions): BrowserSession {
  const { buildFolder, viewport, resetEachTest = false } = options;
  let browser: Browser | undefined;
  let server: PreviewServer | undefined;
  let outDir: string | undefined;
  let page: Page | undefined;
  let url = '';
  const errors: string[] = [];
  beforeAll(async () => {
    browser = await launchChromium();
    if (buildFolder !== undefined) {
      outDir = mkdtempSync(join(tmpdir(), `contactkit-${buildFolder}-`));
    }
    ({ server, url } = await buildAndServe(outDir));
    // Downloads are taken (playwright's default): a test reads the contour file a page saves.
    page = await browser.newPage({ viewport, deviceScaleFactor: 1 });
    onPageErrors(page, (message) => errors.push(message));
  }, 180_000);
  if (resetEachTest) {
    beforeEach(async () => {
      errors.length = 0;
      await page?.setViewportSize(viewport);
    });
  }
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    if (outDir) rmSync(outDir, { recursive: true, force: true });
  });
  const opened = (): Page => {
    if (!page) throw new Error('the browser page is opened in beforeAll');
    return page;
  };
  return {
    get page() {
      return opened();
    },
    get url() {
      return url;
    },
    errors,
    open: (query) => openPage(opened(), `${url}?${query}`),
    waitFrames: (n) => waitFrames(opened(), n),
    state: <T>() => publishedState<T>(opened()),
    toPage: (point) => toPagePixels(opened(), point),
  };
}

/** A decoded RGBA image. */
export interface Pixels {
  width: number;
  height: number;
  data: Uint8Array;
}

export function decodePng(buffer: Buffer): Pixels {
  const png = PNG.sync.read(buffer);
  return { width: png.width, height: png.height, data: png.data };
}

/** The `[r, g, b]` of pixel (x, y). */
export function pixelAt(image: Pixels, x: number, y: number): [number, number, number] {
  const i = 4 * (y * image.width + x);
  return [image.data[i]!, image.data[i + 1]!, image.data[i + 2]!];
}

/** Euclidean distance in RGB between a pixel and an sRGB hex colour. */
export function colorDistance(rgb: readonly number[], hex: number): number {
  return Math.hypot(
    rgb[0]! - ((hex >> 16) & 255),
    rgb[1]! - ((hex >> 8) & 255),
    rgb[2]! - (hex & 255),
  );
}

/**
 * The smallest colour distance to `hex` among the pixels within `radius` of (x, y): near 0 when
 * that colour is drawn there.
 */
export function nearestColorDistance(
  image: Pixels,
  x: number,
  y: number,
  hex: number,
  radius: number,
): number {
  let best = Number.POSITIVE_INFINITY;
  const cx = Math.round(x), cy = Math.round(y);
  for (let dy = -radius; dy <= radius; dy++) {
    for (let dx = -radius; dx <= radius; dx++) {
      const px = cx + dx, py = cy + dy;
      if (
        px < 0 || py < 0 || px >= image.width || py >= image.height ||
        dx * dx + dy * dy > radius * radius
      ) continue;
      best = Math.min(best, colorDistance(pixelAt(image, px, py), hex));
    }
  }
  return best;
}

/**
 * How many distinct colours (quantised to 4 bits per channel) the image holds, and the share of the
 * most common one.
 */
export function colorStatistics(image: Pixels): { distinct: number; dominantShare: number; } {
  const counts = new Map<number, number>();
  for (let i = 0; i < image.data.length; i += 4) {
    const key = ((image.data[i]! >> 4) << 8) | ((image.data[i + 1]! >> 4) << 4) |
      (image.data[i + 2]! >> 4);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  const dominant = Math.max(...counts.values());
  return { distinct: counts.size, dominantShare: dominant / (image.width * image.height) };
}

/**
 * What a page publishes on `window.__contactkit`, without its functions (`project`, a page's
 * `step`): the data, which is all that crosses from the page.
 */
export function publishedState<T>(page: Page): Promise<T> {
  return page.evaluate(() => {
    const published = (window as unknown as { __contactkit: Record<string, unknown>; })
      .__contactkit;
    return Object.fromEntries(
      Object.entries(published).filter(([, value]) => typeof value !== 'function'),
    );
  }) as Promise<T>;
}

/**
 * A point of the page's world (or picture) -> page pixels, through the page's published `project`.
 */
export async function toPagePixels(
  page: Page,
  point: readonly number[],
): Promise<[number, number]> {
  const [x, y] = await page.evaluate(
    (p) =>
      (window as unknown as { __contactkit: { project(p: readonly number[]): number[]; }; })
        .__contactkit.project(p),
    point,
  );
  const box = (await page.locator('#view').boundingBox())!;
  return [box.x + x!, box.y + y!];
}

/** The published frame counter. */
function frameOf(page: Page): Promise<number> {
  return page.evaluate(() =>
    (window as unknown as { __contactkit?: { frame: number; }; }).__contactkit?.frame ?? 0
  );
}

/** Waits until the page has drawn `n` more frames. */
export async function waitFrames(page: Page, n: number): Promise<void> {
  const start = await frameOf(page);
  await page.waitForFunction(
    (target) =>
      ((window as unknown as { __contactkit?: { frame: number; }; }).__contactkit?.frame ?? 0) >=
        target,
    start + n,
    { timeout: 15_000 },
  );
}

/** Opens `url` and waits until the page has drawn its first frames. */
export async function openPage(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(
    () =>
      ((window as unknown as { __contactkit?: { frame: number; }; }).__contactkit?.frame ?? 0) > 2,
    undefined,
    { timeout: 15_000 },
  );
}
