/** Exact comparison of contact buffers (tests only). */
import type { CollisionData2 } from '../manifold/contact2.js';

/**
 * Everything the contacts of `data` carry, in writing order: point, normal, penetration, kind,
 * feature id each. Compare two with `Object.is` per number (bit for bit: -0 and +0 differ).
 */
export function contactBits(data: CollisionData2): number[] {
  const out: number[] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    out.push(c.point[0]!, c.point[1]!, c.normal[0]!, c.normal[1]!, c.penetration, c.kind);
    out.push(c.featureId);
  }
  return out;
}

/** Whether two `contactBits` lists are the same bit for bit. */
export function sameBits(expected: readonly number[], actual: readonly number[]): boolean {
  return expected.length === actual.length && expected.every((x, i) => Object.is(x, actual[i]));
}
