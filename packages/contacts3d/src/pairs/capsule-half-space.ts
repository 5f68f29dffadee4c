/**
 * Capsule against a half-space (as Millington's box-half-space, ch. 13.3.3, with the box's
 * vertices replaced by the segment's two ends): each end of the capsule's segment whose sphere
 * reaches below the plane (within the tolerance) is a `PointFace` contact (capsule end, plane
 * face). A capsule lying on the plane gets two, one standing on it one; a capsule of half length
 * 0 has one end (code 1).
 *
 * With `n` the plane's unit normal and `e` an end at height `s = dot(n, e) - offset`: normal `n`
 * (from the plane, the second shape, toward the capsule), `penetration = r - s` (exact: the
 * deepest point of that end's sphere), witnesses `e - n r` on the capsule and `e - n s` on the
 * plane, `point = e - n (r + s) / 2`. Feature ids pack the end's code (capsule.ts) and 0.
 */
import { ContactKind } from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import { capsuleEndFeature, type Capsule } from '../shapes/capsule.js';
import type { HalfSpace, Plane } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** Scratch of the capsule-plane and capsule-half-space detectors and tests, passed explicitly. */
const manifoldScratch = new LocalManifold();

/**
 * The contacts of `capsule`'s ends against `plane` seen from `side` (+1: as given; -1: normal and
 * offset negated) into `manifold`, the end at `-halfLength` first, down to separation
 * `data.tolerance` (0 without `data`). Shared by the half-space and the true plane. The tolerance
 * is read from its buffer, so that a call allocates nothing (PERFORMANCE.md: doubles cross calls
 * in fields).
 */
export function capsulePlaneManifold(
  capsule: Capsule,
  plane: HalfSpace | Plane,
  side: 1 | -1,
  data: CollisionData | null,
  manifold: LocalManifold,
): void {
  const tolerance = data === null ? 0 : data.tolerance;
  const w = plane.worldNormal;
  // 0 - x rather than -x: a zero component stays +0.
  const nx = side > 0 ? w[0]! : 0 - w[0]!,
    ny = side > 0 ? w[1]! : 0 - w[1]!,
    nz = side > 0 ? w[2]! : 0 - w[2]!;
  const offset = side > 0 ? plane.worldOffset : 0 - plane.worldOffset;
  const m = capsule.transform;
  const radius = capsule.radius, halfLength = capsule.halfLength;
  const cx = m[12]!, cy = m[13]!, cz = m[14]!;
  const yx = m[4]! * halfLength, yy = m[5]! * halfLength, yz = m[6]! * halfLength;
  const centreHeight = nx * cx + ny * cy + nz * cz - offset;
  const rise = nx * yx + ny * yy + nz * yz;
  let count = 0;
  const ends = halfLength === 0 ? 1 : 2;
  for (let end = 0; end < ends; end++) {
    const sign = end === 0 ? -1 : 1;
    const height = centreHeight + sign * rise;
    const depth = radius - height;
    if (depth < -tolerance) continue;
    const back = 0.5 * (radius + height);
    const point = manifold.points[count++]!;
    point.x = cx + sign * yx - nx * back;
    point.y = cy + sign * yy - ny * back;
    point.z = cz + sign * yz - nz * back;
    point.depth = depth;
    point.kind = ContactKind.PointFace;
    point.features = capsuleEndFeature(sign) << 16;
  }
  manifold.normalX = nx;
  manifold.normalY = ny;
  manifold.normalZ = nz;
  manifold.count = count;
}

/**
 * Writes the contacts of a capsule with a solid half-space and returns how many it wrote (0 to
 * 2): one `PointFace` contact per end whose penetration `r - (dot(n, e) - offset)` is at least
 * `-data.tolerance`, the end at `-halfLength` first, normal the half-space's world normal.
 * Exactly touching gives penetration 0. When `maxContactsPerPair` or the room left is 1, the
 * deeper end is kept (`data.overflowed` set when it was the room).
 */
export function collideCapsuleHalfSpace<B>(
  capsule: Capsule<B>,
  halfSpace: HalfSpace<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  capsulePlaneManifold(capsule, halfSpace, 1, data as CollisionData, manifoldScratch);
  return emitManifold(manifoldScratch, data, capsule.body, halfSpace.body, false);
}

/**
 * Whether a capsule overlaps or touches a solid half-space: exactly when `collideCapsuleHalfSpace`
 * at tolerance 0 writes a contact.
 */
export function overlapCapsuleHalfSpace(capsule: Capsule, halfSpace: HalfSpace): boolean {
  capsulePlaneManifold(capsule, halfSpace, 1, null, manifoldScratch);
  return manifoldScratch.count > 0;
}
