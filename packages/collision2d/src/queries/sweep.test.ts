import { mulberry32 } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import {
  Capsule2,
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
} from '../shapes/capsule2.js';
import { Aabb, Chain, Circle, Polygon, Segment, VERTEX_FEATURE } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { randomConvexPolygon } from '../test-support/random.js';
import { SweepHit, lastSweepSegmentVisits, sweepCircle } from './sweep.js';

function expectHit(
  hit: SweepHit,
  time: number,
  point: number[],
  normal: number[],
  featureId: number,
): void {
  expect(hit.time).toBeCloseTo(time, 14);
  expect(hit.point[0]).toBeCloseTo(point[0]!, 14);
  expect(hit.point[1]).toBeCloseTo(point[1]!, 14);
  expect(hit.normal[0]).toBeCloseTo(normal[0]!, 14);
  expect(hit.normal[1]).toBeCloseTo(normal[1]!, 14);
  expect(hit.featureId).toBe(featureId);
}

describe('sweepCircle against a segment', () => {
  const segment = new Segment([-1, 0], [1, 0]);

  it('hits the face from above and from below', () => {
    // Centre 2 above the line, radius 0.5, moving 4 down: touches when the centre is 0.5 above,
    // after 1.5 of 4, t = 0.375, at the foot (0, 0).
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([0, 2], 0), [0, -4], segment, hit)).toBe(true);
    expectHit(hit, 0.375, [0, 0], [0, 1], 0);
    expect(sweepCircle(new Circle(0.5).setPose([0, -2], 0), [0, 4], segment, hit)).toBe(true);
    expectHit(hit, 0.375, [0, 0], [0, -1], 0);
  });

  it('hits an end point, coming from either side', () => {
    // Centre on y = 0.3 moving left from x = 2: (x - 1)^2 + 0.09 = 0.25 at x = 1.4, after 0.6 of
    // 2, t = 0.3; normal (0.4, 0.3) / 0.5 = (0.8, 0.6).
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([2, 0.3], 0), [-2, 0], segment, hit)).toBe(true);
    expectHit(hit, 0.3, [1, 0], [0.8, 0.6], VERTEX_FEATURE | 1);
    expect(sweepCircle(new Circle(0.5).setPose([-2, -0.3], 0), [2, 0], segment, hit)).toBe(true);
    expectHit(hit, 0.3, [-1, 0], [-0.8, -0.6], VERTEX_FEATURE | 0);
  });

  it('counts a grazing touch and misses a hair farther out', () => {
    // Centre on y = r moving along the segment: it meets the cap of (-1, 0) tangentially when the
    // centre passes x = -1, after 2 of 6.
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([-3, 0.5], 0), [6, 0], segment, hit)).toBe(true);
    expectHit(hit, 1 / 3, [-1, 0], [0, 1], VERTEX_FEATURE | 0);
    expect(sweepCircle(new Circle(0.5).setPose([-3, 0.5 + 1e-9], 0), [6, 0], segment, hit)).toBe(
      false,
    );
  });

  it('reports time 0 for a touching circle moving in, nothing for one moving along or away', () => {
    const hit = new SweepHit();
    const touching = new Circle(0.5).setPose([0, 0.5], 0);
    expect(sweepCircle(touching, [0.1, -0.1], segment, hit)).toBe(true);
    expectHit(hit, 0, [0, 0], [0, 1], 0);
    hit.time = 7;
    expect(sweepCircle(touching, [0.1, 0.1], segment, hit)).toBe(false);
    expect(sweepCircle(touching, [1, 0], segment, hit)).toBe(false);
    expect(sweepCircle(touching, [0, 0], segment, hit)).toBe(false);
    // A false result leaves the hit as it was.
    expect(hit.time).toBe(7);
    // Overlapping past the end: the contact is with the end point.
    expect(sweepCircle(new Circle(0.5).setPose([1.3, 0.4], 0), [-1, 0], segment, hit)).toBe(true);
    expectHit(hit, 0, [1, 0], [0.6, 0.8], VERTEX_FEATURE | 1);
  });

  it('reports a circle touching a segment to round-off and moving into it (test_touching_roundoff_miss)', () => {
    // The closest-point distance rounds to just above r while the distance along the normal rounds
    // to r (0.013499999999999998): the move goes into the segment, so the impact is at t = 0.
    const segment = new Segment([0.524, 0.034], [0.236, 0.1]);
    const circle = new Circle(0.0135).setPose([0.44699263430706065, 0.06549747758840771], 0);
    const hit = new SweepHit();
    expect(sweepCircle(circle, [0, -0.00030847875751], segment, hit)).toBe(true);
    expect(hit.time).toBe(0);
    // The normal is the segment's normal toward the circle: (0.066, 0.288) / |(0.066, 0.288)|.
    const length = Math.hypot(0.066, 0.288);
    expect(hit.normal[0]).toBeCloseTo(0.066 / length, 12);
    expect(hit.normal[1]).toBeCloseTo(0.288 / length, 12);
  });

  it('misses when the displacement stops short, and for a zero displacement', () => {
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([0, 2], 0), [0, -1.49], segment, hit)).toBe(false);
    expect(sweepCircle(new Circle(0.5).setPose([0, 2], 0), [0, 0], segment, hit)).toBe(false);
  });

  it('applies the segment pose', () => {
    // The segment turned a quarter turn and moved to (5, 1): it runs from (5, 0) to (5, 2). A
    // circle from (8, 1) moving 4 left touches its face at x = 5.5, t = 2.5 / 4.
    const posed = new Segment([-1, 0], [1, 0]).setPose([5, 1], Math.PI / 2);
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([8, 1], 0), [-4, 0], posed, hit)).toBe(true);
    expectHit(hit, 0.625, [5, 1], [1, 0], 0);
  });
});

