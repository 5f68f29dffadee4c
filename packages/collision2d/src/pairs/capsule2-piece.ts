/**
 * A capsule against one convex piece (a convex polygon, a piece of a concave one, or a chain
 * segment seen as a thin two-sided piece), in the piece owner's frame: the core segment against
 * the piece, then the radius. The method of Box2D v3's `b2CollidePolygons` for a polygon with
 * radius (the capsule is a two-vertex polygon inflated by its radius), written anew here; shared
 * by `collideCapsule2Polygon` and `collideCapsule2Chain`; internal.
 *
 * Outline of `capsulePieceContacts`:
 *  1. bounding circles; the separating-axis test of the core against the piece over the piece's
 *     edge normals and the core's two side normals (Ericson, Real-Time Collision Detection,
 *     5.2.1): an axis separating them by more than `radius + tolerance` ends the pair;
 *  2. cores apart (the best axis separates the core from the piece): their closest points
 *     (Ericson 5.1.2, each end against the other's segments) decide. Beyond
 *     `radius + tolerance`, nothing. Closest on an edge's inside: that edge is the reference; on a
 *     piece vertex, with the core's closest point inside the core: the core's side is the
 *     reference; two ends: one contact along the line between them (a round end against a
 *     corner);
 *  3. cores overlapping: the axis of largest separation is the reference, the piece's outline
 *     edge kept unless the core's side is larger by the margin (`AXIS_RELATIVE_MARGIN`,
 *     `AXIS_ABSOLUTE_MARGIN`), as in polygon clipping;
 *  4. reference edge of the piece: the core clipped to the edge's side lines (the stretch of
 *     outline edges in line with it); each end within reach is a contact, named by the core's
 *     end (a round end) or the edge's vertex that bounds it (the capsule's flat side);
 *  5. reference side of the core: the piece's edge most anti-parallel to it (with the edges in
 *     line with it), clipped to the core's extent; each end within reach is a contact, named by
 *     the piece's vertex or the core's end that bounds it. A point clipped on an internal edge
 *     lies inside its polygon and is left out;
 *  6. if the chosen reference gives no point, the other one is tried.
 *
 * Every contact is FaceFace, as the other capsule pairs. Normals point from the piece toward the
 * capsule; points are midpoints of the witness points. Feature codes: the capsule's as in
 * `capsule2.ts`; the piece's edge (`outerEdge`) or `VERTEX_FEATURE | vertexIndex`.
 */
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN, ContactKind } from '@contactkit/math';
import type { CollisionData2 } from '../manifold/contact2.js';
import type { LocalManifold2 } from '../manifold/manifold2.js';
import {
  type Capsule2,
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
} from '../shapes/capsule2.js';
import { type ConvexPiece, type Shape2, VERTEX_FEATURE } from '../shapes/shapes.js';

/**
 * A capsule's core in a piece owner's frame, the pair's tolerance, and the scratch of the steps
 * (fields: doubles cross calls in arrays or fields, PERFORMANCE.md). The caller owns it.
 */
export class CapsuleCore {
  /** The core's centre, unit axis (from end 0 to end 1), half length and radius. */
  cx = 0;
  cy = 0;
  ux = 1;
  uy = 0;
  half = 0;
  radius = 0;
  tolerance = 0;
  /** When >= 0, the piece's edge taken as the reference whatever the separations (a snapped chain normal). */
  forcedEdge = -1;
  /** Out of `closestFeatures`: the distance, the piece's point and the core's point. */
  distance = 0;
  /** Scratch of `closestFeatures`: the square of the least distance so far. */
  closestSquared = 0;
  pieceX = 0;
  pieceY = 0;
  coreX = 0;
  coreY = 0;
  /** Out of `closestFeatures`: the piece's edge holding its point (-1: at vertex `pieceVertex`). */
  pieceEdge = -1;
  pieceVertex = 0;
  /** Out of `closestFeatures`: the core parameter of its point, in [-half, half]. */
  coreAt = 0;

