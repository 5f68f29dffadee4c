/**
 * Separating-axis tests with the minimum translation (MTD) for convex polygons and a circle
 * against a convex polygon (Ericson, Real-Time Collision Detection, 5.2.1), on flat
 * `[x0, y0, x1, y1, ...]` lists in one (world) frame. Every result goes into a caller-owned
 * `Mtd2`, which also carries the best axis so far while the axes are tested.
 *
 * The MTD keeps the contact convention: `normal` points from the second shape toward the first,
 * and moving the FIRST shape by `normal * depth` separates the pair (the textbook form moves the
 * other polygon by the opposite vector).
 */
import { LENGTH_SQUARED_EPSILON } from '@contactkit/math';

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

/** Writes the interval of a flat polygon projected onto the unit axis (nx, ny) to `out` (low, high). */
function projectPolygon(
  out: Float64Array,
  polygon: ArrayLike<number>,
  count: number,
  nx: number,
  ny: number,
): void {
  let low = Infinity;
  let high = -Infinity;
  for (let i = 0; i < count; i++) {
    const d = polygon[2 * i]! * nx + polygon[2 * i + 1]! * ny;
    if (d < low) low = d;
    if (d > high) high = d;
  }
  out[0] = low;
  out[1] = high;
}

/** Scratch for the intervals of one axis: a, then b (low, high each). Written before every read. */
const intervals = new Float64Array(4);

/**
 * One SAT axis (unit `nx, ny`) with the first shape's interval `[aLow, aHigh]` and the second's
 * `[bLow, bHigh]`, kept in `best` (its `depth` and `normal`, the best axis so far) when it beats
 * it. Pushing the first shape along +n needs `bHigh - aLow`, along -n `aHigh - bLow`; the smaller
 * is this axis's depth (the textbook SAT keeps `max(d1, d2)` of the negated values and orients the
 * MTD afterwards by the centre offset; taking the smaller side per axis also gives the right
 * answer when one shape contains the other). Returns false when the axis separates (depth < 0);
 * then the best axis becomes this one.
 */
function testAxis(
  best: Mtd2,
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
  if (depth < 0 || depth < best.depth) {
    best.depth = depth;
    best.normal[0] = sign * nx;
    best.normal[1] = sign * ny;
  }
  return depth >= 0;
}

/** Tests every edge normal of `edges` (flat polygon of `count` vertices) with both polygons. */
function testEdgeAxes(
  best: Mtd2,
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
    projectPolygon(intervals, a, aCount, nx, ny);
    const aLow = intervals[0]!, aHigh = intervals[1]!;
    projectPolygon(intervals, b, bCount, nx, ny);
    if (!testAxis(best, nx, ny, aLow, aHigh, intervals[0]!, intervals[1]!)) return false;
  }
  return true;
}

/** Starts `out` as the best axis of no axis tested: depth Infinity, normal (1, 0). */
function startSearch(out: Mtd2): void {
  out.depth = Infinity;
  out.normal[0] = 1;
  out.normal[1] = 0;
}

/**
 * Ends the search: no axis tested (fewer than 3 vertices, or only repeated ones) is depth 0 and
 * no overlap; the translation is `normal * depth`. Returns whether the pair overlaps.
 */
function finishSearch(out: Mtd2, overlap: boolean): boolean {
  if (out.depth === Infinity) {
    out.depth = 0;
    overlap = false;
  }
  out.translation[0] = out.normal[0]! * out.depth;
  out.translation[1] = out.normal[1]! * out.depth;
  return overlap;
}

/**
 * Separating-axis test for two convex polygons (Ericson, Real-Time Collision Detection, 5.2.1),
 * flat `[x0, y0, ...]` lists in the same (world) frame, either winding. The axes are the edge
 * normals of both polygons; an axis where the projections do not overlap separates them (early
 * out). Returns true when they overlap or touch and writes the minimum translation to `out`: moving
 * `a` by `out.translation` (= `normal * depth`) leaves them touching. On a tie between axes the
 * first one tested wins (a's edges in order, then b's). Returns false when apart, with `out` the
 * separating axis found and minus the gap along it. Preconditions: both convex with at least 3
 * vertices (repeated vertices are skipped). Fewer than 3 vertices in either: false, `depth = 0`,
 * `normal = [1, 0]`.
 */
export function satPolygonPolygon(out: Mtd2, a: ArrayLike<number>, b: ArrayLike<number>): boolean {
  const aCount = a.length >> 1;
  const bCount = b.length >> 1;
  startSearch(out);
  if (aCount < 3 || bCount < 3) return finishSearch(out, false);
  const overlap = testEdgeAxes(out, a, aCount, a, aCount, b, bCount) &&
    testEdgeAxes(out, b, bCount, a, aCount, b, bCount);
  return finishSearch(out, overlap);
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
  startSearch(out);
  if (count < 3) return finishSearch(out, false);
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
    projectPolygon(intervals, polygon, count, nx, ny);
    overlap = testAxis(out, nx, ny, c - radius, c + radius, intervals[0]!, intervals[1]!);
  }
  if (overlap && nearestSquared > LENGTH_SQUARED_EPSILON) {
    const inverseLength = 1 / Math.sqrt(nearestSquared);
    const nx = (cx - nearestX) * inverseLength, ny = (cy - nearestY) * inverseLength;
    const c = cx * nx + cy * ny;
    projectPolygon(intervals, polygon, count, nx, ny);
    overlap = testAxis(out, nx, ny, c - radius, c + radius, intervals[0]!, intervals[1]!);
  }
  return finishSearch(out, overlap);
}
