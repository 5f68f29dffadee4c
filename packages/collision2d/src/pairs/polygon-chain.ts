/**
 * Polygon against an open chain. Each chain segment near the polygon (found through the chain's
 * segment index) is a thin two-sided convex piece: two vertices and two edges, one facing each
 * side, so a polygon is pushed out on whichever side of the segment it lies, as a circle is in
 * `collideCircleChain`. Each piece meets each convex piece of the polygon in the convex test of
 * `polygon-clip.ts`; points that two neighbouring segments both report at their shared vertex
 * are merged; a chain lying inside the polygon where no piece pair reports gets a contact per
 * vertex inside (`inside-vertices.ts`). Segments in line are measured one by one, not as one
 * piece per straight run: the point both report at their shared vertex and each one's choice
 * of reference face are part of the contacts (benchmarks/README.md, 2D capsules and chains).
 *
 * No ghost contacts: a piece pair's normal is checked against the cones of the segment's
 * vertices (`chain-cones.ts`, after Box2D v3's chain segments), before clipping where that normal
 * alone decides the points (`pieceAxes`, then `pieceContacts` only for a normal admitted). A
 * normal leaning past a straight or concave vertex is snapped: the pair is clipped with the
 * segment's face as the reference, its separating axes reused (`snapPieces`; its points beside
 * the segment left to the neighbours; for a piece lying across the segment, the face on the
 * normal's side when the other gives nothing). One leaning past a convex vertex's neighbour is
 * skipped, the neighbour answers; if no segment then reports anything, the
 * skipped ones are computed snapped, so an overlap never goes without a contact. One inside the
 * cone it leans toward keeps the points that may carry it (a point at the segment's other
 * vertex, outside that one's cone, is a ghost); snapped only when none may. A piece apart from
 * the segment whose snapped faces meet nothing (it lies beyond the segment's end) gets the
 * contact of the closest points, if the segment's feature there holds its direction. A segment
 * whose direction is round-off (`segmentUnresolved`: a near-duplicate vertex) is not snapped to
 * while a neighbour may answer, and lends no normal to a vertex inside the polygon.
 */
import { CLOSEST_CLAMP, collideRounded } from './rounded.js';
import type { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2, type ManifoldPoint2 } from '../manifold/manifold2.js';
import {
  closestPiecesContact,
  PIECES_APART,
  PIECES_NO_REFERENCE,
  pieceAxes,
  pieceContacts,
  PieceQuery,
  snapPieces,
} from '../clip/polygon-clip.js';
import { insideVertexContact, InsideVertexQuery } from '../clip/inside-vertices.js';
import { rayCrossingTest } from '../contours/ray-crossing.js';
import { ContactKind, Transform2 } from '@contactkit/math';
import {
  type Chain,
  ConvexPiece,
  type Polygon,
  transformedBounds,
  VERTEX_FEATURE,
} from '../shapes/shapes.js';
import {
  ChainNormal,
  classifySegmentNormal,
  classifyVertexNormal,
  heldAtVertex,
  loadSegmentPiece,
  NORMAL_ADMIT,
  NORMAL_SKIP,
  NORMAL_SNAP,
  segmentUnresolved,
} from '../contours/chain-cones.js';

/**
 * Scratch of `collidePolygonChain` (module-level: a call allocates nothing), handed on
 * explicitly: the segment being tested as a piece (edge 0 faces right of the segment, edge 1
 * left), a box for the grids, the pair's query and its local manifold.
 */
