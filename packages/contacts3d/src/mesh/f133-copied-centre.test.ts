/**
 * FINDINGS.md F133 (the `near-duplicate` case 1881) and F109's mechanism: a fan's centre whose
 * triangles use two copies of it (1.4e-10 apart, not equal, so not joined) and a needle at one
 * copy whose long edges stay boundaries, so that copy is not flat. Its ring held only the edges
 * of its own triangles, so its normal cone was open toward the triangles at the other copy: a
 * sphere over them got a vertex contact tilted toward its centre (0.029 rad at the middle
 * placement). A vertex's ring now covers its copies (vertices within the crack width, grouped
 * transitively, positions not moved), and so does its flatness.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Sphere } from '../shapes/primitives.js';
import { Direction } from './mesh-triangle.js';
import { upwardFloor } from '../test-support/mesh-scenes.js';
import type { TriangleMesh } from './triangle-mesh.js';

/** (x, z) in y = 0: C, its copy C', the square's corners P0..P3, the needle's far corner Q and apex. */
const POINTS = [[0, 0], [1e-10, 1e-10], [1, 1], [-1, 1], [-1, -1], [1, -1], [0, 0.8], [1e-9, 0.4]];
/** C P0 P1 and C P1 P2 at C; C' P2 P3 and C' P3 P0 at its copy; the needle C Q apex over C P0 P1. */
const TRIANGLES = [[0, 2, 3], [0, 3, 4], [1, 4, 5], [1, 5, 2], [0, 6, 7]];

/** The floor at `scale`, every triangle wound to face up (+y). */
function floor(scale: number): TriangleMesh {
  return upwardFloor(POINTS, TRIANGLES, scale);
}

/** A unit `Direction`. */
function direction(x: number, y: number, z: number): Direction {
  const d = new Direction();
  d.x = x;
  d.y = y;
  d.z = z;
  d.length = Math.hypot(x, y, z);
  return d;
}

describe('test_f133: a fan centre split between two copies, one of them at a needle', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const mesh = floor(s);

    it(`test_f133_copied_centre_cone_is_closed_on_the_copy_side (scale ${s})`, () => {
      expect(mesh.triangleCount).toBe(5);
      // C is vertex 0 (the first position given). Toward P3 (+x, -z), over C' P2 P3 and C' P3 P0,
      // the triangles at the copy: tilted by 0.03 rad the direction must be refused; along the
      // floor's normal it is inside every cone.
      const tilt = 0.03;
      const toward = direction(
        Math.SQRT1_2 * Math.sin(tilt),
        Math.cos(tilt),
        -Math.SQRT1_2 * Math.sin(tilt),
      );
      expect(mesh.vertexAccepts(0, toward)).toBe(false);
      expect(mesh.vertexAccepts(1, toward)).toBe(false);
      expect(mesh.vertexAccepts(0, direction(0, 1, 0))).toBe(true);
    });

    it(`test_f133_sphere_over_the_copied_centre_gets_the_floor_normal (scale ${s})`, () => {
      const r = s, depth = 0.02 * s;
      const data = new CollisionData({ capacity: 16 });
      for (const a of [0.005, 0.02, 0.05]) {
        // Over C' P2 P3 and C' P3 P0, beside C: C's nearest point of C P0 P1 and C P1 P2.
        const sphere = new Sphere(r).setPose([a * s, r - depth, -a * s], [0, 0, 0, 1]);
        for (const order of [1, -1]) {
          data.reset();
          const count = order === 1 ? collide(sphere, mesh, data) : collide(mesh, sphere, data);
          expect(count, `at ${a}, order ${order}`).toBeGreaterThan(0);
          let deepest = -Infinity;
          for (const c of data.contacts.slice(0, count)) {
            const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
            expect(off, `normal at ${a}, order ${order}`).toBeLessThan(1e-9);
            deepest = Math.max(deepest, c.penetration);
          }
          // The floor is flat: the plane's depth is the overlap.
          expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s);
        }
      }
    });
  }
});
