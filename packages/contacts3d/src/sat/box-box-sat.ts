/**
 * The separating-axis test of two boxes over their 15 candidate axes (Gottschalk's OBB test as
 * written out in Ericson 4.4.1), in box A's frame, with early out. Steps:
 *   1. B's rotation in A's frame (r_ij = a_i . b_j) and B's centre there (t).
 *   2. The six face axes: any that separates by more than the tolerance ends the test.
 *   3. The best face: the face axis of least overlap, of A or of B, ties to the larger face.
 *   4. The nine edge axes a_i x b_j: any that separates ends the test; the one of least overlap
 *      replaces the best face only when it overlaps less by the face preference margin
 *      (`prefersEdge`), so a box resting on another keeps its face patch.
 *   5. When the least-overlap edge axis was declined that way and the best face does not point
 *      within 45 degrees of it, the face nearest in direction to it describes the contact
 *      (`useFaceAlongEdge`); with no face within the margin pointing along it, the best face
 *      stands at right angles to it, and the edge axis wins when the face points against it.
 * The answer goes into an explicit `BoxBoxAxis`.
 *
 * A pair cache keeps the axis that separated the pair at its last call (`BoxBoxSatCache`, as
 * Box3D keeps one axis per pair); the detector tests it before anything else
 * (`stillSeparated`): one projection from the two transforms, by exactly the arithmetic of that
 * axis's own step, so a pair still apart ends there and the full test would have returned false
 * too (at that axis or an earlier one). Skipping the edge axes of a pair whose face stays was
 * tried and measured: proving cheaply that they cannot change the face (a bound on each from the
 * last full search) cost more than computing them (the resting frame row: 490 ns a call against
 * 360 without a cache), so step 4 always runs.
 */
import type { CollisionData } from '../manifold/collision-data.js';
import type { Box } from '../shapes/primitives.js';

/**
 * The question and the answer of `boxBoxSeparatingAxis`: the caller sets `tolerance`; the test
 * fills the rest for an overlapping (or touching) pair
 * (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
export class BoxBoxAxis {
  /** Input: contacts are wanted down to this separation (>= 0). */
  tolerance = 0;
  /**
   * The best face axis: a face of B (else of A), along its box's local axis `faceAxis`, outward
   * normal `faceSign * axis`.
   */
  faceOfB = false;
  faceAxis = 0;
  faceSign = 1;
  /** Signed separation along the best face axis (<= the tolerance; < 0 overlapping). */
  faceSeparation = 0;
  /** The edge axis a_edgeA x b_edgeB of least overlap (edgeA -1: none, all edges near parallel). */
  edgeA = -1;
  edgeB = 0;
  edgeSeparation = 0;
  /** Whether that edge axis rather than the best face describes the contact (see `prefersEdge`). */
  edgeWins = false;
  /**
   * When the edge axis overlaps less than the best face (else NaN: not computed): the edge axis
   * a_i x b_j, oriented from A toward B and unnormalised (squared length `edgeLengthSquared`),
   * along the direction in which the best face moves B away from A. What `patchFrees` in
   * box-box.ts needs to bound the distance that frees the pair (see FACE_FREES_RELATIVE).
   */
  edgeAlignment = NaN;
  edgeLengthSquared = 1;
  /** Output of box-face-clip.ts's `clipBoxFaces`: the deepest clipped point's depth. */
  patchDepth = 0;
  /** The largest half size of the pair (the scale of the face preference margin). */
  size = 0;
  /**
   * The axis that separated the boxes when the test returned false: 0 to 2 A's faces, 3 to 5 B's,
   * 6 + 3i + j the edge axis a_i x b_j.
   */
  separatingAxis = -1;
}

/**
 * What the separating-axis test keeps of one pair between calls (in a `PairCache`): the axis
 * that separated it last, and the order of the boxes it belongs to.
 */
