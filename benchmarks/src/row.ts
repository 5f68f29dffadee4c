/**
 * One row of one pair, measured in a Node process of its own: `row.ts <pair id> <row index>
 * <full|time>` builds that implementation alone (index 0 is ours when our detector is found,
 * then the peers in the pair's order), measures it and prints the row as JSON on stdout.
 *
 * Why a process per row: V8 keeps type feedback per function literal, not per closure, so when
 * every pair's rows run in one process the harness's call sites (`run(i)` in the timing loop,
 * `detector(a, b, data)` in our adapter, `collide(...)` in planck's) see every detector of every
 * pair, turn megamorphic and stop inlining. Which library that penalises depends on how many
 * functions share its adapter, not on the library. Alone in a process, each row's call sites see
 * exactly the function a user's own code would call.
 */
import { measureRow, type RowMeasurement } from './isolated.js';
import { loadOurs, pairBenches } from './pairs.js';

const [id, indexText, mode] = process.argv.slice(2);
const bench = pairBenches(await loadOurs()).find((candidate) => candidate.id === id);
if (bench === undefined) throw new Error(`unknown pair ${String(id)}`);
const ours = bench.ours();
const implementations = typeof ours === 'string' ? bench.peers() : [ours, ...bench.peers()];
const implementation = implementations[Number(indexText)];
if (implementation === undefined) throw new Error(`pair ${id} has no row ${String(indexText)}`);
const measurement: RowMeasurement = await measureRow(implementation, bench.pairs.length, mode === 'time');
process.stdout.write(JSON.stringify(measurement) + '\n');
