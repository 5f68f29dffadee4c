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
import {
  BOX_KINDS,
  boxShape,
  CODE_RANGE,
  depthUnderTriangle,
  meshTriangles,
  posedMesh,
  scaledBox,
  triangleNormal,
} from '../test-support/mesh-scenes.js';
import { boxHalfSpaces, boxTriangleOverlap } from '../test-support/polytope-brute.js';
import {
  type BoxSpec,
  boxCorners,
  dot,
  length,
  type Quat,
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
const MESH = { vertices: VERTICES, indices: INDICES };

describe('test_f69: a sliver across a boundary edge, its centre in front, gets a contact (F69)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const spec = scaledBox(HALF, BOX_AT, BOX_TURN, s);
    const t = meshTriangles(MESH, s, MESH_TURN)[TRIANGLE]!;
    const n = triangleNormal(t);
    // Brute force: the least overlap over the 13 axes, the centre's height, and the least lift
    // along n freeing the box from the triangle (its deepest point in the prism).
    const least = boxTriangleOverlap(spec, t);
    const centreHeight = dot(n, sub(spec.position, t[0]!));
    const depth = depthUnderTriangle(boxHalfSpaces(spec), t, n, 1e-12 * s);
    for (const name of BOX_KINDS) {
      it(`test_f69_${name}_across_a_boundary_edge_gets_a_contact (scale ${s})`, () => {
        expect(least).toBeCloseTo(0.0032 * s, 4 - Math.log10(s));
        expect(centreHeight).toBeGreaterThan(0.2 * s);
        expect(depth).toBeGreaterThan(0.01 * s);
        const mesh = posedMesh(MESH, s, MESH_TURN);
        const shape = boxShape(name, spec);
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

/**
 * A flat fan of 180 slivers around the origin (y = 0, front up, radius 3): each sliver's rim edge
 * is a boundary, far from a needle at radius 1.5. The needle, tilted 1 degree along the rim's
 * tangent, crosses the floor and runs under about four slivers to its tip, 0.004 deep: those
 * slivers' own axes separate them from the needle (it passes under them), and only the flat
 * stretch's solid below them holds the tip. The deepest depth must be the tip's, 0.004, every
 * normal the floor's (F69: 13% short, as the rim edges kept the flat-stretch rule off).
 */
function flatFan(s: number): TriangleMesh {
  const vertices = [0, 0, 0], indices: number[] = [], count = 180;
  for (let i = 0; i < count; i++) {
    const angle = (2 * Math.PI * i) / count;
    vertices.push(3 * s * Math.cos(angle), 0, 3 * s * Math.sin(angle));
    // Counter-clockwise seen from +y: centre, next rim point, this one.
    indices.push(0, 1 + ((i + 1) % count), 1 + i);
  }
  return new TriangleMesh(vertices, indices);
}

describe('test_f69: a needle dipping under the slivers of a flat fan gets its tip depth (F69)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const tilt = Math.PI / 180, depth = 0.004 * s;
    const turn: Quat = [Math.sin(tilt / 2), 0, 0, Math.cos(tilt / 2)];
    const level: BoxSpec = {
      kind: 'box',
      halfSize: [0.001 * s, 0.001 * s, 0.3 * s],
      position: [1.5 * s, 0, 0],
      rotation: turn,
    };
    const lowest = Math.min(...boxCorners(level).map((c) => c[1]));
    const spec: BoxSpec = { ...level, position: [1.5 * s, -depth - lowest, 0] };
    for (const name of BOX_KINDS) {
      it(`test_f69_${name}_needle_under_a_flat_fan_gets_its_tip_depth (scale ${s})`, () => {
        const mesh = flatFan(s), shape = boxShape(name, spec);
        for (const order of ['shape first', 'mesh first'] as const) {
          const data = new CollisionData({ capacity: 16 });
          const count = order === 'shape first'
            ? collide(shape, mesh, data)
            : collide(mesh, shape, data);
          const sign = order === 'shape first' ? 1 : -1;
          expect(count).toBeGreaterThan(0);
          const contacts = data.contacts.slice(0, count);
          for (const c of contacts) {
            expect(length(sub(scale([...c.normal], sign), [0, 1, 0]))).toBeLessThan(1e-12);
          }
          const deepest = Math.max(...contacts.map((c) => c.penetration));
          expect(Math.abs(deepest - depth)).toBeLessThan(1e-9 * s);
        }
      });
    }
  }
});

/**
 * A box whose centre lies on a one-sided floor's plane within round-off (1e-16 of its size below,
 * as the suite's identical regime put one, -3.6e-16): it straddles the floor and must get its
 * four bottom corners, normal up, depth its half height; 1e-6 of its size below, it is behind
 * the floor (no contact, the README's one-sided rule).
 */
describe('test_f69: a centre on a one-sided floor within round-off is in front (F69)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const floor = new TriangleMesh(
      [-2 * s, 0, -2 * s, -2 * s, 0, 2 * s, 2 * s, 0, 2 * s, 2 * s, 0, -2 * s],
      [0, 1, 2, 0, 2, 3],
    );
    for (const name of BOX_KINDS) {
      const make = (below: number) =>
        boxShape(name, {
          kind: 'box',
          halfSize: [0.3 * s, 0.2 * s, 0.4 * s],
          position: [0.1 * s, -below * s, 0.2 * s],
          rotation: [0, 0, 0, 1],
        });
      it(`test_f69_${name}_centre_on_a_one_sided_plane_is_in_front (scale ${s})`, () => {
        for (const order of ['shape first', 'mesh first'] as const) {
          const run = (below: number) => {
            const shape = make(below), data = new CollisionData({ capacity: 16 });
            const count = order === 'shape first'
              ? collide(shape, floor, data)
              : collide(floor, shape, data);
            return { count, contacts: data.contacts.slice(0, count) };
          };
          const { count, contacts } = run(1e-16);
          expect(count).toBe(4);
          const sign = order === 'shape first' ? 1 : -1;
          for (const c of contacts) {
            expect(length(sub(scale([...c.normal], sign), [0, 1, 0]))).toBeLessThan(1e-12);
            expect(Math.abs(c.penetration - 0.2 * s)).toBeLessThan(1e-12 * s);
          }
          expect(run(1e-6).count).toBe(0);
        }
      });
    }
  }
});
