/**
 * Mass properties of a rounded polygon (`new Polygon(points, { radius })`): its core outline
 * inflated by the radius, unit density.
 *
 * The inflated shape is cut into parts whose integrals are exact in closed form: the core
 * polygon, a band `edge x radius` on the outside of every edge (a rectangle), and a circular
 * sector of the radius at every convex corner, spanning the corner's turn (the sectors of a
 * convex core add up to one full disc). At a reflex corner the two bands beside it overlap; that
 * overlap (the intersection of the two rectangles, a convex polygon) is subtracted. For a convex
 * core this gives Box2D v3's `b2ComputePolygonMass` area `A + P r + pi r^2` exactly, with
 * exact centroid and second moments (the sector integrals below). For a concave core the parts
 * tile the inflated shape exactly as long as the offset does not fold: no band or sector reaches
 * across the outside to overlap a band, sector or the core elsewhere (a radius below half the
 * narrowest outside gap of the outline, and below the reach of each reflex corner's bands);
 * where it folds, the overlapping region is counted once per part that holds it, so the result
 * is larger than the inflated shape's area (tests compare with grid sampling of the
 * distance-to-core predicate where the offset does not fold).
 */
import { flattenPoints } from './mass.js';
import { requireCoordinate, requireNonNegative } from '@contactkit/math';

/** The result of `roundedPolygonMass`: area, centroid and second moments, unit density. */
export interface RoundedPolygonMass {
  /** Area (positive). */
  area: number;
  /** Centroid `[x, y]`, in the frame of the points. */
  centroid: Float64Array;
  /** `[Ixx, Iyy, Ixy]` about the centroid: the integrals of `y^2`, `x^2`, `x y`. */
  secondMoments: Float64Array;
  /** Polar second moment about the centroid, `Ixx + Iyy`. */
  secondMoment: number;
}

/** Running integrals over the parts, about the reference point: area, x, y, x^2, y^2, x y. */
class Integrals {
  area = 0;
  x = 0;
  y = 0;
  xx = 0;
  yy = 0;
  xy = 0;

  /** Adds (`sign` 1) or removes (`sign` -1) the polygon `xs, ys` (either winding). */
  polygon(xs: readonly number[], ys: readonly number[], sign: number): void {
    const n = xs.length;
    let a = 0, sx = 0, sy = 0, sxx = 0, syy = 0, sxy = 0;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const x0 = xs[j]!, y0 = ys[j]!, x1 = xs[i]!, y1 = ys[i]!;
      const c = x0 * y1 - x1 * y0;
      a += c;
      sx += c * (x0 + x1);
      sy += c * (y0 + y1);
      sxx += c * (x0 * x0 + x0 * x1 + x1 * x1);
      syy += c * (y0 * y0 + y0 * y1 + y1 * y1);
      sxy += c * (x0 * y1 + 2 * x0 * y0 + 2 * x1 * y1 + x1 * y0);
    }
    // Green's theorem over the outline (the shoelace sums); the winding's sign divided out.
    const s = a < 0 ? -sign : sign;
    this.area += (s * a) / 2;
    this.x += (s * sx) / 6;
    this.y += (s * sy) / 6;
    this.xx += (s * sxx) / 12;
    this.yy += (s * syy) / 12;
    this.xy += (s * sxy) / 24;
  }

  /**
   * Adds the sector of radius `r` about (cx, cy) from polar angle `from` to `to` (to > from).
   * About its centre, with polar coordinates (rho, phi): area r^2 (b - a) / 2; the integral of x is
   * r^3 / 3 (sin b - sin a), of y r^3 / 3 (cos a - cos b), of x^2 r^4 / 4 [phi / 2 + sin 2phi / 4],
   * of y^2 r^4 / 4 [phi / 2 - sin 2phi / 4], of x y r^4 / 8 (sin^2 b - sin^2 a); then moved to
   * (cx, cy) (the integral of (x + cx)^2 is that of x^2 + 2 cx x + cx^2).
   */
  sector(cx: number, cy: number, r: number, from: number, to: number): void {
    const r2 = r * r, r3 = r2 * r, r4 = r2 * r2;
    const sa = Math.sin(from), ca = Math.cos(from), sb = Math.sin(to), cb = Math.cos(to);
    const area = (r2 * (to - from)) / 2;
    const ix = (r3 / 3) * (sb - sa), iy = (r3 / 3) * (ca - cb);
    const half = (to - from) / 2, twice = (Math.sin(2 * to) - Math.sin(2 * from)) / 4;
    const ixx = (r4 / 4) * (half + twice), iyy = (r4 / 4) * (half - twice);
    const ixy = (r4 / 8) * (sb * sb - sa * sa);
    this.area += area;
    this.x += ix + cx * area;
    this.y += iy + cy * area;
    this.xx += ixx + 2 * cx * ix + cx * cx * area;
    this.yy += iyy + 2 * cy * iy + cy * cy * area;
    this.xy += ixy + cx * iy + cy * ix + cx * cy * area;
  }
}

/**
 * Area, centroid and second moments (unit density) of the polygon `points` (a simple outline,
 * `[x, y]` pairs or flat, either winding) inflated by `radius`: the shape of
 * `new Polygon(points, { radius })`. Exact for a convex outline (area `A + P r + pi r^2`, with
 * `P` the perimeter); for a concave one, exact while the offset does not fold (see the file
 * header: where it folds, overlapping parts are counted more than once). `radius` 0 gives the
 * polygon's own properties. Throws a RangeError (a TypeError for a non-number) naming `radius`
 * and its value when it is not finite, below 0 or above `MAX_COORDINATE`.
 */
