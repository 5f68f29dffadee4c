/**
 * The convex hull of a point cloud, built once when a `ConvexHull` is made: quickhull (Barber,
 * Dobkin and Huhdanpaa 1996) with the robustness measures of Gregorius, "Implementing Quickhull"
 * (GDC 2014): one distance tolerance relative to the cloud, points within it of the current hull
 * dropped, and coplanar triangles merged into polygonal faces afterwards. Steps:
 *   1. The tolerance, and the refusals: fewer than four points, a cloud whose points all
 *      coincide, lie on a line or in a plane (within the tolerance).
 *   2. The initial tetrahedron: the two points farthest apart along a coordinate axis, the point
 *      farthest from their line, the point farthest from their plane.
 *   3. Quickhull: every point goes to the outside set of the face it lies farthest above (by more
 *      than the tolerance); the farthest point of an outside set sees a connected set of faces
 *      (each above it by more than the tolerance); their horizon and the point make new
 *      triangles, which take over the visible faces' outside points.
 *   4. Faces: adjacent triangles whose vertices lie within the tolerance of a common plane merge
 *      into one polygon (a box gives 6 quadrilaterals); vertices left on fewer than three faces
 *      (on an edge between two faces) are dropped; every face's plane is refitted (Newell's
 *      normal, through its highest vertex, so no vertex of the hull lies above it by more than
 *      round-off).
 *   5. Edges: each edge once, with the faces on either side, for the separating-axis test.
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

/** A triangle of the quickhull stage; vertex indices are the input's. */
interface Triangle {
  a: number;
  b: number;
  c: number;
  nx: number;
  ny: number;
  nz: number;
  d: number;
  area: number;
  alive: boolean;
  outside: number[];
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
  const [i0, i1, i2, i3] = initialTetrahedron(field, p, count, tolerance);
  const triangles: Triangle[] = [];
  // Directed edge (from, to) -> the triangle holding it counter-clockwise.
  const edgeOwner = new Map<number, Triangle>();
  const key = (from: number, to: number): number => from * count + to;
  const addTriangle = (a: number, b: number, c: number): Triangle => {
    const t = makeTriangle(p, a, b, c);
    triangles.push(t);
    edgeOwner.set(key(a, b), t);
    edgeOwner.set(key(b, c), t);
    edgeOwner.set(key(c, a), t);
    return t;
  };
  // 2. Oriented so that i3 lies below the first face.
  const base = makeTriangle(p, i0, i1, i2);
  const below = base.nx * p[3 * i3]! + base.ny * p[3 * i3 + 1]! + base.nz * p[3 * i3 + 2]! <
    base.d;
  const start = below
    ? [
      addTriangle(i0, i1, i2),
      addTriangle(i0, i3, i1),
      addTriangle(i1, i3, i2),
      addTriangle(i2, i3, i0),
    ]
    : [
      addTriangle(i0, i2, i1),
      addTriangle(i0, i1, i3),
      addTriangle(i1, i2, i3),
      addTriangle(i2, i0, i3),
    ];

