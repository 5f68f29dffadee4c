/**
 * Box against capsule, in the box's frame, where the box is the axis-aligned `|x_k| <= h_k` and
 * the capsule's segment is `P(t) = A + t D`, t in [0, 1] (Box3D's capsule-hull contact and
 * Box2D v3's capsule-polygon manifold follow the same plan: a distance query first, separating
 * axes only when the cores overlap). Steps:
 *   1. Early out on the box's face axes: the capsule's extent along each.
 *   2. The parameter t* of the segment point closest to the box. `f(t) = |P(t) - clamp(P(t))|^2`
 *      is convex and piecewise quadratic, its pieces bounded where P(t) crosses a face plane
 *      (at most six breakpoints); its slope is linear on each piece, so the zero of the slope is
 *      found exactly by walking the sorted breakpoints and interpolating on the piece where the
 *      slope changes sign (the piecewise analysis of Eberly's line-box distance). The box point
 *      is `clamp(P(t*))`.
 *   3. Cores apart (distance d > 0): normal from the segment point toward the box point,
 *      penetration `r - d`, exact. The box feature is read from the clamped coordinates (face,
 *      edge, vertex, as in box-sphere). When that feature is a face and the segment is near
 *      parallel to it (sine at most `PARALLEL_SINE`), or an edge and the segment near parallel to
 *      it, the segment is clipped to the face's side planes (or the edge's extent) and both ends
 *      of the clipped part are contacts: a capsule lying along a face gets two points.
 *   4. Cores overlapping (the segment enters the box): the separating-axis test over the box's
 *      three face axes and the three axes `D x e_k` (the face normals of the Minkowski
 *      difference of a segment and a box); penetration `r - separation`, exact. A face axis gives
 *      the segment clipped to the face's side planes, each end of the clipped part within reach a
 *      contact; an edge axis (preferred when it separates more by `AXIS_ABSOLUTE_MARGIN`
 *      of the size: a capsule lying along a face, whose face axis an edge axis repeats, keeps
 *      its two points) gives one contact at the closest points of the segment and the box edge.
 * Every contact shares one normal, from the capsule (second) toward the box (first); `point` is
 * the box witness moved by `normal * penetration / 2`.
 *
 * Kinds follow the features touching (capsule.ts: a capsule's end is a point, its side an edge):
 * a capsule end on a box face `PointFace`, on a box edge `PointEdge`, on a vertex `PointPoint`;
 * the capsule's side on a face `EdgeFace`, across a box edge `EdgeEdge` (also where a clipped
 * segment crosses a face's side plane, as box-box's clipped incident edges), on a vertex
 * `PointEdge`. Feature ids pack the box's code (box-features.ts) and the capsule's.
 */
import {
  AXIS_ABSOLUTE_MARGIN,
  ContactKind,
  PARALLEL_EPSILON,
  SQUARE_UNDERFLOW,
} from '@contactkit/math';
import {
  addCapsulePoint,
  capsuleContactKind,
  CapsuleQuery,
  CapsuleSatCache,
  placeCapsule,
  setCapsuleNormal,
} from '../clip/capsule-points.js';
import { exitBox, exitCapsule, LineExit } from '../clip/line-exit.js';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import { boxEdgeFeature, boxFaceFeature, boxVertexFeature } from '../shapes/box-features.js';
import { CAPSULE_SIDE_FEATURE, CORE_SLACK, type Capsule } from '../shapes/capsule.js';
import type { Box } from '../shapes/primitives.js';
import { DEPTH_SLACK, PARALLEL_SINE } from './capsule-capsule.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** How far (relative) an edge's closest point may lie past its end and still be on it. */
const EDGE_SLACK = 1e-9;
/** Room for round-off of a cached axis's test, relative to the sizes (its sums err by 1e-15). */
const AXIS_SLACK = 1e-9;

/**
 * The capsule's segment in the box's frame and the box's half sizes, with every intermediate
 * result: the explicit state of one call (PERFORMANCE.md: doubles cross calls in arrays or fields, so that
 * a call allocates nothing).
 */
