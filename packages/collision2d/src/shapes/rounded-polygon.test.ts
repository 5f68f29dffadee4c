import { describe, expect, it } from 'vitest';
import { Polygon } from './shapes.js';

const box = [[-1, -0.5], [1, -0.5], [1, 0.5], [-1, 0.5]];

describe('Polygon options.radius', () => {
  it('radius 0 (or absent) is the plain polygon, bit for bit', () => {
    const outlines = [box, [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]]];
    for (const points of outlines) {
      const plain = new Polygon(points).setPose([0.3, -7], 0.7);
      for (const options of [{ radius: 0 }, {}, { radius: -0 }]) {
        const rounded = new Polygon(points, options).setPose([0.3, -7], 0.7);
        expect(rounded.radius).toBe(0);
        expect(rounded.boundingRadius).toBe(plain.boundingRadius);
        expect(Array.from(rounded.aabb)).toEqual(Array.from(plain.aabb));
        expect(Array.from(rounded.packed)).toEqual(Array.from(plain.packed));
        expect(Array.from(rounded.vertices)).toEqual(Array.from(plain.vertices));
      }
    }
  });

  it('the bounding radius and the world box include the radius, at three scales', () => {
    for (const s of [1e-3, 1, 1e3]) {
      const points = box.map(([x, y]) => [x! * s, y! * s]);
      const r = 0.25 * s;
      const shape = new Polygon(points, { radius: r });
      expect(shape.radius).toBe(r);
      expect(shape.boundingRadius / (Math.hypot(1, 0.5) * s + r)).toBeCloseTo(1, 14);
      expect(shape.packed[4]).toBe(shape.boundingRadius);
      shape.setPose([10 * s, 0], Math.PI / 2);
      // Turned a quarter: the core spans x in [-0.5, 0.5] s, y in [-1, 1] s about (10 s, 0).
      const expected = [9.5 * s - r, -s - r, 10.5 * s + r, s + r];
      shape.aabb.forEach((v, i) => expect(v / s).toBeCloseTo(expected[i]! / s, 12));
      // The farthest point of the rounded shape lies on the bounding circle.
      const corner = Math.hypot(1, 0.5) * s;
      expect(shape.boundingRadius).toBeCloseTo(corner + r, 9);
    }
  });

  it('rejects a bad radius with its name and value, and a bad options argument', () => {
    expect(() => new Polygon(box, { radius: -0.1 })).toThrow(
      new RangeError('Polygon.radius must be at least 0, got -0.1'),
    );
    expect(() => new Polygon(box, { radius: Number.NaN })).toThrow(
      /Polygon.radius must be finite, got NaN/,
    );
    expect(() => new Polygon(box, { radius: Infinity })).toThrow(RangeError);
    expect(() => new Polygon(box, { radius: 1e76 })).toThrow(/Polygon.radius/);
    expect(() => new Polygon(box, { radius: '1' as unknown as number })).toThrow(TypeError);
    expect(() => new Polygon(box, 3 as unknown as { radius: number; })).toThrow(
      new TypeError('Polygon options must be an object, got 3'),
    );
  });
});
