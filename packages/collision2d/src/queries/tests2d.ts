/**
 * Boolean and parametric tests on raw 2D coordinates (Ericson, Real-Time Collision Detection, ch. 4 and 5): no shape classes, no
 * poses. Points are any `ArrayLike<number>` `[x, y]`; polygons are flat lists
 * `[x0, y0, x1, y1, ...]` (a `Float64Array` at hot call sites). Every result goes into a
 * caller-owned result object, so no call allocates; every input is read into locals first.
 *
 * Closed sets throughout: shapes that only touch (distance exactly 0) overlap, as a contact with
 * penetration 0 is still a contact (DESIGN.md). The common rectangle test uses strict `<`; ours
 * uses `<=` so that it agrees with its circle test and with the contacts.
 *
 * The minimum translation (MTD) keeps the contact convention: `normal` points from
 * the second shape toward the first, and moving the FIRST shape by `normal * depth` separates
 * the pair (the textbook form moves the other polygon by the opposite vector).
 */
import { closestPointOnSegment2, LENGTH_SQUARED_EPSILON, type Transform2 } from '@contactkit/math';

/**
 * Two lines are parallel when the sine of the angle between them is below this. A plain test
 * compares the raw denominator with 1e-8; we compare the sine instead, so the answer does not
 * change with the unit of length or the segments' lengths.
 */
export const LINE_PARALLEL_SINE = 1e-8;

/** How two lines (or the lines through two segments) relate. */
export const LineRelation = {
  /** One common point at `ua` on the first line and `ub` on the second. */
  Intersecting: 0,
  /** Parallel and apart: no common point. */
  Parallel: 1,
  /** The same line (within `LINE_PARALLEL_SINE`). */
  Collinear: 2,
} as const;
export type LineRelation = (typeof LineRelation)[keyof typeof LineRelation];

/**
 * Result of `intersectLines` and `intersectSegments`. `point = a1 + ua (a2 - a1) = b1 + ub (b2 - b1)`.
 * For collinear segments the common part is the interval from `point` (`ua`, `ub`) to `pointEnd`
 * (`uaEnd`, `ubEnd`), with `ua <= uaEnd`; for a single point both ends are equal.
 */
export class LineIntersection2 {
  /** How the two lines relate (for segments: the lines through them). */
  relation: LineRelation = LineRelation.Parallel;
  /** Parameter of `point` on the first line or segment. */
  ua = 0;
  /** Parameter of `point` on the second line or segment. */
  ub = 0;
  /** Parameter of `pointEnd` on the first segment (equals `ua` unless collinear overlap). */
  uaEnd = 0;
  /** Parameter of `pointEnd` on the second segment (equals `ub` unless collinear overlap). */
  ubEnd = 0;
  /** The common point (collinear overlap: the start of the common interval). */
  readonly point: Float64Array = new Float64Array(2);
  /** The end of the common interval (equals `point` unless collinear overlap). */
  readonly pointEnd: Float64Array = new Float64Array(2);
}

/** Result of `intersectCircleLine`: the two line parameters, `t1 <= t2`. */
export class CircleLineIntersection2 {
  /** Line parameter of the entry point `o + t1 d` (the smaller root). */
  t1 = 0;
  /** Line parameter of the exit point `o + t2 d` (the larger root). */
  t2 = 0;
}

/** Closest point on a segment or rectangle to a circle centre, and its squared distance. */
export class ClosestPointResult2 {
  /** The closest point on the segment or on the rectangle's outline. */
  readonly point: Float64Array = new Float64Array(2);
  /** Squared distance from the centre to `point`. */
  distanceSquared = 0;
  /** Segment parameter of `point` in [0, 1] (segments), or the index of the nearest side 0..3 (rectangles). */
  t = 0;
  /** Rectangles only: the centre lies inside the rectangle (or on its outline). */
  inside = false;
}

/**
 * Minimum translation (MTD): `translation = normal * depth` moves the first shape out
 * of the second. When the shapes are apart, `depth` is minus the gap along `normal`, a
 * separating axis (the gap along one axis, a lower bound of the distance, not the distance).
 */