class BoxCapsuleQuery extends CapsuleQuery {
  /** The closest parameter, its excess g = P(t) - clamp(P(t)) and length. */
  t = 0;
  g0 = 0;
  g1 = 0;
  g2 = 0;
  distance = 0;
  /** The slope's round-off (see `closestParameter`). */
  flat = 0;
  /** An edge axis from the box toward the capsule, and its contact's depth. */
  l0 = 0;
  l1 = 0;
  l2 = 0;
  edgeDepth = 0;
  /** The box's half sizes. */
  h0 = 0;
  h1 = 0;
  h2 = 0;
  /** The side plane that cut each end of [t0, t1] (2j + (negative ? 1 : 0)), or -1. */
  plane0 = -1;
  plane1 = -1;
  /** Sorted breakpoints of `f` inside (0, 1). */
  readonly breaks: Float64Array = new Float64Array(6);
  /** The segment's start A, its direction D and the box's half sizes by axis, for loops over axes. */
  readonly start: Float64Array = new Float64Array(3);
  readonly along: Float64Array = new Float64Array(3);
  readonly halves: Float64Array = new Float64Array(3);
  /** A parameter of the segment, and half the slope of f there (`slope`). */
  at = 0;
  slope = 0;
}

const queryScratch = new BoxCapsuleQuery();
const exitScratch = new LineExit();
/** Scratch of this file's detector and test, passed to the computation explicitly. */
const manifoldScratch = new LocalManifold();

/**
 * Into q.slope: half the slope of f at t = q.at, sum_k (P_k - clamp(P_k)) D_k (each term the
 * excess of P_k over [-h_k, h_k] times D_k), with values within `flat` of 0 taken as 0: a
 * segment parallel to a face up to the round-off of its pose has a flat stretch.
 */
function slope(q: BoxCapsuleQuery): void {
  const t = q.at, start = q.start, along = q.along, halves = q.halves;
  let value = 0;
  for (let axis = 0; axis < 3; axis++) {
    const x = start[axis]! + t * along[axis]!, h = halves[axis]!;
    value += (x > h ? x - h : x < -h ? x + h : 0) * along[axis]!;
  }
  const flat = q.flat;
  q.slope = value > flat || value < -flat ? value : 0;
}

/** Relative size of the slope's round-off: a sine of 1e-12, well above a rotation's 1e-16. */
const FLAT_SLOPE = 1e-12;

/**
 * Step 2: the parameter of the segment point closest to the box. The slope is nondecreasing, so
 * its zeros form one interval (a point unless the segment runs parallel to a face or an edge at
 * its least distance): the middle of that interval, as Ericson's parallel segments take the
 * middle of their overlap, so the answer is unique and no end of a flat stretch (a face's
 * boundary) is named by round-off. Into q.t.
 */
function closestParameter(q: BoxCapsuleQuery): void {
  // |D| times the reach of the coordinates: the scale of the slope.
  const length = Math.abs(q.d0) + Math.abs(q.d1) + Math.abs(q.d2);
  q.flat = FLAT_SLOPE * length * (Math.abs(q.a0) + Math.abs(q.a1) + Math.abs(q.a2) + length);
  q.at = 0;
  slope(q);
  const slopeStart = q.slope;
  if (slopeStart > 0) {
    q.t = 0;
    return;
  }
  q.at = 1;
  slope(q);
  const slopeEnd = q.slope;
  if (slopeEnd < 0) {
    q.t = 1;
    return;
  }
  // The breakpoints inside (0, 1), sorted by insertion (at most six).
  const breaks = q.breaks, start = q.start, along = q.along, halves = q.halves;
  let count = 0;
  for (let axis = 0; axis < 3; axis++) {
    const d = along[axis]!;
    if (d === 0) continue;
    const a = start[axis]!, h = halves[axis]!;
    for (let side = -1; side <= 1; side += 2) {
      const t = (side * h - a) / d;
      if (!(t > 0 && t < 1)) continue;
      let i = count++;
      while (i > 0 && breaks[i - 1]! > t) {
        breaks[i] = breaks[i - 1]!;
        i--;
      }
      breaks[i] = t;
    }
  }
  // The slope is linear between breakpoints: the first zero is interpolated on the piece where it
  // turns >= 0, the last on the piece where it turns > 0.
  let first = slopeStart >= 0 ? 0 : -1, last = -1;
  let low = 0, slopeLow = slopeStart;
  for (let i = 0; i <= count; i++) {
    const high = i < count ? breaks[i]! : 1;
    let slopeHigh = slopeEnd;
    if (i < count) {
      q.at = high;
      slope(q);
      slopeHigh = q.slope;
    }
    if (first < 0 && slopeHigh >= 0) {
      first = low + (high - low) * (slopeLow / (slopeLow - slopeHigh));
    }
    if (slopeHigh > 0) {
      last = slopeLow >= 0 ? low : low + (high - low) * (slopeLow / (slopeLow - slopeHigh));
      break;
    }
    low = high;
    slopeLow = slopeHigh;
  }
  if (last < 0) last = 1;
  q.t = 0.5 * (first + last);
}

