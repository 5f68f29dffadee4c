/**
 * `PairCache`: what a detector may keep of one pair of shapes from one call to the next, when the
 * caller hands it the same cache every frame (Box3D keeps the last separating axis per pair, Jolt
 * and Box2D v3 reuse a pair's contacts while it barely moved). Two kinds of state:
 *
 * - The separating-axis cache (box-box, box-convex-hull, convex-hull-convex-hull): the axis that
 *   last separated the pair, tested first (box-box-sat.ts, hull-sat.ts). A call with this cache
 *   returns exactly what the same call without a cache returns.
 * - Manifold recycling (opt-in, `recycle`): while the second shape moved less than a threshold
 *   relative to the first since the last full computation, the contacts found then are moved with
 *   the shapes instead of found again (recycle.ts). Not exact: the bounds are in the README.
 *
 * A cache belongs to the two shapes and the argument order it was first used with; handed
 * another pair, or the same pair the other way round, it starts afresh.
 */
import { CapsuleSatCache } from '../clip/capsule-points.js';
import { BoxBoxSatCache } from '../sat/box-box-sat.js';
import { HullSatCache } from '../sat/hull-sat.js';
import { RecycledManifold } from './recycle.js';

/** Options of `new PairCache(options)`. */
export interface PairCacheOptions {
  /**
   * Manifold recycling, off unless given: `true` for the default thresholds, or the thresholds
   * themselves. The previous contacts are reused while the second shape's pose relative to the
   * first moved less than `distance` times the smaller shape's size (its largest half extent) and
   * turned less than `angle` radians since they were computed.
   */
  recycle?: boolean | {
    /** Relative to the smaller shape's largest half extent (default `DEFAULT_RECYCLE_DISTANCE`). */
    distance?: number;
    /** In radians (default `DEFAULT_RECYCLE_ANGLE`). */
    angle?: number;
  };
}

/** Default recycling distance, relative to the smaller shape's largest half extent. */
export const DEFAULT_RECYCLE_DISTANCE = 0.005;
/** Default recycling angle, in radians (about 0.57 degrees). */
export const DEFAULT_RECYCLE_ANGLE = 0.01;

/**
 * How a call with a cache was answered: `full` (the whole computation), `separated` (the cached
 * separating axis still separates: one projection), `recycled` (the previous contacts moved with
 * the shapes).
 */
export type PairCachePath = 'full' | 'separated' | 'recycled';

/**
 * Per-pair state a detector may reuse from one frame to the next: the fourth argument of every 3D
 * detector and of `collide` (detectors without a use for it ignore it). Keep one per pair of
 * shapes and pass it every frame; a cache handed another pair, or the same pair in the other
 * argument order, starts afresh. Without `recycle` the contacts are exactly those of the same call
 * without a cache; with it they are within the README's bounds.
 */
export class PairCache {
  /** Recycling distance, relative to the smaller shape's size (0: recycling off). */
  readonly recycleDistance: number;
  /** Recycling angle in radians (0: recycling off). */
  readonly recycleAngle: number;
  /** How the last call with this cache was answered (see `PairCachePath`). */
  lastPath: PairCachePath = 'full';

  /** The shapes this cache was filled for, in the order the detector received them. */
  private first: unknown = null;
  private second: unknown = null;
  /** The box-box separating-axis state (the detectors' own). @internal */
  readonly boxBox = new BoxBoxSatCache();
  /** The hull separating-axis state (the detectors' own). @internal */
  readonly hull = new HullSatCache();
  /** The contacts kept for recycling (the detectors' own). @internal */
  readonly recycled = new RecycledManifold();
  /** The capsule pairs' separating-axis state, against a box or a hull (the detectors' own). @internal */
  readonly capsule = new CapsuleSatCache();

  /**
   * A cache for one pair. Throws a TypeError when `options` is not an object, a RangeError when a
   * recycling threshold is not a finite number > 0 (`options.recycle.distance = -1`).
   */
  constructor(options: PairCacheOptions = {}) {
    if (typeof options !== 'object' || options === null) {
      throw new TypeError(`PairCache(options) must be an object, got ${String(options)}`);
    }
    const recycle = options.recycle;
    let distance = 0, angle = 0;
    if (recycle === true) {
      distance = DEFAULT_RECYCLE_DISTANCE;
      angle = DEFAULT_RECYCLE_ANGLE;
    } else if (typeof recycle === 'object' && recycle !== null) {
      distance = threshold('distance', recycle.distance, DEFAULT_RECYCLE_DISTANCE);
      angle = threshold('angle', recycle.angle, DEFAULT_RECYCLE_ANGLE);
    } else if (recycle !== undefined && recycle !== false) {
      throw new TypeError(
        `PairCache(options).recycle must be a boolean or { distance, angle }, got ${
          String(recycle)
        }`,
      );
    }
    this.recycleDistance = distance;
    this.recycleAngle = angle;
    this.recycled.setThresholds(distance, angle);
  }

  /** Forgets everything: the next call computes in full. */
  reset(): void {
    this.first = null;
    this.second = null;
    this.boxBox.reset();
    this.hull.reset();
    this.recycled.reset();
    this.capsule.reset();
    this.lastPath = 'full';
  }

  /**
   * Makes the cache this pair's, in this order (forgetting what it held for another), and
   * reports a full computation until the detector says otherwise (the detectors' call).
   * @internal
   */
  claim(first: unknown, second: unknown): void {
    if (first !== this.first || second !== this.second) {
      this.reset();
      this.first = first;
      this.second = second;
    }
    this.lastPath = 'full';
  }
}

/** A recycling threshold: `value` when given (finite, > 0), else `fallback`. */
function threshold(name: string, value: unknown, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new RangeError(
      `PairCache(options).recycle.${name} must be a finite number > 0, got ${String(value)}`,
    );
  }
  return value;
}
