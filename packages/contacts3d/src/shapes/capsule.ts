/**
 * The capsule: every point within `radius` of a segment, the swept sphere of Ericson (Real-Time
 * Collision Detection, 4.5.1) and Box2D's capsule. Its segment, the core, runs along the local
 * Y axis from `(0, -halfLength, 0)` to `(0, halfLength, 0)`, as three.js's `CapsuleGeometry` and
 * Rapier's capsule lie.
 *
 * Features (codes shared by every capsule pair, so ids mean the same in each): the side, the
 * segment's interior, is code 0 (`CAPSULE_SIDE_FEATURE`); the end at `-halfLength` is code 1 and
 * the end at `+halfLength` code 2 (`capsuleEndFeature`). A capsule's contact kinds are those of
 * its core: an end is a point, the side an edge (so a capsule's end on a box face or a plane is
 * `PointFace`, its side across a box edge `EdgeEdge`); a sphere counts as a face, as in box-sphere.
 */
import { requireCoordinate, requirePositive } from '@contactkit/math';
import { Primitive, ShapeType } from './primitives.js';

/**
 * Distances between cores below this fraction of the pair's size count as zero: the cores touch
 * or cross, and the normal is taken from the shapes' axes instead (a direction read from a
 * difference at the round-off of the poses would point anywhere). Relative, so that the answers
 * do not change with the unit of length (issue 21 made the sphere tests so; an absolute 1e-12
 * made capsules of size 1e-14 touch across a gap).
 */
export const CORE_SLACK = 1e-12;

/** Feature code of a capsule's side (the interior of its segment). */
export const CAPSULE_SIDE_FEATURE = 0;

/** Feature code of the capsule's end on the side `sign` of local Y: 1 for `-halfLength`, 2 for `+halfLength`. */
export function capsuleEndFeature(sign: number): number {
  return sign < 0 ? 1 : 2;
}

/**
 * Feature code of the point at parameter `t` of the segment (0 at the `-halfLength` end, 1 at
 * the other): an end at 0 or 1, the side in between. A capsule of half length 0 is one point,
 * the end at `-halfLength`.
 */
export function capsuleFeatureAt(t: number, halfLength: number): number {
  return t <= 0 || halfLength === 0 ? 1 : t >= 1 ? 2 : CAPSULE_SIDE_FEATURE;
}

/**
 * A capsule: the points within `radius` of the segment from `(0, -halfLength, 0)` to
 * `(0, halfLength, 0)` in its own frame. `radius > 0`; `halfLength >= 0` (0 is a sphere).
 */
export class Capsule<B = unknown> extends Primitive<B> {
  /** `ShapeType.Capsule`. */
  readonly shapeType = ShapeType.Capsule;
  private radiusValue = 1;
  private halfLengthValue = 0;

  constructor(radius: number, halfLength: number) {
    super();
    // Both checked before either is stored: a rejected construction leaves nothing half set.
    Capsule.checkRadius(radius);
    Capsule.checkHalfLength(halfLength);
    this.radiusValue = radius;
    this.halfLength = halfLength;
  }

  private static checkRadius(value: number): number {
    return requireCoordinate('Capsule.radius', requirePositive('Capsule.radius', value));
  }

  private static checkHalfLength(value: number): number {
    requireCoordinate('Capsule.halfLength', value);
    if (value < 0) throw new RangeError(`Capsule.halfLength must be at least 0, got ${value}`);
    return value;
  }

  /** Greater than 0 and at most `MAX_COORDINATE`. */
  get radius(): number {
    return this.radiusValue;
  }
  /**
   * Throws a RangeError, changing nothing, for a radius that is not greater than 0, not finite or
   * above `MAX_COORDINATE`.
   */
  set radius(value: number) {
    this.radiusValue = Capsule.checkRadius(value);
    this.sizeChanged();
  }

  /** Half the length of the segment; at least 0 and at most `MAX_COORDINATE`. */
  get halfLength(): number {
    return this.halfLengthValue;
  }
  /**
   * Throws a RangeError, changing nothing, for a half length that is negative, not finite or above
   * `MAX_COORDINATE`.
   */
  set halfLength(value: number) {
    this.halfLengthValue = Capsule.checkHalfLength(value);
    this.sizeChanged();
  }

  /** The segment's ends, each a sphere of `radius`: the box holds both (Ericson 4.2). */
  protected writeAabb(): void {
    const m = this.transform, r = this.radiusValue, l = this.halfLengthValue;
    for (let i = 0; i < 3; i++) {
      // The local Y axis in world is column 1 of the transform.
      const extent = Math.abs(m[4 + i]!) * l + r;
      this.aabb[i] = m[12 + i]! - extent;
      this.aabb[3 + i] = m[12 + i]! + extent;
    }
  }
}
