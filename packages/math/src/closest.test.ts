import { describe, expect, it } from 'vitest';
import {
  SegmentClosestPoints,
  closestPointOnSegment2,
  closestPointOnSegment3,
  closestPointsSegmentSegment2,
  closestPointsSegmentSegment3,
  writeClosestPointsSegmentSegment3,
} from './closest.js';
import { vec2, vec3 } from './create.js';
import { Random } from '@contactkit/test-support';

function expectVector(actual: ArrayLike<number>, expected: number[], digits = 12): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i]!, digits);
}

const v = (...c: number[]) => Float64Array.from(c);

/** Runs the 3D kernel on fresh outputs and returns everything it answered. */
function segments3(p1: number[], q1: number[], p2: number[], q2: number[]) {
  const out = new SegmentClosestPoints(vec3(), vec3());
  const returned = closestPointsSegmentSegment3(out, v(...p1), v(...q1), v(...p2), v(...q2));
  return {
    returned,
    s: out.s,
    t: out.t,
    d2: out.distanceSquared,
    c1: Array.from(out.closest1),
    c2: Array.from(out.closest2),
  };
}

function segments2(p1: number[], q1: number[], p2: number[], q2: number[]) {
  const out = new SegmentClosestPoints(vec2(), vec2());
  const returned = closestPointsSegmentSegment2(out, v(...p1), v(...q1), v(...p2), v(...q2));
  return {
    returned,
    s: out.s,
    t: out.t,
    d2: out.distanceSquared,
    c1: Array.from(out.closest1),
    c2: Array.from(out.closest2),
  };
}

