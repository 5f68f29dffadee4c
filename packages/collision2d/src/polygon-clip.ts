/**
 * Convex piece against convex piece: the separating-axis test over both pieces' edge normals
 * (seed 002), a reference edge and an incident edge, and clipping of the incident edge to the
 * reference edge's side lines (the idea of Box2D's b2ClipPolygons, written anew here). Shared by
 * `collidePolygonPolygon` and `collidePolygonChain`; internal.
 *
 * Frames: everything runs in the frame of the first shape P (round-off then depends only on the
 * pair's relative pose); the second shape Q's piece is brought into P's frame once per piece
 * pair (`frameVertices`, `frameNormals`). Contacts go to the pending manifold in world space,
 * with the normal from Q toward P and the feature codes in the order (P, Q).
 *
 * Outline of `addPieceContacts`:
 *  1. bounding-circle early out (seed 000's R_ext, per piece);
 *  2. SAT: for each edge of each piece, the separation of the other piece along its normal; any
 *     separation above the tolerance means no contact;
 *  3. reference edge: the edge of largest separation among outline edges only (an internal edge
 *     of a decomposition is not a surface, so nothing is pushed out through it), P's edge kept
 *     unless Q's is larger by the margin (relative + absolute), so the choice does not flip
 *     between nearly equal axes from frame to frame;
 *  4. incident edge: the edge of the other piece whose normal is most anti-parallel, with the
 *     edges in line with it (`ConvexPiece.collinearNext`) as one side;
 *  5. clip it to the reference edge's two side lines and keep the points within the tolerance
 *     (each stretch of outline edges on the reference edge's line is clipped to as a side of its
 *     own: a piece of a concave polygon can have outline, internal and outline edges in line);
 *     if none is left (the incident edge lies beside a short reference edge), report the other
 *     piece's deepest vertex instead, so an overlap of convex polygons never goes without a
 *     contact (when a piece of a concave polygon takes part, only a vertex within the reference
 *     piece and beside the reference edge).
 *
 * Speculative contacts (a gap within the tolerance) measure the gap along the reference normal:
 * never more than the true distance (for two corners facing each other it is less), so a
 * speculative contact is reported early rather than late.
 *
 * Kinds and features: an incident vertex kept whole is PointFace (incident vertex against the
 * reference edge); a point made by clipping is PointEdge (reference corner against the incident
 * edge). Feature codes: edge index, `VERTEX_FEATURE | vertex`, or `INTERNAL_EDGE_FEATURE`.
 */
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN, ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import { addPending, candidate } from './manifold2.js';
import { type ConvexPiece, FAST_PATH_MAX_VERTICES, INTERNAL_EDGE_FEATURE, PACKED_VERTICES, type Polygon, type Shape2, VERTEX_FEATURE } from './shapes.js';

/**
 * The pair's state, in a Float64Array so that no double crosses a call as an argument (V8 boxes
 * those into heap numbers when it does not inline the call): pose of Q in P's frame (cos, sin,
 * x, y), P's world pose (cos, sin, x, y), the tolerance.
 */
const pair = new Float64Array(9);
const RELATIVE_COS = 0, RELATIVE_SIN = 1, RELATIVE_X = 2, RELATIVE_Y = 3;
const WORLD_COS = 4, WORLD_SIN = 5, WORLD_X = 6, WORLD_Y = 7, TOLERANCE = 8;
/** Results of `maxSeparation`: the largest separation over all edges, and over outline edges. */
const separations = new Float64Array(2);
/** The point being emitted (incident point x, y in P's frame, its separation) and the axis (reference normal, contact normal). */
const emitted = new Float64Array(7);

/** Records the pose of `second` relative to `first`, and the tolerance, for the piece pairs that follow. */
export function setPair(first: Shape2, second: Shape2, data: CollisionData2): void {
  const a = first.transform, b = second.transform;
  pair[WORLD_COS] = a.cos;
  pair[WORLD_SIN] = a.sin;
  pair[WORLD_X] = a.x;
  pair[WORLD_Y] = a.y;
  // R_a^T R_b and R_a^T (t_b - t_a).
  pair[RELATIVE_COS] = a.cos * b.cos + a.sin * b.sin;
  pair[RELATIVE_SIN] = a.cos * b.sin - a.sin * b.cos;
  const dx = b.x - a.x, dy = b.y - a.y;
  pair[RELATIVE_X] = a.cos * dx + a.sin * dy;
  pair[RELATIVE_Y] = -a.sin * dx + a.cos * dy;
  pair[TOLERANCE] = data.tolerance;
}

