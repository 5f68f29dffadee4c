/**
 * Polygon against polygon, convex or concave.
 *
 * Each polygon is a set of convex pieces made once at construction (`Polygon.convexPieces`: the
 * polygon itself when convex, else a triangulation then the Hertel-Mehlhorn merge). Every piece
 * pair near each other goes through the one convex test of `polygon-clip.ts` (separating axes,
 * reference and incident edges, clipping; up to 2 points a piece pair) into a local manifold,
 * which the emit step of `manifold2.ts` writes into the caller's buffer. Two convex polygons
 * without vertices on their sides (`Polygon.simpleConvex`, the common case) take the same steps
 * through the convex kernel of `convex-polygons.ts`, which reads one array per polygon instead of
 * a dozen objects (the same contacts bit for bit; a quarter to half the time where memory reads
 * dominate, as over a scene's many pairs), and which alone uses the pair's `PairCache2`.
 *
 * We chose decomposition over the initiator/opponent ray test (each contour's points against the
 * other's segments) because the ray test finds which contour points crossed which segments but
 * gives no single push-out direction or depth for a solver, and it misses an edge lying across a
 * vertex; the convex test gives both, with the stable reference-face manifold. An internal
 * (decomposition) edge is not a surface: it is never a reference edge and no contact lies on one
 * (see `polygon-clip.ts`). Points that two piece pairs both report are merged, keeping the deeper
 * (`LocalManifold2.mergeDuplicates`). A polygon lying wholly inside another also gets one contact
 * that frees the pair; an overlap no piece pair reports (a polygon inside a concave one across
 * its internal edges) gets a contact per vertex inside the other shape (`hiddenOverlapContact`).
 *
 * Canonical order: the pair is always computed with the shape of the smaller `id` as P, so
 * swapping the arguments gives exactly the same points, depths, kinds and feature ids (P's
 * feature in the high half), negated normals; and the reference-face bias favours the same
 * shape in both orders.
 */
import { ContactKind } from '@contactkit/math';
import { CLOSEST_CORNERS, collideConvexRoundedApart, collideRounded } from './rounded.js';
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import { collidePieces, PieceQuery } from '../clip/polygon-clip.js';
import { SAT_PATH_REFERENCE, SAT_PATH_SEPARATED } from '../clip/polygon-sat-cache.js';
import {
  collideConvexPolygons,
  CoreEdges,
  CORES_OVERLAP,
  CORES_SEPARATED,
  coresApart,
} from '../clip/convex-polygons.js';
import { insideVertexContacts, InsideVertexQuery } from '../clip/inside-vertices.js';
import type { PairCache2 } from '../manifold/pair-cache2.js';
import { type Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';

/** Most points one pair gathers before the emit step keeps the deepest. */
const MANIFOLD_CAPACITY = 64;
/** Scratch of `collidePolygonPolygon` (module-level: a call allocates nothing), handed on explicitly. */
const scratchQuery = new PieceQuery();
const scratchManifold = new LocalManifold2(MANIFOLD_CAPACITY);
const scratchBox = new Float64Array(4);
const scratchInside = new InsideVertexQuery();
const scratchEdges = new CoreEdges();

/**
 * Writes the contacts of polygon `a` against polygon `b` (Aabb included): normal from `b`
 * toward `a`, penetration along it (down to `-data.tolerance`; see `collidePieces` for what a
 * speculative contact promises), point the midpoint of the incident point and its projection on
 * the reference edge; kinds PointFace (a vertex against an edge) and PointEdge (a point made by
 * clipping at a reference corner); featureId packs the features of the shape of the smaller `id`
 * (high half) and of the other, in either argument order. Convex pairs write at most 2 contacts;
 * concave pairs at most `data.maxContactsPerPair`, deepest first. Identical shapes at the same
 * pose report the face of the smaller id as reference. Returns the number written.
 *
 * `cache` (optional, one per pair, see `PairCache2`): for two convex polygons without vertices
 * on their sides, of at most `FAST_PATH_MAX_VERTICES` vertices (`Polygon.simpleConvex`), the
 * edge that last separated them is tested first, and a reference edge provably still the
 * search's choice skips the search; the contacts are exactly those of the call without it. Other
 * pairs ignore it.
 */
export function collidePolygonPolygon<B>(
  a: Polygon<B>,
  b: Polygon<B>,
  data: CollisionData2<B>,
  cache?: PairCache2,
): number {
  if (cache !== undefined) cache.claim(a, b);
  // Rounded polygons: this test on the cores, the contacts moved out by the radii (rounded.ts).
  if (a.radius > 0 || b.radius > 0) {
    const written = a.simpleConvex && b.simpleConvex ? roundedConvexPair(a, b, data) : -1;
    if (written >= 0) return written;
    return collideRounded(polygonCores, a, b, data, a.radius, b.radius, CLOSEST_CORNERS);
  }
  return polygonCores(a, b, data, cache);
}

/**
 * Two rounded `simpleConvex` polygons whose cores are apart (the common case of rounded shapes
 * in contact: the radii overlap, the cores do not): the separating-axis test on the cores
 * (`coresApart`) names the reference and incident edges, on which the closest points lie, and
 * `collideConvexRoundedApart` writes the contacts from the closest points of those two edges
 * (Box2D v3's b2CollidePolygons: a corner contact, or the clipped edge), without running the
 * core detector or `collideRounded`'s search over every vertex against every edge. Returns the
 * number written, or -1 for cores that overlap or touch, left to `collideRounded`.
 */
function roundedConvexPair<B>(a: Polygon<B>, b: Polygon<B>, data: CollisionData2<B>): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  const pp = first.packed, qp = second.packed, query = scratchQuery;
  // `collideRounded`'s core tolerance, and the bounding circles as `convexPair` tests them.
  const tolerance = data.tolerance + (a.radius + b.radius);
  const dx = qp[2]! - pp[2]!, dy = qp[3]! - pp[3]!, reach = pp[4]! + qp[4]! + tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  query.tolerance = tolerance;
  const state = coresApart(first, second, query, scratchEdges);
  if (state === CORES_SEPARATED) return 0;
  if (state === CORES_OVERLAP) return -1;
  return collideConvexRoundedApart(
    first,
    second,
    data,
    first.radius,
    second.radius,
    flip,
    scratchEdges,
  );
}

