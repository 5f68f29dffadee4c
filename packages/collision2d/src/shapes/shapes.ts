/**
 * The 2D shapes: `Circle`, `Polygon` (closed, convex or concave), `Chain` (an open contour),
 * `Segment` (a two-point chain) and `Aabb` (an axis-aligned box, a four-vertex polygon).
 *
 * Each shape has a pose (`transform`, a Transform2: position and angle), a `body` value copied
 * into contacts, a `shapeType` tag for the dispatch table, a bounding circle and a world box.
 * The bounding circle is centred on the shape's own origin, i.e. on the pose
 * position, so the early out needs no extra transform: `boundingRadius` is the largest distance
 * from the local origin to any point of the shape. The world box `aabb` (`minX, minY, maxX,
 * maxY`) is recomputed by `setPose`.
 *
 * Geometry is validated once, in the constructors; the detectors trust it. Every coordinate
 * and size (a position, a point, a radius) must be within `MAX_COORDINATE` (1e75), the range
 * inside which no detector returns NaN or an infinity, and a polygon must be at least `MIN_SIZE`
 * (1e-150) across. Vertices are stored
 * flat (`x0, y0, x1, y1, ...` in one Float64Array) with precomputed unit edge normals.
 *
 * Feature codes (the two 26-bit codes of `Contact2.featureId`): edge or segment `i` is `i`,
 * vertex `i` is `VERTEX_FEATURE | i` (bit 25 set); a circle is 0. Contours are therefore limited
 * to 2^25 - 1 = 33,554,431 vertices, which keeps every edge index below `INTERNAL_EDGE_FEATURE`.
 */
import {
  MAX_COORDINATE,
  MIN_SIZE,
  Transform2,
  copyCoordinates,
  readCoordinates,
  requireCoordinate,
  requireFinite,
  requireNonNegative,
  requirePositive,
  slabFloat64Array,
} from '@contactkit/math';
import { findCorners, hasArea, straightenNormals, turnSign } from '../contours/corners.js';
import { decomposeConvex } from '../contours/decompose.js';
import { foldingEdge, touchingEdges } from '../contours/simple-outline.js';
import { BoxGrid, GRID_MIN_ITEMS } from '../broadphase/box-grid.js';
import type { Capsule2 } from './capsule2.js';

/** Tags for the dispatch table: each 2D shape's `shapeType`. */
export const ShapeType2 = {
  /** {@link Circle} */
  Circle: 0,
  /** {@link Polygon} */
  Polygon: 1,
  /** {@link Chain} */
  Chain: 2,
  /** {@link Segment} */
  Segment: 3,
  /** {@link Aabb} */
  Aabb: 4,
  /** {@link Capsule2} (capsule2.ts) */
  Capsule2: 5,
} as const;
/** One of the values of {@link ShapeType2}. */
export type ShapeType2 = (typeof ShapeType2)[keyof typeof ShapeType2];

/**
 * Set on a feature code that names a vertex (else it names an edge): bit 25, the top bit of a
 * 26-bit code, so `VERTEX_FEATURE | i` stays a non-negative int32 for every vertex index.
 */
export const VERTEX_FEATURE = 1 << 25;
/**
 * Feature code of an internal edge of a convex piece (an edge that is not on the outline):
 * 2^25 - 1, one past the largest edge index a contour of `MAX_CONTOUR_VERTICES` can have.
 */
export const INTERNAL_EDGE_FEATURE = (1 << 25) - 1;
/** Where the vertices start in `Polygon.packed` (after the pose, bounding radius and piece circle). */
export const PACKED_VERTICES = 8;
/** Most vertices of a polygon the convex polygon-polygon fast path takes (its scratch size). */
export const FAST_PATH_MAX_VERTICES = 64;
/**
 * Most vertices a polygon or chain may have, 2^25 - 1: vertex indices must fit in the 25 bits
 * below `VERTEX_FEATURE`, and edge indices (at most 2^25 - 2) stay below `INTERNAL_EDGE_FEATURE`.
 */
export const MAX_CONTOUR_VERTICES = (1 << 25) - 1;

let nextShapeId = 1;
/** A position read from the caller (`x, y`), and in `setPose` the angle after it. */
const pointScratch = new Float64Array(3);

