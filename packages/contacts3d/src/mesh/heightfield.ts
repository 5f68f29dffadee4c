/**
 * `Heightfield`: terrain as a grid of heights, the triangles of the equivalent `TriangleMesh`
 * without building one: the grid itself answers which triangles lie under a box (no hierarchy),
 * and each triangle's neighbours, flags and vertex rings follow from its cell.
 *
 * Layout (DESIGN.md): grid point (i, j), row i and column j, sits at `(j * cellSize,
 * heights[i * columns + j], i * cellSize)` in the shape's frame; cell (i, j) (0 <= i < rows - 1,
 * 0 <= j < columns - 1) is split along the diagonal from (i, j) to (i + 1, j + 1) into triangle
 * `2 * (i * (columns - 1) + j)`, corners (i, j), (i + 1, j), (i + 1, j + 1), and triangle
 * `2 * (i * (columns - 1) + j) + 1`, corners (i, j), (i + 1, j + 1), (i, j + 1): both
 * counter-clockwise seen from above (+Y), their fronts up. The solid is below the surface: a
 * shape behind a triangle, in its column (the points under it along -Y), overlaps the solid and
 * gets a contact of the triangle's normal. A cell marked as a hole has no triangles (no solid).
 */
import { MAX_COORDINATE, requireCoordinate, requireInteger, requireObject } from '@contactkit/math';
import { Primitive, ShapeType } from '../shapes/primitives.js';
import {
  EdgeFlag,
  FLAT_EDGE_COSINE,
  MAX_MESH_TRIANGLES,
  DIRECTION_SLACK,
  type Direction,
  type MeshTriangle,
  type TriangleSource,
} from './mesh-triangle.js';
import {
  classifyEdge,
  writeCornersSlack,
  localBox,
  placePoint,
  rotate,
  vectorLength,
  writeSlack,
  writeTriangleFrame,
  writeWorldBox,
} from './triangle-frame.js';

/** Options of a `Heightfield`. */
export interface HeightfieldOptions {
  /**
   * One entry per cell, row-major (`i * (columns - 1) + j`): true (or non-zero) marks a hole, a
   * cell with no triangles. Default: no holes.
   */
  holes?: ArrayLike<boolean | number>;
}

/** Corner offsets (row, column) of triangle t of a cell: t = 0 then t = 1. */
const CORNER_ROW = [0, 1, 1, 0, 1, 0];
const CORNER_COLUMN = [0, 0, 1, 0, 1, 1];
/** Across edge k of triangle t: the neighbour's cell offset (row, column), its t and its edge. */
const NEIGHBOUR_ROW = [0, 1, 0, 0, 0, -1];
const NEIGHBOUR_COLUMN = [-1, 0, 0, 0, 1, 0];
const NEIGHBOUR_TRIANGLE = [1, 1, 1, 0, 0, 0];
const NEIGHBOUR_EDGE = [1, 2, 0, 2, 0, 1];

/**
 * A heightfield of `rows x columns` grid points (each at least 2), `heights` row-major (`rows *
 * columns` finite numbers within `MAX_COORDINATE`), `cellSize` the spacing along X and Z
 * (greater than 0). See the file comment for the layout and the triangle numbering feature ids
 * and ray hits use. Throws a RangeError or TypeError naming the argument for anything else, or
 * for more than `MAX_MESH_TRIANGLES` triangles.
 */
export class Heightfield<B = unknown> extends Primitive<B> implements TriangleSource {
  /** `ShapeType.Heightfield`. */
  readonly shapeType = ShapeType.Heightfield;
  /** Always false: the solid is below the surface. */
  readonly twoSided = false;
  /** Always true: the space below the surface is solid (DESIGN.md). */
  readonly solidBelow = true;
  /** Grid points along Z. */
  readonly rows: number;
  /** Grid points along X. */
  readonly columns: number;
  /** Spacing of the grid points along X and Z. */
  readonly cellSize: number;
  /** The heights, row-major (a copy). */
  readonly heights: Float64Array;
  /** 1 for a hole cell, row-major over the `(rows - 1) * (columns - 1)` cells. */
  readonly holes: Uint8Array;
  /** `2 * (rows - 1) * (columns - 1)`, holes included (their numbers are simply never used). */
  readonly triangleCount: number;
  /** Lowest height. */
  readonly minHeight: number;
  /** Highest height. */
  readonly maxHeight: number;

