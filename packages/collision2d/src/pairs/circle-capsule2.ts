/**
 * Circle against capsule: the circle's centre against the capsule's core segment (Ericson,
 * Real-Time Collision Detection, 5.1.2, closest point on a segment), then the two radii, as
 * circle against circle. Computed in the capsule's frame, where the core runs along x from
 * `-halfLength` to `halfLength`.
 */
import { ContactKind } from '@contactkit/math';
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import {
  type Capsule2,
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
} from '../shapes/capsule2.js';
import type { Circle } from '../shapes/shapes.js';

/** Scratch of `collideCircleCapsule2` (module-level: a call allocates nothing). */
const scratchManifold = new LocalManifold2(1);

/**
 * Writes the contact of `circle` and `capsule` when their gap is at most `data.tolerance`: normal
 * from the nearest point of the capsule's core toward the circle's centre, penetration
 * `radius + capsule.radius - distance`, the point halfway between the two surface points, kind
 * FaceFace, features (0, the capsule's flat side facing the centre, or the round end past which
 * it lies: `capsule2.ts`). A centre exactly on the core gives the capsule's +y side normal (a
 * fixed, documented choice: no direction can be taken from a zero vector). Returns the number of
 * contacts written (0 or 1); sets `data.overflowed` when the buffer is full.
 */
export function collideCircleCapsule2<B>(
  circle: Circle<B>,
  capsule: Capsule2<B>,
  data: CollisionData2<B>,
): number {
  // Capsule2.packed: radius and half length as doubles.
  const xf = capsule.transform,
    c = xf.cos,
    s = xf.sin,
    rk = capsule.packed[0]!,
    h = capsule.packed[1]!;
  // Circle.packed: centre x, y and radius.
  const centre = circle.packed;
  const wx = centre[0]! - xf.x, wy = centre[1]! - xf.y;
  // The centre in the capsule's frame, and its offset from the nearest core point (q, 0).
  const x = c * wx + s * wy, y = c * wy - s * wx;
  const q = x > h ? h : x < -h ? -h : x;
  const dx = x - q, dy = y;
  const rc = centre[2]!;
  const reach = rc + rk + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  // Scaled by the larger component before squaring, so an offset of 1e-200 still normalises.
  let nx = 0, ny = 1, distance = 0;
  const largest = Math.abs(dx) > Math.abs(dy) ? Math.abs(dx) : Math.abs(dy);
  if (largest > 0) {
    const ux = dx / largest, uy = dy / largest, length = Math.sqrt(ux * ux + uy * uy);
    nx = ux / length;
    ny = uy / length;
    distance = largest * length;
  }
  const feature = x < -h
    ? capsule2EndFeature(0)
    : x > h
    ? capsule2EndFeature(1)
    : ny >= 0
    ? CAPSULE2_UPPER_SIDE
    : CAPSULE2_LOWER_SIDE;
  const manifold = scratchManifold;
  manifold.count = 1;
  // Written into the point's fields (PERFORMANCE.md: doubles cross calls in arrays or fields).
  const point = manifold.points[0]!;
  // Witness points: the centre less n r on the circle, (q, 0) plus n R on the capsule.
  point.x = 0.5 * (x - nx * rc + q + nx * rk);
  point.y = 0.5 * (y - ny * rc + ny * rk);
  point.normalX = nx;
  point.normalY = ny;
  point.penetration = rc + rk - distance;
  point.kind = ContactKind.FaceFace;
  point.firstFeature = 0;
  point.secondFeature = feature;
  return emitManifold2(manifold, xf, data, circle.body, capsule.body, false);
}