/**
 * `collidePolygonPolygon` on the cores (radii not counted); with `collideRounded`, the general
 * path of rounded polygons (exported for the tests that hold the fast paths to it).
 */
export function polygonCores<B>(
  a: Polygon<B>,
  b: Polygon<B>,
  data: CollisionData2<B>,
  cache?: PairCache2,
): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  if (first.simpleConvex && second.simpleConvex) {
    return convexPair(first, second, data, flip, a.body, b.body, cache);
  }
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  const reach = first.boundingRadius + second.boundingRadius + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  const query = scratchQuery, manifold = scratchManifold;
  query.set(first, second, data.tolerance);
  manifold.count = 0;
  const firstPieces = first.convexPieces(), secondPieces = second.convexPieces();
  if (firstPieces.length === 1 && secondPieces.length === 1) {
    collidePieces(firstPieces[0]!, secondPieces[0]!, query, manifold);
  } else piecewiseContacts(first, second, query, manifold, scratchBox);
  return emitManifold2(manifold, first.transform, data, a.body, b.body, flip);
}

/**
 * Two `simpleConvex` polygons, `first` (P) and `second` (Q), through the convex kernel, which
 * reads only the polygons' `packed` arrays (convex-polygons.ts), with the pair's cache if any;
 * the two rare steps it leaves, through `collidePieces`. The same contacts as `collidePieces`
 * bit for bit.
 */
function convexPair<B>(
  first: Polygon<B>,
  second: Polygon<B>,
  data: CollisionData2<B>,
  flip: boolean,
  firstBody: B | null,
  secondBody: B | null,
  cache: PairCache2 | undefined,
): number {
  const pp = first.packed, qp = second.packed, query = scratchQuery, manifold = scratchManifold;
  // Bounding circles about the polygons' origins (`packed` holds the poses and the radii).
  const dx = qp[2]! - pp[2]!, dy = qp[3]! - pp[3]!, reach = pp[4]! + qp[4]! + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  manifold.count = 0;
  query.tolerance = data.tolerance;
  const sat = cache === undefined ? null : cache.polygon;
  if (!collideConvexPolygons(first, second, query, manifold, sat)) {
    query.set(first, second, data.tolerance);
    collidePieces(first.convexPieces()[0]!, second.convexPieces()[0]!, query, manifold);
  }
  if (sat !== null) {
    cache!.lastPath = sat.path === SAT_PATH_SEPARATED
      ? 'separated'
      : sat.path === SAT_PATH_REFERENCE
      ? 'reference'
      : 'full';
  }
  return emitManifold2(manifold, first.transform, data, firstBody, secondBody, flip);
}

/**
 * Every piece pair of `first` (P) and `second` (Q) near each other into `manifold`, then the merge
 * and the hidden-overlap check.
 */
