/**
 * The separating-axis test of two convex polyhedra (Gregorius, "The Separating Axis Test between
 * Convex Polyhedra", GDC 2013), in hull A's frame, with early out. Steps:
 *   1. B's vertices in A's frame (`placeHullInFrame`), then, once A's faces are passed, B's planes
 *      and edge vectors (`placeFacesInFrame`).
 *   2. A's face normals, then B's: the separation along a face is the other hull's lowest vertex
 *      above the face's plane; any above the tolerance ends the test. Each hull's faces start
 *      from a seed (the face the other's centre lies highest above), and a face whose bound (the
 *      other's centre, or the seed's lowest vertex) lies below the best so far is not measured.
 *   3. The best face, of A or of B: the face axis of least overlap; ties to the larger face, then A.
 *   4. Edge pairs: only those whose arcs cross on the Gauss map (the edge pair forms a face of the
 *      Minkowski difference; Gregorius's IsMinkowskiFace) give a candidate axis, eA x eB oriented
 *      away from A's centre; any that separates ends the test. Each edge of A finds its partners
 *      by walking its arc across B's Gauss map from B's lowest vertex along one of its faces
 *      (known from step 2) to the other's, so the cost follows the arcs crossed, not E_A x E_B.
 *      An edge of A whose axes all lie deeper than the best edge pair so far, or the best pair of
 *      a seed edge measured first (bounded by B's centre, the seed face's lowest vertex, then
 *      B's lowest vertices along its two faces), skips the walk: it could neither separate nor
 *      win. Seeds change which candidates are measured, never the answer: a pass whose seed
 *      nearly ties an earlier candidate is made again unseeded (the reference test compares
 *      the contacts with the unseeded path's, bit for bit).
 *      The one of least overlap replaces the best face only by box-box's face preference margin
 *      (`prefersEdge`).
 *   5. When the least-overlap edge axis was declined that way, the face nearest in direction to
 *      it describes the contact (box-box-sat.ts's `useFaceAlongEdge`, for polyhedra); none
 *      pointing along it, the edge axis wins over a best face that points against it.
 * The answer goes into an explicit `HullAxis`.
 *
 * With a `HullSatCache` (a `PairCache`'s), the face or edge pair that separated the hulls at the
 * last call is tested first, by the arithmetic of its own step (the edge pair only while it still
 * forms a face of the Minkowski difference): still separating, the test ends there, as the full
 * test would (it returns false at that axis or an earlier one).
 */
import type { HullData, HullEdgeData, HullGraph } from '../shapes/convex-hull.js';
import { hullScratch } from '../shapes/hull-scratch.js';
import { EDGE_ABSOLUTE_MARGIN, EDGE_RELATIVE_MARGIN } from './box-box-sat.js';

/** The question and the answer of `hullSeparatingAxis`: the caller sets `tolerance`. */
export class HullAxis {
  /** Input: contacts are wanted down to this separation (>= 0). */
  tolerance = 0;
  /** The best face: face `face` of B (else of A), separation `faceSeparation` (<= tolerance). */
  faceOfB = false;
  face = 0;
  faceSeparation = 0;
  /** The edge pair of least overlap among the Minkowski faces (edgeA -1: none). */
  edgeA = -1;
  edgeB = -1;
  edgeSeparation = 0;
  /** The edge axis, oriented from A toward B, unit, in A's frame. */
  axisX = 0;
  axisY = 0;
  axisZ = 0;
  /** Whether that edge axis rather than the best face describes the contact. */
  edgeWins = false;
  /** The larger of the two hulls' sizes (the scale of the face preference margin). */
  size = 0;
  /** Output of hull-face-clip.ts's `clipHullFaces`: the deepest clipped point's depth. */
  patchDepth = 0;
  /**
   * The axis that separated the hulls when the test returned false: a face (A's 0 to F_A - 1,
   * then B's) in `separatingFace`, or the edge pair (`separatingEdgeA`, `separatingEdgeB`); -1
   * for the kind that did not.
   */
  separatingFace = -1;
  separatingEdgeA = -1;
  separatingEdgeB = -1;
}

/** The axis that separated a pair of hulls at the last call (in a `PairCache`): as `HullAxis`'s, -1 none. */
export class HullSatCache {
  separatingFace = -1;
  separatingEdgeA = -1;
  separatingEdgeB = -1;

  /** Forgets the pair. */
  reset(): void {
    this.separatingFace = -1;
    this.separatingEdgeA = -1;
    this.separatingEdgeB = -1;
  }
}

/** Separations (relative to the size of the pair) closer than this count as equal. */
const TIE = 1e-10;
/** Edge pairs whose sin^2 of angle is below this never win (box-box-sat.ts's NEAR_PARALLEL_SQUARED). */
const NEAR_PARALLEL_SQUARED = 1e-6;
/** Below this sin^2 an edge axis is skipped: its direction would be round-off (PARALLEL_SQUARED). */
export const PARALLEL_SQUARED = 1e-12;
/**
 * The round-off the Minkowski-face test allows its dot products: relative to the edge (the
 * normals' rotation and the products, far above 2^-52), plus the absolute error of coordinates
 * as large as the hulls' places (the edge vectors are differences of placed vertices).
 */
const FRAGILE_RELATIVE = 1e-12;
/**
 * B's edge count from which the walk pays: a box-shaped hull (12 edges, 6 faces) scans its pairs
 * no slower than it walks them (box-shaped hulls on random poses, plain node, two runs each under
 * load 10: 4174 and 5087 ns a call scanned, 4783 and 5190 walked); two 16-vertex hulls (42
 * edges) walk.
 */
const WALK_EDGES = 24;
const FRAGILE_ABSOLUTE = 1e-14;
/**
 * The room (relative to the pair's size) by which an edge's bound on its axes' separations must
 * lie below the best edge pair's before its partners are skipped: far above the round-off of
 * either, and of a pair the scan takes as a Minkowski face by round-off (its axis lies off the
 * arc by about `FRAGILE_RELATIVE`).
 */
const PRUNE_RELATIVE = 1e-9;
/**
 * Step 5's alignments (cosines of unit vectors placed by one rotation, so good to about 1e-15)
 * closer than this count as equal.
 */
