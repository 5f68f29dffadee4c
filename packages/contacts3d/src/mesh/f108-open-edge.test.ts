/**
 * FINDINGS.md F108, its second mechanism: a sliver box (half sizes 7.8e-5, 0.032, 0.045) at the
 * corner of a flat stretch (triangles 1 to 4, the plane y = 0.0689 of the mesh's frame), its
 * centre 0.013 below the stretch's plane, 0.0037 in front of the riser (triangle 0, x = 0.780)
 * and 0.020 beyond the stretch's open end (z = 1.2485), crosses triangle 4's boundary edge there
 * (by 5.8e-5 on all 13 axes of a brute-force separating-axis test; every other triangle apart by
 * 0.008 or more). Triangle 4 is outside through its flat neighbour triangle 2 (the centre past
 * its convex edge to the riser), but the rule against ghost contacts keeps no box face or edge
 * pair at the flat features it touches, and its face cannot answer from behind: no contact. It
 * is the open end of a step (F147): the shape is pushed off the boundary edge in the triangle's
 * plane by how far its section in that plane reaches across the edge. By brute force (the
 * vertices of the box cut by the plane and the edge's strip), that reach is the least move along
 * the edge's outward direction that frees triangle 4.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { collideBoxTriangleMesh } from '../pairs/box-mesh.js';
import { collideConvexHullTriangleMesh } from '../pairs/convex-hull-mesh.js';
import type { ConvexHull } from '../shapes/convex-hull.js';
import type { Box } from '../shapes/primitives.js';
import {
  BOX_KINDS,
  boxShape,
  CODE_RANGE,
  meshTriangles,
  posedMesh,
  scaledBox,
} from '../test-support/mesh-scenes.js';
import {
  boxHalfSpaces,
  boxTriangleOverlap,
  lowestInRegion,
} from '../test-support/polytope-brute.js';
import {
  type BoxSpec,
  dot,
  type Quat,
  rotate,
  scale,
  sub,
  translateShape,
  type Vec3,
} from '../test-support/shapes.js';

const VERTICES: Vec3[] = [
  [0.7803249354765285, 0.06886075868952209, 1.2485198967624456],
  [0.7803249354765285, 0.01326977979100543, 1.2485198967624456],
  [0.7803249354765285, 0.06886075868952209, 0],
  [0.4681949612859171, 0.06886075868952209, 0],
  [0.6242599483812228, 0.06886075868952209, 1.2485198967624456],
  [0.6242599483812228, 0.06886075868952209, 0],
  [0.4681949612859171, 0.06886075868952209, 1.2485198967624456],
];
const INDICES = [0, 1, 2, 3, 4, 5, 5, 0, 2, 3, 6, 4, 0, 5, 4];
const MESH = { vertices: VERTICES.flat(), indices: INDICES };
const TURN: Quat = [
  -0.0005884652847528148,
  0.8239456092096528,
  0.0761092951035848,
  0.5615342037414802,
];
const HALF: Vec3 = [0.0000777112217369474, 0.031504302603852195, 0.044975862429418645];
const BOX_AT: Vec3 = [0.8795891423358788, 0.2813299707083796, -1.1725875409470992];
const BOX_TURN: Quat = [
  -0.9890337448710573,
  0.07647225999222887,
  -0.069427339088624,
  0.10556556988472388,
];

describe('test_f108: a box behind a flat stretch across its open end is pushed off the edge (F108)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const spec = scaledBox(HALF, BOX_AT, BOX_TURN, s);
    const world = meshTriangles(MESH, s, TURN);
    // The stretch's normal (local +y), triangle 4's outward direction across its edge from vertex
    // 4 to vertex 0 (local +z), the riser's normal (local +x).
    const up = rotate(TURN, [0, 1, 0]),
      outward = rotate(TURN, [0, 0, 1]),
      riser = rotate(TURN, [1, 0, 0]);
    const corner = world[4]![0]!, end = rotate(TURN, scale(VERTICES[4]!, s));
    /** The brute-force reach of the box's section in the stretch's plane across the edge (4, 0). */
    const reach = (box: BoxSpec) => {
      const along = sub(corner, end);
      const low = lowestInRegion(
        [
          ...boxHalfSpaces(box),
          { n: up, d: dot(up, corner) },
          { n: scale(up, -1), d: -dot(up, corner) },
          { n: along, d: dot(along, corner) },
          { n: scale(along, -1), d: -dot(along, end) },
        ],
        outward,
        1e-12 * s,
      );
      return dot(outward, corner) - low;
    };
    for (const name of BOX_KINDS) {
      it(`test_f108_${name}_behind_a_stretch_across_its_open_end_is_pushed_off_the_edge (scale ${s})`, () => {
        // The premise: behind the stretch, in front of the riser, beyond the open end; only
        // triangle 4 overlapped.
        expect(dot(up, sub(spec.position, corner))).toBeCloseTo(-0.013118 * s, 5 - Math.log10(s));
        expect(dot(riser, sub(spec.position, corner))).toBeCloseTo(
          0.0037217 * s,
          6 - Math.log10(s),
        );
        expect(dot(outward, sub(spec.position, corner))).toBeGreaterThan(0.02 * s);
        expect(boxTriangleOverlap(spec, world[4]!)).toBeCloseTo(5.782e-5 * s, 7 - Math.log10(s));
        for (const i of [0, 1, 2, 3]) {
          expect(boxTriangleOverlap(spec, world[i]!)).toBeLessThan(-0.008 * s);
        }
        const expected = reach(spec);
        expect(expected).toBeGreaterThan(0);
        const mesh = posedMesh(MESH, s, TURN);
        const shape = boxShape(name, spec);
        for (const call of ['detector', 'mesh first'] as const) {
          const data = new CollisionData({ capacity: 16 });
          const count = call === 'mesh first'
            ? collide(mesh, shape, data)
            : name === 'box'
            ? collideBoxTriangleMesh(shape as Box, mesh, data)
            : collideConvexHullTriangleMesh(shape as ConvexHull, mesh, data);
          expect(count).toBe(1);
          const c = data.contacts[0]!;
          const normal = scale([...c.normal], call === 'mesh first' ? -1 : 1);
          // Triangle 4's edge from vertex 4 to vertex 0 (local code 1 + 2).
          expect((c.featureId % CODE_RANGE) >>> 0).toBe(8 * 4 + 3);
          expect(Math.hypot(...sub(normal, outward))).toBeLessThan(1e-9);
          expect(Math.abs(c.penetration - expected)).toBeLessThan(1e-9 * s);
          // That far along the normal frees triangle 4 (touching at most); 2% less does not.
          const moved = (f: number): BoxSpec =>
            translateShape(spec, scale(normal, f * c.penetration));
          expect(boxTriangleOverlap(moved(1 + 1e-6), world[4]!)).toBeLessThanOrEqual(1e-12 * s);
          expect(boxTriangleOverlap(moved(0.98), world[4]!)).toBeGreaterThan(0);
        }
      });
    }
  }
});