  /**
   * Sets the core from `capsule` in the frame of `owner` (the polygon or chain it is met
   * against), with `data`'s tolerance: centre R_o^T (t_c - t_o), axis at the angle difference.
   * Returns false, setting nothing, when the capsule's bounding circle lies beyond the owner's
   * by more than the tolerance (no contact).
   */
  load(capsule: Capsule2, owner: Shape2, data: CollisionData2): boolean {
    const xo = owner.transform, xc = capsule.transform;
    const wx = xc.x - xo.x, wy = xc.y - xo.y;
    // Capsule2.packed: radius and half length as doubles.
    const radius = capsule.packed[0]!, half = capsule.packed[1]!;
    const reach = owner.boundingRadius + half + radius + data.tolerance;
    if (wx * wx + wy * wy > reach * reach) return false;
    this.set(
      xo.cos * wx + xo.sin * wy,
      xo.cos * wy - xo.sin * wx,
      xo.cos * xc.cos + xo.sin * xc.sin,
      xo.cos * xc.sin - xo.sin * xc.cos,
      half,
      radius,
      data.tolerance,
    );
    this.forcedEdge = -1;
    return true;
  }

  /** The capsule's box in the owner's frame, grown by the tolerance, into `box` (for a grid query). */
  boxInto(box: Float64Array): void {
    const ex = Math.abs(this.ux) * this.half, ey = Math.abs(this.uy) * this.half;
    const out = this.radius + this.tolerance;
    box[0] = this.cx - ex - out;
    box[1] = this.cy - ey - out;
    box[2] = this.cx + ex + out;
    box[3] = this.cy + ey + out;
  }

  /**
   * Sets the core from the capsule's pose in the owner's frame: centre (x, y), angle as
   * (cos, sin), half length, radius, tolerance.
   */
  set(
    x: number,
    y: number,
    cos: number,
    sin: number,
    half: number,
    radius: number,
    tolerance: number,
  ): void {
    this.cx = x;
    this.cy = y;
    this.ux = cos;
    this.uy = sin;
    this.half = half;
    this.radius = radius;
    this.tolerance = tolerance;
  }
}

/**
 * How close to a normal the closest points' direction must be to take that normal's side as the
 * reference: 1e-9 of the cosine (about 4.5e-5 rad), far above round-off, far below any real turn.
 */
const SQUARE = 1e-9;

/** The result of `capsulePieceContacts` when the pair is apart beyond the tolerance. */
export const PIECE_APART = 0;
/** The pair is within the tolerance on every axis (some contact may have been added). */
export const PIECE_NEAR = 1;

/**
 * Adds the contacts of `core` against `piece` (both in the piece owner's frame) to `manifold`;
 * returns `PIECE_APART` or `PIECE_NEAR` (see the file header for the steps).
 */
