import { describe, expect, it } from 'vitest';
import { Capsule } from '../shapes/capsule.js';
import { Box, HalfSpace, Plane, Sphere } from '../shapes/primitives.js';
import { massProperties } from './mass-properties.js';

/** Simpson's rule over [a, b] with n (even) intervals. */
function simpson(f: (x: number) => number, a: number, b: number, n: number): number {
  const h = (b - a) / n;
  let sum = f(a) + f(b);
  for (let i = 1; i < n; i++) sum += f(a + i * h) * (i % 2 ? 4 : 2);
  return (sum * h) / 3;
}

describe('massProperties', () => {
  it('a sphere: 4/3 pi r^3 rho and 2/5 m r^2', () => {
    // r = 2, rho = 3: m = 32 pi, I = 0.4 * 32 pi * 4 = 51.2 pi.
    const properties = massProperties(new Sphere(2).setPose([5, 6, 7], [0.1, 0.2, 0.3, 0.9]), 3);
    expect(properties.mass).toBeCloseTo(32 * Math.PI, 10);
    expect(Array.from(properties.centroid)).toEqual([0, 0, 0]);
    const I = properties.inertia;
    for (
      const [i, value] of [[0, 51.2 * Math.PI], [4, 51.2 * Math.PI], [8, 51.2 * Math.PI], [1, 0], [
        3,
        0,
      ], [5, 0]] as const
    ) {
      expect(I[i]).toBeCloseTo(value, 10);
    }
  });

  it('a box: 8 abc rho and m (b^2 + c^2) / 3', () => {
    // Half extents (1, 2, 3), rho 0.5: m = 24; I = 24 (13, 10, 5) / 3 = (104, 80, 40).
    const properties = massProperties(new Box([1, 2, 3]), 0.5);
    expect(properties.mass).toBeCloseTo(24, 12);
    expect(Array.from(properties.inertia)).toEqual([104, 0, 0, 0, 80, 0, 0, 0, 40]);
  });

  it('a capsule: the closed form against slices integrated numerically', () => {
    // Slices across Y: disks of radius s(y) = r on the cylinder, sqrt(r^2 - (|y| - l)^2) on
    // the caps. Mass: rho pi s^2; I_yy: rho pi s^4 / 2; I_xx: rho pi s^2 (s^2 / 4 + y^2).
    for (const [r, l, rho] of [[0.5, 1, 1], [2, 0.25, 7], [1e-3, 3e-3, 1], [1, 0, 2]] as const) {
      const s2 = (
        y: number,
      ) => (Math.abs(y) <= l ? r * r : Math.max(0, r * r - (Math.abs(y) - l) ** 2));
      const n = 200_000;
      const mass = rho * Math.PI * simpson(s2, -l - r, l + r, n);
      const yy = rho * Math.PI * simpson((y) => s2(y) ** 2 / 2, -l - r, l + r, n);
      const xx = rho * Math.PI * simpson((y) => s2(y) * (s2(y) / 4 + y * y), -l - r, l + r, n);
      const properties = massProperties(new Capsule(r, l), rho);
      expect(properties.mass / mass).toBeCloseTo(1, 7);
      expect(properties.inertia[0]! / xx).toBeCloseTo(1, 7);
      expect(properties.inertia[4]! / yy).toBeCloseTo(1, 7);
      expect(properties.inertia[8]! / xx).toBeCloseTo(1, 7);
      expect(properties.inertia[1]).toBe(0);
    }
  });

  it('half length 0 is the sphere of the same radius', () => {
    const capsule = massProperties(new Capsule(0.7, 0), 2),
      sphere = massProperties(new Sphere(0.7), 2);
    expect(capsule.mass).toBeCloseTo(sphere.mass, 14);
    for (let i = 0; i < 9; i++) expect(capsule.inertia[i]).toBeCloseTo(sphere.inertia[i]!, 14);
  });

  it('bad input: a named RangeError for the density, a TypeError for an unbounded shape', () => {
    for (const density of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => massProperties(new Sphere(1), density)).toThrow(/massProperties density/);
    }
    expect(() => massProperties(new Plane([0, 1, 0], 0))).toThrow(TypeError);
    expect(() => massProperties(new HalfSpace([0, 1, 0], 0))).toThrow(/finite volume.*HalfSpace/);
  });
});
