/**
 * FINDINGS.md F133: a floor exported without welding (each triangle its own copies of its
 * corners, moved 1e-12 to 1e-9 of the floor apart) left cracks whose edges the crack sweep judged
 * pair by pair, and some stayed boundaries whose cone took a ghost normal. The build now welds
 * clusters of copies (`weldClusters` in triangle-mesh.ts): vertices within 1e-8 of the mesh's
 * diagonal, transitively, become one vertex at their mean, whatever order they come in; a
 * cluster wider than 4 such distances, or with another vertex within 16 of it, stays as given.
 * Worked out by hand below: the floors' corners, the copies' means, which edges are shared.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

const PLACES = [
  { name: 'scale 1e-3', s: 1e-3, offset: 0 },
  { name: 'scale 1', s: 1, offset: 0 },
  { name: 'scale 1e3', s: 1e3, offset: 0 },
  { name: 'scale 1 near 1e5', s: 1, offset: 1e5 },
];

/** A small deterministic generator (a linear congruential one), so each case is fixed. */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * The square [0, 1]^2 in y = 0 (fronts up) as a 2 x 2 grid of cells, each cut along a diagonal:
 * 9 corners, 8 triangles, in the order `order`, each triangle with its own copies of its corners,
 * every copy moved by +-1e-9 in x and z (a third of them not moved). Returns the mesh and, per
 * corner, the copies' positions (to check the welded vertex against their mean).
 */
function unweldedGrid(s: number, offset: number, order: number[], seed: number) {
  const corner = (i: number, j: number) => [i / 2, j / 2];
  const triangles: [number, number, number][] = [];
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 2; j++) {
      const a = 3 * i + j, b = 3 * i + j + 1, c = 3 * (i + 1) + j + 1, d = 3 * (i + 1) + j;
      // Counter-clockwise seen from +y: (x, z) -> (x, z + 1) -> (x + 1, z + 1).
      triangles.push([a, b, c], [a, c, d]);
    }
  }
  const random = generator(seed);
  const vertices: number[] = [], indices: number[] = [];
  const copies = new Map<number, number[][]>();
  for (const t of order.map((k) => triangles[k]!)) {
    for (const k of t) {
      const [x, z] = corner(Math.floor(k / 3), k % 3);
      const move = () => (random() < 1 / 3 ? 0 : (random() < 0.5 ? -1e-9 : 1e-9));
      const p = [(x! + move()) * s + offset, 0, (z! + move()) * s + offset];
      vertices.push(...p);
      indices.push(vertices.length / 3 - 1);
      copies.set(k, [...(copies.get(k) ?? []), p]);
    }
  }
  return { mesh: new TriangleMesh(vertices, indices), copies };
}

/** The welded vertex number of the caller's vertex `v`, found through the triangle that uses it. */
function weldedOf(mesh: TriangleMesh, indices: number[], v: number): number {
  const i = indices.indexOf(v), slot = Array.from(mesh.triangleIndex).indexOf(Math.floor(i / 3));
  return mesh.triangleVertices[3 * slot + (i % 3)]!;
}

const ORDERS = [
  [0, 1, 2, 3, 4, 5, 6, 7],
  [7, 6, 5, 4, 3, 2, 1, 0],
  [3, 6, 0, 5, 2, 7, 4, 1],
];

