import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { type Implementation, sink } from './harness.js';
import { measureRow } from './isolated.js';
import { STEADY_PASSES, runToSteadyState } from './measure.js';

// The measurement needs `gc`; vitest's workers do not run with --expose-gc.
if ((globalThis as { gc?: unknown; }).gc === undefined) {
  setFlagsFromString('--expose-gc');
  (globalThis as { gc?: unknown; }).gc = runInNewContext('gc');
}

/** Configurations of the rows below; a pass is 64 calls. */
const COUNT = 64;

/** A kernel of sums into a preallocated array, with `plant` every 16th call when given. */
function row(plant?: () => void): Implementation {
  const values = Float64Array.from({ length: COUNT }, (_, i) => 0.25 + i);
  const run = (i: number): number => {
    if (plant !== undefined && (i & 15) === 0) plant();
    sink[0]! += values[i]! * values[i]!;
    return 1;
  };
  return {
    library: 'contactkit',
    call: 'test',
    run,
    inspect: () => ({ count: 1, penetration: 0, normal: [] }),
  };
}

describe('bytes a call, counted after the steady passes', () => {
  it('runs STEADY_PASSES passes over the configurations when they fit in the CPU budget', () => {
    let calls = 0;
    expect(runToSteadyState(() => ++calls & 1, COUNT)).toBe(STEADY_PASSES);
    expect(calls).toBe(STEADY_PASSES * COUNT);
  });

  it('still reads a planted Float64Array(3) every 16 calls, and 0 without it', async () => {
    let planted: Float64Array | undefined;
    const allocating = await measureRow(
      row(() => (planted = new Float64Array(3))),
      COUNT,
      'bytes',
      true,
    );
    expect(planted).toBeInstanceOf(Float64Array);
    // At least its 24 bytes of elements every 16 calls (1.5 bytes a call), and a header besides.
    expect(allocating.bytesPerCall).toBeGreaterThanOrEqual(2);
    expect((await measureRow(row(), COUNT, 'bytes', true)).bytesPerCall).toBe(0);
  });
});
