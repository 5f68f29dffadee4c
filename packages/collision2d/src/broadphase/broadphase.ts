/**
 * Broadphase for many shapes: a uniform grid over axis-aligned boxes (Ericson, Real-Time Collision
 * Detection, 7.1; a segmented playfield, where only the segments around the ball are switched on
 * for collision tests).
 *
 * Why a grid and not sweep-and-prune or a tree: the scene this serves is many moving circles
 * of similar size (pinballs, particles, 1,000 balls) among static obstacles. With a cell about
 * the size of a moving shape each mover covers one to four cells, so inserting, moving and
 * querying cost O(1) each, whatever the number of shapes; a frame costs O(movers) with no sort
 * (sweep-and-prune degrades when many shapes line up on its axis) and no rebalancing (trees
 * pay for refits). A mover that stays in its cells only has its box rewritten. The grid is
 * unbounded: cells are hashed into a fixed table (Teschner et al., "Optimized Spatial Hashing
 * for Collision Detection of Deformable Objects", 2003), so the playfield needs no bounds; two
 * cells sharing a bucket only cost extra candidates, never wrong answers, because every
 * candidate is checked against the query box.
 *
 * Its weak spot is a shape much larger than a cell (it is entered in every cell it covers);
 * obstacles a few cells wide are fine, boxes of more than `MAX_CELLS_PER_BOX` cells are refused.
 *
 * Static and moving layers: a proxy inserted as static never moves; `pairs` reports moving
 * against moving and moving against static, never static against static.
 *
 * Storage: growable typed arrays (per-id arrays indexed by the caller's integer ids, an entry
 * pool with a free list, a bucket table). Once they have grown to the scene's size, no
 * operation allocates.
 */
import { requireFinite, requireInteger, requirePositive } from '@contactkit/math';

/** A box covering more cells than this is refused (pick a larger `cellSize`). */
export const MAX_CELLS_PER_BOX = 1 << 16;

/**
 * Largest id a proxy may have, 2^20 - 1. Per-id storage (57 bytes an id) grows to the largest id
 * used, so this id costs about 60 MB: the limit keeps every valid id affordable.
 */
export const MAX_PROXY_ID = (1 << 20) - 1;

/** Largest `initialCapacity` of an `IdList` or `PairList` (they grow past it as needed). */
export const MAX_LIST_CAPACITY = 1 << 24;

const CELL_LIMIT = 1 << 29;

/** Relative widening of a circle query's box: 16 ulps, far more than the rounding of `x - radius`. */
const CIRCLE_PAD = 16 * Number.EPSILON;

const BOX_FIELDS = ['minX', 'minY', 'maxX', 'maxY'];

/** Throws the `TypeError` for an options argument that is not an object. */
export function requireOptions(field: string, options: unknown): void {
  if (options === null || typeof options !== 'object') {
    throw new TypeError(
      `${field} must be an object, got ${
        options === null
          ? 'null'
          : typeof options === 'string'
          ? JSON.stringify(options)
          : String(options)
      }`,
    );
  }
}

/** Throws the `TypeError` for a box argument that is not an array of four numbers. Cold. */
function refuseBox(box: unknown): never {
  const shown = box === null
    ? 'null'
    : typeof box === 'object'
    ? `an array of length ${String((box as ArrayLike<unknown>).length)}`
    : typeof box === 'string'
    ? JSON.stringify(box)
    : String(box);
  throw new TypeError(`box must be an array of 4 numbers [minX, minY, maxX, maxY], got ${shown}`);
}

/** Throws the `TypeError` naming the first box coordinate that is not a number. Cold. */
function refuseBoxValues(values: ArrayLike<unknown>): never {
  refuseNonNumbers(BOX_FIELDS, values);
}

/** Throws the `TypeError` naming the first of `values` that is not a number (`requireFinite`'s message). Cold. */
function refuseNonNumbers(names: string[], values: ArrayLike<unknown>): never {
  for (let k = 0; k < names.length; k++) {
    if (typeof values[k] !== 'number') requireFinite(names[k]!, values[k]);
  }
  throw new TypeError(`${names.join(', ')} must be numbers`);
}

/** Throws the `TypeError` naming the first circle argument that is not a number. Cold. */
function refuseCircle(x: unknown, y: unknown, radius: unknown): never {
  refuseNonNumbers(['x', 'y', 'radius'], [x, y, radius]);
}

