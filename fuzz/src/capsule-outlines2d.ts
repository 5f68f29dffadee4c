/**
 * A capsule against the outlines, `overlap2d` over every 2D pair, and the chains' cone rule:
 *  - `collideCapsule2Polygon` and `collideCapsule2Chain`, each also through `collide2d` in the
 *    other argument order: a polygon or chain of the 2D regimes (regimes2d.ts: collinear,
 *    near-duplicate, slivers, nesting, mixed sizes, far from the origin, identical poses...) and a
 *    capsule made from the circle those regimes place against it, or put exactly touching by
 *    bisection on the oracle's distance;
 *  - `overlap2d` on every pair of circle, capsule, polygon and chain, chain-chain included;
 *  - `chain-cone`: a contact whose witness on a chain lies at an interior vertex has its normal
 *    inside the cone of that vertex's two segment normals, on the side it points to (the rule of
 *    Box2D v3's chain segments, measured here by cross products in the chain's own frame).
 * A capsule is its core segment and radius; the oracle measures the core against the outline
 * with oracle2d.ts's brute-force distances, which share no code with the library.
 */
import {
  type AnyShape2,
  Capsule2,
  collide2d,
  collideCapsule2Chain,
  collideCapsule2Polygon,
  CollisionData2,
  overlap2d,
} from '@contactkit/collision2d';
import type { Random } from '@contactkit/test-support';
import {
  contains,
  type Geometry2,
  depthLowerBound,
  gap,
  type Point,
  pointSegmentDistance,
  segmentsOf,
  segmentSegmentDistance,
} from './oracle2d.js';
import { generate2, REGIMES_2D } from './regimes2d.js';
import { build2, code2, geometry2, type Kind2, type ShapeDesc2, size2 } from './shapes2d.js';
import type { Property, Subject } from './suite.js';
import { PRINT_CONTACTS } from './written.js';

/** A capsule: radius, half length of its core along its own x axis, and its pose. */
export interface CapsuleDesc2 {
  readonly kind: 'capsule';
  readonly radius: number;
  readonly halfLength: number;
  readonly x: number;
  readonly y: number;
  readonly angle: number;
}

/** Any 2D shape of this file: the suite's descriptions and the capsule. */
export type Desc2 = ShapeDesc2 | CapsuleDesc2;

/** A configuration: the two shapes in the argument order of the call under test. */
export interface PairConfig2 {
  readonly a: Desc2;
  readonly b: Desc2;
}

/** A contact as read back from the buffer. */
export interface Read2 {
  point: [number, number];
  normal: [number, number];
  penetration: number;
  featureId: number;
}

/** A function writing contacts of two shapes into a buffer (a detector or `collide2d`). */
export type Collide2Any = (a: AnyShape2, b: AnyShape2, data: CollisionData2) => number;

/** The core's end points, posed by the oracle's own rotation. */
export function coreOf(c: CapsuleDesc2): [Point, Point] {
  const cos = Math.cos(c.angle), sin = Math.sin(c.angle), h = c.halfLength;
  return [[c.x - cos * h, c.y - sin * h], [c.x + cos * h, c.y + sin * h]];
}

/** Distance from a capsule's core to a shape: 0 when the core touches or enters it. */
function coreDistance(capsule: CapsuleDesc2, other: Desc2): number {
  const [p, q] = coreOf(capsule);
  if (other.kind === 'capsule') {
    const [c, d] = coreOf(other);
    return segmentSegmentDistance(p, q, c, d);
  }
  const geometry = geometry2(other);
  if (geometry.kind === 'circle') {
    return Math.max(0, pointSegmentDistance(geometry.centre, p, q) - geometry.radius);
  }
  if (geometry.kind === 'polygon' && (contains(geometry, p) || contains(geometry, q))) return 0;
  let best = Infinity;
  for (const [a, b] of segmentsOf(geometry)) {
    best = Math.min(best, segmentSegmentDistance(p, q, a, b));
  }
  return best;
}

function build(desc: Desc2): AnyShape2 {
  if (desc.kind !== 'capsule') return build2(desc);
  return new Capsule2(desc.radius, desc.halfLength).setPose([desc.x, desc.y], desc.angle);
}

