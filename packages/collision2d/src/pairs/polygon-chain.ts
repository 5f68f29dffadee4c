/**
 * Polygon against an open chain. Each chain segment near the polygon (found through the chain's
 * segment index) is a thin two-sided convex piece: two vertices and two edges, one facing each
 * side, so a polygon is pushed out on whichever side of the segment it lies, as a circle is in
 * `collideCircleChain`. Each piece meets each convex piece of the polygon in the convex test of
 * `polygon-clip.ts`; points that two neighbouring segments both report at their shared vertex
 * are merged; a chain lying inside the polygon where no piece pair reports gets a contact per
 * vertex inside (`inside-vertices.ts`). The segments are independent: a polygon sliding along the chain may catch an
 * interior vertex (Box2D's "ghost collision"); no smoothing across vertices is done.
 */
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import { collidePieces, PieceQuery } from '../clip/polygon-clip.js';
import { insideVertexContact, InsideVertexQuery } from '../clip/inside-vertices.js';
import { type Chain, ConvexPiece, type Polygon } from '../shapes/shapes.js';

/**
 * Scratch of `collidePolygonChain` (module-level: a call allocates nothing), handed on
 * explicitly: the segment being tested as a piece (edge 0 faces right of the segment, edge 1
 * left), a box for the grids, the pair's query and its local manifold.
 */
const scratchSegment = new ConvexPiece(2);
const scratchBox = new Float64Array(4);
const scratchQuery = new PieceQuery();
const scratchManifold = new LocalManifold2(64);
const scratchInside = new InsideVertexQuery();

/**
 * Writes the contacts of `polygon` against `chain` (or a Segment): normal from the chain toward
 * the polygon, the rest as `collidePolygonPolygon` (feature codes of the chain: the segment
 * index for either face, `VERTEX_FEATURE | vertex` for a vertex). At most
 * `data.maxContactsPerPair`, deepest first. Returns the number written.
 */
export function collidePolygonChain<B>(
  polygon: Polygon<B>,
  chain: Chain<B>,
  data: CollisionData2<B>,
): number {
  const xf = chain.transform;
  const dx = polygon.transform.x - xf.x, dy = polygon.transform.y - xf.y;
  const reach = polygon.boundingRadius + chain.boundingRadius + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  const query = scratchQuery,
    manifold = scratchManifold,
    segmentPiece = scratchSegment,
    queryBox = scratchBox;
  query.set(polygon, chain, data.tolerance);
  manifold.count = 0;
  const pieces = polygon.convexPieces();
  // The polygon's bounding circle in the chain's frame picks the segments to visit.
  const cx = xf.cos * dx + xf.sin * dy, cy = -xf.sin * dx + xf.cos * dy;
  const around = polygon.boundingRadius + data.tolerance;
  const grid = chain.grid;
  let candidates = chain.segmentCount;
  if (grid) {
    queryBox[0] = cx - around;
    queryBox[1] = cy - around;
    queryBox[2] = cx + around;
    queryBox[3] = cy + around;
    candidates = grid.query(queryBox);
  }
  const v = chain.vertices, n = chain.normals;
  const pieceGrid = polygon.pieceGrid();
  // Chain frame to polygon frame: rotation (c, s) and translation (tx, ty) = R_p^T (t_c - t_p).
  const xp = polygon.transform;
  const c = xp.cos * xf.cos + xp.sin * xf.sin, s = xp.cos * xf.sin - xp.sin * xf.cos;
  const tx = -(xp.cos * dx + xp.sin * dy), ty = -(-xp.sin * dx + xp.cos * dy);
  let near = false;
  for (let k = 0; k < candidates; k++) {
    const i = grid ? grid.candidates[k]! : k;
    const sv = segmentPiece.vertices, sn = segmentPiece.normals;
    sv[0] = v[2 * i]!;
    sv[1] = v[2 * i + 1]!;
    sv[2] = v[2 * i + 2]!;
    sv[3] = v[2 * i + 3]!;
    sn[0] = -n[2 * i]!;
    sn[1] = -n[2 * i + 1]!;
    sn[2] = n[2 * i]!;
    sn[3] = n[2 * i + 1]!;
    segmentPiece.outerEdge[0] = i;
    segmentPiece.outerEdge[1] = i;
    segmentPiece.vertexIndex[0] = i;
    segmentPiece.vertexIndex[1] = i + 1;
    segmentPiece.pack();
    segmentPiece.updateBounds();
    let pieceCount = pieces.length;
    if (pieceGrid) {
      // The segment's box in the polygon's frame picks the pieces to test.
      const ax = c * sv[0]! - s * sv[1]! + tx, ay = s * sv[0]! + c * sv[1]! + ty;
      const bx = c * sv[2]! - s * sv[3]! + tx, by = s * sv[2]! + c * sv[3]! + ty;
      queryBox[0] = (ax < bx ? ax : bx) - data.tolerance;
      queryBox[1] = (ay < by ? ay : by) - data.tolerance;
      queryBox[2] = (ax > bx ? ax : bx) + data.tolerance;
      queryBox[3] = (ay > by ? ay : by) + data.tolerance;
      pieceCount = pieceGrid.query(queryBox);
    }
    for (let j = 0; j < pieceCount; j++) {
      if (
        collidePieces(
          pieces[pieceGrid ? pieceGrid.candidates[j]! : j]!,
          segmentPiece,
          query,
          manifold,
        )
      ) near = true;
    }
  }
  // Nothing reported, yet a vertex of the chain may lie inside the polygon (a chain wholly inside
  // a concave polygon, whose piece pairs each led to an internal edge): one contact per such
  // vertex, out through the nearest outline point. Each vertex starts a segment visited above,
  // the last one ends the last segment. A vertex inside lies in a piece, which its segment does
  // not clear: only pairs with a piece pair near each other need the search.
  if (manifold.count === 0 && near) {
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      insideVertexContact(
        polygon,
        true,
        query.cos,
        query.sin,
        query.x,
        query.y,
        v[2 * i]!,
        v[2 * i + 1]!,
        i,
        scratchInside,
        manifold,
      );
      if (i + 1 === chain.segmentCount) {
        insideVertexContact(
          polygon,
          true,
          query.cos,
          query.sin,
          query.x,
          query.y,
          v[2 * i + 2]!,
          v[2 * i + 3]!,
          i + 1,
          scratchInside,
          manifold,
        );
      }
    }
  }
  if (manifold.count > 1) manifold.mergeDuplicates(polygon, chain);
  return emitManifold2(manifold, polygon.transform, data, polygon.body, chain.body, false);
}
