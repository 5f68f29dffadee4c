import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { Capsule2 } from '../shapes/capsule2.js';
import { Aabb, Chain, Circle, Polygon, Segment, type AnyShape2 } from '../shapes/shapes.js';
import { capsuleCore, segmentDistance } from '../test-support/capsule-oracle.js';
import {
  randomConvexPoints,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { overlap2d } from './overlap2d.js';

describe('overlap2d: hand cases, both orders, scales 1e-3, 1, 1e3', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: touching counts, a hair apart does not; chains cross or not`, () => {
      // Circles of radius 1 with centres 2 apart touch; 2 + 1e-9 (scaled) apart do not.
      const a = new Circle(s), b = new Circle(s).setPose([2 * s, 0], 0);
      expect(overlap2d(a, b)).toBe(true);
      expect(overlap2d(b.setPose([2 * s * (1 + 1e-9), 0], 0), a)).toBe(false);
      // A box [-1, 1]^2 and a capsule of radius 0.5 lying flat, its core 0.6 above the box's top
      // (a gap of 0.1): no; 0.4 above: yes.
      const box = new Polygon([[-s, -s], [s, -s], [s, s], [-s, s]]);
      const capsule = new Capsule2(0.5 * s, s).setPose([0, 1.6 * s], 0);
      expect(overlap2d(box, capsule)).toBe(false);
      expect(overlap2d(capsule.setPose([0, 1.4 * s], 0), box)).toBe(true);
      // Two chains: an X crosses, two parallel lines do not; a chain through a box overlaps it.
      const x1 = new Chain([[-s, -s], [0, 0.5 * s], [s, s]]), x2 = new Segment([-s, s], [s, -s]);
      expect(overlap2d(x1, x2)).toBe(true);
      expect(overlap2d(x2, x1)).toBe(true);
      const line = new Segment([-s, 3 * s], [s, 3 * s]);
      expect(overlap2d(line, x2)).toBe(false);
      expect(overlap2d(new Aabb([-0.5 * s, -0.5 * s], [0.5 * s, 0.5 * s]), x2)).toBe(true);
      expect(overlap2d(line, box)).toBe(false);
    });
  }
});

/** A shape's skeleton for the brute-force distance: segments (a point is a segment of length 0), a region, a radius. */
interface Skeleton {
  segments: number[][][];
  region: number[][] | null;
  radius: number;
}

function skeleton(shape: AnyShape2): Skeleton {
  if (shape instanceof Circle) {
    const p = [shape.transform.x, shape.transform.y];
    return { segments: [[p, p]], region: null, radius: shape.radius };
  }
  if (shape instanceof Capsule2) {
    return { segments: [capsuleCore(shape)], region: null, radius: shape.radius };
  }
  const points = worldPoints(shape), closed = shape instanceof Polygon, segments: number[][][] = [];
  for (let i = 0; i + 1 < points.length + (closed ? 1 : 0); i++) {
    segments.push([points[i]!, points[(i + 1) % points.length]!]);
  }
  return { segments, region: closed ? points : null, radius: 0 };
}

/** The gap between two shapes' surfaces by brute force (negative or 0: they share a point). */
function gap(first: Skeleton, second: Skeleton): number {
  let least = Infinity;
  for (const [a, b] of first.segments) {
    for (const [c, d] of second.segments) least = Math.min(least, segmentDistance(a!, b!, c!, d!));
  }
  for (const [inner, outer] of [[first, second], [second, first]] as const) {
    if (!outer.region) continue;
    for (const [a] of inner.segments) {
      if (signedDistanceToOutline(outer.region, a![0]!, a![1]!) < 0) least = 0;
    }
  }
  return least - first.radius - second.radius;
}

function randomShape(random: Random, s: number): AnyShape2 {
  const place = (): number[] => [s * random.range(-1.5, 1.5), s * random.range(-1.5, 1.5)];
  switch (random.int(6)) {
    case 0:
      return new Circle(s * random.range(0.05, 0.8)).setPose(place(), 0);
    case 1:
      return new Capsule2(
        s * random.range(0.05, 0.5),
        random.chance(0.1) ? 0 : s * random.range(0.05, 1),
      )
        .setPose(place(), random.range(-4, 4));
    case 2:
      return new Polygon(
        randomConvexPoints(
          random.next,
          3 + random.int(6),
          s * random.range(0.2, 1),
          s * random.range(0.1, 1),
        ),
      )
        .setPose(place(), random.range(-4, 4));
    case 3: {
      // A star: concave.
      const points: number[][] = [], count = 6 + 2 * random.int(4);
      for (let i = 0; i < count; i++) {
        const angle = (2 * Math.PI * i) / count,
          r = s * (i % 2 === 0 ? random.range(0.6, 1.1) : random.range(0.2, 0.5));
        points.push([r * Math.cos(angle), r * Math.sin(angle)]);
      }
      return new Polygon(points).setPose(place(), random.range(-4, 4));
    }
    case 4: {
      const [x, y] = place(), w = s * random.range(0.1, 1), h = s * random.range(0.1, 1);
      return new Aabb([x!, y!], [x! + w, y! + h]);
    }
    default: {
      const points: number[][] = [];
      for (let i = 0, n = 2 + random.int(6); i < n; i++) points.push(place());
      return (points.length === 2 ? new Segment(points[0]!, points[1]!) : new Chain(points))
        .setPose([0, 0], random.range(-4, 4));
    }
  }
}

describe('overlap2d: properties', () => {
  it(
    `agrees with collide2d at tolerance 0 and with a brute-force distance, both orders (${PROPERTY_RUNS} pairs, ` +
      'every pair of types, scales 1e-3 to 1e3)',
    () => {
      const random = new Random(2406);
      const failures: string[] = [];
      const data = new CollisionData2({ capacity: 64 });
      let overlapping = 0, apart = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const s = 10 ** random.range(-3, 3);
        const a = randomShape(random, s), b = randomShape(random, s);
        const answer = overlap2d(a, b);
        if (overlap2d(b, a) !== answer) failures.push(`run ${n}: the two orders disagree`);
        const chains = a instanceof Chain && b instanceof Chain;
        if (!chains) {
          data.reset();
          if (collide2d(a, b, data) > 0 !== answer) {
            failures.push(`run ${n}: collide2d disagrees (${answer})`);
          }
        }
        const g = gap(skeleton(a), skeleton(b));
        if (Math.abs(g) > 1e-9 * s && g <= 0 !== answer) {
          failures.push(
            `run ${n}: ${a.constructor.name}-${b.constructor.name} gap ${g}, overlap2d ${answer}`,
          );
        }
        if (answer) overlapping++;
        else apart++;
      }
      expect(failures).toEqual([]);
      expect(overlapping).toBeGreaterThan(PROPERTY_RUNS / 5);
      expect(apart).toBeGreaterThan(PROPERTY_RUNS / 5);
    },
    PROPERTY_TIMEOUT,
  );
});
