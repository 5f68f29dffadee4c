/**
 * FINDINGS.md F68: a flat floor whose triangles have their own copies of the corners, 1e-9 to
 * 3e-9 apart (not equal, so not joined). The build must flag an edge `Flat` when edges across it
 * in its plane cover it within the crack width (a millionth of the longer edge plus a
 * hundred-millionth of the mesh's size), whichever of the two triangles is asked, so a shape
 * resting across it gets only the floor's normal; an opening wider than that stays a boundary.
 * The floors are the fuzz run's own case cut down to three triangles (a needle folded back along
 * the diagonal, facing down, whose corners' round-off decided one side's flag before the fix),
 * and the same completed to a square the shapes rest on, at scales 1e-3, 1 and 1e3.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { collideSphereTriangleMesh } from '../pairs/sphere-mesh.js';
import { Sphere } from '../shapes/primitives.js';
import { RESTING_SHAPES } from '../test-support/resting-shapes.js';
import { EdgeFlag } from './mesh-triangle.js';
import { TriangleMesh } from './triangle-mesh.js';

/** 0.01 degrees. */
const MAX_ANGLE = (0.01 * Math.PI) / 180;
const SCALES = [1e-3, 1, 1e3];

/**
 * The fuzz run's floor (y = 0, fronts up), cut down: triangle 0 a needle along the diagonal
 * x = z, facing down; triangle 1's edge 1 runs down the diagonal, triangle 2's edge 0 up it,
 * their copies of the ends 1e-9 to 3e-9 apart.
 */
const CASE = [
  1.5288894941611504,
  0,
  1.5288894943769504,
  -1.5098149556059725e-9,
  0,
  1.5107638752613438e-9,
  0,
  0,
  9.48919655371328e-10,
  0,
  0,
  1.5289313852475752,
  1.9789312401589458,
  0,
  1.9789312431785757,
  -1.5098149556059725e-9,
  0,
  1.9116429641602753e-11,
  0,
  0,
  0,
  1.9789312416687608,
  0,
  1.9789312416687608,
  0.19014289555349745,
  0,
  0.054658748615376465,
];
const SIDE = 1.9789312416687608;

/**
 * The case's floor completed to the square [0, SIDE] x [0, SIDE] by three more triangles that
 * share the case's vertices exactly (vertices 3, 4, 6, 7, 8), so the diagonal is the only crack
 * inside it.
 */
function square(s: number): TriangleMesh {
  const vertices = [...CASE, SIDE, 0, 0, 0, 0, SIDE].map((x) => x * s);
  return new TriangleMesh(vertices, [0, 1, 2, 3, 4, 5, 6, 7, 8, 8, 7, 9, 6, 8, 9, 3, 10, 4]);
}

const NAMES = Object.fromEntries(Object.entries(EdgeFlag).map(([name, flag]) => [flag, name]));

/** The names of slot t's three edge flags. */
function flagNames(mesh: TriangleMesh, t: number): string[] {
  return Array.from(mesh.edgeFlags.subarray(3 * t, 3 * t + 3), (f) => NAMES[f]!);
}

/** Every normal within MAX_ANGLE of (0, order, 0); the deepest depth. */
function checkFloorNormals(data: CollisionData, count: number, order: number): number {
  let deepest = -Infinity;
  for (const c of data.contacts.slice(0, count)) {
    const up = [c.normal[0]!, c.normal[1]! * order, c.normal[2]!];
    expect(Math.acos(Math.min(1, up[1]!))).toBeLessThan(MAX_ANGLE);
    deepest = Math.max(deepest, c.penetration);
  }
  return deepest;
}

/** The sphere, capsule and box of the finding, resting at (x, z). */
const SHAPES = RESTING_SHAPES.filter((shape) => shape.name !== 'hull');

