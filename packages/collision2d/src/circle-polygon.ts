/**
 * Circle against polygon, convex or concave, by seed 000's segment-distance method (see
 * `circle-contour.ts` for the formulas and the segment index that keeps long outlines fast).
 *
 * Small convex polygons (no segment grid) take a fast path: one pass over the edges computes
 * seed 000's per-segment tests and, alongside, the largest signed distance of the centre to an
 * edge line. A centre clearly outside (that distance above 1e-9 of the polygon's size; for a
 * convex polygon it is then outside by at least that much, beyond any round-off of the
 * crossing-number test) with one contact found writes it straight into the buffer; every other
 * case (centre inside or on the outline, two contacts at the boundary of two regions) runs the
 * general path, so the results are exactly those of the general path (a randomized test checks
 * it bit for bit).
 */
import { ContactKind } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import { circlePolygonContacts, circleQuery } from './circle-contour.js';
import { beginPending, flushPending, mergePendingDuplicates, pendingSize } from './manifold2.js';
import { type Circle, type Polygon, VERTEX_FEATURE } from './shapes.js';

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
  if (polygon.grid !== null || !polygon.isConvex) return generalCirclePolygon(circle, polygon, data);
  const xf = polygon.transform;
  const dx = circle.transform.x - xf.x, dy = circle.transform.y - xf.y;
  const cx = xf.cos * dx + xf.sin * dy, cy = -xf.sin * dx + xf.cos * dy;
  const radius = circle.radius, reach = radius + data.tolerance;
  const bound = polygon.boundingRadius + reach;
  if (cx * cx + cy * cy > bound * bound) return 0;
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count;
  // The same per-segment tests as circlePolygonContacts, plus the largest edge-line distance.
  let largest = -Infinity, found = 0, feature = 0, kind: ContactKind = ContactKind.FaceFace;
  let previousX = v[2 * n - 2]!, previousY = v[2 * n - 1]!;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = v[2 * i]!, ay = v[2 * i + 1]!;
    const ox = cx - ax, oy = cy - ay;
    const sx = v[2 * j]! - ax, sy = v[2 * j + 1]! - ay;
    const partTimesLength = ox * sx + oy * sy;
    const distance = ox * normals[2 * i]! + oy * normals[2 * i + 1]!;
    if (distance > largest) largest = distance;
    if (partTimesLength >= 0 && partTimesLength <= sx * sx + sy * sy) {
      if (distance >= 0 && distance <= reach) {
        found++;
        feature = i;
        kind = ContactKind.FaceFace;
      }
    } else if (partTimesLength < 0 && (ax - previousX) * ox + (ay - previousY) * oy > 0 && ox * ox + oy * oy <= reach * reach) {
      found++;
      feature = i;
      kind = ContactKind.PointFace;
    }
    previousX = ax;
    previousY = ay;
  }
  if (largest <= 1e-9 * polygon.boundingRadius || found > 1) return generalCirclePolygon(circle, polygon, data);
  if (found === 0) return 0;
  if (data.contactCount === data.contacts.length) {
    data.overflowed = true;
    return 0;
  }
  // The contact as circle-contour.ts emits it: normal, penetration and contour point, polygon frame.
  const ax = v[2 * feature]!, ay = v[2 * feature + 1]!;
  const ox = cx - ax, oy = cy - ay;
  let nx: number, ny: number, penetration: number, surfaceX: number, surfaceY: number;
  if (kind === ContactKind.FaceFace) {
    nx = normals[2 * feature]!;
    ny = normals[2 * feature + 1]!;
    const distance = ox * nx + oy * ny;
    penetration = radius - distance;
    surfaceX = cx - distance * nx;
    surfaceY = cy - distance * ny;
  } else {
    const d = Math.sqrt(ox * ox + oy * oy);
    nx = ox / d;
    ny = oy / d;
    penetration = radius - d;
    surfaceX = ax;
    surfaceY = ay;
  }
  const px = 0.5 * (cx - nx * radius + surfaceX), py = 0.5 * (cy - ny * radius + surfaceY);
  const contact = claimContact2(data, circle.body, polygon.body);
  contact.point[0] = xf.cos * px - xf.sin * py + xf.x;
  contact.point[1] = xf.sin * px + xf.cos * py + xf.y;
  contact.normal[0] = xf.cos * nx - xf.sin * ny;
  contact.normal[1] = xf.sin * nx + xf.cos * ny;
  contact.penetration = penetration;
  contact.kind = kind;
  // packFeatureId(0, feature): the circle's code is 0.
  contact.featureId = kind === ContactKind.FaceFace ? feature : VERTEX_FEATURE | feature;
  return 1;
}

/**
 * The general path of `collideCirclePolygon`, for any polygon: seed 000's method through the
 * pending manifold (`circle-contour.ts`). Internal; exported for the test that compares it with
 * the fast path.
 */
export function generalCirclePolygon(circle: Circle, polygon: Polygon, data: CollisionData2): number {
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
