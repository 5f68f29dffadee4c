import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { collideSphereSphere } from './sphere-sphere.js';
import { expectVector, sphereAt } from '../test-support/cases.js';

const scratch = new Float64Array(3);

describe('collideSphereSphere', () => {
  it('overlapping along x: normal from the second toward the first, point between the witnesses', () => {
    // c1 = 0, r1 = 1; c2 = (1.2, 0, 0), r2 = 0.5. n = (c1 - c2) / 1.2 = -x; pen = 1.5 - 1.2 = 0.3.
    // Witnesses: c1 - n r1 = (1, 0, 0) and c2 + n r2 = (0.7, 0, 0); midpoint (0.85, 0, 0).
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(0.5, 1.2, 0, 0), data)).toBe(1);
    expect(data.contactCount).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [-1, 0, 0]);
    expect(contact.penetration).toBeCloseTo(0.3, 12);
    expectVector(contact.point, [0.85, 0, 0]);
    expectVector(contact.pointOnFirst(scratch), [1, 0, 0]);
    expectVector(contact.pointOnSecond(scratch), [0.7, 0, 0]);
    expect(contact.kind).toBe(ContactKind.FaceFace);
    expect(contact.featureId).toBe(0);
  });

  it('overlapping along a 3-4-5 diagonal', () => {
    // c1 = (1, 2, 3), r1 = 2; c2 = (2.5, 4, 3), r2 = 1. c1 - c2 = (-1.5, -2, 0), length 2.5:
    // n = (-0.6, -0.8, 0), pen = 3 - 2.5 = 0.5. Witnesses c1 - 2n = (2.2, 3.6, 3) and
    // c2 + n = (1.9, 3.2, 3); midpoint (2.05, 3.4, 3).
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereSphere(sphereAt(2, 1, 2, 3), sphereAt(1, 2.5, 4, 3), data)).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [-0.6, -0.8, 0]);
    expect(contact.penetration).toBeCloseTo(0.5, 12);
    expectVector(contact.point, [2.05, 3.4, 3]);
    expectVector(contact.pointOnFirst(scratch), [2.2, 3.6, 3]);
    expectVector(contact.pointOnSecond(scratch), [1.9, 3.2, 3]);
  });

  it('swapping the spheres negates the normal and keeps point and depth', () => {
    const a = sphereAt(2, 1, 2, 3), b = sphereAt(1, 2.5, 4, 3);
    const data = new CollisionData({ capacity: 4 });
    collideSphereSphere(a, b, data);
    collideSphereSphere(b, a, data);
    const forward = data.contacts[0]!, backward = data.contacts[1]!;
    for (let i = 0; i < 3; i++) {
      expect(backward.normal[i]).toBeCloseTo(-forward.normal[i]!, 14);
      expect(backward.point[i]).toBeCloseTo(forward.point[i]!, 14);
    }
    expect(backward.penetration).toBeCloseTo(forward.penetration, 14);
  });

  it('touching spheres give one contact of penetration 0', () => {
    // r1 = r2 = 1, centres 2 apart on z: the touching point (0, 0, 1), n = -z.
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(1, 0, 0, 2), data)).toBe(1);
    const contact = data.contacts[0]!;
    expect(contact.penetration).toBe(0);
    expectVector(contact.normal, [0, 0, -1]);
    expectVector(contact.point, [0, 0, 1]);
  });

  it('reports a speculative contact inside the tolerance and nothing beyond it', () => {
    // Radii 1 and 1, centres 2.04 apart: a gap of 0.04.
    const data = new CollisionData({ capacity: 4, tolerance: 0.05 });
    expect(collideSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(1, 2.04, 0, 0), data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(-0.04, 12);
    // Witnesses at x = 1 and x = 1.04; the point halfway.
    expectVector(data.contacts[0]!.point, [1.02, 0, 0]);
    // A gap of 0.06 exceeds the tolerance.
    expect(collideSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(1, 2.06, 0, 0), data)).toBe(0);
    expect(data.contactCount).toBe(1);
    // Without tolerance the gap of 0.04 gives nothing.
    const strict = new CollisionData({ capacity: 4 });
    expect(collideSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(1, 2.04, 0, 0), strict)).toBe(0);
    expect(strict.contactCount).toBe(0);
  });

  it('coincident centres: normal +Y, penetration r1 + r2, point at the common centre for equal radii', () => {
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereSphere(sphereAt(0.75, 3, -1, 2), sphereAt(0.75, 3, -1, 2), data)).toBe(1);
    const contact = data.contacts[0]!;
    expect(Array.from(contact.normal)).toEqual([0, 1, 0]);
    expect(contact.penetration).toBe(1.5);
    expect(Array.from(contact.point)).toEqual([3, -1, 2]);
  });

  it('coincident centres with unequal radii: the point is the midpoint of the witnesses on +Y', () => {
    // c = (3, -1, 2), r1 = 1, r2 = 0.5: witnesses c - Y r1 = (3, -2, 2) and c + Y r2 = (3, -0.5, 2),
    // midpoint (3, -1.25, 2), penetration 1.5.
    const data = new CollisionData({ capacity: 4 });
    collideSphereSphere(sphereAt(1, 3, -1, 2), sphereAt(0.5, 3, -1, 2), data);
    const contact = data.contacts[0]!;
    expect(Array.from(contact.normal)).toEqual([0, 1, 0]);
    expect(contact.penetration).toBe(1.5);
    expectVector(contact.point, [3, -1.25, 2]);
    expectVector(contact.pointOnFirst(scratch), [3, -2, 2]);
    expectVector(contact.pointOnSecond(scratch), [3, -0.5, 2]);
  });

  it('spheres of radius 0', () => {
    const data = new CollisionData({ capacity: 4 });
    // Two points at the same place touch: penetration 0, normal +Y.
    expect(collideSphereSphere(sphereAt(0, 1, 1, 1), sphereAt(0, 1, 1, 1), data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBe(0);
    expect(Array.from(data.contacts[0]!.normal)).toEqual([0, 1, 0]);
    expect(Array.from(data.contacts[0]!.point)).toEqual([1, 1, 1]);
    // A point 0.5 inside a unit sphere centred at the origin, on +x: n = +x, pen = 1 - 0.5,
    // witnesses the point itself (0.5, 0, 0) and the sphere's surface (1, 0, 0).
    expect(collideSphereSphere(sphereAt(0, 0.5, 0, 0), sphereAt(1, 0, 0, 0), data)).toBe(1);
    const contact = data.contacts[1]!;
    expectVector(contact.normal, [1, 0, 0]);
    expect(contact.penetration).toBeCloseTo(0.5, 14);
    expectVector(contact.pointOnFirst(scratch), [0.5, 0, 0]);
    expectVector(contact.pointOnSecond(scratch), [1, 0, 0]);
    // Two distinct points never touch without tolerance.
    expect(collideSphereSphere(sphereAt(0, 0, 0, 0), sphereAt(0, 0, 0.1, 0), data)).toBe(0);
  });

  it('copies bodies, friction and restitution', () => {
    const data = new CollisionData({ capacity: 4, friction: 0.6, restitution: 0.2 });
    const a = sphereAt(1, 0, 0, 0), b = sphereAt(1, 1, 0, 0);
    a.body = 'ball';
    b.body = { id: 7 };
    collideSphereSphere(a, b, data);
    const contact = data.contacts[0]!;
    expect(contact.bodies[0]).toBe('ball');
    expect(contact.bodies[1]).toBe(b.body);
    expect(contact.friction).toBe(0.6);
    expect(contact.restitution).toBe(0.2);
  });

  it('a full buffer: nothing written, overflowed set, no throw', () => {
    const data = new CollisionData({ capacity: 1 });
    const a = sphereAt(1, 0, 0, 0), b = sphereAt(1, 1, 0, 0);
    expect(collideSphereSphere(a, b, data)).toBe(1);
    expect(data.overflowed).toBe(false);
    expect(collideSphereSphere(a, b, data)).toBe(0);
    expect(data.contactCount).toBe(1);
    expect(data.overflowed).toBe(true);
    // A separated pair does not count as lost.
    data.reset();
    collideSphereSphere(a, b, data);
    expect(collideSphereSphere(a, sphereAt(1, 5, 0, 0), data)).toBe(0);
    expect(data.overflowed).toBe(false);
  });
});
