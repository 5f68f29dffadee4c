/**
 * FINDINGS.md F70: a one-sided mesh triangle took no box or hull whose centre is behind its
 * plane. Near a convex edge the solid lies behind both faces, so a centre behind one face's
 * plane but in front of the other's is outside the surface there (the sign test of Baerentzen
 * and Aanaes for a point nearest that edge or the other face), and a shape reaching the first
 * face from there (around the open end of a mesh, or past a narrow bevel) got no contact. Such a
 * triangle now answers with the features the rule against ghost contacts keeps (never its own
 * face, which would lift the whole shape out through it). The depths are checked against
 * brute-force projections (test-support/polytope-brute.ts); a centre under a flat floor or
 * behind a valley still gets nothing.
 */
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { overlap } from '../overlap.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { boxTriangleOverlap } from '../test-support/polytope-brute.js';
import {
  type BoxSpec,
  boxCorners,
  cross,
  dot,
  length,
  type Quat,
  scale,
  sub,
  type Vec3,
} from '../test-support/shapes.js';
import { TriangleMesh } from './triangle-mesh.js';

/** Room of a shape's feature code in a packed feature id (`packFeatureId`). */
const CODE_RANGE = 2 ** 26;

/** The contacts of `shape` against `mesh` through `collide`, normals from the mesh toward the shape. */
function contactsOf(
  shape: Box | ConvexHull,
  mesh: TriangleMesh,
  order: 'shape first' | 'mesh first',
): { normal: Vec3; depth: number; meshFeature: number; }[] {
  const data = new CollisionData({ capacity: 16 });
  const count = order === 'shape first' ? collide(shape, mesh, data) : collide(mesh, shape, data);
  const sign = order === 'shape first' ? 1 : -1;
  return data.contacts.slice(0, count).map((c) => ({
    // `collide` turns the mirrored order's normals around; its ids keep the kernel's order.
    normal: scale([...c.normal], sign),
    depth: c.penetration,
    meshFeature: c.featureId % CODE_RANGE,
  }));
}

/** The box and the hull of its corners, at the same pose. */
function shapesOf(spec: BoxSpec): Record<'box' | 'hull', () => Box | ConvexHull> {
  return {
    box: () => new Box(spec.halfSize).setPose(spec.position, spec.rotation),
    hull: () =>
      ConvexHull.fromPoints(boxCorners({ ...spec, position: [0, 0, 0] })).setPose(
        spec.position,
        [0, 0, 0, 1],
      ),
  };
}

/** How far `box` must move along unit `d` to leave triangle `t`: max over t of d . v - min over the box of d . x. */
function overlapAlong(spec: BoxSpec, t: readonly Vec3[], d: Vec3): number {
  const high = Math.max(...t.map((v) => dot(d, v)));
  const low = Math.min(...boxCorners(spec).map((x) => dot(d, x)));
  return high - low;
}

const F70_VERTICES = [
  0.8001542011974379,
  0.10301887298083401,
  2.6671806706581265,
  1.0668722682632505,
  0.10301887298083401,
  2.6671806706581265,
  0.8001542011974379,
  0.10301887298083401,
  1.3335903353290632,
  1.8670264694606884,
  -0.007052192735997109,
  1.3335903353290632,
  1.8670264694606884,
  -0.007052192735997109,
  2.6671806706581265,
  1.8670264694606884,
  0.050200926813421975,
  2.6671806706581265,
  1.600308402394876,
  -0.007052192735997109,
  1.3335903353290632,
  1.3335903353290632,
  0.10301887298083401,
  0,
  1.3335903353290632,
  0.10301887298083401,
  1.3335903353290632,
  1.3335903353290632,
  -0.007052192735997109,
  1.3335903353290632,
  1.600308402394876,
  -0.007052192735997109,
  0,
  1.0668722682632505,
  0.10301887298083401,
  1.3335903353290632,
  1.3335903353290632,
  0.10301887298083401,
  2.6671806706581265,
  1.600308402394876,
  -0.007052192735997109,
  2.6671806706581265,
  1.3335903353290632,
  -0.007052192735997109,
  0,
  1.0668722682632505,
  0.10301887298083401,
  0,
  0.8001542011974379,
  0.10301887298083401,
  0,
  1.3335903353290632,
  -0.007052192735997109,
  2.6671806706581265,
];
const F70_INDICES = [
  0,
  1,
  2,
  3,
  4,
  5,
  3,
  6,
  4,
  7,
  8,
  9,
  6,
  3,
  10,
  11,
  12,
  8,
  9,
  13,
  6,
  10,
  14,
  6,
  15,
  8,
  7,
  9,
  6,
  14,
  2,
  1,
  11,
  16,
  11,
  15,
  16,
  2,
  11,
  13,
  9,
  17,
  4,
  6,
  13,
  1,
  12,
  11,
  17,
  8,
  12,
  17,
  9,
  8,
  11,
  8,
  15,
  7,
  9,
  14,
];
const F70_TURN: Quat = [
  -0.2138114085621859,
  -0.03831946296199522,
  -0.7368362866779357,
  -0.6402254188655969,
];
/** Triangle 16 (a riser), the only one the box reaches; its edge 1 is convex, its edge 2 a boundary. */
const RISER = 16;

