/**
 * Test inputs and oracles for triangle meshes and heightfields: seeded floors tessellated with
 * fat and thin triangles (conforming: every split edge is split in both its triangles), the mesh
 * of a heightfield's triangles, and distances by brute force over every triangle with plain
 * closest-point arithmetic (Ericson 5.1.5 for a point; ternary search along a segment, the
 * distance to a convex set being convex along it), sharing no code with the detectors; small
 * hand-made meshes (a floor, a concave corner, a roof, a closed cube) and a bumpy grid; a view of
 * a mesh without its hierarchy, for brute force over every triangle.
 * Tests only; not exported by the package.
 */
import type { Random } from '@contactkit/test-support';
import type { Direction, MeshTriangle, TriangleSource } from '../mesh/mesh-triangle.js';
import type { TriangleMesh } from '../mesh/triangle-mesh.js';
import { closestOnTriangle } from './hull-oracle.js';
import { add, scale, sub, type Vec3 } from './shapes.js';

/** Vertices and indices of a triangle list. */
export interface TriangleList {
  vertices: number[];
  indices: number[];
}

/**
 * A flat square floor of side `size` in the plane y = 0 centred on the origin, front up:
 * a jittered grid of `cells x cells` quads, each split along a random diagonal, then `splits`
 * random edge splits (at a parameter that is sometimes within 1e-3 of an end: thin triangles)
 * and `inserts` points inserted just inside a triangle near an edge (slivers).
 */
export function tessellatedFloor(
  random: Random,
  size: number,
  cells: number,
  splits: number,
  inserts: number,
): TriangleList {
  const vertices: number[] = [];
  const step = size / cells;
  for (let i = 0; i <= cells; i++) {
    for (let j = 0; j <= cells; j++) {
      const border = i === 0 || j === 0 || i === cells || j === cells;
      const jitter = border ? 0 : 0.3 * step;
      vertices.push(
        -size / 2 + j * step + random.range(-jitter, jitter),
        0,
        -size / 2 + i * step + random.range(-jitter, jitter),
      );
    }
  }
  const indices: number[] = [];
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const p00 = i * (cells + 1) + j, p01 = p00 + 1, p10 = p00 + cells + 1, p11 = p10 + 1;
      // Counter-clockwise seen from +y: x right, z toward the viewer's bottom.
      if (random.chance(0.5)) indices.push(p00, p10, p11, p00, p11, p01);
      else indices.push(p00, p10, p01, p01, p10, p11);
    }
  }
  for (let s = 0; s < splits; s++) {
    const t = Math.floor(random.int(indices.length / 3));
    const k = random.int(3);
    const a = indices[3 * t + k]!, b = indices[3 * t + (k + 1) % 3]!;
    const u = random.chance(0.3)
      ? random.pick([1e-3, 1 - 1e-3, 2e-3, 1 - 2e-3])
      : random.range(0.2, 0.8);
    const m = vertices.length / 3;
    for (let c = 0; c < 3; c++) {
      vertices.push(vertices[3 * a + c]! + u * (vertices[3 * b + c]! - vertices[3 * a + c]!));
    }
    splitEdge(indices, a, b, m);
  }
  for (let s = 0; s < inserts; s++) {
    const t = random.int(indices.length / 3);
    const corners = [indices[3 * t]!, indices[3 * t + 1]!, indices[3 * t + 2]!];
    // Barycentric weights with one tiny: a point just inside, near the opposite edge.
    const tiny = random.pick([1e-3, 3e-3, 1e-2]);
    const w1 = random.range(0.2, 0.8) * (1 - tiny);
    const weights = random.shuffle([tiny, w1, 1 - tiny - w1]);
    const m = vertices.length / 3;
    for (let c = 0; c < 3; c++) {
      vertices.push(
        weights[0]! * vertices[3 * corners[0]! + c]! +
          weights[1]! * vertices[3 * corners[1]! + c]! +
          weights[2]! * vertices[3 * corners[2]! + c]!,
      );
    }
    indices.splice(
      3 * t,
      3,
      corners[0]!,
      corners[1]!,
      m,
      corners[1]!,
      corners[2]!,
      m,
      corners[2]!,
      corners[0]!,
      m,
    );
  }
  return { vertices, indices };
}

