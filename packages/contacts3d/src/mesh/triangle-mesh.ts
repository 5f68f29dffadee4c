/**
 * `TriangleMesh`: static level geometry from a modelling tool, triangles given as vertex and
 * index lists. Built once: validation, welding of equal positions, degenerate triangles dropped
 * (counted), edge adjacency with each edge flagged (`EdgeFlag`), each vertex's ring of
 * neighbours (for its normal cone), and a bounding-volume hierarchy (bvh.ts: median split).
 * The rule against ghost contacts that these flags serve is in mesh-contacts.ts.
 */
import { MAX_COORDINATE, requireObject } from '@contactkit/math';
import { Primitive, ShapeType } from '../shapes/primitives.js';
import { Bvh } from './bvh.js';
import {
  classifyEdge,
  localBox,
  placePoint,
  rotate,
  vectorLength,
  writeSlack,
  writeTriangleFrame,
  writeWorldBox,
} from './triangle-frame.js';
import {
  EdgeFlag,
  FLAT_EDGE_COSINE,
  MAX_MESH_TRIANGLES,
  DIRECTION_SLACK,
  type Direction,
  type MeshTriangle,
  type TriangleSource,
} from './mesh-triangle.js';

/** Options of a `TriangleMesh`. */
export interface TriangleMeshOptions {
  /** Whether both sides of every triangle collide (default false: the front only, as DESIGN.md pins). */
  twoSided?: boolean;
}

/**
 * A triangle is degenerate (dropped) when twice its area is at most this fraction of its longest
 * edge squared: zero area up to round-off (the sine of its largest angle below 1e-10). A kept
 * sliver's normal is then good to about 1e-6 rad.
 */
export const DEGENERATE_AREA_RATIO = 1e-10;

/**
 * Two edges that run against each other within this fraction of the longer one's length,
 * sideways and along, meet across a crack rather than a gap (see `closeFlatCracks`): a millionth,
 * far above the round-off of exported coordinates, far below any opening a modeller means.
 */
const CRACK_WIDTH = 1e-6;

/**
 * Added to `CRACK_WIDTH`'s share, this fraction of the mesh's size (the diagonal of its box): the
 * copies of a vertex computed per triangle differ by the round-off of the whole mesh's
 * coordinates, not of one edge's length, so a short edge of a large mesh needs more than its own
 * millionth (a hundred-millionth of the mesh: still far below any opening a modeller means).
 */
const CRACK_MESH_WIDTH = 1e-8;

/**
 * A static triangle mesh: `vertices` a flat list of `x, y, z` triples, `indices` a flat list of
 * vertex index triples, each triangle counter-clockwise seen from its front. Triangles are
 * one-sided (only their front collides) unless `options.twoSided`. Vertices at exactly the same
 * position are joined (an exported mesh that repeats its vertices per triangle still gets its
 * adjacency). Triangles of zero area (see `DEGENERATE_AREA_RATIO`) are dropped and counted in
 * `degenerateTriangleCount`; feature ids and ray hits name triangles by the caller's index.
 * Throws a RangeError naming the argument for: a list whose length is not a multiple of 3, a
 * vertex coordinate that is not finite or beyond `MAX_COORDINATE`, an index that is not an
 * integer naming a vertex, more than `MAX_MESH_TRIANGLES` triangles, or no triangle of non-zero
 * area; a TypeError for arguments that are not lists of numbers.
 */
export class TriangleMesh<B = unknown> extends Primitive<B> implements TriangleSource {
  /** `ShapeType.TriangleMesh`. */
  readonly shapeType = ShapeType.TriangleMesh;
  /** Whether both sides of each triangle collide. */
  readonly twoSided: boolean;
  /** Always false: a mesh has no inside (its triangles are surfaces, one- or two-sided). */
  readonly solidBelow = false;
  /** Triangles given (`indices.length / 3`). */
  readonly inputTriangleCount: number;
  /** Triangles kept: the given ones less the degenerate. */
  readonly triangleCount: number;
  /** Triangles dropped for zero area (see `DEGENERATE_AREA_RATIO`), repeated vertices included. */
  readonly degenerateTriangleCount: number;
  /** Caller's indices of the dropped triangles, ascending. */
  readonly degenerateTriangles: Int32Array;
  /** Positions after joining equal ones, `x, y, z` per vertex, in the mesh's frame. */
  readonly positions: Float64Array;
  /** The three joined vertex numbers of each kept triangle (its slot). */
  readonly triangleVertices: Int32Array;
  /** The caller's index of each kept triangle. */
  readonly triangleIndex: Int32Array;
  /** Unit front normal of each kept triangle, in the mesh's frame. */
  readonly triangleNormals: Float64Array;
  /** `EdgeFlag` of edge k of slot t at `3t + k`. */
  readonly edgeFlags: Uint8Array;
  /** The edge number of edge k of slot t at `3t + k` (the same from both triangles at it). */
  readonly edgeIds: Int32Array;
  /** The neighbour slot across edge k of slot t at `3t + k`, or -1 at a boundary. */
  readonly edgeNeighbours: Int32Array;
  /** The bounding-volume hierarchy over the kept triangles' boxes (mesh frame). */
  readonly bvh: Bvh;

  private readonly inward: Float64Array;
  private readonly neighbourInward: Float64Array;
  /** `MeshTriangle.crackReach` of edge k of slot t at `3t + k`, in the mesh's frame (a length). */
  private readonly crackReach: Float64Array;
  private readonly vertexFlat: Uint8Array;
  private readonly ringStart: Int32Array;
  private readonly ring: Int32Array;
  private readonly stack: Int32Array;
  private stackSize = 0;
  private leafNext = 0;
  private leafEnd = 0;
  private readonly query = new Float64Array(6);

  constructor(
    vertices: ArrayLike<number>,
    indices: ArrayLike<number>,
    options: TriangleMeshOptions = {},
  ) {
    super();
    requireObject('TriangleMesh options', options);
    if (options.twoSided !== undefined && typeof options.twoSided !== 'boolean') {
      throw new TypeError(
        `TriangleMesh options.twoSided must be a boolean, got ${String(options.twoSided)}`,
      );
    }
    this.twoSided = options.twoSided ?? false;
    const points = readVertices(vertices);
    const vertexCount = points.length / 3;
    const triangles = readIndices(indices, vertexCount);
    const inputCount = triangles.length / 3;
    this.inputTriangleCount = inputCount;

    const joined = new Int32Array(vertexCount);
    this.positions = joinEqualPositions(points, joined);
    const p = this.positions;

    // Keep the triangles of non-zero area.
    const kept: number[] = [];
    const dropped: number[] = [];
    for (let t = 0; t < inputCount; t++) {
      const a = joined[triangles[3 * t]!]!,
        b = joined[triangles[3 * t + 1]!]!,
        c = joined[triangles[3 * t + 2]!]!;
      if (a === b || b === c || c === a || isSliverOfZeroArea(p, a, b, c)) dropped.push(t);
      else kept.push(t, a, b, c);
    }
    const count = kept.length / 4;
    if (count === 0) {
      throw new RangeError(
        `TriangleMesh needs at least one triangle of non-zero area, got ${inputCount} triangles, ` +
          `${dropped.length} of them degenerate`,
      );
    }
    this.triangleCount = count;
    this.degenerateTriangleCount = dropped.length;
    this.degenerateTriangles = Int32Array.from(dropped);
    this.triangleIndex = new Int32Array(count);
    this.triangleVertices = new Int32Array(3 * count);
    this.triangleNormals = new Float64Array(3 * count);
    this.inward = new Float64Array(9 * count);
    const bounds = new Float64Array(6 * count);
    for (let t = 0; t < count; t++) {
      this.triangleIndex[t] = kept[4 * t]!;
      for (let k = 0; k < 3; k++) this.triangleVertices[3 * t + k] = kept[4 * t + 1 + k]!;
      this.writeTriangleGeometry(t, bounds);
    }

    // The hierarchy comes first: the crack sweep asks it for the surface around each needle.
    this.bvh = new Bvh(bounds, count);
    const adjacency = buildAdjacency(
      this.triangleVertices,
      this.triangleNormals,
      this.inward,
      p,
      count,
      this.bvh,
    );
    this.edgeIds = adjacency.edgeIds;
    this.edgeNeighbours = adjacency.neighbours;
    this.edgeFlags = adjacency.flags;
    this.neighbourInward = new Float64Array(9 * count);
    for (let t = 0; t < count; t++) {
      for (let k = 0; k < 3; k++) {
        const u = this.edgeNeighbours[3 * t + k]!;
        if (u < 0) continue;
        const m = adjacency.neighbourEdge[3 * t + k]!;
        for (let i = 0; i < 3; i++) {
          this.neighbourInward[9 * t + 3 * k + i] = this.inward[9 * u + 3 * m + i]!;
        }
      }
    }
    this.ringStart = adjacency.ringStart;
    this.ring = adjacency.ring;
    this.vertexFlat = adjacency.vertexFlat;
    this.crackReach = adjacency.crackReach;
    this.stack = new Int32Array(this.bvh.depth + 2);
    this.writeAabb();
  }

