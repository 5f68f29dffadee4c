/**
 * Rounded polygons (`new Polygon(points, { radius })`) against every shape: the pair's detector
 * runs on the cores, then each contact is moved out by the radii. This is the method of Box2D
 * v3's `b2CollidePolygons` (and of Ericson, Real-Time Collision Detection, 5.5: a shape inflated
 * by r touches another exactly where its core lies within r of it): the cores are collided with
 * the tolerance grown by the sum of the radii `R`, so every pair of cores within `R + tolerance`
 * gets its contacts (speculative where the cores are apart); each core contact, with normal `n`
 * from the second shape toward the first and penetration `p`, has its first witness moved by
 * `-n rFirst` and its second by `+n rSecond`: penetration `p + R`, point (the midpoint) moved by
 * `n (rSecond - rFirst) / 2`. Normals, kinds and feature ids are the core contact's. Every
 * early out of a core detector (bounding circles, piece circles, grids) is then taken at
 * `R + tolerance`, so it holds for the rounded shapes.
 *
 * Cores apart: a core detector's speculative contact is measured along its reference normal,
 * which between two corners facing each other is not the distance (README: what a speculative
 * contact promises), and its witness may lie on a reference edge's line; made real by the radii,
 * such a contact would misstate the overlap. So when no core contact overlaps, the cores' closest
 * points are found (each vertex against the other's edges, Ericson 5.1.2, over the whole
 * outlines: O(n m)). Two convex polygons then take their contacts from the closest features, as
 * `b2CollidePolygons` does: two corners, one PointPoint contact along the line between them; a
 * corner and an edge's inside, that edge the reference and the other's edge at the corner
 * clipped to it (`writeClipped`). Otherwise every contact's rounded depth is held to
 * `R - distance`, and where the closest points are two corners that the core contacts
 * understate, the corner contact is added in place of the core contacts naming either corner.
 * Against a chain no corner contact is made: its normal could leave the cone of a chain vertex
 * (see Chains in the README), which the core contacts keep. Two `simpleConvex` polygons with
 * cores apart skip the core detector and the whole search: the separating-axis test on the cores
 * names the two edges that hold the closest points (`collideConvexRoundedApart`).
 */
import { ContactKind, firstFeatureOf, packFeatureId, secondFeatureOf } from '@contactkit/math';
import { CollisionData2 } from '../manifold/contact2.js';
import { claimOne2 } from '../manifold/manifold2.js';
import {
  type Chain,
  type Polygon,
  PACKED_VERTICES,
  type Shape2,
  ShapeType2,
  VERTEX_FEATURE,
} from '../shapes/shapes.js';

/** A pair detector on the cores (the radius of a rounded polygon ignored). */
export type CoreDetector = (a: never, b: never, data: CollisionData2) => number;

/** `collideRounded`'s check of cores apart: none (the core detector measures the distance). */
export const CLOSEST_NONE = 0;
/** Depths held to the radii less the cores' distance (chains). */
export const CLOSEST_CLAMP = 1;
/** Held, and a contact between closest corners (polygon pairs). */
export const CLOSEST_CORNERS = 2;

/** Most contacts a core detector gathers for one pair (a concave pair keeps the deepest 8). */
const SCRATCH_CAPACITY = 64;
/** The core detectors write into this buffer (module-level: a call allocates nothing). */
const scratch = new CollisionData2({ capacity: SCRATCH_CAPACITY });
const closest = {
  distance: 0,
  /** The closest points, world space, on the first and the second core. */
  ax: 0,
  ay: 0,
  bx: 0,
  by: 0,
  /** Feature codes of the closest points (edge index or VERTEX_FEATURE | vertex). */
  firstFeature: 0,
  secondFeature: 0,
  /** Whether both closest points are vertices (or ends). */
  corners: false,
  /** During the search: the closest points in the frame of the edge's outline, vertex p, edge q. */
  px: 0,
  py: 0,
  qx: 0,
  qy: 0,
  /** During the search: whether the vertex is the second shape's (the edge the first's). */
  swapped: false,
};

/**
 * Writes the contacts of `a` (inflated by `radiusA`) and `b` (by `radiusB`) into `data`, through
 * `core`, the pair's detector on the cores, called in the same argument order: see the file
 * header. `check` says what is done when the cores are apart: `CLOSEST_NONE` (a circle or
 * capsule pair, whose core detector measures the true distance), `CLOSEST_CLAMP` (a chain: depths
 * held to `R - distance`; a corner contact could break the chain's cone rule) or
 * `CLOSEST_CORNERS` (two polygons: held, and the corner contact where the corners are closest).
 * Returns the number written.
 */
