/**
 * The edges at each vertex of a polyhedron, from its edge list: what the hull detectors walk
 * (hull-sat.ts). Its own module so that a box seen as a hull (box-convex-hull.ts) gets them
 * without pulling the hull builder into a bundle.
 */

/**
 * The edges at each of `vertexCount` vertices, edge e running from `edgeVertices[2e]` to
 * `edgeVertices[2e + 1]`: `start[v]` to `start[v + 1]` index vertex v's edges in `edges`, in
 * increasing order (a counting sort on the edges' ends).
 */
export function vertexEdgesOf(
  vertexCount: number,
  edgeVertices: Int32Array,
): { start: Int32Array; edges: Int32Array; } {
  const start = new Int32Array(vertexCount + 1), ends = edgeVertices;
  for (let k = 0; k < ends.length; k++) start[ends[k]! + 1] = start[ends[k]! + 1]! + 1;
  for (let k = 0; k < vertexCount; k++) start[k + 1] = start[k + 1]! + start[k]!;
  const edges = new Int32Array(ends.length);
  const filled = start.slice(0, vertexCount);
  for (let k = 0; k < ends.length; k++) {
    const at = ends[k]!;
    edges[filled[at]!] = k >> 1;
    filled[at] = filled[at]! + 1;
  }
  return { start, edges };
}