export class BoxBoxSatCache {
  /** The axis that separated the pair at the last call (as `BoxBoxAxis.separatingAxis`), -1 none. */
  separatingAxis = -1;
  /** Whether that axis was found with the detector's first argument as A. */
  axisFirstIsA = true;
  /** The half sizes (A's, then B's) and the order (first argument is A) recycled contacts belong to. */
  readonly halfSizes: Float64Array = new Float64Array(6);
  firstIsA = true;
  /** The separation `separationAlong` found (a field: doubles cross calls in arrays or fields, PERFORMANCE.md). */
  separation = 0;

  /** Forgets the pair. */
  reset(): void {
    this.separatingAxis = -1;
    this.halfSizes.fill(0);
  }

  /**
   * Keeps the state only when it was made for boxes of these half sizes in this canonical order
   * (a box resized, or two equal boxes that swapped roles, start afresh); returns whether it
   * started afresh. Only recycling needs this: a cached separating axis proves any two boxes
   * apart along it.
   */
  claim(a: Box, b: Box, firstIsA: boolean): boolean {
    const h = this.halfSizes, ha = a.halfSize, hb = b.halfSize;
    const fresh = firstIsA !== this.firstIsA || h[0] !== ha[0] || h[1] !== ha[1] ||
      h[2] !== ha[2] || h[3] !== hb[0] || h[4] !== hb[1] || h[5] !== hb[2];
    if (fresh) {
      this.reset();
      this.firstIsA = firstIsA;
      h[0] = ha[0]!;
      h[1] = ha[1]!;
      h[2] = ha[2]!;
      h[3] = hb[0]!;
      h[4] = hb[1]!;
      h[5] = hb[2]!;
    }
    return fresh;
  }
}

/**
 * Whether boxes `first` and `second` (the detector's arguments) are still apart by more than
 * `data.tolerance` along the axis that separated them last (`cache.separatingAxis` >= 0), taken
 * in the roles it was found in. True means `boxBoxSeparatingAxis` returns false for them; false
 * says nothing. The tolerance comes in its buffer (PERFORMANCE.md: doubles cross calls in
 * arrays or fields).
 */
export function stillSeparated(
  first: Box,
  second: Box,
  data: CollisionData,
  cache: BoxBoxSatCache,
): boolean {
  if (cache.axisFirstIsA) separationAlong(first, second, cache);
  else separationAlong(second, first, cache);
  return cache.separation > data.tolerance;
}

/**
 * The face preference (Gregorius, "The Separating Axis Test between Convex Polyhedra", GDC 2013,
 * and Box2D's b2_linearSlop-sized bias, made relative to the boxes so the rule is the same at
 * every scale): an edge axis wins only when its separation exceeds the best face's by
 * `EDGE_RELATIVE_MARGIN * |face separation| + EDGE_ABSOLUTE_MARGIN * largest half size`.
 * A box resting on another with a tilt theta sees edge axes up to about theta times the size
 * of the overhanging face less deep than the face axis (the face axis measures the overhanging
 * corner, the clipped patch does not reach it); the absolute part covers tilts up to 0.01 rad
 * (see the contacts3d README for the measurements).
 */
export const EDGE_RELATIVE_MARGIN = 0.02;
export const EDGE_ABSOLUTE_MARGIN = 0.01;

/**
 * The face kept by that preference must still free the pair: moving one shape along the face's
 * normal by (1 + FACE_FREES_RELATIVE) times the deepest point of its clipped patch must separate
 * them, or the edge axis's contact replaces the patch. The distance that frees a convex pair
 * along a direction m is the least, over the faces of the Minkowski difference (the face normals
 * and the edge axes of edge pairs forming one, Gregorius GDC 2013) with normal k . m > 0, of k's
 * overlap over k . m; the face and the best edge axis are two of those faces, so the least of the
 * face's overlap and the edge axis's overlap over its cosine to m bounds that distance from
 * above. A box resting on another with a tilt, its corner over the other's edge, has a patch
 * reaching that edge pair, which is where the pair comes free: its bound, so it keeps its patch.
 * A face whose patch misses a vertex beside the reference face (a deep hull across an edge,
 * fuzz/FINDINGS.md F125) does not: a solver pushing by its depth would leave the shapes
 * overlapping. 2% is the contract the package states (moving the first shape by 1.02 times the
 * deepest depth along the normal frees an overlapping pair): the face stays wherever the bound
 * proves that contract, the stated depth allowed to fall short of the exact distance by as much
 * as the relative face preference lets it exceed the minimum translation.
 */
