/**
 * Convex hull against capsule, in the hull's frame, where the capsule's segment is
 * `P(t) = A + t D`, t in [0, 1] (box-capsule.ts's plan for any convex polyhedron, as Box3D's
 * capsule-hull contact: a distance query first, separating axes only when the cores overlap).
 * Steps:
 *   1. The face planes, one pass: a face whose plane both segment ends lie above by more than
 *      the radius (and the tolerance) separates the pair; each end's highest face (step 2's face
 *      candidates); the segment clipped to the hull (Cyrus-Beck, Ericson 5.3.8): whether the
 *      core enters the hull.
 *   2. Core outside the hull: its closest point to the hull, the least of each end's projection
 *      on a face it lies above (when inside that face) and of the segment against each hull
 *      edge (Ericson 5.1.9; an edge's ends are the vertices). A point of the segment's interior
 *      closest to a face's interior makes the segment parallel to that face, and then an end of
 *      that stretch, a segment end or an edge crossing, is as close: these candidates are
 *      exact. Ties go to the face. Normal from the segment point toward the hull point
 *      (a face's own normal over a face), penetration `r - d`, exact.
 *   3. A capsule lying on a face (the normal is the face's, and the segment is within
 *      `PARALLEL_SINE` of the face's plane): the segment clipped to the face's side planes, and
 *      each end of the clipped part within reach is a contact, depth `r - height` above the
 *      face (the deepest point of that end's sphere, as capsule-half-space.ts): two points.
 *   4. Core entering the hull (or closer than `CORE_SLACK` of the size): the separating-axis test
 *      over the hull's face normals and the axes `D x e` of the hull edges whose two faces lie
 *      on either side of the plane across D (Gauss-map pruning, Gregorius GDC 2013: only those
 *      make faces of the Minkowski difference); penetration `r - separation`, exact. A face axis
 *      gives the segment clipped to the face's side planes, as in step 3; an edge axis (only
 *      when it separates more than the best face by `AXIS_ABSOLUTE_MARGIN` of the size, as
 *      box-capsule.ts) one contact at the closest points of the segment and that edge.
 * Every contact shares one normal, from the capsule (second) toward the hull (first); `point` is
 * the hull witness moved by `normal * penetration / 2`.
 *
 * Kinds follow the features touching (capsule.ts: a capsule's end is a point, its side an edge):
 * a capsule end on a hull face `PointFace`, on an edge `PointEdge`, on a vertex `PointPoint`; its
 * side on a face `EdgeFace`, across an edge `EdgeEdge` (also where a clipped segment crosses a
 * face's side plane), on a vertex `PointEdge`. Feature ids pack the hull's code (convex-hull.ts)
 * and the capsule's. A capsule of half length 0 is a sphere (code 1). A capsule lying along a
 * hull edge, off the faces' normals, gets one point (box-capsule.ts gives a box edge two).
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
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import { CAPSULE_SIDE_FEATURE, CORE_SLACK, type Capsule } from '../shapes/capsule.js';
import type { ConvexHull } from '../shapes/convex-hull.js';
import { hullScratch } from '../shapes/hull-scratch.js';
import { PARALLEL_SINE } from './capsule-capsule.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** How far (relative) an edge's closest point may lie past its end and still be on it. */
const EDGE_SLACK = 1e-9;
/** Distance from a face's side plane, relative to the pair's size, that counts as on the plane. */
const PLANE_SLACK = 1e-9;
/** 1 - cos of the largest angle between the normal and a face's that still counts as the face's. */
const FACE_ALIGNMENT = 1e-12;
/** Distances closer than this fraction count as equal, so that a face wins a tie with its edge. */
const DISTANCE_TIE = 1e-12;
/**
 * Bound on the round-off of a distance computed from coordinates of magnitude M, relative to M
 * (a few operations of 1.1e-16 each, with room to spare).
 */
const DISTANCE_ROUNDING = 1e-14;

