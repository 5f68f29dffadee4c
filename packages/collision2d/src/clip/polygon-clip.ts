/**
 * Convex piece against convex piece: the separating-axis test over both pieces' edge normals
 * (Ericson, Real-Time Collision Detection, 5.2.1), a reference edge and an incident edge, and
 * clipping of the incident edge to the reference edge's side lines (the idea of Box2D's
 * b2ClipPolygons, written anew here). The one
 * implementation behind `collidePolygonPolygon` (convex polygons are one piece each; concave
 * ones are split into pieces) and `collidePolygonChain` (a chain segment is a thin two-sided
 * piece); internal.
 *
 * Frames: everything runs in the frame of the first shape P (round-off then depends only on the
 * pair's relative pose); the second shape Q's piece is brought into P's frame once per piece
 * pair (`ConvexPiece.frame`). Points go into the local manifold in P's frame, with
 * the normal from Q toward P and the feature codes in the order (P, Q).
 *
 * Outline of `collidePieces`:
 *  1. bounding-circle early out (a bounding radius per piece), then whether Q's piece circle lies
 *     wholly beyond P's edge facing it (half the separated pairs end there);
 *  2. SAT: for each edge of each piece, the separation of the other piece along its normal; any
 *     separation above the tolerance means no contact (`bestOutlineEdge`);
 *  3. reference edge: the edge of largest separation among outline edges only (an internal edge
 *     of a decomposition is not a surface, so nothing is pushed out through it), P's edge kept
 *     unless Q's is larger by the margin (relative + absolute), so the choice does not flip
 *     between nearly equal axes from frame to frame (Q's edge whatever P's when
 *     `PieceQuery.secondReference` is set);
 *  4. incident edge: the edge of the other piece whose normal is most anti-parallel, with the
 *     edges in line with it (`ConvexPiece.collinearNext`) as one side;
 *  5. clip it to the reference edge's two side lines and keep the points within the tolerance
 *     (each stretch of outline edges on the reference edge's line is a side of its own: a piece
 *     of a concave polygon can have outline, internal and outline edges in line). A point made
 *     by clipping on an internal incident edge lies inside its polygon, not on its surface: it
 *     is left out (the piece holding the surface there reports the point);
 *  6. if nothing is left (the incident edge lies beside a short reference edge), the other
 *     piece's deepest vertex instead, so an overlap of convex polygons never goes without a
 *     contact (when a piece of a concave polygon takes part, only a vertex within the reference
 *     piece and beside the reference edge);
 *  7. speculative contacts (pieces apart, within the tolerance): see `collidePieces`.
 *
 * Kinds and features: an incident vertex kept whole is PointFace (incident vertex against the
 * reference edge); a point made by clipping is PointEdge (reference corner against the incident
 * edge). Feature codes: edge index, `VERTEX_FEATURE | vertex`, or `INTERNAL_EDGE_FEATURE`.
 */
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN, ContactKind } from '@contactkit/math';
import type { LocalManifold2 } from '../manifold/manifold2.js';
import {
  type ConvexPiece,
  INTERNAL_EDGE_FEATURE,
  type Shape2,
  VERTEX_FEATURE,
} from '../shapes/shapes.js';

/** Inputs and outputs of `bestOutlineEdge` (PERFORMANCE.md: doubles cross calls in arrays or fields). */
class EdgeSearch {
  /** In: the other piece's centre, in P's frame. */
  otherX = 0;
  otherY = 0;
  /** In: an outline edge matters only if its separation is above this (and the best so far). */
  floor = -Infinity;
  /** Out: the separation of the edge `bestOutlineEdge` returns (`floor` if none). */
  separation = -Infinity;
  /** Out: whether some edge separates the pieces (separation above 0): they are apart. */
  apart = false;
  /** Out: the edge that separated the pieces by more than the tolerance (with `SEPARATED`). */
  separatingEdge = -1;
  /** In: the searched piece's `runFirst`, or null when no edges lie in line (each its own run). */
  runFirst: Int32Array | null = null;
  /** In: the searched piece's `outerEdge`, or null when every edge is an outline edge. */
  outerEdge: Int32Array | null = null;
  /** In: where the searched piece's points start in `own`, and the other's in `other`. */
  ownAt = 0;
  otherAt = 0;

  /** Sets the inputs that describe the searched piece (`runFirst`, `outerEdge`, offsets 0). */
  describe(piece: ConvexPiece): void {
    // A table a piece does not need is not read: each array not read is a cache line a call
    // does not wait for.
    this.runFirst = piece.hasCollinearEdges ? piece.runFirst : null;
    this.outerEdge = piece.hasInternalEdge ? piece.outerEdge : null;
    this.ownAt = 0;
    this.otherAt = 0;
  }
}

