/**
 * Seeded property tests for the convex hull pairs, against the oracle of
 * `test-support/hull-oracle.ts` (no code shared with the detectors). RUNS configurations per pair
 * (10,000 unless CONTACTKIT_PROPERTY_RUNS asks for more; CONTACTKIT_PROPERTY_SEED changes the
 * seed): free, touching, resting face to face, identical at the same pose, nested, at sizes
 * 1e-3 to 1e3 and sometimes at coordinates near 1e5; every run with maxContactsPerPair 8 or 4
 * and every third with a speculative tolerance. Each property is its own test and prints the
 * first offending configuration.
 */
import { Random } from '@contactkit/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { collide } from './collide.js';
import { CollisionData } from './manifold/collision-data.js';
import { collideBoxConvexHull, overlapBoxConvexHull } from './pairs/box-convex-hull.js';
import {
  collideConvexHullConvexHull,
  overlapConvexHullConvexHull,
} from './pairs/convex-hull-convex-hull.js';
import {
  collideConvexHullHalfSpace,
  collideConvexHullPlane,
  overlapConvexHullHalfSpace,
} from './pairs/convex-hull-half-space.js';
import { collideConvexHullSphere, overlapConvexHullSphere } from './pairs/convex-hull-sphere.js';
import { EDGE_ABSOLUTE_MARGIN, EDGE_RELATIVE_MARGIN } from './sat/box-box-sat.js';
import { ConvexHull } from './shapes/convex-hull.js';
import { Box, HalfSpace, Plane, Sphere, type AnyPrimitive } from './shapes/primitives.js';
import {
  cloudExtent,
  hullOf,
  hullOracle,
  hullOracleMoved,
  hullShapeScale,
  hullSurfaceDistance,
  moveSpec,
  translateSpec,
  randomHull,
  reach,
  type HullPairSpec,
  type PolytopeSpec,
} from './test-support/hull-oracle.js';
import {
  add,
  axisAngle,
  length,
  movePoint,
  rotate,
  scale,
  sub,
  type Quat,
  type RigidMotion,
  type Vec3,
} from './test-support/shapes.js';

const RUNS = Math.max(10_000, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0x4011) >>> 0;

type Detect = (first: AnyPrimitive, second: AnyPrimitive, data: CollisionData) => number;
type Overlap = (first: AnyPrimitive, second: AnyPrimitive) => boolean;

interface Configuration {
  first: PolytopeSpec;
  second: HullPairSpec;
  mode: string;
}

interface PairSetup {
  detect: Detect;
  overlap?: Overlap;
  /** Whether the reported depth may exceed the oracle's by the face preference margin (polytope pairs). */
  facePreference: boolean;
  generate: (random: Random) => Configuration;
}

/**
 * The primitive of a spec. A hull is the one `hullOf` built for its cloud (moved specs share the
 * cloud, and with it the hull, posed anew), or a fresh one when the pair's other shape already
 * holds it (identical hulls are two hulls).
 */
function build(spec: HullPairSpec, fresh = false): AnyPrimitive {
  switch (spec.kind) {
    case 'hull':
      return (fresh ? ConvexHull.fromPoints(spec.points) : hullOf(spec.points)).setPose(
        spec.position,
        spec.rotation,
      );
    case 'box':
      return new Box(spec.halfSize).setPose(spec.position, spec.rotation);
    case 'sphere':
      return new Sphere(spec.radius).setPose(spec.position, spec.rotation);
    case 'plane':
      return new Plane(spec.normal, spec.offset).setPose(spec.position, spec.rotation);
    case 'halfSpace':
      return new HalfSpace(spec.normal, spec.offset).setPose(spec.position, spec.rotation);
  }
}