/** Splits edge a-b at the new vertex m in every triangle that has it (both directions). */
function splitEdge(indices: number[], a: number, b: number, m: number): void {
  const count = indices.length / 3;
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const p = indices[3 * t + k]!,
        q = indices[3 * t + (k + 1) % 3]!,
        r = indices[3 * t + (k + 2) % 3]!;
      if ((p === a && q === b) || (p === b && q === a)) {
        indices.splice(3 * t, 3, p, m, r);
        indices.push(m, q, r);
        break;
      }
    }
  }
}

/** The triangle list of a heightfield's layout (DESIGN.md), holes left out, in its numbering. */
export function heightfieldTriangles(
  rows: number,
  columns: number,
  heights: ArrayLike<number>,
  cellSize: number,
  holes?: ArrayLike<boolean | number>,
): { list: TriangleList; triangleOfMesh: number[]; } {
  const vertices: number[] = [];
  for (let i = 0; i < rows; i++) {
    for (let j = 0; j < columns; j++) {
      vertices.push(j * cellSize, heights[i * columns + j]!, i * cellSize);
    }
  }
  const indices: number[] = [];
  const triangleOfMesh: number[] = [];
  for (let i = 0; i + 1 < rows; i++) {
    for (let j = 0; j + 1 < columns; j++) {
      const cell = i * (columns - 1) + j;
      if (holes?.[cell]) continue;
      const p00 = i * columns + j, p01 = p00 + 1, p10 = p00 + columns, p11 = p10 + 1;
      indices.push(p00, p10, p11, p00, p11, p01);
      triangleOfMesh.push(2 * cell, 2 * cell + 1);
    }
  }
  return { list: { vertices, indices }, triangleOfMesh };
}

/** Corner k of triangle t of a list. */
export function corner(list: TriangleList, t: number, k: number): Vec3 {
  const v = list.indices[3 * t + k]!;
  return [list.vertices[3 * v]!, list.vertices[3 * v + 1]!, list.vertices[3 * v + 2]!];
}

