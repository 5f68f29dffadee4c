/**
 * Box against convex hull: a box is a hull of six faces, so the pair is convex-hull-convex-hull.ts
 * with the box (always A, first in the canonical order) seen as a hull. The box's topology is
 * written out once, for a unit cube; each call scales its vertices, plane offsets and face
 * areas by the box's half sizes. Its feature codes are the box's own (box-features.ts), so a box
 * names its features the same way in every pair.
 */
import type { CollisionData } from '../manifold/collision-data.js';
import { emitManifold, LocalManifold } from '../manifold/local-manifold.js';
import { boxEdgeFeature, boxFaceFeature, boxVertexFeature } from '../shapes/box-features.js';
import type { ConvexHull, HullEdgeData } from '../shapes/convex-hull.js';
import type { Box } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';
import { cachedHullManifold, hullManifold } from './convex-hull-convex-hull.js';

/** A box as a `HullData`, rewritten for the box at hand by `viewOfBox`. */
interface BoxView extends HullEdgeData {
  vertices: Float64Array;
  edgeVectors: Float64Array;
  planes: Float64Array;
  faceAreas: Float64Array;
  size: number;
}

/**
 * The unit cube (corners at +-1) as a hull, written out rather than built, so that `collide`
 * does not pull the hull builder into a bundle: vertex v has bit k set when it lies on the + side
 * of axis k (the box's own vertex numbering); face 2k + (negative ? 1 : 0) has the corners of its
 * side in a loop, turned counter-clockwise seen from outside; each edge once, with its faces.
 */
function unitCube(): {
  vertices: Float64Array;
  planes: Float64Array;
  faceStart: Int32Array;
  faceVertices: Int32Array;
  faceEdges: Int32Array;
  edgeVertices: Int32Array;
  edgeFaces: Int32Array;
} {
  const vertices = new Float64Array(24);
  for (let v = 0; v < 8; v++) {
    for (let k = 0; k < 3; k++) vertices[3 * v + k] = v & (1 << k) ? 1 : -1;
  }
  const planes = new Float64Array(24), faceVertices = new Int32Array(24);
  for (let f = 0; f < 6; f++) {
    const k = f >> 1, sign = f & 1 ? -1 : 1;
    planes[4 * f + k] = sign;
    planes[4 * f + 3] = 1;
    const p = k === 0 ? 1 : 0, q = k === 2 ? 1 : 2, bit = sign > 0 ? 1 << k : 0;
    // Around the face: (-p, -q), (+p, -q), (+p, +q), (-p, +q), counter-clockwise about +e_k
    // when (p, q, k) is a right-handed order, else reversed.
    const loop = [0, 1 << p, (1 << p) | (1 << q), 1 << q].map((c) => c | bit);
    const rightHanded = (k + 1) % 3 === p;
    if (rightHanded !== sign > 0) loop.reverse();
    faceVertices.set(loop, 4 * f);
  }
  const edgeVertices: number[] = [], edgeFaces: number[] = [];
  const faceEdges = new Int32Array(24);
  for (let f = 0; f < 6; f++) {
    for (let k = 0; k < 4; k++) {
      const from = faceVertices[4 * f + k]!, to = faceVertices[4 * f + ((k + 1) & 3)]!;
      let e = 0;
      while (
        e < edgeVertices.length / 2 &&
        !(edgeVertices[2 * e] === to && edgeVertices[2 * e + 1] === from)
      ) e++;
      if (e === edgeVertices.length / 2) {
        edgeVertices.push(from, to);
        edgeFaces.push(f, -1);
      } else {
        edgeFaces[2 * e + 1] = f;
      }
      faceEdges[4 * f + k] = e;
    }
  }
  return {
    vertices,
    planes,
    faceStart: Int32Array.of(0, 4, 8, 12, 16, 20, 24),
    faceVertices,
    faceEdges,
    edgeVertices: Int32Array.from(edgeVertices),
    edgeFaces: Int32Array.from(edgeFaces),
  };
}

const cube = unitCube();

/** The box feature code of a cube vertex, edge or face, from the signs of its centre. */
function codeOf(x: number, y: number, z: number): number {
  const signs = [x, y, z];
  const zeros = signs.filter((s) => s === 0).length;
  if (zeros === 0) return boxVertexFeature(x, y, z);
  if (zeros === 1) {
    const axis = signs.indexOf(0);
    const others = signs.filter((_, k) => k !== axis);
    return boxEdgeFeature(axis, others[0]!, others[1]!);
  }
  const axis = signs.findIndex((s) => s !== 0);
  return boxFaceFeature(axis, signs[axis]!);
}

