/**
 * The "frame" row: the resting box-box pairs of a settled scene, called frame after frame as a
 * physics engine calls its narrowphase, each box jittered about its rest pose every frame as a
 * solver leaves it. Configuration `i` is pair `i % PAIRS` in frame `i / PAIRS`; the timing loop
 * walks them in order, so every pair sees its own previous frame one round of pairs earlier (and
 * the last frame wraps to the first, one more jitter). Every library sets both bodies' poses from
 * a position and a quaternion before each call (our `setPose`, OimoPhysics's `setPosition` and
 * `setOrientation`, Rapier's collider `setTranslation` and `setRotation`), and keeps its per-pair
 * state across frames:
 * ours a `PairCache` per pair (none, the separating-axis cache, or with recycling too),
 * OimoPhysics its `CachedDetectorData` per pair (its box-box detector keeps nothing in it).
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { oimo } from 'oimophysics';
import { Box, CollisionData, PairCache, collideBoxBox } from '@contactkit/contacts3d';
import { Random } from '@contactkit/test-support';
import { rapierRow } from './adapters3d.js';
import { type Implementation, deepest, sink } from './harness.js';
import { type BoxSpec, type Pair, boxStackPairs } from './inputs.js';

/** Resting pairs per frame, and frames: 64 x 16 = the 1024 configurations of every row. */
export const FRAME_PAIRS = 64;
export const FRAMES = 16;
/**
 * A solver's jitter about the rest pose, per frame: up to this far (world units; boxes of half
 * size 0.4 to 0.6) and this angle (radians).
 */
export const JITTER_DISTANCE = 5e-4;
export const JITTER_ANGLE = 5e-4;

type Vec3 = [number, number, number];
type Quat = [number, number, number, number];

/** q * r (Hamilton product, [x, y, z, w]). */
function multiply(q: Quat, r: Quat): Quat {
  const [ax, ay, az, aw] = q, [bx, by, bz, bw] = r;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

/** A pose jittered by up to JITTER_DISTANCE and JITTER_ANGLE in random directions. */
function jitter(random: Random, spec: BoxSpec): BoxSpec {
  const direction = random.unitVector(), axis = random.unitVector();
  const distance = JITTER_DISTANCE * random.next(), half = 0.5 * JITTER_ANGLE * random.next();
  const s = Math.sin(half);
  const turn: Quat = [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)];
  const position: Vec3 = [
    spec.position[0] + distance * direction[0],
    spec.position[1] + distance * direction[1],
    spec.position[2] + distance * direction[2],
  ];
  return { ...spec, position, quaternion: multiply(turn, spec.quaternion as Quat) };
}

/**
 * The frames: FRAME_PAIRS resting pairs (the configurations of the box-box-resting row: an
 * upright crate with another on its top face, twisted, tilted up to 0.5 degrees, 0.2% to 2% of
 * the smallest half size deep), each box jittered about its rest pose in every frame.
 */
export function restingFrames(seed: number): Pair<BoxSpec, BoxSpec>[] {
  const rest = boxStackPairs(FRAME_PAIRS, seed);
  const random = new Random(seed + 1);
  const frames: Pair<BoxSpec, BoxSpec>[] = [];
  for (let f = 0; f < FRAMES; f++) {
    for (const pair of rest) {
      frames.push({
        category: pair.category,
        a: jitter(random, pair.a),
        b: jitter(random, pair.b),
      });
    }
  }
  return frames;
}

/** How our row keeps state across frames: none, the separating-axis cache, or with recycling. */
export type FrameCache = 'none' | 'axis' | 'recycle';

/**
 * contactkit on the frames: one pair of Box objects per resting pair, posed by `setPose` before
 * each call, one `PairCache` per pair (or none), one CollisionData (capacity 16, tolerance 0)
 * reset per call.
 */
export function contactkitFrames(
  frames: readonly Pair<BoxSpec, BoxSpec>[],
  mode: FrameCache,
  call: string,
): Implementation {
  const first = Array.from({ length: FRAME_PAIRS }, (_, p) => new Box(frames[p]!.a.halfSize));
  const second = Array.from({ length: FRAME_PAIRS }, (_, p) => new Box(frames[p]!.b.halfSize));
  const caches = Array.from(
    { length: FRAME_PAIRS },
    () => new PairCache({ recycle: mode === 'recycle' }),
  );
  const positionsA = frames.map((pair) => Float64Array.from(pair.a.position));
  const rotationsA = frames.map((pair) => Float64Array.from(pair.a.quaternion));
  const positionsB = frames.map((pair) => Float64Array.from(pair.b.position));
  const rotationsB = frames.map((pair) => Float64Array.from(pair.b.quaternion));
  const data = new CollisionData({ capacity: 16, tolerance: 0 });
  const withCache = mode !== 'none';
  const run = (i: number): number => {
    const p = i % FRAME_PAIRS;
    const a = first[p]!.setPose(positionsA[i]!, rotationsA[i]!);
    const b = second[p]!.setPose(positionsB[i]!, rotationsB[i]!);
    data.reset();
    const count = withCache ? collideBoxBox(a, b, data, caches[p]!) : collideBoxBox(a, b, data);
    let penetration = 0;
    for (let k = 0; k < count; k++) penetration += data.contacts[k]!.penetration;
    sink[0]! += penetration;
    return count;
  };
  return {
    library: 'contactkit',
    call,
    run,
    inspect: (i) => {
      const count = run(i);
      return deepest(
        count,
        (k) => data.contacts[k]!.penetration,
        (k) => Array.from(data.contacts[k]!.normal),
      );
    },
  };
}

