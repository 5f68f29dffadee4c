/**
 * Hull specs, their random generation and an oracle for the hull pairs, written from the
 * definitions and sharing no code with the detectors: it reads a built hull's vertex, face and
 * edge lists (the build is tested on its own, convex-hull.test.ts) and poses them with the plain
 * quaternion algebra of shapes.ts.
 * - Polytope against polytope (hull or box): the separating-axis test over every face normal
 *   and every cross product of two edges (no pruning), each axis measured by projecting all
 *   vertices: exact when overlapping (the penetration depth of two convex polyhedra is attained
 *   on one of these axes); when apart, the largest separation, a lower bound of the gap.
 * - Polytope against sphere: the closest point of the polytope over a fan triangulation of its
 *   faces (Ericson 5.1.5, point to triangle); a centre inside leaves through the nearest face.
 * - Polytope against a half-space or plane: the extreme vertices along the normal.
 * Tests only; not exported by the package.
 */
import type { Random } from '@contactkit/test-support';
import { ConvexHull } from '../shapes/convex-hull.js';
import {
  add,
  boxCorners,
  dot,
  length,
  multiplyQuat,
  rotate,
  rotationColumns,
  scale,
  sub,
  worldPlane,
  type BoxSpec,
  type PlaneSpec,
  type Quat,
  type RigidMotion,
  type SphereSpec,
  type Vec3,
} from './shapes.js';

export interface HullSpec {
  kind: 'hull';
  /** The cloud the hull is built from, in its own frame. */
  points: Vec3[];
  position: Vec3;
  rotation: Quat;
}

export type PolytopeSpec = HullSpec | BoxSpec;
export type HullPairSpec = PolytopeSpec | SphereSpec | PlaneSpec;

/** A posed polytope: world vertices, outward face normals with offsets, edge directions, faces as vertex loops. */
export interface Polytope {
  vertices: Vec3[];
  normals: Vec3[];
  offsets: number[];
  edges: Vec3[];
  faces: number[][];
}

const geometry = new WeakMap<readonly Vec3[], ConvexHull>();

/**
 * The hull of a spec's cloud, built once per cloud: specs moved or translated share their cloud
 * (the same array), so a configuration's hulls are built once for the generator's check, the
 * oracle and the detectors alike (the oracle reads only the lists, the detectors set the pose).
 */
export function hullOf(points: readonly Vec3[]): ConvexHull {
  let hull = geometry.get(points);
  if (!hull) {
    hull = ConvexHull.fromPoints(points);
    geometry.set(points, hull);
  }
  return hull;
}

const posed = new WeakMap<PolytopeSpec, Polytope>();

/** The spec's polytope in world space (specs are never changed, so each is posed once). */
export function polytope(shape: PolytopeSpec): Polytope {
  let made = posed.get(shape);
  if (!made) posed.set(shape, made = posePolytope(shape));
  return made;
}

