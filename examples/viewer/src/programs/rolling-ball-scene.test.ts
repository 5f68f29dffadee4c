import { describe, expect, it } from 'vitest';
import { ContourBall } from '@contactkit/motion2d';
import {
  BALL_RADIUS,
  DEFAULT_SETTINGS,
  FRAME,
  GRAVITY,
  NaiveBall,
  PROFILES,
  RollingBallScene,
  findProfile,
  onSegment,
} from './rolling-ball-scene.js';

/** Distance from point p to the segment a-b. */
function distance(p: readonly number[], a: readonly number[], b: readonly number[]): number {
  const sx = b[0]! - a[0]!, sy = b[1]! - a[1]!;
  const t = Math.min(
    1,
    Math.max(0, ((p[0]! - a[0]!) * sx + (p[1]! - a[1]!) * sy) / (sx * sx + sy * sy)),
  );
  return Math.hypot(p[0]! - a[0]! - t * sx, p[1]! - a[1]! - t * sy);
}

describe('rolling-ball profiles', () => {
  it('each start touches its profile (one radius from the nearest segment) and no point lies below y = 0', () => {
    for (const profile of PROFILES) {
      const pts = profile.points;
      let nearest = Infinity;
      for (let i = 0; i + 1 < pts.length; i++) {
        nearest = Math.min(nearest, distance(profile.start.position, pts[i]!, pts[i + 1]!));
      }
      expect(nearest, profile.id).toBeCloseTo(BALL_RADIUS, 12);
      expect(Math.min(...pts.map((p) => p[1]))).toBeGreaterThanOrEqual(0);
    }
  });

  it('onSegment: the centre r left of the segment; [0,0]-[2,0] at 0.5 is [0.5, r], [0,0]-[0,-2] at 1 [r, -1]', () => {
    expect(onSegment([[0, 0], [2, 0]], 0, 0.5, 3).position).toEqual([0.5, BALL_RADIUS]);
    expect(onSegment([[0, 0], [2, 0]], 0, 0.5, 3).velocity).toEqual([3, 0]);
    const down = onSegment([[0, 0], [0, -2]], 0, 1);
    expect(down.position[0]).toBeCloseTo(BALL_RADIUS, 15);
    expect(down.position[1]).toBeCloseTo(-1, 15);
  });

  it('each profile starts the exact ball as it says (rolling, on the start segment); 20 s with a finite state', () => {
    for (const profile of PROFILES) {
      const scene = new RollingBallScene(profile);
      expect(scene.ball.mode, profile.id).toBe('ground');
      for (let frame = 0; frame < 1200; frame++) scene.step();
      const state = scene.state;
      expect(state.time).toBeCloseTo(20, 9);
      for (
        const value of [...state.position, ...state.velocity, state.energy, scene.naive.energy]
      ) expect(Number.isFinite(value), profile.id).toBe(true);
    }
  });
});

