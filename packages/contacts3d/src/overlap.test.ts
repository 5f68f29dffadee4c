import { describe, expect, it } from 'vitest';
import { collideBoxHalfSpace } from './pairs/box-half-space.js';
import { collideBoxSphere } from './pairs/box-sphere.js';
import { CollisionData } from './manifold/collision-data.js';
import {
  overlapBoxHalfSpace,
  overlapBoxSphere,
  overlapSphereHalfSpace,
  overlapSphereSphere,
} from './overlap.js';
import { Box, HalfSpace, Sphere } from './shapes/primitives.js';
import { collideSphereHalfSpace } from './pairs/sphere-half-space.js';
import { collideSphereSphere } from './pairs/sphere-sphere.js';

const IDENTITY = [0, 0, 0, 1];
const TURN_45_Z = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];

function sphereAt(radius: number, x: number, y: number, z: number): Sphere {
  return new Sphere(radius).setPose([x, y, z], IDENTITY);
}

function boxAt(
  halfSize: readonly number[],
  x: number,
  y: number,
  z: number,
  rotation: readonly number[] = IDENTITY,
): Box {
  return new Box(halfSize).setPose([x, y, z], rotation);
}

describe('overlapSphereSphere', () => {
  it('overlapping, touching and separated', () => {
    // Radii 1 and 1: centres 1.5 apart overlap, 2 apart touch (counts), 2.001 apart do not.
    expect(overlapSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(1, 1.5, 0, 0))).toBe(true);
    expect(overlapSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(1, 0, 2, 0))).toBe(true);
    expect(overlapSphereSphere(sphereAt(1, 0, 0, 0), sphereAt(1, 0, 2.001, 0))).toBe(false);
    // 3-4-5: centres 5 apart, radii 2 and 3 touch; radii 2 and 2.99 do not.
    expect(overlapSphereSphere(sphereAt(2, 0, 0, 0), sphereAt(3, 3, 4, 0))).toBe(true);
    expect(overlapSphereSphere(sphereAt(2, 0, 0, 0), sphereAt(2.99, 3, 4, 0))).toBe(false);
  });

  it('coincident centres and radius 0', () => {
    expect(overlapSphereSphere(sphereAt(1, 2, 2, 2), sphereAt(0.5, 2, 2, 2))).toBe(true);
    expect(overlapSphereSphere(sphereAt(0, 2, 2, 2), sphereAt(0, 2, 2, 2))).toBe(true);
    expect(overlapSphereSphere(sphereAt(0, 2, 2, 2), sphereAt(0, 2, 2, 2.1))).toBe(false);
  });
});

describe('overlapSphereHalfSpace', () => {
  const floor = new HalfSpace([0, 1, 0], 0);

  it('above, touching, below', () => {
    expect(overlapSphereHalfSpace(sphereAt(1, 0, 0.5, 0), floor)).toBe(true);
    expect(overlapSphereHalfSpace(sphereAt(1, 0, 1, 0), floor)).toBe(true);
    expect(overlapSphereHalfSpace(sphereAt(1, 0, 1.001, 0), floor)).toBe(false);
    // The half-space is solid: a sphere deep inside overlaps.
    expect(overlapSphereHalfSpace(sphereAt(1, 0, -50, 0), floor)).toBe(true);
  });

  it('a tilted half-space', () => {
    // n = (0.6, 0.8, 0), offset 1: centre (1.2, 1.6, 0) is at height 1; radius 1 touches.
    const slope = new HalfSpace([3, 4, 0], 1);
    expect(overlapSphereHalfSpace(sphereAt(1, 1.2, 1.6, 0), slope)).toBe(true);
    expect(overlapSphereHalfSpace(sphereAt(0.999, 1.2, 1.6, 0), slope)).toBe(false);
  });
});

describe('overlapBoxHalfSpace', () => {
  const floor = new HalfSpace([0, 1, 0], 0);

  it('resting, touching and hovering', () => {
    expect(overlapBoxHalfSpace(boxAt([0.5, 0.5, 0.5], 0, 0.4, 0), floor)).toBe(true);
    expect(overlapBoxHalfSpace(boxAt([0.5, 0.5, 0.5], 0, 0.5, 0), floor)).toBe(true);
    expect(overlapBoxHalfSpace(boxAt([0.5, 0.5, 0.5], 0, 0.501, 0), floor)).toBe(false);
    expect(overlapBoxHalfSpace(boxAt([0.5, 0.5, 0.5], 0, -9, 0), floor)).toBe(true);
  });

  it('a box turned 45 degrees about z reaches sqrt(2)/2 below its centre', () => {
    expect(
      overlapBoxHalfSpace(boxAt([0.5, 0.5, 0.5], 0, Math.SQRT1_2 - 0.001, 0, TURN_45_Z), floor),
    ).toBe(true);
    expect(
      overlapBoxHalfSpace(boxAt([0.5, 0.5, 0.5], 0, Math.SQRT1_2 + 0.001, 0, TURN_45_Z), floor),
    ).toBe(false);
  });
});

