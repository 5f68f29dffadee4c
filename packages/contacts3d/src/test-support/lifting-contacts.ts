/**
 * The check the heightfield solid tests share (mesh/solid-below.test.ts, mesh/solid-border.test.ts):
 * a shape in a field's solid, in both argument orders, gets contacts, every normal the one worked
 * out by hand (negated with the field first), and the deepest depth the hand-worked one.
 * Tests only; not exported by the package.
 */
import { expect } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import type { Heightfield } from '../mesh/heightfield.js';
import type { Capsule } from '../shapes/capsule.js';
import type { ConvexHull } from '../shapes/convex-hull.js';
import type { Box, Sphere } from '../shapes/primitives.js';
import type { Vec3 } from './shapes.js';

/**
 * Expects `shape` against `field` (scale `s`) to get contacts of normal `up` (from the field
 * toward the shape) whose deepest depth is `truth` within 1e-9 s; with `noneDeeper`, no contact
 * deeper than `truth` either.
 */
export function expectLiftingContacts(
  shape: Sphere | Capsule | Box | ConvexHull,
  field: Heightfield,
  up: Vec3,
  truth: number,
  s: number,
  noneDeeper: boolean,
): void {
  for (const order of ['shape first', 'field first'] as const) {
    const data = new CollisionData({ capacity: 16 });
    const count = order === 'shape first'
      ? collide(shape, field, data)
      : collide(field, shape, data);
    expect(count).toBeGreaterThan(0);
    const sign = order === 'shape first' ? 1 : -1;
    let deepest = -Infinity;
    for (const contact of data.contacts.slice(0, count)) {
      for (let k = 0; k < 3; k++) {
        expect(Math.abs(contact.normal[k]! - sign * up[k]!)).toBeLessThan(1e-12);
      }
      if (noneDeeper) expect(contact.penetration).toBeLessThanOrEqual(truth * (1 + 1e-9));
      deepest = Math.max(deepest, contact.penetration);
    }
    expect(Math.abs(deepest - truth)).toBeLessThan(1e-9 * s);
  }
}