describe('closestPointsSegmentSegment3, hand-computed (Ericson 5.1.9)', () => {
  it('crossing segments meet at their midpoints', () => {
    // x axis from -1 to 1 and y axis from -1 to 1 cross at the origin: s = t = 1/2, distance 0.
    const r = segments3([-1, 0, 0], [1, 0, 0], [0, -1, 0], [0, 1, 0]);
    expect(r.s).toBeCloseTo(0.5, 15);
    expect(r.t).toBeCloseTo(0.5, 15);
    expectVector(r.c1, [0, 0, 0]);
    expectVector(r.c2, [0, 0, 0]);
    expect(r.d2).toBe(0);
    expect(r.returned).toBe(r.d2);
  });

  it('skew segments: the common perpendicular between interior points', () => {
    // Segment 2 is segment 1 turned 90 degrees about z and lifted to z = 2: the common
    // perpendicular is the z axis, so (0,0,0) and (0,0,2), distance^2 = 4.
    const r = segments3([-1, 0, 0], [1, 0, 0], [0, -1, 2], [0, 1, 2]);
    expect(r.s).toBeCloseTo(0.5, 15);
    expect(r.t).toBeCloseTo(0.5, 15);
    expectVector(r.c1, [0, 0, 0]);
    expectVector(r.c2, [0, 0, 2]);
    expect(r.d2).toBeCloseTo(4, 14);
  });

  it('clamps s at the end of segment 1 and re-solves t', () => {
    // d1 = (1,0,0), d2 = (0,2,0), r = p1 - p2 = (-2,1,-1): a = 1, b = 0, c = -2, e = 4, f = 2.
    // s = (b f - c e) / (a e - b^2) = 8 / 4 = 2 -> clamped to 1; t = (b s + f) / e = 1/2.
    // Points (1,0,0) and (2,0,1): distance^2 = 1 + 1 = 2.
    const r = segments3([0, 0, 0], [1, 0, 0], [2, -1, 1], [2, 1, 1]);
    expect(r.s).toBe(1);
    expect(r.t).toBeCloseTo(0.5, 15);
    expectVector(r.c1, [1, 0, 0]);
    expectVector(r.c2, [2, 0, 1]);
    expect(r.d2).toBeCloseTo(2, 14);
  });

  it('clamps s at the start of segment 1', () => {
    // Mirror of the previous case through x = 0.5: the lines meet above x = -1, so s = 0.
    const r = segments3([0, 0, 0], [1, 0, 0], [-1, -1, 1], [-1, 1, 1]);
    expect(r.s).toBe(0);
    expect(r.t).toBeCloseTo(0.5, 15);
    expectVector(r.c2, [-1, 0, 1]);
    expect(r.d2).toBeCloseTo(2, 14);
  });

  it('clamps t at 0, then recomputes s from the start of segment 2', () => {
    // d1 = (2,0,0), d2 = (0,2,0), r = (0,0,0) - (1,1,1): a = 4, b = 0, c = -2, e = 4, f = -2.
    // s = 8 / 16 = 1/2, t = (0 - 2) / 4 = -1/2 -> t = 0, s = clamp(-c / a) = 1/2.
    // Points (1,0,0) and (1,1,1): distance^2 = 2.
    const r = segments3([0, 0, 0], [2, 0, 0], [1, 1, 1], [1, 3, 1]);
    expect(r.t).toBe(0);
    expect(r.s).toBeCloseTo(0.5, 15);
    expectVector(r.c1, [1, 0, 0]);
    expectVector(r.c2, [1, 1, 1]);
    expect(r.d2).toBeCloseTo(2, 14);
  });

  it('clamps t at 1, then recomputes s from the end of segment 2', () => {
    // Segment 2 runs from y = -3 to y = -1: t = 3/2 -> 1, its end (1,-1,1) projects to s = 1/2.
    const r = segments3([0, 0, 0], [2, 0, 0], [1, -3, 1], [1, -1, 1]);
    expect(r.t).toBe(1);
    expect(r.s).toBeCloseTo(0.5, 15);
    expectVector(r.c1, [1, 0, 0]);
    expectVector(r.c2, [1, -1, 1]);
    expect(r.d2).toBeCloseTo(2, 14);
  });

  it('clamps both parameters: end of segment 1 against start of segment 2', () => {
    // Segment 2 goes up from (2,1,0), to the right of and above segment 1 on [0,1] x {0}:
    // the nearest pair is the corner (1,0,0) and (2,1,0), distance^2 = 2.
    const r = segments3([0, 0, 0], [1, 0, 0], [2, 1, 0], [2, 3, 0]);
    expect(r.s).toBe(1);
    expect(r.t).toBe(0);
    expectVector(r.c1, [1, 0, 0]);
    expectVector(r.c2, [2, 1, 0]);
    expect(r.d2).toBeCloseTo(2, 14);
  });

  it('parallel overlapping segments answer the middle of the overlap', () => {
    // x in [0,4] at y = 0 and x in [1,6] at y = 1 overlap on x in [1,4], middle x = 2.5:
    // s = 2.5 / 4 = 0.625, t = (2.5 - 1) / 5 = 0.3, distance^2 = 1.
    const r = segments3([0, 0, 0], [4, 0, 0], [1, 1, 0], [6, 1, 0]);
    expect(r.s).toBeCloseTo(0.625, 14);
    expect(r.t).toBeCloseTo(0.3, 14);
    expectVector(r.c1, [2.5, 0, 0]);
    expectVector(r.c2, [2.5, 1, 0]);
    expect(r.d2).toBeCloseTo(1, 14);
  });

  it('anti-parallel overlapping segments give the same middle with t measured backwards', () => {
    // Segment 2 reversed: from x = 6 down to x = 1, so x = 2.5 is at t = (6 - 2.5) / 5 = 0.7.
    const r = segments3([0, 0, 0], [4, 0, 0], [6, 1, 0], [1, 1, 0]);
    expect(r.s).toBeCloseTo(0.625, 14);
    expect(r.t).toBeCloseTo(0.7, 14);
    expectVector(r.c1, [2.5, 0, 0]);
    expectVector(r.c2, [2.5, 1, 0]);
  });

  it('a parallel segment inside the other: the middle of the shorter one', () => {
    // x in [1,2] at z = 1 lies over x in [0,4]: overlap [1,2], middle 1.5, s = 0.375, t = 0.5.
    const r = segments3([0, 0, 0], [4, 0, 0], [1, 0, 1], [2, 0, 1]);
    expect(r.s).toBeCloseTo(0.375, 14);
    expect(r.t).toBeCloseTo(0.5, 14);
    expect(r.d2).toBeCloseTo(1, 14);
  });

  it('collinear overlapping segments touch in the middle of the overlap', () => {
    // [0,2] and [1,3] on the x axis: overlap [1,2], middle 1.5, distance 0.
    const r = segments3([0, 0, 0], [2, 0, 0], [1, 0, 0], [3, 0, 0]);
    expectVector(r.c1, [1.5, 0, 0]);
    expectVector(r.c2, [1.5, 0, 0]);
    expect(r.d2).toBe(0);
  });

  it('parallel disjoint segments: the facing end points', () => {
    // x in [0,1] at y = 0 and x in [3,5] at y = 2: the gap runs from (1,0,0) to (3,2,0),
    // distance^2 = 2^2 + 2^2 = 8.
    const r = segments3([0, 0, 0], [1, 0, 0], [3, 2, 0], [5, 2, 0]);
    expect(r.s).toBe(1);
    expect(r.t).toBe(0);
    expectVector(r.c1, [1, 0, 0]);
    expectVector(r.c2, [3, 2, 0]);
    expect(r.d2).toBeCloseTo(8, 14);
  });

  it('anti-parallel disjoint segments on the other side', () => {
    // Segment 2 from x = -1 to x = -3 at z = 1: (0,0,0) faces its start (-1,0,1), distance^2 = 2.
    const r = segments3([0, 0, 0], [1, 0, 0], [-1, 0, 1], [-3, 0, 1]);
    expect(r.s).toBe(0);
    expect(r.t).toBe(0);
    expect(r.d2).toBeCloseTo(2, 14);
  });

  it('segment 1 of zero length is a point projected onto segment 2', () => {
    // The point (1,1,1) over x in [0,2]: foot (1,0,0), t = 1/2, distance^2 = 2.
    const r = segments3([1, 1, 1], [1, 1, 1], [0, 0, 0], [2, 0, 0]);
    expect(r.s).toBe(0);
    expect(r.t).toBeCloseTo(0.5, 15);
    expectVector(r.c1, [1, 1, 1]);
    expectVector(r.c2, [1, 0, 0]);
    expect(r.d2).toBeCloseTo(2, 14);
  });

  it('segment 2 of zero length is a point projected onto segment 1, clamped', () => {
    // The point (5,1,0) beyond the end of x in [0,2]: s = 1, closest (2,0,0), distance^2 = 10.
    const r = segments3([0, 0, 0], [2, 0, 0], [5, 1, 0], [5, 1, 0]);
    expect(r.s).toBe(1);
    expect(r.t).toBe(0);
    expectVector(r.c1, [2, 0, 0]);
    expect(r.d2).toBeCloseTo(10, 14);
  });

  it('both segments of zero length: the distance between the two points', () => {
    // (1,2,3) to (4,6,3): 3-4-5 triangle, distance^2 = 25.
    const r = segments3([1, 2, 3], [1, 2, 3], [4, 6, 3], [4, 6, 3]);
    expect(r.s).toBe(0);
    expect(r.t).toBe(0);
    expectVector(r.c1, [1, 2, 3]);
    expectVector(r.c2, [4, 6, 3]);
    expect(r.d2).toBe(25);
  });
});