/**
 * Clips [0, 1] to the slabs `|P_j| <= h_j` of the axes other than `axisOut` (a face's side
 * planes) or, with `only` >= 0, of that axis alone (an edge's extent); into q.t0, q.t1 and the
 * planes that cut them. An empty range leaves t0 > t1.
 */
function clipSegment(q: BoxCapsuleQuery, axisOut: number, only: number): void {
  const start = q.start, along = q.along, halves = q.halves;
  let t0 = 0, t1 = 1, plane0 = -1, plane1 = -1;
  for (let axis = 0; axis < 3; axis++) {
    if (only >= 0 ? axis !== only : axis === axisOut) continue;
    const a = start[axis]!, d = along[axis]!, h = halves[axis]!;
    if (d === 0) {
      if (a > h || a < -h) t0 = 2;
      continue;
    }
    // Entering through the plane the segment faces first, leaving through the other.
    const enterSign = d > 0 ? -1 : 1;
    const enter = (enterSign * h - a) / d, leave = (-enterSign * h - a) / d;
    if (enter > t0) {
      t0 = enter;
      plane0 = 2 * axis + (enterSign < 0 ? 1 : 0);
    }
    if (leave < t1) {
      t1 = leave;
      plane1 = 2 * axis + (enterSign < 0 ? 0 : 1);
    }
  }
  q.t0 = t0;
  q.t1 = t1;
  q.plane0 = plane0;
  q.plane1 = plane1;
}

/** The code of the box edge along `axis` at signs (s0, s1, s2) (the sign on `axis` ignored). */
function edgeCode(axis: number, s0: number, s1: number, s2: number): number {
  return axis === 0
    ? boxEdgeFeature(0, s1, s2)
    : axis === 1
    ? boxEdgeFeature(1, s0, s2)
    : boxEdgeFeature(2, s0, s1);
}

/**
 * The clipped segment's ends against face `axis` with outward sign `sign` (normal already set to
 * `-sign e_axis`): each end within the tolerance is a contact, depth `r - height` above the face.
 */
function faceContacts(
  q: BoxCapsuleQuery,
  m: Float64Array,
  axis: number,
  sign: number,
  manifold: LocalManifold,
): void {
  const radius = q.radius, tolerance = q.tolerance;
  const h = q.halves[axis]!, a = q.start[axis]!, d = q.along[axis]!;
  const faceCode = boxFaceFeature(axis, sign);
  const ends = q.t1 > q.t0 ? 2 : 1;
  for (let end = 0; end < ends; end++) {
    const t = end === 0 ? q.t0 : q.t1, plane = end === 0 ? q.plane0 : q.plane1;
    const depth = radius - (sign * (a + t * d) - h);
    if (depth < -tolerance) continue;
    const x0 = axis === 0 ? sign * h : q.a0 + t * q.d0;
    const x1 = axis === 1 ? sign * h : q.a1 + t * q.d1;
    const x2 = axis === 2 ? sign * h : q.a2 + t * q.d2;
    if (plane < 0) {
      q.w0 = x0;
      q.w1 = x1;
      q.w2 = x2;
      q.depth = depth;
      // An end of the segment, or the closest point alone when round-off emptied the clip.
      const code = t <= 0 ? 1 : t >= 1 ? 2 : CAPSULE_SIDE_FEATURE;
      const kind = code === CAPSULE_SIDE_FEATURE ? ContactKind.EdgeFace : ContactKind.PointFace;
      addCapsulePoint(q, manifold, m, kind, (faceCode << 16) | code);
    } else {
      // The side plane (axis j, sign sj) meets the face in the edge along the third axis.
      const j = plane >> 1, sj = plane & 1 ? -1 : 1;
      const s0 = axis === 0 ? sign : j === 0 ? sj : 0;
      const s1 = axis === 1 ? sign : j === 1 ? sj : 0;
      const s2 = axis === 2 ? sign : j === 2 ? sj : 0;
      const code = edgeCode(3 - axis - j, s0, s1, s2);
      q.w0 = x0;
      q.w1 = x1;
      q.w2 = x2;
      q.depth = depth;
      addCapsulePoint(q, manifold, m, ContactKind.EdgeEdge, (code << 16) | CAPSULE_SIDE_FEATURE);
    }
  }
}