export class Mtd2 {
  /** Unit axis from the second shape toward the first. */
  readonly normal: Float64Array = new Float64Array(2);
  /** Length of the translation: `> 0` overlapping, `0` touching, `< 0` apart. */
  depth = 0;
  /** `normal * depth`. */
  readonly translation: Float64Array = new Float64Array(2);
}

function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
}

/**
 * Axis-aligned rectangles `[aMin, aMax]` and `[bMin, bMax]` (corners `[x, y]`, `min <= max`)
 * overlap or touch. A rectangle at `position` with `width`, `height` is
 * `min = position`, `max = position + [width, height]`.
 */
export function overlapRectangles(
  aMin: ArrayLike<number>,
  aMax: ArrayLike<number>,
  bMin: ArrayLike<number>,
  bMax: ArrayLike<number>,
): boolean {
  return aMin[0]! <= bMax[0]! && bMin[0]! <= aMax[0]! && aMin[1]! <= bMax[1]! &&
    bMin[1]! <= aMax[1]!;
}

/**
 * Circles overlap or touch: `|a - b|^2 <= (ra + rb)^2` (Ericson, Real-Time Collision Detection, 4.3.1: squares compared, no root).
 * Radii assumed `>= 0`; coincident centres overlap.
 */
export function overlapCircles(
  aCentre: ArrayLike<number>,
  aRadius: number,
  bCentre: ArrayLike<number>,
  bRadius: number,
): boolean {
  const dx = aCentre[0]! - bCentre[0]!;
  const dy = aCentre[1]! - bCentre[1]!;
  const radiusSum = aRadius + bRadius;
  return dx * dx + dy * dy <= radiusSum * radiusSum;
}

/** `denominator^2 <= sine^2 |da|^2 |db|^2`: the directions are parallel (or one is zero). */
function parallel(denominator: number, daSquared: number, dbSquared: number): boolean {
  return denominator * denominator <=
    LINE_PARALLEL_SINE * LINE_PARALLEL_SINE * daSquared * dbSquared;
}

/**
 * Intersection of the line through `a1, a2` with the line through `b1, b2` (Cramer's rule):
 * `a1 + ua (a2 - a1) = b1 + ub (b2 - b1)` solved by Cramer's rule with `w = b1 - a1`,
 * `denominator = da x db`: `ua = (w x db) / denominator`, `ub = (w x da) / denominator`.
 *
 * Answers: `Intersecting` (returns true, `ua`, `ub`, `point` set); `Parallel` when the sine of
 * the angle is below `LINE_PARALLEL_SINE` and the lines are apart (returns false, parameters 0,
 * `point = a1`); `Collinear` when they are the same line (returns true with `ua = 0`, `point = a1`
 * and `ub` its parameter on the second line; a plain test answers "no collision" here for
 * simplicity, we answer with a common point instead). A line given by two equal points has no
 * direction: it is `Parallel` (false) unless it lies on the other line (`Collinear`, true); two
 * such degenerate lines are `Collinear` only if their points coincide.
 * `pointEnd`, `uaEnd`, `ubEnd` are copies of `point`, `ua`, `ub`.
 */
export function intersectLines(
  out: LineIntersection2,
  a1: ArrayLike<number>,
  a2: ArrayLike<number>,
  b1: ArrayLike<number>,
  b2: ArrayLike<number>,
): boolean {
  const a1x = a1[0]!, a1y = a1[1]!;
  const b1x = b1[0]!, b1y = b1[1]!;
  const dax = a2[0]! - a1x, day = a2[1]! - a1y;
  const dbx = b2[0]! - b1x, dby = b2[1]! - b1y;
  const wx = b1x - a1x, wy = b1y - a1y;
  const daSquared = dax * dax + day * day;
  const dbSquared = dbx * dbx + dby * dby;
  const denominator = cross(dax, day, dbx, dby);
  let ua = 0;
  let ub = 0;
  let hit: boolean;
  if (!parallel(denominator, daSquared, dbSquared)) {
    ua = cross(wx, wy, dbx, dby) / denominator;
    ub = cross(wx, wy, dax, day) / denominator;
    out.relation = LineRelation.Intersecting;
    hit = true;
  } else if (onLine(wx, wy, dax, day, daSquared, dbx, dby, dbSquared)) {
    // a1 lies on line b: its parameter there is dot(a1 - b1, db) / |db|^2.
    ub = dbSquared > LENGTH_SQUARED_EPSILON ? -(wx * dbx + wy * dby) / dbSquared : 0;
    out.relation = LineRelation.Collinear;
    hit = true;
  } else {
    out.relation = LineRelation.Parallel;
    hit = false;
  }
  writeSingle(out, ua, ub, a1x + dax * ua, a1y + day * ua);
  return hit;
}

