/**
 * Box against box (after Millington ch. 13 and Gottschalk's OBB test as given in
 * Ericson 4.4.1). Steps:
 *   1. Canonical order: the pair is computed as (A, B) whichever order the caller gave, so
 *      swapped arguments give the same points, depths and feature ids with negated normals.
 *   2. The 15-axis separating-axis test (box-box-sat.ts): no contact when an axis separates the
 *      boxes by more than the tolerance; otherwise a face axis, or an edge axis that overlaps
 *      less than the best face by the face preference margin.
 *   3. Edge axis: one EdgeEdge contact between the two edges' closest points, when those lie on
 *      both edges; otherwise the best face axis describes the contact.
 *   4. Face axis: the incident face clipped against the reference face (box-face-clip.ts);
 *      when no clipped point reaches the reference face, or pushing the boxes apart by the
 *      patch's depth along its normal would not free them (`patchFrees`), the best edge axis's
 *      contact.
 *   5. The local manifold goes to `emitManifold` (reduction, capacity, mirroring, bodies).
 *
 * Kinds (Millington models face-face and edge-face contact by its point-face and edge-edge
 * points): an incident vertex inside the reference face is PointFace (incident vertex, reference
 * face); an incident edge crossing the reference face's boundary is EdgeEdge (incident edge,
 * reference face edge); a reference face corner inside the incident face is PointFace
 * (reference vertex, incident face); the edge axis gives one EdgeEdge contact. Feature ids pack
 * A's feature first, whichever box the caller passed first.
 */
import { ContactKind } from '@contactkit/math';
import {
  BoxBoxAxis,
  type BoxBoxSatCache,
  boxBoxSeparatingAxis,
  FACE_FREES_RELATIVE,
  stillSeparated,
} from '../sat/box-box-sat.js';
import { clipBoxFaces } from '../clip/box-face-clip.js';
import { boxEdgeFeature } from '../shapes/box-features.js';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import type { PairCache } from '../manifold/pair-cache.js';
import type { RecycledManifold } from '../manifold/recycle.js';
import type { Box } from '../shapes/primitives.js';

/** Views of the pair closer than this (relative to the larger box) count as equal. */
const ORDER_TIE = 1e-10;
/** How far (relative to the half edge) an edge's closest point may lie past its end and still be on it. */
const EDGE_SLACK = 1e-9;

/**
 * Whether `a` comes first in the canonical order of a pair. Every choice the detector makes
 * follows this order, so it must not change when the arguments are swapped or the pair is moved:
 * the smaller half size first (lexicographic); for boxes of equal size, the box that sees the
 * other's centre at the lexicographically smaller local coordinates (moving the pair leaves
 * both views unchanged, swapping the boxes swaps them). Views equal up to round-off, as for
 * boxes at the same pose, fall back to world position and keep the given order at the last.
 */
function firstInCanonicalOrder(a: Box, b: Box): boolean {
  const ha = a.halfSize, hb = b.halfSize;
  for (let k = 0; k < 3; k++) if (ha[k] !== hb[k]) return ha[k]! < hb[k]!;
  return firstOfEqualSize(a, b);
}

/**
 * `firstInCanonicalOrder` for boxes of equal half sizes, the rare tie that the size comparison
 * leaves open.
 */
function firstOfEqualSize(a: Box, b: Box): boolean {
  const ma = a.transform, mb = b.transform;
  const ha = a.halfSize, hb = b.halfSize;
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const tie = ORDER_TIE * Math.max(ha[0]!, ha[1]!, ha[2]!);
  for (let k = 0; k < 3; k++) {
    const seenFromA = dx * ma[4 * k]! + dy * ma[4 * k + 1]! + dz * ma[4 * k + 2]!;
    const seenFromB = -(dx * mb[4 * k]! + dy * mb[4 * k + 1]! + dz * mb[4 * k + 2]!);
    if (Math.abs(seenFromA - seenFromB) > tie) return seenFromA < seenFromB;
  }
  for (let i = 12; i < 15; i++) if (ma[i] !== mb[i]) return ma[i]! < mb[i]!;
  return true;
}

