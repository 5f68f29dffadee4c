import { ContactKind, packFeatureId } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { boxEdgeFeature, boxFaceFeature } from '../shapes/box-features.js';
import { Capsule } from '../shapes/capsule.js';
import { Box } from '../shapes/primitives.js';
import { axisAngle, IDENTITY } from '../test-support/cases.js';
import { alongDirection, expectContacts, SCALES } from '../test-support/capsule-cases.js';
import { capsuleOracle } from '../test-support/capsule-oracle.js';
import { multiplyQuat, rotate, type Quat, type Vec3 } from '../test-support/shapes.js';
import { collideBoxCapsule, overlapBoxCapsule } from './box-capsule.js';

/** 90 degrees about Z: local Y onto world -X, so the end at -halfLength (code 1) lies toward +X. */
const Y_TO_MINUS_X = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
/** 90 degrees about X: local Y onto world +Z (code 1 toward -Z). */
const Y_TO_Z = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];
const TOP = boxFaceFeature(1, 1);

function capsule(
  s: number,
  radius: number,
  halfLength: number,
  position: number[],
  rotation = IDENTITY,
) {
  return new Capsule(radius * s, halfLength * s).setPose(position.map((v) => v * s), rotation);
}
function box(s: number, halfSize: number[], position = [0, 0, 0], rotation = IDENTITY) {
  return new Box(halfSize.map((v) => v * s)).setPose(position.map((v) => v * s), rotation);
}

