/**
 * A contact buffer that fills up: detectors write exactly what fits, set `overflowed`, return
 * the number written and never throw (DESIGN.md, output buffers).
 */
import { describe, expect, it } from 'vitest';
import { collideBoxBox } from './pairs/box-box.js';
import { collideBoxHalfSpace } from './pairs/box-half-space.js';
import { collideBoxPlane } from './pairs/box-plane.js';
import { collideBoxSphere } from './pairs/box-sphere.js';
import { CollisionData } from './manifold/collision-data.js';
import { Box, HalfSpace, Plane, Sphere } from './shapes/primitives.js';
import { collideSphereHalfSpace } from './pairs/sphere-half-space.js';
import { collideSpherePlane } from './pairs/sphere-plane.js';
import { collideSphereSphere } from './pairs/sphere-sphere.js';

const UNIT_HALF = [0.5, 0.5, 0.5];
const IDENTITY = [0, 0, 0, 1];
/** 45 degrees about y: [0, sin 22.5, 0, cos 22.5]. */
const TURNED_45 = [0, Math.sin(Math.PI / 8), 0, Math.cos(Math.PI / 8)];

/**
 * Two unit cubes, the upper turned 45 degrees about the shared normal y and sunk 0.1 into the
 * lower (centres 0.9 apart): the two unit squares overlap in a regular octagon, so the full
 * manifold has 8 points, all at depth 0.1.
 */
function octagon(): [Box, Box] {
  return [
    new Box(UNIT_HALF).setPose([0, 0.9, 0], TURNED_45),
    new Box(UNIT_HALF).setPose([0, 0, 0], IDENTITY),
  ];
}

/** A unit cube sunk 0.1 into the half-space y <= 0 (centre at y = 0.4): its 4 lower corners touch, each 0.1 deep. */
function restingBox(): [Box, HalfSpace] {
  return [new Box(UNIT_HALF).setPose([0, 0.4, 0], IDENTITY), new HalfSpace([0, 1, 0], 0)];
}

function points(data: CollisionData, from: number, to: number): number[][] {
  const list: number[][] = [];
  for (let i = from; i < to; i++) {
    list.push([...data.contacts[i]!.point, data.contacts[i]!.penetration]);
  }
  return list;
}

/** Whether every row of `part` equals some row of `whole` to 12 digits. */
function isSubset(part: number[][], whole: number[][]): boolean {
  return part.every((row) =>
    whole.some((other) => row.every((v, k) => Math.abs(v - other[k]!) < 1e-12))
  );
}

