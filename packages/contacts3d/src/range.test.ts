/**
 * The supported range of coordinates and sizes (`MAX_COORDINATE`, 1e75): every primitive is
 * refused beyond it with a message that says so, and every pair inside it, at the largest scale,
 * the smallest, and the two mixed, writes only finite contacts with unit normals.
 */
import { MAX_COORDINATE } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { CollisionData } from './manifold/collision-data.js';
import { collide } from './collide.js';
import { Box, HalfSpace, Plane, Sphere, type AnyPrimitive } from './shapes/primitives.js';

const OUT_OF_RANGE =
  /is outside the supported range of coordinates and sizes, magnitude at most 1e\+75 \(MAX_COORDINATE\): got /;

describe('the range of coordinates and sizes: refused beyond it, with a message naming the range', () => {
  it('sizes: a sphere of radius 1e308, a box of half size 2e300, a plane offset 1e300', () => {
    expect(() => new Sphere(1e308)).toThrow(
      new RangeError(
        'Sphere.radius is outside the supported range of coordinates and sizes, magnitude at ' +
          'most 1e+75 (MAX_COORDINATE): got 1e+308',
      ),
    );
    expect(() => new Box([1, 2e300, 1])).toThrow(
      new RangeError(
        'Box.halfSize[1] is outside the supported range of coordinates and sizes, magnitude at ' +
          'most 1e+75 (MAX_COORDINATE): got 2e+300 in [1, 2e+300, 1]',
      ),
    );
    expect(() => new HalfSpace([0, 1, 0], -1e300)).toThrow(OUT_OF_RANGE);
    expect(new Sphere(MAX_COORDINATE).radius).toBe(MAX_COORDINATE);
    expect(Array.from(new Box([MAX_COORDINATE, 1e-300, 1]).halfSize)).toEqual([
      MAX_COORDINATE,
      1e-300,
      1,
    ]);
  });

  it('positions: setPose, setTransform, setOffset, and the product updateTransform makes', () => {
    const sphere = new Sphere(1);
    expect(() => sphere.setPose([1e308, -1e308, 0], [0, 0, 0, 1])).toThrow(
      new RangeError(
        'Sphere.position[0] is outside the supported range of coordinates and sizes, magnitude ' +
          'at most 1e+75 (MAX_COORDINATE): got 1e+308 in [1e+308, -1e+308, 0]',
      ),
    );
    const far = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -2e75, 1];
    expect(() => sphere.setTransform(far)).toThrow(
      /^Sphere\.transform\[14\] is outside the supported range/,
    );
    expect(() => sphere.setOffset(far)).toThrow(
      /^Sphere\.offset\[14\] is outside the supported range/,
    );
    // Offset and body each at the limit, in the same direction: the world position, 2e75, is not.
    sphere.setOffset([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, MAX_COORDINATE, 0, 0, 1]);
    expect(() =>
      sphere.updateTransform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, MAX_COORDINATE, 0, 0, 1])
    ).toThrow(
      new RangeError(
        'Sphere.updateTransform(bodyTransform) * offset[12] is outside the supported range of ' +
          'coordinates and sizes, magnitude at most 1e+75 (MAX_COORDINATE): got 2e+75 in [1, 0, ' +
          '0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 2e+75, 0, 0, 1]',
      ),
    );
    // In the opposite direction they cancel: accepted.
    sphere.updateTransform([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -MAX_COORDINATE, 0, 0, 1]);
    expect(Array.from(sphere.transform.subarray(12, 15))).toEqual([0, 0, 0]);
  });
});

/**
 * Every number a contact holds is finite and its normal has unit length to 1e-12. Checked by
 * hand first, since an expect per contact would dominate the run; `label` is built on failure.
 */
function expectSound(data: CollisionData, label: () => string): void {
  for (let i = 0; i < data.contactCount; i++) {
    const contact = data.contacts[i]!;
    const values = [...contact.point, ...contact.normal, contact.penetration];
    const length = Math.hypot(...contact.normal);
    if (values.every(Number.isFinite) && Math.abs(length - 1) < 1e-12) continue;
    expect.fail(`${label()}: contact ${i} is ${JSON.stringify(values)}, normal length ${length}`);
  }
}

