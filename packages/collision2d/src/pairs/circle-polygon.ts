/**
 * Circle against polygon, convex or concave.
 *
 * A convex polygon of at most `GRID_MIN_ITEMS` vertices is taken in the manner of Box2D's
 * polygon-circle test: one pass finds the edge whose line is farthest from the centre (the
 * distance to a convex polygon is at least every edge-line distance, so one beyond the reach ends
 * the call); the centre is then either inside (out through that edge) or in the Voronoi region of
 * that edge or of one of its two corners (the exterior regions of a convex polygon's edges and
 * corners partition the plane outside it, and the farthest edge line bounds the region holding
 * the centre), decided by where the centre projects on the edge. That holds for strictly convex
 * polygons, as Box2D's hulls are; ours may keep a vertex inside a straight side (traced and tile
 * outlines are full of them), or nearly so, and then several edges share the farthest line and
 * the centre may lie in a neighbour's region: the test walks from corner to corner while the
 * centre projects past them.
 *
 * Any other polygon (concave, or long enough to have a segment grid) is taken by the
 * segment-distance method (`circle-contour.ts`): one contact per edge or convex corner within
 * reach, so a concave corner gives two. For a convex polygon both give the same contact (a
 * property test compares them).
 */
import { ContactKind } from '@contactkit/math';
import type { CollisionData2 } from '../manifold/contact2.js';
import { CircleQuery, circlePolygonContacts } from './circle-contour.js';
import { claimOne2, emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import { CLOSEST_NONE, collideRounded } from './rounded.js';
import { type Circle, type Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';

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
export function collideCirclePolygon<B>(
  circle: Circle<B>,
  polygon: Polygon<B>,
  data: CollisionData2<B>,
): number {
  if (polygon.radius > 0) {
    return collideRounded(
      circlePolygonCores,
      circle,
      polygon,
      data,
      0,
      polygon.radius,
      CLOSEST_NONE,
    );
  }
  return circlePolygonCores(circle, polygon, data);
}

/** `collideCirclePolygon` on the polygon's core (its radius not counted). */
function circlePolygonCores<B>(
  circle: Circle<B>,
  polygon: Polygon<B>,
  data: CollisionData2<B>,
): number {
  // Polygon.packed (empty unless convex): cos, sin, x, y, bounding radius, piece circle (3), then
  // x, y, nx, ny per vertex from 8.
  const pp = polygon.packed, cp = circle.packed;
  if (pp.length === 0 || polygon.grid !== null) {
    return segmentDistanceCirclePolygon(circle, polygon, data);
  }
  // A convex polygon: the contact, if within reach, computed in the polygon's frame and written
  // in world space. Reads `Polygon.packed` and `Circle.packed` (pose, bounds, and each vertex
  // with its edge normal in one array): PERFORMANCE.md, 2D kernels.
  const cos = pp[0]!, sin = pp[1]!, x = pp[2]!, y = pp[3]!, dx = cp[0]! - x, dy = cp[1]! - y;
  const cx = cos * dx + sin * dy, cy = -sin * dx + cos * dy;
  const radius = cp[2]!, reach = radius + data.tolerance;
  const bound = pp[4]! + reach;
  if (cx * cx + cy * cy > bound * bound) return 0;
  // The farthest edge line (the lowest index on a tie); `best` is its offset in packed.
  const end = pp.length;
  let largest = -Infinity, best = 8;
  for (let k = 8; k < end; k += 4) {
    const d = (cx - pp[k]!) * pp[k + 2]! + (cy - pp[k + 1]!) * pp[k + 3]!;
    if (d > largest) {
      if (d > reach) return 0;
      largest = d;
      best = k;
    }
  }
  let start = best, finish = best + 4 === end ? 8 : best + 4;
  let ax = pp[start]!, ay = pp[start + 1]!, bx = pp[finish]!, by = pp[finish + 1]!;
  // The face (the centre outside in its region, or inside: out through the nearest edge), or
  // the corner region of the edge's start or end. With a vertex inside a straight side (or
  // nearly so) the region holding the centre may be a neighbour's: walk across each corner the
  // centre projects past (a step never turns back, so the walk ends within one round).
  let nx = pp[best + 2]!, ny = pp[best + 3]!, distance = largest;
  let surfaceX = cx - largest * nx,
    surfaceY = cy - largest * ny,
    kind: ContactKind = ContactKind.FaceFace,
    feature = (best - 8) >> 2;
  if (largest > 0) {
    let corner = -1;
    for (let steps = (end - 8) >> 2; steps > 0; steps--) {
      // Where the centre projects on the edge, times its length squared, from either end.
      if ((cx - ax) * (bx - ax) + (cy - ay) * (by - ay) < 0) {
        const previous = start === 8 ? end - 4 : start - 4;
        const px = pp[previous]!, py = pp[previous + 1]!;
        if ((cx - ax) * (px - ax) + (cy - ay) * (py - ay) <= 0) {
          corner = start;
          break;
        }
        finish = start;
        start = previous;
        bx = ax;
        by = ay;
        ax = px;
        ay = py;
      } else if ((cx - bx) * (ax - bx) + (cy - by) * (ay - by) < 0) {
        const following = finish + 4 === end ? 8 : finish + 4;
        const qx = pp[following]!, qy = pp[following + 1]!;
        if ((cx - bx) * (qx - bx) + (cy - by) * (qy - by) <= 0) {
          corner = finish;
          break;
        }
        start = finish;
        finish = following;
        ax = bx;
        ay = by;
        bx = qx;
        by = qy;
      } else break;
    }
    if (corner >= 0) {
      surfaceX = pp[corner]!;
      surfaceY = pp[corner + 1]!;
      const qx = cx - surfaceX, qy = cy - surfaceY, d2 = qx * qx + qy * qy;
      if (d2 > reach * reach) return 0;
      distance = Math.sqrt(d2);
      // A square distance below the smallest double (a centre ~1e-162 from the corner): the
      // edge's normal stands in, rather than 0 / 0.
      if (distance > 0) {
        nx = qx / distance;
        ny = qy / distance;
      } else {
        nx = pp[start + 2]!;
        ny = pp[start + 3]!;
      }
      kind = ContactKind.PointFace;
      feature = VERTEX_FEATURE | ((corner - 8) >> 2);
    } else if (start !== best) {
      // A neighbour's face: its own line's distance (at most the farthest, so within reach).
      nx = pp[start + 2]!;
      ny = pp[start + 3]!;
      distance = (cx - ax) * nx + (cy - ay) * ny;
      surfaceX = cx - distance * nx;
      surfaceY = cy - distance * ny;
      feature = (start - 8) >> 2;
    }
  } else {
    // Centre inside: the foot on the nearest edge line lies on the outline (a point on a convex
    // polygon's supporting line off the polygon would make another edge nearer), but with a
    // vertex inside a straight side that line holds several edges and the foot may lie on a
    // neighbour of the lowest-index one: name the edge holding it, walking one way only.
    const backward = (cx - ax) * (bx - ax) + (cy - ay) * (by - ay) < 0;
    for (let steps = (end - 8) >> 2; steps > 0; steps--) {
      if (backward && (cx - ax) * (bx - ax) + (cy - ay) * (by - ay) < 0) {
        finish = start;
        start = start === 8 ? end - 4 : start - 4;
        bx = ax;
        by = ay;
        ax = pp[start]!;
        ay = pp[start + 1]!;
      } else if (!backward && (cx - bx) * (ax - bx) + (cy - by) * (ay - by) < 0) {
        start = finish;
        finish = finish + 4 === end ? 8 : finish + 4;
        ax = bx;
        ay = by;
        bx = pp[finish]!;
        by = pp[finish + 1]!;
      } else break;
    }
    feature = (start - 8) >> 2;
  }
  // One contact, written straight into the record (PERFORMANCE.md: tricks kept), in world space.
  const contact = claimOne2(data, circle.body, polygon.body);
  if (contact === undefined) return 0;
  // Halfway between the circle's deepest point and the polygon's point.
  const px = 0.5 * (cx - nx * radius + surfaceX), py = 0.5 * (cy - ny * radius + surfaceY);
  contact.point[0] = cos * px - sin * py + x;
  contact.point[1] = sin * px + cos * py + y;
  contact.normal[0] = cos * nx - sin * ny;
  contact.normal[1] = sin * nx + cos * ny;
  contact.penetration = radius - distance;
  contact.kind = kind;
  // packFeatureId(0, feature): the circle's code 0 in the high half leaves the polygon's.
  contact.featureId = feature;
  return 1;
}

/**
 * `collideCirclePolygon` by the segment-distance method, whatever the polygon: its path for
 * concave polygons and long outlines. Internal; exported for the test that checks the convex
 * algorithm against it.
 */
export function segmentDistanceCirclePolygon<B>(
  circle: Circle<B>,
  polygon: Polygon<B>,
  data: CollisionData2<B>,
): number {
  const query = scratchQuery, manifold = scratchManifold;
  query.set(circle, polygon, data.tolerance);
  manifold.count = 0;
  circlePolygonContacts(polygon, query, manifold);
  // A foot exactly at the joint of two segments in line is on both: one contact, not two.
  if (manifold.count > 1) manifold.mergeDuplicates(circle, polygon);
  return emitManifold2(manifold, polygon.transform, data, circle.body, polygon.body, false);
}