function sizeOf(desc: Desc2): number {
  return desc.kind === 'capsule' ? desc.radius + desc.halfLength : size2(desc);
}

/** The suite's shell: 1e-9 of the larger shape plus 1e-12 of the largest coordinate. */
export function shellOf(config: PairConfig2): number {
  const far = Math.max(
    Math.abs(config.a.x),
    Math.abs(config.a.y),
    Math.abs(config.b.x),
    Math.abs(config.b.y),
  );
  return 1e-9 * Math.max(sizeOf(config.a), sizeOf(config.b)) + 1e-12 * far;
}

/** Runs `collide` on freshly built shapes (swapped: `b` first) into a buffer of 64. */
export function runPair(
  collide: Collide2Any,
  config: PairConfig2,
  swap = false,
  tolerance = 0,
): { contacts: Read2[]; returned: number; } {
  const a = build(config.a), b = build(config.b);
  const data = new CollisionData2({ capacity: 64, tolerance });
  const returned = swap ? collide(b, a, data) : collide(a, b, data);
  const contacts = data.contacts.slice(0, data.contactCount).map((c) => ({
    point: [c.point[0]!, c.point[1]!] as [number, number],
    normal: [c.normal[0]!, c.normal[1]!] as [number, number],
    penetration: c.penetration,
    featureId: c.featureId,
  }));
  return { contacts, returned };
}

const fmt = (x: number) => Number(x.toPrecision(6));
const describe = (c: Read2) =>
  `point (${fmt(c.point[0])}, ${fmt(c.point[1])}) normal (${fmt(c.normal[0])}, ${
    fmt(c.normal[1])
  }) depth ${fmt(c.penetration)} featureId ${c.featureId}`;

/**
 * A capsule standing for the circle a regime placed: its centre and a radius of 0.3 to 1 of the
 * circle's, a core of 0 to 1.5 of the circle's radius at any angle (the outline's own angle for
 * identical poses); in the touching regimes moved along a random direction to where its core is
 * exactly its radius from the outline (bisection on the oracle's distance).
 */
function capsuleFor(
  circle: Extract<ShapeDesc2, { kind: 'circle'; }>,
  outline: ShapeDesc2,
  regime: string,
  random: Random,
): CapsuleDesc2 | null {
  const radius = circle.radius * random.range(0.3, 1);
  const halfLength = random.chance(0.05) ? 0 : circle.radius * random.range(0, 1.5);
  const identical = regime === 'identical';
  const capsule: CapsuleDesc2 = {
    kind: 'capsule',
    radius,
    halfLength,
    x: identical ? outline.x : circle.x,
    y: identical ? outline.y : circle.y,
    angle: identical ? outline.angle : random.range(-Math.PI, Math.PI),
  };
  if (regime !== 'touching' && regime !== 'tiny-offset') return capsule;
  // From a vertex of the outline (the core on it) out along u until the core is `radius` away.
  const vertex = outline.kind === 'circle' ? null : geometry2(outline);
  if (vertex === null || vertex.kind === 'circle') return capsule;
  const start = random.pick(vertex.points), t = random.range(-Math.PI, Math.PI);
  const ux = Math.cos(t), uy = Math.sin(t);
  const at = (d: number): CapsuleDesc2 => ({
    ...capsule,
    x: start[0] + ux * d,
    y: start[1] + uy * d,
  });
  let low = 0, high = 4 * (sizeOf(outline) + sizeOf(capsule));
  if (coreDistance(at(high), outline) < radius) return null;
  for (let k = 0; k < 200; k++) {
    const middle = 0.5 * (low + high);
    if (middle === low || middle === high) break;
    if (coreDistance(at(middle), outline) < radius) low = middle;
    else high = middle;
  }
  const d = random.chance(0.5) ? low : high;
  const offset = regime === 'tiny-offset'
    ? random.sign() * random.logRange(1e-12, 1e-8) * sizeOf(capsule)
    : 0;
  return at(d + offset);
}

/** A capsule against a polygon or chain of `regime`, the capsule first. */
function generateCapsuleOutline(outlineKind: 'polygon' | 'chain') {
  return (regimeName: string, random: Random): PairConfig2 | null => {
    const regime = REGIMES_2D.find((r) => r.name === regimeName)!;
    const made = generate2(regime, ['circle', outlineKind], random);
    if (!made || made[0].kind !== 'circle') return null;
    const capsule = capsuleFor(made[0], made[1], regimeName, random);
    return capsule && { a: capsule, b: made[1] };
  };
}