export const FACE_FREES_RELATIVE = 0.02;

/** Separations (relative to the largest half size) closer than this count as equal. */
const TIE = 1e-10;
/**
 * Step 5's cosines between a face normal and the edge axis closer to 0 than this count as at
 * right angles (hull-sat.ts's ALIGNMENT_TIE).
 */
const ALIGNMENT_TIE = 1e-9;
/**
 * Edge axes whose squared length (sin^2 of the angle between the edges) is below this never
 * win: the closest points of near-parallel edges are ill-conditioned, and the face axes then
 * describe the contact. They still separate down to PARALLEL_SQUARED.
 */
const NEAR_PARALLEL_SQUARED = 1e-6;
/**
 * Below this squared length an edge axis is skipped entirely: its direction would carry more
 * round-off than the separation it measures. The face axes then bound the skipped axis's
 * separation to within 1e-6 of the longest half edge: `overlapBoxBox`'s stated margin.
 */
const PARALLEL_SQUARED = 1e-12;

/**
 * Per edge axis (index 3i + j), gap (projection less radii) and squared length. Scratch of
 * `boxBoxSeparatingAxis` alone.
 */
const edgeGapScratch = new Float64Array(9);
const edgeLengthScratch = new Float64Array(9);

/**
 * Whether boxes `a` and `b` are within `result.tolerance` of each other along every one of the
 * 15 axes; when they are, the axis that describes their contact goes into `result` (see the
 * file outline). Touching boxes (separation 0) count as within.
 */