/** Edge code of the box edge along `axis` through the point with signs (s0, s1, s2); the sign on `axis` is ignored. */
function edgeCode(axis: number, s0: number, s1: number, s2: number): number {
  return axis === 0
    ? boxEdgeFeature(0, s1, s2)
    : axis === 1
    ? boxEdgeFeature(1, s0, s2)
    : boxEdgeFeature(2, s0, s1);
}

/**
 * Step 3: the contact of A's edge along a_i and B's edge along b_j that are extreme along the
 * edge axis a_i x b_j (`axis.edgeA`, `axis.edgeB`), added to `manifold`; false, with nothing
 * added, when the closest points of the two lines fall outside either edge.
 */
function edgeContact(a: Box, b: Box, axis: BoxBoxAxis, manifold: LocalManifold): boolean {
  const i = axis.edgeA, j = axis.edgeB;
  const ma = a.transform, mb = b.transform, ha = a.halfSize, hb = b.halfSize;
  // B's centre t and B's axes (columns of R) in A's frame: R[3k + m] = a_k . b_m.
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const t0 = dx * ma[0]! + dy * ma[1]! + dz * ma[2]!,
    t1 = dx * ma[4]! + dy * ma[5]! + dz * ma[6]!,
    t2 = dx * ma[8]! + dy * ma[9]! + dz * ma[10]!;
  const R = rotationScratch;
  for (let k = 0; k < 3; k++) {
    for (let m = 0; m < 3; m++) {
      R[3 * k + m] = ma[4 * k]! * mb[4 * m]! + ma[4 * k + 1]! * mb[4 * m + 1]! +
        ma[4 * k + 2]! * mb[4 * m + 2]!;
    }
  }
  // B's edge direction in A's frame is column j of R; the axis l = e_i x that column, oriented from A toward B.
  const bj0 = R[j]!, bj1 = R[3 + j]!, bj2 = R[6 + j]!;
  let l0 = i === 0 ? 0 : i === 1 ? bj2 : -bj1;
  let l1 = i === 0 ? -bj2 : i === 1 ? 0 : bj0;
  let l2 = i === 0 ? bj1 : i === 1 ? -bj0 : 0;
  if (l0 * t0 + l1 * t1 + l2 * t2 < 0) {
    l0 = -l0;
    l1 = -l1;
    l2 = -l2;
  }
  // A's edge: A's support along l, the coordinate along a_i free.
  const sa0 = i === 0 ? 0 : l0 < 0 ? -1 : 1,
    sa1 = i === 1 ? 0 : l1 < 0 ? -1 : 1,
    sa2 = i === 2 ? 0 : l2 < 0 ? -1 : 1;
  const pa0 = sa0 * ha[0]!, pa1 = sa1 * ha[1]!, pa2 = sa2 * ha[2]!;
  // B's edge: B's support against l, the coordinate along b_j free.
  let pb0 = t0, pb1 = t1, pb2 = t2;
  let sb0 = 0, sb1 = 0, sb2 = 0;
  for (let m = 0; m < 3; m++) {
    if (m === j) continue;
    const c0 = R[m]!, c1 = R[3 + m]!, c2 = R[6 + m]!;
    const sign = l0 * c0 + l1 * c1 + l2 * c2 < 0 ? 1 : -1;
    const offset = sign * hb[m]!;
    pb0 += offset * c0;
    pb1 += offset * c1;
    pb2 += offset * c2;
    if (m === 0) sb0 = sign;
    else if (m === 1) sb1 = sign;
    else sb2 = sign;
  }
  // Closest points of the lines pa + s e_i and pb + t b_j (unit directions, Ericson 5.1.8):
  // s (1 - b^2) = b f - c and t = f + s b, with b = e_i . b_j, c = e_i . r, f = b_j . r, r = pa - pb.
  const r0 = pa0 - pb0, r1 = pa1 - pb1, r2 = pa2 - pb2;
  const dot = R[3 * i + j]!;
  const c = i === 0 ? r0 : i === 1 ? r1 : r2;
  const f = bj0 * r0 + bj1 * r1 + bj2 * r2;
  const lengthSquared = l0 * l0 + l1 * l1 + l2 * l2;
  const s = (dot * f - c) / lengthSquared;
  const t = f + s * dot;
  if (Math.abs(s) > ha[i]! * (1 + EDGE_SLACK) || Math.abs(t) > hb[j]! * (1 + EDGE_SLACK)) {
    return false;
  }
  // Witness points in A's frame, then the midpoint and the normal (from B toward A) in world.
  const wa0 = pa0 + (i === 0 ? s : 0), wa1 = pa1 + (i === 1 ? s : 0), wa2 = pa2 + (i === 2 ? s : 0);
  const wb0 = pb0 + t * bj0, wb1 = pb1 + t * bj1, wb2 = pb2 + t * bj2;
  const inverseLength = 1 / Math.sqrt(lengthSquared);
  const n0 = -l0 * inverseLength, n1 = -l1 * inverseLength, n2 = -l2 * inverseLength;
  const penetration = (wb0 - wa0) * n0 + (wb1 - wa1) * n1 + (wb2 - wa2) * n2;
  const m0 = 0.5 * (wa0 + wb0), m1 = 0.5 * (wa1 + wb1), m2 = 0.5 * (wa2 + wb2);
  manifold.normalX = n0 * ma[0]! + n1 * ma[4]! + n2 * ma[8]!;
  manifold.normalY = n0 * ma[1]! + n1 * ma[5]! + n2 * ma[9]!;
  manifold.normalZ = n0 * ma[2]! + n1 * ma[6]! + n2 * ma[10]!;
  const point = manifold.points[0]!;
  point.x = ma[12]! + m0 * ma[0]! + m1 * ma[4]! + m2 * ma[8]!;
  point.y = ma[13]! + m0 * ma[1]! + m1 * ma[5]! + m2 * ma[9]!;
  point.z = ma[14]! + m0 * ma[2]! + m1 * ma[6]! + m2 * ma[10]!;
  point.depth = penetration;
  point.kind = ContactKind.EdgeEdge;
  point.features = (edgeCode(i, sa0, sa1, sa2) << 16) | edgeCode(j, sb0, sb1, sb2);
  manifold.count = 1;
  return true;
}

