/**
 * Rounded polygons (`new Polygon(points, { radius })`) as subjects: the rounded polygon against a
 * circle, a capsule, a polygon (rounded or not) and a chain, through the named detector and, in
 * the other argument order, `collide2d`. The regimes are their own: radius 0 exactly, a radius
 * much larger than the core, slivers with a radius, one core nested in the other, exact touching
 * (bisected on the oracle), far from the origin, mixed sizes. The oracle measures the cores
 * (oracle2d.ts's `gap`, sharing no code with the detectors): the rounded shapes meet exactly
 * when the cores are within the sum of the radii.
 */
import {
  type AnyShape2,
  Capsule2,
  Chain,
  Circle,
  collide2d,
  collideCapsule2Polygon,
  collideCirclePolygon,
  collidePolygonChain,
  collidePolygonPolygon,
  CollisionData2,
  Polygon,
} from '@contactkit/collision2d';
import type { Random } from '@contactkit/test-support';
import {
  gap,
  type Geometry2,
  type Point,
  pointSegmentDistance,
  contains,
  segmentsOf,
} from './oracle2d.js';
import {
  describe,
  mirrorMismatch,
  movedFar,
  outputProblem,
  pairShell,
  reachMismatch,
  type Written,
  writtenOf,
} from './capsules2d.js';
import type { Property, Subject } from './suite.js';
import { PRINT_CONTACTS } from './written.js';

/** A shape of a rounded pair: its kind, size or local core points, rounding radius, pose. */
export interface RoundedShape {
  readonly kind: 'polygon' | 'circle' | 'capsule' | 'chain';
  /** Local core points (polygon, chain); for a capsule `[[-h, 0], [h, 0]]`. */
  readonly points: readonly Point[];
  /** The rounding radius (a circle's or capsule's radius; a chain's is 0). */
  readonly radius: number;
  readonly convex: boolean;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
}

/** A configuration: the rounded polygon `a` and the other shape `b`, and the tolerance. */
export interface RoundedConfig2 {
  readonly a: RoundedShape;
  readonly b: RoundedShape;
  readonly tolerance: number;
}

/** The kinds of the other shape, one subject each. */
export type RoundedOther = 'circle' | 'capsule' | 'polygon' | 'chain';

/** A pair detector whose first argument is the rounded polygon's canonical partner or itself. */
export type RoundedCollide = (a: AnyShape2, b: AnyShape2, data: CollisionData2) => number;

const REGIMES = [
  'unit',
  'radius-0',
  'radius-large',
  'sliver',
  'nested',
  'touching',
  'concave',
  'far-1e5',
  'mixed-sizes',
] as const;

/** The shape in world space as oracle2d sees its core (a circle's core is its centre). */
function coreGeometry(shape: RoundedShape): Geometry2 {
  const c = Math.cos(shape.angle), s = Math.sin(shape.angle);
  const points = shape.points.map(([x, y]) =>
    [c * x - s * y + shape.x, s * x + c * y + shape.y] as Point
  );
  if (shape.kind === 'circle') return { kind: 'circle', centre: [shape.x, shape.y], radius: 0 };
  if (shape.kind === 'polygon') return { kind: 'polygon', points };
  return { kind: 'chain', points };
}

/** The cores' distance (0 when they overlap). */
function coreDistance(config: RoundedConfig2): number {
  return gap(coreGeometry(config.a), coreGeometry(config.b));
}

/** Signed distance from `p` to a core: negative inside a polygon core. */
function toCore(shape: RoundedShape, p: Point): number {
  const core = coreGeometry(shape);
  if (core.kind === 'circle') return Math.hypot(p[0] - core.centre[0], p[1] - core.centre[1]);
  let best = Infinity;
  for (const [a, b] of segmentsOf(core)) best = Math.min(best, pointSegmentDistance(p, a, b));
  return core.kind === 'polygon' && contains(core, p) ? -best : best;
}

function build(shape: RoundedShape): AnyShape2 {
  const made = shape.kind === 'polygon'
    ? new Polygon(shape.points as [number, number][], { radius: shape.radius })
    : shape.kind === 'circle'
    ? new Circle(shape.radius)
    : shape.kind === 'capsule'
    ? new Capsule2(shape.radius, shape.points[1]![0])
    : new Chain(shape.points as [number, number][]);
  return made.setPose([shape.x, shape.y], shape.angle);
}

