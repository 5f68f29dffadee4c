/**
 * FINDINGS.md F133, ghost normals on cracked floors: a needle (a zero-area triangle whose corners'
 * copies moved apart by round-off, so it is kept) lay along a crack between two floor triangles,
 * its corners within 8e-10 of the crack's line, and the crack sweep, judging it against each floor
 * edge pair by pair, left an edge a boundary whose cone took a normal off the floor's. The build now
 * drops a needle lying within the crack width of the kept non-needle triangles
 * (`TriangleMesh.redundantNeedles`): the floor's two edges then meet across the crack alone. A
 * needle alone, or reaching past the floor's edge, is kept.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

const SCALES = [1e-3, 1, 1e3];
/** How far the needle's copies lie off the diagonal (x = z), on T's side (z < x). */
const OFF = 4e-10;

/**
 * The unit square in y = 0 (fronts up) cut along its diagonal A-C: T = A C B below it, S = A D C'
 * above it (C' a copy of C 1e-9 off: a crack). The needle N = A1 C1 X has copies of A and C and a
 * middle corner X, all within 8e-10 of the diagonal on T's side; it faces up. With `reach`, its
 * corner C1 lies on the diagonal's line 0.2 past C, beyond the square.
 */
function floor(scale: number, reach = 0): { vertices: number[]; indices: number[]; } {
  const corners = [
    [0, 0], // A
    [1, 1], // C
    [1, 0], // B
    [0, 1], // D
    [1 - 1e-9, 1 + 1e-9], // C'
    [OFF, -OFF], // A1
    [1 + reach + OFF, 1 + reach - OFF], // C1
    [0.5 + 2 * OFF, 0.5 - 2 * OFF], // X
  ];
  return {
    vertices: corners.flatMap(([x, z]) => [x! * scale, 0, z! * scale]),
    indices: [0, 1, 2, 0, 3, 4, 5, 6, 7],
  };
}

/** The contacts of `shape` and `mesh` in both argument orders, each normal as seen from the mesh. */
function contactsBothWays(shape: Sphere | Capsule, mesh: TriangleMesh) {
  const data = new CollisionData({ capacity: 16 });
  const out: { normal: number[]; depth: number; }[][] = [];
  for (const order of [1, -1]) {
    data.reset();
    const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
    out.push(
      data.contacts.slice(0, count).map((c) => ({
        normal: [0, 1, 2].map((i) => order * c.normal[i]!),
        depth: c.penetration,
      })),
    );
  }
  return out;
}

describe('test_f133: a needle along a crack between two floor triangles', () => {
  for (const s of SCALES) {
    it(`test_f133_needle_along_a_crack_is_dropped (scale ${s})`, () => {
      const { vertices, indices } = floor(s);
      const mesh = new TriangleMesh(vertices, indices);
      expect(mesh.redundantNeedleCount).toBe(1);
      expect(Array.from(mesh.redundantNeedles)).toEqual([2]);
      expect(mesh.degenerateTriangleCount).toBe(0);
      expect(Array.from(mesh.triangleIndex)).toEqual([0, 1]);
      // T's diagonal (its edge 0, A to C) and S's (its edge 2, C' to A) meet across the crack.
      expect(mesh.edgeFlags[0]).toBe(EdgeFlag.Flat);
      expect(mesh.edgeFlags[3 + 2]).toBe(EdgeFlag.Flat);
    });

    it(`test_f133_sphere_and_capsule_over_the_needle_get_only_the_floor_normal (scale ${s})`, () => {
      const { vertices, indices } = floor(s);
      const mesh = new TriangleMesh(vertices, indices);
      const r = 0.1 * s, depth = 1e-3 * s;
      let checked = 0;
      // Along the diagonal, over it and beside it on either side (the old build gave 156 contacts
      // here a normal off the floor's, up to 0.043 rad).
      for (let i = 1; i < 40; i++) {
        for (const f of [-0.02, -0.003, -1e-5, 0, 1e-5, 0.003, 0.02]) {
          const x = i / 40,
            centre: [number, number, number] = [(x + f) * s, r - depth, (x - f) * s];
          const shapes = [
            new Sphere(r).setPose(centre, [0, 0, 0, 1]),
            // Lying along z, across the diagonal.
            new Capsule(r, 0.05 * s).setPose(centre, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]),
          ];
          for (const shape of shapes) {
            for (const contacts of contactsBothWays(shape, mesh)) {
              expect(contacts.length).toBeGreaterThan(0);
              let deepest = -Infinity;
              for (const c of contacts) {
                const off = Math.hypot(c.normal[0]!, c.normal[1]! - 1, c.normal[2]!);
                expect(off, `normal at x ${x}, f ${f}`).toBeLessThan(1e-9);
                deepest = Math.max(deepest, c.depth);
              }
              // The floor as a plane: the radius less the centre's height.
              expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s);
              checked++;
            }
          }
        }
      }
      expect(checked).toBe(39 * 7 * 2 * 2);
    });

    it(`test_f133_a_lone_needle_is_kept (scale ${s})`, () => {
      const { vertices } = floor(s);
      // The needle alone: no other triangle covers it.
      const mesh = new TriangleMesh(vertices, [5, 6, 7]);
      expect(mesh.redundantNeedleCount).toBe(0);
      expect(mesh.triangleCount).toBe(1);
    });

    it(`test_f133_a_needle_past_the_floor_edge_is_kept (scale ${s})`, () => {
      // C1 0.2 past the square's corner C: the needle's stretch beyond the square lies within
      // the crack width of nothing.
      const { vertices, indices } = floor(s, 0.2);
      const mesh = new TriangleMesh(vertices, indices);
      expect(mesh.redundantNeedleCount).toBe(0);
      expect(Array.from(mesh.triangleIndex)).toEqual([0, 1, 2]);
      // A sphere over the needle past the square touches the needle alone, by its face.
      const r = 0.1 * s, depth = 1e-3 * s;
      const sphere = new Sphere(r).setPose([1.1 * s, r - depth, 1.1 * s], [0, 0, 0, 1]);
      for (const contacts of contactsBothWays(sphere, mesh)) {
        expect(contacts.length).toBeGreaterThan(0);
        const deepest = Math.max(...contacts.map((c) => c.depth));
        expect(Math.abs(deepest - depth)).toBeLessThan(1e-6 * s);
      }
    });
  }
});
