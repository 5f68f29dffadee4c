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
 * a brute force that shares nothing with the kernel: per triangle, the body's lowest point over
 * each of 11,154 points of the triangle's shadow (a grid inside, dense along the edges; over
 * each, the lowest of the spheres about 401 points of the core), its height over the plane. The
 * deepest dip (1.22 under the surface, in the last cell's column) must be found, and a triangle
 * whose solid the body reaches is owed a contact with its normal and depth the radius less the
 * least height of the core's points over its plane (1.3), as F132's contacts have; every contact
 * must be one of those. All 6 fail on the old code (no contact).
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import { collideCapsuleHeightfield } from '../pairs/capsule-mesh.js';
import { Capsule } from '../shapes/capsule.js';
import {
  add,
  axisAngle,
  multiplyQuat,
  rotate,
  scale,
  sub,
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

interface Owed {
  depth: number;
  /** The body's deepest reach below the plane inside the column (brute force). */
  dip: number;
}

/** The contacts owed, by triangle index, in the field's frame (flat at y = 0), by brute force. */
function owedContacts(s: number): Map<number, Owed> {
  const r = RADIUS * s;
  const core: Vec3[] = [];
  for (let k = 0; k <= 400; k++) core.push(scale(add(TOP, scale(sub(BOTTOM, TOP), k / 400)), s));
  // The body's lowest point on the vertical line through (px, pz): over the spheres about the
  // core's points that reach the line, q_y - sqrt(r^2 - d^2).
  const lowestOver = (px: number, pz: number): number => {
    let low = Infinity;
    for (const q of core) {
      const d2 = (q[0] - px) ** 2 + (q[2] - pz) ** 2;
      if (d2 <= r * r) low = Math.min(low, q[1] - Math.sqrt(r * r - d2));
    }
    return low;
  };
  const owed = new Map<number, Owed>();
  for (let index = 0; index < 2 * (ROWS - 1) * (COLUMNS - 1); index++) {
    const cell = Math.floor(index / 2);
    if (HOLES[cell] !== 0) continue;
    // Triangle 0 of a cell holds its points with fz >= fx, triangle 1 those with fx >= fz.
    const corners: [number, number][] = index % 2 === 0
      ? [[0, 0], [0, 1], [1, 1]]
      : [[0, 0], [1, 1], [1, 0]];
    const t = corners.map(([fx, fz]): [number, number] => [(cell + fx) * s, fz * s]);
    const samples: [number, number][] = [];
    for (let a = 0; a <= 100; a++) {
      for (let b = 0; a + b <= 100; b++) {
        samples.push(
          [0, 1].map((k) =>
            t[0]![k]! + ((t[1]![k]! - t[0]![k]!) * a) / 100 + ((t[2]![k]! - t[0]![k]!) * b) / 100
          ) as [number, number],
        );
      }
    }
    for (let k = 0; k < 3; k++) {
      const p = t[k]!, q = t[(k + 1) % 3]!;
      for (let a = 0; a <= 2000; a++) {
        samples.push([p[0] + ((q[0] - p[0]) * a) / 2000, p[1] + ((q[1] - p[1]) * a) / 2000]);
      }
    }
    // The plane is y = 0: a point's height is its y.
    const least = Math.min(...samples.map(([px, pz]) => lowestOver(px, pz)));
    if (least >= 0) continue;
    owed.set(index, { depth: r - Math.min(...core.map((q) => q[1])), dip: -least });
  }
  return owed;
}

describe('test_f160: a capsule over a cell in front, its body reaching from a hole into the next cell (F160)', () => {
  for (const pose of POSES) {
    for (const s of SCALES) {
      it(`test_f160_capsule_through_hole_${pose.name} (scale ${s}, both orders, the pair's detector, overlap)`, () => {
        const place = (p: Vec3): Vec3 => add(rotate(pose.quaternion, p), scale(pose.position, s));
        const field = new Heightfield(ROWS, COLUMNS, new Array(ROWS * COLUMNS).fill(0), s, {
          holes: HOLES,
        })
          .setPose(scale(pose.position, s), pose.quaternion);
        const dx = BOTTOM[0] - TOP[0], dy = BOTTOM[1] - TOP[1], angle = Math.atan2(-dx, dy);
        const tilt: Quat = [0, 0, Math.sin(angle / 2), Math.cos(angle / 2)];
        const capsule = new Capsule(RADIUS * s, (Math.hypot(dx, dy) / 2) * s).setPose(
          place(scale(add(TOP, BOTTOM), s / 2)),
          multiplyQuat(pose.quaternion, tilt),
        );
        const owed = owedContacts(s);
        // Only the last cell's solid, reached through the hole's wall, 1.22 under the surface.
        expect([...owed.keys()]).toEqual([4]);
        expect(owed.get(4)!.dip).toBeGreaterThan(1.2 * s);
        const up = rotate(pose.quaternion, [0, 1, 0]);
        for (const call of ['collide', 'collide swapped', 'collideCapsuleHeightfield'] as const) {
          const data = new CollisionData({ capacity: 16 });
          const count = call === 'collide'
            ? collide(capsule, field, data)
            : call === 'collide swapped'
            ? collide(field, capsule, data)
            : collideCapsuleHeightfield(capsule, field, data);
          const sign = call === 'collide swapped' ? -1 : 1;
          expect(count).toBeGreaterThan(0);
          for (const contact of data.contacts.slice(0, count)) {
            // Feature ids keep the canonical order (the capsule's code first) in either order.
            const meshFeature = contact.featureId % 2 ** 26;
            const truth = owed.get(Math.floor(meshFeature / 8));
            expect(truth).toBeDefined();
            expect(meshFeature % 8).toBe(0);
            for (let k = 0; k < 3; k++) {
              expect(Math.abs(sign * contact.normal[k]! - up[k]!)).toBeLessThan(1e-9);
            }
            expect(Math.abs(contact.penetration - truth!.depth)).toBeLessThan(1e-9 * s);
          }
        }
        expect(overlap(capsule, field)).toBe(true);
        expect(overlap(field, capsule)).toBe(true);
      });
    }
  }
});
