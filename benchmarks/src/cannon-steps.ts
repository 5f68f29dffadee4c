/**
 * End-to-end rows: the time of cannon-es's `world.step(1 / 60)` in the scenes of
 * @contactkit/cannon-es's scene tests (its src/test-support/scenes.ts, bundled from source: a
 * stack of 6 cubes, a pyramid of 21, 8 yawed planks, piles of 30 capsules and of 20 convex
 * polyhedra in a bin, boxes sliding down a trimesh ramp, boxes sliding across a tessellated
 * floor), with cannon-es's own narrowphase and with contactkit's (`useContactkit`), in the same
 * run: contactkit with the default speculative margin, with a pair cache (`pairCache: true`: the
 * separating axis, exact) and with manifold recycling (`pairCache: { recycle: true }`). The
 * solver, broadphase and integration are the same cannon-es code in every mode, so the difference
 * is what a cannon-es user gains in a frame; the narrowphase's share of the step says where the
 * time goes.
 *
 * Where cannon-es cannot run a scene its row is its nearest equivalent: it has no capsule (no row),
 * and no box-trimesh pair (its boxes fall through a Trimesh), so its ramp is the same surfaces as
 * two static boxes and its sliding boxes run on its `Plane`.
 *
 * Time: each round builds each scene afresh in each mode (the modes alternating) and runs it 10
 * simulated seconds, 600 steps; a step's time is the process's CPU time over them
 * (`process.cpuUsage`, as measure.ts times the pairs, so the time spent waiting for a core on a
 * shared machine is not counted), and the table keeps the round with the fastest steps. The
 * first round warms the JIT and is not counted. The narrowphase's share is that of cannon-es's
 * own profile (`world.doProfiling`: wall-clock time of `narrowphase.getContacts`) in the wall
 * clock of the same 600 steps. All modes run in this one process (cannon-es's solver code is
 * shared by all, so its type feedback is the same for each).
 * Bytes per step: in a Node process of its own per row (cannon-bytes.ts), V8's sampling heap
 * profiler over steps 300 to 600, the median of three fresh worlds, and the part of it the
 * adapter's own code allocated (the rest is cannon-es's: its solver, its bookkeeping, the
 * equations its pools make). Not `bytesPerCall` in this process: after every scene in every mode
 * had run here, cannon-es's solver boxed its floating-point numbers in every mode (the stack of
 * cubes read 176 KB a step with cannon-es's own narrowphase, 245 KB with contactkit's; alone in a
 * process, 64 KB and 18 to 40 KB), and the least of seven samples of 350 steps each measured
 * the stack at steps 1,900 to 3,300, after it had settled (25 KB instead of 62 KB at steps 300
 * to 600 with cannon-es's narrowphase).
 */
import { useContactkit } from '@contactkit/cannon-es';
import type { StepAllocation } from '../../packages/cannon-es/src/test-support/allocation.js';
import {
  type StepScene,
  STEP_SCENES,
} from '../../packages/cannon-es/src/test-support/step-scenes.js';
import type { World } from 'cannon-es';
import { execFileSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CANNON_STEP_MODES, type CannonStepMode } from './cannon-modes.js';
import { sink } from './harness.js';

const STEPS = 600;
const ROUNDS = 4;

type Mode = CannonStepMode['name'];

/** One row: a scene in one mode. */
export interface CannonStepRow {
  scene: string;
  narrowphase: Mode;
  /** CPU microseconds per `world.step(1 / 60)`, the fastest round. */
  stepUs: number;
  /** The narrowphase's share of the step's wall-clock time, 0 to 1, in that round. */
  narrowphaseShare: number;
  /** Contact equations per step, mean over the 600 steps. */
  equations: number;
  /** Bytes of V8 heap a step allocates (cannon-bytes.ts). */
  bytesPerStep: number;
  /** Of those, the bytes the adapter's own code allocates (0 for cannon-es's narrowphase). */
  adapterBytesPerStep: number;
}

export interface CannonStepTable {
  title: string;
  rows: CannonStepRow[];
  notes: string[];
}

/** The world of `scene` in `mode`, or undefined where cannon-es cannot run it. */
function build(scene: StepScene, mode: CannonStepMode): World | undefined {
  if (mode.options === undefined) return scene.native?.().world;
  const { world } = scene.adapted();
  useContactkit(world, mode.options);
  return world;
}

