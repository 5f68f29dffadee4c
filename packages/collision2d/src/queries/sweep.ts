/**
 * Swept circles: the first time a circle moving in a straight line touches a shape (time of
 * impact), so a fast circle cannot tunnel through a thin wall between two frames.
 *
 * The moving circle's centre `c + t d` (t in [0, 1]) touches a segment when it enters the
 * segment's capsule (the segment grown by the radius r): through one of the two sides, which are
 * the segment's line moved by r along its normal (a linear equation in t), or through one of the
 * two end caps, circles of radius r about the end points. An end cap, and a target circle of
 * radius R, give |c + t d - q|^2 = (r + R)^2, the quadratic a t^2 + 2 b t + k = 0 with
 * a = d.d, b = m.d, k = m.m - (r + R)^2 and m = c - q (Ericson, Real-Time Collision Detection,
 * 5.3.2 and 5.5.7). Its first root is taken in the form t = k / (-b + sqrt(b^2 - a k)), which
 * subtracts nothing when the circle approaches (b < 0) and so keeps full precision even when
 * k is tiny (a circle that starts almost touching). A chain or polygon is first touched at the
 * earliest contact of its segments; a polygon is solid, so a centre inside it is a contact at
 * time 0. A capsule of radius R is its core segment met by a circle of radius r + R.
 *
 * Only the circle moves: a moving capsule or polygon is not swept (that needs conservative
 * advancement or a swept-shape distance, as Box2D v3's b2TimeOfImpact does).
 *
 * A circle that already touches or overlaps a segment or circle at t = 0 reports time 0 only
 * if the displacement moves it closer; moving along the surface or away, that contact is
 * ignored, so a ball resting on the ground can be swept upward or sideways. The distance from a
 * moving point to a segment or a circle is a convex function of t, so a circle moving away at
 * t = 0 cannot touch that segment again later.
 *
 * Everything runs in the shape's frame (the circle's centre and the displacement are brought in
 * once); the point and normal are turned back to world space at the end.
 */
import { copyFiniteArray, readFiniteArray } from '@contactkit/math';
import type { BoxGrid } from '../broadphase/box-grid.js';
import { RayCrossing, rayCrossingTest } from '../contours/ray-crossing.js';
import {
  Capsule2,
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
} from '../shapes/capsule2.js';
import { Chain, Circle, Polygon, Segment, VERTEX_FEATURE } from '../shapes/shapes.js';

/**
 * The first contact found by `sweepCircle`, reusable from call to call (written only when the
 * call returns true).
 */
export class SweepHit {
  /** Fraction of the displacement, in [0, 1], at which the circle first touches the shape. */
  time = 0;
  /** The touching point on the shape, world space. */
  readonly point: Float64Array = new Float64Array(2);
  /** Unit normal at `point`, from the shape toward the circle's centre at `time`. */
  readonly normal: Float64Array = new Float64Array(2);
  /**
   * The shape's feature touched: segment or edge `i` is `i`, vertex `i` is `VERTEX_FEATURE | i`
   * (the codes of `Contact2.featureId`, see shapes.ts), a circle is 0, a capsule's flat side 0
   * (facing its -y) or 1 or round end `VERTEX_FEATURE | 0` (about `(-halfLength, 0)`) or `| 1`.
   */
  featureId = 0;
}

/**
 * One sweep's state, handed to every step: the query, the best contact so far and the contact
 * being offered (doubles cross calls in arrays or fields, not as results: PERFORMANCE.md).
 */
class Sweep {
  /** The query, in the shape's frame: centre x, y, displacement x, y, radius. */
  readonly query: Float64Array = new Float64Array(5);
  /** The best contact so far, shape's frame: time, point x, y, normal x, y. */
  readonly best: Float64Array = new Float64Array(5);
  bestFeature = 0;
  /** A contact being offered, laid out as `best`. */
  readonly offered: Float64Array = new Float64Array(5);
  /** The point `sweepPoint` tests: x, y, and the distance from it at which the centre touches. */
  readonly target: Float64Array = new Float64Array(3);
  /** The box a grid is queried with, shape's frame: min x, y, max x, y. */
  readonly box: Float64Array = new Float64Array(4);
  /** How many segments this sweep examined. */
  segmentVisits = 0;
}

/** The state of the current (or last) `sweepCircle` call; one call runs at a time. */
const current = new Sweep();
const displacementScratch = new Float64Array(2);

/**
 * Number of segments the last `sweepCircle` against a chain or polygon examined (for tests and
 * profiling: a short sweep near a long contour should examine few of its segments).
 */
