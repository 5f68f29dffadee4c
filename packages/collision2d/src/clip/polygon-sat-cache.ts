/**
 * The separating-axis cache of a convex polygon pair (`PolygonSatCache`, kept in a `PairCache2`)
 * and the steps that read and fill it, shared by `collidePieces` (polygon-clip.ts) and the convex
 * kernel (convex-polygons.ts). Both describe the pair's points in a `PairPoints`.
 */
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN } from '@contactkit/math';

/** `PolygonSatCache.kind`: nothing kept. */
export const CACHE_EMPTY = 0;
/** `PolygonSatCache.kind`: an edge whose axis separated the pieces by more than the tolerance. */
export const CACHE_SEPARATING = 1;
/** `PolygonSatCache.kind`: a reference edge with how far the search's choice was from changing. */
export const CACHE_REFERENCE = 2;
/** `PolygonSatCache.path` values: how the last call went (`PairCache2Path`). */
export const SAT_PATH_FULL = 0;
export const SAT_PATH_SEPARATED = 1;
export const SAT_PATH_REFERENCE = 2;

/**
 * The separating-axis state of a convex polygon pair, kept by a `PairCache2` (pair-cache2.ts)
 * from one call to the next; `collidePieces` and `collideConvexPolygons` read and write it when
 * `PieceQuery.cache` is set.
 * What it keeps, and why a call with it answers exactly as one without:
 *
 * - A separating edge (the edge, of P or of Q, whose axis last separated the pieces by more than
 *   the tolerance). Its separation is computed first, by the same arithmetic as the search's (so
 *   bit for bit the same number); still above the tolerance, the search would find the pieces
 *   apart too (it stops at any such edge): no contact, after one projection.
 * - A reference edge, with the relative pose (Q in P's frame) at which the search chose it and
 *   `gap`: how far every other edge's separation was from changing the choice (from beating the
 *   reference, or for P's edges against a reference of Q, from coming within the margin of it),
 *   from separations computed in full over every edge. A separation `min_j n . (v_j - w)` moves
 *   by at most `delta = |dt| + |dR| rho` when the relative pose moves by a translation dt and a
 *   rotation dR (|dR| = 2 |sin(dtheta / 2)|, the distance between the two rotations' columns),
 *   with rho the larger of Q's reach from its origin and P's reach from Q's origin (Q's edges are
 *   measured against P's vertices turned into Q's frame). So while `gap > (2 + AXIS_RELATIVE_
 *   MARGIN) delta` (both sides of a comparison move, and the margin with a separation) plus a
 *   rounding allowance, the search would choose the same edge: it is skipped, and only the
 *   reference edge's separation is computed, by the search's arithmetic. `others` (the largest
 *   separation of every other edge) bounds theirs now by `others + delta`, which must prove the
 *   pieces not apart by more than the tolerance (else the full search decides).
 */
export class PolygonSatCache {
  /** `CACHE_EMPTY`, `CACHE_SEPARATING` or `CACHE_REFERENCE`. */
  kind = CACHE_EMPTY;
  /** Whether the edge is P's (else Q's). */
  ofFirst = true;
  /** The edge. */
  edge = 0;
  /** Pose of Q in P's frame when the reference edge was chosen (`PieceQuery` cos, sin, x, y). */
  cos = 1;
  sin = 0;
  x = 0;
  y = 0;
  /** Least distance of any other edge from changing the choice then (see the class comment). */
  gap = 0;
  /** Largest separation of any other edge then. */
  others = 0;
  /**
   * With `REFERENCE_KEPT`, out: the reference edge's separation now, and whether apart; into
   * `keepReference`, in: the separation of the edge the search chose.
   */
  separation = 0;
  apart = false;
  /** Out: how the last call went (`SAT_PATH_FULL`, `SAT_PATH_SEPARATED`, `SAT_PATH_REFERENCE`). */
  path = SAT_PATH_FULL;

  /** Forgets what it holds. */
  reset(): void {
    this.kind = CACHE_EMPTY;
    this.path = SAT_PATH_FULL;
  }
}

/**
 * The two pieces' points as the cache steps read them, `x, y, nx, ny` a vertex: P's from `pAt` in
 * `p`, Q's own from `qAt` in `q` and Q's turned into P's frame in `qFrame` (from 0); each piece's
 * `runFirst` (null when no edges lie in line) and bounding circle. Filled by the caller.
 */