/**
 * What every piece pair of one shape pair reads: the pose of Q in P's frame and the tolerance;
 * and the scratch of `collidePieces`. The caller owns it and passes it in.
 */
export class PieceQuery {
  /** Pose of Q in P's frame: R_P^T R_Q as (cos, sin) and R_P^T (t_Q - t_P). */
  cos = 1;
  sin = 0;
  x = 0;
  y = 0;
  tolerance = 0;
  /**
   * When set, Q's best outline edge is the reference whatever P's separations, and an apart pair
   * keeps its clipped points (no closest-point contact): `collidePolygonChain` snaps a contact's
   * normal to a chain segment's normal so (Box2D v3's `b2_normalSnap`).
   */
  secondReference = false;
  /**
   * With `secondReference`: Q's edge that is the reference, or -1 for Q's best outline edge (a
   * chain segment's face on the side of the normal it snaps, whatever face the piece pair's
   * separations favour).
   */
  secondReferenceEdge = -1;
  /**
   * Round-off allowance of the SAT's bounds: 1e-12 of a bound on every coordinate in P's frame.
   * A bound from the piece centre is exact up to a few units in the last place of that size.
   */
  slack = 0;
  /**
   * Out of `pieceAxes`: P's best outline edge (-1: none), its separation, and whether P's edges
   * separate the pieces.
   */
  edgeP = -1;
  separationP = 0;
  apartP = false;
  /**
   * Out of `pieceAxes`: Q's best outline edge's separation, or the floor its search had (P's best
   * and the margin) when none beats it.
   */
  separationQ = 0;
  /** Out of `pieceAxes`: whether some edge of either piece separates them (above 0). */
  apart = false;
  /** Out of `pieceAxes`: whether the reference edge is P's, and its index. */
  referenceIsP = true;
  referenceEdge = -1;
  /** Scratch of `collidePieces`. */
  readonly search = new EdgeSearch();
  /** Scratch of `closestPoints`: the point on P (x, y), on Q (x, y), their distance. */
  readonly closest: Float64Array = new Float64Array(4);
  closestDistance = 0;
  closestFirst = 0;
  closestSecond = 0;
  closestKind = 0;

  /** Sets the pose of `second` (Q) relative to `first` (P), and the tolerance. */
  set(first: Shape2, second: Shape2, tolerance: number): void {
    const a = first.transform, b = second.transform;
    this.cos = a.cos * b.cos + a.sin * b.sin;
    this.sin = a.cos * b.sin - a.sin * b.cos;
    const dx = b.x - a.x, dy = b.y - a.y;
    this.x = a.cos * dx + a.sin * dy;
    this.y = -a.sin * dx + a.cos * dy;
    this.tolerance = tolerance;
    this.slack = 1e-12 *
      (first.boundingRadius + second.boundingRadius + Math.abs(dx) + Math.abs(dy));
  }
}

/** What `bestOutlineEdge` returns when an edge separates the pieces by more than the tolerance. */
export const SEPARATED = -2;

function outerFeature(piece: ConvexPiece, edge: number): number {
  const outer = piece.outerEdge[edge]!;
  return outer >= 0 ? outer : INTERNAL_EDGE_FEATURE;
}

/**
 * The outline edge of a piece of `count` edges (its points `own`, described by `query.search`:
 * `EdgeSearch.describe`) of largest separation from `other` (both in P's frame), the lowest
 * index on a tie (the edges of a run in line all measured from its first vertex, so that they
 * tie exactly, whatever rounding the pose adds). An edge's separation is a minimum over the
 * other's vertices, and only the largest matters: the scan of an edge stops at the first vertex
 * below what it must beat (the smaller of the best outline edge so far, which starts at `floor`,
 * and 0, which is at most the tolerance), which leaves the answer unchanged; an edge whose bound n . (c - v) with the
 * other's centre c (the vertex mean, at least that minimum) is below it is not scanned at all.
 * The first edge's scan starts at the other's vertex `start`, each next one where the last one
 * stopped, the deepest vertex in a nearby direction. Returns that edge (-1 if none beats
 * `floor`), or `SEPARATED` when an edge separates the pieces by more than `tolerance`.
 */
