/**
 * Circle against circle (seed 001's circle test, with the contact of seed 004's sphere-sphere).
 */
import { ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import type { Circle } from './shapes.js';

/**
 * Writes the contact of two circles when their gap is at most `data.tolerance`: normal from
 * `b`'s centre toward `a`'s, penetration `ra + rb - distance`, point halfway between the two
 * surface points on the centre line, kind FaceFace, featureId 0. Coincident centres give the
 * normal +Y (a fixed, documented choice: no direction can be taken from a zero vector).
 * Returns the number of contacts written (0 or 1); sets `data.overflowed` when the buffer is full.
 */
export function collideCircleCircle(a: Circle, b: Circle, data: CollisionData2): number {
  const dx = a.transform.x - b.transform.x, dy = a.transform.y - b.transform.y;
  const reach = a.radius + b.radius + data.tolerance;
  const d2 = dx * dx + dy * dy;
  if (d2 > reach * reach) return 0;
  if (data.contactsLeft === 0) {
    data.overflowed = true;
    return 0;
  }
  const distance = Math.sqrt(d2);
  let nx = 0, ny = 1;
  if (distance > 0) {
    nx = dx / distance;
    ny = dy / distance;
  }
  const contact = claimContact2(data, a.body, b.body);
  // Witness points a.centre - n ra and b.centre + n rb; their midpoint.
  contact.point[0] = 0.5 * (a.transform.x - nx * a.radius + b.transform.x + nx * b.radius);
  contact.point[1] = 0.5 * (a.transform.y - ny * a.radius + b.transform.y + ny * b.radius);
  contact.normal[0] = nx;
  contact.normal[1] = ny;
  contact.penetration = a.radius + b.radius - distance;
  contact.kind = ContactKind.FaceFace;
  contact.featureId = packFeatureId(0, 0);
  return 1;
}
