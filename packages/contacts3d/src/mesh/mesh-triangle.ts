/**
 * The per-triangle data every detector against a `TriangleMesh` or a `Heightfield` works on: one
 * triangle in world space with what the rule against ghost contacts needs about its
 * neighbourhood (the flag, neighbour normal and neighbour's inward direction of each edge, keys
 * naming shared edges and vertices, and the vertices' normal cones through the source). Both static shapes fill it
 * through `TriangleSource.loadTriangle`, so a kernel written against it (sphere and capsule
 * today, box and hull later) runs unchanged on either, through the same traversal
 * (`beginQuery` / `nextTriangle`).
 *
 * Edge k of a triangle runs from its vertex k to vertex k + 1 (mod 3); triangles are
 * counter-clockwise seen from the front, so `normal x (v[k+1] - v[k])` points into the triangle.
 */

/** How the two triangles at an edge meet, from their normals (`TriangleMesh` documents the angle). */
export const EdgeFlag = {
  /** One triangle only (or more than two, or two wound against each other): no neighbour to consult. */
  Boundary: 0,
  /** The neighbour turns away below the front: a ridge. Edge contacts keep normals between the two face normals. */
  Convex: 1,
  /** The two faces lie in one plane (within `FLAT_EDGE_ANGLE`): contacts there take the face normal. */
  Flat: 2,
  /** The neighbour rises in front: a valley. No edge contacts (the faces are always nearer). */
  Concave: 3,
} as const;
/** One of the values of {@link EdgeFlag}. */
export type EdgeFlag = (typeof EdgeFlag)[keyof typeof EdgeFlag];

/**
 * Below this angle (radians) between two triangles' normals their shared edge is `Flat`, and a
 * vertex whose triangles all lie within it of each other (and has no boundary edge) is flat.
 * 1e-4 rad (0.0057 degrees): far above the round-off of a sliver's normal (about 1e-16 over
 * the sliver's aspect ratio), far below any bend a modeller means.
 */
export const FLAT_EDGE_ANGLE = 1e-4;
/** `cos(FLAT_EDGE_ANGLE)`. */
export const FLAT_EDGE_COSINE = Math.cos(FLAT_EDGE_ANGLE);

/**
 * Feature codes on a mesh or heightfield: `triangle * 8 + local`, with local 0 the face, 1 + k
 * edge k and 4 + k vertex k. Codes must stay below 2^26 (`packFeatureId`), so the largest
 * triangle index a feature id names is 2^23 - 1: `MAX_MESH_TRIANGLES` = 2^23 = 8,388,608.
 */
export const MAX_MESH_TRIANGLES = 8388608;

/** Slack of the cone tests, as the sine of an angle: round-off, not a design margin. */
export const DIRECTION_SLACK = 1e-7;

/** Feature code of the face of `triangle` (the caller's triangle index). */
export function meshFaceFeature(triangle: number): number {
  return triangle * 8;
}

/** Feature code of edge `k` (0, 1, 2: from vertex k to vertex k + 1) of `triangle`. */
export function meshEdgeFeature(triangle: number, k: number): number {
  return triangle * 8 + 1 + k;
}

/** Feature code of vertex `k` (0, 1, 2) of `triangle`. */
export function meshVertexFeature(triangle: number, k: number): number {
  return triangle * 8 + 4 + k;
}

