/**
 * The 3D implementations on the same configurations: contactkit's detectors, cannon-es's
 * narrowphase as its World calls it, Rapier's `Shape.contactShape` and, for box-box, OimoPhysics's
 * `BoxBoxDetector`. Each converts the
 * configurations into its own objects once, here, before any timing.
 */
import RAPIER from '@dimforge/rapier3d-compat';
import * as CANNON from 'cannon-es';
import { oimo } from 'oimophysics';
import {
  Box,
  Capsule,
  CollisionData,
  ConvexHull,
  HalfSpace,
  Heightfield,
  Sphere,
  TriangleMesh,
} from '@contactkit/contacts3d';
import { type Implementation, contactkitImplementation, deepest, sink } from './harness.js';
import type {
  BoxSpec,
  CapsuleSpec,
  HullSpec,
  Pairs3,
  Shape3Spec,
  Terrain,
  TerrainSpec,
} from './inputs.js';
import { zTo } from './space.js';
import { meshOf } from './terrain.js';

/** Any of our 3D shapes. */
export type OurShape = Sphere | Box | HalfSpace | Capsule | ConvexHull | TriangleMesh | Heightfield;

/**
 * What `make` builds from `spec`, built once per spec object: every configuration of a terrain
 * row shares one terrain spec, and its mesh is built once, before timing, as a game builds its
 * level once.
 */
export function once<K extends object, T>(cache: WeakMap<K, T>, spec: K, make: () => T): T {
  let value = cache.get(spec);
  if (value === undefined) {
    value = make();
    cache.set(spec, value);
  }
  return value;
}

const ourTerrain = new WeakMap<TerrainSpec, OurShape>();
/** A contactkit detector: writes contacts into `data` and returns how many. */
export type Detector3 = (a: never, b: never, data: CollisionData) => number;

export function toOurs(spec: Shape3Spec): OurShape {
  switch (spec.kind) {
    case 'sphere':
      return new Sphere(spec.radius).setPose(spec.position, spec.quaternion);
    case 'box':
      return new Box(spec.halfSize).setPose(spec.position, spec.quaternion);
    case 'halfspace':
      return new HalfSpace(spec.normal, spec.offset);
    case 'capsule':
      return new Capsule(spec.radius, spec.halfLength).setPose(spec.position, spec.quaternion);
    case 'hull':
      return ConvexHull.fromPoints(spec.points).setPose(spec.position, spec.quaternion);
    case 'trianglemesh':
      return once(ourTerrain, spec, () => {
        const { vertices, indices } = meshOf(spec.terrain);
        return new TriangleMesh(vertices, indices);
      });
    case 'heightfield':
      return once(ourTerrain, spec, () => {
        const t = spec.terrain;
        return new Heightfield(t.rows, t.columns, t.heights, t.cellSize);
      });
  }
}

/**
 * contactkit: one CollisionData reset per call, as a solver's pair loop would (capacity 16,
 * tolerance 0).
 */
export function contactkit3(pairs: Pairs3, detector: Detector3, call: string): Implementation {
  const first = pairs.map((pair) => toOurs(pair.a));
  const second = pairs.map((pair) => toOurs(pair.b));
  return contactkitImplementation(
    first,
    second,
    new CollisionData({ capacity: 16, tolerance: 0 }),
    detector as unknown as (a: OurShape, b: OurShape, data: CollisionData) => number,
    call,
  );
}

/**
 * A cannon-es ConvexPolyhedron with our hull's vertices and polygonal faces (counter-clockwise
 * seen from outside, as cannon takes them), so both libraries see the same polyhedron. cannon
 * warns when a face normal points away from a vertex seen from the body's origin: a hull whose
 * points do not surround their frame's origin (a few of the random ones) draws that warning
 * with correct faces.
 */
function cannonHull(spec: HullSpec): CANNON.ConvexPolyhedron {
  const hull = ConvexHull.fromPoints(spec.points);
  const vertices: CANNON.Vec3[] = [];
  for (let i = 0; i < hull.vertexCount; i++) {
    vertices.push(
      new CANNON.Vec3(hull.vertices[3 * i]!, hull.vertices[3 * i + 1]!, hull.vertices[3 * i + 2]!),
    );
  }
  const faces: number[][] = [];
  for (let f = 0; f < hull.faceCount; f++) {
    faces.push(Array.from(hull.faceVertices.subarray(hull.faceStart[f]!, hull.faceStart[f + 1]!)));
  }
  return new CANNON.ConvexPolyhedron({ vertices, faces });
}