/**
 * The capsule's segment in the hull's frame with every intermediate result: the explicit state
 * of one call (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
class HullCapsuleQuery extends CapsuleQuery {
  /** The pair's size: the hull's half extent or the capsule's, the larger. */
  size = 0;
  /** Step 2's allowance for a point on a face plane (see `edgeCandidate`). */
  slack = 0;
  /** Step 1's best face axis and its separation (the least height of the segment above it). */
  faceAxis = 0;
  faceSeparation = 0;
  /** The closest segment parameter, hull point, squared distance, hull feature code and its dimension. */
  t = 0;
  x0 = 0;
  x1 = 0;
  x2 = 0;
  distanceSquared = 0;
  feature = 0;
  dimension = 2;
  /** The face each end of the segment lies highest above (step 1, the first of equals). */
  endFace0 = 0;
  endFace1 = 0;
  /** The face of the closest point, or -1. */
  face = -1;
  /** The hull edge whose side plane cut each end of [t0, t1], or -1. */
  edge0 = -1;
  edge1 = -1;
  /** Closest points of the segment and a hull edge: parameters s (segment) and w (edge). */
  s = 0;
  w = 0;
}

const queryScratch = new HullCapsuleQuery();
/** Scratch of this file's detector and test, passed to the computation explicitly. */
const manifoldScratch = new LocalManifold();

/**
 * Closest points of the segment and hull edge `edge` (Ericson 5.1.9, both clamped): into q.s,
 * q.w (the edge's parameter in [0, 1]) and q.depth (their squared distance).
 */
function segmentEdge(q: HullCapsuleQuery, hull: ConvexHull, edge: number): void {
  const vertices = hull.vertices;
  const v = 3 * hull.edgeVertices[2 * edge]!, u = 3 * hull.edgeVertices[2 * edge + 1]!;
  const p0 = vertices[v]!, p1 = vertices[v + 1]!, p2 = vertices[v + 2]!;
  const e0 = vertices[u]! - p0, e1 = vertices[u + 1]! - p1, e2 = vertices[u + 2]! - p2;
  const d0 = q.d0, d1 = q.d1, d2 = q.d2;
  const r0 = q.a0 - p0, r1 = q.a1 - p1, r2 = q.a2 - p2;
  const a = d0 * d0 + d1 * d1 + d2 * d2, e = e0 * e0 + e1 * e1 + e2 * e2;
  const b = d0 * e0 + d1 * e1 + d2 * e2, c = d0 * r0 + d1 * r1 + d2 * r2;
  const f = e0 * r0 + e1 * r1 + e2 * r2;
  // s = (b f - c e) / (a e - b^2) on the lines; a segment of length 0 (a point) has s = 0.
  const denominator = a * e - b * b;
  let s = a > 0 && denominator > PARALLEL_EPSILON * a * e ? (b * f - c * e) / denominator : 0;
  s = s < 0 ? 0 : s > 1 ? 1 : s;
  let w = (b * s + f) / e;
  if (w < 0) {
    w = 0;
    s = a > 0 ? -c / a : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
  } else if (w > 1) {
    w = 1;
    s = a > 0 ? (b - c) / a : 0;
    s = s < 0 ? 0 : s > 1 ? 1 : s;
  }
  const g0 = r0 + s * d0 - w * e0, g1 = r1 + s * d1 - w * e1, g2 = r2 + s * d2 - w * e2;
  q.s = s;
  q.w = w;
  q.depth = g0 * g0 + g1 * g1 + g2 * g2;
}

/**
 * Step 2: the closest points of the segment (lying outside the hull) and the hull, into q.t,
 * q.x*, q.distanceSquared, q.feature, q.dimension and q.face, from `heights` (each face's heights
 * of the segment's ends) and each end's highest face (q.endFace0, q.endFace1), both of step 1.
 * The candidates, each kept when closer than the best so far (a face by any amount, an edge by
 * `DISTANCE_TIE`, so that a face wins a tie with its edges):
 *   - each end's projection on the face it lies highest above, when inside that face. No other
 *     face's can be the end's closest point: a point's height above any face's plane is at most
 *     its distance from the hull (the hull lies below the plane), and a projection inside a face
 *     is at exactly that distance.
 *   - the segment's closest points to each hull edge that can hold the hull's closest point
 *     (`edgeCandidate`).
 */
