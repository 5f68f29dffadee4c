/**
 * The worlds of a simulation page, without the page: a scene built in cannon-es
 * (sim-worlds.ts) with contactkit as its narrowphase (`useContactkit`, @contactkit/cannon-es) or
 * on cannon-es's own, the contact set of each step recorded in one CollisionData, and the wall
 * clock time of its last steps.
 */
import type { Body, World } from 'cannon-es';
import { CollisionData } from '@contactkit/contacts3d';
import { ContactKind } from '@contactkit/math';
import { useContactkit } from '@contactkit/cannon-es';
import { buildSimWorld } from './sim-worlds.js';
import type { SimSpec, SimWorld } from './sim-worlds.js';

/** The fixed step of both worlds: 1/60 s, one step per displayed frame at 60 Hz. */
export const STEP = 1 / 60;
/** Step times averaged for the readout. */
export const TIMED_STEPS = 60;
/** Contacts a world's record holds (more are counted as `overflowed`). */
export const RECORD_CAPACITY = 1024;

export type Narrowphase = 'contactkit' | 'cannon-es';

/** One world of the page and what it measured. */
export interface Run {
  readonly sim: SimWorld;
  readonly record: CollisionData<Body>;
  /** The last `TIMED_STEPS` step times, milliseconds, as a ring. */
  readonly times: Float64Array;
  timed: number;
}

/** The page's worlds: contactkit's, and cannon-es's own where it can run the scene. */
export interface Runs {
  contactkit: Run;
  'cannon-es': Run | undefined;
}

/** Both worlds, or contactkit's alone when cannon-es cannot run the scene (`spec.native`). */
export function makeRuns(spec: SimSpec): Runs {
  return {
    contactkit: makeRun(spec, 'contactkit'),
    'cannon-es': spec.native ? makeRun(spec, 'cannon-es') : undefined,
  };
}

function makeRun(spec: SimSpec, narrowphase: Narrowphase): Run {
  const sim = buildSimWorld(spec);
  const record = new CollisionData<Body>({ capacity: RECORD_CAPACITY });
  if (narrowphase === 'contactkit') useContactkit(sim.world, { record });
  else recordNativeContacts(sim.world, record);
  return { sim, record, times: new Float64Array(TIMED_STEPS), timed: 0 };
}

/**
 * cannon-es's own contact set in contactkit's terms, read at `preStep` (after the narrowphase and
 * the solver, before the bodies move, so the equations' gaps are those of the poses they were
 * made at): normal `-ni`, depth minus the gap `(xj + rj - xi - ri) . ni`, point halfway between
 * the witness points. cannon-es names no features: every contact gets feature id 0 and kind
 * PointFace (its box-box contacts are points of one box on a face of the other).
 */
function recordNativeContacts(world: World, record: CollisionData<Body>): void {
  world.addEventListener('preStep', () => {
    record.reset();
    for (const equation of world.contacts) {
      if (record.contactsLeft === 0) {
        record.overflowed = true;
        break;
      }
      const { bi, bj, ri, rj, ni } = equation;
      const ix = bi.position.x + ri.x, iy = bi.position.y + ri.y, iz = bi.position.z + ri.z;
      const jx = bj.position.x + rj.x, jy = bj.position.y + rj.y, jz = bj.position.z + rj.z;
      const contact = record.contacts[record.contactCount++]!;
      contact.firstBody = bi;
      contact.secondBody = bj;
      contact.point.set([(ix + jx) / 2, (iy + jy) / 2, (iz + jz) / 2]);
      contact.normal.set([-ni.x, -ni.y, -ni.z]);
      contact.penetration = -((jx - ix) * ni.x + (jy - iy) * ni.y + (jz - iz) * ni.z);
      contact.kind = ContactKind.PointFace;
      contact.featureId = 0;
    }
  });
}

/** Steps a run's world by `STEP` and times it (nothing when there is no run). */
export function stepRun(run: Run | undefined): void {
  if (run === undefined) return;
  const start = performance.now();
  run.sim.world.step(STEP);
  run.times[run.timed++ % TIMED_STEPS] = performance.now() - start;
}

/** Mean step time of a run in milliseconds, over its last `TIMED_STEPS` steps (NaN: none). */
export function meanStep(run: Run | undefined): number {
  if (run === undefined) return Number.NaN;
  const n = Math.min(run.timed, TIMED_STEPS);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += run.times[i]!;
  return n === 0 ? Number.NaN : sum / n;
}
