import { ContactKind, packFeatureId } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import {
  Capsule2,
  CAPSULE2_LOWER_SIDE,
  CAPSULE2_UPPER_SIDE,
  capsule2EndFeature,
} from '../shapes/capsule2.js';
import { Circle } from '../shapes/shapes.js';
import { contactList, distanceToPolyline, mirroredMismatch } from '../test-support/contacts.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { collideCapsule2Capsule2 } from './capsule2-capsule2.js';
import { collideCircleCapsule2 } from './circle-capsule2.js';

/** The core segment of a capsule in world space, from its pose alone. */
function core(capsule: Capsule2): number[][] {
  const { x, y, cos, sin } = capsule.transform, h = capsule.halfLength;
  return [[x - cos * h, y - sin * h], [x + cos * h, y + sin * h]];
}

/** Point-to-segment distance, tolerating a segment of length 0 (halfLength 0: a point). */
function distanceToCore(points: number[][], x: number, y: number): number {
  const [a, b] = points as [number[], number[]];
  if (a[0] === b[0] && a[1] === b[1]) return Math.hypot(x - a[0]!, y - a[1]!);
  return distanceToPolyline(points, x, y);
}

/**
 * Segment-segment distance by brute sampling: `samples + 1` points along each core, each point's
 * closed-form distance to the other core, the least. It overstates the true distance by at most
 * half a sample spacing of the longer core (the true closest pair has a point at an end, or the
 * cores cross, where a sample lies within half a spacing of the crossing).
 */
function sampledDistance(first: number[][], second: number[][], samples = 64): number {
  let least = Infinity;
  for (const [from, to] of [[first, second], [second, first]] as const) {
    const [a, b] = from as [number[], number[]];
    for (let k = 0; k <= samples; k++) {
      const x = a[0]! + ((b[0]! - a[0]!) * k) / samples,
        y = a[1]! + ((b[1]! - a[1]!) * k) / samples;
      least = Math.min(least, distanceToCore(to as number[][], x, y));
    }
  }
  return least;
}

function sampleSpacing(points: number[][], samples = 64): number {
  const [a, b] = points as [number[], number[]];
  return Math.hypot(b[0]! - a[0]!, b[1]! - a[1]!) / samples;
}

