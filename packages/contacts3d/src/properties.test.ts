/**
 * Seeded property tests for every 3D pair, checked against the independent oracle of
 * `test-support/oracle.ts` (which shares no code with the detectors).
 *
 * Each pair gets RUNS random configurations (default 10,000, fixed seed; the environment
 * variables CONTACTKIT_PROPERTY_RUNS raises the count and CONTACTKIT_PROPERTY_SEED changes the
 * seed), each run with `maxContactsPerPair` 8 and 4 and, for every third one, with a
 * speculative tolerance as well. The configurations are computed once per pair; each property
 * is then its own test, failing with the first offending configuration printed as numbers
 * (shape specs that `buildPrimitive` turns back into the failing call).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { collideBoxBox, overlapBoxBox } from './pairs/box-box.js';
import { EDGE_ABSOLUTE_MARGIN, EDGE_RELATIVE_MARGIN } from './sat/box-box-sat.js';
import { collideBoxHalfSpace } from './pairs/box-half-space.js';
import { collideBoxPlane } from './pairs/box-plane.js';
import { collideBoxSphere } from './pairs/box-sphere.js';
import { collide } from './collide.js';
import { CollisionData } from './manifold/collision-data.js';
import {
  overlapBoxHalfSpace,
  overlapBoxSphere,
  overlapSphereHalfSpace,
  overlapSphereSphere,
} from './overlap.js';
import type { Box, HalfSpace, Plane, Sphere, AnyPrimitive } from './shapes/primitives.js';
import { collideSphereHalfSpace } from './pairs/sphere-half-space.js';
import { collideSpherePlane } from './pairs/sphere-plane.js';
import { collideSphereSphere } from './pairs/sphere-sphere.js';
import {
  PAIRS,
  randomConfiguration,
  randomMotion,
  type Configuration,
  type PairName,
} from './test-support/generate.js';
import { isOnSurface, oracle, surfaceDistance } from './test-support/oracle.js';
import { Random } from '@contactkit/test-support';
import {
  buildPrimitive,
  dot,
  length,
  movePoint,
  moveShape,
  rotate,
  scale,
  shapeScale,
  sub,
  translateShape,
  type BoxSpec,
  type RigidMotion,
  type ShapeSpec,
} from './test-support/shapes.js';

const DEFAULT_RUNS = 10_000;
const RUNS = Math.max(DEFAULT_RUNS, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0x5eed3d) >>> 0;

type Detect = (first: AnyPrimitive, second: AnyPrimitive, data: CollisionData) => number;

interface PairSetup {
  /** The pair's own detector, arguments in the order of its name. */
  detect: Detect;
  /** The same pair with the arguments swapped: the detector itself for boxes and spheres, else `collide`. */
  detectSwapped: Detect;
  /** The pair's boolean test, where the library has one. */
  overlap?: (first: AnyPrimitive, second: AnyPrimitive) => boolean;
}

const SETUPS: Record<PairName, PairSetup> = {
  'sphere-sphere': {
    detect: (a, b, data) => collideSphereSphere(a as Sphere, b as Sphere, data),
    detectSwapped: (b, a, data) => collideSphereSphere(b as Sphere, a as Sphere, data),
    overlap: (a, b) => overlapSphereSphere(a as Sphere, b as Sphere),
  },
  'sphere-half-space': {
    detect: (a, b, data) => collideSphereHalfSpace(a as Sphere, b as HalfSpace, data),
    detectSwapped: collide,
    overlap: (a, b) => overlapSphereHalfSpace(a as Sphere, b as HalfSpace),
  },
  'sphere-plane': {
    detect: (a, b, data) => collideSpherePlane(a as Sphere, b as Plane, data),
    detectSwapped: collide,
  },
  'box-half-space': {
    detect: (a, b, data) => collideBoxHalfSpace(a as Box, b as HalfSpace, data),
    detectSwapped: collide,
    overlap: (a, b) => overlapBoxHalfSpace(a as Box, b as HalfSpace),
  },
  'box-plane': {
    detect: (a, b, data) => collideBoxPlane(a as Box, b as Plane, data),
    detectSwapped: collide,
  },
  'box-sphere': {
    detect: (a, b, data) => collideBoxSphere(a as Box, b as Sphere, data),
    detectSwapped: collide,
    overlap: (a, b) => overlapBoxSphere(a as Box, b as Sphere),
  },
  'box-box': {
    detect: (a, b, data) => collideBoxBox(a as Box, b as Box, data),
    detectSwapped: (b, a, data) => collideBoxBox(b as Box, a as Box, data),
    overlap: (a, b) => overlapBoxBox(a as Box, b as Box),
  },
};