export function collideRounded<B>(
  core: CoreDetector,
  a: Shape2<B>,
  b: Shape2<B>,
  data: CollisionData2<B>,
  radiusA: number,
  radiusB: number,
  check: number,
): number {
  const R = radiusA + radiusB, tolerance = data.tolerance;
  const buffer = scratch as CollisionData2<B>;
  buffer.reset();
  buffer.tolerance = tolerance + R;
  if (buffer.maxContactsPerPair !== data.maxContactsPerPair) {
    buffer.maxContactsPerPair = data.maxContactsPerPair;
  }
  const found = (core as (a: Shape2<B>, b: Shape2<B>, data: CollisionData2<B>) => number)(
    a,
    b,
    buffer,
  );
  if (found === 0) return 0;
  const contacts = buffer.contacts;
  let deepest = -Infinity;
  for (let i = 0; i < found; i++) {
    const p = contacts[i]!.penetration;
    if (p > deepest) deepest = p;
  }
  // Largest rounded depth a contact may have: R less the cores' distance (unbounded when the
  // cores overlap, where the core detector's depth stands).
  let limit = Infinity, cornerContact = false;
  const slack = 1e-9 * (a.boundingRadius + b.boundingRadius);
  // Two shapes of one type are computed in the order of their ids (the canonical order, as the
  // core detectors do), so that swapping the arguments gives the same bits, normals negated.
  const swap = a.shapeType === b.shapeType && a.id > b.id;
  const first = swap ? b : a, second = swap ? a : b;
  const radiusFirst = swap ? radiusB : radiusA, radiusSecond = swap ? radiusA : radiusB;
  if (check !== CLOSEST_NONE && deepest < 0) {
    closestOutlinePoints(first, second);
    const d = closest.distance;
    if (d > R + tolerance) return 0;
    limit = R - d;
    // Closest at two corners, and the core contacts' reference normal is not their direction (their
    // depth is not R - d): the contact between the closest points, as b2CollidePolygons's
    // vertex-vertex case; in place of the others between convex polygons.
    if (check === CLOSEST_CORNERS && d > 0 && (a as Polygon).isConvex && (b as Polygon).isConvex) {
      // Two convex polygons apart: the contacts from the closest features (b2CollidePolygons).
      return closest.corners
        ? writeClosest(first, second, data, radiusFirst, radiusSecond, swap)
        : writeClipped(
          first as Polygon<B>,
          second as Polygon<B>,
          data,
          radiusFirst,
          radiusSecond,
          swap,
        );
    }
    // Closest at two corners, and the core contacts' reference normal is not their direction
    // (their depth is not R - d): the contact between the closest points is added.
    cornerContact = check === CLOSEST_CORNERS && closest.corners && d > 0 &&
      Math.abs(deepest + R - limit) > slack;
  }
  let written = 0;
  for (let i = 0; i < found; i++) {
    const c = contacts[i]!;
    // A reference-normal gap below the distance would overstate the depth: held to R - d, the
    // second witness kept (moved out by its radius) and the first brought to it.
    const core = c.penetration + R, depth = core < limit ? core : limit;
    if (depth < -tolerance || (cornerContact && sharesCorner(c.featureId))) continue;
    const out = claimOne2(data, c.firstBody, c.secondBody);
    if (out === undefined) return written;
    const nx = c.normal[0]!, ny = c.normal[1]!;
    // In the canonical order (normal f toward the first): point = second witness - f depth / 2 =
    // core point + f (p / 2 + rSecond - depth / 2).
    const fx = swap ? -nx : nx, fy = swap ? -ny : ny;
    const move = 0.5 * c.penetration + radiusSecond - 0.5 * depth;
    out.point[0] = c.point[0]! + fx * move;
    out.point[1] = c.point[1]! + fy * move;
    out.normal[0] = nx;
    out.normal[1] = ny;
    out.penetration = depth;
    out.kind = c.kind;
    out.featureId = c.featureId;
    written++;
  }
  if (cornerContact && written < data.maxContactsPerPair) {
    written += writeClosest(first, second, data, radiusFirst, radiusSecond, swap);
  }
  return written;
}

