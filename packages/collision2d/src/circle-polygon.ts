/**
 * Circle against polygon, convex or concave.
 *
 * A convex polygon of at most `GRID_MIN_ITEMS` vertices is taken in the manner of Box2D's
 * polygon-circle test: one pass finds the edge whose line is farthest from the centre (the
 * distance to a convex polygon is at least every edge-line distance, so one beyond the reach ends
 * the call); the centre is then either inside (out through that edge) or in the Voronoi region of
 * that edge or of one of its two corners (the exterior regions of a convex polygon's edges and
 * corners partition the plane outside it, and the farthest edge line bounds the region holding
 * the centre), decided by where the centre projects on the edge.
 *
 * Any other polygon (concave, or long enough to have a segment grid) is taken by the
 * segment-distance method (`circle-contour.ts`): one contact per edge or convex corner within
 * reach, so a concave corner gives two. For a convex polygon both give the same contact (a
 * property test compares them).
 */
import { ContactKind } from '@contactkit/math';
import { GRID_MIN_ITEMS } from './box-grid.js';
import type { CollisionData2 } from './contact2.js';
import { CircleQuery, circlePolygonContacts } from './circle-contour.js';
import { emitManifold2, LocalManifold2 } from './manifold2.js';
import { type Circle, type Polygon, VERTEX_FEATURE } from './shapes.js';

/** Scratch of `collideCirclePolygon` (module-level: a call allocates nothing), handed on explicitly. */
const scratchQuery = new CircleQuery();
const scratchManifold = new LocalManifold2(64);

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
export function collideCirclePolygon<B>(circle: Circle<B>, polygon: Polygon<B>, data: CollisionData2<B>): number {
  const query = scratchQuery, manifold = scratchManifold;
  query.set(circle, polygon, data.tolerance);
  manifold.count = 0;
  if (polygon.isConvex && polygon.grid === null) {
    convexPolygonContact(polygon, query, manifold);
  } else {
    circlePolygonContacts(polygon, query, manifold);
    // A foot exactly at the joint of two segments in line is on both: one contact, not two.
    if (manifold.count > 1) manifold.mergeDuplicates(1e-6 * (circle.boundingRadius + polygon.boundingRadius));
  }
  return emitManifold2(manifold, polygon.transform, data, circle.body, polygon.body, false);
}

/**
 * `collideCirclePolygon` by the segment-distance method whatever the polygon. Internal;
 * exported for the test that checks the convex algorithm against it.
 */
export function segmentDistanceCirclePolygon(circle: Circle, polygon: Polygon, data: CollisionData2): number {
  const query = scratchQuery, manifold = scratchManifold;
  query.set(circle, polygon, data.tolerance);
  manifold.count = 0;
  circlePolygonContacts(polygon, query, manifold);
  if (manifold.count > 1) manifold.mergeDuplicates(1e-6 * (circle.boundingRadius + polygon.boundingRadius));
  return emitManifold2(manifold, polygon.transform, data, circle.body, polygon.body, false);
}

/** The contact of the circle in `query` with a convex polygon (polygon frame), if within reach. */
function convexPolygonContact(polygon: Polygon, query: CircleQuery, manifold: LocalManifold2): void {
  const cx = query.centre[0]!, cy = query.centre[1]!, radius = query.radius, reach = radius + query.tolerance;
  const bound = polygon.boundingRadius + reach;
  if (cx * cx + cy * cy > bound * bound) return;
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count;
  // The farthest edge line (the lowest index on a tie).
  let largest = -Infinity, best = 0;
  for (let i = 0; i < n; i++) {
    const d = (cx - v[2 * i]!) * normals[2 * i]! + (cy - v[2 * i + 1]!) * normals[2 * i + 1]!;
    if (d > largest) {
      if (d > reach) return;
      largest = d;
      best = i;
    }
  }
  const next = best + 1 === n ? 0 : best + 1;
  const ax = v[2 * best]!, ay = v[2 * best + 1]!, bx = v[2 * next]!, by = v[2 * next + 1]!;
  // Where the centre projects on the edge, times its length squared, from either end.
  const along = (cx - ax) * (bx - ax) + (cy - ay) * (by - ay);
  const beyond = (cx - bx) * (ax - bx) + (cy - by) * (ay - by);
  // The face (the centre outside in its region, or inside: out through the nearest edge), or
  // the corner region of the edge's start (along < 0) or end.
  let nx = normals[2 * best]!, ny = normals[2 * best + 1]!, distance = largest;
  let surfaceX = cx - largest * nx, surfaceY = cy - largest * ny, kind: ContactKind = ContactKind.FaceFace, feature = best;
  if (largest > 0 && (along < 0 || beyond < 0)) {
    const corner = along < 0 ? best : next;
    surfaceX = v[2 * corner]!;
    surfaceY = v[2 * corner + 1]!;
    const qx = cx - surfaceX, qy = cy - surfaceY, d2 = qx * qx + qy * qy;
    if (d2 > reach * reach) return;
    distance = Math.sqrt(d2);
    nx = qx / distance;
    ny = qy / distance;
    kind = ContactKind.PointFace;
    feature = VERTEX_FEATURE | corner;
  }
  // Halfway between the circle's deepest point and the polygon's point.
  manifold.add(0.5 * (cx - nx * radius + surfaceX), 0.5 * (cy - ny * radius + surfaceY), nx, ny, radius - distance, kind, 0, feature);
}
