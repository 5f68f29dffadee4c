import { describe, expect, it } from 'vitest';
import { pointInPolygon } from '../contours/point-in-polygon.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { rayTestPolygons } from '../pairs/ray-test-polygons.js';
import { Circle, Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';
import { box, scaled } from '../test-support/contacts.js';
import { SweepHit, sweepCircle } from './sweep.js';

describe('sweepCircle and pointInPolygon against rounded polygons, at 1e-3, 1, 1e3', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: a falling circle meets the rounded top; a diagonal one the rounded corner`, () => {
      // Core [-1, 1] x [-0.5, 0.5], radius 0.25; circle radius 0.5 from (0, 3) down by 3: its
      // bottom meets y = 0.75 with the centre at 1.25, after 1.75 of 3.
      const rounded = new Polygon(scaled(box(1, 0.5), s), { radius: 0.25 * s });
      const hit = new SweepHit();
      expect(sweepCircle(new Circle(0.5 * s).setPose([0, 3 * s], 0), [0, -3 * s], rounded, hit))
        .toBe(true);
      expect(hit.time).toBeCloseTo(1.75 / 3, 12);
      expect(hit.point[0]! / s).toBeCloseTo(0, 12);
      expect(hit.point[1]! / s).toBeCloseTo(0.75, 12);
      expect(hit.normal[1]).toBeCloseTo(1, 12);
      // Core [-1, 1]^2, radius 0.25; circle radius 0.5 from (3, 3) by (-3, -3): the centre reaches
      // 0.75 from the corner (1, 1) at (c, c), c = 1 + 0.75 / sqrt 2; the point on the shape is
      // the corner moved out 0.25 along (1, 1) / sqrt 2.
      const square = new Polygon(scaled(box(1, 1), s), { radius: 0.25 * s });
      expect(
        sweepCircle(new Circle(0.5 * s).setPose([3 * s, 3 * s], 0), [-3 * s, -3 * s], square, hit),
      ).toBe(true);
      expect(hit.time).toBeCloseTo((3 - (1 + 0.75 * Math.SQRT1_2)) / 3, 12);
      expect(hit.point[0]! / s).toBeCloseTo(1 + 0.25 * Math.SQRT1_2, 12);
      expect(hit.normal[0]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(hit.featureId).toBe(VERTEX_FEATURE | 2);
      // Passing 0.8 above the top (centre at y = 1.55 + ... ): beside the rounded top by 0.05.
      expect(
        sweepCircle(new Circle(0.5 * s).setPose([-3 * s, 1.3 * s], 0), [6 * s, 0], rounded, hit),
      ).toBe(false);
      expect(
        sweepCircle(new Circle(0.5 * s).setPose([-3 * s, 1.2 * s], 0), [6 * s, 0], rounded, hit),
      ).toBe(true);
    });

    it(`x ${s}: pointInPolygon counts the rounding`, () => {
      const rounded = new Polygon(scaled(box(1, 0.5), s), { radius: 0.25 * s }).setPose(
        [5 * s, 0],
        0,
      );
      expect(pointInPolygon(rounded, [5 * s, 0.7 * s])).toBe(true);
      expect(pointInPolygon(rounded, [5 * s, 0.8 * s])).toBe(false);
      // Beside the corner (6, 0.5): 0.2 sqrt 2 = 0.283 > 0.25 out, and 0.15 sqrt 2 = 0.212 in.
      expect(pointInPolygon(rounded, [6.2 * s, 0.7 * s])).toBe(false);
      expect(pointInPolygon(rounded, [6.15 * s, 0.65 * s])).toBe(true);
      expect(
        pointInPolygon(new Polygon(scaled(box(1, 0.5), s)).setPose([5 * s, 0], 0), [
          5 * s,
          0.7 * s,
        ]),
      ).toBe(false);
    });
  }

  it('rayTestPolygons refuses a rounded polygon, naming the argument', () => {
    const rounded = new Polygon(box(1, 1), { radius: 0.5 }), plain = new Polygon(box(1, 1));
    const data = new CollisionData2();
    expect(() => rayTestPolygons(plain, rounded, data)).toThrow(
      /rayTestPolygons: b is a rounded polygon \(radius 0.5\)/,
    );
    expect(data.contactCount).toBe(0);
  });
});