const scratchSegment = new ConvexPiece(2);
const scratchBox = new Float64Array(4);
const scratchPolygonBox = new Float64Array(4);
const scratchQuery = new PieceQuery();
const scratchManifold = new LocalManifold2(64);
const scratchInside = new InsideVertexQuery();
/** One piece pair's points, classified before they join the pair's manifold. */
const scratchPieceManifold = new LocalManifold2(16);
const scratchNormal = new ChainNormal();
/** The identity pose: a polygon's vertices under it give their box in the polygon's own frame. */
const ownFrame = new Transform2();

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
  if (polygon.radius > 0) {
    return collideRounded(
      polygonChainCores,
      polygon,
      chain,
      data,
      polygon.radius,
      0,
      CLOSEST_CLAMP,
    );
  }
  return polygonChainCores(polygon, chain, data);
}

/** `collidePolygonChain` on the polygon's core (its radius not counted). */
function polygonChainCores<B>(
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
  // A segment whose box in the polygon's frame misses the polygon's box there, grown by the
  // tolerance (and the round-off allowance), is further than the tolerance from the polygon along
  // one of that frame's axes: no contact, and none of its vertices inside. The separating axes
  // would find it apart too, after loading it; on the sliding box this leaves 1.56 of the 4.65
  // segments the grid lists, where the polygon's bounding circle left 2.17.
  const box = scratchPolygonBox, margin = data.tolerance + query.slack;
  polygonBox(polygon, box);
  const minX = box[0]! - margin, minY = box[1]! - margin;
  const maxX = box[2]! + margin, maxY = box[3]! + margin;
  // Chain frame to polygon frame, as `pieceAxes` brings the segment there.
  const c = query.cos, s = query.sin, tx = query.x, ty = query.y;
  let near = false, skipped = false;
  for (let pass = 0; pass < 2; pass++) {
    // Pass 1 only when segments were skipped and none reported: then nothing is skipped.
    if (pass === 1 && (manifold.count > 0 || skipped === false)) break;
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const ax = v[2 * i]!, ay = v[2 * i + 1]!, bx = v[2 * i + 2]!, by = v[2 * i + 3]!;
      const px = c * ax - s * ay + tx, py = s * ax + c * ay + ty;
      const qx = c * bx - s * by + tx, qy = s * bx + c * by + ty;
      if (
        (px < minX && qx < minX) || (px > maxX && qx > maxX) || (py < minY && qy < minY) ||
        (py > maxY && qy > maxY)
      ) continue;
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
      insideChainVertex(polygon, chain, i, query, manifold);
      if (i + 1 === chain.segmentCount) insideChainVertex(polygon, chain, i + 1, query, manifold);
    }
  }
  if (manifold.count > 1) manifold.mergeDuplicates(polygon, chain);
  return emitManifold2(manifold, polygon.transform, data, polygon.body, chain.body, false);
}

/**
 * The bounding box of `polygon`'s core in its own frame into `box` (`minX, minY, maxX, maxY`):
 * its segment grid's bounds when it has one (built over every edge), else the box of its few
 * vertices, as its world box is found but under the identity pose.
 */
function polygonBox(polygon: Polygon, box: Float64Array): void {
  const grid = polygon.grid;
  if (grid) {
    box[0] = grid.minX;
    box[1] = grid.minY;
    box[2] = grid.maxX;
    box[3] = grid.maxY;
    return;
  }
  transformedBounds(box, ownFrame, polygon.vertices, polygon.count);
}

/**
 * Adds the contact of chain vertex `vertex` if it lies inside the polygon (`insideVertexContact`:
 * out through the nearest outline point). At an interior vertex whose normal that way lies
 * outside the vertex's cone, the contact goes along a normal of the vertex's two segments
 * instead (each inside the cone of the side it points to): the one of the four (either segment,
 * either side) along which the polygon's outline reaches the vertex soonest, found by casting
 * a ray from the vertex against the polygon's edges. Its depth is that distance, its witnesses
 * the vertex and the outline point the ray meets, so moving the polygon by it along the normal
 * frees the two features the contact names.
 */