/** 1e-9 of the pair's size plus 1e-12 of its largest coordinate. */
function shell(config: RoundedConfig2): number {
  return pairShell(
    config.a,
    config.b,
    (s) => s.radius + Math.max(0, ...s.points.map(([x, y]) => Math.hypot(x, y))),
  );
}

/** A core outline about the origin at `scale`: convex, a sliver, or concave (an L or a star). */
function drawCore(
  random: Random,
  scale: number,
  regime: string,
): { points: Point[]; convex: boolean; } {
  if (regime === 'sliver') {
    const w = scale * random.logRange(1e-4, 0.02);
    return random.chance(0.5)
      ? { points: [[-scale, -w], [scale, -w], [scale, w], [-scale, w]], convex: true }
      : { points: [[-scale, 0], [scale, -w], [0.8 * scale, w]], convex: true };
  }
  if (regime === 'concave' || (regime !== 'nested' && random.chance(0.2))) {
    if (random.chance(0.5)) {
      const l: Point[] = [[-1, -1], [1, -1], [1, 0], [0, 0], [0, 1], [-1, 1]];
      return { points: l.map(([x, y]) => [x * scale, y * scale] as Point), convex: false };
    }
    const count = 6 + 2 * random.int(3), points: Point[] = [];
    for (let i = 0; i < count; i++) {
      const angle = (2 * Math.PI * i) / count,
        r = scale * (i % 2 === 0 ? random.range(0.8, 1.2) : random.range(0.3, 0.6));
      points.push([r * Math.cos(angle), r * Math.sin(angle)]);
    }
    return { points, convex: false };
  }
  const count = 3 + random.int(5), angles: number[] = [];
  for (let i = 0; i < count; i++) angles.push(random.range(0, 2 * Math.PI));
  angles.sort((p, q) => p - q);
  const rx = scale * random.range(0.3, 1), ry = scale * random.range(0.3, 1);
  return { points: angles.map((t) => [rx * Math.cos(t), ry * Math.sin(t)] as Point), convex: true };
}

function drawRadius(random: Random, scale: number, regime: string): number {
  if (regime === 'radius-0') return 0;
  if (regime === 'radius-large') return scale * random.range(2, 10);
  return scale * random.logRange(1e-3, 0.5);
}

/** The other shape at `scale`, about the origin. */
function drawOther(
  random: Random,
  other: RoundedOther,
  scale: number,
  regime: string,
): RoundedShape {
  const pose = { x: 0, y: 0, angle: random.range(-Math.PI, Math.PI) };
  if (other === 'circle') {
    return {
      kind: 'circle',
      points: [],
      radius: scale * random.logRange(0.05, 1),
      convex: true,
      ...pose,
    };
  }
  if (other === 'capsule') {
    const h = random.chance(0.1) ? 0 : scale * random.range(0.1, 1.2);
    return {
      kind: 'capsule',
      points: [[-h, 0], [h, 0]],
      radius: scale * random.logRange(0.05, 0.6),
      convex: true,
      ...pose,
    };
  }
  if (other === 'chain') {
    const points: Point[] = [];
    let x = -2 * scale, y = 0;
    for (let i = 0, n = 2 + random.int(5); i < n; i++) {
      points.push([x, y]);
      x += scale * random.range(0.3, 1.2);
      y += random.chance(0.3) ? 0 : scale * random.range(-0.6, 0.6);
    }
    return { kind: 'chain', points, radius: 0, convex: false, ...pose };
  }
  const core = drawCore(random, scale, regime);
  const radius = random.chance(0.3) ? 0 : drawRadius(random, scale, regime);
  return { kind: 'polygon', points: core.points, radius, convex: core.convex, ...pose };
}

function valid(shape: RoundedShape): boolean {
  try {
    build(shape);
    return true;
  } catch {
    return false;
  }
}

