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
 *      closest to that end. The line along the one normal through the end meets A's surface
 *      toward B and B's toward A: those are the witnesses, and the overlap along the line the
 *      depth (line-exit.ts), so both witnesses lie on the surfaces, also where the other
 *      capsule is not straight across from the end. A point whose gap exceeds the tolerance is
 *      dropped. Where the
 *      axes cross inside the overlap (seen along the normal) the ends lie shallower than the
 *      closest pair; when the deeper end is shallower by more than `DEPTH_SLACK` (1e-9) of the
 *      pair's size, the shallower end gives way to the closest pair of step 2, so the deepest
 *      point is always the exact depth. Otherwise (no end kept, or one kept and too shallow)
 *      the one point of step 2.
 *
 * Why this rule changes the count at most twice while a capsule turns steadily through parallel
 * (once in, once out, never 1, 2, 1, 2): it is stateless and each of its conditions holds on
 * one interval of the turning angle around parallel: the sine condition on |angle| <=
 * asin(0.05); the overlap of the projections while the turned capsule's extent, shrinking as
 * cos(angle), still meets the other's; each end's gap, which grows monotonically as that end
 * turns away. The intersection of intervals is an interval. Giving way to the closest pair
 * changes which points, never how many.
 *
 * Degenerate cases: crossing or touching segments (d below `CORE_SLACK` of the pair's size) take
 * the normal A x B's axes, turned to point from B's centre toward A's (kept as is when they are
 * level), and depth `r_A + r_B`; parallel crossing segments (coincident lines) take A's local
 * +X axis. Parallel segments of equal length side by side give two points at their ends (the
 * ends of both, `PointPoint`). A capsule of half length 0 is a sphere: one point, its code 1.
 *
 * Kinds follow the cores (capsule.ts): end with end `PointPoint`, end with side `PointEdge`, side
 * with side `EdgeEdge`. Feature ids pack A's code first.
 */
import { ContactKind, SEGMENT_PARALLEL_EPSILON, SQUARE_UNDERFLOW } from '@contactkit/math';
import { exitCapsule, LineExit } from '../clip/line-exit.js';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import { CAPSULE_SIDE_FEATURE, CORE_SLACK, type Capsule } from '../shapes/capsule.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** Sine of the largest angle between two capsules' axes that still gives two points (about 2.9 degrees). */
export const PARALLEL_SINE = 0.05;
/** Ends of the two segments closer than this (relative to their half lengths) along A's axis coincide. */
const END_SLACK = 1e-9;
/**
 * Squared sine of the angle below which the axes count as parallel (the closest points then the
 * middle of the overlap). The middle lies up to sine x length farther apart than the true closest
 * points, so the bound is far below math's `SEGMENT_PARALLEL_EPSILON` (1e-12, a sine of 1e-6, put
 * capsules overlapping by 4e-9 of their size apart); above it Ericson's formula, clamped to the
 * segments, errs by at most sine x its clamped parameter error.
 */
const PARALLEL_CORES = 1e-24;
/**
 * An end of a two-point manifold shallower than the closest pair by more than this fraction of the
 * pair's size gives way to the closest pair (see the file comment; box-capsule.ts's edge case
 * too): the deepest point is the exact depth up to it.
 */
