/**
 * The 2D rows of rounded shapes and chains: capsule-capsule, capsule-polygon, rounded polygon
 * pairs and a box sliding along a long chain, with their seeded configurations and the peers that can represent them.
 *
 * What each peer can represent (Box2D 2.4, which both planck and @box2d/core port, has no capsule):
 * - a capsule against a polygon: an edge shape whose `m_radius` is the capsule's radius, which is
 *   exactly a capsule (Box2D 2.4's edge-polygon and edge-circle functions add the edge's radius);
 * - a capsule against a capsule: edges do not collide with edges in Box2D 2.4, so each capsule is a
 *   rounded polygon, a box of half size `(halfLength, CORE)` with `m_radius = radius - CORE`: as
 *   thick as the capsule across its axis, its ends rounded by `radius - CORE` about corners
 *   `CORE` off the axis, so it differs from the capsule by less than `CORE` anywhere;
 * - a chain: a chain shape whose children are edges with ghost vertices (planck: Box2D 2.3's
 *   smoothing by neighbour vertices; @box2d/core: Box2D 2.4's one-sided edges). A world finds the
 *   children near a shape with its broadphase; here a scan of the children's boxes, computed once,
 *   stands in for it.
 * matter-js has neither: its bodies are convex polygons (a chamfered rectangle only approximates a
 * capsule by a polygon) and a chain would be many separate bodies, so it has no row here.
 */
import * as collision2d from '@contactkit/collision2d';
import type { Random as RandomType } from '@contactkit/test-support';
import { Random } from '@contactkit/test-support';
import * as b2 from '@box2d/core';
import * as planck from 'planck';
import { toBox2d, toPlanck } from './adapters2d.js';
import { contactkitImplementation, deepest, type Implementation, sink } from './harness.js';
import {
  type Pair,
  type PolygonSpec,
  categories,
  depthFor,
  randomConvex,
  randomPlacement,
  worldPoints,
} from './inputs.js';
import { place2, type V2 } from './space.js';

/** Half thickness of the box core standing in for a capsule's segment in Box2D 2.4's polygons. */
export const CORE = 0.002;

export interface Capsule2Spec {
  kind: 'capsule';
  radius: number;
  halfLength: number;
  position: V2;
  angle: number;
}
/** An open chain, vertices in world space (left to right). */
export interface ChainSpec {
  kind: 'chain';
  points: V2[];
}

/** Which features of the two shapes are closest, as the generator built the pair. */
export type Feature = 'side' | 'end';

export interface RoundedPair<A, B> extends Pair<A, B> {
  /** `side` when the contact normal is a face normal of a peer's core polygon or edge. */
  feature: Feature;
  /**
   * For the capsule pairs: the overlap and the unit normal (from B toward A) the construction
   * gives, the cores being exactly `radiusA + radiusB - depth` apart along it.
   */
  expected?: { depth: number; normal: V2; };
}

/** A capsule's segment end points in world space. */
function capsuleEnds(c: Capsule2Spec): [V2, V2] {
  return [
    place2([-c.halfLength, 0], c.position, c.angle),
    place2([c.halfLength, 0], c.position, c.angle),
  ];
}

/** The point of `points` (relative to the shape's position) farthest along `d`. */
function support(points: readonly V2[], d: V2): V2 {
  let best = points[0]!, bestDot = -Infinity;
  for (const p of points) {
    const along = p[0] * d[0] + p[1] * d[1];
    if (along > bestDot) {
      bestDot = along;
      best = p;
    }
  }
  return best;
}

/**
 * Puts B so that its core's support point along `-n` lies `gap` from `pointA` along `n`: with
 * `pointA` a support point of A's core along `n`, the cores are then exactly `gap` apart (their
 * separation along `n` is `gap`, and the two points are that far apart), so the shapes overlap by
 * `radiusA + radiusB - gap`.
 */
