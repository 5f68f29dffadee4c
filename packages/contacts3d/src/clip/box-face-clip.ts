/**
 * The face contact of two boxes (ODE's dBoxBox and Box2D's b2ClipPolygons, carried to 3D): the
 * incident face clipped against the reference face's side planes. Steps:
 *   1. The incident face: the incident box's face most anti-parallel to the reference normal.
 *   2. Its four corners in the reference face's frame (u, v along the face's side axes, w along
 *      its normal).
 *   3. Sutherland-Hodgman: the quadrilateral clipped against the side planes |u| <= hu and
 *      |v| <= hv in turn, skipping the planes no corner crosses; a crossing records which edge
 *      met which plane.
 *   4. Every vertex below the reference face (within the tolerance) becomes a point of the
 *      local manifold, halfway between it and its projection on the reference face, named by
 *      its features: an incident corner is PointFace (the corner, the reference face); a
 *      crossing of incident edge e with side plane p is EdgeEdge (e, the reference edge on p);
 *      where two side planes meet inside the incident face, PointFace (the reference corner,
 *      the incident face).
 * A vertex within `slack` of a side plane counts as on it: it is kept and is itself the
 * crossing, so round-off never turns one corner of a resting box into two nearly equal points.
 */
import { ContactKind } from '@contactkit/math';
import {
  FACE_CODE,
  FACE_CORNER_CODE,
  FACE_EDGE_CODE,
  SIDE_CORNER_CODE,
  SIDE_EDGE_CODE,
} from '../shapes/box-features.js';
import type { BoxBoxAxis } from '../sat/box-box-sat.js';
import type { LocalManifold } from '../manifold/local-manifold.js';
import type { Box } from '../shapes/primitives.js';

/**
 * A vertex of the clipped polygon in the reference face's frame: its position (u, v along the
 * face's side axes, w along its normal) and its features (Box3D's b3ClipPolygon works on the
 * same {position, separation, feature} records).
 */
class ClipVertex {
  u = 0;
  v = 0;
  w = 0;
  /**
   * What made it: incident corner 0 to 3, or `4 + 4 * edge + plane` for the crossing of the
   * polygon edge `edge` (a `leaving` value) with side plane `plane`. Step 4 names its features
   * from this.
   */
  feature = 0;
  /**
   * The edge from this vertex to the next: incident edge e (0 to 3) or 4 + p for a stretch along
   * side plane p (0: +u, 1: -u, 2: +v, 3: -v).
   */
  leaving = 0;
}

/**
 * A parallelogram (the incident face seen in the reference frame) cut by four planes gains at
 * most one vertex per plane: a convex polygon crosses a plane at most twice, and a cut drops at
 * least one vertex.
 */
const MAX_POLYGON = 8;
/** The polygon being clipped and the next pass's result. Scratch of `clipBoxFaces` alone. */
const polygonScratch = Array.from({ length: MAX_POLYGON }, () => new ClipVertex());
const clippedScratch = Array.from({ length: MAX_POLYGON }, () => new ClipVertex());
/** Face alignments closer than this count as equal. */
const ALIGNMENT_TIE = 1e-10;
/** Distance from a side plane, relative to the reference box's size, that counts as on the plane. */
const PLANE_SLACK = 1e-9;

/**
 * What every pass of one clipping shares: the reference face's half extents and the plane slack
 * (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
interface ClipFrame {
  limitU: number;
  limitV: number;
  slack: number;
}

/** `to` becomes a copy of `from`, except that it leaves along `leaving`. */
function copyVertex(to: ClipVertex, from: ClipVertex, leaving: number): void {
  to.u = from.u;
  to.v = from.v;
  to.w = from.w;
  to.feature = from.feature;
  to.leaving = leaving;
}

/**
 * One Sutherland-Hodgman pass: the polygon of `count` vertices in `input` clipped against side
 * plane `plane` (`sign * x <= limit`, x being u for planes 0 and 1, v for 2 and 3) into `output`;
 * returns its vertex count, or -1 when no vertex lies beyond the plane by more than the slack
 * (the polygon stays as it is). An edge is cut where one end lies inside by more than the slack
 * and the other beyond by more than the slack; a vertex within the slack of the plane is kept as
 * it is, and leaves along the plane when its successor lies beyond it.
 */
