import { Capsule, massProperties } from '@contactkit/contacts3d';
import { Random } from '@contactkit/test-support';
import { Body, Quaternion, Shape, Vec3 } from 'cannon-es';
import { describe, expect, it } from 'vitest';
import { CAPSULE_TYPE, CapsuleShape } from './capsule-shape.js';

describe('CapsuleShape', () => {
  it('has a type bit cannon-es does not use, and OR-ing it with any of them names one pair', () => {
    const used = Object.values(Shape.types).reduce((all, bit) => all | bit, 0);
    expect(CAPSULE_TYPE & used).toBe(0);
    expect(new CapsuleShape(0.5, 1).type).toBe(CAPSULE_TYPE);
    const ors = new Set(Object.values(Shape.types).map((bit) => bit | CAPSULE_TYPE));
    expect(ors.size).toBe(Object.values(Shape.types).length);
    for (const key of ors) expect(key & used).not.toBe(key);
  });

  it('bounding sphere: halfLength + radius, updated after a resize', () => {
    const capsule = new CapsuleShape(0.25, 1);
    expect(capsule.boundingSphereRadius).toBe(1.25);
    capsule.radius = 0.5;
    capsule.updateBoundingSphereRadius();
    expect(capsule.boundingSphereRadius).toBe(1.5);
  });

  it('volume: a cylinder of length 2h and a ball (r = 0.5, h = 1: pi / 4 * 2 + pi / 6)', () => {
    expect(new CapsuleShape(0.5, 1).volume()).toBeCloseTo(Math.PI / 2 + Math.PI / 6, 14);
    expect(new CapsuleShape(2, 0).volume()).toBeCloseTo(4 / 3 * Math.PI * 8, 12);
  });

  it("inertia: contactkit's massProperties of the capsule (independent), scaled to the mass", () => {
    const random = new Random(0xcab5);
    for (let run = 0; run < 200; run++) {
      const r = random.logRange(1e-3, 1e3), h = random.chance(0.1) ? 0 : random.logRange(1e-3, 1e3);
      const mass = random.logRange(1e-2, 1e2);
      const shape = new CapsuleShape(r, h);
      const reference = massProperties(new Capsule(r, h));
      const scale = mass / reference.mass;
      expect(Math.abs(reference.mass - shape.volume())).toBeLessThan(1e-12 * reference.mass);
      const target = new Vec3();
      expect(shape.calculateLocalInertia(mass, target)).toBe(target);
      for (
        const [got, want] of [
          [target.x, reference.inertia[0]!],
          [target.y, reference.inertia[4]!],
          [
            target.z,
            reference.inertia[8]!,
          ],
        ] as const
      ) {
        expect(Math.abs(got - want * scale)).toBeLessThan(1e-12 * want * scale);
      }
    }
    // A ball (h = 0): 2/5 m r^2 about every axis, without a target.
    const ball = new CapsuleShape(2, 0).calculateLocalInertia(5);
    expect(ball.x).toBeCloseTo(8, 12);
    expect(ball.y).toBeCloseTo(8, 12);
    expect(ball.z).toBeCloseTo(8, 12);
  });

  it('world AABB: the box of its two end balls, upright and turned', () => {
    const capsule = new CapsuleShape(0.5, 1);
    const min = new Vec3(), max = new Vec3();
    capsule.calculateWorldAABB(new Vec3(1, 2, 3), new Quaternion(), min, max);
    expect(min.toArray()).toEqual([0.5, 0.5, 2.5]);
    expect(max.toArray()).toEqual([1.5, 3.5, 3.5]);
    // A quarter turn about z lays the segment along x.
    capsule.calculateWorldAABB(
      new Vec3(0, 0, 0),
      new Quaternion().setFromEuler(0, 0, Math.PI / 2),
      min,
      max,
    );
    [[min.x, -1.5], [min.y, -0.5], [min.z, -0.5], [max.x, 1.5], [max.y, 0.5], [max.z, 0.5]]
      .forEach(([got, want]) => expect(got).toBeCloseTo(want!, 14));
    // Turned about x by 30 degrees: the segment's end at (0, cos 30, sin 30).
    capsule.calculateWorldAABB(
      new Vec3(0, 0, 0),
      new Quaternion().setFromEuler(Math.PI / 6, 0, 0),
      min,
      max,
    );
    expect(max.y).toBeCloseTo(Math.cos(Math.PI / 6) + 0.5, 14);
    expect(max.z).toBeCloseTo(Math.sin(Math.PI / 6) + 0.5, 14);
    expect(max.x).toBeCloseTo(0.5, 14);
  });

  it('is a shape a cannon-es Body takes: bounding radius and AABB of the body', () => {
    const body = new Body({
      mass: 1,
      shape: new CapsuleShape(0.5, 1),
      position: new Vec3(0, 3, 0),
    });
    expect(body.boundingRadius).toBe(1.5);
    body.updateAABB();
    expect(body.aabb.lowerBound.y).toBeCloseTo(1.5, 14);
    expect(body.aabb.upperBound.y).toBeCloseTo(4.5, 14);
  });

  it.each([
    ['radius', 0, 1, /radius must be finite and greater than 0, got 0/],
    ['radius', Number.NaN, 1, /radius must be finite and greater than 0, got NaN/],
    ['halfLength', 1, -1, /halfLength must be finite and at least 0, got -1/],
    ['halfLength', 1, Infinity, /halfLength must be finite and at least 0, got Infinity/],
  ])('a bad %s is a RangeError naming it', (_field, radius, halfLength, message) => {
    const ids = Shape.idCounter;
    expect(() => new CapsuleShape(radius, halfLength)).toThrow(RangeError);
    expect(() => new CapsuleShape(radius, halfLength)).toThrow(message);
    // Checked before cannon-es's Shape constructor runs: no shape id was used up.
    expect(Shape.idCounter).toBe(ids);
  });
});
