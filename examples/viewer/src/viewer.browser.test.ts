/**
 * The viewer in a real browser: the production build served by `vite preview`, driven in
 * headless Chromium (Debian's package) through playwright-core. For every scene: no console
 * errors, the published contacts equal what the library computes in Node for the same scene,
 * the canvas is not blank and shows each contact's kind colour where the contact projects.
 * Scripted drags (3D gizmo and 2D shape) change the contact set; the settings inputs reach the
 * CollisionData; Animate makes contacts appear and vanish.
 *
 * Screenshots of every scene go to SCREENSHOT_DIR (examples/viewer/screenshots/).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { PreviewServer } from 'vite';
import { CONTACT_KIND_COLORS } from '@contactkit/three';
import type { ContactKind } from '@contactkit/math';
import { CollisionData } from '@contactkit/contacts3d';
import { CollisionData2 } from '@contactkit/collision2d';
import { SCENES, isScene2, sceneContacts, sceneResult } from './scenes.js';
import type { SceneId, SceneSettings } from './scenes.js';
import { collideScene3, createScene3 } from './scenes3d.js';
import { collideScene2, createScene2 } from './scenes2d.js';
import type { MinimumTranslation } from './scenes2d.js';
import { contactRecords } from './contact-records.js';
import type { ContactRecord } from './contact-records.js';
import { INTERSECTION_COLOR } from './view2d.js';
import { VIEWER_ROOT, buildAndServe, colorStatistics, decodePng, launchChromium, nearestColorDistance } from './browser-support.js';
import type { Pixels } from './browser-support.js';

export const SCREENSHOT_DIR = join(VIEWER_ROOT, 'screenshots');
const VIEWPORT = { width: 1180, height: 720 };

let server: PreviewServer | undefined;
let browser: Browser | undefined;
let baseUrl = '';

beforeAll(async () => {
  // Launch first: a missing Chromium fails at once with the install command in the message.
  browser = await launchChromium();
  ({ server, url: baseUrl } = await buildAndServe());
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface OpenScene {
  page: Page;
  errors: string[];
}

/** Opens a scene and waits until it has drawn a few frames. */
async function openScene(id: string): Promise<OpenScene> {
  const page = await browser!.newPage({ viewport: VIEWPORT, deviceScaleFactor: 1 });
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${baseUrl}?scene=${id}`);
  await waitFrames(page, 3);
  return { page, errors };
}

/** Waits until `n` more frames have been drawn. */
async function waitFrames(page: Page, n: number): Promise<void> {
  const start = await page.evaluate(() => window.__contactkit?.frame ?? 0);
  await page.waitForFunction((target) => (window.__contactkit?.frame ?? 0) >= target, start + n, { timeout: 15_000 });
}

function pageContacts(page: Page): Promise<ContactRecord[]> {
  return page.evaluate(() => window.__contactkit!.contacts);
}

function expectSameTranslation(actual: MinimumTranslation | null, expected: MinimumTranslation | null): void {
  if (expected === null) {
    expect(actual).toBeNull();
    return;
  }
  expect(actual!.overlapping).toBe(expected.overlapping);
  expect(actual!.depth).toBeCloseTo(expected.depth, 9);
  expect(actual!.normal).toEqual(expected.normal.map((v) => expect.closeTo(v, 9)));
}

/** Equal contact sets: same count, kinds and feature ids; numbers within 1e-9. */
function expectSameContacts(actual: readonly ContactRecord[], expected: readonly ContactRecord[]): void {
  expect(actual.map((c) => [c.kind, c.featureId])).toEqual(expected.map((c) => [c.kind, c.featureId]));
  actual.forEach((contact, i) => {
    const want = expected[i]!;
    expect(contact.penetration).toBeCloseTo(want.penetration, 9);
    expect(contact.point).toEqual(want.point.map((v) => expect.closeTo(v, 9)));
    expect(contact.normal).toEqual(want.normal.map((v) => expect.closeTo(v, 9)));
  });
}

/** The contacts Node computes for a scene with its shapes at the poses the page reports. */
async function nodeContactsAtPagePoses(page: Page, id: SceneId): Promise<ContactRecord[]> {
  const poses = await page.evaluate(() => window.__contactkit!.poses);
  if (isScene2(id)) {
    const scene = createScene2(id);
    scene.shapes.forEach((shape, i) => shape.setPose([poses[i]![0]!, poses[i]![1]!], poses[i]![2]!));
    const data = new CollisionData2({ capacity: 64 });
    collideScene2(scene, data);
    return contactRecords(data);
  }
  const scene = createScene3(id);
  scene.first.setTransform(poses[0]!);
  scene.second.setTransform(poses[1]!);
  const data = new CollisionData({ capacity: 64 });
  collideScene3(scene, data);
  return contactRecords(data);
}

async function screenshot(page: Page, name: string): Promise<Pixels> {
  const png = await page.locator('#view').screenshot();
  writeFileSync(join(SCREENSHOT_DIR, `${name}.png`), png);
  return decodePng(png);
}

// Software WebGL is slow: a page test takes a few seconds.
describe('viewer in Chromium', { timeout: 30_000 }, () => {
  it('lists every scene in its menu, as links to ?scene=<id>', async () => {
    const { page, errors } = await openScene('box-box-face');
    const links = await page.$$eval('#scene-menu a', (anchors) => anchors.map((a) => a.getAttribute('href')));
    expect(links).toEqual(SCENES.map((s) => `?scene=${s.id}`));
    expect(errors).toEqual([]);
    await page.close();
  });

  for (const entry of SCENES) {
    it(`${entry.id}: no console errors, Node's contacts, drawn where they are`, async () => {
      const { page, errors } = await openScene(entry.id);
      const state = await page.evaluate(() => {
        const k = window.__contactkit!;
        return { scene: k.scene, contacts: k.contacts, minimumTranslation: k.minimumTranslation, intersections: k.intersections };
      });
      expect(state.scene).toBe(entry.id);
      const expected = sceneResult(entry.id as SceneId);
      if (entry.id !== 'segment-pair' && entry.id !== 'point-in-polygon') expect(expected.contacts.length).toBeGreaterThan(0);
      expectSameContacts(state.contacts, expected.contacts);
      expectSameTranslation(state.minimumTranslation, expected.minimumTranslation);
      expect(state.intersections).toEqual(expected.intersections.map((p) => p.map((v) => expect.closeTo(v, 9))));

      const image = await screenshot(page, entry.id);
      // Not blank: the background colour leaves room for shapes and markers (the sparse segments
      // scene draws on about 9% of the canvas), which add many colours.
      const stats = colorStatistics(image);
      expect(stats.dominantShare).toBeLessThan(0.96);
      expect(stats.distinct).toBeGreaterThan(40);
      for (const contact of state.contacts) {
        const [x, y] = await page.evaluate((point) => window.__contactkit!.project(point), contact.point);
        const color = CONTACT_KIND_COLORS[contact.kind as ContactKind];
        // The marker (radius about 8 px on screen) is drawn unlit over everything: its exact colour
        // is within a few pixels of the projected point.
        expect(nearestColorDistance(image, x, y, color, 4), `${entry.id}: kind colour at (${x.toFixed(0)}, ${y.toFixed(0)})`).toBeLessThan(40);
      }
      for (const point of state.intersections) {
        const [x, y] = await page.evaluate((p) => window.__contactkit!.project(p), point);
        // A white ring (inner radius about 10 px) around each segment crossing.
        expect(nearestColorDistance(image, x, y, INTERSECTION_COLOR, 18), `${entry.id}: ring at (${x.toFixed(0)}, ${y.toFixed(0)})`).toBeLessThan(40);
      }
      expect(errors).toEqual([]);
      await page.close();
    });
  }

  it('box-box-face: the settings inputs reach the CollisionData setters', async () => {
    const { page, errors } = await openScene('box-box-face');
    // The whole page once, panel included, for a person to look at.
    writeFileSync(join(SCREENSHOT_DIR, 'page-box-box-face.png'), await page.screenshot());
    await page.fill('#max-contacts', '4');
    await waitFrames(page, 2);
    const settings: SceneSettings = { tolerance: 0, maxContactsPerPair: 4 };
    expectSameContacts(await pageContacts(page), sceneContacts('box-box-face', settings));
    expect(await pageContacts(page)).toHaveLength(4);
    // An invalid value is refused by the setter and named in the panel; the last valid one stays.
    await page.fill('#max-contacts', '9');
    await waitFrames(page, 2);
    expect(await page.textContent('#settings-error')).toMatch(/maxContactsPerPair/);
    expect(await page.evaluate(() => window.__contactkit!.settings.maxContactsPerPair)).toBe(4);
    // A tolerance typed in reaches the buffer, and the page computes what Node computes with it.
    await page.fill('#max-contacts', '8');
    await page.fill('#tolerance', '0.5');
    await waitFrames(page, 2);
    expect(await page.evaluate(() => window.__contactkit!.settings.tolerance)).toBe(0.5);
    expectSameContacts(await pageContacts(page), sceneContacts('box-box-face', { tolerance: 0.5, maxContactsPerPair: 8 }));
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sphere-sphere: dragging the gizmo centre moves the first sphere and changes the contacts', async () => {
    const { page, errors } = await openScene('sphere-sphere');
    const before = await pageContacts(page);
    expect(before).toHaveLength(1);
    const [x, y] = await page.evaluate(() => window.__contactkit!.project(window.__contactkit!.shapes[0]!));
    const box = (await page.locator('#view').boundingBox())!;
    // The gizmo's centre handle moves the shape in the view plane: 150 px to the left parts the spheres.
    await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.down();
    for (let step = 1; step <= 10; step++) await page.mouse.move(box.x + x - 15 * step, box.y + y);
    await page.mouse.up();
    await waitFrames(page, 2);
    const after = await pageContacts(page);
    const centre = await page.evaluate(() => window.__contactkit!.shapes[0]!);
    expect(centre[0]).toBeLessThan(-0.7);
    expect(after).not.toEqual(before);
    // Node, with the shapes where the drag left them, agrees.
    expectSameContacts(after, await nodeContactsAtPagePoses(page, 'sphere-sphere'));
    await screenshot(page, 'sphere-sphere-dragged');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('box-box-vertex: turning the upper cube with the rotate gizmo changes the contacts', async () => {
    const { page, errors } = await openScene('box-box-vertex');
    const before = await pageContacts(page);
    const posesBefore = await page.evaluate(() => window.__contactkit!.poses);
    expect(before).toHaveLength(1);
    // E switches the gizmo to rotate; its centre is a trackball that turns the shape freely.
    await page.keyboard.press('e');
    const [x, y] = await page.evaluate(() => window.__contactkit!.project(window.__contactkit!.shapes[0]!));
    const box = (await page.locator('#view').boundingBox())!;
    await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + x + 6 * step, box.y + y + 2 * step);
    await page.mouse.up();
    await waitFrames(page, 2);
    const poses = await page.evaluate(() => window.__contactkit!.poses);
    // The rotation part changed and the centre stayed.
    expect(poses[0]!.slice(0, 12)).not.toEqual(posesBefore[0]!.slice(0, 12));
    poses[0]!.slice(12, 15).forEach((v, i) => expect(v).toBeCloseTo(posesBefore[0]![12 + i]!, 9));
    const after = await pageContacts(page);
    expect(after).not.toEqual(before);
    expectSameContacts(after, await nodeContactsAtPagePoses(page, 'box-box-vertex'));
    await screenshot(page, 'box-box-vertex-turned');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('circle-concave: dragging the circle out of the corner changes the contacts', async () => {
    const { page, errors } = await openScene('circle-concave');
    const before = await pageContacts(page);
    expect(before).toHaveLength(2);
    const [x, y] = await page.evaluate(() => window.__contactkit!.project(window.__contactkit!.shapes[0]!));
    const box = (await page.locator('#view').boundingBox())!;
    // Up and to the left, away from both walls (about 0.5 world units each way).
    await page.mouse.move(box.x + x, box.y + y);
    await page.mouse.down();
    for (let step = 1; step <= 8; step++) await page.mouse.move(box.x + x - 10 * step, box.y + y - 10 * step);
    await page.mouse.up();
    await waitFrames(page, 2);
    const after = await pageContacts(page);
    const centre = await page.evaluate(() => window.__contactkit!.shapes[0]!);
    expect(centre[0]).toBeLessThan(0.8);
    expect(centre[1]).toBeGreaterThan(0.2);
    expect(after).not.toEqual(before);
    expectSameContacts(after, await nodeContactsAtPagePoses(page, 'circle-concave'));
    await screenshot(page, 'circle-concave-dragged');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('sphere-half-space: Animate lifts the sphere off (contacts vanish) and brings it back', async () => {
    const { page, errors } = await openScene('sphere-half-space');
    await page.click('#animate');
    const counts: number[] = [];
    const penetrations: number[] = [];
    // The motion's period is 6 s: apart from about 1 s to 5 s, back in contact after that.
    // Sample by the clock for 7 s, however slow the frames are.
    const start = Date.now();
    while (Date.now() - start < 7000) {
      const contacts = await pageContacts(page);
      counts.push(contacts.length);
      if (contacts[0]) penetrations.push(contacts[0].penetration);
      await page.waitForTimeout(100);
    }
    expect(counts).toContain(0);
    expect(counts.indexOf(0)).toBeGreaterThan(0); // in contact first, then apart
    expect(counts.lastIndexOf(1)).toBeGreaterThan(counts.indexOf(0)); // and in contact again
    expect(new Set(penetrations.map((p) => p.toFixed(4))).size).toBeGreaterThan(2); // the contact moved
    expect(errors).toEqual([]);
    await page.close();
  });
});