function isConvexOutline(desc: Desc2): boolean {
  if (desc.kind !== 'polygon') return false;
  const p = desc.points, n = p.length;
  let sign = 0;
  const size = sizeOf(desc);
  for (let i = 0; i < n; i++) {
    const a = p[i]!, b = p[(i + 1) % n]!, c = p[(i + 2) % n]!;
    const turn = (b[0] - a[0]) * (c[1] - b[1]) - (b[1] - a[1]) * (c[0] - b[0]);
    if (Math.abs(turn) <= 2e-15 * size * size) continue;
    if (sign !== 0 && Math.sign(turn) !== sign) return false;
    sign = Math.sign(turn);
  }
  return true;
}

/**
 * Whether the unit vector `m` lies in the short arc between unit vectors `u` and `w` (within a
 * sine slack), or is `u` itself when they are in line.
 */
function inCone(m: Point, u: Point, w: Point, slack: number): boolean {
  const cross = (p: Point, q: Point) => p[0] * q[1] - p[1] * q[0];
  const dot = (p: Point, q: Point) => p[0] * q[0] + p[1] * q[1];
  const span = cross(u, w);
  if (Math.abs(span) <= slack) return Math.abs(cross(u, m)) <= slack && dot(m, u) > 0;
  const s = Math.sign(span);
  return cross(u, m) * s >= -slack && cross(m, w) * s >= -slack && dot(m, u) + dot(m, w) > 0;
}

/**
 * The cone rule for one contact against a chain description: the witness on the chain (`onChain`)
 * and the normal from the chain toward the other shape (`m`), both in world space, taken into the
 * chain's frame; null when it holds or the witness is at no interior vertex.
 */
export function coneViolation(
  chain: Extract<ShapeDesc2, { kind: 'chain'; }>,
  onChain: Point,
  m: Point,
  reach: number,
): string | null {
  const cos = Math.cos(chain.angle), sin = Math.sin(chain.angle);
  const dx = onChain[0] - chain.x, dy = onChain[1] - chain.y;
  const local: Point = [cos * dx + sin * dy, -sin * dx + cos * dy];
  const ml: Point = [cos * m[0] + sin * m[1], -sin * m[0] + cos * m[1]];
  const p = chain.points;
  const near = (v: Point) => Math.hypot(local[0] - v[0], local[1] - v[1]) <= reach;
  for (let i = 0; i < p.length; i++) {
    if (!near(p[i]!)) continue;
    // Vertices within the reach of one another (near duplicates) make one corner: its cone is
    // spanned by the segments entering its first vertex and leaving its last.
    let last = i;
    while (last + 1 < p.length && near(p[last + 1]!)) last++;
    const first = i;
    i = last;
    // An open end is round: every normal is admitted there.
    if (first === 0 || last === p.length - 1) continue;
    const normal = (a: Point, b: Point): Point => {
      const ex = b[0] - a[0], ey = b[1] - a[1], length = Math.hypot(ex, ey);
      return [ey / length, -ex / length];
    };
    const admits = (before: number, after: number) => {
      const u = normal(p[before]!, p[before + 1]!), w = normal(p[after]!, p[after + 1]!);
      // A chain folding back on itself at the vertex has no short arc to speak of.
      return u[0] * w[0] + u[1] * w[1] < -0.999 || inCone(ml, u, w, 1e-8) ||
        inCone(ml, [-u[0], -u[1]], [-w[0], -w[1]], 1e-8);
    };
    // The corner's cone, or (a tiny segment's normal being its own) one of its vertices' cones.
    let admitted = admits(first - 1, last);
    for (let k = first; k <= last && !admitted; k++) admitted = admits(k - 1, k);
    if (admitted) continue;
    const u = normal(p[first - 1]!, p[first]!), w = normal(p[last]!, p[last + 1]!);
    return `normal (${fmt(ml[0])}, ${fmt(ml[1])}) in the chain's frame at vertices ${first} to ` +
      `${last} (${p[first]}) outside the cone of (${fmt(u[0])}, ${fmt(u[1])}) and ` +
      `(${fmt(w[0])}, ${fmt(w[1])})`;
  }
  return null;
}

