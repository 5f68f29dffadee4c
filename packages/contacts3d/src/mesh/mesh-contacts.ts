/**
 * Contacts of a sphere or capsule with a `TriangleMesh` or `Heightfield`: both shapes are a core
 * (a point or a segment) inflated by a radius, so one kernel serves both, triangle by triangle
 * as the shape's query finds them, into one `MeshManifold`.
 *
 * Per triangle (world space, mesh-triangle.ts):
 * 1. Face. The core is clipped to the triangle's prism (the three planes through its edges,
 *    perpendicular to it) and each end of what is left whose sphere reaches the plane is a
 *    contact with the face normal, depth `radius - height` (the height is linear along the core,
 *    so the deepest point inside the prism is an end; as capsule against half-space). Up to two.
 *    Behind a one-sided triangle nothing, but for a heightfield, whose solid is below: there the
 *    core is clipped to the triangle's column instead (straight under it), and the ends of a
 *    part behind the plane get the front's normal, depth `radius - height` (a column's part in
 *    front leaves the prism's part to answer as in front).
 * 2. Edge or vertex. The closest points of the core and the triangle's boundary (Ericson,
 *    Real-Time Collision Detection, 5.1.9, per edge) give a contact with the direction between
 *    them as its normal, when the rule against ghost contacts lets it through.
 * 3. The solid beside a heightfield's column: a shape that reaches sideways into a triangle's
 *    column, behind its plane, through a hole's or the grid's border, while its core does not
 *    enter that column behind the plane, gets that triangle's normal, depth `radius - height`
 *    at the core's deeper end (`besideColumns`).
 *
 * Step 2 goes through the rule against ghost contacts (ghost-rule.ts): an edge or vertex contact
 * keeps its normal only inside the feature's normal cone; flat edges and vertices and concave
 * edges give none, their faces answering instead, so a shape sliding over a flat floor made of
 * many triangles only ever sees the floor's normal.
 */
import {
  ContactKind,
  SegmentClosestPoints,
  vec3,
  writeClosestPointsSegmentSegment3,
} from '@contactkit/math';
import type { CollisionData } from '../manifold/collision-data.js';
import { addMeshContact, emitMeshManifold, MeshManifold } from './mesh-manifold.js';
import { edgeAcceptsNormal, facesNormal, vertexAcceptsNormal } from './ghost-rule.js';
import { Heightfield } from './heightfield.js';
import {
  Direction,
  EdgeFlag,
  meshEdgeFeature,
  meshFaceFeature,
  meshVertexFeature,
  MeshTriangle,
  type TriangleSource,
} from './mesh-triangle.js';

/** Merge distance as a fraction of the radius (see mesh-manifold.ts). */
const MERGE_FRACTION = 1e-6;
/** Round-off of a shape's own geometry as a fraction of its size (the radius plus half length). */
const SHAPE_SLACK = 1e-9;

/** The moving shape as the kernel sees it: its core, radius, and how its features are coded. */
export class Core {
  // The doubles start as doubles, as `MeshTriangle.slack` does.
  x0 = Number.MIN_VALUE;
  y0 = Number.MIN_VALUE;
  z0 = Number.MIN_VALUE;
  x1 = Number.MIN_VALUE;
  y1 = Number.MIN_VALUE;
  z1 = Number.MIN_VALUE;
  radius = Number.MIN_VALUE;
  /** 0 for a sphere (one feature, a face); the capsule's half length otherwise (capsule.ts codes). */
  halfLength = Number.MIN_VALUE;
  /** Whether the shape is a capsule (feature codes and kinds of its core's ends and side). */
  capsule = false;
  /** The caller's speculative tolerance (`coreMeshContacts` copies it from the buffer). */
  tolerance = Number.MIN_VALUE;
}

const triangleScratch = new MeshTriangle();
const queryBox = new Float64Array(6);
const direction = new Direction();
/** The closest points of the core and each edge of the triangle (`coreTriangleBoundary`). */
const edgeClosest = [0, 1, 2].map(() => new SegmentClosestPoints(vec3(), vec3()));
const edgeStart = vec3();
const edgeEnd = vec3();
/** The core's two ends as vectors (`loadCoreEnds`), for the segment kernels. */
const coreStart = vec3();
const coreEnd = vec3();
const manifoldScratch = new MeshManifold();
/** `clipCore`'s answer, the parameters low and high along the core (an array: PERFORMANCE.md). */
const span = new Float64Array(2);
/** `clipCore`'s inward normals of the three edge planes. */
const prismPlanes = new Float64Array(9);
/** The plane that clipped each end of `span` (0 to 2: edge k's wall; 3 to 5: corner k - 3's cap), or -1. */
const spanPlanes = new Int32Array(2);
/** The point on a triangle's plane that `wallFeature` names a feature for. */
const wallPoint = new Float64Array(3);
/** `roundedColumnLow`'s answer: the least height over the triangle's plane. */
const columnLowest = new Float64Array(1);
/** `Heightfield.writeSteadySlack`'s answer (a field: doubles cross calls in fields, docs/PERFORMANCE.md). */
const steadySlack = { slack: Number.MIN_VALUE };

