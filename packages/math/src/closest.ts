/**
 * Closest-point kernels shared by 2D and 3D: point to segment and segment to segment.
 * Outputs come first; all inputs are read into locals before anything is written, so an output
 * may alias an input.
 */
import type { Vec2, Vec3 } from './create.js';
import { SEGMENT_PARALLEL_EPSILON } from './tolerance.js';

/** A segment is a point when its squared length is at most this fraction of the other's (1e-12 of its length). */
const POINT_RELATIVE = 1e-24;

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/**
 * Parameters `s` (on segment 1) and `t` (on segment 2) of the closest points of two segments,
 * from the dot products of their directions `d1`, `d2` and `r = p1 - p2`:
 * `a = d1.d1`, `b = d1.d2`, `c = d1.r`, `e = d2.d2`, `f = d2.r`.
 * Ericson, Real-Time Collision Detection, 5.1.9 "Closest Points of Two Line Segments", with two
 * changes: a segment of zero length, or of a length below 1e-12 of the other's, is a point;
 * parallel segments (where Ericson picks s = 0) take the middle of their overlap, so the answer
 * is unique and moves smoothly. "Parallel" means within `SEGMENT_PARALLEL_EPSILON` (sine below
 * 1e-6), not the coarser `PARALLEL_EPSILON`: at a sine of 1e-3 the middle of the overlap was up
 * to 5e-4 of the length from the true answer.
 * Writes `[s, t]` into `out`.
 */
function segmentParameters(
  out: Float64Array,
  a: number,
  b: number,
  c: number,
  e: number,
  f: number,
): void {
  let s: number;
  let t: number;
  // A segment is a point when it has no length, or none beside the other (relative, so that
  // segments of 1e-13 behave as segments of 1 scaled).
  if (a === 0 && e === 0) {
    s = 0;
    t = 0;
  } else if (a <= POINT_RELATIVE * e) {
    s = 0;
    t = clamp01(f / e);
  } else if (e <= POINT_RELATIVE * a) {
    t = 0;
    s = clamp01(-c / a);
  } else {
    const denominator = a * e - b * b;
    if (denominator > SEGMENT_PARALLEL_EPSILON * a * e) {
      s = clamp01((b * f - c * e) / denominator);
    } else {
      // Parallel: segment 2's end points sit at s0 = -c / a and s1 = (b - c) / a along segment 1.
      const s0 = -c / a;
      const s1 = (b - c) / a;
      const low = Math.max(0, Math.min(s0, s1));
      const high = Math.min(1, Math.max(s0, s1));
      s = low <= high ? 0.5 * (low + high) : clamp01(0.5 * (s0 + s1));
    }
    // dot((p1 + s d1) - (p2 + t d2), d2) = 0 gives t = (b s + f) / e; clamp and recompute s.
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = clamp01(-c / a);
    } else if (t > 1) {
      t = 1;
      s = clamp01((b - c) / a);
    }
  }
  out[0] = s;
  out[1] = t;
}

/** Result of a segment-segment query: the two closest points, their parameters and distance. */
export class SegmentClosestPoints<V extends Float64Array = Float64Array> {
  /** Parameter of `closest1` on segment 1, in [0, 1]. */
  s = 0;
  /** Parameter of `closest2` on segment 2, in [0, 1]. */
  t = 0;
  /** Squared distance between `closest1` and `closest2`. */
  distanceSquared = 0;
  constructor(
    /** Closest point on segment 1. */
    readonly closest1: V,
    /** Closest point on segment 2. */
    readonly closest2: V,
  ) {}
}

const parameters = new Float64Array(2);