export function capsulePieceContacts(
  core: CapsuleCore,
  piece: ConvexPiece,
  manifold: LocalManifold2,
): number {
  const radius = core.radius, reach = radius + core.tolerance;
  // 1. Bounding circles, then the SAT.
  const dx = core.cx - piece.centerX, dy = core.cy - piece.centerY;
  const around = piece.radius + core.half + reach;
  if (dx * dx + dy * dy > around * around) return PIECE_APART;
  const packed = piece.packed, count = piece.count, outer = piece.outerEdge;
  const ax = core.cx - core.ux * core.half, ay = core.cy - core.uy * core.half;
  const bx = core.cx + core.ux * core.half, by = core.cy + core.uy * core.half;
  // One pass over the piece: each edge's separation from the core (the smaller of its ends'),
  // and each vertex's height above the core's line along its side normal m = (-uy, ux). Kept for
  // the closest features of step 2: the edge each end lies furthest in front of, and the
  // vertices lowest and highest along m.
  const mx = -core.uy, my = core.ux, cx = core.cx, cy = core.cy;
  let bestEdge = -1, bestSeparation = -Infinity, apart = false;
  let edgeA = 0, frontA = -Infinity, edgeB = 0, frontB = -Infinity;
  let low = Infinity, high = -Infinity, lowVertex = 0, highVertex = 0;
  for (let k = 0; k < count; k++) {
    const vx = packed[4 * k]!,
      vy = packed[4 * k + 1]!,
      nx = packed[4 * k + 2]!,
      ny = packed[4 * k + 3]!;
    const sa = nx * (ax - vx) + ny * (ay - vy), sb = nx * (bx - vx) + ny * (by - vy);
    const separation = sa < sb ? sa : sb;
    if (separation > reach) return PIECE_APART;
    if (separation > 0) apart = true;
    if (outer[k]! >= 0 && separation > bestSeparation) {
      bestSeparation = separation;
      bestEdge = k;
    }
    if (sa > frontA) {
      frontA = sa;
      edgeA = k;
    }
    if (sb > frontB) {
      frontB = sb;
      edgeB = k;
    }
    const d = mx * (vx - cx) + my * (vy - cy);
    if (d < low) {
      low = d;
      lowVertex = k;
    }
    if (d > high) {
      high = d;
      highVertex = k;
    }
  }
  // Side +m: the piece lies above by `low`; side -m: below by `-high`.
  const sideSign = low >= -high ? 1 : -1;
  const coreSeparation = sideSign > 0 ? low : -high;
  if (coreSeparation > reach) return PIECE_APART;
  if (coreSeparation > 0) apart = true;
  if (core.forcedEdge >= 0) {
    referenceEdge(core, piece, core.forcedEdge, manifold);
    return PIECE_NEAR;
  }
  if (apart) {
    // 2. Apart: the closest features decide.
    closestFeatures(core, piece, edgeA, edgeB, lowVertex, highVertex);
    if (core.distance > reach) return PIECE_APART;
    if (core.pieceEdge >= 0) {
      if (outer[core.pieceEdge]! < 0) return PIECE_NEAR;
      if (!referenceEdge(core, piece, core.pieceEdge, manifold)) {
        closestContact(core, piece, manifold);
      }
      return PIECE_NEAR;
    }
    // At a piece vertex: the direction between the closest points picks the reference, an edge at
    // the vertex whose normal it is, or the core's side it leaves square (a tie between an end and
    // the inside of an edge lands here too), else one contact along it (a round end at a corner).
    const d = core.distance,
      nx = (core.coreX - core.pieceX) / d,
      ny = (core.coreY - core.pieceY) / d;
    const j = core.pieceVertex, before = j === 0 ? count - 1 : j - 1;
    let added = false;
    for (let m = 0; m < 2 && !added; m++) {
      const k = m === 0 ? j : before;
      if (outer[k]! < 0 || packed[4 * k + 2]! * nx + packed[4 * k + 3]! * ny < 1 - SQUARE) continue;
      added = referenceEdge(core, piece, k, manifold);
    }
    if (!added && Math.abs(nx * core.ux + ny * core.uy) <= SQUARE) {
      added = referenceSide(core, piece, nx * mx + ny * my >= 0 ? -1 : 1, j, manifold);
    }
    if (!added) closestContact(core, piece, manifold);
    return PIECE_NEAR;
  }
  // 3. Overlapping: the reference axis, the piece's edge preferred within the margin.
  const size = piece.radius > core.half + radius ? piece.radius : core.half + radius;
  const margin = AXIS_RELATIVE_MARGIN * Math.abs(bestSeparation) + AXIS_ABSOLUTE_MARGIN * size;
  const pieceFirst = bestEdge >= 0 && coreSeparation <= bestSeparation + margin;
  // 4-6. The chosen reference, else the other.
  if (pieceFirst) {
    if (!referenceEdge(core, piece, bestEdge, manifold)) {
      referenceSide(core, piece, sideSign, -1, manifold);
    }
  } else if (!referenceSide(core, piece, sideSign, -1, manifold) && bestEdge >= 0) {
    referenceEdge(core, piece, bestEdge, manifold);
  }
  return PIECE_NEAR;
}