/** What every 2D shape has: a type tag, an id, a world pose, a user value. */
/** `B` is the type of `body` (`unknown` unless given), the type the contacts' bodies have. */
export abstract class Shape2<B = unknown> {
  /** Which shape this is, for the dispatch in `collide2d`. */
  abstract readonly shapeType: ShapeType2;
  /**
   * A unique number given at construction. Pair detectors of two shapes of the same type compute
   * in the order of ids, so that swapped arguments give exactly the same contacts.
   */
  readonly id = nextShapeId++;
  /** World pose; set it through `setPose`. */
  readonly transform = new Transform2();
  /** Any user value of type `B` (null until set); copied into the contacts' `firstBody` or `secondBody`. */
  body: B | null = null;
  /** World bounding box `[minX, minY, maxX, maxY]`, kept in step by `setPose`. */
  readonly aabb: Float64Array = new Float64Array(4);
  /** Radius of the bounding circle about the shape's local origin. */
  abstract readonly boundingRadius: number;

  /**
   * Places the shape: its local origin at `position` (`[x, y]`, each within `MAX_COORDINATE`)
   * turned by `angle` radians counter-clockwise (finite). Returns the shape.
   */
  setPose(position: ArrayLike<number>, angle: number): this {
    // Checked without allocating first: a pose is set every frame; the message is built on failure only.
    if (!copyCoordinates(position, 2, pointScratch)) {
      readCoordinates(`${this.constructor.name}.position`, position, 2, pointScratch);
    }
    if (!Number.isFinite(angle)) requireFinite(`${this.constructor.name}.angle`, angle);
    if (angle !== 0 && !this.turnable) {
      throw new RangeError(
        `${this.constructor.name}.angle must be 0 (an Aabb stays axis aligned; use a Polygon to ` +
          `turn a box), got ${angle}`,
      );
    }
    // The pose reaches the transform in an array (PERFORMANCE.md: doubles cross calls in arrays).
    pointScratch[2] = angle;
    this.transform.setFrom(pointScratch);
    this.updateAabb();
    return this;
  }

  /** Copies the world bounding box `[minX, minY, maxX, maxY]` into `out` and returns it. */
  computeAabb(out: Float64Array): Float64Array {
    out[0] = this.aabb[0]!;
    out[1] = this.aabb[1]!;
    out[2] = this.aabb[2]!;
    out[3] = this.aabb[3]!;
    return out;
  }

  /** Whether `setPose` accepts an angle other than 0 (an Aabb does not). */
  protected readonly turnable: boolean = true;

  /** Recomputes `aabb` from the pose. */
  protected abstract updateAabb(): void;
}

/** A circle of `radius` about its local origin. */
export class Circle<B = unknown> extends Shape2<B> {
  /** `ShapeType2.Circle`. */
  readonly shapeType = ShapeType2.Circle;
  /** The radius, finite and greater than 0. */
  readonly radius: number;
  /** Radius of a circle about the local origin holding the shape (here the radius). */
  readonly boundingRadius: number;
  /** What the fast paths read, in one array: the centre x, y (kept in step by `setPose`) and the radius. */
  readonly packed: Float64Array = new Float64Array(3);

  /** `radius` must be greater than 0 and at most `MAX_COORDINATE`. */
  constructor(radius: number) {
    super();
    this.radius = requireCoordinate('Circle.radius', requirePositive('Circle.radius', radius));
    this.boundingRadius = this.radius;
    this.packed[2] = this.radius;
    this.updateAabb();
  }

  protected updateAabb(): void {
    const x = this.transform.x, y = this.transform.y, r = this.radius;
    this.packed[0] = x;
    this.packed[1] = y;
    this.aabb[0] = x - r;
    this.aabb[1] = y - r;
    this.aabb[2] = x + r;
    this.aabb[3] = y + r;
  }
}

/**
 * A convex piece of a polygon (or a chain segment seen as a thin piece), in its owner's frame:
 * what the polygon detectors work on. `outerEdge[i]` is the owner's edge index of piece edge
 * `i` (from piece vertex `i` to `i + 1`), or -1 for an internal (decomposition) edge.
 */
