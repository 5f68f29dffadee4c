import { describe, it, expect } from 'vitest';
import { Playfield } from './playfield.js';
import { IdList } from './broadphase.js';
import { Circle, Polygon } from '../shapes/shapes.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { collide2d } from '../collide2d.js';
import { mulberry32 } from '@contactkit/test-support';

/** A concave star-shaped obstacle: radii alternate between outer and inner, angles increase. */
function concaveObstacle(random: () => number, size: number): number[][] {
  const count = 8 + 2 * Math.floor(random() * 4);
  const points: number[][] = [];
  for (let i = 0; i < count; i++) {
    const angle = ((i + 0.3 * random()) / count) * 2 * Math.PI;
    const radius = size * (i % 2 === 0 ? 0.8 + 0.2 * random() : 0.35 + 0.15 * random());
    points.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
  }
  return points;
}

/** Every contact in `data` as one exact string (bodies, kind, feature, point, normal, depth). */
function contactSet(data: CollisionData2): string[] {
  const keys: string[] = [];
  for (let i = 0; i < data.contactCount; i++) {
    const c = data.contacts[i]!;
    keys.push(
      `${String(c.bodies[0])}|${String(c.bodies[1])}|${c.kind}|${c.featureId}|${c.point[0]},${
        c.point[1]
      }|${c.normal[0]},${c.normal[1]}|${c.penetration}`,
    );
  }
  return keys.sort();
}

describe('Playfield: 1,000 moving circles among 100 concave obstacles', () => {
  it('finds exactly the brute-force contact set with far fewer narrowphase tests', () => {
    const random = mulberry32(2026);
    const fieldSize = 120;
    const tolerance = 0.05;
    const field = new Playfield({ cellSize: 2, margin: tolerance });
    const obstacles: Polygon[] = [];
    const circles: Circle[] = [];
    // 100 obstacles on a 10 x 10 lattice (spacing 12), each about 6 to 9 across, jittered and turned.
    for (let row = 0; row < 10; row++) {
      for (let column = 0; column < 10; column++) {
        const obstacle = new Polygon(concaveObstacle(random, 3 + 1.5 * random()));
        obstacle.setPose([
          6 + 12 * column + 2 * (random() - 0.5),
          6 + 12 * row + 2 * (random() - 0.5),
        ], random() * 2 * Math.PI);
        obstacle.body = `o${obstacles.length}`;
        obstacles.push(obstacle);
      }
    }
    // Circles first, so their ids (0..999) match their index; obstacles get 1000..1099.
    const velocities = new Float64Array(2000);
    for (let i = 0; i < 1000; i++) {
      const circle = new Circle(0.3 + 0.5 * random()).setPose([
        random() * fieldSize,
        random() * fieldSize,
      ], 0);
      circle.body = `c${i}`;
      circles.push(circle);
      velocities[2 * i] = (random() - 0.5) * 1.5;
      velocities[2 * i + 1] = (random() - 0.5) * 1.5;
      expect(field.add(circle)).toBe(i);
    }
    for (const obstacle of obstacles) field.add(obstacle, true);

    const data = new CollisionData2({ capacity: 20000, tolerance });
    const bruteForce = new CollisionData2({ capacity: 20000, tolerance });
    const position = new Float64Array(2);
    let totalContacts = 0;
    let obstacleContacts = 0;
    let speculative = 0;
    for (let frame = 0; frame < 3; frame++) {
      if (frame > 0) {
        circles.forEach((circle, i) => {
          position[0] = circle.transform.x + velocities[2 * i]!;
          position[1] = circle.transform.y + velocities[2 * i + 1]!;
          circle.setPose(position, 0);
        });
        field.updateAll();
      }
      data.reset();
      field.collideAll(data);

      // Brute force: every circle pair (lower index first, as the grid orders moving pairs) and
      // every circle against every obstacle, through the same detectors.
      bruteForce.reset();
      let tests = 0;
      for (let i = 0; i < circles.length; i++) {
        for (let j = i + 1; j < circles.length; j++, tests++) {
          collide2d(circles[i]!, circles[j]!, bruteForce);
        }
        for (const obstacle of obstacles) {
          collide2d(circles[i]!, obstacle, bruteForce);
          tests++;
        }
      }
      expect(tests).toBe((1000 * 999) / 2 + 1000 * 100);
      expect(data.overflowed).toBe(false);
      expect(bruteForce.overflowed).toBe(false);
      expect(contactSet(data)).toEqual(contactSet(bruteForce));
      totalContacts += data.contactCount;
      for (let i = 0; i < data.contactCount; i++) {
        if (String(data.contacts[i]!.bodies[1]).startsWith('o')) obstacleContacts++;
        if (data.contacts[i]!.penetration < 0) speculative++;
      }
      // The grid tests a small fraction of the pairs: under 1% of the 599,500.
      expect(field.narrowphaseTests).toBeLessThan(tests / 100);
      expect(field.narrowphaseTests).toBeGreaterThan(0);
    }
    // The scene must actually collide, including circles against obstacles.
    expect(totalContacts).toBeGreaterThan(300);
    expect(obstacleContacts).toBeGreaterThan(100);
    expect(speculative).toBeGreaterThan(0);
  });

  it('shapesNear: which shapes are near this circle', () => {
    const field = new Playfield({ cellSize: 1 });
    const ball = new Circle(0.5).setPose([0, 0], 0);
    const wall = new Polygon([[2, -5], [3, -5], [3, 5], [2, 5]]);
    const far = new Circle(0.5).setPose([10, 0], 0);
    const ballId = field.add(ball);
    const wallId = field.add(wall, true);
    field.add(far);
    const out = new IdList();
    // Radius 1.5 around (0.6, 0) reaches the wall's box (x = 2 at distance 1.4) and the ball.
    expect(field.shapesNear(0.6, 0, 1.5, out)).toBe(2);
    expect(Array.from(out.ids.subarray(0, out.count)).sort()).toEqual([ballId, wallId].sort());
    field.remove(ballId);
    expect(field.shapesNear(0.6, 0, 1.5, out)).toBe(1);
    expect(() => field.update(ballId)).toThrow(/id 0 is not in the playfield/);
    expect(() => new Playfield({ cellSize: 1, margin: -1 })).toThrow(
      /margin must be a finite number >= 0, got -1/,
    );
  });

  it('a ball dropped into a concave corner gets two contacts through the playfield', () => {
    // Seed 000's concave corner: an L-shaped floor, ball of radius 1 at (1, 1) touching both the
    // floor y = 0 and the wall x = 0 of the notch (inner corner at the origin).
    const field = new Playfield({ cellSize: 2 });
    const floor = new Polygon([[-5, -5], [5, -5], [5, 0], [0, 0], [0, 5], [-5, 5]]);
    const ball = new Circle(1).setPose([0.9, 0.9], 0);
    field.add(ball);
    field.add(floor, true);
    const data = new CollisionData2({ capacity: 8 });
    expect(field.collideAll(data)).toBe(2);
    expect(field.narrowphaseTests).toBe(1);
    const depths = [data.contacts[0]!.penetration, data.contacts[1]!.penetration];
    expect(depths[0]).toBeCloseTo(0.1, 12);
    expect(depths[1]).toBeCloseTo(0.1, 12);
  });
});
