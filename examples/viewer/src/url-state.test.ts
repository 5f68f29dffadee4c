import { describe, expect, it } from 'vitest';
import { formatState, parseState } from './url-state.js';
import type { ViewerState } from './url-state.js';

const start: ViewerState = {
  scene: 'sat-axes',
  tolerance: 0,
  maxContactsPerPair: 8,
  poses: [[-0.55, 0.2, 0.2], [0.6, -0.25, -0.35]],
  point: null,
  choice: -1,
  witnesses: false,
  labels: true,
  edges: true,
};

describe('URL state', () => {
  it('writes only what differs from the start, and reads it back exactly', () => {
    expect(formatState(start, start)).toBe('?scene=sat-axes');
    // Doubles that need all 17 digits come back bit for bit.
    const changed: ViewerState = {
      ...start,
      tolerance: 0.3,
      maxContactsPerPair: 3,
      poses: [[0.1 + 0.2, -1 / 3, Math.PI / 7], start.poses[1]!],
      choice: 4,
      witnesses: true,
      labels: false,
      edges: false,
    };
    const search = formatState(changed, start);
    expect(search).toBe(
      `?scene=sat-axes&tolerance=0.3&max=3&p0=${0.1 + 0.2},${-1 / 3},${
        Math.PI / 7
      }&axis=4&witnesses=1&labels=0&edges=0`,
    );
    const parsed = parseState(search);
    expect(parsed.errors).toEqual([]);
    expect(parsed.scene).toBe('sat-axes');
    expect(parsed.tolerance).toBe(0.3);
    expect(parsed.maxContactsPerPair).toBe(3);
    expect(parsed.poses[0]).toEqual(changed.poses[0]);
    expect(parsed.poses[1]).toBeUndefined();
    expect(parsed.choice).toBe(4);
    expect(parsed.witnesses).toBe(true);
    expect(parsed.labels).toBe(false);
    expect(parsed.edges).toBe(false);
  });

  it('reads a partial URL (?tolerance=0.3) and names what it cannot read', () => {
    const parsed = parseState('?tolerance=0.3');
    expect(parsed.scene).toBeNull();
    expect(parsed.tolerance).toBe(0.3);
    expect(parsed.errors).toEqual([]);
    const bad = parseState('?tolerance=abc&p1=1,,2&witnesses=maybe&point=1');
    expect(bad.tolerance).toBeUndefined();
    expect(bad.poses).toEqual([]);
    expect(bad.errors).toEqual([
      'tolerance=abc: expected finite numbers separated by commas',
      'p1=1,,2: expected finite numbers separated by commas',
      'point=1: expected x,y',
      'witnesses=maybe: expected 1 or 0',
    ]);
  });
});