/** Throws the `TypeError` for an output list of the wrong class. Cold. */
function refuseList(field: string, expected: string, value: unknown): never {
  const shown = value === null
    ? 'null'
    : typeof value === 'object'
    ? (value.constructor?.name ?? 'an object')
    : String(value);
  throw new TypeError(`${field} must be ${expected}, got ${shown}`);
}

/** Throws for an id that is not in the grid: `TypeError` for a non-number, `RangeError` otherwise. Cold. */
function refuseAbsentId(id: unknown): never {
  if (typeof id !== 'number') {
    throw new TypeError(
      `id must be an integer, got ${typeof id === 'string' ? JSON.stringify(id) : String(id)}`,
    );
  }
  throw new RangeError(`id ${id} is not in the grid`);
}

function grownInt32(array: Int32Array, length: number, fill: number): Int32Array<ArrayBuffer> {
  const grown = new Int32Array(Math.max(length, 2 * array.length));
  grown.set(array);
  grown.fill(fill, array.length);
  return grown;
}

function grownFloat64(array: Float64Array, length: number): Float64Array<ArrayBuffer> {
  const grown = new Float64Array(Math.max(length, 2 * array.length));
  grown.set(array);
  return grown;
}

/** A growable list of integer ids, the output of the grid's queries. */
export class IdList {
  /** The ids; only the first `count` are meaningful. */
  ids: Int32Array;
  /** How many ids the list holds. */
  count = 0;
  /** Throws for an `initialCapacity` that is not an integer in `[0, MAX_LIST_CAPACITY]`. */
  constructor(initialCapacity = 64) {
    requireInteger('initialCapacity', initialCapacity, 0, MAX_LIST_CAPACITY);
    this.ids = new Int32Array(Math.max(1, initialCapacity));
  }
  /** Appends `id`, growing the storage when full (the only allocation, amortised). */
  push(id: number): void {
    if (this.count === this.ids.length) this.ids = grownInt32(this.ids, this.count + 1, 0);
    this.ids[this.count++] = id;
  }
  /** Empties the list, keeping its storage. */
  clear(): void {
    this.count = 0;
  }
}

/** A growable list of id pairs `(first[i], second[i])`, the output of `UniformGrid.pairs`. */
export class PairList {
  /** The first id of each pair; only the first `count` are meaningful. */
  first: Int32Array;
  /** The second id of each pair (see `UniformGrid.pairs` for the order). */
  second: Int32Array;
  /** How many pairs the list holds. */
  count = 0;
  /** Throws for an `initialCapacity` that is not an integer in `[0, MAX_LIST_CAPACITY]`. */
  constructor(initialCapacity = 64) {
    requireInteger('initialCapacity', initialCapacity, 0, MAX_LIST_CAPACITY);
    this.first = new Int32Array(Math.max(1, initialCapacity));
    this.second = new Int32Array(Math.max(1, initialCapacity));
  }
  /** Appends the pair, growing the storage when full. */
  push(first: number, second: number): void {
    if (this.count === this.first.length) {
      this.first = grownInt32(this.first, this.count + 1, 0);
      this.second = grownInt32(this.second, this.count + 1, 0);
    }
    this.first[this.count] = first;
    this.second[this.count] = second;
    this.count++;
  }
  /** Empties the list, keeping its storage. */
  clear(): void {
    this.count = 0;
  }
}

/** Options of `UniformGrid`. */
export interface UniformGridOptions {
  /** Side of a square cell, > 0; about the size of the typical moving shape. */
  cellSize: number;
  /** Buckets in the cell hash table, a power of two (default 4096). */
  tableSize?: number;
}

const PRESENT = 1;
const STATIC = 2;

/**
 * A uniform grid over axis-aligned boxes with integer ids (see the file header for why a grid).
 * Boxes are closed: boxes that touch overlap. Ids are chosen by the caller, integers in
 * `[0, MAX_PROXY_ID]`; storage grows to the largest id, so dense ids are best.
 */
export class UniformGrid {
  /** Side of a square cell, as given to the constructor. */
  readonly cellSize: number;
  private readonly inverseCellSize: number;
  private readonly bucketMask: number;
  private readonly bucketHead: Int32Array;