describe('test_f70: a centre behind a riser but outside at its convex edge gets a contact (F70)', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const spec: BoxSpec = {
      kind: 'box',
      halfSize: [0.002754357142265228 * s, 0.34670982508921644 * s, 0.8242792597709148 * s],
      position: [0.7949612939053162 * s, 0.16532119283318278 * s, 3.3259014549400723 * s],
      rotation: [0.5874192043974938, 0, 0.07633842266968242, 0.8056743284536999],
    };
    const mesh = () =>
      new TriangleMesh(F70_VERTICES.map((v) => v * s), F70_INDICES).setPose([0, 0, 0], F70_TURN);
    // The riser in world space, and its neighbour across edge 1 (triangle 5, a tread).
    const world = (i: number): Vec3[] => {
      const turned = new TriangleMesh(F70_VERTICES.map((v) => v * s), F70_INDICES).setPose(
        [0, 0, 0],
        F70_TURN,
      );
      const m = turned.transform;
      return [0, 1, 2].map((k) => {
        const p = 3 * F70_INDICES[3 * i + k]!;
        const x = F70_VERTICES[p]! * s, y = F70_VERTICES[p + 1]! * s, z = F70_VERTICES[p + 2]! * s;
        return [
          m[0]! * x + m[4]! * y + m[8]! * z,
          m[1]! * x + m[5]! * y + m[9]! * z,
          m[2]! * x + m[6]! * y + m[10]! * z,
        ];
      });
    };
    const riser = world(RISER), tread = world(5);
    const normalOf = (t: Vec3[]) => {
      const n = cross(sub(t[1]!, t[0]!), sub(t[2]!, t[0]!));
      return scale(n, 1 / length(n));
    };
    const riserNormal = normalOf(riser), treadNormal = normalOf(tread);
    for (const [name, make] of Object.entries(shapesOf(spec))) {
      it(`test_f70_${name}_behind_a_riser_outside_its_nose_gets_a_contact (scale ${s})`, () => {
        // The premise, by brute force: the centre 0.36 behind the riser's plane, 0.23 in front
        // of the tread's across their convex edge; the riser overlapped by 0.0042 on all 13
        // axes of a box-triangle separating-axis test.
        expect(dot(riserNormal, sub(spec.position, riser[0]!))).toBeCloseTo(
          -0.3607 * s,
          4 - Math.log10(s),
        );
        expect(dot(treadNormal, sub(spec.position, tread[0]!))).toBeCloseTo(
          0.2290 * s,
          4 - Math.log10(s),
        );
        expect(boxTriangleOverlap(spec, riser)).toBeCloseTo(0.0041558 * s, 7 - Math.log10(s));
        const shape = make(), surface = mesh();
        expect(overlap(shape, surface)).toBe(true);
        expect(overlap(surface, shape)).toBe(true);
        for (const order of ['shape first', 'mesh first'] as const) {
          const contacts = contactsOf(shape, surface, order);
          expect(contacts.length).toBeGreaterThan(0);
          const deepest = contacts.reduce((a, b) => (b.depth > a.depth ? b : a));
          // Named by the riser; its normal faces the riser's front and leaves it over its
          // boundary edge (edge 2: no normal pointing over the triangle).
          expect(Math.floor(deepest.meshFeature / 8)).toBe(RISER);
          expect(dot(deepest.normal, riserNormal)).toBeGreaterThan(0.5);
          const over = sub(riser[0]!, riser[2]!), inward = cross(riserNormal, over);
          expect(dot(deepest.normal, inward)).toBeLessThanOrEqual(1e-9 * s);
          // Its depth (0.0044938, an edge pair's) is the least move along it that frees the
          // riser: moving the shape that far frees it on every axis, 2% less does not.
          expect(deepest.depth).toBeCloseTo(0.0044938 * s, 7 - Math.log10(s));
          const moved = (f: number): BoxSpec => ({
            ...spec,
            position: [0, 1, 2].map((i) =>
              spec.position[i]! + f * deepest.depth * deepest.normal[i]!
            ) as Vec3,
          });
          expect(boxTriangleOverlap(moved(1 + 1e-6), riser)).toBeLessThanOrEqual(0);
          expect(boxTriangleOverlap(moved(0.98), riser)).toBeGreaterThan(0);
        }
      });
    }
  }
});