/**
 * Parallel lines through a1 (direction da) and b1 = a1 + w (direction db) are the same line
 * when w is parallel to the longer direction (angle test, scale-free). When both directions
 * are zero the "lines" are points and coincide when `|w|^2 <= LENGTH_SQUARED_EPSILON`.
 */
function onLine(
  wx: number,
  wy: number,
  dax: number,
  day: number,
  daSquared: number,
  dbx: number,
  dby: number,
  dbSquared: number,
): boolean {
  const wSquared = wx * wx + wy * wy;
  if (wSquared <= LENGTH_SQUARED_EPSILON) return true;
  const longA = daSquared >= dbSquared;
  const dx = longA ? dax : dbx, dy = longA ? day : dby, dSquared = longA ? daSquared : dbSquared;
  if (dSquared <= LENGTH_SQUARED_EPSILON) return false;
  return parallel(cross(wx, wy, dx, dy), wSquared, dSquared);
}

function writeSingle(out: LineIntersection2, ua: number, ub: number, x: number, y: number): void {
  out.ua = ua;
  out.ub = ub;
  out.uaEnd = ua;
  out.ubEnd = ub;
  out.point[0] = x;
  out.point[1] = y;
  out.pointEnd[0] = x;
  out.pointEnd[1] = y;
}

/**
 * Intersection of segments `a1 a2` and `b1 b2` (Ericson, Real-Time Collision Detection, 5.1.9): as `intersectLines`, and the common
 * point must have `0 <= ua <= 1` and `0 <= ub <= 1` (end points included).
 *
 * Answers: crossing segments: `Intersecting`, true, `ua`, `ub`, `point`. Non-parallel segments
 * whose lines meet outside them: `Intersecting`, false, with `ua`, `ub` of the lines' meeting
 * point (outside [0, 1]). Parallel and apart: `Parallel`, false, parameters 0. Collinear:
 * `Collinear`; when they overlap (true) the common part is the interval `[ua, uaEnd]` on the first
 * segment (`0 <= ua <= uaEnd <= 1`), `point` to `pointEnd`, with `ub`, `ubEnd` the same two points'
 * parameters on the second segment; when they do not overlap (false) parameters are 0.
 * A zero-length segment is a point: it meets the other segment when it lies on it.
 */
