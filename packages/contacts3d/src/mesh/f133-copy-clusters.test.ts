/**
 * FINDINGS.md F133 (and F134, F148), ghost normals on floors whose triangles carry their own
 * copies of the corners, moved 1e-12 to 1e-9 apart (an unwelded export). The build groups copies
 * within a hundred-millionth of the mesh's size into one vertex of the topology (a cluster) and
 * moves no position: an edge is matched by its two clusters, a vertex's cone is taken over the
 * edges of every copy, and a triangle with two corners in one cluster (a needle thinner than the
 * weld) is dropped. Before, a corner's cone held only the edges of the triangles at that exact
 * copy, so a shape beside the floor's border near a corner got a vertex contact pointing over the
 * triangle at the other copy (F133's `near-duplicate` 1881: the vertex's ring lacks the triangles
 * that use copies of it).
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag, MeshTriangle } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

const SCALES = [1e-3, 1, 1e3];

/**
 * The unit square in y = 0 (fronts up), cut along its diagonal A-C: T = A C B below it and
 * S = A' D C' above it, A' and C' copies of A and C moved by 1e-10 and 1e-9 (well within the weld,
 * 1.4e-8 of the square's diagonal), so no vertex of S is one of T's. With `needle`, the zero-area
 * triangle A C A'' (A'' a copy of A 4e-10 off) follows: two corners in one cluster.
 */
function floor(scale: number, needle = false): TriangleMesh {
  const corners = [
    [0, 0], // 0: A
    [1, 1], // 1: C
    [1, 0], // 2: B
    [-1e-10, 1e-10], // 3: A'
    [0, 1], // 4: D
    [1 - 1e-9, 1 + 1e-9], // 5: C'
    [3e-10, -3e-10], // 6: A''
  ];
  const vertices = corners.flatMap(([x, z]) => [x! * scale, 0, z! * scale]);
  return new TriangleMesh(vertices, [0, 1, 2, 3, 4, 5, ...(needle ? [0, 1, 6] : [])]);
}

/** The largest angle (radians) of the contacts' normals from `expected`, and how many there are. */
function worstAngle(data: CollisionData, expected: readonly number[], order: number): number {
  let worst = 0;
  for (let i = 0; i < data.contactCount; i++) {
    const n = data.contacts[i]!.normal;
    const cosine = order * (n[0]! * expected[0]! + n[1]! * expected[1]! + n[2]! * expected[2]!);
    worst = Math.max(worst, Math.acos(Math.min(1, cosine)));
  }
  return worst;
}

describe('test_f133: copies of a floor corner are one vertex of the topology', () => {
  for (const s of SCALES) {
    it(`test_f133_copies_share_the_diagonal_and_the_corner_cone (scale ${s})`, () => {
      const mesh = floor(s);
      expect(mesh.degenerateTriangleCount).toBe(0);
      // T's diagonal (edge 0, A to C) and S's (edge 2, C' to A') are one edge, shared and flat.
      expect(mesh.edgeNeighbours[0]).toBe(1);
      expect(mesh.edgeNeighbours[5]).toBe(0);
      expect(mesh.edgeFlags[0]).toBe(EdgeFlag.Flat);
      expect(mesh.edgeFlags[5]).toBe(EdgeFlag.Flat);
      const t = new MeshTriangle(), u = new MeshTriangle();
      mesh.loadTriangle(0, t);
      mesh.loadTriangle(1, u);
      // A (T's corner 0) and A' (S's corner 0) are one vertex, as are C and C'.
      expect(t.vertexKeys[0]).toBe(u.vertexKeys[0]);
      expect(t.vertexKeys[1]).toBe(u.vertexKeys[2]);
      // Beyond the border x = 0, over S's side (z > 0): the direction points along S's edge A'-D
      // (+z), so A is not the nearest point there (the edge is); T's own edges at A (+x and the
      // diagonal) both lie behind it.
      const d = { x: -1, y: 0.3, z: 0.5, length: Math.hypot(1, 0.3, 0.5) };
      expect(mesh.vertexAccepts(t.vertexKeys[0]!, d)).toBe(false);
      // Beyond both borders (x < 0, z < 0) every edge at A lies behind it: the corner's contact.
      const corner = { x: -1, y: 0.3, z: -0.5, length: Math.hypot(1, 0.3, 0.5) };
      expect(mesh.vertexAccepts(t.vertexKeys[0]!, corner)).toBe(true);
    });

    it(`test_f133_needle_between_copies_is_dropped (scale ${s})`, () => {
      const mesh = floor(s, true);
      expect(mesh.triangleCount).toBe(2);
      expect(Array.from(mesh.degenerateTriangles)).toEqual([2]);
      expect(mesh.edgeFlags[0]).toBe(EdgeFlag.Flat);
      expect(mesh.edgeFlags[5]).toBe(EdgeFlag.Flat);
    });

    it(`test_f133_sphere_and_capsule_beside_the_border_near_the_copied_corner (scale ${s})`, () => {
      const mesh = floor(s);
      const data = new CollisionData({ capacity: 16 });
      // Centres beyond the border x = 0 at z = 0.05 s and 0.1 s, 0.12 s above the floor: the
      // nearest point of the floor is on S's edge A'-D, so the normal is perpendicular to it (no z
      // part). T's nearest point is its corner A, within the radius, whose own edges lie behind
      // the centre: without S's edges in A's cone that corner took a ghost contact.
      for (const z of [0.05, 0.1]) {
        const r = 0.4 * s, centre = [-0.35 * s, 0.12 * s, z * s] as const;
        const expected = [centre[0], centre[1], 0].map((x) => x / Math.hypot(centre[0], centre[1]));
        const shapes = [
          new Sphere(r).setPose([...centre], [0, 0, 0, 1]),
          // Along x: its end nearest the floor at the centre (the core from -0.35 s - 0.2 s on).
          new Capsule(r, 0.1 * s).setPose(
            [centre[0] - 0.1 * s, centre[1], centre[2]],
            [0, 0, Math.SQRT1_2, Math.SQRT1_2],
          ),
        ];
        for (const shape of shapes) {
          for (const order of [1, -1]) {
            data.reset();
            const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
            expect(count).toBeGreaterThan(0);
            expect(worstAngle(data, expected, order)).toBeLessThan(1e-6);
          }
        }
      }
    });
  }
});
