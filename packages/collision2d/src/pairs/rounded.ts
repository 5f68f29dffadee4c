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
import type { CoreEdges } from '../clip/convex-polygons.js';
import { type Contact2, CollisionData2 } from '../manifold/contact2.js';
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

/**
 * `collideRounded`'s contacts for two `simpleConvex` polygons whose cores are apart, `first` (P)
 * and `second` (Q) in the canonical order (the smaller id first; `swap`: the caller passed them
 * the other way), from what `coresApart` (convex-polygons.ts) found: the reference and incident
 * edges and Q's points in P's frame. As Box2D v3's b2CollidePolygons: the closest points of the
 * two edges (Ericson, Real-Time Collision Detection, 5.1.9), in P's frame; both at edge ends,
 * the corner contact (`writeCorners`); else the edge whose inside holds its closest point is the
 * reference, the other polygon's edge clipped to it (`writeEdge`). The contacts are those of the
 * general path (every vertex against every edge, in world space) but for round-off and ties
 * (rounded-convex.test.ts). Returns the number written, or -1 for cores touching within the
 * round-off of their coordinates (`CoreEdges.slack`; left to `collideRounded`).
 */
export function collideConvexRoundedApart<B>(
  first: Polygon<B>,
  second: Polygon<B>,
  data: CollisionData2<B>,
  radiusFirst: number,
  radiusSecond: number,
  swap: boolean,
  edges: CoreEdges,
): number {
  const pv = first.packed, qv = edges.secondFrame, at = PACKED_VERTICES;
  const pCount = first.count, qCount = second.count;
  const i1 = edges.firstEdge, i2 = i1 + 1 === pCount ? 0 : i1 + 1;
  const j1 = edges.secondEdge, j2 = j1 + 1 === qCount ? 0 : j1 + 1;
  const p1x = pv[at + 4 * i1]!, p1y = pv[at + 4 * i1 + 1]!;
  const d1x = pv[at + 4 * i2]! - p1x, d1y = pv[at + 4 * i2 + 1]! - p1y;
  const q1x = qv[4 * j1]!, q1y = qv[4 * j1 + 1]!;
  const d2x = qv[4 * j2]! - q1x, d2y = qv[4 * j2 + 1]! - q1y;
  // Ericson 5.1.9: P's edge p1 + s d1 and Q's q1 + t d2 (edges of non-zero length).
  const rx = p1x - q1x, ry = p1y - q1y;
  const a = d1x * d1x + d1y * d1y, e = d2x * d2x + d2y * d2y, f = d2x * rx + d2y * ry;
  const c = d1x * rx + d1y * ry, b = d1x * d2x + d1y * d2y, denominator = a * e - b * b;
  // Edges in parallel (denominator 0): any s; the clamps below pick an end of the overlap.
  let s = denominator > 0 ? clampUnit((b * f - c * e) / denominator) : 0;
  let t = (b * s + f) / e;
  if (t < 0) {
    t = 0;
    s = clampUnit(-c / a);
  } else if (t > 1) {
    t = 1;
    s = clampUnit((b - c) / a);
  }
  const features = scratchFeatures;
  features.ax = p1x + s * d1x;
  features.ay = p1y + s * d1y;
  features.bx = q1x + t * d2x;
  features.by = q1y + t * d2y;
  const gx = features.ax - features.bx, gy = features.ay - features.by;
  const distance = Math.sqrt(gx * gx + gy * gy);
  if (distance > radiusFirst + radiusSecond + data.tolerance) return 0;
  // Cores touching within round-off: the points' direction is noise (left to `collideRounded`).
  if (!(distance > edges.slack)) return -1;
  features.world = false;
  features.pose = pv;
  features.slack = edges.slack;
  features.distance = distance;
  features.radiusFirst = radiusFirst;
  features.radiusSecond = radiusSecond;
  features.swap = swap;
  const atEndP = s === 0 || s === 1, atEndQ = t === 0 || t === 1;
  features.firstFeature = atEndP ? VERTEX_FEATURE | (s === 0 ? i1 : i2) : i1;
  features.secondFeature = atEndQ ? VERTEX_FEATURE | (t === 0 ? j1 : j2) : j1;
  if (atEndP && atEndQ) return writeCorners(first, second, data, features);
  // The reference: the edge whose inside holds its closest point (the search's on a tie).
  const referenceIsFirst = atEndP === atEndQ ? edges.referenceIsFirst : atEndQ;
  const rv = referenceIsFirst ? pv : qv, rAt = referenceIsFirst ? at : 0;
  const iv = referenceIsFirst ? qv : pv, iAt = referenceIsFirst ? 0 : at;
  const edge = referenceIsFirst ? i1 : j1, next = referenceIsFirst ? i2 : j2;
  const nx = rv[rAt + 4 * edge + 2]!, ny = rv[rAt + 4 * edge + 3]!;
  let incidentEdge = referenceIsFirst ? j1 : i1;
  if (referenceIsFirst !== edges.referenceIsFirst) {
    // Not the search's reference: of the two edges at the incident polygon's closest vertex,
    // the more anti-parallel to the reference normal (as `writeClipped`).
    const iCount = referenceIsFirst ? qCount : pCount, end = referenceIsFirst ? t : s;
    const vertex = end === 0 ? incidentEdge : incidentEdge + 1 === iCount ? 0 : incidentEdge + 1;
    const before = vertex === 0 ? iCount - 1 : vertex - 1;
    incidentEdge = iv[iAt + 4 * before + 2]! * nx + iv[iAt + 4 * before + 3]! * ny <
        iv[iAt + 4 * vertex + 2]! * nx + iv[iAt + 4 * vertex + 3]! * ny
      ? before
      : vertex;
  }
  const after = incidentEdge + 1 === (referenceIsFirst ? qCount : pCount) ? 0 : incidentEdge + 1;
  features.referenceIsFirst = referenceIsFirst;
  features.edge = edge;
  features.nx = nx;
  features.ny = ny;
  features.v1x = rv[rAt + 4 * edge]!;
  features.v1y = rv[rAt + 4 * edge + 1]!;
  features.v2x = rv[rAt + 4 * next]!;
  features.v2y = rv[rAt + 4 * next + 1]!;
  features.incidentEdge = incidentEdge;
  features.incidentNext = after;
  features.w1x = iv[iAt + 4 * incidentEdge]!;
  features.w1y = iv[iAt + 4 * incidentEdge + 1]!;
  features.w2x = iv[iAt + 4 * after]!;
  features.w2y = iv[iAt + 4 * after + 1]!;
  return writeEdge(first, second, data, features);
}

