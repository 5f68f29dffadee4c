/**
 * The convex hull shape: vertices, polygonal faces with their planes, and edges with the faces on
 * either side, in the hull's own frame, built once by `ConvexHull.fromPoints` (quickhull.ts).
 *
 * Feature codes (the numbers a contact's `featureId` packs for a hull): vertex `v` is `v`, edge
 * `e` is `vertexCount + e`, face `f` is `vertexCount + edgeCount + f`; all below 2^16, so a hull
 * has at most 65536 features (Euler: V + E + F = 2E + 2).
 */
import {
  readFiniteArray,
  requireCoordinate,
  requireObject,
  requirePositive,
} from '@contactkit/math';
import { Primitive, ShapeType } from './primitives.js';
import { buildHull, defaultHullTolerance, roundOffTolerance } from './quickhull.js';
import { reserveHullScratch } from './hull-scratch.js';

/** The most features (vertices, edges and faces together) a hull may have: codes fit in 16 bits. */
export const MAX_HULL_FEATURES = 65536;

let nextSerial = 0;

/** Options of `ConvexHull.fromPoints`. */
export interface ConvexHullOptions {
  /**
   * Distance under which points count as on a face of the hull (dropped when inside or on it;
   * faces whose common edge is not convex by more than it merge into one face). Default: 1e-7 of
   * the cloud's extent, and at least the round-off of its coordinates
   * (3 * 2^-52 * (|x|max + |y|max + |z|max)); a smaller one given here is raised to that.
   */
  tolerance?: number;
}

/**
 * What the hull detectors read of a convex polyhedron, in its own frame: a `ConvexHull`, or a box
 * seen as one (box-convex-hull.ts). Codes name each feature in contacts.
 */
export interface HullData {
  readonly vertices: Float64Array;
  readonly planes: Float64Array;
  readonly faceStart: Int32Array;
  readonly faceVertices: Int32Array;
  readonly faceEdges: Int32Array;
  readonly edgeVertices: Int32Array;
  readonly edgeFaces: Int32Array;
  readonly vertexCount: number;
  readonly faceCount: number;
  readonly edgeCount: number;
  /** Feature codes of the vertices, edges and faces. */
  readonly vertexCodes: Int32Array;
  readonly edgeCodes: Int32Array;
  readonly faceCodes: Int32Array;
  /** Area of each face. */
  readonly faceAreas: Float64Array;
  /** A point strictly inside (the mean of the vertices). */
  readonly centre: Float64Array;
  /** Half the largest extent along the frame's axes: the size the face preference scales with. */
  readonly size: number;
}

/**
 * A `HullData` that bounds how far its edges lean out of their faces' planes: the faces of a hull
 * merge within its tolerance, so an edge of a merged face is only nearly perpendicular to the
 * face normals (hull-sat.ts widens the round-off it allows by this).
 */
export interface HullEdgeData extends HullData {
  /** The largest |n . e| / |e| of an edge e and the normal n of a face beside it. */
  readonly edgeSkew: number;
  /** Each edge's vector, its second vertex minus its first (x, y, z each). */
  readonly edgeVectors: Float64Array;
}

/**
 * A `HullData` with the edges at each vertex: what the separating-axis test walks to find the edge
 * pairs that form faces of the Minkowski difference (hull-sat.ts) without testing every pair.
 */
export interface HullGraph extends HullEdgeData {
  /**
   * Where each vertex's edges start in `vertexEdges`; vertex v's end where vertex v + 1's start
   * (`vertexCount + 1` entries).
   */
  readonly vertexEdgeStart: Int32Array;
  /** The edges at each vertex, one vertex after another (each edge twice, once at either end). */
  readonly vertexEdges: Int32Array;
}

/** Reads `points` (flat triples or `[x, y, z]` arrays) into a Float64Array, or throws naming the bad entry. */
function readPoints(field: string, points: unknown): Float64Array {
  if (
    points === null || typeof points !== 'object' ||
    typeof (points as { length?: unknown; }).length !== 'number'
  ) {
    throw new TypeError(
      `${field} must be an array of numbers or of [x, y, z] points, got ${String(points)}`,
    );
  }
  const list = points as ArrayLike<unknown>;
  if (list.length > 0 && typeof list[0] === 'object' && list[0] !== null) {
    const out = new Float64Array(3 * list.length);
    const scratch = new Float64Array(3);
    for (let i = 0; i < list.length; i++) {
      readFiniteArray(`${field}[${i}]`, list[i] as ArrayLike<number>, 3, scratch);
      for (let k = 0; k < 3; k++) {
        out[3 * i + k] = requireCoordinate(`${field}[${i}][${k}]`, scratch[k]);
      }
    }
    return out;
  }
  if (list.length % 3 !== 0) {
    throw new RangeError(
      `${field} must hold x, y, z triples (a length divisible by 3), got ${list.length} numbers`,
    );
  }
  const out = new Float64Array(list.length);
  for (let i = 0; i < list.length; i++) out[i] = requireCoordinate(`${field}[${i}]`, list[i]);
  return out;
}