export function bestOutlineEdge(
  count: number,
  own: Float64Array,
  other: Float64Array,
  otherCount: number,
  firstEdge: number,
  start: number,
  query: PieceQuery,
): number {
  const search = query.search, tolerance = query.tolerance, slack = query.slack;
  const runFirst = search.runFirst, outerEdge = search.outerEdge;
  const ownAt = search.ownAt, otherAt = search.otherAt, cx = search.otherX, cy = search.otherY;
  // An outline edge must beat `floor` first, then the best so far (edge -1: none yet).
  let best = search.floor, bestEdge = -1, apart = false;
  for (let k = 0, i = firstEdge; k < count; k++, i = i + 1 === count ? 0 : i + 1) {
    // Where the scan stops: below `best`, but not above 0 (the tolerance is at least 0): a scan
    // cut short says the edge is not the best and does not separate the pieces at all, so
    // `apart` is exact.
    const stop = best < 0 ? best : 0;
    // Measured from the run's first vertex: the edges of a run tie exactly (`runFirst`).
    const at = ownAt + 4 * (runFirst === null ? i : runFirst[i]!), vx = own[at]!, vy = own[at + 1]!;
    const nx = own[ownAt + 4 * i + 2]!, ny = own[ownAt + 4 * i + 3]!;
    if ((cx - vx) * nx + (cy - vy) * ny < stop - slack) continue;
    // The other's vertices from `start` round to it.
    const from = start;
    let separation = Infinity, j = from;
    do {
      const s = nx * (other[otherAt + 4 * j]! - vx) + ny * (other[otherAt + 4 * j + 1]! - vy);
      if (s < separation) {
        separation = s;
        start = j;
        if (s < stop) break;
      }
      j++;
      if (j === otherCount) j = 0;
    } while (j !== from);
    if (separation > tolerance) {
      search.separatingEdge = i;
      return SEPARATED;
    }
    if (separation > 0) apart = true;
    // Only an outline edge can be the best.
    if (
      (separation > best || (separation === best && i < bestEdge)) &&
      (outerEdge === null || outerEdge[i]! >= 0)
    ) {
      best = separation;
      bestEdge = i;
    }
  }
  search.separation = best;
  search.apart = apart;
  return bestEdge;
}

/** The edge of `piece` whose normal has the largest dot product with (x, y) (the lowest index on a tie). */
function mostAligned(piece: ConvexPiece, data: Float64Array, x: number, y: number): number {
  const count = piece.count;
  let edge = 0, largest = -Infinity;
  for (let i = 0; i < count; i++) {
    const d = data[4 * i + 2]! * x + data[4 * i + 3]! * y;
    if (d > largest) {
      largest = d;
      edge = i;
    }
  }
  return edge;
}

/**
 * Adds the contacts of piece `p` of P (in P's frame) against piece `q` of Q (in Q's frame;
 * brought into P's frame here) to `manifold`, in P's frame. Returns whether the pieces are
 * within the tolerance on every axis (false: apart, nothing added).
 *
 * Speculative contacts (pieces apart, within the tolerance) promise: the pieces are at most
 * the tolerance apart (their exact distance is checked), and each contact's gap (its negative
 * penetration) is at least half that distance and at most the distance between its witness
 * points. The reference-face gap is a lower bound of the distance (for two corners facing each
 * other it can be far less); when it is below half the distance, the one contact between the
 * closest points is reported instead (vertex against edge, Ericson 5.1.2); with
 * `PieceQuery.secondReference` the reference normal stays and a gap below the distance is
 * raised to it.
 */
export function collidePieces(
  p: ConvexPiece,
  q: ConvexPiece,
  query: PieceQuery,
  manifold: LocalManifold2,
): boolean {
  const axes = pieceAxes(p, q, query);
  if (axes === PIECES_REFERENCE) pieceContacts(p, q, query, manifold);
  return axes !== PIECES_APART;
}

/** What `pieceAxes` found: an axis separates the pieces by more than the tolerance. */
export const PIECES_APART = 0;
/** Within the tolerance on every axis, but neither piece has an outline edge to be the reference. */
export const PIECES_NO_REFERENCE = 1;
/** Within the tolerance on every axis, the reference edge in the query: `pieceContacts` clips. */
export const PIECES_REFERENCE = 2;

/**
 * Steps 1 to 3 of `collidePieces`: the early outs, the separating axes both ways and the
 * reference edge, kept in `query` (`edgeP` to `referenceEdge`) for `pieceContacts` and
 * `snapPieces`; Q's piece is left in P's frame (`ConvexPiece.frame`). Returns `PIECES_APART`,
 * `PIECES_NO_REFERENCE` or `PIECES_REFERENCE`.
 */
