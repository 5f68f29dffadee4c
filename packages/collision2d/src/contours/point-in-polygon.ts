/**
 * Point in polygon by the winding number, for convex and concave outlines on raw coordinates
 * or posed in the world.
 */
import { type Transform2 } from '@contactkit/math';

function cross(ax: number, ay: number, bx: number, by: number): number {
  return ax * by - ay * bx;
}

/**
 * Winding number of the closed polygon `polygon` (flat `[x0, y0, x1, y1, ...]`, any winding,
 * convex or concave, self-intersections allowed) around the point `(px, py)`: the number of
 * times the outline turns counter-clockwise around it (negative for clockwise outlines). Sunday's
 * crossing rule (D. Sunday, "Inclusion of a Point in a Polygon", 2001): an upward edge that has
 * the point strictly on its left adds 1, a downward edge that has it strictly on its right
 * subtracts 1, no trigonometry. Returns 0 for fewer than 3 vertices.
 * Points exactly on the outline get an answer that depends on the edge; `pointInPolygon`
 * decides them first.
 */
export function windingNumber(polygon: ArrayLike<number>, px: number, py: number): number {
  const count = polygon.length >> 1;
  if (count < 3) return 0;
  let winding = 0;
  let x0 = polygon[2 * count - 2]!, y0 = polygon[2 * count - 1]!;
  for (let i = 0; i < count; i++) {
    const x1 = polygon[2 * i]!, y1 = polygon[2 * i + 1]!;
    // side > 0: point left of the edge x0 -> x1.
    const side = cross(x1 - x0, y1 - y0, px - x0, py - y0);
    if (y0 <= py) {
      if (y1 > py && side > 0) winding++;
    } else if (y1 <= py && side < 0) {
      winding--;
    }
    x0 = x1;
    y0 = y1;
  }
  return winding;
}

/**
 * A polygon placed in the world: local vertices (flat, `[x0, y0, x1, y1, ...]`) and a pose.
 * The package's `Polygon` shape is one (structurally), so `pointInPolygon` takes it directly.
 */
export interface PosedOutline {
  /** The vertices, `x, y` each, in the outline's own frame. */
  readonly vertices: ArrayLike<number>;
  /** Where the outline is in the world. */
  readonly transform: Transform2;
  /** A rounding radius (a rounded `Polygon`'s): the points within it of the outline count too. */
  readonly radius?: number;
}

/**
 * Whether the world point `point` lies in the closed polygon `polygon`: either a flat list
 * `[x0, y0, x1, y1, ...]` in world coordinates, or a posed outline such as a `Polygon` shape
 * (the point is taken into its frame first; a rounded polygon's points within its radius of the
 * outline count as inside). Any winding, convex or concave; a test by projection
 * onto the edge axes, which holds only for convex polygons, so the winding number decides.
 * A point exactly on the outline (edge cross product exactly 0 within the edge's extent,
 * vertices included) is inside; a point off the outline by round-off only may go either way.
 * Fewer than 3 vertices: false. A self-intersecting outline answers by the non-zero rule.
 */
export function pointInPolygon(
  polygon: ArrayLike<number> | PosedOutline,
  point: ArrayLike<number>,
): boolean {
  const px = point[0]!, py = point[1]!;
  if ('transform' in polygon) {
    const xf = polygon.transform;
    const dx = px - xf.x, dy = py - xf.y;
    // R^T (p - t): the point in the polygon's own frame.
    const x = xf.cos * dx + xf.sin * dy, y = -xf.sin * dx + xf.cos * dy;
    if (pointInOutline(polygon.vertices, x, y)) return true;
    const radius = polygon.radius ?? 0;
    return radius > 0 && withinOfOutline(polygon.vertices, x, y, radius);
  }
  return pointInOutline(polygon, px, py);
}

/** Whether (px, py) lies within `radius` of a segment of the closed outline. */
function withinOfOutline(
  polygon: ArrayLike<number>,
  px: number,
  py: number,
  radius: number,
): boolean {
  const n = polygon.length >> 1;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = polygon[2 * j]!, ay = polygon[2 * j + 1]!;
    const ex = polygon[2 * i]! - ax, ey = polygon[2 * i + 1]! - ay;
    let t = ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey);
    t = t < 0 ? 0 : t > 1 ? 1 : t;
    const fx = px - ax - t * ex, fy = py - ay - t * ey;
    if (fx * fx + fy * fy <= radius * radius) return true;
  }
  return false;
}

function pointInOutline(polygon: ArrayLike<number>, px: number, py: number): boolean {
  const count = polygon.length >> 1;
  if (count < 3) return false;
  let x0 = polygon[2 * count - 2]!, y0 = polygon[2 * count - 1]!;
  for (let i = 0; i < count; i++) {
    const x1 = polygon[2 * i]!, y1 = polygon[2 * i + 1]!;
    if (
      cross(x1 - x0, y1 - y0, px - x0, py - y0) === 0 &&
      px >= Math.min(x0, x1) && px <= Math.max(x0, x1) &&
      py >= Math.min(y0, y1) && py <= Math.max(y0, y1)
    ) {
      return true;
    }
    x0 = x1;
    y0 = y1;
  }
  return windingNumber(polygon, px, py) !== 0;
}