const ALIGNMENT_TIE = 1e-9;

/**
 * Step 1: B's vertices (x, y, z each) and centre in the frame of the transform `ma`, into
 * `hullScratch` (frameVertices, frameCentre); `mb` is B's transform, and the transform from B's
 * frame to A's is kept (`hullScratch.frame`) for `placeFacesInFrame`, which places the rest
 * when the test first needs it: hulls apart most often part along a face of A, before it.
 */
export function placeHullInFrame(
  ma: Float64Array,
  b: HullData,
  mb: Float64Array,
): void {
  const s = hullScratch;
  // R = Ra^T Rb, t = Ra^T (pb - pa): r_km = a_k . b_m.
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const t0 = dx * ma[0]! + dy * ma[1]! + dz * ma[2]!,
    t1 = dx * ma[4]! + dy * ma[5]! + dz * ma[6]!,
    t2 = dx * ma[8]! + dy * ma[9]! + dz * ma[10]!;
  const r00 = ma[0]! * mb[0]! + ma[1]! * mb[1]! + ma[2]! * mb[2]!,
    r01 = ma[0]! * mb[4]! + ma[1]! * mb[5]! + ma[2]! * mb[6]!,
    r02 = ma[0]! * mb[8]! + ma[1]! * mb[9]! + ma[2]! * mb[10]!;
  const r10 = ma[4]! * mb[0]! + ma[5]! * mb[1]! + ma[6]! * mb[2]!,
    r11 = ma[4]! * mb[4]! + ma[5]! * mb[5]! + ma[6]! * mb[6]!,
    r12 = ma[4]! * mb[8]! + ma[5]! * mb[9]! + ma[6]! * mb[10]!;
  const r20 = ma[8]! * mb[0]! + ma[9]! * mb[1]! + ma[10]! * mb[2]!,
    r21 = ma[8]! * mb[4]! + ma[9]! * mb[5]! + ma[10]! * mb[6]!,
    r22 = ma[8]! * mb[8]! + ma[9]! * mb[9]! + ma[10]! * mb[10]!;
  s.fragile[2] = Math.abs(t0) + Math.abs(t1) + Math.abs(t2);
  const frame = s.frame;
  frame[0] = r00;
  frame[1] = r01;
  frame[2] = r02;
  frame[3] = r10;
  frame[4] = r11;
  frame[5] = r12;
  frame[6] = r20;
  frame[7] = r21;
  frame[8] = r22;
  frame[9] = t0;
  frame[10] = t1;
  frame[11] = t2;
  const cb = b.centre, cx = cb[0]!, cy = cb[1]!, cz = cb[2]!;
  s.frameCentre[0] = t0 + r00 * cx + r01 * cy + r02 * cz;
  s.frameCentre[1] = t1 + r10 * cx + r11 * cy + r12 * cz;
  s.frameCentre[2] = t2 + r20 * cx + r21 * cy + r22 * cz;
  const vb = b.vertices, out = s.frameVertices;
  for (let i = 0; i < 3 * b.vertexCount; i += 3) {
    const x = vb[i]!, y = vb[i + 1]!, z = vb[i + 2]!;
    out[i] = t0 + r00 * x + r01 * y + r02 * z;
    out[i + 1] = t1 + r10 * x + r11 * y + r12 * z;
    out[i + 2] = t2 + r20 * x + r21 * y + r22 * z;
  }
}

/**
 * Step 1, the rest (after `placeHullInFrame`): B's planes (nx, ny, nz, d) and edge vectors in
 * A's frame into `hullScratch` (framePlanes, and edgeVectors after A's own, which go first).
 */
export function placeFacesInFrame(a: HullEdgeData, b: HullData): void {
  const s = hullScratch, frame = s.frame, out = s.frameVertices;
  const r00 = frame[0]!, r01 = frame[1]!, r02 = frame[2]!;
  const r10 = frame[3]!, r11 = frame[4]!, r12 = frame[5]!;
  const r20 = frame[6]!, r21 = frame[7]!, r22 = frame[8]!;
  const t0 = frame[9]!, t1 = frame[10]!, t2 = frame[11]!;
  const pb = b.planes, planes = s.framePlanes;
  for (let i = 0; i < 4 * b.faceCount; i += 4) {
    const x = pb[i]!, y = pb[i + 1]!, z = pb[i + 2]!;
    const nx = r00 * x + r01 * y + r02 * z,
      ny = r10 * x + r11 * y + r12 * z,
      nz = r20 * x + r21 * y + r22 * z;
    planes[i] = nx;
    planes[i + 1] = ny;
    planes[i + 2] = nz;
    planes[i + 3] = pb[i + 3]! + nx * t0 + ny * t1 + nz * t2;
  }
  // A's edge vectors are the hull's own (kept with it), B's the differences of its placed vertices.
  const edges = s.edgeVectors;
  edges.set(a.edgeVectors);
  const eb = b.edgeVertices, base = 3 * a.edgeCount;
  for (let e = 0; e < b.edgeCount; e++) {
    const p = 3 * eb[2 * e]!, q = 3 * eb[2 * e + 1]!;
    edges[base + 3 * e] = out[q]! - out[p]!;
    edges[base + 3 * e + 1] = out[q + 1]! - out[p + 1]!;
    edges[base + 3 * e + 2] = out[q + 2]! - out[p + 2]!;
  }
}

/**
 * Steps 2 to 5 (after `placeHullInFrame`; `placeFacesInFrame` is called here): whether hulls `a` and `b` are within
 * `result.tolerance` along every face normal and every Minkowski-face edge axis; when they are,
 * the axis that describes their contact goes into `result`.
 */
