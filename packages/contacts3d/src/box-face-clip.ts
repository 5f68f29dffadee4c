/**
 * The face contact of two boxes (ODE's dBoxBox and Box2D's b2ClipPolygons, carried to 3D): the
 * incident face clipped against the reference face's side planes. Steps:
 *   1. The incident face: the incident box's face most anti-parallel to the reference normal.
 *   2. Its four corners in the reference face's frame (u, v along the face's side axes, w along
 *      its normal), each named (incident corner, reference face), PointFace.
 *   3. Sutherland-Hodgman: the quadrilateral clipped against the side planes |u| <= hu and
 *      |v| <= hv in turn, skipping the planes no corner crosses. A crossing of incident edge e
 *      with side plane p is EdgeEdge (e, the reference edge on p); where two side planes meet
 *      inside the incident face, PointFace (the reference corner, the incident face).
 *   4. Every vertex below the reference face (within the tolerance) becomes a point of the
 *      local manifold, halfway between it and its projection on the reference face.
 * A vertex within `slack` of a side plane counts as on it: it is kept and is itself the
 * crossing, so round-off never turns one corner of a resting box into two nearly equal points.
 */
import { ContactKind } from '@contactkit/math';
import { FACE_CODE, FACE_CORNER_CODE, FACE_EDGE_CODE, SIDE_CORNER_CODE, SIDE_EDGE_CODE } from './box-features.js';
import type { BoxBoxAxis } from './box-box-sat.js';
import type { LocalManifold } from './local-manifold.js';
import type { Box } from './primitives.js';

/** A quadrilateral cut by four planes gains at most one vertex per plane. */
const MAX_POLYGON = 8;
/** Face alignments closer than this count as equal. */
const ALIGNMENT_TIE = 1e-10;
/** Distance from a side plane, relative to the reference box's size, that counts as on the plane. */
const PLANE_SLACK = 1e-9;

/**
 * A convex polygon in the reference face's frame. Per vertex: its coordinates, its kind and
 * feature codes (A's << 16 | B's), and `leaving`, the edge that leaves it: incident edge e -> e,
 * a stretch along side plane p -> 4 + p (side planes 0: +u, 1: -u, 2: +v, 3: -v).
 */
class ClipPolygon {
  readonly u: Float64Array = new Float64Array(MAX_POLYGON);
  readonly v: Float64Array = new Float64Array(MAX_POLYGON);
  readonly w: Float64Array = new Float64Array(MAX_POLYGON);
  readonly kinds: Int32Array = new Int32Array(MAX_POLYGON);
  readonly features: Int32Array = new Int32Array(MAX_POLYGON);
  readonly leaving: Int32Array = new Int32Array(MAX_POLYGON);
  /** Signed distances from the plane of the current pass (`clipAgainstSidePlane`). */
  readonly distances: Float64Array = new Float64Array(MAX_POLYGON);
  count = 0;

  push(from: ClipPolygon, i: number, leaving: number): void {
    const k = this.count++;
    this.u[k] = from.u[i]!;
    this.v[k] = from.v[i]!;
    this.w[k] = from.w[i]!;
    this.kinds[k] = from.kinds[i]!;
    this.features[k] = from.features[i]!;
    this.leaving[k] = leaving;
  }
}

/**
 * What every pass of one clipping shares: the faces and how their features combine into codes,
 * the reference face's half extents and the plane slack. (PERFORMANCE.md: doubles travel in
 * objects, not as arguments of calls V8 does not inline.)
 */
interface ClipFrame {
  incidentFace: number;
  referenceFace: number;
  /** 16 when the incident box is A (its codes go first), 0 when it is B. */
  incidentShift: number;
  limitU: number;
  limitV: number;
  slack: number;
}

/**
 * One Sutherland-Hodgman pass of `input` against side plane `plane` (`sign * x <= limit`, x
 * being u for planes 0 and 1, v for 2 and 3) into `output`; returns false, leaving `output`
 * alone, when no vertex lies beyond the plane by more than the slack.
 */