/**
 * Runs the query of `source` over `box` (the shape's world box) grown by `data.tolerance` and
 * adds every triangle's contacts (see the file comment) to `manifold`, which it empties first.
 * Allocates nothing: doubles cross calls in arrays or fields (PERFORMANCE.md), so the tolerance is read
 * from `data` into `core.tolerance` here rather than passed as a number.
 */
export function coreMeshContacts(
  core: Core,
  box: Float64Array,
  source: TriangleSource,
  data: CollisionData,
  manifold: MeshManifold,
): void {
  manifold.count = 0;
  core.tolerance = data.tolerance;
  const triangle = triangleScratch, margin = core.tolerance;
  for (let i = 0; i < 3; i++) {
    queryBox[i] = box[i]! - margin;
    queryBox[3 + i] = box[3 + i]! + margin;
  }
  source.beginQuery(queryBox);
  const reach = core.radius + margin, solid = source.solidBelow;
  for (let slot = source.nextTriangle(); slot >= 0; slot = source.nextTriangle()) {
    // The triangle itself first; its neighbourhood (edge flags, neighbours' frames) only when an
    // edge or corner contact needs the rule against ghost contacts (coreTriangleBoundary).
    // A source without cracks (a heightfield) leaves the reach beyond its edges 0.
    const crackReach = triangle.crackReach;
    crackReach[0] = 0;
    crackReach[1] = 0;
    crackReach[2] = 0;
    source.loadFace(slot, triangle);
    // Both core ends farther than the reach from the triangle's plane, on one side: neither step
    // can give a contact (every point of the triangle is at least that far). Behind a heightfield
    // triangle is its solid, which does.
    const v = triangle.vertices, n = triangle.normal;
    const h0 = (core.x0 - v[0]!) * n[0]! + (core.y0 - v[1]!) * n[1]! + (core.z0 - v[2]!) * n[2]!;
    const h1 = (core.x1 - v[0]!) * n[0]! + (core.y1 - v[1]!) * n[1]! + (core.z1 - v[2]!) * n[2]!;
    if ((h0 > reach && h1 > reach) || (!solid && h0 < -reach && h1 < -reach)) continue;
    coreTriangleFace(core, triangle, source, manifold);
    coreTriangleBoundary(core, triangle, source, manifold);
  }
  if (solid) besideColumns(core, source, manifold);
}

/**
 * Step 3 of the file comment, a heightfield's solid beside a column (FINDINGS.md F132, F160): a
 * body may reach sideways into the solid under a triangle through a wall of its column that no
 * surface closes (at the grid's edge, or at a hole) while the core stays out of that column's
 * solid, and neither the prism nor the column of step 1 sees that reach. As a box or hull there
 * (hull-mesh-contacts.ts), such a triangle answers when the shape's deepest point there lies
 * behind its plane (`roundedColumnLow`, by more than the triangle's slack and the shape's
 * round-off): normal the triangle's, depth `radius - height` at the core's deeper end (for a
 * sphere its centre), the depth the solid's contacts of step 1 have. Moving the shape by that
 * depth along the normal puts all of it in front of the plane, and the triangle's solid lies
 * behind the plane: the pair is freed. (The deepest point's own depth would not do: where the
 * normal leans toward the column, the move carries more of the shape into it, deeper.)
 * A core beside every cell (beside the grid, or over holes: `Heightfield.segmentOverNoCell`)
 * takes every triangle and its deepest point anywhere in the column (F132). Otherwise only a
 * triangle with an open wall (an edge of the grid's border or a hole's) whose column the core
 * does not enter behind the plane (there step 1's column part answers), and only the deepest
 * point on its open walls (F160: a core over a cell in front, running down into a hole, its
 * body reaching through the hole's wall into the next cell's solid): a reach through the
 * surface, or through a wall the next cell's solid closes, meets a surface the core's steps
 * 1 and 2 answer for, and this depth, taken from the core's far end, would overstate it. The
 * grid's test of the query's cells comes first (a hole or the grid's edge under the shape's
 * box), so a shape over a closed surface pays only that; which triangles step 1 took for the
 * core is no guide (a centre in front inside the prisms it reaches takes none into the
 * column's part), and the answer must not hang on how loosely the grid is queried.
 */
