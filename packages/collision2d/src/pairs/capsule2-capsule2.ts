/**
 * Capsule against capsule, in the frame of the capsule of the smaller `id` (A: its core runs
 * along x from `-hA` to `hA`); B's core is put in that frame. Canonical order: the smaller id is
 * the first shape, so swapped arguments compute the same numbers and the reference side never
 * changes while the pair stays in touch (the stability Box2D v3's `b2CollideCapsules` gets from
 * its reference choice).
 *
 * Outline:
 * 1. Closest points of the two cores (Ericson, Real-Time Collision Detection, 5.1.9); beyond
 *    `rA + rB + tolerance` there is no contact.
 * 2. Cores within `PARALLEL_SINE` of parallel whose projections on A's axis overlap: A's flat
 *    side facing B is the reference; B's core is clipped to A's extent, and each end of the
 *    clipped piece within reach is a contact with A's side normal (two contacts, so a capsule
 *    lying on another does not rock on one point). The band is an angle, not exact parallelism,
 *    so a capsule turning through parallel keeps its two points throughout instead of
 *    switching 1-2-1.
 * 3. Otherwise one contact along the closest points. Crossing cores have no such direction
 *    (and a distance of round-off): the contact is then the smallest push that separates them,
 *    over the two cores' normals (the difference of two segments is a parallelogram with those
 *    edge normals, and a capsule pair is that parallelogram grown by `rA + rB`).
 */
import { ContactKind, SEGMENT_PARALLEL_EPSILON } from '@contactkit/math';
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import {
  type Capsule2,
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
} from '../shapes/capsule2.js';

/**
 * Sine of the largest angle between two cores that still gives the two-point manifold of step 2
 * (about 5.7 degrees). The clipped points' separations from A's line overstate the cores'
 * distance by at most a factor 1 / cos, 0.5% here.
 */
export const CAPSULE2_PARALLEL_SINE = 0.1;

/** Cores closer than this times the pair's size are taken as crossing (their direction is round-off). */
const ROUND_OFF = 1e-12;

/**
 * The pair in A's frame, handed from step to step in fields (PERFORMANCE.md: doubles cross calls
 * in arrays or fields): A's core from (-hA, 0) to (hA, 0); B's centre (bx, by), unit axis
 * (ux, uy), core from P = (px, py) to Q = (qx, qy); the closest points' parameters s on A and
 * t on B, the points themselves and their squared distance.
 */
class CapsulePair {
  hA = 0;
  rA = 0;
  hB = 0;
  rB = 0;
  tolerance = 0;
  bx = 0;
  by = 0;
  ux = 1;
  uy = 0;
  px = 0;
  py = 0;
  qx = 0;
  qy = 0;
  s = 0;
  t = 0;
  c1x = 0;
  c1y = 0;
  c2x = 0;
  c2y = 0;
  distanceSquared = 0;
}

/** Scratch of `collideCapsule2Capsule2` (module-level: a call allocates nothing). */
const scratchPair = new CapsulePair();
const scratchManifold = new LocalManifold2(2);

/**
 * Writes the contacts of capsules `a` and `b` (see the file header for the method): one
 * contact, or two where the cores lie within `CAPSULE2_PARALLEL_SINE` of parallel side by side.
 * Normals point from `b` toward `a`; points are midpoints of the witness points; kind FaceFace;
 * features in the order of the ids (the smaller first): a flat side (0 facing local -y, 1 facing
 * +y) or a round end (`VERTEX_FEATURE | 0` at `-halfLength`, `| 1` at `+halfLength`), so the two
 * points of a side-by-side pair carry different ids (each names the end that bounds it).
 * Crossing cores get the smallest push as normal and penetration, at the point where the cores
 * cross (their witness points are not on the surfaces: no single pair of surface points spans
 * that push); collinear overlapping cores push apart along A's +y side normal. Returns the
 * number written.
 */
export function collideCapsule2Capsule2<B>(
  a: Capsule2<B>,
  b: Capsule2<B>,
  data: CollisionData2<B>,
): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  const pair = scratchPair, manifold = scratchManifold;
  manifold.count = 0;
  placePair(pair, first, second, data.tolerance);
  closestPoints(pair);
  const reach = pair.rA + pair.rB + pair.tolerance;
  if (pair.distanceSquared > reach * reach) return 0;
  if (pair.hA > 0 && pair.hB > 0 && Math.abs(pair.uy) <= CAPSULE2_PARALLEL_SINE) {
    sideBySide(pair, manifold);
  }
  if (manifold.count === 0) oneContact(pair, manifold);
  return emitManifold2(manifold, first.transform, data, a.body, b.body, flip);
}

