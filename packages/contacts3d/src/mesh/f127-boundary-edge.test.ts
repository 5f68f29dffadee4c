/**
 * FINDINGS.md F127: a plate (half sizes 0.13, 0.23, 0.00043) standing upright on a one-sided
 * square floor of two triangles, 0.04 to 0.13 inside the border x = side, sunk 0.144 (its lowest
 * corners). Lifting it out along the floor's normal takes 0.144; pushing it out across the
 * border takes 0.1318, the distance of its innermost point from the border, after which no part
 * of it is over the floor. The boundary edge's cone is the half-space beyond it (ghost-rule.ts),
 * so the edge's contact, normal the border's outward direction in the floor's plane, is the
 * least overlap and no ghost (a slab's side frees it so; box-box's axis of least overlap). The
 * fuzz suite's `flat-floor` property now takes a box's depth as its reach from the border.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Box } from '../shapes/primitives.js';
import { boxTriangleOverlap } from '../test-support/polytope-brute.js';
import {
  add,
  type BoxSpec,
  boxCorners,
  dot,
  type Quat,
  rotate,
  scale,
  type Vec3,
} from '../test-support/shapes.js';
import { TriangleMesh } from './triangle-mesh.js';

const SIDE = 2.266270523890853;
const TURN: Quat = [
  0.2018896727125605,
  -0.6917319297562429,
  -0.4949111011601956,
  -0.48560323243994374,
];
/** Room of a shape's feature code in a packed feature id (`packFeatureId`). */
const CODE_RANGE = 2 ** 26;

describe('test_f127: a plate sunk beside a floor border is pushed out across it (F127)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`test_f127_boundary_edge_contact_is_the_least_overlap (scale ${s})`, () => {
      const spec: BoxSpec = {
        kind: 'box',
        halfSize: [0.13076949729715084 * s, 0.23177839003211773 * s, 0.00042987747992807846 * s],
        position: [-0.5007186051424433 * s, 1.483765651349143 * s, -1.900785864934343 * s],
        rotation: [0.2890649604571092, 0, 0.44959747178505344, 0.8451648135129727],
      };
      const local: Vec3[] = [[0, 0, SIDE], [SIDE, 0, SIDE], [0, 0, 0], [SIDE, 0, 0]];
      const world = local.map((v) => rotate(TURN, scale(v, s)));
      const triangles = [[0, 1, 2], [3, 2, 1]].map((t) => t.map((i) => world[i]!));
      const up = rotate(TURN, [0, 1, 0]), out = rotate(TURN, [1, 0, 0]);
      // By hand from the corners: the deepest under the floor, the innermost from the border.
      const corners = boxCorners(spec);
      const sunk = -Math.min(...corners.map((c) => dot(up, c)));
      const inside = SIDE * s - Math.min(...corners.map((c) => dot(out, c)));
      expect(sunk).toBeCloseTo(0.144 * s, 3 - Math.log10(s));
      expect(inside).toBeCloseTo(0.1318 * s, 4 - Math.log10(s));
      const mesh = new TriangleMesh(local.flat().map((v) => v * s), [0, 1, 2, 3, 2, 1]).setPose(
        [0, 0, 0],
        TURN,
      );
      const box = new Box(spec.halfSize).setPose(spec.position, spec.rotation);
      for (const order of ['shape first', 'mesh first'] as const) {
        const data = new CollisionData({ capacity: 16 });
        const count = order === 'shape first' ? collide(box, mesh, data) : collide(mesh, box, data);
        expect(count).toBeGreaterThan(0);
        for (let i = 0; i < count; i++) {
          const c = data.contacts[i]!;
          const normal = scale([...c.normal], order === 'shape first' ? 1 : -1);
          // Triangle 1's boundary edge 2 (local code 1 + 2), normal the border's outward
          // direction, depth the innermost point's distance from the border.
          expect((c.featureId % CODE_RANGE) % 8).toBe(3);
          expect(dot(normal, out)).toBeCloseTo(1, 12);
          expect(c.penetration).toBeCloseTo(inside, 12 - Math.log10(s));
          // That far along it frees the plate from both triangles, 2% less does not.
          const moved = (f: number): BoxSpec => ({
            ...spec,
            position: add(spec.position, scale(normal, f * c.penetration)),
          });
          for (const t of triangles) {
            expect(boxTriangleOverlap(moved(1 + 1e-9), t)).toBeLessThanOrEqual(1e-15 * s);
          }
          expect(Math.max(...triangles.map((t) => boxTriangleOverlap(moved(0.98), t))))
            .toBeGreaterThan(0);
          expect(c.penetration).toBeLessThan(sunk);
        }
      }
    });
  }
});
