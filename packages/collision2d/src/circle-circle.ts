/**
 * Circle against circle (the circle test, with the contact of the sphere-sphere case of Millington, Game Physics Engine Development, ch. 13).
 */
import { ContactKind, Transform2 } from '@contactkit/math';
import type { CollisionData2 } from './contact2.js';
import { emitManifold2, LocalManifold2 } from './manifold2.js';
import type { Circle } from './shapes.js';

/** Scratch of `collideCircleCircle` (module-level: a call allocates nothing), handed on explicitly. */
const scratchManifold = new LocalManifold2(1);
/** The frame the contact is computed in: world space. */
const WORLD = new Transform2();
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
export function collideCircleCircle<B>(a: Circle<B>, b: Circle<B>, data: CollisionData2<B>): number {
  // Circle.packed: centre x, y and radius in one array (PERFORMANCE.md, 2D kernels).
  const pa = a.packed, pb = b.packed;
  const ax = pa[0]!, ay = pa[1]!, ra = pa[2]!;
  const bx = pb[0]!, by = pb[1]!, rb = pb[2]!;
  const dx = ax - bx, dy = ay - by;
  const reach = ra + rb + data.tolerance;
  const d2 = dx * dx + dy * dy;
  if (d2 > reach * reach) return 0;
  let nx = 0, ny = 1, distance = 0;
  if (d2 >= SCALE_BELOW && d2 < Infinity) {
    distance = Math.sqrt(d2);
    nx = dx / distance;
    ny = dy / distance;
  } else if (dx !== 0 || dy !== 0) {
    // Scaled by the larger component first, so that neither square underflows or overflows.
    const scale = Math.abs(dx) > Math.abs(dy) ? Math.abs(dx) : Math.abs(dy);
    const ux = dx / scale, uy = dy / scale, length = Math.sqrt(ux * ux + uy * uy);
    nx = ux / length;
    ny = uy / length;
    distance = scale * length;
  }
  const manifold = scratchManifold;
  manifold.count = 0;
  // Witness points a.centre - n ra and b.centre + n rb; their midpoint. Feature codes 0: a circle has one feature.
  manifold.add(0.5 * (ax - nx * ra + bx + nx * rb), 0.5 * (ay - ny * ra + by + ny * rb), nx, ny, ra + rb - distance, ContactKind.FaceFace, 0, 0);
  return emitManifold2(manifold, WORLD, data, a.body, b.body, false);
}
