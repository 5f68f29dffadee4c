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
import { bruteForceHull, type Polytope3, posedPolytope } from './oracle-hull3d.js';
import { add, axesOf, dot, length, sub, type Vec3 } from './oracle3d.js';

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
  /** World position of each vertex key and the keys joined to it by an edge. */
  readonly vertexAt: Map<number, Vec3>;
  readonly ring: Map<number, Set<number>>;
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
        const a = [i, j], b = [i + 1, j], c = [i + 1, j + 1], d = [i, j + 1];
        for (const [t, tri] of [[0, [a, b, c]], [1, [a, c, d]]] as const) {
          out.push({
            corners: tri.map(([r, s]) => point(r!, s!)) as [Vec3, Vec3, Vec3],
            index: 2 * cell + t,
            keys: tri.map(([r, s]) => r! * columns + s!) as [number, number, number],
          });
        }
      }
    }
    return out;
  }
  // Exactly equal positions are one vertex (-0 and 0 equal).
  const keyOf = new Map<string, number>();
  const vertexKey: number[] = [];
  const v = surface.vertices;
  for (let i = 0; i < v.length / 3; i++) {
    const name = `${v[3 * i]! + 0},${v[3 * i + 1]! + 0},${v[3 * i + 2]! + 0}`;
    if (!keyOf.has(name)) keyOf.set(name, keyOf.size);
    vertexKey.push(keyOf.get(name)!);
  }
  const at = (i: number): Vec3 => [v[3 * i]!, v[3 * i + 1]!, v[3 * i + 2]!];
  for (let t = 0; t < surface.indices.length / 3; t++) {
    const ids = [0, 1, 2].map((k) => surface.indices[3 * t + k]!);
    const keys = ids.map((i) => vertexKey[i]!) as [number, number, number];
    if (keys[0] === keys[1] || keys[1] === keys[2] || keys[2] === keys[0]) continue;
    const corners = ids.map(at) as [Vec3, Vec3, Vec3];
    const doubled = length(cross(sub(corners[1], corners[0]), sub(corners[2], corners[0])));
    const longest = Math.max(
      ...[0, 1, 2].map((k) => length(sub(corners[(k + 1) % 3]!, corners[k]!)) ** 2),
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
  const keyCount = 1 + Math.max(0, ...local.flatMap((tri) => tri.keys));
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
  const ring = new Map<number, Set<number>>();
  let reach = Math.max(...data.position.map(Math.abs)), extent = 0;
  const triangles: WorldTriangle[] = local.map((tri) => {
    const v = tri.corners.map(place) as [Vec3, Vec3, Vec3];
    // The normal from the local corners (where the generator made them exact), then turned.
    const c = tri.corners;
    const n = unit(rotate(cross(sub(c[1], c[0]), sub(c[2], c[0]))));
    const inward = [0, 1, 2].map((k) => unit(cross(n, sub(v[(k + 1) % 3]!, v[k]!)))) as [
      Vec3,
      Vec3,
      Vec3,
    ];
    const box = [0, 1, 2].map((i) => Math.min(v[0][i]!, v[1][i]!, v[2][i]!)).concat(
      [0, 1, 2].map((i) => Math.max(v[0][i]!, v[1][i]!, v[2][i]!)),
    ) as unknown as WorldTriangle['box'];
    const doubled = length(cross(sub(c[1], c[0]), sub(c[2], c[0])));
    const longest = Math.max(...[0, 1, 2].map((k) => length(sub(c[(k + 1) % 3]!, c[k]!))));
    const localReach = Math.max(...c.flatMap((p) => p.map(Math.abs)));
    tri.keys.forEach((key, k) => {
      vertexAt.set(key, v[k]!);
      reach = Math.max(reach, ...v[k]!.map(Math.abs));
    });
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
    for (const { t, k } of users) {
      const a = local[t]!.keys[k]!, b = local[t]!.keys[(k + 1) % 3]!;
      if (!ring.has(a)) ring.set(a, new Set());
      if (!ring.has(b)) ring.set(b, new Set());
      ring.get(a)!.add(b);
      ring.get(b)!.add(a);
    }
    if (users.length !== 2 || users[0]!.from === users[1]!.from) continue;
    triangles[users[0]!.t]!.neighbour[users[0]!.k] = users[1]!.t;
    triangles[users[1]!.t]!.neighbour[users[1]!.k] = users[0]!.t;
  }
  const byIndex = new Map(triangles.map((t, i) => [t.index, i]));
  const surface: Surface = { triangles, twoSided, byIndex, vertexAt, ring, reach, extent };
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

/** The moving shape's core in world space (null: a hull whose points span no volume). */
export function coreOf(moving: MovingData): Core {
  const axes = axesOf(moving.quaternion);
  if (moving.kind === 'sphere' || moving.kind === 'capsule') {
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
  const solid = posedPolytope(local, axes, moving.position);
  const v = solid.vertices;
  return {
    points: v,
    edges: solid.edges.map(([a, b]) => [v[a]!, v[b]!] as const),
    faces: solid.faces.map((loop, f) => ({
      n: solid.normals[f]!,
      offset: solid.offsets[f]!,
      loop: loop.map((i) => v[i]!),
    })),
    radius: 0,
  };
}

/** Whether point x of the face's plane lies inside its loop. */
function insideFace(face: CoreFace, x: Vec3): boolean {
  const loop = face.loop;
  return loop.every((a, i) =>
    dot(cross(sub(loop[(i + 1) % loop.length]!, a), sub(x, a)), face.n) >= 0
  );
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

/** A polytope core shrunk toward its centroid so that each face moves in by `by` or more. */
export function shrunk(core: Core, by: number): Core {
  const c = centroidOf(core);
  const depth = Math.min(...core.faces.map((f) => f.offset - dot(f.n, c)));
  const k = Math.max(0, 1 - by / depth);
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

/** Distance from the core (not its radius) to segment a b: 0 when the segment meets a polytope core. */
export function coreSegmentDistance(core: Core, a: Vec3, b: Vec3): number {
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

/** Closest point of segment a b to p. */
export function closestOnSegment(p: Vec3, a: Vec3, b: Vec3): Vec3 {
  const d = sub(b, a), dd = dot(d, d);
  const t = dd > 0 ? Math.max(0, Math.min(1, dot(sub(p, a), d) / dd)) : 0;
  return add(a, d, t);
}

/** Whether p (in the triangle's plane or near it) projects inside the triangle. */
function projectsInside(t: WorldTriangle, p: Vec3): boolean {
  return [0, 1, 2].every((k) => dot(t.inward[k]!, sub(p, t.v[k]!)) >= 0);
}

/** Closest point of the triangle to p. */
export function closestOnTriangle(t: WorldTriangle, p: Vec3): Vec3 {
  const projected = add(p, t.n, -dot(t.n, sub(p, t.v[0])));
  if (projectsInside(t, projected)) return projected;
  let best: Vec3 = t.v[0], bestDistance = Infinity;
  for (let k = 0; k < 3; k++) {
    const q = closestOnSegment(p, t.v[k]!, t.v[(k + 1) % 3]!);
    const d = length(sub(p, q));
    if (d < bestDistance) (best = q, bestDistance = d);
  }
  return best;
}

/** The closest points of segments a b and c d (the first on a b). */
export function closestSegments(a: Vec3, b: Vec3, c: Vec3, d: Vec3): [Vec3, Vec3] {
  const candidates: [Vec3, Vec3][] = [
    [a, closestOnSegment(a, c, d)],
    [b, closestOnSegment(b, c, d)],
    [closestOnSegment(c, a, b), c],
    [closestOnSegment(d, a, b), d],
  ];
  // The stationary point of |a + s u - c - t v|^2, when inside the square.
  const u = sub(b, a), v = sub(d, c), w = sub(a, c);
  const uu = dot(u, u), uv = dot(u, v), vv = dot(v, v), uw = dot(u, w), vw = dot(v, w);
  const det = uu * vv - uv * uv;
  if (det > 1e-14 * uu * vv) {
    const s = (uv * vw - vv * uw) / det, t = (uu * vw - uv * uw) / det;
    if (s > 0 && s < 1 && t > 0 && t < 1) candidates.push([add(a, u, s), add(c, v, t)]);
  }
  return candidates.reduce((best, pair) =>
    length(sub(pair[0], pair[1])) < length(sub(best[0], best[1])) ? pair : best
  );
}

/** Where segment a b crosses the triangle (through its plane, inside it), or null. */
function crossing(t: WorldTriangle, a: Vec3, b: Vec3): Vec3 | null {
  const ha = dot(t.n, sub(a, t.v[0])), hb = dot(t.n, sub(b, t.v[0]));
  if (!((ha < 0 && hb > 0) || (ha > 0 && hb < 0))) return null;
  const x = add(a, sub(b, a), ha / (ha - hb));
  return projectsInside(t, x) ? x : null;
}

/**
 * The closest points of the core and the triangle: [on the core, on the triangle]; one point
 * twice when they meet (a core edge crosses the triangle, or a triangle edge crosses a face of a
 * polytope core, or the triangle lies inside it). Apart, the closest pair has a core vertex, a
 * triangle vertex over a face of the core, or an edge of each. A caller that only needs pairs
 * closer than `within` may get a farther pair than the closest when every pair is beyond it.
 */
export function coreTriangle(core: Core, t: WorldTriangle, within = Infinity): [Vec3, Vec3] {
  for (const [a, b] of core.edges) {
    const x = crossing(t, a, b);
    if (x) return [x, x];
  }
  for (const face of core.faces) {
    for (let k = 0; k < 3; k++) {
      const a = t.v[k]!, b = t.v[(k + 1) % 3]!;
      const ha = dot(face.n, a) - face.offset, hb = dot(face.n, b) - face.offset;
      if (!((ha <= 0 && hb >= 0) || (ha >= 0 && hb <= 0)) || ha === hb) continue;
      const x = add(a, sub(b, a), ha / (ha - hb));
      if (insideFace(face, x)) return [x, x];
    }
  }
  if (core.faces.length > 0 && core.faces.every((f) => dot(f.n, t.v[0]) <= f.offset)) {
    return [t.v[0], t.v[0]];
  }
  let best: [Vec3, Vec3] = [core.points[0]!, closestOnTriangle(t, core.points[0]!)];
  let bestDistance = length(sub(best[0], best[1]));
  const consider = (pair: [Vec3, Vec3]) => {
    const d = length(sub(pair[0], pair[1]));
    if (d < bestDistance) (best = pair, bestDistance = d);
  };
  for (const p of core.points) consider([p, closestOnTriangle(t, p)]);
  const height = (p: Vec3) => dot(t.n, sub(p, t.v[0]));
  for (const [a, b] of core.edges) {
    // An edge wholly on one side of the triangle's plane is at least its nearer end's height
    // from the triangle, and at least as far as its box is from the triangle's: beyond the best
    // pair so far (or beyond what the caller needs), it can give no closer pair.
    const ha = height(a), hb = height(b);
    let floor = ha > 0 && hb > 0 ? Math.min(ha, hb) : ha < 0 && hb < 0 ? -Math.max(ha, hb) : 0;
    for (let i = 0; i < 3; i++) {
      floor = Math.max(
        floor,
        t.box[i]! - Math.max(a[i]!, b[i]!),
        Math.min(a[i]!, b[i]!) - t.box[3 + i]!,
      );
    }
    if (floor > Math.min(bestDistance, within)) continue;
    for (let k = 0; k < 3; k++) consider(closestSegments(a, b, t.v[k]!, t.v[(k + 1) % 3]!));
  }
  for (const face of core.faces) {
    for (const v of t.v) {
      // A vertex on the inner side of the face's plane, or farther above it than the best pair,
      // gives no closer pair through that face.
      const above = dot(face.n, v) - face.offset;
      if (!(above > 0 && above < bestDistance)) continue;
      const projected = add(v, face.n, -above);
      if (insideFace(face, projected)) consider([projected, v]);
    }
  }
  return best;
}

/** What the oracle finds between the core and the surface. */
export interface Closest {
  /** The least distance from the core's segment to any triangle (Infinity: no triangle in reach). */
  distance: number;
  /** Whether the core lies in front of a nearest triangle: the direction from its closest point
   * toward the core faces that triangle's front (always, for a two-sided mesh). */
  inFront: boolean;
}

/**
 * The core's least distance to the surface, brute force over every triangle within `limit`.
 * Each triangle's distance is bounded from below by the gap between its box and the core's, by
 * the core's height over its plane when the whole core lies on one side (the triangle lies in its
 * plane, and the core is the convex hull of its points), and by the triangle's height over a
 * polytope core's face plane when the whole triangle lies above it: visiting the triangles in the order
 * of that bound, the search stops at the first whose bound exceeds the best distance found, and
 * at the first that meets the core (distance 0, where no side is in front).
 */
export function closest(surface: Surface, core: Core, limit = Infinity): Closest {
  const lo = [0, 1, 2].map((i) => Math.min(...core.points.map((p) => p[i]!)));
  const hi = [0, 1, 2].map((i) => Math.max(...core.points.map((p) => p[i]!)));
  const slack = 1e-9 * (surface.extent + core.radius) + 1e-13 * surface.reach;
  const candidates: { t: WorldTriangle; bound: number; }[] = [];
  for (const t of surface.triangles) {
    let gap = 0;
    for (let i = 0; i < 3; i++) {
      gap = Math.max(gap, t.box[i]! - hi[i]!, lo[i]! - t.box[3 + i]!);
    }
    if (gap > limit + slack) continue;
    const [nx, ny, nz] = t.n, [ax, ay, az] = t.v[0];
    let above = Infinity, below = Infinity;
    for (const p of core.points) {
      const h = nx * (p[0] - ax) + ny * (p[1] - ay) + nz * (p[2] - az);
      above = Math.min(above, h);
      below = Math.min(below, -h);
    }
    let bound = Math.max(gap, above, below);
    // A polytope core's face plane with the whole triangle above it separates them by as much.
    for (const { n: [fx, fy, fz], offset } of core.faces) {
      let least = Infinity;
      for (const v of t.v) least = Math.min(least, fx * v[0] + fy * v[1] + fz * v[2] - offset);
      bound = Math.max(bound, least);
    }
    candidates.push({ t, bound });
  }
  candidates.sort((a, b) => a.bound - b.bound);
  let best = limit, pairs: { t: WorldTriangle; p: Vec3; q: Vec3; d: number; }[] = [];
  for (const { t, bound } of candidates) {
    if (bound > best + slack) break;
    const [p, q] = coreTriangle(core, t, best + slack);
    const d = length(sub(p, q));
    if (d === 0) return { distance: 0, inFront: false };
    if (d <= best + slack) {
      best = Math.min(best, d);
      pairs.push({ t, p, q, d });
    }
  }
  if (pairs.length === 0) return { distance: Infinity, inFront: false };
  pairs = pairs.filter((x) => x.d <= best + slack);
  const inFront = best > 0 &&
    (surface.twoSided || pairs.some((x) => dot(sub(x.p, x.q), x.t.n) > 0));
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
  for (const w of surface.ring.get(key) ?? []) {
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
