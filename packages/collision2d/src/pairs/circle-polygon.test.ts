import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { lastContourSegmentVisits } from './circle-contour.js';
import { collideCirclePolygon, segmentDistanceCirclePolygon } from './circle-polygon.js';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import {
  contactList,
  mirroredMismatch,
  randomConvexPoints,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { Circle, Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

// Square [-1, 1]^2: edge 0 bottom, 1 right, 2 top (from (1, 1) to (-1, 1)), 3 left.
const square = [[-1, -1], [1, -1], [1, 1], [-1, 1]];
// L-shape: vertex 3 at (1, 1) is the reflex corner; edge 2 runs (2, 1) -> (1, 1), edge 3 (1, 1) -> (1, 2).
const lShape = [[0, 0], [2, 0], [2, 1], [1, 1], [1, 2], [0, 2]];

function one(circle: Circle, polygon: Polygon, tolerance = 0): CollisionData2 {
  const data = new CollisionData2({ capacity: 8, tolerance });
  collideCirclePolygon(circle, polygon, data);
  return data;
}

describe('collideCirclePolygon: hand-computed cases', () => {
  it('touches a face: foot of the perpendicular on the edge', () => {
    // Centre (0, 1.3), r 0.5: distance to the top edge 0.3, penetration 0.2, normal (0, 1);
    // witnesses (0, 0.8) on the circle and (0, 1) on the edge, midpoint (0, 0.9).
    const data = one(new Circle(0.5).setPose([0, 1.3], 0), new Polygon(square));
    expect(data.contactCount).toBe(1);
    const c = data.contacts[0]!;
    expect(c.point[0]).toBeCloseTo(0, 15);
    expect(c.point[1]).toBeCloseTo(0.9, 15);
    expect(Array.from(c.normal)).toEqual([0, 1]);
    expect(c.penetration).toBeCloseTo(0.2, 15);
    expect(c.kind).toBe(ContactKind.FaceFace);
    expect(c.featureId).toBe(2);
  });

  it('touches a convex corner when the part vector falls outside both edges', () => {
    // Centre (1.6, 1.8), r 1.5: O = (0.6, 0.8) from corner (1, 1), distance 1, normal (0.6, 0.8),
    // penetration 0.5; witnesses (1.6 - 0.9, 1.8 - 1.2) = (0.7, 0.6) and (1, 1), midpoint (0.85, 0.8).
    const data = one(new Circle(1.5).setPose([1.6, 1.8], 0), new Polygon(square));
    expect(data.contactCount).toBe(1);
    const c = data.contacts[0]!;
    expect(c.point[0]).toBeCloseTo(0.85, 15);
    expect(c.point[1]).toBeCloseTo(0.8, 15);
    expect(c.normal[0]).toBeCloseTo(0.6, 15);
    expect(c.normal[1]).toBeCloseTo(0.8, 15);
    expect(c.penetration).toBeCloseTo(0.5, 15);
    expect(c.kind).toBe(ContactKind.PointFace);
    expect(c.featureId).toBe(VERTEX_FEATURE | 2);
  });

  it('pushes a centre inside the polygon out through the nearest edge', () => {
    // Centre (0.5, 0.2), r 0.25: nearest edge the right one (distance 0.5), normal (1, 0),
    // penetration 0.25 + 0.5 = 0.75; witnesses (0.25, 0.2) and (1, 0.2), midpoint (0.625, 0.2).
    const data = one(new Circle(0.25).setPose([0.5, 0.2], 0), new Polygon(square));
    expect(data.contactCount).toBe(1);
    const c = data.contacts[0]!;
    expect(Array.from(c.normal)).toEqual([1, 0]);
    expect(c.penetration).toBeCloseTo(0.75, 15);
    expect(c.point[0]).toBeCloseTo(0.625, 15);
    expect(c.point[1]).toBeCloseTo(0.2, 15);
    expect(c.featureId).toBe(1);
  });

  it('gives two contacts, one per edge, in a concave corner (seed 000)', () => {
    // Centre (1.3, 1.3), r 0.5 in the L's notch. Edge 2 (y = 1, normal (0, 1)): distance 0.3,
    // penetration 0.2, witnesses (1.3, 0.8) and (1.3, 1), midpoint (1.3, 0.9). Edge 3 (x = 1,
    // normal (1, 0)): the same mirrored, midpoint (0.9, 1.3).
    const data = one(new Circle(0.5).setPose([1.3, 1.3], 0), new Polygon(lShape));
    expect(data.contactCount).toBe(2);
    const [first, second] = contactList(data);
    expect(first!.normal).toEqual([0, 1]);
    expect(first!.point[0]).toBeCloseTo(1.3, 15);
    expect(first!.point[1]).toBeCloseTo(0.9, 15);
    expect(first!.penetration).toBeCloseTo(0.2, 15);
    expect(first!.featureId).toBe(2);
    expect(second!.normal).toEqual([1, 0]);
    expect(second!.point[0]).toBeCloseTo(0.9, 15);
    expect(second!.point[1]).toBeCloseTo(1.3, 15);
    expect(second!.penetration).toBeCloseTo(0.2, 15);
    expect(second!.featureId).toBe(3);
  });

  it('gives one contact in the notch when only one edge is in reach', () => {
    // Centre (1.2, 1.5), r 0.3: edge 3 at distance 0.2 (penetration 0.1); edge 2 at 0.5, out of reach.
    const data = one(new Circle(0.3).setPose([1.2, 1.5], 0), new Polygon(lShape));
    expect(data.contactCount).toBe(1);
    expect(data.contacts[0]!.featureId).toBe(3);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.1, 15);
  });

  it('reports a gap within the tolerance and nothing beyond it', () => {
    // Centre (0, 1.6), r 0.5: gap 0.1.
    const circle = new Circle(0.5).setPose([0, 1.6], 0), polygon = new Polygon(square);
    expect(one(circle, polygon, 0.05).contactCount).toBe(0);
    const data = one(circle, polygon, 0.2);
    expect(data.contactCount).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(-0.1, 15);
  });

  it('works in the polygon frame: a turned, moved polygon gives the turned, moved contact', () => {
    // The face case turned by 90 degrees about the origin and moved by (5, -3): local (0, 1.3)
    // becomes (-1.3, 0) + (5, -3) = (3.7, -3); the contact point (0, 0.9) becomes (4.1, -3).
    const data = one(
      new Circle(0.5).setPose([3.7, -3], 0),
      new Polygon(square).setPose([5, -3], Math.PI / 2),
    );
    const c = data.contacts[0]!;
    expect(c.point[0]).toBeCloseTo(4.1, 14);
    expect(c.point[1]).toBeCloseTo(-3, 14);
    expect(c.normal[0]).toBeCloseTo(-1, 15);
    expect(c.normal[1]).toBeCloseTo(0, 15);
    expect(c.penetration).toBeCloseTo(0.2, 14);
  });

  it('keeps the deepest contacts up to maxContactsPerPair and flags a full buffer', () => {
    const circle = new Circle(0.5).setPose([1.3, 1.35], 0), polygon = new Polygon(lShape);
    // Edge 2 distance 0.35 (penetration 0.15), edge 3 distance 0.3 (penetration 0.2): edge 3 is deeper.
    const limited = new CollisionData2({ maxContactsPerPair: 1 });
    expect(collideCirclePolygon(circle, polygon, limited)).toBe(1);
    expect([limited.contacts[0]!.featureId, limited.overflowed]).toEqual([3, false]);
    const full = new CollisionData2({ capacity: 1 });
    expect(collideCirclePolygon(circle, polygon, full)).toBe(1);
    expect([full.contacts[0]!.featureId, full.overflowed]).toEqual([3, true]);
  });

  it("gives the convex case's contact the bodies and the buffer materials, and leaves a full buffer unchanged", () => {
    const data = new CollisionData2<string>({ capacity: 1, friction: 0.5, restitution: 0.25 });
    // The unit square's top edge (edge 2) under a circle of radius 0.5 at (0, 1.4): penetration 0.1.
    const circle = new Circle<string>(0.5).setPose([0, 1.4], 0),
      polygon = new Polygon<string>([[-1, -1], [1, -1], [1, 1], [-1, 1]]);
    circle.body = 'ball';
    polygon.body = 'box';
    expect(collideCirclePolygon(circle, polygon, data)).toBe(1);
    const c = data.contacts[0]!;
    expect([c.firstBody, c.secondBody, c.friction, c.restitution, c.featureId]).toEqual([
      'ball',
      'box',
      0.5,
      0.25,
      2,
    ]);
    expect(c.penetration).toBeCloseTo(0.1, 14);
    expect(collideCirclePolygon(circle, polygon, data)).toBe(0);
    expect([data.contactCount, data.overflowed, c.secondBody, c.featureId]).toEqual([
      1,
      true,
      'box',
      2,
    ]);
  });
});

describe('collideCirclePolygon: long outlines', () => {
  it('visits only the segments near the circle on a 10,000-vertex outline', () => {
    const points: number[][] = [];
    for (let i = 0; i < 10_000; i++) {
      const angle = (2 * Math.PI * i) / 10_000;
      const radius = 10 + 0.3 * Math.sin(40 * angle);
      points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
    }
    const polygon = new Polygon(points);
    const outline = worldPoints(polygon);
    const random = mulberry32(5);
    let largest = 0, total = 0;
    for (let n = 0; n < 200; n++) {
      const angle = 2 * Math.PI * random(), distance = 9.5 + random();
      const circle = new Circle(0.2).setPose([
        distance * Math.cos(angle),
        distance * Math.sin(angle),
      ], 0);
      const data = new CollisionData2();
      collideCirclePolygon(circle, polygon, data);
      largest = Math.max(largest, lastContourSegmentVisits());
      total += lastContourSegmentVisits();
      // The deepest contact's penetration is the radius less the signed distance to the outline (brute force).
      const expected = 0.2 -
        signedDistanceToOutline(outline, circle.transform.x, circle.transform.y);
      if (expected >= 0) {
        let deepest = -Infinity;
        for (let i = 0; i < data.contactCount; i++) {
          deepest = Math.max(deepest, data.contacts[i]!.penetration);
        }
        expect(deepest).toBeCloseTo(expected, 9);
      } else {
        expect(data.contactCount).toBe(0);
      }
    }
    // A scan visits 10,000 segments per query (and a scanning inside test another 10,000). The
    // largest counts come from centres inside the outline, where the search box grows until the
    // nearest segment lies within it.
    expect(largest).toBeLessThan(500);
    expect(total / 200).toBeLessThan(200);
  });
});

describe('collideCirclePolygon: properties', () => {
  it(
    `gives the exact push-out, unit normals and mirrored swaps over ${PROPERTY_RUNS} convex and concave configurations`,
    () => {
      const random = mulberry32(21);
      const data = new CollisionData2({ tolerance: 0.05 });
      const swapped = new CollisionData2({ tolerance: 0.05 });
      const failures: string[] = [];
      let touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        let points: number[][];
        if (n % 2 === 0) {
          points = randomConvexPoints(
            random,
            3 + Math.floor(random() * 6),
            0.5 + random(),
            0.5 + random(),
          );
        } else {
          // Star-shaped: concave in general.
          points = [];
          const count = 5 + Math.floor(random() * 10);
          for (let i = 0; i < count; i++) {
            const angle = (2 * Math.PI * (i + 0.8 * random())) / count, radius = 0.3 + random();
            points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
          }
        }
        const polygon = new Polygon(points).setPose([random() - 0.5, random() - 0.5], 6 * random());
        const radius = 0.05 + 0.6 * random();
        const circle = new Circle(radius).setPose([3 * random() - 1.5, 3 * random() - 1.5], 0);
        data.reset();
        swapped.reset();
        const written = collideCirclePolygon(circle, polygon, data);
        collide2d(polygon, circle, swapped);
        const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
        if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
        const expected = radius -
          signedDistanceToOutline(worldPoints(polygon), circle.transform.x, circle.transform.y);
        if (written === 0) {
          if (expected >= -0.05 + 1e-9) {
            failures.push(`missed ${n}: expected penetration ${expected}`);
          }
          continue;
        }
        touching++;
        let deepest = data.contacts[0]!;
        for (let i = 0; i < written; i++) {
          const c = data.contacts[i]!;
          if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) {
            failures.push(`not finite ${n}`);
          }
          if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
            failures.push(`normal ${n}`);
          }
          if (c.penetration < -0.05 - 1e-12) failures.push(`beyond tolerance ${n}`);
          if (c.penetration > deepest.penetration) deepest = c;
        }
        if (Math.abs(deepest.penetration - expected) > 1e-9) {
          failures.push(`depth ${n}: ${deepest.penetration} vs ${expected}`);
        }
        // Moving the circle by normal * penetration leaves it touching the outline from outside.
        const movedX = circle.transform.x + deepest.normal[0]! * deepest.penetration;
        const movedY = circle.transform.y + deepest.normal[1]! * deepest.penetration;
        const after = signedDistanceToOutline(worldPoints(polygon), movedX, movedY);
        if (polygon.isConvex && Math.abs(after - radius) > 1e-9) {
          failures.push(`push-out ${n}: distance after ${after}, radius ${radius}`);
        }
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(2000);
    },
    PROPERTY_TIMEOUT,
  );

  it('is invariant under moving both shapes together', () => {
    const random = mulberry32(3);
    const failures: string[] = [];
    for (let n = 0; n < 500; n++) {
      const points = randomConvexPoints(random, 3 + Math.floor(random() * 5), 1, 0.6);
      const px = random(),
        py = random(),
        pa = 6 * random(),
        cx = 2 * random() - 1,
        cy = 2 * random() - 1,
        radius = 0.2 + random();
      const before = new CollisionData2();
      collideCirclePolygon(
        new Circle(radius).setPose([cx, cy], 0),
        new Polygon(points).setPose([px, py], pa),
        before,
      );
      // Rigid motion: turn by theta about the origin, then shift by (tx, ty).
      const theta = 6 * random(),
        tx = 10 * random() - 5,
        ty = 10 * random() - 5,
        c = Math.cos(theta),
        s = Math.sin(theta);
      const move = (x: number, y: number): number[] => [c * x - s * y + tx, s * x + c * y + ty];
      const after = new CollisionData2();
      collideCirclePolygon(
        new Circle(radius).setPose(move(cx, cy), 0),
        new Polygon(points).setPose(move(px, py), pa + theta),
        after,
      );
      if (before.contactCount !== after.contactCount) {
        failures.push(`count ${n}`);
        continue;
      }
      for (let i = 0; i < before.contactCount; i++) {
        const a = before.contacts[i]!, b = after.contacts[i]!;
        const [x, y] = move(a.point[0]!, a.point[1]!);
        const nx = c * a.normal[0]! - s * a.normal[1]!, ny = s * a.normal[0]! + c * a.normal[1]!;
        if (
          Math.hypot(x! - b.point[0]!, y! - b.point[1]!) > 1e-9 ||
          Math.hypot(nx - b.normal[0]!, ny - b.normal[1]!) > 1e-9 ||
          Math.abs(a.penetration - b.penetration) > 1e-9 || a.featureId !== b.featureId
        ) failures.push(`contact ${n}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

/**
 * Why the contacts of the convex algorithm (`a`) and of the segment-distance method (`b`) differ
 * beyond round-off, or null. Both give the same contact: the same kind and feature, points and
 * depths within 1e-12 of the scale, normals within 1e-9; a centre within 1e-9 of the outline
 * (on the outline, or on the boundary of two Voronoi regions) may take either neighbouring
 * feature or both (the segment-distance method gives a centre exactly on a corner one contact
 * per edge), so there only the deepest depth is compared.
 */
function algorithmMismatch(
  a: ReturnType<typeof contactList>,
  b: ReturnType<typeof contactList>,
  onOutline: boolean,
  scale: number,
): string | null {
  if (onOutline && a.length > 0 && b.length > 0) {
    return Math.abs(a[0]!.penetration - b[0]!.penetration) > 1e-12 * scale
      ? `penetration ${a[0]!.penetration} vs ${b[0]!.penetration}`
      : null;
  }
  if (a.length !== b.length) return `count ${a.length} vs ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const p = a[i]!, q = b[i]!;
    if (Math.abs(p.penetration - q.penetration) > 1e-12 * scale) {
      return `penetration ${p.penetration} vs ${q.penetration}`;
    }
    if (onOutline) continue;
    if (p.kind !== q.kind || p.featureId !== q.featureId) {
      return `feature ${p.kind} ${p.featureId} vs ${q.kind} ${q.featureId}`;
    }
    if (Math.hypot(p.point[0]! - q.point[0]!, p.point[1]! - q.point[1]!) > 1e-12 * scale) {
      return `point ${p.point} vs ${q.point}`;
    }
    if (Math.hypot(p.normal[0]! - q.normal[0]!, p.normal[1]! - q.normal[1]!) > 1e-9) {
      return `normal ${p.normal} vs ${q.normal}`;
    }
  }
  return null;
}

describe('collideCirclePolygon: the convex algorithm against the segment-distance method', () => {
  it(
    `gives the segment-distance method's contacts over ${PROPERTY_RUNS} circles and convex ` +
      'polygons (near edges and corners, inside, full buffers)',
    () => {
      const random = mulberry32(91);
      const failures: string[] = [];
      let touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const polygon = new Polygon(
          random() < 0.3
            ? [[-0.5, -0.3], [0.5, -0.3], [0.5, 0.3], [-0.5, 0.3]]
            : randomConvexPoints(
              random,
              3 + Math.floor(random() * 10),
              0.3 + random(),
              0.3 + random(),
            ),
        ).setPose([random() - 0.5, random() - 0.5], 6 * random());
        const radius = 0.05 + 0.5 * random();
        // Centres around a vertex or an edge point, at distances from inside to beyond the reach;
        // some exactly on the vertex or at radius from it.
        const world = worldPoints(polygon);
        const k = Math.floor(random() * world.length);
        const [ax, ay] = world[k]!, [bx, by] = world[(k + 1) % world.length]!;
        const t = random() < 0.3 ? 0 : random();
        const angle = 2 * Math.PI * random(),
          distance = random() < 0.1 ? 0 : (random() * 2 - 0.5) * radius;
        const centre = [
          ax! + t * (bx! - ax!) + distance * Math.cos(angle),
          ay! + t * (by! - ay!) + distance * Math.sin(angle),
        ];
        const circle = new Circle(radius).setPose(centre, 0);
        const tolerance = random() < 0.5 ? 0 : 0.05;
        const capacity = random() < 0.1 ? 1 : 8;
        const fast = new CollisionData2({ tolerance, capacity }),
          general = new CollisionData2({ tolerance, capacity });
        if (capacity === 1 && random() < 0.5) {
          // A buffer already full: nothing written, overflowed set, on both paths.
          collideCirclePolygon(new Circle(1), new Polygon(square), fast);
          collideCirclePolygon(new Circle(1), new Polygon(square), general);
        }
        const before = fast.contactCount;
        const written = collideCirclePolygon(circle, polygon, fast);
        const generalWritten = segmentDistanceCirclePolygon(circle, polygon, general);
        if (written === 0 ? generalWritten !== 0 : generalWritten === 0) {
          failures.push(`count at ${n}`);
        }
        const onOutline = Math.abs(signedDistanceToOutline(world, centre[0]!, centre[1]!)) < 1e-9;
        if (!onOutline && fast.overflowed !== general.overflowed) {
          failures.push(`overflowed at ${n}`);
        }
        const mismatch = algorithmMismatch(
          contactList(fast, before),
          contactList(general, before),
          onOutline,
          4,
        );
        if (mismatch) failures.push(`contacts at ${n}: ${mismatch}`);
        if (written > 0) touching++;
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    `gives the segment-distance method's contacts near slivers and many-sided outlines (${PROPERTY_RUNS} circles)`,
    () => {
      // Where several edge lines can be nearly as far from the centre as the farthest: thin slivers
      // (an ellipse flattened 20 to 1000 times), outlines of 9 to 24 vertices around a circle with
      // jittered, sometimes very short edges (the scan's loop, past the 8 written-out edges), and
      // tiny circles whose reach is far below the polygon's size.
      const random = mulberry32(92);
      const failures: string[] = [];
      let touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        let points: number[][];
        if (random() < 0.5) {
          points = randomConvexPoints(
            random,
            3 + Math.floor(random() * 22),
            1,
            0.001 + 0.05 * random(),
          );
        } else {
          const count = 9 + Math.floor(random() * 16);
          points = [];
          for (let i = 0; i < count; i++) {
            const angle = ((i + 0.9 * (random() - 0.5)) * 2 * Math.PI) / count;
            points.push([Math.cos(angle), Math.sin(angle)]);
          }
        }
        const polygon = new Polygon(points).setPose(
          [4 * random() - 2, 4 * random() - 2],
          6 * random(),
        );
        const radius = random() < 0.5 ? 0.001 + 0.01 * random() : 0.05 + random();
        const world = worldPoints(polygon);
        const k = Math.floor(random() * world.length);
        const [ax, ay] = world[k]!, [bx, by] = world[(k + 1) % world.length]!;
        const t = random() < 0.5 ? 0 : random();
        const angle = 2 * Math.PI * random(), distance = (random() * 2 - 0.5) * radius;
        const centre = [
          ax! + t * (bx! - ax!) + distance * Math.cos(angle),
          ay! + t * (by! - ay!) + distance * Math.sin(angle),
        ];
        const circle = new Circle(radius).setPose(centre, 0);
        const tolerance = random() < 0.5 ? 0 : 0.05 * random();
        const fast = new CollisionData2({ tolerance }), general = new CollisionData2({ tolerance });
        const written = collideCirclePolygon(circle, polygon, fast);
        const generalWritten = segmentDistanceCirclePolygon(circle, polygon, general);
        if (written === 0 ? generalWritten !== 0 : generalWritten === 0) {
          failures.push(`count at ${n}`);
        }
        const onOutline = Math.abs(signedDistanceToOutline(world, centre[0]!, centre[1]!)) < 1e-9;
        const mismatch = algorithmMismatch(contactList(fast), contactList(general), onOutline, 4);
        if (mismatch) failures.push(`contacts at ${n}: ${mismatch}`);
        if (written > 0) touching++;
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );
});

describe(
  'collideCirclePolygon: a circle against a convex polygon with collinear vertices gets ' +
    'no contact (issue 21)',
  () => {
    // A 2 x 2 square with a vertex in the middle of its bottom (edges 0 and 1 on y = 0) and of its
    // right side (edges 2 and 3 on x = 2): the farthest edge line is shared by two edges, and the
    // lower index's edge is not the one whose region holds the centre.
    const collinearSquare = [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [0, 2]];
    // Centre, radius 0.5, and by hand: the normal, penetration, contact point (midpoint of the
    // circle's deepest point and the outline's nearest point) and the feature.
    const cases = [
      // (1.5, -0.4): 0.4 below edge 1 (from (1, 0) to (2, 0)); witnesses (1.5, 0.1) and (1.5, 0).
      {
        centre: [1.5, -0.4],
        normal: [0, -1],
        penetration: 0.1,
        point: [1.5, 0.05],
        kind: ContactKind.FaceFace,
        featureId: 1,
      },
      // (2.3, 1.5): 0.3 right of edge 3 (from (2, 1) to (2, 2)); witnesses (1.8, 1.5) and (2, 1.5).
      {
        centre: [2.3, 1.5],
        normal: [1, 0],
        penetration: 0.2,
        point: [1.9, 1.5],
        kind: ContactKind.FaceFace,
        featureId: 3,
      },
      // (2.3, -0.3): corner (2, 0) at distance 0.3 sqrt 2, normal (1, -1) / sqrt 2, penetration
      // 0.5 - 0.3 sqrt 2; witnesses (2, 0) and the centre less 0.5 along the normal.
      {
        centre: [2.3, -0.3],
        normal: [Math.SQRT1_2, -Math.SQRT1_2],
        penetration: 0.5 - 0.3 * Math.SQRT2,
        point: [(2 + 2.3 - 0.5 * Math.SQRT1_2) / 2, (0 - 0.3 + 0.5 * Math.SQRT1_2) / 2],
        kind: ContactKind.PointFace,
        featureId: VERTEX_FEATURE | 2,
      },
    ];
    for (const scale of [1e-3, 1, 1e3]) {
      for (const { centre, normal, penetration, point, kind, featureId } of cases) {
        it(`gets the contact of a circle at (${centre}) x ${scale}, in both argument orders`, () => {
          const polygon = new Polygon(collinearSquare.map(([x, y]) => [x! * scale, y! * scale]));
          const circle = new Circle(0.5 * scale).setPose(
            [centre[0]! * scale, centre[1]! * scale],
            0,
          );
          const data = new CollisionData2(), swapped = new CollisionData2();
          expect(collideCirclePolygon(circle, polygon, data)).toBe(1);
          expect(collide2d(polygon, circle, swapped)).toBe(1);
          const c = data.contacts[0]!;
          expect(c.normal[0]).toBeCloseTo(normal[0]!, 14);
          expect(c.normal[1]).toBeCloseTo(normal[1]!, 14);
          expect(c.penetration / scale).toBeCloseTo(penetration, 14);
          expect(c.point[0]! / scale).toBeCloseTo(point[0]!, 14);
          expect(c.point[1]! / scale).toBeCloseTo(point[1]!, 14);
          expect([c.kind, c.featureId]).toEqual([kind, featureId]);
          expect(mirroredMismatch(contactList(data), contactList(swapped))).toBeNull();
        });
      }
    }

    it('gives the same contacts as the square without its collinear vertices', () => {
      const plain = new Polygon([[0, 0], [2, 0], [2, 2], [0, 2]]),
        collinear = new Polygon(collinearSquare);
      const random = mulberry32(2101);
      for (let n = 0; n < 2000; n++) {
        const circle = new Circle(0.05 + random()).setPose([4 * random() - 1, 4 * random() - 1], 0);
        const a = new CollisionData2(), b = new CollisionData2();
        collideCirclePolygon(circle, plain, a);
        collideCirclePolygon(circle, collinear, b);
        expect(b.contactCount).toBe(a.contactCount);
        if (a.contactCount === 0) continue;
        expect(b.contacts[0]!.penetration).toBeCloseTo(a.contacts[0]!.penetration, 12);
        expect(b.contacts[0]!.normal[0]).toBeCloseTo(a.contacts[0]!.normal[0]!, 12);
        expect(b.contacts[0]!.normal[1]).toBeCloseTo(a.contacts[0]!.normal[1]!, 12);
      }
    });

    it(
      `gives the contact, its depth and a normal that separates over ${PROPERTY_RUNS} convex ` +
        'polygons with collinear and near-duplicate vertices',
      () => {
        // Random convex outlines of 3 to 8 vertices and tile outlines (scales 1e-3, 1, 1e3; some
        // far out at 1e5) with 0 to 3 extra vertices on some edges: exactly on the chord (rounded,
        // so on either side of it by an ulp), a near-duplicate of an end (1e-12 to 1e-9 of the edge
        // along it), or pushed out by up to 1e-9 of the edge's length (still convex) or in (a
        // slightly reflex vertex: the concave path). Circles near an edge or a vertex, from inside
        // to beyond the reach. The oracle is the brute-force signed distance from the centre to the
        // outline.
        const random = mulberry32(2102);
        const data = new CollisionData2(), swapped = new CollisionData2();
        const failures: string[] = [];
        let convexTouching = 0, concaveTouching = 0, missesChecked = 0, refused = 0;
        for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
          const scale = [1e-3, 1, 1e3][n % 3]!;
          let base: number[][];
          if (random() < 0.4) {
            // A tile outline: an axis-aligned box of 1 to 4 by 1 to 4 cells with a vertex at every
            // cell corner of its sides, exactly collinear at any scale.
            const columns = 1 + Math.floor(random() * 4), rows = 1 + Math.floor(random() * 4);
            const cell = scale * (0.1 + 0.4 * random());
            base = [];
            for (let i = 0; i < columns; i++) base.push([i * cell, 0]);
            for (let j = 0; j < rows; j++) base.push([columns * cell, j * cell]);
            for (let i = columns; i > 0; i--) base.push([i * cell, rows * cell]);
            for (let j = rows; j > 0; j--) base.push([0, j * cell]);
          } else {
            base = randomConvexPoints(
              random,
              3 + Math.floor(random() * 6),
              scale * (0.3 + random()),
              scale * (0.3 + random()),
            );
          }
          const points: number[][] = [];
          for (let i = 0; i < base.length; i++) {
            const [ax, ay] = base[i]!, [bx, by] = base[(i + 1) % base.length]!;
            points.push([ax!, ay!]);
            const extra = random() < 0.6 ? 1 + Math.floor(random() * 3) : 0;
            const ts: number[] = [];
            for (let e = 0; e < extra; e++) {
              const r = random();
              ts.push(
                r < 0.2
                  ? 1e-12 + 1e-9 * random()
                  : r < 0.4
                  ? 1 - 1e-12 - 1e-9 * random()
                  : random(),
              );
            }
            ts.sort((u, v) => u - v);
            // At most one vertex per edge pushed off the chord, between 0.1 and 0.9 of it, so that
            // the outline stays simple.
            const r = random();
            const push = r < 0.6 ? 0 : (r < 0.8 ? 1 : -1) * 1e-9 * random();
            const pushed = ts.findIndex((t) => t > 0.1 && t < 0.9);
            const ex = bx! - ax!, ey = by! - ay!;
            ts.forEach((t, e) => {
              // Outward normal of a counter-clockwise edge: (ey, -ex) / length.
              const off = e === pushed ? push : 0;
              points.push([ax! + t * ex + off * ey, ay! + t * ey - off * ex]);
            });
          }
          const far = random() < 0.1 ? 1e5 : 2 * scale;
          let polygon: Polygon;
          try {
            polygon = new Polygon(points);
          } catch {
            // Round-off can fold an outline with vertices 1e-12 apart across itself: refused as
            // self-intersecting (about 1 in 80, counted below).
            refused++;
            continue;
          }
          polygon.setPose(
            [far * (random() - 0.5), far * (random() - 0.5)],
            6 * random(),
          );
          const world = worldPoints(polygon);
          const radius = scale * (random() < 0.3 ? 0.001 + 0.01 * random() : 0.05 + 0.6 * random());
          const k = Math.floor(random() * world.length);
          const [ax, ay] = world[k]!, [bx, by] = world[(k + 1) % world.length]!;
          const t = random() < 0.3 ? 0 : random();
          const angle = 2 * Math.PI * random(), distance = (random() * 2 - 0.5) * radius;
          const cx = ax! + t * (bx! - ax!) + distance * Math.cos(angle),
            cy = ay! + t * (by! - ay!) + distance * Math.sin(angle);
          const circle = new Circle(radius).setPose([cx, cy], 0);
          // The thin shell within which either answer is right: round-off of the world coordinates.
          const shell = 1e-9 * scale + 1e-14 * far;
          data.reset();
          swapped.reset();
          const written = collideCirclePolygon(circle, polygon, data);
          collide2d(polygon, circle, swapped);
          const mismatch = mirroredMismatch(contactList(data), contactList(swapped));
          if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
          const expected = radius - signedDistanceToOutline(world, cx, cy);
          if (written === 0) {
            if (expected > shell) failures.push(`missed ${n}: overlap ${expected / scale} x scale`);
            missesChecked++;
            continue;
          }
          if (expected < -shell) {
            failures.push(`spurious ${n}: overlap ${expected / scale} x scale`);
          }
          let deepest = data.contacts[0]!;
          for (let i = 0; i < written; i++) {
            const c = data.contacts[i]!;
            if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) {
              failures.push(`not finite ${n}`);
            }
            if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
              failures.push(`normal ${n}`);
            }
            if (c.penetration > deepest.penetration) deepest = c;
          }
          if (Math.abs(deepest.penetration - expected) > shell) {
            failures.push(
              `depth ${n}: ${deepest.penetration / scale} vs ${expected / scale} x scale`,
            );
          }
          if (!polygon.isConvex) {
            concaveTouching++;
            continue;
          }
          convexTouching++;
          // Moving the circle by 1.02 x the depth (and the shell) along the normal separates it.
          const move = 1.02 * deepest.penetration + shell;
          const after = signedDistanceToOutline(
            world,
            cx + deepest.normal[0]! * move,
            cy + deepest.normal[1]! * move,
          );
          if (!(after > radius)) {
            failures.push(
              `push-out ${n}: distance after ${after / scale}, radius ${radius / scale}`,
            );
          }
        }
        expect(failures).toEqual([]);
        expect(convexTouching).toBeGreaterThan(PROPERTY_RUNS / 20);
        expect(concaveTouching).toBeGreaterThan(PROPERTY_RUNS / 4);
        expect(missesChecked).toBeGreaterThan(PROPERTY_RUNS / 20);
        expect(refused).toBeLessThan(PROPERTY_RUNS / 40);
      },
      PROPERTY_TIMEOUT,
    );
  },
);

describe(
  'collideCirclePolygon: a centre inside a polygon with collinear vertices names the edge ' +
    'holding the foot (fuzz witness-on-outline, collinear)',
  () => {
    // The nearest edge line holds two edges; the lowest index's is not the one the foot lies on.
    // By hand, radius 0.5, the centre 0.3 inside that line: penetration 0.8, the contact point the
    // midpoint of the circle's deepest point (0.5 past the centre against the normal) and the foot.
    const cases = [
      // A 2 x 2 square with a vertex mid-bottom (edges 0 and 1 on y = 0) and mid-right (edges 2
      // and 3 on x = 2). (1.5, 0.3): foot (1.5, 0) on edge 1, not 0; deepest point (1.5, 0.8).
      {
        outline: [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [0, 2]],
        centre: [1.5, 0.3],
        normal: [0, -1],
        point: [1.5, 0.4],
        featureId: 1,
      },
      // (1.7, 1.5): foot (2, 1.5) on edge 3, not 2; deepest point (1.2, 1.5).
      {
        outline: [[0, 0], [1, 0], [2, 0], [2, 1], [2, 2], [0, 2]],
        centre: [1.7, 1.5],
        normal: [1, 0],
        point: [1.6, 1.5],
        featureId: 3,
      },
      // The same square starting mid-bottom: edges 0 ((1, 0) to (2, 0)) and 4 ((0, 0) to (1, 0))
      // on y = 0. (0.5, 0.3): foot (0.5, 0) on edge 4, behind edge 0 across the wrap.
      {
        outline: [[1, 0], [2, 0], [2, 2], [0, 2], [0, 0]],
        centre: [0.5, 0.3],
        normal: [0, -1],
        point: [0.5, 0.4],
        featureId: 4,
      },
    ];
    for (const scale of [1e-3, 1, 1e3]) {
      for (const { outline, centre, normal, point, featureId } of cases) {
        it(`names edge ${featureId} for a circle at (${centre}) x ${scale}, in both argument orders`, () => {
          const polygon = new Polygon(outline.map(([x, y]) => [x! * scale, y! * scale]));
          const circle = new Circle(0.5 * scale).setPose(
            [centre[0]! * scale, centre[1]! * scale],
            0,
          );
          const data = new CollisionData2(), swapped = new CollisionData2();
          expect(collideCirclePolygon(circle, polygon, data)).toBe(1);
          expect(collide2d(polygon, circle, swapped)).toBe(1);
          const c = data.contacts[0]!;
          expect(c.normal[0]).toBeCloseTo(normal[0]!, 14);
          expect(c.normal[1]).toBeCloseTo(normal[1]!, 14);
          expect(c.penetration / scale).toBeCloseTo(0.8, 14);
          expect(c.point[0]! / scale).toBeCloseTo(point[0]!, 14);
          expect(c.point[1]! / scale).toBeCloseTo(point[1]!, 14);
          expect([c.kind, c.featureId]).toEqual([ContactKind.FaceFace, featureId]);
          expect(mirroredMismatch(contactList(data), contactList(swapped))).toBeNull();
        });
      }
    }
  },
);
