/**
 * Capsule against a triangle mesh and against a heightfield: the capsule's core segment with its
 * radius through the kernel of mesh/mesh-contacts.ts (the per-triangle steps and the rule against
 * ghost contacts are stated there); mesh/mesh-manifold.ts merges the triangles' contacts into
 * one set and reduces it. A capsule lying on a face gets a contact at each end of the part of its
 * core above the face, so it rests on two points as on a half-space. Each contact has its own
 * normal, from the mesh toward the capsule. Kinds follow the capsule's core (capsule.ts): an end
 * on a face `PointFace`, the side on a face `EdgeFace`, the side across an edge `EdgeEdge`, an end
 * on an edge or the side on a vertex `PointEdge`, an end on a vertex `PointPoint`; feature ids
 * pack the capsule's code and the mesh feature (mesh-triangle.ts).
 */
import type { CollisionData } from '../manifold/collision-data.js';
import type { PairCache } from '../manifold/pair-cache.js';
import type { Heightfield } from '../mesh/heightfield.js';
import { collideCoreMesh, Core, coreMeshContacts } from '../mesh/mesh-contacts.js';
import type { MeshManifold } from '../mesh/mesh-manifold.js';
import type { TriangleSource } from '../mesh/mesh-triangle.js';
import type { TriangleMesh } from '../mesh/triangle-mesh.js';
import type { Capsule } from '../shapes/capsule.js';

/** The capsule as the kernel's core. Scratch of the capsule-mesh detectors alone. */
const coreScratch = new Core();

/**
 * `coreScratch` loaded with the capsule: its core from the -halfLength end (t = 0) to the
 * +halfLength end (t = 1), as capsule.ts codes them.
 */
function capsuleCore(capsule: Capsule): Core {
  const m = capsule.transform, core = coreScratch, l = capsule.halfLength;
  core.x0 = m[12]! - m[4]! * l;
  core.y0 = m[13]! - m[5]! * l;
  core.z0 = m[14]! - m[6]! * l;
  core.x1 = m[12]! + m[4]! * l;
  core.y1 = m[13]! + m[5]! * l;
  core.z1 = m[14]! + m[6]! * l;
  core.radius = capsule.radius;
  core.halfLength = l;
  core.capsule = true;
  return core;
}

/** The capsule's contacts with `source` into `manifold`, at `data.tolerance` (for tests and oracles). */
export function capsuleMeshManifold(
  capsule: Capsule,
  source: TriangleSource,
  data: CollisionData,
  manifold: MeshManifold,
): void {
  coreMeshContacts(capsuleCore(capsule), capsule.aabb, source, data, manifold);
}

/**
 * Writes the contacts of a capsule with a triangle mesh and returns how many it wrote: the
 * contacts of every triangle within reach, merged, each with its own normal, reduced to
 * `data.maxContactsPerPair` (mesh-manifold.ts). No contact where the gap exceeds
 * `data.tolerance`; touching gives penetration 0. When the buffer is full, `data.overflowed` is set.
 */
export function collideCapsuleTriangleMesh<B>(
  capsule: Capsule<B>,
  mesh: TriangleMesh<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideCoreMesh(
    capsuleCore(capsule),
    capsule.aabb,
    mesh,
    data as CollisionData,
    capsule.body,
    mesh.body,
  );
}

/**
 * Writes the contacts of a capsule with a heightfield and returns how many it wrote: the same
 * contacts as `collideCapsuleTriangleMesh` against the heightfield's triangles as a mesh wherever the core
 * is above the surface. The space below is solid (DESIGN.md): the part of the core below a
 * triangle, in its column, gets a contact of the triangle's normal, depth the radius plus the
 * plane's height over that part's deepest point.
 */
export function collideCapsuleHeightfield<B>(
  capsule: Capsule<B>,
  heightfield: Heightfield<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideCoreMesh(
    capsuleCore(capsule),
    capsule.aabb,
    heightfield,
    data as CollisionData,
    capsule.body,
    heightfield.body,
  );
}
