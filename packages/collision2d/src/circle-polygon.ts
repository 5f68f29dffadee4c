/**
 * Circle against polygon, convex or concave, by seed 000's segment-distance method (see
 * `circle-contour.ts` for the formulas and the segment index that keeps long outlines fast).
 *
 * Small convex polygons (no segment grid) take a fast path in the manner of Box2D's
 * polygon-circle test: one pass computes the centre's signed distance to each edge line and keeps
 * the largest. Above the reach (plus 1e-9 of the size) there is no contact; otherwise, with the
 * centre clearly outside and one edge line clearly the farthest, only that edge's face or one of
 * its two corners can touch (the nearest point of a convex polygon lies on the edge whose line is
 * farthest, or at a corner of it), and seed 000's test for the one feature the centre projects
 * on decides. Every case the argument does not cover with a clear margin (centre inside or on the
 * outline, another edge line nearly as far) runs the general path, so the results are bit for
 * bit those of the general path (a randomized test compares them).
 */
import { ContactKind } from '@contactkit/math';
import { GRID_MIN_ITEMS } from './box-grid.js';
import { claimContact2, type CollisionData2 } from './contact2.js';
import { circlePolygonContacts, placeCircleQuery } from './circle-contour.js';
import { beginPending, flushPending, mergePendingDuplicates, pendingSize } from './manifold2.js';
import { type Circle, PACKED_VERTICES, type Polygon, VERTEX_FEATURE } from './shapes.js';

/**
 * `Polygon.packed.length` of the longest outline the fast path scans: a convex polygon of more
 * than `GRID_MIN_ITEMS` vertices has a segment grid (`Polygon.grid`), which the general path uses.
 */
const FAST_PATH_END = PACKED_VERTICES + 4 * GRID_MIN_ITEMS;
/** The fast path's edge-line distances, that of the edge at `packed` offset k at k (a module array: no allocation, and V8 knows its size). */
const distances = new Float64Array(FAST_PATH_END);
/**
 * The imported constants and helper of the fast path, bound again here: V8 folds a module's own
 * constants into optimized code, while every use of an imported binding reads its cell (a load, a
 * hole check and a type check; for `ContactKind` a map check and a field load besides).
 */
