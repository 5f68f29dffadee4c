/**
 * `PairCache` over random frame sequences: a pair moved a little every frame, as a solver moves
 * the pairs of a settled scene, from 1e-3 to 1e3 in size and near 1e5 in position, touching,
 * resting, at identical poses, separating and coming back, spinning. Without recycling every call
 * with the cache must write exactly what the call without it writes; with recycling, the
 * contacts must stay within the README's bounds and never outlive a pair that separated.
 */
import { describe, expect, it } from 'vitest';
import { Random } from '@contactkit/test-support';
import { collide } from '../collide.js';
import { collideBoxBox } from '../pairs/box-box.js';
import { collideBoxConvexHull } from '../pairs/box-convex-hull.js';
import { collideBoxHalfSpace } from '../pairs/box-half-space.js';
import { collideConvexHullConvexHull } from '../pairs/convex-hull-convex-hull.js';
import { collideSphereSphere } from '../pairs/sphere-sphere.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box, HalfSpace, Sphere } from '../shapes/primitives.js';
import { randomConfiguration } from '../test-support/generate.js';
import {
  contactsOf,
  FRAMES,
  framePoses,
  MOTIONS,
  type Pose,
  same,
} from '../test-support/frame-sequences.js';
import { randomHull } from '../test-support/hull-oracle.js';
import { add, length, scale, type Vec3 } from '../test-support/shapes.js';
import { CollisionData } from './collision-data.js';
import { PairCache, type PairCachePath } from './pair-cache.js';

const DEFAULT_RUNS = 10_000;
const RUNS = Math.max(DEFAULT_RUNS, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0xcac4e) >>> 0;
interface Sequence<S> {
  first: S;
  second: S;
  /** Poses of the first shape, then of the second, frame by frame. */
  firstPoses: Pose[];
  secondPoses: Pose[];
  /** The smaller shape's size and the larger bounding radius (for the recycling bounds). */
  size: number;
  radius: number;
  label: string;
}

/** Shapes far from the origin in some sequences: the same offset for both. */
function farOffset(random: Random): Vec3 {
  return random.chance(0.1) ? [1e5, -1e5, 1e5] : [0, 0, 0];
}

/** A box-box sequence: a random, touching or resting configuration, or two equal boxes at one pose. */
function boxSequence(random: Random): Sequence<Box> {
  const configuration = randomConfiguration(random, 'box-box');
  if (configuration.first.kind !== 'box' || configuration.second.kind !== 'box') {
    throw new Error('box-box configurations hold boxes');
  }
  const s = random.logRange(1e-3, 1e3), offset = farOffset(random);
  let firstSpec = configuration.first, secondSpec = configuration.second;
  const identical = random.chance(0.05);
  if (identical) secondSpec = { ...firstSpec };
  const first = new Box(scale(firstSpec.halfSize, s));
  const second = new Box(scale(secondSpec.halfSize, s));
  const size = Math.min(Math.max(...first.halfSize), Math.max(...second.halfSize));
  const motion = random.pick(MOTIONS);
  const start: Pose = {
    position: add(scale(firstSpec.position, s), offset),
    rotation: firstSpec.rotation,
  };
  const fixed: Pose = {
    position: add(scale(secondSpec.position, s), offset),
    rotation: secondSpec.rotation,
  };
  return {
    first,
    second,
    firstPoses: framePoses(random, start, size, motion),
    secondPoses: Array.from({ length: FRAMES }, () => fixed),
    size,
    radius: Math.max(length(Array.from(first.halfSize)), length(Array.from(second.halfSize))),
    label: `${identical ? 'identical' : configuration.mode} ${motion} size ${s}`,
  };
}

/** A hull-hull sequence: two random hulls (hostile clouds, 1e-3 to 1e3) near each other. */
function hullSequence(random: Random): Sequence<ConvexHull> {
  const size = random.logRange(1e-3, 1e3), offset = farOffset(random);
  const a = randomHull(random, random.rotation(), size);
  const b = randomHull(random, random.rotation(), size * random.logRange(0.3, 3));
  const first = ConvexHull.fromPoints(a.points), second = ConvexHull.fromPoints(b.points);
  const reach = first.size + second.size;
  const identical = random.chance(0.05);
  const second2 = identical ? first : second;
  const start: Pose = {
    position: add(scale(random.unitVector(), random.range(0, 1.2) * reach), offset),
    rotation: a.rotation,
  };
  const fixed: Pose = identical ? start : { position: offset, rotation: b.rotation };
  const motion = random.pick(MOTIONS);
  const smaller = Math.min(first.size, second2.size);
  return {
    first,
    second: identical ? ConvexHull.fromPoints(a.points) : second2,
    firstPoses: framePoses(random, start, smaller, motion),
    secondPoses: Array.from({ length: FRAMES }, () => fixed),
    size: smaller,
    radius: 2 * Math.max(first.size, second2.size),
    label: `hulls ${identical ? 'identical' : ''} ${motion} size ${size}`,
  };
}

