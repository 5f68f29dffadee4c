/**
 * Roots of the low-degree polynomials the events of a ball's motion reduce to: a quadratic for
 * motion on a segment and for a flight's approach to a line, a quartic for a flight's approach
 * to a corner point. Allocation-free; internal to the package.
 */

/**
 * Smallest `t >= 0` at which `s0 + v t + a t^2 / 2` reaches `target` while moving in
 * `direction` (+1: increasing, -1: decreasing; a standstill there with the acceleration in
 * `direction` counts), or Infinity. Roots from the cancellation-free pair `q / A`, `C / q` with
 * `q = -(B + sign(B) sqrt(B^2 - 4 A C)) / 2` (Press et al., Numerical Recipes, 5.6).
 */
export function timeToReach(s0: number, v: number, a: number, target: number, direction: number): number {
  const c = s0 - target;
  if (c === 0 && (direction * v > 0 || (v === 0 && direction * a > 0))) return 0;
  if (a === 0) {
    if (v === 0) return Infinity;
    const t = -c / v;
    return t >= 0 && direction * v > 0 ? t : Infinity;
  }
  const half = 0.5 * a;
  const discriminant = v * v - 4 * half * c;
  if (discriminant < 0) return Infinity;
  const q = -0.5 * (v + (v < 0 ? -1 : 1) * Math.sqrt(discriminant));
  const t1 = q / half;
  const t2 = q !== 0 ? c / q : t1;
  const first = reachesMoving(t1, v, a, direction) ? t1 : Infinity;
  return reachesMoving(t2, v, a, direction) && t2 < first ? t2 : first;
}

/** Whether root `t` is not in the past and the motion there goes in `direction`. */
function reachesMoving(t: number, v: number, a: number, direction: number): boolean {
  if (!(t >= 0)) return false;
  const speed = v + a * t;
  return direction * speed > 0 || (speed === 0 && direction * a > 0);
}

/** Per degree, the polynomial being solved and the roots found (scratch for the recursion). */
const levelCoefficients = [new Float64Array(1), new Float64Array(2), new Float64Array(3), new Float64Array(4), new Float64Array(5)];
const levelRoots = [new Float64Array(0), new Float64Array(1), new Float64Array(2), new Float64Array(3), new Float64Array(4)];

function evaluate(c: Float64Array, degree: number, t: number): number {
  let value = c[degree]!;
  for (let k = degree - 1; k >= 0; k--) value = value * t + c[k]!;
  return value;
}

/** The root in [lo, hi] of a polynomial monotone there with `p(lo)` and `p(hi)` of opposite signs, by bisection to the last bit. */
function bisect(c: Float64Array, degree: number, lo: number, hi: number, valueLo: number): number {
  for (let k = 0; k < 1100; k++) {
    const mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    const value = evaluate(c, degree, mid);
    if (value === 0) return mid;
    if (value < 0 === valueLo < 0) {
      lo = mid;
      valueLo = value;
    } else {
      hi = mid;
    }
  }
  return Math.abs(valueLo) <= Math.abs(evaluate(c, degree, hi)) ? lo : hi;
}

/**
 * Writes the distinct real roots in [lo, hi] of the polynomial in `levelCoefficients[degree]`
 * (`c[0] + c[1] t + ...`, degree 1 to 4, leading coefficient maybe 0) to `levelRoots[degree]`
 * in increasing order and returns how many. The roots of the derivative split [lo, hi] into
 * pieces on which the polynomial is monotone; each piece whose ends differ in sign holds one
 * root, found by bisection (Press et al., Numerical Recipes, 9.1 and 9.5).
 */
function rootsIn(degree: number, lo: number, hi: number): number {
  const c = levelCoefficients[degree]!, roots = levelRoots[degree]!;
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
  const derivative = levelCoefficients[degree - 1]!;
  for (let k = 1; k <= degree; k++) derivative[k - 1] = k * c[k]!;
  for (let k = degree; k < derivative.length; k++) derivative[k] = 0;
  const criticalCount = rootsIn(degree - 1, lo, hi);
  const critical = levelRoots[degree - 1]!;
  let count = 0;
  let left = lo, valueLeft = evaluate(c, degree, lo);
  if (valueLeft === 0) roots[count++] = lo;
  for (let k = 0; k <= criticalCount; k++) {
    const right = k < criticalCount ? critical[k]! : hi;
    if (right <= left) continue;
    const valueRight = evaluate(c, degree, right);
    if (valueRight === 0) {
      if (count === 0 || roots[count - 1]! < right) roots[count++] = right;
    } else if (valueLeft !== 0 && valueLeft < 0 !== valueRight < 0) {
      roots[count++] = bisect(c, degree, left, right, valueLeft);
    }
    left = right;
    valueLeft = valueRight;
  }
  return count;
}

/** Coefficients `c[0] .. c[4]` handed to `firstFallingRoot`. */
export const polynomial: Float64Array = new Float64Array(5);

/**
 * Smallest `t` in [lo, hi] where the polynomial `polynomial[0] + polynomial[1] t + ...` (degree
 * at most 4) falls through zero (value 0, derivative negative), or Infinity. A root where the
 * derivative is 0 (a graze) does not count. `zeroOrder` low coefficients are known to be
 * exactly 0 (the motion starts on the surface at t = 0): they are divided out, so round-off in
 * them cannot fake a contact right after the start; then `lo` must be greater than 0 or the
 * root t = 0 itself is ignored.
 */
export function firstFallingRoot(degree: number, zeroOrder: number, lo: number, hi: number): number {
  const reduced = degree - zeroOrder;
  const c = levelCoefficients[reduced]!;
  for (let k = 0; k <= reduced; k++) c[k] = polynomial[k + zeroOrder]!;
  const count = rootsIn(reduced, lo, hi);
  const roots = levelRoots[reduced]!;
  for (let k = 0; k < count; k++) {
    const t = roots[k]!;
    if (zeroOrder > 0 && t <= 0) continue;
    // With q(t) = p(t) / t^z and q(t) = 0, p'(t) = t^z q'(t): the sign of q' decides.
    let slope = 0;
    for (let m = reduced; m >= 1; m--) slope = slope * t + m * polynomial[m + zeroOrder]!;
    if (slope < 0) return t;
  }
  return Infinity;
}
