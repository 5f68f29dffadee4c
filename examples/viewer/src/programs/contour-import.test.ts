import { describe, expect, it } from 'vitest';
import { formatContour, normalizeContour } from '@contactkit/collision2d';
import { openOutline } from './contour-import.js';

const outline: Array<[number, number]> = [[12.5, 30], [88, 14.25], [101, 77], [40.75, 70]];

describe('openOutline', () => {
  for (const normalization of ['center', 'gravity'] as const) {
    it(`gives back the saved outline from its contour file (${normalization})`, () => {
      const text = formatContour(
        normalizeContour(outline, {
          closed: true,
          normalization,
          image: { width: 120, height: 90 },
        }).contour,
      );
      const opened = openOutline(text, { width: 120, height: 90 });
      expect(opened.closed).toBe(true);
      opened.points.forEach((p, i) => {
        expect(p[0]).toBeCloseTo(outline[i]![0], 10);
        expect(p[1]).toBeCloseTo(outline[i]![1], 10);
      });
      expect(opened.note).toBe('A contour file (closed, 4 points).');
    });
  }

  it('an open profile stays open; over a picture twice the size it lands twice as far from the centre', () => {
    const text = formatContour(
      normalizeContour(outline, { closed: false, image: { width: 120, height: 90 } }).contour,
    );
    const opened = openOutline(text, { width: 240, height: 180 });
    expect(opened.closed).toBe(false);
    expect(opened.points[0]![0]).toBeCloseTo(120 + 2 * (12.5 - 60), 10);
    expect(opened.points[0]![1]).toBeCloseTo(90 + 2 * (30 - 45), 10);
    expect(opened.note).toMatch(
      /taken from a 120 x 90 picture: placed by width over this 240 x 180 one\.$/,
    );
  });

  it('a point list: closed when the last point repeats the first, open otherwise', () => {
    expect(openOutline('# a square\n0 0\n10,0\n10;10\n0 10\n0 0\n', { width: 20, height: 20 }))
      .toEqual({
        points: [[0, 0], [10, 0], [10, 10], [0, 10]],
        closed: true,
        note:
          'A point list (4 points, closed: its last point repeats the first), read as picture pixels.',
      });
    expect(openOutline('0 0\n10 0\n10 10\n', { width: 20, height: 20 }).closed).toBe(false);
  });

  it("malformed files fail with the parser's line number; a version 1 file cannot be placed", () => {
    expect(() => openOutline('0 0\n1 2 3\n', { width: 20, height: 20 })).toThrow(/^line 2: /);
    // A 1 x 0.5 rectangle about its centroid: J' = 0.5 * (1 + 0.25) / 12.
    const v1 = 'contactkit-contour 1\npoints 4\n-0.5 -0.25\n0.5 -0.25\n0.5 0.25\n-0.5 0.25\narea ' +
      '0.5\ncentroid 0 0\nsecond-moment 0.05208333333333333\nlargest-axis x\norientation 0\n';
    expect(() => openOutline(v1, { width: 20, height: 20 })).toThrow(
      /^this contour file \(version 1\) does not record the picture/,
    );
  });
});
