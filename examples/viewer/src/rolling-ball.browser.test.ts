/**
 * The rolling-ball program in a real browser: the production build served by `vite preview` and
 * driven in headless Chromium (browser-support.ts), in a build folder of its own so this file runs
 * beside the other browser tests. One browser, one page.
 *
 * It loads without console errors and is listed in the menu; the ball moves and the published
 * state is finite; on the loss-free valley the published energy stays constant to 1e-9 and the
 * ball is where a ContourBall run in Node with the same launch and frames puts it; pause stops
 * the time and a single step advances it by one frame; a drag from the ball throws it with the
 * arrow's velocity; the limiter ticks and corner sectors are drawn where the corners project.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ContourBall } from '@contactkit/motion2d';
import { browserSession, decodePng, nearestColorDistance } from './browser-support.js';
import { BALL_RADIUS, FRAME, GRAVITY, findProfile } from './programs/rolling-ball-scene.js';

const session = browserSession({
  buildFolder: 'rolling-ball',
  viewport: { width: 1200, height: 800 },
  resetEachTest: true,
});
const errors = session.errors;
let page: Page;
beforeAll(() => {
  page = session.page;
});

interface BallState {
  position: number[];
  velocity: number[];
  mode: string;
  energy: number;
  time: number;
}
/** What programs/rolling-ball.ts publishes, as far as the tests read it. */
interface RollingBallState {
  scene: string;
  frame: number;
  ball: BallState;
  naive: BallState & { lost: boolean; };
  profile: string;
  points: number[][];
  settings: { restitution: number; rollingFriction: number; inertia: number; };
  launch: { position: number[]; velocity: number[]; };
  frames: number;
  intoFrame: number;
  frameTime: number;
  paused: boolean;
  message: string;
}

const state = (): Promise<RollingBallState> => session.state<RollingBallState>();
/** World point -> page pixels. */
const { toPage, waitFrames } = session;
const open = (query: string): Promise<void> => session.open(`scene=rolling-ball${query}`);
function finite(ball: BallState): boolean {
  return [...ball.position, ...ball.velocity, ball.energy, ball.time].every(Number.isFinite);
}