/** B's rotation in A's frame. Scratch of `edgeContact` alone. */
const rotationScratch = new Float64Array(9);

/** The SAT's answer for the current pair. Scratch of `boxBoxManifold` alone. */
const axisScratch = new BoxBoxAxis();

/** Step 4's clipping, the reference face of A or of B as the SAT chose. */
function clipFace(a: Box, b: Box, axis: BoxBoxAxis, manifold: LocalManifold): void {
  if (axis.faceOfB) clipBoxFaces(b, a, false, axis, manifold);
  else clipBoxFaces(a, b, true, axis, manifold);
}

/**
 * Steps 2 to 4 for A and B in canonical order, for contacts down to separation `data.tolerance`
 * (0 without `data`: the overlap test): fills `manifold` (count 0 when the boxes are apart). The
 * tolerance comes in its buffer: doubles cross calls in arrays or fields (PERFORMANCE.md). With a
 * cache, the axis that separated the boxes is kept, for A = `first` when `firstIsA`.
 */
function boxBoxManifold(
  a: Box,
  b: Box,
  data: CollisionData | null,
  manifold: LocalManifold,
  cache: BoxBoxSatCache | null,
  firstIsA: boolean,
): void {
  manifold.count = 0;
  const axis = axisScratch;
  axis.tolerance = data === null ? 0 : data.tolerance;
  const overlap = boxBoxSeparatingAxis(a, b, axis);
  if (cache !== null) {
    cache.separatingAxis = overlap ? -1 : axis.separatingAxis;
    cache.axisFirstIsA = firstIsA;
  }
  if (!overlap) return;
  // When the edges' closest points lie off the edges, the best face describes the contact.
  if (axis.edgeWins && edgeContact(a, b, axis, manifold)) return;
  clipFace(a, b, axis, manifold);
  // No point of the incident face reaches the reference face, yet no axis separates the boxes:
  // they meet edge to edge beside the faces (a small box across a large one's edge, where the
  // face preference, scaled to the large box, kept the face). Apart (a speculative contact), the
  // same when the two edges lie closer than every clipped point lies to the reference face: the
  // face contact would report a larger gap than the boxes have (fuzz/FINDINGS.md F9).
  // Asked here, not in `edgeCloserThanFace`, for the boxes that overlap along every axis, so a
  // resting pair never calls it (PERFORMANCE.md: rare cases are decided in the caller; F50).
  // Overlapping, the same when the patch does not free the boxes along the face's normal (its
  // deepest point beside the reference face; `patchFrees`).
  if (axis.edgeWins || axis.edgeA < 0) return;
  const apart = axis.faceSeparation >= 0 || axis.edgeSeparation >= 0;
  if (
    (manifold.count === 0 || apart)
      ? edgeCloserThanFace(a, b, axis, manifold)
      : !patchFrees(a, b, axis)
  ) {
    edgeContact(a, b, axis, manifold);
  }
}

