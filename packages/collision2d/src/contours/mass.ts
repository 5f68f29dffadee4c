/**
 * Mass properties of a simple polygon (convex or concave, either winding): area, centroid and
 * second moments of area, unit density. All come from Green's theorem applied edge by edge,
 * with `cross_i = x_i y_{i+1} - x_{i+1} y_i` (the shoelace terms):
 *
 *   A   = 1/2  sum cross_i
 *   Cx  = 1/(6A) sum (x_i + x_{i+1}) cross_i,  Cy likewise with y
 *         (P. Bourke, "Calculating the area and centroid of a polygon", 1988)
 *   Ixx = integral of y^2 dA = 1/12 sum cross_i (y_i^2 + y_i y_{i+1} + y_{i+1}^2)
 *   Iyy = integral of x^2 dA = 1/12 sum cross_i (x_i^2 + x_i x_{i+1} + x_{i+1}^2)
 *   Ixy = integral of x y dA = 1/24 sum cross_i (x_i y_{i+1} + 2 x_i y_i + 2 x_{i+1} y_{i+1} + x_{i+1} y_i)
 *         (C. Steger, "On the calculation of arbitrary moments of polygons", TU Munich, 1996)
 *
 * A clockwise outline flips the sign of every sum, so each is divided by the sign of A. The
 * second moments are summed in a second pass with coordinates relative to the centroid, which
 * avoids the cancellation of the parallel-axis form `J_origin - A |C|^2` far from the origin.
 *
 * Points are `[x, y]` pairs (DESIGN.md) or one flat list `[x0, y0, x1, y1, ...]`; a repeated
 * closing point (last equal to first) adds a zero-length edge and changes nothing. Every
 * coordinate must be within `MAX_COORDINATE` (1e75): then the area (at most about 1e151), the
 * centroid and the second moments (an area times a squared length, at most about 1e302) are
 * finite, and so is every sum on the way (see `polygonSecondMoments`).
 */
import { readCoordinates, requireCoordinate } from '@contactkit/math';

let flat = new Float64Array(64);
const pairScratch = new Float64Array(2);

/**
 * Copies `points` (`[x, y]` pairs or a flat list) into a new flat `Float64Array`
 * `[x0, y0, x1, y1, ...]`. Throws `TypeError` for a pair that is not exactly 2 numbers or a flat
 * list of odd length, `RangeError` for a non-finite coordinate or one outside `MAX_COORDINATE`,
 * naming its index and the point.
 */
export function flattenPoints(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
): Float64Array {
  const count = readPoints(points);
  return flat.slice(0, 2 * count);
}

/** Reads `points` into the module's flat scratch, validating them; returns the vertex count. */
function readPoints(points: ArrayLike<ArrayLike<number>> | ArrayLike<number>): number {
  if (points === null || typeof points !== 'object' || typeof points.length !== 'number') {
    throw new TypeError(
      `points must be an array of [x, y] pairs or a flat list of numbers, got ${String(points)}`,
    );
  }
  const isFlat = points.length > 0 && typeof points[0] === 'number';
  const count = isFlat ? points.length >> 1 : points.length;
  if (isFlat && points.length % 2 !== 0) {
    throw new TypeError(`points as a flat list must have an even length, got ${points.length}`);
  }
  if (flat.length < 2 * count) flat = new Float64Array(Math.max(2 * count, 2 * flat.length));
  for (let i = 0; i < count; i++) {
    if (isFlat) {
      flat[2 * i] = requireCoordinate(`points[${2 * i}]`, (points as ArrayLike<unknown>)[2 * i]);
      flat[2 * i + 1] = requireCoordinate(
        `points[${2 * i + 1}]`,
        (points as ArrayLike<unknown>)[2 * i + 1],
      );
    } else {
      readCoordinates(`points[${i}]`, (points as ArrayLike<unknown>)[i], 2, pairScratch);
      flat[2 * i] = pairScratch[0]!;
      flat[2 * i + 1] = pairScratch[1]!;
    }
  }
  return count;
}

/** Signed shoelace area of the scratch polygon, relative to its first vertex (less round-off). */
function signedArea(count: number): number {
  if (count < 3) return 0;
  const ox = flat[0]!, oy = flat[1]!;
  let twiceArea = 0;
  let x0 = flat[2 * count - 2]! - ox, y0 = flat[2 * count - 1]! - oy;
  for (let i = 0; i < count; i++) {
    const x1 = flat[2 * i]! - ox, y1 = flat[2 * i + 1]! - oy;
    twiceArea += x0 * y1 - x1 * y0;
    x0 = x1;
    y0 = y1;
  }
  return 0.5 * twiceArea;
}

const centroidScratch = new Float64Array(2);

/**
 * Centroid of the scratch polygon into `centroidScratch`; returns the signed area. Zero area
 * (fewer than 3 points, all collinear) gives the mean of the vertices (origin for no vertex).
 */