export function roundedPolygonMass(
  points: ArrayLike<ArrayLike<number>> | ArrayLike<number>,
  radius: number,
): RoundedPolygonMass {
  requireCoordinate(
    'roundedPolygonMass.radius',
    requireNonNegative('roundedPolygonMass.radius', radius),
  );
  const flat = flattenPoints(points);
  const n = flat.length / 2;
  // Coordinates about the vertex mean: the sums then see sizes, not positions (an outline far
  // from its origin would lose its digits to the position).
  let ox = 0, oy = 0;
  for (let i = 0; i < n; i++) {
    ox += flat[2 * i]! / n;
    oy += flat[2 * i + 1]! / n;
  }
  const xs: number[] = [], ys: number[] = [];
  for (let i = 0; i < n; i++) {
    xs.push(flat[2 * i]! - ox);
    ys.push(flat[2 * i + 1]! - oy);
  }
  let twice = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) twice += xs[j]! * ys[i]! - xs[i]! * ys[j]!;
  if (twice < 0) {
    xs.reverse();
    ys.reverse();
  }
  const sums = new Integrals();
  sums.polygon(xs, ys, 1);
  if (radius > 0) inflate(sums, xs, ys, radius);
  const area = sums.area, cx = sums.x / area, cy = sums.y / area;
  // Parallel-axis theorem: about the centroid.
  const ixx = sums.yy - area * cy * cy, iyy = sums.xx - area * cx * cx;
  const ixy = sums.xy - area * cx * cy;
  return {
    area,
    centroid: Float64Array.of(cx + ox, cy + oy),
    secondMoments: Float64Array.of(ixx, iyy, ixy),
    secondMoment: ixx + iyy,
  };
}

/** Adds the bands, the convex corners' sectors, less the reflex corners' band overlaps. */
function inflate(sums: Integrals, xs: number[], ys: number[], r: number): void {
  const n = xs.length;
  const band = (i: number): [number[], number[]] => {
    const j = (i + 1) % n;
    const ex = xs[j]! - xs[i]!, ey = ys[j]! - ys[i]!, length = Math.hypot(ex, ey);
    // Outward normal of a counter-clockwise edge: the direction turned right.
    const nx = (ey / length) * r, ny = (-ex / length) * r;
    return [[xs[i]!, xs[j]!, xs[j]! + nx, xs[i]! + nx], [ys[i]!, ys[j]!, ys[j]! + ny, ys[i]! + ny]];
  };
  for (let i = 0; i < n; i++) {
    const [bx, by] = band(i);
    sums.polygon(bx, by, 1);
  }
  for (let i = 0; i < n; i++) {
    const p = (i + n - 1) % n, q = (i + 1) % n;
    const t1x = xs[i]! - xs[p]!,
      t1y = ys[i]! - ys[p]!,
      t2x = xs[q]! - xs[i]!,
      t2y = ys[q]! - ys[i]!;
    const turn = t1x * t2y - t1y * t2x;
    if (turn > 0) {
      // A convex corner: the sector from the incoming edge's normal to the outgoing one's.
      const from = Math.atan2(-t1x, t1y);
      let to = Math.atan2(-t2x, t2y);
      if (to < from) to += 2 * Math.PI;
      sums.sector(xs[i]!, ys[i]!, r, from, to);
    } else if (turn < 0) {
      const [ax, ay] = band(p), [bx, by] = band(i);
      const [ox, oy] = clipConvex(ax, ay, bx, by);
      if (ox.length >= 3) sums.polygon(ox, oy, -1);
    }
  }
}

/**
 * The intersection of two convex polygons (the first clipped by each edge of the second, whose
 * winding is taken from its area; Sutherland and Hodgman, 1974).
 */
function clipConvex(
  ax: number[],
  ay: number[],
  bx: number[],
  by: number[],
): [number[], number[]] {
  let xs = ax, ys = ay;
  let twice = 0;
  for (let i = 0, j = bx.length - 1; i < bx.length; j = i++) {
    twice += bx[j]! * by[i]! - bx[i]! * by[j]!;
  }
  const orientation = twice < 0 ? -1 : 1;
  for (let e = 0; e < bx.length && xs.length > 0; e++) {
    const f = (e + 1) % bx.length;
    const ex = bx[f]! - bx[e]!, ey = by[f]! - by[e]!;
    // Inside: on the left of a counter-clockwise edge.
    const side = (x: number, y: number): number =>
      orientation * (ex * (y - by[e]!) - ey * (x - bx[e]!));
    const nextX: number[] = [], nextY: number[] = [];
    for (let i = 0; i < xs.length; i++) {
      const j = (i + 1) % xs.length;
      const si = side(xs[i]!, ys[i]!), sj = side(xs[j]!, ys[j]!);
      if (si >= 0) {
        nextX.push(xs[i]!);
        nextY.push(ys[i]!);
      }
      if ((si >= 0) !== (sj >= 0)) {
        const t = si / (si - sj);
        nextX.push(xs[i]! + t * (xs[j]! - xs[i]!));
        nextY.push(ys[i]! + t * (ys[j]! - ys[i]!));
      }
    }
    xs = nextX;
    ys = nextY;
  }
  return [xs, ys];
}
