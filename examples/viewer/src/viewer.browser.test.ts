/**
 * The viewer in a real browser: the production build served by `vite preview`, driven in
 * headless Chromium (Debian's package) through playwright-core. One browser and one page for
 * the whole file: each test navigates it, which keeps the file fast under software WebGL.
 *
 * For every scene: no console errors, the published contacts (and the test a scene runs) equal
 * what the library computes in Node for the same scene, the canvas is not blank and shows each
 * contact's kind colour where the contact projects. Then: the state in the URL round-trips,
 * refused values revert, typed poses and Reset, speculative contacts in their own colour,
 * feature highlighting, the time readout, the phone layout, scripted drags and Animate.
 *
 * Screenshots of every scene go to SCREENSHOT_DIR (examples/viewer/screenshots/).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { CONTACT_KIND_COLORS, SPECULATIVE_COLOR } from '@contactkit/three';
import type { ContactKind } from '@contactkit/math';
import { CollisionData } from '@contactkit/contacts3d';
import { Capsule2, Circle, CollisionData2, Polygon, pointInPolygon } from '@contactkit/collision2d';
import { capsuleCore, capsuleOutline } from './probes2d.js';
import type { Shape2 } from '@contactkit/collision2d';
import { SCENES, isScene2, sceneContacts, sceneResult } from './scenes.js';
import { PROGRAMS } from './programs/registry.js';
import { SIMS } from './sims/registry.js';
import type { SceneId, SceneSettings } from './scenes.js';
import { collideScene3, createScene3 } from './scenes3d.js';
import { SCENE2_IDS, collideScene2, createScene2, isTurnable, worldVertices } from './scenes2d.js';
import type { MinimumTranslation, ProbeInput, Scene2 } from './scenes2d.js';
import { contactRecords } from './contact-records.js';
import { boxClearance } from './label-placement.js';
import type { ContactRecord } from './contact-records.js';
import { INTERSECTION_COLOR } from './view2d.js';
import {
  browserSession,
  VIEWER_ROOT,
  colorStatistics,
  decodePng,
  nearestColorDistance,
  pixelAt,
} from './browser-support.js';
import type { Pixels } from './browser-support.js';

export const SCREENSHOT_DIR = join(VIEWER_ROOT, 'screenshots');
// Small enough that software WebGL draws a frame quickly, large enough for the panel beside the
// canvas.
const VIEWPORT = { width: 960, height: 600 };

const session = browserSession({ viewport: VIEWPORT, resetEachTest: true });
/** Console errors and page errors since the current test began. */
const errors = session.errors;
let page: Page;
beforeAll(() => {
  page = session.page;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

const { open, waitFrames } = session;

function pageContacts(): Promise<ContactRecord[]> {
  return page.evaluate(() => window.__contactkit!.contacts);
}

function expectSameTranslation(
  actual: MinimumTranslation | null,
  expected: MinimumTranslation | null,
): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual!.overlapping).toBe(expected.overlapping);
  expect(actual!.depth).toBeCloseTo(expected.depth, 9);
  expect(actual!.normal).toEqual(expected.normal.map((v) => expect.closeTo(v, 9)));
}

/** Equal contact sets: same count, kinds and feature ids; numbers within 1e-9. */
function expectSameContacts(
  actual: readonly ContactRecord[],
  expected: readonly ContactRecord[],
): void {
  expect(actual.map((c) => [c.kind, c.featureId])).toEqual(
    expected.map((c) => [c.kind, c.featureId]),
  );
  actual.forEach((contact, i) => {
    const want = expected[i]!;
    expect(contact.penetration).toBeCloseTo(want.penetration, 9);
    expect(contact.point).toEqual(want.point.map((v) => expect.closeTo(v, 9)));
    expect(contact.normal).toEqual(want.normal.map((v) => expect.closeTo(v, 9)));
  });
}

/**
 * The contacts (and probe values) Node computes for a scene with its shapes at the poses the page
 * reports.
 */
async function nodeAtPagePoses(
  id: SceneId,
  settings: SceneSettings = { tolerance: 0, maxContactsPerPair: 8 },
): Promise<{ contacts: ContactRecord[]; probe: Record<string, unknown> | null; }> {
  const { poses, state } = await page.evaluate(() => ({
    poses: window.__contactkit!.poses,
    state: window.__contactkit!.state,
  }));
  const options = { capacity: 64, ...settings };
  if (isScene2(id)) {
    const scene = createScene2(id);
    scene.shapes.forEach((shape, i) =>
      shape.setPose([poses[i]![0]!, poses[i]![1]!], poses[i]![2]!)
    );
    const data = new CollisionData2(options);
    collideScene2(scene, data);
    const input: ProbeInput = { point: state.point ?? [0, 0], choice: state.choice };
    return {
      contacts: contactRecords(data),
      probe: scene.probe ? scene.probe(scene, input).values : null,
    };
  }
  const scene = createScene3(id);
  scene.first.setTransform(poses[0]!);
  scene.second.setTransform(poses[1]!);
  const data = new CollisionData(options);
  collideScene3(scene, data);
  return { contacts: contactRecords(data), probe: null };
}

/** Distance from (x, y) to the segment (ax, ay)-(bx, by). */
function segmentDistance(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax, dy = by - ay, lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared > 0
    ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared))
    : 0;
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/**
 * Distance from (x, y) to the outline of a 2D shape (closed for polygons, open for chains and
 * segments).
 */
