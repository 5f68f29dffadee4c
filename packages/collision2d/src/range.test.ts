/**
 * Inside the supported range of coordinates and sizes (`MAX_COORDINATE`, 1e75) every 2D pair
 * writes only finite contacts with unit normals: at the largest scale, the smallest, a largest
 * shape against a smallest one, and unit shapes at the edge of the range. (Refusal beyond it is
 * tested in shapes.test.ts and mass.test.ts.)
 */
import { MAX_COORDINATE } from '@contactkit/math';
import { Random } from '@contactkit/test-support';
import { describe, expect, it } from 'vitest';
import { collide2d } from './collide2d.js';
import { CollisionData2 } from './manifold/contact2.js';
import { Aabb, Chain, Circle, Polygon, type Shape2 } from './shapes/shapes.js';

/**
 * Every number a contact holds is finite and its normal has unit length to 1e-12. Checked by
 * hand first, since an expect per contact would dominate the run; `label` is built on failure.
 */
function expectSound(data: CollisionData2, label: () => string): void {
  for (let i = 0; i < data.contactCount; i++) {
    const contact = data.contacts[i]!;
    const values = [...contact.point, ...contact.normal, contact.penetration];
    const length = Math.hypot(...contact.normal);
    if (values.every(Number.isFinite) && Math.abs(length - 1) < 1e-12) continue;
    expect.fail(`${label()}: contact ${i} is ${JSON.stringify(values)}, normal length ${length}`);
  }
}

/** The outlines, as multiples of a size: a triangle, a square, an L (concave), a zigzag chain. */
const outlines = {
  triangle: [[-1, -0.6], [1, -0.6], [0, 1]],
  square: [[-1, -1], [1, -1], [1, 1], [-1, 1]],
  lShape: [[-1, -1], [1, -1], [1, 0], [0, 0], [0, 1], [-1, 1]],
  zigzag: [[-1, 0], [-0.5, 0.5], [0, -0.4], [0.5, 0.5], [1, 0]],
};

const scaled = (points: number[][], size: number): number[][] =>
  points.map(([x, y]) => [x! * size, y! * size]);

/** One shape of each kind about `size` across: circles, a triangle, a square, an L, a zigzag chain, an Aabb. */
function makeAll(size: number): Shape2[] {
  return [
    new Circle(size),
    new Circle(0.3 * size),
    new Polygon(scaled(outlines.triangle, size)),
    new Polygon(scaled(outlines.square, size)),
    new Polygon(scaled(outlines.lShape, size)),
    new Chain(scaled(outlines.zigzag, size)),
    new Aabb([-size, -0.5 * size], [size, 0.5 * size]),
  ];
}

/** Poses `shape` at `position` with a random angle (0 for an Aabb, which stays axis aligned). */
function place(shape: Shape2, random: Random, position: number[]): Shape2 {
  const angle = random.range(-Math.PI, Math.PI);
  return shape.setPose(position, shape instanceof Aabb ? 0 : angle);
}

const clamp = (value: number): number => Math.max(-MAX_COORDINATE, Math.min(MAX_COORDINATE, value));

describe('inside the range, every 2D pair writes finite contacts with unit normals', () => {
  // [name, size of the first, size of the second, spread of the positions]. Sizes stay below the
  // range by the outline's own extent (at most sqrt(2) times the size).
  const scales: Array<[string, number, number, number]> = [
    ['largest', 0.5 * MAX_COORDINATE, 0.5 * MAX_COORDINATE, 0.5 * MAX_COORDINATE],
    ['smallest', 1e-150, 1e-150, 1e-150],
    ['largest against smallest', 0.5 * MAX_COORDINATE, 1e-60, 0.5 * MAX_COORDINATE],
    ['unit shapes at the edge of the range', 1, 1, MAX_COORDINATE],
  ];
  for (const [name, firstSize, secondSize, spread] of scales) {
    it(
      `${name}: 49 ordered kind pairs, 100 random poses each, speculative tolerance as large as the shapes`,
      () => {
        const random = new Random(2024);
        const data = new CollisionData2({ capacity: 64, tolerance: firstSize });
        const firsts = makeAll(firstSize);
        const seconds = makeAll(secondSize);
        let written = 0;
        for (const first of firsts) {
          for (const second of seconds) {
            for (let trial = 0; trial < 100; trial++) {
              const a = place(first, random, [
                random.range(-spread, spread),
                random.range(-spread, spread),
              ]);
              // Half the trials place the second shape within reach of the first.
              const near = random.chance(0.5);
              const position = near
                ? [
                  a.transform.x + random.range(-firstSize, firstSize),
                  a.transform.y + random.range(-firstSize, firstSize),
                ]
                : [random.range(-spread, spread), random.range(-spread, spread)];
              const b = place(second, random, position.map(clamp));
              data.reset();
              written += collide2d(a, b, data);
              expectSound(
                data,
                () =>
                  `${name}, ${first.constructor.name} and ${second.constructor.name}, trial ${trial}`,
              );
            }
          }
        }
        // The check would pass vacuously with no contacts: most near pairs touch.
        expect(written).toBeGreaterThan(1000);
      },
      30_000,
    );
  }

  it('the circle of the bug report, moved into the range: radius 1e75 at [1e75, -1e75] against a polygon there', () => {
    const data = new CollisionData2();
    const circle = new Circle(MAX_COORDINATE).setPose([MAX_COORDINATE, -MAX_COORDINATE], 0);
    const square = new Polygon(scaled(outlines.square, 0.5 * MAX_COORDINATE)).setPose([
      0,
      -MAX_COORDINATE,
    ], 0);
    expect(collide2d(circle, square, data)).toBe(1);
    expectSound(data, () => 'circle 1e75 against a square');
    // The circle's leftmost point (0, -1e75) reaches 0.5e75 into the square's right side at x = 0.5e75.
    expect(data.contacts[0]!.penetration / MAX_COORDINATE).toBeCloseTo(0.5, 12);
    expect(Array.from(data.contacts[0]!.normal)).toEqual([1, 0]);
  });
});
