/**
 * Convex polygon against convex polygon, both `Polygon.simpleConvex` (no vertex inside a
 * straight side, at most `FAST_PATH_MAX_VERTICES` vertices): the steps of `collidePieces`
 * (polygon-clip.ts: the separating-axis test, reference and incident edges, clipping, in the
 * manner of Box2D v3's b2CollidePolygons) on what such a pair needs and nothing else, so that the
 * pair touches two arrays, one per polygon (`Polygon.packed`: pose, bounds, vertices with their
 * normals), instead of a dozen objects: its pose, its pieces, their vertex, normal, feature and
 * run tables. On the benchmark's 1,024 pairs a call waited more on those memory reads than it
 * computed (16 pairs cycled took a quarter of the time of 1,024).
 *
 * The arithmetic is `collidePieces`'s, operation for operation, so the contacts are the same bit
 * for bit (polygon-polygon.test.ts checks it). A simple convex polygon is one piece whose edge
 * and vertex codes are its own indices, every edge an outline edge and each its own side, so the
 * run and feature tables are not read. The two rare cases that need more, nothing clipped (the
 * deepest-vertex contact) and a speculative pair apart within the tolerance (the closest
 * points), are left to `collidePieces`: the kernel returns false, adding nothing.
 */
import { ContactKind } from '@contactkit/math';
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN } from '@contactkit/math';
import type { LocalManifold2 } from '../manifold/manifold2.js';
import {
  FAST_PATH_MAX_VERTICES,
  PACKED_VERTICES,
  type Polygon,
  VERTEX_FEATURE,
} from '../shapes/shapes.js';
import { bestOutlineEdge, type PieceQuery, SEPARATED } from './polygon-clip.js';
import {
  CACHE_EMPTY,
  CACHE_REFERENCE,
  CACHE_SEPARATING,
  cachedReference,
  cachedSeparates,
  keepReference,
  keepSeparatingEdge,
  PairPoints,
  type PolygonSatCache,
  REFERENCE_APART,
  REFERENCE_KEPT,
  SAT_PATH_FULL,
  SAT_PATH_REFERENCE,
  SAT_PATH_SEPARATED,
} from './polygon-sat-cache.js';

/** Q's points and normals in P's frame (`x, y, nx, ny` a vertex), filled by each call. */
const scratchFrame = new Float64Array(4 * FAST_PATH_MAX_VERTICES);
/** The pair's points as the cache steps read them (filled only for a call with a cache). */
const scratchPoints = new PairPoints();

/**
 * Adds the contacts of `first` (P) against `second` (Q), both `simpleConvex`, to `manifold`, in
 * P's frame (as `collidePieces` with their one piece each), after `query.tolerance` is set; the
 * pose comes from the polygons' `packed` poses and is written into `query`. Returns false, with
 * nothing added, when the pair needs a step the kernel leaves to `collidePieces` (see above).
 * With `cache` (the pair's, `PolygonSatCache`), the cached separating edge is tested first and
 * a cached reference edge provably still the search's choice skips the search.
 */