export function lastSweepSegmentVisits(): number {
  return current.segmentVisits;
}

/** Keeps the contact in `offered` if it is earlier than the best so far (an equal time keeps the first found). */
function offer(sweep: Sweep, feature: number): void {
  if (!(sweep.offered[0]! < sweep.best[0]!)) return;
  for (let k = 0; k < 5; k++) sweep.best[k] = sweep.offered[k]!;
  sweep.bestFeature = feature;
}

/**
 * First contact of the query circle with the segment from vertex `i` to vertex `j` of
 * `vertices` (segment feature `segment`), offered to `best`.
 */
function sweepSegment(
  sweep: Sweep,
  vertices: Float64Array,
  i: number,
  j: number,
  segment: number,
): void {
  const cx = sweep.query[0]!,
    cy = sweep.query[1]!,
    dx = sweep.query[2]!,
    dy = sweep.query[3]!,
    r = sweep.query[4]!;
  const ax = vertices[2 * i]!, ay = vertices[2 * i + 1]!;
  const ex = vertices[2 * j]! - ax, ey = vertices[2 * j + 1]! - ay;
  const lengthSquared = ex * ex + ey * ey;
  // Closest point of the segment to the centre at t = 0.
  let u = ((cx - ax) * ex + (cy - ay) * ey) / lengthSquared;
  u = u < 0 ? 0 : u > 1 ? 1 : u;
  const qx = ax + u * ex, qy = ay + u * ey;
  const wx = cx - qx, wy = cy - qy;
  const distanceSquared = wx * wx + wy * wy;
  if (distanceSquared <= r * r) {
    // Touching or overlapping at t = 0: a contact now if the motion brings the centre closer.
    const feature = u === 0 ? VERTEX_FEATURE | i : u === 1 ? VERTEX_FEATURE | j : segment;
    if (distanceSquared > 0) {
      if (wx * dx + wy * dy < 0) {
        const distance = Math.sqrt(distanceSquared);
        sweep.offered[0] = 0;
        sweep.offered[1] = qx;
        sweep.offered[2] = qy;
        sweep.offered[3] = wx / distance;
        sweep.offered[4] = wy / distance;
        offer(sweep, feature);
      }
    } else if (dx !== 0 || dy !== 0) {
      // Centre on the segment: the normal faces against the motion (the left normal for a motion along it).
      const length = Math.sqrt(lengthSquared);
      let nx = (0 - ey) / length, ny = ex / length;
      if (nx * dx + ny * dy > 0) {
        nx = 0 - nx;
        ny = 0 - ny;
      }
      sweep.offered[0] = 0;
      sweep.offered[1] = qx;
      sweep.offered[2] = qy;
      sweep.offered[3] = nx;
      sweep.offered[4] = ny;
      offer(sweep, feature);
    }
    return;
  }
  // The side of the capsule facing the centre: the line moved by r along the normal.
  const length = Math.sqrt(lengthSquared);
  let nx = (0 - ey) / length, ny = ex / length;
  let side = (cx - ax) * nx + (cy - ay) * ny;
  if (side < 0) {
    nx = 0 - nx;
    ny = 0 - ny;
    side = 0 - side;
  }
  const approach = dx * nx + dy * ny;
  if (approach < 0) {
    // side <= r here only by round-off (the closest distance above says the circle is clear):
    // the circle touches now, so the impact is at t = 0 rather than a miss.
    const t = side > r ? (side - r) / -approach : 0;
    if (t <= 1) {
      const px = cx + t * dx, py = cy + t * dy;
      const along = ((px - ax) * ex + (py - ay) * ey) / lengthSquared;
      if (along >= 0 && along <= 1) {
        sweep.offered[0] = t;
        sweep.offered[1] = ax + along * ex;
        sweep.offered[2] = ay + along * ey;
        sweep.offered[3] = nx;
        sweep.offered[4] = ny;
        offer(sweep, segment);
        return;
      }
    }
  }
  sweep.target[0] = ax;
  sweep.target[1] = ay;
  sweep.target[2] = r;
  sweepPoint(sweep, VERTEX_FEATURE | i);
  sweep.target[0] = ax + ex;
  sweep.target[1] = ay + ey;
  sweepPoint(sweep, VERTEX_FEATURE | j);
}

/**
 * First time the query centre comes within `reach` of the point q (`target`: x, y, reach; a
 * capsule's end cap, or a circle's centre with the radii summed), offered to `best` with the
 * point at `reach - r` from q toward the centre. The start is known to be farther than `reach`.
 */