  /** Normal, inward edge directions and box of slot t, in the mesh's frame. */
  private writeTriangleGeometry(t: number, bounds: Float64Array): void {
    const p = this.positions, tv = this.triangleVertices;
    const a = 3 * tv[3 * t]!, b = 3 * tv[3 * t + 1]!, c = 3 * tv[3 * t + 2]!;
    writeTriangleFrame(p, a, b, c, this.triangleNormals, 3 * t, this.inward, 9 * t);
    for (let i = 0; i < 3; i++) {
      bounds[6 * t + i] = Math.min(p[a + i]!, p[b + i]!, p[c + i]!);
      bounds[6 * t + 3 + i] = Math.max(p[a + i]!, p[b + i]!, p[c + i]!);
    }
  }

  /** The world box of the hierarchy's root box (Ericson 4.2.6: extent along i is sum_j |R_ij| h_j). */
  protected writeAabb(): void {
    // The constructor of Primitive runs before the hierarchy exists.
    if (this.bvh === undefined) return;
    writeWorldBox(this.transform, this.bvh.bounds, this.aabb);
  }

  beginQuery(box: Float64Array): void {
    localBox(this.transform, box, this.query);
    this.stack[0] = 0;
    this.stackSize = 1;
    this.leafNext = 0;
    this.leafEnd = 0;
  }

  nextTriangle(): number {
    const bvh = this.bvh, q = this.query, bounds = bvh.bounds;
    for (;;) {
      if (this.leafNext < this.leafEnd) return bvh.order[this.leafNext++]!;
      if (this.stackSize === 0) return -1;
      const node = this.stack[--this.stackSize]!;
      const o = 6 * node;
      if (
        bounds[o]! > q[3]! || bounds[o + 3]! < q[0]! || bounds[o + 1]! > q[4]! ||
        bounds[o + 4]! < q[1]! || bounds[o + 2]! > q[5]! || bounds[o + 5]! < q[2]!
      ) continue;
      const child = bvh.child[node]!, leafCount = bvh.count[node]!;
      if (leafCount > 0) {
        this.leafNext = child;
        this.leafEnd = child + leafCount;
      } else {
        this.stack[this.stackSize++] = child + 1;
        this.stack[this.stackSize++] = child;
      }
    }
  }

  loadTriangle(slot: number, out: MeshTriangle): void {
    this.loadFace(slot, out);
    this.loadNeighbourhood(out);
  }

  loadFace(slot: number, out: MeshTriangle): void {
    const m = this.transform, p = this.positions, tv = this.triangleVertices;
    out.index = this.triangleIndex[slot]!;
    out.slot = slot;
    for (let k = 0; k < 3; k++) {
      const id = tv[3 * slot + k]!;
      placePoint(m, p, 3 * id, out.vertices, 3 * k);
      out.vertexKeys[k] = id;
      out.edgeKeys[k] = this.edgeIds[3 * slot + k]!;
      out.crackReach[k] = this.crackReach[3 * slot + k]!;
      rotate(m, this.inward, 9 * slot + 3 * k, out.inward, 3 * k);
    }
    rotate(m, this.triangleNormals, 3 * slot, out.normal, 0);
    writeSlack(out);
  }

  loadNeighbourhood(out: MeshTriangle): void {
    const m = this.transform, slot = out.slot;
    for (let k = 0; k < 3; k++) {
      const edge = 3 * slot + k;
      out.edgeFlags[k] = this.edgeFlags[edge]!;
      const neighbour = this.edgeNeighbours[edge]!;
      if (neighbour < 0) {
        out.neighbourNormal.fill(0, 3 * k, 3 * k + 3);
        out.neighbourInward.fill(0, 3 * k, 3 * k + 3);
      } else {
        rotate(m, this.triangleNormals, 3 * neighbour, out.neighbourNormal, 3 * k);
        rotate(m, this.neighbourInward, 9 * slot + 3 * k, out.neighbourInward, 3 * k);
      }
    }
  }

  vertexIsFlat(key: number): boolean {
    return this.vertexFlat[key] === 1;
  }

  /** Always false: a mesh has no inside. */
  inSolid(_p: Float64Array): boolean {
    return false;
  }

  vertexAccepts(key: number, d: Direction): boolean {
    const dx = d.x, dy = d.y, dz = d.z, slack = DIRECTION_SLACK;
    if (this.vertexFlat[key] === 1) return false;
    const m = this.transform, p = this.positions;
    // The direction in the mesh's frame: R^T d.
    const lx = m[0]! * dx + m[1]! * dy + m[2]! * dz;
    const ly = m[4]! * dx + m[5]! * dy + m[6]! * dz;
    const lz = m[8]! * dx + m[9]! * dy + m[10]! * dz;
    const length = vectorLength(lx, ly, lz);
    const vx = p[3 * key]!, vy = p[3 * key + 1]!, vz = p[3 * key + 2]!;
    for (let i = this.ringStart[key]!; i < this.ringStart[key + 1]!; i++) {
      const w = 3 * this.ring[i]!;
      const ex = p[w]! - vx, ey = p[w + 1]! - vy, ez = p[w + 2]! - vz;
      if (ex * lx + ey * ly + ez * lz > slack * length * vectorLength(ex, ey, ez)) return false;
    }
    return true;
  }
}

/** Twice the area of triangle a b c (vertex numbers into `p`): the length of the edges' cross product. */
function doubledAreaOf(p: Float64Array, a: number, b: number, c: number): number {
  const e1x = p[3 * b]! - p[3 * a]!,
    e1y = p[3 * b + 1]! - p[3 * a + 1]!,
    e1z = p[3 * b + 2]! - p[3 * a + 2]!;
  const e2x = p[3 * c]! - p[3 * a]!,
    e2y = p[3 * c + 1]! - p[3 * a + 1]!,
    e2z = p[3 * c + 2]! - p[3 * a + 2]!;
  return vectorLength(e1y * e2z - e1z * e2y, e1z * e2x - e1x * e2z, e1x * e2y - e1y * e2x);
}

/** Whether triangle a b c (joined vertex numbers) has zero area up to `DEGENERATE_AREA_RATIO`. */
function isSliverOfZeroArea(p: Float64Array, a: number, b: number, c: number): boolean {
  const longest = longestSideOf(p, a, b, c);
  return !(doubledAreaOf(p, a, b, c) > DEGENERATE_AREA_RATIO * longest * longest);
}

function readVertices(vertices: ArrayLike<number>): Float64Array {
  if (vertices === null || typeof vertices !== 'object' || typeof vertices.length !== 'number') {
    throw new TypeError(
      `TriangleMesh vertices must be a list of x, y, z numbers, got ${String(vertices)}`,
    );
  }
  if (vertices.length % 3 !== 0) {
    throw new RangeError(
      `TriangleMesh vertices must hold x, y, z triples: its length must be a multiple of 3, got ${vertices.length}`,
    );
  }
  const out = new Float64Array(vertices.length);
  for (let i = 0; i < vertices.length; i++) {
    const value = vertices[i];
    if (typeof value !== 'number') {
      throw new TypeError(`TriangleMesh vertices[${i}] must be a number, got ${String(value)}`);
    }
    if (!Number.isFinite(value) || Math.abs(value) > MAX_COORDINATE) {
      throw new RangeError(
        `TriangleMesh vertices[${i}] (vertex ${
          Math.floor(i / 3)
        }) must be finite and within MAX_COORDINATE (${MAX_COORDINATE}), got ${value}`,
      );
    }
    out[i] = value;
  }
  return out;
}

function readIndices(indices: ArrayLike<number>, vertexCount: number): Int32Array {
  if (indices === null || typeof indices !== 'object' || typeof indices.length !== 'number') {
    throw new TypeError(
      `TriangleMesh indices must be a list of vertex index triples, got ${String(indices)}`,
    );
  }
  if (indices.length % 3 !== 0) {
    throw new RangeError(
      'TriangleMesh indices must hold triples, one per triangle: its length must be a multiple ' +
        `of 3, got ${indices.length}`,
    );
  }
  if (indices.length / 3 > MAX_MESH_TRIANGLES) {
    throw new RangeError(
      `TriangleMesh indices name ${
        indices.length / 3
      } triangles, more than the ${MAX_MESH_TRIANGLES} (MAX_MESH_TRIANGLES) feature ids can name`,
    );
  }
  const out = new Int32Array(indices.length);
  for (let i = 0; i < indices.length; i++) {
    const value = indices[i];
    if (typeof value !== 'number') {
      throw new TypeError(`TriangleMesh indices[${i}] must be a number, got ${String(value)}`);
    }
    if (!Number.isInteger(value) || value < 0 || value >= vertexCount) {
      throw new RangeError(
        `TriangleMesh indices[${i}] (triangle ${
          Math.floor(i / 3)
        }) is out of range: must be an integer in [0, ${
          vertexCount - 1
        }] (${vertexCount} vertices), got ${value}`,
      );
    }
    out[i] = value;
  }
  return out;
}

