/**
 * Box against box: the separating-axis test over 15 axes (seed 004, after Millington ch. 13 and
 * Gottschalk's OBB test as given in Ericson 4.4.1), with the full clipped manifold for face axes
 * (the incident face intersected with the reference face in the reference face's frame, as in
 * ODE's dBoxBox; Sutherland-Hodgman clipping against the side planes, as in Box2D's
 * b2ClipPolygons, where a vertex lies near a side plane) and one contact for edge axes.
 *
 * Frames: the SAT runs in box A's frame; the clipping in the reference box's frame, where its
 * side planes are axis aligned. A and B are the two boxes in canonical order (see
 * `firstInCanonicalOrder`): computing every pair in one order and mirroring the result makes
 * swapped arguments give exactly the same points, depths and feature ids, with negated normals.
 * Feature ids pack A's feature first, whichever box the caller passed first.
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

/**
 * The imported constants and helpers of the hot paths, bound again here: V8 folds a module's own
 * constants into optimized code, while every use of an imported binding reads its cell (a load,
 * a hole check and a type check each time, nine times per call in the edge-axis loop).
 */
const parallelEpsilon = PARALLEL_EPSILON;
const axisRelativeMargin = AXIS_RELATIVE_MARGIN;
const axisAbsoluteMargin = AXIS_ABSOLUTE_MARGIN;
const claim = claimContact;
const packId = packFeatureId;

/**
 * Length for a scratch typed array of `length` elements of `bytesPerElement` bytes, padded past
 * 64 bytes: V8 keeps a smaller typed array's storage inside the object on the moving heap, so
 * optimized code recomputes its address at every access, while a larger one lives off the heap
 * at a fixed address that the code embeds (about 3% of the instructions of a call).
 */
function offHeapLength(length: number, bytesPerElement: number): number {
  return Math.max(length, Math.ceil(65 / bytesPerElement));
}

/** Rotation of B in A's frame: `rotationAB[3 * i + j] = dot(a_i, b_j)`. */
const rotationAB = new Float64Array(9);

/** Largest clipped polygon: a quadrilateral cut by four planes gains at most one vertex per plane. */
const MAX_POLYGON = 8;
/** Separations (relative to the larger box) and alignments closer than this count as equal. */
const SAT_TIE = 1e-10;
/** Distance from a side plane, relative to the reference box's size, that counts as on the plane. */
const PLANE_SLACK = 1e-9;
/**
 * A rectangle corner closer than this (in the quadrilateral's own coordinates, 0 to 1 across it)
 * to the quadrilateral's boundary is left to the clipping passes: far above the round-off of
 * those coordinates, and any crossing that near a corner would be within the slack anyway.
 */
const CORNER_MARGIN = 1e-7;

/**
 * The polygon being clipped, in the reference face's frame: `u`, `v` along the face's two side
 * axes, `w` along its normal axis. The vertices live in a pool (the incident face's corners, then
 * each crossing as a pass makes it: at most one per polygon edge per pass); the polygon itself
 * is a list of entries `8 * vertex + edge` in one of two buffers of MAX_POLYGON entries side by
 * side (offsets 0 and MAX_POLYGON), `clipSource` saying which. A pass so copies one integer per
 * vertex it keeps. Per vertex, `key` holds A's feature code << 16 | its contact kind << 8 | B's
 * feature code (codes are below 64), set when the vertex is made: a corner j of the incident
 * face on the reference face is PointFace (that corner, the reference face); incident edge e cut
 * by side plane p is EdgeEdge (that edge, the reference face's edge on plane p); side planes p'
 * and p meeting on the incident face are PointFace (the reference face's corner there, the
 * incident face). An entry's `edge` tags the edge that leaves the vertex: incident edge e -> e, a
 * stretch along side plane p -> 4 + p. Incident edge e joins corners e and e + 1; side planes
 * are 0: +u, 1: -u, 2: +v, 3: -v.
 */
const POOL_SIZE = 4 + 4 * MAX_POLYGON;
const vertexU = new Float64Array(POOL_SIZE);
const vertexV = new Float64Array(POOL_SIZE);
const vertexW = new Float64Array(POOL_SIZE);
const vertexKey = new Int32Array(POOL_SIZE);
/** A vertex key's kind field (see the pool), and the mask that leaves its two feature codes. */
const KIND_SHIFT = 8;
const FEATURES_MASK = ~(0xff << KIND_SHIFT);
/** The kind field of each kind a clip vertex has (module constants, as for `parallelEpsilon`). */
const POINT_FACE_KEY = ContactKind.PointFace << KIND_SHIFT;
const EDGE_EDGE_KEY = ContactKind.EdgeEdge << KIND_SHIFT;
/** The edge axis's contact kind (a module constant, as for `parallelEpsilon`). */
const EDGE_EDGE = ContactKind.EdgeEdge;
let vertexCount = 0;
const polygon = new Int32Array(offHeapLength(2 * MAX_POLYGON, 4));
let clipSource = 0;
/**
 * The reference face's half extents along u and v and the plane slack, for `clipPolygon`.
 * Doubles go through this buffer rather than as arguments: a call that V8 does not inline boxes
 * every double argument, which would allocate in the hot path.
 */
const clipBounds = new Float64Array(offHeapLength(3, 8));
/**
 * Feature codes (box-features.ts) for the face clipping, already in their box's half of a vertex
 * key, so that each clipped vertex gets its key by lookups and an or. They are kept per face
 * slot s: s = f for a face f of B (codes as they are), s = 6 + f for a face f of A (codes << 16),
 * where f = 2k + (1 if the outward normal is -a_k). A face's side axes are P < Q (u < v on the
 * reference face); its corners are 0: +P +Q, 1: -P +Q, 2: -P -Q, 3: +P -Q; its edge e runs from
 * corner e to corner e + 1; its side planes are 0: +P, 1: -P, 2: +Q, 3: -Q.
 * - FACE_CODES[s]: the face.
 * - CORNER_CODES[4s + j]: corner j.
 * - EDGE_CODES[4s + e]: edge e.
 * - SIDE_EDGE_CODES[4s + p]: the edge on side plane p (edges 3, 1, 0, 2).
 * - SIDE_CORNER_CODES[16s + 4p' + p]: the corner where side planes p' and p meet; two planes of
 *   one axis meet only on a degenerate polygon and name plane p's face.
 */
