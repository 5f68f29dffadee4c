import { describe, expect, it } from 'vitest';
import { ContourBall, type ContourBallOptions } from './contour-ball.js';

const g = 9.81;
const r = 0.25;

function relative(actual: number, expected: number, scale = Math.abs(expected)): number {
  return Math.abs(actual - expected) / Math.max(scale, 1e-300);
}

/** Runs `seconds` in frames of `frame` (the last one shortened to end exactly there). */
function run(ball: ContourBall, seconds: number, frame: number): void {
  const frames = Math.floor(seconds / frame + 1e-9);
  for (let k = 0; k < frames; k++) ball.advance(frame);
  const left = seconds - frames * frame;
  if (left > 0) ball.advance(left);
}

function state(ball: ContourBall): number[] {
  return [ball.position[0]!, ball.position[1]!, ball.velocity[0]!, ball.velocity[1]!];
}

/** Positions agree to `tolerance` of `size`, velocities to `tolerance` of `speed`. */
function expectSameState(
  a: number[],
  b: number[],
  tolerance: number,
  size: number,
  speed: number,
): void {
  for (let k = 0; k < 4; k++) {
    expect(Math.abs(a[k]! - b[k]!)).toBeLessThanOrEqual(tolerance * (k < 2 ? size : speed));
  }
}

/**
 * On segment from a to b, the centre of a ball of radius r touching it at distance s from a, on its
 * left.
 */
function onSegment(a: number[], b: number[], s: number, radius = r): [number, number] {
  const length = Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!);
  const ex = (b[0]! - a[0]!) / length, ey = (b[1]! - a[1]!) / length;
  return [a[0]! + s * ex - radius * ey, a[1]! + s * ey + radius * ex];
}

describe('ContourBall on segments', () => {
  it('rolls at constant speed on flat ground without friction', () => {
    const ball = new ContourBall([[-100, 0], [100, 0]], { radius: r });
    ball.launch([0, r], [2, 0]);
    expect(ball.mode).toBe('ground');
    run(ball, 3, 1 / 60);
    expect(ball.position[0]).toBeCloseTo(6, 12);
    expect(ball.position[1]).toBe(r);
    expect(ball.velocity[0]).toBe(2);
    expect(ball.velocity[1]).toBe(0);
    expect(ball.time).toBeCloseTo(3, 12);
  });

  for (const k of [0, 0.4]) {
    it(`follows s(t) = s0 + v0 t + a t^2 / 2 on an incline, a = g sin(beta) / (1 + k), k = ${k}`, () => {
      // Up a 30 degree slope from s0 = 2 at 3 m/s: it climbs, stops and rolls back down.
      const beta = Math.PI / 6, ex = Math.cos(beta), ey = Math.sin(beta);
      const ball = new ContourBall([[0, 0], [100 * ex, 100 * ey]], { radius: r, inertia: k });
      const s0 = 2, v0 = 3, a = (-g * ey) / (1 + k);
      ball.launch([s0 * ex - r * ey, s0 * ey + r * ex], [v0 * ex, v0 * ey]);
      for (const t of [0.1, 0.5, 1.2]) {
        ball.advance(t - ball.time);
        const s = s0 + v0 * t + 0.5 * a * t * t;
        expect(relative(ball.position[0]!, s * ex - r * ey)).toBeLessThanOrEqual(1e-12);
        expect(relative(ball.position[1]!, s * ey + r * ex)).toBeLessThanOrEqual(1e-12);
        expect(relative(ball.velocity[0]!, (v0 + a * t) * ex, v0)).toBeLessThanOrEqual(1e-12);
      }
    });
  }
});

// A V of two 45 degree arms meeting at the origin (a concave corner seen from above), and a W:
// two valleys at x = -3 and 3 (concave) around a low peak at (0, 1) (convex from above).
const V = [[-10, 10], [0, 0], [10, 10]];
const W = [[-6, 6], [-3, 0], [0, 1], [3, 0], [6, 6]];