export function intersectSegments(
  out: LineIntersection2,
  a1: ArrayLike<number>,
  a2: ArrayLike<number>,
  b1: ArrayLike<number>,
  b2: ArrayLike<number>,
): boolean {
  const a1x = a1[0]!, a1y = a1[1]!;
  const b1x = b1[0]!, b1y = b1[1]!;
  const dax = a2[0]! - a1x, day = a2[1]! - a1y;
  const dbx = b2[0]! - b1x, dby = b2[1]! - b1y;
  const wx = b1x - a1x, wy = b1y - a1y;
  const daSquared = dax * dax + day * day;
  const dbSquared = dbx * dbx + dby * dby;
  const denominator = cross(dax, day, dbx, dby);
  if (!parallel(denominator, daSquared, dbSquared)) {
    const ua = cross(wx, wy, dbx, dby) / denominator;
    const ub = cross(wx, wy, dax, day) / denominator;
    out.relation = LineRelation.Intersecting;
    writeSingle(out, ua, ub, a1x + dax * ua, a1y + day * ua);
    return ua >= 0 && ua <= 1 && ub >= 0 && ub <= 1;
  }
  if (!collinearSegments(wx, wy, dax, day, daSquared, dbx, dby, dbSquared)) {
    out.relation = LineRelation.Parallel;
    writeSingle(out, 0, 0, a1x, a1y);
    return false;
  }
  out.relation = LineRelation.Collinear;
  if (daSquared <= LENGTH_SQUARED_EPSILON && dbSquared <= LENGTH_SQUARED_EPSILON) {
    // Two points, coincident (collinearSegments checked |w|).
    writeSingle(out, 0, 0, a1x, a1y);
    return true;
  }
  let low: number;
  let high: number;
  if (daSquared > LENGTH_SQUARED_EPSILON) {
    // b1 and b2 projected onto segment a: u = dot(b - a1, da) / |da|^2.
    const u1 = (wx * dax + wy * day) / daSquared;
    const u2 = ((wx + dbx) * dax + (wy + dby) * day) / daSquared;
    low = Math.max(0, Math.min(u1, u2));
    high = Math.min(1, Math.max(u1, u2));
  } else {
    // a is a point: it is the whole common part when it projects into b.
    const t = -(wx * dbx + wy * dby) / dbSquared;
    low = 0;
    high = t >= 0 && t <= 1 ? 0 : -1;
  }
  if (low > high) {
    writeSingle(out, 0, 0, a1x, a1y);
    return false;
  }
  const lowX = a1x + dax * low, lowY = a1y + day * low;
  const highX = a1x + dax * high, highY = a1y + day * high;
  out.ua = low;
  out.uaEnd = high;
  // Parameters on b of the interval's ends: dot(p - b1, db) / |db|^2 (0 when b is a point).
  out.ub = dbSquared > LENGTH_SQUARED_EPSILON
    ? ((lowX - b1x) * dbx + (lowY - b1y) * dby) / dbSquared
    : 0;
  out.ubEnd = dbSquared > LENGTH_SQUARED_EPSILON
    ? ((highX - b1x) * dbx + (highY - b1y) * dby) / dbSquared
    : 0;
  out.point[0] = lowX;
  out.point[1] = lowY;
  out.pointEnd[0] = highX;
  out.pointEnd[1] = highY;
  return true;
}

/**
 * Parallel segments a (from a1, direction da) and b (from a1 + w, direction db) lie on one line
 * when both of b's end points lie within `LINE_PARALLEL_SINE * |d|` of the line through the
 * longer segment (d its direction). Two points: coincident within `LENGTH_SQUARED_EPSILON`.
 */
function collinearSegments(
  wx: number,
  wy: number,
  dax: number,
  day: number,
  daSquared: number,
  dbx: number,
  dby: number,
  dbSquared: number,
): boolean {
  const longA = daSquared >= dbSquared;
  const dSquared = longA ? daSquared : dbSquared;
  if (dSquared <= LENGTH_SQUARED_EPSILON) return wx * wx + wy * wy <= LENGTH_SQUARED_EPSILON;
  const dx = longA ? dax : dbx, dy = longA ? day : dby;
  // Offsets from the long segment's start to the short segment's two end points.
  const p1x = longA ? wx : -wx, p1y = longA ? wy : -wy;
  const p2x = p1x + (longA ? dbx : dax), p2y = p1y + (longA ? dby : day);
  // distance = |d x p| / |d| <= sine |d|  <=>  (d x p)^2 <= sine^2 |d|^4
  const limit = LINE_PARALLEL_SINE * LINE_PARALLEL_SINE * dSquared * dSquared;
  const c1 = cross(dx, dy, p1x, p1y);
  const c2 = cross(dx, dy, p2x, p2y);
  return c1 * c1 <= limit && c2 * c2 <= limit;
}

/**
 * Circle (centre `c`, radius `r >= 0`) against the line `x(t) = o + t d` (Ericson, Real-Time Collision Detection, 5.3.2): putting
 * `x(t)` into `(x - c)^2 = r^2` gives `t^2 + 2 p' t + q = 0` and by the p-q formula
 * `t1,2 = p -/+ sqrt(p^2 - q)` with `p = (d.c - o.d) / d^2`, `q = ((o - c)^2 - r^2) / d^2`.
 * Returns false (miss) when the discriminant `p^2 - q` is negative, else true with `t1 <= t2`:
 * `t1 = t2` when the line touches the circle (discriminant exactly 0). The intersection points
 * are `o + t1 d` and `o + t2 d`. A zero direction `d` is a point: true when `|o - c| <= r`, with
 * `t1 = t2 = 0`. On a miss `t1 = t2 = p` (the parameter of the foot of the perpendicular).
 */
