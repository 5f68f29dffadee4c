/**
 * Contacts of a convex polyhedron (a `ConvexHull`, or a box seen as one: box-convex-hull.ts)
 * with a `TriangleMesh` or `Heightfield`, triangle by triangle as the shape's query finds them,
 * into one `MeshManifold`. The hull is placed in world space once a call (vertices, planes,
 * edge vectors); each triangle is a flat convex polygon with two faces, its normal n and -n.
 *
 * Per triangle (world space, mesh-triangle.ts):
 * 1. Separating axes (Gottschalk's separating-axis test; Gregorius, "The Separating Axis Test
 *    between Convex Polyhedra", GDC 2013): the triangle's normal, on the side of the hull's
 *    centre (a one-sided triangle takes no hull whose centre is behind it, as the sphere kernel
 *    takes no centre behind it, unless the centre is outside the surface at one of its convex
 *    edges: `outsideAtConvexEdge`); the hull's face normals; and hull edge x triangle edge for the
 *    pairs whose normal cones meet (a face of the Minkowski difference: the triangle edge's cone
 *    is the half-plane of normals across it, the hull edge's the arc between its two faces). A
 *    one-sided triangle inside a flat stretch (its three edges flat) stands for the solid below
 *    it (the prism under it), so axes that only separate the hull from the flat triangle (faces
 *    turned away from its front, edge axes pointing behind it) are left out there. A
 *    heightfield's triangle with the hull's centre sunk behind it stands for its solid, its
 *    column (the triangle swept down along the field's up), tested with the column's own axes
 *    (`columnSeparated`), and answers with the hull's part in that column
 *    (`columnFaceContacts`). Any separation above the tolerance: no contact. A mesh has no
 *    solid beyond a flat stretch's rim: when no triangle met the hull by all of its own axes,
 *    the call gives nothing (`meetsSurface`), and a hull whose centre is behind the plane must
 *    reach the plane too.
 * 2. The triangle's face is preferred. A hull face or an edge pair describes the contact only
 *    when its separation beats the triangle normal's by box-box's face preference margin
 *    (box-box-sat.ts: `EDGE_RELATIVE_MARGIN`, `EDGE_ABSOLUTE_MARGIN`), and only when the rule
 *    against ghost contacts (ghost-rule.ts) lets its normal through at the triangle feature it
 *    touches: the edge of the pair (or the end its closest point lies on), or for a hull face the
 *    triangle's vertex nearest to it (an edge when two vertices are level with the face within
 *    `LEVEL_SINE`; all three level means the triangle's face). Otherwise the triangle's face
 *    answers: on a flat floor of many triangles a box crossing an edge only ever sees the
 *    floor's normal, and a concave edge never gives an edge contact.
 * 3. Contacts. The triangle's face: the hull's incident face clipped against the triangle's side
 *    planes (clip/hull-face-clip.ts, Sutherland-Hodgman, with the triangle as a flat two-faced
 *    hull), each vertex below the triangle a contact of normal +-n. A hull face: the triangle
 *    clipped against that face's side planes, normal the face's inward normal. An edge pair: one
 *    contact at the closest points of the two edges (Ericson, Real-Time Collision Detection,
 *    5.1.9), normal the axis, depth its overlap.
 */
import { ContactKind } from '@contactkit/math';
import { clipHullFaces } from '../clip/hull-face-clip.js';
import type { CollisionData } from '../manifold/collision-data.js';
import { EDGE_ABSOLUTE_MARGIN, EDGE_RELATIVE_MARGIN } from '../sat/box-box-sat.js';
import { HullAxis } from '../sat/hull-sat.js';
import type { HullData } from '../shapes/convex-hull.js';
import { hullScratch } from '../shapes/hull-scratch.js';
import { edgeAcceptsNormal, facesNormal, vertexAcceptsNormal } from './ghost-rule.js';
import {
  addMeshContact,
  emitMeshManifold,
  type MeshContact,
  MeshManifold,
} from './mesh-manifold.js';
import {
  Direction,
  EdgeFlag,
  meshEdgeFeature,
  meshVertexFeature,
  MeshTriangle,
  type TriangleSource,
} from './mesh-triangle.js';

/** Merge distance as a fraction of the hull's size (see mesh-manifold.ts). */
const MERGE_FRACTION = 1e-6;
/** The side-plane slack of clip/hull-face-clip.ts, relative to the pair's size (its `PLANE_SLACK`). */
const CLIP_SLACK = 1e-9;
/** Separations (relative to the hull's size) closer than this count as equal. */
const TIE = 1e-10;
/** Below this sin^2 of the angle between two edges an edge axis is skipped: its direction would be round-off. */
const PARALLEL_SQUARED = 1e-12;
/**
 * An edge axis within this sin^2 (an angle of 1e-3 rad) of the triangle's normal is that normal
 * (its separation is the triangle's, up to the tilt): left to the triangle's face.
 */
const NEAR_NORMAL_SQUARED = 1e-6;
/**
 * Two triangle vertices whose heights above a hull face differ by less than this sine of the
 * angle between their edge and the face (1e-4 rad, `FLAT_EDGE_ANGLE`) are level with it: the
 * face touches the edge between them rather than the lower vertex.
 */
const LEVEL_SINE = 1e-4;
/** Step 2's answer for a hull face or edge pair: its contacts were added. */
const KEPT = 0;
/** Refused, and the triangle's face answers instead. */
const FACE_ANSWERS = 1;
/** Refused, and a neighbouring triangle answers. */
const NEIGHBOUR_ANSWERS = 2;

/** Room in a contact key for a hull's feature code (codes are below 2^16). */
const HULL_CODE_RANGE = 65536;

/** The hull's world vertices, planes and edge vectors go into these arrays of `hullScratch`. */
function placeHull(hull: HullData, m: Float64Array, centre: Float64Array): void {
  const s = hullScratch;
  const vertices = s.frameVertices, planes = s.framePlanes, edges = s.edgeVectors;
  const local = hull.vertices;
  const r00 = m[0]!, r10 = m[1]!, r20 = m[2]!, r01 = m[4]!, r11 = m[5]!, r21 = m[6]!;
  const r02 = m[8]!, r12 = m[9]!, r22 = m[10]!, tx = m[12]!, ty = m[13]!, tz = m[14]!;
  for (let i = 0; i < 3 * hull.vertexCount; i += 3) {
    const x = local[i]!, y = local[i + 1]!, z = local[i + 2]!;
    vertices[i] = r00 * x + r01 * y + r02 * z + tx;
    vertices[i + 1] = r10 * x + r11 * y + r12 * z + ty;
    vertices[i + 2] = r20 * x + r21 * y + r22 * z + tz;
  }
  const localPlanes = hull.planes;
  for (let i = 0; i < 4 * hull.faceCount; i += 4) {
    const x = localPlanes[i]!, y = localPlanes[i + 1]!, z = localPlanes[i + 2]!;
    const nx = r00 * x + r01 * y + r02 * z,
      ny = r10 * x + r11 * y + r12 * z,
      nz = r20 * x + r21 * y + r22 * z;
    planes[i] = nx;
    planes[i + 1] = ny;
    planes[i + 2] = nz;
    // n . (R p + t) = d + n_world . t for p on the face.
    planes[i + 3] = localPlanes[i + 3]! + nx * tx + ny * ty + nz * tz;
  }
  const ends = hull.edgeVertices;
  for (let e = 0; e < hull.edgeCount; e++) {
    const p = 3 * ends[2 * e]!, q = 3 * ends[2 * e + 1]!;
    edges[3 * e] = vertices[q]! - vertices[p]!;
    edges[3 * e + 1] = vertices[q + 1]! - vertices[p + 1]!;
    edges[3 * e + 2] = vertices[q + 2]! - vertices[p + 2]!;
  }
  const c = hull.centre;
  const cx = c[0]!, cy = c[1]!, cz = c[2]!;
  centre[0] = r00 * cx + r01 * cy + r02 * cz + tx;
  centre[1] = r10 * cx + r11 * cy + r12 * cz + ty;
  centre[2] = r20 * cx + r21 * cy + r22 * cz + tz;
}

/** What step 1 found for one triangle (fields, not arguments: PERFORMANCE.md). */
class TriangleAxes {
  // The doubles start as doubles, as `MeshTriangle.slack` does.
  /** Input: the caller's tolerance, and the hull's size. */
  tolerance = Number.MIN_VALUE;
  size = Number.MIN_VALUE;
  /** +1 when the hull is on the front of the triangle, -1 behind a two-sided one. */
  side = 1;
  /** Whether the hull's centre is behind a triangle whose solid is below it (a heightfield's). */
  sunk = false;
  /**
   * Whether the hull's centre is behind the one-sided triangle's plane but outside the surface at
   * one of its convex edges (`outsideAtConvexEdge`): only a hull face or an edge pair the rule
   * against ghost contacts keeps may answer, never the triangle's face.
   */
  fromBehind = false;
  /** Whether that centre is outside at one of the triangle's convex edges (`outsideAtConvexEdge`). */
  outside = false;
  /** Input: whether the triangle counts as outside through a flat neighbour (`flatStretchPass`). */
  outsideThroughFlat = false;
  /** Input: whether the hull's centre lies in the source's solid (`TriangleSource.inSolid`). */
  centreInSolid = false;
  /**
   * The depth a contact of `deepestInPrism` must beat to be added: the deepest of a column's face
   * clip (`columnFaceContacts`), else -Infinity.
   */
  deeperThan = -Infinity;
  /** Whether this is the pass run when no triangle answered (`hullMeshContacts`). */
  lastResort = false;
  /**
   * Whether a triangle of this call met the hull by all of its own axes, none left out for a
   * flat stretch's solid below (`triangleAxes`; `meetsSurface`).
   */
  met = false;
  /** Input: every axis measured, the triangle a flat polygon seen from either side (`meetsSurface`). */
  plain = false;
  /** Separation along the triangle's normal (times `side`). */
  triangleSeparation = Number.MIN_VALUE;
  /** The hull face of least overlap and its separation. */
  face = 0;
  faceSeparation = Number.MIN_VALUE;
  /** The edge pair of least overlap (hullEdge -1: none), its separation and unit axis (mesh toward hull). */
  hullEdge = -1;
  triangleEdge = 0;
  edgeSeparation = Number.MIN_VALUE;
  axisX = Number.MIN_VALUE;
  axisY = Number.MIN_VALUE;
  axisZ = Number.MIN_VALUE;
}

/**
 * The triangle as a flat hull of two faces (front 0, back 1) for clip/hull-face-clip.ts, its
 * codes the local mesh codes (mesh-triangle.ts: face 0, edge k 1 + k, vertex k 4 + k), its
 * vertices the triangle's own array; `planes` is rewritten per triangle.
 */
