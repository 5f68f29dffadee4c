/**
 * Sphere against a triangle mesh and against a heightfield: the sphere is a core of one point
 * (its centre) with its radius, so both go through the kernel of mesh/mesh-contacts.ts, which
 * states the per-triangle steps and the rule against ghost contacts; mesh/mesh-manifold.ts merges
 * the triangles' contacts into one set and reduces it. Each contact has its own normal, from the
 * mesh toward the sphere. Kinds: `FaceFace` on a triangle's face, `EdgeFace` on an edge,
 * `PointFace` on a vertex (the sphere counts as a face, as in box-sphere); feature ids pack the
 * sphere's 0 and the mesh feature (`meshFaceFeature`, `meshEdgeFeature`, `meshVertexFeature`).
 */
import type { CollisionData } from '../manifold/collision-data.js';
import type { PairCache } from '../manifold/pair-cache.js';
import type { Heightfield } from '../mesh/heightfield.js';
import { collideCoreMesh, Core, coreMeshContacts } from '../mesh/mesh-contacts.js';
import type { MeshManifold } from '../mesh/mesh-manifold.js';
import type { TriangleSource } from '../mesh/mesh-triangle.js';
import type { TriangleMesh } from '../mesh/triangle-mesh.js';
import type { Sphere } from '../shapes/primitives.js';

/** The sphere as the kernel's core. Scratch of the sphere-mesh detectors alone. */
const coreScratch = new Core();

/** `coreScratch` loaded with the sphere: a core of one point, its centre. */
function sphereCore(sphere: Sphere): Core {
  const m = sphere.transform, core = coreScratch;
  core.x0 = core.x1 = m[12]!;
  core.y0 = core.y1 = m[13]!;
  core.z0 = core.z1 = m[14]!;
  core.radius = sphere.radius;
  core.halfLength = 0;
  core.capsule = false;
  return core;
}

/** The sphere's contacts with `source` into `manifold`, at `data.tolerance` (for tests and oracles). */
export function sphereMeshManifold(
  sphere: Sphere,
  source: TriangleSource,
  data: CollisionData,
  manifold: MeshManifold,
): void {
  coreMeshContacts(sphereCore(sphere), sphere.aabb, source, data, manifold);
}

/**
 * Writes the contacts of a sphere with a triangle mesh and returns how many it wrote: the
 * contacts of every triangle within reach, merged, each with its own normal, reduced to
 * `data.maxContactsPerPair` (mesh-manifold.ts). No contact where the gap exceeds
 * `data.tolerance`; touching gives penetration 0. A one-sided mesh gives no contact to a centre
 * behind every triangle in reach. When the buffer is full, `data.overflowed` is set.
 */
export function collideSphereTriangleMesh<B>(
  sphere: Sphere<B>,
  mesh: TriangleMesh<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideCoreMesh(
    sphereCore(sphere),
    sphere.aabb,
    mesh,
    data as CollisionData,
    sphere.body,
    mesh.body,
  );
}

/**
 * Writes the contacts of a sphere with a heightfield and returns how many it wrote: the same
 * contacts as `collideSphereTriangleMesh` against the heightfield's triangles as a mesh wherever the core
 * is above the surface. The space below is solid (DESIGN.md): the part of the core below a
 * triangle, in its column, gets a contact of the triangle's normal, depth the radius plus the
 * plane's height over that part's deepest point; a centre beside the grid (or over a hole) whose
 * sphere reaches into a triangle's column behind its plane gets the triangle's normal, depth the
 * radius less the centre's height over the plane, which lifts the whole sphere in front of it.
 */
export function collideSphereHeightfield<B>(
  sphere: Sphere<B>,
  heightfield: Heightfield<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return collideCoreMesh(
    sphereCore(sphere),
    sphere.aabb,
    heightfield,
    data as CollisionData,
    sphere.body,
    heightfield.body,
  );
}
