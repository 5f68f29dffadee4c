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
 *  4. incident edge: the edge of the other piece whose normal is most anti-parallel;
 *  5. clip it to the reference edge's two side lines and keep the points within the tolerance;
 *     if none is left (the incident edge lies beside a short reference edge), report the other
 *     piece's deepest vertex instead, so an overlap never goes without a contact.
 *
 * Kinds and features: an incident vertex kept whole is PointFace (incident vertex against the
 * reference edge); a point made by clipping is PointEdge (reference corner against the incident
 * edge). Feature codes: edge index, `VERTEX_FEATURE | vertex`, or `INTERNAL_EDGE_FEATURE`.
 */
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN, ContactKind } from '@contactkit/math';
import { addPending } from './manifold2.js';
import { type ConvexPiece, INTERNAL_EDGE_FEATURE, type Shape2, VERTEX_FEATURE } from './shapes.js';

// Pose of Q in P's frame (set by `setRelativePose`): rotation (cos, sin) and translation.
let relativeCos = 1, relativeSin = 0, relativeX = 0, relativeY = 0;
// P's world pose, to write the contacts out.
let worldCos = 1, worldSin = 0, worldX = 0, worldY = 0;

/** Records the pose of `second` relative to `first` for the piece pairs that follow. */
export function setRelativePose(first: Shape2, second: Shape2): void {
  const a = first.transform, b = second.transform;
  worldCos = a.cos;
  worldSin = a.sin;
  worldX = a.x;
  worldY = a.y;
  // R_a^T R_b and R_a^T (t_b - t_a).
  relativeCos = a.cos * b.cos + a.sin * b.sin;
  relativeSin = a.cos * b.sin - a.sin * b.cos;
  const dx = b.x - a.x, dy = b.y - a.y;
  relativeX = a.cos * dx + a.sin * dy;
  relativeY = -a.sin * dx + a.cos * dy;
}

function outerFeature(piece: ConvexPiece, edge: number): number {
  const outer = piece.outerEdge[edge]!;
  return outer >= 0 ? outer : INTERNAL_EDGE_FEATURE;
}

// Results of `maxSeparation`: the largest separation over all edges, and over outline edges with its edge.
let allSeparation = 0, outerSeparation = 0, outerEdge = -1;

/** Separation of `other` along each edge normal of `piece` (both given in P's frame). */
function maxSeparation(
  piece: ConvexPiece,
  vertices: Float64Array,
  normals: Float64Array,
  otherVertices: Float64Array,
  otherCount: number,
): void {
  allSeparation = -Infinity;
  outerSeparation = -Infinity;
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
}

/**
 * Adds the contacts of piece `p` of P (P's frame: its own vertices) against piece `q` of Q (in
 * Q's frame; brought into P's frame here) to the pending manifold. `setRelativePose` first.
 */
export function addPieceContacts(p: ConvexPiece, q: ConvexPiece, tolerance: number): void {
  // 1. Bounding circles.
  const qcx = relativeCos * q.centerX - relativeSin * q.centerY + relativeX;
  const qcy = relativeSin * q.centerX + relativeCos * q.centerY + relativeY;
  const reach = p.radius + q.radius + tolerance;
  if ((qcx - p.centerX) ** 2 + (qcy - p.centerY) ** 2 > reach * reach) return;

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
  const allP = allSeparation, separationP = outerSeparation, edgeP = outerEdge;
  maxSeparation(q, qv, qn, pv, p.count);
  const allQ = allSeparation, separationQ = outerSeparation, edgeQ = outerEdge;
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
  const r2 = r1 + 1 === reference.count ? 0 : r1 + 1;
  const nx = rn[2 * r1]!, ny = rn[2 * r1 + 1]!;
  const v1x = rv[2 * r1]!, v1y = rv[2 * r1 + 1]!, v2x = rv[2 * r2]!, v2y = rv[2 * r2 + 1]!;

  // 4. Incident edge: most anti-parallel normal.
  let i1 = 0, lowest = Infinity;
  for (let k = 0; k < incident.count; k++) {
    const d = nx * inn[2 * k]! + ny * inn[2 * k + 1]!;
    if (d < lowest) {
      lowest = d;
      i1 = k;
    }
  }
  const i2 = i1 + 1 === incident.count ? 0 : i1 + 1;
  const w1x = iv[2 * i1]!, w1y = iv[2 * i1 + 1]!, w2x = iv[2 * i2]!, w2y = iv[2 * i2 + 1]!;

  // 5. Clip to the side lines tangent . x in [lower, upper]; the tangent is the normal turned left.
  const tx = -ny, ty = nx;
  const lower = tx * v1x + ty * v1y, upper = tx * v2x + ty * v2y;
  const s1 = tx * w1x + ty * w1y, s2 = tx * w2x + ty * w2y;

  const referenceFeature = outerFeature(reference, r1);
  const incidentEdgeFeature = outerFeature(incident, i1);
  // Normal from Q toward P: the reference normal points out of the reference piece.
  const cx = referenceIsP ? 0 - nx : nx, cy = referenceIsP ? 0 - ny : ny;
  let added = 0;
  const missesSlab = (s1 < lower && s2 < lower) || (s1 > upper && s2 > upper);
  for (let end = 0; end < 2 && !missesSlab; end++) {
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
      referenceCode = VERTEX_FEATURE | reference.vertexIndex[s < lower ? r1 : r2]!;
      incidentCode = incidentEdgeFeature;
      kind = ContactKind.PointEdge;
    } else {
      referenceCode = referenceFeature;
      incidentCode = VERTEX_FEATURE | incident.vertexIndex[end === 0 ? i1 : i2]!;
      kind = ContactKind.PointFace;
    }
    const separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation > tolerance) continue;
    emitPoint(x, y, separation, nx, ny, cx, cy, kind, referenceIsP ? referenceCode : incidentCode, referenceIsP ? incidentCode : referenceCode);
    added++;
  }
  if (added > 0) return;
  // The incident edge lies beside a short reference edge (it can, when the reference edge is
  // much shorter than the other piece): report the other piece's deepest vertex against the
  // reference edge's line, whose depth is the SAT overlap on this axis.
  let deepest = 0, deepestSeparation = Infinity;
  for (let k = 0; k < incident.count; k++) {
    const separation = nx * (iv[2 * k]! - v1x) + ny * (iv[2 * k + 1]! - v1y);
    if (separation < deepestSeparation) {
      deepestSeparation = separation;
      deepest = k;
    }
  }
  if (deepestSeparation > tolerance) return;
  const incidentCode = VERTEX_FEATURE | incident.vertexIndex[deepest]!;
  emitPoint(
    iv[2 * deepest]!, iv[2 * deepest + 1]!, deepestSeparation, nx, ny, cx, cy, ContactKind.PointFace,
    referenceIsP ? referenceFeature : incidentCode, referenceIsP ? incidentCode : referenceFeature,
  );
}

/** Adds a point of the incident piece (P's frame) at `separation` along the reference normal `n`; `c` is the contact normal. */
function emitPoint(
  x: number, y: number, separation: number, nx: number, ny: number, cx: number, cy: number,
  kind: ContactKind, firstFeature: number, secondFeature: number,
): void {
  // Midpoint of the incident point and its projection onto the reference edge's line.
  const mx = x - 0.5 * separation * nx, my = y - 0.5 * separation * ny;
  addPending(
    worldCos * mx - worldSin * my + worldX,
    worldSin * mx + worldCos * my + worldY,
    worldCos * cx - worldSin * cy,
    worldSin * cx + worldCos * cy,
    -separation,
    kind,
    firstFeature,
    secondFeature,
  );
}
