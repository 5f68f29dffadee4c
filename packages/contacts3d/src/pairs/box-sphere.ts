/**
 * Box against sphere (after Millington, Game Physics Engine Development, ch. 13.3.4): the contact comes from the point
 * of the box closest to the sphere's centre, found in the box's frame by clamping the centre's
 * local coordinates to the half sizes. One contact.
 *
 * Centre outside the box: with `q` the closest point, `normal = (q - c) / |q - c|` (from the
 * sphere, the second shape, toward the box), `penetration = r - |q - c|`, witnesses `q` on the
 * box and `c + normal * r` on the sphere. The feature of the box is read from how many
 * coordinates were clamped, and it names the kind (the sphere counts as a face, code 0):
 *   one clamped coordinate    -> a face   (FaceFace,  code 32 + 2k + (negative ? 1 : 0))
 *   two clamped coordinates   -> an edge  (EdgeFace,  code 16 + 4c + (p > 0 ? 1 : 0) + (q > 0 ? 2 : 0),
 *                                          c the edge's axis, p < q the other two; box-features.ts)
 *   three clamped coordinates -> a vertex (PointFace, code = bit k set for + on axis k)
 * Centre inside the box (or exactly on its surface): the sphere
 * leaves through the nearest face, outward normal `f` at distance `t` from the centre;
 * `normal = -f`, `penetration = t + r`, witnesses `c + f t` on the box face and `c - f r` on the
 * sphere; FaceFace with that face's code. Ties between faces go to the first in the order
 * +x, -x, +y, -y, +z, -z (the order of the face codes).
 */
import { ContactKind, packFeatureId, SQUARE_UNDERFLOW } from '@contactkit/math';
import { boxEdgeFeature, boxFaceFeature, boxVertexFeature } from '../shapes/box-features.js';
import type { CollisionData } from '../manifold/collision-data.js';
import { claimOne } from '../manifold/local-manifold.js';
import type { Box, Sphere } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/**
 * Writes the contact of a box with a sphere and returns how many it wrote (0 or 1); see the
 * file comment for the normal, the witnesses, the kinds and the feature ids. No contact when
 * the gap exceeds `data.tolerance`; touching gives penetration 0. A centre inside the box is
 * pushed out through the nearest face (penetration = distance to that face + radius; ties:
 * +x, -x, +y, -y, +z, -z). A sphere of radius 0 is a point: it touches the surface and
 * penetrates by its distance to the nearest face when inside. When the buffer is full the
 * contact is dropped, `data.overflowed` is set and 0 returned.
 */