export function hullSeparatingAxis(
  a: HullEdgeData,
  b: HullGraph,
  result: HullAxis,
  cache: HullSatCache | null,
): boolean {
  const tolerance = result.tolerance;
  const s = hullScratch;
  const vb = s.frameVertices, planesB = s.framePlanes, separations = s.faceSeparations;
  const lowestVertices = s.lowestVertices;
  const va = a.vertices, planesA = a.planes;
  const size = Math.max(a.size, b.size);
  const tie = TIE * size;
  const facesA = a.faceCount, facesB = b.faceCount;
  const countA = a.vertexCount, countB = b.vertexCount;
  result.separatingFace = -1;
  result.separatingEdgeA = -1;
  result.separatingEdgeB = -1;
  // A cached axis of B's reads B's placed planes and edges (PERFORMANCE.md: rare cases are
  // decided in the caller).
  const placedEarly = cache !== null &&
    (cache.separatingFace >= a.faceCount || cache.separatingEdgeA >= 0);
  if (placedEarly) placeFacesInFrame(a, b);
  if (cache !== null && cachedAxisSeparates(a, b, cache, result)) return false;

  // The round-off bounds: the walk's (an edge is at most 2 sqrt(3) < 4 sizes long, and its lean
  // out of its faces adds to the relative error), and the room of the bounds that skip a face
  // or an edge.
  const skew = FRAGILE_RELATIVE + a.edgeSkew + b.edgeSkew;
  const ca = a.centre, cb = b.centre;
  const fragile = s.fragile;
  const reach = fragile[2]! + 4 * (a.size + b.size) + Math.abs(ca[0]!) + Math.abs(ca[1]!) +
    Math.abs(ca[2]!) + Math.abs(cb[0]!) + Math.abs(cb[1]!) + Math.abs(cb[2]!);
  fragile[0] = 4 * skew * a.size + FRAGILE_ABSOLUTE * reach;
  fragile[1] = 4 * skew * b.size + FRAGILE_ABSOLUTE * reach;
  const pruneSlack = PRUNE_RELATIVE * size + FRAGILE_ABSOLUTE * reach;

  // 2. and 3. Face axes, ties to the earlier face. A hull's centre, the mean of its vertices,
  // lies no lower along a normal than its lowest vertex: a face whose plane the other hull's
  // centre lies below by more than the best face's separation (and than the tolerance) can
  // neither separate nor be the best face, and its own separation is left until it is asked
  // for (NaN; its lowest vertex -1). Each hull's faces start from a seed, the face whose plane
  // the other's centre lies highest above (`seedFaceOfA`, `seedFaceOfB`): most often the
  // separating face of hulls apart, and a high bound from the start for the others.
  const bx = s.frameCentre[0]!, by = s.frameCentre[1]!, bz = s.frameCentre[2]!;
  const seedA = seedFaceOfA(a, countB);
  const seedSeparationA = separations[seedA]!;
  // Any vertex of the other hull bounds a face's separation from above as well, and the seed's
  // lowest vertex far more tightly than the centre (it lies low along the faces near the seed).
  const lowA = 3 * lowestVertices[seedA]!;
  const lowAx = vb[lowA]!, lowAy = vb[lowA + 1]!, lowAz = vb[lowA + 2]!;
  if (seedSeparationA > tolerance) {
    result.separatingFace = seedA;
    return false;
  }
  let faceA = 0, separationA = -Infinity;
  for (let floor = seedSeparationA;; floor = -Infinity) {
    // The faces before the seed that a seeded pass skips lie more than `tie` below it (the
    // slack exceeds it); so when every face measured before the seed does too, the seed becomes
    // the best face at its turn in the sequence as it would with every face measured, and from
    // there both sequences agree. Otherwise the pass is made again, unseeded (rare: near ties).
    faceA = 0;
    separationA = -Infinity;
    let early = -Infinity;
    for (let f = 0; f < facesA; f++) {
      let separation = seedSeparationA;
      if (f !== seedA) {
        const i = 4 * f;
        const above = Math.min(
          planesA[i]! * bx + planesA[i + 1]! * by + planesA[i + 2]! * bz,
          planesA[i]! * lowAx + planesA[i + 1]! * lowAy + planesA[i + 2]! * lowAz,
        ) - planesA[i + 3]! + pruneSlack;
        if (above <= tolerance && above < Math.max(separationA, floor)) {
          separations[f] = NaN;
          lowestVertices[f] = -1;
          continue;
        }
        faceOfA(a, countB, f);
        separation = separations[f]!;
        if (separation > tolerance) {
          result.separatingFace = f;
          return false;
        }
        if (f < seedA) early = Math.max(early, separation);
      }
      if (separation > separationA + tie) {
        separationA = separation;
        faceA = f;
      }
    }
    if (early < floor - tie || floor === -Infinity) break;
  }
  if (!placedEarly) placeFacesInFrame(a, b);
  const ax = ca[0]!, ay = ca[1]!, az = ca[2]!;
  const seedB = seedFaceOfB(a, b);
  const seedSeparationB = separations[facesA + seedB]!;
  const lowB = 3 * s.seedVertex;
  const lowBx = va[lowB]!, lowBy = va[lowB + 1]!, lowBz = va[lowB + 2]!;
  if (seedSeparationB > tolerance) {
    result.separatingFace = facesA + seedB;
    return false;
  }
  let faceB = 0, separationB = -Infinity;
  for (let floor = seedSeparationB;; floor = -Infinity) {
    // As A's faces: seeded, and again unseeded when a face before the seed nearly ties it.
    faceB = 0;
    separationB = -Infinity;
    let early = -Infinity;
    for (let f = 0; f < facesB; f++) {
      let separation = seedSeparationB;
      if (f !== seedB) {
        const i = 4 * f;
        const above = Math.min(
          planesB[i]! * ax + planesB[i + 1]! * ay + planesB[i + 2]! * az,
          planesB[i]! * lowBx + planesB[i + 1]! * lowBy + planesB[i + 2]! * lowBz,
        ) - planesB[i + 3]! + pruneSlack;
        if (above <= tolerance && above < Math.max(separationB, floor)) {
          separations[facesA + f] = NaN;
          continue;
        }
        faceOfB(a, facesA, f);
        separation = separations[facesA + f]!;
        if (separation > tolerance) {
          result.separatingFace = facesA + f;
          return false;
        }
        if (f < seedB) early = Math.max(early, separation);
      }
      if (separation > separationB + tie) {
        separationB = separation;
        faceB = f;
      }
    }
    if (early < floor - tie || floor === -Infinity) break;
  }
  let useB = separationB > separationA + tie;
  if (Math.abs(separationB - separationA) <= tie) useB = b.faceAreas[faceB]! > a.faceAreas[faceA]!;
  const faceSeparation = useB ? separationB : separationA;

  // 4. Edge pairs: for each edge of A, the edges of B that form a Minkowski face with it
  // (`walkMinkowskiPartners`, else `scanMinkowskiPartners`), in increasing order, as a scan of
  // every pair would visit them. As the faces, the pairs start from a seed: the pairs of one
  // edge around A's seed face (`seedEdgeOfA`), measured first (step -1), the best of them the
  // floor below which the bounds skip edges from the first one on.
  const edges = s.edgeVectors, baseB = 3 * a.edgeCount, partners = s.edgePartners;
  const edgeFacesA = a.edgeFaces, edgeVerticesA = a.edgeVertices, edgeVerticesB = b.edgeVertices;
  const cx = a.centre[0]!, cy = a.centre[1]!, cz = a.centre[2]!;
  let edgeA = -1, edgeB = -1, edgeSeparation = -Infinity;
  let axisX = 0, axisY = 0, axisZ = 0;
  const walks = b.edgeCount >= WALK_EDGES;
  const seedEdge = seedEdgeOfA(a, seedA, lowA);
  let floor = -Infinity, seedPartner = -1, early = -Infinity, beforeSeed = true;
  for (let step = -1; step < a.edgeCount; step++) {
    const seeding = step < 0, i = seeding ? seedEdge : step;
    const pa = 3 * edgeVerticesA[2 * i]!;
    const px = va[pa]!, py = va[pa + 1]!, pz = va[pa + 2]!;
    const f0 = edgeFacesA[2 * i]!, f1 = edgeFacesA[2 * i + 1]!;
    const i0 = 4 * f0, i1 = 4 * f1;
    const n0x = planesA[i0]!, n0y = planesA[i0 + 1]!, n0z = planesA[i0 + 2]!;
    const n1x = planesA[i1]!, n1y = planesA[i1 + 1]!, n1z = planesA[i1 + 2]!;
    // An axis L on this edge's arc is a n0 + b n1 (a, b >= 0, a + b >= 1), so its separation,
    // at most L . (v - p) for any point v of B (p on the edge), is at most the larger of
    // n0 . (v - p) and n1 . (v - p) where that is negative. With v B's centre and the seed
    // face's lowest vertex, then B's lowest vertices along n0 and n1: an edge whose every axis
    // lies deeper than the best edge pair so far (or the floor) can neither separate nor
    // replace it (a replacement must beat it by `tie`), so its partners are not sought;
    // `pruneSlack` covers the round-off of both sides.
    const best = Math.min(Math.max(edgeSeparation, floor), 0) - pruneSlack;
    const bounded = !seeding && (edgeA >= 0 || floor > -Infinity);
    if (bounded) {
      let wx = bx - px, wy = by - py, wz = bz - pz;
      const bound = Math.max(n0x * wx + n0y * wy + n0z * wz, n1x * wx + n1y * wy + n1z * wz);
      wx = lowAx - px;
      wy = lowAy - py;
      wz = lowAz - pz;
      const low = Math.max(n0x * wx + n0y * wy + n0z * wz, n1x * wx + n1y * wy + n1z * wz);
      if (Math.min(bound, low) < best) continue;
    }
    if (lowestVertices[f0]! < 0) faceOfA(a, countB, f0);
    if (lowestVertices[f1]! < 0) faceOfA(a, countB, f1);
    const start = lowestVertices[f0]!, target = lowestVertices[f1]!;
    if (bounded) {
      const k0 = 3 * start, k1 = 3 * target;
      let wx = vb[k0]! - px, wy = vb[k0 + 1]! - py, wz = vb[k0 + 2]! - pz;
      const bound0 = Math.max(
        n0x * wx + n0y * wy + n0z * wz,
        n1x * wx + n1y * wy + n1z * wz,
      );
      wx = vb[k1]! - px;
      wy = vb[k1 + 1]! - py;
      wz = vb[k1 + 2]! - pz;
      const bound1 = Math.max(
        n0x * wx + n0y * wy + n0z * wz,
        n1x * wx + n1y * wy + n1z * wz,
      );
      if (Math.min(bound0, bound1) < best) continue;
    }
    let count = walks ? walkMinkowskiPartners(a, b, i, start, target, partners) : -1;
    if (count < 0) count = scanMinkowskiPartners(a, b, i, partners);
    const ex = edges[3 * i]!, ey = edges[3 * i + 1]!, ez = edges[3 * i + 2]!;
    const lengthA = ex * ex + ey * ey + ez * ez;
    for (let c = 0; c < count; c++) {
      const j = partners[c]!;
      if (i === seedEdge && j === seedPartner) beforeSeed = false;
      const k = baseB + 3 * j;
      const fx = edges[k]!, fy = edges[k + 1]!, fz = edges[k + 2]!;
      // The axis eA x eB, away from A's centre.
      let lx = ey * fz - ez * fy, ly = ez * fx - ex * fz, lz = ex * fy - ey * fx;
      const lengthSquared = lx * lx + ly * ly + lz * lz;
      // sin^2 of the angle between the edges, as lengthSquared against |eA|^2 |eB|^2.
      const lengths = lengthA * (fx * fx + fy * fy + fz * fz);
      if (lengthSquared < PARALLEL_SQUARED * lengths) continue;
      if (lx * (px - cx) + ly * (py - cy) + lz * (pz - cz) < 0) {
        lx = -lx;
        ly = -ly;
        lz = -lz;
      }
      const qb = 3 * edgeVerticesB[2 * j]!;
      const gap = lx * (vb[qb]! - px) + ly * (vb[qb + 1]! - py) + lz * (vb[qb + 2]! - pz);
      // Overlapping along this axis, and deeper than the best edge so far: it neither separates
      // nor wins, so no square root (box-box-sat.ts's shortcut; the factor covers round-off).
      const better = edgeSeparation + tie;
      if (gap <= 0 && better < 0 && gap * gap > better * better * lengthSquared * (1 + 1e-6)) {
        continue;
      }
      const inverse = 1 / Math.sqrt(lengthSquared);
      const separation = gap * inverse;
      if (separation > tolerance) {
        result.separatingEdgeA = i;
        result.separatingEdgeB = j;
        return false;
      }
      if (lengthSquared < NEAR_PARALLEL_SQUARED * lengths) continue;
      if (seeding) {
        if (separation > floor) {
          floor = separation;
          seedPartner = j;
        }
        continue;
      }
      if (beforeSeed) early = Math.max(early, separation);
      if (separation > edgeSeparation + tie) {
        edgeSeparation = separation;
        edgeA = i;
        edgeB = j;
        axisX = lx * inverse;
        axisY = ly * inverse;
        axisZ = lz * inverse;
      }
    }
    // The pairs a seeded pass skips before the seed pair lie more than `tie` below the floor,
    // and those the shortcut skips lie less than `tie` above the best measured: when every pair
    // measured before the seed pair lies 2 `tie` below the floor, the seed pair becomes the best
    // at its turn as it would with every pair measured, and from there both sequences agree.
    // Otherwise the pairs are measured again, unseeded (rare: near ties).
    if (step === a.edgeCount - 1 && floor > -Infinity && !(early < floor - 2 * tie)) {
      floor = -Infinity;
      early = -Infinity;
      edgeA = -1;
      edgeB = -1;
      edgeSeparation = -Infinity;
      step = -1;
    }
  }

  result.faceOfB = useB;
  result.face = useB ? faceB : faceA;
  result.faceSeparation = faceSeparation;
  result.edgeA = edgeA;
  result.edgeB = edgeB;
  result.edgeSeparation = edgeSeparation;
  result.axisX = axisX;
  result.axisY = axisY;
  result.axisZ = axisZ;
  result.size = size;
  // prefersEdge's rule written out (PERFORMANCE.md: doubles cross calls in arrays or fields).
  result.edgeWins = edgeA >= 0 &&
    edgeSeparation >
      faceSeparation + EDGE_RELATIVE_MARGIN * Math.abs(faceSeparation) +
        EDGE_ABSOLUTE_MARGIN * size;
  if (edgeA >= 0 && !result.edgeWins && edgeSeparation > faceSeparation + tie) {
    // 5. The best face stands when its outward normal (toward the other hull) lies within 45
    // degrees of the edge axis. Tested here, so a resting pair never calls `useFaceAlongEdge`
    // (PERFORMANCE.md: rare cases are decided in the caller; F50).
    const k = 4 * result.face, planes = useB ? hullScratch.framePlanes : a.planes;
    const alignment = (useB ? -1 : 1) *
      (planes[k]! * axisX + planes[k + 1]! * axisY + planes[k + 2]! * axisZ);
    if (!(2 * alignment * alignment >= 1 && alignment > 0)) useFaceAlongEdge(a, b, result);
  }
  return true;
}

