/**
 * The oracle of the mesh subjects: brute force over every triangle, sharing no code with the
 * detectors. A configuration's static shape (a triangle mesh or a heightfield, plain data) is
 * turned into world triangles here, from the layouts DESIGN.md pins (a heightfield's grid,
 * diagonal and triangle numbering; a mesh's winding), with the documented build rules written
 * anew: vertices at exactly equal positions are one vertex, a triangle of zero area (twice its area
 * at most 1e-10 of its longest edge squared, `DEGENERATE_AREA_RATIO`) is no triangle, a hole cell has
 * none, and two triangles are neighbours across an edge when exactly they two run it, in opposite
 * directions. The moving shape is a core and a radius (Ericson 4.5.1): a sphere's centre, a
 * capsule's segment, or for a box or hull the solid polytope itself (oracle-hull3d.ts's brute-force
 * hull of its corners or points) with radius 0.
 *
 * Distances: a point to a triangle by projection onto its plane (inside when on the inner side of
 * its three edges) or else to its edges; a core meets a triangle when one of its edges crosses the
 * triangle, a triangle edge crosses one of its faces, or the triangle lies inside it; else the
 * closest pair is a core vertex and the triangle, a triangle vertex over a core face, or an edge of
 * each; two segments by the least of the four end-to-segment distances and the stationary point of
 * the squared distance when it lies inside both (the minimum of a convex quadratic over a square
 * is there or on its border). Normal cones: a face's is its normal; an
 * edge's the directions perpendicular to it that point over neither triangle at it (the polar cone
 * of the two inward directions); a vertex's the directions no edge at it leads toward.
 */
import { bruteForceHull, type Polytope3, turnedPolytope } from './oracle-hull3d.js';
import { add, axesOf, dot, hypot3, length, sub, type Vec3 } from './oracle3d.js';

/** `[x, y, z, w]`. */
export type Quat = readonly [number, number, number, number];

/** A triangle mesh as its constructor takes it, with its pose. */
export interface MeshData {
  readonly kind: 'mesh';
  readonly vertices: readonly number[];
  readonly indices: readonly number[];
  readonly twoSided: boolean;
}

/** A heightfield as its constructor takes it (holes one entry per cell, or none). */
export interface FieldData {
  readonly kind: 'heightfield';
  readonly rows: number;
  readonly columns: number;
  readonly heights: readonly number[];
  readonly cellSize: number;
  readonly holes: readonly number[] | null;
}

/** The static shape, its pose, and what the generator knows of it. */
export interface StaticData {
  readonly surface: MeshData | FieldData;
  readonly position: Vec3;
  readonly quaternion: Quat;
  /**
   * A flat floor: every triangle in the local plane y = `height` (front +y), and the local box
   * (min x, min z, max x, max z) of the floor's interior, where no boundary is near.
   */
  readonly flat: { height: number; region: readonly [number, number, number, number]; } | null;
}

/**
 * The moving shape, posed: a sphere or capsule (a radius about its centre, or about its segment
 * of half length `halfLength` along local y), a box (`half` sizes) or a convex hull (the hull of
 * `points`, in its own frame).
 */
export interface MovingData {
  readonly kind: 'sphere' | 'capsule' | 'box' | 'hull';
  readonly radius: number;
  readonly halfLength: number;
  readonly half?: Vec3;
  readonly points?: readonly Vec3[];
  readonly position: Vec3;
  readonly quaternion: Quat;
}

/**
 * A face of a polytope core: unit outward normal, offset (`n . x = offset`), corners in a loop
 * counter-clockwise seen from outside.
 */
export interface CoreFace {
  readonly n: Vec3;
  readonly offset: number;
  readonly loop: readonly Vec3[];
}

/**
 * The moving shape as the oracle measures it, in world space: a core and a radius about it. A
 * sphere's core is its centre, a capsule's its segment (`points` its two ends, -halfLength first),
 * a box's or hull's the solid polytope itself (radius 0).
 */
export interface Core {
  readonly points: readonly Vec3[];
  readonly edges: readonly (readonly [Vec3, Vec3])[];
  /** The polytope's faces (none for a sphere or capsule: their core has no inside). */
  readonly faces: readonly CoreFace[];
  readonly radius: number;
}

/** One kept triangle in world space, with its neighbourhood. */
export interface WorldTriangle {
  /** The caller's index (a heightfield's documented numbering). */
  readonly index: number;
  readonly v: readonly [Vec3, Vec3, Vec3];
  /** Unit front normal. */
  readonly n: Vec3;
  /** Unit inward direction across edge k (in the plane, into the triangle). */
  readonly inward: readonly [Vec3, Vec3, Vec3];
  /** The neighbour across edge k, or -1 (its position in `Surface.triangles`). */
  readonly neighbour: [number, number, number];
  /** The vertex keys (equal positions, one key). */
  readonly keys: readonly [number, number, number];
  /** World box, for skipping triangles beyond the best distance found. */
  readonly box: readonly [number, number, number, number, number, number];
  /** How far its normal may be off by round-off (radians): coordinates over its least height. */
  readonly normalSlack: number;
}

/** The static shape's triangles in world space. */
export interface Surface {
  readonly triangles: readonly WorldTriangle[];
  readonly twoSided: boolean;
  /** Position in `triangles` of each caller index (-1: dropped, a hole, or none). */
  readonly byIndex: Map<number, number>;
  /** World position of each vertex key, and (worked out when first asked for) the keys joined to it by an edge. */
  readonly vertexAt: Map<number, Vec3>;
  readonly ring: () => Map<number, Set<number>>;
  /** The largest world coordinate of any vertex, and the longest edge. */
  readonly reach: number;
  readonly extent: number;
}

const cross = (a: Vec3, b: Vec3): Vec3 => [
  a[1] * b[2] - a[2] * b[1],
  a[2] * b[0] - a[0] * b[2],
  a[0] * b[1] - a[1] * b[0],
];
const unit = (a: Vec3): Vec3 => {
  const l = length(a);
  return [a[0] / l, a[1] / l, a[2] / l];
};
export { add, cross, dot, length, sub, unit };

/** x -> R(q) x + p. */
export function placer(position: Vec3, quaternion: Quat): (v: Vec3) => Vec3 {
  const [x, y, z] = axesOf(quaternion);
  return (v) => [
    position[0] + x[0] * v[0] + y[0] * v[1] + z[0] * v[2],
    position[1] + x[1] * v[0] + y[1] * v[1] + z[1] * v[2],
    position[2] + x[2] * v[0] + y[2] * v[1] + z[2] * v[2],
  ];
}

/** x -> R(q)^T (x - p): world to the shape's frame. */
export function unplacer(position: Vec3, quaternion: Quat): (v: Vec3) => Vec3 {
  const [x, y, z] = axesOf(quaternion);
  return (v) => {
    const d = sub(v, position);
    return [dot(x, d), dot(y, d), dot(z, d)];
  };
}

export type LocalTriangle = {
  corners: [Vec3, Vec3, Vec3];
  index: number;
  keys: [number, number, number];
};
const locals = new WeakMap<MeshData | FieldData, LocalTriangle[]>();

/** The local triangles of the static shape (cached per shape). */
export function localTriangles(surface: MeshData | FieldData): LocalTriangle[] {
  let list = locals.get(surface);
  if (!list) locals.set(surface, list = buildLocalTriangles(surface));
  return list;
}

/** The local triangles of the static shape: corners, caller index and vertex keys. */
function buildLocalTriangles(surface: MeshData | FieldData): {
  corners: [Vec3, Vec3, Vec3];
  index: number;
  keys: [number, number, number];
}[] {
  const out: { corners: [Vec3, Vec3, Vec3]; index: number; keys: [number, number, number]; }[] = [];
  if (surface.kind === 'heightfield') {
    const { rows, columns, heights, cellSize, holes } = surface;
    const point = (i: number, j: number): Vec3 => [
      j * cellSize,
      heights[i * columns + j]!,
      i * cellSize,
    ];
    for (let i = 0; i + 1 < rows; i++) {
      for (let j = 0; j + 1 < columns; j++) {
        const cell = i * (columns - 1) + j;
        if (holes && holes[cell]) continue;
        // DESIGN.md: corners (i, j), (i + 1, j), (i + 1, j + 1), then (i, j), (i + 1, j + 1), (i, j + 1).
        const a = point(i, j), b = point(i + 1, j), c = point(i + 1, j + 1), d = point(i, j + 1);
        const ka = i * columns + j, kb = (i + 1) * columns + j, kc = (i + 1) * columns + j + 1;
        const kd = i * columns + j + 1;
        out.push({ corners: [a, b, c], index: 2 * cell, keys: [ka, kb, kc] });
        out.push({ corners: [a, c, d], index: 2 * cell + 1, keys: [ka, kc, kd] });
      }
    }
    return out;
  }
  // Exactly equal positions are one vertex (Map keys compare as SameValueZero: -0 and 0 equal).
  const keyOf = new Map<number, Map<number, Map<number, number>>>();
  const vertexKey: number[] = [];
  const v = surface.vertices;
  let count = 0;
  for (let i = 0; i < v.length / 3; i++) {
    const x = v[3 * i]!, y = v[3 * i + 1]!, z = v[3 * i + 2]!;
    let byY = keyOf.get(x);
    if (!byY) keyOf.set(x, byY = new Map());
    let byZ = byY.get(y);
    if (!byZ) byY.set(y, byZ = new Map());
    let key = byZ.get(z);
    if (key === undefined) byZ.set(z, key = count++);
    vertexKey.push(key);
  }
  const at = (i: number): Vec3 => [v[3 * i]!, v[3 * i + 1]!, v[3 * i + 2]!];
  const indices = surface.indices;
  for (let t = 0; t < indices.length / 3; t++) {
    const i0 = indices[3 * t]!, i1 = indices[3 * t + 1]!, i2 = indices[3 * t + 2]!;
    const keys: [number, number, number] = [vertexKey[i0]!, vertexKey[i1]!, vertexKey[i2]!];
    if (keys[0] === keys[1] || keys[1] === keys[2] || keys[2] === keys[0]) continue;
    const corners: [Vec3, Vec3, Vec3] = [at(i0), at(i1), at(i2)];
    const doubled = length(cross(sub(corners[1], corners[0]), sub(corners[2], corners[0])));
    const longest = Math.max(
      length(sub(corners[1], corners[0])) ** 2,
      length(sub(corners[2], corners[1])) ** 2,
      length(sub(corners[0], corners[2])) ** 2,
    );
    if (!(doubled > 1e-10 * longest)) continue;
    out.push({ corners, index: t, keys });
  }
  return out;
}