export class PairPoints {
  p: Float64Array = new Float64Array(0);
  pAt = 0;
  pCount = 0;
  pRuns: Int32Array | null = null;
  pCenterX = 0;
  pCenterY = 0;
  pRadius = 0;
  q: Float64Array = new Float64Array(0);
  qAt = 0;
  qFrame: Float64Array = new Float64Array(0);
  qCount = 0;
  qRuns: Int32Array | null = null;
  qCenterX = 0;
  qCenterY = 0;
  qRadius = 0;
  /** Out: the separation `edgeSeparation` found. */
  separation = 0;
}

/** The pose of Q in P's frame, the tolerance and the SAT's round-off allowance (`PieceQuery`). */
interface Pose {
  cos: number;
  sin: number;
  x: number;
  y: number;
  tolerance: number;
  slack: number;
}

/** What `cachedReference` proves: nothing, the pieces apart, or the cached reference edge kept. */
export const REFERENCE_UNKNOWN = 0;
export const REFERENCE_APART = 1;
export const REFERENCE_KEPT = 2;

/**
 * Whether the cached edge's axis (`cache.edge`, of P when `cache.ofFirst`) separates the pieces
 * by more than the tolerance, before Q's points are turned into P's frame: each point turned as
 * the callers turn it, then measured as `bestOutlineEdge` measures it (from the run's first
 * vertex), so the separation is the search's bit for bit. (A boolean, not the separation:
 * PERFORMANCE.md, doubles cross calls in arrays or fields.)
 */
export function cachedSeparates(points: PairPoints, cache: PolygonSatCache, pose: Pose): boolean {
  const cos = pose.cos, sin = pose.sin, tx = pose.x, ty = pose.y;
  const pv = points.p, pAt = points.pAt, qv = points.q, qAt = points.qAt, edge = cache.edge;
  let separation = Infinity;
  if (cache.ofFirst) {
    const runs = points.pRuns;
    const at = pAt + 4 * (runs === null ? edge : runs[edge]!), vx = pv[at]!, vy = pv[at + 1]!;
    const nx = pv[pAt + 4 * edge + 2]!, ny = pv[pAt + 4 * edge + 3]!;
    for (let j = 0; j < points.qCount; j++) {
      const x = qv[qAt + 4 * j]!, y = qv[qAt + 4 * j + 1]!;
      const s = nx * (cos * x - sin * y + tx - vx) + ny * (sin * x + cos * y + ty - vy);
      if (s < separation) separation = s;
    }
    return separation > pose.tolerance;
  }
  const runs = points.qRuns;
  const at = qAt + 4 * (runs === null ? edge : runs[edge]!), x = qv[at]!, y = qv[at + 1]!;
  const vx = cos * x - sin * y + tx, vy = sin * x + cos * y + ty;
  const mx = qv[qAt + 4 * edge + 2]!, my = qv[qAt + 4 * edge + 3]!;
  const nx = cos * mx - sin * my, ny = sin * mx + cos * my;
  for (let i = 0; i < points.pCount; i++) {
    const s = nx * (pv[pAt + 4 * i]! - vx) + ny * (pv[pAt + 4 * i + 1]! - vy);
    if (s < separation) separation = s;
  }
  return separation > pose.tolerance;
}

/**
 * The separation of `edge` (of P when `ofP`) in full, from Q's points in P's frame, into
 * `points.separation` (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
function edgeSeparation(points: PairPoints, ofP: boolean, edge: number): void {
  const own = ofP ? points.p : points.qFrame, ownAt = ofP ? points.pAt : 0;
  const other = ofP ? points.qFrame : points.p, otherAt = ofP ? 0 : points.pAt;
  const otherCount = ofP ? points.qCount : points.pCount, runs = ofP ? points.pRuns : points.qRuns;
  // Measured as `bestOutlineEdge` measures it, from the run's first vertex.
  const at = ownAt + 4 * (runs === null ? edge : runs[edge]!), vx = own[at]!, vy = own[at + 1]!;
  const nx = own[ownAt + 4 * edge + 2]!, ny = own[ownAt + 4 * edge + 3]!;
  let separation = Infinity;
  for (let j = 0; j < otherCount; j++) {
    const s = nx * (other[otherAt + 4 * j]! - vx) + ny * (other[otherAt + 4 * j + 1]! - vy);
    if (s < separation) separation = s;
  }
  points.separation = separation;
}

/**
 * Whether the cached reference edge is provably still the search's choice at `pose`
 * (`PolygonSatCache` gives the bound): `REFERENCE_KEPT`, with its separation in `cache.
 * separation` and whether the pieces are apart in `cache.apart`; `REFERENCE_APART` when its axis
 * now separates the pieces by more than the tolerance; `REFERENCE_UNKNOWN` when the bound proves
 * neither (the caller searches in full). Q's points are in P's frame (`PairPoints.qFrame`).
 */