/**
 * Step 3's edge case: the clipped segment's ends against the box edge along `axis` at the signs
 * (s0, s1, s2) of the other two coordinates (normal already set). The line along the normal
 * through an end meets the capsule's surface toward the box and the box's toward the capsule:
 * those are the witnesses and the overlap along the line the depth (line-exit.ts), so both lie
 * on the surfaces although the segment is not quite parallel to the edge.
 */
function edgeContacts(
  q: BoxCapsuleQuery,
  m: Float64Array,
  axis: number,
  s0: number,
  s1: number,
  s2: number,
  manifold: LocalManifold,
): void {
  const tolerance = q.tolerance, n0 = q.n0, n1 = q.n1, n2 = q.n2;
  const code = edgeCode(axis, s0, s1, s2);
  const exit = exitScratch;
  exit.h0 = q.h0;
  exit.h1 = q.h1;
  exit.h2 = q.h2;
  exit.cx = q.c0;
  exit.cy = q.c1;
  exit.cz = q.c2;
  exit.ax = q.u0;
  exit.ay = q.u1;
  exit.az = q.u2;
  exit.halfLength = q.halfLength;
  exit.radius = q.radius;
  const ends = q.t1 > q.t0 ? 2 : 1;
  for (let end = 0; end < ends; end++) {
    const t = end === 0 ? q.t0 : q.t1, plane = end === 0 ? q.plane0 : q.plane1;
    exit.x = q.a0 + t * q.d0;
    exit.y = q.a1 + t * q.d1;
    exit.z = q.a2 + t * q.d2;
    if (plane >= 0) {
      // An end the clip cut lies on the edge's end plane, and the normal (from the closest
      // points, its component along the edge 0) keeps the line in that plane: the line grazes
      // the box's end face, and whether it met the box hung on the round-off of a + t d
      // (FINDINGS F51). The end's coordinate is that plane's, exactly.
      const end = plane & 1 ? -q.halves[axis]! : q.halves[axis]!;
      if (axis === 0) exit.x = end;
      else if (axis === 1) exit.y = end;
      else exit.z = end;
    }
    // n points from the capsule toward the box.
    exit.dx = n0;
    exit.dy = n1;
    exit.dz = n2;
    exitCapsule(exit);
    const towardBox = exit.distance;
    exit.dx = -n0;
    exit.dy = -n1;
    exit.dz = -n2;
    exitBox(exit);
    const towardCapsule = exit.distance;
    const depth = towardBox + towardCapsule;
    // -Infinity (the line misses the box) is dropped here too.
    if (!(depth >= -tolerance)) continue;
    q.w0 = exit.x - n0 * towardCapsule;
    q.w1 = exit.y - n1 * towardCapsule;
    q.w2 = exit.z - n2 * towardCapsule;
    q.depth = depth;
    if (plane < 0) {
      addCapsulePoint(q, manifold, m, ContactKind.PointEdge, (code << 16) | (t <= 0 ? 1 : 2));
    } else {
      const sign = plane & 1 ? -1 : 1;
      const vertex = boxVertexFeature(
        axis === 0 ? sign : s0,
        axis === 1 ? sign : s1,
        axis === 2 ? sign : s2,
      );
      addCapsulePoint(q, manifold, m, ContactKind.PointEdge, (vertex << 16) | CAPSULE_SIDE_FEATURE);
    }
  }
}

/**
 * Whether the capsule (placed in q) lies apart from the box of half sizes q.h beyond reach along the
 * cached unit direction n (from the box toward the capsule): the segment's lowest point along n
 * less the box's highest, `|n0| h0 + |n1| h1 + |n2| h2`, is a lower bound on the cores'
 * distance (the separating-axis test of Ericson 5.2.1 for one axis). It must exceed the radius
 * and the tolerance by `AXIS_SLACK` of the sizes involved, so that the full computation, whose
 * distance is at least that bound less its own round-off, would find no contact either.
 */
