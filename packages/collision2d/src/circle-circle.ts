/**
 * Circle against circle (seed 001's circle test, with the contact of seed 004's sphere-sphere).
 */
import { ContactKind } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import type { Circle } from './shapes.js';

/**
 * The imported constant and helper, bound again here: V8 folds a module's own constants into
 * optimized code, while every use of an imported binding reads its cell and checks it.
 */
const faceFace = ContactKind.FaceFace;
const claim = claimContact2;

/**
 * Writes the contact of two circles when their gap is at most `data.tolerance`: normal from
 * `b`'s centre toward `a`'s, penetration `ra + rb - distance`, point halfway between the two
 * surface points on the centre line, kind FaceFace, featureId 0. Coincident centres give the
 * normal +Y (a fixed, documented choice: no direction can be taken from a zero vector).
 * Returns the number of contacts written (0 or 1); sets `data.overflowed` when the buffer is full.
 */
export function collideCircleCircle(a: Circle, b: Circle, data: CollisionData2): number {
  // Circle.packed: centre x, y and radius, in one array per circle.
  const pa = a.packed, pb = b.packed;
  const ax = pa[0]!, ay = pa[1]!, ra = pa[2]!;
  const bx = pb[0]!, by = pb[1]!, rb = pb[2]!;
  const dx = ax - bx, dy = ay - by;
  const reach = ra + rb + data.tolerance;
  const d2 = dx * dx + dy * dy;
  if (d2 > reach * reach) return 0;
  if (data.contactCount === data.contacts.length) {
    data.overflowed = true;
    return 0;
  }
  const distance = Math.sqrt(d2);
  let nx = 0, ny = 1;
  if (distance > 0) {
    nx = dx / distance;
    ny = dy / distance;
  }
  const contact = claim(data, a.body, b.body);
  // Witness points a.centre - n ra and b.centre + n rb; their midpoint.
  contact.point[0] = 0.5 * (ax - nx * ra + bx + nx * rb);
  contact.point[1] = 0.5 * (ay - ny * ra + by + ny * rb);
  contact.normal[0] = nx;
  contact.normal[1] = ny;
  contact.penetration = ra + rb - distance;
  contact.kind = faceFace;
  // packFeatureId(0, 0): a circle's feature code is 0.
  contact.featureId = 0;
  return 1;
}
