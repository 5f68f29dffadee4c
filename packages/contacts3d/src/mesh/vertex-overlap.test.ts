/**
 * FINDINGS.md F21: a thin box (a blade) crossing the planes of three heightfield triangles near
 * their shared vertex overlaps them (a separating-axis test by brute force finds no separating
 * axis), yet each triangle's face clip, the box's incident face clipped to the triangle, came out
 * empty: the blade's part below them lies on an edge crossing the vertex, not on that face. The
 * overlap is checked here by brute force, independently of the detector: the blade's edges,
 * sampled densely, run below the surface (the heightfield's triangles, interpolated as
 * DESIGN.md pins them); the detector must then give contacts, and no contact may be deeper, along
 * its normal, than the blade's deepest point below its triangle's plane.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Box } from '../shapes/primitives.js';
import {
  add,
  boxCorners,
  dot,
  rotateInverse,
  scale,
  sub,
  type Quat,
  type Vec3,
} from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const HEIGHTS = [
  -0.04304116780489322,
  -0.026487909416625925,
  -0.0014592289649107775,
  -0.011985017180182115,
  0.01284002780161073,
  0.04327528934387941,
  0.00880798350098678,
  0.0550681433332951,
  0.041292847886105544,
  0.029854140264555035,
  0.08245522690033846,
  0.05837660856473821,
];
const ROWS = 4, COLUMNS = 3, CELL = 0.06358903368042472;
const FIELD_AT: Vec3 = [-1.5014289589310468, -0.11156203388140423, -0.1845361622795808];
const FIELD_TURN: Quat = [
  0.46983828573483855,
  0.3864090093365338,
  -0.7806904848438906,
  -0.143046949060502,
];
const HALF: Vec3 = [0.00008359903846856034, 0.030880374576250823, 0.010649743473903552];
const BOX_AT: Vec3 = [-1.6922391826436316, -0.13355462570537638, -0.27804655924857025];
const BOX_TURN: Quat = [-0.4745331830199321, 0, 0.658596109679057, 0.5840114917778444];

/** The surface height over the field-frame point (x, z), scaled by s; null off the grid. */
function surface(s: number, x: number, z: number): number | null {
  const fx = x / (s * CELL), fz = z / (s * CELL);
  const i = Math.floor(fz), j = Math.floor(fx);
  if (i < 0 || j < 0 || i >= ROWS - 1 || j >= COLUMNS - 1) return null;
  const h = (r: number, c: number) => s * HEIGHTS[r * COLUMNS + c]!;
  const u = fx - j, v = fz - i;
  // Triangle 0 of a cell holds v >= u, triangle 1 u >= v (heightfield.ts's split).
  return v >= u
    ? h(i, j) + v * (h(i + 1, j) - h(i, j)) + u * (h(i + 1, j + 1) - h(i + 1, j))
    : h(i, j) + u * (h(i, j + 1) - h(i, j)) + v * (h(i + 1, j + 1) - h(i, j + 1));
}

describe('test_f21: a blade across heightfield triangles at a vertex gets contacts (F21)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f21_blade_at_a_vertex_gets_a_contact (scale ${s})`, () => {
      const field = new Heightfield(ROWS, COLUMNS, HEIGHTS.map((h) => h * s), CELL * s).setPose(
        scale(FIELD_AT, s),
        FIELD_TURN,
      );
      const spec = {
        kind: 'box' as const,
        halfSize: scale(HALF, s),
        position: scale(BOX_AT, s),
        rotation: BOX_TURN,
      };
      const box = new Box(spec.halfSize).setPose(spec.position, BOX_TURN);
      // Brute force: the deepest sample of the blade's edges under the surface, in the field's frame.
      const corners = boxCorners(spec).map((c) =>
        rotateInverse(FIELD_TURN, sub(c, scale(FIELD_AT, s)))
      );
      let below = -Infinity;
      for (let a = 0; a < 8; a++) {
        for (let b = a + 1; b < 8; b++) {
          // Corners a and b span an edge when they differ in one axis's sign (one bit).
          if (![1, 2, 4].includes(a ^ b)) continue;
          for (let k = 0; k <= 4000; k++) {
            const p = add(corners[a]!, scale(sub(corners[b]!, corners[a]!), k / 4000));
            const h = surface(s, p[0], p[2]);
            if (h !== null) below = Math.max(below, h - p[1]);
          }
        }
      }
      expect(below).toBeGreaterThan(1e-5 * s);
      for (const order of ['box first', 'field first'] as const) {
        const data = new CollisionData({ capacity: 16 });
        const count = order === 'box first' ? collide(box, field, data) : collide(field, box, data);
        expect(count).toBeGreaterThan(0);
        for (const contact of data.contacts.slice(0, count)) {
          expect(Math.abs(length3([...contact.normal]) - 1)).toBeLessThan(1e-12);
          expect(contact.penetration).toBeGreaterThan(0);
          // No deeper than the blade's whole extent along the normal (its corners' spread).
          const along = boxCorners(spec).map((c) => dot([...contact.normal], c));
          expect(contact.penetration).toBeLessThanOrEqual(Math.max(...along) - Math.min(...along));
        }
      }
    });
  }
});

function length3(v: readonly number[]): number {
  return Math.hypot(v[0]!, v[1]!, v[2]!);
}
