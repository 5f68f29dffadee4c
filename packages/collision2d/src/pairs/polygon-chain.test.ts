import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import {
  contactList,
  mirroredMismatch,
  randomConvexPoints,
  regionDistance,
  satOverlap,
  worldPoints,
} from '../test-support/contacts.js';
import { collidePolygonChain } from './polygon-chain.js';
import { Chain, Polygon, Segment, VERTEX_FEATURE } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

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
    const contacts = run(
      new Polygon([[0, -1], [1, 0], [0, 1], [-1, 0]]).setPose([0, 0.9], 0),
      new Segment([-3, 0], [3, 0]),
    );
    expect(contacts.length).toBe(1);
    expect(contacts[0]!.point[0]).toBeCloseTo(0, 15);
    expect(contacts[0]!.point[1]).toBeCloseTo(-0.05, 15);
    expect(contacts[0]!.normal[1]).toBeCloseTo(1, 15);
    expect(contacts[0]!.penetration).toBeCloseTo(0.1, 15);
    expect(contacts[0]!.featureId).toBe(packFeatureId(VERTEX_FEATURE | 0, 0));
  });

  it('pushes a box in the inside corner of a chain out of both segments', () => {
    // Chain (3, 0) -> (0, 0) -> (0, 3); box [-0.5, 0.5]^2 at (0.4, 0.4) is 0.1 into each segment.
    const contacts = run(
      new Polygon(box(0.5, 0.5)).setPose([0.4, 0.4], 0),
      new Chain([[3, 0], [0, 0], [0, 3]]),
    );
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
    const polygon = new Polygon(box(1, 0.5)).setPose([0, 0.7], 0),
      segment = new Segment([-3, 0], [3, 0]);
    expect(run(polygon, segment, 0.1).length).toBe(0);
    const contacts = run(polygon, segment, 0.3);
    expect(contacts.length).toBe(2);
    for (const c of contacts) expect(c.penetration).toBeCloseTo(-0.2, 15);
  });
});

