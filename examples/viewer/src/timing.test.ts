import { describe, expect, it } from 'vitest';
import { formatDuration, timeCall } from './timing.js';

describe('timeCall', () => {
  it('repeats the call until a run lasts the minimum, and reports the median per call', () => {
    // A fake clock: each call takes 0.0005 ms, except the calls of one run, which a pause slows.
    let clock = 0;
    let calls = 0;
    const call = (): number => {
      calls++;
      clock += calls > 20200 && calls <= 22248 ? 0.005 : 0.0005;
      return calls;
    };
    const result = timeCall(call, () => clock, 9, 1);
    // 2^11 = 2048 calls of 0.0005 ms make the first run of at least 1 ms.
    expect(result.calls).toBe(2048);
    expect(result.runs).toBe(9);
    // The slowed run does not move the median.
    expect(result.median).toBeCloseTo(0.0005, 12);
  });

  it('lengthens the runs when a pause during calibration left them too short to measure', () => {
    // The warm-up's 200 calls take no time, then the first calibration call stalls for 2 ms:
    // one call per run looks long enough, but the runs then read 0.0005 ms, below half the minimum.
    let clock = 0;
    let calls = 0;
    const call = (): number => {
      calls++;
      clock += calls === 201 ? 2 : 0.0005;
      return calls;
    };
    const result = timeCall(call, () => clock, 9, 1);
    expect(result.median).toBeCloseTo(0.0005, 12);
    expect(result.median * result.calls).toBeGreaterThanOrEqual(0.5);
  });

  it('prints three significant figures in ns, µs or ms', () => {
    expect(formatDuration(0.0000123)).toBe('12.3 ns');
    expect(formatDuration(0.00042)).toBe('420 ns');
    expect(formatDuration(0.0042)).toBe('4.20 µs');
    expect(formatDuration(1.5)).toBe('1.50 ms');
  });
});