function triangleAsHull(triangle: MeshTriangle): HullData & { planes: Float64Array; } {
  return {
    vertices: triangle.vertices,
    planes: new Float64Array(8),
    faceStart: Int32Array.of(0, 3, 6),
    // The back runs 0, 2, 1: counter-clockwise seen from behind.
    faceVertices: Int32Array.of(0, 1, 2, 0, 2, 1),
    faceEdges: Int32Array.of(0, 1, 2, 2, 1, 0),
    edgeVertices: Int32Array.of(0, 1, 1, 2, 2, 0),
    edgeFaces: Int32Array.of(0, 1, 0, 1, 0, 1),
    vertexCount: 3,
    faceCount: 2,
    edgeCount: 3,
    vertexCodes: Int32Array.of(4, 5, 6),
    edgeCodes: Int32Array.of(1, 2, 3),
    faceCodes: Int32Array.of(0, 0),
    faceAreas: new Float64Array(2),
    centre: new Float64Array(3),
    size: 0,
  };
}

const triangleScratch = new MeshTriangle();
const triangleHull = triangleAsHull(triangleScratch);
const axes = new TriangleAxes();
const clipAxis = new HullAxis();
const worldCentre = new Float64Array(3);
const queryBox = new Float64Array(6);
const direction = new Direction();
const manifoldScratch = new MeshManifold();
const vertexHeights = new Float64Array(3);
/** Triangles (slots) left to a neighbour in one call, for the fallback when none answered. */
const DEFERRED_CAPACITY = 64;
const deferredSlots = new Int32Array(DEFERRED_CAPACITY);
/**
 * For `flatStretchPass`, in one call: the edge keys of the triangles the centre is behind but
 * outside at a convex edge of (three a triangle), and the slots of those it is behind with a
 * flat edge; `stretch` holds how many of each.
 */
const outsideEdgeKeys = new Float64Array(3 * DEFERRED_CAPACITY);
const behindSlots = new Int32Array(DEFERRED_CAPACITY);
const stretch = { outside: 0, behind: 0 };
/** A point and a slack for `overTriangle` (x, y, z, slack), and `offEdge`'s answer. */
const probe = new Float64Array(5);
/** `sectionReach`'s hull feature code and contact kind. */
const sectionCode = new Int32Array(2);
/** `columnSides`' answer. */
const columnScratch = new Float64Array(9);
/** `columnSeparated`'s axis, and how far below each triangle vertex it cuts the column. */
const columnAxis = new Float64Array(3);
const columnDrop = new Float64Array(3);

/**
 * Runs the query of `source` over `box` (the hull's world box) grown by `data.tolerance` and adds
 * every triangle's contacts (see the file comment) to `manifold`, which it empties first. `hull`
 * is in its own frame, `transform` its world pose. The tolerance is read from `data`, not passed
 * as a number (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
export function hullMeshContacts(
  hull: HullData,
  transform: Float64Array,
  box: Float64Array,
  source: TriangleSource,
  data: CollisionData,
  manifold: MeshManifold,
): void {
  manifold.count = 0;
  const tolerance = data.tolerance;
  axes.tolerance = tolerance;
  axes.size = hull.size;
  clipAxis.tolerance = tolerance;
  clipAxis.size = hull.size;
  placeHull(hull, transform, worldCentre);
  axes.centreInSolid = source.solidBelow && source.inSolid(worldCentre);
  axes.lastResort = false;
  axes.met = false;
  for (let i = 0; i < 3; i++) {
    queryBox[i] = box[i]! - tolerance;
    queryBox[3 + i] = box[3 + i]! + tolerance;
  }
  const triangle = triangleScratch;
  let deferred = 0, overlapped = false;
  stretch.outside = 0;
  stretch.behind = 0;
  source.beginQuery(queryBox);
  for (let slot = source.nextTriangle(); slot >= 0; slot = source.nextTriangle()) {
    source.loadTriangle(slot, triangle);
    const overlaps = separatingAxes(hull, triangle, source);
    if (axes.fromBehind) noteBehind(triangle);
    if (!overlaps) continue;
    overlapped = true;
    manifold.mergeDistance = MERGE_FRACTION * hull.size + triangle.slack;
    // A hull whose centre is in the solid below a heightfield's triangle: its face lifts it out
    // of the triangle's column.
    if (axes.sunk) {
      columnFaceContacts(hull, triangle, manifold);
      continue;
    }
    const answer = describeByHull(hull, triangle, source, manifold);
    // Seen from behind, the triangle's face would lift the whole hull out through it (its depth
    // along the normal is the hull's part behind the plane): a refused feature leaves nothing.
    if (axes.fromBehind) continue;
    if (answer === FACE_ANSWERS) {
      triangleFaceContacts(hull, triangle, manifold);
    } else if (answer === NEIGHBOUR_ANSWERS && deferred < DEFERRED_CAPACITY) {
      deferredSlots[deferred++] = slot;
    }
  }
  if (stretch.outside > 0 && stretch.behind > 0) flatStretchPass(hull, source, manifold);
  // A mesh has no inside: a hull that meets none of its triangles is apart from it, though a
  // flat stretch's solid below took it (a hull beside a stretch smaller than itself, under its
  // plane, in a triangle's prism: FINDINGS.md F145).
  if (overlapped && !axes.met && !source.solidBelow && !meetsSurface(hull, source)) {
    manifold.count = 0;
    return;
  }
  // A hull sunk deep can overlap triangles whose neighbours it does not reach: when no triangle
  // answered, those that left it to a neighbour answer with their faces after all.
  if (manifold.count > 0) return;
  for (let i = 0; i < deferred; i++) {
    source.loadTriangle(deferredSlots[i]!, triangle);
    separatingAxes(hull, triangle, source);
    manifold.mergeDistance = MERGE_FRACTION * hull.size + triangle.slack;
    triangleFaceContacts(hull, triangle, manifold);
  }
  // Still none over a solid (FINDINGS.md F21): every triangle the axes overlap answers with the
  // deepest point of the hull in its prism. A triangle whose plane the centre is behind stands
  // for its column (F23, F27): its column's face clip answers.
  if (manifold.count > 0) return;
  if (!source.solidBelow) {
    lastResortPrisms(hull, source, manifold);
    return;
  }
  axes.lastResort = true;
  source.beginQuery(queryBox);
  for (let slot = source.nextTriangle(); slot >= 0; slot = source.nextTriangle()) {
    source.loadTriangle(slot, triangle);
    if (!separatingAxes(hull, triangle, source)) continue;
    manifold.mergeDistance = MERGE_FRACTION * hull.size + triangle.slack;
    if (axes.sunk) {
      columnFaceContacts(hull, triangle, manifold);
      continue;
    }
    // A centre in front of the plane with a corner in the column but beside the prism (just
    // over the grid's border, the centre off it): the column's deepest point, in the solid
    // when behind the plane (F23).
    if (!deepestInPrism(hull, triangle, manifold, false)) {
      deepestInPrism(hull, triangle, manifold, true);
    }
  }
}

/**
 * Step 2: `KEPT` when a hull face or an edge pair describes the contact with `triangle` (its
 * contacts were added), `NEIGHBOUR_ANSWERS` when the triangle is left to its neighbours,
 * `FACE_ANSWERS` when the triangle's face answers. Of the two that beat the triangle's normal by the margin, the hull
 * face goes first unless the edge pair beats it by the margin too (box-box's preference); the
 * rule against ghost contacts then lets it through or says who answers. A refused hull face
 * passes to an edge pair of less overlap (the preference alone had put the face first). The
 * triangle's face answers when a refusal says so.
 */
function describeByHull(
  hull: HullData,
  triangle: MeshTriangle,
  source: TriangleSource,
  manifold: MeshManifold,
): number {
  const size = axes.size;
  const t = axes.triangleSeparation, f = axes.faceSeparation, e = axes.edgeSeparation;
  const beatsTriangle = t + EDGE_RELATIVE_MARGIN * Math.abs(t) + EDGE_ABSOLUTE_MARGIN * size;
  const edgeOk = axes.hullEdge >= 0 && e > beatsTriangle, faceOk = f > beatsTriangle;
  if (
    faceOk && !(edgeOk && e > f + EDGE_RELATIVE_MARGIN * Math.abs(f) + EDGE_ABSOLUTE_MARGIN * size)
  ) {
    const answer = hullFaceContacts(hull, triangle, source, manifold);
    if (answer === KEPT || !(edgeOk && e > f)) return answer;
  }
  if (!edgeOk) return FACE_ANSWERS;
  return edgePairContact(hull, triangle, source, manifold);
}

/**
 * Whether the hull meets a triangle of `source`'s query by all of the triangle's own axes, the
 * triangle a flat polygon seen from either side (Gottschalk's separating-axis test, nothing left
 * out). Asked only when every triangle that overlapped did so through the axes a flat stretch
 * leaves out for its solid below, which a mesh lacks beyond the stretch's rim.
 */
function meetsSurface(hull: HullData, source: TriangleSource): boolean {
  const triangle = triangleScratch;
  let meets = false;
  axes.plain = true;
  source.beginQuery(queryBox);
  for (let slot = source.nextTriangle(); slot >= 0 && !meets; slot = source.nextTriangle()) {
    source.loadTriangle(slot, triangle);
    meets = triangleAxes(hull, triangle, source);
  }
  axes.plain = false;
  return meets;
}

/**
 * No triangle of a mesh answered though the axes overlap some (FINDINGS.md F69): each such
 * triangle's face clip came out empty (the hull's part under it is a corner or an edge beside its
 * incident face, as a sliver across a boundary edge), so each answers with the hull's deepest
 * point in its prism, the least lift along its normal that frees the hull from it. Only here:
 * under a closed mesh's face near an edge the prism holds the other face's outside, where that
 * point overstates the overlap, and the other face answers first (F21). When even the prisms give
 * nothing, the triangles the hull's centre is behind push it off their boundary edges
 * (`pushOffBoundary`, F147).
 */
