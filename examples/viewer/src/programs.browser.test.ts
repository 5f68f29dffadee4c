/**
 * The programs (digitiser, comet) in a real browser: the production build served by `vite
 * preview` and driven in headless Chromium (browser-support.ts). The build goes to a folder of its
 * own, so this file and viewer.browser.test.ts can run at the same time.
 *
 * Digitiser: a generated picture of an L is loaded through the file picker, traced, saved; the
 * downloaded contour file gives the L's exact area and centroid within the trace's corner cuts;
 * the mouse edits (delete, insert, drag, undo, close) and the live self-intersection check.
 * Comet: no console errors, the ball moves, the published state is finite, the contour drawn
 * over the picture is in register with the world's, a drag shoots the ball, and at an impact the
 * contact vectors are those of a touching contact.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { formatContour, normalizeContour, parseContour } from '@contactkit/collision2d';
import { browserSession } from './browser-support.js';
import { BALL_RADIUS } from './programs/comet-scene.js';
import { PolygonRaysScene } from './programs/polygon-rays-scene.js';

const session = browserSession({
  buildFolder: 'programs',
  viewport: { width: 1200, height: 800 },
  resetEachTest: true,
});
const errors = session.errors;
let page: Page;
beforeAll(() => {
  page = session.page;
});

// What the programs publish (programs/digitiser.ts and comet.ts), as far as the tests read it.
interface DigitiserState {
  scene: string;
  frame: number;
  image: { name: string; width: number; height: number; } | null;
  points: number[][];
  closed: boolean;
  intersections: number;
  area: number | null;
  centroid: number[] | null;
  saved: { text: string; fileName: string; } | null;
  message: string;
}
interface CometState {
  scene: string;
  frame: number;
  ball: { position: number[]; velocity: number[]; mode: string; energy: number; time: number; };
  contacts: unknown[];
  vectors: Array<
    {
      feature: string;
      index: number;
      start: number[];
      segment: number[];
      offset: number[];
      foot: number[];
      normal: number[];
      penetration: number;
    }
  >;
  touching: { kind: string; vertex: number; };
  impacts: number;
  paused: boolean;
  outline: number[][];
  outlineOnScreen: number[][];
  imageRect: number[];
}

const digitiser = (): Promise<DigitiserState> => session.state<DigitiserState>();
const comet = (): Promise<CometState> => session.state<CometState>();
/** Picture (digitiser) or world (comet) point -> page pixels. */
const { open, toPage, waitFrames } = session;

/** Opens the digitiser without a picture and loads the generated L (`lPicture`) into it. */
async function openWithL(): Promise<void> {
  await open('scene=digitiser&image=none');
  await page.setInputFiles('#image-file', {
    name: 'L.png',
    mimeType: 'image/png',
    buffer: lPicture(),
  });
  await page.waitForFunction(() =>
    (window as unknown as { __contactkit: DigitiserState; }).__contactkit.image?.name === 'L.png'
  );
}

/**
 * A white 120 x 90 picture with a black L of whole pixels: columns 20..59 of rows 10..79 and
 * columns 60..99 of rows 50..79. Area 40 * 70 + 40 * 30 = 4000 px^2; centroid
 * (2800 (40, 45) + 1200 (80, 65)) / 4000 = (52, 51).
 */
function lPicture(): Buffer {
  const png = new PNG({ width: 120, height: 90 });
  png.data.fill(255);
  for (let j = 0; j < 90; j++) {
    for (let i = 0; i < 120; i++) {
      const inL = (i >= 20 && i < 60 && j >= 10 && j < 80) ||
        (i >= 60 && i < 100 && j >= 50 && j < 80);
      if (inL) png.data.fill(0, 4 * (j * 120 + i), 4 * (j * 120 + i) + 3);
    }
  }
  return PNG.sync.write(png);
}