function toCannon(spec: Shape3Spec): CANNON.Body {
  switch (spec.kind) {
    case 'hull': {
      const body = new CANNON.Body({ mass: 1, shape: cannonHull(spec) });
      body.position.set(...spec.position);
      body.quaternion.set(...spec.quaternion);
      return body;
    }
    case 'sphere':
    case 'box': {
      const shape = spec.kind === 'sphere'
        ? new CANNON.Sphere(spec.radius)
        : new CANNON.Box(new CANNON.Vec3(...spec.halfSize));
      const body = new CANNON.Body({ mass: 1, shape });
      body.position.set(...spec.position);
      body.quaternion.set(...spec.quaternion);
      return body;
    }
    case 'halfspace': {
      // cannon's Plane is the half-space below its local z = 0 plane, normal +z.
      const body = new CANNON.Body({ mass: 0, shape: new CANNON.Plane() });
      body.quaternion.set(...zTo(spec.normal));
      body.position.set(
        spec.normal[0] * spec.offset,
        spec.normal[1] * spec.offset,
        spec.normal[2] * spec.offset,
      );
      return body;
    }
    case 'capsule':
      throw new Error('cannon-es has no capsule');
    case 'trianglemesh':
      return once(cannonTerrain, spec, () => {
        const { vertices, indices } = meshOf(spec.terrain);
        return new CANNON.Body({
          mass: 0,
          shape: new CANNON.Trimesh(Array.from(vertices), Array.from(indices)),
        });
      });
    case 'heightfield':
      return once(cannonTerrain, spec, () => cannonHeightfield(spec));
  }
}

const cannonTerrain = new WeakMap<TerrainSpec, CANNON.Body>();

/**
 * cannon-es's Heightfield lies in its local XY plane with heights along local Z, `data[x][y]`:
 * turned -90 degrees about X (local Z to world Y, local Y to world -Z) and moved so that our row
 * i lands at z = i cells.
 */
function cannonHeightfield(spec: TerrainSpec): CANNON.Body {
  const t = spec.terrain;
  const data: number[][] = [];
  for (let j = 0; j < t.columns; j++) {
    const column: number[] = [];
    for (let i = t.rows - 1; i >= 0; i--) column.push(t.heights[i * t.columns + j]!);
    data.push(column);
  }
  const body = new CANNON.Body({
    mass: 0,
    shape: new CANNON.Heightfield(data, { elementSize: t.cellSize }),
  });
  body.quaternion.setFromAxisAngle(new CANNON.Vec3(1, 0, 0), -Math.PI / 2);
  body.position.set(0, 0, (t.rows - 1) * t.cellSize);
  return body;
}

/**
 * cannon-es: `Narrowphase.getContacts` on one body pair with the pooled equations, exactly as
 * `World.step` drives it: the previous call's contact and friction equations go back into the
 * pools first, so steady-state calls reuse them. The friction equations (two per contact, with the
 * default contact material) are part of what cannon's narrowphase builds.
 */
export function cannon3(pairs: Pairs3, call: string): Implementation {
  const world = new CANNON.World();
  const narrowphase = world.narrowphase;
  const first = pairs.map((pair) => toCannon(pair.a));
  const second = pairs.map((pair) => toCannon(pair.b));
  const result: CANNON.ContactEquation[] = [];
  const oldContacts: CANNON.ContactEquation[] = [];
  const frictionResult: CANNON.FrictionEquation[] = [];
  const frictionPool: CANNON.FrictionEquation[] = [];
  const bodiesA: CANNON.Body[] = [first[0]!];
  const bodiesB: CANNON.Body[] = [second[0]!];
  const run = (i: number): number => {
    for (let k = 0; k < result.length; k++) oldContacts.push(result[k]!);
    result.length = 0;
    for (let k = 0; k < frictionResult.length; k++) frictionPool.push(frictionResult[k]!);
    frictionResult.length = 0;
    bodiesA[0] = first[i]!;
    bodiesB[0] = second[i]!;
    narrowphase.getContacts(
      bodiesA,
      bodiesB,
      world,
      result,
      oldContacts,
      frictionResult,
      frictionPool,
    );
    const count = result.length;
    let penetration = 0;
    for (let k = 0; k < count; k++) penetration += cannonPenetration(result[k]!);
    sink[0]! += penetration;
    return count;
  };
  return {
    library: 'cannon-es',
    call,
    run,
    inspect: (i) => {
      const count = run(i);
      return deepest(count, (k) => cannonPenetration(result[k]!), (k) => {
        // ni points from equation body bi toward bj; ours from the second shape toward the first.
        const equation = result[k]!;
        const sign = equation.bi === first[i] ? -1 : 1;
        return [sign * equation.ni.x, sign * equation.ni.y, sign * equation.ni.z];
      });
    },
  };
}