export function pieceAxes(p: ConvexPiece, q: ConvexPiece, query: PieceQuery): number {
  const cos = query.cos, sin = query.sin, tolerance = query.tolerance;
  // 1. Bounding circles, then Q's piece circle against P's edge facing it.
  const qcx = cos * q.centerX - sin * q.centerY + query.x,
    qcy = sin * q.centerX + cos * q.centerY + query.y;
  const ex = qcx - p.centerX, ey = qcy - p.centerY, reach = p.radius + q.radius + tolerance;
  if (ex * ex + ey * ey > reach * reach) return PIECES_APART;
  const pv = p.packed;
  const facing = mostAligned(p, pv, ex, ey);
  const fx = pv[4 * facing]!, fy = pv[4 * facing + 1]!;
  if (
    pv[4 * facing + 2]! * (qcx - fx) + pv[4 * facing + 3]! * (qcy - fy) - q.radius - query.slack >
      tolerance
  ) return PIECES_APART;
  // Pieces that both lie inside their polygons cannot give a reference edge (the caller looks
  // at whether the polygons overlap). PERFORMANCE.md: boolean fields are compared with `false`.
  if (p.hasOuterEdge === false && q.hasOuterEdge === false) return PIECES_NO_REFERENCE;
  // Fields read once, not at each pass (PERFORMANCE.md: 2D kernels).
  const qv = q.frame, own = q.packed, qCount = q.count, tx = query.x, ty = query.y;
  for (let j = 0; j < qCount; j++) {
    const x = own[4 * j]!, y = own[4 * j + 1]!, nx = own[4 * j + 2]!, ny = own[4 * j + 3]!;
    qv[4 * j] = cos * x - sin * y + tx;
    qv[4 * j + 1] = sin * x + cos * y + ty;
    qv[4 * j + 2] = cos * nx - sin * ny;
    qv[4 * j + 3] = sin * nx + cos * ny;
  }

  // 2. SAT both ways, P's edges from the one facing Q. Q's outline edges matter only if one
  // beats P's best by the margin (else P's edge is the reference whatever Q's best); their
  // first scan starts at P's vertex beside P's best edge.
  const search = query.search;
  search.otherX = qcx;
  search.otherY = qcy;
  search.floor = -Infinity;
  search.describe(p);
  const edgeP = bestOutlineEdge(p.count, pv, qv, q.count, facing, 0, query);
  if (edgeP === SEPARATED) return PIECES_APART;
  const separationP = search.separation, apartP = search.apart;
  query.edgeP = edgeP;
  query.separationP = separationP;
  query.apartP = apartP;
  const size = p.radius > q.radius ? p.radius : q.radius;
  const margin = AXIS_RELATIVE_MARGIN * Math.abs(separationP) + AXIS_ABSOLUTE_MARGIN * size;
  search.otherX = p.centerX;
  search.otherY = p.centerY;
  const forced = query.secondReference;
  search.floor = edgeP >= 0 && !forced ? separationP + margin : -Infinity;
  search.describe(q);
  const edgeQ = bestOutlineEdge(q.count, qv, pv, p.count, 0, edgeP >= 0 ? edgeP : 0, query);
  if (edgeQ === SEPARATED) return PIECES_APART;
  const separationQ = search.separation;
  query.separationQ = separationQ;
  query.apart = apartP || search.apart;
  if (edgeP < 0 && edgeQ < 0) return PIECES_NO_REFERENCE;

  // 3. Reference edge, P preferred within the margin.
  const referenceIsP = edgeQ < 0 ||
    (!forced && edgeP >= 0 && separationQ <= separationP + margin);
  query.referenceIsP = referenceIsP;
  query.referenceEdge = referenceIsP
    ? edgeP
    : forced && query.secondReferenceEdge >= 0
    ? query.secondReferenceEdge
    : edgeQ;
  return PIECES_REFERENCE;
}

/**
 * Steps 4 to 7 of `collidePieces`, after `pieceAxes` returned `PIECES_REFERENCE` for the same
 * pieces and query: adds their contacts to `manifold`. Every point added carries the reference
 * edge's normal (from Q toward P) unless the pieces are apart (`query.apart`: the closest points
 * may replace them), and one point at least is added when neither piece has an internal edge,
 * the reference piece has no edges in line and they are not apart (the deepest vertex of step
 * 6 is the reference axis's separation, at most the tolerance).
 */
export function pieceContacts(
  p: ConvexPiece,
  q: ConvexPiece,
  query: PieceQuery,
  manifold: LocalManifold2,
): void {
  const tolerance = query.tolerance, forced = query.secondReference;
  const referenceIsP = query.referenceIsP, r1 = query.referenceEdge;
  const reference = referenceIsP ? p : q, incident = referenceIsP ? q : p;
  const before = manifold.count;
  clipIncident(reference, incident, referenceIsP, r1, manifold, query);
  // 6. Nothing clipped: for a snapped chain segment the incident piece's deepest point between
  // the segment's side lines, else (or if that point is inside its polygon) its deepest vertex.
  if (
    manifold.count === before &&
    !(forced && !referenceIsP && deepestSideCrossing(reference, incident, r1, manifold, query))
  ) {
    deepestVertex(reference, incident, referenceIsP, r1, manifold, query);
  }
  // 7. Apart (some axis separates them): the distance decides.
  const separation = referenceIsP ? query.separationP : query.separationQ;
  if (manifold.count > before && query.apart) {
    closestPoints(p, q, query);
    const distance = query.closestDistance;
    if (distance > tolerance) {
      manifold.count = before;
    } else if (forced) {
      // A snapped normal keeps its points; the pieces cannot meet before moving `distance`
      // along it, so no gap is below that.
      for (let k = before; k < manifold.count; k++) {
        const point = manifold.points[k]!;
        if (point.penetration > -distance) point.penetration = -distance;
      }
    } else if (separation < 0.5 * distance && distance > 0) {
      // Closest points that coincide (corner on corner) give no direction: the reference
      // edge's points stay, touching.
      manifold.count = before;
      addClosestContact(query, manifold);
    }
  }
}

