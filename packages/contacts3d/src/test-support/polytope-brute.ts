/**
 * Brute-force answers for a box against one triangle, sharing no code with the detectors: the
 * separating-axis test over all 13 axes (Gottschalk; the triangle's normal, the box's three
 * axes, their nine cross products with the triangle's edges), and the deepest point of the box
 * in a region cut by planes (the triangle's prism or column) by enumerating the vertices of the
 * intersection, every three planes solved by Cramer's rule and kept when inside all the others
 * (a linear program's optimum lies at a vertex). Tests only; not exported by the package.
 */
import {
  type BoxSpec,
  boxCorners,
  cross,
  dot,
  length,
  rotationColumns,
  scale,
  sub,
  type Vec3,
} from './shapes.js';

/** A half-space `n . x <= d`. */
export interface HalfSpace {
  n: Vec3;
  d: number;
}

/** The six half-spaces of a box. */
export function boxHalfSpaces(box: BoxSpec): HalfSpace[] {
  const axes = rotationColumns(box.rotation);
  return axes.flatMap((axis, a) => {
    const centre = dot(axis, box.position);
    return [
      { n: axis, d: centre + box.halfSize[a]! },
      { n: scale(axis, -1), d: -centre + box.halfSize[a]! },
    ];
  });
}

/**
 * The three wall half-spaces of triangle `t` (counter-clockwise seen from its front) swept along
 * `along`: its prism for `along` its normal, its column for a heightfield's up.
 */
export function wallHalfSpaces(t: readonly Vec3[], along: Vec3): HalfSpace[] {
  return [0, 1, 2].map((k) => {
    const a = t[k]!, b = t[(k + 1) % 3]!;
    let n = cross(along, sub(b, a));
    // Outward: away from the third vertex.
    if (dot(n, sub(t[(k + 2) % 3]!, a)) > 0) n = scale(n, -1);
    n = scale(n, 1 / length(n));
    return { n, d: dot(n, a) };
  });
}

/**
 * The least value of `dot(direction, x)` over the intersection of the half-spaces (bounded), or
 * Infinity when it is empty; `slack` is how far outside a plane a vertex may lie (round-off).
 */
export function lowestInRegion(
  spaces: readonly HalfSpace[],
  direction: Vec3,
  slack: number,
): number {
  let best = Infinity;
  for (let i = 0; i < spaces.length; i++) {
    for (let j = i + 1; j < spaces.length; j++) {
      for (let k = j + 1; k < spaces.length; k++) {
        const p = solve(spaces[i]!, spaces[j]!, spaces[k]!);
        if (!p || !spaces.every((s) => dot(s.n, p) - s.d <= slack)) continue;
        best = Math.min(best, dot(direction, p));
      }
    }
  }
  return best;
}

/** The point on the three planes, or null when they do not meet in one point. */
function solve(a: HalfSpace, b: HalfSpace, c: HalfSpace): Vec3 | null {
  const bc = cross(b.n, c.n), determinant = dot(a.n, bc);
  if (Math.abs(determinant) < 1e-12) return null;
  const ca = cross(c.n, a.n), ab = cross(a.n, b.n);
  return scale(
    [
      a.d * bc[0] + b.d * ca[0] + c.d * ab[0],
      a.d * bc[1] + b.d * ca[1] + c.d * ab[1],
      a.d * bc[2] + b.d * ca[2] + c.d * ab[2],
    ],
    1 / determinant,
  );
}

/**
 * The least overlap of the box and the triangle over the 13 axes of the separating-axis test:
 * positive when they overlap (by at least that much along every axis), negative when an axis
 * separates them.
 */
export function boxTriangleOverlap(box: BoxSpec, t: readonly Vec3[]): number {
  const corners = boxCorners(box), axes = rotationColumns(box.rotation);
  const edges = [0, 1, 2].map((k) => sub(t[(k + 1) % 3]!, t[k]!));
  const candidates: Vec3[] = [cross(edges[0]!, edges[1]!), ...axes];
  for (const a of axes) for (const e of edges) candidates.push(cross(a, e));
  let least = Infinity;
  for (const axis of candidates) {
    const size = length(axis);
    if (size < 1e-9 * Math.max(...edges.map(length))) continue;
    const u = scale(axis, 1 / size);
    const box0 = corners.map((c) => dot(u, c)), tri = t.map((v) => dot(u, v));
    least = Math.min(
      least,
      Math.min(Math.max(...box0) - Math.min(...tri), Math.max(...tri) - Math.min(...box0)),
    );
  }
  return least;
}