/**
 * Step 4: the piece's edge `edge` (and the outline edges in line with it) as the reference; the
 * core clipped to its side lines. Returns whether a point was added.
 */
function referenceEdge(
  core: CapsuleCore,
  piece: ConvexPiece,
  edge: number,
  manifold: LocalManifold2,
): boolean {
  const packed = piece.packed, count = piece.count;
  const nx = packed[4 * edge + 2]!, ny = packed[4 * edge + 3]!;
  // The stretch of outline edges in line with `edge`: from vertex `first` to vertex `end`.
  let first = edge, last = edge;
  if (piece.hasCollinearEdges) {
    for (let k = 1; k < count; k++) {
      const previous = first === 0 ? count - 1 : first - 1;
      if (piece.collinearNext[previous] === 0 || piece.outerEdge[previous]! < 0) break;
      first = previous;
    }
    for (let k = 1; k < count; k++) {
      const next = last + 1 === count ? 0 : last + 1;
      if (piece.collinearNext[last] === 0 || piece.outerEdge[next]! < 0) break;
      last = next;
    }
  }
  const end = last + 1 === count ? 0 : last + 1;
  // Tangent t = the normal turned left; the edge runs from `first` to `end` along it.
  const tx = -ny, ty = nx;
  const v1x = packed[4 * first]!, v1y = packed[4 * first + 1]!;
  const lower = tx * v1x + ty * v1y, upper = tx * packed[4 * end]! + ty * packed[4 * end + 1]!;
  const ax = core.cx - core.ux * core.half, ay = core.cy - core.uy * core.half;
  const bx = core.cx + core.ux * core.half, by = core.cy + core.uy * core.half;
  const sa = tx * ax + ty * ay, sb = tx * bx + ty * by;
  const radius = core.radius, reach = radius + core.tolerance;
  // The capsule's side facing the edge: its outward normal is -n.
  const side = -(nx * -core.uy + ny * core.ux) >= 0 ? CAPSULE2_UPPER_SIDE : CAPSULE2_LOWER_SIDE;
  if ((sa < lower && sb < lower) || (sa > upper && sb > upper)) return false;
  const before = manifold.count;
  // A core of no length (a circle) is one point.
  const points = core.half > 0 ? 2 : 1;
  for (let k = 0; k < points; k++) {
    const s = k === 0 ? sa : sb, other = k === 0 ? sb : sa;
    let x = k === 0 ? ax : bx, y = k === 0 ? ay : by;
    let capsuleCode: number, pieceCode: number;
    if (s < lower || s > upper) {
      const limit = s < lower ? lower : upper;
      // The core's point on the side line: end + (limit - s) / (other - s) * (other end - end).
      const f = (limit - s) / (other - s);
      x += f * ((k === 0 ? bx : ax) - x);
      y += f * ((k === 0 ? by : ay) - y);
      capsuleCode = side;
      pieceCode = VERTEX_FEATURE | piece.vertexIndex[s < lower ? first : end]!;
    } else {
      capsuleCode = capsule2EndFeature(k);
      pieceCode = edgeCode(piece, edge, first, last, s);
    }
    const height = nx * (x - v1x) + ny * (y - v1y);
    if (height > reach) continue;
    // Witnesses: (x, y) - n radius on the capsule, (x, y) - n height on the edge's line.
    manifold.add(
      x - nx * 0.5 * (radius + height),
      y - ny * 0.5 * (radius + height),
      nx,
      ny,
      radius - height,
      ContactKind.FaceFace,
      capsuleCode,
      pieceCode,
    );
  }
  return manifold.count > before;
}

