/**
 * End-to-end rows: the time of cannon-es's `world.step(1 / 60)` in a stack of 6 cubes and a
 * pyramid of 21, with cannon-es's own narrowphase and with contactkit's (`useContactkit` of
 * @contactkit/cannon-es), in the same run. The solver, broadphase and integration are the same
 * cannon-es code in both, so the difference is what a cannon-es user gains in a frame; the
 * narrowphase's share of the step says where the time goes.
 *
 * Time: each round builds each scene afresh in each mode (the modes alternating) and runs it 10
 * simulated seconds, 600 steps; a step's time is the process's CPU time over them
 * (`process.cpuUsage`, as measure.ts times the pairs, so the time spent waiting for a core on a
 * shared machine is not counted), and the table keeps the round with the fastest steps. The
 * first round warms the JIT and is not counted. The narrowphase's share is that of cannon-es's
 * own profile (`world.doProfiling`: wall-clock time of `narrowphase.getContacts`) in the wall
 * clock of the same 600 steps. Both modes run in this one process (cannon-es's solver code is
 * shared by both, so its type feedback is the same for either).
 * Bytes per step: `bytesPerCall` of measure.ts around `world.step`, on a scene that has run its
 * 600 timed steps.
 */
import { Body, Box, Plane, Vec3, World } from 'cannon-es';
import { useContactkit } from '@contactkit/cannon-es';
import { sink } from './harness.js';
import { bytesPerCall } from './measure.js';

const STEPS = 600;
const ROUNDS = 6;

type SceneName = 'stack' | 'pyramid';
const SCENES: readonly [SceneName, string][] = [
  ['stack', 'stack of 6 cubes'],
  ['pyramid', 'pyramid of 21 cubes'],
];
type Mode = 'cannon-es' | 'contactkit';
const MODES: readonly Mode[] = ['cannon-es', 'contactkit'];

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

/**
 * The scenes of @contactkit/cannon-es's scene tests (src/test-support/scenes.ts): cannon-es's
 * default settings, gravity 9.82 along -y, a static `Plane` facing +y, unit cubes of mass 1.
 */
function buildScene(name: SceneName): World {
  const world = new World({ gravity: new Vec3(0, -9.82, 0) });
  const ground = new Body({ mass: 0, shape: new Plane() });
  // cannon-es's Plane faces +z in its frame; a quarter turn about x makes it face +y.
  ground.quaternion.setFromEuler(-Math.PI / 2, 0, 0);
  world.addBody(ground);
  const cube = (x: number, y: number) =>
    world.addBody(
      new Body({ mass: 1, shape: new Box(new Vec3(0.5, 0.5, 0.5)), position: new Vec3(x, y, 0) }),
    );
  if (name === 'stack') {
    // Six cubes, each resting exactly on the one below.
    for (let i = 0; i < 6; i++) cube(0, 0.5 + i);
  } else {
    // Rows of 6, 5, ..., 1 cubes (21), 2 cm apart, each row centred on the one below.
    for (let row = 0; row < 6; row++) {
      for (let i = 0; i < 6 - row; i++) cube((i - (5 - row) / 2) * 1.02, 0.5 + row);
    }
  }
  return world;
}

function build(name: SceneName, mode: Mode): World {
  const world = buildScene(name);
  if (mode === 'contactkit') useContactkit(world);
  return world;
}

function cpuMicroseconds(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

/** One round of one scene in one mode: 600 steps from the start. */
function timeRound(name: SceneName, mode: Mode): Omit<CannonStepRow, 'scene' | 'bytesPerStep'> {
  const world = build(name, mode);
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

/** The end-to-end table: both scenes, both narrowphases. */
export function cannonStepTable(): CannonStepTable {
  process.stderr.write('cannon-es world.step\n');
  const fastest = new Map<string, CannonStepRow>();
  for (let round = 0; round <= ROUNDS; round++) {
    for (const [name, title] of SCENES) {
      for (const mode of MODES) {
        const timing = timeRound(name, mode);
        const key = `${name} ${mode}`;
        if (round > 0 && timing.stepUs < (fastest.get(key)?.stepUs ?? Infinity)) {
          fastest.set(key, { scene: title, ...timing, bytesPerStep: 0 });
        }
      }
    }
  }
  const rows: CannonStepRow[] = [];
  for (const [name] of SCENES) {
    for (const mode of MODES) {
      const row = fastest.get(`${name} ${mode}`)!;
      const world = build(name, mode);
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
