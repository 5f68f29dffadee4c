/**
 * The subjects against static level geometry: a moving shape (sphere and capsule today; box and
 * hull drawn and measured already) against a `TriangleMesh` or a `Heightfield`, through the named
 * detector, `collide` in both argument orders, and `overlap` in both orders. The shapes are drawn
 * by mesh-surfaces3d.ts, measured by mesh-oracle3d.ts (brute force over every triangle, no code
 * shared with the detectors).
 *
 * A pair joins by one line in `MESH_PAIRS` (its moving shape has its entry in `MOVING`: its
 * drawing, its construction, its size and the core point a contact stands for); a listed detector
 * that contacts3d does not export is skipped with a message, so the list may name pairs before
 * they land.
 */
import * as contacts3d from '@contactkit/contacts3d';
import {
  type AnyPrimitive,
  Box,
  Capsule,
  collide,
  CollisionData,
  ConvexHull,
  Heightfield,
  overlap,
  Sphere,
  TriangleMesh,
} from '@contactkit/contacts3d';
import type { Random } from '@contactkit/test-support';
import {
  add,
  closest,
  type Closest,
  closestOnSegment,
  buildCore,
  type Core,
  coreOf,
  columnLow,
  coreSegmentDistance,
  centroidOf,
  depthBelow,
  roundedColumnLow,
  roundedDepthBelow,
  shrunk,
  distanceToFeature,
  distanceToPlane,
  dot,
  featureDepth,
  heightAt,
  length,
  localTriangles,
  type MovingData,
  outsideCone,
  ownFaceOutsideCone,
  outsideColumn,
  outsidePrism,
  placer,
  type Quat,
  shapeSurfaceDistance,
  type StaticData,
  sub,
  surfaceOf,
  type Surface,
  unit,
  unplacer,
} from './mesh-oracle3d.js';
import { drawStatic, type SurfaceKind } from './mesh-surfaces3d.js';
import { axesOf, type Vec3 } from './oracle3d.js';
import { multiply } from './shapes3d.js';
import { finiteProblem, PRINT_CONTACTS } from './written.js';
import type { Property, Subject } from './suite.js';

/** A moving shape against a static one. */
export interface MeshConfig {
  readonly fixed: StaticData;
  readonly moving: MovingData;
}

/** A detector of the family: the moving shape first, the static one second. */
export type MeshDetector = (
  moving: AnyPrimitive,
  fixed: AnyPrimitive,
  data: CollisionData,
) => number;

/** One pair: the detector's name as contacts3d exports it, and the two shapes. */
export interface MeshPair {
  readonly detector: string;
  readonly moving: keyof typeof MOVING;
  readonly fixed: 'TriangleMesh' | 'Heightfield';
}

/** What the suite needs of a moving shape. */
interface MovingShape {
  /** Its size parameters, about `size` across. */
  draw(random: Random, size: number): Omit<MovingData, 'position' | 'quaternion'>;
  build(m: MovingData): AnyPrimitive;
  /** TypeScript that builds it (before `.setPose`). */
  source(m: MovingData): string;
  /** Its largest extent from its centre. */
  size(m: MovingData): number;
  /**
   * The point of its core a contact stands for: the centre, a capsule's end its feature id
   * names or else the core's point nearest the contact's witness; a polytope's witness itself.
   */
  corePoint(core: Core, c: Found): Vec3;
}

const list = (v: readonly number[]) => `[${v.join(', ')}]`;

/** A polytope's contact stands for its witness on the shape. */
const witnessOnShape = (_core: Core, c: Found): Vec3 => add(c.point, c.normal, -c.penetration / 2);

/**
 * The library's hull of a hull's points, built once per point set and posed per call (its
 * geometry is fixed; a pose setter moves it), as `buildFixed` builds the static shape once.
 */
const builtHulls = new WeakMap<readonly Vec3[], ConvexHull>();

/** Every moving shape. */
const MOVING: Record<'Sphere' | 'Capsule' | 'Box' | 'ConvexHull', MovingShape> = {
  Sphere: {
    draw: (_random, size) => ({ kind: 'sphere', radius: size, halfLength: 0 }),
    build: (m) => new Sphere(m.radius).setPose(m.position, m.quaternion),
    source: (m) => `new Sphere(${m.radius})`,
    size: (m) => m.radius,
    corePoint: (core) => core.points[0]!,
  },
  Capsule: {
    draw: (random, size) => ({
      kind: 'capsule',
      radius: size * random.range(0.2, 1),
      halfLength: random.chance(0.1) ? 0 : size * random.range(0.1, 3),
    }),
    build: (m) => new Capsule(m.radius, m.halfLength).setPose(m.position, m.quaternion),
    source: (m) => `new Capsule(${m.radius}, ${m.halfLength})`,
    size: (m) => m.radius + m.halfLength,
    corePoint(core, c) {
      const first = Math.floor(c.featureId / 2 ** 26), from = core.points[0]!;
      const to = core.points[core.points.length - 1]!;
      if (first === 1) return from;
      if (first === 2) return to;
      return closestOnSegment(add(witnessOnShape(core, c), c.normal, core.radius), from, to);
    },
  },
  Box: {
    draw: (random, size) => ({
      kind: 'box',
      radius: 0,
      halfLength: 0,
      half: [0, 1, 2].map(() =>
        size * (random.chance(0.1) ? random.logRange(1e-3, 1e-2) : random.range(0.2, 1))
      ) as unknown as Vec3,
    }),
    build: (m) => new Box(m.half!).setPose(m.position, m.quaternion),
    source: (m) => `new Box(${list(m.half!)})`,
    size: (m) => Math.hypot(...m.half!),
    corePoint: witnessOnShape,
  },
  ConvexHull: {
    // 4 to 20 points in a ball, or 8 to 24 on an ellipsoid (a design the oracle's hull takes whole).
    draw(random, size) {
      const round = random.chance(0.5);
      const axes = [1, random.range(0.1, 1), random.range(0.1, 1)];
      const points = Array.from({ length: round ? 8 + random.int(17) : 4 + random.int(17) }, () => {
        const [x, y, z] = random.unitVector(), r = round ? size : size * random.range(0.3, 1);
        return [x * r * axes[0]!, y * r * axes[1]!, z * r * axes[2]!] as Vec3;
      });
      return { kind: 'hull', radius: 0, halfLength: 0, points };
    },
    build(m) {
      let hull = builtHulls.get(m.points!);
      if (!hull) builtHulls.set(m.points!, hull = ConvexHull.fromPoints(m.points as Vec3[]));
      return hull.setPose(m.position, m.quaternion);
    },
    source: (m) => `ConvexHull.fromPoints(${list(m.points!.map(list) as unknown as number[])})`,
    size: (m) => Math.max(...m.points!.map((p) => length(p))),
    corePoint: witnessOnShape,
  },
};

/** The entry of `MOVING` for a moving shape. */
function shapeOf(m: MovingData): MovingShape {
  return m.kind === 'sphere'
    ? MOVING.Sphere
    : m.kind === 'capsule'
    ? MOVING.Capsule
    : m.kind === 'box'
    ? MOVING.Box
    : MOVING.ConvexHull;
}

