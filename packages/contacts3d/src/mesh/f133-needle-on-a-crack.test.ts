/**
 * FINDINGS.md F133, a sphere over a near-duplicate floor with an edge contact 0.08 rad off the
 * floor's normal (`near-duplicate`): a needle (the copies of a zero-area triangle's corners
 * moved apart by 1e-9, so it is kept) lay along a crack between two triangles, its three corners
 * within 1e-9 of the crack's line, on the side of the triangle its long edge faces by round-off.
 * So by its corners it was across neither line (the rule wants a corner beyond), and its long edge
 * stayed a boundary, whose cone took the ghost. Such a needle's side is its winding: a triangle
 * whose corners all lie within a hundredth of the crack width of the line counts as across it.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

/**
 * Corners (x, z) in y = 0 (fronts up): the crack along z = 0 from A to B between T = A B D below
 * and S = A' B E above (A' a copy of A 1e-9 off); the needle N = B A1 A2 along it, A1 and A2
 * copies of A 8e-10 and 6e-11 below the line (T's side), A2 5.9e-7 along it: N's long edge A1-B
 * faces T's edge (its inside is above it), and by its corners N lies on T's side.
 */
const CORNERS: [number, number][] = [
  [0, 0], // A
  [1, 0], // B
  [0.5, -1], // D
  [-1e-9, 1e-9], // A'
  [0.5, 1], // E
  [1e-9, -8e-10], // A1
  [5.9e-7, -6e-11], // A2
];
const TRIANGLES = [[0, 1, 2], [3, 1, 4], [1, 5, 6]];

function floor(scale: number, offset: number): TriangleMesh {
  const vertices = CORNERS.flatMap(([x, z]) => [x * scale + offset, 0, z * scale + offset]);
  const indices = TRIANGLES.flatMap(([a, b, c]) => {
    const [p, q, r] = [CORNERS[a!]!, CORNERS[b!]!, CORNERS[c!]!];
    const up = (q[1] - p[1]) * (r[0] - p[0]) - (q[0] - p[0]) * (r[1] - p[1]);
    return up > 0 ? [a!, b!, c!] : [a!, c!, b!];
  });
  return new TriangleMesh(vertices, indices);
}

describe('test_f133: a needle along a crack, on one side by round-off and facing the other', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const mesh = floor(s, 0);

    it(`test_f133_needle_long_edges_are_flat (scale ${s})`, () => {
      expect(mesh.triangleCount).toBe(3);
      const t = Array.from(mesh.triangleIndex).indexOf(2);
      const p = mesh.positions, tv = mesh.triangleVertices;
      let long = 0;
      for (let k = 0; k < 3; k++) {
        const a = 3 * tv[3 * t + k]!, b = 3 * tv[3 * t + (k + 1) % 3]!;
        // The two long edges; the tip A1-A2 (5.9e-7 long) is the needle's end.
        if (Math.hypot(p[b]! - p[a]!, p[b + 2]! - p[a + 2]!) < 0.5 * s) continue;
        expect(mesh.edgeFlags[3 * t + k]).toBe(EdgeFlag.Flat);
        long++;
      }
      expect(long).toBe(2);
    });

    it(`test_f133_sphere_and_capsule_over_the_needle_get_the_floor_normal (scale ${s})`, () => {
      const r = 0.1 * s, depth = 1e-3 * s;
      const data = new CollisionData({ capacity: 16 });
      for (const x of [0.15, 0.3, 0.5, 0.7, 0.85]) {
        for (const z of [-0.05, -0.01, 0, 0.01, 0.05]) {
          const centre: [number, number, number] = [x * s, r - depth, z * s];
          const shapes = [
            new Sphere(r).setPose(centre, [0, 0, 0, 1]),
            // Lying along z, across the crack.
            new Capsule(r, 0.05 * s).setPose(centre, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]),
          ];
          for (const shape of shapes) {
            for (const order of [1, -1]) {
              data.reset();
              const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
              expect(count, `at x ${x}, z ${z}, order ${order}`).toBeGreaterThan(0);
              let deepest = -Infinity;
              for (const c of data.contacts.slice(0, count)) {
                const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
                expect(off, `normal at x ${x}, z ${z}, order ${order}`).toBeLessThan(1e-9);
                deepest = Math.max(deepest, c.penetration);
              }
              expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s);
            }
          }
        }
      }
    });
  }
});
