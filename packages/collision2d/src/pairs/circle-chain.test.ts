import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collideCircleChain } from './circle-chain.js';
import { lastContourSegmentVisits } from './circle-contour.js';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import {
  contactList,
  distanceToPolyline,
  mirroredMismatch,
  worldPoints,
} from '../test-support/contacts.js';
import { Chain, Circle, Segment, VERTEX_FEATURE } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

function run(circle: Circle, chain: Chain, tolerance = 0): CollisionData2 {
  const data = new CollisionData2({ capacity: 8, tolerance });
  collideCircleChain(circle, chain, data);
  return data;
}

describe('collideCircleChain: hand-computed cases', () => {
  it("reproduces seed 000's worked example", () => {
    // Circle r 1 at (0, 0.5) against the segment (-2, 0) -> (2, 0): O = (2, 0.5), S = (4, 0),
    // distance |O x S| / |S| = 2 / 4 = 0.5, l_part = O . S / |S| = 2 (on the segment), penetration
    // 1 - 0.5 = 0.5, normal (0, 1); witnesses (0, -0.5) on the circle and (0, 0) on the segment,
    // whose midpoint is the point (0, -0.25).
    const data = run(new Circle(1).setPose([0, 0.5], 0), new Segment([-2, 0], [2, 0]));
    expect(data.contactCount).toBe(1);
    const c = data.contacts[0]!;
    expect(Array.from(c.normal)).toEqual([0, 1]);
    expect(c.penetration).toBe(0.5);
    expect(Array.from(c.point)).toEqual([0, -0.25]);
    expect(Array.from(c.pointOnFirst(new Float64Array(2)))).toEqual([0, -0.5]);
    expect(Array.from(c.pointOnSecond(new Float64Array(2)))).toEqual([0, 0]);
    expect(c.kind).toBe(ContactKind.FaceFace);
    expect(c.featureId).toBe(0);
  });

  it('takes the circle from the other side with the normal reversed', () => {
    // Centre (0, -0.5): normal (0, -1), witnesses (0, 0.5) and (0, 0), point (0, 0.25).
    const c = run(new Circle(1).setPose([0, -0.5], 0), new Segment([-2, 0], [2, 0])).contacts[0]!;
    expect(Array.from(c.normal)).toEqual([0, -1]);
    expect(c.penetration).toBe(0.5);
    expect(Array.from(c.point)).toEqual([0, 0.25]);
  });

  it('touches an open end past the last point', () => {
    // Centre (2.6, 0.8), r 1.5: part length past the end, distance to (2, 0) is 1, normal (0.6, 0.8),
    // penetration 0.5; witnesses (1.7, -0.4) and (2, 0), point (1.85, -0.2).
    const c = run(new Circle(1.5).setPose([2.6, 0.8], 0), new Segment([-2, 0], [2, 0]))
      .contacts[0]!;
    expect(c.normal[0]).toBeCloseTo(0.6, 15);
    expect(c.normal[1]).toBeCloseTo(0.8, 15);
    expect(c.penetration).toBeCloseTo(0.5, 15);
    expect(c.point[0]).toBeCloseTo(1.85, 15);
    expect(c.point[1]).toBeCloseTo(-0.2, 15);
    expect(c.kind).toBe(ContactKind.PointFace);
    expect(c.featureId).toBe(VERTEX_FEATURE | 1);
  });

  it('gives two contacts in the concave side of a corner and one on its convex side', () => {
    // Chain (2, 0) -> (0, 0) -> (0, 2). Centre (0.3, 0.3), r 0.5, inside the corner: segment 0 at
    // distance 0.3, normal (0, 1), witnesses (0.3, -0.2) and (0.3, 0), point (0.3, -0.1); segment 1
    // at distance 0.3, normal (1, 0), point (-0.1, 0.3); penetration 0.2 each.
    const chain = new Chain([[2, 0], [0, 0], [0, 2]]);
    const inside = contactList(run(new Circle(0.5).setPose([0.3, 0.3], 0), chain));
    expect(inside.length).toBe(2);
    expect(inside[0]!.normal).toEqual([0, 1]);
    expect(inside[0]!.point[0]).toBeCloseTo(0.3, 15);
    expect(inside[0]!.point[1]).toBeCloseTo(-0.1, 15);
    expect(inside[0]!.penetration).toBeCloseTo(0.2, 15);
    expect(inside[0]!.featureId).toBe(0);
    expect(inside[1]!.normal).toEqual([1, 0]);
    expect(inside[1]!.point[0]).toBeCloseTo(-0.1, 15);
    expect(inside[1]!.point[1]).toBeCloseTo(0.3, 15);
    expect(inside[1]!.featureId).toBe(1);
    // Centre (-0.3, -0.4), r 1, outside the corner: vertex (0, 0) at distance 0.5, normal
    // (-0.6, -0.8), penetration 0.5, witnesses (0.3, 0.4) and (0, 0), point (0.15, 0.2).
    const outside = contactList(run(new Circle(1).setPose([-0.3, -0.4], 0), chain));
    expect(outside.length).toBe(1);
    expect(outside[0]!.normal[0]).toBeCloseTo(-0.6, 15);
    expect(outside[0]!.normal[1]).toBeCloseTo(-0.8, 15);
    expect(outside[0]!.point[0]).toBeCloseTo(0.15, 15);
    expect(outside[0]!.point[1]).toBeCloseTo(0.2, 15);
    expect(outside[0]!.penetration).toBeCloseTo(0.5, 15);
    expect(outside[0]!.featureId).toBe(VERTEX_FEATURE | 1);
  });

  it('uses the left normal for a centre exactly on the segment', () => {
    // Segment (0, 0) -> (2, 0): left normal (0, 1); centre (1, 0), r 0.5: penetration 0.5, point (1, -0.25).
    const c = run(new Circle(0.5).setPose([1, 0], 0), new Segment([0, 0], [2, 0])).contacts[0]!;
    expect(Array.from(c.normal)).toEqual([0, 1]);
    expect(c.penetration).toBe(0.5);
    expect(Array.from(c.point)).toEqual([1, -0.25]);
  });

  it('stops at the tolerance and flags a full buffer', () => {
    const segment = new Segment([-2, 0], [2, 0]);
    // Gap 0.2.
    expect(run(new Circle(1).setPose([0, 1.2], 0), segment, 0.1).contactCount).toBe(0);
    expect(run(new Circle(1).setPose([0, 1.2], 0), segment, 0.2).contacts[0]!.penetration)
      .toBeCloseTo(-0.2, 15);
    const data = new CollisionData2({ capacity: 1 });
    collideCircleChain(
      new Circle(0.5).setPose([0.3, 0.3], 0),
      new Chain([[2, 0], [0, 0], [0, 2]]),
      data,
    );
    expect([data.contactCount, data.overflowed]).toEqual([1, true]);
  });
});