/** The mesh pairs: each moving shape against a triangle mesh and a heightfield. */
export const MESH_PAIRS: readonly MeshPair[] = [
  { detector: 'collideSphereTriangleMesh', moving: 'Sphere', fixed: 'TriangleMesh' },
  { detector: 'collideCapsuleTriangleMesh', moving: 'Capsule', fixed: 'TriangleMesh' },
  { detector: 'collideSphereHeightfield', moving: 'Sphere', fixed: 'Heightfield' },
  { detector: 'collideCapsuleHeightfield', moving: 'Capsule', fixed: 'Heightfield' },
  { detector: 'collideBoxTriangleMesh', moving: 'Box', fixed: 'TriangleMesh' },
  { detector: 'collideConvexHullTriangleMesh', moving: 'ConvexHull', fixed: 'TriangleMesh' },
  { detector: 'collideBoxHeightfield', moving: 'Box', fixed: 'Heightfield' },
  { detector: 'collideConvexHullHeightfield', moving: 'ConvexHull', fixed: 'Heightfield' },
];

/** How a regime places the moving shape. */
type Placement =
  | 'rest'
  | 'mix'
  | 'touching'
  | 'tiny-offset'
  | 'deep'
  | 'vertex'
  | 'edge'
  | 'boundary'
  | 'identical'
  | 'sunk';

interface Regime {
  surfaces: readonly SurfaceKind[];
  placement: Placement;
  mixed?: boolean;
  far?: boolean;
}

const ANY_MESH: SurfaceKind[] = ['flat-grid', 'flat-fan', 'flat-split', 'folded', 'steps'];
const ANY_FIELD: SurfaceKind[] = [
  'field-flat',
  'field-terrain',
  'field-holes',
  'field-extreme',
  'field-steps',
];

const MESH_REGIMES: Record<string, Regime> = {
  'flat-grid': { surfaces: ['flat-grid'], placement: 'rest' },
  'flat-fan': { surfaces: ['flat-fan'], placement: 'rest' },
  'flat-split': { surfaces: ['flat-split'], placement: 'rest' },
  'near-duplicate': { surfaces: ['near-duplicate'], placement: 'rest' },
  folded: { surfaces: ['folded'], placement: 'mix' },
  steps: { surfaces: ['steps'], placement: 'mix' },
  'two-sided': { surfaces: ['two-sided'], placement: 'mix' },
  'on-vertex': { surfaces: ANY_MESH, placement: 'vertex' },
  'on-edge': { surfaces: ANY_MESH, placement: 'edge' },
  boundary: { surfaces: ANY_MESH, placement: 'boundary' },
  touching: { surfaces: ANY_MESH, placement: 'touching' },
  'tiny-offset': { surfaces: ANY_MESH, placement: 'tiny-offset' },
  deep: { surfaces: ANY_MESH, placement: 'deep' },
  identical: { surfaces: ANY_MESH, placement: 'identical' },
  'mixed-sizes': { surfaces: ANY_MESH, placement: 'mix', mixed: true },
  'far-1e5': { surfaces: ANY_MESH, placement: 'mix', far: true },
};

const FIELD_REGIMES: Record<string, Regime> = {
  flat: { surfaces: ['field-flat'], placement: 'rest' },
  terrain: { surfaces: ['field-terrain'], placement: 'mix' },
  holes: { surfaces: ['field-holes'], placement: 'mix' },
  'hole-border': { surfaces: ['field-holes'], placement: 'boundary' },
  'extreme-heights': { surfaces: ['field-extreme'], placement: 'mix' },
  steps: { surfaces: ['field-steps'], placement: 'mix' },
  'on-vertex': { surfaces: ANY_FIELD, placement: 'vertex' },
  'on-edge': { surfaces: ANY_FIELD, placement: 'edge' },
  touching: { surfaces: ANY_FIELD, placement: 'touching' },
  'tiny-offset': { surfaces: ANY_FIELD, placement: 'tiny-offset' },
  deep: { surfaces: ANY_FIELD, placement: 'deep' },
  identical: { surfaces: ANY_FIELD, placement: 'identical' },
  'mixed-sizes': { surfaces: ANY_FIELD, placement: 'mix', mixed: true },
  'far-1e5': { surfaces: ANY_FIELD, placement: 'mix', far: true },
  sunk: { surfaces: ['field-flat', 'field-terrain', 'field-holes'], placement: 'sunk' },
};

/** The library's static shape of the configuration, built once per surface and posed. */
const builtFixed = new WeakMap<object, AnyPrimitive>();
function buildFixed(fixed: StaticData): AnyPrimitive {
  const s = fixed.surface;
  let shape = builtFixed.get(s);
  if (!shape) {
    shape = s.kind === 'mesh'
      ? new TriangleMesh(s.vertices, s.indices, { twoSided: s.twoSided })
      : new Heightfield(
        s.rows,
        s.columns,
        s.heights,
        s.cellSize,
        s.holes ? { holes: s.holes } : {},
      );
    builtFixed.set(s, shape);
  }
  return shape.setPose(fixed.position, fixed.quaternion);
}

/** A quaternion turning local y onto the unit direction d. */
function alongDirection(d: Vec3): Quat {
  const l = Math.hypot(d[0], d[1] + 1, d[2]);
  return l < 1e-12 ? [1, 0, 0, 0] : [d[2] / l, 0, -d[0] / l, (d[1] + 1) / l];
}

const rotateBy = (q: Quat) => {
  const [x, y, z] = axesOf(q);
  return (v: Vec3): Vec3 => [
    x[0] * v[0] + y[0] * v[1] + z[0] * v[2],
    x[1] * v[0] + y[1] * v[1] + z[1] * v[2],
    x[2] * v[0] + y[2] * v[1] + z[2] * v[2],
  ];
};

/** A local point on the surface and the local direction the shape comes from. */
function anchor(
  random: Random,
  fixed: StaticData,
  placement: Placement,
): { point: Vec3; up: Vec3; } | null {
  const triangles = localTriangles(fixed.surface);
  if (triangles.length === 0) return null;
  const tilted = (): Vec3 => {
    const [x, y, z] = random.unitVector();
    const l = Math.hypot(x, Math.abs(y) + 0.3, z);
    return [x / l, (Math.abs(y) + 0.3) / l, z / l];
  };
  const up: Vec3 = [0, 1, 0];
  const surface = surfaceOf(fixed);
  if (placement === 'vertex' || placement === 'edge' || placement === 'boundary') {
    let choices = triangles.flatMap((t, i) => [0, 1, 2].map((k) => ({ t, i, k })));
    if (placement === 'boundary') {
      choices = choices.filter(({ i, k }) => surface.triangles[i]!.neighbour[k] === -1);
      if (choices.length === 0) return null;
    }
    const { t, k } = random.pick(choices);
    const a = t.corners[k]!, b = t.corners[(k + 1) % 3]!;
    const f = placement === 'vertex' || (placement === 'boundary' && random.chance(0.3))
      ? 0
      : random.range(0.05, 0.95);
    return { point: add(a, sub(b, a), f), up: random.chance(0.5) ? up : tilted() };
  }
  for (let attempt = 0; attempt < 8; attempt++) {
    let x: number, z: number;
    if (fixed.flat && placement === 'rest') {
      const [x0, z0, x1, z1] = fixed.flat.region;
      x = random.range(x0, x1);
      z = random.range(z0, z1);
    } else {
      const t = random.pick(triangles).corners;
      const u = random.next(), w = random.next() * (1 - u);
      x = t[0][0] + u * (t[1][0] - t[0][0]) + w * (t[2][0] - t[0][0]);
      z = t[0][2] + u * (t[1][2] - t[0][2]) + w * (t[2][2] - t[0][2]);
    }
    const h = heightAt(fixed, x, z);
    if (h === null) continue;
    const two = fixed.surface.kind === 'mesh' && fixed.surface.twoSided && random.chance(0.5);
    return {
      point: [x, h, z],
      up: placement === 'mix' && random.chance(0.3) ? tilted() : two ? [0, -1, 0] : up,
    };
  }
  return null;
}

