/**
 * Box against a half-space (after Millington, Game Physics Engine Development, ch. 13.3.3): every
 * vertex of the box that lies below the plane (within the tolerance) is a PointFace contact (box
 * vertex, plane face). A box resting flat gives 4, one on an edge 2, one sunk completely 8; when
 * that is more than `maxContactsPerPair` the set is reduced by `reduceManifold` (deepest point,
 * largest area).
 *
 * With `n` the plane's unit normal, `p` the box centre, `a_k` its world axes and `h_k` its half
 * sizes, the vertex with signs `s_k` (vertex code: bit k set when `s_k = +1`, box-features.ts)
 * has height `d = (dot(n, p) - offset) + sum_k s_k h_k dot(n, a_k)` above the plane. Its contact
 * has normal `n` (from the plane, the second shape, toward the box), `penetration = -d`, witness
 * on the box the vertex `v` and on the plane its projection `v - n d`, so `point = v - n d / 2`.
 */
import { ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact, type CollisionData } from '../manifold/collision-data.js';
import { emitManifold, fitsAll, LocalManifold } from '../manifold/local-manifold.js';
import type { Box, HalfSpace, Plane } from '../shapes/primitives.js';
import type { PairCache } from '../manifold/pair-cache.js';

/** The manifold of a pair that needs choosing. Scratch of `writeBoxPlaneContacts` alone. */
const manifoldScratch = new LocalManifold();

/**
 * Shared by the half-space and the true plane: the PointFace contacts of the box's vertices
 * against `plane` seen from `side` (+1: the plane as given; -1: normal and offset negated, so
 * the normal points to the side the contacts push the box toward); when they are more than
 * `data.maxContactsPerPair` or the room left, `emitManifold` chooses. Returns how many it wrote.
 */
export function writeBoxPlaneContacts(
  box: Box,
  plane: HalfSpace | Plane,
  side: 1 | -1,
  data: CollisionData,
): number {
  // The plane seen from `side`; 0 - x rather than -x keeps zero components +0.
  const w = plane.worldNormal;
  const nx = side > 0 ? w[0]! : 0 - w[0]!,
    ny = side > 0 ? w[1]! : 0 - w[1]!,
    nz = side > 0 ? w[2]! : 0 - w[2]!;
  const offset = side > 0 ? plane.worldOffset : 0 - plane.worldOffset;
  const m = box.transform;
  const h = box.halfSize;
  const px = m[12]!, py = m[13]!, pz = m[14]!;
  const h0 = h[0]!, h1 = h[1]!, h2 = h[2]!;
  const ax0 = m[0]!, ay0 = m[1]!, az0 = m[2]!;
  const ax1 = m[4]!, ay1 = m[5]!, az1 = m[6]!;
  const ax2 = m[8]!, ay2 = m[9]!, az2 = m[10]!;
  const centreHeight = nx * px + ny * py + nz * pz - offset;
  // Height gained along each half axis: h_k dot(n, a_k), as overlapBoxHalfSpace computes it.
  const rise0 = h0 * (nx * ax0 + ny * ay0 + nz * az0);
  const rise1 = h1 * (nx * ax1 + ny * ay1 + nz * az1);
  const rise2 = h2 * (nx * ax2 + ny * ay2 + nz * az2);
  const tolerance = data.tolerance;
  // Early out (Millington, ch. 13): even the lowest vertex is above the plane by more than the tolerance.
  if (centreHeight - Math.abs(rise0) - Math.abs(rise1) - Math.abs(rise2) > tolerance) return 0;

  // The vertices within the tolerance, as a bit mask (bit v: vertex code v, box-features.ts).
  // Heights are summed in the order overlapBoxHalfSpace sums its lowest vertex, so the two
  // agree bit for bit.
  const reach = (centreHeight - rise0 - rise1 - rise2 <= tolerance ? 1 : 0) |
    (centreHeight + rise0 - rise1 - rise2 <= tolerance ? 2 : 0) |
    (centreHeight - rise0 + rise1 - rise2 <= tolerance ? 4 : 0) |
    (centreHeight + rise0 + rise1 - rise2 <= tolerance ? 8 : 0) |
    (centreHeight - rise0 - rise1 + rise2 <= tolerance ? 16 : 0) |
    (centreHeight + rise0 - rise1 + rise2 <= tolerance ? 32 : 0) |
    (centreHeight - rise0 + rise1 + rise2 <= tolerance ? 64 : 0) |
    (centreHeight + rise0 + rise1 + rise2 <= tolerance ? 128 : 0);
  // Room for all 8 (the common case): straight into the buffer. Otherwise the local manifold and
  // emitManifold choose. (PERFORMANCE.md, 3D kernels: the copy through the local manifold.)
  const direct = fitsAll(data, 8);
  const manifold = manifoldScratch;
  let written = 0;
  for (let left = reach; left !== 0; left &= left - 1) {
    const vertex = 31 - Math.clz32(left & -left);
    const s0 = vertex & 1 ? 1 : -1, s1 = vertex & 2 ? 1 : -1, s2 = vertex & 4 ? 1 : -1;
    const height = centreHeight + s0 * rise0 + s1 * rise1 + s2 * rise2;
    // The vertex, lowered halfway to the plane; 0 - height: an exact touch reports +0, not -0.
    const lower = 0.5 * height;
    const e0 = s0 * h0, e1 = s1 * h1, e2 = s2 * h2;
    const x = px + e0 * ax0 + e1 * ax1 + e2 * ax2 - nx * lower;
    const y = py + e0 * ay0 + e1 * ay1 + e2 * ay2 - ny * lower;
    const z = pz + e0 * az0 + e1 * az1 + e2 * az2 - nz * lower;
    if (direct) {
      const contact = claimContact(data, box.body, plane.body);
      contact.point[0] = x;
      contact.point[1] = y;
      contact.point[2] = z;
      contact.normal[0] = nx;
      contact.normal[1] = ny;
      contact.normal[2] = nz;
      contact.penetration = 0 - height;
      contact.kind = ContactKind.PointFace;
      contact.featureId = packFeatureId(vertex, 0);
    } else {
      const point = manifold.points[written]!;
      point.x = x;
      point.y = y;
      point.z = z;
      point.depth = 0 - height;
      point.kind = ContactKind.PointFace;
      point.features = vertex << 16;
    }
    written++;
  }
  if (direct) return written;
  manifold.count = written;
  manifold.normalX = nx;
  manifold.normalY = ny;
  manifold.normalZ = nz;
  return emitManifold(manifold, data, box.body, plane.body, false);
}

/**
 * Writes the contacts of a box with a solid half-space and returns how many it wrote: one
 * PointFace contact per vertex whose penetration `offset - dot(n, v)` is at least
 * `-data.tolerance` (0 to 8), normal the half-space's world normal, featureId
 * `packFeatureId(vertexCode, 0)`, in ascending vertex order. More than `data.maxContactsPerPair`
 * are reduced by `reduceManifold` (the deepest vertex, then the largest area). Exactly touching
 * (a face on the plane) gives 4 contacts of penetration 0. When the buffer has room for fewer,
 * the set is reduced to the room left in the same way, `data.overflowed` is set and the number
 * written returned.
 */
export function collideBoxHalfSpace<B>(
  box: Box<B>,
  halfSpace: HalfSpace<B>,
  data: CollisionData<B>,
  _cache?: PairCache,
): number {
  return writeBoxPlaneContacts(box, halfSpace, 1, data);
}