describe('collideCircleCapsule2', () => {
  it('a side, a round end and the centre on the core, at scales 1e-3, 1, 1e3, both orders', () => {
    for (const scale of [1e-3, 1, 1e3]) {
      const capsule = new Capsule2(0.5 * scale, 2 * scale).setPose([10 * scale, 0], 0);
      const data = new CollisionData2();
      // Above the side: centre (10.5, 1.2), radius 0.8: distance 1.2, penetration 0.1; witnesses
      // (10.5, 0.4) and (10.5, 0.5), midpoint (10.5, 0.45).
      const ball = new Circle(0.8 * scale).setPose([10.5 * scale, 1.2 * scale], 0);
      expect(collideCircleCapsule2(ball, capsule, data)).toBe(1);
      let c = data.contacts[0]!;
      expect(c.normal[0]).toBeCloseTo(0, 15);
      expect(c.normal[1]).toBeCloseTo(1, 15);
      expect(c.penetration / scale).toBeCloseTo(0.1, 12);
      expect(c.point[0]! / scale).toBeCloseTo(10.5, 12);
      expect(c.point[1]! / scale).toBeCloseTo(0.45, 12);
      expect([c.kind, c.featureId]).toEqual([
        ContactKind.FaceFace,
        packFeatureId(0, CAPSULE2_UPPER_SIDE),
      ]);
      // Past the right end, at 45 degrees: distance 1, penetration 0.3.
      ball.setPose([(12 + Math.SQRT1_2) * scale, -Math.SQRT1_2 * scale], 0);
      data.reset();
      expect(collide2d(capsule, ball, data)).toBe(1);
      c = data.contacts[0]!;
      // collide2d in the capsule-first order: the normal from the circle toward the capsule.
      expect(c.normal[0]).toBeCloseTo(-Math.SQRT1_2, 12);
      expect(c.normal[1]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(c.penetration / scale).toBeCloseTo(0.3, 12);
      expect(c.featureId).toBe(packFeatureId(0, capsule2EndFeature(1)));
      // Centre on the core: the capsule's +y side normal, penetration the two radii.
      ball.setPose([9 * scale, 0], 0);
      data.reset();
      collideCircleCapsule2(ball, capsule, data);
      c = data.contacts[0]!;
      expect(Array.from(c.normal)).toEqual([0, 1]);
      expect(c.penetration / scale).toBeCloseTo(1.3, 12);
      // Out of reach, and within a tolerance.
      ball.setPose([10 * scale, 1.31 * scale], 0);
      data.reset();
      expect(collideCircleCapsule2(ball, capsule, data)).toBe(0);
      const speculative = new CollisionData2({ tolerance: 0.02 * scale });
      expect(collideCircleCapsule2(ball, capsule, speculative)).toBe(1);
      expect(speculative.contacts[0]!.penetration / scale).toBeCloseTo(-0.01, 12);
    }
  });

  it(
    'against the closed-form distance to the core: contact iff within reach, depth, normal, witnesses, mirror',
    () => {
      const random = new Random(240);
      const data = new CollisionData2({ capacity: 8 }),
        swapped = new CollisionData2({ capacity: 8 });
      for (let run = 0; run < PROPERTY_RUNS; run++) {
        const scale = random.logRange(1e-3, 1e3);
        const base = random.chance(0.3) ? [1e5, -1e5] : [0, 0];
        const capsule = new Capsule2(
          scale * random.logRange(0.01, 1),
          random.chance(0.1) ? 0 : scale * random.range(0, 2),
        );
        capsule.setPose([base[0]!, base[1]!], random.range(-4, 4));
        const r = scale * random.logRange(0.01, 1);
        const ends = core(capsule);
        const along = random.pick([0, 1, random.next()]);
        const cx = ends[0]![0]! + (ends[1]![0]! - ends[0]![0]!) * along,
          cy = ends[0]![1]! + (ends[1]![1]! - ends[0]![1]!) * along;
        const away = (capsule.radius + r) *
          random.pick([0, 0.5, 0.999, 1, 1.001, random.range(0, 1.5)]);
        const angle = random.range(0, 2 * Math.PI);
        const ball = new Circle(r).setPose([
          cx + away * Math.cos(angle),
          cy + away * Math.sin(angle),
        ], 0);
        const tolerance = random.chance(0.3) ? 0.01 * scale : 0;
        data.tolerance = tolerance;
        swapped.tolerance = tolerance;
        data.reset();
        swapped.reset();
        const count = collideCircleCapsule2(ball, capsule, data);
        collide2d(capsule, ball, swapped);
        const distance = distanceToCore(ends, ball.transform.x, ball.transform.y);
        const slack = 1e-9 * scale + 1e-12 * 2e5;
        const reach = r + capsule.radius + tolerance;
        const check = (ok: boolean, what: string): void => {
          if (!ok) {
            throw new Error(
              `${what}: ${
                JSON.stringify({
                  run,
                  capsule: [capsule.radius, capsule.halfLength, capsule.transform],
                  r,
                  centre: [ball.transform.x, ball.transform.y],
                  contacts: contactList(data),
                })
              }`,
            );
          }
        };
        if (distance < reach - slack) check(count === 1, 'count === 1');
        if (distance > reach + slack) check(count === 0, 'count === 0');
        const mirror = mirroredMismatch(contactList(data), contactList(swapped));
        check(mirror === null, `mirror: ${mirror}`);
        if (count === 0) continue;
        const c = data.contacts[0]!;
        check(
          Math.abs(c.penetration - (r + capsule.radius - distance)) <= 10 * slack,
          'penetration',
        );
        expect(Math.hypot(c.normal[0]!, c.normal[1]!)).toBeCloseTo(1, 14);
        const onFirst = c.pointOnFirst(new Float64Array(2)),
          onSecond = c.pointOnSecond(new Float64Array(2));
        check(
          Math.abs(
            Math.hypot(onFirst[0]! - ball.transform.x, onFirst[1]! - ball.transform.y) - r,
          ) <= slack,
          'witness on the circle',
        );
        check(
          Math.abs(distanceToCore(ends, onSecond[0]!, onSecond[1]!) - capsule.radius) <= slack,
          'witness on the capsule',
        );
        if (distance > slack) {
          // Moving the circle by the normal times the penetration leaves it just touching.
          const x = ball.transform.x + c.normal[0]! * c.penetration,
            y = ball.transform.y + c.normal[1]! * c.penetration;
          check(
            Math.abs(distanceToCore(ends, x, y) - r - capsule.radius) <= 10 * slack,
            'moved out by the penetration, just touching',
          );
        }
      }
    },
    PROPERTY_TIMEOUT,
  );
});

describe('collideCapsule2Capsule2', () => {
  it('side by side: two contacts bounded by the ends, with distinct ids, at scales 1e-3, 1, 1e3', () => {
    for (const scale of [1e-3, 1, 1e3]) {
      // A: r 0.5, core (-2, 0) to (2, 0); B above: r 0.5, core (-0.5, 0.9) to (1.5, 0.9).
      const a = new Capsule2(0.5 * scale, 2 * scale);
      const b = new Capsule2(0.5 * scale, scale).setPose([0.5 * scale, 0.9 * scale], 0);
      const data = new CollisionData2();
      expect(collideCapsule2Capsule2(a, b, data)).toBe(2);
      const contacts = contactList(data).map((c) => ({
        ...c,
        point: c.point.map((v) => v / scale),
        penetration: c.penetration / scale,
      }));
      // From B toward A: (0, -1); penetration 0.1; points (x, (0.5 + 0.9 - 0.5) / 2 = 0.45).
      for (const c of contacts) {
        expect(c.normal).toEqual([0, -1]);
        expect(c.penetration).toBeCloseTo(0.1, 12);
        expect(c.point[1]).toBeCloseTo(0.45, 12);
      }
      expect(contacts.map((c) => c.point[0]!).sort((u, v) => u - v)).toEqual([
        expect.closeTo(-0.5, 12),
        expect.closeTo(1.5, 12),
      ]);
      // Both bounded by B's ends (inside A's extent): A's upper side against B's ends.
      expect(contacts.map((c) => c.featureId).sort()).toEqual(
        [
          packFeatureId(CAPSULE2_UPPER_SIDE, capsule2EndFeature(0)),
          packFeatureId(CAPSULE2_UPPER_SIDE, capsule2EndFeature(1)),
        ].sort(),
      );
      // B longer than A, below it, turned half a turn: clipped at A's ends.
      const long = new Capsule2(0.5 * scale, 5 * scale).setPose([0, -0.95 * scale], Math.PI);
      data.reset();
      expect(collide2d(a, long, data)).toBe(2);
      const ids = contactList(data).map((c) => c.featureId);
      // Clipped at A's ends; turned by pi, the long capsule's lower side (local -y) faces up at A.
      const expected = [0, 1].map((end) =>
        a.id < long.id
          ? packFeatureId(capsule2EndFeature(end), CAPSULE2_LOWER_SIDE)
          : packFeatureId(CAPSULE2_LOWER_SIDE, capsule2EndFeature(end))
      );
      expect(ids.sort()).toEqual(expected.sort());
      for (const c of contactList(data)) {
        expect(c.normal[1]).toBeCloseTo(1, 14);
        expect(c.penetration / scale).toBeCloseTo(0.05, 12);
      }
    }
  });

  it('turning through parallel keeps two contacts and the same ids (no 1-2-1 flicker)', () => {
    const a = new Capsule2(0.5, 2);
    const b = new Capsule2(0.5, 1);
    const data = new CollisionData2();
    let ids: number[] | null = null;
    for (let k = -20; k <= 20; k++) {
      const angle = (k / 20) * 0.09;
      b.setPose([0.3, 0.9], angle);
      data.reset();
      expect(collideCapsule2Capsule2(a, b, data), `angle ${angle}`).toBe(2);
      const now = contactList(data).map((c) => c.featureId).sort();
      if (ids === null) ids = now;
      expect(now).toEqual(ids);
    }
  });

  it('crossing cores: the smallest push out, along either core normal', () => {
    // A along x (h 1), B upright at x = 0.3 (h 1): A leaves by moving 0.7 to the left.
    const a = new Capsule2(0.1, 1);
    const b = new Capsule2(0.2, 1).setPose([0.3, 0], Math.PI / 2);
    const data = new CollisionData2();
    expect(collide2d(a, b, data)).toBe(1);
    let c = data.contacts[0]!;
    expect(c.normal[0]).toBeCloseTo(-1, 14);
    expect(c.normal[1]).toBeCloseTo(0, 14);
    expect(c.penetration).toBeCloseTo(0.1 + 0.2 + 0.7, 14);
    // B short and across A's middle: up out of it is shorter (0.2) than along A (1 + 0).
    b.setPose([0, 0.1], Math.PI / 2);
    const short = new Capsule2(0.2, 0.1).setPose([0, 0.05], Math.PI / 2);
    data.reset();
    collide2d(a, short, data);
    c = data.contacts[0]!;
    // B's core runs from y -0.05 to 0.15: A goes down by 0.05.
    expect(c.normal[1]).toBeCloseTo(-1, 14);
    expect(c.penetration).toBeCloseTo(0.1 + 0.2 + 0.05, 14);
  });

  it('identical capsules at one pose, collinear cores, point capsules: defined answers', () => {
    const data = new CollisionData2();
    const a = new Capsule2(0.5, 1), b = new Capsule2(0.5, 1);
    expect(collideCapsule2Capsule2(a, b, data)).toBe(2);
    for (const c of contactList(data)) {
      expect(Math.abs(c.normal[1]!)).toBe(1);
      expect(c.penetration).toBeCloseTo(1, 14);
    }
    // Collinear, overlapping end to end by 0.5.
    data.reset();
    b.setPose([1.5, 0], 0);
    expect(collideCapsule2Capsule2(a, b, data)).toBe(2);
    // halfLength 0 on both: circles.
    data.reset();
    expect(
      collideCapsule2Capsule2(new Capsule2(1, 0), new Capsule2(1, 0).setPose([1.5, 0], 0), data),
    ).toBe(1);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.5, 15);
  });

  it(
    'against segment distances by brute sampling: contact iff within reach, depth, separation, witnesses, mirror',
    () => {
      const random = new Random(2402);
      const data = new CollisionData2({ capacity: 8 }),
        swapped = new CollisionData2({ capacity: 8 });
      let two = 0, one = 0;
      for (let run = 0; run < PROPERTY_RUNS; run++) {
        const scale = random.logRange(1e-3, 1e3);
        const base = random.chance(0.3) ? [1e5, 1e5] : [0, 0];
        const make = (): Capsule2 =>
          new Capsule2(
            scale * random.logRange(0.01, 1),
            random.chance(0.1) ? 0 : scale * random.range(0, 2),
          );
        const a = make(), b = make();
        const angleA = random.range(-4, 4);
        a.setPose(base, angleA);
        const parallel = random.chance(0.4);
        const angleB = parallel
          ? angleA + random.pick([0, Math.PI, random.range(-0.12, 0.12)])
          : random.range(-4, 4);
        const gap = (a.radius + b.radius) *
          random.pick([0, 0.5, 0.99, 1, 1.01, random.range(0, 1.5)]);
        const normal = random.range(0, 2 * Math.PI);
        const slide = scale * random.range(-3, 3) * (parallel ? 1 : 0);
        b.setPose([
          base[0]! + gap * Math.cos(normal) * (parallel ? 0 : 1) +
          (parallel ? -Math.sin(angleA) * gap + Math.cos(angleA) * slide : 0),
          base[1]! + gap * Math.sin(normal) * (parallel ? 0 : 1) +
          (parallel ? Math.cos(angleA) * gap + Math.sin(angleA) * slide : 0),
        ], angleB);
        if (random.chance(0.02)) b.setPose(base, angleA);
        const tolerance = random.chance(0.3) ? 0.01 * scale : 0;
        data.tolerance = tolerance;
        swapped.tolerance = tolerance;
        data.reset();
        swapped.reset();
        const count = collideCapsule2Capsule2(a, b, data);
        collide2d(b, a, swapped);
        const coreA = core(a), coreB = core(b);
        const sampled = sampledDistance(coreA, coreB);
        const spacing = Math.max(sampleSpacing(coreA), sampleSpacing(coreB));
        const slack = 1e-9 * scale + 1e-12 * 4e5;
        const reach = a.radius + b.radius + tolerance;
        const check = (ok: boolean, what: string): void => {
          if (!ok) {
            throw new Error(
              `${what}: ${
                JSON.stringify({
                  run,
                  a: [a.radius, a.halfLength, a.transform],
                  b: [b.radius, b.halfLength, b.transform],
                  tolerance,
                  sampled,
                  spacing,
                  contacts: contactList(data),
                })
              }`,
            );
          }
        };
        // Sampling overstates the distance by at most half a spacing.
        if (sampled <= reach - slack) check(count > 0, 'count > 0');
        if (sampled - spacing / 2 > reach + slack) check(count === 0, 'count === 0');
        expect(count).toBeLessThanOrEqual(2);
        const mirror = mirroredMismatch(contactList(data), contactList(swapped), slack);
        check(mirror === null, `mirror: ${mirror}`);
        if (count === 0) continue;
        if (count === 2) two++;
        else one++;
        const contacts = contactList(data);
        if (count === 2) expect(contacts[0]!.featureId).not.toBe(contacts[1]!.featureId);
        const deepest = Math.max(...contacts.map((c) => c.penetration));
        const trueDistance = sampled - spacing / 2 > slack ? sampled : 0;
        if (trueDistance > 0) {
          // The side-by-side points may understate the depth by the 1 / cos of the parallel band.
          const expected = a.radius + b.radius - sampled;
          check(
            deepest >= expected - 0.006 * sampled - slack,
            'deepest >= expected - 0.006 * sampled - slack',
          );
          check(
            deepest <= expected + spacing / 2 + slack,
            'deepest <= expected + spacing / 2 + slack',
          );
        } else {
          // Crossing cores: at least the two radii.
          check(
            deepest >= a.radius + b.radius - spacing / 2 - slack,
            'deepest >= a.radius + b.radius - spacing / 2 - slack',
          );
        }
        for (const c of contacts) {
          expect(Math.hypot(c.normal[0]!, c.normal[1]!)).toBeCloseTo(1, 14);
          // Crossing cores: the point is the crossing (documented), not a pair of surface witnesses.
          if (trueDistance === 0) continue;
          // The witnesses lie on (or, at the parallel band's tilt, just inside) each surface.
          const onA = [
            c.point[0]! - (c.normal[0]! * c.penetration) / 2,
            c.point[1]! - (c.normal[1]! * c.penetration) / 2,
          ];
          const onB = [
            c.point[0]! + (c.normal[0]! * c.penetration) / 2,
            c.point[1]! + (c.normal[1]! * c.penetration) / 2,
          ];
          const dA = distanceToCore(coreA, onA[0]!, onA[1]!),
            dB = distanceToCore(coreB, onB[0]!, onB[1]!);
          check(dA <= a.radius + slack, 'dA <= a.radius + slack');
          check(dB <= b.radius + slack, 'dB <= b.radius + slack');
          check(dA >= 0.99 * a.radius - slack, 'dA >= 0.99 * a.radius - slack');
          check(dB >= 0.99 * b.radius - slack, 'dB >= 0.99 * b.radius - slack');
        }
        // Moving A by the normal times the deepest penetration frees it (within the band's tilt).
        const n = contacts.find((c) => c.penetration === deepest)!.normal;
        const moved = coreA.map(([x, y]) => [x! + n[0]! * deepest, y! + n[1]! * deepest]);
        check(
          sampledDistance(moved, coreB) >= (a.radius + b.radius) * 0.99 - slack,
          'moved out by the deepest penetration',
        );
      }
      expect(two).toBeGreaterThan(PROPERTY_RUNS / 20);
      expect(one).toBeGreaterThan(PROPERTY_RUNS / 20);
    },
    PROPERTY_TIMEOUT,
  );
});
