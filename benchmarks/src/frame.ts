/**
 * The frame rows: pairs called frame after frame as a physics engine calls its narrowphase, each
 * shape jittered about its rest pose every frame as a solver leaves it (broadphase excluded).
 * - "frame": the resting box-box pairs of a settled stack.
 * - "frame-apart": box-box near misses, where the separating-axis cache ends a call after one
 *   projection.
 * - "frame-mixed": a scene of every 3D detector kind interleaved (spheres, boxes, capsules and
 *   hulls against each other and against half-spaces), as an engine meets its pairs.
 * Configuration `i` is pair `i % pairs` in frame `i / pairs`; the timing loop walks them in order,
 * so every pair sees its own previous frame one round of pairs earlier (and the last frame wraps
 * to the first, one more jitter). Every library sets both shapes' poses from a position and a
 * quaternion before each call (our `setPose`, OimoPhysics's `setPosition` and `setOrientation`,
 * Rapier's collider `setTranslation` and `setRotation`; a half-space never moves), and keeps its
 * per-pair state across frames: ours a `PairCache` per pair (none, the separating-axis cache, or
 * with recycling too), OimoPhysics its `CachedDetectorData` per pair (its box-box detector keeps
 * nothing in it). Our rows run the scene WARM_UP_ROUNDS times before they are measured.
 * - "floor" (in the box-box row): no detection at all, only what every call for a resting pair
 *   does whatever its detector: both poses set, and the pair's contacts written into the buffer
 *   (`contactkitFloor`).
 */
import RAPIER from '@dimforge/rapier3d-compat';
import { oimo } from 'oimophysics';
import { Box, CollisionData, collideBoxBox, PairCache } from '@contactkit/contacts3d';
import type { ContactKind } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { type OurShape, oimoRow, rapierColliderDesc, rapierRow, toOurs } from './adapters3d.js';
import { type Implementation, contactkitImplementation, sink } from './harness.js';
import {
  type BoxSpec,
  type Pair,
  type Pairs3,
  type Shape3Spec,
  boxBoxPairs,
  boxStackPairs,
} from './inputs.js';
import { multiplyQ } from './space.js';

/** Resting pairs per frame in the box-box row, and frames: 64 x 16 = the 1024 configurations. */
export const FRAME_PAIRS = 64;
export const FRAMES = 16;
/** Pairs of the mixed scene: 256 x 16 frames = 4096 configurations (a power of two). */
export const MIXED_PAIRS = 256;
/**
 * A solver's jitter about the rest pose, per frame: up to this far (world units; shapes of size
 * 0.1 to 2) and this angle (radians).
 */
export const JITTER_DISTANCE = 5e-4;
export const JITTER_ANGLE = 5e-4;

type Vec3 = [number, number, number];
type Quat = [number, number, number, number];

/** A posed spec jittered by up to JITTER_DISTANCE and JITTER_ANGLE; half-spaces stay. */
function jitter<S extends Shape3Spec>(random: Random, spec: S): S {
  if (!('quaternion' in spec)) return spec;
  const direction = random.unitVector(), axis = random.unitVector();
  const distance = JITTER_DISTANCE * random.next(), half = 0.5 * JITTER_ANGLE * random.next();
  const s = Math.sin(half);
  const turn: Quat = [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(half)];
  const position: Vec3 = [
    spec.position[0] + distance * direction[0],
    spec.position[1] + distance * direction[1],
    spec.position[2] + distance * direction[2],
  ];
  return { ...spec, position, quaternion: multiplyQ(turn, spec.quaternion) };
}