/** One triangle of a static shape in world space, as `TriangleSource.loadTriangle` fills it. */
export class MeshTriangle {
  /** The caller's triangle index (the mesh's input order; a heightfield's documented numbering). */
  index = 0;
  /** The source's internal slot of the triangle (what `TriangleSource.loadNeighbourhood` reads). */
  slot = 0;
  /** The three vertices, x, y, z each, counter-clockwise seen from the front. */
  readonly vertices: Float64Array = new Float64Array(9);
  /** Unit normal of the front. */
  readonly normal: Float64Array = new Float64Array(3);
  /** Unit vector of edge k's inward direction: in the triangle's plane, across edge k, into it. */
  readonly inward: Float64Array = new Float64Array(9);
  /**
   * How far the face reaches beyond edge k: 0, or for an edge closed as a crack (flat, its
   * triangles across not sharing its vertices) the widest gap between it and the edges across
   * (at most the crack width), so a core over the crack meets the faces on either side
   * (FINDINGS.md F113). `TriangleSource.loadFace` fills it; a source
   * without cracks (a heightfield) leaves it 0.
   */
  readonly crackReach: Float64Array = new Float64Array(3);
  /** `EdgeFlag` of each edge. */
  readonly edgeFlags: Int32Array = new Int32Array(3);
  /** The neighbour's unit front normal across each edge (zero at a boundary edge). */
  readonly neighbourNormal: Float64Array = new Float64Array(9);
  /** The neighbour's inward direction across each edge (in its plane, into it; zero at a boundary). */
  readonly neighbourInward: Float64Array = new Float64Array(9);
  /** A number naming each edge within its shape, the same from both of its triangles. */
  readonly edgeKeys: Float64Array = new Float64Array(3);
  /** A number naming each vertex within its shape, the same from every triangle at it. */
  readonly vertexKeys: Float64Array = new Float64Array(3);
  /**
   * Round-off slack for inside-the-triangle tests at this triangle's size and distance from the
   * origin. Starts as a double: PERFORMANCE.md, a field for doubles starts as one (started at 0,
   * a capsule's query allocated a heap number a triangle once sphere queries had run: 500 -> 0
   * bytes a call on a 9,800-triangle terrain).
   */
  slack = Number.MIN_VALUE;
  /**
   * The world direction of "up" of a source whose solid lies below its surface (a heightfield's
   * local +Y); zero for a mesh. The column of the triangle (its points moved along `up`) holds
   * the solid under it.
   */
  readonly up: Float64Array = new Float64Array(3);
}

/**
 * A contact's normal direction as the rule against ghost contacts reads it (ghost-rule.ts): not
 * necessarily unit, `length` its length. An object, not four arguments (PERFORMANCE.md: doubles
 * cross calls in arrays or fields).
 */
export class Direction {
  // Each starts as a double, as `MeshTriangle.slack` does.
  /** World x component. */
  x = Number.MIN_VALUE;
  /** World y component. */
  y = Number.MIN_VALUE;
  /** World z component. */
  z = Number.MIN_VALUE;
  /** `|(x, y, z)|`. */
  length = Number.MIN_VALUE;
}

/**
 * What `TriangleMesh` and `Heightfield` both offer the detectors: a query by world box, one
 * triangle at a time, and the normal cone of a vertex. A query is a cursor kept in the shape
 * (no allocation): one query per shape at a time, as every detector runs to its end.
 */
export interface TriangleSource {
  /** Whether triangles are hit from behind as well (a heightfield: never). */
  readonly twoSided: boolean;
  /**
   * Whether the space below the surface is solid (a heightfield, DESIGN.md): a shape behind a
   * triangle, in its column (`MeshTriangle.up`), overlaps that solid. A mesh has no inside.
   */
  readonly solidBelow: boolean;
  /** Whether the world point `p` lies in that solid (always false for a mesh). */
  inSolid(p: Float64Array): boolean;
  /** Starts a query for the triangles whose bounds may meet the world box `box` (min x, y, z, max x, y, z). */
  beginQuery(box: Float64Array): void;
  /** The next triangle's slot (an internal number for `loadTriangle`), or -1 when the query is done. */
  nextTriangle(): number;
  /** Fills `out` with the triangle in slot `slot`, in world space: `loadFace` then `loadNeighbourhood`. */
  loadTriangle(slot: number, out: MeshTriangle): void;
  /**
   * Fills `out` with the triangle itself (index, slot, vertices, normal, inward directions, keys,
   * slack, up), not its neighbourhood (edge flags, neighbour normals and inward directions).
   */
  loadFace(slot: number, out: MeshTriangle): void;
  /** Fills the neighbourhood of the triangle `loadFace` last put into `out`. */
  loadNeighbourhood(out: MeshTriangle): void;
  /**
   * Whether the vertex `key` takes a contact whose normal is the world direction `d`: the vertex
   * is not flat (a flat vertex's contacts come from its faces) and `d` lies in its normal cone,
   * `d . (w - v) <= DIRECTION_SLACK * |d| * |w - v|` for every vertex w joined to it by an edge (no
   * edge at the vertex leads closer to a point in that direction, so the vertex is the nearest
   * point of the surface around it).
   */
  vertexAccepts(key: number, d: Direction): boolean;
  /**
   * Whether the vertex `key` is flat: every triangle at it lies within `FLAT_EDGE_ANGLE` of one
   * plane and none of its edges is a boundary (its contacts come from its faces).
   */
  vertexIsFlat(key: number): boolean;
}
