/**
 * The convex hull against capsule subjects (`collideConvexHullCapsule`, `overlapConvexHullCapsule`)
 * with their own configurations, regimes and oracle, apart from the other 3D subjects so that the
 * hull subjects of the other 3D files and this pair can grow side by side.
 *
 * The oracle shares no code with the detector: it reads the built hull's vertex and face lists
 * (the build has tests of its own), poses them with its own quaternion algebra, and measures a
 * capsule as its core and radius (Ericson 4.5.1): when the core stays outside the polytope, the
 * least distance of the core to it by golden-section search over the core's parameter (the
 * distance to a convex set is convex along a segment) of the point-to-polytope distance over a
 * fan of each face's triangles (Ericson 5.1.5); when the core meets it, the separating-axis depth
 * over the face normals and the core's direction crossed with every polytope edge, each axis
 * measured by projecting every vertex and both core ends (the face normals of the Minkowski
 * difference, so exact).
 */
import {
  Capsule,
  collide,
  collideConvexHullCapsule,
  CollisionData,
  ConvexHull,
  overlapConvexHullCapsule,
} from '@contactkit/contacts3d';
import type { Random } from '@contactkit/test-support';
import { axesOf, hypot3, type Vec3 } from './oracle3d.js';
import type { Property, Subject } from './suite.js';
import { finiteProblem, PRINT_CONTACTS } from './written.js';

/** A hull (its cloud in its own frame, posed) and a capsule. */
export interface HullCapsuleConfig {
  readonly points: readonly Vec3[];
  readonly hullPosition: Vec3;
  readonly hullQuaternion: readonly [number, number, number, number];
  readonly radius: number;
  readonly halfLength: number;
  readonly position: Vec3;
  readonly quaternion: readonly [number, number, number, number];
}

const dot = (a: Vec3, b: Vec3) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];
const sub = (a: Vec3, b: Vec3): Vec3 => [a[0] - b[0], a[1] - b[1], a[2] - b[2]];
const add = (a: Vec3, b: Vec3, s = 1): Vec3 => [a[0] + s * b[0], a[1] + s * b[1], a[2] + s * b[2]];
const length = (a: Vec3) => hypot3(a[0], a[1], a[2]);
const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];

/** The posed polytope: world vertices, face loops with outward unit normals and offsets, edges. */
interface Polytope {
  vertices: Vec3[];
  faces: number[][];
  normals: Vec3[];
  offsets: number[];
  edges: [number, number][];
}

/** A capsule's core (world) and radius. */
interface Core {
  from: Vec3;
  to: Vec3;
  radius: number;
}

const built = new WeakMap<readonly Vec3[], ConvexHull | { error: unknown; }>();

/** The hull of a cloud, built once (or the error it threw). */
function hullOf(points: readonly Vec3[]): ConvexHull {
  let hull = built.get(points);
  if (hull === undefined) {
    try {
      hull = ConvexHull.fromPoints(points as Vec3[]);
    } catch (error) {
      hull = { error };
    }
    built.set(points, hull);
  }
  if (!(hull instanceof ConvexHull)) throw hull.error;
  return hull;
}

function build(config: HullCapsuleConfig): [ConvexHull, Capsule] {
  const hull = hullOf(config.points).setPose(config.hullPosition, config.hullQuaternion);
  const capsule = new Capsule(config.radius, config.halfLength).setPose(
    config.position,
    config.quaternion,
  );
  return [hull, capsule];
}