/**
 * Whether moving B away from A along the reference face's normal by (1 + FACE_FREES_RELATIVE)
 * times the deepest clipped depth (`axis.patchDepth`, overlapping boxes) frees them, as far as the
 * face and the best edge axis tell (box-box-sat.ts's FACE_FREES_RELATIVE: the least of the face's
 * overlap and the edge axis's overlap over its cosine to the normal bounds the distance that
 * frees the pair). Most patches reach the face's own overlap, which ends the test before the
 * edge axis is read.
 */
function patchFrees(a: Box, b: Box, axis: BoxBoxAxis): boolean {
  const reach = (1 + FACE_FREES_RELATIVE) * axis.patchDepth + CLOSER_SLACK * axis.size;
  if (reach >= -axis.faceSeparation) return true;
  // The edge axis's alignment with the face's direction: from the SAT when the edge axis
  // overlaps less than the face (a box resting over an edge), else computed here (rare).
  if (Number.isNaN(axis.edgeAlignment)) edgeAlignment(a, b, axis);
  const alignment = axis.edgeAlignment, overlap = -axis.edgeSeparation;
  // reach < overlap * |l| / alignment, squared (no root; reach may be <= 0).
  return !(alignment > 0 &&
    (reach <= 0 ||
      reach * reach * alignment * alignment < overlap * overlap * axis.edgeLengthSquared));
}

/**
 * `BoxBoxAxis.edgeAlignment` and `edgeLengthSquared` from the world axes: the edge axis
 * a_i x b_j, oriented from A's centre toward B's, along the direction m that moves B away from
 * A through the face (A's outward normal, or against B's).
 */
function edgeAlignment(a: Box, b: Box, axis: BoxBoxAxis): void {
  const ma = a.transform, mb = b.transform, i = 4 * axis.edgeA, j = 4 * axis.edgeB;
  const ux = ma[i]!, uy = ma[i + 1]!, uz = ma[i + 2]!;
  const vx = mb[j]!, vy = mb[j + 1]!, vz = mb[j + 2]!;
  let lx = uy * vz - uz * vy, ly = uz * vx - ux * vz, lz = ux * vy - uy * vx;
  if (lx * (mb[12]! - ma[12]!) + ly * (mb[13]! - ma[13]!) + lz * (mb[14]! - ma[14]!) < 0) {
    lx = -lx;
    ly = -ly;
    lz = -lz;
  }
  const f = 4 * axis.faceAxis, m = axis.faceOfB ? mb : ma;
  const sign = axis.faceOfB ? -axis.faceSign : axis.faceSign;
  axis.edgeAlignment = sign * (lx * m[f]! + ly * m[f + 1]! + lz * m[f + 2]!);
  axis.edgeLengthSquared = lx * lx + ly * ly + lz * lz;
}

/** How far (relative to the larger box) the edge contact must lie closer than the face contact to replace it. */
const CLOSER_SLACK = 1e-9;