const FACE_CODES = new Int32Array(offHeapLength(12, 4));
const CORNER_CODES = new Int32Array(48);
const EDGE_CODES = new Int32Array(48);
const SIDE_EDGE_CODES = new Int32Array(48);
const SIDE_CORNER_CODES = new Int32Array(192);
{
  const signs = [0, 0, 0];
  const cornerP = [1, -1, -1, 1], cornerQ = [1, 1, -1, -1];
  const sideEdge = [3, 1, 0, 2];
  for (let face = 0; face < 6; face++) {
    const k = face >> 1, axisP = k === 0 ? 1 : 0, axisQ = k === 2 ? 1 : 2;
    signs[k] = face & 1 ? -1 : 1;
    FACE_CODES[face] = boxFaceFeature(k, signs[k]!);
    for (let j = 0; j < 4; j++) {
      signs[axisP] = cornerP[j]!;
      signs[axisQ] = cornerQ[j]!;
      CORNER_CODES[4 * face + j] = boxVertexFeature(signs[0]!, signs[1]!, signs[2]!);
      // Edge j joins corners j and j + 1: along P for even j (Q fixed), along Q for odd j (P fixed).
      const along = j & 1 ? axisQ : axisP;
      signs[along] = 0;
      EDGE_CODES[4 * face + j] = edgeFromSigns(along, signs[0]!, signs[1]!, signs[2]!);
    }
    for (let p = 0; p < 4; p++) SIDE_EDGE_CODES[4 * face + p] = EDGE_CODES[4 * face + sideEdge[p]!]!;
    for (let first = 0; first < 4; first++) {
      for (let second = 0; second < 4; second++) {
        // The corner takes its sign on P from the plane of the two on P (0, 1), on Q from the other.
        const planeP = first < 2 ? first : second, planeQ = first < 2 ? second : first;
        SIDE_CORNER_CODES[16 * face + 4 * first + second] =
          first >> 1 === second >> 1
            ? boxFaceFeature(second < 2 ? axisP : axisQ, second & 1 ? -1 : 1)
            : CORNER_CODES[4 * face + cornerOf(planeP & 1 ? -1 : 1, planeQ & 1 ? -1 : 1)]!;
      }
    }
    signs[0] = signs[1] = signs[2] = 0;
  }
  // A's slots: the same codes in the high half.
  for (let face = 0; face < 6; face++) FACE_CODES[6 + face] = FACE_CODES[face]! << 16;
  for (let i = 0; i < 24; i++) {
    CORNER_CODES[24 + i] = CORNER_CODES[i]! << 16;
    EDGE_CODES[24 + i] = EDGE_CODES[i]! << 16;
    SIDE_EDGE_CODES[24 + i] = SIDE_EDGE_CODES[i]! << 16;
  }
  for (let i = 0; i < 96; i++) SIDE_CORNER_CODES[96 + i] = SIDE_CORNER_CODES[i]! << 16;
}

/** The corner (numbered as for the face tables) with the given signs on P and Q. */
function cornerOf(signP: number, signQ: number): number {
  return signQ > 0 ? (signP > 0 ? 0 : 1) : signP > 0 ? 3 : 2;
}

/** Signed distances of the current polygon's vertices from the plane of the current pass. */
const planeDistances = new Float64Array(offHeapLength(MAX_POLYGON, 8));

/** The manifold of the current pair, in canonical order, before it is written out. */
const manifoldPoints = new Float64Array(3 * MAX_POLYGON);
const manifoldDepths = new Float64Array(offHeapLength(MAX_POLYGON, 8));
const manifoldKinds = new Int32Array(offHeapLength(MAX_POLYGON, 4));
/** Both feature codes of each point, A's << 16 | B's (codes are below 64): `reduceManifold`'s tie-break. */
const manifoldKeys = new Int32Array(offHeapLength(MAX_POLYGON, 4));
const manifoldNormal = new Float64Array(offHeapLength(3, 8));
const selected = new Int32Array(offHeapLength(MAX_POLYGON, 4));

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
 * Whether `a` comes first in the canonical order of a pair. Every choice the detector makes
 * follows this order, so it must not change when the arguments are swapped or the pair is moved:
 * the smaller half size first (lexicographic); for boxes of equal size, the box that sees the
 * other's centre at the lexicographically smaller local coordinates (moving the pair leaves
 * both views unchanged, swapping the boxes swaps them). Views equal up to round-off, as for
 * boxes at the same pose, fall back to world position and keep the given order at the last.
 */
function firstInCanonicalOrder(a: Box, b: Box): boolean {
  // Each half size read only when the ones before it are equal (boxes of different sizes mostly
  // differ in the first).
  const ha = a.halfSize, hb = b.halfSize;
  const ha0 = ha[0]!, hb0 = hb[0]!;
  if (ha0 !== hb0) return ha0 < hb0;
  const ha1 = ha[1]!, hb1 = hb[1]!;
  if (ha1 !== hb1) return ha1 < hb1;
  const ha2 = ha[2]!, hb2 = hb[2]!;
  if (ha2 !== hb2) return ha2 < hb2;
  const ma = a.transform, mb = b.transform;
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const tie = SAT_TIE * Math.max(ha0, ha1, ha2);
  for (let k = 0; k < 3; k++) {
    const seenFromA = dx * ma[4 * k]! + dy * ma[4 * k + 1]! + dz * ma[4 * k + 2]!;
    const seenFromB = -(dx * mb[4 * k]! + dy * mb[4 * k + 1]! + dz * mb[4 * k + 2]!);
    if (Math.abs(seenFromA - seenFromB) > tie) return seenFromA < seenFromB;
  }
  for (let i = 12; i < 15; i++) if (ma[i] !== mb[i]) return ma[i]! < mb[i]!;
  return true;
}

/**
 * One Sutherland-Hodgman pass against side plane `plane` (`sign * x <= limit`, x being u for
 * planes 0 and 1, v for 2 and 3; the limits and the slack come from `clipBounds`): returns the
 * vertex count of the clipped polygon. A polygon wholly inside stays where it is; otherwise the
 * result goes to the other buffer. The crossings it makes get their feature keys from the
 * tables' face slots `incidentSlot` (the incident box's face) and `referenceSlot` (the reference
 * face).
 * A vertex within `slack` of the plane counts as on it: it is kept and is itself the crossing,
 * so round-off never turns one corner of a resting box into two nearly equal points.
 */
