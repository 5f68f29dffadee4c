/**
 * The 2D implementations on the same configurations: contactkit's detectors, SAT.js's tests
 * with a reused Response, planck's and @box2d/core's manifold functions with a reused manifold and
 * world manifold, and matter-js's `Collision.collides`. Each converts the configurations into its
 * own objects once, before timing.
 */
import * as b2 from '@box2d/core';
import Matter from 'matter-js';
import * as planck from 'planck';
import SAT from 'sat';
import { type Implementation, contactkitImplementation, deepest, sink } from './harness.js';
import { type Pairs2, type PolygonSpec, type Shape2Spec, worldPoints } from './inputs.js';
import type { V2 } from './space.js';

/**
 * The parts of @contactkit/collision2d the benchmark uses, looked up at run time (see
 * detectors.ts).
 */
export interface OurShape2 {
  setPose(position: ArrayLike<number>, angle: number): OurShape2;
}
export interface OurContact2 {
  penetration: number;
  readonly normal: Float64Array;
}
export interface OurCollisionData2 {
  reset(): void;
  readonly contacts: readonly OurContact2[];
}
export interface Collision2d {
  Circle: new(radius: number) => OurShape2;
  Polygon: new(points: readonly (readonly number[])[]) => OurShape2;
  CollisionData2: new(options: { capacity: number; tolerance?: number; }) => OurCollisionData2;
}
export type Detector2 = (a: never, b: never, data: OurCollisionData2) => number;

export function toOurs2(api: Collision2d, spec: Shape2Spec): OurShape2 {
  const shape = spec.kind === 'circle' ? new api.Circle(spec.radius) : new api.Polygon(spec.points);
  return shape.setPose(spec.position, spec.angle);
}

/** contactkit: one CollisionData2 (capacity 16, tolerance 0) reset per call. */
export function contactkit2(
  api: Collision2d,
  pairs: Pairs2,
  detector: Detector2,
  call: string,
): Implementation {
  const first = pairs.map((pair) => toOurs2(api, pair.a));
  const second = pairs.map((pair) => toOurs2(api, pair.b));
  return contactkitImplementation(
    first,
    second,
    new api.CollisionData2({ capacity: 16, tolerance: 0 }),
    detector as unknown as (a: OurShape2, b: OurShape2, data: OurCollisionData2) => number,
    call,
  );
}

function toSat(spec: Shape2Spec): SAT.Circle | SAT.Polygon {
  const position = new SAT.Vector(spec.position[0], spec.position[1]);
  if (spec.kind === 'circle') return new SAT.Circle(position, spec.radius);
  // setAngle precomputes the rotated points (calcPoints), so the timed test does not rotate.
  return new SAT.Polygon(position, spec.points.map(([x, y]) => new SAT.Vector(x, y))).setAngle(
    spec.angle,
  );
}

type SatTest = (a: never, b: never, response: SAT.Response) => boolean;

/**
 * SAT.js: a boolean test filling a reused Response with the minimum translation (overlap and its
 * direction); no contact points. `normalSign` turns `overlapN` (from its first argument toward its
 * second) into our normal (from the pair's second shape toward its first); `swap` passes the
 * pair's shapes in the other order (testPolygonCircle takes the polygon first).
 */
export function sat2(pairs: Pairs2, test: SatTest, call: string, swap: boolean): Implementation {
  const first = pairs.map((pair) => toSat(swap ? pair.b : pair.a));
  const second = pairs.map((pair) => toSat(swap ? pair.a : pair.b));
  const response = new SAT.Response();
  const collide = test as unknown as (a: unknown, b: unknown, response: SAT.Response) => boolean;
  const run = (i: number): number => {
    response.clear();
    if (!collide(first[i]!, second[i]!, response)) return 0;
    sink[0]! += response.overlap;
    return 1;
  };
  // overlapN points from SAT's first argument toward its second; ours from the pair's second shape
  // to its first.
  const sign = swap ? 1 : -1;
  return {
    library: 'sat',
    call,
    note: 'boolean and minimum translation, no contact points',
    run,
    inspect: (i) => {
      const count = run(i);
      return count === 0
        ? { count, penetration: NaN, normal: [] }
        : {
          count,
          penetration: response.overlap,
          normal: [sign * response.overlapN.x, sign * response.overlapN.y],
        };
    },
  };
}