export function intersectCircleLine(
  out: CircleLineIntersection2,
  centre: ArrayLike<number>,
  radius: number,
  origin: ArrayLike<number>,
  direction: ArrayLike<number>,
): boolean {
  const cx = centre[0]!, cy = centre[1]!;
  const ox = origin[0]!, oy = origin[1]!;
  const dx = direction[0]!, dy = direction[1]!;
  const dSquared = dx * dx + dy * dy;
  const ocx = ox - cx, ocy = oy - cy;
  const offsetSquared = ocx * ocx + ocy * ocy - radius * radius;
  if (dSquared <= LENGTH_SQUARED_EPSILON) {
    out.t1 = 0;
    out.t2 = 0;
    return offsetSquared <= 0;
  }
  const inverseDSquared = 1 / dSquared;
  // d.c - o.d = -d.(o - c)
  const p = -(dx * ocx + dy * ocy) * inverseDSquared;
  const discriminant = p * p - offsetSquared * inverseDSquared;
  if (discriminant < 0) {
    out.t1 = p;
    out.t2 = p;
    return false;
  }
  const root = Math.sqrt(discriminant);
  out.t1 = p - root;
  out.t2 = p + root;
  return true;
}

const scratchA = new Float64Array(2);
const scratchB = new Float64Array(2);
const scratchP = new Float64Array(2);
const scratchClosest = new Float64Array(2);

/**
 * Circle against segment `a b` (Ericson, Real-Time Collision Detection, 5.1.2): the closest point on the
 * segment to the centre (`closestPointOnSegment2`, `t` clamped to [0, 1]) is within `radius`.
 * Writes the closest point, its parameter and squared distance to `out`; true when
 * `distanceSquared <= radius^2` (touching included). A zero-length segment is the point `a`.
 */
export function overlapCircleSegment(
  out: ClosestPointResult2,
  centre: ArrayLike<number>,
  radius: number,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): boolean {
  scratchP[0] = centre[0]!;
  scratchP[1] = centre[1]!;
  scratchA[0] = a[0]!;
  scratchA[1] = a[1]!;
  scratchB[0] = b[0]!;
  scratchB[1] = b[1]!;
  const t = closestPointOnSegment2(out.point, scratchP, scratchA, scratchB);
  const dx = scratchP[0] - out.point[0]!, dy = scratchP[1] - out.point[1]!;
  out.t = t;
  out.inside = false;
  out.distanceSquared = dx * dx + dy * dy;
  return out.distanceSquared <= radius * radius;
}

/**
 * Axis-aligned rectangle `[min, max]` against a circle (after Ericson, Real-Time Collision Detection, 5.2.5):
 * the rectangle is taken as its 4 sides, the closest point on each side to the centre is found
 * (`closestPointOnSegment2`), the nearest of the four wins. Sides in order: bottom (0), right
 * (1), top (2), left (3); on a tie the lower index wins. `out.point` is that point on the
 * outline, `out.distanceSquared` its squared distance, `out.t` the side index, `out.inside` whether
 * the centre is inside the rectangle. Returns true when the centre is inside (a test of the sides alone
 * misses this case: a small circle deep inside a large rectangle is far from every side) or the outline is
 * within `radius`. Preconditions: `min <= max`, `radius >= 0`.
 */
export function overlapRectangleCircle(
  out: ClosestPointResult2,
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  centre: ArrayLike<number>,
  radius: number,
): boolean {
  const minX = min[0]!, minY = min[1]!, maxX = max[0]!, maxY = max[1]!;
  const cx = centre[0]!, cy = centre[1]!;
  scratchP[0] = cx;
  scratchP[1] = cy;
  let best = Infinity;
  let bestSide = 0;
  for (let side = 0; side < 4; side++) {
    // Corners counter-clockwise from min: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    scratchA[0] = side === 0 || side === 3 ? minX : maxX;
    scratchA[1] = side <= 1 ? minY : maxY;
    scratchB[0] = side === 0 || side === 1 ? maxX : minX;
    scratchB[1] = side === 0 || side === 3 ? minY : maxY;
    closestPointOnSegment2(scratchClosest, scratchP, scratchA, scratchB);
    const dx = cx - scratchClosest[0]!, dy = cy - scratchClosest[1]!;
    const distanceSquared = dx * dx + dy * dy;
    if (distanceSquared < best) {
      best = distanceSquared;
      bestSide = side;
      out.point[0] = scratchClosest[0]!;
      out.point[1] = scratchClosest[1]!;
    }
  }
  out.distanceSquared = best;
  out.t = bestSide;
  out.inside = cx >= minX && cx <= maxX && cy >= minY && cy <= maxY;
  return out.inside || best <= radius * radius;
}

