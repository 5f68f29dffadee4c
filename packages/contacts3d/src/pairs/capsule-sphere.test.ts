import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Capsule } from '../shapes/capsule.js';
import { Sphere } from '../shapes/primitives.js';
import { IDENTITY } from '../test-support/cases.js';
import { expectContacts, SCALES } from '../test-support/capsule-cases.js';
import { collideCapsuleSphere, overlapCapsuleSphere } from './capsule-sphere.js';

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
function sphere(s: number, radius: number, position: number[]) {
  return new Sphere(radius * s).setPose(position.map((v) => v * s), IDENTITY);
}

describe('collideCapsuleSphere', () => {
  it('a sphere beside the side: EdgeFace, closest point across the axis', () => {
    // q = (0, 0.3, 0), q - c = (-0.6, 0, 0): n = -x, pen = 0.75 - 0.6 = 0.15; witnesses
    // (0.5, 0.3, 0) and (0.35, 0.3, 0), midpoint (0.425, 0.3, 0).
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 0, 0]), sphere(s, 0.25, [0.6, 0.3, 0])],
      collideCapsuleSphere,
      [-1, 0, 0],
      [{ point: [0.425, 0.3, 0], penetration: 0.15, kind: ContactKind.EdgeFace, featureId: 0 }],
    );
  });

  it('a sphere beyond the +halfLength end: PointFace on end code 2', () => {
    // q = (0, 1, 0), n = -y, pen = 1 - 0.9 = 0.1; witnesses (0, 1.5, 0) and (0, 1.4, 0).
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 0, 0]), sphere(s, 0.5, [0, 1.9, 0])],
      collideCapsuleSphere,
      [0, -1, 0],
      [{
        point: [0, 1.45, 0],
        penetration: 0.1,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(2, 0),
      }],
    );
  });

  it('a turned capsule, the sphere by its -halfLength end on a 3-4-5 diagonal', () => {
    // Axis -x, centre (1, 2, 3): end code 1 at (2, 2, 3). q - c = (-0.4, -0.3, 0), d = 0.5:
    // n = (-0.8, -0.6, 0), pen = 0.8 - 0.5 = 0.3; witnesses (2.4, 2.3, 3) and (2.16, 2.12, 3).
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [1, 2, 3], Y_TO_MINUS_X), sphere(s, 0.3, [2.4, 2.3, 3])],
      collideCapsuleSphere,
      [-0.8, -0.6, 0],
      [{
        point: [2.28, 2.21, 3],
        penetration: 0.3,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(1, 0),
      }],
    );
  });

  it('a centre exactly on the segment: pushed along the capsule local +X, penetration r1 + r2', () => {
    // n = +x (local X of an unturned capsule); witnesses (-0.5, 0.2, 0) and (0.25, 0.2, 0).
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 0, 0]), sphere(s, 0.25, [0, 0.2, 0])],
      collideCapsuleSphere,
      [1, 0, 0],
      [{ point: [-0.125, 0.2, 0], penetration: 0.75, kind: ContactKind.EdgeFace, featureId: 0 }],
    );
  });

  it('half length 0 is a sphere: touching at 0, end code 1', () => {
    expectContacts(
      (s) => [capsule(s, 0.5, 0, [0, 0, 0]), sphere(s, 0.5, [0.6, 0.8, 0])],
      collideCapsuleSphere,
      [-0.6, -0.8, 0],
      [{
        point: [0.3, 0.4, 0],
        penetration: 0,
        kind: ContactKind.PointFace,
        featureId: packFeatureId(1, 0),
      }],
    );
  });

  it('a gap: nothing at tolerance 0, a speculative contact within the tolerance', () => {
    // Gap 0.9 - 0.75 = 0.15.
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 0, 0]), sphere(s, 0.25, [0.9, 0, 0])],
      collideCapsuleSphere,
      [-1, 0, 0],
      [],
    );
    expectContacts(
      (s) => [capsule(s, 0.5, 1, [0, 0, 0]), sphere(s, 0.25, [0.9, 0, 0])],
      collideCapsuleSphere,
      [-1, 0, 0],
      [{ point: [0.575, 0, 0], penetration: -0.15, kind: ContactKind.EdgeFace, featureId: 0 }],
      0.2,
    );
  });

  it('overlapCapsuleSphere agrees at the touch and just beyond', () => {
    expect(overlapCapsuleSphere(capsule(1, 0.5, 1, [0, 0, 0]), sphere(1, 0.5, [1, 0.5, 0]))).toBe(
      true,
    );
    expect(overlapCapsuleSphere(capsule(1, 0.5, 1, [0, 0, 0]), sphere(1, 0.5, [1.0001, 0.5, 0])))
      .toBe(false);
  });

  it('a full buffer: nothing written, overflowed set', () => {
    const data = new CollisionData({ capacity: 1 });
    data.contactCount = 1;
    expect(collideCapsuleSphere(capsule(1, 0.5, 1, [0, 0, 0]), sphere(1, 0.5, [0.5, 0, 0]), data))
      .toBe(0);
    expect(data.overflowed).toBe(true);
  });
});

describe('collideCapsuleSphere: regressions of the adversarial suite (fuzz/FINDINGS.md)', () => {
  it('test_f4_tiny_shapes_apart_get_no_contact: the core test is relative to the size', () => {
    // A capsule (r 0.4, half length 1, along y) and a sphere (r 1) whose centre lies 1.8 from the
    // core: apart by 0.4 of the size at every scale, 1e-14 included (an absolute 1e-12 made the
    // centre count as on the core there); 1.3 from it: depth 0.1 along -x; on the core: the
    // capsule's +x, depth 1.4.
    for (const tiny of [1, 1e-14]) {
      for (const s of SCALES.map((x) => x * tiny)) {
        const body = capsule(s, 0.4, 1, [0, 0, 0]);
        const data = new CollisionData({ capacity: 4 });
        const apart = sphere(s, 1, [1.8, 0.5, 0]);
        expect(collideCapsuleSphere(body, apart, data), `scale ${s}`).toBe(0);
        expect(collide(apart, body, data), `scale ${s}, swapped`).toBe(0);
        expect(overlapCapsuleSphere(body, apart), `scale ${s}`).toBe(false);
        for (const [x, depth, normal] of [[1.3, 0.1, -1], [0, 1.4, 1]] as const) {
          const ball = sphere(s, 1, [x, 0.5, 0]);
          for (const swapped of [false, true]) {
            data.reset();
            expect(swapped ? collide(ball, body, data) : collideCapsuleSphere(body, ball, data))
              .toBe(1);
            const contact = data.contacts[0]!;
            expect(contact.penetration / s, `scale ${s}, x ${x}`).toBeCloseTo(depth, 9);
            expect(contact.normal[0], `scale ${s}, x ${x}`).toBeCloseTo(
              swapped ? -normal : normal,
              12,
            );
          }
        }
      }
    }
  });
});
