/**
 * Ray casts in 2D: picking, line of sight, a laser across a table (Ericson, Real-Time Collision
 * Detection, 5.3: 5.3.2 the circle, 5.3.3 the slabs of a box, 5.3.8 a polygon edge by edge; the
 * capsule as its core box and two end circles). Semantics as `raycast` of @contactkit/contacts3d
 * (DESIGN.md): the ray is `origin + distance * unit(direction)` for `distance` in
 * [0, maxDistance]; `direction` need not be unit (a zero direction is a RangeError); a ray
 * starting inside a solid (circle, capsule, polygon; on its boundary counts as inside) hits at
 * distance 0 with normal `-unit(direction)` and featureId -1; otherwise the normal points out of
 * the shape at the first point the ray meets. A chain or segment is two-sided: its normal faces
 * the ray's origin. Each shape is cast in its own frame (origin and direction turned into it),
 * so round-off depends on the ray's distance from the shape, not on where the shape is.
 * No allocation.
 */
import {
  copyCoordinates,
  copyFiniteArray,
  readCoordinates,
  readFiniteArray,
} from '@contactkit/math';
import { IdList } from '../broadphase/broadphase.js';
import { Playfield } from '../broadphase/playfield.js';
import {
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
  type Capsule2,
} from '../shapes/capsule2.js';
import {
  type Chain,
  type Circle,
  type Polygon,
  type Shape2,
  ShapeType2,
  VERTEX_FEATURE,
} from '../shapes/shapes.js';

/** The answer of `raycast2d`, reused from call to call. */
export class RayHit2 {
  /** Distance from the origin along the unit direction, in [0, maxDistance]. */
  distance = 0;
  /** The point hit, world space. */
  readonly point: Float64Array = new Float64Array(2);
  /** Unit normal out of the shape at the point (facing the ray's origin for a chain or segment). */
  readonly normal: Float64Array = new Float64Array(2);
  /**
   * The feature hit (an edge, segment or side index, `VERTEX_FEATURE | i` for a vertex or round
   * end, 0 for a circle), -1 from inside.
   */
  featureId = 0;
  /** For a `Playfield`, the id of the shape hit; -1 for a single shape. */
  shape = -1;
}

/** The ray after validation: origin, unit direction, reach (PERFORMANCE.md: doubles in fields). */
class Ray2 {
  ox = 0;
  oy = 0;
  dx = 1;
  dy = 0;
  maxDistance = 0;
  /** The origin and direction in the frame of the shape being cast against. */
  lx = 0;
  ly = 0;
  ldx = 1;
  ldy = 0;
}

const rayScratch = new Ray2();
const vectorScratch = new Float64Array(2);
const candidates = new IdList(64);
/** Per playfield id, the number of the cast that last tested it, so a shape is cast once a ray. */
let testedIn = new Int32Array(64);
let castNumber = 0;

/** Turns the ray into `shape`'s frame (into `lx, ly, ldx, ldy`). */
function toLocal(ray: Ray2, shape: Shape2): void {
  const xf = shape.transform, c = xf.cos, s = xf.sin;
  const wx = ray.ox - xf.x, wy = ray.oy - xf.y;
  ray.lx = c * wx + s * wy;
  ray.ly = c * wy - s * wx;
  ray.ldx = c * ray.dx + s * ray.dy;
  ray.ldy = c * ray.dy - s * ray.dx;
}

/** Fills `hit` for distance t along the ray with a normal in `shape`'s frame. */
function setHit(
  ray: Ray2,
  shape: Shape2,
  hit: RayHit2,
  t: number,
  nx: number,
  ny: number,
  feature: number,
): true {
  const c = shape.transform.cos, s = shape.transform.sin;
  hit.distance = t;
  hit.point[0] = ray.ox + ray.dx * t;
  hit.point[1] = ray.oy + ray.dy * t;
  hit.normal[0] = c * nx - s * ny;
  hit.normal[1] = s * nx + c * ny;
  hit.featureId = feature;
  hit.shape = -1;
  return true;
}