function outerFeature(piece: ConvexPiece, edge: number): number {
  const outer = piece.outerEdge[edge]!;
  return outer >= 0 ? outer : INTERNAL_EDGE_FEATURE;
}

/** The outline edge of largest separation found by `maxSeparation`, -1 if none. */
let outerEdge = -1;

/** Separation of `other` along each edge normal of `piece` (both given in P's frame). */
function maxSeparation(
  piece: ConvexPiece,
  vertices: Float64Array,
  normals: Float64Array,
  otherVertices: Float64Array,
  otherCount: number,
): void {
  let allSeparation = -Infinity, outerSeparation = -Infinity;
  outerEdge = -1;
  for (let i = 0; i < piece.count; i++) {
    const nx = normals[2 * i]!, ny = normals[2 * i + 1]!;
    const vx = vertices[2 * i]!, vy = vertices[2 * i + 1]!;
    let separation = Infinity;
    for (let j = 0; j < otherCount; j++) {
      const s = nx * (otherVertices[2 * j]! - vx) + ny * (otherVertices[2 * j + 1]! - vy);
      if (s < separation) separation = s;
    }
    if (separation > allSeparation) allSeparation = separation;
    if (piece.outerEdge[i]! >= 0 && separation > outerSeparation) {
      outerSeparation = separation;
      outerEdge = i;
    }
  }
  separations[0] = allSeparation;
  separations[1] = outerSeparation;
}

/**
 * Adds the contacts of piece `p` of P (P's frame: its own vertices) against piece `q` of Q (in
 * Q's frame; brought into P's frame here) to the pending manifold. `setPair` first.
 */