export function boxBoxSeparatingAxis(
  a: Box,
  b: Box,
  result: BoxBoxAxis,
): boolean {
  const tolerance = result.tolerance;
  const ma = a.transform, mb = b.transform;
  const ha0 = a.halfSize[0]!, ha1 = a.halfSize[1]!, ha2 = a.halfSize[2]!;
  const hb0 = b.halfSize[0]!, hb1 = b.halfSize[1]!, hb2 = b.halfSize[2]!;
  // 1. r_ij = a_i . b_j and q_ij = |r_ij|; t = B's centre in A's frame.
  const a0x = ma[0]!,
    a0y = ma[1]!,
    a0z = ma[2]!,
    a1x = ma[4]!,
    a1y = ma[5]!,
    a1z = ma[6]!,
    a2x = ma[8]!,
    a2y = ma[9]!,
    a2z = ma[10]!;
  const b0x = mb[0]!,
    b0y = mb[1]!,
    b0z = mb[2]!,
    b1x = mb[4]!,
    b1y = mb[5]!,
    b1z = mb[6]!,
    b2x = mb[8]!,
    b2y = mb[9]!,
    b2z = mb[10]!;
  const r00 = a0x * b0x + a0y * b0y + a0z * b0z,
    r01 = a0x * b1x + a0y * b1y + a0z * b1z,
    r02 = a0x * b2x + a0y * b2y + a0z * b2z;
  const r10 = a1x * b0x + a1y * b0y + a1z * b0z,
    r11 = a1x * b1x + a1y * b1y + a1z * b1z,
    r12 = a1x * b2x + a1y * b2y + a1z * b2z;
  const r20 = a2x * b0x + a2y * b0y + a2z * b0z,
    r21 = a2x * b1x + a2y * b1y + a2z * b1z,
    r22 = a2x * b2x + a2y * b2y + a2z * b2z;
  const q00 = Math.abs(r00), q01 = Math.abs(r01), q02 = Math.abs(r02);
  const q10 = Math.abs(r10), q11 = Math.abs(r11), q12 = Math.abs(r12);
  const q20 = Math.abs(r20), q21 = Math.abs(r21), q22 = Math.abs(r22);
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const t0 = dx * a0x + dy * a0y + dz * a0z,
    t1 = dx * a1x + dy * a1y + dz * a1z,
    t2 = dx * a2x + dy * a2y + dz * a2z;

  // 2. Face axes of A: |t_i| - (ha_i + sum_j hb_j q_ij); of B: |t . b_j| - (sum_i ha_i q_ij + hb_j).
  const separationA0 = Math.abs(t0) - (ha0 + hb0 * q00 + hb1 * q01 + hb2 * q02);
  if (separationA0 > tolerance) {
    result.separatingAxis = 0;
    return false;
  }
  const separationA1 = Math.abs(t1) - (ha1 + hb0 * q10 + hb1 * q11 + hb2 * q12);
  if (separationA1 > tolerance) {
    result.separatingAxis = 1;
    return false;
  }
  const separationA2 = Math.abs(t2) - (ha2 + hb0 * q20 + hb1 * q21 + hb2 * q22);
  if (separationA2 > tolerance) {
    result.separatingAxis = 2;
    return false;
  }
  const tb0 = t0 * r00 + t1 * r10 + t2 * r20,
    tb1 = t0 * r01 + t1 * r11 + t2 * r21,
    tb2 = t0 * r02 + t1 * r12 + t2 * r22;
  const separationB0 = Math.abs(tb0) - (ha0 * q00 + ha1 * q10 + ha2 * q20 + hb0);
  if (separationB0 > tolerance) {
    result.separatingAxis = 3;
    return false;
  }
  const separationB1 = Math.abs(tb1) - (ha0 * q01 + ha1 * q11 + ha2 * q21 + hb1);
  if (separationB1 > tolerance) {
    result.separatingAxis = 4;
    return false;
  }
  const separationB2 = Math.abs(tb2) - (ha0 * q02 + ha1 * q12 + ha2 * q22 + hb2);
  if (separationB2 > tolerance) {
    result.separatingAxis = 5;
    return false;
  }

  // 3. The best face of A, of B, then of both. Candidates within `tie` keep the earlier axis (an
  // order that belongs to the boxes, so round-off in a moved pair never flips the choice);
  // between A and B, with no bias toward either box, ties go to the larger face, then to A.
  const size = Math.max(ha0, ha1, ha2, hb0, hb1, hb2);
  const tie = TIE * size;
  let faceA = 0, separationA = separationA0, signA = t0;
  if (separationA1 > separationA + tie) {
    faceA = 1;
    separationA = separationA1;
    signA = t1;
  }
  if (separationA2 > separationA + tie) {
    faceA = 2;
    separationA = separationA2;
    signA = t2;
  }
  let faceB = 0, separationB = separationB0, signB = tb0;
  if (separationB1 > separationB + tie) {
    faceB = 1;
    separationB = separationB1;
    signB = tb1;
  }
  if (separationB2 > separationB + tie) {
    faceB = 2;
    separationB = separationB2;
    signB = tb2;
  }
  let useB = separationB > separationA + tie;
  if (Math.abs(separationB - separationA) <= tie) {
    useB = largerFace(b.halfSize, faceB, a.halfSize, faceA);
  }
  const faceSeparation = useB ? separationB : separationA;

  // 4. Edge axes a_i x b_j = e_i x (column j of r), index 3i + j: the projection of t less the
  // radii of A and B (Ericson's table), and the axis's squared length; separation gap / length.
  const gaps = edgeGapScratch, lengths = edgeLengthScratch;
  gaps[0] = Math.abs(t2 * r10 - t1 * r20) - (ha1 * q20 + ha2 * q10 + hb1 * q02 + hb2 * q01);
  lengths[0] = r10 * r10 + r20 * r20;
  gaps[1] = Math.abs(t2 * r11 - t1 * r21) - (ha1 * q21 + ha2 * q11 + hb0 * q02 + hb2 * q00);
  lengths[1] = r11 * r11 + r21 * r21;
  gaps[2] = Math.abs(t2 * r12 - t1 * r22) - (ha1 * q22 + ha2 * q12 + hb0 * q01 + hb1 * q00);
  lengths[2] = r12 * r12 + r22 * r22;
  gaps[3] = Math.abs(t0 * r20 - t2 * r00) - (ha0 * q20 + ha2 * q00 + hb1 * q12 + hb2 * q11);
  lengths[3] = r20 * r20 + r00 * r00;
  gaps[4] = Math.abs(t0 * r21 - t2 * r01) - (ha0 * q21 + ha2 * q01 + hb0 * q12 + hb2 * q10);
  lengths[4] = r21 * r21 + r01 * r01;
  gaps[5] = Math.abs(t0 * r22 - t2 * r02) - (ha0 * q22 + ha2 * q02 + hb0 * q11 + hb1 * q10);
  lengths[5] = r22 * r22 + r02 * r02;
  gaps[6] = Math.abs(t1 * r00 - t0 * r10) - (ha0 * q10 + ha1 * q00 + hb1 * q22 + hb2 * q21);
  lengths[6] = r00 * r00 + r10 * r10;
  gaps[7] = Math.abs(t1 * r01 - t0 * r11) - (ha0 * q11 + ha1 * q01 + hb0 * q22 + hb2 * q20);
  lengths[7] = r01 * r01 + r11 * r11;
  gaps[8] = Math.abs(t1 * r02 - t0 * r12) - (ha0 * q12 + ha1 * q02 + hb0 * q21 + hb1 * q20);
  lengths[8] = r02 * r02 + r12 * r12;
  // Most overlapping pairs have no edge axis near the face: a gap <= 0 that is also deeper than
  // the best edge so far (gap^2 > best^2 * length^2, both negative; the factor covers round-off)
  // needs neither the square root nor the division.
  let edge = -1, edgeSeparation = -Infinity;
  for (let k = 0; k < 9; k++) {
    const lengthSquared = lengths[k]!, gap = gaps[k]!;
    if (lengthSquared < PARALLEL_SQUARED) continue;
    const better = edgeSeparation + tie;
    if (gap <= 0 && better < 0 && gap * gap > better * better * lengthSquared * (1 + 1e-6)) {
      continue;
    }
    const separation = gap / Math.sqrt(lengthSquared);
    if (separation > tolerance) {
      result.separatingAxis = 6 + k;
      return false;
    }
    if (lengthSquared >= NEAR_PARALLEL_SQUARED && separation > edgeSeparation + tie) {
      edgeSeparation = separation;
      edge = k;
    }
  }

  result.faceOfB = useB;
  result.faceAxis = useB ? faceB : faceA;
  // The face of B toward A faces against t . b_j (A's centre lies at -t).
  result.faceSign = useB ? (signB < 0 ? 1 : -1) : signA < 0 ? -1 : 1;
  result.faceSeparation = faceSeparation;
  result.edgeA = edge < 0 ? -1 : (edge / 3) | 0;
  result.edgeB = edge < 0 ? 0 : edge % 3;
  result.edgeSeparation = edgeSeparation;
  result.size = size;
  result.edgeAlignment = NaN;
  result.edgeWins = edge >= 0 && prefersEdge(edgeSeparation, faceSeparation, size);
  if (edge >= 0 && !result.edgeWins && edgeSeparation > faceSeparation + tie) {
    // 5. The edge axis a_i x b_j is e_i x (column j of r) in A's frame, its squared length
    // lengths[edge]; the best face stands when its normal lies within 45 degrees of it. Tested
    // here, so a resting pair never calls `useFaceAlongEdge` (PERFORMANCE.md: rare cases are
    // decided in the caller; F50).
    const rotation = rotationScratch;
    rotation[0] = r00;
    rotation[1] = r01;
    rotation[2] = r02;
    rotation[3] = r10;
    rotation[4] = r11;
    rotation[5] = r12;
    rotation[6] = r20;
    rotation[7] = r21;
    rotation[8] = r22;
    // The axis oriented from A toward B (edgeContact's orientation), and the direction in which
    // the best face moves B away from A: A's outward normal, or against B's.
    const i = (edge / 3) | 0, j = edge % 3;
    const c0 = rotation[j]!, c1 = rotation[3 + j]!, c2 = rotation[6 + j]!;
    const toward = (i === 0 ? t2 * c1 - t1 * c2 : i === 1 ? t0 * c2 - t2 * c0 : t1 * c0 - t0 * c1) <
        0
      ? -1
      : 1;
    const l0 = toward * (i === 0 ? 0 : i === 1 ? c2 : -c1);
    const l1 = toward * (i === 0 ? -c2 : i === 1 ? 0 : c0);
    const l2 = toward * (i === 0 ? c1 : i === 1 ? -c0 : 0);
    const face = useB ? faceB : faceA;
    const alignment = useB
      ? -result.faceSign * (l0 * rotation[face]! + l1 * rotation[3 + face]! +
        l2 * rotation[6 + face]!)
      : result.faceSign * (face === 0 ? l0 : face === 1 ? l1 : l2);
    result.edgeAlignment = alignment;
    result.edgeLengthSquared = lengths[edge]!;
    if (!(2 * alignment * alignment >= lengths[edge]! && alignment > 0)) {
      const faces = faceScratch;
      faces[0] = separationA0;
      faces[1] = separationA1;
      faces[2] = separationA2;
      faces[3] = separationB0;
      faces[4] = separationB1;
      faces[5] = separationB2;
      faces[6] = t0;
      faces[7] = t1;
      faces[8] = t2;
      faces[9] = tb0;
      faces[10] = tb1;
      faces[11] = tb2;
      useFaceAlongEdge(rotation, faces, result);
    }
  }
  return true;
}

