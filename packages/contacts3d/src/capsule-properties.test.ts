/**
 * Seeded property tests for the capsule pairs against the independent oracle of
 * `test-support/capsule-oracle.ts` (golden-section distances and a brute-force separating-axis
 * depth; no code shared with the detectors). RUNS configurations a pair (default 10,000, more
 * with CONTACTKIT_PROPERTY_RUNS, another seed with CONTACTKIT_PROPERTY_SEED), at scales 1e-3, 1
 * and 1e3, with the hostile cases mixed in: near-parallel and exactly parallel capsules, capsules
 * lying along box faces, touching pairs, identical poses, half length 0, coordinates near 1e5.
 * Each property is its own test and prints the first offending configuration.
 */
import { AXIS_ABSOLUTE_MARGIN } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { beforeAll, describe, expect, it } from 'vitest';
import { exitCapsule, LineExit } from './clip/line-exit.js';
import { collide } from './collide.js';
import { CollisionData } from './manifold/collision-data.js';
import { overlap } from './overlap.js';
import { collideBoxCapsule } from './pairs/box-capsule.js';
import { collideCapsuleCapsule } from './pairs/capsule-capsule.js';
import { collideCapsuleHalfSpace } from './pairs/capsule-half-space.js';
import { collideCapsulePlane } from './pairs/capsule-plane.js';
import { collideCapsuleSphere } from './pairs/capsule-sphere.js';
import { Capsule } from './shapes/capsule.js';
import type { AnyPrimitive } from './shapes/primitives.js';
import {
  capsuleOracle,
  signedSurfaceDistance,
  type CapsulePairSpec,
  type CapsuleSpec,
} from './test-support/capsule-oracle.js';
import {
  add,
  axisAngle,
  buildPrimitive,
  dot,
  movePoint,
  multiplyQuat,
  rotate,
  scale,
  sub,
  type BoxSpec,
  type Quat,
  type RigidMotion,
  type Vec3,
} from './test-support/shapes.js';

const DEFAULT_RUNS = 10_000;
const RUNS = Math.max(DEFAULT_RUNS, Number(process.env['CONTACTKIT_PROPERTY_RUNS'] ?? 0) || 0);
const SEED = Number(process.env['CONTACTKIT_PROPERTY_SEED'] ?? 0xca95) >>> 0;
// A few seconds a property on a loaded 2-core machine: the timeout grows with the count.
const PROPERTY_TIMEOUT = Math.max(60_000, 10 * RUNS);

const PAIRS = [
  'capsule-capsule',
  'capsule-sphere',
  'capsule-half-space',
  'capsule-plane',
  'box-capsule',
] as const;
type PairName = (typeof PAIRS)[number];
type Detect = (first: AnyPrimitive, second: AnyPrimitive, data: CollisionData) => number;

const DETECTORS: Record<PairName, Detect> = {
  'capsule-capsule': collideCapsuleCapsule as Detect,
  'capsule-sphere': collideCapsuleSphere as Detect,
  'capsule-half-space': collideCapsuleHalfSpace as Detect,
  'capsule-plane': collideCapsulePlane as Detect,
  'box-capsule': collideBoxCapsule as Detect,
};

interface Configuration {
  first: CapsulePairSpec;
  second: CapsulePairSpec;
  /** The size of the configuration (largest extent), for relative tolerances. */
  size: number;
  /** The largest coordinate magnitude, for round-off of absolute positions. */
  reach: number;
  mode: string;
}

function build(spec: CapsulePairSpec): AnyPrimitive {
  if (spec.kind === 'capsule') {
    return new Capsule(spec.radius, spec.halfLength).setPose(spec.position, spec.rotation);
  }
  return buildPrimitive(spec);
}

function randomRotation(random: Random): Quat {
  const choice = random.next();
  if (choice < 0.7) return random.rotation();
  const axes: Vec3[] = [[1, 0, 0], [0, 1, 0], [0, 0, 1]];
  return multiplyQuat(
    axisAngle(random.pick(axes), (Math.PI / 2) * random.int(4)),
    axisAngle(random.pick(axes), (Math.PI / 2) * random.int(4)),
  );
}

function randomCapsule(random: Random, s: number, centre: Vec3): CapsuleSpec {
  return {
    kind: 'capsule',
    radius: random.logRange(0.05, 1) * s,
    halfLength: random.chance(0.05) ? 0 : random.logRange(0.01, 2) * s,
    position: add(centre, scale(random.unitVector(), random.range(0, 2.5) * s)),
    rotation: randomRotation(random),
  };
}

