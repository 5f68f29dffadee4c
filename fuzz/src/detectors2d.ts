/**
 * The 2D detectors as subjects: each pair's detector (and `collide2d` over every pair in either
 * order) with the regimes that can make its shapes and the properties of properties2d.ts.
 */
import {
  type AnyShape2,
  collide2d,
  collideCircleChain,
  collideCircleCircle,
  collideCirclePolygon,
  collidePolygonChain,
  collidePolygonPolygon,
  type CollisionData2,
} from '@contactkit/collision2d';
import type { Random } from '@contactkit/test-support';
import { generate2, REGIMES_2D } from './regimes2d.js';
import { code2, type Kind2, type ShapeDesc2 } from './shapes2d.js';
import type { Subject } from './suite.js';
import { detectorProperties2 } from './properties2d.js';
import { PRINT_CONTACTS } from './written.js';

/** A 2D configuration: the two shapes, in the detector's argument order. */
export interface Config2 {
  readonly a: ShapeDesc2;
  readonly b: ShapeDesc2;
}

/** A function that writes contacts of two shapes into a buffer and returns how many. */
export type Collide2 = (a: AnyShape2, b: AnyShape2, data: CollisionData2) => number;

/** A 2D detector under test. */
export interface Detector2 {
  readonly name: string;
  /** The shape kinds of its two arguments (null: any pair, drawn per configuration). */
  readonly kinds: readonly [Kind2, Kind2] | null;
  readonly collide: Collide2;
  /** Whether its depth is documented as the minimum translation (convex pairs). */
  readonly minimal: boolean;
}

/** The pairs `collide2d` answers (chain against chain writes nothing and is left out). */
const PAIRS: readonly (readonly [Kind2, Kind2])[] = [
  ['circle', 'circle'],
  ['circle', 'polygon'],
  ['circle', 'chain'],
  ['polygon', 'polygon'],
  ['polygon', 'chain'],
];

/** Every 2D detector. */
export const DETECTORS_2D: readonly Detector2[] = [
  {
    name: 'collideCircleCircle',
    kinds: ['circle', 'circle'],
    collide: collideCircleCircle as Collide2,
    minimal: true,
  },
  {
    name: 'collideCirclePolygon',
    kinds: ['circle', 'polygon'],
    collide: collideCirclePolygon as Collide2,
    minimal: true,
  },
  {
    name: 'collideCircleChain',
    kinds: ['circle', 'chain'],
    collide: collideCircleChain as Collide2,
    minimal: false,
  },
  {
    name: 'collidePolygonPolygon',
    kinds: ['polygon', 'polygon'],
    collide: collidePolygonPolygon as Collide2,
    minimal: true,
  },
  {
    name: 'collidePolygonChain',
    kinds: ['polygon', 'chain'],
    collide: collidePolygonChain as Collide2,
    minimal: false,
  },
  { name: 'collide2d', kinds: null, collide: collide2d as Collide2, minimal: true },
];

/** The subject of one detector. */
export function detectorSubject2(detector: Detector2): Subject<Config2> {
  const applicable = (kinds: readonly [Kind2, Kind2]) =>
    REGIMES_2D.filter((r) => !r.applies || r.applies(kinds)).map((r) => r.name);
  const regimes = detector.kinds ? applicable(detector.kinds) : REGIMES_2D.map((r) => r.name);
  return {
    name: detector.name,
    dimension: '2d',
    regimes,
    generate(regimeName: string, random: Random): Config2 | null {
      let kinds = detector.kinds;
      if (!kinds) {
        const fitting = PAIRS.filter((k) => applicable(k).includes(regimeName));
        const pair = random.pick(fitting);
        kinds = random.chance(0.5) ? pair : [pair[1], pair[0]];
      }
      const regime = REGIMES_2D.find((r) => r.name === regimeName)!;
      const made = generate2(regime, kinds, random);
      return made && { a: made[0], b: made[1] };
    },
    properties: detectorProperties2(detector),
    repro: (config, property, message) => repro2(detector.name, config, property, message),
  };
}

/** Paste-able TypeScript for a failing 2D configuration. */
export function repro2(name: string, config: Config2, property: string, message: string): string {
  return [
    '```ts',
    `import { Chain, Circle, CollisionData2, Polygon, ${name} } from '@contactkit/collision2d';`,
    `const a = ${code2(config.a)};`,
    `const b = ${code2(config.b)};`,
    'const data = new CollisionData2({ capacity: 64 });',
    `${name}(a, b, data);`,
    ...PRINT_CONTACTS,
    `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
    '```',
  ].join('\n');
}