function piecewiseContacts(
  first: Polygon,
  second: Polygon,
  query: PieceQuery,
  manifold: LocalManifold2,
  box: Float64Array,
): void {
  const firstPieces = first.convexPieces(), secondPieces = second.convexPieces();
  // Long concave outlines have many pieces: their grids give the pieces near the other shape.
  // (A polygon against itself uses no inner grid: one grid's candidates cannot be listed twice at once.)
  const firstGrid = first.pieceGrid(), secondGrid = first === second ? null : second.pieceGrid();
  const tolerance = query.tolerance, c = query.cos, s = query.sin, tx = query.x, ty = query.y;
  let firstCount = firstPieces.length;
  if (firstGrid) {
    const around = second.boundingRadius + tolerance;
    box[0] = tx - around;
    box[1] = ty - around;
    box[2] = tx + around;
    box[3] = ty + around;
    firstCount = firstGrid.query(box);
  }
  let near = false;
  for (let k = 0; k < firstCount; k++) {
    const p = firstPieces[firstGrid ? firstGrid.candidates[k]! : k]!;
    let secondCount = secondPieces.length;
    if (secondGrid) {
      // The piece's bounding circle in the second's frame: R^T (centre - t).
      const ex = p.centerX - tx, ey = p.centerY - ty;
      const x = c * ex + s * ey, y = -s * ex + c * ey, around = p.radius + tolerance;
      box[0] = x - around;
      box[1] = y - around;
      box[2] = x + around;
      box[3] = y + around;
      secondCount = secondGrid.query(box);
    }
    for (let m = 0; m < secondCount; m++) {
      if (
        collidePieces(p, secondPieces[secondGrid ? secondGrid.candidates[m]! : m]!, query, manifold)
      ) near = true;
    }
  }
  if (manifold.count > 1) manifold.mergeDuplicates(first, second);
  if (near) hiddenOverlapContact(first, second, query, manifold);
}

/**
 * Whether every vertex of `visitor` lies strictly inside `container` (crossing number), with the
 * visitor's pose in the container's frame (c, s, x0, y0); stops at the first vertex outside.
 */
function allVerticesInside(
  container: Polygon,
  visitor: Polygon,
  c: number,
  s: number,
  x0: number,
  y0: number,
): boolean {
  const cv = container.vertices, n = container.count;
  for (let k = 0; k < visitor.count; k++) {
    const lx = visitor.vertices[2 * k]!, ly = visitor.vertices[2 * k + 1]!;
    const wx = c * lx - s * ly + x0, wy = s * lx + c * ly + y0;
    let inside = false;
    for (let i = 0, j = n - 1; i < n; j = i++) {
      const ay = cv[2 * i + 1]!, by = cv[2 * j + 1]!;
      if (
        ay > wy !== by > wy && wx < cv[2 * i]! + ((wy - ay) * (cv[2 * j]! - cv[2 * i]!)) / (by - ay)
      ) inside = !inside;
    }
    if (!inside) return false;
  }
  return true;
}

/** Whether an edge of `second` (pose c, s, x0, y0 in `first`'s frame) properly crosses an edge of `first`. */
function edgesCross(
  first: Polygon,
  second: Polygon,
  c: number,
  s: number,
  x0: number,
  y0: number,
): boolean {
  const pv = first.vertices, qv = second.vertices, n = first.count, m = second.count;
  for (let j = 0; j < m; j++) {
    const k = j + 1 === m ? 0 : j + 1;
    const ax = c * qv[2 * j]! - s * qv[2 * j + 1]! + x0,
      ay = s * qv[2 * j]! + c * qv[2 * j + 1]! + y0;
    const bx = c * qv[2 * k]! - s * qv[2 * k + 1]! + x0,
      by = s * qv[2 * k]! + c * qv[2 * k + 1]! + y0;
    for (let i = 0; i < n; i++) {
      const l = i + 1 === n ? 0 : i + 1;
      const px = pv[2 * i]!, py = pv[2 * i + 1]!, qx = pv[2 * l]!, qy = pv[2 * l + 1]!;
      // Each segment's ends strictly on opposite sides of the other's line.
      const d1 = (bx - ax) * (py - ay) - (by - ay) * (px - ax),
        d2 = (bx - ax) * (qy - ay) - (by - ay) * (qx - ax);
      const d3 = (qx - px) * (ay - py) - (qy - py) * (ax - px),
        d4 = (qx - px) * (by - py) - (qy - py) * (bx - px);
      if (
        ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))
      ) return true;
    }
  }
  return false;
}