function besideColumns(core: Core, source: TriangleSource, manifold: MeshManifold): void {
  if (!(source instanceof Heightfield)) return;
  source.beginQuery(queryBox);
  if (!source.queryNearHoleOrEdge()) return;
  loadCoreEnds(core);
  const beside = source.segmentOverNoCell(coreStart, coreEnd);
  const triangle = triangleScratch, r = core.radius, flags = triangle.edgeFlags;
  for (let slot = source.nextTriangle(); slot >= 0; slot = source.nextTriangle()) {
    let open = 7;
    if (beside) source.loadFace(slot, triangle);
    else {
      source.loadTriangle(slot, triangle);
      open = (flags[0] === EdgeFlag.Boundary ? 1 : 0) | (flags[1] === EdgeFlag.Boundary ? 2 : 0) |
        (flags[2] === EdgeFlag.Boundary ? 4 : 0);
      if (open === 0 || coreBehindInColumn(core, triangle)) continue;
    }
    // Beyond round-off: the triangle's slack, and the shape's own (a dip found across a sphere
    // a million times the cell is its radius's round-off; FINDINGS.md F132's 10^5 run). The
    // triangle's as no rotation changes it: with the world slack, a dip of 2.5e-9 at 1e5 passed
    // the gate in one pose and not after a rigid motion (F161).
    source.writeSteadySlack(slot, steadySlack);
    const gate = steadySlack.slack + SHAPE_SLACK * (r + core.halfLength);
    if (!roundedColumnLow(core, triangle, open, beside) || !(columnLowest[0]! < -gate)) continue;
    const v = triangle.vertices, n = triangle.normal;
    const nx = n[0]!, ny = n[1]!, nz = n[2]!;
    const h0 = (core.x0 - v[0]!) * nx + (core.y0 - v[1]!) * ny + (core.z0 - v[2]!) * nz;
    const h1 = (core.x1 - v[0]!) * nx + (core.y1 - v[1]!) * ny + (core.z1 - v[2]!) * nz;
    const end = h1 < h0 ? 1 : 0, height = end === 1 ? h1 : h0;
    const back = 0.5 * (r + height);
    const candidate = manifold.candidate;
    candidate.x = (end === 1 ? core.x1 : core.x0) - nx * back;
    candidate.y = (end === 1 ? core.y1 : core.y0) - ny * back;
    candidate.z = (end === 1 ? core.z1 : core.z0) - nz * back;
    candidate.nx = nx;
    candidate.ny = ny;
    candidate.nz = nz;
    candidate.depth = r - height;
    // A capsule's end (capsule.ts codes: 1 at the start, also for a capsule of no length; 2 at the end).
    candidate.kind = core.capsule ? ContactKind.PointFace : ContactKind.FaceFace;
    candidate.first = !core.capsule ? 0 : end === 1 && core.halfLength !== 0 ? 2 : 1;
    candidate.second = meshFaceFeature(triangle.index);
    candidate.key = -1;
    manifold.mergeDistance = MERGE_FRACTION * r + triangle.slack;
    addMeshContact(manifold);
  }
}

/**
 * Whether the core's part in the column of `triangle` (step 1's clip, its slack included) runs
 * behind the triangle's plane: then step 1's column part answers for that solid.
 */
function coreBehindInColumn(core: Core, triangle: MeshTriangle): boolean {
  triangle.crackReach[0] = 0;
  triangle.crackReach[1] = 0;
  triangle.crackReach[2] = 0;
  if (!clipCore(core, triangle, true)) return false;
  const v = triangle.vertices, n = triangle.normal;
  const h0 = (core.x0 - v[0]!) * n[0]! + (core.y0 - v[1]!) * n[1]! + (core.z0 - v[2]!) * n[2]!;
  const h1 = (core.x1 - v[0]!) * n[0]! + (core.y1 - v[1]!) * n[1]! + (core.z1 - v[2]!) * n[2]!;
  return h0 + span[0]! * (h1 - h0) < 0 || h0 + span[1]! * (h1 - h0) < 0;
}

/** Copies the core's ends into `coreStart` and `coreEnd`. */
function loadCoreEnds(core: Core): void {
  coreStart[0] = core.x0;
  coreStart[1] = core.y0;
  coreStart[2] = core.z0;
  coreEnd[0] = core.x1;
  coreEnd[1] = core.y1;
  coreEnd[2] = core.z1;
}

/**
 * Writes into `prismPlanes` the inward normals of the walls of the column of `triangle` (the
 * planes through its edges along `triangle.up`): up x edge, normalised (inward: `clipCore`).
 */
function writeColumnWalls(triangle: MeshTriangle): void {
  const v = triangle.vertices, up = triangle.up, planes = prismPlanes;
  for (let k = 0; k < 3; k++) {
    const next = k === 2 ? 0 : 3 * k + 3;
    const gx = v[next]! - v[3 * k]!, gy = v[next + 1]! - v[3 * k + 1]!;
    const gz = v[next + 2]! - v[3 * k + 2]!;
    const wx = up[1]! * gz - up[2]! * gy, wy = up[2]! * gx - up[0]! * gz;
    const wz = up[0]! * gy - up[1]! * gx;
    const w = Math.sqrt(wx * wx + wy * wy + wz * wz);
    planes[3 * k] = wx / w;
    planes[3 * k + 1] = wy / w;
    planes[3 * k + 2] = wz / w;
  }
}

/**
 * The least height over the plane of `triangle` of the shape (the core inflated by its radius)
 * within the triangle's column (its walls through the edges along `triangle.up`, exact: the
 * caller asks for a dip beyond the slack, so a shape touching the border edge within round-off
 * gets nothing, as it got nothing before), into `columnLowest[0]`; false when the shape does not
 * reach the column. The height is linear and the part convex, so the least is at a point where
 * the active constraints (the shape's surface and the walls) meet (the Karush-Kuhn-Tucker
 * conditions; Boyd and Vandenberghe, Convex Optimization, 5.5.3): the shape's own lowest point
 * inside the walls; on one wall, the lowest point of the shape's cut by that wall's plane, inside
 * the other two; or on a vertical edge of the column, the lowest point of the line inside the
 * shape. Each of those is the least over the core's parameter t (for a sphere t = 0) of a
 * convex function, a linear term less `sqrt(R^2 - (t - t0)^2 b^2)`, whose stationary point has a
 * closed form (clamped to where the term is real and to the core); the least over the candidates
 * is the answer (each lies in the part, and the minimum is among them). Two walls meet only on a
 * column edge, three nowhere. Without `whole`, the least over the shape's part on the walls in
 * the bit mask `walls` (bit k: wall k) only: the cuts by those walls and the column edges on them.
 */