/** The `chain-cone` property of a call whose configuration holds a chain on one side. */
export function chainConeProperty<C extends PairConfig2>(
  contactsOf: (config: C) => Read2[],
): Property<C> {
  return {
    name: 'chain-cone',
    check(config) {
      const chainFirst = config.a.kind === 'chain';
      const chain = chainFirst ? config.a : config.b;
      if (chain.kind !== 'chain' || (config.a.kind === 'chain' && config.b.kind === 'chain')) {
        return undefined;
      }
      const contacts = contactsOf(config);
      if (contacts.length === 0) return undefined;
      const reach = 100 * shellOf(config);
      for (const c of contacts) {
        const h = c.penetration / 2, n = c.normal;
        // The normal points from the second shape toward the first.
        const onChain: Point = chainFirst
          ? [c.point[0] - n[0] * h, c.point[1] - n[1] * h]
          : [c.point[0] + n[0] * h, c.point[1] + n[1] * h];
        const m: Point = chainFirst ? [-n[0], -n[1]] : [n[0], n[1]];
        const why = coneViolation(chain, onChain, m, reach);
        if (why) return `${why}: ${describe(c)}`;
      }
      return null;
    },
  };
}

/** The properties of a capsule-outline detector (capsule first), `mirror` through `collide2d`. */
export function capsuleOutlineProperties(
  collide: Collide2Any,
  outlineKind: 'polygon' | 'chain',
): Property<PairConfig2>[] {
  const cache = new WeakMap<
    PairConfig2,
    { contacts: Read2[]; returned: number; error: unknown; }
  >();
  const outcome = (config: PairConfig2) => {
    let made = cache.get(config);
    if (!made) {
      try {
        made = { ...runPair(collide, config), error: null };
      } catch (error) {
        made = { contacts: [], returned: 0, error };
      }
      cache.set(config, made);
    }
    return made;
  };
  const capsuleOf = (config: PairConfig2) => config.a as CapsuleDesc2;
  const properties: Property<PairConfig2>[] = [
    {
      name: 'no-exception',
      check(config) {
        const { error } = outcome(config);
        return error === null ? null : `threw ${String(error)}`;
      },
    },
    {
      name: 'finite',
      check(config) {
        const { returned, contacts } = outcome(config);
        if (returned !== contacts.length) {
          return `returned ${returned} but wrote ${contacts.length}`;
        }
        for (const c of contacts) {
          if (![...c.point, ...c.normal, c.penetration].every(Number.isFinite)) {
            return `not finite: ${describe(c)}`;
          }
          if (Math.abs(Math.hypot(c.normal[0], c.normal[1]) - 1) > 1e-9) {
            return `normal not unit: ${describe(c)}`;
          }
        }
        return null;
      },
    },
    {
      // A solver matches contacts across frames by their ids (DESIGN.md, Features).
      name: 'ids-distinct',
      check(config) {
        const { contacts } = outcome(config);
        if (contacts.length < 2) return undefined;
        const ids = new Set<number>();
        for (const c of contacts) {
          if (ids.has(c.featureId)) {
            return `two contacts share the id ${c.featureId}: ${describe(c)}`;
          }
          ids.add(c.featureId);
        }
        return null;
      },
    },
    {
      name: 'contact-iff-overlap',
      check(config) {
        const { contacts } = outcome(config);
        const radius = capsuleOf(config).radius, hair = shellOf(config);
        const distance = coreDistance(capsuleOf(config), config.b);
        if (contacts.length === 0 && distance < radius - hair) {
          return `no contact, the core ${distance} from the outline, radius ${radius}`;
        }
        if (contacts.length > 0 && distance > radius + hair) {
          return `${contacts.length} contact(s), the core ${distance} from the outline, radius ${radius}`;
        }
        return null;
      },
    },
    {
      name: 'depth',
      check(config) {
        const { contacts } = outcome(config);
        if (contacts.length === 0) return undefined;
        const radius = capsuleOf(config).radius, hair = shellOf(config);
        const distance = coreDistance(capsuleOf(config), config.b);
        if (distance <= hair) return undefined;
        const deepest = Math.max(...contacts.map((c) => c.penetration));
        const expected = radius - distance;
        // Every contact stands for a feature the core is at least `distance` from; the nearest
        // feature gives the deepest (the parallel band's 1 / cos allowance below, 0.5%).
        if (deepest > expected + 100 * hair) {
          return `depth ${deepest}, the core's distance gives ${expected}`;
        }
        if (deepest < expected - 0.006 * distance - 100 * hair) {
          return `deepest ${deepest}, the core's distance gives ${expected}`;
        }
        return null;
      },
    },
    {
      name: 'depth-frees',
      check(config) {
        if (!isConvexOutline(config.b)) return undefined;
        const { contacts } = outcome(config);
        if (contacts.length === 0) return undefined;
        const deepest = contacts.reduce((best, c) => (c.penetration > best.penetration ? c : best));
        if (deepest.penetration <= 0) return undefined;
        const capsule = capsuleOf(config), hair = shellOf(config);
        const step = deepest.penetration * 1.02 + hair;
        const moved = {
          ...capsule,
          x: capsule.x + deepest.normal[0] * step,
          y: capsule.y + deepest.normal[1] * step,
        };
        const after = coreDistance(moved, config.b);
        return after >= 0.99 * capsule.radius - hair
          ? null
          : `moved by the normal times the depth, the core is ${after} from the polygon (radius ${capsule.radius})`;
      },
    },
    {
      name: 'witness-on-outline',
      check(config) {
        const { contacts } = outcome(config);
        const capsule = capsuleOf(config), hair = shellOf(config);
        if (contacts.length === 0 || coreDistance(capsule, config.b) <= hair) return undefined;
        const [c0, c1] = coreOf(capsule), outline = geometry2(config.b as ShapeDesc2);
        const deepest = Math.max(...contacts.map((c) => c.penetration));
        for (const c of contacts) {
          const h = c.penetration / 2;
          const onA: Point = [c.point[0] - c.normal[0] * h, c.point[1] - c.normal[1] * h];
          const onB: Point = [c.point[0] + c.normal[0] * h, c.point[1] + c.normal[1] * h];
          const dA = pointSegmentDistance(onA, c0, c1);
          // A shallower contact's witness may be the deepest point of the sphere about its core
          // point, inside the capsule (DESIGN.md's capsule witness); the deepest is on its rim.
          const low = c.penetration === deepest ? 0.99 * capsule.radius - 100 * hair : 0;
          if (dA > capsule.radius + 100 * hair || dA < low) {
            return `capsule witness ${dA} from its core (radius ${capsule.radius}): ${describe(c)}`;
          }
          let dB = Infinity;
          for (const [p, q] of segmentsOf(outline)) {
            dB = Math.min(dB, pointSegmentDistance(onB, p, q));
          }
          if (dB > 100 * hair) return `outline witness ${dB} off the outline: ${describe(c)}`;
        }
        return null;
      },
    },
    {
      name: 'mirror',
      check(config) {
        const direct = outcome(config).contacts;
        const swapped = runPair(collide2d as Collide2Any, config, true).contacts;
        if (direct.length !== swapped.length) {
          return `${direct.length} contacts, ${swapped.length} through collide2d swapped`;
        }
        const hair = shellOf(config);
        for (let i = 0; i < direct.length; i++) {
          const p = direct[i]!, q = swapped[i]!;
          const same = Math.abs(p.point[0] - q.point[0]) <= hair &&
            Math.abs(p.point[1] - q.point[1]) <= hair &&
            Math.abs(p.normal[0] + q.normal[0]) <= 1e-12 &&
            Math.abs(p.normal[1] + q.normal[1]) <= 1e-12 &&
            Math.abs(p.penetration - q.penetration) <= hair && p.featureId === q.featureId;
          if (!same) return `contact ${i}: ${describe(p)}; swapped ${describe(q)}`;
        }
        return null;
      },
    },
  ];
  // A chain bounds no region: no least translation to check; a polygon has no vertex cones.
  return outlineKind === 'chain'
    ? [
      ...properties.filter((p) => p.name !== 'depth-frees'),
      chainConeProperty<PairConfig2>((config) => outcome(config).contacts),
    ]
    : properties;
}