/**
 * A convex polyhedron (`ShapeType.ConvexHull`): the convex hull of a point cloud, made by
 * `ConvexHull.fromPoints`. Its geometry is fixed; the pose setters move it like any primitive.
 */
export class ConvexHull<B = unknown> extends Primitive<B> {
  /** `ShapeType.ConvexHull`. */
  readonly shapeType = ShapeType.ConvexHull;
  /** x, y, z per vertex, in the hull's frame (only the hull's corners: interior and edge points are dropped). */
  readonly vertices: Float64Array;
  /** nx, ny, nz, d per face: the face lies in dot(n, x) = d, n the unit outward normal (hull frame). */
  readonly planes: Float64Array;
  /**
   * Where each face's vertex loop starts in `faceVertices`; face f's ends where face f + 1's starts
   * (`faceCount + 1` entries).
   */
  readonly faceStart: Int32Array;
  /** The faces' vertex loops, one after another, each counter-clockwise seen from outside. */
  readonly faceVertices: Int32Array;
  /** `faceEdges[k]`: the edge from `faceVertices[k]` to the next vertex of the same face. */
  readonly faceEdges: Int32Array;
  /** Edge e runs from vertex `edgeVertices[2e]` to `edgeVertices[2e + 1]`. */
  readonly edgeVertices: Int32Array;
  /**
   * The faces on either side of edge e: `edgeFaces[2e]`, around which it runs counter-clockwise,
   * and `edgeFaces[2e + 1]`.
   */
  readonly edgeFaces: Int32Array;
  /** Where each vertex's edges start in `vertexEdges` (`vertexCount + 1` entries). */
  readonly vertexEdgeStart: Int32Array;
  /** The edges at each vertex, one vertex after another (each edge at both of its ends). */
  readonly vertexEdges: Int32Array;
  /**
   * The largest |n . e| / |e| of an edge e and the normal n of a face beside it (round-off, or
   * how far a merged face's edges lean out of its plane).
   */
  readonly edgeSkew: number;
  /**
   * Each edge's vector, its second vertex minus its first (x, y, z each): kept with the hull,
   * so the separating-axis test does not form the first hull's at every call.
   */
  readonly edgeVectors: Float64Array;
  /** How many vertices the hull has. */
  readonly vertexCount: number;
  /** How many (polygonal) faces the hull has. */
  readonly faceCount: number;
  /** How many edges the hull has (vertexCount - edgeCount + faceCount = 2). */
  readonly edgeCount: number;
  /** The distance within which input points counted as on the hull (the build's tolerance). */
  readonly tolerance: number;
  /** Each vertex's feature code in contacts: vertex v is v. */
  readonly vertexCodes: Int32Array;
  /** Each edge's feature code in contacts: edge e is vertexCount + e. */
  readonly edgeCodes: Int32Array;
  /** Each face's feature code in contacts: face f is vertexCount + edgeCount + f. */
  readonly faceCodes: Int32Array;
  /** Area of each face. */
  readonly faceAreas: Float64Array;
  /** The mean of the vertices: a point inside the hull. */
  readonly centre: Float64Array;
  /** Half the largest extent of the hull along its frame's axes. */
  readonly size: number;
  /**
   * Creation order of the hulls: the canonical order of two hulls in a pair (the earlier first),
   * which neither swapping the arguments nor moving the pair changes.
   */
  readonly serial = nextSerial++;