function clipAgainstSidePlane(input: ClipPolygon, output: ClipPolygon, plane: number, frame: ClipFrame): boolean {
  const limit = plane < 2 ? frame.limitU : frame.limitV, slack = frame.slack;
  const along = plane < 2 ? input.u : input.v;
  const sign = plane & 1 ? -1 : 1;
  const count = input.count, distances = input.distances;
  let inside = 0;
  for (let i = 0; i < count; i++) {
    const distance = sign * along[i]! - limit;
    distances[i] = distance;
    if (distance <= slack) inside++;
  }
  if (inside === count) return false;
  const incidentShift = frame.incidentShift, referenceShift = 16 - incidentShift;
  output.count = 0;
  for (let i = 0; i < count; i++) {
    const following = i + 1 === count ? 0 : i + 1;
    const distanceCurrent = distances[i]!, distanceNext = distances[following]!;
    const currentInside = distanceCurrent <= slack, nextInside = distanceNext <= slack;
    if (currentInside !== nextInside && (currentInside ? distanceCurrent < -slack : distanceNext < -slack)) {
      // The edge crosses the plane at t, from distanceCurrent + t (distanceNext - distanceCurrent) = 0.
      const t = distanceCurrent / (distanceCurrent - distanceNext);
      const edge = input.leaving[i]!;
      const k = output.count++;
      // On the plane itself the crossing's coordinate across it is exactly the limit.
      output.u[k] = plane < 2 ? sign * limit : input.u[i]! + t * (input.u[following]! - input.u[i]!);
      output.v[k] = plane < 2 ? input.v[i]! + t * (input.v[following]! - input.v[i]!) : sign * limit;
      output.w[k] = input.w[i]! + t * (input.w[following]! - input.w[i]!);
      if (edge < 4) {
        output.kinds[k] = ContactKind.EdgeEdge;
        output.features[k] =
          (FACE_EDGE_CODE[4 * frame.incidentFace + edge]! << incidentShift) | (SIDE_EDGE_CODE[4 * frame.referenceFace + plane]! << referenceShift);
      } else {
        output.kinds[k] = ContactKind.PointFace;
        output.features[k] =
          (FACE_CODE[frame.incidentFace]! << incidentShift) | (SIDE_CORNER_CODE[16 * frame.referenceFace + 4 * (edge - 4) + plane]! << referenceShift);
      }
      // Leaving: the polygon goes on along the plane; entering: along the cut edge.
      output.leaving[k] = currentInside ? 4 + plane : edge;
    }
    if (nextInside) {
      // A vertex on the plane whose successor is outside leaves along the plane. (A single
      // vertex is its own successor; its tag then no longer matters: it has no edge to cut.)
      const after = following + 1 === count ? 0 : following + 1;
      const leaves = distanceNext >= -slack && distances[after]! > slack;
      output.push(input, following, leaves ? 4 + plane : input.leaving[following]!);
    }
  }
  return true;
}

/** The two polygons the passes alternate between. Scratch of `clipBoxFaces` alone. */
const polygonScratch = [new ClipPolygon(), new ClipPolygon()] as const;
/** The clip frame of the current pair. Scratch of `clipBoxFaces` alone. */
const frameScratch: ClipFrame = { incidentFace: 0, referenceFace: 0, incidentShift: 0, limitU: 0, limitV: 0, slack: 0 };

/**
 * Steps 1 to 4 of the file outline for the reference face of `reference` with outward normal
 * `axis.faceSign * axis axis.faceAxis`: fills `manifold` (normal from B toward A; A is
 * `reference` when `referenceIsA`), keeping points deeper than `-axis.tolerance`.
 */
