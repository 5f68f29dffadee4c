/**
 * The simulation scenes in a real browser (the production build, headless Chromium; see
 * browser-support.ts), in a build folder of their own. Time is driven by the page's own
 * `__contactkit.step(count)`, and every check waits for the state the page publishes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PreviewServer } from 'vite';
import type { Browser, Page } from 'playwright-core';
import {
  buildAndServe,
  decodePng,
  launchChromium,
  nearestColorDistance,
  onPageErrors,
} from './browser-support.js';
import type { SimState } from './sims/sim-page.js';

let server: PreviewServer | undefined;
let browser: Browser | undefined;
let page: Page;
let baseUrl = '';
let outDir = '';
const errors: string[] = [];

beforeAll(async () => {
  browser = await launchChromium();
  outDir = mkdtempSync(join(tmpdir(), 'contactkit-sims-'));
  ({ server, url: baseUrl } = await buildAndServe(outDir));
  page = await browser.newPage({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
  onPageErrors(page, (message) => errors.push(message));
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (outDir) rmSync(outDir, { recursive: true, force: true });
});

type Published = Omit<SimState, 'step' | 'project'>;

function state(): Promise<Published> {
  return page.evaluate(() => {
    const { step: _step, project: _project, ...rest } =
      (window as unknown as { __contactkit: SimState; }).__contactkit;
    return rest;
  });
}

/** Waits until the page has published a frame for which `test` holds. */
async function waitFor(test: string): Promise<Published> {
  await page.waitForFunction(`(() => { const s = window.__contactkit; return s && (${test}); })()`);
  return state();
}

/** The stack's cubes start at (0, 0.5 + i, 0), upright. */
function standing(bodies: Published['bodies']): { lowest: number; drift: number; } {
  let lowest = Infinity, drift = 0;
  bodies.forEach((body, i) => {
    lowest = Math.min(lowest, body.position[1] - (0.5 + i));
    drift = Math.max(drift, Math.hypot(body.position[0], body.position[2]));
  });
  return { lowest, drift };
}

describe('sim-stack', () => {
  it('opens without errors, contactkit shown, six cubes and their contacts', async () => {
    await page.goto(`${baseUrl}?scene=sim-stack`);
    const first = await waitFor('s.frame > 2');
    expect(first.scene).toBe('sim-stack');
    expect(first.narrowphase).toBe('contactkit');
    expect(first.bodies).toHaveLength(6);
    expect(errors).toEqual([]);
  }, 60_000);

  it('pause holds the time; a single step advances it by 1/60 s', async () => {
    await page.click('#pause');
    const paused = await waitFor('s.paused');
    const frame = paused.frame;
    const held = await waitFor(`s.frame > ${frame + 3}`);
    expect(held.time).toBe(paused.time);
    await page.click('#step');
    const stepped = await waitFor(`s.time > ${paused.time}`);
    expect(stepped.time).toBeCloseTo(paused.time + 1 / 60, 12);
  }, 60_000);

  it('stands after 10 simulated seconds: no cube 0.1 m lower, none 5 cm aside', async () => {
    await page.click('#reset');
    await waitFor('s.time === 0');
    await page.evaluate(() =>
      (window as unknown as { __contactkit: SimState; }).__contactkit.step(600)
    );
    const after = await waitFor('s.time >= 10 - 1e-9');
    const { lowest, drift } = standing(after.bodies);
    expect(lowest).toBeGreaterThan(-0.1);
    expect(drift).toBeLessThan(0.05);
    // Six cubes resting on five faces and the floor: at least four contacts per pair, each with
    // the colour of its features (the marker at its point is drawn in it).
    expect(after.contactCount).toBeGreaterThanOrEqual(24);
    const pairs = new Set(after.contacts.map((contact) => contact.bodies.join(' ')));
    expect(pairs.size).toBe(6);
    const image = decodePng(await page.locator('#view').screenshot());
    const contact = after.contacts.find((c) => c.bodies.includes(5))!;
    const [x, y] = await page.evaluate(
      (point) => (window as unknown as { __contactkit: SimState; }).__contactkit.project(point),
      contact.point,
    );
    expect(nearestColorDistance(image, x, y, contact.color, 4)).toBeLessThan(40);
  }, 120_000);

  it(
    "the switch shows the same scene on cannon-es's own narrowphase, both step times shown",
    async () => {
      const kit = await state();
      await page.click('#narrowphase-cannon-es');
      const native = await waitFor("s.narrowphase === 'cannon-es'");
      expect(native.time).toBe(kit.time);
      // The other world: it stepped the same 601 steps from the same start, on cannon-es's own
      // contacts, which have no feature ids and a stack that creeps further sideways.
      expect(native.contactCount).toBeGreaterThan(0);
      expect(native.contacts.every((contact) => contact.featureId === 0)).toBe(true);
      expect(native.bodies).not.toEqual(kit.bodies);
      expect(standing(native.bodies).drift).toBeGreaterThan(standing(kit.bodies).drift);
      for (const time of Object.values(native.stepTimes)) expect(time).toBeGreaterThan(0);
      const readout = await page.locator('#step-times').textContent();
      expect(readout).toMatch(/contactkit \d+\.\d+ ms, cannon-es's own \d+\.\d+ ms/);
      await page.click('#narrowphase-contactkit');
      const back = await waitFor("s.narrowphase === 'contactkit'");
      expect(back.bodies).toEqual(kit.bodies);
    },
    60_000,
  );

  it('a drag from the top cube throws it; reset puts every cube back', async () => {
    await page.click('#reset');
    const start = await waitFor('s.time === 0 && s.paused');
    const top = start.bodies[5]!.position;
    const [x, y] = await page.evaluate(
      (point) => (window as unknown as { __contactkit: SimState; }).__contactkit.project(point),
      top,
    );
    const box = (await page.locator('#view').boundingBox())!;
    await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.down();
    await page.mouse.move(box.x + x + 60, box.y + y, { steps: 4 });
    await page.mouse.up();
    await page.evaluate(() =>
      (window as unknown as { __contactkit: SimState; }).__contactkit.step(10)
    );
    const thrown = await waitFor('s.time > 0.1');
    expect(
      Math.hypot(thrown.bodies[5]!.position[0] - top[0], thrown.bodies[5]!.position[2] - top[2]),
    )
      .toBeGreaterThan(0.1);
    // The cube below stays (a throw moves the cube picked, not the stack).
    expect(thrown.bodies[0]!.position[1]).toBeCloseTo(0.5, 1);
    await page.click('#reset');
    const again = await waitFor('s.time === 0');
    expect(again.bodies).toEqual(start.bodies);
    expect(errors).toEqual([]);
  }, 60_000);
});