describe('closestPointsSegmentSegment2, hand-computed', () => {
  it('crossing segments: the crossing point', () => {
    // y = x from (0,0) to (2,2) and y = 2 - x from (0,2) to (2,0) cross at (1,1), s = t = 1/2.
    const r = segments2([0, 0], [2, 2], [0, 2], [2, 0]);
    expect(r.s).toBeCloseTo(0.5, 15);
    expect(r.t).toBeCloseTo(0.5, 15);
    expectVector(r.c1, [1, 1]);
    expectVector(r.c2, [1, 1]);
    expect(r.d2).toBeCloseTo(0, 15);
  });

  it('a T that does not touch: the stem end against the bar', () => {
    // Bar x in [-1,1] at y = 0, stem from (0.5,3) up to (0.5,5): (0.5,0) and (0.5,3), distance^2 9.
    const r = segments2([-1, 0], [1, 0], [0.5, 3], [0.5, 5]);
    expect(r.s).toBeCloseTo(0.75, 15);
    expect(r.t).toBe(0);
    expect(r.d2).toBeCloseTo(9, 14);
  });

  it('parallel overlapping segments: the middle of the overlap', () => {
    // As in 3D: [0,4] and [1,6] one unit apart, middle x = 2.5.
    const r = segments2([0, 0], [4, 0], [1, 1], [6, 1]);
    expectVector(r.c1, [2.5, 0]);
    expectVector(r.c2, [2.5, 1]);
    expect(r.d2).toBeCloseTo(1, 14);
  });

  it('parallel disjoint, zero-length and both-zero-length cases', () => {
    expect(segments2([0, 0], [1, 0], [3, 2], [5, 2]).d2).toBeCloseTo(8, 14);
    // The point (1,1) over x in [0,2]: distance 1.
    const point = segments2([1, 1], [1, 1], [0, 0], [2, 0]);
    expect(point.t).toBeCloseTo(0.5, 15);
    expect(point.d2).toBeCloseTo(1, 14);
    expect(segments2([0, 0], [0, 0], [3, 4], [3, 4]).d2).toBe(25);
  });
});

