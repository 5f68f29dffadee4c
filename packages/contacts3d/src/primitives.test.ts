import { describe, expect, it } from 'vitest';
import { CollisionData } from './collision-data.js';
import { Box, HalfSpace, Plane, Sphere } from './primitives.js';

describe('primitive validation', () => {
  it('rejects bad geometry at construction and in setters, naming the field and the value', () => {
    expect(() => new Sphere(-1)).toThrow(new RangeError('Sphere.radius must be at least 0, got -1'));
    expect(() => new Sphere(Number.POSITIVE_INFINITY)).toThrow(new RangeError('Sphere.radius must be finite, got Infinity'));
    const sphere = new Sphere(1);
    expect(() => { sphere.radius = Number.NaN; }).toThrow(new RangeError('Sphere.radius must be finite, got NaN'));
    expect(sphere.radius).toBe(1);
    expect(() => new Box([1, 0, 1])).toThrow(new RangeError('Box.halfSize[1] must be greater than 0, got 0 in [1, 0, 1]'));
    expect(() => new Box([1, 1])).toThrow(TypeError);
    expect(() => new Plane([0, 0, 0], 1)).toThrow(new RangeError('Plane.normal must be non-zero, got [0, 0, 0]'));
    expect(() => new HalfSpace([0, 1, 0], Number.NaN)).toThrow(new RangeError('HalfSpace.offset must be finite, got NaN'));
  });

  it('rejects non-finite poses, a zero quaternion and non-rigid transforms, and keeps the old pose', () => {
    const box = new Box([0.5, 0.5, 0.5]).setPose([1, 2, 3], [0, 0, 0, 1]);
    expect(() => box.setPose([0, Number.NaN, 0], [0, 0, 0, 1])).toThrow(/Box\.position\[1\] must be a finite number, got NaN/);
    expect(() => box.setPose([0, 0, 0], [0, 0, 0, 0])).toThrow(new RangeError('Box.quaternion must be non-zero, got [0, 0, 0, 0]'));
    const scaled = [2, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(() => box.setTransform(scaled)).toThrow(/Box\.transform must be a rigid transform/);
    expect(() => box.updateTransform(scaled)).toThrow(/rigid transform/);
    expect(Array.from(box.transform.subarray(12, 15))).toEqual([1, 2, 3]);
  });

  it('normalises a quaternion that is not of unit length', () => {
    // (0, 0, 2, 2) is a 90 degree turn about z once normalised: x maps to y.
    const box = new Box([0.5, 0.5, 0.5]).setPose([0, 0, 0], [0, 0, 2, 2]);
    expect(box.transform[0]).toBeCloseTo(0, 15);
    expect(box.transform[1]).toBeCloseTo(1, 15);
  });

  it('composes the body transform with the offset (seed 004) and moves planes with their transform', () => {
    // Offset: 1 along x. Body: turned 90 degrees about z and moved to (0, 5, 0): the offset
    // becomes 1 along y, so the primitive sits at (0, 6, 0).
    const sphere = new Sphere(1).setOffset([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0, 0, 1]);
    sphere.updateTransform([0, 1, 0, 0, -1, 0, 0, 0, 0, 0, 1, 0, 0, 5, 0, 1]);
    expect(Array.from(sphere.transform.subarray(12, 15)).map((v) => Math.round(v * 1e12) / 1e12)).toEqual([0, 6, 0]);
    // The plane y = 1 in its own frame, turned 90 degrees about z (y -> -x) and moved by (3, 0, 0):
    // world normal (-1, 0, 0); the point (0, 1, 0) goes to (2, 0, 0), so the world offset is -2.
    const plane = new Plane([0, 1, 0], 1).setPose([3, 0, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    expect(plane.worldNormal[0]).toBeCloseTo(-1, 15);
    expect(plane.worldNormal[1]).toBeCloseTo(0, 15);
    expect(plane.worldOffset).toBeCloseTo(-2, 14);
  });

  it('CollisionData names itself in its errors', () => {
    expect(() => new CollisionData({ capacity: -3 })).toThrow(/^CollisionData\.capacity must be an integer in \[1, 16777216\], got -3$/);
    expect(() => new CollisionData({ restitution: 2 })).toThrow(new RangeError('CollisionData.restitution must be at most 1, got 2'));
  });
});
