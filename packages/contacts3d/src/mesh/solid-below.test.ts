/**
 * FINDINGS.md F14: DESIGN.md pins a heightfield's solid as the space below its surface, and a
 * shape that has sunk into it (a fast body, a large time step, a body spawned inside the terrain)
 * must get a contact that lifts it out: the triangle's normal, depth the height of its plane over
 * the shape's deepest point along that normal (plus a sphere's or capsule's radius). The surface
 * here is one tilted plane, y = a x + b z in the field's frame, so the answer is worked out by
 * hand: the signed distance of a point p is (p_y - a p_x - b p_z) / sqrt(1 + a^2 + b^2).
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box, Sphere } from '../shapes/primitives.js';
import { expectLiftingContacts } from '../test-support/lifting-contacts.js';
import { add, axisAngle, multiplyQuat, rotate, scale, type Vec3 } from '../test-support/shapes.js';
import { Heightfield } from './heightfield.js';

const A = 0.3, B = -0.2, K = Math.hypot(A, 1, B);
/** The field's pose: turned 0.7 rad about a slanted axis, moved (scaled with the rest). */
const TURN = axisAngle(scale([1, 2, -0.5], 1 / Math.hypot(1, 2, -0.5)), 0.7);

/** A 6 x 6 planar field of cell `s`, posed, and the world map of its frame. */
function tiltedField(s: number) {
  const heights: number[] = [];
  for (let i = 0; i < 6; i++) for (let j = 0; j < 6; j++) heights.push(A * j * s + B * i * s);
  const offset: Vec3 = [3 * s, -2 * s, 5 * s];
  const field = new Heightfield(6, 6, heights, s).setPose(offset, TURN);
  const world = (p: readonly number[]) => add(rotate(TURN, p), offset);
  return { field, world, up: rotate(TURN, [-A / K, 1 / K, -B / K]) };
}

/** Signed distance of a local point to the plane (negative below it, in the solid). */
const height = (p: readonly number[]) => (p[1]! - A * p[0]! - B * p[2]!) / K;

/** A point of the field's frame `below` under the surface over (x, z), in units of s. */
function sunkPoint(s: number, x: number, z: number, below: number): Vec3 {
  return [x * s, (A * x + B * z - below) * s, z * s];
}

interface Case {
  name: string;
  /** The shape posed at the world point given, turned by the field's rotation. */
  build: (s: number, centre: Vec3) => Sphere | Capsule | Box | ConvexHull;
  /** Its deepest point's signed distance, in the field's frame, centred at local `c`. */
  deepest: (s: number, c: Vec3) => number;
}

const OCTAHEDRON = [[1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1]];

const CASES: Case[] = [
  {
    name: 'sphere',
    build: (s, c) => new Sphere(0.5 * s).setPose(c, TURN),
    deepest: (s, c) => height(c) - 0.5 * s,
  },
  {
    // Along the field's X: its two ends, each 0.4 s from the centre.
    name: 'capsule',
    build: (s, c) =>
      new Capsule(0.25 * s, 0.4 * s).setPose(
        c,
        multiplyQuat(TURN, axisAngle([0, 0, 1], Math.PI / 2)),
      ),
    deepest: (s, c) =>
      Math.min(height(add(c, [0.4 * s, 0, 0])), height(add(c, [-0.4 * s, 0, 0]))) - 0.25 * s,
  },
  {
    name: 'box',
    build: (s, c) => new Box([0.3 * s, 0.2 * s, 0.25 * s]).setPose(c, TURN),
    deepest: (s, c) =>
      Math.min(
        ...[-1, 1].flatMap((x) =>
          [-1, 1].flatMap((y) =>
            [-1, 1].map((z) => height(add(c, [0.3 * s * x, 0.2 * s * y, 0.25 * s * z])))
          )
        ),
      ),
  },
  {
    name: 'hull',
    build: (s, c) =>
      ConvexHull.fromPoints(OCTAHEDRON.map((p) => scale(p, 0.4 * s))).setPose(c, TURN),
    deepest: (s, c) => Math.min(...OCTAHEDRON.map((p) => height(add(c, scale(p, 0.4 * s))))),
  },
];

describe('test_f14: a shape sunk into a heightfield gets the contact that lifts it out (FINDINGS.md F14)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    for (const c of CASES) {
      for (const below of [0.05, 0.3, 1.5]) {
        it(`test_f14_${c.name}_sunk_${below}_gets_the_plane_contact (scale ${s})`, () => {
          const { field, world, up } = tiltedField(s);
          const local = sunkPoint(s, 2.4, 2.7, below);
          const shape = c.build(s, world(local));
          const truth = -c.deepest(s, local);
          expect(truth).toBeGreaterThan(0);
          // Each normal is the plane's (from the field toward the shape; negated field first).
          expectLiftingContacts(shape, field, up, truth, s, true);
        });
      }
    }
  }

  it('test_f14_hole_has_no_solid: a ball sunk under a hole cell gets no contact', () => {
    const field = new Heightfield(3, 3, [0, 0, 0, 0, 0, 0, 0, 0, 0], 1, { holes: [1, 0, 0, 0] });
    const data = new CollisionData();
    expect(collide(new Sphere(0.2).setPose([0.5, -0.5, 0.5], [0, 0, 0, 1]), field, data)).toBe(0);
    expect(collide(new Sphere(0.2).setPose([1.5, -0.5, 0.5], [0, 0, 0, 1]), field, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.7, 14);
  });
});
