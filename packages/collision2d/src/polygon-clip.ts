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

/** Scratch of `collideConvexPolygons`: Q's vertices and edge normals in P's frame, x, y, nx, ny of vertex i at 4 i. */
const qFrame = new Float64Array(4 * FAST_PATH_MAX_VERTICES);

/**
 * Convex polygon against convex polygon in one function: steps 1 to 5 of `addPieceContacts` for
 * two `simpleConvex` polygons (one whole piece each, no edges in line: piece edge and vertex `i`
 * are the polygon's edge and vertex `i`), with the arithmetic written the same way so that the
 * results are bit for bit those of the general path, but with no pending manifold, no calls in
 * the loops, few passes over the vertices, and each polygon's data in one array
 * (`Polygon.packed`). `first` is P (the smaller id, computed first); the contacts are written in
 * argument order: `flip` when the caller passed `second` first (normals negated; feature ids stay
 * in (P, Q) order), bodies `firstBody`, `secondBody` as the caller's `a`, `b`. Writes at most 2
 * contacts, deepest first (the earlier on a tie), fewer when `data.maxContactsPerPair` or the room
 * left say so (`overflowed` set when the room was short). Returns the number written.
 */
export function collideConvexPolygons(
  first: Polygon,
  second: Polygon,
  data: CollisionData2,
  firstBody: unknown,
  secondBody: unknown,
  flip: boolean,
): number {
  // Polygon.packed: pose (cos, sin, x, y), bounding radius, piece circle (x, y, radius), then
  // x, y, nx, ny per vertex from 8; the offsets below are literal.
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

  // From here on vertex or edge i is at 4 i (plus 8 in packed); `end`s are 4 times the counts.
  const pEnd = pp.length - PACKED_VERTICES, qEnd = qp.length - PACKED_VERTICES;
  const qf = qFrame;
  // An edge's separation, the least of n . (w - v) over the other polygon's vertices w, is at
  // most n . (c - v) for their mean c, the piece centre: an upper bound from one dot product. Up
  // to rounding, that is: the centre and every term are within a few units in the last place of
  // `scale` (a bound on every coordinate in P's frame), far below `slack`.
  const scale = pp[4]! + qp[4]! + Math.abs(dx) + Math.abs(dy);
  const slack = 1e-12 * scale;
  // P's edge of largest bound (the one facing Q): the SAT visits it first.
  let firstP = 0, facing = -Infinity;
  for (let i = 0; i < pEnd; i += 4) {
    const x = pp[i + 8]!, y = pp[i + 9]!, nx = pp[i + 10]!, ny = pp[i + 11]!;
    const bound = (qcx - x) * nx + (qcy - y) * ny;
    if (bound > facing) {
      facing = bound;
      firstP = i;
    }
  }

  // 2. SAT both ways; every edge is an outline edge. An edge's separation is a minimum over the
  // other's vertices, and only the largest separation matters: the scan of an edge stops at the
  // first vertex below the best so far (that edge can no longer win, nor separate: the best
  // passed the tolerance test), which leaves the answer unchanged. Each scan starts at the vertex
  // where the previous one stopped, the deepest in a nearby direction, so most edges stop at once;
  // an edge whose bound is below the best so far (less the slack) is not scanned at all. P's
  // facing edge goes first (likely the best, so the others stop early), scanned in full while Q
  // is brought into P's frame; ties still go to the lower index, as in a scan from edge 0.
  const fx = pp[firstP + 8]!, fy = pp[firstP + 9]!, fnx = pp[firstP + 10]!, fny = pp[firstP + 11]!;
  let separationP = Infinity, start = 0;
  for (let j = 0; j < qEnd; j += 4) {
    const x = qp[j + 8]!, y = qp[j + 9]!, nx = qp[j + 10]!, ny = qp[j + 11]!;
    const wx = relativeCos * x - relativeSin * y + relativeX, wy = relativeSin * x + relativeCos * y + relativeY;
    qf[j] = wx;
    qf[j + 1] = wy;
    qf[j + 2] = relativeCos * nx - relativeSin * ny;
    qf[j + 3] = relativeSin * nx + relativeCos * ny;
    const s = fnx * (wx - fx) + fny * (wy - fy);
    if (s < separationP) {
      separationP = s;
      start = j;
    }
  }
  if (separationP > tolerance) return 0;
  let edgeP = firstP;
  for (let e = 4, i = firstP + 4 === pEnd ? 0 : firstP + 4; e < pEnd; e += 4) {
    const vx = pp[i + 8]!, vy = pp[i + 9]!, nx = pp[i + 10]!, ny = pp[i + 11]!;
    if ((qcx - vx) * nx + (qcy - vy) * ny < separationP - slack) {
      i += 4;
      if (i === pEnd) i = 0;
      continue;
    }
    let separation = Infinity;
    for (let k = 0, j = start; k < qEnd; k += 4) {
      const s = nx * (qf[j]! - vx) + ny * (qf[j + 1]! - vy);
      if (s < separation) {
        separation = s;
        start = j;
        if (s < separationP) break;
      }
      j += 4;
      if (j === qEnd) j = 0;
    }
    if (separation > tolerance) return 0;
    if (separation > separationP || (separation === separationP && i < edgeP)) {
      separationP = separation;
      edgeP = i;
    }
    i += 4;
    if (i === pEnd) i = 0;
  }
  // Q's edges matter only if one separates or beats P's best by the margin (else P's edge is the
  // reference, whatever Q's best): a scan stops at the first vertex below both the tolerance and
  // the larger of P's best plus the margin and Q's best so far. The edges that could change the
  // answer are scanned whole, so it is the same as over full scans; an edge whose bound (with P's
  // piece centre) is below the stop (less the slack) needs no scan. The first scan starts at P's
  // best edge, beside the part of P nearest Q. On the way, step 4 for P's edge as the reference:
  // Q's incident edge, the one whose normal is most anti-parallel (the lowest index on a tie).
  const size = pRadius > qRadius ? pRadius : qRadius;
  const margin = AXIS_RELATIVE_MARGIN * Math.abs(separationP) + AXIS_ABSOLUTE_MARGIN * size;
  const beatP = separationP + margin;
  const pnx = pp[edgeP + 10]!, pny = pp[edgeP + 11]!;
  let separationQ = -Infinity, edgeQ = -1, stopBelow = beatP < tolerance ? beatP : tolerance;
  let incidentQ = 0, lowestQ = Infinity;
  const pcx = pp[5]!, pcy = pp[6]!;
  start = edgeP;
  for (let i = 0; i < qEnd; i += 4) {
    const vx = qf[i]!, vy = qf[i + 1]!, nx = qf[i + 2]!, ny = qf[i + 3]!;
    const d = pnx * nx + pny * ny;
    if (d < lowestQ) {
      lowestQ = d;
      incidentQ = i;
    }
    if ((pcx - vx) * nx + (pcy - vy) * ny < stopBelow - slack) continue;
    let separation = Infinity;
    for (let k = 0, j = start; k < pEnd; k += 4) {
      const s = nx * (pp[j + 8]! - vx) + ny * (pp[j + 9]! - vy);
      if (s < separation) {
        separation = s;
        start = j;
        if (s < stopBelow) break;
      }
      j += 4;
      if (j === pEnd) j = 0;
    }
    if (separation > tolerance) return 0;
    if (separation > separationQ) {
      separationQ = separation;
      edgeQ = i;
      const best = separationQ > beatP ? separationQ : beatP;
      stopBelow = best < tolerance ? best : tolerance;
    }
  }

  // 3. Reference edge, P preferred within the margin.
  const referenceIsP = separationQ <= separationP + margin;
  // Vertex i of the reference polygon at rb + 4 i of rv, of the incident one at ib + 4 i of iv.
  const rv = referenceIsP ? pp : qf, iv = referenceIsP ? qf : pp;
  const rb = referenceIsP ? PACKED_VERTICES : 0, ib = referenceIsP ? 0 : PACKED_VERTICES;
  const referenceEnd = referenceIsP ? pEnd : qEnd, incidentEnd = referenceIsP ? qEnd : pEnd;
  const r1 = referenceIsP ? edgeP : edgeQ;
  const r2 = r1 + 4 === referenceEnd ? 0 : r1 + 4;
  const nx = rv[rb + r1 + 2]!, ny = rv[rb + r1 + 3]!;

  // 4. Incident edge: most anti-parallel normal (found above when P's edge is the reference).
  let i1 = incidentQ;
  if (!referenceIsP) {
    let lowest = Infinity;
    for (let k = 0; k < incidentEnd; k += 4) {
      const d = nx * iv[ib + k + 2]! + ny * iv[ib + k + 3]!;
      if (d < lowest) {
        lowest = d;
        i1 = k;
      }
    }
  }
  const i2 = i1 + 4 === incidentEnd ? 0 : i1 + 4;
  const w1x = iv[ib + i1]!, w1y = iv[ib + i1 + 1]!, w2x = iv[ib + i2]!, w2y = iv[ib + i2 + 1]!;

  // 5. Clip the incident edge's ends w1, w2 to the reference edge's side lines tangent . x in
  // [lower, upper] (the tangent is the normal turned left) and keep those within the tolerance:
  // a kept end is PointFace (incident vertex, reference edge), a clipped one PointEdge (reference
  // corner, incident edge). Points a and b in the order made.
  const tx = -ny, ty = nx;
  const s1 = tx * w1x + ty * w1y, s2 = tx * w2x + ty * w2y;
  const v1x = rv[rb + r1]!, v1y = rv[rb + r1 + 1]!;
  const lower = tx * v1x + ty * v1y, upper = tx * rv[rb + r2]! + ty * rv[rb + r2 + 1]!;
  const reference = r1 >> 2, incident = i1 >> 2;
  let count = 0;
  let ax = 0, ay = 0, aSeparation = 0, aKind = 0, aReference = 0, aIncident = 0;
  let bx = 0, by = 0, bSeparation = 0, bKind = 0, bReference = 0, bIncident = 0;
  if (!((s1 < lower && s2 < lower) || (s1 > upper && s2 > upper))) {
    // The point of the incident edge on a side line: w + (limit - s) / (s' - s) (w' - w).
    let x = w1x, y = w1y, referenceCode = reference, incidentCode = VERTEX_FEATURE | incident, kind: number = ContactKind.PointFace;
    if (s1 < lower || s1 > upper) {
      const limit = s1 < lower ? lower : upper;
      const f = (limit - s1) / (s2 - s1);
      x += f * (w2x - x);
      y += f * (w2y - y);
      referenceCode = VERTEX_FEATURE | (s1 < lower ? reference : r2 >> 2);
      incidentCode = incident;
      kind = ContactKind.PointEdge;
    }
    let separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation <= tolerance) {
      ax = x;
      ay = y;
      aSeparation = separation;
      aKind = kind;
      aReference = referenceCode;
      aIncident = incidentCode;
      count = 1;
    }
    x = w2x;
    y = w2y;
    referenceCode = reference;
    incidentCode = VERTEX_FEATURE | (i2 >> 2);
    kind = ContactKind.PointFace;
    if (s2 < lower || s2 > upper) {
      const limit = s2 < lower ? lower : upper;
      const f = (limit - s2) / (s1 - s2);
      x += f * (w1x - x);
      y += f * (w1y - y);
      referenceCode = VERTEX_FEATURE | (s2 < lower ? reference : r2 >> 2);
      incidentCode = incident;
      kind = ContactKind.PointEdge;
    }
    separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation <= tolerance) {
      if (count === 0) {
        ax = x;
        ay = y;
        aSeparation = separation;
        aKind = kind;
        aReference = referenceCode;
        aIncident = incidentCode;
      } else {
        bx = x;
        by = y;
        bSeparation = separation;
        bKind = kind;
        bReference = referenceCode;
        bIncident = incidentCode;
      }
      count++;
    }
  }
  if (count === 0) {
    // Beside a short reference edge: the incident polygon's deepest vertex (see addPieceContacts).
    let deepest = 0, deepestSeparation = Infinity;
    for (let k = 0; k < incidentEnd; k += 4) {
      const separation = nx * (iv[ib + k]! - v1x) + ny * (iv[ib + k + 1]! - v1y);
      if (separation < deepestSeparation) {
        deepestSeparation = separation;
        deepest = k;
      }
    }
    if (deepestSeparation > tolerance) return 0;
    ax = iv[ib + deepest]!;
    ay = iv[ib + deepest + 1]!;
    aSeparation = deepestSeparation;
    aKind = ContactKind.PointFace;
    aReference = reference;
    aIncident = VERTEX_FEATURE | (deepest >> 2);
    count = 1;
  }

  // As flushPending: the deepest min(count, maxContactsPerPair) first (the earlier on a tie),
  // within the room left.
  const wanted = count < data.maxContactsPerPair ? count : data.maxContactsPerPair;
  let room = data.contacts.length - data.contactCount;
  if (wanted > room) data.overflowed = true;
  else room = wanted;
  // Normal from Q toward P (the reference normal points out of the reference polygon), P's frame,
  // then world, negated for a flipped call (0 - x: a zero component stays +0); each point is the
  // midpoint of the incident point and its projection on the reference line, then world. One
  // loop, so that each call in it has one site, which V8 inlines (a second site it may not, and
  // packFeatureId's answer, above 2^31 for a vertex code first, would then be boxed).
  const cx = referenceIsP ? 0 - nx : nx, cy = referenceIsP ? 0 - ny : ny;
  const normalX = worldCos * cx - worldSin * cy, normalY = worldSin * cx + worldCos * cy;
  const outX = flip ? 0 - normalX : normalX, outY = flip ? 0 - normalY : normalY;
  const bFirst = count === 2 && -bSeparation > -aSeparation;
  for (let written = 0; written < room; written++) {
    const b = (written === 1) !== bFirst;
    const separation = b ? bSeparation : aSeparation;
    const referenceCode = b ? bReference : aReference, incidentCode = b ? bIncident : aIncident;
    const mx = (b ? bx : ax) - 0.5 * separation * nx, my = (b ? by : ay) - 0.5 * separation * ny;
    const contact = claimContact2(data, firstBody, secondBody);
    contact.point[0] = worldCos * mx - worldSin * my + worldX;
    contact.point[1] = worldSin * mx + worldCos * my + worldY;
    contact.normal[0] = outX;
    contact.normal[1] = outY;
    contact.penetration = -separation;
    contact.kind = (b ? bKind : aKind) as ContactKind;
    contact.featureId = packFeatureId(referenceIsP ? referenceCode : incidentCode, referenceIsP ? incidentCode : referenceCode);
  }
  return room;
}
