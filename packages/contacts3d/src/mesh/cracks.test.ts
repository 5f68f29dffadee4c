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
import { RESTING_SHAPES } from '../test-support/resting-shapes.js';
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

const SHAPES = RESTING_SHAPES;

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
