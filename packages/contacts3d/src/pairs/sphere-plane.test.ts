import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { HalfSpace, Plane } from '../shapes/primitives.js';
import { collideSphereHalfSpace } from './sphere-half-space.js';
import { collideSpherePlane } from './sphere-plane.js';
import { expectVector, sphereAt } from '../test-support/cases.js';

const scratch = new Float64Array(3);

describe('collideSpherePlane', () => {
  // The sheet y = 1.
  const sheet = new Plane([0, 1, 0], 1);

  it('from above: normal along the plane normal', () => {
    // Centre (0, 1.5, 0), r = 1: s = 0.5, pen 0.5; witnesses (0, 0.5, 0) and (0, 1, 0).
    const data = new CollisionData({ capacity: 4 });
    expect(collideSpherePlane(sphereAt(1, 0, 1.5, 0), sheet, data)).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [0, 1, 0]);
    expect(contact.penetration).toBeCloseTo(0.5, 14);
    expectVector(contact.point, [0, 0.75, 0]);
    expectVector(contact.pointOnFirst(scratch), [0, 0.5, 0]);
    expectVector(contact.pointOnSecond(scratch), [0, 1, 0]);
    expect(contact.kind).toBe(ContactKind.FaceFace);
    expect(contact.featureId).toBe(0);
  });

  it('from below: normal against the plane normal', () => {
    // Centre (0, 0.25, 0), r = 1: s = -0.75, n = -Y, pen = 1 - 0.75 = 0.25.
    // Witnesses c + Y r = (0, 1.25, 0) on the sphere and (0, 1, 0) on the plane; midpoint 1.125.
    const data = new CollisionData({ capacity: 4 });
    expect(collideSpherePlane(sphereAt(1, 0, 0.25, 0), sheet, data)).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [0, -1, 0]);
    expect(contact.penetration).toBeCloseTo(0.25, 14);
    expectVector(contact.point, [0, 1.125, 0]);
    expectVector(contact.pointOnFirst(scratch), [0, 1.25, 0]);
    expectVector(contact.pointOnSecond(scratch), [0, 1, 0]);
  });

  it('mirror images on either side give mirrored contacts', () => {
    // Heights +0.4 and -0.4 about y = 1 with r = 0.5: pen 0.1 on both sides, normals opposite.
    const data = new CollisionData({ capacity: 4 });
    collideSpherePlane(sphereAt(0.5, 2, 1.4, 3), sheet, data);
    collideSpherePlane(sphereAt(0.5, 2, 0.6, 3), sheet, data);
    const above = data.contacts[0]!, below = data.contacts[1]!;
    expect(above.penetration).toBeCloseTo(0.1, 14);
    expect(below.penetration).toBeCloseTo(0.1, 14);
    expect(below.normal[1]).toBe(-above.normal[1]!);
    // Above: c - Y (r + s) / 2 = 1.4 - 0.45 = 0.95; below: 0.6 + 0.45 = 1.05.
    expectVector(above.point, [2, 0.95, 3]);
    expectVector(below.point, [2, 1.05, 3]);
  });

  it('a centre exactly on the plane takes the plane normal, penetration r', () => {
    // Centre (2, 1, 3), r = 0.5: n = +Y, pen 0.5, witnesses (2, 0.5, 3) and (2, 1, 3).
    const data = new CollisionData({ capacity: 4 });
    expect(collideSpherePlane(sphereAt(0.5, 2, 1, 3), sheet, data)).toBe(1);
    const contact = data.contacts[0]!;
    expect(Array.from(contact.normal)).toEqual([0, 1, 0]);
    expect(contact.penetration).toBe(0.5);
    expectVector(contact.point, [2, 0.75, 3]);
    // A tilted plane: its own normal, whatever it is.
    const tilted = new Plane([0, 3, 4], 0);
    collideSpherePlane(sphereAt(1, 7, 0, 0), tilted, data);
    expectVector(data.contacts[1]!.normal, [0, 0.6, 0.8], 15);
  });

  it('a sphere of radius 0 on the plane touches; off the plane it misses', () => {
    const data = new CollisionData({ capacity: 4 });
    expect(collideSpherePlane(sphereAt(0, 5, 1, 5), sheet, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBe(0);
    expect(Array.from(data.contacts[0]!.normal)).toEqual([0, 1, 0]);
    expect(collideSpherePlane(sphereAt(0, 5, 0.9, 5), sheet, data)).toBe(0);
    expect(collideSpherePlane(sphereAt(0, 5, 1.1, 5), sheet, data)).toBe(0);
  });

  it('the tolerance holds on both sides', () => {
    // r = 1, centre 1.05 from the plane on either side: gap 0.05 inside a tolerance of 0.1.
    const data = new CollisionData({ capacity: 8, tolerance: 0.1 });
    expect(collideSpherePlane(sphereAt(1, 0, 2.05, 0), sheet, data)).toBe(1);
    expect(collideSpherePlane(sphereAt(1, 0, -0.05, 0), sheet, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(-0.05, 14);
    expect(data.contacts[1]!.penetration).toBeCloseTo(-0.05, 14);
    expectVector(data.contacts[1]!.normal, [0, -1, 0]);
    // Gap 0.2 on either side: nothing.
    expect(collideSpherePlane(sphereAt(1, 0, 2.2, 0), sheet, data)).toBe(0);
    expect(collideSpherePlane(sphereAt(1, 0, -0.2, 0), sheet, data)).toBe(0);
    expect(data.contactCount).toBe(2);
  });

  it('above the plane it agrees with the half-space', () => {
    const data = new CollisionData({ capacity: 4 });
    const ball = sphereAt(0.8, 0.3, 1.5, -0.2);
    collideSpherePlane(ball, sheet, data);
    collideSphereHalfSpace(ball, new HalfSpace([0, 1, 0], 1), data);
    const plane = data.contacts[0]!, half = data.contacts[1]!;
    expect(Array.from(plane.point)).toEqual(Array.from(half.point));
    expect(Array.from(plane.normal)).toEqual(Array.from(half.normal));
    expect(plane.penetration).toBe(half.penetration);
  });

  it('copies bodies, friction and restitution; overflows without throwing', () => {
    const data = new CollisionData({ capacity: 1, friction: 0.6, restitution: 0.2 });
    const ball = sphereAt(1, 0, 0.5, 0);
    ball.body = 'ball';
    const glass = new Plane([0, 1, 0], 1);
    glass.body = 'glass';
    expect(collideSpherePlane(ball, glass, data)).toBe(1);
    expect(data.contacts[0]!.bodies).toEqual(['ball', 'glass']);
    expect(data.contacts[0]!.friction).toBe(0.6);
    expect(data.contacts[0]!.restitution).toBe(0.2);
    expect(collideSpherePlane(ball, glass, data)).toBe(0);
    expect(data.overflowed).toBe(true);
    expect(data.contactCount).toBe(1);
  });
});
