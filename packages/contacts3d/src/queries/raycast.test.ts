import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { boxFaceFeature } from '../shapes/box-features.js';
import { Capsule } from '../shapes/capsule.js';
import { Box, HalfSpace, Plane, Sphere, type AnyPrimitive } from '../shapes/primitives.js';
import { signedSurfaceDistance, type CapsulePairSpec } from '../test-support/capsule-oracle.js';
import { add, buildPrimitive, scale, type Vec3 } from '../test-support/shapes.js';
import { raycast, RayHit } from './raycast.js';

const IDENTITY = [0, 0, 0, 1];

function expectHit(
  shape: AnyPrimitive,
  origin: number[],
  direction: number[],
  maxDistance: number,
  distance: number,
  point: number[],
  normal: number[],
  featureId: number,
): void {
  const hit = new RayHit();
  expect(raycast(shape, origin, direction, maxDistance, hit)).toBe(true);
  expect(hit.distance).toBeCloseTo(distance, 12);
  for (let i = 0; i < 3; i++) {
    expect(hit.point[i]).toBeCloseTo(point[i]!, 12);
    expect(hit.normal[i]).toBeCloseTo(normal[i]!, 12);
  }
  expect(hit.featureId).toBe(featureId);
}

function expectMiss(
  shape: AnyPrimitive,
  origin: number[],
  direction: number[],
  maxDistance = Infinity,
): void {
  const hit = new RayHit();
  hit.distance = 123;
  expect(raycast(shape, origin, direction, maxDistance, hit)).toBe(false);
  expect(hit.distance).toBe(123);
}