/**
 * Joins vertices at exactly equal positions (-0 and 0 equal): writes each vertex's joined number
 * to `joined` and returns the joined positions. An open-addressing hash table over the
 * coordinates' bits (linear probing, twice as many slots as vertices): linear time.
 */
function joinEqualPositions(points: Float64Array, joined: Int32Array): Float64Array {
  const count = points.length / 3;
  let size = 2;
  while (size < 2 * count) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  const positions = new Float64Array(points.length);
  const bits = new Float64Array(1), words = new Int32Array(bits.buffer);
  let unique = 0;
  for (let v = 0; v < count; v++) {
    // + 0 turns -0 into 0.
    const x = points[3 * v]! + 0, y = points[3 * v + 1]! + 0, z = points[3 * v + 2]! + 0;
    let hash = 0;
    for (let k = 0; k < 3; k++) {
      bits[0] = k === 0 ? x : k === 1 ? y : z;
      hash = Math.imul(hash ^ words[0]!, 0x9e3779b1);
      hash = Math.imul(hash ^ words[1]!, 0x85ebca6b);
    }
    let slot = (hash ^ (hash >>> 15)) & mask;
    for (;;) {
      const id = table[slot]!;
      if (id === -1) {
        table[slot] = unique;
        positions[3 * unique] = x;
        positions[3 * unique + 1] = y;
        positions[3 * unique + 2] = z;
        joined[v] = unique++;
        break;
      }
      if (positions[3 * id] === x && positions[3 * id + 1] === y && positions[3 * id + 2] === z) {
        joined[v] = id;
        break;
      }
      slot = (slot + 1) & mask;
    }
  }
  return positions.slice(0, 3 * unique);
}

/** Edge numbering, neighbours, flags and vertex rings of the kept triangles. */
interface Adjacency {
  crackReach: Float64Array;
  edgeIds: Int32Array;
  neighbours: Int32Array;
  neighbourEdge: Int32Array;
  flags: Uint8Array;
  ringStart: Int32Array;
  ring: Int32Array;
  vertexFlat: Uint8Array;
}

/**
 * Pairs the triangles at each edge. An edge of exactly two triangles that run it in opposite
 * directions (consistently wound) gets a neighbour and a flag from their normals: `Flat` within
 * `FLAT_EDGE_ANGLE`, else `Convex` when the neighbour's far vertex lies behind this triangle's
 * plane, `Concave` otherwise (the same answer from either side). Any other edge is `Boundary`,
 * but a crack in a flat stretch or a needle lying in one (`closeFlatCracks`; `bvh`, the hierarchy
 * over the triangles, finds the surface around needles). An edge is flat when every use of it is.
 * A vertex's ring and flatness cover its copies
 * (`groupCopies`): it is flat when every edge at it or at a copy is, and its ring holds theirs.
 */
function buildAdjacency(
  tv: Int32Array,
  normals: Float64Array,
  inward: Float64Array,
  p: Float64Array,
  count: number,
  bvh: Bvh,
): Adjacency {
  const vertexCount = p.length / 3;
  const edgeIds = new Int32Array(3 * count);
  const neighbours = new Int32Array(3 * count).fill(-1);
  const neighbourEdge = new Int32Array(3 * count).fill(-1);
  const flags = new Uint8Array(3 * count);
  const crackReach = new Float64Array(3 * count);
  // Number the edges: the triangle-edges (3t + k) bucketed by their lower vertex, then grouped
  // by the higher one within each bucket (a vertex has a handful of edges).
  const low = (e: number) => Math.min(tv[e]!, tv[e - (e % 3) + ((e % 3) + 1) % 3]!);
  const high = (e: number) => Math.max(tv[e]!, tv[e - (e % 3) + ((e % 3) + 1) % 3]!);
  const bucketStart = new Int32Array(vertexCount + 1);
  for (let e = 0; e < 3 * count; e++) bucketStart[low(e) + 1]!++;
  for (let v = 0; v < vertexCount; v++) bucketStart[v + 1] = bucketStart[v + 1]! + bucketStart[v]!;
  const bucket = new Int32Array(3 * count);
  const fill = bucketStart.slice(0, vertexCount);
  for (let e = 0; e < 3 * count; e++) bucket[fill[low(e)]!++] = e;
  edgeIds.fill(-1);
  // Per edge: its ends and the triangle-edges at it (the first two, and how many).
  const ends: number[] = [],
    firstUser: number[] = [],
    secondUser: number[] = [],
    userCount: number[] = [];
  for (let v = 0; v < vertexCount; v++) {
    for (let i = bucketStart[v]!; i < bucketStart[v + 1]!; i++) {
      const e = bucket[i]!;
      if (edgeIds[e] !== -1) continue;
      const id = userCount.length, other = high(e);
      ends.push(v, other);
      firstUser.push(e);
      secondUser.push(-1);
      userCount.push(0);
      for (let j = i; j < bucketStart[v + 1]!; j++) {
        const f = bucket[j]!;
        if (edgeIds[f] !== -1 || high(f) !== other) continue;
        edgeIds[f] = id;
        if (userCount[id] === 1) secondUser[id] = f;
        userCount[id]!++;
      }
    }
  }
  const edgeCount = userCount.length;
  for (let id = 0; id < edgeCount; id++) {
    if (userCount[id] !== 2) continue;
    const first = firstUser[id]!, second = secondUser[id]!;
    const t = Math.floor(first / 3), u = Math.floor(second / 3);
    const k = first % 3, m = second % 3;
    // Consistent winding: u runs the edge from t's end to t's start.
    if (tv[3 * t + k] !== tv[3 * u + (m + 1) % 3]) continue;
    // Folded back flat (fronts against each other in one plane): a needle lying on the surface,
    // not a ridge; left to the crack test like an edge wound against itself (FINDINGS.md F133).
    const facing = normals[3 * t]! * normals[3 * u]! + normals[3 * t + 1]! * normals[3 * u + 1]! +
      normals[3 * t + 2]! * normals[3 * u + 2]!;
    if (facing <= -FLAT_EDGE_COSINE) continue;
    neighbours[first] = u;
    neighbours[second] = t;
    neighbourEdge[first] = m;
    neighbourEdge[second] = k;
    const far = 3 * tv[3 * u + (m + 2) % 3]!, start = 3 * tv[3 * t + k]!;
    const flag = classifyEdge(
      normals[3 * t]!,
      normals[3 * t + 1]!,
      normals[3 * t + 2]!,
      p[start]!,
      p[start + 1]!,
      p[start + 2]!,
      normals[3 * u]!,
      normals[3 * u + 1]!,
      normals[3 * u + 2]!,
      p[far]!,
      p[far + 1]!,
      p[far + 2]!,
    );
    flags[first] = flag;
    flags[second] = flag;
  }
  closeFlatCracks(tv, normals, inward, p, bvh, edgeIds, neighbours, userCount, flags, crackReach);
  // An edge is flat when every use of it is.
  const edgeFlat = new Uint8Array(edgeCount).fill(1);
  for (let e = 0; e < 3 * count; e++) {
    if (flags[e] !== EdgeFlag.Flat) edgeFlat[edgeIds[e]!] = 0;
  }
  // Rings: each edge joins its two ends.
  const ringStart = new Int32Array(vertexCount + 1);
  for (let id = 0; id < edgeCount; id++) {
    ringStart[ends[2 * id]! + 1]!++;
    ringStart[ends[2 * id + 1]! + 1]!++;
  }
  for (let v = 0; v < vertexCount; v++) ringStart[v + 1] = ringStart[v + 1]! + ringStart[v]!;
  const ring = new Int32Array(ringStart[vertexCount]!);
  const ringFill = ringStart.slice(0, vertexCount);
  const longest = new Float64Array(vertexCount);
  for (let id = 0; id < edgeCount; id++) {
    const a = ends[2 * id]!, b = ends[2 * id + 1]!;
    ring[ringFill[a]!++] = b;
    ring[ringFill[b]!++] = a;
    const length = edgeLength(p, a, b);
    longest[a] = Math.max(longest[a]!, length);
    longest[b] = Math.max(longest[b]!, length);
  }
  const copies = groupCopies(p, longest);
  // A vertex is flat when every edge at it or at a copy of it is, edges between copies aside
  // (shorter than a crack: a needle's end, not a side of the surface).
  const vertexFlat = new Uint8Array(vertexCount).fill(1);
  for (let id = 0; id < edgeCount; id++) {
    const a = copies[ends[2 * id]!]!, b = copies[ends[2 * id + 1]!]!;
    if (a !== b && edgeFlat[id] === 0) {
      vertexFlat[a] = 0;
      vertexFlat[b] = 0;
    }
  }
  for (let v = 0; v < vertexCount; v++) {
    vertexFlat[v] = longest[v] === 0 ? 0 : vertexFlat[copies[v]!]!;
  }
  return {
    edgeIds,
    neighbours,
    neighbourEdge,
    flags,
    ...ringsOverCopies(ringStart, ring, copies),
    vertexFlat,
    crackReach,
  };
}

