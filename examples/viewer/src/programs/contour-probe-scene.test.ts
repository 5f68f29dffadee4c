import { describe, expect, it } from 'vitest';
import { Chain, Circle, CollisionData2, collideCircleChain } from '@contactkit/collision2d';
import { PROBE_PROFILES, findProbeProfile, probeContour } from './contour-probe-scene.js';

const step = findProbeProfile('step')!;

describe('probeContour: hand cases', () => {
  it('over a segment: O, S, l_part, Part, the foot, beta 90 and dErr', () => {
    // Ball (0, 0.2), r 0.35, over the floor from (-1, 0) to (1, 0).
    const { contacts, symbol, corner } = probeContour(step, [0, 0.2]);
    expect(contacts).toHaveLength(1);
    const c = contacts[0]!;
    expect(c.feature).toBe('segment');
    expect(c.index).toBe(2);
    expect(c.segment).toEqual([2, 0]);
    expect(c.offset[0]).toBeCloseTo(1, 12);
    expect(c.offset[1]).toBeCloseTo(0.2, 12);
    expect(c.partLength).toBeCloseTo(1, 12);
    expect(c.part).toEqual([1, 0]);
    expect(c.point[0]).toBeCloseTo(0, 12);
    expect(c.point[1]).toBeCloseTo(0, 12);
    expect(c.beta).toBeCloseTo(90, 12);
    expect(c.depth).toBeCloseTo(0.15, 12);
    expect([symbol, corner]).toEqual(['>', 'none']);
  });

  it('in a concave corner: two contacts, one per segment, in segment order', () => {
    // Ball (-0.8, 0.25) in the corner of the riser x = -1 and the floor y = 0.
    const { contacts, symbol, corner } = probeContour(step, [-0.8, 0.25]);
    expect(contacts.map((c) => [c.feature, c.index])).toEqual([['segment', 1], ['segment', 2]]);
    // Riser: S = (0, -1.5), O = (0.2, -1.25), l_part = 1.25, d = 0.2, normal +x.
    expect(contacts[0]!.partLength).toBeCloseTo(1.25, 12);
    expect(contacts[0]!.beta).toBeCloseTo(0, 12);
    expect(contacts[0]!.depth).toBeCloseTo(0.15, 12);
    // Floor: l_part = 0.2, d = 0.25, normal +y.
    expect(contacts[1]!.point[0]).toBeCloseTo(-0.8, 12);
    expect(contacts[1]!.beta).toBeCloseTo(90, 12);
    expect(contacts[1]!.depth).toBeCloseTo(0.1, 12);
    expect([symbol, corner]).toEqual(['>', 'concave']);
  });

  it('at a convex corner: one contact by the distance to the corner, symbol <', () => {
    // Ball (0.8, 1.2) above-left of the corner (1, 1): past the riser's end, before the top's start.
    const { contacts, symbol, corner } = probeContour(step, [0.8, 1.2]);
    expect(contacts).toHaveLength(1);
    const c = contacts[0]!;
    expect([c.feature, c.index]).toEqual(['corner', 4]);
    expect(c.point).toEqual([1, 1]);
    expect(c.beta).toBeCloseTo(135, 12);
    expect(c.depth).toBeCloseTo(0.35 - Math.hypot(0.2, 0.2), 12);
    expect([symbol, corner]).toEqual(['<', 'convex']);
  });

  it("at an open end: the end point is a corner; a closed square's inside corner is concave", () => {
    const end = probeContour(step, [-3.2, 1.6]).contacts;
    expect(end.map((c) => [c.feature, c.index])).toEqual([['corner', 0]]);
    expect(end[0]!.beta).toBeCloseTo(Math.atan2(0.1, -0.2) * 180 / Math.PI, 12);
    const square = findProbeProfile('square')!;
    const inside = probeContour(square, [1.3, 1.8]);
    expect(inside.contacts.map((c) => [c.index, Math.round(c.beta)])).toEqual([[1, 180], [2, -90]]);
    expect(inside.corner).toBe('concave');
    expect(() => probeContour(step, [Number.NaN, 0])).toThrow(RangeError);
    expect(() => probeContour(step, [0, 0], 0)).toThrow(/radius/);
  });
});

describe('probeContour against collision2d', () => {
  it("gives collideCircleChain's contacts on every open profile (count and depths), 2000 seeded centres", () => {
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 4294967296);
    const data = new CollisionData2({ capacity: 16, maxContactsPerPair: 8 });
    let compared = 0;
    for (const profile of PROBE_PROFILES.filter((p) => !p.closed)) {
      const chain = new Chain(profile.points), circle = new Circle(0.35);
      for (let k = 0; k < 1000; k++) {
        const centre = [-3.5 + 7 * random(), -0.8 + 3 * random()];
        circle.setPose(centre, 0);
        data.reset();
        collideCircleChain(circle, chain, data);
        const probe = probeContour(profile, centre).contacts;
        const theirs = Array.from({ length: data.contactCount }, (_, i) => data.contacts[i]!)
          .map((c) => c.penetration).sort((x, y) => x - y);
        expect(probe.map((c) => c.depth).sort((x, y) => x - y)).toEqual(
          theirs.map((d) => expect.closeTo(d, 9)),
        );
        compared += probe.length;
      }
    }
    expect(compared).toBeGreaterThan(100);
  });
});