/** `x` clamped to [0, 1]. */
function clampUnit(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x;
}

/**
 * What `writeCorners` and `writeEdge` read (in fields: PERFORMANCE.md, doubles cross calls in
 * arrays or fields), in one frame: world space (`world`, the general path) or the first
 * polygon's (`pose`: its `packed`, whose cos, sin, x, y take a point to world space).
 */
class ClosestFeatures {
  world = true;
  pose: Float64Array = new Float64Array(4);
  /** The closest points of the first and the second core, their distance and feature codes. */
  ax = 0;
  ay = 0;
  bx = 0;
  by = 0;
  distance = 0;
  firstFeature = 0;
  secondFeature = 0;
  /** The reference edge (of the first when `referenceIsFirst`): v1 to v2, outward normal n. */
  referenceIsFirst = true;
  edge = 0;
  v1x = 0;
  v1y = 0;
  v2x = 0;
  v2y = 0;
  nx = 0;
  ny = 0;
  /** The incident edge: w1 (vertex `incidentEdge`) to w2 (vertex `incidentNext`). */
  incidentEdge = 0;
  incidentNext = 0;
  w1x = 0;
  w1y = 0;
  w2x = 0;
  w2y = 0;
  radiusFirst = 0;
  radiusSecond = 0;
  /** Whether the caller passed the pair the other way (the normal negated, bodies exchanged). */
  swap = false;
  /**
   * Round-off allowance of the coordinates (P's frame), or -Infinity: `writeEdge` writes a point
   * clipped within it of the other end of the incident edge only once.
   */
  slack = -Infinity;
}
const scratchFeatures = new ClosestFeatures();