function posePolytope(shape: PolytopeSpec): Polytope {
  if (shape.kind === 'box') {
    const vertices = boxCorners(shape);
    const axes = rotationColumns(shape.rotation);
    const normals: Vec3[] = [], offsets: number[] = [], faces: number[][] = [];
    for (let k = 0; k < 3; k++) {
      for (const sign of [1, -1]) {
        const n = scale(axes[k]!, sign);
        normals.push(n);
        offsets.push(dot(n, shape.position) + shape.halfSize[k]!);
        // The corners on this face, in a loop: corner bits (other axes p < q) 00, 01, 11, 10.
        const p = k === 0 ? 1 : 0, q = k === 2 ? 1 : 2;
        const bit = sign > 0 ? 1 << k : 0;
        faces.push([0, 1 << p, (1 << p) | (1 << q), 1 << q].map((c) => c | bit));
      }
    }
    return { vertices, normals, offsets, edges: axes, faces };
  }
  const hull = hullOf(shape.points);
  const vertices: Vec3[] = [];
  for (let i = 0; i < hull.vertexCount; i++) {
    const local: Vec3 = [
      hull.vertices[3 * i]!,
      hull.vertices[3 * i + 1]!,
      hull.vertices[3 * i + 2]!,
    ];
    vertices.push(add(rotate(shape.rotation, local), shape.position));
  }
  const normals: Vec3[] = [], offsets: number[] = [], faces: number[][] = [];
  for (let f = 0; f < hull.faceCount; f++) {
    const n = rotate(shape.rotation, [
      hull.planes[4 * f]!,
      hull.planes[4 * f + 1]!,
      hull.planes[4 * f + 2]!,
    ]);
    normals.push(n);
    offsets.push(hull.planes[4 * f + 3]! + dot(n, shape.position));
    faces.push(Array.from(hull.faceVertices.subarray(hull.faceStart[f]!, hull.faceStart[f + 1]!)));
  }
  const edges: Vec3[] = [];
  for (let e = 0; e < hull.edgeCount; e++) {
    edges.push(sub(vertices[hull.edgeVertices[2 * e + 1]!]!, vertices[hull.edgeVertices[2 * e]!]!));
  }
  return { vertices, normals, offsets, edges, faces };
}

export interface HullOracleAnswer {
  /** > 0 penetration depth, < 0 minus the gap (a lower bound of it between polytopes). */
  depth: number;
  /** Unit, from the second shape toward the first. */
  direction: Vec3;
  /** Polytope pairs: the largest separation along a face normal alone (a true lower bound of the gap). */
  faceSeparation?: number;
}

function interval(points: readonly Vec3[], axis: Vec3): [number, number] {
  let low = Infinity, high = -Infinity;
  for (const p of points) {
    const x = dot(p, axis);
    low = Math.min(low, x);
    high = Math.max(high, x);
  }
  return [low, high];
}

/**
 * Every axis of a polytope pair, measured: per axis x, y, z (unit), the first's interval low and
 * high, the second's, and 1 for a face normal (8 numbers each). A translation of the first only
 * shifts its interval along each axis, so one table answers the pushed copies too.
 */
interface AxisTable {
  readonly second: HullPairSpec;
  readonly rows: Float64Array;
}

const tables = new WeakMap<PolytopeSpec, AxisTable>();

function axisTable(first: PolytopeSpec, second: PolytopeSpec): AxisTable {
  const cached = tables.get(first);
  if (cached && cached.second === second) return cached;
  const a = polytope(first), b = polytope(second);
  const va = Float64Array.from(a.vertices.flat()), vb = Float64Array.from(b.vertices.flat());
  const faces = a.normals.length + b.normals.length;
  const rows = new Float64Array(8 * (faces + a.edges.length * b.edges.length));
  let count = 0;
  const add = (x: number, y: number, z: number, face: boolean) => {
    const k = 8 * count++;
    rows[k] = x;
    rows[k + 1] = y;
    rows[k + 2] = z;
    flatInterval(va, x, y, z, rows, k + 3);
    flatInterval(vb, x, y, z, rows, k + 5);
    rows[k + 7] = face ? 1 : 0;
  };
  for (const n of [...a.normals, ...b.normals]) add(n[0], n[1], n[2], true);
  for (const e of a.edges) {
    const le = length(e);
    for (const f of b.edges) {
      const x = e[1] * f[2] - e[2] * f[1],
        y = e[2] * f[0] - e[0] * f[2],
        z = e[0] * f[1] - e[1] * f[0];
      // The same arithmetic as scale(cross(e, f), 1 / n), so the configurations the generator
      // places by this oracle stay bit for bit what they were.
      const n = Math.hypot(x, y, z), inverse = 1 / n;
      if (n > 1e-6 * le * length(f)) add(x * inverse, y * inverse, z * inverse, false);
    }
  }
  const table = { second, rows: rows.subarray(0, 8 * count) };
  tables.set(first, table);
  return table;
}