function centroidOf(count: number): number {
  const area = signedArea(count);
  if (count === 0) {
    centroidScratch[0] = 0;
    centroidScratch[1] = 0;
    return 0;
  }
  const ox = flat[0]!, oy = flat[1]!;
  if (area === 0) {
    let sx = 0, sy = 0;
    for (let i = 0; i < count; i++) {
      sx += flat[2 * i]! - ox;
      sy += flat[2 * i + 1]! - oy;
    }
    centroidScratch[0] = ox + sx / count;
    centroidScratch[1] = oy + sy / count;
    return 0;
  }
  let sx = 0, sy = 0;
  let x0 = flat[2 * count - 2]! - ox, y0 = flat[2 * count - 1]! - oy;
  for (let i = 0; i < count; i++) {
    const x1 = flat[2 * i]! - ox, y1 = flat[2 * i + 1]! - oy;
    const c = x0 * y1 - x1 * y0;
    sx += (x0 + x1) * c;
    sy += (y0 + y1) * c;
    x0 = x1;
    y0 = y1;
  }
  centroidScratch[0] = ox + sx / (6 * area);
  centroidScratch[1] = oy + sy / (6 * area);
  return area;
}

/**
 * Area enclosed by the polygon `points` (`[x, y]` pairs or a flat list), positive for either
 * winding. A simple outline is assumed (a self-intersecting one gives the signed sum of its
 * lobes, by absolute value). Fewer than 3 points: 0.
 */
export function polygonArea(points: ArrayLike<ArrayLike<number>> | ArrayLike<number>): number {
  return Math.abs(signedArea(readPoints(points)));
}

/**
 * Signed area of the polygon `points`: positive when the outline runs counter-clockwise
 * (y up), negative when clockwise. Fewer than 3 points: 0.
 */
export function polygonSignedArea(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
): number {
  return signedArea(readPoints(points));
}

/**
 * Centroid (centre of area) `[x, y]` of the simple polygon `points`, either winding. Written to
 * `out` when given (any writable array-like, e.g. a `Float64Array(2)`), else to a new
 * `[x, y]` array. Zero area (fewer than 3 points or all collinear): the mean of the vertices;
 * no points: `[0, 0]`.
 */
export function polygonCentroid(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
): [number, number];
export function polygonCentroid<T extends { [index: number]: number; }>(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
  out: T,
): T;
export function polygonCentroid(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
  out?: { [index: number]: number; },
): { [index: number]: number; } {
  centroidOf(readPoints(points));
  const result = out ?? [0, 0];
  result[0] = centroidScratch[0]!;
  result[1] = centroidScratch[1]!;
  return result;
}

/**
 * Second moments of area of the simple polygon `points` about axes through its centroid, unit
 * density, either winding: `[Ixx, Iyy, Ixy]` with `Ixx` the integral of `y^2` (about the x axis),
 * `Iyy` of `x^2`, `Ixy` of `x y` (coordinates relative to the centroid). Written to `out` when
 * given, else to a new `Float64Array(3)`. Zero area: `[0, 0, 0]`.
 */
export function polygonSecondMoments(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
  out: Float64Array = new Float64Array(3),
): Float64Array {
  const count = readPoints(points);
  const area = centroidOf(count);
  out[0] = 0;
  out[1] = 0;
  out[2] = 0;
  if (area === 0) return out;
  const cx = centroidScratch[0]!, cy = centroidScratch[1]!;
  // Coordinates relative to the centroid are scaled by a power of two (exactly) to magnitudes
  // about 1, and the moments scaled back at the end: each term is then at most about 10, so no
  // sum overflows whatever the vertex count (unscaled, a term at the edge of the coordinate range
  // is about 1e302, and a million of one sign would overflow).
  let extent = 0;
  for (let i = 0; i < 2 * count; i += 2) {
    extent = Math.max(extent, Math.abs(flat[i]! - cx), Math.abs(flat[i + 1]! - cy));
  }
  const exponent = Math.min(1000, Math.max(-1000, Math.ceil(Math.log2(extent))));
  const scale = 2 ** -exponent;
  let sxx = 0, syy = 0, sxy = 0;
  let x0 = (flat[2 * count - 2]! - cx) * scale, y0 = (flat[2 * count - 1]! - cy) * scale;
  for (let i = 0; i < count; i++) {
    const x1 = (flat[2 * i]! - cx) * scale, y1 = (flat[2 * i + 1]! - cy) * scale;
    const c = x0 * y1 - x1 * y0;
    sxx += c * (y0 * y0 + y0 * y1 + y1 * y1);
    syy += c * (x0 * x0 + x0 * x1 + x1 * x1);
    sxy += c * (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0);
    x0 = x1;
    y0 = y1;
  }
  // Dividing by the sign of the area makes every moment independent of the winding.
  const sign = area > 0 ? 1 : -1;
  // A fourth power of length: 2^(4 exponent), in two factors, each a finite power of two.
  const unscale = 2 ** (2 * exponent);
  out[0] = ((sign * sxx) / 12) * unscale * unscale;
  out[1] = ((sign * syy) / 12) * unscale * unscale;
  out[2] = ((sign * sxy) / 24) * unscale * unscale;
  return out;
}

const momentsScratch = new Float64Array(3);

/**
 * Polar second moment of area of the simple polygon `points` about its centroid, unit density
 * (`J = Ixx + Iyy`, the moment of inertia per unit density about the axis through the centroid
 * perpendicular to the plane), either winding, concave included. Zero area: 0.
 */
export function polygonSecondMoment(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
): number {
  polygonSecondMoments(points, momentsScratch);
  return momentsScratch[0]! + momentsScratch[1]!;
}