const surfaces = new WeakMap<StaticData, Surface>();

/** The world triangles of the static shape, with their neighbours (cached per configuration). */
export function surfaceOf(data: StaticData): Surface {
  const cached = surfaces.get(data);
  if (cached) return cached;
  const place = placer(data.position, data.quaternion);
  const [x, y, z] = axesOf(data.quaternion);
  const rotate = (a: Vec3): Vec3 => [
    x[0] * a[0] + y[0] * a[1] + z[0] * a[2],
    x[1] * a[0] + y[1] * a[1] + z[1] * a[2],
    x[2] * a[0] + y[2] * a[1] + z[2] * a[2],
  ];
  const local = localTriangles(data.surface);
  const twoSided = data.surface.kind === 'mesh' && data.surface.twoSided;
  // Edges by their two vertex keys: which triangles run them, and in which direction.
  let keyCount = 1;
  for (const tri of local) {
    keyCount = Math.max(keyCount, 1 + tri.keys[0], 1 + tri.keys[1], 1 + tri.keys[2]);
  }
  const edges = new Map<number, { t: number; k: number; from: number; }[]>();
  local.forEach((tri, t) => {
    for (let k = 0; k < 3; k++) {
      const a = tri.keys[k]!, b = tri.keys[(k + 1) % 3]!;
      const name = Math.min(a, b) * keyCount + Math.max(a, b);
      const users = edges.get(name);
      if (users) users.push({ t, k, from: a });
      else edges.set(name, [{ t, k, from: a }]);
    }
  });
  const vertexAt = new Map<number, Vec3>();
  let reach = Math.max(...data.position.map(Math.abs)), extent = 0;
  const triangles: WorldTriangle[] = local.map((tri) => {
    const c = tri.corners;
    const v: [Vec3, Vec3, Vec3] = [place(c[0]), place(c[1]), place(c[2])];
    // The normal from the local corners (where the generator made them exact), then turned.
    const across = cross(sub(c[1], c[0]), sub(c[2], c[0]));
    const n = unit(rotate(across));
    const inward: [Vec3, Vec3, Vec3] = [
      unit(cross(n, sub(v[1], v[0]))),
      unit(cross(n, sub(v[2], v[1]))),
      unit(cross(n, sub(v[0], v[2]))),
    ];
    const box: WorldTriangle['box'] = [
      Math.min(v[0][0], v[1][0], v[2][0]),
      Math.min(v[0][1], v[1][1], v[2][1]),
      Math.min(v[0][2], v[1][2], v[2][2]),
      Math.max(v[0][0], v[1][0], v[2][0]),
      Math.max(v[0][1], v[1][1], v[2][1]),
      Math.max(v[0][2], v[1][2], v[2][2]),
    ];
    const doubled = length(across);
    const longest = Math.max(
      length(sub(c[1], c[0])),
      length(sub(c[2], c[1])),
      length(sub(c[0], c[2])),
    );
    let localReach = 0;
    for (const p of c) {
      localReach = Math.max(localReach, Math.abs(p[0]), Math.abs(p[1]), Math.abs(p[2]));
    }
    for (let k = 0; k < 3; k++) {
      const w = v[k]!;
      vertexAt.set(tri.keys[k]!, w);
      reach = Math.max(reach, Math.abs(w[0]), Math.abs(w[1]), Math.abs(w[2]));
    }
    extent = Math.max(extent, longest);
    return {
      index: tri.index,
      v,
      n,
      inward,
      neighbour: [-1, -1, -1],
      keys: tri.keys,
      box,
      normalSlack: 1e-14 * localReach / (doubled / longest),
    };
  });
  for (const users of edges.values()) {
    if (users.length !== 2 || users[0]!.from === users[1]!.from) continue;
    triangles[users[0]!.t]!.neighbour[users[0]!.k] = users[1]!.t;
    triangles[users[1]!.t]!.neighbour[users[1]!.k] = users[0]!.t;
  }
  // The ring, which only a vertex contact's cone needs, when first asked for.
  let ring: Map<number, Set<number>> | undefined;
  const ringOf = () => {
    if (ring) return ring;
    ring = new Map();
    for (const users of edges.values()) {
      for (const { t, k } of users) {
        const a = local[t]!.keys[k]!, b = local[t]!.keys[(k + 1) % 3]!;
        if (!ring.has(a)) ring.set(a, new Set());
        if (!ring.has(b)) ring.set(b, new Set());
        ring.get(a)!.add(b);
        ring.get(b)!.add(a);
      }
    }
    return ring;
  };
  const byIndex = new Map(triangles.map((t, i) => [t.index, i]));
  const surface: Surface = { triangles, twoSided, byIndex, vertexAt, ring: ringOf, reach, extent };
  surfaces.set(data, surface);
  return surface;
}

const polytopes = new WeakMap<object, Polytope3 | null>();

/** The local polytope of a box or hull (the oracle's own brute-force hull), cached per shape. */
function localPolytope(moving: MovingData): Polytope3 | null {
  const key = (moving.kind === 'box' ? moving.half : moving.points)!;
  if (!polytopes.has(key)) {
    const h = moving.half;
    const points = h
      ? [0, 1, 2, 3, 4, 5, 6, 7].map((i): Vec3 => [
        i & 1 ? h[0] : -h[0],
        i & 2 ? h[1] : -h[1],
        i & 4 ? h[2] : -h[2],
      ])
      : moving.points!;
    polytopes.set(key, bruteForceHull(points));
  }
  return polytopes.get(key)!;
}

const cores = new WeakMap<MovingData, Core>();

/** The moving shape's core in world space (cached per shape and pose). */
export function coreOf(moving: MovingData): Core {
  let core = cores.get(moving);
  if (!core) cores.set(moving, core = buildCore(moving));
  return core;
}

/**
 * A box's or hull's local polytope turned by a quaternion, per polytope and quaternion: the
 * search for a touching placement poses one shape at one orientation many times.
 */
const turnings = new WeakMap<Polytope3, WeakMap<Quat, Polytope3>>();

/**
 * The moving shape's core in world space (a RangeError: a hull whose points span no volume), not
 * kept: for the placement search's many poses, each measured once.
 */
export function buildCore(moving: MovingData): Core {
  if (moving.kind === 'sphere' || moving.kind === 'capsule') {
    const axes = axesOf(moving.quaternion);
    const h = moving.kind === 'capsule' ? moving.halfLength : 0;
    const from = add(moving.position, axes[1], -h), to = add(moving.position, axes[1], h);
    return {
      points: h > 0 ? [from, to] : [from],
      edges: h > 0 ? [[from, to]] : [],
      faces: [],
      radius: moving.radius,
    };
  }
  const local = localPolytope(moving);
  if (!local) throw new RangeError("the oracle finds no volume in the hull's points");
  let byQuaternion = turnings.get(local);
  if (!byQuaternion) turnings.set(local, byQuaternion = new WeakMap());
  let turned = byQuaternion.get(moving.quaternion);
  if (!turned) {
    byQuaternion.set(moving.quaternion, turned = turnedPolytope(local, axesOf(moving.quaternion)));
  }
  // movedPolytope's arithmetic, the core's edges and face loops made from the moved vertices.
  const t = moving.position, turnedVertices = turned.vertices;
  const points: Vec3[] = [];
  for (const r of turnedVertices) points.push([r[0] + t[0], r[1] + t[1], r[2] + t[2]]);
  const edges: (readonly [Vec3, Vec3])[] = [];
  for (const [a, b] of turned.edges) edges.push([points[a]!, points[b]!]);
  const faces: CoreFace[] = [];
  for (let f = 0; f < turned.faces.length; f++) {
    const n = turned.normals[f]!, indices = turned.faces[f]!, loop: Vec3[] = [];
    for (const i of indices) loop.push(points[i]!);
    faces.push({ n, offset: turned.offsets[f]! + dot(n, t), loop });
  }
  return { points, edges, faces, radius: 0 };
}

/*
 * The kernels below work on plain numbers and write the points they find into the scratch
 * arrays here rather than allocating a vector per step (the suite spends most of its time in
 * them, and small arrays' garbage was an eighth of it). Each evaluates the expressions of
 * oracle3d.ts's `add`, `sub`, `dot` and `length` in the same order, so the numbers are the vector
 * form's bit for bit: a placement bisected to touching depends on every last bit of a distance.
 * None calls itself or another that writes the same scratch array while it reads one.
 */
/** The closest point of a segment (`segmentPoint`). */
const SEGMENT = new Float64Array(3);
/** The closest point of a triangle (`trianglePoint`). */
const TRIANGLE = new Float64Array(3);
/** The closest pair of two segments (`segmentsPair`): first point, then second. */
const SEGMENTS = new Float64Array(6);
/** The closest pair of a core and a triangle (`coreTrianglePair`): on the core, on the triangle. */
const CORE_TRIANGLE = new Float64Array(6);

