/**
 * The pinball program in a real browser: the production build served by `vite preview` and driven
 * in headless Chromium (browser-support.ts), in a build folder of its own so that it can run beside
 * the other browser tests. It loads without console errors, the ball lies on the plunger, a drag
 * down on the table pulls the plunger and its release shoots the ball at the top speed, the ball
 * moves and its published state stays finite; holding Space pulls gradually. A shot from the
 * "Shoot at top speed" button is then run for 30 simulated seconds inside the page (its
 * `__contactkit.step` hook), and every centre is checked here against the table and obstacle
 * outlines the page publishes, with a point-segment distance of the test's own.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { browserSession } from './browser-support.js';
import {
  PLUNGER_MAX_SPEED,
  PinballSim,
  SPHERE_DRAG_COEFFICIENT,
  channelDragRate,
} from './programs/pinball-sim.js';

const session = browserSession({ buildFolder: 'pinball', viewport: { width: 960, height: 600 } });
const errors = session.errors;
let page: Page;
beforeAll(() => {
  page = session.page;
});

/** What programs/pinball.ts publishes, as far as the test reads it. */
interface PinballState {
  scene: string;
  frame: number;
  ball: { position: number[]; velocity: number[]; mode: string; energy: number; time: number; };
  counters: { collisions: number; cellsTestedPerFrame: number; shapesTestedPerFrame: number; };
  plunger: { pull: number; launchSpeed: number; lastShot: number; onPlunger: boolean; };
  visible: boolean;
}

function pinball(): Promise<PinballState> {
  return page.evaluate(() => {
    const { project: _project, step: _step, table: _table, names: _names, ...rest } =
      (window as unknown as {
        __contactkit: PinballState & {
          project: unknown;
          step: unknown;
          table: unknown;
          names: unknown;
        };
      }).__contactkit;
    return rest;
  });
}

/** The table's geometry the page publishes (world metres, y up). */
interface TableGeometry {
  radius: number;
  outline: number[][];
  obstacles: Array<
    { kind: 'polygon'; name: string; outline: number[][]; } | {
      kind: 'circle';
      name: string;
      centre: number[];
      radius: number;
    }
  >;
}

type BallState = PinballState['ball'];

/** Distance from p to the segment ab: the closest point is a + t (b - a) with t clamped to [0, 1]. */
function segmentDistance(p: number[], a: number[], b: number[]): number {
  const ex = b[0]! - a[0]!, ey = b[1]! - a[1]!;
  const t = Math.min(
    1,
    Math.max(0, ((p[0]! - a[0]!) * ex + (p[1]! - a[1]!) * ey) / (ex * ex + ey * ey)),
  );
  return Math.hypot(p[0]! - (a[0]! + t * ex), p[1]! - (a[1]! + t * ey));
}

/** Whether the segments ab and pq cross: each one's ends lie on both sides of the other's line. */
function segmentsCross(a: number[], b: number[], p: number[], q: number[]): boolean {
  const side = (o: number[], u: number[], v: number[]) =>
    (u[0]! - o[0]!) * (v[1]! - o[1]!) - (u[1]! - o[1]!) * (v[0]! - o[0]!);
  return side(a, b, p) * side(a, b, q) < 0 && side(p, q, a) * side(p, q, b) < 0;
}

/** Distance from p to the closed outline through `points`. */
function outlineDistance(p: number[], points: number[][]): number {
  let best = Infinity;
  for (let i = 0; i < points.length; i++) {
    best = Math.min(best, segmentDistance(p, points[i]!, points[(i + 1) % points.length]!));
  }
  return best;
}

/** Whether p is inside the closed outline: an odd number of its edges cross the ray from p toward +x. */
function inside(p: number[], points: number[][]): boolean {
  let odd = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const a = points[i]!, b = points[j]!;
    if (
      a[1]! > p[1]! !== b[1]! > p[1]! &&
      p[0]! < a[0]! + ((p[1]! - a[1]!) * (b[0]! - a[0]!)) / (b[1]! - a[1]!)
    ) odd = !odd;
  }
  return odd;
}