function generate(other: RoundedOther) {
  return (regime: string, random: Random): RoundedConfig2 | null => {
    const scale = regime === 'mixed-sizes' ? random.logRange(1e-3, 1e3) : 1;
    const core = drawCore(random, scale, regime);
    const a: RoundedShape = {
      kind: 'polygon',
      points: core.points,
      radius: drawRadius(random, scale, regime),
      convex: core.convex,
      x: 0,
      y: 0,
      angle: random.range(-Math.PI, Math.PI),
    };
    const bScale = regime === 'mixed-sizes'
      ? random.logRange(1e-3, 1e3)
      : regime === 'nested'
      ? 0.2 * scale
      : scale;
    let b = drawOther(random, other, bScale, regime);
    if (!valid(a) || !valid(b)) return null;
    const reach = a.radius + b.radius;
    const direction = random.range(-Math.PI, Math.PI),
      ux = Math.cos(direction),
      uy = Math.sin(direction);
    const at = (d: number): RoundedShape => ({ ...b, x: ux * d, y: uy * d });
    if (regime === 'nested') {
      b = at(random.range(0, 0.1) * scale);
    } else {
      // Bisection on the distance from the centre for the cores' distance `target`.
      const target = regime === 'touching'
        ? reach
        : reach * random.range(0, 1.3) + (random.chance(0.2) ? 0 : 0);
      const config = (d: number) => ({ a, b: at(d), tolerance: 0 });
      let low = 0, high = 4 * (scale + bScale) + 2 * target + 4 * reach;
      if (coreDistance(config(high)) < target) return null;
      for (let k = 0; k < 200; k++) {
        const middle = 0.5 * (low + high);
        if (middle === low || middle === high) break;
        if (coreDistance(config(middle)) < target) low = middle;
        else high = middle;
      }
      b = at(random.chance(0.5) ? low : high);
    }
    let first = a;
    if (regime === 'far-1e5') [first, b] = movedFar(random, a, b);
    const tolerance = random.chance(0.3) ? 0.01 * (a.radius + b.radius + scale) : 0;
    return { a: first, b, tolerance };
  };
}

/** The detector's argument order: the circle and capsule first, a chain second. */
function run(
  collide: RoundedCollide,
  config: RoundedConfig2,
  swap: boolean,
): { returned: number; contacts: Written[]; } {
  const data = new CollisionData2({ capacity: 64, tolerance: config.tolerance });
  const polygon = build(config.a), other = build(config.b);
  const polygonFirst = config.b.kind === 'polygon' || config.b.kind === 'chain';
  const [first, second] = polygonFirst ? [polygon, other] : [other, polygon];
  const returned = swap ? collide(second, first, data) : collide(first, second, data);
  return { returned, contacts: writtenOf(data) };
}

/** The properties of a rounded pair (the first shape of the detector's order is `first`). */
function properties(collide: RoundedCollide, other: RoundedOther): Property<RoundedConfig2>[] {
  return allProperties(collide).filter((p) => other !== 'chain' || p.name !== 'witness-in-shape');
}