/**
 * OimoPhysics on the frames: one pair of BoxGeometry and Transform per resting pair, posed by
 * `setPosition` and `setOrientation` before each `BoxBoxDetector.detect`, one
 * `CachedDetectorData` per pair.
 */
export function oimoFrames(
  frames: readonly Pair<BoxSpec, BoxSpec>[],
  call: string,
): Implementation {
  const geometry = (spec: BoxSpec): oimo.collision.geometry.BoxGeometry =>
    new oimo.collision.geometry.BoxGeometry(new oimo.common.Vec3(...spec.halfSize));
  const first = Array.from({ length: FRAME_PAIRS }, (_, p) => geometry(frames[p]!.a));
  const second = Array.from({ length: FRAME_PAIRS }, (_, p) => geometry(frames[p]!.b));
  const transformsA = Array.from({ length: FRAME_PAIRS }, () => new oimo.common.Transform());
  const transformsB = Array.from({ length: FRAME_PAIRS }, () => new oimo.common.Transform());
  const cached = Array.from(
    { length: FRAME_PAIRS },
    () => new oimo.collision.narrowphase.detector.CachedDetectorData(),
  );
  const vector = (v: readonly number[]): oimo.common.Vec3 => new oimo.common.Vec3(v[0], v[1], v[2]);
  const quaternion = (q: readonly number[]): oimo.common.Quat =>
    new oimo.common.Quat(q[0], q[1], q[2], q[3]);
  const positionsA = frames.map((pair) => vector(pair.a.position));
  const rotationsA = frames.map((pair) => quaternion(pair.a.quaternion));
  const positionsB = frames.map((pair) => vector(pair.b.position));
  const rotationsB = frames.map((pair) => quaternion(pair.b.quaternion));
  const detector = new oimo.collision.narrowphase.detector.BoxBoxDetector();
  const result = new oimo.collision.narrowphase.DetectorResult();
  const run = (i: number): number => {
    const p = i % FRAME_PAIRS;
    const ta = transformsA[p]!, tb = transformsB[p]!;
    ta.setPosition(positionsA[i]!);
    ta.setOrientation(rotationsA[i]!);
    tb.setPosition(positionsB[i]!);
    tb.setOrientation(rotationsB[i]!);
    detector.detect(result, first[p]!, second[p]!, ta, tb, cached[p]!);
    const count = result.numPoints;
    let penetration = 0;
    for (let k = 0; k < count; k++) penetration += result.points[k]!.depth;
    sink[0]! += penetration;
    return count;
  };
  return {
    library: 'oimophysics',
    call,
    note: 'up to 4 points',
    run,
    inspect: (i) => {
      const count = run(i);
      const n = result.normal;
      return deepest(count, (k) => result.points[k]!.depth, () => [n.x, n.y, n.z]);
    },
  };
}

/**
 * Rapier on the frames: one pair of cuboid colliders per resting pair in a world that is never
 * stepped, posed by `setTranslation` and `setRotation` before each `contactCollider` (one point,
 * the deepest).
 */
export function rapierFrames(
  frames: readonly Pair<BoxSpec, BoxSpec>[],
  call: string,
): Implementation {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const collider = (spec: BoxSpec): RAPIER.Collider =>
    world.createCollider(RAPIER.ColliderDesc.cuboid(...spec.halfSize));
  const first = Array.from({ length: FRAME_PAIRS }, (_, p) => collider(frames[p]!.a));
  const second = Array.from({ length: FRAME_PAIRS }, (_, p) => collider(frames[p]!.b));
  const vector = (v: readonly number[]): RAPIER.Vector => ({ x: v[0]!, y: v[1]!, z: v[2]! });
  const rotation = (q: readonly number[]): RAPIER.Rotation => ({
    x: q[0]!,
    y: q[1]!,
    z: q[2]!,
    w: q[3]!,
  });
  const positionsA = frames.map((pair) => vector(pair.a.position));
  const rotationsA = frames.map((pair) => rotation(pair.a.quaternion));
  const positionsB = frames.map((pair) => vector(pair.b.position));
  const rotationsB = frames.map((pair) => rotation(pair.b.quaternion));
  const target = new RAPIER.ShapeContact(
    0,
    vector([0, 0, 0]),
    vector([0, 0, 0]),
    vector([0, 0, 0]),
    vector([0, 0, 0]),
  );
  let last: RAPIER.ShapeContact | null = null;
  const run = (i: number): number => {
    const p = i % FRAME_PAIRS;
    const a = first[p]!, b = second[p]!;
    a.setTranslation(positionsA[i]!);
    a.setRotation(rotationsA[i]!);
    b.setTranslation(positionsB[i]!);
    b.setRotation(rotationsB[i]!);
    last = a.contactCollider(b, 0, target);
    if (last === null) return 0;
    sink[0]! -= last.distance;
    return 1;
  };
  return rapierRow(call, false, run, () => last);
}