function clipPolygon(count: number, plane: number, incidentSlot: number, referenceSlot: number): number {
  const limit = clipBounds[plane >> 1]!, slack = clipBounds[2]!;
  const along = plane < 2 ? vertexU : vertexV;
  const sign = plane & 1 ? -1 : 1;
  const source = clipSource;
  const distances = planeDistances;
  let inside = 0;
  for (let i = 0; i < count; i++) {
    const distance = sign * along[polygon[source + i]! >> 3]! - limit;
    distances[i] = distance;
    if (distance <= slack) inside++;
  }
  if (inside === count) return count;
  const target = source === 0 ? MAX_POLYGON : 0;
  clipSource = target;
  let out = target;
  for (let i = 0; i < count; i++) {
    const following = i + 1 === count ? 0 : i + 1;
    const distanceCurrent = distances[i]!;
    const distanceNext = distances[following]!;
    const currentInside = distanceCurrent <= slack;
    const nextInside = distanceNext <= slack;
    if (currentInside !== nextInside && (currentInside ? distanceCurrent < -slack : distanceNext < -slack)) {
      // The edge crosses the plane at t, from distanceCurrent + t (distanceNext - distanceCurrent) = 0.
      const entry = polygon[source + i]!;
      const current = entry >> 3, next = polygon[source + following]! >> 3;
      const t = distanceCurrent / (distanceCurrent - distanceNext);
      const crossing = vertexCount++;
      // On the plane itself the crossing's coordinate across it is exactly the limit.
      if (plane < 2) {
        vertexU[crossing] = sign * limit;
        vertexV[crossing] = vertexV[current]! + t * (vertexV[next]! - vertexV[current]!);
      } else {
        vertexU[crossing] = vertexU[current]! + t * (vertexU[next]! - vertexU[current]!);
        vertexV[crossing] = sign * limit;
      }
      vertexW[crossing] = vertexW[current]! + t * (vertexW[next]! - vertexW[current]!);
      const edge = entry & 7;
      if (edge < 4) {
        vertexKey[crossing] = EDGE_CODES[4 * incidentSlot + edge]! | SIDE_EDGE_CODES[4 * referenceSlot + plane]! | EDGE_EDGE_KEY;
      } else {
        vertexKey[crossing] =
          FACE_CODES[incidentSlot]! | SIDE_CORNER_CODES[16 * referenceSlot + 4 * (edge - 4) + plane]! | POINT_FACE_KEY;
      }
      // Leaving: the polygon goes on along the plane; entering: along the cut edge.
      polygon[out++] = 8 * crossing + (currentInside ? 4 + plane : edge);
    }
    if (nextInside) {
      // A vertex on the plane whose successor is outside leaves along the plane. (A single
      // vertex is its own successor; its tag then no longer matters: it has no edge to cut.)
      const entry = polygon[source + following]!;
      const after = following + 1 === count ? 0 : following + 1;
      const leaves = distanceNext >= -slack && distances[after]! > slack;
      polygon[out++] = leaves ? (entry & ~7) + 4 + plane : entry;
    }
  }
  return out - target;
}

/** Bit p set: an incident corner lies beyond side plane p by more than the slack (`intersectRectangle`). */
const cornerOutside = new Int32Array(offHeapLength(4, 4));

/**
 * The clipped polygon without clipping passes, for the common case where no vertex lies near a
 * side plane: the incident quadrilateral (pool vertices 0..3, a parallelogram) and the reference
 * rectangle |u| <= limitU, |v| <= limitV (from `clipBounds`) meet in the quadrilateral's corners
 * inside the rectangle, its edges' crossings with the rectangle's sides, and the rectangle's
 * corners inside the quadrilateral (the vertices of the intersection of two convex polygons; ODE's
 * dBoxBox intersects the faces this way). Puts them in `polygon` from 0 (crossings and rectangle
 * corners appended to the pool) with the feature keys the passes give the same points, and
 * returns their count, in no particular order.
 *
 * Returns -1 when a corner or a crossing lies within twice the slack of a side plane, or a
 * rectangle corner near the quadrilateral's boundary: the passes' slack rules then decide which
 * of two nearly equal points to keep, and the caller runs the passes instead. Elsewhere every
 * distance clears the slack by more than round-off, so the passes cut at the same places and
 * give the same points up to round-off (they interpolate along edges already cut, this from the
 * corners).
 */
function intersectRectangle(incidentSlot: number, referenceSlot: number): number {
  // The module's arrays under local names: V8 then embeds their storage addresses in the loops
  // below, where reading them through the module bindings checked each array's map and loaded
  // its length and storage pointers at every access.
  const pointU = vertexU, pointV = vertexV, pointW = vertexW, pointKey = vertexKey, entries = polygon, outsideBits = cornerOutside;
  const edgeCodes = EDGE_CODES, sideEdgeCodes = SIDE_EDGE_CODES, faceCodes = FACE_CODES, sideCornerCodes = SIDE_CORNER_CODES;
  const limitU = clipBounds[0]!, limitV = clipBounds[1]!, near = 2 * clipBounds[2]!;
  if (limitU <= near || limitV <= near) return -1;
  const incidentEdges = 4 * incidentSlot, referenceSides = 4 * referenceSlot;
  let count = 0, anyOutside = 0;
  for (let j = 0; j < 4; j++) {
    const u = pointU[j]!, v = pointV[j]!;
    // Of the planes +u and -u only the one on u's side can be near or crossed (limitU > near).
    const beyondU = Math.abs(u) - limitU, beyondV = Math.abs(v) - limitV;
    if (Math.abs(beyondU) <= near || Math.abs(beyondV) <= near) return -1;
    // Bits and counts from comparisons (Number(a > b) compiles to a flag, not a branch): which
    // corners are out, and so which points are kept, follows no pattern a branch predictor learns.
    // Beyond u's side plane is bit 0 for u >= 0 (+u), bit 1 for u < 0 (-u), whose distances
    // u - limitU and -u - limitU are exactly beyondU there; the same for v in bits 2 and 3.
    const outU = Number(beyondU > 0), outV = Number(beyondV > 0);
    const outside = outU + (outU & Number(u < 0)) + ((outV + (outV & Number(v < 0))) << 2);
    outsideBits[j] = outside;
    anyOutside |= outside;
    entries[count] = 8 * j;
    count += Number(outside === 0);
  }
  if (anyOutside === 0) return count;
  let pool = 4;
  for (let j = 0; j < 4; j++) {
    const k = (j + 1) & 3;
    const crossed = outsideBits[j]! ^ outsideBits[k]!;
    if (crossed === 0) continue;
    const uj = pointU[j]!, vj = pointV[j]!, wj = pointW[j]!;
    const uk = pointU[k]!, vk = pointV[k]!, dw = pointW[k]! - wj;
    const edgeKey = edgeCodes[incidentEdges + j]! | EDGE_EDGE_KEY;
    // The planes whose bits are set, lowest first (clz32 of the lowest set bit names it).
    for (let planes = crossed; planes !== 0; planes &= planes - 1) {
      const plane = 31 - Math.clz32(planes & -planes);
      const sign = plane & 1 ? -1 : 1;
      // Edge j crosses the plane at t, as in clipPolygon: the distances are sign * x - limit.
      let u: number, v: number, beyond: number;
      if (plane < 2) {
        const distance = sign * uj - limitU;
        const t = distance / (distance - (sign * uk - limitU));
        u = sign * limitU;
        v = vj + t * (vk - vj);
        beyond = Math.abs(v) - limitV;
        pointW[pool] = wj + t * dw;
      } else {
        const distance = sign * vj - limitV;
        const t = distance / (distance - (sign * vk - limitV));
        u = uj + t * (uk - uj);
        v = sign * limitV;
        beyond = Math.abs(u) - limitU;
        pointW[pool] = wj + t * dw;
      }
      if (Math.abs(beyond) <= near) return -1;
      // Written in any case, kept (counted) only inside the rectangle, as for the corners.
      pointU[pool] = u;
      pointV[pool] = v;
      pointKey[pool] = edgeKey | sideEdgeCodes[referenceSides + plane]!;
      entries[count] = 8 * pool;
      const inside = Number(beyond < 0);
      count += inside;
      pool += inside;
    }
  }
  // A rectangle corner inside the quadrilateral needs corners of it beyond both its planes (the
  // quadrilateral is the hull of its corners). Inside: x = c2 + alpha (c3 - c2) + beta (c1 - c2)
  // with alpha, beta in (0, 1), by Cramer's rule (the incident face, the one most facing the
  // reference normal, projects to a parallelogram of at least 1 / sqrt(3) of its area).
  if ((anyOutside & 3) !== 0 && (anyOutside & 12) !== 0) {
    const u2 = pointU[2]!, v2 = pointV[2]!, w2 = pointW[2]!;
    const au = pointU[3]! - u2, av = pointV[3]! - v2, aw = pointW[3]! - w2;
    const bu = pointU[1]! - u2, bv = pointV[1]! - v2, bw = pointW[1]! - w2;
    const inverse = 1 / (au * bv - av * bu);
    // Only a face of almost no area (half sizes near the smallest double) has no finite inverse.
    if (!Number.isFinite(inverse)) return -1;
    for (let plane = 0; plane < 2; plane++) {
      if (((anyOutside >> plane) & 1) === 0) continue;
      for (let other = 2; other < 4; other++) {
        if (((anyOutside >> other) & 1) === 0) continue;
        const u = plane === 0 ? limitU : -limitU, v = other === 2 ? limitV : -limitV;
        const ru = u - u2, rv = v - v2;
        const alpha = (ru * bv - rv * bu) * inverse, beta = (au * rv - av * ru) * inverse;
        const clearance = Math.min(alpha, beta, 1 - alpha, 1 - beta);
        if (Math.abs(clearance) <= CORNER_MARGIN) return -1;
        pointU[pool] = u;
        pointV[pool] = v;
        pointW[pool] = w2 + alpha * aw + beta * bw;
        pointKey[pool] = faceCodes[incidentSlot]! | sideCornerCodes[4 * referenceSides + 4 * plane + other]! | POINT_FACE_KEY;
        entries[count] = 8 * pool;
        const inside = Number(clearance > 0);
        count += inside;
        pool += inside;
      }
    }
  }
  // The intersection of two quadrilaterals has at most 8 corners; more would be inconsistent round-off.
  return count <= MAX_POLYGON ? count : -1;
}