  private readonly query = new Float64Array(6);
  private rowEnd = -1;
  private columnStart = 0;
  private columnEnd = 0;
  private cursorRow = 0;
  private cursorColumn = 0;
  private cursorTriangle = 2;
  /** The slot whose corners and frame `corners`, `localNormal` and `localInward` hold (-1: none). */
  private loadedSlot = -1;
  private readonly corners = new Float64Array(9);
  private readonly otherCorners = new Float64Array(9);
  private readonly frameNormal = new Float64Array(3);
  private readonly frameInward = new Float64Array(9);
  private readonly localNormal = new Float64Array(3);
  private readonly localInward = new Float64Array(9);
  private readonly fanNormals = new Float64Array(18);

  constructor(
    rows: number,
    columns: number,
    heights: ArrayLike<number>,
    cellSize: number,
    options: HeightfieldOptions = {},
  ) {
    super();
    requireInteger('Heightfield rows', rows, 2);
    requireInteger('Heightfield columns', columns, 2);
    requireCoordinate('Heightfield cellSize', cellSize);
    if (cellSize <= 0) {
      throw new RangeError(`Heightfield cellSize must be greater than 0, got ${cellSize}`);
    }
    const triangles = 2 * (rows - 1) * (columns - 1);
    if (triangles > MAX_MESH_TRIANGLES) {
      throw new RangeError(
        `Heightfield of ${rows} x ${columns} points has ${triangles} triangles, more than the ` +
          `${MAX_MESH_TRIANGLES} (MAX_MESH_TRIANGLES) feature ids can name`,
      );
    }
    if (heights === null || typeof heights !== 'object' || typeof heights.length !== 'number') {
      throw new TypeError(`Heightfield heights must be a list of numbers, got ${String(heights)}`);
    }
    if (heights.length !== rows * columns) {
      throw new RangeError(
        `Heightfield heights must hold rows * columns = ${
          rows * columns
        } numbers, got ${heights.length}`,
      );
    }
    requireObject('Heightfield options', options);
    const copy = new Float64Array(rows * columns);
    let low = Infinity, high = -Infinity;
    for (let k = 0; k < copy.length; k++) {
      const value = heights[k];
      if (typeof value !== 'number') {
        throw new TypeError(`Heightfield heights[${k}] must be a number, got ${String(value)}`);
      }
      if (!Number.isFinite(value) || Math.abs(value) > MAX_COORDINATE) {
        throw new RangeError(
          `Heightfield heights[${k}] (row ${Math.floor(k / columns)}, column ${
            k % columns
          }) must be finite and within MAX_COORDINATE (${MAX_COORDINATE}), got ${value}`,
        );
      }
      copy[k] = value;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
    const cells = (rows - 1) * (columns - 1);
    const holes = new Uint8Array(cells);
    if (options.holes !== undefined) {
      const given = options.holes;
      if (given === null || typeof given !== 'object' || given.length !== cells) {
        throw new RangeError(
          `Heightfield options.holes must hold one entry per cell, (rows - 1) * (columns - 1) = ${cells}, got ${
            given === null || typeof given !== 'object' ? String(given) : `${given.length} entries`
          }`,
        );
      }
      for (let k = 0; k < cells; k++) holes[k] = given[k] ? 1 : 0;
    }
    this.rows = rows;
    this.columns = columns;
    this.cellSize = cellSize;
    this.heights = copy;
    this.holes = holes;
    this.triangleCount = triangles;
    this.minHeight = low;
    this.maxHeight = high;
    this.writeAabb();
  }

  /** Whether cell (i, j) exists and is not a hole. */
  hasCell(i: number, j: number): boolean {
    return i >= 0 && j >= 0 && i < this.rows - 1 && j < this.columns - 1 &&
      this.holes[i * (this.columns - 1) + j] === 0;
  }

  protected writeAabb(): void {
    // The constructor of Primitive runs before the grid exists.
    if (this.heights === undefined) return;
    const s = this.cellSize;
    const local = this.query;
    local[0] = 0;
    local[1] = this.minHeight;
    local[2] = 0;
    local[3] = (this.columns - 1) * s;
    local[4] = this.maxHeight;
    local[5] = (this.rows - 1) * s;
    writeWorldBox(this.transform, local, this.aabb);
  }

  beginQuery(box: Float64Array): void {
    const q = this.query, s = this.cellSize;
    localBox(this.transform, box, q);
    // Cells whose X and Z ranges meet the box's; NaN-free since the box is finite.
    const rowStart = Math.max(0, Math.floor(q[2]! / s));
    this.rowEnd = Math.min(this.rows - 2, Math.floor(q[5]! / s));
    this.columnStart = Math.max(0, Math.floor(q[0]! / s));
    this.columnEnd = Math.min(this.columns - 2, Math.floor(q[3]! / s));
    this.cursorRow = rowStart;
    this.cursorColumn = this.columnStart;
    this.cursorTriangle = 0;
    if (this.columnStart > this.columnEnd) this.cursorRow = this.rowEnd + 1;
  }

  nextTriangle(): number {
    const h = this.heights, columns = this.columns, q = this.query;
    while (this.cursorRow <= this.rowEnd) {
      const i = this.cursorRow, j = this.cursorColumn;
      if (this.cursorTriangle === 0) {
        // A new cell: skip holes and cells wholly below the box. A cell above the box is not
        // skipped: the box is in the solid under it.
        const k = i * columns + j;
        const h00 = h[k]!, h01 = h[k + 1]!, h10 = h[k + columns]!, h11 = h[k + columns + 1]!;
        const high = Math.max(h00, h01, h10, h11);
        if (this.holes[i * (columns - 1) + j] === 1 || high < q[1]!) {
          this.advanceCell();
          continue;
        }
      }
      const triangle = 2 * (i * (columns - 1) + j) + this.cursorTriangle;
      if (this.cursorTriangle === 1) this.advanceCell();
      else this.cursorTriangle = 1;
      return triangle;
    }
    return -1;
  }

  private advanceCell(): void {
    this.cursorTriangle = 0;
    if (++this.cursorColumn > this.columnEnd) {
      this.cursorColumn = this.columnStart;
      this.cursorRow++;
    }
  }

  /** Writes the local corners of triangle t of cell (i, j) to `out[at .. at + 8]`. */
  private writeCorners(i: number, j: number, t: number, out: Float64Array, at: number): void {
    const s = this.cellSize, columns = this.columns;
    for (let k = 0; k < 3; k++) {
      const row = i + CORNER_ROW[3 * t + k]!, column = j + CORNER_COLUMN[3 * t + k]!;
      out[at + 3 * k] = column * s;
      out[at + 3 * k + 1] = this.heights[row * columns + column]!;
      out[at + 3 * k + 2] = row * s;
    }
  }

  loadTriangle(slot: number, out: MeshTriangle): void {
    this.loadFace(slot, out);
    this.loadNeighbourhood(out);
  }

  loadFace(slot: number, out: MeshTriangle): void {
    const m = this.transform, columns = this.columns;
    const cell = slot >> 1, t = slot & 1;
    const i = Math.floor(cell / (columns - 1)), j = cell - i * (columns - 1);
    out.index = slot;
    out.slot = slot;
    const c = this.corners;
    this.writeCorners(i, j, t, c, 0);
    const normal = this.localNormal, inward = this.localInward;
    writeTriangleFrame(c, 0, 3, 6, normal, 0, inward, 0);
    for (let k = 0; k < 3; k++) {
      placePoint(m, c, 3 * k, out.vertices, 3 * k);
      const row = i + CORNER_ROW[3 * t + k]!, column = j + CORNER_COLUMN[3 * t + k]!;
      out.vertexKeys[k] = row * columns + column;
      rotate(m, inward, 3 * k, out.inward, 3 * k);
    }
    for (let k = 0; k < 3; k++) {
      const a = out.vertexKeys[k]!, b = out.vertexKeys[(k + 1) % 3]!;
      // Edge key: the lower grid point and the step to the other (0: next row, 1: next column, 2: diagonal).
      const low = Math.min(a, b), step = Math.abs(a - b);
      out.edgeKeys[k] = 3 * low + (step === columns ? 0 : step === 1 ? 1 : 2);
    }
    rotate(m, normal, 0, out.normal, 0);
    out.up[0] = m[4]!;
    out.up[1] = m[5]!;
    out.up[2] = m[6]!;
    writeSlack(out);
    this.loadedSlot = slot;
  }

  /**
   * The neighbours across the three edges of the triangle `loadFace` last filled: their frames
   * are computed here, so a kernel that needs them only for the few triangles whose edges it
   * reaches (sphere and capsule) calls this only for those.
   */
  loadNeighbourhood(out: MeshTriangle): void {
    const m = this.transform, columns = this.columns, slot = out.slot;
    const cell = slot >> 1, t = slot & 1;
    const i = Math.floor(cell / (columns - 1)), j = cell - i * (columns - 1);
    const c = this.corners, normal = this.localNormal;
    if (this.loadedSlot !== slot) {
      this.writeCorners(i, j, t, c, 0);
      writeTriangleFrame(c, 0, 3, 6, normal, 0, this.localInward, 0);
      this.loadedSlot = slot;
    }
    for (let k = 0; k < 3; k++) {
      const ni = i + NEIGHBOUR_ROW[3 * t + k]!, nj = j + NEIGHBOUR_COLUMN[3 * t + k]!;
      if (!this.hasCell(ni, nj)) {
        out.edgeFlags[k] = EdgeFlag.Boundary;
        out.neighbourNormal.fill(0, 3 * k, 3 * k + 3);
        out.neighbourInward.fill(0, 3 * k, 3 * k + 3);
        continue;
      }
      const nt = NEIGHBOUR_TRIANGLE[3 * t + k]!, edge = NEIGHBOUR_EDGE[3 * t + k]!;
      const other = this.otherCorners;
      this.writeCorners(ni, nj, nt, other, 0);
      writeTriangleFrame(other, 0, 3, 6, this.frameNormal, 0, this.frameInward, 0);
      // The neighbour's far corner is the one after its edge's two.
      const far = 3 * ((edge + 2) % 3);
      out.edgeFlags[k] = classifyEdge(
        normal[0]!,
        normal[1]!,
        normal[2]!,
        c[3 * k]!,
        c[3 * k + 1]!,
        c[3 * k + 2]!,
        this.frameNormal[0]!,
        this.frameNormal[1]!,
        this.frameNormal[2]!,
        other[far]!,
        other[far + 1]!,
        other[far + 2]!,
      );
      rotate(m, this.frameNormal, 0, out.neighbourNormal, 3 * k);
      rotate(m, this.frameInward, 3 * edge, out.neighbourInward, 3 * k);
    }
  }

  /**
   * Whether the world point `p` lies in the solid: over a cell that is no hole, not above the
   * surface (the plane of the cell's triangle under it).
   */
  inSolid(p: Float64Array): boolean {
    const m = this.transform, s = this.cellSize;
    const dx = p[0]! - m[12]!, dy = p[1]! - m[13]!, dz = p[2]! - m[14]!;
    const x = m[0]! * dx + m[1]! * dy + m[2]! * dz;
    const y = m[4]! * dx + m[5]! * dy + m[6]! * dz;
    const z = m[8]! * dx + m[9]! * dy + m[10]! * dz;
    const i = Math.floor(z / s), j = Math.floor(x / s);
    if (!this.hasCell(i, j)) return false;
    const h = this.heights, columns = this.columns, k = i * columns + j;
    const h00 = h[k]!, h01 = h[k + 1]!, h10 = h[k + columns]!, h11 = h[k + columns + 1]!;
    const fx = x / s - j, fz = z / s - i;
    // Triangle 0 of the cell holds fz >= fx, triangle 1 fx >= fz (the file comment's split).
    const surface = fz >= fx
      ? h00 + fz * (h10 - h00) + fx * (h11 - h10)
      : h00 + fx * (h01 - h00) + fz * (h11 - h01);
    return y <= surface;
  }

  /**
   * Whether the box of the last `beginQuery` (in the field's frame) reaches beyond the grid or
   * over a hole: O(cells under the box), as the query itself. Only there can a sphere's or
   * capsule's body reach a column's solid sideways, through a wall the surface does not close,
   * with the core not behind that column's plane (the sphere and capsule kernel's solid beside a
   * column, mesh-contacts.ts, FINDINGS.md F132 and F160): the kernel's first, cheap test.
   */
  queryNearHoleOrEdge(): boolean {
    const q = this.query, s = this.cellSize, columns = this.columns;
    if (q[0]! < 0 || q[2]! < 0 || q[3]! > (columns - 1) * s || q[5]! > (this.rows - 1) * s) {
      return true;
    }
    const rowStart = Math.max(0, Math.floor(q[2]! / s));
    for (let i = rowStart; i <= this.rowEnd; i++) {
      for (let j = this.columnStart; j <= this.columnEnd; j++) {
        if (this.holes[i * (columns - 1) + j] === 1) return true;
      }
    }
    return false;
  }

  /**
   * Writes into `out.slack` the round-off slack of triangle `slot` that no rotation changes: `writeSlack`'s measure of
   * its corners in the field's own frame (a billionth of the longest edge, 1e-14 of the largest
   * coordinate), plus 1e-14 of the distance of the field's origin from the world origin, which
   * with the local coordinates bounds the world corners' magnitude and so their round-off.
   * `MeshTriangle.slack`, taken from the world corners' largest coordinate, changes by up to a
   * factor of 1.7 as a scene 1e5 from the origin turns about it. For a decision that must not
   * change under a rigid motion of both shapes (the sphere and capsule kernel's open walls,
   * mesh-contacts.ts, FINDINGS.md F161).
   */
  writeSteadySlack(slot: number, out: { slack: number; }): void {
    const columns = this.columns, cell = slot >> 1, m = this.transform;
    const i = Math.floor(cell / (columns - 1));
    this.writeCorners(i, cell - i * (columns - 1), slot & 1, this.otherCorners, 0);
    writeCornersSlack(this.otherCorners, out);
    out.slack += 1e-14 * Math.hypot(m[12]!, m[13]!, m[14]!);
  }

  /**
   * Whether the world segment from `start` to `end` lies clearly beside every cell:
   * seen along the field's Y, farther than the triangles' round-off slack (`writeSlack`: a
   * billionth of the longest edge, at most the cell's diagonal plus the height range, and 1e-14
   * of the coordinates; twice that here) from the grid (clipped to it grown by that margin,
   * Liang-Barsky, nothing is left), or from every cell that is no hole (each cell under what is
   * left, row by row, grown by the margin, is a hole). A point when both ends are equal. A segment
   * nearer than that lies in a column as the kernels' column clip sees it. For the sphere and
   * capsule kernel's solid beside the grid (mesh-contacts.ts, FINDINGS.md F132).
   */
  segmentOverNoCell(start: Float64Array, end: Float64Array): boolean {
    const m = this.transform, s = this.cellSize, box = this.aabb;
    const tx = m[12]!, ty = m[13]!, tz = m[14]!;
    const ax = start[0]! - tx, ay = start[1]! - ty, az = start[2]! - tz;
    const bx = end[0]! - tx, by = end[1]! - ty, bz = end[2]! - tz;
    // Local X and Z of both ends (the rotation's transpose).
    const x0 = m[0]! * ax + m[1]! * ay + m[2]! * az, z0 = m[8]! * ax + m[9]! * ay + m[10]! * az;
    const x1 = m[0]! * bx + m[1]! * by + m[2]! * bz, z1 = m[8]! * bx + m[9]! * by + m[10]! * bz;
    const largest = Math.max(
      Math.abs(box[0]!),
      Math.abs(box[1]!),
      Math.abs(box[2]!),
      Math.abs(box[3]!),
      Math.abs(box[4]!),
      Math.abs(box[5]!),
    );
    const margin = 2e-9 * (2 * s + this.maxHeight - this.minHeight) + 1e-13 * largest;
    let low = 0, high = 1;
    const width = (this.columns - 1) * s + margin, depth = (this.rows - 1) * s + margin;
    for (let k = 0; k < 4 && low <= high; k++) {
      // Inside where g >= 0: x >= -margin, x <= width, z >= -margin, z <= depth.
      const g0 = k === 0 ? x0 + margin : k === 1 ? width - x0 : k === 2 ? z0 + margin : depth - z0;
      const g1 = k === 0 ? x1 + margin : k === 1 ? width - x1 : k === 2 ? z1 + margin : depth - z1;
      if (g0 < 0 && g1 < 0) return true;
      if (g0 < 0) low = Math.max(low, g0 / (g0 - g1));
      else if (g1 < 0) high = Math.min(high, g0 / (g0 - g1));
    }
    if (low > high) return true;
    const xa = x0 + low * (x1 - x0), xb = x0 + high * (x1 - x0);
    const za = z0 + low * (z1 - z0), zb = z0 + high * (z1 - z0);
    // Clamped into the grid: a point on the far border lies in the last cell.
    const lastColumn = this.columns - 2, lastRow = this.rows - 2;
    const i0 = Math.min(lastRow, Math.max(0, Math.floor((Math.min(za, zb) - margin) / s)));
    const i1 = Math.min(lastRow, Math.max(0, Math.floor((Math.max(za, zb) + margin) / s)));
    for (let i = i0; i <= i1; i++) {
      // Row by row, the cells under the part of what is left within the row's strip (grown by
      // the margin), not all under its box: a core crossing holes diagonally has cells that are
      // no hole in its box's corners, beside it (FINDINGS.md F150).
      let from = 0, to = 1;
      if (zb !== za) {
        const ta = (i * s - margin - za) / (zb - za), tb = ((i + 1) * s + margin - za) / (zb - za);
        from = Math.max(0, Math.min(ta, tb));
        to = Math.min(1, Math.max(ta, tb));
        if (from > to) continue;
      }
      const xf = xa + from * (xb - xa), xt = xa + to * (xb - xa);
      const j0 = Math.min(lastColumn, Math.max(0, Math.floor((Math.min(xf, xt) - margin) / s)));
      const j1 = Math.min(lastColumn, Math.max(0, Math.floor((Math.max(xf, xt) + margin) / s)));
      for (let j = j0; j <= j1; j++) if (this.holes[i * (this.columns - 1) + j] === 0) return false;
    }
    return true;
  }

  vertexIsFlat(key: number): boolean {
    const i = Math.floor(key / this.columns);
    return this.isFlatVertex(i, key - i * this.columns);
  }

  vertexAccepts(key: number, d: Direction): boolean {
    const dx = d.x, dy = d.y, dz = d.z, slack = DIRECTION_SLACK;
    const columns = this.columns;
    const i = Math.floor(key / columns), j = key - i * columns;
    if (this.isFlatVertex(i, j)) return false;
    const m = this.transform, s = this.cellSize, h = this.heights;
    const lx = m[0]! * dx + m[1]! * dy + m[2]! * dz;
    const ly = m[4]! * dx + m[5]! * dy + m[6]! * dz;
    const lz = m[8]! * dx + m[9]! * dy + m[10]! * dz;
    const length = vectorLength(lx, ly, lz);
    const height = h[key]!;
    // The six grid neighbours an edge may join (row step, column step), each present when one of
    // the two cells beside that edge is (see the file comment's split).
    for (let n = 0; n < 6; n++) {
      const di = RING_ROW[n]!, dj = RING_COLUMN[n]!;
      if (
        !this.hasCell(i + RING_CELL_ROW[2 * n]!, j + RING_CELL_COLUMN[2 * n]!) &&
        !this.hasCell(i + RING_CELL_ROW[2 * n + 1]!, j + RING_CELL_COLUMN[2 * n + 1]!)
      ) continue;
      const ex = dj * s, ey = h[(i + di) * columns + j + dj]! - height, ez = di * s;
      if (ex * lx + ey * ly + ez * lz > slack * length * vectorLength(ex, ey, ez)) return false;
    }
    return true;
  }

  /**
   * Whether grid point (i, j) is flat: its six triangles all exist and each meets the next
   * around the point at a flat edge (as `TriangleMesh` calls a vertex flat).
   */
  private isFlatVertex(i: number, j: number): boolean {
    const normals = this.fanNormals;
    for (let n = 0; n < 6; n++) {
      const ci = i + FAN_ROW[n]!, cj = j + FAN_COLUMN[n]!;
      if (!this.hasCell(ci, cj)) return false;
      this.writeCorners(ci, cj, FAN_TRIANGLE[n]!, this.otherCorners, 0);
      writeTriangleFrame(this.otherCorners, 0, 3, 6, normals, 3 * n, this.frameInward, 0);
    }
    // Each triangle against the next around the point, the last against the first.
    for (let n = 0; n < 6; n++) {
      const a = 3 * n, b = 3 * ((n + 1) % 6);
      const cosine = normals[a]! * normals[b]! + normals[a + 1]! * normals[b + 1]! +
        normals[a + 2]! * normals[b + 2]!;
      if (!(cosine >= FLAT_EDGE_COSINE)) return false;
    }
    return true;
  }
}

/** Neighbours of grid point (i, j) joined by an edge, and the two cells beside each such edge. */
const RING_ROW = [1, 0, -1, 0, 1, -1];
const RING_COLUMN = [0, 1, 0, -1, 1, -1];
const RING_CELL_ROW = [0, 0, 0, -1, -1, -1, 0, -1, 0, 0, -1, -1];
const RING_CELL_COLUMN = [0, -1, 0, 0, 0, -1, -1, -1, 0, 0, -1, -1];
/** The six triangles around grid point (i, j): cell offset and triangle. */
const FAN_ROW = [0, 0, -1, -1, -1, 0];
const FAN_COLUMN = [0, 0, 0, -1, -1, -1];
const FAN_TRIANGLE = [0, 1, 0, 1, 0, 1];