function insideChainVertex(
  polygon: Polygon,
  chain: Chain,
  vertex: number,
  query: PieceQuery,
  manifold: LocalManifold2,
): void {
  const v = chain.vertices, found = scratchPieceManifold, inside = scratchInside;
  found.count = 0;
  const c = query.cos, s = query.sin;
  if (
    !insideVertexContact(
      polygon,
      true,
      c,
      s,
      query.x,
      query.y,
      v[2 * vertex]!,
      v[2 * vertex + 1]!,
      vertex,
      inside,
      found,
    )
  ) return;
  const point = found.points[0]!, normal = scratchNormal;
  // The normal in the chain's frame (the inverse rotation).
  normal.x = c * point.normalX + s * point.normalY;
  normal.y = -s * point.normalX + c * point.normalY;
  const segment = vertex === chain.segmentCount ? vertex - 1 : vertex;
  if (classifyVertexNormal(chain, segment, vertex, normal) === NORMAL_ADMIT) {
    manifold.addPoint(point);
    return;
  }
  // The vertex in the polygon's frame (insideVertexContact left it in the query).
  const px = inside.point[0]!, py = inside.point[1]!, normals = chain.normals;
  // A segment whose direction is round-off (a near-duplicate vertex) lends no normal while the
  // other one has a direction of its own.
  const before = segmentUnresolved(chain, vertex - 1), after = segmentUnresolved(chain, vertex);
  let best = Infinity, bestX = 0, bestY = 0, bestFeature = 0;
  for (let k = 0; k < 4; k++) {
    if (k < 2 ? before && !after : after && !before) continue;
    const at = 2 * (k < 2 ? vertex - 1 : vertex), side = (k & 1) === 0 ? 1 : -1;
    const mx = side * normals[at]!, my = side * normals[at + 1]!;
    // The polygon moves along N = R m; the vertex, relative to it, along -N.
    const nx = c * mx - s * my, ny = s * mx + c * my;
    const distance = rayExit(polygon, px, py, -nx, -ny, inside);
    if (distance < best) {
      best = distance;
      bestX = nx;
      bestY = ny;
      bestFeature = inside.feature;
    }
  }
  manifold.add(
    px - 0.5 * best * bestX,
    py - 0.5 * best * bestY,
    bestX,
    bestY,
    best,
    (bestFeature & VERTEX_FEATURE) !== 0 ? ContactKind.PointPoint : ContactKind.PointFace,
    bestFeature,
    VERTEX_FEATURE | vertex,
  );
}

/**
 * The distance from (px, py), inside `polygon` (its frame), along the unit direction (dx, dy) to
 * the polygon's outline: the nearest crossing of the ray with an edge (Ericson 5.3, a ray against
 * a segment, here over every edge: the fallback runs only for a chain lying inside a polygon
 * where no piece pair reports). The feature it meets (the edge, or a vertex hit exactly) goes
 * into `out.feature`.
 */
