/**
 * A playfield: many 2D shapes at once (a segmented pinball table), the uniform-grid broadphase
 * (Ericson, Real-Time Collision Detection, 7.1) feeding `collide2d`. Only the pairs whose boxes
 * overlap reach a detector, the way a pinball table switches on only the segments around the ball.
 *
 * Shapes are registered once (`add`), moved by the caller through their own `setPose`, and
 * announced with `update(id)` (or `updateAll()`); `collideAll(data)` then writes every contact
 * of the frame. Static shapes (obstacles) are never tested against each other.
 */
import { UniformGrid, PairList, IdList, requireOptions } from './broadphase.js';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { Shape2 } from '../shapes/shapes.js';

/** Options of a `Playfield`. */
export interface PlayfieldOptions {
  /** Grid cell side, > 0: about the diameter of the typical moving shape. */
  cellSize: number;
  /**
   * Each shape's box is grown by this on every side (default 0). Set it to at least the
   * `CollisionData2.tolerance` you collide with, so speculative contacts (gaps up to the
   * tolerance) are not lost in the broadphase.
   */
  margin?: number;
  /** Buckets in the grid's hash table, a power of two (default 4096). */
  tableSize?: number;
}

/** Many shapes and a broadphase over them; ids are the order of `add`, from 0. */
export class Playfield {
  /** The broadphase over the shapes' bounding boxes, ids as in `shapes`. */
  readonly grid: UniformGrid;
  /** How far each bounding box is grown in the grid, so small moves need no update. */
  readonly margin: number;
  /** The shapes by id; a removed shape leaves `null`. */
  readonly shapes: (Shape2 | null)[] = [];
  /** Candidate pairs of the last `collideAll`: the narrowphase tests it ran. */
  narrowphaseTests = 0;
  private readonly candidates = new PairList(256);

  private readonly padded = new Float64Array(4);

  /**
   * Throws `TypeError` when `options` is not an object, `RangeError` for a bad `cellSize`,
   * `tableSize` or a negative or non-finite `margin`.
   */
  constructor(options: PlayfieldOptions) {
    requireOptions('Playfield options', options);
    this.grid = new UniformGrid({
      cellSize: options.cellSize,
      tableSize: options.tableSize ?? 4096,
    });
    const margin = options.margin ?? 0;
    if (!(margin >= 0 && Number.isFinite(margin))) {
      throw new RangeError(`margin must be a finite number >= 0, got ${String(margin)}`);
    }
    this.margin = margin;
  }

  /** Adds `shape` at its current pose; a static shape is never paired with another static one. Returns its id. */
  add(shape: Shape2, isStatic = false): number {
    if (!(shape instanceof Shape2)) {
      throw new TypeError(
        `shape must be a Shape2 (Circle, Polygon, Chain, Segment, Aabb), got ${
          shape === null ? 'null' : typeof shape
        }`,
      );
    }
    const id = this.shapes.length;
    this.grid.insertBox(id, this.paddedBox(shape), isStatic);
    this.shapes.push(shape);
    return id;
  }

  /** Re-reads shape `id`'s box after its `setPose`. Throws `RangeError` for an unknown id. */
  update(id: number): void {
    const shape = this.shapes[id];
    if (!shape) throw new RangeError(`id ${id} is not in the playfield`);
    this.grid.updateBox(id, this.paddedBox(shape));
  }

  /** The shape's bounding box grown by the margin, in a buffer reused by every call. */
  private paddedBox(shape: Shape2): Float64Array {
    const box = shape.aabb, m = this.margin, padded = this.padded;
    padded[0] = box[0]! - m;
    padded[1] = box[1]! - m;
    padded[2] = box[2]! + m;
    padded[3] = box[3]! + m;
    return padded;
  }

  /** Re-reads the box of every moving shape. */
  updateAll(): void {
    for (let id = 0; id < this.shapes.length; id++) {
      if (this.shapes[id] && !this.grid.isStatic(id)) this.update(id);
    }
  }

  /** Removes shape `id`. Throws `RangeError` for an unknown id. */
  remove(id: number): void {
    if (!this.shapes[id]) throw new RangeError(`id ${id} is not in the playfield`);
    this.grid.remove(id);
    this.shapes[id] = null;
  }

  /**
   * Writes the contacts of every overlapping pair into `data` (appending: reset it first for a
   * new frame), each pair once, as `collide2d(first, second)` with `first` a moving shape and
   * `second` static or a moving shape of larger id; normals point from `second` toward `first`.
   * Returns the number of contacts written; `narrowphaseTests` holds the number of pairs tested.
   * Throws `TypeError` when `data` is not a `CollisionData2`.
   */
  collideAll(data: CollisionData2): number {
    if (!(data instanceof CollisionData2)) {
      throw new TypeError(
        `data must be a CollisionData2, got ${data === null ? 'null' : typeof data}`,
      );
    }
    const start = data.contactCount;
    const pairs = this.candidates;
    this.grid.pairs(pairs);
    this.narrowphaseTests = pairs.count;
    for (let i = 0; i < pairs.count; i++) {
      collide2d(this.shapes[pairs.first[i]!]!, this.shapes[pairs.second[i]!]!, data);
    }
    return data.contactCount - start;
  }

  /**
   * Ids of the shapes whose (margin-grown) boxes come within `radius` of `(x, y)`, into `out`;
   * returns their number.
   */
  shapesNear(x: number, y: number, radius: number, out: IdList): number {
    return this.grid.queryCircle(x, y, radius, out);
  }
}
