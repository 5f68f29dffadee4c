import { packFeatureId } from '@contactkit/math';
import { describe, expect, it } from 'vitest';
import { contactRecords, featureIdHex } from './contact-records.js';

describe('featureIdHex', () => {
  it('prints the two feature codes in hex, first:second', () => {
    expect(featureIdHex(packFeatureId(0, 0))).toBe('0x0:0x0');
    // A 3D box: vertex code 5 against the half-space's 0.
    expect(featureIdHex(packFeatureId(5, 0))).toBe('0x5:0x0');
    // A 2D vertex 1 (bit 25 set: 0x2000000 | 1) against edge 3.
    expect(featureIdHex(packFeatureId(0x2000001, 3))).toBe('0x2000001:0x3');
    // Vertex 99,990 = 0x18696 of a long contour, second in the pair.
    expect(featureIdHex(packFeatureId(0, 0x2000000 | 99_990))).toBe('0x0:0x2018696');
  });

  it('prints the largest codes whole, past 32 bits', () => {
    // (2^26 - 1) * 2^26 + 2^26 - 1 = 2^52 - 1: a 32-bit `>>> 0` would have kept only the low half.
    expect(featureIdHex(2 ** 52 - 1)).toBe('0x3ffffff:0x3ffffff');
  });
});

describe('contactRecords', () => {
  it('copies each contact, feature id included, into a plain object', () => {
    const contacts = [
      {
        point: new Float64Array([1, 2]),
        normal: new Float64Array([0, 1]),
        penetration: 0.5,
        kind: 1,
        featureId: packFeatureId(0, 0x2000000 | 99_990),
      },
      {
        point: new Float64Array([3, 4]),
        normal: new Float64Array([1, 0]),
        penetration: 0,
        kind: 0,
        featureId: 7,
      },
    ];
    const records = contactRecords({ contactCount: 1, contacts });
    expect(records).toEqual([{
      point: [1, 2],
      normal: [0, 1],
      penetration: 0.5,
      kind: 1,
      featureId: 33_654_422,
    }]);
  });
});
