/**
 * Boolean overlap tests (the IntersectionTests of Millington, Game Physics Engine Development, ch.
 * 13): whether two primitives share a point. Touching counts as overlapping, so each test answers
 * true exactly when the matching detector, with a tolerance of 0, writes a contact (penetration >=
 * 0): the same arithmetic in the same order, so the two agree even at an exact touch. No tolerance,
 * no output, no allocation. `overlapBoxBox` lives with the box-box detector in box-box.ts, and each
 * capsule pair's test with its detector (pairs/box-capsule.ts, pairs/capsule-*.ts), where they
 * share its computation; `overlap(a, b)` answers any pair in either order through one table, as
 * `collide` does.
 */
import { SQUARE_UNDERFLOW } from '@contactkit/math';
import { collide } from './collide.js';
import { CollisionData } from './manifold/collision-data.js';
import { overlapBoxBox } from './pairs/box-box.js';
import { overlapBoxCapsule } from './pairs/box-capsule.js';
import { overlapBoxConvexHull } from './pairs/box-convex-hull.js';
import { overlapConvexHullConvexHull } from './pairs/convex-hull-convex-hull.js';
import { overlapConvexHullHalfSpace } from './pairs/convex-hull-half-space.js';
import { overlapConvexHullSphere } from './pairs/convex-hull-sphere.js';
import { overlapConvexHullCapsule } from './pairs/convex-hull-capsule.js';
import { overlapCapsuleCapsule } from './pairs/capsule-capsule.js';
import { overlapCapsuleHalfSpace } from './pairs/capsule-half-space.js';
import { overlapCapsulePlane } from './pairs/capsule-plane.js';
import { overlapCapsuleSphere } from './pairs/capsule-sphere.js';
import {
  ShapeType,
  type AnyPrimitive,
  type Box,
  type HalfSpace,
  type Sphere,
} from './shapes/primitives.js';

export {
  overlapBoxBox,
  overlapBoxCapsule,
  overlapCapsuleCapsule,
  overlapCapsuleHalfSpace,
  overlapCapsulePlane,
  overlapCapsuleSphere,
};

/**
 * Whether two spheres overlap or touch: `|c1 - c2| <= r1 + r2`. Coincident centres always
 * overlap, spheres of radius 0 included.
 */
export function overlapSphereSphere(first: Sphere, second: Sphere): boolean {
  const m1 = first.transform, m2 = second.transform;
  const dx = m1[12]! - m2[12]!, dy = m1[13]! - m2[13]!, dz = m1[14]! - m2[14]!;
  const distanceSquared = dx * dx + dy * dy + dz * dz;
  // Exact, as collideSphereSphere: a square that underflows is scaled.
  const distance = distanceSquared >= SQUARE_UNDERFLOW
    ? Math.sqrt(distanceSquared)
    : Math.hypot(dx, dy, dz);
  return first.radius + second.radius - distance >= 0;
}

/**
 * Whether a sphere overlaps or touches a solid half-space: `dot(n, c) - offset <= r`, i.e. the
 * centre is at most one radius above the plane (any centre below it overlaps).
 */
export function overlapSphereHalfSpace(sphere: Sphere, halfSpace: HalfSpace): boolean {
  const n = halfSpace.worldNormal, m = sphere.transform;
  const height = n[0]! * m[12]! + n[1]! * m[13]! + n[2]! * m[14]! - halfSpace.worldOffset;
  return sphere.radius - height >= 0;
}

/**
 * Whether a box overlaps or touches a solid half-space: its lowest vertex, at height
 * `dot(n, p) - offset - sum_k h_k |dot(n, a_k)|`, lies on or below the plane.
 */
export function overlapBoxHalfSpace(box: Box, halfSpace: HalfSpace): boolean {
  const n = halfSpace.worldNormal, m = box.transform, h = box.halfSize;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const centreHeight = nx * m[12]! + ny * m[13]! + nz * m[14]! - halfSpace.worldOffset;
  const rise0 = h[0]! * (nx * m[0]! + ny * m[1]! + nz * m[2]!);
  const rise1 = h[1]! * (nx * m[4]! + ny * m[5]! + nz * m[6]!);
  const rise2 = h[2]! * (nx * m[8]! + ny * m[9]! + nz * m[10]!);
  return centreHeight - Math.abs(rise0) - Math.abs(rise1) - Math.abs(rise2) <= 0;
}

/**
 * Whether a box overlaps or touches a sphere: the point of the box closest to the centre is at
 * most one radius from it. A centre inside the box (or on its surface) always overlaps.
 */