function closestPoints(q: HullCapsuleQuery, hull: ConvexHull, heights: Float64Array): void {
  const planes = hull.planes, vertices = hull.vertices;
  const faceStart = hull.faceStart, faceVertices = hull.faceVertices;
  q.distanceSquared = Infinity;
  q.face = -1;
  const ends = q.halfLength > 0 ? 2 : 1;
  for (let end = 0; end < ends; end++) {
    const face = end === 0 ? q.endFace0 : q.endFace1, h = heights[2 * face + end]!;
    if (h <= 0 || h * h >= q.distanceSquared) continue;
    const px = q.a0 + end * q.d0, py = q.a1 + end * q.d1, pz = q.a2 + end * q.d2;
    const i = 4 * face;
    const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
    // Inside the face when on the inner side of every edge's side plane (e x n) . (x - v) <= 0.
    const fx = px - h * nx, fy = py - h * ny, fz = pz - h * nz;
    const begin = faceStart[face]!, last = faceStart[face + 1]!;
    let inside = true;
    for (let k = begin; k < last && inside; k++) {
      const v = 3 * faceVertices[k]!, w = 3 * faceVertices[k + 1 === last ? begin : k + 1]!;
      const ex = vertices[w]! - vertices[v]!,
        ey = vertices[w + 1]! - vertices[v + 1]!,
        ez = vertices[w + 2]! - vertices[v + 2]!;
      const sx = ey * nz - ez * ny, sy = ez * nx - ex * nz, sz = ex * ny - ey * nx;
      inside =
        sx * (fx - vertices[v]!) + sy * (fy - vertices[v + 1]!) + sz * (fz - vertices[v + 2]!) <= 0;
    }
    if (!inside) continue;
    q.distanceSquared = h * h;
    q.t = end;
    q.x0 = fx;
    q.x1 = fy;
    q.x2 = fz;
    q.feature = hull.faceCodes[face]!;
    q.dimension = 2;
    q.face = face;
  }
  q.slack = hull.tolerance + PLANE_SLACK * q.size;
  if (q.face >= 0 && faceCandidateHolds(q, hull, heights)) return;
  for (let edge = 0; edge < hull.edgeCount; edge++) edgeCandidate(q, hull, heights, edge);
}

/**
 * Whether the face candidate found (end q.t over face q.face at height h, inside the face) is
 * the closest point, so that no edge can replace it: the segment nowhere dips below h above the
 * face's plane (its other end is at least as high), and the whole hull lies below that plane,
 * so every point of the segment is at least h from every point of the hull. The hull's vertices
 * may stand above the plane by round-off or by its build tolerance (a merged face): the highest,
 * `above`, and the round-off of the distances computed (`DISTANCE_ROUNDING` of the coordinates'
 * magnitude) must stay within half of `DISTANCE_TIE` of h, so that no edge's computed distance
 * beats the face's by the tie either (the edges would not have replaced it). About a fifth of
 * the benchmark's calls that reach step 2 (random capsules near a random hull) end here.
 */
function faceCandidateHolds(q: HullCapsuleQuery, hull: ConvexHull, heights: Float64Array): boolean {
  const face = q.face, end = q.t;
  const h = heights[2 * face + end]!;
  if (!(heights[2 * face + 1 - end]! >= h)) return false;
  const planes = hull.planes, vertices = hull.vertices, i = 4 * face;
  const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!, offset = planes[i + 3]!;
  let above = 0;
  for (let k = 0; k < 3 * hull.vertexCount; k += 3) {
    const height = nx * vertices[k]! + ny * vertices[k + 1]! + nz * vertices[k + 2]! - offset;
    if (height > above) above = height;
  }
  const centre = hull.centre;
  const magnitude = Math.max(Math.abs(centre[0]!), Math.abs(centre[1]!), Math.abs(centre[2]!)) +
    2 * (hull.size + q.halfLength + q.radius) + h;
  return above + DISTANCE_ROUNDING * magnitude <= 0.5 * DISTANCE_TIE * h;
}