/** Scratch index lists of `collideConvexRoundedApart` (module-level: a call allocates nothing). */
const scratchVertices = new Int32Array(2);
const scratchEdges = new Int32Array(3);

/**
 * `collideRounded`'s contacts for two `simpleConvex` polygons whose cores are apart
 * (`coresApart` in convex-polygons.ts), `first` and `second` in the canonical order (the smaller
 * id first; `swap`: the caller passed them the other way), their closest points on `firstEdge`
 * of the first and `secondEdge` of the second. The closest points are searched as
 * `collideRounded` searches them, over only the ends of those edges against the edges at and
 * beside them (a point at a corner is measured on both of its edges, as the whole scan does):
 * 12 vertex-edge tests instead of every vertex against every edge, the same contacts bit for
 * bit unless two features tie within round-off. Returns the number written, or -1 for cores at
 * distance 0 (left to `collideRounded`).
 */
export function collideConvexRoundedApart<B>(
  first: Polygon<B>,
  second: Polygon<B>,
  data: CollisionData2<B>,
  radiusFirst: number,
  radiusSecond: number,
  swap: boolean,
  firstEdge: number,
  secondEdge: number,
): number {
  const viewFirst = scratchViews[0]!.ofPacked(first),
    viewSecond = scratchViews[1]!.ofPacked(second);
  closest.distance = Infinity;
  nearEdges(viewFirst, viewSecond, false, firstEdge, secondEdge);
  nearEdges(viewSecond, viewFirst, true, secondEdge, firstEdge);
  closestToWorld(viewFirst, viewSecond);
  const d = closest.distance;
  if (d > radiusFirst + radiusSecond + data.tolerance) return 0;
  if (!(d > 0)) return -1;
  return closest.corners
    ? writeClosest(first, second, data, radiusFirst, radiusSecond, swap)
    : writeClipped(first, second, data, radiusFirst, radiusSecond, swap);
}

/**
 * `vertexEdge` over the two ends of `fromEdge` against `toEdge` and the edges beside it, each
 * list ascending (the whole scan's order, so that a tie goes the same way).
 */
function nearEdges(
  from: OutlineView,
  to: OutlineView,
  swapped: boolean,
  fromEdge: number,
  toEdge: number,
): void {
  const vertices = scratchVertices, edges = scratchEdges, m = to.count;
  const next = fromEdge + 1 === from.count ? 0 : fromEdge + 1;
  vertices[0] = next === 0 ? 0 : fromEdge;
  vertices[1] = next === 0 ? fromEdge : next;
  edges[0] = toEdge === 0 ? 0 : toEdge + 1 === m ? 0 : toEdge - 1;
  edges[1] = toEdge === 0 ? 1 : toEdge + 1 === m ? m - 2 : toEdge;
  edges[2] = toEdge === 0 ? m - 1 : toEdge + 1 === m ? m - 1 : toEdge + 1;
  vertexEdge(from, to, swapped, vertices, 2, edges, 3);
}

/**
 * The one contact between the closest points of the cores (`closest`, found for `first`, `second`
 * in the canonical order), moved out by the radii; `swap`: the caller passed them the other way
 * (the normal is then negated and the bodies exchanged).
 */
function writeClosest<B>(
  first: Shape2<B>,
  second: Shape2<B>,
  data: CollisionData2<B>,
  radiusFirst: number,
  radiusSecond: number,
  swap: boolean,
): number {
  const out = claimOne2(data, swap ? second.body : first.body, swap ? first.body : second.body);
  if (out === undefined) return 0;
  const d = closest.distance;
  // The direction from the world points' own difference (the distance was measured in a shape's
  // frame: far from the origin the two round differently).
  const ex = closest.ax - closest.bx,
    ey = closest.ay - closest.by,
    length = Math.sqrt(ex * ex + ey * ey);
  const nx = length > 0 ? ex / length : 0, ny = length > 0 ? ey / length : 1;
  // Witnesses: the first core's point less n rFirst, the second's plus n rSecond.
  out.point[0] = 0.5 * (closest.ax - nx * radiusFirst + closest.bx + nx * radiusSecond);
  out.point[1] = 0.5 * (closest.ay - ny * radiusFirst + closest.by + ny * radiusSecond);
  // 0 - x rather than -x: a flipped zero component stays +0.
  out.normal[0] = swap ? 0 - nx : nx;
  out.normal[1] = swap ? 0 - ny : ny;
  out.penetration = radiusFirst + radiusSecond - d;
  out.kind = ContactKind.PointPoint;
  out.featureId = packFeatureId(closest.firstFeature, closest.secondFeature);
  return 1;
}

