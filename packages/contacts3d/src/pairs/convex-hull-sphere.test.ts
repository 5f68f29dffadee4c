import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Sphere } from '../shapes/primitives.js';
import { collideConvexHullSphere, overlapConvexHullSphere } from './convex-hull-sphere.js';

/** A cube of half size h as a hull. */
function cube(h: number): ConvexHull {
  const points: number[] = [];
  for (let i = 0; i < 8; i++) points.push(i & 1 ? h : -h, i & 2 ? h : -h, i & 4 ? h : -h);
  return ConvexHull.fromPoints(points);
}

function only(
  data: CollisionData,
  scale: number,
): { point: number[]; normal: number[]; depth: number; kind: number; } {
  expect(data.contactCount).toBe(1);
  const c = data.contacts[0]!;
  const round = (x: number) => Math.round(x * 1e9) / 1e9 + 0;
  return {
    point: Array.from(c.point).map((x) => round(x / scale)),
    normal: Array.from(c.normal).map(round),
    depth: round(c.penetration / scale),
    kind: c.kind,
  };
}

describe('collideConvexHullSphere by hand, both orders, scales 1e-3, 1, 1e3', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    const data = new CollisionData({ capacity: 4 });
    const hull = cube(scale);
    const run = (sphere: Sphere) => {
      data.reset();
      expect(collideConvexHullSphere(hull, sphere, data)).toBe(1);
      const forward = only(data, scale);
      data.reset();
      expect(collide(sphere, hull, data)).toBe(1);
      const backward = only(data, scale);
      expect(backward).toEqual({ ...forward, normal: forward.normal.map((x) => 0 - x) });
      return forward;
    };

    it(`over a face: FaceFace along the face normal (scale ${scale})`, () => {
      // Centre 0.3 above the top face, radius 0.5: depth 0.2, point halfway at y = 1 - 0.1.
      expect(
        run(
          new Sphere(0.5 * scale).setPose([0.2 * scale, 1.3 * scale, -0.4 * scale], [0, 0, 0, 1]),
        ),
      )
        .toEqual({
          point: [0.2, 0.9, -0.4],
          normal: [0, -1, 0],
          depth: 0.2,
          kind: ContactKind.FaceFace,
        });
    });

    it(`beside an edge: EdgeFace toward the edge (scale ${scale})`, () => {
      // Centre at (1 + 0.3, 1 + 0.4, 0): distance 0.5 from the edge x = y = 1; radius 0.6.
      expect(run(new Sphere(0.6 * scale).setPose([1.3 * scale, 1.4 * scale, 0], [0, 0, 0, 1])))
        .toEqual({
          // The hull's witness (1, 1, 0) moved by normal * depth / 2.
          point: [0.97, 0.96, 0],
          normal: [-0.6, -0.8, 0],
          depth: 0.1,
          kind: ContactKind.EdgeFace,
        });
    });

    it(`near a vertex: PointFace toward the corner (scale ${scale})`, () => {
      // Centre at (1, 1, 1) + (2, 2, 1)/3 * 0.3 (distance 0.3 from the corner), radius 0.5.
      const d = [2 / 3, 2 / 3, 1 / 3];
      const centre = d.map((x) => (1 + 0.3 * x) * scale);
      const result = run(new Sphere(0.5 * scale).setPose(centre, [0, 0, 0, 1]));
      expect(result.kind).toBe(ContactKind.PointFace);
      expect(result.depth).toBe(0.2);
      expect(result.normal).toEqual(d.map((x) => Math.round(-x * 1e9) / 1e9 + 0));
      // Halfway between the corner and the sphere's surface point 0.5 from the centre.
      expect(result.point).toEqual(d.map((x) => Math.round((1 - 0.1 * x) * 1e9) / 1e9));
    });

    it(`with its centre inside: out through the nearest face (scale ${scale})`, () => {
      // Centre at x = 0.7: nearest face +x at 0.3; depth 0.3 + 0.25.
      expect(run(new Sphere(0.25 * scale).setPose([0.7 * scale, 0.1 * scale, 0], [0, 0, 0, 1])))
        .toEqual({
          point: [Math.round((1 - 0.275) * 1e9) / 1e9, 0.1, 0],
          normal: [-1, 0, 0],
          depth: 0.55,
          kind: ContactKind.FaceFace,
        });
    });

    it(`touching, apart and the overlap test (scale ${scale})`, () => {
      const sphere = new Sphere(0.5 * scale).setPose([0, 1.5 * scale, 0], [0, 0, 0, 1]);
      expect(run(sphere).depth).toBe(0);
      expect(overlapConvexHullSphere(hull, sphere)).toBe(true);
      sphere.setPose([0, 1.6 * scale, 0], [0, 0, 0, 1]);
      data.reset();
      expect(collideConvexHullSphere(hull, sphere, data)).toBe(0);
      expect(overlapConvexHullSphere(hull, sphere)).toBe(false);
      data.reset();
      data.tolerance = 0.2 * scale;
      expect(collideConvexHullSphere(hull, sphere, data)).toBe(1);
      expect(data.contacts[0]!.penetration).toBeCloseTo(-0.1 * scale, 12);
      data.tolerance = 0;
    });
  }

  it('a full buffer drops the contact and says so', () => {
    const data = new CollisionData({ capacity: 1 });
    data.contactCount = 1;
    expect(collideConvexHullSphere(cube(1), new Sphere(1), data)).toBe(0);
    expect(data.overflowed).toBe(true);
  });
});
