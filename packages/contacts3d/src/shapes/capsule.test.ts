import { describe, expect, it } from 'vitest';
import { Capsule, capsuleEndFeature, capsuleFeatureAt, CAPSULE_SIDE_FEATURE } from './capsule.js';
import { ShapeType } from './primitives.js';

describe('Capsule', () => {
  it('keeps radius and half length, type Capsule (4)', () => {
    const capsule = new Capsule(0.5, 2);
    expect(capsule.radius).toBe(0.5);
    expect(capsule.halfLength).toBe(2);
    expect(capsule.shapeType).toBe(ShapeType.Capsule);
    expect(ShapeType.Capsule).toBe(4);
  });

  it('aabb: the two end spheres, from the pose and from the size setters', () => {
    // Axis turned 90 degrees about z onto -x; centre (1, 2, 3): ends (1 +- 2, 2, 3), radius 0.5.
    const capsule = new Capsule(0.5, 2).setPose([1, 2, 3], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const expected = [-1.5, 1.5, 2.5, 3.5, 2.5, 3.5];
    for (let i = 0; i < 6; i++) expect(capsule.aabb[i]).toBeCloseTo(expected[i]!, 12);
    capsule.halfLength = 1;
    expect(capsule.aabb[0]).toBeCloseTo(-0.5, 12);
    expect(capsule.aabb[3]).toBeCloseTo(2.5, 12);
    capsule.radius = 1;
    expect(capsule.aabb[1]).toBeCloseTo(1, 12);
    expect(capsule.aabb[4]).toBeCloseTo(3, 12);
  });

  it("half length 0 is a sphere: its box is the sphere's", () => {
    const capsule = new Capsule(0.25, 0).setPose([1, 1, 1], [0.3, 0.2, 0.1, 0.9]);
    expect(Array.from(capsule.aabb)).toEqual([0.75, 0.75, 0.75, 1.25, 1.25, 1.25]);
  });

  it.each([
    [0, 'Capsule.radius must be greater than 0, got 0'],
    [-1, 'Capsule.radius must be greater than 0, got -1'],
    [Number.NaN, 'Capsule.radius'],
    [Number.POSITIVE_INFINITY, 'Capsule.radius'],
  ])('rejects radius %s, changing nothing', (radius, message) => {
    expect(() => new Capsule(radius, 1)).toThrow(RangeError);
    expect(() => new Capsule(radius, 1)).toThrow(message);
    const capsule = new Capsule(0.5, 1).setPose([1, 2, 3], [0, 0, 0, 1]);
    const box = Array.from(capsule.aabb);
    expect(() => {
      capsule.radius = radius;
    }).toThrow(message);
    expect(capsule.radius).toBe(0.5);
    expect(Array.from(capsule.aabb)).toEqual(box);
  });

  it.each([
    [-0.5, 'Capsule.halfLength must be at least 0, got -0.5'],
    [Number.NaN, 'Capsule.halfLength'],
    [Number.NEGATIVE_INFINITY, 'Capsule.halfLength'],
    [1e80, 'Capsule.halfLength is outside the supported range'],
  ])('rejects half length %s, changing nothing', (halfLength, message) => {
    expect(() => new Capsule(1, halfLength)).toThrow(RangeError);
    expect(() => new Capsule(1, halfLength)).toThrow(message);
    const capsule = new Capsule(0.5, 1);
    expect(() => {
      capsule.halfLength = halfLength;
    }).toThrow(message);
    expect(capsule.halfLength).toBe(1);
    expect(capsule.aabb[4]).toBe(1.5);
  });

  it('rejects a radius that is not a number with a TypeError naming it', () => {
    expect(() => new Capsule('1' as unknown as number, 1)).toThrow(/Capsule\.radius/);
  });

  it('feature codes: side 0, ends 1 (-halfLength) and 2 (+halfLength)', () => {
    expect(CAPSULE_SIDE_FEATURE).toBe(0);
    expect(capsuleEndFeature(-1)).toBe(1);
    expect(capsuleEndFeature(1)).toBe(2);
    expect(capsuleFeatureAt(0, 1)).toBe(1);
    expect(capsuleFeatureAt(1, 1)).toBe(2);
    expect(capsuleFeatureAt(0.5, 1)).toBe(0);
    expect(capsuleFeatureAt(0.5, 0)).toBe(1);
  });
});
