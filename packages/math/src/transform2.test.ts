import { describe, expect, it } from 'vitest';
import { vec2 } from './create.js';
import {
  Transform2,
  composeTransform2,
  inverseTransform2Direction,
  inverseTransform2Point,
  invertTransform2,
  transform2Direction,
  transform2Point,
} from './transform2.js';
import { Random } from '@contactkit/test-support';

function expectVector(actual: ArrayLike<number>, expected: ArrayLike<number>, digits = 12): void {
  expect(actual.length).toBe(expected.length);
  for (let i = 0; i < expected.length; i++) expect(actual[i]).toBeCloseTo(expected[i]!, digits);
}

function expectTransform(actual: Transform2, expected: Transform2, digits = 12): void {
  expect(actual.x).toBeCloseTo(expected.x, digits);
  expect(actual.y).toBeCloseTo(expected.y, digits);
  expect(actual.angle).toBeCloseTo(expected.angle, digits);
  expect(actual.cos).toBeCloseTo(expected.cos, digits);
  expect(actual.sin).toBeCloseTo(expected.sin, digits);
}

/** 90 degrees counter-clockwise, then a move by (1, 2). */
const quarterTurn = () => new Transform2().set(1, 2, Math.PI / 2);

function randomTransform(random: Random): Transform2 {
  return new Transform2().set(
    random.range(-5, 5),
    random.range(-5, 5),
    random.range(-Math.PI, Math.PI),
  );
}

/** The 3x3 homogeneous matrix [c -s x; s c y; 0 0 1] of a transform, row-major, from its angle. */
function homogeneous(xf: Transform2): number[] {
  const c = Math.cos(xf.angle), s = Math.sin(xf.angle);
  return [c, -s, xf.x, s, c, xf.y, 0, 0, 1];
}

function multiply3(a: number[], b: number[]): number[] {
  const out: number[] = [];
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      let sum = 0;
      for (let k = 0; k < 3; k++) sum += a[r * 3 + k]! * b[k * 3 + c]!;
      out.push(sum);
    }
  }
  return out;
}

describe('Transform2', () => {
  it('starts as the identity', () => {
    const xf = new Transform2();
    expect([xf.x, xf.y, xf.angle, xf.cos, xf.sin]).toEqual([0, 0, 0, 1, 0]);
  });

  it('set caches cos and sin of the angle and returns this; copy copies all five fields', () => {
    const xf = new Transform2();
    expect(xf.set(3, -4, 0.3)).toBe(xf);
    expect([xf.x, xf.y, xf.angle, xf.cos, xf.sin]).toEqual([
      3,
      -4,
      0.3,
      Math.cos(0.3),
      Math.sin(0.3),
    ]);
    const other = new Transform2();
    expect(other.copy(xf)).toBe(other);
    expect(other).toEqual(xf);
  });

  it('setFrom reads x, y and the angle from one array: a half turn about (5, 6), as set gives it', () => {
    const xf = new Transform2();
    expect(xf.setFrom(new Float64Array([5, 6, Math.PI]))).toBe(xf);
    expect([xf.x, xf.y, xf.angle, xf.cos]).toEqual([5, 6, Math.PI, -1]);
    expect(xf.sin).toBeCloseTo(0, 15);
    expect(xf).toEqual(new Transform2().set(5, 6, Math.PI));
  });
});

describe('points and directions, by hand', () => {
  it('a quarter turn maps (1,0) to (0,1); the move adds (1,2) to points only', () => {
    const xf = quarterTurn();
    const out = vec2();
    expect(transform2Point(out, xf, vec2(1, 0))).toBe(out);
    expectVector(out, [1, 3]);
    expect(transform2Direction(out, xf, vec2(1, 0))).toBe(out);
    expectVector(out, [0, 1]);
    // (0,1) turns to (-1,0).
    expectVector(transform2Direction(out, xf, vec2(0, 1)), [-1, 0]);
  });

  it('the inverses undo them: (1,3) goes back to (1,0)', () => {
    const xf = quarterTurn();
    const out = vec2();
    // R^T ((1,3) - (1,2)) = R^T (0,1) = (1,0).
    expect(inverseTransform2Point(out, xf, vec2(1, 3))).toBe(out);
    expectVector(out, [1, 0]);
    expect(inverseTransform2Direction(out, xf, vec2(0, 1))).toBe(out);
    expectVector(out, [1, 0]);
  });

  it('every function may write into its input vector (out === p)', () => {
    const xf = quarterTurn();
    const p = vec2(1, 0);
    transform2Point(p, xf, p);
    expectVector(p, [1, 3]);
    inverseTransform2Point(p, xf, p);
    expectVector(p, [1, 0]);
    const d = vec2(1, 0);
    transform2Direction(d, xf, d);
    expectVector(d, [0, 1]);
    inverseTransform2Direction(d, xf, d);
    expectVector(d, [1, 0]);
  });

  it('match the homogeneous 3x3 matrix for seeded transforms (independent method)', () => {
    const random = new Random(21);
    const out = vec2();
    for (let n = 0; n < 200; n++) {
      const xf = randomTransform(random);
      const p = random.vector(2, -10, 10);
      const m = homogeneous(xf);
      expectVector(transform2Point(out, xf, p), [
        m[0]! * p[0]! + m[1]! * p[1]! + m[2]!,
        m[3]! * p[0]! + m[4]! * p[1]! + m[5]!,
      ]);
      expectVector(transform2Direction(out, xf, p), [
        m[0]! * p[0]! + m[1]! * p[1]!,
        m[3]! * p[0]! + m[4]! * p[1]!,
      ]);
      // Inverse: transform the answer forward again and get p back.
      inverseTransform2Point(out, xf, p);
      expectVector(transform2Point(out, xf, out), p);
      inverseTransform2Direction(out, xf, p);
      expectVector(transform2Direction(out, xf, out), p);
    }
  });
});