/**
 * Where the shape moving along its approach starts to touch: adjacent doubles low < high, the
 * shape meeting the surface at low (`gap(low) <= 0`) and apart at high, from a bracket of the
 * two. Bisection takes some 55 steps to get there; the gap measured at each apart probe (the
 * core's distance less the radius) lets most steps go further. Moving by dt moves every point of
 * the shape by |dt|, so the gap changes by at most |dt|: the touching point lies at least the
 * gap below an apart probe; and a secant through the last two apart probes is exact where the
 * nearest feature is flat. Each probe aims a nudge past that estimate toward the side the last
 * probe did not land on (the nudge from a few units of round-off, eightfold while the probes
 * keep landing on one side), so that both ends close in; a bracket that two probes did not halve
 * is bisected. Every probe is classified by measuring it, so an estimate's error costs steps,
 * never the bracket.
 */
function touchingBracket(
  low: number,
  high: number,
  gap: (t: number) => number,
): [number, number] {
  let last: { t: number; g: number; } | null = null, latest = { t: high, g: gap(high) };
  const unit = () => 4 * Number.EPSILON * Math.max(Math.abs(low), Math.abs(high));
  let nudge = unit(), inside = false, width = high - low, stalled = 0;
  for (let k = 0; k < 200; k++) {
    const middle = 0.5 * (low + high);
    if (middle === low || middle === high) break;
    let t = middle;
    if (stalled < 2 && Number.isFinite(latest.g)) {
      const secant = last && latest.g !== last.g
        ? latest.t - latest.g * (latest.t - last.t) / (latest.g - last.g)
        : Infinity;
      const estimate = Math.max(Math.min(secant, latest.t - latest.g), low);
      t = Math.min(inside ? estimate + nudge : estimate - nudge, high - nudge);
      if (t <= low) t = low + nudge;
      if (!(t > low && t < high)) t = middle;
    }
    const g = gap(t), landedInside = g <= 0;
    nudge = landedInside === inside ? 8 * nudge : unit();
    inside = landedInside;
    if (inside) low = t;
    else (high = t, last = latest, latest = { t, g });
    if (high - low <= 0.5 * width) (width = high - low, stalled = 0);
    else stalled = t === middle ? 0 : stalled + 1;
  }
  return [low, high];
}

function generateWith(pair: MeshPair, regimes: Record<string, Regime>) {
  return (name: string, random: Random): MeshConfig | null => {
    const regime = regimes[name]!;
    const scale = regime.mixed ? random.logRange(1e-3, 1e3) : random.range(1, 4);
    const fixed = drawStatic(random, random.pick(regime.surfaces), scale, !!regime.far);
    const size = regime.mixed
      ? random.logRange(1e-3, 1e3)
      : scale * random.logRange(0.01, 0.5);
    const shape = MOVING[pair.moving].draw(random, size);
    if (regime.placement === 'identical') {
      return {
        fixed,
        moving: { ...shape, position: fixed.position, quaternion: fixed.quaternion },
      };
    }
    const at = anchor(random, fixed, regime.placement);
    if (!at) return null;
    const place = placer(fixed.position, fixed.quaternion);
    const turn = rotateBy(fixed.quaternion);
    const point = place(at.point), up = turn(at.up);
    // Orientation: any, lying across the approach, or along it; the anchor meets the centre or an end.
    const style = random.int(3);
    let axis: Vec3 = random.unitVector();
    if (style === 1) {
      const side = random.unitVector();
      const t = sub(side, [up[0] * dot(side, up), up[1] * dot(side, up), up[2] * dot(side, up)]);
      axis = [t[0] / length(t), t[1] / length(t), t[2] / length(t)];
    } else if (style === 2) axis = up;
    const polytope = shape.kind === 'box' || shape.kind === 'hull';
    const quaternion = polytope && style === 0 ? random.rotation() : alongDirection(axis);
    const end = shape.halfLength > 0 && random.chance(0.3) ? random.sign() * shape.halfLength : 0;
    const at0 = add(point, axis, -end);
    const configAt = (t: number): MeshConfig => ({
      fixed,
      moving: { ...shape, position: add(at0, up, t), quaternion },
    });
    const whole = surfaceOf(fixed), extent = MOVING[pair.moving].size(configAt(0).moving);
    let surface = whole;
    const meets = (t: number) =>
      closest(surface, buildCore(configAt(t).moving), shape.radius * 1.5 + 1e-9 * extent)
        .distance <=
        shape.radius;
    let high = 2 * extent + whole.extent, highMeets = meets(high);
    for (let k = 0; k < 6 && highMeets; k++) highMeets = meets(high *= 4);
    let low = 0;
    if (!meets(low) || highMeets) return null;
    // The search needs only the triangles within reach of the shape between the two.
    const swept = [
      ...buildCore(configAt(low).moving).points,
      ...buildCore(configAt(high).moving).points,
    ];
    const margin = 1.5 * shape.radius + 1e-6 * extent;
    const upper = [0, 1, 2].map((i) => Math.max(...swept.map((p) => p[i]!)) + margin);
    const lower = [0, 1, 2].map((i) => Math.min(...swept.map((p) => p[i]!)) - margin);
    surface = {
      ...whole,
      triangles: whole.triangles.filter((t) =>
        [0, 1, 2].every((i) => t.box[i]! <= upper[i]! && t.box[3 + i]! >= lower[i]!)
      ),
    };
    const gapAt = (t: number) =>
      closest(surface, buildCore(configAt(t).moving)).distance - shape.radius;
    [low, high] = touchingBracket(low, high, gapAt);
    // How deep a placement goes: a rounded shape's radius, a polytope's size.
    const r = shape.radius > 0 ? shape.radius : extent, p = regime.placement;
    const kind = p === 'mix'
      ? random.pick(['near', 'touching', 'rest', 'deep'] as const)
      : p === 'vertex' || p === 'edge' || p === 'boundary'
      ? random.pick(['touching', 'rest'] as const)
      : p;
    if (kind === 'touching') return configAt(random.chance(0.5) ? low : high);
    if (kind === 'tiny-offset') {
      return configAt(low + random.sign() * (r + scale) * random.logRange(1e-12, 1e-8));
    }
    if (kind === 'rest') return configAt(low - r * random.range(0, 0.02));
    if (kind === 'deep') return configAt(low - r * random.range(0, 0.9));
    if (kind === 'sunk') return configAt(low - r * random.range(1.05, 1.9));
    return configAt(low + r * random.range(-0.5, 1.5));
  };
}

/** The measures of a configuration the properties share, each worked out once (per config). */
const measured = new WeakMap<MeshConfig, {
  sizes?: { size: number; reach: number; shell: number; };
  oracle?: { apart: boolean; overlapping: boolean; gap: number; };
  closest?: Closest;
  cracked?: boolean;
}>();
function measures(config: MeshConfig) {
  let m = measured.get(config);
  if (!m) measured.set(config, m = {});
  return m;
}

/** The pair's size, its largest coordinate, and the shell within which shapes count as touching. */
function sizes(config: MeshConfig): { size: number; reach: number; shell: number; } {
  const m = measures(config);
  return m.sizes ??= measureSizes(config);
}

function measureSizes(config: MeshConfig): { size: number; reach: number; shell: number; } {
  const surface = surfaceOf(config.fixed), m = config.moving;
  const size = shapeOf(m).size(m) + surface.extent;
  const reach = Math.max(surface.reach, ...m.position.map(Math.abs));
  return { size, reach, shell: 1e-9 * size + 1e-12 * reach };
}

