/**
 * `overlap2d(a, b)`: whether two 2D shapes share a point, for every pair of shape types in either
 * order. Touching counts as overlapping, so the answer is true exactly when `collide2d` with a
 * tolerance of 0 writes a contact: it is that call, into a buffer of its own, the same arithmetic
 * in the same order (as contacts3d's `overlap` falls back to `collide`), so the two never disagree,
 * not even at an exact touch. Chain against chain, for which `collide2d` writes nothing (two open
 * contours bound no area), answers whether any two of their segments meet, by the signs of
 * triangle areas (Ericson, Real-Time Collision Detection, 5.1.9.1), end points included.
 */
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { type Chain, type Shape2, ShapeType2 } from '../shapes/shapes.js';

/** The buffer of `overlap2d` (module-level: a call allocates nothing); tolerance 0. */
const scratchData = new CollisionData2({ capacity: 8 });
const scratchBox = new Float64Array(4);

function isChain(shape: Shape2): boolean {
  return shape.shapeType === ShapeType2.Chain || shape.shapeType === ShapeType2.Segment;
}

/**
 * Whether shapes `a` and `b` (any of Circle, Capsule2, Polygon, Aabb, Chain, Segment, in either
 * order) overlap or touch: `collide2d(a, b, data)` at tolerance 0 writes a contact; for two chains
 * (or segments), whether they cross or touch. Allocates nothing; never throws on valid shapes.
 */
export function overlap2d(a: Shape2, b: Shape2): boolean {
  if (isChain(a) && isChain(b)) return chainsMeet(a as Chain, b as Chain);
  scratchData.reset();
  return collide2d(a, b, scratchData) > 0;
}

/**
 * Whether two chains meet: each segment of the one with fewer segments, put in the other's frame,
 * against the other's segments near it (its segment index when it has one).
 */
function chainsMeet(first: Chain, second: Chain): boolean {
  const a = first.segmentCount <= second.segmentCount ? first : second,
    b = a === first ? second : first;
  const xa = a.transform, xb = b.transform;
  // a's frame to b's: rotation by the angle difference, then R_b^T (t_a - t_b).
  const c = xb.cos * xa.cos + xb.sin * xa.sin, s = xb.cos * xa.sin - xb.sin * xa.cos;
  const dx = xa.x - xb.x, dy = xa.y - xb.y;
  const tx = xb.cos * dx + xb.sin * dy, ty = xb.cos * dy - xb.sin * dx;
  const va = a.vertices, vb = b.vertices, grid = b.grid, box = scratchBox;
  for (let i = 0; i < a.segmentCount; i++) {
    const p1x = c * va[2 * i]! - s * va[2 * i + 1]! + tx,
      p1y = s * va[2 * i]! + c * va[2 * i + 1]! + ty;
    const p2x = c * va[2 * i + 2]! - s * va[2 * i + 3]! + tx,
      p2y = s * va[2 * i + 2]! + c * va[2 * i + 3]! + ty;
    let candidates = b.segmentCount;
    if (grid) {
      box[0] = p1x < p2x ? p1x : p2x;
      box[1] = p1y < p2y ? p1y : p2y;
      box[2] = p1x > p2x ? p1x : p2x;
      box[3] = p1y > p2y ? p1y : p2y;
      candidates = grid.query(box);
    }
    for (let k = 0; k < candidates; k++) {
      const j = grid ? grid.candidates[k]! : k;
      const q1x = vb[2 * j]!, q1y = vb[2 * j + 1]!, q2x = vb[2 * j + 2]!, q2y = vb[2 * j + 3]!;
      // Twice the signed areas of the triangles (p1, p2, q) and (q1, q2, p).
      const ex = p2x - p1x, ey = p2y - p1y, fx = q2x - q1x, fy = q2y - q1y;
      const a1 = ex * (q1y - p1y) - ey * (q1x - p1x), a2 = ex * (q2y - p1y) - ey * (q2x - p1x);
      const a3 = fx * (p1y - q1y) - fy * (p1x - q1x), a4 = fx * (p2y - q1y) - fy * (p2x - q1x);
      if (a1 === 0 && a2 === 0) {
        // In line: the two intervals along p's direction must overlap.
        const u1 = ex * (q1x - p1x) + ey * (q1y - p1y), u2 = ex * (q2x - p1x) + ey * (q2y - p1y);
        const length = ex * ex + ey * ey;
        if ((u1 < u2 ? u1 : u2) <= length && (u1 > u2 ? u1 : u2) >= 0) return true;
      } else if (
        ((a1 <= 0 && a2 >= 0) || (a1 >= 0 && a2 <= 0)) &&
        ((a3 <= 0 && a4 >= 0) || (a3 >= 0 && a4 <= 0))
      ) return true;
    }
  }
  return false;
}
