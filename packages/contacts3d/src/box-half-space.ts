/**
 * Box against a half-space (seed 004, after Millington ch. 13.3.3): every vertex of the box that
 * lies below the plane (within the tolerance) is a PointFace contact (box vertex, plane face).
 * A box resting flat gives 4, one on an edge 2, one sunk completely 8; when that is more than
 * `maxContactsPerPair` the set is reduced by `reduceManifold` (deepest point, largest area).
 *
 * With `n` the plane's unit normal, `p` the box centre, `a_k` its world axes and `h_k` its half
 * sizes, the vertex with signs `s_k` (vertex code: bit k set when `s_k = +1`, box-features.ts)
 * has height `d = (dot(n, p) - offset) + sum_k s_k h_k dot(n, a_k)` above the plane. Its contact
 * has normal `n` (from the plane, the second shape, toward the box), `penetration = -d`, witness
 * on the box the vertex `v` and on the plane its projection `v - n d`, so `point = v - n d / 2`.
 */
import { ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact, type CollisionData } from './collision-data.js';
import type { Contact } from './contact.js';
import { reduceManifold } from './manifold.js';
import type { Box, HalfSpace, Plane } from './primitives.js';

/**
 * The imported constants and helpers of the hot path, bound again here: V8 folds a module's own
 * constants into optimized code, while every use of an imported binding reads its cell (a load,
 * a hole check and a type check each time, per contact here). The same binding as box-box.ts.
 */
const pointFace = ContactKind.PointFace;
const claim = claimContact;
const packId = packFeatureId;

/** The candidate contacts of the current pair, in vertex order, before they are written out. */
const candidatePoints = new Float64Array(24);
const candidateDepths = new Float64Array(8);
const candidateVertices = new Int32Array(8);
const candidateNormal = new Float64Array(3);
const selected = new Int32Array(8);

/** Fills one PointFace contact of box vertex `vertex` against the plane. Small enough to inline. */
function writeContact(contact: Contact, x: number, y: number, z: number, nx: number, ny: number, nz: number, penetration: number, vertex: number): void {
  contact.point[0] = x;
  contact.point[1] = y;
  contact.point[2] = z;
  contact.normal[0] = nx;
  contact.normal[1] = ny;
  contact.normal[2] = nz;
  contact.penetration = penetration;
  contact.kind = pointFace;
  contact.featureId = packId(vertex, 0);
}

/**
 * Shared by the half-space and the true plane: writes the PointFace contacts of the box's
 * vertices against `plane` seen from `side` (+1: the plane as given; -1: normal and offset
 * negated, so the normal points to the side the contacts push the box toward), reduced to
 * `data.maxContactsPerPair`, and returns how many it wrote. When the buffer has less room than that, it reduces to the room left
 * (deepest and widest first) and sets `data.overflowed`.
 */