function lastResortPrisms(hull: HullData, source: TriangleSource, manifold: MeshManifold): void {
  const triangle = triangleScratch;
  source.beginQuery(queryBox);
  for (let slot = source.nextTriangle(); slot >= 0; slot = source.nextTriangle()) {
    source.loadTriangle(slot, triangle);
    if (!separatingAxes(hull, triangle, source) || axes.fromBehind) continue;
    manifold.mergeDistance = MERGE_FRACTION * hull.size + triangle.slack;
    deepestInPrism(hull, triangle, manifold, false);
  }
  // Still none: the triangles the centre is behind, whose features were refused (F147), those
  // of a flat stretch outside through a flat neighbour among them (`flatStretchPass`, F108).
  if (manifold.count > 0) return;
  source.beginQuery(queryBox);
  for (let slot = source.nextTriangle(); slot >= 0; slot = source.nextTriangle()) {
    source.loadTriangle(slot, triangle);
    axes.outsideThroughFlat = stretch.outside > 0 && besideOutside(triangle);
    const overlaps = separatingAxes(hull, triangle, source);
    axes.outsideThroughFlat = false;
    if (!overlaps || !axes.fromBehind) continue;
    manifold.mergeDistance = MERGE_FRACTION * hull.size + triangle.slack;
    pushOffBoundary(hull, triangle, manifold);
  }
}

/**
 * The last resort for a triangle the hull's centre is behind but outside at a convex edge of
 * (`outsideAtConvexEdge`, or at a flat neighbour's: `flatStretchPass`) whose hull face and edge
 * pair the rule against ghost contacts refused (their normals point behind it) and whose face
 * cannot answer from behind: a hull beyond the mesh's open end, a corner reaching over a boundary
 * edge (FINDINGS.md F147), a sliver crossing a flat stretch's open end (F108). The refused edge
 * axis clamped into the triangle's front, as Bullet's btAdjustInternalEdgeContacts clamps a
 * normal into an edge's cone, is the edge's outward direction in the plane (-inward: the axis is
 * perpendicular to the edge): the contact pushes the hull off the end, by the reach of the hull's
 * section in the triangle's plane over the edge (`sectionReach`), the whole hull's overlap along
 * that direction overstating it (it counts the hull's part beside the plane). Of the boundary
 * edges the centre lies beyond, the one of least reach answers.
 */
function pushOffBoundary(hull: HullData, triangle: MeshTriangle, manifold: MeshManifold): void {
  const t = triangle.vertices, u = triangle.inward, flags = triangle.edgeFlags;
  let best = Infinity, edge = -1, x = 0, y = 0, z = 0, code = 0;
  let kind: ContactKind = ContactKind.PointEdge;
  for (let k = 0; k < 3; k++) {
    if (flags[k] !== EdgeFlag.Boundary) continue;
    const a = 3 * k;
    const beyond = u[a]! * (worldCentre[0]! - t[a]!) + u[a + 1]! * (worldCentre[1]! - t[a + 1]!) +
      u[a + 2]! * (worldCentre[2]! - t[a + 2]!);
    if (beyond >= 0) continue;
    sectionReach(hull, triangle, k);
    const reach = probe[4]!;
    if (reach > -axes.tolerance && reach < best) {
      best = reach;
      edge = k;
      x = probe[0]!;
      y = probe[1]!;
      z = probe[2]!;
      code = sectionCode[0]!;
      kind = sectionCode[1]! as ContactKind;
    }
  }
  if (edge < 0) return;
  const a = 3 * edge, candidate = manifold.candidate;
  const ux = u[a]!, uy = u[a + 1]!, uz = u[a + 2]!;
  // Halfway between the hull's point and its spot on the edge.
  candidate.x = x - 0.5 * best * ux;
  candidate.y = y - 0.5 * best * uy;
  candidate.z = z - 0.5 * best * uz;
  candidate.nx = -ux;
  candidate.ny = -uy;
  candidate.nz = -uz;
  candidate.depth = best;
  candidate.kind = kind;
  candidate.first = code;
  candidate.second = meshEdgeFeature(triangle.index, edge);
  writeContactKey(candidate, triangle, 1 + edge, code);
  addMeshContact(manifold);
}

/**
 * How far the hull's section by the triangle's plane reaches across edge k (along its inward
 * direction) within the edge's strip, the band of the plane swept from the edge along that
 * direction: pushed back along it by that much, no point of the section is over the triangle
 * (each leaves the triangle through edge k), even when the section covers the triangle whole. A
 * linear function's largest value on the convex section cut to the strip lies at a corner: a
 * hull edge crossing the plane within the strip, or the highest point of the hull on either of
 * the strip's two sides, the lines from the edge's ends along the inward direction clipped to
 * the hull's planes (Cyrus and Beck's clip). Into `probe` (the point, its reach in `probe[4]`,
 * -Infinity for none) and `sectionCode` (the hull feature it lies on and the contact kind).
 */
function sectionReach(hull: HullData, triangle: MeshTriangle, k: number): void {
  const w = hullScratch.frameVertices, planes = hullScratch.framePlanes;
  const t = triangle.vertices, n = triangle.normal, u = triangle.inward, ends = hull.edgeVertices;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!, a = 3 * k, b = k === 2 ? 0 : a + 3;
  const ux = u[a]!, uy = u[a + 1]!, uz = u[a + 2]!;
  const ax = t[a]!, ay = t[a + 1]!, az = t[a + 2]!;
  const gx = t[b]! - ax, gy = t[b + 1]! - ay, gz = t[b + 2]! - az;
  const lengthSquared = gx * gx + gy * gy + gz * gz;
  const slack = Math.max(triangle.slack, CLIP_SLACK * hull.size) * Math.sqrt(lengthSquared);
  let reach = -Infinity, bestX = 0, bestY = 0, bestZ = 0, code = 0;
  let kind: ContactKind = ContactKind.PointEdge;
  for (let e = 0; e < hull.edgeCount; e++) {
    const p = 3 * ends[2 * e]!, q = 3 * ends[2 * e + 1]!;
    const hp = nx * (w[p]! - ax) + ny * (w[p + 1]! - ay) + nz * (w[p + 2]! - az);
    const hq = nx * (w[q]! - ax) + ny * (w[q + 1]! - ay) + nz * (w[q + 2]! - az);
    if ((hp < 0) === (hq < 0)) continue;
    const f = hp / (hp - hq);
    const x = w[p]! + f * (w[q]! - w[p]!), y = w[p + 1]! + f * (w[q + 1]! - w[p + 1]!);
    const z = w[p + 2]! + f * (w[q + 2]! - w[p + 2]!);
    const r = ux * (x - ax) + uy * (y - ay) + uz * (z - az);
    const along = gx * (x - ax) + gy * (y - ay) + gz * (z - az);
    if (!(r > reach) || along < -slack || along > lengthSquared + slack) continue;
    reach = r;
    bestX = x;
    bestY = y;
    bestZ = z;
    code = hull.edgeCodes[e]!;
    kind = ContactKind.PointEdge;
  }
  for (let side = 0; side < 2; side++) {
    const o = side === 0 ? a : b;
    let low = -Infinity, high = Infinity, face = -1;
    for (let f = 0; f < hull.faceCount && low <= high; f++) {
      const i = 4 * f;
      const mx = planes[i]!, my = planes[i + 1]!, mz = planes[i + 2]!;
      const along = mx * ux + my * uy + mz * uz;
      const room = planes[i + 3]! - (mx * t[o]! + my * t[o + 1]! + mz * t[o + 2]!);
      if (along > 0) {
        if (room / along < high) {
          high = room / along;
          face = f;
        }
      } else if (along < 0) low = Math.max(low, room / along);
      else if (room < 0) high = -Infinity;
    }
    // The line starts on edge k: its reach is the parameter.
    if (low > high || face < 0 || !(high > reach)) continue;
    reach = high;
    bestX = t[o]! + high * ux;
    bestY = t[o + 1]! + high * uy;
    bestZ = t[o + 2]! + high * uz;
    code = hull.faceCodes[face]!;
    kind = ContactKind.PointFace;
  }
  probe[0] = bestX;
  probe[1] = bestY;
  probe[2] = bestZ;
  probe[4] = reach;
  sectionCode[0] = code;
  sectionCode[1] = kind;
}

/**
 * The hull's contacts with `source` written into `data` (all, or reduced: mesh-manifold.ts),
 * with the bodies given; returns how many. The emit step of both box-mesh and hull-mesh pairs.
 */
export function collideHullMesh(
  hull: HullData,
  transform: Float64Array,
  box: Float64Array,
  source: TriangleSource,
  data: CollisionData,
  firstBody: unknown,
  secondBody: unknown,
): number {
  hullMeshContacts(hull, transform, box, source, data, manifoldScratch);
  return emitMeshManifold(manifoldScratch, data, firstBody, secondBody);
}

/**
 * Step 1 into `axes`: false when an axis separates the hull from the triangle by more than the
 * tolerance, or the triangle is one-sided and the hull's centre behind it (unless the centre
 * is outside at one of its convex edges, `axes.fromBehind`, or in the solid below a
 * heightfield: then the triangle stands for that solid, its face lifts the hull out, and
 * `axes.sunk` says so). A sunk triangle stands for the solid below it, its
 * column (`columnSeparated`) alone (FINDINGS.md F23, F27). In the last resort every heightfield
 * triangle also does: a hull whose centre is in front of the plane (off the grid's border) can
 * reach into the column from beside it, under the border edge, where the triangle's own axes
 * separate it.
 */
function separatingAxes(hull: HullData, triangle: MeshTriangle, source: TriangleSource): boolean {
  const own = triangleAxes(hull, triangle, source);
  // A sunk triangle's solid is its column alone: the prism along its normal reaches beside the
  // column under a slope, under other triangles, and whether such a triangle answered hung on
  // how loose the query's box was (FINDINGS.md F27).
  if (axes.sunk) return !columnSeparated(hull, triangle);
  return own || axes.lastResort && source.solidBelow && !columnSeparated(hull, triangle);
}