describe('composeTransform2', () => {
  it('applies b first, then a', () => {
    // a = quarter turn, b = move by (1,0). (a * b) origin: (1,0) then turned to (0,1).
    const a = new Transform2().set(0, 0, Math.PI / 2);
    const b = new Transform2().set(1, 0, 0);
    const ab = composeTransform2(new Transform2(), a, b);
    expectVector(transform2Point(vec2(), ab, vec2()), [0, 1]);
    expect(ab.angle).toBeCloseTo(Math.PI / 2, 15);
    // (b * a) origin: turned in place, then moved to (1,0).
    const ba = composeTransform2(new Transform2(), b, a);
    expectVector(transform2Point(vec2(), ba, vec2()), [1, 0]);
  });

  it('adds angles and keeps cos and sin consistent with the angle (angle-sum identities)', () => {
    const random = new Random(22);
    for (let n = 0; n < 100; n++) {
      const a = randomTransform(random), b = randomTransform(random);
      const out = composeTransform2(new Transform2(), a, b);
      expect(out.angle).toBe(a.angle + b.angle);
      expect(out.cos).toBeCloseTo(Math.cos(out.angle), 14);
      expect(out.sin).toBeCloseTo(Math.sin(out.angle), 14);
      // Same as the homogeneous product A * B.
      const m = multiply3(homogeneous(a), homogeneous(b));
      expect(out.x).toBeCloseTo(m[2]!, 12);
      expect(out.y).toBeCloseTo(m[5]!, 12);
    }
  });

  it('out may be a, b, or both', () => {
    const random = new Random(23);
    for (let n = 0; n < 20; n++) {
      const a = randomTransform(random), b = randomTransform(random);
      const expected = composeTransform2(new Transform2(), a, b);
      const outIsA = new Transform2().copy(a);
      expect(composeTransform2(outIsA, outIsA, b)).toBe(outIsA);
      expectTransform(outIsA, expected, 14);
      const outIsB = new Transform2().copy(b);
      expect(composeTransform2(outIsB, a, outIsB)).toBe(outIsB);
      expectTransform(outIsB, expected, 14);
      const squared = composeTransform2(new Transform2(), a, a);
      const outIsBoth = new Transform2().copy(a);
      composeTransform2(outIsBoth, outIsBoth, outIsBoth);
      expectTransform(outIsBoth, squared, 14);
    }
  });
});

describe('invertTransform2', () => {
  it('a quarter turn moved by (1,2): angle -90 degrees, translation -R^T t = (-2,1)', () => {
    // R^T (1,2) = (2,-1) (x' = y, y' = -x).
    const inverse = invertTransform2(new Transform2(), quarterTurn());
    expect(inverse.x).toBeCloseTo(-2, 15);
    expect(inverse.y).toBeCloseTo(1, 15);
    expect(inverse.angle).toBe(-Math.PI / 2);
    expect(inverse.cos).toBeCloseTo(0, 15);
    expect(inverse.sin).toBe(-1);
  });

  it('composed with the transform, either order, gives the identity', () => {
    const random = new Random(24);
    const identity = new Transform2();
    for (let n = 0; n < 100; n++) {
      const xf = randomTransform(random);
      const inverse = invertTransform2(new Transform2(), xf);
      expectTransform(composeTransform2(new Transform2(), xf, inverse), identity, 12);
      expectTransform(composeTransform2(new Transform2(), inverse, xf), identity, 12);
    }
  });

  it('out may be a', () => {
    const xf = quarterTurn();
    expect(invertTransform2(xf, xf)).toBe(xf);
    expect(xf.x).toBeCloseTo(-2, 15);
    expect(xf.y).toBeCloseTo(1, 15);
    expect(xf.angle).toBe(-Math.PI / 2);
  });
});