function placeAgainst(pointA: V2, n: V2, gap: number, coreB: readonly V2[], angleB: number): V2 {
  const rotated = coreB.map((p) => place2(p, [0, 0], angleB));
  const q = support(rotated, [-n[0], -n[1]]);
  return [pointA[0] + gap * n[0] - q[0], pointA[1] + gap * n[1] - q[1]];
}

function randomCapsule(random: RandomType): Capsule2Spec {
  return {
    kind: 'capsule',
    radius: random.range(0.1, 0.5),
    halfLength: random.range(0.2, 1),
    ...randomPlacement(random),
  };
}

/**
 * Capsule pairs: half of them side on (the normal across A's axis, from a point of A's segment),
 * half along a random direction from the end of A's segment it favours (cap against cap or side).
 * The segments are `rA + rB - depth` apart.
 */
export function capsuleCapsule2Pairs(
  count: number,
  seed: number,
): RoundedPair<Capsule2Spec, Capsule2Spec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const a = randomCapsule(random), b = randomCapsule(random);
    const [p, q] = capsuleEnds(a);
    const side = random.next() < 0.5;
    let n: V2, pointA: V2;
    if (side) {
      const s = random.sign();
      n = [-Math.sin(a.angle) * s, Math.cos(a.angle) * s];
      const t = random.range(0.1, 0.9);
      pointA = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
    } else {
      const angle = random.range(-Math.PI, Math.PI);
      n = [Math.cos(angle), Math.sin(angle)];
      pointA = (q[0] - p[0]) * n[0] + (q[1] - p[1]) * n[1] >= 0 ? q : p;
    }
    const depth = depthFor(category, a.radius + b.radius, random);
    const core: V2[] = [[-b.halfLength, 0], [b.halfLength, 0]];
    b.position = placeAgainst(pointA, n, a.radius + b.radius - depth, core, b.angle);
    const expected = { depth, normal: [-n[0], -n[1]] as V2 };
    return { category, feature: side ? 'side' : 'end', expected, a, b };
  });
}

/**
 * Capsule (first) and convex polygon (second): half against a polygon face (the normal that
 * face's, the capsule's nearer end or side on it), a quarter at a polygon vertex along a direction
 * in its normal cone, a quarter side on to the capsule (a polygon vertex against its side).
 */
export function capsulePolygon2Pairs(
  count: number,
  seed: number,
): RoundedPair<Capsule2Spec, PolygonSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const polygon: PolygonSpec = {
      kind: 'polygon',
      points: randomConvex(random, random.range(0.5, 1.5)),
      ...randomPlacement(random),
    };
    const capsule = randomCapsule(random);
    const depth = depthFor(category, capsule.radius, random), gap = capsule.radius - depth;
    const core: V2[] = [[-capsule.halfLength, 0], [capsule.halfLength, 0]];
    const world = worldPoints(polygon);
    const roll = random.next();
    if (roll < 0.75) {
      const i = random.int(world.length), m = world.length;
      const before = edgeNormal(world, (i + m - 1) % m), after = edgeNormal(world, i);
      let n: V2 = after;
      let point: V2;
      if (roll < 0.5) {
        const t = random.range(0.25, 0.75), p = world[i]!, q = world[(i + 1) % m]!;
        point = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
      } else {
        const t = random.range(0.1, 0.9);
        const nx = before[0] * (1 - t) + after[0] * t, ny = before[1] * (1 - t) + after[1] * t;
        const length = Math.hypot(nx, ny);
        n = [nx / length, ny / length];
        point = world[i]!;
      }
      capsule.position = placeAgainst(point, n, gap, core, capsule.angle);
      const feature = roll < 0.5 ? 'side' : 'end';
      return { category, feature, expected: { depth, normal: n }, a: capsule, b: polygon };
    }
    // Side on to the capsule: the polygon is placed against the capsule's side instead.
    const s = random.sign();
    const n: V2 = [-Math.sin(capsule.angle) * s, Math.cos(capsule.angle) * s];
    const [p, q] = capsuleEnds(capsule);
    const t = random.range(0.1, 0.9);
    const point: V2 = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
    polygon.position = placeAgainst(point, n, gap, polygon.points, polygon.angle);
    const expected = { depth, normal: [-n[0], -n[1]] as V2 };
    return { category, feature: 'side', expected, a: capsule, b: polygon };
  });
}