/** A start inside the solid: distance 0, normal against the direction, feature -1. */
function hitInside(ray: Ray2, hit: RayHit2): true {
  hit.distance = 0;
  hit.point[0] = ray.ox;
  hit.point[1] = ray.oy;
  // 0 - x: a zero component stays +0.
  hit.normal[0] = 0 - ray.dx;
  hit.normal[1] = 0 - ray.dy;
  hit.featureId = -1;
  hit.shape = -1;
  return true;
}

/**
 * The first t >= 0 where the local ray meets the circle of radius r about (cx, cy), its start
 * outside, or -1. With m = o - c and b = m . d, the discriminant is taken as r^2 - |m - b d|^2
 * (the squared distance of the centre from the line subtracted), not b^2 - |m|^2 + r^2, which
 * cancels for a small circle far along the ray (Ericson 5.3.2).
 */
function circleDistance(ray: Ray2, cx: number, cy: number, r: number): number {
  const mx = ray.lx - cx, my = ray.ly - cy;
  const b = mx * ray.ldx + my * ray.ldy;
  if (b > 0) return -1;
  const px = mx - b * ray.ldx, py = my - b * ray.ldy;
  const discriminant = r * r - (px * px + py * py);
  if (discriminant < 0) return -1;
  const t = -b - Math.sqrt(discriminant);
  return t < 0 ? 0 : t;
}

function raycastCircle(circle: Circle, ray: Ray2, hit: RayHit2): boolean {
  toLocal(ray, circle);
  const r = circle.radius, x = ray.lx, y = ray.ly;
  if (x * x + y * y <= r * r) return hitInside(ray, hit);
  const t = circleDistance(ray, 0, 0, r);
  if (t < 0 || t > ray.maxDistance) return false;
  const px = x + ray.ldx * t, py = y + ray.ldy * t;
  const length = Math.sqrt(px * px + py * py);
  return setHit(ray, circle, hit, t, px / length, py / length, 0);
}

/**
 * The capsule as the union of its core box `[-h, h] x [-r, r]` and its two end circles: with the
 * start outside all three, the first hit of the union is the first hit of any of them. Of the
 * box only the flat sides count; its ends lie inside the end circles.
 */
function raycastCapsule(capsule: Capsule2, ray: Ray2, hit: RayHit2): boolean {
  toLocal(ray, capsule);
  const r = capsule.packed[0]!, h = capsule.packed[1]!, x = ray.lx, y = ray.ly;
  const nearest = x > h ? h : x < -h ? -h : x;
  if ((x - nearest) * (x - nearest) + y * y <= r * r) return hitInside(ray, hit);
  let best = Infinity, nx = 0, ny = 0, feature = 0;
  // The flat side facing the origin, when the origin is beyond it and the ray moves toward it.
  if ((y > r && ray.ldy < 0) || (y < -r && ray.ldy > 0)) {
    const side = y > r ? r : -r;
    const t = (side - y) / ray.ldy, along = x + ray.ldx * t;
    if (along >= -h && along <= h) {
      best = t;
      ny = y > r ? 1 : -1;
      feature = y > r ? CAPSULE2_UPPER_SIDE : CAPSULE2_LOWER_SIDE;
    }
  }
  for (let end = 0; end < 2; end++) {
    const cx = end === 0 ? -h : h;
    const t = circleDistance(ray, cx, 0, r);
    if (t < 0 || t >= best) continue;
    best = t;
    const px = x + ray.ldx * t - cx, py = y + ray.ldy * t;
    const length = Math.sqrt(px * px + py * py);
    nx = px / length;
    ny = py / length;
    feature = capsule2EndFeature(end);
  }
  if (best === Infinity || best > ray.maxDistance) return false;
  return setHit(ray, capsule, hit, best, nx, ny, feature);
}

/**
 * Whether the local origin is in the polygon, its boundary included: the crossing number of a
 * rightward ray (Ericson 5.4.1's half-open rule), with a point exactly on an edge counted in.
 */