  private constructor(build: ReturnType<typeof buildHull>) {
    super();
    this.vertices = build.vertices;
    this.planes = build.planes;
    this.faceStart = build.faceStart;
    this.faceVertices = build.faceVertices;
    this.faceEdges = build.faceEdges;
    this.edgeVertices = build.edgeVertices;
    this.edgeFaces = build.edgeFaces;
    this.vertexCount = build.vertices.length / 3;
    this.faceCount = build.planes.length / 4;
    this.edgeCount = build.edgeVertices.length / 2;
    this.tolerance = build.tolerance;
    const v = this.vertexCount, e = this.edgeCount, f = this.faceCount;
    // The edges at each vertex, by counting sort on the edges' ends.
    const starts = new Int32Array(v + 1), ends = this.edgeVertices;
    for (let k = 0; k < 2 * e; k++) starts[ends[k]! + 1] = starts[ends[k]! + 1]! + 1;
    for (let k = 0; k < v; k++) starts[k + 1] = starts[k + 1]! + starts[k]!;
    this.vertexEdgeStart = starts;
    let skew = 0;
    this.edgeVectors = new Float64Array(3 * e);
    for (let k = 0; k < e; k++) {
      const i = 3 * ends[2 * k]!, j = 3 * ends[2 * k + 1]!, q = this.vertices;
      const x = q[j]! - q[i]!, y = q[j + 1]! - q[i + 1]!, z = q[j + 2]! - q[i + 2]!;
      this.edgeVectors[3 * k] = x;
      this.edgeVectors[3 * k + 1] = y;
      this.edgeVectors[3 * k + 2] = z;
      const length = Math.sqrt(x * x + y * y + z * z);
      for (let side = 0; side < 2; side++) {
        const n = 4 * this.edgeFaces[2 * k + side]!, planes = this.planes;
        skew = Math.max(
          skew,
          Math.abs(planes[n]! * x + planes[n + 1]! * y + planes[n + 2]! * z) / length,
        );
      }
    }
    this.edgeSkew = skew;
    this.vertexEdges = new Int32Array(2 * e);
    const filled = starts.slice(0, v);
    for (let k = 0; k < 2 * e; k++) {
      const at = ends[k]!;
      this.vertexEdges[filled[at]!] = k >> 1;
      filled[at] = filled[at]! + 1;
    }
    this.vertexCodes = Int32Array.from({ length: v }, (_, i) => i);
    this.edgeCodes = Int32Array.from({ length: e }, (_, i) => v + i);
    this.faceCodes = Int32Array.from({ length: f }, (_, i) => v + e + i);
    this.faceAreas = new Float64Array(f);
    const p = this.vertices;
    let maxFace = 0;
    for (let face = 0; face < f; face++) {
      const begin = this.faceStart[face]!, end = this.faceStart[face + 1]!;
      maxFace = Math.max(maxFace, end - begin);
      // Half the length of the polygon's vector area (a fan from its first vertex).
      let ax = 0, ay = 0, az = 0;
      const o = 3 * this.faceVertices[begin]!;
      for (let k = begin + 1; k + 1 < end; k++) {
        const i = 3 * this.faceVertices[k]!, j = 3 * this.faceVertices[k + 1]!;
        const ux = p[i]! - p[o]!, uy = p[i + 1]! - p[o + 1]!, uz = p[i + 2]! - p[o + 2]!;
        const wx = p[j]! - p[o]!, wy = p[j + 1]! - p[o + 1]!, wz = p[j + 2]! - p[o + 2]!;
        ax += uy * wz - uz * wy;
        ay += uz * wx - ux * wz;
        az += ux * wy - uy * wx;
      }
      this.faceAreas[face] = Math.hypot(ax, ay, az) / 2;
    }
    this.centre = new Float64Array(3);
    let size = 0;
    for (let k = 0; k < 3; k++) {
      let low = Infinity, high = -Infinity, sum = 0;
      for (let i = k; i < p.length; i += 3) {
        low = Math.min(low, p[i]!);
        high = Math.max(high, p[i]!);
        sum += p[i]!;
      }
      this.centre[k] = sum / v;
      size = Math.max(size, (high - low) / 2);
    }
    this.size = size;
    reserveHullScratch(v, f, e, maxFace);
    this.writeAabb();
  }

  /**
   * The convex hull of `points`: an `ArrayLike<number>` of x, y, z triples or an array of
   * `[x, y, z]` points, each coordinate finite and within `MAX_COORDINATE`. Points inside or
   * within `options.tolerance` of the hull are dropped, so duplicates and near-duplicates do no
   * harm; coplanar triangles merge into polygonal faces (a box's 8 corners give 6 quadrilaterals).
   * Built by quickhull with face merging (Gregorius, "Implementing Quickhull", GDC 2014; see
   * the package README for why this and not a library). Throws a TypeError or RangeError
   * naming the argument for a bad point, a bad tolerance, or a cloud that spans no volume: fewer
   * than 4 points, all coinciding, collinear or flat (the message says which), and when the hull
   * would have more than `MAX_HULL_FEATURES` vertices, edges and faces.
   */
  static fromPoints<B = unknown>(
    points: ArrayLike<number> | ArrayLike<ArrayLike<number>>,
    options: ConvexHullOptions = {},
  ): ConvexHull<B> {
    const field = 'ConvexHull.fromPoints(points)';
    requireObject('ConvexHull.fromPoints(options)', options);
    const p = readPoints(field, points);
    let tolerance = defaultHullTolerance(p);
    if (options.tolerance !== undefined) {
      tolerance = Math.max(
        requirePositive('ConvexHull.fromPoints(options).tolerance', options.tolerance),
        roundOffTolerance(p),
      );
    }
    const build = buildHull(field, p, tolerance);
    const features = 2 * (build.edgeVertices.length / 2) + 2;
    if (features > MAX_HULL_FEATURES) {
      throw new RangeError(
        `${field} makes a hull of ${features} features (vertices, edges and faces), more than ` +
          `MAX_HULL_FEATURES = ${MAX_HULL_FEATURES}`,
      );
    }
    return new ConvexHull<B>(build);
  }

  /** The world box of the world vertices (exact for a polyhedron). */
  protected writeAabb(): void {
    const p = this.vertices;
    const m = this.transform, box = this.aabb;
    box.fill(Infinity, 0, 3);
    box.fill(-Infinity, 3, 6);
    for (let i = 0; i < p.length; i += 3) {
      const x = p[i]!, y = p[i + 1]!, z = p[i + 2]!;
      for (let k = 0; k < 3; k++) {
        const w = m[12 + k]! + m[k]! * x + m[4 + k]! * y + m[8 + k]! * z;
        if (w < box[k]!) box[k] = w;
        if (w > box[3 + k]!) box[3 + k] = w;
      }
    }
  }
}