/** A small turn about a random axis: exactly parallel (0), within the two-point cone, or just past it. */
function nearParallelTurn(random: Random): Quat {
  const angle = random.pick([0, 0, random.range(0, 0.04), random.range(0.04, 0.07)]);
  return axisAngle(random.unitVector(), angle);
}

function configuration(random: Random, pair: PairName): Configuration {
  const s = random.pick([1e-3, 1, 1e3]);
  const origin: Vec3 = random.chance(0.05)
    ? scale(random.unitVector(), 1e5)
    : [0, 0, 0];
  const capsule = randomCapsule(random, s, origin);
  let first: CapsulePairSpec, second: CapsulePairSpec;
  let mode = 'free';
  if (pair === 'capsule-capsule') {
    const other = randomCapsule(random, s, origin);
    if (random.chance(0.25)) {
      mode = 'parallel';
      other.rotation = multiplyQuat(nearParallelTurn(random), capsule.rotation);
      // Side by side: offset across the axis by about the sum of the radii.
      const across = rotate(capsule.rotation, [1, 0, 0]);
      const along = rotate(capsule.rotation, [0, 1, 0]);
      other.position = add(
        add(
          capsule.position,
          scale(across, (capsule.radius + other.radius) * random.range(0.7, 1.1)),
        ),
        scale(along, random.range(-1, 1) * (capsule.halfLength + other.halfLength)),
      );
    } else if (random.chance(0.03)) {
      mode = 'identical';
      Object.assign(other, {
        radius: capsule.radius,
        halfLength: capsule.halfLength,
        position: capsule.position,
        rotation: capsule.rotation,
      });
    }
    first = capsule;
    second = other;
  } else if (pair === 'capsule-sphere') {
    const sphere = {
      kind: 'sphere' as const,
      radius: random.logRange(0.05, 1) * s,
      position: add(capsule.position, scale(random.unitVector(), random.range(0, 2) * s)),
      rotation: random.rotation(),
    };
    if (random.chance(0.03)) {
      mode = 'centre on segment';
      sphere.position = add(
        capsule.position,
        rotate(capsule.rotation, [0, random.range(-1, 1) * capsule.halfLength, 0]),
      );
    }
    first = capsule;
    second = sphere;
  } else if (pair === 'capsule-half-space' || pair === 'capsule-plane') {
    const normal = random.chance(0.5)
      ? random.pick<Vec3>([[0, 1, 0], [1, 0, 0], [0, 0, -1]])
      : random.unitVector();
    const height = random.range(-1.5, 1.5) * (capsule.radius + capsule.halfLength);
    // The plane through a point `height` below the capsule's centre.
    const offset = dot(normal, capsule.position) - height;
    if (random.chance(0.2)) {
      mode = 'lying';
      // The capsule's axis turned into the plane: any direction across the normal.
      capsule.rotation = multiplyQuat(
        nearParallelTurn(random),
        quaternionTurning([0, 1, 0], perpendicular(normal, random)),
      );
    }
    first = capsule;
    second = {
      kind: pair === 'capsule-plane' ? 'plane' : 'halfSpace',
      normal,
      offset,
      position: [0, 0, 0],
      rotation: [0, 0, 0, 1],
    };
  } else {
    const box: BoxSpec = {
      kind: 'box',
      halfSize: [
        random.logRange(0.05, 2) * s,
        random.logRange(0.05, 2) * s,
        random.logRange(0.05, 2) * s,
      ],
      position: origin,
      rotation: randomRotation(random),
    };
    if (random.chance(0.25)) {
      // Lying along a face (or an edge): the capsule's axis along a box axis, turned a little,
      // over a face at about its radius.
      mode = 'along a face';
      const k = random.int(3), j = (k + 1 + random.int(2)) % 3;
      const axes: Vec3[] = [0, 1, 2].map((i) =>
        rotate(box.rotation, [i === 0 ? 1 : 0, i === 1 ? 1 : 0, i === 2 ? 1 : 0])
      );
      const sign = random.chance(0.5) ? 1 : -1;
      capsule.rotation = multiplyQuat(
        nearParallelTurn(random),
        quaternionTurning([0, 1, 0], axes[j]!),
      );
      let position = add(
        box.position,
        scale(axes[k]!, sign * (box.halfSize[k]! + capsule.radius * random.range(0.6, 1.1))),
      );
      position = add(position, scale(axes[j]!, random.range(-1.2, 1.2) * box.halfSize[j]!));
      const m = 3 - k - j;
      const onEdge = random.chance(0.3);
      if (onEdge) mode = 'over an edge exactly';
      position = add(
        position,
        scale(
          axes[m]!,
          (onEdge ? (random.chance(0.5) ? 1 : -1) : random.range(-1, 1)) * box.halfSize[m]!,
        ),
      );
      capsule.position = position;
    } else {
      capsule.position = add(box.position, scale(random.unitVector(), random.range(0, 2.5) * s));
    }
    first = box;
    second = capsule;
  }
  const configurationFound: Configuration = {
    first,
    second,
    size: s * 3,
    reach: Math.max(1, length3(origin)),
    mode,
  };
  if (mode === 'free' && random.chance(0.15)) {
    const { depth, direction } = capsuleOracle(first, second);
    configurationFound.first = {
      ...first,
      position: add(first.position, scale(direction, depth)),
    } as CapsulePairSpec;
    configurationFound.mode = 'touching';
  }
  return configurationFound;
}

