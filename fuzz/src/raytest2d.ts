/**
 * `rayTestPolygons` (collision2d's initiator/opponent ray test, kept beside `collidePolygonPolygon`
 * for comparison) as a subject, checked for what its doc comment and the package README promise,
 * not for what they say it may miss (an overlap at a culled contour point, a polygon nested
 * between the other's spokes) or for the least translation, which it does not give:
 * - `no-exception`, `finite` (unit normals, the return value the contacts written, kind
 *   PointFace, penetration never negative: `data.tolerance` is not used);
 * - `no-false-contact`: two convex polygons get a contact only when they overlap (a spoke of a
 *   convex polygon lies inside it, so a crossing proves an overlap);
 * - `crossing-contact`: each contact names a contour point and a segment of the other polygon;
 *   its normal is that segment's outward normal (from `b` toward `a`), one witness lies on the
 *   segment's line and the other is the named contour point or its polygon's centroid (the end
 *   of the spoke past the segment), the depth its distance past the line;
 * - `swap-symmetric`: the same points, depths and feature ids with negated normals;
 * - `buffer-overflow` and `bad-input` as for the detectors (the emit step is shared).
 */
import { CollisionData2, rayTestPolygons } from '@contactkit/collision2d';
import { ContactKind } from '@contactkit/math';
import type { Random } from '@contactkit/test-support';
import { badInputCheck, bufferCheck } from './buffers-inputs2d.js';
import { type Collide2, type Config2, repro2 } from './detectors2d.js';
import { gap, type Point } from './oracle2d.js';
import {
  type Contact2Data,
  featuresOf,
  isConvex2,
  type Outcome2,
  read,
  run2,
  sameContacts,
  shell2,
  witnesses,
} from './properties2d.js';
import { generate2, REGIMES_2D } from './regimes2d.js';
import { geometry2 } from './shapes2d.js';
import type { Property, Subject } from './suite.js';

/** The area centroid of a closed outline (shoelace sums, written out here). */
function centroidOf(points: readonly Point[]): Point {
  let area = 0, cx = 0, cy = 0;
  const [ox, oy] = points[0]!;
  for (let i = 1; i + 1 < points.length; i++) {
    const ax = points[i]![0] - ox, ay = points[i]![1] - oy;
    const bx = points[i + 1]![0] - ox, by = points[i + 1]![1] - oy;
    const cross = ax * by - ay * bx;
    area += cross;
    cx += cross * (ax + bx);
    cy += cross * (ay + by);
  }
  return [ox + cx / (3 * area), oy + cy / (3 * area)];
}

const fmt = (x: number) => Number(x.toPrecision(6));

/** One contact against the promises of the crossing it stands for, or null. */
function crossingProblem(
  c: Contact2Data,
  config: Config2,
  outcome: Outcome2,
  shell: number,
): string | null {
  const [fa, fb] = featuresOf(c, config, outcome.shapes!);
  const [onA, onB] = witnesses(c);
  const point = fa.kind === 'point' ? fa : fb, segment = fa.kind === 'point' ? fb : fa;
  if (point.kind !== 'point' || segment.kind !== 'segment') {
    return `the feature id ${c.featureId} names no contour point and segment`;
  }
  // The segment's outward normal (outlines are stored counter-clockwise), toward the other polygon.
  const [sx, sy] = [segment.to[0] - segment.from[0], segment.to[1] - segment.from[1]];
  const length = Math.hypot(sx, sy), sign = segment === fb ? 1 : -1;
  const normal: Point = [sign * sy / length, -sign * sx / length];
  if (Math.hypot(normal[0] - c.normal[0], normal[1] - c.normal[1]) > 1e-9) {
    return `normal (${c.normal.map(fmt)}) is not the segment's outward normal (${normal.map(fmt)})`;
  }
  const onSegmentSide = segment === fb ? onB : onA, onPointSide = segment === fb ? onA : onB;
  const line = Math.abs(
    ((onSegmentSide[0] - segment.from[0]) * sy - (onSegmentSide[1] - segment.from[1]) * sx) /
      length,
  );
  if (line > 100 * shell) return `the witness on the segment's side is ${line} off its line`;
  const polygon = geometry2(segment === fb ? config.a : config.b);
  const centroid = centroidOf(polygon.kind === 'circle' ? [] : polygon.points);
  const end = Math.min(
    Math.hypot(onPointSide[0] - point.at[0], onPointSide[1] - point.at[1]),
    Math.hypot(onPointSide[0] - centroid[0], onPointSide[1] - centroid[1]),
  );
  return end > 100 * shell
    ? `the other witness is ${end} from the named contour point and from its polygon's centroid`
    : null;
}

