/**
 * The 2D round pairs as subjects: `collideCircleCapsule2` and `collideCapsule2Capsule2`, each also
 * through `collide2d` in the other argument order, with regimes of their own (parallel, crossing
 * and collinear cores); capsules against polygons and chains are in capsule-outlines2d.ts. A
 * capsule is its core segment and radius; the oracle is oracle2d.ts's point-segment and
 * segment-segment distances, which share no code with the detectors.
 */
import {
  Capsule2,
  Circle,
  collide2d,
  collideCapsule2Capsule2,
  collideCircleCapsule2,
  CollisionData2,
} from '@contactkit/collision2d';
import type { Random } from '@contactkit/test-support';
import { type Point, pointSegmentDistance, segmentSegmentDistance } from './oracle2d.js';
import type { Property, Subject } from './suite.js';
import { PRINT_CONTACTS } from './written.js';

/** A circle (halfLength null) or a capsule, and its pose. */
interface Round2 {
  readonly radius: number;
  readonly halfLength: number | null;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
}

/** A configuration: the two shapes in the detector's argument order, and the tolerance. */
export interface CapsuleConfig2 {
  readonly a: Round2;
  readonly b: Round2;
  readonly tolerance: number;
}

/** A contact as written, copied out of the buffer. */
export interface Written {
  point: number[];
  normal: number[];
  penetration: number;
  featureId: number;
}

/** The regimes: sizes, far from the origin, and the placements that stress capsules. */
const REGIMES = [
  'unit',
  'mixed-sizes',
  'far-1e5',
  'touching',
  'tiny-offset',
  'identical',
  'parallel',
  'near-parallel',
  'collinear',
  'crossing',
  'half-length-0',
] as const;

/** The core's end points, posed by the oracle's own rotation (a circle's core is its centre). */
function core(shape: Round2): [Point, Point] {
  const h = shape.halfLength ?? 0, c = Math.cos(shape.angle), s = Math.sin(shape.angle);
  return [[shape.x - c * h, shape.y - s * h], [shape.x + c * h, shape.y + s * h]];
}

function coreDistance(first: Round2, second: Round2): number {
  const [a, b] = core(first), [c, d] = core(second);
  return segmentSegmentDistance(a, b, c, d);
}

function build(shape: Round2): Circle | Capsule2 {
  const made = shape.halfLength === null
    ? new Circle(shape.radius)
    : new Capsule2(shape.radius, shape.halfLength);
  return made.setPose([shape.x, shape.y], shape.angle);
}

/** The shell of oracle2d's properties: 1e-9 of the pair's size plus 1e-12 of its largest coordinate. */
function shell(config: CapsuleConfig2): number {
  return pairShell(config.a, config.b, (s) => s.radius + (s.halfLength ?? 0));
}

/**
 * The suite's shell for two posed 2D shapes: 1e-9 of the larger one's `size` plus 1e-12 of the
 * largest coordinate of their positions.
 */
export function pairShell<S extends { readonly x: number; readonly y: number; }>(
  a: S,
  b: S,
  size: (shape: S) => number,
): number {
  const far = Math.max(Math.abs(a.x), Math.abs(a.y), Math.abs(b.x), Math.abs(b.y));
  return 1e-9 * Math.max(size(a), size(b)) + 1e-12 * far;
}

/** A capsule (or circle) with sizes about `scale`. */
function drawShape(random: Random, scale: number, circle: boolean, regime: string): Round2 {
  const radius = scale * random.logRange(0.02, 1);
  const halfLength = circle
    ? null
    : regime === 'half-length-0' || random.chance(0.05)
    ? 0
    : scale * random.range(0.1, 2);
  return { radius, halfLength, x: 0, y: 0, angle: random.range(-Math.PI, Math.PI) };
}

/**
 * Places `b` against `a` as the regime says: its angle (parallel, near-parallel, collinear), then
 * its position along a direction from `a`, at a distance that makes the cores' distance
 * `target` (found by bisection on the oracle's distance, so touching is as exact as doubles allow).
 */
