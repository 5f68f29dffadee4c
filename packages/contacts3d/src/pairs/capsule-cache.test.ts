/**
 * `PairCache` on the capsule's pairs against boxes and hulls (box-capsule.ts,
 * convex-hull-capsule.ts): over random motion sequences every call with a cache must write
 * exactly what the same call without one writes, number for number. The sequences: a capsule
 * resting on or near the other shape and jittered, sliding, moving away and coming back, or
 * spinning fast; sizes 1e-3 to 1e3, coordinates near 1e5, half length 0, slivers and the other
 * hostile hull clouds of hull-oracle.ts, touching starts, tolerance 0 and speculative.
 */
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide } from '../collide.js';
import { CollisionData } from '../manifold/collision-data.js';
import { PairCache, type PairCachePath } from '../manifold/pair-cache.js';
import { Capsule } from '../shapes/capsule.js';
import { ConvexHull } from '../shapes/convex-hull.js';
import { Box } from '../shapes/primitives.js';
import {
  type Pose,
  framePoses,
  FRAMES,
  MOTIONS,
  contactsOf,
  same,
} from '../test-support/frame-sequences.js';
import { randomHull } from '../test-support/hull-oracle.js';
import { add, scale, type Vec3 } from '../test-support/shapes.js';
import { collideBoxCapsule } from './box-capsule.js';
import { collideConvexHullCapsule } from './convex-hull-capsule.js';

const DEFAULT_RUNS = 10_000;
const RUNS = Math.max(DEFAULT_RUNS, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0xca9c) >>> 0;

interface Sequence {
  other: Box | ConvexHull;
  capsule: Capsule;
  /** The capsule's pose frame by frame (the other shape stays at `offset`). */
  poses: Pose[];
  offset: Vec3;
  tolerance: number;
  label: string;
}

/**
 * A capsule near a box or a hull of size `s`: its centre at a random direction from the other's
 * centre, between inside and 1.5 times the pair's reach away, then moved frame by frame by one
 * of the `MOTIONS` (`framePoses`, steps up to a tenth of the size).
 */
function randomSequence(random: Random, kind: 'box' | 'hull'): Sequence {
  const s = random.logRange(1e-3, 1e3);
  const offset: Vec3 = random.chance(0.1) ? [1e5, -1e5, 1e5] : [0, 0, 0];
  let other: Box | ConvexHull;
  if (kind === 'box') {
    const h: Vec3 = [random.range(0.2, 1) * s, random.range(0.2, 1) * s, random.range(0.2, 1) * s];
    // A sliver box one time in ten.
    if (random.chance(0.1)) h[random.int(3)] = 1e-3 * s;
    other = new Box(h);
  } else {
    other = ConvexHull.fromPoints(randomHull(random, [0, 0, 0, 1], s).points);
  }
  other.setPose(offset, random.rotation());
  const radius = random.logRange(0.02, 0.5) * s;
  const halfLength = random.chance(0.1) ? 0 : random.range(0.1, 1.5) * s;
  const capsule = new Capsule(radius, halfLength);
  const reach = 1.8 * s + radius + halfLength;
  const motion = random.pick(MOTIONS);
  const start: Pose = {
    position: add(offset, scale(random.unitVector(), random.range(0, 1.5) * reach)),
    rotation: random.rotation(),
  };
  const poses = framePoses(random, start, s, motion, 0.1);
  const tolerance = random.chance(0.3) ? random.range(0, 0.05) * s : 0;
  return {
    other,
    capsule,
    poses,
    offset,
    tolerance,
    label:
      `${kind} ${motion} size ${s} radius ${radius} halfLength ${halfLength} tolerance ${tolerance}`,
  };
}

type Detect = (
  other: Box | ConvexHull,
  capsule: Capsule,
  data: CollisionData,
  cache?: PairCache,
) => number;

/**
 * Runs `count` sequences of `kind`: each frame the detector with and without its cache, and
 * `collide` in the capsule-first order with a cache of its own; every cached answer must equal
 * the uncached one. Returns how often each path answered.
 */
function check(kind: 'box' | 'hull', detect: Detect, count: number): Record<PairCachePath, number> {
  const random = new Random(SEED + (kind === 'box' ? 0 : 1));
  const paths: Record<PairCachePath, number> = { full: 0, separated: 0, recycled: 0 };
  const plain = new CollisionData({ capacity: 8 });
  const cached = new CollisionData({ capacity: 8 });
  for (let run = 0; run < count; run++) {
    const sequence = randomSequence(random, kind);
    plain.tolerance = cached.tolerance = sequence.tolerance;
    const direct = new PairCache(), mirrored = new PairCache();
    for (let f = 0; f < FRAMES; f++) {
      sequence.capsule.setPose(sequence.poses[f]!.position, sequence.poses[f]!.rotation);
      plain.reset();
      const expected = contactsOf(plain, detect(sequence.other, sequence.capsule, plain));
      cached.reset();
      const got = contactsOf(cached, detect(sequence.other, sequence.capsule, cached, direct));
      paths[direct.lastPath]++;
      if (!same(got, expected)) {
        expect(got, `${sequence.label}, frame ${f}, path ${direct.lastPath}`).toEqual(expected);
      }
      plain.reset();
      const mirroredExpected = contactsOf(plain, collide(sequence.capsule, sequence.other, plain));
      cached.reset();
      const mirroredGot = contactsOf(
        cached,
        collide(sequence.capsule, sequence.other, cached, mirrored),
      );
      if (!same(mirroredGot, mirroredExpected)) {
        expect(mirroredGot, `${sequence.label}, frame ${f}, through collide`).toEqual(
          mirroredExpected,
        );
      }
    }
  }
  return paths;
}

describe('PairCache on capsules against boxes and hulls gives exactly the uncached contacts', () => {
  it(`box-capsule over ${RUNS} motion sequences`, () => {
    const paths = check('box', collideBoxCapsule as Detect, RUNS);
    // The shortcut is taken, not just harmless: a pair apart stays apart for several frames.
    expect(paths.separated / (FRAMES * RUNS), JSON.stringify(paths)).toBeGreaterThan(0.1);
    expect(paths.recycled).toBe(0);
  }, 300_000);

  it(`convex-hull-capsule over ${RUNS} motion sequences`, () => {
    const paths = check('hull', collideConvexHullCapsule as Detect, RUNS);
    expect(paths.separated / (FRAMES * RUNS), JSON.stringify(paths)).toBeGreaterThan(0.1);
    expect(paths.recycled).toBe(0);
  }, 300_000);

  it('ends a call on the cached axis only while the pair stays apart', () => {
    const box = new Box([1, 1, 1]);
    const capsule = new Capsule(0.25, 0.5).setPose([3, 0, 0], [0, 0, 0, 1]);
    const data = new CollisionData({ capacity: 4 });
    const cache = new PairCache();
    expect(collideBoxCapsule(box, capsule, data, cache)).toBe(0);
    expect(cache.lastPath).toBe('full');
    capsule.setPose([2.5, 0, 0], [0, 0, 0, 1]);
    expect(collideBoxCapsule(box, capsule, data, cache)).toBe(0);
    expect(cache.lastPath).toBe('separated');
    // Touching the face x = 1 along the capsule's side: depth 0.05, two points.
    capsule.setPose([1.2, 0, 0], [0, 0, 0, 1]);
    data.reset();
    expect(collideBoxCapsule(box, capsule, data, cache)).toBe(2);
    expect(cache.lastPath).toBe('full');
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.05, 12);
  });
});
