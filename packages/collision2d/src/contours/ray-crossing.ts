/**
 * Point in a closed polygon by the crossing number of a ray (the half-open rule of Haines, "Point
 * in Polygon Strategies", Graphics Gems IV), shared by the circle-contour contacts and the swept
 * circle. With a segment grid the ray goes toward the grid's nearest side, through the fewest
 * cells, and only the segments in those cells are examined.
 */
import type { Polygon } from '../shapes/shapes.js';

/** The answer of `rayCrossingTest`: whether the point is inside, and how many segments it examined. */
export class RayCrossing {
  inside = false;
  /** Segments examined (a diagnostic: against a long contour, far fewer than it has). */
  examined = 0;
}

/** Whether `point` (`[x, y]`, the polygon's own frame) lies inside `polygon`, into `out`. */
export function rayCrossingTest(polygon: Polygon, point: Float64Array, out: RayCrossing): void {
  const v = polygon.vertices, n = polygon.count, grid = polygon.grid;
  const x = point[0]!, y = point[1]!;
  // Ray directions: 0 +x, 1 -x, 2 +y, 3 -y.
  let direction = 0;
  let candidates = n;
  if (grid) {
    const toRight = grid.maxX - x,
      toLeft = x - grid.minX,
      toTop = grid.maxY - y,
      toBottom = y - grid.minY;
    let shortest = toRight;
    if (toLeft < shortest) {
      shortest = toLeft;
      direction = 1;
    }
    if (toTop < shortest) {
      shortest = toTop;
      direction = 2;
    }
    if (toBottom < shortest) direction = 3;
    candidates = grid.queryRay(point, direction);
  }
  // A vertical ray is the horizontal case with the axes exchanged.
  const vertical = direction >= 2;
  const along = vertical ? y : x, across = vertical ? x : y;
  const forward = direction === 0 || direction === 2;
  const acrossOffset = vertical ? 0 : 1, alongOffset = vertical ? 1 : 0;
  let inside = false;
  for (let k = 0; k < candidates; k++) {
    const i = grid ? grid.candidates[k]! : k;
    const j = i + 1 === n ? 0 : i + 1;
    const a = v[2 * i + acrossOffset]!, b = v[2 * j + acrossOffset]!;
    if (a > across !== b > across) {
      const aAlong = v[2 * i + alongOffset]!, bAlong = v[2 * j + alongOffset]!;
      const crossing = aAlong + ((across - a) * (bAlong - aAlong)) / (b - a);
      if (forward ? along < crossing : along > crossing) inside = !inside;
    }
  }
  out.inside = inside;
  out.examined = candidates;
}
