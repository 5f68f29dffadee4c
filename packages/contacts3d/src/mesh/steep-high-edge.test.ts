/**
 * FINDINGS.md F65: a capsule crossing a steep heightfield triangle's surface near its high edge
 * got no contact. The triangle's prism (perpendicular to it) leans back over the face there, so
 * it kept the core only up to just above the surface (behind the plane on the whole), while the
 * column (straight under the triangle) kept all of it (in front on the whole): each left the core
 * to the other, and the boundary edge's cone refused a normal pointing over its own face.
 *
 * The field is one cell rising at 45 degrees toward +z, the plane y = z over 0 <= x, z <= 1
 * (turned and moved), its high edge at z = 1 a boundary. The normal is (0, 1, -1) / sqrt(2), the
 * height of a point over the plane (y - z) / sqrt(2). An upright capsule at x = 0.5, z = 0.95
 * (0.05 from the high edge, over triangle 0 of the cell) with its core from y = 0.7 to 1.3
 * crosses the surface at y = 0.95; its lower end lies 0.25 / sqrt(2) behind the plane, so the
 * deepest contact is `radius + 0.25 / sqrt(2)`; the other end of the core's part in the prism,
 * cut by the high edge's wall at y = 1.05, is shallower.
 */
import { describe, it } from 'vitest';
import { Capsule } from '../shapes/capsule.js';
import { expectLiftingContacts } from '../test-support/lifting-contacts.js';
import { add, axisAngle, rotate, scale, type Vec3 } from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const TURN = axisAngle(scale([1, 2, -0.5], 1 / Math.hypot(1, 2, -0.5)), 0.7);

describe('test_f65: a capsule crossing a steep triangle near its high edge gets contacts (F65)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f65_capsule_across_a_steep_cell_near_its_high_edge (scale ${s})`, () => {
      const offset: Vec3 = [3 * s, -2 * s, 5 * s];
      const field = new Heightfield(2, 2, [0, 0, s, s], s).setPose(offset, TURN);
      const centre = add(rotate(TURN, scale([0.5, 1, 0.95], s)), offset);
      const radius = 0.3 * s;
      const capsule = new Capsule(radius, 0.3 * s).setPose(centre, TURN);
      const slope = rotate(TURN, [0, Math.SQRT1_2, -Math.SQRT1_2]);
      expectLiftingContacts(capsule, field, slope, radius + (0.25 / Math.SQRT2) * s, s, true);
    });
  }
});