/**
 * Step 2's test of hull edge `edge`: its closest points to the segment replace the best so far
 * when closer by `DISTANCE_TIE`. Skipped when it cannot hold the hull's closest point x to the
 * segment's closest point p. x lies on a face that p is above: p - x is in the normal cone of
 * x's feature, spanned by the normals n of the faces through x, and |p - x|^2 > 0 is a sum of
 * positive multiples of their n . (p - x), so one of those (p's height above that face's plane)
 * is positive. So an edge neither of whose two faces the segment rises above does not hold x (a
 * vertex is held by the edges of the face p is above as well). The test allows q.slack, the
 * hull's build tolerance (by which a merged face's vertices may leave its plane) and
 * `PLANE_SLACK` of the size. About half a random hull's edges face away from the capsule.
 */
function edgeCandidate(
  q: HullCapsuleQuery,
  hull: ConvexHull,
  heights: Float64Array,
  edge: number,
): void {
  const edgeVertices = hull.edgeVertices, edgeFaces = hull.edgeFaces, vertices = hull.vertices;
  const slack = q.slack;
  const f = 2 * edgeFaces[2 * edge]!, g = 2 * edgeFaces[2 * edge + 1]!;
  if (
    heights[f]! < -slack && heights[f + 1]! < -slack && heights[g]! < -slack &&
    heights[g + 1]! < -slack
  ) return;
  segmentEdge(q, hull, edge);
  const distanceSquared = q.depth;
  if (!(distanceSquared < q.distanceSquared * (1 - DISTANCE_TIE))) return;
  q.distanceSquared = distanceSquared;
  const v = 3 * edgeVertices[2 * edge]!, u = 3 * edgeVertices[2 * edge + 1]!;
  const w = q.w;
  q.t = q.s;
  q.x0 = vertices[v]! + w * (vertices[u]! - vertices[v]!);
  q.x1 = vertices[v + 1]! + w * (vertices[u + 1]! - vertices[v + 1]!);
  q.x2 = vertices[v + 2]! + w * (vertices[u + 2]! - vertices[v + 2]!);
  if (w <= 0 || w >= 1) {
    q.feature = hull.vertexCodes[edgeVertices[w <= 0 ? 2 * edge : 2 * edge + 1]!]!;
    q.dimension = 0;
  } else {
    q.feature = hull.edgeCodes[edge]!;
    q.dimension = 1;
  }
  q.face = -1;
}

/**
 * Clips [0, 1] to the side planes of `face` (each through an edge of the face, perpendicular to
 * it); into q.t0, q.t1 and the edges that cut them. A point within `PLANE_SLACK` of the size
 * from a side plane counts as on it (kept, never cut). An empty range leaves t0 > t1.
 */
function clipToFace(q: HullCapsuleQuery, hull: ConvexHull, face: number): void {
  const planes = hull.planes, vertices = hull.vertices;
  const faceVertices = hull.faceVertices, faceEdges = hull.faceEdges;
  const nx = planes[4 * face]!, ny = planes[4 * face + 1]!, nz = planes[4 * face + 2]!;
  const begin = hull.faceStart[face]!, last = hull.faceStart[face + 1]!;
  const slack = PLANE_SLACK * q.size;
  let t0 = 0, t1 = 1, edge0 = -1, edge1 = -1;
  for (let k = begin; k < last; k++) {
    const v = 3 * faceVertices[k]!, w = 3 * faceVertices[k + 1 === last ? begin : k + 1]!;
    const ex = vertices[w]! - vertices[v]!,
      ey = vertices[w + 1]! - vertices[v + 1]!,
      ez = vertices[w + 2]! - vertices[v + 2]!;
    // The side plane's outward normal e x n, unit.
    let sx = ey * nz - ez * ny, sy = ez * nx - ex * nz, sz = ex * ny - ey * nx;
    const inverse = 1 / Math.sqrt(sx * sx + sy * sy + sz * sz);
    sx *= inverse;
    sy *= inverse;
    sz *= inverse;
    const g0 = sx * (q.a0 - vertices[v]!) + sy * (q.a1 - vertices[v + 1]!) +
      sz * (q.a2 - vertices[v + 2]!);
    const g1 = g0 + sx * q.d0 + sy * q.d1 + sz * q.d2;
    if (g0 > slack && g1 > slack) {
      t0 = 2;
      break;
    }
    // An end within the slack of the plane is on it: it bounds the range without a cut.
    if (g0 > slack) {
      const t = g1 > 0 ? 1 : g0 / (g0 - g1);
      if (t > t0) {
        t0 = t;
        edge0 = faceEdges[k]!;
      }
    } else if (g1 > slack) {
      const t = g0 > 0 ? 0 : g0 / (g0 - g1);
      if (t < t1) {
        t1 = t;
        edge1 = faceEdges[k]!;
      }
    }
  }
  q.t0 = t0;
  q.t1 = t1;
  q.edge0 = edge0;
  q.edge1 = edge1;
}

