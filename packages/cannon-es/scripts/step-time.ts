/**
 * How long `world.step(1 / 60)` takes in the stack and pyramid scenes, with cannon-es's own
 * narrowphase and with contactkit's, and the narrowphase's share of the step (cannon-es's own
 * profile, `world.doProfiling`). A measurement, not a test: `pnpm --filter @contactkit/cannon-es
 * step-time`. Each round runs every scene 10 simulated seconds (600 steps) per mode, the modes
 * alternating; the first round warms the JIT and is not counted; the table gives the median of
 * the rounds after it.
 */
import { buildScene, type SceneName } from '../src/test-support/scenes.js';
import { useContactkit } from '../src/use-contactkit.js';

const SCENES: SceneName[] = ['stack', 'pyramid'];
const ROUNDS = 7;
const STEPS = 600;

interface Timing {
  /** Mean wall time of one step, in microseconds. */
  step: number;
  /** Mean time of the narrowphase in one step, in microseconds. */
  narrowphase: number;
  /** Contact equations in the last step. */
  contacts: number;
}

function time(name: SceneName, adapted: boolean): Timing {
  const scene = buildScene(name);
  if (adapted) useContactkit(scene.world);
  scene.world.doProfiling = true;
  let narrowphase = 0;
  const start = performance.now();
  for (let i = 0; i < STEPS; i++) {
    scene.world.step(1 / 60);
    narrowphase += scene.world.profile.narrowphase;
  }
  const elapsed = performance.now() - start;
  return {
    step: (elapsed * 1000) / STEPS,
    narrowphase: (narrowphase * 1000) / STEPS,
    contacts: scene.world.contacts.length,
  };
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

const results = new Map<string, Timing[]>();
for (let round = 0; round < ROUNDS + 1; round++) {
  for (const name of SCENES) {
    for (const adapted of [false, true]) {
      const timing = time(name, adapted);
      if (round === 0) continue;
      const key = `${name} ${adapted ? 'contactkit' : 'cannon-es'}`;
      results.set(key, [...(results.get(key) ?? []), timing]);
    }
  }
}

console.log(`world.step(1 / 60), median of ${ROUNDS} runs of ${STEPS} steps each`);
console.log('| scene | narrowphase | step (us) | narrowphase (us) | share | equations |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const [key, timings] of results) {
  const [scene, mode] = key.split(' ');
  const step = median(timings.map((t) => t.step));
  const narrowphase = median(timings.map((t) => t.narrowphase));
  console.log(
    `| ${scene} | ${mode} | ${step.toFixed(0)} | ${narrowphase.toFixed(0)} | ${
      (100 * narrowphase / step).toFixed(0)
    }% | ${timings[0]!.contacts} |`,
  );
}
