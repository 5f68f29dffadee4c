import { describe, expect, it } from 'vitest';
import { collide } from './collide.js';
import { CollisionData } from './manifold/collision-data.js';
import { overlapBoxSphere, overlapSphereSphere } from './overlap.js';
import { Box, Sphere } from './shapes/primitives.js';

const IDENTITY = [0, 0, 0, 1];

describe('two spheres of radius 1e-13 apart by 3e-13 get a contact (issue 21)', () => {
  // The centre tests were absolute (squared distance at most 1e-24: centres within 1e-12 taken as
  // coincident, pushed apart by r1 + r2); they are now exact, so a pair of any size behaves as
  // the same pair at size 1, scaled. Sizes 1e-13 times 1e-3, 1 and 1e3.
  for (const scale of [1e-16, 1e-13, 1e-10]) {
    it(
      `spheres of radius ${scale}: apart by 3 radii no contact, 1.5 radii one of depth 0.5 ` +
        'radius (both orders)',
      () => {
        const a = new Sphere(scale).setPose([0, 0, 0], IDENTITY);
        const far = new Sphere(scale).setPose([3 * scale, 0, 0], IDENTITY);
        const near = new Sphere(scale).setPose([0, 1.5 * scale, 0], IDENTITY);
        for (const [first, second] of [[a, far], [far, a]] as const) {
          const data = new CollisionData();
          expect(collide(first, second, data)).toBe(0);
          expect(overlapSphereSphere(first, second)).toBe(false);
        }
        for (const [first, second, sign] of [[a, near, -1], [near, a, 1]] as const) {
          const data = new CollisionData();
          expect(collide(first, second, data)).toBe(1);
          expect(overlapSphereSphere(first, second)).toBe(true);
          const c = data.contacts[0]!;
          // Normal from the second centre toward the first, along y; depth 2r - 1.5r.
          expect(Array.from(c.normal)).toEqual([0, sign, 0]);
          expect(c.penetration / scale).toBeCloseTo(0.5, 12);
          expect(c.point[1]! / scale).toBeCloseTo(0.75, 12);
        }
      },
    );

    it(
      `a sphere by a box corner of half size ${scale}: out of reach no contact, within it the ` +
        `corner's contact (both orders)`,
      () => {
        // Box of half size h at the origin, sphere of radius 0.5 h. Centre (1.3 h, 1.3 h, 1.3 h):
        // 0.3 h sqrt 3 = 0.52 h from the corner (h, h, h), out of reach (the absolute test took it
        // for a centre inside and gave depth 0.2 h). Centre (1.2 h, 1.2 h, 1.2 h): 0.2 sqrt 3 h
        // from the corner, depth (0.5 - 0.2 sqrt 3) h, normal (1, 1, 1) / sqrt 3 from the box
        // toward the sphere.
        const h = scale;
        const box = new Box([h, h, h]).setPose([0, 0, 0], IDENTITY);
        const out = new Sphere(0.5 * h).setPose([1.3 * h, 1.3 * h, 1.3 * h], IDENTITY);
        const inReach = new Sphere(0.5 * h).setPose([1.2 * h, 1.2 * h, 1.2 * h], IDENTITY);
        for (const [first, second] of [[box, out], [out, box]] as const) {
          expect(collide(first, second, new CollisionData())).toBe(0);
        }
        expect(overlapBoxSphere(box, out)).toBe(false);
        expect(overlapBoxSphere(box, inReach)).toBe(true);
        for (const [first, second, sign] of [[box, inReach, -1], [inReach, box, 1]] as const) {
          const data = new CollisionData();
          expect(collide(first, second, data)).toBe(1);
          const c = data.contacts[0]!;
          for (const component of c.normal) expect(component).toBeCloseTo(sign / Math.sqrt(3), 12);
          expect(c.penetration / h).toBeCloseTo(0.5 - 0.2 * Math.sqrt(3), 12);
        }
      },
    );
  }

  it('keeps unit normals for centres down to 1e-300 apart (the square underflows)', () => {
    const a = new Sphere(1e-290).setPose([0, 0, 0], IDENTITY);
    const b = new Sphere(1e-290).setPose([3e-300, 4e-300, 0], IDENTITY);
    const data = new CollisionData();
    expect(collide(a, b, data)).toBe(1);
    const c = data.contacts[0]!;
    expect(c.normal[0]).toBeCloseTo(-0.6, 14);
    expect(c.normal[1]).toBeCloseTo(-0.8, 14);
    expect(c.penetration / 1e-290).toBeCloseTo(2 - 5e-10, 12);
  });
});
