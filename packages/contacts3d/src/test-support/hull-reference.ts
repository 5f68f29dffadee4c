/**
 * The hull-hull path as it stood before its separating-axis test seeded each of its three
 * searches (A's faces, B's faces, the edge pairs) with the most promising candidate (contactkit
 * ba3b81a, without the pair cache): the reference that convex-hull-reference.test.ts compares
 * the detector's contacts with, bit for bit, on hostile configurations. It writes the same
 * `hullScratch` arrays as the detector (run one, then the other). The Minkowski-face walk and
 * scan, the clipping and the reduction are the detector's own (hull-sat.test.ts checks the walk
 * against the scan). Tests only; not exported by the package.
 */
import { ContactKind } from '@contactkit/math';
import { clipHullFaces } from '../clip/hull-face-clip.js';
import type { CollisionData } from '../manifold/collision-data.js';
import { LocalManifold, MAX_MANIFOLD_POINTS } from '../manifold/local-manifold.js';
import { reduceManifold } from '../manifold/manifold.js';
import { EDGE_ABSOLUTE_MARGIN, EDGE_RELATIVE_MARGIN } from '../sat/box-box-sat.js';
import {
  HullAxis,
  scanMinkowskiPartners,
  useFaceAlongEdge,
  walkMinkowskiPartners,
} from '../sat/hull-sat.js';
import type { HullData, HullEdgeData, HullGraph } from '../shapes/convex-hull.js';
import { hullScratch } from '../shapes/hull-scratch.js';
import { edgeForShallowFace } from '../pairs/convex-hull-convex-hull.js';

