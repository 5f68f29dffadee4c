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
 * Bytes per step: `bytesPerCall` of measure.ts around `world.step`, on a scene that has run its
 * 600 timed steps.
 */
import { type UseContactkitOptions, useContactkit } from '@contactkit/cannon-es';
import type { World } from 'cannon-es';
import {
  buildPile,
  buildRamp,
  buildScene,
  type Scene,
} from '../../packages/cannon-es/src/test-support/scenes.js';
import { sink } from './harness.js';
import { bytesPerCall } from './measure.js';

const STEPS = 600;
const ROUNDS = 4;

type Mode = 'cannon-es' | 'contactkit' | 'contactkit, pair cache' | 'contactkit, recycling';
const MODES: readonly Mode[] = [
  'cannon-es',
  'contactkit',
  'contactkit, pair cache',
  'contactkit, recycling',
];
const OPTIONS: Record<Exclude<Mode, 'cannon-es'>, UseContactkitOptions> = {
  contactkit: {},
  'contactkit, pair cache': { pairCache: true },
  'contactkit, recycling': { pairCache: { recycle: true } },
};

/** A scene: its title, and its world for cannon-es's own narrowphase (`native`) and for contactkit. */
interface SceneCase {
  title: string;
  /** cannon-es's world, or undefined where it cannot run the scene at all. */
  native: (() => Scene) | undefined;
  adapted: () => Scene;
}

const SCENES: readonly SceneCase[] = [
  {
    title: 'stack of 6 cubes',
    native: () => buildScene('stack'),
    adapted: () => buildScene('stack'),
  },
  {
    title: 'pyramid of 21 cubes',
    native: () => buildScene('pyramid'),
    adapted: () => buildScene('pyramid'),
  },
  {
    title: '8 yawed planks',
    native: () => buildScene('planks'),
    adapted: () => buildScene('planks'),
  },
  { title: 'pile of 30 capsules', native: undefined, adapted: () => buildPile('capsules') },
  {
    title: 'pile of 20 convex polyhedra',
    native: () => buildPile('hulls'),
    adapted: () => buildPile('hulls'),
  },
  {
    title: 'boxes down a trimesh ramp (cannon-es: the ramp as boxes)',
    native: () => buildRamp('boxes'),
    adapted: () => buildRamp('trimesh'),
  },
  {
    title: 'boxes across a tessellated floor (cannon-es: on its Plane)',
    native: () => buildScene('sliding'),
    adapted: () => buildScene('sliding', 'tessellated'),
  },
];

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
  /** Bytes of V8 heap a step allocates. */
  bytesPerStep: number;
}

export interface CannonStepTable {
  title: string;
  rows: CannonStepRow[];
  notes: string[];
}

/** The world of `scene` in `mode`, or undefined where cannon-es cannot run it. */
function build(scene: SceneCase, mode: Mode): World | undefined {
  if (mode === 'cannon-es') return scene.native?.().world;
  const { world } = scene.adapted();
  useContactkit(world, OPTIONS[mode]);
  return world;
}

function cpuMicroseconds(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** One round of one scene in one mode: 600 steps from the start. */
function timeRound(world: World, mode: Mode): Omit<CannonStepRow, 'scene' | 'bytesPerStep'> {
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

/** The end-to-end table: every scene, every mode. */
export function cannonStepTable(): CannonStepTable {
  process.stderr.write('cannon-es world.step\n');
  const fastest = new Map<string, CannonStepRow>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const scene of SCENES) {
      for (const mode of MODES) {
        const world = build(scene, mode);
        if (world === undefined) continue;
        const timing = timeRound(world, mode);
        const key = `${scene.title} ${mode}`;
        if (round > 0 && timing.stepUs < (fastest.get(key)?.stepUs ?? Infinity)) {
          fastest.set(key, { scene: scene.title, ...timing, bytesPerStep: 0 });
        }
      }
    }
  }
  const rows: CannonStepRow[] = [];
  for (const scene of SCENES) {
    for (const mode of MODES) {
      const row = fastest.get(`${scene.title} ${mode}`);
      const world = build(scene, mode);
      if (row === undefined || world === undefined) continue;
      for (let i = 0; i < STEPS; i++) world.step(1 / 60);
      const step = (): number => {
        world.step(1 / 60);
        return world.contacts.length;
      };
      row.bytesPerStep = Math.max(0, Math.round(bytesPerCall(step, 1, row.stepUs * 1000)));
      process.stderr.write(
        `  ${row.scene}, ${mode}: ${row.stepUs.toFixed(1)} us, narrowphase ${
          (100 * row.narrowphaseShare).toFixed(0)
        }%, ${row.bytesPerStep} B\n`,
      );
      rows.push(row);
    }
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
      'maxContactsPerPair 8. Bytes per step: V8 heap growth around `world.step` (see bytes ' +
      'per call above), after the 600 steps.',
    ],
  };
}

/** The table in Markdown, as report.ts writes the others. */
export function cannonStepMarkdown(table: CannonStepTable): string[] {
  const lines = [
    `## ${table.title}`,
    '',
    '| scene | narrowphase | step (us CPU) | narrowphase share | equations per step | bytes per step |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
  ];
  for (const row of table.rows) {
    lines.push(
      `| ${row.scene} | ${row.narrowphase} | ${row.stepUs.toFixed(0)} | ${
        (100 * row.narrowphaseShare).toFixed(0)
      }% | ${row.equations.toFixed(0)} | ${row.bytesPerStep.toLocaleString('en-US')} |`,
    );
  }
  lines.push('');
  for (const note of table.notes) lines.push(`Note: ${note}`, '');
  return lines;
}