/** `separatingAxes` with the triangle's own axes (the file comment's step 1). */
function triangleAxes(hull: HullData, triangle: MeshTriangle, source: TriangleSource): boolean {
  const twoSided = source.twoSided || axes.plain;
  const tolerance = axes.tolerance, tie = TIE * axes.size;
  const w = hullScratch.frameVertices, planes = hullScratch.framePlanes;
  const t = triangle.vertices, n = triangle.normal;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const t0x = t[0]!, t0y = t[1]!, t0z = t[2]!;
  const count = 3 * hull.vertexCount;

  // The triangle's normal: the hull's lowest and highest vertex above its plane.
  const centreHeight = nx * (worldCentre[0]! - t0x) + ny * (worldCentre[1]! - t0y) +
    nz * (worldCentre[2]! - t0z);
  // Behind the plane of a triangle whose solid is below it, the triangle stands for its column
  // when the hull's centre is in the solid, or in the last resort pass (a centre above the
  // surface, or just off the grid's border, with a part in the solid: F23; that pass asks the
  // column itself).
  const sunk = centreHeight < 0 && source.solidBelow && (axes.centreInSolid || axes.lastResort);
  axes.sunk = sunk;
  // A centre on the plane within round-off is on its front: a box's centre on a face's plane
  // (a mesh made of the box's own faces) overlaps the triangle (FINDINGS.md F69).
  const behind = centreHeight < (twoSided ? 0 : -triangle.slack);
  // A centre behind a one-sided mesh triangle's plane but outside the solid at one of its convex
  // edges meets the triangle from outside (`outsideAtConvexEdge`): its features answer, from its
  // front. Only triangles the centre is behind pay for the test.
  const fromBehind = behind && !twoSided && !sunk;
  axes.fromBehind = fromBehind;
  axes.outside = fromBehind && !source.solidBelow &&
    (axes.outsideThroughFlat || outsideAtConvexEdge(triangle));
  if (fromBehind && !axes.outside) return false;
  const side = behind && twoSided ? -1 : 1;
  axes.side = side;
  // A sunk triangle is tested as its column (`separatingAxes`).
  if (sunk) return true;
  let lowest = Infinity, highest = -Infinity;
  for (let i = 0; i < count; i += 3) {
    const h = side * (nx * (w[i]! - t0x) + ny * (w[i + 1]! - t0y) + nz * (w[i + 2]! - t0z));
    if (h < lowest) lowest = h;
    if (h > highest) highest = h;
  }
  // A centre behind the plane (`fromBehind`) leaves the hull's side of the plane open: wholly
  // behind it, the hull is apart from the triangle (FINDINGS.md F146).
  if (lowest > tolerance || highest < -tolerance) return false;
  axes.triangleSeparation = lowest;
  const solidBelow = !twoSided && flatWithinReach(hull, triangle, source.solidBelow);
  // Until a triangle of the call has met the hull by all its own axes, the axes left out for
  // the solid below are measured too, not as separating ones (`axes.met`).
  const watch = solidBelow && !axes.met;
  let leftOutSeparates = false;

  // The hull's faces: the triangle's lowest vertex above each face's plane. A one-sided triangle
  // whose edges within the hull's reach are flat lies inside a flat stretch of surface (a fan's
  // sliver with its rim far off as well, FINDINGS.md F69), the top of the solid below
  // it (its prism): a face turned away from the triangle's front cannot separate the hull from
  // that solid, whatever it does from the triangle itself (a thin hull that dips under the
  // triangle from beside it is in the solid; its deepest corner is clipped from this triangle's
  // prism, not from the neighbour it entered through). Next to a bend the flat triangle is the
  // answer: below a closed mesh's face near its edge lies the neighbouring face's outside.
  let bestFace = 0, bestFaceSeparation = -Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const i = 4 * f;
    const mx = planes[i]!, my = planes[i + 1]!, mz = planes[i + 2]!;
    const turned = solidBelow && mx * nx + my * ny + mz * nz > 0;
    if (turned && !watch) continue;
    const separation = Math.min(
      mx * t0x + my * t0y + mz * t0z,
      mx * t[3]! + my * t[4]! + mz * t[5]!,
      mx * t[6]! + my * t[7]! + mz * t[8]!,
    ) - planes[i + 3]!;
    if (turned) {
      leftOutSeparates ||= separation > tolerance;
      continue;
    }
    if (separation > tolerance) return false;
    if (separation > bestFaceSeparation + tie) {
      bestFaceSeparation = separation;
      bestFace = f;
    }
  }
  axes.face = bestFace;
  axes.faceSeparation = bestFaceSeparation;

  // Edge pairs. The axis L = hull edge x triangle edge, oriented across the triangle edge (its
  // cone: L . outward > 0, outward = -inward); the hull edge's cone holds -L when -L lies between
  // its faces' normals a0, a1 (unit, cosine c): (a0 x -L) . (a0 x a1) = -L.a1 + c L.a0 >= 0 and
  // (-L x a1) . (a0 x a1) = -L.a0 + c L.a1 >= 0 (Lagrange's identity). Below a triangle of a
  // flat stretch lies its solid, so an axis pointing behind it (L . n < 0) is no face of the
  // Minkowski difference there.
  const edges = hullScratch.edgeVectors, u = triangle.inward;
  const ends = hull.edgeVertices, faces = hull.edgeFaces;
  let bestHullEdge = -1, bestTriangleEdge = 0, bestEdgeSeparation = -Infinity;
  let bestX = 0, bestY = 0, bestZ = 0;
  for (let k = 0; k < 3; k++) {
    const a = 3 * k, b = k === 2 ? 0 : a + 3;
    const gx = t[b]! - t[a]!, gy = t[b + 1]! - t[a + 1]!, gz = t[b + 2]! - t[a + 2]!;
    const ox = -u[a]!, oy = -u[a + 1]!, oz = -u[a + 2]!;
    const lengthG = gx * gx + gy * gy + gz * gz;
    for (let e = 0; e < hull.edgeCount; e++) {
      const ex = edges[3 * e]!, ey = edges[3 * e + 1]!, ez = edges[3 * e + 2]!;
      let lx = ey * gz - ez * gy, ly = ez * gx - ex * gz, lz = ex * gy - ey * gx;
      const lengthSquared = lx * lx + ly * ly + lz * lz;
      if (lengthSquared < PARALLEL_SQUARED * lengthG * (ex * ex + ey * ey + ez * ez)) continue;
      let across = lx * ox + ly * oy + lz * oz;
      if (across < 0) {
        lx = -lx;
        ly = -ly;
        lz = -lz;
        across = -across;
      }
      if (across * across < NEAR_NORMAL_SQUARED * lengthSquared) continue;
      const behindIt = solidBelow && lx * nx + ly * ny + lz * nz < 0;
      if (behindIt && !watch) continue;
      const f0 = 4 * faces[2 * e]!, f1 = 4 * faces[2 * e + 1]!;
      const along0 = lx * planes[f0]! + ly * planes[f0 + 1]! + lz * planes[f0 + 2]!;
      const along1 = lx * planes[f1]! + ly * planes[f1 + 1]! + lz * planes[f1 + 2]!;
      const c = planes[f0]! * planes[f1]! + planes[f0 + 1]! * planes[f1 + 1]! +
        planes[f0 + 2]! * planes[f1 + 2]!;
      if (c * along0 - along1 < 0 || c * along1 - along0 < 0) continue;
      const p = 3 * ends[2 * e]!;
      const inverse = 1 / Math.sqrt(lengthSquared);
      const separation =
        (lx * (w[p]! - t[a]!) + ly * (w[p + 1]! - t[a + 1]!) + lz * (w[p + 2]! - t[a + 2]!)) *
        inverse;
      if (behindIt) {
        leftOutSeparates ||= separation > tolerance;
        continue;
      }
      if (separation > tolerance) return false;
      if (separation > bestEdgeSeparation + tie && crossesWithin(w, p, e, t, a, k)) {
        bestEdgeSeparation = separation;
        bestHullEdge = e;
        bestTriangleEdge = k;
        bestX = lx * inverse;
        bestY = ly * inverse;
        bestZ = lz * inverse;
      }
    }
  }
  axes.hullEdge = bestHullEdge;
  axes.triangleEdge = bestTriangleEdge;
  axes.edgeSeparation = bestEdgeSeparation;
  axes.axisX = bestX;
  axes.axisY = bestY;
  axes.axisZ = bestZ;
  if (!leftOutSeparates) axes.met = true;
  return true;
}

/**
 * Whether the hull's centre (`worldCentre`), behind the plane of the one-sided `triangle`, lies
 * outside the surface at one of the triangle's convex edges: past edge k in the triangle's plane
 * (on the neighbour's side of the edge's line) and in front of the neighbour's plane. Near a
 * convex edge the solid lies behind both faces, so such a centre is outside it, as the sign test
 * of Baerentzen and Aanaes ("Signed distance computation using the angle weighted pseudonormal",
 * IEEE TVCG 2005) decides for a point whose nearest feature is that edge (the sign of its
 * direction from the edge against the sum of the two normals) or the neighbour's face. A shape
 * tipped over a ridge, its centre below the top face's plane, that reaches the top face where
 * the neighbour does not (around the mesh's open end, past a narrow bevel) was met by nothing
 * (FINDINGS.md F70). A flat, concave or boundary edge says nothing: a centre under a flat floor
 * or behind a valley stays behind (the two planes' solid is not convex there, and a boundary has
 * no second face). Within the triangle's slack the centre is on a plane, not in front of it.
 */
function outsideAtConvexEdge(triangle: MeshTriangle): boolean {
  const flags = triangle.edgeFlags, t = triangle.vertices;
  const u = triangle.inward, w = triangle.neighbourNormal, slack = triangle.slack;
  for (let k = 0; k < 3; k++) {
    if (flags[k] !== EdgeFlag.Convex) continue;
    const a = 3 * k;
    const dx = worldCentre[0]! - t[a]!, dy = worldCentre[1]! - t[a + 1]!;
    const dz = worldCentre[2]! - t[a + 2]!;
    if (dx * u[a]! + dy * u[a + 1]! + dz * u[a + 2]! >= -slack) continue;
    if (dx * w[a]! + dy * w[a + 1]! + dz * w[a + 2]! > slack) return true;
  }
  return false;
}

/**
 * Notes a one-sided mesh triangle the hull's centre is behind, for `flatStretchPass`: its edge
 * keys when the centre is outside at one of its convex edges, else its slot when it has a flat
 * edge (a neighbour in its plane that may have such an edge).
 */
function noteBehind(triangle: MeshTriangle): void {
  if (axes.outside) {
    if (stretch.outside >= DEFERRED_CAPACITY) return;
    const o = 3 * stretch.outside++;
    for (let k = 0; k < 3; k++) outsideEdgeKeys[o + k] = triangle.edgeKeys[k]!;
    return;
  }
  if (stretch.behind >= DEFERRED_CAPACITY) return;
  const flags = triangle.edgeFlags;
  if (flags[0] === EdgeFlag.Flat || flags[1] === EdgeFlag.Flat || flags[2] === EdgeFlag.Flat) {
    behindSlots[stretch.behind++] = triangle.slot;
  }
}

/**
 * A triangle of a flat stretch the centre is behind is outside too when its neighbour across a
 * flat edge (in its plane) is outside at a convex edge (FINDINGS.md F108: the hull reached a
 * triangle of the stretch that does not have the stretch's convex edge). One flat step, among
 * the triangles of the query: each such triangle answers as `outsideAtConvexEdge`'s do, with
 * the features the rule against ghost contacts keeps only.
 */
