/**
 * The 2D implementations on the same configurations: contactkit's detectors, SAT.js's tests
 * with a reused Response, and planck's manifold functions with a reused Manifold and
 * WorldManifold. Each converts the configurations into its own objects once, before timing.
 */
import * as planck from 'planck';
import SAT from 'sat';
import { type Implementation, contactkitImplementation, deepest, sink } from './harness.js';
import type { Pairs2, Shape2Spec } from './inputs.js';

/** The parts of @contactkit/collision2d the benchmark uses, looked up at run time (see detectors.ts). */
export interface OurShape2 { setPose(position: ArrayLike<number>, angle: number): OurShape2 }
export interface OurContact2 { penetration: number; readonly normal: Float64Array }
export interface OurCollisionData2 { reset(): void; readonly contacts: readonly OurContact2[] }
export interface Collision2d {
  Circle: new (radius: number) => OurShape2;
  Polygon: new (points: readonly (readonly number[])[]) => OurShape2;
  CollisionData2: new (options: { capacity: number; tolerance?: number }) => OurCollisionData2;
}
export type Detector2 = (a: never, b: never, data: OurCollisionData2) => number;

export function toOurs2(api: Collision2d, spec: Shape2Spec): OurShape2 {
  const shape = spec.kind === 'circle' ? new api.Circle(spec.radius) : new api.Polygon(spec.points);
  return shape.setPose(spec.position, spec.angle);
}

/** contactkit: one CollisionData2 (capacity 16, tolerance 0) reset per call. */
export function contactkit2(api: Collision2d, pairs: Pairs2, detector: Detector2, call: string): Implementation {
  const first = pairs.map((pair) => toOurs2(api, pair.a));
  const second = pairs.map((pair) => toOurs2(api, pair.b));
  return contactkitImplementation(first, second, new api.CollisionData2({ capacity: 16, tolerance: 0 }), detector as unknown as (a: OurShape2, b: OurShape2, data: OurCollisionData2) => number, call);
}

function toSat(spec: Shape2Spec): SAT.Circle | SAT.Polygon {
  const position = new SAT.Vector(spec.position[0], spec.position[1]);
  if (spec.kind === 'circle') return new SAT.Circle(position, spec.radius);
  // setAngle precomputes the rotated points (calcPoints), so the timed test does not rotate.
  return new SAT.Polygon(position, spec.points.map(([x, y]) => new SAT.Vector(x, y))).setAngle(spec.angle);
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
  // overlapN points from SAT's first argument toward its second; ours from the pair's second shape to its first.
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
        : { count, penetration: response.overlap, normal: [sign * response.overlapN.x, sign * response.overlapN.y] };
    },
  };
}

interface PlanckPose { shape: planck.CircleShape | planck.PolygonShape; transform: planck.Transform; radius: number }

function toPlanck(spec: Shape2Spec): PlanckPose {
  const transform = planck.Transform(planck.Vec2(spec.position[0], spec.position[1]), spec.angle);
  if (spec.kind === 'circle') return { shape: new planck.Circle(spec.radius), transform, radius: spec.radius };
  const shape = new planck.Polygon(spec.points.map(([x, y]) => planck.Vec2(x, y)));
  // planck pads polygons with a skin of 2 linearSlop (0.01) and reports pairs within it as
  // touching; without it the geometry and the contact rule are the same as ours (tolerance 0).
  shape.m_radius = 0;
  return { shape, transform, radius: 0 };
}

type PlanckCollide = (manifold: planck.Manifold, a: never, xfA: planck.TransformValue, b: never, xfB: planck.TransformValue) => void;

/**
 * planck: its manifold function into a reused Manifold (local frame), then `getWorldManifold` into a
 * reused WorldManifold for world points, normal and separations: the same output as ours. `swap`
 * as for SAT (CollidePolygonCircle takes the polygon first); planck's normal points from its first
 * shape toward its second.
 */
export function planck2(pairs: Pairs2, collideFn: PlanckCollide, call: string, swap: boolean): Implementation {
  const first = pairs.map((pair) => toPlanck(swap ? pair.b : pair.a));
  const second = pairs.map((pair) => toPlanck(swap ? pair.a : pair.b));
  const manifold = new planck.Manifold();
  const world = new planck.WorldManifold();
  const collide = collideFn as unknown as (m: planck.Manifold, a: unknown, xfA: planck.Transform, b: unknown, xfB: planck.Transform) => void;
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
      return deepest(count, (k) => -world.separations[k]!, () => [sign * world.normal.x, sign * world.normal.y]);
    },
  };
}
