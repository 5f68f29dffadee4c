/**
 * Box against box: the separating-axis test over 15 axes (seed 004, after Millington ch. 13 and
 * Gottschalk's OBB test as given in Ericson 4.4.1), with the full clipped manifold for face axes
 * (Sutherland-Hodgman clipping of the incident face against the reference face's side planes,
 * as in ODE's dBoxBox and Box2D's b2ClipPolygons) and one contact for edge axes.
 *
 * Frames: the SAT runs in box A's frame; the clipping in the reference box's frame, where its
 * side planes are axis aligned. A and B are the two boxes in canonical order (see
 * `firstInCanonicalOrder`): computing every pair in one order and mirroring the result makes
 * swapped arguments give exactly the same points, depths and feature ids, with negated normals.
 *
 * Kinds (seed 004 models face-face and edge-face contact by its point-face and edge-edge
 * points): an incident vertex inside the reference face is PointFace (incident vertex, reference
 * face); an incident edge crossing the reference face's boundary is EdgeEdge (reference face
 * edge, incident edge); a reference face corner inside the incident face is PointFace
 * (reference vertex, incident face); the edge axis gives one EdgeEdge contact.
 */
import { AXIS_ABSOLUTE_MARGIN, AXIS_RELATIVE_MARGIN, ContactKind, PARALLEL_EPSILON, packFeatureId } from '@contactkit/math';
import { boxEdgeFeature, boxFaceFeature, boxVertexFeature } from './box-features.js';
import { claimContact, type CollisionData } from './collision-data.js';
import { reduceManifold } from './manifold.js';
import type { Box } from './primitives.js';

/** Rotation of B in A's frame: `rotationAB[3 * i + j] = dot(a_i, b_j)`. */
const rotationAB = new Float64Array(9);
const absRotationAB = new Float64Array(9);

/** Largest clipped polygon: a quadrilateral cut by four planes gains at most one vertex per plane. */
const MAX_POLYGON = 8;
// Two polygon buffers for the clipping passes: local coordinates, feature codes, kind, and the
// tag of the edge leaving each vertex (>= 0: an incident edge code; < 0: -1 - side plane).
const polygonPoints = [new Float64Array(3 * MAX_POLYGON), new Float64Array(3 * MAX_POLYGON)] as const;
const polygonReference = [new Int32Array(MAX_POLYGON), new Int32Array(MAX_POLYGON)] as const;
const polygonIncident = [new Int32Array(MAX_POLYGON), new Int32Array(MAX_POLYGON)] as const;
const polygonKind = [new Int32Array(MAX_POLYGON), new Int32Array(MAX_POLYGON)] as const;
const polygonEdge = [new Int32Array(MAX_POLYGON), new Int32Array(MAX_POLYGON)] as const;

/** The manifold of the current pair, in canonical order, before it is written out. */
const manifoldPoints = new Float64Array(3 * MAX_POLYGON);
const manifoldDepths = new Float64Array(MAX_POLYGON);
const manifoldFeatureA = new Int32Array(MAX_POLYGON);
const manifoldFeatureB = new Int32Array(MAX_POLYGON);
const manifoldKinds = new Int32Array(MAX_POLYGON);
const manifoldNormal = new Float64Array(3);
const selected = new Int32Array(MAX_POLYGON);

/** Edge code of a box edge along `axis`, given the signs of the vertex coordinates on all three axes. */
function edgeFromSigns(axis: number, sign0: number, sign1: number, sign2: number): number {
  if (axis === 0) return boxEdgeFeature(0, sign1, sign2);
  if (axis === 1) return boxEdgeFeature(1, sign0, sign2);
  return boxEdgeFeature(2, sign0, sign1);
}

function signOf(value: number): number {
  return value < 0 ? -1 : 1;
}

/**
 * Whether `a` comes first in the canonical order of a pair: the lexicographic order of
 * position, half size and rotation. Identical boxes at the same pose keep the given order.
 */
