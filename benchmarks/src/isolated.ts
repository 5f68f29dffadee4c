/**
 * Measuring one implementation (in the child process of `row.ts`), and running that child from
 * the main process.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Implementation, sink } from './harness.js';
import { bytesPerCall, medianNanoseconds, runToSteadyState } from './measure.js';

/** What to measure in a child: the median time, or the bytes allocated per call. */
export type RowMode = 'time' | 'bytes';

/**
 * What a child reports for its row: the median (`time`), or the contacts and bytes per call
 * (`bytes`); NaN for the others.
 */
export interface RowMeasurement {
  library: string;
  call: string;
  note?: string;
  medianNs: number;
  contactsPerCall: number;
  bytesPerCall: number;
  /** The child's sink, so every timed result is still consumed and printed by the parent. */
  sink: number[];
}

/** Contacts per call over one pass of every configuration (which also warms the code up). */
function contactsPerCall(run: (i: number) => number, count: number): number {
  let total = 0;
  for (let i = 0; i < count; i++) total += run(i);
  return total / count;
}

/**
 * Warms `run` up for about `milliseconds` (reading the clock every 16 calls, so a call of
 * milliseconds does not run for a whole pass) and returns the mean nanoseconds a call took, which
 * sizes the allocation samples.
 */
function warmUp(run: (i: number) => number, count: number, milliseconds: number): number {
  const started = performance.now();
  let calls = 0, contacts = 0;
  while (performance.now() - started < milliseconds) {
    for (let k = 0; k < 16; k++) contacts += run((calls + k) % count);
    calls += 16;
  }
  sink[1]! += contacts;
  return ((performance.now() - started) * 1e6) / calls;
}

/**
 * Measures `implementation` on configurations `0..count-1`: its median time, or its contacts and
 * bytes per call. The contacts are counted in the `bytes` child only, once per row: a pass over
 * every configuration takes seconds for the slowest peers (Rapier against a triangle mesh, 4 ms a
 * call), and the time children warm up by themselves. With `steady` (our rows, whose bytes are a
 * target) the bytes are counted after `runToSteadyState`; a peer's after the warm-up alone, as the
 * slowest would take minutes.
 */
export async function measureRow(
  implementation: Implementation,
  count: number,
  mode: RowMode,
  steady = false,
): Promise<RowMeasurement> {
  let contacts = NaN, medianNs = NaN, bytes = NaN;
  if (mode === 'time') medianNs = await medianNanoseconds(implementation.run, count);
  else {
    contacts = contactsPerCall(implementation.run, count);
    const nanosecondsPerCall = warmUp(implementation.run, count, 300);
    if (steady) runToSteadyState(implementation.run, count);
    bytes = Math.max(0, Math.round(bytesPerCall(implementation.run, count, nanosecondsPerCall)));
  }
  const measurement: RowMeasurement = {
    library: implementation.library,
    call: implementation.call,
    medianNs,
    contactsPerCall: contacts,
    bytesPerCall: bytes,
    sink: Array.from(sink),
  };
  if (implementation.note !== undefined) measurement.note = implementation.note;
  return measurement;
}

const rowScript = join(dirname(fileURLToPath(import.meta.url)), 'row.js');

/** The flags that set the young generation's size: only the allocation counts need them. */
const YOUNG_GENERATION_FLAG = /^--(min|max)-semi-space-size/;

/**
 * Runs row `row` (ours, or a peer's index) of pair `id` in a fresh Node process and returns what
 * it measured. Both kinds of child get this process's flags (`--expose-gc`); only the `bytes`
 * child keeps the 128 MiB young generation, which lets a sample of calls run without a scavenge
 * but slows timed calls down: every allocation of the timing loop's own walks fresh memory across
 * 128 MiB instead of reusing a few cache-warm megabytes (our polygon-polygon row measured about
 * 5% slower with it).
 */
export function measureInChild(id: string, row: 'ours' | number, mode: RowMode): RowMeasurement {
  const flags = mode === 'bytes'
    ? process.execArgv
    : process.execArgv.filter((flag) => !YOUNG_GENERATION_FLAG.test(flag));
  const output = execFileSync(process.execPath, [...flags, rowScript, id, String(row), mode], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  const last = output.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as RowMeasurement;
}