/** One contact copied out of the pool, with its two witness points. */
interface Snapshot {
  point: number[];
  normal: number[];
  penetration: number;
  kind: number;
  featureId: number;
  onFirst: number[];
  onSecond: number[];
}

interface Run {
  returned: number;
  contacts: Snapshot[];
  overflowed: boolean;
  /** What went wrong with the buffer itself (count, capacity, untouched prefix), or ''. */
  bufferProblem: string;
  /** The message of an exception, or ''. */
  thrown: string;
}

interface Settings {
  maxContactsPerPair: number;
  tolerance: number;
}

const SENTINEL_DEPTH = 12345;

/** Detectors only read their primitives, so each spec is built once and reused across settings. */
const primitives = new WeakMap<ShapeSpec, AnyPrimitive>();
function primitiveOf(spec: ShapeSpec): AnyPrimitive {
  let primitive = primitives.get(spec);
  if (!primitive) {
    primitive = buildPrimitive(spec);
    primitives.set(spec, primitive);
  }
  return primitive;
}
const witnessScratch = new Float64Array(3);

/**
 * Runs `detect` on fresh primitives into `data` after `prefix` sentinel contacts, and checks the
 * buffer bookkeeping: the return value equals the contacts written, no more than the room or
 * `maxContactsPerPair`, and the sentinels are untouched.
 */
function run(
  detect: Detect,
  first: ShapeSpec,
  second: ShapeSpec,
  data: CollisionData,
  prefix: number,
): Run {
  data.reset();
  for (let i = 0; i < prefix; i++) {
    const sentinel = data.contacts[i]!;
    sentinel.penetration = SENTINEL_DEPTH;
    sentinel.point.fill(SENTINEL_DEPTH);
  }
  data.contactCount = prefix;
  let returned = 0;
  let thrown = '';
  try {
    returned = detect(primitiveOf(first), primitiveOf(second), data);
  } catch (error) {
    thrown = String(error);
  }
  const problems: string[] = [];
  const written = data.contactCount - prefix;
  if (returned !== written) problems.push(`returned ${returned} but wrote ${written}`);
  if (data.contactCount > data.capacity) {
    problems.push(`contactCount ${data.contactCount} > capacity ${data.capacity}`);
  }
  if (written > data.maxContactsPerPair) {
    problems.push(`wrote ${written} > maxContactsPerPair ${data.maxContactsPerPair}`);
  }
  for (let i = 0; i < prefix; i++) {
    const sentinel = data.contacts[i]!;
    if (sentinel.penetration !== SENTINEL_DEPTH || sentinel.point[0] !== SENTINEL_DEPTH) {
      problems.push(`overwrote contact ${i} written before the call`);
    }
  }
  const contacts: Snapshot[] = [];
  for (let i = prefix; i < Math.min(data.contactCount, data.capacity); i++) {
    const c = data.contacts[i]!;
    contacts.push({
      point: Array.from(c.point),
      normal: Array.from(c.normal),
      penetration: c.penetration,
      kind: c.kind,
      featureId: c.featureId,
      onFirst: Array.from(c.pointOnFirst(witnessScratch)),
      onSecond: Array.from(c.pointOnSecond(witnessScratch)),
    });
  }
  return {
    returned,
    contacts,
    overflowed: data.overflowed,
    bufferProblem: problems.join('; '),
    thrown,
  };
}

/** Failures of one property: how many, and the first, printed in full. */
interface Failures {
  count: number;
  first: string;
}