function originInPolygon(polygon: Polygon, ray: Ray2): boolean {
  const v = polygon.vertices, n = polygon.count, x = ray.lx, y = ray.ly;
  let inside = false;
  let ax = v[2 * n - 2]!, ay = v[2 * n - 1]!;
  for (let i = 0; i < n; i++) {
    const bx = v[2 * i]!, by = v[2 * i + 1]!;
    const side = (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    if (
      side === 0 && (ax <= x ? x <= bx : bx <= x) && (ay <= y ? y <= by : by <= y)
    ) return true;
    if ((ay > y) !== (by > y) && (by > ay ? side > 0 : side < 0)) inside = !inside;
    ax = bx;
    ay = by;
  }
  return inside;
}

/** Units in the last place, relative to the coordinates, a computed crossing distance may be off by. */
const CROSSING_ROUND_OFF = 8 * Number.EPSILON;

/** Whether the ray's line meets a segment whose ends lie at these sides (cross(d, v - o)), an end on it included. */
function straddles(sideA: number, sideB: number): boolean {
  return !((sideA < 0 && sideB < 0) || (sideA > 0 && sideB > 0));
}

/**
 * Distance along the local ray to where its line crosses the segment from vertex `i` to vertex
 * `j` of `v`, given the ends' sides (cross(d, v - o), of opposite signs or one zero): the crossing
 * is interpolated from the sides, `A + s (B - A)` with `s = sideA / (sideA - sideB)` in [0, 1],
 * and projected on the ray. Unlike dividing by the rate at which the ray nears the segment's line,
 * this stays on the segment when the ray runs almost along it.
 */
function crossingDistance(
  v: Float64Array,
  i: number,
  j: number,
  sideA: number,
  sideB: number,
  ray: Ray2,
): number {
  const s = sideA / (sideA - sideB);
  const ax = v[2 * i]!, ay = v[2 * i + 1]!, bx = v[2 * j]!, by = v[2 * j + 1]!;
  const px = ax + s * (bx - ax), py = ay + s * (by - ay);
  const t = (px - ray.lx) * ray.ldx + (py - ray.ly) * ray.ldy;
  if (t >= 0) return t;
  // A start on the segment meets it at 0: the crossing and the origin are each known only to a
  // few units in the last place of the coordinates involved, so a crossing that far behind the
  // start is the start itself.
  const roundOff = CROSSING_ROUND_OFF *
    (Math.abs(ax) + Math.abs(ay) + Math.abs(bx) + Math.abs(by) + Math.abs(ray.lx) +
      Math.abs(ray.ly));
  return t >= -roundOff ? 0 : t;
}

/**
 * Polygons (convex or concave) edge by edge: the nearest edge the ray enters through. Both "the
 * ray passes between the edge's ends" and "the edge faces the ray" are read from the sides
 * cross(d, v - o) of its two vertices, numbers computed once per vertex and shared by its two
 * edges: the edge is crossed when the sides differ in sign (or one is 0), and entered when they
 * fall (sideB - sideA = cross(d, e), which has the sign of n . d for an outward normal n of a
 * counter-clockwise outline). So a ray through a vertex, or along an edge into a reflex vertex,
 * is never lost between two edges to round-off. O(n).
 */
function raycastPolygon(polygon: Polygon, ray: Ray2, hit: RayHit2): boolean {
  if (polygon.radius > 0) return raycastRoundedPolygon(polygon, ray, hit);
  toLocal(ray, polygon);
  if (originInPolygon(polygon, ray)) return hitInside(ray, hit);
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count;
  const x = ray.lx, y = ray.ly, dx = ray.ldx, dy = ray.ldy;
  let best = Infinity, edge = -1;
  let sideA = dx * (v[1]! - y) - dy * (v[0]! - x);
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const sideB = dx * (v[2 * j + 1]! - y) - dy * (v[2 * j]! - x);
    if (sideB < sideA && straddles(sideA, sideB)) {
      const t = crossingDistance(v, i, j, sideA, sideB, ray);
      if (t >= 0 && t < best) {
        best = t;
        edge = i;
      }
    }
    sideA = sideB;
  }
  if (edge < 0 || best > ray.maxDistance) return false;
  return setHit(ray, polygon, hit, best, normals[2 * edge]!, normals[2 * edge + 1]!, edge);
}