/** The piece's feature under tangent coordinate `s` of a stretch from edge `first` to `last`. */
function edgeCode(
  piece: ConvexPiece,
  edge: number,
  first: number,
  last: number,
  s: number,
): number {
  if (first === last) return piece.outerEdge[edge]!;
  const packed = piece.packed, count = piece.count;
  const tx = -packed[4 * edge + 3]!, ty = packed[4 * edge + 2]!;
  let at = first;
  while (at !== last) {
    const next = at + 1 === count ? 0 : at + 1;
    if (tx * packed[4 * next]! + ty * packed[4 * next + 1]! > s) break;
    at = next;
  }
  return piece.outerEdge[at]!;
}

/**
 * Step 5: the core's side `side` (+1: its +m side, m = (-uy, ux)) as the reference; the piece's
 * most anti-parallel edge (with its run of edges in line) clipped to the core's extent; with
 * `vertex` >= 0 (the piece's vertex nearest the core), the more anti-parallel of the two edges at
 * that vertex (the most anti-parallel edge of all may lie beside the core). Returns whether a
 * point was added.
 */
function referenceSide(
  core: CapsuleCore,
  piece: ConvexPiece,
  side: number,
  vertex: number,
  manifold: LocalManifold2,
): boolean {
  const packed = piece.packed, count = piece.count, outer = piece.outerEdge;
  // Outward normal of the reference side.
  const ox = -side * core.uy, oy = side * core.ux;
  let incident = 0, least = Infinity;
  for (let k = 0; k < count; k++) {
    if (vertex >= 0 && k !== vertex && k !== (vertex === 0 ? count - 1 : vertex - 1)) continue;
    const d = packed[4 * k + 2]! * ox + packed[4 * k + 3]! * oy;
    if (d < least) {
      least = d;
      incident = k;
    }
  }
  let first = incident, last = incident;
  if (piece.hasCollinearEdges) {
    for (let k = 1; k < count; k++) {
      const previous = first === 0 ? count - 1 : first - 1;
      if (piece.collinearNext[previous] === 0) break;
      first = previous;
    }
    for (let k = 1; k < count && piece.collinearNext[last] !== 0; k++) {
      last = last + 1 === count
        ? 0
        : last + 1;
    }
  }
  const end = last + 1 === count ? 0 : last + 1;
  const radius = core.radius, reach = radius + core.tolerance, half = core.half;
  const capsuleSide = side > 0 ? CAPSULE2_UPPER_SIDE : CAPSULE2_LOWER_SIDE;
  const before = manifold.count;
  const w1x = packed[4 * first]!,
    w1y = packed[4 * first + 1]!,
    w2x = packed[4 * end]!,
    w2y = packed[4 * end + 1]!;
  // Core coordinates: along the axis from the centre, and across (the height above the side).
  const s1 = core.ux * (w1x - core.cx) + core.uy * (w1y - core.cy),
    s2 = core.ux * (w2x - core.cx) + core.uy * (w2y - core.cy);
  if ((s1 < -half && s2 < -half) || (s1 > half && s2 > half)) return false;
  for (let k = 0; k < 2; k++) {
    const s = k === 0 ? s1 : s2, other = k === 0 ? s2 : s1;
    let x = k === 0 ? w1x : w2x, y = k === 0 ? w1y : w2y, along = s;
    let capsuleCode = capsuleSide,
      pieceCode = VERTEX_FEATURE | piece.vertexIndex[k === 0 ? first : end]!;
    if (s < -half || s > half) {
      const limit = s < -half ? -half : half;
      const f = (limit - s) / (other - s);
      x += f * ((k === 0 ? w2x : w1x) - x);
      y += f * ((k === 0 ? w2y : w1y) - y);
      along = limit;
      capsuleCode = capsule2EndFeature(limit < 0 ? 0 : 1);
      // The incident edge holding the point.
      let at = first;
      while (at !== last) {
        const next = at + 1 === count ? 0 : at + 1;
        if (
          core.ux * (packed[4 * next]! - core.cx) + core.uy * (packed[4 * next + 1]! - core.cy) >
              limit === s1 < s2
        ) {
          break;
        }
        at = next;
      }
      if (outer[at]! < 0) continue;
      pieceCode = outer[at]!;
    }
    const height = ox * (x - core.cx) + oy * (y - core.cy);
    if (height > reach) continue;
    // Witnesses: the piece's point (x, y) and the core's point at `along` out by the radius.
    const cx = core.cx + core.ux * along + ox * radius,
      cy = core.cy + core.uy * along + oy * radius;
    manifold.add(
      0.5 * (x + cx),
      0.5 * (y + cy),
      -ox,
      -oy,
      radius - height,
      ContactKind.FaceFace,
      capsuleCode,
      pieceCode,
    );
  }
  return manifold.count > before;
}

