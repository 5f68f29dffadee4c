/**
 * How long `world.step(1 / 60)` takes in the stack and pyramid scenes, with cannon-es's own
 * narrowphase and with contactkit's, the narrowphase's share of the step (cannon-es's own
 * profile, `world.doProfiling`), and the bytes a step allocates. A measurement, not a test:
 * `pnpm --filter @contactkit/cannon-es step-time`.
 *
 * Time: each round runs every scene 10 simulated seconds (600 steps) per mode, the modes
 * alternating; the first round warms the JIT and is not counted. A step's time is the process's
 * CPU time (`process.cpuUsage`, so time spent waiting for a core on a shared machine is not
 * counted) over the 600 steps; the narrowphase's share is that of cannon-es's wall-clock profile
 * in the same run. The table gives the round with the fastest steps.
 *
 * Bytes (`--bytes`): for every scene of `STEP_SCENES`, with each narrowphase, in a process of
 * its own (`--bytes-row <scene> <narrowphase>`), what a step allocates by V8's sampling heap
 * profiler and the part the adapter's own code allocates (`medianStepAllocation` in
 * src/test-support/allocation.ts, the measure of the benchmark's bytes column too).
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { medianStepAllocation, type StepAllocation } from '../src/test-support/allocation.js';
import { buildScene, type SceneName } from '../src/test-support/scenes.js';
import { STEP_SCENES } from '../src/test-support/step-scenes.js';
import { useContactkit } from '../src/use-contactkit.js';

const SCENES: SceneName[] = ['stack', 'pyramid'];
const MODES = [false, true];
const ROUNDS = 9;
const STEPS = 600;

interface Timing {
  /** Mean CPU time of one step, in microseconds. */
  step: number;
  /** The narrowphase's share of the step's wall-clock time, from cannon-es's profile. */
  share: number;
  /** Contact equations in the last step. */
  equations: number;
}

function label(name: SceneName, adapted: boolean): string {
  return `| ${name} | ${adapted ? 'contactkit' : 'cannon-es'} |`;
}

function time(name: SceneName, adapted: boolean): Timing {
  const scene = buildScene(name);
  if (adapted) useContactkit(scene.world);
  scene.world.doProfiling = true;
  let narrowphase = 0;
  const wall = performance.now();
  const cpu = process.cpuUsage();
  for (let i = 0; i < STEPS; i++) {
    scene.world.step(1 / 60);
    narrowphase += scene.world.profile.narrowphase;
  }
  const used = process.cpuUsage(cpu);
  return {
    step: (used.user + used.system) / STEPS,
    share: narrowphase / (performance.now() - wall),
    equations: scene.world.contacts.length,
  };
}

/** What a step of scene `id` allocates with cannon-es's narrowphase or the adapter, in this process. */
function allocationRow(id: string, adapted: boolean): StepAllocation {
  const scene = STEP_SCENES.find((candidate) => candidate.id === id);
  const build = adapted ? scene?.adapted : scene?.native;
  if (build === undefined) throw new Error(`step-time: no ${adapted ? 'adapted' : 'native'} ${id}`);
  return medianStepAllocation(() => {
    const { world } = build();
    if (adapted) useContactkit(world);
    return world;
  });
}

const rowAt = process.argv.indexOf('--bytes-row');
if (rowAt >= 0) {
  const [id, narrowphase] = process.argv.slice(rowAt + 1);
  process.stdout.write(JSON.stringify(allocationRow(id!, narrowphase === 'contactkit')) + '\n');
} else if (process.argv.includes('--bytes')) {
  console.log(
    "\nBytes a step allocates (steps 300 to 600, the median of 3 worlds), the adapter's part",
  );
  console.log("| scene | narrowphase | bytes per step | the adapter's | equations |");
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const scene of STEP_SCENES) {
    for (const adapted of MODES) {
      if (!adapted && scene.native === undefined) continue;
      const output = execFileSync(process.execPath, [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        '--bytes-row',
        scene.id,
        adapted ? 'contactkit' : 'cannon-es',
      ], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
      const { total, adapter, equations } = JSON.parse(output) as StepAllocation;
      console.log(
        `| ${scene.title} | ${adapted ? 'contactkit' : 'cannon-es'} | ${total.toFixed(0)} | ${
          adapted ? adapter.toFixed(0) : ''
        } | ${equations.toFixed(0)} |`,
      );
    }
  }
} else {
  const fastest = new Map<string, Timing>();
  for (let round = 0; round < ROUNDS + 1; round++) {
    for (const name of SCENES) {
      for (const adapted of MODES) {
        const timing = time(name, adapted);
        const key = label(name, adapted);
        if (round > 0 && timing.step < (fastest.get(key)?.step ?? Infinity)) {
          fastest.set(key, timing);
        }
      }
    }
  }
  console.log(`world.step(1 / 60), the fastest of ${ROUNDS} runs of ${STEPS} steps each`);
  console.log('| scene | narrowphase | step (us CPU) | narrowphase share | equations |');
  console.log('| --- | --- | ---: | ---: | ---: |');
  for (const [key, { step, share, equations }] of fastest) {
    console.log(`${key} ${step.toFixed(0)} | ${(100 * share).toFixed(0)}% | ${equations} |`);
  }
}