/** Puts B's core in A's frame. */
function placePair(pair: CapsulePair, first: Capsule2, second: Capsule2, tolerance: number): void {
  const xa = first.transform, xb = second.transform;
  // Capsule2.packed: radius and half length as doubles.
  const hB = second.packed[1]!;
  pair.hA = first.packed[1]!;
  pair.rA = first.packed[0]!;
  pair.hB = hB;
  pair.rB = second.packed[0]!;
  pair.tolerance = tolerance;
  const wx = xb.x - xa.x, wy = xb.y - xa.y;
  const bx = xa.cos * wx + xa.sin * wy, by = xa.cos * wy - xa.sin * wx;
  // B's angle less A's: cos(b - a), sin(b - a).
  const ux = xa.cos * xb.cos + xa.sin * xb.sin, uy = xa.cos * xb.sin - xa.sin * xb.cos;
  pair.bx = bx;
  pair.by = by;
  pair.ux = ux;
  pair.uy = uy;
  pair.px = bx - ux * hB;
  pair.py = by - uy * hB;
  pair.qx = bx + ux * hB;
  pair.qy = by + uy * hB;
}

/**
 * Step 1, the cores' closest points (Ericson, Real-Time Collision Detection, 5.1.9), with A's
 * core d1 = (2 hA, 0) from (-hA, 0) and B's d2 = Q - P: s = clamp((b f - c e) / (a e - b^2)),
 * t = (b s + f) / e, then t clamped and s recomputed. Parallel cores take s = 0 first (every s
 * gives the same distance there); a core of no length is a point. Written here rather than
 * through the shared kernel, whose returned distance would be a heap number a call.
 */
function closestPoints(pair: CapsulePair): void {
  const hA = pair.hA;
  const d2x = pair.qx - pair.px, d2y = pair.qy - pair.py;
  const rx = -hA - pair.px, ry = 0 - pair.py;
  const a = 4 * hA * hA, e = d2x * d2x + d2y * d2y;
  const b = 2 * hA * d2x, c = 2 * hA * rx, f = d2x * rx + d2y * ry;
  let s = 0, t = 0;
  if (a === 0 && e === 0) {
    s = 0;
    t = 0;
  } else if (a === 0) {
    t = clamp01(f / e);
  } else if (e === 0) {
    s = clamp01(-c / a);
  } else {
    const denominator = a * e - b * b;
    s = denominator > SEGMENT_PARALLEL_EPSILON * a * e ? clamp01((b * f - c * e) / denominator) : 0;
    t = (b * s + f) / e;
    if (t < 0) {
      t = 0;
      s = clamp01(-c / a);
    } else if (t > 1) {
      t = 1;
      s = clamp01((b - c) / a);
    }
  }
  pair.s = s;
  pair.t = t;
  pair.c1x = -hA + 2 * hA * s;
  pair.c1y = 0;
  pair.c2x = pair.px + d2x * t;
  pair.c2y = pair.py + d2y * t;
  const dx = pair.c1x - pair.c2x, dy = pair.c1y - pair.c2y;
  pair.distanceSquared = dx * dx + dy * dy;
}

function clamp01(value: number): number {
  return value < 0 ? 0 : value > 1 ? 1 : value;
}

/**
 * Step 2: B's core clipped to A's extent `[-hA, hA]` along x; each end of the clipped piece
 * within reach of A's side facing B becomes a contact, named by the end that bounds it (B's end
 * when it lies within A's extent, else A's). Writes nothing when the projections do not overlap.
 */
function sideBySide(pair: CapsulePair, manifold: LocalManifold2): void {
  const hA = pair.hA, ux = pair.ux, rA = pair.rA, rB = pair.rB;
  // Order B's ends by x: `low` is the end with the smaller x (B's end 0 when ux > 0).
  const lowEnd = ux > 0 ? 0 : 1;
  const lowX = lowEnd === 0 ? pair.px : pair.qx, lowY = lowEnd === 0 ? pair.py : pair.qy;
  const highX = lowEnd === 0 ? pair.qx : pair.px, highY = lowEnd === 0 ? pair.qy : pair.py;
  const from = lowX > -hA ? lowX : -hA, to = highX < hA ? highX : hA;
  if (!(from < to)) return;
  // B's height above A's line at x (B is within 6 degrees of A's direction, so highX > lowX).
  const slope = (highY - lowY) / (highX - lowX);
  const yFrom = lowY + slope * (from - lowX), yTo = lowY + slope * (to - lowX);
  // The side of A facing B: where B's clipped piece lies on the whole (its middle); +y when on the line.
  const sign = yFrom + yTo >= 0 ? 1 : -1;
  const sideA = sign > 0 ? CAPSULE2_UPPER_SIDE : CAPSULE2_LOWER_SIDE;
  // B's side facing A: its outward normal (-uy, ux) (upper) or the reverse against A's (0, sign).
  const sideB = ux * sign <= 0 ? CAPSULE2_UPPER_SIDE : CAPSULE2_LOWER_SIDE;
  for (let k = 0; k < 2; k++) {
    const x = k === 0 ? from : to, y = k === 0 ? yFrom : yTo;
    const penetration = rA + rB - sign * y;
    if (penetration < 0 - pair.tolerance) continue;
    // Bounded by B's end when that end lies within A's extent, else by A's end.
    const byB = k === 0 ? lowX >= -hA : highX <= hA;
    // Written into the point's fields (PERFORMANCE.md: doubles cross calls in arrays or fields).
    const point = manifold.points[manifold.count++]!;
    point.x = x;
    // Witness points (x, sign rA) on A and (x, y - sign rB) on B; their midpoint.
    point.y = 0.5 * (sign * rA + y - sign * rB);
    point.normalX = 0;
    point.normalY = 0 - sign;
    point.penetration = penetration;
    point.kind = ContactKind.FaceFace;
    point.firstFeature = byB ? sideA : capsule2EndFeature(k);
    point.secondFeature = byB ? capsule2EndFeature(k === 0 ? lowEnd : 1 - lowEnd) : sideB;
  }
}

