/**
 * The body type parameter: shapes and `CollisionData` share a type `B` for their bodies, so a
 * contact's `firstBody` and `secondBody` are typed. The `@ts-expect-error` lines are checked by
 * `pnpm typecheck` (tsc fails if a line they mark compiles); the test body runs them too.
 */
import { describe, expect, it } from 'vitest';
import { CollisionData } from './manifold/collision-data.js';
import { collide } from './collide.js';
import { collideBoxBox } from './pairs/box-box.js';
import { collideSphereSphere } from './pairs/sphere-sphere.js';
import { Box, HalfSpace, Sphere } from './shapes/primitives.js';

interface RigidBody {
  name: string;
  mass: number;
}

describe('the body type parameter', () => {
  it('types firstBody and secondBody as the shapes body type, and catches a mismatch', () => {
    const ball: RigidBody = { name: 'ball', mass: 1 };
    const crate: RigidBody = { name: 'crate', mass: 5 };
    const data = new CollisionData<RigidBody>();
    const sphere = new Sphere<RigidBody>(0.5).setPose([0, 0.9, 0], [0, 0, 0, 1]);
    sphere.body = ball;
    const box = new Box<RigidBody>([0.5, 0.5, 0.5]);
    box.body = crate;
    expect(collide(sphere, box, data)).toBe(1);
    const contact = data.contacts[0]!;
    // Typed reads: no cast. A body type without `name` would not compile here.
    const names: string[] = [contact.firstBody!.name, contact.secondBody!.name];
    expect(names).toEqual(['ball', 'crate']);
    const [first, second] = contact.bodies;
    expect(first!.mass + second!.mass).toBe(6);

    // @ts-expect-error: a body of another type does not fit the shape's body type.
    sphere.body = 'ball';
    // @ts-expect-error: a contact's body is a RigidBody or null, not a number.
    const wrong: number = contact.firstBody;
    expect(wrong).toBe(ball);

    const tagged = new Sphere<number>(0.5);
    tagged.body = 7;
    data.reset();
    // @ts-expect-error: shapes with number bodies cannot write into a buffer of RigidBody contacts.
    collideSphereSphere(tagged, tagged, data);
    const named = new Box<string>([1, 1, 1]);
    const numbered = new Box<number>([1, 1, 1]);
    // @ts-expect-error: nor can two boxes of different body types share one call.
    collideBoxBox(named, numbered, new CollisionData<string>());
    // @ts-expect-error: the dispatcher checks the same.
    collide(new HalfSpace<number>([0, 1, 0], 0), sphere, data);
  });

  it('defaults to unknown, so untyped code reads bodies as before', () => {
    const data = new CollisionData();
    const a = new Sphere(1);
    const b = new Sphere(1);
    a.body = 'anything';
    b.body = 42;
    expect(collideSphereSphere(a, b, data)).toBe(1);
    const body: unknown = data.contacts[0]!.firstBody;
    expect(body).toBe('anything');
  });
});