/**
 * The clipped segment's ends against `face` (normal already set to minus the face's): each end
 * within the tolerance is a contact, depth `r - height` above the face plane.
 */
function faceContacts(
  q: HullCapsuleQuery,
  hull: ConvexHull,
  m: Float64Array,
  face: number,
  manifold: LocalManifold,
): void {
  const planes = hull.planes;
  const nx = planes[4 * face]!, ny = planes[4 * face + 1]!, nz = planes[4 * face + 2]!;
  const offset = planes[4 * face + 3]!;
  const faceCode = hull.faceCodes[face]!;
  const ends = q.t1 > q.t0 ? 2 : 1;
  for (let end = 0; end < ends; end++) {
    const t = end === 0 ? q.t0 : q.t1, edge = end === 0 ? q.edge0 : q.edge1;
    const px = q.a0 + t * q.d0, py = q.a1 + t * q.d1, pz = q.a2 + t * q.d2;
    const height = nx * px + ny * py + nz * pz - offset;
    const depth = q.radius - height;
    if (depth < -q.tolerance) continue;
    q.w0 = px - height * nx;
    q.w1 = py - height * ny;
    q.w2 = pz - height * nz;
    q.depth = depth;
    if (edge < 0) {
      // An end of the segment (a capsule of half length 0 is its end 1), or the side.
      const code = t <= 0 || q.halfLength === 0 ? 1 : t >= 1 ? 2 : CAPSULE_SIDE_FEATURE;
      addCapsulePoint(
        q,
        manifold,
        m,
        capsuleContactKind(2, code !== CAPSULE_SIDE_FEATURE),
        (faceCode << 16) | code,
      );
    } else {
      const edgeCode = hull.edgeCodes[edge]!;
      addCapsulePoint(
        q,
        manifold,
        m,
        ContactKind.EdgeEdge,
        (edgeCode << 16) | CAPSULE_SIDE_FEATURE,
      );
    }
  }
}

