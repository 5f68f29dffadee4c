/**
 * The body type parameter in 2D: shapes and `CollisionData2` share a type `B` for their bodies,
 * so a contact's `firstBody` and `secondBody` are typed. The `@ts-expect-error` lines are checked
 * by `pnpm typecheck` (tsc fails if a line they mark compiles); the test body runs them too.
 */
import { describe, expect, it } from 'vitest';
import { collide2d } from './collide2d.js';
import { collideCircleCircle } from './pairs/circle-circle.js';
import { collidePolygonPolygon } from './pairs/polygon-polygon.js';
import { CollisionData2 } from './manifold/contact2.js';
import { Circle, Polygon, Segment } from './shapes/shapes.js';

interface Body2 {
  label: string;
}

describe('the body type parameter', () => {
  it('types firstBody and secondBody as the shapes body type, and catches a mismatch', () => {
    const data = new CollisionData2<Body2>();
    const ball = new Circle<Body2>(0.5).setPose([0, 1.4], 0);
    ball.body = { label: 'ball' };
    const ground = new Polygon<Body2>([[-5, -1], [5, -1], [5, 1], [-5, 1]]);
    ground.body = { label: 'ground' };
    expect(collide2d(ball, ground, data)).toBe(1);
    const contact = data.contacts[0]!;
    const labels: string[] = [contact.firstBody!.label, contact.secondBody!.label];
    expect(labels).toEqual(['ball', 'ground']);

    // @ts-expect-error: a body of another type does not fit the shape's body type.
    ball.body = 3;
    // @ts-expect-error: a contact's body is a Body2 or null, not a string.
    const wrong: string = contact.secondBody;
    expect(wrong).toEqual({ label: 'ground' });

    data.reset();
    // @ts-expect-error: circles with number bodies cannot write into a buffer of Body2 contacts.
    collideCircleCircle(new Circle<number>(1), new Circle<number>(1), data);
    const square = [[0, 0], [1, 0], [1, 1], [0, 1]];
    const named = new Polygon<string>(square);
    const numbered = new Polygon<number>(square);
    // @ts-expect-error: two polygons of different body types cannot share one call.
    collidePolygonPolygon(named, numbered, new CollisionData2<string>());
    // @ts-expect-error: the dispatcher checks the same.
    collide2d(new Segment<number>([0, 0], [1, 0]), ball, data);
  });

  it('defaults to unknown, so untyped code reads bodies as before', () => {
    const data = new CollisionData2();
    const a = new Circle(1);
    a.body = 'anything';
    expect(collide2d(a, new Circle(1), data)).toBe(1);
    const body: unknown = data.contacts[0]!.firstBody;
    expect(body).toBe('anything');
  });
});
