/**
 * FINDINGS.md F69: a sliver box (half sizes 0.0055, 0.42, 0.68) across the boundary edge of a
 * one-sided mesh of vertical risers overlaps triangle 19 by 0.0032 on every axis of a
 * brute-force separating-axis test, its centre 0.24 in front of that triangle's plane, and got
 * no contact: the edge pair of least overlap points behind the triangle (refused on a one-sided
 * triangle), the boundary edge has no neighbour to answer, and the triangle's face clip (the
 * box's incident face) keeps no point below the plane. The box's deepest point in the
 * triangle's prism, found here by brute force (the vertices of the box cut by the prism's
 * walls), is the least lift along the normal that frees it: the contact must have that depth.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import {
  boxHalfSpaces,
  boxTriangleOverlap,
  lowestInRegion,
  wallHalfSpaces,
} from '../test-support/polytope-brute.js';
import {
  type BoxSpec,
  boxCorners,
  cross,
  dot,
  length,
  type Quat,
  rotate,
  scale,
  sub,
  type Vec3,
} from '../test-support/shapes.js';
import { TriangleMesh } from './triangle-mesh.js';

const VERTICES = [
  0.48572546189340443,
  0.3332605240581107,
  2.914352771360427,
  0.971450923786809,
  0.3332605240581107,
  2.914352771360427,
  0.48572546189340443,
  0.3332605240581107,
  1.942901847573618,
  0.48572546189340443,
  0,
  1.942901847573618,
  0.48572546189340443,
  0,
  0.971450923786809,
  0,
  0,
  2.914352771360427,
  0.48572546189340443,
  0,
  2.914352771360427,
  0,
  0,
  1.942901847573618,
  1.4571763856802133,
  0.3332605240581107,
  1.942901847573618,
  0.971450923786809,
  0.3332605240581107,
  1.942901847573618,
  1.4571763856802133,
  0.3332605240581107,
  2.914352771360427,
  0.48572546189340443,
  0.3332605240581107,
  0,
  0.48572546189340443,
  0,
  0,
  0.48572546189340443,
  0.3332605240581107,
  0.971450923786809,
  0.971450923786809,
  0.3332605240581107,
  0.971450923786809,
  0,
  0,
  0,
  0,
  0,
  0.971450923786809,
];
const INDICES = [
  0,
  1,
  2,
  3,
  2,
  4,
  5,
  6,
  7,
  8,
  9,
  10,
  6,
  0,
  3,
  1,
  9,
  2,
  10,
  9,
  1,
  11,
  12,
  13,
  13,
  2,
  9,
  0,
  2,
  3,
  13,
  9,
  14,
  15,
  16,
  4,
  13,
  12,
  4,
  13,
  14,
  11,
  3,
  4,
  16,
  3,
  7,
  6,
  15,
  4,
  12,
  13,
  4,
  2,
  9,
  8,
  14,
  3,
  16,
  7,
];
const MESH_TURN: Quat = [
  -0.819190858630868,
  -0.3576936192945274,
  0.1608569422978204,
  0.4184574721118007,
];
const HALF: Vec3 = [0.005472018953608353, 0.42162575765030946, 0.6830640001634963];
const BOX_AT: Vec3 = [-1.267573202690155, 0.8559624353855877, -1.4363060487232568];
const BOX_TURN: Quat = [-0.6208935104292735, 0, 0.5591189299879694, 0.5494335909242548];
const TRIANGLE = 19;
const CODE_RANGE = 2 ** 26;

/** Triangle 19 in world space at scale s. */
function worldTriangle(s: number): Vec3[] {
  return [0, 1, 2].map((k) => {
    const v = 3 * INDICES[3 * TRIANGLE + k]!;
    return rotate(MESH_TURN, [s * VERTICES[v]!, s * VERTICES[v + 1]!, s * VERTICES[v + 2]!]);
  });
}

describe('test_f69: a sliver across a boundary edge, its centre in front, gets a contact (F69)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const spec: BoxSpec = {
      kind: 'box',
      halfSize: scale(HALF, s),
      position: scale(BOX_AT, s),
      rotation: BOX_TURN,
    };
    const t = worldTriangle(s);
    const normalRaw = cross(sub(t[1]!, t[0]!), sub(t[2]!, t[0]!));
    const n = scale(normalRaw, 1 / length(normalRaw));
    // Brute force: the least overlap over the 13 axes, the centre's height, and the least lift
    // along n freeing the box from the triangle (its deepest point in the prism).
    const least = boxTriangleOverlap(spec, t);
    const centreHeight = dot(n, sub(spec.position, t[0]!));
    const depth = -(lowestInRegion(
      [...boxHalfSpaces(spec), ...wallHalfSpaces(t, n)],
      n,
      1e-12 * s,
    ) - dot(n, t[0]!));
    const shapes = {
      box: () => new Box(spec.halfSize).setPose(spec.position, BOX_TURN),
      hull: () =>
        ConvexHull.fromPoints(boxCorners({ ...spec, position: [0, 0, 0] })).setPose(spec.position, [
          0,
          0,
          0,
          1,
        ]),
    };
    for (const [name, make] of Object.entries(shapes)) {
      it(`test_f69_${name}_across_a_boundary_edge_gets_a_contact (scale ${s})`, () => {
        expect(least).toBeCloseTo(0.0032 * s, 4 - Math.log10(s));
        expect(centreHeight).toBeGreaterThan(0.2 * s);
        expect(depth).toBeGreaterThan(0.01 * s);
        const mesh = new TriangleMesh(VERTICES.map((v) => v * s), INDICES).setPose(
          [0, 0, 0],
          MESH_TURN,
        );
        const shape = make();
        expect(overlap(shape, mesh)).toBe(true);
        expect(overlap(mesh, shape)).toBe(true);
        for (const order of ['shape first', 'mesh first'] as const) {
          const data = new CollisionData({ capacity: 16 });
          const count = order === 'shape first'
            ? collide(shape, mesh, data)
            : collide(mesh, shape, data);
          const sign = order === 'shape first' ? 1 : -1;
          const contacts = data.contacts.slice(0, count).map((c) => ({
            // `collide` turns the mirrored order's normals around; its ids keep the kernel's order.
            mesh: c.featureId % CODE_RANGE,
            normal: scale([...c.normal], sign),
            depth: c.penetration,
          }));
          const face = contacts.filter((c) => c.mesh === 8 * TRIANGLE);
          expect(face.length).toBe(1);
          expect(length(sub(face[0]!.normal, n))).toBeLessThan(1e-12);
          expect(Math.abs(face[0]!.depth - depth)).toBeLessThan(1e-9 * s);
        }
      });
    }
  }
});
