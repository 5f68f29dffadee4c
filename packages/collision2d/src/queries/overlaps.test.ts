import { describe, it, expect } from 'vitest';
import {
  overlapRectangles,
  overlapCircles,
  overlapCircleSegment,
  overlapRectangleCircle,
  ClosestPointResult2,
} from './overlaps.js';
import { mulberry32 } from '@contactkit/test-support';

/** Components as plain numbers with -0 turned into 0 (x + 0 does that), for exact comparisons. */
const plain = (v: ArrayLike<number>) => Array.from(v, (x) => x + 0);

describe('overlapRectangles', () => {
  it('overlapping, touching (closed) and apart', () => {
    // a = [0,2]x[0,1]; b = [1,3]x[0.5,3]: x ranges share [1,2], y ranges [0.5,1].
    expect(overlapRectangles([0, 0], [2, 1], [1, 0.5], [3, 3])).toBe(true);
    // Sharing only the edge x = 2: the common strict < says no, our closed test says touching.
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

describe('overlapCircles', () => {
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

describe('overlapCircleSegment', () => {
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

describe('overlapRectangleCircle', () => {
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