/** Outward unit normal of edge `i` of counter-clockwise `world` points. */
function edgeNormal(world: readonly V2[], i: number): V2 {
  const p = world[i]!, q = world[(i + 1) % world.length]!;
  const ex = q[0] - p[0], ey = q[1] - p[1], length = Math.hypot(ex, ey);
  return [ey / length, -ex / length];
}

/** A convex polygon inflated by `radius` (`new Polygon(points, { radius })`). */
export interface RoundedPolygonSpec extends PolygonSpec {
  radius: number;
}

function randomRounded(random: RandomType): RoundedPolygonSpec {
  return {
    kind: 'polygon',
    points: randomConvex(random, random.range(0.4, 1.2)),
    radius: random.range(0.05, 0.3),
    ...randomPlacement(random),
  };
}

/**
 * Rounded convex polygon pairs (radii 0.05 to 0.3): B's core put `rA + rB - depth` beyond A's
 * support point along a random direction, half of them along a face normal of A (face against
 * face or corner), half along a random direction (mostly corner against corner, the closest-point
 * case).
 */
export function roundedPolygonPairs(
  count: number,
  seed: number,
): RoundedPair<RoundedPolygonSpec, RoundedPolygonSpec>[] {
  const random = new Random(seed);
  return categories(count, random).map((category) => {
    const a = randomRounded(random), b = randomRounded(random);
    const world = worldPoints(a);
    const face = random.next() < 0.5;
    let n: V2;
    if (face) n = edgeNormal(world, random.int(world.length));
    else {
      const angle = random.range(-Math.PI, Math.PI);
      n = [Math.cos(angle), Math.sin(angle)];
    }
    const local = world.map(([x, y]) => [x - a.position[0], y - a.position[1]] as V2);
    const s = support(local, n), pointA: V2 = [s[0] + a.position[0], s[1] + a.position[1]];
    const depth = depthFor(category, a.radius + b.radius, random);
    b.position = placeAgainst(pointA, n, a.radius + b.radius - depth, b.points, b.angle);
    return { category, feature: face ? 'side' : 'end', a, b };
  });
}

/**
 * planck or @box2d/core on rounded polygon pairs: its polygon shapes with `m_radius` the
 * rounding radius (Box2D 2.4's polygon radius, which its b2CollidePolygons adds to the reach and
 * `WorldManifold` moves the points out by), `CollidePolygons`, then the world manifold.
 */
export function roundedPolygonPeer(
  library: 'planck' | 'box2d',
  pairs: readonly Pair<RoundedPolygonSpec, RoundedPolygonSpec>[],
): Implementation {
  if (library === 'planck') {
    const pose = (spec: RoundedPolygonSpec) => {
      const made = toPlanck(spec);
      made.shape.m_radius = spec.radius;
      return { ...made, radius: spec.radius };
    };
    return planckRounded(
      pairs as never,
      planck.CollidePolygons,
      'PolygonShape (m_radius r) CollidePolygons + getWorldManifold',
      pairs.map((pair) => pose(pair.a)),
      pairs.map((pair) => pose(pair.b)),
    );
  }
  const pose = (spec: RoundedPolygonSpec) => {
    const made = toBox2d(spec);
    made.shape.m_radius = spec.radius;
    return { ...made, radius: spec.radius };
  };
  return box2dRounded(
    pairs as never,
    b2.b2CollidePolygons,
    'b2PolygonShape (m_radius r) b2CollidePolygons + b2WorldManifold.Initialize',
    pairs.map((pair) => pose(pair.a)),
    pairs.map((pair) => pose(pair.b)),
  );
}

/** Segments of the sliding chain. */
export const CHAIN_SEGMENTS = 64;

/**
 * A hill of `CHAIN_SEGMENTS` segments 0.5 wide: runs of 1 to 4 collinear segments, the slope
 * falling by 0.01 to 0.03 between runs (a convex vertex), from 0.3 to about -0.3.
 */
