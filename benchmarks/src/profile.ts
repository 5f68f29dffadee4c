/**
 * `pnpm profile <pair id> [seconds]`: runs our detector for one pair on the benchmark's
 * configurations for a few seconds under `node --cpu-prof`, as `pnpm bench` runs it (our tsc
 * build, see bundle.ts), whose source maps lead the profile's lines back to the TypeScript
 * sources. `hotspots.ts` then prints the functions and source lines that took the time. The
 * package script builds and bundles first.
 */
import { loadOurs, pairBenches } from './pairs.js';

const id = process.argv[2];
const seconds = Number(process.argv[3] ?? 3);
const benches = pairBenches(await loadOurs());
const bench = benches.find((candidate) => candidate.id === id);
if (bench === undefined) throw new Error(`unknown pair ${String(id)}; one of ${benches.map((candidate) => candidate.id).join(', ')}`);
const ours = bench.ours();
if (typeof ours === 'string') throw new Error(ours);
const run = ours.run;
const count = bench.pairs.length;
const deadline = performance.now() + seconds * 1000;
let calls = 0;
let contacts = 0;
while (performance.now() < deadline) {
  for (let i = 0; i < count; i++) contacts += run(i);
  calls += count;
}
process.stderr.write(`${id}: ${calls} calls, ${contacts} contacts, ${((seconds * 1e9) / calls).toFixed(1)} ns/call under the profiler\n`);