function length3(v: readonly number[]): number {
  return Math.hypot(v[0]!, v[1]!, v[2]!);
}

function perpendicular(normal: Vec3, random: Random): Vec3 {
  const t = sub(random.unitVector(), scale(normal, 0));
  const across = sub(t, scale(normal, dot(t, normal)));
  return scale(across, 1 / length3(across));
}

/** The quaternion turning unit `from` onto unit `to` (not opposite). */
function quaternionTurning(from: Vec3, to: Vec3): Quat {
  const h = add(from, to);
  const lengthH = length3(h);
  if (lengthH < 1e-12) return [1, 0, 0, 0];
  const half = scale(h, 1 / lengthH);
  const axis: Vec3 = [
    from[1] * half[2] - from[2] * half[1],
    from[2] * half[0] - from[0] * half[2],
    from[0] * half[1] - from[1] * half[0],
  ];
  return [axis[0], axis[1], axis[2], dot(from, half)];
}

interface Snapshot {
  point: Vec3;
  normal: Vec3;
  penetration: number;
  featureId: number;
}

function run(detect: Detect, first: AnyPrimitive, second: AnyPrimitive, tolerance = 0): Snapshot[] {
  const data = new CollisionData({ capacity: 8, tolerance });
  const count = detect(first, second, data);
  if (count !== data.contactCount) throw new Error(`returned ${count}, wrote ${data.contactCount}`);
  return data.contacts.slice(0, count).map((c) => ({
    point: [c.point[0]!, c.point[1]!, c.point[2]!],
    normal: [c.normal[0]!, c.normal[1]!, c.normal[2]!],
    penetration: c.penetration,
    featureId: c.featureId,
  }));
}

function describeConfiguration(c: Configuration): string {
  return JSON.stringify({ mode: c.mode, first: c.first, second: c.second });
}