/** Whether point (x, y, z) of the face's plane lies inside its loop. */
function insideFaceAt(face: CoreFace, x: number, y: number, z: number): boolean {
  const loop = face.loop, n = face.n, count = loop.length;
  for (let i = 0; i < count; i++) {
    const a = loop[i]!, b = loop[(i + 1) % count]!;
    const e0 = b[0] - a[0], e1 = b[1] - a[1], e2 = b[2] - a[2];
    const w0 = x - a[0], w1 = y - a[1], w2 = z - a[2];
    // (b - a) x (x - a) . n
    const side = (e1 * w2 - e2 * w1) * n[0] + (e2 * w0 - e0 * w2) * n[1] +
      (e0 * w1 - e1 * w0) * n[2];
    if (!(side >= 0)) return false;
  }
  return true;
}

/** Whether point x of the face's plane lies inside its loop. */
function insideFace(face: CoreFace, x: Vec3): boolean {
  return insideFaceAt(face, x[0], x[1], x[2]);
}

/** Writes the closest point of segment a b to (px, py, pz) into `out`. */
function segmentPoint(out: Float64Array, px: number, py: number, pz: number, a: Vec3, b: Vec3) {
  const d0 = b[0] - a[0], d1 = b[1] - a[1], d2 = b[2] - a[2];
  const dd = d0 * d0 + d1 * d1 + d2 * d2;
  const t = dd > 0
    ? Math.max(0, Math.min(1, ((px - a[0]) * d0 + (py - a[1]) * d1 + (pz - a[2]) * d2) / dd))
    : 0;
  out[0] = a[0] + t * d0;
  out[1] = a[1] + t * d1;
  out[2] = a[2] + t * d2;
}

/** Whether (x, y, z) (in the triangle's plane or near it) projects inside the triangle. */
function insideTriangle(t: WorldTriangle, x: number, y: number, z: number): boolean {
  for (let k = 0; k < 3; k++) {
    const m = t.inward[k]!, v = t.v[k]!;
    if (!(m[0] * (x - v[0]) + m[1] * (y - v[1]) + m[2] * (z - v[2]) >= 0)) return false;
  }
  return true;
}

/** Writes the closest point of the triangle to (px, py, pz) into `out`. */
function trianglePoint(out: Float64Array, t: WorldTriangle, px: number, py: number, pz: number) {
  const n = t.n, v0 = t.v[0];
  const s = -(n[0] * (px - v0[0]) + n[1] * (py - v0[1]) + n[2] * (pz - v0[2]));
  const x = px + s * n[0], y = py + s * n[1], z = pz + s * n[2];
  if (insideTriangle(t, x, y, z)) {
    out[0] = x, out[1] = y, out[2] = z;
    return;
  }
  let b0 = v0[0], b1 = v0[1], b2 = v0[2], bestDistance = Infinity;
  for (let k = 0; k < 3; k++) {
    segmentPoint(SEGMENT, px, py, pz, t.v[k]!, t.v[(k + 1) % 3]!);
    const d = hypot3(px - SEGMENT[0]!, py - SEGMENT[1]!, pz - SEGMENT[2]!);
    if (d < bestDistance) (b0 = SEGMENT[0]!, b1 = SEGMENT[1]!, b2 = SEGMENT[2]!, bestDistance = d);
  }
  out[0] = b0, out[1] = b1, out[2] = b2;
}

/** Closest point of segment a b to p. */
export function closestOnSegment(p: Vec3, a: Vec3, b: Vec3): Vec3 {
  segmentPoint(SEGMENT, p[0], p[1], p[2], a, b);
  return [SEGMENT[0]!, SEGMENT[1]!, SEGMENT[2]!];
}

/** Closest point of the triangle to p. */
export function closestOnTriangle(t: WorldTriangle, p: Vec3): Vec3 {
  trianglePoint(TRIANGLE, t, p[0], p[1], p[2]);
  return [TRIANGLE[0]!, TRIANGLE[1]!, TRIANGLE[2]!];
}

/** The pair (p, q) into `into` (`SEGMENTS` or `CORE_TRIANGLE`) when |p - q| is below `best`; the lesser distance. */
function keepCloser(
  into: Float64Array,
  best: number,
  px: number,
  py: number,
  pz: number,
  qx: number,
  qy: number,
  qz: number,
): number {
  const d = hypot3(px - qx, py - qy, pz - qz);
  if (!(d < best)) return best;
  into[0] = px, into[1] = py, into[2] = pz;
  into[3] = qx, into[4] = qy, into[5] = qz;
  return d;
}

/**
 * Writes the closest points of segments a b and c d into `SEGMENTS` (the first on a b) and
 * returns their distance: the least of the four end-to-segment pairs, taken in that order (the
 * first of equal ones), and the stationary point of the squared distance when inside the square.
 */
function segmentsPair(a: Vec3, b: Vec3, c: Vec3, d: Vec3): number {
  segmentPoint(SEGMENT, a[0], a[1], a[2], c, d);
  let best = hypot3(a[0] - SEGMENT[0]!, a[1] - SEGMENT[1]!, a[2] - SEGMENT[2]!);
  SEGMENTS[0] = a[0], SEGMENTS[1] = a[1], SEGMENTS[2] = a[2];
  SEGMENTS[3] = SEGMENT[0]!, SEGMENTS[4] = SEGMENT[1]!, SEGMENTS[5] = SEGMENT[2]!;
  segmentPoint(SEGMENT, b[0], b[1], b[2], c, d);
  best = keepCloser(SEGMENTS, best, b[0], b[1], b[2], SEGMENT[0]!, SEGMENT[1]!, SEGMENT[2]!);
  segmentPoint(SEGMENT, c[0], c[1], c[2], a, b);
  best = keepCloser(SEGMENTS, best, SEGMENT[0]!, SEGMENT[1]!, SEGMENT[2]!, c[0], c[1], c[2]);
  segmentPoint(SEGMENT, d[0], d[1], d[2], a, b);
  best = keepCloser(SEGMENTS, best, SEGMENT[0]!, SEGMENT[1]!, SEGMENT[2]!, d[0], d[1], d[2]);
  // The stationary point of |a + s u - c - t v|^2, when inside the square.
  const u0 = b[0] - a[0], u1 = b[1] - a[1], u2 = b[2] - a[2];
  const v0 = d[0] - c[0], v1 = d[1] - c[1], v2 = d[2] - c[2];
  const w0 = a[0] - c[0], w1 = a[1] - c[1], w2 = a[2] - c[2];
  const uu = u0 * u0 + u1 * u1 + u2 * u2, uv = u0 * v0 + u1 * v1 + u2 * v2;
  const vv = v0 * v0 + v1 * v1 + v2 * v2, uw = u0 * w0 + u1 * w1 + u2 * w2;
  const vw = v0 * w0 + v1 * w1 + v2 * w2;
  const det = uu * vv - uv * uv;
  if (det > 1e-14 * uu * vv) {
    const s = (uv * vw - vv * uw) / det, t = (uu * vw - uv * uw) / det;
    if (s > 0 && s < 1 && t > 0 && t < 1) {
      best = keepCloser(
        SEGMENTS,
        best,
        a[0] + s * u0,
        a[1] + s * u1,
        a[2] + s * u2,
        c[0] + t * v0,
        c[1] + t * v1,
        c[2] + t * v2,
      );
    }
  }
  return best;
}

/** The closest points of segments a b and c d (the first on a b). */
export function closestSegments(a: Vec3, b: Vec3, c: Vec3, d: Vec3): [Vec3, Vec3] {
  segmentsPair(a, b, c, d);
  const s = SEGMENTS;
  return [[s[0]!, s[1]!, s[2]!], [s[3]!, s[4]!, s[5]!]];
}

/** The closest point of a polytope core's surface to p, and whether p is inside it. */
function closestOnSolid(core: Core, p: Vec3): { q: Vec3; inside: boolean; } {
  let best: Vec3 = core.points[0]!, bestDistance = Infinity;
  const consider = (q: Vec3) => {
    const d = length(sub(p, q));
    if (d < bestDistance) (best = q, bestDistance = d);
  };
  for (const face of core.faces) {
    const projected = add(p, face.n, face.offset - dot(face.n, p));
    if (insideFace(face, projected)) consider(projected);
  }
  for (const [a, b] of core.edges) consider(closestOnSegment(p, a, b));
  return { q: best, inside: core.faces.every((f) => dot(f.n, p) <= f.offset) };
}

/** The mean of a core's points. */
export function centroidOf(core: Core): Vec3 {
  const n = core.points.length;
  return [0, 1, 2].map((i) =>
    core.points.reduce((sum, p) => sum + p[i]!, 0) / n
  ) as unknown as Vec3;
}

/**
 * A polytope core shrunk toward its centroid so that each face moves in by `by` or more (its
 * centroid alone when it is thinner than that).
 */
export function shrunk(core: Core, by: number): Core {
  const c = centroidOf(core);
  const depth = Math.min(...core.faces.map((f) => f.offset - dot(f.n, c)));
  const k = Math.max(0, 1 - by / depth);
  // A core thinner than the shrink collapses to its centroid: a point, not faces of no size,
  // which `closest` would take as holding every triangle (FINDINGS.md F149).
  if (k === 0) return { points: [c], edges: [], faces: [], radius: 0 };
  const move = (p: Vec3) => add(c, sub(p, c), k);
  return {
    points: core.points.map(move),
    edges: core.edges.map(([a, b]) => [move(a), move(b)] as const),
    faces: core.faces.map((f) => ({
      n: f.n,
      offset: dot(f.n, c) + (f.offset - dot(f.n, c)) * k,
      loop: f.loop.map(move),
    })),
    radius: 0,
  };
}

