/**
 * Numbers as the page prints them: fixed decimals, and never `-0.000` (a value that rounds to
 * zero prints as zero whatever its sign, so a contact on an axis does not read as below it).
 */

/** `value` with `digits` decimals; `-0.0004` prints as `0.000`, not `-0.000`. */
export function formatNumber(value: number, digits = 3): string {
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text;
}

/** `(x, y[, z])` with `digits` decimals each. */
export function formatVector(values: readonly number[], digits = 3): string {
  return `(${values.map((v) => formatNumber(v, digits)).join(', ')})`;
}