/**
 * Step 2 for A's face `f`: B's lowest vertex (of `countB`, placed) above the face's plane, into
 * `hullScratch.faceSeparations[f]`, and which vertex into `lowestVertices[f]`.
 */
function faceOfA(a: HullData, countB: number, f: number): void {
  const s = hullScratch, vb = s.frameVertices, planes = a.planes, i = 4 * f;
  const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
  let lowest = Infinity, lowestVertex = 0;
  for (let k = 0; k < 3 * countB; k += 3) {
    const h = nx * vb[k]! + ny * vb[k + 1]! + nz * vb[k + 2]!;
    if (h < lowest) {
      lowest = h;
      lowestVertex = k;
    }
  }
  s.faceSeparations[f] = lowest - planes[i + 3]!;
  s.lowestVertices[f] = lowestVertex / 3;
}

/** Step 2 for B's face `f`: A's lowest vertex above its (placed) plane, into `faceSeparations[facesA + f]`. */
function faceOfB(a: HullData, facesA: number, f: number): void {
  const s = hullScratch, va = a.vertices, planes = s.framePlanes, i = 4 * f;
  const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
  let lowest = Infinity;
  for (let k = 0; k < 3 * a.vertexCount; k += 3) {
    const h = nx * va[k]! + ny * va[k + 1]! + nz * va[k + 2]!;
    if (h < lowest) lowest = h;
  }
  s.faceSeparations[facesA + f] = lowest - planes[i + 3]!;
}

