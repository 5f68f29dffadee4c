/**
 * The capsule pairs allocate nothing a call, on every path: at tolerance 0 and at a tolerance
 * that is not a small integer (a double argument across a call V8 does not inline costs a heap
 * number, PERFORMANCE.md), with cores apart and entering (a distance of exactly 0 once reached
 * `Math.hypot`, which allocates its arguments' array), capsules of half length 0, buffers that
 * overflow.
 *
 * No timing: the heap's growth over many calls after a full collection, as the benchmark's
 * `bytesPerCall` (benchmarks/src/measure.ts) counts bytes. The detectors are warmed up first, so
 * that the optimized code is measured; the least of several samples is kept, since code and
 * feedback V8 makes meanwhile only add. A call that allocates anything allocates a heap number
 * (16 bytes) or more, against a bound of 2 bytes a call.
 */
import { Random } from '@contactkit/test-support';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { collide } from './collide.js';
import { CollisionData } from './manifold/collision-data.js';
import { PairCache } from './manifold/pair-cache.js';
import { collideBoxCapsule } from './pairs/box-capsule.js';
import { collideCapsuleCapsule } from './pairs/capsule-capsule.js';
import { collideCapsuleHalfSpace } from './pairs/capsule-half-space.js';
import { collideCapsulePlane } from './pairs/capsule-plane.js';
import { collideCapsuleSphere } from './pairs/capsule-sphere.js';
import { collideConvexHullCapsule } from './pairs/convex-hull-capsule.js';
import { Capsule } from './shapes/capsule.js';
import { ConvexHull } from './shapes/convex-hull.js';
import { type AnyPrimitive, Box, HalfSpace, Plane, Sphere } from './shapes/primitives.js';

type Shape = AnyPrimitive;

// A function that collects garbage on request: V8's flag, then the function it defines.
setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

/** Configurations per pair. */
const COUNT = 256;
const WARM_UP_CALLS = 100_000;
const SAMPLE_CALLS = 20_000;
const SAMPLES = 6;
/** Bytes a call above which a detector allocates: one heap number is 16. */
const BOUND = 2;

type Detector = (a: Shape, b: Shape, data: CollisionData, cache?: PairCache) => number;

/** Bytes a call of `detector` over `pairs`, the least of `SAMPLES` samples after a warm-up. */
function bytesPerCall(
  detector: Detector,
  pairs: readonly (readonly [Shape, Shape])[],
  data: CollisionData,
): number {
  const run = (i: number): number => {
    data.reset();
    const pair = pairs[i % pairs.length]!;
    return detector(pair[0], pair[1], data);
  };
  let contacts = 0;
  for (let k = 0; k < WARM_UP_CALLS; k++) contacts += run(k);
  let least = Infinity;
  for (let sample = 0; sample < SAMPLES; sample++) {
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    // Small integers only: an interpreted loop boxes a floating-point sum.
    for (let k = 0; k < SAMPLE_CALLS; k++) contacts += run(k);
    const after = process.memoryUsage().heapUsed;
    least = Math.min(least, (after - before) / SAMPLE_CALLS);
  }
  expect(contacts).toBeGreaterThan(0);
  return least;
}

function rotation(random: Random): number[] {
  return random.rotation();
}
function point(random: Random, extent: number): number[] {
  return [
    random.range(-extent, extent),
    random.range(-extent, extent),
    random.range(-extent, extent),
  ];
}
/** A capsule of half length 0 one time in eight. */
function capsule(random: Random, position: number[]): Capsule {
  const halfLength = random.int(8) === 0 ? 0 : random.range(0.1, 1);
  return new Capsule(random.range(0.05, 0.5), halfLength).setPose(position, rotation(random));
}

/**
 * Pairs from `make`: one in four with the second shape's centre at the first's (cores that
 * cross: a distance of exactly 0), the rest within `extent` of it.
 */
function pairsOf(
  seed: number,
  extent: number,
  make: (random: Random, at: number[]) => readonly [Shape, Shape],
): (readonly [Shape, Shape])[] {
  const random = new Random(seed);
  const pairs: (readonly [Shape, Shape])[] = [];
  for (let i = 0; i < COUNT; i++) {
    pairs.push(make(random, random.int(4) === 0 ? [0, 0, 0] : point(random, extent)));
  }
  return pairs;
}

