/**
 * `pnpm --filter @contactkit/benchmarks instructions <pair id> [calls]`: machine instructions
 * per call of our detector for one pair, counted by `valgrind --tool=cachegrind`, which counts
 * instructions rather than seconds and so gives the same answer however busy the machine is.
 * It runs `node --single-threaded profile.js <id> --calls=N` for N and 2N calls and divides the
 * difference of the two totals by N, which cancels start-up, loading and compilation. Single
 * threaded because valgrind counts every thread: V8's background compiler and garbage collector
 * threads do an amount of work that varies by a billion instructions from run to run. What is
 * left varies by about 1e8 instructions, about 20 instructions a call at the default N of
 * 5,000,000 calls: repeat a count before trusting a change of under 10%.
 * It also prints the conditional branches a call mispredicts in cachegrind's branch simulation
 * (`--branch-sim=yes`, a simple predictor, harsher than a real CPU's): a branch on data that
 * follows no pattern shows there long before it shows in a time.
 * The counts come out higher than what the same calls could execute natively in the time they
 * take (circle-polygon: about 480 instructions a call, for about 21 ns; why is not established):
 * compare counts with counts, never with times.
 * The package script builds and bundles first, as `pnpm bench` does.
 */
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const id = process.argv[2];
const calls = Number(process.argv[3] ?? 5_000_000);
if (id === undefined) throw new Error('usage: instructions.ts <pair id> [calls]');
if (!(Number.isInteger(calls) && calls > 0)) throw new RangeError(`calls must be a positive whole number, got ${process.argv[3]}`);
const script = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'profile.js');

/** Instructions and mispredicted conditional branches of a whole run of `n` calls. */
function totals(n: number): { instructions: number; mispredicts: number } {
  const result = spawnSync('valgrind', ['--tool=cachegrind', '--cache-sim=no', '--branch-sim=yes', '--cachegrind-out-file=/dev/null', process.execPath, '--single-threaded', script, id!, `--calls=${n}`], { encoding: 'utf8' });
  if (result.error !== undefined) throw result.error;
  const instructions = /I\s+refs:\s+([\d,]+)/.exec(result.stderr);
  const mispredicts = /Mispredicts:\s+[\d,]+\s+\(\s*([\d,]+) cond/.exec(result.stderr);
  if (result.status !== 0 || instructions === null || mispredicts === null) throw new Error(`valgrind failed (status ${String(result.status)}):\n${result.stderr}`);
  return { instructions: Number(instructions[1]!.replaceAll(',', '')), mispredicts: Number(mispredicts[1]!.replaceAll(',', '')) };
}

const once = totals(calls);
const twice = totals(2 * calls);
const perCall = (key: 'instructions' | 'mispredicts'): string => ((twice[key] - once[key]) / calls).toFixed(key === 'instructions' ? 1 : 2);
process.stdout.write(`${id}: ${perCall('instructions')} instructions and ${perCall('mispredicts')} mispredicted conditional branches a call (over ${calls} calls)\n`);
