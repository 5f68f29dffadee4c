/**
 * `pnpm --filter @contactkit/benchmarks instructions <pair id> [calls]`: machine instructions
 * per call of our detector for one pair, counted by valgrind (callgrind), which counts
 * instructions rather than seconds and so gives the same answer however busy the machine is.
 * It runs `node --single-threaded profile.js <id> --calls=N`, which makes N warm-up calls and
 * then N measured calls between two calls of `os.loadavg()`; callgrind dumps its counters at
 * each entry into libuv's `uv_loadavg` (`--dump-before`), so the second dump holds the measured
 * calls alone: start-up, loading and compilation are not in it. Single threaded because
 * valgrind counts every thread (V8's background compiler and garbage collector threads).
 * Repeated counts of one build agree to about 0.1 instructions a call; the earlier method (the
 * difference of two whole-process totals) moved by 200 a call at 1,000,000 calls.
 * It also prints the conditional branches a call mispredicts in valgrind's branch simulation
 * (`--branch-sim=yes`, a simple predictor, harsher than a real CPU's): a branch on data that
 * follows no pattern shows there long before it shows in a time.
 * Compare counts with counts, never with times. The package script builds and bundles first,
 * as `pnpm bench` does.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const id = process.argv[2];
const calls = Number(process.argv[3] ?? 200_000);
if (id === undefined) throw new Error('usage: instructions.ts <pair id> [calls]');
if (!(Number.isInteger(calls) && calls > 0)) {
  throw new RangeError(`calls must be a positive whole number, got ${process.argv[3]}`);
}
const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'profile.js');

const directory = mkdtempSync(join(tmpdir(), 'contactkit-instructions-'));
try {
  const out = join(directory, 'callgrind.out');
  const result = spawnSync(
    'valgrind',
    [
      '--tool=callgrind',
      '--cache-sim=no',
      '--branch-sim=yes',
      '--dump-before=uv_loadavg',
      `--callgrind-out-file=${out}`,
      process.execPath,
      '--single-threaded',
      script,
      id,
      `--calls=${calls}`,
    ],
    { encoding: 'utf8' },
  );
  if (result.error !== undefined) throw result.error;
  if (result.status !== 0) {
    throw new Error(`valgrind failed (status ${String(result.status)}):\n${result.stderr}`);
  }
  // Dump 1 ends at the first marker; dump 2 holds the measured calls. Events: Ir Bc Bcm Bi Bim.
  const summary = /^summary:\s+(\d+)\s+\d+\s+(\d+)/m.exec(readFileSync(`${out}.2`, 'utf8'));
  if (summary === null) throw new Error(`no summary in callgrind's second dump:\n${result.stderr}`);
  const instructions = (Number(summary[1]) / calls).toFixed(1);
  const mispredicts = (Number(summary[2]) / calls).toFixed(2);
  process.stdout.write(
    `${id}: ${instructions} instructions and ${mispredicts} mispredicted conditional ` +
      `branches a call (over ${calls} calls)\n`,
  );
} finally {
  rmSync(directory, { recursive: true, force: true });
}
