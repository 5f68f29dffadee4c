/**
 * Convex hull against a half-space and a true plane (box-half-space.ts and box-plane.ts for any
 * polyhedron): every vertex of the hull on the plane's far side (within the tolerance) is a
 * PointFace contact (hull vertex, plane face), with depth `offset - dot(n, v)` exact, normal the
 * plane's normal as seen from the hull's side, point `v + n depth / 2`. A hull resting on a face
 * gives that face's corners; more than 8 are reduced by `reduceManifold` (the deepest, then the
 * largest area), then to `maxContactsPerPair` by `emitManifold`. Feature ids:
 * `packFeatureId(vertex code, 0)`.
 */
import { ContactKind } from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold, MAX_MANIFOLD_POINTS } from '../manifold/local-manifold.js';
import { reduceManifold } from '../manifold/manifold.js';
import type { ConvexHull } from '../shapes/convex-hull.js';
import { hullScratch } from '../shapes/hull-scratch.js';
import type { HalfSpace, Plane } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** The pair's manifold and the indices `reduceManifold` keeps. Scratch of `writeHullPlaneContacts` alone. */
const manifoldScratch = new LocalManifold();
const selectedScratch = new Int32Array(MAX_MANIFOLD_POINTS);

/**
 * The lowest height of the hull's vertices above `plane` seen from `side` (+1: as given; -1:
 * normal and offset negated), computed in the hull's frame: dot(R^T n, v) + dot(n, p) - offset,
 * in the same order as `writeHullPlaneContacts`, so the two agree to the last bit.
 */
function lowestHeight(hull: ConvexHull, plane: HalfSpace | Plane, side: number): number {
  const w = plane.worldNormal, m = hull.transform;
  const nx = side * w[0]!, ny = side * w[1]!, nz = side * w[2]!;
  const lx = m[0]! * nx + m[1]! * ny + m[2]! * nz,
    ly = m[4]! * nx + m[5]! * ny + m[6]! * nz,
    lz = m[8]! * nx + m[9]! * ny + m[10]! * nz;
  const base = nx * m[12]! + ny * m[13]! + nz * m[14]! - side * plane.worldOffset;
  const v = hull.vertices;
  let lowest = Infinity;
  for (let i = 0; i < v.length; i += 3) {
    const h = lx * v[i]! + ly * v[i + 1]! + lz * v[i + 2]!;
    if (h < lowest) lowest = h;
  }
  return base + lowest;
}

/**
 * The PointFace contacts of the hull's vertices against `plane` seen from `side` (see
 * `lowestHeight`); returns how many it wrote.
 */
function writeHullPlaneContacts(
  hull: ConvexHull,
  plane: HalfSpace | Plane,
  side: number,
  data: CollisionData,
): number {
  const w = plane.worldNormal, m = hull.transform;
  // 0 + x: no component comes out as -0.
  const nx = 0 + side * w[0]!, ny = 0 + side * w[1]!, nz = 0 + side * w[2]!;
  const lx = m[0]! * nx + m[1]! * ny + m[2]! * nz,
    ly = m[4]! * nx + m[5]! * ny + m[6]! * nz,
    lz = m[8]! * nx + m[9]! * ny + m[10]! * nz;
  const base = nx * m[12]! + ny * m[13]! + nz * m[14]! - side * plane.worldOffset;
  const tolerance = data.tolerance;
  const v = hull.vertices, codes = hull.vertexCodes;
  const candidates = hullScratch.candidates, points = candidates.points;
  let count = 0;
  for (let i = 0, vertex = 0; i < v.length; i += 3, vertex++) {
    const x = v[i]!, y = v[i + 1]!, z = v[i + 2]!;
    const height = base + (lx * x + ly * y + lz * z);
    if (height > tolerance) continue;
    // The vertex in world space, lowered halfway to the plane.
    const lower = 0.5 * height;
    const point = points[count++]!;
    point.x = m[12]! + m[0]! * x + m[4]! * y + m[8]! * z - nx * lower;
    point.y = m[13]! + m[1]! * x + m[5]! * y + m[9]! * z - ny * lower;
    point.z = m[14]! + m[2]! * x + m[6]! * y + m[10]! * z - nz * lower;
    point.depth = 0 - height;
    point.kind = ContactKind.PointFace;
    point.features = codes[vertex]! << 16;
  }
  candidates.count = count;
  candidates.normalX = nx;
  candidates.normalY = ny;
  candidates.normalZ = nz;
  const manifold = manifoldScratch;
  manifold.normalX = nx;
  manifold.normalY = ny;
  manifold.normalZ = nz;
  const reduced = count > MAX_MANIFOLD_POINTS;
  const kept = reduced ? reduceManifold(selectedScratch, candidates, MAX_MANIFOLD_POINTS) : count;
  for (let k = 0; k < kept; k++) {
    const source = points[reduced ? selectedScratch[k]! : k]!, target = manifold.points[k]!;
    target.x = source.x;
    target.y = source.y;
    target.z = source.z;
    target.depth = source.depth;
    target.kind = source.kind;
    target.features = source.features;
  }
  manifold.count = kept;
  return emitManifold(manifold, data, hull.body, plane.body, false);
}

/**
 * Writes the contacts of a convex hull with a solid half-space and returns how many it wrote:
 * one PointFace contact per vertex whose penetration `offset - dot(n, v)` is at least
 * `-data.tolerance`, normal the half-space's world normal, in vertex order; more than
 * `data.maxContactsPerPair` (or the room left, then `data.overflowed` is set) are reduced to the
 * deepest and the widest spread. A face exactly on the plane gives its corners at penetration 0.
 */
export function collideConvexHullHalfSpace<B>(
  hull: ConvexHull<B>,
  halfSpace: HalfSpace<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  if (lowestHeight(hull, halfSpace, 1) > data.tolerance) return 0;
  return writeHullPlaneContacts(hull, halfSpace, 1, data);
}

/**
 * Writes the contacts of a convex hull with a true plane and returns how many it wrote. The hull
 * is pushed out the cheaper way: the plane's normal when lifting it above the plane takes no
 * more than pushing it below (its lowest vertex lies no deeper below the plane than its highest
 * lies above; a tie takes the normal), the negated normal otherwise; then the vertices on the
 * far side (within the tolerance) are the contacts, exactly as against the half-space on that
 * side. (For a box, whose centre lies halfway, this is box-plane's rule of the centre's side.)
 */
export function collideConvexHullPlane<B>(
  hull: ConvexHull<B>,
  plane: Plane<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const above = lowestHeight(hull, plane, 1), below = lowestHeight(hull, plane, -1);
  const side = above >= below ? 1 : -1;
  if ((side > 0 ? above : below) > data.tolerance) return 0;
  return writeHullPlaneContacts(hull, plane, side, data);
}

/**
 * Whether a convex hull overlaps or touches a solid half-space: its lowest vertex lies on or below
 * the plane (the early out of `collideConvexHullHalfSpace`).
 */
export function overlapConvexHullHalfSpace(hull: ConvexHull, halfSpace: HalfSpace): boolean {
  return lowestHeight(hull, halfSpace, 1) <= 0;
}
