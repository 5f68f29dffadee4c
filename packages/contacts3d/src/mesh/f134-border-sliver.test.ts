/**
 * FINDINGS.md F134, the capsule that overlapped a cracked floor's border by 0.0013 and got no
 * contact (`near-duplicate`): the crack sweep closed the border itself. Along the border lay a
 * sliver S (5e-7 wide over its length 1, narrower than the crack width) and beyond its inner
 * edge, the diagonal, another sliver U whose edge from a copy of S's corner ran back along the
 * diagonal. The copy lay 1e-11 beyond the border's line (copies of a vertex differ by
 * round-off), so U counted as across the border (F75's rule: its far corner inside by less than
 * the width, another corner strictly beyond), and S counted as across U's edge the same way:
 * the border was `Flat` and the core beside it met nothing. Both triangles lie on one side of
 * each other's lines up to round-off; a triangle now counts as across only when its corner
 * beyond reaches farther than its far corner lies inside.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

/** The sliver's width and the offsets of the copies (fractions of the floor's size 1). */
const W = 5e-7;
const COPY = 1e-11;

/** Corners (x, z) of the floor in y = 0; S is triangle 0, its border edge O-B along z = 0. */
const CORNERS: [number, number][] = [
  [0, 0], // O
  [1, 0], // B
  [1, W], // C: S = O B C, its inner edge C-O the diagonal
  [0, -COPY], // O', a copy of O just beyond the border's line
  [1, W + 1e-8], // P: U's edge O'-P runs back along the diagonal, 1e-8 inside C at its end
  [0.5, 0.5 * W + 2.5e-9], // Q: U's far corner, between the diagonal and O'-P
  [COPY, -2 * COPY], // copies of O' and P for the floor beyond U
  [1, W + 1e-8 + COPY],
  [1, 1],
  [0, 1],
];
const TRIANGLES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [6, 8, 9]];

/** The floor at `scale`, each triangle wound to face +y. */
function floor(scale: number): TriangleMesh {
  const vertices = CORNERS.flatMap(([x, z]) => [x * scale, 0, z * scale]);
  const indices = TRIANGLES.flatMap(([a, b, c]) => {
    const [p, q, r] = [CORNERS[a!]!, CORNERS[b!]!, CORNERS[c!]!];
    const up = (q[1] - p[1]) * (r[0] - p[0]) - (q[0] - p[0]) * (r[1] - p[1]);
    return up > 0 ? [a!, b!, c!] : [a!, c!, b!];
  });
  return new TriangleMesh(vertices, indices);
}

describe('test_f134: a sliver along a floor border, beyond it a sliver from a copy of its corner', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const mesh = floor(s);

    it(`test_f134_border_of_a_sliver_stays_a_boundary (scale ${s})`, () => {
      expect(mesh.triangleCount).toBe(4);
      const t = Array.from(mesh.triangleIndex).indexOf(0);
      const p = mesh.positions, tv = mesh.triangleVertices;
      let border = -1;
      for (let k = 0; k < 3; k++) {
        const a = 3 * tv[3 * t + k]!, b = 3 * tv[3 * t + (k + 1) % 3]!;
        if (p[a + 2] === 0 && p[b + 2] === 0) border = k;
      }
      expect(border).toBeGreaterThanOrEqual(0);
      expect(mesh.edgeFlags[3 * t + border]).toBe(EdgeFlag.Boundary);
    });

    it(`test_f134_sphere_and_capsule_beside_the_border_touch_it (scale ${s})`, () => {
      // Beside the border (z < 0) and above the floor: the border edge is nearest, at
      // hypot(height, z) from the core, so the depth is r minus that and the normal points
      // from the border to the core.
      const r = 0.1 * s, height = 0.05 * s, z = -0.03 * s;
      const reach = Math.hypot(height, z), depth = r - reach;
      const data = new CollisionData({ capacity: 16 });
      for (const x of [0.2, 0.35, 0.5, 0.65, 0.8]) {
        const centre: [number, number, number] = [x * s, height, z];
        const shapes = [
          new Sphere(r).setPose(centre, [0, 0, 0, 1]),
          // Lying along x, beside the border.
          new Capsule(r, 0.05 * s).setPose(centre, [0, 0, -Math.SQRT1_2, Math.SQRT1_2]),
        ];
        for (const shape of shapes) {
          for (const order of [1, -1]) {
            data.reset();
            const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
            expect(count, `at x ${x}, order ${order}`).toBeGreaterThan(0);
            let deepest = -Infinity;
            for (const c of data.contacts.slice(0, count)) {
              const off = Math.hypot(
                c.normal[0]!,
                c.normal[1]! - (order * height) / reach,
                c.normal[2]! - (order * z) / reach,
              );
              expect(off, `normal at x ${x}, order ${order}`).toBeLessThan(1e-9);
              deepest = Math.max(deepest, c.penetration);
            }
            expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s);
          }
        }
      }
    });
  }
});
