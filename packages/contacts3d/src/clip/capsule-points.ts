/**
 * What the capsule's pairs against boxes and hulls share once they have clipped the capsule's
 * segment in the other shape's frame: the query's common fields, the kind of a contact from the
 * features touching, and the step that takes a witness and the normal from that frame to world
 * and adds the point (the witness moved by `normal * penetration / 2`, DESIGN.md's midpoint).
 */
import { ContactKind } from '@contactkit/math';
import type { LocalManifold } from '../manifold/local-manifold.js';
import type { Capsule } from '../shapes/capsule.js';

/**
 * The capsule's segment in the other shape's frame and the next point to add: the explicit state
 * of one call (PERFORMANCE.md: doubles cross calls in arrays or fields). box-capsule.ts and
 * convex-hull-capsule.ts extend it with their own intermediate results.
 */
export class CapsuleQuery {
  radius = 0;
  halfLength = 0;
  tolerance = 0;
  /** The capsule's centre C and unit axis U. */
  c0 = 0;
  c1 = 0;
  c2 = 0;
  u0 = 0;
  u1 = 0;
  u2 = 0;
  /** Segment start A (the capsule's end at -halfLength) and direction D (to the other end). */
  a0 = 0;
  a1 = 0;
  a2 = 0;
  d0 = 0;
  d1 = 0;
  d2 = 0;
  /** The contact normal in the other shape's frame, from the capsule toward the shape. */
  n0 = 0;
  n1 = 0;
  n2 = 1;
  /** The next point's witness on the other shape (its frame) and its depth, for `addCapsulePoint`. */
  w0 = 0;
  w1 = 0;
  w2 = 0;
  depth = 0;
  /** The segment's parameter range [t0, t1] left by a clip; t0 > t1 when it is empty. */
  t0 = 0;
  t1 = 1;
}

/**
 * Sets up `q` for a capsule against a shape of transform `m`: the capsule's radius, half length,
 * centre C and axis U in that shape's frame (the transpose of m's rotation applied to the
 * capsule's centre less m's origin, and to its local Y), its segment `A = C - halfLength U`,
 * `D = 2 halfLength U` (the caller sets q.tolerance: PERFORMANCE.md, doubles cross calls in
 * fields).
 */
export function placeCapsule(q: CapsuleQuery, m: Float64Array, capsule: Capsule): void {
  const mc = capsule.transform, halfLength = capsule.halfLength;
  const wx = mc[12]! - m[12]!, wy = mc[13]! - m[13]!, wz = mc[14]! - m[14]!;
  const c0 = m[0]! * wx + m[1]! * wy + m[2]! * wz;
  const c1 = m[4]! * wx + m[5]! * wy + m[6]! * wz;
  const c2 = m[8]! * wx + m[9]! * wy + m[10]! * wz;
  const u0 = m[0]! * mc[4]! + m[1]! * mc[5]! + m[2]! * mc[6]!;
  const u1 = m[4]! * mc[4]! + m[5]! * mc[5]! + m[6]! * mc[6]!;
  const u2 = m[8]! * mc[4]! + m[9]! * mc[5]! + m[10]! * mc[6]!;
  q.radius = capsule.radius;
  q.halfLength = halfLength;
  q.c0 = c0;
  q.c1 = c1;
  q.c2 = c2;
  q.u0 = u0;
  q.u1 = u1;
  q.u2 = u2;
  q.a0 = c0 - halfLength * u0;
  q.a1 = c1 - halfLength * u1;
  q.a2 = c2 - halfLength * u2;
  q.d0 = 2 * halfLength * u0;
  q.d1 = 2 * halfLength * u1;
  q.d2 = 2 * halfLength * u2;
}

/**
 * Contact kind of the other shape's feature of dimension `dimension` (0 vertex, 1 edge, 2 face)
 * against a capsule end (a point) or its side (an edge): capsule.ts's kinds.
 */
export function capsuleContactKind(dimension: number, capsuleEnd: boolean): ContactKind {
  if (dimension === 2) return capsuleEnd ? ContactKind.PointFace : ContactKind.EdgeFace;
  if (dimension === 1) return capsuleEnd ? ContactKind.PointEdge : ContactKind.EdgeEdge;
  return capsuleEnd ? ContactKind.PointPoint : ContactKind.PointEdge;
}

/**
 * Adds a point to `manifold` from the witness (q.w0, q.w1, q.w2) and depth q.depth: the witness
 * taken to world by `m`, the other shape's transform, moved by the manifold's normal times half
 * the depth.
 */
export function addCapsulePoint(
  q: CapsuleQuery,
  manifold: LocalManifold,
  m: Float64Array,
  kind: ContactKind,
  features: number,
): void {
  const point = manifold.points[manifold.count++]!;
  const w0 = q.w0, w1 = q.w1, w2 = q.w2, halfDepth = 0.5 * q.depth;
  point.x = m[12]! + m[0]! * w0 + m[4]! * w1 + m[8]! * w2 + manifold.normalX * halfDepth;
  point.y = m[13]! + m[1]! * w0 + m[5]! * w1 + m[9]! * w2 + manifold.normalY * halfDepth;
  point.z = m[14]! + m[2]! * w0 + m[6]! * w1 + m[10]! * w2 + manifold.normalZ * halfDepth;
  point.depth = q.depth;
  point.kind = kind;
  point.features = features;
}

/** Sets the manifold's normal from the unit normal (q.n0, q.n1, q.n2) taken to world by `m`. */
export function setCapsuleNormal(q: CapsuleQuery, manifold: LocalManifold, m: Float64Array): void {
  const n0 = q.n0, n1 = q.n1, n2 = q.n2;
  manifold.normalX = m[0]! * n0 + m[4]! * n1 + m[8]! * n2;
  manifold.normalY = m[1]! * n0 + m[5]! * n1 + m[9]! * n2;
  manifold.normalZ = m[2]! * n0 + m[6]! * n1 + m[10]! * n2;
}

/**
 * A capsule pair's separating-axis cache (`PairCache.capsule`, box-capsule.ts and
 * convex-hull-capsule.ts): what last proved the pair apart beyond reach, tested first on the next
 * call. A hull keeps the face whose plane the whole segment lay above by more than the radius
 * and the tolerance (tested by the same arithmetic as the full pass, so the answer is the full
 * computation's); a box keeps a unit direction in its frame (a face axis, or the direction of
 * the closest points), tested with room for round-off so that it only ever ends a call the full
 * computation would end without a contact.
 */
export class CapsuleSatCache {
  /** The hull face that separated the pair, or -1. */
  face = -1;
  /** Whether (n0, n1, n2) holds a box direction, from the box toward the capsule. */
  hasAxis = false;
  n0 = 0;
  n1 = 0;
  n2 = 0;
  /** Whether the last call ended on the cached face or direction (the detector's `lastPath`). */
  separated = false;

  /** Forgets the axis and face. */
  reset(): void {
    this.face = -1;
    this.hasAxis = false;
    this.separated = false;
  }
}