interface Found {
  point: Vec3;
  normal: Vec3;
  penetration: number;
  featureId: number;
}

interface Outcome {
  contacts: Found[];
  returned: number;
  overflowed: boolean;
  error: unknown;
}

type Call = 'named' | 'collide' | 'collide-swapped';

function run(
  config: MeshConfig,
  detector: MeshDetector,
  pair: MeshPair,
  call: Call = 'named',
  buffer: { capacity?: number; maxContactsPerPair?: number; } = {},
): Outcome {
  try {
    const fixed = buildFixed(config.fixed);
    const moving = MOVING[pair.moving].build(config.moving);
    const data = new CollisionData({ capacity: 64, ...buffer });
    const returned = call === 'named'
      ? detector(moving, fixed, data)
      : call === 'collide'
      ? collide(moving, fixed, data)
      : collide(fixed, moving, data);
    const contacts = data.contacts.slice(0, data.contactCount).map((c) => ({
      point: [c.point[0]!, c.point[1]!, c.point[2]!] as Vec3,
      normal: [c.normal[0]!, c.normal[1]!, c.normal[2]!] as Vec3,
      penetration: c.penetration,
      featureId: c.featureId,
    }));
    return { contacts, returned, overflowed: data.overflowed, error: null };
  } catch (error) {
    return { contacts: [], returned: 0, overflowed: false, error };
  }
}

const fmt = (x: number) => Number(x.toPrecision(6));
const describe = (c: Found) =>
  `point (${c.point.map(fmt).join(', ')}) normal (${c.normal.map(fmt).join(', ')}) depth ${
    fmt(c.penetration)
  } feature ${c.featureId % 2 ** 26} (triangle ${Math.floor((c.featureId % 2 ** 26) / 8)}, local ${
    (c.featureId % 2 ** 26) % 8
  })`;

/** The mesh feature code of a contact (the second shape's, in canonical order). */
const meshCode = (c: Found) => c.featureId % 2 ** 26;

/** The config moved by x -> R(q) x + t, or scaled by `factor` about the origin. */
function transformed(config: MeshConfig, q: Quat, t: Vec3, factor: number): MeshConfig {
  const rotate = rotateBy(q);
  const move = (p: Vec3) => add(rotate([p[0] * factor, p[1] * factor, p[2] * factor]), t);
  const s = config.fixed.surface;
  const surface = factor === 1
    ? s
    : s.kind === 'mesh'
    ? { ...s, vertices: s.vertices.map((v) => v * factor) }
    : { ...s, heights: s.heights.map((h) => h * factor), cellSize: s.cellSize * factor };
  const flat = config.fixed.flat;
  return {
    fixed: {
      surface,
      position: move(config.fixed.position),
      quaternion: multiply(q, config.fixed.quaternion),
      flat: flat && {
        height: flat.height * factor,
        region: flat.region.map((x) => x * factor) as unknown as [number, number, number, number],
      },
    },
    moving: {
      ...config.moving,
      radius: config.moving.radius * factor,
      halfLength: config.moving.halfLength * factor,
      ...(factor !== 1 && config.moving.half
        ? { half: config.moving.half.map((h) => h * factor) as unknown as Vec3 }
        : {}),
      ...(factor !== 1 && config.moving.points
        ? { points: config.moving.points.map((p) => p.map((x) => x * factor) as unknown as Vec3) }
        : {}),
      position: move(config.moving.position),
      quaternion: multiply(q, config.moving.quaternion),
    },
  };
}

function deepest(list: Found[]): number {
  return list.length ? Math.max(...list.map((c) => c.penetration)) : -Infinity;
}

/** A rotation drawn from the configuration's size (deterministic per configuration). */
function quaternionOf(size: number): Quat {
  const a = (size * 1e6) % 1, b = (size * 1e9) % 1;
  const q = [Math.sin(6.28 * a), Math.cos(6.28 * b), 0.3, 0.9];
  const n = Math.hypot(...q);
  return q.map((x) => x / n) as unknown as Quat;
}

/**
 * Whether the oracle finds the shapes apart (beyond the shell) or overlapping (beyond it): a
 * mesh's from the front; a heightfield's also in its solid (DESIGN.md: the solid is below): a
 * core (a sphere's or capsule's, or a box or hull itself) with a part below the surface in a
 * triangle's column, which overlaps by its radius plus that part's depth below the plane, or a
 * sphere's or capsule's core in no column whose body reaches behind a plane in its column.
 */
function oracle(config: MeshConfig): { apart: boolean; overlapping: boolean; gap: number; } {
  const m = measures(config);
  return m.oracle ??= measureOracle(config);
}

/** The core's distance to the whole surface and whether it is in front (`closest`), once per config. */
function closestOf(config: MeshConfig): Closest {
  const m = measures(config);
  return m.closest ??= closest(surfaceOf(config.fixed), coreOf(config.moving));
}

function measureOracle(config: MeshConfig): { apart: boolean; overlapping: boolean; gap: number; } {
  const core = coreOf(config.moving), { shell } = sizes(config), surface = surfaceOf(config.fixed);
  // In a column by more than the shell (its walls moved in by it) and below by more: inside.
  const under = depthBelow(config.fixed, core, -shell);
  if (under > shell) return { apart: false, overlapping: true, gap: -(core.radius + under) };
  // In the solid or on it within the shell (the columns' walls moved out by it): not apart.
  const outer = depthBelow(config.fixed, core, shell);
  let onSolid = outer >= -shell;
  const { distance, inFront } = closestOf(config);
  if (core.faces.length === 0) {
    // A body reaching sideways into the solid under a triangle whose column the core does not
    // enter behind the plane (the core beside the grid, over holes, or over a cell in front and
    // down into a hole), by more than the shell below its plane: inside; within it: not apart
    // (FINDINGS.md F132, F160).
    if (config.fixed.surface.kind === 'heightfield') {
      const dip = roundedDepthBelow(config.fixed, core, -shell);
      if (dip > shell) return { apart: false, overlapping: true, gap: -dip };
      onSolid ||= roundedDepthBelow(config.fixed, core, shell) >= -shell;
    }
    return {
      apart: !onSolid && distance - core.radius > shell,
      overlapping: inFront && distance > shell && core.radius - distance > shell,
      gap: distance - core.radius,
    };
  }
  // A polytope overlaps beyond the shell when it still meets the surface shrunk by the shell
  // about its centroid, and overlaps from the front when its centroid is in front.
  const centre = centroidOf(core);
  const overlapping = distance === 0 && closest(surface, shrunk(core, 2 * shell)).distance === 0 &&
    closest(surface, { points: [centre], edges: [], faces: [], radius: 0 }).inFront;
  return { apart: !onSolid && distance > shell, overlapping, gap: overlapping ? -shell : distance };
}

/**
 * Whether a contact is measured against its triangle's face whatever feature its id names: its
 * normal is the face's, and the core point it stands for lies behind the face's plane (within
 * `tolerance`) in the triangle's prism (a capsule crossing the face, its end a prism wall cut
 * named by the edge or corner the wall stands on: that end must rise above the plane), or, on a
 * heightfield, in its column where the core's part in the column runs behind the plane (the
 * contacts of the solid below, as the contacts3d README documents them: both ends of that part,
 * the shallower one perhaps just in front).
 */
