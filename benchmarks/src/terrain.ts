/**
 * Static terrain for the mesh rows: a grid of gentle slopes with noise, as a triangle mesh and as
 * the same heightfield, and seeded shapes resting on it. The grid follows DESIGN.md's heightfield
 * (point (i, j) at `(j * cellSize, heights[i * columns + j], i * cellSize)`, cell (i, j) split
 * along the diagonal from (i, j) to (i + 1, j + 1)); the mesh has exactly the heightfield's
 * triangles, so both rows of a shape meet the same surface.
 */
import { Random } from '@contactkit/test-support';
import {
  type Pair,
  type Pairs3,
  type Shape3Spec,
  type Terrain,
  type TerrainSpec,
  ellipsoidPoints,
} from './inputs.js';
import { type Q, type V3, axisAngleQ, boxCorners, multiplyQ, rotate3 } from './space.js';

/** Grid points on a side of the rows' terrain: 70 x 70 cells, 9,800 triangles. */
export const TERRAIN_SIDE = 71;

/**
 * Gentle slopes (up to about 13 degrees) with noise of 5% of a cell: `side x side` points one
 * cell apart. The same seed for every size, so a larger terrain is a larger world of the same
 * kind.
 */
export function terrain(side: number, cellSize = 1): Terrain {
  const random = new Random(7);
  const heights = new Float64Array(side * side);
  for (let i = 0; i < side; i++) {
    for (let j = 0; j < side; j++) {
      const x = j * cellSize, z = i * cellSize;
      heights[i * side + j] = 2 * Math.sin(0.11 * x) * Math.cos(0.07 * z) +
        random.range(-0.05, 0.05) * cellSize;
    }
  }
  return { rows: side, columns: side, heights, cellSize };
}

const lists = new WeakMap<Terrain, { vertices: Float64Array; indices: Uint32Array; }>();

/** The heightfield's triangles as a vertex and index list, counter-clockwise seen from above. */
export function meshOf(t: Terrain): { vertices: Float64Array; indices: Uint32Array; } {
  const known = lists.get(t);
  if (known !== undefined) return known;
  const vertices = new Float64Array(3 * t.rows * t.columns);
  for (let i = 0; i < t.rows; i++) {
    for (let j = 0; j < t.columns; j++) {
      const k = i * t.columns + j;
      vertices.set([j * t.cellSize, t.heights[k]!, i * t.cellSize], 3 * k);
    }
  }
  const indices = new Uint32Array(6 * (t.rows - 1) * (t.columns - 1));
  let n = 0;
  for (let i = 0; i + 1 < t.rows; i++) {
    for (let j = 0; j + 1 < t.columns; j++) {
      const p00 = i * t.columns + j, p01 = p00 + 1, p10 = p00 + t.columns, p11 = p10 + 1;
      indices.set([p00, p10, p11, p00, p11, p01], n);
      n += 6;
    }
  }
  const list = { vertices, indices };
  lists.set(t, list);
  return list;
}

/**
 * The surface's height over `(x, z)`, interpolated on the triangle of the cell that holds it
 * (computed from the grid, not by any library): with `u, v` the position in the cell along x and
 * z, the triangle (i, j), (i + 1, j), (i + 1, j + 1) covers `v >= u`, the other `u > v`.
 */
export function heightAt(t: Terrain, x: number, z: number): number {
  const fx = x / t.cellSize, fz = z / t.cellSize;
  const j = Math.min(t.columns - 2, Math.max(0, Math.floor(fx)));
  const i = Math.min(t.rows - 2, Math.max(0, Math.floor(fz)));
  const u = fx - j, v = fz - i;
  const h = (di: number, dj: number): number => t.heights[(i + di) * t.columns + j + dj]!;
  return v >= u
    ? h(0, 0) + (h(1, 1) - h(1, 0)) * u + (h(1, 0) - h(0, 0)) * v
    : h(0, 0) + (h(0, 1) - h(0, 0)) * u + (h(1, 1) - h(0, 1)) * v;
}

