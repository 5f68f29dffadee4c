/**
 * Ray casts against a `TriangleMesh` (through its hierarchy: the slab test of Ericson, Real-Time
 * Collision Detection, 5.3.3, on each node's box, nearer hits shrinking the ray) and a
 * `Heightfield` (through its grid: the cells under the ray in the order it crosses them, the
 * voxel walk of Amanatides and Woo, "A Fast Voxel Traversal Algorithm for Ray Tracing", 1987, so
 * the first cell with a hit holds the nearest). Each triangle is tested by Moller and Trumbore's
 * algorithm ("Fast, Minimum Storage Ray/Triangle Intersection", 1997). Both work in the shape's
 * frame, where the ray is carried by the inverse of its rigid transform (distances unchanged).
 *
 * A one-sided triangle is hit from its front only; a two-sided one from either side, the normal
 * then facing the ray's origin. A mesh is a surface, not a solid: no start counts as inside it.
 * A heightfield's solid is below its surface: a ray starting on or below the surface, above a
 * cell that is not a hole, hits at distance 0 (normal `-direction`, featureId -1); the grid has
 * no side walls, so a ray from below the terrain's edge passes under it. `featureId`:
 * `meshFaceFeature(triangle)` of the triangle hit.
 */
import { hitInside, setHit, type Ray, type RayHit } from './raycast.js';
import type { Heightfield } from '../mesh/heightfield.js';
import { meshFaceFeature } from '../mesh/mesh-triangle.js';
import { vectorLength } from '../mesh/triangle-frame.js';
import type { TriangleMesh } from '../mesh/triangle-mesh.js';

/** The ray in the shape's frame (a plain object: raycast.ts imports this file, so its class is not yet there). */
const local: Ray = { ox: 0, oy: 0, oz: 0, dx: 0, dy: 0, dz: 1, maxDistance: 0 };
/** Pending nodes of the hierarchy: a balanced tree of at most 2^23 triangles is far shallower. */
const stack = new Int32Array(64);
/** Corners of the triangle under test, x, y, z each. */
const corners = new Float64Array(9);
/** The nearest triangle's corners. */
const nearest = new Float64Array(9);

/** The ray `ray` carried into the frame of the rigid `m`: R^T (o - t), R^T d. */
function toLocal(m: Float64Array, ray: Ray): Ray {
  const wx = ray.ox - m[12]!, wy = ray.oy - m[13]!, wz = ray.oz - m[14]!;
  local.ox = m[0]! * wx + m[1]! * wy + m[2]! * wz;
  local.oy = m[4]! * wx + m[5]! * wy + m[6]! * wz;
  local.oz = m[8]! * wx + m[9]! * wy + m[10]! * wz;
  local.dx = m[0]! * ray.dx + m[1]! * ray.dy + m[2]! * ray.dz;
  local.dy = m[4]! * ray.dx + m[5]! * ray.dy + m[6]! * ray.dz;
  local.dz = m[8]! * ray.dx + m[9]! * ray.dy + m[10]! * ray.dz;
  local.maxDistance = ray.maxDistance;
  return local;
}

/**
 * Distances out of the kernels below (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
const found = new Float64Array(1);

/**
 * Writes to `found[0]` the distance along `ray` to the triangle `c[0..8]`, or -1 for a miss
 * (Moller-Trumbore: with e1 = b - a, e2 = c - a, p = d x e2, det = e1 . p = -d . (e1 x e2),
 * positive exactly when the ray meets the front).
 */
function rayTriangle(ray: Ray, c: Float64Array, twoSided: boolean): void {
  found[0] = -1;
  const ax = c[0]!, ay = c[1]!, az = c[2]!;
  const e1x = c[3]! - ax, e1y = c[4]! - ay, e1z = c[5]! - az;
  const e2x = c[6]! - ax, e2y = c[7]! - ay, e2z = c[8]! - az;
  const px = ray.dy * e2z - ray.dz * e2y,
    py = ray.dz * e2x - ray.dx * e2z,
    pz = ray.dx * e2y - ray.dy * e2x;
  const det = e1x * px + e1y * py + e1z * pz;
  if (twoSided ? det === 0 : !(det > 0)) return;
  const inverse = 1 / det;
  const tx = ray.ox - ax, ty = ray.oy - ay, tz = ray.oz - az;
  const u = (tx * px + ty * py + tz * pz) * inverse;
  if (u < 0 || u > 1) return;
  const qx = ty * e1z - tz * e1y, qy = tz * e1x - tx * e1z, qz = tx * e1y - ty * e1x;
  const v = (ray.dx * qx + ray.dy * qy + ray.dz * qz) * inverse;
  if (v < 0 || u + v > 1) return;
  const t = (e2x * qx + e2y * qy + e2z * qz) * inverse;
  if (t >= 0) found[0] = t;
}

