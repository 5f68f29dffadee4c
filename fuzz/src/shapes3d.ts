/**
 * 3D configurations as plain data (`ShapeDesc3`): what the generator makes, what the library
 * primitives are built from, what the oracle measures and what a failing case prints as code.
 */
import {
  type AnyPrimitive,
  Box,
  Capsule,
  ConvexHull,
  HalfSpace,
  Plane,
  Sphere,
} from '@contactkit/contacts3d';
import { bruteForceHull, extentOf, type Polytope3, posedPolytope } from './oracle-hull3d.js';
import { axesOf, type Geometry3, type Vec3 } from './oracle3d.js';

/** One 3D shape. A plane or half-space is `dot(normal, x) = offset` (normal of any length but 0). */
export type ShapeDesc3 =
  | {
    kind: 'sphere';
    radius: number;
    position: Vec3;
    quaternion: readonly [number, number, number, number];
  }
  | {
    kind: 'box';
    half: Vec3;
    position: Vec3;
    quaternion: readonly [number, number, number, number];
  }
  | {
    kind: 'capsule';
    radius: number;
    /** Half the core's length, along the local Y axis. */
    halfLength: number;
    position: Vec3;
    quaternion: readonly [number, number, number, number];
  }
  | {
    kind: 'hull';
    /** The cloud `ConvexHull.fromPoints` gets, in the hull's frame: the design and the hostile extras. */
    points: readonly Vec3[];
    /**
     * The design (a subset of `points`): every other point lies within a hair (1e-9 of the
     * size) of its hull, which the oracle takes as the truth.
     */
    design: readonly Vec3[];
    position: Vec3;
    quaternion: readonly [number, number, number, number];
  }
  | { kind: 'plane'; normal: Vec3; offset: number; }
  | { kind: 'halfspace'; normal: Vec3; offset: number; };

/** The kind of a shape slot of a pair. */
export type Kind3 = ShapeDesc3['kind'];

/** The library primitives of a pair, in order: `build3` of each, two hulls when both share one cloud. */
export function buildPair3(a: ShapeDesc3, b: ShapeDesc3): [AnyPrimitive, AnyPrimitive] {
  const first = build3(a);
  const shared = a.kind === 'hull' && b.kind === 'hull' && a.points === b.points;
  return [first, shared ? build3(b, true) : build3(b)];
}

/**
 * The hull of each cloud, built once (or the error it threw), posed anew by every `build3`: a
 * configuration's properties build its shapes again and again (moved, rebuilt for a buffer), and a
 * cloud of 10,000 points takes milliseconds. A moved description shares its cloud; a scaled one
 * has its own.
 */
const hulls = new WeakMap<readonly Vec3[], ConvexHull | { error: unknown; }>();

function hullOf(points: readonly Vec3[]): ConvexHull {
  let hull = hulls.get(points);
  if (hull === undefined) {
    try {
      hull = ConvexHull.fromPoints(points);
    } catch (error) {
      hull = { error };
    }
    hulls.set(points, hull);
  }
  if (!(hull instanceof ConvexHull)) throw hull.error;
  return hull;
}

/**
 * The library primitive a description stands for (a hull: the one built for its cloud, re-posed;
 * `fresh` builds another).
 */
export function build3(desc: ShapeDesc3, fresh = false): AnyPrimitive {
  if (desc.kind === 'sphere') {
    return new Sphere(desc.radius).setPose(desc.position, desc.quaternion);
  }
  if (desc.kind === 'box') return new Box(desc.half).setPose(desc.position, desc.quaternion);
  if (desc.kind === 'hull') {
    const hull = fresh ? ConvexHull.fromPoints(desc.points) : hullOf(desc.points);
    return hull.setPose(desc.position, desc.quaternion);
  }
  if (desc.kind === 'capsule') {
    return new Capsule(desc.radius, desc.halfLength).setPose(desc.position, desc.quaternion);
  }
  return desc.kind === 'plane'
    ? new Plane(desc.normal, desc.offset)
    : new HalfSpace(desc.normal, desc.offset);
}

/** World-space geometry of a description, by the oracle's own rotation. */
export function geometry3(desc: ShapeDesc3): Geometry3 {
  if (desc.kind === 'sphere') return { kind: 'sphere', centre: desc.position, radius: desc.radius };
  if (desc.kind === 'box') {
    return { kind: 'box', centre: desc.position, axes: axesOf(desc.quaternion), half: desc.half };
  }
  if (desc.kind === 'hull') {
    return {
      kind: 'hull',
      polytope: posedPolytope(designHull(desc.design)!, axesOf(desc.quaternion), desc.position),
    };
  }
  if (desc.kind === 'capsule') {
    const y = axesOf(desc.quaternion)[1], p = desc.position, h = desc.halfLength;
    return {
      kind: 'capsule',
      from: [p[0] - h * y[0], p[1] - h * y[1], p[2] - h * y[2]],
      to: [p[0] + h * y[0], p[1] + h * y[1], p[2] + h * y[2]],
      radius: desc.radius,
    };
  }
  const n = Math.hypot(...desc.normal);
  return {
    kind: desc.kind,
    normal: [desc.normal[0] / n, desc.normal[1] / n, desc.normal[2] / n],
    offset: desc.offset / n,
  };
}

/** Radius of a sphere about the position holding the shape (0 for planes). */
export function size3(desc: ShapeDesc3): number {
  if (desc.kind === 'sphere') return desc.radius;
  if (desc.kind === 'box') return Math.hypot(...desc.half);
  if (desc.kind === 'capsule') return desc.radius + desc.halfLength;
  if (desc.kind === 'hull') return cloudMeasures(desc.points).radius;
  return 0;
}

