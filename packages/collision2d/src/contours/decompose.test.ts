import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@contactkit/test-support';
import { decomposeConvex, earClip } from './decompose.js';

function loopArea(vertices: Float64Array, loop: number[]): number {
  let sum = 0;
  for (let k = 0; k < loop.length; k++) {
    const i = loop[k]!, j = loop[(k + 1) % loop.length]!;
    sum += vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!;
  }
  return sum / 2;
}

function isConvex(vertices: Float64Array, loop: number[]): boolean {
  for (let k = 0; k < loop.length; k++) {
    const a = loop[k]!, b = loop[(k + 1) % loop.length]!, c = loop[(k + 2) % loop.length]!;
    const cross =
      (vertices[2 * b]! - vertices[2 * a]!) * (vertices[2 * c + 1]! - vertices[2 * b + 1]!) -
      (vertices[2 * b + 1]! - vertices[2 * a + 1]!) * (vertices[2 * c]! - vertices[2 * b]!);
    if (cross < -1e-12) return false;
  }
  return true;
}

describe('convex decomposition', () => {
  it('splits an L into two convex pieces and keeps a square whole', () => {
    // L-shape, area 3: one diagonal from the reflex corner suffices.
    const l = Float64Array.from([0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2]);
    expect(earClip(l, 6).length).toBe(4);
    const pieces = decomposeConvex(l, 6);
    expect(pieces.length).toBe(2);
    expect(pieces.reduce((sum, piece) => sum + loopArea(l, piece), 0)).toBeCloseTo(3, 14);
    const square = Float64Array.from([0, 0, 1, 0, 1, 1, 0, 1]);
    // Two ear triangles, merged back across their diagonal into the whole square.
    const squarePieces = decomposeConvex(square, 4);
    expect(squarePieces.length).toBe(1);
    expect([...squarePieces[0]!].sort()).toEqual([0, 1, 2, 3]);
  });

  it('covers random star-shaped polygons with convex pieces of the same total area', () => {
    const random = mulberry32(12);
    for (let n = 0; n < 200; n++) {
      const count = 5 + Math.floor(random() * 30);
      const vertices = new Float64Array(2 * count);
      let area = 0;
      for (let i = 0; i < count; i++) {
        const angle = (2 * Math.PI * (i + 0.7 * random())) / count, radius = 0.2 + random();
        vertices[2 * i] = radius * Math.cos(angle);
        vertices[2 * i + 1] = radius * Math.sin(angle);
      }
      for (let i = 0; i < count; i++) {
        const j = (i + 1) % count;
        area +=
          (vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!) / 2;
      }
      const pieces = decomposeConvex(vertices, count);
      let total = 0;
      for (const piece of pieces) {
        expect(isConvex(vertices, piece)).toBe(true);
        total += loopArea(vertices, piece);
      }
      expect(total).toBeCloseTo(area, 10);
      // Ear clipping gives count - 2 triangles; merging can only lower the count.
      expect(pieces.length).toBeLessThanOrEqual(count - 2);
    }
  });
});
