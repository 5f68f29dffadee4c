/**
 * Sphere against a true plane (Millington, Game Physics Engine Development, ch. 13, the true
 * plane): the plane is a thin sheet, so a sphere collides from either side when the distance of its
 * centre from the plane is less than its radius. The side of the centre decides the normal: the
 * plane normal when the centre lies on or above the plane, its negation below. One FaceFace
 * contact, feature ids 0 and 0.
 */
import type { CollisionData } from '../manifold/collision-data.js';
import type { Plane, Sphere } from '../shapes/primitives.js';
import { writeSpherePlaneContact } from './sphere-half-space.js';
import type { PairCache } from '../manifold/pair-cache.js';

/**
 * Writes the contact of a sphere with a true plane and returns how many it wrote (0 or 1).
 * With `s = dot(n, c) - offset`: normal `n` and `penetration = r - s` when `s >= 0`; normal `-n`
 * and `penetration = r + s` when `s < 0`. A centre exactly on the plane (`s = 0`) takes the
 * plane normal `n` (a fixed choice) and penetration `r`; a sphere of radius 0 on the plane
 * touches (penetration 0). No contact when the gap exceeds `data.tolerance`. When the buffer is
 * full the contact is dropped, `data.overflowed` is set and 0 returned.
 */
export function collideSpherePlane<B>(
  sphere: Sphere<B>,
  plane: Plane<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const n = plane.worldNormal;
  const m = sphere.transform;
  let nx = n[0]!, ny = n[1]!, nz = n[2]!;
  let height = nx * m[12]! + ny * m[13]! + nz * m[14]! - plane.worldOffset;
  if (height < 0) {
    // 0 - x rather than -x: a zero component stays +0.
    nx = 0 - nx;
    ny = 0 - ny;
    nz = 0 - nz;
    height = -height;
  }
  return writeSpherePlaneContact(sphere, plane.body, nx, ny, nz, height, data);
}