function polytopeOf(config: HullCapsuleConfig): Polytope {
  const hull = hullOf(config.points);
  const [x, y, z] = axesOf(config.hullQuaternion), p = config.hullPosition;
  const place = (v: Vec3): Vec3 => [
    p[0] + x[0] * v[0] + y[0] * v[1] + z[0] * v[2],
    p[1] + x[1] * v[0] + y[1] * v[1] + z[1] * v[2],
    p[2] + x[2] * v[0] + y[2] * v[1] + z[2] * v[2],
  ];
  const vertices: Vec3[] = [];
  for (let i = 0; i < hull.vertexCount; i++) {
    vertices.push(
      place([hull.vertices[3 * i]!, hull.vertices[3 * i + 1]!, hull.vertices[3 * i + 2]!]),
    );
  }
  const faces: number[][] = [], normals: Vec3[] = [], offsets: number[] = [];
  const edges: [number, number][] = [];
  for (let f = 0; f < hull.faceCount; f++) {
    const loop = Array.from(hull.faceVertices.subarray(hull.faceStart[f]!, hull.faceStart[f + 1]!));
    faces.push(loop);
    // The normal from the loop's own vector area (Newell), not the hull's stored plane; the
    // corners taken from the loop's first, since products of coordinates near 1e5 would cancel
    // to the area's size and tilt the plane by 1e-5 (FINDINGS.md F126).
    let n: Vec3 = [0, 0, 0];
    const origin = vertices[loop[0]!]!;
    for (let k = 1; k + 1 < loop.length; k++) {
      n = add(n, cross(sub(vertices[loop[k]!]!, origin), sub(vertices[loop[k + 1]!]!, origin)));
    }
    n = [n[0] / length(n), n[1] / length(n), n[2] / length(n)];
    normals.push(n);
    offsets.push(Math.max(...loop.map((v) => dot(n, vertices[v]!))));
    for (let k = 0; k < loop.length; k++) {
      const a = loop[k]!, b = loop[(k + 1) % loop.length]!;
      if (a < b) edges.push([a, b]);
    }
  }
  return { vertices, faces, normals, offsets, edges };
}

function coreOf(config: HullCapsuleConfig): Core {
  const y = axesOf(config.quaternion)[1], h = config.halfLength;
  return {
    from: add(config.position, y, -h),
    to: add(config.position, y, h),
    radius: config.radius,
  };
}

/** Closest point of triangle abc to p (Ericson 5.1.5, by Voronoi regions). */
function closestOnTriangle(p: Vec3, a: Vec3, b: Vec3, c: Vec3): Vec3 {
  const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const bp = sub(p, b), d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return add(a, ab, d1 / (d1 - d3));
  const cp = sub(p, c), d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return add(a, ac, d2 / (d2 - d6));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    return add(b, sub(c, b), (d4 - d3) / (d4 - d3 + (d5 - d6)));
  }
  const denominator = 1 / (va + vb + vc);
  return add(add(a, ab, vb * denominator), ac, vc * denominator);
}

/** Distance from p to the solid polytope (0 inside). */
function outside(solid: Polytope, p: Vec3): number {
  if (solid.normals.every((n, f) => dot(n, p) - solid.offsets[f]! <= 0)) return 0;
  let best = Infinity;
  for (const loop of solid.faces) {
    for (let k = 1; k + 1 < loop.length; k++) {
      const q = closestOnTriangle(
        p,
        solid.vertices[loop[0]!]!,
        solid.vertices[loop[k]!]!,
        solid.vertices[loop[k + 1]!]!,
      );
      best = Math.min(best, length(sub(p, q)));
    }
  }
  return best;
}

/** Distance from p to the polytope's surface. */
function polytopeSurface(solid: Polytope, p: Vec3): number {
  const height = Math.max(...solid.normals.map((n, f) => dot(n, p) - solid.offsets[f]!));
  return height <= 0 ? -height : outside(solid, p);
}

/** The core's least distance to the polytope (golden-section search), 0 when it meets it. */
function coreDistance(solid: Polytope, core: Core): number {
  const at = (t: number) => add(core.from, sub(core.to, core.from), t);
  const f = (t: number) => outside(solid, at(t));
  let low = 0, high = 1;
  const golden = (Math.sqrt(5) - 1) / 2;
  for (let k = 0; k < 64; k++) {
    const a = high - golden * (high - low), b = low + golden * (high - low);
    if (f(a) <= f(b)) high = b;
    else low = a;
  }
  return Math.min(f(0), f(1), f(0.5 * (low + high)));
}

