/**
 * `PairCache2`: what a 2D detector may keep of one pair of shapes from one call to the next, when
 * the caller hands it the same cache every frame (Box3D keeps the last separating axis per pair;
 * Box2D v3 and Jolt reuse a pair's contacts while it barely moved). The 2D twin of contacts3d's
 * `PairCache`.
 *
 * Today it holds the separating-axis state of convex polygon against convex polygon
 * (`PolygonSatCache` in `polygon-sat-cache.ts`). A call with the cache returns exactly what the same
 * call without it returns. A cache belongs to the two shapes and the argument order it was first
 * used with; handed another pair, or the same pair the other way round, it starts afresh.
 */
import { PolygonSatCache } from '../clip/polygon-sat-cache.js';

/**
 * How a call with a cache was answered: `full` (the whole separating-axis search), `separated`
 * (the cached axis still separates the pair: one projection), `reference` (the cached reference
 * edge is provably still the one the search would choose: the search skipped, the clipping done).
 */
export type PairCache2Path = 'full' | 'separated' | 'reference';

/**
 * Per-pair state a 2D detector may reuse from one frame to the next: the fourth argument of every
 * 2D detector and of `collide2d` (detectors without a use for it ignore it; today convex
 * polygon-polygon uses it). Keep one per pair of shapes and pass it every frame; a cache handed
 * another pair, or the same pair in the other argument order, starts afresh. The contacts are
 * exactly those of the same call without a cache. Call `reset()` after replacing a shape's
 * outline (a new `Polygon` is another shape, and starts afresh by itself).
 */
export class PairCache2 {
  /** How the last call with this cache was answered (see `PairCache2Path`). */
  lastPath: PairCache2Path = 'full';

  /** The shapes this cache was filled for, in the order the detector received them. */
  private first: unknown = null;
  private second: unknown = null;
  /** The convex polygon pair's separating-axis state (the detector's own). @internal */
  readonly polygon = new PolygonSatCache();

  /** Forgets everything: the next call searches in full. */
  reset(): void {
    this.first = null;
    this.second = null;
    this.polygon.reset();
    this.lastPath = 'full';
  }

  /**
   * Makes the cache this pair's, in this order (forgetting what it held for another), and
   * reports a full search until the detector says otherwise (the detectors' call).
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
