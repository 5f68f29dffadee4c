import { describe, it, expect } from 'vitest';
import { parseContour, formatContour, normalizeContour, scaleContour, principalAxisAngle, type Contour } from './contour.js';
import { polygonArea, polygonCentroid, polygonSecondMoment } from './mass.js';
import { mulberry32 } from '@contactkit/test-support';

const rectangleFile = `contactkit-contour 1
# normalised contour: centroid at the origin, largest dimension 1 (seed 003)
points 4
-0.5 -0.25
0.5 -0.25
0.5 0.25
-0.5 0.25
area 0.5
centroid 0 0
second-moment 0.05208333333333333
largest-axis x
orientation 0
`;

describe('normalizeContour and scaleContour', () => {
  it('a 4 x 2 rectangle centred at (10, 5)', () => {
    // Size = largest dimension 4; centred points / 4 give [-0.5, 0.5] x [-0.25, 0.25].
    // A' = 1 * 0.5 = 0.5; J' = A' (w^2 + h^2) / 12 = 0.5 * 1.25 / 12 = 0.0520833...
    const { contour, size, centre } = normalizeContour([[8, 4], [12, 4], [12, 6], [8, 6]]);
    expect(size).toBe(4);
    expect(centre).toEqual([10, 5]);
    expect(contour.points).toEqual([[-0.5, -0.25], [0.5, -0.25], [0.5, 0.25], [-0.5, 0.25]]);
    expect(contour.area).toBe(0.5);
    expect(contour.secondMoment).toBeCloseTo(0.5 * 1.25 / 12, 16);
    expect(contour.largestAxis).toBe('x');
    expect(contour.orientation).toBe(0);
    expect(formatContour(contour)).toBe(rectangleFile);
  });

  it('a tall rectangle: largest axis y, orientation pi/2 (not -pi/2)', () => {
    const { contour } = normalizeContour([[0, 0], [1, 0], [1, 3], [0, 3]]);
    expect(contour.largestAxis).toBe('y');
    expect(contour.orientation).toBe(Math.PI / 2);
    // Width 1/3 after scaling by 3: J' = (1/3)(1/9 + 1)/12.
    expect(contour.secondMoment).toBeCloseTo((1 / 3) * (1 / 9 + 1) / 12, 15);
  });

  it('orientation of a rectangle turned by 30 degrees, either winding, repeated closing point dropped', () => {
    const c = Math.cos(Math.PI / 6), s = Math.sin(Math.PI / 6);
    const corners = [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]].map(([x, y]) => [c * x! - s * y! + 7, s * x! + c * y! - 3]);
    for (const points of [corners, [...corners].reverse(), [...corners, corners[0]!]]) {
      const { contour } = normalizeContour(points);
      expect(contour.points.length).toBe(4);
      expect(contour.orientation).toBeCloseTo(Math.PI / 6, 14);
      // Bounding box: width 4c + s = 3.96, height 4s + c = 2.87: x is the largest.
      expect(contour.largestAxis).toBe('x');
    }
  });

  it('principalAxisAngle: the angle of least second moment', () => {
    // Long axis along x: Iyy = int x^2 is the larger.
    expect(principalAxisAngle(1, 4, 0)).toBe(0);
    // Iyy - Ixx = 0 and Ixy > 0: the long axis is the diagonal y = x.
    expect(principalAxisAngle(2, 2, 1)).toBeCloseTo(Math.PI / 4, 15);
    expect(principalAxisAngle(2, 2, -1)).toBeCloseTo(-Math.PI / 4, 15);
    expect(principalAxisAngle(2, 2, 0)).toBe(0);
  });

  it('L-shape: normalised properties are the world ones scaled by size^2 and size^4, and scale back', () => {
    const world = [[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]].map(([x, y]) => [x! * 2 + 5, y! * 2 - 1]);
    const { contour, size, centre } = normalizeContour(world);
    expect(size).toBe(6);
    const worldCentroid = polygonCentroid(world);
    expect(centre[0]).toBeCloseTo(worldCentroid[0], 14);
    expect(centre[1]).toBeCloseTo(worldCentroid[1], 14);
    expect(contour.area).toBeCloseTo(polygonArea(world) / 36, 15);
    expect(contour.secondMoment).toBeCloseTo(polygonSecondMoment(world) / 6 ** 4, 15);
    // Symmetric about the diagonal through its corner: the long axis is at -45 degrees.
    expect(contour.orientation).toBeCloseTo(-Math.PI / 4, 14);
    const back = scaleContour(contour, size, centre);
    back.points.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(world[i]![0]!, 13);
      expect(p[1]).toBeCloseTo(world[i]![1]!, 13);
    });
    expect(back.area).toBeCloseTo(polygonArea(world), 13);
    expect(back.secondMoment).toBeCloseTo(polygonSecondMoment(world), 11);
    expect(back.centroid[0]).toBeCloseTo(worldCentroid[0], 14);
  });

  it('rejects degenerate outlines and bad scale arguments', () => {
    expect(() => normalizeContour([[0, 0], [1, 1]])).toThrow(/at least 3 distinct points, got 2/);
    expect(() => normalizeContour([[0, 0], [1, 1], [0, 0]])).toThrow(/at least 3/);
    expect(() => normalizeContour([[0, 0], [1, 1], [2, 2]])).toThrow(/non-zero area/);
    const { contour } = normalizeContour([[0, 0], [1, 0], [0, 1]]);
    expect(() => scaleContour(contour, 0)).toThrow(/size must be a finite number > 0, got 0/);
    expect(() => scaleContour(contour, 1, [0, NaN])).toThrow(RangeError);
  });
});

