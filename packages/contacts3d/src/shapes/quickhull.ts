/**
 * The convex hull of a point cloud, built once when a `ConvexHull` is made: quickhull (Barber,
 * Dobkin and Huhdanpaa 1996) on a half-edge mesh, with the robustness measures of Gregorius,
 * "Implementing Quickhull" (GDC 2014): one distance tolerance relative to the cloud, points
 * within it of the current hull dropped, and faces merged while the hull is built, so that every
 * face stays convex and no thin sliver's plane decides what a later point sees. Steps:
 *   1. The refusals: fewer than four points, a cloud whose points all coincide, lie on a line or
 *      in a plane (within the tolerance).
 *   2. The initial tetrahedron: the two points farthest apart along a coordinate axis, the point
 *      farthest from their line, the point farthest from their plane.
 *   3. Quickhull: every point goes to the outside set of the face it lies farthest above (by more
 *      than the tolerance); the farthest point of an outside set (the eye) sees a connected set
 *      of faces (each above it by more than the tolerance); their horizon and the eye make a cone
 *      of new triangles, which take over the visible faces' outside points.
 *   4. Merging, after each cone (Gregorius): a new face and a neighbour whose shared edge is not
 *      convex by more than the tolerance (`mergeOnce`) become one polygon; first against the
 *      larger face's plane, which is the more reliable, then against either. A vertex left
 *      between only two faces lies on their common edge: it leaves both loops (a triangle left
 *      with two sides is absorbed, a face left with two sides dissolved), so the mesh stays a
 *      closed polyhedron with simple faces. A last pass merges anything left.
 *   5. Output: every face's plane refitted (Newell's normal, through its highest vertex, so no
 *      vertex of the hull lies above it by more than round-off); each edge once, with the faces
 *      on either side, for the separating-axis test.
 *   6. A face merged within the tolerance where the hull is nearly flat can turn the wrong way at
 *      a corner (`reflexCorners`); such corners are dropped and the hull built again from the
 *      other corners (rare: about 1 cloud in 100 of thousands of points on nearly flat faces).
 * Runs once per hull; it allocates freely and is not a hot path.
 */

/** The built hull, in the frame of the input points. */
export interface HullBuild {
  /** x, y, z per vertex. */
  vertices: Float64Array;
  /** nx, ny, nz, d per face: the plane dot(n, x) = d, n unit and outward. */
  planes: Float64Array;
  /** Face f's vertices are faceVertices[faceStart[f] .. faceStart[f + 1]), counter-clockwise seen from outside. */
  faceStart: Int32Array;
  faceVertices: Int32Array;
  /** The edge from faceVertices[k] to the next vertex of its face: its index in `edgeVertices`. */
  faceEdges: Int32Array;
  /** Vertices a, b per edge: a to b runs counter-clockwise around edgeFaces[2e], b to a around edgeFaces[2e + 1]. */
  edgeVertices: Int32Array;
  edgeFaces: Int32Array;
  /** The distance within which points counted as on the hull. */
  tolerance: number;
}

/** A face's state in the construction. */
const ALIVE = 0, VISIBLE = 1, DELETED = 2;

/** A half-edge: it runs from `prev.head` to `head`, counter-clockwise around `face`. */
class HalfEdge {
  next!: HalfEdge;
  prev!: HalfEdge;
  twin!: HalfEdge;
  constructor(public head: number, public face: Face) {}
}

/** A face of the hull under construction: a polygon, its plane through its highest vertex. */
class Face {
  edge!: HalfEdge;
  nx = 0;
  ny = 0;
  nz = 0;
  d = 0;
  area = 0;
  state = ALIVE;
  /** Not convex with a neighbour against the smaller face's plane: for the second merge pass. */
  nonConvex = false;
  /** The points above it by more than the tolerance, assigned to no other face. */
  outside: number[] = [];
}

/** The mesh of the construction, and what its steps share. */
interface Mesh {
  field: string;
  p: Float64Array;
  tolerance: number;
  /** Points of faces deleted by a merge, to be given to the faces that replace them. */
  displaced: number[];
}