function sweepPoint(sweep: Sweep, feature: number): void {
  const cx = sweep.query[0]!,
    cy = sweep.query[1]!,
    dx = sweep.query[2]!,
    dy = sweep.query[3]!,
    r = sweep.query[4]!;
  const qx = sweep.target[0]!, qy = sweep.target[1]!, reach = sweep.target[2]!;
  const mx = cx - qx, my = cy - qy;
  const b = mx * dx + my * dy;
  if (b >= 0) return;
  const a = dx * dx + dy * dy;
  const k = mx * mx + my * my - reach * reach;
  const discriminant = b * b - a * k;
  if (discriminant < 0) return;
  const t = k / (Math.sqrt(discriminant) - b);
  if (t > 1 || !(t < sweep.best[0]!)) return;
  const px = cx + t * dx - qx, py = cy + t * dy - qy;
  const distance = Math.sqrt(px * px + py * py);
  const nx = px / distance, ny = py / distance;
  const surface = reach - r;
  sweep.offered[0] = t;
  sweep.offered[1] = qx + surface * nx;
  sweep.offered[2] = qy + surface * ny;
  sweep.offered[3] = nx;
  sweep.offered[4] = ny;
  offer(sweep, feature);
}

/**
 * Against a disc of `targetRadius` about the origin of the query's frame (a target circle, or a
 * capsule of zero half length), named `feature`.
 */
function sweepDisc(sweep: Sweep, targetRadius: number, feature: number): void {
  const cx = sweep.query[0]!,
    cy = sweep.query[1]!,
    dx = sweep.query[2]!,
    dy = sweep.query[3]!,
    r = sweep.query[4]!;
  const reach = r + targetRadius;
  const distanceSquared = cx * cx + cy * cy;
  if (distanceSquared <= reach * reach) {
    if (cx * dx + cy * dy < 0) {
      const distance = Math.sqrt(distanceSquared);
      sweep.offered[0] = 0;
      sweep.offered[1] = (targetRadius * cx) / distance;
      sweep.offered[2] = (targetRadius * cy) / distance;
      sweep.offered[3] = cx / distance;
      sweep.offered[4] = cy / distance;
      offer(sweep, feature);
    } else if (distanceSquared === 0 && (dx !== 0 || dy !== 0)) {
      // Coincident centres: no direction between them; the normal faces against the motion.
      const length = Math.hypot(dx, dy);
      sweep.offered[0] = 0;
      sweep.offered[1] = (-targetRadius * dx) / length;
      sweep.offered[2] = (-targetRadius * dy) / length;
      sweep.offered[3] = -dx / length;
      sweep.offered[4] = -dy / length;
      offer(sweep, feature);
    }
    return;
  }
  sweep.target[0] = 0;
  sweep.target[1] = 0;
  sweep.target[2] = reach;
  sweepPoint(sweep, feature);
}

/** 2^-1022, the smallest positive normal double. */
const SMALLEST_NORMAL = 2 ** -1022;

/** The core of the capsule swept against, in its frame: (-h, 0) to (h, 0). `sweepCapsule`'s scratch. */
const coreScratch = new Float64Array(4);

/**
 * Against a capsule (the query is in its frame): the circle of radius r touches the capsule of
 * radius R exactly when a circle of radius r + R touches its core segment, so the core is swept
 * as a segment with the radii summed and the point moved R along the normal, from the core out
 * to the capsule's surface. The core's side codes become the capsule's: side 0 faces -y, side 1
 * +y; its end points are already the capsule's end codes (`VERTEX_FEATURE | 0` and `| 1`). A core
 * whose squared length is below the smallest normal double, 2^-1022 (a half length below 2^-512,
 * about 7e-155, 0 included), is a disc named as the end about (-h, 0): the side's direction would
 * come from a subnormal square of a few bits, and the disc is within h of the capsule.
 */
function sweepCapsule(sweep: Sweep, capsule: Capsule2): void {
  const radius = capsule.packed[0]!, h = capsule.packed[1]!;
  if (4 * h * h < SMALLEST_NORMAL) {
    sweepDisc(sweep, radius, capsule2EndFeature(0));
    return;
  }
  coreScratch[0] = -h;
  coreScratch[2] = h;
  sweep.query[4] = sweep.query[4]! + radius;
  sweepSegment(sweep, coreScratch, 0, 1, CAPSULE2_LOWER_SIDE);
  if (sweep.best[0] === Infinity) return;
  const nx = sweep.best[3]!, ny = sweep.best[4]!;
  sweep.best[1] = sweep.best[1]! + radius * nx;
  sweep.best[2] = sweep.best[2]! + radius * ny;
  if (sweep.bestFeature === CAPSULE2_LOWER_SIDE && ny > 0) sweep.bestFeature = CAPSULE2_UPPER_SIDE;
}