/** Every property; `witness-in-shape` applies to convex pairs only (no chain). */
function allProperties(collide: RoundedCollide): Property<RoundedConfig2>[] {
  const outcome = (config: RoundedConfig2) => run(collide, config, false);
  // The detector's first and second shapes.
  const ordered = (config: RoundedConfig2) =>
    config.b.kind === 'polygon' || config.b.kind === 'chain'
      ? [config.a, config.b]
      : [config.b, config.a];
  return [
    {
      name: 'finite',
      check(config) {
        const { returned, contacts } = outcome(config);
        return outputProblem(returned, contacts);
      },
    },
    {
      name: 'contact-iff-overlap',
      check(config) {
        const { contacts } = outcome(config);
        const reach = config.a.radius + config.b.radius + config.tolerance, hair = shell(config);
        return reachMismatch(contacts.length, coreDistance(config), reach, hair);
      },
    },
    {
      name: 'depth',
      check(config) {
        const { contacts } = outcome(config);
        if (contacts.length === 0) return undefined;
        const hair = 10 * shell(config), radii = config.a.radius + config.b.radius;
        const distance = coreDistance(config);
        const deepest = Math.max(...contacts.map((c) => c.penetration));
        const convex = config.a.convex && config.b.convex && config.b.kind !== 'chain';
        if (distance === 0) {
          return !convex || deepest >= radii - hair
            ? null
            : `overlapping cores, depth ${deepest} below the radii ${radii}`;
        }
        const expected = radii - distance;
        if (deepest > expected + hair) {
          return `depth ${deepest} above the radii less the cores' distance, ${expected}`;
        }
        if (convex && deepest < expected - hair) {
          return `depth ${deepest} below the radii less the cores' distance, ${expected}`;
        }
        return null;
      },
    },
    {
      name: 'witness-in-shape',
      check(config) {
        const { contacts } = outcome(config);
        if (
          contacts.length === 0 ||
          !(config.a.convex && config.b.convex && config.b.kind !== 'chain')
        ) return undefined;
        const hair = 100 * shell(config);
        const [first, second] = ordered(config) as [RoundedShape, RoundedShape];
        for (const c of contacts) {
          const half = c.penetration / 2;
          const onFirst: Point = [
            c.point[0]! - c.normal[0]! * half,
            c.point[1]! - c.normal[1]! * half,
          ];
          const onSecond: Point = [
            c.point[0]! + c.normal[0]! * half,
            c.point[1]! + c.normal[1]! * half,
          ];
          if (toCore(first, onFirst) > first.radius + hair) {
            return `first witness outside its shape: ${describe(c)}`;
          }
          if (toCore(second, onSecond) > second.radius + hair) {
            return `second witness outside its shape: ${describe(c)}`;
          }
        }
        return null;
      },
    },
    {
      name: 'mirror',
      check(config) {
        const direct = outcome(config).contacts;
        const swapped = run(collide2d as RoundedCollide, config, true).contacts;
        if (direct.length !== swapped.length) {
          return `${direct.length} contacts, ${swapped.length} swapped`;
        }
        return mirrorMismatch(direct, swapped, shell(config));
      },
    },
  ];
}

function code(shape: RoundedShape): string {
  const pose = `.setPose([${shape.x}, ${shape.y}], ${shape.angle})`;
  const points = `[${shape.points.map(([x, y]) => `[${x}, ${y}]`).join(', ')}]`;
  if (shape.kind === 'polygon') return `new Polygon(${points}, { radius: ${shape.radius} })${pose}`;
  if (shape.kind === 'circle') return `new Circle(${shape.radius})${pose}`;
  if (shape.kind === 'capsule') {
    return `new Capsule2(${shape.radius}, ${shape.points[1]![0]})${pose}`;
  }
  return `new Chain(${points})${pose}`;
}

/** The subject of the rounded polygon against `other`, through `collide` (the named detector). */
export function roundedSubject(
  name: string,
  collide: RoundedCollide,
  other: RoundedOther,
): Subject<RoundedConfig2> {
  return {
    name: `${name} (rounded)`,
    dimension: '2d',
    regimes: REGIMES,
    generate: generate(other),
    properties: properties(collide, other),
    repro: (config, property, message) => {
      const polygonFirst = other === 'polygon' || other === 'chain';
      return [
        '```ts',
        `import { Capsule2, Chain, Circle, CollisionData2, Polygon, ${name} } from '@contactkit/collision2d';`,
        `const a = ${code(polygonFirst ? config.a : config.b)};`,
        `const b = ${code(polygonFirst ? config.b : config.a)};`,
        `const data = new CollisionData2({ capacity: 64, tolerance: ${config.tolerance} });`,
        `${name}(a, b, data);`,
        ...PRINT_CONTACTS,
        `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
        '```',
      ].join('\n');
    },
  };
}

/** The rounded polygon subjects. */
export function roundedSubjects2(): Subject<RoundedConfig2>[] {
  return [
    roundedSubject('collideCirclePolygon', collideCirclePolygon as RoundedCollide, 'circle'),
    roundedSubject('collideCapsule2Polygon', collideCapsule2Polygon as RoundedCollide, 'capsule'),
    roundedSubject('collidePolygonPolygon', collidePolygonPolygon as RoundedCollide, 'polygon'),
    roundedSubject('collidePolygonChain', collidePolygonChain as RoundedCollide, 'chain'),
  ];
}
