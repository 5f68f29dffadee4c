import { describe, it, expect } from 'vitest';
import { satPolygonPolygon, satCirclePolygon, Mtd2 } from './sat.js';
import { mulberry32 } from '@contactkit/test-support';
import { randomConvexPolygon } from '../test-support/random.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

/** Components as plain numbers with -0 turned into 0 (x + 0 does that), for exact comparisons. */
const plain = (v: ArrayLike<number>) => Array.from(v, (x) => x + 0);

describe('satPolygonPolygon', () => {
  const out = new Mtd2();
  const square = (cx: number, cy: number, h: number) =>
    Float64Array.of(cx - h, cy - h, cx + h, cy - h, cx + h, cy + h, cx - h, cy + h);

  it('overlapping squares: the smaller overlap, from b toward a', () => {
    // a at the origin, b at (1.5, 0.2), both half-size 1: x overlap 0.5, y overlap 1.8.
    // a lies left of b, so a moves by (-0.5, 0).
    expect(satPolygonPolygon(out, square(0, 0, 1), square(1.5, 0.2, 1))).toBe(true);
    expect(out.depth).toBeCloseTo(0.5, 14);
    expect(plain(out.normal)).toEqual([-1, 0]);
    expect(out.translation[0]).toBeCloseTo(-0.5, 14);
    // Swapped: b moves by (+0.5, 0).
    expect(satPolygonPolygon(out, square(1.5, 0.2, 1), square(0, 0, 1))).toBe(true);
    expect(out.depth).toBeCloseTo(0.5, 14);
    expect(out.normal[0]).toBe(1);
  });

  it('containment: the shortest way out', () => {
    // Small square at (0.5, 0), half-size 0.1, inside [-1,1]^2: out through x = 1 needs
    // 1 - 0.4 = 0.6; through y it needs 1.1; through x = -1 it needs 1.6.
    expect(satPolygonPolygon(out, square(0.5, 0, 0.1), square(0, 0, 1))).toBe(true);
    expect(out.depth).toBeCloseTo(0.6, 14);
    expect(out.normal[0]).toBe(1);
  });

  it('touching: depth 0; apart: minus the gap on a separating axis', () => {
    expect(satPolygonPolygon(out, square(0, 0, 1), square(2, 0, 1))).toBe(true);
    expect(out.depth).toBe(0);
    expect(satPolygonPolygon(out, square(0, 0, 1), square(3, 0.5, 1))).toBe(false);
    expect(out.depth).toBe(-1);
    expect(plain(out.normal)).toEqual([-1, 0]);
  });

  it('triangle against square, either winding', () => {
    // Triangle (0,0.5),(-1,2),(1,2) dips 0.5 into the top of [-1,1]^2 (top at y = 1):
    // its vertex (0,0.5) is 0.5 below the top face; it moves by (0, 0.5).
    const triangle = Float64Array.of(0, 0.5, 1, 2, -1, 2);
    const triangleReversed = Float64Array.of(0, 0.5, -1, 2, 1, 2);
    for (const t of [triangle, triangleReversed]) {
      expect(satPolygonPolygon(out, t, square(0, 0, 1))).toBe(true);
      expect(out.depth).toBeCloseTo(0.5, 14);
      expect(out.normal[0]).toBeCloseTo(0, 15);
      expect(out.normal[1]).toBeCloseTo(1, 15);
    }
  });

  it('fewer than 3 vertices: false, depth 0', () => {
    expect(satPolygonPolygon(out, Float64Array.of(0, 0, 1, 0), square(0, 0, 1))).toBe(false);
    expect(out.depth).toBe(0);
  });
});

