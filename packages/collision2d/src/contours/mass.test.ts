import { describe, it, expect } from 'vitest';
import {
  polygonArea,
  polygonSignedArea,
  polygonCentroid,
  polygonSecondMoment,
  polygonSecondMoments,
  flattenPoints,
} from './mass.js';
import { mulberry32 } from '@contactkit/test-support';

type Rectangle = [minX: number, minY: number, maxX: number, maxY: number];

/**
 * Independent method: area, centroid and polar moment of a union of disjoint rectangles.
 * A w x h rectangle has J = A (w^2 + h^2) / 12 about its own centre; the parallel-axis theorem
 * moves each to the common centroid: J = sum (J_i + A_i |c_i - C|^2).
 */
function composite(rectangles: Rectangle[]): { area: number; cx: number; cy: number; j: number; } {
  let area = 0, sx = 0, sy = 0;
  for (const [x0, y0, x1, y1] of rectangles) {
    const a = (x1 - x0) * (y1 - y0);
    area += a;
    sx += a * (x0 + x1) / 2;
    sy += a * (y0 + y1) / 2;
  }
  const cx = sx / area, cy = sy / area;
  let j = 0;
  for (const [x0, y0, x1, y1] of rectangles) {
    const w = x1 - x0, h = y1 - y0, a = w * h;
    j += (a * (w * w + h * h)) / 12 + a * (((x0 + x1) / 2 - cx) ** 2 + ((y0 + y1) / 2 - cy) ** 2);
  }
  return { area, cx, cy, j };
}

function rotateAndShift(points: number[][], angle: number, dx: number, dy: number): number[][] {
  const c = Math.cos(angle), s = Math.sin(angle);
  return points.map(([x, y]) => [c * x! - s * y! + dx, s * x! + c * y! + dy]);
}

