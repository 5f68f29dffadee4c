/**
 * FINDINGS.md F150: a capsule whose core crosses only holes (and the space beside the grid), its
 * body reaching into the solid under a cell beside them, got no contact. The rule for a core in
 * no cell's column (mesh/mesh-contacts.ts, `besideColumns`, F132) asks the grid first whether
 * the core lies beside every cell (`Heightfield.segmentOverNoCell`), and the grid answered for
 * every cell under the box of the core's shadow: a core crossing holes diagonally has in that
 * box's corners cells that are no hole, beside the core, so the rule never ran; and the core is
 * in no column, so no other rule answers. The grid now takes the cells under the shadow row by
 * row.
 *
 * The suite's configurations (the `holes` one of the finding, and the first of its two in
 * `on-edge`, whose core reaches a cell's column by a sliver at its corner) at scales 1e-3, 1, 1e3,
 * in both argument orders of `collide` and by `collideCapsuleHeightfield`, against the brute force
 * of test-support/heightfield-reach.ts, which shares nothing with the kernel: per triangle (the
 * README's numbering), the body's lowest point over each of 11,154 points of the triangle's shadow
 * (dense along the edges, where the body may reach the column by a sliver), and its height over
 * the triangle's plane. The deepest such dip is the suite's oracle's overlap (0.014558 and
 * 1.0725e-4) within 1%. A triangle whose solid the body reaches (one of those heights negative) is
 * owed a contact with its normal and depth the radius less the least height of the core's points
 * over its plane, as F132's contacts have; every contact must be one of those, the deepest the
 * deepest owed. All 6 fail on the old code (no contact).
 */
import { describe, expect, it } from 'vitest';
import { overlap } from '../overlap.js';
import { Capsule } from '../shapes/capsule.js';
import {
  CAPSULE_FIELD_CALLS,
  capsuleFieldContacts,
  columnReaches,
  coreInField,
  expectOwedFaceContacts,
  type ColumnReach,
} from '../test-support/heightfield-reach.js';
import { rotate, scale, type Quat, type Vec3 } from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const SCALES = [1e-3, 1, 1e3] as const;

interface Configuration {
  name: string;
  rows: number;
  columns: number;
  heights: number[];
  cell: number;
  holes: number[];
  fieldPosition: Vec3;
  fieldQuaternion: Quat;
  radius: number;
  halfLength: number;
  position: Vec3;
  quaternion: Quat;
  /** The oracle's overlap in the finding (the deepest reach into the solid). */
  reach: number;
}

const CONFIGURATIONS: Configuration[] = [
  {
    name: 'holes',
    rows: 4,
    columns: 7,
    heights: [
      0.0215083774159067,
      0.04736289855264327,
      0.09576565080423598,
      0.06326108854175956,
      0.15260396557891817,
      0.1489772695767708,
      0.024026206038249242,
      0.11190373638992565,
      0.10635952213784716,
      0.1282389074693536,
      0.1452254765719591,
      0.05970293160591338,
      0.057324623887570245,
      0.05782731427453368,
      0.1592509491286102,
      0.0630045213939442,
      0.09599495617213674,
      -0.0010892210417815123,
      0.04720016563665707,
      -0.005494007952243568,
      -0.035404558990222504,
      0.03931368181922202,
      -0.03473893969100368,
      -0.04857720732575264,
      -0.06212213587376873,
      -0.13799809603511284,
      -0.05690132975862257,
      -0.07993873646024843,
    ],
    cell: 0.12199758228638934,
    holes: [1, 1, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 1, 0, 1],
    fieldPosition: [0.24399516457277867, 0, 0],
    fieldQuaternion: [0, 0, 0, 1],
    radius: 0.03669032800239568,
    halfLength: 0.20624407430968764,
    position: [0.6049732683138611, 0.17721076043206677, 0.0571342608960477],
    quaternion: [-0.43508207404453714, 0, 0.27182214846033614, 0.8583800489593819],
    reach: 0.014558400185170264,
  },
  {
    name: 'on-edge',
    rows: 4,
    columns: 5,
    heights: [
      0.052614253042317025,
      0.2268069078580546,
      0.2563610347798227,
      0.33945842137899,
      0.44942543999850393,
      0.3022047038662616,
      0.5339765314940245,
      0.48887218856790504,
      0.40737162069540117,
      0.3837563464848004,
      0.3342016573347439,
      0.41332360181386835,
      0.050776236238520546,
      0.2158940225243542,
      0.011436701993913913,
      0.22733459966934563,
      -0.01135397017122879,
      0.10656099828240681,
      -0.0402945153994266,
      -0.4298579571381219,
    ],
    cell: 0.3892981047143361,
    holes: [0, 1, 0, 0, 0, 1, 1, 0, 1, 1, 1, 0],
    fieldPosition: [-0.27392819081991926, -0.6764924484296805, 0.2711703723278765],
    fieldQuaternion: [
      -0.12212677543494167,
      -0.13506308810584125,
      -0.8109682792641268,
      0.556033688710098,
    ],
    radius: 0.022347836102211836,
    halfLength: 0.06188880148482873,
    position: [-0.06394746325868603, -1.365523227521261, 0.9568785842286158],
    quaternion: [0.6027921274760912, 0, 0.5007075205846855, 0.6212355671424363],
    reach: 0.00010725139552419938,
  },
];

