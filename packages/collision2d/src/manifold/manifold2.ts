/**
 * The 2D local manifold and its emit step, in the manner of Box2D v3's `b2Manifold` and parry's
 * contact manifolds: a detector computes its contacts into a `LocalManifold2` it is handed and
 * knows nothing of bodies, materials or the caller's buffer; `emitManifold2` is the one step that
 * writes a local manifold into a `CollisionData2` (reduction to `maxContactsPerPair`, capacity
 * and `overflowed`, mirroring when the caller's order was swapped, bodies and materials).
 *
 * A local manifold is in the pair's canonical order (see `Contact2.featureId`): normals from
 * the canonical second shape toward the first, feature codes (first, second). Points and normals
 * are in one frame the detector chooses (the frame of one of the shapes: round-off then depends
 * only on the pair's relative pose); the emit step takes that frame's transform to world space.
 * Unlike Box2D's 2-point manifold, a point carries its own normal: a concave polygon or a chain
 * can touch a shape in several places with different normals (a concave corner).
 */
import { type ContactKind, packFeatureId, type Transform2 } from '@contactkit/math';
import { claimContact2, type CollisionData2, type Contact2 } from './contact2.js';
import type { Shape2 } from '../shapes/shapes.js';

/** One point of a local manifold. */
export class ManifoldPoint2 {
  /** The midpoint of the two witness points. */
  x = 0;
  y = 0;
  /** Unit normal from the second shape toward the first. */
  normalX = 0;
  normalY = 1;
  /** > 0 overlapping, < 0 a gap (speculative). */
  penetration = 0;
  kind: ContactKind = 0;
  /** Feature codes of the first and the second shape. */
  firstFeature = 0;
  secondFeature = 0;
}

/**
 * Up to `capacity` contact points of one pair, in the pair's canonical order. The points are
 * objects with one field per quantity (as Box2D's `b2ManifoldPoint`): a field read or write is
 * one load or store, where a typed array's costs a bounds check besides (PERFORMANCE.md: 2D
 * kernels).
 */
export class LocalManifold2 {
  readonly capacity: number;
  /** Number of points held. */
  count = 0;
  readonly points: readonly ManifoldPoint2[];

  constructor(capacity: number) {
    this.capacity = capacity;
    const points: ManifoldPoint2[] = [];
    for (let i = 0; i < capacity; i++) points.push(new ManifoldPoint2());
    this.points = points;
  }

  /**
   * Adds a point. When the manifold is full, the new point replaces the shallowest one if it is
   * deeper (the emit step keeps the deepest anyway).
   */
  add(
    x: number,
    y: number,
    nx: number,
    ny: number,
    penetration: number,
    kind: ContactKind,
    firstFeature: number,
    secondFeature: number,
  ): void {
    const slot = this.nextSlot();
    if (slot === this.count) this.count = slot + 1;
    else if (this.points[slot]!.penetration >= penetration) return;
    const point = this.points[slot]!;
    point.x = x;
    point.y = y;
    point.normalX = nx;
    point.normalY = ny;
    point.penetration = penetration;
    point.kind = kind;
    point.firstFeature = firstFeature;
    point.secondFeature = secondFeature;
  }

  /**
   * Adds a copy of `source`, as `add` does (PERFORMANCE.md: doubles cross calls in arrays or fields).
   */
  addPoint(source: ManifoldPoint2): void {
    const slot = this.nextSlot();
    if (slot === this.count) this.count = slot + 1;
    else if (this.points[slot]!.penetration >= source.penetration) return;
    copyPoint(this.points[slot]!, source);
  }

  /** Where a new point goes: `count` while there is room, otherwise the shallowest point's slot. */
  private nextSlot(): number {
    if (this.count < this.capacity) return this.count;
    let shallowest = 0;
    for (let i = 1; i < this.capacity; i++) {
      if (this.points[i]!.penetration < this.points[shallowest]!.penetration) shallowest = i;
    }
    return shallowest;
  }

  /**
   * Merges points whose normals agree (cosine above 0.999) and that lie on one line along the
   * normal, within 1e-6 of the pair's size (the sum of the bounding radii of `first` and
   * `second`) across it, keeping the deeper one (the earlier one on a tie). Concave shapes are
   * computed piece by piece (and contours segment by segment): two pieces sharing a vertex can
   * report the same touching point twice, and a foot exactly at the joint of two segments in
   * line lies on both; each is one contact, whose depth is the deeper. Takes the shapes, not the
   * distance (PERFORMANCE.md: doubles cross calls in arrays or fields).
   */
  mergeDuplicates(first: Shape2, second: Shape2): void {
    const distance = 1e-6 * (first.boundingRadius + second.boundingRadius);
    const limit = distance * distance;
    let kept = 0;
    for (let i = 0; i < this.count; i++) {
      const p = this.points[i]!;
      let duplicateOf = -1;
      for (let j = 0; j < kept; j++) {
        const q = this.points[j]!;
        // The offset across the normal (the 2D cross product with the unit normal).
        const across = (p.x - q.x) * q.normalY - (p.y - q.y) * q.normalX;
        if (across * across <= limit && p.normalX * q.normalX + p.normalY * q.normalY > 0.999) {
          duplicateOf = j;
          break;
        }
      }
      if (duplicateOf < 0) {
        if (kept !== i) copyPoint(this.points[kept]!, p);
        kept++;
      } else if (p.penetration > this.points[duplicateOf]!.penetration) {
        copyPoint(this.points[duplicateOf]!, p);
      }
    }
    this.count = kept;
  }
}

