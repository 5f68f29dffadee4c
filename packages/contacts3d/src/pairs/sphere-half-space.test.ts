import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { CollisionData } from '../manifold/collision-data.js';
import { HalfSpace } from '../shapes/primitives.js';
import { collideSphereHalfSpace } from './sphere-half-space.js';
import { expectVector, sphereAt } from '../test-support/cases.js';

const scratch = new Float64Array(3);

describe('collideSphereHalfSpace', () => {
  const floor = new HalfSpace([0, 1, 0], 0);

  it('a sphere sunk into the floor', () => {
    // Centre (2, 0.75, -1), r = 1: height 0.75, pen = 1 - 0.75 = 0.25, n = +Y.
    // Witnesses: c - n r = (2, -0.25, -1) on the sphere, the projection (2, 0, -1) on the plane.
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereHalfSpace(sphereAt(1, 2, 0.75, -1), floor, data)).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [0, 1, 0]);
    expect(contact.penetration).toBeCloseTo(0.25, 14);
    expectVector(contact.point, [2, -0.125, -1]);
    expectVector(contact.pointOnFirst(scratch), [2, -0.25, -1]);
    expectVector(contact.pointOnSecond(scratch), [2, 0, -1]);
    expect(contact.kind).toBe(ContactKind.FaceFace);
    expect(contact.featureId).toBe(0);
  });

  it('a tilted half-space (normal given unnormalised)', () => {
    // n = (3, 4, 0) / 5, offset 1. Centre (1.2, 1.6, 5): height 0.72 + 1.28 - 1 = 1; r = 2: pen 1.
    // point = c - n (r + height) / 2 = c - 1.5 n = (0.3, 0.4, 5).
    const data = new CollisionData({ capacity: 4 });
    const slope = new HalfSpace([3, 4, 0], 1);
    expect(collideSphereHalfSpace(sphereAt(2, 1.2, 1.6, 5), slope, data)).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [0.6, 0.8, 0]);
    expect(contact.penetration).toBeCloseTo(1, 14);
    expectVector(contact.point, [0.3, 0.4, 5]);
  });

  it('a centre below the plane is still pushed up (the half-space is solid)', () => {
    // Centre (0, -2, 0), r = 0.5: height -2, pen 2.5; witnesses (0, -2.5, 0) and (0, 0, 0).
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereHalfSpace(sphereAt(0.5, 0, -2, 0), floor, data)).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [0, 1, 0]);
    expect(contact.penetration).toBeCloseTo(2.5, 14);
    expectVector(contact.point, [0, -1.25, 0]);
  });

  it('uses the world plane of a moved and turned half-space', () => {
    // Local plane y = 0 turned 90 degrees about x (y -> z) and moved to (0, 0, 1): the world
    // plane is z = 1 with normal +Z. Centre (4, 5, 1.5), r = 1: pen 0.5, point (4, 5, 0.75).
    const wall = new HalfSpace([0, 1, 0], 0).setPose([0, 0, 1], [Math.SQRT1_2, 0, 0, Math.SQRT1_2]);
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereHalfSpace(sphereAt(1, 4, 5, 1.5), wall, data)).toBe(1);
    const contact = data.contacts[0]!;
    expectVector(contact.normal, [0, 0, 1]);
    expect(contact.penetration).toBeCloseTo(0.5, 12);
    expectVector(contact.point, [4, 5, 0.75]);
  });

  it('touching gives penetration 0; a gap gives nothing without tolerance', () => {
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereHalfSpace(sphereAt(1, 0, 1, 0), floor, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBe(0);
    expectVector(data.contacts[0]!.point, [0, 0, 0]);
    expect(collideSphereHalfSpace(sphereAt(1, 0, 1.001, 0), floor, data)).toBe(0);
    expect(data.contactCount).toBe(1);
  });

  it('a speculative contact inside the tolerance, nothing beyond it', () => {
    // Height 1.05 with r = 1: gap 0.05 < 0.1. Witnesses (0, 0.05, 0) and (0, 0, 0).
    const data = new CollisionData({ capacity: 4, tolerance: 0.1 });
    expect(collideSphereHalfSpace(sphereAt(1, 0, 1.05, 0), floor, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(-0.05, 14);
    expectVector(data.contacts[0]!.point, [0, 0.025, 0]);
    expect(collideSphereHalfSpace(sphereAt(1, 0, 1.2, 0), floor, data)).toBe(0);
    expect(data.contactCount).toBe(1);
  });

  it('a sphere of radius 0 is a point', () => {
    const data = new CollisionData({ capacity: 4 });
    expect(collideSphereHalfSpace(sphereAt(0, 1, 0, 1), floor, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBe(0);
    // A point 0.3 below: pen 0.3, witnesses the point (1, -0.3, 1) and (1, 0, 1).
    expect(collideSphereHalfSpace(sphereAt(0, 1, -0.3, 1), floor, data)).toBe(1);
    expect(data.contacts[1]!.penetration).toBeCloseTo(0.3, 14);
    expectVector(data.contacts[1]!.point, [1, -0.15, 1]);
    expect(collideSphereHalfSpace(sphereAt(0, 1, 0.3, 1), floor, data)).toBe(0);
  });

  it('copies bodies, friction and restitution; overflows without throwing', () => {
    const data = new CollisionData({ capacity: 1, friction: 0.6, restitution: 0.2 });
    const ball = sphereAt(1, 0, 0.5, 0);
    ball.body = 'ball';
    const ground = new HalfSpace([0, 1, 0], 0);
    ground.body = 'ground';
    expect(collideSphereHalfSpace(ball, ground, data)).toBe(1);
    const contact = data.contacts[0]!;
    expect(contact.bodies).toEqual(['ball', 'ground']);
    expect(contact.friction).toBe(0.6);
    expect(contact.restitution).toBe(0.2);
    expect(collideSphereHalfSpace(ball, ground, data)).toBe(0);
    expect(data.contactCount).toBe(1);
    expect(data.overflowed).toBe(true);
  });
});