/**
 * The separation of boxes `a` and `b` along the cached axis `cache.separatingAxis` (numbered as
 * `BoxBoxAxis.separatingAxis`), into `cache.separation`: only the entries r_ij = a_i . b_j and
 * t_i (B's centre along a_i) that axis reads, each by exactly the arithmetic of
 * `boxBoxSeparatingAxis` (so the two agree bit for bit: the property test of pair-cache.test.ts
 * compares every contact); -Infinity for an edge axis that step skips as parallel. Face axis a_i
 * reads row i of r, face axis b_j column j; edge axis a_i x b_j, with (u, w) = (i + 1, i + 2)
 * mod 3: projection t_w r_uj - t_u r_wj, squared length r_uj^2 + r_wj^2, and A's and B's radii
 * over the two other axes of each box, the lower one first (Ericson's table 4.4.1), so column j
 * and row i.
 */
function separationAlong(a: Box, b: Box, cache: BoxBoxSatCache): void {
  const axis = cache.separatingAxis;
  const ma = a.transform, mb = b.transform, ha = a.halfSize, hb = b.halfSize;
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  if (axis < 3) {
    const i = 4 * axis;
    const ax = ma[i]!, ay = ma[i + 1]!, az = ma[i + 2]!;
    const r0 = ax * mb[0]! + ay * mb[1]! + az * mb[2]!,
      r1 = ax * mb[4]! + ay * mb[5]! + az * mb[6]!,
      r2 = ax * mb[8]! + ay * mb[9]! + az * mb[10]!;
    cache.separation = Math.abs(dx * ax + dy * ay + dz * az) -
      (ha[axis]! + hb[0]! * Math.abs(r0) + hb[1]! * Math.abs(r1) + hb[2]! * Math.abs(r2));
    return;
  }
  // Column j of r: B's axis b_j along A's three axes.
  const j = axis < 6 ? axis - 3 : (axis - 6) % 3, m = 4 * j;
  const bx = mb[m]!, by = mb[m + 1]!, bz = mb[m + 2]!;
  const c0 = ma[0]! * bx + ma[1]! * by + ma[2]! * bz,
    c1 = ma[4]! * bx + ma[5]! * by + ma[6]! * bz,
    c2 = ma[8]! * bx + ma[9]! * by + ma[10]! * bz;
  const t0 = dx * ma[0]! + dy * ma[1]! + dz * ma[2]!,
    t1 = dx * ma[4]! + dy * ma[5]! + dz * ma[6]!,
    t2 = dx * ma[8]! + dy * ma[9]! + dz * ma[10]!;
  if (axis < 6) {
    cache.separation = Math.abs(t0 * c0 + t1 * c1 + t2 * c2) -
      (ha[0]! * Math.abs(c0) + ha[1]! * Math.abs(c1) + ha[2]! * Math.abs(c2) + hb[j]!);
    return;
  }
  const i = ((axis - 6) / 3) | 0;
  // Row i of r at B's two other axes, the lower one first (m1 < m2).
  const m1 = j === 0 ? 1 : 0, m2 = j === 2 ? 1 : 2;
  const n = 4 * i, ax = ma[n]!, ay = ma[n + 1]!, az = ma[n + 2]!;
  const p1 = 4 * m1, p2 = 4 * m2;
  const q1 = Math.abs(ax * mb[p1]! + ay * mb[p1 + 1]! + az * mb[p1 + 2]!),
    q2 = Math.abs(ax * mb[p2]! + ay * mb[p2 + 1]! + az * mb[p2 + 2]!);
  // (u, w) = (i + 1, i + 2) mod 3; A's radius over its two other axes, the lower one first.
  const ru = i === 0 ? c1 : i === 1 ? c2 : c0, rw = i === 0 ? c2 : i === 1 ? c0 : c1;
  const tu = i === 0 ? t1 : i === 1 ? t2 : t0, tw = i === 0 ? t2 : i === 1 ? t0 : t1;
  const lengthSquared = ru * ru + rw * rw;
  if (lengthSquared < PARALLEL_SQUARED) {
    cache.separation = -Infinity;
    return;
  }
  // The lower of A's other axes (n1) pairs with the higher one's entry of column j, and so on.
  const h1 = i === 0 ? ha[1]! : ha[0]!, h2 = i === 2 ? ha[1]! : ha[2]!;
  const e1 = i === 2 ? Math.abs(c1) : Math.abs(c2), e2 = i === 0 ? Math.abs(c1) : Math.abs(c0);
  const gap = Math.abs(tw * ru - tu * rw) - (h1 * e1 + h2 * e2 + hb[m1]! * q2 + hb[m2]! * q1);
  cache.separation = gap / Math.sqrt(lengthSquared);
}

