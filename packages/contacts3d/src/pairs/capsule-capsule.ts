/**
 * Capsule against capsule: the closest points of the two segments (Ericson, Real-Time Collision
 * Detection, 5.1.9, written out in scalars for unit axes and parameters centred on each capsule,
 * as Box2D v3's b2CollideCapsules does; parallel segments as `writeClosestPointsSegmentSegment3`
 * of @contactkit/math takes them) make the pair two spheres; when the segments are near parallel
 * and overlap along their length, two points instead, at the ends of the overlap
 * (b2CollideCapsules clips one segment to the other's extent the same way). Steps:
 *   1. Canonical order: the pair is computed as (A, B) whichever order the caller gave
 *      (`firstInCanonicalOrder`), so swapped arguments give the same points, depths and feature
 *      ids with negated normals.
 *   2. Closest points `c_A`, `c_B` at distance `d`; no contact when `r_A + r_B - d` is below
 *      `-tolerance`. The normal is `(c_A - c_B) / d`, from B toward A; the deepest depth is
 *      `r_A + r_B - d`, exact.
 *   3. Two points when the axes' angle has a sine of at most `PARALLEL_SINE` (0.05, about 2.9
 *      degrees) and B's segment, projected on A's axis, overlaps A's by a positive length: at
 *      each end of the overlap, the segment end that bounds it and the other segment's point
 *      closest to that end; depth `r_A + r_B - dot(P_A - P_B, n)` along the one normal (the
 *      deeper of the two is the exact depth whenever the closest points of step 2 bound the
 *      overlap or lie inside both segments, the cases near parallel segments meet); a point
 *      whose gap exceeds the tolerance is dropped. Otherwise the one point of step 2.
 *
 * Why this rule changes the count at most twice while a capsule turns steadily through parallel
 * (once in, once out, never 1, 2, 1, 2): it is stateless and each of its conditions holds on
 * one interval of the turning angle around parallel: the sine condition on |angle| <=
 * asin(0.05); the overlap of the projections while the turned capsule's extent, shrinking as
 * cos(angle), still meets the other's; each end's gap, which grows monotonically as that end
 * turns away. The intersection of intervals is an interval.
 *
 * Degenerate cases: crossing or touching segments (d below sqrt(`LENGTH_SQUARED_EPSILON`)) take
 * the normal A x B's axes, turned to point from B's centre toward A's (kept as is when they are
 * level), and depth `r_A + r_B`; parallel crossing segments (coincident lines) take A's local
 * +X axis. Parallel segments of equal length side by side give two points at their ends (the
 * ends of both, `PointPoint`). A capsule of half length 0 is a sphere: one point, its code 1.
 *
 * Kinds follow the cores (capsule.ts): end with end `PointPoint`, end with side `PointEdge`, side
 * with side `EdgeEdge`. Feature ids pack A's code first.
 */
import { ContactKind, LENGTH_SQUARED_EPSILON, SEGMENT_PARALLEL_EPSILON } from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import { CAPSULE_SIDE_FEATURE, capsuleEndFeature, type Capsule } from '../shapes/capsule.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** Sine of the largest angle between two capsules' axes that still gives two points (about 2.9 degrees). */
export const PARALLEL_SINE = 0.05;
/** Ends of the two segments closer than this (relative to their half lengths) along A's axis coincide. */
const END_SLACK = 1e-9;
/** Views of the pair closer than this (relative to the larger size) count as equal. */
const ORDER_TIE = 1e-10;

/** Scratch of this file's detector and test, passed to the computation explicitly. */
const manifoldScratch = new LocalManifold();
/**
 * The question of `capsuleCapsuleManifold` beside the capsules: the tolerance travels in a field,
 * not as an argument (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
export class CapsuleCapsuleQuery {
  /** Contacts are wanted down to this separation (>= 0). */
  tolerance = 0;
}

const queryScratch = new CapsuleCapsuleQuery();

/**
 * Whether `a` comes first in the canonical order: the smaller radius, then the smaller half
 * length; for capsules of equal size the one that sees the other's centre lower along its own
 * axis (moving the pair changes neither view, swapping the capsules swaps them). Views equal up
 * to round-off fall back to world position and keep the given order at the last.
 */
function firstInCanonicalOrder(a: Capsule, b: Capsule): boolean {
  if (a.radius !== b.radius) return a.radius < b.radius;
  if (a.halfLength !== b.halfLength) return a.halfLength < b.halfLength;
  const ma = a.transform, mb = b.transform;
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const seenFromA = dx * ma[4]! + dy * ma[5]! + dz * ma[6]!;
  const seenFromB = -(dx * mb[4]! + dy * mb[5]! + dz * mb[6]!);
  if (Math.abs(seenFromA - seenFromB) > ORDER_TIE * (a.radius + a.halfLength)) {
    return seenFromA < seenFromB;
  }
  for (let i = 12; i < 15; i++) if (ma[i] !== mb[i]) return ma[i]! < mb[i]!;
  return true;
}

