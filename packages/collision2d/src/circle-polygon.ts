/**
 * Circle against polygon, convex or concave, by seed 000's segment-distance method (see
 * `circle-contour.ts` for the formulas and the segment index that keeps long outlines fast).
 *
 * Small convex polygons (no segment grid) take a fast path in the manner of Box2D's
 * polygon-circle test: one pass computes the centre's signed distance to each edge line, the
 * largest and the second largest. Above the reach (plus 1e-9 of the size) there is no contact;
 * otherwise, with the centre clearly outside and one edge line clearly the farthest, only that
 * edge's face or one of its two corners can touch (the nearest point of a convex polygon lies on
 * the edge whose line is farthest, or at a corner of it), and seed 000's test for the one
 * feature the centre projects on decides. Every case the argument does not cover with a clear
 * margin (centre inside or on the outline, two edge lines nearly as far) runs the general path,
 * so the results are bit for bit those of the general path (a randomized test compares them).
 */
import { ContactKind } from '@contactkit/math';
import { claimContact2, type CollisionData2 } from './contact2.js';
import { circlePolygonContacts, placeCircleQuery } from './circle-contour.js';
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
  // Polygon.packed: pose (cos, sin, x, y), bounding radius, piece circle, then x, y, nx, ny per vertex from 8.
  const pp = polygon.packed, cp = circle.packed;
  const cos = pp[0]!, sin = pp[1]!;
  const dx = cp[0]! - pp[2]!, dy = cp[1]! - pp[3]!;
  const cx = cos * dx + sin * dy, cy = -sin * dx + cos * dy;
  const radius = cp[2]!, reach = radius + data.tolerance;
  const bound = pp[4]! + reach;
  if (cx * cx + cy * cy > bound * bound) return 0;
  const n = polygon.count;
  // Pass 1: the signed distance of the centre to each edge line (as circlePolygonContacts
  // computes it), the largest (edge `best`) and the second largest.
  let largest = -Infinity, second = -Infinity, best = 0;
  for (let i = 0; i < n; i++) {
    const distance = (cx - pp[8 + 4 * i]!) * pp[10 + 4 * i]! + (cy - pp[9 + 4 * i]!) * pp[11 + 4 * i]!;
    if (distance > largest) {
      second = largest;
      largest = distance;
      best = i;
    } else if (distance > second) {
      second = distance;
    }
  }
  // The distance to a convex polygon is at least every edge-line distance: none within reach.
  const margin = 1e-9 * bound;
  if (largest > reach + margin) return 0;
  // Inside or on the outline, or a second edge line nearly as far: the general path.
  if (largest <= 1e-9 * pp[4]! || second >= largest - margin) return generalCirclePolygon(circle, polygon, data);
  // A face contact on edge k needs k's line to be the farthest (the foot is then the nearest
  // point); a corner contact at vertex k needs edge k - 1 or k to be (the centre lies in the
  // corner's cone, between their normals). With one clearly farthest edge, the only candidates
  // are its face and its two corners, and which one is decided by where the centre projects on
  // it: seed 000's test for that one feature finds what the general path's full scan finds.
  const next = best + 1 === n ? 0 : best + 1;
  const ax = pp[8 + 4 * best]!, ay = pp[9 + 4 * best]!;
  const ox = cx - ax, oy = cy - ay;
  const sx = pp[8 + 4 * next]! - ax, sy = pp[9 + 4 * next]! - ay;
  const partTimesLength = ox * sx + oy * sy;
  let found = 0, feature = 0, kind: ContactKind = ContactKind.FaceFace;
  if (partTimesLength >= 0 && partTimesLength <= sx * sx + sy * sy) {
    const distance = ox * pp[10 + 4 * best]! + oy * pp[11 + 4 * best]!;
    if (distance >= 0 && distance <= reach) {
      found = 1;
      feature = best;
    }
  } else if (partTimesLength < 0) {
    // Corner `best`, as tested at edge `best`: past the previous edge's end, within reach.
    const previous = best === 0 ? n - 1 : best - 1;
    if ((ax - pp[8 + 4 * previous]!) * ox + (ay - pp[9 + 4 * previous]!) * oy > 0 && ox * ox + oy * oy <= reach * reach) {
      found = 1;
      feature = best;
      kind = ContactKind.PointFace;
    }
  } else {
    // Corner `next`, as tested at edge `next`: before its start, past this edge's end, within reach.
    const after = next + 1 === n ? 0 : next + 1;
    const bx = pp[8 + 4 * next]!, by = pp[9 + 4 * next]!;
    const qx = cx - bx, qy = cy - by;
    const nextPart = qx * (pp[8 + 4 * after]! - bx) + qy * (pp[9 + 4 * after]! - by);
    if (nextPart < 0 && (bx - ax) * qx + (by - ay) * qy > 0 && qx * qx + qy * qy <= reach * reach) {
      found = 1;
      feature = next;
      kind = ContactKind.PointFace;
    }
  }
  if (found === 0) return 0;
  if (data.contactCount === data.contacts.length) {
    data.overflowed = true;
    return 0;
  }
  // The contact as circle-contour.ts emits it: normal, penetration and contour point, polygon frame.
  const vx = pp[8 + 4 * feature]!, vy = pp[9 + 4 * feature]!;
  const fx = cx - vx, fy = cy - vy;
  let nx: number, ny: number, penetration: number, surfaceX: number, surfaceY: number;
  if (kind === ContactKind.FaceFace) {
    nx = pp[10 + 4 * feature]!;
    ny = pp[11 + 4 * feature]!;
    const distance = fx * nx + fy * ny;
    penetration = radius - distance;
    surfaceX = cx - distance * nx;
    surfaceY = cy - distance * ny;
  } else {
    const d = Math.sqrt(fx * fx + fy * fy);
    nx = fx / d;
    ny = fy / d;
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
  beginPending();
  placeCircleQuery(circle, polygon, data);
  circlePolygonContacts(polygon);
  // A foot exactly at the joint of two segments in line is on both: one contact, not two.
  if (pendingSize() > 1) mergePendingDuplicates(circle, polygon);
  return flushPending(data, circle.body, polygon.body, false);
}