  // 3. Outside sets, then the quickhull loop.
  const all: number[] = [];
  for (let i = 0; i < count; i++) if (i !== i0 && i !== i1 && i !== i2 && i !== i3) all.push(i);
  assignOutside(p, all, start, tolerance);
  const pending: Triangle[] = start.slice();
  while (pending.length > 0) {
    const face = pending.pop()!;
    if (!face.alive || face.outside.length === 0) continue;
    let eye = face.outside[0]!, eyeDistance = distance(p, face, eye);
    for (const i of face.outside) {
      const h = distance(p, face, i);
      if (h > eyeDistance) {
        eye = i;
        eyeDistance = h;
      }
    }
    // The visible faces: connected to `face`, each seeing the eye above it by more than the
    // tolerance, or folding under the cone (`folds`).
    const visible: Triangle[] = [face];
    face.alive = false;
    for (let k = 0; k < visible.length; k++) {
      const t = visible[k]!;
      for (const [from, to] of [[t.a, t.b], [t.b, t.c], [t.c, t.a]] as const) {
        const neighbour = edgeOwner.get(key(to, from))!;
        if (
          neighbour.alive &&
          (distance(p, neighbour, eye) > tolerance || folds(p, neighbour, from, to, eye, tolerance))
        ) {
          neighbour.alive = false;
          visible.push(neighbour);
        }
      }
    }
    // The horizon: edges of visible faces whose neighbour stays; each gets a triangle with the eye.
    const horizon: number[] = [];
    for (const t of visible) {
      for (const [from, to] of [[t.a, t.b], [t.b, t.c], [t.c, t.a]] as const) {
        if (edgeOwner.get(key(to, from))!.alive) horizon.push(from, to);
      }
    }
    for (const t of visible) {
      edgeOwner.delete(key(t.a, t.b));
      edgeOwner.delete(key(t.b, t.c));
      edgeOwner.delete(key(t.c, t.a));
    }
    const created: Triangle[] = [];
    for (let k = 0; k < horizon.length; k += 2) {
      created.push(addTriangle(horizon[k]!, horizon[k + 1]!, eye));
    }
    const orphans: number[] = [];
    for (const t of visible) {
      for (const i of t.outside) if (i !== eye) orphans.push(i);
      t.outside = [];
    }
    assignOutside(p, orphans, created, tolerance);
    for (const t of created) if (t.outside.length > 0) pending.push(t);
  }
  const hullTriangles = triangles.filter((t) => t.alive);
  return mergeFaces(field, p, hullTriangles, edgeOwner, key, tolerance);
}

/**
 * The tolerance a cloud gets unless the caller gives one: 1e-7 of its extent (the largest of its
 * sizes along x, y and z), and at least the round-off of a plane distance at its coordinates'
 * magnitude (Gregorius's 3 (|x|max + |y|max + |z|max) epsilon).
 */
export function defaultHullTolerance(p: Float64Array): number {
  let extent = 0, magnitude = 0;
  for (let axis = 0; axis < 3; axis++) {
    let low = Infinity, high = -Infinity, largest = 0;
    for (let i = axis; i < p.length; i += 3) {
      const x = p[i]!;
      if (x < low) low = x;
      if (x > high) high = x;
      if (Math.abs(x) > largest) largest = Math.abs(x);
    }
    extent = Math.max(extent, high - low);
    magnitude += largest;
  }
  return Math.max(1e-7 * extent, 3 * Number.EPSILON * magnitude);
}

function makeTriangle(p: Float64Array, a: number, b: number, c: number): Triangle {
  const ax = p[3 * a]!, ay = p[3 * a + 1]!, az = p[3 * a + 2]!;
  const ux = p[3 * b]! - ax, uy = p[3 * b + 1]! - ay, uz = p[3 * b + 2]! - az;
  const vx = p[3 * c]! - ax, vy = p[3 * c + 1]! - ay, vz = p[3 * c + 2]! - az;
  let nx = uy * vz - uz * vy, ny = uz * vx - ux * vz, nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz);
  // A zero-area triangle keeps a zero normal: every point is at distance 0 from it, never above.
  if (length > 0) {
    nx /= length;
    ny /= length;
    nz /= length;
  }
  // The plane through the centroid: the same distance from each of its vertices up to round-off.
  const cx = (ax + p[3 * b]! + p[3 * c]!) / 3,
    cy = (ay + p[3 * b + 1]! + p[3 * c + 1]!) / 3,
    cz = (az + p[3 * b + 2]! + p[3 * c + 2]!) / 3;
  return {
    a,
    b,
    c,
    nx,
    ny,
    nz,
    d: nx * cx + ny * cy + nz * cz,
    area: length / 2,
    alive: true,
    outside: [],
  };
}

