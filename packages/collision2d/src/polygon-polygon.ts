/**
 * Polygon against polygon, convex or concave.
 *
 * Each polygon is a set of convex pieces made once at construction (`Polygon.convexPieces`: the
 * polygon itself when convex, else ear clipping then the Hertel-Mehlhorn merge). Every piece
 * pair near each other goes through the one convex test of `polygon-clip.ts` (separating axes,
 * reference and incident edges, clipping; up to 2 points a piece pair) into a local manifold,
 * which the emit step of `manifold2.ts` writes into the caller's buffer.
 *
 * We chose decomposition over seed 000's initiator/opponent ray test because the ray test finds
 * which contour points crossed which segments but gives no single push-out direction or depth
 * for a solver, and it misses an edge lying across a vertex; the convex test gives both, with the
 * stable reference-face manifold. An internal (decomposition) edge is not a surface: it is never
 * a reference edge and no contact lies on one (see `polygon-clip.ts`). Points that two piece
 * pairs both report are merged, keeping the deeper (`LocalManifold2.mergeDuplicates`). A polygon
 * the pieces hide (one lying wholly inside a concave polygon, across its internal edges, where
 * no piece pair has a surface to offer) gets a contact per vertex lying inside the other
 * polygon, out through the nearest point of that polygon's outline (`insideVertexContacts`).
 *
 * Canonical order: the pair is always computed with the shape of the smaller `id` as P, so
 * swapping the arguments gives exactly the same points, depths, kinds and feature ids (P's
 * feature in the high half), negated normals; and the reference-face bias favours the same
 * shape in both orders.
 */
import { ContactKind } from '@contactkit/math';
import type { CollisionData2 } from './contact2.js';
import { emitManifold2, LocalManifold2 } from './manifold2.js';
import { collidePieces, PieceQuery } from './polygon-clip.js';
import { type Polygon, VERTEX_FEATURE } from './shapes.js';

/** Most points one pair gathers before the emit step keeps the deepest. */
const MANIFOLD_CAPACITY = 64;
/** Scratch of `collidePolygonPolygon` (module-level: a call allocates nothing), handed on explicitly. */
const scratchQuery = new PieceQuery();
const scratchManifold = new LocalManifold2(MANIFOLD_CAPACITY);
const scratchBox = new Float64Array(4);

/**
 * Writes the contacts of polygon `a` against polygon `b` (Aabb included): normal from `b`
 * toward `a`, penetration along it (down to `-data.tolerance`; see `collidePieces` for what a
 * speculative contact promises), point the midpoint of the incident point and its projection on
 * the reference edge; kinds PointFace (a vertex against an edge) and PointEdge (a point made by
 * clipping at a reference corner); featureId packs the features of the shape of the smaller `id`
 * (high half) and of the other, in either argument order. Convex pairs write at most 2 contacts;
 * concave pairs at most `data.maxContactsPerPair`, deepest first. Identical shapes at the same
 * pose report the face of the smaller id as reference. Returns the number written.
 */
export function collidePolygonPolygon(a: Polygon, b: Polygon, data: CollisionData2): number {
  const flip = a.id > b.id;
  const first = flip ? b : a, second = flip ? a : b;
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  const reach = first.boundingRadius + second.boundingRadius + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return 0;
  const query = scratchQuery, manifold = scratchManifold;
  query.set(first, second, data.tolerance);
  manifold.count = 0;
  const firstPieces = first.convexPieces(), secondPieces = second.convexPieces();
  if (firstPieces.length === 1 && secondPieces.length === 1) collidePieces(firstPieces[0]!, secondPieces[0]!, query, manifold);
  else piecewiseContacts(first, second, query, manifold, scratchBox);
  return emitManifold2(manifold, first.transform, data, a.body, b.body, flip);
}