export function slideChain(random: RandomType): ChainSpec {
  const points: V2[] = [[0, 0]];
  let slope = 0.3, run = 1 + random.int(4);
  for (let i = 0; i < CHAIN_SEGMENTS; i++) {
    if (run === 0) {
      slope -= random.range(0.01, 0.03);
      run = 1 + random.int(4);
    }
    run--;
    const [x, y] = points[points.length - 1]!;
    points.push([x + 0.5, y + 0.5 * slope]);
  }
  return { kind: 'chain', points };
}

/**
 * A box (half sizes 0.15 to 0.5) sliding along one chain (the same object in every pair): at a
 * random distance along it, turned to the slope of the segment under its centre and tilted by up
 * to 0.5 degree, its bottom face's centre `depth` below that segment (overlapping) or above it.
 */
export function polygonChainSlidePairs(
  count: number,
  seed: number,
): RoundedPair<PolygonSpec, ChainSpec>[] {
  const random = new Random(seed);
  const chain = slideChain(random);
  return categories(count, random).map((category) => {
    const hx = random.range(0.15, 0.5), hy = random.range(0.15, 0.4);
    const x = random.range(1, 0.5 * CHAIN_SEGMENTS - 1);
    const i = Math.floor(x / 0.5);
    const [p, q] = [chain.points[i]!, chain.points[i + 1]!];
    const slopeAngle = Math.atan2(q[1] - p[1], q[0] - p[0]);
    const t = (x - p[0]) / (q[0] - p[0]);
    const ground: V2 = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])];
    const n: V2 = [-Math.sin(slopeAngle), Math.cos(slopeAngle)];
    const depth = depthFor(category, hy, random);
    const above = hy - depth;
    const box: PolygonSpec = {
      kind: 'polygon',
      points: [[-hx, -hy], [hx, -hy], [hx, hy], [-hx, hy]],
      position: [ground[0] + above * n[0], ground[1] + above * n[1]],
      angle: slopeAngle + random.range(-1, 1) * ((0.5 * Math.PI) / 180),
    };
    return { category, feature: 'side', a: box, b: chain };
  });
}

type Our2 = collision2d.Circle | collision2d.Polygon | collision2d.Capsule2 | collision2d.Chain;

function toOurs(spec: Capsule2Spec | PolygonSpec | ChainSpec): Our2 {
  if (spec.kind === 'chain') return new collision2d.Chain(spec.points);
  const radius = (spec as Partial<RoundedPolygonSpec>).radius ?? 0;
  const shape = spec.kind === 'capsule'
    ? new collision2d.Capsule2(spec.radius, spec.halfLength)
    : new collision2d.Polygon(spec.points, { radius });
  return shape.setPose(spec.position, spec.angle);
}

/**
 * contactkit's row: `detector` into one CollisionData2 (capacity 16, tolerance 0) reset per
 * call. A chain shared by every pair is built once.
 */
export function contactkitRounded(
  pairs: readonly Pair<Capsule2Spec | PolygonSpec, Capsule2Spec | PolygonSpec | ChainSpec>[],
  detector: (a: never, b: never, data: collision2d.CollisionData2) => number,
  call: string,
): Implementation {
  const built = new Map<object, Our2>();
  const once = (spec: Capsule2Spec | PolygonSpec | ChainSpec): Our2 => {
    let shape = built.get(spec);
    if (shape === undefined) built.set(spec, shape = toOurs(spec));
    return shape;
  };
  return contactkitImplementation(
    pairs.map((pair) => once(pair.a)),
    pairs.map((pair) => once(pair.b)),
    new collision2d.CollisionData2({ capacity: 16, tolerance: 0 }),
    detector as unknown as (a: Our2, b: Our2, data: collision2d.CollisionData2) => number,
    call,
  );
}

/** Ends of a capsule's segment in its own frame. */
function localEnds(c: Capsule2Spec): [V2, V2] {
  return [[-c.halfLength, 0], [c.halfLength, 0]];
}