describe('formatContour and parseContour', () => {
  it('reads the documented example', () => {
    const contour = parseContour(rectangleFile);
    expect(contour.points[2]).toEqual([0.5, 0.25]);
    expect(contour.secondMoment).toBe(0.05208333333333333);
    expect(formatContour(contour)).toBe(rectangleFile);
  });

  it('comments, blank lines, tabs, CRLF and any key order', () => {
    const text = [
      '# made by hand',
      '',
      'contactkit-contour 1   # header',
      'orientation 0.25',
      'largest-axis y',
      'area 2',
      'points 3  # a triangle',
      '0 0',
      '\t1\t0 ',
      '.5 1e0',
      'second-moment 1.5e-1',
      'centroid -0 +0.5',
    ].join('\r\n');
    const contour = parseContour(text);
    expect(contour.points).toEqual([[0, 0], [1, 0], [0.5, 1]]);
    expect(contour.orientation).toBe(0.25);
    expect(contour.largestAxis).toBe('y');
    expect(contour.secondMoment).toBe(0.15);
    expect(Object.is(contour.centroid[0], -0)).toBe(true);
    expect(parseContour(formatContour(contour))).toEqual(contour);
  });

  it('round trips random contours exactly, both ways', () => {
    const random = mulberry32(303);
    for (let n = 0; n < 300; n++) {
      const count = 3 + Math.floor(random() * 40);
      const points: number[][] = [];
      for (let i = 0; i < count; i++) {
        const angle = ((i + 0.1 + 0.8 * random()) / count) * 2 * Math.PI;
        const radius = (0.1 + random()) * 10 ** (random() * 6 - 3);
        points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
      }
      const { contour } = normalizeContour(points);
      const text = formatContour(contour);
      const parsed = parseContour(text);
      expect(parsed).toEqual(contour);
      expect(formatContour(parsed)).toBe(text);
    }
  });

  it('round trips awkward doubles: -0, subnormals, huge and tiny exponents', () => {
    const contour: Contour = {
      points: [[-0, 5e-324], [1e21, -1.7976931348623157e308], [0.1 + 0.2, 1 / 3]],
      area: 1e-300,
      centroid: [-0, 123456789.12345679],
      secondMoment: 2.5e-8,
      largestAxis: 'y',
      orientation: -Math.PI / 2 + 1e-15,
    };
    const parsed = parseContour(formatContour(contour));
    expect(parsed).toEqual(contour);
    expect(Object.is(parsed.points[0]![0], -0)).toBe(true);
  });

  const malformed: Array<[string, string, RegExp]> = [
    ['a bad point', rectangleFile.replace('0.5 0.25\n', '1.0 abc\n'), /^line 6: expected two numbers, got "1.0 abc"$/],
    ['three numbers for a point', rectangleFile.replace('-0.5 0.25\n', '-0.5 0.25 7\n'), /^line 7: expected two numbers, got "-0.5 0.25 7"$/],
    ['too few point lines', rectangleFile.replace('-0.5 0.25\n', ''), /^line 7: expected two numbers, got "area 0.5"$/],
    ['no header', rectangleFile.replace('contactkit-contour 1\n', ''), /^line 2: expected the header "contactkit-contour 1", got "points 4"$/],
    ['a future version', rectangleFile.replace('contactkit-contour 1', 'contactkit-contour 2'), /^line 1: unsupported contour format version "2"/],
    ['an unknown key', rectangleFile.replace('largest-axis x', 'colour red'), /^line 11: unknown key "colour"/],
    ['a repeated key', rectangleFile.replace('orientation 0', 'orientation 0\narea 1'), /^line 13: "area" appears twice \(first on line 8\)$/],
    ['a missing key', rectangleFile.replace('orientation 0\n', ''), /^line 11: the file ends without "orientation"$/],
    ['a bad axis', rectangleFile.replace('largest-axis x', 'largest-axis z'), /^line 11: expected "x" or "y", got "z"$/],
    ['a negative area', rectangleFile.replace('area 0.5', 'area -0.5'), /^line 8: area must not be negative, got -0.5$/],
    ['too few points declared', rectangleFile.replace('points 4', 'points 2'), /^line 3: a contour needs at least 3 points, got 2$/],
    ['a fractional count', rectangleFile.replace('points 4', 'points 4.5'), /^line 3: expected a whole number of points, got "4.5"$/],
    ['an out-of-range number', rectangleFile.replace('area 0.5', 'area 1e999'), /^line 8: expected one number, got "1e999" \(out of range\)$/],
    ['NaN', rectangleFile.replace('orientation 0', 'orientation NaN'), /^line 12: expected one number, got "NaN"$/],
    ['a truncated file', rectangleFile.slice(0, rectangleFile.indexOf('0.5 0.25')), /^line 5: the file ends 2 point\(s\) short of the declared count$/],
    ['an empty file', '\n# nothing\n', /^line 2: expected the header "contactkit-contour 1", got an empty file$/],
  ];
  for (const [name, text, message] of malformed) {
    it(`malformed file: ${name}`, () => {
      expect(() => parseContour(text)).toThrow(message);
    });
  }

  it('formatContour refuses what parseContour would reject', () => {
    const contour = parseContour(rectangleFile);
    expect(() => formatContour({ ...contour, area: NaN })).toThrow(/contour.area must be a finite non-negative number, got NaN/);
    expect(() => formatContour({ ...contour, points: contour.points.slice(0, 2) })).toThrow(/at least 3 points, got 2/);
    expect(() => formatContour({ ...contour, points: [[0, 0], [1, Infinity], [0, 1]] })).toThrow(/contour.points\[1\]\[1\]/);
  });
});
