import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { parseContour, placeContour, polygonArea, polygonCentroid } from '@contactkit/collision2d';
import { COMET_HEIGHT, COMET_WIDTH } from './comet-image.js';
import {
  COMET_TRACE,
  brightness,
  cometContourText,
  contourOfOutline,
  traceImage,
} from './trace-image.js';
import type { RgbaImage } from './trace-image.js';

/** An opaque white image with the cells where `fill(i, j)` holds painted black. */
function paint(width: number, height: number, fill: (i: number, j: number) => boolean): RgbaImage {
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let j = 0; j < height; j++) {
    for (let i = 0; i < width; i++) {
      if (fill(i, j)) data.fill(0, 4 * (j * width + i), 4 * (j * width + i) + 3);
    }
  }
  return { width, height, data };
}

describe('traceImage', () => {
  // An L of whole pixels: columns 10..29 rows 10..49 plus columns 30..49 rows 30..49 (1200 px^2).
  const inL = (i: number, j: number) =>
    (i >= 10 && i < 30 && j >= 10 && j < 50) || (i >= 30 && i < 50 && j >= 30 && j < 50);
  const L = paint(60, 60, inL);

  it('traces a dark L exactly but for the 1/8-pixel corner cuts (5 convex taken off, 1 concave added)', () => {
    const points = traceImage(L, { mask: 'dark', threshold: 128, simplify: { tolerance: 0 } });
    // Six sides, each corner cut by one short diagonal: 12 points.
    expect(points).toHaveLength(12);
    expect(polygonArea(points)).toBeCloseTo(1200 - 5 / 8 + 1 / 8, 12);
    // Exact centroid of the L: (800 * (20, 30) + 400 * (40, 40)) / 1200.
    const [cx, cy] = polygonCentroid(points);
    expect(Math.abs(cx - 80 / 3)).toBeLessThan(0.02);
    expect(Math.abs(cy - 100 / 3)).toBeLessThan(0.02);
  });

  it('by a point count: the 6 corners of the L within half a pixel', () => {
    const points = traceImage(L, { mask: 'dark', threshold: 128, simplify: { count: 6 } });
    expect(points).toHaveLength(6);
    const corners = [[10, 10], [30, 10], [30, 30], [50, 30], [50, 50], [10, 50]];
    for (const corner of corners) {
      expect(Math.min(...points.map((p) => Math.hypot(p[0] - corner[0]!, p[1] - corner[1]!))))
        .toBeLessThanOrEqual(0.5);
    }
  });

  it('light and alpha masks: the complement and the opaque pixels', () => {
    const light = traceImage(paint(20, 20, (i, j) => !(i >= 5 && i < 15 && j >= 5 && j < 15)), {
      mask: 'light',
      threshold: 128,
      simplify: { tolerance: 0 },
    });
    // A dark frame around a light 10 x 10 square: the light mask finds the square, less its corners' cuts.
    expect(polygonArea(light)).toBeCloseTo(100 - 4 / 8, 12);
    const cutOut = new Uint8ClampedArray(20 * 20 * 4);
    for (let j = 4; j < 12; j++) for (let i = 2; i < 18; i++) cutOut[4 * (j * 20 + i) + 3] = 200;
    const alpha = traceImage({ width: 20, height: 20, data: cutOut }, {
      mask: 'alpha',
      threshold: 128,
      simplify: { tolerance: 0 },
    });
    expect(polygonArea(alpha)).toBeCloseTo(16 * 8 - 4 / 8, 12);
    expect(
      traceImage({ width: 20, height: 20, data: cutOut }, {
        mask: 'alpha',
        threshold: 201,
        simplify: { tolerance: 0 },
      }),
    ).toEqual([]);
  });

  it('brightness composites over white: transparent is 255, opaque black 0, half-transparent black 127.5', () => {
    expect(
      Array.from(
        brightness({ width: 3, height: 1, data: [0, 0, 0, 0, 0, 0, 0, 255, 0, 0, 0, 127.5] }),
      ),
    ).toEqual([255, 0, 127.5]);
  });

  it('contourOfOutline normalises about the image centre: size the largest dimension, area scaled by size^2', () => {
    const points = traceImage(L, { mask: 'dark', threshold: 128, simplify: { tolerance: 0 } });
    const contour = contourOfOutline(points, true, L);
    expect(contour.image).toEqual({ width: 60, height: 60, size: 40, origin: [30, 30] });
    expect(contour.area * 40 * 40).toBeCloseTo(polygonArea(points), 9);
  });
});

describe('the shipped comet', () => {
  const assets = (name: string) => fileURLToPath(new URL(`./assets/${name}`, import.meta.url));
  const png = PNG.sync.read(readFileSync(assets('comet.png')));
  const image = { width: png.width, height: png.height, data: png.data };
  const text = readFileSync(assets('comet-contour.txt'), 'utf8');

  it('its contour file is what a fresh trace of its picture gives, and parses', () => {
    expect([png.width, png.height]).toEqual([COMET_WIDTH, COMET_HEIGHT]);
    expect(cometContourText(image)).toBe(text);
    const contour = parseContour(text);
    expect(contour.closed).toBe(true);
    expect(contour.normalization).toBe('center');
    expect(contour.image).toMatchObject({ width: COMET_WIDTH, height: COMET_HEIGHT });
    expect(contour.points.length).toBeGreaterThan(20);
  });

  it('placed over the picture at its own size, the outline encloses the opaque pixels (half-pixel band)', () => {
    const contour = parseContour(text);
    const placed = placeContour(contour, COMET_WIDTH, [COMET_WIDTH / 2, COMET_HEIGHT / 2]);
    let opaque = 0;
    for (let i = 0; i < COMET_WIDTH * COMET_HEIGHT; i++) {
      if (png.data[4 * i + 3]! >= COMET_TRACE.threshold) opaque++;
    }
    const raw = traceImage(image, { ...COMET_TRACE, simplify: { tolerance: 0 } });
    // Every traced point lies within half a pixel of the pixel boundary, and simplification moves
    // the outline by at most its tolerance: the area differs by less than perimeter * (0.5 + tolerance).
    let perimeter = 0;
    raw.forEach((
      p,
      i,
    ) => (perimeter += Math.hypot(
      raw[(i + 1) % raw.length]![0] - p[0],
      raw[(i + 1) % raw.length]![1] - p[1],
    )));
    expect(Math.abs(polygonArea(placed.points) - opaque)).toBeLessThan(perimeter * (0.5 + 1.5));
    expect(placed.area).toBeCloseTo(polygonArea(placed.points), 6);
  });
});