function inV(options: Partial<ContourBallOptions> = {}): ContourBall {
  const ball = new ContourBall(V, { radius: r, ...options });
  // At rest on the left arm, 5 m along it from (-10, 10).
  ball.launch(onSegment(V[0]!, V[1]!, 5 * Math.SQRT2), [0, 0]);
  return ball;
}

function inW(height: number, options: Partial<ContourBallOptions> = {}): ContourBall {
  const ball = new ContourBall(W, { radius: r, ...options });
  // At rest on the left arm with the centre at `height`: the arm falls 2 per 1 across.
  const length = Math.hypot(3, 6), s = ((6 + r * (3 / length) - height) / 6) * length;
  ball.launch(onSegment(W[0]!, W[1]!, s), [0, 0]);
  return ball;
}

describe('ContourBall through corners', () => {
  it('goes on along the next segment at the limiter point of a concave corner, keeping its speed', () => {
    // 90 degrees: limiter r tan(45 degrees) = r; wedged between the arms the centre is at
    // (0, r sqrt(2)). From rest 5 sqrt(2) along the 10 sqrt(2) arm the ball rolls to the limiter,
    // 5 sqrt(2) - r, with a = g / sqrt(2).
    const ball = inV();
    const distance = 5 * Math.SQRT2 - r;
    const a = g / Math.SQRT2;
    expect(ball.advanceToEvent(10)).toBeCloseTo(Math.sqrt((2 * distance) / a), 12);
    expect(ball.segment).toBe(1);
    expect(ball.position[0]).toBeCloseTo(0, 12);
    expect(ball.position[1]).toBeCloseTo(r * Math.SQRT2, 12);
    const speed = Math.sqrt(2 * a * distance);
    expect(ball.velocity[0]).toBeCloseTo(speed / Math.SQRT2, 12);
    expect(ball.velocity[1]).toBeCloseTo(speed / Math.SQRT2, 12);
    const corner = ball.corners(1)[1]!;
    expect(corner.kind).toBe('concave');
    expect(corner.limiter).toBeCloseTo(r, 15);
    expect(Array.from(corner.limiterBefore!)).toEqual([
      expect.closeTo(-r / Math.SQRT2, 15),
      expect.closeTo(r / Math.SQRT2, 15),
    ]);
    expect(Array.from(corner.limiterAfter!)).toEqual([
      expect.closeTo(r / Math.SQRT2, 15),
      expect.closeTo(r / Math.SQRT2, 15),
    ]);
    expect(Array.from(corner.wedgedCentre!)).toEqual([
      expect.closeTo(0, 15),
      expect.closeTo(r * Math.SQRT2, 15),
    ]);
    // From below the same corner is convex: the centre turns from the first arm's lower normal
    // (-135 degrees) to the second's (-45 degrees).
    const below = ball.corners(-1)[1]!;
    expect(below.kind).toBe('convex');
    expect(below.sectorStart).toBeCloseTo((-3 * Math.PI) / 4, 15);
    expect(below.sectorEnd).toBeCloseTo(-Math.PI / 4, 15);
    expect(ball.corners(1)[0]!.kind).toBe('end');
  });

  for (const k of [0, 0.4]) {
    it(`rolls slowly over a convex corner in contact, in the time the energy integral gives (k = ${k})`, () => {
      // Flat to x = 0, then down 1 in 5. The centre turns about (0, 0) from theta = 90 degrees to
      // the slope's normal atan2(5, 1) with theta'^2 = W - 2 c sin(theta), c = g / ((1 + k) r);
      // the time on the corner is the integral of d(theta) / |theta'| (Simpson's rule here).
      const ball = new ContourBall([[-5, 0], [0, 0], [5, -1]], { radius: r, inertia: k });
      const v0 = 0.5;
      ball.launch([-1, r], [v0, 0]);
      ball.advance(2);
      expect(ball.mode).toBe('corner');
      const c = g / ((1 + k) * r), w = (v0 / r) ** 2 + 2 * c, exit = Math.atan2(5, 1);
      const n = 20_000, h = (Math.PI / 2 - exit) / n;
      let integral = 0;
      for (let m = 0; m <= n; m++) {
        const f = 1 / Math.sqrt(w - 2 * c * Math.sin(exit + m * h));
        integral += (m === 0 || m === n ? 1 : m % 2 === 1 ? 4 : 2) * f;
      }
      const cornerTime = (integral * h) / 3;
      const v1 = r * Math.sqrt(w - 2 * c * Math.sin(exit));
      const a = g / Math.sqrt(26) / (1 + k);
      const after = 0.7;
      ball.advance(cornerTime + after);
      expect(ball.mode).toBe('ground');
      const s = v1 * after + 0.5 * a * after * after;
      const [x, y] = onSegment([0, 0], [5, -1], s);
      expect(relative(ball.position[0]!, x, 5)).toBeLessThanOrEqual(1e-9);
      expect(relative(ball.position[1]!, y, 5)).toBeLessThanOrEqual(1e-9);
      expect(relative(Math.hypot(ball.velocity[0]!, ball.velocity[1]!), v1 + a * after, v1))
        .toBeLessThanOrEqual(1e-9);
    });
  }

  it('flies off a convex corner passed fast and lands where the parabola says', () => {
    // At 3 m/s the corner needs v^2 / r = 36 > g: the ball leaves at (0, r) with (3, 0). The
    // slope's line x + 5 y = 0 is at distance r from the centre (3 t, r - g t^2 / 2) when
    // (5 g / 2) t^2 - 3 t + r (sqrt(26) - 5) = 0; the larger root is where it comes down.
    const ball = new ContourBall([[-5, 0], [0, 0], [5, -1]], { radius: r });
    ball.launch([-1, r], [3, 0]);
    expect(ball.advanceToEvent(10)).toBeCloseTo(1 / 3, 14);
    expect(ball.mode).toBe('flight');
    const qa = 2.5 * g, qb = -3, qc = r * (Math.sqrt(26) - 5);
    const t = (-qb + Math.sqrt(qb * qb - 4 * qa * qc)) / (2 * qa);
    expect(ball.advanceToEvent(10)).toBeCloseTo(t, 12);
    expect(ball.position[0]).toBeCloseTo(3 * t, 12);
    expect(ball.position[1]).toBeCloseTo(r - 0.5 * g * t * t, 12);
    // Bounced: the normal part of (3, -g t) reversed and halved (restitution 0.5).
    const nx = 1 / Math.sqrt(26), ny = 5 / Math.sqrt(26);
    const vn = 3 * nx - g * t * ny;
    expect(ball.velocity[0]! * nx + ball.velocity[1]! * ny).toBeCloseTo(-0.5 * vn, 12);
    expect(ball.velocity[0]! * -ny + ball.velocity[1]! * nx).toBeCloseTo(3 * -ny - g * t * nx, 12);
  });

  it('rides up a vertical wall off a concave corner, flies up along it and falls back', () => {
    // 90 degree corner: the ball is redirected up the wall at 3 m/s; nothing presses it on a
    // vertical wall, so it flies straight up: apex 9 / (2 g) above the wedged centre (-r, r)
    // after 3 / g, back down to it after 6 / g.
    const ball = new ContourBall([[-5, 0], [0, 0], [0, 3]], { radius: r, restitution: 0.5 });
    ball.launch([-2, r], [3, 0]);
    const toCorner = (2 - r) / 3;
    ball.advance(toCorner + 3 / g);
    expect(ball.mode).toBe('flight');
    expect(ball.position[0]).toBe(-r);
    expect(ball.position[1]).toBeCloseTo(r + 9 / (2 * g), 12);
    expect(ball.velocity[1]).toBeCloseTo(0, 12);
    expect(ball.advanceToEvent(10)).toBeCloseTo(3 / g, 12);
    expect(ball.position[1]).toBeCloseTo(r, 12);
    expect(ball.velocity[1]).toBeCloseTo(1.5, 12);
  });

  it('moves the same on the right side of the contour as on the left', () => {
    // The V given right to left: the ball above it is on the right of its direction.
    const left = inV();
    const right = new ContourBall([...V].reverse(), { radius: r });
    right.launch(left.position, [0, 0]);
    expect(right.side).toBe(-1);
    left.advance(5);
    right.advance(5);
    expectSameState(state(right), state(left), 1e-12, 10, 10);
    expect(right.energy).toBeCloseTo(left.energy, 10);
  });

  it('wraps round a closed contour: a ball inside a box rolls into either wall', () => {
    // Inside the 4 by 3 box (counter-clockwise, inside on the left): from (0, r) at 1 m/s either
    // way, the wall's limiter (r, a right angle) is reached after 2 - r; then up the wall and
    // 1 / (2 g) up at 1 / g later. Leftward the corner is vertex 0, where the contour closes.
    for (const direction of [1, -1]) {
      const ball = new ContourBall([[-2, 0], [2, 0], [2, 3], [-2, 3]], { radius: r, closed: true });
      ball.launch([0, r], [direction, 0]);
      ball.advance(2 - r + 1 / g);
      expect(ball.mode).toBe('flight');
      expect(ball.position[0]).toBeCloseTo(direction * (2 - r), 12);
      expect(ball.position[1]).toBeCloseTo(r + 1 / (2 * g), 12);
    }
  });
});