/** The pair's primitives (hull pairs take their canonical order from the order their hulls were built). */
const built = new WeakMap<Configuration, [AnyPrimitive, AnyPrimitive]>();
function primitivesOf(configuration: Configuration): [AnyPrimitive, AnyPrimitive] {
  let pair = built.get(configuration);
  if (!pair) {
    const { first: one, second: other } = configuration;
    const shared = one.kind === 'hull' && other.kind === 'hull' && one.points === other.points;
    pair = [build(one), build(other, shared)];
    built.set(configuration, pair);
  }
  return pair;
}

function randomRotation(random: Random): Quat {
  if (random.chance(0.7)) return random.rotation();
  return axisAngle(
    [0, 1, 0],
    random.chance(0.3) ? (Math.PI / 4) * random.int(8) : random.range(0, 7),
  );
}

function randomBoxSpec(random: Random, size: number, rotation: Quat): PolytopeSpec {
  return {
    kind: 'box',
    halfSize: [
      random.range(0.1, 1) * size,
      random.range(0.1, 1) * size,
      random.range(0.1, 1) * size,
    ],
    position: [0, 0, 0],
    rotation,
  };
}

/** Lowest and highest local y of a polytope spec (for stacking when turned about y only). */
function yExtent(spec: PolytopeSpec): [number, number] {
  if (spec.kind === 'box') return [-spec.halfSize[1], spec.halfSize[1]];
  const ys = spec.points.map((p) => p[1]);
  return [Math.min(...ys), Math.max(...ys)];
}

/** A pair of polytopes (the first a box when `box`): free, touching, resting, identical or nested. */
function polytopePair(random: Random, box: boolean): Configuration {
  const size = random.logRange(1e-3, 1e3);
  const offset: Vec3 = random.chance(0.1) ? [1e5, -1e5, 1e5] : [0, 0, 0];
  const mode = random.pick(['free', 'free', 'free', 'touching', 'resting', 'identical', 'nested']);
  const upright = mode === 'resting';
  const turn =
    (): Quat => (upright ? axisAngle([0, 1, 0], random.range(0, 7)) : randomRotation(random));
  const second = { ...randomHull(random, turn(), size), position: offset };
  let first: PolytopeSpec = box
    ? randomBoxSpec(random, size * (mode === 'nested' ? 0.1 : 1), turn())
    : randomHull(random, turn(), size * (mode === 'nested' ? 0.1 : 1));
  if (mode === 'identical' && !box) return { first: { ...second }, second, mode };
  if (mode === 'resting') {
    const [bottom] = yExtent(first), [, top] = yExtent(second);
    const sink = random.chance(0.5) ? 0 : random.range(0, 0.02) * size;
    const side = random.range(-0.5, 0.5) * size;
    first = {
      ...first,
      position: add(offset, [side, top - bottom - sink, random.range(-0.5, 0.5) * size]),
    };
    return { first, second, mode };
  }
  if (mode === 'nested' || mode === 'identical') {
    return {
      first: { ...first, position: add(offset, scale(random.unitVector(), 0.05 * size)) },
      second,
      mode,
    };
  }
  const direction = random.unitVector();
  first = {
    ...first,
    position: add(offset, scale(direction, random.range(0, 1.2) * (reach(first) + reach(second)))),
  };
  const configuration = { first, second, mode };
  if (mode !== 'touching') return configuration;
  const { depth, direction: out } = hullOracle(first, second);
  return { ...configuration, first: translateSpec(first, scale(out, depth)) };
}

/**
 * A hull against a sphere, a half-space or a plane: free, touching, resting on a face, centre
 * inside, sizes 1e-3 to 1e3.
 */