/**
 * Two convex polygons apart, closest at a vertex and the inside of an edge (`closest`): that edge
 * is the reference; the other polygon's edge most anti-parallel to it (the incident edge) is
 * clipped to the reference edge's side lines (Sutherland-Hodgman, as b2ClipPolygons), and each
 * clipped end within `R + tolerance` of the reference edge's line is a contact of depth
 * `R - height`, its witnesses the incident point moved toward the reference by the incident
 * radius and its foot on the reference edge moved out by the reference radius. Kinds: PointFace
 * for an incident vertex, PointEdge for a point clipped at a reference corner.
 */
function writeClipped<B>(
  first: Polygon<B>,
  second: Polygon<B>,
  data: CollisionData2<B>,
  radiusFirst: number,
  radiusSecond: number,
  swap: boolean,
): number {
  // The reference is the polygon whose feature is an edge.
  const referenceIsFirst = (closest.firstFeature & VERTEX_FEATURE) === 0;
  const reference = referenceIsFirst ? first : second, incident = referenceIsFirst ? second : first;
  const edge = referenceIsFirst ? closest.firstFeature : closest.secondFeature;
  const rx = reference.transform, ix = incident.transform;
  const rv = reference.vertices, iv = incident.vertices;
  // The reference edge in world space: from v1 to v2, outward normal n, tangent t.
  const next = edge + 1 === reference.count ? 0 : edge + 1;
  const lnx = reference.normals[2 * edge]!, lny = reference.normals[2 * edge + 1]!;
  const nx = rx.cos * lnx - rx.sin * lny, ny = rx.sin * lnx + rx.cos * lny;
  const v1x = rx.cos * rv[2 * edge]! - rx.sin * rv[2 * edge + 1]! + rx.x,
    v1y = rx.sin * rv[2 * edge]! + rx.cos * rv[2 * edge + 1]! + rx.y;
  const v2x = rx.cos * rv[2 * next]! - rx.sin * rv[2 * next + 1]! + rx.x,
    v2y = rx.sin * rv[2 * next]! + rx.cos * rv[2 * next + 1]! + rx.y;
  const tx = -ny, ty = nx;
  const lower = tx * v1x + ty * v1y, upper = tx * v2x + ty * v2y;
  // The incident edge: of the two at the incident polygon's closest vertex, the more
  // anti-parallel to n (the most anti-parallel of all may lie beside it: a side with a vertex on it).
  const vertex = (referenceIsFirst ? closest.secondFeature : closest.firstFeature) &
    ~VERTEX_FEATURE;
  let incidentEdge = vertex, least = Infinity;
  for (let m = 0; m < 2; m++) {
    const k = m === 0 ? vertex : vertex === 0 ? incident.count - 1 : vertex - 1;
    const mx = incident.normals[2 * k]!, my = incident.normals[2 * k + 1]!;
    const dot = nx * (ix.cos * mx - ix.sin * my) + ny * (ix.sin * mx + ix.cos * my);
    if (dot < least) {
      least = dot;
      incidentEdge = k;
    }
  }
  const after = incidentEdge + 1 === incident.count ? 0 : incidentEdge + 1;
  const radiusReference = referenceIsFirst ? radiusFirst : radiusSecond;
  const radiusIncident = referenceIsFirst ? radiusSecond : radiusFirst;
  const R = radiusFirst + radiusSecond, reach = R + data.tolerance;
  // The normal of the pair, from the second toward the first, in the canonical order.
  const pairX = referenceIsFirst ? -nx : nx, pairY = referenceIsFirst ? -ny : ny;
  const p1x = ix.cos * iv[2 * incidentEdge]! - ix.sin * iv[2 * incidentEdge + 1]! + ix.x,
    p1y = ix.sin * iv[2 * incidentEdge]! + ix.cos * iv[2 * incidentEdge + 1]! + ix.y;
  const p2x = ix.cos * iv[2 * after]! - ix.sin * iv[2 * after + 1]! + ix.x,
    p2y = ix.sin * iv[2 * after]! + ix.cos * iv[2 * after + 1]! + ix.y;
  const s1 = tx * p1x + ty * p1y, s2 = tx * p2x + ty * p2y;
  let written = 0;
  for (let k = 0; k < 2 && written < data.maxContactsPerPair; k++) {
    const s = k === 0 ? s1 : s2, other = k === 0 ? s2 : s1;
    let x = k === 0 ? p1x : p2x, y = k === 0 ? p1y : p2y;
    let incidentCode = VERTEX_FEATURE | (k === 0 ? incidentEdge : after);
    let kind: ContactKind = ContactKind.PointFace;
    if (s < lower || s > upper) {
      // Clipped to the side line through the reference corner (skipped if the edge lies beyond it).
      const limit = s < lower ? lower : upper;
      if ((other < lower && s < lower) || (other > upper && s > upper)) continue;
      const f = (limit - s) / (other - s);
      x += f * ((k === 0 ? p2x : p1x) - x);
      y += f * ((k === 0 ? p2y : p1y) - y);
      incidentCode = incidentEdge;
      kind = ContactKind.PointEdge;
    }
    const height = nx * (x - v1x) + ny * (y - v1y);
    if (height > reach) continue;
    const out = claimOne2(data, swap ? second.body : first.body, swap ? first.body : second.body);
    if (out === undefined) return written;
    // Witnesses: (x, y) - n rIncident and the foot (x, y) - n height + n rReference.
    const middle = 0.5 * (radiusReference - radiusIncident - height);
    out.point[0] = x + nx * middle;
    out.point[1] = y + ny * middle;
    out.normal[0] = swap ? 0 - pairX : pairX;
    out.normal[1] = swap ? 0 - pairY : pairY;
    out.penetration = R - height;
    out.kind = kind;
    out.featureId = referenceIsFirst
      ? packFeatureId(edge, incidentCode)
      : packFeatureId(incidentCode, edge);
    written++;
  }
  if (written === 0) return writeClosest(first, second, data, radiusFirst, radiusSecond, swap);
  return written;
}