export function addPieceContacts(p: ConvexPiece, q: ConvexPiece): void {
  const relativeCos = pair[RELATIVE_COS]!, relativeSin = pair[RELATIVE_SIN]!;
  const relativeX = pair[RELATIVE_X]!, relativeY = pair[RELATIVE_Y]!, tolerance = pair[TOLERANCE]!;
  // 1. Pieces that both lie inside their polygons cannot give a reference edge; then bounding circles.
  if (!p.hasOuterEdge && !q.hasOuterEdge) return;
  const qcx = relativeCos * q.centerX - relativeSin * q.centerY + relativeX;
  const qcy = relativeSin * q.centerX + relativeCos * q.centerY + relativeY;
  const reach = p.radius + q.radius + tolerance;
  const ex = qcx - p.centerX, ey = qcy - p.centerY;
  if (ex * ex + ey * ey > reach * reach) return;

  const qv = q.frameVertices, qn = q.frameNormals;
  for (let j = 0; j < q.count; j++) {
    const x = q.vertices[2 * j]!, y = q.vertices[2 * j + 1]!;
    qv[2 * j] = relativeCos * x - relativeSin * y + relativeX;
    qv[2 * j + 1] = relativeSin * x + relativeCos * y + relativeY;
    const nx = q.normals[2 * j]!, ny = q.normals[2 * j + 1]!;
    qn[2 * j] = relativeCos * nx - relativeSin * ny;
    qn[2 * j + 1] = relativeSin * nx + relativeCos * ny;
  }
  const pv = p.vertices, pn = p.normals;

  // 2. SAT both ways.
  maxSeparation(p, pv, pn, qv, q.count);
  const allP = separations[0]!, separationP = separations[1]!, edgeP = outerEdge;
  maxSeparation(q, qv, qn, pv, p.count);
  const allQ = separations[0]!, separationQ = separations[1]!, edgeQ = outerEdge;
  if (allP > tolerance || allQ > tolerance) return;
  if (edgeP < 0 && edgeQ < 0) return;

  // 3. Reference edge, P preferred within the margin.
  const size = p.radius > q.radius ? p.radius : q.radius;
  const margin = AXIS_RELATIVE_MARGIN * Math.abs(separationP) + AXIS_ABSOLUTE_MARGIN * size;
  const referenceIsP = edgeP >= 0 && (edgeQ < 0 || separationQ <= separationP + margin);
  const reference = referenceIsP ? p : q;
  const incident = referenceIsP ? q : p;
  const rv = referenceIsP ? pv : qv, rn = referenceIsP ? pn : qn;
  const iv = referenceIsP ? qv : pv, inn = referenceIsP ? qn : pn;
  const r1 = referenceIsP ? edgeP : edgeQ;
  const nx = rn[2 * r1]!, ny = rn[2 * r1 + 1]!;

  // 4. Incident edge: most anti-parallel normal, widened to the edges in line with it (a piece
  // may have a vertex inside a straight side; the side is clipped as one segment).
  let i1 = 0, lowest = Infinity;
  for (let k = 0; k < incident.count; k++) {
    const d = nx * inn[2 * k]! + ny * inn[2 * k + 1]!;
    if (d < lowest) {
      lowest = d;
      i1 = k;
    }
  }
  let firstIncident = i1, lastIncident = i1;
  if (incident.hasCollinearEdges) {
    firstIncident = runStart(incident, i1);
    lastIncident = runEnd(incident, i1);
  }
  const i2 = lastIncident + 1 === incident.count ? 0 : lastIncident + 1;
  const w1x = iv[2 * firstIncident]!, w1y = iv[2 * firstIncident + 1]!, w2x = iv[2 * i2]!, w2y = iv[2 * i2 + 1]!;

  // 5. Clip to the side lines tangent . x in [lower, upper]; the tangent is the normal turned
  // left. The reference edge's line may hold several edges of its piece: each stretch of outline
  // edges on it is a reference side of its own (an internal edge between them is no surface).
  const tx = -ny, ty = nx;
  const s1 = tx * w1x + ty * w1y, s2 = tx * w2x + ty * w2y;
  let firstReference = r1, runLength = 1;
  if (reference.hasCollinearEdges) {
    firstReference = runStart(reference, r1);
    const lastReference = runEnd(reference, r1);
    runLength = lastReference >= firstReference ? lastReference - firstReference + 1 : lastReference + reference.count - firstReference + 1;
  }
  emitted[3] = nx;
  emitted[4] = ny;
  // Normal from Q toward P: the reference normal points out of the reference piece.
  emitted[5] = referenceIsP ? 0 - nx : nx;
  emitted[6] = referenceIsP ? 0 - ny : ny;
  let added = 0;
  for (let k = 0, e = firstReference; k < runLength; ) {
    if (reference.outerEdge[e]! < 0) {
      e = e + 1 === reference.count ? 0 : e + 1;
      k++;
      continue;
    }
    // The stretch of outline edges from edge `c` to edge `d`, from vertex c to vertex e.
    const c = e;
    let d = e;
    k++;
    for (let next = d + 1 === reference.count ? 0 : d + 1; k < runLength && reference.outerEdge[next]! >= 0; k++) {
      d = next;
      next = d + 1 === reference.count ? 0 : d + 1;
    }
    e = d + 1 === reference.count ? 0 : d + 1;
    const v1x = rv[2 * c]!, v1y = rv[2 * c + 1]!;
    const lower = tx * v1x + ty * v1y, upper = tx * rv[2 * e]! + ty * rv[2 * e + 1]!;
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
        const ox = end === 0 ? w2x : w1x, oy = end === 0 ? w2y : w1y;
        x += f * (ox - x);
        y += f * (oy - y);
        referenceCode = VERTEX_FEATURE | reference.vertexIndex[s < lower ? c : e]!;
        // The incident edge holding the point: the run's tangent coordinate falls along it.
        let edge = firstIncident;
        while (edge !== lastIncident) {
          const next = edge + 1 === incident.count ? 0 : edge + 1;
          if (tx * iv[2 * next]! + ty * iv[2 * next + 1]! <= limit) break;
          edge = next;
        }
        incidentCode = outerFeature(incident, edge);
        kind = ContactKind.PointEdge;
      } else {
        // The reference edge under the point.
        let edge = c;
        while (edge !== d) {
          const next = edge + 1 === reference.count ? 0 : edge + 1;
          if (tx * rv[2 * next]! + ty * rv[2 * next + 1]! >= s) break;
          edge = next;
        }
        referenceCode = reference.outerEdge[edge]!;
        incidentCode = VERTEX_FEATURE | incident.vertexIndex[end === 0 ? firstIncident : i2]!;
        kind = ContactKind.PointFace;
      }
      const separation = nx * (x - v1x) + ny * (y - v1y);
      if (separation > tolerance) continue;
      emitted[0] = x;
      emitted[1] = y;
      emitted[2] = separation;
      emitPoint(kind, referenceIsP ? referenceCode : incidentCode, referenceIsP ? incidentCode : referenceCode);
      added++;
    }
  }
  if (added > 0) return;
  const referenceFeature = outerFeature(reference, r1);
  const v1x = rv[2 * r1]!, v1y = rv[2 * r1 + 1]!;
  // The incident edge lies beside a short reference edge (it can, when the reference edge is
  // much shorter than the other piece): report the other piece's deepest vertex against the
  // reference edge's line, whose depth is the SAT overlap on this axis. When either piece is a
  // part of a concave polygon, the piece pair's overlap says little about the polygons (a piece
  // bounds its polygon only along its outline edges): the vertex must then lie within the
  // reference piece (within the tolerance of each of its edges) and beside the reference edge
  // itself; elsewhere the surface over it belongs to another piece pair.
  const partial = reference.hasInternalEdge || incident.hasInternalEdge;
  const r2 = r1 + 1 === reference.count ? 0 : r1 + 1;
  const lower = tx * v1x + ty * v1y, upper = tx * rv[2 * r2]! + ty * rv[2 * r2 + 1]!;
  let deepest = 0, deepestSeparation = Infinity;
  for (let k = 0; k < incident.count; k++) {
    const x = iv[2 * k]!, y = iv[2 * k + 1]!;
    const separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation >= deepestSeparation) continue;
    if (partial) {
      const along = tx * x + ty * y;
      if (along < lower - tolerance || along > upper + tolerance) continue;
      let inside = true;
      for (let m = 0; m < reference.count && inside; m++) {
        inside = rn[2 * m]! * (x - rv[2 * m]!) + rn[2 * m + 1]! * (y - rv[2 * m + 1]!) <= tolerance;
      }
      if (!inside) continue;
    }
    deepestSeparation = separation;
    deepest = k;
  }
  if (deepestSeparation > tolerance) return;
  const incidentCode = VERTEX_FEATURE | incident.vertexIndex[deepest]!;
  emitted[0] = iv[2 * deepest]!;
  emitted[1] = iv[2 * deepest + 1]!;
  emitted[2] = deepestSeparation;
  emitPoint(ContactKind.PointFace, referenceIsP ? referenceFeature : incidentCode, referenceIsP ? incidentCode : referenceFeature);
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
  for (let k = 1; k < piece.count && piece.collinearNext[last] !== 0; k++) last = last + 1 === piece.count ? 0 : last + 1;
  return last;
}