describe('ContourBall energy and frames', () => {
  const cases: [string, () => ContourBall][] = [
    ['the V-valley', () => inV()],
    ['the W-profile, over the peak in contact', () => inW(1.3)],
    ['the W-profile with a solid ball (k = 0.4)', () => inW(1.3, { inertia: 0.4 })],
  ];
  for (const [name, make] of cases) {
    it(`keeps the energy of ${name} to 1e-9 over 60 s; frames of 1/60, 1/7 and 1 s end in one state`, () => {
      const ends: number[][] = [];
      for (const frame of [1 / 60, 1 / 7, 1]) {
        const ball = make();
        const start = ball.energy;
        let worst = 0;
        const modes = new Set<string>();
        const frames = Math.round(60 / frame);
        for (let k = 0; k < frames; k++) {
          ball.advance(k === frames - 1 ? 60 - (frames - 1) * frame : frame);
          worst = Math.max(worst, Math.abs(ball.energy - start));
          modes.add(ball.mode);
        }
        expect(worst / start).toBeLessThanOrEqual(1e-9);
        expect(modes.has('ground')).toBe(true);
        ends.push(state(ball));
      }
      expectSameState(ends[1]!, ends[0]!, 1e-9, 10, 10);
      expectSameState(ends[2]!, ends[0]!, 1e-9, 10, 10);
    });
  }

  it('keeps the energy when it flies over the W and bounces with both restitutions 1', () => {
    const ball = inW(4, { restitution: 1, tangentialRestitution: 1, landingSpeed: 0 });
    const start = ball.energy;
    const modes = new Set<string>();
    for (let k = 0; k < 3600; k++) {
      ball.advance(1 / 60);
      modes.add(ball.mode);
      expect(Math.abs(ball.energy - start) / start).toBeLessThanOrEqual(1e-9);
    }
    expect(modes.has('flight')).toBe(true);
  });

  it('gives the same state for one frame of dt as for two of dt / 2, through corners, flights and bounces', () => {
    for (
      const make of [
        () => inW(1.3, { inertia: 0.4 }),
        () => inW(4, { restitution: 0.8 }),
        () => inV({ rollingFriction: 0.1 }),
      ]
    ) {
      const whole = make(), halves = make();
      for (let k = 0; k < 300; k++) {
        const dt = 0.01 + 0.03 * ((k * 7) % 5);
        whole.advance(dt);
        halves.advance(dt / 2);
        halves.advance(dt / 2);
        expect(halves.mode).toBe(whole.mode);
        expectSameState(state(halves), state(whole), 1e-9, 10, 10);
      }
    }
  });
});