/** Why the ball's centre p is not a legal place on `table`, or '' when it is. */
function violation(table: TableGeometry, p: number[]): string {
  const r = table.radius;
  if (!inside(p, table.outline)) return 'centre outside the table';
  const wall = outlineDistance(p, table.outline);
  if (wall < r - 1e-9) return `${wall} m from the outer wall`;
  for (const [i, o] of table.obstacles.entries()) {
    if (o.kind === 'polygon') {
      if (inside(p, o.outline)) return `centre inside obstacle ${i} (${o.name})`;
      const d = outlineDistance(p, o.outline);
      if (d < r - 1e-9) return `${d} m from obstacle ${i} (${o.name})`;
    } else {
      const d = Math.hypot(p[0]! - o.centre[0]!, p[1]! - o.centre[1]!) - o.radius;
      if (d < r - 1e-9) return `${d} m from bumper ${i}`;
    }
  }
  return '';
}

function finite(state: PinballState): boolean {
  const { ball, counters } = state;
  return [
    ...ball.position,
    ...ball.velocity,
    ball.energy,
    ball.time,
    counters.collisions,
    counters.cellsTestedPerFrame,
    counters.shapesTestedPerFrame,
  ].every(Number.isFinite);
}

describe('pinball in Chromium', { timeout: 60_000 }, () => {
  it('loads without console errors, the ball on the plunger, listed in the menu', async () => {
    await session.open(`scene=pinball`);
    const state = await pinball();
    expect(state.scene).toBe('pinball');
    expect(state.plunger.onPlunger).toBe(true);
    expect(state.ball.mode).toBe('ground');
    expect(finite(state)).toBe(true);
    const links = await page.$$eval(
      '#scene-menu a',
      (anchors) => anchors.map((a) => a.getAttribute('href')),
    );
    expect(links).toContain('?scene=pinball');
    expect(errors).toEqual([]);
  });

  it('a drag down pulls the plunger; let go, the ball leaves at top speed and moves, its state finite', async () => {
    const before = await pinball();
    const box = (await page.locator('#view').boundingBox())!;
    // Full pull is a drag of a quarter of the canvas's height (at least 80 px): 300 px is more.
    await page.mouse.move(box.x + box.width / 2, box.y + 100);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2, box.y + 400, { steps: 4 });
    const pulled = await pinball();
    expect(pulled.plunger.pull).toBe(1);
    expect(pulled.plunger.launchSpeed).toBe(PLUNGER_MAX_SPEED);
    await page.mouse.up();
    await page.waitForFunction(
      (y0) =>
        (window as unknown as { __contactkit: PinballState; }).__contactkit.ball.position[1]! >
          y0 + 0.2,
      before.ball.position[1]!,
      { timeout: 15_000 },
    );
    const after = await pinball();
    expect(after.plunger.lastShot).toBe(PLUNGER_MAX_SPEED);
    expect(after.plunger.onPlunger).toBe(false);
    expect(after.ball.time).toBeGreaterThan(before.ball.time);
    expect(finite(after)).toBe(true);
    // The energy per unit mass after the shot is at most the launch's: v^2 / 2 + g y at the plunger.
    expect(after.ball.energy).toBeLessThanOrEqual(
      PLUNGER_MAX_SPEED ** 2 / 2 + before.ball.energy + 1e-9,
    );
    expect(errors).toEqual([]);
  });

  it('holding Space pulls the plunger, even after a button click; the release shoots at pull x top speed', async () => {
    await page.click('#return-ball');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: PinballState; }).__contactkit.plunger.onPlunger
    );
    // The button just clicked keeps the focus, as it does for a person: Space must pull the
    // plunger, not press the button again.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('return-ball');
    await page.keyboard.down('Space');
    await page.waitForFunction(
      () => (window as unknown as { __contactkit: PinballState; }).__contactkit.plunger.pull >= 0.3,
      undefined,
      { timeout: 15_000 },
    );
    const pulled = await pinball();
    expect(pulled.plunger.pull).toBeLessThan(1);
    expect(pulled.plunger.launchSpeed).toBeCloseTo(pulled.plunger.pull * PLUNGER_MAX_SPEED, 12);
    await page.keyboard.up('Space');
    await page.waitForFunction(
      () => !(window as unknown as { __contactkit: PinballState; }).__contactkit.plunger.onPlunger,
      undefined,
      { timeout: 15_000 },
    );
    const shot = await pinball();
    // Released a frame or two after the reading: between that pull's speed and the top speed.
    expect(shot.plunger.lastShot).toBeGreaterThanOrEqual(pulled.plunger.launchSpeed);
    expect(shot.plunger.lastShot).toBeLessThanOrEqual(PLUNGER_MAX_SPEED);
    expect(shot.plunger.pull).toBe(0);
    expect(finite(shot)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('"visible" shows outlines, cells and vectors; with it focused, \u2193 still pulls the plunger', async () => {
    await page.click('#return-ball');
    await page.check('#show-visible');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: PinballState; }).__contactkit.visible === true
    );
    const state = await pinball();
    expect(state.counters.cellsTestedPerFrame).toBeGreaterThan(0);
    expect(finite(state)).toBe(true);
    // The checkbox has the focus: the arrow key pulls, and Space leaves the box ticked.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('show-visible');
    await page.keyboard.down('ArrowDown');
    await page.waitForFunction(
      () => (window as unknown as { __contactkit: PinballState; }).__contactkit.plunger.pull > 0,
      undefined,
      { timeout: 15_000 },
    );
    await page.keyboard.up('ArrowDown');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#show-visible')).toBe(true);
    expect(errors).toEqual([]);
  });

  it("at 1200x800 and 390x844 the names of the table's parts are 12 px and clear of the outlines", async () => {
    for (const viewport of [{ width: 1200, height: 800 }, { width: 390, height: 844 }]) {
      await page.setViewportSize(viewport);
      await session.open(`scene=pinball`);
      const { names, outline } = await page.evaluate(() => {
        const kit = (window as unknown as {
          __contactkit: {
            names: { text: string; corners: number[][]; }[];
            table: TableGeometry;
            project(p: readonly number[]): number[];
          };
        }).__contactkit;
        return { names: kit.names, outline: kit.table.outline.map((p) => kit.project(p)) };
      });
      expect(names.map((n) => n.text)).toContain('return channel \u2192');
      for (const { text, corners } of names) {
        // 12 px high: the box's left side.
        expect(Math.hypot(corners[3]![0]! - corners[0]![0]!, corners[3]![1]! - corners[0]![1]!))
          .toBeCloseTo(12, 6);
        // Clear of the wall: no outline edge crosses the box or comes within 2 px of it. The box
        // is convex, so it is enough to check the corners against the outline's edges, the
        // outline's vertices inside the box, and edges crossing the box's sides.
        let clearance = Infinity;
        for (let i = 0; i < outline.length; i++) {
          const a = outline[i]!, b = outline[(i + 1) % outline.length]!;
          for (const corner of corners) {
            clearance = Math.min(clearance, segmentDistance(corner, a, b));
          }
          for (let k = 0; k < 4; k++) {
            const p = corners[k]!, q = corners[(k + 1) % 4]!;
            clearance = Math.min(clearance, segmentDistance(a, p, q), segmentDistance(b, p, q));
            if (segmentsCross(a, b, p, q)) clearance = 0;
          }
        }
        expect(clearance, `${viewport.width}x${viewport.height}: "${text}"`).toBeGreaterThan(2);
      }
    }
    await page.setViewportSize({ width: 960, height: 600 });
    expect(errors).toEqual([]);
  });

  it('a top-speed shot, 30 s in the page: the centre stays on the table, a radius off each outline', async () => {
    // One synchronous evaluation: no animation frame steps the ball between the click and the run.
    const { table, states } = await page.evaluate((frames) => {
      const kit = (window as unknown as {
        __contactkit: { table: TableGeometry; step: (n: number) => BallState[]; };
      }).__contactkit;
      (document.querySelector('#shoot') as HTMLButtonElement).click();
      return { table: kit.table, states: kit.step(frames) };
    }, 30 * 60);
    expect(states).toHaveLength(1800);
    expect(table.obstacles.length).toBeGreaterThanOrEqual(30);
    expect(table.outline.length).toBeGreaterThan(200);
    // The first frame: straight up the lane at 3.2 m/s less one frame of gravity along the table, 9.81 sin 6.5 deg.
    expect(states[0]!.velocity[0]).toBe(0);
    expect(states[0]!.velocity[1]).toBeCloseTo(
      PLUNGER_MAX_SPEED - (9.81 * Math.sin((6.5 * Math.PI) / 180)) / 60,
      12,
    );
    // The test's own check is not blind: a centre inside a bumper, on a wall, and outside fail it.
    const bumper = table.obstacles.find((o) => o.kind === 'circle')!;
    expect(violation(table, bumper.centre)).toMatch(/bumper/);
    expect(violation(table, [0.005, 0.5])).toMatch(/outer wall/);
    expect(violation(table, [-0.05, 0.5])).toBe('centre outside the table');
    const problems: string[] = [];
    let maxHeight = -Infinity;
    for (const [frame, s] of states.entries()) {
      if (![...s.position, ...s.velocity, s.energy, s.time].every(Number.isFinite)) {
        problems.push(`frame ${frame}: state not finite`);
      }
      const why = violation(table, s.position);
      if (why) problems.push(`frame ${frame} at [${s.position.join(', ')}]: ${why}`);
      maxHeight = Math.max(maxHeight, s.position[1]!);
    }
    expect(problems.slice(0, 5)).toEqual([]);
    // It went round the upper semicircle into the field of obstacles (rows from 0.34 m to 0.72 m up).
    expect(maxHeight).toBeGreaterThan(1.0);
    expect(states.at(-1)!.time - states[0]!.time).toBeCloseTo(1799 / 60, 9);
    const after = await pinball();
    expect(after.plunger.lastShot).toBe(PLUNGER_MAX_SPEED);
    expect(errors).toEqual([]);
  });

  it("air drag in the launch channel: the ball rises as Node's PinballSim with c_w 0.47 moves it", async () => {
    await session.open(`scene=pinball`);
    await page.check('#channel-drag');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: { channelDragRate: number; }; }).__contactkit
        .channelDragRate > 0
    );
    const rate = await page.evaluate(() =>
      (window as unknown as { __contactkit: { channelDragRate: number; }; }).__contactkit
        .channelDragRate
    );
    expect(rate).toBe(channelDragRate(SPHERE_DRAG_COEFFICIENT));
    // Shoot and pause in one task (no frame runs between), then step the page's own simulation
    // and Node's from the same state.
    const states = await page.evaluate(() => {
      document.getElementById('shoot')!.click();
      document.getElementById('pause')!.click();
      return (window as unknown as {
        __contactkit: { step(n: number): Array<{ position: number[]; velocity: number[]; }>; };
      }).__contactkit.step(11);
    });
    const node = new PinballSim(undefined, { channelDrag: SPHERE_DRAG_COEFFICIENT });
    node.position.set(states[0]!.position);
    node.velocity.set(states[0]!.velocity);
    node.mode = 'flight';
    let slowed = 0;
    for (let i = 1; i < states.length; i++) {
      node.step(1 / 60);
      expect(node.position[1]).toBeCloseTo(states[i]!.position[1]!, 12);
      expect(node.velocity[1]).toBeCloseTo(states[i]!.velocity[1]!, 12);
      // Rising in the lane: gravity and drag, v' = (v - g dt) / (1 + k |v'| dt).
      const before = states[i - 1]!.velocity[1]!, after = states[i]!.velocity[1]!;
      const gravityOnly = before - node.gravity / 60;
      if (states[i]!.position[0]! > 0.516 && after > 0) {
        expect(after).toBeCloseTo(gravityOnly / (1 + rate * gravityOnly / 60), 12);
        slowed++;
      }
    }
    expect(slowed).toBeGreaterThan(5);
    expect(errors).toEqual([]);
  });
});