/**
 * The hull of the `count` points `p` (x, y, z each), within `tolerance` (distances below it are
 * taken as zero; see `defaultHullTolerance`). Throws a RangeError naming `field` for a cloud
 * with fewer than 4 points, or whose points coincide, lie on a line or in a plane.
 */
export function buildHull(field: string, p: Float64Array, tolerance: number): HullBuild {
  const count = p.length / 3;
  if (count < 4) {
    throw new RangeError(
      `${field} needs at least 4 points not in one plane, got too few: ${count} point${
        count === 1 ? '' : 's'
      }`,
    );
  }
  let candidates = Array.from({ length: count }, (_, i) => i);
  for (let round = 0;; round++) {
    const faces = quickhull({ field, p, tolerance, displaced: [] }, candidates);
    const { build, inputIndex } = output(field, p, faces, tolerance);
    const reflex = reflexCorners(build);
    if (reflex.size === 0) return build;
    if (round === MAX_REBUILDS) {
      throw new Error(`${field}: internal error, a face stays non-convex`);
    }
    // 6. A corner where a face turns the wrong way is no corner of the hull (see `reflexCorners`):
    // build again from the other corners.
    candidates = inputIndex.filter((_, v) => !reflex.has(v));
  }
}

/** How often the hull is built again without corners where a face turned the wrong way. */
const MAX_REBUILDS = 8;

/** Steps 2 to 4 on the points `candidates` (indices into mesh.p): the faces of their hull. */
function quickhull(mesh: Mesh, candidates: number[]): Face[] {
  const [i0, i1, i2, i3] = initialTetrahedron(mesh.field, mesh.p, candidates, mesh.tolerance);
  const faces = tetrahedron(mesh, i0, i1, i2, i3);

  // 3. Outside sets, then the quickhull loop.
  const rest = candidates.filter((i) => i !== i0 && i !== i1 && i !== i2 && i !== i3);
  const pending: Face[] = [];
  assignOutside(mesh, rest, faces, pending);
  while (pending.length > 0) {
    const face = pending.pop()!;
    if (face.state !== ALIVE || face.outside.length === 0) continue;
    const eye = farthestOutside(mesh, face);
    if (eye < 0) continue;
    const visible = visibleFaces(mesh, face, eye);
    const horizon = horizonLoop(mesh, visible);
    const cone = addCone(mesh, horizon, eye);
    const orphans: number[] = [];
    for (const t of visible) {
      t.state = DELETED;
      for (const i of t.outside) if (i !== eye) orphans.push(i);
      t.outside = [];
    }
    // 4. Merge the cone into its surroundings, the larger face's plane first.
    for (const f of cone) {
      while (f.state === ALIVE && mergeOnce(mesh, f, true));
    }
    for (const f of cone) {
      if (f.state !== ALIVE || !f.nonConvex) continue;
      f.nonConvex = false;
      while (f.state === ALIVE && mergeOnce(mesh, f, false));
    }
    const survivors = cone.filter((f) => f.state === ALIVE);
    faces.push(...survivors);
    assignOutside(mesh, orphans, survivors, pending);
    // A merge may have taken a face that was not visible: its points go to any face they are above.
    if (mesh.displaced.length > 0) {
      const displaced = mesh.displaced;
      mesh.displaced = [];
      assignOutside(mesh, displaced, faces.filter((f) => f.state === ALIVE), pending);
    }
  }
  const alive = faces.filter((f) => f.state === ALIVE);
  for (const f of alive) {
    while (f.state === ALIVE && mergeOnce(mesh, f, false));
  }
  return alive.filter((f) => f.state === ALIVE);
}

/**
 * The tolerance a cloud gets unless the caller gives one: 1e-7 of its extent (the largest of its
 * sizes along x, y and z), and at least the round-off of a plane distance at its coordinates'
 * magnitude (Gregorius's 3 (|x|max + |y|max + |z|max) epsilon).
 */
export function defaultHullTolerance(p: Float64Array): number {
  return Math.max(1e-7 * extentOf(p), roundOffTolerance(p));
}

/**
 * The smallest distance the builder can decide by: `3 * 2^-52 * (|x|max + |y|max + |z|max)`, the
 * round-off bound of a plane distance at the cloud's coordinates (Gregorius, GDC 2014; qhull and
 * Lloyd's QuickHull3D use the same). A caller's tolerance below it is raised to it.
 */
