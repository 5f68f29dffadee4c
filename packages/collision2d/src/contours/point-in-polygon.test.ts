import { describe, it, expect } from 'vitest';
import { pointInPolygon, windingNumber } from './point-in-polygon.js';
import { mulberry32 } from '@contactkit/test-support';
import { Polygon } from '../shapes/shapes.js';

describe('pointInPolygon and windingNumber', () => {
  // U shape, counter-clockwise: the notch is [1,2]x[1,3].
  const u = Float64Array.of(0, 0, 3, 0, 3, 3, 2, 3, 2, 1, 1, 1, 1, 3, 0, 3);
  const uClockwise = Float64Array.of(0, 3, 1, 3, 1, 1, 2, 1, 2, 3, 3, 3, 3, 0, 0, 0);

  it('concave U, both windings', () => {
    for (const polygon of [u, uClockwise]) {
      expect(pointInPolygon(polygon, [0.5, 2])).toBe(true); // left arm
      expect(pointInPolygon(polygon, [2.5, 2.5])).toBe(true); // right arm
      expect(pointInPolygon(polygon, [1.5, 0.5])).toBe(true); // base
      expect(pointInPolygon(polygon, [1.5, 2])).toBe(false); // in the notch
      expect(pointInPolygon(polygon, [4, 1])).toBe(false);
      expect(pointInPolygon(polygon, [-1, 1])).toBe(false); // level with a vertex, outside
    }
    expect(windingNumber(u, 0.5, 2)).toBe(1);
    expect(windingNumber(uClockwise, 0.5, 2)).toBe(-1);
  });

  it('the outline counts as inside: edges, vertices, the notch floor', () => {
    expect(pointInPolygon(u, [1.5, 1])).toBe(true); // notch floor
    expect(pointInPolygon(u, [3, 1.5])).toBe(true); // right edge
    expect(pointInPolygon(u, [2, 3])).toBe(true); // vertex
    expect(pointInPolygon(u, [1, 2])).toBe(true); // notch wall
    expect(pointInPolygon(uClockwise, [0, 0])).toBe(true);
  });

  it('a pentagram winds twice around its centre', () => {
    // Vertices at 90 + 144 k degrees: the outline goes twice around the centre.
    const star = new Float64Array(10);
    for (let k = 0; k < 5; k++) {
      star[2 * k] = Math.cos(Math.PI / 2 + (k * 4 * Math.PI) / 5);
      star[2 * k + 1] = Math.sin(Math.PI / 2 + (k * 4 * Math.PI) / 5);
    }
    expect(windingNumber(star, 0, 0)).toBe(2);
    expect(pointInPolygon(star, [0, 0])).toBe(true);
    expect(windingNumber(star, 0, -0.9)).toBe(0);
  });

  it('a posed Polygon shape: the world point is taken into its frame', () => {
    // The U turned by 90 degrees and moved to (10, 0): local (x, y) -> world (10 - y, x).
    // Local (1.5, 2) is in the notch -> world (8, 1.5); local (0.5, 2) in the left arm -> (8, 0.5).
    const shape = new Polygon([[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]])
      .setPose([10, 0], Math.PI / 2);
    expect(pointInPolygon(shape, [8, 1.5])).toBe(false);
    expect(pointInPolygon(shape, [8, 0.5])).toBe(true);
    expect(pointInPolygon(shape, [9.5, 1.5])).toBe(true); // local (1.5, 0.5): the base
    expect(pointInPolygon(shape, [1.5, 2])).toBe(false); // the unposed coordinates are far away now
  });

  it('fewer than 3 vertices: false', () => {
    expect(pointInPolygon(Float64Array.of(0, 0, 1, 1), [0.5, 0.5])).toBe(false);
  });

  it('agrees with even-odd ray casting on random star-shaped (concave) polygons', () => {
    const random = mulberry32(21);
    for (let n = 0; n < 200; n++) {
      const count = 3 + Math.floor(random() * 12);
      const polygon = new Float64Array(2 * count);
      for (let i = 0; i < count; i++) {
        const angle = ((i + 0.2 + 0.6 * random()) / count) * 2 * Math.PI;
        const radius = 0.3 + random();
        polygon[2 * i] = radius * Math.cos(angle);
        polygon[2 * i + 1] = radius * Math.sin(angle);
      }
      for (let k = 0; k < 50; k++) {
        const px = random() * 3 - 1.5, py = random() * 3 - 1.5;
        let inside = false;
        for (let i = 0, j = count - 1; i < count; j = i++) {
          const xi = polygon[2 * i]!,
            yi = polygon[2 * i + 1]!,
            xj = polygon[2 * j]!,
            yj = polygon[2 * j + 1]!;
          if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) {
            inside = !inside;
          }
        }
        expect(pointInPolygon(polygon, [px, py])).toBe(inside);
      }
    }
  });
});