  // Per id.
  private flags = new Uint8Array(16);
  private boxMinX = new Float64Array(16);
  private boxMinY = new Float64Array(16);
  private boxMaxX = new Float64Array(16);
  private boxMaxY = new Float64Array(16);
  private cellX0 = new Int32Array(16);
  private cellY0 = new Int32Array(16);
  private cellX1 = new Int32Array(16);
  private cellY1 = new Int32Array(16);
  private firstEntry = new Int32Array(16).fill(-1);
  private stamp = new Int32Array(16);
  private idLimit = 0;
  private proxyCount = 0;
  private queryStamp = 0;

  // Entry pool: one entry per (proxy, covered cell), chained per bucket (doubly) and per proxy.
  private entryId = new Int32Array(64);
  private entryCellX = new Int32Array(64);
  private entryCellY = new Int32Array(64);
  private entryBucket = new Int32Array(64);
  private entryNext = new Int32Array(64);
  private entryPrevious = new Int32Array(64);
  private entryNextOfProxy = new Int32Array(64);
  private entriesUsed = 0;
  private freeEntry = -1;

  /**
   * Throws `TypeError` when `options` is not an object, `RangeError` for a `cellSize` that is not
   * a finite number > 0 or a `tableSize` that is not a power of two in [1, 2^24].
   */
  constructor(options: UniformGridOptions) {
    requireOptions('UniformGrid options', options);
    this.cellSize = requirePositive('cellSize', options.cellSize);
    this.inverseCellSize = 1 / this.cellSize;
    const tableSize = requireInteger('tableSize', options.tableSize ?? 4096, 1, 1 << 24);
    if ((tableSize & (tableSize - 1)) !== 0) {
      throw new RangeError(`tableSize must be a power of two, got ${tableSize}`);
    }
    this.bucketMask = tableSize - 1;
    this.bucketHead = new Int32Array(tableSize).fill(-1);
  }

  /** Number of proxies in the grid. */
  get size(): number {
    return this.proxyCount;
  }

  /** Entries the pool can hold before it grows (for checking that a warmed-up scene stops allocating). */
  get entryCapacity(): number {
    return this.entryId.length;
  }

  /** Whether a proxy with this id is in the grid (false for anything but an integer id). */
  has(id: number): boolean {
    return typeof id === 'number' && id >= 0 && id < this.idLimit &&
      (this.flags[id]! & PRESENT) !== 0;
  }

  /** Whether the proxy `id` (assumed present) was inserted as static. */
  isStatic(id: number): boolean {
    return (this.flags[id]! & STATIC) !== 0;
  }

  /**
   * Adds the box `[minX, maxX] x [minY, maxY]` under `id`. A static proxy is never paired with
   * another static one. Throws `TypeError` for an id or coordinate that is not a number, and
   * `RangeError` for an id already present or not an integer in `[0, MAX_PROXY_ID]`, a
   * non-finite coordinate, `min > max`, or a box covering more than `MAX_CELLS_PER_BOX` cells.
   * A refused call changes nothing.
   */
  insert(
    id: number,
    minX: number,
    minY: number,
    maxX: number,
    maxY: number,
    isStatic = false,
  ): void {
    if (
      typeof minX !== 'number' || typeof minY !== 'number' || typeof maxX !== 'number' ||
      typeof maxY !== 'number'
    ) {
      refuseBoxValues([minX, minY, maxX, maxY]);
    }
    this.setPending(minX, minY, maxX, maxY);
    this.insertPending(id, isStatic);
  }

  /** `insert` with the box as `[minX, minY, maxX, maxY]` (a shape's `aabb`): allocates nothing. */
  insertBox(id: number, box: ArrayLike<number>, isStatic = false): void {
    this.readBox(box);
    this.insertPending(id, isStatic);
  }

  /**
   * Moves proxy `id` to a new box. When the box stays in the same cells only the box is
   * rewritten (the common case for small moves). Throws `RangeError` for an id not present and
   * for the box errors of `insert`.
   */
  update(id: number, minX: number, minY: number, maxX: number, maxY: number): void {
    if (
      typeof minX !== 'number' || typeof minY !== 'number' || typeof maxX !== 'number' ||
      typeof maxY !== 'number'
    ) {
      refuseBoxValues([minX, minY, maxX, maxY]);
    }
    this.setPending(minX, minY, maxX, maxY);
    this.updatePending(id);
  }

  /**
   * `update` with the box as `[minX, minY, maxX, maxY]` (a shape's `aabb`). Use it every frame:
   * it allocates nothing (PERFORMANCE.md: doubles cross calls in arrays or fields).
   */
  updateBox(id: number, box: ArrayLike<number>): void {
    this.readBox(box);
    this.updatePending(id);
  }