export interface PlanckPose {
  shape: planck.CircleShape | planck.PolygonShape;
  transform: planck.Transform;
  radius: number;
}

/** A planck shape and transform for `spec` (polygon skin 0, see below). */
export function toPlanck(spec: Shape2Spec): PlanckPose {
  const transform = planck.Transform(planck.Vec2(spec.position[0], spec.position[1]), spec.angle);
  if (spec.kind === 'circle') {
    return { shape: new planck.Circle(spec.radius), transform, radius: spec.radius };
  }
  const shape = new planck.Polygon(spec.points.map(([x, y]) => planck.Vec2(x, y)));
  // planck pads polygons with a skin of 2 linearSlop (0.01) and reports pairs within it as
  // touching; without it the geometry and the contact rule are the same as ours (tolerance 0).
  shape.m_radius = 0;
  return { shape, transform, radius: 0 };
}

type PlanckCollide = (
  manifold: planck.Manifold,
  a: never,
  xfA: planck.TransformValue,
  b: never,
  xfB: planck.TransformValue,
) => void;

/**
 * planck: its manifold function into a reused Manifold (local frame), then `getWorldManifold` into
 * a reused WorldManifold for world points, normal and separations: the same output as ours. `swap`
 * as for SAT (CollidePolygonCircle takes the polygon first); planck's normal points from its first
 * shape toward its second.
 */
export function planck2(
  pairs: Pairs2,
  collideFn: PlanckCollide,
  call: string,
  swap: boolean,
): Implementation {
  const first = pairs.map((pair) => toPlanck(swap ? pair.b : pair.a));
  const second = pairs.map((pair) => toPlanck(swap ? pair.a : pair.b));
  const manifold = new planck.Manifold();
  const world = new planck.WorldManifold();
  const collide = collideFn as unknown as (
    m: planck.Manifold,
    a: unknown,
    xfA: planck.Transform,
    b: unknown,
    xfB: planck.Transform,
  ) => void;
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
  const sign = swap ? 1 : -1;
  return {
    library: 'planck',
    call,
    run,
    inspect: (i) => {
      const count = run(i);
      return deepest(
        count,
        (k) => -world.separations[k]!,
        () => [sign * world.normal.x, sign * world.normal.y],
      );
    },
  };
}

/**
 * The centroid of a convex polygon's vertices (its area centroid), where matter-js puts a body's
 * position.
 */