/** Writes a contact's point (x, y) and normal (nx, ny), in `features`' frame, in world space. */
function writeInWorld(
  contact: Contact2,
  features: ClosestFeatures,
  x: number,
  y: number,
  nx: number,
  ny: number,
): void {
  let wx = nx, wy = ny;
  if (features.world) {
    contact.point[0] = x;
    contact.point[1] = y;
  } else {
    const pose = features.pose, c = pose[0]!, s = pose[1]!;
    contact.point[0] = c * x - s * y + pose[2]!;
    contact.point[1] = s * x + c * y + pose[3]!;
    wx = c * nx - s * ny;
    wy = s * nx + c * ny;
  }
  // 0 - x rather than -x: a flipped zero component stays +0.
  contact.normal[0] = features.swap ? 0 - wx : wx;
  contact.normal[1] = features.swap ? 0 - wy : wy;
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
  return writeCorners(first, second, data, closestInWorld(radiusFirst, radiusSecond, swap));
}

/** `scratchFeatures` set to `closest` (world space), the radii and `swap`. */
function closestInWorld(radiusFirst: number, radiusSecond: number, swap: boolean): ClosestFeatures {
  const features = scratchFeatures;
  features.world = true;
  features.slack = -Infinity;
  features.ax = closest.ax;
  features.ay = closest.ay;
  features.bx = closest.bx;
  features.by = closest.by;
  features.distance = closest.distance;
  features.firstFeature = closest.firstFeature;
  features.secondFeature = closest.secondFeature;
  features.radiusFirst = radiusFirst;
  features.radiusSecond = radiusSecond;
  features.swap = swap;
  return features;
}

/** The one contact between the closest points (`features`), moved out by the radii. */
function writeCorners<B>(
  first: Shape2<B>,
  second: Shape2<B>,
  data: CollisionData2<B>,
  features: ClosestFeatures,
): number {
  const swap = features.swap;
  const out = claimOne2(data, swap ? second.body : first.body, swap ? first.body : second.body);
  if (out === undefined) return 0;
  const radiusFirst = features.radiusFirst, radiusSecond = features.radiusSecond;
  // The direction from the points' own difference (in world space the distance was measured in
  // a shape's frame: far from the origin the two round differently).
  const ex = features.ax - features.bx,
    ey = features.ay - features.by,
    length = Math.sqrt(ex * ex + ey * ey);
  const nx = length > 0 ? ex / length : 0, ny = length > 0 ? ey / length : 1;
  // Witnesses: the first core's point less n rFirst, the second's plus n rSecond.
  writeInWorld(
    out,
    features,
    0.5 * (features.ax - nx * radiusFirst + features.bx + nx * radiusSecond),
    0.5 * (features.ay - ny * radiusFirst + features.by + ny * radiusSecond),
    nx,
    ny,
  );
  out.penetration = radiusFirst + radiusSecond - features.distance;
  out.kind = ContactKind.PointPoint;
  out.featureId = packFeatureId(features.firstFeature, features.secondFeature);
  return 1;
}

/**
 * Two convex polygons apart, closest at a vertex and the inside of an edge (`closest`): that edge
 * is the reference; of the two edges at the other polygon's closest vertex, the more
 * anti-parallel to it (the incident edge) is clipped to the reference edge's side lines
 * (`writeEdge`), in world space.
 */