describe('digitiser in Chromium', { timeout: 60_000 }, () => {
  it('opens with the sample picture, without console errors, listed in the menu', async () => {
    await open('scene=digitiser');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: DigitiserState; }).__contactkit.image !== null
    );
    const state = await digitiser();
    expect(state.scene).toBe('digitiser');
    expect(state.image).toEqual({ name: 'comet.png', width: 640, height: 440 });
    expect(state.points).toEqual([]);
    const links = await page.$$eval(
      '#scene-menu a',
      (anchors) => anchors.map((a) => a.getAttribute('href')),
    );
    expect(links).toContain('?scene=digitiser');
    expect(links).toContain('?scene=comet');
    expect(errors).toEqual([]);
  });

  it('traces a generated L, saves it, and the downloaded file gives its exact area and centroid', async () => {
    await openWithL();
    await page.selectOption('#trace-mask', 'dark');
    await page.fill('#trace-threshold', '128');
    await page.selectOption('#trace-simplify', 'tolerance');
    await page.fill('#trace-amount', '0');
    await page.click('#trace-button');
    await waitFrames(2);
    let state = await digitiser();
    // Six sides with each corner cut by a diagonal (marching squares): 12 points, closed.
    expect(state.points).toHaveLength(12);
    expect(state.closed).toBe(true);
    expect(state.intersections).toBe(0);
    // The trace cuts 1/8 px^2 off each of the 5 convex corners and adds it at the concave one:
    // exactly 4000 - 4/8. Moving 3/4 px^2 by at most 100 px shifts the centroid by < 3/4 * 100 / 4000.
    expect(state.area).toBeCloseTo(4000 - 0.5, 9);
    expect(Math.abs(state.centroid![0]! - 52)).toBeLessThan(0.019);
    expect(Math.abs(state.centroid![1]! - 51)).toBeLessThan(0.019);

    const [download] = await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    expect(download.suggestedFilename()).toBe('L-contour.txt');
    const contour = parseContour(readFileSync((await download.path())!, 'utf8'));
    const image = contour.image!;
    expect(contour.closed).toBe(true);
    expect(image).toEqual({ width: 120, height: 90, size: 80, origin: [60, 45] });
    // Back to pixels: area * size^2, centroid * size + origin (normalised about the picture centre).
    expect(contour.area * image.size ** 2).toBeCloseTo(4000 - 0.5, 9);
    expect(Math.abs(contour.centroid[0] * image.size + image.origin[0] - 52)).toBeLessThan(0.019);
    expect(Math.abs(contour.centroid[1] * image.size + image.origin[1] - 51)).toBeLessThan(0.019);
    state = await digitiser();
    expect(state.saved!.fileName).toBe('L-contour.txt');
    expect(await page.locator('#saved').textContent()).toContain("Area A' = ");

    // The round trip: New, then open the saved file: the same points over the picture.
    const traced = state.points;
    await page.click('#new');
    await page.setInputFiles('#outline-file', (await download.path())!);
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: DigitiserState; }).__contactkit.points.length > 0
    );
    state = await digitiser();
    expect(state.closed).toBe(true);
    expect(state.points).toEqual(traced.map((p) => p.map((v) => expect.closeTo(v, 9))));
    expect(await page.locator('#saved').textContent()).toContain('Opened ');
    expect(errors).toEqual([]);
  });

  it("a picture dropped on the canvas loads; the square's handles move and size it", async () => {
    await open('scene=digitiser&image=none');
    const bytes = Array.from(lPicture());
    await page.evaluate((data) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(data)], 'dropped-L.png', { type: 'image/png' }));
      const stage = document.getElementById('stage')!;
      stage.dispatchEvent(
        new DragEvent('dragover', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
      stage.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }, bytes);
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: DigitiserState; }).__contactkit.image?.name ===
        'dropped-L.png'
    );
    const square = () =>
      page.evaluate(() =>
        (window as unknown as {
          __contactkit: { square: { x: number; y: number; size: number; }; };
        }).__contactkit.square
      );
    // It starts as the picture's largest dimension about its centre: 120 px, from (0, -15).
    expect(await square()).toEqual({ x: 0, y: -15, size: 120 });
    // The bottom-right handle to the L's corner (100, 80): the side is the smaller of the two
    // spans, min(100 - 0, 80 + 15) = 95 (to the pixel the mouse lands on).
    const [hx, hy] = await toPage([120, 105]);
    const [tx, ty] = await toPage([100, 80]);
    await page.mouse.move(hx, hy);
    await page.mouse.down();
    await page.mouse.move(tx, ty, { steps: 4 });
    await page.mouse.up();
    await waitFrames(2);
    const sized = await square();
    expect(sized.x).toBe(0);
    expect(sized.size).toBeCloseTo(95, 0);
    // The top-left handle moves the square without sizing it.
    const [ax, ay] = await toPage([0, -15]);
    const [bx, by] = await toPage([20, 10]);
    await page.mouse.move(ax, ay);
    await page.mouse.down();
    await page.mouse.move(bx, by, { steps: 4 });
    await page.mouse.up();
    await waitFrames(2);
    const moved = await square();
    expect(moved.x).toBeCloseTo(20, 0);
    expect(moved.y).toBeCloseTo(10, 0);
    expect(moved.size).toBe(sized.size);
    // Nothing was added to the outline by the handles.
    expect((await digitiser()).points).toEqual([]);

    // The wheel zooms about the pointer: the picture point under it stays put, the rest spreads.
    const [x0, y0] = await toPage([40, 40]);
    const spanBefore = (await toPage([80, 40]))[0] - x0;
    await page.mouse.move(x0, y0);
    await page.mouse.wheel(0, -400);
    await waitFrames(2);
    const [x1, y1] = await toPage([40, 40]);
    expect(Math.hypot(x1 - x0, y1 - y0)).toBeLessThan(1.5);
    expect((await toPage([80, 40]))[0] - x1).toBeGreaterThan(1.5 * spanBefore);
    // A click while zoomed lands on the picture point under the pointer.
    await page.mouse.click(x1, y1);
    await waitFrames(2);
    const [added] = (await digitiser()).points;
    expect(Math.hypot(added![0]! - 40, added![1]! - 40)).toBeLessThan(0.5);
    await page.click('#fit-view');
    await waitFrames(2);
    expect((await toPage([80, 40]))[0] - (await toPage([40, 40]))[0]).toBeCloseTo(spanBefore, 6);
    expect(errors).toEqual([]);
  });

  it('mouse edits: Shift+click deletes, a click on a line inserts, Save refuses a crossing, undo', async () => {
    await openWithL();
    await page.selectOption('#trace-mask', 'dark');
    await page.selectOption('#trace-simplify', 'count');
    await page.fill('#trace-amount', '6');
    await page.click('#trace-button');
    await waitFrames(2);
    const traced = (await digitiser()).points;
    expect(traced).toHaveLength(6);

    // Shift+click the first point: deleted.
    const [x0, y0] = await toPage(traced[0]!);
    await page.keyboard.down('Shift');
    await page.mouse.click(x0, y0);
    await page.keyboard.up('Shift');
    await waitFrames(2);
    expect((await digitiser()).points).toEqual(traced.slice(1));
    await page.click('#undo');
    await waitFrames(2);
    expect((await digitiser()).points).toEqual(traced);

    // A click in the middle of the segment from point 1 to point 2 inserts a point on it.
    const middle = [(traced[1]![0]! + traced[2]![0]!) / 2, (traced[1]![1]! + traced[2]![1]!) / 2];
    const [mx, my] = await toPage(middle);
    await page.mouse.click(mx, my);
    await waitFrames(2);
    const inserted = (await digitiser()).points;
    expect(inserted).toHaveLength(7);
    expect(inserted[2]![0]).toBeCloseTo(middle[0]!, 0);
    expect(inserted[2]![1]).toBeCloseTo(middle[1]!, 0);

    // Drag point 0 far across the L: the outline crosses itself; Save refuses and says why.
    const [ax, ay] = await toPage(inserted[0]!);
    const [bx, by] = await toPage([110, 85]);
    await page.mouse.move(ax, ay);
    await page.mouse.down();
    await page.mouse.move(bx, by, { steps: 5 });
    await page.mouse.up();
    await waitFrames(2);
    let state = await digitiser();
    expect(state.intersections).toBeGreaterThan(0);
    await page.click('#save');
    await waitFrames(2);
    state = await digitiser();
    expect(state.saved).toBeNull();
    expect(state.message).toMatch(/crosses itself/);
    expect(await page.locator('#validity').textContent()).toContain('crosses itself');
    // One undo takes the whole drag back.
    await page.keyboard.press('Control+z');
    await waitFrames(2);
    state = await digitiser();
    expect(state.points).toEqual(inserted);
    expect(state.intersections).toBe(0);

    // New, three clicks, Close: a triangle whose area the page computes from its points.
    await page.click('#new');
    for (const p of [[30, 20], [90, 20], [30, 70]]) {
      const [px, py] = await toPage(p);
      await page.mouse.click(px, py);
    }
    await page.click('#close');
    await waitFrames(2);
    state = await digitiser();
    expect(state.closed).toBe(true);
    const [p, q, r] = state.points as [number[], number[], number[]];
    const area = Math.abs((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!)) /
      2;
    expect(state.area).toBeCloseTo(area, 9);
    // The clicks land within a pixel of where they were aimed (60 x 50 / 2 = 1500 px^2).
    expect(Math.abs(area - 1500)).toBeLessThan(60);
    expect(errors).toEqual([]);
  });
});

