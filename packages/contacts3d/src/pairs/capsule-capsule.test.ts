import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { axisAngle, IDENTITY } from '../test-support/cases.js';
import { expectContacts } from '../test-support/capsule-cases.js';
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
