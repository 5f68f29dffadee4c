/**
 * Sphere against a half-space (after Millington, Game Physics Engine Development, ch. 13.3.2): the solid half-space is
 * everything below `dot(n, x) = offset`, so a sphere collides when its centre is less than its
 * radius above the plane, however deep the centre lies. One FaceFace contact, feature ids 0 and 0.
 *
 * With `s = dot(n, c) - offset` the signed height of the centre, the normal is `n` (from the
 * half-space, the second shape, toward the sphere), `penetration = r - s`, the witness on the
 * sphere is `c - n r` and the witness on the plane is the centre's projection `c - n s`.
 */
import { ContactKind } from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { claimOne } from '../manifold/local-manifold.js';
import type { HalfSpace, Sphere } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/**
 * Shared by the half-space and the true plane: writes one FaceFace contact of `sphere` against
 * the plane with unit normal `(nx, ny, nz)` (already pointing toward the sphere's side) whose
 * centre lies at signed height `height` above it, or nothing when the gap exceeds the tolerance.
 * Returns the number written (0 or 1); sets `data.overflowed` when the buffer is full.
 */
export function writeSpherePlaneContact(
  sphere: Sphere,
  secondBody: unknown,
  nx: number,
  ny: number,
  nz: number,
  height: number,
  data: CollisionData,
): number {
  const radius = sphere.radius;
  const penetration = radius - height;
  if (penetration < -data.tolerance) return 0;
  const m = sphere.transform;
  const contact = claimOne(data, sphere.body, secondBody);
  if (contact === undefined) return 0;
  // Midpoint of c - n r (on the sphere) and c - n s (on the plane).
  const back = 0.5 * (radius + height);
  contact.point[0] = m[12]! - nx * back;
  contact.point[1] = m[13]! - ny * back;
  contact.point[2] = m[14]! - nz * back;
  contact.normal[0] = nx;
  contact.normal[1] = ny;
  contact.normal[2] = nz;
  contact.penetration = penetration;
  contact.kind = ContactKind.FaceFace;
  contact.featureId = 0;
  return 1;
}

/**
 * Writes the contact of a sphere with a solid half-space and returns how many it wrote (0 or 1).
 * Normal: the half-space's world normal; `penetration = radius - (dot(n, c) - offset)`, so a
 * centre below the plane gives a penetration larger than the radius. No contact when the gap
 * exceeds `data.tolerance`; touching gives penetration 0. A sphere of radius 0 is a point: it
 * touches at height 0 and penetrates by its depth below the plane. When the buffer is full the
 * contact is dropped, `data.overflowed` is set and 0 returned.
 */
export function collideSphereHalfSpace<B>(
  sphere: Sphere<B>,
  halfSpace: HalfSpace<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const n = halfSpace.worldNormal;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const m = sphere.transform;
  const height = nx * m[12]! + ny * m[13]! + nz * m[14]! - halfSpace.worldOffset;
  return writeSpherePlaneContact(sphere, halfSpace.body, nx, ny, nz, height, data);
}