/** Code that builds a description. */
export function codeOf(desc: Desc2): string {
  if (desc.kind !== 'capsule') return code2(desc);
  return `new Capsule2(${desc.radius}, ${desc.halfLength}).setPose([${desc.x}, ${desc.y}], ${desc.angle})`;
}

function reproPair(name: string, config: PairConfig2, property: string, message: string): string {
  return [
    '```ts',
    `import { Capsule2, Chain, Circle, CollisionData2, Polygon, ${name} } from '@contactkit/collision2d';`,
    `const a = ${codeOf(config.a)};`,
    `const b = ${codeOf(config.b)};`,
    'const data = new CollisionData2({ capacity: 64 });',
    `${name}(a, b, data);`,
    ...PRINT_CONTACTS,
    `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
    '```',
  ].join('\n');
}

/** The subject of a capsule-outline detector, on the regimes that draw its outline. */
export function capsuleOutlineSubject(
  name: string,
  collide: Collide2Any,
  outlineKind: 'polygon' | 'chain',
): Subject<PairConfig2> {
  const kinds: [Kind2, Kind2] = ['circle', outlineKind];
  return {
    name,
    dimension: '2d',
    regimes: REGIMES_2D.filter((r) => !r.applies || r.applies(kinds)).map((r) => r.name),
    generate: generateCapsuleOutline(outlineKind),
    properties: capsuleOutlineProperties(collide, outlineKind),
    repro: (config, property, message) => reproPair(name, config, property, message),
  };
}