/** Sets `sweep.box` to the box the query circle sweeps, shape's frame. */
function sweptBox(sweep: Sweep): void {
  const cx = sweep.query[0]!,
    cy = sweep.query[1]!,
    dx = sweep.query[2]!,
    dy = sweep.query[3]!,
    r = sweep.query[4]!;
  sweep.box[0] = Math.min(cx, cx + dx) - r;
  sweep.box[1] = Math.min(cy, cy + dy) - r;
  sweep.box[2] = Math.max(cx, cx + dx) + r;
  sweep.box[3] = Math.max(cy, cy + dy) + r;
}

/** Whether the swept box misses the grid's bounds (then it meets no segment, and the centre is outside). */
function outsideGrid(sweep: Sweep, grid: BoxGrid): boolean {
  sweptBox(sweep);
  return sweep.box[2]! < grid.minX || sweep.box[0]! > grid.maxX || sweep.box[3]! < grid.minY ||
    sweep.box[1]! > grid.maxY;
}

function sweepChain(sweep: Sweep, chain: Chain): void {
  const v = chain.vertices, grid = chain.grid;
  let candidates = chain.segmentCount;
  if (grid) {
    sweptBox(sweep);
    candidates = grid.query(sweep.box);
  }
  sweep.segmentVisits += candidates;
  for (let k = 0; k < candidates; k++) {
    const i = grid ? grid.candidates[k]! : k;
    sweepSegment(sweep, v, i, i + 1, i);
  }
}

/** The inside test's answer. Scratch of `sweepPolygon` alone. */
const crossingScratch = new RayCrossing();

/**
 * The centre is inside the polygon: a contact at time 0 through the nearest outline point, the
 * normal pointing outward from it. The search box grows until the nearest edge found lies within
 * it (then no edge outside the box can be nearer).
 */
function insideContact(sweep: Sweep, polygon: Polygon): void {
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count, grid = polygon.grid;
  const cx = sweep.query[0]!, cy = sweep.query[1]!;
  let reach = sweep.query[4]!;
  let nearestEdge = 0, nearestU = 0, nearestSquared = Infinity;
  for (;;) {
    let candidates = n;
    if (grid) {
      sweep.box[0] = cx - reach;
      sweep.box[1] = cy - reach;
      sweep.box[2] = cx + reach;
      sweep.box[3] = cy + reach;
      candidates = grid.query(sweep.box);
    }
    sweep.segmentVisits += candidates;
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const j = i + 1 === n ? 0 : i + 1;
      const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = v[2 * j]! - ax, ey = v[2 * j + 1]! - ay;
      let u = ((cx - ax) * ex + (cy - ay) * ey) / (ex * ex + ey * ey);
      u = u < 0 ? 0 : u > 1 ? 1 : u;
      const wx = ax + u * ex - cx, wy = ay + u * ey - cy;
      if (wx * wx + wy * wy < nearestSquared) {
        nearestSquared = wx * wx + wy * wy;
        nearestEdge = i;
        nearestU = u;
      }
    }
    if (!grid || nearestSquared <= reach * reach || candidates === n) break;
    reach *= 2;
  }
  const i = nearestEdge, j = i + 1 === n ? 0 : i + 1;
  const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = v[2 * j]! - ax, ey = v[2 * j + 1]! - ay;
  const px = ax + nearestU * ex, py = ay + nearestU * ey;
  const distance = Math.sqrt(nearestSquared);
  if (nearestU > 0 && nearestU < 1) {
    sweep.offered[0] = 0;
    sweep.offered[1] = px;
    sweep.offered[2] = py;
    sweep.offered[3] = normals[2 * i]!;
    sweep.offered[4] = normals[2 * i + 1]!;
    offer(sweep, i);
  } else {
    const corner = nearestU === 0 ? i : j;
    // Nearest at a corner (a concave one seen from inside): outward through it.
    const nx = distance > 0 ? (px - cx) / distance : normals[2 * i]!;
    const ny = distance > 0 ? (py - cy) / distance : normals[2 * i + 1]!;
    sweep.offered[0] = 0;
    sweep.offered[1] = px;
    sweep.offered[2] = py;
    sweep.offered[3] = nx;
    sweep.offered[4] = ny;
    offer(sweep, VERTEX_FEATURE | corner);
  }
}