function firstInCanonicalOrder(a: Box, b: Box): boolean {
  const ma = a.transform, mb = b.transform;
  for (let i = 12; i < 15; i++) if (ma[i] !== mb[i]) return ma[i]! < mb[i]!;
  for (let i = 0; i < 3; i++) if (a.halfSize[i] !== b.halfSize[i]) return a.halfSize[i]! < b.halfSize[i]!;
  for (let i = 0; i < 11; i++) if (ma[i] !== mb[i]) return ma[i]! < mb[i]!;
  return true;
}

/**
 * One Sutherland-Hodgman pass: keeps the part of polygon `source` (count vertices) with
 * `sign * x[axis] <= limit`, writes it to polygon `target` and returns its vertex count.
 * `referenceFace` (axis, sign) is the reference face, so that new points get feature codes.
 */
function clipPolygon(
  source: 0 | 1,
  count: number,
  axis: number,
  sign: number,
  limit: number,
  referenceAxis: number,
  referenceSign: number,
  incidentFace: number,
): number {
  const target = source === 0 ? 1 : 0;
  const inPoints = polygonPoints[source], outPoints = polygonPoints[target];
  const inReference = polygonReference[source], outReference = polygonReference[target];
  const inIncident = polygonIncident[source], outIncident = polygonIncident[target];
  const inKind = polygonKind[source], outKind = polygonKind[target];
  const inEdge = polygonEdge[source], outEdge = polygonEdge[target];
  const planeTag = -1 - (2 * axis + (sign < 0 ? 1 : 0));
  let out = 0;
  for (let i = 0; i < count; i++) {
    const next = i + 1 === count ? 0 : i + 1;
    const distanceCurrent = sign * inPoints[3 * i + axis]! - limit;
    const distanceNext = sign * inPoints[3 * next + axis]! - limit;
    if ((distanceCurrent <= 0) !== (distanceNext <= 0)) {
      // The edge crosses the plane: t from distanceCurrent + t (distanceNext - distanceCurrent) = 0.
      const t = distanceCurrent / (distanceCurrent - distanceNext);
      for (let c = 0; c < 3; c++) {
        const from = inPoints[3 * i + c]!;
        outPoints[3 * out + c] = from + t * (inPoints[3 * next + c]! - from);
      }
      outPoints[3 * out + axis] = sign * limit;
      const edgeTag = inEdge[i]!;
      if (edgeTag >= 0) {
        // An incident edge crosses the boundary edge between the reference face and this side.
        const s0 = referenceAxis === 0 ? referenceSign : axis === 0 ? sign : 0;
        const s1 = referenceAxis === 1 ? referenceSign : axis === 1 ? sign : 0;
        const s2 = referenceAxis === 2 ? referenceSign : axis === 2 ? sign : 0;
        outReference[out] = edgeFromSigns(3 - referenceAxis - axis, s0, s1, s2);
        outIncident[out] = edgeTag;
        outKind[out] = ContactKind.EdgeEdge;
      } else {
        // An earlier side plane meets this one: the reference face's corner, on the incident face.
        const previous = -1 - edgeTag;
        const previousAxis = previous >> 1, previousSign = previous & 1 ? -1 : 1;
        const signs0 = referenceAxis === 0 ? referenceSign : axis === 0 ? sign : previousSign;
        const signs1 = referenceAxis === 1 ? referenceSign : axis === 1 ? sign : previousSign;
        const signs2 = referenceAxis === 2 ? referenceSign : axis === 2 ? sign : previousSign;
        outReference[out] = previousAxis === axis ? boxFaceFeature(axis, sign) : boxVertexFeature(signs0, signs1, signs2);
        outIncident[out] = incidentFace;
        outKind[out] = ContactKind.PointFace;
      }
      outEdge[out] = distanceCurrent <= 0 ? planeTag : edgeTag;
      out++;
    }
    if (distanceNext <= 0) {
      outPoints[3 * out] = inPoints[3 * next]!;
      outPoints[3 * out + 1] = inPoints[3 * next + 1]!;
      outPoints[3 * out + 2] = inPoints[3 * next + 2]!;
      outReference[out] = inReference[next]!;
      outIncident[out] = inIncident[next]!;
      outKind[out] = inKind[next]!;
      outEdge[out] = inEdge[next]!;
      out++;
    }
  }
  return out;
}