describe('nearly parallel segments (regression)', () => {
  // Bug: the kernel took the middle of the overlap whenever the sine of the angle was below 1e-3
  // (PARALLEL_EPSILON), so two segments sharing an end point at 1e-3 radians were reported
  // 5e-4 apart (the gap at their middles). Now only sines below 1e-6 count as parallel.
  it('test_near_parallel_shared_end_point_reports_touching', () => {
    for (const rise of [1e-2, 1e-3, 5e-4, 1e-4, 1e-5]) {
      // Both start at the origin; segment 2 ends at (1, rise): the true distance is 0.
      const r2 = segments2([0, 0], [1, 0], [0, 0], [1, rise]);
      expect(Math.sqrt(r2.d2)).toBeLessThan(1e-12);
      const r3 = segments3([0, 0, 0], [1, 0, 0], [0, 0, 0], [1, rise, rise]);
      expect(Math.sqrt(r3.d2)).toBeLessThan(1e-12);
    }
  });

  it('below the parallel threshold the answer is the middle, within sin(angle) * length / 2', () => {
    // rise 1e-8 over length 1: treated as parallel, middle s = 1/2, gap there 5e-9.
    const r = segments2([0, 0], [1, 0], [0, 0], [1, 1e-8]);
    expect(r.s).toBeCloseTo(0.5, 12);
    expect(Math.sqrt(r.d2)).toBeLessThanOrEqual(0.5e-8 * (1 + 1e-9));
  });
});

/** Distance from `p` to segment `a b`, by the clamped projection written out again here. */
function pointSegmentDistance(p: Float64Array, a: Float64Array, b: Float64Array): number {
  let dot = 0, lengthSquared = 0;
  for (let k = 0; k < p.length; k++) {
    dot += (p[k]! - a[k]!) * (b[k]! - a[k]!);
    lengthSquared += (b[k]! - a[k]!) ** 2;
  }
  const t = lengthSquared > 0 ? Math.min(1, Math.max(0, dot / lengthSquared)) : 0;
  let sum = 0;
  for (let k = 0; k < p.length; k++) sum += (a[k]! + t * (b[k]! - a[k]!) - p[k]!) ** 2;
  return Math.sqrt(sum);
}

