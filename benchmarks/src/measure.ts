/**
 * Time and memory per call. Time: CPU time of this process (`process.cpuUsage`) over batches of
 * calls, median over the batches. Memory: bytes of V8 heap allocated per call.
 *
 * Why CPU time and not the wall clock: this machine's two cores are shared, often by 20 or more
 * busy processes, and a wall-clock sample then counts the time a row waits for a core, which
 * varied between rows by 10 to 50 times in one run (cannon-es sphere-sphere 307 ns quiet,
 * 4,493 ns loaded; our polygon-polygon 60 ns quiet, 1,578 to 4,950 ns loaded). CPU time counts
 * only the time the row runs; what other processes still cost it (cold caches after a switch)
 * is the same for every library.
 */
import { sink } from './harness.js';

/** CPU time per implementation, in nanoseconds, after the warm-up. */
const TIME_BUDGET_NS = 300e6;

/** CPU time of one sample: 2 ms, 2,000 times the timer's 1 microsecond resolution. */
const SAMPLE_NS = 2e6;

/** CPU time spent warming the code up before the samples. */
const WARM_UP_NS = 50e6;

/**
 * Calls between the two heap readings of one allocation sample, at most; fewer for slow calls
 * (about 50 ms a sample).
 */
const ALLOCATION_CALLS = 20_000;

/**
 * Passes over a row's configurations that our rows run before their bytes are counted, and the
 * CPU time that bounds them. A helper that few configurations reach runs unoptimised, boxing its
 * doubles, until V8 has called it a few hundred times. The hull on the 9,800-triangle mesh
 * allocated 2.7 to 2.9 bytes a call until pass 196 (then V8 optimised `outsideAtConvexEdge`), 0.3
 * until pass 288 (`noteBehind`), 0.1 until pass 449 (the mesh reduction's `spans`), then none; the
 * sphere on the 999,698-triangle terrain 1.3 until pass 480. Bytes counted sooner are V8's
 * tiering, which a user's steady loop has left behind (benchmarks README, "Latest results").
 */
export const STEADY_PASSES = 800;
const STEADY_BUDGET_NS = 20e9;

/** CPU time this process has used (user and system, every thread), in nanoseconds. */
function cpuNanoseconds(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) * 1000;
}

/**
 * Median CPU nanoseconds per call of `run`, cycling configuration indices `0..count-1` (count a
 * power of two): batches of calls sized to take `SAMPLE_NS` each, for `TIME_BUDGET_NS` after a
 * warm-up. Every call's result goes into the sink.
 */
export async function medianNanoseconds(
  run: (i: number) => number,
  count: number,
): Promise<number> {
  const mask = count - 1;
  let index = 0;
  const batch = (calls: number): number => {
    const start = cpuNanoseconds();
    for (let k = 0; k < calls; k++) {
      sink[1]! += run(index);
      index = (index + 1) & mask;
    }
    return cpuNanoseconds() - start;
  };
  // Warm-up: batches of doubling size for WARM_UP_NS. Their mean cost per call then sizes the
  // samples; a single early batch would not do, as the CPU time of the process includes V8's
  // compiler threads, which work hardest during the first calls.
  let calls = 1, warmUpCalls = 0, warmUpNs = 0;
  while (warmUpNs < WARM_UP_NS) {
    warmUpNs += batch(calls);
    warmUpCalls += calls;
    calls *= 2;
  }
  calls = Math.max(1, Math.round((SAMPLE_NS * warmUpCalls) / warmUpNs));
  const samples: number[] = [];
  const started = cpuNanoseconds();
  while (cpuNanoseconds() - started < TIME_BUDGET_NS) samples.push(batch(calls) / calls);
  samples.sort((a, b) => a - b);
  return samples[samples.length >> 1]!;
}

/**
 * Runs `STEADY_PASSES` passes over configurations `0..count-1`, or as many as fit in
 * `STEADY_BUDGET_NS` of CPU time, and returns the passes run.
 */
export function runToSteadyState(run: (i: number) => number, count: number): number {
  const started = cpuNanoseconds();
  let passes = 0, contacts = 0;
  while (passes < STEADY_PASSES && cpuNanoseconds() - started < STEADY_BUDGET_NS) {
    for (let i = 0; i < count; i++) contacts += run(i);
    passes++;
  }
  sink[1]! += contacts;
  return passes;
}

/** Two full collections (node must run with --expose-gc). */
export function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void; }).gc;
  if (gc === undefined) throw new Error('run node with --expose-gc to measure allocation');
  gc();
  gc();
}

/**
 * Bytes `process.memoryUsage()` allocates after it has read the heap (its answer object, about
 * 256 bytes): the least growth between two back-to-back readings. Every sample's second reading
 * includes the first one's cost, which is taken off.
 */
function readingCost(): number {
  let least = Infinity;
  for (let k = 0; k < 16; k++) {
    const first = process.memoryUsage().heapUsed;
    const second = process.memoryUsage().heapUsed;
    if (second - first < least) least = second - first;
  }
  return least;
}

/**
 * Bytes allocated per call: after a full collection, `ALLOCATION_CALLS` calls (fewer when
 * `nanosecondsPerCall` says they are slow: about 50 ms of calls, the first configurations only for
 * calls slower than 50 microseconds), and the growth of
 * `heapUsed`, less what reading it costs, divided by the calls. Node 20's V8 has no
 * allocated-bytes counter, so the benchmark runs with a young generation large enough
 * (`--min-semi-space-size`, `--max-semi-space-size`) that no scavenge falls inside a sample.
 * `heapUsed` also grows with code and feedback that V8 makes while it compiles the loop (in a
 * fresh process, as each row runs, that goes on for a few samples), so the first sample is
 * dropped and the answer is the smallest of the next seven: what a call itself allocates is the
 * same in every sample, compilation only ever adds to it.
 */
export function bytesPerCall(
  run: (i: number) => number,
  count: number,
  nanosecondsPerCall = 0,
): number {
  const mask = count - 1;
  const calls = Math.max(1, Math.min(ALLOCATION_CALLS, Math.round(50e6 / nanosecondsPerCall)));
  const cost = readingCost();
  const samples: number[] = [];
  for (let sample = 0; sample < 8; sample++) {
    collectGarbage();
    // A small-integer sum: this loop may still be interpreted, and the interpreter boxes every
    // floating-point result (32 bytes an iteration), which would be charged to `run`.
    let contacts = 0;
    const before = process.memoryUsage().heapUsed;
    for (let k = 0; k < calls; k++) contacts += run(k & mask);
    const after = process.memoryUsage().heapUsed;
    sink[1]! += contacts;
    if (sample > 0) samples.push((after - before - cost) / calls);
  }
  return Math.min(...samples);
}