function outlineDistance(shape: Shape2, x: number, y: number): number {
  if (shape instanceof Circle) {
    return Math.abs(Math.hypot(x - shape.transform.x, y - shape.transform.y) - shape.radius);
  }
  if (shape instanceof Capsule2) return Math.abs(coreDistance(shape, x, y) - shape.radius);
  const v = worldVertices(shape as Shape2 & { vertices: Float64Array; count: number; });
  const n = v.length / 2, closed = shape instanceof Polygon;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const j = (i + 1) % n;
    best = Math.min(
      best,
      segmentDistance(x, y, v[2 * i]!, v[2 * i + 1]!, v[2 * j]!, v[2 * j + 1]!),
    );
  }
  return best;
}

/** Distance from (x, y) to a capsule's core segment. */
function coreDistance(capsule: Capsule2, x: number, y: number): number {
  const [a, b] = capsuleCore(capsule);
  return segmentDistance(x, y, a[0], a[1], b[0], b[1]);
}

/** Whether (x, y) lies in a filled shape (circle, capsule or polygon); never for chains and segments. */
function insideShape(shape: Shape2, x: number, y: number): boolean {
  if (shape instanceof Circle) {
    return Math.hypot(x - shape.transform.x, y - shape.transform.y) <= shape.radius;
  }
  if (shape instanceof Capsule2) return coreDistance(shape, x, y) <= shape.radius;
  return shape instanceof Polygon && pointInPolygon(worldVertices(shape), [x, y]);
}

/** The world rectangle the canvas shows, less a margin: `[minX, minY, maxX, maxY]`. */
async function visibleWorld(margin: number): Promise<number[]> {
  return page.evaluate((margin) => {
    const k = window.__contactkit!;
    const canvas = document.getElementById('view')!;
    const [ox, oy] = k.project([0, 0]);
    const [ux] = k.project([1, 0]);
    const scale = ux! - ox!;
    return [
      (margin - ox!) / scale,
      (oy! - canvas.clientHeight + margin) / scale,
      (canvas.clientWidth - margin - ox!) / scale,
      (oy! - margin) / scale,
    ];
  }, margin);
}

/**
 * Where a person would press to grab shape `index` of `scene` within `bounds` (from
 * visibleWorld): for a filled shape the point of a fine grid deepest inside it, for a chain or
 * segment a point on it, in both cases as far as the grid allows from every other shape
 * (outside it and off its outline).
 */
function grabPoint(scene: Scene2, index: number, bounds: readonly number[]): number[] {
  const shape = scene.shapes[index]!;
  const filled = shape instanceof Circle || shape instanceof Polygon || shape instanceof Capsule2;
  const [minX, minY, maxX, maxY] = bounds as [number, number, number, number];
  let best: number[] = [], bestScore = Number.NEGATIVE_INFINITY;
  for (let x = minX; x <= maxX; x += 0.02) {
    for (let y = minY; y <= maxY; y += 0.02) {
      const own = outlineDistance(shape, x, y);
      if (filled ? !insideShape(shape, x, y) : own > 0.02) continue;
      let clearance = filled ? own : 1;
      scene.shapes.forEach((other, j) => {
        if (j === index) return;
        const away = insideShape(other, x, y) ? 0 : outlineDistance(other, x, y);
        clearance = Math.min(clearance, away);
      });
      if (clearance > bestScore) {
        bestScore = clearance;
        best = [x, y];
      }
    }
  }
  // At least about 10 px (at 960x600) inside its own shape and away from the others.
  expect(bestScore, `${scene.id}: a free point on shape ${index}`).toBeGreaterThan(0.06);
  return best;
}

/** A probe's values with every number (and number in an array) matched to 1e-9. */
function closeValues(values: Record<string, unknown> | null): unknown {
  if (values === null) return null;
  const close = (
    v: unknown,
  ): unknown => (typeof v === 'number'
    ? expect.closeTo(v, 9)
    : Array.isArray(v)
    ? v.map(close)
    : v);
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key, close(value)]));
}

async function screenshot(name: string): Promise<Pixels> {
  const png = await page.locator('#view').screenshot();
  writeFileSync(join(SCREENSHOT_DIR, `${name}.png`), png);
  return decodePng(png);
}

/** Drags from world point `from` by (dx, dy) CSS pixels in `steps` moves. */
async function drag(from: readonly number[], dx: number, dy: number, steps = 8): Promise<void> {
  const [x, y] = await page.evaluate((p) => window.__contactkit!.project(p), from as number[]);
  const box = (await page.locator('#view').boundingBox())!;
  await page.mouse.move(box.x + x, box.y + y);
  await page.mouse.down();
  for (let step = 1; step <= steps; step++) {
    await page.mouse.move(box.x + x + (dx * step) / steps, box.y + y + (dy * step) / steps);
  }
  await page.mouse.up();
  await waitFrames(2);
}

/** Clicks (presses and releases without moving) at world point `at`. */
async function clickWorld(at: readonly number[]): Promise<void> {
  const [x, y] = await session.toPage(at);
  await page.mouse.click(x, y);
  await waitFrames(2);
}