describe('nearly parallel segments far from the origin', () => {
  // Segments whose directions differ by a sine from 1e-3 down to 1e-9, around coordinates up to
  // 1000. The distance of two segments is at most that of any end point to the other segment.
  // Above the parallel threshold (sine 1e-6) Ericson's formula must reach that bound to
  // round-off; below it the middle of the overlap may exceed it by at most
  // sin(angle) * (length1 + length2) / 2, as SEGMENT_PARALLEL_EPSILON documents.
  for (const dimension of [2, 3]) {
    it(`${dimension}D: never farther than the end point distances allow`, () => {
      const random = new Random(0xfa2 + dimension);
      const out = new SegmentClosestPoints(
        new Float64Array(dimension),
        new Float64Array(dimension),
      );
      const kernel = dimension === 2 ? closestPointsSegmentSegment2 : closestPointsSegmentSegment3;
      for (let n = 0; n < 2000; n++) {
        const offset = random.range(-1000, 1000);
        const p1 = random.vector(dimension, offset - 2, offset + 2),
          q1 = random.vector(dimension, offset - 2, offset + 2);
        const p2 = random.vector(dimension, offset - 2, offset + 2);
        const tilt = 10 ** -random.range(3, 9);
        const k = random.range(-2, 2);
        const q2 = p2.map((x, i) => x + k * (q1[i]! - p1[i]!) + random.range(-tilt, tilt));
        const distance = Math.sqrt(kernel(out, p1, q1, p2, q2));
        const endPoints = Math.min(
          pointSegmentDistance(p1, p2, q2),
          pointSegmentDistance(q1, p2, q2),
          pointSegmentDistance(p2, p1, q1),
          pointSegmentDistance(q2, p1, q1),
        );
        // The sine from the cross product (1 - cos^2 would lose it to cancellation). The kernel
        // decides "parallel" from a x e - b^2, which round-off blurs near the threshold, hence 2e-6.
        const d1 = p1.map((x, i) => q1[i]! - x), d2 = p2.map((x, i) => q2[i]! - x);
        const cross = dimension === 2
          ? Math.abs(d1[0]! * d2[1]! - d1[1]! * d2[0]!)
          : Math.hypot(
            d1[1]! * d2[2]! - d1[2]! * d2[1]!,
            d1[2]! * d2[0]! - d1[0]! * d2[2]!,
            d1[0]! * d2[1]! - d1[1]! * d2[0]!,
          );
        const length1 = Math.hypot(...d1), length2 = Math.hypot(...d2);
        const sine = cross / (length1 * length2);
        const allowance = sine < 2e-6 ? (sine * (length1 + length2)) / 2 : 0;
        expect(distance).toBeLessThanOrEqual(endPoints + allowance + 1e-9);
      }
    });
  }
});

/**
 * Brute-force minimum of |(p1 + s d1) - (p2 + t d2)| over [0,1]^2: a 41 x 41 grid, then compass
 * search from the best grid point with halving steps. The squared distance is a convex quadratic
 * in (s, t), so the descent from any start reaches the global minimum.
 */
function bruteForceDistance(
  p1: Float64Array,
  q1: Float64Array,
  p2: Float64Array,
  q2: Float64Array,
): number {
  const n = p1.length;
  const distanceAt = (s: number, t: number): number => {
    let sum = 0;
    for (let k = 0; k < n; k++) {
      const diff = p1[k]! + s * (q1[k]! - p1[k]!) - (p2[k]! + t * (q2[k]! - p2[k]!));
      sum += diff * diff;
    }
    return Math.sqrt(sum);
  };
  const steps = 40;
  let bestS = 0, bestT = 0, best = Infinity;
  for (let i = 0; i <= steps; i++) {
    for (let j = 0; j <= steps; j++) {
      const d = distanceAt(i / steps, j / steps);
      if (d < best) {
        best = d;
        bestS = i / steps;
        bestT = j / steps;
      }
    }
  }
  const clamp = (x: number) => Math.min(1, Math.max(0, x));
  for (let h = 1 / steps; h > 1e-13;) {
    let moved = false;
    for (
      const [ds, dt] of [[1, 0], [-1, 0], [0, 1], [0, -1], [1, 1], [-1, -1], [1, -1], [
        -1,
        1,
      ]] as const
    ) {
      const s = clamp(bestS + ds * h), t = clamp(bestT + dt * h);
      const d = distanceAt(s, t);
      if (d < best) {
        best = d;
        bestS = s;
        bestT = t;
        moved = true;
      }
    }
    if (!moved) h *= 0.5;
  }
  return best;
}

/** A random segment pair in `dimension` D; some pairs parallel, nearly parallel or degenerate. */
function randomPair(random: Random, dimension: number): Float64Array[] {
  const p1 = random.vector(dimension, -2, 2), q1 = random.vector(dimension, -2, 2);
  const p2 = random.vector(dimension, -2, 2);
  let q2 = random.vector(dimension, -2, 2);
  const kind = random.next();
  if (kind < 0.15) {
    // Parallel or anti-parallel: segment 2's direction is a multiple of segment 1's.
    const k = random.range(-1.5, 1.5);
    q2 = p2.map((x, i) => x + k * (q1[i]! - p1[i]!));
  } else if (kind < 0.25) {
    // Nearly parallel: a small tilt of segment 1's direction.
    q2 = p2.map((x, i) => x + (q1[i]! - p1[i]!) + random.range(-1e-4, 1e-4));
  } else if (kind < 0.3) {
    q1.set(p1);
  } else if (kind < 0.35) {
    q2 = Float64Array.from(p2);
  }
  return [p1, q1, p2, q2];
}