function place(random: Random, regime: string, a: Round2, b: Round2, circle: boolean): Round2 {
  let angle = b.angle;
  if (!circle && (regime === 'parallel' || regime === 'collinear' || regime === 'identical')) {
    angle = a.angle + random.pick([0, Math.PI]);
  } else if (!circle && regime === 'near-parallel') {
    angle = a.angle + random.pick([0, Math.PI]) + random.sign() * random.logRange(1e-9, 0.2);
  }
  if (regime === 'identical') {
    return { ...a, radius: b.radius, halfLength: circle ? null : a.halfLength, angle };
  }
  const reach = a.radius + b.radius;
  const target = regime === 'touching'
    ? reach
    : regime === 'tiny-offset'
    ? reach * (1 + random.sign() * random.logRange(1e-12, 1e-8))
    : regime === 'crossing'
    ? 0
    : reach * random.range(0, 1.3);
  // Direction of the move: across the core for collinear cores, any otherwise.
  const direction = regime === 'collinear' ? a.angle : random.range(-Math.PI, Math.PI);
  const slide = regime === 'collinear'
    ? 0
    : random.range(-1, 1) * ((a.halfLength ?? 0) + (b.halfLength ?? 0));
  const ux = Math.cos(direction), uy = Math.sin(direction);
  const at = (d: number): Round2 => ({
    ...b,
    angle,
    x: a.x - uy * slide + ux * d,
    y: a.y + ux * slide + uy * d,
  });
  if (regime === 'crossing') return at(random.range(-1, 1) * (b.halfLength ?? 0) * 0.5);
  // Bisection on d for coreDistance = target, from 0 out to beyond every part.
  let low = 0, high = 4 * ((a.halfLength ?? 0) + (b.halfLength ?? 0) + reach) + target;
  if (coreDistance(a, at(high)) < target) return at(high);
  for (let k = 0; k < 200 && low < high; k++) {
    const middle = 0.5 * (low + high);
    if (middle === low || middle === high) break;
    if (coreDistance(a, at(middle)) < target) low = middle;
    else high = middle;
  }
  return at(random.chance(0.5) ? low : high);
}

function generate(circleFirst: boolean) {
  return (regime: string, random: Random): CapsuleConfig2 | null => {
    const scale = regime === 'mixed-sizes' ? random.logRange(1e-3, 1e3) : 1;
    const a = drawShape(random, scale, false, regime);
    const bScale = regime === 'mixed-sizes' ? random.logRange(1e-3, 1e3) : scale;
    let b = place(random, regime, a, drawShape(random, bScale, circleFirst, regime), circleFirst);
    let first = a;
    if (regime === 'far-1e5') [first, b] = movedFar(random, a, b);
    const tolerance = random.chance(0.3) ? 0.01 * (a.radius + b.radius) : 0;
    // The detector's argument order: the circle first for circle-capsule.
    return circleFirst ? { a: b, b: first, tolerance } : { a: first, b, tolerance };
  };
}

function run(
  collide: (a: Circle | Capsule2, b: Circle | Capsule2, data: CollisionData2) => number,
  config: CapsuleConfig2,
  swap: boolean,
): { returned: number; contacts: Written[]; } {
  const data = new CollisionData2({ capacity: 8, tolerance: config.tolerance });
  const a = build(config.a), b = build(config.b);
  const returned = swap ? collide(b, a, data) : collide(a, b, data);
  return { returned, contacts: writtenOf(data) };
}

/** The contacts `data` holds, copied out of the buffer. */
export function writtenOf(data: CollisionData2): Written[] {
  return data.contacts.slice(0, data.contactCount).map((c) => ({
    point: [...c.point],
    normal: [...c.normal],
    penetration: c.penetration,
    featureId: c.featureId,
  }));
}

/**
 * The pair moved together to about 1e5 from the origin in x and y (the `far-1e5` regime; x off
 * 1e5 by up to 1, so the coordinates are not all round).
 */
export function movedFar<S extends { readonly x: number; readonly y: number; }>(
  random: Random,
  a: S,
  b: S,
): [S, S] {
  const fx = 1e5 * random.sign() + random.range(-1, 1), fy = 1e5 * random.sign();
  return [{ ...a, x: a.x + fx, y: a.y + fy }, { ...b, x: b.x + fx, y: b.y + fy }];
}