function planckCapsule(c: Capsule2Spec, asPolygon: boolean): planck.Shape {
  let shape: planck.EdgeShape | planck.PolygonShape;
  if (asPolygon) {
    shape = new planck.Box(c.halfLength, CORE);
    shape.m_radius = c.radius - CORE;
  } else {
    const [p, q] = localEnds(c);
    shape = new planck.Edge(planck.Vec2(p[0], p[1]), planck.Vec2(q[0], q[1]));
    shape.m_radius = c.radius;
  }
  return shape;
}

function box2dCapsule(c: Capsule2Spec, asPolygon: boolean): b2.b2Shape {
  if (asPolygon) {
    const shape = new b2.b2PolygonShape().SetAsBox(c.halfLength, CORE);
    shape.m_radius = c.radius - CORE;
    return shape;
  }
  const [p, q] = localEnds(c);
  const shape = new b2.b2EdgeShape().SetTwoSided({ x: p[0], y: p[1] }, { x: q[0], y: q[1] });
  shape.m_radius = c.radius;
  return shape;
}

type Collide<M, X> = (m: M, a: unknown, xfA: X, b: unknown, xfB: X) => void;

/**
 * planck on a capsule pair: `asPolygon` (capsule-capsule) for the rounded-box stand-in, else an
 * edge with radius; the second shape is a capsule's stand-in too or a polygon of skin 0. Then
 * `getWorldManifold`, as `planck2` does; its normal points from the first shape to the second.
 */
export function planckRounded(
  pairs: readonly Pair<Capsule2Spec, Capsule2Spec | PolygonSpec>[],
  collideFn: unknown,
  call: string,
  firstPoses?: ReturnType<typeof toPlanck>[],
  secondPoses?: ReturnType<typeof toPlanck>[],
): Implementation {
  const asPolygon = pairs[0]?.b.kind === 'capsule';
  const pose = (spec: Capsule2Spec | PolygonSpec) => {
    const transform = planck.Transform(planck.Vec2(spec.position[0], spec.position[1]), spec.angle);
    if (spec.kind === 'polygon') return toPlanck(spec);
    const shape = planckCapsule(spec, asPolygon);
    return { shape, transform, radius: shape.m_radius };
  };
  const first = firstPoses ?? pairs.map((pair) => pose(pair.a)),
    second = secondPoses ?? pairs.map((pair) => pose(pair.b));
  const manifold = new planck.Manifold(), world = new planck.WorldManifold();
  const collide = collideFn as Collide<planck.Manifold, planck.Transform>;
  const run = (i: number): number => {
    const a = first[i]!, b = second[i]!;
    collide(manifold, a.shape, a.transform, b.shape, b.transform);
    const count = manifold.pointCount;
    if (count === 0) return 0;
    manifold.getWorldManifold(world, a.transform, a.radius, b.transform, b.radius);
    let penetration = 0;
    for (let k = 0; k < count; k++) penetration -= world.separations[k]!;
    sink[0]! += penetration;
    return count;
  };
  return {
    library: 'planck',
    call,
    ...(asPolygon && { note: `capsules as boxes of half height ${CORE}, radius r - ${CORE}` }),
    run,
    inspect: (i) =>
      deepest(run(i), (k) => -world.separations[k]!, () => [-world.normal.x, -world.normal.y]),
  };
}