/**
 * A rounded polygon: the points within `radius` of its core. Outside the core, a point within the
 * radius is nearest to an edge's inside (then it lies in the band on that edge's outer side) or
 * to a vertex (then in the disc about it): a point on the inner side of an edge nearest to it
 * would reach the edge through the core. So from a start outside, the first hit is the nearest of
 * the ray's entries through an edge's line moved out by the radius, between the edge's ends
 * (normal: the edge's), and into a vertex's disc (normal: radial from the corner); the band's
 * other sides lie inside the discs or the core. Inside: the start in the core or within the
 * radius of the outline. O(n).
 */
function raycastRoundedPolygon(polygon: Polygon, ray: Ray2, hit: RayHit2): boolean {
  toLocal(ray, polygon);
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count, r = polygon.radius;
  const x = ray.lx, y = ray.ly, dx = ray.ldx, dy = ray.ldy;
  if (originInPolygon(polygon, ray)) return hitInside(ray, hit);
  let best = Infinity, feature = -1, nx = 0, ny = 0;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = v[2 * j]! - ax, ey = v[2 * j + 1]! - ay;
    // Within the radius of this edge: the start is inside.
    const length2 = ex * ex + ey * ey;
    let f = ((x - ax) * ex + (y - ay) * ey) / length2;
    f = f < 0 ? 0 : f > 1 ? 1 : f;
    const fx = x - ax - f * ex, fy = y - ay - f * ey;
    if (fx * fx + fy * fy <= r * r) return hitInside(ray, hit);
    const mx = normals[2 * i]!, my = normals[2 * i + 1]!;
    const approach = mx * dx + my * dy;
    if (approach < 0) {
      // The moved line n . p = n . a + r, met at t = (n . a + r - n . o) / (n . d).
      const t = (mx * (ax - x) + my * (ay - y) + r) / approach;
      if (t >= 0 && t < best) {
        const px = x + dx * t - ax, py = y + dy * t - ay, along = px * ex + py * ey;
        if (along >= 0 && along <= length2) {
          best = t;
          feature = i;
          nx = mx;
          ny = my;
        }
      }
    }
    const t = circleDistance(ray, ax, ay, r);
    if (t >= 0 && t < best) {
      best = t;
      feature = VERTEX_FEATURE | i;
      const px = x + dx * t - ax, py = y + dy * t - ay, length = Math.sqrt(px * px + py * py);
      nx = px / length;
      ny = py / length;
    }
  }
  if (feature < 0 || best > ray.maxDistance) return false;
  return setHit(ray, polygon, hit, best, nx, ny, feature);
}

/**
 * Chains and segments, both sides: the nearest segment the ray passes between the ends of, the
 * normal turned to face the origin. A ray along a segment's line meets the segment's nearer end
 * (or the origin, when it starts on the segment) with normal `-direction`, feature that vertex
 * (the segment, from on it). O(n).
 */
