/**
 * Prints the comparison of `rayTestPolygons` with `collidePolygonPolygon` that the package README
 * shows (the same seeds and counts as the test that asserts it), and the heap bytes each
 * allocates per call on those pairs. Run from the repository root:
 *
 *   pnpm --filter @contactkit/benchmarks exec node --expose-gc --conditions=@contactkit/source \
 *     --import tsx ../packages/collision2d/src/test-support/print-ray-rates.ts
 */
import { Random } from '@contactkit/test-support';
import { CollisionData2 } from '../manifold/contact2.js';
import { collidePolygonPolygon } from '../pairs/polygon-polygon.js';
import { rayTestPolygons } from '../pairs/ray-test-polygons.js';
import type { Polygon } from '../shapes/shapes.js';
import { compareMethods, formatComparison, randomPair } from './ray-comparison.js';

const results = {
  convex: compareMethods('convex', 4000, 1),
  concave: compareMethods('concave', 4000, 2),
  hostile: compareMethods('hostile', 4000, 3),
};
console.log(formatComparison(results));

/** Heap bytes per call of `detector` over the pairs, after a warm-up, least of 8 samples. */
function bytesPerCall(
  detector: (a: Polygon, b: Polygon, data: CollisionData2) => number,
  pairs: Array<[Polygon, Polygon]>,
): number {
  const collect = (globalThis as { gc?: () => void; }).gc;
  if (collect === undefined) throw new Error('run node with --expose-gc');
  const data = new CollisionData2({ capacity: 64 });
  const calls = 200_000;
  let written = 0, least = Infinity;
  for (let sample = 0; sample < 9; sample++) {
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let k = 0; k < calls; k++) {
      data.reset();
      const [a, b] = pairs[k % pairs.length]!;
      written += detector(a, b, data);
    }
    const after = process.memoryUsage().heapUsed;
    if (sample > 0) least = Math.min(least, (after - before) / calls);
  }
  if (written < 0) console.log(written);
  return least;
}

const random = new Random(7);
const pairs: Array<[Polygon, Polygon]> = [];
for (let i = 0; i < 256; i++) pairs.push(randomPair(random, i % 2 === 0 ? 'convex' : 'concave'));
console.log(
  `\nbytes per call over 256 convex and concave pairs: rayTestPolygons ${
    bytesPerCall(rayTestPolygons, pairs).toFixed(3)
  }, collidePolygonPolygon ${bytesPerCall(collidePolygonPolygon, pairs).toFixed(3)}`,
);
