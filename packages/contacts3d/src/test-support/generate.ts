/**
 * Random configurations for every 3D pair, from a seeded `Random`: a mix of overlapping,
 * touching and separated poses, random and axis-aligned rotations, boxes of every aspect ratio.
 * Tests only; not exported by the package.
 */
import { oracle } from './oracle.js';
import type { Random } from '@contactkit/test-support';
import {
  add,
  axisAngle,
  dot,
  length,
  multiplyQuat,
  scale,
  translateShape,
  worldPlane,
  type BoxSpec,
  type PlaneSpec,
  type Quat,
  type RigidMotion,
  type ShapeSpec,
  type SphereSpec,
  type Vec3,
} from './shapes.js';

export const PAIRS = [
  'sphere-sphere',
  'sphere-half-space',
  'sphere-plane',
  'box-half-space',
  'box-plane',
  'box-sphere',
  'box-box',
] as const;
export type PairName = (typeof PAIRS)[number];

/**
 * How a configuration was made: `free` places the first shape at a random distance (overlapping
 * or apart), `touching` then moves it along the oracle's direction until the depth is zero,
 * `resting` stacks boxes with parallel faces (a box on a horizontal plane, a box on a box) at
 * zero or a small depth: the cases where phantom edge contacts and ties appear.
 */
export type Mode = 'free' | 'touching' | 'resting';

export interface Configuration {
  first: ShapeSpec;
  second: ShapeSpec;
  mode: Mode;
}

const ORIGIN: Vec3 = [0, 0, 0];
const IDENTITY: Quat = [0, 0, 0, 1];
const UP: Vec3 = [0, 1, 0];

function randomPosition(random: Random, extent: number): Vec3 {
  return [
    random.range(-extent, extent),
    random.range(-extent, extent),
    random.range(-extent, extent),
  ];
}

/** Mostly uniform rotations; some about the vertical only, some by quarter turns (axis aligned). */
function randomRotation(random: Random): Quat {
  const choice = random.next();
  if (choice < 0.7) return random.rotation();
  if (choice < 0.85) return aboutVertical(random);
  const axes: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  const turn = (): Quat => axisAngle(random.pick(axes), (Math.PI / 2) * random.int(4));
  return multiplyQuat(turn(), turn());
}

/** A turn about the world vertical: random, or a multiple of 45 degrees (the octagon case). */
function aboutVertical(random: Random): Quat {
  const angle = random.chance(0.3) ? (Math.PI / 4) * random.int(8) : random.range(0, 2 * Math.PI);
  return axisAngle(UP, angle);
}

function randomSphere(random: Random): SphereSpec {
  // A radius of 0 (a point) is valid input and gets tested too.
  const radius = random.chance(0.02) ? 0 : random.logRange(0.05, 2);
  return {
    kind: 'sphere',
    radius,
    position: randomPosition(random, 3),
    rotation: randomRotation(random),
  };
}

function randomBox(random: Random, rotation: Quat = randomRotation(random)): BoxSpec {
  const halfSize: Vec3 = random.chance(0.2)
    ? [1, 1, 1].map(() => 0.5) as Vec3
    : [random.logRange(0.05, 2), random.logRange(0.05, 2), random.logRange(0.05, 2)];
  return { kind: 'box', halfSize, position: randomPosition(random, 3), rotation };
}

function randomPlane(random: Random, kind: 'plane' | 'halfSpace'): PlaneSpec {
  const axisAligned = random.chance(0.5);
  const normal: Vec3 = axisAligned
    ? scale(random.pick<Vec3>([[1, 0, 0], [0, 1, 0], [0, 0, 1]]), random.chance(0.5) ? 1 : -1)
    : random.unitVector();
  const posed = random.chance(0.5);
  return {
    kind,
    normal,
    offset: random.range(-2, 2),
    position: posed ? randomPosition(random, 3) : ORIGIN,
    rotation: posed ? random.rotation() : IDENTITY,
  };
}

