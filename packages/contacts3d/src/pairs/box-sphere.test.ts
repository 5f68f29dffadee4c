import { ContactKind, packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collideBoxSphere } from './box-sphere.js';
import { CollisionData } from '../manifold/collision-data.js';
import { Box, Sphere } from '../shapes/primitives.js';
import { boxAt, expectVector, sphereAt } from '../test-support/cases.js';

const scratch = new Float64Array(3);

/** Runs the detector on a fresh buffer and returns the single contact. */
function onlyContact(box: Box, sphere: Sphere, tolerance = 0) {
  const data = new CollisionData({ capacity: 4, tolerance });
  expect(collideBoxSphere(box, sphere, data)).toBe(1);
  expect(data.contactCount).toBe(1);
  return data.contacts[0]!;
}

describe('collideBoxSphere', () => {
  // Half size (1, 0.5, 2) at the origin.
  const slab = boxAt([1, 0.5, 2], 0, 0, 0);

  it('against a face: FaceFace, the face code', () => {
    // Centre (0, 0.8, 0.3), r = 0.5: closest point (0, 0.5, 0.3), distance 0.3, pen 0.2,
    // normal (closest - c) / 0.3 = -Y. Witnesses (0, 0.5, 0.3) and c + n r = (0, 0.3, 0.3).
    const contact = onlyContact(slab, sphereAt(0.5, 0, 0.8, 0.3));
    expectVector(contact.normal, [0, -1, 0]);
    expect(contact.penetration).toBeCloseTo(0.2, 14);
    expectVector(contact.point, [0, 0.4, 0.3]);
    expectVector(contact.pointOnFirst(scratch), [0, 0.5, 0.3]);
    expectVector(contact.pointOnSecond(scratch), [0, 0.3, 0.3]);
    expect(contact.kind).toBe(ContactKind.FaceFace);
    // Face +y: 32 + 2 * 1 + 0 = 34.
    expect(contact.featureId).toBe(packFeatureId(34, 0));
  });

  it('against an edge: EdgeFace, the edge code', () => {
    // Centre (1.3, 0.9, 0.5), r = 1: x and y clamped, closest (1, 0.5, 0.5); offset (0.3, 0.4, 0),
    // distance 0.5, pen 0.5, normal (-0.6, -0.8, 0); point = closest + n pen / 2 = (0.85, 0.3, 0.5).
    const contact = onlyContact(slab, sphereAt(1, 1.3, 0.9, 0.5));
    expectVector(contact.normal, [-0.6, -0.8, 0]);
    expect(contact.penetration).toBeCloseTo(0.5, 14);
    expectVector(contact.point, [0.85, 0.3, 0.5]);
    expectVector(contact.pointOnFirst(scratch), [1, 0.5, 0.5]);
    expectVector(contact.pointOnSecond(scratch), [0.7, 0.1, 0.5]);
    expect(contact.kind).toBe(ContactKind.EdgeFace);
    // Edge along z (axis 2) at +x, +y: 16 + 4 * 2 + 1 + 2 = 27.
    expect(contact.featureId).toBe(packFeatureId(27, 0));
  });

  it('against a vertex: PointFace, the vertex code', () => {
    // Centre (1.2, -0.9, -2.4), r = 1: every coordinate clamped, closest (1, -0.5, -2) (vertex +x -y
    // -z: code 1); offset (0.2, -0.4, -0.4), distance 0.6, pen 0.4, normal (-1, 2, 2) / 3.
    const contact = onlyContact(slab, sphereAt(1, 1.2, -0.9, -2.4));
    expectVector(contact.normal, [-1 / 3, 2 / 3, 2 / 3]);
    expect(contact.penetration).toBeCloseTo(0.4, 14);
    // closest + n * 0.2.
    expectVector(contact.point, [1 - 0.2 / 3, -0.5 + 0.4 / 3, -2 + 0.4 / 3]);
    expectVector(contact.pointOnFirst(scratch), [1, -0.5, -2]);
    expect(contact.kind).toBe(ContactKind.PointFace);
    expect(contact.featureId).toBe(packFeatureId(1, 0));
  });

  it('a centre inside: out through the nearest face, penetration = distance to it + radius', () => {
    // Centre (0.7, 0.1, -0.5), r = 0.25: face distances +x 0.3, -x 1.7, +y 0.4, -y 0.6, +z 2.5,
    // -z 1.5. Nearest +x at 0.3: pen 0.55, normal -X, witnesses (1, 0.1, -0.5) on the face and
    // c - X r = (0.45, 0.1, -0.5) on the sphere.
    const contact = onlyContact(slab, sphereAt(0.25, 0.7, 0.1, -0.5));
    expectVector(contact.normal, [-1, 0, 0]);
    expect(contact.penetration).toBeCloseTo(0.55, 14);
    expectVector(contact.point, [0.725, 0.1, -0.5]);
    expectVector(contact.pointOnFirst(scratch), [1, 0.1, -0.5]);
    expectVector(contact.pointOnSecond(scratch), [0.45, 0.1, -0.5]);
    expect(contact.kind).toBe(ContactKind.FaceFace);
    expect(contact.featureId).toBe(packFeatureId(32, 0));
  });

  it('ties between faces go to the first of +x, -x, +y, -y, +z, -z', () => {
    const cube = boxAt([1, 1, 1], 0, 0, 0);
    // The centre of the cube: all six at distance 1, +x wins; pen 1 + 0.5.
    const centred = onlyContact(cube, sphereAt(0.5, 0, 0, 0));
    expect(Array.from(centred.normal)).toEqual([-1, 0, 0]);
    expect(centred.penetration).toBe(1.5);
    expect(centred.featureId).toBe(packFeatureId(32, 0));
    // (0, -0.5, 0.5): -y and +z both at 0.5, -y comes first (code 35), normal = -(-Y) = +Y.
    const tied = onlyContact(cube, sphereAt(0.5, 0, -0.5, 0.5));
    expect(Array.from(tied.normal)).toEqual([0, 1, 0]);
    expect(tied.penetration).toBe(1);
    expect(tied.featureId).toBe(packFeatureId(35, 0));
    // Witnesses: (0, -1, 0.5) on the face, c - (-Y) r = (0, 0, 0.5) on the sphere.
    expectVector(tied.pointOnFirst(scratch), [0, -1, 0.5]);
    expectVector(tied.pointOnSecond(scratch), [0, 0, 0.5]);
  });

  it('a turned and moved box: local features, world normal and point', () => {
    // Quarter turn about z: local x -> world +y, local y -> world -x. Box at (5, 0, 0). Sphere
    // r = 0.5 at world (4.2, 0, 0): local centre (dot(a_x, d), dot(a_y, d), 0) = (0, 0.8, 0), the
    // +y face (code 34) at distance 0.3, pen 0.2; local normal -y, world normal +X; closest point
    // local (0, 0.5, 0) = world (4.5, 0, 0); point (4.5 + 0.1, 0, 0).
    const turned = boxAt([1, 0.5, 2], 5, 0, 0, [0, 0, Math.SQRT1_2, Math.SQRT1_2]);
    const contact = onlyContact(turned, sphereAt(0.5, 4.2, 0, 0));
    expectVector(contact.normal, [1, 0, 0]);
    expect(contact.penetration).toBeCloseTo(0.2, 12);
    expectVector(contact.point, [4.6, 0, 0]);
    expect(contact.featureId).toBe(packFeatureId(34, 0));
    expect(contact.kind).toBe(ContactKind.FaceFace);
  });

  it('a box turned 45 degrees about z, the sphere on its upper edge', () => {
    // Cube of half size 0.5 turned 45 degrees about z: its +x +y edge (along z, code 16 + 8 + 3 = 27)
    // is at world (0, sqrt(2)/2). A sphere r = 0.5 straight above at y = sqrt(2)/2 + 0.4: both
    // local x and y exceed 0.5, closest point the edge, distance 0.4, pen 0.1, normal -Y.
    const tilted = boxAt([0.5, 0.5, 0.5], 0, 0, 0, [
      0,
      0,
      Math.sin(Math.PI / 8),
      Math.cos(Math.PI / 8),
    ]);
    const contact = onlyContact(tilted, sphereAt(0.5, 0, Math.SQRT1_2 + 0.4, 0.2));
    expect(contact.kind).toBe(ContactKind.EdgeFace);
    expect(contact.featureId).toBe(packFeatureId(27, 0));
    expectVector(contact.normal, [0, -1, 0]);
    expect(contact.penetration).toBeCloseTo(0.1, 12);
    expectVector(contact.pointOnFirst(scratch), [0, Math.SQRT1_2, 0.2]);
  });

  it('touching gives penetration 0; tolerance admits a gap and nothing beyond', () => {
    // Face +x at x = 1, r = 0.5 at x = 1.5: touching.
    const touching = onlyContact(slab, sphereAt(0.5, 1.5, 0, 0));
    expect(touching.penetration).toBe(0);
    expectVector(touching.point, [1, 0, 0]);
    // A face gap of 0.05 within a tolerance of 0.1, and 0.15 beyond it (the axis early out).
    expect(onlyContact(slab, sphereAt(0.5, 1.55, 0, 0), 0.1).penetration).toBeCloseTo(-0.05, 14);
    const data = new CollisionData({ capacity: 4, tolerance: 0.1 });
    expect(collideBoxSphere(slab, sphereAt(0.5, 1.65, 0, 0), data)).toBe(0);
    // Off a vertex of the unit-half cube: centre (1.3, 1.3, 1.3), r = 0.5. Each axis alone is within
    // the radius, but the distance is 0.3 sqrt(3) = 0.5196: a gap of 0.0196.
    const cube = boxAt([1, 1, 1], 0, 0, 0);
    const corner = sphereAt(0.5, 1.3, 1.3, 1.3);
    expect(collideBoxSphere(cube, corner, new CollisionData({ capacity: 4 }))).toBe(0);
    expect(collideBoxSphere(cube, corner, new CollisionData({ capacity: 4, tolerance: 0.01 })))
      .toBe(0);
    const speculative = onlyContact(cube, corner, 0.03);
    expect(speculative.penetration).toBeCloseTo(0.5 - 0.3 * Math.sqrt(3), 14);
    expect(speculative.kind).toBe(ContactKind.PointFace);
    expect(speculative.featureId).toBe(packFeatureId(7, 0));
  });

  it('a sphere of radius 0 is a point', () => {
    const cube = boxAt([1, 1, 1], 0, 0, 0);
    // On the +x face: the inside branch, pen 0, normal -X.
    const onFace = onlyContact(cube, sphereAt(0, 1, 0.2, 0.3));
    expect(onFace.penetration).toBe(0);
    expect(Array.from(onFace.normal)).toEqual([-1, 0, 0]);
    expect(onFace.featureId).toBe(packFeatureId(32, 0));
    // Inside, 0.1 below the +x face: pen 0.1.
    expect(onlyContact(cube, sphereAt(0, 0.9, 0, 0)).penetration).toBeCloseTo(0.1, 14);
    // Outside: nothing.
    expect(collideBoxSphere(cube, sphereAt(0, 1.1, 0, 0), new CollisionData({ capacity: 4 }))).toBe(
      0,
    );
  });

  it('copies bodies, friction and restitution; overflows without throwing', () => {
    const data = new CollisionData({ capacity: 1, friction: 0.6, restitution: 0.2 });
    const crate = boxAt([1, 1, 1], 0, 0, 0);
    crate.body = 'crate';
    const ball = sphereAt(0.5, 0, 1.2, 0);
    ball.body = 'ball';
    expect(collideBoxSphere(crate, ball, data)).toBe(1);
    expect(data.contacts[0]!.bodies).toEqual(['crate', 'ball']);
    expect(data.contacts[0]!.friction).toBe(0.6);
    expect(data.contacts[0]!.restitution).toBe(0.2);
    expect(collideBoxSphere(crate, ball, data)).toBe(0);
    expect(data.contactCount).toBe(1);
    expect(data.overflowed).toBe(true);
  });
});
