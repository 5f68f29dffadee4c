import { describe, expect, it } from 'vitest';
import { MAX_COORDINATE } from './tolerance.js';
import {
  copyCoordinates,
  copyFiniteArray,
  readCoordinates,
  readFiniteArray,
  requireCoordinate,
  requireFinite,
  requireInteger,
  requireNonNegative,
  requireObject,
  requirePositive,
} from './validate.js';

/** The error `action` throws (the test fails if it returns). */
function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a throw, but the call returned');
}

/** Asserts the class and the exact message of the error `action` throws. */
function expectError(
  action: () => unknown,
  type: typeof TypeError | typeof RangeError,
  message: string,
): void {
  const error = thrown(action);
  expect(error).toBeInstanceOf(type);
  expect(error.message).toBe(message);
}

describe('requireFinite', () => {
  it('returns finite numbers unchanged, including 0, -0 and negatives', () => {
    expect(requireFinite('x', 2.5)).toBe(2.5);
    expect(requireFinite('x', -7)).toBe(-7);
    expect(Object.is(requireFinite('x', -0), -0)).toBe(true);
    expect(requireFinite('x', Number.MAX_VALUE)).toBe(Number.MAX_VALUE);
  });

  it('NaN and infinities are RangeErrors naming the field and the value', () => {
    expectError(
      () => requireFinite('radius', Number.NaN),
      RangeError,
      'radius must be finite, got NaN',
    );
    expectError(
      () => requireFinite('radius', Number.POSITIVE_INFINITY),
      RangeError,
      'radius must be finite, got Infinity',
    );
    expectError(
      () => requireFinite('radius', Number.NEGATIVE_INFINITY),
      RangeError,
      'radius must be finite, got -Infinity',
    );
  });

  it('non-numbers are TypeErrors naming the field and the value', () => {
    expectError(
      () => requireFinite('radius', undefined),
      TypeError,
      'radius must be a number, got undefined',
    );
    expectError(
      () => requireFinite('radius', null),
      TypeError,
      'radius must be a number, got null',
    );
    expectError(
      () => requireFinite('radius', true),
      TypeError,
      'radius must be a number, got true',
    );
    expectError(() => requireFinite('radius', [1]), TypeError, 'radius must be a number, got [1]');
    expectError(
      () => requireFinite('radius', {}),
      TypeError,
      'radius must be a number, got an object',
    );
  });

  // Bug: strings were described by their type only ("got string"), so the message did not name
  // the value, and '1' could not be told apart from 1. Strings are now quoted.
  it('test_string_value_named_in_message', () => {
    expectError(() => requireFinite('radius', '1'), TypeError, 'radius must be a number, got "1"');
    expectError(
      () => requireFinite('radius', 'x'.repeat(50)),
      TypeError,
      `radius must be a number, got "${'x'.repeat(40)}..."`,
    );
  });
});

describe('requirePositive', () => {
  it('returns positive numbers, even tiny ones', () => {
    expect(requirePositive('halfSize', 1)).toBe(1);
    expect(requirePositive('halfSize', Number.MIN_VALUE)).toBe(Number.MIN_VALUE);
  });

  it('zero, -0 and negatives are RangeErrors naming the field and the value', () => {
    expectError(
      () => requirePositive('halfSize', 0),
      RangeError,
      'halfSize must be greater than 0, got 0',
    );
    expectError(
      () => requirePositive('halfSize', -0),
      RangeError,
      'halfSize must be greater than 0, got 0',
    );
    expectError(
      () => requirePositive('halfSize', -2),
      RangeError,
      'halfSize must be greater than 0, got -2',
    );
  });

  it('non-finite and non-numbers fail as in requireFinite', () => {
    expectError(
      () => requirePositive('halfSize', Number.NaN),
      RangeError,
      'halfSize must be finite, got NaN',
    );
    expectError(
      () => requirePositive('halfSize', Number.POSITIVE_INFINITY),
      RangeError,
      'halfSize must be finite, got Infinity',
    );
    expectError(
      () => requirePositive('halfSize', '3'),
      TypeError,
      'halfSize must be a number, got "3"',
    );
  });
});