function writeClipped<B>(
  first: Polygon<B>,
  second: Polygon<B>,
  data: CollisionData2<B>,
  radiusFirst: number,
  radiusSecond: number,
  swap: boolean,
): number {
  const features = closestInWorld(radiusFirst, radiusSecond, swap);
  // The reference is the polygon whose feature is an edge.
  const referenceIsFirst = (closest.firstFeature & VERTEX_FEATURE) === 0;
  const reference = referenceIsFirst ? first : second, incident = referenceIsFirst ? second : first;
  const edge = referenceIsFirst ? closest.firstFeature : closest.secondFeature;
  const rx = reference.transform, ix = incident.transform;
  const rv = reference.vertices, iv = incident.vertices;
  // The reference edge in world space: from v1 to v2, outward normal n.
  const next = edge + 1 === reference.count ? 0 : edge + 1;
  const lnx = reference.normals[2 * edge]!, lny = reference.normals[2 * edge + 1]!;
  const nx = rx.cos * lnx - rx.sin * lny, ny = rx.sin * lnx + rx.cos * lny;
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
  features.referenceIsFirst = referenceIsFirst;
  features.edge = edge;
  features.nx = nx;
  features.ny = ny;
  features.v1x = rx.cos * rv[2 * edge]! - rx.sin * rv[2 * edge + 1]! + rx.x;
  features.v1y = rx.sin * rv[2 * edge]! + rx.cos * rv[2 * edge + 1]! + rx.y;
  features.v2x = rx.cos * rv[2 * next]! - rx.sin * rv[2 * next + 1]! + rx.x;
  features.v2y = rx.sin * rv[2 * next]! + rx.cos * rv[2 * next + 1]! + rx.y;
  features.incidentEdge = incidentEdge;
  features.incidentNext = after;
  features.w1x = ix.cos * iv[2 * incidentEdge]! - ix.sin * iv[2 * incidentEdge + 1]! + ix.x;
  features.w1y = ix.sin * iv[2 * incidentEdge]! + ix.cos * iv[2 * incidentEdge + 1]! + ix.y;
  features.w2x = ix.cos * iv[2 * after]! - ix.sin * iv[2 * after + 1]! + ix.x;
  features.w2y = ix.sin * iv[2 * after]! + ix.cos * iv[2 * after + 1]! + ix.y;
  return writeEdge(first, second, data, features);
}

/**
 * The incident edge of `features` clipped to the reference edge's side lines (Sutherland-Hodgman,
 * as b2ClipPolygons), each clipped end within `R + tolerance` of the reference edge's line a
 * contact of depth `R - height`, its witnesses the incident point moved toward the reference by
 * the incident radius and its foot on the reference edge moved out by the reference radius.
 * Kinds: PointFace for an incident vertex, PointEdge for a point clipped at a reference corner.
 * The corner contact (`writeCorners`) when no end is within reach.
 */
function writeEdge<B>(
  first: Shape2<B>,
  second: Shape2<B>,
  data: CollisionData2<B>,
  features: ClosestFeatures,
): number {
  const referenceIsFirst = features.referenceIsFirst, edge = features.edge;
  const nx = features.nx, ny = features.ny, v1x = features.v1x, v1y = features.v1y;
  const w1x = features.w1x, w1y = features.w1y, w2x = features.w2x, w2y = features.w2y;
  const incidentEdge = features.incidentEdge, after = features.incidentNext;
  const tx = -ny, ty = nx;
  const lower = tx * v1x + ty * v1y, upper = tx * features.v2x + ty * features.v2y;
  const radiusFirst = features.radiusFirst, radiusSecond = features.radiusSecond;
  const radiusReference = referenceIsFirst ? radiusFirst : radiusSecond;
  const radiusIncident = referenceIsFirst ? radiusSecond : radiusFirst;
  const R = radiusFirst + radiusSecond, reach = R + data.tolerance, swap = features.swap;
  // The normal of the pair, from the second toward the first, in the canonical order.
  const pairX = referenceIsFirst ? -nx : nx, pairY = referenceIsFirst ? -ny : ny;
  const s1 = tx * w1x + ty * w1y, s2 = tx * w2x + ty * w2y;
  let written = 0;
  for (let k = 0; k < 2 && written < data.maxContactsPerPair; k++) {
    const s = k === 0 ? s1 : s2, other = k === 0 ? s2 : s1;
    let x = k === 0 ? w1x : w2x, y = k === 0 ? w1y : w2y;
    let incidentCode = VERTEX_FEATURE | (k === 0 ? incidentEdge : after);
    let kind: ContactKind = ContactKind.PointFace;
    if (s < lower || s > upper) {
      // Clipped to the side line through the reference corner (skipped if the edge lies beyond it).
      const limit = s < lower ? lower : upper;
      if ((other < lower && s < lower) || (other > upper && s > upper)) continue;
      // The other end at the corner (a vertex on a vertex, as boxes stacked flush): it is the
      // point clipped here, written once (by the general path twice: `slack` -Infinity).
      if (Math.abs(other - limit) <= features.slack) continue;
      const f = (limit - s) / (other - s);
      x += f * ((k === 0 ? w2x : w1x) - x);
      y += f * ((k === 0 ? w2y : w1y) - y);
      incidentCode = incidentEdge;
      kind = ContactKind.PointEdge;
    }
    const height = nx * (x - v1x) + ny * (y - v1y);
    if (height > reach) continue;
    const out = claimOne2(data, swap ? second.body : first.body, swap ? first.body : second.body);
    if (out === undefined) return written;
    // Witnesses: (x, y) - n rIncident and the foot (x, y) - n height + n rReference.
    const middle = 0.5 * (radiusReference - radiusIncident - height);
    writeInWorld(out, features, x + nx * middle, y + ny * middle, pairX, pairY);
    out.penetration = R - height;
    out.kind = kind;
    out.featureId = referenceIsFirst
      ? packFeatureId(edge, incidentCode)
      : packFeatureId(incidentCode, edge);
    written++;
  }
  if (written === 0) return writeCorners(first, second, data, features);
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
  vertexEdge(viewA, viewB, false);
  vertexEdge(viewB, viewA, true);
  closestToWorld(viewA, viewB);
}