function areaCentroid(points: readonly V2[]): V2 {
  let area = 0, cx = 0, cy = 0;
  for (let i = 0; i < points.length; i++) {
    const [x0, y0] = points[i]!, [x1, y1] = points[(i + 1) % points.length]!;
    const cross = x0 * y1 - x1 * y0;
    area += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  return [cx / (3 * area), cy / (3 * area)];
}

function toMatter(spec: PolygonSpec): Matter.Body {
  // A body's vertices are kept in world space, centred on its position (the area centroid).
  const points = worldPoints(spec);
  const body = Matter.Body.create({ vertices: points.map(([x, y]) => ({ x, y })) });
  const [cx, cy] = areaCentroid(points);
  Matter.Body.setPosition(body, { x: cx, y: cy });
  return body;
}

/**
 * matter-js: `Collision.collides(bodyA, bodyB, pairs)` as its Detector calls it, with the pair's
 * record in a Pairs table so the Collision object is reused. It answers with the depth, a normal
 * and one or two support points (vertices found inside the other body), not a clipped manifold;
 * its normal points from bodyB toward bodyA (away from B's centre), bodyA being the body of the
 * lower id.
 */
export function matter2(pairs: Pairs2, call: string): Implementation {
  const first = pairs.map((pair) => toMatter(pair.a as PolygonSpec));
  const second = pairs.map((pair) => toMatter(pair.b as PolygonSpec));
  const table = Matter.Pairs.create({});
  for (let i = 0; i < pairs.length; i++) {
    const collision = Matter.Collision.create(first[i]!, second[i]!);
    const [lower, upper] = first[i]!.id < second[i]!.id
      ? [first[i]!, second[i]!]
      : [second[i]!, first[i]!];
    Object.assign(collision, {
      bodyA: lower,
      bodyB: upper,
      parentA: lower.parent,
      parentB: upper.parent,
    });
    const pair = Matter.Pair.create(collision, 0);
    // Collision.collides looks the pair up in `pairs.table`, which @types/matter-js 0.20 leaves
    // out.
    (table as unknown as { table: Record<string, Matter.Pair>; }).table[pair.id] = pair;
  }
  let last: Matter.Collision | null = null;
  const run = (i: number): number => {
    last = Matter.Collision.collides(first[i]!, second[i]!, table);
    if (last === null) return 0;
    sink[0]! += last.depth;
    return (last as unknown as { supportCount: number; }).supportCount;
  };
  return {
    library: 'matter-js',
    call,
    note: 'depth and support points, not a clipped manifold',
    run,
    inspect: (i) => {
      const count = run(i);
      const collision = last;
      if (collision === null) return { count, penetration: NaN, normal: [] };
      // Ours points from the pair's second shape toward its first.
      const sign = collision.bodyA === first[i] ? 1 : -1;
      return {
        count,
        penetration: collision.depth,
        normal: [sign * collision.normal.x, sign * collision.normal.y],
      };
    },
  };
}

export interface Box2dPose {
  shape: b2.b2PolygonShape | b2.b2CircleShape;
  transform: b2.b2Transform;
  radius: number;
}

/** A @box2d/core shape and transform for `spec` (polygon skin 0, see below). */
export function toBox2d(spec: Shape2Spec): Box2dPose {
  const transform = new b2.b2Transform().SetPositionAngle({
    x: spec.position[0],
    y: spec.position[1],
  }, spec.angle);
  if (spec.kind === 'circle') {
    return { shape: new b2.b2CircleShape(spec.radius), transform, radius: spec.radius };
  }
  const shape = new b2.b2PolygonShape();
  if (!shape.Set(spec.points.map(([x, y]) => ({ x, y })))) {
    throw new Error('@box2d/core refused a benchmark polygon');
  }
  // As for planck: Box2D's polygon skin (b2_polygonRadius, 2 linear slop) set to 0, so the
  // geometry and the contact rule are ours.
  shape.m_radius = 0;
  return { shape, transform, radius: 0 };
}

type Box2dCollide = (
  manifold: b2.b2Manifold,
  a: never,
  xfA: b2.b2Transform,
  b: never,
  xfB: b2.b2Transform,
) => void;

/**
 * @box2d/core (a TypeScript port of Box2D 2.4): its manifold function into a reused b2Manifold,
 * then `b2WorldManifold.Initialize` for world points, normal and separations, as for planck (a port
 * of the same Box2D code). `swap` as for planck.
 */
export function box2d2(
  pairs: Pairs2,
  collideFn: Box2dCollide,
  call: string,
  swap: boolean,
): Implementation {
  const first = pairs.map((pair) => toBox2d(swap ? pair.b : pair.a));
  const second = pairs.map((pair) => toBox2d(swap ? pair.a : pair.b));
  const manifold = new b2.b2Manifold();
  const world = new b2.b2WorldManifold();
  const collide = collideFn as unknown as (
    m: b2.b2Manifold,
    a: unknown,
    xfA: b2.b2Transform,
    b: unknown,
    xfB: b2.b2Transform,
  ) => void;
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
  const sign = swap ? 1 : -1;
  return {
    library: 'box2d',
    call,
    run,
    inspect: (i) => {
      const count = run(i);
      return deepest(
        count,
        (k) => -world.separations[k]!,
        () => [sign * world.normal.x, sign * world.normal.y],
      );
    },
  };
}
