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
import { overlap } from '../overlap.js';
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

describe('test_f118: a capsule across the far border, its end under the surface, gets a contact (F118)', () => {
  // The adversarial suite's configuration (a row of three cells, the capsule level across the
  // border z = cell): the same cause as F114, so fixed with it. The expected depth by brute force:
  // the radius plus the deepest of 200,001 points of the core under the plane of the triangle the
  // contact names, among those inside that triangle's column.
  const heights = [
    -0.09083407236715087,
    0.10136193357506852,
    0.04261566559314345,
    0.4575660180370338,
    0.2586177263049318,
    0.40676228121527214,
    0.43745332030824813,
    0.5885721176372141,
  ];
  const cell = 0.3982040247647092, radius = 0.023884586864918518, half = 0.15814564532431566;
  const field = new Heightfield(2, 4, heights, cell, { holes: [0, 0, 0] });
  const capsule = new Capsule(radius, half).setPose(
    [0.3949627913405369, 0.3985944707674522, 0.5116122061823392],
    [0.6672537102739134, 0, 0.23403522411315833, 0.7071067811865475],
  );
  const corner = (i: number, j: number): Vec3 => [j * cell, heights[i * 4 + j]!, i * cell];
  const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
  const cross = (a: Vec3, b: Vec3): Vec3 => [
    a[1] * b[2] - a[2] * b[1],
    a[2] * b[0] - a[0] * b[2],
    a[0] * b[1] - a[1] * b[0],
  ];
  const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

  it('test_f118_capsule_across_the_far_border (both orders, overlap too)', () => {
    for (const order of [1, -1]) {
      const data = new CollisionData({ capacity: 16 });
      const count = order === 1 ? collide(capsule, field, data) : collide(field, capsule, data);
      expect(count).toBeGreaterThan(0);
      const deepest = data.contacts.slice(0, count).reduce((d, c) =>
        c.penetration > d.penetration ? c : d
      );
      const normal = [0, 1, 2].map((k) => order * deepest.normal[k]!) as Vec3;
      // The triangle of the contact's normal among the cells' triangles (numbering of the README).
      let expected = -Infinity;
      for (let j = 0; j < 3; j++) {
        for (
          const t of [[corner(0, j), corner(1, j), corner(1, j + 1)], [
            corner(0, j),
            corner(1, j + 1),
            corner(0, j + 1),
          ]]
        ) {
          let n = cross(sub(t[1]!, t[0]!), sub(t[2]!, t[0]!));
          n = scale(n, 1 / Math.hypot(...n)) as Vec3;
          if (n[1] < 0) n = scale(n, -1) as Vec3;
          if (dot(n, normal) < 1 - 1e-9) continue;
          // Inside the column: the point's (x, z) within the triangle's (x, z) projection.
          const inside = (p: Vec3) => {
            const signs = [0, 1, 2].map((k) => {
              const a = t[k]!, b = t[(k + 1) % 3]!;
              return (b[0] - a[0]) * (p[2] - a[2]) - (b[2] - a[2]) * (p[0] - a[0]);
            });
            return signs.every((s) => s >= 0) || signs.every((s) => s <= 0);
          };
          const axis = rotate([0.6672537102739134, 0, 0.23403522411315833, 0.7071067811865475], [
            0,
            1,
            0,
          ]);
          for (let k = 0; k <= 200_000; k++) {
            const u = -half + (2 * half * k) / 200_000;
            const p = add(scale(axis, u), [
              0.3949627913405369,
              0.3985944707674522,
              0.5116122061823392,
            ]);
            if (inside(p)) expected = Math.max(expected, dot(n, sub(t[0]!, p)) + radius);
          }
        }
      }
      expect(Math.abs(deepest.penetration - expected)).toBeLessThan(1e-6);
      expect(order === 1 ? overlap(capsule, field) : overlap(field, capsule)).toBe(true);
    }
  });
});
