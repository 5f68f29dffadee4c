/**
 * `Capsule2`: the points within `radius` of the segment from `(-halfLength, 0)` to
 * `(halfLength, 0)` in its own frame (Box2D v3's `b2Capsule`), a rounded shape whose contacts
 * need no vertex: two half discs joined by two flat sides.
 *
 * Feature codes (as `shapes.ts` numbers them for polygons, the capsule read as a two-vertex
 * polygon inflated by its radius): side 0 is the flat side facing local -y (the edge from vertex 0
 * to vertex 1 of a counter-clockwise outline), side 1 the one facing +y, and `VERTEX_FEATURE | 0`,
 * `VERTEX_FEATURE | 1` the round ends about `(-halfLength, 0)` and `(halfLength, 0)`.
 */
import { requireCoordinate, requireNonNegative, requirePositive } from '@contactkit/math';
import { Shape2, ShapeType2, VERTEX_FEATURE } from './shapes.js';

/** Feature code of a capsule's flat side facing local -y. */
export const CAPSULE2_LOWER_SIDE = 0;
/** Feature code of a capsule's flat side facing local +y. */
export const CAPSULE2_UPPER_SIDE = 1;
/** Feature code of the round end about `(-halfLength, 0)` (`end` 0) or `(halfLength, 0)` (`end` 1). */
export function capsule2EndFeature(end: number): number {
  return VERTEX_FEATURE | end;
}

/**
 * A capsule of `radius` about the segment from `(-halfLength, 0)` to `(halfLength, 0)` in its own
 * frame. `radius` > 0 and `halfLength` >= 0 (0: a circle), each at most `MAX_COORDINATE`;
 * otherwise a RangeError (a TypeError for a non-number) naming the field and the value.
 */
export class Capsule2<B = unknown> extends Shape2<B> {
  /** `ShapeType2.Capsule2`. */
  readonly shapeType = ShapeType2.Capsule2;
  /** The radius, greater than 0. */
  readonly radius: number;
  /** Half the length of the core segment, at least 0. */
  readonly halfLength: number;
  /** `halfLength + radius`: the farthest point from the local origin. */
  readonly boundingRadius: number;
  /**
   * What the kernels read, in one array: the radius and the half length. A typed array's
   * elements are always doubles, where a field that first held an integer is read as a tagged
   * value and can cost a heap number a call downstream (16 bytes, measured on circle-capsule).
   */
  readonly packed: Float64Array = new Float64Array(2);

  constructor(radius: number, halfLength: number) {
    super();
    this.radius = requireCoordinate('Capsule2.radius', requirePositive('Capsule2.radius', radius));
    this.halfLength = requireCoordinate(
      'Capsule2.halfLength',
      requireNonNegative('Capsule2.halfLength', halfLength),
    );
    this.boundingRadius = this.halfLength + this.radius;
    this.packed[0] = this.radius;
    this.packed[1] = this.halfLength;
    this.updateAabb();
  }

  protected updateAabb(): void {
    const xf = this.transform, h = this.halfLength, r = this.radius;
    // The local x axis turned by the pose, times the half length: the core's end from the centre.
    const ex = xf.cos * h, ey = xf.sin * h;
    const halfWidth = Math.abs(ex) + r, halfHeight = Math.abs(ey) + r;
    this.aabb[0] = xf.x - halfWidth;
    this.aabb[1] = xf.y - halfHeight;
    this.aabb[2] = xf.x + halfWidth;
    this.aabb[3] = xf.y + halfHeight;
  }
}