export function collideConvexPolygons(
  first: Polygon,
  second: Polygon,
  query: PieceQuery,
  manifold: LocalManifold2,
  cache: PolygonSatCache | null,
): boolean {
  if (cache !== null) cache.path = SAT_PATH_FULL;
  const pp = first.packed, qp = second.packed;
  const pCount = first.count, qCount = second.count, at = PACKED_VERTICES;
  // 1. The pose, the early outs, and the search of P's edges readied (`approach`).
  const facing = approach(first, second, query);
  if (facing === FAR) return true;
  const points = cache === null ? null : describePair(first, second);
  // The cached separating edge, one projection (`PolygonSatCache`).
  if (cache !== null && cache.kind === CACHE_SEPARATING && cachedSeparates(points!, cache, query)) {
    cache.path = SAT_PATH_SEPARATED;
    return true;
  }
  const qv = scratchFrame;
  frameSecond(qp, qCount, query, qv);
  const pcx = pp[5]!, pcy = pp[6]!, pr = pp[7]!, qr = qp[7]!, tolerance = query.tolerance;

  // 2. SAT both ways, as `collidePieces` (every edge an outline edge, each its own run), unless
  // the cached reference edge is provably still its choice.
  const known = cache !== null && cache.kind === CACHE_REFERENCE
    ? cachedReference(points!, cache, query)
    : 0;
  if (known === REFERENCE_APART) {
    cache!.kind = CACHE_SEPARATING;
    cache!.path = SAT_PATH_SEPARATED;
    return true;
  }
  let referenceIsP: boolean, r1: number;
  if (known === REFERENCE_KEPT) {
    // Apart within the tolerance: the closest points decide (`collidePieces`, step 7).
    if (cache!.apart) return false;
    referenceIsP = cache!.ofFirst;
    r1 = cache!.edge;
    cache!.path = SAT_PATH_REFERENCE;
  } else {
    const search = query.search;
    const edgeP = bestOutlineEdge(pCount, pp, qv, qCount, facing, 0, query);
    if (edgeP === SEPARATED) {
      keepSeparatingEdge(cache, true, search.separatingEdge);
      return true;
    }
    const separationP = search.separation, apartP = search.apart;
    const size = pr > qr ? pr : qr;
    const margin = AXIS_RELATIVE_MARGIN * Math.abs(separationP) + AXIS_ABSOLUTE_MARGIN * size;
    search.otherX = pcx;
    search.otherY = pcy;
    search.floor = separationP + margin;
    search.ownAt = 0;
    search.otherAt = at;
    const edgeQ = bestOutlineEdge(qCount, qv, pp, pCount, 0, edgeP, query);
    if (edgeQ === SEPARATED) {
      keepSeparatingEdge(cache, false, search.separatingEdge);
      return true;
    }
    // 3. Reference edge, P's within the margin (Q's only if it beat the floor above).
    referenceIsP = edgeQ < 0;
    r1 = referenceIsP ? edgeP : edgeQ;
    if (cache !== null && cache.kind === CACHE_REFERENCE) {
      // The kept reference edge failed its proof: the pair moves. Keeping a new one costs every
      // edge's separation in full, so a moving pair pays it every other call, not every call.
      cache.kind = CACHE_EMPTY;
    } else if (cache !== null) {
      cache.separation = referenceIsP ? separationP : search.separation;
      keepReference(points!, referenceIsP, r1, cache, query);
    }
    // Apart within the tolerance: the closest points decide (`collidePieces`, step 7).
    if (apartP || search.apart) return false;
  }
  const rv = referenceIsP ? pp : qv, iv = referenceIsP ? qv : pp;
  const rAt = referenceIsP ? at : 0, iAt = referenceIsP ? 0 : at;
  const rCount = referenceIsP ? pCount : qCount, iCount = referenceIsP ? qCount : pCount;
  const r2 = r1 + 1 === rCount ? 0 : r1 + 1;
  const nx = rv[rAt + 4 * r1 + 2]!, ny = rv[rAt + 4 * r1 + 3]!;
  const cx = referenceIsP ? 0 - nx : nx, cy = referenceIsP ? 0 - ny : ny;
  // 4. Incident edge: the most anti-parallel normal (the lowest index on a tie).
  let i1 = 0, most = -Infinity;
  for (let i = 0; i < iCount; i++) {
    const d = iv[iAt + 4 * i + 2]! * -nx + iv[iAt + 4 * i + 3]! * -ny;
    if (d > most) {
      most = d;
      i1 = i;
    }
  }
  const i2 = i1 + 1 === iCount ? 0 : i1 + 1;
  const w1x = iv[iAt + 4 * i1]!, w1y = iv[iAt + 4 * i1 + 1]!;
  const w2x = iv[iAt + 4 * i2]!, w2y = iv[iAt + 4 * i2 + 1]!;

  // 5. Clip to the side lines tangent . x in [lower, upper]; the tangent is the normal turned left.
  const ux = -ny, uy = nx;
  const s1 = ux * w1x + uy * w1y, s2 = ux * w2x + uy * w2y;
  const v1x = rv[rAt + 4 * r1]!, v1y = rv[rAt + 4 * r1 + 1]!;
  const lower = ux * v1x + uy * v1y, upper = ux * rv[rAt + 4 * r2]! + uy * rv[rAt + 4 * r2 + 1]!;
  // 6. Nothing to clip: the deepest-vertex contact (`collidePieces`).
  if ((s1 < lower && s2 < lower) || (s1 > upper && s2 > upper)) return false;
  const before = manifold.count;
  for (let end = 0; end < 2; end++) {
    const s = end === 0 ? s1 : s2;
    let x = end === 0 ? w1x : w2x, y = end === 0 ? w1y : w2y;
    let referenceCode: number, incidentCode: number, kind: ContactKind;
    if (s < lower || s > upper) {
      const limit = s < lower ? lower : upper;
      const other = end === 0 ? s2 : s1;
      // The point of the incident edge on the side line: w + (limit - s) / (other - s) * (w' - w).
      const f = (limit - s) / (other - s);
      x += f * ((end === 0 ? w2x : w1x) - x);
      y += f * ((end === 0 ? w2y : w1y) - y);
      referenceCode = VERTEX_FEATURE | (s < lower ? r1 : r2);
      incidentCode = i1;
      kind = ContactKind.PointEdge;
    } else {
      referenceCode = r1;
      incidentCode = VERTEX_FEATURE | (end === 0 ? i1 : i2);
      kind = ContactKind.PointFace;
    }
    const separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation > tolerance) continue;
    // Midpoint of the incident point and its projection onto the reference edge's line.
    manifold.add(
      x - 0.5 * separation * nx,
      y - 0.5 * separation * ny,
      cx,
      cy,
      -separation,
      kind,
      referenceIsP ? referenceCode : incidentCode,
      referenceIsP ? incidentCode : referenceCode,
    );
  }
  return manifold.count > before;
}

