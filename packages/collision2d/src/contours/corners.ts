/**
 * Which vertices of a closed outline are corners, and which lie on a straight side between two
 * corners, up to the rounding of the coordinates. Internal: the polygon's convexity
 * (`Polygon.convexVertex`, `isConvex`), its convex decomposition and the sides the clipping of
 * `polygon-clip.ts` treats as one (`ConvexPiece.collinearNext`) all read it, so that they agree.
 *
 * Why not the exact sign of each turn: a point put on an edge (a tile outline's vertex in the
 * middle of a side, a trace simplified) is rounded to the nearest double, so it lies a few units
 * in the last place of its coordinates off the edge's line, inward or outward by chance. The
 * exact sign of that turn is the sign of the rounding, not of the shape: the same outline scaled
 * by 0.1 rounds differently, turns the other way, and was then a concave polygon split into
 * other pieces, with other contacts. A turn is therefore decided only when it is larger than
 * rounding can make it, and a vertex whose turn is within that band lies on a straight side
 * (Ericson, Real-Time Collision Detection, 11.3.1 and 11.3.2: tolerances relative to the
 * magnitudes involved, "thick" lines; the sign itself comes from Shewchuk's exact orient2d, as
 * in `decompose.ts`).
 *
 * The band: if every coordinate of the three points a, b, c may be off by up to `k` roundings of
 * the largest of them, m (each off by at most k u m, u = 2^-53), the cross product
 * (b - a) x (c - b) moves by at most 2 k u m (|b - a|_1 + |c - b|_1) (first order). With k = 8
 * (the roundings of a point interpolated on an edge, then scaled or moved by a caller, with room
 * to spare) that is `8 * Number.EPSILON * m * (|b - a|_1 + |c - b|_1)`: about 1e-15 of the size
 * for an outline about the origin; a vertex pushed off the line by 1e-12 of its edge is a corner.
 *
 * A tiny edge (two vertices a few ulps apart) has a direction made of rounding, so each of its
 * ends may look straight while together they turn a real corner. After the local test the
 * corners found are therefore checked side by side: each vertex left on a side must lie within
 * the band of the chord between the side's two corners, else the farthest is made a corner and
 * the side split there (as Douglas and Peucker, 1973, split a line at its farthest point), until
 * every side is straight.
 */
import { orient2d } from 'robust-predicates';

/** Roundings of the coordinates' magnitude a straight vertex may carry (see the header). */
const STRAIGHT_ROUNDINGS = 8;

/**
 * The turn a -> b -> c (flat `x, y` indices into `vertices`): 1 left, -1 right, 0 when rounding of
 * the coordinates could make it either (see the header); `band` chooses between the band and
 * the exact sign (`false`: 0 only when exactly in line).
 */
export function turnSign(
  vertices: Float64Array,
  a: number,
  b: number,
  c: number,
  band: boolean,
): number {
  const ax = vertices[2 * a]!, ay = vertices[2 * a + 1]!;
  const bx = vertices[2 * b]!, by = vertices[2 * b + 1]!;
  const cx = vertices[2 * c]!, cy = vertices[2 * c + 1]!;
  // robust-predicates' orient2d is positive clockwise: negated, positive for a left turn.
  const cross = -orient2d(ax, ay, bx, by, cx, cy);
  const limit = band ? roundingBand(ax, ay, bx, by, cx, cy) : 0;
  return cross > limit ? 1 : cross < -limit ? -1 : 0;
}

/** How far rounding of the coordinates can move (b - a) x (c - b) (see the header). */
function roundingBand(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): number {
  const m = Math.max(
    Math.abs(ax),
    Math.abs(ay),
    Math.abs(bx),
    Math.abs(by),
    Math.abs(cx),
    Math.abs(cy),
  );
  const lengths = Math.abs(bx - ax) + Math.abs(by - ay) + Math.abs(cx - bx) + Math.abs(cy - by);
  return STRAIGHT_ROUNDINGS * Number.EPSILON * m * lengths;
}

/**
 * How far point v lies off the line through a and b (flat indices into `vertices`), in rounding
 * bands: |(b - a) x (v - a)| over what rounding of the three points can make it; above 1, v is
 * off the line.
 */
function offChord(vertices: Float64Array, a: number, b: number, v: number): number {
  const ax = vertices[2 * a]!, ay = vertices[2 * a + 1]!;
  const bx = vertices[2 * b]!, by = vertices[2 * b + 1]!;
  const vx = vertices[2 * v]!, vy = vertices[2 * v + 1]!;
  const cross = Math.abs(orient2d(ax, ay, bx, by, vx, vy));
  // The band of a -> b -> v has |v - b| where the chord's needs |v - a|: the larger of the two.
  const limit = Math.max(
    roundingBand(ax, ay, bx, by, vx, vy),
    roundingBand(bx, by, ax, ay, vx, vy),
  );
  return limit > 0 ? cross / limit : cross > 0 ? Infinity : 0;
}

