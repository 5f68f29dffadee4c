import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@contactkit/test-support';
import { decomposeConvex, triangulate } from './decompose.js';

function loopArea(vertices: Float64Array, loop: number[]): number {
  let sum = 0;
  for (let k = 0; k < loop.length; k++) {
    const i = loop[k]!, j = loop[(k + 1) % loop.length]!;
    sum += vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!;
  }
  return sum / 2;
}

/** Whether a loop turns left or goes straight at every vertex (within 1e-12 of `area`, or of 1). */
function isConvex(vertices: Float64Array, loop: number[], area = 1): boolean {
  for (let k = 0; k < loop.length; k++) {
    const a = loop[k]!, b = loop[(k + 1) % loop.length]!, c = loop[(k + 2) % loop.length]!;
    const cross =
      (vertices[2 * b]! - vertices[2 * a]!) * (vertices[2 * c + 1]! - vertices[2 * b + 1]!) -
      (vertices[2 * b + 1]! - vertices[2 * a + 1]!) * (vertices[2 * c]! - vertices[2 * b]!);
    if (cross < -1e-12 * area) return false;
  }
  return true;
}

describe('convex decomposition', () => {
  it('splits an L into two convex pieces and keeps a square whole', () => {
    // L-shape, area 3: one diagonal from the reflex corner suffices.
    const l = Float64Array.from([0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2]);
    expect(triangulate(l, 6).length).toBe(4);
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

/** The hostile outlines of issue 21 (counter-clockwise, `count` about `n`), by name. */
function hostile(name: string, n: number, random: () => number): number[] {
  const points: number[] = [];
  if (name === 'spiky star') {
    for (let i = 0; i < n; i++) {
      const angle = (2 * Math.PI * (i + 0.8 * random())) / n, radius = 0.3 + random();
      points.push(radius * Math.cos(angle), radius * Math.sin(angle));
    }
  } else if (name === 'spiral') {
    // A band wound three times round: the outer side out, the inner side back, 0.3 wide.
    const half = Math.floor(n / 2);
    for (let i = 0; i < half; i++) {
      const angle = (6 * Math.PI * i) / half, radius = 1 + angle / 2;
      points.push(radius * Math.cos(angle), radius * Math.sin(angle));
    }
    for (let i = half - 1; i >= 0; i--) {
      const angle = (6 * Math.PI * i) / half, radius = 0.7 + angle / 2;
      points.push(radius * Math.cos(angle), radius * Math.sin(angle));
    }
  } else if (name === 'comb') {
    // Teeth 0.5 wide and 10 long on a base, every side split in collinear vertices.
    const teeth = Math.max(2, Math.floor(n / 8));
    points.push(0, -1, teeth, -1);
    for (let t = teeth - 1; t >= 0; t--) {
      points.push(t + 1, 0, t + 1, 5, t + 1, 10, t + 0.5, 10, t + 0.5, 5, t + 0.5, 0);
    }
  } else if (name === 'staircase') {
    // A traced staircase: unit steps, a vertex at every pixel corner (runs of collinear vertices).
    const steps = Math.max(2, Math.floor(n / 4));
    points.push(0, 0);
    for (let s = 0; s < steps; s++) points.push(s + 1, s, s + 1, s + 1);
    for (let k = steps; k > 0; k--) points.push(0, k);
  } else {
    // Slivers: a thin fan of needles 1e-6 wide, with near-duplicate vertices (1e-12 apart) at
    // their bases.
    const needles = Math.max(2, Math.floor(n / 4));
    points.push(0, -1);
    for (let k = 0; k < needles; k++) {
      const x = k / needles;
      points.push(x, 0, x + 1e-12, 0, x + 0.5 / needles, 1 + random(), x + 0.5 / needles + 1e-6, 1);
    }
    points.push(1, 0, 1, -1);
    // Built clockwise: reversed.
    const reversed: number[] = [];
    for (let k = points.length - 2; k >= 0; k -= 2) reversed.push(points[k]!, points[k + 1]!);
    return reversed;
  }
  return points;
}

describe('convex decomposition of hostile outlines (issue 21: building a long concave polygon is quadratic)', () => {
  for (const name of ['spiky star', 'spiral', 'comb', 'staircase', 'slivers']) {
    for (const scale of [1e-3, 1, 1e3]) {
      it(`${name} x ${scale}: convex pieces covering it once, every outline edge in one piece, every internal edge in two`, () => {
        const random = mulberry32(2151);
        const flat = hostile(name, 400, random).map((v) => v * scale);
        const vertices = Float64Array.from(flat), count = flat.length / 2;
        let area = 0;
        for (let i = 0; i < count; i++) {
          const j = (i + 1) % count;
          area +=
            (vertices[2 * i]! * vertices[2 * j + 1]! - vertices[2 * j]! * vertices[2 * i + 1]!) /
            2;
        }
        expect(area).toBeGreaterThan(0);
        const pieces = decomposeConvex(vertices, count);
        const edges = new Map<string, number>();
        const seen = new Set<number>();
        let total = 0;
        for (const piece of pieces) {
          expect(isConvex(vertices, piece, area)).toBe(true);
          total += loopArea(vertices, piece);
          for (let k = 0; k < piece.length; k++) {
            const u = piece[k]!, v = piece[(k + 1) % piece.length]!;
            seen.add(u);
            edges.set(`${u},${v}`, (edges.get(`${u},${v}`) ?? 0) + 1);
          }
        }
        expect(total / area).toBeCloseTo(1, 9);
        expect(seen.size).toBe(count);
        for (const [key, times] of edges) {
          const [u, v] = key.split(',').map(Number);
          expect(times).toBe(1);
          // An outline edge (u to u + 1) once; any other edge also the other way, in a neighbour.
          if (v !== (u! + 1) % count) expect(edges.get(`${v},${u}`)).toBe(1);
        }
        for (let i = 0; i < count; i++) expect(edges.get(`${i},${(i + 1) % count}`)).toBe(1);
      });
    }
  }

  it('counts: triangulating 100,000 vertices takes O(n log n) comparisons (a spiky star, a spiral, a comb)', () => {
    // Work measured by the sweep's comparisons, not by time. An ear clipper tests each ear
    // against the vertices in its box: on the spiky star about n^2 / 10 of them.
    for (const name of ['spiky star', 'spiral', 'comb']) {
      for (const n of [1_000, 100_000]) {
        const flat = hostile(name, n, mulberry32(2152));
        let comparisons = 0;
        const triangles = triangulate(
          Float64Array.from(flat),
          flat.length / 2,
          () => comparisons++,
        );
        expect(triangles.length).toBeGreaterThan(flat.length / 2 - 2 - flat.length / 4);
        expect(comparisons).toBeLessThan(4 * n * Math.log2(n));
      }
    }
  });
});