/**
 * Groups the vertices that are copies of one another: used vertices (`longest`, the longest edge
 * at each, above 0) within the crack width of each other (`crackWidth` of the longer of their
 * longest edges), joined transitively (union-find over the hashed grid of Ericson 12.1). Returns each
 * vertex's group as the group's least vertex number; positions are not moved.
 */
function groupCopies(p: Float64Array, longest: Float64Array): Int32Array {
  const count = longest.length, meshSize = boxDiagonal(p);
  const group = new Int32Array(count);
  for (let v = 0; v < count; v++) group[v] = v;
  let reach = 0;
  for (let v = 0; v < count; v++) reach = Math.max(reach, crackWidth(longest[v]!, meshSize));
  if (!(reach > 0)) return group;
  // Cells 16 reaches across: most vertices search one cell.
  const cell = 16 * reach;
  let size = 2;
  while (size < 2 * count) size *= 2;
  const mask = size - 1;
  const head = new Int32Array(size).fill(-1), next = new Int32Array(count);
  const hashCell = (i: number, j: number, k: number) => {
    let hash = Math.imul(i | 0, 0x9e3779b1);
    hash = Math.imul(hash ^ (j | 0), 0x85ebca6b);
    hash = Math.imul(hash ^ (k | 0), 0xc2b2ae35);
    return (hash ^ (hash >>> 15)) & mask;
  };
  const find = (v: number) => {
    while (group[v] !== v) v = group[v] = group[group[v]!]!;
    return v;
  };
  let grouped = false;
  for (let v = 0; v < count; v++) {
    if (longest[v] === 0) continue;
    const x = p[3 * v]!, y = p[3 * v + 1]!, z = p[3 * v + 2]!;
    const width = crackWidth(longest[v]!, meshSize);
    const i0 = Math.floor((x - reach) / cell), i1 = Math.floor((x + reach) / cell);
    const j0 = Math.floor((y - reach) / cell), j1 = Math.floor((y + reach) / cell);
    const k0 = Math.floor((z - reach) / cell), k1 = Math.floor((z + reach) / cell);
    // Counted by offsets: far from the origin a cell number plus 1 may round to itself.
    for (let di = 0; di <= i1 - i0; di++) {
      for (let dj = 0; dj <= j1 - j0; dj++) {
        for (let dk = 0; dk <= k1 - k0; dk++) {
          for (let w = head[hashCell(i0 + di, j0 + dj, k0 + dk)]!; w !== -1; w = next[w]!) {
            const d = vectorLength(p[3 * w]! - x, p[3 * w + 1]! - y, p[3 * w + 2]! - z);
            if (d > Math.max(width, crackWidth(longest[w]!, meshSize))) continue;
            const a = find(v), b = find(w);
            if (a !== b) group[Math.max(a, b)] = Math.min(a, b);
            grouped = true;
          }
        }
      }
    }
    const own = hashCell(Math.floor(x / cell), Math.floor(y / cell), Math.floor(z / cell));
    next[v] = head[own]!;
    head[own] = v;
  }
  if (grouped) { for (let v = 0; v < count; v++) group[v] = find(v); }
  return group;
}

/**
 * Each vertex's ring with the rings of its copies added (vertices of its own group left out: an
 * edge between copies points nowhere on the surface), so that its normal cone (`vertexAccepts`)
 * is closed by the triangles at its copies too (FINDINGS.md F109, F133).
 */
function ringsOverCopies(
  ringStart: Int32Array,
  ring: Int32Array,
  group: Int32Array,
): { ringStart: Int32Array; ring: Int32Array; } {
  const count = group.length;
  // The members of each group, listed from the group's least vertex.
  const memberStart = new Int32Array(count + 1);
  let shared = false;
  for (let v = 0; v < count; v++) {
    memberStart[group[v]! + 1]!++;
    if (group[v] !== v) shared = true;
  }
  if (!shared) return { ringStart, ring };
  for (let v = 0; v < count; v++) memberStart[v + 1] = memberStart[v + 1]! + memberStart[v]!;
  const members = new Int32Array(count), memberFill = memberStart.slice(0, count);
  for (let v = 0; v < count; v++) members[memberFill[group[v]!]!++] = v;
  const outside = (g: number, w: number) => {
    let n = 0;
    for (let i = ringStart[w]!; i < ringStart[w + 1]!; i++) if (group[ring[i]!] !== g) n++;
    return n;
  };
  const start = new Int32Array(count + 1);
  for (let v = 0; v < count; v++) {
    const g = group[v]!;
    let n = ringStart[v + 1]! - ringStart[v]!;
    for (let i = memberStart[g]!; i < memberStart[g + 1]!; i++) {
      if (members[i] !== v) n += outside(g, members[i]!);
    }
    start[v + 1] = start[v]! + n;
  }
  const out = new Int32Array(start[count]!);
  for (let v = 0; v < count; v++) {
    const g = group[v]!;
    let o = start[v]!;
    for (let i = ringStart[v]!; i < ringStart[v + 1]!; i++) out[o++] = ring[i]!;
    for (let i = memberStart[g]!; i < memberStart[g + 1]!; i++) {
      const w = members[i]!;
      if (w === v) continue;
      for (let j = ringStart[w]!; j < ringStart[w + 1]!; j++) {
        if (group[ring[j]!] !== g) out[o++] = ring[j]!;
      }
    }
  }
  return { ringStart: start, ring: out };
}

/**
 * A crack is two-sided in truth but not in the index lists: an edge of one triangle lying along
 * edges of others that run it the other way, their vertices not shared, because a triangle of
 * zero area between them was dropped (a T-junction: its long edge faces its two short ones) or
 * because copies of a vertex differ by round-off. Such an edge is not a boundary of the surface.
 * When the edges across it cover it (within `crackWidth`, sideways and along) and their triangles
 * all lie within `FLAT_EDGE_ANGLE` of its own, it is flat, so it gives no contact pointing
 * sideways (FINDINGS.md F15). Each pair of edges is judged once and the answer given to both
 * (FINDINGS.md F68: judged from each side, with each side's own line and corners, the copies'
 * round-off could flag one side and not the other). A triangle counts as across only if its
 * far corner lies beyond the edge's line (a spoke of a fan of slivers that starts at the edge's
 * end lies on the line, on neither side: the mesh's border stays a boundary). Sweep and prune
 * (Ericson 7.5.1) over the single-triangle edges finds the pairs (`CrackSweep.pairEdges`); an
 * edge of two triangles that run it the same way (no neighbours) joins the sweep with both uses
 * (FINDINGS.md F133: a needle folded back over a crack made the floor's edge such an edge), and
 * shared edges near open ones join it to cover them (`sharedEdgesAtOpenEnds`, FINDINGS.md F148).
 *
 * A needle (`isNeedle`: a triangle lower over its longest edge than that edge's crack width, made of
 * vertex copies) has no plane and no side of its own: its normal and which side of a line its
 * corners fall on are round-off (FINDINGS.md F133: a needle tilted out of the floor vetoed the
 * floor's crack as a crease; needles whose corners fell on the wrong side by 1e-10 were across no
 * edge and left their long edges open). So a needle vetoes nothing, and an edge of a needle the
 * rule above leaves open is also flat when judged by position alone, by the surface around it
 * (`CrackSweep.isNeedleCovered`): edges of triangles other than needles, in one plane, cover it from
 * end to end on both sides of its line, each within the crack width, whatever their facing or the
 * needle's corners; such an edge gets no reach. A vertex only needles meet is then flat by the
 * vertex rule when their edges are; shared edges along a needle join the sweep to cover it by
 * position only (`sharedEdgesAlongNeedles`). Needles still cover other triangles' edges and one
 * another as before (FINDINGS.md F133: needles stacked 6e-7
 * across between floor triangles whose crack width is 2e-7 to 6e-7 close that crack only so).
 */
