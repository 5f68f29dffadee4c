/**
 * FINDINGS.md F161: a capsule at a heightfield's border near 1e5 got 2 contacts, the deepest
 * 0.2709 (F160's rule for the solid beside a column, through the grid's open wall at x = 0), and
 * after a rigid motion of both shapes 1 contact 3.2e-9 deep. The body touches grid point (2, 0),
 * on that wall, and reaches 2.48e-9 under the plane of triangle 24 there: the rule's gate, a
 * dip beyond the triangle's round-off slack, took that slack from the world corners' largest
 * coordinate (1e-14 of it), which a rotation changes, so the same relative pose passed the gate
 * (2.476e-9) in one pose and not (2.784e-9) in the other. The slack is now one no rotation
 * changes (`Heightfield.writeSteadySlack`: the corners in the field's frame, and the field's distance
 * from the origin): the answer is the same in every pose, up to round-off.
 *
 * The finding's reproduction in several rigid motions (as found, the suite's own motion, two
 * more), and the same scene moved next to the origin (heights less 103166: the same relative
 * geometry with coordinates near 1) at scales 1e-3, 1, 1e3 in three rigid motions, each in both
 * argument orders of `collide` and by `collideCapsuleHeightfield`, against the brute force of
 * test-support/heightfield-reach.ts (the body's lowest point in each triangle's column, sharing
 * no code with the kernel) and the exact depth of the grid point the body touches (the radius
 * less its distance from the core). Near 1e5 the brute force finds the body at most 2.5e-9 under
 * any triangle's plane (touching, within the field's round-off: 1e-14 of 1e5 is 1e-9), so no
 * contact deeper than the grid point's 3.2e-9 is owed, in every motion; near the origin the
 * same reach is 1.7e-9 of the size, beyond round-off there, and F160's contacts are owed (each
 * face contact's triangle reached, its normal, and its depth the radius less the core's least
 * height over the plane), the same in every motion. On the old code the reproduction as found
 * fails (0.2709); its three other motions fell on the touching side of the old, turning gate.
 */
import { describe, expect, it } from 'vitest';
import { Capsule } from '../shapes/capsule.js';
import {
  CAPSULE_FIELD_CALLS,
  capsuleFieldContacts,
  columnReaches,
  coreInField,
  depthOfPoint,
  expectOwedFaceContacts,
  type FieldScene,
  type SeenContact,
} from '../test-support/heightfield-reach.js';
import {
  add,
  axisAngle,
  cross,
  length,
  multiplyQuat,
  normalizeQuat,
  rotate,
  scale,
  sub,
  type Quat,
  type Vec3,
} from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const ROWS = 5, COLUMNS = 7, CELL = 0.20583514822646976;
const HEIGHTS = [
  -103166.08356934277,
  -103166.1645024153,
  -103165.97210110378,
  -103166.05208821791,
  -103165.89966933655,
  -103165.88361530365,
  -103165.95753403536,
  -103166.04617737181,
  -103166.00491158041,
  -103166.05354974221,
  -103165.92659446977,
  -103165.88825028519,
  -103166.00495065628,
  -103166.07725752429,
  -103165.88795917071,
  -103166.0074260638,
  -103166.01291120223,
  -103166.0513007558,
  -103166.04581473579,
  -103166.11985885406,
  -103166.14115131802,
  -103166.02938774451,
  -103166.12280018546,
  -103166.12868939457,
  -103166.17682671748,
  -103166.12645345819,
  -103166.16768377584,
  -103166.29094244284,
  -103166.18792692435,
  -103166.17803929918,
  -103166.1440568027,
  -103186.36495104631,
  -103166.4301143092,
  -103166.43055643962,
  -103166.42698946109,
];
const FIELD_QUATERNION: Quat = [
  -0.6228497407615184,
  0.4771304071689827,
  -0.6199635330402485,
  -0.007070550779317787,
];
const RADIUS = 0.7287032279908288, HALF_LENGTH = 0.7511522722940789;
const CAPSULE_POSITION: Vec3 = [62222.44442725076, 56182.54181640439, 60124.37996126349];
const CAPSULE_QUATERNION: Quat = [0.24183107175276258, 0, 0.4691038847568284, 0.84938758999703];
/** Grid point (2, 0), which the body touches, on the grid's border x = 0. */
const TOUCHED = 2 * COLUMNS;
/** The heights' offset from the origin, taken off for the scene near the origin (exactly: Sterbenz). */
const OFFSET = -103166;

