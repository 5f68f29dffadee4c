import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { axisAngle, IDENTITY } from '../test-support/cases.js';
import { alongDirection, expectContacts, SCALES } from '../test-support/capsule-cases.js';
import { collideCapsuleCapsule, overlapCapsuleCapsule, PARALLEL_SINE } from './capsule-capsule.js';

/** 90 degrees about Z: local Y onto world -X, so the end at -halfLength (code 1) lies toward +X. */
const Y_TO_MINUS_X = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
/** 90 degrees about X: local Y onto world +Z (code 1 toward -Z). */
const Y_TO_Z = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];

function capsule(
  s: number,
  radius: number,
  halfLength: number,
  position: number[],
  rotation = IDENTITY,
) {
  return new Capsule(radius * s, halfLength * s).setPose(position.map((v) => v * s), rotation);
}

describe('collideCapsuleCapsule', () => {
  it('crossing at right angles, one above the other: one EdgeEdge point', () => {
    // Radii 0.4 (first in canonical order) and 0.6; closest points (0, 0.8, 0) and the origin:
    // n = +y, pen 1 - 0.8 = 0.2; witnesses (0, 0.4, 0) and (0, 0.6, 0).
    expectContacts(
      (s) => [capsule(s, 0.4, 1, [0, 0.8, 0], Y_TO_MINUS_X), capsule(s, 0.6, 1, [0, 0, 0], Y_TO_Z)],
      collideCapsuleCapsule,
      [0, 1, 0],
      [{ point: [0, 0.5, 0], penetration: 0.2, kind: ContactKind.EdgeEdge, featureId: 0 }],
    );
  });

  it("parallel, the shorter above the longer: two points at the shorter one's ends", () => {
    // A (r 0.4, axis -x, centre (0, 0.9, 0)) lies within B's extent (r 0.6, half length 2,
    // centre (0.5, 0, 0)). Overlap ends x = +-1: A's ends over B's side; gap 0.9, pen 0.1;
    // witnesses (+-1, 0.5, 0) on A and (+-1, 0.6, 0) on B.
    expectContacts(
      (s) => [
        capsule(s, 0.4, 1, [0, 0.9, 0], Y_TO_MINUS_X),
        capsule(s, 0.6, 2, [0.5, 0, 0], Y_TO_MINUS_X),
      ],
      collideCapsuleCapsule,
      [0, 1, 0],
      [
        {
          point: [1, 0.55, 0],
          penetration: 0.1,
          kind: ContactKind.PointEdge,
          featureId: packFeatureId(1, 0),
        },
        {
          point: [-1, 0.55, 0],
          penetration: 0.1,
          kind: ContactKind.PointEdge,
          featureId: packFeatureId(2, 0),
        },
      ],
    );
  });

  it('parallel segments of equal length side by side: the ends of both, PointPoint', () => {
    // Equal sizes and equal views: the canonical order falls back to world position, so the
    // capsule at y = 0 is A; ids pack its code first (1 with 1, 2 with 2).
    expectContacts(
      (
        s,
      ) => [
        capsule(s, 0.5, 1, [0, 0.9, 0], Y_TO_MINUS_X),
        capsule(s, 0.5, 1, [0, 0, 0], Y_TO_MINUS_X),
      ],
      collideCapsuleCapsule,
      [0, 1, 0],
      [
        {
          point: [1, 0.45, 0],
          penetration: 0.1,
          kind: ContactKind.PointPoint,
          featureId: packFeatureId(1, 1),
        },
        {
          point: [-1, 0.45, 0],
          penetration: 0.1,
          kind: ContactKind.PointPoint,
          featureId: packFeatureId(2, 2),
        },
      ],
    );
  });

  it("crossing segments (through each other): normal along the axes' cross product, pen r1 + r2", () => {
    // A's axis -x, B's +z: (-x) x (+z) = +y; centres equal, so it is kept. Point: midpoint of
    // the closest points (the origin) moved by (0.6 - 0.4) / 2 along n.
    expectContacts(
      (s) => [capsule(s, 0.4, 1, [0, 0, 0], Y_TO_MINUS_X), capsule(s, 0.6, 1, [0, 0, 0], Y_TO_Z)],
      collideCapsuleCapsule,
      [0, 1, 0],
      [{ point: [0, 0.1, 0], penetration: 1, kind: ContactKind.EdgeEdge, featureId: 0 }],
    );
  });

  it('end to end on one line: one PointPoint point', () => {
    // A (r 0.4) from y = 1.8 to 3.8, B (r 0.6) from -1 to 1: ends (0, 1.8, 0) and (0, 1, 0),
    // gap 0.8, pen 0.2; witnesses (0, 1.4, 0) and (0, 1.6, 0).
    expectContacts(
      (s) => [capsule(s, 0.4, 1, [0, 2.8, 0]), capsule(s, 0.6, 1, [0, 0, 0])],
      collideCapsuleCapsule,
      [0, 1, 0],
      [{
        point: [0, 1.5, 0],
        penetration: 0.2,
        kind: ContactKind.PointPoint,
        featureId: packFeatureId(1, 2),
      }],
    );
  });

  it('half length 0 on both: two spheres', () => {
    expectContacts(
      (s) => [capsule(s, 0.4, 0, [0, 0.8, 0]), capsule(s, 0.6, 0, [0, 0, 0])],
      collideCapsuleCapsule,
      [0, 1, 0],
      [{
        point: [0, 0.5, 0],
        penetration: 0.2,
        kind: ContactKind.PointPoint,
        featureId: packFeatureId(1, 1),
      }],
    );
  });

  it('a gap: nothing at tolerance 0, both points speculative within the tolerance', () => {
    const build = (s: number) =>
      [
        capsule(s, 0.4, 1, [0, 1.2, 0], Y_TO_MINUS_X),
        capsule(s, 0.6, 2, [0.5, 0, 0], Y_TO_MINUS_X),
      ] as const;
    expectContacts(build, collideCapsuleCapsule, [0, 1, 0], []);
    expectContacts(build, collideCapsuleCapsule, [0, 1, 0], [
      {
        point: [1, 0.7, 0],
        penetration: -0.2,
        kind: ContactKind.PointEdge,
        featureId: packFeatureId(1, 0),
      },
      {
        point: [-1, 0.7, 0],
        penetration: -0.2,
        kind: ContactKind.PointEdge,
        featureId: packFeatureId(2, 0),
      },
    ], 0.25);
  });

  it("identical capsules at the same pose: two points, normal the first argument's local +X", () => {
    const data = new CollisionData({ capacity: 4 });
    const a = capsule(1, 0.5, 1, [1, 2, 3], axisAngle(0, 1, 0, 0.5));
    const b = capsule(1, 0.5, 1, [1, 2, 3], axisAngle(0, 1, 0, 0.5));
    expect(collideCapsuleCapsule(a, b, data)).toBe(2);
    for (let i = 0; i < 2; i++) {
      const contact = data.contacts[i]!;
      expect(contact.penetration).toBeCloseTo(1, 12);
      for (let k = 0; k < 3; k++) expect(contact.normal[k]).toBeCloseTo(a.transform[k]!, 12);
    }
    expect(data.contacts[0]!.featureId).toBe(packFeatureId(1, 1));
    expect(data.contacts[1]!.featureId).toBe(packFeatureId(2, 2));
  });

  it('capsule turning through parallel changes its point count at most twice', () => {
    // B lies along x; A, above it and overlapping it, turns steadily about the vertical (the
    // scissor) and about the horizontal z axis (one end lifting): the count goes 1, 2, 1.
    const below = capsule(1, 0.5, 1, [0, 0, 0], Y_TO_MINUS_X);
    for (const axis of [[0, 1, 0], [0, 0, 1]]) {
      const counts: number[] = [];
      for (let step = -300; step <= 300; step++) {
        const angle = (step / 300) * 0.3;
        const turn = axisAngle(axis[0]!, axis[1]!, axis[2]!, angle);
        // The turn applied after Y_TO_MINUS_X: q = turn * base.
        const [ax, ay, az, aw] = turn as [number, number, number, number],
          [bx, by, bz, bw] = Y_TO_MINUS_X as [number, number, number, number];
        const q = [
          aw * bx + ax * bw + ay * bz - az * by,
          aw * by - ax * bz + ay * bw + az * bx,
          aw * bz + ax * by - ay * bx + az * bw,
          aw * bw - ax * bx - ay * by - az * bz,
        ];
        const data = new CollisionData({ capacity: 4 });
        counts.push(
          collideCapsuleCapsule(new Capsule(0.5, 0.8).setPose([0.1, 0.95, 0], q), below, data),
        );
      }
      let changes = 0;
      for (let i = 1; i < counts.length; i++) if (counts[i] !== counts[i - 1]) changes++;
      expect(changes, `about ${axis}`).toBe(2);
      expect(counts[0]).toBe(1);
      expect(counts[300]).toBe(2);
      expect(counts[600]).toBe(1);
    }
    expect(PARALLEL_SINE).toBeGreaterThan(0);
  });

  it('overlapCapsuleCapsule agrees with the detector at the touch and just beyond', () => {
    const below = capsule(1, 0.5, 1, [0, 0, 0], Y_TO_MINUS_X);
    expect(overlapCapsuleCapsule(capsule(1, 0.5, 1, [0.3, 1, 0], Y_TO_Z), below)).toBe(true);
    expect(overlapCapsuleCapsule(capsule(1, 0.5, 1, [0.3, 1.000001, 0], Y_TO_Z), below)).toBe(
      false,
    );
    expect(overlapCapsuleCapsule(below, capsule(1, 0.5, 1, [0.3, 1.000001, 0], Y_TO_MINUS_X))).toBe(
      false,
    );
  });
});

