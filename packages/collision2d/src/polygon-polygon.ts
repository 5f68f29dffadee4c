/**
 * Polygon against polygon, convex or concave.
 *
 * Convex pairs: the separating-axis test with reference and incident edges and clipping (see
 * `polygon-clip.ts`), up to 2 points. Two `simpleConvex` polygons take the fast path written out
 * in `collidePolygonPolygon`: the same steps on packed data, bit for bit the general path's answer.
 *
 * Concave pairs: each concave polygon is split once into convex pieces (ear clipping, then the
 * Hertel-Mehlhorn merge: `Polygon.convexPieces`), every piece pair passes the bounding-circle
 * early out (seed 000's R_ext, per piece) and the convex test, and the results are merged. We
 * chose decomposition over seed 000's initiator/opponent ray test because the ray test finds
 * which contour points crossed which segments but gives no single push-out direction or depth
 * for a solver, and it misses an edge lying across a vertex; the convex test gives both, with the
 * stable reference-face manifold. Double counting is avoided in two ways: (1) only outline edges
 * may be reference edges, so nothing is ever pushed out through an internal (decomposition)
 * edge, which is not a surface; internal edges still serve as separating axes for the early
 * out; (2) points that two piece pairs both report are merged, keeping the deeper: points with
 * agreeing normals on one line along the normal (within 1e-6 of the pair's size across it). That
 * covers the same point reported at a shared diagonal end, and the shallower copy a piece reports
 * when its side toward the other shape is an internal edge (its clipped points lie inside the
 * polygon, under the surface point another piece reports). (3) A piece may have several edges on
 * one line (a vertex of the outline inside a straight side, e.g. where a T's stem meets its bar):
 * such a run is clipped as one incident side, and each stretch of outline edges on the
 * reference line is a reference side of its own. (4) The deepest-vertex fallback, when a piece
 * of a concave polygon takes part, takes only a vertex within the reference piece and beside its
 * reference edge. Per-pair results are cut to
 * `maxContactsPerPair`, deepest first.
 *
 * Canonical order: the pair is always computed with the shape of the smaller `id` as P, so
 * swapping the arguments gives exactly the same points, depths, kinds and feature ids (P's
 * feature in the high half), negated normals; and the reference-face bias favours the same
 * shape in both orders.
 */
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN, ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import { beginPending, flushPending, mergePendingDuplicates, pendingSize } from './manifold2.js';
import { addPieceContacts, setPair } from './polygon-clip.js';
import { FAST_PATH_MAX_VERTICES, PACKED_VERTICES, type Polygon, VERTEX_FEATURE } from './shapes.js';

/**
 * The imported constants and helpers of the convex fast path, bound again here: V8 folds a
 * module's own constants into optimized code, while every use of an imported binding reads its
 * cell (a load, a hole check and a type check each time).
 */
const axisRelativeMargin = AXIS_RELATIVE_MARGIN;
const axisAbsoluteMargin = AXIS_ABSOLUTE_MARGIN;
const vertexFeature = VERTEX_FEATURE;
const packedVertices = PACKED_VERTICES;
const pointFace: number = ContactKind.PointFace;
const pointEdge: number = ContactKind.PointEdge;
const claim = claimContact2;
const packId = packFeatureId;

/**
 * Scratch of the convex fast path: the clipped points in the order made, point k's x, y and
 * separation at 3 k of `clipPoints`, its kind, reference and incident codes at 3 k of
 * `clipCodes`. Both padded past 64 bytes, so V8 keeps them off the heap at fixed addresses that
 * optimized code embeds.
 */
const clipPoints = new Float64Array(16);
const clipCodes = new Int32Array(32);
/** A box handed to a piece grid. */
const queryBox = new Float64Array(4);
/**
 * Scratch of the convex fast path, both polygons in P's frame, x, y, nx, ny of vertex i at 4 i
 * of `pFrame` (P's, copied from `packed` while P's facing edge is found) and of `qFrame` (Q's;
 * the normal of Q's best edge only, see step 2), two views of `frames`, Q's from `Q_FRAME`.
 * Optimized code embeds a module array's address, while each loop pass over `packed` checks its
 * map and reloads its length and data pointer (a loop's stack check may run other code): about
 * 3% fewer instructions a call. The clipping, which reads either polygon as the reference, reads
 * `frames` at an offset: one array, whose address stays embedded.
 */
