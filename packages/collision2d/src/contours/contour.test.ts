import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import {
  parseContour,
  formatContour,
  normalizeContour,
  scaleContour,
  placeContour,
  principalAxisAngle,
  parsePointList,
  importPointList,
  shapeFromContour,
  MAX_CONTOUR_LINE_LENGTH,
  MAX_CONTOUR_NUMBER_LENGTH,
  type Contour,
} from './contour.js';
import { polygonArea, polygonCentroid, polygonSecondMoment } from './mass.js';
import { Chain, Polygon } from '../shapes/shapes.js';
import { mulberry32 } from '@contactkit/test-support';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

/** Deep equality that tells -0 from 0 (Object.is on every number). */
function same(a: unknown, b: unknown): boolean {
  if (typeof a === 'number' || typeof b === 'number') return Object.is(a, b);
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return a === b;
  const keysA = Object.keys(a), keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((k) =>
    same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])
  );
}

/** A version 1 file, as written before the image, outline and normalization lines existed. */
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
    const { contour, size, centre } = normalizeContour([[8, 4], [12, 4], [12, 6], [8, 6]], {
      normalization: 'gravity',
    });
    expect(size).toBe(4);
    expect(centre).toEqual([10, 5]);
    expect(contour.points).toEqual([[-0.5, -0.25], [0.5, -0.25], [0.5, 0.25], [-0.5, 0.25]]);
    expect(contour.area).toBe(0.5);
    expect(contour.secondMoment).toBeCloseTo(0.5 * 1.25 / 12, 16);
    expect(contour.largestAxis).toBe('x');
    expect(contour.orientation).toBe(0);
    expect(contour.closed).toBe(true);
    // No image given: the bounding box [8, 12] x [4, 6] is the image; the centroid (10, 5) is its centre.
    expect(contour.image).toEqual({ width: 4, height: 2, size: 4, origin: [2, 1] });
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
    const corners = [[-2, -0.5], [2, -0.5], [2, 0.5], [-2, 0.5]].map((
      [x, y],
    ) => [c * x! - s * y! + 7, s * x! + c * y! - 3]);
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
    const world = [[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]].map((
      [x, y],
    ) => [x! * 2 + 5, y! * 2 - 1]);
    const { contour, size, centre } = normalizeContour(world, { normalization: 'gravity' });
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
    expect(() => normalizeContour([[0, 0], [1, 1]])).toThrow(
      /at least 3 distinct points for a closed outline, got 2/,
    );
    expect(() => normalizeContour([[0, 0], [1, 1], [0, 0]])).toThrow(/at least 3/);
    expect(() => normalizeContour([[0, 0], [1, 1], [2, 2]])).toThrow(/non-zero area/);
    const { contour } = normalizeContour([[0, 0], [1, 0], [0, 1]]);
    expect(() => scaleContour(contour, 0)).toThrow(/size must be a finite number > 0, got 0/);
    expect(() => scaleContour(contour, 1, [0, NaN])).toThrow(RangeError);
    expect(() => normalizeContour([[1, 1], [1, 1]], { closed: false })).toThrow(
      new RangeError('points must not all coincide, got every point at [1, 1]'),
    );
    expect(() =>
      normalizeContour([[0, 0], [1, 0], [0, 1]], { closed: false, normalization: 'gravity' })
    ).toThrow(/must be 'center' for an open outline/);
    expect(() => normalizeContour([[0, 0], [1, 0], [0, 1]], { normalization: 'middle' as never }))
      .toThrow(/options.normalization must be 'center' or 'gravity', got "middle"/);
    expect(() => normalizeContour([[0, 0], [1, 0], [0, 1]], { image: { width: 0, height: 5 } }))
      .toThrow(/options.image.width must be a finite positive number, got 0/);
    expect(() => normalizeContour([[0, 0], [2, 0]], { closed: false })).toThrow(
      /options.image is needed for a flat outline/,
    );
  });
});

/** The L-shape [40, 100] x [10, 30] plus [40, 60] x [30, 70], drawn in a 200 x 100 image. */
const lWorld: Array<[number, number]> = [[40, 10], [100, 10], [100, 30], [60, 30], [60, 70], [
  40,
  70,
]];
const lFile = `contactkit-contour 2
# a contactkit contour file (the README of @contactkit/collision2d describes the format)
outline closed
normalization center
image 200 100
size 60
origin 100 50
points 6
-1 -0.6666666666666666
0 -0.6666666666666666
0 -0.3333333333333333
-0.6666666666666666 -0.3333333333333333
-0.6666666666666666 0.3333333333333333
-1 0.3333333333333333
area 0.5555555555555556
centroid -0.6333333333333333 -0.29999999999999993
second-moment 0.08930041152263374
largest-axis x
orientation -0.7853981633974484
`;