describe('a buffer that fills up mid-manifold', () => {
  it('the octagon (8 points) into capacity 5: exactly 5 contacts of the full manifold, overflowed set', () => {
    const [upper, lower] = octagon();
    const full = new CollisionData({ capacity: 16 });
    expect(collideBoxBox(upper, lower, full)).toBe(8);
    expect(full.overflowed).toBe(false);

    const data = new CollisionData({ capacity: 5 });
    let written = -1;
    expect(() => {
      written = collideBoxBox(upper, lower, data);
    }).not.toThrow();
    expect(written).toBe(5);
    expect(data.contactCount).toBe(5);
    expect(data.contactsLeft).toBe(0);
    expect(data.overflowed).toBe(true);
    expect(isSubset(points(data, 0, 5), points(full, 0, 8))).toBe(true);
  });

  it('the octagon into capacity 5 after 3 earlier contacts: 2 more, overflowed set', () => {
    const [upper, lower] = octagon();
    const data = new CollisionData({ capacity: 5 });
    const [box, floor] = restingBox();
    // A first pair takes 3 of the 5 slots (its 4 corners cut to 3 by maxContactsPerPair, not by capacity).
    data.maxContactsPerPair = 3;
    expect(collideBoxHalfSpace(box, floor, data)).toBe(3);
    expect(data.overflowed).toBe(false);
    data.maxContactsPerPair = 8;
    expect(collideBoxBox(upper, lower, data)).toBe(2);
    expect(data.contactCount).toBe(5);
    expect(data.overflowed).toBe(true);
  });

  it('a box resting on a half-space (4 corners) into capacity 3: exactly 3, overflowed set', () => {
    const [box, floor] = restingBox();
    const data = new CollisionData({ capacity: 3 });
    let written = -1;
    expect(() => {
      written = collideBoxHalfSpace(box, floor, data);
    }).not.toThrow();
    expect(written).toBe(3);
    expect(data.contactCount).toBe(3);
    expect(data.overflowed).toBe(true);
    for (let i = 0; i < 3; i++) {
      // Corners at y = 0.4 - 0.5 = -0.1: depth 0.1, the contact point halfway up at y = -0.05.
      expect(data.contacts[i]!.penetration).toBeCloseTo(0.1, 12);
      expect(data.contacts[i]!.point[1]).toBeCloseTo(-0.05, 12);
      expect(Math.abs(data.contacts[i]!.point[0]!)).toBeCloseTo(0.5, 12);
    }
  });

  it('the same box into capacity 4: all 4 fit and nothing overflows', () => {
    const [box, floor] = restingBox();
    const data = new CollisionData({ capacity: 4 });
    expect(collideBoxHalfSpace(box, floor, data)).toBe(4);
    expect(data.overflowed).toBe(false);
  });

  it('keeps overflowed set through later calls until reset()', () => {
    const [box, floor] = restingBox();
    const data = new CollisionData({ capacity: 3 });
    collideBoxHalfSpace(box, floor, data);
    expect(data.overflowed).toBe(true);
    // A pair that writes nothing (a box far above the floor) must not clear the flag.
    const far = new Box(UNIT_HALF).setPose([0, 10, 0], IDENTITY);
    expect(collideBoxHalfSpace(far, floor, data)).toBe(0);
    expect(data.overflowed).toBe(true);
    data.reset();
    expect(data.overflowed).toBe(false);
    expect(data.contactCount).toBe(0);
  });
});

describe('a buffer already full', () => {
  // One overlapping configuration per pair; each writes at least one contact into an empty buffer.
  const cases: [string, (data: CollisionData) => number][] = [
    [
      'sphere-sphere',
      (data) =>
        collideSphereSphere(new Sphere(1).setPose([0, 1.5, 0], IDENTITY), new Sphere(1), data),
    ],
    [
      'sphere-half-space',
      (data) =>
        collideSphereHalfSpace(
          new Sphere(1).setPose([0, 0.5, 0], IDENTITY),
          new HalfSpace([0, 1, 0], 0),
          data,
        ),
    ],
    [
      'sphere-plane',
      (data) =>
        collideSpherePlane(
          new Sphere(1).setPose([0, 0.5, 0], IDENTITY),
          new Plane([0, 1, 0], 0),
          data,
        ),
    ],
    ['box-half-space', (data) => collideBoxHalfSpace(...restingBox(), data)],
    [
      'box-plane',
      (data) =>
        collideBoxPlane(
          new Box(UNIT_HALF).setPose([0, 0.4, 0], IDENTITY),
          new Plane([0, 1, 0], 0),
          data,
        ),
    ],
    [
      'box-sphere',
      (data) =>
        collideBoxSphere(new Box(UNIT_HALF), new Sphere(0.5).setPose([0, 0.8, 0], IDENTITY), data),
    ],
    ['box-box', (data) => collideBoxBox(...octagon(), data)],
  ];

  for (const [name, detect] of cases) {
    it(`${name}: returns 0, sets overflowed and leaves the buffer alone`, () => {
      const empty = new CollisionData({ capacity: 8 });
      expect(detect(empty)).toBeGreaterThan(0);

      const data = new CollisionData({ capacity: 2 });
      data.contactCount = 2;
      for (const contact of data.contacts) contact.penetration = -7;
      let written = -1;
      expect(() => {
        written = detect(data);
      }).not.toThrow();
      expect(written).toBe(0);
      expect(data.contactCount).toBe(2);
      expect(data.overflowed).toBe(true);
      expect(data.contacts.map((c) => c.penetration)).toEqual([-7, -7]);
    });
  }
});
