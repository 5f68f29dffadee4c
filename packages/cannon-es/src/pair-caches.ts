/**
 * One contactkit `PairCache` per pair of cannon-es shapes, for `useContactkit(world, { pairCache
 * })`: a resting pair hands its detector the same cache every step (the separating axis that last
 * held, and with recycling its last manifold), and a pair the broadphase no longer hands the
 * narrowphase is forgotten after that step, so bodies that come and go leave nothing behind.
 *
 * Keyed by the two cannon-es shapes in the order cannon-es's `getContacts` passes them; a pair
 * that comes in the other order gets its own cache and the old one is forgotten at the end of the
 * step (a `PairCache` handed the other order would start afresh anyway). Nothing is allocated for
 * a pair already cached: two `Map` lookups per call and one pass over the cached pairs per step.
 */
import { PairCache, type PairCacheOptions } from '@contactkit/contacts3d';
import type { Shape } from 'cannon-es';

/** One cached pair. */
interface Entry {
  readonly cache: PairCache;
  readonly first: Shape;
  readonly second: Shape;
  /** The world step that last used it. */
  step: number;
  /** The shapes' resize counts (`ShapeCache.resizes`) the cache's contents belong to. */
  firstResizes: number;
  secondResizes: number;
}

/** The pair caches of one world. */
export class PairCaches {
  private readonly byFirst = new Map<Shape, Map<Shape, Entry>>();
  /** Every entry, for the sweep at the end of a step. */
  private readonly entries: Entry[] = [];

  /** `options`: those of each `new PairCache(options)` (already validated). */
  constructor(private readonly options: PairCacheOptions) {}

  /** How many pairs have a cache. */
  get size(): number {
    return this.entries.length;
  }

  /**
   * The cache of the pair (`first`, `second`) in world step `step`, made on its first use.
   * `firstResizes` and `secondResizes` count how often each shape was resized in place: a cache
   * filled before a resize is reset (contactkit's `PairCache` asks for `reset()` after a change of
   * dimensions; a shape rebuilt anew is another object, which the cache notices by itself).
   */
  get(
    first: Shape,
    second: Shape,
    step: number,
    firstResizes: number,
    secondResizes: number,
  ): PairCache {
    let inner = this.byFirst.get(first);
    if (inner === undefined) {
      inner = new Map();
      this.byFirst.set(first, inner);
    }
    let entry = inner.get(second);
    if (entry === undefined) {
      entry = {
        cache: new PairCache(this.options),
        first,
        second,
        step,
        firstResizes,
        secondResizes,
      };
      inner.set(second, entry);
      this.entries.push(entry);
    } else if (entry.firstResizes !== firstResizes || entry.secondResizes !== secondResizes) {
      entry.cache.reset();
      entry.firstResizes = firstResizes;
      entry.secondResizes = secondResizes;
    }
    entry.step = step;
    return entry.cache;
  }

  /** Forgets every pair not used in world step `step`: it left the broadphase. */
  sweep(step: number): void {
    const entries = this.entries;
    for (let i = entries.length - 1; i >= 0; i--) {
      const entry = entries[i]!;
      if (entry.step === step) continue;
      entries[i] = entries[entries.length - 1]!;
      entries.pop();
      const inner = this.byFirst.get(entry.first)!;
      inner.delete(entry.second);
      if (inner.size === 0) this.byFirst.delete(entry.first);
    }
  }

  /** Forgets every pair. */
  clear(): void {
    this.byFirst.clear();
    this.entries.length = 0;
  }
}