function hullPoints(random: Random): number[] {
  const points: number[] = [];
  for (let k = 0; k < 16; k++) {
    const v = random.unitVector();
    points.push(0.8 * v[0]!, 0.6 * v[1]!, 0.5 * v[2]!);
  }
  return points;
}

const random = new Random(23);
const hull = ConvexHull.fromPoints(hullPoints(random));
const PAIRS: Record<string, { detector: Detector; pairs: (readonly [Shape, Shape])[]; }> = {
  'capsule-sphere': {
    detector: collideCapsuleSphere as Detector,
    pairs: pairsOf(1, 1.2, (r, at) => [
      capsule(r, [0, 0, 0]),
      new Sphere(r.range(0.05, 0.5)).setPose(at, [0, 0, 0, 1]),
    ]),
  },
  'capsule-half-space': {
    detector: collideCapsuleHalfSpace as Detector,
    pairs: pairsOf(2, 1, (r, at) => [capsule(r, at), new HalfSpace(r.unitVector(), 0)]),
  },
  'capsule-plane': {
    detector: collideCapsulePlane as Detector,
    pairs: pairsOf(3, 1, (r, at) => [capsule(r, at), new Plane(r.unitVector(), 0)]),
  },
  'capsule-capsule': {
    detector: collideCapsuleCapsule as Detector,
    pairs: pairsOf(4, 1, (r, at) => [capsule(r, [0, 0, 0]), capsule(r, at)]),
  },
  'box-capsule': {
    detector: collideBoxCapsule as Detector,
    pairs: pairsOf(5, 1.5, (r, at) => [
      new Box([r.range(0.001, 1), r.range(0.2, 1), r.range(0.2, 1)]).setPose(
        [0, 0, 0],
        rotation(r),
      ),
      capsule(r, at),
    ]),
  },
  'hull-capsule': {
    detector: collideConvexHullCapsule as Detector,
    pairs: pairsOf(6, 1.3, (r, at) => [
      ConvexHull.fromPoints(hull.vertices).setPose([0, 0, 0], rotation(r)),
      capsule(r, at),
    ]),
  },
};

describe('the capsule pairs allocate nothing', () => {
  for (const [name, { detector, pairs }] of Object.entries(PAIRS)) {
    for (const tolerance of [0, 0.05]) {
      it(`${name} at tolerance ${tolerance}`, () => {
        const data = new CollisionData({ capacity: 16, tolerance });
        expect(bytesPerCall(detector, pairs, data)).toBeLessThan(BOUND);
      });
    }
  }

  it('through collide, in both argument orders, with a buffer that overflows', () => {
    const data = new CollisionData({ capacity: 1, tolerance: 0.05 });
    const mixed = Object.values(PAIRS).flatMap(({ pairs }) =>
      pairs.slice(0, COUNT / 4).flatMap(([a, b]) => [[a, b] as const, [b, a] as const])
    );
    expect(bytesPerCall(collide as Detector, mixed, data)).toBeLessThan(BOUND);
  });

  it('box-capsule and hull-capsule with a pair cache each (the cached axis path)', () => {
    const data = new CollisionData({ capacity: 16, tolerance: 0.05 });
    for (const name of ['box-capsule', 'hull-capsule']) {
      const { detector, pairs } = PAIRS[name]!;
      const caches = new Map(pairs.map(([a]) => [a, new PairCache()] as const));
      const cached: Detector = (a, b, d) => detector(a, b, d, caches.get(a));
      expect(bytesPerCall(cached, pairs, data), name).toBeLessThan(BOUND);
      const separated = [...caches.values()].filter((cache) => cache.lastPath === 'separated');
      expect(separated.length, name).toBeGreaterThan(0);
    }
  });

  it('a planted allocation, an object a call, is seen: the bound can fail', () => {
    // Each call keeps a fresh object alive.
    const kept: object[] = [];
    const allocating: Detector = (a, b, data) => {
      kept[kept.length & 1023] = { a, b };
      return collideCapsuleSphere(a as Capsule, b as Sphere, data);
    };
    const data = new CollisionData({ capacity: 16, tolerance: 0 });
    expect(bytesPerCall(allocating, PAIRS['capsule-sphere']!.pairs, data)).toBeGreaterThan(BOUND);
  });
});