/**
 * Step 3, one contact: the push of A out of the parallelogram B - A (the set of b - a), which
 * holds the origin exactly when the cores cross or touch; otherwise along the closest points.
 */
function oneContact(pair: CapsulePair, manifold: LocalManifold2): void {
  const hA = pair.hA, rA = pair.rA, rB = pair.rB, ux = pair.ux, uy = pair.uy;
  // The parallelogram's extent along A's normal (0, 1) is B's [lowB, highB]; along B's normal
  // m = (-uy, ux) it is m . (bx, by) +- |uy| hA; along A's axis (where parallel cores make it
  // flat) B's [lowX, highX] widened by hA.
  const lowB = pair.py < pair.qy ? pair.py : pair.qy, highB = pair.py < pair.qy ? pair.qy : pair.py;
  const lowX = pair.px < pair.qx ? pair.px : pair.qx, highX = pair.px < pair.qx ? pair.qx : pair.px;
  const offset = ux * pair.by - uy * pair.bx, spread = Math.abs(uy) * hA;
  const up = highB, down = 0 - lowB, alongB = offset + spread, againstB = spread - offset;
  const c1x = pair.c1x, c1y = pair.c1y, c2x = pair.c2x, c2y = pair.c2y;
  // Cores apart by no more than round-off of their size count as crossing: the direction between
  // their closest points would be noise.
  const size = hA + pair.hB + rA + rB;
  const touching = pair.distanceSquared <= ROUND_OFF * ROUND_OFF * size * size;
  let nx: number, ny: number, penetration: number;
  if (
    touching ||
    (up >= 0 && down >= 0 && alongB >= 0 && againstB >= 0 && lowX <= hA && highX >= -hA)
  ) {
    // Crossing: the nearest side of the parallelogram (a tie goes to A's normal, then +y).
    nx = 0;
    ny = up <= down ? 1 : -1;
    let push = up <= down ? up : down;
    if (alongB < push) {
      push = alongB;
      nx = 0 - uy;
      ny = ux;
    }
    if (againstB < push) {
      push = againstB;
      nx = uy;
      ny = 0 - ux;
    }
    // A push of round-off below 0 (a core end just past the other's line) is a touch.
    penetration = rA + rB + (push > 0 ? push : 0);
  } else {
    // Apart: along the closest points, scaled by the larger component before squaring.
    const dx = c1x - c2x, dy = c1y - c2y;
    const largest = Math.abs(dx) > Math.abs(dy) ? Math.abs(dx) : Math.abs(dy);
    const sx = dx / largest, sy = dy / largest, length = Math.sqrt(sx * sx + sy * sy);
    nx = sx / length;
    ny = sy / length;
    penetration = rA + rB - largest * length;
  }
  const s = pair.s, t = pair.t;
  const point = manifold.points[manifold.count++]!;
  // Witness points c1 - n rA on A and c2 + n rB on B; their midpoint.
  point.x = 0.5 * (c1x - nx * rA + c2x + nx * rB);
  point.y = 0.5 * (c1y - ny * rA + c2y + ny * rB);
  point.normalX = nx;
  point.normalY = ny;
  point.penetration = penetration;
  point.kind = ContactKind.FaceFace;
  // A's outward normal at the contact is -n, B's is +n.
  point.firstFeature = hA > 0 && s <= 0
    ? capsule2EndFeature(0)
    : hA > 0 && s >= 1
    ? capsule2EndFeature(1)
    : ny <= 0
    ? CAPSULE2_UPPER_SIDE
    : CAPSULE2_LOWER_SIDE;
  point.secondFeature = pair.hB > 0 && t <= 0
    ? capsule2EndFeature(0)
    : pair.hB > 0 && t >= 1
    ? capsule2EndFeature(1)
    : nx * -uy + ny * ux >= 0
    ? CAPSULE2_UPPER_SIDE
    : CAPSULE2_LOWER_SIDE;
}