describe('requireNonNegative', () => {
  it('returns zero and positive numbers', () => {
    expect(requireNonNegative('friction', 0)).toBe(0);
    expect(requireNonNegative('friction', 0.5)).toBe(0.5);
  });

  it('negatives are RangeErrors naming the field and the value', () => {
    expectError(
      () => requireNonNegative('friction', -0.25),
      RangeError,
      'friction must be at least 0, got -0.25',
    );
    expectError(
      () => requireNonNegative('friction', -Number.MIN_VALUE),
      RangeError,
      'friction must be at least 0, got -5e-324',
    );
  });

  it('non-finite and non-numbers fail as in requireFinite', () => {
    expectError(
      () => requireNonNegative('friction', Number.NaN),
      RangeError,
      'friction must be finite, got NaN',
    );
    expectError(
      () => requireNonNegative('friction', null),
      TypeError,
      'friction must be a number, got null',
    );
  });
});

describe('requireInteger', () => {
  it('returns integers inside [min, max], both ends included', () => {
    expect(requireInteger('capacity', 1, 1, 8)).toBe(1);
    expect(requireInteger('capacity', 8, 1, 8)).toBe(8);
    expect(requireInteger('capacity', Number.MAX_SAFE_INTEGER, 0)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('out of range, fractional or non-finite values are RangeErrors naming field, range and value', () => {
    expectError(
      () => requireInteger('capacity', 0, 1, 8),
      RangeError,
      'capacity must be an integer in [1, 8], got 0',
    );
    expectError(
      () => requireInteger('capacity', 9, 1, 8),
      RangeError,
      'capacity must be an integer in [1, 8], got 9',
    );
    expectError(
      () => requireInteger('capacity', 1.5, 1, 8),
      RangeError,
      'capacity must be an integer in [1, 8], got 1.5',
    );
    expectError(
      () => requireInteger('capacity', Number.NaN, 1, 8),
      RangeError,
      'capacity must be an integer in [1, 8], got NaN',
    );
    expectError(
      () => requireInteger('capacity', Number.POSITIVE_INFINITY, 0),
      RangeError,
      `capacity must be an integer in [0, ${Number.MAX_SAFE_INTEGER}], got Infinity`,
    );
  });

  it('non-numbers are TypeErrors naming the field and the value', () => {
    expectError(
      () => requireInteger('capacity', '4', 1, 8),
      TypeError,
      'capacity must be an integer, got "4"',
    );
    expectError(
      () => requireInteger('capacity', undefined, 1, 8),
      TypeError,
      'capacity must be an integer, got undefined',
    );
  });
});

describe('readFiniteArray', () => {
  it('copies arrays, typed arrays and array-likes into out and returns out', () => {
    const out = new Float64Array(3);
    expect(readFiniteArray('position', [1, 2, 3], 3, out)).toBe(out);
    expect(Array.from(out)).toEqual([1, 2, 3]);
    readFiniteArray('position', Float32Array.of(0.5, -1, 2), 3, out);
    expect(Array.from(out)).toEqual([0.5, -1, 2]);
    readFiniteArray('position', { length: 3, 0: 7, 1: 8, 2: 9 }, 3, out);
    expect(Array.from(out)).toEqual([7, 8, 9]);
  });

  it('copies, so a later change to the input does not reach out', () => {
    const input = [1, 2];
    const out = readFiniteArray('point', input, 2, new Float64Array(2));
    input[0] = 5;
    expect(out[0]).toBe(1);
  });

  it('out may be the input itself', () => {
    const same = Float64Array.of(4, 5, 6);
    expect(readFiniteArray('position', same, 3, same)).toBe(same);
    expect(Array.from(same)).toEqual([4, 5, 6]);
  });

  it('a value that is not an array is a TypeError naming the field and the value', () => {
    const out = new Float64Array(3);
    expectError(
      () => readFiniteArray('position', 5, 3, out),
      TypeError,
      'position must be an array of 3 numbers, got 5',
    );
    expectError(
      () => readFiniteArray('position', null, 3, out),
      TypeError,
      'position must be an array of 3 numbers, got null',
    );
    expectError(
      () => readFiniteArray('position', undefined, 3, out),
      TypeError,
      'position must be an array of 3 numbers, got undefined',
    );
    expectError(
      () => readFiniteArray('position', '123', 3, out),
      TypeError,
      'position must be an array of 3 numbers, got "123"',
    );
    expectError(
      () => readFiniteArray('position', { x: 1 }, 3, out),
      TypeError,
      'position must be an array of 3 numbers, got an object',
    );
  });

  it('the wrong length is a TypeError naming the field, both lengths and the value', () => {
    const out = new Float64Array(4);
    expectError(
      () => readFiniteArray('rotation', [0, 0, 1], 4, out),
      TypeError,
      'rotation must have 4 components, got 3: [0, 0, 1]',
    );
    expectError(
      () => readFiniteArray('rotation', [], 4, out),
      TypeError,
      'rotation must have 4 components, got 0: []',
    );
    // Long values are shown by their first 16 components.
    const long = Array.from({ length: 20 }, (_, i) => i);
    expectError(
      () => readFiniteArray('rotation', long, 4, out),
      TypeError,
      'rotation must have 4 components, got 20: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, ...]',
    );
  });

  it('a NaN or infinite component is a RangeError naming the field, the index and the value', () => {
    const out = new Float64Array(3);
    expectError(
      () => readFiniteArray('position', [1, Number.NaN, 3], 3, out),
      RangeError,
      'position[1] must be a finite number, got NaN in [1, NaN, 3]',
    );
    expectError(
      () => readFiniteArray('position', [1, 2, Number.NEGATIVE_INFINITY], 3, out),
      RangeError,
      'position[2] must be a finite number, got -Infinity in [1, 2, -Infinity]',
    );
  });

  // Bug: a component that was not a number at all (a string, undefined in a sparse array) was a
  // RangeError shown without quotes ("got 2 in [1, 2, 3]" for '2'), against this module's rule
  // that a wrong shape or type is a TypeError. It is now a TypeError with the string quoted.
  it('test_non_number_component_is_type_error', () => {
    const out = new Float64Array(3);
    expectError(
      () => readFiniteArray('position', [1, '2', 3], 3, out),
      TypeError,
      'position[1] must be a finite number, got "2" in [1, "2", 3]',
    );
    expectError(
      () => readFiniteArray('position', { length: 3, 0: 1, 2: 3 }, 3, out),
      TypeError,
      'position[1] must be a finite number, got undefined in [1, undefined, 3]',
    );
  });

  it('leaves out untouched when it throws', () => {
    const out = Float64Array.of(9, 9, 9);
    thrown(() => readFiniteArray('position', [1, 2, Number.NaN], 3, out));
    thrown(() => readFiniteArray('position', [1, 2, '3'], 3, out));
    expect(Array.from(out)).toEqual([9, 9, 9]);
  });
});

describe('copyFiniteArray', () => {
  it('copies a valid array-like and reports whether it did', () => {
    const out = new Float64Array([9, 9, 9]);
    expect(copyFiniteArray([1, 2, 3], 3, out)).toBe(true);
    expect(Array.from(out)).toEqual([1, 2, 3]);
    expect(copyFiniteArray(new Float32Array([0.5, 1, 2]), 3, out)).toBe(true);
    expect(Array.from(out)).toEqual([0.5, 1, 2]);
  });

  it('returns false and leaves out untouched for anything readFiniteArray rejects', () => {
    const out = new Float64Array([7, 7]);
    for (
      const bad of [
        null,
        undefined,
        3,
        'ab',
        [1],
        [1, 2, 3],
        [1, Number.NaN],
        [Number.POSITIVE_INFINITY, 1],
        ['1', 2],
        [1, undefined],
      ]
    ) {
      expect(copyFiniteArray(bad, 2, out)).toBe(false);
      expect(() => readFiniteArray('field', bad, 2, new Float64Array(2))).toThrow();
    }
    expect(Array.from(out)).toEqual([7, 7]);
  });
});

describe('requireObject', () => {
  it('returns objects, including empty ones and class instances', () => {
    const options = { capacity: 4 };
    expect(requireObject('Buffer(options)', options)).toBe(options);
    const instance = new Map();
    expect(requireObject('Buffer(options)', instance)).toBe(instance);
  });

  it('null, arrays, strings, numbers and functions are TypeErrors naming the field and the value', () => {
    expectError(
      () => requireObject('Buffer(options)', null),
      TypeError,
      'Buffer(options) must be an object, got null',
    );
    expectError(
      () => requireObject('Buffer(options)', 'abc'),
      TypeError,
      'Buffer(options) must be an object, got "abc"',
    );
    expectError(
      () => requireObject('Buffer(options)', 7),
      TypeError,
      'Buffer(options) must be an object, got 7',
    );
    expectError(
      () => requireObject('Buffer(options)', [1, 2]),
      TypeError,
      'Buffer(options) must be an object, got [1, 2]',
    );
    expectError(
      () => requireObject('Buffer(options)', () => 1),
      TypeError,
      'Buffer(options) must be an object, got a function',
    );
  });
});

describe('the range of coordinates and sizes (MAX_COORDINATE)', () => {
  // The bound's reason: a difference of two world coordinates (pose plus size, about 2.5 bounds
  // each) raised to the fourth power, summed over a few terms, must stay finite.
  it('keeps the fourth power of the largest difference of world coordinates finite, with room for sums', () => {
    const difference = 5 * MAX_COORDINATE;
    expect(Number.isFinite(4 * difference ** 4)).toBe(true);
    expect(Number.isFinite((1e3 * MAX_COORDINATE) ** 4)).toBe(false);
  });

  it('requireCoordinate accepts magnitudes up to the bound, both signs, and rejects the next double past it', () => {
    expect(requireCoordinate('x', MAX_COORDINATE)).toBe(MAX_COORDINATE);
    expect(requireCoordinate('x', -MAX_COORDINATE)).toBe(-MAX_COORDINATE);
    expect(requireCoordinate('x', 5e-324)).toBe(5e-324);
    const past = MAX_COORDINATE * (1 + Number.EPSILON);
    expect(past).toBeGreaterThan(MAX_COORDINATE);
    expectError(
      () => requireCoordinate('Sphere.radius', 1e308),
      RangeError,
      'Sphere.radius is outside the supported range of coordinates and sizes, ' +
        'magnitude at most 1e+75 (MAX_COORDINATE): got 1e+308',
    );
    expect(() => requireCoordinate('x', -past)).toThrow(RangeError);
  });

  it('requireCoordinate fails non-finite values and non-numbers as requireFinite does', () => {
    expectError(() => requireCoordinate('x', Number.NaN), RangeError, 'x must be finite, got NaN');
    expectError(() => requireCoordinate('x', '1'), TypeError, 'x must be a number, got "1"');
  });

  it('readCoordinates copies in-range arrays, names the first component out of range and the value', () => {
    const out = new Float64Array(2);
    expect(Array.from(readCoordinates('p', [MAX_COORDINATE, -3], 2, out))).toEqual([
      MAX_COORDINATE,
      -3,
    ]);
    expectError(
      () => readCoordinates('Circle.position', [1e308, -1e308], 2, new Float64Array(2)),
      RangeError,
      'Circle.position[0] is outside the supported range of coordinates and sizes, ' +
        'magnitude at most 1e+75 (MAX_COORDINATE): got 1e+308 in [1e+308, -1e+308]',
    );
    expectError(
      () => readCoordinates('p', [0, 2e300], 2, new Float64Array(2)),
      RangeError,
      'p[1] is outside the supported range of coordinates and sizes, ' +
        'magnitude at most 1e+75 (MAX_COORDINATE): got 2e+300 in [0, 2e+300]',
    );
  });

  it('readCoordinates reports a wrong shape or non-finite value as readFiniteArray, out untouched', () => {
    const out = Float64Array.of(7, 8);
    expectError(
      () => readCoordinates('p', [1, 2, 3], 2, out),
      TypeError,
      'p must have 2 components, got 3: [1, 2, 3]',
    );
    expectError(
      () => readCoordinates('p', [1, Number.NaN], 2, out),
      RangeError,
      'p[1] must be a finite number, got NaN in [1, NaN]',
    );
    expect(() => readCoordinates('p', [1, 1e76], 2, out)).toThrow(RangeError);
    expect(Array.from(out)).toEqual([7, 8]);
  });

  it('copyCoordinates returns false, leaving out untouched, for anything readCoordinates rejects', () => {
    const out = Float64Array.of(7, 8);
    for (
      const bad of [
        null,
        'ab',
        [1],
        [1, 2, 3],
        [1, Number.NaN],
        [1, Number.POSITIVE_INFINITY],
        [1, '2'],
        [2e75, 0],
        [0, -2e75],
      ]
    ) {
      expect(copyCoordinates(bad, 2, out)).toBe(false);
    }
    expect(Array.from(out)).toEqual([7, 8]);
    expect(copyCoordinates([-MAX_COORDINATE, 0.5], 2, out)).toBe(true);
    expect(Array.from(out)).toEqual([-MAX_COORDINATE, 0.5]);
  });
});
