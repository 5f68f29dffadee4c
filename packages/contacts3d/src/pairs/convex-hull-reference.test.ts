/**
 * The hull-hull kernel (`hullManifold`, shared by hull-hull and box-hull) against the path it
 * replaced (test-support/hull-reference.ts: the face and edge searches in index order, each
 * pruned only by the best candidate found before it), contact by contact and bit for bit, on RUNS
 * hostile configurations (10,000 unless CONTACTKIT_PROPERTY_RUNS asks for more) in both argument
 * orders: random, near-coplanar, box-shaped and sliver hulls, sizes 1e-3 to 1e3, coordinates near
 * 1e5, identical poses, parallel faces, nested, and a box as the first polyhedron.
 */
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import type { CollisionData } from '../manifold/collision-data.js';
import { LocalManifold } from '../manifold/local-manifold.js';
import type { HullEdgeData, HullGraph } from '../shapes/convex-hull.js';
import { configuration, pool } from '../test-support/hull-configurations.js';
import { referenceHullManifold } from '../test-support/hull-reference.js';
import { hullManifold } from './convex-hull-convex-hull.js';

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0x4a11) >>> 0;

/** The manifold's numbers and integers, in order, as text that tells every bit of a double apart. */
function bits(manifold: LocalManifold): string {
  const parts: string[] = [String(manifold.count)];
  if (manifold.count === 0) return parts[0]!;
  const exact = (x: number): string => (Object.is(x, -0) ? '-0' : String(x));
  parts.push(exact(manifold.normalX), exact(manifold.normalY), exact(manifold.normalZ));
  for (let k = 0; k < manifold.count; k++) {
    const p = manifold.points[k]!;
    parts.push(
      `[${exact(p.x)} ${exact(p.y)} ${exact(p.z)} ${exact(p.depth)} ${p.kind} ${p.features}]`,
    );
  }
  return parts.join(' ');
}

describe('the hull-hull kernel gives the contacts of the path it replaced, bit for bit', () => {
  it(`on ${RUNS} hostile configurations, both orders`, () => {
    const random = new Random(SEED);
    const hulls = pool(random, 400);
    const ours = new LocalManifold(), theirs = new LocalManifold();
    const data = { tolerance: 0 } as CollisionData;
    let compared = 0, withContacts = 0;
    const check = (
      run: number,
      mode: string,
      a: HullEdgeData,
      ma: Float64Array,
      b: HullGraph,
      mb: Float64Array,
    ): void => {
      hullManifold(a, ma, b, mb, data, ours, null);
      referenceHullManifold(a, ma, b, mb, data, theirs);
      const got = bits(ours), expected = bits(theirs);
      if (got !== expected) {
        throw new Error(`run ${run} (${mode}): ${got}\n  the reference: ${expected}`);
      }
      compared++;
      if (ours.count > 0) withContacts++;
    };
    for (let run = 0; run < RUNS; run++) {
      const { a, ma, b, mode } = configuration(random, hulls);
      const size = Math.max(a.size, b.size);
      data.tolerance = random.pick([0, 0, 1e-3 * size, 0.05 * size, Infinity]);
      check(run, mode, a, ma, b, b.transform);
      // The box is always A (box-convex-hull.ts); two hulls also the other way round (every
      // mode but 'box' draws a ConvexHull as A).
      if (mode !== 'box') check(run, `${mode}, swapped`, b, b.transform, a as HullGraph, ma);
    }
    expect(compared).toBeGreaterThan(RUNS);
    // Both paths finding nothing would agree: most configurations must have contacts.
    expect(withContacts).toBeGreaterThan(compared / 2);
  }, 600_000);
});
