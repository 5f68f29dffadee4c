/**
 * The scenes on a triangle mesh and a heightfield in a real browser (the production build,
 * headless Chromium; see browser-support.ts), in a build folder of their own. Each check waits
 * for the state the page publishes, and compares it with what Node computes for the same poses.
 * (Every scene, these included, also gets viewer.browser.test.ts's checks: no console errors,
 * Node's contacts, the kind colours where the contacts project.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { CollisionData, Heightfield } from '@contactkit/contacts3d';
import { secondFeatureOf } from '@contactkit/math';
import { EDGE_FLAG_COLORS } from '@contactkit/three';
import { EdgeFlag } from '@contactkit/contacts3d';
import {
  browserSession,
  colorDistance,
  decodePng,
  pixelAt,
  waitFrames,
} from './browser-support.js';
import type { ContactRecord } from './contact-records.js';
import { contactRecords } from './contact-records.js';
import { HOLE_CENTRE } from './level-geometry.js';
import { collideScene3, createScene3 } from './scenes3d.js';
import type { Scene3Id } from './scenes3d.js';

const session = browserSession({
  buildFolder: 'level',
  viewport: { width: 960, height: 600 },
  resetEachTest: true,
});
const errors = session.errors;
let page: Page;
beforeAll(() => {
  page = session.page;
});

interface Published {
  contacts: ContactRecord[];
  poses: number[][];
  shapes: number[][];
  selectedShape: number;
}

function published(): Promise<Published> {
  return page.evaluate(() => {
    const k = window.__contactkit!;
    return {
      contacts: k.contacts,
      poses: k.poses,
      shapes: k.shapes,
      selectedShape: k.selectedShape,
    };
  });
}

/** Opens a scene with the first shape at `pose` (`[x, y, z, qx, qy, qz, qw]`) if given. */
async function open(id: Scene3Id, pose?: readonly number[], extra = ''): Promise<void> {
  await session.open(`scene=${id}${pose ? `&p0=${pose.join(',')}` : ''}${extra}`);
}

/** The contacts Node computes for the scene with its shapes at the poses the page reports. */
async function nodeContacts(id: Scene3Id): Promise<ContactRecord[]> {
  const { poses } = await published();
  const scene = createScene3(id);
  scene.first.setTransform(poses[0]!);
  scene.second.setTransform(poses[1]!);
  const data = new CollisionData({ capacity: 64 });
  collideScene3(scene, data);
  return contactRecords(data);
}

function expectSameContacts(actual: ContactRecord[], expected: ContactRecord[]): void {
  expect(actual.map((c) => [c.kind, c.featureId])).toEqual(
    expected.map((c) => [c.kind, c.featureId]),
  );
  actual.forEach((c, i) => {
    expect(c.penetration).toBeCloseTo(expected[i]!.penetration, 9);
    expect(c.normal).toEqual(expected[i]!.normal.map((v) => expect.closeTo(v, 9)));
  });
}

/** A click on the first shape's centre puts the gizmo on it. */
async function selectFirst(): Promise<void> {
  const [x, y] = await session.toPage((await published()).shapes[0]!);
  await page.mouse.click(x, y);
  await session.waitFrames(2);
  expect((await published()).selectedShape).toBe(0);
}

/**
 * Presses on the first shape's centre (the gizmo's move-in-the-view-plane handle) and moves the
 * pointer by (dx, dy) CSS pixels per step, calling `each` with the published state after every
 * step's frame; stops early when `each` returns true. Returns the number of steps made.
 */
async function dragFirst(
  dx: number,
  dy: number,
  steps: number,
  each: (state: Published) => boolean | void,
): Promise<number> {
  const [x, y] = await session.toPage((await published()).shapes[0]!);
  await page.mouse.move(x, y);
  await page.mouse.down();
  let step = 1;
  for (; step <= steps; step++) {
    await page.mouse.move(x + dx * step, y + dy * step);
    await session.waitFrames(1);
    if (each(await published())) break;
  }
  await page.mouse.up();
  await session.waitFrames(2);
  return step;
}

/** How many pixels of the canvas lie within 40 of `hex` in RGB. */
async function pixelsNear(hex: number): Promise<number> {
  const image = decodePng(await page.locator('#view').screenshot());
  let count = 0;
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width; x++) {
      if (colorDistance(pixelAt(image, x, y), hex) < 40) count++;
    }
  }
  return count;
}