/**
 * Face axis: clips the incident face of `incident` against the reference face of `reference`
 * (local axis `referenceAxis`, outward sign `referenceSign`) and makes a contact of each point
 * below the reference face (within the tolerance), in world space, halfway between the clipped
 * point and its projection on the reference face. `referenceIsA` says which feature slot each
 * box fills. When `data` has room for every clipped point they go straight to it (no reduction
 * can apply); otherwise through the manifold buffers and `writeManifold`. Returns the number of
 * contacts written; `firstBody`, `secondBody` and `sign` as for `writeManifold`.
 */
function faceContacts(
  reference: Box,
  incident: Box,
  referenceIsA: boolean,
  referenceAxis: number,
  referenceSign: number,
  data: CollisionData,
  firstBody: unknown,
  secondBody: unknown,
  sign: number,
): number {
  const tolerance = data.tolerance;
  const mr = reference.transform, mi = incident.transform;
  const hr = reference.halfSize, hi = incident.halfSize;
  // The reference frame: side axes u < v and the normal axis w = referenceAxis.
  const axisU = referenceAxis === 0 ? 1 : 0;
  const axisV = referenceAxis === 2 ? 1 : 2;
  const ux = mr[4 * axisU]!, uy = mr[4 * axisU + 1]!, uz = mr[4 * axisU + 2]!;
  const vx = mr[4 * axisV]!, vy = mr[4 * axisV + 1]!, vz = mr[4 * axisV + 2]!;
  const wx = mr[4 * referenceAxis]!, wy = mr[4 * referenceAxis + 1]!, wz = mr[4 * referenceAxis + 2]!;

  // The incident face: the incident box's face most anti-parallel to the reference normal; faces
  // equal up to round-off (a box turned 45 degrees) keep the lower axis.
  const along0 = mi[0]! * wx + mi[1]! * wy + mi[2]! * wz;
  const along1 = mi[4]! * wx + mi[5]! * wy + mi[6]! * wz;
  const along2 = mi[8]! * wx + mi[9]! * wy + mi[10]! * wz;
  let incidentAxis = 0, best = Math.abs(along0), facing = along0 * referenceSign;
  if (Math.abs(along1) > best + SAT_TIE) {
    incidentAxis = 1;
    best = Math.abs(along1);
    facing = along1 * referenceSign;
  }
  if (Math.abs(along2) > best + SAT_TIE) {
    incidentAxis = 2;
    facing = along2 * referenceSign;
  }
  const incidentSign = facing > 0 ? -1 : 1;
  const axisP = incidentAxis === 0 ? 1 : 0;
  const axisQ = incidentAxis === 2 ? 1 : 2;
  // Face centre and half edges P, Q of the incident face, in the reference frame.
  const hm = incidentSign * hi[incidentAxis]!, hp = hi[axisP]!, hq = hi[axisQ]!;
  const mx = mi[4 * incidentAxis]!, my = mi[4 * incidentAxis + 1]!, mz = mi[4 * incidentAxis + 2]!;
  const fx = mi[12]! - mr[12]! + hm * mx, fy = mi[13]! - mr[13]! + hm * my, fz = mi[14]! - mr[14]! + hm * mz;
  const px = hp * mi[4 * axisP]!, py = hp * mi[4 * axisP + 1]!, pz = hp * mi[4 * axisP + 2]!;
  const qx = hq * mi[4 * axisQ]!, qy = hq * mi[4 * axisQ + 1]!, qz = hq * mi[4 * axisQ + 2]!;
  const fu = fx * ux + fy * uy + fz * uz, fv = fx * vx + fy * vy + fz * vz, fw = fx * wx + fy * wy + fz * wz;
  const pu = px * ux + py * uy + pz * uz, pv = px * vx + py * vy + pz * vz, pw = px * wx + py * wy + pz * wz;
  const qu = qx * ux + qy * uy + qz * uz, qv = qx * vx + qy * vy + qz * vz, qw = qx * wx + qy * wy + qz * wz;
  // Corners 0: +P +Q, 1: -P +Q, 2: -P -Q, 3: +P -Q; edge e runs from corner e to corner e + 1.
  const u0 = fu + pu + qu, u1 = fu - pu + qu, u2 = fu - pu - qu, u3 = fu + pu - qu;
  const v0 = fv + pv + qv, v1 = fv - pv + qv, v2 = fv - pv - qv, v3 = fv + pv - qv;
  vertexU[0] = u0; vertexV[0] = v0; vertexW[0] = fw + pw + qw;
  vertexU[1] = u1; vertexV[1] = v1; vertexW[1] = fw - pw + qw;
  vertexU[2] = u2; vertexV[2] = v2; vertexW[2] = fw - pw - qw;
  vertexU[3] = u3; vertexV[3] = v3; vertexW[3] = fw + pw - qw;
  // Feature codes, each in its box's half of the key (A's in the high half).
  const referenceOffset = referenceIsA ? 6 : 0;
  const referenceSlot = 2 * referenceAxis + Number(referenceSign < 0) + referenceOffset;
  const incidentSlot = 2 * incidentAxis + Number(incidentSign < 0) + 6 - referenceOffset;
  const faceKey = FACE_CODES[referenceSlot]! | POINT_FACE_KEY;
  const incidentCorners = 4 * incidentSlot;
  vertexKey[0] = CORNER_CODES[incidentCorners]! | faceKey;
  vertexKey[1] = CORNER_CODES[incidentCorners + 1]! | faceKey;
  vertexKey[2] = CORNER_CODES[incidentCorners + 2]! | faceKey;
  vertexKey[3] = CORNER_CODES[incidentCorners + 3]! | faceKey;

  clipSource = 0;
  const limitU = hr[axisU]!, limitV = hr[axisV]!;
  // Math.max by comparisons, as for the SAT's size.
  const faceLevel = hr[referenceAxis]!;
  const widest = limitU > limitV ? limitU : limitV;
  const slack = PLANE_SLACK * (faceLevel > widest ? faceLevel : widest);
  clipBounds[0] = limitU;
  clipBounds[1] = limitV;
  clipBounds[2] = slack;
  let count = intersectRectangle(incidentSlot, referenceSlot);
  if (count < 0) {
    // The polygon starts as the quadrilateral, each corner tagged with the edge leaving it.
    polygon[0] = 0; polygon[1] = 9; polygon[2] = 18; polygon[3] = 27;
    vertexCount = 4;
    count = 4;
    // A pass leaves the polygon as it is when no vertex is beyond its plane, so passes are skipped
    // where the extreme corner shows that (x - limit grows with x): exactly so before the first
    // cutting plane, where the polygon is the quadrilateral. Later vertices lie in the corners' hull
    // up to the round-off of a few interpolations, which `reach` bounds with room to spare.
    const maxU = Math.max(u0, u1, u2, u3), minU = Math.min(u0, u1, u2, u3);
    const maxV = Math.max(v0, v1, v2, v3), minV = Math.min(v0, v1, v2, v3);
    const reach = 1e-12 * (Math.max(maxU, -minU, maxV, -minV) + limitU + limitV);
    let plane = maxU - limitU > slack ? 0 : -minU - limitU > slack ? 1 : maxV - limitV > slack ? 2 : -minV - limitV > slack ? 3 : 4;
    for (; plane < 4; plane++) {
      const extreme = plane === 0 ? maxU - limitU : plane === 1 ? -minU - limitU : plane === 2 ? maxV - limitV : -minV - limitV;
      if (extreme > slack - reach) count = clipPolygon(count, plane, incidentSlot, referenceSlot);
    }
  }

  // Contact normal from B toward A: against the reference face's outward normal when A is the reference.
  const normalSign = referenceIsA ? -referenceSign : referenceSign;
  const nx = normalSign * wx, ny = normalSign * wy, nz = normalSign * wz;
  const direct = count <= data.maxContactsPerPair && count <= data.contacts.length - data.contactCount;

  // Keep the points below the reference face and lift each halfway to it. Round-off may put a
  // touching point a hair above the face: within the slack it counts as touching, as the SAT that
  // let it through said (no contact is lost, none reported beyond -tolerance).
  const ox = mr[12]!, oy = mr[13]!, oz = mr[14]!;
  const start = clipSource, end = clipSource + count;
  if (direct) {
    // claimContact's work, with the pool, the materials and the count read once per pair rather
    // than once per contact (the same fields get the same values).
    const contacts = data.contacts, friction = data.friction, restitution = data.restitution;
    const first = data.contactCount;
    let next = first;
    // 0 + x: a zero component of a mirrored normal stays +0.
    const outX = 0 + sign * nx, outY = 0 + sign * ny, outZ = 0 + sign * nz;
    for (let i = start; i < end; i++) {
      const vertex = polygon[i]! >> 3;
      let depth = faceLevel - referenceSign * vertexW[vertex]!;
      if (depth < -tolerance) {
        if (depth < -tolerance - slack) continue;
        depth = -tolerance;
      }
      const u = vertexU[vertex]!, v = vertexV[vertex]!, w = vertexW[vertex]! + 0.5 * depth * referenceSign;
      const contact = contacts[next++]!;
      const point = contact.point, normal = contact.normal;
      contact.firstBody = firstBody;
      contact.secondBody = secondBody;
      contact.friction = friction;
      contact.restitution = restitution;
      point[0] = ox + u * ux + v * vx + w * wx;
      point[1] = oy + u * uy + v * vy + w * wy;
      point[2] = oz + u * uz + v * vz + w * wz;
      normal[0] = outX;
      normal[1] = outY;
      normal[2] = outZ;
      contact.penetration = depth;
      const key = vertexKey[vertex]!;
      contact.kind = ((key >> KIND_SHIFT) & 0xff) as ContactKind;
      contact.featureId = packId(key >>> 16, key & 0xff);
    }
    data.contactCount = next;
    return next - first;
  }
  let kept = 0;
  for (let i = start; i < end; i++) {
    const vertex = polygon[i]! >> 3;
    let depth = faceLevel - referenceSign * vertexW[vertex]!;
    if (depth < -tolerance) {
      if (depth < -tolerance - slack) continue;
      depth = -tolerance;
    }
    const u = vertexU[vertex]!, v = vertexV[vertex]!, w = vertexW[vertex]! + 0.5 * depth * referenceSign;
    manifoldPoints[3 * kept] = ox + u * ux + v * vx + w * wx;
    manifoldPoints[3 * kept + 1] = oy + u * uy + v * vy + w * wy;
    manifoldPoints[3 * kept + 2] = oz + u * uz + v * vz + w * wz;
    manifoldDepths[kept] = depth;
    const key = vertexKey[vertex]!;
    manifoldKeys[kept] = key & FEATURES_MASK;
    manifoldKinds[kept] = (key >> KIND_SHIFT) & 0xff;
    kept++;
  }
  manifoldNormal[0] = nx;
  manifoldNormal[1] = ny;
  manifoldNormal[2] = nz;
  return writeManifold(kept, data, firstBody, secondBody, sign);
}