export function collideBoxSphere<B>(
  box: Box<B>,
  sphere: Sphere<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  const m = box.transform, ms = sphere.transform;
  const h0 = box.halfSize[0]!, h1 = box.halfSize[1]!, h2 = box.halfSize[2]!;
  const ax0 = m[0]!, ay0 = m[1]!, az0 = m[2]!;
  const ax1 = m[4]!, ay1 = m[5]!, az1 = m[6]!;
  const ax2 = m[8]!, ay2 = m[9]!, az2 = m[10]!;
  const px = m[12]!, py = m[13]!, pz = m[14]!;
  const cx = ms[12]!, cy = ms[13]!, cz = ms[14]!;
  const radius = sphere.radius;
  const tolerance = data.tolerance;
  // The sphere's centre in the box's frame: q_k = dot(a_k, c - p).
  const dx = cx - px, dy = cy - py, dz = cz - pz;
  const q0 = ax0 * dx + ay0 * dy + az0 * dz;
  const q1 = ax1 * dx + ay1 * dy + az1 * dz;
  const q2 = ax2 * dx + ay2 * dy + az2 * dz;
  // Early out on the box's face axes (Millington, ch. 13): the distance is at least the excess on any axis.
  if (
    Math.abs(q0) - radius > h0 + tolerance || Math.abs(q1) - radius > h1 + tolerance ||
    Math.abs(q2) - radius > h2 + tolerance
  ) {
    return 0;
  }
  const clamped0 = q0 > h0 ? h0 : q0 < -h0 ? -h0 : q0;
  const clamped1 = q1 > h1 ? h1 : q1 < -h1 ? -h1 : q1;
  const clamped2 = q2 > h2 ? h2 : q2 < -h2 ? -h2 : q2;
  const g0 = q0 - clamped0, g1 = q1 - clamped1, g2 = q2 - clamped2;
  const distanceSquared = g0 * g0 + g1 * g1 + g2 * g2;

  let nx: number, ny: number, nz: number, penetration: number;
  // The witness on the box, world space.
  let wx: number, wy: number, wz: number;
  let kind: ContactKind;
  let boxFeature: number;
  // Exact: a centre outside the box by any amount is outside (a test against a fixed small length
  // would let a sphere of radius 1e-13 touch across a gap); a square that underflows is scaled.
  const distance = distanceSquared >= SQUARE_UNDERFLOW
    ? Math.sqrt(distanceSquared)
    : Math.hypot(g0, g1, g2);
  if (distance > 0) {
    penetration = radius - distance;
    if (penetration < -tolerance) return 0;
    // Local normal (q - c) / |q - c| = -g / |g|, taken to world by the box's rotation.
    const inverse = -1 / distance;
    const l0 = g0 * inverse, l1 = g1 * inverse, l2 = g2 * inverse;
    nx = ax0 * l0 + ax1 * l1 + ax2 * l2;
    ny = ay0 * l0 + ay1 * l1 + ay2 * l2;
    nz = az0 * l0 + az1 * l1 + az2 * l2;
    wx = px + ax0 * clamped0 + ax1 * clamped1 + ax2 * clamped2;
    wy = py + ay0 * clamped0 + ay1 * clamped1 + ay2 * clamped2;
    wz = pz + az0 * clamped0 + az1 * clamped1 + az2 * clamped2;
    const out0 = g0 !== 0, out1 = g1 !== 0, out2 = g2 !== 0;
    const clampedCount = (out0 ? 1 : 0) + (out1 ? 1 : 0) + (out2 ? 1 : 0);
    if (clampedCount === 3) {
      kind = ContactKind.PointFace;
      boxFeature = boxVertexFeature(g0 > 0 ? 1 : -1, g1 > 0 ? 1 : -1, g2 > 0 ? 1 : -1);
    } else if (clampedCount === 2) {
      kind = ContactKind.EdgeFace;
      // Signs as small integers (PERFORMANCE.md: doubles cross calls in arrays or fields).
      const s0 = g0 > 0 ? 1 : -1, s1 = g1 > 0 ? 1 : -1, s2 = g2 > 0 ? 1 : -1;
      boxFeature = !out0
        ? boxEdgeFeature(0, s1, s2)
        : !out1
        ? boxEdgeFeature(1, s0, s2)
        : boxEdgeFeature(2, s0, s1);
    } else {
      kind = ContactKind.FaceFace;
      boxFeature = out0
        ? boxFaceFeature(0, g0 > 0 ? 1 : -1)
        : out1
        ? boxFaceFeature(1, g1 > 0 ? 1 : -1)
        : boxFaceFeature(2, g2 > 0 ? 1 : -1);
    }
  } else {
    // Inside: the nearest face, distance h_k - s q_k for the face with outward sign s on axis k;
    // strict comparison keeps the first of equal faces in the order +x, -x, +y, -y, +z, -z.
    let faceAxis = 0, faceSign = 1, faceDistance = h0 - q0;
    if (h0 + q0 < faceDistance) {
      faceSign = -1;
      faceDistance = h0 + q0;
    }
    if (h1 - q1 < faceDistance) {
      faceAxis = 1;
      faceSign = 1;
      faceDistance = h1 - q1;
    }
    if (h1 + q1 < faceDistance) {
      faceAxis = 1;
      faceSign = -1;
      faceDistance = h1 + q1;
    }
    if (h2 - q2 < faceDistance) {
      faceAxis = 2;
      faceSign = 1;
      faceDistance = h2 - q2;
    }
    if (h2 + q2 < faceDistance) {
      faceAxis = 2;
      faceSign = -1;
      faceDistance = h2 + q2;
    }
    penetration = faceDistance + radius;
    if (penetration < -tolerance) return 0;
    // Outward face normal f = s a_k; the contact normal is -f (as 0 - f, so no -0 appears).
    const fx = faceSign * m[4 * faceAxis]!,
      fy = faceSign * m[4 * faceAxis + 1]!,
      fz = faceSign * m[4 * faceAxis + 2]!;
    nx = 0 - fx;
    ny = 0 - fy;
    nz = 0 - fz;
    wx = cx + fx * faceDistance;
    wy = cy + fy * faceDistance;
    wz = cz + fz * faceDistance;
    kind = ContactKind.FaceFace;
    boxFeature = boxFaceFeature(faceAxis, faceSign);
  }
  const contact = claimOne(data, box.body, sphere.body);
  if (contact === undefined) return 0;
  // point = witness on the box + normal * penetration / 2.
  const half = 0.5 * penetration;
  contact.point[0] = wx + nx * half;
  contact.point[1] = wy + ny * half;
  contact.point[2] = wz + nz * half;
  contact.normal[0] = nx;
  contact.normal[1] = ny;
  contact.normal[2] = nz;
  contact.penetration = penetration;
  contact.kind = kind;
  contact.featureId = packFeatureId(boxFeature, 0);
  return 1;
}