  /** Removes proxy `id`. Throws `TypeError` for an id that is not a number, `RangeError` for an id not present. */
  remove(id: number): void {
    if (!this.has(id)) refuseAbsentId(id);
    this.removeEntries(id);
    this.flags[id] = 0;
    this.proxyCount--;
  }

  /**
   * Ids of the proxies whose boxes overlap (or touch) the query box, each once, in no
   * particular order, written to `out` (cleared first). Returns their number. An inverted box
   * (`min > max`) or a NaN coordinate finds nothing; a coordinate that is not a number or an
   * `out` that is not an `IdList` is a `TypeError`.
   */
  queryBox(minX: number, minY: number, maxX: number, maxY: number, out: IdList): number {
    // The doubles reach the scan through `pending` (PERFORMANCE.md: doubles cross calls in arrays or fields).
    if (
      typeof minX !== 'number' || typeof minY !== 'number' || typeof maxX !== 'number' ||
      typeof maxY !== 'number'
    ) {
      refuseBoxValues([minX, minY, maxX, maxY]);
    }
    if (!(out instanceof IdList)) refuseList('out', 'an IdList', out);
    this.setPending(minX, minY, maxX, maxY);
    return this.queryPending(out);
  }

  /**
   * Ids of the proxies whose boxes come within `radius` of `(x, y)` (closed: touching counts),
   * each once, written to `out` (cleared first): "which shapes are near this circle". Returns
   * their number. A negative or NaN radius finds nothing; an argument that is not a number or
   * an `out` that is not an `IdList` is a `TypeError`.
   */
  queryCircle(x: number, y: number, radius: number, out: IdList): number {
    // Small for the same reason as `queryBox`.
    if (typeof x !== 'number' || typeof y !== 'number' || typeof radius !== 'number') {
      refuseCircle(x, y, radius);
    }
    if (!(out instanceof IdList)) refuseList('out', 'an IdList', out);
    const circle = this.pendingCircle;
    circle[0] = x;
    circle[1] = y;
    circle[2] = radius;
    return this.queryPendingCircle(out);
  }