/** `scratchPoints` filled for the pair (`PairPoints`: Q in P's frame is `scratchFrame`). */
function describePair(first: Polygon, second: Polygon): PairPoints {
  const points = scratchPoints, pp = first.packed, qp = second.packed;
  points.p = pp;
  points.pAt = PACKED_VERTICES;
  points.pCount = first.count;
  points.pCenterX = pp[5]!;
  points.pCenterY = pp[6]!;
  points.pRadius = pp[7]!;
  points.q = qp;
  points.qAt = PACKED_VERTICES;
  points.qFrame = scratchFrame;
  points.qCount = second.count;
  points.qCenterX = qp[5]!;
  points.qCenterY = qp[6]!;
  points.qRadius = qp[7]!;
  return points;
}

/** What `approach` returns when an early out finds the polygons apart. */
const FAR = -1;

/**
 * The first steps of the convex kernel, which `coresApart` takes too (so that both decide alike):
 * the pose of Q in P's frame into `query` (cos, sin, x, y and the slack of its bounds, as
 * `PieceQuery.set` computes them from the same numbers); the bounding circles, then Q's circle
 * against P's edge facing it (the edge whose normal is most aligned with the centres' offset,
 * the lowest index on a tie), each against `query.tolerance`; then `query.search` readied for
 * the scan of P's edges (every edge an outline edge, each its own run, Q's circle centre in P's
 * frame as the bound's point). Returns the facing edge, where that scan starts, or `FAR`.
 */
function approach(first: Polygon, second: Polygon, query: PieceQuery): number {
  const pp = first.packed, qp = second.packed, tolerance = query.tolerance;
  const pCount = first.count, at = PACKED_VERTICES;
  const ac = pp[0]!, as = pp[1]!, bc = qp[0]!, bs = qp[1]!;
  const dx = qp[2]! - pp[2]!, dy = qp[3]! - pp[3]!;
  const cos = ac * bc + as * bs, sin = ac * bs - as * bc;
  const tx = ac * dx + as * dy, ty = -as * dx + ac * dy;
  const slack = 1e-12 * (pp[4]! + qp[4]! + Math.abs(dx) + Math.abs(dy));
  query.cos = cos;
  query.sin = sin;
  query.x = tx;
  query.y = ty;
  query.slack = slack;
  const pcx = pp[5]!, pcy = pp[6]!, pr = pp[7]!, qr = qp[7]!;
  const qcx = cos * qp[5]! - sin * qp[6]! + tx, qcy = sin * qp[5]! + cos * qp[6]! + ty;
  const ex = qcx - pcx, ey = qcy - pcy, reach = pr + qr + tolerance;
  if (ex * ex + ey * ey > reach * reach) return FAR;
  let facing = 0, largest = -Infinity;
  for (let i = 0; i < pCount; i++) {
    const d = pp[at + 4 * i + 2]! * ex + pp[at + 4 * i + 3]! * ey;
    if (d > largest) {
      largest = d;
      facing = i;
    }
  }
  const fx = pp[at + 4 * facing]!, fy = pp[at + 4 * facing + 1]!;
  if (
    pp[at + 4 * facing + 2]! * (qcx - fx) + pp[at + 4 * facing + 3]! * (qcy - fy) - qr - slack >
      tolerance
  ) return FAR;
  const search = query.search;
  search.runFirst = null;
  search.outerEdge = null;
  search.otherX = qcx;
  search.otherY = qcy;
  search.floor = -Infinity;
  search.ownAt = at;
  search.otherAt = 0;
  return facing;
}

/** Q's `count` points and normals (`qp`, a `packed`) in P's frame (`query`'s pose) into `frame`. */
function frameSecond(
  qp: Float64Array,
  count: number,
  query: PieceQuery,
  frame: Float64Array,
): void {
  const cos = query.cos, sin = query.sin, tx = query.x, ty = query.y, at = PACKED_VERTICES;
  for (let j = 0; j < count; j++) {
    const x = qp[at + 4 * j]!, y = qp[at + 4 * j + 1]!;
    const nx = qp[at + 4 * j + 2]!, ny = qp[at + 4 * j + 3]!;
    frame[4 * j] = cos * x - sin * y + tx;
    frame[4 * j + 1] = sin * x + cos * y + ty;
    frame[4 * j + 2] = cos * nx - sin * ny;
    frame[4 * j + 3] = sin * nx + cos * ny;
  }
}