/**
 * Face axis: clips the incident face of `incident` against the reference face of `reference`
 * (local axis `referenceAxis`, outward sign `referenceSign`) and writes the points below the
 * reference face (within `tolerance`) to the manifold buffers, in world space. `referenceIsA`
 * says which feature slot each box fills. Returns the number of points.
 */
function faceContacts(
  reference: Box,
  incident: Box,
  referenceIsA: boolean,
  referenceAxis: number,
  referenceSign: number,
  tolerance: number,
): number {
  const mr = reference.transform, mi = incident.transform;
  const hr = reference.halfSize, hi = incident.halfSize;
  // Reference axes (world) and the incident box's centre and axes in the reference frame.
  const r0x = mr[0]!, r0y = mr[1]!, r0z = mr[2]!;
  const r1x = mr[4]!, r1y = mr[5]!, r1z = mr[6]!;
  const r2x = mr[8]!, r2y = mr[9]!, r2z = mr[10]!;
  const dx = mi[12]! - mr[12]!, dy = mi[13]! - mr[13]!, dz = mi[14]! - mr[14]!;
  const centre0 = dx * r0x + dy * r0y + dz * r0z;
  const centre1 = dx * r1x + dy * r1y + dz * r1z;
  const centre2 = dx * r2x + dy * r2y + dz * r2z;
  // Reference face normal in the reference frame is referenceSign * e_referenceAxis; the
  // incident face is the incident box's face most anti-parallel to it.
  let incidentAxis = 0;
  let best = -1;
  let incidentDot = 0;
  for (let m = 0; m < 3; m++) {
    const ix = mi[4 * m]!, iy = mi[4 * m + 1]!, iz = mi[4 * m + 2]!;
    const along = referenceAxis === 0 ? ix * r0x + iy * r0y + iz * r0z : referenceAxis === 1 ? ix * r1x + iy * r1y + iz * r1z : ix * r2x + iy * r2y + iz * r2z;
    if (Math.abs(along) > best) {
      best = Math.abs(along);
      incidentAxis = m;
      incidentDot = along * referenceSign;
    }
  }
  const incidentSign = incidentDot > 0 ? -1 : 1;
  const axisU: number = incidentAxis === 0 ? 1 : 0;
  const axisV = incidentAxis === 2 ? 1 : 2;
  // Incident axes in the reference frame, scaled by the half sizes.
  const mx = mi[4 * incidentAxis]!, my = mi[4 * incidentAxis + 1]!, mz = mi[4 * incidentAxis + 2]!;
  const ux = mi[4 * axisU]!, uy = mi[4 * axisU + 1]!, uz = mi[4 * axisU + 2]!;
  const vx = mi[4 * axisV]!, vy = mi[4 * axisV + 1]!, vz = mi[4 * axisV + 2]!;
  const hm = incidentSign * hi[incidentAxis]!, hu = hi[axisU]!, hv = hi[axisV]!;
  const face0 = centre0 + hm * (mx * r0x + my * r0y + mz * r0z);
  const face1 = centre1 + hm * (mx * r1x + my * r1y + mz * r1z);
  const face2 = centre2 + hm * (mx * r2x + my * r2y + mz * r2z);
  const u0 = hu * (ux * r0x + uy * r0y + uz * r0z), u1 = hu * (ux * r1x + uy * r1y + uz * r1z), u2 = hu * (ux * r2x + uy * r2y + uz * r2z);
  const v0 = hv * (vx * r0x + vy * r0y + vz * r0z), v1 = hv * (vx * r1x + vy * r1y + vz * r1z), v2 = hv * (vx * r2x + vy * r2y + vz * r2z);

  // The incident quad, corners (+u +v), (-u +v), (-u -v), (+u -v), with its vertex and edge codes.
  const points = polygonPoints[0];
  const referenceFace = boxFaceFeature(referenceAxis, referenceSign);
  const incidentFace = boxFaceFeature(incidentAxis, incidentSign);
  for (let corner = 0; corner < 4; corner++) {
    const su = corner === 0 || corner === 3 ? 1 : -1;
    const sv = corner < 2 ? 1 : -1;
    points[3 * corner] = face0 + su * u0 + sv * v0;
    points[3 * corner + 1] = face1 + su * u1 + sv * v1;
    points[3 * corner + 2] = face2 + su * u2 + sv * v2;
    const s0 = incidentAxis === 0 ? incidentSign : axisU === 0 ? su : sv;
    const s1 = incidentAxis === 1 ? incidentSign : axisU === 1 ? su : sv;
    const s2 = incidentAxis === 2 ? incidentSign : axisU === 2 ? su : sv;
    polygonReference[0][corner] = referenceFace;
    polygonIncident[0][corner] = boxVertexFeature(s0, s1, s2);
    polygonKind[0][corner] = ContactKind.PointFace;
    // Edge to the next corner: corners 0-1 and 2-3 differ in u (edge along u), 1-2 and 3-0 in v.
    polygonEdge[0][corner] = corner === 0 || corner === 2 ? edgeFromSigns(axisU, s0, s1, s2) : edgeFromSigns(axisV, s0, s1, s2);
  }

  // Clip against the four side planes of the reference face.
  const sideU = referenceAxis === 0 ? 1 : 0;
  const sideV = referenceAxis === 2 ? 1 : 2;
  let count = clipPolygon(0, 4, sideU, 1, hr[sideU]!, referenceAxis, referenceSign, incidentFace);
  count = clipPolygon(1, count, sideU, -1, hr[sideU]!, referenceAxis, referenceSign, incidentFace);
  count = clipPolygon(0, count, sideV, 1, hr[sideV]!, referenceAxis, referenceSign, incidentFace);
  count = clipPolygon(1, count, sideV, -1, hr[sideV]!, referenceAxis, referenceSign, incidentFace);
  const clipped = polygonPoints[0];

  // Keep the points below the reference face; the contact point is halfway to the face.
  const faceLevel = hr[referenceAxis]!;
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const depth = faceLevel - referenceSign * clipped[3 * i + referenceAxis]!;
    if (depth < -tolerance) continue;
    let x0 = clipped[3 * i]!, x1 = clipped[3 * i + 1]!, x2 = clipped[3 * i + 2]!;
    const lift = 0.5 * depth * referenceSign;
    if (referenceAxis === 0) x0 += lift;
    else if (referenceAxis === 1) x1 += lift;
    else x2 += lift;
    manifoldPoints[3 * kept] = mr[12]! + x0 * r0x + x1 * r1x + x2 * r2x;
    manifoldPoints[3 * kept + 1] = mr[13]! + x0 * r0y + x1 * r1y + x2 * r2y;
    manifoldPoints[3 * kept + 2] = mr[14]! + x0 * r0z + x1 * r1z + x2 * r2z;
    manifoldDepths[kept] = depth;
    manifoldFeatureA[kept] = referenceIsA ? polygonReference[0][i]! : polygonIncident[0][i]!;
    manifoldFeatureB[kept] = referenceIsA ? polygonIncident[0][i]! : polygonReference[0][i]!;
    manifoldKinds[kept] = polygonKind[0][i]!;
    kept++;
  }
  // Contact normal from B toward A: against the reference face's outward normal when A is the reference.
  const normalSign = referenceIsA ? -referenceSign : referenceSign;
  const column = 4 * referenceAxis;
  manifoldNormal[0] = normalSign * mr[column]!;
  manifoldNormal[1] = normalSign * mr[column + 1]!;
  manifoldNormal[2] = normalSign * mr[column + 2]!;
  return kept;
}

