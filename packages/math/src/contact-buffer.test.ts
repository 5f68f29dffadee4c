import { describe, expect, it } from 'vitest';
import { ContactBuffer, ContactRecord, claimContact } from './contact-buffer.js';

const make = (options = {}) => new ContactBuffer('Buffer', options, () => new ContactRecord(3));

describe('ContactRecord', () => {
  it('gives the witness points halfway from the point along the normal, in 2D and 3D', () => {
    // Point (1, 2, 3), normal +z, penetration 0.5: witnesses 0.25 below and above the point.
    const contact = new ContactRecord(3);
    contact.point.set([1, 2, 3]);
    contact.normal.set([0, 0, 1]);
    contact.penetration = 0.5;
    expect(Array.from(contact.pointOnFirst(new Float64Array(3)))).toEqual([1, 2, 2.75]);
    expect(Array.from(contact.pointOnSecond(new Float64Array(3)))).toEqual([1, 2, 3.25]);
    const flat = new ContactRecord(2);
    flat.point.set([1, 1]);
    flat.normal.set([-1, 0]);
    flat.penetration = -0.2;
    expect(Array.from(flat.pointOnFirst(new Float64Array(2)))).toEqual([0.9, 1]);
    expect(Array.from(flat.pointOnSecond(new Float64Array(2)))).toEqual([1.1, 1]);
  });
});

describe('ContactBuffer', () => {
  it('preallocates capacity contacts and starts empty with the defaults', () => {
    const buffer = make({ capacity: 3 });
    expect(buffer.capacity).toBe(3);
    expect(buffer.contacts).toHaveLength(3);
    expect(new Set(buffer.contacts).size).toBe(3);
    expect(buffer.contactCount).toBe(0);
    expect(buffer.contactsLeft).toBe(3);
    expect(buffer.overflowed).toBe(false);
    expect([buffer.friction, buffer.restitution, buffer.tolerance, buffer.maxContactsPerPair])
      .toEqual([0, 0, 0, 8]);
    expect(make().capacity).toBe(256);
  });

  it('claims contacts in order with bodies and materials, and reset empties it but keeps the settings', () => {
    const buffer = make({ capacity: 2, friction: 0.6, restitution: 0.2 });
    const first = claimContact(buffer, 'a', 'b');
    expect(first).toBe(buffer.contacts[0]);
    expect(first.bodies).toEqual(['a', 'b']);
    expect([first.friction, first.restitution]).toEqual([0.6, 0.2]);
    expect(claimContact(buffer, 'c', 'd')).toBe(buffer.contacts[1]);
    expect(buffer.contactsLeft).toBe(0);
    buffer.overflowed = true;
    buffer.reset();
    expect([buffer.contactCount, buffer.contactsLeft, buffer.overflowed]).toEqual([0, 2, false]);
    expect(buffer.friction).toBe(0.6);
  });

  it('keeps the bodies in two fields and shows them as one tuple per contact, refilled on each read', () => {
    const buffer = make({ capacity: 2 });
    const first = claimContact(buffer, 'a', 'b');
    const second = claimContact(buffer, 'c', 'd');
    expect([first.firstBody, first.secondBody, second.firstBody, second.secondBody]).toEqual([
      'a',
      'b',
      'c',
      'd',
    ]);
    const tuple = first.bodies;
    expect(tuple).toEqual(['a', 'b']);
    expect(second.bodies).not.toBe(tuple);
    buffer.reset();
    claimContact(buffer, 'e', null);
    expect(first.bodies).toBe(tuple);
    expect(tuple).toEqual(['e', null]);
    expect(Object.keys(first)).not.toContain('bodies');
  });

  it('rejects bad settings at construction and in setters, naming the field and the value', () => {
    expect(() => make({ capacity: 0 })).toThrow(
      new RangeError('Buffer.capacity must be an integer in [1, 16777216], got 0'),
    );
    expect(() => make({ capacity: 2.5 })).toThrow(RangeError);
    expect(() => make({ friction: -1 })).toThrow(
      new RangeError('Buffer.friction must be at least 0, got -1'),
    );
    expect(() => make({ restitution: 1.5 })).toThrow(
      new RangeError('Buffer.restitution must be at most 1, got 1.5'),
    );
    expect(() => make({ tolerance: Number.NaN })).toThrow(
      new RangeError('Buffer.tolerance must be finite, got NaN'),
    );
    expect(() => make({ maxContactsPerPair: 9 })).toThrow(
      new RangeError('Buffer.maxContactsPerPair must be an integer in [1, 8], got 9'),
    );
    const buffer = make();
    expect(() => {
      buffer.tolerance = -0.1;
    }).toThrow(new RangeError('Buffer.tolerance must be at least 0, got -0.1'));
    expect(buffer.tolerance).toBe(0);
    buffer.maxContactsPerPair = 4;
    expect(buffer.maxContactsPerPair).toBe(4);
  });

  it('names its options argument when it is not an object, instead of failing on a read inside', () => {
    const withOptions = (options: unknown) => () =>
      new ContactBuffer('Buffer', options as object, () => new ContactRecord(3));
    expect(withOptions(null)).toThrow(new TypeError('Buffer(options) must be an object, got null'));
    expect(withOptions('abc')).toThrow(
      new TypeError('Buffer(options) must be an object, got "abc"'),
    );
    expect(withOptions(256)).toThrow(new TypeError('Buffer(options) must be an object, got 256'));
    expect(withOptions([256])).toThrow(
      new TypeError('Buffer(options) must be an object, got [256]'),
    );
  });

  it('takes the tolerance, a length, only within the range of coordinates (MAX_COORDINATE = 1e75)', () => {
    expect(make({ tolerance: 1e75 }).tolerance).toBe(1e75);
    expect(() => make({ tolerance: 1e308 })).toThrow(
      new RangeError(
        'Buffer.tolerance is outside the supported range of coordinates and sizes, ' +
          'magnitude at most 1e+75 (MAX_COORDINATE): got 1e+308',
      ),
    );
  });

  it('a rejected setting leaves every field of the buffer as it was', () => {
    const buffer = make({
      capacity: 3,
      friction: 0.5,
      restitution: 0.25,
      tolerance: 0.01,
      maxContactsPerPair: 4,
    });
    claimContact(buffer, 'a', 'b');
    const snapshot = (): unknown[] => [
      buffer.capacity,
      buffer.contactCount,
      buffer.overflowed,
      buffer.friction,
      buffer.restitution,
      buffer.tolerance,
      buffer.maxContactsPerPair,
    ];
    const before = snapshot();
    const attempts: Array<() => void> = [
      () => {
        buffer.friction = -1;
      },
      () => {
        buffer.friction = Number.NaN;
      },
      () => {
        buffer.restitution = 2;
      },
      () => {
        buffer.restitution = '0.5' as unknown as number;
      },
      () => {
        buffer.tolerance = 1e300;
      },
      () => {
        buffer.tolerance = -0.5;
      },
      () => {
        buffer.maxContactsPerPair = 0;
      },
      () => {
        buffer.maxContactsPerPair = 2.5;
      },
    ];
    for (const attempt of attempts) {
      expect(attempt).toThrow();
      expect(snapshot()).toEqual(before);
    }
  });
});
