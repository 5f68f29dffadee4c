import { describe, expect, it } from 'vitest';
import { glMatrix } from 'gl-matrix';
import { float64From, mat3, mat4, quat, slabFloat64Array, slabMat4, vec2, vec3 } from './create.js';

describe('creation helpers', () => {
  it('vec2 and vec3 are zero by default and hold the given components', () => {
    expect(Array.from(vec2())).toEqual([0, 0]);
    expect(Array.from(vec2(1.5, -2))).toEqual([1.5, -2]);
    expect(Array.from(vec3())).toEqual([0, 0, 0]);
    expect(Array.from(vec3(1, 2, 3))).toEqual([1, 2, 3]);
    expect(Array.from(vec3(4))).toEqual([4, 0, 0]);
  });

  it('quat is the identity [0, 0, 0, 1] by default', () => {
    expect(Array.from(quat())).toEqual([0, 0, 0, 1]);
    expect(Array.from(quat(0.5, 0.5, 0.5, 0.5))).toEqual([0.5, 0.5, 0.5, 0.5]);
  });

  it('mat3 and mat4 are identities (the diagonal at r * (n + 1))', () => {
    expect(Array.from(mat3())).toEqual([1, 0, 0, 0, 1, 0, 0, 0, 1]);
    expect(Array.from(mat4())).toEqual([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
  });

  it('every helper returns a Float64Array of the right length', () => {
    const made: [Float64Array, number][] = [[vec2(), 2], [vec3(), 3], [quat(), 4], [mat3(), 9], [
      mat4(),
      16,
    ]];
    for (const [array, length] of made) {
      expect(array).toBeInstanceOf(Float64Array);
      expect(array.length).toBe(length);
    }
  });

  it('keeps full double precision: 0.1 stays 0.1, which a Float32Array would round', () => {
    // Math.fround(0.1) = 0.100000001490116..., the value gl-matrix's create() would store.
    expect(vec3(0.1, 0.2, 0.3)[0]).toBe(0.1);
    expect(vec2(1 / 3)[0]).toBe(1 / 3);
    expect(quat(0.1)[0]).not.toBe(Math.fround(0.1));
  });

  it('returns a new array on every call', () => {
    const a = vec3(), b = vec3();
    a[0] = 5;
    expect(b[0]).toBe(0);
    const m = mat4(), n = mat4();
    m[0] = 2;
    expect(n[0]).toBe(1);
  });

  it('leaves gl-matrix global state alone (ARRAY_TYPE is still its default)', () => {
    vec3();
    mat4();
    expect(glMatrix.ARRAY_TYPE).toBe(Float32Array);
  });
});

describe('float64From', () => {
  it('copies plain arrays, typed arrays and array-likes', () => {
    expect(Array.from(float64From([1, 2, 3]))).toEqual([1, 2, 3]);
    // Float32 values widen exactly: fround(0.1) is representable as a double.
    expect(float64From(Float32Array.of(0.1))[0]).toBe(Math.fround(0.1));
    expect(Array.from(float64From({ length: 2, 0: 5, 1: 6 }))).toEqual([5, 6]);
    expect(float64From([]).length).toBe(0);
  });

  it('returns a copy, even of a Float64Array', () => {
    const source = Float64Array.of(1, 2);
    const copy = float64From(source);
    expect(copy).not.toBe(source);
    source[0] = 9;
    expect(copy[0]).toBe(1);
  });

  it('does not validate: NaN passes through', () => {
    expect(float64From([Number.NaN])[0]).toBeNaN();
  });

  it('slab arrays: zeroed, side by side in creation order, each its own, a long one in a slab of its own', () => {
    const a = slabFloat64Array(5), b = slabFloat64Array(3);
    expect(Array.from(a)).toEqual([0, 0, 0, 0, 0]);
    expect(b.length).toBe(3);
    // The first slab arrays of this module: a opens a 4096-byte slab, b follows it there.
    expect(b.buffer).toBe(a.buffer);
    expect(b.byteOffset).toBe(a.byteOffset + 40);
    a.fill(7);
    expect(Array.from(b)).toEqual([0, 0, 0]);
    b.fill(9);
    expect(Array.from(a)).toEqual([7, 7, 7, 7, 7]);
    // Across slab boundaries: 300 arrays of 40 doubles (320 bytes, 12 a slab) hold their values.
    const many = Array.from({ length: 300 }, (_, i) => slabFloat64Array(40).fill(i));
    many.forEach((array, i) => expect(array.every((value) => value === i)).toBe(true));
    expect(new Set(many.map((array) => array.buffer)).size).toBeGreaterThanOrEqual(25);
    const long = slabFloat64Array(1000);
    expect(long.length).toBe(1000);
    expect(long.buffer.byteLength).toBe(8000);
    expect(Array.from(slabMat4())).toEqual(Array.from(mat4()));
  });
});
