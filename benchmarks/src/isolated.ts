/**
 * Measuring one implementation (in the child process of `row.ts`), and running that child from
 * the main process.
 */
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Implementation, sink } from './harness.js';
import { bytesPerCall, medianNanoseconds } from './measure.js';

/** What a child reports for its row: timing always, the rest in `full` mode. */
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

/** Times `implementation` on configurations `0..count-1` and, unless `timeOnly`, counts its bytes. */
export async function measureRow(implementation: Implementation, count: number, timeOnly: boolean): Promise<RowMeasurement> {
  const contacts = contactsPerCall(implementation.run, count);
  const medianNs = await medianNanoseconds(implementation.run, count);
  const bytes = timeOnly ? NaN : bytesPerCall(implementation.run, count, medianNs);
  const measurement: RowMeasurement = {
    library: implementation.library,
    call: implementation.call,
    medianNs,
    contactsPerCall: contacts,
    bytesPerCall: timeOnly ? NaN : Math.max(0, Math.round(bytes)),
    sink: Array.from(sink),
  };
  if (implementation.note !== undefined) measurement.note = implementation.note;
  return measurement;
}

const rowScript = join(dirname(fileURLToPath(import.meta.url)), 'row.js');

/**
 * Runs row `index` of pair `id` in a fresh Node process with this process's flags (`--expose-gc`,
 * the young-generation size, `--conditions=source --import tsx`) and returns what it measured.
 */
export function measureInChild(id: string, index: number, timeOnly: boolean): RowMeasurement {
  const output = execFileSync(process.execPath, [...process.execArgv, rowScript, id, String(index), timeOnly ? 'time' : 'full'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 20,
  });
  const last = output.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as RowMeasurement;
}