function hullAgainst(random: Random, kind: 'sphere' | 'halfSpace' | 'plane'): Configuration {
  const size = random.logRange(1e-3, 1e3);
  const offset: Vec3 = random.chance(0.1) ? [1e5, -1e5, 1e5] : [0, 0, 0];
  const mode = random.pick(['free', 'free', 'touching', 'resting', 'inside']);
  let first: PolytopeSpec = randomHull(
    random,
    mode === 'resting' ? axisAngle([0, 1, 0], random.range(0, 7)) : randomRotation(random),
    size,
  );
  let second: HullPairSpec;
  if (kind === 'sphere') {
    const radius = random.chance(0.05) ? 0 : random.range(0.05, 1) * size;
    second = { kind: 'sphere', radius, position: offset, rotation: [0, 0, 0, 1] };
    const distance = mode === 'inside'
      ? random.range(0, 0.2) * size
      : random.range(0, 1.2) * (reach(first) + radius);
    first = { ...first, position: add(offset, scale(random.unitVector(), distance)) };
  } else {
    const normal: Vec3 = mode === 'resting' ? [0, 1, 0] : random.unitVector();
    second = {
      kind,
      normal,
      offset: random.range(-1, 1) * size,
      position: offset,
      rotation: mode === 'resting' ? [0, 0, 0, 1] : random.rotation(),
    };
    const plane = {
      normal: rotate(second.rotation, normal),
      point: add(offset, rotate(second.rotation, scale(normal, second.offset))),
    };
    const height = mode === 'resting'
      ? -yExtent(first)[0] - (random.chance(0.5) ? 0 : random.range(0, 0.02) * size)
      : random.range(-1.3, 1.3) * reach(first);
    first = {
      ...first,
      position: add(
        add(plane.point, scale(plane.normal, height)),
        mode === 'resting'
          ? [random.range(-1, 1) * size, 0, random.range(-1, 1) * size]
          : [0, 0, 0],
      ),
    };
  }
  const configuration: Configuration = { first, second, mode };
  if (mode !== 'touching') return configuration;
  const { depth, direction } = hullOracle(first, second);
  return { ...configuration, first: translateSpec(first, scale(direction, depth)) };
}

const SETUPS: Record<string, PairSetup> = {
  'hull-sphere': {
    detect: (a, b, data) => collideConvexHullSphere(a as ConvexHull, b as Sphere, data),
    overlap: (a, b) => overlapConvexHullSphere(a as ConvexHull, b as Sphere),
    facePreference: false,
    generate: (random) => hullAgainst(random, 'sphere'),
  },
  'hull-half-space': {
    detect: (a, b, data) => collideConvexHullHalfSpace(a as ConvexHull, b as HalfSpace, data),
    overlap: (a, b) => overlapConvexHullHalfSpace(a as ConvexHull, b as HalfSpace),
    facePreference: false,
    generate: (random) => hullAgainst(random, 'halfSpace'),
  },
  'hull-plane': {
    detect: (a, b, data) => collideConvexHullPlane(a as ConvexHull, b as Plane, data),
    facePreference: false,
    generate: (random) => hullAgainst(random, 'plane'),
  },
  'hull-hull': {
    detect: (a, b, data) => collideConvexHullConvexHull(a as ConvexHull, b as ConvexHull, data),
    overlap: (a, b) => overlapConvexHullConvexHull(a as ConvexHull, b as ConvexHull),
    facePreference: true,
    generate: (random) => polytopePair(random, false),
  },
  'box-hull': {
    detect: (a, b, data) => collideBoxConvexHull(a as Box, b as ConvexHull, data),
    overlap: (a, b) => overlapBoxConvexHull(a as Box, b as ConvexHull),
    facePreference: true,
    generate: (random) => polytopePair(random, true),
  },
};

interface Snapshot {
  point: Vec3;
  normal: Vec3;
  penetration: number;
  kind: number;
  featureId: number;
}

function snapshot(data: CollisionData, from: number): Snapshot[] {
  const out: Snapshot[] = [];
  for (let i = from; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    out.push({
      point: [c.point[0]!, c.point[1]!, c.point[2]!],
      normal: [c.normal[0]!, c.normal[1]!, c.normal[2]!],
      penetration: c.penetration,
      kind: c.kind,
      featureId: c.featureId,
    });
  }
  return out;
}

