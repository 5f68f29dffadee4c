/**
 * Ghost contacts (issue 24, items 1 and 2): a shape (polygon, circle, capsule) sliding along a
 * chain must not catch on its interior vertices. Every contact's normal lies inside the cone of
 * the vertex it leans toward (see `contours/chain-cones.ts`), and a shape overlapping the chain
 * always gets a contact.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { Chain, Circle, Polygon } from '../shapes/shapes.js';
import { Capsule2 } from '../shapes/capsule2.js';
import { collideCapsule2Chain } from './capsule2-chain.js';
import { capsuleCore, coreToPolyline } from '../test-support/capsule-oracle.js';
import { tileOutlines } from '../contours/tiles.js';
import { collideCircleChain } from './circle-chain.js';
import { collidePolygonChain } from './polygon-chain.js';
import {
  chainToWorld,
  coneViolations,
  randomRestingPlace,
  randomSlideChain,
} from '../test-support/chain-slide.js';
import {
  contactList,
  distanceToPolyline,
  randomConvexPoints,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

const square = (
  half: number,
): number[][] => [[-half, -half], [half, -half], [half, half], [-half, half]];

describe('test_ghost_contact_issue_24: a box on a straight chain of several segments', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: the reported box gets only the chain's normal, in both argument orders`, () => {
      // Chain (0, 0) .. (4, 0) in unit segments; square of half size 0.25 at (0.7522, 0.245): its
      // bottom at y = -0.005 (depth 0.005), its right side at x = 1.0022, 0.0022 past vertex 1.
      // Before the fix segment 1 took the square's right side as the reference: normal (-1, 0),
      // depth 0.0022 at vertex 1. Now each contact has normal (0, 1) and depth 0.005: the bottom
      // side clipped to segment 0 (x = 0.5022 and 1) and to segment 1 (x = 1 and 1.0022, the
      // point at vertex 1 merged): three points.
      const chain = new Chain(
        [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]].map(([x, y]) => [x! * s, y! * s]),
      );
      const box = new Polygon(square(0.25 * s)).setPose([0.7522 * s, 0.245 * s], 0);
      const data = new CollisionData2({ capacity: 8 }),
        swapped = new CollisionData2({ capacity: 8 });
      expect(collidePolygonChain(box, chain, data)).toBe(3);
      expect(collide2d(chain, box, swapped)).toBe(3);
      const xs = contactList(data).map((c) => c.point[0]! / s).sort((a, b) => a - b);
      expect(xs[0]).toBeCloseTo(0.5022, 12);
      expect(xs[1]).toBeCloseTo(1, 12);
      expect(xs[2]).toBeCloseTo(1.0022, 12);
      for (const c of contactList(data)) {
        expect(c.normal).toEqual([0, 1]);
        expect(c.penetration / s).toBeCloseTo(0.005, 12);
        expect(c.point[1]! / s).toBeCloseTo(-0.0025, 12);
      }
      for (const c of contactList(swapped)) {
        expect(c.normal).toEqual([0, -1]);
        expect(c.penetration / s).toBeCloseTo(0.005, 12);
      }
    });

    it(`x ${s}: a box, a circle and a capsule sliding across 1,000 positions: no sideways contact, one at each`, () => {
      const chain = new Chain(
        [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]].map(([x, y]) => [x! * s, y! * s]),
      );
      const box = new Polygon(square(0.25 * s)), circle = new Circle(0.25 * s);
      const capsule = new Capsule2(0.25 * s, 0.3 * s);
      const data = new CollisionData2({ capacity: 16 });
      let sideways = 0, missing = 0;
      for (let k = 0; k < 1000; k++) {
        const x = (0.5 + (3 * k) / 999) * s;
        for (const shape of [box, circle, capsule]) {
          shape.setPose([x, 0.245 * s], 0);
          data.reset();
          if (collide2d(shape, chain, data) === 0) missing++;
          for (const c of contactList(data)) if (c.normal[0] !== 0 || c.normal[1] !== 1) sideways++;
        }
      }
      expect(sideways).toBe(0);
      expect(missing).toBe(0);
    });
  }
});

describe('test_cone_side_round_off: a normal along a segment is on both its sides', () => {
  it('a comb and its own outline as a closed chain, at the same pose: every contact touching, none 1.27 deep', () => {
    // The adversarial suite's pair (rigid-invariant, identical): turned by -2.17 rad, round-off put
    // the normal (0, -1) of the comb's base, at the foot of a tooth's vertical side, a hair on that
    // side's right (dot with its normal -6e-17), outside the right side's cone: snapped, the base
    // came out 1.27 deep along the tooth's side. Unturned, every contact had depth 0.
    const points = [
      [-1.4289352030027658, -1.4289352030027658],
      [1.4289352030027658, -1.4289352030027658],
      [1.7464763592256025, -0.42868056090082973],
      [1.4289352030027658, -0.42868056090082973],
      [1.4289352030027658, 1.4289352030027658],
      [1.111394046779929, 1.4289352030027658],
      [1.111394046779929, -0.42868056090082973],
      [0.7938528905570923, -0.42868056090082973],
      [0.7938528905570922, 1.4289352030027658],
      [0.47631173433425533, 1.4289352030027658],
      [0.4763117343342552, -0.42868056090082973],
      [0.15877057811141837, -0.42868056090082973],
      [0.15877057811141848, 1.4289352030027658],
      [-0.15877057811141837, 1.4289352030027658],
      [-0.15877057811141837, -0.42868056090082973],
      [-0.4763117343342552, -0.42868056090082973],
      [-0.4763117343342552, 1.4289352030027658],
      [-0.7938528905570921, 1.4289352030027658],
      [-0.7938528905570922, -0.42868056090082973],
      [-1.111394046779929, -0.42868056090082973],
      [-1.111394046779929, 1.4289352030027658],
      [-1.4289352030027658, 1.4289352030027658],
    ];
    for (const angle of [0, -2.1703955086789852, 1, 2.5]) {
      const comb = new Polygon(points).setPose([0, 0], angle);
      const outline = new Chain([...points, points[0]!]).setPose([0, 0], angle);
      const data = new CollisionData2({ capacity: 64 });
      expect(collidePolygonChain(comb, outline, data)).toBeGreaterThan(0);
      for (const c of contactList(data)) expect(Math.abs(c.penetration)).toBeLessThan(1e-12);
    }
  });
});

/** A chain for the slide tests: a random one, or a tile map's outline (closed: first point repeated). */
function slideChain(random: Random, n: number, scale: number): Chain {
  if (n % 4 === 3) {
    const width = 3 + random.int(6), height = 3 + random.int(6);
    const cells: number[] = [];
    for (let i = 0; i < width * height; i++) cells.push(random.chance(0.5) ? 1 : 0);
    cells[random.int(width * height)] = 1;
    const outlines = tileOutlines({ data: cells, width, height }, { cellSize: scale });
    const outline = random.pick(outlines).points;
    return new Chain([...outline, outline[0]!]);
  }
  return new Chain(randomSlideChain(random, 2 + random.int(8), scale));
}