/**
 * Distance from the core (not its radius) to segment a b: 0 when the segment meets a polytope
 * core. A caller that asks only whether it is below `within` may get a bound beyond `within`
 * instead, from the boxes of the two.
 */
export function coreSegmentDistance(core: Core, a: Vec3, b: Vec3, within = Infinity): number {
  // Every point of the segment lies in the segment's box, and every point of the core in the box
  // of the core's points (a polytope core is their convex hull, and a box is convex): two
  // points, one of each, are at least as far apart as the two boxes are along any axis, so the
  // gap is at most the distance. The measure below is the distance up to round-off, a few units
  // in the last place of the largest coordinate; a gap beyond twice `within` and 1e-12 of that
  // coordinate is beyond the measure too, and the caller's answer (not below `within`) is the
  // one the measure gives, whatever it would have measured. fuzz/src/mesh-oracle3d.test.ts
  // compares the two over thousands of the suite's configurations.
  if (within < Infinity) {
    let gap = 0, reach = 0;
    for (let i = 0; i < 3; i++) {
      let low = Infinity, high = -Infinity;
      for (const p of core.points) {
        low = Math.min(low, p[i]!);
        high = Math.max(high, p[i]!);
      }
      gap = Math.max(gap, Math.min(a[i]!, b[i]!) - high, low - Math.max(a[i]!, b[i]!));
      reach = Math.max(reach, Math.abs(low), Math.abs(high), Math.abs(a[i]!), Math.abs(b[i]!));
    }
    if (gap > 2 * within + 1e-12 * reach) return gap;
  }
  let best = Infinity;
  for (const face of core.faces) {
    const ha = dot(face.n, a) - face.offset, hb = dot(face.n, b) - face.offset;
    if (ha <= 0 && hb <= 0 && core.faces.every((f) => dot(f.n, a) <= f.offset)) return 0;
    if (((ha <= 0 && hb >= 0) || (ha >= 0 && hb <= 0)) && ha !== hb) {
      if (insideFace(face, add(a, sub(b, a), ha / (ha - hb)))) return 0;
    }
    for (const v of [a, b]) {
      const projected = add(v, face.n, face.offset - dot(face.n, v));
      if (insideFace(face, projected)) best = Math.min(best, length(sub(v, projected)));
    }
  }
  for (const p of core.points) best = Math.min(best, length(sub(p, closestOnSegment(p, a, b))));
  for (const [c, d] of core.edges) {
    const [p, q] = closestSegments(c, d, a, b);
    best = Math.min(best, length(sub(p, q)));
  }
  return best;
}

/** Distance from p to the moving shape's surface (its core's, less the radius, for a sphere or capsule). */
export function shapeSurfaceDistance(core: Core, p: Vec3): number {
  if (core.faces.length > 0) return length(sub(p, closestOnSolid(core, p).q));
  const a = core.points[0]!, b = core.points[core.points.length - 1]!;
  return Math.abs(length(sub(p, closestOnSegment(p, a, b))) - core.radius);
}

/** A margin far beyond the round-off of a distance between points of coordinates up to `reach`. */
const roundOffMargin = (reach: number) => 1e-12 * reach;

/** The height of p over the triangle's plane (along its normal). */
function heightOver(t: WorldTriangle, p: Vec3): number {
  const n = t.n, v0 = t.v[0];
  return n[0] * (p[0] - v0[0]) + n[1] * (p[1] - v0[1]) + n[2] * (p[2] - v0[2]);
}

/** One point twice into `CORE_TRIANGLE` (the core meets the triangle there); distance 0. */
function meetAt(x: number, y: number, z: number): number {
  CORE_TRIANGLE[0] = CORE_TRIANGLE[3] = x;
  CORE_TRIANGLE[1] = CORE_TRIANGLE[4] = y;
  CORE_TRIANGLE[2] = CORE_TRIANGLE[5] = z;
  return hypot3(0, 0, 0);
}

/**
 * Writes the closest points of the core and the triangle into `CORE_TRIANGLE` (see
 * `coreTriangle`) and returns their distance. `margin`: at least 1e-12 of every coordinate of
 * the two (see `roundOffMargin`).
 */
function coreTrianglePair(core: Core, t: WorldTriangle, within: number, margin: number): number {
  const v0 = t.v[0], edges = core.edges, faces = core.faces, points = core.points;
  for (let e = 0; e < edges.length; e++) {
    // Where the edge crosses the triangle: through its plane, inside it.
    const [a, b] = edges[e]!;
    const ha = heightOver(t, a), hb = heightOver(t, b);
    if (!((ha < 0 && hb > 0) || (ha > 0 && hb < 0))) continue;
    const s = ha / (ha - hb);
    const x = a[0] + s * (b[0] - a[0]), y = a[1] + s * (b[1] - a[1]), z = a[2] + s * (b[2] - a[2]);
    if (insideTriangle(t, x, y, z)) return meetAt(x, y, z);
  }
  for (let f = 0; f < faces.length; f++) {
    const face = faces[f]!, m = face.n;
    for (let k = 0; k < 3; k++) {
      const a = t.v[k]!, b = t.v[(k + 1) % 3]!;
      const ha = (m[0] * a[0] + m[1] * a[1] + m[2] * a[2]) - face.offset;
      const hb = (m[0] * b[0] + m[1] * b[1] + m[2] * b[2]) - face.offset;
      if (!((ha <= 0 && hb >= 0) || (ha >= 0 && hb <= 0)) || ha === hb) continue;
      const s = ha / (ha - hb);
      const x = a[0] + s * (b[0] - a[0]), y = a[1] + s * (b[1] - a[1]);
      const z = a[2] + s * (b[2] - a[2]);
      if (insideFaceAt(face, x, y, z)) return meetAt(x, y, z);
    }
  }
  if (faces.length > 0) {
    let inside = true;
    for (let f = 0; f < faces.length && inside; f++) {
      const m = faces[f]!.n;
      inside = m[0] * v0[0] + m[1] * v0[1] + m[2] * v0[2] <= faces[f]!.offset;
    }
    if (inside) return meetAt(v0[0], v0[1], v0[2]);
  }
  let bestDistance = Infinity;
  for (let i = 0; i < points.length; i++) {
    const p = points[i]!;
    trianglePoint(TRIANGLE, t, p[0], p[1], p[2]);
    const d = hypot3(p[0] - TRIANGLE[0]!, p[1] - TRIANGLE[1]!, p[2] - TRIANGLE[2]!);
    // The first point's pair is the start, whatever its distance.
    if (i === 0 || d < bestDistance) {
      CORE_TRIANGLE[0] = p[0], CORE_TRIANGLE[1] = p[1], CORE_TRIANGLE[2] = p[2];
      CORE_TRIANGLE[3] = TRIANGLE[0]!, CORE_TRIANGLE[4] = TRIANGLE[1]!;
      CORE_TRIANGLE[5] = TRIANGLE[2]!;
      bestDistance = d;
    }
  }
  for (let e = 0; e < edges.length; e++) {
    // An edge wholly on one side of the triangle's plane is at least its nearer end's height
    // from the triangle, and at least as far as its box is from the triangle's: beyond the best
    // pair so far (or beyond what the caller needs), it can give no closer pair.
    const [a, b] = edges[e]!;
    const ha = heightOver(t, a), hb = heightOver(t, b);
    let floor = ha > 0 && hb > 0 ? Math.min(ha, hb) : ha < 0 && hb < 0 ? -Math.max(ha, hb) : 0;
    for (let i = 0; i < 3; i++) {
      floor = Math.max(
        floor,
        t.box[i]! - Math.max(a[i]!, b[i]!),
        Math.min(a[i]!, b[i]!) - t.box[3 + i]!,
      );
    }
    if (floor > Math.min(bestDistance, within)) continue;
    for (let k = 0; k < 3; k++) {
      const p = t.v[k]!, q = t.v[(k + 1) % 3]!;
      // Two segments are at least as far apart as their boxes along any axis. The measured pair
      // is two computed points, each in its segment's box but for the round-off of a + s (b - a),
      // and its distance is no less than a difference of their coordinates but for round-off:
      // a few units in the last place of the largest coordinate, far below `margin`. A gap beyond
      // the best distance and the margin gives a pair no closer than the best, which the search
      // would not keep.
      const gap = Math.max(
        Math.min(p[0], q[0]) - Math.max(a[0], b[0]),
        Math.min(a[0], b[0]) - Math.max(p[0], q[0]),
        Math.min(p[1], q[1]) - Math.max(a[1], b[1]),
        Math.min(a[1], b[1]) - Math.max(p[1], q[1]),
        Math.min(p[2], q[2]) - Math.max(a[2], b[2]),
        Math.min(a[2], b[2]) - Math.max(p[2], q[2]),
      );
      if (gap > bestDistance + margin) continue;
      segmentsPair(a, b, p, q);
      const s = SEGMENTS;
      bestDistance = keepCloser(
        CORE_TRIANGLE,
        bestDistance,
        s[0]!,
        s[1]!,
        s[2]!,
        s[3]!,
        s[4]!,
        s[5]!,
      );
    }
  }
  for (let f = 0; f < faces.length; f++) {
    const face = faces[f]!, m = face.n;
    for (let k = 0; k < 3; k++) {
      // A vertex on the inner side of the face's plane, or farther above it than the best pair,
      // gives no closer pair through that face.
      const v = t.v[k]!;
      const above = (m[0] * v[0] + m[1] * v[1] + m[2] * v[2]) - face.offset;
      if (!(above > 0 && above < bestDistance)) continue;
      const s = -above;
      const x = v[0] + s * m[0], y = v[1] + s * m[1], z = v[2] + s * m[2];
      if (insideFaceAt(face, x, y, z)) {
        bestDistance = keepCloser(CORE_TRIANGLE, bestDistance, x, y, z, v[0], v[1], v[2]);
      }
    }
  }
  return bestDistance;
}

