import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseContour, pointInPolygon } from '@contactkit/collision2d';
import { LANDER_OUTLINE, PolygonRaysScene, aboutCentroid } from './polygon-rays-scene.js';

const nucleus = parseContour(
  readFileSync(fileURLToPath(new URL('./assets/comet-contour.txt', import.meta.url)), 'utf8'),
);

describe('PolygonRaysScene', () => {
  it('poses each body by its centroid: the lander about its area centroid, worked out by hand', () => {
    // The lander: a 1 x 0.7 box with a roof to (0, 1) and two legs; its centroid's x is 0 by
    // symmetry, so the outline moves straight down by the centroid's y only.
    const moved = aboutCentroid(LANDER_OUTLINE);
    const dy = LANDER_OUTLINE[0]![1] - moved[0]![1];
    moved.forEach((p, i) => {
      expect(p[0]).toBeCloseTo(LANDER_OUTLINE[i]![0], 12);
      expect(p[1]).toBeCloseTo(LANDER_OUTLINE[i]![1] - dy, 12);
    });
    const scene = new PolygonRaysScene(nucleus);
    scene.setPose(1, [3, -2], Math.PI / 2);
    scene.evaluate();
    expect(scene.trace.centroids[2]).toBeCloseTo(3, 9);
    expect(scene.trace.centroids[3]).toBeCloseTo(-2, 9);
    expect(() => scene.setPose(2, [0, 0], 0)).toThrow(RangeError);
    expect(() => scene.setPose(1, [Number.NaN, 0], 0)).toThrow(/finite/);
    expect(scene.poses[1].position).toEqual([3, -2]);
  });

  it('at the start both methods find the legs in the nucleus; the trace is consistent with the method', () => {
    const scene = new PolygonRaysScene(nucleus);
    const result = scene.evaluate();
    expect(result.rays.length).toBeGreaterThan(0);
    expect(result.separatingAxes.length).toBeGreaterThan(0);
    const trace = scene.trace;
    expect(trace.reached).toBe(true);
    const [ax, ay, bx, by] = trace.centroids;
    for (const index of [0, 1] as const) {
      const own = index === 0 ? [ax!, ay!] : [bx!, by!],
        other = index === 0 ? [bx!, by!] : [ax!, ay!];
      const vertices = scene.worldVertices(index);
      vertices.forEach(([x, y], i) => {
        // Active exactly where the point's projection onto the centre line is not negative.
        const projection = (x - own[0]!) * (other[0]! - own[0]!) +
          (y - own[1]!) * (other[1]! - own[1]!);
        if (Math.abs(projection) > 1e-9) {
          expect(trace.active[index][i]).toBe(projection > 0 ? 1 : 0);
        }
        // R_ext is the largest distance from the centroid to a contour point.
        expect(Math.hypot(x - own[0]!, y - own[1]!)).toBeLessThanOrEqual(
          trace.radii[index]! + 1e-12,
        );
      });
    }
    for (let k = 0; k < trace.crossingCount; k++) {
      const crossing = trace.crossings[k]!;
      const i = crossing.initiator as 0 | 1;
      const X = i === 0 ? [ax!, ay!] : [bx!, by!];
      const P = scene.worldVertices(i)[crossing.vertex]!;
      // The crossing lies on the spoke X + mu (P - X) and on the segment A + lambda S.
      expect(crossing.point[0]).toBeCloseTo(X[0]! + crossing.mu * (P[0] - X[0]!), 9);
      expect(crossing.point[1]).toBeCloseTo(X[1]! + crossing.mu * (P[1] - X[1]!), 9);
      const opponent = scene.worldVertices((1 - i) as 0 | 1);
      const A = opponent[crossing.edge]!, B = opponent[(crossing.edge + 1) % opponent.length]!;
      expect(crossing.point[0]).toBeCloseTo(A[0] + crossing.lambda * (B[0] - A[0]), 9);
      expect(crossing.mu).toBeGreaterThanOrEqual(0);
      expect(crossing.mu).toBeLessThanOrEqual(1);
    }
    // A leg tip inside the nucleus: the pair really overlaps.
    const inside = scene.worldVertices(1).some((p) => pointInPolygon(scene.bodies[0], p));
    expect(inside).toBe(true);
  });

  it('apart beyond the bounding circles: no contacts, and the trace stops at the circles', () => {
    const scene = new PolygonRaysScene(nucleus);
    scene.setPose(1, [10, 0], 0);
    const result = scene.evaluate();
    expect(result).toEqual({ rays: [], separatingAxes: [] });
    expect(scene.trace.reached).toBe(false);
    expect(scene.trace.crossingCount).toBe(0);
  });
});
