/**
 * Circle against circle (the circle test, with the contact of the sphere-sphere case of Millington,
 * Game Physics Engine Development, ch. 13).
 */
import { ContactKind } from '@contactkit/math';
import type { CollisionData2, Contact2 } from '../manifold/contact2.js';
import { claimOne2 } from '../manifold/manifold2.js';
import type { Circle } from '../shapes/shapes.js';

/**
 * Below this squared distance the components are scaled before the distance is taken: a square
 * of a component under about 1e-154 loses bits to underflow (centres 1e-162 apart would give a
 * normal of length 1.00136). Far above the smallest normal double, 2.2e-308.
 */
const SCALE_BELOW = 1e-280;

/**
 * Writes the contact of two circles when their gap is at most `data.tolerance`: normal from
 * `b`'s centre toward `a`'s, penetration `ra + rb - distance`, point halfway between the two
 * surface points on the centre line, kind FaceFace, featureId 0. Coincident centres give the
 * normal +Y (a fixed, documented choice: no direction can be taken from a zero vector); centres
 * however close but apart give the unit normal along their difference. Returns the number of
 * contacts written (0 or 1); sets `data.overflowed` when the buffer is full.
 */
export function collideCircleCircle<B>(
  a: Circle<B>,
  b: Circle<B>,
  data: CollisionData2<B>,
): number {
  // Circle.packed: centre x, y and radius in one array (PERFORMANCE.md, 2D kernels).
  const pa = a.packed, pb = b.packed;
  const ax = pa[0]!, ay = pa[1]!, ra = pa[2]!;
  const bx = pb[0]!, by = pb[1]!, rb = pb[2]!;
  const dx = ax - bx, dy = ay - by;
  const reach = ra + rb + data.tolerance;
  const d2 = dx * dx + dy * dy;
  if (d2 > reach * reach) return 0;
  // One contact, written straight into the record (PERFORMANCE.md: tricks kept).
  const contact = claimOne2(data, a.body, b.body);
  if (contact === undefined) return 0;
  const normal = contact.normal;
  // d2 is finite: positions and radii are within MAX_COORDINATE (1e75), so d2 is at most about 1e151.
  if (d2 >= SCALE_BELOW) {
    const distance = Math.sqrt(d2);
    normal[0] = dx / distance;
    normal[1] = dy / distance;
    contact.penetration = ra + rb - distance;
  } else {
    // Out of line (PERFORMANCE.md: tricks kept).
    scaledNormal(pa, pb, contact);
  }
  const nx = normal[0]!, ny = normal[1]!;
  // Witness points a.centre - n ra and b.centre + n rb; their midpoint.
  contact.point[0] = 0.5 * (ax - nx * ra + bx + nx * rb);
  contact.point[1] = 0.5 * (ay - ny * ra + by + ny * rb);
  contact.kind = ContactKind.FaceFace;
  // packFeatureId(0, 0): a circle has one feature, code 0.
  contact.featureId = 0;
  return 1;
}

/**
 * The normal and penetration of `collideCircleCircle` when the centres' squared distance is
 * below `SCALE_BELOW`, into `contact`: the components scaled by the larger one first, so that
 * their squares do not underflow; coincident centres give +Y.
 */
function scaledNormal(pa: Float64Array, pb: Float64Array, contact: Contact2): void {
  const dx = pa[0]! - pb[0]!, dy = pa[1]! - pb[1]!;
  let nx = 0, ny = 1, distance = 0;
  if (dx !== 0 || dy !== 0) {
    const scale = Math.abs(dx) > Math.abs(dy) ? Math.abs(dx) : Math.abs(dy);
    const ux = dx / scale, uy = dy / scale, length = Math.sqrt(ux * ux + uy * uy);
    nx = ux / length;
    ny = uy / length;
    distance = scale * length;
  }
  contact.normal[0] = nx;
  contact.normal[1] = ny;
  contact.penetration = pa[2]! + pb[2]! - distance;
}