/**
 * The closest points of the core and the triangle: [on the core, on the triangle]; one point
 * twice when they meet (a core edge crosses the triangle, or a triangle edge crosses a face of a
 * polytope core, or the triangle lies inside it). Apart, the closest pair has a core vertex, a
 * triangle vertex over a face of the core, or an edge of each. A caller that only needs pairs
 * closer than `within` may get a farther pair than the closest when every pair is beyond it.
 * `margin` (at least 1e-12 of the largest coordinate, the default) lets it skip an edge pair
 * whose boxes lie farther apart than the best pair and the margin; Infinity skips none.
 */
export function coreTriangle(
  core: Core,
  t: WorldTriangle,
  within = Infinity,
  margin = roundOffMargin(
    Math.max(...[...core.points, ...t.v].flatMap((p) => p.map((x) => Math.abs(x)))),
  ),
): [Vec3, Vec3] {
  coreTrianglePair(core, t, within, margin);
  const c = CORE_TRIANGLE;
  return [[c[0]!, c[1]!, c[2]!], [c[3]!, c[4]!, c[5]!]];
}

/** What the oracle finds between the core and the surface. */
export interface Closest {
  /** The least distance from the core's segment to any triangle (Infinity: no triangle in reach). */
  distance: number;
  /** Whether the core lies in front of the nearest triangles: the direction from its closest
   * point toward the core, against the sum of their normals, is positive (always, for a
   * two-sided mesh). */
  inFront: boolean;
}

/**
 * Per triangle of a `closest` call (scratch, grown to the largest surface): the bound without
 * the core's face planes (`cheap`), the whole bound (`bounds`), and which of the two it has
 * (0: neither, beyond `limit`; 1: cheap; 2: both).
 */
let cheap = new Float64Array(64), bounds = new Float64Array(64), state = new Uint8Array(64);
const byBound = (i: number, j: number) => bounds[i]! - bounds[j]!;
/** The distances a `closest` call kept, and the core's height over each triangle's plane (scratch). */
let kept = new Float64Array(16), heights = new Float64Array(16);
const grown = (a: Float64Array) => {
  const b = new Float64Array(2 * a.length);
  b.set(a);
  return b;
};

/**
 * The triangle's angle at its point (x, y, z), within `slack` of it: its corner's angle at a
 * vertex, pi on an edge, 2 pi inside (the weights of the angle weighted pseudonormal).
 */
function angleAt(t: WorldTriangle, x: number, y: number, z: number, slack: number): number {
  let on = 0, edge = -1;
  for (let k = 0; k < 3; k++) {
    const m = t.inward[k]!, v = t.v[k]!;
    if (m[0] * (x - v[0]) + m[1] * (y - v[1]) + m[2] * (z - v[2]) <= slack) (on++, edge = k);
  }
  if (on === 0) return 2 * Math.PI;
  if (on === 1) return Math.PI;
  // Two edges: the corner they share (edge k runs from vertex k to k + 1).
  const onFirst = t.inward[0]!, v0 = t.v[0]!;
  const firstOn = onFirst[0] * (x - v0[0]) + onFirst[1] * (y - v0[1]) + onFirst[2] * (z - v0[2]) <=
    slack;
  const corner = edge === 2 ? (firstOn ? 0 : 2) : 1;
  const a = t.v[corner]!, b = t.v[(corner + 1) % 3]!, c = t.v[(corner + 2) % 3]!;
  const u = unit(sub(b, a)), w = unit(sub(c, a));
  return Math.acos(Math.max(-1, Math.min(1, dot(u, w))));
}

/** Triangle t's whole bound: `least`, raised by each polytope face plane it lies above. */
function faceBound(t: WorldTriangle, faces: readonly CoreFace[], least: number): number {
  let bound = least;
  for (const { n: [fx, fy, fz], offset } of faces) {
    let lowest = Infinity;
    for (const v of t.v) lowest = Math.min(lowest, fx * v[0] + fy * v[1] + fz * v[2] - offset);
    bound = Math.max(bound, lowest);
  }
  return bound;
}

/**
 * The core's least distance to the surface, brute force over every triangle within `limit`.
 * Each triangle's distance is bounded from below by the gap between its box and the core's, by
 * the core's height over its plane when the whole core lies on one side (the triangle lies in its
 * plane, and the core is the convex hull of its points), and by the triangle's height over a
 * polytope core's face plane when the whole triangle lies above it: visiting the triangles in the order
 * of that bound, the search stops at the first whose bound exceeds the best distance found, and
 * at the first that meets the core (distance 0, where no side is in front).
 *
 * The visit is that of every triangle sorted by its bound (a stable sort: equal bounds in the
 * triangles' order), without working out every bound: the first triangle is the least bound's,
 * found by a scan that skips a triangle whose bound without the face planes (never more than its
 * whole bound) is no less than the least so far. After it the search stops at any bound beyond
 * the best distance so far and the slack, which never grows, so the triangles it can visit are
 * among those whose bound is within the first's distance and the slack (`reach`); their order in
 * the sort is their order among themselves, and a triangle whose bound without the face planes is
 * beyond `reach` is not one of them. fuzz/src/mesh-oracle3d.test.ts compares the answers with
 * every triangle's distance.
 */
export function closest(surface: Surface, core: Core, limit = Infinity): Closest {
  const points = core.points, faces = core.faces, triangles = surface.triangles;
  let lo0 = Infinity, lo1 = Infinity, lo2 = Infinity, hi0 = -Infinity, hi1 = -Infinity;
  let hi2 = -Infinity;
  for (const p of points) {
    lo0 = Math.min(lo0, p[0]), lo1 = Math.min(lo1, p[1]), lo2 = Math.min(lo2, p[2]);
    hi0 = Math.max(hi0, p[0]), hi1 = Math.max(hi1, p[1]), hi2 = Math.max(hi2, p[2]);
  }
  const slack = 1e-9 * (surface.extent + core.radius) + 1e-13 * surface.reach;
  if (bounds.length < triangles.length) {
    cheap = new Float64Array(2 * triangles.length);
    bounds = new Float64Array(2 * triangles.length);
    state = new Uint8Array(2 * triangles.length);
  }
  // The surface's reach covers every triangle's coordinates; the core's box, the core's.
  const margin = roundOffMargin(Math.max(
    surface.reach,
    Math.abs(lo0),
    Math.abs(lo1),
    Math.abs(lo2),
    Math.abs(hi0),
    Math.abs(hi1),
    Math.abs(hi2),
  ));
  let first = -1, least = Infinity;
  for (let at = 0; at < triangles.length; at++) {
    const t = triangles[at]!, box = t.box;
    const gap = Math.max(
      0,
      box[0] - hi0,
      lo0 - box[3],
      box[1] - hi1,
      lo1 - box[4],
      box[2] - hi2,
      lo2 - box[5],
    );
    state[at] = 0;
    if (gap > limit + slack) continue;
    const [nx, ny, nz] = t.n, [ax, ay, az] = t.v[0];
    let above = Infinity, below = Infinity;
    for (const p of points) {
      const h = nx * (p[0] - ax) + ny * (p[1] - ay) + nz * (p[2] - az);
      above = Math.min(above, h);
      below = Math.min(below, -h);
    }
    const bound = Math.max(gap, above, below);
    cheap[at] = bound, state[at] = 1;
    if (!(bound < least)) continue;
    bounds[at] = faceBound(t, faces, bound), state[at] = 2;
    if (bounds[at]! < least) (least = bounds[at]!, first = at);
  }
  let best = limit, found = 0;
  if (first < 0) return { distance: Infinity, inFront: false };
  // The first, then (once it is measured) those the search may still visit, by bound.
  const order = [first];
  for (let i = 0; i < order.length; i++) {
    const at = order[i]!;
    if (bounds[at]! > best + slack) break;
    const t = triangles[at]!;
    const d = coreTrianglePair(core, t, best + slack, margin);
    if (d === 0) return { distance: 0, inFront: false };
    if (d <= best + slack) {
      best = Math.min(best, d);
      // The pairs kept on the way: their distances and the core's height over their planes.
      const c = CORE_TRIANGLE, n = t.n;
      if (kept.length <= found) (kept = grown(kept), heights = grown(heights));
      kept[found] = d;
      heights[found] = angleAt(t, c[3]!, c[4]!, c[5]!, slack) *
        ((c[0]! - c[3]!) * n[0] + (c[1]! - c[4]!) * n[1] + (c[2]! - c[5]!) * n[2]);
      found++;
    }
    if (i > 0) continue;
    const reach = best + slack, rest: number[] = [];
    for (let at = 0; at < triangles.length; at++) {
      if (at === first || state[at] === 0 || cheap[at]! > reach) continue;
      if (state[at] === 1) bounds[at] = faceBound(triangles[at]!, faces, cheap[at]!);
      if (!(bounds[at]! > reach)) rest.push(at);
    }
    rest.sort(byBound);
    for (const at of rest) order.push(at);
  }
  if (found === 0) return { distance: Infinity, inFront: false };
  // The side by the sign test of Baerentzen and Aanaes ("Signed distance computation using the
  // angle weighted pseudonormal", IEEE TVCG 2005): the direction from the nearest point against
  // the nearest triangles' normals, each weighted by its angle at that point. Where the nearest
  // triangles disagree, the core lies on one's plane within round-off or the slack: a point on a
  // step's riser plane below its concave corner, behind the lower tread, is behind, however it
  // rounds against the riser's plane (FINDINGS.md F128); one in front of either face was "in
  // front" before.
  let height = 0;
  for (let i = 0; i < found; i++) if (kept[i]! <= best + slack) height += heights[i]!;
  const inFront = best > 0 && (surface.twoSided || height > 0);
  return { distance: best, inFront };
}

