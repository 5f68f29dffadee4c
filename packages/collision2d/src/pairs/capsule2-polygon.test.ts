import { ContactKind, firstFeatureOf, packFeatureId, secondFeatureOf } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { Capsule2, CAPSULE2_LOWER_SIDE, capsule2EndFeature } from '../shapes/capsule2.js';
import { Chain, Polygon, Segment, VERTEX_FEATURE } from '../shapes/shapes.js';
import {
  capsuleCore,
  coreToPolyline,
  coreToRegion,
  distanceToCore,
} from '../test-support/capsule-oracle.js';
import {
  box,
  scaled,
  contactList,
  distanceToFeature,
  mirroredMismatch,
  randomConvexPoints,
  worldPoints,
} from '../test-support/contacts.js';
import { capsuleLyingOn, lyingMismatch } from '../test-support/capsule-lying.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { collideCapsule2Chain } from './capsule2-chain.js';
import { collideCapsule2Polygon } from './capsule2-polygon.js';

/** The contacts of the pair in the given order, and in the swapped order through collide2d. */
function both(
  capsule: Capsule2,
  other: Polygon | Chain,
  tolerance = 0,
): { contacts: ReturnType<typeof contactList>; mirrored: string | null; } {
  const data = new CollisionData2({ tolerance }), swapped = new CollisionData2({ tolerance });
  if (other instanceof Polygon) collideCapsule2Polygon(capsule, other, data);
  else collideCapsule2Chain(capsule, other, data);
  collide2d(other, capsule, swapped);
  const contacts = contactList(data);
  return { contacts, mirrored: mirroredMismatch(contacts, contactList(swapped)) };
}