describe('normalisations: center keeps the image and the contour congruent, gravity centres on the centroid', () => {
  it('center: the L in its 200 x 100 image, by hand', () => {
    // Largest dimension 60 (x from 40 to 100); the image centre (100, 50) becomes the origin, so
    // (40, 10) -> (-60/60, -40/60) = (-1, -2/3). Area 2000 / 60^2 = 5/9. Centroid of the world L:
    // rectangles 60 x 20 at (70, 20) and 20 x 40 at (50, 50): (1200*70 + 800*50, 1200*20 + 800*50) / 2000
    // = (62, 32), normalised ((62 - 100) / 60, (32 - 50) / 60) = (-0.6333, -0.3).
    const { contour, size, centre } = normalizeContour(lWorld, {
      image: { width: 200, height: 100 },
    });
    expect(size).toBe(60);
    expect(centre).toEqual([100, 50]);
    expect(contour.normalization).toBe('center');
    expect(contour.image).toEqual({ width: 200, height: 100, size: 60, origin: [100, 50] });
    expect(contour.points[0]).toEqual([-1, -40 / 60]);
    expect(contour.area).toBeCloseTo(5 / 9, 15);
    expect(contour.centroid[0]).toBeCloseTo(-38 / 60, 15);
    expect(contour.centroid[1]).toBeCloseTo(-18 / 60, 15);
    expect(formatContour(contour)).toBe(lFile);
  });

  it('gravity: the same L centred on its centroid (62, 32)', () => {
    const { contour, centre } = normalizeContour(lWorld, {
      image: { width: 200, height: 100 },
      normalization: 'gravity',
    });
    expect(centre[0]).toBeCloseTo(62, 13);
    expect(centre[1]).toBeCloseTo(32, 13);
    expect(contour.centroid).toEqual([0, 0]);
    expect(contour.image!.origin).toEqual(centre);
    // The moment about the centroid is the same in both normalisations (only the origin differs).
    const center = normalizeContour(lWorld, { image: { width: 200, height: 100 } }).contour;
    expect(contour.secondMoment).toBeCloseTo(center.secondMoment, 15);
    expect(contour.area).toBeCloseTo(center.area, 15);
  });

  it('placeContour: scaling back by the displayed width puts the contour over the image, in both modes', () => {
    for (const normalization of ['center', 'gravity'] as const) {
      const { contour } = normalizeContour(lWorld, {
        image: { width: 200, height: 100 },
        normalization,
      });
      const loaded = parseContour(formatContour(contour));
      // Displayed at its own size with its centre at (100, 50): the image covers [0, 200] x [0, 100]
      // as in the digitiser, and every point returns to where it was drawn.
      const same = placeContour(loaded, 200, [100, 50]);
      same.points.forEach((p, i) => {
        expect(p[0]).toBeCloseTo(lWorld[i]![0], 12);
        expect(p[1]).toBeCloseTo(lWorld[i]![1], 12);
      });
      // Displayed 50 wide (a quarter) centred at the origin: image point (x, y) shows at ((x - 100) / 4, (y - 50) / 4).
      const small = placeContour(loaded, 50);
      small.points.forEach((p, i) => {
        expect(p[0]).toBeCloseTo((lWorld[i]![0] - 100) / 4, 13);
        expect(p[1]).toBeCloseTo((lWorld[i]![1] - 50) / 4, 13);
      });
      expect(small.area).toBeCloseTo(2000 / 16, 11);
      expect(small.centroid[0]).toBeCloseTo((62 - 100) / 4, 13);
      expect(small.centroid[1]).toBeCloseTo((32 - 50) / 4, 13);
    }
    expect(() => placeContour(parseContour(rectangleFile), 100)).toThrow(/contour.image is null/);
    expect(() => placeContour(parseContour(lFile), 0)).toThrow(
      /displayedWidth must be a finite number > 0, got 0/,
    );
  });
});

