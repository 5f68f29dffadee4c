import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { CollisionData2 } from '../manifold/contact2.js';
import { emitManifold2, LocalManifold2 } from '../manifold/manifold2.js';
import { collidePolygonPolygon } from '../pairs/polygon-polygon.js';
import { Polygon } from '../shapes/shapes.js';
import { contactBits, sameBits } from '../test-support/contact-bits.js';
import { convexOutline } from '../test-support/convex-outline.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { collidePieces, PieceQuery } from './polygon-clip.js';

/** The general path alone: the polygons' one piece each through `collidePieces`, then the emit step. */
function generalPath(a: Polygon, b: Polygon, data: CollisionData2): void {
  const flip = a.id > b.id, first = flip ? b : a, second = flip ? a : b;
  const dx = second.transform.x - first.transform.x, dy = second.transform.y - first.transform.y;
  const reach = first.boundingRadius + second.boundingRadius + data.tolerance;
  if (dx * dx + dy * dy > reach * reach) return;
  const query = new PieceQuery(), manifold = new LocalManifold2(8);
  query.set(first, second, data.tolerance);
  collidePieces(first.convexPieces()[0]!, second.convexPieces()[0]!, query, manifold);
  emitManifold2(manifold, first.transform, data, a.body, b.body, flip);
}

describe('the convex kernel (convex-polygons.ts)', () => {
  it(
    'writes the contacts of the general path bit for bit, in both orders',
    () => {
      const random = new Random(2702);
      const kernel = new CollisionData2({ capacity: 16 }),
        general = new CollisionData2({ capacity: 16 });
      let runs = 0, touching = 0;
      while (runs < PROPERTY_RUNS) {
        const size = 10 ** random.range(-3, 3);
        let a: Polygon, b: Polygon;
        try {
          a = new Polygon(convexOutline(random, size));
          b = new Polygon(convexOutline(random, size * random.range(0.1, 2)));
        } catch {
          continue;
        }
        // Only the pairs the kernel takes (no vertex on a side, at most 64 vertices).
        if (!a.simpleConvex || !b.simpleConvex) continue;
        runs++;
        const origin = random.chance(0.3) ? 1e5 : 0, angle = random.range(-Math.PI, Math.PI);
        a.setPose([origin + random.range(-1, 1) * size, origin], random.range(-Math.PI, Math.PI));
        const distance = random.chance(0.05)
          ? 0
          : (a.boundingRadius + b.boundingRadius) * random.range(0, 1.1);
        b.setPose(
          [a.transform.x + distance * Math.cos(angle), a.transform.y + distance * Math.sin(angle)],
          random.chance(0.05) ? a.transform.angle : random.range(-Math.PI, Math.PI),
        );
        const tolerance = random.chance(0.3) ? size * random.range(0, 0.1) : 0;
        kernel.tolerance = tolerance;
        general.tolerance = tolerance;
        for (const [first, second] of [[a, b], [b, a]] as const) {
          kernel.reset();
          general.reset();
          collidePolygonPolygon(first, second, kernel);
          generalPath(first, second, general);
          if (general.contactCount > 0) touching++;
          const expected = contactBits(general), actual = contactBits(kernel);
          if (!sameBits(expected, actual)) {
            expect(actual, `size ${size}`).toEqual(expected);
          }
        }
      }
      // Most pairs touch (a comparison of empty results would prove little).
      expect(touching).toBeGreaterThan(PROPERTY_RUNS);
    },
    PROPERTY_TIMEOUT * 2,
  );
});
