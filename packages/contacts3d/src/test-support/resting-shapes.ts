/**
 * Shapes resting on a flat floor at y = 0 (front up), for the crack tests of the mesh build
 * (mesh/cracks.test.ts, mesh/near-duplicate-cracks.test.ts): each placed at (x, z) at scale s,
 * with the depth the floor as a plane gives it (worked out by hand: the radius less the core's
 * height, or the lowest corner's depth).
 */
import { Capsule } from '../shapes/capsule.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box, Sphere } from '../shapes/primitives.js';

const DOWN: [number, number, number, number] = [0, 0, 0, 1];
/** A turn about a slanted axis: a box or hull meets the floor with one corner. */
const TILT: [number, number, number, number] = [0.1, 0.38, 0.05, 0.918];

/** The lowest y of a shape posed at the origin (its world box's floor: a box's or hull's lowest corner). */
function lowest(shape: Box | ConvexHull): number {
  return shape.aabb[1]!;
}

/** A sphere, a capsule lying along x, a tilted box and a tilted hull, and their true depths. */
export const RESTING_SHAPES = [
  {
    name: 'sphere',
    // r = 0.25 s, 0.001 s deep.
    place: (s: number, x: number, z: number) =>
      new Sphere(0.25 * s).setPose([x, 0.249 * s, z], DOWN),
    truth: (s: number) => 0.001 * s,
  },
  {
    name: 'capsule',
    // Lying along x, r = 0.1 s, 0.002 s deep.
    place: (s: number, x: number, z: number) =>
      new Capsule(0.1 * s, 0.15 * s).setPose([x, 0.098 * s, z], [0, 0, Math.SQRT1_2, Math.SQRT1_2]),
    truth: (s: number) => 0.002 * s,
  },
  {
    name: 'box',
    place: (s: number, x: number, z: number) => {
      const box = new Box([0.12 * s, 0.08 * s, 0.1 * s]).setPose([0, 0, 0], TILT);
      return box.setPose([x, -0.003 * s - lowest(box), z], TILT);
    },
    truth: (s: number) => 0.003 * s,
  },
  {
    name: 'hull',
    place: (s: number, x: number, z: number) => {
      const points = [
        [0.1, 0, 0],
        [-0.07, 0.02, 0.05],
        [0, -0.09, 0.03],
        [0.02, 0.08, -0.06],
        [-0.03, -0.02, -0.1],
        [0.05, 0.05, 0.09],
      ].map((p) => p.map((c) => c * s));
      const hull = ConvexHull.fromPoints(points).setPose([0, 0, 0], TILT);
      return hull.setPose([x, -0.003 * s - lowest(hull), z], TILT);
    },
    truth: (s: number) => 0.003 * s,
  },
];