describe('collideCapsule2Polygon: hand-computed cases, both orders, scales 1e-3, 1, 1e3', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: a capsule lying on a box gets two points, one per core end`, () => {
      // Box [-2, 2] x [-1, 1]; capsule radius 0.5, half length 1 at (0.3, 1.4): its bottom at 0.9,
      // 0.1 into the top side (edge 2, from (2, 1) to (-2, 1)). Core ends at x = -0.7 and 1.3,
      // 0.4 above the side: penetration 0.1, points midway between y = 0.9 and y = 1: 0.95.
      const polygon = new Polygon(scaled(box(2, 1), s));
      const { contacts, mirrored } = both(capsuleLyingOn(1, s), polygon);
      expect(mirrored).toBeNull();
      expect(lyingMismatch(contacts, 1, s)).toBeNull();
      for (const c of contacts) {
        expect(c.kind).toBe(ContactKind.FaceFace);
        expect(secondFeatureOf(c.featureId)).toBe(2);
      }
      expect(new Set(contacts.map((c) => firstFeatureOf(c.featureId)))).toEqual(
        new Set([capsule2EndFeature(0), capsule2EndFeature(1)]),
      );
    });

    it(`x ${s}: a capsule's round end against a box corner gets one point along the diagonal`, () => {
      // Core end 0 at (2.3, 1.3), 0.3 * sqrt(2) = 0.42426 from the corner (2, 1) (vertex 2):
      // normal (1, 1) / sqrt(2), penetration 0.5 - 0.42426; point midway between the corner and
      // the end less 0.5 along the normal.
      const polygon = new Polygon(scaled(box(2, 1), s));
      const capsule = new Capsule2(0.5 * s, 1 * s).setPose([3.3 * s, 1.3 * s], 0);
      const { contacts, mirrored } = both(capsule, polygon);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(1);
      const c = contacts[0]!, r = Math.SQRT1_2;
      expect(c.normal[0]).toBeCloseTo(r, 12);
      expect(c.normal[1]).toBeCloseTo(r, 12);
      expect(c.penetration / s).toBeCloseTo(0.5 - 0.3 * Math.SQRT2, 12);
      expect(c.point[0]! / s).toBeCloseTo(0.5 * (2 + 2.3 - 0.5 * r), 12);
      expect(c.point[1]! / s).toBeCloseTo(0.5 * (1 + 1.3 - 0.5 * r), 12);
      expect(c.featureId).toBe(packFeatureId(capsule2EndFeature(0), VERTEX_FEATURE | 2));
    });

    it(`x ${s}: a vertical capsule in the inner corner of an L is pushed out of both sides`, () => {
      // L [0, 3] x [0, 1] with [0, 1] x [1, 3]; capsule radius 0.5, half length 0.5, vertical at
      // (1.4, 1.6): core from (1.4, 1.1) to (1.4, 2.1). Against the inner vertical side x = 1:
      // 0.4 away, penetration 0.1, normal (1, 0); against the inner floor y = 1: the lower end 0.1
      // above it, penetration 0.4, normal (0, 1).
      const polygon = new Polygon(scaled([[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]], s));
      const capsule = new Capsule2(0.5 * s, 0.5 * s).setPose([1.4 * s, 1.6 * s], Math.PI / 2);
      const { contacts, mirrored } = both(capsule, polygon);
      expect(mirrored).toBeNull();
      const floor = contacts.filter((c) => Math.abs(c.normal[1]! - 1) < 1e-12);
      const wall = contacts.filter((c) => Math.abs(c.normal[0]! - 1) < 1e-12);
      expect(floor.length).toBeGreaterThan(0);
      expect(wall.length).toBeGreaterThan(0);
      expect(Math.max(...floor.map((c) => c.penetration)) / s).toBeCloseTo(0.4, 12);
      expect(Math.max(...wall.map((c) => c.penetration)) / s).toBeCloseTo(0.1, 12);
      expect(floor.length + wall.length).toBe(contacts.length);
    });

    it(`x ${s}: a gap within the tolerance is speculative, beyond it nothing`, () => {
      // The lying capsule 0.2 above the box top: gap 0.2 at each end.
      const polygon = new Polygon(scaled(box(2, 1), s));
      const capsule = new Capsule2(0.5 * s, 1 * s).setPose([0.3 * s, 1.7 * s], 0);
      expect(both(capsule, polygon, 0.1 * s).contacts.length).toBe(0);
      const { contacts } = both(capsule, polygon, 0.3 * s);
      expect(contacts.length).toBe(2);
      for (const c of contacts) expect(c.penetration / s).toBeCloseTo(-0.2, 12);
    });
  }
});