export function writeBoxPlaneContacts(box: Box, plane: HalfSpace | Plane, side: 1 | -1, data: CollisionData): number {
  // The plane seen from `side`; 0 - x rather than -x keeps zero components +0. Everything comes
  // in as objects, not as double arguments, which V8 would box on a call it does not inline.
  const w = plane.worldNormal;
  const nx = side > 0 ? w[0]! : 0 - w[0]!, ny = side > 0 ? w[1]! : 0 - w[1]!, nz = side > 0 ? w[2]! : 0 - w[2]!;
  const offset = side > 0 ? plane.worldOffset : 0 - plane.worldOffset;
  const m = box.transform;
  const h = box.halfSize;
  const px = m[12]!, py = m[13]!, pz = m[14]!;
  const ax0 = m[0]!, ay0 = m[1]!, az0 = m[2]!;
  const ax1 = m[4]!, ay1 = m[5]!, az1 = m[6]!;
  const ax2 = m[8]!, ay2 = m[9]!, az2 = m[10]!;
  const h0 = h[0]!, h1 = h[1]!, h2 = h[2]!;
  const centreHeight = nx * px + ny * py + nz * pz - offset;
  // Height gained along each half axis: h_k dot(n, a_k).
  const rise0 = h0 * (nx * ax0 + ny * ay0 + nz * az0);
  const rise1 = h1 * (nx * ax1 + ny * ay1 + nz * az1);
  const rise2 = h2 * (nx * ax2 + ny * ay2 + nz * az2);
  const tolerance = data.tolerance;
  // Early out (seed 004): even the lowest vertex is above the plane by more than the tolerance.
  if (centreHeight - Math.abs(rise0) - Math.abs(rise1) - Math.abs(rise2) > tolerance) return 0;

  // The heights of the 8 vertices, summed in this order so that overlapBoxHalfSpace's lowest
  // vertex matches bit for bit, turned into a mask of those within the speculative margin
  // (penetration = -height). Testing all eight first and then visiting only the set bits trades
  // eight unpredictable branches (which vertices touch depends on the pose) for one per contact.
  const reach =
    (centreHeight - rise0 - rise1 - rise2 <= tolerance ? 1 : 0) |
    (centreHeight + rise0 - rise1 - rise2 <= tolerance ? 2 : 0) |
    (centreHeight - rise0 + rise1 - rise2 <= tolerance ? 4 : 0) |
    (centreHeight + rise0 + rise1 - rise2 <= tolerance ? 8 : 0) |
    (centreHeight - rise0 - rise1 + rise2 <= tolerance ? 16 : 0) |
    (centreHeight + rise0 - rise1 + rise2 <= tolerance ? 32 : 0) |
    (centreHeight - rise0 + rise1 + rise2 <= tolerance ? 64 : 0) |
    (centreHeight + rise0 + rise1 + rise2 <= tolerance ? 128 : 0);

  // With room for all 8 vertices and no per-pair cut below 8, nothing can need choosing: the
  // vertices go straight into the buffer (the common case). Otherwise they are gathered as
  // candidates first and reduced below.
  const direct = data.maxContactsPerPair === 8 && data.contacts.length - data.contactCount >= 8;
  let count = 0;
  for (let left = reach; left !== 0; left &= left - 1) {
    // The lowest set bit's index, in ascending vertex order.
    const vertex = 31 - Math.clz32(left & -left);
    // The signs by arithmetic on the code's bits, not by branches: which vertices touch follows
    // the pose, so a branch per sign would be mispredicted often.
    const s0 = 2 * (vertex & 1) - 1, s1 = (vertex & 2) - 1, s2 = ((vertex & 4) >> 1) - 1;
    const height = centreHeight + s0 * rise0 + s1 * rise1 + s2 * rise2;
    const e0 = s0 * h0, e1 = s1 * h1, e2 = s2 * h2;
    // The vertex, lowered halfway to the plane.
    const lower = 0.5 * height;
    const x = px + e0 * ax0 + e1 * ax1 + e2 * ax2 - nx * lower;
    const y = py + e0 * ay0 + e1 * ay1 + e2 * ay2 - ny * lower;
    const z = pz + e0 * az0 + e1 * az1 + e2 * az2 - nz * lower;
    // 0 - height rather than -height: an exact touch reports +0, not -0.
    if (direct) {
      writeContact(claim(data, box.body, plane.body), x, y, z, nx, ny, nz, 0 - height, vertex);
    } else {
      candidatePoints[3 * count] = x;
      candidatePoints[3 * count + 1] = y;
      candidatePoints[3 * count + 2] = z;
      candidateDepths[count] = 0 - height;
      candidateVertices[count] = vertex;
    }
    count++;
  }
  if (direct) return count;
  if (count === 0) return 0;

  // Reduce to whatever is smaller, the pair's limit or the room left: when the buffer cuts the
  // pair short, the contacts kept are still the deepest and widest, not the first in vertex order.
  const room = data.contacts.length - data.contactCount;
  const maxPerPair = data.maxContactsPerPair;
  const wanted = count < maxPerPair ? count : maxPerPair;
  if (wanted > room) data.overflowed = true;
  if (room <= 0) return 0;
  const limit = wanted < room ? wanted : room;
  // Only a set larger than the limit needs choosing.
  const reduced = count > limit;
  let chosen = count;
  if (reduced) {
    candidateNormal[0] = nx;
    candidateNormal[1] = ny;
    candidateNormal[2] = nz;
    chosen = reduceManifold(selected, candidatePoints, candidateDepths, candidateVertices, count, candidateNormal, limit);
  }
  for (let k = 0; k < chosen; k++) {
    const i = reduced ? selected[k]! : k;
    writeContact(claim(data, box.body, plane.body), candidatePoints[3 * i]!, candidatePoints[3 * i + 1]!, candidatePoints[3 * i + 2]!, nx, ny, nz, candidateDepths[i]!, candidateVertices[i]!);
  }
  return chosen;
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
export function collideBoxHalfSpace(box: Box, halfSpace: HalfSpace, data: CollisionData): number {
  return writeBoxPlaneContacts(box, halfSpace, 1, data);
}
