/**
 * FINDINGS.md F114: a capsule whose core dips into a heightfield's solid within a triangle's
 * column, beside the grid's high border, got no contact. The prism (perpendicular to the slope)
 * keeps the core past the border behind the plane, so its deeper end lay outside the column
 * (no solid of this triangle's there), while the column's part was in front on the whole: each
 * left the core to the other, and the border edge refuses a normal pointing down.
 *
 * The field is one cell rising at 45 degrees toward +z, the plane y = z over 0 <= x, z <= 1
 * (turned and moved), its high edge at z = 1 a boundary; normal (0, 1, -1) / sqrt(2), the height
 * of a point over the plane (y - z) / sqrt(2). A capsule lying along z at x = 0.5, y = 0.96, its
 * core from z = 0.9 to 1.3: the prism keeps it up to z = 2 - y = 1.04 (behind on the whole), the
 * column up to z = 1, where its height is -0.04 / sqrt(2) (the column's part in front on the
 * whole: 0.06 / sqrt(2) at z = 0.9). The deepest contact is `radius + 0.04 / sqrt(2)`, at the
 * border, the deepest point of the core over the field (up to the column's round-off slack, 1e-9
 * of the triangle's longest edge, which lets the core's end that much past the wall).
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { add, axisAngle, multiplyQuat, rotate, scale, type Vec3 } from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const TURN = axisAngle(scale([1, 2, -0.5], 1 / Math.hypot(1, 2, -0.5)), 0.7);
/** The capsule's local Y (its core) along z: a quarter turn about x. */
const ALONG_Z = axisAngle([1, 0, 0], Math.PI / 2);

describe('test_f114: a core dipping into the solid beside the grid border gets a contact (F114)', () => {
  for (
    const [place, s, far] of [
      ['scale 1e-3', 1e-3, 0],
      ['scale 1', 1, 0],
      ['scale 1e3', 1e3, 0],
      ['near 1e5', 1, 1e5],
    ] as const
  ) {
    it(`test_f114_capsule_along_the_slope_past_the_high_border (${place})`, () => {
      const offset: Vec3 = [3 * s + far, -2 * s, 5 * s - far];
      const field = new Heightfield(2, 2, [0, 0, s, s], s).setPose(offset, TURN);
      const centre = add(rotate(TURN, scale([0.5, 0.96, 1.1], s)), offset);
      const radius = 0.1 * s;
      const capsule = new Capsule(radius, 0.2 * s).setPose(centre, multiplyQuat(TURN, ALONG_Z));
      const slope = rotate(TURN, [0, Math.SQRT1_2, -Math.SQRT1_2]);
      const truth = radius + (0.04 / Math.SQRT2) * s;
      for (const order of [1, -1]) {
        const data = new CollisionData({ capacity: 16 });
        const count = order === 1 ? collide(capsule, field, data) : collide(field, capsule, data);
        expect(count).toBeGreaterThan(0);
        let deepest = -Infinity;
        for (const c of data.contacts.slice(0, count)) {
          for (let k = 0; k < 3; k++) {
            expect(Math.abs(c.normal[k]! - order * slope[k]!)).toBeLessThan(1e-12);
          }
          deepest = Math.max(deepest, c.penetration);
        }
        expect(Math.abs(deepest - truth)).toBeLessThan(1e-8 * s);
      }
    });
  }
});
