/**
 * The bytes one row of the cannon-es table allocates per `world.step(1 / 60)`, measured in a Node
 * process of its own: `cannon-bytes.ts <scene id> <mode index>` prints `StepAllocation` as JSON
 * (`medianStepAllocation` of @contactkit/cannon-es's test support: V8's sampling heap profiler
 * over steps 300 to 600 of fresh worlds, the median of three, after one world unmeasured).
 *
 * Why a process per row (as row.ts for the pairs): V8 keeps type feedback per function, and
 * cannon-es's solver is the same code in every scene and mode. In one process that had run every
 * scene in every mode, cannon-es's `Equation.addToWlambda` alone allocated 176 KB a step on the
 * stack of cubes with its own narrowphase and 208 KB with contactkit's (floating-point numbers
 * boxed once its call sites had seen every equation and body of every scene), where a process
 * running the stack alone allocates 64 KB and 18 to 40 KB in all.
 */
import { useContactkit } from '@contactkit/cannon-es';
import { medianStepAllocation } from '../../packages/cannon-es/src/test-support/allocation.js';
import { STEP_SCENES } from '../../packages/cannon-es/src/test-support/step-scenes.js';
import { CANNON_STEP_MODES } from './cannon-modes.js';

const [id, modeText] = process.argv.slice(2);
const scene = STEP_SCENES.find((candidate) => candidate.id === id);
const mode = CANNON_STEP_MODES[Number(modeText)];
if (scene === undefined || mode === undefined) {
  throw new Error(`cannon-bytes: unknown scene ${String(id)} or mode ${String(modeText)}`);
}
const build = mode.options === undefined ? scene.native : scene.adapted;
if (build === undefined) throw new Error(`cannon-bytes: cannon-es cannot run ${scene.title}`);
const allocation = medianStepAllocation(() => {
  const { world } = build();
  if (mode.options !== undefined) useContactkit(world, mode.options);
  return world;
});
process.stdout.write(JSON.stringify(allocation) + '\n');
