/**
 * Roots of the low-degree polynomials the events of a ball's motion reduce to: a quadratic for
 * motion on a segment and for a flight's approach to a line, a quartic for a flight's approach
 * to a corner point. Allocation-free; internal to the package.
 *
 * Each problem is an object its caller owns and passes in; the answer is written into it (doubles
 * cross calls in fields, not as results: PERFORMANCE.md).
 */

/** A motion `s(t) = start + speed t + acceleration t^2 / 2` and the time `timeToReach` finds. */
export class Reach {
  start = 0;
  speed = 0;
  acceleration = 0;
  /** The value of `s` to reach. */
  target = 0;
  /** Written by `timeToReach`: the time found, or Infinity. */
  time = Infinity;
}

/**
 * Sets `query.time` to the smallest `t >= 0` at which `s(t)` reaches `query.target` while moving
 * in `direction` (+1: increasing, -1: decreasing; a standstill there with the acceleration in
 * `direction` counts), or Infinity. Roots from the cancellation-free pair `q / A`, `C / q` with
 * `q = -(B + sign(B) sqrt(B^2 - 4 A C)) / 2` (Press et al., Numerical Recipes, 5.6).
 */
export function timeToReach(query: Reach, direction: number): void {
  const v = query.speed, a = query.acceleration, c = query.start - query.target;
  let found = Infinity;
  if (c === 0 && (direction * v > 0 || (v === 0 && direction * a > 0))) {
    found = 0;
  } else if (a === 0) {
    const t = -c / v;
    if (v !== 0 && t >= 0 && direction * v > 0) found = t;
  } else {
    const half = 0.5 * a;
    const discriminant = v * v - 4 * half * c;
    if (discriminant >= 0) {
      const q = -0.5 * (v + (v < 0 ? -1 : 1) * Math.sqrt(discriminant));
      const t1 = q / half;
      const t2 = q !== 0 ? c / q : t1;
      // A root counts if it is not in the past and the motion there goes in `direction`.
      const speed1 = v + a * t1, speed2 = v + a * t2;
      if (t1 >= 0 && (direction * speed1 > 0 || (speed1 === 0 && direction * a > 0))) found = t1;
      if (
        t2 >= 0 && t2 < found && (direction * speed2 > 0 || (speed2 === 0 && direction * a > 0))
      ) found = t2;
    }
  }
  query.time = found;
}

/**
 * A polynomial `c[0] + c[1] t + ... + c[4] t^4` (degree at most 4), an interval [lo, hi], and the
 * root `firstFallingRoot` finds there; with the scratch its recursion works in.
 */
export class FallingRoot {
  /** The coefficients, lowest degree first. */
  readonly coefficients: Float64Array = new Float64Array(5);
  lo = 0;
  hi = 0;
  /** Written by `firstFallingRoot`: the root found, or Infinity. */
  root = Infinity;
  /** Per degree, the polynomial being solved and the roots found. */
  readonly levelCoefficients: Float64Array[] = [1, 2, 3, 4, 5].map((n) => new Float64Array(n));
  readonly levelRoots: Float64Array[] = [0, 1, 2, 3, 4].map((n) => new Float64Array(n));
  /** `evaluate`'s argument t and result p(t). */
  readonly at: Float64Array = new Float64Array(2);
  /** `bisect`'s left end, right end and value at the left end. */
  readonly bracket: Float64Array = new Float64Array(3);
}

/** Sets `at[1]` to the polynomial `c` of `degree` at `at[0]` (Horner's rule). */
function evaluate(at: Float64Array, c: Float64Array, degree: number): void {
  const t = at[0]!;
  let value = c[degree]!;
  for (let k = degree - 1; k >= 0; k--) value = value * t + c[k]!;
  at[1] = value;
}

/**
 * The root in `bracket` (lo, hi, p(lo)) of a polynomial monotone there with `p(lo)` and
 * `p(hi)` of opposite signs, by bisection to the last bit, written to `roots[index]`.
 */