/** Minus the separating-axis overlap of the core's and the polytope's projections (< 0 overlapping). */
function coreSeparation(solid: Polytope, core: Core): number {
  const direction = sub(core.to, core.from);
  const axes: Vec3[] = [...solid.normals];
  for (const [a, b] of solid.edges) {
    const e = sub(solid.vertices[b]!, solid.vertices[a]!);
    const l = cross(direction, e), n = length(l);
    if (n > 1e-9 * length(direction) * length(e)) axes.push([l[0] / n, l[1] / n, l[2] / n]);
  }
  let separation = -Infinity;
  for (const axis of axes) {
    const values = solid.vertices.map((v) => dot(v, axis));
    const a0 = dot(core.from, axis), a1 = dot(core.to, axis);
    const overlap = Math.min(
      Math.max(...values) - Math.min(a0, a1),
      Math.max(a0, a1) - Math.min(...values),
    );
    separation = Math.max(separation, -overlap);
  }
  return separation;
}

/** The pair's size and the largest coordinate (for the round-off part of the shell). */
function sizes(config: HullCapsuleConfig): { size: number; reach: number; } {
  const hull = hullOf(config.points);
  return {
    size: Math.max(hull.size, config.radius + config.halfLength),
    reach: Math.max(...config.hullPosition.map(Math.abs), ...config.position.map(Math.abs)),
  };
}

/** The gap between the shapes (0 when they meet), and a depth they overlap by (0 when apart). */
function measure(
  config: HullCapsuleConfig,
  solid = polytopeOf(config),
): { gap: number; depth: number; } {
  const core = coreOf(config);
  const distance = coreDistance(solid, core);
  const { size, reach } = sizes(config);
  // Near 0 the search may stop on the rim of a stretch inside (or miss a short one): then the
  // separating axes, exact whenever the core meets the polytope.
  if (distance > 1e-9 * size + 1e-13 * reach) {
    return { gap: Math.max(0, distance - core.radius), depth: Math.max(0, core.radius - distance) };
  }
  const depth = core.radius - coreSeparation(solid, core);
  return { gap: Math.max(0, -depth), depth: Math.max(0, depth) };
}

function shellOf(config: HullCapsuleConfig): number {
  const { size, reach } = sizes(config);
  return 1e-9 * size + 1e-12 * reach;
}

interface Found {
  point: Vec3;
  normal: Vec3;
  penetration: number;
  featureId: number;
}

/** The detector under test: `collideConvexHullCapsule`, or a planted defect's wrapper of it. */
export type HullCapsuleDetector = (
  hull: ConvexHull,
  capsule: Capsule,
  data: CollisionData,
) => number;

function run(
  config: HullCapsuleConfig,
  detector: HullCapsuleDetector,
  swapped = false,
): { contacts: Found[]; returned: number; error: unknown; } {
  try {
    const [hull, capsule] = build(config);
    const data = new CollisionData({ capacity: 16 });
    const returned = swapped ? collide(capsule, hull, data) : detector(hull, capsule, data);
    const contacts = data.contacts.slice(0, data.contactCount).map((c) => ({
      point: [c.point[0]!, c.point[1]!, c.point[2]!] as Vec3,
      normal: [c.normal[0]!, c.normal[1]!, c.normal[2]!] as Vec3,
      penetration: c.penetration,
      featureId: c.featureId,
    }));
    return { contacts, returned, error: null };
  } catch (error) {
    return { contacts: [], returned: 0, error };
  }
}

/** The regimes of the pair: sizes, placements, and a capsule lying on a face or entering. */
const REGIMES = [
  'unit',
  'mixed-sizes',
  'far-1e5',
  'touching',
  'deep',
  'tiny-offset',
  'tiny-size',
  'half-length-0',
  'along-face',
  'entering',
] as const;