class Findings {
  readonly byProperty = new Map<string, Failures>();
  checked = new Map<string, number>();

  /** Notes that `property` was checked once (so a test can tell it ran at all). */
  check(property: string): void {
    this.checked.set(property, (this.checked.get(property) ?? 0) + 1);
  }

  fail(property: string, configuration: Configuration, settings: Settings, detail: string): void {
    const entry = this.byProperty.get(property);
    if (entry) {
      entry.count++;
      return;
    }
    this.byProperty.set(property, {
      count: 1,
      first: `${detail}\n  settings: ${
        JSON.stringify(settings)
      }\n  mode: ${configuration.mode}\n  first: ${
        JSON.stringify(configuration.first)
      }\n  second: ${JSON.stringify(configuration.second)}`,
    });
  }

  expectNone(property: string): void {
    expect(this.checked.get(property) ?? 0, `property "${property}" was never checked`)
      .toBeGreaterThan(0);
    const entry = this.byProperty.get(property);
    const message = entry
      ? `${entry.count} of ${this.checked.get(property)} checks failed; the first:\n${entry.first}`
      : '';
    expect(message).toBe('');
  }
}

function isFiniteList(values: readonly number[]): boolean {
  return values.every(Number.isFinite);
}

function describeContacts(contacts: readonly Snapshot[]): string {
  return contacts
    .map((c) =>
      `    point ${JSON.stringify(c.point)} normal ${
        JSON.stringify(c.normal)
      } penetration ${c.penetration} kind ${c.kind} featureId 0x${c.featureId.toString(16)}`
    )
    .join('\n');
}

function distance(a: readonly number[], b: readonly number[]): number {
  return length(sub(a, b));
}

function deepest(contacts: readonly Snapshot[]): Snapshot | undefined {
  let best: Snapshot | undefined;
  for (const c of contacts) if (!best || c.penetration > best.penetration) best = c;
  return best;
}

/**
 * Matches two contact sets: every contact of `expected` has one in `actual` with the same point,
 * normal and depth within `eps`, the same kind and featureId, and the sizes agree.
 * Contacts whose depth sits within `eps` of the keep-or-drop threshold `-tolerance` may be
 * missing on either side: round-off decides those. Returns '' or what does not match.
 */
function compareSets(
  expected: readonly Snapshot[],
  actual: readonly Snapshot[],
  eps: number,
  tolerance: number,
): string {
  const borderline = (c: Snapshot) => Math.abs(c.penetration + tolerance) <= eps;
  const used = new Set<number>();
  for (const e of expected) {
    let match = -1;
    for (let k = 0; k < actual.length; k++) {
      const a = actual[k]!;
      if (used.has(k)) continue;
      if (
        distance(a.point, e.point) > eps || distance(a.normal, e.normal) > (eps === 0 ? 0 : 1e-9) ||
        Math.abs(a.penetration - e.penetration) > eps
      ) continue;
      if (a.featureId !== e.featureId || a.kind !== e.kind) continue;
      match = k;
      break;
    }
    if (match >= 0) used.add(match);
    else if (!borderline(e)) return 'a contact has no counterpart';
  }
  for (let k = 0; k < actual.length; k++) {
    if (!used.has(k) && !borderline(actual[k]!)) return 'an extra contact appeared';
  }
  return '';
}

function transformSnapshot(motion: RigidMotion, c: Snapshot): Snapshot {
  return {
    ...c,
    point: movePoint(motion, c.point),
    normal: rotate(motion.rotation, c.normal),
    onFirst: movePoint(motion, c.onFirst),
    onSecond: movePoint(motion, c.onSecond),
  };
}

/**
 * The contact as the swapped call should report it: normal negated, witnesses exchanged, and the
 * same feature id (ids name the features in the pair's canonical order, not the argument order).
 */
function mirrored(c: Snapshot): Snapshot {
  return { ...c, normal: scale(c.normal, -1), onFirst: c.onSecond, onSecond: c.onFirst };
}

