/**
 * The simulation scenes in a real browser (the production build, headless Chromium; see
 * browser-support.ts), in a build folder of their own. Time is driven by the page's own
 * `__contactkit.step(count)`, and every check waits for the state the page publishes.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserSession, decodePng, nearestColorDistance } from './browser-support.js';
import type { SimState } from './sims/sim-page.js';
import { buildSimWorld, simSpec } from './sims/sim-worlds.js';

const session = browserSession({ buildFolder: 'sims', viewport: { width: 1200, height: 800 } });
const errors = session.errors;
let page: Page;
beforeAll(() => {
  page = session.page;
});

type Published = Omit<SimState, 'step' | 'project'>;

const state = (): Promise<Published> => session.state<Published>();

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
    await page.goto(`${session.url}?scene=sim-stack`);
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

/**
 * Pauses the page, steps its worlds `count` steps from a reset and returns the state at the end.
 */
async function runFromReset(count: number): Promise<Published> {
  if (!(await state()).paused) await page.click('#pause');
  await waitFor('s.paused');
  await page.click('#reset');
  await waitFor('s.time === 0');
  await page.evaluate(
    (n) => (window as unknown as { __contactkit: SimState; }).__contactkit.step(n),
    count,
  );
  return waitFor(`s.time >= ${count / 60} - 1e-9`);
}

/** The bin's inner half width (sim-worlds.ts): the piles' bodies come after its four walls. */
const BIN = 1.3;

/**
 * Whether every body after the four walls lies inside the bin and no lower than 5 mm under the
 * floor: the scene's own cannon-es shapes (built in Node from the same spec) put at the
 * published poses, their bounding boxes' bottoms.
 */
function inBin(id: 'sim-capsules' | 'sim-hulls', bodies: Published['bodies']): boolean {
  const shapes = buildSimWorld(simSpec(id)).bodies;
  return bodies.slice(4).every(({ position: [x, y, z], quaternion }, i) => {
    const body = shapes[4 + i]!;
    body.position.set(x, y, z);
    body.quaternion.set(...quaternion);
    body.updateAABB();
    return Math.abs(x) < BIN && Math.abs(z) < BIN && body.aabb.lowerBound.y > -0.005;
  });
}

/**
 * Whether the marker of some touching contact on moving bodies is drawn in its colour at its
 * point (a speculative contact, a gap within the adapter's margin, has the speculative colour).
 */
async function markerDrawn(after: Published): Promise<boolean> {
  const image = decodePng(await page.locator('#view').screenshot());
  const contact = after.contacts.find((c) =>
    c.bodies[0] >= 4 && c.bodies[1] >= 4 && c.penetration >= 0
  )!;
  const [x, y] = await page.evaluate(
    (point) => (window as unknown as { __contactkit: SimState; }).__contactkit.project(point),
    contact.point,
  );
  return nearestColorDistance(image, x, y, contact.color, 4) < 40;
}

describe('sim-capsules', () => {
  it(
    'opens without errors: 30 capsules and the bin, the switch to cannon-es off (no capsule there)',
    async () => {
      await page.goto(`${session.url}?scene=sim-capsules&narrowphase=cannon-es`);
      const first = await waitFor('s.frame > 2');
      expect(first.scene).toBe('sim-capsules');
      // Asked for cannon-es's own, the page shows contactkit's: cannon-es cannot run capsules.
      expect(first.narrowphase).toBe('contactkit');
      expect(first.bodies).toHaveLength(34);
      expect(await page.locator('#narrowphase-cannon-es').isDisabled()).toBe(true);
      expect(first.stepTimes['cannon-es']).toBeNull();
      expect(await page.locator('#step-times').textContent()).toMatch(
        /cannon-es's own: no capsule/,
      );
      expect(errors).toEqual([]);
    },
    60_000,
  );

  it(
    'after 10 simulated seconds the pile lies in the bin, its contacts drawn in their colours',
    async () => {
      const after = await runFromReset(600);
      expect(inBin('sim-capsules', after.bodies)).toBe(true);
      expect(after.contactCount).toBeGreaterThan(30);
      expect(Math.max(...after.contacts.map((c) => c.penetration))).toBeLessThan(0.005);
      expect(await markerDrawn(after)).toBe(true);
      await page.click('#narrowphase-cannon-es', { force: true });
      const still = await waitFor(`s.frame > ${after.frame + 2}`);
      expect(still.narrowphase).toBe('contactkit');
      expect(errors).toEqual([]);
    },
    120_000,
  );
});

describe('sim-hulls', () => {
  it('opens without errors: 16 hulls, 4 cylinders and the bin, both worlds stepping', async () => {
    await page.goto(`${session.url}?scene=sim-hulls`);
    const first = await waitFor("s.frame > 2 && s.stepTimes['cannon-es'] > 0");
    expect(first.scene).toBe('sim-hulls');
    expect(first.bodies).toHaveLength(24);
    expect(await page.locator('#narrowphase-cannon-es').isDisabled()).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);

  it(
    "after 10 simulated seconds both piles lie in the bin; the switch shows cannon-es's",
    async () => {
      const after = await runFromReset(600);
      expect(inBin('sim-hulls', after.bodies)).toBe(true);
      expect(after.contactCount).toBeGreaterThan(20);
      expect(Math.max(...after.contacts.map((c) => c.penetration))).toBeLessThan(0.005);
      expect(await markerDrawn(after)).toBe(true);
      await page.click('#narrowphase-cannon-es');
      const native = await waitFor("s.narrowphase === 'cannon-es'");
      expect(native.time).toBe(after.time);
      expect(inBin('sim-hulls', native.bodies)).toBe(true);
      expect(native.contacts.every((contact) => contact.featureId === 0)).toBe(true);
      expect(native.bodies).not.toEqual(after.bodies);
      expect(errors).toEqual([]);
    },
    180_000,
  );
});

describe('sim-ramp', () => {
  it(
    'the crates slide down the trimesh ramp onto the floor in 10 simulated seconds; on ' +
      "cannon-es's own narrowphase they fall through it",
    async () => {
      await page.goto(`${session.url}?scene=sim-ramp`);
      const first = await waitFor('s.frame > 2');
      expect(first.scene).toBe('sim-ramp');
      // The ramp (a Trimesh) and three crates.
      expect(first.bodies).toHaveLength(4);
      const after = await runFromReset(600);
      // The ramp's lower end is at x = 3.46 (sim-worlds.ts): every crate ends beyond it, resting
      // on the floor (its centre within 0.35 m of it).
      for (const crate of after.bodies.slice(1)) {
        expect(crate.position[0]).toBeGreaterThan(3.6);
        expect(crate.position[1]).toBeLessThan(0.35);
      }
      await page.click('#narrowphase-cannon-es');
      const native = await waitFor("s.narrowphase === 'cannon-es'");
      // cannon-es has no box-trimesh pair: its crates lie on the floor under the ramp's top half.
      for (const crate of native.bodies.slice(1)) expect(crate.position[0]).toBeLessThan(-2);
      expect(errors).toEqual([]);
    },
    180_000,
  );
});
