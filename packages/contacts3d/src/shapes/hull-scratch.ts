/**
 * Scratch space of the hull detectors, shared by all of them and sized by the largest hull made
 * so far: every `ConvexHull` reserves its room when it is built, so a detector never allocates.
 * (A detector runs to the end before another starts; nothing here outlives a call.)
 */
import { LocalManifold } from '../manifold/local-manifold.js';

/** The arrays; read them after `reserveHullScratch`, they are replaced when they grow. */
export const hullScratch = {
  /** The second hull's vertices in the first hull's frame (x, y, z each). */
  frameVertices: new Float64Array(0) as Float64Array,
  /** The second hull's planes in the first hull's frame (nx, ny, nz, d each). */
  framePlanes: new Float64Array(0) as Float64Array,
  /** The transform from the second hull's frame to the first's: rotation (row by row), then translation. */
  frame: new Float64Array(12) as Float64Array,
  /** The second hull's centre in the first hull's frame. */
  frameCentre: new Float64Array(3) as Float64Array,
  /** Separations along the faces of the first hull, then of the second. */
  faceSeparations: new Float64Array(0) as Float64Array,
  /** One edge of the first hull against every face normal of the second (the Gauss-map test's first half). */
  edgeAcrossFaces: new Float64Array(0) as Float64Array,
  /** Which `edgeAcrossFaces` entries hold the current edge's values: those whose stamp is `stamp`. */
  acrossStamps: new Int32Array(0) as Int32Array,
  stamp: 0,
  /**
   * How close to 0 a dot product of the Minkowski-face test may lie before its sign counts as
   * round-off: [0] the second hull's normals against the first's edges, [1] the other way; [2] is
   * |t|_1 of the second hull's place in the first's frame (an array: PERFORMANCE.md, doubles
   * cross calls in arrays or fields).
   */
  fragile: new Float64Array(3) as Float64Array,
  /** For each face of the first hull, the second hull's vertex lowest along its normal. */
  lowestVertices: new Int32Array(0) as Int32Array,
  /** The first hull's vertex lowest along the seed face of the second (hull-sat.ts). */
  seedVertex: 0,
  /** The second hull's edges that form Minkowski faces with one edge of the first. */
  edgePartners: new Int32Array(0) as Int32Array,
  /** Edge vectors of the first hull, then of the second, in the first hull's frame. */
  edgeVectors: new Float64Array(0) as Float64Array,
  /** Clipped polygons: two buffers of `polygonCapacity` vertices (x, y, z each). */
  polygonPoints: new Float64Array(0) as Float64Array,
  /**
   * Per polygon vertex: what made it (0 incident corner, 1 edge crossing, 2 reference corner), two
   * feature indices, the tag of the edge leaving it.
   */
  polygonFeatures: new Int32Array(0) as Int32Array,
  polygonCapacity: 0,
  /** Candidate points before reduction to a `LocalManifold`'s 8 (clipped polygons, a sunk hull's vertices). */
  candidates: new LocalManifold(),
  vertices: 0,
  faces: 0,
  faceSize: 0,
  edges: 0,
};

/**
 * Makes room for a hull of `vertices` vertices, `faces` faces, `edges` edges and faces of at
 * most `faceSize` vertices (called when a hull is built; a box needs 8, 6, 12 and 4).
 */
export function reserveHullScratch(
  vertices: number,
  faces: number,
  edges: number,
  faceSize: number,
): void {
  const s = hullScratch;
  if (vertices > s.vertices) {
    s.vertices = vertices;
    s.frameVertices = new Float64Array(3 * vertices);
  }
  if (faces > s.faces) {
    s.faces = faces;
    s.framePlanes = new Float64Array(4 * faces);
    s.faceSeparations = new Float64Array(2 * faces);
    s.edgeAcrossFaces = new Float64Array(faces);
    s.acrossStamps = new Int32Array(faces);
    s.stamp = 0;
    s.lowestVertices = new Int32Array(faces);
  }
  if (edges > s.edges) {
    s.edges = edges;
    s.edgeVectors = new Float64Array(6 * edges);
    s.edgePartners = new Int32Array(edges);
  }
  if (faceSize > s.faceSize) {
    s.faceSize = faceSize;
    // A pass of Sutherland-Hodgman adds at most one vertex to a convex polygon; the reference
    // face has at most faceSize sides. Twice that covers polygons made non-convex by round-off.
    s.polygonCapacity = 4 * faceSize + 8;
    s.polygonPoints = new Float64Array(2 * 3 * s.polygonCapacity);
    s.polygonFeatures = new Int32Array(2 * 4 * s.polygonCapacity);
  }
  // Candidates: a clipped polygon, or every vertex of a hull sunk in a half-space.
  const candidates = Math.max(s.polygonCapacity, s.vertices);
  if (candidates > s.candidates.points.length) s.candidates = new LocalManifold(candidates);
}

reserveHullScratch(8, 6, 12, 4);