type Detector<S> = (a: S, b: S, data: CollisionData, cache?: PairCache) => number;

/**
 * Runs `sequences` frame by frame, each pair with one cache, both argument orders with their own
 * cache; `check` sees the uncached and the cached contacts of every call. Returns how often each
 * path answered.
 */
function runSequences<S extends Box | ConvexHull>(
  sequences: Sequence<S>[],
  detect: Detector<S>,
  options: { recycle: boolean; tolerance: number; },
  check: (
    uncached: number[][],
    cached: number[][],
    path: PairCachePath,
    sequence: Sequence<S>,
    frame: number,
  ) => void,
): Record<PairCachePath, number> {
  const paths: Record<PairCachePath, number> = { full: 0, separated: 0, recycled: 0 };
  const plain = new CollisionData({ capacity: 64, tolerance: options.tolerance });
  const withCache = new CollisionData({ capacity: 64, tolerance: options.tolerance });
  for (const sequence of sequences) {
    const forward = new PairCache({ recycle: options.recycle });
    const backward = new PairCache({ recycle: options.recycle });
    for (let f = 0; f < FRAMES; f++) {
      const p = sequence.firstPoses[f]!, q = sequence.secondPoses[f]!;
      sequence.first.setPose(p.position, p.rotation);
      sequence.second.setPose(q.position, q.rotation);
      for (
        const [a, b, cache] of [
          [sequence.first, sequence.second, forward],
          [sequence.second, sequence.first, backward],
        ] as const
      ) {
        plain.reset();
        withCache.reset();
        const uncached = contactsOf(plain, detect(a, b, plain));
        const cached = contactsOf(withCache, detect(a, b, withCache, cache));
        paths[cache.lastPath]++;
        check(uncached, cached, cache.lastPath, sequence, f);
      }
    }
  }
  return paths;
}

function boxSequences(seed: number, count: number): Sequence<Box>[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => boxSequence(random));
}

function hullSequences(seed: number, count: number): Sequence<ConvexHull>[] {
  const random = new Random(seed);
  return Array.from({ length: count }, () => hullSequence(random));
}

/** A failure message naming the sequence and frame. */
function where<S>(sequence: Sequence<S>, frame: number): string {
  return `${sequence.label}, frame ${frame}`;
}

describe('PairCache without recycling gives exactly the uncached contacts', () => {
  it(`box-box over ${RUNS} frame sequences, tolerance 0 and speculative`, () => {
    const sequences = boxSequences(SEED, RUNS);
    for (const tolerance of [0, 0.01]) {
      // The speculative tolerance on every third sequence.
      const paths = runSequences(
        tolerance === 0 ? sequences : sequences.filter((_, k) => k % 3 === 0),
        collideBoxBox,
        { recycle: false, tolerance },
        (uncached, cached, path, sequence, frame) => {
          if (!same(cached, uncached)) {
            expect(cached, `${where(sequence, frame)}, path ${path}`).toEqual(uncached);
          }
        },
      );
      // The shortcut is taken, not just harmless: the cached axis in separated pairs.
      const calls = 2 * FRAMES * (tolerance === 0 ? RUNS : RUNS / 3);
      expect(paths.separated / calls, JSON.stringify(paths)).toBeGreaterThan(0.1);
      expect(paths.recycled).toBe(0);
    }
  }, 300_000);

  it(`hull-hull and box-hull over ${RUNS / 4} frame sequences`, () => {
    const sequences = hullSequences(SEED + 1, RUNS / 4);
    const paths = runSequences(
      sequences,
      collideConvexHullConvexHull,
      { recycle: false, tolerance: 0 },
      (uncached, cached, path, sequence, frame) => {
        if (!same(cached, uncached)) {
          expect(cached, `${where(sequence, frame)}, path ${path}`).toEqual(uncached);
        }
      },
    );
    expect(paths.separated, JSON.stringify(paths)).toBeGreaterThan(FRAMES * RUNS * 0.05);
    // A box against each hull sequence's second hull: the box seen as a hull shares the cache code.
    const random = new Random(SEED + 2);
    const box = new Box([1, 1, 1]);
    const plain = new CollisionData({ capacity: 64 }),
      withCache = new CollisionData({ capacity: 64 });
    for (const sequence of sequences.slice(0, RUNS / 10)) {
      box.setHalfSize(scale([random.range(0.3, 1), random.range(0.3, 1), 1], sequence.size));
      const cache = new PairCache();
      for (let f = 0; f < FRAMES; f++) {
        const p = sequence.firstPoses[f]!;
        box.setPose(p.position, p.rotation);
        plain.reset();
        withCache.reset();
        const uncached = contactsOf(plain, collideBoxConvexHull(box, sequence.second, plain));
        const cached = contactsOf(
          withCache,
          collideBoxConvexHull(box, sequence.second, withCache, cache),
        );
        if (!same(cached, uncached)) {
          expect(cached, where(sequence, f)).toEqual(uncached);
        }
      }
      box.setHalfSize([1, 1, 1]);
    }
  }, 300_000);
});