function clipPolygon(
  input: readonly ClipVertex[],
  count: number,
  output: readonly ClipVertex[],
  plane: number,
  frame: ClipFrame,
): number {
  const alongV = plane >= 2, sign = plane & 1 ? -1 : 1;
  const limit = alongV ? frame.limitV : frame.limitU, slack = frame.slack;
  let written = 0, cut = false;
  // Edge i runs from vertex i to vertex i + 1; each distance is computed once, and carried on.
  let current = input[0]!;
  const firstDistance = sign * (alongV ? current.v : current.u) - limit;
  let distanceCurrent = firstDistance;
  for (let i = 0; i < count; i++) {
    const following = i + 1 === count ? 0 : i + 1;
    const next = input[following]!;
    const distanceNext = following === 0
      ? firstDistance
      : sign * (alongV ? next.v : next.u) - limit;
    const leavingInside = distanceCurrent < -slack;
    if (
      (leavingInside && distanceNext > slack) || (distanceCurrent > slack && distanceNext < -slack)
    ) {
      // The edge crosses the plane at t, from distanceCurrent + t (distanceNext - distanceCurrent) = 0;
      // on the plane itself the crossing's coordinate across it is exactly the limit.
      const t = distanceCurrent / (distanceCurrent - distanceNext);
      const crossing = output[written++]!;
      if (alongV) {
        crossing.u = current.u + t * (next.u - current.u);
        crossing.v = sign * limit;
      } else {
        crossing.u = sign * limit;
        crossing.v = current.v + t * (next.v - current.v);
      }
      crossing.w = current.w + t * (next.w - current.w);
      crossing.feature = 4 + 4 * current.leaving + plane;
      // Leaving: the polygon goes on along the plane; entering: along the cut edge.
      crossing.leaving = leavingInside ? 4 + plane : current.leaving;
    }
    if (distanceNext <= slack) {
      // A vertex on the plane whose successor is outside leaves along the plane. (A single
      // vertex is its own successor; its edge then no longer matters: it has none to cut.)
      let leaving = next.leaving;
      if (distanceNext >= -slack) {
        const after = input[following + 1 === count ? 0 : following + 1]!;
        if (sign * (alongV ? after.v : after.u) - limit > slack) leaving = 4 + plane;
      }
      copyVertex(output[written++]!, next, leaving);
    } else {
      cut = true;
    }
    current = next;
    distanceCurrent = distanceNext;
  }
  return cut ? written : -1;
}

/** The clip frame of the current pair. Scratch of `clipBoxFaces` alone. */
const frameScratch: ClipFrame = { limitU: 0, limitV: 0, slack: 0 };

/**
 * Steps 1 to 4 of the file outline for the reference face of `reference` with outward normal
 * `axis.faceSign * axis axis.faceAxis`: fills `manifold` (normal from B toward A; A is
 * `reference` when `referenceIsA`), keeping points deeper than `-axis.tolerance`; the deepest
 * point's depth into `axis.patchDepth` (-Infinity for none).
 */
