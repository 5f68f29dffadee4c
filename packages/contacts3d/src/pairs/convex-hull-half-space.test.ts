import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { HalfSpace, Plane } from '../shapes/primitives.js';
import {
  collideConvexHullHalfSpace,
  collideConvexHullPlane,
  overlapConvexHullHalfSpace,
} from './convex-hull-half-space.js';

/** A square pyramid: base corners at y = 0 (x, z = +-1), apex at y = 2; scaled. */
function pyramid(scale: number): ConvexHull {
  return ConvexHull.fromPoints(
    [[-1, 0, -1], [1, 0, -1], [1, 0, 1], [-1, 0, 1], [0, 2, 0]].map((p) => p.map((x) => x * scale)),
  );
}

function rows(data: CollisionData, scale: number): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    out.push(
      [...Array.from(c.point), c.penetration].map((x) => Math.round((x / scale) * 1e9) / 1e9 + 0),
    );
  }
  return out.sort((p, q) => p[0]! - q[0]! || p[2]! - q[2]!);
}

describe('collideConvexHullHalfSpace and collideConvexHullPlane by hand, both orders, scales 1e-3, 1, 1e3', () => {
  for (const scale of [1e-3, 1, 1e3]) {
    const data = new CollisionData({ capacity: 16 });

    it(`a pyramid resting 0.1 deep on its base: its 4 base corners (scale ${scale})`, () => {
      const hull = pyramid(scale).setPose([0, -0.1 * scale, 0], [0, 0, 0, 1]);
      const ground = new HalfSpace([0, 1, 0], 0);
      const expected = [[-1, -0.05, -1, 0.1], [-1, -0.05, 1, 0.1], [1, -0.05, -1, 0.1], [
        1,
        -0.05,
        1,
        0.1,
      ]];
      data.reset();
      expect(collideConvexHullHalfSpace(hull, ground, data)).toBe(4);
      expect(rows(data, scale)).toEqual(expected);
      for (let i = 0; i < 4; i++) {
        const c = data.contacts[i]!;
        expect(Array.from(c.normal)).toEqual([0, 1, 0]);
        expect(c.kind).toBe(ContactKind.PointFace);
      }
      data.reset();
      expect(collide(ground, hull, data)).toBe(4);
      expect(rows(data, scale)).toEqual(expected);
      expect(Array.from(data.contacts[0]!.normal)).toEqual([0, -1, 0]);
      expect(overlapConvexHullHalfSpace(hull, ground)).toBe(true);
    });

    it(`a pyramid upside down on its apex: one contact, the apex's id (scale ${scale})`, () => {
      // Turned half a turn about x: the apex at y = -2 relative; lifted 1.9 so it sinks 0.1.
      const hull = pyramid(scale).setPose([0, 1.9 * scale, 0], [1, 0, 0, 0]);
      const ground = new HalfSpace([0, 1, 0], 0);
      data.reset();
      expect(collideConvexHullHalfSpace(hull, ground, data)).toBe(1);
      expect(rows(data, scale)).toEqual([[0, -0.05, 0, 0.1]]);
      // The apex is the vertex at index 4 of the input, the hull's vertex 4.
      expect(data.contacts[0]!.featureId).toBe(packFeatureId(4, 0));
      hull.setPose([0, 2.01 * scale, 0], [1, 0, 0, 0]);
      data.reset();
      expect(collideConvexHullHalfSpace(hull, ground, data)).toBe(0);
      expect(overlapConvexHullHalfSpace(hull, ground)).toBe(false);
    });

    it(`a true plane through the pyramid pushes it out the cheaper way (scale ${scale})`, () => {
      const plane = new Plane([0, 1, 0], 0);
      // 0.5 below the plane, 1.5 above: pushed up, the base corners the contacts.
      const hull = pyramid(scale).setPose([0, -0.5 * scale, 0], [0, 0, 0, 1]);
      data.reset();
      expect(collideConvexHullPlane(hull, plane, data)).toBe(4);
      expect(rows(data, scale).map((r) => r[3])).toEqual([0.5, 0.5, 0.5, 0.5]);
      expect(Array.from(data.contacts[0]!.normal)).toEqual([0, 1, 0]);
      // 1.5 below, 0.5 above: pushed down, the apex alone.
      hull.setPose([0, -1.5 * scale, 0], [0, 0, 0, 1]);
      data.reset();
      expect(collide(hull, plane, data)).toBe(1);
      expect(rows(data, scale)).toEqual([[0, 0.25, 0, 0.5]]);
      expect(Array.from(data.contacts[0]!.normal)).toEqual([0, -1, 0]);
      data.reset();
      expect(collide(plane, hull, data)).toBe(1);
      expect(Array.from(data.contacts[0]!.normal)).toEqual([0, 1, 0]);
    });
  }

  it(
    'a cylinder sunk in a half-space keeps the deepest and widest 8 of its 64 vertices, then ' +
      'maxContactsPerPair',
    () => {
      const points: number[] = [];
      for (let i = 0; i < 32; i++) {
        const angle = (2 * Math.PI * i) / 32;
        points.push(Math.cos(angle), -1, Math.sin(angle), Math.cos(angle), 1, Math.sin(angle));
      }
      // Tilted a little about z: the vertices at the low side are the deepest.
      const hull = ConvexHull.fromPoints(points).setPose([0, 0, 0], [
        0,
        0,
        Math.sin(0.05),
        Math.cos(0.05),
      ]);
      const ground = new HalfSpace([0, 1, 0], 5);
      const data = new CollisionData({ capacity: 16 });
      expect(collideConvexHullHalfSpace(hull, ground, data)).toBe(8);
      let deepest = 0;
      for (let i = 0; i < 8; i++) deepest = Math.max(deepest, data.contacts[i]!.penetration);
      // The deepest vertex of all 64: 5 - min y.
      let lowest = Infinity;
      for (let i = 0; i < 64; i++) {
        const x = points[3 * i]!, y = points[3 * i + 1]!;
        lowest = Math.min(lowest, Math.sin(0.1) * -x + Math.cos(0.1) * y);
      }
      expect(deepest).toBeCloseTo(5 - lowest, 12);
      data.reset();
      data.maxContactsPerPair = 3;
      expect(collideConvexHullHalfSpace(hull, ground, data)).toBe(3);
      const tight = new CollisionData({ capacity: 2 });
      expect(collideConvexHullHalfSpace(hull, ground, tight)).toBe(2);
      expect(tight.overflowed).toBe(true);
    },
  );
});
