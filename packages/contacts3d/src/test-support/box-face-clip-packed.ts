/**
 * The box face clip as it was before it was rewritten as plain Sutherland-Hodgman (tests and the
 * clip comparison only; not exported by the package): each vertex made once in a pool and a
 * polygon kept as a list of `8 * vertex + leaving edge`, so a pass copied one integer per vertex.
 * box-face-clip.test.ts checks that the plain version gives exactly what this one gives.
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

/** A quadrilateral cut by four planes gains at most one vertex per plane. */
const MAX_POLYGON = 8;
/**
 * The vertex pool: the incident face's 4 corners, then the crossings (a pass makes at most one
 * per vertex of its input); as many entries hold the polygons (the face, then each pass's).
 */
const MAX_VERTICES = 4 + 4 * MAX_POLYGON;
/** Face alignments closer than this count as equal. */
const ALIGNMENT_TIE = 1e-10;
/** Distance from a side plane, relative to the reference box's size, that counts as on the plane. */
const PLANE_SLACK = 1e-9;

/**
 * The vertices the clipping makes, in the reference face's frame, each made once and never
 * moved: u and v of vertex i at 2i and 2i + 1 (a pass reads the one at 2i + (plane >> 1)), w.
 * Vertices 0 to 3 are the incident face's corners; each later one is the crossing of a polygon
 * edge with a side plane, `vertexCrossing` = 4 * (the edge's tag) + plane, which names its
 * features when it is kept. Scratch of `clipBoxFaces` alone.
 */
const vertexUV = new Float64Array(2 * MAX_VERTICES);
const vertexW = new Float64Array(MAX_VERTICES);
const vertexCrossing = new Int32Array(MAX_VERTICES);
/**
 * The polygons: the incident face, then each pass's result after its input (a polygon is an
 * offset and a count). An entry is `8 * vertex + leaving`: the pool vertex and the edge that
 * leaves it (incident edge e -> e, a stretch along side plane p -> 4 + p; side planes 0: +u,
 * 1: -u, 2: +v, 3: -v), so a pass copies one integer per vertex it keeps. Scratch of
 * `clipBoxFaces` alone.
 */
const polygonEntries = new Int32Array(MAX_VERTICES);

/**
 * What every pass of one clipping shares: the reference face's half extents, the plane slack
 * and the pool's size (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
interface ClipFrame {
  limitU: number;
  limitV: number;
  slack: number;
  /** Vertices made so far. */
  vertices: number;
}

/**
 * One Sutherland-Hodgman pass of the polygon of `count` vertices at offset `input` against side
 * plane `plane` (`sign * x <= limit`, x being u for planes 0 and 1, v for 2 and 3) into the
 * polygon right after it (offset `input + count`); returns its vertex count, or -1 when no vertex
 * lies beyond the plane by more than the slack (the polygon stays as it is). An edge is cut where
 * one end lies inside by more than the slack and the other beyond by more than the slack; a
 * vertex within the slack of the plane is kept as it is.
 */
function clipAgainstSidePlane(
  input: number,
  count: number,
  plane: number,
  frame: ClipFrame,
): number {
  const output = input + count;
  const axis = plane >> 1, other = 1 - axis;
  const limit = axis === 0 ? frame.limitU : frame.limitV, slack = frame.slack;
  const sign = plane & 1 ? -1 : 1;
  let written = 0, made = frame.vertices, cut = false;
  // Edge i runs from vertex i to vertex i + 1; each distance is computed once, and carried on.
  let entry = polygonEntries[input]!;
  const firstDistance = sign * vertexUV[2 * (entry >> 3) + axis]! - limit;
  let distanceCurrent = firstDistance;
  for (let i = 0; i < count; i++) {
    const following = i + 1 === count ? 0 : i + 1;
    const nextEntry = polygonEntries[input + following]!;
    const current = entry >> 3, next = nextEntry >> 3;
    const distanceNext = following === 0
      ? firstDistance
      : sign * vertexUV[2 * next + axis]! - limit;
    const leavingInside = distanceCurrent < -slack;
    if (
      (leavingInside && distanceNext > slack) || (distanceCurrent > slack && distanceNext < -slack)
    ) {
      // The edge crosses the plane at t, from distanceCurrent + t (distanceNext - distanceCurrent) = 0;
      // on the plane itself the crossing's coordinate across it is exactly the limit.
      const t = distanceCurrent / (distanceCurrent - distanceNext);
      const crossing = made++;
      vertexUV[2 * crossing + axis] = sign * limit;
      const along = vertexUV[2 * current + other]!;
      vertexUV[2 * crossing + other] = along + t * (vertexUV[2 * next + other]! - along);
      vertexW[crossing] = vertexW[current]! + t * (vertexW[next]! - vertexW[current]!);
      const edge = entry & 7;
      vertexCrossing[crossing] = 4 * edge + plane;
      // Leaving: the polygon goes on along the plane; entering: along the cut edge.
      polygonEntries[output + written++] = 8 * crossing + (leavingInside ? 4 + plane : edge);
    }
    if (distanceNext <= slack) {
      // A vertex on the plane whose successor is outside leaves along the plane. (A single
      // vertex is its own successor; its tag then no longer matters: it has no edge to cut.)
      let leaves = false;
      if (distanceNext >= -slack) {
        const after = following + 1 === count ? 0 : following + 1;
        leaves = sign * vertexUV[2 * (polygonEntries[input + after]! >> 3) + axis]! - limit > slack;
      }
      polygonEntries[output + written++] = leaves ? 8 * next + 4 + plane : nextEntry;
    } else {
      cut = true;
    }
    entry = nextEntry;
    distanceCurrent = distanceNext;
  }
  frame.vertices = made;
  return cut ? written : -1;
}