describe('test_f133: copies of a corner are welded whole, whatever their order', () => {
  for (const { name, s, offset } of PLACES) {
    it(`test_f133_copies_of_each_corner_become_one_vertex_at_their_mean (${name})`, () => {
      for (const [n, order] of ORDERS.entries()) {
        const { mesh, copies } = unweldedGrid(s, offset, order, 7 + n);
        expect(mesh.positions.length / 3).toBe(9);
        expect(mesh.triangleCount).toBe(8);
        expect(mesh.degenerateTriangleCount).toBe(0);
        // Each corner's vertex is the mean of its distinct copies (equal copies are one vertex
        // before the weld; the welded positions hold all nine).
        for (const all of copies.values()) {
          const list = [...new Map(all.map((p) => [p.join(','), p])).values()];
          const mean = [0, 1, 2].map((k) => list.reduce((sum, p) => sum + p[k]!, 0) / list.length);
          let found = false;
          for (let v = 0; v < 9; v++) {
            const off = Math.hypot(...[0, 1, 2].map((k) => mesh.positions[3 * v + k]! - mean[k]!));
            if (off <= 1e-15 * (s + offset)) found = true;
          }
          expect(found).toBe(true);
        }
        // The 16 interior edge uses (8 edges inside the square, each of two triangles) have a
        // neighbour and are flat; the 8 border edges are boundaries; the centre is flat.
        let flat = 0, boundary = 0;
        for (let e = 0; e < 24; e++) {
          if (mesh.edgeFlags[e] === EdgeFlag.Flat && mesh.edgeNeighbours[e]! >= 0) flat++;
          if (mesh.edgeFlags[e] === EdgeFlag.Boundary && mesh.edgeNeighbours[e] === -1) boundary++;
        }
        expect([flat, boundary]).toEqual([16, 8]);
        let flatVertices = 0;
        for (let v = 0; v < 9; v++) if (mesh.vertexIsFlat(v)) flatVertices++;
        expect(flatVertices).toBe(1);
      }
    });

    it(`test_f133_sphere_and_capsule_on_the_unwelded_grid_get_the_floor_normal (${name})`, () => {
      const { mesh } = unweldedGrid(s, offset, ORDERS[2]!, 11);
      const data = new CollisionData({ capacity: 16 });
      const r = 0.1 * s, depth = 1e-3 * s;
      // Over the inner edges and the centre: x, z in 0.3 .. 0.7 of the square.
      for (const x of [0.3, 0.5, 0.5 + 1e-9, 0.7]) {
        for (const z of [0.3, 0.5, 0.5 - 1e-9, 0.7]) {
          const centre: [number, number, number] = [x * s + offset, r - depth, z * s + offset];
          const shapes = [
            new Sphere(r).setPose(centre, [0, 0, 0, 1]),
            new Capsule(r, 0.05 * s).setPose(centre, [Math.SQRT1_2, 0, 0, Math.SQRT1_2]),
          ];
          for (const shape of shapes) {
            for (const order of [1, -1]) {
              data.reset();
              const count = order === 1 ? collide(shape, mesh, data) : collide(mesh, shape, data);
              expect(count, `at ${x}, ${z}`).toBeGreaterThan(0);
              let deepest = -Infinity;
              for (const c of data.contacts.slice(0, count)) {
                const off = Math.hypot(c.normal[0]!, c.normal[1]! - order, c.normal[2]!);
                expect(off, `normal at ${x}, ${z}, order ${order}`).toBeLessThan(1e-9);
                deepest = Math.max(deepest, c.penetration);
              }
              expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s + 1e-14 * offset);
            }
          }
        }
      }
    });
  }
});

/**
 * Three triangles fanned about the corner P = (0, 0) of the square [-1, 1]^2's quadrants, each
 * with its own copy of P, the copies at `copies` (x offsets from P, fractions of the floor), in
 * the order given: the weld distance is 1e-8 of the diagonal (2 sqrt 2 here).
 */
function fan(s: number, offset: number, copies: number[]) {
  const rim = [[1, 0], [1, 1], [-1, 1], [-1, -1]];
  const vertices: number[] = [], indices: number[] = [];
  // Counter-clockwise seen from +y: P, then the rim corner of the larger angle first.
  for (let k = 0; k < 3; k++) {
    const points = [[copies[k]!, 0], rim[k + 1]!, rim[k]!];
    for (const [x, z] of points) {
      vertices.push(x! * s + offset, 0, z! * s + offset);
      indices.push(vertices.length / 3 - 1);
    }
  }
  return { mesh: new TriangleMesh(vertices, indices), indices };
}

const WELD = 1e-8 * 2 * Math.SQRT2;

