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
import { CollisionData2 } from './contact2.js';
import { Aabb, Chain, Circle, Polygon, type Shape2 } from './shapes.js';

/** Every number a contact holds is finite and its normal has unit length to 1e-12. */
function expectSound(data: CollisionData2, label: string): void {
  for (let i = 0; i < data.contactCount; i++) {
    const contact = data.contacts[i]!;
    const values = [...contact.point, ...contact.normal, contact.penetration];
    expect(values.every(Number.isFinite), `${label}: contact ${i} is ${JSON.stringify(values)}`).toBe(true);
    const length = Math.hypot(...contact.normal);
    expect(Math.abs(length - 1), `${label}: normal length ${length}`).toBeLessThan(1e-12);
  }
}

/** The outlines, as multiples of a size: a triangle, a square, an L (concave), a zigzag chain. */
const outlines = {
  triangle: [[-1, -0.6], [1, -0.6], [0, 1]],
  square: [[-1, -1], [1, -1], [1, 1], [-1, 1]],
  lShape: [[-1, -1], [1, -1], [1, 0], [0, 0], [0, 1], [-1, 1]],
  zigzag: [[-1, 0], [-0.5, 0.5], [0, -0.4], [0.5, 0.5], [1, 0]],
};

const scaled = (points: number[][], size: number): number[][] => points.map(([x, y]) => [x! * size, y! * size]);

/** A shape of `kind` about `size` across, posed at `position` with a random angle. */
function make(kind: number, random: Random, size: number, position: number[]): Shape2 {
  const angle = random.range(-Math.PI, Math.PI);
  switch (kind) {
    case 0:
      return new Circle(size * random.range(0.3, 1)).setPose(position, angle);
    case 1:
      return new Polygon(scaled(outlines.triangle, size)).setPose(position, angle);
    case 2:
      return new Polygon(scaled(outlines.square, size)).setPose(position, angle);
    case 3:
      return new Polygon(scaled(outlines.lShape, size)).setPose(position, angle);
    case 4:
      return new Chain(scaled(outlines.zigzag, size)).setPose(position, angle);
    default:
      return new Aabb([-size, -0.5 * size], [size, 0.5 * size]).setPose(position, 0);
  }
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
    it(`${name}: 36 ordered kind pairs, 150 random poses each, speculative tolerance as large as the shapes`, () => {
      const random = new Random(2024);
      const data = new CollisionData2({ capacity: 64, tolerance: firstSize });
      let written = 0;
      for (let first = 0; first < 6; first++) {
        for (let second = 0; second < 6; second++) {
          for (let trial = 0; trial < 150; trial++) {
            const a = make(first, random, firstSize, [random.range(-spread, spread), random.range(-spread, spread)]);
            // Half the trials place the second shape within reach of the first.
            const near = random.chance(0.5);
            const position = near
              ? [a.transform.x + random.range(-firstSize, firstSize), a.transform.y + random.range(-firstSize, firstSize)]
              : [random.range(-spread, spread), random.range(-spread, spread)];
            const b = make(second, random, secondSize, position.map(clamp));
            data.reset();
            written += collide2d(a, b, data);
            expectSound(data, `${name}, kinds ${first} and ${second}, trial ${trial}`);
          }
        }
      }
      // The check would pass vacuously with no contacts: most near pairs touch.
      expect(written).toBeGreaterThan(1000);
    });
  }

  it('the circle of the bug report, moved into the range: radius 1e75 at [1e75, -1e75] against a polygon there', () => {
    const data = new CollisionData2();
    const circle = new Circle(MAX_COORDINATE).setPose([MAX_COORDINATE, -MAX_COORDINATE], 0);
    const square = new Polygon(scaled(outlines.square, 0.5 * MAX_COORDINATE)).setPose([0, -MAX_COORDINATE], 0);
    expect(collide2d(circle, square, data)).toBe(1);
    expectSound(data, 'circle 1e75 against a square');
    // The circle's leftmost point (0, -1e75) reaches 0.5e75 into the square's right side at x = 0.5e75.
    expect(data.contacts[0]!.penetration / MAX_COORDINATE).toBeCloseTo(0.5, 12);
    expect(Array.from(data.contacts[0]!.normal)).toEqual([1, 0]);
  });
});