/** Fills `hit` at distance t with the world normal of triangle `c` (local), turned to face the ray. */
function hitTriangle(
  ray: Ray,
  m: Float64Array,
  c: Float64Array,
  t: number,
  triangle: number,
  hit: RayHit,
): true {
  const e1x = c[3]! - c[0]!, e1y = c[4]! - c[1]!, e1z = c[5]! - c[2]!;
  const e2x = c[6]! - c[0]!, e2y = c[7]! - c[1]!, e2z = c[8]! - c[2]!;
  let nx = e1y * e2z - e1z * e2y, ny = e1z * e2x - e1x * e2z, nz = e1x * e2y - e1y * e2x;
  const length = vectorLength(nx, ny, nz);
  // Facing the origin: against the local direction.
  const sign = nx * local.dx + ny * local.dy + nz * local.dz > 0 ? -1 : 1;
  nx *= sign / length;
  ny *= sign / length;
  nz *= sign / length;
  return setHit(
    ray,
    hit,
    t,
    // 0 + x: no component comes out as -0.
    0 + (m[0]! * nx + m[4]! * ny + m[8]! * nz),
    0 + (m[1]! * nx + m[5]! * ny + m[9]! * nz),
    0 + (m[2]! * nx + m[6]! * ny + m[10]! * nz),
    meshFaceFeature(triangle),
  );
}

/** Whether the ray meets box `b[o..o+5]` within [0, `found[0]`] (Ericson 5.3.3). */
function slabMeets(ray: Ray, b: Float64Array, o: number): boolean {
  let enter = 0, exit = found[0]!;
  for (let k = 0; k < 3; k++) {
    const origin = k === 0 ? ray.ox : k === 1 ? ray.oy : ray.oz;
    const direction = k === 0 ? ray.dx : k === 1 ? ray.dy : ray.dz;
    const low = b[o + k]!, high = b[o + 3 + k]!;
    if (direction === 0) {
      if (origin < low || origin > high) return false;
      continue;
    }
    let near = (low - origin) / direction, far = (high - origin) / direction;
    if (near > far) {
      const swap = near;
      near = far;
      far = swap;
    }
    if (near > enter) enter = near;
    if (far < exit) exit = far;
    if (enter > exit) return false;
  }
  return true;
}

/** The nearest triangle of `mesh` the ray meets within its reach. */
export function raycastTriangleMesh(mesh: TriangleMesh, ray: Ray, hit: RayHit): boolean {
  const m = mesh.transform, r = toLocal(m, ray);
  const bvh = mesh.bvh, bounds = bvh.bounds, p = mesh.positions, tv = mesh.triangleVertices;
  let best = r.maxDistance, bestSlot = -1;
  let size = 0;
  stack[size++] = 0;
  while (size > 0) {
    const node = stack[--size]!;
    found[0] = best;
    if (!slabMeets(r, bounds, 6 * node)) continue;
    const count = bvh.count[node]!, child = bvh.child[node]!;
    if (count === 0) {
      stack[size++] = child + 1;
      stack[size++] = child;
      continue;
    }
    for (let i = child; i < child + count; i++) {
      const slot = bvh.order[i]!;
      for (let k = 0; k < 3; k++) {
        const v = 3 * tv[3 * slot + k]!;
        corners[3 * k] = p[v]!;
        corners[3 * k + 1] = p[v + 1]!;
        corners[3 * k + 2] = p[v + 2]!;
      }
      rayTriangle(r, corners, mesh.twoSided);
      const t = found[0]!;
      if (t >= 0 && (t < best || (t === best && bestSlot < 0))) {
        best = t;
        bestSlot = slot;
        nearest.set(corners);
      }
    }
  }
  if (bestSlot < 0) return false;
  return hitTriangle(ray, m, nearest, best, mesh.triangleIndex[bestSlot]!, hit);
}

/** Corner offsets (row, column) of triangle t of a cell (heightfield.ts): t = 0, then t = 1. */
const CORNER_ROW = [0, 1, 1, 0, 1, 0];
const CORNER_COLUMN = [0, 0, 1, 0, 1, 1];

/** The cell row holding local z (clamped to the grid). */
function cellRow(field: Heightfield, z: number): number {
  return Math.min(field.rows - 2, Math.max(0, Math.floor(z / field.cellSize)));
}

/** The cell column holding local x (clamped to the grid). */
function cellColumn(field: Heightfield, x: number): number {
  return Math.min(field.columns - 2, Math.max(0, Math.floor(x / field.cellSize)));
}