/** One contact as text, for a failure's message. */
export function describe(c: Written): string {
  return `point [${c.point}], normal [${c.normal}], depth ${c.penetration}, id ${c.featureId}`;
}

/** The properties of a capsule pair detector (argument order: `a`, `b`). */
function properties(
  collide: (a: Circle | Capsule2, b: Circle | Capsule2, data: CollisionData2) => number,
): Property<CapsuleConfig2>[] {
  const outcome = (config: CapsuleConfig2) => run(collide, config, false);
  return [
    {
      name: 'finite',
      check(config) {
        const { returned, contacts } = outcome(config);
        const problem = outputProblem(returned, contacts);
        if (problem !== null) return problem;
        if (contacts.length > 2) return `${contacts.length} contacts, at most 2 expected`;
        for (const c of contacts) {
          if (![...c.point, ...c.normal, c.penetration].every(Number.isFinite)) {
            return `not finite: ${describe(c)}`;
          }
          if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-9) {
            return `normal not unit: ${describe(c)}`;
          }
        }
        if (contacts.length === 2 && contacts[0]!.featureId === contacts[1]!.featureId) {
          return `two contacts share the id ${contacts[0]!.featureId}`;
        }
        return null;
      },
    },
    {
      name: 'contact-iff-overlap',
      check(config) {
        const { contacts } = outcome(config);
        const reach = config.a.radius + config.b.radius + config.tolerance, hair = shell(config);
        return reachMismatch(contacts.length, coreDistance(config.a, config.b), reach, hair);
      },
    },
    {
      name: 'depth',
      check(config) {
        const { contacts } = outcome(config);
        if (contacts.length === 0) return undefined;
        const hair = shell(config), radii = config.a.radius + config.b.radius;
        const distance = coreDistance(config.a, config.b);
        const deepest = Math.max(...contacts.map((c) => c.penetration));
        if (distance <= hair) {
          // Crossing cores: the push out is at least the radii.
          return deepest >= radii - hair
            ? null
            : `crossing cores, depth ${deepest} below the radii ${radii}`;
        }
        // Two side-by-side points may understate it by the 1 / cos of the parallel band (0.5%).
        const expected = radii - distance;
        return deepest <= expected + hair && deepest >= expected - 0.006 * distance - hair
          ? null
          : `depth ${deepest}, the cores' distance gives ${expected}`;
      },
    },
    {
      name: 'frees',
      check(config) {
        const { contacts } = outcome(config);
        if (contacts.length === 0) return undefined;
        const deepest = contacts.reduce((best, c) => (c.penetration > best.penetration ? c : best));
        if (deepest.penetration <= 0) return undefined;
        const hair = shell(config), radii = config.a.radius + config.b.radius;
        const step = deepest.penetration * 1.02 + hair;
        const moved = {
          ...config.a,
          x: config.a.x + deepest.normal[0]! * step,
          y: config.a.y + deepest.normal[1]! * step,
        };
        const after = coreDistance(moved, config.b);
        return after >= 0.99 * radii - hair
          ? null
          : `moved by the normal times the depth, the cores are ${after} apart (radii ${radii})`;
      },
    },
    {
      name: 'witness-on-surface',
      check(config) {
        const { contacts } = outcome(config);
        const hair = shell(config);
        if (contacts.length === 0 || coreDistance(config.a, config.b) <= hair) return undefined;
        const [a0, a1] = core(config.a), [b0, b1] = core(config.b);
        for (const c of contacts) {
          const half = c.penetration / 2;
          const onA: Point = [c.point[0]! - c.normal[0]! * half, c.point[1]! - c.normal[1]! * half];
          const onB: Point = [c.point[0]! + c.normal[0]! * half, c.point[1]! + c.normal[1]! * half];
          const dA = pointSegmentDistance(onA, a0, a1), dB = pointSegmentDistance(onB, b0, b1);
          if (dA > config.a.radius + 100 * hair || dA < 0.99 * config.a.radius - 100 * hair) {
            return `first witness ${dA} from its core (radius ${config.a.radius}): ${describe(c)}`;
          }
          if (dB > config.b.radius + 100 * hair || dB < 0.99 * config.b.radius - 100 * hair) {
            return `second witness ${dB} from its core (radius ${config.b.radius}): ${describe(c)}`;
          }
        }
        return null;
      },
    },
    {
      name: 'mirror',
      check(config) {
        const direct = outcome(config).contacts;
        const swapped = run(collide2d, config, true).contacts;
        if (direct.length !== swapped.length) {
          return `${direct.length} contacts, ${swapped.length} swapped`;
        }
        return mirrorMismatch(direct, swapped, shell(config));
      },
    },
  ];
}