/**
 * The pieces of the last `pieceAxes` call that returned `PIECES_REFERENCE` again with Q's edge
 * `face` as the reference (-1: Q's best outline edge), as `collidePieces` with
 * `PieceQuery.secondReference` set: adds their contacts to `manifold`. P's separating axes and
 * Q in P's frame are reused from that call; only Q's edges are searched again, without the
 * floor P's best put under them (the reference is Q's whatever P's separations).
 */
export function snapPieces(
  p: ConvexPiece,
  q: ConvexPiece,
  face: number,
  query: PieceQuery,
  manifold: LocalManifold2,
): void {
  const search = query.search, edgeP = query.edgeP;
  search.otherX = p.centerX;
  search.otherY = p.centerY;
  search.floor = -Infinity;
  search.describe(q);
  // Not SEPARATED: which edges separate the pieces does not depend on the floor.
  const edgeQ = bestOutlineEdge(
    q.count,
    q.frame,
    p.packed,
    p.count,
    0,
    edgeP >= 0 ? edgeP : 0,
    query,
  );
  if (edgeQ < 0 && edgeP < 0) return;
  query.separationQ = search.separation;
  query.apart = query.apartP || search.apart;
  query.referenceIsP = edgeQ < 0;
  query.referenceEdge = edgeQ < 0 ? edgeP : face >= 0 ? face : edgeQ;
  query.secondReference = true;
  pieceContacts(p, q, query, manifold);
  query.secondReference = false;
}

/** Steps 4 and 5 of `collidePieces`: the incident side clipped to the reference side lines. */
function clipIncident(
  reference: ConvexPiece,
  incident: ConvexPiece,
  referenceIsP: boolean,
  r1: number,
  manifold: LocalManifold2,
  query: PieceQuery,
): void {
  // The tolerance read from the query (PERFORMANCE.md: doubles cross calls in arrays or fields).
  const tolerance = query.tolerance;
  const rv = referenceIsP ? reference.packed : reference.frame;
  const iv = referenceIsP ? incident.frame : incident.packed;
  const referenceCount = reference.count,
    incidentCount = incident.count,
    referenceOuter = reference.outerEdge,
    incidentOuter = incident.outerEdge;
  const nx = rv[4 * r1 + 2]!, ny = rv[4 * r1 + 3]!;
  // Normal from Q toward P: the reference normal points out of the reference piece.
  const cx = referenceIsP ? 0 - nx : nx, cy = referenceIsP ? 0 - ny : ny;
  // 4. Incident edge: most anti-parallel normal, widened to the edges in line with it.
  const i1 = mostAligned(incident, iv, -nx, -ny);
  let firstIncident = i1, lastIncident = i1;
  if (incident.hasCollinearEdges) {
    firstIncident = runStart(incident, i1);
    lastIncident = runEnd(incident, i1);
  }
  const i2 = lastIncident + 1 === incidentCount ? 0 : lastIncident + 1;
  const w1x = iv[4 * firstIncident]!,
    w1y = iv[4 * firstIncident + 1]!,
    w2x = iv[4 * i2]!,
    w2y = iv[4 * i2 + 1]!;

  // 5. Clip to the side lines tangent . x in [lower, upper]; the tangent is the normal turned
  // left. Each stretch of outline edges on the reference line is a reference side of its own.
  const tx = -ny, ty = nx;
  const s1 = tx * w1x + ty * w1y, s2 = tx * w2x + ty * w2y;
  let firstReference = r1, runLength = 1;
  if (reference.hasCollinearEdges) {
    firstReference = runStart(reference, r1);
    const lastReference = runEnd(reference, r1);
    runLength = lastReference >= firstReference
      ? lastReference - firstReference + 1
      : lastReference + referenceCount - firstReference + 1;
  }
  // Imports read once per clipping (PERFORMANCE.md: 2D kernels).
  const vertexFeature = VERTEX_FEATURE,
    pointEdge = ContactKind.PointEdge,
    pointFace = ContactKind.PointFace;
  for (let k = 0, e = firstReference; k < runLength;) {
    if (referenceOuter[e]! < 0) {
      e = e + 1 === referenceCount ? 0 : e + 1;
      k++;
      continue;
    }
    // The stretch of outline edges from edge `c` to edge `d`, from vertex c to vertex e.
    const c = e;
    let d = e;
    k++;
    for (
      let next = d + 1 === referenceCount ? 0 : d + 1;
      k < runLength && referenceOuter[next]! >= 0;
      k++
    ) {
      d = next;
      next = d + 1 === referenceCount ? 0 : d + 1;
    }
    e = d + 1 === referenceCount ? 0 : d + 1;
    const v1x = rv[4 * c]!, v1y = rv[4 * c + 1]!;
    const lower = tx * v1x + ty * v1y, upper = tx * rv[4 * e]! + ty * rv[4 * e + 1]!;
    if ((s1 < lower && s2 < lower) || (s1 > upper && s2 > upper)) continue;
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
        referenceCode = vertexFeature | reference.vertexIndex[s < lower ? c : e]!;
        // The incident edge holding the point: the run's tangent coordinate falls along it.
        let edge = firstIncident;
        while (edge !== lastIncident) {
          const next = edge + 1 === incidentCount ? 0 : edge + 1;
          if (tx * iv[4 * next]! + ty * iv[4 * next + 1]! <= limit) break;
          edge = next;
        }
        // On an internal edge the point is inside its polygon, not on its surface.
        if (incidentOuter[edge]! < 0) continue;
        incidentCode = incidentOuter[edge]!;
        kind = pointEdge;
      } else {
        // The reference edge under the point.
        let edge = c;
        while (edge !== d) {
          const next = edge + 1 === referenceCount ? 0 : edge + 1;
          if (tx * rv[4 * next]! + ty * rv[4 * next + 1]! >= s) break;
          edge = next;
        }
        referenceCode = referenceOuter[edge]!;
        incidentCode = vertexFeature | incident.vertexIndex[end === 0 ? firstIncident : i2]!;
        kind = pointFace;
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
  }
}