function raycastChain(chain: Chain, ray: Ray2, hit: RayHit2): boolean {
  toLocal(ray, chain);
  const v = chain.vertices, normals = chain.normals, n = chain.count;
  const x = ray.lx, y = ray.ly, dx = ray.ldx, dy = ray.ldy;
  let best = Infinity, feature = -1, nx = 0, ny = 0;
  let sideA = dx * (v[1]! - y) - dy * (v[0]! - x);
  for (let i = 0; i + 1 < n; i++) {
    const sideB = dx * (v[2 * i + 3]! - y) - dy * (v[2 * i + 2]! - x);
    if (!straddles(sideA, sideB)) {
      sideA = sideB;
      continue;
    }
    if (sideA === 0 && sideB === 0) {
      // Along the segment's line: the nearer end ahead, or the origin when it lies on the segment.
      const a = (v[2 * i]! - x) * dx + (v[2 * i + 1]! - y) * dy;
      const b = (v[2 * i + 2]! - x) * dx + (v[2 * i + 3]! - y) * dy;
      const near = a < b ? a : b, far = a < b ? b : a;
      if (far >= 0) {
        const t = near > 0 ? near : 0;
        if (t < best) {
          best = t;
          feature = near > 0 ? VERTEX_FEATURE | (a < b ? i : i + 1) : i;
          nx = 0 - dx;
          ny = 0 - dy;
        }
      }
    } else {
      const t = crossingDistance(v, i, i + 1, sideA, sideB, ray);
      if (t >= 0 && t < best) {
        best = t;
        feature = i;
        // The side the ray comes from: the left normal when the sides rise (n . d < 0 for the
        // left normal, by the sides as for polygons), else its reverse.
        const sx = normals[2 * i]!, sy = normals[2 * i + 1]!;
        nx = sideA < sideB ? sx : 0 - sx;
        ny = sideA < sideB ? sy : 0 - sy;
      }
    }
    sideA = sideB;
  }
  if (feature < 0 || best > ray.maxDistance) return false;
  return setHit(ray, chain, hit, best, nx, ny, feature);
}

function raycastShape(shape: Shape2, ray: Ray2, hit: RayHit2): boolean {
  switch (shape.shapeType) {
    case ShapeType2.Circle:
      return raycastCircle(shape as Circle, ray, hit);
    case ShapeType2.Capsule2:
      return raycastCapsule(shape as Capsule2, ray, hit);
    case ShapeType2.Polygon:
    case ShapeType2.Aabb:
      return raycastPolygon(shape as Polygon, ray, hit);
    case ShapeType2.Chain:
    case ShapeType2.Segment:
      return raycastChain(shape as Chain, ray, hit);
  }
  return false;
}

/** Whether the ray meets the box `[minX, minY, maxX, maxY]` within `[0, reach]` (Ericson 5.3.3, the slabs). */
function rayMeetsBox(ray: Ray2, box: Float64Array, reach: number): boolean {
  let enter = 0, exit = reach;
  for (let k = 0; k < 2; k++) {
    const o = k === 0 ? ray.ox : ray.oy, d = k === 0 ? ray.dx : ray.dy;
    const low = box[k]!, high = box[k + 2]!;
    if (d === 0) {
      if (o < low || o > high) return false;
      continue;
    }
    const t0 = (low - o) / d, t1 = (high - o) / d;
    const near = t0 < t1 ? t0 : t1, far = t0 < t1 ? t1 : t0;
    if (near > enter) enter = near;
    if (far < exit) exit = far;
    if (enter > exit) return false;
  }
  return true;
}

/**
 * The first hit over a playfield's shapes. The ray is walked one cell length at a time; each
 * stretch's box is looked up in the grid and the shapes found are cast once each; the walk stops
 * at the first stretch that ends beyond the nearest hit so far (a shape hit at distance t has its
 * box around the point hit, which lies in the stretch holding t). When the walk would take more
 * stretches than there are shapes (a long or endless ray), every shape whose box the ray meets is
 * cast instead.
 */