// Software WebGL is slow: a page test takes a few seconds.
// Each wait inside a test is bounded (15 s); the test's budget leaves room for two page loads on
// a loaded CI machine, where SwiftShader can take seconds to draw a first frame.
describe('viewer in Chromium', { timeout: 60_000 }, () => {
  it('lists every scene in its menu, as links to ?scene=<id>', async () => {
    await open('scene=box-box-face');
    const links = await page.$$eval(
      '#scene-menu a',
      (anchors) => anchors.map((a) => a.getAttribute('href')),
    );
    expect(links).toEqual([...SCENES, ...PROGRAMS, ...SIMS].map((s) => `?scene=${s.id}`));
    expect(errors).toEqual([]);
  });

  it('shows a loading line before any module runs, gone at the first frame', async () => {
    // Hold every script until the page has painted: what a person sees while the modules load.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const continued: Promise<void>[] = [];
    await page.route(/\.js$/, (route) => {
      continued.push(held.then(() => route.continue()));
    });
    try {
      await page.goto(`${session.url}?scene=box-box-face`, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => performance.getEntriesByName('first-contentful-paint').length > 0,
        undefined,
        { timeout: 10_000 },
      );
      const before = await page.evaluate(() => {
        const loading = document.getElementById('loading')!;
        const box = loading.getBoundingClientRect();
        const style = getComputedStyle(loading);
        return {
          drawn: window.__contactkit !== undefined,
          text: document.body.innerText,
          loading: [box.width, box.height],
          fontSize: parseFloat(style.fontSize),
          color: style.color,
          background: getComputedStyle(document.documentElement).backgroundColor,
          panelWidth: document.getElementById('panel')!.getBoundingClientRect().width,
        };
      });
      expect(before.drawn).toBe(false);
      expect(before.text).toMatch(/contactkit viewer/);
      expect(before.text).toMatch(/Loading/);
      expect(before.loading[0]).toBeGreaterThan(0);
      expect(before.fontSize).toBeGreaterThanOrEqual(13);
      // Light text on the dark page, the panel in its place: not a blank white page.
      expect(before.background).toBe('rgb(21, 24, 29)');
      expect(before.color).toBe('rgb(207, 216, 227)');
      expect(before.panelWidth).toBeGreaterThanOrEqual(250);
    } finally {
      release();
      await Promise.all(continued);
      await page.unroute(/\.js$/);
    }
    await waitFrames(1);
    expect(await page.locator('#loading').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  for (const entry of SCENES) {
    it(`${entry.id}: no console errors, Node's contacts and test results, drawn where they are`, async () => {
      await open(`scene=${entry.id}`);
      const state = await page.evaluate(() => {
        const k = window.__contactkit!;
        return {
          scene: k.scene,
          selectedShape: k.selectedShape,
          contacts: k.contacts,
          minimumTranslation: k.minimumTranslation,
          intersections: k.intersections,
          probe: k.probe,
        };
      });
      expect(state.scene).toBe(entry.id);
      // No shape selected, so no 3D gizmo sits over the contacts' arrows.
      expect(state.selectedShape).toBe(-1);
      const expected = sceneResult(entry.id as SceneId);
      expectSameContacts(state.contacts, expected.contacts);
      expectSameTranslation(state.minimumTranslation, expected.minimumTranslation);
      expect(state.intersections).toEqual(
        expected.intersections.map((p) => p.map((v) => expect.closeTo(v, 9))),
      );
      expect(state.probe).toEqual(closeValues(expected.probe));

      const image = await screenshot(entry.id);
      // Not blank: the background colour leaves room for shapes and markers (the sparse segment
      // scenes draw on a few percent of the canvas), which add many colours.
      const stats = colorStatistics(image);
      expect(stats.dominantShare).toBeLessThan(0.97);
      expect(stats.distinct).toBeGreaterThan(40);
      const onScreen = await page.evaluate(
        (points) => points.map((p) => window.__contactkit!.project(p)),
        state.contacts.map((c) => c.point),
      );
      for (const [x, y] of onScreen) {
        // The marker (radius about 8 px on screen) is drawn unlit over everything: its exact colour
        // is within a few pixels of the projected point. Markers within 8 px of each other cover
        // one another (the tile floor's box corner at a seam touches two tiles): one of their
        // colours shows.
        const colors = state.contacts.filter((_, j) =>
          Math.hypot(onScreen[j]![0]! - x!, onScreen[j]![1]! - y!) <= 8
        ).map((c) => CONTACT_KIND_COLORS[c.kind as ContactKind]);
        expect(
          Math.min(...colors.map((color) => nearestColorDistance(image, x!, y!, color, 4))),
          `${entry.id}: kind colour at (${x!.toFixed(0)}, ${y!.toFixed(0)})`,
        ).toBeLessThan(40);
      }
      // Every label clear of every arrow (its own included) and of the other labels.
      const layout = await page.evaluate(() => window.__contactkit!.labelLayout());
      expect(layout.labels).toHaveLength(state.contacts.length);
      layout.labels.forEach(([lx, ly], i) => {
        for (const [ax, ay, bx, by] of layout.arrows) {
          expect(
            segmentDistance(lx!, ly!, ax!, ay!, bx!, by!),
            `${entry.id}: label ${i} on an arrow`,
          ).toBeGreaterThan(6);
        }
        for (const [ox, oy] of layout.labels.slice(0, i)) {
          expect(Math.hypot(lx! - ox!, ly! - oy!), `${entry.id}: label ${i} on another`)
            .toBeGreaterThan(10);
        }
      });
      for (const point of state.intersections) {
        const [x, y] = await page.evaluate((p) => window.__contactkit!.project(p), point);
        // A white ring (inner radius about 10 px) around each segment crossing.
        expect(
          nearestColorDistance(image, x, y, INTERSECTION_COLOR, 18),
          `${entry.id}: ring at (${x.toFixed(0)}, ${y.toFixed(0)})`,
        ).toBeLessThan(40);
      }
      expect(errors).toEqual([]);
    });
  }

  // Issue 22: on a phone the contact numbers were 6-8 px high and the tests' labels lay on the
  // contact or on the lines they name. At the desktop and the phone size, in every 2D scene:
  // every contact number at least 24 px high (its digit about 12 px), every text label 12 px
  // and clear of the shapes' outlines, the test's lines and points, the contact markers, arrows
  // and numbers, all worked out here in Node from the scene at the page's poses.
  for (const id of SCENE2_IDS) {
    it(`${id}: labels keep their size and clear the drawing at 1200x800 and 390x844`, async () => {
      for (const viewport of [{ width: 1200, height: 800 }, { width: 390, height: 844 }]) {
        const size = `${viewport.width}x${viewport.height}`;
        await page.setViewportSize(viewport);
        await open(`scene=${id}`);
        await waitFrames(2);
        const { poses, state } = await page.evaluate(() => ({
          poses: window.__contactkit!.poses,
          state: window.__contactkit!.state,
        }));
        const scene = createScene2(id);
        scene.shapes.forEach((shape, i) =>
          shape.setPose([poses[i]![0]!, poses[i]![1]!], poses[i]![2]!)
        );
        const project = async (points: number[][]): Promise<number[][]> =>
          page.evaluate((list) => list.map((p) => window.__contactkit!.project(p)), points);
        const segments: number[][] = [];
        const polyline = async (points: number[][], closed: boolean): Promise<void> => {
          const screen = await project(points);
          for (let i = 0; i < (closed ? screen.length : screen.length - 1); i++) {
            segments.push([...screen[i]!, ...screen[(i + 1) % screen.length]!]);
          }
        };
        for (const shape of scene.shapes) {
          if (shape instanceof Circle) {
            const { x, y } = shape.transform;
            await polyline(
              Array.from({ length: 90 }, (_, k) => [
                x + shape.radius * Math.cos((2 * Math.PI * k) / 90),
                y + shape.radius * Math.sin((2 * Math.PI * k) / 90),
              ]),
              true,
            );
          } else if (shape instanceof Capsule2) {
            const v = capsuleOutline(shape, 45);
            await polyline(
              Array.from({ length: v.length / 2 }, (_, k) => [v[2 * k]!, v[2 * k + 1]!]),
              true,
            );
          } else {
            const v = worldVertices(shape as Shape2 & { vertices: Float64Array; count: number; });
            await polyline(
              Array.from({ length: v.length / 2 }, (_, k) => [v[2 * k]!, v[2 * k + 1]!]),
              shape instanceof Polygon,
            );
          }
        }
        const discs: number[][] = [];
        const probe = scene.probe?.(scene, { point: state.point ?? [0, 0], choice: state.choice });
        for (const overlay of probe?.overlays ?? []) {
          if (overlay.type === 'line') await polyline([overlay.from, overlay.to], false);
          if (overlay.type === 'point') {
            const [centre, rim] = await project([overlay.at, [
              overlay.at[0] + (overlay.radius ?? 0.05),
              overlay.at[1],
            ]]);
            discs.push([centre![0]!, centre![1]!, rim![0]! - centre![0]!]);
          }
        }
        const layout = await page.evaluate(() => window.__contactkit!.labelLayout());
        for (const [x, y, height] of layout.labels) {
          expect(height, `${id} ${size}: contact number height`).toBeGreaterThanOrEqual(24);
          discs.push([x!, y!, 0.3 * height!]);
        }
        segments.push(...layout.arrows);
        const texts = await page.$$eval(
          '#labels .overlay-label:not([hidden])',
          (spans) =>
            spans.map((span) => {
              const box = span.getBoundingClientRect();
              const canvas = document.getElementById('view')!.getBoundingClientRect();
              return {
                text: span.textContent,
                box: [box.left - canvas.left, box.top - canvas.top, box.width, box.height],
                fontSize: parseFloat(getComputedStyle(span).fontSize),
              };
            }),
        );
        expect(texts.length, `${id} ${size}: text labels`).toBe(
          (probe?.overlays ?? []).filter((o) => o.type === 'text').length,
        );
        for (const { text, box, fontSize } of texts) {
          const [left, top, width, height] = box as [number, number, number, number];
          expect(fontSize, `${id} ${size}: "${text}" font size`).toBeGreaterThanOrEqual(12);
          const clearance = boxClearance(
            left + width / 2,
            top + height / 2,
            width / 2,
            height / 2,
            { segments, discs },
            [],
          );
          expect(clearance, `${id} ${size}: "${text}" clear of the drawing`).toBeGreaterThan(1);
        }
      }
      expect(errors).toEqual([]);
    });
  }

  it('the URL holds the whole state, and a given link is kept as it was', async () => {
    // Poses and a tolerance that need every digit: they come back bit for bit.
    const p0 = [-0.3 + 1e-13, 0.1 + 0.2, Math.PI / 9];
    const search = `?scene=sat-axes&tolerance=${0.1 + 0.2}&max=1&p0=${
      p0.join(',')
    }&axis=3&witnesses=1&labels=0`;
    await page.goto(session.url + search);
    await waitFrames(3);
    const k = await page.evaluate(() => ({
      state: window.__contactkit!.state,
      settings: window.__contactkit!.settings,
      search: location.search,
    }));
    expect(k.state.poses[0]).toEqual(p0);
    expect(k.state.tolerance).toBe(0.1 + 0.2);
    expect(k.settings).toEqual({ tolerance: 0.1 + 0.2, maxContactsPerPair: 1 });
    expect(k.state.choice).toBe(3);
    expect(k.state.witnesses).toBe(true);
    expect(k.state.labels).toBe(false);
    expect(await page.inputValue('#tolerance')).toBe(String(0.1 + 0.2));
    expect(await page.inputValue('#scene-choice')).toBe('3');
    expect(await page.isChecked('#show-witnesses')).toBe(true);
    // The page writes its state back as the same link.
    await page.waitForTimeout(300);
    await waitFrames(2);
    expect(await page.evaluate(() => location.search)).toBe(search);
    // What it shows is what Node computes for that state.
    const node = await nodeAtPagePoses('sat-axes', { tolerance: 0.1 + 0.2, maxContactsPerPair: 1 });
    expectSameContacts(await pageContacts(), node.contacts);
    expect(await page.evaluate(() => window.__contactkit!.probe)).toEqual(closeValues(node.probe));
    expect(errors).toEqual([]);
  });

  it('a 3D pose in the URL (position and quaternion) round-trips, and ?tolerance=0.3 alone works', async () => {
    const q = [0.1, 0.7, -0.2, Math.sqrt(1 - 0.01 - 0.49 - 0.04)];
    const search = `?scene=box-box-vertex&tolerance=0.3&p0=0.1,1.3,-0.05,${q.join(',')}`;
    await page.goto(session.url + search);
    await waitFrames(3);
    expect(await page.evaluate(() => window.__contactkit!.state.poses[0])).toEqual([
      0.1,
      1.3,
      -0.05,
      ...q,
    ]);
    const node = await nodeAtPagePoses('box-box-vertex', { tolerance: 0.3, maxContactsPerPair: 8 });
    expectSameContacts(await pageContacts(), node.contacts);
    await page.waitForTimeout(300);
    await waitFrames(2);
    expect(await page.evaluate(() => location.search)).toBe(search);

    await open('tolerance=0.3');
    expect(await page.evaluate(() => window.__contactkit!.settings.tolerance)).toBe(0.3);
    expect(errors).toEqual([]);
  });

  it('a refused setting or URL value is named; the field reverts to the value in force', async () => {
    await open('scene=box-box-face');
    await page.fill('#max-contacts', '4');
    await waitFrames(2);
    expectSameContacts(
      await pageContacts(),
      sceneContacts('box-box-face', { tolerance: 0, maxContactsPerPair: 4 }),
    );
    await page.fill('#max-contacts', '9');
    await waitFrames(1);
    expect(await page.textContent('#settings-error')).toMatch(/maxContactsPerPair/);
    await page.press('#max-contacts', 'Enter');
    expect(await page.inputValue('#max-contacts')).toBe('4');
    expect(await page.textContent('#settings-error')).toMatch(/kept 4/);
    expect(await page.evaluate(() => window.__contactkit!.settings.maxContactsPerPair)).toBe(4);
    await page.fill('#tolerance', '-1');
    await page.press('#tolerance', 'Enter');
    expect(await page.inputValue('#tolerance')).toBe('0');
    // A typed pose that is no number reverts too.
    await page.fill('#pose-0-1', '');
    await page.press('#pose-0-1', 'Enter');
    expect(await page.inputValue('#pose-0-1')).toBe('0.9');
    expect(await page.textContent('#pose-error')).toMatch(/NaN/);

    await open('scene=box-box-face&max=9');
    expect(await page.evaluate(() => window.__contactkit!.settings.maxContactsPerPair)).toBe(8);
    expect(await page.textContent('#panel')).toMatch(/max: .*maxContactsPerPair/);
    expect(errors).toEqual([]);
  });

  it('circle-circle: a typed pose moves the shape; Reset restores poses and settings', async () => {
    await open('scene=circle-circle');
    await page.fill('#pose-0-0', '-0.7');
    await page.fill('#pose-0-1', '0');
    await page.fill('#tolerance', '0.2');
    await waitFrames(2);
    expect(await page.evaluate(() => window.__contactkit!.state.poses[0])).toEqual([-0.7, 0, 0]);
    const node = await nodeAtPagePoses('circle-circle', { tolerance: 0.2, maxContactsPerPair: 8 });
    expectSameContacts(await pageContacts(), node.contacts);
    await page.click('#reset');
    await waitFrames(2);
    expect(await page.evaluate(() => window.__contactkit!.settings)).toEqual({
      tolerance: 0,
      maxContactsPerPair: 8,
    });
    expect(await page.inputValue('#tolerance')).toBe('0');
    expect(await page.evaluate(() => window.__contactkit!.state.poses[0])).toEqual([-0.6, 0.25, 0]);
    expectSameContacts(await pageContacts(), sceneContacts('circle-circle'));
    expect(errors).toEqual([]);
  });

  it('a speculative contact has its own colour, a penetrating one its kind colour', async () => {
    // Circles of radii 0.6 and 0.8, centres 1.5 apart: a gap of 0.1, within the tolerance 0.3.
    await open('scene=circle-circle&tolerance=0.3&p0=-0.9,0,0&p1=0.6,0,0&labels=0');
    const [contact] = await pageContacts();
    expect(contact!.penetration).toBeCloseTo(-0.1, 12);
    const [x, y] = await page.evaluate((p) => window.__contactkit!.project(p), contact!.point);
    const image = await screenshot('circle-circle-speculative');
    // The marker (drawn over its arrow's start) is SPECULATIVE_COLOR right at the point.
    expect(nearestColorDistance(image, x, y, SPECULATIVE_COLOR, 2)).toBeLessThan(30);
    expect(await page.textContent('#contacts')).toMatch(/speculative/);
    expect(await page.textContent('#live-caption')).toMatch(/1 speculative/);
    // Overlapping, the same pair's marker is its kind's colour and nothing near it is speculative.
    await open('scene=circle-circle&tolerance=0.3&labels=0');
    const [overlap] = await pageContacts();
    expect(overlap!.penetration).toBeGreaterThan(0);
    const [ox, oy] = await page.evaluate((p) => window.__contactkit!.project(p), overlap!.point);
    const overlapImage = await screenshot('circle-circle-overlap');
    expect(
      nearestColorDistance(
        overlapImage,
        ox,
        oy,
        CONTACT_KIND_COLORS[overlap!.kind as ContactKind],
        2,
      ),
    ).toBeLessThan(30);
    expect(nearestColorDistance(overlapImage, ox, oy, SPECULATIVE_COLOR, 12)).toBeGreaterThan(60);
    expect(errors).toEqual([]);
  });

  it('pointing at a contact names its kind and features and highlights them', async () => {
    await open('scene=circle-polygon');
    const [contact] = await pageContacts();
    const [x, y] = await page.evaluate((p) => window.__contactkit!.project(p), contact!.point);
    const box = (await page.locator('#view').boundingBox())!;
    await page.mouse.move(box.x + x + 2, box.y + y + 1);
    await waitFrames(2);
    expect(await page.textContent('#feature-text')).toBe(
      'Contact 0 (PointFace): the rim of the circle against vertex 1 of the polygon.',
    );
    expect(await page.getAttribute('#contacts tr.contact', 'class')).toMatch(/highlighted/);
    await page.mouse.move(box.x + 5, box.y + 5);
    await waitFrames(2);
    expect(await page.textContent('#feature-text')).toBe('');
    expect(errors).toEqual([]);
  });

  it("a click on a contact's row names it and keeps the tooltip", async () => {
    // 3D: the upper cube's lowest corner (-x, -y, -z: the corner VERTEX_DOWN turns straight down)
    // on the lower cube's top face.
    await open('scene=box-box-vertex');
    // Hovering the row highlights it in place: the row is not rebuilt under the pointer (a rebuilt
    // row detached the one being clicked, and the click was lost).
    const row = await page.$('#contacts tr.contact');
    await row!.hover();
    await waitFrames(2);
    expect(await row!.evaluate((r) => r.isConnected && r.classList.contains('highlighted'))).toBe(
      true,
    );
    await row!.click();
    await waitFrames(2);
    expect(await page.textContent('#feature-text')).toBe(
      'Contact 0 (PointFace): corner (-x, -y, -z) of the upper box against face +y of the lower box.',
    );
    expect(await page.isVisible('#tooltip')).toBe(true);
    expect(errors).toEqual([]);
  });

  it("shows the median time of the current pair's detector next to the contact count", async () => {
    await open('scene=polygons-convex');
    await page.waitForFunction(() => window.__contactkit!.timing !== null, undefined, {
      timeout: 10_000,
    });
    const timing = await page.evaluate(() => window.__contactkit!.timing!);
    // A detector call takes between a nanosecond and a millisecond.
    expect(timing).toBeGreaterThan(1e-6);
    expect(timing).toBeLessThan(1);
    expect(await page.textContent('#summary-line')).toMatch(
      /^2 contacts · [\d.]+ (ns|µs) per call \(median of 9 runs of \d+\)$/,
    );
    expect(errors).toEqual([]);
  });

  it('the hint says what turns: nothing in rectangles, all but the rectangle in rectangle-circle', async () => {
    await open('scene=rectangles');
    const hint = await page.textContent('#panel .hint');
    expect(hint).toMatch(/axis-aligned rectangles do not turn/);
    expect(hint).not.toMatch(/turns it/);
    await open('scene=rectangle-circle');
    expect(await page.textContent('#panel .hint')).toMatch(
      /turns it; the axis-aligned rectangle does not turn/,
    );
    await open('scene=circle-polygon');
    expect(await page.textContent('#panel .hint')).not.toMatch(/do(es)? not turn/);
    expect(errors).toEqual([]);
  });

  it('point-in-polygon: a click places the point under test', async () => {
    await open('scene=point-in-polygon');
    const [x, y] = await page.evaluate(() => window.__contactkit!.project([0.5, 0]));
    const box = (await page.locator('#view').boundingBox())!;
    await page.mouse.click(box.x + x, box.y + y);
    await waitFrames(2);
    const state = await page.evaluate(() => window.__contactkit!.state);
    expect(state.point![0]).toBeCloseTo(0.5, 1);
    expect(await page.evaluate(() => window.__contactkit!.probe)).toEqual({
      inside: false,
      winding: 0,
    });
    expect((await nodeAtPagePoses('point-in-polygon')).probe).toEqual({
      inside: false,
      winding: 0,
    });
    expect(errors).toEqual([]);
  });

  it('keeps the canvas at least 60% of the width from a phone to a small window', async () => {
    for (const viewport of [{ width: 390, height: 844 }, { width: 800, height: 600 }]) {
      await page.setViewportSize(viewport);
      await open('scene=box-box-face');
      const canvas = (await page.locator('#view').boundingBox())!;
      expect(canvas.width, `${viewport.width}x${viewport.height}`).toBeGreaterThanOrEqual(
        0.6 * viewport.width,
      );
      expect(canvas.height).toBeGreaterThan(300);
      expect(await page.isVisible('#contacts')).toBe(true);
    }
    // The panel folds away and the canvas takes the width.
    await page.click('#panel-toggle');
    await waitFrames(2);
    expect(await page.isVisible('#contacts')).toBe(false);
    expect((await page.locator('#view').boundingBox())!.width).toBeGreaterThan(0.8 * 800);
    writeFileSync(join(SCREENSHOT_DIR, 'page-box-box-face-collapsed.png'), await page.screenshot());
    expect(errors).toEqual([]);
  });

  it('sphere-sphere: dragging the gizmo centre moves the first sphere and changes the contacts', async () => {
    await open('scene=sphere-sphere');
    const before = await pageContacts();
    expect(before).toHaveLength(1);
    const centre = await page.evaluate(() => window.__contactkit!.shapes[0]!);
    // A click on the sphere puts the gizmo on it; the gizmo's centre handle moves the shape in
    // the view plane: 150 px to the left parts the spheres.
    await clickWorld(centre);
    expect(await page.evaluate(() => window.__contactkit!.selectedShape)).toBe(0);
    await drag(centre, -150, 0, 10);
    expect((await page.evaluate(() => window.__contactkit!.shapes[0]!))[0]).toBeLessThan(-0.7);
    const after = await pageContacts();
    expect(after).not.toEqual(before);
    // Node, with the shapes where the drag left them, agrees.
    expectSameContacts(after, (await nodeAtPagePoses('sphere-sphere')).contacts);
    expect(errors).toEqual([]);
  });

  it('box-box-vertex: turning the upper cube with the rotate gizmo changes the contacts', async () => {
    await open('scene=box-box-vertex');
    const before = await pageContacts();
    const posesBefore = await page.evaluate(() => window.__contactkit!.poses);
    expect(before).toHaveLength(1);
    // A click selects the upper cube; E switches the gizmo to rotate; its centre is a trackball
    // that turns the shape freely.
    await clickWorld(posesBefore[0]!.slice(12, 15));
    await page.keyboard.press('e');
    await drag(posesBefore[0]!.slice(12, 15), 48, 16);
    const poses = await page.evaluate(() => window.__contactkit!.poses);
    // The rotation part changed and the centre stayed.
    expect(poses[0]!.slice(0, 12)).not.toEqual(posesBefore[0]!.slice(0, 12));
    poses[0]!.slice(12, 15).forEach((v, i) => expect(v).toBeCloseTo(posesBefore[0]![12 + i]!, 9));
    const after = await pageContacts();
    expect(after).not.toEqual(before);
    expectSameContacts(after, (await nodeAtPagePoses('box-box-vertex')).contacts);
    expect(errors).toEqual([]);
  });

  it('circle-concave: dragging the circle out of the corner changes the contacts', async () => {
    await open('scene=circle-concave');
    const before = await pageContacts();
    expect(before).toHaveLength(2);
    // Up and to the left, away from both walls (about 0.5 world units each way).
    await drag(await page.evaluate(() => window.__contactkit!.shapes[0]!), -80, -80);
    const centre = await page.evaluate(() => window.__contactkit!.shapes[0]!);
    expect(centre[0]).toBeLessThan(0.8);
    expect(centre[1]).toBeGreaterThan(0.2);
    const after = await pageContacts();
    expect(after).not.toEqual(before);
    expectSameContacts(after, (await nodeAtPagePoses('circle-concave')).contacts);
    expect(errors).toEqual([]);
  });

  // Every shape the panel says can be moved: drag, Shift+drag and the wheel on the first two
  // shapes of every 2D scene, pressed where a person would press (inside a filled shape, on a
  // line), not only on the first shape (issue 22: the second filled shape ignored the pointer).
  for (const id of SCENE2_IDS) {
    it(`${id}: drag, Shift+drag and the wheel move and turn each of the first two shapes`, async () => {
      await open(`scene=${id}&labels=0`);
      const scene = createScene2(id);
      const pixelsPerUnit = await page.evaluate(() => {
        const [ax] = window.__contactkit!.project([0, 0]);
        const [bx] = window.__contactkit!.project([1, 0]);
        return bx! - ax!;
      });
      const bounds = await visibleWorld(20);
      /** Where to press on shape `index` now: the scene in Node follows the page's poses. */
      const grabNow = async (index: number): Promise<number[]> => {
        const poses = await page.evaluate(() => window.__contactkit!.poses);
        scene.shapes.forEach((shape, i) =>
          shape.setPose([poses[i]![0]!, poses[i]![1]!], poses[i]![2]!)
        );
        return grabPoint(scene, index, bounds);
      };
      const poses = () => page.evaluate(() => window.__contactkit!.poses);
      for (let index = 0; index < Math.min(2, scene.shapes.length); index++) {
        const turnable = isTurnable(scene.shapes[index]!);
        const before = await poses();
        // Moves by (40, -30) px: +40 / pixelsPerUnit in x, +30 / pixelsPerUnit in y (y points up).
        await drag(await grabNow(index), 40, -30);
        const moved = await poses();
        expect(moved[index]![0]! - before[index]![0]!, `${id}: shape ${index} dx`)
          .toBeCloseTo(40 / pixelsPerUnit, 2);
        expect(moved[index]![1]! - before[index]![1]!, `${id}: shape ${index} dy`)
          .toBeCloseTo(30 / pixelsPerUnit, 2);
        expect(moved[index]![2]).toBe(before[index]![2]);
        moved.forEach((pose, i) => {
          if (i !== index) expect(pose, `${id}: shape ${i} stays`).toEqual(before[i]);
        });
        // The wheel over the shape turns it by 0.002 rad per unit of deltaY (a rectangle of
        // overlapRectangles stays axis-aligned).
        const [x, y] = await session.toPage(await grabNow(index));
        await page.mouse.move(x, y);
        await page.mouse.wheel(0, 100);
        await waitFrames(2);
        const wheeled = await poses();
        expect(wheeled[index]![2], `${id}: shape ${index} wheel`)
          .toBeCloseTo(moved[index]![2]! - (turnable ? 0.2 : 0), 9);
        // Shift+drag turns it in place (a rectangle moves instead).
        await page.keyboard.down('Shift');
        await drag(await grabNow(index), 0, 40);
        await page.keyboard.up('Shift');
        const turned = await poses();
        if (turnable) {
          expect(turned[index]!.slice(0, 2)).toEqual(wheeled[index]!.slice(0, 2));
          expect(turned[index]![2], `${id}: shape ${index} Shift+drag`).not.toBe(
            wheeled[index]![2],
          );
        } else {
          expect(turned[index]![1]! - wheeled[index]![1]!).toBeCloseTo(-40 / pixelsPerUnit, 2);
        }
      }
      expectSameContacts(await pageContacts(), (await nodeAtPagePoses(id)).contacts);
      expect(errors).toEqual([]);
    });
  }

  it('3D: no gizmo until a shape is clicked; Reset brings back the camera and clears the selection', async () => {
    // (Every scene's own test checks that it opens with no shape selected.)
    await open('scene=sphere-sphere');
    const origin = await page.evaluate(() => window.__contactkit!.project([0, 0, 0]));
    const second = await page.evaluate(() => window.__contactkit!.shapes[1]!);
    await clickWorld(second);
    expect(await page.evaluate(() => window.__contactkit!.selectedShape)).toBe(1);
    // Orbit: a drag on the background (the top left corner of the canvas) turns the camera.
    const box = (await page.locator('#view').boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 40);
    await page.mouse.down();
    await page.mouse.move(box.x + 160, box.y + 70, { steps: 6 });
    await page.mouse.up();
    await waitFrames(2);
    const turned = await page.evaluate(() => window.__contactkit!.project([0, 0, 0]));
    expect(Math.hypot(turned[0]! - origin[0]!, turned[1]! - origin[1]!)).toBeGreaterThan(5);
    await page.click('#reset');
    await waitFrames(2);
    expect(await page.evaluate(() => window.__contactkit!.selectedShape)).toBe(-1);
    const back = await page.evaluate(() => window.__contactkit!.project([0, 0, 0]));
    expect(back[0]).toBeCloseTo(origin[0]!, 6);
    expect(back[1]).toBeCloseTo(origin[1]!, 6);
    expect(errors).toEqual([]);
  });

  it('box-half-space: the half-space hides a box sunk below its surface', async () => {
    // The box (half extents 0.6, 0.3, 0.4) upright with its centre 1 below the surface: all of it
    // is under y = 0, eight contacts, and from the camera above only the surface shows.
    await open('scene=box-half-space&labels=0&p0=0,-1,0,0,0,0,1');
    expect(await pageContacts()).toHaveLength(8);
    const [x, y] = await page.evaluate(() => window.__contactkit!.project([0, -1, 0]));
    // The surface's own colour, on the half-space's top well away from the box.
    const [rx, ry] = await page.evaluate(() => window.__contactkit!.project([-1.6, 0, 1.2]));
    const image = await screenshot('box-half-space-sunk');
    const surface = pixelAt(image, Math.round(rx!), Math.round(ry!));
    const hex = (surface[0]! << 16) | (surface[1]! << 8) | surface[2]!;
    // Within 3 px of the box's centre (the arrows of the contacts are thin): the surface only.
    expect(nearestColorDistance(image, x!, y!, hex, 3)).toBeLessThan(12);
    expect(errors).toEqual([]);
  });

  it('sphere-half-space: Animate lifts the sphere off (contacts vanish) and brings it back', async () => {
    await open('scene=sphere-half-space');
    await page.click('#animate');
    const counts: number[] = [];
    const penetrations: number[] = [];
    // The motion's period is 6 s: apart from about 1 s to 5 s, back in contact after that.
    // Sample by the clock for 7 s, however slow the frames are.
    const start = Date.now();
    while (Date.now() - start < 7000) {
      const contacts = await pageContacts();
      counts.push(contacts.length);
      if (contacts[0]) penetrations.push(contacts[0].penetration);
      await page.waitForTimeout(100);
    }
    expect(counts).toContain(0);
    expect(counts.indexOf(0)).toBeGreaterThan(0); // in contact first, then apart
    expect(counts.lastIndexOf(1)).toBeGreaterThan(counts.indexOf(0)); // and in contact again
    expect(new Set(penetrations.map((p) => p.toFixed(4))).size).toBeGreaterThan(2); // the contact moved
    expect(errors).toEqual([]);
  });
});