function measuredAsFace(config: MeshConfig, c: Found, tolerance: number): boolean {
  const surface = surfaceOf(config.fixed), at = surface.byIndex.get(Math.floor(meshCode(c) / 8));
  if (at === undefined) return false;
  const t = surface.triangles[at]!, core = coreOf(config.moving);
  if (length(sub(c.normal, t.n)) > 1e-6 + t.normalSlack) return false;
  const p = shapeOf(config.moving).corePoint(core, c);
  const behind = dot(t.n, sub(p, t.v[0])) <= tolerance;
  if (behind && outsidePrism(surface, meshCode(c), p) <= tolerance) return true;
  if (config.fixed.surface.kind !== 'heightfield') return false;
  if (outsideColumn(config.fixed, at, p) <= tolerance) {
    const low = columnLow(config.fixed, at, core, tolerance);
    if (low !== null && low < tolerance) return true;
  }
  // A sphere's or capsule's core not in this triangle's column behind its plane (by more than
  // the tolerance), its body reaching into the triangle's solid from beside it: anywhere in the
  // column for a core in no column (FINDINGS.md F132), else through an open wall (F160).
  if (core.faces.length > 0) return false;
  const inside = columnLow(config.fixed, at, core, -tolerance);
  if (inside !== null && inside < -tolerance) return false;
  const openOnly = depthBelow(config.fixed, core, -tolerance) !== -Infinity;
  const low = roundedColumnLow(config.fixed, at, core, tolerance, openOnly);
  return low !== null && low < tolerance;
}

/** The mesh feature a property measures a contact against (its triangle's face, see `measuredAsFace`). */
function judgedCode(config: MeshConfig, c: Found, tolerance: number): number {
  const code = meshCode(c);
  return code % 8 !== 0 && measuredAsFace(config, c, tolerance) ? code - (code % 8) : code;
}

/**
 * The widest crack a mesh's build closes anywhere in `surface` (contacts3d README, triangle meshes:
 * a millionth of the longer edge's length plus a hundred-millionth of the diagonal of the mesh's
 * box), bounded from above by taking the longest edge: a bound on how far a face reaches beyond
 * an edge closed as a crack (the gap across it, at most that width).
 */
function widestCrack(surface: Surface): number {
  let width = crackWidths.get(surface);
  if (width !== undefined) return width;
  const low = [Infinity, Infinity, Infinity], high = [-Infinity, -Infinity, -Infinity];
  for (const t of surface.triangles) {
    for (let i = 0; i < 3; i++) {
      low[i] = Math.min(low[i]!, t.box[i]!);
      high[i] = Math.max(high[i]!, t.box[3 + i]!);
    }
  }
  width = 1e-6 * surface.extent +
    1e-8 * Math.hypot(high[0]! - low[0]!, high[1]! - low[1]!, high[2]! - low[2]!);
  crackWidths.set(surface, width);
  return width;
}
const crackWidths = new WeakMap<Surface, number>();

/**
 * Whether point p, off the mesh feature `code` names, lies in a crack the build closes beside
 * it: beyond an edge of that feature (of the face, the edge itself, or an edge at the corner)
 * with no neighbour, within the crack width (and the tolerance) of that edge (and of the
 * corner), with an edge of another triangle running against it within the crack width of p
 * (across the crack). The contacts3d README makes this the contract: a face
 * reaches beyond an edge closed as a crack as far as the edges across lie from it (FINDINGS.md
 * F113), so a face contact's point, or the witness of a capsule's side cut by that edge's wall,
 * lies up to that far off the triangle, in the crack, which counts as the surface there. The
 * bound is the widest crack of the mesh, not the gap at p (the build's cover of the edge), so a
 * witness in the crack passes wherever the gap is narrower; the other triangle's edge within the
 * width keeps a point beyond a real border (no edge across) failing (FINDINGS.md F133, F134).
 * Exported for its test.
 */
export function inClosedCrack(
  config: MeshConfig,
  code: number,
  p: Vec3,
  tolerance: number,
): boolean {
  if (config.fixed.surface.kind !== 'mesh') return false;
  const surface = surfaceOf(config.fixed), at = surface.byIndex.get(Math.floor(code / 8));
  if (at === undefined) return false;
  const t = surface.triangles[at]!, reach = widestCrack(surface) + tolerance;
  const q = add(p, t.n, -dot(t.n, sub(p, t.v[0])));
  // The edges the feature lies on: all three for the face, its own for an edge, both at a corner.
  const local = code % 8, corner = local - 4;
  if (corner >= 0 && length(sub(q, t.v[corner]!)) > reach) return false;
  const edges = local === 0 ? [0, 1, 2] : local <= 3 ? [local - 1] : [corner, (corner + 2) % 3];
  for (const k of edges) {
    if (t.neighbour[k] !== -1) continue;
    const a = t.v[k]!, b = t.v[(k + 1) % 3]!;
    if (-dot(sub(q, a), t.inward[k]!) > reach) continue;
    if (length(sub(q, closestOnSegment(q, a, b))) > reach) continue;
    const along = unit(sub(b, a));
    const across = surface.triangles.some((u, i) =>
      i !== at && [0, 1, 2].some((m) => {
        const c = u.v[m]!, d = u.v[(m + 1) % 3]!;
        // Running against edge k (a crack's two sides run it opposite ways), within the width.
        return dot(unit(sub(d, c)), along) < -0.99 &&
          length(sub(q, closestOnSegment(q, c, d))) <= reach;
      })
    );
    if (across) return true;
  }
  return false;
}

/**
 * The first face contact whose core point lies outside its triangle's prism (beyond 100 shells),
 * if any; a heightfield's solid contact may lie in the column instead.
 */
function faceOffPrism(config: MeshConfig, contacts: readonly Found[]): Found | undefined {
  const tolerance = 100 * sizes(config).shell;
  return contacts.find((c) => meshCode(c) % 8 === 0 && offPrism(config, c, tolerance) > tolerance);
}

/**
 * How far a face contact's core point lies outside its triangle's prism (or column, for the
 * solid). A polytope's own-face contact (the triangle clipped against the polytope's face, its
 * normal that face's, not the triangle's: FINDINGS.md F25, F69) is measured on the mesh's side
 * instead: its witness on the triangle's plane must lie over the triangle, as the clip keeps it;
 * the polytope's witness lies along the face's normal, off the triangle's prism by the depth
 * times the tilt between the two normals.
 */
function offPrism(config: MeshConfig, c: Found, tolerance: number): number {
  const surface = surfaceOf(config.fixed), core = coreOf(config.moving);
  const ownFace = core.faces.length > 0 &&
    core.faces.some((f) => length(add(f.n, c.normal)) <= 1e-9);
  const witness = ownFace
    ? add(c.point, c.normal, c.penetration / 2)
    : shapeOf(config.moving).corePoint(core, c);
  const off = outsidePrism(surface, meshCode(c), witness);
  return off > tolerance &&
      (measuredAsFace(config, c, tolerance) ||
        inClosedCrack(config, meshCode(c), witness, tolerance))
    ? 0
    : off;
}

/** Per configuration, the outcome of each detector called plainly on it (`run`'s defaults). */
const plainRuns = new WeakMap<MeshConfig, Map<MeshDetector, Outcome>>();

/** `run(config, detector, pair)`, once per configuration and detector: the properties share it. */
function plainRun(config: MeshConfig, detector: MeshDetector, pair: MeshPair): Outcome {
  let runs = plainRuns.get(config);
  if (!runs) plainRuns.set(config, runs = new Map());
  let outcome = runs.get(detector);
  if (!outcome) runs.set(detector, outcome = run(config, detector, pair));
  return outcome;
}