/** The suite's rigid-invariant motion for this configuration (fuzz/src/mesh3d.ts, from its size). */
function suiteMotion(): { name: string; quaternion: Quat; translation: Vec3; } {
  const size = 21.718210716422238, a = (size * 1e6) % 1, b = (size * 1e9) % 1;
  return {
    name: 'the suite',
    quaternion: normalizeQuat([Math.sin(6.28 * a), Math.cos(6.28 * b), 0.3, 0.9]),
    translation: [3 * size, -7 * size, 5 * size],
  };
}

const MOTIONS: { name: string; quaternion: Quat; translation: Vec3; }[] = [
  { name: 'as found', quaternion: [0, 0, 0, 1], translation: [0, 0, 0] },
  suiteMotion(),
  {
    name: 'turned',
    quaternion: axisAngle([1 / 3, 2 / 3, 2 / 3], 0.4),
    translation: [0.3, -0.2, 0.7],
  },
  {
    name: 'turned over',
    quaternion: axisAngle([0.6, 0, -0.8], 2.5),
    translation: [-1.1, 0.4, 0.9],
  },
];

/** The capsule's core ends in the field's frame, as found. */
const [FOUND_START, FOUND_END] = coreInField(
  [0, 0, 0],
  FIELD_QUATERNION,
  CAPSULE_POSITION,
  CAPSULE_QUATERNION,
  HALF_LENGTH,
);

/** The contacts by `call`, the same in every motion: compared by feature and depth. */
function expectSameAnswer(first: SeenContact[], other: SeenContact[], size: number): void {
  const key = (c: SeenContact) => 8 * c.triangle + c.local;
  const sorted = (list: SeenContact[]) => [...list].sort((a, b) => key(a) - key(b));
  expect(other.map(key).sort((a, b) => a - b)).toEqual(first.map(key).sort((a, b) => a - b));
  const a = sorted(first), b = sorted(other);
  for (let k = 0; k < a.length; k++) {
    expect(Math.abs(a[k]!.depth - b[k]!.depth)).toBeLessThan(1e-9 * size);
  }
}

describe(
  'test_f161: a capsule touching a heightfield at its border near 1e5, rigid motions (F161)',
  { timeout: 60_000 },
  () => {
    const scene: FieldScene = {
      rows: ROWS,
      columns: COLUMNS,
      heights: HEIGHTS,
      cellSize: CELL,
      start: FOUND_START,
      end: FOUND_END,
      radius: RADIUS,
    };
    const touched: Vec3 = [0, HEIGHTS[TOUCHED]!, 2 * CELL];
    it('test_f161_brute_force_near_1e5: the body touches grid point (2, 0), no column beyond round-off', () => {
      const reaches = columnReaches(scene);
      // The deepest reaches, at the grid point (a corner of triangles 12, 24 and 25): 2.47e-9 under
      // triangle 25's plane, 2.45e-9 under 24's on its open wall (the kernel's 2.48e-9, to
      // round-off at 1e5), 2.28e-9 under 12's.
      const dip = Math.max(...[...reaches.values()].map((reach) => -reach.lowest));
      expect(dip).toBeGreaterThan(2e-9);
      expect(dip).toBeLessThan(3e-9);
      expect(-reaches.get(24)!.lowest).toBeGreaterThan(2e-9);
      const held = depthOfPoint(scene, touched);
      expect(held).toBeGreaterThan(3e-9);
      expect(held).toBeLessThan(4e-9);
    });
    for (const motion of MOTIONS) {
      it(`test_f161_capsule_at_border_near_1e5_${motion.name.replace(/ /g, '_')} (both orders, detector)`, () => {
        const move = (p: Vec3): Vec3 => add(rotate(motion.quaternion, p), motion.translation);
        const field = new Heightfield(ROWS, COLUMNS, HEIGHTS, CELL).setPose(
          move([0, 0, 0]),
          multiplyQuat(motion.quaternion, FIELD_QUATERNION),
        );
        const capsule = new Capsule(RADIUS, HALF_LENGTH).setPose(
          move(CAPSULE_POSITION),
          multiplyQuat(motion.quaternion, CAPSULE_QUATERNION),
        );
        const held = depthOfPoint(scene, touched);
        for (const call of CAPSULE_FIELD_CALLS) {
          const contacts = capsuleFieldContacts(capsule, field, call);
          // Touching: the grid point's contact, no deeper than the body holds it.
          expect(contacts.length).toBeGreaterThan(0);
          for (const contact of contacts) expect(contact.depth).toBeLessThan(held + 1e-10);
          expect(Math.max(...contacts.map((contact) => contact.depth))).toBeGreaterThan(
            held - 1e-10,
          );
        }
      });
    }
  },
);

