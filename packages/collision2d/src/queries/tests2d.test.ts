import { describe, it, expect } from 'vitest';
import {
  overlapRectangles,
  overlapCircles,
  intersectLines,
  intersectSegments,
  intersectCircleLine,
  overlapCircleSegment,
  overlapRectangleCircle,
  pointInPolygon,
  windingNumber,
  satPolygonPolygon,
  satCirclePolygon,
  LineIntersection2,
  LineRelation,
  CircleLineIntersection2,
  ClosestPointResult2,
  Mtd2,
} from './tests2d.js';
import { mulberry32 } from '@contactkit/test-support';
import { randomConvexPolygon } from '../test-support/random.js';
import { Polygon } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

/** Components as plain numbers with -0 turned into 0 (x + 0 does that), for exact comparisons. */
const plain = (v: ArrayLike<number>) => Array.from(v, (x) => x + 0);

describe('overlapRectangles (seed 001)', () => {
  it('overlapping, touching (closed) and apart', () => {
    // a = [0,2]x[0,1]; b = [1,3]x[0.5,3]: x ranges share [1,2], y ranges [0.5,1].
    expect(overlapRectangles([0, 0], [2, 1], [1, 0.5], [3, 3])).toBe(true);
    // Sharing only the edge x = 2: seed 001's strict < says no, our closed test says touching.
    expect(overlapRectangles([0, 0], [2, 1], [2, 0], [3, 1])).toBe(true);
    expect(overlapRectangles([0, 0], [2, 1], [2.001, 0], [3, 1])).toBe(false);
    // Apart in y only.
    expect(overlapRectangles([0, 0], [2, 1], [0, 1.5], [2, 2])).toBe(false);
    // Containment.
    expect(overlapRectangles([0, 0], [10, 10], [4, 4], [5, 5])).toBe(true);
  });

  it('is symmetric in its two rectangles', () => {
    const random = mulberry32(11);
    for (let i = 0; i < 200; i++) {
      const a0 = [random() * 4, random() * 4], b0 = [random() * 4, random() * 4];
      const a1 = [a0[0]! + random(), a0[1]! + random()],
        b1 = [b0[0]! + random(), b0[1]! + random()];
      expect(overlapRectangles(a0, a1, b0, b1)).toBe(overlapRectangles(b0, b1, a0, a1));
    }
  });
});

describe('overlapCircles (seed 001)', () => {
  it('compares squared distance with squared radius sum', () => {
    // |(3,0) - (0,0)| = 3 = 1 + 2: touching counts.
    expect(overlapCircles([0, 0], 1, [3, 0], 2)).toBe(true);
    expect(overlapCircles([0, 0], 1, [3.0001, 0], 2)).toBe(false);
    // |(1,1)|^2 = 2 <= (1 + 0.5)^2 = 2.25.
    expect(overlapCircles([1, 1], 0.5, [0, 0], 1)).toBe(true);
    // 2 > (0.9 + 0.5)^2 = 1.96.
    expect(overlapCircles([1, 1], 0.5, [0, 0], 0.9)).toBe(false);
    // Coincident centres.
    expect(overlapCircles([2, 2], 0, [2, 2], 0)).toBe(true);
  });
});