// Software WebGL is slow: each test loads the page once or twice.
describe('mesh and heightfield scenes in Chromium', { timeout: 90_000 }, () => {
  it('sphere-heightfield: opens without errors; the edge flags box hides the coloured edges', async () => {
    await open('sphere-heightfield');
    const start = createScene3('sphere-heightfield');
    const data = new CollisionData({ capacity: 64 });
    collideScene3(start, data);
    expectSameContacts((await published()).contacts, contactRecords(data));
    // The hill's ridges are drawn red, and only they: no contact or shape has that colour.
    const red = EDGE_FLAG_COLORS[EdgeFlag.Convex];
    expect(await pixelsNear(red)).toBeGreaterThan(200);
    await page.click('#show-edges');
    await session.waitFrames(2);
    expect(await pixelsNear(red)).toBe(0);
    // The switch is kept in the URL, and a link with it opens with the edges hidden.
    await page.waitForFunction(() => location.search.includes('edges=0'), undefined, {
      timeout: 15_000,
    });
    await open('sphere-heightfield', undefined, '&edges=0');
    expect(await page.locator('#show-edges').isChecked()).toBe(false);
    expect(errors).toEqual([]);
  });

  it('sphere-heightfield: dragging the sphere down onto the terrain makes contacts', async () => {
    const start = createScene3('sphere-heightfield').firstStart;
    // 0.6 above where the scene starts it: clear of the slope below.
    await open('sphere-heightfield', [
      start.position[0],
      start.position[1] + 0.6,
      start.position[2],
      0,
      0,
      0,
      1,
    ]);
    expect((await published()).contacts).toEqual([]);
    await selectFirst();
    // Down the screen moves it down (and toward the camera) in the view plane.
    const steps = await dragFirst(0, 8, 40, (state) => state.contacts.length > 0);
    expect(steps).toBeLessThanOrEqual(40);
    const after = await published();
    expect(after.contacts.length).toBeGreaterThan(0);
    expect(after.shapes[0]![1]).toBeLessThan(start.position[1] + 0.6);
    expectSameContacts(after.contacts, await nodeContacts('sphere-heightfield'));
    expect(errors).toEqual([]);
  });

  // Sunk 0.1 (sphere radius 0.3, capsule 0.2), so the drag in the view plane keeps each in touch.
  for (const [id, height] of [['sphere-mesh', 0.2], ['capsule-mesh', 0.1]] as const) {
    it(`${id}: dragged across the flat inner edges of the floor, every normal stays straight up`, async () => {
      const start = createScene3(id).firstStart;
      await open(id, [start.position[0], height, start.position[2], ...start.quaternion]);
      await selectFirst();
      const triangles = new Set<number>();
      const normals: number[][] = [];
      let emptyFrames = 0;
      await dragFirst(10, 0, 24, (state) => {
        if (state.contacts.length === 0) emptyFrames++;
        for (const c of state.contacts) {
          normals.push(c.normal);
          triangles.add(Math.floor(secondFeatureOf(c.featureId) / 8));
        }
      });
      // It crossed edges (every inner edge of the floor is flat) and was never left without a
      // contact, and no contact at a seam pointed sideways.
      expect(triangles.size).toBeGreaterThanOrEqual(3);
      expect(emptyFrames).toBe(0);
      expect(normals.length).toBeGreaterThanOrEqual(24);
      for (const n of normals) expect(n).toEqual([0, 1, 0].map((v) => expect.closeTo(v, 12)));
      const after = await published();
      const moved = Math.hypot(
        after.shapes[0]![0]! - start.position[0],
        after.shapes[0]![2]! - start.position[2],
      );
      expect(moved).toBeGreaterThan(0.5);
      expectSameContacts(after.contacts, await nodeContacts(id));
      expect(errors).toEqual([]);
    });
  }

  it('sphere-heightfield: no contact over the hole, a face contact beside it', async () => {
    // Centre level with the plain over the hole's middle: the rim is 0.4 away, the radius 0.3.
    await open('sphere-heightfield', [...HOLE_CENTRE, 0, 0, 0, 1]);
    expect((await published()).contacts).toEqual([]);
    expect(await nodeContacts('sphere-heightfield')).toEqual([]);
    // The same terrain without its hole would hold the sphere up there: the hole is the reason.
    const scene = createScene3('sphere-heightfield');
    const ground = scene.second as Heightfield;
    const filled = new Heightfield(ground.rows, ground.columns, ground.heights, ground.cellSize);
    filled.setTransform(ground.transform);
    scene.first.setPose(HOLE_CENTRE, [0, 0, 0, 1]);
    const data = new CollisionData({ capacity: 64 });
    expect(collideScene3({ ...scene, second: filled }, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.3, 12);
    // 0.8 along z, over the plain past the hole's rim: one face contact, 0.3 deep, straight up.
    await open('sphere-heightfield', [HOLE_CENTRE[0], 0, 0.8, 0, 0, 0, 1]);
    const beside = (await published()).contacts;
    expect(beside).toHaveLength(1);
    expect(beside[0]!.penetration).toBeCloseTo(0.3, 12);
    expect(beside[0]!.normal).toEqual([0, 1, 0].map((v) => expect.closeTo(v, 12)));
    expect(errors).toEqual([]);
  });
});