describe('open profiles stay open; closed outlines load as polygons', () => {
  const profile: Array<[number, number]> = [[0, 50], [50, 50], [100, 0]];

  it('an open profile keeps every point, has no area, and loads as a Chain', () => {
    const { contour } = normalizeContour(profile, {
      closed: false,
      image: { width: 100, height: 100 },
    });
    expect(contour.closed).toBe(false);
    expect(contour.points).toEqual([[-0.5, 0], [0, 0], [0.5, -0.5]]);
    expect([contour.area, contour.secondMoment, contour.orientation]).toEqual([0, 0, 0]);
    const text = formatContour(contour);
    expect(text).toContain('outline open\n');
    expect(text).not.toMatch(/area|centroid|second-moment|orientation/);
    const loaded = parseContour(text);
    expect(same(loaded, contour)).toBe(true);
    const shape = shapeFromContour(scaleContour(loaded, 100, [50, 50]));
    expect(shape).toBeInstanceOf(Chain);
    // A profile whose last point repeats its first is still open: nothing is dropped or closed.
    const loop = normalizeContour([...profile, profile[0]!], { closed: false }).contour;
    expect(loop.points.length).toBe(4);
    expect(loop.closed).toBe(false);
  });

  it("a closed outline loads as a Polygon with the contour's area", () => {
    const shape = shapeFromContour(placeContour(parseContour(lFile), 200, [100, 50]));
    expect(shape).toBeInstanceOf(Polygon);
    expect(polygonArea((shape as Polygon).vertices.subarray(0, 2 * (shape as Polygon).count)))
      .toBeCloseTo(2000, 9);
  });

  it('the reader refuses what an open outline cannot have', () => {
    const open = formatContour(
      normalizeContour(profile, { closed: false, image: { width: 100, height: 100 } }).contour,
    );
    expect(() => parseContour(open + 'area 0\n')).toThrow(
      /^line 13: "area" is not allowed for an open outline/,
    );
    expect(() => parseContour(open.replace('normalization center', 'normalization gravity')))
      .toThrow(/^line 4: expected "center" for an open outline/);
    expect(() => parseContour(lFile.replace('outline closed', 'outline open'))).toThrow(
      /^line 15: "area" is not allowed for an open outline/,
    );
  });
});

describe('point lists: the simplest exchange with other tools', () => {
  it('x y, x,y and x;y lines, comments, a closing repeat; the properties are computed', () => {
    const text = [
      '# an L from another tool',
      '0 0',
      '3,0',
      '3 ; 1',
      '1;1',
      '  1 ,\t3',
      '0\t3',
      '0, 0',
      '',
    ].join('\n');
    expect(parsePointList(text)).toEqual([[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3], [0, 0]]);
    const { contour, size } = importPointList(text, { normalization: 'gravity' });
    // The L of area 5, centroid (1.1, 1.1), polar moment 7.2333 (mass.test's rectangles), size 3.
    expect(size).toBe(3);
    expect(contour.points.length).toBe(6);
    expect(contour.area).toBeCloseTo(5 / 9, 15);
    expect(contour.secondMoment).toBeCloseTo(
      polygonSecondMoment([[0, 0], [3, 0], [3, 1], [1, 1], [1, 3], [0, 3]]) / 81,
      15,
    );
    expect(contour.centroid).toEqual([0, 0]);
    expect(contour.orientation).toBeCloseTo(-Math.PI / 4, 14);
    // Kept open when asked: the closing repeat stays a point of the profile.
    expect(importPointList(text, { closed: false }).contour.points.length).toBe(7);
  });

  const bad: Array<[string, string, string]> = [
    [
      'three numbers',
      '0 0\n1 2 3\n',
      'line 2: expected a point "x y", "x,y" or "x;y", got "1 2 3"',
    ],
    ['a word', '0 0\n1 0\n# c\nx 1\n', 'line 4: expected a point "x y", "x,y" or "x;y", got "x 1"'],
    [
      'an empty number',
      '0 0\n1,,2\n',
      'line 2: expected a point "x y", "x,y" or "x;y", got "1  2"',
    ],
    [
      'an out-of-range number',
      '0 1e400\n',
      'line 1: expected a point "x y", "x,y" or "x;y", got "0 1e400" (out of range)',
    ],
    [
      'nothing',
      '\n# only a comment\n',
      'line 2: expected a point "x y", "x,y" or "x;y", got an empty list',
    ],
  ];
  for (const [name, text, message] of bad) {
    it(`malformed point list: ${name}`, () => {
      expect(() => parsePointList(text)).toThrow(new Error(message));
    });
  }
});