/** The extent of flat x, y, z triples along (x, y, z): low and high into out[at], out[at + 1]. */
function flatInterval(
  v: Float64Array,
  x: number,
  y: number,
  z: number,
  out: Float64Array,
  at: number,
): void {
  let low = Infinity, high = -Infinity;
  for (let i = 0; i < v.length; i += 3) {
    const h = v[i]! * x + v[i + 1]! * y + v[i + 2]! * z;
    if (h < low) low = h;
    if (h > high) high = h;
  }
  out[at] = low;
  out[at + 1] = high;
}

/**
 * Every face normal and every cross product of two edges, each measured by projecting every
 * vertex (over flat arrays, the table kept: the test runs it 10^4 times a pair, and a list of
 * tuples per call took most of its time), the first moved by `shift` (0 for none).
 */
function polytopePolytope(
  first: PolytopeSpec,
  second: PolytopeSpec,
  shift: Vec3 = [0, 0, 0],
): HullOracleAnswer {
  const rows = axisTable(first, second).rows;
  let depth = Infinity, faceSeparation = -Infinity;
  let dx = 0, dy = 1, dz = 0;
  for (let k = 0; k < rows.length; k += 8) {
    const x = rows[k]!, y = rows[k + 1]!, z = rows[k + 2]!;
    const along = shift[0] * x + shift[1] * y + shift[2] * z;
    // Moving the first along +axis by b1 - a0 or along -axis by a1 - b0 separates them.
    const up = rows[k + 6]! - (rows[k + 3]! + along), down = rows[k + 4]! + along - rows[k + 5]!;
    const overlap = Math.min(up, down);
    if (rows[k + 7] === 1) faceSeparation = Math.max(faceSeparation, -overlap);
    if (overlap < depth) {
      depth = overlap;
      const sign = up <= down ? 1 : -1;
      dx = sign * x;
      dy = sign * y;
      dz = sign * z;
    }
  }
  return { depth, direction: [dx, dy, dz], faceSeparation };
}

/** Ericson 5.1.5: the point of triangle abc closest to p. */
export function closestOnTriangle(p: Vec3, a: Vec3, b: Vec3, c: Vec3): Vec3 {
  const ab = sub(b, a), ac = sub(c, a), ap = sub(p, a);
  const d1 = dot(ab, ap), d2 = dot(ac, ap);
  if (d1 <= 0 && d2 <= 0) return a;
  const bp = sub(p, b);
  const d3 = dot(ab, bp), d4 = dot(ac, bp);
  if (d3 >= 0 && d4 <= d3) return b;
  const vc = d1 * d4 - d3 * d2;
  if (vc <= 0 && d1 >= 0 && d3 <= 0) return add(a, scale(ab, d1 / (d1 - d3)));
  const cp = sub(p, c);
  const d5 = dot(ab, cp), d6 = dot(ac, cp);
  if (d6 >= 0 && d5 <= d6) return c;
  const vb = d5 * d2 - d1 * d6;
  if (vb <= 0 && d2 >= 0 && d6 <= 0) return add(a, scale(ac, d2 / (d2 - d6)));
  const va = d3 * d6 - d5 * d4;
  if (va <= 0 && d4 - d3 >= 0 && d5 - d6 >= 0) {
    return add(b, scale(sub(c, b), (d4 - d3) / (d4 - d3 + (d5 - d6))));
  }
  const denominator = 1 / (va + vb + vc);
  return add(a, add(scale(ab, vb * denominator), scale(ac, vc * denominator)));
}

/**
 * Signed distance from `point` to the polytope's surface: > 0 outside (Euclidean), < 0 inside (to
 * the nearest face plane).
 */
