/**
 * The issue's "no allocation per step beyond what cannon-es itself does": what the adapter's own
 * code allocates in a step of each scene, measured by V8's sampling heap profiler
 * (test-support/allocation.ts), is only the growth of cannon-es's equation list, which cannon-es
 * empties every step and its own narrowphase refills the same way.
 */
import { describe, expect, it } from 'vitest';
import {
  allocationSlack as slack,
  medianStepAllocation,
  pushGrowthBytes,
  stepAllocation,
} from './test-support/allocation.js';
import { buildScene } from './test-support/scenes.js';
import { useContactkit } from './use-contactkit.js';

// The pyramid, first in this process: V8 keeps type feedback per function, and after other
// scenes have run in a process the adapter's and contactkit's code is optimized for all of them
// and boxes more (the README's "What a step allocates"); every scene in a process of its own is
// `pnpm --filter @contactkit/cannon-es step-time`. The capsule pile has a file of its own
// (allocation-capsules.test.ts): vitest runs each file in a process of its own.
describe('the adapter allocates nothing per step but the equations cannon-es lists', () => {
  it('pyramid of 21 cubes, by default and with recycling', () => {
    for (const options of [{}, { pairCache: { recycle: true } }]) {
      const { adapter, equations, equationList } = medianStepAllocation(() => {
        const { world } = buildScene('pyramid');
        useContactkit(world, options);
        return world;
      }, { rounds: 1, steps: 200 });
      expect(equations).toBeGreaterThan(150);
      expect(adapter).toBeLessThan(equationList + slack(equations));
    }
  }, 120_000);
});

describe('the measure', () => {
  it(
    "counts the equation list the adapter grows: on the stack within 30% of V8's growth rule",
    () => {
      const { adapter, equationList } = medianStepAllocation(() => {
        const { world } = buildScene('stack');
        useContactkit(world);
        return world;
      }, { rounds: 1, steps: 200 });
      // 25 equations a step: capacities 16 and 40, 480 bytes.
      expect(equationList).toBeCloseTo(480, -1);
      expect(adapter).toBeGreaterThan(0.7 * equationList);
      expect(adapter).toBeLessThan(equationList + slack(25));
    },
    60_000,
  );

  it("finds bytes allocated per step in code it is told is the adapter's", () => {
    const { world } = buildScene('stack');
    useContactkit(world);
    for (let i = 0; i < 300; i++) world.step(1 / 60);
    const thisFile = /allocation\.test\.ts/;
    const before = stepAllocation(world, 200, { adapterCode: thisFile });
    // A listener in this file allocating 8 arrays of 32 numbers (16 + 256 bytes each) a step.
    let kept = 0;
    world.addEventListener('preStep', () => {
      for (let k = 0; k < 8; k++) kept += new Array<number>(32).fill(k).length;
    });
    const after = stepAllocation(world, 200, { adapterCode: thisFile });
    expect(kept).toBeGreaterThan(0);
    // Only what V8's sampling lands on this file's frames by chance (measured 22 to 44 bytes).
    expect(before.adapter).toBeLessThan(100);
    expect(after.adapter).toBeGreaterThan(0.7 * 8 * 272);
    expect(after.adapter).toBeLessThan(1.5 * 8 * 272);
  }, 60_000);

  it("pushGrowthBytes follows V8's capacities (old + old / 2 + 16)", () => {
    expect(pushGrowthBytes(0)).toBe(0);
    expect(pushGrowthBytes(1)).toBe(16 + 8 * 16);
    expect(pushGrowthBytes(16)).toBe(16 + 8 * 16);
    expect(pushGrowthBytes(17)).toBe(16 + 8 * 16 + 16 + 8 * 40);
    expect(pushGrowthBytes(41)).toBe(3 * 16 + 8 * (16 + 40 + 76));
  });
});