/** `FRAMES` frames of the pairs `rest`, each shape jittered about its rest pose in every frame. */
function jitteredFrames<A extends Shape3Spec, B extends Shape3Spec>(
  rest: readonly Pair<A, B>[],
  seed: number,
): Pair<A, B>[] {
  const random = new Random(seed);
  const frames: Pair<A, B>[] = [];
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

/**
 * The box-box frames: FRAME_PAIRS resting pairs (the configurations of the box-box-resting row:
 * an upright crate with another on its top face, twisted, tilted up to 0.5 degrees, 0.2% to 2% of
 * the smallest half size deep), each box jittered about its rest pose in every frame.
 */
export function restingFrames(seed: number): Pair<BoxSpec, BoxSpec>[] {
  return jitteredFrames(boxStackPairs(FRAME_PAIRS, seed), seed + 1);
}

/**
 * The box-box near misses: the first FRAME_PAIRS separated configurations of the box-box row's
 * generator (boxes 0.3 to 1 in half size, apart by 0.5% to 50% of the pair's size, more than
 * the jitter moves them), each box jittered about its rest pose in every frame.
 */
export function apartFrames(seed: number): Pair<BoxSpec, BoxSpec>[] {
  const apart = boxBoxPairs(8 * FRAME_PAIRS, seed).filter((pair) => pair.category === 'separated');
  if (apart.length < FRAME_PAIRS) throw new RangeError(`only ${apart.length} separated pairs`);
  return jitteredFrames(apart.slice(0, FRAME_PAIRS), seed + 1);
}

/**
 * The mixed frames: MIXED_PAIRS pairs, pair k the configuration `k / kinds` of kind `k % kinds`
 * (each kind's list from its own row's generator), jittered in every frame.
 */
export function mixedFrames(
  kinds: readonly Pairs3[],
  seed: number,
): Pair<Shape3Spec, Shape3Spec>[] {
  const rest = Array.from({ length: MIXED_PAIRS }, (_, k) => {
    const pair = kinds[k % kinds.length]![Math.floor(k / kinds.length)];
    if (pair === undefined) throw new RangeError(`kind ${k % kinds.length} has too few pairs`);
    return pair;
  });
  return jitteredFrames(rest, seed);
}

/** Configurations of each kind `mixedFrames` needs. */
export function mixedPairsPerKind(kinds: number): number {
  return Math.ceil(MIXED_PAIRS / kinds);
}

/**
 * Rounds of the whole scene our rows run when they are built, before the harness's own warm-up:
 * in the mixed scene twelve detectors share the calls and a cache's full computation runs only
 * now and then, so V8 optimises some of that code late, and code not yet optimised boxes its
 * doubles. Measured on the mixed scene (FINDINGS F50, bytes a call after n rounds, no cache /
 * recycling): 1 round 0.8 / 3.5 (the harness's 300 ms under load measured 64 to 290), 100
 * rounds 0.76 / 1.7, 400 rounds 0.74 / 1.2. 100 rounds take about 0.5 s of CPU.
 */
export const WARM_UP_ROUNDS = 100;

/** How our row keeps state across frames: none, the separating-axis cache, or with recycling. */
export type FrameCache = 'none' | 'axis' | 'recycle';

/** One shape of one configuration: the pair's shape object, the pose to set, the pair's cache. */
interface Posed {
  shape: OurShape;
  position: Float64Array | null;
  quaternion: Float64Array;
  cache: PairCache | undefined;
}

/** A contactkit detector with the cache argument (`collide`, or one pair's own). */
type CachedDetector = (a: never, b: never, data: CollisionData, cache?: PairCache) => number;

/**
 * contactkit on the frames of `pairs` pairs: one pair of shapes per pair, posed by `setPose`
 * before each call (half-spaces never move), one `PairCache` per pair (or none), one
 * CollisionData (capacity 16, tolerance 0) reset per call.
 */
export function contactkitFrames(
  frames: Pairs3,
  pairs: number,
  detector: CachedDetector,
  mode: FrameCache,
  call: string,
): Implementation {
  const shapes = (side: 'a' | 'b'): OurShape[] =>
    Array.from({ length: pairs }, (_, p) => toOurs(frames[p]![side]));
  const first = shapes('a'), second = shapes('b');
  const caches = Array.from(
    { length: pairs },
    () => mode === 'none' ? undefined : new PairCache({ recycle: mode === 'recycle' }),
  );
  const posed = (side: 'a' | 'b', list: OurShape[]): Posed[] =>
    frames.map((pair, i) => {
      const spec = pair[side];
      return {
        shape: list[i % pairs]!,
        position: 'position' in spec ? Float64Array.from(spec.position) : null,
        quaternion: Float64Array.from('quaternion' in spec ? spec.quaternion : [0, 0, 0, 1]),
        cache: caches[i % pairs],
      };
    });
  const pose = (entry: Posed): OurShape => {
    if (entry.position !== null) entry.shape.setPose(entry.position, entry.quaternion);
    return entry.shape;
  };
  const collide = detector as (
    a: OurShape,
    b: OurShape,
    data: CollisionData,
    cache?: PairCache,
  ) => number;
  const implementation = contactkitImplementation(
    posed('a', first),
    posed('b', second),
    new CollisionData({ capacity: 16, tolerance: 0 }),
    (a, b, data) => collide(pose(a), pose(b), data, a.cache),
    call,
  );
  let contacts = 0;
  for (let round = 0; round < WARM_UP_ROUNDS; round++) {
    for (let i = 0; i < frames.length; i++) contacts += implementation.run(i);
  }
  sink[1]! += contacts;
  return implementation;
}

/** How the box-box frame rows label our calls, by cache mode. */
const BOX_FRAME_CALLS: Readonly<Record<FrameCache, string>> = {
  none: 'collideBoxBox, no cache',
  axis: 'collideBoxBox + PairCache (separating axis)',
  recycle: 'collideBoxBox + PairCache({ recycle: true })',
};

/** `contactkitFrames` for the FRAME_PAIRS pairs of a box-box frame row, labelled by `mode`. */
export function contactkitBoxFrames(
  frames: Pairs3,
  detector: CachedDetector,
  mode: FrameCache,
): Implementation {
  return contactkitFrames(frames, FRAME_PAIRS, detector, mode, BOX_FRAME_CALLS[mode]);
}

/**
 * OimoPhysics on the box-box frames: one pair of BoxGeometry and Transform per resting pair,
 * posed by `setPosition` and `setOrientation` before each `BoxBoxDetector.detect`, one
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
  return oimoRow(call, 'up to 4 points', result, (i) => {
    const p = i % FRAME_PAIRS;
    const ta = transformsA[p]!, tb = transformsB[p]!;
    ta.setPosition(positionsA[i]!);
    ta.setOrientation(rotationsA[i]!);
    tb.setPosition(positionsB[i]!);
    tb.setOrientation(rotationsB[i]!);
    detector.detect(result, first[p]!, second[p]!, ta, tb, cached[p]!);
  });
}

/**
 * Rapier on the frames of `pairs` pairs: one pair of colliders per pair in a world that is never
 * stepped, posed by `setTranslation` and `setRotation` before each `contactCollider` (one point,
 * the deepest); a half-space, which never moves, is queried first (see `rapier3`).
 */
export function rapierFrames(frames: Pairs3, pairs: number, call: string): Implementation {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const halfSpaceSecond = Array.from(
    { length: pairs },
    (_, p) => frames[p]!.b.kind === 'halfspace',
  );
  const colliders = (side: 'a' | 'b'): RAPIER.Collider[] =>
    Array.from(
      { length: pairs },
      (_, p) => world.createCollider(rapierColliderDesc(frames[p]![side])),
    );
  const first = colliders('a'), second = colliders('b');
  const poses = (
    side: 'a' | 'b',
  ): ({ position: RAPIER.Vector; rotation: RAPIER.Rotation; } | null)[] =>
    frames.map((pair) => {
      const spec = pair[side];
      if (!('quaternion' in spec)) return null;
      const [x, y, z] = spec.position, [qx, qy, qz, qw] = spec.quaternion;
      return { position: { x, y, z }, rotation: { x: qx, y: qy, z: qz, w: qw } };
    });
  const posesA = poses('a'), posesB = poses('b');
  const pose = (collider: RAPIER.Collider, at: (typeof posesA)[number]): void => {
    if (at === null) return;
    collider.setTranslation(at.position);
    collider.setRotation(at.rotation);
  };
  const zero = (): RAPIER.Vector => ({ x: 0, y: 0, z: 0 });
  const target = new RAPIER.ShapeContact(0, zero(), zero(), zero(), zero());
  let last: RAPIER.ShapeContact | null = null;
  const run = (i: number): number => {
    const p = i % pairs;
    const a = first[p]!, b = second[p]!;
    pose(a, posesA[i]!);
    pose(b, posesB[i]!);
    last = halfSpaceSecond[p] ? b.contactCollider(a, 0, target) : a.contactCollider(b, 0, target);
    if (last === null) return 0;
    sink[0]! -= last.distance;
    return 1;
  };
  return rapierRow(call, (i) => halfSpaceSecond[i % pairs]!, run, () => last);
}

/** The contacts of one pair in the floor row (`collideBoxBox`'s for its first frame). */
interface FloorContacts {
  count: number;
  /** Per contact: point x, y, z, penetration, feature id. */
  values: Float64Array;
  kinds: Int32Array;
  normal: Float64Array;
}

/** One configuration of the floor row: its pair's boxes and contacts, and the poses to set. */
interface FloorEntry {
  first: Box;
  second: Box;
  contacts: FloorContacts;
  positionA: Float64Array;
  quaternionA: Float64Array;
  positionB: Float64Array;
  quaternionB: Float64Array;
}

/**
 * The floor of a resting frame (no detection): what a call for a resting box pair must do
 * whatever its detector, timed as the other rows are: both `setPose` calls, then the pair's
 * contacts written into the buffer as the detectors' emit step writes them (bodies, materials,
 * point, normal, penetration, kind, feature id). The contacts are those `collideBoxBox` finds
 * for the pair's first frame, computed before timing (one set per pair, so that reading them
 * costs no more than a detector's reading its shapes); jitter leaves their number as it is
 * (5.63 a call on the frame row, as the detector's rows). A cached or recycled call does all
 * of this and more; OimoPhysics writes at most 4 points.
 */
export function contactkitFloor(
  frames: readonly Pair<BoxSpec, BoxSpec>[],
  pairs: number,
  call: string,
): Implementation {
  const first = Array.from({ length: pairs }, (_, p) => toOurs(frames[p]!.a) as Box);
  const second = Array.from({ length: pairs }, (_, p) => toOurs(frames[p]!.b) as Box);
  const scratch = new CollisionData({ capacity: 16, tolerance: 0 });
  const contacts = Array.from({ length: pairs }, (_, p): FloorContacts => {
    scratch.reset();
    const count = collideBoxBox(first[p]!, second[p]!, scratch);
    const values = new Float64Array(5 * 16), kinds = new Int32Array(16);
    for (let k = 0; k < count; k++) {
      const contact = scratch.contacts[k]!;
      values.set(contact.point, 5 * k);
      values[5 * k + 3] = contact.penetration;
      values[5 * k + 4] = contact.featureId;
      kinds[k] = contact.kind;
    }
    return { count, values, kinds, normal: Float64Array.from(scratch.contacts[0]!.normal) };
  });
  const entries = frames.map((pair, i): FloorEntry => ({
    first: first[i % pairs]!,
    second: second[i % pairs]!,
    contacts: contacts[i % pairs]!,
    positionA: Float64Array.from(pair.a.position),
    quaternionA: Float64Array.from(pair.a.quaternion),
    positionB: Float64Array.from(pair.b.position),
    quaternionB: Float64Array.from(pair.b.quaternion),
  }));
  const write = (entry: FloorEntry, _: FloorEntry, data: CollisionData): number => {
    const a = entry.first.setPose(entry.positionA, entry.quaternionA);
    const b = entry.second.setPose(entry.positionB, entry.quaternionB);
    const { count, values, kinds, normal } = entry.contacts;
    const buffer = data.contacts, friction = data.friction, restitution = data.restitution;
    const start = data.contactCount;
    for (let k = 0; k < count; k++) {
      const contact = buffer[start + k]!;
      contact.firstBody = a.body;
      contact.secondBody = b.body;
      contact.friction = friction;
      contact.restitution = restitution;
      contact.point[0] = values[5 * k]!;
      contact.point[1] = values[5 * k + 1]!;
      contact.point[2] = values[5 * k + 2]!;
      contact.normal[0] = normal[0]!;
      contact.normal[1] = normal[1]!;
      contact.normal[2] = normal[2]!;
      contact.penetration = values[5 * k + 3]!;
      contact.kind = kinds[k]! as ContactKind;
      contact.featureId = values[5 * k + 4]!;
    }
    data.contactCount = start + count;
    return count;
  };
  return contactkitImplementation(
    entries,
    entries,
    new CollisionData({ capacity: 16, tolerance: 0 }),
    write,
    call,
  );
}