describe('segment-segment against brute force', () => {
  for (const dimension of [2, 3]) {
    it(`${dimension}D: 300 seeded pairs match the brute-force minimum and never exceed it`, () => {
      const random = new Random(0x5e9 + dimension);
      const out = new SegmentClosestPoints(
        new Float64Array(dimension),
        new Float64Array(dimension),
      );
      const kernel = dimension === 2 ? closestPointsSegmentSegment2 : closestPointsSegmentSegment3;
      for (let n = 0; n < 300; n++) {
        const [p1, q1, p2, q2] = randomPair(random, dimension) as [
          Float64Array,
          Float64Array,
          Float64Array,
          Float64Array,
        ];
        const distanceSquared = kernel(out, p1, q1, p2, q2);
        const distance = Math.sqrt(distanceSquared);
        const brute = bruteForceDistance(p1, q1, p2, q2);
        expect(Math.abs(distance - brute)).toBeLessThan(1e-9);
        expect(distance).toBeLessThanOrEqual(brute + 1e-12);
        // The reported points are the points at the reported parameters, and their distance.
        expect(out.s).toBeGreaterThanOrEqual(0);
        expect(out.s).toBeLessThanOrEqual(1);
        expect(out.t).toBeGreaterThanOrEqual(0);
        expect(out.t).toBeLessThanOrEqual(1);
        let sum = 0;
        for (let k = 0; k < dimension; k++) {
          expect(out.closest1[k]).toBeCloseTo(p1[k]! + out.s * (q1[k]! - p1[k]!), 12);
          expect(out.closest2[k]).toBeCloseTo(p2[k]! + out.t * (q2[k]! - p2[k]!), 12);
          sum += (out.closest1[k]! - out.closest2[k]!) ** 2;
        }
        expect(out.distanceSquared).toBeCloseTo(sum, 14);
      }
    });
  }
});

describe('segment-segment aliasing: an output array may be an input', () => {
  // Every way of making closest1 and closest2 two of the four inputs must give the answer
  // computed into fresh arrays.
  for (const dimension of [2, 3]) {
    it(`${dimension}D: closest1 and closest2 may be any two of p1, q1, p2, q2`, () => {
      const random = new Random(77 + dimension);
      const kernel = dimension === 2 ? closestPointsSegmentSegment2 : closestPointsSegmentSegment3;
      for (let n = 0; n < 20; n++) {
        const inputs = randomPair(random, dimension);
        const fresh = new SegmentClosestPoints(
          new Float64Array(dimension),
          new Float64Array(dimension),
        );
        const expected = kernel(fresh, inputs[0]!, inputs[1]!, inputs[2]!, inputs[3]!);
        for (let i = 0; i < 4; i++) {
          for (let j = 0; j < 4; j++) {
            const copies = inputs.map((x) => Float64Array.from(x));
            // j === i: only closest1 aliases an input; closest2 is fresh.
            const out = new SegmentClosestPoints(
              copies[i]!,
              j === i ? new Float64Array(dimension) : copies[j]!,
            );
            const got = kernel(out, copies[0]!, copies[1]!, copies[2]!, copies[3]!);
            expect(got).toBe(expected);
            expect(out.s).toBe(fresh.s);
            expect(out.t).toBe(fresh.t);
            expect(Array.from(out.closest1)).toEqual(Array.from(fresh.closest1));
            expect(Array.from(out.closest2)).toEqual(Array.from(fresh.closest2));
          }
        }
      }
    });
  }
});