describe('collidePolygonChain: properties', () => {
  it(
    `holds over ${PROPERTY_RUNS} seeded configurations: finite, unit normals, mirrored swaps; a segment is separated by normal * penetration`,
    () => {
      const random = mulberry32(71);
      const tolerance = 0.02;
      const data = new CollisionData2({ tolerance }), swapped = new CollisionData2({ tolerance });
      const failures: string[] = [];
      let touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const polygon = new Polygon(
          randomConvexPoints(random, 3 + Math.floor(random() * 6), 0.3 + random(), 0.3 + random()),
        )
          .setPose([2 * random() - 1, 2 * random() - 1], 6 * random());
        const count = n % 2 === 0 ? 2 : 3 + Math.floor(random() * 5);
        const points: number[][] = [];
        for (let i = 0; i < count; i++) points.push([3 * random() - 1.5, 3 * random() - 1.5]);
        const chain = (count === 2 ? new Segment(points[0]!, points[1]!) : new Chain(points))
          .setPose([0, 0], 6 * random());
        data.reset();
        swapped.reset();
        const written = collidePolygonChain(polygon, chain, data);
        collide2d(chain, polygon, swapped);
        const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
        if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
        let deepest = -Infinity, normalX = 0, normalY = 0;
        for (let i = 0; i < written; i++) {
          const c = data.contacts[i]!;
          if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) {
            failures.push(`not finite ${n}`);
          }
          if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
            failures.push(`normal ${n}`);
          }
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
        polygon.setPose([
          polygon.transform.x + normalX * deepest,
          polygon.transform.y + normalY * deepest,
        ], polygon.transform.angle);
        const after = satOverlap(worldPoints(polygon), worldPoints(chain));
        if (after > 1e-9) failures.push(`still overlapping by ${after} at ${n}`);
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(2000);
    },
    PROPERTY_TIMEOUT,
  );

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

describe('collidePolygonChain: speculative contacts (issue 16)', () => {
  it('test_speculative_contacts_beyond_tolerance_convex_chain: a chain 7.08 from a polygon gets nothing at tolerance 5', () => {
    // The configuration of the adversarial run: an 8-vertex polygon and a 22-point chain about 2
    // by 1.6 units whose true distance (brute force) is 7.078; measured along the polygon's edge
    // normals the chain's far corners seemed 2.9 to 3.5 away, and 8 contacts came out. Beyond
    // the tolerance there is no contact; at a tolerance above the distance the gap reported is
    // at least half the distance and at most the tolerance.
    const polygon = new Polygon([
      [35.12277387635394, 64.14839364558057],
      [29.90209630920054, 64.42688783651094],
      [-81.42521252075076, 63.84170580227048],
      [-150.79931672283055, 55.16010096137427],
      [-129.66496115554997, 28.3812779034613],
      [94.14353656830176, 29.25304288957004],
      [117.63622244952964, 34.418312237768895],
      [131.9681966039951, 43.051668975274026],
    ]).setPose([1.1543424236942634, -0.24811315473681161], 0);
    const chain = new Chain([
      [-0.9765904936939478, -0.7008667878806591],
      [0.95381526555866, 0.3184459291398525],
      [0.042890537064522505, -0.15116529911756516],
      [-0.06753473496064544, -0.4161197025328875],
      [0.10665120789781213, 0.36771534383296967],
      [-0.48436887795105577, -0.5504826176911592],
      [0.5281797731295228, 0.02944407314062114],
      [-0.6057254797779024, -0.2112662505358458],
      [-0.4135053241625428, 0.05558324083685873],
      [-0.40733950352296233, 0.7647137671709061],
      [-0.5049328114837408, 0.6044473528862],
      [-0.6184165813028812, -0.5701481822878123],
      [-0.6907119397073984, -0.3344780590385199],
      [0.0958028631284833, 0.41899791210889825],
      [-0.8509638197720051, 0.6607051327824593],
      [0.10742149595171213, 0.19459973424673083],
      [0.360181815456599, 0.745583526045084],
      [0.24876128835603595, 0.673927776142955],
      [0.6552569684572518, -0.7360344417393208],
      [-0.6501169060356915, -0.22883037738502032],
      [-0.14936855109408498, -0.7677182171493769],
      [-0.8237875294871628, 0.428825369104743],
    ]).setPose([141.324353203442, 43.891205877512704], -0.391332905603317);
    const distance = regionDistance(worldPoints(polygon), worldPoints(chain), false);
    expect(distance).toBeCloseTo(7.078485283098495, 9);
    for (const [a, b] of [[polygon, chain], [chain, polygon]] as const) {
      expect(collide2d(a, b, new CollisionData2({ tolerance: 5 }))).toBe(0);
    }
    const contacts = run(polygon, chain, 7.5);
    expect(contacts.length).toBeGreaterThan(0);
    for (const c of contacts) {
      expect(-c.penetration).toBeGreaterThanOrEqual(distance / 2);
      expect(-c.penetration).toBeLessThanOrEqual(7.5);
    }
  });

  it(
    `reports a chain exactly when its distance is within the tolerance, with a gap of at least half the distance (${PROPERTY_RUNS} configurations)`,
    () => {
      // Convex polygons of 3 to 10 vertices against random chains of 2 to 24 points (zigzags,
      // self-crossing), scales 1e-3 to 1e3, tolerances 0 to the polygon's size: the brute-force
      // distance decides (up to 1e-9 of the scale).
      const random = mulberry32(161);
      const failures: string[] = [];
      let speculative = 0, touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const scale = 10 ** (6 * random() - 3);
        const polygon = new Polygon(
          randomConvexPoints(
            random,
            3 + Math.floor(random() * 8),
            scale * (0.3 + random()),
            scale * (0.05 + random()),
          ),
        )
          .setPose([scale * (4 * random() - 2), scale * (4 * random() - 2)], 6 * random());
        const points: number[][] = [];
        const count = 2 + Math.floor(random() * 23);
        for (let i = 0; i < count; i++) {
          points.push([scale * (2 * random() - 1), scale * (1.6 * random() - 0.8)]);
        }
        const chain = new Chain(points).setPose([0, 0], 6 * random());
        const tolerance = random() < 0.2 ? 0 : scale * random();
        const distance = regionDistance(worldPoints(polygon), worldPoints(chain), false);
        const slack = 1e-9 * scale;
        const data = new CollisionData2({ tolerance, capacity: 64 });
        const written = collidePolygonChain(polygon, chain, data);
        if (Math.abs(distance - tolerance) > slack && written > 0 !== distance <= tolerance) {
          failures.push(
            `${written} contacts at distance ${distance}, tolerance ${tolerance} (n ${n})`,
          );
        }
        for (const c of contactList(data)) {
          if (distance > slack && -c.penetration < 0.5 * distance - slack) {
            failures.push(`gap ${-c.penetration} below half the distance ${distance} at ${n}`);
          }
          if (c.penetration < -tolerance - slack) {
            failures.push(`gap ${-c.penetration} beyond the tolerance ${tolerance} at ${n}`);
          }
        }
        if (written > 0) touching++;
        if (written > 0 && distance > 0) speculative++;
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 4);
      expect(speculative).toBeGreaterThan(PROPERTY_RUNS / 20);
    },
    PROPERTY_TIMEOUT,
  );
});