export function roundOffTolerance(p: Float64Array): number {
  let magnitude = 0;
  for (let axis = 0; axis < 3; axis++) {
    let largest = 0;
    for (let i = axis; i < p.length; i += 3) largest = Math.max(largest, Math.abs(p[i]!));
    magnitude += largest;
  }
  return 3 * Number.EPSILON * magnitude;
}

/** The largest of the cloud's sizes along x, y and z. */
function extentOf(p: Float64Array): number {
  let extent = 0;
  for (let axis = 0; axis < 3; axis++) {
    let low = Infinity, high = -Infinity;
    for (let i = axis; i < p.length; i += 3) {
      low = Math.min(low, p[i]!);
      high = Math.max(high, p[i]!);
    }
    extent = Math.max(extent, high - low);
  }
  return extent;
}

/** The four faces of the tetrahedron i0 i1 i2 i3, outward, their edges twinned. */
function tetrahedron(mesh: Mesh, i0: number, i1: number, i2: number, i3: number): Face[] {
  const n = triangleNormal(mesh.p, i0, i1, i2);
  // Oriented so that i3 lies below the first face.
  const below = n[0] * (mesh.p[3 * i3]! - mesh.p[3 * i0]!) +
      n[1] * (mesh.p[3 * i3 + 1]! - mesh.p[3 * i0 + 1]!) +
      n[2] * (mesh.p[3 * i3 + 2]! - mesh.p[3 * i0 + 2]!) < 0;
  const loops = below
    ? [[i0, i1, i2], [i0, i3, i1], [i1, i3, i2], [i2, i3, i0]]
    : [[i0, i2, i1], [i0, i1, i3], [i1, i2, i3], [i2, i0, i3]];
  const faces = loops.map(([a, b, c]) => triangle(mesh.p, a!, b!, c!));
  // Twin each half-edge with the one running the other way.
  const byEnds = new Map<string, HalfEdge>();
  for (const f of faces) forEachEdge(f, (e) => byEnds.set(`${e.prev.head},${e.head}`, e));
  for (const f of faces) forEachEdge(f, (e) => e.twin = byEnds.get(`${e.head},${e.prev.head}`)!);
  return faces;
}

/** A new triangle a, b, c (counter-clockwise seen from outside), its edges not yet twinned. */
function triangle(p: Float64Array, a: number, b: number, c: number): Face {
  const f = new Face();
  const ab = new HalfEdge(b, f), bc = new HalfEdge(c, f), ca = new HalfEdge(a, f);
  ab.next = bc;
  bc.next = ca;
  ca.next = ab;
  ab.prev = ca;
  bc.prev = ab;
  ca.prev = bc;
  f.edge = ab;
  refit(p, f);
  return f;
}

function forEachEdge(f: Face, visit: (e: HalfEdge) => void): void {
  let e = f.edge;
  do {
    const next = e.next;
    visit(e);
    e = next;
  } while (e !== f.edge);
}

/**
 * The face's plane: Newell's normal (Sutherland, Sproull and Schumacker 1974; exact for a planar
 * polygon, the best fit for a nearly planar one) through its highest vertex, so that no vertex of
 * the face lies above it and a point above it by more than the tolerance is above every vertex of
 * the face by more than that (a point within the tolerance of a vertex is never an eye). A face
 * of zero area keeps a zero normal: every point is at height 0 from it, never above, and it
 * merges with its neighbours.
 */
function refit(p: Float64Array, f: Face): void {
  let nx = 0, ny = 0, nz = 0;
  let e = f.edge;
  do {
    const i = 3 * e.prev.head, j = 3 * e.head;
    nx += (p[i + 1]! - p[j + 1]!) * (p[i + 2]! + p[j + 2]!);
    ny += (p[i + 2]! - p[j + 2]!) * (p[i]! + p[j]!);
    nz += (p[i]! - p[j]!) * (p[i + 1]! + p[j + 1]!);
    e = e.next;
  } while (e !== f.edge);
  const length = Math.hypot(nx, ny, nz);
  if (length > 0) {
    nx /= length;
    ny /= length;
    nz /= length;
  }
  f.nx = nx;
  f.ny = ny;
  f.nz = nz;
  f.area = length / 2;
  let d = -Infinity;
  e = f.edge;
  do {
    const j = 3 * e.head;
    d = Math.max(d, nx * p[j]! + ny * p[j + 1]! + nz * p[j + 2]!);
    e = e.next;
  } while (e !== f.edge);
  f.d = d;
}