function apartAlongCachedAxis(q: BoxCapsuleQuery, sat: CapsuleSatCache): boolean {
  const n0 = sat.n0, n1 = sat.n1, n2 = sat.n2, h0 = q.h0, h1 = q.h1, h2 = q.h2;
  const heightA = n0 * q.a0 + n1 * q.a1 + n2 * q.a2;
  const heightB = heightA + n0 * q.d0 + n1 * q.d1 + n2 * q.d2;
  const low = heightA < heightB ? heightA : heightB;
  const gap = low - (Math.abs(n0) * h0 + Math.abs(n1) * h1 + Math.abs(n2) * h2);
  const slack = AXIS_SLACK * (Math.abs(low) + h0 + h1 + h2 + q.halfLength + q.radius);
  return gap - slack > q.radius + q.tolerance;
}

/**
 * Steps 1 to 4 into `manifold` (0, 1 or 2 points), down to separation `data.tolerance` (0
 * without `data`). The tolerance is read from its buffer, so that a call allocates nothing
 * (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
function boxCapsuleManifold(
  box: Box,
  capsule: Capsule,
  data: CollisionData | null,
  manifold: LocalManifold,
  sat: CapsuleSatCache | null,
): void {
  manifold.count = 0;
  const tolerance = data === null ? 0 : data.tolerance;
  const m = box.transform;
  const h0 = box.halfSize[0]!, h1 = box.halfSize[1]!, h2 = box.halfSize[2]!;
  const q = queryScratch;
  q.tolerance = tolerance;
  placeCapsule(q, m, capsule);
  const radius = q.radius, halfLength = q.halfLength;
  q.h0 = h0;
  q.h1 = h1;
  q.h2 = h2;
  const start = q.start, along = q.along, halves = q.halves;
  start[0] = q.a0;
  start[1] = q.a1;
  start[2] = q.a2;
  along[0] = q.d0;
  along[1] = q.d1;
  along[2] = q.d2;
  halves[0] = h0;
  halves[1] = h1;
  halves[2] = h2;
  if (sat !== null) {
    sat.separated = sat.hasAxis && apartAlongCachedAxis(q, sat);
    if (sat.separated) return;
  }
  // Step 1.
  const c0 = q.c0, c1 = q.c1, c2 = q.c2;
  const e0 = halfLength * Math.abs(q.u0),
    e1 = halfLength * Math.abs(q.u1),
    e2 = halfLength * Math.abs(q.u2);
  if (
    Math.abs(c0) - e0 - radius > h0 + tolerance || Math.abs(c1) - e1 - radius > h1 + tolerance ||
    Math.abs(c2) - e2 - radius > h2 + tolerance
  ) {
    // The first face axis that separates, from the box toward the capsule.
    if (sat !== null) {
      const k = Math.abs(c0) - e0 - radius > h0 + tolerance
        ? 0
        : Math.abs(c1) - e1 - radius > h1 + tolerance
        ? 1
        : 2;
      const side = (k === 0 ? c0 : k === 1 ? c1 : c2) > 0 ? 1 : -1;
      sat.hasAxis = true;
      sat.n0 = k === 0 ? side : 0;
      sat.n1 = k === 1 ? side : 0;
      sat.n2 = k === 2 ? side : 0;
    }
    return;
  }

  // Step 2.
  closestParameter(q);
  const t = q.t;
  // The excess g_k = P_k - clamp(P_k) over [-h_k, h_k].
  const p0 = q.a0 + t * q.d0, p1 = q.a1 + t * q.d1, p2 = q.a2 + t * q.d2;
  const g0 = p0 > h0 ? p0 - h0 : p0 < -h0 ? p0 + h0 : 0;
  const g1 = p1 > h1 ? p1 - h1 : p1 < -h1 ? p1 + h1 : 0;
  const g2 = p2 > h2 ? p2 - h2 : p2 < -h2 ? p2 + h2 : 0;
  q.g0 = g0;
  q.g1 = g1;
  q.g2 = g2;
  const distanceSquared = g0 * g0 + g1 * g1 + g2 * g2;
  // A square that underflows is measured by Math.hypot (tolerance.ts, SQUARE_UNDERFLOW); a
  // segment that enters the box (g = 0) is not (PERFORMANCE.md: Math.hypot allocates).
  q.distance = distanceSquared >= SQUARE_UNDERFLOW
    ? Math.sqrt(distanceSquared)
    : g0 === 0 && g1 === 0 && g2 === 0
    ? 0
    : Math.hypot(g0, g1, g2);
  // Cores closer than the round-off of the poses (relative: capsule.ts, CORE_SLACK) overlap.
  if (q.distance > CORE_SLACK * (Math.max(h0, h1, h2) + halfLength + radius)) {
    separatedContacts(q, m, manifold);
  } else {
    overlappingContacts(q, m, manifold);
  }
  if (sat !== null) {
    // No contact: the cores lie apart beyond reach, along the closest points' direction.
    sat.hasAxis = manifold.count === 0 && q.distance > 0;
    const inverse = 1 / q.distance;
    sat.n0 = g0 * inverse;
    sat.n1 = g1 * inverse;
    sat.n2 = g2 * inverse;
  }
}

/** Step 3: the cores apart, the box point `P(t) - g` at distance |g|. */
function separatedContacts(q: BoxCapsuleQuery, m: Float64Array, manifold: LocalManifold): void {
  const t = q.t, g0 = q.g0, g1 = q.g1, g2 = q.g2;
  const radius = q.radius, halfLength = q.halfLength;
  const distance = q.distance;
  const depth = radius - distance;
  if (depth < -q.tolerance) return;
  q.n0 = -g0 / distance;
  q.n1 = -g1 / distance;
  q.n2 = -g2 / distance;
  setCapsuleNormal(q, manifold, m);
  const out0 = g0 !== 0, out1 = g1 !== 0, out2 = g2 !== 0;
  const clamped = (out0 ? 1 : 0) + (out1 ? 1 : 0) + (out2 ? 1 : 0);
  const s0 = g0 > 0 ? 1 : -1, s1 = g1 > 0 ? 1 : -1, s2 = g2 > 0 ? 1 : -1;
  if (halfLength > 0 && clamped < 3) {
    // Sine of the segment's angle to the face (its cosine with the face's normal), or to the
    // edge (from its cosine with the edge).
    const length = 2 * halfLength;
    if (clamped === 1) {
      const axis = out0 ? 0 : out1 ? 1 : 2;
      if (Math.abs(q.along[axis]!) <= PARALLEL_SINE * length) {
        clipSegment(q, axis, -1);
        if (q.t0 <= q.t1) {
          faceContacts(q, m, axis, axis === 0 ? s0 : axis === 1 ? s1 : s2, manifold);
          if (manifold.count > 0) return;
        }
      }
    } else {
      const axis = !out0 ? 0 : !out1 ? 1 : 2;
      const along = q.along[axis]! / length;
      if (1 - along * along <= PARALLEL_SINE * PARALLEL_SINE) {
        clipSegment(q, -1, axis);
        if (q.t0 <= q.t1) {
          edgeContacts(q, m, axis, s0, s1, s2, manifold);
          if (manifold.count > 0 && !closestGivesWay(q, manifold, depth)) return;
        }
      }
    }
  }
  // One point: the box witness P(t) - g.
  const x0 = q.a0 + t * q.d0 - g0, x1 = q.a1 + t * q.d1 - g1, x2 = q.a2 + t * q.d2 - g2;
  // capsuleFeatureAt written out (its doubles would cross a call).
  const capsuleCode = t <= 0 || halfLength === 0 ? 1 : t >= 1 ? 2 : CAPSULE_SIDE_FEATURE;
  let boxCode: number;
  if (clamped === 3) boxCode = boxVertexFeature(s0, s1, s2);
  else if (clamped === 2) boxCode = edgeCode(!out0 ? 0 : !out1 ? 1 : 2, s0, s1, s2);
  else {boxCode = out0
      ? boxFaceFeature(0, s0)
      : out1
      ? boxFaceFeature(1, s1)
      : boxFaceFeature(2, s2);}
  const kind = capsuleContactKind(3 - clamped, capsuleCode !== CAPSULE_SIDE_FEATURE);
  q.w0 = x0;
  q.w1 = x1;
  q.w2 = x2;
  q.depth = depth;
  addCapsulePoint(q, manifold, m, kind, (boxCode << 16) | capsuleCode);
}

