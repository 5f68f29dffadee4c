/**
 * FINDINGS.md F160: a capsule whose core enters one cell's column in front of its plane and runs
 * down into a hole beside it, its body reaching through the hole's wall into the solid under the
 * next cell, got no contact. F132's rule for the solid beside a column (mesh/mesh-contacts.ts,
 * `besideColumns`) ran only for a core beside every cell, and no other rule sees that reach. The
 * rule now also takes, for a core in some column, each triangle with an open wall (a hole's or
 * the grid's border) whose column the core does not enter behind the plane, and the body's
 * deepest point on its open walls.
 *
 * The finding's reproduction (one row of three unit cells, flat, the middle one a hole; radius
 * 0.3, the core from (0.99, 5, 0.5) over the first cell to (1.8, -1, 0.5) in the hole, its body
 * reaching x = 2.1), level and with the field and capsule turned and moved together, at scales
 * 1e-3, 1, 1e3, in both argument orders of `collide` and by `collideCapsuleHeightfield`, against
 * the brute force of test-support/heightfield-reach.ts, which shares nothing with the kernel (per
 * triangle, the body's lowest point over each of 11,154 points of the triangle's shadow, its
 * height over the plane). The deepest dip (1.22 under the surface, in the last cell's column)
 * must be found, and a triangle whose solid the body reaches is owed a contact with its normal
 * and depth the radius less the least height of the core's points over its plane (1.3), as
 * F132's contacts have; every contact must be one of those. All 6 fail on the old code (no
 * contact).
 */
import { describe, expect, it } from 'vitest';
import { overlap } from '../overlap.js';
import { Capsule } from '../shapes/capsule.js';
import {
  CAPSULE_FIELD_CALLS,
  capsuleFieldContacts,
  columnReaches,
  expectOwedFaceContacts,
} from '../test-support/heightfield-reach.js';
import {
  add,
  axisAngle,
  multiplyQuat,
  rotate,
  scale,
  type Quat,
  type Vec3,
} from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const SCALES = [1e-3, 1, 1e3] as const;
const ROWS = 2, COLUMNS = 4, HOLES = [0, 1, 0], RADIUS = 0.3;
const TOP: Vec3 = [0.99, 5, 0.5], BOTTOM: Vec3 = [1.8, -1, 0.5];

const POSES: { name: string; position: Vec3; quaternion: Quat; }[] = [
  { name: 'level', position: [0, 0, 0], quaternion: [0, 0, 0, 1] },
  { name: 'turned', position: [0.3, -0.2, 0.7], quaternion: axisAngle([1, 2, 3], 0.4) },
];

describe(
  'test_f160: a capsule over a cell, its body reaching from a hole into the next cell (F160)',
  { timeout: 60_000 },
  () => {
    for (const pose of POSES) {
      for (const s of SCALES) {
        it(`test_f160_capsule_through_hole_${pose.name} (scale ${s}, both orders, detector, overlap)`, () => {
          const place = (p: Vec3): Vec3 => add(rotate(pose.quaternion, p), scale(pose.position, s));
          const heights = new Array(ROWS * COLUMNS).fill(0);
          const field = new Heightfield(ROWS, COLUMNS, heights, s, { holes: HOLES })
            .setPose(scale(pose.position, s), pose.quaternion);
          const dx = BOTTOM[0] - TOP[0], dy = BOTTOM[1] - TOP[1], angle = Math.atan2(-dx, dy);
          const tilt: Quat = [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
          const capsule = new Capsule(RADIUS * s, (Math.hypot(dx, dy) / 2) * s).setPose(
            place(scale(add(TOP, BOTTOM), s / 2)),
            multiplyQuat(pose.quaternion, tilt),
          );
          const reaches = columnReaches({
            rows: ROWS,
            columns: COLUMNS,
            heights,
            cellSize: s,
            holes: HOLES,
            start: scale(TOP, s),
            end: scale(BOTTOM, s),
            radius: RADIUS * s,
          });
          const owed = new Map([...reaches].filter(([, reach]) => reach.lowest < 0));
          // Only the last cell's solid, reached through the hole's wall, 1.22 under the surface.
          expect([...owed.keys()]).toEqual([4]);
          expect(-owed.get(4)!.lowest).toBeGreaterThan(1.2 * s);
          for (const call of CAPSULE_FIELD_CALLS) {
            const contacts = capsuleFieldContacts(capsule, field, call);
            expect(contacts.length).toBeGreaterThan(0);
            expectOwedFaceContacts(contacts, owed, (n) => rotate(pose.quaternion, n), s);
          }
          expect(overlap(capsule, field)).toBe(true);
          expect(overlap(field, capsule)).toBe(true);
        });
      }
    }
  },
);
