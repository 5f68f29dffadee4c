import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { collideCircleCircle } from './circle-circle.js';
import { collide2d } from '../collide2d.js';
import { CollisionData2 } from '../manifold/contact2.js';
import { mulberry32 } from '@contactkit/test-support';
import { contactList, mirroredMismatch } from '../test-support/contacts.js';
import { Circle } from '../shapes/shapes.js';
import { PROPERTY_RUNS, PROPERTY_TIMEOUT } from '../test-support/properties.js';

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

  it(
    'gives its contact the bodies in argument order and the buffer materials, and leaves a full ' +
      'buffer unchanged',
    () => {
      const data = new CollisionData2<string>({ capacity: 1, friction: 0.5, restitution: 0.25 });
      const a = new Circle<string>(1), b = new Circle<string>(1).setPose([1.5, 0], 0);
      a.body = 'a';
      b.body = 'b';
      expect(collideCircleCircle(b, a, data)).toBe(1);
      const c = data.contacts[0]!;
      expect([c.firstBody, c.secondBody, c.friction, c.restitution]).toEqual(['b', 'a', 0.5, 0.25]);
      expect(Array.from(c.normal)).toEqual([1, 0]);
      expect(collideCircleCircle(a, b, data)).toBe(0);
      expect([data.contactCount, data.overflowed, c.firstBody, c.normal[0]]).toEqual([
        1,
        true,
        'b',
        1,
      ]);
    },
  );

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
      if (Math.abs(Math.hypot(c.normal[0]!, c.normal[1]!) - 1) > 1e-12) {
        failures.push(`normal ${n}`);
      }
      // Moving a by normal * penetration leaves the circles exactly touching.
      const moved = Math.hypot(
        a.transform.x + c.normal[0]! * c.penetration - b.transform.x,
        a.transform.y + c.normal[1]! * c.penetration - b.transform.y,
      );
      if (Math.abs(moved - (ra + rb)) > 1e-9) {
        failures.push(`push-out ${n}: ${moved} vs ${ra + rb}`);
      }
    }
    expect(failures).toEqual([]);
    expect(contacts).toBeGreaterThan(2000);
  }, PROPERTY_TIMEOUT);
});

describe('collideCircleCircle: near-coincident centres (issue 16)', () => {
  it('test_underflowing_normal: centres 1e-162 apart give a unit normal along their difference', () => {
    // (3e-162, 4e-162) apart: the squared distance 2.5e-323 is subnormal (it would give a normal
    // of length about 1.001); scaled by the larger component first, the normal is (0.6, 0.8)
    // and the distance 5e-162, so the penetration is 2 up to that.
    for (const [first, second, sign] of [[0, 1, 1], [1, 0, -1]] as const) {
      const circles = [
        new Circle(1).setPose([3e-162, 4e-162], 0),
        new Circle(1).setPose([0, 0], 0),
      ];
      const data = new CollisionData2();
      expect(collide2d(circles[first]!, circles[second]!, data)).toBe(1);
      const c = data.contacts[0]!;
      expect(Math.hypot(c.normal[0]!, c.normal[1]!)).toBeCloseTo(1, 15);
      expect(c.normal[0]).toBeCloseTo(0.6 * sign, 15);
      expect(c.normal[1]).toBeCloseTo(0.8 * sign, 15);
      expect(c.penetration).toBe(2);
    }
  });

  it(
    'gives unit normals to 1e-12 for centres 1e-320 to 1e2 apart and far from the origin ' +
      `(${PROPERTY_RUNS} configurations)`,
    () => {
      // Offsets of every size down to subnormal, in any direction, radii 1e-3 to 1e3, centres up
      // to 1e6 from the origin (where a tiny offset rounds away: the centres coincide, the
      // documented +Y): every normal has unit length to 1e-12, and points along the offset when
      // the centres differ.
      const random = mulberry32(163);
      const failures: string[] = [];
      const data = new CollisionData2();
      for (let n = 0; n < PROPERTY_RUNS && failures.length < 5; n++) {
        const offset = 10 ** (-320 + 322 * random()), angle = 2 * Math.PI * random();
        const base = random() < 0.5 ? [0, 0] : [1e6 * (2 * random() - 1), 1e6 * (2 * random() - 1)];
        const a = new Circle(10 ** (6 * random() - 3)).setPose([
          base[0]! + offset * Math.cos(angle),
          base[1]! + offset * Math.sin(angle),
        ], 0);
        const b = new Circle(10 ** (6 * random() - 3)).setPose(base, 0);
        data.reset();
        if (collideCircleCircle(a, b, data) === 0) continue;
        const c = data.contacts[0]!;
        const length = Math.hypot(c.normal[0]!, c.normal[1]!);
        if (!(Math.abs(length - 1) <= 1e-12)) {
          failures.push(`normal length ${length} at offset ${offset} (n ${n})`);
        }
        const dx = a.transform.x - b.transform.x, dy = a.transform.y - b.transform.y;
        if (dx === 0 && dy === 0) {
          if (c.normal[0] !== 0 || c.normal[1] !== 1) {
            failures.push(`coincident normal ${c.normal} at ${n}`);
          }
        } else {
          // Along the offset: the cross product with the scaled offset vanishes, the dot is positive.
          const m = Math.max(Math.abs(dx), Math.abs(dy)), ux = dx / m, uy = dy / m;
          if (
            Math.abs(c.normal[0]! * uy - c.normal[1]! * ux) > 1e-12 ||
            c.normal[0]! * ux + c.normal[1]! * uy <= 0
          ) failures.push(`normal ${c.normal} off the offset at ${n}`);
        }
      }
      expect(failures).toEqual([]);
    },
    PROPERTY_TIMEOUT,
  );
});