for (const pair of PAIRS) {
  describe(`${pair} properties (${RUNS} runs, seed ${SEED})`, () => {
    const configurations: Configuration[] = [];
    const results: Snapshot[][] = [];
    beforeAll(() => {
      const random = new Random(SEED + PAIRS.indexOf(pair));
      for (let i = 0; i < RUNS; i++) {
        const c = configuration(random, pair);
        configurations.push(c);
        results.push(run(DETECTORS[pair], build(c.first), build(c.second)));
      }
    }, PROPERTY_TIMEOUT);

    /** Round-off allowance for a configuration: relative to its size and to its coordinates. */
    const slack = (c: Configuration, relative: number) => relative * c.size + 1e-12 * c.reach;

    it('a contact exactly when the shapes overlap (beyond a thin shell)', () => {
      let overlapping = 0;
      for (let i = 0; i < RUNS; i++) {
        const c = configurations[i]!;
        const { depth } = capsuleOracle(c.first, c.second);
        const shell = slack(c, 1e-9);
        if (depth > shell) {
          overlapping++;
          expect(results[i]!.length, describeConfiguration(c)).toBeGreaterThan(0);
        }
        if (depth < -shell) expect(results[i]!.length, describeConfiguration(c)).toBe(0);
      }
      expect(overlapping).toBeGreaterThan(RUNS / 5);
    }, PROPERTY_TIMEOUT);

    it(
      "the deepest penetration is the oracle's depth, and moving the first shape by it along the " +
        'normal makes the pair touch',
      () => {
        for (let i = 0; i < RUNS; i++) {
          const c = configurations[i]!;
          const contacts = results[i]!;
          if (contacts.length === 0) continue;
          const { depth } = capsuleOracle(c.first, c.second);
          const deepest = contacts.reduce((a, b) => (b.penetration > a.penetration ? b : a));
          // Box-capsule prefers a face axis to an edge axis within AXIS_ABSOLUTE_MARGIN of the size.
          const bias = c.first.kind === 'box' ? AXIS_ABSOLUTE_MARGIN * c.size : 0;
          const tolerance = slack(c, 1e-7);
          expect(deepest.penetration - depth, describeConfiguration(c)).toBeLessThan(
            tolerance + bias,
          );
          expect(deepest.penetration - depth, describeConfiguration(c)).toBeGreaterThan(-tolerance);
          const moved = {
            ...c.first,
            position: add(c.first.position, scale(deepest.normal, deepest.penetration)),
          } as CapsulePairSpec;
          const after = capsuleOracle(moved, c.second).depth;
          expect(after, describeConfiguration(c)).toBeLessThan(slack(c, 1e-6));
          expect(after, describeConfiguration(c)).toBeGreaterThan(-slack(c, 1e-6) - bias);
        }
      },
      PROPERTY_TIMEOUT,
    );

    it(
      "witness points: the deepest contact's on both surfaces, every other one's within both " +
        'shapes (on both for two capsules: FINDINGS.md F5)',
      () => {
        for (let i = 0; i < RUNS; i++) {
          const c = configurations[i]!;
          const contacts = results[i]!;
          if (contacts.length === 0) continue;
          const deepest = contacts.reduce((a, b) => (b.penetration > a.penetration ? b : a));
          // A capsule end's sphere on a face or plane is its documented witness (capsule-half-space.ts):
          // inside the capsule when the other end lies deeper. Two capsules' points are measured along
          // the one normal between the surfaces (line-exit.ts).
          const allowance = slack(c, 1e-7);
          const exact = pair === 'capsule-capsule';
          for (const contact of contacts) {
            const onFirst = sub(contact.point, scale(contact.normal, contact.penetration / 2));
            const onSecond = add(contact.point, scale(contact.normal, contact.penetration / 2));
            const first = signedSurfaceDistance(onFirst, c.first);
            const second = signedSurfaceDistance(onSecond, c.second);
            expect(first, describeConfiguration(c)).toBeLessThan(allowance);
            expect(second, describeConfiguration(c)).toBeLessThan(allowance);
            if (contact === deepest || exact) {
              expect(Math.abs(first), describeConfiguration(c)).toBeLessThan(allowance);
              expect(Math.abs(second), describeConfiguration(c)).toBeLessThan(allowance);
            }
          }
        }
      },
      PROPERTY_TIMEOUT,
    );

    if (pair === 'capsule-capsule') {
      it(
        "a two-point manifold's depths and points are line-exit.ts's along the normal (the " +
          'closed form on the segments answers as exitCapsule did)',
        () => {
          let compared = 0;
          const exit = new LineExit();
          /** Where the line from p along direction d leaves the capsule `spec`. */
          const leave = (spec: CapsuleSpec, p: Vec3, d: Vec3): number => {
            const axis = rotate(spec.rotation, [0, 1, 0]);
            [exit.x, exit.y, exit.z] = p;
            [exit.dx, exit.dy, exit.dz] = d;
            [exit.cx, exit.cy, exit.cz] = spec.position;
            [exit.ax, exit.ay, exit.az] = axis;
            exit.halfLength = spec.halfLength;
            exit.radius = spec.radius;
            exitCapsule(exit);
            return exit.distance;
          };
          for (let i = 0; i < RUNS; i++) {
            const c = configurations[i]!;
            const contacts = results[i]!;
            if (contacts.length !== 2) continue;
            compared++;
            for (const contact of contacts) {
              // The normal points from the second toward the first: the line leaves the first
              // along -n and the second along n, and the midpoint lies halfway between.
              const first = leave(c.first as CapsuleSpec, contact.point, scale(contact.normal, -1));
              const second = leave(c.second as CapsuleSpec, contact.point, contact.normal);
              const tolerance = slack(c, 1e-9);
              expect(Math.abs(first + second - contact.penetration), describeConfiguration(c))
                .toBeLessThan(tolerance);
              expect(Math.abs(first - second), describeConfiguration(c)).toBeLessThan(tolerance);
            }
          }
          expect(compared).toBeGreaterThan(RUNS / 20);
        },
        PROPERTY_TIMEOUT,
      );
    }

    it('symmetry: the swapped order gives the same points, depths and ids, normals negated', () => {
      for (let i = 0; i < RUNS; i++) {
        const c = configurations[i]!;
        if (c.mode === 'identical') continue;
        const swapped = run(collide as Detect, build(c.second), build(c.first));
        const contacts = results[i]!;
        expect(swapped.length, describeConfiguration(c)).toBe(contacts.length);
        for (let k = 0; k < contacts.length; k++) {
          expect(swapped[k]!.featureId).toBe(contacts[k]!.featureId);
          expect(swapped[k]!.penetration).toBe(contacts[k]!.penetration);
          for (let a = 0; a < 3; a++) {
            expect(swapped[k]!.point[a]).toBe(contacts[k]!.point[a]);
            expect(swapped[k]!.normal[a]).toBe(0 - contacts[k]!.normal[a]!);
          }
        }
      }
    }, PROPERTY_TIMEOUT);

    it('rigid motion: moving both shapes moves the contacts alike (same ids and depths)', () => {
      const random = new Random(SEED ^ 0x77);
      let compared = 0;
      for (let i = 0; i < RUNS; i++) {
        const c = configurations[i]!;
        const { depth } = capsuleOracle(c.first, c.second);
        // Degenerate poses (cores touching, identical shapes, a capsule exactly over a face's
        // boundary) choose a direction or a feature by a fixed rule that round-off of the moved
        // poses may flip; coordinates near 1e5 lose the digits compared.
        if (
          Math.abs(depth) < slack(c, 1e-6) || c.mode === 'identical' ||
          c.mode === 'centre on segment' ||
          c.mode === 'over an edge exactly' || c.reach > 1
        ) continue;
        const motion: RigidMotion = {
          rotation: random.rotation(),
          translation: scale(random.unitVector(), 5 * c.size),
        };
        const moveSpec = (spec: CapsulePairSpec) =>
          ({
            ...spec,
            position: movePoint(motion, spec.position),
            rotation: multiplyQuat(motion.rotation, spec.rotation),
          }) as CapsulePairSpec;
        const moved = run(DETECTORS[pair], build(moveSpec(c.first)), build(moveSpec(c.second)));
        const contacts = results[i]!;
        // A two-point decision exactly at its threshold may go either way under round-off.
        if (moved.length !== contacts.length && moved.length > 0 && contacts.length > 0) continue;
        expect(moved.length, describeConfiguration(c)).toBe(contacts.length);
        compared++;
        for (let k = 0; k < contacts.length; k++) {
          const before = contacts[k]!, after = moved.find((m) => m.featureId === before.featureId);
          expect(after, describeConfiguration(c)).toBeDefined();
          expect(Math.abs(after!.penetration - before.penetration), describeConfiguration(c))
            .toBeLessThan(slack(c, 1e-8));
          const expectedPoint = movePoint(motion, before.point);
          const expectedNormal = rotate(motion.rotation, before.normal);
          for (let a = 0; a < 3; a++) {
            expect(Math.abs(after!.point[a]! - expectedPoint[a]!), describeConfiguration(c))
              .toBeLessThan(slack(c, 1e-8) * 10);
            expect(Math.abs(after!.normal[a]! - expectedNormal[a]!), describeConfiguration(c))
              .toBeLessThan(1e-6);
          }
        }
      }
      expect(compared).toBeGreaterThan(RUNS / 2);
    }, PROPERTY_TIMEOUT);

    it('overlap(a, b) agrees with the detector at tolerance 0, in both orders', () => {
      for (let i = 0; i < RUNS; i++) {
        const c = configurations[i]!;
        const a = build(c.first), b = build(c.second);
        expect(overlap(a, b), describeConfiguration(c)).toBe(results[i]!.length > 0);
        expect(overlap(b, a), describeConfiguration(c)).toBe(results[i]!.length > 0);
      }
    }, PROPERTY_TIMEOUT);

    it('a speculative tolerance adds contacts within it and keeps every one at tolerance 0', () => {
      for (let i = 0; i < RUNS; i += 3) {
        const c = configurations[i]!;
        const tolerance = 0.1 * c.size;
        const speculative = run(DETECTORS[pair], build(c.first), build(c.second), tolerance);
        expect(speculative.length, describeConfiguration(c)).toBeGreaterThanOrEqual(
          results[i]!.length,
        );
        for (const contact of speculative) {
          expect(contact.penetration).toBeGreaterThanOrEqual(-tolerance);
        }
        const { depth } = capsuleOracle(c.first, c.second);
        if (depth > -tolerance + slack(c, 1e-9)) {
          expect(speculative.length, describeConfiguration(c)).toBeGreaterThan(0);
        }
      }
    }, PROPERTY_TIMEOUT);
  });
}