const Q_FRAME = 4 * FAST_PATH_MAX_VERTICES;
const frames = new Float64Array(2 * Q_FRAME);
const pFrame = frames.subarray(0, Q_FRAME);
const qFrame = frames.subarray(Q_FRAME);

/**
 * Writes the contacts of polygon `a` against polygon `b` (Aabb included): normal from `b`
 * toward `a`, penetration along it (down to `-data.tolerance`), point the midpoint of the
 * incident point and its projection on the reference edge; kinds PointFace (a vertex against an
 * edge) and PointEdge (a point made by clipping at a reference corner); featureId packs the
 * features of the shape of the smaller `id` (high half) and of the other, in either argument
 * order. Convex pairs write at most 2 contacts; concave pairs at most
 * `data.maxContactsPerPair`, deepest first. Identical shapes at the same pose report the face
 * of the smaller id as reference. Returns the number written.
 */
export function collidePolygonPolygon(a: Polygon, b: Polygon, data: CollisionData2): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  // `!== true`: a comparison with the true value, where `!` on a field V8 does not type as
  // boolean is a generic truthiness test (about ten instructions each).
  if (first.simpleConvex !== true || second.simpleConvex !== true) {
    const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
    const reach = first.boundingRadius + second.boundingRadius + data.tolerance;
    if (dx * dx + dy * dy > reach * reach) return 0;
    return piecewise(first, second, data, a.body, b.body, flip);
  }
  // The convex fast path, written out here rather than called (a call with its arguments is a
  // few nanoseconds of a hundred): steps 1 to 5 of `addPieceContacts` for two `simpleConvex`
  // polygons (one whole piece each, no edges in line: piece edge and vertex i are the polygon's
  // edge and vertex i), with the arithmetic written the same way so that the results are bit for
  // bit those of the general path, but with no pending manifold, no calls in the loops, few passes
  // over the vertices, and each polygon's data in one array (`Polygon.packed`). P is `first`;
  // contacts in argument order: normals negated when `flip` (feature ids stay in (P, Q) order),
  // bodies `a.body`, `b.body`; at most 2, deepest first (the earlier on a tie), fewer when
  // `data.maxContactsPerPair` or the room left say so (`overflowed` set when the room was short).
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
  const pEnd = pp.length - packedVertices, qEnd = qp.length - packedVertices;
  const qf = qFrame, pf = pFrame;
  // An edge's separation, the least of n . (w - v) over the other polygon's vertices w, is at
  // most n . (c - v) for their mean c, the piece centre: an upper bound from one dot product. Up
  // to rounding, that is: the centre and every term are within a few units in the last place of
  // `scale` (a bound on every coordinate in P's frame), far below `slack`.
  const scale = pp[4]! + qp[4]! + Math.abs(dx) + Math.abs(dy);
  const slack = 1e-12 * scale;
  // P's edge facing Q's piece centre: the SAT visits it first.
  let firstP = 0, facing = -Infinity;
  for (let i = 0; i < pEnd; i += 4) {
    const nx = pp[i + 10]!, ny = pp[i + 11]!;
    pf[i] = pp[i + 8]!;
    pf[i + 1] = pp[i + 9]!;
    pf[i + 2] = nx;
    pf[i + 3] = ny;
    const d = nx * ex + ny * ey;
    if (d > facing) {
      facing = d;
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
  const fx = pf[firstP]!, fy = pf[firstP + 1]!, fnx = pf[firstP + 2]!, fny = pf[firstP + 3]!;
  // Q's piece circle wholly beyond the facing edge's line (less the slack): so is every vertex
  // of Q, the scan below would find the pair separated. Half the benchmark's separated pairs end
  // here, without bringing Q into P's frame or reading Q's vertices.
  if (fnx * (qcx - fx) + fny * (qcy - fy) - qRadius - slack > tolerance) return 0;
  let separationP = Infinity, start = 0;
  for (let j = 0; j < qEnd; j += 4) {
    const x = qp[j + 8]!, y = qp[j + 9]!;
    const wx = relativeCos * x - relativeSin * y + relativeX, wy = relativeSin * x + relativeCos * y + relativeY;
    qf[j] = wx;
    qf[j + 1] = wy;
    const s = fnx * (wx - fx) + fny * (wy - fy);
    if (s < separationP) {
      separationP = s;
      start = j;
    }
  }
  if (separationP > tolerance) return 0;
  let edgeP = firstP;
  // The other edges: from the facing one's successor to the last, then from edge 0 up to it
  // (two runs of plain increments, no wrap test per edge).
  for (let i = firstP + 4, stop = pEnd; ; i += 4) {
    if (i === stop) {
      if (stop === firstP) break;
      i = 0;
      stop = firstP;
      if (i === stop) break;
    }
    const vx = pf[i]!, vy = pf[i + 1]!, nx = pf[i + 2]!, ny = pf[i + 3]!;
    if ((qcx - vx) * nx + (qcy - vy) * ny < separationP - slack) continue;
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
  }
  // Q's edges matter only if one separates or beats P's best by the margin (else P's edge is the
  // reference, whatever Q's best): a scan stops at the first vertex below both the tolerance and
  // the larger of P's best plus the margin and Q's best so far. The edges that could change the
  // answer are scanned whole, so it is the same as over full scans; an edge whose bound (with P's
  // piece centre) is below the stop (less the slack) needs no scan. The first scan starts at P's
  // best edge, beside the part of P nearest Q. On the way, step 4 for P's edge as the reference:
  // Q's incident edge, the one whose normal is most anti-parallel (the lowest index on a tie).
  const size = pRadius > qRadius ? pRadius : qRadius;
  const margin = axisRelativeMargin * Math.abs(separationP) + axisAbsoluteMargin * size;
  const beatP = separationP + margin;
  const pnx = pf[edgeP + 2]!, pny = pf[edgeP + 3]!;
  let separationQ = -Infinity, edgeQ = -1, stopBelow = beatP < tolerance ? beatP : tolerance;
  let incidentQ = 0, lowestQ = Infinity;
  const pcx = pp[5]!, pcy = pp[6]!;
  start = edgeP;
  for (let i = 0; i < qEnd; i += 4) {
    // Q's normal into P's frame here (a separated pair never needs it); kept in qf only for
    // Q's best edge, the one step 3 may make the reference (the steps after it read no other).
    const vx = qf[i]!, vy = qf[i + 1]!, qnx = qp[i + 10]!, qny = qp[i + 11]!;
    const nx = relativeCos * qnx - relativeSin * qny, ny = relativeSin * qnx + relativeCos * qny;
    const d = pnx * nx + pny * ny;
    if (d < lowestQ) {
      lowestQ = d;
      incidentQ = i;
    }
    if ((pcx - vx) * nx + (pcy - vy) * ny < stopBelow - slack) continue;
    let separation = Infinity;
    for (let k = 0, j = start; k < pEnd; k += 4) {
      const s = nx * (pf[j]! - vx) + ny * (pf[j + 1]! - vy);
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
      qf[i + 2] = nx;
      qf[i + 3] = ny;
      const best = separationQ > beatP ? separationQ : beatP;
      stopBelow = best < tolerance ? best : tolerance;
    }
  }

  // 3. Reference edge, P preferred within the margin.
  const referenceIsP = separationQ <= separationP + margin;
  // Vertex i of the reference polygon at rb + 4 i of frames, of the incident one at ib + 4 i.
  const rb = referenceIsP ? 0 : Q_FRAME, ib = referenceIsP ? Q_FRAME : 0;
  const referenceEnd = referenceIsP ? pEnd : qEnd, incidentEnd = referenceIsP ? qEnd : pEnd;
  const r1 = referenceIsP ? edgeP : edgeQ;
  const r2 = r1 + 4 === referenceEnd ? 0 : r1 + 4;
  const nx = frames[rb + r1 + 2]!, ny = frames[rb + r1 + 3]!;

  // 4. Incident edge: most anti-parallel normal (found above when P's edge is the reference).
  let i1 = incidentQ;
  if (!referenceIsP) {
    let lowest = Infinity;
    for (let k = 0; k < incidentEnd; k += 4) {
      const d = nx * frames[ib + k + 2]! + ny * frames[ib + k + 3]!;
      if (d < lowest) {
        lowest = d;
        i1 = k;
      }
    }
  }
  const i2 = i1 + 4 === incidentEnd ? 0 : i1 + 4;
  const w1x = frames[ib + i1]!, w1y = frames[ib + i1 + 1]!, w2x = frames[ib + i2]!, w2y = frames[ib + i2 + 1]!;

  // 5. Clip the incident edge's ends w1, w2 to the reference edge's side lines tangent . x in
  // [lower, upper] (the tangent is the normal turned left) and keep those within the tolerance:
  // a kept end is PointFace (incident vertex, reference edge), a clipped one PointEdge (reference
  // corner, incident edge). Kept points into the scratch slots in the order made (3 count).
  const tx = -ny, ty = nx;
  const s1 = tx * w1x + ty * w1y, s2 = tx * w2x + ty * w2y;
  const v1x = frames[rb + r1]!, v1y = frames[rb + r1 + 1]!;
  const lower = tx * v1x + ty * v1y, upper = tx * frames[rb + r2]! + ty * frames[rb + r2 + 1]!;
  const reference = r1 >> 2, incident = i1 >> 2;
  const points = clipPoints, codes = clipCodes;
  let count = 0;
  if (!((s1 < lower && s2 < lower) || (s1 > upper && s2 > upper))) {
    // The point of the incident edge on a side line: w + (limit - s) / (s' - s) (w' - w).
    let x = w1x, y = w1y, referenceCode = reference, incidentCode = vertexFeature | incident, kind: number = pointFace;
    if (s1 < lower || s1 > upper) {
      const limit = s1 < lower ? lower : upper;
      const f = (limit - s1) / (s2 - s1);
      x += f * (w2x - x);
      y += f * (w2y - y);
      referenceCode = vertexFeature | (s1 < lower ? reference : r2 >> 2);
      incidentCode = incident;
      kind = pointEdge;
    }
    let separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation <= tolerance) {
      points[0] = x;
      points[1] = y;
      points[2] = separation;
      codes[0] = kind;
      codes[1] = referenceCode;
      codes[2] = incidentCode;
      count = 1;
    }
    x = w2x;
    y = w2y;
    referenceCode = reference;
    incidentCode = vertexFeature | (i2 >> 2);
    kind = pointFace;
    if (s2 < lower || s2 > upper) {
      const limit = s2 < lower ? lower : upper;
      const f = (limit - s2) / (s1 - s2);
      x += f * (w1x - x);
      y += f * (w1y - y);
      referenceCode = vertexFeature | (s2 < lower ? reference : r2 >> 2);
      incidentCode = incident;
      kind = pointEdge;
    }
    separation = nx * (x - v1x) + ny * (y - v1y);
    if (separation <= tolerance) {
      const slot = 3 * count;
      points[slot] = x;
      points[slot + 1] = y;
      points[slot + 2] = separation;
      codes[slot] = kind;
      codes[slot + 1] = referenceCode;
      codes[slot + 2] = incidentCode;
      count++;
    }
  }
  if (count === 0) {
    // Beside a short reference edge: the incident polygon's deepest vertex (see addPieceContacts).
    let deepest = 0, deepestSeparation = Infinity;
    for (let k = 0; k < incidentEnd; k += 4) {
      const separation = nx * (frames[ib + k]! - v1x) + ny * (frames[ib + k + 1]! - v1y);
      if (separation < deepestSeparation) {
        deepestSeparation = separation;
        deepest = k;
      }
    }
    if (deepestSeparation > tolerance) return 0;
    points[0] = frames[ib + deepest]!;
    points[1] = frames[ib + deepest + 1]!;
    points[2] = deepestSeparation;
    codes[0] = pointFace;
    codes[1] = reference;
    codes[2] = vertexFeature | (deepest >> 2);
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
  // The points in the order written, deepest first (the earlier on a tie): the slot written
  // first is 3 when the second point is the deeper, and the other is that xor 3. Slot arithmetic
  // rather than a choice per field: which point is deeper follows no pattern a branch predictor
  // learns (a stale second slot, when there is one point, is finite and its test is discarded).
  const firstSlot = 3 * (Number(count === 2) & Number(-points[5]! > -points[2]!));
  for (let written = 0; written < room; written++) {
    const slot = firstSlot ^ (3 * written);
    const separation = points[slot + 2]!;
    const referenceCode = codes[slot + 1]!, incidentCode = codes[slot + 2]!;
    const mx = points[slot]! - 0.5 * separation * nx, my = points[slot + 1]! - 0.5 * separation * ny;
    const contact = claim(data, a.body, b.body);
    contact.point[0] = worldCos * mx - worldSin * my + worldX;
    contact.point[1] = worldSin * mx + worldCos * my + worldY;
    contact.normal[0] = outX;
    contact.normal[1] = outY;
    contact.penetration = -separation;
    contact.kind = codes[slot]! as ContactKind;
    contact.featureId = packId(referenceIsP ? referenceCode : incidentCode, referenceIsP ? incidentCode : referenceCode);
  }
  return room;
}

/**
 * `collidePolygonPolygon` without its convex fast path: every pair through the piece machinery
 * and the pending manifold. Internal; exported for the test that compares the two paths.
 */
export function generalPolygonPolygon(a: Polygon, b: Polygon, data: CollisionData2): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  const reach = first.boundingRadius + second.boundingRadius + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  return piecewise(first, second, data, a.body, b.body, flip);
}