export class ConvexPiece {
  /** Number of vertices. */
  readonly count: number;
  /** The vertices, `x, y` each, counter-clockwise, in the owner's frame. */
  readonly vertices: Float64Array;
  /**
   * Outward unit normal of edge `i` (from vertex `i` to `i + 1`), `x, y` each; the edges of a
   * side made of several edges share the side's normal (`findCollinearEdges`).
   */
  readonly normals: Float64Array;
  /** The owner's edge index of each piece edge, or -1 for an internal (decomposition) edge. */
  readonly outerEdge: Int32Array;
  /** The owner's vertex index of each piece vertex. */
  readonly vertexIndex: Int32Array;
  /** Whether any edge lies on the owner's outline (only such edges may be reference faces). */
  hasOuterEdge = true;
  /** Whether any edge is internal (the piece is a part of a concave polygon, not all of it). */
  hasInternalEdge = false;
  /** Bounding circle of the piece: centre (vertex mean) and radius, owner's frame. */
  centerX = 0;
  /** See `centerX`. */
  centerY = 0;
  /** See `centerX`. */
  radius = 0;
  /**
   * What the detectors read: per vertex `x, y` and its edge's outward normal `nx, ny` (vertex `i`
   * at `4 * i`), the same numbers as `vertices` and `normals`, in one array a loop reaches
   * through one field (PERFORMANCE.md: 2D kernels).
   */
  readonly packed: Float64Array;
  /**
   * Scratch: `packed` expressed in another shape's frame during a query.
   * @internal
   */
  readonly frame: Float64Array;
  /**
   * `collinearNext[i]` is 1 when edge `i` and the next edge lie on one line (a vertex of the
   * owner inside a straight side: the piece of a T's bar has its bottom split where the stem
   * meets it). The clipping treats such a run of edges as one side.
   */
  readonly collinearNext: Uint8Array;
  /** Whether any `collinearNext` is set. */
  hasCollinearEdges = false;
  /**
   * `runFirst[i]` is the first edge of the run of edges in line with edge `i` (`i` itself when
   * alone): the separating-axis test measures every edge of a run from that edge's start vertex,
   * so the run's edges tie exactly and the lowest index wins, not rounding (FINDINGS.md F10).
   */
  readonly runFirst: Int32Array;

  /**
   * `vertices` counter-clockwise and convex (up to rounding: a vertex on a straight side may lie
   * a few ulps inside it); `count >= 2` (2: a segment with both normals).
   */
  constructor(count: number) {
    this.count = count;
    this.vertices = new Float64Array(2 * count);
    this.normals = new Float64Array(2 * count);
    this.outerEdge = new Int32Array(count);
    this.vertexIndex = new Int32Array(count);
    this.packed = new Float64Array(4 * count);
    this.frame = new Float64Array(4 * count);
    this.collinearNext = new Uint8Array(count);
    this.runFirst = Int32Array.from({ length: count }, (_, i) => i);
  }

  /** Fills `packed` from `vertices` and `normals` (after they are written). */
  pack(): void {
    for (let i = 0; i < this.count; i++) {
      this.packed[4 * i] = this.vertices[2 * i]!;
      this.packed[4 * i + 1] = this.vertices[2 * i + 1]!;
      this.packed[4 * i + 2] = this.normals[2 * i]!;
      this.packed[4 * i + 3] = this.normals[2 * i + 1]!;
    }
  }

  /**
   * Finds the sides made of several edges in line (`collinearNext`, from the corners of
   * `findCorners` in `corners.ts`) and gives the edges of each the side's normal
   * (`straightenNormals`). Call before `pack`.
   */
  findCollinearEdges(): void {
    const count = this.count, corner = findCorners(this.vertices, count);
    for (let i = 0; i < count; i++) {
      this.collinearNext[i] = corner[i + 1 === count ? 0 : i + 1] === 0 ? 1 : 0;
    }
    this.hasCollinearEdges = straightenNormals(this.vertices, count, corner, this.normals);
    // Each run starts after an edge whose collinearNext is 0 (none: every edge in one line).
    let start = 0;
    while (start < count && this.collinearNext[start] !== 0) start++;
    for (let k = 1, first = 0; k <= count; k++) {
      const i = (start + k) % count;
      if (k === 1 || this.collinearNext[(i + count - 1) % count] === 0) first = i;
      this.runFirst[i] = start === count ? i : first;
    }
  }

  /** Recomputes the bounding circle from the vertices. */
  updateBounds(): void {
    let sx = 0, sy = 0;
    for (let i = 0; i < this.count; i++) {
      sx += this.vertices[2 * i]!;
      sy += this.vertices[2 * i + 1]!;
    }
    this.centerX = sx / this.count;
    this.centerY = sy / this.count;
    let r2 = 0;
    for (let i = 0; i < this.count; i++) {
      const dx = this.vertices[2 * i]! - this.centerX,
        dy = this.vertices[2 * i + 1]! - this.centerY;
      if (dx * dx + dy * dy > r2) r2 = dx * dx + dy * dy;
    }
    this.radius = Math.sqrt(r2);
  }
}

/** Reads `[x, y]` pairs, dropping consecutive exact duplicates; returns flat coordinates and input indices. */
function readPoints(
  field: string,
  points: ArrayLike<ArrayLike<number>>,
  closed: boolean,
): { flat: number[]; input: number[]; } {
  if (points === null || typeof points !== 'object' || typeof points.length !== 'number') {
    throw new TypeError(`${field} must be an array of [x, y] points, got ${typeof points}`);
  }
  const flat: number[] = [];
  const input: number[] = [];
  for (let i = 0; i < points.length; i++) {
    readCoordinates(`${field}[${i}]`, points[i], 2, pointScratch);
    const x = pointScratch[0]!, y = pointScratch[1]!;
    const n = input.length;
    if (n > 0 && flat[2 * n - 2] === x && flat[2 * n - 1] === y) continue;
    flat.push(x, y);
    input.push(i);
  }
  if (
    closed && input.length > 1 && flat[0] === flat[flat.length - 2] &&
    flat[1] === flat[flat.length - 1]
  ) {
    flat.length -= 2;
    input.pop();
  }
  requireContourVertexCount(field, input.length);
  return { flat, input };
}

