/**
 * Box against a true plane (Millington, Game Physics Engine Development, ch. 13): the plane is a
 * thin sheet, so the box collides from either side. The side of the box centre decides the normal:
 * the plane normal when the centre lies on or above the plane, its negation below; then every
 * vertex on the far side of the plane (within the tolerance) is a PointFace contact, exactly as
 * against the half-space on the centre's side (see box-half-space.ts for the formulas, the feature
 * ids and the reduction).
 */
import type { CollisionData } from '../manifold/collision-data.js';
import { writeBoxPlaneContacts } from './box-half-space.js';
import type { Box, Plane } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/**
 * Writes the contacts of a box with a true plane and returns how many it wrote (0 to
 * `data.maxContactsPerPair`). With `s = dot(n, centre) - offset`: normal `n` when `s >= 0`, and
 * the vertices below the plane are the contacts; normal `-n` when `s < 0`, and the vertices above
 * it are. A centre exactly on the plane (`s = 0`) takes the plane normal `n` (a fixed choice):
 * the half of the box below the plane is reported, 4 vertices for a box cut through its middle
 * parallel to a face. A face exactly on the plane gives 4 contacts of penetration 0. When the
 * buffer has room for fewer, the set is reduced to the room left (deepest and widest first),
 * `data.overflowed` is set and the number written returned.
 */
export function collideBoxPlane<B>(
  box: Box<B>,
  plane: Plane<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const n = plane.worldNormal;
  const m = box.transform;
  const centreHeight = n[0]! * m[12]! + n[1]! * m[13]! + n[2]! * m[14]! - plane.worldOffset;
  return writeBoxPlaneContacts(box, plane, centreHeight >= 0 ? 1 : -1, data);
}
