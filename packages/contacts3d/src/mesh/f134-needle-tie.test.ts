/**
 * FINDINGS.md F134, the capsule that overlapped a floor near 1e5 by 0.288 with its core in front
 * of the surface and got no contact (`far-1e5`): the floor's border there was the long edge of a
 * needle (1e-9 of the floor wide at one end, a point at the other), whose inner edge, shared
 * with the floor beside it, is `Flat`. Near the needle's point the two edges lie within
 * round-off of each other, so which of them is nearest to the core was the sign of round-off;
 * the kernel tried only the nearest, the flat one, which the rule against ghost contacts
 * refuses, and the border behind it never answered. The next edge now answers when it is within
 * the triangle's slack of the nearest.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

type Vec3Tuple = [number, number, number];

/** The needle's point on the border (z) and its width at the far end (fractions of the floor). */
const TIP = 1e-3;
const WIDTH = 1e-9;

/**
 * The unit square in y = 0 (fronts up), scaled and moved by `offset` along x and z: the needle
 * N = (0, TIP) (0, 1) (WIDTH, 1) along the border x = 0, the rest a fan from N's point.
 */
function floor(scale: number, offset: number): TriangleMesh {
  const corners = [
    [0, TIP], // A: the needle's point
    [0, 1], // B
    [WIDTH, 1], // C: N = A B C; its inner edge C-A is shared with the fan
    [1, 1],
    [1, 0],
    [0, 0],
  ];
  const vertices = corners.flatMap(([x, z]) => [x! * scale + offset, 0, z! * scale + offset]);
  // Counter-clockwise seen from +y: (q - p) x (r - p) has a positive y component.
  return new TriangleMesh(vertices, [0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5]);
}

/** The fuzz case's pose of the floor: a turn about a tilted axis (round-off in every coordinate). */
const TURN: [number, number, number, number] = [
  -0.09477313327387739,
  -0.7728413864304312,
  0.6274662655246833,
  -0.004508908764686198,
];

/** `p` turned by the unit quaternion `TURN` (x, y, z, w): p + 2w (u x p) + 2 u x (u x p). */
function turn(p: readonly number[]): Vec3Tuple {
  const [x, y, z, w] = TURN;
  const cx = y * p[2]! - z * p[1]!, cy = z * p[0]! - x * p[2]!, cz = x * p[1]! - y * p[0]!;
  return [
    p[0]! + 2 * (w * cx + y * cz - z * cy),
    p[1]! + 2 * (w * cy + z * cx - x * cz),
    p[2]! + 2 * (w * cz + x * cy - y * cx),
  ];
}

describe('test_f134: a core beside a floor border that is a needle long edge', () => {
  const places = [
    { name: 'scale 1e-3', scale: 1e-3, offset: 0 },
    { name: 'scale 1', scale: 1, offset: 0 },
    { name: 'scale 1e3', scale: 1e3, offset: 0 },
    { name: 'near 1e5', scale: 1, offset: 1e5 },
    { name: 'scale 1e3 near 1e5', scale: 1e3, offset: 1e5 },
  ];
  for (const { name, scale: s, offset } of places) {
    // Turned and moved as the fuzz case's floor: world = turn(p) + shift.
    const shift: [number, number, number] = [-0.8 * offset, 0.04 * offset, -0.43 * offset];
    const mesh = floor(s, offset).setPose(shift, TURN);
    const place = (p: readonly number[]) => turn(p).map((c, i) => c + shift[i]!) as Vec3Tuple;

    it(`test_f134_needle_border_is_a_boundary_its_inner_edge_flat (${name})`, () => {
      expect(mesh.triangleCount).toBe(4);
      // Triangle 0 is N = A B C: edge 0 (A-B) the border, edge 2 (C-A) the inner edge.
      const t = Array.from(mesh.triangleIndex).indexOf(0);
      expect(mesh.edgeFlags[3 * t]).toBe(EdgeFlag.Boundary);
      expect(mesh.edgeFlags[3 * t + 2]).toBe(EdgeFlag.Flat);
    });

    it(`test_f134_sphere_and_capsule_beside_the_needle_touch_the_border (${name})`, () => {
      // Outside the border (x < 0), above the floor, along the needle's narrow end: the border
      // x = 0 is nearest, at hypot(x, height), so the depth is r minus that and the normal points
      // from the border to the core.
      const r = 0.3 * s, data = new CollisionData({ capacity: 16 });
      let places = 0;
      for (let i = 0; i < 24; i++) {
        const x = -(0.002 + 0.0005 * i) * s, height = (0.05 + 0.001 * i) * s;
        const z = (0.004 + 0.0013 * i) * s;
        const reach = Math.hypot(x, height), depth = r - reach;
        const shapes = [
          new Sphere(r).setPose(place([x + offset, height, z + offset]), [0, 0, 0, 1]),
          // Upright in the floor's frame (its axis the floor's normal), its lower end the
          // nearest point of its core.
          new Capsule(r, 0.5 * s).setPose(place([x + offset, height + 0.5 * s, z + offset]), TURN),
        ];
        // From the border to the core, in the world.
        const normal = turn([x / reach, height / reach, 0]);
        for (const shape of shapes) {
          for (const order of [1, -1]) {
            data.reset();
            const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
            expect(count, `at ${i}, order ${order}`).toBeGreaterThan(0);
            let deepest = -Infinity;
            for (const c of data.contacts.slice(0, count)) {
              const off = Math.hypot(
                c.normal[0]! - order * normal[0],
                c.normal[1]! - order * normal[1],
                c.normal[2]! - order * normal[2],
              );
              expect(off, `normal at ${i}, order ${order}`).toBeLessThan(1e-6);
              deepest = Math.max(deepest, c.penetration);
            }
            expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s + 1e-10 * offset);
            places++;
          }
        }
      }
      expect(places).toBe(96);
    });
  }
});