/** The corners of triangle t (0, 1) of cell (i, j) in the heightfield's frame, into `corners`. */
function cellTriangle(field: Heightfield, i: number, j: number, t: number): void {
  const s = field.cellSize, columns = field.columns, h = field.heights;
  for (let k = 0; k < 3; k++) {
    const row = i + CORNER_ROW[3 * t + k]!, column = j + CORNER_COLUMN[3 * t + k]!;
    corners[3 * k] = column * s;
    corners[3 * k + 1] = h[row * columns + column]!;
    corners[3 * k + 2] = row * s;
  }
}

/** Height of the surface at local (x, z) inside cell (i, j) (the triangle holding it). */
function surfaceHeight(field: Heightfield, i: number, j: number, x: number, z: number): number {
  const s = field.cellSize, columns = field.columns, h = field.heights;
  const fx = x / s - j, fz = z / s - i;
  const k = i * columns + j;
  const h00 = h[k]!, h01 = h[k + 1]!, h10 = h[k + columns]!, h11 = h[k + columns + 1]!;
  // Triangle 0 covers fz >= fx, triangle 1 fx >= fz; each is the plane through its corners.
  return fz >= fx
    ? h00 + fz * (h10 - h00) + fx * (h11 - h10)
    : h00 + fx * (h01 - h00) + fz * (h11 - h01);
}

/** The first triangle of `field` the ray meets within its reach (see the file comment). */
export function raycastHeightfield(field: Heightfield, ray: Ray, hit: RayHit): boolean {
  const m = field.transform, r = toLocal(m, ray);
  const s = field.cellSize, width = (field.columns - 1) * s, depth = (field.rows - 1) * s;
  if (r.ox >= 0 && r.ox <= width && r.oz >= 0 && r.oz <= depth) {
    const i = cellRow(field, r.oz), j = cellColumn(field, r.ox);
    if (field.hasCell(i, j) && r.oy <= surfaceHeight(field, i, j, r.ox, r.oz)) {
      return hitInside(ray, hit);
    }
  }
  // The part of the ray over the grid's rectangle in X and Z.
  let enter = 0, exit = r.maxDistance;
  for (let axis = 0; axis < 2; axis++) {
    const origin = axis === 0 ? r.ox : r.oz, direction = axis === 0 ? r.dx : r.dz;
    const high = axis === 0 ? width : depth;
    if (direction === 0) {
      if (origin < 0 || origin > high) return false;
      continue;
    }
    let near = -origin / direction, far = (high - origin) / direction;
    if (near > far) {
      const swap = near;
      near = far;
      far = swap;
    }
    enter = Math.max(enter, near);
    exit = Math.min(exit, far);
  }
  if (enter > exit) return false;
  let i = cellRow(field, r.oz + r.dz * enter), j = cellColumn(field, r.ox + r.dx * enter);
  const stepColumn = r.dx > 0 ? 1 : -1, stepRow = r.dz > 0 ? 1 : -1;
  // Distance to the next column and row boundary, and between boundaries (Amanatides-Woo).
  let nextColumn = r.dx === 0 ? Infinity : ((r.dx > 0 ? j + 1 : j) * s - r.ox) / r.dx;
  let nextRow = r.dz === 0 ? Infinity : ((r.dz > 0 ? i + 1 : i) * s - r.oz) / r.dz;
  const columnStep = r.dx === 0 ? Infinity : s / Math.abs(r.dx);
  const rowStep = r.dz === 0 ? Infinity : s / Math.abs(r.dz);
  for (;;) {
    if (field.hasCell(i, j)) {
      let best = Infinity, bestTriangle = -1;
      for (let t = 0; t < 2; t++) {
        cellTriangle(field, i, j, t);
        rayTriangle(r, corners, false);
        const distance = found[0]!;
        if (distance >= 0 && distance <= r.maxDistance && distance < best) {
          best = distance;
          bestTriangle = t;
          nearest.set(corners);
        }
      }
      if (bestTriangle >= 0) {
        return hitTriangle(
          ray,
          m,
          nearest,
          best,
          2 * (i * (field.columns - 1) + j) + bestTriangle,
          hit,
        );
      }
    }
    // Into the next cell along the ray: across whichever boundary comes first.
    if (nextColumn < nextRow) {
      if (nextColumn > exit) return false;
      j += stepColumn;
      nextColumn += columnStep;
    } else {
      if (nextRow > exit) return false;
      i += stepRow;
      nextRow += rowStep;
    }
    if (i < 0 || j < 0 || i > field.rows - 2 || j > field.columns - 2) return false;
  }
}