describe('collideCircleChain: long chains and properties', () => {
  it('visits only the segments near the circle on a 10,000-vertex chain', () => {
    const points: number[][] = [];
    for (let i = 0; i < 10_000; i++) points.push([i * 0.01, 0.2 * Math.sin(i * 0.05)]);
    const chain = new Chain(points);
    const polyline = worldPoints(chain);
    const random = mulberry32(8);
    let largest = 0;
    for (let n = 0; n < 200; n++) {
      const circle = new Circle(0.1).setPose([100 * random(), 0.6 * random() - 0.3], 0);
      const data = new CollisionData2();
      collideCircleChain(circle, chain, data);
      largest = Math.max(largest, lastContourSegmentVisits());
      const expected = 0.1 - distanceToPolyline(polyline, circle.transform.x, circle.transform.y);
      let deepest = -Infinity;
      for (let i = 0; i < data.contactCount; i++) {
        deepest = Math.max(deepest, data.contacts[i]!.penetration);
      }
      if (expected >= 0) expect(deepest).toBeCloseTo(expected, 9);
      else expect(data.contactCount).toBe(0);
    }
    expect(largest).toBeLessThan(100);
  });

  it(
    `gives the exact deepest penetration, unit normals and mirrored swaps over ${PROPERTY_RUNS} configurations`,
    () => {
      const random = mulberry32(31);
      const data = new CollisionData2({ tolerance: 0.05 });
      const swapped = new CollisionData2({ tolerance: 0.05 });
      const failures: string[] = [];
      let touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const points: number[][] = [];
        const count = 2 + Math.floor(random() * 6);
        for (let i = 0; i < count; i++) points.push([2 * random() - 1, 2 * random() - 1]);
        const chain = new Chain(points).setPose([random() - 0.5, random() - 0.5], 6 * random());
        const radius = 0.05 + 0.5 * random();
        const circle = new Circle(radius).setPose([3 * random() - 1.5, 3 * random() - 1.5], 0);
        data.reset();
        swapped.reset();
        const written = collideCircleChain(circle, chain, data);
        collide2d(chain, circle, swapped);
        const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
        if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
        const expected = radius -
          distanceToPolyline(worldPoints(chain), circle.transform.x, circle.transform.y);
        if (written === 0) {
          if (expected >= -0.05 + 1e-9) failures.push(`missed ${n}`);
          continue;
        }
        touching++;
        let deepest = -Infinity;
        for (let i = 0; i < written; i++) {
          const c = data.contacts[i]!;
          if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) {
            failures.push(`not finite ${n}`);
          }
          if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
            failures.push(`normal ${n}`);
          }
          deepest = Math.max(deepest, c.penetration);
        }
        if (Math.abs(deepest - expected) > 1e-9) {
          failures.push(`depth ${n}: ${deepest} vs ${expected}`);
        }
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(2000);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('collideCircleChain: regressions', () => {
  it('test_duplicate_at_straight_joint: a foot exactly on the joint of two segments in line gives one contact', () => {
    // Chain (-2, 0) -> (0, 0) -> (2, 0); centre (0, 0.5), r 1: the foot (0, 0) ends segment 0 and
    // starts segment 1; both see it, and the two identical contacts are merged.
    const data = run(new Circle(1).setPose([0, 0.5], 0), new Chain([[-2, 0], [0, 0], [2, 0]]));
    expect(data.contactCount).toBe(1);
    expect(Array.from(data.contacts[0]!.point)).toEqual([0, -0.25]);
    expect(data.contacts[0]!.penetration).toBe(0.5);
  });
});
