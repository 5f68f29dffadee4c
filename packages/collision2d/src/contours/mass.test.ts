import { describe, it, expect } from 'vitest';
import {
  capsule2Area,
  capsule2SecondMoment,
  capsule2SecondMoments,
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

/**
 * Independent method: the capsule's area and second moments integrated numerically over vertical
 * chords, composite Simpson on 2,000 panels a piece. The chord at x has half height y(x): r
 * between the ends; on the end at +h, x = h + r sin(theta) with y = r cos(theta) and
 * dx = r cos(theta) dtheta (smooth in theta, where y(x) has a square root at the tip). Then
 * A = integral of 2 y dx, Ixx = integral of (2/3) y^3 dx, Iyy = integral of 2 x^2 y dx.
 */
function capsuleByChords(r: number, h: number): { area: number; ixx: number; iyy: number; } {
  const simpson = (f: (u: number) => number, a: number, b: number): number => {
    const panels = 2000, step = (b - a) / panels;
    let sum = f(a) + f(b);
    for (let i = 1; i < panels; i++) sum += (i % 2 === 1 ? 4 : 2) * f(a + i * step);
    return (sum * step) / 3;
  };
  // The middle, x in [-h, h], and both ends (by symmetry twice the end at +h).
  const middle = (g: (x: number, y: number) => number): number => simpson((x) => g(x, r), -h, h);
  const end = (g: (x: number, y: number) => number): number =>
    2 * simpson((t) => g(h + r * Math.sin(t), r * Math.cos(t)) * r * Math.cos(t), 0, Math.PI / 2);
  const both = (g: (x: number, y: number) => number): number => (h > 0 ? middle(g) : 0) + end(g);
  return {
    area: both((_x, y) => 2 * y),
    ixx: both((_x, y) => (2 / 3) * y * y * y),
    iyy: both((x, y) => 2 * x * x * y),
  };
}

/** The capsule's outline as a polygon inscribed in it: `n` + 1 points on each round end. */
function inscribedCapsule(r: number, h: number, n: number): number[][] {
  const points: number[][] = [];
  for (let i = 0; i <= n; i++) {
    const angle = -Math.PI / 2 + (Math.PI * i) / n;
    points.push([h + r * Math.cos(angle), r * Math.sin(angle)]);
  }
  for (let i = 0; i <= n; i++) {
    const angle = Math.PI / 2 + (Math.PI * i) / n;
    points.push([-h + r * Math.cos(angle), r * Math.sin(angle)]);
  }
  return points;
}

describe('capsule mass properties', () => {
  it('by hand: r = 1, h = 1 is a 2 x 2 square and a unit disc split in two', () => {
    // A = 4 + pi; Ixx = 2 * 8 / 12 + pi / 4;
    // Iyy = 2 * 8 / 12 + 2 (pi / 8 + pi / 2 * 1^2 + 2 * 2 / 3).
    expect(capsule2Area(1, 1)).toBeCloseTo(4 + Math.PI, 15);
    const m = capsule2SecondMoments(1, 1);
    expect(m[0]).toBeCloseTo(4 / 3 + Math.PI / 4, 14);
    expect(m[1]).toBeCloseTo(4 + (5 * Math.PI) / 4, 14);
    expect(m[2]).toBe(0);
    expect(capsule2SecondMoment(1, 1)).toBeCloseTo(16 / 3 + (3 * Math.PI) / 2, 14);
  });

  it('halfLength 0 is a disc: A = pi r^2, Ixx = Iyy = pi r^4 / 4, J = pi r^4 / 2', () => {
    for (const r of [1e-3, 0.5, 1, 1e3]) {
      expect(capsule2Area(r, 0)).toBeCloseTo(Math.PI * r * r, 15 - Math.log10(r * r));
      const m = capsule2SecondMoments(r, 0);
      const quarter = (Math.PI * r ** 4) / 4;
      expect(m[0]).toBeCloseTo(quarter, 13 - Math.log10(quarter));
      expect(m[1]).toBeCloseTo(quarter, 13 - Math.log10(quarter));
      expect(capsule2SecondMoment(r, 0) / (2 * quarter)).toBeCloseTo(1, 14);
    }
  });

  const sizes = [1e-3, 0.37, 1, 1e3];
  it('equals numeric integration over chords, radii and half lengths 1e-3 to 1e3 (to 1e-12)', () => {
    for (const r of sizes) {
      for (const h of [0, ...sizes]) {
        const numeric = capsuleByChords(r, h);
        const m = capsule2SecondMoments(r, h);
        expect(capsule2Area(r, h) / numeric.area).toBeCloseTo(1, 12);
        expect(m[0]! / numeric.ixx).toBeCloseTo(1, 12);
        expect(m[1]! / numeric.iyy).toBeCloseTo(1, 12);
        expect(capsule2SecondMoment(r, h) / (numeric.ixx + numeric.iyy)).toBeCloseTo(1, 12);
      }
    }
  });

  it('inscribed polygons converge from below, the error quartering as vertices double', () => {
    for (const [r, h] of [[1, 1], [1e-3, 1e3], [1e3, 1e-3], [0.37, 0]] as const) {
      const area = capsule2Area(r, h), j = capsule2SecondMoment(r, h);
      let lastAreaError = 0, lastMomentError = 0;
      for (const n of [64, 128, 256, 512]) {
        const polygon = inscribedCapsule(r, h, n);
        const areaError = area - polygonArea(polygon);
        const momentError = j - polygonSecondMoment(polygon);
        // Inside the capsule and about the same centre (the centroid is the capsule's centre).
        expect(areaError).toBeGreaterThan(0);
        expect(momentError).toBeGreaterThan(0);
        const c = polygonCentroid(polygon);
        expect(Math.hypot(c[0], c[1])).toBeLessThan(1e-12 * (r + h));
        if (lastAreaError > 0) {
          // The chords' missing segments shrink as 1 / n^2.
          expect(lastAreaError / areaError).toBeCloseTo(4, 1);
          expect(lastMomentError / momentError).toBeCloseTo(4, 1);
        }
        lastAreaError = areaError;
        lastMomentError = momentError;
      }
      // What is left after n = 512 is a few parts in 1e5 of the round ends' share.
      expect(lastAreaError / (Math.PI * r * r)).toBeLessThan(3e-5);
    }
  });

  it('rejects a bad radius or half length with a RangeError naming it, writing nothing', () => {
    const out = Float64Array.of(7, 8, 9);
    const cases: Array<[unknown, unknown, ErrorConstructor, string]> = [
      [0, 1, RangeError, 'capsule2SecondMoments: radius must be greater than 0, got 0'],
      [-1, 1, RangeError, 'capsule2SecondMoments: radius must be greater than 0, got -1'],
      [NaN, 1, RangeError, 'capsule2SecondMoments: radius must be finite, got NaN'],
      [1, -0.5, RangeError, 'capsule2SecondMoments: halfLength must be at least 0, got -0.5'],
      [1, Infinity, RangeError, 'capsule2SecondMoments: halfLength must be finite, got Infinity'],
      [2e75, 1, RangeError, 'capsule2SecondMoments: radius is outside the supported range'],
      ['1', 1, TypeError, 'capsule2SecondMoments: radius must be a number, got "1"'],
    ];
    for (const [radius, halfLength, type, message] of cases) {
      const call = () => capsule2SecondMoments(radius as number, halfLength as number, out);
      expect(call).toThrow(type);
      expect(call).toThrow(message);
      expect(Array.from(out)).toEqual([7, 8, 9]);
    }
    expect(() => capsule2Area(1, -1)).toThrow(
      'capsule2Area: halfLength must be at least 0, got -1',
    );
    expect(() => capsule2SecondMoment(0, 1)).toThrow(
      'capsule2SecondMoment: radius must be greater than 0, got 0',
    );
  });

  it('stays finite at the limits of the coordinate range', () => {
    const m = capsule2SecondMoments(1e75, 1e75);
    expect(Number.isFinite(m[0]!) && Number.isFinite(m[1]!)).toBe(true);
    expect(Number.isFinite(capsule2SecondMoment(1e75, 1e75))).toBe(true);
    expect(capsule2Area(1e75, 1e75)).toBeCloseTo((4 + Math.PI) * 1e150, -136);
  });
});