/** Every cell of the comet's contact table ends inside the panel (none is cut off at its edge). */
async function expectTableInPanel(): Promise<void> {
  const { panelRight, cells } = await page.evaluate(() => {
    const panel = document.getElementById('panel')!;
    const right = panel.getBoundingClientRect().left + panel.clientWidth;
    return {
      panelRight: right,
      cells: [...document.querySelectorAll('#contact-vectors td, #contact-vectors th')].map((
        cell,
      ) => [cell.textContent, cell.getBoundingClientRect().right] as const),
    };
  });
  expect(cells.length).toBeGreaterThan(0);
  for (const [text, right] of cells) expect(right, `"${text}"`).toBeLessThanOrEqual(panelRight);
}

describe('comet in Chromium', { timeout: 60_000 }, () => {
  it('loads without console errors; the ball moves; its published state is finite', async () => {
    await open('scene=comet');
    const first = await comet();
    await waitFrames(20);
    const later = await comet();
    expect(later.scene).toBe('comet');
    expect(['flight', 'ground', 'corner', 'rest']).toContain(later.ball.mode);
    expect(later.ball.time).toBeGreaterThan(first.ball.time);
    expect(
      Math.hypot(
        later.ball.position[0]! - first.ball.position[0]!,
        later.ball.position[1]! - first.ball.position[1]!,
      ),
    ).toBeGreaterThan(0);
    for (
      const value of [
        ...later.ball.position,
        ...later.ball.velocity,
        later.ball.energy,
        later.ball.time,
      ]
    ) expect(Number.isFinite(value)).toBe(true);
    expect(errors).toEqual([]);
  });

  for (const viewport of [{ width: 1200, height: 800 }, { width: 390, height: 844 }]) {
    it(`${viewport.width}x${viewport.height}: the file's contour lies where the world's outline projects`, async () => {
      await page.setViewportSize(viewport);
      await open('scene=comet');
      const state = await comet();
      expect(state.outlineOnScreen).toHaveLength(state.outline.length);
      const projected = await page.evaluate(
        (outline) =>
          outline.map((p) =>
            (window as unknown as { __contactkit: { project(p: readonly number[]): number[]; }; })
              .__contactkit.project(p)
          ),
        state.outline,
      );
      state.outlineOnScreen.forEach((p, i) => {
        expect(p[0]).toBeCloseTo(projected[i]![0]!, 6);
        expect(p[1]).toBeCloseTo(projected[i]![1]!, 6);
      });
      // Inside the picture's rectangle.
      const [left, top, width, height] = state.imageRect as [number, number, number, number];
      for (const [x, y] of state.outlineOnScreen) {
        expect(x!).toBeGreaterThan(left);
        expect(x!).toBeLessThan(left + width);
        expect(y!).toBeGreaterThan(top);
        expect(y!).toBeLessThan(top + height);
      }
      await expectTableInPanel();
      expect(errors).toEqual([]);
    });
  }

  it("a drag shoots the ball with the arrow's velocity; stopped at the impact, the vectors touch", async () => {
    await open('scene=comet');
    await page.check('#show-vectors');
    await page.check('#stop-at-impact');
    // From the left of the picture straight right, at the height of the large lobe's centre.
    const from = [-3.8, -0.4];
    const [x0, y0] = await toPage(from);
    const [x1, y1] = await toPage([-3.8 + 1, -0.4]);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y1, { steps: 4 });
    await page.mouse.up();
    await waitFrames(1);
    const shot = await comet();
    // 1 m of drag at 1.5 per second: 1.5 m/s along +x (to the pixel the mouse lands on).
    expect(shot.ball.velocity[0]).toBeCloseTo(1.5, 1);
    expect(Math.abs(shot.ball.velocity[1]!)).toBeLessThan(0.05);
    await page.waitForFunction(
      () => (window as unknown as { __contactkit: CometState; }).__contactkit.paused,
      undefined,
      { timeout: 20_000 },
    );
    const state = await comet();
    expect(state.impacts).toBeGreaterThan(0);
    const touching = state.vectors.filter((v) => Math.abs(v.penetration) < 1e-6);
    expect(touching.length).toBeGreaterThan(0);
    expect(state.touching.kind).not.toBe('none');
    const c = state.ball.position;
    for (const v of touching) {
      // O = centre - P_i, and the centre is one radius out from the foot along the normal.
      expect(v.offset[0]).toBeCloseTo(c[0]! - v.start[0]!, 9);
      expect(c[0]! - (v.foot[0]! + v.normal[0]! * BALL_RADIUS)).toBeCloseTo(0, 6);
      expect(c[1]! - (v.foot[1]! + v.normal[1]! * BALL_RADIUS)).toBeCloseTo(0, 6);
    }
    expect(await page.locator('#touching').textContent()).toContain('Touching');
    await expectTableInPanel();
    await page.screenshot({ path: join(tmpdir(), 'comet-impact.png') });
    expect(errors).toEqual([]);
  });
});