/**
 * A knife-edge ridge: the top face T (y = 0, x <= 0, normal +y) and a bevel N under it, 135
 * degrees on (normal (1, -1, 0) / sqrt 2), only 0.003 wide. A box from the suite's search pokes
 * up through T from under the overhang, past the bevel (brute force: T overlapped by 0.0355, N
 * apart by 0.0184), its centre behind T's plane, beyond the edge (x > 0) and in front of N: it is
 * outside, and the ridge's edge answers with a normal between T's and N's, the least lift in
 * that direction (with a full neighbour N would have answered).
 */
function ridge(s: number, third: Vec3, indices: number[]): TriangleMesh {
  const L = 2 * s;
  return new TriangleMesh([0, 0, L, 0, 0, -L, -2 * L, 0, 0, ...third], indices);
}

describe('test_f70: past a knife-edge ridge a contact in its cone; under a floor or a valley none', () => {
  for (const s of [1e-3, 1, 1e3]) {
    const L = 2 * s, w = 0.003 * s;
    const top: Vec3[] = [[0, 0, L], [0, 0, -L], [-2 * L, 0, 0]];
    const spec: BoxSpec = {
      kind: 'box',
      halfSize: [0.19168726435941053 * s, 0.22417093275145997 * s, 0.06602322244614288 * s],
      position: [0.04463022153108859 * s, -0.12007996380332855 * s, 0.6156453786490699 * s],
      rotation: [
        -0.47181554595649505,
        -0.5640772595120412,
        -0.6277933704008476,
        0.2551125633439165,
      ],
    };
    const bevel: Vec3 = [-w, -w, 0];
    const inwardT: Vec3 = [-1, 0, 0], inwardN: Vec3 = [-Math.SQRT1_2, -Math.SQRT1_2, 0];
    for (const [name, make] of Object.entries(shapesOf(spec))) {
      it(`test_f70_${name}_past_a_knife_edge_ridge_gets_a_contact_in_its_cone (scale ${s})`, () => {
        expect(boxTriangleOverlap(spec, top)).toBeCloseTo(0.0355427 * s, 6 - Math.log10(s));
        expect(boxTriangleOverlap(spec, [[0, 0, -L], [0, 0, L], bevel])).toBeLessThan(-0.018 * s);
        const mesh = ridge(s, bevel, [0, 1, 2, 1, 0, 3]), shape = make();
        expect(overlap(shape, mesh)).toBe(true);
        expect(overlap(mesh, shape)).toBe(true);
        for (const order of ['shape first', 'mesh first'] as const) {
          const contacts = contactsOf(shape, mesh, order);
          expect(contacts.length).toBeGreaterThan(0);
          for (const c of contacts) {
            // In the cone of the ridge's edge: perpendicular to it, between T's and N's normals.
            expect(Math.abs(c.normal[2])).toBeLessThan(1e-9);
            expect(dot(c.normal, inwardT)).toBeLessThanOrEqual(1e-9);
            expect(dot(c.normal, inwardN)).toBeLessThanOrEqual(1e-9);
          }
          const deepest = contacts.reduce((a, b) => (b.depth > a.depth ? b : a));
          expect(Math.abs(deepest.depth - overlapAlong(spec, top, deepest.normal))).toBeLessThan(
            1e-9 * s,
          );
          expect(deepest.depth).toBeCloseTo(0.1874619 * s, 6 - Math.log10(s));
          const moved: BoxSpec = {
            ...spec,
            position: [0, 1, 2].map((i) =>
              spec.position[i]! + (1 + 1e-6) * deepest.depth * deepest.normal[i]!
            ) as Vec3,
          };
          expect(boxTriangleOverlap(moved, top)).toBeLessThanOrEqual(0);
          const short: BoxSpec = {
            ...spec,
            position: [0, 1, 2].map((i) =>
              spec.position[i]! + 0.98 * deepest.depth * deepest.normal[i]!
            ) as Vec3,
          };
          expect(boxTriangleOverlap(short, top)).toBeGreaterThan(0);
        }
      });
      it(`test_f70_${name}_under_a_flat_floor_or_behind_a_valley_gets_none (scale ${s})`, () => {
        // The same pose with the edge flat (the floor going on to x = 4) or concave (a wall
        // rising at x = 0, facing -x): the centre is under the floor, or behind both faces.
        const floor = ridge(s, [2 * L, 0, 0], [0, 1, 2, 1, 0, 3]);
        const valley = ridge(s, [0, 2 * L, 0], [0, 1, 2, 0, 3, 1]);
        for (const mesh of [floor, valley]) {
          const shape = make();
          expect(overlap(shape, mesh)).toBe(false);
          for (const order of ['shape first', 'mesh first'] as const) {
            expect(contactsOf(shape, mesh, order)).toEqual([]);
          }
        }
        expect(boxTriangleOverlap(spec, top)).toBeGreaterThan(0.035 * s);
      });
    }
  }
});