describe('sweepCircle against a circle', () => {
  it('matches the hand-computed impact in both directions', () => {
    // Radii 0.5 and 1: the centres touch 1.5 apart; from x = -4 moving 4 right the centre
    // reaches -1.5 after 2.5, t = 0.625.
    const target = new Circle(1).setPose([0, 0], 0);
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([-4, 0], 0), [4, 0], target, hit)).toBe(true);
    expectHit(hit, 0.625, [-1, 0], [-1, 0], 0);
    expect(sweepCircle(new Circle(0.5).setPose([4, 0], 0), [-4, 0], target, hit)).toBe(true);
    expectHit(hit, 0.625, [1, 0], [1, 0], 0);
    expect(sweepCircle(new Circle(0.5).setPose([-4, 1.6], 0), [8, 0], target, hit)).toBe(false);
  });
});

describe('sweepCircle against a capsule', () => {
  // The capsule of radius 0.5 about the core from (-2, 0) to (2, 0): a circle of radius r touches
  // it when its centre comes within r + 0.5 of the core.
  const log = new Capsule2(0.5, 2);

  it('hits either flat side: 0.75 above the core after 2.25 of a fall of 4', () => {
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.25).setPose([0, 3], 0), [0, -4], log, hit)).toBe(true);
    expectHit(hit, 0.5625, [0, 0.5], [0, 1], CAPSULE2_UPPER_SIDE);
    expect(sweepCircle(new Circle(0.25).setPose([1, -3], 0), [0, 4], log, hit)).toBe(true);
    expectHit(hit, 0.5625, [1, -0.5], [0, -1], CAPSULE2_LOWER_SIDE);
  });

  it('hits a round end head on and off the axis', () => {
    const hit = new SweepHit();
    // Head on: the centre stops 1 from the end (2, 0), at x = 3, after 2 of 4.
    expect(sweepCircle(new Circle(0.5).setPose([5, 0], 0), [-4, 0], log, hit)).toBe(true);
    expectHit(hit, 0.5, [2.5, 0], [1, 0], capsule2EndFeature(1));
    // At height 0.6: (x - 2)^2 + 0.6^2 = 1 gives x = 2.8, after 3.2 of 4; normal (0.8, 0.6),
    // the point 0.5 along it from (2, 0).
    expect(sweepCircle(new Circle(0.5).setPose([6, 0.6], 0), [-4, 0], log, hit)).toBe(true);
    expectHit(hit, 0.8, [2.4, 0.3], [0.8, 0.6], capsule2EndFeature(1));
    expect(sweepCircle(new Circle(0.5).setPose([-6, -0.6], 0), [4, 0], log, hit)).toBe(true);
    expectHit(hit, 0.8, [-2.4, -0.3], [-0.8, -0.6], capsule2EndFeature(0));
  });

  it('counts a grazing pass over an end and misses a hair higher', () => {
    const hit = new SweepHit();
    // Along y = 1 = r + R: the side's line is only grazed; the end cap about (-2, 0) is touched
    // when the centre is right above it, at x = -2, after 3 of 10.
    expect(sweepCircle(new Circle(0.5).setPose([-5, 1], 0), [10, 0], log, hit)).toBe(true);
    expectHit(hit, 0.3, [-2, 0.5], [0, 1], capsule2EndFeature(0));
    expect(sweepCircle(new Circle(0.5).setPose([-5, 1 + 1e-9], 0), [10, 0], log, hit)).toBe(false);
  });

  it('applies the capsule pose: upright at (1, 2), its core from (1, 0) to (1, 4)', () => {
    const upright = new Capsule2(0.5, 2).setPose([1, 2], Math.PI / 2);
    const hit = new SweepHit();
    // From the left: the centre stops at x = 0 after 3 of 6; local +y turned by 90 degrees is -x.
    expect(sweepCircle(new Circle(0.5).setPose([-3, 3], 0), [6, 0], upright, hit)).toBe(true);
    expectHit(hit, 0.5, [0.5, 3], [-1, 0], CAPSULE2_UPPER_SIDE);
    // Falling onto the top end (1, 4): the centre stops 0.75 above it, after 5.25 of 10.
    expect(sweepCircle(new Circle(0.25).setPose([1, 10], 0), [0, -10], upright, hit)).toBe(true);
    expectHit(hit, 0.525, [1, 4.5], [0, 1], capsule2EndFeature(1));
  });

  it('meets a capsule of half length 0 as a disc', () => {
    const hit = new SweepHit();
    // Reach 1 + 1 = 2 from the origin: x = 2 after 3 of 4.
    expect(sweepCircle(new Circle(1).setPose([5, 0], 0), [-4, 0], new Capsule2(1, 0), hit)).toBe(
      true,
    );
    expectHit(hit, 0.75, [1, 0], [1, 0], capsule2EndFeature(0));
    // Cores whose squared length underflows (1e-170) or is subnormal (1e-160) are discs too (a
    // subnormal square has a few bits: the side's normal came out 1e-4 off before); 1e-150 is not.
    for (const halfLength of [1e-170, 1e-160]) {
      const tiny = new Capsule2(1, halfLength);
      expect(sweepCircle(new Circle(1).setPose([0, 5], 0), [0, -4], tiny, hit)).toBe(true);
      expectHit(hit, 0.75, [0, 1], [0, 1], capsule2EndFeature(0));
    }
    const short = new Capsule2(1, 1e-150);
    expect(sweepCircle(new Circle(1).setPose([0, 5], 0), [0, -4], short, hit)).toBe(true);
    expectHit(hit, 0.75, [0, 1], [0, 1], CAPSULE2_UPPER_SIDE);
  });

  it('starting in touch or overlapping: time 0 moving in, nothing moving along or away', () => {
    const hit = new SweepHit();
    const touching = new Circle(0.5).setPose([0, 1], 0);
    expect(sweepCircle(touching, [0, -1], log, hit)).toBe(true);
    expectHit(hit, 0, [0, 0.5], [0, 1], CAPSULE2_UPPER_SIDE);
    expect(sweepCircle(touching, [0, 1], log, hit)).toBe(false);
    expect(sweepCircle(touching, [1, 0], log, hit)).toBe(false);
    // The centre inside the capsule, 0.3 above the core, moving toward it: out through the top.
    expect(sweepCircle(new Circle(0.1).setPose([0, 0.3], 0), [0, -1], log, hit)).toBe(true);
    expectHit(hit, 0, [0, 0.5], [0, 1], CAPSULE2_UPPER_SIDE);
    // The centre on the core: no direction out, the normal faces against the motion.
    expect(sweepCircle(new Circle(0.1).setPose([0.5, 0], 0), [0, 1], log, hit)).toBe(true);
    expectHit(hit, 0, [0.5, -0.5], [0, -1], CAPSULE2_LOWER_SIDE);
  });

  it('never overlaps before the time found and touches at it (sizes 1e-3 to 1e3, near 1e5)', () => {
    const random = mulberry32(24);
    let hits = 0;
    for (let run = 0; run < PROPERTY_RUNS; run++) {
      const size = 10 ** (-3 + 6 * random());
      const far = run % 5 === 0 ? 1e5 : 0;
      const radius = size * (0.05 + random()), halfLength = run % 7 === 0 ? 0 : size * 2 * random();
      const px = far + size * (random() - 0.5), py = far * 0.7 + size * (random() - 0.5);
      const capsule = new Capsule2(radius, halfLength).setPose([px, py], 2 * Math.PI * random());
      const angle = 2 * Math.PI * random(), away = 4 * size;
      const sx = px + away * Math.cos(angle), sy = py + away * Math.sin(angle);
      const dx = (px - sx) * (1 + random()) + size * (random() - 0.5),
        dy = (py - sy) * (1 + random()) + size * (random() - 0.5);
      const circleRadius = size * (0.05 + random());
      // The core's ends in the world, for a distance that shares no code with sweep.ts.
      const c = capsule.transform.cos * halfLength, s = capsule.transform.sin * halfLength;
      const distance = (x: number, y: number): number =>
        halfLength === 0
          ? Math.hypot(x - px, y - py)
          : segmentDistance(x, y, px - c, py - s, px + c, py + s);
      const reach = radius + circleRadius;
      if (distance(sx, sy) <= reach) continue;
      const hit = new SweepHit();
      const found = sweepCircle(
        new Circle(circleRadius).setPose([sx, sy], 0),
        [dx, dy],
        capsule,
        hit,
      );
      const tolerance = 1e-9 * (size + far);
      const end = found ? hit.time : 1;
      let nearest = Infinity;
      for (let k = 0; k < 50; k++) {
        const t = (end * k) / 50;
        nearest = Math.min(nearest, distance(sx + t * dx, sy + t * dy));
      }
      // One expect a run where it can fail (expect itself costs more than the geometry).
      if (!(nearest >= reach - tolerance)) {
        expect(nearest).toBeGreaterThanOrEqual(reach - tolerance);
      }
      if (!found) continue;
      hits++;
      const cx = sx + hit.time * dx, cy = sy + hit.time * dy;
      // At the time found the centre is exactly within reach; the point lies on the capsule's
      // surface, one circle radius from the centre along the unit normal.
      const errors = [
        distance(cx, cy) - reach,
        distance(hit.point[0]!, hit.point[1]!) - radius,
        cx - hit.normal[0]! * circleRadius - hit.point[0]!,
        cy - hit.normal[1]! * circleRadius - hit.point[1]!,
        (Math.hypot(hit.normal[0]!, hit.normal[1]!) - 1) * size,
      ];
      if (!errors.every((e) => Math.abs(e) <= tolerance)) {
        expect({ run, errors }).toEqual({ run, errors: errors.map(() => 0) });
      }
    }
    // Most runs aim through the capsule.
    expect(hits).toBeGreaterThan(0.7 * PROPERTY_RUNS);
  }, PROPERTY_TIMEOUT);
});

