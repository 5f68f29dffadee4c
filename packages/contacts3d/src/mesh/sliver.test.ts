/**
 * FINDINGS.md F13: a sliver's prism must not reach beyond its tip. One sliver along +x, its tip
 * at the origin with an angle of about 1e-9 rad (kept: twice its area is 1e-9 of its longest
 * edge squared, above `DEGENERATE_AREA_RATIO`), front up, at scales 1e-3, 1 and 1e3 and moved
 * to 1e5. Beyond the tip the nearest point of the triangle is the tip itself, so a ball there
 * gets the tip's contact (normal from the tip to the centre, depth the radius less that
 * distance) or none: worked out by hand below.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { meshVertexFeature } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';
import { secondFeatureOf } from '@contactkit/math';

const PLACES = [
  { s: 1e-3, at: [0, 0, 0] },
  { s: 1, at: [0, 0, 0] },
  { s: 1e3, at: [0, 0, 0] },
  { s: 1, at: [1e5, -2e4, 3e4] },
];

function sliver(s: number, at: number[]) {
  const local = [0, 0, 0, 1, 0, 1e-9, 1, 0, 0];
  return new TriangleMesh(local.map((x, i) => x * s + at[i % 3]!), [0, 1, 2]);
}

describe('test_f13: a sliver gives no face contact beyond its tip (FINDINGS.md F13)', () => {
  for (const { s, at } of PLACES) {
    const where = `scale ${s}${at[0] ? ', near 1e5' : ''}`;
    it(`test_f13_ball_apart_beyond_the_tip_gets_nothing (${where})`, () => {
      // 0.09 s beyond the tip and 0.05 s above: 0.103 s from the tip, radius 0.1 s.
      const mesh = sliver(s, at);
      const ball = new Sphere(0.1 * s).setPose([-0.09 * s + at[0]!, 0.05 * s + at[1]!, at[2]!], [
        0,
        0,
        0,
        1,
      ]);
      const data = new CollisionData({ capacity: 8 });
      expect(collide(ball, mesh, data)).toBe(0);
      expect(collide(mesh, ball, data)).toBe(0);
    });

    it(`test_f13_ball_beyond_the_tip_touches_the_tip (${where})`, () => {
      // 0.05 s beyond and 0.05 s above: the tip is sqrt(0.005) s away, radius 0.1 s.
      const mesh = sliver(s, at);
      const ball = new Sphere(0.1 * s).setPose([-0.05 * s + at[0]!, 0.05 * s + at[1]!, at[2]!], [
        0,
        0,
        0,
        1,
      ]);
      const data = new CollisionData({ capacity: 8 });
      expect(collide(ball, mesh, data)).toBe(1);
      const c = data.contacts[0]!;
      expect(secondFeatureOf(c.featureId)).toBe(meshVertexFeature(0, 0));
      expect(c.penetration).toBeCloseTo((0.1 - Math.sqrt(0.005)) * s, 9 - Math.log10(s));
      expect(c.normal[0]).toBeCloseTo(-Math.SQRT1_2, 6);
      expect(c.normal[1]).toBeCloseTo(Math.SQRT1_2, 6);
      expect(Math.abs(c.normal[2]!)).toBeLessThan(1e-6);
    });

    it(`test_f13_capsule_across_the_line_beyond_the_tip_gets_nothing (${where})`, () => {
      // A capsule lying along z, 0.12 s beyond the tip and 0.05 s above the sliver's plane: the
      // tip is sqrt(0.0169) = 0.13 s from its core, beyond its radius 0.1 s.
      const mesh = sliver(s, at);
      const capsule = new Capsule(0.1 * s, 0.3 * s).setPose(
        [-0.12 * s + at[0]!, 0.05 * s + at[1]!, at[2]!],
        [Math.SQRT1_2, 0, 0, Math.SQRT1_2],
      );
      const data = new CollisionData({ capacity: 8 });
      expect(collide(capsule, mesh, data)).toBe(0);
      expect(collide(mesh, capsule, data)).toBe(0);
    });
  }
});
