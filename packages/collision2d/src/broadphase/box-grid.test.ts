import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@contactkit/test-support';
import { BoxGrid } from './box-grid.js';

function randomContour(random: () => number, count: number): Float64Array {
  const vertices = new Float64Array(2 * count);
  for (let i = 0; i < count; i++) {
    const angle = (2 * Math.PI * i) / count, radius = 5 + random();
    vertices[2 * i] = radius * Math.cos(angle);
    vertices[2 * i + 1] = 0.5 * radius * Math.sin(angle);
  }
  return vertices;
}

describe('BoxGrid', () => {
  it('lists every segment whose bounding box meets the query box, each once', () => {
    const random = mulberry32(9);
    for (const closed of [true, false]) {
      const count = 500;
      const vertices = randomContour(random, count);
      const grid = BoxGrid.ofSegments(vertices, count, closed);
      const segments = closed ? count : count - 1;
      for (let n = 0; n < 300; n++) {
        const x = 14 * random() - 7, y = 8 * random() - 4, h = 0.02 + random();
        const found = grid.query(Float64Array.of(x - h, y - h, x + h, y + h));
        const listed = Array.from(grid.candidates.subarray(0, found));
        expect(new Set(listed).size).toBe(found);
        for (let s = 0; s < segments; s++) {
          const e = (s + 1) % count;
          const minX = Math.min(vertices[2 * s]!, vertices[2 * e]!),
            maxX = Math.max(vertices[2 * s]!, vertices[2 * e]!);
          const minY = Math.min(vertices[2 * s + 1]!, vertices[2 * e + 1]!),
            maxY = Math.max(vertices[2 * s + 1]!, vertices[2 * e + 1]!);
          const meets = minX <= x + h && maxX >= x - h && minY <= y + h && maxY >= y - h;
          if (meets) expect(listed).toContain(s);
        }
      }
    }
  });

  it('lists every segment a ray can cross, in each of the four directions', () => {
    const random = mulberry32(10);
    const count = 400;
    const vertices = randomContour(random, count);
    const grid = BoxGrid.ofSegments(vertices, count, true);
    for (let n = 0; n < 100; n++) {
      const x = 10 * random() - 5, y = 5 * random() - 2.5;
      for (let direction = 0; direction < 4; direction++) {
        const found = grid.queryRay(Float64Array.of(x, y), direction);
        const listed = new Set(grid.candidates.subarray(0, found));
        for (let s = 0; s < count; s++) {
          const e = (s + 1) % count;
          const ax = vertices[2 * s]!,
            ay = vertices[2 * s + 1]!,
            bx = vertices[2 * e]!,
            by = vertices[2 * e + 1]!;
          // Does the ray cross the segment? (the segment's ends on both sides of the ray's line, crossing ahead)
          let crosses = false;
          if (direction < 2 && ay > y !== by > y) {
            const cx = ax + ((y - ay) * (bx - ax)) / (by - ay);
            crosses = direction === 0 ? cx > x : cx < x;
          } else if (direction >= 2 && ax > x !== bx > x) {
            const cy = ay + ((x - ax) * (by - ay)) / (bx - ax);
            crosses = direction === 2 ? cy > y : cy < y;
          }
          if (crosses) expect(listed.has(s)).toBe(true);
        }
      }
    }
  });

  it('returns nothing for a box or a ray start outside its bounds', () => {
    const grid = BoxGrid.ofSegments(Float64Array.from([0, 0, 1, 0, 1, 1]), 3, true);
    expect(grid.query(Float64Array.of(2, 2, 3, 3))).toBe(0);
    expect(grid.queryRay(Float64Array.of(-1, 0.5), 0)).toBe(0);
    expect(grid.query(Float64Array.of(0.4, 0.4, 0.6, 0.6))).toBeGreaterThan(0);
  });
});
