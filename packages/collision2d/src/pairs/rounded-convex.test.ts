import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { CollisionData2 } from '../manifold/contact2.js';
import { Polygon } from '../shapes/shapes.js';
import { contactBits, sameBits } from '../test-support/contact-bits.js';
import { convexOutline } from '../test-support/convex-outline.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { collidePolygonPolygon, polygonCores } from './polygon-polygon.js';
import { CLOSEST_CORNERS, collideRounded } from './rounded.js';

/** The general path of rounded polygons: the core detector, then `collideRounded`'s closest points. */
function generalPath(a: Polygon, b: Polygon, data: CollisionData2): void {
  collideRounded(polygonCores, a, b, data, a.radius, b.radius, CLOSEST_CORNERS);
}

/** The largest of `polygon`'s world vertices along (nx, ny). */
function support(polygon: Polygon, nx: number, ny: number): number {
  const { cos, sin, x, y } = polygon.transform, v = polygon.vertices;
  let most = -Infinity;
  for (let i = 0; i < polygon.count; i++) {
    const wx = cos * v[2 * i]! - sin * v[2 * i + 1]! + x,
      wy = sin * v[2 * i]! + cos * v[2 * i + 1]! + y;
    most = Math.max(most, nx * wx + ny * wy);
  }
  return most;
}

/**
 * Why two `contactBits` lists are the same but for round-off (`eps` absolute), else null: every
 * contact of one at depth -tolerance (within `eps`) and the other none, or the same count with
 * points, normals and depths within `eps` (kinds and features free).
 */
function roundOffDifference(
  expected: readonly number[],
  actual: readonly number[],
  eps: number,
  tolerance: number,
): string | null {
  const atReach = (bits: readonly number[]): boolean =>
    bits.every((x, i) => i % 7 !== 4 || Math.abs(x + tolerance) <= eps);
  if (expected.length === 0 || actual.length === 0) {
    return atReach(expected) && atReach(actual) ? 'touching at the reach' : null;
  }
  if (expected.length !== actual.length) return null;
  // The two lists may order the points differently: each point matched with the nearest.
  for (let i = 0; i < expected.length; i += 7) {
    const near = [0, 7].some((j) =>
      j < actual.length &&
      [0, 1, 4].every((k) => Math.abs(expected[i + k]! - actual[j + k]!) <= eps) &&
      [2, 3].every((k) => Math.abs(expected[i + k]! - actual[j + k]!) <= 1e-12)
    );
    if (!near) return null;
  }
  return 'cores touching';
}

describe('rounded convex polygons with cores apart (coresApart, collideConvexRoundedApart)', () => {
  it(
    'write the contacts of the general path bit for bit, in both orders',
    () => {
      // Hostile pairs: boxes, slivers and outlines of up to 64 vertices, sizes 1e-3 to 1e3, near
      // the origin or at 1e5, radii 1e-3 to 1 of the size; the second polygon placed so that the
      // cores are a random gap apart along a random direction or along an edge normal of the first
      // (turned face to face half the time: parallel edges, where the closest points tie), the gap
      // from 0 (touching cores) to 1.2 times the radii's sum (touching rounded surfaces at 1), or
      // at the same pose. The general path (the core detector, then the closest points of every
      // vertex against every edge) is the reference.
      const random = new Random(2401);
      const fast = new CollisionData2({ capacity: 16 }),
        general = new CollisionData2({ capacity: 16 });
      let runs = 0, apart = 0, touching = 0, roundOff = 0;
      const mismatches: string[] = [];
      while (runs < PROPERTY_RUNS) {
        const size = 10 ** random.range(-3, 3);
        let a: Polygon, b: Polygon;
        try {
          a = new Polygon(convexOutline(random, size), {
            radius: size * 10 ** random.range(-3, 0),
          });
          b = new Polygon(convexOutline(random, size * random.range(0.1, 2)), {
            radius: random.chance(0.1) ? 0 : size * 10 ** random.range(-3, 0),
          });
        } catch {
          continue;
        }
        if (!a.simpleConvex || !b.simpleConvex) continue;
        runs++;
        const origin = random.chance(0.3) ? 1e5 : 0;
        a.setPose([origin + random.range(-1, 1) * size, origin], random.range(-Math.PI, Math.PI));
        if (random.chance(0.05)) b.setPose([a.transform.x, a.transform.y], a.transform.angle);
        else {
          let nx: number, ny: number, angle = random.range(-Math.PI, Math.PI);
          if (random.chance(0.5)) {
            // Along an edge normal of the first, face to face half the time.
            const k = random.int(a.count), { cos, sin } = a.transform;
            const lx = a.normals[2 * k]!, ly = a.normals[2 * k + 1]!;
            nx = cos * lx - sin * ly;
            ny = sin * lx + cos * ly;
            if (random.chance(0.5)) {
              const j = random.int(b.count);
              angle = Math.atan2(-ny, -nx) - Math.atan2(b.normals[2 * j + 1]!, b.normals[2 * j]!);
            }
          } else {
            const direction = random.range(-Math.PI, Math.PI);
            nx = Math.cos(direction);
            ny = Math.sin(direction);
          }
          const R = a.radius + b.radius;
          const gap = random.chance(0.1) ? R : random.chance(0.05) ? 0 : R * random.range(0, 1.2);
          b.setPose([0, 0], angle);
          // The cores' supporting lines `gap` apart: n . (b's centre) = a's support + b's + gap.
          const along = support(a, nx, ny) - (nx * a.transform.x + ny * a.transform.y) +
            support(b, -nx, -ny) + gap;
          b.setPose([a.transform.x + along * nx, a.transform.y + along * ny], angle);
        }
        const tolerance = random.chance(0.3) ? size * random.range(0, 0.1) : 0;
        fast.tolerance = tolerance;
        general.tolerance = tolerance;
        for (const [first, second] of [[a, b], [b, a]] as const) {
          fast.reset();
          general.reset();
          collidePolygonPolygon(first, second, fast);
          generalPath(first, second, general);
          if (general.contactCount > 0) touching++;
          const expected = contactBits(general), actual = contactBits(fast);
          if (sameBits(expected, actual)) continue;
          // Where the paths may differ: touching at the reach (the core detector's own distance
          // check and the closest points', in different frames, round apart: one writes a contact
          // of depth -tolerance, the other none) or cores touching (one sees them apart, the other
          // overlapping: the same points, depths and normals, other kinds and features).
          const scale = size + Math.abs(origin) * 1e-5;
          const why = roundOffDifference(expected, actual, 1e-12 * scale, tolerance);
          if (why === null) {
            mismatches.push(`run ${runs}: ${JSON.stringify(expected)} / ${JSON.stringify(actual)}`);
          } else roundOff++;
        }
        if (general.contactCount > 0 && general.contacts[0]!.penetration < a.radius + b.radius) {
          apart++;
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
      expect(roundOff).toBeLessThan(PROPERTY_RUNS / 1000);
      // Most pairs touch, and most of those with the cores apart (the path under test).
      expect(touching).toBeGreaterThan(PROPERTY_RUNS);
      expect(apart).toBeGreaterThan(PROPERTY_RUNS / 3);
    },
    PROPERTY_TIMEOUT * 2,
  );
});