describe('RollingBallScene', () => {
  it('valley without losses: the exact ball keeps W to 1e-9 for 20 s, as a lone ContourBall; the naive drifts', () => {
    const profile = findProfile('valley')!;
    const scene = new RollingBallScene(profile, { ...DEFAULT_SETTINGS, rollingFriction: 0 });
    const alone = new ContourBall(profile.points, {
      radius: BALL_RADIUS,
      gravity: GRAVITY,
      inertia: DEFAULT_SETTINGS.inertia,
      restitution: DEFAULT_SETTINGS.restitution,
    });
    alone.launch(profile.start.position, profile.start.velocity);
    const start = scene.ball.energy;
    let worstExact = 0, worstNaive = 0;
    for (let frame = 0; frame < 1200; frame++) {
      scene.step();
      worstExact = Math.max(worstExact, Math.abs(scene.ball.energy - start) / start);
      worstNaive = Math.max(worstNaive, Math.abs(scene.naive.energy - start) / start);
    }
    alone.advance(1200 * FRAME);
    expect(worstExact).toBeLessThan(1e-9);
    expect(
      Math.hypot(
        scene.ball.position[0]! - alone.position[0]!,
        scene.ball.position[1]! - alone.position[1]!,
      ),
    ).toBeLessThan(1e-9);
    // Let go on the slope, the ball goes to and fro through the bottom: it must have passed the
    // concave corner (x = 0) both ways, and the Euler ball lost or gained more than 0.1%.
    expect(worstNaive).toBeGreaterThan(1e-3);
    expect(scene.history.length).toBe(600);
    expect(scene.history.at(-1)!.exact).toBe(scene.ball.energy);
  });

  it("records transitions: each pass of the valley's bottom is at the wedged centre, r sqrt(1 + (2/4.5)^2) up", () => {
    const scene = new RollingBallScene(findProfile('valley')!, {
      ...DEFAULT_SETTINGS,
      rollingFriction: 0,
    });
    for (let frame = 0; frame < 300; frame++) scene.step();
    const limiters = scene.events.filter((e) => e.kind === 'limiter');
    // Let go at rest on the left slope: it passes the bottom, turns on the right slope, comes back.
    expect(limiters.length).toBeGreaterThanOrEqual(2);
    for (const event of limiters) {
      expect(event.position[0]).toBeCloseTo(0, 12);
      expect(event.position[1]).toBeCloseTo(0.5 + BALL_RADIUS * Math.hypot(1, 2 / 4.5), 12);
    }
    // Without friction the turn on the slope is no transition (the same uniform acceleration);
    // with friction it is (the friction changes direction there).
    expect(scene.events.every((e) => e.kind === 'limiter')).toBe(true);
    const rough = new RollingBallScene(findProfile('valley')!, {
      ...DEFAULT_SETTINGS,
      rollingFriction: 0.05,
    });
    for (let frame = 0; frame < 300; frame++) rough.step();
    expect(rough.events.map((e) => e.kind)).toEqual(['limiter', 'turn', 'limiter']);
    // The events are in time order and within the run.
    scene.events.forEach((e, i) =>
      expect(e.time).toBeGreaterThanOrEqual(i > 0 ? scene.events[i - 1]!.time : 0)
    );
    expect(scene.events.at(-1)!.time).toBeLessThanOrEqual(scene.ball.time);
  });

  it("a ball touching a segment shot into it rolls along it with the velocity's part along the segment", () => {
    const profile = findProfile('ramp-jump-table')!;
    const scene = new RollingBallScene(profile);
    // Segment 5 is the floor from (-1.2, 0) to (1.5, 0).
    const start = onSegment(profile.points, 5, 1);
    scene.shoot(start.position, [2, -3]);
    expect(scene.ball.mode).toBe('ground');
    expect(Array.from(scene.ball.velocity)).toEqual([2, 0]);
    expect(scene.launched.velocity).toEqual([2, 0]);
    // Shot up and away from it, it flies.
    scene.shoot(start.position, [2, 3]);
    expect(scene.ball.mode).toBe('flight');
  });

  it('stepping by events ends each frame where whole frames do (W-profile with corners and impacts; 1e-9, 5 s)', () => {
    const profile = findProfile('w-profile')!;
    const frames = new RollingBallScene(profile);
    const events = new RollingBallScene(profile);
    for (let i = 0; i < 300; i++) frames.step();
    let calls = 0, partial = 0;
    while (events.frames < 300) {
      const before = events.frames;
      const used = events.stepToEvent();
      expect(used).toBeGreaterThanOrEqual(0);
      expect(used).toBeLessThanOrEqual(FRAME);
      if (events.frames === before) partial++;
      calls++;
    }
    // Some frames held transitions: the event steps stopped inside them.
    expect(partial).toBeGreaterThan(3);
    expect(calls).toBe(300 + partial);
    expect(events.ball.time).toBeCloseTo(frames.ball.time, 12);
    expect(
      Math.hypot(
        events.ball.position[0]! - frames.ball.position[0]!,
        events.ball.position[1]! - frames.ball.position[1]!,
      ),
    ).toBeLessThan(1e-9);
    expect(Math.abs(events.ball.energy - frames.ball.energy)).toBeLessThan(
      1e-9 * frames.ball.energy,
    );
    // The naive ball moves only at the frames' ends: the same steps, the same state.
    expect(events.naive.position).toEqual(frames.naive.position);
  });

  it('the naive ball takes naiveSteps Euler steps per frame: in free flight it gains g^2 h^2 / (2 n) per frame', () => {
    const profile = findProfile('valley')!;
    const scene = new RollingBallScene(profile, DEFAULT_SETTINGS, 16);
    scene.shoot([0, 20], [0, 0]);
    const start = scene.naive.energy;
    for (let i = 0; i < 10; i++) scene.step();
    expect(scene.naive.mode).toBe('flight');
    expect(scene.naive.time).toBeCloseTo(10 * FRAME, 12);
    expect(scene.naive.energy - start).toBeCloseTo(
      (10 * GRAVITY * GRAVITY * FRAME * FRAME) / 32,
      10,
    );
    expect(() => new RollingBallScene(profile, DEFAULT_SETTINGS, 0)).toThrow(
      /naiveSteps must be a whole number >= 1, got 0/,
    );
  });

  it('a shot overlapping the profile is refused and changes nothing', () => {
    const scene = new RollingBallScene(PROFILES[0]!);
    scene.step();
    const before = scene.state;
    expect(() => scene.shoot([0, 0.5], [1, 0])).toThrow(RangeError);
    expect(scene.state).toEqual(before);
    expect(scene.frames).toBe(1);
  });
});

