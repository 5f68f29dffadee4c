/**
 * The face contact of two convex polyhedra (Box3D's b3ClipPolygon and Box2D's b2ClipPolygons,
 * for polygons of any size): the incident face clipped against the reference face's side planes,
 * all in hull A's frame. Steps:
 *   1. The incident face: of the faces around the other hull's deepest vertex, the one most
 *      anti-parallel to the reference normal.
 *   2. Sutherland-Hodgman: the incident polygon clipped against the plane through each edge of
 *      the reference face, perpendicular to it, skipping planes no vertex crosses; each vertex
 *      remembers what made it and which edge leaves it (an incident edge, or a stretch along a
 *      side plane), so that a crossing knows its features.
 *   3. Every vertex below the reference face (within the tolerance) becomes a candidate point,
 *      halfway between it and its projection on the reference face: an incident corner is
 *      PointFace (the corner, the reference face); an incident edge across a side plane is
 *      EdgeEdge (that edge, the reference face's edge); a stretch along one side plane across
 *      the next is the reference face's corner inside the incident face, PointFace (the corner,
 *      the incident face).
 * A vertex within `slack` of a side plane counts as on it: kept, never cut, so a resting hull's
 * corner never turns into two nearly equal points (as box-face-clip.ts does).
 */
import { ContactKind } from '@contactkit/math';
import type { LocalManifold } from '../manifold/local-manifold.js';
import type { HullData } from '../shapes/convex-hull.js';
import { hullScratch } from '../shapes/hull-scratch.js';
import type { HullAxis } from '../sat/hull-sat.js';

/** Face alignments closer than this count as equal (the lower face code wins, as box-box's lower axis). */
const ALIGNMENT_TIE = 1e-10;
/** Distance from a side plane, relative to the pair's size, that counts as on the plane. */
const PLANE_SLACK = 1e-9;

/** What made a polygon vertex (the first of its four integers in `polygonFeatures`). */
const INCIDENT_CORNER = 0, EDGE_CROSSING = 1, REFERENCE_CORNER = 2;

/**
 * The side plane of the current pass, nx, ny, nz, d, then the slack: doubles cross calls in
 * arrays (PERFORMANCE.md). Scratch of `clipHullFaces` alone.
 */
const sidePlane = new Float64Array(5);

/**
 * One Sutherland-Hodgman pass: the polygon of `count` vertices in buffer `from` against the side
 * plane `n . x <= d` (`sidePlane`) of reference edge `side`, into buffer `1 - from`; returns its vertex count,
 * or -1 when no vertex lies beyond the plane by more than `slack` (nothing to cut). A vertex's
 * four integers: what made it, its incident feature index, its reference feature index (a
 * reference edge or a side plane), and the tag of the edge leaving it (an incident edge index
 * >= 0, or -1 - p for a stretch along side plane p).
 */
function clipAgainstSide(from: number, count: number, side: number): number {
  const plane = sidePlane;
  const nx = plane[0]!, ny = plane[1]!, nz = plane[2]!, d = plane[3]!, slack = plane[4]!;
  const points = hullScratch.polygonPoints, features = hullScratch.polygonFeatures;
  const capacity = hullScratch.polygonCapacity;
  const input = from * capacity, output = (1 - from) * capacity;
  let beyond = false;
  for (let i = 0; i < count; i++) {
    const k = 3 * (input + i);
    if (nx * points[k]! + ny * points[k + 1]! + nz * points[k + 2]! - d > slack) {
      beyond = true;
      break;
    }
  }
  if (!beyond) return -1;
  let written = 0;
  const last = 3 * (input + count - 1);
  let current = count - 1;
  let distanceCurrent = nx * points[last]! + ny * points[last + 1]! + nz * points[last + 2]! - d;
  for (let next = 0; next < count; next++) {
    const c = input + current, n = input + next;
    const distanceNext = nx * points[3 * n]! + ny * points[3 * n + 1]! + nz * points[3 * n + 2]! -
      d;
    const leaving = distanceCurrent < -slack && distanceNext > slack;
    if ((leaving || (distanceCurrent > slack && distanceNext < -slack)) && written < capacity) {
      // The edge crosses the plane at t, from distanceCurrent + t (distanceNext - distanceCurrent) = 0.
      const t = distanceCurrent / (distanceCurrent - distanceNext);
      const o = output + written++;
      points[3 * o] = points[3 * c]! + t * (points[3 * n]! - points[3 * c]!);
      points[3 * o + 1] = points[3 * c + 1]! + t * (points[3 * n + 1]! - points[3 * c + 1]!);
      points[3 * o + 2] = points[3 * c + 2]! + t * (points[3 * n + 2]! - points[3 * c + 2]!);
      const tag = features[4 * c + 3]!;
      features[4 * o] = tag >= 0 ? EDGE_CROSSING : REFERENCE_CORNER;
      features[4 * o + 1] = tag >= 0 ? tag : -1 - tag;
      features[4 * o + 2] = side;
      // Leaving: the polygon goes on along the plane; entering: along the cut edge.
      features[4 * o + 3] = leaving ? -1 - side : tag;
    }
    if (distanceNext <= slack && written < capacity) {
      const o = output + written++;
      points[3 * o] = points[3 * n]!;
      points[3 * o + 1] = points[3 * n + 1]!;
      points[3 * o + 2] = points[3 * n + 2]!;
      features[4 * o] = features[4 * n]!;
      features[4 * o + 1] = features[4 * n + 1]!;
      features[4 * o + 2] = features[4 * n + 2]!;
      let tag = features[4 * n + 3]!;
      if (distanceNext >= -slack) {
        // On the plane, followed by a vertex beyond it: the polygon leaves along the plane.
        const after = 3 * (input + (next + 1 === count ? 0 : next + 1));
        const distanceAfter = nx * points[after]! + ny * points[after + 1]! +
          nz * points[after + 2]! - d;
        if (distanceAfter > slack) tag = -1 - side;
      }
      features[4 * o + 3] = tag;
    }
    current = next;
    distanceCurrent = distanceNext;
  }
  return written;
}