/**
 * Winding number of the closed polygon `polygon` (flat `[x0, y0, x1, y1, ...]`, any winding,
 * convex or concave, self-intersections allowed) around the point `(px, py)`: the number of
 * times the outline turns counter-clockwise around it (negative for clockwise outlines). Sunday's
 * crossing rule (D. Sunday, "Inclusion of a Point in a Polygon", 2001): an upward edge that has
 * the point strictly on its left adds 1, a downward edge that has it strictly on its right
 * subtracts 1, no trigonometry. Returns 0 for fewer than 3 vertices.
 * Points exactly on the outline get an answer that depends on the edge; `pointInPolygon`
 * decides them first.
 */
export function windingNumber(polygon: ArrayLike<number>, px: number, py: number): number {
  const count = polygon.length >> 1;
  if (count < 3) return 0;
  let winding = 0;
  let x0 = polygon[2 * count - 2]!, y0 = polygon[2 * count - 1]!;
  for (let i = 0; i < count; i++) {
    const x1 = polygon[2 * i]!, y1 = polygon[2 * i + 1]!;
    // side > 0: point left of the edge x0 -> x1.
    const side = cross(x1 - x0, y1 - y0, px - x0, py - y0);
    if (y0 <= py) {
      if (y1 > py && side > 0) winding++;
    } else if (y1 <= py && side < 0) {
      winding--;
    }
    x0 = x1;
    y0 = y1;
  }
  return winding;
}

/**
 * A polygon placed in the world: local vertices (flat, `[x0, y0, x1, y1, ...]`) and a pose.
 * The package's `Polygon` shape is one (structurally), so `pointInPolygon` takes it directly.
 */
export interface PosedOutline {
  /** The vertices, `x, y` each, in the outline's own frame. */
  readonly vertices: ArrayLike<number>;
  /** Where the outline is in the world. */
  readonly transform: Transform2;
}

/**
 * Whether the world point `point` lies in the closed polygon `polygon`: either a flat list
 * `[x0, y0, x1, y1, ...]` in world coordinates, or a posed outline such as a `Polygon` shape
 * (the point is taken into its frame first). Any winding, convex or concave; a test by projection
 * onto the edge axes, which holds only for convex polygons, so the winding number decides.
 * A point exactly on the outline (edge cross product exactly 0 within the edge's extent,
 * vertices included) is inside; a point off the outline by round-off only may go either way.
 * Fewer than 3 vertices: false. A self-intersecting outline answers by the non-zero rule.
 */
export function pointInPolygon(
  polygon: ArrayLike<number> | PosedOutline,
  point: ArrayLike<number>,
): boolean {
  const px = point[0]!, py = point[1]!;
  if ('transform' in polygon) {
    const xf = polygon.transform;
    const dx = px - xf.x, dy = py - xf.y;
    // R^T (p - t): the point in the polygon's own frame.
    return pointInOutline(polygon.vertices, xf.cos * dx + xf.sin * dy, -xf.sin * dx + xf.cos * dy);
  }
  return pointInOutline(polygon, px, py);
}

function pointInOutline(polygon: ArrayLike<number>, px: number, py: number): boolean {
  const count = polygon.length >> 1;
  if (count < 3) return false;
  let x0 = polygon[2 * count - 2]!, y0 = polygon[2 * count - 1]!;
  for (let i = 0; i < count; i++) {
    const x1 = polygon[2 * i]!, y1 = polygon[2 * i + 1]!;
    if (
      cross(x1 - x0, y1 - y0, px - x0, py - y0) === 0 &&
      px >= Math.min(x0, x1) && px <= Math.max(x0, x1) &&
      py >= Math.min(y0, y1) && py <= Math.max(y0, y1)
    ) {
      return true;
    }
    x0 = x1;
    y0 = y1;
  }
  return windingNumber(polygon, px, py) !== 0;
}

