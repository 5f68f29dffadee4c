import { describe, it, expect } from 'vitest';
import { traceOutline, simplifyContour } from './trace.js';
import { polygonArea, polygonCentroid, polygonSignedArea } from './mass.js';
import { normalizeContour, formatContour, parseContour, placeContour } from './contour.js';

/** A `width` x `height` mask (1 inside, 0 outside) of the pixels whose centres `inside` accepts. */
function mask(
  width: number,
  height: number,
  inside: (x: number, y: number) => boolean,
): Uint8Array {
  const data = new Uint8Array(width * height);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) data[j * width + i] = inside(i + 0.5, j + 0.5) ? 1 : 0;
  }
  return data;
}

const inRectangle = (x0: number, y0: number, x1: number, y1: number) => (x: number, y: number) =>
  x >= x0 && x <= x1 && y >= y0 && y <= y1;

describe('traceOutline: marching squares on generated rasters', () => {
  it('a rectangle of whole pixels: sides exact, each corner cut by 1/8 pixel', () => {
    // Pixels 10..29 by 5..24 inside: the square union [10, 30] x [5, 25], area 400.
    const data = mask(40, 30, inRectangle(10, 5, 30, 25));
    const outline = traceOutline({ data, width: 40, height: 30 });
    expect(polygonSignedArea(outline)).toBe(400 - 4 / 8);
    const xs = outline.map((p) => p[0]), ys = outline.map((p) => p[1]);
    expect([Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]).toEqual([
      10,
      30,
      5,
      25,
    ]);
    // One point per pixel step: a side n pixels long has n crossings, 4 sides of 20.
    expect(outline.length).toBe(2 * (20 + 20));
    // Tolerance 0 keeps exactly the 8 ends of the corner cuts.
    const corners = simplifyContour(outline, { tolerance: 0 });
    expect(corners.length).toBe(8);
    expect(polygonArea(corners)).toBe(399.5);
  });

  it('an L of whole pixels: 5 convex corners lose 1/8 each, the concave one gains 1/8', () => {
    // [4, 24] x [3, 9] plus [4, 10] x [9, 27]: area 120 + 108 = 228; centroid by the two rectangles.
    const inside = (x: number, y: number) =>
      inRectangle(4, 3, 24, 9)(x, y) || inRectangle(4, 9, 10, 27)(x, y);
    const outline = traceOutline({ data: mask(30, 30, inside), width: 30, height: 30 });
    expect(polygonArea(outline)).toBe(228 - 5 / 8 + 1 / 8);
    const corners = simplifyContour(outline, { tolerance: 0 });
    expect(corners.length).toBe(12);
    // The centroid moves by the six corner triangles only: within 0.05 pixel of the exact
    // (120 * (14, 6) + 108 * (7, 18)) / 228.
    const centroid = polygonCentroid(outline);
    expect(Math.abs(centroid[0] - (120 * 14 + 108 * 7) / 228)).toBeLessThan(0.05);
    expect(Math.abs(centroid[1] - (120 * 6 + 108 * 18) / 228)).toBeLessThan(0.05);
  });

  it('a disc: every point within half a pixel of the circle, the area within the annulus that allows', () => {
    const cx = 50.3, cy = 49.7, r = 40;
    const data = mask(100, 100, (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r);
    const outline = traceOutline({ data, width: 100, height: 100 });
    // Each point is the midpoint of an inside and an outside pixel centre one pixel apart, so it
    // lies within 0.5 of the circle; each segment crosses one cell, bowing inward by less than 0.01.
    for (const [x, y] of outline) {
      expect(Math.abs(Math.hypot(x - cx, y - cy) - r)).toBeLessThanOrEqual(0.5);
    }
    const area = polygonArea(outline);
    expect(area).toBeGreaterThan(Math.PI * (r - 0.51) ** 2);
    expect(area).toBeLessThan(Math.PI * (r + 0.5) ** 2);
    // The errors average out far below that bound (about 0.1% here).
    expect(Math.abs(area / (Math.PI * r * r) - 1)).toBeLessThan(0.003);
    const centroid = polygonCentroid(outline);
    expect(Math.hypot(centroid[0] - cx, centroid[1] - cy)).toBeLessThan(0.05);
  });

  it('reads alpha from RGBA data, inverts, ignores holes and keeps the largest shape', () => {
    const width = 60, height = 40;
    // A ring (outer radius 15, inner 8) at (20, 20) and a small square elsewhere.
    const ring = (x: number, y: number) => {
      const d = Math.hypot(x - 20, y - 20);
      return d <= 15 && d >= 8;
    };
    const small = inRectangle(45, 5, 55, 15);
    const alpha = mask(width, height, (x, y) => ring(x, y) || small(x, y));
    const rgba = new Uint8ClampedArray(4 * width * height);
    for (let k = 0; k < width * height; k++) {
      rgba[4 * k] = 200;
      rgba[4 * k + 3] = alpha[k]! ? 255 : 0;
    }
    const fromAlpha = traceOutline({ data: rgba, width, height }, {
      stride: 4,
      offset: 3,
      threshold: 128,
    });
    const fromMask = traceOutline({ data: alpha, width, height });
    expect(fromAlpha).toEqual(fromMask);
    // The outer boundary of the ring, the hole not subtracted: pi 15^2 within the half-pixel annulus.
    expect(polygonArea(fromMask)).toBeGreaterThan(Math.PI * 14.49 ** 2);
    expect(polygonArea(fromMask)).toBeLessThan(Math.PI * 15.5 ** 2);
    // Dark on light: the inverted mask traces the same shapes.
    const dark = alpha.map((v) => (v ? 0 : 255));
    expect(traceOutline({ data: dark, width, height }, { invert: true, threshold: 128 })).toEqual(
      fromMask,
    );
    expect(traceOutline({ data: new Uint8Array(width * height), width, height })).toEqual([]);
  });

  it('a shape touching the raster edge closes along the border; pixels meeting at a corner are one shape', () => {
    const full = traceOutline({ data: new Uint8Array(6).fill(1), width: 3, height: 2 });
    expect(polygonArea(full)).toBe(6 - 4 / 8);
    // A diagonal of 3 pixels: one 8-connected shape (three squares joined at corners).
    const diagonal = traceOutline({
      data: Uint8Array.of(1, 0, 0, 0, 1, 0, 0, 0, 1),
      width: 3,
      height: 3,
    });
    // Each pixel alone is a diamond of area 1/2; joined, a saddle cell holds its whole square less
    // the two outside corner triangles, 1 - 2/8 = 3/4, where the apart diamonds had 2/8: + 1/2 each.
    expect(polygonArea(diagonal)).toBe(3 * 0.5 + 2 * 0.5);
  });

  it('the traced outline normalises into a contour in register with its image', () => {
    const data = mask(40, 30, inRectangle(10, 5, 30, 25));
    const outline = simplifyContour(traceOutline({ data, width: 40, height: 30 }), {
      tolerance: 0.1,
    });
    const { contour } = normalizeContour(outline, { image: { width: 40, height: 30 } });
    expect(contour.image).toEqual({ width: 40, height: 30, size: 20, origin: [20, 15] });
    expect(contour.area).toBeCloseTo(399.5 / 400, 15);
  });

  it('a traced disc saved and loaded lands on the disc drawn at another size', () => {
    // The digitiser's path: trace, simplify, normalise about the image centre, write, read, and
    // place over the image shown 3 times larger with its centre at the origin.
    const cx = 41.5, cy = 30.25, r = 18;
    const data = mask(80, 60, (x, y) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r);
    const outline = simplifyContour(traceOutline({ data, width: 80, height: 60 }), {
      tolerance: 0.25,
    });
    const text = formatContour(
      normalizeContour(outline, { image: { width: 80, height: 60 } }).contour,
    );
    const placed = placeContour(parseContour(text), 240);
    // The disc's centre shows at 3 (cx - 40, cy - 30); its area 9 pi r^2 within the half-pixel
    // annulus (scaled by 3) and the simplification's quarter pixel.
    const centroid = polygonCentroid(placed.points);
    expect(Math.hypot(centroid[0] - 3 * (cx - 40), centroid[1] - 3 * (cy - 30))).toBeLessThan(
      3 * 0.05,
    );
    expect(placed.area).toBeGreaterThan(9 * Math.PI * (r - 0.76) ** 2);
    expect(placed.area).toBeLessThan(9 * Math.PI * (r + 0.5) ** 2);
    expect(placed.centroid[0]).toBeCloseTo(centroid[0], 9);
    expect(placed.centroid[1]).toBeCloseTo(centroid[1], 9);
  });

  it('names bad arguments', () => {
    const data = new Uint8Array(4);
    expect(() => traceOutline(null as never)).toThrow(
      new TypeError('raster must be { data, width, height }, got null'),
    );
    expect(() => traceOutline({ data, width: 0, height: 2 })).toThrow(
      new RangeError('raster.width must be an integer in [1, 32768], got 0'),
    );
    expect(() => traceOutline({ data, width: 3, height: 2 })).toThrow(
      new RangeError('raster.data must hold 3 x 2 pixels of 1 values (6 values), got 4'),
    );
    expect(() => traceOutline({ data, width: 2, height: 2 }, { threshold: NaN })).toThrow(
      new RangeError('options.threshold must be a finite number, got NaN'),
    );
    expect(() => traceOutline({ data, width: 2, height: 2 }, { stride: 4, offset: 4 })).toThrow(
      new RangeError('options.offset must be an integer in [0, 3], got 4'),
    );
    expect(() => traceOutline({ data: null as never, width: 2, height: 2 })).toThrow(
      new TypeError('raster.data must be an array of pixel values, got null'),
    );
  });
});

describe('simplifyContour: Douglas-Peucker against hand cases', () => {
  // Open: from (0, 0) to (7, 9). Distances to the chord, |7y - 9x| / sqrt(130): (1, 0.1) 0.728,
  // (2, -0.1) 1.640, (3, 5) 0.702, (4, 6) 0.526, (5, 7) 0.351, (6, 8.1) 0.237: (2, -0.1) is kept.
  // Then chord (0, 0)-(2, -0.1): (1, 0.1) at 0.3 / 2.0025 = 0.150. Chord (2, -0.1)-(7, 9):
  // |5 (y + 0.1) - 9.1 (x - 2)| / 10.383: (3, 5) 1.580, (4, 6) 1.185, (5, 7) 0.790, (6, 8.1) 0.443:
  // (3, 5) is kept. Chord (3, 5)-(7, 9): (4, 6) and (5, 7) on it, (6, 8.1) at 0.4 / 5.657 = 0.071.
  const open: Array<[number, number]> = [[0, 0], [1, 0.1], [2, -0.1], [3, 5], [4, 6], [5, 7], [
    6,
    8.1,
  ], [7, 9]];

  it('an open polyline to a tolerance', () => {
    expect(simplifyContour(open, { tolerance: 0.5, closed: false })).toEqual([[0, 0], [2, -0.1], [
      3,
      5,
    ], [7, 9]]);
    expect(simplifyContour(open, { tolerance: 0.1, closed: false })).toEqual([
      [0, 0],
      [1, 0.1],
      [2, -0.1],
      [3, 5],
      [7, 9],
    ]);
    expect(simplifyContour(open, { tolerance: 2, closed: false })).toEqual([[0, 0], [7, 9]]);
  });

  it('an open polyline to a point count: the farthest of all parts next', () => {
    expect(simplifyContour(open, { count: 2, closed: false })).toEqual([[0, 0], [7, 9]]);
    expect(simplifyContour(open, { count: 3, closed: false })).toEqual([[0, 0], [2, -0.1], [7, 9]]);
    expect(simplifyContour(open, { count: 4, closed: false })).toEqual([[0, 0], [2, -0.1], [3, 5], [
      7,
      9,
    ]]);
    // Next: (1, 0.1) at 0.150 beats (6, 8.1) at 0.071.
    expect(simplifyContour(open, { count: 5, closed: false })).toEqual([
      [0, 0],
      [1, 0.1],
      [2, -0.1],
      [3, 5],
      [7, 9],
    ]);
    expect(simplifyContour(open, { count: 100, closed: false })).toEqual(open);
  });

  it('a closed square with points along its sides', () => {
    // From (0, 0) the farthest point is (2, 2); each half keeps its corner at sqrt(2), and the
    // side midpoints lie on their chords.
    const square: Array<[number, number]> = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2],
      [1, 2],
      [0, 2],
      [0, 1],
    ];
    expect(simplifyContour(square, { tolerance: 0.1 })).toEqual([[0, 0], [2, 0], [2, 2], [0, 2]]);
    expect(simplifyContour(square, { tolerance: 0 })).toEqual([[0, 0], [2, 0], [2, 2], [0, 2]]);
    // A tie between (2, 0) and (0, 2): the lower index first.
    expect(simplifyContour(square, { count: 3 })).toEqual([[0, 0], [2, 0], [2, 2]]);
    // A closed outline keeps 3 points even when the tolerance would allow fewer.
    expect(simplifyContour(square, { tolerance: 10 })).toEqual([[0, 0], [2, 0], [2, 2]]);
  });

  it('names bad arguments', () => {
    expect(() => simplifyContour(open, {})).toThrow(
      new TypeError('options must give exactly one of tolerance and count'),
    );
    expect(() => simplifyContour(open, { tolerance: 1, count: 3 })).toThrow(
      new TypeError('options must give exactly one of tolerance and count'),
    );
    expect(() => simplifyContour(open, { tolerance: -1 })).toThrow(
      new RangeError('options.tolerance must be a finite number >= 0, got -1'),
    );
    expect(() => simplifyContour(open, { count: 2 })).toThrow(
      new RangeError(`options.count must be an integer in [3, ${Number.MAX_SAFE_INTEGER}], got 2`),
    );
    expect(() => simplifyContour([[0, 0], null as never, [1, 1]], { count: 3 })).toThrow(
      new TypeError('points[1] must be an [x, y] pair of finite numbers, got null'),
    );
  });
});