function raycastPlayfield(field: Playfield, ray: Ray2, hit: RayHit2): boolean {
  const shapes = field.shapes, cellSize = field.grid.cellSize, reach = ray.maxDistance;
  if (testedIn.length < shapes.length) testedIn = new Int32Array(2 * shapes.length);
  castNumber = castNumber === 0x7fffffff ? 1 : castNumber + 1;
  if (castNumber === 1) testedIn.fill(0);
  let found = -1;
  const stretches = Math.max(1, Math.ceil(reach / cellSize));
  if (!(stretches <= shapes.length)) {
    for (let id = 0; id < shapes.length; id++) {
      const shape = shapes[id];
      if (!shape || !rayMeetsBox(ray, shape.aabb, ray.maxDistance)) continue;
      if (raycastShape(shape, ray, hit)) {
        found = id;
        ray.maxDistance = hit.distance;
      }
    }
  } else {
    for (let k = 0; k < stretches; k++) {
      const t0 = k * cellSize, t1 = k + 1 === stretches ? reach : (k + 1) * cellSize;
      const x0 = ray.ox + ray.dx * t0, y0 = ray.oy + ray.dy * t0;
      const x1 = ray.ox + ray.dx * t1, y1 = ray.oy + ray.dy * t1;
      // Widened by a few ulps: a box the stretch touches must not be lost to the rounding of x0, x1.
      const pad = (Math.abs(x0) + Math.abs(y0) + Math.abs(x1) + Math.abs(y1)) * 1e-15;
      field.grid.queryBox(
        (x0 < x1 ? x0 : x1) - pad,
        (y0 < y1 ? y0 : y1) - pad,
        (x0 < x1 ? x1 : x0) + pad,
        (y0 < y1 ? y1 : y0) + pad,
        candidates,
      );
      for (let c = 0; c < candidates.count; c++) {
        const id = candidates.ids[c]!;
        if (testedIn[id] === castNumber) continue;
        testedIn[id] = castNumber;
        if (raycastShape(shapes[id]!, ray, hit)) {
          found = id;
          ray.maxDistance = hit.distance;
        }
      }
      if (found >= 0 && hit.distance <= t1) break;
    }
  }
  ray.maxDistance = reach;
  if (found < 0) return false;
  hit.shape = found;
  return true;
}

/**
 * Casts the ray `origin + distance * unit(direction)`, distance in [0, maxDistance], against
 * `target` (a Circle, Capsule2, Polygon, Aabb, Chain or Segment, or a Playfield, whose shapes are
 * searched through its grid) and returns whether it hits; on a hit fills `hit` (distance, point,
 * outward normal, featureId, and for a Playfield `shape`, the id of the shape hit), otherwise
 * leaves it unchanged. See the file comment for a start inside and for chains. `origin`: two
 * finite numbers within `MAX_COORDINATE`; `direction`: two finite numbers, not both 0;
 * `maxDistance` >= 0 (Infinity allowed); otherwise a RangeError (a TypeError for a target or hit
 * of the wrong kind) naming the argument. Allocates nothing on valid input (a Playfield's first
 * cast, or one after it grew, sizes a table of its ids).
 */
export function raycast2d(
  target: Shape2 | Playfield,
  origin: ArrayLike<number>,
  direction: ArrayLike<number>,
  maxDistance: number,
  hit: RayHit2,
): boolean {
  const ray = rayScratch, v = vectorScratch;
  if (!copyCoordinates(origin, 2, v)) readCoordinates('raycast2d origin', origin, 2, v);
  ray.ox = v[0]!;
  ray.oy = v[1]!;
  if (!copyFiniteArray(direction, 2, v)) readFiniteArray('raycast2d direction', direction, 2, v);
  // Scaled by the larger component first, so a tiny or a huge direction normalises.
  const largest = Math.max(Math.abs(v[0]!), Math.abs(v[1]!));
  if (largest === 0) {
    throw new RangeError(
      `raycast2d direction must be non-zero, got [${Array.from(direction).join(', ')}]`,
    );
  }
  const sx = v[0]! / largest, sy = v[1]! / largest;
  const length = Math.sqrt(sx * sx + sy * sy);
  if (!(typeof maxDistance === 'number' && maxDistance >= 0)) {
    throw new RangeError(
      `raycast2d maxDistance must be a number at least 0, got ${String(maxDistance)}`,
    );
  }
  if (!(hit instanceof RayHit2)) {
    throw new TypeError(
      `raycast2d hit must be a RayHit2, got ${hit === null ? 'null' : typeof hit}`,
    );
  }
  ray.dx = sx / length;
  ray.dy = sy / length;
  ray.maxDistance = maxDistance;
  if (target instanceof Playfield) return raycastPlayfield(target, ray, hit);
  if (target === null || typeof target !== 'object' || !('shapeType' in target)) {
    throw new TypeError(
      `raycast2d target must be a 2D shape or a Playfield, got ${
        target === null ? 'null' : typeof target
      }`,
    );
  }
  return raycastShape(target, ray, hit);
}