/**
 * Whether the closest point (depth `closest`) must join the edge's end points: when the deepest
 * of them is shallower by more than `DEPTH_SLACK` of the size (capsule-capsule.ts's rule). Then
 * the shallower end gives way: the deeper one is left alone in the manifold for the closest
 * point to be added after it.
 */
function closestGivesWay(q: BoxCapsuleQuery, manifold: LocalManifold, closest: number): boolean {
  const points = manifold.points;
  const deeper = manifold.count === 2 && points[1]!.depth > points[0]!.depth ? 1 : 0;
  const size = Math.max(q.h0, q.h1, q.h2) + q.halfLength + q.radius;
  if (!(points[deeper]!.depth < closest - DEPTH_SLACK * size)) return false;
  if (manifold.count === 2) {
    if (deeper === 1) {
      const from = points[1]!, to = points[0]!;
      to.x = from.x;
      to.y = from.y;
      to.z = from.z;
      to.depth = from.depth;
      to.kind = from.kind;
      to.features = from.features;
    }
    manifold.count = 1;
  } else {
    manifold.count = 0;
  }
  return true;
}

/** Step 4: the segment enters the box. */
function overlappingContacts(q: BoxCapsuleQuery, m: Float64Array, manifold: LocalManifold): void {
  const h0 = q.h0, h1 = q.h1, h2 = q.h2;
  const c0 = q.c0, c1 = q.c1, c2 = q.c2, u0 = q.u0, u1 = q.u1, u2 = q.u2;
  const radius = q.radius, halfLength = q.halfLength;
  // Face axes: separation |C_k| - halfLength |U_k| - h_k; the first of equal ones wins.
  let faceAxis = 0;
  let faceSeparation = Math.abs(c0) - halfLength * Math.abs(u0) - h0;
  const separation1 = Math.abs(c1) - halfLength * Math.abs(u1) - h1;
  if (separation1 > faceSeparation) {
    faceAxis = 1;
    faceSeparation = separation1;
  }
  const separation2 = Math.abs(c2) - halfLength * Math.abs(u2) - h2;
  if (separation2 > faceSeparation) {
    faceAxis = 2;
    faceSeparation = separation2;
  }
  // Edge axes U x e_k (squared length 1 - U_k^2); the segment projects to the single value C . L.
  let edgeAxis = -1, edgeSeparation = -Infinity, l0 = 0, l1 = 0, l2 = 0;
  if (halfLength > 0) {
    for (let axis = 0; axis < 3; axis++) {
      const k0 = axis === 0 ? 0 : axis === 1 ? -u2 : u1;
      const k1 = axis === 0 ? u2 : axis === 1 ? 0 : -u0;
      const k2 = axis === 0 ? -u1 : axis === 1 ? u0 : 0;
      const lengthSquared = k0 * k0 + k1 * k1 + k2 * k2;
      if (lengthSquared <= PARALLEL_EPSILON) continue;
      const inverse = 1 / Math.sqrt(lengthSquared);
      const along = (c0 * k0 + c1 * k1 + c2 * k2) * inverse;
      const boxRadius = (h0 * Math.abs(k0) + h1 * Math.abs(k1) + h2 * Math.abs(k2)) * inverse;
      const separation = Math.abs(along) - boxRadius;
      if (separation > edgeSeparation) {
        edgeSeparation = separation;
        edgeAxis = axis;
        // Oriented from the box toward the capsule.
        const sign = along < 0 ? -inverse : inverse;
        l0 = k0 * sign;
        l1 = k1 * sign;
        l2 = k2 * sign;
      }
    }
  }
  const size = Math.max(h0, h1, h2, halfLength + radius);
  // A capsule lying along a face ties its face axis with an edge axis exactly (U x e_k is then
  // the face normal): round-off must not turn its two points into one, so the edge axis needs
  // the absolute part of tolerance.ts's axis bias. No relative bias (box-box's, for resting
  // stacks): the least overlap is the one whose deepest point the face clip keeps, so the
  // penetration stays exact.
  const margin = AXIS_ABSOLUTE_MARGIN * size;
  if (edgeAxis >= 0 && edgeSeparation > faceSeparation + margin) {
    q.l0 = l0;
    q.l1 = l1;
    q.l2 = l2;
    q.edgeDepth = radius - edgeSeparation;
    if (edgeContact(q, m, edgeAxis, manifold)) return;
  }
  const faceCentre = faceAxis === 0 ? c0 : faceAxis === 1 ? c1 : c2;
  const sign = faceCentre < 0 ? -1 : 1;
  q.n0 = faceAxis === 0 ? -sign : 0;
  q.n1 = faceAxis === 1 ? -sign : 0;
  q.n2 = faceAxis === 2 ? -sign : 0;
  setCapsuleNormal(q, manifold, m);
  clipSegment(q, faceAxis, -1);
  // A capsule of half length 0 is one point, whatever range the clip leaves.
  if (halfLength === 0) q.t1 = q.t0;
  if (q.t0 > q.t1) {
    // Round-off emptied the clip (the segment grazes the box's boundary): the closest point alone.
    q.t0 = q.t1 = q.t;
    q.plane0 = q.plane1 = -1;
  }
  faceContacts(q, m, faceAxis, sign, manifold);
}