function flatStretchPass(hull: HullData, source: TriangleSource, manifold: MeshManifold): void {
  const triangle = triangleScratch;
  for (let i = 0; i < stretch.behind; i++) {
    source.loadTriangle(behindSlots[i]!, triangle);
    if (!besideOutside(triangle)) continue;
    axes.outsideThroughFlat = true;
    const overlaps = separatingAxes(hull, triangle, source);
    axes.outsideThroughFlat = false;
    if (!overlaps) continue;
    manifold.mergeDistance = MERGE_FRACTION * hull.size + triangle.slack;
    describeByHull(hull, triangle, source, manifold);
  }
}

/** Whether a flat edge of `triangle` is an edge of a triangle `noteBehind` found outside. */
function besideOutside(triangle: MeshTriangle): boolean {
  for (let k = 0; k < 3; k++) {
    if (triangle.edgeFlags[k] !== EdgeFlag.Flat) continue;
    const key = triangle.edgeKeys[k]!;
    for (let j = 0; j < 3 * stretch.outside; j++) {
      if (outsideEdgeKeys[j] === key) return true;
    }
  }
  return false;
}

/**
 * Whether every edge of `triangle` is flat, or a boundary out of the hull's reach. A mesh's
 * boundary is out of reach when its box misses the hull's world box grown by the tolerance
 * (`queryBox`), so the hull cannot meet the border. A `walled` source's boundary (a heightfield's
 * border or a hole's rim) ends the solid in the wall of the triangle's column, which a hull
 * reaches from beside, under the edge: it is out of reach when the whole hull lies inside the
 * wall's plane by more than the tolerance, a test of the hull against the field alone. The world
 * box turns with the pose, and there it made a border triangle a stretch's face in one pose and
 * a wall in another (FINDINGS.md F148: a deepest depth of 0.37894 and 0.37854). Not a bend out
 * of reach: below a closed mesh's face lies the other faces' outside (allowed too, a bend out of
 * reach gave a closed cube's face a depth 0.13 where the solid cube gave 0.007, in
 * hull-mesh.test.ts's closed-cube test; not traced further).
 */
function flatWithinReach(hull: HullData, triangle: MeshTriangle, walled: boolean): boolean {
  const flags = triangle.edgeFlags, t = triangle.vertices;
  for (let k = 0; k < 3; k++) {
    if (flags[k] === EdgeFlag.Flat) continue;
    if (flags[k] !== EdgeFlag.Boundary) return false;
    if (walled) {
      if (reachesWall(hull, triangle, k)) return false;
      continue;
    }
    const a = 3 * k, b = k === 2 ? 0 : a + 3;
    for (let i = 0; i < 3; i++) {
      if (
        Math.max(t[a + i]!, t[b + i]!) >= queryBox[i]! &&
        Math.min(t[a + i]!, t[b + i]!) <= queryBox[3 + i]!
      ) {
        if (i === 2) return false;
        continue;
      }
      break;
    }
  }
  return true;
}

/**
 * Whether a vertex of the placed hull lies within the tolerance of the plane of the column's wall
 * under edge `k` of `triangle`, or beyond it (`columnSides`: the wall's inward normal).
 */
function reachesWall(hull: HullData, triangle: MeshTriangle, k: number): boolean {
  const w = hullScratch.frameVertices, t = triangle.vertices, sides = columnSides(triangle);
  const a = 3 * k, ux = sides[a]!, uy = sides[a + 1]!, uz = sides[a + 2]!;
  const inside = ux * t[a]! + uy * t[a + 1]! + uz * t[a + 2]! + axes.tolerance;
  for (let i = 0; i < 3 * hull.vertexCount; i += 3) {
    if (ux * w[i]! + uy * w[i + 1]! + uz * w[i + 2]! <= inside) return true;
  }
  return false;
}

/**
 * Step 1 for a triangle that stands for its column (`axes.sunk`): whether an axis separates the
 * hull by more than the tolerance from the column, the triangle swept down along the field's up
 * without end (the solid DESIGN.md pins under it). The column is a convex polyhedron
 * (Gottschalk's separating-axis test applies) with four faces, the triangle's front and the three
 * planes of `columnSides`, and edges along the triangle's three edges and along up; the axes are
 * its faces, the hull's faces, and every hull edge crossed with each of those four edge
 * directions. No Gauss-map pruning: an axis that separates is a proof whatever its Minkowski
 * face, and sunk triangles are few. A hull 1e5 under a steep triangle lies beside the triangle's
 * own faces and edges, which separate it from the triangle but not from the column (FINDINGS.md
 * F23).
 */
function columnSeparated(hull: HullData, triangle: MeshTriangle): boolean {
  const n = triangle.normal, up = triangle.up, sides = columnSides(triangle);
  const w = hullScratch.frameVertices, planes = hullScratch.framePlanes;
  const edges = hullScratch.edgeVectors, t = triangle.vertices, axis = columnAxis;
  // The column below the hull's lowest point along up cannot meet the hull: cut there, its
  // projections stay finite, and an axis perpendicular to up within round-off (the side planes,
  // hull edge x up) sees the column's depth times that round-off, not an end at infinity.
  let lowest = Infinity;
  for (let i = 0; i < 3 * hull.vertexCount; i += 3) {
    lowest = Math.min(lowest, up[0]! * w[i]! + up[1]! * w[i + 1]! + up[2]! * w[i + 2]!);
  }
  for (let k = 0; k < 3; k++) {
    const a = 3 * k;
    const above = up[0]! * t[a]! + up[1]! * t[a + 1]! + up[2]! * t[a + 2]! - lowest;
    columnDrop[k] = Math.max(0, above);
  }
  axis.set(n);
  if (separatesAlong(hull, triangle)) return true;
  for (let k = 0; k < 9; k += 3) {
    axis[0] = sides[k]!;
    axis[1] = sides[k + 1]!;
    axis[2] = sides[k + 2]!;
    if (separatesAlong(hull, triangle)) return true;
  }
  for (let i = 0; i < 4 * hull.faceCount; i += 4) {
    axis[0] = planes[i]!;
    axis[1] = planes[i + 1]!;
    axis[2] = planes[i + 2]!;
    if (separatesAlong(hull, triangle)) return true;
  }
  for (let e = 0; e < 3 * hull.edgeCount; e += 3) {
    const ex = edges[e]!, ey = edges[e + 1]!, ez = edges[e + 2]!;
    for (let k = 0; k < 4; k++) {
      // Triangle edge k (k < 3), or up.
      let gx = up[0]!, gy = up[1]!, gz = up[2]!;
      if (k < 3) {
        const a = 3 * k, b = k === 2 ? 0 : a + 3;
        gx = t[b]! - t[a]!;
        gy = t[b + 1]! - t[a + 1]!;
        gz = t[b + 2]! - t[a + 2]!;
      }
      const lx = ey * gz - ez * gy, ly = ez * gx - ex * gz, lz = ex * gy - ey * gx;
      const lengthSquared = lx * lx + ly * ly + lz * lz;
      const edgesSquared = (ex * ex + ey * ey + ez * ez) * (gx * gx + gy * gy + gz * gz);
      if (lengthSquared < PARALLEL_SQUARED * edgesSquared) continue;
      const inverse = 1 / Math.sqrt(lengthSquared);
      axis[0] = lx * inverse;
      axis[1] = ly * inverse;
      axis[2] = lz * inverse;
      if (separatesAlong(hull, triangle)) return true;
    }
  }
  return false;
}

/**
 * Whether the unit axis `columnAxis` separates the placed hull from the column of `triangle`,
 * cut `columnDrop[k]` below vertex k along up (`columnSeparated`), by more than the tolerance.
 */
function separatesAlong(hull: HullData, triangle: MeshTriangle): boolean {
  const w = hullScratch.frameVertices, t = triangle.vertices, up = triangle.up;
  const x = columnAxis[0]!, y = columnAxis[1]!, z = columnAxis[2]!;
  let hullLow = Infinity, hullHigh = -Infinity;
  for (let i = 0; i < 3 * hull.vertexCount; i += 3) {
    const p = x * w[i]! + y * w[i + 1]! + z * w[i + 2]!;
    hullLow = Math.min(hullLow, p);
    hullHigh = Math.max(hullHigh, p);
  }
  const rise = x * up[0]! + y * up[1]! + z * up[2]!;
  let columnLow = Infinity, columnHigh = -Infinity;
  for (let k = 0; k < 3; k++) {
    const a = 3 * k;
    const top = x * t[a]! + y * t[a + 1]! + z * t[a + 2]!, bottom = top - columnDrop[k]! * rise;
    columnLow = Math.min(columnLow, top, bottom);
    columnHigh = Math.max(columnHigh, top, bottom);
  }
  const tolerance = axes.tolerance;
  return hullLow - columnHigh > tolerance || columnLow - hullHigh > tolerance;
}

/** How far past an end (a fraction of the edge) the closest point of an edge's line still counts as on it. */
const CROSSING_SLACK = 1e-9;

/**
 * Whether the closest points of the lines of hull edge `e` (from its vertex at `w[p]`, its vector
 * in `hullScratch.edgeVectors`) and triangle edge `k` (from `t[a]`) lie within both edges
 * (Ericson, Real-Time Collision Detection, 5.1.9, unclamped): an edge pair describes a contact
 * only there. The axis of least overlap always has them inside (the origin projects into the
 * nearest face of the Minkowski difference), but two edges of a needle triangle on one line
 * (copies of a vertex a millionth apart) give one axis twice, and the edge the crossing misses
 * named a vertex whose witness lay 0.07 off it (FINDINGS.md F20). The edges are not parallel
 * (step 1 skips those). Integer arguments only (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
function crossesWithin(
  w: Float64Array,
  p: number,
  e: number,
  t: Float64Array,
  a: number,
  k: number,
) {
  const edges = hullScratch.edgeVectors, b = k === 2 ? 0 : a + 3;
  const ex = edges[3 * e]!, ey = edges[3 * e + 1]!, ez = edges[3 * e + 2]!;
  const gx = t[b]! - t[a]!, gy = t[b + 1]! - t[a + 1]!, gz = t[b + 2]! - t[a + 2]!;
  const rx = w[p]! - t[a]!, ry = w[p + 1]! - t[a + 1]!, rz = w[p + 2]! - t[a + 2]!;
  const aa = ex * ex + ey * ey + ez * ez, bb = ex * gx + ey * gy + ez * gz;
  const cc = ex * rx + ey * ry + ez * rz, ee = gx * gx + gy * gy + gz * gz;
  const ff = gx * rx + gy * ry + gz * rz;
  const denominator = aa * ee - bb * bb;
  const s = (bb * ff - cc * ee) / denominator, u = (aa * ff - bb * cc) / denominator;
  return s >= -CROSSING_SLACK && s <= 1 + CROSSING_SLACK && u >= -CROSSING_SLACK &&
    u <= 1 + CROSSING_SLACK;
}

/**
 * Sets `candidate.key` for `addMeshContact`: the mesh feature's key (the edge 2 * key, the vertex
 * 2 * key + 1) with the hull's feature code beside it, so that the same pair of features found
 * from two triangles is one contact; -1 for the triangle's face (merged by distance instead).
 * Written into the field, not returned: a key above 2^31 would cross the call as a heap number.
 */