/**
 * Configurations whose normal is a documented fixed choice rather than a function of the
 * geometry, so neither swapping nor a rigid motion can carry it along: coincident sphere
 * centres (+Y by definition), a sphere centre or a box centre on a true plane (the plane normal
 * by definition), and a sphere centre on a box's surface (no direction from a zero distance).
 */
function hasFixedNormal(configuration: Configuration, eps: number): boolean {
  const { first, second } = configuration;
  if (first.kind === 'sphere' && second.kind === 'sphere') {
    return distance(first.position, second.position) <= eps;
  }
  if (second.kind === 'plane') return surfaceDistance(second, first.position) <= eps;
  if (first.kind === 'box' && second.kind === 'sphere') {
    return surfaceDistance(first, second.position) <= eps;
  }
  return false;
}

/** Below this depth (relative to the scale) the 0.96 / 1.04 factors move the shapes by round-off only. */
const MIN_PUSH_DEPTH = 1e-6;

function checkConfiguration(
  findings: Findings,
  setup: PairSetup,
  pair: PairName,
  configuration: Configuration,
  random: Random,
  settings: Settings,
  pool: CollisionData,
): void {
  const { first, second } = configuration;
  const size = Math.max(shapeScale(first), shapeScale(second));
  const eps = 1e-9 * size;
  const tolerance = settings.tolerance;
  pool.maxContactsPerPair = settings.maxContactsPerPair;
  pool.tolerance = tolerance;
  const prefix = random.int(4);
  const result = run(setup.detect, first, second, pool, prefix);
  const fail = (property: string, detail: string) =>
    findings.fail(
      property,
      configuration,
      settings,
      `${detail}\n  contacts:\n${describeContacts(result.contacts)}`,
    );

  findings.check('no exception');
  if (result.thrown) fail('no exception', `threw ${result.thrown}`);
  findings.check('buffer bookkeeping');
  if (result.bufferProblem) fail('buffer bookkeeping', result.bufferProblem);

  findings.check('finite output');
  findings.check('unit normals');
  findings.check('penetration at least -tolerance');
  for (const c of result.contacts) {
    if (!isFiniteList([...c.point, ...c.normal, c.penetration])) {
      fail('finite output', 'NaN or Infinity in a contact');
    }
    if (Math.abs(length(c.normal) - 1) > 1e-12) {
      fail('unit normals', `|normal| = ${length(c.normal)}`);
    }
    if (c.penetration < -tolerance - eps) {
      fail('penetration at least -tolerance', `penetration ${c.penetration} < -${tolerance}`);
    }
  }

  const truth = oracle(first, second);
  findings.check('separated gives no contact');
  if (-truth.depth > tolerance + eps && result.contacts.length > 0) {
    fail('separated gives no contact', `oracle gap ${-truth.depth}`);
  }
  findings.check('overlapping gives a contact');
  if (truth.depth > eps && result.contacts.length === 0) {
    fail('overlapping gives a contact', `oracle depth ${truth.depth}`);
  }

  if (setup.overlap) {
    // The boolean test answers true exactly when the detector, at tolerance 0, writes a contact;
    // and away from touching it must agree with the oracle.
    findings.check('the overlap test agrees with the detector and the oracle');
    const overlapping = setup.overlap(primitiveOf(first), primitiveOf(second));
    if (
      (tolerance === 0 && overlapping !== result.contacts.length > 0) ||
      (Math.abs(truth.depth) > eps && overlapping !== truth.depth > 0)
    ) {
      fail(
        'the overlap test agrees with the detector and the oracle',
        `overlap says ${overlapping}, the detector wrote ${result.contacts.length}, oracle depth ${truth.depth}`,
      );
    }
  }

  // The same call into a buffer with only 1 to 3 free slots: written = min(full, room), overflowed exactly when cut.
  const room = 1 + random.int(3);
  const tight = run(setup.detect, first, second, tightPool(prefix + room, settings), prefix);
  findings.check('a full buffer cuts the pair short and says so');
  const expectedWritten = Math.min(result.contacts.length, room);
  if (
    tight.bufferProblem || tight.contacts.length !== expectedWritten ||
    tight.overflowed !== result.contacts.length > room
  ) {
    fail(
      'a full buffer cuts the pair short and says so',
      `room ${room}: wrote ${tight.contacts.length} (expected ${expectedWritten}), overflowed ` +
        `${tight.overflowed}; ${tight.bufferProblem}`,
    );
  }

  findings.check('witness points on their surfaces');
  for (const c of result.contacts) {
    if (
      !isOnSurface(first, c.onFirst, 1e-8 * size) || !isOnSurface(second, c.onSecond, 1e-8 * size)
    ) {
      fail(
        'witness points on their surfaces',
        `pointOnFirst ${surfaceDistance(first, c.onFirst)} and pointOnSecond ${
          surfaceDistance(second, c.onSecond)
        } from their surfaces`,
      );
    }
  }

  const deep = deepest(result.contacts);
  if (deep && pair !== 'box-box') {
    findings.check('deepest penetration equals the oracle depth');
    if (Math.abs(deep.penetration - truth.depth) > 1e-8 * size) {
      fail(
        'deepest penetration equals the oracle depth',
        `deepest ${deep.penetration}, oracle ${truth.depth}`,
      );
    }
  }
  if (deep && pair === 'box-box' && truth.depth > eps) {
    // SAT keeps a face axis unless an edge axis is shallower by EDGE_RELATIVE_MARGIN of its depth
    // plus EDGE_ABSOLUTE_MARGIN of the largest half size (resting boxes keep their face patch):
    // the reported depth d then satisfies oracle <= d <= (oracle + absolute) / (1 - relative).
    const largest = Math.max(...(first as BoxSpec).halfSize, ...(second as BoxSpec).halfSize);
    const ceiling = (truth.depth + EDGE_ABSOLUTE_MARGIN * largest) / (1 - EDGE_RELATIVE_MARGIN);
    findings.check('deepest penetration within the axis margin of the oracle depth');
    if (deep.penetration < truth.depth - 1e-8 * size || deep.penetration > ceiling + 1e-8 * size) {
      fail(
        'deepest penetration within the axis margin of the oracle depth',
        `deepest ${deep.penetration}, oracle ${truth.depth}, allowed up to ${ceiling}`,
      );
    }
  }

  // Skipped below MIN_PUSH_DEPTH: there 4% of the depth is within round-off of touching.
  if (deep && deep.penetration > MIN_PUSH_DEPTH * size) {
    findings.check('pushing out by 0.96 / 1.04 of the depth');
    const inside =
      oracle(translateShape(first, scale(deep.normal, deep.penetration * 0.96)), second).depth;
    const outside =
      oracle(translateShape(first, scale(deep.normal, deep.penetration * 1.04)), second).depth;
    if (!(inside > 0) || !(outside < 0)) {
      fail(
        'pushing out by 0.96 / 1.04 of the depth',
        `oracle depth after 0.96: ${inside}, after 1.04: ${outside}`,
      );
    }
  }

  if (hasFixedNormal(configuration, eps)) return;
  const swapped = run(setup.detectSwapped, second, first, pool, 0);
  findings.check('swapping the shapes negates the normals only');
  const swapProblem = swapped.thrown ||
    compareSets(result.contacts.map(mirrored), swapped.contacts, eps, tolerance);
  if (swapProblem) {
    fail(
      'swapping the shapes negates the normals only',
      `${swapProblem}; swapped gave:\n${describeContacts(swapped.contacts)}`,
    );
  }

  if (setup.detectSwapped === collide) {
    const dispatched = run(collide, first, second, pool, 0);
    findings.check('collide in name order equals the detector');
    const dispatchProblem = dispatched.thrown ||
      compareSets(result.contacts, dispatched.contacts, 0, tolerance);
    if (dispatchProblem) {
      fail(
        'collide in name order equals the detector',
        `${dispatchProblem}; collide gave:\n${describeContacts(dispatched.contacts)}`,
      );
    }
  }

  const motion = randomMotion(random);
  const movedFirst = moveShape(motion, first), movedSecond = moveShape(motion, second);
  const moved = run(setup.detect, movedFirst, movedSecond, pool, 0);
  const movedSize = Math.max(shapeScale(movedFirst), shapeScale(movedSecond), size);
  findings.check('a rigid motion of both moves the contacts with them');
  const motionProblem = moved.thrown ||
    compareSets(
      result.contacts.map((c) => transformSnapshot(motion, c)),
      moved.contacts,
      1e-9 * movedSize,
      tolerance,
    );
  if (motionProblem) {
    fail(
      'a rigid motion of both moves the contacts with them',
      `${motionProblem}; motion ${JSON.stringify(motion)}; moved gave:\n${
        describeContacts(moved.contacts)
      }`,
    );
  }
}

