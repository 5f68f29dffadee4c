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
import { claimContact2, type CollisionData2 } from './contact2.js';

/** Up to `capacity` contact points of one pair, in the pair's canonical order. */
export class LocalManifold2 {
  readonly capacity: number;
  /** Number of points held. */
  count = 0;
  /** Point i at 2 i: the midpoint of its two witness points. */
  readonly points: Float64Array;
  /** Unit normal of point i at 2 i, from the second shape toward the first. */
  readonly normals: Float64Array;
  /** Penetration of point i: > 0 overlapping, < 0 a gap (speculative). */
  readonly penetrations: Float64Array;
  readonly kinds: Int32Array;
  /** Feature codes of point i at 2 i (first shape) and 2 i + 1 (second shape). */
  readonly features: Int32Array;
  /** Scratch of the emit step: 1 for a point already written. */
  readonly written: Uint8Array;

  constructor(capacity: number) {
    this.capacity = capacity;
    this.points = new Float64Array(2 * capacity);
    this.normals = new Float64Array(2 * capacity);
    this.penetrations = new Float64Array(capacity);
    this.kinds = new Int32Array(capacity);
    this.features = new Int32Array(2 * capacity);
    this.written = new Uint8Array(capacity);
  }

  /**
   * Adds a point. When the manifold is full, the new point replaces the shallowest one if it is
   * deeper (the emit step keeps the deepest anyway).
   */
  add(x: number, y: number, nx: number, ny: number, penetration: number, kind: ContactKind, firstFeature: number, secondFeature: number): void {
    let slot = this.count;
    if (slot === this.capacity) {
      slot = 0;
      for (let i = 1; i < this.capacity; i++) if (this.penetrations[i]! < this.penetrations[slot]!) slot = i;
      if (this.penetrations[slot]! >= penetration) return;
    } else {
      this.count = slot + 1;
    }
    this.points[2 * slot] = x;
    this.points[2 * slot + 1] = y;
    this.normals[2 * slot] = nx;
    this.normals[2 * slot + 1] = ny;
    this.penetrations[slot] = penetration;
    this.kinds[slot] = kind;
    this.features[2 * slot] = firstFeature;
    this.features[2 * slot + 1] = secondFeature;
  }

  /**
   * Merges points whose normals agree (cosine above 0.999) and that lie on one line along the
   * normal, within `distance` across it, keeping the deeper one (the earlier one on a tie).
   * Concave shapes are computed piece by piece (and contours segment by segment): two pieces
   * sharing a vertex can report the same touching point twice, and a foot exactly at the joint
   * of two segments in line lies on both; each is one contact, whose depth is the deeper.
   */
  mergeDuplicates(distance: number): void {
    const limit = distance * distance;
    const p = this.points, n = this.normals;
    let kept = 0;
    for (let i = 0; i < this.count; i++) {
      let duplicateOf = -1;
      for (let j = 0; j < kept; j++) {
        // The offset across the normal (the 2D cross product with the unit normal).
        const across = (p[2 * i]! - p[2 * j]!) * n[2 * j + 1]! - (p[2 * i + 1]! - p[2 * j + 1]!) * n[2 * j]!;
        if (across * across <= limit && n[2 * i]! * n[2 * j]! + n[2 * i + 1]! * n[2 * j + 1]! > 0.999) {
          duplicateOf = j;
          break;
        }
      }
      if (duplicateOf < 0) {
        if (kept !== i) this.copy(kept, i);
        kept++;
      } else if (this.penetrations[i]! > this.penetrations[duplicateOf]!) {
        this.copy(duplicateOf, i);
      }
    }
    this.count = kept;
  }

  private copy(target: number, source: number): void {
    this.points[2 * target] = this.points[2 * source]!;
    this.points[2 * target + 1] = this.points[2 * source + 1]!;
    this.normals[2 * target] = this.normals[2 * source]!;
    this.normals[2 * target + 1] = this.normals[2 * source + 1]!;
    this.penetrations[target] = this.penetrations[source]!;
    this.kinds[target] = this.kinds[source]!;
    this.features[2 * target] = this.features[2 * source]!;
    this.features[2 * target + 1] = this.features[2 * source + 1]!;
  }
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
  const wanted = count < data.maxContactsPerPair ? count : data.maxContactsPerPair;
  let room = data.contacts.length - data.contactCount;
  if (wanted > room) data.overflowed = true;
  else room = wanted;
  const written = manifold.written, depths = manifold.penetrations;
  for (let i = 0; i < count; i++) written[i] = 0;
  const c = frame.cos, s = frame.sin;
  for (let k = 0; k < room; k++) {
    let i = 0;
    for (let j = 1; j < count; j++) if (written[i] !== 0 || (written[j] === 0 && depths[j]! > depths[i]!)) i = j;
    written[i] = 1;
    const px = manifold.points[2 * i]!, py = manifold.points[2 * i + 1]!;
    const nx = manifold.normals[2 * i]!, ny = manifold.normals[2 * i + 1]!;
    const contact = claimContact2(data, firstBody, secondBody);
    contact.point[0] = c * px - s * py + frame.x;
    contact.point[1] = s * px + c * py + frame.y;
    const wx = c * nx - s * ny, wy = s * nx + c * ny;
    // 0 - x rather than -x: a flipped zero component stays +0.
    contact.normal[0] = flip ? 0 - wx : wx;
    contact.normal[1] = flip ? 0 - wy : wy;
    contact.penetration = depths[i]!;
    contact.kind = manifold.kinds[i]! as ContactKind;
    contact.featureId = packFeatureId(manifold.features[2 * i]!, manifold.features[2 * i + 1]!);
  }
  return room;
}