/**
 * The local height of the surface under local (x, z) (the highest triangle a vertical line meets), or
 * null. A heightfield's line meets only the triangles of the cells at (x, z) (DESIGN.md's grid:
 * cell (i, j) spans x in [j, j + 1] and z in [i, i + 1] cells), so only those cells' are tried.
 */
export function heightAt(data: StaticData, x: number, z: number): number | null {
  let best: number | null = null;
  const triangles = localTriangles(data.surface);
  for (const at of trianglesUnder(data.surface, x, x, z, z)) {
    const [a, b, c] = triangles[at]!.corners;
    // Barycentric coordinates in the xz projection.
    const det = (b[0] - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (b[2] - a[2]);
    if (det === 0) continue;
    const u = ((x - a[0]) * (c[2] - a[2]) - (c[0] - a[0]) * (z - a[2])) / det;
    const w = ((b[0] - a[0]) * (z - a[2]) - (x - a[0]) * (b[2] - a[2])) / det;
    if (u < 0 || w < 0 || u + w > 1) continue;
    const h = a[1] + u * (b[1] - a[1]) + w * (c[1] - a[1]);
    if (best === null || h > best) best = h;
  }
  return best;
}

const cellTriangles = new WeakMap<FieldData, Map<number, number[]>>();

/**
 * The positions (in `localTriangles`) of the triangles a vertical line at local x in [x0, x1], z
 * in [z0, z1] may meet: a mesh's every triangle, a heightfield's those of the cells within one
 * cell of the range (a line on a cell border meets both cells'; round-off in the cell number is
 * covered by the neighbours).
 */
function trianglesUnder(
  surface: MeshData | FieldData,
  x0: number,
  x1: number,
  z0: number,
  z1: number,
): number[] {
  if (surface.kind === 'mesh') return localTriangles(surface).map((_, at) => at);
  let byCell = cellTriangles.get(surface);
  if (!byCell) {
    byCell = new Map();
    localTriangles(surface).forEach((t, at) => {
      const cell = Math.floor(t.index / 2);
      byCell!.set(cell, [...(byCell!.get(cell) ?? []), at]);
    });
    cellTriangles.set(surface, byCell);
  }
  const c = surface.cellSize;
  const out: number[] = [];
  const r0 = Math.max(0, Math.floor(z0 / c) - 1),
    r1 = Math.min(surface.rows - 2, Math.floor(z1 / c) + 1);
  const s0 = Math.max(0, Math.floor(x0 / c) - 1);
  const s1 = Math.min(surface.columns - 2, Math.floor(x1 / c) + 1);
  for (let r = r0; r <= r1; r++) {
    for (let s = s0; s <= s1; s++) out.push(...(byCell.get(r * (surface.columns - 1) + s) ?? []));
  }
  return out;
}

/** A local triangle's corners in the xz plane, counter-clockwise, and its unit normal facing up (+y). */
function columnFrame(t: LocalTriangle): { corners: [number, number][]; n: Vec3; } {
  let corners = t.corners.map((p): [number, number] => [p[0], p[2]]);
  const [a, b, c] = corners as [[number, number], [number, number], [number, number]];
  if ((b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]) < 0) corners = [a, c, b];
  const [p, q, r] = t.corners;
  const n = unit(cross(sub(q, p), sub(r, p)));
  return { corners, n: n[1] < 0 ? [-n[0], -n[1], -n[2]] : n };
}

/**
 * The least height, along the upward normal of local triangle `at` over its plane, of the core's
 * part inside the triangle's column (the solid straight under and over it along local y;
 * DESIGN.md: a heightfield is solid below its surface), the column's walls moved out by `grow`
 * (in, if negative); null when no part of the core is in the column. The height is linear, so its
 * least over the part (a convex solid) is at one of the part's vertices, each where three of the
 * planes bounding it meet: a core vertex inside the walls or a core edge crossing a wall (both
 * the ends of the core's edges clipped to the walls, Liang-Barsky; a segment core is its one
 * edge), or a vertical edge of the column clipped to a polytope core's face planes.
 */
export function columnLow(
  data: StaticData,
  at: number,
  core: Core,
  grow: number,
): number | null {
  const t = localTriangles(data.surface)[at]!;
  const { corners, n } = columnFrame(t);
  const toLocal = unplacer(data.position, data.quaternion);
  // The walls in x, z: inward unit normal (mx, mz) and offset, inside where mx x + mz z >= w.
  const walls = [0, 1, 2].map((k) => {
    const p = corners[k]!, q = corners[(k + 1) % 3]!;
    const ex = q[0] - p[0], ez = q[1] - p[1], l = Math.hypot(ex, ez);
    const mx = -ez / l, mz = ex / l;
    return { mx, mz, w: mx * p[0] + mz * p[1] - grow };
  });
  const inside = (x: Vec3, k: number) => walls[k]!.mx * x[0] + walls[k]!.mz * x[2] - walls[k]!.w;
  const height = (x: Vec3) => dot(n, sub(x, t.corners[0]));
  let least = Infinity;
  const points = core.points.map(toLocal);
  if (core.edges.length === 0) {
    for (const p of points) {
      if ([0, 1, 2].every((k) => inside(p, k) >= 0)) least = Math.min(least, height(p));
    }
  }
  for (const [from, to] of core.edges) {
    const a = toLocal(from), b = toLocal(to);
    let low = 0, high = 1;
    for (let k = 0; k < 3; k++) {
      const ga = inside(a, k), gb = inside(b, k);
      if (ga < 0 && gb < 0) (low = 1, high = 0);
      else if (ga < 0) low = Math.max(low, ga / (ga - gb));
      else if (gb < 0) high = Math.min(high, ga / (ga - gb));
    }
    if (low > high) continue;
    least = Math.min(least, height(add(a, sub(b, a), low)), height(add(a, sub(b, a), high)));
  }
  if (core.faces.length > 0) {
    const origin = toLocal([0, 0, 0]);
    const faces = core.faces.map((f) => {
      const m = sub(toLocal(f.n), origin);
      return { m, offset: dot(m, toLocal(f.loop[0]!)) };
    });
    for (let k = 0; k < 3; k++) {
      // The column's vertical edge where wall k - 1 meets wall k (Cramer's rule in x, z).
      const u = walls[(k + 2) % 3]!, v = walls[k]!;
      const det = u.mx * v.mz - u.mz * v.mx;
      const x = (u.w * v.mz - u.mz * v.w) / det, z = (u.mx * v.w - u.w * v.mx) / det;
      let low = -Infinity, high = Infinity;
      for (const { m, offset } of faces) {
        // m . (x, y, z) <= offset along the line: m_y y <= offset - m_x x - m_z z.
        const room = offset - m[0] * x - m[2] * z;
        if (m[1] > 0) high = Math.min(high, room / m[1]);
        else if (m[1] < 0) low = Math.max(low, room / m[1]);
        else if (room < 0) (low = Infinity, high = -Infinity);
      }
      if (low > high) continue;
      least = Math.min(least, height([x, low, z]), height([x, high, z]));
    }
  }
  return least === Infinity ? null : least;
}

/** `roundedColumnLow`'s answers per core, local triangle and wall offset (the search is slow). */
const roundedLows = new WeakMap<Core, Map<string, number | null>>();

/**
 * The least height, along the upward normal of local triangle `at` over its plane, of a sphere's
 * or capsule's whole body (the core and its radius, not the core alone as `columnLow`) inside
 * the triangle's column, the walls moved out by `grow`; null when the body does not reach the
 * column. Searched, not solved: the body's lowest point on a vertical line at (x, z) is found by
 * bisection on the line (the body is convex, so the points of the line in it are one interval
 * and its lowest end follows from where the line passes the core nearest), and that point's
 * height is a convex function of (x, z) over the body's shadow (the lower surface of a convex
 * body over its shadow is convex, and the normal rises along y). Its least over the triangle's
 * shadow is the body's own lowest point when that lies inside the walls, else on a wall: along
 * each wall a ternary search over the stretch of it the body's shadow covers (found by bisection
 * from the wall's point nearest the core's shadow). With `openOnly`, the least over the body's
 * part on the open walls alone (`openWalls`: across them a hole or nothing): the body reaching
 * the solid through them, not through the surface or the next cell's solid (FINDINGS.md F160).
 */