/** The kind of a contact between two capsules' features (codes of capsule.ts). */
function kindOf(featureA: number, featureB: number): ContactKind {
  const endA = featureA !== CAPSULE_SIDE_FEATURE, endB = featureB !== CAPSULE_SIDE_FEATURE;
  return endA && endB
    ? ContactKind.PointPoint
    : endA || endB
    ? ContactKind.PointEdge
    : ContactKind.EdgeEdge;
}

/**
 * Steps 2 and 3 for `a` and `b` in canonical order, into `manifold` (0, 1 or 2 points).
 */
export function capsuleCapsuleManifold(
  a: Capsule,
  b: Capsule,
  query: CapsuleCapsuleQuery,
  manifold: LocalManifold,
): void {
  const tolerance = query.tolerance;
  manifold.count = 0;
  const ma = a.transform, mb = b.transform;
  const la = a.halfLength, lb = b.halfLength;
  const ra = a.radius, rb = b.radius;
  const ax = ma[4]!, ay = ma[5]!, az = ma[6]!;
  const bx = mb[4]!, by = mb[5]!, bz = mb[6]!;
  const cax = ma[12]!, cay = ma[13]!, caz = ma[14]!;
  const cbx = mb[12]!, cby = mb[13]!, cbz = mb[14]!;
  // Relative to A's centre: far from the origin the closest points' small difference keeps its
  // digits. A's segment is a s, s in [-la, la]; B's is bc + b t, t in [-lb, lb].
  const bcx = cbx - cax, bcy = cby - cay, bcz = cbz - caz;
  // Cross product of the axes: its squared length is the squared sine of their angle.
  const kx = ay * bz - az * by, ky = az * bx - ax * bz, kz = ax * by - ay * bx;
  const sineSquared = kx * kx + ky * ky + kz * kz;
  const cosine = ax * bx + ay * by + az * bz;
  // B's centre in A's axis coordinate, A's centre in B's (negated).
  const offset = ax * bcx + ay * bcy + az * bcz;
  const offsetB = bx * bcx + by * bcy + bz * bcz;
  // Ericson 5.1.9 for unit directions and centred parameters (as Box2D v3's b2CollideCapsules):
  // the lines' closest s, clamped; t from s, clamped, and s again from a clamped t.
  let s: number;
  if (sineSquared > SEGMENT_PARALLEL_EPSILON) {
    s = (offset - cosine * offsetB) / sineSquared;
  } else {
    // Parallel (sine below 1e-6, as the math kernel): the middle of the overlap of B's
    // projection with A's extent, so the answer is unique and moves smoothly.
    const spread = lb * Math.abs(cosine);
    const low = Math.max(-la, offset - spread), high = Math.min(la, offset + spread);
    s = low <= high ? 0.5 * (low + high) : offset;
  }
  s = s < -la ? -la : s > la ? la : s;
  let t = cosine * s - offsetB;
  if (t < -lb) {
    t = -lb;
    s = offset - cosine * lb;
    s = s < -la ? -la : s > la ? la : s;
  } else if (t > lb) {
    t = lb;
    s = offset + cosine * lb;
    s = s < -la ? -la : s > la ? la : s;
  }
  // The closest points c1 = a s and c2 = bc + b t, and d = c1 - c2.
  const c1x = ax * s, c1y = ay * s, c1z = az * s;
  const c2x = bcx + bx * t, c2y = bcy + by * t, c2z = bcz + bz * t;
  const dx = c1x - c2x, dy = c1y - c2y, dz = c1z - c2z;
  const distanceSquared = dx * dx + dy * dy + dz * dz;
  const reach = ra + rb;
  const distance = Math.sqrt(distanceSquared);
  if (reach - distance < -tolerance) return;
  // Step 2: the normal, from B toward A.
  let nx: number, ny: number, nz: number;
  if (distanceSquared > LENGTH_SQUARED_EPSILON) {
    nx = dx / distance;
    ny = dy / distance;
    nz = dz / distance;
  } else if (sineSquared > LENGTH_SQUARED_EPSILON) {
    const inverse = (kx * bcx + ky * bcy + kz * bcz > 0 ? -1 : 1) /
      Math.sqrt(sineSquared);
    nx = kx * inverse;
    ny = ky * inverse;
    nz = kz * inverse;
  } else {
    nx = ma[0]!;
    ny = ma[1]!;
    nz = ma[2]!;
  }
  manifold.normalX = nx;
  manifold.normalY = ny;
  manifold.normalZ = nz;
  const shift = 0.5 * (rb - ra);

  // Step 3: near parallel and overlapping along the length: the overlap's ends on A's axis.
  if (la > 0 && lb > 0 && sineSquared <= PARALLEL_SINE * PARALLEL_SINE) {
    // B's centre and ends in A's axis coordinate; B's coordinate w maps to offset + w * cosine.
    const spread = lb * Math.abs(cosine);
    const low = Math.max(-la, offset - spread), high = Math.min(la, offset + spread);
    if (low < high) {
      const endSlack = END_SLACK * (la + lb);
      let count = 0;
      for (let side = -1; side <= 1; side += 2) {
        // This end of the overlap is an end of B's projection, of A's segment, or of both.
        const endOfB = offset + side * spread, endOfA = side * la;
        // Ends within round-off of each other are both ends (parallel segments of equal length).
        const fromB = side * (endOfA - endOfB) >= -endSlack;
        const fromA = side * (endOfB - endOfA) >= -endSlack;
        // The end's own point, and the other segment's point closest to it (clamped projection).
        let x: number, w: number;
        if (fromB) {
          w = cosine > 0 ? side * lb : -side * lb;
          x = ax * (bcx + bx * w) + ay * (bcy + by * w) + az * (bcz + bz * w);
          x = fromA ? side * la : x > la ? la : x < -la ? -la : x;
        } else {
          x = side * la;
          w = bx * (ax * x - bcx) + by * (ay * x - bcy) + bz * (az * x - bcz);
          w = w > lb ? lb : w < -lb ? -lb : w;
        }
        // Relative to A's centre, as the ends above.
        const pax = ax * x, pay = ay * x, paz = az * x;
        const pbx = bcx + bx * w, pby = bcy + by * w, pbz = bcz + bz * w;
        const gap = (pax - pbx) * nx + (pay - pby) * ny + (paz - pbz) * nz;
        const depth = reach - gap;
        if (depth < -tolerance) continue;
        // Codes of capsule.ts, written out (a double would cross the call).
        const featureA = x === la ? 2 : x === -la ? 1 : CAPSULE_SIDE_FEATURE;
        const featureB = w === lb ? 2 : w === -lb ? 1 : CAPSULE_SIDE_FEATURE;
        const point = manifold.points[count++]!;
        // The midpoint of pa - n ra and pb + n rb (written out: PERFORMANCE.md, doubles cross calls in fields).
        point.x = cax + 0.5 * (pax + pbx) + nx * shift;
        point.y = cay + 0.5 * (pay + pby) + ny * shift;
        point.z = caz + 0.5 * (paz + pbz) + nz * shift;
        point.depth = depth;
        point.kind = kindOf(featureA, featureB);
        point.features = (featureA << 16) | featureB;
      }
      manifold.count = count;
      if (count > 0) return;
    }
  }
  // Codes of capsule.ts (capsuleFeatureAt, written out: its doubles would cross a call).
  const featureA = s <= -la ? 1 : s >= la ? 2 : CAPSULE_SIDE_FEATURE;
  const featureB = t <= -lb ? 1 : t >= lb ? 2 : CAPSULE_SIDE_FEATURE;
  const point = manifold.points[0]!;
  point.x = cax + 0.5 * (c1x + c2x) + nx * shift;
  point.y = cay + 0.5 * (c1y + c2y) + ny * shift;
  point.z = caz + 0.5 * (c1z + c2z) + nz * shift;
  point.depth = reach - distance;
  point.kind = kindOf(featureA, featureB);
  point.features = (featureA << 16) | featureB;
  manifold.count = 1;
}