describe('formatContour and parseContour', () => {
  it('reads a version 1 file as a closed outline centred on its centroid, and writes it as version 2', () => {
    const contour = parseContour(rectangleFile);
    expect(contour.points[2]).toEqual([0.5, 0.25]);
    expect(contour.secondMoment).toBe(0.05208333333333333);
    expect(contour.closed).toBe(true);
    expect(contour.normalization).toBe('gravity');
    expect(contour.image).toBe(null);
    const text = formatContour(contour);
    expect(text.startsWith('contactkit-contour 2\n')).toBe(true);
    expect(text).not.toMatch(/^(image|size|origin) /m);
    expect(same(parseContour(text), contour)).toBe(true);
  });

  it('comments, blank lines, tabs, CRLF and any key order', () => {
    const text = [
      '# made by hand',
      '',
      'contactkit-contour 2   # header',
      'orientation 0.25',
      'largest-axis y',
      'area 2',
      'points 3  # a triangle',
      '0 0',
      '\t1\t0 ',
      '.5 1e0',
      'origin 62 32',
      'second-moment 1.5e-1',
      'size 2',
      'normalization gravity',
      'centroid -0 +0.5',
      'image\t200 100',
      'outline closed',
    ].join('\r\n');
    const contour = parseContour(text);
    expect(contour.points).toEqual([[0, 0], [1, 0], [0.5, 1]]);
    expect(contour.orientation).toBe(0.25);
    expect(contour.largestAxis).toBe('y');
    expect(contour.secondMoment).toBe(0.15);
    expect(contour.image).toEqual({ width: 200, height: 100, size: 2, origin: [62, 32] });
    expect(Object.is(contour.centroid[0], -0)).toBe(true);
    expect(same(parseContour(formatContour(contour)), contour)).toBe(true);
  });

  /** A random double: any finite bit pattern now and then (subnormals, huge exponents, -0), else a plain value. */
  function randomDouble(random: () => number): number {
    const r = random();
    if (r < 0.05) return -0;
    if (r < 0.3) {
      const view = new DataView(new ArrayBuffer(8));
      for (;;) {
        view.setUint32(0, Math.floor(random() * 2 ** 32));
        view.setUint32(4, Math.floor(random() * 2 ** 32));
        const value = view.getFloat64(0);
        if (Number.isFinite(value)) return value;
      }
    }
    return (random() - 0.5) * 10 ** Math.floor(random() * 8 - 4);
  }
  const positive = (random: () => number) => Math.abs(randomDouble(random)) || 1;

  it(`round trips ${PROPERTY_RUNS} random valid contours exactly, both ways`, () => {
    const random = mulberry32(1303);
    const failures: string[] = [];
    for (let n = 0; n < PROPERTY_RUNS && failures.length < 3; n++) {
      const closed = random() < 0.7;
      const normalization = closed && random() < 0.5 ? 'gravity' : 'center';
      const count = (closed ? 3 : 2) + Math.floor(random() * 12);
      const points: Array<[number, number]> = Array.from(
        { length: count },
        () => [randomDouble(random), randomDouble(random)],
      );
      const width = positive(random), height = positive(random);
      const image = random() < 0.15 ? null : {
        width,
        height,
        size: positive(random),
        origin: (normalization === 'center'
          ? [width / 2, height / 2]
          : [randomDouble(random), randomDouble(random)]) as [number, number],
      };
      let orientation = (random() - 0.5) * Math.PI;
      if (orientation <= -Math.PI / 2) {
        orientation = Math.PI / 2;
      }
      const contour: Contour = closed
        ? {
          points,
          closed,
          normalization,
          image,
          area: positive(random),
          centroid: [randomDouble(random), randomDouble(random)],
          secondMoment: positive(random),
          largestAxis: random() < 0.5 ? 'x' : 'y',
          orientation: random() < 0.05 ? Math.PI / 2 : orientation,
        }
        : {
          points,
          closed,
          normalization,
          image,
          area: 0,
          centroid: [0, 0],
          secondMoment: 0,
          largestAxis: random() < 0.5 ? 'x' : 'y',
          orientation: 0,
        };
      const text = formatContour(contour);
      const parsed = parseContour(text);
      if (!same(parsed, contour) || formatContour(parsed) !== text) failures.push(text);
    }
    expect(failures).toEqual([]);
  }, PROPERTY_TIMEOUT);

  it('round trips normalised contours of random outlines', () => {
    const random = mulberry32(303);
    for (let n = 0; n < 300; n++) {
      const count = 3 + Math.floor(random() * 40);
      const points: number[][] = [];
      for (let i = 0; i < count; i++) {
        const angle = ((i + 0.1 + 0.8 * random()) / count) * 2 * Math.PI;
        const radius = (0.1 + random()) * 10 ** (random() * 6 - 3);
        points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
      }
      const { contour } = normalizeContour(points, {
        normalization: n % 2 === 0 || n % 3 === 0 ? 'center' : 'gravity',
        closed: n % 3 !== 0,
      });
      const text = formatContour(contour);
      expect(same(parseContour(text), contour)).toBe(true);
    }
  });

  const lines = lFile.split('\n');
  const malformed: Array<[string, string, string]> = [
    [
      'a bad point',
      lFile.replace('0 -0.3333333333333333\n', '1.0 abc\n'),
      'line 11: expected two numbers (a point), got "1.0 abc"',
    ],
    [
      'three numbers for a point',
      lFile.replace('-1 0.3333333333333333\n', '-1 0.5 7\n'),
      'line 14: expected two numbers (a point), got "-1 0.5 7"',
    ],
    [
      'too few point lines',
      lFile.replace('-1 0.3333333333333333\n', ''),
      'line 14: expected two numbers (a point), got "area 0.5555555555555556"',
    ],
    [
      'no header',
      lFile.replace('contactkit-contour 2\n', ''),
      'line 2: expected the header "contactkit-contour 2", got "outline closed"',
    ],
    [
      'a future version',
      lFile.replace('contactkit-contour 2', 'contactkit-contour 3'),
      'line 1: unsupported contour format version "3" (this reader knows 1 and 2)',
    ],
    [
      'an unknown key',
      lFile.replace('largest-axis x', 'colour red'),
      'line 18: unknown key "colour" (expected one of outline, normalization, image, size, ' +
      'origin, points, area, centroid, second-moment, largest-axis, orientation)',
    ],
    ['a repeated key', lFile + 'area 1\n', 'line 20: "area" appears twice (first on line 15)'],
    [
      'a missing key',
      lFile.replace('orientation -0.7853981633974484\n', ''),
      'line 18: the file ends without "orientation"',
    ],
    [
      'a missing outline',
      lFile.replace('outline closed\n', ''),
      'line 18: the file ends without "outline"',
    ],
    [
      'a bad outline',
      lFile.replace('outline closed', 'outline shut'),
      'line 3: expected "closed" or "open", got "shut"',
    ],
    [
      'a bad normalization',
      lFile.replace('normalization center', 'normalization middle'),
      'line 4: expected "center" or "gravity", got "middle"',
    ],
    [
      'an image without size',
      lFile.replace('size 60\n', ''),
      'line 18: "image" (line 5) needs "size" too: image, size and origin come together',
    ],
    [
      'a zero image',
      lFile.replace('image 200 100', 'image 0 100'),
      'line 5: image width and height must be positive, got "0 100"',
    ],
    [
      'a negative size',
      lFile.replace('size 60', 'size -60'),
      'line 6: size must be positive, got -60',
    ],
    [
      'a center origin off the centre',
      lFile.replace('origin 100 50', 'origin 100 51'),
      'line 7: expected the image centre 100 50 as the origin of a "center" normalization, got 100 51',
    ],
    [
      'a bad axis',
      lFile.replace('largest-axis x', 'largest-axis z'),
      'line 18: expected "x" or "y", got "z"',
    ],
    [
      'a negative area',
      lFile.replace('area 0.5555555555555556', 'area -0.5'),
      'line 15: area must not be negative, got -0.5',
    ],
    [
      'too few points declared',
      lFile.replace('points 6', 'points 1'),
      'line 8: an outline needs at least 2 points (3 when closed), got 1',
    ],
    [
      'two points for a closed outline',
      lines.slice(0, 7).join('\n') + '\npoints 2\n0 0\n1 1\n' + lines.slice(14).join('\n'),
      'line 8: a closed outline needs at least 3 points, got 2',
    ],
    [
      'a fractional count',
      lFile.replace('points 6', 'points 6.5'),
      'line 8: expected a whole number of points, got "6.5"',
    ],
    [
      'an out-of-range number',
      lFile.replace('area 0.5555555555555556', 'area 1e999'),
      'line 15: expected one number, got "1e999" (out of range)',
    ],
    [
      'NaN',
      lFile.replace('orientation -0.7853981633974484', 'orientation NaN'),
      'line 19: expected one number, got "NaN"',
    ],
    [
      'an orientation of -pi/2',
      lFile.replace('orientation -0.7853981633974484', `orientation ${-Math.PI / 2}`),
      'line 19: orientation must be in (-pi/2, pi/2], got -1.5707963267948966',
    ],
    [
      'an orientation of 2',
      lFile.replace('orientation -0.7853981633974484', 'orientation 2'),
      'line 19: orientation must be in (-pi/2, pi/2], got 2',
    ],
    [
      'an orientation of -pi/2 in a version 1 file',
      rectangleFile.replace('orientation 0', 'orientation -1.5707963267948966'),
      'line 12: orientation must be in (-pi/2, pi/2], got -1.5707963267948966',
    ],
    [
      'a version 2 key in a version 1 file',
      rectangleFile.replace('largest-axis x', 'outline closed'),
      'line 11: unknown key "outline" (expected one of points, area, centroid, second-moment, ' +
      'largest-axis, orientation)',
    ],
    [
      'a truncated file',
      lFile.slice(0, lFile.indexOf('0 -0.3333333333333333')),
      'line 10: the file ends 4 point(s) short of the declared count',
    ],
    [
      'an empty file',
      '\n# nothing\n',
      'line 2: expected the header "contactkit-contour 2", got an empty file',
    ],
  ];
  for (const [name, text, message] of malformed) {
    it(`malformed file: ${name}`, () => {
      expect(() => parseContour(text)).toThrow(new Error(message));
    });
  }

  it('lines and numbers past the documented limits fail with their line number (the 20,000-digit number)', () => {
    const digits = '7'.repeat(20_000);
    expect(() => parseContour(lFile.replace('size 60', `size ${digits}`))).toThrow(
      new Error(`line 6: longer than ${MAX_CONTOUR_LINE_LENGTH} characters (20005)`),
    );
    expect(() => parseContour(lFile.replace('size 60', `size ${digits}x`))).toThrow(
      new Error(`line 6: longer than ${MAX_CONTOUR_LINE_LENGTH} characters (20006)`),
    );
    const long = '1'.repeat(MAX_CONTOUR_NUMBER_LENGTH + 1);
    expect(() => parseContour(lFile.replace('size 60', `size ${long}`))).toThrow(
      new Error(`line 6: a number longer than ${MAX_CONTOUR_NUMBER_LENGTH} characters (65)`),
    );
    // At the limits themselves everything is read: a 64-digit number in a line of 256 characters.
    const longest = '0.' + '5'.repeat(MAX_CONTOUR_NUMBER_LENGTH - 2);
    const padded = `size ${longest}`.padEnd(MAX_CONTOUR_LINE_LENGTH - 1) + '#';
    expect(padded.length).toBe(MAX_CONTOUR_LINE_LENGTH);
    expect(parseContour(lFile.replace('size 60', padded)).image!.size).toBe(Number(longest));
    expect(() => parsePointList(`0 0\n${long} 1\n`)).toThrow(
      new Error(`line 2: a number longer than ${MAX_CONTOUR_NUMBER_LENGTH} characters (65)`),
    );
    expect(() => parsePointList(`0 0\n\n${'#'.repeat(300)}\n`)).toThrow(
      new Error(`line 3: longer than ${MAX_CONTOUR_LINE_LENGTH} characters (300)`),
    );
  });

  it('hostile files of 1 MB fail at the first offending line, or parse, well within a second', () => {
    const megabyte = 1 << 20;
    // One line of digits; many lines of near-numbers that a backtracking pattern would chew on;
    // a header and a million points announced but every line a point (valid up to the missing keys).
    const oneLine = `contactkit-contour 2\nsize ${'9'.repeat(megabyte)}\n`;
    const nearNumbers = `contactkit-contour 2\npoints 99999999\n` +
      `${'1'.repeat(60)}x ${'2'.repeat(60)}\n`.repeat(megabyte / 123);
    const manyPoints = `contactkit-contour 2\noutline closed\npoints 999999999\n` +
      '0.123456789 -0.98765432\n'.repeat(megabyte / 24);
    const started = performance.now();
    expect(() => parseContour(oneLine)).toThrow(
      new Error(`line 2: longer than ${MAX_CONTOUR_LINE_LENGTH} characters (${megabyte + 5})`),
    );
    expect(() => parseContour(nearNumbers)).toThrow(
      /^line 3: expected two numbers \(a point\), got "1{60}x 2{60}"$/,
    );
    expect(() => parseContour(manyPoints)).toThrow(
      /^line 43693: the file ends 999956309 point\(s\) short of the declared count$/,
    );
    // The criterion, "well under a second", with room for a loaded machine: the work is
    // linear (every line is refused past 256 characters before it is looked into).
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('formatContour refuses what parseContour would reject, naming the field, and changes nothing', () => {
    const contour = parseContour(lFile);
    const before = structuredClone(contour);
    const cases: Array<[Contour, Error]> = [
      [
        { ...contour, area: NaN },
        new RangeError('contour.area must be a finite non-negative number, got NaN'),
      ],
      [
        { ...contour, points: contour.points.slice(0, 2) },
        new RangeError('contour.points must hold at least 3 points for a closed outline, got 2'),
      ],
      [
        { ...contour, points: [[0, 0], [1, Infinity], [0, 1]] },
        new RangeError('contour.points[1][1] must be a finite number, got Infinity'),
      ],
      [
        { ...contour, points: [[0, 0], null as never, [0, 1]] },
        new TypeError('contour.points[1] must be an [x, y] pair, got null'),
      ],
      [
        { ...contour, points: [[0, 0], [1, '0' as never], [0, 1]] },
        new TypeError('contour.points[1][1] must be a number, got "0"'),
      ],
      [
        { ...contour, orientation: -Math.PI / 2 },
        new RangeError('contour.orientation must be in (-pi/2, pi/2], got -1.5707963267948966'),
      ],
      [
        { ...contour, orientation: 2 },
        new RangeError('contour.orientation must be in (-pi/2, pi/2], got 2'),
      ],
      [
        { ...contour, closed: 'yes' as never },
        new TypeError('contour.closed must be true or false, got "yes"'),
      ],
      [
        { ...contour, normalization: 'middle' as never },
        new RangeError("contour.normalization must be 'center' or 'gravity', got \"middle\""),
      ],
      [
        {
          ...contour,
          closed: false,
          normalization: 'gravity',
          area: 0,
          centroid: [0, 0],
          secondMoment: 0,
          orientation: 0,
        },
        new RangeError(
          "contour.normalization must be 'center' for an open outline (a profile has no centroid), got 'gravity'",
        ),
      ],
      [
        { ...contour, closed: false },
        new RangeError('contour.area must be 0 for an open outline, got 0.5555555555555556'),
      ],
      [
        { ...contour, image: { ...contour.image!, origin: [100, 51] } },
        new RangeError(
          "contour.image.origin must be the image centre [100, 50] for 'center' normalization, got [100, 51]",
        ),
      ],
      [
        { ...contour, image: { ...contour.image!, size: 0 } },
        new RangeError('contour.image.size must be a finite positive number, got 0'),
      ],
      [null as never, new TypeError('contour must be an object, got null')],
    ];
    for (const [bad, error] of cases) expect(() => formatContour(bad)).toThrow(error);
    expect(same(contour, before)).toBe(true);
    expect(formatContour(contour)).toBe(lFile);
  });

  it('scaleContour(contour, 1, [1]) says "got [1]" (issue 21): the missing or bad coordinate is named', () => {
    const contour = parseContour(lFile);
    const before = structuredClone(contour);
    expect(() => scaleContour(contour, 1, [1])).toThrow(
      new TypeError('centre must be two finite numbers [x, y]: centre[1] (y) is missing, got [1]'),
    );
    expect(() => scaleContour(contour, 1, [])).toThrow(
      new TypeError(
        'centre must be two finite numbers [x, y]: centre[0] (x) and centre[1] (y) are missing, got []',
      ),
    );
    expect(() => scaleContour(contour, 1, [1, 2, 3])).toThrow(
      new TypeError('centre must be two finite numbers [x, y]: it has 3, got [1, 2, 3]'),
    );
    expect(() => scaleContour(contour, 1, [NaN, 2])).toThrow(
      new RangeError('centre[0] (x) must be a finite number, got NaN in [NaN, 2]'),
    );
    expect(() => placeContour(contour, 2, [5])).toThrow(
      new TypeError(
        'imageCentre must be two finite numbers [x, y]: imageCentre[1] (y) is missing, got [5]',
      ),
    );
    // A rejected call changes nothing.
    expect(same(contour, before)).toBe(true);
  });

  it('scaleContour, placeContour and shapeFromContour name a bad argument', () => {
    const contour = parseContour(lFile);
    const before = structuredClone(contour);
    expect(() => scaleContour(contour, 1, null as never)).toThrow(
      new TypeError('centre must be two finite numbers [x, y], got null'),
    );
    expect(() => scaleContour(contour, 1, [0, '1'] as never)).toThrow(
      new RangeError('centre[1] (y) must be a finite number, got "1" in [0, "1"]'),
    );
    expect(() => scaleContour(null as never, 1)).toThrow(
      new TypeError('contour must be a contour ({ points, closed, ... }), got null'),
    );
    expect(() => scaleContour(contour, '2' as never)).toThrow(
      new RangeError('size must be a finite number > 0, got "2"'),
    );
    expect(() => placeContour(contour, 100, null as never)).toThrow(
      new TypeError('imageCentre must be two finite numbers [x, y], got null'),
    );
    expect(() => placeContour(contour, 100, [0, NaN])).toThrow(
      new RangeError('imageCentre[1] (y) must be a finite number, got NaN in [0, NaN]'),
    );
    expect(() => shapeFromContour(undefined as never)).toThrow(
      new TypeError('contour must be a contour ({ points, closed, ... }), got undefined'),
    );
    expect(same(contour, before)).toBe(true);
  });
});

describe('parseContour on damaged and hostile text (the 20,000-digit number and its kin)', () => {
  it(
    `${PROPERTY_RUNS} random damages of valid files: a contour that round trips, or an error naming a line of the file`,
    () => {
      const random = mulberry32(16005);
      const sources = [
        lFile,
        rectangleFile,
        formatContour(
          normalizeContour([[0, 50], [50, 50], [100, 0]], {
            closed: false,
            image: { width: 100, height: 100 },
          }).contour,
        ),
      ];
      const pieces = [
        '7'.repeat(300),
        '1'.repeat(70),
        ' ',
        '\t',
        '\n',
        '\r\n',
        '#',
        'e',
        'e+',
        '.',
        '-',
        '+',
        'x',
        '1e999',
        'points 2',
        'outline open',
        'normalization gravity',
        'orientation 1.5707963267948966',
        'orientation -1.5707963267948966',
        'area 1',
        'image 0 0',
        '9'.repeat(20_000),
      ];
      const failures: string[] = [];
      let refused = 0;
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 3; n++) {
        let text = sources[Math.floor(random() * sources.length)]!;
        const edits = 1 + Math.floor(random() * 3);
        for (let e = 0; e < edits; e++) {
          const at = Math.floor(random() * (text.length + 1));
          const r = random();
          if (r < 0.5) {
            text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)]! +
              text.slice(at);
          } else if (r < 0.8) {
            text = text.slice(0, at) + text.slice(at + 1 + Math.floor(random() * 20));
          } else {
            const lines = text.split('\n');
            const i = Math.floor(random() * lines.length), j = Math.floor(random() * lines.length);
            [lines[i], lines[j]] = [lines[j]!, lines[i]!];
            text = lines.join('\n');
          }
        }
        const lineCount = text.split('\n').length;
        try {
          const contour = parseContour(text);
          // Whatever was accepted is a valid contour: the writer takes it and the round trip is exact.
          const written = formatContour(contour);
          if (!same(parseContour(written), contour)) failures.push(`no round trip:\n${text}`);
          if (!(contour.orientation > -Math.PI / 2 && contour.orientation <= Math.PI / 2)) {
            failures.push(`orientation ${contour.orientation} accepted:\n${text}`);
          }
        } catch (error) {
          refused++;
          const match = /^line (\d+): /.exec((error as Error).message);
          if (
            !(error instanceof Error) || error.constructor !== Error || !match ||
            Number(match[1]) < 1 || Number(match[1]) > lineCount
          ) {
            failures.push(`${String(error)}\n${text.slice(0, 500)}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(refused).toBeGreaterThan(PROPERTY_RUNS / 2);
    },
    PROPERTY_TIMEOUT,
  );
});

describe('the README shows the files this code writes', () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const blocks = [...readme.matchAll(/```\n(contactkit-contour 2\n[\s\S]*?)```/g)].map((m) =>
    m[1]!
  );

  it('the closed example is the L of the tests, and the open one reads back to the profile it shows', () => {
    expect(blocks.length).toBe(2);
    expect(blocks[0]).toBe(lFile);
    const open = normalizeContour([[0, 60], [80, 60], [100, 40], [100, 0]], {
      closed: false,
      image: { width: 100, height: 100 },
    }).contour;
    expect(same(parseContour(blocks[1]!), open)).toBe(true);
  });
});