/**
 * Edge axis `a_i x b_j`: the closest points of A's edge along `a_i` and B's edge along `b_j`
 * that are extreme along the axis. Writes one contact to the manifold buffers and returns 1, or
 * returns 0 when the closest points of the two lines fall outside either edge (the edge axis
 * then does not describe the contact, and the caller falls back to the best face axis).
 * `t0, t1, t2`: B's centre in A's frame.
 */
function edgeContact(a: Box, b: Box, i: number, j: number, t0: number, t1: number, t2: number): number {
  const ma = a.transform;
  const ha = a.halfSize, hb = b.halfSize;
  const R = rotationAB;
  // B's edge direction in A's frame is column j of R; the axis is e_i x that column.
  const bj0 = R[j]!, bj1 = R[3 + j]!, bj2 = R[6 + j]!;
  let l0 = i === 0 ? 0 : i === 1 ? bj2 : -bj1;
  let l1 = i === 0 ? -bj2 : i === 1 ? 0 : bj0;
  let l2 = i === 0 ? bj1 : i === 1 ? -bj0 : 0;
  // Orient the axis from A toward B.
  if (l0 * t0 + l1 * t1 + l2 * t2 < 0) {
    l0 = -l0;
    l1 = -l1;
    l2 = -l2;
  }
  // A's edge: the support of A along the axis, with the coordinate along a_i free.
  const sa0 = i === 0 ? 0 : signOf(l0), sa1 = i === 1 ? 0 : signOf(l1), sa2 = i === 2 ? 0 : signOf(l2);
  const pa0 = sa0 * ha[0]!, pa1 = sa1 * ha[1]!, pa2 = sa2 * ha[2]!;
  // B's edge: the support of B against the axis, with the coordinate along b_j free.
  let pb0 = t0, pb1 = t1, pb2 = t2;
  let sb0 = 0, sb1 = 0, sb2 = 0;
  for (let m = 0; m < 3; m++) {
    if (m === j) continue;
    const c0 = R[m]!, c1 = R[3 + m]!, c2 = R[6 + m]!;
    const sign = -signOf(l0 * c0 + l1 * c1 + l2 * c2);
    const offset = sign * hb[m]!;
    pb0 += offset * c0;
    pb1 += offset * c1;
    pb2 += offset * c2;
    if (m === 0) sb0 = sign;
    else if (m === 1) sb1 = sign;
    else sb2 = sign;
  }
  // Closest points of the lines pa + s e_i and pb + t b_j (unit directions):
  // s (1 - b^2) = b f - c and t = f + s b, with b = e_i . b_j, c = e_i . r, f = b_j . r, r = pa - pb.
  const r0 = pa0 - pb0, r1 = pa1 - pb1, r2 = pa2 - pb2;
  const dot = R[3 * i + j]!;
  const c = i === 0 ? r0 : i === 1 ? r1 : r2;
  const f = bj0 * r0 + bj1 * r1 + bj2 * r2;
  const denominator = l0 * l0 + l1 * l1 + l2 * l2;
  const s = (dot * f - c) / denominator;
  const t = f + s * dot;
  const edgeSlack = 1e-9;
  if (Math.abs(s) > ha[i]! * (1 + edgeSlack) || Math.abs(t) > hb[j]! * (1 + edgeSlack)) return 0;
  // Witness points in A's frame, then the midpoint and the normal (from B toward A) in world.
  const wa0 = pa0 + (i === 0 ? s : 0), wa1 = pa1 + (i === 1 ? s : 0), wa2 = pa2 + (i === 2 ? s : 0);
  const wb0 = pb0 + t * bj0, wb1 = pb1 + t * bj1, wb2 = pb2 + t * bj2;
  const inverseLength = 1 / Math.sqrt(denominator);
  const n0 = -l0 * inverseLength, n1 = -l1 * inverseLength, n2 = -l2 * inverseLength;
  const penetration = (wb0 - wa0) * n0 + (wb1 - wa1) * n1 + (wb2 - wa2) * n2;
  const m0 = 0.5 * (wa0 + wb0), m1 = 0.5 * (wa1 + wb1), m2 = 0.5 * (wa2 + wb2);
  manifoldPoints[0] = ma[12]! + m0 * ma[0]! + m1 * ma[4]! + m2 * ma[8]!;
  manifoldPoints[1] = ma[13]! + m0 * ma[1]! + m1 * ma[5]! + m2 * ma[9]!;
  manifoldPoints[2] = ma[14]! + m0 * ma[2]! + m1 * ma[6]! + m2 * ma[10]!;
  manifoldNormal[0] = n0 * ma[0]! + n1 * ma[4]! + n2 * ma[8]!;
  manifoldNormal[1] = n0 * ma[1]! + n1 * ma[5]! + n2 * ma[9]!;
  manifoldNormal[2] = n0 * ma[2]! + n1 * ma[6]! + n2 * ma[10]!;
  manifoldDepths[0] = penetration;
  manifoldFeatureA[0] = edgeFromSigns(i, sa0, sa1, sa2);
  manifoldFeatureB[0] = edgeFromSigns(j, sb0, sb1, sb2);
  manifoldKinds[0] = ContactKind.EdgeEdge;
  return 1;
}

