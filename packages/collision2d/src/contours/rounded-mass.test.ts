import { describe, expect, it } from 'vitest';
import { polygonArea, polygonCentroid, polygonSecondMoments } from './mass.js';
import { roundedPolygonMass } from './rounded-mass.js';

/** Distance from (x, y) to the outline `flat` (closed), and whether (x, y) is inside it. */
function coreDistance(flat: number[], x: number, y: number): number {
  const n = flat.length / 2;
  let best = Infinity, inside = false;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const ax = flat[2 * j]!, ay = flat[2 * j + 1]!, bx = flat[2 * i]!, by = flat[2 * i + 1]!;
    const ex = bx - ax, ey = by - ay;
    const t = Math.max(0, Math.min(1, ((x - ax) * ex + (y - ay) * ey) / (ex * ex + ey * ey)));
    best = Math.min(best, Math.hypot(x - ax - t * ex, y - ay - t * ey));
    if (ay > y !== by > y && x < ax + ((y - ay) * ex) / ey) inside = !inside;
  }
  return inside ? 0 : best;
}

/**
 * An independent estimate: the midpoints of a `cells` x `cells` grid over the inflated box, each
 * kept when within `radius` of the core (inside counts as 0), summed into area, centroid, moments.
 */
function sampled(flat: number[], radius: number, cells: number) {
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (let i = 0; i < flat.length; i += 2) {
    minX = Math.min(minX, flat[i]!);
    maxX = Math.max(maxX, flat[i]!);
    minY = Math.min(minY, flat[i + 1]!);
    maxY = Math.max(maxY, flat[i + 1]!);
  }
  minX -= radius;
  minY -= radius;
  maxX += radius;
  maxY += radius;
  const hx = (maxX - minX) / cells, hy = (maxY - minY) / cells, cellArea = hx * hy;
  let area = 0, sx = 0, sy = 0;
  const kept: number[] = [];
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const x = minX + (i + 0.5) * hx, y = minY + (j + 0.5) * hy;
      if (coreDistance(flat, x, y) <= radius) {
        area += cellArea;
        sx += x * cellArea;
        sy += y * cellArea;
        kept.push(x, y);
      }
    }
  }
  const cx = sx / area, cy = sy / area;
  let ixx = 0, iyy = 0;
  for (let k = 0; k < kept.length; k += 2) {
    ixx += (kept[k + 1]! - cy) ** 2 * cellArea;
    iyy += (kept[k]! - cx) ** 2 * cellArea;
  }
  return { area, cx, cy, ixx, iyy };
}

