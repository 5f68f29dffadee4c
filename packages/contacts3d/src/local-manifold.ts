/**
 * The local manifold every 3D detector fills, and the one emit step that writes it into a
 * `CollisionData` (the split of Box2D v3's b2Manifold building and parry's contact manifolds):
 * a detector computes points, depths, kinds and feature codes in the pair's canonical order
 * and knows nothing of bodies, materials or the caller's buffer; `emitManifold` alone decides
 * what fits (`maxContactsPerPair`, capacity, `overflowed`), mirrors the normal when the caller
 * passed the pair the other way round, and fills bodies and materials.
 */
import { packFeatureId, type ContactKind } from '@contactkit/math';
import { claimContact, type CollisionData } from './collision-data.js';
import type { Contact } from './contact.js';
import { reduceManifold } from './manifold.js';

/** The most points a 3D pair produces: two boxes' faces clipped into an octagon. */
export const MAX_MANIFOLD_POINTS = 8;

/**
 * Contacts of one pair before they are written out, in the pair's canonical order. Detectors
 * write the arrays directly (PERFORMANCE.md: doubles cross calls in arrays or fields).
 */
export class LocalManifold {
  /** Unit normal from the second shape (canonical order) toward the first. */
  readonly normal: Float64Array = new Float64Array(3);
  /** Contact points (the midpoints of the witness pairs), xyz per point. */
  readonly points: Float64Array = new Float64Array(3 * MAX_MANIFOLD_POINTS);
  readonly depths: Float64Array = new Float64Array(MAX_MANIFOLD_POINTS);
  readonly kinds: Int32Array = new Int32Array(MAX_MANIFOLD_POINTS);
  /** Feature codes, the first shape's << 16 | the second's (codes are below 2^16). */
  readonly features: Int32Array = new Int32Array(MAX_MANIFOLD_POINTS);
  count = 0;
}

/**
 * The overflow policy of every 3D detector: how many of the `wanted` contacts of one pair fit
 * in `data` (the room left, at most `wanted`), setting `data.overflowed` when that is fewer.
 */
export function roomFor(data: CollisionData, wanted: number): number {
  const room = data.contacts.length - data.contactCount;
  if (wanted <= room) return wanted;
  data.overflowed = true;
  return room;
}

/** Whether `most` contacts of one pair would all be written: no choosing, no overflow (`roomFor`'s policy). */
export function fitsAll(data: CollisionData, most: number): boolean {
  return most <= data.maxContactsPerPair && most <= data.contacts.length - data.contactCount;
}

/**
 * The emit step for detectors of one contact: the next contact of `data` with bodies and
 * materials set, or undefined (and `data.overflowed` set) when the buffer is full.
 */
export function claimOne(data: CollisionData, firstBody: unknown, secondBody: unknown): Contact | undefined {
  return roomFor(data, 1) === 0 ? undefined : claimContact(data, firstBody, secondBody);
}

/** Indices of the points `emitManifold` keeps. Scratch of `emitManifold` alone, reused by every call. */
const selectedScratch = new Int32Array(MAX_MANIFOLD_POINTS);

/**
 * Writes `manifold` into `data` and returns how many contacts it wrote: all its points when
 * they fit, else the best `min(maxContactsPerPair, room)` of them chosen by `reduceManifold`
 * (the deepest point, then the largest area), with `data.overflowed` set when the room left
 * was what cut the pair short. `mirrored`: the caller passed the pair in the other order, so
 * the normals are negated (points, depths and feature ids stay in canonical order). The
 * contacts get `firstBody`, `secondBody` (the caller's order) and the buffer's materials.
 */
export function emitManifold(manifold: LocalManifold, data: CollisionData, firstBody: unknown, secondBody: unknown, mirrored: boolean): number {
  const count = manifold.count;
  if (count === 0) return 0;
  const limit = roomFor(data, Math.min(count, data.maxContactsPerPair));
  const selected = selectedScratch;
  const reduced = count > limit;
  const chosen = !reduced ? count : limit === 0 ? 0 : reduceManifold(selected, manifold, limit);
  const n = manifold.normal, points = manifold.points, depths = manifold.depths, kinds = manifold.kinds, features = manifold.features;
  // 0 + x: no normal component comes out as -0.
  const sign = mirrored ? -1 : 1;
  const nx = 0 + sign * n[0]!, ny = 0 + sign * n[1]!, nz = 0 + sign * n[2]!;
  // claimContact's work, with the pool, the materials and the count read once per pair.
  const contacts = data.contacts, friction = data.friction, restitution = data.restitution;
  const first = data.contactCount;
  for (let k = 0; k < chosen; k++) {
    const i = reduced ? selected[k]! : k;
    const contact = contacts[first + k]!;
    contact.firstBody = firstBody;
    contact.secondBody = secondBody;
    contact.friction = friction;
    contact.restitution = restitution;
    const point = contact.point, normal = contact.normal;
    point[0] = points[3 * i]!;
    point[1] = points[3 * i + 1]!;
    point[2] = points[3 * i + 2]!;
    normal[0] = nx;
    normal[1] = ny;
    normal[2] = nz;
    contact.penetration = depths[i]!;
    contact.kind = kinds[i] as ContactKind;
    const codes = features[i]!;
    contact.featureId = packFeatureId(codes >>> 16, codes & 0xffff);
  }
  data.contactCount = first + chosen;
  return chosen;
}