/** A contour file's text of `points` in a 200 x 100 picture (y down), as the digitiser saves it. */
function contourFile(points: number[][], closed: boolean): string {
  return formatContour(
    normalizeContour(points, {
      closed,
      normalization: 'center',
      image: { width: 200, height: 100 },
    })
      .contour,
  );
}

/** The page's `loadContour(text)`: resolves, or rejects with the error it threw. */
function loadContour(text: string): Promise<void> {
  return page.evaluate((t) => {
    (window as unknown as { __contactkit: { loadContour(text: string): void; }; }).__contactkit
      .loadContour(t);
  }, text);
}

describe('your contour in every program', { timeout: 60_000 }, () => {
  it("comet: the digitiser's L in one click, then a dropped file, each becomes the body the ball meets", async () => {
    // What a person does: trace and save in the digitiser, then open the comet and take it.
    await openWithL();
    await page.selectOption('#trace-mask', 'dark');
    await page.click('#trace-button');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: DigitiserState; }).__contactkit.points.length > 0
    );
    await Promise.all([page.waitForEvent('download'), page.click('#save')]);
    await open('scene=comet');
    expect(await page.locator('#use-digitised').isDisabled()).toBe(false);
    await page.click('#use-digitised');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: { contourName: string; }; }).__contactkit
        .contourName === 'L-contour.txt'
    );
    // The starting shot meets the L: wait for the impact, not for a time.
    await page.waitForFunction(
      () => (window as unknown as { __contactkit: CometState; }).__contactkit.impacts > 0,
      undefined,
      { timeout: 20_000 },
    );
    let state = await comet();
    expect((state as unknown as { onPicture: boolean; }).onPicture).toBe(false);
    const xs = state.outline.map((p) => p[0]!);
    // The L's traced outline, 80 px wide and 70 high, is made 5 m across.
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(5, 9);
    expect(await page.locator('#contour-status').textContent()).toContain('L-contour.txt');

    // A square dropped on the picture replaces it.
    const square = contourFile([[50, 20], [110, 20], [110, 80], [50, 80]], true);
    await page.evaluate((text) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([text], 'square.txt', { type: 'text/plain' }));
      document.getElementById('stage')!.dispatchEvent(
        new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }),
      );
    }, square);
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: { contourName: string; }; }).__contactkit
        .contourName === 'square.txt'
    );
    state = await comet();
    expect(state.outline).toHaveLength(4);
    expect(state.outline.map((p) => p.map((v) => Math.abs(v)))).toEqual(
      Array(4).fill([expect.closeTo(2.5, 9), expect.closeTo(2.5, 9)]),
    );
    await page.waitForFunction(
      () => (window as unknown as { __contactkit: CometState; }).__contactkit.impacts > 0,
      undefined,
      { timeout: 20_000 },
    );
    await page.screenshot({ path: join(tmpdir(), 'comet-user-contour.png') });
    expect(errors).toEqual([]);
  });

  it('rolling ball: an open V picked as a file becomes the profile and the ball lands in it', async () => {
    await open('scene=rolling-ball');
    await page.setInputFiles('#contour-file', {
      name: 'v.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from(contourFile([[20, 20], [100, 80], [180, 20]], false)),
    });
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: { profile: string; }; }).__contactkit.profile === 'user'
    );
    await page.waitForFunction(
      () =>
        (window as unknown as { __contactkit: { events: Array<{ kind: string; }>; }; }).__contactkit
          .events.some((e) => e.kind === 'impact'),
      undefined,
      { timeout: 20_000 },
    );
    const state = await session.state<
      { points: number[][]; closed: boolean; ball: { position: number[]; }; }
    >();
    // The V, 12 m wide, its tip at the origin, turned y up: the tip is the lowest point.
    expect(state.closed).toBe(false);
    expect(state.points[1]![0]).toBeCloseTo(0, 9);
    expect(state.points[1]![1]).toBeCloseTo(0, 9);
    expect(state.points[0]![1]).toBeCloseTo(4.5, 9);
    expect(state.ball.position[1]).toBeGreaterThan(0);
    expect(await page.locator('#profile').inputValue()).toBe('user');
    expect(errors).toEqual([]);
  });

  it("pinball: loadContour places an L, a bad file throws the parser's error, a dropped ball meets it", async () => {
    await open('scene=pinball');
    const before = await session.state<{ obstacles: number; }>();
    await loadContour(
      contourFile([[50, 10], [70, 10], [70, 70], [130, 70], [130, 90], [50, 90]], true),
    );
    // The next frame publishes the new table.
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: { table: { obstacles: Array<{ name: string; }>; }; }; })
        .__contactkit.table.obstacles.at(-1)!.name === 'your contour'
    );
    let state = await session.state<
      { obstacles: number; table: { obstacles: Array<{ name: string; }>; }; }
    >();
    expect(state.table.obstacles.at(-1)!.name).toBe('your contour');
    expect(state.obstacles).toBeLessThanOrEqual(before.obstacles);
    const bad = 'contactkit-contour 2\nnot a number here\n';
    const parserMessage = (() => {
      try {
        parseContour(bad);
      } catch (caught) {
        return (caught as Error).message;
      }
      return 'none';
    })();
    await expect(loadContour(bad)).rejects.toThrow(parserMessage);
    expect(await page.locator('#contour-status').textContent()).toContain(parserMessage);
    // The L is still on the table: a rejected file changes nothing.
    state = await session.state();
    expect(state.table.obstacles.at(-1)!.name).toBe('your contour');
    await page.click('#drop-on-contour');
    await page.waitForFunction(
      () =>
        (window as unknown as { __contactkit: { lastImpact: unknown; }; }).__contactkit
          .lastImpact !== null,
      undefined,
      { timeout: 20_000 },
    );
    const impact = await session.state<{ lastImpact: { point: number[]; }; }>();
    // Dropped above the middle of the L's box, it meets the foot's top face, 2.5 cm above the
    // box's centre (0.55): the L is 14 cm, 80 picture pixels, and the face is 20 px above.
    expect(impact.lastImpact.point[1]).toBeCloseTo(0.55 - 0.035, 6);
    await page.screenshot({ path: join(tmpdir(), 'pinball-user-contour.png') });
    expect(errors).toEqual([]);
  });
});

