/**
 * Time and memory per call. Time: mitata's `measure` (batches of calls timed together, so single
 * nanoseconds resolve), median over its samples. Memory: bytes of V8 heap allocated per call.
 */
import { measure } from 'mitata';
import { sink } from './harness.js';

/** mitata's time budget per implementation, in nanoseconds of CPU time (its default is 642 ms). */
const TIME_BUDGET_NS = 300e6;

/** Calls between the two heap readings of one allocation sample. */
const ALLOCATION_CALLS = 20_000;

/** Median nanoseconds per call of `run`, cycling configuration indices `0..count-1` (count a power of two). */
export async function medianNanoseconds(run: (i: number) => number, count: number): Promise<number> {
  const mask = count - 1;
  let index = 0;
  const stats = await measure(
    () => {
      sink[1] += run(index);
      index = (index + 1) & mask;
    },
    { min_cpu_time: TIME_BUDGET_NS },
  );
  return stats.p50;
}

function collectGarbage(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error('run node with --expose-gc to measure allocation');
  gc();
  gc();
}

/**
 * Bytes allocated per call: after a full collection, `ALLOCATION_CALLS` calls, and the growth of
 * `heapUsed` divided by the calls. Node 20's V8 has no allocated-bytes counter, so the benchmark
 * runs with a young generation large enough (`--min-semi-space-size`, `--max-semi-space-size`)
 * that no scavenge falls inside a sample; a scavenge would make the growth smaller, so the
 * largest of five samples is the answer. The caller warms `run` up first (the timing does).
 */
export function bytesPerCall(run: (i: number) => number, count: number): number {
  const mask = count - 1;
  let largest = -Infinity;
  for (let sample = 0; sample < 5; sample++) {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let k = 0; k < ALLOCATION_CALLS; k++) sink[1] += run(k & mask);
    const after = process.memoryUsage().heapUsed;
    largest = Math.max(largest, (after - before) / ALLOCATION_CALLS);
  }
  return largest;
}