/** A shape resting on terrain, as the rows place it. */
export type Resting = 'sphere' | 'capsule' | 'box' | 'hull';

/** The shape's lowest point in its posed frame (its centre at the origin), and its size. */
function lowestPoint(spec: Shape3Spec): { point: V3; size: number; } {
  let points: V3[];
  let size: number;
  switch (spec.kind) {
    case 'sphere':
      return { point: [0, -spec.radius, 0], size: spec.radius };
    case 'capsule': {
      const [x, y, z] = rotate3(spec.quaternion, [0, spec.halfLength, 0]);
      points = [[x, y - spec.radius, z], [-x, -y - spec.radius, -z]];
      size = spec.radius;
      break;
    }
    case 'box':
      points = boxCorners(spec.halfSize, [0, 0, 0], spec.quaternion);
      size = Math.min(...spec.halfSize);
      break;
    case 'hull':
      points = [];
      for (let k = 0; k < spec.points.length; k += 3) {
        points.push(
          rotate3(spec.quaternion, [spec.points[k]!, spec.points[k + 1]!, spec.points[k + 2]!]),
        );
      }
      size = 0.3;
      break;
    default:
      throw new Error(`no resting placement for ${spec.kind}`);
  }
  const point = points.reduce((low, p) => (p[1] < low[1] ? p : low));
  return { point, size };
}

/** A shape of kind `kind` at the origin, in a seeded orientation. */
function restingShape(kind: Resting, random: Random): Shape3Spec {
  const yaw = axisAngleQ([0, 1, 0], random.range(0, 2 * Math.PI));
  switch (kind) {
    case 'sphere':
      return { kind, radius: 0.5, position: [0, 0, 0], quaternion: [0, 0, 0, 1] };
    case 'capsule':
      // Lying: a quarter turn about Z takes its local Y axis to the horizontal, then a yaw.
      return {
        kind,
        radius: 0.3,
        halfLength: 0.6,
        position: [0, 0, 0],
        quaternion: multiplyQ(yaw, axisAngleQ([0, 0, 1], Math.PI / 2)),
      };
    case 'box':
      return { kind, halfSize: [0.5, 0.25, 0.4], position: [0, 0, 0], quaternion: yaw };
    case 'hull':
      return {
        kind,
        points: ellipsoidPoints(random, 0.6),
        position: [0, 0, 0],
        quaternion: random.rotation() as Q,
      };
  }
}

const rowsTerrain: Terrain[] = [];

/** The rows' terrain, one object for every row (so each library builds its mesh once). */
export function rowsTerrainSpec(kind: TerrainSpec['kind']): TerrainSpec {
  if (rowsTerrain.length === 0) rowsTerrain.push(terrain(TERRAIN_SIDE));
  return { kind, terrain: rowsTerrain[0]! };
}

/**
 * `count` shapes of kind `kind` resting on the terrain of `target`, at seeded places over the
 * middle 80% of it: each posed, then lowered until its lowest point lies 0 to 2% of its size
 * (the radius; a box's smallest half size; 0.3, a hull's smallest possible semi-axis) below the
 * surface under that point, so every placement overlaps the terrain. Every configuration's
 * second shape is the same `target` object.
 */
export function terrainPairs(
  kind: Resting,
  target: TerrainSpec,
  count: number,
  seed: number,
): Pairs3 {
  const random = new Random(seed);
  const t = target.terrain;
  const width = (t.columns - 1) * t.cellSize, depth = (t.rows - 1) * t.cellSize;
  const pairs: Pair<Shape3Spec, TerrainSpec>[] = [];
  for (let n = 0; n < count; n++) {
    const shape = restingShape(kind, random);
    const x = random.range(0.1 * width, 0.9 * width), z = random.range(0.1 * depth, 0.9 * depth);
    const { point, size } = lowestPoint(shape);
    const surface = heightAt(t, x + point[0], z + point[2]);
    const y = surface - random.range(0, 0.02) * size - point[1];
    pairs.push({
      category: 'overlapping',
      a: { ...shape, position: [x, y, z] } as Shape3Spec,
      b: target,
    });
  }
  return pairs;
}