describe('closestPointOnSegment3 and closestPointOnSegment2', () => {
  it('projects onto the interior: t = dot(p - a, e) / |e|^2', () => {
    // p = (1,2,0) over a = (0,0,0), b = (4,0,0): dot = 4, |e|^2 = 16, t = 1/4, foot (1,0,0).
    const out = vec3(9, 9, 9);
    expect(closestPointOnSegment3(out, vec3(1, 2, 0), vec3(0, 0, 0), vec3(4, 0, 0))).toBe(0.25);
    expectVector(out, [1, 0, 0]);
    const out2 = vec2(9, 9);
    expect(closestPointOnSegment2(out2, vec2(1, 2), vec2(0, 0), vec2(4, 0))).toBe(0.25);
    expectVector(out2, [1, 0]);
  });

  it('clamps before the start to a and past the end to b', () => {
    const out = vec3();
    // p = (-1,1,0): dot = -4 -> t = 0, out = a.
    expect(closestPointOnSegment3(out, vec3(-1, 1, 0), vec3(0, 0, 0), vec3(4, 0, 0))).toBe(0);
    expectVector(out, [0, 0, 0]);
    // p = (6,-1,0): dot = 24 -> t = 1.5 -> 1, out = b.
    expect(closestPointOnSegment3(out, vec3(6, -1, 0), vec3(0, 0, 0), vec3(4, 0, 0))).toBe(1);
    expectVector(out, [4, 0, 0]);
    const out2 = vec2();
    expect(closestPointOnSegment2(out2, vec2(-3, 5), vec2(1, 1), vec2(3, 1))).toBe(0);
    expectVector(out2, [1, 1]);
    expect(closestPointOnSegment2(out2, vec2(7, -5), vec2(1, 1), vec2(3, 1))).toBe(1);
    expectVector(out2, [3, 1]);
  });

  it('a zero-length segment answers t = 0 and its single point', () => {
    const out = vec3();
    expect(closestPointOnSegment3(out, vec3(5, 5, 5), vec3(1, 2, 3), vec3(1, 2, 3))).toBe(0);
    expectVector(out, [1, 2, 3]);
    const out2 = vec2();
    expect(closestPointOnSegment2(out2, vec2(5, 5), vec2(1, 2), vec2(1, 2))).toBe(0);
    expectVector(out2, [1, 2]);
  });

  it('a diagonal segment: the foot of the perpendicular', () => {
    // a = (0,0,0), b = (2,2,2), p = (3,0,0): t = dot(p, e) / |e|^2 = 6 / 12 = 1/2, foot (1,1,1).
    const out = vec3();
    expect(closestPointOnSegment3(out, vec3(3, 0, 0), vec3(0, 0, 0), vec3(2, 2, 2))).toBeCloseTo(
      0.5,
      15,
    );
    expectVector(out, [1, 1, 1]);
  });

  it('out may alias p, a or b (3D)', () => {
    // p = (1,2,3), a = (0,0,0), b = (2,0,0): t = 2 / 4 = 1/2, foot (1,0,0).
    const make = () => [vec3(1, 2, 3), vec3(0, 0, 0), vec3(2, 0, 0)] as const;
    for (let which = 0; which < 3; which++) {
      const [p, a, b] = make();
      const out = [p, a, b][which]!;
      expect(closestPointOnSegment3(out, p, a, b)).toBeCloseTo(0.5, 15);
      expectVector(out, [1, 0, 0]);
    }
  });

  it('out may alias p, a or b (2D)', () => {
    // p = (1,2), a = (0,0), b = (2,0): t = 1/2, foot (1,0).
    const make = () => [vec2(1, 2), vec2(0, 0), vec2(2, 0)] as const;
    for (let which = 0; which < 3; which++) {
      const [p, a, b] = make();
      const out = [p, a, b][which]!;
      expect(closestPointOnSegment2(out, p, a, b)).toBeCloseTo(0.5, 15);
      expectVector(out, [1, 0]);
    }
  });

  it('matches the minimum over 1001 samples of the segment for seeded points', () => {
    const random = new Random(2024);
    const out = vec3();
    for (let n = 0; n < 100; n++) {
      const p = random.vector(3, -3, 3), a = random.vector(3, -3, 3), b = random.vector(3, -3, 3);
      closestPointOnSegment3(out, p, a, b);
      const kernel = Math.hypot(out[0]! - p[0]!, out[1]! - p[1]!, out[2]! - p[2]!);
      let best = Infinity;
      for (let i = 0; i <= 1000; i++) {
        const t = i / 1000;
        best = Math.min(
          best,
          Math.hypot(
            a[0]! + t * (b[0]! - a[0]!) - p[0]!,
            a[1]! + t * (b[1]! - a[1]!) - p[1]!,
            a[2]! + t * (b[2]! - a[2]!) - p[2]!,
          ),
        );
      }
      // The sampled minimum is at most a half sample step (|e| / 2000 <= 0.006) away along the
      // segment, which raises the distance by less than that; the kernel must never be larger.
      expect(kernel).toBeLessThanOrEqual(best + 1e-12);
      expect(best - kernel).toBeLessThan(0.006);
    }
  });
});