function sweepPolygon(sweep: Sweep, polygon: Polygon): void {
  if (polygon.grid && outsideGrid(sweep, polygon.grid)) return;
  const crossing = crossingScratch;
  rayCrossingTest(polygon, sweep.query, crossing);
  sweep.segmentVisits += crossing.examined;
  if (crossing.inside) {
    insideContact(sweep, polygon);
    return;
  }
  const v = polygon.vertices, n = polygon.count, grid = polygon.grid;
  let candidates = n;
  if (grid) {
    sweptBox(sweep);
    candidates = grid.query(sweep.box);
  }
  sweep.segmentVisits += candidates;
  for (let k = 0; k < candidates; k++) {
    const i = grid ? grid.candidates[k]! : k;
    sweepSegment(sweep, v, i, i + 1 === n ? 0 : i + 1, i);
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return typeof value;
}

/**
 * Whether `circle`, moved by `displacement` (`[dx, dy]`, finite, world space) from its current
 * pose, touches `shape` (a `Segment`, `Chain`, `Polygon` (an `Aabb` too, or a rounded polygon:
 * its core against the circle grown by the radius), `Circle` or `Capsule2`, static at its current
 * pose) and, if so, the first contact in `hit`: `time` in [0, 1], `point`
 * on the shape, `normal` from the shape toward the circle, `featureId` (see `SweepHit`). `hit` is
 * left as it was when the result is false. Only the circle moves.
 *
 * Exact up to round-off (closed-form roots). A circle already touching or overlapping the shape
 * gives time 0 when the displacement moves it closer to the segment, circle or capsule core it
 * touches, and is ignored where it moves along or away; a centre inside a polygon is always a
 * contact at time 0. A centre on a capsule's core (or at a circle's centre) has no direction out:
 * the normal faces against the motion. A zero displacement touches nothing that it does not move
 * into, so it returns false unless the centre is inside a polygon. Chains and polygons with a
 * segment grid examine only the segments near the swept box.
 * Allocates nothing. Throws a TypeError or RangeError naming the argument for anything else.
 */
export function sweepCircle(
  circle: Circle,
  displacement: ArrayLike<number>,
  shape: Segment | Chain | Polygon | Circle | Capsule2,
  hit: SweepHit,
): boolean {
  if (!(circle instanceof Circle)) {
    throw new TypeError(`sweepCircle: circle must be a Circle, got ${describe(circle)}`);
  }
  if (!copyFiniteArray(displacement, 2, displacementScratch)) {
    readFiniteArray('sweepCircle: displacement', displacement, 2, displacementScratch);
  }
  if (
    !(shape instanceof Circle || shape instanceof Capsule2 || shape instanceof Polygon ||
      shape instanceof Chain)
  ) {
    throw new TypeError(
      `sweepCircle: shape must be a Segment, Chain, Polygon, Circle or Capsule2, got ${
        describe(shape)
      }`,
    );
  }
  if (!(hit instanceof SweepHit)) {
    throw new TypeError(`sweepCircle: hit must be a SweepHit, got ${describe(hit)}`);
  }
  const sweep = current;
  const xf = shape.transform, c = xf.cos, s = xf.sin;
  const wx = circle.transform.x - xf.x, wy = circle.transform.y - xf.y;
  const dx = displacementScratch[0]!, dy = displacementScratch[1]!;
  sweep.query[0] = c * wx + s * wy;
  sweep.query[1] = -s * wx + c * wy;
  sweep.query[2] = c * dx + s * dy;
  sweep.query[3] = -s * dx + c * dy;
  // A rounded polygon: its core swept by a circle grown by its radius (Ericson 5.5.7: moving
  // the radius from one shape to the other leaves the time of contact as it is).
  const rounding = shape instanceof Polygon ? shape.radius : 0;
  sweep.query[4] = circle.radius + rounding;
  sweep.best[0] = Infinity;
  sweep.segmentVisits = 0;
  if (shape instanceof Circle) sweepDisc(sweep, shape.radius, 0);
  else if (shape instanceof Capsule2) sweepCapsule(sweep, shape);
  else if (shape instanceof Polygon) sweepPolygon(sweep, shape);
  else sweepChain(sweep, shape);
  if (sweep.best[0] === Infinity) return false;
  const nx = sweep.best[3]!, ny = sweep.best[4]!;
  // The point on the core moved out to the rounded boundary.
  const px = sweep.best[1]! + nx * rounding, py = sweep.best[2]! + ny * rounding;
  hit.time = sweep.best[0]!;
  hit.point[0] = c * px - s * py + xf.x;
  hit.point[1] = s * px + c * py + xf.y;
  hit.normal[0] = c * nx - s * ny;
  hit.normal[1] = s * nx + c * ny;
  hit.featureId = sweep.bestFeature;
  return true;
}