/** A hostile cloud: a blob with duplicates, a box with points on its faces, a sphere, a sliver. */
function cloud(random: Random, size: number): Vec3[] {
  const points: Vec3[] = [];
  const kind = random.int(4);
  if (kind === 0) {
    for (let i = 0; i < 4 + random.int(17); i++) {
      const p: Vec3 = [
        random.range(-size, size),
        random.range(-size, size),
        random.range(-size, size),
      ];
      points.push(p);
      if (random.chance(0.1)) points.push([p[0] * (1 - 1e-12), p[1], p[2]]);
    }
  } else if (kind === 1 || kind === 3) {
    const h: [number, number, number] = [
      size * random.range(0.2, 1),
      size * random.range(0.2, 1),
      size * random.range(0.2, 1),
    ];
    if (kind === 3) h[random.int(3)] = 1e-3 * size;
    for (let i = 0; i < 8; i++) {
      points.push([i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]]);
    }
    for (let i = 0; i < 4; i++) {
      const q: [number, number, number] = [
        random.range(-h[0], h[0]),
        random.range(-h[1], h[1]),
        random.range(-h[2], h[2]),
      ];
      const axis = random.int(3);
      q[axis] = random.sign() * h[axis]!;
      points.push(q);
    }
  } else {
    for (let i = 0; i < 6 + random.int(15); i++) {
      const [x, y, z] = random.unitVector();
      points.push([x * size, y * size, z * size]);
    }
  }
  return points;
}

/** A quaternion turning local Y onto the unit direction d. */
function alongDirection(d: Vec3): [number, number, number, number] {
  const l = Math.hypot(d[0], d[1] + 1, d[2]);
  return l < 1e-12 ? [1, 0, 0, 0] : [d[2] / l, 0, -d[0] / l, (d[1] + 1) / l];
}

function generate(regime: string, random: Random): HullCapsuleConfig | null {
  const size = regime === 'mixed-sizes'
    ? random.logRange(1e-3, 1e3)
    : regime === 'tiny-size'
    ? random.logRange(1e-14, 1e-11)
    : random.range(0.5, 2);
  const points = cloud(random, size);
  let hull: ConvexHull;
  try {
    hull = hullOf(points);
  } catch {
    return null;
  }
  const capsuleSize = regime === 'mixed-sizes'
    ? random.logRange(1e-3, 1e3)
    : size * random.range(0.5, 2);
  const radius = capsuleSize *
    random.range(regime === 'entering' ? 0.02 : 0.1, regime === 'entering' ? 0.2 : 0.6);
  const halfLength = regime === 'half-length-0'
    ? 0
    : capsuleSize * random.range(regime === 'entering' ? 1 : 0, regime === 'entering' ? 3 : 1);
  const hullQuaternion = random.rotation();
  const far = regime === 'far-1e5'
    ? (random.unitVector().map((x) => x * random.range(0.8e5, 1.2e5)) as unknown as Vec3)
    : ([0, 0, 0] as Vec3);
  const base: HullCapsuleConfig = {
    points,
    hullPosition: far,
    hullQuaternion,
    radius,
    halfLength,
    position: far,
    quaternion: random.rotation(),
  };
  const solid = polytopeOf(base);
  let axis: Vec3 = random.unitVector(), direction: Vec3 = random.unitVector();
  if (regime === 'along-face') {
    // The core in the plane of a random face, placed along that face's normal.
    const f = random.int(solid.normals.length), n = solid.normals[f]!;
    const t = cross(n, random.unitVector());
    axis = [t[0] / length(t), t[1] / length(t), t[2] / length(t)];
    direction = n;
  }
  const reach = hull.size * 2 + radius + halfLength;
  const at = (t: number): HullCapsuleConfig => ({
    ...base,
    position: add(far, direction, t),
    quaternion: alongDirection(axis),
  });
  const placement = regime === 'touching' || regime === 'tiny-offset' || regime === 'along-face'
    ? 'touch'
    : regime === 'deep' || regime === 'entering'
    ? 'deep'
    : random.pick(['near', 'touch', 'deep'] as const);
  if (placement === 'near') return at(reach * random.range(-1.2, 1.2));
  if (placement === 'deep') return at(reach * random.range(-0.3, 0.3));
  // Touching: bisect on the oracle's gap between a meeting and an apart placement.
  let low = 0, high = reach * 1.5;
  const meets = (t: number) => measure(at(t), solid).gap === 0;
  if (!meets(low) || meets(high)) return null;
  for (let k = 0; k < 80; k++) {
    const middle = 0.5 * (low + high);
    if (middle === low || middle === high) break;
    if (meets(middle)) low = middle;
    else high = middle;
  }
  let t = random.chance(0.5) ? low : high;
  if (regime === 'tiny-offset') t += random.sign() * reach * random.logRange(1e-12, 1e-8);
  return at(t);
}