/**
 * Step 2's distance: the closest points of the core and the piece when they do not cross, into
 * `core`'s out fields. Then one of them is an end or a vertex (Ericson 5.1.2), and three
 * candidates found by the SAT pass hold them:
 *  - each end against the piece: the end lies outside the piece, whose nearest point to it lies
 *    on the edge the end is furthest in front of (`edgeA`, `edgeB`: a nearer point elsewhere
 *    would put the end further in front of that point's edge) or, clamped to a vertex, on an edge
 *    beside it (a walk along the outline while the distance falls passes edges in line);
 *  - a vertex against a point inside the core: the core's point is square to the core above
 *    it, so the vertex is the piece's lowest or highest along the core's side normal
 *    (`lowVertex`, `highVertex`).
 * Ties go as a scan of the ends against every edge, then of every vertex, takes them: the first
 * met, ends before vertices, lower indices first.
 */
function closestFeatures(
  core: CapsuleCore,
  piece: ConvexPiece,
  edgeA: number,
  edgeB: number,
  lowVertex: number,
  highVertex: number,
): void {
  core.closestSquared = Infinity;
  endToPiece(core, piece, edgeA, -1);
  endToPiece(core, piece, edgeB, 1);
  const first = lowVertex < highVertex ? lowVertex : highVertex;
  vertexToCore(core, piece, first);
  if (highVertex !== lowVertex) {
    vertexToCore(core, piece, first === lowVertex ? highVertex : lowVertex);
  }
  core.distance = Math.sqrt(core.closestSquared);
}

/**
 * The core's end at `sign` (-1: end 0, 1: end 1; an integer, as doubles cross calls in fields:
 * PERFORMANCE.md) against the piece, from edge `edge` (the one the end lies furthest in front
 * of): the nearest point of that edge, then of each next edge along the outline past the vertex
 * it clamps to, while the distance falls; kept in `core`'s out fields when nearer than what they
 * hold.
 */
function endToPiece(core: CapsuleCore, piece: ConvexPiece, edge: number, sign: number): void {
  const packed = piece.packed, count = piece.count, at = sign * core.half;
  const px = core.cx + core.ux * at, py = core.cy + core.uy * at;
  let k = edge, way = 0, previous = Infinity;
  for (let step = 0; step < count; step++) {
    const j = k + 1 === count ? 0 : k + 1;
    const vx = packed[4 * k]!, vy = packed[4 * k + 1]!;
    const ex = packed[4 * j]! - vx, ey = packed[4 * j + 1]! - vy;
    let t = ((px - vx) * ex + (py - vy) * ey) / (ex * ex + ey * ey);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const fx = vx + t * ex, fy = vy + t * ey;
    const d2 = (px - fx) * (px - fx) + (py - fy) * (py - fy);
    // An edge's inside is nearest only from in front of it (a chain segment's two edges coincide).
    const inside = t > 0 && t < 1;
    const facing = packed[4 * k + 2]! * (px - fx) + packed[4 * k + 3]! * (py - fy) >= 0;
    if (d2 >= previous || (inside && !facing)) return;
    previous = d2;
    if (d2 < core.closestSquared) {
      core.closestSquared = d2;
      core.pieceX = fx;
      core.pieceY = fy;
      core.coreX = px;
      core.coreY = py;
      core.coreAt = at;
      core.pieceEdge = inside ? k : -1;
      core.pieceVertex = t >= 1 ? j : k;
    }
    // Inside the edge: the nearest point of all. At a vertex: on along the outline past it, the
    // same way as the last step.
    const next = inside ? 0 : t >= 1 ? 1 : -1;
    if (next === 0 || (way !== 0 && next !== way)) return;
    way = next;
    k = way > 0 ? j : k === 0 ? count - 1 : k - 1;
  }
}

