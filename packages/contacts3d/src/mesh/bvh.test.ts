import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { Bvh, LEAF_SIZE } from './bvh.js';

describe('the median-split hierarchy', () => {
  it('holds every triangle once, each node box holds its children, and the depth is logarithmic', () => {
    const random = new Random(0x1b);
    for (const count of [1, 3, 4, 5, 17, 1000, 4097]) {
      const bounds = new Float64Array(6 * count);
      for (let t = 0; t < count; t++) {
        // Clusters and duplicates: many equal centroids.
        const c = random.chance(0.3)
          ? [1, 1, 1]
          : [random.range(-10, 10), random.range(-1, 1), random.range(-10, 10)];
        for (let k = 0; k < 3; k++) {
          bounds[6 * t + k] = c[k]! - random.range(0, 0.5);
          bounds[6 * t + 3 + k] = c[k]! + random.range(0, 0.5);
        }
      }
      const bvh = new Bvh(bounds, count);
      expect(Array.from(bvh.order).sort((a, b) => a - b)).toEqual(
        Array.from({ length: count }, (_, i) => i),
      );
      expect(bvh.depth).toBeLessThanOrEqual(
        Math.max(0, Math.ceil(Math.log2(count / LEAF_SIZE))) + 1,
      );
      const seen = new Set<number>();
      const visit = (node: number) => {
        const b = bvh.bounds.subarray(6 * node, 6 * node + 6);
        if (bvh.count[node]! > 0) {
          expect(bvh.count[node]).toBeLessThanOrEqual(LEAF_SIZE);
          for (let i = bvh.child[node]!; i < bvh.child[node]! + bvh.count[node]!; i++) {
            const t = bvh.order[i]!;
            seen.add(t);
            for (let k = 0; k < 3; k++) {
              expect(bounds[6 * t + k]).toBeGreaterThanOrEqual(b[k]!);
              expect(bounds[6 * t + 3 + k]).toBeLessThanOrEqual(b[3 + k]!);
            }
          }
          return;
        }
        for (const child of [bvh.child[node]!, bvh.child[node]! + 1]) {
          for (let k = 0; k < 3; k++) {
            expect(bvh.bounds[6 * child + k]).toBeGreaterThanOrEqual(b[k]!);
            expect(bvh.bounds[6 * child + 3 + k]).toBeLessThanOrEqual(b[3 + k]!);
          }
          visit(child);
        }
      };
      visit(0);
      expect(seen.size).toBe(count);
    }
  });
});