function closeFlatCracks(
  tv: Int32Array,
  normals: Float64Array,
  inward: Float64Array,
  p: Float64Array,
  bvh: Bvh,
  edgeIds: Int32Array,
  neighbours: Int32Array,
  userCount: number[],
  flags: Uint8Array,
  crackReach: Float64Array,
): void {
  // The triangle-edges without a neighbour: an edge of one triangle, or each of an edge's two
  // triangles that run it the same way (a needle folded back over a floor's edge: FINDINGS.md F133).
  const edges: number[] = [];
  for (let e = 0; e < tv.length; e++) {
    const users = userCount[edgeIds[e]!]!;
    if (users === 1 || (users === 2 && neighbours[e] === -1)) edges.push(e);
  }
  if (edges.length === 0) return;
  const open = edges.length;
  // Needles are marked among the triangles in the sweep only: a mesh pays for its open edges.
  const needle = new Uint8Array(tv.length / 3), meshSize = boxDiagonal(p);
  const markNeedles = (from: number) => {
    for (let i = from; i < edges.length; i++) {
      const t = Math.floor(edges[i]! / 3);
      if (isNeedle(p, tv[3 * t]!, tv[3 * t + 1]!, tv[3 * t + 2]!, meshSize)) needle[t] = 1;
    }
  };
  markNeedles(0);
  edges.push(...sharedEdgesAtOpenEnds(tv, p, neighbours, edges));
  const alongNeedles = edges.length;
  edges.push(...sharedEdgesAlongNeedles(tv, p, neighbours, needle, bvh, edges, open));
  markNeedles(open);
  if (edges.length < 2) return;
  const cracks = new CrackSweep(tv, normals, inward, p, needle, edges, open, alongNeedles);
  cracks.pairEdges();
  const covered = new Map<number, number>();
  for (let i = 0; i < open; i++) {
    const e = edges[i]!;
    const acrossCovers = cracks.isCovered(i);
    if (!(acrossCovers || (needle[Math.floor(e / 3)] === 1 && cracks.isNeedleCovered(i)))) continue;
    flags[e] = EdgeFlag.Flat;
    // A needle's edge flat by position alone reaches nowhere: the triangles around it carry the
    // surface (no edge runs against it, so its face reaching out would leave the crack's contract).
    crackReach[e] = acrossCovers ? cracks.reach(i) : 0;
    covered.set(edgeIds[e]!, (covered.get(edgeIds[e]!) ?? 0) + 1);
  }
  // A needle folded back over a covered edge (its normal against the other use's, in one plane)
  // lies in the floor: its use of the edge is flat too.
  const firstUse = new Map<number, number>();
  for (const e of edges.slice(0, open)) {
    const id = edgeIds[e]!;
    if (userCount[id] !== 2 || covered.get(id) !== 1) continue;
    const other = firstUse.get(id);
    if (other === undefined) {
      firstUse.set(id, e);
      continue;
    }
    const t = Math.floor(e / 3), u = Math.floor(other / 3);
    const cosine = normals[3 * t]! * normals[3 * u]! + normals[3 * t + 1]! * normals[3 * u + 1]! +
      normals[3 * t + 2]! * normals[3 * u + 2]!;
    if (!(cosine <= -FLAT_EDGE_COSINE)) continue;
    flags[e] = EdgeFlag.Flat;
    flags[other] = EdgeFlag.Flat;
  }
}

/**
 * The uses of edges two triangles share (neighbours of each other) with an end within the crack
 * width of an end of an open edge (`open`, triangle-edge numbers). They join the crack sweep to
 * cover open edges only, their own flags unchanged: a needle lying along such an edge (FINDINGS.md
 * F133, F148: its corners copies of the edge's ends, 1e-10 off its line) has no open edge across
 * it, but the triangle beyond the shared edge is across it. The ends are matched through a hashed
 * grid of cells one crack width across (Ericson 7.1.6), so a mesh pays for its open edges' ends only.
 */
function sharedEdgesAtOpenEnds(
  tv: Int32Array,
  p: Float64Array,
  neighbours: Int32Array,
  open: number[],
): number[] {
  const width = widestCrack(tv, p);
  // Each open end is listed in its cell and the 26 around it, so a vertex looks in its own cell.
  const cellOf = (
    v: number,
    dx: number,
    dy: number,
    dz: number,
  ) => (Math.imul(Math.floor(p[3 * v]! / width) + dx, 73856093) ^
    Math.imul(Math.floor(p[3 * v + 1]! / width) + dy, 19349663) ^
    Math.imul(Math.floor(p[3 * v + 2]! / width) + dz, 83492791));
  const ends = new Map<number, number[]>();
  for (const e of open) {
    for (const v of [tv[e]!, tv[e - (e % 3) + ((e % 3) + 1) % 3]!]) {
      for (let dx = -1; dx <= 1; dx++) {
        for (let dy = -1; dy <= 1; dy++) {
          for (let dz = -1; dz <= 1; dz++) {
            const key = cellOf(v, dx, dy, dz), list = ends.get(key);
            if (list === undefined) ends.set(key, [v]);
            else if (!list.includes(v)) list.push(v);
          }
        }
      }
    }
  }
  const nearOpenEnd = (v: number): boolean =>
    (ends.get(cellOf(v, 0, 0, 0)) ?? []).some((w) => edgeLength(p, v, w) <= width);
  const near = new Map<number, boolean>();
  const isNear = (v: number): boolean => {
    let answer = near.get(v);
    if (answer === undefined) near.set(v, answer = nearOpenEnd(v));
    return answer;
  };
  // Each of the edge's two triangles must reach beyond the width on its side: a sliver along the
  // mesh's border has a shared edge within the width of its open one, and nothing beyond either.
  const farCorner = (t: number, a: number, b: number): number => {
    for (let k = 0; k < 3; k++) {
      const v = tv[3 * t + k]!;
      if (v !== a && v !== b) return v;
    }
    return a;
  };
  const reachesBeyond = (t: number, a: number, b: number): boolean =>
    doubledAreaOf(p, a, b, farCorner(t, a, b)) > width * edgeLength(p, a, b);
  const shared: number[] = [];
  for (let e = 0; e < tv.length; e++) {
    const u = neighbours[e]!;
    if (u < 0) continue;
    const a = tv[e]!, b = tv[e - (e % 3) + ((e % 3) + 1) % 3]!;
    if (!isNear(a) && !isNear(b)) continue;
    if (reachesBeyond(Math.floor(e / 3), a, b) && reachesBeyond(u, a, b)) shared.push(e);
  }
  return shared;
}

/**
 * The uses of edges two triangles share (neighbours of each other) whose boxes reach within the
 * crack width of the box of a needle (`needle`) with an open edge (`judged[0, open)`; the
 * triangle-edges already in the sweep, `judged`, are left out). They join the crack sweep to cover
 * needles' edges only: a needle lying along the middle of such an edge has no end near either of
 * its ends (`sharedEdgesAtOpenEnds`). The hierarchy is asked once per such needle, so a mesh
 * without open needles pays nothing.
 */
function sharedEdgesAlongNeedles(
  tv: Int32Array,
  p: Float64Array,
  neighbours: Int32Array,
  needle: Uint8Array,
  bvh: Bvh,
  judged: number[],
  open: number,
): number[] {
  const asked = new Uint8Array(needle.length);
  for (let i = 0; i < open; i++) {
    const t = Math.floor(judged[i]! / 3);
    if (needle[t] === 1) asked[t] = 1;
  }
  if (!asked.includes(1)) return [];
  // Every box grown by the widest crack any pair may close (the longest edge's).
  const width = widestCrack(tv, p);
  const taken = new Uint8Array(tv.length);
  for (const e of judged) taken[e] = 1;
  const shared: number[] = [];
  const box = new Float64Array(6);
  const stack: number[] = [];
  for (let t = 0; t < asked.length; t++) {
    if (asked[t] === 0) continue;
    for (let axis = 0; axis < 3; axis++) {
      box[axis] = Infinity;
      box[3 + axis] = -Infinity;
      for (let k = 0; k < 3; k++) {
        const x = p[3 * tv[3 * t + k]! + axis]!;
        box[axis] = Math.min(box[axis]!, x - width);
        box[3 + axis] = Math.max(box[3 + axis]!, x + width);
      }
    }
    stack.push(0);
    while (stack.length > 0) {
      const node = stack.pop()!, o = 6 * node;
      if (
        bvh.bounds[o]! > box[3]! || bvh.bounds[o + 3]! < box[0]! || bvh.bounds[o + 1]! > box[4]! ||
        bvh.bounds[o + 4]! < box[1]! || bvh.bounds[o + 2]! > box[5]! || bvh.bounds[o + 5]! < box[2]!
      ) continue;
      const child = bvh.child[node]!, leafCount = bvh.count[node]!;
      if (leafCount === 0) {
        stack.push(child, child + 1);
        continue;
      }
      for (let i = child; i < child + leafCount; i++) {
        const u = bvh.order[i]!;
        for (let k = 0; k < 3; k++) {
          const e = 3 * u + k, v = neighbours[e]!;
          if (v < 0 || taken[e] === 1) continue;
          const a = 3 * tv[e]!, b = 3 * tv[3 * u + (k + 1) % 3]!;
          let apart = false;
          for (let axis = 0; axis < 3; axis++) {
            if (
              Math.min(p[a + axis]!, p[b + axis]!) > box[3 + axis]! ||
              Math.max(p[a + axis]!, p[b + axis]!) < box[axis]!
            ) apart = true;
          }
          if (apart) continue;
          taken[e] = 1;
          shared.push(e);
        }
      }
    }
  }
  return shared;
}

/**
 * Whether triangle a b c is a needle: its height over its longest edge (twice its area over that
 * edge's length) below that edge's crack width (`crackWidth`). Such a triangle has no plane and no
 * side of its own: its normal, and which side of a line its corners fall on, are round-off
 * (FINDINGS.md F133), so the crack sweep judges its edges by the surface around it.
 */
