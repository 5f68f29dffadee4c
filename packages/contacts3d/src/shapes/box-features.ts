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

/**
 * Tables of the codes a face clipping needs, per face f = 2k + (1 if its outward normal is
 * -a_k). A face's side axes are P < Q (the two local axes other than k); its corners are
 * 0: +P +Q, 1: -P +Q, 2: -P -Q, 3: +P -Q; its edge e runs from corner e to corner e + 1; its
 * side planes (bounding the face within its plane) are 0: +P, 1: -P, 2: +Q, 3: -Q.
 * - FACE_CODE[f]: the face.
 * - FACE_CORNER_CODE[4f + j]: corner j.
 * - FACE_EDGE_CODE[4f + e]: edge e.
 * - SIDE_EDGE_CODE[4f + p]: the edge lying on side plane p (edges 3, 1, 0, 2).
 * - SIDE_CORNER_CODE[16f + 4p' + p]: the corner where side planes p' and p meet; two planes of
 *   one axis meet only on a degenerate polygon and name plane p's neighbouring face.
 */
export const FACE_CODE: Int32Array = new Int32Array(6);
export const FACE_CORNER_CODE: Int32Array = new Int32Array(24);
export const FACE_EDGE_CODE: Int32Array = new Int32Array(24);
export const SIDE_EDGE_CODE: Int32Array = new Int32Array(24);
export const SIDE_CORNER_CODE: Int32Array = new Int32Array(96);
{
  const signs = [0, 0, 0];
  const cornerP = [1, -1, -1, 1], cornerQ = [1, 1, -1, -1];
  const sideEdge = [3, 1, 0, 2];
  const edgeFromSigns = (axis: number): number =>
    axis === 0
      ? boxEdgeFeature(0, signs[1]!, signs[2]!)
      : axis === 1
      ? boxEdgeFeature(1, signs[0]!, signs[2]!)
      : boxEdgeFeature(2, signs[0]!, signs[1]!);
  const cornerOf = (
    signP: number,
    signQ: number,
  ): number => (signQ > 0 ? (signP > 0 ? 0 : 1) : signP > 0 ? 3 : 2);
  for (let face = 0; face < 6; face++) {
    const k = face >> 1, axisP = k === 0 ? 1 : 0, axisQ = k === 2 ? 1 : 2;
    signs[0] = signs[1] = signs[2] = 0;
    signs[k] = face & 1 ? -1 : 1;
    FACE_CODE[face] = boxFaceFeature(k, signs[k]!);
    for (let j = 0; j < 4; j++) {
      signs[axisP] = cornerP[j]!;
      signs[axisQ] = cornerQ[j]!;
      FACE_CORNER_CODE[4 * face + j] = boxVertexFeature(signs[0]!, signs[1]!, signs[2]!);
      // Edge j joins corners j and j + 1: along P for even j (Q fixed), along Q for odd j (P fixed).
      const along = j & 1 ? axisQ : axisP;
      signs[along] = 0;
      FACE_EDGE_CODE[4 * face + j] = edgeFromSigns(along);
    }
    for (let p = 0; p < 4; p++) {
      SIDE_EDGE_CODE[4 * face + p] = FACE_EDGE_CODE[4 * face + sideEdge[p]!]!;
    }
    for (let first = 0; first < 4; first++) {
      for (let second = 0; second < 4; second++) {
        // The corner takes its sign on P from the plane of the two on P (0, 1), on Q from the other.
        const planeP = first < 2 ? first : second, planeQ = first < 2 ? second : first;
        SIDE_CORNER_CODE[16 * face + 4 * first + second] = first >> 1 === second >> 1
          ? boxFaceFeature(second < 2 ? axisP : axisQ, second & 1 ? -1 : 1)
          : FACE_CORNER_CODE[4 * face + cornerOf(planeP & 1 ? -1 : 1, planeQ & 1 ? -1 : 1)]!;
      }
    }
  }
}
