/**
 * Whether a closed outline is simple: Shamos and Hoey's sweep ("Geometric intersection
 * problems", 1976; de Berg et al., Computational Geometry, 2.1), O(n log n) however the edges
 * are shaped. A line sweeps the edges' end points from left to right (then bottom to top); the
 * status holds the edges it crosses in order along it (`sweep-status.ts`), and only edges that
 * become neighbours there are tested against each other: the leftmost pair that touches is
 * neighbours just before the sweep reaches their common point. Edges that share a vertex of the
 * outline (consecutive edges) are allowed to meet there; an outline that folds back onto itself
 * at a vertex is found before the sweep.
 */
import { orient2d } from 'robust-predicates';
import { SweepStatus } from './sweep-status.js';

function orientation(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
): number {
  // Exact (robust-predicates' sign is the opposite): a rounded cross product can put a vertex a
  // few ulps from an edge on it or on the wrong side of it, and a pinched outline (one point
  // twice) then passes as simple.
  return -Math.sign(orient2d(ax, ay, bx, by, cx, cy));
}

function within(px: number, py: number, qx: number, qy: number, rx: number, ry: number): boolean {
  return Math.min(px, qx) <= rx && rx <= Math.max(px, qx) && Math.min(py, qy) <= ry &&
    ry <= Math.max(py, qy);
}

/** Whether closed segments `ab` and `cd` share at least one point (collinear overlap included). */
export function segmentsTouch(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  dx: number,
  dy: number,
): boolean {
  const o1 = orientation(ax, ay, bx, by, cx, cy), o2 = orientation(ax, ay, bx, by, dx, dy);
  const o3 = orientation(cx, cy, dx, dy, ax, ay), o4 = orientation(cx, cy, dx, dy, bx, by);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && within(ax, ay, bx, by, cx, cy)) ||
    (o2 === 0 && within(ax, ay, bx, by, dx, dy)) ||
    (o3 === 0 && within(cx, cy, dx, dy, ax, ay)) || (o4 === 0 && within(cx, cy, dx, dy, bx, by));
}

/**
 * The first edge (from vertex `i` to `i + 1`) of a closed outline that folds back onto the next
 * one (the two in line, pointing apart), or -1.
 */
export function foldingEdge(vertices: Float64Array, count: number): number {
  for (let i = 0; i < count; i++) {
    const j = (i + 1) % count, k = (i + 2) % count;
    const ex = vertices[2 * j]! - vertices[2 * i]!,
      ey = vertices[2 * j + 1]! - vertices[2 * i + 1]!;
    const fx = vertices[2 * k]! - vertices[2 * j]!,
      fy = vertices[2 * k + 1]! - vertices[2 * j + 1]!;
    if (ex * fy - ey * fx === 0 && ex * fx + ey * fy < 0) return i;
  }
  return -1;
}

/**
 * A pair of edges of a closed outline (`count` vertices, edge `i` from vertex `i` to `i + 1`)
 * that are not consecutive and touch or cross, the smaller index first, or null when there is
 * none (then, with no edge folding back, the outline is simple). `counted` is called once per
 * comparison of two edges (for a test of the bound, which counts rather than times).
 */
export function touchingEdges(
  vertices: Float64Array,
  count: number,
  counted?: () => void,
): [number, number] | null {
  // The end points of edge e, lexicographically: left (smaller x, then y) and right.
  const leftOf = (e: number): number => {
    const f = e + 1 === count ? 0 : e + 1;
    const ex = vertices[2 * e]!, fx = vertices[2 * f]!;
    return ex < fx || (ex === fx && vertices[2 * e + 1]! < vertices[2 * f + 1]!) ? e : f;
  };
  const rightOf = (e: number): number => {
    const l = leftOf(e);
    return l === e ? (e + 1 === count ? 0 : e + 1) : e;
  };
  const adjacent = (a: number, b: number): boolean =>
    a === b || a === (b + 1) % count || b === (a + 1) % count;
  const touches = (a: number, b: number): boolean => {
    counted?.();
    if (adjacent(a, b)) return false;
    const a1 = a + 1 === count ? 0 : a + 1, b1 = b + 1 === count ? 0 : b + 1;
    return segmentsTouch(
      vertices[2 * a]!,
      vertices[2 * a + 1]!,
      vertices[2 * a1]!,
      vertices[2 * a1 + 1]!,
      vertices[2 * b]!,
      vertices[2 * b + 1]!,
      vertices[2 * b1]!,
      vertices[2 * b1 + 1]!,
    );
  };
  // Events: 2 e is edge e's left end (it enters the status), 2 e + 1 its right end (it leaves).
  // At one point, entering goes first, then leaving, so that an edge starting at a point meets
  // the edges still ending there (a pinched outline, one point twice); else by x, then y.
  const events = new Int32Array(2 * count);
  for (let k = 0; k < 2 * count; k++) events[k] = k;
  const pointOf = (event: number): number =>
    (event & 1) === 0 ? leftOf(event >> 1) : rightOf(event >> 1);
  events.sort((p, q) => {
    const a = pointOf(p), b = pointOf(q);
    const dx = vertices[2 * a]! - vertices[2 * b]!;
    if (dx !== 0) return dx;
    const dy = vertices[2 * a + 1]! - vertices[2 * b + 1]!;
    if (dy !== 0) return dy;
    return (p & 1) - (q & 1);
  });
  const status = new SweepStatus(count);
  let found: [number, number] | null = null;
  const report = (a: number, b: number): void => {
    if (found === null) found = a < b ? [a, b] : [b, a];
  };
  // Edge `entering` (its left end P) against edge `other` in the status: below it or above it at
  // P's x; a tie means `other` passes through P: a touch unless the two share P, when the
  // direction of their right ends decides.
  const compare = (entering: number, other: number): number => {
    counted?.();
    const p = leftOf(entering), px = vertices[2 * p]!, py = vertices[2 * p + 1]!;
    const l = leftOf(other), r = rightOf(other);
    const lx = vertices[2 * l]!, ly = vertices[2 * l + 1]!;
    const rx = vertices[2 * r]!, ry = vertices[2 * r + 1]!;
    // Above or below: the exact turn from the left end to the right end to P. A vertical edge in
    // the status spans P's y (the events come in order of y at one x): a tie.
    const side = rx === lx ? 0 : orientation(lx, ly, rx, ry, px, py);
    if (side !== 0) return side;
    if (!adjacent(entering, other)) report(entering, other);
    const q = rightOf(entering);
    return orientation(px, py, rx, ry, vertices[2 * q]!, vertices[2 * q + 1]!) > 0 ? 1 : -1;
  };
  for (let k = 0; k < events.length && found === null; k++) {
    const event = events[k]!, edge = event >> 1;
    if ((event & 1) === 0) {
      status.insert(edge, compare);
      const below = status.previous(edge), above = status.next(edge);
      if (below >= 0 && touches(below, edge)) report(below, edge);
      if (above >= 0 && touches(edge, above)) report(edge, above);
    } else {
      const below = status.previous(edge), above = status.next(edge);
      status.remove(edge);
      if (below >= 0 && above >= 0 && touches(below, above)) report(below, above);
    }
  }
  return found;
}