describe('satCirclePolygon', () => {
  const out = new Mtd2();
  const unitSquare = Float64Array.of(-1, -1, 1, -1, 1, 1, -1, 1);

  it('face region: the face normal', () => {
    // Centre (0,1.5), r = 1: bottom of the circle at 0.5, the top face at 1: depth 0.5 along +y.
    expect(satCirclePolygon(out, [0, 1.5], 1, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(0.5, 15);
    expect(plain(out.normal)).toEqual([0, 1]);
  });

  it('corner region: the vertex axis wins', () => {
    // Centre (1.5,1.5), r = 1: corner (1,1) at distance sqrt(0.5); depth 1 - sqrt(0.5) ~ 0.293
    // along (1,1)/sqrt(2), smaller than the face axes' 0.5.
    expect(satCirclePolygon(out, [1.5, 1.5], 1, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(1 - Math.SQRT1_2, 14);
    expect(out.normal[0]).toBeCloseTo(Math.SQRT1_2, 14);
    expect(out.normal[1]).toBeCloseTo(Math.SQRT1_2, 14);
    // Radius 0.7 < sqrt(0.5): the faces do not separate it, the vertex axis does (gap 0.00711).
    expect(satCirclePolygon(out, [1.5, 1.5], 0.7, unitSquare)).toBe(false);
    expect(out.depth).toBeCloseTo(0.7 - Math.SQRT1_2, 14);
  });

  it('centre inside: out through the nearest face', () => {
    // Centre (0.5, 0), r = 0.2: through x = 1 needs 1 - 0.3 = 0.7.
    expect(satCirclePolygon(out, [0.5, 0], 0.2, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(0.7, 15);
    expect(out.normal[0]).toBe(1);
    // Centre on a vertex: the vertex axis is skipped, a face axis gives r.
    expect(satCirclePolygon(out, [1, 1], 0.25, unitSquare)).toBe(true);
    expect(out.depth).toBeCloseTo(0.25, 15);
  });

  it('apart: minus the gap', () => {
    expect(satCirclePolygon(out, [3, 0], 1, unitSquare)).toBe(false);
    expect(out.depth).toBe(-1);
    expect(plain(out.normal)).toEqual([1, 0]);
  });
});

/** Area of the intersection of convex counter-clockwise polygons (Sutherland-Hodgman clipping). */
function intersectionArea(subject: Float64Array, clip: Float64Array): number {
  let polygon: number[] = Array.from(subject);
  const m = clip.length / 2;
  for (let e = 0; e < m && polygon.length > 0; e++) {
    const ax = clip[2 * e]!, ay = clip[2 * e + 1]!;
    const bx = clip[(2 * e + 2) % (2 * m)]!, by = clip[(2 * e + 3) % (2 * m)]!;
    const side = (x: number, y: number) => (bx - ax) * (y - ay) - (by - ay) * (x - ax);
    const next: number[] = [];
    const n = polygon.length / 2;
    for (let i = 0; i < n; i++) {
      const px = polygon[2 * i]!, py = polygon[2 * i + 1]!;
      const qx = polygon[(2 * i + 2) % (2 * n)]!, qy = polygon[(2 * i + 3) % (2 * n)]!;
      const sp = side(px, py), sq = side(qx, qy);
      if (sp >= 0) next.push(px, py);
      if ((sp >= 0) !== (sq >= 0)) {
        const t = sp / (sp - sq);
        next.push(px + t * (qx - px), py + t * (qy - py));
      }
    }
    polygon = next;
  }
  let twice = 0;
  const n = polygon.length / 2;
  for (let i = 0; i < n; i++) {
    twice += polygon[2 * i]! * polygon[(2 * i + 3) % (2 * n)]! -
      polygon[(2 * i + 2) % (2 * n)]! * polygon[2 * i + 1]!;
  }
  return twice / 2;
}

function pointSegmentDistance(
  px: number,
  py: number,
  ax: number,
  ay: number,
  bx: number,
  by: number,
): number {
  const ex = bx - ax, ey = by - ay;
  const t = Math.max(0, Math.min(1, ((px - ax) * ex + (py - ay) * ey) / (ex * ex + ey * ey)));
  return Math.hypot(px - ax - t * ex, py - ay - t * ey);
}

/** Smallest vertex-to-edge distance between two outlines, both ways (their distance when apart). */
function outlineDistance(a: Float64Array, b: Float64Array): number {
  let best = Infinity;
  for (const [p, q] of [[a, b], [b, a]] as const) {
    const n = q.length / 2;
    for (let i = 0; i < p.length / 2; i++) {
      for (let j = 0; j < n; j++) {
        const k = (j + 1) % n;
        best = Math.min(
          best,
          pointSegmentDistance(
            p[2 * i]!,
            p[2 * i + 1]!,
            q[2 * j]!,
            q[2 * j + 1]!,
            q[2 * k]!,
            q[2 * k + 1]!,
          ),
        );
      }
    }
  }
  return best;
}

function translated(polygon: Float64Array, dx: number, dy: number): Float64Array {
  const out = new Float64Array(polygon.length);
  for (let i = 0; i < polygon.length; i += 2) {
    out[i] = polygon[i]! + dx;
    out[i + 1] = polygon[i + 1]! + dy;
  }
  return out;
}

function reversed(polygon: Float64Array): Float64Array {
  const n = polygon.length / 2;
  const out = new Float64Array(polygon.length);
  for (let i = 0; i < n; i++) {
    out[2 * i] = polygon[2 * (n - 1 - i)]!;
    out[2 * i + 1] = polygon[2 * (n - 1 - i) + 1]!;
  }
  return out;
}

describe('SAT minimum translation: seeded properties over 10,000 pairs', () => {
  // Moving the first shape by (depth + step) along the normal separates the pair, by
  // (depth - step) leaves it overlapping; both checked by clipping area and outline distance,
  // methods independent of the SAT.
  const step = 1e-5;

  it('convex polygon pairs (random windings)', () => {
    const random = mulberry32(2024);
    const out = new Mtd2();
    const swappedOut = new Mtd2();
    const shiftedOut = new Mtd2();
    let overlapping = 0;
    for (let n = 0; n < PROPERTY_RUNS; n++) {
      const a = randomConvexPolygon(
        random,
        3 + Math.floor(random() * 6),
        random() * 2 - 1,
        random() * 2 - 1,
        0.3 + random(),
      );
      const b = randomConvexPolygon(
        random,
        3 + Math.floor(random() * 6),
        random() * 2 - 1,
        random() * 2 - 1,
        0.3 + random(),
      );
      const hit = satPolygonPolygon(
        out,
        random() < 0.5 ? a : reversed(a),
        random() < 0.5 ? b : reversed(b),
      );
      const nx = out.normal[0]!, ny = out.normal[1]!;
      expect(Math.hypot(nx, ny)).toBeCloseTo(1, 12);
      expect(Number.isFinite(out.depth)).toBe(true);
      if (!hit) {
        expect(out.depth).toBeLessThan(0);
        expect(intersectionArea(a, b)).toBe(0);
        continue;
      }
      overlapping++;
      expect(out.depth).toBeGreaterThanOrEqual(0);
      const depth = out.depth;
      // Swapped order: the same depth (the same axes, the same minimum), and its translation
      // moves b out of a. The normal is not compared: on a tie between axes either is right.
      expect(satPolygonPolygon(swappedOut, b, a)).toBe(true);
      expect(swappedOut.depth).toBeCloseTo(depth, 12);
      const reach = swappedOut.depth + step;
      expect(
        intersectionArea(
          a,
          translated(b, swappedOut.normal[0]! * reach, swappedOut.normal[1]! * reach),
        ),
      ).toBe(0);
      // Moving both shapes by the same offset changes nothing but round-off.
      const shift = [random() * 200 - 100, random() * 200 - 100] as const;
      expect(satPolygonPolygon(shiftedOut, translated(a, ...shift), translated(b, ...shift))).toBe(
        true,
      );
      expect(shiftedOut.depth).toBeCloseTo(depth, 9);
      const far = translated(a, nx * (out.depth + step), ny * (out.depth + step));
      expect(intersectionArea(far, b)).toBe(0);
      expect(outlineDistance(far, b)).toBeGreaterThan(step / 2);
      if (out.depth > step) {
        const near = translated(a, nx * (out.depth - step), ny * (out.depth - step));
        expect(intersectionArea(near, b)).toBeGreaterThan(0);
      }
    }
    expect(overlapping).toBeGreaterThan(3000);
  }, PROPERTY_TIMEOUT);

  it('circle against convex polygon', () => {
    const random = mulberry32(77);
    const out = new Mtd2();
    // Signed distance from a point to a convex CCW polygon: negative inside.
    const signedDistance = (polygon: Float64Array, x: number, y: number) => {
      const n = polygon.length / 2;
      let inside = true;
      let best = Infinity;
      for (let i = 0; i < n; i++) {
        const j = (i + 1) % n;
        const ax = polygon[2 * i]!,
          ay = polygon[2 * i + 1]!,
          bx = polygon[2 * j]!,
          by = polygon[2 * j + 1]!;
        if ((bx - ax) * (y - ay) - (by - ay) * (x - ax) < 0) inside = false;
        best = Math.min(best, pointSegmentDistance(x, y, ax, ay, bx, by));
      }
      return inside ? -best : best;
    };
    let overlapping = 0;
    for (let n = 0; n < PROPERTY_RUNS; n++) {
      const polygon = randomConvexPolygon(
        random,
        3 + Math.floor(random() * 6),
        0,
        0,
        0.5 + random(),
      );
      const cx = random() * 4 - 2, cy = random() * 4 - 2, r = 0.05 + random();
      const hit = satCirclePolygon(out, [cx, cy], r, random() < 0.5 ? polygon : reversed(polygon));
      const nx = out.normal[0]!, ny = out.normal[1]!;
      expect(Math.hypot(nx, ny)).toBeCloseTo(1, 12);
      if (!hit) {
        expect(signedDistance(polygon, cx, cy)).toBeGreaterThan(r);
        continue;
      }
      overlapping++;
      expect(signedDistance(polygon, cx + nx * (out.depth + step), cy + ny * (out.depth + step)))
        .toBeGreaterThan(r);
      if (out.depth > step) {
        expect(signedDistance(polygon, cx + nx * (out.depth - step), cy + ny * (out.depth - step)))
          .toBeLessThan(r);
      }
    }
    expect(overlapping).toBeGreaterThan(3000);
  }, PROPERTY_TIMEOUT);
});
