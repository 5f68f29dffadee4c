/**
 * Boundary validation, shared by every package's constructors and setters. Each check throws
 * a `TypeError` (wrong shape) or `RangeError` (bad value) whose message names the field and the
 * value, so the hot kernels never need to check anything.
 */
import { MAX_COORDINATE } from './tolerance.js';

/** A scalar as a message shows it: strings quoted (so `'1'` is told apart from `1`), cut at 40 characters. */
function describeScalar(value: unknown): string {
  if (typeof value === 'string') {
    return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}...` : value);
  }
  if (typeof value === 'object' && value !== null) {
    return Array.isArray(value)
      ? 'an array'
      : 'an object';
  }
  if (typeof value === 'function') return 'a function';
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}

/** A value as a message shows it: scalars as `describeScalar`, array-likes by their first 16 items. */
function describe(value: unknown): string {
  if (
    typeof value === 'object' && value !== null &&
    typeof (value as { length?: unknown; }).length === 'number'
  ) {
    const list = value as ArrayLike<unknown>;
    const parts: string[] = [];
    for (let i = 0; i < list.length && i < 16; i++) parts.push(describeScalar(list[i]));
    return `[${parts.join(', ')}${list.length > 16 ? ', ...' : ''}]`;
  }
  return describeScalar(value);
}

/** Throws unless `value` is a finite number. */
export function requireFinite(field: string, value: unknown): number {
  if (typeof value !== 'number') {
    throw new TypeError(`${field} must be a number, got ${describe(value)}`);
  }
  if (!Number.isFinite(value)) throw new RangeError(`${field} must be finite, got ${value}`);
  return value;
}

/**
 * Throws unless `value` is an options object (not null, an array or a primitive), so that
 * `new CollisionData(null)` names its argument instead of failing on a property read inside.
 */
export function requireObject(field: string, value: unknown): object {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new TypeError(`${field} must be an object, got ${describe(value)}`);
  }
  return value;
}

/** The RangeError for a finite value outside `MAX_COORDINATE`; `context` names the array it is in. */
function outOfRange(field: string, value: number, context = ''): RangeError {
  return new RangeError(
    `${field} is outside the supported range of coordinates and sizes, ` +
      `magnitude at most ${MAX_COORDINATE} (MAX_COORDINATE): got ${value}${context}`,
  );
}

/** Throws unless `value` is a finite number of magnitude at most `MAX_COORDINATE`: a coordinate or a size. */
export function requireCoordinate(field: string, value: unknown): number {
  requireFinite(field, value);
  if (Math.abs(value as number) > MAX_COORDINATE) throw outOfRange(field, value as number);
  return value as number;
}

/** Throws unless `value` is a finite number greater than zero. */
export function requirePositive(field: string, value: unknown): number {
  requireFinite(field, value);
  if ((value as number) <= 0) throw new RangeError(`${field} must be greater than 0, got ${value}`);
  return value as number;
}

/** Throws unless `value` is a finite number greater than or equal to zero. */
export function requireNonNegative(field: string, value: unknown): number {
  requireFinite(field, value);
  if ((value as number) < 0) throw new RangeError(`${field} must be at least 0, got ${value}`);
  return value as number;
}

/** Throws unless `value` is an integer in `[min, max]`. */
export function requireInteger(
  field: string,
  value: unknown,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  if (typeof value !== 'number') {
    throw new TypeError(`${field} must be an integer, got ${describe(value)}`);
  }
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new RangeError(`${field} must be an integer in [${min}, ${max}], got ${value}`);
  }
  return value;
}

/**
 * Throws unless `value` is an array-like of exactly `length` finite numbers, then copies it into
 * `out` (a Float64Array of at least that length) and returns `out`. A wrong shape or a component
 * that is not a number is a `TypeError`; a NaN or infinite component is a `RangeError`. Nothing
 * is written to `out` unless every component passes, and `out` may be `value` itself.
 */
export function readFiniteArray(
  field: string,
  value: unknown,
  length: number,
  out: Float64Array,
): Float64Array {
  return readBounded(field, value, length, out, Infinity);
}

/**
 * As `readFiniteArray`, and each component's magnitude must be at most `MAX_COORDINATE` (a
 * point, a translation or a list of sizes), else a `RangeError` naming the range.
 */
export function readCoordinates(
  field: string,
  value: unknown,
  length: number,
  out: Float64Array,
): Float64Array {
  return readBounded(field, value, length, out, MAX_COORDINATE);
}

/** `readFiniteArray` with each magnitude at most `bound`. */
function readBounded(
  field: string,
  value: unknown,
  length: number,
  out: Float64Array,
  bound: number,
): Float64Array {
  if (
    value === null || typeof value !== 'object' ||
    typeof (value as ArrayLike<number>).length !== 'number'
  ) {
    throw new TypeError(`${field} must be an array of ${length} numbers, got ${describe(value)}`);
  }
  const list = value as ArrayLike<unknown>;
  if (list.length !== length) {
    throw new TypeError(
      `${field} must have ${length} components, got ${list.length}: ${describe(value)}`,
    );
  }
  for (let i = 0; i < length; i++) {
    const component = list[i];
    if (!Number.isFinite(component)) {
      // Not a number: the wrong type; NaN or an infinity: a bad value.
      const Kind = typeof component === 'number' ? RangeError : TypeError;
      throw new Kind(
        `${field}[${i}] must be a finite number, got ${describeScalar(component)} in ${
          describe(value)
        }`,
      );
    }
    if (Math.abs(component as number) > bound) {
      throw outOfRange(`${field}[${i}]`, component as number, ` in ${describe(value)}`);
    }
  }
  for (let i = 0; i < length; i++) out[i] = list[i] as number;
  return out;
}

/**
 * Copies `value` into `out` and returns true when it is an array-like of exactly `length` finite
 * numbers; returns false, leaving `out` untouched, otherwise. Allocates nothing: setters that run
 * every frame check with it first and build their error message (`readFiniteArray`) only on failure.
 */
export function copyFiniteArray(value: unknown, length: number, out: Float64Array): boolean {
  return copyBounded(value, length, out, Number.MAX_VALUE);
}

/** As `copyFiniteArray`, and each component's magnitude must be at most `MAX_COORDINATE`. */
export function copyCoordinates(value: unknown, length: number, out: Float64Array): boolean {
  return copyBounded(value, length, out, MAX_COORDINATE);
}

/** `copyFiniteArray` with each magnitude at most `bound`, a finite number. */
function copyBounded(value: unknown, length: number, out: Float64Array, bound: number): boolean {
  const list = value as ArrayLike<unknown>;
  if (list === null || typeof list !== 'object' || list.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const component = list[i];
    // False for NaN, the infinities and anything not a number, as for a magnitude past the bound.
    if (!(typeof component === 'number' && Math.abs(component) <= bound)) return false;
  }
  for (let i = 0; i < length; i++) out[i] = list[i] as number;
  return true;
}
