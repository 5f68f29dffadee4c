/**
 * Circle against polygon, convex or concave, by seed 000's segment-distance method (see
 * `circle-contour.ts` for the formulas and the segment index that keeps long outlines fast).
 */
import type { CollisionData2 } from './contact2.js';
import { circlePolygonContacts, circleQuery } from './circle-contour.js';
import { beginPending, flushPending, mergePendingDuplicates, pendingSize } from './manifold2.js';
import type { Circle, Polygon } from './shapes.js';

/**
 * Writes the contacts of `circle` against `polygon`; normals point from the polygon toward the
 * circle. Centre outside the polygon: one contact per edge whose foot of the perpendicular lies
 * on it within `radius + tolerance` (FaceFace, feature: the edge) and per convex corner within
 * reach whose two edges both miss the foot (PointFace, feature `VERTEX_FEATURE | vertex`), so a
 * concave corner gives two contacts, one per edge. Centre inside (or on the outline): a single
 * contact out through the nearest point of the outline, penetration `radius + depth`. At most
 * `data.maxContactsPerPair`, deepest first; a foot exactly at the joint of two segments in line
 * gives one contact, not two. Returns the number written.
 */
export function collideCirclePolygon(circle: Circle, polygon: Polygon, data: CollisionData2): number {
  const xf = polygon.transform;
  const dx = circle.transform.x - xf.x, dy = circle.transform.y - xf.y;
  beginPending();
  circleQuery[0] = xf.cos * dx + xf.sin * dy;
  circleQuery[1] = -xf.sin * dx + xf.cos * dy;
  circleQuery[2] = circle.radius;
  circleQuery[3] = data.tolerance;
  circlePolygonContacts(polygon);
  // A foot exactly at the joint of two segments in line is on both: one contact, not two.
  if (pendingSize() > 1) mergePendingDuplicates(circle, polygon);
  return flushPending(data, circle.body, polygon.body, false);
}