/** Result of the last `separatingAxisTest`, read by `boxBoxManifold`. */
const sat = {
  /** 0..2: face of A along a_i; 3..5: face of B along b_(i-3). */
  faceAxis: 0,
  faceSeparation: 0,
  /** Sign of B's centre along a face axis of A, or of A's centre along a face axis of B. */
  faceSign: 1,
  /** Index 3i + j of the deepest usable edge axis a_i x b_j, or -1. */
  edgeAxis: -1,
  edgeSeparation: 0,
  /** B's centre in A's frame. */
  t0: 0,
  t1: 0,
  t2: 0,
};

/**
 * The 15-axis separating-axis test (Ericson 4.4.1) in A's frame, with early out: returns false
 * as soon as an axis separates the boxes by more than `tolerance`, otherwise true with the best
 * face and edge axes in `sat`. Edge axes of near-parallel edges (sine below 1e-3) are skipped:
 * the face axes then bound the separation to within `halfEdge * 1e-3`, while the normalised
 * cross product would carry the round-off of a near-zero vector.
 */
function separatingAxisTest(a: Box, b: Box, tolerance: number): boolean {
  const ma = a.transform, mb = b.transform;
  const ha0 = a.halfSize[0]!, ha1 = a.halfSize[1]!, ha2 = a.halfSize[2]!;
  const hb0 = b.halfSize[0]!, hb1 = b.halfSize[1]!, hb2 = b.halfSize[2]!;
  const R = rotationAB, Q = absRotationAB;
  for (let i = 0; i < 3; i++) {
    const ax = ma[4 * i]!, ay = ma[4 * i + 1]!, az = ma[4 * i + 2]!;
    for (let j = 0; j < 3; j++) {
      const value = ax * mb[4 * j]! + ay * mb[4 * j + 1]! + az * mb[4 * j + 2]!;
      R[3 * i + j] = value;
      Q[3 * i + j] = Math.abs(value);
    }
  }
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const t0 = dx * ma[0]! + dy * ma[1]! + dz * ma[2]!;
  const t1 = dx * ma[4]! + dy * ma[5]! + dz * ma[6]!;
  const t2 = dx * ma[8]! + dy * ma[9]! + dz * ma[10]!;
  sat.t0 = t0;
  sat.t1 = t1;
  sat.t2 = t2;

  // Face axes of A: |t_i| - (ha_i + sum_j hb_j |R_ij|).
  let faceAxis = 0, faceSeparation = -Infinity, faceSign = 1;
  for (let i = 0; i < 3; i++) {
    const ti = i === 0 ? t0 : i === 1 ? t1 : t2;
    const hai = i === 0 ? ha0 : i === 1 ? ha1 : ha2;
    const separation = Math.abs(ti) - (hai + hb0 * Q[3 * i]! + hb1 * Q[3 * i + 1]! + hb2 * Q[3 * i + 2]!);
    if (separation > tolerance) return false;
    if (separation > faceSeparation) {
      faceSeparation = separation;
      faceAxis = i;
      faceSign = signOf(ti);
    }
  }
  // Face axes of B: |t . b_j| - (sum_i ha_i |R_ij| + hb_j). B replaces A only past the margin.
  const size = Math.max(ha0, ha1, ha2, hb0, hb1, hb2);
  const absoluteMargin = AXIS_ABSOLUTE_MARGIN * size;
  let faceBAxis = 0, faceBSeparation = -Infinity, faceBSign = 1;
  for (let j = 0; j < 3; j++) {
    const tj = t0 * R[j]! + t1 * R[3 + j]! + t2 * R[6 + j]!;
    const hbj = j === 0 ? hb0 : j === 1 ? hb1 : hb2;
    const separation = Math.abs(tj) - (ha0 * Q[j]! + ha1 * Q[3 + j]! + ha2 * Q[6 + j]! + hbj);
    if (separation > tolerance) return false;
    if (separation > faceBSeparation) {
      faceBSeparation = separation;
      faceBAxis = j;
      // A's centre lies at -t in B's frame: the face of B toward A has the opposite sign.
      faceBSign = -signOf(tj);
    }
  }
  if (faceBSeparation > faceSeparation + AXIS_RELATIVE_MARGIN * Math.abs(faceSeparation) + absoluteMargin) {
    faceAxis = 3 + faceBAxis;
    faceSeparation = faceBSeparation;
    faceSign = faceBSign;
  }

  // Edge axes a_i x b_j, in A's frame e_i x (column j of R).
  let edgeAxis = -1, edgeSeparation = -Infinity;
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      const c0 = R[j]!, c1 = R[3 + j]!, c2 = R[6 + j]!;
      const l0 = i === 0 ? 0 : i === 1 ? c2 : -c1;
      const l1 = i === 0 ? -c2 : i === 1 ? 0 : c0;
      const l2 = i === 0 ? c1 : i === 1 ? -c0 : 0;
      const lengthSquared = l0 * l0 + l1 * l1 + l2 * l2;
      if (lengthSquared < PARALLEL_EPSILON) continue;
      const radiusA = ha0 * Math.abs(l0) + ha1 * Math.abs(l1) + ha2 * Math.abs(l2);
      let radiusB = 0;
      for (let m = 0; m < 3; m++) {
        if (m === j) continue;
        const hbm = m === 0 ? hb0 : m === 1 ? hb1 : hb2;
        radiusB += hbm * Math.abs(l0 * R[m]! + l1 * R[3 + m]! + l2 * R[6 + m]!);
      }
      const separation = (Math.abs(t0 * l0 + t1 * l1 + t2 * l2) - radiusA - radiusB) / Math.sqrt(lengthSquared);
      if (separation > tolerance) return false;
      if (separation > edgeSeparation) {
        edgeSeparation = separation;
        edgeAxis = 3 * i + j;
      }
    }
  }
  sat.faceAxis = faceAxis;
  sat.faceSeparation = faceSeparation;
  sat.faceSign = faceSign;
  const edgeWins = edgeSeparation > faceSeparation + AXIS_RELATIVE_MARGIN * Math.abs(faceSeparation) + absoluteMargin;
  sat.edgeAxis = edgeWins ? edgeAxis : -1;
  sat.edgeSeparation = edgeSeparation;
  return true;
}