/**
 * Whether the feature pair `featureId` names one of the two corners `closest` holds: such a core
 * contact measures the same touch as the corner contact, along a reference normal that is not its
 * closest direction (the corner contact replaces it).
 */
function sharesCorner(featureId: number): boolean {
  return firstFeatureOf(featureId) === closest.firstFeature ||
    secondFeatureOf(featureId) === closest.secondFeature;
}

/**
 * The closest points of the outlines of `a` and `b` (polygons, closed, or chains, open), into
 * `closest`: every vertex of each against every edge of the other (Ericson 5.1.2), in world
 * space. Called only when the cores are apart (no core contact overlaps), where the closest
 * points of the two outlines are those of the two cores.
 */
function closestOutlinePoints(a: Shape2, b: Shape2): void {
  const viewA = scratchViews[0]!.of(a as Polygon | Chain),
    viewB = scratchViews[1]!.of(b as Polygon | Chain);
  closest.distance = Infinity;
  vertexEdge(viewA, viewB, false, null, viewA.count, null, 0);
  vertexEdge(viewB, viewA, true, null, viewB.count, null, 0);
  closestToWorld(viewA, viewB);
}

/**
 * An outline as `vertexEdge` reads it: the pose (cos, sin, x, y from `pose[0]`), the points
 * (x, y at `at + stride * i`), how many, and whether the last joins the first.
 */
class OutlineView {
  pose: Float64Array;
  points: Float64Array;
  at: number;
  stride: number;
  count: number;
  closed: boolean;
  /** The pose copied out of a `Transform2` (`of`). */
  private readonly own: Float64Array;

  constructor() {
    this.own = new Float64Array(4);
    this.pose = this.own;
    this.points = this.own;
    this.at = 0;
    this.stride = 2;
    this.count = 0;
    this.closed = true;
  }

  /** A polygon's or chain's outline: its transform and its `vertices`. */
  of(shape: Polygon | Chain): this {
    const xf = shape.transform, own = this.own;
    own[0] = xf.cos;
    own[1] = xf.sin;
    own[2] = xf.x;
    own[3] = xf.y;
    this.pose = own;
    this.points = shape.vertices;
    this.at = 0;
    this.stride = 2;
    this.count = shape.count;
    this.closed = shape.shapeType !== ShapeType2.Chain && shape.shapeType !== ShapeType2.Segment;
    return this;
  }