/** Interval of a flat polygon projected onto the unit axis (nx, ny): written to `projection`. */
const projection = new Float64Array(2);
function projectPolygon(polygon: ArrayLike<number>, count: number, nx: number, ny: number): void {
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < count; i++) {
    const d = polygon[2 * i]! * nx + polygon[2 * i + 1]! * ny;
    if (d < low) low = d;
    if (d > high) high = d;
  }
  projection[0] = low;
  projection[1] = high;
}

/**
 * Best axis so far, shared by the SAT functions: `bestDepth` (the smallest push-out, or on
 * separation minus the gap) and its oriented normal.
 */
let bestDepth = 0;
let bestNx = 0;
let bestNy = 0;

/**
 * One SAT axis (unit `nx, ny`) with the first shape's interval `[aLow, aHigh]` and the second's
 * `[bLow, bHigh]`. Pushing the first shape along +n needs `bHigh - aLow`, along -n `aHigh - bLow`;
 * the smaller is this axis's depth (the textbook SAT keeps `max(d1, d2)` of the negated values and
 * orients the MTD afterwards by the centre offset; taking the smaller side per axis also gives
 * the right answer when one shape contains the other). Returns false when the axis separates
 * (depth < 0); then the best axis becomes this one.
 */
function testAxis(
  nx: number,
  ny: number,
  aLow: number,
  aHigh: number,
  bLow: number,
  bHigh: number,
): boolean {
  const pushPositive = bHigh - aLow;
  const pushNegative = aHigh - bLow;
  const depth = pushPositive <= pushNegative ? pushPositive : pushNegative;
  const sign = pushPositive <= pushNegative ? 1 : -1;
  if (depth < 0) {
    bestDepth = depth;
    bestNx = sign * nx;
    bestNy = sign * ny;
    return false;
  }
  if (depth < bestDepth) {
    bestDepth = depth;
    bestNx = sign * nx;
    bestNy = sign * ny;
  }
  return true;
}

/** Tests every edge normal of `edges` (flat polygon of `count` vertices) with both polygons. */
function testEdgeAxes(
  edges: ArrayLike<number>,
  count: number,
  a: ArrayLike<number>,
  aCount: number,
  b: ArrayLike<number>,
  bCount: number,
): boolean {
  let x0 = edges[2 * count - 2]!, y0 = edges[2 * count - 1]!;
  for (let i = 0; i < count; i++) {
    const x1 = edges[2 * i]!, y1 = edges[2 * i + 1]!;
    const ex = x1 - x0, ey = y1 - y0;
    x0 = x1;
    y0 = y1;
    const lengthSquared = ex * ex + ey * ey;
    // A repeated vertex has no edge normal; the remaining edges still span every axis.
    if (lengthSquared <= LENGTH_SQUARED_EPSILON) continue;
    const inverseLength = 1 / Math.sqrt(lengthSquared);
    // The edge normal: swap the coordinates and negate one, then normalise.
    const nx = -ey * inverseLength, ny = ex * inverseLength;
    projectPolygon(a, aCount, nx, ny);
    const aLow = projection[0]!, aHigh = projection[1]!;
    projectPolygon(b, bCount, nx, ny);
    if (!testAxis(nx, ny, aLow, aHigh, projection[0]!, projection[1]!)) return false;
  }
  return true;
}

function writeMtd(out: Mtd2): void {
  out.normal[0] = bestNx;
  out.normal[1] = bestNy;
  out.depth = bestDepth;
  out.translation[0] = bestNx * bestDepth;
  out.translation[1] = bestNy * bestDepth;
}

