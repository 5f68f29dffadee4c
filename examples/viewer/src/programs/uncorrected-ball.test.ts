import { describe, expect, it } from 'vitest';
import { UncorrectedBall } from './uncorrected-ball.js';

const options = { radius: 0.25, gravity: 9.81, inertia: 0.4, restitution: 0.5 };

describe('UncorrectedBall', () => {
  it('rolls exactly on one segment: a = g sin(beta) / (1 + k), W constant', () => {
    // A 45-degree slope down to the right, then flat: the ball let go at rest 1 m down the slope.
    const ball = new UncorrectedBall([[0, 3], [3, 0], [6, 0]], false, options);
    const s = Math.SQRT1_2;
    ball.launch([s + 0.25 * s, 3 - s + 0.25 * s], [0, 0]);
    expect(ball.segment).toBe(0);
    expect(ball.along).toBeCloseTo(1, 12);
    expect(ball.side).toBe(1);
    const w0 = ball.energy;
    ball.step(0.3);
    // along = 1 + a t^2 / 2 with a = 9.81 sin 45 / 1.4.
    expect(ball.along).toBeCloseTo(1 + 0.5 * (9.81 * s / 1.4) * 0.09, 12);
    expect(ball.energy).toBeCloseTo(w0, 9);
  });

  it('switches at the segment end, not at the limiter point: the centre jumps and W gains g r (1 - sin 45)', () => {
    // Into the concave corner (3, 0): the centre runs on to (3, 0) + r (1, 1) / sqrt 2, one radius
    // off the slope, then jumps to (3, 0) + r (0, 1) on the floor: up by r (1 - 1/sqrt 2).
    const ball = new UncorrectedBall([[0, 3], [3, 0], [6, 0]], false, options);
    const s = Math.SQRT1_2;
    ball.launch([s + 0.25 * s, 3 - s + 0.25 * s], [0, 0]);
    const w0 = ball.energy;
    let last = ball.position;
    // 3 sqrt 2 - 1 m down the slope at 9.81 sin 45 / 1.4 m/s^2 takes 1.14 s.
    for (let i = 0; i < 1200 && ball.segment === 0; i++) {
      last = ball.position;
      ball.step(1 / 600);
    }
    expect(ball.segment).toBe(1);
    // The last position on the slope had a foot at most one step short of the end: deep in the
    // floor's one-radius band (the limiter point is r tan(22.5 deg) = 0.104 m before the corner).
    expect(last[1]).toBeLessThan(0.25 * s + 0.02);
    expect(ball.energy - w0).toBeCloseTo(9.81 * 0.25 * (1 - s), 9);
    // The speed is kept through the switch: (1 + k) v^2 / 2 = g (drop of the foot: 3 - ...) at the corner.
    const drop = 3 - (3 - s);
    expect(0.5 * 1.4 * ball.speed ** 2).toBeGreaterThan(9.81 * drop);
  });

  it('bounces back at an open end with the restitution; a closed outline wraps round', () => {
    const ball = new UncorrectedBall([[0, 0], [2, 0]], false, options);
    ball.launch([1, 0.25], [3, 0]);
    ball.step(0.5);
    // 1 m to the end at 3 m/s (1/3 s), back at 1.5 m/s for 1/6 s: 0.25 m back.
    expect(ball.speed).toBeCloseTo(-1.5, 12);
    expect(ball.along).toBeCloseTo(2 - 0.25, 12);
    const square = new UncorrectedBall([[0, 0], [2, 0], [2, 2], [0, 2]], true, options);
    square.launch([1, -0.25], [-2, 0]);
    expect(square.side).toBe(-1);
    square.step(0.75);
    // Back past vertex 0 (after 0.5 s) onto the last segment, (0, 2) -> (0, 0), at its end, moving
    // up it at 2 m/s against g / 1.4 for 0.25 s.
    expect(square.segment).toBe(3);
    expect(square.along).toBeCloseTo(2 - 2 * 0.25 + 0.5 * (9.81 / 1.4) * 0.25 ** 2, 9);
  });
});
