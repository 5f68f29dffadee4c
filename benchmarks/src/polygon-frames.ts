/**
 * The polygon frame rows: convex polygon pairs called frame after frame, as a physics engine calls
 * its narrowphase, with and without a `PairCache2` per pair (broadphase excluded).
 * - "polygon-frame": resting pairs (the configurations of the polygon-polygon row, overlapping,
 *   touching and separated), each shape jittered about its rest pose in every frame as a solver
 *   leaves it.
 * - "polygon-frame-moving": the same pairs, the second shape sliding 1% of the centres' distance and
 *   turning 0.02 radians a frame (a pair that moves: the cache must prove its edge anew).
 * Configuration `i` is pair `i % FRAME_PAIRS` in frame `i / FRAME_PAIRS`; the timing loop walks
 * them in order, so every pair sees its own previous frame one round of pairs earlier. Our rows
 * set both polygons' poses (`setPose`) before each call; planck gets each configuration's
 * shapes and transforms made before timing (it has no per-pair state to keep).
 */
import {
  CollisionData2,
  collidePolygonPolygon,
  PairCache2,
  Polygon,
} from '@contactkit/collision2d';
import { Random } from '@contactkit/test-support';
import { FRAME_PAIRS, FRAMES, JITTER_ANGLE, JITTER_DISTANCE } from './frame.js';
import { contactkitImplementation, type Implementation } from './harness.js';
import { type Pair, type PolygonSpec, polygonPolygonPairs } from './inputs.js';

/** How the shapes move from frame to frame. */
export type PolygonMotion = 'resting' | 'moving';

/** `FRAMES` frames of `FRAME_PAIRS` polygon pairs (see the file header). */
export function polygonFrames(
  seed: number,
  motion: PolygonMotion,
): Pair<PolygonSpec, PolygonSpec>[] {
  const rest = polygonPolygonPairs(FRAME_PAIRS, seed) as Pair<PolygonSpec, PolygonSpec>[];
  const random = new Random(seed + 1);
  const jitter = (spec: PolygonSpec): PolygonSpec => {
    const direction = random.range(-Math.PI, Math.PI), distance = JITTER_DISTANCE * random.next();
    return {
      ...spec,
      position: [
        spec.position[0] + distance * Math.cos(direction),
        spec.position[1] + distance * Math.sin(direction),
      ],
      angle: spec.angle + JITTER_ANGLE * random.range(-1, 1),
    };
  };
  const frames: Pair<PolygonSpec, PolygonSpec>[] = [];
  for (let f = 0; f < FRAMES; f++) {
    for (const pair of rest) {
      if (motion === 'resting') {
        frames.push({ category: pair.category, a: jitter(pair.a), b: jitter(pair.b) });
        continue;
      }
      // Sliding along a fixed direction per pair and turning, out and back over the frames.
      const size = Math.hypot(
        pair.b.position[0] - pair.a.position[0],
        pair.b.position[1] - pair.a.position[1],
      ) ||
        1;
      const step = (f < FRAMES / 2 ? f : FRAMES - f) * 0.01 * size;
      const b = pair.b;
      frames.push({
        category: pair.category,
        a: pair.a,
        b: {
          ...b,
          position: [b.position[0] + step, b.position[1] + 0.5 * step],
          angle: b.angle + 0.02 * f,
        },
      });
    }
  }
  return frames;
}

/** One shape of one configuration: the pair's polygon, the pose to set, the pair's cache. */
interface Posed {
  shape: Polygon;
  position: Float64Array;
  angle: number;
  cache: PairCache2 | undefined;
}

/**
 * contactkit on the frames: one pair of `Polygon`s per pair, posed by `setPose` before each call,
 * one `PairCache2` per pair when `cached`, one CollisionData2 (capacity 16, tolerance 0).
 */
export function contactkitPolygonFrames(
  frames: readonly Pair<PolygonSpec, PolygonSpec>[],
  cached: boolean,
  call: string,
): Implementation {
  const make = (side: 'a' | 'b'): Polygon[] =>
    Array.from({ length: FRAME_PAIRS }, (_, p) => new Polygon(frames[p]![side].points));
  const first = make('a'), second = make('b');
  const caches = Array.from({ length: FRAME_PAIRS }, () => (cached ? new PairCache2() : undefined));
  const posed = (side: 'a' | 'b', list: Polygon[]): Posed[] =>
    frames.map((pair, i) => ({
      shape: list[i % FRAME_PAIRS]!,
      position: Float64Array.from(pair[side].position),
      angle: pair[side].angle,
      cache: caches[i % FRAME_PAIRS],
    }));
  const pose = (entry: Posed): Polygon => entry.shape.setPose(entry.position, entry.angle);
  return contactkitImplementation(
    posed('a', first),
    posed('b', second),
    new CollisionData2({ capacity: 16, tolerance: 0 }),
    (a, b, data) => collidePolygonPolygon(pose(a), pose(b), data, a.cache),
    call,
  );
}