/**
 * Edge axis `a_i x b_j`: the closest points of A's edge along `a_i` and B's edge along `b_j`
 * that are extreme along the axis. Writes their contact to `data` and returns 1 (0 when `data`
 * is full: it is then marked overflowed), or returns -1 when the closest points of the two lines
 * fall outside either edge (the edge axis then does not describe the contact, and the caller
 * falls back to the best face axis). B's centre in A's frame comes from `sat`; `firstBody`,
 * `secondBody` and `sign` as for `writeManifold`.
 */
function edgeContact(a: Box, b: Box, i: number, j: number, data: CollisionData, firstBody: unknown, secondBody: unknown, sign: number): number {
  const t0 = sat.t0, t1 = sat.t1, t2 = sat.t2;
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
  if (Math.abs(s) > ha[i]! * (1 + edgeSlack) || Math.abs(t) > hb[j]! * (1 + edgeSlack)) return -1;
  if (data.contactCount === data.contacts.length) {
    data.overflowed = true;
    return 0;
  }
  // Witness points in A's frame, then the midpoint and the normal (from B toward A) in world.
  const wa0 = pa0 + (i === 0 ? s : 0), wa1 = pa1 + (i === 1 ? s : 0), wa2 = pa2 + (i === 2 ? s : 0);
  const wb0 = pb0 + t * bj0, wb1 = pb1 + t * bj1, wb2 = pb2 + t * bj2;
  const inverseLength = 1 / Math.sqrt(denominator);
  const n0 = -l0 * inverseLength, n1 = -l1 * inverseLength, n2 = -l2 * inverseLength;
  const penetration = (wb0 - wa0) * n0 + (wb1 - wa1) * n1 + (wb2 - wa2) * n2;
  const m0 = 0.5 * (wa0 + wb0), m1 = 0.5 * (wa1 + wb1), m2 = 0.5 * (wa2 + wb2);
  const contact = claim(data, firstBody, secondBody);
  const point = contact.point, normal = contact.normal;
  point[0] = ma[12]! + m0 * ma[0]! + m1 * ma[4]! + m2 * ma[8]!;
  point[1] = ma[13]! + m0 * ma[1]! + m1 * ma[5]! + m2 * ma[9]!;
  point[2] = ma[14]! + m0 * ma[2]! + m1 * ma[6]! + m2 * ma[10]!;
  // 0 + x: a zero component of a mirrored normal stays +0.
  normal[0] = 0 + sign * (n0 * ma[0]! + n1 * ma[4]! + n2 * ma[8]!);
  normal[1] = 0 + sign * (n0 * ma[1]! + n1 * ma[5]! + n2 * ma[9]!);
  normal[2] = 0 + sign * (n0 * ma[2]! + n1 * ma[6]! + n2 * ma[10]!);
  contact.penetration = penetration;
  contact.kind = EDGE_EDGE;
  contact.featureId = packId(edgeFromSigns(i, sa0, sa1, sa2), edgeFromSigns(j, sb0, sb1, sb2));
  return 1;
}