describe('collideCapsuleCapsule: regressions of the adversarial suite (fuzz/FINDINGS.md)', () => {
  it('test_f4_tiny_capsules_get_the_normal_of_their_closest_points: the core test is relative', () => {
    // A (r 0.4, along y) stands on B (r 0.6, along x), its lower end 0.8 above B's axis: depth 0.2
    // along +y at every scale, 1e-14 included (an absolute 1e-12 on the core distance took the
    // cores as crossing there and gave the axes' cross product, z, as the normal); 1.3 above it,
    // apart by 0.3: nothing.
    for (const tiny of [1, 1e-14]) {
      for (const s of SCALES.map((x) => x * tiny)) {
        const b = capsule(s, 0.6, 1, [0, 0, 0], Y_TO_MINUS_X);
        const data = new CollisionData({ capacity: 4 });
        const apart = capsule(s, 0.4, 1, [0, 2.3, 0]);
        expect(collideCapsuleCapsule(apart, b, data), `scale ${s}`).toBe(0);
        expect(collide(b, apart, data), `scale ${s}, swapped`).toBe(0);
        expect(overlapCapsuleCapsule(b, apart), `scale ${s}`).toBe(false);
        const standing = capsule(s, 0.4, 1, [0, 1.8, 0]);
        for (const swapped of [false, true]) {
          data.reset();
          expect(swapped ? collide(b, standing, data) : collideCapsuleCapsule(standing, b, data))
            .toBe(1);
          const contact = data.contacts[0]!;
          expect(contact.penetration / s, `scale ${s}`).toBeCloseTo(0.2, 9);
          expect(contact.normal[1], `scale ${s}`).toBeCloseTo(swapped ? -1 : 1, 12);
          expect(contact.featureId).toBe(packFeatureId(1, 0));
        }
      }
    }
  });

  it('test_f5_far_point_witnesses_on_both_surfaces: scissor crossing at a small angle', () => {
    // B along x (r 0.5, half length 2); A (r 0.5, half length 1, first: the shorter) 0.9 above
    // it and 0.01 toward +z, turned from x by asin(0.03) toward +z. Its axis crosses B's (seen
    // from above) at s = -1/3: the closest pair, depth 1 - 0.9 = 0.1 along +y, point
    // (-cos / 3, 0.45, 0). The ends of the overlap are A's ends, 0.02 and 0.04 off B's axis
    // sideways: along +y through them B's top is at sqrt(0.25 - 0.0004) and sqrt(0.25 - 0.0016),
    // A's bottom at 0.4, so their depths are 0.0996 and 0.0984 (not 0.1: their witnesses would
    // lie off B). The shallower end (code 2) gives way to the closest pair.
    const sine = 0.03, cosine = Math.sqrt(1 - sine * sine);
    const top = Math.sqrt(0.25 - 0.02 * 0.02);
    expectContacts(
      (s) => [
        capsule(s, 0.5, 1, [0, 0.9, 0.01], alongDirection(cosine, 0, sine)),
        capsule(s, 0.5, 2, [0, 0, 0], alongDirection(1, 0, 0)),
      ],
      collideCapsuleCapsule,
      [0, 1, 0],
      [
        {
          point: [-cosine / 3, 0.45, 0],
          penetration: 0.1,
          kind: ContactKind.EdgeEdge,
          featureId: packFeatureId(0, 0),
        },
        {
          point: [-cosine, 0.5 * (0.4 + top), -0.02],
          penetration: top - 0.4,
          kind: ContactKind.PointEdge,
          featureId: packFeatureId(1, 0),
        },
      ],
    );
  });

  it("test_f5_far_point_witnesses_on_both_surfaces: the suite's case, witnesses by distance to the cores", () => {
    for (const s of SCALES) {
      const a = new Capsule(0.43452156974244016 * s, 0.8211501973457125 * s).setPose(
        [-0.10494767802248929 * s, 0.2689138804903828 * s, -0.00045537217165033067 * s],
        [-0.5561747611886849, 0.4849304740752528, -0.2695943901297759, 0.618733331202073],
      );
      const b = new Capsule(0.16770434953209368 * s, 1.0153207187124276 * s).setPose(
        [0, 0, 0],
        [0.4923797980824403, 0.5596570785081093, 0.5969245345288041, 0.296693762984047],
      );
      for (const swapped of [false, true]) {
        const data = new CollisionData({ capacity: 4 });
        const count = swapped ? collide(b, a, data) : collideCapsuleCapsule(a, b, data);
        expect(count, `scale ${s}`).toBe(2);
        for (const contact of data.contacts.slice(0, count)) {
          const sign = swapped ? -1 : 1;
          const on = (shape: Capsule, side: number) =>
            [0, 1, 2].map((k) =>
              contact.point[k]! + side * sign * contact.normal[k]! * contact.penetration / 2
            );
          expect(Math.abs(offSurface(a, on(a, -1))) / s, `scale ${s}`).toBeLessThan(1e-9);
          expect(Math.abs(offSurface(b, on(b, 1))) / s, `scale ${s}`).toBeLessThan(1e-9);
        }
      }
    }
  });

  it('test_f6_near_parallel_overlap_of_5e-8_gets_its_contact', () => {
    // A (r 0.5, half length 1) turned from B's axis x by 1e-7 in the x-y plane, its centre
    // 1 + 5e-8 above B's: its lower end (code 1, toward -x) sits 1 - 5e-8 above B's axis, depth
    // 5e-8 along +y; the other end is apart by 1.5e-7. The middle of the overlap, which the
    // parallel case took for sines below 1e-6, lies 5e-8 apart: no contact was written.
    const angle = 1e-7;
    expectContacts(
      (s) => [
        capsule(s, 0.5, 1, [0, 1 + 5e-8, 0], alongDirection(Math.cos(angle), Math.sin(angle), 0)),
        capsule(s, 0.5, 2, [0, 0, 0], alongDirection(1, 0, 0)),
      ],
      collideCapsuleCapsule,
      [0, 1, 0],
      [{
        // Halfway between A's witness 0.5 - 5e-8 and B's top 0.5.
        point: [-Math.cos(angle), 0.5 - 2.5e-8, 0],
        penetration: 5e-8,
        kind: ContactKind.PointEdge,
        featureId: packFeatureId(1, 0),
      }],
    );
  });

  it("test_f6_near_parallel_overlap_of_4e-9_gets_its_contact: the suite's case", () => {
    for (const s of SCALES) {
      const a = new Capsule(0.5018931264625898 * s, 0.1924886839041256 * s).setPose(
        [0.43488611640170294 * s, -0.7118831984880212 * s, -0.3241475071631253 * s],
        [0.484983068997004, 0.6928427520701519, -0.037022573366124974, -0.5323435664600963],
      );
      const b = new Capsule(0.38912161197693357 * s, 0.5893465572986162 * s).setPose(
        [0, 0, 0],
        [0.484983013599963, 0.6928429370880389, -0.03702255845004165, -0.5323433771660271],
      );
      // The least distance of the segments by sampling B's and A's parameters finely around
      // their ends (the segments are within 1e-6 of parallel, so the least lies at an end).
      const depth = a.radius + b.radius - sampledSegmentDistance(a, b);
      expect(depth / s).toBeGreaterThan(4e-9);
      for (const swapped of [false, true]) {
        const data = new CollisionData({ capacity: 4 });
        const count = swapped ? collide(b, a, data) : collideCapsuleCapsule(a, b, data);
        expect(count, `scale ${s}`).toBe(1);
        expect(data.contacts[0]!.penetration / s, `scale ${s}`).toBeCloseTo(depth / s, 11);
        expect(overlapCapsuleCapsule(swapped ? b : a, swapped ? a : b)).toBe(true);
      }
    }
  });
});

