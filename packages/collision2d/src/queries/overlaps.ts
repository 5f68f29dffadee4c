/**
 * Boolean overlap tests of rectangles, circles and segments on raw 2D coordinates (Ericson,
 * Real-Time Collision Detection, ch. 4 and 5): no shape classes, no poses. Points are any
 * `ArrayLike<number>` `[x, y]`; results go into caller-owned objects, so no call allocates.
 *
 * Closed sets throughout: shapes that only touch (distance exactly 0) overlap, as a contact with
 * penetration 0 is still a contact (DESIGN.md). The common rectangle test uses strict `<`; ours
 * uses `<=` so that it agrees with its circle test and with the contacts.
 */
import { closestPointOnSegment2 } from '@contactkit/math';

/** Closest point on a segment or rectangle to a circle centre, and its squared distance. */
export class ClosestPointResult2 {
  /** The closest point on the segment or on the rectangle's outline. */
  readonly point: Float64Array = new Float64Array(2);
  /** Squared distance from the centre to `point`. */
  distanceSquared = 0;
  /** Segment parameter of `point` in [0, 1] (segments), or the index of the nearest side 0..3 (rectangles). */
  t = 0;
  /** Rectangles only: the centre lies inside the rectangle (or on its outline). */
  inside = false;
}

/**
 * Axis-aligned rectangles `[aMin, aMax]` and `[bMin, bMax]` (corners `[x, y]`, `min <= max`)
 * overlap or touch. A rectangle at `position` with `width`, `height` is
 * `min = position`, `max = position + [width, height]`.
 */
export function overlapRectangles(
  aMin: ArrayLike<number>,
  aMax: ArrayLike<number>,
  bMin: ArrayLike<number>,
  bMax: ArrayLike<number>,
): boolean {
  return aMin[0]! <= bMax[0]! && bMin[0]! <= aMax[0]! && aMin[1]! <= bMax[1]! &&
    bMin[1]! <= aMax[1]!;
}

/**
 * Circles overlap or touch: `|a - b|^2 <= (ra + rb)^2` (Ericson, Real-Time Collision Detection,
 * 4.3.1: squares compared, no root). Radii assumed `>= 0`; coincident centres overlap.
 */
export function overlapCircles(
  aCentre: ArrayLike<number>,
  aRadius: number,
  bCentre: ArrayLike<number>,
  bRadius: number,
): boolean {
  const dx = aCentre[0]! - bCentre[0]!;
  const dy = aCentre[1]! - bCentre[1]!;
  const radiusSum = aRadius + bRadius;
  return dx * dx + dy * dy <= radiusSum * radiusSum;
}

const scratchA = new Float64Array(2);
const scratchB = new Float64Array(2);
const scratchP = new Float64Array(2);
const scratchClosest = new Float64Array(2);

/**
 * Circle against segment `a b` (Ericson, Real-Time Collision Detection, 5.1.2): the closest point on the
 * segment to the centre (`closestPointOnSegment2`, `t` clamped to [0, 1]) is within `radius`.
 * Writes the closest point, its parameter and squared distance to `out`; true when
 * `distanceSquared <= radius^2` (touching included). A zero-length segment is the point `a`.
 */
export function overlapCircleSegment(
  out: ClosestPointResult2,
  centre: ArrayLike<number>,
  radius: number,
  a: ArrayLike<number>,
  b: ArrayLike<number>,
): boolean {
  scratchP[0] = centre[0]!;
  scratchP[1] = centre[1]!;
  scratchA[0] = a[0]!;
  scratchA[1] = a[1]!;
  scratchB[0] = b[0]!;
  scratchB[1] = b[1]!;
  const t = closestPointOnSegment2(out.point, scratchP, scratchA, scratchB);
  const dx = scratchP[0] - out.point[0]!, dy = scratchP[1] - out.point[1]!;
  out.t = t;
  out.inside = false;
  out.distanceSquared = dx * dx + dy * dy;
  return out.distanceSquared <= radius * radius;
}

/**
 * Axis-aligned rectangle `[min, max]` against a circle (after Ericson, Real-Time Collision Detection, 5.2.5):
 * the rectangle is taken as its 4 sides, the closest point on each side to the centre is found
 * (`closestPointOnSegment2`), the nearest of the four wins. Sides in order: bottom (0), right
 * (1), top (2), left (3); on a tie the lower index wins. `out.point` is that point on the
 * outline, `out.distanceSquared` its squared distance, `out.t` the side index, `out.inside` whether
 * the centre is inside the rectangle. Returns true when the centre is inside (a test of the sides alone
 * misses this case: a small circle deep inside a large rectangle is far from every side) or the outline is
 * within `radius`. Preconditions: `min <= max`, `radius >= 0`.
 */
export function overlapRectangleCircle(
  out: ClosestPointResult2,
  min: ArrayLike<number>,
  max: ArrayLike<number>,
  centre: ArrayLike<number>,
  radius: number,
): boolean {
  const minX = min[0]!, minY = min[1]!, maxX = max[0]!, maxY = max[1]!;
  const cx = centre[0]!, cy = centre[1]!;
  scratchP[0] = cx;
  scratchP[1] = cy;
  let best = Infinity;
  let bestSide = 0;
  for (let side = 0; side < 4; side++) {
    // Corners counter-clockwise from min: (minX, minY), (maxX, minY), (maxX, maxY), (minX, maxY).
    scratchA[0] = side === 0 || side === 3 ? minX : maxX;
    scratchA[1] = side <= 1 ? minY : maxY;
    scratchB[0] = side === 0 || side === 1 ? maxX : minX;
    scratchB[1] = side === 0 || side === 3 ? minY : maxY;
    closestPointOnSegment2(scratchClosest, scratchP, scratchA, scratchB);
    const dx = cx - scratchClosest[0]!, dy = cy - scratchClosest[1]!;
    const distanceSquared = dx * dx + dy * dy;
    if (distanceSquared < best) {
      best = distanceSquared;
      bestSide = side;
      out.point[0] = scratchClosest[0]!;
      out.point[1] = scratchClosest[1]!;
    }
  }
  out.distanceSquared = best;
  out.t = bestSide;
  out.inside = cx >= minX && cx <= maxX && cy >= minY && cy <= maxY;
  return out.inside || best <= radius * radius;
}