describe('rolling-ball in Chromium', { timeout: 60_000 }, () => {
  it('loads without console errors, listed in the menu; the ball moves and its published state is finite', async () => {
    await open('');
    const first = await state();
    await waitFrames(20);
    const later = await state();
    expect(later.scene).toBe('rolling-ball');
    expect(later.profile).toBe('valley');
    expect(later.ball.time).toBeGreaterThan(first.ball.time);
    expect(
      Math.hypot(
        later.ball.position[0]! - first.ball.position[0]!,
        later.ball.position[1]! - first.ball.position[1]!,
      ),
    ).toBeGreaterThan(1e-3);
    expect(finite(later.ball)).toBe(true);
    expect(finite(later.naive)).toBe(true);
    // Both balls are stepped by the same frames.
    expect(later.naive.time).toBeCloseTo(later.ball.time, 9);
    expect(later.ball.time).toBeCloseTo(later.frames * FRAME, 9);
    const links = await page.locator('#scene-menu a').evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('href'))
    );
    expect(links).toContain('?scene=rolling-ball');
    expect(await page.locator('#ball-caption').textContent()).toMatch(/^Exact: rolling/);
    expect(errors).toEqual([]);
  });

  it("valley without losses: W constant to 1e-9, and the ball where Node's ContourBall puts it", async () => {
    await open('&profile=valley&friction=0&inertia=0.4');
    const first = await state();
    await waitFrames(150);
    const later = await state();
    expect(later.frames - first.frames).toBeGreaterThan(100);
    expect(Math.abs(later.ball.energy - first.ball.energy) / first.ball.energy).toBeLessThan(1e-9);
    // The same launch and frames in Node.
    const profile = findProfile('valley')!;
    const ball = new ContourBall(profile.points, {
      radius: BALL_RADIUS,
      gravity: GRAVITY,
      restitution: later.settings.restitution,
      rollingFriction: 0,
      inertia: 0.4,
    });
    ball.launch(later.launch.position, later.launch.velocity);
    for (let i = 0; i < later.frames; i++) ball.advance(FRAME);
    expect(
      Math.hypot(
        ball.position[0]! - later.ball.position[0]!,
        ball.position[1]! - later.ball.position[1]!,
      ),
    ).toBeLessThan(1e-9);
    expect(Math.abs(ball.energy - later.ball.energy) / ball.energy).toBeLessThan(1e-12);
    expect(errors).toEqual([]);
  });

  it('pause stops the time; a single step advances it by one frame; Continue runs on', async () => {
    await open('&profile=w-profile');
    await page.click('#pause');
    const paused = await state();
    await waitFrames(10);
    const still = await state();
    expect(still.paused).toBe(true);
    expect(still.ball.time).toBe(paused.ball.time);
    expect(still.ball.position).toEqual(paused.ball.position);
    await page.click('#step');
    await waitFrames(2);
    const stepped = await state();
    expect(stepped.paused).toBe(true);
    expect(stepped.ball.time - still.ball.time).toBeCloseTo(FRAME, 12);
    expect(stepped.naive.time - still.naive.time).toBeCloseTo(FRAME, 12);
    expect(stepped.frames).toBe(still.frames + 1);
    // The arrow key steps too.
    await page.keyboard.press('ArrowRight');
    await waitFrames(2);
    const keyed = await state();
    expect(keyed.frames).toBe(still.frames + 2);
    // Next event: to the exact ball's next transition, within the frame.
    await page.click('#next-event');
    await waitFrames(2);
    const event = await state();
    const used = event.ball.time - keyed.ball.time;
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(FRAME * (1 + 1e-12));
    if (event.frames === keyed.frames) expect(event.intoFrame).toBeCloseTo(used, 12);
    else expect(event.frames).toBe(keyed.frames + 1);
    await page.click('#pause');
    await waitFrames(10);
    const running = await state();
    expect(running.paused).toBe(false);
    expect(running.ball.time).toBeGreaterThan(stepped.ball.time);
    expect(errors).toEqual([]);
  });

  it("a drag from the ball throws it from where it is with the arrow's velocity (3 m/s per metre)", async () => {
    await open('&profile=ramp-jump-table');
    await page.click('#pause');
    await waitFrames(2);
    const before = await state();
    const from = before.ball.position;
    // Pressed half a radius off the centre, still on the ball: the throw starts at the centre.
    const start = await toPage([from[0]! + 0.5 * BALL_RADIUS, from[1]!]);
    // Half a metre right and one up of the press, in pixels.
    const end = await toPage([from[0]! + 0.5 * BALL_RADIUS + 0.5, from[1]! + 1]);
    await page.mouse.move(start[0], start[1]);
    await page.mouse.down();
    await page.mouse.move((start[0] + end[0]) / 2, (start[1] + end[1]) / 2);
    await page.mouse.move(end[0], end[1]);
    await page.mouse.up();
    await waitFrames(2);
    const thrown = await state();
    expect(before.paused).toBe(true);
    expect(Math.hypot(thrown.launch.position[0]! - from[0]!, thrown.launch.position[1]! - from[1]!))
      .toBeLessThan(1e-12);
    expect(thrown.frames).toBe(0);
    expect(thrown.ball.mode).toBe('flight');
    // The mouse lands on whole pixels: one pixel is under 0.05 m at this size.
    expect(thrown.launch.velocity[0]).toBeCloseTo(1.5, 0);
    expect(thrown.launch.velocity[1]).toBeCloseTo(3, 0);
    // The naive ball starts there too (its push-out may move a touching ball by round-off).
    expect(
      Math.hypot(
        thrown.naive.position[0]! - thrown.launch.position[0]!,
        thrown.naive.position[1]! - thrown.launch.position[1]!,
      ),
    ).toBeLessThan(1e-12);
    await page.click('#step');
    await waitFrames(2);
    const flown = await state();
    // One frame of a parabola from the launch.
    const p0 = thrown.launch.position, v0 = thrown.launch.velocity;
    expect(flown.ball.position[0]).toBeCloseTo(p0[0]! + v0[0]! * FRAME, 9);
    expect(flown.ball.position[1]).toBeCloseTo(
      p0[1]! + v0[1]! * FRAME - 0.5 * GRAVITY * FRAME * FRAME,
      9,
    );
    expect(errors).toEqual([]);
  });

  it("the panel's profile and inertia start the balls from that profile's launch; the link keeps them", async () => {
    await open('');
    await page.selectOption('#profile', 'bowl');
    await page.selectOption('#inertia', '0');
    await waitFrames(2);
    const chosen = await state();
    expect(chosen.profile).toBe('bowl');
    expect(chosen.settings.inertia).toBe(0);
    const bowl = findProfile('bowl')!;
    // Changing the inertia starts again from the last launch: the bowl's. (The bowl's points
    // come from Math.cos and Math.sin, whose last bit the browser and Node may round apart.)
    const near = (a: readonly number[], b: readonly number[]) =>
      a.every((value, i) => Math.abs(value - b[i]!) < 1e-12);
    expect(near(chosen.launch.position, bowl.start.position)).toBe(true);
    expect(near(chosen.launch.velocity, bowl.start.velocity)).toBe(true);
    expect(chosen.points.length).toBe(bowl.points.length);
    expect(chosen.points.every((p, i) => near(p, bowl.points[i]!))).toBe(true);
    expect(await page.evaluate(() => location.search)).toBe(
      '?scene=rolling-ball&profile=bowl&inertia=0',
    );
    await page.reload();
    await page.waitForFunction(
      () =>
        ((window as unknown as { __contactkit?: { frame: number; }; }).__contactkit?.frame ?? 0) >
          2,
      undefined,
      { timeout: 15_000 },
    );
    const reloaded = await state();
    expect(reloaded.profile).toBe('bowl');
    expect(reloaded.settings.inertia).toBe(0);
    expect(await page.locator('#inertia').inputValue()).toBe('0');
    expect(errors).toEqual([]);
  });

  for (const viewport of [{ width: 1200, height: 800 }, { width: 390, height: 844 }]) {
    it(`${viewport.width}x${viewport.height}: limiter ticks and sectors drawn where the corners project`, async () => {
      await page.setViewportSize(viewport);
      await open('&profile=valley');
      await page.click('#pause');
      // Back at the launch (1.2 m down the left slope), trails and rings cleared: nothing covers the corners.
      await page.click('#restart');
      await waitFrames(2);
      expect((await state()).frames).toBe(0);
      // The page's pixels from its top (a click below the fold may have scrolled it).
      await page.evaluate(() => window.scrollTo(0, 0));
      const shot = await page.screenshot({
        path: join(tmpdir(), `rolling-ball-${viewport.width}.png`),
      });
      const image = decodePng(shot);
      // The bottom corner (0, 0.5) turns by 2 atan(2 / 4.5): its limiter points lie
      // r tan(atan(2 / 4.5)) = r 2 / 4.5 from it along the two slopes.
      const limiter = (BALL_RADIUS * 2) / 4.5, slope = Math.hypot(4.5, 2);
      const tick = await toPage([(-limiter * 4.5) / slope, 0.5 + (limiter * 2) / slope]);
      expect(nearestColorDistance(image, tick[0], tick[1], 0xffd166, 3)).toBeLessThan(60);
      // The convex shoulder (-4.5, 2.5): its sector lies above it, half a radius up.
      const sector = await toPage([-4.5, 2.5 + 0.5 * BALL_RADIUS]);
      expect(nearestColorDistance(image, sector[0], sector[1], 0x5aa9ff, 3)).toBeLessThan(90);
      expect(errors).toEqual([]);
    });
  }

  it('the uncorrected ghost: off by default, on by its toggle, over the valley by the segment switch', async () => {
    await open('&profile=valley');
    expect(await page.isChecked('#show-uncorrected')).toBe(false);
    expect(await page.locator('#uncorrected-caption').textContent()).toBe('');
    await page.check('#show-uncorrected');
    await page.click('#restart');
    // From rest 1.2 m down the left slope (segment 2) it passes the concave bottom onto segment 3.
    await page.waitForFunction(
      () =>
        (window as unknown as { __contactkit: { uncorrected: { segment: number; }; }; })
          .__contactkit
          .uncorrected.segment === 3,
      undefined,
      { timeout: 20_000 },
    );
    const published = await session.state<
      { uncorrected: BallState & { segment: number; }; showUncorrected: boolean; }
    >();
    expect(published.showUncorrected).toBe(true);
    // Its centre is one radius off segment 3, (0, 0.5) -> (4.5, 2.5), on the left.
    const [x, y] = published.uncorrected.position as [number, number];
    const length = Math.hypot(4.5, 2);
    expect((-(x - 0) * 2 + (y - 0.5) * 4.5) / length).toBeCloseTo(BALL_RADIUS, 9);
    expect(await page.locator('#uncorrected-caption').textContent()).toContain('no limiters');
    await page.uncheck('#show-uncorrected');
    await page.waitForFunction(() =>
      document.getElementById('uncorrected-caption')!.textContent === ''
    );
    expect(errors).toEqual([]);
  });

  it('a profile drawn on the page: New, three presses, Roll on it; the ball lands on what was drawn', async () => {
    await open('&profile=valley');
    await page.click('#draw-profile');
    await page.click('#profile-new');
    const corners = [[-4, 3], [0, 1], [4, 3]];
    for (const corner of corners) {
      const [x, y] = await toPage(corner);
      await page.mouse.click(x, y);
    }
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: { drawing: { points: number[][]; } | null; }; })
        .__contactkit.drawing?.points.length === 3
    );
    await page.click('#profile-done');
    await page.waitForFunction(() =>
      (window as unknown as { __contactkit: { profile: string; }; }).__contactkit.profile === 'user'
    );
    const published = await session.state<{ points: number[][]; drawing: unknown; }>();
    expect(published.drawing).toBeNull();
    // Where the mouse pressed, to a pixel (the valley's view: about 60 px a metre at 1200x800).
    published.points.forEach((p, i) => {
      expect(Math.abs(p[0]! - corners[i]![0]!)).toBeLessThan(0.05);
      expect(Math.abs(p[1]! - corners[i]![1]!)).toBeLessThan(0.05);
    });
    await page.waitForFunction(
      () =>
        (window as unknown as { __contactkit: { events: Array<{ kind: string; }>; }; }).__contactkit
          .events.some((e) => e.kind === 'impact'),
      undefined,
      { timeout: 20_000 },
    );
    expect(await page.isHidden('#profile-done')).toBe(true);
    expect(errors).toEqual([]);
  });
});