/** Depth along ni of the equation's two witness points (world = body position + r). */
function cannonPenetration(equation: CANNON.ContactEquation): number {
  const bi = equation.bi.position,
    bj = equation.bj.position,
    ri = equation.ri,
    rj = equation.rj,
    n = equation.ni;
  return -((bj.x + rj.x - bi.x - ri.x) * n.x + (bj.y + rj.y - bi.y - ri.y) * n.y +
    (bj.z + rj.z - bi.z - ri.z) * n.z);
}

interface RapierPose {
  shape: RAPIER.Shape;
  position: RAPIER.Vector;
  rotation: RAPIER.Rotation;
}

function toRapier(spec: Shape3Spec): RapierPose {
  switch (spec.kind) {
    case 'hull': {
      const [x, y, z] = spec.position;
      const [qx, qy, qz, qw] = spec.quaternion;
      // Rapier computes the hull of the points itself (indices null).
      const shape = new RAPIER.ConvexPolyhedron(new Float32Array(spec.points), null);
      return { shape, position: { x, y, z }, rotation: { x: qx, y: qy, z: qz, w: qw } };
    }
    case 'sphere':
    case 'box':
    case 'capsule': {
      const [x, y, z] = spec.position;
      const [qx, qy, qz, qw] = spec.quaternion;
      // Rapier's capsule lies along its local Y, as ours: Capsule(halfHeight, radius).
      const shape = spec.kind === 'sphere'
        ? new RAPIER.Ball(spec.radius)
        : spec.kind === 'capsule'
        ? new RAPIER.Capsule(spec.halfLength, spec.radius)
        : new RAPIER.Cuboid(...spec.halfSize);
      return { shape, position: { x, y, z }, rotation: { x: qx, y: qy, z: qz, w: qw } };
    }
    case 'halfspace': {
      const [x, y, z] = spec.normal;
      const o = spec.offset;
      return {
        shape: new RAPIER.HalfSpace({ x, y, z }),
        position: { x: x * o, y: y * o, z: z * o },
        rotation: { x: 0, y: 0, z: 0, w: 1 },
      };
    }
    case 'trianglemesh':
      return once(rapierTerrain, spec, () => {
        const { vertices, indices } = meshOf(spec.terrain);
        return {
          shape: new RAPIER.TriMesh(new Float32Array(vertices), indices),
          position: { x: 0, y: 0, z: 0 },
          rotation: { x: 0, y: 0, z: 0, w: 1 },
        };
      });
    case 'heightfield':
      return once(rapierTerrain, spec, () => rapierHeightfield(spec));
  }
}

const rapierTerrain = new WeakMap<TerrainSpec, RapierPose>();

/**
 * Rapier's Heightfield: a matrix of heights (column-major) whose rows run along its local z and
 * columns along its local x, centred on its origin with `scale` its full size, each cell split
 * along the diagonal from (i + 1, j) to (i, j + 1), the other one from ours (a ray down the middle
 * of a cell whose corner (i + 1, j + 1) alone is raised to 1 finds height 0, not 0.5). Turned a
 * quarter turn about Y, a grid's main diagonals become anti-diagonals: our point (i, j) is its
 * point (j, rows - 1 - i), so both libraries split every cell alike and meet the same surface.
 */
function rapierHeightfieldData(t: Terrain): {
  rows: number;
  columns: number;
  heights: Float32Array;
  scale: RAPIER.Vector;
  position: RAPIER.Vector;
  rotation: RAPIER.Rotation;
} {
  const rows = t.columns, columns = t.rows;
  const heights = new Float32Array(rows * columns);
  for (let i = 0; i < t.rows; i++) {
    for (let j = 0; j < t.columns; j++) {
      heights[j + (t.rows - 1 - i) * rows] = t.heights[i * t.columns + j]!;
    }
  }
  const width = (t.columns - 1) * t.cellSize, depth = (t.rows - 1) * t.cellSize;
  // A quarter turn about Y takes its local (x, z) to world (z, -x).
  return {
    rows,
    columns,
    heights,
    scale: { x: depth, y: 1, z: width },
    position: { x: width / 2, y: 0, z: depth / 2 },
    rotation: { x: 0, y: Math.SQRT1_2, z: 0, w: Math.SQRT1_2 },
  };
}

