import { describe, expect, it } from 'vitest';
import {
  ContactKind,
  contactKindName,
  firstFeatureOf,
  packFeatureId,
  secondFeatureOf,
} from './features.js';
import { Random } from '@contactkit/test-support';

describe('ContactKind and contactKindName', () => {
  it('numbers the six kinds 0 to 5 and names each after its key', () => {
    const entries = Object.entries(ContactKind);
    expect(entries.map(([, value]) => value).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    for (const [name, value] of entries) expect(contactKindName(value)).toBe(name);
  });

  // Bug: the switch had no default, so a number from untyped code that is not a kind returned
  // undefined despite the `string` return type.
  it('test_unknown_kind_name_is_a_string', () => {
    expect(contactKindName(9 as ContactKind)).toBe('Unknown(9)');
    expect(contactKindName(-1 as ContactKind)).toBe('Unknown(-1)');
  });
});

describe('packFeatureId', () => {
  // The layout: first * 2^26 + second, 2^26 = 67108864.
  it('puts the first feature above 2^26 and the second below', () => {
    // 1 * 67108864 + 2.
    expect(packFeatureId(1, 2)).toBe(67108866);
    expect(packFeatureId(0, 0)).toBe(0);
    expect(packFeatureId(0, 0x3ffffff)).toBe(0x3ffffff);
    // 0xabcd * 2^26 = 0xabcd * 4 * 2^24 = 0x2af34 * 2^24 = 0x2af34000000; plus 0x1234.
    expect(packFeatureId(0xabcd, 0x1234)).toBe(0x2af34001234);
  });

  it('stays a non-negative safe integer at the largest codes', () => {
    // (2^26 - 1) * 2^26 + 2^26 - 1 = 2^52 - 1, below Number.MAX_SAFE_INTEGER = 2^53 - 1.
    expect(packFeatureId(0x3ffffff, 0x3ffffff)).toBe(2 ** 52 - 1);
    expect(Number.isSafeInteger(packFeatureId(0x3ffffff, 0x3ffffff))).toBe(true);
    // 2^25 (the 2D vertex flag) as the first code: 2^25 * 2^26 = 2^51, positive.
    expect(packFeatureId(0x2000000, 0)).toBe(2 ** 51);
  });

  it('orders the two features: swapping them changes the id', () => {
    expect(packFeatureId(3, 4)).not.toBe(packFeatureId(4, 3));
  });

  it('keeps only the low 26 bits of each code', () => {
    // 0x4000001 & 0x3ffffff = 1, -1 & 0x3ffffff = 0x3ffffff; neither spills into the other code.
    expect(packFeatureId(0x4000001, 7)).toBe(packFeatureId(1, 7));
    expect(packFeatureId(2, 0x4000003)).toBe(packFeatureId(2, 3));
    expect(packFeatureId(-1, 0)).toBe(0x3ffffff * 2 ** 26);
    expect(packFeatureId(0, -1)).toBe(0x3ffffff);
  });

  it('round-trips through firstFeatureOf and secondFeatureOf for seeded codes', () => {
    const random = new Random(41);
    for (let n = 0; n < 1000; n++) {
      const first = Math.floor(random.next() * 2 ** 26),
        second = Math.floor(random.next() * 2 ** 26);
      const id = packFeatureId(first, second);
      expect(firstFeatureOf(id)).toBe(first);
      expect(secondFeatureOf(id)).toBe(second);
    }
  });

  it('round-trips at the smallest and largest codes', () => {
    const largest = 2 ** 26 - 1;
    for (
      const [first, second] of [[0, 0], [largest, 0], [0, largest], [largest, largest], [
        largest - 1,
        largest,
      ], [1, largest - 1]] as const
    ) {
      const id = packFeatureId(first, second);
      expect([firstFeatureOf(id), secondFeatureOf(id)]).toEqual([first, second]);
    }
  });
});
