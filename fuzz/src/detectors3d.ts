/**
 * The 3D detectors and overlap tests as subjects: each detector with the regimes that can make
 * its shapes and the properties of properties3d.ts; each overlap test with its own properties
 * (agreement with the oracle and with its detector).
 */
import {
  type AnyPrimitive,
  collide,
  collideBoxBox,
  collideBoxCapsule,
  collideBoxConvexHull,
  collideBoxHalfSpace,
  collideBoxPlane,
  collideBoxSphere,
  collideCapsuleCapsule,
  collideCapsuleHalfSpace,
  collideCapsulePlane,
  collideCapsuleSphere,
  collideConvexHullConvexHull,
  collideConvexHullHalfSpace,
  collideConvexHullPlane,
  collideConvexHullSphere,
  collideSphereHalfSpace,
  collideSpherePlane,
  collideSphereSphere,
  type CollisionData,
  overlap,
  overlapBoxBox,
  overlapBoxCapsule,
  overlapBoxConvexHull,
  overlapBoxHalfSpace,
  overlapBoxSphere,
  overlapCapsuleCapsule,
  overlapCapsuleHalfSpace,
  overlapCapsulePlane,
  overlapCapsuleSphere,
  overlapConvexHullConvexHull,
  overlapConvexHullHalfSpace,
  overlapConvexHullSphere,
  overlapSphereHalfSpace,
  overlapSphereSphere,
} from '@contactkit/contacts3d';
import type { Random } from '@contactkit/test-support';
import { depthLowerBound3, gap3 } from './oracle3d.js';
import { detectorProperties3, oracleShell3, refusedAsTooSmall, run3 } from './properties3d.js';
import { generate3, REGIMES_3D } from './regimes3d.js';
import { buildPair3, code3, geometry3, type Kind3, type ShapeDesc3 } from './shapes3d.js';
import type { Subject } from './suite.js';
import { PRINT_CONTACTS } from './written.js';

/** A 3D configuration: the two shapes in the detector's argument order. */
export interface Config3 {
  readonly a: ShapeDesc3;
  readonly b: ShapeDesc3;
}

/** A function that writes contacts of two primitives into a buffer and returns how many. */
export type Collide3 = (a: AnyPrimitive, b: AnyPrimitive, data: CollisionData) => number;

/** A 3D detector under test. */
export interface Detector3 {
  readonly name: string;
  /** Its argument kinds (null: any pair, drawn per configuration, in either order). */
  readonly kinds: readonly [Kind3, Kind3] | null;
  readonly collide: Collide3;
  /** Whether its depth is the minimum translation (box-box: up to its face-preference margin). */
  readonly minimal: boolean;
}

const PAIRS: readonly (readonly [Kind3, Kind3])[] = [
  ['sphere', 'sphere'],
  ['sphere', 'halfspace'],
  ['sphere', 'plane'],
  ['box', 'halfspace'],
  ['box', 'plane'],
  ['box', 'sphere'],
  ['box', 'box'],
  ['capsule', 'capsule'],
  ['capsule', 'sphere'],
  ['capsule', 'plane'],
  ['capsule', 'halfspace'],
  ['box', 'capsule'],
  ['hull', 'hull'],
  ['box', 'hull'],
  ['hull', 'sphere'],
  ['hull', 'plane'],
  ['hull', 'halfspace'],
];