const measures = new WeakMap<readonly Vec3[], { radius: number; slack: number; }>();

/** A cloud's radius about its frame's origin and its slack (see `hullSlack3`), once per cloud. */
function cloudMeasures(points: readonly Vec3[]): { radius: number; slack: number; } {
  let found = measures.get(points);
  if (!found) {
    let radius = 0, magnitude = 0;
    for (const p of points) radius = Math.max(radius, Math.hypot(p[0], p[1], p[2]));
    for (let k = 0; k < 3; k++) {
      let largest = 0;
      for (const p of points) largest = Math.max(largest, Math.abs(p[k]!));
      magnitude += largest;
    }
    const extent = extentOf(points);
    const slack = Math.max(1e-7 * extent, 3 * Number.EPSILON * magnitude) + 1e-9 * extent;
    measures.set(points, found = { radius, slack });
  }
  return found;
}

const designs = new WeakMap<readonly Vec3[], Polytope3 | null>();

/** The oracle's hull of a design, in the hull's frame (computed once per design). */
export function designHull(design: readonly Vec3[]): Polytope3 | null {
  let hull = designs.get(design);
  if (hull === undefined) designs.set(design, hull = bruteForceHull(design));
  return hull;
}

/**
 * How far a built hull may lie from the design's: its build tolerance (ConvexHull.fromPoints's
 * documented default, 1e-7 of the cloud's extent and at least 3 x 2^-52 of the sum of its largest
 * coordinates: points within it of a face are dropped, faces within it of a plane merged) plus
 * the hair the extras may lie outside the design. 0 for other shapes.
 */
export function hullSlack3(desc: ShapeDesc3): number {
  return desc.kind === 'hull' ? cloudMeasures(desc.points).slack : 0;
}

/** The largest coordinate magnitude of the configuration (for the round-off part of the shell). */
export function reach3(desc: ShapeDesc3): number {
  return desc.kind === 'plane' || desc.kind === 'halfspace'
    ? Math.abs(desc.offset) / Math.hypot(...desc.normal)
    : Math.max(...desc.position.map(Math.abs));
}

/** Quaternion product `p q` (`[x, y, z, w]`). */
export function multiply(
  p: readonly number[],
  q: readonly number[],
): [number, number, number, number] {
  const [px, py, pz, pw] = p as [number, number, number, number],
    [qx, qy, qz, qw] = q as [number, number, number, number];
  return [
    pw * qx + px * qw + py * qz - pz * qy,
    pw * qy - px * qz + py * qw + pz * qx,
    pw * qz + px * qy - py * qx + pz * qw,
    pw * qw - px * qx - py * qy - pz * qz,
  ];
}

/** The description moved by the rigid motion `x -> R(q) x + t`. */
export function moved3(desc: ShapeDesc3, q: readonly number[], t: Vec3): ShapeDesc3 {
  const [ax, ay, az] = axesOf(q);
  const rotate = (v: Vec3): Vec3 => [
    ax[0] * v[0] + ay[0] * v[1] + az[0] * v[2],
    ax[1] * v[0] + ay[1] * v[1] + az[1] * v[2],
    ax[2] * v[0] + ay[2] * v[1] + az[2] * v[2],
  ];
  if (desc.kind === 'plane' || desc.kind === 'halfspace') {
    const n = rotate(desc.normal);
    return { ...desc, normal: n, offset: desc.offset + n[0] * t[0] + n[1] * t[1] + n[2] * t[2] };
  }
  const p = rotate(desc.position);
  return {
    ...desc,
    position: [p[0] + t[0], p[1] + t[1], p[2] + t[2]],
    quaternion: multiply(q, desc.quaternion),
  };
}

/** The description scaled by `factor` about the world origin. */
export function scaled3(desc: ShapeDesc3, factor: number): ShapeDesc3 {
  if (desc.kind === 'plane' || desc.kind === 'halfspace') {
    return { ...desc, offset: desc.offset * factor };
  }
  const position = desc.position.map((x) => x * factor) as unknown as Vec3;
  if (desc.kind === 'hull') {
    const scale = (list: readonly Vec3[]) =>
      list.map((p) => [p[0] * factor, p[1] * factor, p[2] * factor] as Vec3);
    return { ...desc, points: scale(desc.points), design: scale(desc.design), position };
  }
  if (desc.kind === 'sphere') return { ...desc, radius: desc.radius * factor, position };
  if (desc.kind === 'capsule') {
    return {
      ...desc,
      radius: desc.radius * factor,
      halfLength: desc.halfLength * factor,
      position,
    };
  }
  return { ...desc, half: desc.half.map((x) => x * factor) as unknown as Vec3, position };
}

/** The code that builds the primitive. */
export function code3(desc: ShapeDesc3): string {
  const list = (v: readonly (number | string)[]) => `[${v.join(', ')}]`;
  if (desc.kind === 'sphere') {
    return `new Sphere(${desc.radius}).setPose(${list(desc.position)}, ${list(desc.quaternion)})`;
  }
  if (desc.kind === 'capsule') {
    return `new Capsule(${desc.radius}, ${desc.halfLength}).setPose(${list(desc.position)}, ${
      list(desc.quaternion)
    })`;
  }
  if (desc.kind === 'box') {
    return `new Box(${list(desc.half)}).setPose(${list(desc.position)}, ${list(desc.quaternion)})`;
  }
  if (desc.kind === 'hull') {
    return `ConvexHull.fromPoints(${list(desc.points.map((p) => list(p)))}).setPose(${
      list(desc.position)
    }, ${list(desc.quaternion)})`;
  }
  return `new ${desc.kind === 'plane' ? 'Plane' : 'HalfSpace'}(${
    list(desc.normal)
  }, ${desc.offset})`;
}
