/**
 * FINDINGS.md F132: a sphere whose centre lies beside a heightfield's grid (in no cell's column)
 * and whose body reaches sideways into the solid under the border cells got no contact: the
 * solid's rule of the sphere and capsule kernel reads the core (a point for a sphere), which no
 * column holds. Now every triangle whose column the shape reaches with its deepest point there
 * behind the triangle's plane answers: normal the triangle's, depth the radius less the height of
 * the core's deeper end over the plane (mesh/mesh-contacts.ts, `besideColumns`).
 *
 * Hand-worked field: one cell of side 1 from (0, 0) to (1, 1) in x, z, split along its diagonal
 * into triangle 0 (z >= x) and triangle 1 (x >= z), the plane y = 0 (normal (0, 1, 0)) or the
 * slope y = z (normal (0, 1, -1) / sqrt(2), height of a point (y - z) / sqrt(2)). A sphere of
 * radius 0.5 centred at (1.3, -1, 0.5): 0.3 beside the border x = 1, so its body crosses the wall
 * there in a disc of radius sqrt(0.5^2 - 0.3^2) = 0.4 about (1, -1, 0.5), whose lowest point
 * (1, -1.4, 0.5) lies in triangle 1's column (x >= z) under both planes. Triangle 0's column
 * (z >= x, x <= 1) is beyond its reach: its nearest point to (1.3, 0.5) in x, z is (0.9, 0.9),
 * sqrt(0.32) = 0.566 away. So one contact, triangle 1's: flat, normal (0, 1, 0), depth
 * 0.5 + 1 = 1.5; sloped, normal (0, 1, -1) / sqrt(2), depth 0.5 + (1 + 0.5) / sqrt(2). Moved by
 * that depth along the normal, the whole sphere is in front of the plane, and the triangle's
 * solid lies behind it. At (1.6, -1, 0.5), 0.6 beside, it reaches no column: no contact.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import {
  add,
  axisAngle,
  cross,
  dot,
  multiplyQuat,
  rotate,
  scale,
  sub,
  type Vec3,
} from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';
import { meshFaceFeature } from './mesh-triangle.js';

const TURN = axisAngle(scale([1, 2, -0.5], 1 / Math.hypot(1, 2, -0.5)), 0.7);
/** A capsule's local Y (its core) along z: a quarter turn about x. */
const ALONG_Z = axisAngle([1, 0, 0], Math.PI / 2);
const SCALES = [1e-3, 1, 1e3] as const;

/** Contacts of `moving` with `field` in the order asked, normals turned to point at `moving`. */
function contactsOf(moving: Sphere | Capsule, field: Heightfield, order: 1 | -1) {
  const data = new CollisionData({ capacity: 16 });
  const count = order === 1 ? collide(moving, field, data) : collide(field, moving, data);
  return data.contacts.slice(0, count).map((c) => ({
    normal: scale(Array.from(c.normal), order),
    penetration: c.penetration,
    // Feature ids keep the canonical order (the moving shape's code first) in either order.
    meshFeature: c.featureId % 2 ** 26,
  }));
}

