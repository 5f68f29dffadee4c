import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { HalfSpace, Plane } from '../shapes/primitives.js';
import { IDENTITY } from '../test-support/cases.js';
import { alongDirection, expectContacts } from '../test-support/capsule-cases.js';
import { collideCapsuleHalfSpace, overlapCapsuleHalfSpace } from './capsule-half-space.js';
import { collideCapsulePlane, overlapCapsulePlane } from './capsule-plane.js';

/** 90 degrees about Z: local Y onto world -X, so the end at -halfLength (code 1) lies toward +X. */
const Y_TO_MINUS_X = [0, 0, Math.SQRT1_2, Math.SQRT1_2];

function capsule(
  s: number,
  radius: number,
  halfLength: number,
  position: number[],
  rotation = IDENTITY,
) {
  return new Capsule(radius * s, halfLength * s).setPose(position.map((v) => v * s), rotation);
}

describe('collideCapsuleHalfSpace', () => {
  it('a capsule lying on the floor: both ends, PointFace, exact depths', () => {
    // Ends at (+-1, 0.4, 0), height 0.4: pen 0.1, point = end - n (0.5 + 0.4) / 2.
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 0.4, 0], Y_TO_MINUS_X), new HalfSpace([0, 1, 0], 0)],
      collideCapsuleHalfSpace,
      [0, 1, 0],
      [
        {
          point: [1, -0.05, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(1, 0),
        },
        {
          point: [-1, -0.05, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(2, 0),
        },
      ],
    );
  });

  it('a capsule standing: its lower end only', () => {
    // Lower end (0, 0.3, 0): pen 0.2, point (0, 0.3 - 0.4, 0).
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 1.3, 0]), new HalfSpace([0, 1, 0], 0)],
      collideCapsuleHalfSpace,
      [0, 1, 0],
      [{
        point: [0, -0.1, 0],
        penetration: 0.2,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(1, 0),
      }],
    );
  });

  it('a tilted capsule above an offset floor', () => {
    // Axis (0.6, 0.8, 0), centre (0, 0.9, 0), halfLength 0.5: ends (-0.3, 0.5, 0) and (0.3, 1.3, 0).
    // Floor y = 0.2 (scaled with the case): heights 0.3 and 1.1, radius 0.4: pen 0.1 at the lower
    // end, point (-0.3, 0.5 - (0.4 + 0.3) / 2, 0).
    expectContacts(
      (
        s,
      ) => [
        capsule(s, 0.4, 0.5, [0, 0.9, 0], alongDirection(0.6, 0.8, 0)),
        new HalfSpace([0, 1, 0], 0.2 * s),
      ],
      collideCapsuleHalfSpace,
      [0, 1, 0],
      [{
        point: [-0.3, 0.15, 0],
        penetration: 0.1,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(1, 0),
      }],
    );
  });

  it('a slanted half-space, normal (0, 0.6, 0.8), offset 1', () => {
    // Centre 1.3 n, ends at height 1.3 - 1 = 0.3, radius 0.5: pen 0.2, point = end - 0.4 n.
    expectContacts(
      (s) => [
        capsule(s, 0.5, 1, [0, 0.78, 1.04], Y_TO_MINUS_X),
        new HalfSpace([0, 3, 4], s),
      ],
      collideCapsuleHalfSpace,
      [0, 0.6, 0.8],
      [
        {
          point: [1, 0.54, 0.72],
          penetration: 0.2,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(1, 0),
        },
        {
          point: [-1, 0.54, 0.72],
          penetration: 0.2,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(2, 0),
        },
      ],
    );
  });

  it('half length 0: one end (code 1), not two', () => {
    expectContacts(
      (s) => [capsule(s, 0.5, 0, [0, 0.4, 0]), new HalfSpace([0, 1, 0], 0)],
      collideCapsuleHalfSpace,
      [0, 1, 0],
      [{
        point: [0, -0.05, 0],
        penetration: 0.1,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(1, 0),
      }],
    );
  });

  it('a capsule buried: both ends, penetration beyond the radius', () => {
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, -2, 0], Y_TO_MINUS_X), new HalfSpace([0, 1, 0], 0)],
      collideCapsuleHalfSpace,
      [0, 1, 0],
      [
        {
          point: [1, -1.25, 0],
          penetration: 2.5,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(1, 0),
        },
        {
          point: [-1, -1.25, 0],
          penetration: 2.5,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(2, 0),
        },
      ],
    );
  });

  it('maxContactsPerPair 1 keeps the deeper end; overlap agrees with the detector at the touch', () => {
    const tilted = capsule(1, 0.5, 1, [0, 0.45, 0], alongDirection(0.8, 0.6, 0));
    const data = new CollisionData({ capacity: 4, maxContactsPerPair: 1 });
    const floor = new HalfSpace([0, 1, 0], 0);
    // Lower end at height 0.45 - 0.6 = -0.15: pen 0.65.
    expect(collideCapsuleHalfSpace(tilted, floor, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.65, 12);
    expect(data.contacts[0]!.featureId).toBe(packFeatureId(1, 0));
    expect(overlapCapsuleHalfSpace(capsule(1, 0.5, 1, [0, 1.5, 0]), floor)).toBe(true);
    expect(overlapCapsuleHalfSpace(capsule(1, 0.5, 1, [0, 1.5000001, 0]), floor)).toBe(false);
  });
});

describe('collideCapsulePlane', () => {
  it('a capsule below a true plane: normal -n, both ends', () => {
    // Centre below: seen from -n the ends are at height 0.4: pen 0.1, point end + (0, 0.45, 0).
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, -0.4, 0], Y_TO_MINUS_X), new Plane([0, 1, 0], 0)],
      collideCapsulePlane,
      [0, -1, 0],
      [
        {
          point: [1, 0.05, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(1, 0),
        },
        {
          point: [-1, 0.05, 0],
          penetration: 0.1,
          kind: ContactKind.PointFace,
          featureId: packFeatureId(2, 0),
        },
      ],
    );
  });

  it('a capsule above a true plane: normal n, its lower end; overlapCapsulePlane agrees', () => {
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 1.3, 0]), new Plane([0, 1, 0], 0)],
      collideCapsulePlane,
      [0, 1, 0],
      [{
        point: [0, -0.1, 0],
        penetration: 0.2,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(1, 0),
      }],
    );
    expect(overlapCapsulePlane(capsule(1, 0.5, 1, [0, -1.5, 0]), new Plane([0, 1, 0], 0))).toBe(
      true,
    );
    expect(overlapCapsulePlane(capsule(1, 0.5, 1, [0, -1.50001, 0]), new Plane([0, 1, 0], 0))).toBe(
      false,
    );
  });
});