/** @box2d/core on a capsule pair, as `planckRounded`. */
export function box2dRounded(
  pairs: readonly Pair<Capsule2Spec, Capsule2Spec | PolygonSpec>[],
  collideFn: unknown,
  call: string,
  firstPoses?: ReturnType<typeof toBox2d>[],
  secondPoses?: ReturnType<typeof toBox2d>[],
): Implementation {
  const asPolygon = pairs[0]?.b.kind === 'capsule';
  const pose = (spec: Capsule2Spec | PolygonSpec) => {
    if (spec.kind === 'polygon') return toBox2d(spec);
    const transform = new b2.b2Transform().SetPositionAngle(
      { x: spec.position[0], y: spec.position[1] },
      spec.angle,
    );
    const shape = box2dCapsule(spec, asPolygon);
    return { shape, transform, radius: shape.m_radius };
  };
  const first = firstPoses ?? pairs.map((pair) => pose(pair.a)),
    second = secondPoses ?? pairs.map((pair) => pose(pair.b));
  const manifold = new b2.b2Manifold(), world = new b2.b2WorldManifold();
  const collide = collideFn as Collide<b2.b2Manifold, b2.b2Transform>;
  const run = (i: number): number => {
    const a = first[i]!, b = second[i]!;
    collide(manifold, a.shape, a.transform, b.shape, b.transform);
    const count = manifold.pointCount;
    if (count === 0) return 0;
    world.Initialize(manifold, a.transform, a.radius, b.transform, b.radius);
    let penetration = 0;
    for (let k = 0; k < count; k++) penetration -= world.separations[k]!;
    sink[0]! += penetration;
    return count;
  };
  return {
    library: 'box2d',
    call,
    ...(asPolygon && { note: `capsules as boxes of half height ${CORE}, radius r - ${CORE}` }),
    run,
    inspect: (i) =>
      deepest(run(i), (k) => -world.separations[k]!, () => [-world.normal.x, -world.normal.y]),
  };
}

/** Box2D 2.4's one-sided chain edges face right of their direction: a floor runs right to left. */
function floorPoints(chain: ChainSpec): V2[] {
  return [...chain.points].reverse();
}

/**
 * A peer's chain row: each call scans the chain's children, whose boxes were computed once (its
 * broadphase's part), and collides the polygon with each child whose box meets the polygon's
 * (computed per call) through `collideChild`, reading the world manifold through the accessors.
 * The normal is the peer's, from the chain toward the polygon, as ours.
 */
function chainScan(
  library: string,
  call: string,
  childBoxes: Float64Array,
  polygonBox: (i: number, box: Float64Array) => void,
  collideChild: (i: number, child: number) => number,
  separation: (k: number) => number,
  normal: () => number[],
): Implementation {
  const children = childBoxes.length / 4, box = new Float64Array(4);
  const scan = (i: number, visit: (count: number) => void): number => {
    polygonBox(i, box);
    let total = 0;
    for (let c = 0; c < children; c++) {
      const o = 4 * c;
      if (
        childBoxes[o]! > box[2]! || childBoxes[o + 2]! < box[0]! || childBoxes[o + 1]! > box[3]! ||
        childBoxes[o + 3]! < box[1]!
      ) continue;
      const count = collideChild(i, c);
      if (count > 0) visit(count);
      total += count;
    }
    return total;
  };
  const addDepths = (count: number): void => {
    for (let k = 0; k < count; k++) sink[0]! -= separation(k);
  };
  return {
    library,
    call,
    note: 'children found by a scan of their boxes',
    run: (i) => scan(i, addDepths),
    inspect: (i) => {
      let best = { count: 0, penetration: NaN, normal: [] as number[] };
      const total = scan(i, (count) => {
        const candidate = deepest(count, (k) => -separation(k), normal);
        if (!(candidate.penetration <= best.penetration)) best = candidate;
      });
      return { ...best, count: total };
    },
  };
}