export function overlapBoxSphere(box: Box, sphere: Sphere): boolean {
  const m = box.transform, ms = sphere.transform, h = box.halfSize;
  const dx = ms[12]! - m[12]!, dy = ms[13]! - m[13]!, dz = ms[14]! - m[14]!;
  const h0 = h[0]!, h1 = h[1]!, h2 = h[2]!;
  const q0 = m[0]! * dx + m[1]! * dy + m[2]! * dz;
  const q1 = m[4]! * dx + m[5]! * dy + m[6]! * dz;
  const q2 = m[8]! * dx + m[9]! * dy + m[10]! * dz;
  // The same face-axis early out as collideBoxSphere, so the two agree to the last bit on touching pairs.
  const radius = sphere.radius;
  if (Math.abs(q0) - radius > h0 || Math.abs(q1) - radius > h1 || Math.abs(q2) - radius > h2) {
    return false;
  }
  const g0 = q0 - (q0 > h0 ? h0 : q0 < -h0 ? -h0 : q0);
  const g1 = q1 - (q1 > h1 ? h1 : q1 < -h1 ? -h1 : q1);
  const g2 = q2 - (q2 > h2 ? h2 : q2 < -h2 ? -h2 : q2);
  const distanceSquared = g0 * g0 + g1 * g1 + g2 * g2;
  const distance = distanceSquared >= SQUARE_UNDERFLOW
    ? Math.sqrt(distanceSquared)
    : Math.hypot(g0, g1, g2);
  if (distance > 0) return sphere.radius - distance >= 0;
  // On the surface or inside: collideBoxSphere's inside branch.
  const faceDistance = Math.min(h0 - Math.abs(q0), h1 - Math.abs(q1), h2 - Math.abs(q2));
  return faceDistance + sphere.radius >= 0;
}

// The table stores tests of differently typed pairs; `overlap` calls each with the shape types
// its entry is filed under, swapped for a mirrored entry (a boolean needs no other change).
type Test = (first: never, second: never) => boolean;

const SHAPE_TYPES = 8;
const tests: (Test | null)[] = new Array<Test | null>(SHAPE_TYPES * SHAPE_TYPES).fill(null);
const swapped: boolean[] = new Array<boolean>(SHAPE_TYPES * SHAPE_TYPES).fill(false);

function register(first: ShapeType, second: ShapeType, test: Test): void {
  tests[first * SHAPE_TYPES + second] = test;
  if (first !== second) {
    tests[second * SHAPE_TYPES + first] = test;
    swapped[second * SHAPE_TYPES + first] = true;
  }
}

register(ShapeType.Sphere, ShapeType.Sphere, overlapSphereSphere);
register(ShapeType.Sphere, ShapeType.HalfSpace, overlapSphereHalfSpace);
register(ShapeType.Box, ShapeType.Sphere, overlapBoxSphere);
register(ShapeType.Box, ShapeType.HalfSpace, overlapBoxHalfSpace);
register(ShapeType.Box, ShapeType.Box, overlapBoxBox);
register(ShapeType.Box, ShapeType.Capsule, overlapBoxCapsule);
register(ShapeType.Capsule, ShapeType.Capsule, overlapCapsuleCapsule);
register(ShapeType.Capsule, ShapeType.Sphere, overlapCapsuleSphere);
register(ShapeType.Capsule, ShapeType.Plane, overlapCapsulePlane);
register(ShapeType.Capsule, ShapeType.HalfSpace, overlapCapsuleHalfSpace);
register(ShapeType.Box, ShapeType.ConvexHull, overlapBoxConvexHull);
register(ShapeType.ConvexHull, ShapeType.ConvexHull, overlapConvexHullConvexHull);
register(ShapeType.ConvexHull, ShapeType.Sphere, overlapConvexHullSphere);
register(ShapeType.ConvexHull, ShapeType.HalfSpace, overlapConvexHullHalfSpace);
register(ShapeType.ConvexHull, ShapeType.Capsule, overlapConvexHullCapsule);

/** The buffer of `overlap`'s fallback: a pair without a boolean test of its own asks `collide`. */
const fallbackData = new CollisionData({ capacity: 8 });

/**
 * Whether two primitives overlap or touch, in either order: the pair's own boolean test, or, for
 * a pair without one (sphere-plane, box-plane, hull-plane), whether `collide` at tolerance 0 writes a
 * contact. Planes and half-spaces among themselves: false, as `collide` writes nothing for them.
 */
export function overlap(a: AnyPrimitive, b: AnyPrimitive): boolean {
  const entry = a.shapeType * SHAPE_TYPES + b.shapeType;
  const test = tests[entry] as ((first: AnyPrimitive, second: AnyPrimitive) => boolean) | null;
  if (test) return swapped[entry] ? test(b, a) : test(a, b);
  fallbackData.reset();
  return collide(a, b, fallbackData) > 0;
}
