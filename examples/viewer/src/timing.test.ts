import { describe, expect, it } from 'vitest';
import { formatDuration, timeCall } from './timing.js';

describe('timeCall', () => {
  it('repeats the call until a run lasts the minimum, and reports the median per call', () => {
    // A fake clock: each call takes 0.0005 ms, except the calls of one run, which a pause slows.
    let clock = 0;
    let calls = 0;
    const call = (): number => {
      calls++;
      clock += calls > 20000 && calls <= 22048 ? 0.005 : 0.0005;
      return calls;
    };
    const result = timeCall(call, () => clock, 9, 1);
    // 2^11 = 2048 calls of 0.0005 ms make the first run of at least 1 ms.
    expect(result.calls).toBe(2048);
    expect(result.runs).toBe(9);
    // The slowed run does not move the median.
    expect(result.median).toBeCloseTo(0.0005, 12);
  });

  it('prints three significant figures in ns, µs or ms', () => {
    expect(formatDuration(0.0000123)).toBe('12.3 ns');
    expect(formatDuration(0.00042)).toBe('420 ns');
    expect(formatDuration(0.0042)).toBe('4.20 µs');
    expect(formatDuration(1.5)).toBe('1.50 ms');
  });
});