function isNeedle(p: Float64Array, a: number, b: number, c: number, meshSize: number): boolean {
  const longest = longestSideOf(p, a, b, c);
  return doubledAreaOf(p, a, b, c) < crackWidth(longest, meshSize) * longest;
}

/** The length of the longest side of triangle a b c (vertex numbers into `p`). */
function longestSideOf(p: Float64Array, a: number, b: number, c: number): number {
  return Math.max(edgeLength(p, a, b), edgeLength(p, b, c), edgeLength(p, c, a));
}

/** The length of the edge from vertex a to vertex b (vertex numbers into `p`). */
function edgeLength(p: Float64Array, a: number, b: number): number {
  return vectorLength(
    p[3 * b]! - p[3 * a]!,
    p[3 * b + 1]! - p[3 * a + 1]!,
    p[3 * b + 2]! - p[3 * a + 2]!,
  );
}

/**
 * The widest crack any pair of edges of the mesh (triangle corners `tv`, points `p`) may close:
 * `crackWidth` of its longest edge.
 */
function widestCrack(tv: Int32Array, p: Float64Array): number {
  let longest = 0;
  for (let t = 0; t < tv.length; t += 3) {
    longest = Math.max(longest, longestSideOf(p, tv[t]!, tv[t + 1]!, tv[t + 2]!));
  }
  return crackWidth(longest, boxDiagonal(p));
}

/**
 * The widest crack closed between two edges: `CRACK_WIDTH` of the longer one's length plus
 * `CRACK_MESH_WIDTH` of the mesh's size (`meshSize`, the diagonal of its box).
 */
function crackWidth(longer: number, meshSize: number): number {
  return CRACK_WIDTH * longer + CRACK_MESH_WIDTH * meshSize;
}

/**
 * The single-triangle edges of a mesh (triangle-edge numbers `3t + k`), the stretches of each
 * that edges across a crack cover, and which of them meet an edge of a triangle not in their
 * plane (those stay boundaries).
 */
class CrackSweep {
  private readonly count: number;
  private readonly lengths: Float64Array;
  private readonly boxes: Float64Array;
  private readonly vetoed: Uint8Array;
  private readonly meshSize: number;
  /** Per cover: the edge (its place in `edges`) and the stretch `[from, to]` along it. */
  private readonly coverOwner: number[] = [];
  private readonly coverFrom: number[] = [];
  private readonly coverTo: number[] = [];
  private readonly coverGapFrom: number[] = [];
  private readonly coverGapTo: number[] = [];
  /** Per cover: the edge (its place in `edges`) covering a needle's edge by position, else -1. */
  private readonly coverBy: number[] = [];
  private coverStart: Int32Array | null = null;
  private coverOrder: Int32Array | null = null;
  /** `nearStretch`'s answer, and the squared offset along the stretch, `c + 2 b t + a t^2`. */
  private stretchLow = 1;
  private stretchHigh = 0;
  private offsetA = 0;
  private offsetB = 0;
  private offsetC = 0;

  constructor(
    private readonly tv: Int32Array,
    private readonly normals: Float64Array,
    private readonly inward: Float64Array,
    private readonly p: Float64Array,
    /** Per triangle, 1 for a needle (`isNeedle`). */
    private readonly needle: Uint8Array,
    private readonly edges: number[],
    /** Edges from this place in `edges` on are shared ones, there to cover the open ones only. */
    private readonly open: number,
    /**
     * Shared edges from this place on are there to cover needles' edges by position only (a
     * border sliver's shared edge lies along the border: `sharedEdgesAtOpenEnds` leaves those out).
     */
    private readonly alongNeedles: number,
  ) {
    this.count = edges.length;
    this.lengths = new Float64Array(this.count);
    this.boxes = new Float64Array(6 * this.count);
    this.vetoed = new Uint8Array(this.count);
    for (let i = 0; i < this.count; i++) {
      const a = this.start(edges[i]!), b = this.end(edges[i]!);
      this.lengths[i] = vectorLength(p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!);
      for (let axis = 0; axis < 3; axis++) {
        this.boxes[6 * i + axis] = Math.min(p[a + axis]!, p[b + axis]!);
        this.boxes[6 * i + 3 + axis] = Math.max(p[a + axis]!, p[b + axis]!);
      }
    }
    this.meshSize = boxDiagonal(p);
  }

  private start(e: number): number {
    return 3 * this.tv[e]!;
  }

  private end(e: number): number {
    return 3 * this.tv[e - (e % 3) + ((e % 3) + 1) % 3]!;
  }

  /**
   * Every pair of edges whose boxes, grown by the widest crack any pair may close, meet. The
   * edges are cut into strips across the axis where they spread second most (about the square
   * root of their count, an edge in every strip its box reaches), and within each strip sorted by
   * their low end along the axis where they spread most: each edge meets only those of its strip
   * that start before it ends there, so a floor all of whose corners are copies costs
   * n log n, not the n^1.5 of one sweep over every edge. A pair sharing several strips meets
   * once, in the strip of the higher of their low ends.
   */
  pairEdges(): void {
    const boxes = this.boxes, count = this.count;
    const lows = [0, 0, 0], spreads = [0, 0, 0];
    for (let k = 0; k < 3; k++) {
      let low = Infinity, high = -Infinity;
      for (let i = 0; i < count; i++) {
        low = Math.min(low, boxes[6 * i + k]!);
        high = Math.max(high, boxes[6 * i + 3 + k]!);
      }
      lows[k] = low;
      spreads[k] = high - low;
    }
    const byDecreasingSpread = [0, 1, 2].sort((a, b) => spreads[b]! - spreads[a]!);
    const axis = byDecreasingSpread[0]!, across = byDecreasingSpread[1]!;
    let longest = 0;
    for (let i = 0; i < count; i++) longest = Math.max(longest, this.lengths[i]!);
    const pad = crackWidth(longest, this.meshSize);
    const strips = Math.max(1, Math.floor(Math.sqrt(count)));
    const stripWidth = spreads[across]! / strips;
    const stripOf = (x: number) =>
      stripWidth > 0 ? Math.min(strips - 1, Math.floor((x - lows[across]!) / stripWidth)) : 0;
    const entries: number[] = [];
    for (let i = 0; i < count; i++) {
      const last = stripOf(boxes[6 * i + 3 + across]! + pad);
      for (let strip = stripOf(boxes[6 * i + across]!); strip <= last; strip++) {
        entries.push(strip, i);
      }
    }
    const order = Array.from({ length: entries.length / 2 }, (_, n) => n);
    order.sort((m, n) =>
      entries[2 * m]! - entries[2 * n]! ||
      boxes[6 * entries[2 * m + 1]! + axis]! - boxes[6 * entries[2 * n + 1]! + axis]!
    );
    for (let x = 0; x < order.length; x++) {
      const strip = entries[2 * order[x]!]!, i = entries[2 * order[x]! + 1]!;
      const limit = boxes[6 * i + 3 + axis]! + pad;
      for (let y = x + 1; y < order.length; y++) {
        const j = entries[2 * order[y]! + 1]!;
        if (entries[2 * order[y]!] !== strip || boxes[6 * j + axis]! > limit) break;
        let apart = false;
        for (let k = 0; k < 3; k++) {
          if (
            boxes[6 * j + k]! > boxes[6 * i + 3 + k]! + pad ||
            boxes[6 * i + k]! > boxes[6 * j + 3 + k]! + pad
          ) apart = true;
        }
        const first = stripOf(Math.max(boxes[6 * i + across]!, boxes[6 * j + across]!));
        if (!apart && first === strip) this.meet(i, j);
      }
    }
  }