/** The contacts owed, by triangle index, by brute force (see the file comment). */
function owedContacts(c: Configuration, s: number): Map<number, ColumnReach> {
  // In the field's frame (local y up), where the grid is axis-aligned.
  const [start, end] = coreInField(
    scale(c.fieldPosition, s),
    c.fieldQuaternion,
    scale(c.position, s),
    c.quaternion,
    c.halfLength * s,
  );
  const reaches = columnReaches({
    rows: c.rows,
    columns: c.columns,
    heights: c.heights.map((h) => h * s),
    cellSize: c.cell * s,
    holes: c.holes,
    start,
    end,
    radius: c.radius * s,
  });
  const owed = new Map([...reaches].filter(([, reach]) => reach.lowest < 0));
  return owed;
}

describe(
  'test_f150: a capsule over holes or beside the grid reaching the solid beside a column (F150)',
  { timeout: 60_000 },
  () => {
    for (const c of CONFIGURATIONS) {
      for (const s of SCALES) {
        it(`test_f150_capsule_over_holes_${c.name} (scale ${s}, both orders, the pair's detector, overlap)`, () => {
          const field = new Heightfield(
            c.rows,
            c.columns,
            c.heights.map((h) => h * s),
            c.cell * s,
            {
              holes: c.holes,
            },
          ).setPose(scale(c.fieldPosition, s), c.fieldQuaternion);
          const capsule = new Capsule(c.radius * s, c.halfLength * s).setPose(
            scale(c.position, s),
            c.quaternion,
          );
          const owed = owedContacts(c, s);
          expect(owed.size).toBeGreaterThan(0);
          const dip = Math.max(...[...owed.values()].map((e) => -e.lowest));
          // The brute force finds the suite's oracle's reach into the solid.
          expect(Math.abs(dip - c.reach * s)).toBeLessThan(0.01 * c.reach * s);
          const deepest = Math.max(...[...owed.values()].map((e) => e.depth));
          for (const call of CAPSULE_FIELD_CALLS) {
            const contacts = capsuleFieldContacts(capsule, field, call);
            expect(contacts.length).toBeGreaterThan(0);
            expectOwedFaceContacts(contacts, owed, (n) => rotate(c.fieldQuaternion, n), s);
            const got = Math.max(...contacts.map((contact) => contact.depth));
            expect(Math.abs(got - deepest)).toBeLessThan(1e-9 * s);
          }
          expect(overlap(capsule, field)).toBe(true);
          expect(overlap(field, capsule)).toBe(true);
        });
      }
    }
  },
);