/**
 * Separating-axis test for two convex polygons (Ericson, Real-Time Collision Detection, 5.2.1), flat `[x0, y0, ...]` lists in the
 * same (world) frame, either winding. The axes are the edge normals of both polygons; an axis
 * where the projections do not overlap separates them (early out). Returns true when they
 * overlap or touch and writes the minimum translation to `out`: moving `a` by
 * `out.translation` (= `normal * depth`) leaves them touching. On a tie between axes the first
 * one tested wins (a's edges in order, then b's). Returns false when apart, with `out` the
 * separating axis found and minus the gap along it.
 * Preconditions: both convex with at least 3 vertices (repeated vertices are skipped). Fewer
 * than 3 vertices in either: false, `depth = 0`, `normal = [1, 0]`.
 */
export function satPolygonPolygon(out: Mtd2, a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const aCount = a.length >> 1;
  const bCount = b.length >> 1;
  bestDepth = Infinity;
  bestNx = 1;
  bestNy = 0;
  let overlap = aCount >= 3 && bCount >= 3;
  if (!overlap) bestDepth = 0;
  else {overlap = testEdgeAxes(a, aCount, a, aCount, b, bCount) &&
      testEdgeAxes(b, bCount, a, aCount, b, bCount);}
  // Only repeated vertices: no axis was tested.
  if (bestDepth === Infinity) {
    bestDepth = 0;
    overlap = false;
  }
  writeMtd(out);
  return overlap;
}

/**
 * Separating-axis test for a circle (FIRST shape: `centre`, `radius >= 0`) against a convex
 * polygon (flat list, either winding): the polygon's edge normals plus one extra axis
 * from the nearest vertex to the centre (a plain test tries every vertex; the nearest one is the
 * only one that can give the minimum, as its direction is the only vertex axis that can be a
 * normal of the circle-swept polygon at the closest point). The circle projects to
 * `[c.n - r, c.n + r]`. Returns true when overlapping or touching, `out` the minimum translation
 * that moves the CIRCLE out (normal from the polygon toward the circle). Returns false when
 * apart, `out` a separating axis and minus the gap. A centre exactly on the nearest vertex
 * skips the vertex axis (the edge axes decide). Fewer than 3 vertices: false, depth 0.
 */
export function satCirclePolygon(
  out: Mtd2,
  centre: ArrayLike<number>,
  radius: number,
  polygon: ArrayLike<number>,
): boolean {
  const count = polygon.length >> 1;
  const cx = centre[0]!, cy = centre[1]!;
  bestDepth = Infinity;
  bestNx = 1;
  bestNy = 0;
  if (count < 3) {
    bestDepth = 0;
    writeMtd(out);
    return false;
  }
  let overlap = true;
  let x0 = polygon[2 * count - 2]!, y0 = polygon[2 * count - 1]!;
  let nearestSquared = Infinity;
  let nearestX = 0, nearestY = 0;
  for (let i = 0; i < count && overlap; i++) {
    const x1 = polygon[2 * i]!, y1 = polygon[2 * i + 1]!;
    const vx = cx - x1, vy = cy - y1;
    const vertexSquared = vx * vx + vy * vy;
    if (vertexSquared < nearestSquared) {
      nearestSquared = vertexSquared;
      nearestX = x1;
      nearestY = y1;
    }
    const ex = x1 - x0, ey = y1 - y0;
    x0 = x1;
    y0 = y1;
    const lengthSquared = ex * ex + ey * ey;
    if (lengthSquared <= LENGTH_SQUARED_EPSILON) continue;
    const inverseLength = 1 / Math.sqrt(lengthSquared);
    const nx = -ey * inverseLength, ny = ex * inverseLength;
    const c = cx * nx + cy * ny;
    projectPolygon(polygon, count, nx, ny);
    overlap = testAxis(nx, ny, c - radius, c + radius, projection[0]!, projection[1]!);
  }
  if (overlap && nearestSquared > LENGTH_SQUARED_EPSILON) {
    const inverseLength = 1 / Math.sqrt(nearestSquared);
    const nx = (cx - nearestX) * inverseLength, ny = (cy - nearestY) * inverseLength;
    const c = cx * nx + cy * ny;
    projectPolygon(polygon, count, nx, ny);
    overlap = testAxis(nx, ny, c - radius, c + radius, projection[0]!, projection[1]!);
  }
  if (bestDepth === Infinity) {
    bestDepth = 0;
    overlap = false;
  }
  writeMtd(out);
  return overlap;
}