function roundedColumnLow(
  core: Core,
  triangle: MeshTriangle,
  walls: number,
  whole: boolean,
): boolean {
  const v = triangle.vertices, n = triangle.normal, up = triangle.up;
  const r = core.radius, planes = prismPlanes;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const x0 = core.x0, y0 = core.y0, z0 = core.z0;
  const ex = core.x1 - x0, ey = core.y1 - y0, ez = core.z1 - z0;
  const h0 = (x0 - v[0]!) * nx + (y0 - v[1]!) * ny + (z0 - v[2]!) * nz;
  const rise = ex * nx + ey * ny + ez * nz;
  writeColumnWalls(triangle);
  let least = Infinity;
  // The shape's lowest points, the core moved by -r n: the part of that segment inside the walls.
  let low = 0, high = 1;
  for (let k = 0; k < 3 && low <= high; k++) {
    const ux = planes[3 * k]!, uy = planes[3 * k + 1]!, uz = planes[3 * k + 2]!;
    const g0 = (x0 - r * nx - v[3 * k]!) * ux + (y0 - r * ny - v[3 * k + 1]!) * uy +
      (z0 - r * nz - v[3 * k + 2]!) * uz;
    const g1 = g0 + ex * ux + ey * uy + ez * uz;
    if (g0 < 0 && g1 < 0) high = -1;
    else if (g0 < 0) low = Math.max(low, g0 / (g0 - g1));
    else if (g1 < 0) high = Math.min(high, g0 / (g0 - g1));
  }
  if (whole && low <= high) least = h0 + Math.min(low * rise, high * rise) - r;
  for (let k = 0; k < 3; k++) {
    if ((walls & (1 << k)) === 0) continue;
    const ux = planes[3 * k]!, uy = planes[3 * k + 1]!, uz = planes[3 * k + 2]!;
    const ax = v[3 * k]!, ay = v[3 * k + 1]!, az = v[3 * k + 2]!;
    // On wall k: the core's signed distance d(t) = d0 + t de from the wall's plane; the cut of
    // the sphere about core(t) is a disc of radius sqrt(r^2 - d^2) about core(t) - d u, whose
    // lowest point lies sqrt(r^2 - d^2) m below it along the normal's part in the plane
    // (length m), so the cut's least height is
    // g(t) = h0 + t rise - d(t) nu - m sqrt(r^2 - d(t)^2) (nu = n . u), convex in t.
    const d0 = (x0 - ax) * ux + (y0 - ay) * uy + (z0 - az) * uz;
    const de = ex * ux + ey * uy + ez * uz;
    const nu = nx * ux + ny * uy + nz * uz, m = Math.sqrt(Math.max(0, 1 - nu * nu));
    let from = 0, to = 1;
    if (de === 0) {
      if (Math.abs(d0) > r) continue;
    } else {
      const a = (-r - d0) / de, b = (r - d0) / de;
      from = Math.max(0, Math.min(a, b));
      to = Math.min(1, Math.max(a, b));
      if (from > to) continue;
    }
    // g'(t) = 0 where d / sqrt(r^2 - d^2) = k, k = -(rise - de nu) / (m de): d = r k / sqrt(1 + k^2).
    const slope = rise - de * nu;
    let t: number;
    if (de === 0 || m === 0) t = slope > 0 ? from : to;
    else {
      const k = -slope / (m * de);
      const d = Math.abs(k) > 1
        ? (Math.sign(k) * r) / Math.sqrt(1 + 1 / (k * k))
        : (r * k) / Math.sqrt(1 + k * k);
      t = Math.min(to, Math.max(from, (d - d0) / de));
    }
    const d = d0 + t * de, rho = Math.sqrt(Math.max(0, r * r - d * d));
    // The point: core(t) - d u - rho (n - nu u) / m, checked against the other two walls.
    const lift = m > 0 ? rho / m : 0;
    const px = x0 + t * ex - d * ux - lift * (nx - nu * ux);
    const py = y0 + t * ey - d * uy - lift * (ny - nu * uy);
    const pz = z0 + t * ez - d * uz - lift * (nz - nu * uz);
    let inside = true;
    for (let j = 0; j < 3 && inside; j++) {
      if (j === k) continue;
      const g = (px - v[3 * j]!) * planes[3 * j]! + (py - v[3 * j + 1]!) * planes[3 * j + 1]! +
        (pz - v[3 * j + 2]!) * planes[3 * j + 2]!;
      inside = g >= 0;
    }
    if (inside) least = Math.min(least, h0 + t * rise - d * nu - m * rho);
  }
  const ux = up[0]!, uy = up[1]!, uz = up[2]!, rising = nx * ux + ny * uy + nz * uz;
  for (let k = 0; k < 3; k++) {
    // On walls k and k - 1.
    if ((walls & (k === 0 ? 5 : 3 << (k - 1))) === 0) continue;
    // The column's edge through corner k, v + s up: w(t) = core(t) - v splits into s0(t) along
    // up and a + t b across it; the line's points within r of core(t) run from
    // s0(t) - sqrt(r^2 - |a + t b|^2), convex in t, least where (a + t b) . b / sqrt(...) = -se.
    const wx = x0 - v[3 * k]!, wy = y0 - v[3 * k + 1]!, wz = z0 - v[3 * k + 2]!;
    const s0 = wx * ux + wy * uy + wz * uz, se = ex * ux + ey * uy + ez * uz;
    const ax = wx - s0 * ux, ay = wy - s0 * uy, az = wz - s0 * uz;
    const bx = ex - se * ux, by = ey - se * uy, bz = ez - se * uz;
    const bb = bx * bx + by * by + bz * bz, ab = ax * bx + ay * by + az * bz;
    const aa = ax * ax + ay * ay + az * az;
    let t: number;
    if (bb === 0) {
      if (aa > r * r) continue;
      t = se > 0 ? 0 : 1;
    } else {
      // Across the line, |a + t b|^2 = q^2 + (t - t0)^2 bb: the core passes it at q.
      const t0 = -ab / bb, q2 = Math.max(0, aa - (ab * ab) / bb);
      if (q2 > r * r) continue;
      const length = Math.sqrt(bb), reachT = Math.sqrt(r * r - q2) / length;
      const from = Math.max(0, t0 - reachT), to = Math.min(1, t0 + reachT);
      if (from > to) continue;
      const k2 = -se / length, big = Math.sqrt(r * r - q2);
      const tau = Math.abs(k2) > 1
        ? (Math.sign(k2) * big) / Math.sqrt(1 + 1 / (k2 * k2))
        : (big * k2) / Math.sqrt(1 + k2 * k2);
      t = Math.min(to, Math.max(from, t0 + tau / length));
    }
    const cx = ax + t * bx, cy = ay + t * by, cz = az + t * bz;
    const s = s0 + t * se - Math.sqrt(Math.max(0, r * r - (cx * cx + cy * cy + cz * cz)));
    const corner = (v[3 * k]! - v[0]!) * nx + (v[3 * k + 1]! - v[1]!) * ny +
      (v[3 * k + 2]! - v[2]!) * nz;
    least = Math.min(least, corner + s * rising);
  }
  columnLowest[0] = least;
  return least < Infinity;
}

