/**
 * Polygon against polygon, convex or concave.
 *
 * Convex pairs: the separating-axis test with reference and incident edges and clipping (see
 * `polygon-clip.ts`), up to 2 points. Two `simpleConvex` polygons take `collideConvexPolygons`,
 * the same steps in one function on packed data, bit for bit the general path's answer.
 *
 * Concave pairs: each concave polygon is split once into convex pieces (ear clipping, then the
 * Hertel-Mehlhorn merge: `Polygon.convexPieces`), every piece pair passes the bounding-circle
 * early out (seed 000's R_ext, per piece) and the convex test, and the results are merged. We
 * chose decomposition over seed 000's initiator/opponent ray test because the ray test finds
 * which contour points crossed which segments but gives no single push-out direction or depth
 * for a solver, and it misses an edge lying across a vertex; the convex test gives both, with the
 * stable reference-face manifold. Double counting is avoided in two ways: (1) only outline edges
 * may be reference edges, so nothing is ever pushed out through an internal (decomposition)
 * edge, which is not a surface; internal edges still serve as separating axes for the early
 * out; (2) points that two piece pairs both report are merged, keeping the deeper: points with
 * agreeing normals on one line along the normal (within 1e-6 of the pair's size across it). That
 * covers the same point reported at a shared diagonal end, and the shallower copy a piece reports
 * when its side toward the other shape is an internal edge (its clipped points lie inside the
 * polygon, under the surface point another piece reports). (3) A piece may have several edges on
 * one line (a vertex of the outline inside a straight side, e.g. where a T's stem meets its bar):
 * such a run is clipped as one incident side, and each stretch of outline edges on the
 * reference line is a reference side of its own. (4) The deepest-vertex fallback, when a piece
 * of a concave polygon takes part, takes only a vertex within the reference piece and beside its
 * reference edge. Per-pair results are cut to
 * `maxContactsPerPair`, deepest first.
 *
 * Canonical order: the pair is always computed with the shape of the smaller `id` as P, so
 * swapping the arguments gives exactly the same points, depths, kinds and feature ids (P's
 * feature in the high half), negated normals; and the reference-face bias favours the same
 * shape in both orders.
 */
import type { CollisionData2 } from './contact2.js';
import { beginPending, flushPending, mergePendingDuplicates, pendingSize } from './manifold2.js';
import { addPieceContacts, collideConvexPolygons, setPair } from './polygon-clip.js';
import type { Polygon } from './shapes.js';

/** A box handed to a piece grid. */
const queryBox = new Float64Array(4);

/**
 * Writes the contacts of polygon `a` against polygon `b` (Aabb included): normal from `b`
 * toward `a`, penetration along it (down to `-data.tolerance`), point the midpoint of the
 * incident point and its projection on the reference edge; kinds PointFace (a vertex against an
 * edge) and PointEdge (a point made by clipping at a reference corner); featureId packs the
 * features of the shape of the smaller `id` (high half) and of the other, in either argument
 * order. Convex pairs write at most 2 contacts; concave pairs at most
 * `data.maxContactsPerPair`, deepest first. Identical shapes at the same pose report the face
 * of the smaller id as reference. Returns the number written.
 */
export function collidePolygonPolygon(a: Polygon, b: Polygon, data: CollisionData2): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  if (first.simpleConvex && second.simpleConvex) return collideConvexPolygons(first, second, data, a.body, b.body, flip);
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  const reach = first.boundingRadius + second.boundingRadius + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  return piecewise(first, second, data, a.body, b.body, flip);
}

/**
 * `collidePolygonPolygon` without its convex fast path: every pair through the piece machinery
 * and the pending manifold. Internal; exported for the test that compares the two paths.
 */
export function generalPolygonPolygon(a: Polygon, b: Polygon, data: CollisionData2): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  const reach = first.boundingRadius + second.boundingRadius + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  return piecewise(first, second, data, a.body, b.body, flip);
}

/** Every piece pair of `first` (P, the smaller id) and `second` through the pending manifold. */
function piecewise(first: Polygon, second: Polygon, data: CollisionData2, firstBody: unknown, secondBody: unknown, flip: boolean): number {
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  beginPending();
  setPair(first, second, data);
  const firstPieces = first.convexPieces(), secondPieces = second.convexPieces();
  // Long concave outlines have many pieces: their grids give the pieces near the other shape.
  // (A polygon against itself uses no inner grid: one grid's candidates cannot be listed twice at once.)
  const firstGrid = first.pieceGrid(), secondGrid = first === second ? null : second.pieceGrid();
  const tolerance = data.tolerance;
  // Pose of the second in the first's frame: rotation (c, s), translation (tx, ty).
  const xf1 = first.transform, xf2 = second.transform;
  const c = xf1.cos * xf2.cos + xf1.sin * xf2.sin, s = xf1.cos * xf2.sin - xf1.sin * xf2.cos;
  const tx = xf1.cos * dx + xf1.sin * dy, ty = -xf1.sin * dx + xf1.cos * dy;
  let firstCount = firstPieces.length;
  if (firstGrid) {
    const around = second.boundingRadius + tolerance;
    queryBox[0] = tx - around;
    queryBox[1] = ty - around;
    queryBox[2] = tx + around;
    queryBox[3] = ty + around;
    firstCount = firstGrid.query(queryBox);
  }
  for (let k = 0; k < firstCount; k++) {
    const p = firstPieces[firstGrid ? firstGrid.candidates[k]! : k]!;
    let secondCount = secondPieces.length;
    if (secondGrid) {
      // The piece's bounding circle in the second's frame: R^T (centre - t).
      const ex = p.centerX - tx, ey = p.centerY - ty;
      const x = c * ex + s * ey, y = -s * ex + c * ey, around = p.radius + tolerance;
      queryBox[0] = x - around;
      queryBox[1] = y - around;
      queryBox[2] = x + around;
      queryBox[3] = y + around;
      secondCount = secondGrid.query(queryBox);
    }
    for (let m = 0; m < secondCount; m++) addPieceContacts(p, secondPieces[secondGrid ? secondGrid.candidates[m]! : m]!);
  }
  if (pendingSize() > 1 && (firstPieces.length > 1 || secondPieces.length > 1)) {
    mergePendingDuplicates(first, second);
  }
  return flushPending(data, firstBody, secondBody, flip);
}
