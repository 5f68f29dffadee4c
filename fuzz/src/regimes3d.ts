/**
 * The 3D regimes, as data: sizes, rotations and placement. Planes and half-spaces are placed by
 * their offset relative to the other shape; solids by the offset of the first from the second.
 */
import type { Random } from '@contactkit/test-support';
import { hullCloud, type HullExtras, type HullFamily } from './hulls3d.js';
import { meets3, type Vec3 } from './oracle3d.js';
import {
  designHull,
  geometry3,
  type Kind3,
  multiply,
  scaled3,
  type ShapeDesc3,
  size3,
} from './shapes3d.js';

/** How the pair is placed. */
export type Placement3 = 'near' | 'touch' | 'tiny-offset' | 'deep' | 'inside' | 'identical' | 'any';

/** A named 3D regime. */
export interface Regime3 {
  readonly name: string;
  readonly placement: Placement3;
  /** The size of each shape: about 1 unless given. */
  readonly size?: (random: Random) => number;
  /** Everything moved about 1e5 from the origin. */
  readonly far?: boolean;
  /** Rotations by quarter turns only (faces and edges exactly parallel). */
  readonly aligned?: boolean;
  readonly applies?: (kinds: readonly [Kind3, Kind3]) => boolean;
  /** How the capsules of the pair are made (capsule regimes only). */
  readonly capsule?: 'parallel' | 'near-parallel' | 'point' | 'along-face' | 'entering';
  /** How the hulls of the pair are made (hull regimes; otherwise any family with a few extras). */
  readonly hull?: { families?: readonly HullFamily[]; extras: HullExtras; };
}

const HULL_FAMILIES: readonly HullFamily[] = ['blob', 'round', 'box', 'prism', 'needle', 'pancake'];

const solids = (k: readonly [Kind3, Kind3]) =>
  k.every((x) => x === 'sphere' || x === 'box' || x === 'capsule' || x === 'hull');
const hulls = (k: readonly [Kind3, Kind3]) => k.includes('hull');
const capsules = (k: readonly [Kind3, Kind3]) => k[0] === 'capsule' && k[1] === 'capsule';
const boxCapsule = (k: readonly [Kind3, Kind3]) => k.includes('box') && k.includes('capsule');

/** Every 3D regime, in the order the report lists them. */
export const REGIMES_3D: readonly Regime3[] = [
  { name: 'unit', placement: 'near' },
  { name: 'mixed-sizes', placement: 'any', size: (r) => r.logRange(1e-3, 1e3) },
  { name: 'far-1e5', placement: 'any', far: true },
  { name: 'touching', placement: 'touch' },
  { name: 'identical', placement: 'identical', applies: (k) => k[0] === k[1] },
  { name: 'deep', placement: 'deep' },
  { name: 'inside', placement: 'inside' },
  { name: 'tiny-offset', placement: 'tiny-offset' },
  { name: 'axis-aligned', placement: 'any', aligned: true },
  // Below the sizes users are told about: the tolerances must be relative (issue 21, item 5).
  { name: 'tiny-size', placement: 'any', size: (r) => r.logRange(1e-14, 1e-11), applies: solids },
  // Capsules: cores exactly and almost parallel (the closest points of the cores are not unique,
  // or nearly so), a core of length 0 (a sphere), a capsule lying along a box face (two points),
  // and a long thin core entering a box (the cores overlap: separating axes).
  { name: 'parallel', placement: 'any', capsule: 'parallel', applies: capsules },
  { name: 'near-parallel', placement: 'any', capsule: 'near-parallel', applies: capsules },
  {
    name: 'half-length-0',
    placement: 'any',
    capsule: 'point',
    applies: (k) => k.includes('capsule'),
  },
  {
    name: 'along-face',
    placement: 'any',
    aligned: true,
    capsule: 'along-face',
    applies: boxCapsule,
  },
  { name: 'entering', placement: 'deep', capsule: 'entering', applies: boxCapsule },
  // Hulls: clouds with corners repeated and moved by up to 1e-9 of the size; with points on faces
  // and edges and pushed off faces by 1e-12 to 1e-9 (box and prism designs have coplanar faces
  // already); needles and pancakes (1e-4 to 3e-2 thin); box-shaped hulls; and 1,000 to 5,000
  // points at once.
  { name: 'near-duplicate', placement: 'any', hull: { extras: 'near-duplicate' }, applies: hulls },
  { name: 'coplanar', placement: 'any', hull: { extras: 'coplanar' }, applies: hulls },
  {
    name: 'sliver',
    placement: 'any',
    hull: { families: ['needle', 'pancake'], extras: 'few' },
    applies: hulls,
  },
  {
    name: 'box-shaped',
    placement: 'any',
    hull: { families: ['box'], extras: 'few' },
    applies: hulls,
  },
  { name: 'many-points', placement: 'any', hull: { extras: 'many' }, applies: hulls },
];