/**
 * Steps 1 to 4 into `manifold` (0, 1 or 2 points), down to separation `data.tolerance` (0
 * without `data`). The tolerance is read from its buffer, so that a call allocates nothing
 * (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
function convexHullCapsuleManifold(
  hull: ConvexHull,
  capsule: Capsule,
  data: CollisionData | null,
  manifold: LocalManifold,
  sat: CapsuleSatCache | null,
): void {
  manifold.count = 0;
  const tolerance = data === null ? 0 : data.tolerance;
  const m = hull.transform;
  const q = queryScratch;
  q.tolerance = tolerance;
  placeCapsule(q, m, capsule);
  const radius = q.radius, halfLength = q.halfLength;
  q.size = Math.max(hull.size, halfLength + radius);

  // Step 1: separating face planes, the best face axis, and whether the core enters the hull.
  // Each face's heights of the segment's ends are kept for step 2 (hull-scratch.ts: room for two
  // per face).
  const planes = hull.planes, heights = hullScratch.faceSeparations;
  if (sat !== null) {
    sat.separated = sat.face >= 0 && faceSeparates(q, hull, sat.face);
    if (sat.separated) return;
    sat.face = -1;
  }
  // The segment's ends A and B = A + D, read once.
  const a0 = q.a0, a1 = q.a1, a2 = q.a2;
  const b0 = a0 + q.d0, b1 = a1 + q.d1, b2 = a2 + q.d2;
  let faceAxis = 0, faceSeparation = -Infinity, enter = 0, leave = 1, outside = false;
  // Each end's highest face (the first of equals), for step 2's face candidates.
  let highestA = -Infinity, highestB = -Infinity, faceA = 0, faceB = 0;
  for (let face = 0; face < hull.faceCount; face++) {
    const i = 4 * face;
    const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!, offset = planes[i + 3]!;
    // B measured as A is (not from A's height), so a capsule of half length 0 has equal heights.
    const heightA = nx * a0 + ny * a1 + nz * a2 - offset;
    const heightB = nx * b0 + ny * b1 + nz * b2 - offset;
    heights[2 * face] = heightA;
    heights[2 * face + 1] = heightB;
    const lowest = heightA < heightB ? heightA : heightB;
    if (lowest - radius > tolerance) {
      if (sat !== null) sat.face = face;
      return;
    }
    if (lowest > faceSeparation) {
      faceSeparation = lowest;
      faceAxis = face;
    }
    if (heightA > highestA) {
      highestA = heightA;
      faceA = face;
    }
    if (heightB > highestB) {
      highestB = heightB;
      faceB = face;
    }
    // Cyrus-Beck: the part of the segment below this plane.
    if (heightA > 0 && heightB > 0) outside = true;
    else if (heightA > 0) enter = Math.max(enter, heightA / (heightA - heightB));
    else if (heightB > 0) leave = Math.min(leave, heightA / (heightA - heightB));
  }
  q.faceAxis = faceAxis;
  q.faceSeparation = faceSeparation;
  q.endFace0 = faceA;
  q.endFace1 = faceB;
  if (!outside && enter <= leave) {
    overlappingContacts(q, hull, m, manifold);
    return;
  }

  // Step 2.
  closestPoints(q, hull, heights);
  const squared = q.distanceSquared;
  const t = q.t;
  const px = q.a0 + t * q.d0, py = q.a1 + t * q.d1, pz = q.a2 + t * q.d2;
  const gx = q.x0 - px, gy = q.x1 - py, gz = q.x2 - pz;
  // A square that underflows is measured by Math.hypot (tolerance.ts, SQUARE_UNDERFLOW); a
  // segment that touches the hull (g = 0) is not (PERFORMANCE.md: Math.hypot allocates).
  const distance = squared >= SQUARE_UNDERFLOW
    ? Math.sqrt(squared)
    : gx === 0 && gy === 0 && gz === 0
    ? 0
    : Math.hypot(gx, gy, gz);
  // Cores closer than the round-off of the poses (relative: capsule.ts, CORE_SLACK) overlap.
  if (!(distance > CORE_SLACK * q.size)) {
    overlappingContacts(q, hull, m, manifold);
    return;
  }
  const depth = radius - distance;
  if (depth < -tolerance) return;
  let face = q.face;
  if (face >= 0) {
    // Over a face the direction is the face's normal, exactly.
    q.n0 = 0 - planes[4 * face]!;
    q.n1 = 0 - planes[4 * face + 1]!;
    q.n2 = 0 - planes[4 * face + 2]!;
  } else {
    q.n0 = gx / distance;
    q.n1 = gy / distance;
    q.n2 = gz / distance;
    // An edge or vertex whose normal is a face's (a capsule lying across that whole face).
    for (let f = 0; f < hull.faceCount && face < 0; f++) {
      const i = 4 * f;
      const alignment = -(planes[i]! * q.n0 + planes[i + 1]! * q.n1 + planes[i + 2]! * q.n2);
      if (1 - alignment <= FACE_ALIGNMENT) face = f;
    }
  }
  setCapsuleNormal(q, manifold, m);

  // Step 3: lying on the face (the segment's rise across it within PARALLEL_SINE of its length).
  if (face >= 0 && halfLength > 0) {
    const i = 4 * face;
    const rise = planes[i]! * q.d0 + planes[i + 1]! * q.d1 + planes[i + 2]! * q.d2;
    if (Math.abs(rise) <= PARALLEL_SINE * 2 * halfLength) {
      clipToFace(q, hull, face);
      if (q.t0 <= q.t1) {
        q.n0 = 0 - planes[i]!;
        q.n1 = 0 - planes[i + 1]!;
        q.n2 = 0 - planes[i + 2]!;
        setCapsuleNormal(q, manifold, m);
        faceContacts(q, hull, m, face, manifold);
        if (manifold.count > 0) return;
      }
    }
  }
  // One point: the hull witness.
  q.w0 = q.x0;
  q.w1 = q.x1;
  q.w2 = q.x2;
  q.depth = depth;
  const capsuleCode = t <= 0 || halfLength === 0 ? 1 : t >= 1 ? 2 : CAPSULE_SIDE_FEATURE;
  addCapsulePoint(
    q,
    manifold,
    m,
    capsuleContactKind(q.dimension, capsuleCode !== CAPSULE_SIDE_FEATURE),
    (q.feature << 16) | capsuleCode,
  );
}

/**
 * Step 1 for one face, by the same arithmetic: whether the whole segment (placed in q) lies above
 * the plane of `face` by more than the radius and the tolerance (the cached face of a pair that
 * step 1 found apart).
 */
