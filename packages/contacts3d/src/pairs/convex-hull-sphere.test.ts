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

describe('test_f8: the on-surface test is relative to the size (FINDINGS.md F8)', () => {
  // A cube of half size 1 and a sphere of radius 0.5 off its corner (1, 1, 1), its centre at
  // (c, c, c): |centre - corner| = (c - 1) sqrt 3. At c = 1.4 that is 0.6928: apart by 0.1928.
  // At c = 1.2 it is 0.3464: depth 0.5 - 0.2 sqrt 3 = 0.1536 along -(1, 1, 1) / sqrt 3 (PointFace,
  // the corner). At c = 0.9 the centre is inside, 0.1 below three faces: out through the first
  // (x), depth 0.6 along -x. An absolute 1e-12 took the centre at 1.4 as on the surface once the
  // cube was below about 1e-12, so the sizes 1e-17 to 1e-11 are tried as well.
  const third = 1 / Math.sqrt(3);
  const cases = [
    {
      c: 1.2,
      depth: 0.5 - 0.2 * Math.sqrt(3),
      normal: [-third, -third, -third],
      kind: ContactKind.PointFace,
    },
    { c: 0.9, depth: 0.6, normal: [-1, 0, 0], kind: ContactKind.FaceFace },
  ];
  for (const tiny of [1, 1e-14]) {
    for (const s of [1e-3, 1, 1e3].map((x) => x * tiny)) {
      it(`test_f8_tiny_pairs_apart_get_no_contact (scale ${s})`, () => {
        const hull = cube(s);
        const data = new CollisionData({ capacity: 4 });
        const apart = new Sphere(0.5 * s).setPose([1.4 * s, 1.4 * s, 1.4 * s], [0, 0, 0, 1]);
        expect(collideConvexHullSphere(hull, apart, data)).toBe(0);
        expect(collide(apart, hull, data)).toBe(0);
        expect(overlapConvexHullSphere(hull, apart)).toBe(false);
        for (const { c, depth, normal, kind } of cases) {
          const ball = new Sphere(0.5 * s).setPose([c * s, c * s, c * s], [0, 0, 0, 1]);
          expect(overlapConvexHullSphere(hull, ball), `c ${c}`).toBe(true);
          for (const swapped of [false, true]) {
            data.reset();
            expect(swapped ? collide(ball, hull, data) : collideConvexHullSphere(hull, ball, data))
              .toBe(1);
            const contact = data.contacts[0]!;
            expect(contact.penetration / s, `c ${c}`).toBeCloseTo(depth, 9);
            expect(contact.kind, `c ${c}`).toBe(kind);
            for (let k = 0; k < 3; k++) {
              expect(contact.normal[k], `c ${c}`).toBeCloseTo(
                swapped ? -normal[k]! : normal[k]!,
                12,
              );
            }
          }
        }
      });
    }
  }

  it('test_f8_repro_same_answer_at_1e-14_and_1e14: FINDINGS.md F8 gives no contact at both scales', () => {
    // Cube of half size 1e-14, sphere of radius 5e-15 at 1.4e-14 on each axis: 6.93e-15 from the
    // corner, apart by 1.93e-15; then the pair scaled by 1e14. Moved to 1.2e-14 it overlaps the
    // corner by 5e-15 - 2e-15 sqrt 3 = 1.536e-15 (times the scale) at both scales.
    for (const s of [1, 1e14]) {
      const hull = cube(1e-14 * s);
      const data = new CollisionData({ capacity: 8 });
      const d = 1.4e-14 * s;
      const sphere = new Sphere(5e-15 * s).setPose([d, d, d], [0, 0, 0, 1]);
      expect(collideConvexHullSphere(hull, sphere, data), `scale ${s}`).toBe(0);
      expect(collide(sphere, hull, data), `scale ${s}, swapped`).toBe(0);
      const e = 1.2e-14 * s;
      sphere.setPose([e, e, e], [0, 0, 0, 1]);
      expect(collideConvexHullSphere(hull, sphere, data), `scale ${s}`).toBe(1);
      expect(data.contacts[0]!.penetration / s / 1e-15).toBeCloseTo(5 - 2 * Math.sqrt(3), 9);
      expect(data.contacts[0]!.kind).toBe(ContactKind.PointFace);
    }
  });
});