interface RaysState {
  frame: number;
  poses: Array<{ position: number[]; angle: number; }>;
  rays: Array<{ point: number[]; normal: number[]; penetration: number; }>;
  separatingAxes: Array<{ point: number[]; normal: number[]; penetration: number; }>;
  trace: { reached: boolean; radii: number[]; active: number[][]; crossings: number; };
  handles: number[][];
}

describe('polygon-rays in Chromium', { timeout: 60_000 }, () => {
  it("a body dragged by its centroid and turned by its handle; both methods' contacts equal Node's", async () => {
    await open('scene=polygon-rays');
    let state = await session.state<RaysState>();
    expect(state.trace.reached).toBe(true);
    expect(state.rays.length).toBeGreaterThan(0);
    expect(state.separatingAxes.length).toBeGreaterThan(0);
    // Pull the lander 3 m to the right by its centroid: out of the nucleus's circle, nothing.
    const from = state.poses[1]!.position;
    const [x0, y0] = await toPage(from);
    const [x1, y1] = await toPage([from[0]! + 3, from[1]!]);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y1, { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: RaysState; }).__contactkit.rays.length === 0
    );
    state = await session.state<RaysState>();
    expect(state.poses[1]!.position[0]).toBeCloseTo(from[0]! + 3, 1);
    expect(state.separatingAxes).toEqual([]);
    // Back, and turned by its handle to point straight down (-pi/2).
    await page.mouse.move(x1, y1);
    await page.mouse.down();
    await page.mouse.move(x0, y0, { steps: 6 });
    await page.mouse.up();
    state = await session.state<RaysState>();
    const centre = state.poses[1]!.position;
    const [hx, hy] = await toPage(state.handles[1]!);
    const [dx, dy] = await toPage([centre[0]!, centre[1]! - 1.5]);
    await page.mouse.move(hx, hy);
    await page.mouse.down();
    await page.mouse.move(dx, dy, { steps: 6 });
    await page.mouse.up();
    await page.waitForFunction(() =>
      Math.abs(
        (window as unknown as { __contactkit: RaysState; }).__contactkit.poses[1]!.angle +
          Math.PI / 2,
      ) < 0.05
    );
    await waitFrames(1);
    state = await session.state<RaysState>();
    // Node's scene at the page's poses gives the same contacts by both methods.
    const scene = new PolygonRaysScene(
      parseContour(
        readFileSync(new URL('./programs/assets/comet-contour.txt', import.meta.url), 'utf8'),
      ),
    );
    for (const i of [0, 1] as const) {
      scene.setPose(i, state.poses[i]!.position, state.poses[i]!.angle);
    }
    const node = scene.evaluate();
    expect(state.rays.length).toBe(node.rays.length);
    expect(state.separatingAxes.length).toBe(node.separatingAxes.length);
    state.rays.forEach((c, i) => expect(c.penetration).toBeCloseTo(node.rays[i]!.penetration, 9));
    expect(state.trace.active[1]).toHaveLength(scene.bodies[1].count);
    await page.uncheck('#show-method');
    await page.waitForFunction(() =>
      !(window as unknown as { __contactkit: { showMethod: boolean; }; }).__contactkit.showMethod
    );
    expect(errors).toEqual([]);
  });
});

