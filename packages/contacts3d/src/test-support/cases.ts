/**
 * Small builders and assertions shared by the hand-computed detector tests (tests only).
 */
import { expect } from 'vitest';
import { Box, Sphere } from '../shapes/primitives.js';

/** The identity rotation `[x, y, z, w]`. */
export const IDENTITY: readonly number[] = [0, 0, 0, 1];

/** A sphere of `radius` centred at (x, y, z). */
export function sphereAt(radius: number, x: number, y: number, z: number): Sphere {
  return new Sphere(radius).setPose([x, y, z], IDENTITY);
}

/** A box of `halfSize` centred at (x, y, z), turned by `rotation`. */
export function boxAt(
  halfSize: readonly number[],
  x: number,
  y: number,
  z: number,
  rotation: readonly number[] = IDENTITY,
): Box {
  return new Box(halfSize).setPose([x, y, z], rotation);
}

/** Quaternion `[x, y, z, w]` for `angle` radians about the direction of (x, y, z). */
export function axisAngle(x: number, y: number, z: number, angle: number): number[] {
  const length = Math.hypot(x, y, z);
  const s = Math.sin(angle / 2) / length;
  return [x * s, y * s, z * s, Math.cos(angle / 2)];
}

/** Each component of `actual` equals `expected` to `digits` decimal places. */
export function expectVector(
  actual: ArrayLike<number>,
  expected: readonly number[],
  digits = 12,
): void {
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i]!, digits);
}