const faceFace = ContactKind.FaceFace;
const pointFace = ContactKind.PointFace;
const vertexFeature = VERTEX_FEATURE;
const claim = claimContact2;

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
  // Polygon.packed: pose (cos, sin, x, y), bounding radius, piece circle, then x, y, nx, ny per
  // vertex from 8 (the offsets below are literal). It is empty for a concave polygon, and its
  // length tells the vertex count without reading more of the polygon.
  const pp = polygon.packed, cp = circle.packed;
  const end = pp.length;
  if (end === 0 || end > FAST_PATH_END) return generalCirclePolygon(circle, polygon, data);
  const cos = pp[0]!, sin = pp[1]!;
  const dx = cp[0]! - pp[2]!, dy = cp[1]! - pp[3]!;
  const cx = cos * dx + sin * dy, cy = -sin * dx + cos * dy;
  const radius = cp[2]!, reach = radius + data.tolerance;
  const bound = pp[4]! + reach;
  if (cx * cx + cy * cy > bound * bound) return 0;
  // The signed distance of the centre to each edge line (as circlePolygonContacts computes it)
  // and the largest, at edge `best` (its offset in packed), the lowest index on a tie. The
  // distance to a convex polygon is at least every edge-line distance: one beyond the reach (plus
  // the margin) means no contact, so the scan stops there. Up to 8 vertices the scan is written
  // out from the last edge down (`>=` keeps the lower index on a tie): straight-line code, whose
  // typed-array checks V8 keeps fewer of than a loop's.
  const margin = 1e-9 * bound, limit = reach + margin;
  let largest = -Infinity, best = 8, d = 0;
  if (end <= 40) {
    if (end > 36) {
      d = (cx - pp[36]!) * pp[38]! + (cy - pp[37]!) * pp[39]!;
      distances[36] = d;
      if (d >= largest) {
        if (d > limit) return 0;
        largest = d;
        best = 36;
      }
    }
    if (end > 32) {
      d = (cx - pp[32]!) * pp[34]! + (cy - pp[33]!) * pp[35]!;
      distances[32] = d;
      if (d >= largest) {
        if (d > limit) return 0;
        largest = d;
        best = 32;
      }
    }
    if (end > 28) {
      d = (cx - pp[28]!) * pp[30]! + (cy - pp[29]!) * pp[31]!;
      distances[28] = d;
      if (d >= largest) {
        if (d > limit) return 0;
        largest = d;
        best = 28;
      }
    }
    if (end > 24) {
      d = (cx - pp[24]!) * pp[26]! + (cy - pp[25]!) * pp[27]!;
      distances[24] = d;
      if (d >= largest) {
        if (d > limit) return 0;
        largest = d;
        best = 24;
      }
    }
    if (end > 20) {
      d = (cx - pp[20]!) * pp[22]! + (cy - pp[21]!) * pp[23]!;
      distances[20] = d;
      if (d >= largest) {
        if (d > limit) return 0;
        largest = d;
        best = 20;
      }
    }
    d = (cx - pp[16]!) * pp[18]! + (cy - pp[17]!) * pp[19]!;
    distances[16] = d;
    if (d >= largest) {
      if (d > limit) return 0;
      largest = d;
      best = 16;
    }
    d = (cx - pp[12]!) * pp[14]! + (cy - pp[13]!) * pp[15]!;
    distances[12] = d;
    if (d >= largest) {
      if (d > limit) return 0;
      largest = d;
      best = 12;
    }
    d = (cx - pp[8]!) * pp[10]! + (cy - pp[9]!) * pp[11]!;
    distances[8] = d;
    if (d >= largest) {
      if (d > limit) return 0;
      largest = d;
      best = 8;
    }
  } else {
    for (let k = 8; k < end; k += 4) {
      d = (cx - pp[k]!) * pp[k + 2]! + (cy - pp[k + 1]!) * pp[k + 3]!;
      distances[k] = d;
      if (d > largest) {
        if (d > limit) return 0;
        largest = d;
        best = k;
      }
    }
  }
  // Inside, on the outline or within twice the margin of it, or a second edge line nearly as
  // far: the general path. Only the two neighbours of `best` need a look: for edges A and C whose
  // lines are both farther than 0 from the centre p, every edge B between them (normal
  // n_B = a n_A + c n_C, a, c >= 0, a + c >= 1, the arc from n_A to n_C under 180 degrees) has
  // d_B = p.n_B - h(n_B) >= a d_A + c d_C >= min(d_A, d_C), as the support function h is
  // subadditive. So a far edge within the margin of the largest has a neighbour of `best` within
  // it too, up to rounding, far below the margin; checking the neighbours against twice the
  // margin sends every case the full comparison with all edges would send, and a few more.
  const slack = 2 * margin;
  if (largest <= slack) return generalCirclePolygon(circle, polygon, data);
  const previous = best === 8 ? end - 4 : best - 4;
  const next = best + 4 === end ? 8 : best + 4;
  const floor = largest - slack;
  if (distances[previous]! >= floor || distances[next]! >= floor) return generalCirclePolygon(circle, polygon, data);
  // A face contact on edge k needs k's line to be the farthest (the foot is then the nearest
  // point); a corner contact at vertex k needs edge k - 1 or k to be (the centre lies in the
  // corner's cone, between their normals). With one clearly farthest edge, the only candidates
  // are its face and its two corners, and which one is decided by where the centre projects on
  // it: seed 000's test for that one feature finds what the general path's full scan finds.
  const ax = pp[best]!, ay = pp[best + 1]!;
  const ox = cx - ax, oy = cy - ay;
  const bx = pp[next]!, by = pp[next + 1]!;
  const sx = bx - ax, sy = by - ay;
  const partTimesLength = ox * sx + oy * sy;
  let nx: number, ny: number, penetration: number, surfaceX: number, surfaceY: number;
  let feature: number, kind: ContactKind;
  if (partTimesLength >= 0 && partTimesLength <= sx * sx + sy * sy) {
    // The face, within reach: its distance is `largest` (the same expression as the scan's).
    if (largest > reach) return 0;
    nx = pp[best + 2]!;
    ny = pp[best + 3]!;
    penetration = radius - largest;
    surfaceX = cx - largest * nx;
    surfaceY = cy - largest * ny;
    feature = (best - 8) >> 2;
    kind = faceFace;
  } else {
    // A corner v between edges u -> v and v -> w, as the general path tests it at edge v -> w:
    // the foot before that edge's start, past the end of u -> v, within reach. Corner `best`
    // (the foot before this edge) or corner `next` (past its end).
    let ux: number, uy: number, vx: number, vy: number, qx: number, qy: number, before: number;
    if (partTimesLength < 0) {
      ux = pp[previous]!;
      uy = pp[previous + 1]!;
      vx = ax;
      vy = ay;
      qx = ox;
      qy = oy;
      before = partTimesLength;
      feature = (best - 8) >> 2;
    } else {
      const after = next + 4 === end ? 8 : next + 4;
      ux = ax;
      uy = ay;
      vx = bx;
      vy = by;
      qx = cx - bx;
      qy = cy - by;
      before = qx * (pp[after]! - bx) + qy * (pp[after + 1]! - by);
      feature = (next - 8) >> 2;
    }
    const d2 = qx * qx + qy * qy;
    if (!(before < 0 && (vx - ux) * qx + (vy - uy) * qy > 0 && d2 <= reach * reach)) return 0;
    const distance = Math.sqrt(d2);
    nx = qx / distance;
    ny = qy / distance;
    penetration = radius - distance;
    surfaceX = vx;
    surfaceY = vy;
    feature |= vertexFeature;
    kind = pointFace;
  }
  if (data.contactCount === data.contacts.length) {
    data.overflowed = true;
    return 0;
  }
  // The contact as circle-contour.ts emits it (polygon frame), then in world space.
  const px = 0.5 * (cx - nx * radius + surfaceX), py = 0.5 * (cy - ny * radius + surfaceY);
  const contact = claim(data, circle.body, polygon.body);
  contact.point[0] = cos * px - sin * py + pp[2]!;
  contact.point[1] = sin * px + cos * py + pp[3]!;
  contact.normal[0] = cos * nx - sin * ny;
  contact.normal[1] = sin * nx + cos * ny;
  contact.penetration = penetration;
  contact.kind = kind;
  // packFeatureId(0, feature): the circle's code is 0.
  contact.featureId = feature;
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
