import { ContactKind, firstFeatureOf, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collideBoxHalfSpace } from './box-half-space.js';
import { collideBoxPlane } from './box-plane.js';
import { CollisionData } from '../manifold/collision-data.js';
import { HalfSpace, Plane } from '../shapes/primitives.js';
import { boxAt, expectVector } from '../test-support/cases.js';

const scratch = new Float64Array(3);
const TURN_45_Z = [0, 0, Math.sin(Math.PI / 8), Math.cos(Math.PI / 8)];

function verticesOf(data: CollisionData): number[] {
  const vertices: number[] = [];
  for (let k = 0; k < data.contactCount; k++) {
    vertices.push(firstFeatureOf(data.contacts[k]!.featureId));
  }
  return vertices;
}

describe('collideBoxPlane', () => {
  const sheet = new Plane([0, 1, 0], 0);
  const cube = [0.5, 0.5, 0.5];

  it('centre above: normal +n, the vertices below the plane', () => {
    // Unit cube at y = 0.4: bottom vertices 0, 1, 4, 5 at y = -0.1, pen 0.1, points at y = -0.05.
    const data = new CollisionData({ capacity: 16 });
    expect(collideBoxPlane(boxAt(cube, 0, 0.4, 0), sheet, data)).toBe(4);
    expect(verticesOf(data)).toEqual([0, 1, 4, 5]);
    for (let k = 0; k < 4; k++) {
      const contact = data.contacts[k]!;
      expectVector(contact.normal, [0, 1, 0]);
      expect(contact.penetration).toBeCloseTo(0.1, 14);
      expect(contact.point[1]).toBeCloseTo(-0.05, 14);
      expect(contact.kind).toBe(ContactKind.PointFace);
    }
    // Vertex 5 is (+0.5, -0.5, +0.5) in the cube's frame.
    expect(data.contacts[3]!.featureId).toBe(packFeatureId(5, 0));
    expectVector(data.contacts[3]!.point, [0.5, -0.05, 0.5]);
    expectVector(data.contacts[3]!.pointOnFirst(scratch), [0.5, -0.1, 0.5]);
    expectVector(data.contacts[3]!.pointOnSecond(scratch), [0.5, 0, 0.5]);
  });

  it('centre below: normal -n, the vertices above the plane', () => {
    // Unit cube at y = -0.4: top vertices 2, 3, 6, 7 at y = 0.1, pen 0.1, points at y = 0.05.
    const data = new CollisionData({ capacity: 16 });
    expect(collideBoxPlane(boxAt(cube, 0, -0.4, 0), sheet, data)).toBe(4);
    expect(verticesOf(data)).toEqual([2, 3, 6, 7]);
    for (let k = 0; k < 4; k++) {
      const contact = data.contacts[k]!;
      expectVector(contact.normal, [0, -1, 0]);
      expect(contact.penetration).toBeCloseTo(0.1, 14);
      expect(contact.point[1]).toBeCloseTo(0.05, 14);
    }
    expectVector(data.contacts[0]!.pointOnFirst(scratch), [-0.5, 0.1, -0.5]);
    expectVector(data.contacts[0]!.pointOnSecond(scratch), [-0.5, 0, -0.5]);
  });

  it('a centre exactly on the plane takes the plane normal: the lower half is reported', () => {
    // Unit cube at y = 0: bottom vertices at y = -0.5, pen 0.5, points at y = -0.25, normal +Y.
    const data = new CollisionData({ capacity: 16 });
    expect(collideBoxPlane(boxAt(cube, 1, 0, 2), sheet, data)).toBe(4);
    expect(verticesOf(data)).toEqual([0, 1, 4, 5]);
    for (let k = 0; k < 4; k++) {
      expect(Array.from(data.contacts[k]!.normal)).toEqual([0, 1, 0]);
      expect(data.contacts[k]!.penetration).toBe(0.5);
      expect(data.contacts[k]!.point[1]).toBe(-0.25);
    }
  });

  it('exactly touching from either side: 4 contacts of penetration 0', () => {
    const data = new CollisionData({ capacity: 16 });
    expect(collideBoxPlane(boxAt(cube, 0, 0.5, 0), sheet, data)).toBe(4);
    expect(collideBoxPlane(boxAt(cube, 0, -0.5, 0), sheet, data)).toBe(4);
    for (let k = 0; k < 8; k++) expect(data.contacts[k]!.penetration).toBe(0);
    expect(data.contacts[0]!.normal[1]).toBe(1);
    expect(data.contacts[4]!.normal[1]).toBe(-1);
  });

  it('a box turned 45 degrees about z on its edge, from below: 2 contacts', () => {
    // Local x = (c, s, 0), local y = (-s, c, 0), c = s = sqrt(1/2): a vertex's height
    // y + 0.5 (sx s + sy c) is largest for sx = sy = +1 (vertices 3 and 7), y + sqrt(2) / 2. Centre at
    // -sqrt(2) / 2 + 0.01: those two vertices rise 0.01 above the plane, world x = 0.5 (c - s) = 0.
    const data = new CollisionData({ capacity: 16 });
    expect(collideBoxPlane(boxAt(cube, 0, -Math.SQRT1_2 + 0.01, 0, TURN_45_Z), sheet, data)).toBe(
      2,
    );
    expect(verticesOf(data)).toEqual([3, 7]);
    expectVector(data.contacts[0]!.normal, [0, -1, 0]);
    expect(data.contacts[0]!.penetration).toBeCloseTo(0.01, 12);
    expectVector(data.contacts[0]!.point, [0, 0.005, -0.5]);
    expectVector(data.contacts[1]!.point, [0, 0.005, 0.5]);
  });

  it('a tilted, offset plane: the centre on the side against the normal flips it', () => {
    // Normal (0, 0, -2) -> (0, 0, -1), offset 1: the plane z = -1. A unit cube at z = -0.6 has
    // s = 0.6 - 1 = -0.4 < 0, so the normal is (0, 0, 1); its -z vertices (0..3) at z = -1.1 are
    // 0.1 past the plane, points at z = -1.05.
    const wall = new Plane([0, 0, -2], 1);
    const data = new CollisionData({ capacity: 16 });
    expect(collideBoxPlane(boxAt(cube, 0, 0, -0.6), wall, data)).toBe(4);
    expect(verticesOf(data)).toEqual([0, 1, 2, 3]);
    for (let k = 0; k < 4; k++) {
      expectVector(data.contacts[k]!.normal, [0, 0, 1]);
      expect(data.contacts[k]!.penetration).toBeCloseTo(0.1, 14);
      expect(data.contacts[k]!.point[2]).toBeCloseTo(-1.05, 14);
    }
  });

  it('tolerance on both sides: speculative contacts within it, nothing beyond', () => {
    // The cube's nearest face 0.1 from the plane on either side.
    const above = boxAt(cube, 0, 0.6, 0), below = boxAt(cube, 0, -0.6, 0);
    const narrow = new CollisionData({ capacity: 16, tolerance: 0.05 });
    expect(collideBoxPlane(above, sheet, narrow)).toBe(0);
    expect(collideBoxPlane(below, sheet, narrow)).toBe(0);
    const wide = new CollisionData({ capacity: 16, tolerance: 0.2 });
    expect(collideBoxPlane(above, sheet, wide)).toBe(4);
    expect(collideBoxPlane(below, sheet, wide)).toBe(4);
    for (let k = 0; k < 8; k++) expect(wide.contacts[k]!.penetration).toBeCloseTo(-0.1, 14);
    expect(verticesOf(wide)).toEqual([0, 1, 4, 5, 2, 3, 6, 7]);
  });

  it('above the plane it agrees with the half-space', () => {
    const box = boxAt([0.3, 0.7, 0.4], 0.2, 0.5, -0.1, [0.1, 0.2, 0.3, 0.9]);
    const data = new CollisionData({ capacity: 16 });
    const planeCount = collideBoxPlane(box, sheet, data);
    expect(planeCount).toBeGreaterThan(0);
    expect(collideBoxHalfSpace(box, new HalfSpace([0, 1, 0], 0), data)).toBe(planeCount);
    for (let k = 0; k < planeCount; k++) {
      const plane = data.contacts[k]!, half = data.contacts[planeCount + k]!;
      expect(Array.from(plane.point)).toEqual(Array.from(half.point));
      expect(Array.from(plane.normal)).toEqual(Array.from(half.normal));
      expect(plane.penetration).toBe(half.penetration);
      expect(plane.featureId).toBe(half.featureId);
    }
  });

  it('maxContactsPerPair reduces a box cut deep by the plane', () => {
    // Half size (1, 2, 1.5) at y = 0.5: centre above, the four bottom vertices 1.5 deep; a limit of
    // 3 keeps the deepest (the first, vertex 0), its diagonal (5) and one more corner.
    const data = new CollisionData({ capacity: 16, maxContactsPerPair: 3 });
    expect(collideBoxPlane(boxAt([1, 2, 1.5], 0, 0.5, 0), sheet, data)).toBe(3);
    const vertices = verticesOf(data);
    expect(vertices).toContain(0);
    expect(vertices).toContain(5);
    for (let k = 0; k < 3; k++) expect(data.contacts[k]!.penetration).toBeCloseTo(1.5, 14);
  });

  it('capacity 2 and a box resting flat: exactly 2 contacts, overflowed, no throw', () => {
    const data = new CollisionData({ capacity: 2 });
    expect(collideBoxPlane(boxAt(cube, 0, -0.5, 0), sheet, data)).toBe(2);
    expect(data.contactCount).toBe(2);
    expect(data.overflowed).toBe(true);
  });

  it('copies bodies, friction and restitution', () => {
    const data = new CollisionData({ capacity: 16, friction: 0.6, restitution: 0.2 });
    const crate = boxAt(cube, 0, -0.45, 0);
    crate.body = 'crate';
    const glass = new Plane([0, 1, 0], 0);
    glass.body = 'glass';
    expect(collideBoxPlane(crate, glass, data)).toBe(4);
    for (let k = 0; k < 4; k++) {
      expect(data.contacts[k]!.bodies).toEqual(['crate', 'glass']);
      expect(data.contacts[k]!.friction).toBe(0.6);
      expect(data.contacts[k]!.restitution).toBe(0.2);
    }
  });
});