/**
 * Whether the best edge axis's contact should replace the clipped face contact in `manifold`
 * (the caller asks when the clip left no point or the boxes are apart along some axis): the
 * clip left no point, or the edge contact (its closest points on both edges) is deeper than
 * every clipped point, yet no deeper than the largest separation allows.
 */
function edgeCloserThanFace(a: Box, b: Box, axis: BoxBoxAxis, manifold: LocalManifold): boolean {
  if (manifold.count === 0) return true;
  const least = -Math.max(axis.faceSeparation, axis.edgeSeparation);
  let deepest = -Infinity;
  for (let k = 0; k < manifold.count; k++) deepest = Math.max(deepest, manifold.points[k]!.depth);
  if (!edgeContact(a, b, axis, edgeScratch)) return false;
  // The edges' gap must be one the axes allow (at least the largest separation): edges that pass
  // each other beside the boxes meet at a depth that is no distance between them.
  const depth = edgeScratch.points[0]!.depth, slack = CLOSER_SLACK * axis.size;
  return depth > deepest + slack && depth <= least + slack;
}

/** The edge contact of a speculative pair, before it is chosen. Scratch of `edgeCloserThanFace` alone. */
const edgeScratch = new LocalManifold(1);

/**
 * Whether the world point at `points[i..i + 2]` lies inside `box` by at least WITNESS_MARGIN of
 * its largest half size on every side (arguments without doubles: PERFORMANCE.md).
 */
function insideBox(box: Box, points: Float64Array, i: number): boolean {
  const m = box.transform, h = box.halfSize;
  const margin = WITNESS_MARGIN * Math.max(h[0]!, h[1]!, h[2]!);
  const dx = points[i]! - m[12]!, dy = points[i + 1]! - m[13]!, dz = points[i + 2]! - m[14]!;
  return Math.abs(dx * m[0]! + dy * m[1]! + dz * m[2]!) <= h[0]! - margin &&
    Math.abs(dx * m[4]! + dy * m[5]! + dz * m[6]!) <= h[1]! - margin &&
    Math.abs(dx * m[8]! + dy * m[9]! + dz * m[10]!) <= h[2]! - margin;
}

/**
 * How deep (relative to the box's largest half size) a recycled witness must lie inside the other
 * box to prove that the boxes still overlap.
 */
const WITNESS_MARGIN = 1e-9;

/**
 * The recycled contacts in `manifold` prove the boxes still overlap when some contact's witness
 * on one box lies inside the other (the witnesses are points of their boxes). Without such a
 * point (the pair may have separated, or touches only within the tolerance) the caller computes
 * in full.
 */
function recycledBoxesOverlap(
  a: Box,
  b: Box,
  recycled: RecycledManifold,
  manifold: LocalManifold,
): boolean {
  for (let i = 0; i < 3 * manifold.count; i += 3) {
    if (insideBox(a, recycled.worldB, i) || insideBox(b, recycled.worldA, i)) return true;
  }
  return false;
}

/**
 * `boxBoxManifold` with a pair cache that recycles: the recycled contacts when they still prove
 * the boxes overlap, else the full computation, kept for recycling.
 */
function recycledBoxBoxManifold(
  a: Box,
  b: Box,
  firstIsA: boolean,
  data: CollisionData,
  manifold: LocalManifold,
  cache: PairCache,
): void {
  const sat = cache.boxBox, recycled = cache.recycled;
  if (sat.claim(a, b, firstIsA)) recycled.reset();
  if (
    recycled.recycle(a.transform, b.transform, data, manifold) &&
    recycledBoxesOverlap(a, b, recycled, manifold)
  ) {
    cache.lastPath = 'recycled';
    return;
  }
  boxBoxManifold(a, b, data, manifold, sat, firstIsA);
  const ha = a.halfSize, hb = b.halfSize, axis = axisScratch;
  // The threshold's size: the smaller box's largest half size (a field: PERFORMANCE.md).
  recycled.size = Math.min(
    Math.max(ha[0]!, ha[1]!, ha[2]!),
    Math.max(hb[0]!, hb[1]!, hb[2]!),
  );
  recycled.store(manifold, a.transform, b.transform, axis.faceOfB && !axis.edgeWins);
}