describe('collideCapsule2Chain: hand-computed cases, both orders, scales 1e-3, 1, 1e3', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: a capsule lying across a straight chain's vertex gets the chain's normal only`, () => {
      // Chain (0, 0) .. (3, 0); capsule radius 0.25, half length 0.5 at (1.2, 0.2), turned 0.05 rad:
      // its ends at x = 1.2 -+ 0.5 cos 0.05, heights 0.2 -+ 0.5 sin 0.05 (0.175, 0.225). Every
      // normal is (0, 1); the deepest point is end 0, penetration 0.25 - 0.17501 = 0.07499.
      const chain = new Chain(scaled([[0, 0], [1, 0], [2, 0], [3, 0]], s));
      const capsule = new Capsule2(0.25 * s, 0.5 * s).setPose([1.2 * s, 0.2 * s], 0.05);
      const { contacts, mirrored } = both(capsule, chain);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBeGreaterThan(0);
      for (const c of contacts) {
        expect(c.normal[0]).toBe(0);
        expect(c.normal[1]).toBe(1);
      }
      const deepest = Math.max(...contacts.map((c) => c.penetration));
      expect(deepest / s).toBeCloseTo(0.25 - (0.2 - 0.5 * Math.sin(0.05)), 12);
    });

    it(`x ${s}: a capsule under a segment is pushed down, past an open end round`, () => {
      // Segment (0, 0) -> (2, 0); capsule radius 0.5, half length 1 at (1, -0.4): the chain's right
      // normal (0, -1), penetration 0.1, two points. Moved to (3.6, 0.3) its end 0 at (2.6, 0.3)
      // lies past the open end (2, 0): distance sqrt(0.36 + 0.09) = 0.67082 > 0.5, nothing; at
      // (3.3, 0.3): end 0 at (2.3, 0.3), distance 0.42426, penetration 0.07574 along (1, 1)/sqrt 2.
      const segment = new Segment([0, 0], [2 * s, 0]);
      const under = both(new Capsule2(0.5 * s, 1 * s).setPose([1 * s, -0.4 * s], 0), segment);
      expect(under.mirrored).toBeNull();
      expect(under.contacts.length).toBe(2);
      for (const c of under.contacts) {
        expect(c.normal).toEqual([0, -1]);
        expect(c.penetration / s).toBeCloseTo(0.1, 12);
      }
      expect(
        both(new Capsule2(0.5 * s, 1 * s).setPose([3.6 * s, 0.3 * s], 0), segment).contacts.length,
      )
        .toBe(0);
      const end = both(new Capsule2(0.5 * s, 1 * s).setPose([3.3 * s, 0.3 * s], 0), segment);
      expect(end.contacts.length).toBe(1);
      expect(end.contacts[0]!.normal[0]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(end.contacts[0]!.penetration / s).toBeCloseTo(0.5 - 0.3 * Math.SQRT2, 12);
      expect(end.contacts[0]!.featureId).toBe(
        packFeatureId(capsule2EndFeature(0), VERTEX_FEATURE | 1),
      );
    });
  }
});

/** A random capsule placed near the origin at scale `s` (half length 0 one time in ten). */
function randomCapsule(random: Random, s: number): Capsule2 {
  const half = random.chance(0.1) ? 0 : s * random.range(0.05, 1.2);
  return new Capsule2(s * random.range(0.05, 0.6), half)
    .setPose([s * random.range(-1.8, 1.8), s * random.range(-1.8, 1.8)], random.range(-4, 4));
}

/** A star of `count` points (alternating radii): concave. */
function star(random: Random, count: number, s: number): number[][] {
  const points: number[][] = [];
  for (let i = 0; i < count; i++) {
    const angle = (2 * Math.PI * i) / count,
      r = s * (i % 2 === 0 ? random.range(0.8, 1.3) : random.range(0.3, 0.7));
    points.push([r * Math.cos(angle), r * Math.sin(angle)]);
  }
  return points;
}

/**
 * The properties every capsule contact keeps against the brute-force distance `distance` between
 * the core and the other shape: a contact exactly when the distance is within radius + tolerance
 * (slack: 1e-9 of the scale), the deepest penetration at most radius - distance when apart; with
 * `exact` (a convex polygon) exactly that, and at least the radius when the core touches the other
 * (a concave polygon's pieces and a chain's cones may report less: a piece or a segment sees part
 * of the shape, a snapped normal is not the closest points' direction); witness on the capsule
 * within the radius of the core, witness on the other on the feature it names; finite, unit
 * normals, depth within the tolerance, kind FaceFace.
 */
function capsuleProperties(
  capsule: Capsule2,
  other: number[][],
  distance: number,
  contacts: ReturnType<typeof contactList>,
  tolerance: number,
  s: number,
  exact: boolean,
): string | null {
  const radius = capsule.radius, slack = 1e-9 * s, core = capsuleCore(capsule);
  const expected = distance <= radius + tolerance;
  if (Math.abs(distance - radius - tolerance) > slack && expected !== contacts.length > 0) {
    return `${contacts.length} contacts at distance ${distance}, radius ${radius}, tolerance ${tolerance}`;
  }
  if (contacts.length === 0) return null;
  const deepest = Math.max(...contacts.map((c) => c.penetration));
  if (distance > slack && deepest > radius - distance + slack) {
    return `deepest ${deepest}, deeper than radius - distance ${radius - distance}`;
  }
  if (exact && distance > slack && deepest < radius - distance - slack) {
    return `deepest ${deepest}, expected ${radius - distance}`;
  }
  if (exact && distance <= 0 && deepest < radius - slack) {
    return `deepest ${deepest} below the radius, cores touching`;
  }
  for (const c of contacts) {
    if (!Number.isFinite(c.point[0]! + c.point[1]! + c.penetration)) return 'not finite';
    if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) return 'normal not unit';
    if (c.penetration < -tolerance - slack) return `gap ${-c.penetration} beyond the tolerance`;
    if (c.kind !== ContactKind.FaceFace) return `kind ${c.kind}`;
    const half = 0.5 * c.penetration;
    const onCapsule = [c.point[0]! - c.normal[0]! * half, c.point[1]! - c.normal[1]! * half],
      onOther = [c.point[0]! + c.normal[0]! * half, c.point[1]! + c.normal[1]! * half];
    // On the capsule's surface, or inside it where a tilted core was clipped (as Box2D's clipping
    // of a rounded polygon puts it: the core point less the normal times the radius).
    const fromCore = distanceToCore(core, onCapsule[0]!, onCapsule[1]!);
    if (fromCore > radius + 1e-8 * s) {
      return `capsule witness ${fromCore} from the core, radius ${radius}`;
    }
    const off = distanceToFeature(other, secondFeatureOf(c.featureId), onOther[0]!, onOther[1]!);
    if (off > 1e-8 * s) return `witness ${off} off feature ${secondFeatureOf(c.featureId)}`;
  }
  return null;
}

describe('capsule against polygon and chain: properties against brute-force segment distance', () => {
  it(
    `collideCapsule2Polygon over ${PROPERTY_RUNS} configurations (convex and concave, scales 1e-3 to 1e3)`,
    () => {
      const random = new Random(2403);
      const failures: string[] = [];
      let touching = 0, speculative = 0, crossing = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const s = 10 ** random.range(-3, 3);
        const concave = n % 3 === 2;
        const points = concave
          ? star(random, 6 + 2 * random.int(5), s)
          : randomConvexPoints(
            random.next,
            3 + random.int(8),
            s * random.range(0.3, 1.3),
            s * random.range(0.05, 1.3),
          );
        const polygon = new Polygon(points).setPose([
          s * random.range(-0.5, 0.5),
          s * random.range(-0.5, 0.5),
        ], random.range(-4, 4));
        const capsule = randomCapsule(random, s);
        const tolerance = random.chance(0.3) ? 0 : s * 0.2 * random.next();
        const { contacts, mirrored } = both(capsule, polygon, tolerance);
        if (mirrored) failures.push(`run ${n}: swapped order ${mirrored}`);
        const outline = worldPoints(polygon);
        const distance = coreToRegion(capsuleCore(capsule), outline);
        const why = capsuleProperties(capsule, outline, distance, contacts, tolerance, s, !concave);
        if (why) failures.push(`run ${n}: ${why}`);
        if (contacts.length > 0) touching++;
        if (contacts.length > 0 && distance > capsule.radius) speculative++;
        if (distance === 0) crossing++;
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 4);
      expect(speculative).toBeGreaterThan(PROPERTY_RUNS / 50);
      expect(crossing).toBeGreaterThan(PROPERTY_RUNS / 20);
    },
    PROPERTY_TIMEOUT,
  );

  it(
    `collideCapsule2Chain over ${PROPERTY_RUNS} configurations (zigzags, segments, scales 1e-3 to 1e3)`,
    () => {
      const random = new Random(2404);
      const failures: string[] = [];
      let touching = 0, crossing = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const s = 10 ** random.range(-3, 3);
        const count = 2 + random.int(8);
        const points: number[][] = [];
        for (let i = 0; i < count; i++) {
          points.push([s * random.range(-1.5, 1.5), s * random.range(-1.5, 1.5)]);
        }
        const chain = new Chain(points).setPose([0, 0], random.range(-4, 4));
        const capsule = randomCapsule(random, s);
        const tolerance = random.chance(0.3) ? 0 : s * 0.2 * random.next();
        const { contacts, mirrored } = both(capsule, chain, tolerance);
        if (mirrored) failures.push(`run ${n}: swapped order ${mirrored}`);
        const line = worldPoints(chain);
        const distance = coreToPolyline(capsuleCore(capsule), line);
        const why = capsuleProperties(capsule, line, distance, contacts, tolerance, s, false);
        if (why) failures.push(`run ${n}: ${why}`);
        if (contacts.length > 0) touching++;
        if (distance === 0) crossing++;
      }
      expect(failures).toEqual([]);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 4);
      expect(crossing).toBeGreaterThan(PROPERTY_RUNS / 20);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('FINDINGS.md F16: capsule against a concave polygon or a chain, two contacts share one feature id', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: a capsule over the outer corner of an L gets one contact per pair of features`, () => {
      // L [0, 4] x [0, 1] with [0, 1] x [1, 4] (pieces: the left arm with the corner square, the
      // bottom arm with the triangle (0, 0) (1, 0) (1, 1)... split along (0, 0)-(1, 1)). Capsule
      // radius 0.3, core from B (-0.6, -0.8) (end 0) to A (0.2, 0.8) (end 1): centre (-0.2, 0),
      // half length 2 / sqrt 5, axis (1, 2) / sqrt 5; it leaves the left arm through edge 5 (x = 0)
      // at (0, 0.4). The left arm's reference is edge 5, normal (-1, 0): end 1, 0.2 inside, depth
      // 0.5, and the core clipped at the side line y = 0, at (-0.2, 0), 0.2 beyond x = 0: the
      // capsule's lower side against vertex 0, depth 0.1. The bottom arm lies beyond the core's
      // line, vertex 0 nearest (0.4 / sqrt 5): the core's side is the reference, normal
      // (-2, 1) / sqrt 5, the lower side against vertex 0 again, depth 0.3 - 0.4 / sqrt 5. One pair
      // of features, one contact: the deeper. The old code wrote both under one id.
      const polygon = new Polygon(scaled([[0, 0], [4, 0], [4, 1], [1, 1], [1, 4], [0, 4]], s));
      const capsule = new Capsule2(0.3 * s, (2 / Math.sqrt(5)) * s).setPose(
        [-0.2 * s, 0],
        Math.atan2(2, 1),
      );
      const { contacts, mirrored } = both(capsule, polygon);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(2);
      const [end, side] = contacts as [typeof contacts[0], typeof contacts[0]];
      expect(end.featureId).toBe(packFeatureId(capsule2EndFeature(1), 5));
      expect(end.normal[0]).toBeCloseTo(-1, 12);
      expect(end.normal[1]).toBeCloseTo(0, 12);
      expect(end.penetration / s).toBeCloseTo(0.5, 12);
      expect(end.point[0]! / s).toBeCloseTo(0.25, 12);
      expect(end.point[1]! / s).toBeCloseTo(0.8, 12);
      expect(side.featureId).toBe(packFeatureId(CAPSULE2_LOWER_SIDE, VERTEX_FEATURE | 0));
      expect(side.normal[0]).toBeCloseTo(-2 / Math.sqrt(5), 12);
      expect(side.normal[1]).toBeCloseTo(1 / Math.sqrt(5), 12);
      const depth = 0.3 - 0.4 / Math.sqrt(5);
      expect(side.penetration / s).toBeCloseTo(depth, 12);
      // Its witness on the polygon (point + normal x depth / 2) is vertex 0.
      expect(side.point[0]! / s + (side.normal[0]! * depth) / 2).toBeCloseTo(0, 12);
      expect(side.point[1]! / s + (side.normal[1]! * depth) / 2).toBeCloseTo(0, 12);
    });

    it(`x ${s}: a capsule across a zigzag chain: distinct ids, each witness on its feature`, () => {
      // The pair the adversarial suite found: the capsule crosses a zigzag; segments 3 and 4 each
      // reported the capsule's upper side against vertex 4 (along their own normals), and segments
      // 5 and 6 its lower side against vertex 6. Checked by brute force: every id once, each
      // witness on the capsule at the radius from the core, each on the chain on its feature.
      const chain = new Chain(
        scaled([
          [-1.1661291813943535, -0.34983875441830603],
          [-0.8329494152816811, 0.34983875441830603],
          [-0.4997696491690087, -0.34983875441830603],
          [-0.16658988305633626, 0.34983875441830603],
          [0.16658988305633615, -0.34983875441830603],
          [0.4997696491690087, 0.34983875441830603],
          [0.832949415281681, -0.34983875441830603],
          [1.1661291813943535, 0.34983875441830603],
        ], s),
      ).setPose([0, 0], -1.5933405336916042);
      const capsule = new Capsule2(1.1356538136336067 * s, 1.274815188188822 * s).setPose(
        [-0.6590988410003754 * s, -0.2786046914203669 * s],
        -0.5003671196018149,
      );
      const { contacts, mirrored } = both(capsule, chain);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBeGreaterThan(2);
      expect(new Set(contacts.map((c) => c.featureId)).size).toBe(contacts.length);
      const line = worldPoints(chain);
      for (const c of contacts) {
        const half = 0.5 * c.penetration;
        const onChain = [c.point[0]! + c.normal[0]! * half, c.point[1]! + c.normal[1]! * half];
        expect(distanceToFeature(line, secondFeatureOf(c.featureId), onChain[0]!, onChain[1]!))
          .toBeLessThan(1e-12 * s);
      }
    });
  }
});