  /**
   * Edges i and j across a crack: they run against each other, their triangles lie on either
   * side (their inward directions, which follow each triangle's own normal, point against each
   * other: a sliver folded back over the crack is on the same side, whatever the round-off of its
   * corners; and each triangle lies beyond the other's line, see `across`), and over a stretch
   * of both the shorter lies within the crack's width of the longer's line (`nearStretch`), longer
   * than that width (or than half of the shorter, when it is shorter than the width). The
   * geometry is judged once for both. In one plane, each covers that stretch of the other; at an
   * angle, both stay boundaries. Two edges that leave a corner at a small angle are within the
   * width only near it (FINDINGS.md F75: a needle of zero area dropped between them, its short
   * side along one of them longer than the width, leaves a wedge no wider than round-off there).
   */
  private meet(first: number, second: number): void {
    if (first >= this.open && second >= this.open) return;
    const [i, j] = first >= this.open ? [second, first] : [first, second];
    const e = this.edges[i]!, f = this.edges[j]!;
    const t = Math.floor(e / 3), u = Math.floor(f / 3);
    // A needle's edge is also covered by position alone by another triangle's (`meetNeedle`).
    const needles = this.needle[t]! + this.needle[u]!;
    if (needles === 1) {
      if (this.needle[t] === 0) this.meetNeedle(j, i);
      else this.meetNeedle(i, j);
    }
    if (j >= this.alongNeedles) return;
    const facing = this.inward[3 * e]! * this.inward[3 * f]! +
      this.inward[3 * e + 1]! * this.inward[3 * f + 1]! +
      this.inward[3 * e + 2]! * this.inward[3 * f + 2]!;
    // A shared edge has a triangle on each side: an open edge along it is inside the surface
    // whichever side its own triangle lies on (a needle's corners round off to either).
    const shared = j >= this.open;
    if (t === u || (!shared && !(facing < 0))) return;
    const [long, short] = this.lengths[i]! >= this.lengths[j]! ? [i, j] : [j, i];
    const longEdge = this.edges[long]!, shortEdge = this.edges[short]!;
    const length = this.lengths[long]!, shortLength = this.lengths[short]!;
    const width = crackWidth(length, this.meshSize);
    if (!shared && (!this.across(f, e, width) || !this.across(e, f, width))) return;
    const from = this.along(longEdge, this.start(shortEdge));
    const to = this.along(longEdge, this.end(shortEdge));
    if (!(to < from)) return;
    // The shorter edge's stretch [low, high] (0 at its start) within the width, cut to where it
    // faces the longer (its foot `from + t (to - from)` on the longer in [0, 1]).
    this.nearStretch(longEdge, shortEdge, from, to, width);
    const low = Math.max(this.stretchLow, (from - 1) / (from - to));
    const high = Math.min(this.stretchHigh, from / (from - to));
    if (!((high - low) * shortLength > Math.min(width, 0.5 * shortLength))) return;
    const n = this.normals;
    const cosine = n[3 * t]! * n[3 * u]! + n[3 * t + 1]! * n[3 * u + 1]! +
      n[3 * t + 2]! * n[3 * u + 2]!;
    // Normals against each other in one plane: a needle folded back over the crack, not a crease
    // (over a shared edge, lying in the surface).
    if (cosine <= -FLAT_EDGE_COSINE && !shared) return;
    if (shared && !(Math.abs(cosine) >= FLAT_EDGE_COSINE)) return;
    if (!(Math.abs(cosine) >= FLAT_EDGE_COSINE)) {
      // A needle's normal is round-off: it vetoes nothing.
      if (needles > 0) return;
      this.vetoed[i] = 1;
      this.vetoed[j] = 1;
      return;
    }
    // The stretch of each edge the other covers, and how far apart the two lie there at most
    // (the offset's length is convex along the stretch: largest at an end).
    const onLong = [from + high * (to - from), from + low * (to - from)] as const;
    const onShort = [low, high] as const;
    const [onI, onJ] = long === i ? [onLong, onShort] : [onShort, onLong];
    const a = this.offsetA, b = this.offsetB, c = this.offsetC;
    const atLow = Math.sqrt(Math.max(0, c + (2 * b + a * low) * low));
    const atHigh = Math.sqrt(Math.max(0, c + (2 * b + a * high) * high));
    const gapsLong = [atHigh, atLow] as const, gapsShort = [atLow, atHigh] as const;
    const [gapsI, gapsJ] = long === i ? [gapsLong, gapsShort] : [gapsShort, gapsLong];
    this.cover(i, onI[0], onI[1], gapsI[0], gapsI[1]);
    this.cover(j, onJ[0], onJ[1], gapsJ[0], gapsJ[1]);
  }

  /**
   * Edge n of a needle and edge o of another triangle: the stretch of n within the crack width of
   * o's line, or of o within the width of n's (whichever is longer is the line), longer than that
   * width (or than half of the shorter edge), covers n, whatever the two triangles' normals, sides
   * and directions. `isNeedleCovered` then asks for one plane and both sides.
   */
  private meetNeedle(n: number, o: number): void {
    const [long, short] = this.lengths[n]! >= this.lengths[o]! ? [n, o] : [o, n];
    const longEdge = this.edges[long]!, shortEdge = this.edges[short]!;
    const shortLength = this.lengths[short]!;
    const width = crackWidth(this.lengths[long]!, this.meshSize);
    const from = this.along(longEdge, this.start(shortEdge));
    const to = this.along(longEdge, this.end(shortEdge));
    this.nearStretch(longEdge, shortEdge, from, to, width);
    let low = this.stretchLow, high = this.stretchHigh;
    // Cut to where the shorter edge's foot `from + s (to - from)` lies on the longer, in [0, 1].
    if (to !== from) {
      const s0 = -from / (to - from), s1 = (1 - from) / (to - from);
      low = Math.max(low, Math.min(s0, s1));
      high = Math.min(high, Math.max(s0, s1));
    } else if (!(from >= 0 && from <= 1)) return;
    if (!((high - low) * shortLength > Math.min(width, 0.5 * shortLength))) return;
    const a = this.offsetA, b = this.offsetB, c = this.offsetC;
    const atLow = Math.sqrt(Math.max(0, c + (2 * b + a * low) * low));
    const atHigh = Math.sqrt(Math.max(0, c + (2 * b + a * high) * high));
    if (short === n) {
      this.cover(n, low, high, atLow, atHigh, o);
      return;
    }
    const onLow = from + low * (to - from), onHigh = from + high * (to - from);
    if (onLow <= onHigh) this.cover(n, onLow, onHigh, atLow, atHigh, o);
    else this.cover(n, onHigh, onLow, atHigh, atLow, o);
  }

  /**
   * The stretch of the short edge (parameters in [0, 1] from its start, into `stretchLow` and
   * `stretchHigh`, empty when low > high) whose points lie within `width` of the long edge's
   * line. Its ends' feet on that line are at `from` and `to`; a point's offset from the line
   * moves linearly along the edge, so the stretch is where a quadratic in the parameter is at
   * most zero: |o0 + t (o1 - o0)|^2 <= width^2.
   */
  private nearStretch(
    longEdge: number,
    shortEdge: number,
    from: number,
    to: number,
    width: number,
  ): void {
    const p = this.p, a = this.start(longEdge), b = this.end(longEdge);
    const c = this.start(shortEdge), d = this.end(shortEdge);
    let aa = 0, ab = 0, cc = 0;
    for (let k = 0; k < 3; k++) {
      const axis = p[b + k]! - p[a + k]!;
      const o0 = p[c + k]! - p[a + k]! - from * axis, o1 = p[d + k]! - p[a + k]! - to * axis;
      aa += (o1 - o0) * (o1 - o0);
      ab += o0 * (o1 - o0);
      cc += o0 * o0;
    }
    const excess = cc - width * width;
    this.offsetA = aa;
    this.offsetB = ab;
    this.offsetC = cc;
    this.stretchLow = 1;
    this.stretchHigh = 0;
    if (!(aa > 0)) {
      if (excess <= 0) (this.stretchLow = 0, this.stretchHigh = 1);
      return;
    }
    const discriminant = ab * ab - aa * excess;
    if (discriminant < 0) return;
    const root = Math.sqrt(discriminant);
    this.stretchLow = Math.max(0, (-ab - root) / aa);
    this.stretchHigh = Math.min(1, (-ab + root) / aa);
  }

  /**
   * Whether the triangle of edge e lies across edge g's line. Its corner off e strictly beyond
   * the line: yes. That corner one of g's own ends (a spoke of a fan of slivers from g's end lies
   * on the line, on neither side): no. Otherwise that corner on the line, or inside it by at
   * most `width`, where pieces of one split edge lie on one line (FINDINGS.md F75), and another
   * corner strictly beyond: yes, or beyond by more than `width` (no sliver along the line).
   */
  private across(e: number, g: number, width: number): boolean {
    const first = e - (e % 3), far = first + ((e % 3) + 2) % 3;
    const farBeyond = this.beyond(far, g);
    if (farBeyond < 0) return true;
    const v = this.tv[far]!, gFirst = g - (g % 3);
    if (v === this.tv[g] || v === this.tv[gFirst + ((g % 3) + 1) % 3]) return false;
    for (let k = 0; k < 3; k++) {
      const corner = this.beyond(first + k, g);
      if (corner < -width || (corner < 0 && farBeyond <= width)) return true;
    }
    return false;
  }

  /**
   * How far corner `corner` (a triangle-edge number: the edge's start) lies inside edge g's
   * line, along g's inward direction: below zero beyond it.
   */
  private beyond(corner: number, g: number): number {
    const p = this.p, a = this.start(g), q = 3 * this.tv[corner]!;
    return (p[q]! - p[a]!) * this.inward[3 * g]! +
      (p[q + 1]! - p[a + 1]!) * this.inward[3 * g + 1]! +
      (p[q + 2]! - p[a + 2]!) * this.inward[3 * g + 2]!;
  }

  /** The parameter along edge e (0 at its start, 1 at its end) of the point at `p[q]`'s foot on its line. */
  private along(e: number, q: number): number {
    const p = this.p, a = this.start(e), b = this.end(e);
    const dx = p[b]! - p[a]!, dy = p[b + 1]! - p[a + 1]!, dz = p[b + 2]! - p[a + 2]!;
    return ((p[q]! - p[a]!) * dx + (p[q + 1]! - p[a + 1]!) * dy + (p[q + 2]! - p[a + 2]!) * dz) /
      (dx * dx + dy * dy + dz * dz);
  }

