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
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN, ContactKind } from '@contactkit/math';
import type { CollisionData2 } from './contact2.js';
import { addPending, candidate } from './manifold2.js';
import { type ConvexPiece, INTERNAL_EDGE_FEATURE, type Shape2, VERTEX_FEATURE } from './shapes.js';

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