describe('roundedPolygonMass', () => {
  it('radius 0 is the polygon itself', () => {
    const points = [[0, 0], [3, 0], [3, 1], [1, 1], [1, 2], [0, 2]];
    const mass = roundedPolygonMass(points, 0);
    expect(mass.area).toBeCloseTo(polygonArea(points), 12);
    const c = polygonCentroid(points);
    expect(mass.centroid[0]).toBeCloseTo(c[0]!, 12);
    expect(mass.centroid[1]).toBeCloseTo(c[1]!, 12);
    const m = polygonSecondMoments(points);
    for (let k = 0; k < 3; k++) expect(mass.secondMoments[k]).toBeCloseTo(m[k]!, 12);
  });

  it('a rounded square: A + P r + pi r^2 and its moments by hand, at three scales', () => {
    for (const s of [1e-3, 1, 1e3]) {
      const h = s, r = 0.5 * s;
      // Square of side 2h rounded by r, either winding.
      for (
        const points of [[[-h, -h], [h, -h], [h, h], [-h, h]], [[-h, h], [h, h], [h, -h], [-h, -h]]]
      ) {
        const mass = roundedPolygonMass(points, r);
        const area = 4 * h * h + 8 * h * r + Math.PI * r * r;
        expect(mass.area / area).toBeCloseTo(1, 12);
        expect(Math.abs(mass.centroid[0]!) / s).toBeLessThan(1e-12);
        // Iyy = the integral of x^2: the core square (2h)^4 / 12; the two side bands r x 2h at
        // distance h + r / 2 (own r^3 2h / 12); the top and bottom bands (2h)^3 r / 12 each; four
        // quarter discs, a full disc about its centre pi r^4 / 4 moved out by h: + pi r^2 h^2, and
        // the cross terms 2 h * (first moment of the two right quarters) = 2 h * 4 r^3 / 3 - the
        // right half disc's first moment is 2 r^3 / 3, so both halves add 2 * 2 h * 2 r^3 / 3.
        const iyy = (2 * h) ** 4 / 12 +
          2 * ((r ** 3 * 2 * h) / 12 + 2 * h * r * (h + r / 2) ** 2) +
          2 * (((2 * h) ** 3 * r) / 12) +
          (Math.PI * r ** 4) / 4 + Math.PI * r * r * h * h + (8 / 3) * h * r ** 3;
        expect(mass.secondMoments[1]! / iyy).toBeCloseTo(1, 12);
        expect(mass.secondMoments[0]! / iyy).toBeCloseTo(1, 12);
        expect(Math.abs(mass.secondMoments[2]!) / iyy).toBeLessThan(1e-12);
        expect(mass.secondMoment).toBeCloseTo(2 * mass.secondMoments[0]!, 5);
      }
    }
  });

  it('agrees with grid sampling of the distance to the core: convex and concave, three scales', () => {
    const shapes: [number[], number][] = [
      // A triangle, a radius larger than the core.
      [[0, 0, 1, 0, 0.2, 0.7], 1.5],
      // An L (one reflex corner), a radius below its arms' width.
      [[0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2], 0.3],
      // A U whose notch (1 wide) the radius 0.45 does not close: the bands inside the notch
      // meet the reflex corners only.
      [[0, 0, 3, 0, 3, 2, 2, 2, 2, 0.5, 1, 0.5, 1, 2, 0, 2], 0.45],
    ];
    for (const scale of [1e-3, 1, 1e3]) {
      for (const [outline, radius] of shapes) {
        const flat = outline.map((v) => v * scale);
        const mass = roundedPolygonMass(flat, radius * scale);
        const grid = sampled(flat, radius * scale, 600);
        expect(Math.abs(mass.area / grid.area - 1)).toBeLessThan(1e-3);
        const size = Math.sqrt(grid.area);
        expect(Math.abs(mass.centroid[0]! - grid.cx) / size).toBeLessThan(1e-3);
        expect(Math.abs(mass.centroid[1]! - grid.cy) / size).toBeLessThan(1e-3);
        expect(Math.abs(mass.secondMoments[0]! / grid.ixx - 1)).toBeLessThan(2e-3);
        expect(Math.abs(mass.secondMoments[1]! / grid.iyy - 1)).toBeLessThan(2e-3);
      }
    }
  });

  it('where the offset folds (a notch the radius closes), counts the overlap more than once', () => {
    const flat = [0, 0, 3, 0, 3, 2, 2, 2, 2, 0.5, 1, 0.5, 1, 2, 0, 2];
    const mass = roundedPolygonMass(flat, 0.8);
    const grid = sampled(flat, 0.8, 400);
    expect(mass.area).toBeGreaterThan(grid.area * 1.01);
  });

  it('rejects a bad radius naming it, and writes nothing', () => {
    expect(() => roundedPolygonMass([[0, 0], [1, 0], [0, 1]], -1)).toThrow(
      /roundedPolygonMass.radius must be at least 0, got -1/,
    );
    expect(() => roundedPolygonMass([[0, 0], [1, 0], [0, 1]], Number.NaN)).toThrow(RangeError);
    expect(() => roundedPolygonMass([[0, 0], [1, 0], [0, 1]], 1e80)).toThrow(RangeError);
  });
});
