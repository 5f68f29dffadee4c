/**
 * `pnpm profile <pair id> [seconds]`: runs our detector for one pair on the benchmark's
 * configurations for a few seconds under `node --cpu-prof`, as `pnpm bench` runs it (our tsc
 * build, see bundle.ts), whose source maps lead the profile's lines back to the TypeScript
 * sources. `hotspots.ts` then prints the functions and source lines that took the time. The
 * package script builds and bundles first.
 *
 * `profile.js <pair id> --calls=N` makes exactly N warm-up calls and then N measured calls
 * (the configurations cycled from the first) between two markers, for `instructions.ts`.
 */
import { loadavg } from 'node:os';
import { loadOurs, pairBenches } from './pairs.js';

const id = process.argv[2];
const callsOption = process.argv[3]?.startsWith('--calls=') === true
  ? Number(process.argv[3].slice('--calls='.length))
  : undefined;
if (callsOption !== undefined && !(Number.isInteger(callsOption) && callsOption >= 0)) {
  throw new RangeError(`--calls must be a whole number, got ${process.argv[3]}`);
}
const seconds = callsOption === undefined ? Number(process.argv[3] ?? 3) : 0;
const benches = pairBenches(await loadOurs());
const bench = benches.find((candidate) => candidate.id === id);
if (bench === undefined) {
  throw new Error(
    `unknown pair ${String(id)}; one of ${benches.map((candidate) => candidate.id).join(', ')}`,
  );
}
const ours = bench.ours();
if (typeof ours === 'string') throw new Error(ours);
const run = ours.run;
const count = bench.pairs().length;
let calls = 0;
let contacts = 0;
/** Makes `n` calls, the configurations cycled from the first; returns the contacts written. */
function callsOf(n: number): number {
  let written = 0;
  for (let k = 0, i = 0; k < n; k++) {
    written += run(i);
    i = i + 1 === count ? 0 : i + 1;
  }
  return written;
}
if (callsOption !== undefined) {
  // Warm-up calls (the same number), then the measured calls between two `os.loadavg()` calls,
  // which `instructions.ts` has callgrind use as markers (libuv's uv_loadavg runs nowhere else).
  contacts += callsOf(callsOption);
  loadavg();
  contacts += callsOf(callsOption);
  loadavg();
  calls = 2 * callsOption;
  process.stderr.write(`${id}: ${calls} calls, ${contacts} contacts\n`);
} else {
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    for (let i = 0; i < count; i++) contacts += run(i);
    calls += count;
  }
  process.stderr.write(
    `${id}: ${calls} calls, ${contacts} contacts, ${
      ((seconds * 1e9) / calls).toFixed(1)
    } ns/call under the profiler\n`,
  );
}