/**
 * The tolerance for `separatingAxisTest`. Doubles go through this buffer rather than as
 * arguments: a call that V8 does not inline boxes every double argument, which allocates.
 */
const satTolerance = new Float64Array(offHeapLength(1, 8));

/** Result of the last `separatingAxisTest`, read by `boxBoxManifold`. */
const sat = {
  /** 0..2: face of A along a_i; 3..5: face of B along b_(i-3). */
  faceAxis: 0,
  /** Sign of B's centre along a face axis of A, or of A's centre along a face axis of B. */
  faceSign: 1,
  /** Index 3i + j of the deepest usable edge axis a_i x b_j, or -1. */
  edgeAxis: -1,
  /** B's centre in A's frame, with `rotationAB`, when there is an edge axis. */
  t0: 0,
  t1: 0,
  t2: 0,
};

/** Per edge axis of the current pair (index 3i + j): projection less radii, and squared length. */
const edgeGaps = new Float64Array(9);
const edgeLengthsSquared = new Float64Array(9);

/**
 * The 15-axis separating-axis test (Ericson 4.4.1, written out axis by axis as there) in A's
 * frame, with early out: returns false as soon as an axis separates the boxes by more than
 * the tolerance in `satTolerance` (at least 0), otherwise true with the best face and edge axes in `sat`. Edge axes of
 * near-parallel edges (sine below 1e-3) are skipped: the face axes then bound the separation to
 * within `halfEdge * 1e-3`, while the normalised cross product would carry the round-off of a
 * near-zero vector.
 */
