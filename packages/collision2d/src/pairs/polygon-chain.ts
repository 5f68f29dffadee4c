/**
 * Polygon against an open chain. Each chain segment near the polygon (found through the chain's
 * segment index) is a thin two-sided convex piece: two vertices and two edges, one facing each
 * side, so a polygon is pushed out on whichever side of the segment it lies, as a circle is in
 * `collideCircleChain`. Each piece meets each convex piece of the polygon in the convex test of
 * `polygon-clip.ts`; points that two neighbouring segments both report at their shared vertex
 * are merged; a chain lying inside the polygon where no piece pair reports gets a contact per
 * vertex inside (`inside-vertices.ts`).
 *
 * No ghost contacts: a piece pair's normal is checked against the cones of the segment's
 * vertices (`chain-cones.ts`, after Box2D v3's chain segments). A normal leaning past a straight
 * or concave vertex is snapped: the pair is computed again with the segment's face as the
 * reference. One leaning past a convex vertex's neighbour is skipped, the neighbour answers; if
 * no segment then reports anything, the skipped ones are computed snapped, so an overlap never
 * goes without a contact.
 */
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import { collidePieces, PieceQuery } from '../clip/polygon-clip.js';
import { insideVertexContact, InsideVertexQuery } from '../clip/inside-vertices.js';
import { type Chain, ConvexPiece, type Polygon } from '../shapes/shapes.js';
import {
  ChainNormal,
  classifySegmentContacts,
  loadSegmentPiece,
  NORMAL_SKIP,
  NORMAL_SNAP,
} from '../contours/chain-cones.js';

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
/** One piece pair's points, classified before they join the pair's manifold. */
const scratchPieceManifold = new LocalManifold2(16);
const scratchNormal = new ChainNormal();

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
  const query = scratchQuery, manifold = scratchManifold, queryBox = scratchBox;
  query.set(polygon, chain, data.tolerance);
  manifold.count = 0;
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
  const v = chain.vertices;
  let near = false, skipped = false;
  for (let pass = 0; pass < 2; pass++) {
    // Pass 1 only when segments were skipped and none reported: then nothing is skipped.
    if (pass === 1 && (manifold.count > 0 || skipped === false)) break;
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const found = segmentContacts(polygon, chain, i, pass === 1, queryBox, query, manifold);
      if ((found & NEAR) !== 0) near = true;
      if ((found & SKIPPED) !== 0) skipped = true;
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

/** What `segmentContacts` found, as bits: some piece pair is within the tolerance on every axis. */
const NEAR = 1;
/** A piece pair's contacts were skipped (the neighbouring segment answers for them). */
const SKIPPED = 2;

/**
 * Adds the contacts of chain segment `i` against the polygon's pieces to `manifold` (polygon
 * frame), each piece pair's normal classified by its cone first; with `noSkip`, a normal to skip is
 * snapped instead. Returns the `NEAR` and `SKIPPED` bits.
 */
function segmentContacts(
  polygon: Polygon,
  chain: Chain,
  i: number,
  noSkip: boolean,
  queryBox: Float64Array,
  query: PieceQuery,
  manifold: LocalManifold2,
): number {
  const segmentPiece = scratchSegment, pieceManifold = scratchPieceManifold;
  loadSegmentPiece(segmentPiece, chain, i);
  const sv = segmentPiece.vertices;
  const pieces = polygon.convexPieces(), pieceGrid = polygon.pieceGrid();
  // Chain frame to polygon frame: rotation (c, s), translation (x, y).
  const c = query.cos, s = query.sin, tolerance = query.tolerance;
  let pieceCount = pieces.length;
  if (pieceGrid) {
    // The segment's box in the polygon's frame picks the pieces to test.
    const ax = c * sv[0]! - s * sv[1]! + query.x, ay = s * sv[0]! + c * sv[1]! + query.y;
    const bx = c * sv[2]! - s * sv[3]! + query.x, by = s * sv[2]! + c * sv[3]! + query.y;
    queryBox[0] = (ax < bx ? ax : bx) - tolerance;
    queryBox[1] = (ay < by ? ay : by) - tolerance;
    queryBox[2] = (ax > bx ? ax : bx) + tolerance;
    queryBox[3] = (ay > by ? ay : by) + tolerance;
    pieceCount = pieceGrid.query(queryBox);
  }
  let found = 0;
  for (let j = 0; j < pieceCount; j++) {
    const piece = pieces[pieceGrid ? pieceGrid.candidates[j]! : j]!;
    pieceManifold.count = 0;
    if (collidePieces(piece, segmentPiece, query, pieceManifold)) found |= NEAR;
    if (pieceManifold.count === 0) continue;
    // A piece pair's points share one normal (the reference edge's or the closest points'),
    // here from the chain toward the polygon in the polygon's frame; the chain's frame is the
    // inverse rotation.
    const point = pieceManifold.points[0]!;
    const normal = scratchNormal;
    normal.x = c * point.normalX + s * point.normalY;
    normal.y = -s * point.normalX + c * point.normalY;
    let verdict = classifySegmentContacts(chain, i, pieceManifold, normal);
    if (verdict === NORMAL_SKIP && noSkip) verdict = NORMAL_SNAP;
    if (verdict === NORMAL_SKIP) {
      found |= SKIPPED;
      continue;
    }
    if (verdict === NORMAL_SNAP) {
      pieceManifold.count = 0;
      query.secondReference = true;
      collidePieces(piece, segmentPiece, query, pieceManifold);
      query.secondReference = false;
    }
    for (let m = 0; m < pieceManifold.count; m++) manifold.addPoint(pieceManifold.points[m]!);
  }
  return found;
}
