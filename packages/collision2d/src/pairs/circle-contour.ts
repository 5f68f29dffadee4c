/**
 * Circle against a contour by segment distance (Ericson, Real-Time Collision Detection, 5.1.2),
 * shared by `collideCirclePolygon` and `collideCircleChain`. Everything runs in the contour's frame
 * (the circle's centre is brought in once).
 *
 * Per segment `i` from `P_i` to `P_i+1`: `O = centre - P_i`,
 * `S = P_i+1 - P_i`; the distance of the centre to the segment's line is `|O x S| / |S|` (here
 * signed, `dot(O, n_i)` with the unit normal), and the part length `l_part = S . O / |S|`
 * decides where the foot lies: on the segment when `0 <= l_part <= |S|` (a face contact at the
 * foot `P_i + Part`), before it or past it otherwise. A convex corner whose two segments both
 * have the foot outside gives a vertex contact (distance to the corner); a concave corner needs
 * nothing more: both of its segments see the foot on themselves and give one contact each.
 *
 * Contacts: normal from the contour toward the circle's centre, penetration `radius - distance`,
 * point halfway between the circle's deepest point `centre - normal * radius` and the contour
 * point. Kinds: FaceFace on a segment, PointFace on a corner or an open end.
 *
 * Points and normals go into the local manifold in the contour's frame; the caller's emit step
 * takes them to world space.
 */
import { ContactKind } from '@contactkit/math';
import { type LocalManifold2, ManifoldPoint2 } from '../manifold/manifold2.js';
import { RayCrossing, rayCrossingTest } from '../contours/ray-crossing.js';
import type { Chain, Circle, Polygon } from '../shapes/shapes.js';
import { VERTEX_FEATURE } from '../shapes/shapes.js';

/** A circle in a contour's frame, and the scratch of the scans; the caller owns it and passes it in. */
export class CircleQuery {
  /** The centre in the contour's frame, `[x, y]` (an array: the segment grid's ray query reads it). */
  readonly centre: Float64Array = new Float64Array(2);
  radius = 0;
  tolerance = 0;
  /** Scratch: a box handed to the segment grid. */
  readonly box: Float64Array = new Float64Array(4);
  /**
   * The contact being added, written by the scans and read by `addContact` (doubles cross a call
   * in an object field: PERFORMANCE.md, 2D kernels): unit normal from the contour toward the
   * centre, penetration, and the contour point.
   */
  normalX = 0;
  normalY = 0;
  penetration = 0;
  surfaceX = 0;
  surfaceY = 0;
  /** Scratch: the manifold point `addContact` hands to the manifold. */
  readonly point: ManifoldPoint2 = new ManifoldPoint2();

  /** Places `circle` in `contour`'s frame, with the buffer's tolerance. */
  set(circle: Circle, contour: Polygon | Chain, tolerance: number): void {
    const xf = contour.transform;
    const dx = circle.transform.x - xf.x, dy = circle.transform.y - xf.y;
    this.centre[0] = xf.cos * dx + xf.sin * dy;
    this.centre[1] = -xf.sin * dx + xf.cos * dy;
    this.radius = circle.radius;
    this.tolerance = tolerance;
  }
}

/**
 * Segments the last scan examined, a diagnostic for tests (a query against a long contour should
 * visit far fewer than it has); written by the scans, read only by `lastContourSegmentVisits`.
 */
let segmentVisits = 0;

/** Number of segments the last circle-contour query examined. */
export function lastContourSegmentVisits(): number {
  return segmentVisits;
}

/**
 * Adds the contact in `query`'s contact fields (normal, penetration, contour point): the point is
 * halfway between the contour point and the circle's deepest point.
 */
function addContact(
  query: CircleQuery,
  manifold: LocalManifold2,
  kind: ContactKind,
  feature: number,
): void {
  const nx = query.normalX, ny = query.normalY, radius = query.radius, point = query.point;
  point.x = 0.5 * (query.centre[0]! - nx * radius + query.surfaceX);
  point.y = 0.5 * (query.centre[1]! - ny * radius + query.surfaceY);
  point.normalX = nx;
  point.normalY = ny;
  point.penetration = query.penetration;
  point.kind = kind;
  point.firstFeature = 0;
  point.secondFeature = feature;
  manifold.addPoint(point);
}

/** The inside test's answer. Scratch of `circlePolygonContacts` alone. */
const crossingScratch = new RayCrossing();

/**
 * The circle's centre is inside the polygon: one contact, out through the nearest point of the
 * outline. The search box grows until the nearest segment found lies within it (then no segment
 * outside the box can be nearer).
 */