function separatingAxisTest(a: Box, b: Box): boolean {
  const tolerance = satTolerance[0]!;
  const ma = a.transform, mb = b.transform;
  const ha0 = a.halfSize[0]!, ha1 = a.halfSize[1]!, ha2 = a.halfSize[2]!;
  const hb0 = b.halfSize[0]!, hb1 = b.halfSize[1]!, hb2 = b.halfSize[2]!;
  const a0x = ma[0]!, a0y = ma[1]!, a0z = ma[2]!, a1x = ma[4]!, a1y = ma[5]!, a1z = ma[6]!, a2x = ma[8]!, a2y = ma[9]!, a2z = ma[10]!;
  const b0x = mb[0]!, b0y = mb[1]!, b0z = mb[2]!, b1x = mb[4]!, b1y = mb[5]!, b1z = mb[6]!, b2x = mb[8]!, b2y = mb[9]!, b2z = mb[10]!;
  // r_ij = a_i . b_j: B's rotation in A's frame; q_ij = |r_ij|.
  const r00 = a0x * b0x + a0y * b0y + a0z * b0z, r01 = a0x * b1x + a0y * b1y + a0z * b1z, r02 = a0x * b2x + a0y * b2y + a0z * b2z;
  const r10 = a1x * b0x + a1y * b0y + a1z * b0z, r11 = a1x * b1x + a1y * b1y + a1z * b1z, r12 = a1x * b2x + a1y * b2y + a1z * b2z;
  const r20 = a2x * b0x + a2y * b0y + a2z * b0z, r21 = a2x * b1x + a2y * b1y + a2z * b1z, r22 = a2x * b2x + a2y * b2y + a2z * b2z;
  const q00 = Math.abs(r00), q01 = Math.abs(r01), q02 = Math.abs(r02);
  const q10 = Math.abs(r10), q11 = Math.abs(r11), q12 = Math.abs(r12);
  const q20 = Math.abs(r20), q21 = Math.abs(r21), q22 = Math.abs(r22);
  // t: B's centre in A's frame.
  const dx = mb[12]! - ma[12]!, dy = mb[13]! - ma[13]!, dz = mb[14]! - ma[14]!;
  const t0 = dx * a0x + dy * a0y + dz * a0z, t1 = dx * a1x + dy * a1y + dz * a1z, t2 = dx * a2x + dy * a2y + dz * a2z;

  // The six face axes, each ending the test as soon as it separates the boxes (most separated
  // pairs end here, before any choice between axes is made). Face axes of A:
  // |t_i| - (ha_i + sum_j hb_j q_ij); of B: |t . b_j| - (sum_i ha_i q_ij + hb_j).
  const separationA0 = Math.abs(t0) - (ha0 + hb0 * q00 + hb1 * q01 + hb2 * q02);
  if (separationA0 > tolerance) return false;
  const separationA1 = Math.abs(t1) - (ha1 + hb0 * q10 + hb1 * q11 + hb2 * q12);
  if (separationA1 > tolerance) return false;
  const separationA2 = Math.abs(t2) - (ha2 + hb0 * q20 + hb1 * q21 + hb2 * q22);
  if (separationA2 > tolerance) return false;
  const tb0 = t0 * r00 + t1 * r10 + t2 * r20, tb1 = t0 * r01 + t1 * r11 + t2 * r21, tb2 = t0 * r02 + t1 * r12 + t2 * r22;
  const separationB0 = Math.abs(tb0) - (ha0 * q00 + ha1 * q10 + ha2 * q20 + hb0);
  if (separationB0 > tolerance) return false;
  const separationB1 = Math.abs(tb1) - (ha0 * q01 + ha1 * q11 + ha2 * q21 + hb1);
  if (separationB1 > tolerance) return false;
  const separationB2 = Math.abs(tb2) - (ha0 * q02 + ha1 * q12 + ha2 * q22 + hb2);
  if (separationB2 > tolerance) return false;

  // Candidates closer than `tie` count as equal and keep the earlier axis: an axis order that is
  // part of the boxes, so round-off in a moved pair never picks a different one.
  // Math.max, by plain comparisons: Math.max spends several branches per argument on NaN and -0,
  // which half sizes (finite, above 0) never are.
  let size = ha0 > ha1 ? ha0 : ha1;
  size = ha2 > size ? ha2 : size;
  size = hb0 > size ? hb0 : size;
  size = hb1 > size ? hb1 : size;
  size = hb2 > size ? hb2 : size;
  const tie = SAT_TIE * size;

  // The best face of A.
  let faceAxis = 0, faceSeparation = separationA0, faceSign = signOf(t0);
  if (separationA1 > faceSeparation + tie) {
    faceAxis = 1;
    faceSeparation = separationA1;
    faceSign = signOf(t1);
  }
  if (separationA2 > faceSeparation + tie) {
    faceAxis = 2;
    faceSeparation = separationA2;
    faceSign = signOf(t2);
  }
  // The best face of B. A's centre lies at -t, so the face of B toward A has the sign opposite to
  // t . b_j. B replaces A only past the margin.
  let faceBAxis = 0, faceBSeparation = separationB0, faceBSign = -signOf(tb0);
  if (separationB1 > faceBSeparation + tie) {
    faceBAxis = 1;
    faceBSeparation = separationB1;
    faceBSign = -signOf(tb1);
  }
  if (separationB2 > faceBSeparation + tie) {
    faceBAxis = 2;
    faceBSeparation = separationB2;
    faceBSign = -signOf(tb2);
  }
  // Between the best faces of A and B the larger separation wins, with no bias toward either box:
  // the choice then depends on neither the argument order nor the pose. Flipping between two
  // nearly equal faces is harmless: for parallel faces both clippings give the same polygon, and
  // its corners get the same feature ids (a corner of one face inside the other is named by that
  // corner and that face, whichever face is the reference). Ties go to the larger face, then to A.
  const absoluteMargin = axisAbsoluteMargin * size;
  let useB = faceBSeparation > faceSeparation + tie;
  if (Math.abs(faceBSeparation - faceSeparation) <= tie) {
    const areaA = faceAxis === 0 ? ha1 * ha2 : faceAxis === 1 ? ha0 * ha2 : ha0 * ha1;
    const areaB = faceBAxis === 0 ? hb1 * hb2 : faceBAxis === 1 ? hb0 * hb2 : hb0 * hb1;
    useB = areaB > areaA;
  }
  if (useB) {
    faceAxis = 3 + faceBAxis;
    faceSeparation = faceBSeparation;
    faceSign = faceBSign;
  }

  // Edge axes a_i x b_j = e_i x (column j of r) in A's frame, index 3i + j: the projection of t
  // less the radii of A and B (Ericson's table), and the axis's squared length. The separation is
  // gap / sqrt(lengthSquared); parallel edges (below PARALLEL_EPSILON) never count.
  const gap0 = Math.abs(t2 * r10 - t1 * r20) - (ha1 * q20 + ha2 * q10 + hb1 * q02 + hb2 * q01), length0 = r10 * r10 + r20 * r20;
  const gap1 = Math.abs(t2 * r11 - t1 * r21) - (ha1 * q21 + ha2 * q11 + hb0 * q02 + hb2 * q00), length1 = r11 * r11 + r21 * r21;
  const gap2 = Math.abs(t2 * r12 - t1 * r22) - (ha1 * q22 + ha2 * q12 + hb0 * q01 + hb1 * q00), length2 = r12 * r12 + r22 * r22;
  const gap3 = Math.abs(t0 * r20 - t2 * r00) - (ha0 * q20 + ha2 * q00 + hb1 * q12 + hb2 * q11), length3 = r20 * r20 + r00 * r00;
  const gap4 = Math.abs(t0 * r21 - t2 * r01) - (ha0 * q21 + ha2 * q01 + hb0 * q12 + hb2 * q10), length4 = r21 * r21 + r01 * r01;
  const gap5 = Math.abs(t0 * r22 - t2 * r02) - (ha0 * q22 + ha2 * q02 + hb0 * q11 + hb1 * q10), length5 = r22 * r22 + r02 * r02;
  const gap6 = Math.abs(t1 * r00 - t0 * r10) - (ha0 * q10 + ha1 * q00 + hb1 * q22 + hb2 * q21), length6 = r00 * r00 + r10 * r10;
  const gap7 = Math.abs(t1 * r01 - t0 * r11) - (ha0 * q11 + ha1 * q01 + hb0 * q22 + hb2 * q20), length7 = r01 * r01 + r11 * r11;
  const gap8 = Math.abs(t1 * r02 - t0 * r12) - (ha0 * q12 + ha1 * q02 + hb0 * q21 + hb1 * q20), length8 = r02 * r02 + r12 * r12;

  // An edge axis replaces the face axis only past this threshold. Most overlapping pairs (every
  // resting one) have no edge axis near it, which a bound shows without a square root: for
  // gap <= 0 and threshold <= 0, gap / length < threshold is gap^2 > threshold^2 * length^2, the
  // factor 1 + 1e-6 covering the round-off of both sides. A gap <= 0 never separates (tolerance >= 0).
  const edgeThreshold = faceSeparation + axisRelativeMargin * Math.abs(faceSeparation) + absoluteMargin;
  const thresholdSquared = edgeThreshold * edgeThreshold * (1 + 1e-6);
  // The common case first, as one run of comparisons without stores or a loop: every gap <= 0
  // and every gap^2 above thresholdSquared * lengthSquared, where the loop below would find none
  // that separates or wins.
  const edgesClear =
    (gap0 <= 0 && gap0 * gap0 > thresholdSquared * length0) &&
    (gap1 <= 0 && gap1 * gap1 > thresholdSquared * length1) &&
    (gap2 <= 0 && gap2 * gap2 > thresholdSquared * length2) &&
    (gap3 <= 0 && gap3 * gap3 > thresholdSquared * length3) &&
    (gap4 <= 0 && gap4 * gap4 > thresholdSquared * length4) &&
    (gap5 <= 0 && gap5 * gap5 > thresholdSquared * length5) &&
    (gap6 <= 0 && gap6 * gap6 > thresholdSquared * length6) &&
    (gap7 <= 0 && gap7 * gap7 > thresholdSquared * length7) &&
    (gap8 <= 0 && gap8 * gap8 > thresholdSquared * length8);
  let edgeAxis = -1;
  if (!edgesClear) {
    const gaps = edgeGaps, lengths = edgeLengthsSquared;
    gaps[0] = gap0; lengths[0] = length0; gaps[1] = gap1; lengths[1] = length1; gaps[2] = gap2; lengths[2] = length2;
    gaps[3] = gap3; lengths[3] = length3; gaps[4] = gap4; lengths[4] = length4; gaps[5] = gap5; lengths[5] = length5;
    gaps[6] = gap6; lengths[6] = length6; gaps[7] = gap7; lengths[7] = length7; gaps[8] = gap8; lengths[8] = length8;
    // One pass over the nine: any that separates ends the test; otherwise the deepest, ties kept
    // by the earlier axis as for the face axes, replaces the face axis past the threshold. An axis
    // that can neither separate (gap <= 0) nor beat the deepest so far (its separation below
    // `better`, shown as above without a square root: gap^2 > better^2 * lengthSquared for both
    // negative, the factor covering round-off) is passed over: a square root and a division, the
    // slowest instructions here, for most of the axes.
    let edgeSeparation = -Infinity;
    for (let k = 0; k < 9; k++) {
      const lengthSquared = lengths[k]!;
      if (lengthSquared < parallelEpsilon) continue;
      const gap = gaps[k]!, better = edgeSeparation + tie;
      if (gap <= 0 && better < 0 && gap * gap > better * better * lengthSquared * (1 + 1e-6)) continue;
      const separation = gap / Math.sqrt(lengthSquared);
      if (separation > tolerance) return false;
      if (separation > edgeSeparation + tie) {
        edgeSeparation = separation;
        edgeAxis = k;
      }
    }
    if (!(edgeSeparation > edgeThreshold)) edgeAxis = -1;
  }

  sat.faceAxis = faceAxis;
  sat.faceSign = faceSign;
  sat.edgeAxis = edgeAxis;
  if (edgeAxis >= 0) {
    sat.t0 = t0;
    sat.t1 = t1;
    sat.t2 = t2;
    const R = rotationAB;
    R[0] = r00; R[1] = r01; R[2] = r02;
    R[3] = r10; R[4] = r11; R[5] = r12;
    R[6] = r20; R[7] = r21; R[8] = r22;
  }
  return true;
}

