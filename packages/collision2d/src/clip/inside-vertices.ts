/**
 * Vertices of one shape inside a polygon, each pushed out through the polygon's nearest outline
 * point: the contacts of a pair whose piece pairs gave none although the shapes overlap (a chain
 * lying inside a concave polygon, a polygon inside another across its diagonals, where every
 * piece pair's reference edge leads to an internal edge). Each contact names the vertex and the
 * outline feature nearest it, and its two witness points are those: on both outlines, with the
 * depth the vertex's distance from the outline, so moving the shapes apart by it along the
 * normal frees the two features it names. The inside test is the crossing number of
 * `ray-crossing.ts`; the nearest outline point the closest point on a segment (Ericson,
 * Real-Time Collision Detection, 5.1.2) over the segments near the vertex (the polygon's segment
 * grid, searched in a growing box, as the circle-polygon test does for a centre inside).
 */
import { ContactKind } from '@contactkit/math';
import type { LocalManifold2 } from '../manifold/manifold2.js';
import { RayCrossing, rayCrossingTest } from '../contours/ray-crossing.js';
import { type Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';

/**
 * The vertex being tested (in the container's frame), and the scratch and the answer of the
 * search; the caller owns it and passes it in.
 */
export class InsideVertexQuery {
  /** The vertex in the container's frame, `[x, y]` (an array: the inside test reads it). */
  readonly point: Float64Array = new Float64Array(2);
  /** Scratch: a box handed to the segment grid. */
  readonly box: Float64Array = new Float64Array(4);
  readonly crossing = new RayCrossing();
  /** Answer: the nearest outline point, the outward unit normal there, the distance, the feature. */
  surfaceX = 0;
  surfaceY = 0;
  normalX = 0;
  normalY = 0;
  distance = 0;
  feature = 0;
}

/**
 * Whether the point in `query.point` (the polygon's frame) lies strictly inside `polygon`; if so,
 * the nearest outline point into `query`: on an edge's interior, that edge and its outward
 * normal; else a corner (a concave one, seen from inside) and the direction toward it (the
 * edge's normal for a point on the corner).
 */
function nearestOutlineFromInside(polygon: Polygon, query: InsideVertexQuery): boolean {
  rayCrossingTest(polygon, query.point, query.crossing);
  if (!query.crossing.inside) return false;
  const v = polygon.vertices, normals = polygon.normals, n = polygon.count, grid = polygon.grid;
  const x = query.point[0]!, y = query.point[1]!, box = query.box;
  // Grow a box about the point until the nearest segment found lies within it (then no
  // segment outside the box is nearer); without a grid, every segment at once.
  let reach = polygon.boundingRadius * 1e-3;
  let bestEdge = 0, bestT = 0, bestD2 = Infinity;
  for (;;) {
    let candidates = n;
    if (grid) {
      box[0] = x - reach;
      box[1] = y - reach;
      box[2] = x + reach;
      box[3] = y + reach;
      candidates = grid.query(box);
    }
    for (let k = 0; k < candidates; k++) {
      const i = grid ? grid.candidates[k]! : k;
      const j = i + 1 === n ? 0 : i + 1;
      const ax = v[2 * i]!, ay = v[2 * i + 1]!, ex = v[2 * j]! - ax, ey = v[2 * j + 1]! - ay;
      let t = ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const dx = ax + t * ex - x, dy = ay + t * ey - y, d2 = dx * dx + dy * dy;
      if (d2 < bestD2) {
        bestD2 = d2;
        bestEdge = i;
        bestT = t;
      }
    }
    if (!grid || bestD2 <= reach * reach || candidates === n) break;
    reach *= 2;
  }
  const i = bestEdge, j = i + 1 === n ? 0 : i + 1;
  if (bestT > 0 && bestT < 1) {
    const nx = normals[2 * i]!, ny = normals[2 * i + 1]!;
    // The distance below the edge's line (exact along its normal, not through the square root).
    const depth = (v[2 * i]! - x) * nx + (v[2 * i + 1]! - y) * ny;
    query.normalX = nx;
    query.normalY = ny;
    query.distance = depth;
    query.surfaceX = x + depth * nx;
    query.surfaceY = y + depth * ny;
    query.feature = i;
    return true;
  }
  const corner = bestT <= 0 ? i : j;
  const cx = v[2 * corner]!, cy = v[2 * corner + 1]!, distance = Math.sqrt(bestD2);
  query.normalX = distance > 0 ? (cx - x) / distance : normals[2 * i]!;
  query.normalY = distance > 0 ? (cy - y) / distance : normals[2 * i + 1]!;
  query.distance = distance;
  query.surfaceX = cx;
  query.surfaceY = cy;
  query.feature = VERTEX_FEATURE | corner;
  return true;
}

/**
 * Adds to `manifold` (in the frame of the pair's first shape P, normal from Q toward P) a
 * contact for vertex `vertex` at (lx, ly) in its own shape's frame if it lies inside
 * `container`, Q being at pose (c, s, tx, ty) in P's frame. `containerIsFirst`: the container
 * is P and the vertex is Q's; else the container is Q and the vertex is P's. Kind PointFace
 * against an edge, PointPoint against a corner. Returns whether the vertex lies inside.
 */
export function insideVertexContact(
  container: Polygon,
  containerIsFirst: boolean,
  c: number,
  s: number,
  tx: number,
  ty: number,
  lx: number,
  ly: number,
  vertex: number,
  query: InsideVertexQuery,
  manifold: LocalManifold2,
): boolean {
  // The vertex in P's frame (Q's: R v + t), and in the container's (P's in Q's: R^T (v - t)).
  const px = containerIsFirst ? c * lx - s * ly + tx : lx,
    py = containerIsFirst ? s * lx + c * ly + ty : ly;
  query.point[0] = containerIsFirst ? px : c * (lx - tx) + s * (ly - ty);
  query.point[1] = containerIsFirst ? py : -s * (lx - tx) + c * (ly - ty);
  if (!nearestOutlineFromInside(container, query)) return false;
  let nx = query.normalX, ny = query.normalY, wx = query.surfaceX, wy = query.surfaceY;
  if (!containerIsFirst) {
    // Back into P's frame: R n, R w + t.
    const rx = c * nx - s * ny, ry = s * nx + c * ny;
    const qx = c * wx - s * wy + tx, qy = s * wx + c * wy + ty;
    nx = rx;
    ny = ry;
    wx = qx;
    wy = qy;
  }
  const vertexCode = VERTEX_FEATURE | vertex;
  const kind = (query.feature & VERTEX_FEATURE) !== 0
    ? ContactKind.PointPoint
    : ContactKind.PointFace;
  // P inside Q moves out along Q's outward normal; Q's vertex inside P frees when P moves the
  // other way (its outline point onto the vertex).
  manifold.add(
    0.5 * (px + wx),
    0.5 * (py + wy),
    containerIsFirst ? 0 - nx : nx,
    containerIsFirst ? 0 - ny : ny,
    query.distance,
    kind,
    containerIsFirst ? query.feature : vertexCode,
    containerIsFirst ? vertexCode : query.feature,
  );
  return true;
}

/**
 * `insideVertexContact` for each of `count` vertices (`x, y` in their own shape's frame, vertex
 * `k` named `VERTEX_FEATURE | k`). Returns the number found inside.
 */
export function insideVertexContacts(
  container: Polygon,
  containerIsFirst: boolean,
  c: number,
  s: number,
  tx: number,
  ty: number,
  vertices: Float64Array,
  count: number,
  query: InsideVertexQuery,
  manifold: LocalManifold2,
): number {
  let found = 0;
  for (let k = 0; k < count; k++) {
    if (
      insideVertexContact(
        container,
        containerIsFirst,
        c,
        s,
        tx,
        ty,
        vertices[2 * k]!,
        vertices[2 * k + 1]!,
        k,
        query,
        manifold,
      )
    ) found++;
  }
  return found;
}