const fmt = (x: number) => Number(x.toPrecision(6));
const describe = (c: Found) =>
  `point (${c.point.map(fmt).join(', ')}) normal (${c.normal.map(fmt).join(', ')}) depth ${
    fmt(c.penetration)
  }`;

/** The config moved by the rigid motion x -> R(q) x + t, or scaled by `factor` about the origin. */
function transformed(
  config: HullCapsuleConfig,
  q: readonly number[],
  t: Vec3,
  factor: number,
): HullCapsuleConfig {
  const [x, y, z] = axesOf(q);
  const rotate = (v: Vec3): Vec3 => [
    x[0] * v[0] + y[0] * v[1] + z[0] * v[2],
    x[1] * v[0] + y[1] * v[1] + z[1] * v[2],
    x[2] * v[0] + y[2] * v[1] + z[2] * v[2],
  ];
  const product = (
    p: readonly number[],
    r: readonly number[],
  ): [number, number, number, number] => [
    p[3]! * r[0]! + p[0]! * r[3]! + p[1]! * r[2]! - p[2]! * r[1]!,
    p[3]! * r[1]! - p[0]! * r[2]! + p[1]! * r[3]! + p[2]! * r[0]!,
    p[3]! * r[2]! + p[0]! * r[1]! - p[1]! * r[0]! + p[2]! * r[3]!,
    p[3]! * r[3]! - p[0]! * r[0]! - p[1]! * r[1]! - p[2]! * r[2]!,
  ];
  const points = factor === 1
    ? config.points
    : config.points.map((p) => [p[0] * factor, p[1] * factor, p[2] * factor] as Vec3);
  return {
    points,
    hullPosition: add(rotate(config.hullPosition.map((v) => v * factor) as unknown as Vec3), t),
    hullQuaternion: product(q, config.hullQuaternion),
    radius: config.radius * factor,
    halfLength: config.halfLength * factor,
    position: add(rotate(config.position.map((v) => v * factor) as unknown as Vec3), t),
    quaternion: product(q, config.quaternion),
  };
}

function deepestOf(list: Found[]): Found {
  return list.reduce((d, c) => (c.penetration > d.penetration ? c : d));
}

function sameDeepest(
  before: Found[],
  after: Found[],
  tolerance: number,
  factor: number,
): string | null {
  const d0 = before.length ? deepestOf(before).penetration * factor : -Infinity;
  const d1 = after.length ? deepestOf(after).penetration : -Infinity;
  if (d0 === -Infinity && d1 === -Infinity) return null;
  if (Math.max(d0, d1) <= tolerance || Math.abs(d0 - d1) <= tolerance) return null;
  return `deepest penetration ${d0} (scaled) before, ${d1} after (${before.length} and ${after.length} contacts)`;
}

/**
 * The face preference of the detector (box-capsule's AXIS_ABSOLUTE_MARGIN): a depth may exceed
 * the least by this much of the size.
 */
const FACE_MARGIN = 1e-6;