function rapierHeightfield(spec: TerrainSpec): RapierPose {
  const data = rapierHeightfieldData(spec.terrain);
  return {
    shape: new RAPIER.Heightfield(data.rows - 1, data.columns - 1, data.heights, data.scale),
    position: data.position,
    rotation: data.rotation,
  };
}

/** Loads Rapier's WebAssembly; call once before `rapier3`. */
export async function initRapier(): Promise<void> {
  await RAPIER.init();
}

/**
 * Rapier: `Shape.contactShape` with prediction 0 and a reused ShapeContact target. It answers
 * with the single deepest point pair, not a manifold. With a half-space the half-space is
 * queried as the first shape: rapier3d-compat 0.21 returns a wrong distance for a ball or cuboid
 * first and a half-space second (a ball of radius 1 at height 0.9 over y = 0 gives -1.9, not
 * -0.1), while the other order is right.
 */
export function rapier3(pairs: Pairs3, call: string): Implementation {
  const first = pairs.map((pair) => toRapier(pair.a));
  const second = pairs.map((pair) => toRapier(pair.b));
  const zero = (): RAPIER.Vector => ({ x: 0, y: 0, z: 0 });
  const target = new RAPIER.ShapeContact(0, zero(), zero(), zero(), zero());
  let last: RAPIER.ShapeContact | null = null;
  const halfSpaceSecond = pairs[0]?.b.kind === 'halfspace';
  const run = halfSpaceSecond
    ? (i: number): number => {
      const a = first[i]!, b = second[i]!;
      last = b.shape.contactShape(
        b.position,
        b.rotation,
        a.shape,
        a.position,
        a.rotation,
        0,
        target,
      );
      if (last === null) return 0;
      sink[0]! -= last.distance;
      return 1;
    }
    : (i: number): number => {
      const a = first[i]!, b = second[i]!;
      last = a.shape.contactShape(
        a.position,
        a.rotation,
        b.shape,
        b.position,
        b.rotation,
        0,
        target,
      );
      if (last === null) return 0;
      sink[0]! -= last.distance;
      return 1;
    };
  return rapierRow(call, () => halfSpaceSecond, run, () => last);
}

/**
 * Rapier's row from its `run`, which leaves its answer (or null) where `last` reads it; the
 * half-space, when configuration i has one (`halfSpaceSecond(i)`), was queried first.
 */
export function rapierRow(
  call: string,
  halfSpaceSecond: (i: number) => boolean,
  run: (i: number) => number,
  last: () => RAPIER.ShapeContact | null,
): Implementation {
  return {
    library: 'rapier',
    call,
    note: 'one point (the deepest), not a manifold',
    run,
    inspect: (i) => {
      const count = run(i);
      const contact = last();
      if (contact === null) return { count, penetration: NaN, normal: [] };
      // normal1 is the outward normal of the shape queried first, toward the other one; ours
      // points from the second shape toward the first.
      const sign = halfSpaceSecond(i) ? 1 : -1;
      return {
        count,
        penetration: -contact.distance,
        normal: [sign * contact.normal1.x, sign * contact.normal1.y, sign * contact.normal1.z],
      };
    },
  };
}