/**
 * The seed of A's faces: the face whose plane B's placed centre lies highest above (the first
 * such), measured by `faceOfA`; returns it.
 */
function seedFaceOfA(a: HullData, countB: number): number {
  const s = hullScratch, planes = a.planes, centre = s.frameCentre;
  const x = centre[0]!, y = centre[1]!, z = centre[2]!;
  let seed = 0, highest = -Infinity;
  for (let i = 0; i < 4 * a.faceCount; i += 4) {
    const above = planes[i]! * x + planes[i + 1]! * y + planes[i + 2]! * z - planes[i + 3]!;
    if (above > highest) {
      highest = above;
      seed = i;
    }
  }
  faceOfA(a, countB, seed / 4);
  return seed / 4;
}

/**
 * The seed of B's faces: as `seedFaceOfA`, A's centre above B's placed planes; its separation
 * as `faceOfB` computes it, and A's lowest vertex along it into `hullScratch.seedVertex`.
 */
function seedFaceOfB(a: HullData, b: HullData): number {
  const s = hullScratch, planes = s.framePlanes, centre = a.centre;
  const x = centre[0]!, y = centre[1]!, z = centre[2]!;
  let seed = 0, highest = -Infinity;
  for (let i = 0; i < 4 * b.faceCount; i += 4) {
    const above = planes[i]! * x + planes[i + 1]! * y + planes[i + 2]! * z - planes[i + 3]!;
    if (above > highest) {
      highest = above;
      seed = i;
    }
  }
  const va = a.vertices, nx = planes[seed]!, ny = planes[seed + 1]!, nz = planes[seed + 2]!;
  let lowest = Infinity, lowestVertex = 0;
  for (let k = 0; k < 3 * a.vertexCount; k += 3) {
    const h = nx * va[k]! + ny * va[k + 1]! + nz * va[k + 2]!;
    if (h < lowest) {
      lowest = h;
      lowestVertex = k;
    }
  }
  s.faceSeparations[a.faceCount + seed / 4] = lowest - planes[seed + 3]!;
  s.seedVertex = lowestVertex / 3;
  return seed / 4;
}

