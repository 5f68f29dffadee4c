/**
 * Circle against polygon, convex or concave, by seed 000's segment-distance method (see
 * `circle-contour.ts` for the formulas and the segment index that keeps long outlines fast).
 *
 * Small convex polygons (no segment grid) take a fast path in the manner of Box2D's
 * polygon-circle test: one pass computes the centre's signed distance to each edge line and the
 * largest. Above the reach (plus 1e-9 of the size) there is no contact; otherwise, with the
 * centre clearly outside, only the edge of the largest distance, its neighbours and their
 * corners can touch (the nearest point of a convex polygon lies on the edge whose line is
 * farthest, or at a corner of it), and seed 000's per-segment tests run on those alone. Every
 * case the argument does not cover with a clear margin (centre inside or on the outline, another
 * edge line nearly as far, two contacts at the boundary of two regions) runs the general path,
 * so the results are bit for bit those of the general path (a randomized test compares them).
 */
import { ContactKind } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import { circlePolygonContacts, circleQuery } from './circle-contour.js';
import { beginPending, flushPending, mergePendingDuplicates, pendingSize } from './manifold2.js';
import { type Circle, type Polygon, VERTEX_FEATURE } from './shapes.js';

/** Most vertices the fast path takes (its scratch size; larger contours have a segment grid anyway). */
const MAX_FAST_VERTICES = 64;
/** The centre's signed distance to each edge line, pass 1 of the fast path. */
const lineDistances = new Float64Array(MAX_FAST_VERTICES);

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
  // Polygon.packed: pose (cos, sin, x, y), bounding radius, piece circle, then x, y, nx, ny per vertex from 8.
  const pp = polygon.packed, cp = circle.packed;
  const cos = pp[0]!, sin = pp[1]!;
  const dx = cp[0]! - pp[2]!, dy = cp[1]! - pp[3]!;
  const cx = cos * dx + sin * dy, cy = -sin * dx + cos * dy;
  const radius = cp[2]!, reach = radius + data.tolerance;
  const bound = pp[4]! + reach;
  if (cx * cx + cy * cy > bound * bound) return 0;
  const n = polygon.count;
  if (n > MAX_FAST_VERTICES) return generalCirclePolygon(circle, polygon, data);
  // Pass 1: the signed distance of the centre to each edge line (as circlePolygonContacts
  // computes it) and the largest, edge `best`.
  let largest = -Infinity, best = 0;
  for (let i = 0; i < n; i++) {
    const ox = cx - pp[8 + 4 * i]!, oy = cy - pp[9 + 4 * i]!;
    const distance = ox * pp[10 + 4 * i]! + oy * pp[11 + 4 * i]!;
    lineDistances[i] = distance;
    if (distance > largest) {
      largest = distance;
      best = i;
    }
  }
  // The distance to a convex polygon is at least every edge-line distance: none within reach.
  const margin = 1e-9 * bound;
  if (largest > reach + margin) return 0;
  // Inside or on the outline: the general path (its crossing-number test and deepest contact).
  if (largest <= 1e-9 * pp[4]!) return generalCirclePolygon(circle, polygon, data);
  // A face contact on edge k needs k's line distance to be the largest (the foot is then the
  // nearest point); a corner contact at vertex k needs edge k - 1 or k to have it (the centre is
  // in the corner's cone, between their normals). So when every edge but best - 1, best and
  // best + 1 is clearly below the largest, only edges best - 1 to best + 2 can give a contact,
  // and seed 000's tests on those four find exactly what the general path's full scan finds.
  let first = 0, tested = n;
  if (n > 4) {
    for (let k = 2; k < n - 1; k++) {
      const edge = best + k < n ? best + k : best + k - n;
      if (lineDistances[edge]! >= largest - margin) return generalCirclePolygon(circle, polygon, data);
    }
    first = best === 0 ? n - 1 : best - 1;
    tested = 4;
  }
  let found = 0, feature = 0, kind: ContactKind = ContactKind.FaceFace;
  for (let k = 0, i = first; k < tested; k++, i = i + 1 === n ? 0 : i + 1) {
    const j = i + 1 === n ? 0 : i + 1, previous = i === 0 ? n - 1 : i - 1;
    const ax = pp[8 + 4 * i]!, ay = pp[9 + 4 * i]!;
    const ox = cx - ax, oy = cy - ay;
    const sx = pp[8 + 4 * j]! - ax, sy = pp[9 + 4 * j]! - ay;
    const partTimesLength = ox * sx + oy * sy;
    const distance = lineDistances[i]!;
    if (partTimesLength >= 0 && partTimesLength <= sx * sx + sy * sy) {
      if (distance >= 0 && distance <= reach) {
        found++;
        feature = i;
        kind = ContactKind.FaceFace;
      }
    } else if (
      partTimesLength < 0 &&
      (ax - pp[8 + 4 * previous]!) * ox + (ay - pp[9 + 4 * previous]!) * oy > 0 &&
      ox * ox + oy * oy <= reach * reach
    ) {
      found++;
      feature = i;
      kind = ContactKind.PointFace;
    }
  }
  if (found > 1) return generalCirclePolygon(circle, polygon, data);
  if (found === 0) return 0;
  if (data.contactCount === data.contacts.length) {
    data.overflowed = true;
    return 0;
  }
  // The contact as circle-contour.ts emits it: normal, penetration and contour point, polygon frame.
  const vx = pp[8 + 4 * feature]!, vy = pp[9 + 4 * feature]!;
  const ox = cx - vx, oy = cy - vy;
  let nx: number, ny: number, penetration: number, surfaceX: number, surfaceY: number;
  if (kind === ContactKind.FaceFace) {
    nx = pp[10 + 4 * feature]!;
    ny = pp[11 + 4 * feature]!;
    const distance = ox * nx + oy * ny;
    penetration = radius - distance;
    surfaceX = cx - distance * nx;
    surfaceY = cy - distance * ny;
  } else {
    const d = Math.sqrt(ox * ox + oy * oy);
    nx = ox / d;
    ny = oy / d;
    penetration = radius - d;
    surfaceX = vx;
    surfaceY = vy;
  }
  const px = 0.5 * (cx - nx * radius + surfaceX), py = 0.5 * (cy - ny * radius + surfaceY);
  const contact = claimContact2(data, circle.body, polygon.body);
  contact.point[0] = cos * px - sin * py + pp[2]!;
  contact.point[1] = sin * px + cos * py + pp[3]!;
  contact.normal[0] = cos * nx - sin * ny;
  contact.normal[1] = sin * nx + cos * ny;
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