describe('polygon mass properties', () => {
  it('a 2 x 1 rectangle: A = 2, C = (1, 0.5), Ixx = b h^3/12 = 1/6, Iyy = h b^3/12 = 2/3', () => {
    const rectangle = [[0, 0], [2, 0], [2, 1], [0, 1]];
    expect(polygonArea(rectangle)).toBe(2);
    expect(polygonSignedArea(rectangle)).toBe(2);
    expect(polygonCentroid(rectangle)).toEqual([1, 0.5]);
    const m = polygonSecondMoments(rectangle);
    expect(m[0]).toBeCloseTo(1 / 6, 15);
    expect(m[1]).toBeCloseTo(2 / 3, 15);
    expect(m[2]).toBeCloseTo(0, 15);
    expect(polygonSecondMoment(rectangle)).toBeCloseTo(5 / 6, 15);
  });

  it('a right triangle with legs 3: C = (1, 1), Ixx = Iyy = b h^3/36 = 2.25, Ixy = -b^2 h^2/72', () => {
    const triangle = [[0, 0], [3, 0], [0, 3]];
    expect(polygonArea(triangle)).toBe(4.5);
    const c = polygonCentroid(triangle);
    expect(c[0]).toBeCloseTo(1, 15);
    expect(c[1]).toBeCloseTo(1, 15);
    const m = polygonSecondMoments(triangle);
    expect(m[0]).toBeCloseTo(2.25, 14);
    expect(m[1]).toBeCloseTo(2.25, 14);
    // Product of inertia of a right triangle about its centroid, legs along +x and +y: -b^2 h^2 / 72.
    expect(m[2]).toBeCloseTo(-81 / 72, 14);
    expect(polygonSecondMoment(triangle)).toBeCloseTo(4.5, 14);
  });

  // L: the 3 x 1 foot [0,3]x[0,1] plus the 1 x 2 upright [0,1]x[1,3].
  // By hand: A = 3 + 2 = 5; C = ((3*1.5 + 2*0.5)/5, (3*0.5 + 2*2)/5) = (1.1, 1.1);
  // J = 3*(9+1)/12 + 3*(0.4^2 + 0.6^2) + 2*(1+4)/12 + 2*(0.6^2 + 0.9^2) = 2.5 + 1.56 + 5/6 + 2.34 = 7.2333...
  const lShape = [[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]];
  const lRectangles: Rectangle[] = [[0, 0, 3, 1], [0, 1, 1, 3]];
  // U: base [0,3]x[0,1] and arms [0,1]x[1,3], [2,3]x[1,3]; notch [1,2]x[1,3].
  const uShape = [[0, 0], [3, 0], [3, 3], [2, 3], [2, 1], [1, 1], [1, 3], [0, 3]];
  const uRectangles: Rectangle[] = [[0, 0, 3, 1], [0, 1, 1, 3], [2, 1, 3, 3]];

  it('L-shape by hand', () => {
    expect(polygonArea(lShape)).toBe(5);
    const c = polygonCentroid(lShape);
    expect(c[0]).toBeCloseTo(1.1, 14);
    expect(c[1]).toBeCloseTo(1.1, 14);
    expect(polygonSecondMoment(lShape)).toBeCloseTo(2.5 + 1.56 + 5 / 6 + 2.34, 13);
  });

  for (
    const [name, shape, rectangles] of [
      ['L-shape', lShape, lRectangles],
      ['U-shape', uShape, uRectangles],
    ] as const
  ) {
    it(`${name}: equal to the sum of its rectangles, both windings, any pose`, () => {
      const expected = composite([...rectangles]);
      const windings = [shape.map((p) => [...p]), [...shape].reverse().map((p) => [...p])];
      for (const points of windings) {
        for (const [angle, dx, dy] of [[0, 0, 0], [0.7, 100, -50], [-2.1, 1e4, 3e4]] as const) {
          const moved = rotateAndShift(points, angle, dx, dy);
          const scale = 1 + Math.abs(dx) + Math.abs(dy);
          expect(polygonArea(moved)).toBeCloseTo(expected.area, 12 - Math.log10(scale));
          const c = polygonCentroid(moved);
          const ex = Math.cos(angle) * expected.cx - Math.sin(angle) * expected.cy + dx;
          const ey = Math.sin(angle) * expected.cx + Math.cos(angle) * expected.cy + dy;
          expect(c[0]).toBeCloseTo(ex, 10);
          expect(c[1]).toBeCloseTo(ey, 10);
          // The polar moment about the centroid does not change under rotation and translation.
          expect(polygonSecondMoment(moved)).toBeCloseTo(expected.j, 9);
        }
        expect(Math.sign(polygonSignedArea(points))).toBe(points === windings[0] ? 1 : -1);
      }
    });
  }

  it('U-shape moments per axis by hand (rectangles, parallel-axis theorem)', () => {
    // C = (1.5, y) with y = (3*0.5 + 2*2 + 2*2)/7 = 9.5/7 by symmetry in x.
    const cy = 9.5 / 7;
    const ixx = 3 * 1 / 12 + 3 * (0.5 - cy) ** 2 + 2 * (1 * 8 / 12 + 2 * (2 - cy) ** 2);
    const iyy = 1 * 27 / 12 + 2 * (2 * 1 / 12 + 2 * 1 ** 2);
    const m = polygonSecondMoments(uShape);
    expect(m[0]).toBeCloseTo(ixx, 13);
    expect(m[1]).toBeCloseTo(iyy, 13);
    expect(m[2]).toBeCloseTo(0, 13); // symmetric about x = 1.5
  });

  it('flat lists and a repeated closing point give the same answers', () => {
    const flat = flattenPoints(uShape);
    expect(flat).toBeInstanceOf(Float64Array);
    expect(flat.length).toBe(16);
    expect(polygonArea(flat)).toBe(polygonArea(uShape));
    expect(polygonSecondMoment(flat)).toBe(polygonSecondMoment(uShape));
    const closed = [...uShape, uShape[0]!];
    expect(polygonArea(closed)).toBe(polygonArea(uShape));
    expect(polygonSecondMoment(closed)).toBeCloseTo(polygonSecondMoment(uShape), 14);
    const out = new Float64Array(2);
    expect(polygonCentroid(flat, out)).toBe(out);
    expect(Array.from(out)).toEqual(polygonCentroid(uShape));
  });

  it('degenerate input: fewer than 3 points or collinear points have area 0, mean centroid, moment 0', () => {
    expect(polygonArea([])).toBe(0);
    expect(polygonCentroid([])).toEqual([0, 0]);
    expect(polygonArea([[1, 1], [3, 3]])).toBe(0);
    expect(polygonCentroid([[1, 1], [3, 3]])).toEqual([2, 2]);
    expect(polygonArea([[0, 0], [1, 1], [2, 2]])).toBe(0);
    expect(polygonSecondMoment([[0, 0], [1, 1], [2, 2]])).toBe(0);
  });

  it('rejects malformed points, naming the index and the point', () => {
    expect(() => polygonArea([[0, 0], [1, NaN], [0, 1]])).toThrow(
      new RangeError('points[1][1] must be a finite number, got NaN in [1, NaN]'),
    );
    expect(() => polygonArea([[0, 0], [1] as unknown as number[], [0, 1]])).toThrow(
      new TypeError('points[1] must have 2 components, got 1: [1]'),
    );
    expect(() => polygonArea([[0, 0], [1, 0, 7], [0, 1]])).toThrow(
      new TypeError('points[1] must have 2 components, got 3: [1, 0, 7]'),
    );
    expect(() => polygonArea([[0, 0], null as unknown as number[], [0, 1]])).toThrow(
      new TypeError('points[1] must be an array of 2 numbers, got null'),
    );
    expect(() => polygonArea([[0, 0], [1, '0'] as unknown as number[], [0, 1]])).toThrow(
      new TypeError('points[1][1] must be a finite number, got "0" in [1, "0"]'),
    );
    expect(() => polygonArea([0, 0, 1])).toThrow(/even length/);
    expect(() => polygonArea([0, 0, 1, Number.POSITIVE_INFINITY])).toThrow(
      new RangeError('points[3] must be finite, got Infinity'),
    );
  });

  it('refuses coordinates outside the supported range (MAX_COORDINATE = 1e75), saying so', () => {
    expect(() => polygonCentroid([[0, 0], [1e308, 0], [0, 1e308]])).toThrow(
      new RangeError(
        'points[1][0] is outside the supported range of coordinates and sizes, magnitude at most ' +
          '1e+75 (MAX_COORDINATE): got 1e+308 in [1e+308, 0]',
      ),
    );
    expect(() => polygonArea([0, 0, 2e300, 0, 0, 2e300])).toThrow(
      new RangeError(
        'points[2] is outside the supported range of coordinates and sizes, magnitude at most ' +
          '1e+75 (MAX_COORDINATE): got 2e+300',
      ),
    );
  });

  it('inside the range every property is finite: the right triangle with legs L = 1e75 and a translated copy', () => {
    // Legs L along the axes: A = L^2 / 2, C = (L/3, L/3), Ixx = Iyy = L^4 / 36, Ixy = -L^4 / 72 (as above, scaled).
    const L = 1e75;
    for (const [dx, dy] of [[0, 0], [-1e75, -1e75]] as const) {
      const triangle = [[dx, dy], [dx + L, dy], [dx, dy + L]];
      expect(polygonArea(triangle) / (L * L / 2)).toBeCloseTo(1, 12);
      const [cx, cy] = polygonCentroid(triangle);
      expect((cx - dx) / L).toBeCloseTo(1 / 3, 12);
      expect((cy - dy) / L).toBeCloseTo(1 / 3, 12);
      const [ixx, iyy, ixy] = polygonSecondMoments(triangle);
      expect(ixx! / (L ** 2 * L ** 2 / 36)).toBeCloseTo(1, 12);
      expect(iyy! / (L ** 2 * L ** 2 / 36)).toBeCloseTo(1, 12);
      expect(ixy! / (-(L ** 2) * L ** 2 / 72)).toBeCloseTo(1, 12);
      expect(polygonSecondMoment(triangle) / (L ** 2 * L ** 2 / 18)).toBeCloseTo(1, 12);
    }
  });

  it(
    'a 3e-200 by 1e-200 rectangle, whose area (3e-400) underflows: area 0, the mean of the ' +
      'vertices, zero moments, no NaN',
    () => {
      const w = 3e-200, h = 1e-200;
      const rectangle = [[0, 0], [w, 0], [w, h], [0, h]];
      expect(polygonArea(rectangle)).toBe(0);
      expect(polygonCentroid(rectangle)).toEqual([w / 2, h / 2]);
      expect(Array.from(polygonSecondMoments(rectangle))).toEqual([0, 0, 0]);
    },
  );

  it('random star-shaped polygons: additivity over a fan of triangles (independent split)', () => {
    // Cutting the polygon into triangles (centre, p_i, p_{i+1}) and adding their areas and
    // moments about the origin must give the polygon's, shifted by the parallel-axis theorem.
    const random = mulberry32(9);
    for (let n = 0; n < 200; n++) {
      // At least 4 vertices keep every angular gap below pi, so the origin is inside and every fan
      // triangle counter-clockwise.
      const count = 4 + Math.floor(random() * 20);
      const points: number[][] = [];
      for (let i = 0; i < count; i++) {
        const angle = ((i + random() * 0.8) / count) * 2 * Math.PI;
        const radius = 0.2 + random() * 2;
        points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
      }
      let area = 0, sx = 0, sy = 0, jOrigin = 0;
      for (let i = 0; i < count; i++) {
        const p = points[i]!, q = points[(i + 1) % count]!;
        const t = [[0, 0], p, q];
        const a = polygonArea(t);
        const c = polygonCentroid(t);
        area += a;
        sx += a * c[0];
        sy += a * c[1];
        jOrigin += polygonSecondMoment(t) + a * (c[0] ** 2 + c[1] ** 2);
      }
      expect(polygonArea(points)).toBeCloseTo(area, 12);
      const c = polygonCentroid(points);
      expect(c[0]).toBeCloseTo(sx / area, 12);
      expect(c[1]).toBeCloseTo(sy / area, 12);
      expect(polygonSecondMoment(points)).toBeCloseTo(jOrigin - area * (c[0] ** 2 + c[1] ** 2), 11);
    }
  });
});