describe('NaiveBall', () => {
  it('in free flight explicit Euler gains exactly g^2 h^2 / 2 per step (E_n+1 = E_n + g^2 h^2 / 2, by hand)', () => {
    const naive = new NaiveBall([[-1, 0], [1, 0]], DEFAULT_SETTINGS);
    naive.launch([0, 100], [1, 2]);
    const start = naive.energy;
    for (let i = 0; i < 10; i++) naive.step(FRAME);
    expect(naive.mode).toBe('flight');
    expect(naive.energy - start).toBeCloseTo((10 * GRAVITY * GRAVITY * FRAME * FRAME) / 2, 10);
    // x moves with constant velocity; y by the explicit sum sum_{n<10} (2 - g n h) h.
    expect(naive.position[0]).toBeCloseTo(10 * FRAME, 12);
    expect(naive.position[1]).toBeCloseTo(100 + 20 * FRAME - GRAVITY * FRAME * FRAME * 45, 12);
  });

  it('rolls on flat ground at constant speed; with rolling friction mu it slows by mu g / (1 + k) per s, stops', () => {
    const naive = new NaiveBall([[-100, 0], [100, 0]], DEFAULT_SETTINGS);
    naive.launch([0, BALL_RADIUS], [2, 0]);
    for (let i = 0; i < 60; i++) naive.step(FRAME);
    expect(naive.mode).toBe('ground');
    expect(naive.velocity[0]).toBeCloseTo(2, 12);
    expect(naive.velocity[1]).toBeCloseTo(0, 12);
    expect(naive.position[1]).toBeCloseTo(BALL_RADIUS, 12);
    // Rolling: spin = v / r, energy (1 + k) v^2 / 2 + g r.
    expect(naive.energy).toBeCloseTo(0.5 * 1.4 * 4 + GRAVITY * BALL_RADIUS, 10);

    const mu = 0.1, k = 0.4;
    const rough = new NaiveBall([[-100, 0], [100, 0]], {
      restitution: 0.5,
      rollingFriction: mu,
      inertia: k,
    });
    rough.launch([0, BALL_RADIUS], [2, 0]);
    rough.step(FRAME);
    expect(rough.velocity[0]).toBeCloseTo(2 - (mu * GRAVITY * FRAME) / (1 + k), 12);
    for (let i = 0; i < 600; i++) rough.step(FRAME);
    expect(rough.mode).toBe('rest');
    // It stops after about 2 (1 + k) / (mu g) = 2.85 s, near v^2 (1 + k) / (2 mu g) = 2.85 m.
    expect(rough.position[0]).toBeGreaterThan(2.8);
    expect(rough.position[0]).toBeLessThan(2.9);
  });

  it('dropped onto flat ground it is pushed back to one radius and rebounds with the restitution', () => {
    const naive = new NaiveBall([[-10, 0], [10, 0]], {
      restitution: 0.5,
      rollingFriction: 0,
      inertia: 0,
    });
    naive.launch([0, 1], [0, 0]);
    let frames = 0;
    while (naive.velocity[1]! <= 0 && frames < 100) {
      naive.step(FRAME);
      frames++;
    }
    expect(naive.position[1]).toBe(BALL_RADIUS);
    // The step that sank it in also set the velocity to -g h frames: reversed and halved.
    expect(naive.velocity[1]).toBeCloseTo(0.5 * GRAVITY * FRAME * frames, 12);
  });
});