/**
 * Closest points of segments `p1 q1` and `p2 q2` in 3D (see `segmentParameters` for the method
 * and the parallel and zero-length cases). Writes `out` (its squared distance too) and returns
 * nothing (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
export function writeClosestPointsSegmentSegment3(
  out: SegmentClosestPoints<Vec3>,
  p1: Vec3,
  q1: Vec3,
  p2: Vec3,
  q2: Vec3,
): void {
  const p1x = p1[0]!, p1y = p1[1]!, p1z = p1[2]!;
  const p2x = p2[0]!, p2y = p2[1]!, p2z = p2[2]!;
  const d1x = q1[0]! - p1x, d1y = q1[1]! - p1y, d1z = q1[2]! - p1z;
  const d2x = q2[0]! - p2x, d2y = q2[1]! - p2y, d2z = q2[2]! - p2z;
  const rx = p1x - p2x, ry = p1y - p2y, rz = p1z - p2z;
  segmentParameters(
    parameters,
    d1x * d1x + d1y * d1y + d1z * d1z,
    d1x * d2x + d1y * d2y + d1z * d2z,
    d1x * rx + d1y * ry + d1z * rz,
    d2x * d2x + d2y * d2y + d2z * d2z,
    d2x * rx + d2y * ry + d2z * rz,
  );
  const s = parameters[0]!, t = parameters[1]!;
  const c1x = p1x + d1x * s, c1y = p1y + d1y * s, c1z = p1z + d1z * s;
  const c2x = p2x + d2x * t, c2y = p2y + d2y * t, c2z = p2z + d2z * t;
  out.closest1[0] = c1x;
  out.closest1[1] = c1y;
  out.closest1[2] = c1z;
  out.closest2[0] = c2x;
  out.closest2[1] = c2y;
  out.closest2[2] = c2z;
  const dx = c1x - c2x, dy = c1y - c2y, dz = c1z - c2z;
  out.s = s;
  out.t = t;
  out.distanceSquared = dx * dx + dy * dy + dz * dz;
}

/**
 * Closest points of segments `p1 q1` and `p2 q2` in 3D (see `segmentParameters` for the method
 * and the parallel and zero-length cases). Writes `out` and returns the squared distance.
 */
export function closestPointsSegmentSegment3(
  out: SegmentClosestPoints<Vec3>,
  p1: Vec3,
  q1: Vec3,
  p2: Vec3,
  q2: Vec3,
): number {
  writeClosestPointsSegmentSegment3(out, p1, q1, p2, q2);
  return out.distanceSquared;
}

/** Closest points of segments `p1 q1` and `p2 q2` in 2D; as `closestPointsSegmentSegment3`. */
export function closestPointsSegmentSegment2(
  out: SegmentClosestPoints<Vec2>,
  p1: Vec2,
  q1: Vec2,
  p2: Vec2,
  q2: Vec2,
): number {
  const p1x = p1[0]!, p1y = p1[1]!;
  const p2x = p2[0]!, p2y = p2[1]!;
  const d1x = q1[0]! - p1x, d1y = q1[1]! - p1y;
  const d2x = q2[0]! - p2x, d2y = q2[1]! - p2y;
  const rx = p1x - p2x, ry = p1y - p2y;
  segmentParameters(
    parameters,
    d1x * d1x + d1y * d1y,
    d1x * d2x + d1y * d2y,
    d1x * rx + d1y * ry,
    d2x * d2x + d2y * d2y,
    d2x * rx + d2y * ry,
  );
  const s = parameters[0]!, t = parameters[1]!;
  const c1x = p1x + d1x * s, c1y = p1y + d1y * s;
  const c2x = p2x + d2x * t, c2y = p2y + d2y * t;
  out.closest1[0] = c1x;
  out.closest1[1] = c1y;
  out.closest2[0] = c2x;
  out.closest2[1] = c2y;
  const dx = c1x - c2x, dy = c1y - c2y;
  out.s = s;
  out.t = t;
  out.distanceSquared = dx * dx + dy * dy;
  return out.distanceSquared;
}

/**
 * Closest point to `p` on segment `a b` in 3D, written to `out`; returns its parameter `t` in
 * [0, 1] (`out = a + t (b - a)`). From `dot(p - (a + t e), e) = 0` with `e = b - a`, clamped
 * (Ericson 5.1.2). A zero-length segment gives `t = 0`.
 */
export function closestPointOnSegment3(out: Vec3, p: Vec3, a: Vec3, b: Vec3): number {
  const ax = a[0]!, ay = a[1]!, az = a[2]!;
  const ex = b[0]! - ax, ey = b[1]! - ay, ez = b[2]! - az;
  const lengthSquared = ex * ex + ey * ey + ez * ez;
  let t = 0;
  if (lengthSquared > 0) {
    t = clamp01(((p[0]! - ax) * ex + (p[1]! - ay) * ey + (p[2]! - az) * ez) / lengthSquared);
  }
  out[0] = ax + ex * t;
  out[1] = ay + ey * t;
  out[2] = az + ez * t;
  return t;
}

/** Closest point to `p` on segment `a b` in 2D; as `closestPointOnSegment3`. */
export function closestPointOnSegment2(out: Vec2, p: Vec2, a: Vec2, b: Vec2): number {
  const ax = a[0]!, ay = a[1]!;
  const ex = b[0]! - ax, ey = b[1]! - ay;
  const lengthSquared = ex * ex + ey * ey;
  let t = 0;
  if (lengthSquared > 0) {
    t = clamp01(((p[0]! - ax) * ex + (p[1]! - ay) * ey) / lengthSquared);
  }
  out[0] = ax + ex * t;
  out[1] = ay + ey * t;
  return t;
}
