import { describe, expect, it } from 'vitest';
import { Polygon } from '../shapes/shapes.js';
import { contourToWorld } from './contour-to-world.js';
import {
  formatContour,
  normalizeContour,
  parseContour,
  placeContour,
  principalAxisAngle,
} from './contour.js';
import type { Contour } from './contour.js';
import {
  polygonArea,
  polygonCentroid,
  polygonSecondMoment,
  polygonSecondMoments,
  polygonSignedArea,
} from './mass.js';

// An L digitised in a 200 x 100 picture (pixels, y down): [40, 100] x [10, 30] and [40, 60] x [30, 70].
const L_PIXELS = [[40, 10], [100, 10], [100, 30], [60, 30], [60, 70], [40, 70]];
const IMAGE = { width: 200, height: 100 };

/**
 * A picture point's world place, written from the definition: the picture drawn `width` wide, its
 * centre at `at`, y up.
 */
function pixelToWorld(p: number[], width: number, at: number[]): number[] {
  const perPixel = width / IMAGE.width;
  return [
    at[0]! + (p[0]! - IMAGE.width / 2) * perPixel,
    at[1]! - (p[1]! - IMAGE.height / 2) * perPixel,
  ];
}

/** Its inverse, from the world back to the picture. */
function worldToPixel(p: readonly number[], width: number, at: readonly number[]): number[] {
  const perPixel = width / IMAGE.width;
  return [
    (p[0]! - at[0]!) / perPixel + IMAGE.width / 2,
    -(p[1]! - at[1]!) / perPixel + IMAGE.height / 2,
  ];
}