/**
 * The core's contacts with `source` written into `data` (all, or reduced: mesh-manifold.ts), with
 * the bodies given; returns how many. The one detector body of the sphere-mesh and capsule-mesh
 * pairs, which differ only in the core they load.
 */
export function collideCoreMesh(
  core: Core,
  box: Float64Array,
  source: TriangleSource,
  data: CollisionData,
  firstBody: unknown,
  secondBody: unknown,
): number {
  coreMeshContacts(core, box, source, data, manifoldScratch);
  return emitMeshManifold(manifoldScratch, data, firstBody, secondBody);
}

/**
 * Clips the core to the prism of `triangle` into `span` (its parameters low, high along the
 * core), true when something is left: the prism perpendicular to the triangle, or with `column`
 * its column (the planes through its edges along `triangle.up`, whose inward normal is
 * `up x edge`: (up x e) . (n x e) = (up . n) |e|^2 > 0, as the front faces up). Each plane
 * lets the core `slack` beyond it (round-off), and an edge closed as a crack the gap across it
 * more (`MeshTriangle.crackReach`); at a tip of angle a two such planes meet
 * slack / sin(a / 2) beyond the tip, which for a sliver is far off the triangle (FINDINGS.md
 * F13), so a cap at each corner, across the bisector of its two edges' inward normals (their
 * sum, measured with the slack times its length), keeps the prism within the slack of every
 * corner. The cap never cuts the exact prism: a point inside both edges' planes is inside
 * their sum's.
 */
function clipCore(core: Core, triangle: MeshTriangle, column: boolean): boolean {
  const v = triangle.vertices, u = triangle.inward, slack = triangle.slack;
  const reach = triangle.crackReach;
  const x0 = core.x0, y0 = core.y0, z0 = core.z0;
  const ex = core.x1 - x0, ey = core.y1 - y0, ez = core.z1 - z0;
  const planes = prismPlanes;
  if (column) writeColumnWalls(triangle);
  else planes.set(u);
  let low = 0, high = 1;
  spanPlanes[0] = -1;
  spanPlanes[1] = -1;
  for (let k = 0; k < 6; k++) {
    // Edge k (k < 3) through vertex k; the cap of corner k - 3, between edges k - 4 and k - 3.
    const corner = k < 3 ? k : k - 3, before = corner === 0 ? 2 : corner - 1;
    const previous = 3 * before;
    let ux = planes[3 * corner]!, uy = planes[3 * corner + 1]!, uz = planes[3 * corner + 2]!;
    // Round-off, and beyond an edge closed as a crack the gap across it (a core over the
    // crack meets the faces on either side: FINDINGS.md F113).
    let allowed = slack + reach[corner]!;
    if (k >= 3) {
      ux += planes[previous]!;
      uy += planes[previous + 1]!;
      uz += planes[previous + 2]!;
      // |u_a + u_b| = 2 sin(a / 2): not 0, as a triangle of zero area is dropped.
      allowed = (slack + Math.max(reach[corner]!, reach[before]!)) *
        Math.sqrt(ux * ux + uy * uy + uz * uz);
    }
    const ax = v[3 * corner]!, ay = v[3 * corner + 1]!, az = v[3 * corner + 2]!;
    // g(t) = (core(t) - a) . u, at least -allowed inside.
    const g0 = (x0 - ax) * ux + (y0 - ay) * uy + (z0 - az) * uz;
    const g1 = g0 + ex * ux + ey * uy + ez * uz;
    if (g0 < -allowed && g1 < -allowed) return false;
    if (g0 < -allowed) {
      const t = (-allowed - g0) / (g1 - g0);
      if (t > low) {
        low = t;
        spanPlanes[0] = k;
      }
    } else if (g1 < -allowed) {
      const t = (-allowed - g0) / (g1 - g0);
      if (t < high) {
        high = t;
        spanPlanes[1] = k;
      }
    }
  }
  span[0] = low;
  span[1] = high;
  return low <= high;
}

