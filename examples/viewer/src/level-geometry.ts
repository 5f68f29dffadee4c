/**
 * The static level geometry of the mesh and heightfield scenes: a flat floor tessellated into
 * triangles of every shape, and a terrain with a hill, a dip, a flat plain and a hole. Pure data
 * from a fixed seed, so the page and the Node tests build the same shapes.
 */
import { Heightfield, RayHit, TriangleMesh, raycast } from '@contactkit/contacts3d';

/** A small seeded generator (mulberry32): the same numbers on every load. */
export function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Half the side of the floor and of the terrain, world units. */
export const LEVEL_HALF_SIZE = 2.4;
/** Cells of the floor's grid along each side. */
const FLOOR_CELLS = 6;

/**
 * A flat floor in the plane y = 0, 4.8 on a side, centred on the origin: a 6 x 6 grid whose inner
 * points are moved at random (so no two triangles are alike), each cell cut along a random
 * diagonal, and every third cell fanned instead from a point 0.03 inside one of its sides, which
 * makes a sliver beside fat triangles. Every inner edge is flat; the rim is boundary.
 */
export function tessellatedFloor(): TriangleMesh {
  const random = seeded(25);
  const n = FLOOR_CELLS, step = (2 * LEVEL_HALF_SIZE) / n;
  const vertices: number[] = [];
  for (let i = 0; i <= n; i++) {
    for (let j = 0; j <= n; j++) {
      const inner = i > 0 && i < n && j > 0 && j < n;
      // Up to 0.3 of a cell each way keeps every cell a convex quadrilateral.
      const jitter = (): number => (inner ? (random() - 0.5) * 0.6 * step : 0);
      vertices.push(
        -LEVEL_HALF_SIZE + j * step + jitter(),
        0,
        -LEVEL_HALF_SIZE + i * step + jitter(),
      );
    }
  }
  const indices: number[] = [];
  const add = (a: number, b: number, c: number): void => {
    // Front up: (b - a) x (c - a) must have a positive y, (b - a).z (c - a).x - (b - a).x (c - a).z.
    const ux = vertices[3 * b]! - vertices[3 * a]!,
      uz = vertices[3 * b + 2]! - vertices[3 * a + 2]!;
    const vx = vertices[3 * c]! - vertices[3 * a]!,
      vz = vertices[3 * c + 2]! - vertices[3 * a + 2]!;
    if (uz * vx - ux * vz > 0) indices.push(a, b, c);
    else indices.push(a, c, b);
  };
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      const corners = [i * (n + 1) + j, i * (n + 1) + j + 1, (i + 1) * (n + 1) + j + 1];
      corners.push((i + 1) * (n + 1) + j);
      if ((i * n + j) % 3 === 1) {
        fanFromSide(vertices, corners, Math.floor(random() * 4), add);
      } else if (random() < 0.5) {
        add(corners[0]!, corners[1]!, corners[2]!);
        add(corners[0]!, corners[2]!, corners[3]!);
      } else {
        add(corners[0]!, corners[1]!, corners[3]!);
        add(corners[1]!, corners[2]!, corners[3]!);
      }
    }
  }
  return new TriangleMesh(vertices, indices);
}

/**
 * Fans the quadrilateral `corners` (in order around it) from a new point 0.03 inside its side
 * `side`, from the side's midpoint toward the centroid: four triangles, one of them a sliver.
 */
function fanFromSide(
  vertices: number[],
  corners: number[],
  side: number,
  add: (a: number, b: number, c: number) => void,
): void {
  const a = corners[side]!, b = corners[(side + 1) % 4]!;
  const mx = (vertices[3 * a]! + vertices[3 * b]!) / 2;
  const mz = (vertices[3 * a + 2]! + vertices[3 * b + 2]!) / 2;
  let cx = 0, cz = 0;
  for (const c of corners) {
    cx += vertices[3 * c]! / 4;
    cz += vertices[3 * c + 2]! / 4;
  }
  const toward = 0.03 / Math.hypot(cx - mx, cz - mz);
  const apex = vertices.length / 3;
  vertices.push(mx + (cx - mx) * toward, 0, mz + (cz - mz) * toward);
  for (let k = 0; k < 4; k++) add(apex, corners[k]!, corners[(k + 1) % 4]!);
}

/** Grid points of the terrain along each side. */
const TERRAIN_POINTS = 13;
/** The terrain's spacing: 12 cells of 0.4 make 4.8. */
export const TERRAIN_CELL = (2 * LEVEL_HALF_SIZE) / (TERRAIN_POINTS - 1);
/** Cells (row, column) of the hole: 2 x 2 cells, 0.8 across, in the flat plain. */
const HOLE_CELLS = [[5, 1], [5, 2], [6, 1], [6, 2]];
/** World centre of the hole at the terrain's pose (its frame's origin at the far left corner). */
export const HOLE_CENTRE: [number, number, number] = [-1.6, 0, 0];

/**
 * Terrain, 13 x 13 points 0.4 apart, placed by the scene at (-2.4, 0, -2.4) so that it is centred:
 * a hill of 0.8 and a dip of 0.45 on the right, heights below 0.02 set to exactly 0 so the left
 * half is a plain of flat edges, with a hole of 2 x 2 cells in the plain.
 */
export function terrain(): Heightfield {
  const heights: number[] = [];
  for (let i = 0; i < TERRAIN_POINTS; i++) {
    for (let j = 0; j < TERRAIN_POINTS; j++) {
      const x = j * TERRAIN_CELL - LEVEL_HALF_SIZE, z = i * TERRAIN_CELL - LEVEL_HALF_SIZE;
      const h = 0.8 * Math.exp(-((x - 1.2) ** 2 + (z + 0.7) ** 2) / 0.7) -
        0.45 * Math.exp(-((x - 1.1) ** 2 + (z - 1.3) ** 2) / 0.4);
      heights.push(Math.abs(h) < 0.02 ? 0 : h);
    }
  }
  const holes = new Array<number>((TERRAIN_POINTS - 1) ** 2).fill(0);
  for (const [i, j] of HOLE_CELLS) holes[i! * (TERRAIN_POINTS - 1) + j!] = 1;
  return new Heightfield(TERRAIN_POINTS, TERRAIN_POINTS, heights, TERRAIN_CELL, { holes });
}

/**
 * The highest point of `ground`'s surface (at its current pose) straight below world (x, z) or
 * below (x - reach, z) and (x + reach, z): where a shape that long along x rests (a capsule
 * across the hole rests on the plain beyond it).
 */
export function surfaceHeight(
  ground: TriangleMesh | Heightfield,
  x: number,
  z: number,
  reach = 0,
): number {
  const hit = new RayHit();
  let highest = -Infinity;
  for (const px of [x - reach, x, x + reach]) {
    if (raycast(ground, [px, 10, z], [0, -1, 0], 20, hit)) {
      highest = Math.max(highest, hit.point[1]!);
    }
  }
  if (highest === -Infinity) throw new RangeError(`surfaceHeight: no ground below (${x}, ${z})`);
  return highest;
}