function height(p: Float64Array, f: Face, i: number): number {
  return f.nx * p[3 * i]! + f.ny * p[3 * i + 1]! + f.nz * p[3 * i + 2]! - f.d;
}

/** The height of face g's lowest vertex above face f's plane. */
function lowestHeight(p: Float64Array, f: Face, g: Face): number {
  let lowest = Infinity;
  let e = g.edge;
  do {
    lowest = Math.min(lowest, height(p, f, e.head));
    e = e.next;
  } while (e !== g.edge);
  return lowest;
}

function triangleNormal(
  p: Float64Array,
  a: number,
  b: number,
  c: number,
): [number, number, number] {
  const ux = p[3 * b]! - p[3 * a]!,
    uy = p[3 * b + 1]! - p[3 * a + 1]!,
    uz = p[3 * b + 2]! - p[3 * a + 2]!;
  const vx = p[3 * c]! - p[3 * a]!,
    vy = p[3 * c + 1]! - p[3 * a + 1]!,
    vz = p[3 * c + 2]! - p[3 * a + 2]!;
  return [uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx];
}

/**
 * The point of the face's outside set farthest above it, or -1. Merges since it was assigned may
 * have refitted the face: points no longer above it by more than the tolerance are dropped.
 */
function farthestOutside(mesh: Mesh, face: Face): number {
  let eye = -1, farthest = mesh.tolerance;
  const kept: number[] = [];
  for (const i of face.outside) {
    const h = height(mesh.p, face, i);
    if (h <= mesh.tolerance) continue;
    kept.push(i);
    if (h > farthest) {
      eye = i;
      farthest = h;
    }
  }
  face.outside = kept;
  return eye;
}

/**
 * The faces the eye sees, connected to `face`: each above it by more than the tolerance, or one
 * the new cone would fold over (`folds`). Marked VISIBLE.
 */
function visibleFaces(mesh: Mesh, face: Face, eye: number): Face[] {
  const visible = [face];
  face.state = VISIBLE;
  for (let k = 0; k < visible.length; k++) {
    forEachEdge(visible[k]!, (e) => {
      const neighbour = e.twin.face;
      if (neighbour.state !== ALIVE) return;
      if (
        height(mesh.p, neighbour, eye) > mesh.tolerance ||
        folds(mesh, neighbour, e.prev.head, e.head, eye)
      ) {
        neighbour.state = VISIBLE;
        visible.push(neighbour);
      }
    });
  }
  return visible;
}

/**
 * Whether the triangle (from, to, eye) would fold over `neighbour` (across the edge to -> from):
 * the eye within the tolerance of the neighbour's plane, on the neighbour's side of the edge, so
 * the two would lie on each other with opposite normals. The neighbour is then taken as seen
 * too: the eye lies in its plane, so no corner of the hull is lost by more than the tolerance.
 */
function folds(mesh: Mesh, neighbour: Face, from: number, to: number, eye: number): boolean {
  if (Math.abs(height(mesh.p, neighbour, eye)) > mesh.tolerance) return false;
  const n = triangleNormal(mesh.p, from, to, eye);
  return n[0]! * neighbour.nx + n[1]! * neighbour.ny + n[2]! * neighbour.nz < 0;
}

/**
 * The horizon: the visible faces' half-edges whose twin lies on a face that stays, in order
 * around the visible region (each starts where the previous ends). The region is a disk, its
 * boundary one loop; anything else is an internal error.
 */