/** Every 3D detector. */
export const DETECTORS_3D: readonly Detector3[] = [
  {
    name: 'collideSphereSphere',
    kinds: ['sphere', 'sphere'],
    collide: collideSphereSphere as Collide3,
    minimal: true,
  },
  {
    name: 'collideSphereHalfSpace',
    kinds: ['sphere', 'halfspace'],
    collide: collideSphereHalfSpace as Collide3,
    minimal: true,
  },
  {
    name: 'collideSpherePlane',
    kinds: ['sphere', 'plane'],
    collide: collideSpherePlane as Collide3,
    minimal: true,
  },
  {
    name: 'collideBoxHalfSpace',
    kinds: ['box', 'halfspace'],
    collide: collideBoxHalfSpace as Collide3,
    minimal: true,
  },
  {
    name: 'collideBoxPlane',
    kinds: ['box', 'plane'],
    collide: collideBoxPlane as Collide3,
    minimal: true,
  },
  {
    name: 'collideBoxSphere',
    kinds: ['box', 'sphere'],
    collide: collideBoxSphere as Collide3,
    minimal: true,
  },
  {
    name: 'collideBoxBox',
    kinds: ['box', 'box'],
    collide: collideBoxBox as Collide3,
    minimal: true,
  },
  {
    name: 'collideCapsuleCapsule',
    kinds: ['capsule', 'capsule'],
    collide: collideCapsuleCapsule as Collide3,
    minimal: true,
  },
  {
    name: 'collideCapsuleSphere',
    kinds: ['capsule', 'sphere'],
    collide: collideCapsuleSphere as Collide3,
    minimal: true,
  },
  {
    name: 'collideCapsulePlane',
    kinds: ['capsule', 'plane'],
    collide: collideCapsulePlane as Collide3,
    minimal: true,
  },
  {
    name: 'collideCapsuleHalfSpace',
    kinds: ['capsule', 'halfspace'],
    collide: collideCapsuleHalfSpace as Collide3,
    minimal: true,
  },
  {
    name: 'collideBoxCapsule',
    kinds: ['box', 'capsule'],
    collide: collideBoxCapsule as Collide3,
    minimal: true,
  },
  {
    name: 'collideConvexHullConvexHull',
    kinds: ['hull', 'hull'],
    collide: collideConvexHullConvexHull as Collide3,
    minimal: true,
  },
  {
    name: 'collideBoxConvexHull',
    kinds: ['box', 'hull'],
    collide: collideBoxConvexHull as Collide3,
    minimal: true,
  },
  {
    name: 'collideConvexHullSphere',
    kinds: ['hull', 'sphere'],
    collide: collideConvexHullSphere as Collide3,
    minimal: true,
  },
  {
    name: 'collideConvexHullPlane',
    kinds: ['hull', 'plane'],
    collide: collideConvexHullPlane as Collide3,
    minimal: true,
  },
  {
    name: 'collideConvexHullHalfSpace',
    kinds: ['hull', 'halfspace'],
    collide: collideConvexHullHalfSpace as Collide3,
    minimal: true,
  },
  { name: 'collide', kinds: null, collide: collide as Collide3, minimal: true },
];

/** An overlap test under test: its kinds and the detector it must agree with. */
export interface Overlap3 {
  readonly name: string;
  /** Its argument kinds (null: any pair, drawn per configuration, in either order). */
  readonly kinds: readonly [Kind3, Kind3] | null;
  readonly test: (a: AnyPrimitive, b: AnyPrimitive) => boolean;
  readonly detector: Collide3;
}

/** Every 3D overlap test. */
export const OVERLAPS_3D: readonly Overlap3[] = [
  {
    name: 'overlapSphereSphere',
    kinds: ['sphere', 'sphere'],
    test: overlapSphereSphere as Overlap3['test'],
    detector: collideSphereSphere as Collide3,
  },
  {
    name: 'overlapSphereHalfSpace',
    kinds: ['sphere', 'halfspace'],
    test: overlapSphereHalfSpace as Overlap3['test'],
    detector: collideSphereHalfSpace as Collide3,
  },
  {
    name: 'overlapBoxHalfSpace',
    kinds: ['box', 'halfspace'],
    test: overlapBoxHalfSpace as Overlap3['test'],
    detector: collideBoxHalfSpace as Collide3,
  },
  {
    name: 'overlapBoxSphere',
    kinds: ['box', 'sphere'],
    test: overlapBoxSphere as Overlap3['test'],
    detector: collideBoxSphere as Collide3,
  },
  {
    name: 'overlapBoxBox',
    kinds: ['box', 'box'],
    test: overlapBoxBox as Overlap3['test'],
    detector: collideBoxBox as Collide3,
  },
  {
    name: 'overlapCapsuleCapsule',
    kinds: ['capsule', 'capsule'],
    test: overlapCapsuleCapsule as Overlap3['test'],
    detector: collideCapsuleCapsule as Collide3,
  },
  {
    name: 'overlapCapsuleSphere',
    kinds: ['capsule', 'sphere'],
    test: overlapCapsuleSphere as Overlap3['test'],
    detector: collideCapsuleSphere as Collide3,
  },
  {
    name: 'overlapCapsulePlane',
    kinds: ['capsule', 'plane'],
    test: overlapCapsulePlane as Overlap3['test'],
    detector: collideCapsulePlane as Collide3,
  },
  {
    name: 'overlapCapsuleHalfSpace',
    kinds: ['capsule', 'halfspace'],
    test: overlapCapsuleHalfSpace as Overlap3['test'],
    detector: collideCapsuleHalfSpace as Collide3,
  },
  {
    name: 'overlapBoxCapsule',
    kinds: ['box', 'capsule'],
    test: overlapBoxCapsule as Overlap3['test'],
    detector: collideBoxCapsule as Collide3,
  },
  {
    name: 'overlapConvexHullConvexHull',
    kinds: ['hull', 'hull'],
    test: overlapConvexHullConvexHull as Overlap3['test'],
    detector: collideConvexHullConvexHull as Collide3,
  },
  {
    name: 'overlapBoxConvexHull',
    kinds: ['box', 'hull'],
    test: overlapBoxConvexHull as Overlap3['test'],
    detector: collideBoxConvexHull as Collide3,
  },
  {
    name: 'overlapConvexHullSphere',
    kinds: ['hull', 'sphere'],
    test: overlapConvexHullSphere as Overlap3['test'],
    detector: collideConvexHullSphere as Collide3,
  },
  {
    name: 'overlapConvexHullHalfSpace',
    kinds: ['hull', 'halfspace'],
    test: overlapConvexHullHalfSpace as Overlap3['test'],
    detector: collideConvexHullHalfSpace as Collide3,
  },
  // The dispatching test, on every pair in either order (as `collide` is run).
  {
    name: 'overlap',
    kinds: null,
    test: overlap as Overlap3['test'],
    detector: collide as Collide3,
  },
];

