/**
 * FINDINGS.md F23: a box or hull whose centre is not in a heightfield's solid (here just off the
 * grid's border, beside the field) while corners are below the surface got no contact: each
 * triangle whose plane the centre was behind refused it as a one-sided mesh does. The field is
 * flat (height 0, turned and moved), so the answer is worked out by hand: the normal is the
 * field's up and the deepest depth how far the shape's lowest point lies below height 0.
 */
import { describe, it } from 'vitest';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { expectLiftingContacts } from '../test-support/lifting-contacts.js';
import { add, axisAngle, multiplyQuat, rotate, scale, type Vec3 } from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const TURN = axisAngle(scale([1, 2, -0.5], 1 / Math.hypot(1, 2, -0.5)), 0.7);
const OCTAHEDRON = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

describe('test_f23: a shape beside a heightfield with corners in its solid gets a contact (F23)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    for (const name of ['box', 'hull'] as const) {
      it(`test_f23_${name}_centre_off_the_border_gets_the_lifting_contact (scale ${s})`, () => {
        const offset: Vec3 = [3 * s, -2 * s, 5 * s];
        const field = new Heightfield(3, 3, Array(9).fill(0), s).setPose(offset, TURN);
        const world = (p: readonly number[]) => add(rotate(TURN, scale(p, s)), offset);
        // Centre at local x = -0.1 (off the grid), 0.05 below the surface; the box reaches
        // x = 0.2 over the grid with its bottom at -0.25, the octahedron x = 0.3 with its lowest
        // vertex at -0.45 (off the grid) and over x = 0 its faces at -0.05 - 0.3 = -0.35.
        const centre = world([-0.1, -0.05, 1]);
        const shape = name === 'box'
          ? new Box([0.3 * s, 0.2 * s, 0.25 * s]).setPose(centre, TURN)
          : ConvexHull.fromPoints(OCTAHEDRON.map((p) => scale(p, 0.4 * s))).setPose(centre, TURN);
        const truth = name === 'box' ? 0.25 * s : 0.35 * s;
        expectLiftingContacts(shape, field, rotate(TURN, [0, 1, 0]), truth, s, false);
      });
    }
  }
});

/**
 * FINDINGS.md F23: a shape in the solid below a slope, in a triangle's column (straight under it)
 * but outside its prism (perpendicular to it), got no contact: the face clip and the deepest
 * point were taken in the prism. The field is the plane y = 0.5 x over a 3 x 3 grid of cells 1
 * (turned and moved); the shapes sit at x = 0.1, z = 0.5, centre y = -0.5, under triangle 0 of
 * the first cell, whose prism there starts at the grid's border (the centre's foot on the plane
 * along the normal lies at x = -0.12). The normal is the slope's, (-0.5, 1, 0) / sqrt(1.25); the
 * depth of a point (x, y) below it (0.5 x - y) / sqrt(1.25): the box's corner (0.15, -0.55)
 * gives 0.625, the octahedron's vertex (0.1, -0.55) 0.6, over sqrt(1.25).
 */
describe('test_f23: a shape under a slope, in the column but not the prism, gets a contact (F23)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    for (const name of ['box', 'hull'] as const) {
      it(`test_f23_${name}_in_the_column_under_a_slope (scale ${s})`, () => {
        const offset: Vec3 = [3 * s, -2 * s, 5 * s];
        const field = new Heightfield(3, 3, [0, 0.5, 1, 0, 0.5, 1, 0, 0.5, 1].map((h) => h * s), s)
          .setPose(offset, TURN);
        const centre = add(rotate(TURN, scale([0.1, -0.5, 0.5], s)), offset);
        const shape = name === 'box'
          ? new Box([0.05 * s, 0.05 * s, 0.05 * s]).setPose(centre, TURN)
          : ConvexHull.fromPoints(OCTAHEDRON.map((p) => scale(p, 0.05 * s))).setPose(centre, TURN);
        const truth = ((name === 'box' ? 0.625 : 0.6) / Math.sqrt(1.25)) * s;
        const slope = rotate(TURN, scale([-0.5, 1, 0], 1 / Math.sqrt(1.25)));
        expectLiftingContacts(shape, field, slope, truth, s, false);
      });
    }
  }
});

