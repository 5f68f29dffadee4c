/**
 * FINDINGS.md F148 (the hull's `near-duplicate` case 1625) and F133's needles: a needle (a
 * triangle of copies, 7e-10 high over an edge 2.8 long) lying along an edge two floor triangles
 * share. Its long edges had no open edge across them (the floor's edge there has two triangles
 * and is flat), so the crack sweep left them boundaries and their cones open: a shape beside the
 * line got an edge contact tilted across it. The uses of shared edges whose ends lie within the
 * crack width of an open edge's ends now join the sweep, to cover open edges only.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Sphere } from '../shapes/primitives.js';
import { upwardFloor } from '../test-support/mesh-scenes.js';
import type { TriangleMesh } from './triangle-mesh.js';

/** (x, z) in y = 0: the square's corners P0..P3, then the needle's A' (a copy of P0) and C' (of P2). */
const POINTS = [[-1, -1], [1, -1], [1, 1], [-1, 1], [-1, -1 + 1e-9], [1 + 1e-9, 1]];
/** The floor's two triangles share the diagonal P0 P2; the needle A' P2 C' lies along it. */
const TRIANGLES = [[0, 1, 2], [0, 2, 3], [4, 2, 5]];

/** The floor at `scale`, every triangle wound to face up (+y). */
function floor(scale: number): TriangleMesh {
  return upwardFloor(POINTS, TRIANGLES, scale);
}

describe('test_f148: a needle along an edge two floor triangles share', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const mesh = floor(s);

    it(`test_f148_needle_on_a_shared_edge_keeps_the_floor_normal (scale ${s})`, () => {
      // The needle is kept (above the degenerate ratio): the rule must close it, not drop it.
      expect(mesh.triangleCount).toBe(3);
      const r = 0.5 * s, depth = 0.01 * r;
      const data = new CollisionData({ capacity: 16 });
      for (const along of [-0.5, 0, 0.4]) {
        for (const across of [-0.02, -0.003, 0.003, 0.02]) {
          // Over the diagonal x = z at `along`, moved `across` off it along (1, -1) / sqrt 2.
          const x = (along + across / Math.SQRT2) * s, z = (along - across / Math.SQRT2) * s;
          const sphere = new Sphere(r).setPose([x, r - depth, z], [0, 0, 0, 1]);
          for (const order of [1, -1]) {
            data.reset();
            const count = order === 1 ? collide(sphere, mesh, data) : collide(mesh, sphere, data);
            const where = `at ${along}, ${across}, order ${order}`;
            expect(count, where).toBeGreaterThan(0);
            let deepest = -Infinity;
            for (const c of data.contacts.slice(0, count)) {
              const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
              expect(off, `normal ${where}`).toBeLessThan(1e-9);
              deepest = Math.max(deepest, c.penetration);
            }
            // The floor is flat: the plane's depth is the overlap.
            expect(Math.abs(deepest - depth), where).toBeLessThan(1e-9 * s);
          }
        }
      }
    });
  }
});
