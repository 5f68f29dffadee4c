/**
 * The oracle's own convex polytopes, sharing no code with the hull builder or the detectors: the
 * facets of a small point set by brute force (every triple's plane, kept when no point lies above
 * it; Preparata and Shamos 3.4's definition of a facet, not an algorithm), each facet's points in a
 * loop by their angle about its centroid, and the edges as the loops' consecutive pairs. A box is
 * made the same way from its corners and face planes. The generator gives the builder many more
 * points than the design it hands this file (duplicates, points on faces and edges, interior
 * points), all within a hair of the design's hull, so the design's hull is the truth.
 */
import type { Vec3 } from './oracle3d.js';

/** A convex polytope: vertices, face planes (unit outward normal n, dot(n, x) = offset), face loops, edges. */
export interface Polytope3 {
  readonly vertices: readonly Vec3[];
  readonly normals: readonly Vec3[];
  readonly offsets: readonly number[];
  /** Per face, its vertices in a loop, counter-clockwise seen from outside. */
  readonly faces: readonly (readonly number[])[];
  readonly edges: readonly (readonly [number, number])[];
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** The largest extent of a point set along x, y and z. */
export function extentOf(points: readonly Vec3[]): number {
  let extent = 0;
  for (let k = 0; k < 3; k++) {
    let low = Infinity, high = -Infinity;
    for (const p of points) {
      low = Math.min(low, p[k]!);
      high = Math.max(high, p[k]!);
    }
    extent = Math.max(extent, high - low);
  }
  return extent;
}

/**
 * The polytope bounded by `planes` whose corners are among `points`: each plane's face holds the
 * points within `eps` of it, in a loop. Null when a face has fewer than three points or the
 * faces do not close (Euler's V - E + F = 2 over the corners used).
 */
export function polytopeOf(
  points: readonly Vec3[],
  planes: readonly { normal: Vec3; offset: number; }[],
  eps: number,
): Polytope3 | null {
  const faces: number[][] = [];
  for (const { normal, offset } of planes) {
    const on = points.map((_, i) => i).filter((i) =>
      Math.abs(dot(normal, points[i]!) - offset) <= eps
    );
    if (on.length < 3) return null;
    const centre: Vec3 = [0, 1, 2].map((k) =>
      on.reduce((s, i) => s + points[i]![k]!, 0) / on.length
    ) as unknown as Vec3;
    // A basis (u, w) of the face with u x w = n: angles about the centre grow counter-clockwise.
    const helper: Vec3 = Math.abs(normal[0]) < 0.6 ? [1, 0, 0] : [0, 1, 0];
    const u = cross(helper, normal), w = cross(normal, u);
    const angle = (i: number) => {
      const d = sub(points[i]!, centre);
      return Math.atan2(dot(d, w), dot(d, u));
    };
    faces.push(on.sort((i, j) => angle(i) - angle(j)));
  }
  const used = [...new Set(faces.flat())].sort((i, j) => i - j);
  const index = new Map(used.map((v, k) => [v, k]));
  const loops = faces.map((f) => f.map((v) => index.get(v)!));
  const edgeKeys = new Map<string, [number, number]>();
  for (const loop of loops) {
    for (let k = 0; k < loop.length; k++) {
      const a = loop[k]!, b = loop[(k + 1) % loop.length]!;
      edgeKeys.set(a < b ? `${a},${b}` : `${b},${a}`, a < b ? [a, b] : [b, a]);
    }
  }
  if (used.length - edgeKeys.size + loops.length !== 2) return null;
  return {
    vertices: used.map((v) => points[v]!),
    normals: planes.map((p) => p.normal),
    offsets: planes.map((p) => p.offset),
    faces: loops,
    edges: [...edgeKeys.values()],
  };
}

/**
 * The convex hull of a small point set (a design of at most about 60 points) by brute force:
 * every triple spanning a plane with no point above it by more than 1e-10 of the extent gives
 * a facet plane; planes that coincide are kept once. Null when the set spans no volume or the
 * facets do not close.
 */
export function bruteForceHull(points: readonly Vec3[]): Polytope3 | null {
  const extent = extentOf(points), eps = 1e-10 * extent, n = points.length;
  const planes: { normal: Vec3; offset: number; }[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      for (let k = j + 1; k < n; k++) {
        const c = cross(sub(points[j]!, points[i]!), sub(points[k]!, points[i]!));
        const length = Math.hypot(...c);
        if (!(length > 1e-9 * extent * extent)) continue;
        const normal: Vec3 = [c[0] / length, c[1] / length, c[2] / length];
        const offset = dot(normal, points[i]!);
        let above = false, below = false;
        for (const p of points) {
          const h = dot(normal, p) - offset;
          if (h > eps) above = true;
          else if (h < -eps) below = true;
          if (above && below) break;
        }
        if (above && below) continue;
        if (!above && !below) return null;
        const plane = below ? { normal, offset } : {
          normal: [-normal[0], -normal[1], -normal[2]] as Vec3,
          offset: -offset,
        };
        if (
          !planes.some((q) =>
            dot(q.normal, plane.normal) > 1 - 1e-12 && Math.abs(q.offset - plane.offset) <= eps
          )
        ) planes.push(plane);
      }
    }
  }
  return planes.length >= 4 ? polytopeOf(points, planes, eps) : null;
}

/**
 * The polytope turned: `x -> R x`, R given by its columns (vertices and normals turned, offsets
 * unchanged: a rotation keeps distances from the origin).
 */
export function turnedPolytope(local: Polytope3, axes: readonly [Vec3, Vec3, Vec3]): Polytope3 {
  const rotate = (v: Vec3): Vec3 => [
    axes[0][0] * v[0] + axes[1][0] * v[1] + axes[2][0] * v[2],
    axes[0][1] * v[0] + axes[1][1] * v[1] + axes[2][1] * v[2],
    axes[0][2] * v[0] + axes[1][2] * v[1] + axes[2][2] * v[2],
  ];
  return { ...local, vertices: local.vertices.map(rotate), normals: local.normals.map(rotate) };
}

/** The polytope moved by t: `x -> x + t`. */
function movedPolytope(turned: Polytope3, t: Vec3): Polytope3 {
  return {
    vertices: turned.vertices.map((r) => [r[0] + t[0], r[1] + t[1], r[2] + t[2]] as Vec3),
    normals: turned.normals,
    offsets: turned.offsets.map((d, f) => d + dot(turned.normals[f]!, t)),
    faces: turned.faces,
    edges: turned.edges,
  };
}

/** The polytope moved to world space: `x -> R x + t`, R given by its columns. */
export function posedPolytope(
  local: Polytope3,
  axes: readonly [Vec3, Vec3, Vec3],
  t: Vec3,
): Polytope3 {
  return movedPolytope(turnedPolytope(local, axes), t);
}