function rayExit(
  polygon: Polygon,
  px: number,
  py: number,
  dx: number,
  dy: number,
  out: InsideVertexQuery,
): number {
  const v = polygon.vertices, n = polygon.count;
  let best = Infinity;
  for (let i = 0; i < n; i++) {
    const j = i + 1 === n ? 0 : i + 1;
    const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = v[2 * j]! - ax, ey = v[2 * j + 1]! - ay;
    // p + t d = a + u e: t = (a - p) x e / (d x e), u = (a - p) x d / (d x e).
    const denominator = dx * ey - dy * ex;
    if (denominator === 0) continue;
    const wx = ax - px, wy = ay - py;
    const t = (wx * ey - wy * ex) / denominator, u = (wx * dy - wy * dx) / denominator;
    if (t < 0 || u < 0 || u > 1 || t >= best) continue;
    best = t;
    out.feature = u === 0 ? VERTEX_FEATURE | i : u === 1 ? VERTEX_FEATURE | j : i;
  }
  return best;
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
    const axes = pieceAxes(piece, segmentPiece, query);
    if (axes === PIECES_APART) continue;
    found |= NEAR;
    if (axes === PIECES_NO_REFERENCE) continue;
    // A piece pair's points share one normal (the reference edge's or the closest points'),
    // here from the chain toward the polygon in the polygon's frame; the chain's frame is the
    // inverse rotation.
    const normal = scratchNormal;
    let verdict: number;
    if (piece.hasInternalEdge === false && piece.hasCollinearEdges === false && !query.apart) {
      // The points are the reference edge's, one at least (`pieceContacts`): its normal is
      // classified before clipping, so that a normal snapped is clipped once and one skipped
      // never (after Box2D v3's b2CollideChainSegmentAndPolygon, which picks the normal first).
      const referenceIsP = query.referenceIsP, r1 = query.referenceEdge;
      const rv = referenceIsP ? piece.packed : segmentPiece.frame;
      const nx = referenceIsP ? 0 - rv[4 * r1 + 2]! : rv[4 * r1 + 2]!,
        ny = referenceIsP ? 0 - rv[4 * r1 + 3]! : rv[4 * r1 + 3]!;
      normal.x = c * nx + s * ny;
      normal.y = -s * nx + c * ny;
      verdict = classifySegmentNormal(chain, i, normal);
      if (verdict === NORMAL_ADMIT) pieceContacts(piece, segmentPiece, query, pieceManifold);
    } else {
      pieceContacts(piece, segmentPiece, query, pieceManifold);
      if (pieceManifold.count === 0) continue;
      const point = pieceManifold.points[0]!;
      normal.x = c * point.normalX + s * point.normalY;
      normal.y = -s * point.normalX + c * point.normalY;
      verdict = classifySegmentNormal(chain, i, normal);
    }
    if (verdict === NORMAL_ADMIT) {
      // The normal leans toward a vertex that admits it (an open end, say): a point at the other
      // vertex, outside that one's cone, is a ghost there, and the points held are the answer (a
      // segment shorter than the tolerance pointing end on at the piece keeps its end's contact,
      // where the segment's face meets nothing); with none held, snapped. As
      // `collideCapsule2Chain`.
      let held = 0;
      for (let m = 0; m < pieceManifold.count; m++) {
        const point = pieceManifold.points[m]!;
        if (!heldAtVertex(chain, i, point.secondFeature, normal)) continue;
        manifold.addPoint(point);
        held++;
      }
      if (held > 0) continue;
      verdict = NORMAL_SNAP;
    }
    // A segment whose direction is round-off (`segmentUnresolved`) is not a face to snap to:
    // its neighbours, which share its vertices to within its length, answer.
    if (verdict === NORMAL_SNAP && !noSkip && segmentUnresolved(chain, i)) verdict = NORMAL_SKIP;
    if (verdict === NORMAL_SKIP && noSkip) verdict = NORMAL_SNAP;
    if (verdict === NORMAL_SKIP) {
      found |= SKIPPED;
      continue;
    }
    // Snapped: the pair again with the segment's face as the reference (the one the piece pair's
    // separations favour). A piece lying across the segment can have nothing there (its surface
    // on that side lies beside the segment, or meets the side lines on internal edges): then the
    // face on N's side, unless the segment lies inside the polygon (its ends inside: the
    // vertices inside answer, `insideChainVertex`).
    if (
      snappedContacts(piece, segmentPiece, -1, query, manifold) === 0 &&
      !segmentInside(polygon, sv, query)
    ) {
      const across = normal.x * chain.normals[2 * i]! + normal.y * chain.normals[2 * i + 1]!;
      if (
        snappedContacts(piece, segmentPiece, across >= 0 ? 1 : 0, query, manifold) === 0 &&
        query.apart
      ) closestContact(piece, segmentPiece, chain, i, query, manifold);
    }
  }
  return found;
}