/** planck: a ChainShape (open, no ghost vertices at its ends), `CollideEdgePolygon` per child. */
export function planckChain(pairs: readonly Pair<PolygonSpec, ChainSpec>[]): Implementation {
  const points = floorPoints(pairs[0]!.b).map(([x, y]) => planck.Vec2(x, y));
  const chain = new planck.Chain(points, false);
  // The skin of 2 linear slop set to 0, as for polygons (see adapters2d.ts).
  chain.m_radius = 0;
  const identity = planck.Transform(planck.Vec2(0, 0), 0);
  const childBoxes = new Float64Array(4 * chain.getChildCount()), aabb = new planck.AABB();
  for (let c = 0; c < chain.getChildCount(); c++) {
    chain.computeAABB(aabb, identity, c);
    childBoxes.set(
      [aabb.lowerBound.x, aabb.lowerBound.y, aabb.upperBound.x, aabb.upperBound.y],
      4 * c,
    );
  }
  const polygons = pairs.map((pair) => toPlanck(pair.a));
  const edge = new planck.Edge(planck.Vec2(0, 0), planck.Vec2(1, 0));
  const manifold = new planck.Manifold(), world = new planck.WorldManifold();
  return chainScan(
    'planck',
    'Chain.getChildEdge + CollideEdgePolygon + getWorldManifold',
    childBoxes,
    (i, box) => {
      const polygon = polygons[i]!;
      polygon.shape.computeAABB(aabb, polygon.transform, 0);
      box[0] = aabb.lowerBound.x, box[1] = aabb.lowerBound.y;
      box[2] = aabb.upperBound.x, box[3] = aabb.upperBound.y;
    },
    (i, child) => {
      const polygon = polygons[i]!;
      chain.getChildEdge(edge, child);
      planck.CollideEdgePolygon(
        manifold,
        edge,
        identity,
        polygon.shape as planck.PolygonShape,
        polygon.transform,
      );
      if (manifold.pointCount > 0) {
        manifold.getWorldManifold(world, identity, edge.m_radius, polygon.transform, 0);
      }
      return manifold.pointCount;
    },
    (k) => world.separations[k]!,
    () => [world.normal.x, world.normal.y],
  );
}

/**
 * @box2d/core: a b2ChainShape with ghost vertices continuing its end segments, `GetChildEdge`
 * (one-sided edges) and `b2CollideEdgeAndPolygon` per child.
 */
export function box2dChain(pairs: readonly Pair<PolygonSpec, ChainSpec>[]): Implementation {
  const points = floorPoints(pairs[0]!.b).map(([x, y]) => ({ x, y }));
  const ghost = (from: { x: number; y: number; }, to: { x: number; y: number; }) => ({
    x: 2 * to.x - from.x,
    y: 2 * to.y - from.y,
  });
  const chain = new b2.b2ChainShape().CreateChain(
    points,
    points.length,
    ghost(points[1]!, points[0]!),
    ghost(points[points.length - 2]!, points[points.length - 1]!),
  );
  chain.m_radius = 0;
  const identity = new b2.b2Transform().SetIdentity();
  const childBoxes = new Float64Array(4 * chain.GetChildCount()), aabb = new b2.b2AABB();
  for (let c = 0; c < chain.GetChildCount(); c++) {
    chain.ComputeAABB(aabb, identity, c);
    childBoxes.set(
      [aabb.lowerBound.x, aabb.lowerBound.y, aabb.upperBound.x, aabb.upperBound.y],
      4 * c,
    );
  }
  const polygons = pairs.map((pair) => toBox2d(pair.a));
  const edge = new b2.b2EdgeShape();
  const manifold = new b2.b2Manifold(), world = new b2.b2WorldManifold();
  return chainScan(
    'box2d',
    'b2ChainShape.GetChildEdge + b2CollideEdgeAndPolygon + b2WorldManifold.Initialize',
    childBoxes,
    (i, box) => {
      const polygon = polygons[i]!;
      polygon.shape.ComputeAABB(aabb, polygon.transform, 0);
      box[0] = aabb.lowerBound.x, box[1] = aabb.lowerBound.y;
      box[2] = aabb.upperBound.x, box[3] = aabb.upperBound.y;
    },
    (i, child) => {
      const polygon = polygons[i]!;
      chain.GetChildEdge(edge, child);
      b2.b2CollideEdgeAndPolygon(
        manifold,
        edge,
        identity,
        polygon.shape as b2.b2PolygonShape,
        polygon.transform,
      );
      if (manifold.pointCount > 0) {
        world.Initialize(manifold, identity, edge.m_radius, polygon.transform, 0);
      }
      return manifold.pointCount;
    },
    (k) => world.separations[k]!,
    () => [world.normal.x, world.normal.y],
  );
}
