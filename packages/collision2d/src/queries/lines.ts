/**
 * Lines, segments and a circle against a line, on raw 2D coordinates (Ericson, Real-Time
 * Collision Detection, ch. 5): no shape classes, no poses. Points are any `ArrayLike<number>`
 * `[x, y]`; every result goes into a caller-owned result object, so no call allocates; every
 * input is read into locals first. Closed sets throughout: touching counts.
 */
import { LENGTH_SQUARED_EPSILON } from '@contactkit/math';

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

function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
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
  return intersect(out, a1, a2, b1, b2, false);
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
 * Intersection of segments `a1 a2` and `b1 b2` (Ericson, Real-Time Collision Detection, 5.1.9): as
 * `intersectLines`, and the common point must have `0 <= ua <= 1` and `0 <= ub <= 1` (end points
 * included).
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
  return intersect(out, a1, a2, b1, b2, true);
}

/**
 * Both tests in one: the lines' meeting point by Cramer's rule, then the parallel cases.
 * `segments` keeps the meeting point within both segments, judges parallel segments collinear by
 * both end points of the shorter one (`collinearSegments`, where lines need one point:
 * `onLine`) and gives collinear segments their common interval.
 */
function intersect(
  out: LineIntersection2,
  a1: ArrayLike<number>,
  a2: ArrayLike<number>,
  b1: ArrayLike<number>,
  b2: ArrayLike<number>,
  segments: boolean,
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
    return !segments || (ua >= 0 && ua <= 1 && ub >= 0 && ub <= 1);
  }
  const collinear = segments
    ? collinearSegments(wx, wy, dax, day, daSquared, dbx, dby, dbSquared)
    : onLine(wx, wy, dax, day, daSquared, dbx, dby, dbSquared);
  if (!collinear) {
    out.relation = LineRelation.Parallel;
    writeSingle(out, 0, 0, a1x, a1y);
    return false;
  }
  out.relation = LineRelation.Collinear;
  if (!segments) {
    // a1 lies on line b: its parameter there is dot(a1 - b1, db) / |db|^2.
    writeSingle(
      out,
      0,
      dbSquared > LENGTH_SQUARED_EPSILON ? -(wx * dbx + wy * dby) / dbSquared : 0,
      a1x,
      a1y,
    );
    return true;
  }
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
 * Circle (centre `c`, radius `r >= 0`) against the line `x(t) = o + t d` (Ericson, Real-Time
 * Collision Detection, 5.3.2): putting `x(t)` into `(x - c)^2 = r^2` gives `t^2 + 2 p' t + q = 0`
 * and by the p-q formula `t1,2 = p -/+ sqrt(p^2 - q)` with `p = (d.c - o.d) / d^2`,
 * `q = ((o - c)^2 - r^2) / d^2`. Returns false (miss) when the discriminant `p^2 - q` is negative,
 * else true with `t1 <= t2`: `t1 = t2` when the line touches the circle (discriminant exactly 0).
 * The intersection points are `o + t1 d` and `o + t2 d`. A zero direction `d` is a point: true when
 * `|o - c| <= r`, with `t1 = t2 = 0`. On a miss `t1 = t2 = p` (the parameter of the foot of the
 * perpendicular).
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