function detectorProperties(detector: HullCapsuleDetector): Property<HullCapsuleConfig>[] {
  const plain = new WeakMap<HullCapsuleConfig, ReturnType<typeof run>>();
  const ok = (config: HullCapsuleConfig) => {
    let outcome = plain.get(config);
    if (!outcome) plain.set(config, outcome = run(config, detector));
    return outcome.error === null ? outcome : undefined;
  };
  return [
    {
      name: 'no-exception',
      check: (config) => {
        const outcome = run(config, detector);
        return outcome.error === null ? null : `threw ${String(outcome.error)}`;
      },
    },
    {
      name: 'finite',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        return finiteProblem(outcome.returned, outcome.contacts, describe);
      },
    },
    {
      name: 'contact-iff-overlap',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const shell = shellOf(config), { gap, depth } = measure(config);
        if (outcome.contacts.length === 0) {
          return depth > shell ? `no contact, but the shapes overlap by ${depth}` : null;
        }
        return gap > shell
          ? `${outcome.contacts.length} contact(s) (${
            describe(outcome.contacts[0]!)
          }), but the shapes are ${gap} apart`
          : null;
      },
    },
    {
      name: 'witness-on-surface',
      check(config) {
        const outcome = ok(config);
        if (!outcome || outcome.contacts.length === 0) return outcome && null;
        const shell = 100 * shellOf(config), solid = polytopeOf(config), core = coreOf(config);
        for (const c of outcome.contacts) {
          const h = c.penetration / 2;
          const onHull = add(c.point, c.normal, -h), onCapsule = add(c.point, c.normal, h);
          const offHull = Math.abs(polytopeSurface(solid, onHull));
          if (offHull > shell) {
            return `witness on the hull is ${offHull} off its surface: ${describe(c)}`;
          }
          const fromCore = segmentPointDistance(core, onCapsule) - core.radius;
          if (Math.abs(fromCore) <= shell) continue;
          // The documented exception: the deepest point of an end's sphere (the normal points from
          // the capsule toward the hull), the sphere freed by 1.02 x depth + shell along -normal.
          const centre = add(onCapsule, c.normal, -core.radius);
          if (segmentPointDistance(core, centre) > shell) {
            return `witness on the capsule is ${fromCore} off its surface: ${describe(c)}`;
          }
          const moved = add(centre, c.normal, -(1.02 * c.penetration + shell / 100));
          if (!(outside(solid, moved) > core.radius)) {
            return `the sphere about the core point ${fromCore} inside does not free by its depth: ${
              describe(c)
            }`;
          }
        }
        return null;
      },
    },
    ...(['frees', 'minimal'] as const).map((which): Property<HullCapsuleConfig> => ({
      name: `depth-${which}`,
      check(config) {
        const outcome = ok(config);
        if (!outcome || outcome.contacts.length === 0) return undefined;
        const shell = shellOf(config),
          deepest = deepestOf(outcome.contacts),
          d = deepest.penetration;
        if (!(d > 100 * shell)) return undefined;
        const step = which === 'frees'
          ? 1.02 * d + shell
          : 0.98 * d - FACE_MARGIN * sizes(config).size;
        if (!(step > 0)) return undefined;
        const moved = { ...config, hullPosition: add(config.hullPosition, deepest.normal, step) };
        const { gap } = measure(moved);
        if (which === 'frees' && gap === 0) {
          return `moving the hull by 1.02 x depth along the normal leaves them overlapping: ${
            describe(deepest)
          }`;
        }
        if (which === 'minimal' && gap > 0) {
          return `moving the hull by 0.98 x depth along the normal already frees it (gap ${gap}): ${
            describe(deepest)
          }`;
        }
        return null;
      },
    })),
    {
      name: 'swap-symmetric',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const swapped = run(config, detector, true);
        if (swapped.error !== null) return `swapped call threw ${String(swapped.error)}`;
        if (swapped.contacts.length !== outcome.contacts.length) {
          return `${outcome.contacts.length} contact(s) in one order, ${swapped.contacts.length} in the other`;
        }
        for (const c of outcome.contacts) {
          const mirror = swapped.contacts.find((s) =>
            s.featureId === c.featureId && length(sub(s.point, c.point)) <= 1e3 * shellOf(config) &&
            length(add(s.normal, c.normal)) <= 1e-9
          );
          if (!mirror) return `no mirrored partner for ${describe(c)}`;
        }
        return null;
      },
    },
    ...(['rigid', 'scale'] as const).map((which): Property<HullCapsuleConfig> => ({
      name: `${which}-invariant`,
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const { size } = sizes(config);
        const factor = which === 'scale' ? [1e-3, 0.1, 7, 1e3][Math.floor(size * 1e6) % 4]! : 1;
        const q = which === 'rigid' ? axesQuaternion(size) : [0, 0, 0, 1];
        const t: Vec3 = which === 'rigid' ? [3 * size, -7 * size, 5 * size] : [0, 0, 0];
        const moved = transformed(config, q, t, factor);
        const after = run(moved, detector);
        if (after.error !== null) return `threw after the ${which} change: ${String(after.error)}`;
        return sameDeepest(
          outcome.contacts,
          after.contacts,
          1e3 * Math.max(shellOf(config) * factor, shellOf(moved)),
          factor,
        );
      },
    })),
  ];
}

