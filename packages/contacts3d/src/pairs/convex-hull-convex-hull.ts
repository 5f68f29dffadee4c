/**
 * Convex hull against convex hull (Gregorius, "The Separating Axis Test between Convex
 * Polyhedra", GDC 2013, and Box3D's convex_manifold.c), box-box's method for any polyhedra.
 * Steps:
 *   1. Canonical order: the hull made first is A, whichever order the caller gave, so swapped
 *      arguments give the same points, depths and feature ids with negated normals.
 *   2. The separating-axis test in A's frame (hull-sat.ts): face normals of both, and the edge
 *      pairs that form a face of the Minkowski difference; no contact when an axis separates the
 *      hulls by more than the tolerance; otherwise a face, or an edge axis that overlaps less
 *      than the best face by box-box's face preference margin.
 *   3. Edge axis: one EdgeEdge contact between the two edges' closest points, when those lie on
 *      both edges; otherwise the best face describes the contact.
 *   4. Face: the incident face clipped against the reference face (hull-face-clip.ts); when no
 *      point is clipped, or pushing the hulls apart by the deepest clipped depth along the
 *      face's normal would not free them (the deepest part lies beside the face; `patchFrees`),
 *      the best edge axis's contact, if its closest points lie on both edges.
 *   5. More than 8 candidates are reduced by box-box's rule (`reduceManifold`: the deepest, then
 *      the largest area), the points go to world space, and `emitManifold` writes them.
 * Kinds as in box-box: incident corner on the reference face PointFace; incident edge across
 * the reference face's edge EdgeEdge; reference corner inside the incident face PointFace; the
 * edge axis one EdgeEdge contact. Feature codes: see convex-hull.ts (a box's, box-features.ts).
 */
import { ContactKind } from '@contactkit/math';
import { clipHullFaces } from '../clip/hull-face-clip.js';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold, MAX_MANIFOLD_POINTS } from '../manifold/local-manifold.js';
import { reduceManifold } from '../manifold/manifold.js';
import type { PairCache, PairCachePath } from '../manifold/pair-cache.js';
import {
  HullAxis,
  type HullSatCache,
  hullSeparatingAxis,
  placeHullInFrame,
} from '../sat/hull-sat.js';
import type { ConvexHull, HullData, HullEdgeData, HullGraph } from '../shapes/convex-hull.js';
import { hullScratch } from '../shapes/hull-scratch.js';
import { FACE_FREES_RELATIVE } from '../sat/box-box-sat.js';

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

/** How far (relative to the pair's size) the face contact may lie above the face axis's depth. */
const FACE_DEPTH_SLACK = 1e-9;

/** The depth of the deepest candidate, -Infinity for none. */
function deepestDepth(candidates: LocalManifold): number {
  let deepest = -Infinity;
  for (let k = 0; k < candidates.count; k++) {
    deepest = Math.max(deepest, candidates.points[k]!.depth);
  }
  return deepest;
}

/**
 * Step 4's fallback: replaces the clipped face contact in `candidates` by the best edge axis's
 * contact (when its closest points lie on both edges) where the face contact misses the depth:
 * - overlapping: no clipped point, or the deepest clipped depth d does not free the hulls along
 *   the face's normal (box-box-sat.ts's FACE_FREES_RELATIVE: (1 + 0.02) d must reach the bound
 *   on the distance that frees them, the least of the face's overlap and the edge axis's overlap
 *   over its cosine to the normal). A face chosen over a shallower edge axis whose deepest point
 *   lies beside the face (fuzz/FINDINGS.md F125) gives way to the edge; a face resting across an
 *   edge, whose patch reaches that edge, stays.
 * - apart (a speculative contact): every axis only bounds the gap from below, so the face stands
 *   unless the two edges lie closer than every clipped point lies to the reference face (and no
 *   closer than the axes allow): then the
 *   face contact would tell a solver the hulls are farther apart than those two edges are (a
 *   box touching a hull edge to edge, its face clipped 3% of its size away, fuzz/FINDINGS.md F9).
 * Shared with the reference path of test-support/hull-reference.ts.
 */