function detectorProperties(detector: MeshDetector, pair: MeshPair): Property<MeshConfig>[] {
  const ok = (config: MeshConfig) => {
    const outcome = plainRun(config, detector, pair);
    return outcome.error === null ? outcome : undefined;
  };
  const withContacts = (config: MeshConfig) => {
    const outcome = ok(config);
    return outcome && outcome.contacts.length > 0 ? outcome : undefined;
  };
  const properties: Property<MeshConfig>[] = [
    {
      name: 'no-exception',
      check: (config) => {
        const outcome = plainRun(config, detector, pair);
        return outcome.error === null ? null : `threw ${String(outcome.error)}`;
      },
    },
    {
      name: 'finite',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        if (outcome.contacts.length > 8) {
          return `${outcome.contacts.length} contacts, more than maxContactsPerPair (8)`;
        }
        return finiteProblem(outcome.returned, outcome.contacts, describe);
      },
    },
    {
      name: 'ids-distinct',
      check(config) {
        const outcome = withContacts(config);
        if (!outcome) return undefined;
        const ids = outcome.contacts.map((c) => c.featureId);
        const twice = ids.find((id, i) => ids.indexOf(id) !== i);
        return twice === undefined ?
          null :
          `two contacts share feature id ${twice}: ${
            outcome.contacts.filter((c) => c.featureId === twice).map(describe).join('; ')
          }`;
      },
    },
    {
      name: 'contact-iff-overlap',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const { apart, overlapping, gap } = oracle(config);
        if (outcome.contacts.length > 0 && apart) {
          return `${outcome.contacts.length} contact(s) (${
            describe(outcome.contacts[0]!)
          }), but the shapes are ${gap} apart`;
        }
        if (outcome.contacts.length === 0 && overlapping) {
          return `no contact, but the shapes overlap by ${-gap} (the core in front of the surface${
            pair.fixed === 'Heightfield' ? ', or in the solid below it' : ''
          })`;
        }
        return null;
      },
    },
    // A heightfield has no cracks: its grid shares every edge.
    ...(pair.fixed === 'TriangleMesh' ? [false, true] : [false]).map((
      cracked,
    ): Property<MeshConfig> => ({
      name: cracked ? 'flat-floor-cracked' : 'flat-floor',
      check(config) {
        const flat = config.fixed.flat;
        if (!flat) return undefined;
        const outcome = ok(config);
        if (!outcome) return undefined;
        const { shell, reach } = sizes(config), core = coreOf(config.moving), r = core.radius;
        // A polytope has no radius: its size stands in for one in the tolerances, and its reach
        // is the 2% of its size a resting placement sinks it by.
        const polytope = core.faces.length > 0;
        const extent = polytope ? shapeOf(config.moving).size(config.moving) : r;
        const within = (polytope ? 0.02 * extent : 1.01 * r) + shell;
        // A crack: an edge with one triangle inside the floor, within the shape's reach (a
        // triangle of zero area dropped beside it, or copies of a vertex that are not equal).
        const surface = surfaceOf(config.fixed), m = measures(config);
        const crack = m.cracked ??= surface.triangles.some((t) =>
          t.neighbour.some((u, k) => {
            if (u >= 0) return false;
            return coreSegmentDistance(core, t.v[k]!, t.v[(k + 1) % 3]!, within) < within;
          })
        );
        if (crack !== cracked) return undefined;
        const toLocal = unplacer(config.fixed.position, config.fixed.quaternion);
        const ends = core.points.map(toLocal);
        const [x0, z0, x1, z1] = flat.region;
        const low = Math.min(...ends.map((p) => p[1] - flat.height));
        // Only over the interior: no boundary edge within the shape's reach. A polytope sunk by
        // -low is freed across a boundary edge nearer than that by less than its depth, a normal
        // in the edge's cone (the half-space beyond it), as a slab's side would free it
        // (FINDINGS.md F127): its reach is its depth.
        const margin = polytope ? Math.max(0, -low) : r;
        if (
          !ends.every((p) =>
            p[0] - margin > x0 && p[0] + margin < x1 && p[2] - margin > z0 && p[2] + margin < z1
          )
        ) {
          return undefined;
        }
        // A rounded shape's core above the floor; a polytope's centroid (it is not sunk through).
        const above = polytope ? toLocal(centroidOf(core))[1] - flat.height : low;
        if (!(above > shell)) return undefined;
        const truth = r - low;
        const up = rotateBy(config.fixed.quaternion)([0, 1, 0]);
        const angle = 1e-9 + 1e-14 * reach / extent;
        for (const c of outcome.contacts) {
          const off = length(sub(c.normal, up));
          if (off > angle) return `normal ${off} rad off the floor's (a ghost): ${describe(c)}`;
          if (c.penetration > truth + 10 * shell) {
            return `depth ${c.penetration}, deeper than the true ${truth}: ${describe(c)}`;
          }
        }
        if (truth > 10 * shell && !(Math.abs(deepest(outcome.contacts) - truth) <= 10 * shell)) {
          return `deepest depth ${
            deepest(outcome.contacts)
          }, the true depth ${truth} (${outcome.contacts.length} contacts)`;
        }
        return null;
      },
    })),
    {
      name: 'ghost-rule',
      check(config) {
        const outcome = withContacts(config);
        if (!outcome) return undefined;
        const { reach } = sizes(config), surface = surfaceOf(config.fixed);
        // The normal's round-off: the reach's over the length it is measured across, the core's
        // distance from the feature for a rounded shape, a polytope's size (its edges and faces).
        const core = coreOf(config.moving), polytope = core.faces.length > 0;
        for (const c of outcome.contacts) {
          const distance = polytope
            ? shapeOf(config.moving).size(config.moving)
            : Math.max(config.moving.radius - c.penetration, 1e-300);
          const angle = 1e-6 + 1e-13 * reach / distance;
          // A polytope's own face as the reference (the triangle clipped against it): the README
          // applies the rule to that face's normal as an axis, at the triangle's feature nearest
          // the face, not to each clip point's feature, which may be an edge or corner the normal
          // is not perpendicular to (FINDINGS.md F25).
          const ownFace = polytope &&
            core.faces.some((f) => length(add(f.n, c.normal)) <= angle);
          const why = ownFace
            ? ownFaceOutsideCone(surface, meshCode(c), c.normal, angle)
            : outsideCone(surface, meshCode(c), c.normal, angle);
          if (why) return `${why}: ${describe(c)}`;
        }
        return null;
      },
    },
    {
      name: 'witness-on-surface',
      check(config) {
        const outcome = withContacts(config);
        if (!outcome) return undefined;
        const tolerance = 100 * sizes(config).shell, surface = surfaceOf(config.fixed);
        const core = coreOf(config.moving);
        for (const c of outcome.contacts) {
          const onShape = add(c.point, c.normal, -c.penetration / 2);
          const onMesh = add(c.point, c.normal, c.penetration / 2);
          const code = judgedCode(config, c, tolerance);
          // A face's witness on its plane here; whether it lies over the triangle is face-in-prism's.
          const offMesh = code % 8 === 0
            ? distanceToPlane(surface, code, onMesh)
            : distanceToFeature(surface, code, onMesh);
          if (offMesh > tolerance && !inClosedCrack(config, code, onMesh, tolerance)) {
            return `witness on the mesh ${offMesh} off the feature it names: ${describe(c)}`;
          }
          // A polytope's witness on its surface; a rounded shape's the radius from the core point.
          const offShape = core.faces.length > 0
            ? shapeSurfaceDistance(core, onShape)
            : length(
              sub(add(onShape, c.normal, core.radius), shapeOf(config.moving).corePoint(core, c)),
            );
          if (offShape > tolerance) {
            return `witness on the shape ${offShape} off its surface at the core point the contact names: ${
              describe(c)
            }`;
          }
        }
        return null;
      },
    },
    {
      name: 'face-in-prism',
      check(config) {
        const outcome = withContacts(config);
        if (!outcome || !outcome.contacts.some((c) => meshCode(c) % 8 === 0)) return undefined;
        const c = faceOffPrism(config, outcome.contacts);
        if (!c) return null;
        const off = offPrism(config, c, 100 * sizes(config).shell);
        return `a face contact whose core point lies ${off} outside its triangle's prism${
          pair.fixed === 'Heightfield' ? ' (and is not a contact of the solid in its column)' : ''
        }: ${describe(c)}`;
      },
    },
    ...(['frees', 'minimal'] as const).map((which): Property<MeshConfig> => ({
      name: `depth-${which}`,
      check(config) {
        const outcome = withContacts(config);
        if (!outcome) return undefined;
        const { shell } = sizes(config), surface = surfaceOf(config.fixed);
        const core = coreOf(config.moving);
        for (const c of outcome.contacts) {
          const truth = featureDepth(
            surface,
            judgedCode(config, c, 100 * shell),
            shapeOf(config.moving).corePoint(core, c),
            core.radius,
            c.normal,
          );
          const slack = 0.02 * Math.abs(c.penetration) + 10 * shell;
          if (which === 'frees' && truth - c.penetration > slack) {
            return `moving by 1.02 x depth along the normal leaves the features it names ${
              truth - c.penetration
            } deep: ${describe(c)}`;
          }
          if (which === 'minimal' && c.penetration - truth > slack) {
            return `0.98 x depth already frees the features it names (they overlap by ${truth}): ${
              describe(c)
            }`;
          }
        }
        return null;
      },
    })),
    {
      name: 'swap-symmetric',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const { shell } = sizes(config);
        const same = run(config, detector, pair, 'collide');
        const swapped = run(config, detector, pair, 'collide-swapped');
        for (
          const [other, sign, label] of [
            [same, 1, 'collide(shape, mesh)'],
            [swapped, -1, 'collide(mesh, shape)'],
          ] as const
        ) {
          if (other.error !== null) return `${label} threw ${String(other.error)}`;
          if (other.contacts.length !== outcome.contacts.length) {
            return `${outcome.contacts.length} contact(s) from ${pair.detector}, ` +
              `${other.contacts.length} from ${label}`;
          }
          for (const c of outcome.contacts) {
            const partner = other.contacts.find((s) =>
              s.featureId === c.featureId && length(sub(s.point, c.point)) <= shell &&
              Math.abs(s.penetration - c.penetration) <= shell &&
              length(add(s.normal, c.normal, -sign)) <= 1e-12
            );
            if (!partner) return `no partner from ${label} for ${describe(c)}`;
          }
        }
        return null;
      },
    },
    {
      name: 'buffer-overflow',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        if (outcome.overflowed) return 'overflowed with room to spare';
        const count = outcome.contacts.length;
        if (count < 2) return undefined;
        const short = run(config, detector, pair, 'named', { capacity: count - 1 });
        if (short.contacts.length !== count - 1 || !short.overflowed) {
          return `room for ${
            count - 1
          } of ${count}: wrote ${short.contacts.length}, overflowed ${short.overflowed}`;
        }
        // Depths equal to round-off are a tie the reduction may break toward a corner
        // (mesh-manifold.ts): the deepest kept is the deepest within the shell.
        if (deepest(short.contacts) < deepest(outcome.contacts) - sizes(config).shell) {
          return `room for ${count - 1} of ${count}: the deepest (${
            deepest(outcome.contacts)
          }) not kept`;
        }
        const limited = run(config, detector, pair, 'named', { maxContactsPerPair: count - 1 });
        if (limited.contacts.length !== count - 1 || limited.overflowed) {
          return `maxContactsPerPair ${
            count - 1
          } of ${count}: wrote ${limited.contacts.length}, overflowed ${limited.overflowed}`;
        }
        return null;
      },
    },
    ...(['rigid', 'scale'] as const).map((which): Property<MeshConfig> => ({
      name: `${which}-invariant`,
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const { size, shell } = sizes(config);
        // A core on or through a one-sided surface has no depth to keep: which side round-off puts
        // it on decides (FINDINGS.md F12).
        const core = coreOf(config.moving);
        if (!(closestOf(config).distance > 1e-6 * core.radius + shell)) {
          return undefined;
        }
        const factor = which === 'scale' ? [1e-3, 0.1, 7, 1e3][Math.floor(size * 1e6) % 4]! : 1;
        const q = which === 'rigid' ? quaternionOf(size) : ([0, 0, 0, 1] as const);
        const t: Vec3 = which === 'rigid' ? [3 * size, -7 * size, 5 * size] : [0, 0, 0];
        const moved = transformed(config, q, t, factor);
        const after = run(moved, detector, pair);
        if (after.error !== null) return `threw after the ${which} change: ${String(after.error)}`;
        const d0 = deepest(outcome.contacts) * factor, d1 = deepest(after.contacts);
        // The moved pair's shell without measuring its surface again: its size scales, its
        // coordinates reach at most the moved origin's distance plus the scaled reach.
        const movedShell = 1e-9 * size * factor +
          1e-12 * (length(t) + factor * sizes(config).reach);
        const tolerance = 1e3 * Math.max(shell * factor, movedShell);
        if (d0 === -Infinity && d1 === -Infinity) return null;
        if (Math.max(d0, d1) <= tolerance || Math.abs(d0 - d1) <= tolerance) return null;
        // A face contact off its triangle (FINDINGS.md F13, face-in-prism's to report) comes and
        // goes with round-off: not a second failure here.
        if (faceOffPrism(config, outcome.contacts) || faceOffPrism(moved, after.contacts)) {
          return undefined;
        }
        return `deepest penetration ${d0} (scaled) before, ${d1} after ` +
          `(${outcome.contacts.length} and ${after.contacts.length} contacts)`;
      },
    })),
  ];
  if (pair.fixed === 'Heightfield') {
    properties.push({
      name: 'solid-below',
      check(config) {
        const outcome = ok(config);
        if (!outcome) return undefined;
        const core = coreOf(config.moving), { shell } = sizes(config);
        const toLocal = unplacer(config.fixed.position, config.fixed.quaternion);
        // DESIGN.md: the space below a heightfield's surface is solid.
        const samples = [
          ...core.points,
          ...core.edges.flatMap(([a, b]) =>
            Array.from({ length: 15 }, (_, k) => add(a, sub(b, a), (k + 1) / 16))
          ),
        ];
        for (const sample of samples) {
          const p = toLocal(sample);
          const h = heightAt(config.fixed, p[0], p[2]);
          if (h !== null && p[1] < h - shell) {
            return outcome.contacts.length > 0
              ? null
              : `no contact, but the core runs ${h - p[1]} below the surface, into the solid`;
          }
        }
        return undefined;
      },
    });
  }
  return properties;
}

