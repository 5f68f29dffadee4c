import { describe, expect, it } from 'vitest';
import { LABEL_MARGIN, boxClearance, boxSegmentDistance, placeLabel } from './label-placement.js';

// A box of centre (0, 0) and half sizes (2, 1): x from -2 to 2, y from -1 to 1.
describe('boxSegmentDistance', () => {
  it('is the gap to a side, to a corner, or 0 when the segment crosses or lies inside', () => {
    expect(boxSegmentDistance(0, 0, 2, 1, [3, -5, 3, 5])).toBe(1);
    expect(boxSegmentDistance(0, 0, 2, 1, [4, 3, 6, 3])).toBeCloseTo(Math.hypot(2, 2), 12);
    expect(boxSegmentDistance(0, 0, 2, 1, [-5, 0, 5, 0])).toBe(0);
    expect(boxSegmentDistance(0, 0, 2, 1, [-1, 0.5, 1, -0.5])).toBe(0);
    // A diagonal that misses the corner (2, 1) by sqrt(2) / 2 along (1, 1) / sqrt(2).
    expect(boxSegmentDistance(0, 0, 2, 1, [4, 0, 2, 2])).toBeCloseTo(Math.SQRT1_2, 12);
    // A point-like segment.
    expect(boxSegmentDistance(0, 0, 2, 1, [0, 4, 0, 4])).toBe(3);
  });
});

describe('boxClearance', () => {
  it('takes the nearest of segments, discs (less their radius) and boxes placed before', () => {
    const none = { segments: [], discs: [] };
    expect(boxClearance(0, 0, 2, 1, none, [])).toBe(Infinity);
    expect(boxClearance(0, 0, 2, 1, { segments: [], discs: [[5, 0, 1]] }, [])).toBe(2);
    // A 2 x 2 box centred at (0, 4): its bottom at y = 3, ours at the top y = 1.
    expect(boxClearance(0, 0, 2, 1, none, [[0, 4, 2, 2]])).toBe(2);
    expect(boxClearance(0, 0, 2, 1, { segments: [[3, -5, 3, 5]], discs: [[5, 0, 1]] }, []))
      .toBe(1);
  });
});

describe('placeLabel', () => {
  const bounds = [100, 100];
  const line = (y: number) => ({ segments: [[-100, y, 200, y]], discs: [] });

  it('keeps a clear anchor', () => {
    expect(placeLabel(50, 50, 20, 10, line(80), [], bounds)).toEqual([50, 50]);
  });

  it('moves a label off a line through its anchor to the first clear ring spot, straight up', () => {
    // Ring 1 (5 px out) leaves every spot within half a label height of the line; ring 2 straight
    // up puts the box from y = 35 to 45, 5 px above the line.
    const [x, y] = placeLabel(50, 50, 20, 10, line(50), [], bounds);
    expect(x).toBeCloseTo(50, 12);
    expect(y).toBeCloseTo(40, 12);
    expect(boxClearance(x, y, 10, 5, line(50), [])).toBeGreaterThanOrEqual(LABEL_MARGIN);
  });

  it('skips spots outside the canvas', () => {
    // At the top edge: ring 2's spots from straight up to -30 degrees leave the canvas, 0 degrees
    // is on the line, 30 degrees touches it, 60 degrees (10 px out: 5 right, 8.66 down) is clear.
    const [x, y] = placeLabel(50, 6, 20, 10, line(6), [], bounds);
    expect(x).toBeCloseTo(55, 12);
    expect(y).toBeCloseTo(6 + 10 * Math.sin(Math.PI / 3), 12);
  });

  it('keeps clear of the labels placed before it', () => {
    const first = placeLabel(50, 50, 20, 10, { segments: [], discs: [] }, [], bounds);
    const second = placeLabel(50, 50, 20, 10, { segments: [], discs: [] }, [[...first, 20, 10]], [
      100,
      100,
    ]);
    expect(first).toEqual([50, 50]);
    expect(Math.abs(second[1] - 50)).toBeGreaterThanOrEqual(10 + LABEL_MARGIN - 1e-9);
  });
});