describe('intersectLines (seed 001)', () => {
  const out = new LineIntersection2();

  it('crossing lines: ua and ub from the seed formulas', () => {
    // da = (2,2), db = (2,-2), w = b1 - a1 = (0,2); denominator = da x db = -4 - 4 = -8;
    // ua = (w x db) / -8 = (0*-2 - 2*2) / -8 = 0.5; ub = (w x da) / -8 = (0*2 - 2*2) / -8 = 0.5.
    expect(intersectLines(out, [0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(out.relation).toBe(LineRelation.Intersecting);
    expect(out.ua).toBeCloseTo(0.5, 15);
    expect(out.ub).toBeCloseTo(0.5, 15);
    expect(plain(out.point)).toEqual([1, 1]);
  });

  it('lines meet outside the segments: parameters outside [0, 1]', () => {
    // da = (1,0), db = (0,1), w = (3,1): denominator 1, ua = 3*1 - 1*0 = 3, ub = 3*0 - 1*1 = -1.
    expect(intersectLines(out, [0, 0], [1, 0], [3, 1], [3, 2])).toBe(true);
    expect(out.ua).toBe(3);
    expect(out.ub).toBe(-1);
    expect(plain(out.point)).toEqual([3, 0]);
    expect(intersectSegments(out, [0, 0], [1, 0], [3, 1], [3, 2])).toBe(false);
    expect(out.relation).toBe(LineRelation.Intersecting);
    expect(out.ua).toBe(3);
    expect(out.ub).toBe(-1);
  });

  it('parallel lines, within the epsilon and just outside it', () => {
    expect(intersectLines(out, [0, 0], [1, 0], [0, 1], [1, 1])).toBe(false);
    expect(out.relation).toBe(LineRelation.Parallel);
    expect(out.ua).toBe(0);
    // Sine 1e-9 < 1e-8: still parallel, whatever the length of the lines.
    expect(intersectLines(out, [0, 0], [1000, 0], [0, 1], [1000, 1 + 1e-6])).toBe(false);
    expect(out.relation).toBe(LineRelation.Parallel);
    // Sine 1e-6: they meet, at y = 0 where b's height 1 + 1e-6 x reaches 0: x = -1e6.
    expect(intersectLines(out, [0, 0], [1, 0], [0, 1], [1, 1 + 1e-6])).toBe(true);
    expect(out.relation).toBe(LineRelation.Intersecting);
    expect(out.ua).toBeCloseTo(-1e6, 3);
  });

  it('collinear lines: true with a1 as the common point and its parameter on b', () => {
    // a1 = (0,0) on b: ub = dot(a1 - b1, db) / |db|^2 = dot((-2,0), (3,0)) / 9 = -2/3.
    expect(intersectLines(out, [0, 0], [1, 0], [2, 0], [5, 0])).toBe(true);
    expect(out.relation).toBe(LineRelation.Collinear);
    expect(out.ua).toBe(0);
    expect(out.ub).toBeCloseTo(-2 / 3, 15);
    expect(plain(out.point)).toEqual([0, 0]);
  });

  it('a line given by two equal points is a point', () => {
    expect(intersectLines(out, [1, 1], [1, 1], [0, 0], [2, 2])).toBe(true);
    expect(out.relation).toBe(LineRelation.Collinear);
    expect(out.ub).toBeCloseTo(0.5, 15);
    expect(intersectLines(out, [1, 2], [1, 2], [0, 0], [2, 2])).toBe(false);
    expect(out.relation).toBe(LineRelation.Parallel);
  });

  it('accepts Float64Array inputs and writes no NaN', () => {
    const a1 = Float64Array.of(0, 0), a2 = Float64Array.of(0, 0);
    expect(intersectLines(out, a1, a2, a1, a2)).toBe(true);
    expect(Number.isFinite(out.ua) && Number.isFinite(out.ub)).toBe(true);
  });
});

describe('intersectSegments (seed 001)', () => {
  const out = new LineIntersection2();

  it('crossing and T-touching segments', () => {
    expect(intersectSegments(out, [0, 0], [2, 2], [0, 2], [2, 0])).toBe(true);
    expect(plain(out.point)).toEqual([1, 1]);
    // b starts on a: ua = 0.5, ub = 0 (end point included).
    expect(intersectSegments(out, [0, 0], [2, 0], [1, 0], [1, 5])).toBe(true);
    expect(out.ua).toBe(0.5);
    expect(out.ub + 0).toBe(0);
  });

  it('parallel and apart', () => {
    expect(intersectSegments(out, [0, 0], [1, 0], [0, 1], [1, 1])).toBe(false);
    expect(out.relation).toBe(LineRelation.Parallel);
  });

  it('collinear overlapping: the overlap interval on both segments', () => {
    // b's ends project to u = 3/4 and 1/4 on a: overlap [1/4, 3/4] = points (1,0) to (3,0).
    // On b (from (3,0) with db = (-2,0)): (1,0) is at 1, (3,0) at 0.
    expect(intersectSegments(out, [0, 0], [4, 0], [3, 0], [1, 0])).toBe(true);
    expect(out.relation).toBe(LineRelation.Collinear);
    expect([out.ua, out.uaEnd]).toEqual([0.25, 0.75]);
    expect([out.ub, out.ubEnd]).toEqual([1, 0]);
    expect(plain(out.point)).toEqual([1, 0]);
    expect(plain(out.pointEnd)).toEqual([3, 0]);
  });

  it('collinear: containment, end-to-end touching and apart', () => {
    // b inside a (diagonal): interval is b itself, u from 0.25 to 0.5.
    expect(intersectSegments(out, [0, 0], [4, 4], [1, 1], [2, 2])).toBe(true);
    expect([out.ua, out.uaEnd]).toEqual([0.25, 0.5]);
    expect([out.ub, out.ubEnd]).toEqual([0, 1]);
    // Sharing only the point (1,0): a one-point interval.
    expect(intersectSegments(out, [0, 0], [1, 0], [1, 0], [2, 0])).toBe(true);
    expect([out.ua, out.uaEnd, out.ub, out.ubEnd]).toEqual([1, 1, 0, 0]);
    expect(intersectSegments(out, [0, 0], [1, 0], [2, 0], [3, 0])).toBe(false);
    expect(out.relation).toBe(LineRelation.Collinear);
  });

  it('a zero-length segment meets the segment it lies on', () => {
    // (1,0) on b = (0,0)-(2,0) at ub = 0.5.
    expect(intersectSegments(out, [1, 0], [1, 0], [0, 0], [2, 0])).toBe(true);
    expect(out.ub).toBe(0.5);
    expect(intersectSegments(out, [3, 0], [3, 0], [0, 0], [2, 0])).toBe(false);
    expect(intersectSegments(out, [1, 1], [1, 1], [1, 1], [1, 1])).toBe(true);
  });

  it('agrees with an orientation-sign test on random segments, both orders', () => {
    // Independent test: proper crossing iff each segment's ends lie strictly on both sides of the other.
    const random = mulberry32(5);
    const orient = (a: number[], b: number[], c: number[]) =>
      (b[0]! - a[0]!) * (c[1]! - a[1]!) - (b[1]! - a[1]!) * (c[0]! - a[0]!);
    let crossings = 0;
    for (let i = 0; i < 2000; i++) {
      const p = [0, 1, 2, 3].map(() => [random() * 4, random() * 4]);
      const [a1, a2, b1, b2] = p as [number[], number[], number[], number[]];
      const proper = orient(a1, a2, b1) * orient(a1, a2, b2) < 0 &&
        orient(b1, b2, a1) * orient(b1, b2, a2) < 0;
      const hit = intersectSegments(out, a1, a2, b1, b2);
      expect(hit).toBe(proper);
      if (hit) {
        crossings++;
        expect(out.point[0]).toBeCloseTo(b1[0]! + out.ub * (b2[0]! - b1[0]!), 9);
        expect(out.point[1]).toBeCloseTo(b1[1]! + out.ub * (b2[1]! - b1[1]!), 9);
      }
      const ua = out.ua, ub = out.ub;
      expect(intersectSegments(out, b1, b2, a1, a2)).toBe(hit);
      if (hit) {
        expect(out.ua).toBeCloseTo(ub, 9);
        expect(out.ub).toBeCloseTo(ua, 9);
      }
    }
    expect(crossings).toBeGreaterThan(100);
  });
});

describe('intersectCircleLine (seed 001: t1, t2 by the p-q formula)', () => {
  const out = new CircleLineIntersection2();

  it('secant through the centre', () => {
    // c = 0, r = 1, o = (-2,0), d = (1,0): p = (d.c - o.d)/d^2 = 2, q = ((o-c)^2 - r^2)/d^2 = 3,
    // discriminant 4 - 3 = 1: t1 = 1, t2 = 3 -> points (-1,0) and (1,0).
    expect(intersectCircleLine(out, [0, 0], 1, [-2, 0], [1, 0])).toBe(true);
    expect(plain([out.t1, out.t2])).toEqual([1, 3]);
    // Same line with d = (2,0): p = 4/4 = 1, q = 3/4, discriminant 1/4: t = 0.5, 1.5, same points.
    expect(intersectCircleLine(out, [0, 0], 1, [-2, 0], [2, 0])).toBe(true);
    expect(plain([out.t1, out.t2])).toEqual([0.5, 1.5]);
  });

  it('off-origin circle', () => {
    // c = (1,2), r = 5, vertical line x = 1 from o = (1,-5): y = 2 -/+ 5 = -3, 7 -> t = 2, 12.
    // p = -d.(o - c) = 7, q = 49 - 25 = 24, discriminant 25.
    expect(intersectCircleLine(out, [1, 2], 5, [1, -5], [0, 1])).toBe(true);
    expect(plain([out.t1, out.t2])).toEqual([2, 12]);
  });

  it('tangent: discriminant 0, t1 = t2', () => {
    // Line y = 1 touches the unit circle at (0,1): p = 0, q = 1 - 1 = 0.
    expect(intersectCircleLine(out, [0, 0], 1, [0, 1], [1, 0])).toBe(true);
    expect(plain([out.t1, out.t2])).toEqual([0, 0]);
    // From o = (-3,1): touches at t = 3.
    expect(intersectCircleLine(out, [0, 0], 1, [-3, 1], [1, 0])).toBe(true);
    expect(plain([out.t1, out.t2])).toEqual([3, 3]);
  });

  it('miss: negative discriminant, t1 = t2 = foot of the perpendicular', () => {
    // Line y = 2: p = 3, q = (9 + 4 - 1) = 12, discriminant 9 - 12 = -3.
    expect(intersectCircleLine(out, [0, 0], 1, [-3, 2], [1, 0])).toBe(false);
    expect(plain([out.t1, out.t2])).toEqual([3, 3]);
  });

  it('zero direction: a point, inside or outside', () => {
    expect(intersectCircleLine(out, [0, 0], 1, [0.5, 0], [0, 0])).toBe(true);
    expect(plain([out.t1, out.t2])).toEqual([0, 0]);
    expect(intersectCircleLine(out, [0, 0], 1, [1.5, 0], [0, 0])).toBe(false);
  });

  it('the points o + t d lie on the circle (random lines)', () => {
    const random = mulberry32(3);
    for (let i = 0; i < 1000; i++) {
      const c = [random() * 2 - 1, random() * 2 - 1], r = 0.1 + random();
      const o = [random() * 4 - 2, random() * 4 - 2], d = [random() * 2 - 1, random() * 2 - 1];
      if (!intersectCircleLine(out, c, r, o, d)) continue;
      for (const t of [out.t1, out.t2]) {
        const x = o[0]! + t * d[0]! - c[0]!, y = o[1]! + t * d[1]! - c[1]!;
        expect(Math.hypot(x, y)).toBeCloseTo(r, 8);
      }
      expect(out.t1).toBeLessThanOrEqual(out.t2);
    }
  });
});

describe('overlapCircleSegment (seed 001, closest point on a segment)', () => {
  const out = new ClosestPointResult2();

  it('foot inside the segment, touching', () => {
    // a = (0,0), b = (4,0), m = (1,2): t = <a,b>/<a,a> = 4/16 = 1/4, d = (1,0), |m - d|^2 = 4.
    expect(overlapCircleSegment(out, [1, 2], 2, [0, 0], [4, 0])).toBe(true);
    expect(out.t).toBe(0.25);
    expect(plain(out.point)).toEqual([1, 0]);
    expect(out.distanceSquared).toBe(4);
    expect(overlapCircleSegment(out, [1, 2], 1.9, [0, 0], [4, 0])).toBe(false);
  });

  it('foot beyond the end: clamped to t = 1', () => {
    // m = (6,1): t = 24/16 > 1 -> d = (4,0), |m - d|^2 = 4 + 1 = 5.
    expect(overlapCircleSegment(out, [6, 1], 2, [0, 0], [4, 0])).toBe(false);
    expect(out.t).toBe(1);
    expect(out.distanceSquared).toBe(5);
    expect(overlapCircleSegment(out, [6, 1], Math.sqrt(5) + 1e-12, [0, 0], [4, 0])).toBe(true);
  });

  it('zero-length segment is its point', () => {
    expect(overlapCircleSegment(out, [3, 4], 5, [0, 0], [0, 0])).toBe(true);
    expect(out.t).toBe(0);
    expect(out.distanceSquared).toBe(25);
  });
});

describe('overlapRectangleCircle (seed 001)', () => {
  const out = new ClosestPointResult2();

  it('corner region: the corner is the base point', () => {
    // Rectangle [0,4]x[0,2], centre (5,3): nearest corner (4,2) at squared distance 2.
    // Right side (1) and top side (2) both reach it; the lower index wins.
    expect(overlapRectangleCircle(out, [0, 0], [4, 2], [5, 3], Math.SQRT2)).toBe(true);
    expect(plain(out.point)).toEqual([4, 2]);
    expect(out.distanceSquared).toBe(2);
    expect(out.t).toBe(1);
    expect(out.inside).toBe(false);
    expect(overlapRectangleCircle(out, [0, 0], [4, 2], [5, 3], 1.41)).toBe(false);
  });

  it('face region', () => {
    // Centre (2,-0.5) below the bottom side: base point (2,0), squared distance 0.25.
    expect(overlapRectangleCircle(out, [0, 0], [4, 2], [2, -0.5], 0.5)).toBe(true);
    expect(plain(out.point)).toEqual([2, 0]);
    expect(out.t).toBe(0);
    expect(overlapRectangleCircle(out, [0, 0], [4, 2], [2, -0.5], 0.49)).toBe(false);
  });

  it('centre inside: overlap even when every side is farther than the radius', () => {
    // Centre (1,1): distances to bottom 1, right 3, top 1, left 1; the bottom side comes first.
    expect(overlapRectangleCircle(out, [0, 0], [4, 2], [1, 1], 0.1)).toBe(true);
    expect(out.inside).toBe(true);
    expect(out.t).toBe(0);
    expect(plain(out.point)).toEqual([1, 0]);
    expect(out.distanceSquared).toBe(1);
  });

  it('agrees with clamping the centre to the box (independent method)', () => {
    const random = mulberry32(8);
    for (let i = 0; i < 2000; i++) {
      const c = [random() * 8 - 2, random() * 6 - 2], r = random() * 1.5;
      const qx = Math.min(4, Math.max(0, c[0]!)), qy = Math.min(2, Math.max(0, c[1]!));
      const expected = (c[0]! - qx) ** 2 + (c[1]! - qy) ** 2 <= r * r;
      expect(overlapRectangleCircle(out, [0, 0], [4, 2], c, r)).toBe(expected);
    }
  });
});

describe('pointInPolygon and windingNumber', () => {
  // U shape, counter-clockwise: the notch is [1,2]x[1,3].
  const u = Float64Array.of(0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3);
  const uClockwise = Float64Array.of(0, 3, 1, 3, 1, 1, 2, 1, 2, 3, 3, 3, 3, 0, 0, 0);

  it('concave U, both windings', () => {
    for (const polygon of [u, uClockwise]) {
      expect(pointInPolygon(polygon, [0.5, 2])).toBe(true); // left arm
      expect(pointInPolygon(polygon, [2.5, 2.5])).toBe(true); // right arm
      expect(pointInPolygon(polygon, [1.5, 0.5])).toBe(true); // base
      expect(pointInPolygon(polygon, [1.5, 2])).toBe(false); // in the notch
      expect(pointInPolygon(polygon, [4, 1])).toBe(false);
      expect(pointInPolygon(polygon, [-1, 1])).toBe(false); // level with a vertex, outside
    }
    expect(windingNumber(u, 0.5, 2)).toBe(1);
    expect(windingNumber(uClockwise, 0.5, 2)).toBe(-1);
  });

  it('the outline counts as inside: edges, vertices, the notch floor', () => {
    expect(pointInPolygon(u, [1.5, 1])).toBe(true); // notch floor
    expect(pointInPolygon(u, [3, 1.5])).toBe(true); // right edge
    expect(pointInPolygon(u, [2, 3])).toBe(true); // vertex
    expect(pointInPolygon(u, [1, 2])).toBe(true); // notch wall
    expect(pointInPolygon(uClockwise, [0, 0])).toBe(true);
  });

  it('a pentagram winds twice around its centre', () => {
    // Vertices at 90 + 144 k degrees: the outline goes twice around the centre.
    const star = new Float64Array(10);
    for (let k = 0; k < 5; k++) {
      star[2 * k] = Math.cos(Math.PI / 2 + (k * 4 * Math.PI) / 5);
      star[2 * k + 1] = Math.sin(Math.PI / 2 + (k * 4 * Math.PI) / 5);
    }
    expect(windingNumber(star, 0, 0)).toBe(2);
    expect(pointInPolygon(star, [0, 0])).toBe(true);
    expect(windingNumber(star, 0, -0.9)).toBe(0);
  });

  it('a posed Polygon shape: the world point is taken into its frame', () => {
    // The U turned by 90 degrees and moved to (10, 0): local (x, y) -> world (10 - y, x).
    // Local (1.5, 2) is in the notch -> world (8, 1.5); local (0.5, 2) in the left arm -> (8, 0.5).
    const shape = new Polygon([[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]])
      .setPose([10, 0], Math.PI / 2);
    expect(pointInPolygon(shape, [8, 1.5])).toBe(false);
    expect(pointInPolygon(shape, [8, 0.5])).toBe(true);
    expect(pointInPolygon(shape, [9.5, 1.5])).toBe(true); // local (1.5, 0.5): the base
    expect(pointInPolygon(shape, [1.5, 2])).toBe(false); // the unposed coordinates are far away now
  });

  it('fewer than 3 vertices: false', () => {
    expect(pointInPolygon(Float64Array.of(0, 0, 1, 1), [0.5, 0.5])).toBe(false);
  });

  it('agrees with even-odd ray casting on random star-shaped (concave) polygons', () => {
    const random = mulberry32(21);
    for (let n = 0; n < 200; n++) {
      const count = 3 + Math.floor(random() * 12);
      const polygon = new Float64Array(2 * count);
      for (let i = 0; i < count; i++) {
        const angle = ((i + 0.2 + 0.6 * random()) / count) * 2 * Math.PI;
        const radius = 0.3 + random();
        polygon[2 * i] = radius * Math.cos(angle);
        polygon[2 * i + 1] = radius * Math.sin(angle);
      }
      for (let k = 0; k < 50; k++) {
        const px = random() * 3 - 1.5, py = random() * 3 - 1.5;
        let inside = false;
        for (let i = 0, j = count - 1; i < count; j = i++) {
          const xi = polygon[2 * i]!,
            yi = polygon[2 * i + 1]!,
            xj = polygon[2 * j]!,
            yj = polygon[2 * j + 1]!;
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) {
            inside = !inside;
          }
        }
        expect(pointInPolygon(polygon, [px, py])).toBe(inside);
      }
    }
  });
});

describe('satPolygonPolygon (seed 002, minimum translation)', () => {
  const out = new Mtd2();
  const square = (cx: number, cy: number, h: number) =>
    Float64Array.of(cx - h, cy - h, cx + h, cy - h, cx + h, cy + h, cx - h, cy + h);

  it('overlapping squares: the smaller overlap, from b toward a', () => {
    // a at the origin, b at (1.5, 0.2), both half-size 1: x overlap 0.5, y overlap 1.8.
    // a lies left of b, so a moves by (-0.5, 0).
    expect(satPolygonPolygon(out, square(0, 0, 1), square(1.5, 0.2, 1))).toBe(true);
    expect(out.depth).toBeCloseTo(0.5, 14);
    expect(plain(out.normal)).toEqual([-1, 0]);
    expect(out.translation[0]).toBeCloseTo(-0.5, 14);
    // Swapped: b moves by (+0.5, 0).
    expect(satPolygonPolygon(out, square(1.5, 0.2, 1), square(0, 0, 1))).toBe(true);
    expect(out.depth).toBeCloseTo(0.5, 14);
    expect(out.normal[0]).toBe(1);
  });

  it('containment: the shortest way out', () => {
    // Small square at (0.5, 0), half-size 0.1, inside [-1,1]^2: out through x = 1 needs
    // 1 - 0.4 = 0.6; through y it needs 1.1; through x = -1 it needs 1.6.
    expect(satPolygonPolygon(out, square(0.5, 0, 0.1), square(0, 0, 1))).toBe(true);
    expect(out.depth).toBeCloseTo(0.6, 14);
    expect(out.normal[0]).toBe(1);
  });

  it('touching: depth 0; apart: minus the gap on a separating axis', () => {
    expect(satPolygonPolygon(out, square(0, 0, 1), square(2, 0, 1))).toBe(true);
    expect(out.depth).toBe(0);
    expect(satPolygonPolygon(out, square(0, 0, 1), square(3, 0.5, 1))).toBe(false);
    expect(out.depth).toBe(-1);
    expect(plain(out.normal)).toEqual([-1, 0]);
  });

  it('triangle against square, either winding', () => {
    // Triangle (0,0.5),(-1,2),(1,2) dips 0.5 into the top of [-1,1]^2 (top at y = 1):
    // its vertex (0,0.5) is 0.5 below the top face; it moves by (0, 0.5).
    const triangle = Float64Array.of(0, 0.5, 1, 2, -1, 2);
    const triangleReversed = Float64Array.of(0, 0.5, -1, 2, 1, 2);
    for (const t of [triangle, triangleReversed]) {
      expect(satPolygonPolygon(out, t, square(0, 0, 1))).toBe(true);
      expect(out.depth).toBeCloseTo(0.5, 14);
      expect(out.normal[0]).toBeCloseTo(0, 15);
      expect(out.normal[1]).toBeCloseTo(1, 15);
    }
  });

  it('fewer than 3 vertices: false, depth 0', () => {
    expect(satPolygonPolygon(out, Float64Array.of(0, 0, 1, 0), square(0, 0, 1))).toBe(false);
    expect(out.depth).toBe(0);
  });
});

describe('satCirclePolygon (seed 002, extra axis from the nearest vertex)', () => {
  const out = new Mtd2();
  const unitSquare = Float64Array.of(-1, -1, 1, -1, 1, 1, -1, 1);

  it('face region: the face normal', () => {
    // Centre (0,1.5), r = 1: bottom of the circle at 0.5, the top face at 1: depth 0.5 along +y.
    expect(satCirclePolygon(out, [0, 1.5], 1, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(0.5, 15);
    expect(plain(out.normal)).toEqual([0, 1]);
  });

  it('corner region: the vertex axis wins', () => {
    // Centre (1.5,1.5), r = 1: corner (1,1) at distance sqrt(0.5); depth 1 - sqrt(0.5) ~ 0.293
    // along (1,1)/sqrt(2), smaller than the face axes' 0.5.
    expect(satCirclePolygon(out, [1.5, 1.5], 1, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(1 - Math.SQRT1_2, 14);
    expect(out.normal[0]).toBeCloseTo(Math.SQRT1_2, 14);
    expect(out.normal[1]).toBeCloseTo(Math.SQRT1_2, 14);
    // Radius 0.7 < sqrt(0.5): the faces do not separate it, the vertex axis does (gap 0.00711).
    expect(satCirclePolygon(out, [1.5, 1.5], 0.7, unitSquare)).toBe(false);
    expect(out.depth).toBeCloseTo(0.7 - Math.SQRT1_2, 14);
  });

  it('centre inside: out through the nearest face', () => {
    // Centre (0.5, 0), r = 0.2: through x = 1 needs 1 - 0.3 = 0.7.
    expect(satCirclePolygon(out, [0.5, 0], 0.2, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(0.7, 15);
    expect(out.normal[0]).toBe(1);
    // Centre on a vertex: the vertex axis is skipped, a face axis gives r.
    expect(satCirclePolygon(out, [1, 1], 0.25, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(0.25, 15);
  });

  it('apart: minus the gap', () => {
    expect(satCirclePolygon(out, [3, 0], 1, unitSquare)).toBe(false);
    expect(out.depth).toBe(-1);
    expect(plain(out.normal)).toEqual([1, 0]);
  });
});

/** Area of the intersection of convex counter-clockwise polygons (Sutherland-Hodgman clipping). */
function intersectionArea(subject: Float64Array, clip: Float64Array): number {
  let polygon: number[] = Array.from(subject);
  const m = clip.length / 2;
  for (let e = 0; e < m && polygon.length > 0; e++) {
    const ax = clip[2 * e]!, ay = clip[2 * e + 1]!;
    const bx = clip[(2 * e + 2) % (2 * m)]!, by = clip[(2 * e + 3) % (2 * m)]!;
    const side = (x: number, y: number) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const next: number[] = [];
    const n = polygon.length / 2;
    for (let i = 0; i < n; i++) {
      const px = polygon[2 * i]!, py = polygon[2 * i + 1]!;
      const qx = polygon[(2 * i + 2) % (2 * n)]!, qy = polygon[(2 * i + 3) % (2 * n)]!;
      const sp = side(px, py), sq = side(qx, qy);
      if (sp >= 0) next.push(px, py);
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        next.push(px + t * (qx - px), py + t * (qy - py));
      }
    }
    polygon = next;
  }
  let twice = 0;
  const n = polygon.length / 2;
  for (let i = 0; i < n; i++) {
    twice += polygon[2 * i]! * polygon[(2 * i + 3) % (2 * n)]! -
      polygon[(2 * i + 2) % (2 * n)]! * polygon[2 * i + 1]!;
  }
  return twice / 2;
}

function pointSegmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const ex = bx - ax, ey = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)));
  return Math.hypot(px - ax - t * ex, py - ay - t * ey);
}

/** Smallest vertex-to-edge distance between two outlines, both ways (their distance when apart). */
function outlineDistance(a: Float64Array, b: Float64Array): number {
  let best = Infinity;
  for (const [p, q] of [[a, b], [b, a]] as const) {
    const n = q.length / 2;
    for (let i = 0; i < p.length / 2; i++) {
      for (let j = 0; j < n; j++) {
        const k = (j + 1) % n;
        best = Math.min(
          best,
          pointSegmentDistance(
            p[2 * i]!,
            p[2 * i + 1]!,
            q[2 * j]!,
            q[2 * j + 1]!,
            q[2 * k]!,
            q[2 * k + 1]!,
          ),
        );
      }
    }
  }
  return best;
}

function translated(polygon: Float64Array, dx: number, dy: number): Float64Array {
  const out = new Float64Array(polygon.length);
  for (let i = 0; i < polygon.length; i += 2) {
    out[i] = polygon[i]! + dx;
    out[i + 1] = polygon[i + 1]! + dy;
  }
  return out;
}

function reversed(polygon: Float64Array): Float64Array {
  const n = polygon.length / 2;
  const out = new Float64Array(polygon.length);
  for (let i = 0; i < n; i++) {
    out[2 * i] = polygon[2 * (n - 1 - i)]!;
    out[2 * i + 1] = polygon[2 * (n - 1 - i) + 1]!;
  }
  return out;
}

describe('SAT minimum translation: seeded properties over 10,000 pairs', () => {
  // Moving the first shape by (depth + step) along the normal separates the pair, by
  // (depth - step) leaves it overlapping; both checked by clipping area and outline distance,
  // methods independent of the SAT.
  const step = 1e-5;

  it('convex polygon pairs (random windings)', () => {
    const random = mulberry32(2024);
    const out = new Mtd2();
    const swappedOut = new Mtd2();
    const shiftedOut = new Mtd2();
    let overlapping = 0;
    for (let n = 0; n < PROPERTY_RUNS; n++) {
      const a = randomConvexPolygon(
        random,
        3 + Math.floor(random() * 6),
        random() * 2 - 1,
        random() * 2 - 1,
        0.3 + random(),
      );
      const b = randomConvexPolygon(
        random,
        3 + Math.floor(random() * 6),
        random() * 2 - 1,
        random() * 2 - 1,
        0.3 + random(),
      );
      const hit = satPolygonPolygon(
        out,
        random() < 0.5 ? a : reversed(a),
        random() < 0.5 ? b : reversed(b),
      );
      const nx = out.normal[0]!, ny = out.normal[1]!;
      expect(Math.hypot(nx, ny)).toBeCloseTo(1, 12);
      expect(Number.isFinite(out.depth)).toBe(true);
      if (!hit) {
        expect(out.depth).toBeLessThan(0);
        expect(intersectionArea(a, b)).toBe(0);
        continue;
      }
      overlapping++;
      expect(out.depth).toBeGreaterThanOrEqual(0);
      const depth = out.depth;
      // Swapped order: the same depth (the same axes, the same minimum), and its translation
      // moves b out of a. The normal is not compared: on a tie between axes either is right.
      expect(satPolygonPolygon(swappedOut, b, a)).toBe(true);
      expect(swappedOut.depth).toBeCloseTo(depth, 12);
      const reach = swappedOut.depth + step;
      expect(
        intersectionArea(
          a,
          translated(b, swappedOut.normal[0]! * reach, swappedOut.normal[1]! * reach),
        ),
      ).toBe(0);
      // Moving both shapes by the same offset changes nothing but round-off.
      const shift = [random() * 200 - 100, random() * 200 - 100] as const;
      expect(satPolygonPolygon(shiftedOut, translated(a, ...shift), translated(b, ...shift))).toBe(
        true,
      );
      expect(shiftedOut.depth).toBeCloseTo(depth, 9);
      const far = translated(a, nx * (out.depth + step), ny * (out.depth + step));
      expect(intersectionArea(far, b)).toBe(0);
      expect(outlineDistance(far, b)).toBeGreaterThan(step / 2);
      if (out.depth > step) {
        const near = translated(a, nx * (out.depth - step), ny * (out.depth - step));
        expect(intersectionArea(near, b)).toBeGreaterThan(0);
      }
    }
    expect(overlapping).toBeGreaterThan(3000);
  }, PROPERTY_TIMEOUT);

  it('circle against convex polygon', () => {
    const random = mulberry32(77);
    const out = new Mtd2();
    // Signed distance from a point to a convex CCW polygon: negative inside.
    const signedDistance = (polygon: Float64Array, x: number, y: number) => {
      const n = polygon.length / 2;
      let inside = true;
      let best = Infinity;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const ax = polygon[2 * i]!,
          ay = polygon[2 * i + 1]!,
          bx = polygon[2 * j]!,
          by = polygon[2 * j + 1]!;
        if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) inside = false;
        best = Math.min(best, pointSegmentDistance(x, y, ax, ay, bx, by));
      }
      return inside ? -best : best;
    };
    let overlapping = 0;
    for (let n = 0; n < PROPERTY_RUNS; n++) {
      const polygon = randomConvexPolygon(
        random,
        3 + Math.floor(random() * 6),
        0,
        0,
        0.5 + random(),
      );
      const cx = random() * 4 - 2, cy = random() * 4 - 2, r = 0.05 + random();
      const hit = satCirclePolygon(out, [cx, cy], r, random() < 0.5 ? polygon : reversed(polygon));
      const nx = out.normal[0]!, ny = out.normal[1]!;
      expect(Math.hypot(nx, ny)).toBeCloseTo(1, 12);
      if (!hit) {
        expect(signedDistance(polygon, cx, cy)).toBeGreaterThan(r);
        continue;
      }
      overlapping++;
      expect(signedDistance(polygon, cx + nx * (out.depth + step), cy + ny * (out.depth + step)))
        .toBeGreaterThan(r);
      if (out.depth > step) {
        expect(signedDistance(polygon, cx + nx * (out.depth - step), cy + ny * (out.depth - step)))
          .toBeLessThan(r);
      }
    }
    expect(overlapping).toBeGreaterThan(3000);
  }, PROPERTY_TIMEOUT);
});
