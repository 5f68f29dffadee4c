/**
 * Mass properties of a simple polygon (convex or concave, either winding): area, centroid and
 * second moments of area, unit density (a capsule's, in closed form, at the end of the file).
 * The polygon's all come from Green's theorem applied edge by edge, with
 * `cross_i = x_i y_{i+1} - x_{i+1} y_i` (the shoelace terms):
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
import {
  readCoordinates,
  requireCoordinate,
  requireNonNegative,
  requirePositive,
} from '@contactkit/math';

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

/**
 * Reads a capsule's size for the `capsule2` mass functions: `radius` > 0 and `halfLength` >= 0,
 * each finite and at most `MAX_COORDINATE`, as `Capsule2` requires; otherwise a RangeError (a
 * TypeError for a non-number) naming the function, the argument and the value.
 */
function requireCapsule(name: string, radius: unknown, halfLength: unknown): void {
  requireCoordinate(`${name}: radius`, requirePositive(`${name}: radius`, radius));
  requireCoordinate(`${name}: halfLength`, requireNonNegative(`${name}: halfLength`, halfLength));
}

/**
 * Area of a `Capsule2` of `radius` and `halfLength`: the rectangle `2 halfLength x 2 radius`
 * between its ends and the two half discs, `4 radius halfLength + pi radius^2` (a disc for
 * `halfLength` 0). Takes the numbers, not the shape, so a size can be chosen before a capsule is
 * made (`new Capsule2(radius, halfLength)` accepts the same range). The centroid needs no
 * function: by symmetry it is the capsule's centre, the origin of its frame (its pose position).
 * Throws a RangeError (TypeError for a non-number) naming the argument.
 */
export function capsule2Area(radius: number, halfLength: number): number {
  requireCapsule('capsule2Area', radius, halfLength);
  return 4 * radius * halfLength + Math.PI * radius * radius;
}

/**
 * Second moments of area of a `Capsule2` about its centroid (its centre), unit density, in its
 * own frame (the core along x): `[Ixx, Iyy, Ixy]`, `Ixx` the integral of `y^2`, `Iyy` of `x^2`,
 * `Ixy` 0 by symmetry. Written to `out` when given, else to a new `Float64Array(3)`; nothing is
 * written when the arguments are rejected (a RangeError, a TypeError for a non-number, naming the
 * argument and the value).
 *
 * The rectangle `[-h, h] x [-r, r]` has `Ixx = (2h)(2r)^3 / 12`, `Iyy = (2r)(2h)^3 / 12`. A half
 * disc of area `A = pi r^2 / 2` has `pi r^4 / 8` about its diameter and about the axis through
 * the disc's centre square to it; its centroid lies `d = 4r / (3 pi)` from the diameter, so about
 * its centroid `Iyy = pi r^4 / 8 - A d^2`, and moved out to `x = h + d` by the parallel-axis
 * theorem `Iyy = pi r^4 / 8 - A d^2 + A (h + d)^2 = pi r^4 / 8 + A h^2 + 2 A d h`, with
 * `A d = 2 r^3 / 3` (the semicircular area of the tables in Beer and Johnston, *Vector Mechanics
 * for Engineers*; Box2D v3's `b2ComputeCapsuleMass` adds up the same parts). Every term is
 * positive: no cancellation at any ratio of radius to half length.
 */
export function capsule2SecondMoments(
  radius: number,
  halfLength: number,
  out: Float64Array = new Float64Array(3),
): Float64Array {
  requireCapsule('capsule2SecondMoments', radius, halfLength);
  return capsuleMoments(radius, halfLength, out);
}

/**
 * Polar second moment of area of a `Capsule2` about its centroid, unit density
 * (`J = Ixx + Iyy`, see `capsule2SecondMoments`; the moment of inertia per unit density about the
 * axis through the centre square to the plane; `pi r^4 / 2` for a disc). Throws a RangeError (a
 * TypeError for a non-number) naming the argument and the value.
 */
export function capsule2SecondMoment(radius: number, halfLength: number): number {
  requireCapsule('capsule2SecondMoment', radius, halfLength);
  capsuleMoments(radius, halfLength, momentsScratch);
  return momentsScratch[0]! + momentsScratch[1]!;
}

/** The sums of `capsule2SecondMoments` for a valid size, into `out`. */
function capsuleMoments(r: number, h: number, out: Float64Array): Float64Array {
  const r2 = r * r, halfDiscs = (Math.PI * r2 * r2) / 4;
  out[0] = (4 / 3) * h * r2 * r + halfDiscs;
  out[1] = (4 / 3) * r * h * h * h + halfDiscs + Math.PI * r2 * h * h + (8 / 3) * h * r2 * r;
  out[2] = 0;
  return out;
}