describe('contourToWorld', () => {
  const { contour } = normalizeContour(L_PIXELS, { image: IMAGE });

  it('puts a known picture point at its known world place, y up', () => {
    // The picture 400 wide (2 world units a pixel) centred at (10, 20): the L's corner (40, 10),
    // 60 left of and 40 above the picture's centre (100, 50), lands 120 left and 80 up:
    // (10 - 120, 20 + 80) = (-110, 100). Its centroid, (62, 32) in pixels (the two rectangles'
    // 1200 at (70, 20) and 800 at (50, 50)), lands at (10 - 76, 20 + 36) = (-66, 56); area
    // 2000 pixels = 8000.
    const world = contourToWorld(contour, { width: 400, position: [10, 20] });
    expect(world.points[0]![0]).toBeCloseTo(-110, 12);
    expect(world.points[0]![1]).toBeCloseTo(100, 12);
    world.points.forEach((p, i) => {
      const expected = pixelToWorld(L_PIXELS[i]!, 400, [10, 20]);
      expect(p[0]).toBeCloseTo(expected[0]!, 12);
      expect(p[1]).toBeCloseTo(expected[1]!, 12);
    });
    expect(world.centroid[0]).toBeCloseTo(-66, 12);
    expect(world.centroid[1]).toBeCloseTo(56, 12);
    expect(world.area).toBeCloseTo(8000, 9);
    expect(world.image).toBeNull();
    expect(world.closed).toBe(true);
  });

  it('round-trips: picture points through a contour file and into the world come back by the inverse map', () => {
    const loaded = parseContour(formatContour(contour));
    for (const [width, at] of [[400, [10, 20]], [8, [0, 0]], [3e-3, [1e5, -1e5]]] as const) {
      const world = contourToWorld(loaded, { width, position: at });
      world.points.forEach((p, i) => {
        const back = worldToPixel(p, width, at);
        expect(back[0]).toBeCloseTo(L_PIXELS[i]![0]!, 6);
        expect(back[1]).toBeCloseTo(L_PIXELS[i]![1]!, 6);
      });
    }
  });

  it(
    'reverses the winding, keeps the point order, and keeps area, centroid, moment and long ' +
      'axis consistent with the points',
    () => {
      const world = contourToWorld(contour, { width: 400, position: [10, 20] });
      const scale = 2;
      // Same order, so the signed area changes sign (either winding is a valid Polygon).
      expect(polygonSignedArea(world.points)).toBeCloseTo(
        -polygonSignedArea(L_PIXELS) * scale * scale,
        9,
      );
      expect(new Polygon(world.points).inputWasClockwise).toBe(
        !new Polygon(L_PIXELS).inputWasClockwise,
      );
      // The stored properties are those of the world points.
      expect(world.area).toBeCloseTo(polygonArea(world.points), 9);
      const [cx, cy] = polygonCentroid(world.points);
      expect(world.centroid[0]).toBeCloseTo(cx, 9);
      expect(world.centroid[1]).toBeCloseTo(cy, 9);
      expect(world.secondMoment / polygonSecondMoment(world.points)).toBeCloseTo(1, 12);
      const [ixx, iyy, ixy] = polygonSecondMoments(world.points);
      expect(world.orientation).toBeCloseTo(principalAxisAngle(ixx!, iyy!, ixy!), 12);
      // In the picture the L's long axis falls to the right (y down): -pi/4 there, +pi/4 here.
      expect(contour.orientation).toBeCloseTo(-Math.PI / 4, 12);
      expect(world.orientation).toBeCloseTo(Math.PI / 4, 12);
    },
  );

  it('keeps a long axis along y at pi/2 (the range is (-pi/2, pi/2])', () => {
    const tall =
      normalizeContour([[10, 10], [20, 10], [20, 50], [10, 50]], { image: IMAGE }).contour;
    expect(tall.orientation).toBe(Math.PI / 2);
    expect(contourToWorld(tall).orientation).toBe(Math.PI / 2);
  });

  it('scales by size about the contour origin: a gravity contour centred on its centroid lands there', () => {
    const { contour: body } = normalizeContour(L_PIXELS, { normalization: 'gravity' });
    const world = contourToWorld(body, { size: 3, position: [-2, 5] });
    expect(world.centroid[0]).toBeCloseTo(-2, 12);
    expect(world.centroid[1]).toBeCloseTo(5, 12);
    const [cx, cy] = polygonCentroid(world.points);
    expect(cx).toBeCloseTo(-2, 12);
    expect(cy).toBeCloseTo(5, 12);
    // The largest dimension, 60 pixels, is 1 in the file and 3 in the world: area 2000 / 60^2 * 9.
    expect(world.area).toBeCloseTo((2000 / 3600) * 9, 12);
    // Without options: size 1 at the origin, only y negated.
    const plain = contourToWorld(body);
    plain.points.forEach((p, i) => expect(p).toEqual([body.points[i]![0], 0 - body.points[i]![1]]));
  });

  it('keeps an open profile open, its first point first, going the same way in x and the other in y', () => {
    // A profile falling to the right in the picture (y growing downward) falls to the right in the world too.
    const { contour: profile } = normalizeContour([[0, 10], [50, 10], [100, 60]], {
      closed: false,
      image: { width: 100, height: 100 },
    });
    const world = contourToWorld(profile, { width: 10 });
    expect(world.closed).toBe(false);
    expect(world.points.map((p) => p.map((v) => +v.toFixed(12)))).toEqual([[-5, 4], [0, 4], [
      5,
      -1,
    ]]);
    expect(world.area).toBe(0);
    expect(world.centroid).toEqual([0, 0]);
  });

  it('is what the comet page computes by hand today: placeContour at the picture width, then y negated', () => {
    const world = contourToWorld(contour, { width: 8 });
    const byHand = placeContour(contour, 8).points.map(([x, y]) => [x, -y]);
    expect(world.points).toEqual(byHand);
  });

  it('refuses bad options, naming the option, and leaves the contour as it was', () => {
    const before = JSON.stringify(contour);
    const version1: Contour = { ...contour, image: null };
    const cases: Array<[Contour, unknown, Error]> = [
      [contour, null, new TypeError('contourToWorld: options must be an object, got null')],
      [
        contour,
        { width: 1, size: 2 },
        new RangeError(
          'contourToWorld: give options.width or options.size, not both (got 1 and 2)',
        ),
      ],
      [
        contour,
        { width: 0 },
        new RangeError('contourToWorld: options.width must be a finite number > 0, got 0'),
      ],
      [
        contour,
        { size: NaN },
        new RangeError('contourToWorld: options.size must be a finite number > 0, got NaN'),
      ],
      [
        contour,
        { size: '2' },
        new RangeError('contourToWorld: options.size must be a finite number > 0, got "2"'),
      ],
      [
        contour,
        { position: [1, Infinity] },
        new TypeError(
          'contourToWorld: options.position must be two finite numbers [x, y], got [1, Infinity]',
        ),
      ],
      [
        version1,
        { width: 8 },
        new RangeError(
          'contourToWorld: options.width needs contour.image, which is null (a version 1 file); give options.size',
        ),
      ],
    ];
    for (const [input, options, error] of cases) {
      expect(() => contourToWorld(input, options as never)).toThrow(error);
    }
    expect(JSON.stringify(contour)).toBe(before);
  });
});
