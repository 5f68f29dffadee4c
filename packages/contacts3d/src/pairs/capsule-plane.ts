/**
 * Capsule against a true plane (Millington's true plane, ch. 13): the plane is a thin sheet, so
 * the capsule collides from either side. The side of the capsule's centre decides the normal,
 * then the segment's ends are taken exactly as against the half-space on that side (see
 * capsule-half-space.ts for the formulas, kinds and feature ids).
 */
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import type { Capsule } from '../shapes/capsule.js';
import type { Plane } from '../shapes/primitives.js';
import { capsulePlaneManifold } from './capsule-half-space.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** Scratch of `collideCapsulePlane` and `overlapCapsulePlane`, passed to the computation explicitly. */
const manifoldScratch = new LocalManifold();

/**
 * The side of a true plane a capsule is pushed toward: that of its centre, +1 on or above the
 * plane, -1 below (box-plane's rule).
 */
function capsulePlaneSide(capsule: Capsule, plane: Plane): 1 | -1 {
  const n = plane.worldNormal, m = capsule.transform;
  return n[0]! * m[12]! + n[1]! * m[13]! + n[2]! * m[14]! - plane.worldOffset >= 0 ? 1 : -1;
}

/**
 * Writes the contacts of a capsule with a true plane and returns how many it wrote (0 to 2). The
 * side of the capsule's centre decides the normal (the plane's normal `n` on or above the plane,
 * `-n` below; a centre on the plane takes `n`), then the ends are taken as against the
 * half-space on that side: each end within reach is a `PointFace` contact.
 */
export function collideCapsulePlane<B>(
  capsule: Capsule<B>,
  plane: Plane<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  capsulePlaneManifold(
    capsule,
    plane,
    capsulePlaneSide(capsule, plane),
    data as CollisionData,
    manifoldScratch,
  );
  return emitManifold(manifoldScratch, data, capsule.body, plane.body, false);
}

/**
 * Whether a capsule touches or crosses a true plane: exactly when `collideCapsulePlane` at
 * tolerance 0 writes a contact.
 */
export function overlapCapsulePlane(capsule: Capsule, plane: Plane): boolean {
  capsulePlaneManifold(capsule, plane, capsulePlaneSide(capsule, plane), null, manifoldScratch);
  return manifoldScratch.count > 0;
}