describe('FINDINGS.md F17: capsule against a chain near an open end, the deepest contact too shallow', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: a capsule beside a chain's open end gets its round end's contact, depth 1 - 0.4 / k`, () => {
      // Chain (0, 0) (an open end) -> (0, 2) -> (2, 2). Capsule radius 1, its core on the line
      // x = -0.4 - 0.25 y from y = -1 to y = 2.4 (axis (-0.25, 1) / k, k = sqrt(1 + 1 / 16)). The
      // core's nearest chain point is the open end (0, 0), 0.4 / k from it (vertex 1 is 0.9 / k
      // away): the least translation is 1 - 0.4 / k along the core's side normal (-1, -0.25) / k.
      // Segment 0's pair had the core's side as the reference, with points at both its vertices;
      // the one at vertex 1 lies outside that vertex's cone ((-1, 0) to (0, 1) and their
      // negatives), and the old code then snapped the whole segment to its normal (-1, 0): depths
      // 0.6 at vertex 0 and 0.1 at vertex 1. The normal leans toward the open end, which admits
      // it: the point there stands, the ghost at vertex 1 goes (moving by the depth along the
      // normal frees vertex 1 too, 0.9 / k + 1 - 0.4 / k > 1 from the core).
      const k = Math.hypot(1, 0.25);
      const chain = new Chain(scaled([[0, 0], [0, 2], [2, 2]], s));
      const capsule = new Capsule2(1 * s, 1.7 * k * s).setPose(
        [(-0.4 - 0.25 * 0.7) * s, 0.7 * s],
        Math.atan2(1, -0.25),
      );
      const { contacts, mirrored } = both(capsule, chain);
      expect(mirrored).toBeNull();
      expect(contacts.length).toBe(1);
      const c = contacts[0]!, depth = 1 - 0.4 / k;
      expect(c.featureId).toBe(packFeatureId(CAPSULE2_LOWER_SIDE, VERTEX_FEATURE | 0));
      expect(c.normal[0]).toBeCloseTo(-1 / k, 12);
      expect(c.normal[1]).toBeCloseTo(-0.25 / k, 12);
      expect(c.penetration / s).toBeCloseTo(depth, 12);
      // The witness on the chain (point + normal x depth / 2) is the open end.
      expect(c.point[0]! / s + (c.normal[0]! * depth) / 2).toBeCloseTo(0, 12);
      expect(c.point[1]! / s + (c.normal[1]! * depth) / 2).toBeCloseTo(0, 12);
    });
  }
});
