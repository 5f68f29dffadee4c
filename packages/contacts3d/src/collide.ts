/**
 * `collide(a, b, data)`: any pair of primitives, in either order, through one dispatch table
 * indexed by the two shape types (Box2D's s_registers idea). Each pair's detector is stored
 * once under its own order; the mirrored entry calls it with the shapes swapped and then turns
 * the contacts it wrote around: normals negated, bodies swapped. Points and depths need no
 * change, by the symmetry convention, and feature ids none either: they name the features in the
 * pair's canonical order whatever the argument order.
 */
import { type CollisionData } from './manifold/collision-data.js';
import type { PairCache } from './manifold/pair-cache.js';
import { collideBoxBox } from './pairs/box-box.js';
import { collideBoxConvexHull } from './pairs/box-convex-hull.js';
import { collideConvexHullConvexHull } from './pairs/convex-hull-convex-hull.js';
import {
  collideConvexHullHalfSpace,
  collideConvexHullPlane,
} from './pairs/convex-hull-half-space.js';
import { collideConvexHullSphere } from './pairs/convex-hull-sphere.js';
import { collideConvexHullCapsule } from './pairs/convex-hull-capsule.js';
import { collideBoxCapsule } from './pairs/box-capsule.js';
import { collideCapsuleCapsule } from './pairs/capsule-capsule.js';
import { collideCapsuleHalfSpace } from './pairs/capsule-half-space.js';
import { collideCapsulePlane } from './pairs/capsule-plane.js';
import { collideCapsuleSphere } from './pairs/capsule-sphere.js';
import { collideCapsuleHeightfield, collideCapsuleTriangleMesh } from './pairs/capsule-mesh.js';
import { collideSphereHeightfield, collideSphereTriangleMesh } from './pairs/sphere-mesh.js';
import { collideBoxHeightfield, collideBoxTriangleMesh } from './pairs/box-mesh.js';
import {
  collideConvexHullHeightfield,
  collideConvexHullTriangleMesh,
} from './pairs/convex-hull-mesh.js';
import { collideBoxHalfSpace } from './pairs/box-half-space.js';
import { collideBoxPlane } from './pairs/box-plane.js';
import { collideBoxSphere } from './pairs/box-sphere.js';
import { ShapeType, type AnyPrimitive } from './shapes/primitives.js';
import { collideSphereHalfSpace } from './pairs/sphere-half-space.js';
import { collideSpherePlane } from './pairs/sphere-plane.js';
import { collideSphereSphere } from './pairs/sphere-sphere.js';

// The table stores detectors of differently typed pairs; `collide` guarantees each is called
// with the shape types its entry is filed under.
type Detector = (first: never, second: never, data: CollisionData, cache?: PairCache) => number;

// Room for every ShapeType DESIGN.md names (ConvexHull 5, TriangleMesh 6, Heightfield 7 to come).
const SHAPE_TYPES = 8;
const detectors: (Detector | null)[] = new Array<Detector | null>(SHAPE_TYPES * SHAPE_TYPES).fill(
  null,
);
const mirrored: boolean[] = new Array<boolean>(SHAPE_TYPES * SHAPE_TYPES).fill(false);

function register(first: ShapeType, second: ShapeType, detector: Detector): void {
  detectors[first * SHAPE_TYPES + second] = detector;
  if (first !== second) {
    detectors[second * SHAPE_TYPES + first] = detector;
    mirrored[second * SHAPE_TYPES + first] = true;
  }
}

register(ShapeType.Sphere, ShapeType.Sphere, collideSphereSphere);
register(ShapeType.Sphere, ShapeType.HalfSpace, collideSphereHalfSpace);
register(ShapeType.Sphere, ShapeType.Plane, collideSpherePlane);
register(ShapeType.Box, ShapeType.Sphere, collideBoxSphere);
register(ShapeType.Box, ShapeType.HalfSpace, collideBoxHalfSpace);
register(ShapeType.Box, ShapeType.Plane, collideBoxPlane);
register(ShapeType.Box, ShapeType.Box, collideBoxBox);
register(ShapeType.Box, ShapeType.ConvexHull, collideBoxConvexHull);
register(ShapeType.ConvexHull, ShapeType.ConvexHull, collideConvexHullConvexHull);
register(ShapeType.ConvexHull, ShapeType.Sphere, collideConvexHullSphere);
register(ShapeType.ConvexHull, ShapeType.Plane, collideConvexHullPlane);
register(ShapeType.ConvexHull, ShapeType.HalfSpace, collideConvexHullHalfSpace);
register(ShapeType.Box, ShapeType.Capsule, collideBoxCapsule);
register(ShapeType.Capsule, ShapeType.Capsule, collideCapsuleCapsule);
register(ShapeType.Capsule, ShapeType.Sphere, collideCapsuleSphere);
register(ShapeType.Capsule, ShapeType.Plane, collideCapsulePlane);
register(ShapeType.Capsule, ShapeType.HalfSpace, collideCapsuleHalfSpace);
register(ShapeType.ConvexHull, ShapeType.Capsule, collideConvexHullCapsule);
register(ShapeType.Sphere, ShapeType.TriangleMesh, collideSphereTriangleMesh);
register(ShapeType.Sphere, ShapeType.Heightfield, collideSphereHeightfield);
register(ShapeType.Capsule, ShapeType.TriangleMesh, collideCapsuleTriangleMesh);
register(ShapeType.Capsule, ShapeType.Heightfield, collideCapsuleHeightfield);
register(ShapeType.Box, ShapeType.TriangleMesh, collideBoxTriangleMesh);
register(ShapeType.Box, ShapeType.Heightfield, collideBoxHeightfield);
register(ShapeType.ConvexHull, ShapeType.TriangleMesh, collideConvexHullTriangleMesh);
register(ShapeType.ConvexHull, ShapeType.Heightfield, collideConvexHullHeightfield);

/**
 * Contacts between any two primitives, in either order, written to `data` from
 * `data.contactCount` on; returns how many were written. Same conventions as the named
 * detectors (normal from `b` toward `a`). Planes and half-spaces are unbounded and never
 * collide with each other: those pairs write nothing and return 0. `cache` goes to the detector
 * as it is (in the detector's argument order, which for a mirrored pair is `b, a`).
 */
export function collide<B>(
  a: AnyPrimitive<B>,
  b: AnyPrimitive<B>,
  data: CollisionData<B>,
  cache?: PairCache,
): number {
  const entry = a.shapeType * SHAPE_TYPES + b.shapeType;
  const detector = detectors[entry] as
    | ((
      first: AnyPrimitive,
      second: AnyPrimitive,
      data: CollisionData,
      cache?: PairCache,
    ) => number)
    | null
    | undefined;
  if (!detector) return 0;
  if (!mirrored[entry]) return detector(a, b, data, cache);
  const start = data.contactCount;
  const count = detector(b, a, data, cache);
  for (let i = start; i < start + count; i++) {
    const contact = data.contacts[i]!;
    // 0 - x rather than -x: a zero component stays +0.
    contact.normal[0] = 0 - contact.normal[0]!;
    contact.normal[1] = 0 - contact.normal[1]!;
    contact.normal[2] = 0 - contact.normal[2]!;
    const firstBody = contact.firstBody;
    contact.firstBody = contact.secondBody;
    contact.secondBody = firstBody;
  }
  return count;
}