describe('test_f68: copies of a floor corner 1e-9 apart leave no crack (FINDINGS.md F68)', () => {
  for (const s of SCALES) {
    it(`test_f68_both_sides_of_the_diagonal_are_flat (scale ${s})`, () => {
      const mesh = new TriangleMesh(CASE.map((x) => x * s), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
      // The needle faces down and covers nothing; its own edges lie within the crack width of the
      // two triangles' edges, one on each side of each, in one plane: it lies inside the floor, and
      // its edges are flat (a needle is judged by the surface around it, FINDINGS.md F133).
      expect(flagNames(mesh, 0)).toEqual(['Flat', 'Flat', 'Flat']);
      expect(flagNames(mesh, 1)).toEqual(['Boundary', 'Flat', 'Boundary']);
      expect(flagNames(mesh, 2)).toEqual(['Flat', 'Boundary', 'Boundary']);
    });

    it(`test_f68_reproduction_ball_gets_the_floor_normal_only (scale ${s})`, () => {
      const mesh = new TriangleMesh(CASE.map((x) => x * s), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
      const radius = 0.1360306260587307 * s;
      const ball = new Sphere(radius).setPose(
        [1.8134731206023902 * s, 0.13465721237250666 * s, 1.8260432428876237 * s],
        [0, 0, 0, 1],
      );
      const data = new CollisionData({ capacity: 64 });
      const count = collideSphereTriangleMesh(ball, mesh, data);
      expect(count).toBeGreaterThan(0);
      const deepest = checkFloorNormals(data, count, 1);
      // The floor as a plane: the radius less the centre's height.
      expect(deepest).toBeCloseTo(radius - 0.13465721237250666 * s, 12);
    });

    for (const shape of SHAPES) {
      it(`test_f68_${shape.name}_across_the_diagonal_gets_the_floor_normal (scale ${s})`, () => {
        const mesh = square(s);
        const data = new CollisionData({ capacity: 16 });
        // Slid across the diagonal, from 0.1 s below it to 0.1 s above, along its middle.
        for (let step = 0; step <= 40; step++) {
          const along = (0.4 + 0.2 * step / 40) * SIDE * s, across = (step / 40 - 0.5) * 0.2 * s;
          const moving = shape.place(s, along + across, along - across);
          for (const order of [1, -1]) {
            data.reset();
            const count = order === 1 ? collide(moving, mesh, data) : collide(mesh, moving, data);
            expect(count).toBeGreaterThan(0);
            const deepest = checkFloorNormals(data, count, order);
            expect(Math.abs(deepest - shape.truth(s))).toBeLessThan(1e-9 * s);
          }
        }
      });
    }
  }
});

describe('test_f68: the crack width is a documented tolerance, and wider openings stay boundaries', () => {
  /** Two unit squares side by side (y = 0, fronts up), the second `gap` along x from the first. */
  function twoSquares(s: number, gap: number): TriangleMesh {
    const vertices = [0, 0, 0, 0, 0, 1, 1, 0, 1, 1, 0, 0];
    for (const [x, z] of [[1 + gap, 0], [1 + gap, 1], [2, 1], [2, 0]]) vertices.push(x!, 0, z!);
    return new TriangleMesh(vertices.map((x) => x * s), [0, 1, 2, 0, 2, 3, 4, 5, 6, 4, 6, 7]);
  }

  /** The flags of the two inner edges: x = 1 of the first square, x = 1 + gap of the second. */
  function innerFlags(mesh: TriangleMesh): string[] {
    return [flagNames(mesh, 1)[1]!, flagNames(mesh, 2)[0]!];
  }

  for (const s of SCALES) {
    it(`test_f68_an_opening_within_the_width_is_closed (scale ${s})`, () => {
      // 2e-9 of a unit edge in a mesh of diagonal sqrt(5): within 1e-6 + 2.2e-8.
      expect(innerFlags(twoSquares(s, 2e-9))).toEqual(['Flat', 'Flat']);
      expect(innerFlags(twoSquares(s, 9e-7))).toEqual(['Flat', 'Flat']);
    });

    it(`test_f68_a_real_crack_wider_than_the_width_stays_a_boundary (scale ${s})`, () => {
      expect(innerFlags(twoSquares(s, 1.1e-6))).toEqual(['Boundary', 'Boundary']);
      expect(innerFlags(twoSquares(s, 1e-3))).toEqual(['Boundary', 'Boundary']);
      // A ball over a real crack meets its edges: a normal off the floor's there is right.
      const mesh = twoSquares(s, 1e-3);
      const ball = new Sphere(0.25 * s).setPose([1.0005 * s, 0.249 * s, 0.5 * s], [0, 0, 0, 1]);
      const data = new CollisionData({ capacity: 16 });
      const count = collide(ball, mesh, data);
      const tilted = data.contacts.slice(0, count).filter((c) => Math.abs(c.normal[0]!) > 1e-6);
      expect(tilted.length).toBeGreaterThan(0);
    });

    it(`test_f68_a_short_edge_in_a_large_mesh_takes_the_mesh_size (scale ${s})`, () => {
      // A square of side 1e-4 split along its diagonal, the copies of the diagonal's ends 3e-9
      // apart (3e-5 of its length, above a millionth of it), beside a unit triangle far off
      // that makes the mesh about 1.4 across: within a hundred-millionth of the mesh's size.
      const h = 1e-4, d = 3e-9;
      const vertices = [
        ...[0, 0, 0, 0, 0, h, h, 0, h],
        ...[d, 0, 0, h + d, 0, h, h, 0, 0],
        ...[1, 0, 1, 1, 0, 2, 2, 0, 1],
      ];
      const mesh = new TriangleMesh(vertices.map((x) => x * s), [0, 1, 2, 3, 4, 5, 6, 7, 8]);
      expect(flagNames(mesh, 0)[2]).toBe('Flat');
      expect(flagNames(mesh, 1)[0]).toBe('Flat');
      // The same square alone (a mesh of its own size): 3e-9 is 2e-5 of the mesh, a real gap.
      const alone = new TriangleMesh(vertices.slice(0, 18).map((x) => x * s), [0, 1, 2, 3, 4, 5]);
      expect(flagNames(alone, 0)[2]).toBe('Boundary');
      expect(flagNames(alone, 1)[0]).toBe('Boundary');
    });
  }
});