/**
 * Adds the contact between the closest points of `piece` and segment `i` (loaded in
 * `segmentPiece`), apart by at most the tolerance, if the segment's feature there holds its
 * normal (a face, or a vertex whose cone does). For a pair apart whose reference normal the cones
 * refuse and whose snapped face meets nothing: the polygon lies beyond the segment's end, where
 * the reference normal (a lower bound of the gap along a face normal) leans toward the other
 * vertex, while the true direction, from the end, is the end's (a rounded polygon's contact
 * there is real: `collideRounded` grows the tolerance by the radius).
 */
function closestContact(
  piece: ConvexPiece,
  segmentPiece: ConvexPiece,
  chain: Chain,
  i: number,
  query: PieceQuery,
  manifold: LocalManifold2,
): void {
  const found = scratchPieceManifold, normal = scratchNormal;
  found.count = 0;
  if (!closestPiecesContact(piece, segmentPiece, query, found)) return;
  const point = found.points[0]!, c = query.cos, s = query.sin;
  normal.x = c * point.normalX + s * point.normalY;
  normal.y = -s * point.normalX + c * point.normalY;
  if (heldAtVertex(chain, i, point.secondFeature, normal)) manifold.addPoint(point);
}

/**
 * Adds the contacts of `piece` against the segment loaded in `segmentPiece` with the segment's
 * face `face` as the reference (edge 0 faces right of the segment, edge 1 left; -1 the face the
 * piece pair's separations favour), less the points beside the segment (the neighbouring
 * segment, or the open end, answers for them); the piece pair's separating axes are those of
 * its `pieceAxes` call (`snapPieces`). Returns the number added.
 */
function snappedContacts(
  piece: ConvexPiece,
  segmentPiece: ConvexPiece,
  face: number,
  query: PieceQuery,
  manifold: LocalManifold2,
): number {
  const pieceManifold = scratchPieceManifold, sv = segmentPiece.vertices;
  pieceManifold.count = 0;
  snapPieces(piece, segmentPiece, face, query, pieceManifold);
  let added = 0;
  for (let m = 0; m < pieceManifold.count; m++) {
    const point = pieceManifold.points[m]!;
    if (besideSegment(sv, point, query)) continue;
    manifold.addPoint(point);
    added++;
  }
  return added;
}

/**
 * Whether both ends of the segment from (sv[0], sv[1]) to (sv[2], sv[3]) (the chain's frame)
 * lie inside the polygon (Q's pose in P's frame in `query`).
 */
function segmentInside(polygon: Polygon, sv: Float64Array, query: PieceQuery): boolean {
  const c = query.cos,
    s = query.sin,
    point = scratchInside.point,
    crossing = scratchInside.crossing;
  for (let end = 0; end < 2; end++) {
    const x = sv[2 * end]!, y = sv[2 * end + 1]!;
    point[0] = c * x - s * y + query.x;
    point[1] = s * x + c * y + query.y;
    rayCrossingTest(polygon, point, crossing);
    if (!crossing.inside) return false;
  }
  return true;
}

/**
 * Whether `point`, in the polygon's frame, lies past a side line of the segment from (sv[0],
 * sv[1]) to (sv[2], sv[3]) (the chain's frame) by more than the query's round-off allowance.
 * The point itself is passed, not its coordinates: doubles cross calls in fields (PERFORMANCE.md).
 */
function besideSegment(sv: Float64Array, point: ManifoldPoint2, query: PieceQuery): boolean {
  const c = query.cos, s = query.sin;
  // The point in the chain's frame (the inverse pose).
  const dx = point.x - query.x, dy = point.y - query.y;
  const x = c * dx + s * dy, y = -s * dx + c * dy;
  const ax = sv[0]!, ay = sv[1]!, ex = sv[2]! - ax, ey = sv[3]! - ay;
  const along = (x - ax) * ex + (y - ay) * ey, length = Math.sqrt(ex * ex + ey * ey);
  const slack = query.slack * length;
  return along < -slack || along > length * length + slack;
}