const view: BoxView = {
  vertices: new Float64Array(cube.vertices),
  planes: new Float64Array(cube.planes),
  faceStart: cube.faceStart,
  faceVertices: cube.faceVertices,
  faceEdges: cube.faceEdges,
  edgeVertices: cube.edgeVertices,
  edgeFaces: cube.edgeFaces,
  vertexCount: 8,
  faceCount: 6,
  edgeCount: 12,
  vertexCodes: Int32Array.from({ length: 8 }, (_, v) => {
    const p = cube.vertices;
    return codeOf(p[3 * v]!, p[3 * v + 1]!, p[3 * v + 2]!);
  }),
  edgeCodes: Int32Array.from({ length: 12 }, (_, e) => {
    const p = cube.vertices,
      i = 3 * cube.edgeVertices[2 * e]!,
      j = 3 * cube.edgeVertices[2 * e + 1]!;
    return codeOf((p[i]! + p[j]!) / 2, (p[i + 1]! + p[j + 1]!) / 2, (p[i + 2]! + p[j + 2]!) / 2);
  }),
  faceCodes: Int32Array.from({ length: 6 }, (_, f) => {
    const n = cube.planes;
    return codeOf(n[4 * f]!, n[4 * f + 1]!, n[4 * f + 2]!);
  }),
  faceAreas: new Float64Array(6),
  centre: new Float64Array(3),
  size: 0,
  // The cube's edges lie exactly in its faces' planes.
  edgeSkew: 0,
  edgeVectors: new Float64Array(36),
};

/** The box's half sizes applied to the cube: vertices, edge vectors, plane offsets and face areas. */
export function viewOfBox(box: Box): BoxView {
  const h = box.halfSize;
  const h0 = h[0]!, h1 = h[1]!, h2 = h[2]!;
  const unit = cube.vertices, vertices = view.vertices;
  for (let i = 0; i < 24; i += 3) {
    vertices[i] = unit[i]! * h0;
    vertices[i + 1] = unit[i + 1]! * h1;
    vertices[i + 2] = unit[i + 2]! * h2;
  }
  const ends = cube.edgeVertices, edges = view.edgeVectors;
  for (let e = 0; e < 12; e++) {
    const p = 3 * ends[2 * e]!, q = 3 * ends[2 * e + 1]!;
    edges[3 * e] = vertices[q]! - vertices[p]!;
    edges[3 * e + 1] = vertices[q + 1]! - vertices[p + 1]!;
    edges[3 * e + 2] = vertices[q + 2]! - vertices[p + 2]!;
  }
  const normals = cube.planes, planes = view.planes;
  for (let f = 0; f < 6; f++) {
    const x = normals[4 * f]!, y = normals[4 * f + 1]!, z = normals[4 * f + 2]!;
    // A face normal is one of +-e_k: its offset is h_k, its area 4 h_p h_q.
    planes[4 * f + 3] = x !== 0 ? h0 : y !== 0 ? h1 : h2;
    view.faceAreas[f] = 4 * (x !== 0 ? h1 * h2 : y !== 0 ? h0 * h2 : h0 * h1);
  }
  view.size = Math.max(h0, h1, h2);
  return view;
}

/** The pair's manifold. Scratch of `collideBoxConvexHull` and `overlapBoxConvexHull` alone. */
const manifoldScratch = new LocalManifold();

/**
 * Contacts between a box and a convex hull, exactly as `collideConvexHullConvexHull` computes two
 * hulls (see convex-hull-convex-hull.ts for the method, kinds and defined answers), the box
 * first; the box's feature codes are its own (`boxVertexFeature`, `boxEdgeFeature`,
 * `boxFaceFeature`). Returns how many contacts it wrote.
 */
export function collideBoxConvexHull<B>(
  box: Box<B>,
  hull: ConvexHull<B>,
  data: CollisionData<B>,
  cache?: PairCache,
): number {
  const boxView = viewOfBox(box);
  if (cache === undefined) {
    hullManifold(
      boxView,
      box.transform,
      hull,
      hull.transform,
      data as CollisionData,
      manifoldScratch,
      null,
    );
  } else {
    cache.claim(box, hull);
    cachedHullManifold(
      boxView,
      box.transform,
      hull,
      hull.transform,
      data as CollisionData,
      manifoldScratch,
      cache,
    );
  }
  return emitManifold(manifoldScratch, data, box.body, hull.body, false);
}

/**
 * Whether a box and a convex hull overlap or touch: exactly when `collideBoxConvexHull` at
 * tolerance 0 finds a contact.
 */
export function overlapBoxConvexHull(box: Box, hull: ConvexHull): boolean {
  hullManifold(viewOfBox(box), box.transform, hull, hull.transform, null, manifoldScratch, null);
  return manifoldScratch.count > 0;
}