/** Piece vertex `k` against the core, kept in `core`'s out fields when nearer than what they hold. */
function vertexToCore(core: CapsuleCore, piece: ConvexPiece, k: number): void {
  const packed = piece.packed, half = core.half;
  const vx = packed[4 * k]!, vy = packed[4 * k + 1]!;
  let s = core.ux * (vx - core.cx) + core.uy * (vy - core.cy);
  s = s < -half ? -half : s > half ? half : s;
  const px = core.cx + core.ux * s, py = core.cy + core.uy * s;
  const d2 = (px - vx) * (px - vx) + (py - vy) * (py - vy);
  if (d2 >= core.closestSquared) return;
  core.closestSquared = d2;
  core.pieceX = vx;
  core.pieceY = vy;
  core.coreX = px;
  core.coreY = py;
  core.coreAt = s;
  core.pieceEdge = -1;
  core.pieceVertex = k;
}

/** One contact along the closest points found by `closestFeatures` (cores apart: distance > 0). */
function closestContact(core: CapsuleCore, piece: ConvexPiece, manifold: LocalManifold2): void {
  const distance = core.distance;
  if (!(distance > 0)) return;
  const nx = (core.coreX - core.pieceX) / distance, ny = (core.coreY - core.pieceY) / distance;
  const radius = core.radius, half = core.half;
  const capsuleCode = half > 0 && core.coreAt <= -half
    ? capsule2EndFeature(0)
    : half > 0 && core.coreAt >= half
    ? capsule2EndFeature(1)
    : nx * -core.uy + ny * core.ux <= 0
    ? CAPSULE2_UPPER_SIDE
    : CAPSULE2_LOWER_SIDE;
  const pieceCode = core.pieceEdge >= 0
    ? piece.outerEdge[core.pieceEdge]!
    : VERTEX_FEATURE | piece.vertexIndex[core.pieceVertex]!;
  manifold.add(
    0.5 * (core.coreX - nx * radius + core.pieceX),
    0.5 * (core.coreY - ny * radius + core.pieceY),
    nx,
    ny,
    radius - distance,
    ContactKind.FaceFace,
    capsuleCode,
    pieceCode,
  );
}

/**
 * Keeps one contact per pair of features in `manifold` (the deeper; the earlier on a tie), so
 * that each id names one touching pair (DESIGN.md, Features): pieces of a concave polygon, or
 * segments of a chain, that share a vertex each report the capsule's side against that vertex,
 * along their own reference normals; it is one pair of features in touch, and the deeper of the
 * two is the depth that frees it.
 */
export function mergeSameFeatures(manifold: LocalManifold2): void {
  const points = manifold.points;
  let kept = 0;
  // Each point joins the kept ones [0, kept) as a new one, or replaces its namesake if deeper.
  for (let i = 0; i < manifold.count; i++) {
    const p = points[i]!;
    let same = -1;
    for (let j = 0; j < kept && same < 0; j++) {
      const q = points[j]!;
      if (q.firstFeature === p.firstFeature && q.secondFeature === p.secondFeature) same = j;
    }
    // A new pair of features goes to slot `kept`; a deeper namesake overwrites the one kept.
    const slot = same < 0 ? kept++ : same;
    if (slot === i || (same >= 0 && p.penetration <= points[same]!.penetration)) continue;
    const target = points[slot]!;
    target.x = p.x;
    target.y = p.y;
    target.normalX = p.normalX;
    target.normalY = p.normalY;
    target.penetration = p.penetration;
    target.kind = p.kind;
    target.firstFeature = p.firstFeature;
    target.secondFeature = p.secondFeature;
  }
  manifold.count = kept;
}