export function edgeForShallowFace(
  a: HullData,
  b: HullData,
  axis: HullAxis,
  candidates: LocalManifold,
): void {
  const least = -Math.max(axis.faceSeparation, axis.edgeSeparation);
  if (least > 0) {
    if (candidates.count === 0 || !patchFrees(a, axis)) {
      edgeContact(a, b, axis, candidates);
    }
    return;
  }
  const deepest = deepestDepth(candidates);
  const slack = FACE_DEPTH_SLACK * axis.size;
  // Computed aside first, and again in place when chosen (a rare path: apart, the face kept).
  // The edges' gap must be a gap the axes allow (at least the largest separation): edges that
  // pass each other beside the hulls meet at a depth that is no distance between them.
  if (candidates.count === 0) {
    edgeContact(a, b, axis, candidates);
  } else if (edgeContact(a, b, axis, edgeScratch)) {
    const depth = edgeScratch.points[0]!.depth;
    if (depth > deepest + slack && depth <= least + slack) edgeContact(a, b, axis, candidates);
  }
}

/**
 * Whether moving B away from A along the reference face's normal by (1 + FACE_FREES_RELATIVE)
 * times the deepest clipped depth (`axis.patchDepth`, overlapping hulls) frees them, as far as the
 * face and the best edge axis tell: the distance that frees a pair along a direction m is the
 * least, over the faces of their Minkowski difference (a face normal or a Minkowski-face edge
 * axis k, oriented from A toward B, with k . m > 0), of k's overlap over k . m (the ray along m
 * leaves the difference through its nearest plane; Gregorius, GDC 2013, for the difference's
 * faces). The face and the edge axis are two of those planes, so the least of their two bounds
 * the distance from above: a patch reaching it frees the pair. Most patches reach the face's own
 * overlap, which ends the test before the edge axis is read.
 */
function patchFrees(a: HullData, axis: HullAxis): boolean {
  const reach = (1 + FACE_FREES_RELATIVE) * axis.patchDepth + FACE_DEPTH_SLACK * axis.size;
  if (reach >= -axis.faceSeparation) return true;
  // The face's outward normal toward the other hull: m = n for A's face, -n for B's (placed).
  const k = 4 * axis.face, planes = axis.faceOfB ? hullScratch.framePlanes : a.planes;
  const alignment = (axis.faceOfB ? -1 : 1) *
    (planes[k]! * axis.axisX + planes[k + 1]! * axis.axisY + planes[k + 2]! * axis.axisZ);
  return !(alignment > 0 && reach * alignment < -axis.edgeSeparation);
}

/** The edge contact of a speculative pair, before it is chosen. Scratch of `edgeForShallowFace` alone. */
const edgeScratch = new LocalManifold(1);

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
export function hullManifold(
  a: HullEdgeData,
  ma: Float64Array,
  b: HullGraph,
  mb: Float64Array,
  data: CollisionData | null,
  manifold: LocalManifold,
  cache: HullSatCache | null,
): PairCachePath {
  manifold.count = 0;
  placeHullInFrame(ma, b, mb);
  const axis = axisScratch;
  axis.tolerance = data === null ? 0 : data.tolerance;
  if (!hullSeparatingAxis(a, b, axis, cache)) return separated(axis, cache);
  if (cache !== null) cache.reset();
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
  return 'full';
}

/** The separating-axis test found an axis: the cache remembers it; 'separated' when it was the cached one. */
function separated(axis: HullAxis, cache: HullSatCache | null): PairCachePath {
  if (cache === null) return 'full';
  const cached = cache.separatingFace === axis.separatingFace &&
    cache.separatingEdgeA === axis.separatingEdgeA &&
    cache.separatingEdgeB === axis.separatingEdgeB;
  cache.separatingFace = axis.separatingFace;
  cache.separatingEdgeA = axis.separatingEdgeA;
  cache.separatingEdgeB = axis.separatingEdgeB;
  return cached ? 'separated' : 'full';
}

/**
 * Whether the world point at `points[i..i + 2]` lies inside polyhedron `hull` at transform `m`,
 * below every face plane by at least WITNESS_MARGIN of the hull's size (arguments without
 * doubles: PERFORMANCE.md).
 */
