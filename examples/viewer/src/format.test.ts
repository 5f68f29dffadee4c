import { describe, expect, it } from 'vitest';
import { formatNumber, formatVector } from './format.js';

describe('formatNumber', () => {
  it('never prints -0.000: a negative value that rounds to zero prints as zero', () => {
    expect(formatNumber(-0.0004)).toBe('0.000');
    expect(formatNumber(-0)).toBe('0.000');
    expect(formatNumber(-0.00004, 4)).toBe('0.0000');
    // A value that does not round to zero keeps its sign.
    expect(formatNumber(-0.0006)).toBe('-0.001');
    expect(formatNumber(0.12345, 4)).toBe('0.1235');
    expect(formatVector([-1e-9, 1, -0.5])).toBe('(0.000, 1.000, -0.500)');
  });
});
