/**
 * Feature codes of a box, shared by every detector that touches a box, so ids mean the same
 * thing in every pair. A code is below 64, well within the 26 bits `packFeatureId` keeps of each
 * of the two codes it packs (as first * 2^26 + second).
 *
 * - Vertex: bit k of the index is set when the vertex lies on the positive side of local axis k
 *   (vertex 7 is `+x +y +z`). Code = index, 0..7.
 * - Edge along local axis c, at the signs of the other two axes p < q:
 *   index = 4c + (p positive ? 1 : 0) + (q positive ? 2 : 0). Code = 16 + index, 16..27.
 * - Face with outward normal along local axis k: index = 2k + (normal negative ? 1 : 0).
 *   Code = 32 + index, 32..37.
 * Spheres, planes and half-spaces have a single feature, code 0.
 */

/** Code of the vertex with the given signs (each +1 or -1) along local x, y, z. */
export function boxVertexFeature(signX: number, signY: number, signZ: number): number {
  return (signX > 0 ? 1 : 0) | (signY > 0 ? 2 : 0) | (signZ > 0 ? 4 : 0);
}

/**
 * Code of the edge along local axis `axis` whose coordinates on the other two axes have the
 * signs `signP` and `signQ` (the lower-numbered axis first).
 */
export function boxEdgeFeature(axis: number, signP: number, signQ: number): number {
  return 16 + 4 * axis + (signP > 0 ? 1 : 0) + (signQ > 0 ? 2 : 0);
}

/** Code of the face whose outward normal is `sign` (+1 or -1) times local axis `axis`. */
export function boxFaceFeature(axis: number, sign: number): number {
  return 32 + 2 * axis + (sign < 0 ? 1 : 0);
}