/**
 * Step 6 of `collidePieces` for a snapped chain segment (`PieceQuery.secondReference`; the
 * reference is Q's, the segment's, edge `r1`), whose incident edge lies wholly beside the
 * segment: a thin polygon lying across it, or a segment inside a polygon, meets it along edges
 * that clipping the one incident edge never sees. Moving P along the reference normal keeps
 * every point between the same side lines (they are parallel to the normal), so the depth that
 * frees the segment is that of the deepest point of P's piece between them; the piece's lower
 * boundary there is convex and its lowest point (on the incident edge) lies beyond a side line,
 * so that deepest point is where the piece's outline crosses a side line: the deeper of the
 * crossings on the two. The contact names that side line's segment vertex and the piece edge
 * crossing it (kind PointEdge, as a clipped point). Returns false, adding nothing, when the
 * piece crosses neither side line or the deepest crossing lies on an internal edge (inside its
 * polygon: another piece holds the surface there).
 */
function deepestSideCrossing(
  reference: ConvexPiece,
  incident: ConvexPiece,
  r1: number,
  manifold: LocalManifold2,
  query: PieceQuery,
): boolean {
  const rv = reference.frame, iv = incident.packed, count = incident.count;
  const r2 = r1 + 1 === reference.count ? 0 : r1 + 1;
  const nx = rv[4 * r1 + 2]!, ny = rv[4 * r1 + 3]!, tx = -ny, ty = nx;
  const v1x = rv[4 * r1]!, v1y = rv[4 * r1 + 1]!;
  let deepestSeparation = Infinity, deepestX = 0, deepestY = 0, deepestEdge = -1, deepestEnd = 0;
  for (let end = 0; end < 2; end++) {
    const corner = end === 0 ? r1 : r2;
    const limit = tx * rv[4 * corner]! + ty * rv[4 * corner + 1]!;
    for (let k = 0; k < count; k++) {
      const m = k + 1 === count ? 0 : k + 1;
      const ax = iv[4 * k]!, ay = iv[4 * k + 1]!, bx = iv[4 * m]!, by = iv[4 * m + 1]!;
      const sa = tx * ax + ty * ay - limit, sb = tx * bx + ty * by - limit;
      if (sa < 0 === sb < 0) continue;
      // The crossing a + sa / (sa - sb) (b - a); sa and sb differ in sign, so no division by 0.
      const f = sa / (sa - sb);
      const x = ax + f * (bx - ax), y = ay + f * (by - ay);
      const separation = nx * (x - v1x) + ny * (y - v1y);
      if (separation >= deepestSeparation) continue;
      deepestSeparation = separation;
      deepestX = x;
      deepestY = y;
      deepestEdge = k;
      deepestEnd = corner;
    }
  }
  if (deepestEdge < 0 || incident.outerEdge[deepestEdge]! < 0) return false;
  if (deepestSeparation > query.tolerance) return true;
  // Normal from Q toward P: the reference normal itself (Q is the reference).
  manifold.add(
    deepestX - 0.5 * deepestSeparation * nx,
    deepestY - 0.5 * deepestSeparation * ny,
    nx,
    ny,
    -deepestSeparation,
    ContactKind.PointEdge,
    incident.outerEdge[deepestEdge]!,
    VERTEX_FEATURE | reference.vertexIndex[deepestEnd]!,
  );
  return true;
}