/**
 * Throws a RangeError naming `field` and `count` when a contour has more than
 * `MAX_CONTOUR_VERTICES` distinct vertices (its feature codes would not fit). Internal: the
 * contour constructors call it; tests call it directly, as a contour past the limit takes
 * gigabytes to build.
 */
export function requireContourVertexCount(field: string, count: number): void {
  if (count > MAX_CONTOUR_VERTICES) {
    throw new RangeError(
      `${field} may have at most ${MAX_CONTOUR_VERTICES} vertices, got ${count}`,
    );
  }
}

/** Left unit normals of the segments (`closed`: the last segment wraps to vertex 0). */
function segmentNormals(vertices: Float64Array, count: number, closed: boolean): Float64Array {
  const segments = closed ? count : count - 1;
  const normals = new Float64Array(2 * segments);
  for (let i = 0; i < segments; i++) {
    const j = i + 1 === count ? 0 : i + 1;
    const ex = vertices[2 * j]! - vertices[2 * i]!,
      ey = vertices[2 * j + 1]! - vertices[2 * i + 1]!;
    const length = Math.hypot(ex, ey);
    // Rotating the edge clockwise gives the outward normal of a counter-clockwise polygon.
    normals[2 * i] = ey / length;
    normals[2 * i + 1] = (0 - ex) / length;
  }
  return normals;
}

/**
 * Throws a RangeError naming a pair of edges of a closed outline that touch or cross (edges that
 * share a vertex only when they fold back onto each other), found by a sweep in O(n log n)
 * (`simple-outline.ts`). `input` maps stored vertex indices to the caller's indices for the
 * message.
 */
function checkSimple(
  field: string,
  vertices: Float64Array,
  count: number,
  input: Int32Array,
): void {
  const name = (i: number): string =>
    `edge ${i} (vertex ${input[i]} to vertex ${input[(i + 1) % count]})`;
  const fold = foldingEdge(vertices, count);
  if (fold >= 0) {
    const j = (fold + 1) % count;
    throw new RangeError(
      `${field}: self-intersecting outline: ${name(fold)} folds back onto ${name(j)} at vertex ${
        input[j]
      }`,
    );
  }
  const pair = touchingEdges(vertices, count);
  if (pair !== null) {
    throw new RangeError(
      `${field}: self-intersecting outline: ${name(pair[0])} crosses ${name(pair[1])}`,
    );
  }
}

/**
 * The box (`minX, minY, maxX, maxY`) of `count` local points under the pose `xf`, into `out`: a
 * shape's world box, or under the identity pose its box in its own frame (`collidePolygonChain`).
 */