/**
 * Face axes' separations (A's 0 to 2, B's 3 to 5), then B's centre along the same axes (A's
 * frame; 6 to 11). Scratch of `boxBoxSeparatingAxis` alone, handed on explicitly.
 */
const faceScratch = new Float64Array(12);
/** B's rotation in A's frame (r_ij at 3i + j). Scratch of `boxBoxSeparatingAxis` alone, handed on explicitly. */
const rotationScratch = new Float64Array(9);

/**
 * Step 5: the edge axis of least overlap is the shortest way out, but the face preference
 * declined it, and the best face does not point within 45 degrees of it. The face that describes
 * the contact is then the one whose outward normal (toward the other box) lies closest to that
 * edge axis, among the faces the edge axis does not beat by the margin (`prefersEdge`): a box
 * resting across another's edge is pushed out along the stacking axis (the edge axis nearly is
 * it), not along a side face that overlaps a little less than the stacking face. parry chooses
 * its contact features along the least-overlap direction in the same spirit. Both faces along
 * each axis count, as a hull's do (hull-sat.ts): the one toward the other box's centre, whose
 * separation step 2 measured, and the one opposite. None pointing along the axis, the best face
 * stands when it lies at right angles to it, and the edge axis wins when it points against it.
 * `rotation`: B's rotation in A's frame; `faces`: the six face axes' separations, then B's
 * centre along them.
 */