/** The clip frame of the current pair. Scratch of `clipBoxFaces` alone. */
const frameScratch: ClipFrame = { limitU: 0, limitV: 0, slack: 0, vertices: 0 };

/**
 * Steps 1 to 4 of the file outline for the reference face of `reference` with outward normal
 * `axis.faceSign * axis axis.faceAxis`: fills `manifold` (normal from B toward A; A is
 * `reference` when `referenceIsA`), keeping points deeper than `-axis.tolerance`.
 */
export function clipBoxFacesPacked(
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
  vertexUV[0] = uPlusP + qu;
  vertexUV[1] = vPlusP + qv;
  vertexW[0] = wPlusP + qw;
  vertexUV[2] = uMinusP + qu;
  vertexUV[3] = vMinusP + qv;
  vertexW[1] = wMinusP + qw;
  vertexUV[4] = uMinusP - qu;
  vertexUV[5] = vMinusP - qv;
  vertexW[2] = wMinusP - qw;
  vertexUV[6] = uPlusP - qu;
  vertexUV[7] = vPlusP - qv;
  vertexW[3] = wPlusP - qw;
  // The polygon at offset `polygon` holds `vertexCount` vertices; corner j leaves along edge j.
  let polygon = 0, vertexCount = 4;
  for (let j = 0; j < 4; j++) polygonEntries[j] = 8 * j + j;

  // 3. The passes. One leaves the polygon as it is when no vertex is beyond its plane, which the
  // extreme corners show before any cut; later vertices stay in the corners' hull up to the
  // round-off of a few interpolations, which `reach` bounds with room to spare.
  const limitU = hr[axisU]!, limitV = hr[axisV]!, faceLevel = hr[referenceAxis]!;
  const slack = PLANE_SLACK * Math.max(faceLevel, limitU, limitV);
  const frame = frameScratch;
  frame.limitU = limitU;
  frame.limitV = limitV;
  frame.slack = slack;
  frame.vertices = 4;
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
    const clippedCount = clipAgainstSidePlane(polygon, vertexCount, plane, frame);
    if (clippedCount < 0) continue;
    polygon += vertexCount;
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
  let count = 0;
  for (let i = polygon; i < polygon + vertexCount; i++) {
    const vertex = polygonEntries[i]! >> 3;
    let depth = faceLevel - referenceSign * vertexW[vertex]!;
    if (depth < -tolerance) {
      if (depth < -tolerance - slack) continue;
      depth = -tolerance;
    }
    const u = vertexUV[2 * vertex]!,
      v = vertexUV[2 * vertex + 1]!,
      w = vertexW[vertex]! + 0.5 * depth * referenceSign;
    const point = points[count]!;
    point.x = ox + u * ux + v * vx + w * wx;
    point.y = oy + u * uy + v * vy + w * wy;
    point.z = oz + u * uz + v * vz + w * wz;
    point.depth = depth;
    if (vertex < 4) {
      // A corner of the incident face on the reference face.
      point.kind = pointFace;
      point.features = (FACE_CORNER_CODE[4 * incidentFace + vertex]! << incidentShift) |
        referenceFaceCode;
    } else {
      const crossing = vertexCrossing[vertex]!, edge = crossing >> 2, plane = crossing & 3;
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
}
