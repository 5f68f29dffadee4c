import { describe, it, expect } from 'vitest';
import {
  intersectLines,
  intersectSegments,
  intersectCircleLine,
  LineIntersection2,
  LineRelation,
  CircleLineIntersection2,
} from './lines.js';
import { mulberry32 } from '@contactkit/test-support';

/** Components as plain numbers with -0 turned into 0 (x + 0 does that), for exact comparisons. */
const plain = (v: ArrayLike<number>) => Array.from(v, (x) => x + 0);

describe('intersectLines', () => {
  const out = new LineIntersection2();

  it("crossing lines: ua and ub by Cramer's rule", () => {
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

describe('intersectSegments', () => {
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

describe('intersectCircleLine', () => {
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
