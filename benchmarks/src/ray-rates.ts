/**
 * Prints the comparison of `rayTestPolygons` with `collidePolygonPolygon` that the package README
 * shows (the same seeds and counts as the test that asserts it), and the heap bytes each
 * allocates per call. Run from the repository root:
 * `pnpm --filter @contactkit/benchmarks ray-rates`.
 *
 * Each allocation count runs in a child process of its own, as the benchmarks' rows do: what V8
 * compiled for one function (and whether it still boxes doubles while optimising) then does not
 * depend on what ran before.
 */
import { execFileSync } from 'node:child_process';
import {
  CollisionData2,
  collidePolygonPolygon,
  type Polygon,
  RayTestTrace,
  rayTestPolygons,
} from '@contactkit/collision2d';
import { Random } from '@contactkit/test-support';
// The comparison lives beside the test that asserts its rates (collision2d's
// src/pairs/ray-test-polygons.test.ts); this script prints the same numbers.
import {
  compareMethods,
  formatComparison,
  randomPair,
} from '../../packages/collision2d/src/test-support/ray-comparison.js';

type Detector = (a: Polygon, b: Polygon, data: CollisionData2) => number;

const trace = new RayTestTrace();
const detectors: Record<string, Detector> = {
  rayTestPolygons,
  'rayTestPolygons with a RayTestTrace': (a, b, data) => rayTestPolygons(a, b, data, trace),
  collidePolygonPolygon,
};

/**
 * Heap bytes per call of `detector` over 256 seeded convex and concave pairs: the least of 8
 * samples of 200,000 calls, after 4 samples of warm-up.
 */
function bytesPerCall(detector: Detector): number {
  const collect = (globalThis as { gc?: () => void; }).gc;
  if (collect === undefined) throw new Error('run node with --expose-gc');
  const random = new Random(7);
  const pairs: Array<[Polygon, Polygon]> = [];
  for (let i = 0; i < 256; i++) pairs.push(randomPair(random, i % 2 === 0 ? 'convex' : 'concave'));
  const data = new CollisionData2({ capacity: 64 });
  const calls = 200_000;
  let written = 0, least = Infinity;
  for (let sample = 0; sample < 12; sample++) {
    collect();
    const before = process.memoryUsage().heapUsed;
    for (let k = 0; k < calls; k++) {
      data.reset();
      const [a, b] = pairs[k & 255]!;
      written += detector(a, b, data);
    }
    const after = process.memoryUsage().heapUsed;
    if (sample >= 4) least = Math.min(least, (after - before) / calls);
  }
  if (written < 0) console.log(written);
  return least;
}

const [mode, name] = process.argv.slice(2);
if (mode === 'bytes') {
  console.log(bytesPerCall(detectors[name!]!).toFixed(3));
} else {
  console.log(
    formatComparison({
      convex: compareMethods('convex', 4000, 1),
      concave: compareMethods('concave', 4000, 2),
      hostile: compareMethods('hostile', 4000, 3),
    }),
  );
  console.log('\nheap bytes per call over 256 seeded convex and concave pairs:');
  for (const detector of Object.keys(detectors)) {
    const bytes = execFileSync(process.execPath, [
      ...process.execArgv,
      process.argv[1]!,
      'bytes',
      detector,
    ]);
    console.log(`${detector}: ${String(bytes).trim()}`);
  }
}