describe('test_f132: a shape beside the grid reaching into the solid under the border (hand-worked)', () => {
  for (const s of SCALES) {
    const offset: Vec3 = [3 * s, -2 * s, 5 * s];
    const place = (p: Vec3): Vec3 => add(rotate(TURN, scale(p, s)), offset);
    for (
      const [name, heights, normal, below] of [
        ['flat', [0, 0, 0, 0], [0, 1, 0], 1],
        ['slope', [0, 0, 1, 1], [0, Math.SQRT1_2, -Math.SQRT1_2], 1.5 / Math.SQRT2],
      ] as const
    ) {
      const field = new Heightfield(2, 2, heights.map((h) => h * s), s).setPose(offset, TURN);
      const up = rotate(TURN, normal);
      const radius = 0.5 * s, depth = (0.5 + below) * s;

      it(`test_f132_sphere_beside_the_border_${name} (scale ${s}, both orders, overlap too)`, () => {
        const sphere = new Sphere(radius).setPose(place([1.3, -1, 0.5]), [0, 0, 0, 1]);
        for (const order of [1, -1] as const) {
          const contacts = contactsOf(sphere, field, order);
          expect(contacts.length).toBe(1);
          const c = contacts[0]!;
          expect(c.meshFeature).toBe(meshFaceFeature(1));
          for (let k = 0; k < 3; k++) expect(Math.abs(c.normal[k]! - up[k]!)).toBeLessThan(1e-12);
          expect(Math.abs(c.penetration - depth)).toBeLessThan(1e-12 * s);
          expect(order === 1 ? overlap(sphere, field) : overlap(field, sphere)).toBe(true);
        }
      });

      it(`test_f132_sphere_out_of_reach_${name} (scale ${s}, both orders, overlap too)`, () => {
        const sphere = new Sphere(radius).setPose(place([1.6, -1, 0.5]), [0, 0, 0, 1]);
        for (const order of [1, -1] as const) {
          expect(contactsOf(sphere, field, order)).toEqual([]);
          expect(order === 1 ? overlap(sphere, field) : overlap(field, sphere)).toBe(false);
        }
      });

      it(`test_f132_capsule_of_no_length_beside_the_border_${name} (scale ${s})`, () => {
        // A capsule of half length 0 is the sphere: the same contact, named by its first end.
        const capsule = new Capsule(radius, 0).setPose(place([1.3, -1, 0.5]), [0, 0, 0, 1]);
        for (const order of [1, -1] as const) {
          const contacts = contactsOf(capsule, field, order);
          expect(contacts.length).toBe(1);
          for (let k = 0; k < 3; k++) {
            expect(Math.abs(contacts[0]!.normal[k]! - up[k]!)).toBeLessThan(1e-12);
          }
          expect(Math.abs(contacts[0]!.penetration - depth)).toBeLessThan(1e-12 * s);
          expect(order === 1 ? overlap(capsule, field) : overlap(field, capsule)).toBe(true);
        }
      });
    }

    it(`test_f132_capsule_lying_beside_the_border (scale ${s}, both orders, overlap too)`, () => {
      // Flat field; the core from (1.3, -1, 0.2) to (1.3, -1, 0.8), level, 0.3 beside the border:
      // it reaches triangle 1's column (the disc about (1, -1, 0.5) as above) and triangle 0's
      // (the point (0.85, 0.85) in x, z lies sqrt(0.45^2 + 0.05^2) = 0.453 from the core's end).
      // Each answers with its normal (0, 1, 0) and depth 0.5 + 1 = 1.5 at the core's end.
      const field = new Heightfield(2, 2, [0, 0, 0, 0], s).setPose(offset, TURN);
      const capsule = new Capsule(0.5 * s, 0.3 * s).setPose(
        place([1.3, -1, 0.5]),
        multiplyQuat(TURN, ALONG_Z),
      );
      const up = rotate(TURN, [0, 1, 0]);
      for (const order of [1, -1] as const) {
        const contacts = contactsOf(capsule, field, order);
        expect(contacts.length).toBeGreaterThan(0);
        for (const c of contacts) {
          for (let k = 0; k < 3; k++) expect(Math.abs(c.normal[k]! - up[k]!)).toBeLessThan(1e-12);
          expect(Math.abs(c.penetration - 1.5 * s)).toBeLessThan(1e-12 * s);
        }
        expect(order === 1 ? overlap(capsule, field) : overlap(field, capsule)).toBe(true);
      }
    });
  }
});

