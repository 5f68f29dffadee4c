import { describe, expect, it } from 'vitest';
import { ContactKind, contactKindName, firstFeatureOf, packFeatureId, secondFeatureOf } from './features.js';
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
  it('puts the first feature in the high 16 bits and the second in the low 16', () => {
    // 1 << 16 | 2 = 65536 + 2.
    expect(packFeatureId(1, 2)).toBe(65538);
    expect(packFeatureId(0, 0)).toBe(0);
    expect(packFeatureId(0, 0xffff)).toBe(0xffff);
    // 0xabcd << 16 | 0x1234 = 0xabcd1234.
    expect(packFeatureId(0xabcd, 0x1234)).toBe(0xabcd1234);
  });

  it('stays an unsigned 32-bit number when the top bit is set', () => {
    // A plain `<<` would give the signed -1 for 0xffff_ffff.
    expect(packFeatureId(0xffff, 0xffff)).toBe(4294967295);
    expect(packFeatureId(0x8000, 0)).toBe(2147483648);
  });

  it('orders the two features: swapping them changes the id', () => {
    expect(packFeatureId(3, 4)).not.toBe(packFeatureId(4, 3));
  });

  it('keeps only the low 16 bits of each code', () => {
    // 0x10001 & 0xffff = 1, -1 & 0xffff = 0xffff; neither spills into the other half.
    expect(packFeatureId(0x10001, 7)).toBe(packFeatureId(1, 7));
    expect(packFeatureId(2, 0x10003)).toBe(packFeatureId(2, 3));
    expect(packFeatureId(-1, 0)).toBe(0xffff0000);
  });

  it('round-trips through firstFeatureOf and secondFeatureOf for seeded codes', () => {
    const random = new Random(41);
    for (let n = 0; n < 1000; n++) {
      const first = Math.floor(random.next() * 65536), second = Math.floor(random.next() * 65536);
      const id = packFeatureId(first, second);
      expect(firstFeatureOf(id)).toBe(first);
      expect(secondFeatureOf(id)).toBe(second);
    }
    for (const [first, second] of [[0, 0], [0xffff, 0], [0, 0xffff], [0xffff, 0xffff]] as const) {
      const id = packFeatureId(first, second);
      expect([firstFeatureOf(id), secondFeatureOf(id)]).toEqual([first, second]);
    }
  });
});