describe('overlapBoxSphere', () => {
  const cube = boxAt([1, 1, 1], 0, 0, 0);

  it('face, edge and vertex regions', () => {
    // Face: r = 0.5 at x = 1.5 touches, at 1.501 misses.
    expect(overlapBoxSphere(cube, sphereAt(0.5, 1.5, 0, 0))).toBe(true);
    expect(overlapBoxSphere(cube, sphereAt(0.5, 1.501, 0, 0))).toBe(false);
    // Edge: centre (1.3, 1.4, 0) is 0.5 from the +x +y edge: r = 0.5 touches, 0.499 misses.
    expect(overlapBoxSphere(cube, sphereAt(0.5, 1.3, 1.4, 0))).toBe(true);
    expect(overlapBoxSphere(cube, sphereAt(0.499, 1.3, 1.4, 0))).toBe(false);
    // Vertex: (1.3, 1.3, 1.3) is 0.5196 from the corner; every axis alone is within r = 0.5,
    // the distance is not.
    expect(overlapBoxSphere(cube, sphereAt(0.5, 1.3, 1.3, 1.3))).toBe(false);
    expect(overlapBoxSphere(cube, sphereAt(0.52, 1.3, 1.3, 1.3))).toBe(true);
  });

  it('a centre inside or on the surface overlaps, radius 0 included', () => {
    expect(overlapBoxSphere(cube, sphereAt(0.1, 0.2, -0.3, 0.4))).toBe(true);
    expect(overlapBoxSphere(cube, sphereAt(0, 0.2, -0.3, 0.4))).toBe(true);
    expect(overlapBoxSphere(cube, sphereAt(0, 1, 1, 1))).toBe(true);
    expect(overlapBoxSphere(cube, sphereAt(0, 1.001, 0, 0))).toBe(false);
  });

  it('a turned box', () => {
    // Turned 45 degrees about z: the +x +y edge is at (0, sqrt(2)/2); a sphere r = 0.5 above it.
    const turned = boxAt([0.5, 0.5, 0.5], 0, 0, 0, TURN_45_Z);
    expect(overlapBoxSphere(turned, sphereAt(0.5, 0, Math.SQRT1_2 + 0.499, 0))).toBe(true);
    expect(overlapBoxSphere(turned, sphereAt(0.5, 0, Math.SQRT1_2 + 0.501, 0))).toBe(false);
  });
});

describe('the overlap tests agree with the detectors at tolerance 0', () => {
  // A grid of positions sweeping through touching distances, including exact touches.
  const steps = [-1.6, -1.5, -1.2, -1, -0.75, -0.5, 0, 0.5, 0.75, 1, 1.2, 1.5, 1.6];

  it('sphere-sphere, sphere-half-space, box-half-space and box-sphere', () => {
    const data = new CollisionData({ capacity: 16 });
    const unitBall = sphereAt(0.5, 0, 0, 0);
    const floor = new HalfSpace([0, 1, 0], 0);
    const turnedBox = boxAt([0.5, 0.25, 0.75], 0, 0, 0, [0.1, 0.3, -0.2, 0.9]);
    const flatBox = boxAt([0.5, 0.5, 0.5], 0, 0, 0);
    let checked = 0;
    for (const x of steps) {
      for (const y of steps) {
        for (const z of steps) {
          const probe = sphereAt(0.5, x, y, z);
          data.reset();
          expect(overlapSphereSphere(probe, unitBall)).toBe(
            collideSphereSphere(probe, unitBall, data) > 0,
          );
          data.reset();
          expect(overlapSphereHalfSpace(probe, floor)).toBe(
            collideSphereHalfSpace(probe, floor, data) > 0,
          );
          data.reset();
          expect(overlapBoxSphere(turnedBox, probe)).toBe(
            collideBoxSphere(turnedBox, probe, data) > 0,
          );
          data.reset();
          expect(overlapBoxSphere(flatBox, probe)).toBe(collideBoxSphere(flatBox, probe, data) > 0);
          const box = boxAt([0.5, 0.25, 0.75], x, y, z, [0.1, 0.3, -0.2, 0.9]);
          data.reset();
          expect(overlapBoxHalfSpace(box, floor)).toBe(collideBoxHalfSpace(box, floor, data) > 0);
          checked++;
        }
      }
    }
    expect(checked).toBe(steps.length ** 3);
  });
});
