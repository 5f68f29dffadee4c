import { describe, expect, it } from 'vitest';
import { findCorners, hasArea, straightenNormals } from './corners.js';

const flat = (points: number[][]): Float64Array => Float64Array.from(points.flat());

describe('findCorners: corners up to rounding of the coordinates', () => {
  it('a box with points put on its sides: the four box corners, at every scale and near 1e5', () => {
    // The side points are interpolated and rounded (a fraction 0.3 of a side is not exact).
    const box = [[-1.7, -0.3], [2.9, -0.3], [2.9, 1.1], [-1.7, 1.1]];
    const points: number[][] = [];
    for (let i = 0; i < 4; i++) {
      const a = box[i]!, b = box[(i + 1) % 4]!;
      points.push(a);
      for (const t of [0.3, 0.5, 0.7]) {
        points.push([a[0]! + t * (b[0]! - a[0]!), a[1]! + t * (b[1]! - a[1]!)]);
      }
    }
    for (const scale of [1e-3, 1, 1e3]) {
      for (const offset of [0, 1e5]) {
        const vertices = flat(points.map(([x, y]) => [x! * scale + offset, y! * scale + offset]));
        expect([...findCorners(vertices, 16)]).toEqual([
          1,
          0,
          0,
          0,
          1,
          0,
          0,
          0,
          1,
          0,
          0,
          0,
          1,
          0,
          0,
          0,
        ]);
      }
    }
  });

  it('a tilted side with rounded points on it: no corner, whichever way each rounded', () => {
    // Points on the segment from (0.1, 0.2) to (3.7, 1.3), rounded to doubles; the third vertex
    // closes a triangle. Exactly, some of these turn left and some right by about 1e-17.
    const points: number[][] = [[0.1, 0.2]];
    for (let k = 1; k < 10; k++) points.push([0.1 + (k / 10) * 3.6, 0.2 + (k / 10) * 1.1]);
    points.push([3.7, 1.3], [1.3, 2.9]);
    const corners = [...findCorners(flat(points), points.length)];
    expect(corners).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1]);
  });

  it('a corner cut by an edge a few ulps long stays a corner (each end of it looks straight alone)', () => {
    // The unit square with its corner (1, 0) split into (1 - 2^-53, 0) and (1, 2^-53).
    const points = [[0, 0], [1 - 2 ** -53, 0], [1, 2 ** -53], [1, 1], [0, 1]];
    const corners = [...findCorners(flat(points), 5)];
    // One of the two ends is the square's corner, the other lies on a side of it.
    expect(corners[0]! + corners[3]! + corners[4]!).toBe(3);
    expect(corners[1]! + corners[2]!).toBe(1);
  });

  it('a vertex pushed 1e-12 of its side off the line is a corner', () => {
    for (const push of [1e-12, -1e-12]) {
      const corners = [...findCorners(flat([[0, 0], [0.5, push], [1, 0], [1, 1], [0, 1]]), 5)];
      expect(corners).toEqual([1, 1, 1, 1, 1]);
    }
  });
});

describe('straightenNormals', () => {
  it("gives each edge of a side made of several edges the chord's outward normal", () => {
    // A triangle whose bottom side is split at (0.3, 0.1 + tiny): the chord from (0, 0.1) to (1, 0.1).
    const vertices = flat([[0, 0.1], [0.3, 0.1 + 1e-17], [1, 0.1], [0.5, 2]]);
    const normals = new Float64Array(8).fill(7);
    expect(straightenNormals(vertices, 4, Uint8Array.from([1, 0, 1, 1]), normals)).toBe(true);
    expect([...normals.subarray(0, 4)]).toEqual([0, -1, 0, -1]);
    // The other edges are not touched.
    expect([...normals.subarray(4)]).toEqual([7, 7, 7, 7]);
  });
});

describe('hasArea', () => {
  it('an outline 1e-3 across near 1e5 has area; points in line, or in line up to rounding, have none', () => {
    const triangle = [[0, 0], [1e-3, 0], [0, 1e-3]];
    expect(hasArea(flat(triangle.map(([x, y]) => [x! + 1e5, y! + 1e5])), 3)).toBe(true);
    expect(hasArea(flat([[0, 0], [1, 1], [2, 2]]), 3)).toBe(false);
    // The midpoint of a tilted segment, rounded: off the line by rounding only.
    expect(hasArea(flat([[0.1, 0.2], [3.7, 1.3], [(0.1 + 3.7) / 2, (0.2 + 1.3) / 2]]), 3)).toBe(
      false,
    );
  });
});