/**
 * Step 6 of `collidePieces`: the incident edge lies beside a short reference edge (it can, when
 * the reference edge is much shorter than the other piece): the other piece's deepest vertex
 * against the reference edge's line, whose depth is the SAT overlap on this axis. When either
 * piece is a part of a concave polygon, the piece pair's overlap says little about the polygons
 * (a piece bounds its polygon only along its outline edges): the vertex must then lie within
 * the reference piece (within the tolerance of each of its edges) and beside the reference side
 * (the stretch of outline edges in line with the reference edge); elsewhere the surface over it
 * belongs to another piece pair. The contact names the edge of that stretch beside the vertex.
 */
function deepestVertex(
  reference: ConvexPiece,
  incident: ConvexPiece,
  referenceIsP: boolean,
  r1: number,
  manifold: LocalManifold2,
  query: PieceQuery,
): void {
  // From the query, as in `clipIncident`.
  const tolerance = query.tolerance;
  const rv = referenceIsP ? reference.packed : reference.frame;
  const iv = referenceIsP ? incident.frame : incident.packed;
  const nx = rv[4 * r1 + 2]!, ny = rv[4 * r1 + 3]!, tx = -ny, ty = nx;
  const v1x = rv[4 * r1]!, v1y = rv[4 * r1 + 1]!;
  const partial = reference.hasInternalEdge || incident.hasInternalEdge;
  // A snapped chain segment (`PieceQuery.secondReference`) meets only the vertices beside it.
  const bounded = partial || query.secondReference;
  const referenceCount = reference.count, incidentCount = incident.count;
  // The stretch of outline edges in line with r1, from edge `first` to edge `last`.
  let first = r1, last = r1;
  if (reference.hasCollinearEdges) {
    for (let k = 1; k < referenceCount; k++) {
      const previous = first === 0 ? referenceCount - 1 : first - 1;
      if (reference.collinearNext[previous] === 0 || reference.outerEdge[previous]! < 0) break;
      first = previous;
    }
    for (let k = 1; k < referenceCount; k++) {
      const next = last + 1 === referenceCount ? 0 : last + 1;
      if (reference.collinearNext[last] === 0 || reference.outerEdge[next]! < 0) break;
      last = next;
    }
  }
  const end = last + 1 === referenceCount ? 0 : last + 1;
  const lower = tx * rv[4 * first]! + ty * rv[4 * first + 1]!,
    upper = tx * rv[4 * end]! + ty * rv[4 * end + 1]!;
  let deepest = 0, deepestSeparation = Infinity;
  for (let k = 0; k < incidentCount; k++) {
    const x = iv[4 * k]!, y = iv[4 * k + 1]!;
    const separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation >= deepestSeparation) continue;
    if (bounded) {
      const along = tx * x + ty * y;
      if (along < lower - tolerance || along > upper + tolerance) continue;
      let inside = true;
      for (let m = 0; m < referenceCount && inside && partial; m++) {
        inside =
          rv[4 * m + 2]! * (x - rv[4 * m]!) + rv[4 * m + 3]! * (y - rv[4 * m + 1]!) <= tolerance;
      }
      if (!inside) continue;
    }
    deepestSeparation = separation;
    deepest = k;
  }
  if (deepestSeparation > tolerance) return;
  const x = iv[4 * deepest]!, y = iv[4 * deepest + 1]!;
  // The edge of the stretch beside the vertex: the last whose start is not past it along the side.
  let edge = first;
  const along = tx * x + ty * y;
  while (edge !== last) {
    const next = edge + 1 === referenceCount ? 0 : edge + 1;
    if (tx * rv[4 * next]! + ty * rv[4 * next + 1]! > along) break;
    edge = next;
  }
  const referenceCode = outerFeature(reference, edge),
    incidentCode = VERTEX_FEATURE | incident.vertexIndex[deepest]!;
  manifold.add(
    x - 0.5 * deepestSeparation * nx,
    y - 0.5 * deepestSeparation * ny,
    referenceIsP ? 0 - nx : nx,
    referenceIsP ? 0 - ny : ny,
    -deepestSeparation,
    ContactKind.PointFace,
    referenceIsP ? referenceCode : incidentCode,
    referenceIsP ? incidentCode : referenceCode,
  );
}