/** A primitive of `kind` with sizes about `size`, at `position`, turned at random. */
function make(kind: number, random: Random, size: number, position: Float64Array): AnyPrimitive {
  const rotation = random.rotation();
  switch (kind) {
    case 0:
      return new Sphere(size * random.range(0.2, 1)).setPose(position, rotation);
    case 1:
      return new Box(random.vector(3, 0.2 * size, size)).setPose(position, rotation);
    case 2:
      return new Plane(random.unitVector(), random.range(-1, 1) * size).setPose(position, rotation);
    default:
      return new HalfSpace(random.unitVector(), random.range(-1, 1) * size).setPose(
        position,
        rotation,
      );
  }
}

describe('inside the range, every pair writes finite contacts with unit normals', () => {
  // [size of the first, size of the second, spread of the positions]: both at the largest scale,
  // both at the smallest, and a largest shape against a smallest one, at the edge of the range.
  const scales: Array<[string, number, number, number]> = [
    ['largest', 0.4 * MAX_COORDINATE, 0.4 * MAX_COORDINATE, 0.5 * MAX_COORDINATE],
    ['smallest', 1e-150, 1e-150, 1e-150],
    ['largest against smallest', 0.4 * MAX_COORDINATE, 1e-60, 0.5 * MAX_COORDINATE],
    ['unit shapes far out', 1, 1, MAX_COORDINATE],
  ];
  for (const [name, firstSize, secondSize, spread] of scales) {
    it(
      `${name}: 16 ordered type pairs, 300 random poses each, speculative tolerance as large as the shapes`,
      () => {
        const random = new Random(1234);
        const data = new CollisionData({
          capacity: 64,
          tolerance: Math.min(firstSize, MAX_COORDINATE),
        });
        let written = 0;
        for (let first = 0; first < 4; first++) {
          for (let second = 0; second < 4; second++) {
            for (let trial = 0; trial < 300; trial++) {
              const a = make(first, random, firstSize, random.vector(3, -spread, spread));
              // Half the trials place the second shape within reach of the first.
              const near = random.chance(0.5);
              const offset = random.vector(3, -firstSize, firstSize);
              const position = near
                ? a.transform.subarray(12, 15).map((value, i) => value + offset[i]!)
                : random.vector(3, -spread, spread);
              const b = make(
                second,
                random,
                secondSize,
                position.map((value) => Math.max(-MAX_COORDINATE, Math.min(MAX_COORDINATE, value))),
              );
              data.reset();
              written += collide(a, b, data);
              expectSound(data, () => `${name}, types ${first} and ${second}, trial ${trial}`);
            }
          }
        }
        // The check would pass vacuously with no contacts: most near pairs touch.
        expect(written).toBeGreaterThan(1000);
      },
      30_000,
    );
  }

  it('the pairs of the bug report: spheres of radius 1e75 (the largest accepted) at the corners of the range', () => {
    const data = new CollisionData();
    const a = new Sphere(MAX_COORDINATE).setPose(
      [MAX_COORDINATE, -MAX_COORDINATE, MAX_COORDINATE],
      [0, 0, 0, 1],
    );
    const b = new Sphere(MAX_COORDINATE).setPose(
      [-MAX_COORDINATE, -MAX_COORDINATE, MAX_COORDINATE],
      [0, 0, 0, 1],
    );
    expect(collide(a, b, data)).toBe(1);
    expectSound(data, () => 'two spheres of radius 1e75 touching');
    // Centres 2e75 apart, radii 1e75 each: touching, at the midpoint, normal +x.
    const contact = data.contacts[0]!;
    expect(contact.penetration / MAX_COORDINATE).toBeCloseTo(0, 12);
    expect(Array.from(contact.normal)).toEqual([1, 0, 0]);
    expect(contact.point[0]! / MAX_COORDINATE).toBeCloseTo(0, 12);
  });
});