/** A Rapier collider description of `spec`, posed. */
export function rapierColliderDesc(spec: Shape3Spec): RAPIER.ColliderDesc {
  const pose = (
    desc: RAPIER.ColliderDesc | null,
    position: readonly number[],
    q: readonly number[],
  ): RAPIER.ColliderDesc => {
    if (desc === null) throw new Error(`Rapier refused a ${spec.kind}`);
    return desc
      .setTranslation(position[0]!, position[1]!, position[2]!)
      .setRotation({ x: q[0]!, y: q[1]!, z: q[2]!, w: q[3]! });
  };
  switch (spec.kind) {
    case 'sphere':
      return pose(RAPIER.ColliderDesc.ball(spec.radius), spec.position, spec.quaternion);
    case 'capsule':
      return pose(
        RAPIER.ColliderDesc.capsule(spec.halfLength, spec.radius),
        spec.position,
        spec.quaternion,
      );
    case 'box':
      return pose(RAPIER.ColliderDesc.cuboid(...spec.halfSize), spec.position, spec.quaternion);
    case 'hull':
      return pose(
        RAPIER.ColliderDesc.convexHull(new Float32Array(spec.points)),
        spec.position,
        spec.quaternion,
      );
    case 'trianglemesh': {
      const { vertices, indices } = meshOf(spec.terrain);
      return RAPIER.ColliderDesc.trimesh(new Float32Array(vertices), indices);
    }
    case 'heightfield': {
      const data = rapierHeightfieldData(spec.terrain);
      return RAPIER.ColliderDesc.heightfield(
        data.rows - 1,
        data.columns - 1,
        data.heights,
        data.scale,
      )
        .setTranslation(data.position.x, data.position.y, data.position.z)
        .setRotation(data.rotation);
    }
    case 'halfspace': {
      const [x, y, z] = spec.normal;
      const o = spec.offset;
      return new RAPIER.ColliderDesc(new RAPIER.HalfSpace({ x, y, z })).setTranslation(
        x * o,
        y * o,
        z * o,
      );
    }
  }
}

/**
 * Rapier: `collider.contactCollider(other, 0, target)` on colliders of a world that is never
 * stepped, built once per shape, so each keeps its WebAssembly shape as a Rapier world does; a
 * terrain is one collider. `Shape.contactShape` instead converts both shapes into new
 * WebAssembly shapes on every call (its `intoRaw`): 2.1 against 0.36 microseconds a call for two
 * balls, and against a mesh it rebuilds the mesh and its hierarchy each time (4 ms a call on
 * 9,800 triangles). One point (the deepest), as `contactShape`. A half-space is queried first,
 * as in `rapier3`.
 */
export function rapierColliders3(pairs: Pairs3, call: string): Implementation {
  const world = new RAPIER.World({ x: 0, y: 0, z: 0 });
  const built = new Map<Shape3Spec, RAPIER.Collider>();
  const collider = (spec: Shape3Spec): RAPIER.Collider => {
    let found = built.get(spec);
    if (found === undefined) {
      found = world.createCollider(rapierColliderDesc(spec));
      built.set(spec, found);
    }
    return found;
  };
  const halfSpaceSecond = pairs[0]?.b.kind === 'halfspace';
  const first = pairs.map((pair) => collider(halfSpaceSecond ? pair.b : pair.a));
  const second = pairs.map((pair) => collider(halfSpaceSecond ? pair.a : pair.b));
  const zero = (): RAPIER.Vector => ({ x: 0, y: 0, z: 0 });
  const target = new RAPIER.ShapeContact(0, zero(), zero(), zero(), zero());
  let last: RAPIER.ShapeContact | null = null;
  const run = (i: number): number => {
    last = first[i]!.contactCollider(second[i]!, 0, target);
    if (last === null) return 0;
    sink[0]! -= last.distance;
    return 1;
  };
  return rapierRow(call, () => halfSpaceSecond, run, () => last);
}

function toOimo(
  spec: BoxSpec | HullSpec,
): { geometry: oimo.collision.geometry.ConvexGeometry; transform: oimo.common.Transform; } {
  const [x, y, z] = spec.position;
  const [qx, qy, qz, qw] = spec.quaternion;
  const transform = new oimo.common.Transform();
  transform.setPosition(new oimo.common.Vec3(x, y, z));
  transform.setOrientation(new oimo.common.Quat(qx, qy, qz, qw));
  if (spec.kind === 'hull') {
    const vertices: oimo.common.Vec3[] = [];
    for (let i = 0; i < spec.points.length; i += 3) {
      vertices.push(
        new oimo.common.Vec3(spec.points[i]!, spec.points[i + 1]!, spec.points[i + 2]!),
      );
    }
    return { geometry: new oimo.collision.geometry.ConvexHullGeometry(vertices), transform };
  }
  const [hx, hy, hz] = spec.halfSize;
  return {
    geometry: new oimo.collision.geometry.BoxGeometry(new oimo.common.Vec3(hx, hy, hz)),
    transform,
  };
}