/**
 * Step 1 of the file comment: the core clipped to the triangle's prism. Behind a one-sided
 * triangle there is nothing, unless the solid is below it (a heightfield): then the core's part
 * in the triangle's column collides with the triangle's face from behind, normal the front's,
 * depth `radius - height` (more than the radius), as the surface above the deepest point must
 * lift it out.
 */
function coreTriangleFace(
  core: Core,
  triangle: MeshTriangle,
  source: TriangleSource,
  manifold: MeshManifold,
): void {
  const v = triangle.vertices, slack = triangle.slack;
  const tolerance = core.tolerance;
  const x0 = core.x0, y0 = core.y0, z0 = core.z0;
  const ex = core.x1 - x0, ey = core.y1 - y0, ez = core.z1 - z0;
  const n = triangle.normal;
  let nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const h0 = (x0 - v[0]!) * nx + (y0 - v[1]!) * ny + (z0 - v[2]!) * nz;
  const rise = ex * nx + ey * ny + ez * nz;
  const inPrism = clipCore(core, triangle, false);
  let low = span[0]!, high = span[1]!, fromColumn = false;
  let lowHeight = h0 + low * rise, highHeight = h0 + high * rise;
  // In front unless clearly behind: a core on the plane within the slack (round-off decides its
  // sign) counts as in front, so a centre on the surface gets its contact at every scale (F12).
  if (!inPrism || lowHeight + highHeight < -2 * slack) {
    if (source.solidBelow) {
      // The solid below: the core's part in the column, if it is behind the plane (a part in
      // front outside the prism is the edges' and the neighbours' to answer). Near the high edge
      // of a steep triangle the prism's wall leans back over the face, so the prism keeps a core
      // crossing the surface only up to just above it (behind on the whole) while the column
      // keeps all of it (in front on the whole): when the prism part's deeper end is in the
      // column (in the solid), that part answers as in front, as the same core a little farther
      // from the edge does (FINDINGS.md F65). Behind the plane outside the column (under a low
      // edge, beyond it) is no solid of this triangle's. A core whose part in the column dips
      // into the solid where the prism part cannot answer (none of it in the prism, or its
      // deeper end outside the column, as where the prism leans off the column beside the
      // grid's border) has the column's part answer, in front on the whole or not (FINDINGS.md
      // F114).
      const prismLow = low, prismHigh = high, prismLowPlane = spanPlanes[0]!;
      const prismHighPlane = spanPlanes[1]!;
      const deepest = lowHeight <= highHeight ? low : high;
      const inColumn = clipCore(core, triangle, true);
      const columnLowHeight = h0 + span[0]! * rise, columnHighHeight = h0 + span[1]! * rise;
      const behind = columnLowHeight + columnHighHeight < -2 * slack;
      const prismAnswers = inPrism && deepest >= span[0]! && deepest <= span[1]!;
      const dips = Math.min(columnLowHeight, columnHighHeight) < -slack;
      if (inColumn && (behind || (!prismAnswers && dips))) {
        fromColumn = true;
        low = span[0]!;
        high = span[1]!;
        lowHeight = columnLowHeight;
        highHeight = columnHighHeight;
      } else {
        if (!inColumn || !prismAnswers) return;
        spanPlanes[0] = prismLowPlane;
        spanPlanes[1] = prismHighPlane;
        low = prismLow;
        high = prismHigh;
      }
    } else {
      // Behind the front: a one-sided triangle does not collide; a two-sided one from its back.
      if (!inPrism || !source.twoSided) return;
      nx = -nx;
      ny = -ny;
      nz = -nz;
      lowHeight = -lowHeight;
      highHeight = -highHeight;
    }
  }
  const r = core.radius;
  const length = Math.sqrt(ex * ex + ey * ey + ez * ez);
  const merge = MERGE_FRACTION * r + slack;
  // One point when what is left of the core is shorter than the merge distance: the lower end.
  const single = (high - low) * length <= merge;
  for (let end = 0; end < 2; end++) {
    if (single && end === (lowHeight <= highHeight ? 1 : 0)) continue;
    const t = end === 0 ? low : high;
    const height = end === 0 ? lowHeight : highHeight;
    const depth = r - height;
    if (depth < -tolerance) continue;
    const back = 0.5 * (r + height);
    // capsule.ts's capsuleFeatureAt written out: a call would box t (PERFORMANCE.md).
    const first = !core.capsule ? 0 : t <= 0 || core.halfLength === 0 ? 1 : t >= 1 ? 2 : 0;
    // A capsule's side clipped by a wall touches the face where it crosses that wall, over the
    // edge (or at the corner) the wall stands on: named by that feature, so that the two ends
    // of a side lying across the face have two ids (FINDINGS.md F11). The normal is the face's.
    const wall = core.capsule && first === 0 ? spanPlanes[end]! : -1;
    let second = meshFaceFeature(triangle.index);
    if (wall >= 0) {
      // The point on the plane under the core's end: the prism's walls stand along the normal.
      wallPoint[0] = x0 + ex * t - nx * height;
      wallPoint[1] = y0 + ey * t - ny * height;
      wallPoint[2] = z0 + ez * t - nz * height;
      second = wallFeature(triangle, wall, fromColumn);
    }
    const kind = !core.capsule
      ? ContactKind.FaceFace
      : first === 0
      ? ContactKind.EdgeFace
      : ContactKind.PointFace;
    const candidate = manifold.candidate;
    candidate.x = x0 + ex * t - nx * back;
    candidate.y = y0 + ey * t - ny * back;
    candidate.z = z0 + ez * t - nz * back;
    candidate.nx = nx;
    candidate.ny = ny;
    candidate.nz = nz;
    candidate.depth = depth;
    candidate.kind = kind;
    candidate.first = first;
    candidate.second = second;
    candidate.key = -1;
    manifold.mergeDistance = merge;
    addMeshContact(manifold);
  }
}