function insideHull(hull: HullData, m: Float64Array, points: Float64Array, i: number): boolean {
  const margin = WITNESS_MARGIN * hull.size;
  const dx = points[i]! - m[12]!, dy = points[i + 1]! - m[13]!, dz = points[i + 2]! - m[14]!;
  const lx = dx * m[0]! + dy * m[1]! + dz * m[2]!,
    ly = dx * m[4]! + dy * m[5]! + dz * m[6]!,
    lz = dx * m[8]! + dy * m[9]! + dz * m[10]!;
  const planes = hull.planes;
  for (let i = 0; i < 4 * hull.faceCount; i += 4) {
    if (planes[i]! * lx + planes[i + 1]! * ly + planes[i + 2]! * lz - planes[i + 3]! > -margin) {
      return false;
    }
  }
  return true;
}

/**
 * How deep (relative to the hull's size) a recycled witness must lie inside the other hull to prove
 * that the hulls still overlap.
 */
const WITNESS_MARGIN = 1e-9;

/**
 * `hullManifold` with a pair cache (shared with box-convex-hull.ts): the recycled contacts when
 * the cache recycles and some recycled witness lies inside the other hull (a point of each hull in
 * both proves they still overlap), else the computation with the separating-axis cache, kept for
 * recycling.
 */
export function cachedHullManifold(
  a: HullEdgeData,
  ma: Float64Array,
  b: HullGraph,
  mb: Float64Array,
  data: CollisionData,
  manifold: LocalManifold,
  cache: PairCache,
): void {
  const recycled = cache.recycled;
  if (recycled.recycle(ma, mb, data, manifold)) {
    for (let k = 0; k < 3 * manifold.count; k += 3) {
      if (insideHull(a, ma, recycled.worldB, k) || insideHull(b, mb, recycled.worldA, k)) {
        cache.lastPath = 'recycled';
        return;
      }
    }
  }
  cache.lastPath = hullManifold(a, ma, b, mb, data, manifold, cache.hull);
  if (recycled.distance > 0) {
    recycled.size = Math.min(a.size, b.size);
    recycled.store(manifold, ma, mb, axisScratch.faceOfB && !axisScratch.edgeWins);
  }
}

/** The pair's manifold. Scratch of `collideConvexHullConvexHull` and `overlapConvexHullConvexHull` alone. */
const manifoldScratch = new LocalManifold();

/**
 * Contacts between two convex hulls (see the file comment for the method and the kinds). Writes
 * up to `data.maxContactsPerPair` contacts, reduced to the deepest point and the largest area
 * when the clipped face holds more (`data.overflowed` is set when the room left cut the pair
 * short), and returns how many it wrote. Feature ids pack the features of the hull made first.
 *
 * Edge versus face as box-box: an edge axis gives the contact only when it overlaps less than
 * the best face by 2% of the face's overlap plus 1% of the larger hull's size (half its largest
 * extent); a declined edge axis more than 45 degrees from the best face hands the contact to the
 * face nearest it (to the edge when no face within the margin points along it), and a face whose
 * patch, pushed by its depth, would not free the hulls gives way to the edge. Defined answers:
 * hulls exactly touching face to face give penetration 0 and the corners of the overlap
 * polygon; two identical hulls at the same pose are pushed apart through the face of least
 * overlap (the earliest such face of the hull made first; a finite answer); a hull inside
 * another leaves through the face of least overlap.
 */
export function collideConvexHullConvexHull<B>(
  first: ConvexHull<B>,
  second: ConvexHull<B>,
  data: CollisionData<B>,
  cache?: PairCache,
): number {
  const inOrder = first.serial <= second.serial;
  const a = inOrder ? first : second, b = inOrder ? second : first;
  if (cache === undefined) {
    hullManifold(a, a.transform, b, b.transform, data, manifoldScratch, null);
  } else {
    cache.claim(first, second);
    cachedHullManifold(a, a.transform, b, b.transform, data, manifoldScratch, cache);
  }
  return emitManifold(manifoldScratch, data, first.body, second.body, !inOrder);
}

/**
 * Whether two convex hulls overlap or touch: exactly when `collideConvexHullConvexHull` at
 * tolerance 0 finds a contact (the same computation).
 */
export function overlapConvexHullConvexHull(first: ConvexHull, second: ConvexHull): boolean {
  const inOrder = first.serial <= second.serial;
  const a = inOrder ? first : second, b = inOrder ? second : first;
  hullManifold(a, a.transform, b, b.transform, null, manifoldScratch, null);
  return manifoldScratch.count > 0;
}