/**
 * The manifold of A and B (canonical order) into the module buffers: SAT, then the edge
 * contact if an edge axis wins and its closest points lie on both edges, else the clipped face.
 */
function boxBoxManifold(a: Box, b: Box, tolerance: number): number {
  if (!separatingAxisTest(a, b, tolerance)) return 0;
  if (sat.edgeAxis >= 0) {
    const i = (sat.edgeAxis / 3) | 0, j = sat.edgeAxis - 3 * i;
    if (edgeContact(a, b, i, j, sat.t0, sat.t1, sat.t2) === 1) return 1;
  }
  return sat.faceAxis < 3
    ? faceContacts(a, b, true, sat.faceAxis, sat.faceSign, tolerance)
    : faceContacts(b, a, false, sat.faceAxis - 3, sat.faceSign, tolerance);
}

/**
 * Contacts between two boxes (see the file comment for the method and the kinds). Writes up to
 * `data.maxContactsPerPair` contacts (the full clipped manifold holds up to 8: two unit cubes,
 * one turned 45 degrees about the shared face normal, give the 8 corners of an octagon),
 * reduced by `reduceManifold` when the limit is smaller, and returns how many it wrote.
 *
 * Defined answers: boxes exactly touching give penetration 0 (4 contacts for a box resting on
 * another); two identical boxes at the same pose are pushed apart along the smallest half
 * extent of A's first such axis (penetration `2 * halfSize`, normal `-a_k`, a finite answer);
 * a box entirely inside another is pushed out through the face axis of least penetration.
 */