function writeContactKey(
  candidate: MeshContact,
  triangle: MeshTriangle,
  local: number,
  hullCode: number,
): void {
  if (local === 0) {
    candidate.key = -1;
    return;
  }
  const mesh = local < 4
    ? 2 * triangle.edgeKeys[local - 1]!
    : 2 * triangle.vertexKeys[local - 4]! + 1;
  candidate.key = mesh * HULL_CODE_RANGE + hullCode;
}

/**
 * Adds the points `clipHullFaces` left in `hullScratch.candidates` (features: the hull's code
 * << 16 | the triangle's local code), normal from the mesh toward the hull; `keyed`: named by
 * their features (a hull face's contacts) rather than merged by distance alone. With `onTriangle`
 * (the triangle's face clip) only the points over the triangle within the slack `probe[3]`, each
 * named by the feature it lies on (`triangleFaceContacts`). Returns how many it added.
 */
function addClippedPoints(
  triangle: MeshTriangle,
  manifold: MeshManifold,
  keyed: boolean,
  onTriangle: boolean,
): number {
  const candidates = hullScratch.candidates, candidate = manifold.candidate;
  const base = 8 * triangle.index;
  let added = 0;
  for (let i = 0; i < candidates.count; i++) {
    const point = candidates.points[i]!;
    const hullCode = point.features >>> 16;
    let local = point.features & 0xffff;
    if (onTriangle) {
      probe[0] = point.x;
      probe[1] = point.y;
      probe[2] = point.z;
      if (!overTriangle(triangle.vertices, triangle.inward, -1)) continue;
      if (local !== 0) local = featureUnder(triangle, local);
    }
    candidate.x = point.x;
    candidate.y = point.y;
    candidate.z = point.z;
    candidate.nx = candidates.normalX;
    candidate.ny = candidates.normalY;
    candidate.nz = candidates.normalZ;
    candidate.depth = point.depth;
    candidate.kind = point.kind;
    candidate.first = hullCode;
    candidate.second = base + local;
    if (keyed) writeContactKey(candidate, triangle, local, hullCode);
    else candidate.key = -1;
    addMeshContact(manifold);
    added++;
  }
  return added;
}

/** The planes of `triangleHull` for `triangle`: its front n . x = n . v0, its back. */
function writeTrianglePlanes(triangle: MeshTriangle): void {
  const n = triangle.normal, v = triangle.vertices, planes = triangleHull.planes;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  const level = nx * v[0]! + ny * v[1]! + nz * v[2]!;
  planes[0] = nx;
  planes[1] = ny;
  planes[2] = nz;
  planes[3] = level;
  planes[4] = -nx;
  planes[5] = -ny;
  planes[6] = -nz;
  planes[7] = -level;
}

/**
 * Step 3 for the triangle's face: the hull's incident face clipped against the triangle. The
 * clip lets a point its plane slack (`CLIP_SLACK` of the hull's size) beyond each side plane; at
 * a corner of angle a two such planes meet slack / sin(a / 2) beyond it, and for a needle (three
 * vertices nearly on one line, as copies of a vertex a millionth apart leave) no plane crosses
 * the strip along it, so points of the incident face far beyond the triangle survive
 * (FINDINGS.md F20). Such points are dropped (`overTriangle`, with the caps of mesh-contacts.ts's
 * `clipCore`); when none is left the triangle answers with the hull's deepest point in its
 * prism. Returns whether the clip found any point.
 */
function triangleFaceContacts(
  hull: HullData,
  triangle: MeshTriangle,
  manifold: MeshManifold,
): boolean {
  writeTrianglePlanes(triangle);
  clipHullFaces(
    triangleHull,
    triangle.vertices,
    triangleHull.planes,
    axes.side > 0 ? 0 : 1,
    hull,
    hullScratch.frameVertices,
    hullScratch.framePlanes,
    false,
    clipAxis,
    hullScratch.candidates,
  );
  if (hullScratch.candidates.count === 0) return false;
  probe[3] = Math.max(triangle.slack, CLIP_SLACK * hull.size);
  if (addClippedPoints(triangle, manifold, false, true) === 0) {
    deepestInPrism(hull, triangle, manifold, false);
  }
  return true;
}

/**
 * Step 3 for a sunk triangle, whose solid is its column (FINDINGS.md F27): the hull's incident
 * face (its normal the most opposed to the triangle's) clipped against the column's three walls
 * (`columnSides`, Sutherland-Hodgman), each point left below the triangle's plane a contact of
 * the triangle's normal, depth its height below the plane; then the hull's deepest point in the
 * column (`deepestInPrism`), where it is deeper than the clip's deepest (the incident face's part
 * in the column need not hold it), or where the clip left nothing. The prism along the normal
 * reaches beside the column under a slope, under other triangles: its clip gave contacts that
 * hung on which triangles the query found, and without the column's deepest point a hull sunk
 * under a plane came out 0.07 short (F23's tests). Named as the prism's clip: a point of the
 * incident face by its hull vertex and the face, a hull edge crossing wall k by that edge and
 * edge k, a wall's crossing of the next by the incident face and the corner between them.
 */
function columnFaceContacts(hull: HullData, triangle: MeshTriangle, manifold: MeshManifold): void {
  const planes = hullScratch.framePlanes, w = hullScratch.frameVertices;
  const n = triangle.normal, t = triangle.vertices;
  const nx = n[0]!, ny = n[1]!, nz = n[2]!;
  let face = 0, least = Infinity;
  for (let f = 0; f < hull.faceCount; f++) {
    const i = 4 * f;
    const along = planes[i]! * nx + planes[i + 1]! * ny + planes[i + 2]! * nz;
    if (along < least) {
      least = along;
      face = f;
    }
  }
  const points = hullScratch.polygonPoints, features = hullScratch.polygonFeatures;
  const capacity = hullScratch.polygonCapacity, faceCode = hull.faceCodes[face]!;
  // Per polygon vertex four codes: its hull feature, its triangle feature (local), and those of
  // the side leaving it (a hull edge and the face, or the incident face and a wall's edge k).
  let from = 0, count = 0;
  for (let k = hull.faceStart[face]!; k < hull.faceStart[face + 1]!; k++) {
    const v = hull.faceVertices[k]!, o = 3 * count, c = 4 * count;
    points[o] = w[3 * v]!;
    points[o + 1] = w[3 * v + 1]!;
    points[o + 2] = w[3 * v + 2]!;
    features[c] = hull.vertexCodes[v]!;
    features[c + 1] = 0;
    features[c + 2] = hull.edgeCodes[hull.faceEdges[k]!]!;
    features[c + 3] = 0;
    count++;
  }
  const sides = columnSides(triangle);
  for (let k = 0; k < 3 && count > 0; k++) {
    const a = 3 * k, to = capacity - from;
    const ux = sides[a]!, uy = sides[a + 1]!, uz = sides[a + 2]!;
    const level = ux * t[a]! + uy * t[a + 1]! + uz * t[a + 2]!;
    let out = 0;
    for (let i = 0; i < count && out < capacity - 1; i++) {
      const j = i + 1 === count ? 0 : i + 1;
      const p = 3 * (from + i), q = 3 * (from + j), c = 4 * (from + i);
      const dp = ux * points[p]! + uy * points[p + 1]! + uz * points[p + 2]! - level;
      const dq = ux * points[q]! + uy * points[q + 1]! + uz * points[q + 2]! - level;
      if (dp >= 0) {
        copyPolygonVertex(from + i, to + out);
        out++;
      }
      if ((dp >= 0) === (dq >= 0)) continue;
      const f = dp / (dp - dq), o = 3 * (to + out), e = 4 * (to + out);
      points[o] = points[p]! + f * (points[q]! - points[p]!);
      points[o + 1] = points[p + 1]! + f * (points[q + 1]! - points[p + 1]!);
      points[o + 2] = points[p + 2]! + f * (points[q + 2]! - points[p + 2]!);
      // On the side leaving vertex i: a hull edge crossing wall k, or wall j's side crossing
      // wall k at the column's edge through their shared corner.
      const wall = features[c + 3]!;
      features[e] = features[c + 2]!;
      features[e + 1] = wall === 0
        ? 1 + k
        : 4 + (wall - 1 === (k === 0 ? 2 : k - 1) ? k : wall - 1);
      // Leaving the column the polygon runs along wall k to where it enters again.
      features[e + 2] = dp >= 0 ? faceCode : features[c + 2]!;
      features[e + 3] = dp >= 0 ? 1 + k : wall;
      out++;
    }
    from = to;
    count = out;
  }
  const tolerance = axes.tolerance, base = 8 * triangle.index, candidate = manifold.candidate;
  const t0x = t[0]!, t0y = t[1]!, t0z = t[2]!;
  let deepest = -Infinity;
  for (let i = 0; i < count; i++) {
    const p = 3 * (from + i), c = 4 * (from + i);
    const x = points[p]!, y = points[p + 1]!, z = points[p + 2]!;
    const h = nx * (x - t0x) + ny * (y - t0y) + nz * (z - t0z);
    if (!(h <= tolerance)) continue;
    // Halfway between the hull's point and its projection on the triangle's plane.
    candidate.x = x - 0.5 * h * nx;
    candidate.y = y - 0.5 * h * ny;
    candidate.z = z - 0.5 * h * nz;
    candidate.nx = nx;
    candidate.ny = ny;
    candidate.nz = nz;
    candidate.depth = -h;
    const local = features[c + 1]!;
    candidate.kind = local >= 1 && local <= 3 ? ContactKind.EdgeEdge : ContactKind.PointFace;
    candidate.first = features[c]!;
    candidate.second = base + local;
    candidate.key = -1;
    addMeshContact(manifold);
    deepest = Math.max(deepest, -h);
  }
  axes.deeperThan = deepest + TIE * axes.size;
  deepestInPrism(hull, triangle, manifold, true);
  axes.deeperThan = -Infinity;
}

/** Copies polygon vertex `from` (point and four codes) of `hullScratch`'s buffers to slot `to`. */
function copyPolygonVertex(from: number, to: number): void {
  const points = hullScratch.polygonPoints, features = hullScratch.polygonFeatures;
  points[3 * to] = points[3 * from]!;
  points[3 * to + 1] = points[3 * from + 1]!;
  points[3 * to + 2] = points[3 * from + 2]!;
  for (let i = 0; i < 4; i++) features[4 * to + i] = features[4 * from + i]!;
}

