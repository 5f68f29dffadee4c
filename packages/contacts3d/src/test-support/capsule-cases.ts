/**
 * The hand-worked capsule cases' harness (tests only): each case is checked by its pair's named
 * detector in the order of its name and by `collide` in the swapped order, at the scales 1e-3,
 * 1 and 1e3 (every length of the case times the scale), against contacts worked out by hand.
 */
import { expect } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import type { AnyPrimitive } from '../shapes/primitives.js';

/** One contact worked out by hand at scale 1. */
export interface ExpectedContact {
  point: readonly number[];
  penetration: number;
  kind: number;
  featureId: number;
}

export const SCALES: readonly number[] = [1e-3, 1, 1e3];

type Detector = (first: never, second: never, data: CollisionData) => number;

/**
 * Runs `detector(first, second)` and `collide(second, first)` on the shapes `build(scale)` makes
 * for each scale, and checks the contacts (matched by feature id) against `expected` (points
 * and depths scaled), `normal` (negated for the swapped order), `tolerance` times the scale.
 */
export function expectContacts(
  build: (scale: number) => readonly [AnyPrimitive, AnyPrimitive],
  detector: Detector,
  normal: readonly number[],
  expected: readonly ExpectedContact[],
  tolerance = 0,
): void {
  for (const scale of SCALES) {
    const [first, second] = build(scale);
    first.body = 'first';
    second.body = 'second';
    for (const swapped of [false, true]) {
      const data = new CollisionData({ capacity: 8, tolerance: tolerance * scale });
      const count = swapped
        ? collide(second, first, data)
        : (detector as (a: AnyPrimitive, b: AnyPrimitive, d: CollisionData) => number)(
          first,
          second,
          data,
        );
      const where = `scale ${scale}, ${swapped ? 'swapped through collide' : 'detector'}`;
      expect(count, where).toBe(expected.length);
      expect(data.contactCount, where).toBe(expected.length);
      const sign = swapped ? -1 : 1;
      for (const want of expected) {
        const contact = data.contacts.slice(0, count).find((c) => c.featureId === want.featureId);
        expect(contact, `${where}: featureId ${want.featureId}`).toBeDefined();
        const digits = 9 - Math.log10(scale);
        for (let i = 0; i < 3; i++) {
          expect(contact!.point[i], `${where}: point[${i}]`).toBeCloseTo(
            want.point[i]! * scale,
            digits,
          );
          expect(contact!.normal[i], `${where}: normal[${i}]`).toBeCloseTo(sign * normal[i]!, 9);
        }
        expect(contact!.penetration, `${where}: penetration`).toBeCloseTo(
          want.penetration * scale,
          digits,
        );
        expect(contact!.kind, `${where}: kind`).toBe(want.kind);
        expect(contact!.firstBody, `${where}: bodies`).toBe(swapped ? second.body : first.body);
      }
    }
  }
}

/** Quaternion `[x, y, z, w]` turning local Y onto the unit direction (x, y, z) (not onto -Y). */
export function alongDirection(x: number, y: number, z: number): number[] {
  // q = (Y x h, Y . h) with h the unit half-way vector between Y and the direction.
  const length = Math.hypot(x, y + 1, z);
  return [z / length, 0, -x / length, (y + 1) / length];
}