function horizonLoop(mesh: Mesh, visible: Face[]): HalfEdge[] {
  const byTail = new Map<number, HalfEdge>();
  for (const t of visible) {
    forEachEdge(t, (e) => {
      if (e.twin.face.state === VISIBLE) return;
      if (byTail.has(e.prev.head)) {
        throw new Error(`${mesh.field}: internal error, the visible faces pinch at a vertex`);
      }
      byTail.set(e.prev.head, e);
    });
  }
  const first = byTail.values().next().value!;
  const loop = [first];
  for (let e = byTail.get(first.head)!; e !== first; e = byTail.get(e.head)!) {
    if (e === undefined || loop.length > byTail.size) break;
    loop.push(e);
  }
  if (loop.length !== byTail.size) {
    throw new Error(`${mesh.field}: internal error, the visible faces enclose a hole`);
  }
  return loop;
}

/** The cone: a triangle from each horizon edge to the eye, twinned with the faces that stay and with each other. */
function addCone(mesh: Mesh, horizon: HalfEdge[], eye: number): Face[] {
  const cone: Face[] = [];
  for (const h of horizon) {
    const f = triangle(mesh.p, h.prev.head, h.head, eye);
    const base = f.edge, outer = h.twin;
    base.twin = outer;
    outer.twin = base;
    cone.push(f);
  }
  for (let k = 0; k < cone.length; k++) {
    // Triangle k's edge head -> eye meets triangle k + 1's edge eye -> tail (the same vertex).
    const up = cone[k]!.edge.next, down = cone[(k + 1) % cone.length]!.edge.prev;
    up.twin = down;
    down.twin = up;
  }
  return cone;
}

/**
 * Merges `f` with one neighbour across an edge that is not convex by more than the tolerance,
 * and says whether it did (Gregorius's merge, judged by vertices rather than centroids): the
 * neighbour g is not clearly below f when its lowest vertex lies less than the tolerance below
 * the plane of f moved to the shared edge (the height of the edge's midpoint: a merged face is
 * planar only within the tolerance, so its plane through its highest vertex can pass above the
 * edge), and likewise f below g's plane. Such neighbours lie in one plane or bend the wrong
 * way; either way they become one face. With `largerOnly`, only the larger face's plane judges
 * (the better fit: a small face's normal tilts with its vertices' round-off); a pair failing
 * only the other way marks `f` for the second pass, where either plane judges.
 */
function mergeOnce(mesh: Mesh, f: Face, largerOnly: boolean): boolean {
  const { p, tolerance } = mesh;
  let e = f.edge;
  do {
    const g = e.twin.face, from = e.prev.head, to = e.head;
    const gOnF = lowestHeight(p, f, g) - 0.5 * (height(p, f, from) + height(p, f, to)) > -tolerance;
    const fOnG = lowestHeight(p, g, f) - 0.5 * (height(p, g, from) + height(p, g, to)) > -tolerance;
    let merge: boolean;
    if (largerOnly) {
      merge = f.area > g.area ? gOnF : fOnG;
      if (!merge && (gOnF || fOnG)) f.nonConvex = true;
    } else {
      merge = gOnF || fOnG;
    }
    if (merge) {
      absorb(mesh, f, e);
      return true;
    }
    e = e.next;
  } while (e !== f.edge);
  return false;
}

/**
 * Merges the face across `e` into `f`: the run of edges they share (their common vertices
 * between its ends are on these two faces only, so they leave the hull) is removed and the rest of
 * the neighbour's loop spliced into `f`'s; then vertices left between two faces are removed.
 */
function absorb(mesh: Mesh, f: Face, e: HalfEdge): void {
  const g = e.twin.face;
  let first = e, last = e;
  while (first.prev.twin.face === g && first.prev !== e) first = first.prev;
  while (last.next.twin.face === g && last.next !== first) last = last.next;
  if (last.next === first) {
    throw new Error(`${mesh.field}: internal error, two faces bound each other`);
  }
  // The shared run in g, the other way: from last.twin to first.twin.
  const gFirst = last.twin, gLast = first.twin;
  for (let h = gLast.next; h !== gFirst; h = h.next) h.face = f;
  const beforeRun = first.prev, afterRun = last.next;
  beforeRun.next = gLast.next;
  gLast.next.prev = beforeRun;
  gFirst.prev.next = afterRun;
  afterRun.prev = gFirst.prev;
  f.edge = afterRun;
  g.state = DELETED;
  mesh.displaced.push(...g.outside);
  g.outside = [];
  removeTwoFaceVertices(mesh, f);
  if (f.state === ALIVE) refit(mesh.p, f);
}

