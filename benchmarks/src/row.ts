/**
 * One row of one pair, measured in a Node process of its own: `row.ts <pair id> <ours|peer index>
 * <time|bytes>` builds that implementation alone, measures it and prints the row as JSON on stdout.
 *
 * Why a process per row: V8 keeps type feedback per function literal, not per closure, so when
 * every pair's rows run in one process the harness's call sites (`run(i)` in the timing loop,
 * `detector(a, b, data)` in our adapter, `collide(...)` in planck's) see every detector of every
 * pair, turn megamorphic and stop inlining. Which library that penalises depends on how many
 * functions share its adapter, not on the library. Alone in a process, each row's call sites see
 * exactly the function a user's own code would call.
 */
import type { Implementation } from './harness.js';
import { measureRow, type RowMeasurement } from './isolated.js';
import { collectGarbage } from './measure.js';
import { loadOurs, pairBenches } from './pairs.js';

// The row: `ours`, or a peer's index in the pair's list.
const [id, indexText, mode] = process.argv.slice(2);
const bench = pairBenches(await loadOurs()).find((candidate) => candidate.id === id);
if (bench === undefined) throw new Error(`unknown pair ${String(id)}`);
// Only this row's implementation is built, so its objects are the only ones the timed calls touch.
const build: (() => Implementation | string) | undefined = indexText === 'ours'
  ? bench.ours
  : bench.peers[Number(indexText)];
if (build === undefined) throw new Error(`pair ${id} has no row ${String(indexText)}`);
const implementation = build();
if (typeof implementation === 'string') throw new Error(implementation);
// Two full collections move the new objects out of the young generation (which the benchmark
// makes 128 MiB, so nothing would otherwise be scavenged) and pack them together in the old
// one, away from the garbage that building them left between them. Without it the timed calls
// would pay for that scatter in cache misses, and by how much depends on the library's layout.
collectGarbage();
const measurement: RowMeasurement = await measureRow(
  implementation,
  bench.pairs().length,
  mode === 'bytes' ? 'bytes' : 'time',
  indexText === 'ours',
);
process.stdout.write(JSON.stringify(measurement) + '\n');
