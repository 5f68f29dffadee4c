/**
 * FINDINGS.md F147: a box (half sizes 0.103, 0.050, 0.029) beyond the open end (z = 0) of a
 * one-sided terrace, its centre 0.035 behind the plane of the riser (triangle 2, normal -x) and
 * outside at the step's nose, one corner reaching 5.7e-4 over the riser's boundary edge z = 0
 * (a brute-force separating-axis test of all 13 axes; every other triangle apart from it). The
 * riser's hull face and edge pair point behind it, so the rule against ghost contacts refused
 * them and nothing answered. The edge axis clamped into the riser's front is the edge's outward
 * direction -z: the contact pushes the box off the mesh's end by the reach of its section in the
 * riser's plane, worked out here from the box's edges crossing the plane x = 1.8119.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { boxTriangleOverlap } from '../test-support/polytope-brute.js';
import { add, type BoxSpec, boxCorners, dot, scale, type Vec3 } from '../test-support/shapes.js';
import { TriangleMesh } from './triangle-mesh.js';

const VERTICES = [
  1.9513087727698601,
  0.20841155176058068,
  0,
  1.81192957471487,
  0.20841155176058068,
  0,
  1.9513087727698601,
  0.20841155176058068,
  1.25441278249491,
  1.81192957471487,
  0.20841155176058068,
  1.25441278249491,
  1.81192957471487,
  0.12319075272074921,
  0,
  1.81192957471487,
  0.12319075272074921,
  1.25441278249491,
  1.81192957471487,
  0.12319075272074921,
  2.50882556498982,
  1.67255037665988,
  0.12319075272074921,
  1.25441278249491,
  1.9513087727698601,
  0.20841155176058068,
  2.50882556498982,
  2.09068797082485,
  0.20841155176058068,
  2.50882556498982,
  1.81192957471487,
  0.20841155176058068,
  2.50882556498982,
  2.09068797082485,
  0.20841155176058068,
  1.25441278249491,
  2.09068797082485,
  0.20841155176058068,
  0,
  1.67255037665988,
  0.12319075272074921,
  0,
];
const INDICES = [
  0,
  1,
  2,
  3,
  4,
  5,
  3,
  1,
  4,
  6,
  5,
  7,
  2,
  8,
  9,
  10,
  3,
  5,
  0,
  11,
  12,
  3,
  2,
  1,
  10,
  5,
  6,
  13,
  7,
  5,
  13,
  5,
  4,
  3,
  8,
  2,
  9,
  11,
  2,
  10,
  8,
  3,
  2,
  11,
  0,
];
const HALF: Vec3 = [0.10310591038107274, 0.04956716645190428, 0.029383830353907518];
const AT: Vec3 = [1.8472295947559219, 0.24305357471856906, -0.03099723042614476];
const TURN: [number, number, number, number] = [
  -0.014462503534373122,
  0,
  0.4491501159724256,
  0.8933392464867278,
];
/** Room of a shape's feature code in a packed feature id (`packFeatureId`). */
const CODE_RANGE = 2 ** 26;

/** The highest point along +z of the box's section by the plane x = x0 (its edges crossing it). */
function sectionTop(spec: BoxSpec, x0: number): Vec3 {
  const corners = boxCorners(spec);
  let top: Vec3 = [x0, 0, -Infinity];
  for (let i = 0; i < 8; i++) {
    for (let j = i + 1; j < 8; j++) {
      // Box edges join corners differing in one sign bit (boxCorners' order).
      const bits = i ^ j;
      if (bits !== 1 && bits !== 2 && bits !== 4) continue;
      const p = corners[i]!, q = corners[j]!;
      if ((p[0] < x0) === (q[0] < x0)) continue;
      const f = (x0 - p[0]) / (q[0] - p[0]);
      const z = p[2] + f * (q[2] - p[2]);
      if (z > top[2]) top = [x0, p[1] + f * (q[1] - p[1]), z];
    }
  }
  return top;
}

describe("test_f147: a box beyond a step's open end, a corner over the riser (F147)", () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f147_box_and_hull_pushed_off_the_open_end (scale ${s})`, () => {
      const spec: BoxSpec = {
        kind: 'box',
        halfSize: scale(HALF, s),
        position: scale(AT, s),
        rotation: TURN,
      };
      const mesh = new TriangleMesh(VERTICES.map((v) => v * s), INDICES);
      const triangles: Vec3[][] = [];
      for (let i = 0; i < INDICES.length; i += 3) {
        triangles.push([0, 1, 2].map((k) => {
          const j = 3 * INDICES[i + k]!;
          return [VERTICES[j]! * s, VERTICES[j + 1]! * s, VERTICES[j + 2]! * s] as Vec3;
        }));
      }
      // The premise: the riser alone overlaps the box, by 5.7e-4 (the brute force's 13 axes).
      const overlaps = triangles.map((t) => boxTriangleOverlap(spec, t));
      expect(overlaps[2]).toBeCloseTo(5.7e-4 * s, 5 - Math.log10(s));
      overlaps.forEach((o, i) => i === 2 || expect(o).toBeLessThan(0));
      // By hand: the section's highest point over the edge z = 0 (within the riser's y range).
      const top = sectionTop(spec, 1.81192957471487 * s), reach = top[2];
      expect(reach).toBeCloseTo(5.7e-4 * s, 5 - Math.log10(s));
      // It lies over the riser: between the two treads' heights (and near its edge z = 0).
      expect(top[1]).toBeGreaterThan(0.12319075272074921 * s);
      expect(top[1]).toBeLessThan(0.20841155176058068 * s);
      // The box, and the same box as a hull (its corners placed, the hull's pose the identity
      // turn): the hull's path is the box's.
      const shapes = [
        new Box(spec.halfSize).setPose(spec.position, spec.rotation),
        ConvexHull.fromPoints(boxCorners({ ...spec, position: [0, 0, 0] })).setPose(
          spec.position,
          [0, 0, 0, 1],
        ),
      ];
      for (const box of shapes) {
        expect(overlap(box, mesh)).toBe(true);
        expect(overlap(mesh, box)).toBe(true);
        for (const order of ['shape first', 'mesh first'] as const) {
          const data = new CollisionData({ capacity: 16 });
          const count = order === 'shape first'
            ? collide(box, mesh, data)
            : collide(mesh, box, data);
          expect(count).toBe(1);
          const c = data.contacts[0]!;
          const normal = scale([...c.normal], order === 'shape first' ? 1 : -1);
          // The riser (triangle 2) and one of its edges (local code 1 + k), in either order.
          const code = c.featureId % CODE_RANGE;
          expect(Math.floor(code / 8)).toBe(2);
          expect(code % 8).toBeGreaterThanOrEqual(1);
          expect(code % 8).toBeLessThanOrEqual(3);
          // Normal the boundary edge's outward direction -z: in the riser's plane, in the edge's
          // cone (the half-space beyond it), not behind the one-sided riser.
          expect(dot(normal, [0, 0, -1])).toBeCloseTo(1, 12);
          expect(c.penetration).toBeCloseTo(reach, 12 - Math.log10(s));
          // That far along it frees the box from every triangle; 2% less does not.
          const moved = (f: number): BoxSpec => ({
            ...spec,
            position: add(spec.position, scale(normal, f * c.penetration)),
          });
          for (const t of triangles) {
            expect(boxTriangleOverlap(moved(1.02), t)).toBeLessThan(0);
          }
          expect(boxTriangleOverlap(moved(0.98), triangles[2]!)).toBeGreaterThan(0);
        }
      }
    });
  }
});