function bisect(
  query: FallingRoot,
  c: Float64Array,
  degree: number,
  roots: Float64Array,
  index: number,
): void {
  const at = query.at, bracket = query.bracket;
  let lo = bracket[0]!, hi = bracket[1]!, valueLo = bracket[2]!;
  for (let k = 0; k < 1100; k++) {
    const mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    at[0] = mid;
    evaluate(at, c, degree);
    const value = at[1]!;
    if (value === 0) {
      lo = mid;
      hi = mid;
      break;
    }
    if (value < 0 === valueLo < 0) {
      lo = mid;
      valueLo = value;
    } else {
      hi = mid;
    }
  }
  at[0] = hi;
  evaluate(at, c, degree);
  roots[index] = Math.abs(valueLo) <= Math.abs(at[1]!) ? lo : hi;
}

/**
 * Writes the distinct real roots in [query.lo, query.hi] of the polynomial in `levelCoefficients[degree]`
 * (`c[0] + c[1] t + ...`, degree 1 to 4, leading coefficient maybe 0) to `levelRoots[degree]`
 * in increasing order and returns how many. The roots of the derivative split the interval into
 * pieces on which the polynomial is monotone; each piece whose ends differ in sign holds one
 * root, found by bisection (Press et al., Numerical Recipes, 9.1 and 9.5).
 */
function rootsIn(query: FallingRoot, degree: number): number {
  const c = query.levelCoefficients[degree]!, roots = query.levelRoots[degree]!;
  const at = query.at, bracket = query.bracket;
  const lo = query.lo, hi = query.hi;
  while (degree > 0 && c[degree] === 0) degree--;
  if (degree === 0) return 0;
  if (degree === 1) {
    const t = -c[0]! / c[1]!;
    if (t >= lo && t <= hi) {
      roots[0] = t;
      return 1;
    }
    return 0;
  }
  const derivative = query.levelCoefficients[degree - 1]!;
  for (let k = 1; k <= degree; k++) derivative[k - 1] = k * c[k]!;
  for (let k = degree; k < derivative.length; k++) derivative[k] = 0;
  const criticalCount = rootsIn(query, degree - 1);
  const critical = query.levelRoots[degree - 1]!;
  let count = 0;
  at[0] = lo;
  evaluate(at, c, degree);
  let left = lo, valueLeft = at[1]!;
  if (valueLeft === 0) roots[count++] = lo;
  for (let k = 0; k <= criticalCount; k++) {
    const right = k < criticalCount ? critical[k]! : hi;
    if (right <= left) continue;
    at[0] = right;
    evaluate(at, c, degree);
    const valueRight = at[1]!;
    if (valueRight === 0) {
      if (count === 0 || roots[count - 1]! < right) roots[count++] = right;
    } else if (valueLeft !== 0 && valueLeft < 0 !== valueRight < 0) {
      bracket[0] = left;
      bracket[1] = right;
      bracket[2] = valueLeft;
      bisect(query, c, degree, roots, count++);
    }
    left = right;
    valueLeft = valueRight;
  }
  return count;
}

/**
 * Sets `query.root` to the smallest `t` in [query.lo, query.hi] where the polynomial of `degree`
 * (at most 4) in `query.coefficients` falls through zero (value 0, derivative negative), or
 * Infinity. A root where the derivative is 0 (a graze) does not count.
 * `zeroOrder` low coefficients are known to be exactly 0 (the motion starts on the surface at
 * t = 0): they are divided out, so round-off in them cannot fake a contact right after the
 * start, and the root t = 0 itself is ignored.
 */
export function firstFallingRoot(query: FallingRoot, degree: number, zeroOrder: number): void {
  const reduced = degree - zeroOrder;
  const falling = query.coefficients;
  const c = query.levelCoefficients[reduced]!;
  for (let k = 0; k <= reduced; k++) c[k] = falling[k + zeroOrder]!;
  const count = rootsIn(query, reduced);
  const roots = query.levelRoots[reduced]!;
  query.root = Infinity;
  for (let k = 0; k < count; k++) {
    const t = roots[k]!;
    if (zeroOrder > 0 && t <= 0) continue;
    // With q(t) = p(t) / t^z and q(t) = 0, p'(t) = t^z q'(t): the sign of q' decides.
    let slope = 0;
    for (let m = reduced; m >= 1; m--) slope = slope * t + m * falling[m + zeroOrder]!;
    if (slope < 0) {
      query.root = t;
      return;
    }
  }
}