/**
 * What the piece pairs cannot see. A polygon lying wholly inside the other (all its vertices
 * inside, no edges crossing) gets, besides any piece contacts (which push pieces out of pieces
 * and need not free it), the contact that frees the pair: the least translation of P along an
 * outline edge normal of either polygon that separates their projections on it, which separates
 * the polygons (their convex hulls are apart along it). Normal the direction P moves, depth the
 * translation; the witness on P is P's vertex extreme along the normal (on its outline), the one
 * on Q lies on Q's supporting line at Q's extreme vertex (off Q's outline when Q is concave
 * there); kind PointPoint, features the two extreme vertices.
 *
 * Overlapping polygons for which no piece pair reported anything (the points the pieces clipped
 * all lay on internal edges) get a contact per vertex of either inside the other, pushed out
 * through the nearest outline point (`inside-vertices.ts`), witnesses on both outlines; only when
 * no vertex lies inside (edges crossing alone), the least translation above.
 *
 * A polygon whose vertices all lie inside a concave polygon while its edges cross the outline
 * (a box wedged in a U's notch, its corners in the arms and its sides across the walls) is not
 * inside it: its contacts are the walls', and no single one of them frees it (nor can any: it is
 * wedged).
 */
function hiddenOverlapContact(
  first: Polygon,
  second: Polygon,
  query: PieceQuery,
  manifold: LocalManifold2,
): void {
  const c = query.cos, s = query.sin, tx = query.x, ty = query.y;
  // P's pose in Q's frame: the inverse of Q's in P's, (c, -s) and -R^T t.
  const px = -(c * tx + s * ty), py = -(-s * tx + c * ty);
  const nested = (allVerticesInside(first, second, c, s, tx, ty) ||
    allVerticesInside(second, first, c, -s, px, py)) &&
    !edgesCross(first, second, c, s, tx, ty);
  if (!nested) {
    if (manifold.count > 0) return;
    const inside = scratchInside, qv = second.vertices, pv = first.vertices;
    let found = insideVertexContacts(first, true, c, s, tx, ty, qv, second.count, inside, manifold);
    found += insideVertexContacts(second, false, c, s, tx, ty, pv, first.count, inside, manifold);
    // No vertex inside the other: an overlap only where edges cross (then the translation below).
    if (found > 0 || !edgesCross(first, second, c, s, tx, ty)) return;
  }
  const pv = first.vertices, qv = second.vertices;
  let best = Infinity, bestX = 0, bestY = 0, bestP = 0, bestQ = 0;
  for (let axis = 0; axis < first.count + second.count; axis++) {
    // An outline edge normal of P, or of Q turned into P's frame.
    const k = axis < first.count ? axis : axis - first.count;
    const lx = axis < first.count ? first.normals[2 * k]! : second.normals[2 * k]!,
      ly = axis < first.count ? first.normals[2 * k + 1]! : second.normals[2 * k + 1]!;
    const mx = axis < first.count ? lx : c * lx - s * ly,
      my = axis < first.count ? ly : s * lx + c * ly;
    let pMin = Infinity,
      pMax = -Infinity,
      qMin = Infinity,
      qMax = -Infinity,
      pLow = 0,
      pHigh = 0,
      qLow = 0,
      qHigh = 0;
    for (let i = 0; i < first.count; i++) {
      const d = mx * pv[2 * i]! + my * pv[2 * i + 1]!;
      if (d < pMin) {
        pMin = d;
        pLow = i;
      }
      if (d > pMax) {
        pMax = d;
        pHigh = i;
      }
    }
    for (let j = 0; j < second.count; j++) {
      const d = mx * (c * qv[2 * j]! - s * qv[2 * j + 1]! + tx) +
        my * (s * qv[2 * j]! + c * qv[2 * j + 1]! + ty);
      if (d < qMin) {
        qMin = d;
        qLow = j;
      }
      if (d > qMax) {
        qMax = d;
        qHigh = j;
      }
    }
    // P along +m past Q's far side, or along -m past Q's near side; the first least on a tie.
    const up = qMax - pMin, down = pMax - qMin;
    if (up < best || down < best) {
      const along = up <= down;
      best = along ? up : down;
      bestX = along ? mx : 0 - mx;
      bestY = along ? my : 0 - my;
      bestP = along ? pLow : pHigh;
      bestQ = along ? qHigh : qLow;
    }
  }
  if (!(best > 0)) return;
  // Witnesses: P's extreme vertex, and that vertex moved by the translation (on Q's supporting line).
  const x = pv[2 * bestP]! + 0.5 * best * bestX, y = pv[2 * bestP + 1]! + 0.5 * best * bestY;
  manifold.add(
    x,
    y,
    bestX,
    bestY,
    best,
    ContactKind.PointPoint,
    VERTEX_FEATURE | bestP,
    VERTEX_FEATURE | bestQ,
  );
}