/**
 * The configuration with its static shape cut down to what the detector can see: a mesh's
 * triangles within the shape's reach and those sharing a vertex with them (their edge flags and
 * vertex cones stay as they were), a heightfield's cells under the shape and one more round them
 * (moved by its pose so the cells stay where they were). Triangle numbers change.
 */
function cropped(config: MeshConfig): MeshConfig {
  const core = coreOf(config.moving), margin = 1.01 * core.radius + sizes(config).shell;
  const s = config.fixed.surface;
  if (s.kind === 'mesh') {
    const surface = surfaceOf(config.fixed);
    const near = new Set<number>();
    for (const t of surface.triangles) {
      const meets = [0, 1, 2].every((i) =>
        t.box[i]! <= Math.max(...core.points.map((p) => p[i]!)) + margin &&
        t.box[3 + i]! >= Math.min(...core.points.map((p) => p[i]!)) - margin
      );
      if (meets) t.keys.forEach((k) => near.add(k));
    }
    const keep = localTriangles(s).filter((t) => t.keys.some((k) => near.has(k)));
    const number = new Map<number, number>(), vertices: number[] = [], indices: number[] = [];
    for (const t of keep) {
      t.keys.forEach((key, k) => {
        if (!number.has(key)) (number.set(key, number.size), vertices.push(...t.corners[k]!));
        indices.push(number.get(key)!);
      });
    }
    if (keep.length === 0) return config;
    return { ...config, fixed: { ...config.fixed, surface: { ...s, vertices, indices } } };
  }
  const toLocal = unplacer(config.fixed.position, config.fixed.quaternion);
  const ends = core.points.map(toLocal), c = s.cellSize;
  const range = (axis: 0 | 2, count: number) => [
    Math.max(0, Math.floor((Math.min(...ends.map((p) => p[axis])) - margin) / c) - 1),
    Math.min(count - 1, Math.floor((Math.max(...ends.map((p) => p[axis])) + margin) / c) + 2),
  ];
  const [j0, j1] = range(0, s.columns), [i0, i1] = range(2, s.rows);
  if (!(j1! - j0! >= 1 && i1! - i0! >= 1)) return config;
  const rows = i1! - i0! + 1, columns = j1! - j0! + 1;
  const heights: number[] = [], holes: number[] = [];
  for (let i = i0!; i <= i1!; i++) {
    for (let j = j0!; j <= j1!; j++) heights.push(s.heights[i * s.columns + j]!);
  }
  for (let i = i0!; i < i1!; i++) {
    for (let j = j0!; j < j1!; j++) holes.push(s.holes ? s.holes[i * (s.columns - 1) + j]! : 0);
  }
  const position = placer(config.fixed.position, config.fixed.quaternion)([j0! * c, 0, i0! * c]);
  return {
    ...config,
    fixed: {
      ...config.fixed,
      position,
      surface: { ...s, rows, columns, heights, holes: s.holes ? holes : null },
      flat: null,
    },
  };
}