/** A rotation drawn from the configuration's size (deterministic per configuration). */
function axesQuaternion(size: number): [number, number, number, number] {
  const a = (size * 1e6) % 1, b = (size * 1e9) % 1;
  const q = [Math.sin(6.28 * a), Math.cos(6.28 * b), 0.3, 0.9];
  const n = Math.hypot(...q);
  return q.map((x) => x / n) as [number, number, number, number];
}

function segmentPointDistance(core: Core, p: Vec3): number {
  const d = sub(core.to, core.from), dd = dot(d, d);
  const t = dd > 0 ? Math.max(0, Math.min(1, dot(sub(p, core.from), d) / dd)) : 0;
  return length(sub(p, add(core.from, d, t)));
}

function repro(name: string, config: HullCapsuleConfig, property: string, message: string): string {
  const list = (v: readonly number[]) => `[${v.join(', ')}]`;
  return [
    '```ts',
    `import { Capsule, CollisionData, ConvexHull, ${name} } from '@contactkit/contacts3d';`,
    `const a = ConvexHull.fromPoints(${
      list(config.points.map(list) as unknown as number[])
    }).setPose(${list(config.hullPosition)}, ${list(config.hullQuaternion)});`,
    `const b = new Capsule(${config.radius}, ${config.halfLength}).setPose(${
      list(config.position)
    }, ${list(config.quaternion)});`,
    ...(name.startsWith('collide')
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

/** The subjects: the detector (or a planted defect's wrapper of it) and its overlap test. */
export function hullCapsuleSubjects(
  detector: HullCapsuleDetector = collideConvexHullCapsule,
): Subject<HullCapsuleConfig>[] {
  return [
    {
      name: 'collideConvexHullCapsule',
      dimension: '3d',
      regimes: REGIMES,
      generate,
      properties: detectorProperties(detector),
      repro: (config, property, message) =>
        repro('collideConvexHullCapsule', config, property, message),
    },
    {
      name: 'overlapConvexHullCapsule',
      dimension: '3d',
      regimes: REGIMES,
      generate,
      properties: [
        {
          name: 'overlap-agrees-with-oracle',
          check(config) {
            const [hull, capsule] = build(config);
            const result = overlapConvexHullCapsule(hull, capsule), shell = shellOf(config);
            const { gap, depth } = measure(config);
            if (!result && depth > shell) return `false, but the shapes overlap by ${depth}`;
            if (result && gap > shell) return `true, but the shapes are ${gap} apart`;
            return null;
          },
        },
        {
          name: 'overlap-agrees-with-detector',
          check(config) {
            const [hull, capsule] = build(config);
            const result = overlapConvexHullCapsule(hull, capsule),
              count = run(config, collideConvexHullCapsule).contacts.length;
            return result === count > 0
              ? null
              : `${result}, but the detector wrote ${count} contact(s)`;
          },
        },
      ],
      repro: (config, property, message) =>
        repro('overlapConvexHullCapsule', config, property, message),
    },
  ];
}