function distance(p: Float64Array, t: Triangle, i: number): number {
  return t.nx * p[3 * i]! + t.ny * p[3 * i + 1]! + t.nz * p[3 * i + 2]! - t.d;
}

/**
 * Whether the triangle (from, to, eye) would fold over `neighbour` (across the edge to -> from):
 * the eye within the tolerance of the neighbour's plane, on the neighbour's side of the edge, so
 * the two would lie on each other with opposite normals. It happens when the eye saw a sliver
 * (a thin triangle through a point of a face added while the face was being built): the sliver's
 * plane, tilted by the round-off of its vertices, puts points of the face above it by more than
 * the tolerance. The neighbour is then taken as seen too: the eye lies in its plane, so no corner
 * of the hull is lost by more than the tolerance.
 */
function folds(
  p: Float64Array,
  neighbour: Triangle,
  from: number,
  to: number,
  eye: number,
  tolerance: number,
): boolean {
  if (Math.abs(distance(p, neighbour, eye)) > tolerance) return false;
  const t = makeTriangle(p, from, to, eye);
  return t.nx * neighbour.nx + t.ny * neighbour.ny + t.nz * neighbour.nz < 0;
}

/** Puts each point into the outside set of the face it lies farthest above, or drops it. */
function assignOutside(
  p: Float64Array,
  points: number[],
  faces: Triangle[],
  tolerance: number,
): void {
  for (const i of points) {
    let best: Triangle | null = null, bestDistance = tolerance;
    for (const t of faces) {
      const h = distance(p, t, i);
      if (h > bestDistance) {
        best = t;
        bestDistance = h;
      }
    }
    best?.outside.push(i);
  }
}