function boundingRadius(shape: ShapeSpec): number {
  if (shape.kind === 'sphere') return shape.radius;
  if (shape.kind === 'box') return length(shape.halfSize);
  return 0;
}

/** Puts `first` at a random distance from `second`: from deep overlap to clearly apart. */
function placeFirst<T extends ShapeSpec>(random: Random, first: T, second: ShapeSpec): T {
  const reach = boundingRadius(first) + boundingRadius(second);
  if (second.kind === 'plane' || second.kind === 'halfSpace') {
    const { normal, offset } = worldPlane(second);
    // A random point of the plane (a random point minus its height), lifted by a random height.
    const anywhere = randomPosition(random, 2);
    const onPlane = add(anywhere, scale(normal, offset - dot(normal, anywhere)));
    const low = second.kind === 'halfSpace' ? -2 : -1.3;
    return {
      ...first,
      position: add(onPlane, scale(normal, random.range(low, 1.3) * Math.max(reach, 0.05))),
    };
  }
  const direction = random.unitVector();
  return {
    ...first,
    position: add(second.position, scale(direction, random.range(0, 1.2) * reach)),
  };
}

/** Moves the first shape along the oracle's direction until the pair just touches. */
function makeTouching(configuration: Configuration): Configuration {
  const { depth, direction } = oracle(configuration.first, configuration.second);
  return {
    ...configuration,
    first: translateShape(configuration.first, scale(direction, depth)),
    mode: 'touching',
  };
}

function firstShape(random: Random, pair: PairName): ShapeSpec {
  return pair.startsWith('sphere') ? randomSphere(random) : randomBox(random);
}

function secondShape(random: Random, pair: PairName): ShapeSpec {
  if (pair.endsWith('-sphere')) return randomSphere(random);
  if (pair.endsWith('-box')) return randomBox(random);
  if (pair.endsWith('-half-space')) return randomPlane(random, 'halfSpace');
  return randomPlane(random, 'plane');
}

/** A box with faces parallel to the other shape's, stacked on it at zero or a small depth. */
function resting(random: Random, pair: 'box-half-space' | 'box-plane' | 'box-box'): Configuration {
  const first = randomBox(random, aboutVertical(random));
  const second: ShapeSpec = pair === 'box-box'
    ? randomBox(random, aboutVertical(random))
    : {
      kind: pair === 'box-plane' ? 'plane' : 'halfSpace',
      normal: UP,
      offset: random.range(-1, 1),
      position: ORIGIN,
      rotation: IDENTITY,
    };
  // Faces parallel: the first box's bottom face at the top of the second shape.
  const top = second.kind === 'box' ? second.position[1] + second.halfSize[1] : second.offset;
  const sideways = second.kind === 'box' ? Math.max(...second.halfSize) : 2;
  const position: Vec3 = [
    second.position[0] + random.range(-sideways, sideways),
    top + first.halfSize[1],
    second.position[2] + random.range(-sideways, sideways),
  ];
  const sink = random.chance(0.5) ? 0 : random.range(0, 0.02) * Math.min(...first.halfSize);
  return {
    first: { ...first, position: [position[0], position[1] - sink, position[2]] },
    second,
    mode: 'resting',
  };
}

/** One random configuration of `pair` (first shape in the order of the pair's name). */
export function randomConfiguration(random: Random, pair: PairName): Configuration {
  if (
    (pair === 'box-half-space' || pair === 'box-plane' || pair === 'box-box') && random.chance(0.15)
  ) return resting(random, pair);
  const second = secondShape(random, pair);
  const configuration: Configuration = {
    first: placeFirst(random, firstShape(random, pair), second),
    second,
    mode: 'free',
  };
  return random.chance(0.2) ? makeTouching(configuration) : configuration;
}

/** A random rigid motion: any rotation, a translation of up to 5 along each axis. */
export function randomMotion(random: Random): RigidMotion {
  return { rotation: random.rotation(), translation: randomPosition(random, 5) };
}
