import { ContactKind } from '@contactkit/math';

/**
 * One contact between two primitives (seed 004's Contact), in world space.
 *
 * Conventions (DESIGN.md): `normal` is a unit vector from the second primitive toward the first,
 * so moving the first by `normal * penetration` separates the pair; `penetration > 0` overlaps,
 * `0` touches, `< 0` is a gap within the caller's tolerance; `point` is the midpoint of the two
 * witness points.
 */
export class Contact {
  /** Midpoint of the two witness points, world space. */
  readonly point = new Float64Array(3);
  /** Unit vector from the second primitive toward the first, world space. */
  readonly normal = new Float64Array(3);
  /** Depth along `normal`: positive when overlapping, negative for a speculative gap. */
  penetration = 0;
  /** Which features touch. */
  kind: ContactKind = ContactKind.FaceFace;
  /**
   * The pair of touching features, packed as `(featureA << 16) | featureB` (`firstFeatureOf`,
   * `secondFeatureOf` unpack it): stable while the same features stay in touch, and the same in
   * either argument order, so a solver can match contacts across frames. A and B are the pair's
   * canonical order: the order of the detector's name for mixed pairs (box before sphere, sphere
   * or box before the plane), and for two boxes an order that neither swapping the arguments nor
   * moving the pair changes (see box-box.ts).
   */
  featureId = 0;
  /** The `body` values of the first and second primitive. */
  readonly bodies: [unknown, unknown] = [null, null];
  /** Copied from the CollisionData when the contact is written. */
  friction = 0;
  /** Copied from the CollisionData when the contact is written. */
  restitution = 0;

  /** The witness point on the first primitive's surface: `point - normal * penetration / 2`. */
  pointOnFirst(out: Float64Array): Float64Array {
    const half = 0.5 * this.penetration;
    out[0] = this.point[0]! - this.normal[0]! * half;
    out[1] = this.point[1]! - this.normal[1]! * half;
    out[2] = this.point[2]! - this.normal[2]! * half;
    return out;
  }

  /** The witness point on the second primitive's surface: `point + normal * penetration / 2`. */
  pointOnSecond(out: Float64Array): Float64Array {
    const half = 0.5 * this.penetration;
    out[0] = this.point[0]! + this.normal[0]! * half;
    out[1] = this.point[1]! + this.normal[1]! * half;
    out[2] = this.point[2]! + this.normal[2]! * half;
    return out;
  }
}