/** The pair's manifold. Scratch of `collideBoxBox` and `overlapBoxBox` alone. */
const manifoldScratch = new LocalManifold();

/**
 * Contacts between two boxes (see the file comment for the method and the kinds). Writes up to
 * `data.maxContactsPerPair` contacts (the full clipped manifold holds up to 8: two unit cubes,
 * one turned 45 degrees about the shared face normal, give the 8 corners of an octagon),
 * reduced to the deepest point and the largest area when the limit or the room left is
 * smaller (`data.overflowed` is set when it was the room), and returns how many it wrote.
 *
 * Edge versus face: an edge axis gives the contact only when it overlaps less than the best
 * face axis by 2% of the face's overlap plus 1% of the larger box's largest half size
 * (`EDGE_RELATIVE_MARGIN`, `EDGE_ABSOLUTE_MARGIN`): a box resting on another with a tilt up to
 * 0.01 rad gets its face patch, never a lone edge contact, at any scale; crossed edges get one
 * EdgeEdge contact. When the declined edge axis is the shortest way out and the face of least
 * overlap lies more than 45 degrees from it, the face nearest the edge axis is used instead (a
 * box resting across another's edge is pushed up, not sideways; see the package README), and
 * the edge axis when no face within the margin points along it. A face kept that way must free
 * the boxes: moving the first by 1.02 x its deepest depth along the normal separates them, as
 * far as the face and the edge axis bound that distance (`FACE_FREES_RELATIVE`), else the edge
 * contact replaces it.
 *
 * Defined answers: boxes exactly touching give penetration 0 (4 contacts for a box resting on
 * another); two identical boxes at the same pose are pushed apart along the smallest half
 * extent of A's first such axis (penetration `2 * halfSize`, normal `-a_k`, a finite answer);
 * a box entirely inside another is pushed out through the face axis of least penetration.
 */
export function collideBoxBox<B>(
  first: Box<B>,
  second: Box<B>,
  data: CollisionData<B>,
  cache?: PairCache,
): number {
  const manifold = manifoldScratch;
  if (cache !== undefined) {
    cache.claim(first, second);
    const sat = cache.boxBox;
    // Still apart along the axis that separated the pair last: one projection, no contact.
    if (sat.separatingAxis >= 0 && stillSeparated(first, second, data as CollisionData, sat)) {
      cache.lastPath = 'separated';
      return 0;
    }
  }
  const inOrder = firstInCanonicalOrder(first, second);
  const a = inOrder ? first : second, b = inOrder ? second : first;
  if (cache === undefined) boxBoxManifold(a, b, data as CollisionData, manifold, null, inOrder);
  else if (cache.recycleDistance === 0) {
    // The separating axis is all this cache keeps: no recycling state to claim or consult.
    boxBoxManifold(a, b, data as CollisionData, manifold, cache.boxBox, inOrder);
  } else recycledBoxBoxManifold(a, b, inOrder, data as CollisionData, manifold, cache);
  return emitManifold(manifold, data, first.body, second.body, !inOrder);
}

/**
 * Whether two boxes overlap or touch: exactly when `collideBoxBox` at tolerance 0 finds a
 * contact (the same computation; Millington's IntersectionTests::boxAndBox). The separating-axis test
 * leaves out the edge axes of edges parallel to within 1e-6 rad, whose direction would be
 * round-off; boxes apart only along such an axis, by less than 1e-6 of the longest half edge,
 * may count as touching when a face clip still finds a point within round-off of both faces.
 */
export function overlapBoxBox(first: Box, second: Box): boolean {
  const manifold = manifoldScratch;
  const inOrder = firstInCanonicalOrder(first, second);
  boxBoxManifold(inOrder ? first : second, inOrder ? second : first, null, manifold, null, inOrder);
  return manifold.count > 0;
}