/** The deepest penetration of a contact list (-Infinity when empty). */
function deepestOf(contacts: number[][]): number {
  return contacts.reduce((deepest, c) => Math.max(deepest, c[6]!), -Infinity);
}

describe('PairCache with recycling stays within its bounds', () => {
  /**
   * Delta = distance * size + angle * radius: how far a recycled witness may have moved relative
   * to the other shape since the contacts were computed (the README's bound).
   */
  function delta<S>(sequence: Sequence<S>): number {
    return 0.005 * sequence.size + 0.01 * sequence.radius;
  }

  function checkRecycled<S>(
    uncached: number[][],
    cached: number[][],
    path: PairCachePath,
    sequence: Sequence<S>,
    frame: number,
  ): void {
    // A pair the full computation finds apart keeps no contact.
    if (uncached.length === 0 && cached.length > 0) {
      expect(cached, `stale contact: ${where(sequence, frame)}`).toEqual([]);
    }
    if (path !== 'recycled') {
      if (!same(cached, uncached)) expect(cached, where(sequence, frame)).toEqual(uncached);
      return;
    }
    const bound = 2 * delta(sequence);
    const deepest = deepestOf(cached), truth = deepestOf(uncached);
    if (!(Math.abs(deepest - truth) <= bound)) {
      expect(deepest, `deepest: ${where(sequence, frame)}, bound ${bound}`).toBeCloseTo(truth);
    }
    for (const contact of cached) {
      const match = uncached.find((c) => c[8] === contact[8]);
      if (match === undefined) continue;
      if (!(Math.abs(match[6]! - contact[6]!) <= bound)) {
        expect(contact[6], `feature ${contact[8]}: ${where(sequence, frame)}, bound ${bound}`)
          .toBeCloseTo(match[6]!);
      }
    }
  }

  it(`box-box over ${RUNS} frame sequences`, () => {
    const paths = runSequences(
      boxSequences(SEED + 3, RUNS),
      collideBoxBox,
      { recycle: true, tolerance: 0 },
      checkRecycled,
    );
    expect(paths.recycled / (2 * FRAMES * RUNS), JSON.stringify(paths)).toBeGreaterThan(0.05);
  }, 300_000);

  it(`hull-hull over ${RUNS / 4} frame sequences`, () => {
    const paths = runSequences(
      hullSequences(SEED + 4, RUNS / 4),
      collideConvexHullConvexHull,
      { recycle: true, tolerance: 0 },
      checkRecycled,
    );
    expect(paths.recycled, JSON.stringify(paths)).toBeGreaterThan(0);
  }, 300_000);
});