/** Separations (relative to the size of the pair) closer than this count as equal. */
const TIE = 1e-10;
/** Edge pairs whose sin^2 of angle is below this never win (box-box-sat.ts's NEAR_PARALLEL_SQUARED). */
const NEAR_PARALLEL_SQUARED = 1e-6;
/** Below this sin^2 an edge axis is skipped: its direction would be round-off (PARALLEL_SQUARED). */
const PARALLEL_SQUARED = 1e-12;
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
 * Step 1: B's vertices (x, y, z each), planes (nx, ny, nz, d) and edge vectors in the frame of
 * the transform `ma`, into `hullScratch` (frameVertices, framePlanes, and edgeVectors after A's).
 * `mb` is B's transform. A's own edge vectors go first into edgeVectors.
 */
function referencePlaceHullInFrame(
  a: HullData,
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
  const edges = s.edgeVectors, va = a.vertices, ea = a.edgeVertices;
  for (let e = 0; e < a.edgeCount; e++) {
    const p = 3 * ea[2 * e]!, q = 3 * ea[2 * e + 1]!;
    edges[3 * e] = va[q]! - va[p]!;
    edges[3 * e + 1] = va[q + 1]! - va[p + 1]!;
    edges[3 * e + 2] = va[q + 2]! - va[p + 2]!;
  }
  const eb = b.edgeVertices, base = 3 * a.edgeCount;
  for (let e = 0; e < b.edgeCount; e++) {
    const p = 3 * eb[2 * e]!, q = 3 * eb[2 * e + 1]!;
    edges[base + 3 * e] = out[q]! - out[p]!;
    edges[base + 3 * e + 1] = out[q + 1]! - out[p + 1]!;
    edges[base + 3 * e + 2] = out[q + 2]! - out[p + 2]!;
  }
}

/**
 * Steps 2 to 5 (after `placeHullInFrame`): whether hulls `a` and `b` are within
 * `result.tolerance` along every face normal and every Minkowski-face edge axis; when they are,
 * the axis that describes their contact goes into `result`.
 */
export function referenceHullSeparatingAxis(
  a: HullEdgeData,
  b: HullGraph,
  result: HullAxis,
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
  // for (NaN; its lowest vertex -1).
  const bx = s.frameCentre[0]!, by = s.frameCentre[1]!, bz = s.frameCentre[2]!;
  let faceA = 0, separationA = -Infinity;
  for (let f = 0; f < facesA; f++) {
    const i = 4 * f;
    const above = planesA[i]! * bx + planesA[i + 1]! * by + planesA[i + 2]! * bz -
      planesA[i + 3]! + pruneSlack;
    if (above <= tolerance && above < separationA) {
      separations[f] = NaN;
      lowestVertices[f] = -1;
      continue;
    }
    faceOfA(a, countB, f);
    const separation = separations[f]!;
    if (separation > tolerance) {
      result.separatingFace = f;
      return false;
    }
    if (separation > separationA + tie) {
      separationA = separation;
      faceA = f;
    }
  }
  const ax = ca[0]!, ay = ca[1]!, az = ca[2]!;
  let faceB = 0, separationB = -Infinity;
  for (let f = 0; f < facesB; f++) {
    const i = 4 * f;
    const above = planesB[i]! * ax + planesB[i + 1]! * ay + planesB[i + 2]! * az -
      planesB[i + 3]! + pruneSlack;
    if (above <= tolerance && above < separationB) {
      separations[facesA + f] = NaN;
      continue;
    }
    faceOfB(a, facesA, f);
    const separation = separations[facesA + f]!;
    if (separation > tolerance) {
      result.separatingFace = facesA + f;
      return false;
    }
    if (separation > separationB + tie) {
      separationB = separation;
      faceB = f;
    }
  }
  let useB = separationB > separationA + tie;
  if (Math.abs(separationB - separationA) <= tie) useB = b.faceAreas[faceB]! > a.faceAreas[faceA]!;
  const faceSeparation = useB ? separationB : separationA;

  // 4. Edge pairs: for each edge of A, the edges of B that form a Minkowski face with it
  // (`walkMinkowskiPartners`, else `scanMinkowskiPartners`), in increasing order, as a scan of
  // every pair would visit them.
  const edges = s.edgeVectors, baseB = 3 * a.edgeCount, partners = s.edgePartners;
  const edgeFacesA = a.edgeFaces, edgeVerticesA = a.edgeVertices, edgeVerticesB = b.edgeVertices;
  const cx = a.centre[0]!, cy = a.centre[1]!, cz = a.centre[2]!;
  let edgeA = -1, edgeB = -1, edgeSeparation = -Infinity;
  let axisX = 0, axisY = 0, axisZ = 0;
  const walks = b.edgeCount >= WALK_EDGES;
  for (let i = 0; i < a.edgeCount; i++) {
    const pa = 3 * edgeVerticesA[2 * i]!;
    const px = va[pa]!, py = va[pa + 1]!, pz = va[pa + 2]!;
    const f0 = edgeFacesA[2 * i]!, f1 = edgeFacesA[2 * i + 1]!;
    const i0 = 4 * f0, i1 = 4 * f1;
    const n0x = planesA[i0]!, n0y = planesA[i0 + 1]!, n0z = planesA[i0 + 2]!;
    const n1x = planesA[i1]!, n1y = planesA[i1 + 1]!, n1z = planesA[i1 + 2]!;
    // An axis L on this edge's arc is a n0 + b n1 (a, b >= 0, a + b >= 1), so its separation,
    // at most L . (v - p) for any point v of B (p on the edge), is at most the larger of
    // n0 . (v - p) and n1 . (v - p) where that is negative. With v B's centre, then B's lowest
    // vertices along n0 and n1: an edge whose every axis lies deeper than the best edge pair
    // so far can neither separate nor replace it (a replacement must beat it by `tie`), so its
    // partners are not sought; `pruneSlack` covers the round-off of both sides.
    const best = Math.min(edgeSeparation, 0) - pruneSlack;
    if (edgeA >= 0) {
      const wx = bx - px, wy = by - py, wz = bz - pz;
      const bound = Math.max(n0x * wx + n0y * wy + n0z * wz, n1x * wx + n1y * wy + n1z * wz);
      if (bound < best) continue;
    }
    if (lowestVertices[f0]! < 0) faceOfA(a, countB, f0);
    if (lowestVertices[f1]! < 0) faceOfA(a, countB, f1);
    const start = lowestVertices[f0]!, target = lowestVertices[f1]!;
    if (edgeA >= 0) {
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
      if (lengthSquared >= NEAR_PARALLEL_SQUARED * lengths && separation > edgeSeparation + tie) {
        edgeSeparation = separation;
        edgeA = i;
        edgeB = j;
        axisX = lx * inverse;
        axisY = ly * inverse;
        axisZ = lz * inverse;
      }
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

/** How far (relative to the edge) an edge's closest point may lie past its end and still be on it. */
const EDGE_SLACK = 1e-9;

/**
 * Step 3: the contact of A's edge `axis.edgeA` and B's edge `axis.edgeB` (B placed in A's frame)
 * into `candidates` (A's frame); false, with nothing added, when the closest points of the two
 * lines fall outside either edge.
 */
function edgeContact(a: HullData, b: HullData, axis: HullAxis, candidates: LocalManifold): boolean {
  const va = a.vertices, vb = hullScratch.frameVertices;
  const i = axis.edgeA, j = axis.edgeB;
  const pa = 3 * a.edgeVertices[2 * i]!, qa = 3 * a.edgeVertices[2 * i + 1]!;
  const pb = 3 * b.edgeVertices[2 * j]!, qb = 3 * b.edgeVertices[2 * j + 1]!;
  const ax = va[pa]!, ay = va[pa + 1]!, az = va[pa + 2]!;
  const d1x = va[qa]! - ax, d1y = va[qa + 1]! - ay, d1z = va[qa + 2]! - az;
  const bx = vb[pb]!, by = vb[pb + 1]!, bz = vb[pb + 2]!;
  const d2x = vb[qb]! - bx, d2y = vb[qb + 1]! - by, d2z = vb[qb + 2]! - bz;
  // Closest points of the lines a + s d1 and b + t d2 (Ericson 5.1.8): with r = a - b,
  // s = (b f - c e) / (a e - b^2), t = (b s + f) / e, where a = d1.d1, b = d1.d2, c = d1.r,
  // e = d2.d2, f = d2.r. The edges are not parallel (the SAT skips those axes).
  const rx = ax - bx, ry = ay - by, rz = az - bz;
  const aa = d1x * d1x + d1y * d1y + d1z * d1z;
  const bb = d1x * d2x + d1y * d2y + d1z * d2z;
  const cc = d1x * rx + d1y * ry + d1z * rz;
  const ee = d2x * d2x + d2y * d2y + d2z * d2z;
  const ff = d2x * rx + d2y * ry + d2z * rz;
  const s = (bb * ff - cc * ee) / (aa * ee - bb * bb);
  const t = (bb * s + ff) / ee;
  if (s < -EDGE_SLACK || s > 1 + EDGE_SLACK || t < -EDGE_SLACK || t > 1 + EDGE_SLACK) return false;
  const wax = ax + s * d1x, way = ay + s * d1y, waz = az + s * d1z;
  const wbx = bx + t * d2x, wby = by + t * d2y, wbz = bz + t * d2z;
  // The normal from B toward A is minus the axis (oriented from A toward B).
  const nx = -axis.axisX, ny = -axis.axisY, nz = -axis.axisZ;
  candidates.normalX = nx;
  candidates.normalY = ny;
  candidates.normalZ = nz;
  const point = candidates.points[0]!;
  point.x = 0.5 * (wax + wbx);
  point.y = 0.5 * (way + wby);
  point.z = 0.5 * (waz + wbz);
  point.depth = (wbx - wax) * nx + (wby - way) * ny + (wbz - waz) * nz;
  point.kind = ContactKind.EdgeEdge;
  point.features = (a.edgeCodes[i]! << 16) | b.edgeCodes[j]!;
  candidates.count = 1;
  return true;
}

/** The SAT's answer for the current pair. Scratch of `hullManifold` alone. */
const axisScratch = new HullAxis();
/** Indices `reduceManifold` keeps. Scratch of `hullManifold` alone. */
const selectedScratch = new Int32Array(MAX_MANIFOLD_POINTS);

/**
 * Steps 2 to 5 for A (`a` at transform `ma`) and B in canonical order, for contacts down to
 * separation `data.tolerance` (0 without `data`: the overlap tests): fills `manifold` in world
 * space (count 0 when the hulls are apart). The tolerance comes in its buffer, not as an
 * argument: doubles cross calls in arrays or fields (PERFORMANCE.md). Shared with box-convex-hull.ts,
 * which passes a box as a hull.
 */
export function referenceHullManifold(
  a: HullEdgeData,
  ma: Float64Array,
  b: HullGraph,
  mb: Float64Array,
  data: CollisionData | null,
  manifold: LocalManifold,
): void {
  manifold.count = 0;
  referencePlaceHullInFrame(a, ma, b, mb);
  const axis = axisScratch;
  axis.tolerance = data === null ? 0 : data.tolerance;
  if (!referenceHullSeparatingAxis(a, b, axis)) return;
  const candidates = hullScratch.candidates;
  candidates.count = 0;
  // When the edges' closest points lie off the edges, the best face describes the contact.
  if (!axis.edgeWins || !edgeContact(a, b, axis, candidates)) {
    const placedVertices = hullScratch.frameVertices, placedPlanes = hullScratch.framePlanes;
    if (axis.faceOfB) {
      clipHullFaces(
        b,
        placedVertices,
        placedPlanes,
        axis.face,
        a,
        a.vertices,
        a.planes,
        false,
        axis,
        candidates,
      );
    } else {
      clipHullFaces(
        a,
        a.vertices,
        a.planes,
        axis.face,
        b,
        placedVertices,
        placedPlanes,
        true,
        axis,
        candidates,
      );
    }
    // No incident point reaches the reference face as deep as the hulls overlap, or as close as
    // the best edge pair lies: that part lies beside the face, where the two meet edge to edge
    // (a face chosen by the preference over a shallower edge axis).
    if (!axis.edgeWins && axis.edgeA >= 0) edgeForShallowFace(a, b, axis, candidates);
  }
  // 5. Reduction and world space: x_world = pa + Ra x.
  const count = candidates.count;
  const reduced = count > MAX_MANIFOLD_POINTS;
  const kept = reduced ? reduceManifold(selectedScratch, candidates, MAX_MANIFOLD_POINTS) : count;
  const nx = candidates.normalX, ny = candidates.normalY, nz = candidates.normalZ;
  manifold.normalX = ma[0]! * nx + ma[4]! * ny + ma[8]! * nz;
  manifold.normalY = ma[1]! * nx + ma[5]! * ny + ma[9]! * nz;
  manifold.normalZ = ma[2]! * nx + ma[6]! * ny + ma[10]! * nz;
  for (let k = 0; k < kept; k++) {
    const source = candidates.points[reduced ? selectedScratch[k]! : k]!;
    const point = manifold.points[k]!;
    const x = source.x, y = source.y, z = source.z;
    point.x = ma[12]! + ma[0]! * x + ma[4]! * y + ma[8]! * z;
    point.y = ma[13]! + ma[1]! * x + ma[5]! * y + ma[9]! * z;
    point.z = ma[14]! + ma[2]! * x + ma[6]! * y + ma[10]! * z;
    point.depth = source.depth;
    point.kind = source.kind;
    point.features = source.features;
  }
  manifold.count = kept;
}