/**
 * The seed of the edge pairs: among the edges around A's seed face `face`, the one whose bound
 * on its axes' separations (see step 4) by B's placed centre and by B's vertex at offset `low`
 * (B's lowest along that face) lies highest.
 */
function seedEdgeOfA(a: HullData, face: number, low: number): number {
  const s = hullScratch, vb = s.frameVertices, centre = s.frameCentre;
  const va = a.vertices, planes = a.planes, edgeVertices = a.edgeVertices, edgeFaces = a.edgeFaces;
  const faceEdges = a.faceEdges;
  const bx = centre[0]!, by = centre[1]!, bz = centre[2]!;
  const lx = vb[low]!, ly = vb[low + 1]!, lz = vb[low + 2]!;
  let seed = 0, highest = -Infinity;
  for (let k = a.faceStart[face]!; k < a.faceStart[face + 1]!; k++) {
    const i = faceEdges[k]!;
    const p = 3 * edgeVertices[2 * i]!, i0 = 4 * edgeFaces[2 * i]!, i1 = 4 * edgeFaces[2 * i + 1]!;
    const px = va[p]!, py = va[p + 1]!, pz = va[p + 2]!;
    const n0x = planes[i0]!, n0y = planes[i0 + 1]!, n0z = planes[i0 + 2]!;
    const n1x = planes[i1]!, n1y = planes[i1 + 1]!, n1z = planes[i1 + 2]!;
    let wx = bx - px, wy = by - py, wz = bz - pz;
    const bound = Math.max(n0x * wx + n0y * wy + n0z * wz, n1x * wx + n1y * wy + n1z * wz);
    wx = lx - px;
    wy = ly - py;
    wz = lz - pz;
    const lowBound = Math.max(n0x * wx + n0y * wy + n0z * wz, n1x * wx + n1y * wy + n1z * wz);
    const both = Math.min(bound, lowBound);
    if (both > highest) {
      highest = both;
      seed = i;
    }
  }
  return seed;
}

/** `minkowskiFaceTest`'s answer: the pair forms a Minkowski face. */
export const MINKOWSKI_FACE = 1;
/** `minkowskiFaceTest`'s flag: a product it decided on lies within round-off of 0. */
export const MINKOWSKI_FRAGILE = 2;

/**
 * Gregorius's Minkowski-face test of A's edge `i` against B's edge `j` (both placed in A's
 * frame), with `across` holding B's face normals dotted with A's edge. With the edge vectors as
 * the arcs' great-circle normals (eA parallel to nA0 x nA1 for an edge running counter-clockwise
 * around face nA0), the test on the Gauss map of A and of -B reads: the arc of B's edge crosses
 * the plane of A's edge ((nB0 . eA)(nB1 . eA) < 0), the arc of A's edge crosses that of B's edge
 * ((nA0 . eB)(nA1 . eB) < 0), and on the same hemisphere ((nB0 . eA)(nA1 . eB) < 0).
 * Returns MINKOWSKI_FACE when it does, plus MINKOWSKI_FRAGILE when a dot product it read lies
 * within `hullScratch.fragile[0]` (B's normals against A's edge) or `[1]` (A's normals against
 * B's edge) of 0: a sign round-off or a merged face's lean may have flipped.
 */
export function minkowskiFaceTest(a: HullData, b: HullData, i: number, j: number): number {
  const s = hullScratch, across = s.edgeAcrossFaces;
  const cba = across[b.edgeFaces[2 * j]!]!, dba = across[b.edgeFaces[2 * j + 1]!]!;
  const fragileA = s.fragile[0]!;
  const fragile = Math.abs(cba) <= fragileA || Math.abs(dba) <= fragileA ? MINKOWSKI_FRAGILE : 0;
  if (cba * dba >= 0) return fragile;
  const planesA = a.planes, edges = s.edgeVectors, k = 3 * a.edgeCount + 3 * j;
  const fx = edges[k]!, fy = edges[k + 1]!, fz = edges[k + 2]!;
  const fa0 = 4 * a.edgeFaces[2 * i]!, fa1 = 4 * a.edgeFaces[2 * i + 1]!;
  const adc = planesA[fa0]! * fx + planesA[fa0 + 1]! * fy + planesA[fa0 + 2]! * fz;
  const bdc = planesA[fa1]! * fx + planesA[fa1 + 1]! * fy + planesA[fa1 + 2]! * fz;
  const fragileB = s.fragile[1]!;
  const either = Math.abs(adc) <= fragileB || Math.abs(bdc) <= fragileB
    ? MINKOWSKI_FRAGILE
    : fragile;
  return adc * bdc < 0 && cba * bdc < 0 ? MINKOWSKI_FACE | either : either;
}

/** `across[g]` (see `minkowskiFaceTest`) for B's face `g` and A's edge `i`. */
function setAcross(b: HullData, g: number, i: number): void {
  const s = hullScratch, planes = s.framePlanes, edges = s.edgeVectors;
  s.edgeAcrossFaces[g] = planes[4 * g]! * edges[3 * i]! + planes[4 * g + 1]! * edges[3 * i + 1]! +
    planes[4 * g + 2]! * edges[3 * i + 2]!;
}

/**
 * Every edge of B that forms a Minkowski face with A's edge `i` (B placed in A's frame), into
 * `out` in increasing order; returns how many. The reference: every pair tested.
 */