function regimesFor(kinds: readonly [Kind3, Kind3] | null): string[] {
  return REGIMES_3D.filter((r) => !r.applies || (kinds ? r.applies(kinds) : true)).map((r) =>
    r.name
  );
}

function generator(kinds: readonly [Kind3, Kind3] | null) {
  return (regimeName: string, random: Random): Config3 | null => {
    const regime = REGIMES_3D.find((r) => r.name === regimeName)!;
    let pair = kinds;
    if (!pair) {
      const fitting = PAIRS.filter((k) => !regime.applies || regime.applies(k));
      const chosen = random.pick(fitting);
      pair = random.chance(0.5) ? chosen : [chosen[1], chosen[0]];
    }
    const made = generate3(regime, pair, random);
    return made && { a: made[0], b: made[1] };
  };
}

/** The subject of one 3D detector. */
export function detectorSubject3(detector: Detector3): Subject<Config3> {
  return {
    name: detector.name,
    dimension: '3d',
    regimes: regimesFor(detector.kinds),
    generate: generator(detector.kinds),
    properties: detectorProperties3(detector),
    repro: (config, property, message) =>
      repro3(detector.name, config, property, message, 'collide'),
  };
}

/**
 * The subject of one 3D overlap test: it agrees with the oracle beyond the shell, and with its detector at
 * tolerance 0.
 */
export function overlapSubject3(overlap: Overlap3): Subject<Config3> {
  const answer = (config: Config3) => {
    const shapes = buildPair3(config.a, config.b);
    return overlap.test(shapes[0], shapes[1]);
  };
  /** The answer, or undefined when the shapes are refused as below the supported sizes. */
  const answerOrRefused = (config: Config3) => {
    try {
      return answer(config);
    } catch (error) {
      if (refusedAsTooSmall(config, error)) return undefined;
      throw error;
    }
  };
  return {
    name: overlap.name,
    dimension: '3d',
    regimes: regimesFor(overlap.kinds),
    generate: generator(overlap.kinds),
    properties: [
      {
        name: 'no-exception',
        check(config) {
          try {
            return answerOrRefused(config) === undefined ? undefined : null;
          } catch (error) {
            return `threw ${String(error)}`;
          }
        },
      },
      {
        name: 'overlap-agrees-with-oracle',
        check(config) {
          const result = answerOrRefused(config), shell = oracleShell3(config);
          if (result === undefined) return undefined;
          const first = geometry3(config.a), second = geometry3(config.b);
          if (!result && depthLowerBound3(first, second) > shell) {
            return `false, but the shapes overlap by at least ${depthLowerBound3(first, second)}`;
          }
          if (result && gap3(first, second) > shell) {
            return `true, but the shapes are ${gap3(first, second)} apart`;
          }
          return null;
        },
      },
      {
        name: 'overlap-agrees-with-detector',
        check(config) {
          const result = answerOrRefused(config), contacts = run3(overlap.detector, config);
          if (result === undefined) return undefined;
          if (contacts.error !== null) return undefined;
          return result === contacts.contacts.length > 0
            ? null
            : `${result}, but the detector wrote ${contacts.contacts.length} contact(s)`;
        },
      },
    ],
    repro: (config, property, message) =>
      repro3(overlap.name, config, property, message, 'overlap'),
  };
}

function repro3(
  name: string,
  config: Config3,
  property: string,
  message: string,
  kind: 'collide' | 'overlap',
): string {
  return [
    '```ts',
    'import { Box, Capsule, CollisionData, ConvexHull, HalfSpace, Plane, Sphere, ' +
    `${name} } from '@contactkit/contacts3d';`,
    `const a = ${code3(config.a)};`,
    `const b = ${code3(config.b)};`,
    ...(kind === 'collide'
      ? [
        'const data = new CollisionData({ capacity: 64 });',
        `${name}(a, b, data);`,
        ...PRINT_CONTACTS,
      ]
      : [`console.log(${name}(a, b));`]),
    `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
    '```',
  ].join('\n');
}