function faceSeparates(q: HullCapsuleQuery, hull: ConvexHull, face: number): boolean {
  const planes = hull.planes, i = 4 * face;
  const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
  const heightA = nx * q.a0 + ny * q.a1 + nz * q.a2 - planes[i + 3]!;
  const heightB = nx * (q.a0 + q.d0) + ny * (q.a1 + q.d1) + nz * (q.a2 + q.d2) - planes[i + 3]!;
  const lowest = heightA < heightB ? heightA : heightB;
  return lowest - q.radius > q.tolerance;
}

/** Step 4: the core enters the hull; the best face axis from step 1 (in q). */
function overlappingContacts(
  q: HullCapsuleQuery,
  hull: ConvexHull,
  m: Float64Array,
  manifold: LocalManifold,
): void {
  const faceAxis = q.faceAxis, faceSeparation = q.faceSeparation;
  const planes = hull.planes, vertices = hull.vertices;
  const edgeVertices = hull.edgeVertices, edgeFaces = hull.edgeFaces;
  const radius = q.radius, halfLength = q.halfLength;
  const d0 = q.d0, d1 = q.d1, d2 = q.d2;
  // Edge axes D x e of the edges whose faces lie on either side of the plane across D: the
  // segment projects to one value on each.
  let edgeAxis = -1, edgeSeparation = -Infinity, l0 = 0, l1 = 0, l2 = 0;
  if (halfLength > 0) {
    for (let edge = 0; edge < hull.edgeCount; edge++) {
      const f = 4 * edgeFaces[2 * edge]!, g = 4 * edgeFaces[2 * edge + 1]!;
      const sideF = planes[f]! * d0 + planes[f + 1]! * d1 + planes[f + 2]! * d2;
      const sideG = planes[g]! * d0 + planes[g + 1]! * d1 + planes[g + 2]! * d2;
      if (!(sideF * sideG < 0)) continue;
      const v = 3 * edgeVertices[2 * edge]!, u = 3 * edgeVertices[2 * edge + 1]!;
      const e0 = vertices[u]! - vertices[v]!,
        e1 = vertices[u + 1]! - vertices[v + 1]!,
        e2 = vertices[u + 2]! - vertices[v + 2]!;
      const k0 = d1 * e2 - d2 * e1, k1 = d2 * e0 - d0 * e2, k2 = d0 * e1 - d1 * e0;
      const lengthSquared = k0 * k0 + k1 * k1 + k2 * k2;
      const scale = (d0 * d0 + d1 * d1 + d2 * d2) * (e0 * e0 + e1 * e1 + e2 * e2);
      if (lengthSquared <= PARALLEL_EPSILON * scale) continue;
      // Outward: on the side of the edge's two face normals.
      const outward = k0 * (planes[f]! + planes[g]!) + k1 * (planes[f + 1]! + planes[g + 1]!) +
        k2 * (planes[f + 2]! + planes[g + 2]!);
      const inverse = (outward < 0 ? -1 : 1) / Math.sqrt(lengthSquared);
      const n0 = k0 * inverse, n1 = k1 * inverse, n2 = k2 * inverse;
      const separation = n0 * (q.a0 - vertices[v]!) + n1 * (q.a1 - vertices[v + 1]!) +
        n2 * (q.a2 - vertices[v + 2]!);
      if (separation > edgeSeparation) {
        edgeSeparation = separation;
        edgeAxis = edge;
        l0 = n0;
        l1 = n1;
        l2 = n2;
      }
    }
  }
  // A capsule lying along a face ties its face axis with an edge axis: as box-capsule.ts, the
  // edge axis needs the absolute part of tolerance.ts's axis bias, no relative bias.
  const margin = AXIS_ABSOLUTE_MARGIN * q.size;
  if (edgeAxis >= 0 && edgeSeparation > faceSeparation + margin) {
    const depth = radius - edgeSeparation;
    if (depth < -q.tolerance) return;
    segmentEdge(q, hull, edgeAxis);
    const s = q.s, w = q.w;
    if (s > -EDGE_SLACK && s < 1 + EDGE_SLACK && w > -EDGE_SLACK && w < 1 + EDGE_SLACK) {
      q.n0 = -l0;
      q.n1 = -l1;
      q.n2 = -l2;
      setCapsuleNormal(q, manifold, m);
      const v = 3 * edgeVertices[2 * edgeAxis]!, u = 3 * edgeVertices[2 * edgeAxis + 1]!;
      q.w0 = vertices[v]! + w * (vertices[u]! - vertices[v]!);
      q.w1 = vertices[v + 1]! + w * (vertices[u + 1]! - vertices[v + 1]!);
      q.w2 = vertices[v + 2]! + w * (vertices[u + 2]! - vertices[v + 2]!);
      q.depth = depth;
      const edgeCode = hull.edgeCodes[edgeAxis]!;
      addCapsulePoint(
        q,
        manifold,
        m,
        ContactKind.EdgeEdge,
        (edgeCode << 16) | CAPSULE_SIDE_FEATURE,
      );
      return;
    }
  }
  const i = 4 * faceAxis;
  q.n0 = 0 - planes[i]!;
  q.n1 = 0 - planes[i + 1]!;
  q.n2 = 0 - planes[i + 2]!;
  setCapsuleNormal(q, manifold, m);
  clipToFace(q, hull, faceAxis);
  // A capsule of half length 0 is one point, whatever range the clip leaves.
  if (halfLength === 0) q.t1 = q.t0;
  if (q.t0 > q.t1) {
    // The face preference's margin (or round-off) left the deepest end just beside the face:
    // that end alone (the lower one; the first when level).
    const rise = planes[i]! * d0 + planes[i + 1]! * d1 + planes[i + 2]! * d2;
    q.t0 = q.t1 = rise < 0 ? 1 : 0;
    q.edge0 = q.edge1 = -1;
  }
  faceContacts(q, hull, m, faceAxis, manifold);
}

