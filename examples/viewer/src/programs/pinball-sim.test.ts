import { describe, expect, it } from 'vitest';
import {
  Chain,
  Circle,
  Polygon,
  SweepHit,
  pointInPolygon,
  sweepCircle,
} from '@contactkit/collision2d';
import {
  BALL_RADIUS,
  PLUNGER_MAX_SPEED,
  PinballSim,
  SPHERE_DRAG_COEFFICIENT,
  channelDragRate,
  SKIN,
  TABLE_GRAVITY,
  standardTable,
} from './pinball-sim.js';
import type { Table } from './pinball-sim.js';

/** Distance from `p` to the closed or open polyline `points`, by the closest point of each segment. */
function distanceToOutline(points: number[][], p: ArrayLike<number>, closed: boolean): number {
  let best = Infinity;
  const n = points.length;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const a = points[i]!, b = points[(i + 1) % n]!;
    const ex = b[0]! - a[0]!, ey = b[1]! - a[1]!;
    const t = Math.min(
      1,
      Math.max(0, ((p[0]! - a[0]!) * ex + (p[1]! - a[1]!) * ey) / (ex * ex + ey * ey)),
    );
    best = Math.min(best, Math.hypot(p[0]! - a[0]! - t * ex, p[1]! - a[1]! - t * ey));
  }
  return best;
}

/** Why `p` is not a legal place for the ball of `radius` on `table`, or '' when it is. */
function violation(table: Table, p: ArrayLike<number>, radius: number): string {
  const flat = table.outline.flat();
  if (!pointInPolygon(flat, p)) return 'centre outside the table';
  const wall = distanceToOutline(table.outline, p, true);
  if (wall < radius - 1e-9) return `${wall} from the outer wall`;
  for (const [i, o] of table.obstacles.entries()) {
    if (o.kind === 'polygon') {
      if (pointInPolygon(o.outline.flat(), p)) return `centre inside obstacle ${i} (${o.name})`;
      const d = distanceToOutline(o.outline, p, true);
      if (d < radius - 1e-9) return `${d} from obstacle ${i} (${o.name})`;
    } else {
      const d = Math.hypot(p[0]! - o.centre[0]!, p[1]! - o.centre[1]!) - o.radius;
      if (d < radius - 1e-9) return `${d} from bumper ${i}`;
    }
  }
  return '';
}

function runShot(
  pull: number,
  seconds: number,
): { sim: PinballSim; problems: string[]; maxHeight: number; meanCells: number; } {
  const sim = new PinballSim();
  sim.setPull(pull);
  expect(sim.release()).toBeCloseTo(pull * PLUNGER_MAX_SPEED, 12);
  const problems: string[] = [];
  const launchEnergy = sim.energy;
  let maxHeight = 0, cells = 0;
  for (let frame = 0; frame < seconds * 60; frame++) {
    sim.step(1 / 60);
    const s = sim.state;
    if (![...s.position, ...s.velocity, s.energy, s.time].every(Number.isFinite)) {
      problems.push(`frame ${frame}: state not finite`);
    }
    const why = violation(sim.table, sim.position, sim.radius);
    if (why) problems.push(`frame ${frame} at [${s.position.join(', ')}]: ${why}`);
    maxHeight = Math.max(maxHeight, s.position[1]!);
    cells += sim.cellsTestedPerFrame;
    // Losses only: the energy never exceeds the launch's.
    if (s.energy > launchEnergy + 1e-9) {
      problems.push(`frame ${frame}: energy ${s.energy} above the launch's ${launchEnergy}`);
    }
    if (sim.droppedFrames > 0) problems.push(`frame ${frame}: the frame's rest was dropped`);
  }
  return { sim, problems, maxHeight, meanCells: cells / (seconds * 60) };
}