/** Every piece pair of `first` (P, the smaller id) and `second` through the pending manifold. */
function piecewise(first: Polygon, second: Polygon, data: CollisionData2, firstBody: unknown, secondBody: unknown, flip: boolean): number {
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  beginPending();
  setPair(first, second, data);
  const firstPieces = first.convexPieces(), secondPieces = second.convexPieces();
  // Long concave outlines have many pieces: their grids give the pieces near the other shape.
  // (A polygon against itself uses no inner grid: one grid's candidates cannot be listed twice at once.)
  const firstGrid = first.pieceGrid(), secondGrid = first === second ? null : second.pieceGrid();
  const tolerance = data.tolerance;
  // Pose of the second in the first's frame: rotation (c, s), translation (tx, ty).
  const xf1 = first.transform, xf2 = second.transform;
  const c = xf1.cos * xf2.cos + xf1.sin * xf2.sin, s = xf1.cos * xf2.sin - xf1.sin * xf2.cos;
  const tx = xf1.cos * dx + xf1.sin * dy, ty = -xf1.sin * dx + xf1.cos * dy;
  let firstCount = firstPieces.length;
  if (firstGrid) {
    const around = second.boundingRadius + tolerance;
    queryBox[0] = tx - around;
    queryBox[1] = ty - around;
    queryBox[2] = tx + around;
    queryBox[3] = ty + around;
    firstCount = firstGrid.query(queryBox);
  }
  for (let k = 0; k < firstCount; k++) {
    const p = firstPieces[firstGrid ? firstGrid.candidates[k]! : k]!;
    let secondCount = secondPieces.length;
    if (secondGrid) {
      // The piece's bounding circle in the second's frame: R^T (centre - t).
      const ex = p.centerX - tx, ey = p.centerY - ty;
      const x = c * ex + s * ey, y = -s * ex + c * ey, around = p.radius + tolerance;
      queryBox[0] = x - around;
      queryBox[1] = y - around;
      queryBox[2] = x + around;
      queryBox[3] = y + around;
      secondCount = secondGrid.query(queryBox);
    }
    for (let m = 0; m < secondCount; m++) addPieceContacts(p, secondPieces[secondGrid ? secondGrid.candidates[m]! : m]!);
  }
  if (pendingSize() > 1 && (firstPieces.length > 1 || secondPieces.length > 1)) {
    mergePendingDuplicates(first, second);
  }
  return flushPending(data, firstBody, secondBody, flip);
}
