import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collideCircleCircle } from './circle-circle.js';
import { collide2d } from './collide2d.js';
import { CollisionData2 } from './contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import { contactList, mirroredMismatch } from './test-support/contacts.js';
import { Circle } from './shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from './test-support/properties.js';

describe('collideCircleCircle', () => {
  it('matches the hand-computed contact of two overlapping circles', () => {
    // a: r 1 at (0, 0); b: r 0.5 at (1.2, 0). a - b = (-1.2, 0): distance 1.2, normal (-1, 0),
    // penetration 1 + 0.5 - 1.2 = 0.3; witnesses a - n * 1 = (1, 0) and b + n * 0.5 = (0.7, 0),
    // midpoint (0.85, 0).
    const a = new Circle(1).setPose([0, 0], 0);
    const b = new Circle(0.5).setPose([1.2, 0], 0);
    a.body = 'a';
    b.body = 'b';
    const data = new CollisionData2({ capacity: 4 });
    expect(collideCircleCircle(a, b, data)).toBe(1);
    const c = data.contacts[0]!;
    expect(c.point[0]).toBeCloseTo(0.85, 15);
    expect(c.point[1]).toBe(0);
    expect(Array.from(c.normal)).toEqual([-1, 0]);
    expect(c.penetration).toBeCloseTo(0.3, 15);
    expect(c.kind).toBe(ContactKind.FaceFace);
    expect(c.featureId).toBe(0);
    expect(c.bodies).toEqual(['a', 'b']);
    expect(c.pointOnFirst(new Float64Array(2))[0]).toBeCloseTo(1, 15);
    expect(c.pointOnSecond(new Float64Array(2))[0]).toBeCloseTo(0.7, 15);
  });

  it('gives coincident centres the documented normal +Y', () => {
    // Penetration 1 + 1 - 0 = 2; witnesses (0, -1) and (0, 1), midpoint (0, 0).
    const data = new CollisionData2();
    collideCircleCircle(new Circle(1), new Circle(1), data);
    const c = data.contacts[0]!;
    expect(Array.from(c.normal)).toEqual([0, 1]);
    expect(c.penetration).toBe(2);
    expect(Array.from(c.point)).toEqual([0, 0]);
  });

  it('reports a gap only within the tolerance, as a negative penetration', () => {
    // Gap 3 - 1 - 1 = 1 along +x.
    const a = new Circle(1).setPose([3, 0], 0), b = new Circle(1);
    expect(collideCircleCircle(a, b, new CollisionData2({ tolerance: 0.99 }))).toBe(0);
    const data = new CollisionData2({ tolerance: 1 });
    expect(collideCircleCircle(a, b, data)).toBe(1);
    expect(data.contacts[0]!.penetration).toBe(-1);
    // Midpoint of (2, 0) and (1, 0).
    expect(Array.from(data.contacts[0]!.point)).toEqual([1.5, 0]);
  });

  it('sets overflowed instead of writing into a full buffer', () => {
    const data = new CollisionData2({ capacity: 1 });
    collideCircleCircle(new Circle(1), new Circle(1), data);
    expect(collideCircleCircle(new Circle(1), new Circle(1), data)).toBe(0);
    expect([data.contactCount, data.overflowed]).toEqual([1, true]);
  });

  it(`holds its properties over ${PROPERTY_RUNS} seeded configurations`, () => {
    const random = mulberry32(11);
    const data = new CollisionData2({ capacity: 4, tolerance: 0.05 });
    const swapped = new CollisionData2({ capacity: 4, tolerance: 0.05 });
    const failures: string[] = [];
    let contacts = 0;
    for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
      const ra = 0.1 + random(), rb = 0.1 + random();
      const a = new Circle(ra).setPose([4 * random() - 2, 4 * random() - 2], 0);
      const b = new Circle(rb).setPose([4 * random() - 2, 4 * random() - 2], 0);
      data.reset();
      swapped.reset();
      const written = collide2d(a, b, data);
      collide2d(b, a, swapped);
      const distance = Math.hypot(a.transform.x - b.transform.x, a.transform.y - b.transform.y);
      if (written !== (distance <= ra + rb + 0.05 ? 1 : 0)) failures.push(`count ${n}`);
      const mismatch = mirroredMismatch(contactList(data), contactList(swapped), 1e-15);
      if (mismatch) failures.push(`swap ${n}: ${mismatch}`);
      if (written === 0) continue;
      contacts++;
      const c = data.contacts[0]!;
      if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) failures.push(`normal ${n}`);
      // Moving a by normal * penetration leaves the circles exactly touching.
      const moved = Math.hypot(a.transform.x + c.normal[0]! * c.penetration - b.transform.x, a.transform.y + c.normal[1]! * c.penetration - b.transform.y);
      if (Math.abs(moved - (ra + rb)) > 1e-9) failures.push(`push-out ${n}: ${moved} vs ${ra + rb}`);
    }
    expect(failures).toEqual([]);
    expect(contacts).toBeGreaterThan(2000);
  }, PROPERTY_TIMEOUT);
});
