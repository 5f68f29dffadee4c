/**
 * The local manifold every 3D detector fills, and the one emit step that writes it into a
 * `CollisionData` (the split of Box2D v3's b2Manifold building and parry's contact manifolds):
 * a detector computes points, depths, kinds and feature codes in the pair's canonical order
 * and knows nothing of bodies, materials or the caller's buffer; `emitManifold` alone decides
 * what fits (`maxContactsPerPair`, capacity, `overflowed`), mirrors the normal when the caller
 * passed the pair the other way round, and fills bodies and materials.
 */
import { ContactKind, packFeatureId } from '@contactkit/math';
import { claimContact, type CollisionData } from './collision-data.js';
import type { Contact } from './contact.js';
import { reduceManifold } from './manifold.js';

/** The most points a 3D pair produces: two boxes' faces clipped into an octagon. */
export const MAX_MANIFOLD_POINTS = 8;

/**
 * One point of a `LocalManifold`: an object with one field per quantity (as Box2D's
 * `b2ManifoldPoint`), since a field read or write is one load or store where a typed array's
 * costs a bounds check besides (PERFORMANCE.md: 3D kernels).
 */
export class ManifoldPoint {
  /** The midpoint of the two witness points. */
  x = 0;
  y = 0;
  z = 0;
  /** > 0 overlapping, < 0 a gap (within the tolerance). */
  depth = 0;
  kind: ContactKind = ContactKind.PointFace;
  /** Feature codes, the first shape's << 16 | the second's (codes are below 2^16). */
  features = 0;
}

/** Contacts of one pair before they are written out, in the pair's canonical order. */
export class LocalManifold {
  /** Unit normal from the second shape (canonical order) toward the first. */
  normalX = 0;
  normalY = 0;
  normalZ = 1;
  /** The points; the first `count` hold this pair's. */
  readonly points: readonly ManifoldPoint[];
  count = 0;

  /**
   * Room for `capacity` points: `MAX_MANIFOLD_POINTS` for what `emitManifold` writes; more for
   * the candidates a hull's face clipping makes before `reduceManifold` chooses 8 of them.
   */
  constructor(capacity = MAX_MANIFOLD_POINTS) {
    this.points = Array.from({ length: capacity }, () => new ManifoldPoint());
  }
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
export function claimOne(
  data: CollisionData,
  firstBody: unknown,
  secondBody: unknown,
): Contact | undefined {
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
export function emitManifold(
  manifold: LocalManifold,
  data: CollisionData,
  firstBody: unknown,
  secondBody: unknown,
  mirrored: boolean,
): number {
  const count = manifold.count;
  if (count === 0) return 0;
  const limit = roomFor(data, Math.min(count, data.maxContactsPerPair));
  const selected = selectedScratch;
  const reduced = count > limit;
  const chosen = !reduced ? count : limit === 0 ? 0 : reduceManifold(selected, manifold, limit);
  const points = manifold.points;
  // 0 + x: no normal component comes out as -0.
  const sign = mirrored ? -1 : 1;
  const nx = 0 + sign * manifold.normalX,
    ny = 0 + sign * manifold.normalY,
    nz = 0 + sign * manifold.normalZ;
  // claimContact's work, with the pool, the materials and the count read once per pair.
  const contacts = data.contacts, friction = data.friction, restitution = data.restitution;
  const first = data.contactCount;
  for (let k = 0; k < chosen; k++) {
    const source = points[reduced ? selected[k]! : k]!;
    const contact = contacts[first + k]!;
    contact.firstBody = firstBody;
    contact.secondBody = secondBody;
    contact.friction = friction;
    contact.restitution = restitution;
    const point = contact.point, normal = contact.normal;
    point[0] = source.x;
    point[1] = source.y;
    point[2] = source.z;
    normal[0] = nx;
    normal[1] = ny;
    normal[2] = nz;
    contact.penetration = source.depth;
    contact.kind = source.kind;
    const codes = source.features;
    contact.featureId = packFeatureId(codes >>> 16, codes & 0xffff);
  }
  data.contactCount = first + chosen;
  return chosen;
}