describe('PinballSim', () => {
  it('the table: outer wall, dozens of obstacles both convex and concave', () => {
    const table = standardTable();
    const polygons = table.obstacles.filter((o) => o.kind === 'polygon').map((o) =>
      o.shape as Polygon
    );
    expect(table.obstacles.length).toBeGreaterThanOrEqual(30);
    expect(polygons.some((p) => !p.isConvex)).toBe(true);
    expect(polygons.some((p) => p.isConvex)).toBe(true);
    expect(table.obstacles.some((o) => o.shape instanceof Circle)).toBe(true);
    // The ball starts in a legal place.
    const sim = new PinballSim(table);
    expect(violation(table, sim.position, sim.radius)).toBe('');
    expect(sim.onPlunger).toBe(true);
  });

  it('a shot at top speed: 30 s of 1/60 s frames, never outside the table or in an obstacle, always finite', () => {
    const { sim, problems, maxHeight, meanCells } = runShot(1, 30);
    expect(problems.slice(0, 5)).toEqual([]);
    // It went round the upper semicircle into the field and bounced there.
    expect(maxHeight).toBeGreaterThan(1.0);
    expect(sim.collisions).toBeGreaterThan(10);
    // The grid: a frame visits the few cells of its moves' swept boxes (17 on average), not the
    // table's 14 x 28.
    expect(meanCells).toBeLessThan(25);
    // Drained through the return channel, it lies on the plunger again.
    expect(sim.onPlunger).toBe(true);
  });

  it("the grid finds every touch: castBall against the swept box's shapes equals a sweep against all", () => {
    const sim = new PinballSim();
    const shapes = sim.playfield.shapes as Array<Polygon | Chain | Circle>;
    const ball = new Circle(sim.radius), hit = new SweepHit();
    // A small linear congruential generator: the same legal places and moves each run.
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    let cases = 0, hits = 0;
    while (cases < 2000) {
      const p = [0.02 + 0.52 * random(), 0.05 + 1.05 * random()];
      if (violation(sim.table, p, sim.radius) !== '') continue;
      cases++;
      // Up to 6 cm: more than a frame at the plunger's top speed.
      const d = [0.12 * random() - 0.06, 0.12 * random() - 0.06];
      sim.position.set(p);
      const found = sim.castBall(d[0]!, d[1]!);
      ball.setPose(p, 0);
      let first = Infinity;
      for (const shape of shapes) {
        if (sweepCircle(ball, d, shape, hit)) first = Math.min(first, hit.time);
      }
      expect(found).toBe(first !== Infinity);
      if (found) {
        hits++;
        expect(sim.firstHit.time).toBe(first);
      }
    }
    expect(hits).toBeGreaterThan(200);
  });

  it("counts the swept box's grid cells: a move of (0.05, 0.03) from (0.30, 0.95) covers 3 x 2 cells of 4 cm", () => {
    const sim = new PinballSim();
    sim.position.set([0.3, 0.95]);
    sim.velocity.set([3, 1.8 + TABLE_GRAVITY / 60]);
    sim.mode = 'flight';
    sim.step(1 / 60);
    // The box [0.2865, 0.9365] to [0.3635, 0.9935]: cells x 7..9, y 23..24 -> 3 x 2.
    expect(sim.impacts).toHaveLength(0);
    expect(sim.cellsTestedPerFrame).toBe(6);
    expect(sim.drawnCellCount).toBe(6);
    // Only the pieces of the upper semicircle near it are swept against, not the table's 280 shapes.
    expect(sim.shapesTestedPerFrame).toBeLessThan(10);
    expect(Array.from(sim.position)).toEqual([expect.closeTo(0.35, 12), expect.closeTo(0.98, 12)]);
  });

  it('shots at a half and three quarters of the top speed stay legal too', () => {
    for (const pull of [0.5, 0.75]) expect(runShot(pull, 10).problems.slice(0, 3)).toEqual([]);
  });

  it('a hand-worked bounce: level table, the floor met half-way through the frame', () => {
    // A floor from (-1, 0) to (1, 0) inside a big box; radius 0.01, from (0, 0.03) at (0.6, -2.4) m/s.
    const table: Table = { outline: [[-1, -1], [1, -1], [1, 1], [-1, 1]], obstacles: [] };
    table.obstacles.push({
      kind: 'polygon',
      name: 'floor',
      shape: new Polygon([[-1, -0.1], [1, -0.1], [1, 0], [-1, 0]]),
      outline: [[-1, -0.1], [1, -0.1], [1, 0], [-1, 0]],
    });
    const sim = new PinballSim(table, {
      gravity: 0,
      radius: 0.01,
      restitution: 0.6,
      tangentialRestitution: 0.9,
      restSpeed: 0.03,
    });
    sim.position.set([0, 0.03]);
    sim.velocity.set([0.6, -2.4]);
    sim.mode = 'flight';
    sim.step(1 / 60);
    // The move is (0.01, -0.04); the centre reaches y = 0.01 after half of it, at (0.005, 0.01).
    // Then v = (0.9 * 0.6, 0.6 * 2.4) = (0.54, 1.44) for the other 1/120 s: (+0.0045, +0.012),
    // after the step of SKIN off the floor.
    expect(sim.impacts).toHaveLength(1);
    expect(sim.impacts[0]!.toi).toBeCloseTo(0.5, 12);
    expect(sim.impacts[0]!.point).toEqual([expect.closeTo(0.005, 12), expect.closeTo(0, 12)]);
    expect(sim.impacts[0]!.normal).toEqual([expect.closeTo(0, 12), expect.closeTo(1, 12)]);
    expect(Array.from(sim.velocity)).toEqual([expect.closeTo(0.54, 12), expect.closeTo(1.44, 12)]);
    expect(Array.from(sim.position)).toEqual([
      expect.closeTo(0.0095, 12),
      expect.closeTo(0.022 + SKIN, 12),
    ]);
    expect(sim.collisions).toBe(1);
    expect(sim.mode).toBe('flight');
  });

  it('a rebound below restSpeed is continuous contact: the ball lands and slides on', () => {
    const table: Table = { outline: [[-1, -1], [1, -1], [1, 1], [-1, 1]], obstacles: [] };
    table.obstacles.push({
      kind: 'polygon',
      name: 'floor',
      shape: new Polygon([[-1, -0.1], [1, -0.1], [1, 0], [-1, 0]]),
      outline: [[-1, -0.1], [1, -0.1], [1, 0], [-1, 0]],
    });
    const sim = new PinballSim(table, {
      gravity: 1,
      radius: 0.01,
      restitution: 0.6,
      rollingFriction: 0.05,
      restSpeed: 0.03,
    });
    sim.position.set([0, 0.0102]);
    // After the frame's gravity v = (0.6, -0.03): rebound 0.018 < 0.03.
    sim.velocity.set([0.6, -0.03 + 1 / 60]);
    sim.mode = 'flight';
    sim.step(1 / 60);
    expect(sim.mode).toBe('ground');
    expect(sim.collisions).toBe(0);
    expect(sim.impacts[0]!.kind).toBe('slide');
    expect(sim.position[1]).toBeCloseTo(0.01 + SKIN, 12);
    expect(sim.position[0]).toBeCloseTo(0.01, 12);
    // Then it rolls: rolling friction takes mu g = 0.05 m/s^2 off the speed, 0.05 m/s in 60 frames.
    for (let i = 0; i < 60; i++) sim.step(1 / 60);
    expect(sim.mode).toBe('ground');
    expect(sim.velocity[0]).toBeCloseTo(0.55, 9);
    expect(sim.position[1]).toBeCloseTo(0.01, 6);
  });

  it('the default table uses 9.81 sin(6.5 deg) and a weak shot falls back onto the plunger', () => {
    expect(TABLE_GRAVITY).toBeCloseTo(1.1105, 4);
    const { sim, problems, maxHeight } = runShot(0.3, 4);
    expect(problems).toEqual([]);
    // 0.96 m/s climbs v^2 / 2g = 0.415 m at most.
    expect(maxHeight - sim.plungerRest[1]).toBeLessThanOrEqual(
      (0.96 ** 2) / (2 * TABLE_GRAVITY) + 1e-9,
    );
    expect(maxHeight - sim.plungerRest[1]).toBeGreaterThan(0.3);
    expect(sim.onPlunger).toBe(true);
  });

  it('refuses bad options, naming them', () => {
    expect(() => new PinballSim(undefined, { restitution: 1.5 })).toThrow(
      /restitution must be a number in \[0, 1\], got 1.5/,
    );
    expect(() => new PinballSim(undefined, { radius: 0 })).toThrow(
      /radius must be a finite number > 0, got 0/,
    );
    expect(() => new PinballSim().step(Number.NaN)).toThrow(
      /dt must be a finite number >= 0, got NaN/,
    );
    expect(BALL_RADIUS).toBeGreaterThan(0);
  });
});