export function scanMinkowskiPartners(
  a: HullData,
  b: HullData,
  i: number,
  out: Int32Array,
): number {
  const s = hullScratch, across = s.edgeAcrossFaces, edges = s.edgeVectors;
  const planesB = s.framePlanes;
  const ex = edges[3 * i]!, ey = edges[3 * i + 1]!, ez = edges[3 * i + 2]!;
  for (let g = 0; g < b.faceCount; g++) {
    across[g] = planesB[4 * g]! * ex + planesB[4 * g + 1]! * ey + planesB[4 * g + 2]! * ez;
  }
  // The stamps would name values of another edge: the walk of the next edge recomputes its own.
  s.stamp = nextStamp(s.stamp);
  // minkowskiFaceTest's arithmetic without its round-off flags (the scan decides by the signs).
  const planesA = a.planes, edgeFacesB = b.edgeFaces, baseB = 3 * a.edgeCount;
  const fa0 = 4 * a.edgeFaces[2 * i]!, fa1 = 4 * a.edgeFaces[2 * i + 1]!;
  const a0x = planesA[fa0]!, a0y = planesA[fa0 + 1]!, a0z = planesA[fa0 + 2]!;
  const a1x = planesA[fa1]!, a1y = planesA[fa1 + 1]!, a1z = planesA[fa1 + 2]!;
  let count = 0;
  for (let j = 0; j < b.edgeCount; j++) {
    const cba = across[edgeFacesB[2 * j]!]!, dba = across[edgeFacesB[2 * j + 1]!]!;
    if (cba * dba >= 0) continue;
    const k = baseB + 3 * j;
    const fx = edges[k]!, fy = edges[k + 1]!, fz = edges[k + 2]!;
    const adc = a0x * fx + a0y * fy + a0z * fz;
    const bdc = a1x * fx + a1y * fy + a1z * fz;
    if (adc * bdc < 0 && cba * bdc < 0) out[count++] = j;
  }
  return count;
}

/** The stamp after `stamp`; the stamps start over before they would overflow. */
function nextStamp(stamp: number): number {
  if (stamp < 0x3fffffff) return stamp + 1;
  hullScratch.acrossStamps.fill(0);
  return 1;
}

/**
 * The edges of B that form a Minkowski face with A's edge `i`, found by walking the arc of A's
 * edge (from face normal nA0 to nA1) over the Gauss map of -B: its regions are B's vertices (the
 * directions d in which a vertex is B's lowest, d . x least), its arcs B's edges. The arc starts
 * in the region of `start`, B's lowest vertex along nA0, and leaves each region across the one
 * edge of that vertex that passes the Minkowski-face test; it must end in the region of `target`,
 * B's lowest vertex along nA1. Each step crosses one arc, so the cost is the vertices' degrees
 * along the way, not B's edge count. Into `out` in increasing order; returns how many, or -1 when
 * round-off or a degenerate pose leaves the walk ambiguous (a test it reads is fragile, two ways
 * on, a loop, or another end): then `scanMinkowskiPartners` decides. Where the walk ends as it
 * must, it finds every pair the scan finds but those whose test is fragile (arcs meeting within
 * round-off, e.g. at a Gauss-map vertex antipodal to a face of B: not Minkowski faces); the
 * walk's answer leaves them out (hull-sat.test.ts checks this on hostile hulls and poses).
 */
export function walkMinkowskiPartners(
  a: HullData,
  b: HullGraph,
  i: number,
  start: number,
  target: number,
  out: Int32Array,
): number {
  const s = hullScratch, stamps = s.acrossStamps;
  const stamp = nextStamp(s.stamp);
  s.stamp = stamp;
  const starts = b.vertexEdgeStart, incident = b.vertexEdges;
  const edgeFaces = b.edgeFaces, edgeVertices = b.edgeVertices;
  let vertex = start, entered = -1, count = 0;
  for (;;) {
    let exit = -1;
    for (let k = starts[vertex]!; k < starts[vertex + 1]!; k++) {
      const j = incident[k]!;
      if (j === entered) continue;
      const g0 = edgeFaces[2 * j]!, g1 = edgeFaces[2 * j + 1]!;
      if (stamps[g0] !== stamp) {
        stamps[g0] = stamp;
        setAcross(b, g0, i);
      }
      if (stamps[g1] !== stamp) {
        stamps[g1] = stamp;
        setAcross(b, g1, i);
      }
      const test = minkowskiFaceTest(a, b, i, j);
      if (test >= MINKOWSKI_FRAGILE) return -1;
      if (test === 0) continue;
      if (exit >= 0) return -1;
      exit = j;
    }
    if (exit < 0) break;
    if (count === b.edgeCount) return -1;
    out[count++] = exit;
    entered = exit;
    vertex = edgeVertices[2 * exit] === vertex
      ? edgeVertices[2 * exit + 1]!
      : edgeVertices[2 * exit]!;
  }
  if (vertex !== target) return -1;
  // Increasing order (insertion sort: a few edges), and no edge twice.
  for (let k = 1; k < count; k++) {
    const j = out[k]!;
    let m = k;
    while (m > 0 && out[m - 1]! > j) {
      out[m] = out[m - 1]!;
      m--;
    }
    if (m > 0 && out[m - 1] === j) return -1;
    out[m] = j;
  }
  return count;
}

/**
 * Whether the axis in `cache` still separates the hulls (B placed in A's frame) by more than
 * `result.tolerance`, computed as steps 2 and 4 compute it (the same expressions, so the same
 * bits); when it does, it goes into `result` as the separating axis.
 */