/**
 * Steps 1 to 3 for face `referenceFace` of `reference` against `incident`: fills `candidates`
 * (points in A's frame, normal from B toward A in A's frame). `referenceVertices` and
 * `referencePlanes` hold the reference hull in A's frame (its own arrays when it is A, the
 * placed ones of `hullScratch` when it is B); the same for the incident hull. Keeps points deeper
 * than `-axis.tolerance`, the deepest one's depth into `axis.patchDepth` (-Infinity for none);
 * `axis.size` scales the plane slack.
 */
export function clipHullFaces(
  reference: HullData,
  referenceVertices: Float64Array,
  referencePlanes: Float64Array,
  referenceFace: number,
  incident: HullData,
  incidentVertices: Float64Array,
  incidentPlanes: Float64Array,
  referenceIsA: boolean,
  axis: HullAxis,
  candidates: LocalManifold,
): void {
  const tolerance = axis.tolerance, size = axis.size;
  const r = 4 * referenceFace;
  const nx = referencePlanes[r]!, ny = referencePlanes[r + 1]!, nz = referencePlanes[r + 2]!;
  const level = referencePlanes[r + 3]!;

  // 1. The incident face: among the faces around the incident hull's deepest vertex (its support
  // along -n), the one most anti-parallel to n. The minimum translation's face of the Minkowski
  // difference is the reference face plus that support feature, so its deepest points lie over
  // the reference face; the most anti-parallel face of the whole hull may lie beside it.
  let support = 0, deepest = Infinity;
  for (let i = 0; i < incident.vertexCount; i++) {
    const h = incidentVertices[3 * i]! * nx + incidentVertices[3 * i + 1]! * ny +
      incidentVertices[3 * i + 2]! * nz;
    if (h < deepest) {
      deepest = h;
      support = i;
    }
  }
  let incidentFace = -1, lowest = Infinity;
  const faceCodes = incident.faceCodes, faceStart = incident.faceStart;
  const faceVertices = incident.faceVertices;
  for (let f = 0; f < incident.faceCount; f++) {
    const along = incidentPlanes[4 * f]! * nx + incidentPlanes[4 * f + 1]! * ny +
      incidentPlanes[4 * f + 2]! * nz;
    if (
      incidentFace >= 0 &&
      (along > lowest + ALIGNMENT_TIE ||
        (along >= lowest - ALIGNMENT_TIE && faceCodes[f]! > faceCodes[incidentFace]!))
    ) continue;
    let around = false;
    for (let k = faceStart[f]!; k < faceStart[f + 1]!; k++) {
      if (faceVertices[k] === support) {
        around = true;
        break;
      }
    }
    if (!around) continue;
    lowest = along;
    incidentFace = f;
  }

  // 2. The incident polygon into buffer 0, then the passes.
  const points = hullScratch.polygonPoints, features = hullScratch.polygonFeatures;
  const capacity = hullScratch.polygonCapacity;
  const begin = incident.faceStart[incidentFace]!, end = incident.faceStart[incidentFace + 1]!;
  let count = 0;
  for (let k = begin; k < end; k++) {
    const v = 3 * incident.faceVertices[k]!;
    points[3 * count] = incidentVertices[v]!;
    points[3 * count + 1] = incidentVertices[v + 1]!;
    points[3 * count + 2] = incidentVertices[v + 2]!;
    features[4 * count] = INCIDENT_CORNER;
    features[4 * count + 1] = incident.faceVertices[k]!;
    features[4 * count + 2] = 0;
    features[4 * count + 3] = incident.faceEdges[k]!;
    count++;
  }
  const slack = PLANE_SLACK * size;
  const referenceBegin = reference.faceStart[referenceFace]!;
  const referenceEnd = reference.faceStart[referenceFace + 1]!;
  const sides = referenceEnd - referenceBegin;
  let buffer = 0;
  for (let side = 0; side < sides && count > 0; side++) {
    const p = 3 * reference.faceVertices[referenceBegin + side]!;
    const q = 3 *
      reference.faceVertices[side + 1 === sides ? referenceBegin : referenceBegin + side + 1]!;
    const ex = referenceVertices[q]! - referenceVertices[p]!,
      ey = referenceVertices[q + 1]! - referenceVertices[p + 1]!,
      ez = referenceVertices[q + 2]! - referenceVertices[p + 2]!;
    // The side plane's outward normal e x n (the face runs counter-clockwise about n).
    let sx = ey * nz - ez * ny, sy = ez * nx - ex * nz, sz = ex * ny - ey * nx;
    const inverse = 1 / Math.sqrt(sx * sx + sy * sy + sz * sz);
    sx *= inverse;
    sy *= inverse;
    sz *= inverse;
    const d = sx * referenceVertices[p]! + sy * referenceVertices[p + 1]! +
      sz * referenceVertices[p + 2]!;
    const plane = sidePlane;
    plane[0] = sx;
    plane[1] = sy;
    plane[2] = sz;
    plane[3] = d;
    plane[4] = slack;
    const clipped = clipAgainstSide(buffer, count, side);
    if (clipped < 0) continue;
    buffer = 1 - buffer;
    count = clipped;
  }

  // 3. The candidates, named by their features (A's code << 16 | B's).
  const incidentShift = referenceIsA ? 0 : 16, referenceShift = 16 - incidentShift;
  const referenceFaceCode = reference.faceCodes[referenceFace]! << referenceShift;
  const incidentFaceCode = incident.faceCodes[incidentFace]! << incidentShift;
  const sign = referenceIsA ? -1 : 1;
  candidates.normalX = sign * nx;
  candidates.normalY = sign * ny;
  candidates.normalZ = sign * nz;
  const out = candidates.points;
  const pointFace = ContactKind.PointFace, edgeEdge = ContactKind.EdgeEdge;
  let written = 0, deepestDepth = -Infinity;
  const offset = buffer * capacity;
  for (let i = offset; i < offset + count; i++) {
    const x = points[3 * i]!, y = points[3 * i + 1]!, z = points[3 * i + 2]!;
    let depth = level - (nx * x + ny * y + nz * z);
    if (depth < -tolerance) {
      if (depth < -tolerance - slack) continue;
      depth = -tolerance;
    }
    const lift = 0.5 * depth;
    const point = out[written++]!;
    point.x = x + nx * lift;
    point.y = y + ny * lift;
    point.z = z + nz * lift;
    point.depth = depth;
    if (depth > deepestDepth) deepestDepth = depth;
    const made = features[4 * i]!, which = features[4 * i + 1]!, side = features[4 * i + 2]!;
    if (made === INCIDENT_CORNER) {
      point.kind = pointFace;
      point.features = (incident.vertexCodes[which]! << incidentShift) | referenceFaceCode;
    } else if (made === EDGE_CROSSING) {
      point.kind = edgeEdge;
      point.features = (incident.edgeCodes[which]! << incidentShift) |
        (reference.edgeCodes[reference.faceEdges[referenceBegin + side]!]! << referenceShift);
    } else {
      // The reference corner where side planes `which` and `side` meet: the vertex they share.
      const corner = which === (side + 1) % sides ? which : side;
      point.kind = pointFace;
      point.features = incidentFaceCode |
        (reference.vertexCodes[reference.faceVertices[referenceBegin + corner]!]! <<
          referenceShift);
    }
  }
  candidates.count = written;
  axis.patchDepth = deepestDepth;
}