export function collideBoxBox(first: Box, second: Box, data: CollisionData): number {
  const firstIsA = firstInCanonicalOrder(first, second);
  const count = firstIsA ? boxBoxManifold(first, second, data.tolerance) : boxBoxManifold(second, first, data.tolerance);
  if (count === 0) return 0;
  const limit = data.maxContactsPerPair;
  let chosen = count;
  if (count > limit) {
    chosen = reduceManifold(selected, manifoldPoints, manifoldDepths, count, manifoldNormal[0]!, manifoldNormal[1]!, manifoldNormal[2]!, limit);
  } else {
    for (let i = 0; i < count; i++) selected[i] = i;
  }
  const sign = firstIsA ? 1 : -1;
  let written = 0;
  for (let k = 0; k < chosen; k++) {
    if (data.contactCount >= data.contacts.length) {
      data.overflowed = true;
      break;
    }
    const i = selected[k]!;
    const contact = claimContact(data, first.body, second.body);
    contact.point[0] = manifoldPoints[3 * i]!;
    contact.point[1] = manifoldPoints[3 * i + 1]!;
    contact.point[2] = manifoldPoints[3 * i + 2]!;
    contact.normal[0] = sign * manifoldNormal[0]!;
    contact.normal[1] = sign * manifoldNormal[1]!;
    contact.normal[2] = sign * manifoldNormal[2]!;
    contact.penetration = manifoldDepths[i]!;
    contact.kind = manifoldKinds[i] as ContactKind;
    contact.featureId = firstIsA
      ? packFeatureId(manifoldFeatureA[i]!, manifoldFeatureB[i]!)
      : packFeatureId(manifoldFeatureB[i]!, manifoldFeatureA[i]!);
    written++;
  }
  return written;
}

/** Whether two boxes overlap or touch: the 15-axis SAT with no tolerance (seed 004's IntersectionTests). */
export function overlapBoxBox(first: Box, second: Box): boolean {
  return firstInCanonicalOrder(first, second) ? separatingAxisTest(first, second, 0) : separatingAxisTest(second, first, 0);
}