describe('sweepCircle against polygons', () => {
  it('hits a polygon corner head on, in world space', () => {
    // Unit square (vertex 2 at (1, 1)); from (2, 2) along (-2, -2) the centre is
    // sqrt(2) (1 - 2t) from the corner: 0.5 at t = (1 - 0.5 / sqrt(2)) / 2.
    const square = new Polygon([[0, 0], [1, 0], [1, 1], [0, 1]]);
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([2, 2], 0), [-2, -2], square, hit)).toBe(true);
    expectHit(
      hit,
      (1 - 0.5 / Math.SQRT2) / 2,
      [1, 1],
      [Math.SQRT1_2, Math.SQRT1_2],
      VERTEX_FEATURE | 2,
    );
    // The same square turned half a turn about the origin: the corner is at (-1, -1).
    square.setPose([0, 0], Math.PI);
    expect(sweepCircle(new Circle(0.5).setPose([-2, -2], 0), [2, 2], square, hit)).toBe(true);
    expectHit(
      hit,
      (1 - 0.5 / Math.SQRT2) / 2,
      [-1, -1],
      [-Math.SQRT1_2, -Math.SQRT1_2],
      VERTEX_FEATURE | 2,
    );
  });

  // A U: the notch from x = 1 to 2 reaches down to y = 1. Counter-clockwise, edge 4 is the notch
  // bottom (2, 1) to (1, 1); vertex 3 is the notch's right top corner (2, 3).
  const u = new Polygon([[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]]);

  it('lets a small circle fall into a concave notch to its bottom', () => {
    // Radius 0.25 from (1.5, 5) down 5: the centre stops at y = 1.25, t = 3.75 / 5.
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.25).setPose([1.5, 5], 0), [0, -5], u, hit)).toBe(true);
    expectHit(hit, 0.75, [1.5, 1], [0, 1], 4);
  });

  it('stops a wide circle on the notch corner', () => {
    // Radius 0.75 (wider than the notch) at x = 1.6: 0.4 from the corner (2, 3), touching when
    // the centre is sqrt(0.75^2 - 0.4^2) above it.
    const h = Math.sqrt(0.75 ** 2 - 0.4 ** 2);
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.75).setPose([1.6, 5], 0), [0, -5], u, hit)).toBe(true);
    expectHit(hit, (2 - h) / 5, [2, 3], [-0.4 / 0.75, h / 0.75], VERTEX_FEATURE | 3);
  });

  it('reports a centre inside the polygon at time 0, through the nearest side', () => {
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.1).setPose([2.5, 0.4], 0), [0, 0], u, hit)).toBe(true);
    expectHit(hit, 0, [2.5, 0], [0, -1], 0);
  });

  it('takes an Aabb', () => {
    const box = new Aabb([0, 0], [2, 1]);
    const hit = new SweepHit();
    expect(sweepCircle(new Circle(0.5).setPose([1, 3], 0), [0, -3], box, hit)).toBe(true);
    expectHit(hit, 0.5, [1, 1], [0, 1], 2);
  });

  it('visits few segments of a 10,000-vertex outline', () => {
    // Regular 10,000-gon of circumradius 100: edge k's midpoint lies 100 cos(pi / n) from the
    // centre on the ray at angle 2 pi (k + 0.5) / n. A circle of radius 0.2 starting 0.5 outside
    // of touching, moving 1 toward the centre, touches at t = 0.5.
    const n = 10_000, R = 100, k = 2_345;
    const points: number[][] = [];
    for (let i = 0; i < n; i++) {
      points.push([R * Math.cos((2 * Math.PI * i) / n), R * Math.sin((2 * Math.PI * i) / n)]);
    }
    const polygon = new Polygon(points);
    const angle = (2 * Math.PI * (k + 0.5)) / n, cx = Math.cos(angle), cy = Math.sin(angle);
    const start = R * Math.cos(Math.PI / n) + 0.2 + 0.5;
    const hit = new SweepHit();
    expect(
      sweepCircle(new Circle(0.2).setPose([start * cx, start * cy], 0), [-cx, -cy], polygon, hit),
    ).toBe(true);
    expect(hit.time).toBeCloseTo(0.5, 10);
    expect(hit.featureId).toBe(k);
    expect(hit.normal[0]).toBeCloseTo(cx, 12);
    expect(lastSweepSegmentVisits()).toBeLessThan(60);
    const chain = new Chain(points);
    expect(
      sweepCircle(new Circle(0.2).setPose([start * cx, start * cy], 0), [-cx, -cy], chain, hit),
    ).toBe(true);
    expect(hit.featureId).toBe(k);
    expect(lastSweepSegmentVisits()).toBeLessThan(60);
  });
});