describe('ContourBall bounces, friction, rest', () => {
  it('rebounds from a drop of h to e^2 h', () => {
    // Falls h in sqrt(2 h / g), leaves at e sqrt(2 g h), rises (e sqrt(2 g h))^2 / (2 g) = e^2 h.
    const h = 2, e = 0.6;
    const ball = new ContourBall([[-10, 0], [10, 0]], { radius: r, restitution: e });
    ball.launch([0, r + h], [0, 0]);
    expect(ball.mode).toBe('flight');
    ball.advance(Math.sqrt((2 * h) / g) + (e * Math.sqrt(2 * g * h)) / g);
    expect(relative(ball.position[1]! - r, e * e * h, h)).toBeLessThanOrEqual(1e-9);
    expect(Math.abs(ball.velocity[1]!)).toBeLessThanOrEqual(1e-9);
    // The hops shrink below the landing speed; then it rests where it fell.
    ball.advance(30);
    expect(ball.mode).toBe('rest');
    expect(Array.from(ball.position)).toEqual([0, r]);
  });

  it('comes to rest at the bottom of a valley with rolling friction', () => {
    const ball = inV({ rollingFriction: 0.05 });
    const start = ball.energy;
    run(ball, 80, 1 / 60);
    expect(ball.mode).toBe('rest');
    expect(ball.position[0]).toBeCloseTo(0, 9);
    expect(ball.position[1]).toBeCloseTo(r * Math.SQRT2, 9);
    expect(ball.energy).toBeLessThan(start);
  });

  it('stops on a slope that friction holds, and rolls down one it cannot', () => {
    // tan(beta) = 0.1: mu = 0.2 holds the ball, mu = 0.05 does not.
    for (const [mu, holds] of [[0.2, true], [0.05, false]] as const) {
      const ball = new ContourBall([[0, 0], [100, 10]], { radius: r, rollingFriction: mu });
      ball.launch(onSegment([0, 0], [100, 10], 50), [0, 0]);
      ball.advance(1);
      expect(ball.mode).toBe(holds ? 'rest' : 'ground');
    }
  });
});

