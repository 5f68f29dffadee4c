/**
 * FINDINGS.md F15: cracks inside a flat floor are no boundary. Two floors at y = 0 (front up),
 * each with a crack along an inner edge: (a) a fan round the origin whose corner (1, 0, 1) has a
 * twin 1e-12 along the next side, so the triangle between them has zero area and is dropped and
 * the spoke to the corner faces two edges instead of one; (b) two squares side by side whose
 * shared corners differ by 1e-12 (not equal, so not joined). A shape resting on the floor and
 * slid across the crack must only ever see the floor: every normal (0, 1, 0), the deepest depth
 * the floor-as-a-plane's (worked out by hand: the radius less the centre's height, or the
 * lowest corner's depth).
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box, Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

const GAP = 1e-12;

/** The two cracked floors at scale s, and the stretch of x (at z) a shape slides over. */
function floors(s: number) {
  const fan = [0, 0, 0, 1, 0, 1, 1, 0, 1 - GAP, 1, 0, -1, -1, 0, -1, -1, 0, 1].map((x) => x * s);
  const squares = [
    0,
    0,
    0,
    0,
    0,
    1,
    1,
    0,
    1,
    1,
    0,
    0,
    1 + GAP,
    0,
    0,
    1 + GAP,
    0,
    1,
    2,
    0,
    1,
    2,
    0,
    0,
  ]
    .map((x) => x * s);
  return [
    {
      name: 'dropped zero-area triangle',
      mesh: new TriangleMesh(fan, [0, 1, 2, 0, 2, 3, 0, 3, 4, 0, 4, 5, 0, 5, 1]),
      // Across the spoke from the origin to (1, 0, 1): along the line x + z = 1.
      at: (f: number): [number, number] => [(0.25 + 0.5 * f) * s, (0.75 - 0.5 * f) * s],
    },
    {
      name: 'vertices 1e-12 apart',
      mesh: new TriangleMesh(squares, [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]),
      at: (f: number): [number, number] => [(0.7 + 0.6 * f) * s, 0.5 * s],
    },
  ];
}

const DOWN: [number, number, number, number] = [0, 0, 0, 1];
/** A turn about a slanted axis: a box or hull meets the floor with one corner. */
const TILT: [number, number, number, number] = [0.1, 0.38, 0.05, 0.918];

const SHAPES = [
  {
    name: 'sphere',
    // r = 0.25 s, 0.001 s deep.
    place: (s: number, x: number, z: number) =>
      new Sphere(0.25 * s).setPose([x, 0.249 * s, z], DOWN),
    truth: (s: number) => 0.001 * s,
  },
  {
    name: 'capsule',
    // Lying along x, r = 0.1 s, 0.002 s deep.
    place: (s: number, x: number, z: number) =>
      new Capsule(0.1 * s, 0.15 * s).setPose([x, 0.098 * s, z], [0, 0, Math.SQRT1_2, Math.SQRT1_2]),
    truth: (s: number) => 0.002 * s,
  },
  {
    name: 'box',
    place: (s: number, x: number, z: number) => {
      const box = new Box([0.12 * s, 0.08 * s, 0.1 * s]).setPose([0, 0, 0], TILT);
      return box.setPose([x, -0.003 * s - lowest(box), z], TILT);
    },
    truth: (s: number) => 0.003 * s,
  },
  {
    name: 'hull',
    place: (s: number, x: number, z: number) => {
      const points = [
        [0.1, 0, 0],
        [-0.07, 0.02, 0.05],
        [0, -0.09, 0.03],
        [0.02, 0.08, -0.06],
        [-0.03, -0.02, -0.1],
        [0.05, 0.05, 0.09],
      ].map((p) => p.map((c) => c * s));
      const hull = ConvexHull.fromPoints(points).setPose([0, 0, 0], TILT);
      return hull.setPose([x, -0.003 * s - lowest(hull), z], TILT);
    },
    truth: (s: number) => 0.003 * s,
  },
];

/** The lowest y of a shape posed at the origin (its world box's floor: a box's or hull's lowest corner). */
function lowest(shape: Box | ConvexHull): number {
  return shape.aabb[1]!;
}

describe('test_f15: cracks in a flat floor give no ghost contacts (FINDINGS.md F15)', () => {
  it('test_f15_a_slivers_own_edges_are_no_crack: its two long edges run against each other', () => {
    // A sliver of tip angle 1e-9 alone: all three edges are boundaries, so its tip takes contacts.
    for (const s of [1e-3, 1, 1e3]) {
      const mesh = new TriangleMesh([0, 0, 0, s, 0, 1e-9 * s, s, 0, 0], [0, 1, 2]);
      expect(Array.from(mesh.edgeFlags)).toEqual([
        EdgeFlag.Boundary,
        EdgeFlag.Boundary,
        EdgeFlag.Boundary,
      ]);
    }
  });

  for (const s of [1e-3, 1, 1e3]) {
    for (const floor of floors(s)) {
      it(`test_f15_crack_edges_are_flat: ${floor.name} (scale ${s})`, () => {
        const flags = Array.from(
          { length: floor.mesh.triangleCount },
          (_, t) => Array.from(floor.mesh.edgeFlags.subarray(3 * t, 3 * t + 3)),
        ).flat();
        expect(flags.filter((f) => f === EdgeFlag.Boundary).length).toBe(
          floor.name === 'dropped zero-area triangle' ? 4 : 6,
        );
      });
      for (const shape of SHAPES) {
        it(`test_f15_${shape.name}_slides_across_the_crack: ${floor.name} (scale ${s})`, () => {
          const data = new CollisionData({ capacity: 16 });
          for (let step = 0; step <= 40; step++) {
            const [x, z] = floor.at(step / 40);
            const moving = shape.place(s, x, z);
            for (const order of [1, -1]) {
              data.reset();
              const count = order === 1
                ? collide(moving, floor.mesh, data)
                : collide(floor.mesh, moving, data);
              expect(count).toBeGreaterThan(0);
              let deepest = -Infinity;
              for (const c of data.contacts.slice(0, count)) {
                expect(Math.abs(c.normal[0]!)).toBeLessThan(1e-12);
                expect(Math.abs(c.normal[1]! - order)).toBeLessThan(1e-12);
                expect(Math.abs(c.normal[2]!)).toBeLessThan(1e-12);
                deepest = Math.max(deepest, c.penetration);
              }
              expect(Math.abs(deepest - shape.truth(s))).toBeLessThan(1e-9 * s);
            }
          }
        });
      }
    }
  }
});