export function polytopeSignedDistance(shape: Polytope, point: Vec3): number {
  let inside = -Infinity;
  shape.normals.forEach((n, f) => (inside = Math.max(inside, dot(n, point) - shape.offsets[f]!)));
  if (inside <= 0) return inside;
  let best = Infinity;
  for (const face of shape.faces) {
    for (let k = 1; k + 1 < face.length; k++) {
      const q = closestOnTriangle(
        point,
        shape.vertices[face[0]!]!,
        shape.vertices[face[k]!]!,
        shape.vertices[face[k + 1]!]!,
      );
      best = Math.min(best, length(sub(point, q)));
    }
  }
  return best;
}

function polytopeSphere(shape: Polytope, sphere: SphereSpec): HullOracleAnswer {
  const c = sphere.position;
  let nearest = -Infinity, face = 0;
  shape.normals.forEach((n, f) => {
    const h = dot(n, c) - shape.offsets[f]!;
    if (h > nearest) {
      nearest = h;
      face = f;
    }
  });
  if (nearest <= 0) {
    return { depth: sphere.radius - nearest, direction: scale(shape.normals[face]!, -1) };
  }
  let best = Infinity, closest: Vec3 = c;
  for (const loop of shape.faces) {
    for (let k = 1; k + 1 < loop.length; k++) {
      const q = closestOnTriangle(
        c,
        shape.vertices[loop[0]!]!,
        shape.vertices[loop[k]!]!,
        shape.vertices[loop[k + 1]!]!,
      );
      const d = length(sub(c, q));
      if (d < best) {
        best = d;
        closest = q;
      }
    }
  }
  return { depth: sphere.radius - best, direction: scale(sub(closest, c), 1 / best) };
}

function polytopePlane(shape: Polytope, plane: PlaneSpec): HullOracleAnswer {
  const { normal, offset } = worldPlane(plane);
  const [low, high] = interval(shape.vertices, normal);
  const below = offset - low;
  if (plane.kind === 'halfSpace') return { depth: below, direction: normal };
  // A true plane: push the polytope wholly above (by offset - low) or wholly below (by high - offset).
  const above = high - offset;
  return below <= above
    ? { depth: below, direction: normal }
    : { depth: above, direction: scale(normal, -1) };
}

/** The oracle's answer for a polytope (first) against any shape (second). */
export function hullOracle(first: PolytopeSpec, second: HullPairSpec): HullOracleAnswer {
  const a = polytope(first);
  if (second.kind === 'sphere') return polytopeSphere(a, second);
  if (second.kind === 'hull' || second.kind === 'box') return polytopePolytope(first, second);
  return polytopePlane(a, second);
}

/**
 * `hullOracle` for the first shape moved by `offset` (the same answer as for
 * `translateSpec(first, offset)`, up to round-off; between polytopes it reuses the pair's axes).
 */
export function hullOracleMoved(
  first: PolytopeSpec,
  second: HullPairSpec,
  offset: Vec3,
): HullOracleAnswer {
  if (second.kind === 'hull' || second.kind === 'box') {
    return polytopePolytope(first, second, offset);
  }
  return hullOracle(translateSpec(first, offset), second);
}

/** Distance from `point` to the surface of any of the shapes (0 on it). */
export function hullSurfaceDistance(shape: HullPairSpec, point: Vec3): number {
  if (shape.kind === 'sphere') return Math.abs(length(sub(point, shape.position)) - shape.radius);
  if (shape.kind === 'hull' || shape.kind === 'box') {
    return Math.abs(polytopeSignedDistance(polytope(shape), point));
  }
  const { normal, offset } = worldPlane(shape);
  return Math.abs(dot(normal, point) - offset);
}

/** The shape translated by `offset`. */
export function translateSpec<T extends HullPairSpec>(shape: T, offset: readonly number[]): T {
  return { ...shape, position: add(shape.position, offset) };
}

/** The shape after the rigid motion (`motion * pose`). */
export function moveSpec<T extends HullPairSpec>(motion: RigidMotion, shape: T): T {
  return {
    ...shape,
    position: add(rotate(motion.rotation, shape.position), motion.translation),
    rotation: multiplyQuat(motion.rotation, shape.rotation),
  };
}