/**
 * Every contact of `expected` matched in `actual` (point, normal, depth within eps; kind and id
 * equal), and no extra; contacts at the keep-or-drop border may be missing.
 */
function compareSets(
  expected: Snapshot[],
  actual: Snapshot[],
  eps: number,
  tolerance: number,
  normalEps = 1e-9,
): string {
  const borderline = (c: Snapshot) => Math.abs(c.penetration + tolerance) <= eps;
  const used = new Set<number>();
  for (const e of expected) {
    const k = actual.findIndex((a, i) =>
      !used.has(i) && length(sub(a.point, e.point)) <= eps &&
      length(sub(a.normal, e.normal)) <= normalEps &&
      Math.abs(a.penetration - e.penetration) <= eps && a.featureId === e.featureId &&
      a.kind === e.kind
    );
    if (k >= 0) used.add(k);
    else if (!borderline(e)) return 'a contact has no counterpart';
  }
  if (actual.some((a, i) => !used.has(i) && !borderline(a))) return 'an extra contact appeared';
  return '';
}

class Findings {
  readonly failures = new Map<string, { count: number; first: string; }>();
  readonly checked = new Map<string, number>();
  check(property: string): void {
    this.checked.set(property, (this.checked.get(property) ?? 0) + 1);
  }
  fail(property: string, configuration: Configuration, detail: string): void {
    const entry = this.failures.get(property);
    if (entry) entry.count++;
    else {this.failures.set(property, {
        count: 1,
        first: `${detail}\n  ${JSON.stringify(configuration)}`,
      });}
  }
  expectNone(property: string): void {
    expect(this.checked.get(property) ?? 0, `"${property}" was never checked`).toBeGreaterThan(0);
    const entry = this.failures.get(property);
    expect(
      entry
        ? `${entry.count} of ${this.checked.get(property)} failed; the first:\n${entry.first}`
        : '',
    )
      .toBe('');
  }
}

const pool = new CollisionData({ capacity: 32 });
const tight = new CollisionData({ capacity: 3 });

function detectInto(
  detect: Detect,
  a: AnyPrimitive,
  b: AnyPrimitive,
  data: CollisionData,
  maxPerPair: number,
  tolerance: number,
  prefix = 0,
): { written: number; returned: number; contacts: Snapshot[]; thrown: string; } {
  data.reset();
  data.maxContactsPerPair = maxPerPair;
  data.tolerance = tolerance;
  data.contactCount = prefix;
  let returned = 0, thrown = '';
  try {
    returned = detect(a, b, data);
  } catch (error) {
    thrown = String(error);
  }
  return {
    written: data.contactCount - prefix,
    returned,
    contacts: snapshot(data, prefix),
    thrown,
  };
}

const MIN_PUSH_DEPTH = 1e-6;

/** The smallest size of a shape (planes: none). */
function extent(shape: HullPairSpec): number {
  if (shape.kind === 'sphere') return shape.radius > 0 ? shape.radius : Infinity;
  if (shape.kind === 'box') return Math.min(...shape.halfSize);
  if (shape.kind === 'hull') return cloudExtent(shape.points);
  return Infinity;
}