export function clipBoxFaces(reference: Box, incident: Box, referenceIsA: boolean, axis: BoxBoxAxis, manifold: LocalManifold): void {
  const referenceAxis = axis.faceAxis, referenceSign = axis.faceSign, tolerance = axis.tolerance;
  const mr = reference.transform, mi = incident.transform;
  const hr = reference.halfSize, hi = incident.halfSize;
  // The reference frame: side axes u < v and the normal axis w = referenceAxis.
  const axisU = referenceAxis === 0 ? 1 : 0, axisV = referenceAxis === 2 ? 1 : 2;
  const ux = mr[4 * axisU]!, uy = mr[4 * axisU + 1]!, uz = mr[4 * axisU + 2]!;
  const vx = mr[4 * axisV]!, vy = mr[4 * axisV + 1]!, vz = mr[4 * axisV + 2]!;
  const wx = mr[4 * referenceAxis]!, wy = mr[4 * referenceAxis + 1]!, wz = mr[4 * referenceAxis + 2]!;

  // 1. The incident face; faces equal up to round-off (a box turned 45 degrees) keep the lower axis.
  const along0 = mi[0]! * wx + mi[1]! * wy + mi[2]! * wz;
  const along1 = mi[4]! * wx + mi[5]! * wy + mi[6]! * wz;
  const along2 = mi[8]! * wx + mi[9]! * wy + mi[10]! * wz;
  let incidentAxis = 0, best = Math.abs(along0), facing = along0;
  if (Math.abs(along1) > best + ALIGNMENT_TIE) { incidentAxis = 1; best = Math.abs(along1); facing = along1; }
  if (Math.abs(along2) > best + ALIGNMENT_TIE) { incidentAxis = 2; facing = along2; }
  const incidentSign = facing * referenceSign > 0 ? -1 : 1;
  const axisP = incidentAxis === 0 ? 1 : 0, axisQ = incidentAxis === 2 ? 1 : 2;

  // 2. Face centre f and half edges p, q of the incident face, in the reference frame; corners
  // 0: +p +q, 1: -p +q, 2: -p -q, 3: +p -q (edge e runs from corner e to corner e + 1).
  const hm = incidentSign * hi[incidentAxis]!, hp = hi[axisP]!, hq = hi[axisQ]!;
  const fx = mi[12]! - mr[12]! + hm * mi[4 * incidentAxis]!, fy = mi[13]! - mr[13]! + hm * mi[4 * incidentAxis + 1]!, fz = mi[14]! - mr[14]! + hm * mi[4 * incidentAxis + 2]!;
  const px = hp * mi[4 * axisP]!, py = hp * mi[4 * axisP + 1]!, pz = hp * mi[4 * axisP + 2]!;
  const qx = hq * mi[4 * axisQ]!, qy = hq * mi[4 * axisQ + 1]!, qz = hq * mi[4 * axisQ + 2]!;
  const fu = fx * ux + fy * uy + fz * uz, fv = fx * vx + fy * vy + fz * vz, fw = fx * wx + fy * wy + fz * wz;
  const pu = px * ux + py * uy + pz * uz, pv = px * vx + py * vy + pz * vz, pw = px * wx + py * wy + pz * wz;
  const qu = qx * ux + qy * uy + qz * uz, qv = qx * vx + qy * vy + qz * vz, qw = qx * wx + qy * wy + qz * wz;
  const frame = frameScratch;
  frame.referenceFace = 2 * referenceAxis + (referenceSign < 0 ? 1 : 0);
  frame.incidentFace = 2 * incidentAxis + (incidentSign < 0 ? 1 : 0);
  frame.incidentShift = referenceIsA ? 0 : 16;
  let polygon = polygonScratch[0], spare = polygonScratch[1];
  const cornerFeatures = FACE_CODE[frame.referenceFace]! << (16 - frame.incidentShift);
  polygon.count = 4;
  for (let j = 0; j < 4; j++) {
    const sp = j === 0 || j === 3 ? 1 : -1, sq = j < 2 ? 1 : -1;
    polygon.u[j] = fu + sp * pu + sq * qu;
    polygon.v[j] = fv + sp * pv + sq * qv;
    polygon.w[j] = fw + sp * pw + sq * qw;
    polygon.kinds[j] = ContactKind.PointFace;
    polygon.features[j] = (FACE_CORNER_CODE[4 * frame.incidentFace + j]! << frame.incidentShift) | cornerFeatures;
    polygon.leaving[j] = j;
  }

  // 3. The passes. One leaves the polygon as it is when no vertex is beyond its plane, which the
  // extreme corners show before any cut; later vertices stay in the corners' hull up to the
  // round-off of a few interpolations, which `reach` bounds with room to spare.
  const limitU = hr[axisU]!, limitV = hr[axisV]!, faceLevel = hr[referenceAxis]!;
  const slack = PLANE_SLACK * Math.max(faceLevel, limitU, limitV);
  frame.limitU = limitU;
  frame.limitV = limitV;
  frame.slack = slack;
  const us = polygon.u, vs = polygon.v;
  const maxU = Math.max(us[0]!, us[1]!, us[2]!, us[3]!), minU = Math.min(us[0]!, us[1]!, us[2]!, us[3]!);
  const maxV = Math.max(vs[0]!, vs[1]!, vs[2]!, vs[3]!), minV = Math.min(vs[0]!, vs[1]!, vs[2]!, vs[3]!);
  const reach = 1e-12 * (Math.max(maxU, -minU, maxV, -minV) + limitU + limitV);
  for (let plane = 0; plane < 4; plane++) {
    const extreme = plane === 0 ? maxU - limitU : plane === 1 ? -minU - limitU : plane === 2 ? maxV - limitV : -minV - limitV;
    if (extreme <= slack - reach) continue;
    if (clipAgainstSidePlane(polygon, spare, plane, frame)) {
      const clipped = spare;
      spare = polygon;
      polygon = clipped;
    }
  }

  // 4. The points below the reference face, lifted halfway to it. Round-off may put a touching
  // point a hair above the face: within the slack it counts as touching, as the SAT that let
  // it through said (no contact is lost, none reported beyond -tolerance).
  const normalSign = referenceIsA ? -referenceSign : referenceSign;
  manifold.normal[0] = normalSign * wx;
  manifold.normal[1] = normalSign * wy;
  manifold.normal[2] = normalSign * wz;
  const ox = mr[12]!, oy = mr[13]!, oz = mr[14]!;
  const points = manifold.points;
  let count = 0;
  for (let i = 0; i < polygon.count; i++) {
    let depth = faceLevel - referenceSign * polygon.w[i]!;
    if (depth < -tolerance) {
      if (depth < -tolerance - slack) continue;
      depth = -tolerance;
    }
    const u = polygon.u[i]!, v = polygon.v[i]!, w = polygon.w[i]! + 0.5 * depth * referenceSign;
    points[3 * count] = ox + u * ux + v * vx + w * wx;
    points[3 * count + 1] = oy + u * uy + v * vy + w * wy;
    points[3 * count + 2] = oz + u * uz + v * vz + w * wz;
    manifold.depths[count] = depth;
    manifold.kinds[count] = polygon.kinds[i]!;
    manifold.features[count] = polygon.features[i]!;
    count++;
  }
  manifold.count = count;
}
