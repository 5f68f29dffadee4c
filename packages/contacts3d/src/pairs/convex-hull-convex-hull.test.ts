import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import { randomConfiguration } from '../test-support/generate.js';
import { boxCorners, dot, type BoxSpec } from '../test-support/shapes.js';
import { collideBoxBox } from './box-box.js';
import { collideBoxConvexHull } from './box-convex-hull.js';
import {
  collideConvexHullConvexHull,
  overlapConvexHullConvexHull,
} from './convex-hull-convex-hull.js';

function boxHull(h: readonly number[]): ConvexHull {
  const points: number[] = [];
  for (let i = 0; i < 8; i++) {
    points.push(i & 1 ? h[0]! : -h[0]!, i & 2 ? h[1]! : -h[1]!, i & 4 ? h[2]! : -h[2]!);
  }
  return ConvexHull.fromPoints(points);
}

interface Summary {
  normal: number[];
  points: number[][];
}

function contacts(data: CollisionData): Summary {
  const points: number[][] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    points.push([c.point[0]!, c.point[1]!, c.point[2]!, c.penetration]);
  }
  const n = data.contactCount > 0 ? Array.from(data.contacts[0]!.normal) : [];
  return { normal: n, points };
}

/** Whether two contact sets agree as sets (each point matched within `eps`), normals within `eps`. */
function sameSet(a: Summary, b: Summary, eps: number): boolean {
  if (a.points.length !== b.points.length) return false;
  if (a.points.length === 0) return true;
  if (a.normal.some((x, k) => Math.abs(x - b.normal[k]!) > eps / 1)) return false;
  return a.points.every((p) => b.points.some((q) => p.every((x, k) => Math.abs(x - q[k]!) <= eps)));
}

/** The overlap of the two boxes' projections on `axis` (by their corners). */
function overlapAlong(first: BoxSpec, second: BoxSpec, axis: readonly number[]): number {
  const a = boxCorners(first).map((c) => dot(c, axis)),
    b = boxCorners(second).map((c) => dot(c, axis));
  return Math.min(Math.max(...a) - Math.min(...b), Math.max(...b) - Math.min(...a));
}

describe("box-shaped hulls give box-box's points, depths and normal as sets", () => {
  it('on random box-box configurations, in both orders and through box-hull', () => {
    const random = new Random(23);
    const boxData = new CollisionData({ capacity: 16, tolerance: 0.01 });
    const hullData = new CollisionData({ capacity: 16, tolerance: 0.01 });
    let compared = 0, withContacts = 0, ties = 0;
    const mismatches: string[] = [];
    for (let run = 0; run < 3000; run++) {
      const { first, second } = randomConfiguration(random, 'box-box') as {
        first: BoxSpec;
        second: BoxSpec;
      };
      const boxA = new Box(first.halfSize).setPose(first.position, first.rotation);
      const boxB = new Box(second.halfSize).setPose(second.position, second.rotation);
      const hullA = boxHull(first.halfSize).setPose(first.position, first.rotation);
      const hullB = boxHull(second.halfSize).setPose(second.position, second.rotation);
      const size = Math.max(...first.halfSize, ...second.halfSize);
      boxData.reset();
      collideBoxBox(boxA, boxB, boxData);
      const expected = contacts(boxData);
      for (
        const [name, run2] of [
          ['hull-hull', () => collideConvexHullConvexHull(hullA, hullB, hullData)],
          ['box-hull', () => collideBoxConvexHull(boxA, hullB, hullData)],
          ['hull-hull swapped', () => collide(hullB, hullA, hullData)],
        ] as const
      ) {
        hullData.reset();
        run2();
        let actual = contacts(hullData);
        if (name === 'hull-hull swapped') {
          actual = {
            ...actual,
            normal: actual.normal.map((x) => -x),
          };
        }
        compared++;
        if (!sameSet(expected, actual, 1e-9 * size)) {
          // Two faces exactly as good (a tie of separations, or of the incident face's alignment):
          // box-box breaks it by box axis order, a hull by its face codes; both answers are right.
          const tie = expected.normal.length > 0 && actual.normal.length > 0 &&
            Math.abs(
                overlapAlong(first, second, expected.normal) -
                  overlapAlong(first, second, actual.normal),
              ) <= 1e-9 * size;
          if (tie) {
            ties++;
            continue;
          }
          mismatches.push(
            `${run} ${name}: ${JSON.stringify(expected)} vs ${JSON.stringify(actual)}`,
          );
        }
      }
      if (expected.points.length > 0) withContacts++;
    }
    expect(mismatches.slice(0, 3)).toEqual([]);
    expect(ties).toBeLessThan(compared / 200);
    expect(withContacts).toBeGreaterThan(1000);
    expect(compared).toBe(9000);
  }, 60_000);
});