/**
 * No triangle answered, though the axes overlap (FINDINGS.md F21): a face's clip, the hull's
 * incident face clipped to the triangle, kept no point below it, as the hull's part below the
 * triangle lies elsewhere, a corner
 * or an edge that dips under it near a vertex or an edge, not on the incident face. The hull's
 * deepest point in the triangle's prism (below its front, inside the planes through its edges
 * along the normal) is one of: a hull vertex inside the prism, a hull edge crossing one of its
 * side planes inside the other two, or one of its three edges (the normal lines through the
 * triangle's vertices) entering the hull, a line clipped to the hull's face planes (Ericson,
 * Real-Time Collision Detection, 5.3.8). That point, when within the tolerance of the front, is
 * the face's contact: the separating axes overlap, so the triangle must not answer with nothing.
 * With `column` (a sunk hull: its part in the solid below a heightfield's triangle) the same in
 * the triangle's column, the planes through its edges along the field's up (`columnSides`).
 * Returns whether it added that contact.
 */
function deepestInPrism(
  hull: HullData,
  triangle: MeshTriangle,
  manifold: MeshManifold,
  column: boolean,
): boolean {
  const w = hullScratch.frameVertices, planes = hullScratch.framePlanes;
  const t = triangle.vertices, n = triangle.normal;
  const sides = column ? columnSides(triangle) : triangle.inward;
  const side = axes.side, slack = triangle.slack;
  const nx = side * n[0]!, ny = side * n[1]!, nz = side * n[2]!;
  // The prism's edges run along the normal, the column's along the field's up.
  const up = triangle.up;
  const rx = column ? up[0]! : nx, ry = column ? up[1]! : ny, rz = column ? up[2]! : nz;
  const rise = nx * rx + ny * ry + nz * rz;
  probe[3] = slack;
  const t0x = t[0]!, t0y = t[1]!, t0z = t[2]!;
  let best = Infinity, bestX = 0, bestY = 0, bestZ = 0, code = 0;
  let kind: ContactKind = ContactKind.PointFace;
  // Hull vertices inside the prism.
  for (let v = 0; v < hull.vertexCount; v++) {
    const x = w[3 * v]!, y = w[3 * v + 1]!, z = w[3 * v + 2]!;
    const h = nx * (x - t0x) + ny * (y - t0y) + nz * (z - t0z);
    probe[0] = x;
    probe[1] = y;
    probe[2] = z;
    if (h < best && overTriangle(t, sides, -1)) {
      best = h;
      bestX = x;
      bestY = y;
      bestZ = z;
      code = hull.vertexCodes[v]!;
      kind = ContactKind.PointFace;
    }
  }
  // Hull edges across a side plane, inside the other two.
  const ends = hull.edgeVertices;
  for (let e = 0; e < hull.edgeCount; e++) {
    const p = 3 * ends[2 * e]!, q = 3 * ends[2 * e + 1]!;
    for (let k = 0; k < 3; k++) {
      const a = 3 * k;
      const sx = sides[a]!, sy = sides[a + 1]!, sz = sides[a + 2]!;
      const dp = sx * (w[p]! - t[a]!) + sy * (w[p + 1]! - t[a + 1]!) + sz * (w[p + 2]! - t[a + 2]!);
      const dq = sx * (w[q]! - t[a]!) + sy * (w[q + 1]! - t[a + 1]!) + sz * (w[q + 2]! - t[a + 2]!);
      if ((dp < 0) === (dq < 0)) continue;
      const f = dp / (dp - dq);
      const x = w[p]! + f * (w[q]! - w[p]!), y = w[p + 1]! + f * (w[q + 1]! - w[p + 1]!);
      const z = w[p + 2]! + f * (w[q + 2]! - w[p + 2]!);
      const h = nx * (x - t0x) + ny * (y - t0y) + nz * (z - t0z);
      probe[0] = x;
      probe[1] = y;
      probe[2] = z;
      if (h < best && overTriangle(t, sides, k)) {
        best = h;
        bestX = x;
        bestY = y;
        bestZ = z;
        code = hull.edgeCodes[e]!;
        kind = ContactKind.EdgeEdge;
      }
    }
  }
  // The prism's edges, v_k + s r (r the normal, or up for the column), clipped to the hull's
  // planes m . x <= d: the lowest s left (r rises along the normal: r . n > 0).
  for (let k = 0; k < 3; k++) {
    const a = 3 * k;
    let low = -Infinity, high = Infinity, face = 0;
    for (let f = 0; f < hull.faceCount; f++) {
      const i = 4 * f;
      const mx = planes[i]!, my = planes[i + 1]!, mz = planes[i + 2]!;
      const along = mx * rx + my * ry + mz * rz;
      const room = planes[i + 3]! - (mx * t[a]! + my * t[a + 1]! + mz * t[a + 2]!);
      if (along > 0) high = Math.min(high, room / along);
      else if (along < 0) {
        const bound = room / along;
        if (bound > low) {
          low = bound;
          face = f;
        }
      } else if (room < 0) high = -Infinity;
    }
    if (low > high || low === -Infinity) continue;
    const h = low * rise + nx * (t[a]! - t0x) + ny * (t[a + 1]! - t0y) + nz * (t[a + 2]! - t0z);
    if (h < best) {
      best = h;
      bestX = t[a]! + low * rx;
      bestY = t[a + 1]! + low * ry;
      bestZ = t[a + 2]! + low * rz;
      code = hull.faceCodes[face]!;
      kind = ContactKind.PointFace;
    }
  }
  if (!(best <= axes.tolerance) || -best <= axes.deeperThan) return false;
  const candidate = manifold.candidate;
  // Halfway between the hull's point and its projection on the triangle's plane.
  const lift = -0.5 * best;
  candidate.x = bestX + nx * lift;
  candidate.y = bestY + ny * lift;
  candidate.z = bestZ + nz * lift;
  candidate.nx = nx;
  candidate.ny = ny;
  candidate.nz = nz;
  candidate.depth = -best;
  candidate.kind = kind;
  candidate.first = code;
  candidate.second = 8 * triangle.index;
  candidate.key = -1;
  addMeshContact(manifold);
  return true;
}

/**
 * The local code (mesh-triangle.ts) of the triangle's feature under the clip point in `probe`:
 * `local`, the edge or corner the clip named, when the point lies over it within `probe[3]`;
 * else the edge it lies nearest. The clip names a crossing of side plane k edge k, which is on
 * edge k for a triangle of three corners; a needle's two edges on one line share that plane, and
 * a crossing beyond edge k lies on the other (FINDINGS.md F20: a witness 0.18 off the edge named).
 */
function featureUnder(triangle: MeshTriangle, local: number): number {
  const allowed = probe[3]!;
  let best = local, nearest = Infinity;
  for (let k = 0; k < 3; k++) {
    offEdge(triangle, k);
    const gap = probe[4]!;
    if (local === 1 + k && gap <= allowed * allowed) return local;
    if (gap < nearest) {
      nearest = gap;
      best = 1 + k;
    }
  }
  if (local >= 4) {
    const v = triangle.vertices, n = triangle.normal, a = 3 * (local - 4);
    const dx = probe[0]! - v[a]!, dy = probe[1]! - v[a + 1]!, dz = probe[2]! - v[a + 2]!;
    const h = dx * n[0]! + dy * n[1]! + dz * n[2]!;
    if (dx * dx + dy * dy + dz * dz - h * h <= allowed * allowed) return local;
  }
  return best;
}

/**
 * Writes to `probe[4]` the squared distance of the point in `probe`, seen along the triangle's
 * normal, from its edge k.
 */
function offEdge(triangle: MeshTriangle, k: number): void {
  const v = triangle.vertices, n = triangle.normal;
  const a = 3 * k, b = k === 2 ? 0 : a + 3;
  const gx = v[b]! - v[a]!, gy = v[b + 1]! - v[a + 1]!, gz = v[b + 2]! - v[a + 2]!;
  const dx = probe[0]! - v[a]!, dy = probe[1]! - v[a + 1]!, dz = probe[2]! - v[a + 2]!;
  const f = Math.min(
    1,
    Math.max(0, (dx * gx + dy * gy + dz * gz) / (gx * gx + gy * gy + gz * gz)),
  );
  const rx = dx - f * gx, ry = dy - f * gy, rz = dz - f * gz;
  const h = rx * n[0]! + ry * n[1]! + rz * n[2]!;
  probe[4] = rx * rx + ry * ry + rz * rz - h * h;
}

/**
 * The unit inward normals of the planes of `triangle`'s column (through its edges along the
 * field's up, `up x edge`: (up x e) . (n x e) = (up . n) |e|^2 > 0, as the front faces up), into
 * a scratch array: the solid below a heightfield's triangle is its column, where the prism
 * perpendicular to a slope leaves gaps under valleys (as mesh-contacts.ts's `clipCore`).
 */
function columnSides(triangle: MeshTriangle): Float64Array {
  const v = triangle.vertices, up = triangle.up, out = columnScratch;
  for (let k = 0; k < 3; k++) {
    const a = 3 * k, b = k === 2 ? 0 : a + 3;
    const gx = v[b]! - v[a]!, gy = v[b + 1]! - v[a + 1]!, gz = v[b + 2]! - v[a + 2]!;
    const wx = up[1]! * gz - up[2]! * gy, wy = up[2]! * gx - up[0]! * gz;
    const wz = up[0]! * gy - up[1]! * gx;
    const inverse = 1 / Math.sqrt(wx * wx + wy * wy + wz * wz);
    out[a] = wx * inverse;
    out[a + 1] = wy * inverse;
    out[a + 2] = wz * inverse;
  }
  return out;
}

/**
 * Whether the point `probe[0..2]` lies inside the prism (or column) of the triangle of vertices
 * `t` within the slack `probe[3]` (an array: doubles cross calls in arrays, PERFORMANCE.md):
 * inside the plane through each edge k (unit inward normal `sides[3k..]`, through vertex k;
 * plane `skip`, -1 none, not tested), and inside the cap of each corner, the plane across the
 * bisector of its two edges' inward normals (their sum, of length 2 sin(a / 2)), measured with
 * the slack times that length: two planes that each let a point the slack through meet slack /
 * sin(a / 2) beyond a corner of angle a, far off a sliver's tip (as mesh-contacts.ts's
 * `clipCore`, FINDINGS.md F13 and F20). The cap never cuts the exact prism.
 */