function cpuMicroseconds(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** One round of one scene in one mode: 600 steps from the start. */
function timeRound(
  world: World,
  mode: Mode,
): Omit<CannonStepRow, 'scene' | 'bytesPerStep' | 'adapterBytesPerStep'> {
  world.doProfiling = true;
  let narrowphase = 0, equations = 0;
  const wall = performance.now();
  const cpu = cpuMicroseconds();
  for (let i = 0; i < STEPS; i++) {
    world.step(1 / 60);
    narrowphase += world.profile.narrowphase;
    equations += world.contacts.length;
  }
  const stepUs = (cpuMicroseconds() - cpu) / STEPS;
  const share = narrowphase / (performance.now() - wall);
  let heights = 0;
  for (const body of world.bodies) heights += body.position.y;
  sink[0]! += heights;
  return { narrowphase: mode, stepUs, narrowphaseShare: share, equations: equations / STEPS };
}

const bytesScript = join(dirname(fileURLToPath(import.meta.url)), 'cannon-bytes.js');

/** What a step of `scene` in mode `modeIndex` allocates, measured in a child (cannon-bytes.ts). */
function allocationInChild(scene: StepScene, modeIndex: number): StepAllocation {
  const output = execFileSync(
    process.execPath,
    [...process.execArgv, bytesScript, scene.id, String(modeIndex)],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return JSON.parse(output.trim().split('\n').pop() ?? '') as StepAllocation;
}

/** The end-to-end table: every scene, every mode. */
export function cannonStepTable(): CannonStepTable {
  process.stderr.write('cannon-es world.step\n');
  const fastest = new Map<string, CannonStepRow>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const scene of STEP_SCENES) {
      for (const mode of CANNON_STEP_MODES) {
        const world = build(scene, mode);
        if (world === undefined) continue;
        const timing = timeRound(world, mode.name);
        const key = `${scene.title} ${mode.name}`;
        if (round > 0 && timing.stepUs < (fastest.get(key)?.stepUs ?? Infinity)) {
          fastest.set(key, {
            scene: scene.title,
            ...timing,
            bytesPerStep: 0,
            adapterBytesPerStep: 0,
          });
        }
      }
    }
  }
  const rows: CannonStepRow[] = [];
  for (const scene of STEP_SCENES) {
    CANNON_STEP_MODES.forEach((mode, modeIndex) => {
      const row = fastest.get(`${scene.title} ${mode.name}`);
      if (row === undefined) return;
      const allocation = allocationInChild(scene, modeIndex);
      row.bytesPerStep = Math.round(allocation.total);
      row.adapterBytesPerStep = Math.round(allocation.adapter);
      process.stderr.write(
        `  ${row.scene}, ${mode.name}: ${row.stepUs.toFixed(1)} us, narrowphase ${
          (100 * row.narrowphaseShare).toFixed(0)
        }%, ${row.bytesPerStep} B (the adapter's ${row.adapterBytesPerStep} B)\n`,
      );
      rows.push(row);
    });
  }
  return {
    title: 'cannon-es end to end: world.step(1/60) with its own narrowphase and with contactkit',
    rows,
    notes: [
      `Each scene from its start for ${STEPS} steps (10 simulated seconds) per round, ` +
      `${ROUNDS} rounds after a warm-up round, the modes alternating; the fastest round. ` +
      "CPU time of the process over the 600 steps; the narrowphase's share from cannon-es's " +
      'own profile (`world.doProfiling`, wall clock) of the same steps. cannon-es 0.20.0, ' +
      'default settings (GSSolver, 10 iterations, friction 0.3), contactkit with its default ' +
      "maxContactsPerPair 8. Bytes per step: V8's sampling heap profiler over steps 300 to 600, " +
      'the median of three fresh worlds, each row in a process of its own; "the adapter\'s" is ' +
      "what the adapter's own code allocated (pushing its equations onto cannon-es's list, " +
      "which cannon-es empties every step, as its own narrowphase does), the rest cannon-es's.",
    ],
  };
}

/** The table in Markdown, as report.ts writes the others. */
export function cannonStepMarkdown(table: CannonStepTable): string[] {
  const lines = [
    `## ${table.title}`,
    '',
    "| scene | narrowphase | step (us CPU) | narrowphase share | equations per step | bytes per step | the adapter's |",
    '| --- | --- | ---: | ---: | ---: | ---: | ---: |',
  ];
  for (const row of table.rows) {
    lines.push(
      `| ${row.scene} | ${row.narrowphase} | ${row.stepUs.toFixed(0)} | ${
        (100 * row.narrowphaseShare).toFixed(0)
      }% | ${row.equations.toFixed(0)} | ${row.bytesPerStep.toLocaleString('en-US')} | ${
        row.narrowphase === 'cannon-es' ? '' : row.adapterBytesPerStep.toLocaleString('en-US')
      } |`,
    );
  }
  lines.push('');
  for (const note of table.notes) lines.push(`Note: ${note}`, '');
  return lines;
}
