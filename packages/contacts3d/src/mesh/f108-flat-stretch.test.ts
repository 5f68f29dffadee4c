/**
 * FINDINGS.md F108: a box overlapping only triangle 0 of a small folded mesh (by 0.0022 on all 13
 * axes of a brute-force separating-axis test), its centre 0.038 behind triangle 0's plane. The
 * triangle's edges are flat (to triangle 4, in its plane), concave and a boundary, so F70's test
 * (outside at one of the triangle's own convex edges) said behind; triangle 4's convex edge (to
 * triangle 3) has the centre past it and in front of triangle 3's plane (0.112 each): the centre
 * is outside at a convex edge of the flat stretch, and triangle 0 answers as F70's triangles do.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import {
  BOX_KINDS,
  boxShape,
  CODE_RANGE,
  meshTriangles,
  posedMesh,
  scaledBox,
  triangleNormal,
} from '../test-support/mesh-scenes.js';
import { boxTriangleOverlap } from '../test-support/polytope-brute.js';
import {
  type BoxSpec,
  dot,
  type Quat,
  scale,
  sub,
  translateShape,
  type Vec3,
} from '../test-support/shapes.js';

const VERTICES: Vec3[] = [
  [0.8977921768091619, -0.04689128014769145, 1.1970562357455492],
  [0.8977921768091619, -0.11899680259977033, 0],
  [0.8977921768091619, -0.11899680259977033, 1.1970562357455492],
  [0.5985281178727746, -0.11899680259977033, 1.1970562357455492],
  [0.2992640589363873, -0.11899680259977033, 0],
  [0.2992640589363873, -0.11899680259977033, 1.1970562357455492],
  [0.5985281178727746, -0.11899680259977033, 0],
  [0.8977921768091619, -0.04689128014769145, 0],
  [1.1970562357455492, -0.04689128014769145, 1.1970562357455492],
  [1.1970562357455492, -0.04689128014769145, 0],
];
const INDICES = [0, 1, 2, 3, 4, 5, 2, 1, 6, 7, 0, 8, 0, 7, 1, 7, 8, 9, 2, 6, 3, 6, 4, 3];
const MESH = { vertices: VERTICES.flat(), indices: INDICES };
const TURN: Quat = [
  -0.7748464090862007,
  -0.4591078315350263,
  -0.4174393277098696,
  0.12073710709867966,
];
const HALF: Vec3 = [0.27472193267260786, 0.12421866746141363, 0.19367318853889037];
const BOX_AT: Vec3 = [1.058733593071894, 1.3769115422936218, -0.19618425113667654];
const BOX_TURN: Quat = [0.8702762339737707, 0, -0.12912206009769928, 0.4753385847756911];

describe('test_f108: a centre outside at a convex edge of a flat stretch gets a contact (F108)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const spec = scaledBox(HALF, BOX_AT, BOX_TURN, s);
    const world = meshTriangles(MESH, s, TURN);
    const reached = world[0]!, n0 = triangleNormal(reached), n3 = triangleNormal(world[3]!);
    for (const name of BOX_KINDS) {
      it(`test_f108_${name}_behind_a_flat_stretch_outside_its_convex_edge_gets_a_contact (scale ${s})`, () => {
        // The premise: behind triangle 0 (and 4, in its plane), in front of triangle 3's plane;
        // only triangle 0 overlapped.
        expect(dot(n0, sub(spec.position, reached[0]!))).toBeCloseTo(
          -0.0378 * s,
          4 - Math.log10(s),
        );
        expect(dot(n3, sub(spec.position, world[3]![0]!))).toBeCloseTo(
          0.1121 * s,
          4 - Math.log10(s),
        );
        expect(boxTriangleOverlap(spec, reached)).toBeCloseTo(0.0022312 * s, 7 - Math.log10(s));
        for (let i = 1; i < 8; i++) {
          expect(boxTriangleOverlap(spec, world[i]!)).toBeLessThan(-0.012 * s);
        }
        const mesh = posedMesh(MESH, s, TURN);
        const shape = boxShape(name, spec);
        expect(overlap(shape, mesh)).toBe(true);
        expect(overlap(mesh, shape)).toBe(true);
        for (const order of ['shape first', 'mesh first'] as const) {
          const data = new CollisionData({ capacity: 16 });
          const count = order === 'shape first'
            ? collide(shape, mesh, data)
            : collide(mesh, shape, data);
          expect(count).toBe(1);
          const c = data.contacts[0]!;
          const normal = scale([...c.normal], order === 'shape first' ? 1 : -1);
          expect(Math.floor((c.featureId % CODE_RANGE) / 8)).toBe(0);
          // On triangle 0's front; the least move along it that frees triangle 0 (here its
          // least overlap): that far frees it, 2% less does not.
          expect(dot(normal, n0)).toBeGreaterThan(0.25);
          expect(c.penetration).toBeCloseTo(0.0022312 * s, 7 - Math.log10(s));
          const moved = (f: number): BoxSpec =>
            translateShape(spec, scale(normal, f * c.penetration));
          expect(boxTriangleOverlap(moved(1 + 1e-6), reached)).toBeLessThanOrEqual(0);
          expect(boxTriangleOverlap(moved(0.98), reached)).toBeGreaterThan(0);
        }
      });
    }
  }
});