/** Distance of p from the capsule's surface (< 0 inside), from its core by projection. */
function offSurface(shape: Capsule, p: number[]): number {
  const m = shape.transform, h = shape.halfLength;
  const along = [0, 1, 2].reduce((sum, k) => sum + (p[k]! - m[12 + k]!) * m[4 + k]!, 0);
  const t = Math.max(-h, Math.min(h, along));
  return Math.hypot(...[0, 1, 2].map((k) => p[k]! - m[12 + k]! - t * m[4 + k]!)) - shape.radius;
}

/** Least distance of the two cores: each core's ends against the other sampled 2e5 times. */
function sampledSegmentDistance(a: Capsule, b: Capsule): number {
  const at = (shape: Capsule, u: number) =>
    [0, 1, 2].map((k) => shape.transform[12 + k]! + u * shape.halfLength * shape.transform[4 + k]!);
  let best = Infinity;
  for (const [end, other] of [[a, b], [b, a]] as const) {
    for (const side of [-1, 1]) {
      const p = at(end, side);
      for (let i = 0; i <= 200_000; i++) {
        const q = at(other, -1 + i / 100_000);
        best = Math.min(best, Math.hypot(p[0]! - q[0]!, p[1]! - q[1]!, p[2]! - q[2]!));
      }
    }
  }
  return best;
}