/**
 * Removes from `f` each vertex where two of its consecutive edges border the same face: the
 * vertex lies on the edge between the two faces only, so it is no corner of the hull (Gregorius's
 * topological repair after a merge). The other face loses the vertex too; a triangle would be
 * left with two sides, so it is absorbed into `f` instead. When `f` itself is left with two
 * sides (a sliver between two faces), it is dissolved: those two faces meet along its edge.
 */
function removeTwoFaceVertices(mesh: Mesh, f: Face): void {
  for (;;) {
    let sides = 0, twoFace: HalfEdge | null = null;
    let e = f.edge;
    do {
      if (e.twin.face === f) {
        throw new Error(`${mesh.field}: internal error, a face borders itself`);
      }
      if (twoFace === null && e.twin.face === e.next.twin.face) twoFace = e;
      sides++;
      e = e.next;
    } while (e !== f.edge);
    if (sides === 2) {
      dissolve(mesh, f);
      return;
    }
    if (twoFace === null) return;
    removeVertex(mesh, f, twoFace, twoFace.next);
  }
}

/** Removes the two-sided face `f`: the faces on its two sides become neighbours, then are repaired. */
function dissolve(mesh: Mesh, f: Face): void {
  const one = f.edge.twin, other = f.edge.next.twin;
  if (one.face === other.face) {
    throw new Error(`${mesh.field}: internal error, a face lost its corners`);
  }
  one.twin = other;
  other.twin = one;
  f.state = DELETED;
  mesh.displaced.push(...f.outside);
  f.outside = [];
  for (const g of [one.face, other.face]) {
    if (g.state !== ALIVE) continue;
    removeTwoFaceVertices(mesh, g);
    if (g.state === ALIVE) refit(mesh.p, g);
  }
}

/** Removes the vertex between f's edges a (u -> v) and b (v -> w), both bordering face h. */
function removeVertex(mesh: Mesh, f: Face, a: HalfEdge, b: HalfEdge): void {
  const h = a.twin.face;
  // In h the vertex lies between b's twin (w -> v) and a's twin (v -> u).
  const intoV = b.twin, outOfV = a.twin;
  a.prev.next = b;
  b.prev = a.prev;
  if (f.edge === a) f.edge = b;
  if (outOfV.next.next === intoV) {
    // h is the triangle w, v, u: its third side (u -> w) now borders f, through b.
    const third = outOfV.next;
    b.twin = third.twin;
    third.twin.twin = b;
    h.state = DELETED;
    mesh.displaced.push(...h.outside);
    h.outside = [];
  } else {
    // h keeps w -> u in place of w -> v -> u.
    intoV.head = outOfV.head;
    intoV.next = outOfV.next;
    outOfV.next.prev = intoV;
    if (h.edge === outOfV) h.edge = intoV;
    refit(mesh.p, h);
  }
}

/**
 * Puts each point into the outside set of the face it lies farthest above, or drops it; faces
 * that get points are pushed onto `pending`.
 */
function assignOutside(mesh: Mesh, points: number[], faces: Face[], pending: Face[]): void {
  for (const i of points) {
    let best: Face | null = null, bestHeight = mesh.tolerance;
    for (const f of faces) {
      const h = height(mesh.p, f, i);
      if (h > bestHeight) {
        best = f;
        bestHeight = h;
      }
    }
    if (best === null) continue;
    if (best.outside.length === 0) pending.push(best);
    best.outside.push(i);
  }
}