/** A pose for the chain: any angle; around the origin, or near 1e5 one time in ten. */
function poseChain(random: Random, chain: Chain, scale: number): void {
  const far = random.chance(0.1) ? 1e5 : 0;
  chain.setPose(
    [far + scale * random.range(-2, 2), far + scale * random.range(-2, 2)],
    random.range(-4, 4),
  );
}

describe('ghost contacts: shapes sliding over random chains and tile outlines', () => {
  it(
    `polygons (${PROPERTY_RUNS} runs): every normal inside its cone, a contact wherever the polygon ` +
      'overlaps the chain',
    () => {
      const random = new Random(2401);
      const failures: string[] = [];
      let overlapping = 0, touching = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const scale = 10 ** random.range(-3, 3);
        const chain = slideChain(random, n, scale);
        poseChain(random, chain, scale);
        const place = randomRestingPlace(random, chain);
        const size = scale * random.range(0.05, 0.6);
        const points = random.chance(0.5)
          ? square(size)
          : randomConvexPoints(random.next, 3 + random.int(6), size, size * random.range(0.2, 1));
        // Aligned with the segment (sliding) half the time, else tilted up to 0.4 rad.
        const tilt = random.chance(0.5) ? 0 : random.range(-0.4, 0.4);
        const angle = chain.transform.angle + place.angle + tilt;
        // Lowest point along the side's normal at `depth` below the segment.
        const depth = scale * random.range(-0.01, 0.05);
        const c = Math.cos(angle), s = Math.sin(angle);
        const [wx, wy] = chainToWorld(chain, place.x, place.y);
        const xf = chain.transform;
        const nx = xf.cos * place.nx - xf.sin * place.ny,
          ny = xf.sin * place.nx + xf.cos * place.ny;
        let lowest = Infinity;
        for (const [px, py] of points) {
          lowest = Math.min(lowest, (c * px! - s * py!) * nx + (s * px! + c * py!) * ny);
        }
        const polygon = new Polygon(points).setPose([
          wx - (lowest + depth) * nx,
          wy - (lowest + depth) * ny,
        ], angle);
        const data = new CollisionData2({ capacity: 64 });
        const written = collidePolygonChain(polygon, chain, data);
        for (const why of coneViolations(chain, data)) failures.push(`run ${n}: ${why}`);
        const swapped = new CollisionData2({ capacity: 64 });
        collide2d(chain, polygon, swapped);
        for (const why of coneViolations(chain, swapped, true)) {
          failures.push(`run ${n} swapped: ${why}`);
        }
        if (written > 0) touching++;
        // Overlap, brute force: a point of the chain (16 per segment) inside the polygon.
        const outline = worldPoints(polygon), line = worldPoints(chain);
        let inside = false;
        for (let i = 0; i + 1 < line.length && !inside; i++) {
          for (let k = 0; k <= 16 && !inside; k++) {
            const x = line[i]![0]! + (k / 16) * (line[i + 1]![0]! - line[i]![0]!),
              y = line[i]![1]! + (k / 16) * (line[i + 1]![1]! - line[i]![1]!);
            inside = signedDistanceToOutline(outline, x, y) < -1e-7 * scale;
          }
        }
        if (inside) overlapping++;
        if (inside && written === 0) {
          failures.push(`run ${n}: the polygon overlaps the chain, no contact`);
        }
      }
      expect(failures).toEqual([]);
      expect(overlapping).toBeGreaterThan(PROPERTY_RUNS / 3);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    `circles (${PROPERTY_RUNS} runs): every normal inside its cone, a contact wherever the circle ` +
      'overlaps the chain',
    () => {
      const random = new Random(2402);
      const failures: string[] = [];
      let overlapping = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const scale = 10 ** random.range(-3, 3);
        const chain = slideChain(random, n, scale);
        poseChain(random, chain, scale);
        const place = randomRestingPlace(random, chain);
        const radius = scale * random.range(0.05, 0.6);
        const depth = scale * random.range(-0.01, 0.05);
        const [wx, wy] = chainToWorld(
          chain,
          place.x + place.nx * (radius - depth),
          place.y + place.ny * (radius - depth),
        );
        const circle = new Circle(radius).setPose([wx, wy], 0);
        const data = new CollisionData2({ capacity: 64 });
        const written = collideCircleChain(circle, chain, data);
        for (const why of coneViolations(chain, data)) failures.push(`run ${n}: ${why}`);
        const distance = distanceToPolyline(worldPoints(chain), wx, wy);
        if (distance < radius * (1 - 1e-7)) {
          overlapping++;
          if (written === 0) failures.push(`run ${n}: the circle overlaps the chain, no contact`);
        }
      }
      expect(failures).toEqual([]);
      expect(overlapping).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    `capsules (${PROPERTY_RUNS} runs): every normal inside its cone, a contact wherever the capsule ` +
      'overlaps the chain',
    () => {
      const random = new Random(2405);
      const failures: string[] = [];
      let overlapping = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const scale = 10 ** random.range(-3, 3);
        const chain = slideChain(random, n, scale);
        poseChain(random, chain, scale);
        const place = randomRestingPlace(random, chain);
        const radius = scale * random.range(0.05, 0.4),
          half = random.chance(0.1) ? 0 : scale * random.range(0.05, 0.8);
        // Aligned with the segment (sliding) half the time, else tilted up to 0.4 rad.
        const tilt = random.chance(0.5) ? 0 : random.range(-0.4, 0.4);
        const depth = scale * random.range(-0.01, 0.05);
        // The centre above the point by the capsule's reach along the side's normal, less the depth.
        const lift = radius + half * Math.abs(Math.sin(tilt)) - depth;
        const [wx, wy] = chainToWorld(chain, place.x + place.nx * lift, place.y + place.ny * lift);
        const capsule = new Capsule2(radius, half).setPose(
          [wx, wy],
          chain.transform.angle + place.angle + tilt,
        );
        const data = new CollisionData2({ capacity: 64 });
        const written = collideCapsule2Chain(capsule, chain, data);
        for (const why of coneViolations(chain, data)) failures.push(`run ${n}: ${why}`);
        const swapped = new CollisionData2({ capacity: 64 });
        collide2d(chain, capsule, swapped);
        for (const why of coneViolations(chain, swapped, true)) {
          failures.push(`run ${n} swapped: ${why}`);
        }
        if (coreToPolyline(capsuleCore(capsule), worldPoints(chain)) < radius * (1 - 1e-7)) {
          overlapping++;
          if (written === 0) failures.push(`run ${n}: the capsule overlaps the chain, no contact`);
        }
      }
      expect(failures).toEqual([]);
      expect(overlapping).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );
});
