/**
 * A uniform grid over boxes in a shape's own frame, built once: the segments of a contour (so a
 * circle near a 10,000-vertex contour looks at a handful of segments instead of all of them;
 * a plain scan computes the distance to every segment, this index keeps its per-segment test and
 * skips the far ones), or the bounding boxes of a concave polygon's convex pieces. A query box
 * visits only the cells it overlaps.
 *
 * Why a grid and not a tree: the segments of a digitised contour have similar lengths
 * and spread evenly, which is the case a uniform grid handles best, and its query is two loops
 * over flat arrays (compressed rows: `cellStart`, `cellItems`) with no recursion.
 */

/**
 * Contours with at most this many segments (and polygons with at most this many pieces) are
 * scanned; the grid pays off beyond it.
 */
export const GRID_MIN_ITEMS = 24;

/**
 * Bounding boxes (`minX, minY, maxX, maxY` per segment) of a contour's segments; segment `i` runs
 * from vertex `i` to `i + 1`, wrapping when `closed`.
 */
export function segmentBoxes(
  vertices: Float64Array,
  vertexCount: number,
  closed: boolean,
): Float64Array {
  const segmentCount = closed ? vertexCount : vertexCount - 1;
  const boxes = new Float64Array(4 * segmentCount);
  for (let s = 0; s < segmentCount; s++) {
    const e = s + 1 === vertexCount ? 0 : s + 1;
    const ax = vertices[2 * s]!,
      ay = vertices[2 * s + 1]!,
      bx = vertices[2 * e]!,
      by = vertices[2 * e + 1]!;
    boxes[4 * s] = Math.min(ax, bx);
    boxes[4 * s + 1] = Math.min(ay, by);
    boxes[4 * s + 2] = Math.max(ax, bx);
    boxes[4 * s + 3] = Math.max(ay, by);
  }
  return boxes;
}

export class BoxGrid {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
  readonly columns: number;
  readonly rows: number;
  private readonly inverseCellWidth: number;
  private readonly inverseCellHeight: number;
  private readonly cellStart: Int32Array;
  private readonly cellItems: Int32Array;
  /** Last query that reported each item, so an item spanning several cells is listed once. */
  private readonly stamp: Int32Array;
  private queryId = 0;
  /** Item indices found by the last query, valid in `[0, returned count)`. */
  readonly candidates: Int32Array;

  /** The grid of a contour's segments (see `segmentBoxes`). Needs at least one segment. */
  static ofSegments(vertices: Float64Array, vertexCount: number, closed: boolean): BoxGrid {
    return new BoxGrid(segmentBoxes(vertices, vertexCount, closed));
  }

  /** `boxes` holds `minX, minY, maxX, maxY` per item (at least one item). */
  constructor(boxes: Float64Array) {
    const itemCount = boxes.length / 4;
    let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity, extents = 0;
    for (let i = 0; i < itemCount; i++) {
      minX = Math.min(minX, boxes[4 * i]!);
      minY = Math.min(minY, boxes[4 * i + 1]!);
      maxX = Math.max(maxX, boxes[4 * i + 2]!);
      maxY = Math.max(maxY, boxes[4 * i + 3]!);
      extents += Math.max(boxes[4 * i + 2]! - boxes[4 * i]!, boxes[4 * i + 3]! - boxes[4 * i + 1]!);
    }
    const width = maxX - minX, height = maxY - minY;
    // Cells about twice the mean item size, so a query box meets few items per cell even when
    // the items fill only a thin band of the bounds (a ring-shaped contour); at most 8 cells per
    // item, or a strip for a flat contour.
    const span = Math.max(width, height);
    const area = width * height;
    const side = area > 1e-12 * span * span
      ? Math.max((2 * extents) / itemCount, Math.sqrt(area / (8 * itemCount)))
      : span / itemCount;
    this.columns = Math.min(1024, Math.max(1, Math.ceil(width / side)));
    this.rows = Math.min(1024, Math.max(1, Math.ceil(height / side)));
    this.minX = minX;
    this.minY = minY;
    this.maxX = maxX;
    this.maxY = maxY;
    this.inverseCellWidth = width > 0 ? this.columns / width : 0;
    this.inverseCellHeight = height > 0 ? this.rows / height : 0;

    const cellCount = this.columns * this.rows;
    const counts = new Int32Array(cellCount + 1);
    this.forEachItemCell(boxes, itemCount, (cell) => counts[cell + 1]!++);
    for (let c = 0; c < cellCount; c++) counts[c + 1]! += counts[c]!;
    this.cellStart = counts.slice();
    const fill = counts.slice(0, cellCount);
    this.cellItems = new Int32Array(counts[cellCount]!);
    this.forEachItemCell(boxes, itemCount, (cell, item) => {
      this.cellItems[fill[cell]!++] = item;
    });
    this.stamp = new Int32Array(itemCount);
    this.candidates = new Int32Array(itemCount);
  }