describe('sweepCircle validation', () => {
  const segment = new Segment([0, 0], [1, 0]);
  const circle = new Circle(1);

  it('names the argument and the value', () => {
    const hit = new SweepHit();
    expect(() => sweepCircle({} as Circle, [0, 1], segment, hit)).toThrow(
      /circle must be a Circle, got Object/,
    );
    expect(() => sweepCircle(circle, [0, Number.NaN], segment, hit)).toThrow(
      /displacement\[1\] must be a finite number, got NaN/,
    );
    expect(() => sweepCircle(circle, [0], segment, hit)).toThrow(/displacement/);
    expect(() => sweepCircle(circle, [0, 1], null as unknown as Segment, hit)).toThrow(
      /shape must be a Segment, Chain, Polygon, Circle or Capsule2, got null/,
    );
    expect(() => sweepCircle(circle, [0, 1], segment, {} as SweepHit)).toThrow(
      /hit must be a SweepHit/,
    );
  });
});

/** Distance from (x, y) to the segment from (ax, ay) to (bx, by): the oracle shares no code with sweep.ts. */
function segmentDistance(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const ex = bx - ax, ey = by - ay;
  const u = Math.min(1, Math.max(0, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
  return Math.hypot(x - ax - u * ex, y - ay - u * ey);
}

/** Signed distance from a point to a closed outline (negative inside, by the even-odd rule). */
function outlineDistance(x: number, y: number, flat: Float64Array, closed: boolean): number {
  const n = flat.length / 2;
  let d = Infinity, inside = false;
  for (let i = 0; i < (closed ? n : n - 1); i++) {
    const j = (i + 1) % n;
    const ax = flat[2 * i]!, ay = flat[2 * i + 1]!, bx = flat[2 * j]!, by = flat[2 * j + 1]!;
    d = Math.min(d, segmentDistance(x, y, ax, ay, bx, by));
    if (closed && ay > y !== by > y && x < ax + ((y - ay) * (bx - ax)) / (by - ay)) {
      inside = !inside;
    }
  }
  return inside ? -d : d;
}

describe('sweepCircle properties', () => {
  it('never overlaps before the time found and touches at it', () => {
    const random = mulberry32(12);
    let hits = 0;
    for (let run = 0; run < 400; run++) {
      const closed = run % 2 === 0;
      const flat = randomConvexPolygon(random, 3 + Math.floor(random() * 8), 0, 0, 1 + random());
      if (!closed) {
        // A zigzag chain instead: concave and convex corners.
        for (let i = 0; i < flat.length / 2; i++) {
          flat[2 * i] = -2 + (4 * i) / (flat.length / 2);
          flat[2 * i + 1] = random() - 0.5;
        }
      }
      const points: number[][] = [];
      for (let i = 0; i < flat.length / 2; i++) points.push([flat[2 * i]!, flat[2 * i + 1]!]);
      const shape = closed ? new Polygon(points) : new Chain(points);
      const radius = 0.1 + 0.5 * random();
      const angle = 2 * Math.PI * random();
      const sx = 4 * Math.cos(angle), sy = 4 * Math.sin(angle);
      const dx = -sx * (1 + random()) + 2 * (random() - 0.5),
        dy = -sy * (1 + random()) + 2 * (random() - 0.5);
      const hit = new SweepHit();
      const found = sweepCircle(new Circle(radius).setPose([sx, sy], 0), [dx, dy], shape, hit);
      const size = 4;
      const end = found ? hit.time : 1;
      let nearest = Infinity;
      for (let k = 0; k < 200; k++) {
        const t = (end * k) / 200;
        nearest = Math.min(nearest, outlineDistance(sx + t * dx, sy + t * dy, flat, closed));
      }
      expect(nearest).toBeGreaterThanOrEqual(radius - 1e-9 * size);
      if (!found) continue;
      hits++;
      const cx = sx + hit.time * dx, cy = sy + hit.time * dy;
      expect(Math.abs(outlineDistance(cx, cy, flat, closed) - radius)).toBeLessThanOrEqual(
        1e-9 * size,
      );
      // The point is on the shape, one radius from the centre along the normal.
      expect(Math.abs(outlineDistance(hit.point[0]!, hit.point[1]!, flat, closed)))
        .toBeLessThanOrEqual(1e-9 * size);
      expect(Math.abs(cx - hit.normal[0]! * radius - hit.point[0]!)).toBeLessThanOrEqual(
        1e-9 * size,
      );
      expect(Math.abs(cy - hit.normal[1]! * radius - hit.point[1]!)).toBeLessThanOrEqual(
        1e-9 * size,
      );
    }
    // Most runs aim through the shape.
    expect(hits).toBeGreaterThan(300);
  });
});