/**
 * Writes the contacts of two capsules and returns how many it wrote (0, 1 or 2); see the file
 * comment for the rule, the normal and the degenerate cases. No contact when the gap exceeds
 * `data.tolerance`; touching gives penetration 0. Either argument order gives the same points,
 * depths and feature ids, normals negated. When `maxContactsPerPair` or the room left is 1, the
 * deeper point is kept (`data.overflowed` set when it was the room).
 */
export function collideCapsuleCapsule<B>(
  first: Capsule<B>,
  second: Capsule<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const inOrder = firstInCanonicalOrder(first, second);
  const query = queryScratch;
  query.tolerance = data.tolerance;
  capsuleCapsuleManifold(
    inOrder ? first : second,
    inOrder ? second : first,
    query,
    manifoldScratch,
  );
  return emitManifold(manifoldScratch, data, first.body, second.body, !inOrder);
}

/** Whether two capsules overlap or touch: exactly when `collideCapsuleCapsule` at tolerance 0 writes a contact. */
export function overlapCapsuleCapsule(first: Capsule, second: Capsule): boolean {
  const inOrder = firstInCanonicalOrder(first, second);
  const query = queryScratch;
  query.tolerance = 0;
  capsuleCapsuleManifold(
    inOrder ? first : second,
    inOrder ? second : first,
    query,
    manifoldScratch,
  );
  return manifoldScratch.count > 0;
}