function checkConfiguration(
  findings: Findings,
  setup: PairSetup,
  configuration: Configuration,
  random: Random,
  run: number,
): void {
  const { first, second } = configuration;
  const [a, b] = primitivesOf(configuration);
  const size = Math.max(hullShapeScale(first), hullShapeScale(second));
  const eps = 1e-9 * size;
  const tolerance = run % 3 === 0 ? random.range(0, 0.05) * size : 0;
  const maxPerPair = run % 2 === 0 ? 8 : 4;
  const result = detectInto(setup.detect, a, b, pool, maxPerPair, tolerance, random.int(4));
  const fail = (property: string, detail: string) =>
    findings.fail(
      property,
      configuration,
      `${detail} (tolerance ${tolerance}, max ${maxPerPair})\n  contacts: ${
        JSON.stringify(result.contacts)
      }`,
    );

  findings.check('no exception, finite unit output, bookkeeping');
  if (
    result.thrown || result.returned !== result.written || result.written > maxPerPair ||
    result.contacts.some((c) =>
      ![...c.point, ...c.normal, c.penetration].every(Number.isFinite) ||
      Math.abs(length(c.normal) - 1) > 1e-12
    )
  ) fail('no exception, finite unit output, bookkeeping', result.thrown || 'bad output');
  findings.check('penetration at least -tolerance');
  if (result.contacts.some((c) => c.penetration < -tolerance - eps)) {
    fail('penetration at least -tolerance', '');
  }

  const truth = hullOracle(first, second);
  findings.check('separated gives no contact');
  // Between polytopes only the face axes bound the gap from below for certain; at tolerance 0 any axis does.
  const gap = tolerance === 0 || truth.faceSeparation === undefined
    ? -truth.depth
    : truth.faceSeparation;
  if (gap > tolerance + eps && result.contacts.length > 0) {
    fail('separated gives no contact', `oracle gap ${gap}`);
  }
  findings.check('overlapping gives a contact');
  if (truth.depth > eps && result.contacts.length === 0) {
    fail('overlapping gives a contact', `oracle depth ${truth.depth}`);
  }

  if (setup.overlap) {
    findings.check('the overlap test agrees with the detector and the oracle');
    const overlapping = setup.overlap(a, b);
    const atZero = tolerance === 0
      ? result.contacts.length > 0
      : detectInto(setup.detect, a, b, pool, maxPerPair, 0).contacts.length > 0;
    if (
      overlapping !== atZero || (Math.abs(truth.depth) > eps && overlapping !== truth.depth > 0)
    ) {
      fail(
        'the overlap test agrees with the detector and the oracle',
        `overlap ${overlapping}, detector at 0 ${atZero}, oracle ${truth.depth}`,
      );
    }
  }

  findings.check('a full buffer cuts the pair short and says so');
  const room = 1 + random.int(3);
  const cut = detectInto(setup.detect, a, b, tight, maxPerPair, tolerance, 3 - room);
  if (
    cut.written !== Math.min(result.contacts.length, room) ||
    tight.overflowed !== result.contacts.length > room
  ) {
    fail(
      'a full buffer cuts the pair short and says so',
      `room ${room} wrote ${cut.written}, overflowed ${tight.overflowed}`,
    );
  }

  findings.check('witness points on their surfaces');
  for (const c of result.contacts) {
    const onFirst = sub(c.point, scale(c.normal, c.penetration / 2)),
      onSecond = add(c.point, scale(c.normal, c.penetration / 2));
    const d1 = hullSurfaceDistance(first, onFirst), d2 = hullSurfaceDistance(second, onSecond);
    if (d1 > 1e-8 * size || d2 > 1e-8 * size) {
      fail('witness points on their surfaces', `${d1}, ${d2}`);
    }
  }

  let deep: Snapshot | undefined;
  for (const c of result.contacts) if (!deep || c.penetration > deep.penetration) deep = c;
  if (deep && truth.depth > eps) {
    findings.check(
      'deepest penetration equals the oracle depth (polytopes: within the face preference)',
    );
    const ceiling = setup.facePreference
      ? (truth.depth + EDGE_ABSOLUTE_MARGIN * size) / (1 - EDGE_RELATIVE_MARGIN)
      : truth.depth;
    if (deep.penetration < truth.depth - 1e-8 * size || deep.penetration > ceiling + 1e-8 * size) {
      fail(
        'deepest penetration equals the oracle depth (polytopes: within the face preference)',
        `deepest ${deep.penetration}, oracle ${truth.depth}`,
      );
    }
  }
  if (deep && deep.penetration > MIN_PUSH_DEPTH * size) {
    findings.check('pushing out by 0.96 / 1.04 of the depth');
    const inside =
      hullOracleMoved(first, second, scale(deep.normal, deep.penetration * 0.96)).depth;
    const outside = hullOracleMoved(first, second, scale(deep.normal, deep.penetration * 1.04))
      .depth;
    if (!(inside > 0) || !(outside < 0)) {
      fail(
        'pushing out by 0.96 / 1.04 of the depth',
        `after 0.96: ${inside}, after 1.04: ${outside}`,
      );
    }
  }

  // A sphere centre on the hull's surface (within round-off) has no direction to carry along.
  if (second.kind === 'sphere' && hullSurfaceDistance(first, second.position) <= eps) return;
  findings.check('swapping the shapes negates the normals only');
  const swapped = detectInto(collide as Detect, b, a, pool, maxPerPair, tolerance);
  const mirrored = result.contacts.map((c) => ({ ...c, normal: scale(c.normal, -1) }));
  const swapProblem = swapped.thrown ||
    compareSets(mirrored, swapped.contacts, eps, tolerance);
  if (swapProblem) {
    fail(
      'swapping the shapes negates the normals only',
      `${swapProblem}: ${JSON.stringify(swapped.contacts)}`,
    );
  }

  findings.check('a rigid motion of both moves the contacts with them');
  // A normal from a distance d carries the round-off of coordinates of size `size` divided by d:
  // far from the origin (1e5) a small pair's normal moves by more than 1e-9 under a motion.
  const normalEps = Math.max(1e-9, 1e-13 * size / Math.min(extent(first), extent(second)));
  const motion: RigidMotion = {
    rotation: random.rotation(),
    translation: [random.range(-5, 5), random.range(-5, 5), random.range(-5, 5)],
  };
  const moved: Configuration = {
    ...configuration,
    first: moveSpec(motion, first),
    second: moveSpec(motion, second),
  };
  const [ma, mb] = primitivesOf(moved);
  const after = detectInto(setup.detect, ma, mb, pool, maxPerPair, tolerance);
  const movedEps = 1e-9 * Math.max(size, hullShapeScale(moved.first), hullShapeScale(moved.second));
  const motionProblem = after.thrown ||
    compareSets(
      result.contacts.map((c) => ({
        ...c,
        point: movePoint(motion, c.point),
        normal: rotate(motion.rotation, c.normal),
      })),
      after.contacts,
      movedEps,
      tolerance,
      normalEps,
    );
  if (motionProblem) {
    fail(
      'a rigid motion of both moves the contacts with them',
      `${motionProblem}: ${JSON.stringify(after.contacts)} after ${JSON.stringify(motion)}`,
    );
  }
}

const PROPERTIES = [
  'no exception, finite unit output, bookkeeping',
  'penetration at least -tolerance',
  'separated gives no contact',
  'overlapping gives a contact',
  'the overlap test agrees with the detector and the oracle',
  'a full buffer cuts the pair short and says so',
  'witness points on their surfaces',
  'deepest penetration equals the oracle depth (polytopes: within the face preference)',
  'pushing out by 0.96 / 1.04 of the depth',
  'swapping the shapes negates the normals only',
  'a rigid motion of both moves the contacts with them',
];

for (const [pair, setup] of Object.entries(SETUPS)) {
  describe(`${pair}: ${RUNS} random configurations against the oracle`, () => {
    const findings = new Findings();
    beforeAll(() => {
      const random = new Random(SEED ^ pair.length * 7919);
      for (let run = 0; run < RUNS; run++) {
        checkConfiguration(findings, setup, setup.generate(random), random, run);
      }
    }, 600_000);
    for (const property of PROPERTIES) {
      if (property.startsWith('the overlap') && !setup.overlap) continue;
      it(property, () => findings.expectNone(property));
    }
  });
}
