export { ContactKind, contactKindName } from '@contactkit/math';
export { collide } from './collide.js';
export { CollisionData } from './manifold/collision-data.js';
export type { CollisionDataOptions } from './manifold/collision-data.js';
export { Contact } from './manifold/contact.js';
export {
  DEFAULT_RECYCLE_ANGLE,
  DEFAULT_RECYCLE_DISTANCE,
  PairCache,
} from './manifold/pair-cache.js';
export type { PairCacheOptions, PairCachePath } from './manifold/pair-cache.js';
export { Bvh } from './mesh/bvh.js';
export { Heightfield } from './mesh/heightfield.js';
export type { HeightfieldOptions } from './mesh/heightfield.js';
export { DISTINCT_NORMAL_ANGLE } from './mesh/mesh-manifold.js';
export {
  Direction,
  EdgeFlag,
  FLAT_EDGE_ANGLE,
  MAX_MESH_TRIANGLES,
  MeshTriangle,
  meshEdgeFeature,
  meshFaceFeature,
  meshVertexFeature,
} from './mesh/mesh-triangle.js';
export type { TriangleSource } from './mesh/mesh-triangle.js';
export { DEGENERATE_AREA_RATIO, TriangleMesh } from './mesh/triangle-mesh.js';
export type { TriangleMeshOptions } from './mesh/triangle-mesh.js';
export {
  overlap,
  overlapSphereSphere,
  overlapSphereHalfSpace,
  overlapBoxHalfSpace,
  overlapBoxSphere,
  overlapBoxCapsule,
  overlapCapsuleCapsule,
  overlapCapsuleSphere,
  overlapCapsulePlane,
  overlapCapsuleHalfSpace,
} from './overlap.js';
export { collideBoxBox, overlapBoxBox } from './pairs/box-box.js';
export { collideBoxCapsule } from './pairs/box-capsule.js';
export { collideBoxConvexHull, overlapBoxConvexHull } from './pairs/box-convex-hull.js';
export { collideBoxHalfSpace } from './pairs/box-half-space.js';
export { collideBoxHeightfield, collideBoxTriangleMesh } from './pairs/box-mesh.js';
export { collideBoxPlane } from './pairs/box-plane.js';
export { collideBoxSphere } from './pairs/box-sphere.js';
export { collideCapsuleCapsule } from './pairs/capsule-capsule.js';
export { collideCapsuleHalfSpace } from './pairs/capsule-half-space.js';
export { collideCapsuleHeightfield, collideCapsuleTriangleMesh } from './pairs/capsule-mesh.js';
export { collideCapsulePlane } from './pairs/capsule-plane.js';
export { collideCapsuleSphere } from './pairs/capsule-sphere.js';
export { collideConvexHullCapsule, overlapConvexHullCapsule } from './pairs/convex-hull-capsule.js';
export {
  collideConvexHullConvexHull,
  overlapConvexHullConvexHull,
} from './pairs/convex-hull-convex-hull.js';
export {
  collideConvexHullHalfSpace,
  collideConvexHullPlane,
  overlapConvexHullHalfSpace,
} from './pairs/convex-hull-half-space.js';
export {
  collideConvexHullHeightfield,
  collideConvexHullTriangleMesh,
} from './pairs/convex-hull-mesh.js';
export { collideConvexHullSphere, overlapConvexHullSphere } from './pairs/convex-hull-sphere.js';
export { collideSphereHalfSpace } from './pairs/sphere-half-space.js';
export { collideSphereHeightfield, collideSphereTriangleMesh } from './pairs/sphere-mesh.js';
export { collideSpherePlane } from './pairs/sphere-plane.js';
export { collideSphereSphere } from './pairs/sphere-sphere.js';
export { massProperties, MassProperties } from './queries/mass-properties.js';
export { raycast, RayHit } from './queries/raycast.js';
export { boxVertexFeature, boxEdgeFeature, boxFaceFeature } from './shapes/box-features.js';
export { Capsule, CAPSULE_SIDE_FEATURE, capsuleEndFeature } from './shapes/capsule.js';
export { ConvexHull, MAX_HULL_FEATURES } from './shapes/convex-hull.js';
export type { ConvexHullOptions } from './shapes/convex-hull.js';
export { ShapeType, Primitive, Sphere, Box, Plane, HalfSpace } from './shapes/primitives.js';
export type { AnyPrimitive } from './shapes/primitives.js';
