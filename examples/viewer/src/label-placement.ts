/**
 * Where a text label goes on the screen: at its anchor when that spot is clear, else at the
 * nearest spot around the anchor that keeps the label's box `LABEL_MARGIN` pixels away from every
 * line and disc drawn (shape outlines, test drawings, contact markers and arrows) and from the
 * labels placed before it. All in CSS pixels of the canvas.
 */

/** What a label must keep clear of: segments `[x0, y0, x1, y1]` and discs `[x, y, radius]`. */
export interface ScreenObstacles {
  segments: number[][];
  discs: number[][];
}

/** Pixels kept between a label's box and anything drawn. */
export const LABEL_MARGIN = 3;

/** Distance from (x, y) to the segment (ax, ay)-(bx, by). */
export function pointSegmentDistance(
  x: number,
  y: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const dx = bx - ax, dy = by - ay, lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared > 0
    ? Math.max(0, Math.min(1, ((x - ax) * dx + (y - ay) * dy) / lengthSquared))
    : 0;
  return Math.hypot(x - ax - t * dx, y - ay - t * dy);
}

/** Distance from (x, y) to the box of centre (cx, cy) and half sizes (hw, hh); 0 inside. */
function pointBoxDistance(x: number, y: number, cx: number, cy: number, hw: number, hh: number) {
  return Math.hypot(Math.max(0, Math.abs(x - cx) - hw), Math.max(0, Math.abs(y - cy) - hh));
}

/**
 * Whether the segment crosses the box: Liang-Barsky clipping of the segment's parameter range
 * against the four sides (Foley, van Dam et al., Computer Graphics, 3.12.4).
 */
function segmentMeetsBox(
  ax: number,
  ay: number,
  bx: number,
  by: number,
  cx: number,
  cy: number,
  hw: number,
  hh: number,
): boolean {
  const dx = bx - ax, dy = by - ay;
  let t0 = 0, t1 = 1;
  const sides: [number, number][] = [
    [-dx, ax - (cx - hw)],
    [dx, cx + hw - ax],
    [-dy, ay - (cy - hh)],
    [dy, cy + hh - ay],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return false;
    } else {
      const t = q / p;
      if (p < 0) t0 = Math.max(t0, t);
      else t1 = Math.min(t1, t);
      if (t0 > t1) return false;
    }
  }
  return true;
}

/**
 * Distance from the box of centre (cx, cy) and half sizes (hw, hh) to the segment; 0 when they
 * meet. Two convex sets apart are nearest at a corner of one or an end of the other.
 */
export function boxSegmentDistance(
  cx: number,
  cy: number,
  hw: number,
  hh: number,
  segment: readonly number[],
): number {
  const [ax, ay, bx, by] = segment as [number, number, number, number];
  if (segmentMeetsBox(ax, ay, bx, by, cx, cy, hw, hh)) return 0;
  let best = Math.min(
    pointBoxDistance(ax, ay, cx, cy, hw, hh),
    pointBoxDistance(bx, by, cx, cy, hw, hh),
  );
  for (const sx of [-1, 1]) {
    for (const sy of [-1, 1]) {
      best = Math.min(best, pointSegmentDistance(cx + sx * hw, cy + sy * hh, ax, ay, bx, by));
    }
  }
  return best;
}

/** The least distance from the box to any obstacle and to any box already placed. */
export function boxClearance(
  cx: number,
  cy: number,
  hw: number,
  hh: number,
  obstacles: ScreenObstacles,
  placed: readonly number[][],
): number {
  let clearance = Infinity;
  for (const segment of obstacles.segments) {
    clearance = Math.min(clearance, boxSegmentDistance(cx, cy, hw, hh, segment));
  }
  for (const [x, y, r] of obstacles.discs) {
    clearance = Math.min(clearance, pointBoxDistance(x!, y!, cx, cy, hw, hh) - r!);
  }
  for (const [x, y, w, h] of placed) {
    const gapX = Math.abs(x! - cx) - hw - w! / 2, gapY = Math.abs(y! - cy) - hh - h! / 2;
    clearance = Math.min(clearance, Math.hypot(Math.max(0, gapX), Math.max(0, gapY)));
  }
  return clearance;
}

/**
 * The centre for a `width` x `height` label anchored at (x, y): the anchor when its box is
 * `LABEL_MARGIN` clear of every obstacle and placed box, else the first clear spot on rings of 12
 * around it (one to four label heights out, starting straight up, then right, down and left),
 * else the clearest spot tried. Spots that would put the box outside `bounds` (`[width,
 * height]` of the canvas) are skipped.
 */
export function placeLabel(
  x: number,
  y: number,
  width: number,
  height: number,
  obstacles: ScreenObstacles,
  placed: readonly number[][],
  bounds: readonly number[],
): [number, number] {
  const hw = width / 2, hh = height / 2;
  let bestX = x, bestY = y, bestClearance = -Infinity;
  const consider = (cx: number, cy: number): boolean => {
    if (cx - hw < 0 || cy - hh < 0 || cx + hw > bounds[0]! || cy + hh > bounds[1]!) return false;
    const clearance = boxClearance(cx, cy, hw, hh, obstacles, placed);
    if (clearance > bestClearance) {
      bestClearance = clearance;
      bestX = cx;
      bestY = cy;
    }
    return clearance >= LABEL_MARGIN;
  };
  if (consider(x, y)) return [x, y];
  for (let ring = 1; ring <= 8; ring++) {
    const distance = (ring * height) / 2;
    for (let k = 0; k < 12; k++) {
      const angle = -Math.PI / 2 + (k * Math.PI) / 6;
      // Wide labels move sideways by their width, not their height.
      const cx = x + Math.cos(angle) * distance * Math.max(1, width / height / 2);
      const cy = y + Math.sin(angle) * distance;
      if (consider(cx, cy)) return [cx, cy];
    }
  }
  return [bestX, bestY];
}