/**
 * The feature naming a capsule side's end that prism plane `wall` clipped (`spanPlanes`: edge
 * `wall`'s wall, or corner `wall - 3`'s cap) at `wallPoint`, the point under that end on the
 * triangle's plane: the wall's edge or corner (FINDINGS.md F11), unless the point lies farther
 * from it than from the nearest edge by more than the walls' allowance (the slack and the
 * largest crack reach: a point on a wall over its edge is no farther from that edge). Then the
 * nearest edge names it, or the corner at its end when its nearest point is there. That happens
 * at a corner within round-off of 180 degrees, on a border of slivers whose corners lie on one
 * line: the walls of the corner's two edges lie within round-off of each other there, and the
 * crack reach of one moves its wall out, so the other's wall, extended past its edge's end, is
 * the one that clips, anywhere along the first edge (FINDINGS.md F134: 0.011 beyond the end).
 * A wall of the column (`column`: the core's part in a heightfield triangle's column) names it
 * always: the column's walls stand along the field's up, not along the normal, so the point
 * under the end (along the normal) need not lie over the wall's edge.
 */
function wallFeature(triangle: MeshTriangle, wall: number, column: boolean): number {
  const index = triangle.index;
  if (!column) {
    const v = triangle.vertices, reach = triangle.crackReach;
    const px = wallPoint[0]!, py = wallPoint[1]!, pz = wallPoint[2]!;
    let nearest = Infinity, nearestEdge = 0, nearestAt = 0, named = 0;
    for (let k = 0; k < 3; k++) {
      const next = k === 2 ? 0 : 3 * k + 3;
      const ax = v[3 * k]!, ay = v[3 * k + 1]!, az = v[3 * k + 2]!;
      const gx = v[next]! - ax, gy = v[next + 1]! - ay, gz = v[next + 2]! - az;
      // Ericson 5.1.2, the closest point on a segment: a + clamp((p - a) . g / g . g, 0, 1) g.
      const along = ((px - ax) * gx + (py - ay) * gy + (pz - az) * gz) /
        (gx * gx + gy * gy + gz * gz);
      const at = Math.min(1, Math.max(0, along));
      const dx = px - ax - at * gx, dy = py - ay - at * gy, dz = pz - az - at * gz;
      const distance = Math.sqrt(dx * dx + dy * dy + dz * dz);
      if (distance < nearest) {
        nearest = distance;
        nearestEdge = k;
        nearestAt = at;
      }
      if (k === wall) named = distance;
    }
    if (wall >= 3) {
      const corner = 3 * (wall - 3);
      const dx = px - v[corner]!, dy = py - v[corner + 1]!, dz = pz - v[corner + 2]!;
      named = Math.sqrt(dx * dx + dy * dy + dz * dz);
    }
    const allowance = triangle.slack + Math.max(reach[0]!, reach[1]!, reach[2]!);
    if (named > nearest + allowance) {
      if (nearestAt <= 0) return meshVertexFeature(index, nearestEdge);
      if (nearestAt >= 1) return meshVertexFeature(index, (nearestEdge + 1) % 3);
      return meshEdgeFeature(index, nearestEdge);
    }
  }
  return wall < 3 ? meshEdgeFeature(index, wall) : meshVertexFeature(index, wall - 3);
}