describe('the range of coordinates (MAX_COORDINATE = 1e75), the reason for its bound', () => {
  // Ericson's denominator |d1|^2 |d2|^2 - (d1 . d2)^2 is a fourth power of length: finite for
  // segments as long as the range allows (about 3e75 in 3D), infinite for 1e150, where the kernel
  // would take any pair for parallel.
  const at = (scale: number) =>
    segments3([-scale, -scale, -scale], [scale, scale, -scale], [-scale, 0.5 * scale, scale], [
      scale,
      -scale,
      0.2 * scale,
    ]);

  it('segments spanning the whole range give the parameters of the same layout at unit scale', () => {
    const unit = at(1);
    const edge = at(1e75);
    expect(edge.s).toBeCloseTo(unit.s, 12);
    expect(edge.t).toBeCloseTo(unit.t, 12);
    expect(edge.returned / 1e150).toBeCloseTo(unit.returned, 12);
    expect([...edge.c1, ...edge.c2].every(Number.isFinite)).toBe(true);
  });

  it('the same layout at 1e150 overflows the fourth power and answers differently: why the bound is 1e75', () => {
    const unit = at(1);
    const far = at(1e150);
    expect(Math.abs(far.s - unit.s) + Math.abs(far.t - unit.t)).toBeGreaterThan(1e-3);
  });
});

describe('writeClosestPointsSegmentSegment3', () => {
  it('writes what closestPointsSegmentSegment3 returns, the squared distance into out', () => {
    // Crossing segments 2 apart along z: the closest points are their midpoints.
    const result = new SegmentClosestPoints(new Float64Array(3), new Float64Array(3));
    writeClosestPointsSegmentSegment3(
      result,
      Float64Array.of(-1, 0, 0),
      Float64Array.of(1, 0, 0),
      Float64Array.of(0, -1, 2),
      Float64Array.of(0, 1, 2),
    );
    expect(result.distanceSquared).toBe(4);
    expect([result.s, result.t]).toEqual([0.5, 0.5]);
    expect(Array.from(result.closest2)).toEqual([0, 0, 2]);
  });
});

describe('closest points of segments of 1e-13 (issue 21: the point test was absolute)', () => {
  for (const scale of [1e-16, 1e-13, 1e-10]) {
    it(`crossing segments of length ${scale} 0.5 x that apart: the crossing, not the start points`, () => {
      // Segment 1 along x from 0 to s; segment 2 along y through (s / 2, 0) at height d = 0.5 s:
      // closest points (s / 2, 0, 0) and (s / 2, 0, d), parameters 1/2 and 1/2, distance d. The
      // absolute test took both for points (squared lengths below 1e-24): s = t = 0.
      const s = scale, d = 0.5 * s;
      const out = new SegmentClosestPoints(vec3(), vec3());
      const squared = closestPointsSegmentSegment3(
        out,
        vec3(0, 0, 0),
        vec3(s, 0, 0),
        vec3(s / 2, -s / 2, d),
        vec3(s / 2, s / 2, d),
      );
      expect(out.s).toBeCloseTo(0.5, 12);
      expect(out.t).toBeCloseTo(0.5, 12);
      expect(Math.sqrt(squared) / s).toBeCloseTo(0.5, 12);
      const point = vec3();
      expect(closestPointOnSegment3(point, vec3(s / 4, d, 0), vec3(0, 0, 0), vec3(s, 0, 0)))
        .toBeCloseTo(0.25, 12);
      expect(point[0]! / s).toBeCloseTo(0.25, 12);
    });
  }

  it('takes a segment far shorter than the other (below 1e-12 of its length) for a point', () => {
    const out = new SegmentClosestPoints(vec3(), vec3());
    closestPointsSegmentSegment3(
      out,
      vec3(0, 0, 0),
      vec3(1, 0, 0),
      vec3(0.3, 1, 0),
      vec3(0.3, 1, 1e-13),
    );
    expect([out.s, out.t]).toEqual([0.3, 0]);
  });
});
