/**
 * The capsule, tile floor and ray cast scenes (issue 24) in a real browser (the production
 * build, headless Chromium; see browser-support.ts), in a build folder of their own. Each check
 * waits for the state the page publishes and compares it with what Node computes. (Every scene,
 * these included, also gets viewer.browser.test.ts's checks: Node's contacts and probe values,
 * the kind colours, drag and turn of the first two shapes, labels clear of the drawing.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { RayHit2, raycast2d } from '@contactkit/collision2d';
import { VIEWER_ROOT, browserSession, waitFrames } from './browser-support.js';
import type { ContactRecord } from './contact-records.js';
import { createScene2 } from './scenes2d.js';
import type { Scene2, Scene2Id } from './scenes2d.js';
import { RAY_TARGETS_FROM, sceneRay } from './ray-probe2d.js';
import { CHAIN_TOP, SIDEWAYS, TILES_TOP } from './tile-floor2d.js';

const SCREENSHOT_DIR = join(VIEWER_ROOT, 'screenshots');
const session = browserSession({
  buildFolder: 'tile-ray',
  viewport: { width: 1200, height: 800 },
  resetEachTest: true,
});
const errors = session.errors;
let page: Page;
beforeAll(() => {
  page = session.page;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

interface Published {
  contacts: ContactRecord[];
  poses: number[][];
  shapes: number[][];
  probe: Record<string, unknown> | null;
}

function published(): Promise<Published> {
  return page.evaluate(() => {
    const k = window.__contactkit!;
    return { contacts: k.contacts, poses: k.poses, shapes: k.shapes, probe: k.probe };
  });
}

async function open(id: Scene2Id): Promise<void> {
  await session.open(`scene=${id}`);
}

/** The scene in Node with its shapes where the page has them. */
function sceneAt(id: Scene2Id, poses: number[][]): Scene2 {
  const scene = createScene2(id);
  scene.shapes.forEach((shape, i) => shape.setPose([poses[i]![0]!, poses[i]![1]!], poses[i]![2]!));
  return scene;
}

/**
 * Presses on shape `index`'s centre and moves the pointer by (dx, dy) CSS pixels per step,
 * calling `each` with the published state after every step's frame.
 */
async function dragShape(
  index: number,
  dx: number,
  dy: number,
  steps: number,
  each: (state: Published) => void = () => {},
): Promise<void> {
  const [x, y] = await session.toPage((await published()).shapes[index]!);
  await page.mouse.move(x, y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(x + dx * step, y + dy * step);
    await session.waitFrames(1);
    each(await published());
  }
  await page.mouse.up();
  await session.waitFrames(2);
}

describe('the new 2D scenes', { timeout: 60_000 }, () => {
  for (
    const id of [
      'circle-capsule2',
      'capsule2-capsule2',
      'capsule2-polygon',
      'capsule2-chain',
      'tile-floor',
      'raycast',
    ] as const
  ) {
    it(`${id}: loads without console errors at 1200x800 and 390x844`, async () => {
      for (const viewport of [{ width: 1200, height: 800 }, { width: 390, height: 844 }]) {
        await page.setViewportSize(viewport);
        await open(id);
        const png = await page.screenshot({ fullPage: viewport.width < 500 });
        writeFileSync(join(SCREENSHOT_DIR, `${id}-${viewport.width}x${viewport.height}.png`), png);
      }
      expect(errors).toEqual([]);
    });
  }
});

describe('tile-floor', { timeout: 60_000 }, () => {
  const middle = (CHAIN_TOP + TILES_TOP) / 2;
  const onChain = (contacts: ContactRecord[]) => contacts.filter((c) => c.point[1]! > middle);
  const onTiles = (contacts: ContactRecord[]) => contacts.filter((c) => c.point[1]! < middle);
  const sideways = (c: ContactRecord): boolean => Math.abs(c.normal[0]!) > SIDEWAYS;

  it('the box on the chain has no sideways contact; the box on the separate tiles has one at the seam', async () => {
    await open('tile-floor');
    const { contacts, probe } = await published();
    const chain = onChain(contacts), tiles = onTiles(contacts);
    expect(chain.length).toBeGreaterThan(0);
    for (const c of chain) expect(c.normal).toEqual([expect.closeTo(0, 9), expect.closeTo(1, 9)]);
    expect(tiles.filter(sideways).length).toBeGreaterThan(0);
    for (const c of tiles.filter(sideways)) {
      expect(c.normal).toEqual([expect.closeTo(-1, 9), expect.closeTo(0, 9)]);
    }
    expect(probe).toMatchObject({ chainSideways: 0, tileSideways: tiles.filter(sideways).length });
    expect(errors).toEqual([]);
  });

  it('dragged along the chain across the seams, the box never gets a sideways contact from it', async () => {
    await open('tile-floor');
    let frames = 0;
    // 24 steps of 10 px: about 1 world unit at this size, across two tile widths of the floor.
    await dragShape(0, 10, 0, 24, ({ contacts }) => {
      const chain = onChain(contacts);
      expect(chain.length).toBeGreaterThan(0);
      expect(chain.filter(sideways)).toEqual([]);
      frames++;
    });
    expect(frames).toBe(24);
    const { poses } = await published();
    expect(poses[0]![0]! - createScene2('tile-floor').starts[0]!.position[0]).toBeGreaterThan(0.9);
    expect(errors).toEqual([]);
  });
});

describe('raycast', { timeout: 60_000 }, () => {
  /** The nearest hit over the targets cast one by one in Node, with the page's poses. */
  function nodeHit(poses: number[][]): Record<string, unknown> {
    const scene = sceneAt('raycast', poses);
    const { origin, direction, length } = sceneRay(scene);
    let best: Record<string, unknown> = { hit: false };
    let bestDistance = Number.POSITIVE_INFINITY;
    const hit = new RayHit2();
    for (let i = RAY_TARGETS_FROM; i < scene.shapes.length; i++) {
      if (!raycast2d(scene.shapes[i]!, origin, direction, length, hit)) continue;
      if (hit.distance >= bestDistance) continue;
      bestDistance = hit.distance;
      best = {
        hit: true,
        point: Array.from(hit.point).map((v) => expect.closeTo(v, 9)),
        normal: Array.from(hit.normal).map((v) => expect.closeTo(v, 9)),
        distance: expect.closeTo(hit.distance, 9),
        shape: i,
        featureId: hit.featureId,
      };
    }
    return best;
  }

  it('publishes the first hit (point, normal, distance) of raycast2d in Node while the ray is dragged', async () => {
    await open('raycast');
    let state = await published();
    expect(state.probe).toEqual(nodeHit(state.poses));
    expect(state.probe!['hit']).toBe(true);
    const shapesHit = new Set([state.probe!['shape']]);
    // The end swept down across the shapes, then the origin moved up: every frame agrees with Node.
    await dragShape(1, 0, 25, 16, (s) => {
      expect(s.probe).toEqual(nodeHit(s.poses));
      shapesHit.add(s.probe!['shape']);
    });
    await dragShape(0, 0, -30, 10, (s) => {
      expect(s.probe).toEqual(nodeHit(s.poses));
      shapesHit.add(s.probe!['shape']);
    });
    state = await published();
    const start = createScene2('raycast').starts;
    expect(state.poses[1]![1]).toBeLessThan(start[1]!.position[1] - 1);
    expect(state.poses[0]![1]).toBeGreaterThan(start[0]!.position[1] + 0.8);
    // Not a single answer all along: more than one shape (or a miss) was seen.
    expect(shapesHit.size).toBeGreaterThan(1);
    expect(errors).toEqual([]);
  });
});