/**
 * Step 4's edge axis: one contact at the closest points of the segment and the box edge along
 * `axis` extreme along the unit axis (l0, l1, l2) (from the box toward the capsule); false, with
 * nothing added, when those points fall outside the segment or the edge.
 */
function edgeContact(
  q: BoxCapsuleQuery,
  m: Float64Array,
  axis: number,
  manifold: LocalManifold,
): boolean {
  const depth = q.edgeDepth, l0 = q.l0, l1 = q.l1, l2 = q.l2;
  if (depth < -q.tolerance) return false;
  const s0 = l0 < 0 ? -1 : 1, s1 = l1 < 0 ? -1 : 1, s2 = l2 < 0 ? -1 : 1;
  // The edge's point at coordinate 0 along `axis`.
  const e0 = axis === 0 ? 0 : s0 * q.h0,
    e1 = axis === 1 ? 0 : s1 * q.h1,
    e2 = axis === 2 ? 0 : s2 * q.h2;
  // Ericson 5.1.9 for the lines A + t D and E + w e_axis: r = A - E, b = D_axis, c = D . r,
  // f = r_axis; t = (b f - c) / (D . D - b^2), w = b t + f.
  const r0 = q.a0 - e0, r1 = q.a1 - e1, r2 = q.a2 - e2;
  const b = q.along[axis]!;
  const c = q.d0 * r0 + q.d1 * r1 + q.d2 * r2;
  const f = axis === 0 ? r0 : axis === 1 ? r1 : r2;
  const denominator = q.d0 * q.d0 + q.d1 * q.d1 + q.d2 * q.d2 - b * b;
  const t = (b * f - c) / denominator;
  const w = b * t + f;
  const h = q.halves[axis]!;
  if (!(t >= -EDGE_SLACK && t <= 1 + EDGE_SLACK && Math.abs(w) <= h * (1 + EDGE_SLACK))) {
    return false;
  }
  q.n0 = -l0;
  q.n1 = -l1;
  q.n2 = -l2;
  setCapsuleNormal(q, manifold, m);
  q.w0 = axis === 0 ? w : e0;
  q.w1 = axis === 1 ? w : e1;
  q.w2 = axis === 2 ? w : e2;
  q.depth = depth;
  addCapsulePoint(
    q,
    manifold,
    m,
    ContactKind.EdgeEdge,
    (edgeCode(axis, s0, s1, s2) << 16) | CAPSULE_SIDE_FEATURE,
  );
  return true;
}