/**
 * Writes the contacts of a convex hull with a capsule and returns how many it wrote (0, 1 or 2);
 * see the file comment for the steps, kinds and feature ids. No contact when the gap exceeds
 * `data.tolerance`; touching gives penetration 0. A capsule lying on a face (its segment within
 * about 2.9 degrees of the face's plane, `PARALLEL_SINE`) gets two points, at the ends of its
 * segment clipped to the face. A segment that enters the hull gets the separating-axis contact
 * (never nothing). A capsule of half length 0 is a sphere (its feature code 1). When
 * `maxContactsPerPair` or the room left is 1, the deeper point is kept (`data.overflowed` set
 * when it was the room). With `cache`, a pair that step 1 found apart is first tested against the
 * face that showed it: still apart, the call ends there (`lastPath` `separated`); the contacts
 * are always those of the call without a cache.
 */
export function collideConvexHullCapsule<B>(
  hull: ConvexHull<B>,
  capsule: Capsule<B>,
  data: CollisionData<B>,
  cache?: PairCache,
): number {
  if (cache === undefined) {
    convexHullCapsuleManifold(hull, capsule, data as CollisionData, manifoldScratch, null);
  } else {
    cache.claim(hull, capsule);
    convexHullCapsuleManifold(hull, capsule, data as CollisionData, manifoldScratch, cache.capsule);
    if (cache.capsule.separated) cache.lastPath = 'separated';
  }
  return emitManifold(manifoldScratch, data, hull.body, capsule.body, false);
}

/**
 * Whether a convex hull and a capsule overlap or touch: exactly when `collideConvexHullCapsule` at
 * tolerance 0 writes a contact.
 */
export function overlapConvexHullCapsule(hull: ConvexHull, capsule: Capsule): boolean {
  convexHullCapsuleManifold(hull, capsule, null, manifoldScratch, null);
  return manifoldScratch.count > 0;
}