/**
 * OimoPhysics: `BoxBoxDetector.detect(result, geom1, geom2, tf1, tf2, cachedData)` into a reused
 * DetectorResult, with one CachedDetectorData per pair as its world keeps one per contact. It
 * answers with a face-clipped manifold of up to 4 points (its `Setting.maxManifoldPoints`), each
 * a pair of witness points and a depth; its normal points from the second geometry toward the
 * first, as ours does (a cube resting on a slab passed first gets -y). Hulls (ConvexHullGeometry
 * of the same points) go through its `GjkEpaDetector`, which answers with one point.
 */
export function oimo3(pairs: Pairs3, call: string): Implementation {
  const first = pairs.map((pair) => toOimo(pair.a as BoxSpec | HullSpec));
  const second = pairs.map((pair) => toOimo(pair.b as BoxSpec | HullSpec));
  const cached = pairs.map(() => new oimo.collision.narrowphase.detector.CachedDetectorData());
  // Boxes: its box-box SAT; hulls: its general convex detector, GJK then EPA.
  const detector = pairs[0]?.a.kind === 'hull'
    ? new oimo.collision.narrowphase.detector.GjkEpaDetector()
    : new oimo.collision.narrowphase.detector.BoxBoxDetector();
  const result = new oimo.collision.narrowphase.DetectorResult();
  const note = pairs[0]?.a.kind === 'hull' ? 'one point (GJK/EPA)' : 'up to 4 points';
  return oimoRow(call, note, result, (i) => {
    const a = first[i]!, b = second[i]!;
    detector.detect(result, a.geometry, b.geometry, a.transform, b.transform, cached[i]!);
  });
}

/**
 * OimoPhysics's row from `detect`, which answers configuration i into `result`: the depths summed
 * into the sink, the deepest point inspected.
 */
export function oimoRow(
  call: string,
  note: string,
  result: oimo.collision.narrowphase.DetectorResult,
  detect: (i: number) => void,
): Implementation {
  const run = (i: number): number => {
    detect(i);
    const count = result.numPoints;
    let penetration = 0;
    for (let k = 0; k < count; k++) penetration += result.points[k]!.depth;
    sink[0]! += penetration;
    return count;
  };
  return {
    library: 'oimophysics',
    call,
    note,
    run,
    inspect: (i) => {
      const count = run(i);
      const n = result.normal;
      return deepest(count, (k) => result.points[k]!.depth, () => [n.x, n.y, n.z]);
    },
  };
}

function toOimoShape(
  spec: BoxSpec | CapsuleSpec | HullSpec,
): { geometry: oimo.collision.geometry.Geometry; transform: oimo.common.Transform; } {
  if (spec.kind === 'hull') return toOimo(spec);
  const [x, y, z] = spec.position;
  const [qx, qy, qz, qw] = spec.quaternion;
  const transform = new oimo.common.Transform();
  transform.setPosition(new oimo.common.Vec3(x, y, z));
  transform.setOrientation(new oimo.common.Quat(qx, qy, qz, qw));
  const geometry = spec.kind === 'box'
    ? new oimo.collision.geometry.BoxGeometry(new oimo.common.Vec3(...spec.halfSize))
    : new oimo.collision.geometry.CapsuleGeometry(spec.radius, spec.halfLength);
  return { geometry, transform };
}

/**
 * OimoPhysics for capsule pairs: the detector its world picks for the two geometry types
 * (`CollisionMatrix.getDetector`: `CapsuleCapsuleDetector`, one point; for a box or a convex hull
 * and a capsule its `GjkEpaDetector`, one point), called as `oimo3` calls BoxBoxDetector.
 */
export function oimoCapsule3(pairs: Pairs3, call: string): Implementation {
  const first = pairs.map((pair) => toOimoShape(pair.a as BoxSpec | CapsuleSpec | HullSpec));
  const second = pairs.map((pair) => toOimoShape(pair.b as BoxSpec | CapsuleSpec));
  const cached = pairs.map(() => new oimo.collision.narrowphase.detector.CachedDetectorData());
  const matrix = new oimo.collision.narrowphase.CollisionMatrix();
  const detector = matrix.getDetector(
    first[0]!.geometry.getType(),
    second[0]!.geometry.getType(),
  );
  const result = new oimo.collision.narrowphase.DetectorResult();
  return oimoRow(call, 'one point', result, (i) => {
    const a = first[i]!, b = second[i]!;
    detector.detect(result, a.geometry, b.geometry, a.transform, b.transform, cached[i]!);
  });
}