function cachedAxisSeparates(
  a: HullData,
  b: HullData,
  cache: HullSatCache,
  result: HullAxis,
): boolean {
  const s = hullScratch;
  const face = cache.separatingFace;
  if (face >= 0) {
    // Step 2's separation: the other hull's lowest vertex above the face's plane.
    const ofB = face >= a.faceCount;
    const planes = ofB ? s.framePlanes : a.planes, i = 4 * (ofB ? face - a.faceCount : face);
    const vertices = ofB ? a.vertices : s.frameVertices,
      count = ofB ? a.vertexCount : b.vertexCount;
    const nx = planes[i]!, ny = planes[i + 1]!, nz = planes[i + 2]!;
    let lowest = Infinity;
    for (let k = 0; k < 3 * count; k += 3) {
      const h = nx * vertices[k]! + ny * vertices[k + 1]! + nz * vertices[k + 2]!;
      if (h < lowest) lowest = h;
    }
    if (!(lowest - planes[i + 3]! > result.tolerance)) return false;
    result.separatingFace = face;
    return true;
  }
  const i = cache.separatingEdgeA, j = cache.separatingEdgeB;
  if (i < 0) return false;
  // Step 4 for the one edge pair: the Minkowski face test, the axis, its separation.
  const edges = s.edgeVectors, planesA = a.planes, planesB = s.framePlanes, vb = s.frameVertices;
  const ex = edges[3 * i]!, ey = edges[3 * i + 1]!, ez = edges[3 * i + 2]!;
  const fa0 = 4 * a.edgeFaces[2 * i]!, fa1 = 4 * a.edgeFaces[2 * i + 1]!;
  const gb0 = 4 * b.edgeFaces[2 * j]!, gb1 = 4 * b.edgeFaces[2 * j + 1]!;
  const cba = planesB[gb0]! * ex + planesB[gb0 + 1]! * ey + planesB[gb0 + 2]! * ez;
  const dba = planesB[gb1]! * ex + planesB[gb1 + 1]! * ey + planesB[gb1 + 2]! * ez;
  if (cba * dba >= 0) return false;
  const k = 3 * a.edgeCount + 3 * j;
  const fx = edges[k]!, fy = edges[k + 1]!, fz = edges[k + 2]!;
  const adc = planesA[fa0]! * fx + planesA[fa0 + 1]! * fy + planesA[fa0 + 2]! * fz;
  const bdc = planesA[fa1]! * fx + planesA[fa1 + 1]! * fy + planesA[fa1 + 2]! * fz;
  if (adc * bdc >= 0 || cba * bdc >= 0) return false;
  let lx = ey * fz - ez * fy, ly = ez * fx - ex * fz, lz = ex * fy - ey * fx;
  const lengthSquared = lx * lx + ly * ly + lz * lz;
  const lengths = (ex * ex + ey * ey + ez * ez) * (fx * fx + fy * fy + fz * fz);
  if (lengthSquared < PARALLEL_SQUARED * lengths) return false;
  const va = a.vertices, pa = 3 * a.edgeVertices[2 * i]!;
  const px = va[pa]!, py = va[pa + 1]!, pz = va[pa + 2]!;
  if (lx * (px - a.centre[0]!) + ly * (py - a.centre[1]!) + lz * (pz - a.centre[2]!) < 0) {
    lx = -lx;
    ly = -ly;
    lz = -lz;
  }
  const qb = 3 * b.edgeVertices[2 * j]!;
  const gap = lx * (vb[qb]! - px) + ly * (vb[qb + 1]! - py) + lz * (vb[qb + 2]! - pz);
  const inverse = 1 / Math.sqrt(lengthSquared);
  if (!(gap * inverse > result.tolerance)) return false;
  result.separatingEdgeA = i;
  result.separatingEdgeB = j;
  return true;
}

/**
 * Step 5, when the best face lies more than 45 degrees from the declined edge axis (the caller
 * tests that; box-box-sat.ts's rule, for any polyhedra): the face whose outward normal (toward
 * the other hull) lies closest to the axis, among the faces the edge axis does not beat by the
 * margin. Alignments within `ALIGNMENT_TIE` count as equal, and the face of less overlap wins
 * among them; a face no more aligned than that (at right angles to the axis, up to round-off)
 * describes nothing, and when no face is more aligned the best face stands. Otherwise which of
 * two opposite faces at right angles to the axis "points along it" would be decided by the sign
 * of round-off, and a rigid motion could swap a shallow face for a deep one (FINDINGS.md F123).
 */
export function useFaceAlongEdge(a: HullData, b: HullData, result: HullAxis): void {
  const separations = hullScratch.faceSeparations, planesB = hullScratch.framePlanes;
  const planesA = a.planes, facesA = a.faceCount;
  const lx = result.axisX, ly = result.axisY, lz = result.axisZ;
  const edgeSeparation = result.edgeSeparation, size = result.size;
  let best = -1, bestAlignment = 0;
  for (let f = 0; f < facesA + b.faceCount; f++) {
    // A face step 2 passed over is measured now.
    if (Number.isNaN(separations[f]!)) {
      if (f < facesA) faceOfA(a, b.vertexCount, f);
      else faceOfB(a, facesA, f - facesA);
    }
    const separation = separations[f]!;
    if (
      edgeSeparation >
        separation + EDGE_RELATIVE_MARGIN * Math.abs(separation) + EDGE_ABSOLUTE_MARGIN * size
    ) continue;
    const i = f < facesA ? 4 * f : 4 * (f - facesA);
    const along = f < facesA
      ? planesA[i]! * lx + planesA[i + 1]! * ly + planesA[i + 2]! * lz
      : -(planesB[i]! * lx + planesB[i + 1]! * ly + planesB[i + 2]! * lz);
    if (!(along > ALIGNMENT_TIE)) continue;
    if (
      best < 0 || along > bestAlignment + ALIGNMENT_TIE ||
      (along > bestAlignment - ALIGNMENT_TIE && separation > separations[best]!)
    ) {
      best = f;
      bestAlignment = along;
    }
  }
  if (best < 0) {
    // No face within the margin points along the axis. The best face stands when it lies at
    // right angles to it (above); one pointing against it, toward the far side of its own hull,
    // is no contact at all: its clipped points lie below the reference face but beyond a thin
    // reference hull, and the first touch along the edge would report the face's whole overlap
    // (two slivers crossing edge to edge, fuzz/FINDINGS.md F124). The edge axis describes it.
    const i = 4 * result.face;
    const along = result.faceOfB
      ? -(planesB[i]! * lx + planesB[i + 1]! * ly + planesB[i + 2]! * lz)
      : planesA[i]! * lx + planesA[i + 1]! * ly + planesA[i + 2]! * lz;
    if (along < -ALIGNMENT_TIE) result.edgeWins = true;
    return;
  }
  result.faceOfB = best >= facesA;
  result.face = result.faceOfB ? best - facesA : best;
  result.faceSeparation = separations[best]!;
}