/** Step 2: four points spanning a tetrahedron taller than the tolerance, or a RangeError saying what the cloud is. */
function initialTetrahedron(
  field: string,
  p: Float64Array,
  count: number,
  tolerance: number,
): [number, number, number, number] {
  let i0 = 0, i1 = 0, spread = -1;
  for (let axis = 0; axis < 3; axis++) {
    let low = 0, high = 0;
    for (let i = 1; i < count; i++) {
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
  for (let i = 0; i < count; i++) {
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
  const plane = makeTriangle(p, i0, i1, i2);
  let i3 = -1;
  farthest = tolerance;
  for (let i = 0; i < count; i++) {
    const h = Math.abs(distance(p, plane, i));
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

/** Steps 4 and 5: triangles merged into polygons, edge-only vertices dropped, planes refitted, edges listed. */
function mergeFaces(
  field: string,
  p: Float64Array,
  triangles: Triangle[],
  edgeOwner: Map<number, Triangle>,
  key: (from: number, to: number) => number,
  tolerance: number,
): HullBuild {
  const group = new Map<Triangle, number>();
  const groups: Triangle[][] = [];
  // Seeds in order of decreasing area: a large face absorbs its thin neighbours, not the reverse.
  const seeds = triangles.slice().sort((s, t) => t.area - s.area || s.a - t.a);
  for (const seed of seeds) {
    if (group.has(seed)) continue;
    const id = groups.length;
    const members = [seed];
    group.set(seed, id);
    // The group's plane: area-weighted normal, through its highest vertex.
    let sx = seed.nx * seed.area, sy = seed.ny * seed.area, sz = seed.nz * seed.area;
    for (let k = 0; k < members.length; k++) {
      const t = members[k]!;
      for (const [from, to] of [[t.a, t.b], [t.b, t.c], [t.c, t.a]] as const) {
        const neighbour = edgeOwner.get(key(to, from))!;
        if (group.has(neighbour)) continue;
        const nx = sx + neighbour.nx * neighbour.area,
          ny = sy + neighbour.ny * neighbour.area,
          nz = sz + neighbour.nz * neighbour.area;
        const length = Math.hypot(nx, ny, nz);
        if (neighbour.nx * sx + neighbour.ny * sy + neighbour.nz * sz <= 0 || length === 0) {
          continue;
        }
        if (!coplanar(p, members, neighbour, nx / length, ny / length, nz / length, tolerance)) {
          continue;
        }
        group.set(neighbour, id);
        members.push(neighbour);
        sx = nx;
        sy = ny;
        sz = nz;
      }
    }
    groups.push(members);
  }

  // Each group's boundary loop: directed edges whose twin lies in another group.
  const loops: number[][] = [];
  const facesOfVertex = new Map<number, number>();
  for (let g = 0; g < groups.length; g++) {
    const next = new Map<number, number>();
    for (const t of groups[g]!) {
      for (const [from, to] of [[t.a, t.b], [t.b, t.c], [t.c, t.a]] as const) {
        if (group.get(edgeOwner.get(key(to, from))!) === g) continue;
        if (next.has(from)) throw new Error(`${field}: internal error, face ${g} is not a disk`);
        next.set(from, to);
      }
    }
    const first = next.keys().next().value!;
    const loop = [first];
    for (let v = next.get(first)!; v !== first; v = next.get(v)!) {
      if (loop.length > next.size) throw new Error(`${field}: internal error, face ${g} boundary`);
      loop.push(v);
    }
    if (loop.length !== next.size) throw new Error(`${field}: internal error, face ${g} has holes`);
    for (const v of loop) facesOfVertex.set(v, (facesOfVertex.get(v) ?? 0) + 1);
    loops.push(loop);
  }
  // A vertex on only two faces lies on the edge between them: not a corner of the hull.
  const kept = loops.map((loop) => loop.filter((v) => facesOfVertex.get(v)! >= 3));
  for (const loop of kept) {
    if (loop.length < 3) throw new Error(`${field}: internal error, a face lost its corners`);
  }

  // Vertices renumbered in input order.
  const used = [...new Set(kept.flat())].sort((s, t) => s - t);
  const index = new Map<number, number>();
  used.forEach((v, i) => index.set(v, i));
  const vertices = new Float64Array(3 * used.length);
  used.forEach((v, i) => vertices.set(p.subarray(3 * v, 3 * v + 3), 3 * i));

  const faceCount = kept.length;
  const planes = new Float64Array(4 * faceCount);
  const faceStart = new Int32Array(faceCount + 1);
  const faceVertices: number[] = [];
  for (let f = 0; f < faceCount; f++) {
    const loop = kept[f]!.map((v) => index.get(v)!);
    faceStart[f] = faceVertices.length;
    faceVertices.push(...loop);
    // Newell's normal (Sutherland, Sproull and Schumacker 1974): exact for a planar polygon,
    // the best fit for a nearly planar one.
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

  // 5. Edges: each undirected edge once, its faces on either side.
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
  return {
    vertices,
    planes,
    faceStart,
    faceVertices: Int32Array.from(faceVertices),
    faceEdges,
    edgeVertices: Int32Array.from(edgeVertices),
    edgeFaces: Int32Array.from(edgeFaces),
    tolerance,
  };
}

/**
 * Whether every vertex of `members` and of `candidate` lies within `tolerance` of the plane with
 * unit normal n through their mean height.
 */
function coplanar(
  p: Float64Array,
  members: Triangle[],
  candidate: Triangle,
  nx: number,
  ny: number,
  nz: number,
  tolerance: number,
): boolean {
  let low = Infinity, high = -Infinity;
  const check = (v: number): void => {
    const h = nx * p[3 * v]! + ny * p[3 * v + 1]! + nz * p[3 * v + 2]!;
    if (h < low) low = h;
    if (h > high) high = h;
  };
  for (const t of members) {
    check(t.a);
    check(t.b);
    check(t.c);
  }
  check(candidate.a);
  check(candidate.b);
  check(candidate.c);
  return high - low <= tolerance;
}