/** A random unit quaternion, or a product of quarter turns about the axes. */
function rotation(random: Random, aligned: boolean): [number, number, number, number] {
  if (!aligned) return random.rotation();
  const h = Math.SQRT1_2,
    turns: [number, number, number, number][] = [
      [0, 0, 0, 1],
      [h, 0, 0, h],
      [0, h, 0, h],
      [0, 0, h, h],
      [1, 0, 0, 0],
      [0, 1, 0, 0],
    ];
  return random.pick(turns);
}

function shape(regime: Regime3, kind: Kind3, random: Random, size: number): ShapeDesc3 {
  const quaternion = rotation(random, regime.aligned ?? false);
  if (kind === 'hull') {
    const families = regime.hull?.families ?? HULL_FAMILIES;
    for (;;) {
      const cloud = hullCloud(random, size, random.pick(families), regime.hull?.extras ?? 'few');
      if (cloud) return { kind, ...cloud, position: [0, 0, 0], quaternion };
    }
  }
  if (kind === 'sphere') return { kind, radius: size, position: [0, 0, 0], quaternion };
  if (kind === 'capsule') {
    const radius = size * random.range(0.1, 0.6);
    return { kind, radius, halfLength: size * random.range(0, 1), position: [0, 0, 0], quaternion };
  }
  if (kind === 'box') {
    const half: [number, number, number] = [
      size * random.range(0.1, 1),
      size * random.range(0.1, 1),
      size * random.range(0.1, 1),
    ];
    return { kind, half, position: [0, 0, 0], quaternion };
  }
  const [x, y, z] = regime.aligned
    ? random.pick([[0, 1, 0], [1, 0, 0], [0, 0, -1]] as const)
    : random.unitVector();
  return { kind, normal: [x, y, z], offset: 0 };
}

const isFlat = (d: ShapeDesc3): d is Extract<ShapeDesc3, { kind: 'plane' | 'halfspace'; }> =>
  d.kind === 'plane' || d.kind === 'halfspace';

/** `desc` with its placement parameter set to `t`: a solid's offset along `direction`, a plane's offset. */
function at(desc: ShapeDesc3, t: number, direction: readonly [number, number, number]): ShapeDesc3 {
  if (desc.kind === 'plane' || desc.kind === 'halfspace') return { ...desc, offset: t };
  return { ...desc, position: [direction[0] * t, direction[1] * t, direction[2] * t] };
}

/** A configuration of a pair of `kinds` in `regime`, or null when it could not be placed. */
export function generate3(
  regime: Regime3,
  kinds: readonly [Kind3, Kind3],
  random: Random,
): [ShapeDesc3, ShapeDesc3] | null {
  const aligned = regime.aligned ?? false;
  const sizeOf = () => regime.size ? regime.size(random) : random.range(0.5, 2);
  let b = shape(regime, kinds[1], random, sizeOf());
  let a = regime.placement === 'identical' ? b : shape(regime, kinds[0], random, sizeOf());
  const placement = regime.placement === 'any'
    ? random.pick(['near', 'touch', 'deep', 'tiny-offset'] as const)
    : regime.placement;
  const direction = aligned
    ? random.pick([[1, 0, 0], [0, 1, 0], [0, 0, -1]] as const)
    : random.unitVector();
  if (regime.capsule) [a, b] = capsuleRegime(regime.capsule, a, b, direction, random);
  // The moving part: the plane or half-space when there is one (its offset moves), else the first.
  const movingFirst = isFlat(a) || !isFlat(b);
  const mover = movingFirst ? a : b, other = movingFirst ? b : a;
  const reach = size3(a) + size3(b);
  const meets = (t: number) => {
    const moved = at(mover, t, direction);
    return meets3(geometry3(moved), geometry3(other));
  };
  let t = 0;
  if (placement === 'identical') t = 0;
  else if (placement === 'near') t = reach * random.range(-1.2, 1.2);
  else if (placement === 'deep') t = reach * random.range(-0.3, 0.3);
  else if (placement === 'inside') {
    if (isFlat(a) || isFlat(b)) t = (isFlat(mover) ? 1 : -1) * reach * random.range(1.01, 3);
    else return finish(regime, random, nested(a, b, direction, random));
  } else {
    // Touching: bisect between a meeting placement (low) and an apart one (high): for a solid, its
    // distance from the other; for a plane or half-space, its offset (a half-space is apart when
    // its plane lies below the shape).
    let low = 0,
      high = isFlat(mover) ? (mover.kind === 'halfspace' ? -2 : 2) * reach : reach * 1.000001;
    if (!meets(low) || meets(high)) return null;
    for (let k = 0; k < 80; k++) {
      const middle = 0.5 * (low + high);
      if (middle === low || middle === high) break;
      if (meets(middle)) low = middle;
      else high = middle;
    }
    t = random.chance(0.5) ? low : high;
    if (placement === 'tiny-offset') t += random.sign() * reach * random.logRange(1e-12, 1e-8);
  }
  const moved = at(mover, t, direction);
  return finish(regime, random, movingFirst ? [moved, other] : [other, moved]);
}