/** Adds the point in `emitted` (incident point in P's frame, its separation along the reference normal) with its contact normal. */
function emitPoint(kind: ContactKind, firstFeature: number, secondFeature: number): void {
  const separation = emitted[2]!;
  // Midpoint of the incident point and its projection onto the reference edge's line.
  const mx = emitted[0]! - 0.5 * separation * emitted[3]!, my = emitted[1]! - 0.5 * separation * emitted[4]!;
  const c = pair[WORLD_COS]!, s = pair[WORLD_SIN]!, cx = emitted[5]!, cy = emitted[6]!;
  candidate[0] = c * mx - s * my + pair[WORLD_X]!;
  candidate[1] = s * mx + c * my + pair[WORLD_Y]!;
  candidate[2] = c * cx - s * cy;
  candidate[3] = s * cx + c * cy;
  candidate[4] = -separation;
  addPending(kind, firstFeature, secondFeature);
}

/** The points of `collideConvexPolygons` before they are written: world x, y, penetration of each. */
const convexPoints = new Float64Array(6);
/** Their kinds and feature codes (P's, Q's). */
const convexCodes = new Int32Array(6);
/** Q's vertices and normals in P's frame, laid out as `Polygon.packed`'s vertex part. */
// The fast path reads `packed` with the literal offsets of its layout (pose 0 to 3, bounding radius 4, piece circle 5 to 7, vertices from 8).
const frame = new Float64Array(4 * FAST_PATH_MAX_VERTICES);