/**
 * An outline as `vertexEdge` reads it: the pose (cos, sin, x, y), the points (x, y a vertex),
 * how many, and whether the last joins the first.
 */
class OutlineView {
  readonly pose: Float64Array;
  points: Float64Array;
  count: number;
  closed: boolean;

  constructor() {
    this.pose = new Float64Array(4);
    this.points = this.pose;
    this.count = 0;
    this.closed = true;
  }

  /** A polygon's or chain's outline: its transform and its `vertices`. */
  of(shape: Polygon | Chain): this {
    const xf = shape.transform, pose = this.pose;
    pose[0] = xf.cos;
    pose[1] = xf.sin;
    pose[2] = xf.x;
    pose[3] = xf.y;
    this.points = shape.vertices;
    this.count = shape.count;
    this.closed = shape.shapeType !== ShapeType2.Chain && shape.shapeType !== ShapeType2.Segment;
    return this;
  }
}

/** The views of `closestOutlinePoints` (a call allocates nothing). */
const scratchViews = [new OutlineView(), new OutlineView()] as const;

/**
 * Each vertex of `from` against each edge of `to`, into `closest` (squared distance, points in
 * `to`'s frame; `swapped`: `from` is the pair's second).
 */
function vertexEdge(from: OutlineView, to: OutlineView, swapped: boolean): void {
  const fp = from.pose, tp = to.pose, fv = from.points, tv = to.points;
  const m = to.count, edges = to.closed ? m : m - 1;
  // `from`'s vertices in `to`'s frame: R_to^T (R_from v + t_from - t_to).
  const fc = fp[0]!, fs = fp[1]!, tc = tp[0]!, ts = tp[1]!;
  const c = tc * fc + ts * fs, s = tc * fs - ts * fc;
  const dx = fp[2]! - tp[2]!, dy = fp[3]! - tp[3]!;
  const ox = tc * dx + ts * dy, oy = tc * dy - ts * dx;
  for (let i = 0; i < from.count; i++) {
    const vx = fv[2 * i]!, vy = fv[2 * i + 1]!;
    const px = c * vx - s * vy + ox, py = s * vx + c * vy + oy;
    for (let k = 0; k < edges; k++) {
      const j = k + 1 === m ? 0 : k + 1;
      const ax = tv[2 * k]!, ay = tv[2 * k + 1]!;
      const ex = tv[2 * j]! - ax, ey = tv[2 * j + 1]! - ay;
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
