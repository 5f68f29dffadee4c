/**
 * FINDINGS.md F12: a sphere centred exactly on a one-sided mesh's surface overlaps it by its
 * radius; whether its centre's height is +1e-17 or -1e-17 (round-off of the pose) must not
 * decide between that contact and none. The finding's pair: a floor triangle with its third
 * corner at its frame's origin and a ball centred on that corner at the same pose, at five
 * scales; by hand, one contact of depth the radius, normal the floor's front.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Sphere } from '../shapes/primitives.js';
import { rotate } from '../test-support/shapes.js';
import { TriangleMesh } from './triangle-mesh.js';

const Q = [-0.8624139594163104, 0.16374733663009294, -0.47815453321477236, -0.0282349909969279] as [
  number,
  number,
  number,
  number,
];

describe('test_f12: a centre on a one-sided surface gets its contact at every scale (FINDINGS.md F12)', () => {
  for (const s of [1e-3, 0.1, 1, 7, 1e3]) {
    it(`test_f12_centre_on_the_corner_overlaps_by_the_radius (scale ${s})`, () => {
      const floor = new TriangleMesh([0, 0, 3 * s, 3 * s, 0, 0, 0, 0, 0], [0, 1, 2]).setPose(
        [0, 0, 0],
        Q,
      );
      const ball = new Sphere(0.04 * s).setPose([0, 0, 0], Q);
      // The front: (v1 - v0) x (v2 - v0) of the local triangle is along +y, turned by Q.
      const up = rotate(Q, [0, 1, 0]);
      for (const order of [1, -1]) {
        const data = new CollisionData({ capacity: 8 });
        const count = order === 1 ? collide(ball, floor, data) : collide(floor, ball, data);
        expect(count).toBe(1);
        const c = data.contacts[0]!;
        expect(c.penetration).toBeCloseTo(0.04 * s, 12 - Math.log10(s));
        for (let k = 0; k < 3; k++) expect(c.normal[k]).toBeCloseTo(order * up[k]!, 12);
      }
    });
  }
});