/** Step 2: four points spanning a tetrahedron taller than the tolerance, or a RangeError saying what the cloud is. */
function initialTetrahedron(
  field: string,
  p: Float64Array,
  candidates: number[],
  tolerance: number,
): [number, number, number, number] {
  const count = candidates.length;
  let i0 = 0, i1 = 0, spread = -1;
  for (let axis = 0; axis < 3; axis++) {
    let low = candidates[0]!, high = low;
    for (const i of candidates) {
      if (p[3 * i + axis]! < p[3 * low + axis]!) low = i;
      if (p[3 * i + axis]! > p[3 * high + axis]!) high = i;
    }
    const s = p[3 * high + axis]! - p[3 * low + axis]!;
    if (s > spread) {
      spread = s;
      i0 = low;
      i1 = high;
    }
  }
  if (spread <= tolerance) {
    throw new RangeError(
      `${field} needs at least 4 points not in one plane, got ${count} points that all coincide (within ${tolerance})`,
    );
  }
  const ax = p[3 * i0]!, ay = p[3 * i0 + 1]!, az = p[3 * i0 + 2]!;
  let ux = p[3 * i1]! - ax, uy = p[3 * i1 + 1]! - ay, uz = p[3 * i1 + 2]! - az;
  const ul = Math.hypot(ux, uy, uz);
  ux /= ul;
  uy /= ul;
  uz /= ul;
  let i2 = -1, farthest = tolerance;
  for (const i of candidates) {
    const dx = p[3 * i]! - ax, dy = p[3 * i + 1]! - ay, dz = p[3 * i + 2]! - az;
    // Distance from the line: |d x u|.
    const h = Math.hypot(dy * uz - dz * uy, dz * ux - dx * uz, dx * uy - dy * ux);
    if (h > farthest) {
      farthest = h;
      i2 = i;
    }
  }
  if (i2 < 0) {
    throw new RangeError(
      `${field} needs at least 4 points not in one plane, got ${count} collinear points (all ` +
        `within ${tolerance} of one line)`,
    );
  }
  const plane = triangle(p, i0, i1, i2);
  let i3 = -1;
  farthest = tolerance;
  for (const i of candidates) {
    const h = Math.abs(height(p, plane, i));
    if (h > farthest) {
      farthest = h;
      i3 = i;
    }
  }
  if (i3 < 0) {
    throw new RangeError(
      `${field} needs at least 4 points not in one plane, got ${count} flat points (all within ` +
        `${tolerance} of one plane)`,
    );
  }
  return [i0, i1, i2, i3];
}

/**
 * Step 5: the faces' loops, vertices renumbered in input order (`inputIndex`: each vertex's index
 * in the input), planes refitted, edges listed.
 */