/** The properties of `rayTestPolygons` (or of `rayTest` standing for it). */
function rayTestProperties(rayTest: Collide2): Property<Config2>[] {
  const plain = new WeakMap<Config2, Outcome2>();
  const outcomeOf = (config: Config2) => {
    let outcome = plain.get(config);
    if (!outcome) plain.set(config, outcome = run2(rayTest, config));
    return outcome;
  };
  // A polygon refused by its constructor is another subject's finding (FINDINGS.md F1).
  const ok = (config: Config2) => {
    const outcome = outcomeOf(config);
    return outcome.error === null ? outcome : undefined;
  };
  return [
    {
      name: 'no-exception',
      check(config) {
        const outcome = outcomeOf(config);
        if (outcome.error === null) return null;
        return outcome.shapes === null ? undefined : `threw ${String(outcome.error)}`;
      },
    },
    {
      name: 'finite',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        if (outcome.returned !== outcome.contacts.length) {
          return `returned ${outcome.returned} but wrote ${outcome.contacts.length}`;
        }
        for (const c of outcome.contacts) {
          if (![...c.point, ...c.normal, c.penetration].every(Number.isFinite)) {
            return `not finite: featureId ${c.featureId}`;
          }
          if (Math.abs(Math.hypot(...c.normal) - 1) > 1e-9) return 'a normal is not unit';
          if (c.kind !== ContactKind.PointFace) return `kind ${c.kind}, not PointFace`;
          if (c.penetration < -shell2(config)) return `penetration ${c.penetration} < 0`;
        }
        return null;
      },
    },
    {
      name: 'no-false-contact',
      check(config) {
        const outcome = ok(config);
        if (!outcome || !isConvex2(config.a) || !isConvex2(config.b)) return undefined;
        if (outcome.contacts.length === 0) return null;
        const apart = gap(geometry2(config.a), geometry2(config.b));
        return apart > shell2(config)
          ? `${outcome.contacts.length} contact(s), but the convex polygons are ${apart} apart`
          : null;
      },
    },
    {
      name: 'crossing-contact',
      check(config) {
        const outcome = ok(config);
        if (!outcome || outcome.contacts.length === 0) return outcome && null;
        for (const c of outcome.contacts) {
          const problem = crossingProblem(c, config, outcome, shell2(config));
          if (problem) return problem;
        }
        return null;
      },
    },
    {
      name: 'swap-symmetric',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const data = new CollisionData2({ capacity: 64 });
        rayTest(outcome.shapes![1], outcome.shapes![0], data);
        const mirrored = read(data, 0, data.contactCount).map((c) => ({
          ...c,
          normal: [-c.normal[0], -c.normal[1]] as [number, number],
        }));
        return sameContacts(outcome.contacts, mirrored, 1e3 * shell2(config), true);
      },
    },
    {
      name: 'buffer-overflow',
      check: (config) => {
        const outcome = ok(config);
        return outcome && bufferCheck(rayTest, config, outcome);
      },
    },
    { name: 'bad-input', check: (config) => badInputCheck(rayTest, config) },
  ];
}

/**
 * The subject: polygon pairs in every regime that makes two polygons. `rayTest` replaces the
 * function under test (the planted defects of fuzz.test.ts).
 */
export function rayTestSubject(
  rayTest: Collide2 = rayTestPolygons as Collide2,
): Subject<Config2> {
  const regimes = REGIMES_2D.filter((r) => !r.applies || r.applies(['polygon', 'polygon']));
  return {
    name: 'rayTestPolygons',
    dimension: '2d',
    regimes: regimes.map((r) => r.name),
    generate(regimeName: string, random: Random): Config2 | null {
      const made = generate2(regimes.find((r) => r.name === regimeName)!, [
        'polygon',
        'polygon',
      ], random);
      return made && { a: made[0], b: made[1] };
    },
    properties: rayTestProperties(rayTest),
    repro: (config, property, message) => repro2('rayTestPolygons', config, property, message),
  };
}