describe('collideBoxCapsule', () => {
  it('capsule along a face gets two points', () => {
    // The capsule lies flat 0.4 above the top face (y = 1) of a 4 x 2 x 4 box: both ends are
    // PointFace contacts, pen 0.5 - 0.4, witnesses (+-1, 1, 0), points moved by pen / 2 along -y.
    expectContacts(
      (s) => [box(s, [2, 1, 2]), capsule(s, 0.5, 1, [0, 1.4, 0], Y_TO_MINUS_X)],
      collideBoxCapsule,
      [0, -1, 0],
      [
        {
          point: [1, 0.95, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(TOP, 1),
        },
        {
          point: [-1, 0.95, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(TOP, 2),
        },
      ],
    );
  });

  it('a capsule along a face overhanging its edge: clipped at the edge (EdgeEdge) and its end', () => {
    // Segment x from 2.2 (code 1) to 0.2 (code 2), 0.3 above the unit box's top: clipped at
    // x = 1, where it crosses the side plane +x over the edge along z at (+x, +y).
    expectContacts(
      (s) => [box(s, [1, 1, 1]), capsule(s, 0.5, 1, [1.2, 1.3, 0], Y_TO_MINUS_X)],
      collideBoxCapsule,
      [0, -1, 0],
      [
        {
          point: [1, 0.9, 0],
          penetration: 0.2,
          kind: ContactKind.EdgeEdge,
          featureId: packFeatureId(boxEdgeFeature(2, 1, 1), 0),
        },
        {
          point: [0.2, 0.9, 0],
          penetration: 0.2,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(TOP, 2),
        },
      ],
    );
  });

  it('a capsule standing on a face: one PointFace point under its lower end', () => {
    expectContacts(
      (s) => [box(s, [1, 1, 1]), capsule(s, 0.25, 0.5, [0.3, 1.7, 0.2])],
      collideBoxCapsule,
      [0, -1, 0],
      [{
        point: [0.3, 0.975, 0.2],
        penetration: 0.05,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(TOP, 1),
      }],
    );
  });

  it('a capsule lying along an edge gets two points (the trap of a capsule parallel to an edge)', () => {
    // The segment runs along z at (1.3, 1.3), beside the edge along z at (1, 1): distance
    // 0.3 sqrt(2), n = -(1, 1, 0) / sqrt(2), pen 0.5 - 0.3 sqrt(2); witnesses (1, 1, -+1).
    const depth = 0.5 - 0.3 * Math.SQRT2;
    const inward = depth / 2 / Math.SQRT2;
    const edge = boxEdgeFeature(2, 1, 1);
    expectContacts(
      (s) => [box(s, [1, 1, 1]), capsule(s, 0.5, 1, [1.3, 1.3, 0], Y_TO_Z)],
      collideBoxCapsule,
      [-Math.SQRT1_2, -Math.SQRT1_2, 0],
      [
        {
          point: [1 - inward, 1 - inward, -1],
          penetration: depth,
          kind: ContactKind.PointEdge,
          featureId: packFeatureId(edge, 1),
        },
        {
          point: [1 - inward, 1 - inward, 1],
          penetration: depth,
          kind: ContactKind.PointEdge,
          featureId: packFeatureId(edge, 2),
        },
      ],
    );
  });

  it('a capsule across an edge: one EdgeEdge point', () => {
    const depth = 0.5 - 0.3 * Math.SQRT2;
    const inward = depth / 2 / Math.SQRT2;
    expectContacts(
      (
        s,
      ) => [
        box(s, [1, 1, 1]),
        capsule(s, 0.5, 1, [1.3, 1.3, 0], alongDirection(Math.SQRT1_2, -Math.SQRT1_2, 0)),
      ],
      collideBoxCapsule,
      [-Math.SQRT1_2, -Math.SQRT1_2, 0],
      [{
        point: [1 - inward, 1 - inward, 0],
        penetration: depth,
        kind: ContactKind.EdgeEdge,
        featureId: packFeatureId(boxEdgeFeature(2, 1, 1), 0),
      }],
    );
  });

  it('a segment entering the box through the top: the face axis, its inner end', () => {
    // Lower end (0.2, 0.8, -0.1) inside, 0.2 below the top: pen 0.25 + 0.2; the upper end is
    // 0.8 above (pen -0.55, dropped). Face separations -0.8, -0.2, -0.9; edge axes -0.9, -0.8.
    expectContacts(
      (s) => [box(s, [1, 1, 1]), capsule(s, 0.25, 0.5, [0.2, 1.3, -0.1])],
      collideBoxCapsule,
      [0, -1, 0],
      [{
        point: [0.2, 0.775, -0.1],
        penetration: 0.45,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(TOP, 1),
      }],
    );
  });

  it('a segment wholly inside, lying along x: two points pushed out through the nearest face', () => {
    // Face separations: x -2.5, y -0.3, z -2; the edge axis (0, 1, 0) ties with the face at -0.3
    // and the face is preferred. Both ends 0.3 below the top: pen 0.2 + 0.3.
    expectContacts(
      (s) => [box(s, [2, 1, 2]), capsule(s, 0.2, 0.5, [0, 0.7, 0], Y_TO_MINUS_X)],
      collideBoxCapsule,
      [0, -1, 0],
      [
        {
          point: [0.5, 0.75, 0],
          penetration: 0.5,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(TOP, 1),
        },
        {
          point: [-0.5, 0.75, 0],
          penetration: 0.5,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(TOP, 2),
        },
      ],
    );
  });

  it('a segment crossing a box edge inside the box: one EdgeEdge point on the edge axis', () => {
    // The segment along (1, -1, 0)/sqrt(2) through (0.9, 0.9, 0) cuts off the edge along z at
    // (1, 1). Separations: faces x and y 0.9 - 1/sqrt(2) - 1 = -0.807, z -1; the edge axis
    // (1, 1, 0)/sqrt(2): 1.8/sqrt(2) - 2/sqrt(2) = -0.1 sqrt(2), the least overlap. Pen
    // r + 0.1 sqrt(2); box witness (1, 1, 0).
    const depth = 0.1 + 0.1 * Math.SQRT2;
    const inward = depth / 2 / Math.SQRT2;
    expectContacts(
      (
        s,
      ) => [
        box(s, [1, 1, 1]),
        capsule(s, 0.1, 1, [0.9, 0.9, 0], alongDirection(Math.SQRT1_2, -Math.SQRT1_2, 0)),
      ],
      collideBoxCapsule,
      [-Math.SQRT1_2, -Math.SQRT1_2, 0],
      [{
        point: [1 - inward, 1 - inward, 0],
        penetration: depth,
        kind: ContactKind.EdgeEdge,
        featureId: packFeatureId(boxEdgeFeature(2, 1, 1), 0),
      }],
    );
  });

  it("half length 0 is a sphere: box-sphere's answer with the end code 1", () => {
    expectContacts(
      (s) => [box(s, [1, 1, 1]), capsule(s, 0.5, 0, [0, 1.3, 0])],
      collideBoxCapsule,
      [0, -1, 0],
      [{
        point: [0, 0.9, 0],
        penetration: 0.2,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(TOP, 1),
      }],
    );
    expectContacts(
      (s) => [box(s, [1, 1, 1]), capsule(s, 0.5, 0, [0, 0.8, 0])],
      collideBoxCapsule,
      [0, -1, 0],
      [{
        point: [0, 0.65, 0],
        penetration: 0.7,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(TOP, 1),
      }],
    );
  });

  it('a turned box: the same contacts, turned', () => {
    // The first case turned by 0.7 rad about (1, 2, 3) and moved: points, normal turned alike.
    const turn = axisAngle(1, 2, 3, 0.7);
    const data = new CollisionData({ capacity: 4 });
    const compose = (a: number[], b: number[]) => [
      a[3]! * b[0]! + a[0]! * b[3]! + a[1]! * b[2]! - a[2]! * b[1]!,
      a[3]! * b[1]! - a[0]! * b[2]! + a[1]! * b[3]! + a[2]! * b[0]!,
      a[3]! * b[2]! + a[0]! * b[1]! - a[1]! * b[0]! + a[2]! * b[3]!,
      a[3]! * b[3]! - a[0]! * b[0]! - a[1]! * b[1]! - a[2]! * b[2]!,
    ];
    const moved = new Box([2, 1, 2]).setPose([5, -3, 2], turn);
    const lying = new Capsule(0.5, 1);
    // The capsule's centre (0, 1.4, 0) in the box's frame, taken to world.
    const probe = new Box([1, 1, 1]).setPose([5, -3, 2], turn);
    const m = probe.transform;
    lying.setPose(
      [5 + m[4]! * 1.4, -3 + m[5]! * 1.4, 2 + m[6]! * 1.4],
      compose(turn, Y_TO_MINUS_X),
    );
    expect(collideBoxCapsule(moved, lying, data)).toBe(2);
    for (let i = 0; i < 2; i++) {
      const contact = data.contacts[i]!;
      expect(contact.penetration).toBeCloseTo(0.1, 12);
      for (let k = 0; k < 3; k++) expect(contact.normal[k]).toBeCloseTo(-m[4 + k]!, 12);
    }
  });

  it('overlapBoxCapsule agrees with the detector at the touch and just beyond', () => {
    expect(overlapBoxCapsule(box(1, [1, 1, 1]), capsule(1, 0.5, 1, [0, 1.5, 0], Y_TO_MINUS_X)))
      .toBe(true);
    expect(overlapBoxCapsule(box(1, [1, 1, 1]), capsule(1, 0.5, 1, [0, 1.50001, 0], Y_TO_MINUS_X)))
      .toBe(false);
    expect(overlapBoxCapsule(box(1, [1, 1, 1]), capsule(1, 0.5, 1, [0, 0, 0]))).toBe(true);
  });

  it('capsule turning through parallel to a face changes its point count at most twice', () => {
    for (const axis of [[0, 0, 1], [1, 0, 0]]) {
      const counts: number[] = [];
      for (let step = -300; step <= 300; step++) {
        const angle = (step / 300) * 0.3;
        const q = axis[0] === 1
          ? axisAngle(1, 0, 0, Math.PI / 2 + angle)
          : axisAngle(0, 0, 1, Math.PI / 2 + angle);
        const data = new CollisionData({ capacity: 4 });
        counts.push(
          collideBoxCapsule(
            box(1, [2, 1, 2]),
            new Capsule(0.5, 0.8).setPose([0.1, 1.45, 0], q),
            data,
          ),
        );
      }
      let changes = 0;
      for (let i = 1; i < counts.length; i++) if (counts[i] !== counts[i - 1]) changes++;
      expect(changes, `about ${axis}`).toBe(2);
      expect(counts[0]).toBe(1);
      expect(counts[300]).toBe(2);
      expect(counts[600]).toBe(1);
    }
  });
});

describe('collideBoxCapsule: regressions of the adversarial suite (fuzz/FINDINGS.md)', () => {
  it('test_f4_tiny_shapes_apart_get_no_contact: the core test is relative to the size', () => {
    // A capsule (r 0.5, half length 1) along the diagonal d of a 2 x 2 x 2 box, its lower end
    // 0.8 beyond the corner (1, 1, 1): apart by 0.3 at every scale, 1e-14 included (an absolute
    // 1e-12 took those cores as overlapping and the face axes gave a contact 0.04 deep); 0.3
    // beyond the corner: depth 0.2 along -d.
    const d = 1 / Math.sqrt(3);
    for (const tiny of [1, 1e-14]) {
      for (const s of SCALES.map((x) => x * tiny)) {
        const cube = box(s, [1, 1, 1]);
        const data = new CollisionData({ capacity: 4 });
        const at = (beyond: number) =>
          capsule(s, 0.5, 1, [1, 1, 1].map((v) => v + (beyond + 1) * d), alongDirection(d, d, d));
        expect(collideBoxCapsule(cube, at(0.8), data), `scale ${s}`).toBe(0);
        expect(collide(at(0.8), cube, data), `scale ${s}, swapped`).toBe(0);
        expect(overlapBoxCapsule(cube, at(0.8)), `scale ${s}`).toBe(false);
        for (const swapped of [false, true]) {
          data.reset();
          const near = at(0.3);
          expect(swapped ? collide(near, cube, data) : collideBoxCapsule(cube, near, data)).toBe(1);
          const contact = data.contacts[0]!;
          expect(contact.penetration / s, `scale ${s}`).toBeCloseTo(0.2, 9);
          for (let k = 0; k < 3; k++) {
            expect(contact.normal[k], `scale ${s}`).toBeCloseTo(swapped ? d : -d, 9);
          }
        }
      }
    }
  });

  it("test_f5_far_point_witnesses_on_both_surfaces: a capsule along an edge, the suite's case", () => {
    const halfSize = [0.3914104004068979, 0.5938711067783111, 0.4443143567225174];
    const boxRotation = [
      0.20770011534537736,
      -0.712605826188415,
      -0.3714824948714001,
      0.5577224709225581,
    ];
    const boxPosition = [0.31067379152712987, -0.6381766887396171, 0.12746555388692404];
    const rotation = [
      0.7151923755533983,
      -0.31323889176252057,
      0.5579573475172553,
      -0.2811847452995692,
    ];
    for (const s of SCALES) {
      const solid = box(s, halfSize, boxPosition, boxRotation);
      const body = capsule(s, 0.41530759937179285, 0.8751399863427868, [0, 0, 0], rotation);
      // The oracle's depth: the least translation, by a search sharing no code with the detector.
      const { depth } = capsuleOracle(
        {
          kind: 'box',
          halfSize: halfSize.map((v) => v * s) as Vec3,
          position: boxPosition.map((v) => v * s) as Vec3,
          rotation: boxRotation as Quat,
        },
        {
          kind: 'capsule',
          radius: 0.41530759937179285 * s,
          halfLength: 0.8751399863427868 * s,
          position: [0, 0, 0],
          rotation: rotation as Quat,
        },
      );
      for (const swapped of [false, true]) {
        const data = new CollisionData({ capacity: 4 });
        const count = swapped ? collide(body, solid, data) : collideBoxCapsule(solid, body, data);
        expect(count, `scale ${s}`).toBe(2);
        const contacts = data.contacts.slice(0, count);
        const deepest = Math.max(...contacts.map((c) => c.penetration));
        expect(deepest / s, `scale ${s}`).toBeCloseTo(depth / s, 7);
        for (const contact of contacts) {
          // The box's witness (point - n pen / 2 with the box first) and the capsule's.
          const sign = swapped ? -1 : 1;
          const on = (side: number) =>
            [0, 1, 2].map((k) =>
              contact.point[k]! + side * sign * contact.normal[k]! * contact.penetration / 2
            );
          expect(Math.abs(boxSurfaceDistance(solid, on(-1))) / s, `scale ${s}`).toBeLessThan(1e-9);
          expect(Math.abs(capsuleSurfaceDistance(body, on(1))) / s, `scale ${s}`).toBeLessThan(
            1e-9,
          );
        }
      }
    }
  });
});

/**
 * F51's poses: a capsule's core exactly parallel to a box edge (or lying along a face) and
 * overhanging both of its ends, so that the clip cuts it at two end planes. The pair is turned
 * by quarter turns (whose quaternions are not exact), by tiny rotations and by random rotations,
 * and moved: each is the same pair up to a rigid motion, so the contacts must name the same
 * features with the same depths. In the box's frame (half sizes 1, 0.5, 0.75), by hand:
 * - along the edge x at y = -0.5, z = 0.75: the core on x at y = -0.8, z = 1.15, 0.5 from the
 *   edge along (0, -0.6, 0.8), radius 0.6: depth 0.1 at both vertices (-1 or 1, -0.5, 0.75),
 *   the capsule's side on each (ids vertex 4 and 5, side 0), normal (0, 0.6, -0.8) toward the
 *   box;
 * - along the face y = 0.5: the core on x at y = 0.9, z = 0.2, radius 0.5: depth 0.1 where
 *   the side planes x = -1 and 1 cut it, each named by its edge along z at y = 0.5 (26 and 27),
 *   normal (0, -1, 0).
 * Before the fix the exit line through an end, lying in the end plane, met the box or missed it
 * by the round-off of the end's coordinate, so one end (or both, leaving the edge's single
 * contact) came and went with the pose.
 */
const F51_CASES = [
  {
    name: 'along an edge',
    centre: [0.2, -0.8, 1.15],
    radius: 0.6,
    normal: [0, 0.6, -0.8],
    contacts: [
      { id: packFeatureId(4, 0), witness: [-1, -0.5, 0.75] },
      { id: packFeatureId(5, 0), witness: [1, -0.5, 0.75] },
    ],
  },
  {
    name: 'along a face',
    centre: [0.2, 0.9, 0.2],
    radius: 0.5,
    normal: [0, -1, 0],
    contacts: [
      { id: packFeatureId(boxEdgeFeature(2, -1, 1), 0), witness: [-1, 0.5, 0.2] },
      { id: packFeatureId(boxEdgeFeature(2, 1, 1), 0), witness: [1, 0.5, 0.2] },
    ],
  },
];

/** The poses of F51's test: quarter turns, tiny rotations, random rotations (seeded). */
function f51Rotations(): Quat[] {
  const rotations: Quat[] = [];
  const axes: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  for (const [x, y, z] of axes) {
    for (let turn = 0; turn < 4; turn++) {
      rotations.push(axisAngle(x, y, z, (Math.PI / 2) * turn) as Quat);
    }
    for (const angle of [1e-15, -1e-12, 1e-9, -1e-6]) {
      rotations.push(axisAngle(x, y, z, angle) as Quat);
    }
  }
  const random = new Random(0xf51);
  for (let i = 0; i < 40; i++) rotations.push(random.rotation());
  return rotations;
}

describe('collideBoxCapsule: F51, a core parallel to a box edge or face', () => {
  for (const swapped of [false, true]) {
    const order = swapped ? 'capsule first' : 'box first';
    it(`test_f51_core_along_a_box_edge_or_face_names_the_same_features_in_every_pose (${order})`, () => {
      for (const s of SCALES) {
        for (const c of F51_CASES) {
          for (const rotation of f51Rotations()) {
            const move = (p: readonly number[]): Vec3 =>
              rotate(rotation, p).map((v, k) => (v + [0.3, -0.2, 0.1][k]!) * s) as Vec3;
            const solid = new Box([1, 0.5, 0.75].map((v) => v * s)).setPose(
              move([0, 0, 0]),
              rotation,
            );
            // The capsule's local y turned onto the box's x.
            const body = new Capsule(c.radius * s, 3 * s).setPose(
              move(c.centre),
              multiplyQuat(rotation, axisAngle(0, 0, 1, -Math.PI / 2) as Quat),
            );
            const data = new CollisionData({ capacity: 4 });
            const count = swapped
              ? collide(body, solid, data)
              : collideBoxCapsule(solid, body, data);
            const where = `${c.name}, scale ${s}, rotation ${rotation.join(', ')}`;
            expect(count, where).toBe(2);
            const normal = rotate(rotation, c.normal);
            for (const expected of c.contacts) {
              const contact = data.contacts.slice(0, count).find((k) =>
                k.featureId === expected.id
              );
              expect(contact, where).toBeDefined();
              expect(Math.abs(contact!.penetration - 0.1 * s) / s, where).toBeLessThan(1e-9);
              const witness = move(expected.witness);
              for (let k = 0; k < 3; k++) {
                expect(Math.abs(contact!.normal[k]! - (swapped ? -1 : 1) * normal[k]!), where)
                  .toBeLessThan(1e-9);
                // The point: the box's witness moved by the normal (toward the box) times half the depth.
                expect(
                  Math.abs(contact!.point[k]! - witness[k]! - normal[k]! * 0.05 * s) / s,
                  where,
                )
                  .toBeLessThan(1e-9);
              }
            }
          }
        }
      }
    });
  }
});

/** Distance of p from the box's surface (< 0 inside), in the box's frame. */
function boxSurfaceDistance(solid: Box, p: number[]): number {
  const m = solid.transform;
  const local = [0, 1, 2].map((axis) =>
    [0, 1, 2].reduce((sum, k) => sum + (p[k]! - m[12 + k]!) * m[4 * axis + k]!, 0)
  );
  const outside = local.map((x, k) => Math.max(0, Math.abs(x) - solid.halfSize[k]!));
  const out = Math.hypot(...outside);
  return out > 0 ? out : -Math.min(...local.map((x, k) => solid.halfSize[k]! - Math.abs(x)));
}

/** Distance of p from the capsule's surface (< 0 inside), from its core by projection. */
function capsuleSurfaceDistance(shape: Capsule, p: number[]): number {
  const m = shape.transform, h = shape.halfLength;
  const along = [0, 1, 2].reduce((sum, k) => sum + (p[k]! - m[12 + k]!) * m[4 + k]!, 0);
  const t = Math.max(-h, Math.min(h, along));
  return Math.hypot(...[0, 1, 2].map((k) => p[k]! - m[12 + k]! - t * m[4 + k]!)) - shape.radius;
}
