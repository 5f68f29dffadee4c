import { describe, expect, it } from 'vitest';
import { ContactKind } from '@contactkit/math';
import { collide } from './collide.js';
import { CollisionData } from './manifold/collision-data.js';
import { collideBoxSphere } from './pairs/box-sphere.js';
import { Box, HalfSpace, Plane, Sphere, type AnyPrimitive } from './shapes/primitives.js';

function snapshot(data: CollisionData) {
  return data.contacts.slice(0, data.contactCount).map((c) => ({
    point: Array.from(c.point),
    normal: Array.from(c.normal),
    penetration: c.penetration,
    kind: c.kind,
    featureId: c.featureId,
    bodies: [...c.bodies],
  }));
}

describe('collide', () => {
  it('dispatches box-sphere in the named order to collideBoxSphere unchanged', () => {
    // Sphere of radius 0.5 at (0, 0.9, 0) over a unit cube: it reaches 0.4, the cube's top is at
    // 0.5, so penetration 0.1 through the +y face; normal from the sphere (second) to the box.
    const box = new Box([0.5, 0.5, 0.5]);
    box.body = 'box';
    const sphere = new Sphere(0.5).setPose([0, 0.9, 0], [0, 0, 0, 1]);
    sphere.body = 'sphere';
    const viaCollide = new CollisionData();
    const direct = new CollisionData();
    expect(collide(box, sphere, viaCollide)).toBe(1);
    expect(collideBoxSphere(box, sphere, direct)).toBe(1);
    expect(snapshot(viaCollide)).toEqual(snapshot(direct));
    const c = viaCollide.contacts[0]!;
    expect(c.normal[0]).toBeCloseTo(0, 15);
    expect(c.normal[1]).toBe(-1);
    expect(c.normal[2]).toBeCloseTo(0, 15);
    expect(c.penetration).toBeCloseTo(0.1, 12);
    expect(c.bodies).toEqual(['box', 'sphere']);
  });

  it('turns the mirrored order around: same points, depths and feature ids, negated normals, swapped bodies', () => {
    const pairs: [AnyPrimitive, AnyPrimitive][] = [
      [new Sphere(0.5).setPose([0.2, 0.9, -0.1], [0, 0, 0, 1]), new Box([0.5, 0.5, 0.5])],
      [new HalfSpace([0, 1, 0], 0), new Sphere(1).setPose([0, 0.5, 0], [0, 0, 0, 1])],
      [new Plane([0, 1, 0], 0), new Sphere(1).setPose([0, -0.5, 0], [0, 0, 0, 1])],
      [new HalfSpace([0, 1, 0], 0), new Box([0.5, 0.5, 0.5]).setPose([0, 0.4, 0], [0, 0, 0, 1])],
      [new Plane([0, 1, 0], 0), new Box([0.5, 0.5, 0.5]).setPose([0, -0.4, 0], [0.1, 0, 0, 0.995])],
    ];
    for (const [a, b] of pairs) {
      a.body = 'a';
      b.body = 'b';
      const forward = new CollisionData();
      const backward = new CollisionData();
      const count = collide(a, b, forward);
      expect(count).toBeGreaterThan(0);
      expect(collide(b, a, backward)).toBe(count);
      const f = snapshot(forward), r = snapshot(backward);
      for (let i = 0; i < count; i++) {
        expect(f[i]!.point).toEqual(r[i]!.point);
        expect(f[i]!.penetration).toBe(r[i]!.penetration);
        for (let k = 0; k < 3; k++) expect(f[i]!.normal[k]! + r[i]!.normal[k]!).toBe(0);
        expect(f[i]!.bodies).toEqual(['a', 'b']);
        expect(r[i]!.bodies).toEqual(['b', 'a']);
        expect(f[i]!.featureId).toBe(r[i]!.featureId);
        expect(f[i]!.kind).toBe(r[i]!.kind);
      }
    }
  });

  it('gives the half-space normal for a sphere resting in it whichever shape comes first', () => {
    // Unit sphere centred 0.5 above the ground plane y = 0: penetration 0.5, normal +y from the
    // ground toward the sphere; with the ground first the normal points down, toward the ground.
    const ground = new HalfSpace([0, 1, 0], 0);
    const ball = new Sphere(1).setPose([0, 0.5, 0], [0, 0, 0, 1]);
    const data = new CollisionData();
    collide(ball, ground, data);
    collide(ground, ball, data);
    expect(Array.from(data.contacts[0]!.normal)).toEqual([0, 1, 0]);
    expect(Array.from(data.contacts[1]!.normal)).toEqual([0, -1, 0]);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.5, 12);
    expect(data.contacts[1]!.kind).toBe(ContactKind.FaceFace);
  });

  it('writes nothing for two unbounded shapes', () => {
    const data = new CollisionData();
    expect(collide(new Plane([0, 1, 0], 0), new HalfSpace([1, 0, 0], 0), data)).toBe(0);
    expect(collide(new HalfSpace([0, 1, 0], 0), new HalfSpace([0, 1, 0], 0), data)).toBe(0);
    expect(collide(new Plane([0, 1, 0], 0), new Plane([0, 0, 1], 0), data)).toBe(0);
    expect(data.contactCount).toBe(0);
    expect(data.overflowed).toBe(false);
  });
});
