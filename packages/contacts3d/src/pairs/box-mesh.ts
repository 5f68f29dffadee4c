/**
 * Box against a triangle mesh and against a heightfield: the box seen as a hull of six faces
 * (box-convex-hull.ts's `viewOfBox`, so a box names its features by its own codes,
 * box-features.ts) through the kernel of mesh/hull-mesh-contacts.ts, which states the
 * per-triangle separating-axis test, the clipping and the rule against ghost contacts;
 * mesh/mesh-manifold.ts merges the triangles' contacts into one set and reduces it. Each contact
 * has its own normal, from the mesh toward the box. Kinds: `PointFace` for a box corner on a
 * triangle's face or a triangle corner on a box face, `EdgeEdge` for crossing edges, `PointEdge`
 * or `PointPoint` when an edge pair's closest point is an end; feature ids pack the box's code
 * and the mesh feature (`meshFaceFeature`, `meshEdgeFeature`, `meshVertexFeature`).
 */
import type { CollisionData } from '../manifold/collision-data.js';
import type { PairCache } from '../manifold/pair-cache.js';
import type { Heightfield } from '../mesh/heightfield.js';
import { collideHullMesh } from '../mesh/hull-mesh-contacts.js';
import type { TriangleMesh } from '../mesh/triangle-mesh.js';
import type { Box } from '../shapes/primitives.js';
import { viewOfBox } from './box-convex-hull.js';

/**
 * Writes the contacts of a box with a triangle mesh and returns how many it wrote: the contacts
 * of every triangle within reach, merged, each with its own normal, reduced to
 * `data.maxContactsPerPair` (mesh-manifold.ts). A box resting on a face gets the face clipped
 * to the triangles under it, so it rests on its corners (or the triangles' corners) as on a
 * half-space. No contact where the gap exceeds `data.tolerance`; touching gives penetration 0. A
 * one-sided mesh gives no contact from a triangle the box's centre is behind, unless the centre
 * is outside the surface at one of its convex edges (then only from the features the rule
 * against ghost contacts keeps, never its face: the contacts3d README). When the buffer is
 * full, `data.overflowed` is set.
 */
export function collideBoxTriangleMesh<B>(
  box: Box<B>,
  mesh: TriangleMesh<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideHullMesh(
    viewOfBox(box),
    box.transform,
    box.aabb,
    mesh,
    data as CollisionData,
    box.body,
    mesh.body,
  );
}

/**
 * Writes the contacts of a box with a heightfield and returns how many it wrote: the same
 * contacts as `collideBoxTriangleMesh` against the heightfield's triangles as a mesh wherever the
 * box's centre is above the surface. The space below is solid (DESIGN.md): a centre in it
 * makes each triangle whose plane it is behind answer with its face (normal the triangle's,
 * depth the plane's height over each clipped point), lifting the box out.
 */
export function collideBoxHeightfield<B>(
  box: Box<B>,
  heightfield: Heightfield<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideHullMesh(
    viewOfBox(box),
    box.transform,
    box.aabb,
    heightfield,
    data as CollisionData,
    box.body,
    heightfield.body,
  );
}