/**
 * Corner flags of the closed outline of `count` vertices (flat `x, y` in `vertices`): 1 at a
 * corner, 0 at a vertex on a straight side between two corners (within the rounding band of the
 * chord between them, its edges pointing the same way). An outline with fewer than three corners
 * so found (all of it within the band of one line) gets every vertex a corner: its turns are
 * then taken exactly, as they come.
 */
export function findCorners(vertices: Float64Array, count: number): Uint8Array {
  const corner = new Uint8Array(count);
  let corners = 0;
  for (let i = 0; i < count; i++) {
    const p = i === 0 ? count - 1 : i - 1, n = i + 1 === count ? 0 : i + 1;
    // Straight: no turn beyond the band, and no fold (the edges point the same way).
    const ex = vertices[2 * i]! - vertices[2 * p]!,
      ey = vertices[2 * i + 1]! - vertices[2 * p + 1]!;
    const fx = vertices[2 * n]! - vertices[2 * i]!,
      fy = vertices[2 * n + 1]! - vertices[2 * i + 1]!;
    const straight = ex * fx + ey * fy > 0 && turnSign(vertices, p, i, n, true) === 0;
    if (!straight) {
      corner[i] = 1;
      corners++;
    }
  }
  if (corners === count) return corner;
  if (corners < 2) return corner.fill(1);
  // Every side straight: split a side at its farthest vertex off the chord until none is off.
  for (let changed = true; changed;) {
    changed = false;
    let first = 0;
    while (corner[first] === 0) first++;
    let a = first;
    do {
      let b = a + 1 === count ? 0 : a + 1, farthest = -1, worst = 1;
      while (corner[b] === 0) b = b + 1 === count ? 0 : b + 1;
      for (let v = a + 1 === count ? 0 : a + 1; v !== b; v = v + 1 === count ? 0 : v + 1) {
        const off = offChord(vertices, a, b, v);
        if (off > worst) {
          worst = off;
          farthest = v;
        }
      }
      if (farthest >= 0) {
        corner[farthest] = 1;
        corners++;
        changed = true;
      }
      a = b;
    } while (a !== first);
  }
  if (corners < 3) corner.fill(1);
  return corner;
}

/**
 * Gives each edge of a side made of several edges (between two corners of `corner`, with
 * vertices of no corner between them) the outward unit normal of the side's chord, from its
 * first corner to its last, in `normals` (of a counter-clockwise outline): the side then has one
 * normal, not one per edge turned by the rounding of its vertices (by up to 1e-4 radians on an
 * edge between two vertices 1e-12 of the size apart). Returns whether any side has several edges.
 */
export function straightenNormals(
  vertices: Float64Array,
  count: number,
  corner: Uint8Array,
  normals: Float64Array,
): boolean {
  let any = false;
  for (let a = 0; a < count; a++) {
    if (corner[a] === 0) continue;
    let b = a + 1 === count ? 0 : a + 1;
    if (corner[b] === 1) continue;
    any = true;
    while (corner[b] === 0) b = b + 1 === count ? 0 : b + 1;
    // The chord turned clockwise: the outward normal of a counter-clockwise outline.
    const ex = vertices[2 * b]! - vertices[2 * a]!,
      ey = vertices[2 * b + 1]! - vertices[2 * a + 1]!;
    const length = Math.hypot(ex, ey);
    for (let e = a; e !== b; e = e + 1 === count ? 0 : e + 1) {
      normals[2 * e] = ey / length;
      normals[2 * e + 1] = (0 - ex) / length;
    }
  }
  return any;
}

/**
 * Whether the closed outline of `count` vertices has some area: a vertex lies off the line
 * through vertex 0 and the vertex farthest from it by more than rounding of the coordinates can
 * put it there (the band of `offChord`). Relative to the coordinates, not to 1: an outline 1e-3
 * across near 1e5 has area, one whose vertices all round onto one line has none.
 */
export function hasArea(vertices: Float64Array, count: number): boolean {
  let far = 0, farthest = 0;
  for (let i = 1; i < count; i++) {
    const d = Math.abs(vertices[2 * i]! - vertices[0]!) +
      Math.abs(vertices[2 * i + 1]! - vertices[1]!);
    if (d > farthest) {
      farthest = d;
      far = i;
    }
  }
  for (let i = 1; i < count; i++) if (i !== far && offChord(vertices, 0, far, i) > 1) return true;
  return false;
}
