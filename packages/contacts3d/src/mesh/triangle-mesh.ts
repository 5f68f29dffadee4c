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
 * Two edges that run against each other within this fraction of their length, sideways and
 * along, meet across a crack rather than a gap (see `closeFlatCracks`): a millionth, far above the
 * round-off of exported coordinates, far below any opening a modeller means.
 */
const CRACK_WIDTH = 1e-6;

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

    const adjacency = buildAdjacency(this.triangleVertices, this.triangleNormals, p, count);
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
    this.bvh = new Bvh(bounds, count);
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

/** Whether triangle a b c (joined vertex numbers) has zero area up to `DEGENERATE_AREA_RATIO`. */
function isSliverOfZeroArea(p: Float64Array, a: number, b: number, c: number): boolean {
  const e1x = p[3 * b]! - p[3 * a]!,
    e1y = p[3 * b + 1]! - p[3 * a + 1]!,
    e1z = p[3 * b + 2]! - p[3 * a + 2]!;
  const e2x = p[3 * c]! - p[3 * a]!,
    e2y = p[3 * c + 1]! - p[3 * a + 1]!,
    e2z = p[3 * c + 2]! - p[3 * a + 2]!;
  const e3x = e2x - e1x, e3y = e2y - e1y, e3z = e2z - e1z;
  const doubledArea = vectorLength(
    e1y * e2z - e1z * e2y,
    e1z * e2x - e1x * e2z,
    e1x * e2y - e1y * e2x,
  );
  const longestSquared = Math.max(
    e1x * e1x + e1y * e1y + e1z * e1z,
    e2x * e2x + e2y * e2y + e2z * e2z,
    e3x * e3x + e3y * e3y + e3z * e3z,
  );
  return !(doubledArea > DEGENERATE_AREA_RATIO * longestSquared);
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
 * but a crack in a flat stretch (`closeFlatCracks`). A vertex is flat when every edge at it is.
 */
function buildAdjacency(
  tv: Int32Array,
  normals: Float64Array,
  p: Float64Array,
  count: number,
): Adjacency {
  const vertexCount = p.length / 3;
  const edgeIds = new Int32Array(3 * count);
  const neighbours = new Int32Array(3 * count).fill(-1);
  const neighbourEdge = new Int32Array(3 * count).fill(-1);
  const flags = new Uint8Array(3 * count);
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
  const edgeFlag = new Uint8Array(edgeCount);
  for (let id = 0; id < edgeCount; id++) {
    if (userCount[id] !== 2) continue;
    const first = firstUser[id]!, second = secondUser[id]!;
    const t = Math.floor(first / 3), u = Math.floor(second / 3);
    const k = first % 3, m = second % 3;
    // Consistent winding: u runs the edge from t's end to t's start.
    if (tv[3 * t + k] !== tv[3 * u + (m + 1) % 3]) continue;
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
    edgeFlag[id] = flag;
  }
  closeFlatCracks(tv, normals, p, userCount, firstUser, edgeFlag, flags);
  // Rings: each edge joins its two ends.
  const ringStart = new Int32Array(vertexCount + 1);
  for (let id = 0; id < edgeCount; id++) {
    ringStart[ends[2 * id]! + 1]!++;
    ringStart[ends[2 * id + 1]! + 1]!++;
  }
  for (let v = 0; v < vertexCount; v++) ringStart[v + 1] = ringStart[v + 1]! + ringStart[v]!;
  const ring = new Int32Array(ringStart[vertexCount]!);
  const ringFill = ringStart.slice(0, vertexCount);
  const vertexFlat = new Uint8Array(vertexCount).fill(1);
  const used = new Uint8Array(vertexCount);
  for (let id = 0; id < edgeCount; id++) {
    const a = ends[2 * id]!, b = ends[2 * id + 1]!;
    ring[ringFill[a]!++] = b;
    ring[ringFill[b]!++] = a;
    used[a] = 1;
    used[b] = 1;
    if (edgeFlag[id] !== EdgeFlag.Flat) {
      vertexFlat[a] = 0;
      vertexFlat[b] = 0;
    }
  }
  for (let v = 0; v < vertexCount; v++) if (used[v] === 0) vertexFlat[v] = 0;
  return { edgeIds, neighbours, neighbourEdge, flags, ringStart, ring, vertexFlat };
}

/**
 * A crack is two-sided in truth but not in the index lists: an edge of one triangle lying along
 * edges of others that run it the other way, their vertices not shared, because a triangle of
 * zero area between them was dropped (a T-junction: its long edge faces its two short ones) or
 * because copies of a vertex differ by round-off. Such an edge is not a boundary of the surface.
 * When the edges across it cover it (within `CRACK_WIDTH` of its length, sideways and along)
 * and their triangles all lie within `FLAT_EDGE_ANGLE` of its own, it is flat, so it gives no
 * contact pointing sideways (FINDINGS.md F15). A sweep over the single-triangle edges sorted by
 * their lowest x pairs those whose x ranges meet (sweep and prune, Ericson 7.5.1).
 */
function closeFlatCracks(
  tv: Int32Array,
  normals: Float64Array,
  p: Float64Array,
  userCount: number[],
  firstUser: number[],
  edgeFlag: Uint8Array,
  flags: Uint8Array,
): void {
  const single: number[] = [];
  for (let id = 0; id < userCount.length; id++) if (userCount[id] === 1) single.push(id);
  if (single.length < 2) return;
  const start = (e: number) => 3 * tv[e]!;
  const end = (e: number) => 3 * tv[e - (e % 3) + ((e % 3) + 1) % 3]!;
  const lowX = (e: number) => Math.min(p[start(e)]!, p[end(e)]!);
  const highX = (e: number) => Math.max(p[start(e)]!, p[end(e)]!);
  const reach = (e: number) => {
    const a = start(e), b = end(e);
    return CRACK_WIDTH * Math.hypot(p[b]! - p[a]!, p[b + 1]! - p[a + 1]!, p[b + 2]! - p[a + 2]!);
  };
  single.sort((a, b) => lowX(firstUser[a]!) - lowX(firstUser[b]!));
  const across = new Map<number, number[]>();
  for (let i = 0; i < single.length; i++) {
    const e = firstUser[single[i]!]!, limit = highX(e) + reach(e);
    for (let j = i + 1; j < single.length; j++) {
      const f = firstUser[single[j]!]!;
      if (lowX(f) - reach(f) > limit) break;
      if (!across.has(i)) across.set(i, []);
      if (!across.has(j)) across.set(j, []);
      across.get(i)!.push(f);
      across.get(j)!.push(e);
    }
  }
  for (const [i, candidates] of across) {
    const e = firstUser[single[i]!]!, t = Math.floor(e / 3);
    const a = start(e), b = end(e);
    const dx = p[b]! - p[a]!, dy = p[b + 1]! - p[a + 1]!, dz = p[b + 2]! - p[a + 2]!;
    const lengthSquared = dx * dx + dy * dy + dz * dz, length = Math.sqrt(lengthSquared);
    const width = CRACK_WIDTH * length;
    // The parameters along e of the stretches the edges across it cover, and whether all are flat.
    const covers: [number, number][] = [];
    let flat = true;
    for (const f of candidates) {
      const c = start(f), d = end(f);
      const along = (q: number) =>
        ((p[q]! - p[a]!) * dx + (p[q + 1]! - p[a + 1]!) * dy + (p[q + 2]! - p[a + 2]!) * dz) /
        lengthSquared;
      const off = (q: number, s: number) =>
        Math.hypot(
          p[q]! - p[a]! - s * dx,
          p[q + 1]! - p[a + 1]! - s * dy,
          p[q + 2]! - p[a + 2]! - s * dz,
        );
      const s0 = along(c), s1 = along(d);
      // f runs against e, both its ends on e's line, and it overlaps e.
      if (!(s1 < s0) || off(c, s0) > width || off(d, s1) > width) continue;
      if (s0 * length <= width || s1 * length >= length - width) continue;
      // Across the edge: another triangle, whose far corner lies on the other side of e (a
      // sliver's own long edges run against each other on the same side).
      const u = Math.floor(f / 3), far = 3 * tv[3 * u + (f % 3 + 2) % 3]!;
      const inX = normals[3 * t + 1]! * dz - normals[3 * t + 2]! * dy;
      const inY = normals[3 * t + 2]! * dx - normals[3 * t]! * dz;
      const inZ = normals[3 * t]! * dy - normals[3 * t + 1]! * dx;
      if (
        u === t ||
        (p[far]! - p[a]!) * inX + (p[far + 1]! - p[a + 1]!) * inY +
              (p[far + 2]! - p[a + 2]!) * inZ >= 0
      ) continue;
      const cosine = normals[3 * t]! * normals[3 * u]! + normals[3 * t + 1]! * normals[3 * u + 1]! +
        normals[3 * t + 2]! * normals[3 * u + 2]!;
      if (!(cosine >= FLAT_EDGE_COSINE)) flat = false;
      covers.push([s1, s0]);
    }
    if (!flat || covers.length === 0) continue;
    covers.sort((x, y) => x[0] - y[0]);
    let reached = 0;
    for (const [from, to] of covers) {
      if ((from - reached) * length > width) break;
      reached = Math.max(reached, to);
    }
    if ((1 - reached) * length > width) continue;
    edgeFlag[single[i]!] = EdgeFlag.Flat;
    flags[e] = EdgeFlag.Flat;
  }
}