/** `coresApart`: some edge normal separates the polygons by more than the tolerance. */
export const CORES_SEPARATED = 0;
/** `coresApart`: no edge normal separates the polygons (their cores overlap or touch). */
export const CORES_OVERLAP = 1;
/** `coresApart`: apart, within the tolerance; `CoreEdges` holds where the closest points lie. */
export const CORES_APART = 2;

/** The edges of P and of Q that hold the closest points of two convex polygons apart (`coresApart`). */
export class CoreEdges {
  firstEdge = 0;
  secondEdge = 0;
  /** Whether the reference edge (the largest separation) is P's `firstEdge` (else Q's `secondEdge`). */
  referenceIsFirst = true;
  /** Q's points and normals in P's frame (`x, y, nx, ny` a vertex), valid until the next call. */
  secondFrame: Float64Array = scratchFrame;
  /** The round-off allowance of coordinates in P's frame (`PieceQuery.slack`). */
  slack = 0;
}

/**
 * Whether two `simpleConvex` polygons, `first` (P) and `second` (Q), are apart, and where: the
 * separation along every edge normal of either, by `bestOutlineEdge` as the convex kernel runs
 * it (so that `CORES_OVERLAP` is exactly the kernel's "not apart"; Box2D v3's
 * b2FindMaxSeparation both ways). Returns `CORES_SEPARATED` when one exceeds `query.tolerance`
 * (or the bounding circles are farther apart), `CORES_OVERLAP` when none is above 0, else
 * `CORES_APART` with `edges` set: the reference edge (the largest separation of all, P's on a
 * tie) and the other polygon's edge most anti-parallel to it (the incident edge; the lowest index
 * on a tie), which is the reference, and Q's points in P's frame. Sets `query`'s pose.
 *
 * Why the closest points lie on those two edges: the separation along an edge normal is the
 * distance from the origin to that edge's line in the Minkowski difference Q - P, whose edges
 * are those of P and Q. For the origin outside a convex polygon, the edges that reach the
 * largest such distance are those through the polygon's point closest to the origin (an edge
 * turned by an angle t further from the closest direction is at most distance cos t away), so
 * the reference edge holds one closest point, and the other lies at the other polygon's vertex
 * extreme against the reference normal, an end of the incident edge.
 */
export function coresApart(
  first: Polygon,
  second: Polygon,
  query: PieceQuery,
  edges: CoreEdges,
): number {
  const pp = first.packed, qp = second.packed;
  const pCount = first.count, qCount = second.count, at = PACKED_VERTICES, qv = scratchFrame;
  const facing = approach(first, second, query);
  if (facing === FAR) return CORES_SEPARATED;
  frameSecond(qp, qCount, query, qv);
  const search = query.search;
  const edgeP = bestOutlineEdge(pCount, pp, qv, qCount, facing, 0, query);
  if (edgeP === SEPARATED) return CORES_SEPARATED;
  const apartP = search.apart;
  // Q's edges need only beat P's best (a tie keeps P's).
  search.otherX = pp[5]!;
  search.otherY = pp[6]!;
  search.floor = search.separation;
  search.ownAt = 0;
  search.otherAt = at;
  const edgeQ = bestOutlineEdge(qCount, qv, pp, pCount, 0, edgeP, query);
  if (edgeQ === SEPARATED) return CORES_SEPARATED;
  if (!apartP && !search.apart) return CORES_OVERLAP;
  const referenceIsP = edgeQ < 0;
  const rv = referenceIsP ? pp : qv, iv = referenceIsP ? qv : pp;
  const rAt = referenceIsP ? at + 4 * edgeP : 4 * edgeQ, iAt = referenceIsP ? 0 : at;
  const iCount = referenceIsP ? qCount : pCount;
  const nx = rv[rAt + 2]!, ny = rv[rAt + 3]!;
  let incident = 0, least = Infinity;
  for (let k = 0; k < iCount; k++) {
    const d = iv[iAt + 4 * k + 2]! * nx + iv[iAt + 4 * k + 3]! * ny;
    if (d < least) {
      least = d;
      incident = k;
    }
  }
  edges.firstEdge = referenceIsP ? edgeP : incident;
  edges.secondEdge = referenceIsP ? incident : edgeQ;
  edges.referenceIsFirst = referenceIsP;
  edges.secondFrame = qv;
  edges.slack = query.slack;
  return CORES_APART;
}