/**
 * Whether a pair of round shapes has a contact exactly when its cores are within `reach` (the
 * radii and the tolerance), up to `hair`; null when it does.
 */
export function reachMismatch(
  count: number,
  distance: number,
  reach: number,
  hair: number,
): string | null {
  if (count === 0 && distance < reach - hair) {
    return `no contact, cores ${distance} apart, reach ${reach}`;
  }
  if (count > 0 && distance > reach + hair) {
    return `${count} contact(s), cores ${distance} apart, reach ${reach}`;
  }
  return null;
}

/**
 * Whether `swapped` (the pair in the other argument order) mirrors `direct`: the same points and
 * depths within `hair`, negated normals within 1e-12, the same ids, in order. Null when it does.
 */
export function mirrorMismatch(direct: Written[], swapped: Written[], hair: number): string | null {
  for (let i = 0; i < direct.length; i++) {
    const p = direct[i]!, q = swapped[i]!;
    const same = Math.abs(p.point[0]! - q.point[0]!) <= hair &&
      Math.abs(p.point[1]! - q.point[1]!) <= hair &&
      Math.abs(p.normal[0]! + q.normal[0]!) <= 1e-12 &&
      Math.abs(p.normal[1]! + q.normal[1]!) <= 1e-12 &&
      Math.abs(p.penetration - q.penetration) <= hair && p.featureId === q.featureId;
    if (!same) return `contact ${i}: ${describe(p)}; swapped ${describe(q)}`;
  }
  return null;
}

/**
 * What is wrong with a detector's output, or null: the count returned against the contacts
 * written, a coordinate, normal or depth not finite, a normal not of unit length.
 */
export function outputProblem(returned: number, contacts: Written[]): string | null {
  if (returned !== contacts.length) return `returned ${returned} but wrote ${contacts.length}`;
  for (const c of contacts) {
    if (![...c.point, ...c.normal, c.penetration].every(Number.isFinite)) {
      return `not finite: ${describe(c)}`;
    }
    if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-9) {
      return `normal not unit: ${describe(c)}`;
    }
  }
  return null;
}

function code(shape: Round2): string {
  const made = shape.halfLength === null
    ? `new Circle(${shape.radius})`
    : `new Capsule2(${shape.radius}, ${shape.halfLength})`;
  return `${made}.setPose([${shape.x}, ${shape.y}], ${shape.angle})`;
}

function subject(
  name: string,
  collide: (a: Circle | Capsule2, b: Circle | Capsule2, data: CollisionData2) => number,
  circleFirst: boolean,
): Subject<CapsuleConfig2> {
  return {
    name,
    dimension: '2d',
    regimes: circleFirst
      ? REGIMES.filter((r) => !r.includes('parallel') && r !== 'collinear')
      : REGIMES,
    generate: generate(circleFirst),
    properties: properties(collide),
    repro: (config, property, message) =>
      [
        '```ts',
        `import { Capsule2, Circle, CollisionData2, ${name} } from '@contactkit/collision2d';`,
        `const a = ${code(config.a)};`,
        `const b = ${code(config.b)};`,
        `const data = new CollisionData2({ capacity: 8, tolerance: ${config.tolerance} });`,
        `${name}(a, b, data);`,
        ...PRINT_CONTACTS,
        `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
        '```',
      ].join('\n'),
  };
}

/** The capsule subjects. */
export function capsuleSubjects2(): Subject<CapsuleConfig2>[] {
  return [
    subject('collideCircleCapsule2', collideCircleCapsule2 as never, true),
    subject('collideCapsule2Capsule2', collideCapsule2Capsule2 as never, false),
  ];
}
