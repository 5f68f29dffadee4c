import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { Playfield } from '../broadphase/playfield.js';
import { Polygon, VERTEX_FEATURE } from '../shapes/shapes.js';
import {
  box,
  scaled,
  randomConvexPoints,
  signedDistanceToOutline,
  worldPoints,
} from '../test-support/contacts.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';
import { RayHit2, raycast2d } from './raycast2d.js';

describe('raycast2d against a rounded polygon: hand cases at 1e-3, 1, 1e3', () => {
  for (const s of [1e-3, 1, 1e3]) {
    it(`x ${s}: the flat side, the rounded corner's radial normal, a start inside, a miss`, () => {
      // Core [-1, 1] x [-0.5, 0.5], radius 0.25, at (10, 0) turned a quarter: in world space the
      // core spans x in [9.5, 10.5], y in [-1, 1]; rounded, x from 9.25.
      const shape = new Polygon(scaled(box(1, 0.5), s), { radius: 0.25 * s })
        .setPose([10 * s, 0], Math.PI / 2);
      const hit = new RayHit2();
      expect(raycast2d(shape, [0, 0], [1, 0], 100 * s, hit)).toBe(true);
      expect(hit.distance / s).toBeCloseTo(9.25, 12);
      expect(hit.normal[0]).toBeCloseTo(-1, 12);
      expect(hit.normal[1]).toBeCloseTo(0, 12);
      expect(hit.featureId).toBe(2);
      // Toward the corner (9.5, 1) (core vertex 2, (1, 0.5) turned a quarter), from
      // (9.5 - 3, 1 + 3) along (1, -1): the corner's disc is met 3 sqrt 2 - 0.25 along, normal
      // (-1, 1) / sqrt 2.
      expect(raycast2d(shape, [6.5 * s, 4 * s], [1, -1], 100 * s, hit)).toBe(true);
      expect(hit.distance / s).toBeCloseTo(3 * Math.SQRT2 - 0.25, 12);
      expect(hit.normal[0]).toBeCloseTo(-Math.SQRT1_2, 12);
      expect(hit.normal[1]).toBeCloseTo(Math.SQRT1_2, 12);
      expect(hit.featureId).toBe(VERTEX_FEATURE | 2);
      // Inside the rounding (0.1 left of the core): distance 0, normal against the direction.
      expect(raycast2d(shape, [9.4 * s, 0], [0, 1], 100 * s, hit)).toBe(true);
      expect(hit.distance).toBe(0);
      expect(hit.featureId).toBe(-1);
      // Passing 0.3 beside the rounded corner's reach (y = 1.25 + 0.05): a miss; without the
      // radius the same ray misses by more; at y = 1.2 it hits the top band.
      expect(raycast2d(shape, [0, 1.3 * s], [1, 0], 100 * s, hit)).toBe(false);
      expect(raycast2d(shape, [0, 1.2 * s], [1, 0], 100 * s, hit)).toBe(true);
      expect(hit.featureId & VERTEX_FEATURE).toBe(VERTEX_FEATURE);
      // Short of it: maxDistance 9 < 9.25.
      expect(raycast2d(shape, [0, 0], [1, 0], 9 * s, hit)).toBe(false);
    });
  }

  it('a Playfield finds a rounded polygon by its grown box', () => {
    const field = new Playfield({ cellSize: 1 });
    const shape = new Polygon(box(0.5, 0.5), { radius: 0.6 }).setPose([5, 0], 0);
    const id = field.add(shape);
    const hit = new RayHit2();
    // The core's box ends at y = 0.5; the ray at y = 0.9 meets only the rounded top band.
    expect(raycast2d(field, [0, 0.9], [1, 0], 20, hit)).toBe(true);
    expect(hit.shape).toBe(id);
    expect(hit.distance).toBeCloseTo(4.5 - Math.sqrt(0.6 * 0.6 - 0.4 * 0.4), 12);
  });
});

describe('raycast2d against rounded polygons: against sampling the distance to the core', () => {
  it(`${PROPERTY_RUNS} rays, convex and concave, radii 0 to 4x the core`, () => {
    const random = new Random(77);
    const hit = new RayHit2();
    let hits = 0;
    for (let run = 0; run < PROPERTY_RUNS; run++) {
      const s = random.pick([1e-3, 1, 1e3]);
      const points = random.chance(0.3)
        ? scaled([[0, 0], [3, 0], [3, 2], [2, 2], [2, 0.5], [1, 0.5], [1, 2], [0, 2]], s * 0.6)
        : randomConvexPoints(random.next, 3 + random.int(5), s, s * random.range(0.05, 1));
      let shape: Polygon;
      try {
        shape = new Polygon(points, { radius: s * random.pick([1e-4, 0.1, 0.5, 4]) });
      } catch {
        continue;
      }
      shape.setPose([s * random.range(-1, 1), s * random.range(-1, 1)], random.range(-4, 4));
      const outline = worldPoints(shape), r = shape.radius;
      const inside = (x: number, y: number): boolean => signedDistanceToOutline(outline, x, y) <= r;
      const angle = random.range(0, 2 * Math.PI), far = s * random.range(2, 10);
      const ox = far * Math.cos(angle), oy = far * Math.sin(angle);
      const aim = random.range(-0.6, 0.6) + angle + Math.PI;
      const dx = Math.cos(aim), dy = Math.sin(aim), reach = 25 * s;
      const found = raycast2d(shape, [ox, oy], [dx, dy], reach, hit);
      // The first of 400 samples inside: the hit is no later (and, on the boundary below, a real
      // entry; a graze between two samples may come earlier).
      const steps = 400;
      let first = -1;
      for (let k = 0; k <= steps && first < 0; k++) {
        if (inside(ox + dx * (reach * k) / steps, oy + dy * (reach * k) / steps)) first = k;
      }
      const slack = 1e-9 * (s + Math.abs(far));
      if (first >= 0) {
        expect(found, `run ${run}`).toBe(true);
        expect(hit.distance).toBeLessThanOrEqual((reach * first) / steps + slack);
      }
      if (!found) continue;
      hits++;
      if (hit.featureId === -1) {
        // A start inside: the origin within the radius of the core.
        expect(inside(ox, oy)).toBe(true);
        continue;
      }
      // On the rounded boundary, the normal radial from the core's nearest point.
      const px = hit.point[0]!, py = hit.point[1]!;
      expect(Math.abs(signedDistanceToOutline(outline, px, py) - r)).toBeLessThan(1e-8 * s);
      const back = signedDistanceToOutline(
        outline,
        px - hit.normal[0]! * r,
        py - hit.normal[1]! * r,
      );
      expect(Math.abs(back)).toBeLessThan(1e-7 * s);
    }
    expect(hits).toBeGreaterThan(PROPERTY_RUNS / 3);
  }, PROPERTY_TIMEOUT);
});