function deepContact(polygon: Polygon, query: CircleQuery, manifold: LocalManifold2): void {
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count, grid = polygon.grid;
  const cx = query.centre[0]!, cy = query.centre[1]!, radius = query.radius, gridBox = query.box;
  let reach = radius;
  let bestEdge = 0, bestT = 0, bestD2 = Infinity;
  for (;;) {
    let candidates = n;
    if (grid) {
      gridBox[0] = cx - reach;
      gridBox[1] = cy - reach;
      gridBox[2] = cx + reach;
      gridBox[3] = cy + reach;
      candidates = grid.query(gridBox);
    }
    segmentVisits += candidates;
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const j = i + 1 === n ? 0 : i + 1;
      const ax = v[2 * i]!, ay = v[2 * i + 1]!;
      const ex = v[2 * j]! - ax, ey = v[2 * j + 1]! - ay;
      let t = ((cx - ax) * ex + (cy - ay) * ey) / (ex * ex + ey * ey);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const dx = ax + t * ex - cx, dy = ay + t * ey - cy;
      const d2 = dx * dx + dy * dy;
      if (d2 < bestD2) {
        bestD2 = d2;
        bestEdge = i;
        bestT = t;
      }
    }
    if (!grid || bestD2 <= reach * reach || candidates === n) break;
    reach *= 2;
  }
  const i = bestEdge, j = i + 1 === n ? 0 : i + 1;
  const ax = v[2 * i]!, ay = v[2 * i + 1]!;
  if (bestT > 0 && bestT < 1) {
    // Foot on the edge: out along the edge's outward normal, by radius plus the centre's depth.
    const nx = normals[2 * i]!, ny = normals[2 * i + 1]!;
    const s = (cx - ax) * nx + (cy - ay) * ny;
    query.normalX = nx;
    query.normalY = ny;
    query.penetration = radius - s;
    query.surfaceX = cx - s * nx;
    query.surfaceY = cy - s * ny;
    addContact(query, manifold, ContactKind.FaceFace, i);
    return;
  }
  // Nearest point is a corner (a concave one, seen from inside): out through it.
  const corner = bestT <= 0 ? i : j;
  const qx = v[2 * corner]!, qy = v[2 * corner + 1]!;
  const distance = Math.sqrt(bestD2);
  let nx = normals[2 * i]!, ny = normals[2 * i + 1]!;
  if (distance > 0) {
    nx = (qx - cx) / distance;
    ny = (qy - cy) / distance;
  }
  query.normalX = nx;
  query.normalY = ny;
  query.penetration = radius + distance;
  query.surfaceX = qx;
  query.surfaceY = qy;
  addContact(query, manifold, ContactKind.PointFace, VERTEX_FEATURE | corner);
}

/**
 * Adds the contacts of the circle in `query` (centre in the polygon's frame) against a closed
 * polygon to `manifold` (polygon frame). Centre outside: one contact per segment whose foot lies on
 * it within reach and per convex corner within reach. Centre inside: one contact out through the
 * nearest outline point.
 */
export function circlePolygonContacts(
  polygon: Polygon,
  query: CircleQuery,
  manifold: LocalManifold2,
): void {
  segmentVisits = 0;
  const cx = query.centre[0]!, cy = query.centre[1]!, radius = query.radius, gridBox = query.box;
  const reach = radius + query.tolerance;
  const bound = polygon.boundingRadius + reach;
  if (cx * cx + cy * cy > bound * bound) return;
  const crossing = crossingScratch;
  rayCrossingTest(polygon, query.centre, crossing);
  segmentVisits += crossing.examined;
  if (crossing.inside) {
    deepContact(polygon, query, manifold);
    return;
  }
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count, grid = polygon.grid;
  // A centre on the outline may round to a hair inside an edge's line while the crossing test
  // calls it outside: within 1e-12 of the size it is on the edge (distance 0).
  const onLine = -1e-12 * bound;
  let candidates = n;
  if (grid) {
    gridBox[0] = cx - reach;
    gridBox[1] = cy - reach;
    gridBox[2] = cx + reach;
    gridBox[3] = cy + reach;
    candidates = grid.query(gridBox);
  }
  segmentVisits += candidates;
  for (let k = 0; k < candidates; k++) {
    const i = grid ? grid.candidates[k]! : k;
    const j = i + 1 === n ? 0 : i + 1;
    const ax = v[2 * i]!, ay = v[2 * i + 1]!;
    const ox = cx - ax, oy = cy - ay;
    const sx = v[2 * j]! - ax, sy = v[2 * j + 1]! - ay;
    // l_part * |S|: the foot lies on the segment when 0 <= partTimesLength <= |S|^2.
    const partTimesLength = ox * sx + oy * sy;
    const nx = normals[2 * i]!, ny = normals[2 * i + 1]!;
    const distance = ox * nx + oy * ny;
    if (partTimesLength >= 0 && partTimesLength <= sx * sx + sy * sy) {
      if (distance >= onLine && distance <= reach) {
        const d = distance > 0 ? distance : 0;
        query.normalX = nx;
        query.normalY = ny;
        query.penetration = radius - d;
        query.surfaceX = cx - d * nx;
        query.surfaceY = cy - d * ny;
        addContact(query, manifold, ContactKind.FaceFace, i);
      }
    } else if (partTimesLength < 0 && polygon.convexVertex[i] === 1) {
      // Foot before this segment's start; the corner region also needs it past the previous segment's end.
      const p = i === 0 ? n - 1 : i - 1;
      const pastPrevious = (ax - v[2 * p]!) * ox + (ay - v[2 * p + 1]!) * oy > 0;
      const d2 = ox * ox + oy * oy;
      if (pastPrevious && d2 <= reach * reach) {
        const d = Math.sqrt(d2);
        query.normalX = ox / d;
        query.normalY = oy / d;
        query.penetration = radius - d;
        query.surfaceX = ax;
        query.surfaceY = ay;
        addContact(query, manifold, ContactKind.PointFace, VERTEX_FEATURE | i);
      }
    }
  }
}