  // An array and an index, not a coordinate (PERFORMANCE.md: doubles cross calls in arrays or fields).
  private column(values: Float64Array, index: number): number {
    const c = Math.floor((values[index]! - this.minX) * this.inverseCellWidth);
    return c < 0 ? 0 : c >= this.columns ? this.columns - 1 : c;
  }

  private row(values: Float64Array, index: number): number {
    const r = Math.floor((values[index]! - this.minY) * this.inverseCellHeight);
    return r < 0 ? 0 : r >= this.rows ? this.rows - 1 : r;
  }

  private forEachItemCell(
    boxes: Float64Array,
    itemCount: number,
    visit: (cell: number, item: number) => void,
  ): void {
    for (let i = 0; i < itemCount; i++) {
      const c0 = this.column(boxes, 4 * i), c1 = this.column(boxes, 4 * i + 2);
      const r0 = this.row(boxes, 4 * i + 1), r1 = this.row(boxes, 4 * i + 3);
      for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) visit(r * this.columns + c, i);
    }
  }

  /**
   * Lists in `candidates` every item whose cells overlap the box `[minX, minY, maxX, maxY]`,
   * each once, and returns how many. Conservative: an item whose box meets the query box is
   * always listed. (The box comes in an array: PERFORMANCE.md: doubles cross calls in arrays or fields.)
   */
  query(box: Float64Array): number {
    const minX = box[0]!, minY = box[1]!, maxX = box[2]!, maxY = box[3]!;
    if (maxX < this.minX || minX > this.maxX || maxY < this.minY || minY > this.maxY) return 0;
    return this.collect(
      this.column(box, 0),
      this.column(box, 2),
      this.row(box, 1),
      this.row(box, 3),
    );
  }

  /**
   * Lists the segments of the cells that a ray from `point` (`[x, y]`) crosses on its way out of
   * the grid, in `direction` 0 (+x), 1 (-x), 2 (+y) or 3 (-y): every item the ray can cross
   * (for the inside test). Returns the count, 0 when the point is outside the grid's bounds.
   */
  queryRay(point: Float64Array, direction: number): number {
    const x = point[0]!, y = point[1]!;
    if (x < this.minX || x > this.maxX || y < this.minY || y > this.maxY) return 0;
    const c = this.column(point, 0), r = this.row(point, 1);
    if (direction === 0) return this.collect(c, this.columns - 1, r, r);
    if (direction === 1) return this.collect(0, c, r, r);
    if (direction === 2) return this.collect(c, c, r, this.rows - 1);
    return this.collect(c, c, 0, r);
  }

  private collect(c0: number, c1: number, r0: number, r1: number): number {
    const id = ++this.queryId;
    if (id === 0x7fffffff) {
      this.stamp.fill(0);
      this.queryId = 1;
    }
    const stampValue = this.queryId;
    let count = 0;
    for (let r = r0; r <= r1; r++) {
      for (let c = c0; c <= c1; c++) {
        const cell = r * this.columns + c;
        for (let k = this.cellStart[cell]!, end = this.cellStart[cell + 1]!; k < end; k++) {
          const item = this.cellItems[k]!;
          if (this.stamp[item] !== stampValue) {
            this.stamp[item] = stampValue;
            this.candidates[count++] = item;
          }
        }
      }
    }
    return count;
  }
}
