/**
 * The time readout: how long one call of the current pair's detector (or test) takes, as the
 * median over several runs of many calls. `performance.now()` is coarse in browsers (0.1 ms in
 * Chromium without cross-origin isolation), so each run repeats the call until it lasts at least
 * `minimumRunMs`; the median of the runs ignores a run slowed by a collection or another tab.
 */

export interface Timing {
  /** Median time of one call, milliseconds. */
  median: number;
  /** Calls per run. */
  calls: number;
  /** Runs the median is taken over. */
  runs: number;
}

let sink: unknown;

/** Times `call`; `now` is the clock in milliseconds (performance.now). */
export function timeCall(
  call: () => unknown,
  now: () => number,
  runs = 9,
  minimumRunMs = 1,
): Timing {
  const maximumCalls = 1 << 22;
  // First calls run unoptimised: a few hundred before anything is measured.
  for (let i = 0; i < 200; i++) sink = call();
  let calls = 1;
  // Doubles the calls per run until one run is long enough to measure.
  for (;;) {
    const start = now();
    for (let i = 0; i < calls; i++) sink = call();
    if (now() - start >= minimumRunMs || calls >= maximumCalls) break;
    calls *= 2;
  }
  for (;;) {
    const samples: number[] = [];
    for (let r = 0; r < runs; r++) {
      const start = now();
      for (let i = 0; i < calls; i++) sink = call();
      samples.push((now() - start) / calls);
    }
    samples.sort((a, b) => a - b);
    const median = samples[(runs - 1) >> 1]!;
    // A calibration run slowed by a pause leaves runs too short to measure: longer runs, again.
    if (median * calls >= minimumRunMs / 2 || calls >= maximumCalls) return { median, calls, runs };
    calls *= 4;
  }
}

/** The result the timed calls returned last (keeps them from being optimised away). */
export function timingSink(): unknown {
  return sink;
}

/** "0.42 µs" or "12.3 ns" or "1.20 ms": three significant figures in a readable unit. */
export function formatDuration(ms: number): string {
  if (ms >= 1) return `${ms.toPrecision(3)} ms`;
  if (ms >= 1e-3) return `${(ms * 1e3).toPrecision(3)} µs`;
  return `${(ms * 1e6).toPrecision(3)} ns`;
}
