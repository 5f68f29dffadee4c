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
 * Bytes (`--bytes`, in a second process started with --expose-gc and a 128 MiB young generation,
 * so that no scavenge falls inside; that young generation slows every step, hence its own
 * process): V8 heap growth over 300 steps after 300 warm-up steps and two full collections, the
 * smallest of the rounds.
 */
import { buildScene, type SceneName } from '../src/test-support/scenes.js';
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

/** V8 heap growth per step over 300 steps of a scene that has run 300 steps already. */
function bytesPerStep(name: SceneName, adapted: boolean, collect: () => void): number {
  const scene = buildScene(name);
  if (adapted) useContactkit(scene.world);
  for (let i = 0; i < 300; i++) scene.world.step(1 / 60);
  collect();
  collect();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < 300; i++) scene.world.step(1 / 60);
  return (process.memoryUsage().heapUsed - before) / 300;
}

if (process.argv.includes('--bytes')) {
  const collect = (globalThis as { gc?: () => void; }).gc;
  if (collect === undefined) throw new Error('step-time --bytes needs node --expose-gc');
  console.log('\nBytes allocated per step, the smallest of 5 rounds');
  console.log('| scene | narrowphase | bytes per step |');
  console.log('| --- | --- | ---: |');
  for (const name of SCENES) {
    for (const adapted of MODES) {
      let least = Infinity;
      for (let round = 0; round < 5; round++) {
        least = Math.min(least, bytesPerStep(name, adapted, collect));
      }
      console.log(`${label(name, adapted)} ${least.toFixed(0)} |`);
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
