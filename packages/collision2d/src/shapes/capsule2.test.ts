import { describe, expect, it } from 'vitest';
import { Capsule2 } from './capsule2.js';
import { ShapeType2 } from './shapes.js';

describe('Capsule2', () => {
  it('holds its geometry; its box follows the pose', () => {
    const capsule = new Capsule2(0.5, 2);
    expect([capsule.shapeType, capsule.radius, capsule.halfLength, capsule.boundingRadius]).toEqual(
      [
        ShapeType2.Capsule2,
        0.5,
        2,
        2.5,
      ],
    );
    expect(Array.from(capsule.aabb)).toEqual([-2.5, -0.5, 2.5, 0.5]);
    capsule.setPose([10, -1], Math.PI / 2);
    // Upright: the core from (10, -3) to (10, 1).
    const box = Array.from(capsule.aabb);
    expect(box[0]).toBeCloseTo(9.5, 14);
    expect(box[1]).toBeCloseTo(-3.5, 14);
    expect(box[2]).toBeCloseTo(10.5, 14);
    expect(box[3]).toBeCloseTo(1.5, 14);
    // Turned by 45 degrees: the ends at +-(sqrt 2, sqrt 2) from the centre, grown by the radius.
    capsule.setPose([0, 0], Math.PI / 4);
    expect(capsule.aabb[2]).toBeCloseTo(Math.SQRT2 + 0.5, 14);
    expect(capsule.aabb[1]).toBeCloseTo(-Math.SQRT2 - 0.5, 14);
    // halfLength 0 is a circle.
    expect(Array.from(new Capsule2(1, 0).setPose([1, 2], 3).aabb)).toEqual([0, 1, 2, 3]);
  });

  it('refuses a bad radius or half length, naming it', () => {
    expect(() => new Capsule2(0, 1)).toThrow(/Capsule2.radius must be greater than 0, got 0/);
    expect(() => new Capsule2(-1, 1)).toThrow(RangeError);
    expect(() => new Capsule2(1, -0.5)).toThrow(/Capsule2.halfLength must be at least 0, got -0.5/);
    expect(() => new Capsule2(1, NaN)).toThrow(/Capsule2.halfLength must be finite/);
    expect(() => new Capsule2(1e76, 1)).toThrow(/MAX_COORDINATE/);
    expect(() => new Capsule2('1' as unknown as number, 1)).toThrow(TypeError);
    expect(() => new Capsule2(1, 1).setPose([0, NaN], 0)).toThrow(/Capsule2.position/);
  });
});