  private cover(
    i: number,
    from: number,
    to: number,
    gapFrom: number,
    gapTo: number,
    by = -1,
  ): void {
    this.coverBy.push(by);
    this.coverOwner.push(i);
    this.coverFrom.push(from);
    this.coverTo.push(to);
    this.coverGapFrom.push(gapFrom);
    this.coverGapTo.push(gapTo);
  }

  /** The gap of cover k at parameter s of its edge: linear between its ends (the true one is convex, so no more). */
  private gapAt(k: number, s: number): number {
    const from = this.coverFrom[k]!, to = this.coverTo[k]!, a = this.coverGapFrom[k]!;
    return to > from ? a + (this.coverGapTo[k]! - a) * (s - from) / (to - from) : a;
  }

  /**
   * The crack reach of a flat edge i (`MeshTriangle.crackReach`): the widest gap to the edges
   * covering it, for a needle's edge at most the needle's crack width (a face's reach stays within
   * the crack width, as the contacts3d README's contract says).
   */
  reach(i: number): number {
    const e = this.edges[i]!;
    if (this.needle[Math.floor(e / 3)] === 0) return this.widestGap(i);
    return Math.min(this.widestGap(i), crackWidth(this.triangleLongest(e), this.meshSize));
  }

  /** The longest edge of the triangle of triangle-edge e. */
  private triangleLongest(e: number): number {
    const first = e - (e % 3), tv = this.tv;
    return longestSideOf(this.p, tv[first]!, tv[first + 1]!, tv[first + 2]!);
  }

  /**
   * How far edge i lies from the edges covering it, at most (at most the crack width): along
   * the edge, the nearest cover's gap at each point, and of those the largest. Covers overlap
   * (a wedge's cover reaches the width at its far end, where another lies closer), so each
   * point takes the nearest; the largest is at an end of a cover or where two gaps cross.
   */
  widestGap(i: number): number {
    const [start, order] = this.coversByEdge();
    const first = start[i]!, last = start[i + 1]!;
    let widest = 0;
    const consider = (s: number) => {
      let nearest = Infinity;
      for (let c = first; c < last; c++) {
        const k = order[c]!;
        if (this.coverFrom[k]! <= s && s <= this.coverTo[k]!) {
          nearest = Math.min(nearest, this.gapAt(k, s));
        }
      }
      if (nearest < Infinity) widest = Math.max(widest, nearest);
    };
    for (let c = first; c < last; c++) {
      const k = order[c]!, from = this.coverFrom[k]!, to = this.coverTo[k]!;
      consider(from);
      consider(to);
      for (let d = c + 1; d < last; d++) {
        const m = order[d]!;
        // Where the two linear gaps cross, within both stretches.
        const low = Math.max(from, this.coverFrom[m]!), high = Math.min(to, this.coverTo[m]!);
        if (!(low < high)) continue;
        const below = this.gapAt(k, low) - this.gapAt(m, low);
        const above = this.gapAt(k, high) - this.gapAt(m, high);
        if (below * above < 0) consider(low + (high - low) * below / (below - above));
      }
    }
    return widest;
  }

  /**
   * Whether edge i is a flat crack: no edge across it at an angle, and the stretches covered
   * leave no gap wider than the crack's width from its start to its end.
   */
  isCovered(i: number): boolean {
    if (this.vetoed[i] === 1) return false;
    const [start, order] = this.coversByEdge();
    const length = this.lengths[i]!, width = crackWidth(length, this.meshSize);
    if (start[i] === start[i + 1]) return false;
    let reached = 0, seen = false;
    for (let c = start[i]!; c < start[i + 1]!; c++) {
      const k = order[c]!;
      if (this.coverBy[k]! >= 0) continue;
      if ((this.coverFrom[k]! - reached) * length > width) return false;
      reached = Math.max(reached, this.coverTo[k]!);
      seen = true;
    }
    return seen && (1 - reached) * length <= width;
  }

  /**
   * Whether edge i, a needle's, lies in the surface around it: the edges of triangles other than
   * needles within the crack width of it (`meetNeedle`) lie in one plane (within `FLAT_EDGE_ANGLE`,
   * either way up), and those of the triangles on each side of its line cover it from its start to
   * its end with no gap wider than the crack width (of the longest edge of the needle and of those
   * covering it: the copies at a needle's ends lie up to that far apart). A side is where a covering
   * triangle lies, by its edge's inward direction (such a triangle reaches beyond the width from
   * its edge). A needle along a crease, a ridge or the mesh's border is not covered so.
   */
  isNeedleCovered(i: number): boolean {
    const [start, order] = this.coversByEdge();
    if (start[i] === start[i + 1]) return false;
    const p = this.p, n = this.normals, w = this.inward, e = this.edges[i]!;
    let firstByPosition = start[i]!;
    while (firstByPosition < start[i + 1]! && this.coverBy[order[firstByPosition]!]! < 0) {
      firstByPosition++;
    }
    if (firstByPosition === start[i + 1]) return false;
    const firstCover = this.edges[this.coverBy[order[firstByPosition]!]!]!;
    const reference = 3 * Math.floor(firstCover / 3);
    const nx = n[reference]!, ny = n[reference + 1]!, nz = n[reference + 2]!;
    // The gaps allowed are the crack's: the width of the longest edge of the needle or of those
    // covering it (the copies at a needle's end lie that far apart: `groupCopies`).
    let longest = this.triangleLongest(e);
    for (let c = firstByPosition; c < start[i + 1]!; c++) {
      const by = this.coverBy[order[c]!]!;
      if (by >= 0) longest = Math.max(longest, this.lengths[by]!);
    }
    const length = this.lengths[i]!, width = crackWidth(longest, this.meshSize);
    // The line the sides are taken across: the needle's edge, or, when it is no longer than the
    // width (an edge between copies, pointing anywhere), the first edge covering it.
    const line = length > width ? e : firstCover;
    const a = this.start(line), b = this.end(line);
    const dx = p[b]! - p[a]!, dy = p[b + 1]! - p[a + 1]!, dz = p[b + 2]! - p[a + 2]!;
    // Across that line in the covering plane: one side's inward directions point along this.
    const px = ny * dz - nz * dy, py = nz * dx - nx * dz, pz = nx * dy - ny * dx;
    const reached = [0, 0], seen = [false, false];
    for (let c = firstByPosition; c < start[i + 1]!; c++) {
      const k = order[c]!;
      if (this.coverBy[k]! < 0) continue;
      const f = this.edges[this.coverBy[k]!]!, u = 3 * Math.floor(f / 3);
      const cosine = n[u]! * nx + n[u + 1]! * ny + n[u + 2]! * nz;
      if (!(Math.abs(cosine) >= FLAT_EDGE_COSINE)) return false;
      const side = w[3 * f]! * px + w[3 * f + 1]! * py + w[3 * f + 2]! * pz >= 0 ? 0 : 1;
      if ((this.coverFrom[k]! - reached[side]!) * length > width) return false;
      reached[side] = Math.max(reached[side]!, this.coverTo[k]!);
      seen[side] = true;
    }
    return seen[0]! && seen[1]! && (1 - reached[0]!) * length <= width &&
      (1 - reached[1]!) * length <= width;
  }

  /** The covers grouped by edge (counting sort), each edge's in order of their start. */
  private coversByEdge(): [Int32Array, Int32Array] {
    if (this.coverStart !== null && this.coverOrder !== null) {
      return [this.coverStart, this.coverOrder];
    }
    const owners = this.coverOwner, start = new Int32Array(this.count + 1);
    for (const owner of owners) start[owner + 1]!++;
    for (let i = 0; i < this.count; i++) start[i + 1] = start[i + 1]! + start[i]!;
    const fill = start.slice(0, this.count), order = new Int32Array(owners.length);
    for (let c = 0; c < owners.length; c++) order[fill[owners[c]!]!++] = c;
    for (let i = 0; i < this.count; i++) {
      order.subarray(start[i]!, start[i + 1]!).sort((x, y) =>
        this.coverFrom[x]! - this.coverFrom[y]!
      );
    }
    this.coverStart = start;
    this.coverOrder = order;
    return [start, order];
  }
}

/** The diagonal of the box of the points `p` (x, y, z triples). */
function boxDiagonal(p: Float64Array): number {
  let lx = Infinity, ly = Infinity, lz = Infinity, hx = -Infinity, hy = -Infinity, hz = -Infinity;
  for (let i = 0; i < p.length; i += 3) {
    lx = Math.min(lx, p[i]!);
    ly = Math.min(ly, p[i + 1]!);
    lz = Math.min(lz, p[i + 2]!);
    hx = Math.max(hx, p[i]!);
    hy = Math.max(hy, p[i + 1]!);
    hz = Math.max(hz, p[i + 2]!);
  }
  return vectorLength(hx - lx, hy - ly, hz - lz);
}