const tightPools = new Map<number, CollisionData>();
function tightPool(capacity: number, settings: Settings): CollisionData {
  let pool = tightPools.get(capacity);
  if (!pool) {
    pool = new CollisionData({ capacity });
    tightPools.set(capacity, pool);
  }
  pool.maxContactsPerPair = settings.maxContactsPerPair;
  pool.tolerance = settings.tolerance;
  return pool;
}

const PROPERTIES = [
  'no exception',
  'buffer bookkeeping',
  'a full buffer cuts the pair short and says so',
  'finite output',
  'unit normals',
  'penetration at least -tolerance',
  'separated gives no contact',
  'overlapping gives a contact',
  'witness points on their surfaces',
  'pushing out by 0.96 / 1.04 of the depth',
  'swapping the shapes negates the normals only',
  'a rigid motion of both moves the contacts with them',
] as const;

/**
 * Checks `runs` configurations of `pair` from `seed`, each with maxContactsPerPair 8 and 4 (and a
 * tolerance for every third).
 */
function checkPair(pair: PairName, setup: PairSetup, runs: number, seed: number): Findings {
  const findings = new Findings();
  const random = new Random(seed);
  const pool = new CollisionData({ capacity: 64 });
  for (let i = 0; i < runs; i++) {
    const configuration = randomConfiguration(random, pair);
    checkConfiguration(findings, setup, pair, configuration, random, {
      maxContactsPerPair: 8,
      tolerance: 0,
    }, pool);
    checkConfiguration(findings, setup, pair, configuration, random, {
      maxContactsPerPair: 4,
      tolerance: 0,
    }, pool);
    if (i % 3 === 0) {
      checkConfiguration(findings, setup, pair, configuration, random, {
        maxContactsPerPair: 8,
        tolerance: 0.05,
      }, pool);
    }
  }
  return findings;
}

