/**
 * Polygon against polygon by rays from the centroids: the "initiator and opponent" test of
 * vector-based collision detection for digitised contours, an alternative to
 * `collidePolygonPolygon` kept for comparison (the package README measures where the two agree).
 * Its three steps:
 *
 *   1. Bounding circles: each polygon is a circle about its centroid X of radius R_ext, the
 *      largest distance from X to a contour point; circles apart means no contact.
 *   2. Culling: a contour point P of one polygon takes part only if it faces the other one, i.e.
 *      its projection onto the centre line, (P - X_own) . (X_other - X_own), is not negative (the
 *      points behind the line through the centroid across the centre line face away).
 *   3. Rays: from the initiator's centroid X1 through each of its active contour points P
 *      (R = P - X1), against each segment of the opponent with an active end (from A, S = B - A):
 *      X1 + mu R = A + lambda S, solved by Cramer's rule with Q = A - X1:
 *      mu = (Sx Qy - Qx Sy) / (Sx Ry - Rx Sy), lambda = (Rx Qy - Qx Ry) / (Sx Ry - Rx Sy);
 *      lambda and mu both in [0, 1] is a collision. Then the two polygons swap roles.
 *
 * The rays say which segments cross which spoke (the segment from a centroid to a contour point),
 * which is a point-in-polygon question in the manner of ray casting (Haines, "Point in Polygon
 * Strategies", Graphics Gems IV; Ericson, Real-Time Collision Detection, 5.4.1: one ray per
 * point, its crossings counted; here the ray is cut at the point). A spoke
 * lies inside its polygon when the polygon is convex (star-shaped about its centroid, more
 * generally), so a crossing proves an overlap; a concave polygon's spokes may leave it, and then
 * a crossing may be a false alarm. The test has no push-out direction of its own: each crossing
 * is turned into a contact here as below, one contact per crossing, not the least translation
 * that `collidePolygonPolygon` computes by separating axes.
 */