  /** `queryBox` for the box in `pending`. */
  private queryPending(out: IdList): number {
    out.clear();
    const pending = this.pending;
    const minX = pending[0]!, minY = pending[1]!, maxX = pending[2]!, maxY = pending[3]!;
    if (!(minX <= maxX && minY <= maxY)) return 0;
    const inverse = this.inverseCellSize, cells4 = this.pendingCells;
    for (let k = 0; k < 4; k++) {
      // NaN failed the test above; an infinity is clamped like any far coordinate.
      const cell = Math.floor(pending[k]! * inverse);
      cells4[k] = cell < -CELL_LIMIT ? -CELL_LIMIT : cell > CELL_LIMIT ? CELL_LIMIT : cell;
    }
    const x0 = cells4[0]!, y0 = cells4[1]!, x1 = cells4[2]!, y1 = cells4[3]!;
    // A query larger than the table visits each bucket through its cells anyway; cap the scan.
    if ((x1 - x0 + 1) * (y1 - y0 + 1) > this.bucketHead.length * 4) return this.scanPending(out);
    const stamp = this.nextStamp();
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        for (let e = this.bucketHead[this.bucketOf(cx, cy)]!; e !== -1; e = this.entryNext[e]!) {
          const id = this.entryId[e]!;
          if (this.stamp[id] === stamp) continue;
          this.stamp[id] = stamp;
          if (
            this.boxMinX[id]! <= maxX && minX <= this.boxMaxX[id]! && this.boxMinY[id]! <= maxY &&
            minY <= this.boxMaxY[id]!
          ) {
            out.push(id);
          }
        }
      }
    }
    return out.count;
  }

  /** `queryCircle` for the circle in `pendingCircle`: the box query around it, then the distance test. */
  private queryPendingCircle(out: IdList): number {
    const x = this.pendingCircle[0]!, y = this.pendingCircle[1]!, radius = this.pendingCircle[2]!;
    if (!(radius >= 0)) {
      out.clear();
      return 0;
    }
    // The box around the circle is widened by a few ulps of its coordinates: x - radius rounds,
    // and a box touching the circle (kept by the exact distance test below) must not be lost to
    // that rounding in the box test or the choice of cells.
    const pad = (Math.abs(x) + Math.abs(y) + radius) * CIRCLE_PAD;
    this.setPending(x - radius - pad, y - radius - pad, x + radius + pad, y + radius + pad);
    this.queryPending(out);
    const radiusSquared = radius * radius;
    let kept = 0;
    for (let i = 0; i < out.count; i++) {
      const id = out.ids[i]!;
      // Distance from the centre to the box: clamp the centre into it (Ericson 5.1.3).
      const qx = x < this.boxMinX[id]!
        ? this.boxMinX[id]!
        : x > this.boxMaxX[id]!
        ? this.boxMaxX[id]!
        : x;
      const qy = y < this.boxMinY[id]!
        ? this.boxMinY[id]!
        : y > this.boxMaxY[id]!
        ? this.boxMaxY[id]!
        : y;
      if ((qx - x) * (qx - x) + (qy - y) * (qy - y) <= radiusSquared) out.ids[kept++] = id;
    }
    out.count = kept;
    return kept;
  }

  /**
   * Every pair of proxies whose boxes overlap (or touch), at least one of them moving, each
   * pair exactly once, written to `out` (cleared first); returns their number. `first` is always
   * a moving proxy; the second is static, or moving with a larger id.
   * Two boxes that share several cells are reported only from the lowest shared cell: the cell
   * `(max(x0a, x0b), max(y0a, y0b))`, the corner of the intersection of their cell ranges.
   * An `out` that is not a `PairList` is a `TypeError`.
   */
  pairs(out: PairList): number {
    if (!(out instanceof PairList)) refuseList('out', 'a PairList', out);
    out.clear();
    for (let p = 0; p < this.idLimit; p++) {
      if ((this.flags[p]! & (PRESENT | STATIC)) !== PRESENT) continue;
      const px0 = this.cellX0[p]!, py0 = this.cellY0[p]!;
      for (let e = this.firstEntry[p]!; e !== -1; e = this.entryNextOfProxy[e]!) {
        const cx = this.entryCellX[e]!, cy = this.entryCellY[e]!;
        for (let f = this.bucketHead[this.entryBucket[e]!]!; f !== -1; f = this.entryNext[f]!) {
          const q = this.entryId[f]!;
          if (q === p || this.entryCellX[f] !== cx || this.entryCellY[f] !== cy) continue;
          if (q < p && (this.flags[q]! & STATIC) === 0) continue;
          const qx0 = this.cellX0[q]!, qy0 = this.cellY0[q]!;
          if (cx !== (px0 > qx0 ? px0 : qx0) || cy !== (py0 > qy0 ? py0 : qy0)) continue;
          if (
            this.boxMinX[p]! <= this.boxMaxX[q]! && this.boxMinX[q]! <= this.boxMaxX[p]! &&
            this.boxMinY[p]! <= this.boxMaxY[q]! && this.boxMinY[q]! <= this.boxMaxY[p]!
          ) {
            out.push(p, q);
          }
        }
      }
    }
    return out.count;
  }

  /** Holds the box of the insert or update in progress, so the helpers take no double arguments. */
  private readonly pending = new Float64Array(4);
  /** The cells of `pending` (minX, minY, maxX, maxY), filled by `checkPending` and `queryPending`. */
  private readonly pendingCells = new Int32Array(4);
  /** Holds the circle of `queryCircle` (x, y, radius), for the same reason as `pending`. */
  private readonly pendingCircle = new Float64Array(3);

  private setPending(minX: number, minY: number, maxX: number, maxY: number): void {
    this.pending[0] = minX;
    this.pending[1] = minY;
    this.pending[2] = maxX;
    this.pending[3] = maxY;
  }

  /**
   * Copies a `[minX, minY, maxX, maxY]` array into `pending`, refusing anything else (types only;
   * `checkPending` judges the values).
   */
  private readBox(box: ArrayLike<number>): void {
    if (box === null || typeof box !== 'object' || box.length !== 4) refuseBox(box);
    const pending = this.pending;
    for (let i = 0; i < 4; i++) {
      const value = box[i];
      if (typeof value !== 'number') refuseBoxValues(box);
      pending[i] = value;
    }
  }

  private insertPending(id: number, isStatic: boolean): void {
    requireInteger('id', id, 0, MAX_PROXY_ID);
    if (this.has(id)) throw new RangeError(`id ${id} is already in the grid`);
    this.checkPending();
    this.ensureIds(id + 1);
    this.flags[id] = PRESENT | (isStatic ? STATIC : 0);
    this.proxyCount++;
    this.writePending(id);
    this.addEntries(id);
  }

  private updatePending(id: number): void {
    if (!this.has(id)) refuseAbsentId(id);
    this.checkPending();
    const x0 = this.cellX0[id], y0 = this.cellY0[id], x1 = this.cellX1[id], y1 = this.cellY1[id];
    this.writePending(id);
    if (
      x0 === this.cellX0[id] && y0 === this.cellY0[id] && x1 === this.cellX1[id] &&
      y1 === this.cellY1[id]
    ) return;
    this.removeEntries(id);
    this.addEntries(id);
  }

  /**
   * Checks the pending box and puts its cells in `pendingCells`. The tests here read and compare
   * only; a failing box goes to `refusePending`, which reads the box again to build the message
   * (PERFORMANCE.md: error messages are built out of line).
   */
  private checkPending(): void {
    const pending = this.pending;
    const minX = pending[0]!, minY = pending[1]!, maxX = pending[2]!, maxY = pending[3]!;
    // Finite and ordered in one test: every comparison with NaN is false, and an infinite
    // coordinate fails `< Infinity` or `> -Infinity` (a box from -Infinity is caught by the max).
    if (
      !(minX <= maxX && minY <= maxY && minX > -Infinity && minY > -Infinity && maxX < Infinity &&
        maxY < Infinity)
    ) this.refusePending(0);
    const inverse = this.inverseCellSize, cells4 = this.pendingCells;
    for (let k = 0; k < 4; k++) {
      const cell = Math.floor(pending[k]! * inverse);
      cells4[k] = cell < -CELL_LIMIT ? -CELL_LIMIT : cell > CELL_LIMIT ? CELL_LIMIT : cell;
    }
    if ((cells4[2]! - cells4[0]! + 1) * (cells4[3]! - cells4[1]! + 1) > MAX_CELLS_PER_BOX) {
      this.refusePending(1);
    }
  }

  /**
   * Throws the `RangeError` for the pending box: `reason` 0 for a non-finite coordinate or
   * `min > max`, 1 for too many cells. Cold: only a refused box comes here.
   */
  private refusePending(reason: number): never {
    const minX = this.pending[0]!,
      minY = this.pending[1]!,
      maxX = this.pending[2]!,
      maxY = this.pending[3]!;
    if (reason === 0) {
      requireFinite('minX', minX);
      requireFinite('minY', minY);
      requireFinite('maxX', maxX);
      requireFinite('maxY', maxY);
      throw new RangeError(
        `box min must not exceed max, got [${minX}, ${minY}] to [${maxX}, ${maxY}]`,
      );
    }
    const cells4 = this.pendingCells;
    const cells = (cells4[2]! - cells4[0]! + 1) * (cells4[3]! - cells4[1]! + 1);
    throw new RangeError(
      `box [${minX}, ${minY}] to [${maxX}, ${maxY}] covers ${cells} cells of size ` +
        `${this.cellSize}, more than ${MAX_CELLS_PER_BOX}: use a larger cellSize`,
    );
  }

  private bucketOf(cx: number, cy: number): number {
    // Teschner et al.'s hash: the cell coordinates times two large primes, xored.
    return (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663)) & this.bucketMask;
  }

  private nextStamp(): number {
    this.queryStamp = (this.queryStamp + 1) | 0;
    if (this.queryStamp === 0) {
      // After 2^32 queries the stamps wrap: clear them so an old stamp cannot match.
      this.stamp.fill(0);
      this.queryStamp = 1;
    }
    return this.queryStamp;
  }

  /** Every present proxy whose box overlaps the box in `pending`, by a scan of all ids. */
  private scanPending(out: IdList): number {
    const minX = this.pending[0]!,
      minY = this.pending[1]!,
      maxX = this.pending[2]!,
      maxY = this.pending[3]!;
    for (let id = 0; id < this.idLimit; id++) {
      if ((this.flags[id]! & PRESENT) === 0) continue;
      if (
        this.boxMinX[id]! <= maxX && minX <= this.boxMaxX[id]! && this.boxMinY[id]! <= maxY &&
        minY <= this.boxMaxY[id]!
      ) out.push(id);
    }
    return out.count;
  }

  private writePending(id: number): void {
    const minX = this.pending[0]!,
      minY = this.pending[1]!,
      maxX = this.pending[2]!,
      maxY = this.pending[3]!;
    this.boxMinX[id] = minX;
    this.boxMinY[id] = minY;
    this.boxMaxX[id] = maxX;
    this.boxMaxY[id] = maxY;
    this.cellX0[id] = this.pendingCells[0]!;
    this.cellY0[id] = this.pendingCells[1]!;
    this.cellX1[id] = this.pendingCells[2]!;
    this.cellY1[id] = this.pendingCells[3]!;
  }

  private ensureIds(length: number): void {
    if (length > this.flags.length) this.growIds(length);
    if (length > this.idLimit) this.idLimit = length;
  }

  /** Grows the per-id arrays to hold `length` ids; an allocation that fails leaves the grid as it was. */
  private growIds(length: number): void {
    const size = Math.min(MAX_PROXY_ID + 1, Math.max(length, 2 * this.flags.length));
    const flags = new Uint8Array(size);
    flags.set(this.flags);
    const boxMinX = grownFloat64(this.boxMinX, size), boxMinY = grownFloat64(this.boxMinY, size);
    const boxMaxX = grownFloat64(this.boxMaxX, size), boxMaxY = grownFloat64(this.boxMaxY, size);
    const cellX0 = grownInt32(this.cellX0, size, 0), cellY0 = grownInt32(this.cellY0, size, 0);
    const cellX1 = grownInt32(this.cellX1, size, 0), cellY1 = grownInt32(this.cellY1, size, 0);
    const firstEntry = grownInt32(this.firstEntry, size, -1),
      stamp = grownInt32(this.stamp, size, 0);
    this.flags = flags;
    this.boxMinX = boxMinX;
    this.boxMinY = boxMinY;
    this.boxMaxX = boxMaxX;
    this.boxMaxY = boxMaxY;
    this.cellX0 = cellX0;
    this.cellY0 = cellY0;
    this.cellX1 = cellX1;
    this.cellY1 = cellY1;
    this.firstEntry = firstEntry;
    this.stamp = stamp;
  }

  private allocateEntry(): number {
    if (this.freeEntry !== -1) {
      const e = this.freeEntry;
      this.freeEntry = this.entryNextOfProxy[e]!;
      return e;
    }
    if (this.entriesUsed === this.entryId.length) {
      const size = 2 * this.entryId.length;
      this.entryId = grownInt32(this.entryId, size, 0);
      this.entryCellX = grownInt32(this.entryCellX, size, 0);
      this.entryCellY = grownInt32(this.entryCellY, size, 0);
      this.entryBucket = grownInt32(this.entryBucket, size, 0);
      this.entryNext = grownInt32(this.entryNext, size, -1);
      this.entryPrevious = grownInt32(this.entryPrevious, size, -1);
      this.entryNextOfProxy = grownInt32(this.entryNextOfProxy, size, -1);
    }
    return this.entriesUsed++;
  }

  private addEntries(id: number): void {
    const x0 = this.cellX0[id]!,
      y0 = this.cellY0[id]!,
      x1 = this.cellX1[id]!,
      y1 = this.cellY1[id]!;
    let chain = -1;
    for (let cy = y0; cy <= y1; cy++) {
      for (let cx = x0; cx <= x1; cx++) {
        const e = this.allocateEntry();
        const bucket = this.bucketOf(cx, cy);
        this.entryId[e] = id;
        this.entryCellX[e] = cx;
        this.entryCellY[e] = cy;
        this.entryBucket[e] = bucket;
        const head = this.bucketHead[bucket]!;
        this.entryNext[e] = head;
        this.entryPrevious[e] = -1;
        if (head !== -1) this.entryPrevious[head] = e;
        this.bucketHead[bucket] = e;
        this.entryNextOfProxy[e] = chain;
        chain = e;
      }
    }
    this.firstEntry[id] = chain;
  }

  private removeEntries(id: number): void {
    let e = this.firstEntry[id]!;
    while (e !== -1) {
      const nextOfProxy = this.entryNextOfProxy[e]!;
      const previous = this.entryPrevious[e]!, next = this.entryNext[e]!;
      if (previous !== -1) this.entryNext[previous] = next;
      else this.bucketHead[this.entryBucket[e]!] = next;
      if (next !== -1) this.entryPrevious[next] = previous;
      this.entryNextOfProxy[e] = this.freeEntry;
      this.freeEntry = e;
      e = nextOfProxy;
    }
    this.firstEntry[id] = -1;
  }
}