/**
 * Adds the contacts of the circle in `query` (centre in the chain's frame) against an open chain
 * to `manifold` (chain frame), from either side: per segment a face contact when the foot
 * lies on it (normal toward the centre's side; the left normal when the centre is on the
 * segment), per interior corner a vertex contact on its convex side, and at the two open ends a
 * contact with the end point.
 */
export function circleChainContacts(
  chain: Chain,
  query: CircleQuery,
  manifold: LocalManifold2,
): void {
  segmentVisits = 0;
  const cx = query.centre[0]!, cy = query.centre[1]!, radius = query.radius, gridBox = query.box;
  const reach = radius + query.tolerance;
  const bound = chain.boundingRadius + reach;
  if (cx * cx + cy * cy > bound * bound) return;
  const v = chain.vertices,
    normals = chain.normals,
    last = chain.segmentCount - 1,
    grid = chain.grid;
  let candidates = chain.segmentCount;
  if (grid) {
    gridBox[0] = cx - reach;
    gridBox[1] = cy - reach;
    gridBox[2] = cx + reach;
    gridBox[3] = cy + reach;
    candidates = grid.query(gridBox);
  }
  segmentVisits += candidates;
  for (let k = 0; k < candidates; k++) {
    const i = grid ? grid.candidates[k]! : k;
    const ax = v[2 * i]!, ay = v[2 * i + 1]!;
    const ox = cx - ax, oy = cy - ay;
    const sx = v[2 * i + 2]! - ax, sy = v[2 * i + 3]! - ay;
    const partTimesLength = ox * sx + oy * sy;
    const lengthSquared = sx * sx + sy * sy;
    if (partTimesLength >= 0 && partTimesLength <= lengthSquared) {
      const nx = normals[2 * i]!, ny = normals[2 * i + 1]!;
      const side = ox * nx + oy * ny;
      const distance = side < 0 ? -side : side;
      if (distance <= reach) {
        // 0 - x rather than -x: a zero component stays +0.
        query.normalX = side < 0 ? 0 - nx : nx;
        query.normalY = side < 0 ? 0 - ny : ny;
        query.penetration = radius - distance;
        query.surfaceX = cx - side * nx;
        query.surfaceY = cy - side * ny;
        addContact(query, manifold, ContactKind.FaceFace, i);
      }
      continue;
    }
    let corner = -1, cornerX = 0, cornerY = 0;
    if (partTimesLength < 0) {
      // Before the start: the open start point, or an interior corner seen from its convex side.
      const pastPrevious = i === 0 || (ax - v[2 * i - 2]!) * ox + (ay - v[2 * i - 1]!) * oy > 0;
      if (pastPrevious) {
        corner = i;
        cornerX = ax;
        cornerY = ay;
      }
    } else if (i === last) {
      corner = i + 1;
      cornerX = ax + sx;
      cornerY = ay + sy;
    }
    if (corner < 0) continue;
    const dx = cx - cornerX, dy = cy - cornerY;
    const d2 = dx * dx + dy * dy;
    if (d2 <= reach * reach) {
      const d = Math.sqrt(d2);
      query.normalX = dx / d;
      query.normalY = dy / d;
      query.penetration = radius - d;
      query.surfaceX = cornerX;
      query.surfaceY = cornerY;
      addContact(query, manifold, ContactKind.PointFace, VERTEX_FEATURE | corner);
    }
  }
}
