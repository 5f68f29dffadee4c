/**
 * Sphere against sphere (after Millington, Game Physics Engine Development, ch. 13.3.1): the pair touches or overlaps
 * when the distance of the centres is at most the sum of the radii. One FaceFace contact (two
 * curved surfaces), feature ids 0 and 0.
 *
 * Frame and witnesses: `normal = (c1 - c2) / |c1 - c2|` points from the second sphere toward the
 * first; the witness on the first sphere is `c1 - normal * r1`, on the second `c2 + normal * r2`,
 * and `point` is their midpoint (DESIGN.md), which is the midpoint of the centres only when the
 * radii are equal (Millington takes the midpoint of the centres; the witness convention wins here).
 */
import { ContactKind, SQUARE_UNDERFLOW } from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { claimOne } from '../manifold/local-manifold.js';
import type { Sphere } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/**
 * Writes the contact of two spheres and returns how many it wrote (0 or 1).
 *
 * - `penetration = r1 + r2 - |c1 - c2|`; no contact when it is below `-data.tolerance`
 *   (touching spheres give penetration 0 and one contact).
 * - Coincident centres (no direction can be taken from them): normal `[0, 1, 0]` (+Y, a fixed
 *   choice), penetration `r1 + r2`, point at the midpoint of the centres moved by `(r2 - r1) / 2`
 *   along +Y (the common centre when the radii are equal).
 * - Radius 0 is a point: two points at the same place touch (penetration 0, normal +Y).
 * - When the buffer is full the contact is dropped, `data.overflowed` is set and 0 returned.
 */
export function collideSphereSphere<B>(
  first: Sphere<B>,
  second: Sphere<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const m1 = first.transform, m2 = second.transform;
  const x1 = m1[12]!, y1 = m1[13]!, z1 = m1[14]!;
  const x2 = m2[12]!, y2 = m2[13]!, z2 = m2[14]!;
  const r1 = first.radius, r2 = second.radius;
  const dx = x1 - x2, dy = y1 - y2, dz = z1 - z2;
  const distanceSquared = dx * dx + dy * dy + dz * dz;

  let nx = 0, ny = 1, nz = 0;
  let penetration = r1 + r2;
  // Exact: centres apart by any amount are apart (a test against a fixed small length would
  // make spheres of radius 1e-13 touch across a gap); a square that underflows is scaled.
  const distance = distanceSquared >= SQUARE_UNDERFLOW
    ? Math.sqrt(distanceSquared)
    : underflowDistance(dx, dy, dz);
  if (distance > 0) {
    penetration = r1 + r2 - distance;
    if (penetration < -data.tolerance) return 0;
    const inverse = 1 / distance;
    nx = dx * inverse;
    ny = dy * inverse;
    nz = dz * inverse;
  }
  const contact = claimOne(data, first.body, second.body);
  if (contact === undefined) return 0;
  // Midpoint of (c1 - n r1) and (c2 + n r2).
  const shift = 0.5 * (r2 - r1);
  contact.point[0] = 0.5 * (x1 + x2) + nx * shift;
  contact.point[1] = 0.5 * (y1 + y2) + ny * shift;
  contact.point[2] = 0.5 * (z1 + z2) + nz * shift;
  contact.normal[0] = nx;
  contact.normal[1] = ny;
  contact.normal[2] = nz;
  contact.penetration = penetration;
  contact.kind = ContactKind.FaceFace;
  contact.featureId = 0;
  return 1;
}

/**
 * The length of (x, y, z) when its square underflows: `Math.hypot` divides the components by the
 * largest first. Out of line (PERFORMANCE.md: tricks kept).
 */
function underflowDistance(x: number, y: number, z: number): number {
  return Math.hypot(x, y, z);
}