for (const [index, pair] of PAIRS.entries()) {
  describe(`${pair}: ${RUNS} seeded random configurations`, () => {
    let findings = new Findings();
    // About 1 ms per configuration on a loaded 2-core machine; the hook timeout grows with the count.
    beforeAll(() => {
      findings = checkPair(pair, SETUPS[pair], RUNS, SEED + index);
    }, Math.max(60_000, 10 * RUNS));
    const properties: string[] = [...PROPERTIES];
    if (SETUPS[pair].detectSwapped === collide) {
      properties.push('collide in name order equals the detector');
    }
    if (SETUPS[pair].overlap) {
      properties.push('the overlap test agrees with the detector and the oracle');
    }
    // Box-box reports the depth of the axis it chose, which may exceed the least one by the axis margin.
    properties.push(
      pair === 'box-box'
        ? 'deepest penetration within the axis margin of the oracle depth'
        : 'deepest penetration equals the oracle depth',
    );
    for (const property of properties) it(property, () => findings.expectNone(property));
  });
}

/**
 * A detector with a planted bug: runs the real one, then `sabotage` edits the contacts it wrote
 * (from index `from`) and may change the count it returns.
 */
function sabotaged(
  detect: Detect,
  sabotage: (data: CollisionData, from: number, count: number) => number,
): Detect {
  return (first, second, data) => {
    const from = data.contactCount;
    return sabotage(data, from, detect(first, second, data));
  };
}

