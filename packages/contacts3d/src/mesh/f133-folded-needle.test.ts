/**
 * FINDINGS.md F133, a sphere over a near-duplicate floor with an edge contact 0.09 rad off the
 * floor's normal: a zero-area triangle whose corners' copies moved apart by 1e-9 (so it is kept)
 * lay folded back over a crack, facing down, and used one side's edge in the same direction as
 * that side's triangle. An edge of two triangles that do not run it against each other got no
 * neighbour, and (used twice) was no crack candidate either: the floor's edge stayed a boundary,
 * whose cone took the ghost. Each use of such an edge now joins the crack sweep, and a needle
 * folded back in the floor's plane vetoes nothing (it is no crease). Run the other way, against
 * the side's triangle, the needle was joined to it as its neighbour across a convex edge (their
 * fronts opposite: `far-1e5`, 0.19 rad): two triangles folded back flat are no longer joined.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

/**
 * The unit square in y = 0 (fronts up) cut along its diagonal A-C: T = A C B below it, S = A D C'
 * above it (C' a copy of C 1e-9 off: a crack); the needle F = A C X runs T's diagonal A to C the
 * same way, its corner X 5.9e-7 along the diagonal and 1e-9 above it, so it faces down.
 */
function floor(scale: number, against: boolean): TriangleMesh {
  const corners = [
    [0, 0], // A
    [1, 1], // C
    [1, 0], // B
    [0, 1], // D
    [1 - 1e-9, 1 + 1e-9], // C'
    // X: above the diagonal for F = A C X, below it for F = C A X (both face down).
    against ? [5.9e-7 + 1e-9, 5.9e-7] : [5.9e-7, 5.9e-7 + 1e-9],
  ];
  const vertices = corners.flatMap(([x, z]) => [x! * scale, 0, z! * scale]);
  return new TriangleMesh(vertices, [0, 1, 2, 0, 3, 4, ...(against ? [1, 0, 5] : [0, 1, 5])]);
}

describe('test_f133: a needle folded back over a crack, running one side edge the same way', () => {
  for (const [s, against] of [1e-3, 1, 1e3].flatMap((x) => [[x, false], [x, true]] as const)) {
    // `against`: F runs the diagonal C to A, against T, so the two were joined as a convex edge
    // (their fronts opposite); otherwise A to C, the same way as T.
    const mesh = floor(s, against);

    it(`test_f133_folded_needle_leaves_the_crack_flat (scale ${s}${against ? ', against' : ''})`, () => {
      expect(mesh.triangleCount).toBe(3);
      // T's diagonal (its edge 0, A to C) and S's (its edge 2, C' to A).
      const t = Array.from(mesh.triangleIndex).indexOf(0),
        u = Array.from(mesh.triangleIndex).indexOf(1);
      const needle = Array.from(mesh.triangleIndex).indexOf(2);
      expect(mesh.triangleNormals[3 * needle + 1]).toBeLessThan(0);
      expect(mesh.edgeFlags[3 * t]).toBe(EdgeFlag.Flat);
      expect(mesh.edgeFlags[3 * u + 2]).toBe(EdgeFlag.Flat);
    });

    const place = `scale ${s}${against ? ', against' : ''}`;
    it(`test_f133_sphere_and_capsule_over_the_folded_needle_get_the_floor_normal (${place})`, () => {
      const r = 0.1 * s, depth = 1e-3 * s;
      const data = new CollisionData({ capacity: 16 });
      for (const x of [0.2, 0.4, 0.6, 0.8]) {
        for (const f of [-0.03, -0.005, 0, 0.005, 0.03]) {
          const centre: [number, number, number] = [(x + f) * s, r - depth, (x - f) * s];
          const shapes = [
            new Sphere(r).setPose(centre, [0, 0, 0, 1]),
            new Capsule(r, 0.05 * s).setPose(centre, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]),
          ];
          for (const shape of shapes) {
            for (const order of [1, -1]) {
              data.reset();
              const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
              expect(count, `at x ${x}, f ${f}, order ${order}`).toBeGreaterThan(0);
              let deepest = -Infinity;
              for (const c of data.contacts.slice(0, count)) {
                const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
                expect(off, `normal at x ${x}, f ${f}, order ${order}`).toBeLessThan(1e-9);
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