describe('raycast', () => {
  it('a sphere: the near root, outward normal; a non-unit direction is normalised', () => {
    const sphere = new Sphere(1).setPose([0, 0, 5], IDENTITY);
    expectHit(sphere, [0, 0, 0], [0, 0, 2], 10, 4, [0, 0, 4], [0, 0, -1], 0);
    expectHit(sphere, [0, 0, 0], [0, 0, 1], 4, 4, [0, 0, 4], [0, 0, -1], 0);
    expectMiss(sphere, [0, 0, 0], [0, 0, 1], 3.999);
    expectMiss(sphere, [0, 0, 0], [0, 0, -1]);
    expectMiss(sphere, [0, 1.001, 0], [0, 0, 1]);
    // Starting inside: distance 0, normal against the direction, feature -1.
    expectHit(sphere, [0, 0.5, 5], [3, 0, 4], 1, 0, [0, 0.5, 5], [-0.6, 0, -0.8], -1);
  });

  it("a box: the entering face, in the box's frame", () => {
    const box = new Box([1, 2, 3]).setPose([10, 0, 0], IDENTITY);
    expectHit(
      box,
      [0, 0.5, 0.5],
      [1, 0, 0],
      20,
      9,
      [9, 0.5, 0.5],
      [-1, 0, 0],
      boxFaceFeature(0, -1),
    );
    // Turned 90 degrees about z: local x along world y, so the world -y face is local -x.
    const turned = new Box([1, 2, 3]).setPose([10, 0, 0], [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    expectHit(
      turned,
      [10, -10, 0],
      [0, 1, 0],
      20,
      9,
      [10, -1, 0],
      [0, -1, 0],
      boxFaceFeature(0, -1),
    );
    expectMiss(box, [0, 2.5, 0], [1, 0, 0]);
    expectMiss(box, [0, 0, 0], [-1, 0, 0]);
    expectHit(box, [10, 1, 1], [0, 1, 0], 0, 0, [10, 1, 1], [0, -1, 0], -1);
  });

  it('a capsule: its side, its end caps, half length 0', () => {
    const capsule = new Capsule(0.5, 1);
    expectHit(capsule, [5, 0.3, 0], [-1, 0, 0], 10, 4.5, [0.5, 0.3, 0], [1, 0, 0], 0);
    expectHit(capsule, [0, 5, 0], [0, -1, 0], 10, 3.5, [0, 1.5, 0], [0, 1, 0], 2);
    expectHit(capsule, [0, -5, 0], [0, 1, 0], 10, 3.5, [0, -1.5, 0], [0, -1, 0], 1);
    // Past the cylinder's end: the cap sphere about (0, 1, 0), x^2 + 0.2^2 = 0.5^2.
    const x = Math.sqrt(0.21);
    expectHit(capsule, [3, 1.2, 0], [-1, 0, 0], 10, 3 - x, [x, 1.2, 0], [x / 0.5, 0.4, 0], 2);
    expectMiss(capsule, [3, 1.51, 0], [-1, 0, 0]);
    expectHit(capsule, [0.2, 0, 0], [1, 0, 0], 1, 0, [0.2, 0, 0], [-1, 0, 0], -1);
    expectHit(
      new Capsule(0.5, 0).setPose([0, 0, 3], IDENTITY),
      [0, 0, 0],
      [0, 0, 1],
      5,
      2.5,
      [0, 0, 2.5],
      [0, 0, -1],
      1,
    );
  });

  it('a two-sided plane reports the normal facing the origin; a half-space is solid below', () => {
    const plane = new Plane([0, 1, 0], 1);
    expectHit(plane, [0, 5, 0], [0, -1, 0], 10, 4, [0, 1, 0], [0, 1, 0], 0);
    expectHit(plane, [2, -3, 0], [0, 1, 0], 10, 4, [2, 1, 0], [0, -1, 0], 0);
    expectMiss(plane, [0, 5, 0], [1, 0, 0]);
    expectMiss(plane, [0, 5, 0], [0, 1, 0]);
    const floor = new HalfSpace([0, 1, 0], 1);
    expectHit(floor, [0, 5, 0], [0, -2, 0], 10, 4, [0, 1, 0], [0, 1, 0], 0);
    expectHit(floor, [0, -3, 0], [0, 1, 0], 10, 0, [0, -3, 0], [0, -1, 0], -1);
    expectMiss(floor, [0, 5, 0], [0, 1, 0]);
  });

  it('bad input: a named RangeError, the hit unchanged', () => {
    const hit = new RayHit();
    hit.distance = 7;
    const sphere = new Sphere(1);
    expect(() => raycast(sphere, [0, 0, -5], [0, 0, 0], 10, hit)).toThrow(
      /raycast direction must be non-zero/,
    );
    expect(() => raycast(sphere, [0, Number.NaN, -5], [0, 0, 1], 10, hit)).toThrow(
      /raycast origin/,
    );
    expect(() => raycast(sphere, [0, 0, -5], [0, 0, Infinity], 10, hit)).toThrow(
      /raycast direction/,
    );
    expect(() => raycast(sphere, [0, 0, -5], [0, 0, 1], -1, hit)).toThrow(/raycast maxDistance/);
    expect(() => raycast(sphere, [0, 0, -5], [0, 0, 1], Number.NaN, hit)).toThrow(RangeError);
    expect(hit.distance).toBe(7);
  });

  it("agrees with sphere tracing of the shapes' distance functions (an independent method)", () => {
    const random = new Random(0x4a7);
    let hits = 0;
    for (let run = 0; run < 3000; run++) {
      const s = random.pick([1e-3, 1, 1e3]);
      const kind = random.pick(['sphere', 'box', 'capsule'] as const);
      const rotation = random.rotation();
      const spec: CapsulePairSpec = kind === 'sphere'
        ? { kind, radius: random.logRange(0.05, 2) * s, position: [0, 0, 0], rotation }
        : kind === 'box'
        ? {
          kind,
          halfSize: [0, 0, 0].map(() => random.logRange(0.05, 2) * s) as Vec3,
          position: [0, 0, 0],
          rotation,
        }
        : {
          kind,
          radius: random.logRange(0.05, 1) * s,
          halfLength: random.chance(0.1) ? 0 : random.logRange(0.05, 2) * s,
          position: [0, 0, 0],
          rotation,
        };
      const shape = kind === 'capsule'
        ? new Capsule(
          (spec as { radius: number; }).radius,
          (spec as { halfLength: number; }).halfLength,
        ).setPose([0, 0, 0], rotation)
        : buildPrimitive(spec as never);
      const origin = scale(random.unitVector(), random.range(3, 6) * s);
      // Aimed at a random point near the shape.
      const target = scale(random.unitVector(), random.range(0, 2.5) * s);
      const direction = add(target, scale(origin, -1));
      const hit = new RayHit();
      const hitting = raycast(shape, origin, direction, Infinity, hit);
      // Sphere tracing: step by the distance to the surface until it vanishes or stops shrinking.
      const length = Math.hypot(...direction);
      const unit = scale(direction, 1 / length);
      let t = 0, traced = false;
      for (let step = 0; step < 10_000 && t < 20 * s; step++) {
        const d = signedSurfaceDistance(add(origin, scale(unit, t)), spec);
        if (d < 1e-10 * s) {
          traced = true;
          break;
        }
        t += d;
      }
      // A graze within the tracing's precision may go either way.
      if (traced !== hitting) {
        const closest = Math.min(
          ...Array.from(
            { length: 2001 },
            (_, i) => signedSurfaceDistance(add(origin, scale(unit, (i / 2000) * 10 * s)), spec),
          ),
        );
        expect(Math.abs(closest), `run ${run}`).toBeLessThan(1e-3 * s);
        continue;
      }
      if (!hitting) continue;
      hits++;
      expect(Math.abs(hit.distance - t), `run ${run}`).toBeLessThan(1e-7 * s);
      expect(Math.abs(signedSurfaceDistance([hit.point[0]!, hit.point[1]!, hit.point[2]!], spec)))
        .toBeLessThan(1e-9 * s);
      // The normal points out: a step along it leaves the shape, and it is unit.
      expect(Math.hypot(hit.normal[0]!, hit.normal[1]!, hit.normal[2]!)).toBeCloseTo(1, 9);
      const outside = add(
        [hit.point[0]!, hit.point[1]!, hit.point[2]!],
        scale([hit.normal[0]!, hit.normal[1]!, hit.normal[2]!], 1e-4 * s),
      );
      expect(signedSurfaceDistance(outside, spec)).toBeGreaterThan(0);
    }
    expect(hits).toBeGreaterThan(600);
  });
});