import { ContactKind } from '@contactkit/math';
import { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2, ManifoldPoint2 } from '../manifold/manifold2.js';
import { Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';

/** Most crossings one pair gathers before the emit step keeps the deepest. */
const MANIFOLD_CAPACITY = 64;

/**
 * One direction of the test: the initiator's pose in the opponent's frame, both centroids in the
 * opponent's frame, and the opponent's frame in the frame the contacts are gathered in (the
 * canonical first shape's). Fields, not arguments (PERFORMANCE.md: doubles cross calls in arrays
 * or fields).
 */
class RayPass {
  cos = 1;
  sin = 0;
  x = 0;
  y = 0;
  initiatorX = 0;
  initiatorY = 0;
  opponentX = 0;
  opponentY = 0;
  outCos = 1;
  outSin = 0;
  outX = 0;
  outY = 0;
  /**
   * Whether the initiator is the canonical first shape (then the opponent's outward normals point
   * from second to first).
   */
  initiatorIsFirst = true;
  /** The initiator's place in the caller's argument order (0 for `a`), for the trace. */
  initiatorArgument = 0;
  /** Where to record what the test looked at, or null (the detector alone). */
  trace: RayTestTrace | null = null;
  /** The crossing found last: the contour point P and R = P - X1 (opponent's frame), mu and lambda. */
  pointX = 0;
  pointY = 0;
  rayX = 0;
  rayY = 0;
  mu = 0;
  lambda = 0;
  /** The contact being made of it. */
  readonly point = new ManifoldPoint2();
}

/** A polygon's centroid in its own frame and R_ext, the largest distance from it to a vertex. */
class CentroidCircle {
  x = 0;
  y = 0;
  radius = 0;

  /** The area centroid (shoelace sums about vertex 0, P. Bourke 1988) and R_ext of `polygon`. */
  measure(polygon: Polygon): void {
    const v = polygon.vertices, n = polygon.count, x0 = v[0]!, y0 = v[1]!;
    let area = 0, sx = 0, sy = 0;
    for (let i = 1; i + 1 < n; i++) {
      const ax = v[2 * i]! - x0, ay = v[2 * i + 1]! - y0;
      const bx = v[2 * i + 2]! - x0, by = v[2 * i + 3]! - y0;
      const cross = ax * by - bx * ay;
      area += cross;
      sx += (ax + bx) * cross;
      sy += (ay + by) * cross;
    }
    let cx = x0 + sx / (3 * area), cy = y0 + sy / (3 * area);
    // The constructor refuses zero area, but round-off can still leave a sliver's sum at 0 or
    // below: then the vertex mean, which lies inside the sliver as well.
    if (!(area > 0)) {
      cx = 0;
      cy = 0;
      for (let i = 0; i < n; i++) {
        cx += v[2 * i]!;
        cy += v[2 * i + 1]!;
      }
      cx /= n;
      cy /= n;
    }
    let reach = 0;
    for (let i = 0; i < n; i++) {
      const dx = v[2 * i]! - cx, dy = v[2 * i + 1]! - cy;
      const squared = dx * dx + dy * dy;
      if (squared > reach) reach = squared;
    }
    this.x = cx;
    this.y = cy;
    this.radius = Math.sqrt(reach);
  }
}

/** One crossing the test found, in the terms of the method (see `RayTestTrace`). */
export class RayTestCrossing {
  /** The initiator, in the argument order: 0 for `a`, 1 for `b`; the opponent is the other. */
  initiator = 0;
  /** The initiator's contour point (stored vertex index) the ray runs through. */
  vertex = 0;
  /** The opponent's segment (edge index: from its vertex `edge` to the next) the ray crosses. */
  edge = 0;
  /** Where on the segment: A + lambda S, in [0, 1]. */
  lambda = 0;
  /** Where on the ray: X1 + mu R, in [0, 1] (1 at the contour point). */
  mu = 0;
  /** The crossing point, world space. */
  readonly point: Float64Array = new Float64Array(2);
}

/**
 * What `rayTestPolygons` looked at, for drawing the method (the bounding circles, the active
 * contour points, the rays and where they cross): pass one as its fourth argument. Arrays are
 * in the argument order (index 0 for `a`, 1 for `b`) and grow to the largest polygons seen;
 * once grown, a traced call allocates nothing either.
 */
export class RayTestTrace {
  /** The centroids X, world space: `[ax, ay, bx, by]`. */
  readonly centroids: Float64Array = new Float64Array(4);
  /** R_ext of `a` and of `b`: the largest distance from the centroid to a contour point. */
  readonly radii: Float64Array = new Float64Array(2);
  /** Whether the bounding circles overlap; when false, the test stopped there (no points, no rays). */
  reached = false;
  /**
   * For `a` and `b`, 1 at each stored vertex that faces the other (not culled), else 0; an array
   * may be longer than its polygon (grown for a larger one): read the first `count` entries.
   */
  readonly active: [Uint8Array, Uint8Array] = [new Uint8Array(0), new Uint8Array(0)];
  /** How many crossings the last test found. */
  crossingCount = 0;
  /** The crossings found, `crossings[0]` to `crossings[crossingCount - 1]` (the pool may hold more). */
  readonly crossings: RayTestCrossing[] = [];

  /** Sizes the arrays for `a` and `b` and clears the last test. */
  begin(a: Polygon, b: Polygon): void {
    if (this.active[0].length < a.count) this.active[0] = new Uint8Array(a.count);
    if (this.active[1].length < b.count) this.active[1] = new Uint8Array(b.count);
    this.active[0].fill(0);
    this.active[1].fill(0);
    this.reached = false;
    this.crossingCount = 0;
  }
}

/** Scratch of `rayTestPolygons` (module-level: a call allocates nothing), handed on explicitly. */
const scratchPass = new RayPass();
const scratchFirst = new CentroidCircle();
const scratchSecond = new CentroidCircle();
const scratchManifold = new LocalManifold2(MANIFOLD_CAPACITY);

/** How a value that is not a shape shows in an error message. */
function described(value: unknown): string {
  if (value === null || typeof value !== 'object') return String(value);
  return `a ${(value as object).constructor?.name ?? 'object'}`;
}

/**
 * Polygon `a` against polygon `b` (convex or concave, an Aabb too) by the initiator/opponent ray
 * test (see the file's header): each polygon is the initiator once and the opponent once, so the
 * answer does not depend on the argument order (swapping them gives the same points, depths and
 * feature ids and negated normals). Writes one contact per crossing of a ray's spoke with a
 * segment, the deepest `data.maxContactsPerPair` of them, into `data` in the package's
 * conventions as far as the rays give them:
 *
 * - `normal`: the crossed segment's outward unit normal, turned to point from `b` toward `a`.
 * - `penetration` (never negative): how far the part of the spoke past the segment reaches
 *   beyond the segment's line along that normal. When the ray enters the opponent there, that is
 *   the contour point's depth below the segment (the contact of a vertex on an edge, as
 *   `collidePolygonPolygon` reports it); when the ray leaves the opponent there, the
 *   initiator's centroid is the end past the segment (a deep overlap, past the centroid), and the
 *   depth is the centroid's: a contact the rays find but whose normal and depth do not separate
 *   the pair.
 * - `point`: the midpoint of that spoke end and its projection onto the segment's line.
 * - `kind` PointFace; `featureId` the contour point (`VERTEX_FEATURE | vertex`) and the segment,
 *   in the pair's canonical order (the shape of the smaller `id` first).
 *
 * What the rays cannot give: no single push-out normal and depth for the pair (each crossing has
 * its own, and the depth is measured from the crossed segment, not the least translation); no
 * speculative contacts (`data.tolerance` is not used: only crossings are contacts); no contact
 * where no active spoke crosses a segment (an overlap at a contour point that the culling left
 * out, a polygon lying wholly inside the other between the other's spokes); a ray parallel to a
 * segment does not cross it (its neighbours decide). Use `collidePolygonPolygon` for a solver.
 *
 * Degenerate input: polygons whose centroids coincide cull nothing (the centre line is zero); a
 * ray through a vertex of the opponent crosses both segments there; identical polygons at one
 * pose get one contact per side, the centroid's depth behind it.
 *
 * With `trace`, also records what the test looked at (the centroids and R_ext, the active
 * points, every crossing with its lambda and mu) for drawing the method; see `RayTestTrace`.
 *
 * Allocates nothing. Returns the number of contacts written; throws `TypeError` naming the
 * argument when `a` or `b` is not a `Polygon`, `data` not a `CollisionData2` or `trace` given but
 * not a `RayTestTrace`, and a `RangeError` naming it when `a` or `b` is a rounded polygon
 * (`radius` > 0: the rays cross outlines, not the band around them).
 */
export function rayTestPolygons<B>(
  a: Polygon<B>,
  b: Polygon<B>,
  data: CollisionData2<B>,
  trace?: RayTestTrace,
): number {
  if (!(a instanceof Polygon)) {
    throw new TypeError(`rayTestPolygons: a must be a Polygon, got ${described(a)}`);
  }
  if (!(b instanceof Polygon)) {
    throw new TypeError(`rayTestPolygons: b must be a Polygon, got ${described(b)}`);
  }
  if (!(data instanceof CollisionData2)) {
    throw new TypeError(`rayTestPolygons: data must be a CollisionData2, got ${described(data)}`);
  }
  if (trace !== undefined && !(trace instanceof RayTestTrace)) {
    throw new TypeError(`rayTestPolygons: trace must be a RayTestTrace, got ${described(trace)}`);
  }
  for (const [name, polygon] of [['a', a], ['b', b]] as const) {
    if (polygon.radius > 0) {
      throw new RangeError(
        `rayTestPolygons: ${name} is a rounded polygon (radius ${polygon.radius}); the ray test ` +
          `works on outlines only (collidePolygonPolygon takes rounded polygons)`,
      );
    }
  }
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  const firstCircle = scratchFirst, secondCircle = scratchSecond;
  firstCircle.measure(first);
  secondCircle.measure(second);
  // The second's pose in the first's frame: R_1^T R_2 as (c, s) and R_1^T (t_2 - t_1).
  const p = first.transform, q = second.transform;
  const c = p.cos * q.cos + p.sin * q.sin, s = p.cos * q.sin - p.sin * q.cos;
  const wx = q.x - p.x, wy = q.y - p.y;
  const tx = p.cos * wx + p.sin * wy, ty = -p.sin * wx + p.cos * wy;
  // 1. The bounding circles about the centroids, in the first's frame.
  const secondX = c * secondCircle.x - s * secondCircle.y + tx;
  const secondY = s * secondCircle.x + c * secondCircle.y + ty;
  const dx = secondX - firstCircle.x, dy = secondY - firstCircle.y;
  const reach = firstCircle.radius + secondCircle.radius;
  const reached = dx * dx + dy * dy <= reach * reach;
  if (trace !== undefined) traceCircles(trace, a, b, flip, firstCircle, secondCircle, reached);
  if (reached === false) return 0;
  const manifold = scratchManifold, pass = scratchPass;
  manifold.count = 0;
  pass.trace = trace ?? null;
  // 2 and 3, the first as initiator, in the second's frame (the first's pose there is the
  // inverse: R^T and -R^T t), the contacts taken back to the first's frame.
  pass.cos = c;
  pass.sin = -s;
  pass.x = -(c * tx + s * ty);
  pass.y = s * tx - c * ty;
  pass.initiatorX = pass.cos * firstCircle.x - pass.sin * firstCircle.y + pass.x;
  pass.initiatorY = pass.sin * firstCircle.x + pass.cos * firstCircle.y + pass.y;
  pass.opponentX = secondCircle.x;
  pass.opponentY = secondCircle.y;
  pass.outCos = c;
  pass.outSin = s;
  pass.outX = tx;
  pass.outY = ty;
  pass.initiatorIsFirst = true;
  pass.initiatorArgument = flip ? 1 : 0;
  castRays(first, second, pass, manifold);
  // The second as initiator, in the first's frame.
  pass.cos = c;
  pass.sin = s;
  pass.x = tx;
  pass.y = ty;
  pass.initiatorX = secondX;
  pass.initiatorY = secondY;
  pass.opponentX = firstCircle.x;
  pass.opponentY = firstCircle.y;
  pass.outCos = 1;
  pass.outSin = 0;
  pass.outX = 0;
  pass.outY = 0;
  pass.initiatorIsFirst = false;
  pass.initiatorArgument = flip ? 0 : 1;
  castRays(second, first, pass, manifold);
  pass.trace = null;
  // Spokes that leave the opponent through one segment all give its centroid's contact there.
  if (manifold.count > 1) manifold.mergeDuplicates(first, second);
  return emitManifold2(manifold, first.transform, data, a.body, b.body, flip);
}

/** Step 1 into `trace`, in the argument order: the centroids in world space, R_ext, whether they reach. */
function traceCircles(
  trace: RayTestTrace,
  a: Polygon,
  b: Polygon,
  flip: boolean,
  firstCircle: CentroidCircle,
  secondCircle: CentroidCircle,
  reached: boolean,
): void {
  trace.begin(a, b);
  trace.reached = reached;
  traceCircle(trace, 0, a, flip ? secondCircle : firstCircle);
  traceCircle(trace, 1, b, flip ? firstCircle : secondCircle);
}

/** Polygon `k`'s centroid circle (the centroid in its own frame) into `trace`, in world space. */
function traceCircle(
  trace: RayTestTrace,
  k: number,
  polygon: Polygon,
  circle: CentroidCircle,
): void {
  const xf = polygon.transform;
  trace.centroids[2 * k] = xf.cos * circle.x - xf.sin * circle.y + xf.x;
  trace.centroids[2 * k + 1] = xf.sin * circle.x + xf.cos * circle.y + xf.y;
  trace.radii[k] = circle.radius;
}

/**
 * The crossing in `pass` into `trace`: the ray from the centroid of `initiator` through its
 * `vertex` crossing the other polygon's `edge` (lambda, mu from the pass: doubles cross calls in
 * fields, PERFORMANCE.md), the point in world space.
 */
function traceCrossing(
  trace: RayTestTrace,
  pass: RayPass,
  initiator: Polygon,
  vertex: number,
  edge: number,
): void {
  if (trace.crossingCount === trace.crossings.length) trace.crossings.push(new RayTestCrossing());
  const crossing = trace.crossings[trace.crossingCount++]!;
  const k = pass.initiatorArgument, mu = pass.mu;
  crossing.initiator = k;
  crossing.vertex = vertex;
  crossing.edge = edge;
  crossing.lambda = pass.lambda;
  crossing.mu = mu;
  const xf = initiator.transform, v = initiator.vertices;
  const px = xf.cos * v[2 * vertex]! - xf.sin * v[2 * vertex + 1]! + xf.x;
  const py = xf.sin * v[2 * vertex]! + xf.cos * v[2 * vertex + 1]! + xf.y;
  const cx = trace.centroids[2 * k]!, cy = trace.centroids[2 * k + 1]!;
  crossing.point[0] = cx + mu * (px - cx);
  crossing.point[1] = cy + mu * (py - cy);
}

/**
 * Steps 2 and 3 for one initiator: the rays from its centroid through its active contour points
 * against the opponent's segments with an active end, in the opponent's frame; each crossing
 * goes into `manifold` in the frame `pass.out*` leads to.
 */
function castRays(
  initiator: Polygon,
  opponent: Polygon,
  pass: RayPass,
  manifold: LocalManifold2,
): void {
  const c = pass.cos, s = pass.sin, tx = pass.x, ty = pass.y;
  const x1 = pass.initiatorX, y1 = pass.initiatorY, x0 = pass.opponentX, y0 = pass.opponentY;
  // The centre line D = X0 - X1 (from the initiator's centroid to the opponent's).
  const lineX = x0 - x1, lineY = y0 - y1;
  const own = initiator.vertices, other = opponent.vertices, normals = opponent.normals;
  const m = opponent.count;
  for (let j = 0; j < initiator.count; j++) {
    const lx = own[2 * j]!, ly = own[2 * j + 1]!;
    const px = c * lx - s * ly + tx, py = s * lx + c * ly + ty;
    const rx = px - x1, ry = py - y1;
    // Culling: R . D < 0 puts P behind the initiator's centroid, seen along the centre line.
    if (rx * lineX + ry * lineY < 0) continue;
    const trace = pass.trace;
    if (trace !== null) trace.active[pass.initiatorArgument]![j] = 1;
    let ax = other[0]!, ay = other[1]!;
    // An opponent point faces the initiator when (A - X0) . (X1 - X0) >= 0, i.e. A . D <= X0 . D.
    let aFacing = (ax - x0) * lineX + (ay - y0) * lineY <= 0;
    for (let i = 0; i < m; i++) {
      const next = i + 1 === m ? 0 : i + 1;
      const bx = other[2 * next]!, by = other[2 * next + 1]!;
      const bFacing = (bx - x0) * lineX + (by - y0) * lineY <= 0;
      if (aFacing || bFacing) {
        const sx = bx - ax, sy = by - ay, qx = ax - x1, qy = ay - y1;
        // Cramer's rule on X1 + mu R = A + lambda S; compared without dividing, the signs of the
        // numerators taken relative to the determinant's.
        let det = sx * ry - rx * sy, muTop = sx * qy - qx * sy, lambdaTop = rx * qy - qx * ry;
        if (det < 0) {
          det = -det;
          muTop = -muTop;
          lambdaTop = -lambdaTop;
        }
        if (det > 0 && muTop >= 0 && muTop <= det && lambdaTop >= 0 && lambdaTop <= det) {
          pass.pointX = px;
          pass.pointY = py;
          pass.rayX = rx;
          pass.rayY = ry;
          pass.mu = muTop / det;
          pass.lambda = lambdaTop / det;
          addCrossing(pass, manifold, normals, i, j);
          if (trace !== null) traceCrossing(trace, pass, initiator, j, i);
        }
      }
      ax = bx;
      ay = by;
      aFacing = bFacing;
    }
  }
}

/**
 * The contact of the crossing in `pass` (the spoke from X1 to P crossing segment `edge` at X1 + mu R):
 * the spoke's end past the segment's line (P where the ray enters the opponent, X1 where it
 * leaves), its depth below the line along the segment's outward normal n, the point halfway to
 * its projection onto the line. R . n < 0 on entry: P lies (1 - mu) (-R . n) below the line;
 * on leaving, X1 lies mu (R . n) below it.
 */
function addCrossing(
  pass: RayPass,
  manifold: LocalManifold2,
  normals: Float64Array,
  edge: number,
  vertex: number,
): void {
  const nx = normals[2 * edge]!, ny = normals[2 * edge + 1]!, mu = pass.mu;
  const rx = pass.rayX, ry = pass.rayY;
  const along = rx * nx + ry * ny;
  const entering = along < 0;
  const depth = entering ? (1 - mu) * -along : mu * along;
  const endX = entering ? pass.pointX : pass.initiatorX;
  const endY = entering ? pass.pointY : pass.initiatorY;
  const mx = endX + 0.5 * depth * nx, my = endY + 0.5 * depth * ny;
  const c = pass.outCos, s = pass.outSin;
  // The contact goes through a point's fields, not as arguments (PERFORMANCE.md: doubles cross
  // calls in arrays or fields).
  const point = pass.point;
  point.x = c * mx - s * my + pass.outX;
  point.y = s * mx + c * my + pass.outY;
  const normalX = c * nx - s * ny, normalY = s * nx + c * ny;
  point.penetration = depth;
  point.kind = ContactKind.PointFace;
  if (pass.initiatorIsFirst) {
    point.normalX = normalX;
    point.normalY = normalY;
    point.firstFeature = VERTEX_FEATURE | vertex;
    point.secondFeature = edge;
  } else {
    // The opponent is the first shape: its outward normal points toward the second.
    point.normalX = 0 - normalX;
    point.normalY = 0 - normalY;
    point.firstFeature = edge;
    point.secondFeature = VERTEX_FEATURE | vertex;
  }
  manifold.addPoint(point);
}