function distance(p: Vec3, q: Vec3): number {
  return Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/** Smallest distance from segment p0 p1 to triangle a b c: ternary search over the segment. */
export function segmentTriangleDistance(p0: Vec3, p1: Vec3, a: Vec3, b: Vec3, c: Vec3): number {
  const at = (t: number): number => {
    const p = add(p0, scale(sub(p1, p0), t));
    return distance(p, closestOnTriangle(p, a, b, c));
  };
  if (p0.every((x, i) => x === p1[i])) return at(0);
  let low = 0, high = 1;
  for (let i = 0; i < 100 && high - low > 1e-15; i++) {
    const m1 = low + (high - low) / 3, m2 = high - (high - low) / 3;
    if (at(m1) <= at(m2)) high = m2;
    else low = m1;
  }
  return Math.min(at(0), at(1), at(0.5 * (low + high)));
}

/** Smallest distance from the segment to any triangle of the list under the world map `place`. */
export function meshDistance(
  list: TriangleList,
  p0: Vec3,
  p1: Vec3,
  place: (local: Vec3) => Vec3 = (v) => v,
): number {
  let best = Infinity;
  for (let t = 0; t < list.indices.length / 3; t++) {
    const d = segmentTriangleDistance(
      p0,
      p1,
      place(corner(list, t, 0)),
      place(corner(list, t, 1)),
      place(corner(list, t, 2)),
    );
    if (d < best) best = d;
  }
  return best;
}

/** A square floor y = 0 of side 2 about the origin: two triangles, the diagonal from (-1, -1) to (1, 1). */
export const FLOOR: TriangleList = {
  vertices: [-1, 0, -1, 1, 0, -1, 1, 0, 1, -1, 0, 1],
  indices: [0, 2, 1, 0, 3, 2],
};

/** A floor y = 0 for x in [-1, 0] and a wall x = 0 rising to y = 1, both facing the corner's inside. */
export const CORNER: TriangleList = {
  vertices: [-1, 0, -1, 0, 0, -1, 0, 0, 1, -1, 0, 1, 0, 1, -1, 0, 1, 1],
  // Floor (front +y) and wall (front -x): wall corners (0,0,-1), (0,0,1), (0,1,1), (0,1,-1).
  indices: [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4],
};

/** A roof: two slopes meeting at the ridge x = 0, y = 1 (convex), each tilted 45 degrees. */
export const ROOF: TriangleList = {
  vertices: [-1, 0, -1, 0, 1, -1, 0, 1, 1, -1, 0, 1, 1, 0, -1, 1, 0, 1],
  indices: [0, 2, 1, 0, 3, 2, 1, 2, 5, 1, 5, 4],
};

/** A closed unit cube [-1, 1]^3, fronts outward. */
export function cube(): TriangleList {
  const vertices: number[] = [];
  for (let i = 0; i < 8; i++) vertices.push(i & 1 ? 1 : -1, i & 2 ? 1 : -1, i & 4 ? 1 : -1);
  // Each face as two counter-clockwise triangles seen from outside.
  const faces = [
    [0, 4, 6, 2],
    [1, 3, 7, 5],
    [0, 1, 5, 4],
    [2, 6, 7, 3],
    [0, 2, 3, 1],
    [4, 5, 7, 6],
  ];
  const indices: number[] = [];
  for (const [a, b, c, d] of faces) indices.push(a!, b!, c!, a!, c!, d!);
  return { vertices, indices };
}

/** The same mesh seen without its hierarchy: every triangle, in slot order. */
export class EveryTriangle implements TriangleSource {
  private next = 0;
  constructor(private readonly mesh: TriangleMesh) {}
  get twoSided() {
    return this.mesh.twoSided;
  }
  readonly solidBelow = false;
  inSolid(): boolean {
    return false;
  }
  beginQuery(): void {
    this.next = 0;
  }
  nextTriangle(): number {
    return this.next < this.mesh.triangleCount ? this.next++ : -1;
  }
  loadTriangle(slot: number, out: MeshTriangle): void {
    this.mesh.loadTriangle(slot, out);
  }
  loadFace(slot: number, out: MeshTriangle): void {
    this.mesh.loadFace(slot, out);
  }
  loadNeighbourhood(out: MeshTriangle): void {
    this.mesh.loadNeighbourhood(out);
  }
  vertexIsFlat(key: number): boolean {
    return this.mesh.vertexIsFlat(key);
  }
  vertexAccepts(key: number, d: Direction): boolean {
    return this.mesh.vertexAccepts(key, d);
  }
}

/** A bumpy closed-ish surface: a grid of random heights with random diagonals, turned and moved. */
export function bumpyMesh(random: Random, cells: number): TriangleList {
  const vertices: number[] = [], indices: number[] = [];
  for (let i = 0; i <= cells; i++) {
    for (let j = 0; j <= cells; j++) vertices.push(j * 0.5, random.range(-0.3, 0.3), i * 0.5);
  }
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const p00 = i * (cells + 1) + j, p01 = p00 + 1, p10 = p00 + cells + 1, p11 = p10 + 1;
      if (random.chance(0.5)) indices.push(p00, p10, p11, p00, p11, p01);
      else indices.push(p00, p10, p01, p01, p10, p11);
    }
  }
  return { vertices, indices };
}

/**
 * Whether the point `p` (in the list's frame) lies behind the plane of a triangle of `list`
 * whose X-Z bounds come within `reach` of it: the placements where a heightfield's solid below
 * may answer and the mesh of the same triangles (which has no inside) may not.
 */
export function behindATriangle(list: TriangleList, p: readonly number[], reach: number): boolean {
  const v = list.vertices, ix = list.indices;
  for (let t = 0; t < ix.length; t += 3) {
    const a = 3 * ix[t]!, b = 3 * ix[t + 1]!, c = 3 * ix[t + 2]!;
    if (
      Math.min(v[a]!, v[b]!, v[c]!) > p[0]! + reach ||
      Math.max(v[a]!, v[b]!, v[c]!) < p[0]! - reach ||
      Math.min(v[a + 2]!, v[b + 2]!, v[c + 2]!) > p[2]! + reach ||
      Math.max(v[a + 2]!, v[b + 2]!, v[c + 2]!) < p[2]! - reach
    ) continue;
    const ux = v[b]! - v[a]!, uy = v[b + 1]! - v[a + 1]!, uz = v[b + 2]! - v[a + 2]!;
    const wx = v[c]! - v[a]!, wy = v[c + 1]! - v[a + 1]!, wz = v[c + 2]! - v[a + 2]!;
    const nx = uy * wz - uz * wy, ny = uz * wx - ux * wz, nz = ux * wy - uy * wx;
    if (nx * (p[0]! - v[a]!) + ny * (p[1]! - v[a + 1]!) + nz * (p[2]! - v[a + 2]!) < 0) return true;
  }
  return false;
}