function output(
  field: string,
  p: Float64Array,
  faces: Face[],
  tolerance: number,
): { build: HullBuild; inputIndex: number[]; } {
  // In an order that does not depend on the construction: each loop from its smallest vertex,
  // the faces by their sorted vertex lists (so ties between faces break the same way for any
  // order of the input).
  const loops = faces.map((f) => {
    const loop: number[] = [];
    forEachEdge(f, (e) => loop.push(e.prev.head));
    const first = loop.indexOf(Math.min(...loop));
    return [...loop.slice(first), ...loop.slice(0, first)];
  });
  const sorted = loops.map((loop) => loop.slice().sort((s, t) => s - t));
  const order = loops.map((_, f) => f).sort((f, g) => {
    const a = sorted[f]!, b = sorted[g]!;
    for (let k = 0; k < a.length && k < b.length; k++) if (a[k] !== b[k]) return a[k]! - b[k]!;
    return a.length - b.length;
  });
  loops.splice(0, loops.length, ...order.map((f) => loops[f]!));
  const used = [...new Set(loops.flat())].sort((s, t) => s - t);
  const index = new Map<number, number>();
  used.forEach((v, i) => index.set(v, i));
  const vertices = new Float64Array(3 * used.length);
  used.forEach((v, i) => vertices.set(p.subarray(3 * v, 3 * v + 3), 3 * i));

  const faceCount = loops.length;
  const planes = new Float64Array(4 * faceCount);
  const faceStart = new Int32Array(faceCount + 1);
  const faceVertices: number[] = [];
  const facesOfVertex = new Int32Array(used.length);
  for (let f = 0; f < faceCount; f++) {
    const loop = loops[f]!.map((v) => index.get(v)!);
    faceStart[f] = faceVertices.length;
    faceVertices.push(...loop);
    for (const v of loop) facesOfVertex[v]!++;
    // Newell's normal again, through the highest vertex rather than the centroid.
    let nx = 0, ny = 0, nz = 0;
    for (let k = 0; k < loop.length; k++) {
      const i = 3 * loop[k]!, j = 3 * loop[(k + 1) % loop.length]!;
      nx += (vertices[i + 1]! - vertices[j + 1]!) * (vertices[i + 2]! + vertices[j + 2]!);
      ny += (vertices[i + 2]! - vertices[j + 2]!) * (vertices[i]! + vertices[j]!);
      nz += (vertices[i]! - vertices[j]!) * (vertices[i + 1]! + vertices[j + 1]!);
    }
    const length = Math.hypot(nx, ny, nz);
    nx /= length;
    ny /= length;
    nz /= length;
    let d = -Infinity;
    for (const v of loop) {
      d = Math.max(
        d,
        nx * vertices[3 * v]! + ny * vertices[3 * v + 1]! + nz * vertices[3 * v + 2]!,
      );
    }
    planes.set([nx, ny, nz, d], 4 * f);
  }
  faceStart[faceCount] = faceVertices.length;
  if (facesOfVertex.some((n) => n < 3)) {
    throw new Error(`${field}: internal error, a vertex lies on fewer than three faces`);
  }

  // Each undirected edge once, its faces on either side.
  const vertexCount = used.length;
  const edgeIndex = new Map<number, number>();
  const edgeVertices: number[] = [];
  const edgeFaces: number[] = [];
  const faceEdges = new Int32Array(faceVertices.length);
  for (let f = 0; f < faceCount; f++) {
    const begin = faceStart[f]!, end = faceStart[f + 1]!;
    for (let k = begin; k < end; k++) {
      const from = faceVertices[k]!, to = faceVertices[k + 1 === end ? begin : k + 1]!;
      const twin = edgeIndex.get(to * vertexCount + from);
      if (twin === undefined) {
        const e = edgeVertices.length / 2;
        edgeIndex.set(from * vertexCount + to, e);
        edgeVertices.push(from, to);
        edgeFaces.push(f, -1);
        faceEdges[k] = e;
      } else {
        edgeFaces[2 * twin + 1] = f;
        faceEdges[k] = twin;
      }
    }
  }
  const edgeCount = edgeVertices.length / 2;
  if (edgeFaces.includes(-1) || vertexCount - edgeCount + faceCount !== 2) {
    throw new Error(`${field}: internal error, the faces do not close`);
  }
  const build = {
    vertices,
    planes,
    faceStart,
    faceVertices: Int32Array.from(faceVertices),
    faceEdges,
    edgeVertices: Int32Array.from(edgeVertices),
    edgeFaces: Int32Array.from(edgeFaces),
    tolerance,
  };
  return { build, inputIndex: used };
}

/**
 * The vertices at which some face's loop does not turn counter-clockwise about its normal. Faces
 * merged within the tolerance can do that where the hull is nearly flat: two triangles folded
 * up by less than the tolerance along a diagonal merge into a quadrilateral whose corner on the
 * fold points inwards (seen flat). Such a corner lies within the tolerance of the face and
 * inside its other corners' outline, so the hull without it differs by less than the tolerance.
 */
function reflexCorners(build: HullBuild): Set<number> {
  const { vertices: v, planes, faceStart, faceVertices } = build;
  const reflex = new Set<number>();
  for (let f = 0; f + 1 < faceStart.length; f++) {
    const begin = faceStart[f]!, end = faceStart[f + 1]!;
    const nx = planes[4 * f]!, ny = planes[4 * f + 1]!, nz = planes[4 * f + 2]!;
    for (let k = begin; k < end; k++) {
      const a = 3 * faceVertices[k]!, corner = faceVertices[k + 1 === end ? begin : k + 1]!;
      const b = 3 * corner, c = 3 * faceVertices[k + 2 >= end ? begin + k + 2 - end : k + 2]!;
      const ux = v[b]! - v[a]!, uy = v[b + 1]! - v[a + 1]!, uz = v[b + 2]! - v[a + 2]!;
      const wx = v[c]! - v[b]!, wy = v[c + 1]! - v[b + 1]!, wz = v[c + 2]! - v[b + 2]!;
      // The turn (b - a) x (c - b) along the normal.
      const turn = nx * (uy * wz - uz * wy) + ny * (uz * wx - ux * wz) + nz * (ux * wy - uy * wx);
      if (!(turn > 0)) reflex.add(corner);
    }
  }
  return reflex;
}