interface ProbeState {
  profile: string;
  centre: number[];
  contacts: Array<{ feature: string; index: number; beta: number; depth: number; }>;
  symbol: string;
  corner: string;
}

describe('contour-probe in Chromium', { timeout: 60_000 }, () => {
  it('the ball dragged into a concave corner gives two contacts (>), onto a convex one gives one (<)', async () => {
    await open('scene=contour-probe');
    await page.selectOption('#probe-profile', 'step');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: ProbeState; }).__contactkit.profile === 'step'
    );
    // Drag the ball into the corner of the riser x = -1 and the floor y = 0 (the Node test's case).
    const [x0, y0] = await toPage([-2, 2]);
    const [x1, y1] = await toPage([-0.8, 0.25]);
    await page.mouse.move(x0, y0);
    await page.mouse.down();
    await page.mouse.move(x1, y1, { steps: 8 });
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: ProbeState; }).__contactkit.corner === 'concave'
    );
    let state = await session.state<ProbeState>();
    expect(state.symbol).toBe('>');
    expect(state.contacts.map((c) => [c.index, Math.round(c.beta)])).toEqual([[1, 0], [2, 90]]);
    expect(await page.locator('#corner-symbol').textContent()).toContain('concave');
    // On over the convex corner (1, 1), from above left.
    const [x2, y2] = await toPage([0.8, 1.2]);
    await page.mouse.move(x2, y2, { steps: 8 });
    await page.mouse.up();
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: ProbeState; }).__contactkit.corner === 'convex'
    );
    state = await session.state<ProbeState>();
    expect(state.symbol).toBe('<');
    expect(state.contacts).toHaveLength(1);
    // The pointer lands on a whole pixel: beta near 135 degrees, dErr near 0.35 - 0.2 sqrt 2.
    expect(state.contacts[0]!.beta).toBeCloseTo(135, 0);
    expect(state.contacts[0]!.depth).toBeCloseTo(0.35 - 0.2 * Math.SQRT2, 1);
    expect(await page.locator('#probe-contacts').textContent()).toContain('corner 4');
    expect(errors).toEqual([]);
  });
});