describe('ContourBall validation', () => {
  it('names the bad option or point', () => {
    expect(() => new ContourBall(V, { radius: 0 })).toThrow(
      /ContourBall.radius must be greater than 0, got 0/,
    );
    expect(() => new ContourBall(V, { radius: r, restitution: 1.5 })).toThrow(
      /ContourBall.restitution must be in \[0, 1\], got 1.5/,
    );
    expect(() => new ContourBall(V, { radius: r, gravity: -1 })).toThrow(/ContourBall.gravity/);
    expect(() => new ContourBall([[0, 0]], { radius: r })).toThrow(
      /ContourBall.points must have at least 2 distinct points, got 1/,
    );
    expect(() => new ContourBall([[0, 0], [1, Number.NaN]], { radius: r })).toThrow(
      /ContourBall.points\[1\]/,
    );
    expect(() => new ContourBall([[0, 0], [2, 0], [1, 0]], { radius: r })).toThrow(
      /folds back onto itself at vertex 1/,
    );
    // A notch 0.2 wide: a ball of radius 0.25 does not fit between its corners.
    expect(() =>
      new ContourBall([[-5, 0], [0, 0], [0, -1], [0.2, -1], [0.2, 0], [5, 0]], { radius: r })
    ).toThrow(/does not fit on segment 2/);
  });

  it('refuses a launch into the contour and changes nothing', () => {
    const ball = inV();
    ball.advance(0.5);
    const before = state(ball);
    expect(() => ball.launch([0, 0.1], [0, 0])).toThrow(/overlaps the contour/);
    expect(() => ball.launch([0, 3], [0, Number.POSITIVE_INFINITY])).toThrow(/velocity\[1\]/);
    expect(state(ball)).toEqual(before);
    expect(ball.time).toBe(0.5);
  });

  it('refuses a negative or infinite dt, and advancing before a launch', () => {
    const ball = new ContourBall(V, { radius: r });
    expect(() => ball.advance(1)).toThrow(/call launch first/);
    ball.launch([0, 5], [0, 0]);
    expect(() => ball.advance(-1)).toThrow(/dt must be finite and >= 0, got -1/);
    expect(() => ball.advance(Number.POSITIVE_INFINITY)).toThrow(/dt/);
  });
});