describe('PairCache', () => {
  it('starts afresh for another pair or the other argument order', () => {
    const data = new CollisionData({ capacity: 16 });
    const slab = new Box([2, 0.5, 2]).setPose([0, -0.5, 0], [0, 0, 0, 1]);
    const crate = new Box([0.5, 0.5, 0.5]).setPose([0.3, 0.499, 0], [0, 0.01, 0, 1]);
    const other = new Box([0.5, 0.5, 0.5]).setPose([0.3, 0.499, 0], [0, 0.02, 0, 1]);
    const cache = new PairCache({ recycle: true });
    collideBoxBox(crate, slab, data, cache);
    expect(cache.lastPath).toBe('full');
    collideBoxBox(crate, slab, data, cache);
    expect(cache.lastPath).toBe('recycled');
    // The other order: afresh, and the same contacts as without a cache (normals negated).
    data.reset();
    const count = collideBoxBox(slab, crate, data, cache);
    expect(cache.lastPath).toBe('full');
    const plain = new CollisionData({ capacity: 16 });
    expect(contactsOf(data, count)).toEqual(contactsOf(plain, collideBoxBox(slab, crate, plain)));
    // Another pair: afresh, its own contacts (not the recycled ones of the last pair).
    data.reset();
    plain.reset();
    const again = collideBoxBox(other, slab, data, cache);
    expect(cache.lastPath).toBe('full');
    expect(contactsOf(data, again)).toEqual(contactsOf(plain, collideBoxBox(other, slab, plain)));
    // A resized box: afresh as well.
    collideBoxBox(other, slab, data, cache);
    other.setHalfSize([0.4, 0.5, 0.5]);
    data.reset();
    plain.reset();
    const resized = collideBoxBox(other, slab, data, cache);
    expect(cache.lastPath).toBe('full');
    expect(contactsOf(data, resized)).toEqual(contactsOf(plain, collideBoxBox(other, slab, plain)));
  });

  it("tests a box pair's cached axis in the roles it was found in, in either argument order", () => {
    // A unit cube 0.1 above a slab turned 45 degrees about z: only the slab's face axis b_1
    // separates them (the cube, the smaller box, is A). Along the cube's own y axis (the same
    // number in swapped roles) they overlap: the slab reaches 2 sin 45 + 0.5 cos 45 = 1.77 up
    // from its centre, the cube comes down to 1.307 sin 45 - 0.5 = 0.42.
    const n: Vec3 = [-Math.SQRT1_2, Math.SQRT1_2, 0];
    const slab = new Box([2, 0.5, 2]).setPose([0, 0, 0], [
      0,
      0,
      Math.sin(Math.PI / 8),
      Math.cos(Math.PI / 8),
    ]);
    const cube = new Box([0.5, 0.5, 0.5]).setPose(scale(n, 0.5 + Math.SQRT1_2 + 0.1), [0, 0, 0, 1]);
    const data = new CollisionData({ capacity: 16 });
    for (const [first, second] of [[slab, cube], [cube, slab]] as const) {
      const cache = new PairCache();
      expect(collideBoxBox(first, second, data, cache)).toBe(0);
      expect(cache.lastPath).toBe('full');
      expect(cache.boxBox.separatingAxis).toBe(4);
      expect(collideBoxBox(first, second, data, cache)).toBe(0);
      expect(cache.lastPath).toBe('separated');
    }
    expect(data.contactCount).toBe(0);
  });

  it('reaches the detector through collide, in either order, and is ignored where unused', () => {
    const data = new CollisionData({ capacity: 16 });
    const slab = new Box([2, 0.5, 2]).setPose([0, -0.5, 0], [0, 0, 0, 1]);
    const hull = ConvexHull.fromPoints([
      [-0.5, -0.5, -0.5],
      [0.5, -0.5, -0.5],
      [0, -0.5, 0.5],
      [0, 0.5, 0],
    ]).setPose([0, 0.499, 0], [0, 0, 0, 1]);
    const cache = new PairCache({ recycle: true });
    collide(hull, slab, data, cache);
    collide(hull, slab, data, cache);
    expect(cache.lastPath).toBe('recycled');
    const ball = new Sphere(1).setPose([0, 0, 0], [0, 0, 0, 1]);
    const other = new Sphere(1).setPose([1.5, 0, 0], [0, 0, 0, 1]);
    data.reset();
    expect(collideSphereSphere(ball, other, data, new PairCache())).toBe(1);
    data.reset();
    const floor = new HalfSpace([0, 1, 0], 0);
    expect(collideBoxHalfSpace(new Box([1, 1, 1]), floor, data, new PairCache())).toBe(4);
  });

  it('refuses bad options, naming them', () => {
    expect(() => new PairCache(null as never)).toThrow(TypeError);
    expect(() => new PairCache({ recycle: 'yes' as never })).toThrow(/recycle/);
    expect(() => new PairCache({ recycle: { distance: -1 } })).toThrow(
      /recycle\.distance must be a finite number > 0, got -1/,
    );
    expect(() => new PairCache({ recycle: { angle: NaN } })).toThrow(/recycle\.angle/);
    const cache = new PairCache({ recycle: { distance: 0.01 } });
    expect([cache.recycleDistance, cache.recycleAngle]).toEqual([0.01, 0.01]);
    expect(new PairCache().recycleDistance).toBe(0);
  });
});
