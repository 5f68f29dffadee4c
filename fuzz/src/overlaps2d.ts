/**
 * The boolean overlap tests of collision2d as subjects. They take raw coordinates, so each reads
 * what it needs from a 2D configuration of the matching pair (a polygon's world bounding
 * rectangle for the rectangle tests, a chain's first segment for the segment test, world vertex
 * lists for the separating-axis tests, which require convex polygons).
 */
import {
  ClosestPointResult2,
  Mtd2,
  overlapCircleSegment,
  overlapCircles,
  overlapRectangleCircle,
  overlapRectangles,
  pointInPolygon,
  satCirclePolygon,
  satPolygonPolygon,
} from '@contactkit/collision2d';
import type { Random } from '@contactkit/test-support';
import type { Config2 } from './detectors2d.js';
import {
  boundaryDistance,
  contains,
  depthLowerBound,
  gap,
  type Geometry2,
  type Point,
  translated,
} from './oracle2d.js';
import { isConvex2, shell2 } from './properties2d.js';
import { generate2, REGIMES_2D } from './regimes2d.js';
import { code2, geometry2, type Kind2 } from './shapes2d.js';
import type { Property, Subject } from './suite.js';

/** What an overlap test answered, and the oracle shapes it was asked about. */
export interface Answer {
  overlap: boolean;
  first: Geometry2;
  second: Geometry2;
  /** The minimum translation of the separating-axis tests (moving the first by normal * depth). */
  mtd?: { nx: number; ny: number; depth: number; };
  /** The arguments it was called with, for the reproduction (a string is code: a result object). */
  args: unknown[];
}

/** An overlap test: the pair it reads and how it is called. */
export interface Overlap2 {
  readonly name: string;
  readonly kinds: readonly [Kind2, Kind2];
  /** Only configurations it accepts (its preconditions). */
  readonly accepts?: (config: Config2) => boolean;
  ask(config: Config2): Answer;
}

function worldPoints(geometry: Geometry2): Point[] {
  return geometry.kind === 'circle' ? [] : geometry.points;
}

function bounds(geometry: Geometry2): [[number, number], [number, number]] {
  const points = worldPoints(geometry);
  const xs = points.map((p) => p[0]), ys = points.map((p) => p[1]);
  return [[Math.min(...xs), Math.min(...ys)], [Math.max(...xs), Math.max(...ys)]];
}

function rectangle([min, max]: [[number, number], [number, number]]): Geometry2 {
  return {
    kind: 'polygon',
    points: [[min[0], min[1]], [max[0], min[1]], [max[0], max[1]], [min[0], max[1]]],
  };
}

const flat = (points: Point[]) => points.flatMap((p) => [p[0], p[1]]);
const closest = new ClosestPointResult2();
const mtd = new Mtd2();
/** The result objects, as the reproduction writes them. */
const CLOSEST = 'new ClosestPointResult2()', MTD = 'new Mtd2()';

/** Every 2D boolean overlap test. */
export const OVERLAPS_2D: readonly Overlap2[] = [
  {
    name: 'overlapCircles',
    kinds: ['circle', 'circle'],
    ask(config) {
      const first = geometry2(config.a), second = geometry2(config.b);
      if (first.kind !== 'circle' || second.kind !== 'circle') {
        throw new TypeError('circles expected');
      }
      return {
        overlap: overlapCircles(first.centre, first.radius, second.centre, second.radius),
        first,
        second,
        args: [first.centre, first.radius, second.centre, second.radius],
      };
    },
  },
  {
    name: 'overlapRectangles',
    kinds: ['polygon', 'polygon'],
    ask(config) {
      const ra = bounds(geometry2(config.a)), rb = bounds(geometry2(config.b));
      return {
        overlap: overlapRectangles(ra[0], ra[1], rb[0], rb[1]),
        first: rectangle(ra),
        second: rectangle(rb),
        args: [ra[0], ra[1], rb[0], rb[1]],
      };
    },
  },
  {
    name: 'overlapRectangleCircle',
    kinds: ['circle', 'polygon'],
    ask(config) {
      const circle = geometry2(config.a) as Extract<Geometry2, { kind: 'circle'; }>,
        box = bounds(geometry2(config.b));
      return {
        overlap: overlapRectangleCircle(closest, box[0], box[1], circle.centre, circle.radius),
        first: circle,
        second: rectangle(box),
        args: [CLOSEST, box[0], box[1], circle.centre, circle.radius],
      };
    },
  },
  {
    name: 'overlapCircleSegment',
    kinds: ['circle', 'chain'],
    ask(config) {
      const circle = geometry2(config.a) as Extract<Geometry2, { kind: 'circle'; }>;
      const points = worldPoints(geometry2(config.b));
      const segment: Geometry2 = { kind: 'chain', points: [points[0]!, points[1]!] };
      return {
        overlap: overlapCircleSegment(
          closest,
          circle.centre,
          circle.radius,
          points[0]!,
          points[1]!,
        ),
        first: circle,
        second: segment,
        args: [CLOSEST, circle.centre, circle.radius, points[0], points[1]],
      };
    },
  },
  {
    name: 'pointInPolygon',
    kinds: ['circle', 'polygon'],
    ask(config) {
      const circle = geometry2(config.a) as Extract<Geometry2, { kind: 'circle'; }>;
      const point: Geometry2 = { kind: 'circle', centre: circle.centre, radius: 0 };
      const polygon = geometry2(config.b);
      return {
        overlap: pointInPolygon(flat(worldPoints(polygon)), circle.centre),
        first: point,
        second: polygon,
        args: [flat(worldPoints(polygon)), circle.centre],
      };
    },
  },
  {
    name: 'satCirclePolygon',
    kinds: ['circle', 'polygon'],
    accepts: (config) => isConvex2(config.b),
    ask(config) {
      const circle = geometry2(config.a) as Extract<Geometry2, { kind: 'circle'; }>,
        polygon = geometry2(config.b);
      const overlap = satCirclePolygon(
        mtd,
        circle.centre,
        circle.radius,
        flat(worldPoints(polygon)),
      );
      return {
        overlap,
        first: circle,
        second: polygon,
        args: [MTD, circle.centre, circle.radius, flat(worldPoints(polygon))],
        mtd: { nx: mtd.normal[0]!, ny: mtd.normal[1]!, depth: mtd.depth },
      };
    },
  },
  {
    name: 'satPolygonPolygon',
    kinds: ['polygon', 'polygon'],
    accepts: (config) => isConvex2(config.a) && isConvex2(config.b),
    ask(config) {
      const first = geometry2(config.a), second = geometry2(config.b);
      const overlap = satPolygonPolygon(mtd, flat(worldPoints(first)), flat(worldPoints(second)));
      return {
        overlap,
        first,
        second,
        args: [MTD, flat(worldPoints(first)), flat(worldPoints(second))],
        mtd: { nx: mtd.normal[0]!, ny: mtd.normal[1]!, depth: mtd.depth },
      };
    },
  },
];