/**
 * Writes the `count` points of the manifold buffers (A and B in canonical order) to `data` and
 * returns how many it wrote: up to `data.maxContactsPerPair`, chosen by `reduceManifold` when
 * there are more. When the buffer has less room than that, the room left gets the best subset
 * and `data.overflowed` is set. `sign` is -1 when the caller's first box is B: the normals are
 * then mirrored (the feature ids keep A's feature first).
 */
function writeManifold(count: number, data: CollisionData, firstBody: unknown, secondBody: unknown, sign: number): number {
  if (count === 0) return 0;
  const room = data.contacts.length - data.contactCount;
  const wanted = Math.min(count, data.maxContactsPerPair);
  if (wanted > room) data.overflowed = true;
  const limit = Math.min(wanted, room);
  let chosen = count;
  if (count > limit) {
    chosen = limit === 0 ? 0 : reduceManifold(selected, manifoldPoints, manifoldDepths, manifoldKeys, count, manifoldNormal, limit);
  } else {
    for (let i = 0; i < count; i++) selected[i] = i;
  }
  // 0 + x: a zero component of a mirrored normal stays +0.
  const nx = 0 + sign * manifoldNormal[0]!, ny = 0 + sign * manifoldNormal[1]!, nz = 0 + sign * manifoldNormal[2]!;
  for (let k = 0; k < chosen; k++) {
    const i = selected[k]!;
    const contact = claim(data, firstBody, secondBody);
    const point = contact.point, normal = contact.normal;
    point[0] = manifoldPoints[3 * i]!;
    point[1] = manifoldPoints[3 * i + 1]!;
    point[2] = manifoldPoints[3 * i + 2]!;
    normal[0] = nx;
    normal[1] = ny;
    normal[2] = nz;
    contact.penetration = manifoldDepths[i]!;
    contact.kind = manifoldKinds[i] as ContactKind;
    const key = manifoldKeys[i]!;
    contact.featureId = packId(key >>> 16, key & 0xffff);
  }
  return chosen;
}

/**
 * The contacts of A and B (canonical order) written to `data` (see `writeManifold` for the
 * other arguments): SAT, then the edge contact if an edge axis wins and its closest points lie
 * on both edges, else the clipped face.
 */
function boxBoxManifold(a: Box, b: Box, data: CollisionData, firstBody: unknown, secondBody: unknown, sign: number): number {
  satTolerance[0] = data.tolerance;
  if (!separatingAxisTest(a, b)) return 0;
  if (sat.edgeAxis >= 0) {
    const i = (sat.edgeAxis / 3) | 0, j = sat.edgeAxis - 3 * i;
    const written = edgeContact(a, b, i, j, data, firstBody, secondBody, sign);
    if (written >= 0) return written;
  }
  return sat.faceAxis < 3
    ? faceContacts(a, b, true, sat.faceAxis, sat.faceSign, data, firstBody, secondBody, sign)
    : faceContacts(b, a, false, sat.faceAxis - 3, sat.faceSign, data, firstBody, secondBody, sign);
}

/**
 * Contacts between two boxes (see the file comment for the method and the kinds). Writes up to
 * `data.maxContactsPerPair` contacts (the full clipped manifold holds up to 8: two unit cubes,
 * one turned 45 degrees about the shared face normal, give the 8 corners of an octagon),
 * reduced by `reduceManifold` when the limit is smaller, and returns how many it wrote. When
 * the buffer has less room than that, the room left gets the best subset and
 * `data.overflowed` is set.
 *
 * Defined answers: boxes exactly touching give penetration 0 (4 contacts for a box resting on
 * another); two identical boxes at the same pose are pushed apart along the smallest half
 * extent of A's first such axis (penetration `2 * halfSize`, normal `-a_k`, a finite answer);
 * a box entirely inside another is pushed out through the face axis of least penetration.
 */
export function collideBoxBox(first: Box, second: Box, data: CollisionData): number {
  return firstInCanonicalOrder(first, second)
    ? boxBoxManifold(first, second, data, first.body, second.body, 1)
    : boxBoxManifold(second, first, data, first.body, second.body, -1);
}

/** Whether two boxes overlap or touch: the 15-axis SAT with no tolerance (seed 004's IntersectionTests). */
export function overlapBoxBox(first: Box, second: Box): boolean {
  satTolerance[0] = 0;
  return firstInCanonicalOrder(first, second) ? separatingAxisTest(first, second) : separatingAxisTest(second, first);
}