export function roundedColumnLow(
  data: StaticData,
  at: number,
  core: Core,
  grow: number,
  openOnly = false,
): number | null {
  let cache = roundedLows.get(core);
  if (!cache) roundedLows.set(core, cache = new Map());
  const key = `${at}:${grow}:${openOnly}`;
  if (cache.has(key)) return cache.get(key)!;
  const t = localTriangles(data.surface)[at]!;
  const { corners, n } = columnFrame(t);
  const toLocal = unplacer(data.position, data.quaternion);
  const a = toLocal(core.points[0]!), b = toLocal(core.points[core.points.length - 1]!);
  const r = core.radius;
  const height = (x: Vec3) => dot(n, sub(x, t.corners[0]));
  const gap = (p: Vec3) => length(sub(p, closestOnSegment(p, a, b)));
  // The walls in x, z as in columnLow: inward unit normal (mx, mz), inside where mx x + mz z >= w.
  const walls = [0, 1, 2].map((k) => {
    const p = corners[k]!, q = corners[(k + 1) % 3]!;
    const ex = q[0] - p[0], ez = q[1] - p[1], l = Math.hypot(ex, ez);
    const mx = -ez / l, mz = ex / l;
    return { mx, mz, w: mx * p[0] + mz * p[1] - grow };
  });
  const inside = (x: Vec3) => walls.every(({ mx, mz, w }) => mx * x[0] + mz * x[2] >= w);
  const open = openOnly ? openWalls(data.surface, corners) : [true, true, true];
  let least = Infinity;
  // The body's lowest points: the core's ends (the lower one, or both when level) less r n.
  for (const end of openOnly ? [] : [a, b]) {
    const bottom = add(end, n, -r);
    if (inside(bottom)) least = Math.min(least, height(bottom));
  }
  const top = Math.max(a[1], b[1]) + 2 * r + 1, floor = Math.min(a[1], b[1]) - 2 * r - 1;
  // The height of the body's lowest point on the vertical line at (x, z), or Infinity.
  const lowest = (x: number, z: number): number => {
    if (a === b || (a[0] === b[0] && a[1] === b[1] && a[2] === b[2])) {
      // A sphere: the line meets it from a[1] - sqrt(r^2 - (its distance across)^2).
      const across = (x - a[0]) ** 2 + (z - a[2]) ** 2;
      return across > r * r ? Infinity : height([x, a[1] - Math.sqrt(r * r - across), z]);
    }
    const [, q] = closestSegments(a, b, [x, floor, z], [x, top, z]);
    if (!(gap(q) <= r)) return Infinity;
    let out = floor, within = q[1];
    for (let i = 0; i < 100; i++) {
      const middle = 0.5 * (out + within);
      if (middle <= out || middle >= within) break;
      if (gap([x, middle, z]) <= r) within = middle;
      else out = middle;
    }
    return height([x, within, z]);
  };
  // The corners of the moved walls: corner k where wall k - 1 meets wall k (Cramer's rule).
  const moved = [0, 1, 2].map((k) => {
    const u = walls[(k + 2) % 3]!, v = walls[k]!;
    const det = u.mx * v.mz - u.mz * v.mx;
    return [(u.w * v.mz - u.mz * v.w) / det, (u.mx * v.w - u.w * v.mx) / det] as const;
  });
  for (let k = 0; k < 3; k++) {
    if (!open[k]) continue;
    // Wall k's foot, from corner k to corner k + 1; the body's shadow covers one stretch of it.
    const [px, pz] = moved[k]!, [qx, qz] = moved[(k + 1) % 3]!;
    const at2 = (u: number): [number, number] => [px + u * (qx - px), pz + u * (qz - pz)];
    const [onFoot, onCore] = closestSegments([px, 0, pz], [qx, 0, qz], [a[0], 0, a[2]], [
      b[0],
      0,
      b[2],
    ]);
    if (length(sub(onFoot, onCore)) > r) continue;
    const footLength = Math.hypot(qx - px, qz - pz);
    const middle = footLength > 0 ? Math.hypot(onFoot[0] - px, onFoot[2] - pz) / footLength : 0;
    const covered = (u: number) => {
      const [x, z] = at2(u);
      return gap(closestSegments(a, b, [x, floor, z], [x, top, z])[1]) <= r;
    };
    const edge = (inward: number, outward: number) => {
      for (let i = 0; i < 100; i++) {
        const m = 0.5 * (inward + outward);
        if (m === inward || m === outward) break;
        if (covered(m)) inward = m;
        else outward = m;
      }
      return inward;
    };
    const from = covered(0) ? 0 : edge(middle, 0), to = covered(1) ? 1 : edge(middle, 1);
    const f = (u: number) => lowest(...at2(u));
    // Golden-section search (convex f), one new value a step.
    const golden = (Math.sqrt(5) - 1) / 2;
    let lo = from, hi = to, m1 = hi - golden * (hi - lo), m2 = lo + golden * (hi - lo);
    let f1 = f(m1), f2 = f(m2);
    for (let i = 0; i < 80 && hi - lo > 1e-17; i++) {
      if (f1 <= f2) (hi = m2, m2 = m1, f2 = f1, m1 = hi - golden * (hi - lo), f1 = f(m1));
      else (lo = m1, m1 = m2, f1 = f2, m2 = lo + golden * (hi - lo), f2 = f(m2));
    }
    least = Math.min(least, f(from), f(to), f1, f2);
  }
  const answer = least === Infinity ? null : least;
  cache.set(key, answer);
  return answer;
}

/**
 * Which walls of a column (its corners in x, z, counter-clockwise, as `columnFrame` gives them)
 * are open: the point a quarter cell outward from the middle of its foot lies beyond the grid or
 * over a hole. Across a cell's diagonal lies the cell's other triangle: closed.
 */
function openWalls(
  surface: MeshData | FieldData,
  corners: readonly (readonly [number, number])[],
): boolean[] {
  if (surface.kind === 'mesh') return [false, false, false];
  const c = surface.cellSize;
  return [0, 1, 2].map((k) => {
    const p = corners[k]!, q = corners[(k + 1) % 3]!;
    const ex = q[0] - p[0], ez = q[1] - p[1], l = Math.hypot(ex, ez);
    const x = (p[0] + q[0]) / 2 + (ez / l) * c / 4, z = (p[1] + q[1]) / 2 - (ex / l) * c / 4;
    const j = Math.floor(x / c), i = Math.floor(z / c);
    if (i < 0 || j < 0 || i > surface.rows - 2 || j > surface.columns - 2) return true;
    return surface.holes !== null && surface.holes[i * (surface.columns - 1) + j] !== 0;
  });
}

/**
 * How deep a sphere's or capsule's body reaches into a heightfield's solid beside the core: the
 * most, over the triangles whose column the body reaches (walls moved by `grow`) and the core
 * does not enter behind the plane (`columnLow` not below 0: that solid is `depthBelow`'s), that
 * the plane lies above the body's lowest point in the column (`roundedColumnLow`); -Infinity
 * when it reaches none. A core in no column (beside the grid or over holes, FINDINGS.md F132)
 * takes the whole column; a core in some column only the open walls (F160: a core over a cell
 * in front, its body reaching from a hole into the solid beside it).
 */
export function roundedDepthBelow(data: StaticData, core: Core, grow: number): number {
  if (data.surface.kind === 'mesh') return -Infinity;
  const toLocal = unplacer(data.position, data.quaternion);
  const ends = core.points.map(toLocal), reach = core.radius + Math.abs(grow);
  const x0 = Math.min(...ends.map((p) => p[0])) - reach;
  const x1 = Math.max(...ends.map((p) => p[0])) + reach;
  const z0 = Math.min(...ends.map((p) => p[2])) - reach;
  const z1 = Math.max(...ends.map((p) => p[2])) + reach;
  let deepest = -Infinity;
  const triangles = localTriangles(data.surface);
  // Clearly in a column for the overlap (walls moved in), within reach of one for the gap.
  const openOnly = depthBelow(data, core, -grow) !== -Infinity;
  for (const at of trianglesUnder(data.surface, x0, x1, z0, z1)) {
    // Only a triangle whose shadow meets the body's box can hold part of it.
    const c = triangles[at]!.corners;
    if (
      Math.min(c[0][0], c[1][0], c[2][0]) > x1 || Math.max(c[0][0], c[1][0], c[2][0]) < x0 ||
      Math.min(c[0][2], c[1][2], c[2][2]) > z1 || Math.max(c[0][2], c[1][2], c[2][2]) < z0
    ) continue;
    const inside = columnLow(data, at, core, grow);
    if (inside !== null && inside < 0) continue;
    const low = roundedColumnLow(data, at, core, grow, openOnly);
    if (low !== null) deepest = Math.max(deepest, -low);
  }
  return deepest;
}

/**
 * How deep the core reaches into a heightfield's solid, measured as the contacts3d README
 * documents the solid's contacts: the most, over the triangles' columns (walls moved by `grow`),
 * that the triangle's plane lies above a core point in its column, along the plane's normal
 * (negative when the core is above every plane over it; -Infinity when it is over no triangle, a
 * hole or beside the grid, or the static shape is a mesh, which has no inside).
 */
export function depthBelow(data: StaticData, core: Core, grow: number): number {
  if (data.surface.kind === 'mesh') return -Infinity;
  const toLocal = unplacer(data.position, data.quaternion);
  const ends = core.points.map(toLocal), reach = Math.abs(grow);
  const x0 = Math.min(...ends.map((p) => p[0])) - reach;
  const x1 = Math.max(...ends.map((p) => p[0])) + reach;
  const z0 = Math.min(...ends.map((p) => p[2])) - reach;
  const z1 = Math.max(...ends.map((p) => p[2])) + reach;
  let deepest = -Infinity;
  for (const at of trianglesUnder(data.surface, x0, x1, z0, z1)) {
    const low = columnLow(data, at, core, grow);
    if (low !== null) deepest = Math.max(deepest, -low);
  }
  return deepest;
}

/**
 * How far world point c lies beside the column of the triangle at position `at`: its distance, in
 * the static shape's xz plane, from the triangle's shadow there (0 inside).
 */
export function outsideColumn(data: StaticData, at: number, c: Vec3): number {
  const { corners } = columnFrame(localTriangles(data.surface)[at]!);
  const [x, , z] = unplacer(data.position, data.quaternion)(c);
  let inside = true, best = Infinity;
  for (let k = 0; k < 3; k++) {
    const p = corners[k]!, q = corners[(k + 1) % 3]!;
    const ex = q[0] - p[0], ez = q[1] - p[1];
    if (ex * (z - p[1]) - ez * (x - p[0]) < 0) inside = false;
    const s = Math.max(0, Math.min(1, ((x - p[0]) * ex + (z - p[1]) * ez) / (ex * ex + ez * ez)));
    best = Math.min(best, Math.hypot(x - p[0] - s * ex, z - p[1] - s * ez));
  }
  return inside ? 0 : best;
}