/**
 * FINDINGS.md F23: a shape far under a steep cell got no contact: a sunk triangle's separating
 * axes were the triangle's own (and the prism under it along its normal), and the shape lies
 * beside those, in the column straight under the triangle. The field is one cell of the plane
 * y = 10 z (turned and moved): normal (0, 1, -10) / sqrt(101), the depth of a point (y, z) below
 * it (10 z - y) / sqrt(101). The shapes sit 100 under it at x = 0.5, z = -0.1, the centre just
 * off the grid (so not in the solid) and only their parts at z > 0 in the column of triangle 1
 * (x >= z); the prism of a triangle that steep lies 10 away along z at that depth. The box is
 * turned 45 degrees about x (a box with faces along the column's sides was found before). The
 * deepest point in the column: the octahedron's vertex (0.5, -100, 0.1), depth 101 / sqrt(101);
 * the box's top edge (0.3 to 0.7, -100, -0.1 + 0.2 sqrt(2)), depth (99 + 2 sqrt(2)) / sqrt(101).
 */
describe('test_f23: a shape far under a steep cell, in its column, gets a contact (F23)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    for (const name of ['box', 'hull'] as const) {
      it(`test_f23_${name}_far_under_a_steep_cell (scale ${s})`, () => {
        const offset: Vec3 = [3 * s, -2 * s, 5 * s];
        const field = new Heightfield(2, 2, [0, 0, 10 * s, 10 * s], s).setPose(offset, TURN);
        const centre = add(rotate(TURN, scale([0.5, -100, -0.1], s)), offset);
        const shape = name === 'box'
          ? new Box([0.2 * s, 0.2 * s, 0.2 * s]).setPose(
            centre,
            multiplyQuat(TURN, axisAngle([1, 0, 0], Math.PI / 4)),
          )
          : ConvexHull.fromPoints(OCTAHEDRON.map((p) => scale(p, 0.2 * s))).setPose(centre, TURN);
        const truth = ((name === 'box' ? 99 + 2 * Math.SQRT2 : 101) / Math.sqrt(101)) * s;
        const slope = rotate(TURN, scale([0, 1, -10], 1 / Math.sqrt(101)));
        expectLiftingContacts(shape, field, slope, truth, s, true);
      });
    }
  }
});

/**
 * FINDINGS.md F23: a hull whose centre is off the grid and in front of the surface's plane, with
 * a sharp tip reaching under the grid's border into the solid, got no contact: its section by
 * the plane lies off the grid, so the triangle's own axes separate it, and the last resort took
 * only triangles the centre is behind. The field is flat (height 0, turned and moved); the tip
 * (0.02, -0.05, 0.8) is the hull's only part over the grid below 0 (its three edges rise to the
 * base at x = -0.3, crossing height 0 at x = -0.087 and -0.026), so the contact is the field's
 * up, depth 0.05.
 */
describe('test_f23: a sharp tip under the grid border, centre in front, gets a contact (F23)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f23_hull_tip_under_the_border_centre_in_front (scale ${s})`, () => {
      const offset: Vec3 = [3 * s, -2 * s, 5 * s];
      const field = new Heightfield(3, 3, Array(9).fill(0), s).setPose(offset, TURN);
      const points = [[0.02, -0.05, 0.8], [-0.3, 0.1, 0.7], [-0.3, 0.1, 0.9], [-0.3, 0.3, 0.8]];
      const hull = ConvexHull.fromPoints(points.map((p) => scale(p, s))).setPose(offset, TURN);
      expectLiftingContacts(hull, field, rotate(TURN, [0, 1, 0]), 0.05 * s, s, true);
    });
  }
});