  /** A convex polygon's outline from its `packed` array alone (the same numbers). */
  ofPacked(polygon: Polygon): this {
    this.pose = polygon.packed;
    this.points = polygon.packed;
    this.at = PACKED_VERTICES;
    this.stride = 4;
    this.count = polygon.count;
    this.closed = true;
    return this;
  }
}

/** The views of `closestOutlinePoints` and `collideConvexRoundedApart` (a call allocates nothing). */
const scratchViews = [new OutlineView(), new OutlineView()] as const;

/**
 * Each vertex of `from` against each edge of `to`, into `closest` (squared distance, points in
 * `to`'s frame; `swapped`: `from` is the pair's second). With `vertexList` and `edgeList`
 * (ascending indices, `vertexCount` and `edgeCount` of them), only those vertices against those
 * edges, in the same order and arithmetic as the whole scan.
 */
function vertexEdge(
  from: OutlineView,
  to: OutlineView,
  swapped: boolean,
  vertexList: Int32Array | null,
  vertexCount: number,
  edgeList: Int32Array | null,
  edgeCount: number,
): void {
  const fp = from.pose, tp = to.pose, fv = from.points, tv = to.points;
  const fAt = from.at, fStride = from.stride, tAt = to.at, tStride = to.stride, m = to.count;
  const edges = edgeList !== null ? edgeCount : to.closed ? m : m - 1;
  // `from`'s vertices in `to`'s frame: R_to^T (R_from v + t_from - t_to).
  const fc = fp[0]!, fs = fp[1]!, tc = tp[0]!, ts = tp[1]!;
  const c = tc * fc + ts * fs, s = tc * fs - ts * fc;
  const dx = fp[2]! - tp[2]!, dy = fp[3]! - tp[3]!;
  const ox = tc * dx + ts * dy, oy = tc * dy - ts * dx;
  for (let v = 0; v < vertexCount; v++) {
    const i = vertexList === null ? v : vertexList[v]!;
    const vx = fv[fAt + fStride * i]!, vy = fv[fAt + fStride * i + 1]!;
    const px = c * vx - s * vy + ox, py = s * vx + c * vy + oy;
    for (let e = 0; e < edges; e++) {
      const k = edgeList === null ? e : edgeList[e]!;
      const j = k + 1 === m ? 0 : k + 1;
      const ax = tv[tAt + tStride * k]!, ay = tv[tAt + tStride * k + 1]!;
      const ex = tv[tAt + tStride * j]! - ax, ey = tv[tAt + tStride * j + 1]! - ay;
      let t = ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey);
      t = t < 0 ? 0 : t > 1 ? 1 : t;
      const qx = ax + t * ex, qy = ay + t * ey;
      const d2 = (px - qx) * (px - qx) + (py - qy) * (py - qy);
      if (!(d2 < closest.distance)) continue;
      closest.distance = d2;
      closest.px = px;
      closest.py = py;
      closest.qx = qx;
      closest.qy = qy;
      closest.swapped = swapped;
      const vertexCode = VERTEX_FEATURE | i;
      const edgeCode = t <= 0 ? VERTEX_FEATURE | k : t >= 1 ? VERTEX_FEATURE | j : k;
      closest.corners = t <= 0 || t >= 1;
      closest.firstFeature = swapped ? edgeCode : vertexCode;
      closest.secondFeature = swapped ? vertexCode : edgeCode;
    }
  }
}

/**
 * `closest`'s points from the frame they were found in (the edge's outline: `second` unless
 * `swapped`) to world space, and its distance from the squared one.
 */
function closestToWorld(first: OutlineView, second: OutlineView): void {
  const pose = closest.swapped ? first.pose : second.pose;
  const c = pose[0]!, s = pose[1]!, x = pose[2]!, y = pose[3]!;
  const px = closest.px, py = closest.py, qx = closest.qx, qy = closest.qy;
  const wpx = c * px - s * py + x, wpy = s * px + c * py + y;
  const wqx = c * qx - s * qy + x, wqy = s * qx + c * qy + y;
  closest.ax = closest.swapped ? wqx : wpx;
  closest.ay = closest.swapped ? wqy : wpy;
  closest.bx = closest.swapped ? wpx : wqx;
  closest.by = closest.swapped ? wpy : wqy;
  closest.distance = Math.sqrt(closest.distance);
}
