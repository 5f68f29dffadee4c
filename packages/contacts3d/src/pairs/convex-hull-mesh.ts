/**
 * Convex hull against a triangle mesh and against a heightfield, through the kernel of
 * mesh/hull-mesh-contacts.ts (the per-triangle separating-axis test, the clipping and the rule
 * against ghost contacts are stated there); mesh/mesh-manifold.ts merges the triangles' contacts
 * into one set and reduces it. Each contact has its own normal, from the mesh toward the hull.
 * Kinds as for a box (box-mesh.ts); feature ids pack the hull's feature code (convex-hull.ts)
 * and the mesh feature (mesh-triangle.ts).
 */
import type { CollisionData } from '../manifold/collision-data.js';
import type { PairCache } from '../manifold/pair-cache.js';
import type { Heightfield } from '../mesh/heightfield.js';
import { collideHullMesh } from '../mesh/hull-mesh-contacts.js';
import type { TriangleMesh } from '../mesh/triangle-mesh.js';
import type { ConvexHull } from '../shapes/convex-hull.js';

/**
 * Writes the contacts of a convex hull with a triangle mesh and returns how many it wrote, as
 * `collideBoxTriangleMesh` does for a box: every triangle's contacts within reach, merged, each
 * with its own normal, reduced to `data.maxContactsPerPair`. No contact where the gap exceeds
 * `data.tolerance`; touching gives penetration 0. When the buffer is full, `data.overflowed` is set.
 */
export function collideConvexHullTriangleMesh<B>(
  hull: ConvexHull<B>,
  mesh: TriangleMesh<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideHullMesh(
    hull,
    hull.transform,
    hull.aabb,
    mesh,
    data as CollisionData,
    hull.body,
    mesh.body,
  );
}

/**
 * Writes the contacts of a convex hull with a heightfield and returns how many it wrote: the same
 * contacts as `collideConvexHullTriangleMesh` against the heightfield's triangles as a mesh wherever the
 * convex hull's centre is above the surface. The space below is solid (DESIGN.md): a centre in it
 * makes each triangle whose plane it is behind answer with its face (normal the triangle's,
 * depth the plane's height over each clipped point), lifting the convex hull out.
 */
export function collideConvexHullHeightfield<B>(
  hull: ConvexHull<B>,
  heightfield: Heightfield<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideHullMesh(
    hull,
    hull.transform,
    hull.aabb,
    heightfield,
    data as CollisionData,
    hull.body,
    heightfield.body,
  );
}
