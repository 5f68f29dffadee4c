import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide2d } from './collide2d.js';
import { CollisionData2 } from './contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import { contactList, mirroredMismatch, randomConvexPoints, satOverlap, worldPoints } from './test-support/contacts.js';
import { collidePolygonChain } from './polygon-chain.js';
import { Chain, Polygon, Segment, VERTEX_FEATURE } from './shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from './test-support/properties.js';

const box = (hx: number, hy: number): number[][] => [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]];

function run(polygon: Polygon, chain: Chain, tolerance = 0): ReturnType<typeof contactList> {
  const data = new CollisionData2({ tolerance });
  collidePolygonChain(polygon, chain, data);
  return contactList(data);
}

describe('collidePolygonChain: hand-computed cases', () => {
  it('rests a box on a segment from above and from below', () => {
    // Box [-1, 1] x [-0.5, 0.5] at (0, 0.4): bottom at y = -0.1, 0.1 below the segment (-3, 0) -> (3, 0).
    // The box's bottom edge is the reference (equal separations, the polygon is preferred); the
    // segment's upper face is clipped to x in [-1, 1]: points (1, -0.05) and (-1, -0.05), normal
    // (0, 1), penetration 0.1, at the box's corners 1 and 0 against segment 0.
    const ground = new Chain([[-3, 0], [3, 0]]);
    const above = run(new Polygon(box(1, 0.5)).setPose([0, 0.4], 0), ground);
    expect(above.length).toBe(2);
    expect(above[0]!.point[0]).toBeCloseTo(1, 15);
    expect(above[0]!.point[1]).toBeCloseTo(-0.05, 15);
    expect(above[1]!.point[0]).toBeCloseTo(-1, 15);
    for (const c of above) {
      expect(c.normal).toEqual([0, 1]);
      expect(c.penetration).toBeCloseTo(0.1, 15);
      expect(c.kind).toBe(ContactKind.PointEdge);
    }
    expect(above[0]!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 1, 0));
    // Mirrored below: the box's top edge (y = 0.1 at centre -0.4) is 0.1 above the segment.
    const below = run(new Polygon(box(1, 0.5)).setPose([0, -0.4], 0), ground);
    expect(below.length).toBe(2);
    for (const c of below) {
      expect(c.normal).toEqual([0, -1]);
      expect(c.penetration).toBeCloseTo(0.1, 15);
      expect(c.point[1]).toBeCloseTo(0.05, 15);
    }
  });

  it('touches a segment with one vertex of a diamond', () => {
    // Diamond at (0, 0.9) with bottom vertex (0, -0.1): one contact at (0, -0.05), normal (0, 1),
    // penetration 0.1, the diamond's vertex 0 against the segment.
    const contacts = run(new Polygon([[0, -1], [1, 0], [0, 1], [-1, 0]]).setPose([0, 0.9], 0), new Segment([-3, 0], [3, 0]));
    expect(contacts.length).toBe(1);
    expect(contacts[0]!.point[0]).toBeCloseTo(0, 15);
    expect(contacts[0]!.point[1]).toBeCloseTo(-0.05, 15);
    expect(contacts[0]!.normal[1]).toBeCloseTo(1, 15);
    expect(contacts[0]!.penetration).toBeCloseTo(0.1, 15);
    expect(contacts[0]!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, 0));
  });

  it('pushes a box in the inside corner of a chain out of both segments', () => {
    // Chain (3, 0) -> (0, 0) -> (0, 3); box [-0.5, 0.5]^2 at (0.4, 0.4) is 0.1 into each segment.
    const contacts = run(new Polygon(box(0.5, 0.5)).setPose([0.4, 0.4], 0), new Chain([[3, 0], [0, 0], [0, 3]]));
    const normals = contacts.map((c) => `${Math.round(c.normal[0]!)},${Math.round(c.normal[1]!)}`);
    expect(new Set(normals)).toEqual(new Set(['0,1', '1,0']));
    for (const c of contacts) expect(c.penetration).toBeCloseTo(0.1, 14);
  });

  it('keeps the deepest contacts up to maxContactsPerPair and flags a full buffer', () => {
    // Box [-0.5, 0.5]^2 at (0.4, 0.45) in the chain's inside corner: 0.05 into the floor
    // segment, 0.1 into the wall segment; the two wall points are the deepest.
    const chain = new Chain([[3, 0], [0, 0], [0, 3]]);
    const polygon = new Polygon(box(0.5, 0.5)).setPose([0.4, 0.45], 0);
    const limited = new CollisionData2({ maxContactsPerPair: 2 });
    expect(collidePolygonChain(polygon, chain, limited)).toBe(2);
    for (const c of contactList(limited)) {
      expect(c.normal).toEqual([1, 0]);
      expect(c.penetration).toBeCloseTo(0.1, 14);
    }
    expect(limited.overflowed).toBe(false);
    const full = new CollisionData2({ capacity: 3 });
    expect(collidePolygonChain(polygon, chain, full)).toBe(3);
    expect(full.overflowed).toBe(true);
  });

  it('reports nothing beyond the tolerance and a gap within it', () => {
    const polygon = new Polygon(box(1, 0.5)).setPose([0, 0.7], 0), segment = new Segment([-3, 0], [3, 0]);
    expect(run(polygon, segment, 0.1).length).toBe(0);
    const contacts = run(polygon, segment, 0.3);
    expect(contacts.length).toBe(2);
    for (const c of contacts) expect(c.penetration).toBeCloseTo(-0.2, 15);
  });
});