function useFaceAlongEdge(rotation: Float64Array, faces: Float64Array, result: BoxBoxAxis): void {
  const size = result.size;
  // The edge axis e_i x (column j of r) in A's frame (unnormalised: only the ratios matter),
  // oriented from A toward B.
  const i = result.edgeA, j = result.edgeB;
  const c0 = rotation[j]!, c1 = rotation[3 + j]!, c2 = rotation[6 + j]!;
  let l0 = i === 0 ? 0 : i === 1 ? c2 : -c1;
  let l1 = i === 0 ? -c2 : i === 1 ? 0 : c0;
  let l2 = i === 0 ? c1 : i === 1 ? -c0 : 0;
  if (l0 * faces[6]! + l1 * faces[7]! + l2 * faces[8]! < 0) {
    l0 = -l0;
    l1 = -l1;
    l2 = -l2;
  }
  const tie = ALIGNMENT_TIE * Math.sqrt(l0 * l0 + l1 * l1 + l2 * l2);
  let best = -1, bestAlignment = 0, bestSeparation = 0, bestSign = 1;
  for (let face = 0; face < 6; face++) {
    // A's face normals are the unit axes, B's the columns of r. Along each, the face toward the
    // other box (by the centres), whose separation step 2 measured, moves B away from A along
    // +-the axis by the sign of the centre along it; the face opposite, overlapping by 2 |centre|
    // more, the other way: the two faces a hull has along that normal.
    const m = face - 3, centre = faces[6 + face]!;
    const along = m < 0
      ? (face === 0 ? l0 : face === 1 ? l1 : l2)
      : l0 * rotation[m]! + l1 * rotation[3 + m]! + l2 * rotation[6 + m]!;
    const near = centre < 0 ? -along : along;
    const alignment = Math.abs(along);
    const separation = near > 0 ? faces[face]! : faces[face]! - 2 * Math.abs(centre);
    // prefersEdge's rule written out (PERFORMANCE.md: doubles cross calls in arrays or fields).
    if (
      !(alignment > tie && alignment > bestAlignment) ||
      result.edgeSeparation >
        separation + EDGE_RELATIVE_MARGIN * Math.abs(separation) + EDGE_ABSOLUTE_MARGIN * size
    ) continue;
    best = face;
    bestAlignment = alignment;
    bestSeparation = separation;
    // The outward normal's sign along the axis: A's face moves B along it, B's face against it.
    bestSign = (along < 0 ? -1 : 1) * (m < 0 ? 1 : -1);
  }
  if (best < 0) {
    // No face within the margin points along the axis: the best face stands at right angles to
    // it; pointing against it, the edge axis describes the contact (hull-sat.ts's
    // `useFaceAlongEdge`, fuzz/FINDINGS.md F124).
    const k = result.faceAxis;
    const along = result.faceOfB
      ? -result.faceSign * (l0 * rotation[k]! + l1 * rotation[3 + k]! + l2 * rotation[6 + k]!)
      : result.faceSign * (k === 0 ? l0 : k === 1 ? l1 : l2);
    if (along < -tie) result.edgeWins = true;
    return;
  }
  result.faceOfB = best >= 3;
  result.faceAxis = best % 3;
  result.faceSign = bestSign;
  result.faceSeparation = bestSeparation;
  result.edgeAlignment = bestAlignment;
}

/**
 * The edge-versus-face rule: whether an edge axis of separation `edgeSeparation` describes the
 * contact rather than the best face axis of separation `faceSeparation` (see
 * EDGE_ABSOLUTE_MARGIN); `size` is the largest half size of the pair.
 */
export function prefersEdge(edgeSeparation: number, faceSeparation: number, size: number): boolean {
  return edgeSeparation >
    faceSeparation + EDGE_RELATIVE_MARGIN * Math.abs(faceSeparation) + EDGE_ABSOLUTE_MARGIN * size;
}

/**
 * Whether the face of a box with half sizes `h` normal to local axis `axis` has a larger area
 * than the face of half sizes `g` normal to `other` (a boolean, not the areas: PERFORMANCE.md,
 * doubles cross calls in arrays or fields).
 */
function largerFace(h: Float64Array, axis: number, g: Float64Array, other: number): boolean {
  const area = axis === 0 ? h[1]! * h[2]! : axis === 1 ? h[0]! * h[2]! : h[0]! * h[1]!;
  return area > (other === 0 ? g[1]! * g[2]! : other === 1 ? g[0]! * g[2]! : g[0]! * g[1]!);
}
