import { ContactKind } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { CollisionData2, Contact2, claimContact2 } from './contact2.js';

describe('Contact2', () => {
  it('gives the witness points half the penetration either side of the point along the normal', () => {
    const contact = new Contact2();
    contact.point.set([1, 2]);
    contact.normal.set([0, 1]);
    contact.penetration = 0.5;
    // pointOnFirst = (1, 2) - (0, 1) * 0.25; pointOnSecond = (1, 2) + (0, 1) * 0.25.
    expect(Array.from(contact.pointOnFirst(new Float64Array(2)))).toEqual([1, 1.75]);
    expect(Array.from(contact.pointOnSecond(new Float64Array(2)))).toEqual([1, 2.25]);
  });

  it('may write the witness point into its own point array', () => {
    const contact = new Contact2();
    contact.point.set([1, 2]);
    contact.normal.set([1, 0]);
    contact.penetration = -2;
    // (1, 2) - (1, 0) * (-1) = (2, 2)
    expect(Array.from(contact.pointOnFirst(contact.point))).toEqual([2, 2]);
  });

  it('starts as a FaceFace contact with no bodies', () => {
    const contact = new Contact2();
    expect(contact.kind).toBe(ContactKind.FaceFace);
    expect(contact.bodies).toEqual([null, null]);
  });
});

describe('CollisionData2', () => {
  it('has the documented defaults', () => {
    const data = new CollisionData2();
    expect(data.capacity).toBe(256);
    expect(data.contacts.length).toBe(256);
    expect(data.contactsLeft).toBe(256);
    expect(data.maxContactsPerPair).toBe(8);
    expect([data.friction, data.restitution, data.tolerance, data.overflowed]).toEqual([
      0,
      0,
      0,
      false,
    ]);
  });

  it('copies bodies and materials into a claimed contact and counts it', () => {
    const data = new CollisionData2({ capacity: 2, friction: 0.5, restitution: 0.25 });
    const contact = claimContact2(data, 'a', 'b');
    expect(contact).toBe(data.contacts[0]);
    expect(contact.bodies).toEqual(['a', 'b']);
    expect([contact.friction, contact.restitution]).toEqual([0.5, 0.25]);
    expect([data.contactCount, data.contactsLeft]).toEqual([1, 1]);
    data.overflowed = true;
    data.reset();
    expect([data.contactCount, data.contactsLeft, data.overflowed]).toEqual([0, 2, false]);
    expect(data.friction).toBe(0.5);
  });

  it('rejects bad settings naming the field and the value', () => {
    expect(() => new CollisionData2({ capacity: 0 })).toThrow(/CollisionData2\.capacity.*0/);
    expect(() => new CollisionData2({ capacity: 1.5 })).toThrow(RangeError);
    expect(() => new CollisionData2({ friction: -1 })).toThrow(/CollisionData2\.friction.*-1/);
    expect(() => new CollisionData2({ restitution: 1.5 })).toThrow(
      /CollisionData2\.restitution.*1\.5/,
    );
    expect(() => new CollisionData2({ tolerance: Number.NaN })).toThrow(
      /CollisionData2\.tolerance/,
    );
    expect(() => new CollisionData2({ maxContactsPerPair: 9 })).toThrow(
      /CollisionData2\.maxContactsPerPair.*9/,
    );
    expect(() => new CollisionData2({ maxContactsPerPair: 0 })).toThrow(RangeError);
    const data = new CollisionData2();
    expect(() => {
      data.tolerance = -0.1;
    }).toThrow(/tolerance.*-0\.1/);
  });

  it('new CollisionData2(null) and new CollisionData2("abc") are TypeErrors naming the argument', () => {
    expect(() => new CollisionData2(null as unknown as object)).toThrow(
      new TypeError('CollisionData2(options) must be an object, got null'),
    );
    expect(() => new CollisionData2('abc' as unknown as object)).toThrow(
      new TypeError('CollisionData2(options) must be an object, got "abc"'),
    );
  });
});