/** Distance from (x, y) to the contour's segments (an oracle sharing no code with the ball). */
function contourDistance(x: number, y: number, v: Float64Array): number {
  let best = Infinity;
  for (let i = 0; i + 3 < v.length; i += 2) {
    const ax = v[i]!, ay = v[i + 1]!, ex = v[i + 2]! - ax, ey = v[i + 3]! - ay;
    const u = Math.min(1, Math.max(0, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
    best = Math.min(best, Math.hypot(x - ax - u * ex, y - ay - u * ey));
  }
  return best;
}

describe('ContourBall properties', () => {
  it('never sinks into the contour, never gains energy, never gives NaN, on random profiles', async () => {
    const { mulberry32 } = await import('@contactkit/test-support');
    const random = mulberry32(2024);
    for (let run = 0; run < 40; run++) {
      // A random zigzag: 12 segments 1 to 2 long, slopes within +-60 degrees, some closed boxes.
      const points: number[][] = [[0, 5 * random()]];
      for (let i = 0; i < 12; i++) {
        const [x, y] = points[points.length - 1]!;
        const angle = (random() - 0.5) * (2 * Math.PI) / 3, length = 1 + random();
        points.push([x! + length * Math.cos(angle), y! + length * Math.sin(angle)]);
      }
      const options = {
        radius: 0.2,
        restitution: random(),
        tangentialRestitution: 0.5 + 0.5 * random(),
        rollingFriction: 0.1 * random(),
        inertia: run % 3 === 0 ? 0.4 : 0,
      };
      const ball = new ContourBall(points, options);
      const x = 1 + 8 * random();
      ball.launch([x, 12], [4 * (random() - 0.5), 0]);
      const start = ball.energy;
      let nearest = Infinity, highest = -Infinity, finite = true;
      for (let frame = 0; frame < 600; frame++) {
        ball.advance(1 / 60);
        const [px, py] = ball.position;
        finite &&= Number.isFinite(px) && Number.isFinite(py) && Number.isFinite(ball.energy);
        nearest = Math.min(nearest, contourDistance(px!, py!, ball.vertices));
        highest = Math.max(highest, ball.energy);
        if (py! < -100) break;
      }
      expect(finite).toBe(true);
      expect(nearest).toBeGreaterThanOrEqual(0.2 * (1 - 1e-6));
      expect(highest).toBeLessThanOrEqual(start + 1e-9 * Math.abs(start) + 1e-9);
    }
  });

  it('stays inside a closed box with a random floor at any speed, and splits frames consistently', async () => {
    const { mulberry32 } = await import('@contactkit/test-support');
    const random = mulberry32(77);
    const modes = new Set<string>();
    for (let run = 0; run < 30; run++) {
      // Counter-clockwise: a zigzag floor from (0, 0) to (12, y), the right wall, the ceiling at 8,
      // the left wall.
      const floor: number[][] = [[0, 0]];
      for (let i = 1; i <= 8; i++) floor.push([1.5 * i, 1.5 * (random() - 0.5)]);
      const points = [...floor, [12, 8], [0, 8]];
      const options = {
        radius: 0.25,
        closed: true,
        restitution: 0.3 + 0.7 * random(),
        inertia: run % 2 === 0 ? 0.4 : 0,
      };
      const whole = new ContourBall(points, options), halves = new ContourBall(points, options);
      const velocity = [30 * (random() - 0.5), 30 * (random() - 0.5)];
      whole.launch([6, 5], velocity);
      halves.launch([6, 5], velocity);
      for (let frame = 0; frame < 240; frame++) {
        whole.advance(1 / 30);
        halves.advance(1 / 60);
        halves.advance(1 / 60);
        modes.add(whole.mode);
        const [px, py] = whole.position;
        expect(px! > 0 && px! < 12 && py! < 8).toBe(true);
        expect(contourDistance(px!, py!, whole.vertices)).toBeGreaterThanOrEqual(0.25 * (1 - 1e-6));
        // Over 2 s the bounces do not yet amplify round-off past 1e-9.
        if (frame < 60) expectSameState(state(halves), state(whole), 1e-9, 10, 30);
      }
    }
    expect([...modes].sort()).toEqual(
      ['corner', 'flight', 'ground', 'rest'].filter((mode) => modes.has(mode)),
    );
    expect(modes.has('flight') && modes.has('ground')).toBe(true);
  });
});