/**
 * The properties of an overlap test: no exception, agreement with the oracle, and for SAT a freeing, minimal
 * translation.
 */
function overlapProperties(test: Overlap2): Property<Config2>[] {
  const properties: Property<Config2>[] = [
    {
      name: 'no-exception',
      check(config) {
        try {
          test.ask(config);
          return null;
        } catch (error) {
          return `threw ${String(error)}`;
        }
      },
    },
    {
      name: 'overlap-agrees-with-oracle',
      check(config) {
        const answer = test.ask(config), shell = shell2(config);
        if (test.name === 'pointInPolygon') {
          const p = (answer.first as Extract<Geometry2, { kind: 'circle'; }>).centre;
          if (boundaryDistance(p, answer.second) <= shell) return null;
          return answer.overlap === contains(answer.second, p)
            ? null
            : `answered ${answer.overlap} for a point ${
              boundaryDistance(p, answer.second)
            } from the outline`;
        }
        if (!answer.overlap && depthLowerBound(answer.first, answer.second) > shell) {
          return `false, but the shapes overlap by at least ${
            depthLowerBound(answer.first, answer.second)
          }`;
        }
        if (answer.overlap && gap(answer.first, answer.second) > shell) {
          return `true, but the shapes are ${gap(answer.first, answer.second)} apart`;
        }
        return null;
      },
    },
  ];
  if (test.name.startsWith('sat')) {
    for (const which of ['frees', 'minimal'] as const) {
      properties.push({
        name: `mtd-${which}`,
        check(config) {
          const answer = test.ask(config), shell = shell2(config);
          if (!answer.overlap || !answer.mtd || !(answer.mtd.depth > 100 * shell)) return undefined;
          const step = which === 'frees'
            ? 1.02 * answer.mtd.depth + shell
            : 0.98 * answer.mtd.depth;
          const apart = gap(
            translated(answer.first, answer.mtd.nx * step, answer.mtd.ny * step),
            answer.second,
          );
          if (which === 'frees' && apart === 0) {
            const along = `(${answer.mtd.nx}, ${answer.mtd.ny})`;
            return `moving the first shape by 1.02 x depth ${answer.mtd.depth} along ${along} leaves them overlapping`;
          }
          if (which === 'minimal' && apart > 0) {
            const along = `(${answer.mtd.nx}, ${answer.mtd.ny})`;
            return `moving the first shape by 0.98 x depth ${answer.mtd.depth} along ${along} already frees it`;
          }
          return null;
        },
      });
    }
  }
  return properties;
}

/**
 * The call as code: numbers and point lists as JSON (which round-trips doubles); a result object
 * made first as `out` and printed with the answer.
 */
function callCode(name: string, args: unknown[]): string[] {
  const made = args.find((x) => typeof x === 'string') as string | undefined;
  const list = args.map((x) => typeof x === 'string' ? 'out' : JSON.stringify(x)).join(', ');
  return made
    ? [`const out = ${made};`, `console.log(${name}(${list}), out);`]
    : [`console.log(${name}(${list}));`];
}

/** The subject of one 2D overlap test. */
export function overlapSubject2(test: Overlap2): Subject<Config2> {
  const regimes = REGIMES_2D.filter((r) => !r.applies || r.applies(test.kinds));
  return {
    name: test.name,
    dimension: '2d',
    regimes: regimes.map((r) => r.name),
    generate(regimeName: string, random: Random): Config2 | null {
      const made = generate2(regimes.find((r) => r.name === regimeName)!, test.kinds, random);
      const config = made && { a: made[0], b: made[1] };
      return config && (!test.accepts || test.accepts(config)) ? config : null;
    },
    properties: overlapProperties(test),
    repro: (config, property, message) =>
      [
        '```ts',
        `import { ClosestPointResult2, Mtd2, ${test.name} } from '@contactkit/collision2d';`,
        `// From a = ${code2(config.a)}`,
        `// and b = ${code2(config.b)}:`,
        ...callCode(test.name, test.ask(config).args),
        `// ${property}: ${message}`,
        '```',
      ].join('\n'),
  };
}