export const DEPTH_SLACK = 1e-9;
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
const exitScratch = new LineExit();

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
  if (sineSquared > PARALLEL_CORES) {
    s = (offset - cosine * offsetB) / sineSquared;
  } else {
    // Parallel: the middle of the overlap of B's projection with A's extent, so the answer is
    // unique and moves smoothly.
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
  // A square that underflows is measured by Math.hypot (tolerance.ts, SQUARE_UNDERFLOW); crossing
  // segments (d = 0) are not (PERFORMANCE.md: Math.hypot allocates).
  const distance = distanceSquared >= SQUARE_UNDERFLOW
    ? Math.sqrt(distanceSquared)
    : dx === 0 && dy === 0 && dz === 0
    ? 0
    : Math.hypot(dx, dy, dz);
  const closestDepth = reach - distance;
  if (closestDepth < -tolerance) return;
  // Step 2: the normal, from B toward A.
  let nx: number, ny: number, nz: number;
  if (distance > CORE_SLACK * (la + lb + reach)) {
    nx = dx / distance;
    ny = dy / distance;
    nz = dz / distance;
  } else if (sineSquared > SEGMENT_PARALLEL_EPSILON) {
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
  // The closest pair's point: the midpoint of c1 - n ra and c2 + n rb. Codes of capsule.ts
  // (capsuleFeatureAt, written out: its doubles would cross a call).
  const closestX = cax + 0.5 * (c1x + c2x) + nx * shift;
  const closestY = cay + 0.5 * (c1y + c2y) + ny * shift;
  const closestZ = caz + 0.5 * (c1z + c2z) + nz * shift;
  const closestA = s <= -la ? 1 : s >= la ? 2 : CAPSULE_SIDE_FEATURE;
  const closestB = t <= -lb ? 1 : t >= lb ? 2 : CAPSULE_SIDE_FEATURE;

  // Step 3: near parallel and overlapping along the length: the overlap's ends on A's axis.
  if (la > 0 && lb > 0 && sineSquared <= PARALLEL_SINE * PARALLEL_SINE) {
    // B's centre and ends in A's axis coordinate; B's coordinate w maps to offset + w * cosine.
    const spread = lb * Math.abs(cosine);
    const low = Math.max(-la, offset - spread), high = Math.min(la, offset + spread);
    if (low < high) {
      const endSlack = END_SLACK * (la + lb);
      // The line along the normal through each end's core point, in closed form on the segments
      // (as b2CollideCapsules computes its two points; line-exit.ts's exitCapsule answers the
      // rare rest). From a point on a capsule's own axis the line leaves its infinite cylinder
      // r / sqrt(1 - (n . axis)^2) away (the direction's radial part has that squared length
      // and starts at 0), the same for both ends.
      const normalA = nx * ax + ny * ay + nz * az, normalB = nx * bx + ny * by + nz * bz;
      const ownA = ra / Math.sqrt(1 - normalA * normalA);
      const ownB = rb / Math.sqrt(1 - normalB * normalB);
      // The other capsule's cylinder in its frame: a point a x of A's axis lies x (a - cosine b)
      // - (bc - offsetB b) from B's axis (radially), the direction n has the radial part
      // n - normalB b; a point bc + b w of B's axis lies (bc - offset a) + w (b - cosine a)
      // from A's, the direction -n has the radial part normalA a - n.
      const kax = ax - cosine * bx, kay = ay - cosine * by, kaz = az - cosine * bz;
      const pbx = bcx - offsetB * bx, pby = bcy - offsetB * by, pbz = bcz - offsetB * bz;
      const ebx = nx - normalB * bx, eby = ny - normalB * by, ebz = nz - normalB * bz;
      const kbx = bx - cosine * ax, kby = by - cosine * ay, kbz = bz - cosine * az;
      const pax = bcx - offset * ax, pay = bcy - offset * ay, paz = bcz - offset * az;
      const eax = normalA * ax - nx, eay = normalA * ay - ny, eaz = normalA * az - nz;
      const radialA = 1 - normalA * normalA, radialB = 1 - normalB * normalB;
      let count = 0, shallowest = 0;
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
        // The line along the normal through the end's core point meets A's surface toward B and
        // B's toward A: the overlap along it is the depth, its ends the witnesses (line-exit.ts).
        // The point is an end of A's segment (at x) or of B's (at w), the centre of that end's
        // sphere: its own capsule lets the line go where it leaves the cylinder, `ownA` or `ownB`
        // away, when that lies within the segment's band, and through that sphere, its radius
        // away, when it lies beyond this end (the far end's sphere, whose centre lies behind the
        // start along the line, lets it go no later). The other capsule's cylinder is solved in
        // closed form; line-exit.ts answers the lines that leave a capsule through its far end's
        // sphere (or miss it).
        const onB = fromB && !fromA;
        const exit = exitScratch;
        exit.x = onB ? bcx + bx * w : ax * x;
        exit.y = onB ? bcy + by * w : ay * x;
        exit.z = onB ? bcz + bz * w : az * x;
        let towardB = -Infinity, towardA = -Infinity, exitKnownA = false, exitKnownB = false;
        if (onB) {
          const atB = w + ownB * normalB;
          const withinB = atB >= -lb && atB <= lb;
          towardA = withinB ? ownB : rb;
          exitKnownB = withinB || w * atB > 0;
          // A's cylinder from B's point, along -n (Ericson 5.3.7's quadratic, largerRoot's form).
          const rx = pax + w * kbx, ry = pay + w * kby, rz = paz + w * kbz;
          const half = rx * eax + ry * eay + rz * eaz;
          const c = rx * rx + ry * ry + rz * rz - ra * ra;
          const discriminant = half * half - radialA * c;
          if (discriminant >= 0 && radialA > 0) {
            const root = Math.sqrt(discriminant);
            towardB = half > 0 ? -c / (half + root) : (root - half) / radialA;
            const at = offset + w * cosine - towardB * normalA;
            exitKnownA = at >= -la && at <= la;
          }
        } else {
          const atA = x - ownA * normalA;
          const withinA = atA >= -la && atA <= la;
          towardB = withinA ? ownA : ra;
          exitKnownA = withinA || x * atA > 0;
          // B's cylinder from A's point, along n.
          const rx = x * kax - pbx, ry = x * kay - pby, rz = x * kaz - pbz;
          const half = rx * ebx + ry * eby + rz * ebz;
          const c = rx * rx + ry * ry + rz * rz - rb * rb;
          const discriminant = half * half - radialB * c;
          if (discriminant >= 0 && radialB > 0) {
            const root = Math.sqrt(discriminant);
            towardA = half > 0 ? -c / (half + root) : (root - half) / radialB;
            const at = x * cosine - offsetB + towardA * normalB;
            exitKnownB = at >= -lb && at <= lb;
          }
        }
        // The question's fields written in place (PERFORMANCE.md: doubles cross calls in arrays
        // or fields; 9 KB a step in a cannon-es capsule pile).
        if (!exitKnownA) {
          exit.dx = -nx, exit.dy = -ny, exit.dz = -nz;
          exit.cx = 0, exit.cy = 0, exit.cz = 0;
          exit.ax = ax, exit.ay = ay, exit.az = az;
          exit.halfLength = la, exit.radius = ra;
          exitCapsule(exit);
          towardB = exit.distance;
        }
        if (!exitKnownB) {
          exit.dx = nx, exit.dy = ny, exit.dz = nz;
          exit.cx = bcx, exit.cy = bcy, exit.cz = bcz;
          exit.ax = bx, exit.ay = by, exit.az = bz;
          exit.halfLength = lb, exit.radius = rb;
          exitCapsule(exit);
          towardA = exit.distance;
        }
        const depth = towardB + towardA;
        // -Infinity (the line misses the other capsule) is dropped here too.
        if (!(depth >= -tolerance)) continue;
        // Codes of capsule.ts, written out (a double would cross the call).
        const featureA = x === la ? 2 : x === -la ? 1 : CAPSULE_SIDE_FEATURE;
        const featureB = w === lb ? 2 : w === -lb ? 1 : CAPSULE_SIDE_FEATURE;
        if (count === 1 && depth < manifold.points[0]!.depth) shallowest = 1;
        const point = manifold.points[count++]!;
        // The midpoint of the witnesses (start - n towardB and start + n towardA).
        const middle = 0.5 * (towardA - towardB);
        point.x = cax + exit.x + nx * middle;
        point.y = cay + exit.y + ny * middle;
        point.z = caz + exit.z + nz * middle;
        point.depth = depth;
        point.kind = kindOf(featureA, featureB);
        point.features = (featureA << 16) | featureB;
      }
      // The ends are shallower than the closest pair where the axes cross inside the overlap
      // (seen along the normal): past a share of its depth, the shallower end gives way to it,
      // so the deepest point stays the exact depth within that share.
      const deepest = count === 2
        ? manifold.points[1 - shallowest]!.depth
        : manifold.points[0]!.depth;
      const closestWins = deepest < closestDepth - DEPTH_SLACK * (la + lb + reach);
      if (count === 2) {
        if (closestWins) {
          const point = manifold.points[shallowest]!;
          point.x = closestX;
          point.y = closestY;
          point.z = closestZ;
          point.depth = closestDepth;
          point.kind = kindOf(closestA, closestB);
          point.features = (closestA << 16) | closestB;
        }
        manifold.count = 2;
        return;
      }
      if (count === 1 && !closestWins) {
        manifold.count = 1;
        return;
      }
    }
  }
  // One point: the closest pair.
  const point = manifold.points[0]!;
  point.x = closestX;
  point.y = closestY;
  point.z = closestZ;
  point.depth = closestDepth;
  point.kind = kindOf(closestA, closestB);
  point.features = (closestA << 16) | closestB;
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