export function cachedReference(points: PairPoints, cache: PolygonSatCache, pose: Pose): number {
  const dc = pose.cos - cache.cos, ds = pose.sin - cache.sin;
  const dx = pose.x - cache.x, dy = pose.y - cache.y;
  const reachQ = Math.sqrt(points.qCenterX * points.qCenterX + points.qCenterY * points.qCenterY) +
    points.qRadius;
  const reachP = Math.sqrt(points.pCenterX * points.pCenterX + points.pCenterY * points.pCenterY) +
    points.pRadius + Math.sqrt(cache.x * cache.x + cache.y * cache.y);
  const delta = Math.sqrt(dx * dx + dy * dy) +
    Math.sqrt(dc * dc + ds * ds) * (reachQ > reachP ? reachQ : reachP);
  // Four times the SAT's round-off allowance: the cached numbers and today's each carry theirs.
  const allowance = 4 * pose.slack;
  if (!(cache.gap > (2 + AXIS_RELATIVE_MARGIN) * delta + allowance)) return REFERENCE_UNKNOWN;
  edgeSeparation(points, cache.ofFirst, cache.edge);
  const separation = points.separation, tolerance = pose.tolerance;
  if (separation > tolerance) return REFERENCE_APART;
  // Every other edge's separation is at most `others + delta`: not above the tolerance, and
  // (unless the reference's own is) not above 0 or the search decides whether they are apart.
  const bound = cache.others + delta + allowance;
  if (bound > tolerance || (separation <= 0 && bound > 0)) return REFERENCE_UNKNOWN;
  cache.separation = separation;
  cache.apart = separation > 0;
  return REFERENCE_KEPT;
}

/** Keeps the edge that separated the pieces (P's when `ofFirst`) in `cache`, if any. */
export function keepSeparatingEdge(
  cache: PolygonSatCache | null,
  ofFirst: boolean,
  edge: number,
): void {
  if (cache === null) return;
  cache.kind = CACHE_SEPARATING;
  cache.ofFirst = ofFirst;
  cache.edge = edge;
}

/**
 * Keeps the reference edge the search chose (of separation `cache.separation`, which the caller
 * sets: doubles cross calls in arrays or fields, PERFORMANCE.md) in `cache`, with the pose and how far every other
 * edge was from changing the choice (`PolygonSatCache`), from every edge's separation in full:
 * an edge of P against a reference of P must stay below it; an edge of Q against a reference of
 * P must stay within the margin above it (the search's rule); against a reference of Q, Q's
 * edges must stay below it and P's, plus their margin, too. Edges in line with the reference
 * (its run) tie with it by construction and are the same side: they are left out.
 */
export function keepReference(
  points: PairPoints,
  referenceIsP: boolean,
  r1: number,
  cache: PolygonSatCache,
  pose: Pose,
): void {
  const separation = cache.separation;
  const radius = points.pRadius > points.qRadius ? points.pRadius : points.qRadius;
  const absolute = AXIS_ABSOLUTE_MARGIN * radius;
  const referenceRuns = referenceIsP ? points.pRuns : points.qRuns;
  const run = referenceRuns === null ? r1 : referenceRuns[r1]!;
  let gap = Infinity, others = -Infinity;
  for (let side = 0; side < 2; side++) {
    const ofP = side === 0, sameSide = ofP === referenceIsP;
    const runs = ofP ? points.pRuns : points.qRuns, count = ofP ? points.pCount : points.qCount;
    for (let e = 0; e < count; e++) {
      if (sameSide && (runs === null ? e : runs[e]) === run) continue;
      edgeSeparation(points, ofP, e);
      const s = points.separation;
      if (s > others) others = s;
      const d = sameSide
        ? separation - s
        : referenceIsP
        ? separation + AXIS_RELATIVE_MARGIN * Math.abs(separation) + absolute - s
        : separation - (s + AXIS_RELATIVE_MARGIN * Math.abs(s) + absolute);
      if (d < gap) gap = d;
    }
  }
  cache.kind = CACHE_REFERENCE;
  cache.ofFirst = referenceIsP;
  cache.edge = r1;
  cache.cos = pose.cos;
  cache.sin = pose.sin;
  cache.x = pose.x;
  cache.y = pose.y;
  cache.gap = gap;
  cache.others = others;
}