describe('collidePolygonChain: properties', () => {
  it(`holds over ${PROPERTY_RUNS} seeded configurations: finite, unit normals, mirrored swaps; a segment is separated by normal * penetration`, () => {
    const random = mulberry32(71);
    const tolerance = 0.02;
    const data = new CollisionData2({ tolerance }), swapped = new CollisionData2({ tolerance });
    const failures: string[] = [];
    let touching = 0;
    for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
      const polygon = new Polygon(randomConvexPoints(random, 3 + Math.floor(random() * 6), 0.3 + random(), 0.3 + random()))
        .setPose([2 * random() - 1, 2 * random() - 1], 6 * random());
      const count = n % 2 === 0 ? 2 : 3 + Math.floor(random() * 5);
      const points: number[][] = [];
      for (let i = 0; i < count; i++) points.push([3 * random() - 1.5, 3 * random() - 1.5]);
      const chain = (count === 2 ? new Segment(points[0]!, points[1]!) : new Chain(points)).setPose([0, 0], 6 * random());
      data.reset();
      swapped.reset();
      const written = collidePolygonChain(polygon, chain, data);
      collide2d(chain, polygon, swapped);
      const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
      if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
      let deepest = -Infinity, normalX = 0, normalY = 0;
      for (let i = 0; i < written; i++) {
        const c = data.contacts[i]!;
        if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) failures.push(`not finite ${n}`);
        if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) failures.push(`normal ${n}`);
        if (c.penetration < -tolerance - 1e-12) failures.push(`beyond tolerance ${n}`);
        if (c.penetration > deepest) {
          deepest = c.penetration;
          normalX = c.normal[0]!;
          normalY = c.normal[1]!;
        }
      }
      if (written > 0) touching++;
      if (count !== 2) continue;
      const overlap = satOverlap(worldPoints(polygon), worldPoints(chain));
      if (written === 0) {
        if (overlap > 1e-9) failures.push(`missed overlap ${overlap} at ${n}`);
        continue;
      }
      if (deepest <= 0) continue;
      polygon.setPose([polygon.transform.x + normalX * deepest, polygon.transform.y + normalY * deepest], polygon.transform.angle);
      const after = satOverlap(worldPoints(polygon), worldPoints(chain));
      if (after > 1e-9) failures.push(`still overlapping by ${after} at ${n}`);
    }
    expect(failures).toEqual([]);
    expect(touching).toBeGreaterThan(2000);
  }, PROPERTY_TIMEOUT);

  it('visits only the segments near the polygon on a long chain', () => {
    const points: number[][] = [];
    for (let i = 0; i < 10_000; i++) points.push([i * 0.01, 0.1 * Math.sin(i * 0.02)]);
    const chain = new Chain(points);
    const contacts = run(new Polygon(box(0.2, 0.2)).setPose([50, 0.25], 0), chain);
    // Chain height at x = 50 (i = 5000): 0.1 sin(100) = -0.0506; the box bottom is at 0.05, clear of it.
    expect(contacts.length).toBe(0);
    const touching = run(new Polygon(box(0.2, 0.2)).setPose([50, 0.1], 0), chain);
    expect(touching.length).toBeGreaterThan(0);
    expect(chain.grid!.query(Float64Array.of(49.6, -0.3, 50.4, 0.5))).toBeLessThan(200);
  });
});