/** Every piece pair of `first` (P) and `second` (Q) near each other into `manifold`, then the merge and the hidden-overlap check. */
function piecewiseContacts(first: Polygon, second: Polygon, query: PieceQuery, manifold: LocalManifold2, box: Float64Array): void {
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
      if (collidePieces(p, secondPieces[secondGrid ? secondGrid.candidates[m]! : m]!, query, manifold)) near = true;
    }
  }
  if (manifold.count > 1) manifold.mergeDuplicates(1e-6 * (first.boundingRadius + second.boundingRadius));
  if (manifold.count === 0 && near) {
    insideVertexContacts(second, first, true, query, manifold);
    insideVertexContacts(first, second, false, query, manifold);
  }
}

/**
 * For each vertex of `visitor` strictly inside `container` (crossing number), a contact out
 * through the nearest point of the container's outline (brute force over its edges): normal
 * the container's outward edge normal there (or the direction to the nearest corner), depth the
 * distance, point halfway between the vertex and that outline point; kind PointFace, or
 * PointPoint at a corner. `containerIsFirst`: the container is P (else Q); points go into the
 * manifold in P's frame, in the canonical order. Runs only when no piece pair gave a contact.
 */
function insideVertexContacts(container: Polygon, visitor: Polygon, containerIsFirst: boolean, query: PieceQuery, manifold: LocalManifold2): void {
  // Visitor frame to container frame: the query's pose (Q in P) or its inverse.
  const qc = query.cos, qs = query.sin, qx = query.x, qy = query.y;
  const c = qc, s = containerIsFirst ? qs : -qs;
  const x0 = containerIsFirst ? qx : -(qc * qx + qs * qy), y0 = containerIsFirst ? qy : -(-qs * qx + qc * qy);
  const cv = container.vertices, cn = container.normals, n = container.count;
  for (let k = 0; k < visitor.count; k++) {
    const lx = visitor.vertices[2 * k]!, ly = visitor.vertices[2 * k + 1]!;
    const wx = c * lx - s * ly + x0, wy = s * lx + c * ly + y0;
    let inside = false, nearest = Infinity, nearestEdge = 0, nearestT = 0;
    for (let i = 0; i < n; i++) {
      const j = i + 1 === n ? 0 : i + 1;
      const ax = cv[2 * i]!, ay = cv[2 * i + 1]!, ex = cv[2 * j]! - ax, ey = cv[2 * j + 1]! - ay;
      if (ay > wy !== cv[2 * j + 1]! > wy && wx < ax + ((wy - ay) * ex) / ey) inside = !inside;
      let t = ((wx - ax) * ex + (wy - ay) * ey) / (ex * ex + ey * ey);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const fx = ax + t * ex - wx, fy = ay + t * ey - wy, d2 = fx * fx + fy * fy;
      if (d2 < nearest) {
        nearest = d2;
        nearestEdge = i;
        nearestT = t;
      }
    }
    if (!inside || !(nearest > 0)) continue;
    const i = nearestEdge, j = i + 1 === n ? 0 : i + 1;
    const ax = cv[2 * i]!, ay = cv[2 * i + 1]!;
    const fx = ax + nearestT * (cv[2 * j]! - ax), fy = ay + nearestT * (cv[2 * j + 1]! - ay);
    const depth = Math.sqrt(nearest);
    const onEdge = nearestT > 0 && nearestT < 1;
    // Outward from the container at the outline point, in the container's frame.
    const ox = onEdge ? cn[2 * i]! : (fx - wx) / depth, oy = onEdge ? cn[2 * i + 1]! : (fy - wy) / depth;
    const containerCode = onEdge ? i : VERTEX_FEATURE | (nearestT <= 0 ? i : j);
    const visitorCode = VERTEX_FEATURE | k;
    const kind = onEdge ? ContactKind.PointFace : ContactKind.PointPoint;
    const mx = 0.5 * (wx + fx), my = 0.5 * (wy + fy);
    if (containerIsFirst) {
      // Moving P inward along its own outward normal, by the depth, brings the outline point to the vertex.
      manifold.add(mx, my, 0 - ox, 0 - oy, depth, kind, containerCode, visitorCode);
    } else {
      // Container Q: moving P out along Q's outward normal; into P's frame.
      manifold.add(qc * mx - qs * my + qx, qs * mx + qc * my + qy, qc * ox - qs * oy, qs * ox + qc * oy, depth, kind, visitorCode, containerCode);
    }
  }
}