/**
 * The contact between the closest points of `p` and `q` (Q already in P's frame by `pieceAxes`),
 * when they are apart by at most the tolerance and neither point lies on an internal edge: normal
 * from Q's point toward P's, penetration minus their distance. Adds it to `manifold` and returns
 * whether it did. For a chain segment whose piece pair's reference normal its cones refuse
 * (`collidePolygonChain`), where the snapped face meets nothing: the pair's true direction.
 */
export function closestPiecesContact(
  p: ConvexPiece,
  q: ConvexPiece,
  query: PieceQuery,
  manifold: LocalManifold2,
): boolean {
  closestPoints(p, q, query);
  if (query.closestDistance > query.tolerance) return false;
  const before = manifold.count;
  addClosestContact(query, manifold);
  return manifold.count > before;
}

/**
 * The distance between two convex pieces that are apart (brute force over vertex-edge pairs,
 * Ericson 5.1.2's closest point on a segment), with the closest points and their features, into
 * `query`'s scratch (PERFORMANCE.md: doubles cross calls in arrays or fields). Pieces of at
 * most a few dozen vertices, and only for speculative pairs.
 */
function closestPoints(p: ConvexPiece, q: ConvexPiece, query: PieceQuery): void {
  let best = Infinity;
  for (let side = 0; side < 2; side++) {
    // side 0: Q's vertices against P's edges; side 1: P's vertices against Q's edges.
    const edges = side === 0 ? p : q, points = side === 0 ? q : p;
    const ev = side === 0 ? p.packed : q.frame, pv = side === 0 ? q.frame : p.packed;
    for (let i = 0; i < edges.count; i++) {
      const j = i + 1 === edges.count ? 0 : i + 1;
      const ax = ev[4 * i]!, ay = ev[4 * i + 1]!, sx = ev[4 * j]! - ax, sy = ev[4 * j + 1]! - ay;
      const lengthSquared = sx * sx + sy * sy;
      for (let k = 0; k < points.count; k++) {
        const x = pv[4 * k]!, y = pv[4 * k + 1]!;
        let t = ((x - ax) * sx + (y - ay) * sy) / lengthSquared;
        t = t < 0 ? 0 : t > 1 ? 1 : t;
        const fx = ax + t * sx, fy = ay + t * sy;
        const d2 = (x - fx) * (x - fx) + (y - fy) * (y - fy);
        if (d2 >= best) continue;
        best = d2;
        const edgeCode = t === 0
          ? VERTEX_FEATURE | edges.vertexIndex[i]!
          : t === 1
          ? VERTEX_FEATURE | edges.vertexIndex[j]!
          : outerFeature(edges, i);
        const vertexCode = VERTEX_FEATURE | points.vertexIndex[k]!;
        const closest = query.closest;
        closest[0] = side === 0 ? fx : x;
        closest[1] = side === 0 ? fy : y;
        closest[2] = side === 0 ? x : fx;
        closest[3] = side === 0 ? y : fy;
        query.closestFirst = side === 0 ? edgeCode : vertexCode;
        query.closestSecond = side === 0 ? vertexCode : edgeCode;
        query.closestKind = t > 0 && t < 1 ? ContactKind.PointFace : ContactKind.PointPoint;
      }
    }
  }
  query.closestDistance = Math.sqrt(best);
}

/** The contact between the closest points found by `closestPoints`, unless a feature is an internal edge. */
function addClosestContact(query: PieceQuery, manifold: LocalManifold2): void {
  const distance = query.closestDistance;
  if (
    query.closestFirst === INTERNAL_EDGE_FEATURE || query.closestSecond === INTERNAL_EDGE_FEATURE ||
    !(distance > 0)
  ) return;
  const c = query.closest;
  // Normal from Q's point toward P's; the point halfway between them.
  const nx = (c[0]! - c[2]!) / distance, ny = (c[1]! - c[3]!) / distance;
  manifold.add(
    0.5 * (c[0]! + c[2]!),
    0.5 * (c[1]! + c[3]!),
    nx,
    ny,
    -distance,
    query.closestKind as ContactKind,
    query.closestFirst,
    query.closestSecond,
  );
}

/** The first edge of the run of edges in line with edge `i` (see `ConvexPiece.collinearNext`). */
function runStart(piece: ConvexPiece, i: number): number {
  let first = i;
  for (let k = 1; k < piece.count; k++) {
    const previous = first === 0 ? piece.count - 1 : first - 1;
    if (piece.collinearNext[previous] === 0) break;
    first = previous;
  }
  return first;
}

/** The last edge of the run of edges in line with edge `i`. */
function runEnd(piece: ConvexPiece, i: number): number {
  let last = i;
  for (let k = 1; k < piece.count && piece.collinearNext[last] !== 0; k++) {
    last = last + 1 === piece.count ? 0 : last + 1;
  }
  return last;
}