function copyPoint(target: ManifoldPoint2, source: ManifoldPoint2): void {
  target.x = source.x;
  target.y = source.y;
  target.normalX = source.normalX;
  target.normalY = source.normalY;
  target.penetration = source.penetration;
  target.kind = source.kind;
  target.firstFeature = source.firstFeature;
  target.secondFeature = source.secondFeature;
}

/**
 * The emit step: writes the deepest `min(manifold.count, data.maxContactsPerPair)` points of
 * `manifold` (deepest first, the earlier on a tie) into `data`, within the room left, setting
 * `data.overflowed` when the room cut them short. Points and normals go from `frame` (the frame
 * the detector computed in) to world space; with `flip` (the caller passed the shapes in the
 * other order) the normals are negated and the bodies are `firstBody`, `secondBody` as given
 * (the caller's order); feature ids keep the canonical order either way. Returns the number
 * written.
 */
export function emitManifold2(
  manifold: LocalManifold2,
  frame: Transform2,
  data: CollisionData2,
  firstBody: unknown,
  secondBody: unknown,
  flip: boolean,
): number {
  const count = manifold.count;
  if (count === 0) return 0;
  if (count === 1) {
    // One point (most pairs): nothing to choose.
    const contact = claimOne2(data, firstBody, secondBody);
    if (contact === undefined) return 0;
    writeContact(manifold.points[0]!, frame, contact, flip);
    return 1;
  }
  const left = data.contacts.length - data.contactCount;
  const wanted = count < data.maxContactsPerPair ? count : data.maxContactsPerPair;
  let room = left;
  if (wanted > room) data.overflowed = true;
  else room = wanted;
  const points = manifold.points;
  // Deepest first, the earlier on a tie: each pass takes the deepest point that comes after the
  // last one taken in that order.
  let lastDepth = Infinity, last = -1;
  for (let k = 0; k < room; k++) {
    let best = -1;
    for (let i = 0; i < count; i++) {
      const depth = points[i]!.penetration;
      if (
        (depth < lastDepth || (depth === lastDepth && i > last)) &&
        (best < 0 || depth > points[best]!.penetration)
      ) best = i;
    }
    lastDepth = points[best]!.penetration;
    last = best;
    writeContact(points[best]!, frame, claimContact2(data, firstBody, secondBody), flip);
  }
  return room;
}

/**
 * The emit step for a pair of one contact, whose detector writes it straight into the record
 * (circle-circle, circle-polygon's convex case: see PERFORMANCE.md's tricks table): the next
 * contact of `data` with bodies and materials set, or undefined, with `data.overflowed` set,
 * when the buffer is full. The same policy as `emitManifold2` for one point, which calls it.
 */
export function claimOne2<B>(
  data: CollisionData2<B>,
  firstBody: B | null,
  secondBody: B | null,
): Contact2<B> | undefined {
  const contacts = data.contacts, count = data.contactCount;
  if (count === contacts.length) {
    data.overflowed = true;
    return undefined;
  }
  // claimContact2's work, with the pool and the count read once.
  const contact = contacts[count]!;
  data.contactCount = count + 1;
  contact.firstBody = firstBody;
  contact.secondBody = secondBody;
  contact.friction = data.friction;
  contact.restitution = data.restitution;
  return contact;
}

/** Writes one point into `contact`, in world space. */
function writeContact(
  point: ManifoldPoint2,
  frame: Transform2,
  contact: Contact2,
  flip: boolean,
): void {
  const c = frame.cos, s = frame.sin;
  contact.point[0] = c * point.x - s * point.y + frame.x;
  contact.point[1] = s * point.x + c * point.y + frame.y;
  const nx = c * point.normalX - s * point.normalY, ny = s * point.normalX + c * point.normalY;
  // 0 - x rather than -x: a flipped zero component stays +0.
  contact.normal[0] = flip ? 0 - nx : nx;
  contact.normal[1] = flip ? 0 - ny : ny;
  contact.penetration = point.penetration;
  contact.kind = point.kind;
  contact.featureId = packFeatureId(point.firstFeature, point.secondFeature);
}