function repro(pair: MeshPair, config: MeshConfig, property: string, message: string): string {
  const s = config.fixed.surface, m = config.moving;
  const fixed = s.kind === 'mesh'
    ? `new TriangleMesh(${list(s.vertices)}, ${list(s.indices)}${
      s.twoSided ? ', { twoSided: true }' : ''
    })`
    : `new Heightfield(${s.rows}, ${s.columns}, ${list(s.heights)}, ${s.cellSize}${
      s.holes ? `, { holes: ${list(s.holes)} }` : ''
    })`;
  const overlapOnly = property.startsWith('overlap');
  return [
    '```ts',
    `import { ${pair.fixed}, ${pair.moving}, CollisionData, ${
      overlapOnly ? 'overlap' : pair.detector
    } } from '@contactkit/contacts3d';`,
    `const mesh = ${fixed}.setPose(${list(config.fixed.position)}, ${
      list(config.fixed.quaternion)
    });`,
    `const shape = ${MOVING[pair.moving].source(m)}.setPose(${list(m.position)}, ${
      list(m.quaternion)
    });`,
    ...(overlapOnly
      ? ['console.log(overlap(shape, mesh), overlap(mesh, shape));']
      : [
        'const data = new CollisionData({ capacity: 64 });',
        `${pair.detector}(shape, mesh, data);`,
        ...PRINT_CONTACTS,
      ]),
    `// ${property}: ${message.replace(/\n/g, '\n// ')}`,
    '```',
  ].join('\n');
}

/**
 * `overlap` on the pair, in both argument orders: as the oracle says (true when the shapes meet
 * within the shell, false when they overlap from the front beyond it), and true exactly when the
 * real detector writes a contact (at tolerance 0, as overlap.ts documents).
 */
function overlapProperties(real: MeshDetector, pair: MeshPair): Property<MeshConfig>[] {
  const answers = (config: MeshConfig) => {
    const fixed = buildFixed(config.fixed), moving = MOVING[pair.moving].build(config.moving);
    return [overlap(moving, fixed), overlap(fixed, moving)];
  };
  return [
    {
      name: 'overlap-agrees-with-oracle',
      check(config) {
        const results = answers(config);
        const { apart, overlapping, gap } = oracle(config);
        if (results.some((r) => r) && apart) {
          return `overlap(shape, mesh) ${results[0]}, overlap(mesh, shape) ${
            results[1]
          }, but the shapes are ${gap} apart`;
        }
        if (results.some((r) => !r) && overlapping) {
          return `overlap(shape, mesh) ${results[0]}, overlap(mesh, shape) ${
            results[1]
          }, but the shapes overlap by ${-gap}`;
        }
        return null;
      },
    },
    {
      name: 'overlap-agrees-with-detector',
      check(config) {
        const results = answers(config);
        const count = plainRun(config, real, pair).contacts.length;
        return results.every((r) => r === count > 0)
          ? null
          : `overlap(shape, mesh) ${results[0]}, overlap(mesh, shape) ${
            results[1]
          }, but ${pair.detector} wrote ${count} contact(s)`;
      },
    },
  ];
}

/** Writes why a listed pair is skipped (its detector not in contacts3d): a message, not an error. */
export type SkipReporter = (message: string) => void;

/**
 * The subjects of every pair in `pairs` whose detector contacts3d exports: the named detector
 * (or `replace`'s wrapper of it, for the planted defects), `collide` and `overlap` on the pair.
 */
export function meshSubjects(
  pairs: readonly MeshPair[] = MESH_PAIRS,
  replace: (name: string, real: MeshDetector) => MeshDetector = (_name, real) => real,
  skip: SkipReporter = (message) => console.warn(message),
): Subject<MeshConfig>[] {
  const exported = contacts3d as unknown as Record<string, unknown>;
  return pairs.flatMap((pair) => {
    const real = exported[pair.detector];
    if (typeof real !== 'function') {
      skip(
        `fuzz: ${pair.detector} is not exported by @contactkit/contacts3d: its subjects are skipped`,
      );
      return [];
    }
    const detector = replace(pair.detector, real as MeshDetector);
    const regimes = pair.fixed === 'TriangleMesh' ? MESH_REGIMES : FIELD_REGIMES;
    const properties = [
      ...detectorProperties(detector, pair),
      ...overlapProperties(real as MeshDetector, pair),
    ];
    return [{
      name: pair.detector,
      dimension: '3d' as const,
      regimes: Object.keys(regimes),
      generate: generateWith(pair, regimes),
      properties,
      repro: (config, property, message) => {
        // The cut-down configuration when it fails the same way.
        const small = cropped(config);
        const check = properties.find((p) => p.name === property)!;
        let outcome: string | null | undefined;
        try {
          outcome = check.check(small);
        } catch {
          outcome = null;
        }
        return typeof outcome === 'string'
          ? repro(
            pair,
            small,
            property,
            `${outcome} (the static shape cut down to what the shape reaches)`,
          )
          : repro(pair, config, property, message);
      },
    }];
  });
}
