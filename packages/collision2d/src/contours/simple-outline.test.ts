import { describe, expect, it } from 'vitest';
import { mulberry32 } from '@contactkit/test-support';
import { foldingEdge, segmentsTouch, touchingEdges } from './simple-outline.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

/** Brute force over every pair of edges that are not consecutive. */
function anyTouching(vertices: Float64Array, count: number): boolean {
  for (let i = 0; i < count; i++) {
    for (let j = i + 2; j < count; j++) {
      if (i === 0 && j === count - 1) continue;
      const i1 = (i + 1) % count, j1 = (j + 1) % count;
      if (
        segmentsTouch(
          vertices[2 * i]!,
          vertices[2 * i + 1]!,
          vertices[2 * i1]!,
          vertices[2 * i1 + 1]!,
          vertices[2 * j]!,
          vertices[2 * j + 1]!,
          vertices[2 * j1]!,
          vertices[2 * j1 + 1]!,
        )
      ) return true;
    }
  }
  return false;
}

describe('touchingEdges: the sweep finds a touching pair exactly when brute force does', () => {
  it(
    'rejects an outline through one point twice (issue 21 regression: the leaving edges went ' +
      'first and never met the entering ones)',
    () => {
      // Two triangles joined at (1, 1), reached as vertex 2 and vertex 5: edge 1 ((2, 0) -> (1, 1))
      // ends there and edge 5 ((1, 1) -> (0, 0)) starts there; brute force agrees they touch.
      const bowl = Float64Array.from([0, 0, 2, 0, 1, 1, 2, 2, 0, 2, 1, 1]);
      expect(anyTouching(bowl, 6)).toBe(true);
      expect(touchingEdges(bowl, 6)).not.toBeNull();
      // A bar with a triangle on top whose corners both sit at (2, 1) on the bar's top.
      const hat = Float64Array.from([0, 0, 4, 0, 4, 1, 2, 1, 3, 2, 1, 2, 2, 1, 0, 1]);
      expect(anyTouching(hat, 8)).toBe(true);
      expect(touchingEdges(hat, 8)).not.toBeNull();
      // The pinch the decomposition's property test found (vertices 8 and 11 both (1750, -250),
      // with a loop of 1e-12 wide between them): accepted, it broke the convex pieces.
      const found = Float64Array.from([
        87.13923367928057,
        999.0503933678455,
        87.13923357749127,
        999.050393368769,
        -14.650048505165396,
        999.9731716499693,
        -14.650050382958257,
        999.9731709735152,
        -14.650050382958261,
        999.9731709735158,
        -1892.4429117511438,
        323.51963841583563,
        -1903.7420003266398,
        306.4989380863844,
        -1903.7419966728976,
        306.49893752988544,
        1750,
        -250,
        1749.9999999999989,
        -250.0000000000001,
        1750.0000000000011,
        -250.00000000000017,
        1750,
        -250,
        1750.0000002084876,
        -249.99999995268567,
        1958.487699664835,
        -202.68567384106532,
        1958.4876998733214,
        -202.685673793751,
        1701.748197013257,
        -37.81359035994042,
        121.08785824143206,
        977.2493833989002,
      ]);
      expect(anyTouching(found, 17)).toBe(true);
      expect(touchingEdges(found, 17)).not.toBeNull();
    },
  );

  it('names the crossing pair of a bow tie and of an outline touching itself at a vertex', () => {
    // Bow tie: edges 0 ((0, 0) -> (2, 2)) and 2 ((2, 0) -> (0, 2)) cross at (1, 1).
    expect(touchingEdges(Float64Array.from([0, 0, 2, 2, 2, 0, 0, 2]), 4)).toEqual([0, 2]);
    // Vertex 5 at (1, 0) lies on edge 0 from (0, 0) to (2, 0): edges 0 and 4, 5 touch there.
    const pinched = Float64Array.from([0, 0, 2, 0, 2, 2, 1.5, 2, 1.5, 1, 1, 0, 0.5, 1, 0, 1]);
    expect(touchingEdges(pinched, 8)).not.toBeNull();
    // A square with collinear and vertical edges is simple.
    expect(touchingEdges(Float64Array.from([0, 0, 1, 0, 2, 0, 2, 1, 2, 2, 0, 2, 0, 1]), 7)).toBe(
      null,
    );
  });

  it(
    `agrees with brute force over ${PROPERTY_RUNS} outlines (random, on a small grid: collinear, ` +
      'vertical, duplicate points)',
    () => {
      const random = mulberry32(2141);
      let simple = 0, touching = 0;
      for (let n = 0; n < PROPERTY_RUNS; n++) {
        const count = 3 + Math.floor(random() * 9);
        const vertices = new Float64Array(2 * count);
        const grid = n % 2 === 0;
        for (let k = 0; k < count; k++) {
          if (grid) {
            // Points on a 4 x 4 grid: many collinear, vertical, horizontal and repeated points.
            vertices[2 * k] = Math.floor(random() * 4);
            vertices[2 * k + 1] = Math.floor(random() * 4);
          } else {
            // Star-shaped (simple) with jittered angles, sometimes swapped into a crossing.
            const angle = (2 * Math.PI * (k + 0.9 * random())) / count, radius = 0.2 + random();
            vertices[2 * k] = radius * Math.cos(angle);
            vertices[2 * k + 1] = radius * Math.sin(angle);
          }
        }
        if (!grid && random() < 0.3) {
          const a = Math.floor(random() * count), b = Math.floor(random() * count);
          [vertices[2 * a], vertices[2 * b]] = [vertices[2 * b]!, vertices[2 * a]!];
          [vertices[2 * a + 1], vertices[2 * b + 1]] = [vertices[2 * b + 1]!, vertices[2 * a + 1]!];
        }
        // Consecutive repeated points are dropped, and an outline folding back is refused, by the
        // constructors before this test.
        let distinct = foldingEdge(vertices, count) < 0;
        for (let k = 0; k < count; k++) {
          const j = (k + 1) % count;
          if (vertices[2 * k] === vertices[2 * j] && vertices[2 * k + 1] === vertices[2 * j + 1]) {
            distinct = false;
          }
        }
        if (!distinct) continue;
        const expected = anyTouching(vertices, count), pair = touchingEdges(vertices, count);
        expect(pair !== null, `outline ${Array.from(vertices)}`).toBe(expected);
        if (expected) touching++;
        else simple++;
      }
      expect(simple).toBeGreaterThan(PROPERTY_RUNS / 10);
      expect(touching).toBeGreaterThan(PROPERTY_RUNS / 10);
    },
    PROPERTY_TIMEOUT,
  );

  it('counts: a 100,000-vertex star takes O(n log n) comparisons, not one per pair', () => {
    // The sweep's work is measured by its comparisons, not by time: at most 64 n of them for a
    // star of jittered radii (0.3 to 1.3), whose edges' boxes overlap those of a third of the
    // others (a grid or box test would compare about n^2 / 6 pairs).
    const random = mulberry32(2142);
    for (const count of [1_000, 100_000]) {
      const vertices = new Float64Array(2 * count);
      for (let k = 0; k < count; k++) {
        const angle = (2 * Math.PI * (k + 0.8 * random())) / count, radius = 0.3 + random();
        vertices[2 * k] = radius * Math.cos(angle);
        vertices[2 * k + 1] = radius * Math.sin(angle);
      }
      let comparisons = 0;
      expect(touchingEdges(vertices, count, () => comparisons++)).toBeNull();
      expect(comparisons).toBeLessThan(64 * count);
    }
  });
});