export function clipBoxFaces(
  reference: Box,
  incident: Box,
  referenceIsA: boolean,
  axis: BoxBoxAxis,
  manifold: LocalManifold,
): void {
  const referenceAxis = axis.faceAxis, referenceSign = axis.faceSign, tolerance = axis.tolerance;
  const mr = reference.transform, mi = incident.transform;
  const hr = reference.halfSize, hi = incident.halfSize;
  // The reference frame: side axes u < v and the normal axis w = referenceAxis.
  const axisU = referenceAxis === 0 ? 1 : 0, axisV = referenceAxis === 2 ? 1 : 2;
  const ux = mr[4 * axisU]!, uy = mr[4 * axisU + 1]!, uz = mr[4 * axisU + 2]!;
  const vx = mr[4 * axisV]!, vy = mr[4 * axisV + 1]!, vz = mr[4 * axisV + 2]!;
  const wx = mr[4 * referenceAxis]!,
    wy = mr[4 * referenceAxis + 1]!,
    wz = mr[4 * referenceAxis + 2]!;

  // 1. The incident face; faces equal up to round-off (a box turned 45 degrees) keep the lower axis.
  const along0 = mi[0]! * wx + mi[1]! * wy + mi[2]! * wz;
  const along1 = mi[4]! * wx + mi[5]! * wy + mi[6]! * wz;
  const along2 = mi[8]! * wx + mi[9]! * wy + mi[10]! * wz;
  let incidentAxis = 0, best = Math.abs(along0), facing = along0;
  if (Math.abs(along1) > best + ALIGNMENT_TIE) {
    incidentAxis = 1;
    best = Math.abs(along1);
    facing = along1;
  }
  if (Math.abs(along2) > best + ALIGNMENT_TIE) {
    incidentAxis = 2;
    facing = along2;
  }
  const incidentSign = facing * referenceSign > 0 ? -1 : 1;
  const axisP = incidentAxis === 0 ? 1 : 0, axisQ = incidentAxis === 2 ? 1 : 2;

  // 2. Face centre f and half edges p, q of the incident face, in the reference frame; corners
  // 0: +p +q, 1: -p +q, 2: -p -q, 3: +p -q (edge e runs from corner e to corner e + 1).
  const hm = incidentSign * hi[incidentAxis]!, hp = hi[axisP]!, hq = hi[axisQ]!;
  const fx = mi[12]! - mr[12]! + hm * mi[4 * incidentAxis]!,
    fy = mi[13]! - mr[13]! + hm * mi[4 * incidentAxis + 1]!,
    fz = mi[14]! - mr[14]! + hm * mi[4 * incidentAxis + 2]!;
  const px = hp * mi[4 * axisP]!, py = hp * mi[4 * axisP + 1]!, pz = hp * mi[4 * axisP + 2]!;
  const qx = hq * mi[4 * axisQ]!, qy = hq * mi[4 * axisQ + 1]!, qz = hq * mi[4 * axisQ + 2]!;
  const fu = fx * ux + fy * uy + fz * uz,
    fv = fx * vx + fy * vy + fz * vz,
    fw = fx * wx + fy * wy + fz * wz;
  const pu = px * ux + py * uy + pz * uz,
    pv = px * vx + py * vy + pz * vz,
    pw = px * wx + py * wy + pz * wz;
  const qu = qx * ux + qy * uy + qz * uz,
    qv = qx * vx + qy * vy + qz * vz,
    qw = qx * wx + qy * wy + qz * wz;
  // Corner j is (f +- p) +- q, the signs as listed above.
  const uPlusP = fu + pu,
    uMinusP = fu - pu,
    vPlusP = fv + pv,
    vMinusP = fv - pv,
    wPlusP = fw + pw,
    wMinusP = fw - pw;
  // Written field by field, not through a helper of three doubles (PERFORMANCE.md: doubles cross
  // calls in arrays or fields); corner j leaves along incident edge j.
  let polygon = polygonScratch, spare = clippedScratch, vertexCount = 4;
  const corner0 = polygon[0]!, corner1 = polygon[1]!, corner2 = polygon[2]!, corner3 = polygon[3]!;
  corner0.u = uPlusP + qu;
  corner0.v = vPlusP + qv;
  corner0.w = wPlusP + qw;
  corner1.u = uMinusP + qu;
  corner1.v = vMinusP + qv;
  corner1.w = wMinusP + qw;
  corner2.u = uMinusP - qu;
  corner2.v = vMinusP - qv;
  corner2.w = wMinusP - qw;
  corner3.u = uPlusP - qu;
  corner3.v = vPlusP - qv;
  corner3.w = wPlusP - qw;
  for (let j = 0; j < 4; j++) {
    polygon[j]!.feature = j;
    polygon[j]!.leaving = j;
  }

  // 3. The passes. One leaves the polygon as it is when no vertex is beyond its plane, which the
  // extreme corners show before any cut; later vertices stay in the corners' hull up to the
  // round-off of a few interpolations, which `reach` bounds with room to spare.
  const limitU = hr[axisU]!, limitV = hr[axisV]!, faceLevel = hr[referenceAxis]!;
  const slack = PLANE_SLACK * Math.max(faceLevel, limitU, limitV);
  const frame = frameScratch;
  frame.limitU = limitU;
  frame.limitV = limitV;
  frame.slack = slack;
  // The corners' largest u is fu + |pu| + |qu| and their smallest fu - |pu| - |qu|, exactly as
  // the corners compute them (rounded addition is monotone); the same for v.
  const spreadPU = Math.abs(pu),
    spreadQU = Math.abs(qu),
    spreadPV = Math.abs(pv),
    spreadQV = Math.abs(qv);
  const reach = 1e-12 *
    (Math.max(Math.abs(fu) + spreadPU + spreadQU, Math.abs(fv) + spreadPV + spreadQV) + limitU +
      limitV);
  for (let plane = 0; plane < 4; plane++) {
    // How far the corner farthest along the plane's outward normal lies beyond the plane.
    const extreme = plane < 2
      ? (plane === 0 ? fu : -fu) + spreadPU + spreadQU - limitU
      : (plane === 2 ? fv : -fv) + spreadPV + spreadQV - limitV;
    if (extreme <= slack - reach) continue;
    const clippedCount = clipPolygon(polygon, vertexCount, spare, plane, frame);
    if (clippedCount < 0) continue;
    const clipped = spare;
    spare = polygon;
    polygon = clipped;
    vertexCount = clippedCount;
  }

  // 4. The points below the reference face, lifted halfway to it. Round-off may put a touching
  // point a hair above the face: within the slack it counts as touching, as the SAT that let
  // it through said (no contact is lost, none reported beyond -tolerance). Each is named by its
  // features (box-features.ts): A's code << 16 | B's.
  const referenceFace = 2 * referenceAxis + (referenceSign < 0 ? 1 : 0);
  const incidentFace = 2 * incidentAxis + (incidentSign < 0 ? 1 : 0);
  const incidentShift = referenceIsA ? 0 : 16, referenceShift = 16 - incidentShift;
  const incidentFaceCode = FACE_CODE[incidentFace]! << incidentShift,
    referenceFaceCode = FACE_CODE[referenceFace]! << referenceShift;
  const normalSign = referenceIsA ? -referenceSign : referenceSign;
  manifold.normalX = normalSign * wx;
  manifold.normalY = normalSign * wy;
  manifold.normalZ = normalSign * wz;
  const ox = mr[12]!, oy = mr[13]!, oz = mr[14]!;
  const points = manifold.points;
  // Read once per clipping, not per point: each read of an import is checked (PERFORMANCE.md).
  const pointFace = ContactKind.PointFace, edgeEdge = ContactKind.EdgeEdge;
  let count = 0, deepest = -Infinity;
  for (let i = 0; i < vertexCount; i++) {
    const vertex = polygon[i]!;
    let depth = faceLevel - referenceSign * vertex.w;
    if (depth < -tolerance) {
      if (depth < -tolerance - slack) continue;
      depth = -tolerance;
    }
    const u = vertex.u, v = vertex.v, w = vertex.w + 0.5 * depth * referenceSign;
    const point = points[count]!;
    point.x = ox + u * ux + v * vx + w * wx;
    point.y = oy + u * uy + v * vy + w * wy;
    point.z = oz + u * uz + v * vz + w * wz;
    point.depth = depth;
    if (depth > deepest) deepest = depth;
    const feature = vertex.feature;
    if (feature < 4) {
      // A corner of the incident face on the reference face.
      point.kind = pointFace;
      point.features = (FACE_CORNER_CODE[4 * incidentFace + feature]! << incidentShift) |
        referenceFaceCode;
    } else {
      const edge = (feature - 4) >> 2, plane = feature & 3;
      if (edge < 4) {
        // Incident edge `edge` across the reference face's edge on side plane `plane`.
        point.kind = edgeEdge;
        point.features = (FACE_EDGE_CODE[4 * incidentFace + edge]! << incidentShift) |
          (SIDE_EDGE_CODE[4 * referenceFace + plane]! << referenceShift);
      } else {
        // The reference face's corner where side planes edge - 4 and plane meet, inside the incident face.
        point.kind = pointFace;
        point.features = incidentFaceCode |
          (SIDE_CORNER_CODE[16 * referenceFace + 4 * (edge - 4) + plane]! << referenceShift);
      }
    }
    count++;
  }
  manifold.count = count;
  axis.patchDepth = deepest;
}