/** Every pair of kinds `overlap2d` answers, capsule and chain-chain included. */
const OVERLAP_PAIRS: readonly (readonly [Kind2 | 'capsule', Kind2 | 'capsule'])[] = [
  ['circle', 'circle'],
  ['circle', 'polygon'],
  ['circle', 'chain'],
  ['polygon', 'polygon'],
  ['polygon', 'chain'],
  ['chain', 'chain'],
  ['capsule', 'circle'],
  ['capsule', 'polygon'],
  ['capsule', 'chain'],
  ['capsule', 'capsule'],
];

/** A capsule standing for a circle description, at its centre, at a random angle. */
function capsuleOfCircle(
  circle: Extract<ShapeDesc2, { kind: 'circle'; }>,
  random: Random,
): CapsuleDesc2 {
  return {
    kind: 'capsule',
    radius: circle.radius * random.range(0.3, 1),
    halfLength: random.chance(0.05) ? 0 : circle.radius * random.range(0, 1.5),
    x: circle.x,
    y: circle.y,
    angle: random.range(-Math.PI, Math.PI),
  };
}

/** A pair for `overlap2d` in `regime`: chain-chain from a polygon-chain pair, the polygon opened. */
function generateOverlap(regimeName: string, random: Random): PairConfig2 | null {
  const regime = REGIMES_2D.find((r) => r.name === regimeName)!;
  const fits = OVERLAP_PAIRS.filter(([k0, k1]) => {
    const base: [Kind2, Kind2] = k0 === 'chain' && k1 === 'chain'
      ? ['polygon', 'chain']
      : [k0 === 'capsule' ? 'circle' : k0, k1 === 'capsule' ? 'circle' : k1];
    return !regime.applies || regime.applies(base);
  });
  if (fits.length === 0) return null;
  const [k0, k1] = random.pick(fits);
  const chainChain = k0 === 'chain' && k1 === 'chain';
  const base: [Kind2, Kind2] = chainChain
    ? ['polygon', 'chain']
    : [k0 === 'capsule' ? 'circle' : k0, k1 === 'capsule' ? 'circle' : k1];
  const made = generate2(regime, base, random);
  if (!made) return null;
  let a: Desc2 = made[0], b: Desc2 = made[1];
  if (chainChain && a.kind === 'polygon') {
    a = { ...a, kind: 'chain', points: [...a.points, a.points[0]!] };
  }
  if (k0 === 'capsule' && a.kind === 'circle') a = capsuleOfCircle(a, random);
  if (k1 === 'capsule' && b.kind === 'circle') b = capsuleOfCircle(b, random);
  return random.chance(0.5) ? { a, b } : { a: b, b: a };
}