// The harness must catch planted bugs, or its passing says nothing: each sabotage below must make
// the named property fail within a few hundred configurations.
describe('the property harness catches planted bugs', () => {
  const planted: [string, PairName, PairSetup, string][] = [
    [
      'normals pointing the wrong way',
      'sphere-sphere',
      {
        ...SETUPS['sphere-sphere'],
        detect: sabotaged(SETUPS['sphere-sphere'].detect, (data, from, count) => {
          for (let i = from; i < from + count; i++) {
            data.contacts[i]!.normal.forEach((v, k, n) => (n[k] = -v));
          }
          return count;
        }),
      },
      'pushing out by 0.96 / 1.04 of the depth',
    ],
    [
      'a depth 1% too large',
      'box-half-space',
      {
        ...SETUPS['box-half-space'],
        detect: sabotaged(SETUPS['box-half-space'].detect, (data, from, count) => {
          for (let i = from; i < from + count; i++) data.contacts[i]!.penetration *= 1.01;
          return count;
        }),
      },
      'deepest penetration equals the oracle depth',
    ],
    [
      'a point off the midpoint of the witnesses',
      'box-sphere',
      {
        ...SETUPS['box-sphere'],
        detect: sabotaged(SETUPS['box-sphere'].detect, (data, from, count) => {
          for (let i = from; i < from + count; i++) data.contacts[i]!.point[0]! += 1e-4;
          return count;
        }),
      },
      'witness points on their surfaces',
    ],
    [
      'a count that lies',
      'box-box',
      {
        ...SETUPS['box-box'],
        detect: sabotaged(
          SETUPS['box-box'].detect,
          (_data, _from, count) => (count > 0 ? count - 1 : 0),
        ),
      },
      'buffer bookkeeping',
    ],
    [
      'contacts for separated shapes',
      'sphere-plane',
      {
        ...SETUPS['sphere-plane'],
        detect: (first, second, data) => {
          const tolerance = data.tolerance;
          data.tolerance = 10;
          const count = SETUPS['sphere-plane'].detect(first, second, data);
          data.tolerance = tolerance;
          return count;
        },
      },
      'separated gives no contact',
    ],
    [
      'a swapped call that keeps the normal',
      'box-plane',
      {
        ...SETUPS['box-plane'],
        detectSwapped: (second, first, data) => SETUPS['box-plane'].detect(first, second, data),
      },
      'swapping the shapes negates the normals only',
    ],
    [
      'points snapped to a world grid',
      'sphere-half-space',
      {
        ...SETUPS['sphere-half-space'],
        detect: sabotaged(SETUPS['sphere-half-space'].detect, (data, from, count) => {
          for (let i = from; i < from + count; i++) {
            data.contacts[i]!.point.forEach((v, k, p) => (p[k] = Math.round(v * 1e6) / 1e6));
          }
          return count;
        }),
      },
      'a rigid motion of both moves the contacts with them',
    ],
  ];
  for (const [bug, pair, setup, property] of planted) {
    it(`${bug} (${pair}) breaks "${property}"`, () => {
      const findings = checkPair(pair, setup, 300, SEED);
      expect(findings.byProperty.get(property)?.count ?? 0).toBeGreaterThan(0);
    });
  }
});