export function transformedBounds(
  out: Float64Array,
  xf: Transform2,
  vertices: Float64Array,
  count: number,
): void {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  const c = xf.cos, s = xf.sin;
  for (let i = 0; i < count; i++) {
    const lx = vertices[2 * i]!, ly = vertices[2 * i + 1]!;
    const x = c * lx - s * ly + xf.x, y = s * lx + c * ly + xf.y;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  out[0] = minX;
  out[1] = minY;
  out[2] = maxX;
  out[3] = maxY;
}

function largestDistance(vertices: Float64Array, count: number): number {
  let r2 = 0;
  for (let i = 0; i < count; i++) {
    const d2 = vertices[2 * i]! ** 2 + vertices[2 * i + 1]! ** 2;
    if (d2 > r2) r2 = d2;
  }
  return Math.sqrt(r2);
}

/**
 * A closed polygon, convex or concave, given by its points `[x, y]` in its own frame in either
 * winding. Stored counter-clockwise: `vertices` (flat), `normals` (outward unit normal of edge
 * `i`, from vertex `i` to `i + 1`), `convexVertex` (1 where the outline turns left or goes
 * straight). Consecutive repeated points (and a last point equal to the first) are dropped.
 *
 * Rejected with a RangeError naming the problem and the caller's vertex index: fewer than 3
 * distinct vertices, non-finite coordinates or ones outside `MAX_COORDINATE`, an extent below
 * `MIN_SIZE` (1e-150, the smallest supported size: below it the area underflows), zero area, a
 * self-intersecting outline.
 */
export class Polygon<B = unknown> extends Shape2<B> {
  /** `ShapeType2.Polygon` (`ShapeType2.Aabb` for an Aabb). */
  readonly shapeType: ShapeType2 = ShapeType2.Polygon;
  /** Number of stored vertices. */
  readonly count: number;
  /** The vertices, `x, y` each, counter-clockwise, in the polygon's own frame. */
  readonly vertices: Float64Array;
  /**
   * Outward unit normal of edge `i` (from vertex `i` to `i + 1`), `x, y` each; the edges of a
   * straight side with vertices on it share the side's normal (of the chord between its corners).
   */
  readonly normals: Float64Array;
  /**
   * 1 where the outline turns left or goes straight at vertex `i`, 0 at a reflex vertex. A vertex
   * within rounding of the line of its side (`corners.ts`: a point put on an edge, rounded a few
   * ulps in or out) goes straight, whichever way rounding turned it.
   */
  readonly convexVertex: Uint8Array;
  /** Whether every vertex is convex: the detectors then treat the polygon as one piece. */
  readonly isConvex: boolean;
  /**
   * Convex, at most `FAST_PATH_MAX_VERTICES` vertices and no vertex inside a straight side: the
   * polygon pair detector's fast path takes two such polygons (in `collidePolygonPolygon`,
   * polygon-polygon.ts).
   */
  readonly simpleConvex: boolean;
  /**
   * For convex polygons (else empty), what the fast paths read, in one array so that a call
   * touches few cache lines: the world pose (cos, sin, x, y; kept in step by `setPose`), the
   * bounding radius, the bounding circle of the polygon's piece (centre x, y, radius), then per
   * vertex `x, y` and its edge's outward normal `nx, ny` (at `PACKED_VERTICES + 4 * i`). A view
   * of a slab shared with the polygons made just before and after (`slabFloat64Array`).
   */
  readonly packed: Float64Array;
  /** Whether the input ran clockwise (negative signed area); the stored order is then reversed. */
  readonly inputWasClockwise: boolean;
  /** For each stored vertex, the index of the caller's point it came from. */
  readonly inputIndex: Int32Array;
  /**
   * The rounding radius (`options.radius`, 0 unless given): the shape is every point within
   * `radius` of the outline's core polygon (Box2D v3's polygon radius, `b2MakeRoundedBox`).
   * `vertices`, `normals` and the pieces describe the core; `boundingRadius` and `aabb` include
   * the radius.
   */
  readonly radius: number;
  /** Radius of a circle about the local origin holding the polygon (the radius included). */
  readonly boundingRadius: number;
  /**
   * Segment index for contours longer than `GRID_MIN_ITEMS`, else null (the detectors scan).
   * @internal
   */
  readonly grid: BoxGrid | null;
  private pieces: readonly ConvexPiece[] = [];
  private piecesGrid: BoxGrid | null = null;

  constructor(points: ArrayLike<ArrayLike<number>>, options?: PolygonOptions) {
    super();
    const field = `${this.constructor.name}.points`;
    const radius = readPolygonRadius(this.constructor.name, options);
    const { flat, input } = readPoints(field, points, true);
    const count = input.length;
    if (count < 3) {
      throw new RangeError(`${field} must have at least 3 distinct vertices, got ${count}`);
    }
    // Too small for its area and cross products to be represented (they underflow): refused for
    // its size, not as "zero area".
    let size = 0;
    for (let i = 0; i < 2 * count; i++) size = Math.max(size, Math.abs(flat[i]! - flat[i % 2]!));
    if (size < MIN_SIZE) {
      throw new RangeError(
        `${field}: size ${size} is below the smallest supported size: an extent from ${MIN_SIZE} ` +
          `(MIN_SIZE) to ${MAX_COORDINATE} (MAX_COORDINATE) is supported`,
      );
    }
    // All points on one line, up to rounding: no area (checked first, as such an outline also
    // folds back on itself).
    const inputOrder = Float64Array.from(flat);
    if (!hasArea(inputOrder, count)) {
      throw new RangeError(
        `${field}: zero area (vertices ${input[0]} to ${input[count - 1]} are collinear)`,
      );
    }
    const grid = count > GRID_MIN_ITEMS ? BoxGrid.ofSegments(inputOrder, count, true) : null;
    checkSimple(field, inputOrder, count, Int32Array.from(input));
    // The shoelace sum about the first vertex, not the origin: about the origin, an outline
    // 1e-3 across near 1e5 sums products of 1e10 to an area of 1e-6, and its sign (the winding)
    // is round-off.
    let twiceArea = 0;
    const x0 = flat[0]!, y0 = flat[1]!;
    for (let i = 1; i + 1 < count; i++) {
      twiceArea += (flat[2 * i]! - x0) * (flat[2 * i + 3]! - y0) -
        (flat[2 * i + 2]! - x0) * (flat[2 * i + 1]! - y0);
    }
    this.inputWasClockwise = twiceArea < 0;
    this.count = count;
    this.vertices = new Float64Array(2 * count);
    this.inputIndex = new Int32Array(count);
    for (let i = 0; i < count; i++) {
      const from = this.inputWasClockwise ? count - 1 - i : i;
      this.vertices[2 * i] = flat[2 * from]!;
      this.vertices[2 * i + 1] = flat[2 * from + 1]!;
      this.inputIndex[i] = input[from]!;
    }
    this.grid = grid && this.inputWasClockwise
      ? BoxGrid.ofSegments(this.vertices, count, true)
      : grid;
    this.normals = segmentNormals(this.vertices, count, true);
    // Convexity by corners (`corners.ts`): a vertex within rounding of its side's line is no
    // corner, and counts as convex whichever way rounding turned it; a corner turns as the sides
    // beside it do (from the corner before it to the one after), exactly.
    const corner = findCorners(this.vertices, count);
    straightenNormals(this.vertices, count, corner, this.normals);
    this.convexVertex = new Uint8Array(count);
    let convex = true;
    for (let i = 0; i < count; i++) {
      let turn = 1;
      if (corner[i] === 1) {
        let p = i === 0 ? count - 1 : i - 1, n = i + 1 === count ? 0 : i + 1;
        while (corner[p] === 0) p = p === 0 ? count - 1 : p - 1;
        while (corner[n] === 0) n = n + 1 === count ? 0 : n + 1;
        turn = turnSign(this.vertices, p, i, n, false);
      }
      this.convexVertex[i] = turn >= 0 ? 1 : 0;
      if (turn < 0) convex = false;
    }
    this.isConvex = convex;
    this.radius = radius;
    // Added only when rounded, so that a radius of 0 is today's polygon bit for bit.
    const coreRadius = largestDistance(this.vertices, count);
    this.boundingRadius = radius > 0 ? coreRadius + radius : coreRadius;
    this.buildPieces(corner);
    const piece = this.pieces[0]!;
    this.simpleConvex = convex && count <= FAST_PATH_MAX_VERTICES && !piece.hasCollinearEdges;
    this.packed = convex ? slabFloat64Array(PACKED_VERTICES + 4 * count) : new Float64Array(0);
    if (convex) {
      this.packed.set([
        1,
        0,
        0,
        0,
        this.boundingRadius,
        piece.centerX,
        piece.centerY,
        piece.radius,
      ]);
      for (let i = 0; i < count; i++) {
        this.packed.set([
          this.vertices[2 * i]!,
          this.vertices[2 * i + 1]!,
          this.normals[2 * i]!,
          this.normals[2 * i + 1]!,
        ], PACKED_VERTICES + 4 * i);
      }
    }
    this.updateAabb();
  }

  /**
   * The convex pieces the polygon detectors work on, made at construction: the polygon itself
   * when convex, else the Hertel-Mehlhorn decomposition (a monotone-sweep triangulation, then
   * merging triangles across diagonals while convex; O(n log n), about 20 microseconds a vertex).
   */
  convexPieces(): readonly ConvexPiece[] {
    return this.pieces;
  }

  /**
   * A grid over the pieces' bounding circles (local frame) when there are more than
   * `GRID_MIN_ITEMS` pieces, else null.
   * @internal
   */
  pieceGrid(): BoxGrid | null {
    return this.piecesGrid;
  }

  private buildPieces(corner: Uint8Array): void {
    let loops: number[][];
    if (this.isConvex) {
      const all: number[] = [];
      for (let i = 0; i < this.count; i++) all.push(i);
      loops = [all];
    } else {
      // Taken as is: spreading hundreds of thousands of loops into push() overflows the stack.
      loops = decomposeConvex(this.vertices, this.count, corner);
    }
    const pieces = loops.map((loop) => this.makePiece(loop));
    if (pieces.length > GRID_MIN_ITEMS) {
      const boxes = new Float64Array(4 * pieces.length);
      pieces.forEach((piece, i) => {
        boxes.set([
          piece.centerX - piece.radius,
          piece.centerY - piece.radius,
          piece.centerX + piece.radius,
          piece.centerY + piece.radius,
        ], 4 * i);
      });
      this.piecesGrid = new BoxGrid(boxes);
    }
    this.pieces = pieces;
  }

  private makePiece(loop: number[]): ConvexPiece {
    const n = loop.length;
    const piece = new ConvexPiece(n);
    let outer = false;
    for (let k = 0; k < n; k++) {
      const a = loop[k]!, b = loop[(k + 1) % n]!;
      piece.vertices[2 * k] = this.vertices[2 * a]!;
      piece.vertices[2 * k + 1] = this.vertices[2 * a + 1]!;
      piece.vertexIndex[k] = a;
      const isOuter = b === (a + 1) % this.count;
      piece.outerEdge[k] = isOuter ? a : -1;
      if (isOuter) outer = true;
      else piece.hasInternalEdge = true;
    }
    const normals = segmentNormals(piece.vertices, n, true);
    piece.normals.set(normals);
    piece.findCollinearEdges();
    piece.pack();
    piece.updateBounds();
    piece.hasOuterEdge = outer;
    return piece;
  }

  protected updateAabb(): void {
    transformedBounds(this.aabb, this.transform, this.vertices, this.count);
    // `radius` is unset while the constructor's first call runs (the core box is then redone).
    const radius = this.radius as number | undefined;
    if (radius !== undefined && radius > 0) {
      const box = this.aabb;
      box[0] = box[0]! - radius;
      box[1] = box[1]! - radius;
      box[2] = box[2]! + radius;
      box[3] = box[3]! + radius;
    }
    // Called by setPose (and once by the constructor, before packed exists).
    const packed = this.packed as Float64Array | undefined;
    if (packed !== undefined && packed.length > 0) {
      const xf = this.transform;
      packed[0] = xf.cos;
      packed[1] = xf.sin;
      packed[2] = xf.x;
      packed[3] = xf.y;
    }
  }
}

/** Options of `new Polygon(points, options)`. */
export interface PolygonOptions {
  /**
   * Rounding radius: the polygon is inflated by it (every point within `radius` of the outline
   * given by `points`, its core). Finite, at least 0, at most `MAX_COORDINATE`; 0 (the default)
   * is the plain polygon.
   */
  radius?: number;
}

/** `options.radius` of a polygon constructor, validated (0 when absent). */
function readPolygonRadius(name: string, options: PolygonOptions | undefined): number {
  if (options === undefined) return 0;
  if (options === null || typeof options !== 'object') {
    throw new TypeError(`${name} options must be an object, got ${String(options)}`);
  }
  const radius = options.radius;
  if (radius === undefined) return 0;
  const field = `${name}.radius`;
  // -0 is stored as 0.
  return requireCoordinate(field, requireNonNegative(field, radius)) + 0;
}

/**
 * An axis-aligned box from `min` to `max` (each `[x, y]`, finite, `min < max` on both axes) in
 * its own frame: a four-vertex Polygon, so every polygon detector takes it. It stays axis
 * aligned: `setPose` accepts only angle 0 (use a Polygon for a turned box).
 */
export class Aabb<B = unknown> extends Polygon<B> {
  /** `ShapeType2.Aabb`. */
  override readonly shapeType: ShapeType2 = ShapeType2.Aabb;
  /** The lower corner `[x, y]` in the box's own frame. */
  readonly min: Float64Array;
  /** The upper corner `[x, y]` in the box's own frame. */
  readonly max: Float64Array;

  /** Throws a RangeError unless `min` and `max` are finite `[x, y]` with `min < max` on both axes. */
  constructor(min: ArrayLike<number>, max: ArrayLike<number>) {
    const lower = readCoordinates('Aabb.min', min, 2, new Float64Array(2));
    const upper = readCoordinates('Aabb.max', max, 2, new Float64Array(2));
    for (let i = 0; i < 2; i++) {
      if (!(lower[i]! < upper[i]!)) {
        throw new RangeError(
          `Aabb.min[${i}] must be less than Aabb.max[${i}], got ${lower[i]} and ${upper[i]}`,
        );
      }
    }
    super([[lower[0]!, lower[1]!], [upper[0]!, lower[1]!], [upper[0]!, upper[1]!], [
      lower[0]!,
      upper[1]!,
    ]]);
    this.min = lower;
    this.max = upper;
  }

  protected override readonly turnable: boolean = false;
}

/**
 * An open contour through `points` (`[x, y]`, at least 2 distinct, finite), a contour
 * with a start and an end point. Segment `i` runs from vertex `i` to `i + 1`; `normals[i]` is
 * its left unit normal. Contacts come from either side (a chain has no inside); its two ends are
 * round (a circle touching past an end touches the end point). Consecutive repeated points are
 * dropped; a chain may cross itself (it bounds nothing).
 */
export class Chain<B = unknown> extends Shape2<B> {
  /** `ShapeType2.Chain` (`ShapeType2.Segment` for a Segment). */
  readonly shapeType: ShapeType2 = ShapeType2.Chain;
  /** Number of vertices; `count - 1` segments. */
  readonly count: number;
  /** Number of segments, `count - 1`. */
  readonly segmentCount: number;
  /** The vertices, `x, y` each, in input order, in the chain's own frame. */
  readonly vertices: Float64Array;
  /** Left unit normal of segment `i` (from vertex `i` to `i + 1`), `x, y` each. */
  readonly normals: Float64Array;
  /** For each stored vertex, the index of the caller's point it came from. */
  readonly inputIndex: Int32Array;
  /** Radius of a circle about the local origin holding the chain. */
  readonly boundingRadius: number;
  /**
   * Segment index for chains longer than `GRID_MIN_ITEMS` segments, else null (the detectors scan).
   * @internal
   */
  readonly grid: BoxGrid | null;
  /**
   * Per segment, built once for the detectors that load segments as pieces (`loadSegmentPiece`):
   * the centre `x, y` and radius of its bounding circle, the numbers `ConvexPiece.updateBounds`
   * finds for it (its midpoint and half its length), and the round-off in the angle of its
   * direction (`segmentAngleRounding`), which the cone rule reads at every vertex it tests.
   * @internal
   */
  readonly segmentBounds: Float64Array;
  /** See `segmentBounds`. @internal */
  readonly segmentRounding: Float64Array;

  constructor(points: ArrayLike<ArrayLike<number>>) {
    super();
    const field = `${this.constructor.name}.points`;
    const { flat, input } = readPoints(field, points, false);
    if (input.length < 2) {
      throw new RangeError(`${field} must have at least 2 distinct points, got ${input.length}`);
    }
    this.count = input.length;
    this.segmentCount = this.count - 1;
    this.vertices = Float64Array.from(flat);
    this.inputIndex = Int32Array.from(input);
    this.normals = segmentNormals(this.vertices, this.count, false);
    for (let i = 0; i < this.segmentCount; i++) {
      // The left normal is the outward normal of a counter-clockwise outline, reversed.
      this.normals[2 * i] = 0 - this.normals[2 * i]!;
      this.normals[2 * i + 1] = 0 - this.normals[2 * i + 1]!;
    }
    this.grid = this.segmentCount > GRID_MIN_ITEMS
      ? BoxGrid.ofSegments(this.vertices, this.count, false)
      : null;
    this.boundingRadius = largestDistance(this.vertices, this.count);
    this.segmentBounds = new Float64Array(3 * this.segmentCount);
    this.segmentRounding = new Float64Array(this.segmentCount);
    const v = this.vertices;
    for (let i = 0; i < this.segmentCount; i++) {
      const ax = v[2 * i]!, ay = v[2 * i + 1]!, bx = v[2 * i + 2]!, by = v[2 * i + 3]!;
      // As `ConvexPiece.updateBounds` on the two vertices: the mean, then the larger distance.
      const cx = (ax + bx) / 2, cy = (ay + by) / 2;
      const a2 = (ax - cx) * (ax - cx) + (ay - cy) * (ay - cy);
      const b2 = (bx - cx) * (bx - cx) + (by - cy) * (by - cy);
      this.segmentBounds[3 * i] = cx;
      this.segmentBounds[3 * i + 1] = cy;
      this.segmentBounds[3 * i + 2] = Math.sqrt(b2 > a2 ? b2 : a2);
      this.segmentRounding[i] = segmentAngleRounding(ax, ay, bx, by);
    }
    this.updateAabb();
  }

  protected updateAabb(): void {
    transformedBounds(this.aabb, this.transform, this.vertices, this.count);
  }
}

/**
 * The round-off in the angle of the direction of the segment from (ax, ay) to (bx, by): each
 * stored coordinate is off by up to half an ulp of the largest, so the direction is off by up to
 * about 2^-52 times the largest coordinate over the length (radians).
 */
function segmentAngleRounding(ax: number, ay: number, bx: number, by: number): number {
  const ex = bx - ax, ey = by - ay;
  const largest = Math.max(Math.abs(ax), Math.abs(ay), Math.abs(bx), Math.abs(by));
  return (2 * Number.EPSILON * largest) / Math.sqrt(ex * ex + ey * ey);
}

/** The segment from `a` to `b` (each `[x, y]`, finite, distinct): a two-point Chain. */
export class Segment<B = unknown> extends Chain<B> {
  /** `ShapeType2.Segment`. */
  override readonly shapeType: ShapeType2 = ShapeType2.Segment;

  constructor(a: ArrayLike<number>, b: ArrayLike<number>) {
    super([a, b]);
  }
}

/** Any shape `collide2d` dispatches, with bodies of type `B`. */
export type AnyShape2<B = unknown> = Circle<B> | Polygon<B> | Chain<B> | Capsule2<B>;