describe('test_f132: the adversarial suite configuration (F132)', () => {
  // The reproduction of FINDINGS.md F132: a sphere 0.037 beside the grid's last column, about
  // 4.4 under the surface of the border cells, reaching into their columns.
  const heights = [
    81227.79513315506,
    81226.44226803206,
    81226.48437056053,
    81226.47373371989,
    81226.51713277964,
    81226.48978520885,
    81226.45457601565,
    81226.49775715843,
    81226.50668500073,
    81226.54079655645,
    81226.51535175208,
    81226.52062191912,
    81226.51060158852,
    81202.67696806678,
    81240.89025000992,
    81226.57208783276,
    81226.56880648914,
    81226.55870100786,
    81224.53997173093,
    81226.59044788523,
    81226.57518221236,
    81226.62550749934,
    81226.60609577574,
    81226.63817187455,
    81226.6033497444,
    81226.59972841956,
    81226.58217776642,
    81226.6302382562,
    81226.59954277588,
    81226.59471154294,
    81226.59362151775,
    81226.57038006878,
    81226.5292523519,
    81226.55024253046,
    81226.50464045994,
  ];
  const rows = 7, columns = 5, cell = 0.0698851039738987, radius = 0.291266722348039;
  const origin: Vec3 = [0, 0, 1.0482765596084804];
  const centre: Vec3 = [0.31718733408869104, 81222.0573225447, 1.469010507254643];
  for (const s of SCALES) {
    it(`test_f132_sphere_beside_the_grid_under_the_border (scale ${s}, both orders, overlap too)`, () => {
      const field = new Heightfield(rows, columns, heights.map((h) => h * s), cell * s).setPose(
        scale(origin, s),
        [0, 0, 0, 1],
      );
      const c = scale(centre, s), r = radius * s;
      const sphere = new Sphere(r).setPose(c, [0, 0, 0, 1]);
      // Brute force, per triangle (the README's numbering): its plane, and the sphere's lowest
      // point over each of 300 x 300 points of the triangle's shadow, y - sqrt(r^2 - d^2) for a
      // point d across from the centre. Reached when one of those lies behind the plane; the
      // contact's depth is then r less the centre's height over the plane.
      const corner = (i: number, j: number): Vec3 => [
        j * cell * s + origin[0] * s,
        heights[i * columns + j]! * s,
        i * cell * s + origin[2] * s,
      ];
      const expected = new Map<number, { n: Vec3; depth: number; }>();
      for (let i = 0; i < rows - 1; i++) {
        for (let j = 0; j < columns - 1; j++) {
          const triangles: Vec3[][] = [
            [corner(i, j), corner(i + 1, j), corner(i + 1, j + 1)],
            [corner(i, j), corner(i + 1, j + 1), corner(i, j + 1)],
          ];
          triangles.forEach((t, half) => {
            const across = cross(sub(t[1]!, t[0]!), sub(t[2]!, t[0]!));
            const n = scale(across, 1 / Math.hypot(...across));
            let lowest = Infinity;
            for (let a = 0; a <= 300; a++) {
              for (let b = 0; a + b <= 300; b++) {
                const p = add(
                  t[0]!,
                  add(scale(sub(t[1]!, t[0]!), a / 300), scale(sub(t[2]!, t[0]!), b / 300)),
                );
                const d2 = (p[0] - c[0]) ** 2 + (p[2] - c[2]) ** 2;
                if (d2 > r * r) continue;
                const low: Vec3 = [p[0], c[1] - Math.sqrt(r * r - d2), p[2]];
                lowest = Math.min(lowest, dot(n, sub(low, t[0]!)));
              }
            }
            if (lowest < 0) {
              expected.set(2 * (i * (columns - 1) + j) + half, {
                n,
                depth: r - dot(n, sub(c, t[0]!)),
              });
            }
          });
        }
      }
      expect(expected.size).toBeGreaterThan(0);
      const deepest = Math.max(...[...expected.values()].map((e) => e.depth));
      for (const order of [1, -1] as const) {
        const contacts = contactsOf(sphere, field, order);
        expect(contacts.length).toBeGreaterThan(0);
        for (const contact of contacts) {
          const truth = expected.get(Math.floor(contact.meshFeature / 8));
          // Every contact is a reached triangle's face, its normal and depth as worked out.
          expect(truth).toBeDefined();
          expect(contact.meshFeature % 8).toBe(0);
          for (let k = 0; k < 3; k++) {
            expect(Math.abs(contact.normal[k]! - truth!.n[k]!)).toBeLessThan(1e-9);
          }
          expect(Math.abs(contact.penetration - truth!.depth)).toBeLessThan(1e-9 * s + 1e-9);
        }
        const got = Math.max(...contacts.map((contact) => contact.penetration));
        expect(Math.abs(got - deepest)).toBeLessThan(1e-9 * s + 1e-9);
        expect(order === 1 ? overlap(sphere, field) : overlap(field, sphere)).toBe(true);
      }
    });
  }
});