/** Feature of a mesh feature code: the triangle (caller index) and its local feature. */
export function decodeFeature(code: number): { triangle: number; local: number; } {
  return { triangle: Math.floor(code / 8), local: code % 8 };
}

/** Why a contact of unit normal `d` may not name a one-sided triangle's feature: it faces its back. */
export function behindFront(surface: Surface, code: number, d: Vec3, angle: number): string | null {
  const { triangle } = decodeFeature(code);
  const at = surface.byIndex.get(triangle);
  if (at === undefined) return `names triangle ${triangle}, which the shape does not have`;
  const t = surface.triangles[at]!;
  return !surface.twoSided && dot(d, t.n) < -(angle + t.normalSlack)
    ? `normal behind the front of one-sided triangle ${triangle}`
    : null;
}

/**
 * Why a contact of unit normal `d` may not name mesh feature `code` (null: it lies in the
 * feature's normal cone, within `angle` radians plus the triangle's round-off, and on the side a
 * one-sided triangle answers from).
 */
export function outsideCone(surface: Surface, code: number, d: Vec3, angle: number): string | null {
  const { triangle, local } = decodeFeature(code);
  const at = surface.byIndex.get(triangle);
  if (at === undefined) return `names triangle ${triangle}, which the shape does not have`;
  const t = surface.triangles[at]!;
  const tol = angle + t.normalSlack;
  const behind = behindFront(surface, code, d, angle);
  if (behind) return behind;
  const off = Math.min(length(sub(d, t.n)), surface.twoSided ? length(add(d, t.n)) : Infinity);
  if (local === 0) {
    return off <= tol ? null : `face contact ${off} rad off triangle ${triangle}'s normal`;
  }
  // A capsule's side clipped to the face at an edge's (or corner's) wall is named by that
  // feature, with the face's normal: never a ghost of this triangle.
  if (off <= tol) return null;
  if (local <= 3) {
    const k = local - 1, e = unit(sub(t.v[(k + 1) % 3]!, t.v[k]!));
    if (Math.abs(dot(d, e)) > tol) return `edge contact not perpendicular to its edge`;
    if (dot(d, t.inward[k]!) > tol) {
      return `edge contact pointing over its own triangle ${triangle}`;
    }
    const u = t.neighbour[k]!;
    if (u >= 0) {
      const other = surface.triangles[u]!;
      const m = other.keys.findIndex((key, j) =>
        key === t.keys[(k + 1) % 3] && other.keys[(j + 1) % 3] === t.keys[k]
      );
      const slack = tol + other.normalSlack;
      if (dot(d, other.inward[m]!) > slack) {
        return `edge contact pointing over the neighbour ${other.index} (a ghost)`;
      }
    }
    return null;
  }
  const key = t.keys[local - 4]!, v = surface.vertexAt.get(key)!;
  for (const w of surface.ring().get(key) ?? []) {
    const e = sub(surface.vertexAt.get(w)!, v);
    if (dot(d, e) > (tol + 1e-12) * length(e)) {
      return `vertex contact pointing along the edge toward vertex ${w} (a ghost)`;
    }
  }
  return null;
}

/**
 * How far (a sine) a triangle corner may rise above another along a polytope face's normal and
 * still count as level with it: the contacts3d kernel's `LEVEL_SINE` (1e-4 rad), doubled so that
 * the oracle takes either feature where round-off could tip the kernel's choice.
 */
const LEVEL_SINE = 2e-4;

/**
 * Why a polytope's own-face contact (the triangle clipped against the polytope's face, normal `d`
 * the face's, turned toward the polytope) may not be one of triangle `code`'s (FINDINGS.md F25's
 * question): the rule against ghost contacts applies to that face's normal once, as an axis, at
 * the triangle's feature nearest the face, its lowest corner along -d, or the edge to a corner
 * level with it (the contacts3d README), whatever feature each clip point names (an edge it
 * crosses, which `d` need not be perpendicular to). At the corner `d` must lie in the corner's
 * cone; at a level edge, over neither of its faces.
 */
export function ownFaceOutsideCone(
  surface: Surface,
  code: number,
  d: Vec3,
  angle: number,
): string | null {
  const behind = behindFront(surface, code, d, angle);
  if (behind) return behind;
  const { triangle } = decodeFeature(code);
  const t = surface.triangles[surface.byIndex.get(triangle)!]!;
  const heights = t.v.map((v) => -dot(d, v));
  const low = heights.indexOf(Math.min(...heights));
  const atCorner = outsideCone(surface, 8 * triangle + 4 + low, d, angle);
  if (!atCorner) return null;
  const tol = angle + t.normalSlack;
  for (const other of [(low + 1) % 3, (low + 2) % 3]) {
    const edge = length(sub(t.v[other]!, t.v[low]!));
    if (heights[other]! - heights[low]! > LEVEL_SINE * edge) continue;
    // The edge from corner k to k + 1 between the two.
    const k = other === (low + 1) % 3 ? low : other;
    if (dot(d, t.inward[k]!) > tol) continue;
    const u = t.neighbour[k]!;
    if (u < 0) return null;
    const neighbour = surface.triangles[u]!;
    const m = neighbour.keys.findIndex((key, j) =>
      key === t.keys[(k + 1) % 3] && neighbour.keys[(j + 1) % 3] === t.keys[k]
    );
    if (dot(d, neighbour.inward[m]!) <= tol + neighbour.normalSlack) return null;
  }
  return `own face's normal at its nearest corner ${low} of triangle ${triangle}: ${atCorner}`;
}

/**
 * How far point c lies outside the prism of the triangle a face feature names (the solid swept
 * by the triangle along its normal): its distance from the triangle's projection of it.
 */
export function outsidePrism(surface: Surface, code: number, c: Vec3): number {
  const t = surface.triangles[surface.byIndex.get(decodeFeature(code).triangle)!]!;
  const projected = add(c, t.n, -dot(t.n, sub(c, t.v[0])));
  return length(sub(projected, closestOnTriangle(t, projected)));
}

/**
 * How deep the sphere of radius r about core point c reaches into mesh feature `code` along the
 * contact's normal d, as the contacts3d README's conventions define a depth (moving the shape by
 * `d * depth` separates the features): at a face, r less the height of c above the face's plane
 * (on the side d points to), over the cosine between d and the face's normal; at an edge or a
 * vertex, the least s beyond which c + s' d stays at least r from the feature for every s' >= s
 * (r = 0, a polytope's witness: where the line c + s d passes the feature). The distance from
 * c + s d to a segment is convex in s, so that s is the upper end of the interval where it is
 * below r, found by bisection from the line's closest approach (Ericson 5.1.9, the line
 * unclamped); a line that never comes within r of the feature gives its closest approach.
 * Measured to the feature's point nearest c instead (or across a face's plane), the depth of a
 * box's face across a mesh edge, of a capsule's side through a face's corner, or of a box's
 * corner under a face it meets at a slant, comes out shallower than the one that separates them
 * (FINDINGS.md F25).
 */
export function featureDepth(surface: Surface, code: number, c: Vec3, r: number, d: Vec3): number {
  const { triangle, local } = decodeFeature(code);
  const t = surface.triangles[surface.byIndex.get(triangle)!]!;
  if (local === 0) {
    // The height over the plane grows by |d . n| per unit moved along d.
    const along = dot(d, t.n), side = along >= 0 ? 1 : -1;
    return (r - side * dot(t.n, sub(c, t.v[0]))) / Math.max(Math.abs(along), 1e-300);
  }
  const a = local <= 3 ? t.v[local - 1]! : t.v[local - 4]!;
  const e = local <= 3 ? sub(t.v[local % 3]!, a) : ([0, 0, 0] as Vec3);
  // The closest approach: c + s d - (a + u e) perpendicular to d, u in [0, 1] minimising what
  // is left of it across d; along an edge parallel to d, the end farther along d.
  const w = sub(c, a), across = (v: Vec3) => add(v, d, -dot(v, d));
  const we = across(w), ee = across(e), ll = dot(ee, ee);
  const u = ll > 1e-24 * dot(e, e)
    ? Math.max(0, Math.min(1, dot(we, ee) / ll))
    : (dot(e, d) > 0 ? 1 : 0);
  const closestS = dot(sub(add(a, e, u), c), d);
  const gap = (s: number) => {
    const p = add(c, d, s);
    return length(sub(p, local <= 3 ? closestOnSegment(p, a, add(a, e, 1)) : a));
  };
  if (r === 0 || !(gap(closestS) < r)) return closestS;
  // Beyond closestS + r + the gap there + the edge's length, c + s d is more than r away.
  let low = closestS, high = closestS + r + gap(closestS) + length(e);
  for (let i = 0; i < 200; i++) {
    const middle = 0.5 * (low + high);
    if (middle <= low || middle >= high) break;
    if (gap(middle) < r) low = middle;
    else high = middle;
  }
  return high;
}

/** Distance from p to the plane of the triangle mesh feature `code` names. */
export function distanceToPlane(surface: Surface, code: number, p: Vec3): number {
  const t = surface.triangles[surface.byIndex.get(decodeFeature(code).triangle)!]!;
  return Math.abs(dot(t.n, sub(p, t.v[0])));
}

/** Distance from p to the named mesh feature (face, edge or vertex). */
export function distanceToFeature(surface: Surface, code: number, p: Vec3): number {
  const { triangle, local } = decodeFeature(code);
  const t = surface.triangles[surface.byIndex.get(triangle)!]!;
  if (local === 0) return length(sub(p, closestOnTriangle(t, p)));
  if (local <= 3) {
    const k = local - 1;
    return length(sub(p, closestOnSegment(p, t.v[k]!, t.v[(k + 1) % 3]!)));
  }
  return length(sub(p, t.v[local - 4]!));
}