// The oracle's own sanity: it must agree with numbers worked out by hand, or the properties above prove nothing.
describe('the oracle', () => {
  it('measures two unit cubes stacked 0.1 deep along y as depth 0.1 along +y', () => {
    // Centres 0.9 apart on y, half sizes 0.5: overlap on y is 0.5 + 0.5 - 0.9 = 0.1; x and z overlap by 1.
    const answer = oracle(
      { kind: 'box', halfSize: [0.5, 0.5, 0.5], position: [0, 0.9, 0], rotation: [0, 0, 0, 1] },
      { kind: 'box', halfSize: [0.5, 0.5, 0.5], position: [0, 0, 0], rotation: [0, 0, 0, 1] },
    );
    expect(answer.depth).toBeCloseTo(0.1, 12);
    expect(answer.direction[1]).toBeCloseTo(1, 12);
  });

  it('finds the edge-edge axis of two crossed edges', () => {
    // Box A turned 45 degrees about z, box B turned 45 degrees about x, both unit cubes:
    // A's edge along z at x = 0 reaches y = -sqrt(0.5) below its centre; B's edge along x
    // reaches y = +sqrt(0.5) above its own. Centres 1.3 apart on y: depth 2 sqrt(0.5) - 1.3,
    // about 0.11421, on the axis z x x = y; every face axis overlaps by at least 0.43 (A's
    // turned x: 0.5 + 0.5 (0.707 + 0.5 + 0.5) - 1.3 * 0.707).
    const s = Math.sin(Math.PI / 8), c = Math.cos(Math.PI / 8);
    const answer = oracle(
      { kind: 'box', halfSize: [0.5, 0.5, 0.5], position: [0, 1.3, 0], rotation: [0, 0, s, c] },
      { kind: 'box', halfSize: [0.5, 0.5, 0.5], position: [0, 0, 0], rotation: [s, 0, 0, c] },
    );
    expect(answer.depth).toBeCloseTo(2 * Math.sqrt(0.5) - 1.3, 12);
    expect(Math.abs(answer.direction[1])).toBeCloseTo(1, 12);
  });

  it('pushes a sphere centre inside a box out through the nearest face', () => {
    // Centre at x = 0.4 in a unit cube: nearest face x = +0.5 at 0.1, radius 0.2: depth 0.3;
    // the box moves away along -x.
    const answer = oracle(
      { kind: 'box', halfSize: [0.5, 0.5, 0.5], position: [0, 0, 0], rotation: [0, 0, 0, 1] },
      { kind: 'sphere', radius: 0.2, position: [0.4, 0, 0], rotation: [0, 0, 0, 1] },
    );
    expect(answer.depth).toBeCloseTo(0.3, 12);
    expect(answer.direction[0]).toBeCloseTo(-1, 12);
  });

  it('pushes a box through a true plane the cheaper way', () => {
    // A unit cube centred 0.2 below y = 0: lifting needs 0.7, lowering 0.3.
    const answer = oracle(
      { kind: 'box', halfSize: [0.5, 0.5, 0.5], position: [0, -0.2, 0], rotation: [0, 0, 0, 1] },
      { kind: 'plane', normal: [0, 1, 0], offset: 0, position: [0, 0, 0], rotation: [0, 0, 0, 1] },
    );
    expect(answer.depth).toBeCloseTo(0.3, 12);
    expect(answer.direction[1]).toBeCloseTo(-1, 12);
    // As a half-space the same box must be lifted: 0.7.
    expect(
      oracle(
        { kind: 'box', halfSize: [0.5, 0.5, 0.5], position: [0, -0.2, 0], rotation: [0, 0, 0, 1] },
        {
          kind: 'halfSpace',
          normal: [0, 1, 0],
          offset: 0,
          position: [0, 0, 0],
          rotation: [0, 0, 0, 1],
        },
      ).depth,
    ).toBeCloseTo(0.7, 12);
  });

  it('moves a posed plane with its pose', () => {
    // Local plane y = 1 turned 90 degrees about z (local y becomes world -x) and moved by x = 3:
    // its point (0, 1, 0) lands at (2, 0, 0), so the world plane is -x = -2, i.e. x = 2. A unit
    // sphere at x = 2.5 on the +x side of it is at height -0.5 along the world normal -x: depth
    // 1 + 0.5 = 1.5 as a half-space.
    const q = Math.SQRT1_2;
    const answer = oracle(
      { kind: 'sphere', radius: 1, position: [2.5, 0, 0], rotation: [0, 0, 0, 1] },
      {
        kind: 'halfSpace',
        normal: [0, 1, 0],
        offset: 1,
        position: [3, 0, 0],
        rotation: [0, 0, q, q],
      },
    );
    expect(answer.depth).toBeCloseTo(1.5, 12);
    expect(dot(answer.direction, [-1, 0, 0])).toBeCloseTo(1, 12);
  });
});