describe('PinballSim: air drag in the launch channel', () => {
  it('k = 3 rho_air c_w / (8 r rho_steel), and the rise to the apex is ln(1 + k v0^2 / g) / (2 k)', () => {
    expect(channelDragRate(SPHERE_DRAG_COEFFICIENT)).toBeCloseTo(
      (3 * 1.204 * 0.47) / (8 * 0.0135 * 7850),
      15,
    );
    // With quadratic drag, dv/dy = -(g + k v^2) / v rising: y = ln((g + k v0^2) / g) / (2 k).
    // A coefficient 100 times a sphere's makes the drag's part 8% of the rise, the step's error
    // (1 ms steps, v dt about 1 mm) is far below that.
    const cw = 100 * SPHERE_DRAG_COEFFICIENT, v0 = 1, dt = 1e-3;
    const rise = (options: { channelDrag?: number; }) => {
      const sim = new PinballSim(undefined, options);
      const y0 = sim.position[1]!;
      sim.setPull(v0 / PLUNGER_MAX_SPEED);
      expect(sim.release()).toBeCloseTo(v0, 12);
      let top = y0;
      for (let i = 0; i < 2000 && sim.velocity[1]! >= 0; i++) {
        sim.step(dt);
        top = Math.max(top, sim.position[1]!);
      }
      return top - y0;
    };
    const g = TABLE_GRAVITY, k = channelDragRate(cw);
    const withDrag = rise({ channelDrag: cw }), without = rise({});
    expect(without).toBeCloseTo((v0 * v0) / (2 * g), 3);
    expect(withDrag).toBeCloseTo(Math.log(1 + (k * v0 * v0) / g) / (2 * k), 3);
    expect(without - withDrag).toBeGreaterThan(0.03);
    expect(() => new PinballSim(undefined, { channelDrag: -1 })).toThrow(/channelDrag/);
  });
});