/**
 * Convex polygon against convex polygon in one function: steps 1 to 5 of `addPieceContacts` for
 * two `simpleConvex` polygons (one whole piece each, no edges in line: piece edge and vertex `i`
 * are the polygon's edge and vertex `i`), with the arithmetic written the same way so that the
 * results are bit for bit those of the general path, but with no pending manifold, no calls in
 * the loops, and few cache lines touched: each polygon's data in one array (`Polygon.packed`), Q
 * brought into P's frame in a module buffer. `first` is P (the smaller id, computed first); the
 * contacts are written in argument order: `flip` when the caller passed `second` first (normals
 * negated; feature ids stay in (P, Q) order), bodies `firstBody`, `secondBody` as the caller's
 * `a`, `b`. Writes at most 2 contacts, deepest first (the earlier on a tie), fewer when
 * `data.maxContactsPerPair` or the room left say so (`overflowed` set when the room was short).
 * Returns the number written.
 */
export function collideConvexPolygons(
  first: Polygon,
  second: Polygon,
  data: CollisionData2,
  firstBody: unknown,
  secondBody: unknown,
  flip: boolean,
): number {
  const pp = first.packed, qp = second.packed, tolerance = data.tolerance;
  const worldCos = pp[0]!, worldSin = pp[1]!, worldX = pp[2]!, worldY = pp[3]!;
  const bCos = qp[0]!, bSin = qp[1]!;
  const dx = qp[2]! - worldX, dy = qp[3]! - worldY;
  // 1. Bounding circles: of the polygons (about their origins), then of their pieces.
  const outerReach = pp[4]! + qp[4]! + tolerance;
  if (dx * dx + dy * dy > outerReach * outerReach) return 0;
  // setPair's relative pose: R_a^T R_b and R_a^T (t_b - t_a).
  const relativeCos = worldCos * bCos + worldSin * bSin;
  const relativeSin = worldCos * bSin - worldSin * bCos;
  const relativeX = worldCos * dx + worldSin * dy;
  const relativeY = -worldSin * dx + worldCos * dy;
  const pRadius = pp[7]!, qRadius = qp[7]!;
  const qcx = relativeCos * qp[5]! - relativeSin * qp[6]! + relativeX;
  const qcy = relativeSin * qp[5]! + relativeCos * qp[6]! + relativeY;
  const reach = pRadius + qRadius + tolerance;
  const ex = qcx - pp[5]!, ey = qcy - pp[6]!;
  if (ex * ex + ey * ey > reach * reach) return 0;

  const pCount = first.count, qCount = second.count;
  // Q's vertices into P's frame now, its normals after P's side of the SAT (which needs none).
  for (let j = 0; j < qCount; j++) {
    const x = qp[8 + 4 * j]!, y = qp[9 + 4 * j]!;
    frame[4 * j] = relativeCos * x - relativeSin * y + relativeX;
    frame[4 * j + 1] = relativeSin * x + relativeCos * y + relativeY;
  }

  // 2. SAT both ways; every edge is an outline edge. An edge's separation is a minimum over the
  // other's vertices, and only the largest separation matters: the scan of an edge stops at the
  // first vertex below the best so far (that edge can no longer win, nor separate: the best
  // passed the tolerance test), which leaves the answer unchanged. Each scan starts at the vertex
  // where the previous one stopped, the deepest in a nearby direction, so most edges stop at once.
  // P's edges are visited from the one facing Q's piece centre (likely the best, so the others
  // stop early); ties still go to the lower index, as in a scan from edge 0.
  const gx = qcx - pp[5]!, gy = qcy - pp[6]!;
  let firstP = 0, facing = -Infinity;
  for (let i = 0; i < pCount; i++) {
    const d = pp[10 + 4 * i]! * gx + pp[11 + 4 * i]! * gy;
    if (d > facing) {
      facing = d;
      firstP = i;
    }
  }
  let separationP = -Infinity, edgeP = -1, start = 0;
  for (let e = 0, i = firstP; e < pCount; e++, i = i + 1 === pCount ? 0 : i + 1) {
    const vx = pp[8 + 4 * i]!, vy = pp[9 + 4 * i]!, nx = pp[10 + 4 * i]!, ny = pp[11 + 4 * i]!;
    let separation = Infinity;
    for (let k = 0, j = start; k < qCount; k++) {
      const s = nx * (frame[4 * j]! - vx) + ny * (frame[4 * j + 1]! - vy);
      if (s < separation) {
        separation = s;
        start = j;
        if (s < separationP) break;
      }
      j = j + 1 === qCount ? 0 : j + 1;
    }
    if (separation > tolerance) return 0;
    if (separation > separationP || (separation === separationP && i < edgeP)) {
      separationP = separation;
      edgeP = i;
    }
  }
  for (let j = 0; j < qCount; j++) {
    const nx = qp[10 + 4 * j]!, ny = qp[11 + 4 * j]!;
    frame[4 * j + 2] = relativeCos * nx - relativeSin * ny;
    frame[4 * j + 3] = relativeSin * nx + relativeCos * ny;
  }
  // Q's edges matter only if one separates or beats P's best by the margin (else P's edge is the
  // reference, whatever Q's best): a scan stops at the first vertex below both the tolerance and
  // the larger of P's best plus the margin and Q's best so far. The edges that could change the
  // answer are scanned whole, so it is the same as over full scans.
  const size = pRadius > qRadius ? pRadius : qRadius;
  const margin = AXIS_RELATIVE_MARGIN * Math.abs(separationP) + AXIS_ABSOLUTE_MARGIN * size;
  const beatP = separationP + margin;
  let separationQ = -Infinity, edgeQ = -1, stopBelow = beatP < tolerance ? beatP : tolerance;
  start = 0;
  for (let i = 0; i < qCount; i++) {
    const vx = frame[4 * i]!, vy = frame[4 * i + 1]!, nx = frame[4 * i + 2]!, ny = frame[4 * i + 3]!;
    let separation = Infinity;
    for (let k = 0, j = start; k < pCount; k++) {
      const s = nx * (pp[8 + 4 * j]! - vx) + ny * (pp[9 + 4 * j]! - vy);
      if (s < separation) {
        separation = s;
        start = j;
        if (s < stopBelow) break;
      }
      j = j + 1 === pCount ? 0 : j + 1;
    }
    if (separation > tolerance) return 0;
    if (separation > separationQ) {
      separationQ = separation;
      edgeQ = i;
      const best = separationQ > beatP ? separationQ : beatP;
      stopBelow = best < tolerance ? best : tolerance;
    }
  }

  // 3. Reference edge, P preferred within the margin. Vertex i of a polygon is at base + 4 i in
  // its array (P: packed, base PACKED_VERTICES; Q: frame, base 0).
  const referenceIsP = separationQ <= separationP + margin;
  const rv = referenceIsP ? pp : frame, rBase = referenceIsP ? PACKED_VERTICES : 0;
  const iv = referenceIsP ? frame : pp, iBase = referenceIsP ? 0 : PACKED_VERTICES;
  const referenceCount = referenceIsP ? pCount : qCount, incidentCount = referenceIsP ? qCount : pCount;
  const r1 = referenceIsP ? edgeP : edgeQ;
  const r2 = r1 + 1 === referenceCount ? 0 : r1 + 1;
  const nx = rv[rBase + 4 * r1 + 2]!, ny = rv[rBase + 4 * r1 + 3]!;

  // 4. Incident edge: most anti-parallel normal.
  let i1 = 0, lowest = Infinity;
  for (let k = 0; k < incidentCount; k++) {
    const d = nx * iv[iBase + 4 * k + 2]! + ny * iv[iBase + 4 * k + 3]!;
    if (d < lowest) {
      lowest = d;
      i1 = k;
    }
  }
  const i2 = i1 + 1 === incidentCount ? 0 : i1 + 1;
  const w1x = iv[iBase + 4 * i1]!, w1y = iv[iBase + 4 * i1 + 1]!, w2x = iv[iBase + 4 * i2]!, w2y = iv[iBase + 4 * i2 + 1]!;

  // 5. Clip to the reference edge's side lines.
  const tx = -ny, ty = nx;
  const s1 = tx * w1x + ty * w1y, s2 = tx * w2x + ty * w2y;
  const v1x = rv[rBase + 4 * r1]!, v1y = rv[rBase + 4 * r1 + 1]!;
  const lower = tx * v1x + ty * v1y, upper = tx * rv[rBase + 4 * r2]! + ty * rv[rBase + 4 * r2 + 1]!;
  // Normal from Q toward P, P's frame, then world; the contact point is the midpoint of the
  // incident point and its projection on the reference line.
  const cx = referenceIsP ? 0 - nx : nx, cy = referenceIsP ? 0 - ny : ny;
  const normalX = worldCos * cx - worldSin * cy, normalY = worldSin * cx + worldCos * cy;
  let count = 0;
  if (!((s1 < lower && s2 < lower) || (s1 > upper && s2 > upper))) {
    for (let end = 0; end < 2; end++) {
      const s = end === 0 ? s1 : s2;
      let x = end === 0 ? w1x : w2x, y = end === 0 ? w1y : w2y;
      let referenceCode: number, incidentCode: number, kind: ContactKind;
      if (s < lower || s > upper) {
        const limit = s < lower ? lower : upper;
        const other = end === 0 ? s2 : s1;
        const f = (limit - s) / (other - s);
        const ox = end === 0 ? w2x : w1x, oy = end === 0 ? w2y : w1y;
        x += f * (ox - x);
        y += f * (oy - y);
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
      const mx = x - 0.5 * separation * nx, my = y - 0.5 * separation * ny;
      convexPoints[3 * count] = worldCos * mx - worldSin * my + worldX;
      convexPoints[3 * count + 1] = worldSin * mx + worldCos * my + worldY;
      convexPoints[3 * count + 2] = -separation;
      convexCodes[3 * count] = kind;
      convexCodes[3 * count + 1] = referenceIsP ? referenceCode : incidentCode;
      convexCodes[3 * count + 2] = referenceIsP ? incidentCode : referenceCode;
      count++;
    }
  }
  if (count === 0) {
    // Beside a short reference edge: the incident polygon's deepest vertex (see addPieceContacts).
    let deepest = 0, deepestSeparation = Infinity;
    for (let k = 0; k < incidentCount; k++) {
      const separation = nx * (iv[iBase + 4 * k]! - v1x) + ny * (iv[iBase + 4 * k + 1]! - v1y);
      if (separation < deepestSeparation) {
        deepestSeparation = separation;
        deepest = k;
      }
    }
    if (deepestSeparation > tolerance) return 0;
    const x = iv[iBase + 4 * deepest]!, y = iv[iBase + 4 * deepest + 1]!;
    const mx = x - 0.5 * deepestSeparation * nx, my = y - 0.5 * deepestSeparation * ny;
    const incidentCode = VERTEX_FEATURE | deepest;
    convexPoints[0] = worldCos * mx - worldSin * my + worldX;
    convexPoints[1] = worldSin * mx + worldCos * my + worldY;
    convexPoints[2] = -deepestSeparation;
    convexCodes[0] = ContactKind.PointFace;
    convexCodes[1] = referenceIsP ? r1 : incidentCode;
    convexCodes[2] = referenceIsP ? incidentCode : r1;
    count = 1;
  }

  // As flushPending: the deepest min(count, maxContactsPerPair) first, within the room left.
  const wanted = count < data.maxContactsPerPair ? count : data.maxContactsPerPair;
  let room = data.contacts.length - data.contactCount;
  if (wanted > room) data.overflowed = true;
  else room = wanted;
  const secondFirst = count === 2 && convexPoints[5]! > convexPoints[2]!;
  for (let written = 0; written < room; written++) {
    const k = (written === 0) === secondFirst ? 3 : 0;
    const contact = claimContact2(data, firstBody, secondBody);
    contact.point[0] = convexPoints[k]!;
    contact.point[1] = convexPoints[k + 1]!;
    // 0 - x rather than -x: a flipped zero component stays +0.
    contact.normal[0] = flip ? 0 - normalX : normalX;
    contact.normal[1] = flip ? 0 - normalY : normalY;
    contact.penetration = convexPoints[k + 2]!;
    contact.kind = convexCodes[k]! as ContactKind;
    contact.featureId = packFeatureId(convexCodes[k + 1]!, convexCodes[k + 2]!);
  }
  return room;
}
