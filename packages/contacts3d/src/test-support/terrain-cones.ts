/**
 * What the heightfield tests share (mesh/heightfield.test.ts, mesh/hull-mesh.test.ts): a seeded
 * terrain of slopes, ridges, valleys and a flat patch, and the check of a contact normal against
 * the normal cone of the mesh feature it names, worked out by search over a triangle list (no
 * adjacency from the shapes). Tests only; not exported by the package.
 */
import type { Random } from '@contactkit/test-support';
import { corner, type TriangleList } from './mesh-cases.js';
import { cross, dot, scale, sub, type Vec3 } from './shapes.js';

/** A heightfield's grid (DESIGN.md's layout) and its holes, one entry a cell. */
export interface Terrain {
  rows: number;
  columns: number;
  heights: number[];
  cellSize: number;
  holes: number[];
}

/**
 * Slopes, ridges and valleys (heights up to 1.3 cells apart) with a flat patch in the first
 * third of rows and columns, and with `holes` about 8% of the cells holes.
 */
export function slopedTerrain(
  random: Random,
  rows: number,
  columns: number,
  cellSize: number,
  holes: boolean,
): Terrain {
  const heights: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      const flat = i < rows / 3 && j < columns / 3;
      heights.push(
        flat ? 0 : cellSize * (0.8 * Math.sin(0.9 * i + 0.4 * j) + random.range(-0.5, 0.5)),
      );
    }
  }
  const cells = (rows - 1) * (columns - 1);
  const holeList = Array.from({ length: cells }, () => (holes && random.chance(0.08) ? 1 : 0));
  return { rows, columns, heights, cellSize, holes: holeList };
}

function normalize(v: Vec3): Vec3 {
  return scale(v, 1 / Math.hypot(...v));
}

function sameVertex(a: Vec3, b: Vec3): boolean {
  return a[0] === b[0] && a[1] === b[1] && a[2] === b[2];
}

/**
 * Why `normal` lies outside the normal cone of feature `local` (0 face, 1 + k edge k, 4 + k
 * vertex k) of triangle `triangle` of `list`, or null when inside. The triangle's own face
 * normal (within the sine `faceSine`) is in the cone of each of its features: a capsule's side
 * clipped at an edge's wall is named by the edge with the face's normal (FINDINGS.md F11), a
 * hull face level with an edge is named by it. Otherwise a face takes nothing else; an edge a
 * normal across it (within the sine `acrossSine`) and pointing over none of its triangles; a
 * vertex a normal along none of its edges (each within `slack`, a sine).
 */
export function coneProblem(
  list: TriangleList,
  triangle: number,
  local: number,
  normal: Vec3,
  slack: number,
  faceSine: number,
  acrossSine: number,
): string | null {
  const corners = [0, 1, 2].map((k) => corner(list, triangle, k)) as [Vec3, Vec3, Vec3];
  const faceNormal = normalize(cross(sub(corners[1], corners[0]), sub(corners[2], corners[0])));
  if (Math.hypot(...cross(normal, faceNormal)) <= faceSine && dot(normal, faceNormal) > 0) {
    return null;
  }
  if (local === 0) return `not the face normal ${faceNormal}`;
  const count = list.indices.length / 3;
  if (local <= 3) {
    const k = local - 1, p = corners[k]!, q = corners[(k + 1) % 3]!;
    const edge = normalize(sub(q, p));
    if (Math.abs(dot(normal, edge)) > acrossSine) return `not across edge ${edge}`;
    // Each triangle with this edge: the normal may not point over it (its far corner's side).
    for (let u = 0; u < count; u++) {
      const c = [0, 1, 2].map((i) => corner(list, u, i));
      if (c.filter((w) => sameVertex(w, p) || sameVertex(w, q)).length !== 2) continue;
      const far = c.find((v) => !sameVertex(v, p) && !sameVertex(v, q))!;
      const toward = sub(far, p);
      const inward = sub(toward, scale(edge, dot(toward, edge)));
      if (dot(normal, normalize(inward)) > slack) return `over triangle ${u}`;
    }
    return null;
  }
  const v = corners[local - 4]!;
  for (let u = 0; u < count; u++) {
    const c = [0, 1, 2].map((i) => corner(list, u, i));
    if (!c.some((w) => sameVertex(w, v))) continue;
    for (const w of c) {
      if (sameVertex(w, v)) continue;
      const e = sub(w, v);
      if (dot(normal, e) > slack * Math.hypot(...e)) return `toward edge to ${w}`;
    }
  }
  return null;
}
