/**
 * allocation.test.ts's bound on the pile of 30 capsules, in a file (so a process) of its own: the
 * pile runs capsule-capsule, box-capsule (against the bin's walls) and capsule-plane, whose code
 * a process that ran the box scenes first would have optimized for those as well.
 */
import { describe, expect, it } from 'vitest';
import { allocationSlack, medianStepAllocation } from './test-support/allocation.js';
import { buildPile } from './test-support/scenes.js';
import { useContactkit } from './use-contactkit.js';

describe('the adapter allocates nothing per step but the equations cannon-es lists', () => {
  it('pile of 30 capsules', () => {
    const { adapter, equations, equationList } = medianStepAllocation(() => {
      const { world } = buildPile('capsules');
      useContactkit(world);
      return world;
    }, { rounds: 1, steps: 200 });
    // About 99 equations a step from step 300 on: the list's growth is 2,160 bytes.
    expect(equations).toBeGreaterThan(80);
    expect(equationList).toBeGreaterThan(1500);
    expect(adapter).toBeLessThan(equationList + allocationSlack(equations));
  }, 120_000);
});