/**
 * Writes the contacts of a box with a capsule and returns how many it wrote (0, 1 or 2); see the
 * file comment for the steps, kinds and feature ids. No contact when the gap exceeds
 * `data.tolerance`; touching gives penetration 0. A capsule lying along a face (its segment
 * within about 2.9 degrees of the face's plane, `PARALLEL_SINE`) gets two points, at the ends of
 * its segment clipped to the face; one lying along an edge likewise. A segment that enters the
 * box gets the separating-axis contact (never nothing). A capsule of half length 0 is a sphere:
 * box-sphere's answer, its feature code 1. When `maxContactsPerPair` or the room left is 1, the
 * deeper point is kept (`data.overflowed` set when it was the room). With `cache`, a pair that
 * was apart beyond reach is first tested along the direction that showed it (a face axis or the
 * closest points' direction): still apart, the call ends there (`lastPath` `separated`); the
 * contacts are always those of the call without a cache.
 */
export function collideBoxCapsule<B>(
  box: Box<B>,
  capsule: Capsule<B>,
  data: CollisionData<B>,
  cache?: PairCache,
): number {
  if (cache === undefined) {
    boxCapsuleManifold(box, capsule, data as CollisionData, manifoldScratch, null);
  } else {
    cache.claim(box, capsule);
    boxCapsuleManifold(box, capsule, data as CollisionData, manifoldScratch, cache.capsule);
    if (cache.capsule.separated) cache.lastPath = 'separated';
  }
  return emitManifold(manifoldScratch, data, box.body, capsule.body, false);
}

/** Whether a box and a capsule overlap or touch: exactly when `collideBoxCapsule` at tolerance 0 writes a contact. */
export function overlapBoxCapsule(box: Box, capsule: Capsule): boolean {
  boxCapsuleManifold(box, capsule, null, manifoldScratch, null);
  return manifoldScratch.count > 0;
}