describe(
  'test_f161: the scene near the origin, scales 1e-3, 1, 1e3, rigid motions (F161)',
  { timeout: 60_000 },
  () => {
    const lift: Vec3 = [0, OFFSET, 0];
    for (const s of [1e-3, 1, 1e3]) {
      const scene: FieldScene = {
        rows: ROWS,
        columns: COLUMNS,
        heights: HEIGHTS.map((h) => (h - OFFSET) * s),
        cellSize: CELL * s,
        start: scale(sub(FOUND_START, lift), s),
        end: scale(sub(FOUND_END, lift), s),
        radius: RADIUS * s,
      };
      // The capsule in the field's frame: its centre, and the turn taking its axis (Y) to the core's.
      const direction = scale(sub(scene.end, scene.start), 1 / length(sub(scene.end, scene.start)));
      const across = cross([0, 1, 0], direction);
      const tilt = axisAngle(scale(across, 1 / length(across)), Math.acos(direction[1]));
      const centre = scale(add(scene.start, scene.end), 0.5);
      const touched: Vec3 = [0, scene.heights[TOUCHED]!, 2 * scene.cellSize];
      const held = depthOfPoint(scene, touched);
      it(`test_f161_capsule_at_border_near_origin (scale ${s}, three motions, both orders, detector)`, () => {
        const owed = new Map([...columnReaches(scene)].filter(([, reach]) => reach.lowest < 0));
        let first: Map<string, SeenContact[]> | undefined;
        for (const motion of MOTIONS.filter((m) => m.name !== 'the suite')) {
          const move = (p: Vec3): Vec3 =>
            add(rotate(motion.quaternion, p), scale(motion.translation, s));
          const field = new Heightfield(ROWS, COLUMNS, scene.heights, scene.cellSize).setPose(
            move([0, 0, 0]),
            motion.quaternion,
          );
          const capsule = new Capsule(RADIUS * s, HALF_LENGTH * s).setPose(
            move(centre),
            multiplyQuat(motion.quaternion, tilt),
          );
          const answers = new Map<string, SeenContact[]>();
          for (const call of CAPSULE_FIELD_CALLS) {
            const contacts = capsuleFieldContacts(capsule, field, call);
            answers.set(call, contacts);
            expect(contacts.length).toBeGreaterThan(0);
            // The grid point the body touches, as deep as the body holds it; the rest F160's.
            for (const contact of contacts.filter((c) => c.local !== 0)) {
              expect(Math.abs(contact.depth - held)).toBeLessThan(1e-10 * s);
            }
            const faces = contacts.filter((c) => c.local === 0);
            expectOwedFaceContacts(faces, owed, (n) => rotate(motion.quaternion, n), s);
          }
          // Every motion gives the first one's answer, call by call.
          first ??= answers;
          for (const call of CAPSULE_FIELD_CALLS) {
            expectSameAnswer(first.get(call)!, answers.get(call)!, s);
          }
        }
      });
    }
  },
);