/** The capsules of a pair as the capsule regime `how` makes them (other shapes unchanged). */
function capsuleRegime(
  how: NonNullable<Regime3['capsule']>,
  a: ShapeDesc3,
  b: ShapeDesc3,
  direction: readonly [number, number, number],
  random: Random,
): [ShapeDesc3, ShapeDesc3] {
  const each = (d: ShapeDesc3): ShapeDesc3 => {
    if (d.kind !== 'capsule') return d;
    if (how === 'point') return { ...d, halfLength: 0 };
    if (how === 'entering') {
      // Long and thin: the core runs through the box from one side to the other.
      const size = d.radius + d.halfLength;
      return {
        ...d,
        radius: size * random.range(0.02, 0.2),
        halfLength: size * random.range(1, 3),
      };
    }
    if (how === 'along-face') {
      // The core across the direction the pair is placed along: lying along the face it meets.
      const h = Math.SQRT1_2;
      return { ...d, quaternion: direction[1] !== 0 ? [0, 0, h, h] : [0, 0, 0, 1] };
    }
    return d;
  };
  const pair: [ShapeDesc3, ShapeDesc3] = [each(a), each(b)];
  if (
    (how === 'parallel' || how === 'near-parallel') && pair[0].kind === 'capsule' &&
    pair[1].kind === 'capsule'
  ) {
    // The same rotation, or turned from it by 1e-9 to 1e-3 radians about a random axis.
    const [x, y, z] = random.unitVector(), angle = random.logRange(1e-9, 1e-3);
    const s = Math.sin(angle / 2), turn = [x * s, y * s, z * s, Math.cos(angle / 2)];
    pair[0] = {
      ...pair[0],
      quaternion: how === 'parallel' ? pair[1].quaternion : multiply(turn, pair[1].quaternion),
    };
  }
  return pair;
}

/**
 * The smaller solid shrunk to fit inside the larger (to 0.1 to 0.5 of the larger's inner room),
 * the two centres at most 0.3 of that room apart.
 */
function nested(
  a: ShapeDesc3,
  b: ShapeDesc3,
  direction: Vec3,
  random: Random,
): [ShapeDesc3, ShapeDesc3] {
  const aSmall = size3(a) <= size3(b), large = aSmall ? b : a;
  const room = large.kind === 'sphere' || large.kind === 'capsule'
    ? large.radius
    : large.kind === 'box'
    ? Math.min(...large.half)
    : large.kind === 'hull'
    ? Math.min(...designHull(large.design)!.offsets)
    : 0;
  const shrunk = (d: ShapeDesc3): ShapeDesc3 => {
    const factor = room * random.range(0.1, 0.5) / size3(d);
    if (d.kind === 'hull') return scaled3(d, factor);
    if (d.kind === 'sphere') return { ...d, radius: d.radius * factor };
    if (d.kind === 'capsule') {
      return { ...d, radius: d.radius * factor, halfLength: d.halfLength * factor };
    }
    if (d.kind === 'box') {
      return { ...d, half: [d.half[0] * factor, d.half[1] * factor, d.half[2] * factor] };
    }
    return d;
  };
  return [
    at(aSmall ? shrunk(a) : a, room * random.range(0, 0.3), direction),
    aSmall ? b : shrunk(b),
  ];
}

/** Moves the pair about 1e5 from the origin for the far regime. */
function finish(
  regime: Regime3,
  random: Random,
  pair: [ShapeDesc3, ShapeDesc3],
): [ShapeDesc3, ShapeDesc3] {
  if (!regime.far) return pair;
  const [x, y, z] = random.unitVector(), r = random.range(0.8e5, 1.2e5);
  const shift = (d: ShapeDesc3): ShapeDesc3 => {
    if (d.kind === 'plane' || d.kind === 'halfspace') {
      return { ...d, offset: d.offset + r * (d.normal[0] * x + d.normal[1] * y + d.normal[2] * z) };
    }
    return {
      ...d,
      position: [d.position[0] + r * x, d.position[1] + r * y, d.position[2] + r * z],
    };
  };
  return [shift(pair[0]), shift(pair[1])];
}