/**
 * Step 2 of the file comment: the nearest edge or vertex, through the rule against ghost
 * contacts. Two edges of a needle lie within round-off of each other along most of their length,
 * so which is nearest to the core is the sign of round-off there: when the rule refuses the
 * nearest, the next edge answers if its distance is within the triangle's slack of the nearest
 * (a needle along a mesh's border, its inner edge closed as a crack: the border edge behind it
 * must still answer, FINDINGS.md F134).
 */
function coreTriangleBoundary(
  core: Core,
  triangle: MeshTriangle,
  source: TriangleSource,
  manifold: MeshManifold,
): void {
  const v = triangle.vertices, tolerance = core.tolerance;
  loadCoreEnds(core);
  for (let k = 0; k < 3; k++) {
    const next = 3 * ((k + 1) % 3);
    edgeStart[0] = v[3 * k]!;
    edgeStart[1] = v[3 * k + 1]!;
    edgeStart[2] = v[3 * k + 2]!;
    edgeEnd[0] = v[next]!;
    edgeEnd[1] = v[next + 1]!;
    edgeEnd[2] = v[next + 2]!;
    writeClosestPointsSegmentSegment3(edgeClosest[k]!, coreStart, coreEnd, edgeStart, edgeEnd);
  }
  const r = core.radius;
  let nearest = -1, tried = 0;
  for (let attempt = 0; attempt < 3; attempt++) {
    // The untried edge nearest to the core (ties: the lower k).
    let k = -1;
    for (let j = 0; j < 3; j++) {
      if ((tried & (1 << j)) !== 0) continue;
      if (k < 0 || edgeClosest[j]!.distanceSquared < edgeClosest[k]!.distanceSquared) k = j;
    }
    tried |= 1 << k;
    const found = edgeClosest[k]!;
    const distance = Math.sqrt(found.distanceSquared);
    if (attempt === 0) {
      nearest = distance;
      if (r - distance < -tolerance) return;
      // Touching the boundary itself: the face's clipped core (with its slack) holds that point.
      if (distance <= triangle.slack) return;
    } else if (distance > nearest + triangle.slack) return;
    // A next edge only for its own points: its end is a corner of an edge already tried, whose
    // refusal stands (a corner's cone can be open where the refused edge is the nearest feature).
    else if (found.t <= 0 || found.t >= 1) continue;
    if (coreEdgeContact(core, triangle, source, manifold, k, found)) return;
  }
}

/**
 * The contact of the core with edge `k` of `triangle` (or the corner at an end of it) at the
 * closest points `found`: false when the rule against ghost contacts refuses it. The distance is
 * read from `found`, not passed (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
function coreEdgeContact(
  core: Core,
  triangle: MeshTriangle,
  source: TriangleSource,
  manifold: MeshManifold,
  k: number,
  found: SegmentClosestPoints,
): boolean {
  const r = core.radius, distance = Math.sqrt(found.distanceSquared);
  const qx = found.closest2[0]!, qy = found.closest2[1]!, qz = found.closest2[2]!;
  const dx = found.closest1[0]! - qx, dy = found.closest1[1]! - qy, dz = found.closest1[2]! - qz;
  const d = direction;
  d.x = dx;
  d.y = dy;
  d.z = dz;
  d.length = distance;
  if (!facesNormal(triangle, source.twoSided, d)) return false;
  const t = found.t;
  let second: number, key: number;
  const onVertex = t <= 0 || t >= 1;
  source.loadNeighbourhood(triangle);
  if (onVertex) {
    const corner = t <= 0 ? k : (k + 1) % 3;
    if (!vertexAcceptsNormal(source, triangle, corner, d)) return false;
    second = meshVertexFeature(triangle.index, corner);
    key = 2 * triangle.vertexKeys[corner]! + 1;
  } else {
    if (!edgeAcceptsNormal(triangle, k, d)) return false;
    second = meshEdgeFeature(triangle.index, k);
    key = 2 * triangle.edgeKeys[k]!;
  }
  const nx = dx / distance, ny = dy / distance, nz = dz / distance;
  const s = found.s;
  const first = !core.capsule ? 0 : s <= 0 || core.halfLength === 0 ? 1 : s >= 1 ? 2 : 0;
  const coreEndpoint = first !== 0;
  let kind: ContactKind;
  if (!core.capsule) kind = onVertex ? ContactKind.PointFace : ContactKind.EdgeFace;
  else if (onVertex) kind = coreEndpoint ? ContactKind.PointPoint : ContactKind.PointEdge;
  else kind = coreEndpoint ? ContactKind.PointEdge : ContactKind.EdgeEdge;
  // Midpoint of the witnesses q (on the mesh) and s - n r (on the shape).
  const shift = 0.5 * (distance - r);
  const candidate = manifold.candidate;
  candidate.x = qx + nx * shift;
  candidate.y = qy + ny * shift;
  candidate.z = qz + nz * shift;
  candidate.nx = nx;
  candidate.ny = ny;
  candidate.nz = nz;
  candidate.depth = r - distance;
  candidate.kind = kind;
  candidate.first = first;
  candidate.second = second;
  candidate.key = key;
  manifold.mergeDistance = MERGE_FRACTION * r + triangle.slack;
  addMeshContact(manifold);
  return true;
}