describe('test_f133: a chain of copies is one cluster; a wide one, or one beside detail, stays apart', () => {
  for (const { name, s, offset } of PLACES) {
    it(`test_f133_a_chain_within_the_weld_is_one_vertex_in_any_order (${name})`, () => {
      // 0, 0.8 and 1.6 welds: the ends are 1.6 welds apart, each within one weld of the middle.
      // Welding each copy to the first kept one within reach (Bullet's btTriangleMesh) splits
      // them when the middle comes last; union-find joins them in every order.
      const chain = [0, 0.8 * WELD, 1.6 * WELD];
      for (const order of [[0, 1, 2], [0, 2, 1], [1, 0, 2], [1, 2, 0], [2, 0, 1], [2, 1, 0]]) {
        const { mesh, indices } = fan(s, offset, order.map((k) => chain[k]!));
        expect(mesh.positions.length / 3).toBe(5);
        const p = weldedOf(mesh, indices, 0);
        for (const v of [3, 6]) expect(weldedOf(mesh, indices, v)).toBe(p);
        // At the mean, 0.8 welds along x.
        expect(Math.abs(mesh.positions[3 * p]! - (0.8 * WELD * s + offset))).toBeLessThanOrEqual(
          1e-15 * (s + offset),
        );
      }
    });

    it(`test_f133_a_chain_wider_than_four_welds_stays_as_given (${name})`, () => {
      // 0, 0.9 and 1.8 welds: one vertex. Six copies from 0 to 4.5 welds, 0.9 apart (the sixth
      // used by no triangle, still a vertex of the mesh): a chain 4.5 welds long, left as given.
      const { mesh } = fan(s, offset, [0, 0.9 * WELD, 1.8 * WELD]);
      expect(mesh.positions.length / 3).toBe(5);
      const wide = new TriangleMesh(
        [
          ...[0, 0.9, 1.8, 2.7, 3.6, 4.5].flatMap((x) => [x * WELD * s + offset, 0, offset]),
          ...[[1, 0], [1, 1], [-1, 1], [-1, -1], [0, -1]].flatMap(([x, z]) => [
            x! * s + offset,
            0,
            z! * s + offset,
          ]),
        ],
        [0, 7, 6, 1, 8, 7, 2, 9, 8, 3, 10, 9, 4, 6, 10],
      );
      // Six copies of P, none welded: 6 + 5 rim corners.
      expect(wide.positions.length / 3).toBe(11);
    });

    it(`test_f133_a_cluster_with_a_vertex_near_it_stays_as_given (${name})`, () => {
      // Two copies 0.5 welds apart, and a third triangle's corner 8 welds from them (beyond the
      // weld, within 16): detail near the weld's size, not round-off, so nothing moves.
      const { mesh, indices } = fan(s, offset, [0, 0.5 * WELD, 8 * WELD]);
      expect(mesh.positions.length / 3).toBe(7);
      expect(mesh.positions[3 * weldedOf(mesh, indices, 3)]).toBe(0.5 * WELD * s + offset);
    });

    it(`test_f133_a_needle_of_copies_is_dropped_and_counted (${name})`, () => {
      // The fan of three, and a needle P' B P'' (caller's triangle 1) along the first
      // triangle's edge from P to B = (1, 0): the generator's [a, b, a] with its copies moved
      // apart, 0.4 welds wide at P (kept as given), degenerate once its copies are one vertex.
      const at = (x: number, z: number) => [x * s + offset, 0, z * s + offset];
      const mesh = new TriangleMesh(
        [
          ...[0, 0.5 * WELD, 0.25 * WELD].flatMap((x) => at(x, 0)),
          ...[[1, 1], [1, 0], [-1, 1], [-1, -1]].flatMap(([x, z]) => at(x!, z!)),
          ...at(0.3 * WELD, 0.2 * WELD),
          ...at(0.6 * WELD, -0.2 * WELD),
        ],
        [0, 3, 4, 7, 4, 8, 1, 5, 3, 2, 6, 5],
      );
      expect(mesh.triangleCount).toBe(3);
      expect(mesh.degenerateTriangleCount).toBe(1);
      expect(Array.from(mesh.degenerateTriangles)).toEqual([1]);
      expect(Array.from(mesh.triangleIndex)).toEqual([0, 2, 3]);
      // P's five copies are one vertex; the four rim corners.
      expect(mesh.positions.length / 3).toBe(5);
    });
  }
});