/** The size of a shape for tolerances: its largest extent or coordinate (at least 1). */
export function hullShapeScale(shape: HullPairSpec): number {
  let extent = 0;
  if (shape.kind === 'sphere') extent = shape.radius;
  else if (shape.kind === 'box') extent = Math.max(...shape.halfSize);
  else if (shape.kind === 'hull') extent = cloudExtent(shape.points);
  else extent = Math.abs(shape.offset);
  return Math.max(1, extent, ...shape.position.map(Math.abs));
}

const extents = new WeakMap<readonly Vec3[], number>();

/** The largest coordinate magnitude of a cloud (computed once per cloud). */
export function cloudExtent(points: readonly Vec3[]): number {
  let extent = extents.get(points);
  if (extent === undefined) {
    extent = 0;
    for (const p of points) {
      extent = Math.max(extent, Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[2]));
    }
    extents.set(points, extent);
  }
  return extent;
}

/** The radius of a ball about the shape's origin holding the shape. */
export function reach(shape: HullPairSpec): number {
  if (shape.kind === 'sphere') return shape.radius;
  if (shape.kind === 'box') return length(shape.halfSize);
  if (shape.kind === 'hull') return Math.max(...shape.points.map(length));
  return 0;
}

/**
 * A random cloud, hostile on purpose: a random blob of 4 to 20 points (with duplicates and
 * near-duplicates), points on a sphere, a box's corners with points on its faces, a cylinder, or
 * a sliver (a flat box 1e-3 of its width thick); sizes from 1e-3 to 1e3.
 */
export function randomCloud(random: Random, size = random.logRange(1e-3, 1e3)): Vec3[] {
  const points: Vec3[] = [];
  const kind = random.int(5);
  if (kind === 0) {
    const count = 4 + random.int(17);
    for (let i = 0; i < count; i++) {
      points.push([
        random.range(-size, size),
        random.range(-size, size),
        random.range(-size, size),
      ]);
      if (random.chance(0.1)) points.push([...points[i]!]);
      if (random.chance(0.1)) points.push(scale(points[i]!, 1 - 1e-12));
    }
  } else if (kind === 1) {
    const count = 6 + random.int(15);
    for (let i = 0; i < count; i++) points.push(scale(random.unitVector(), size));
  } else if (kind === 2 || kind === 4) {
    const h: Vec3 = [
      random.range(0.2, 1) * size,
      random.range(0.2, 1) * size,
      random.range(0.2, 1) * size,
    ];
    if (kind === 4) h[random.int(3)] = 1e-3 * size;
    for (let i = 0; i < 8; i++) {
      points.push([i & 1 ? h[0] : -h[0], i & 2 ? h[1] : -h[1], i & 4 ? h[2] : -h[2]]);
    }
    for (let i = 0; i < 4; i++) {
      const q: Vec3 = [
        random.range(-h[0], h[0]),
        random.range(-h[1], h[1]),
        random.range(-h[2], h[2]),
      ];
      const axis = random.int(3);
      q[axis] = random.sign() * h[axis]!;
      points.push(q);
    }
  } else {
    const sides = 3 + random.int(10), height = random.range(0.2, 1) * size;
    for (let i = 0; i < sides; i++) {
      const angle = (2 * Math.PI * i) / sides;
      points.push([size * Math.cos(angle), -height, size * Math.sin(angle)]);
      points.push([size * Math.cos(angle), height, size * Math.sin(angle)]);
    }
  }
  return points;
}

/** A random hull spec about the origin (posed by the caller). */
export function randomHull(random: Random, rotation: Quat, size?: number): HullSpec {
  for (;;) {
    const points = randomCloud(random, size);
    try {
      hullOf(points);
    } catch {
      // A blob of four points may be flat by chance; draw again.
      continue;
    }
    return { kind: 'hull', points, position: [0, 0, 0], rotation };
  }
}