/** The oracle's gap between two descriptions, and whether they overlap beyond the shell. */
function oracleOverlap(config: PairConfig2, hair: number): { gap: number; clear: boolean; } {
  const { a, b } = config;
  if (a.kind === 'capsule' || b.kind === 'capsule') {
    const capsule = (a.kind === 'capsule' ? a : b) as CapsuleDesc2;
    const other = capsule === a ? b : a;
    const reach = capsule.radius + (other.kind === 'capsule' ? other.radius : 0);
    const distance = coreDistance(capsule, other);
    return { gap: Math.max(0, distance - reach), clear: distance < reach - hair };
  }
  const ga = geometry2(a), gb = geometry2(b);
  if (ga.kind === 'chain' && gb.kind === 'chain') return chainsOverlap(ga, gb, hair);
  return { gap: gap(ga, gb), clear: depthLowerBound(ga, gb) > hair };
}

/** Two chains: apart by the least segment distance; clearly meeting when two segments cross well. */
function chainsOverlap(
  first: Extract<Geometry2, { kind: 'chain'; }>,
  second: Extract<Geometry2, { kind: 'chain'; }>,
  hair: number,
): { gap: number; clear: boolean; } {
  let best = Infinity, clear = false;
  const side = (p: Point, q: Point, r: Point) =>
    ((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])) /
    Math.hypot(q[0] - p[0], q[1] - p[1]);
  for (const [p, q] of segmentsOf(first)) {
    for (const [r, s] of segmentsOf(second)) {
      best = Math.min(best, segmentSegmentDistance(p, q, r, s));
      // Each segment's ends farther than 100 shells from the other's line, on opposite sides.
      const d1 = side(r, s, p), d2 = side(r, s, q), d3 = side(p, q, r), d4 = side(p, q, s);
      const far = Math.min(Math.abs(d1), Math.abs(d2), Math.abs(d3), Math.abs(d4)) > 100 * hair;
      if (far && d1 > 0 !== d2 > 0 && d3 > 0 !== d4 > 0) clear = true;
    }
  }
  return { gap: best, clear };
}

/** `overlap2d` over every 2D pair: against the oracle and against `collide2d`. */
export function overlap2dSubject(
  test: (a: AnyShape2, b: AnyShape2) => boolean = overlap2d as never,
): Subject<PairConfig2> {
  const answer = (config: PairConfig2) => test(build(config.a), build(config.b));
  return {
    name: 'overlap2d',
    dimension: '2d',
    regimes: REGIMES_2D.map((r) => r.name),
    generate: generateOverlap,
    properties: [
      {
        name: 'overlap-agrees-with-oracle',
        check(config) {
          const hair = shellOf(config), said = answer(config);
          const { gap: apart, clear } = oracleOverlap(config, hair);
          if (said && apart > hair) return `true, but the oracle's gap is ${apart}`;
          if (!said && clear) {
            return `false, but the oracle finds them overlapping beyond the shell`;
          }
          return null;
        },
      },
      {
        name: 'overlap-agrees-with-detector',
        check(config) {
          if (config.a.kind === 'chain' && config.b.kind === 'chain') return undefined;
          const said = answer(config);
          const contacts = runPair(collide2d as Collide2Any, config).contacts.length;
          return said === contacts > 0
            ? null
            : `overlap2d ${said}, collide2d wrote ${contacts} contacts`;
        },
      },
    ],
    repro: (config, property, message) =>
      [
        '```ts',
        `import { Capsule2, Chain, Circle, Polygon, overlap2d } from '@contactkit/collision2d';`,
        `const a = ${codeOf(config.a)};`,
        `const b = ${codeOf(config.b)};`,
        'console.log(overlap2d(a, b));',
        `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
        '```',
      ].join('\n'),
  };
}

/** The subjects of this file. */
export function capsuleOutlineSubjects(): Subject<PairConfig2>[] {
  return [
    capsuleOutlineSubject('collideCapsule2Polygon', collideCapsule2Polygon as never, 'polygon'),
    capsuleOutlineSubject('collideCapsule2Chain', collideCapsule2Chain as never, 'chain'),
    overlap2dSubject(),
  ];
}