function overTriangle(t: Float64Array, sides: Float64Array, skip: number): boolean {
  const x = probe[0]!, y = probe[1]!, z = probe[2]!, allowed = probe[3]!;
  for (let k = 0; k < 3; k++) {
    const a = 3 * k, b = k === 0 ? 6 : a - 3;
    const dx = x - t[a]!, dy = y - t[a + 1]!, dz = z - t[a + 2]!;
    const ux = sides[a]!, uy = sides[a + 1]!, uz = sides[a + 2]!;
    if (k !== skip && ux * dx + uy * dy + uz * dz < -allowed) return false;
    // The cap of corner k, between edge k - 1 (inward at b) and edge k.
    const sx = ux + sides[b]!, sy = uy + sides[b + 1]!, sz = uz + sides[b + 2]!;
    if (sx * dx + sy * dy + sz * dz < -allowed * Math.sqrt(sx * sx + sy * sy + sz * sz)) {
      return false;
    }
  }
  return true;
}

/**
 * Step 2 and 3 for the hull face of least overlap: whether the rule against ghost contacts lets
 * its normal through at the triangle's feature nearest to it, and if so, the triangle clipped
 * against it (`KEPT`); else who answers instead.
 */
function hullFaceContacts(
  hull: HullData,
  triangle: MeshTriangle,
  source: TriangleSource,
  manifold: MeshManifold,
): number {
  const planes = hullScratch.framePlanes, i = 4 * axes.face;
  const mx = planes[i]!, my = planes[i + 1]!, mz = planes[i + 2]!;
  const d = direction;
  d.x = -mx;
  d.y = -my;
  d.z = -mz;
  d.length = 1;
  // The triangle's vertex nearest the face (the lowest above it), and whether a neighbour is
  // level with it (its heights in an array: doubles cross calls in arrays, PERFORMANCE.md).
  const t = triangle.vertices, heights = vertexHeights;
  let lowest = 0;
  for (let k = 0; k < 3; k++) {
    heights[k] = mx * t[3 * k]! + my * t[3 * k + 1]! + mz * t[3 * k + 2]!;
    if (heights[k]! < heights[lowest]!) lowest = k;
  }
  const next = lowest === 2 ? 0 : lowest + 1, previous = lowest === 0 ? 2 : lowest - 1;
  const nextLevel = isLevel(t, heights, lowest, next);
  const previousLevel = isLevel(t, heights, lowest, previous);
  if (nextLevel && previousLevel) return FACE_ANSWERS;
  const verdict = nextLevel
    ? edgeVerdict(triangle, lowest, d, source.twoSided)
    : previousLevel
    ? edgeVerdict(triangle, previous, d, source.twoSided)
    : vertexVerdict(source, triangle, lowest, d);
  if (verdict !== KEPT) return verdict;
  writeTrianglePlanes(triangle);
  clipHullFaces(
    hull,
    hullScratch.frameVertices,
    planes,
    axes.face,
    triangleHull,
    t,
    triangleHull.planes,
    true,
    clipAxis,
    hullScratch.candidates,
  );
  addClippedPoints(triangle, manifold, true, false);
  return KEPT;
}

/**
 * Whether this triangle's normal is at least as near `d` as the neighbour's across edge `k`:
 * when the rule refuses `d`, the face whose normal is nearest it answers, as Bullet's
 * btAdjustInternalEdgeContacts clamps a normal into the edge's cone. A boundary edge has no
 * neighbour to answer: this face is the nearest there (its zero neighbour normal had left a
 * normal pointing behind a one-sided triangle to nobody, FINDINGS.md F69).
 */
function nearerThanNeighbour(triangle: MeshTriangle, k: number, d: Direction): boolean {
  if (triangle.edgeFlags[k] === EdgeFlag.Boundary) return true;
  const n = triangle.normal, w = triangle.neighbourNormal;
  return d.x * (n[0]! - w[3 * k]!) + d.y * (n[1]! - w[3 * k + 1]!) +
      d.z * (n[2]! - w[3 * k + 2]!) >= 0;
}

/**
 * Step 2's verdict on normal `d` at edge `k`: `KEPT` when the rule against ghost contacts lets it
 * through (and a one-sided triangle faces it); else who answers: the triangle's face for a flat
 * or concave edge (its faces are the nearer features there) or when its normal is the nearer to
 * `d`; the neighbour (whose face then answers) when the neighbour's is.
 */
function edgeVerdict(triangle: MeshTriangle, k: number, d: Direction, twoSided: boolean): number {
  if (facesNormal(triangle, twoSided, d) && edgeAcceptsNormal(triangle, k, d)) return KEPT;
  const flag = triangle.edgeFlags[k]!;
  if (flag === EdgeFlag.Flat || flag === EdgeFlag.Concave) return FACE_ANSWERS;
  return nearerThanNeighbour(triangle, k, d) ? FACE_ANSWERS : NEIGHBOUR_ANSWERS;
}

/**
 * Step 2's verdict on normal `d` at corner `corner`, as `edgeVerdict`'s: refused, the face
 * answers when the vertex is flat (every triangle there lies in one plane) or when its normal is
 * nearer `d` than the neighbours' across the two edges at the corner.
 */
function vertexVerdict(
  source: TriangleSource,
  triangle: MeshTriangle,
  corner: number,
  d: Direction,
): number {
  if (
    facesNormal(triangle, source.twoSided, d) && vertexAcceptsNormal(source, triangle, corner, d)
  ) {
    return KEPT;
  }
  if (source.vertexIsFlat(triangle.vertexKeys[corner]!)) return FACE_ANSWERS;
  return nearerThanNeighbour(triangle, corner, d) &&
      nearerThanNeighbour(triangle, corner === 0 ? 2 : corner - 1, d)
    ? FACE_ANSWERS
    : NEIGHBOUR_ANSWERS;
}

/**
 * Whether vertex `other` of the triangle `t` is level with vertex `low`, their heights above a
 * hull face in `heights`: rising less than `LEVEL_SINE` of the edge between them.
 */
function isLevel(t: Float64Array, heights: Float64Array, low: number, other: number): boolean {
  const a = 3 * low, b = 3 * other;
  const ex = t[b]! - t[a]!, ey = t[b + 1]! - t[a + 1]!, ez = t[b + 2]! - t[a + 2]!;
  const rise = heights[other]! - heights[low]!;
  return rise * rise <= LEVEL_SINE * LEVEL_SINE * (ex * ex + ey * ey + ez * ez);
}

/**
 * Step 2 and 3 for the edge pair of least overlap: whether the rule against ghost contacts lets
 * the axis through at the triangle's edge (or the end of it the closest points lie on), and if
 * so, the one contact at the edges' closest points (`KEPT`); else who answers instead.
 */
function edgePairContact(
  hull: HullData,
  triangle: MeshTriangle,
  source: TriangleSource,
  manifold: MeshManifold,
): number {
  const d = direction;
  d.x = axes.axisX;
  d.y = axes.axisY;
  d.z = axes.axisZ;
  d.length = 1;
  const w = hullScratch.frameVertices, t = triangle.vertices;
  const e = axes.hullEdge, k = axes.triangleEdge;
  const p = 3 * hull.edgeVertices[2 * e]!, q = 3 * hull.edgeVertices[2 * e + 1]!;
  const a = 3 * k, b = k === 2 ? 0 : a + 3;
  // The closest points of the two edges (Ericson, Real-Time Collision Detection, 5.1.9), written
  // out: the edges are not parallel (step 1 kept sines above 1e-6 only), so math's general
  // kernel's parallel cases are not needed (PERFORMANCE.md: doubles cross calls in arrays or fields).
  const d1x = w[q]! - w[p]!, d1y = w[q + 1]! - w[p + 1]!, d1z = w[q + 2]! - w[p + 2]!;
  const d2x = t[b]! - t[a]!, d2y = t[b + 1]! - t[a + 1]!, d2z = t[b + 2]! - t[a + 2]!;
  const rx = w[p]! - t[a]!, ry = w[p + 1]! - t[a + 1]!, rz = w[p + 2]! - t[a + 2]!;
  const aa = d1x * d1x + d1y * d1y + d1z * d1z, bb = d1x * d2x + d1y * d2y + d1z * d2z;
  const cc = d1x * rx + d1y * ry + d1z * rz, ee = d2x * d2x + d2y * d2y + d2z * d2z;
  const ff = d2x * rx + d2y * ry + d2z * rz;
  let s = Math.min(1, Math.max(0, (bb * ff - cc * ee) / (aa * ee - bb * bb)));
  // dot((p1 + s d1) - (p2 + u d2), d2) = 0 gives u = (b s + f) / e; clamped, s again.
  let u = (bb * s + ff) / ee;
  if (u < 0) {
    u = 0;
    s = Math.min(1, Math.max(0, -cc / aa));
  } else if (u > 1) {
    u = 1;
    s = Math.min(1, Math.max(0, (bb - cc) / aa));
  }
  const onVertex = u <= 0 || u >= 1;
  const corner = u <= 0 ? k : k === 2 ? 0 : k + 1;
  const verdict = onVertex
    ? vertexVerdict(source, triangle, corner, d)
    : edgeVerdict(triangle, k, d, source.twoSided);
  if (verdict !== KEPT) return verdict;
  const hullCode = s <= 0
    ? hull.vertexCodes[hull.edgeVertices[2 * e]!]!
    : s >= 1
    ? hull.vertexCodes[hull.edgeVertices[2 * e + 1]!]!
    : hull.edgeCodes[e]!;
  const onHullVertex = s <= 0 || s >= 1;
  const candidate = manifold.candidate;
  // Halfway between p1 + s d1 and p2 + u d2.
  candidate.x = 0.5 * (w[p]! + s * d1x + t[a]! + u * d2x);
  candidate.y = 0.5 * (w[p + 1]! + s * d1y + t[a + 1]! + u * d2y);
  candidate.z = 0.5 * (w[p + 2]! + s * d1z + t[a + 2]! + u * d2z);
  candidate.nx = d.x;
  candidate.ny = d.y;
  candidate.nz = d.z;
  candidate.depth = -axes.edgeSeparation;
  candidate.kind = onVertex
    ? onHullVertex ? ContactKind.PointPoint : ContactKind.PointEdge
    : onHullVertex
    ? ContactKind.PointEdge
    : ContactKind.EdgeEdge;
  candidate.first = hullCode;
  candidate.second = onVertex
    ? meshVertexFeature(triangle.index, corner)
    : meshEdgeFeature(triangle.index, k);
  writeContactKey(candidate, triangle, onVertex ? 4 + corner : 1 + k, hullCode);
  addMeshContact(manifold);
  return KEPT;
}
